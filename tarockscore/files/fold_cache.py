"""The fold cache: the end of an evening (``ledger.model.Tip``) kept between commands, keyed by the
sha256 of the ledger file's bytes, so that ``record`` reads only the header of a file this store
wrote or read before (I/O layer; outside the core: the core never sees it).

A cache that cannot be read or written is no cache: the store folds the log instead.
"""

# No `from __future__ import annotations` here: the annotations of the module are read at import.
import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tarockscore.errors import Collector
from tarockscore.files import ledger_codec
from tarockscore.ledger.model import Entry, Table, Tip

CACHE_ENV = "TAROCKSCORE_CACHE"


def where() -> Path | None:
    """Where the ends of evenings are kept between commands ($TAROCKSCORE_CACHE; empty: nowhere)."""
    given = os.environ.get(CACHE_ENV)
    if given is not None:
        return Path(given) if given else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tarockscore" / "fold"


def get(sha: str) -> dict[str, Any] | None:
    folder = where()
    if folder is None:
        return None
    try:
        data = json.loads((folder / f"{sha}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("sha256") == sha else None


def put(sha: str, head: str, size: int, entries: int, end: Tip, drop: str | None = None) -> None:
    """Keep the end of the evening whose file has ``sha`` (its bytes); a cache that cannot be
    written is no cache (the next command folds the log)."""
    folder = where()
    if folder is None:
        return
    last = ledger_codec.hand_mapping(end.last) if end.last is not None else None
    data = {
        "sha256": sha,
        "head": head,
        "size": size,
        "entries": entries,
        "played": end.played,
        "next_id": end.next_id,
    }
    data.update(
        pending=end.pending, totals=dict(end.totals), payout=end.payout and dict(end.payout), last=last
    )
    with contextlib.suppress(OSError, TypeError, ValueError):
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
        os.replace(tmp, folder / f"{sha}.json")
        if drop is not None and drop != sha:
            (folder / f"{drop}.json").unlink(missing_ok=True)


def tip(data: Mapping[str, Any], table: Table) -> Tip | None:
    """The end of the evening as the cache keeps it, its last hand read under ``table``."""
    last: Entry | None = None
    if data.get("last") is not None:
        problems = Collector()
        reader = ledger_codec.element(data["last"], "", "", problems)
        if reader is None:
            return None
        last = ledger_codec.read_hand(reader, "", None, table.players, table.profile.rules, problems)
        if last is None:
            return None
    try:
        return Tip(data["played"], last, data["next_id"], data["pending"], data["totals"], data["payout"])
    except KeyError:
        return None
