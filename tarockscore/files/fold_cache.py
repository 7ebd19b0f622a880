"""The fold cache: the end of an evening (``ledger.model.Tip``) kept between commands, keyed by the
sha256 of the ledger file's bytes, so that ``record`` reads only the header of a file this store
wrote or read before (I/O layer; outside the core: the core never sees it).

A cache that cannot be read or written is no cache: the store folds the log instead.
"""

# No `from __future__ import annotations` here: the annotations of the module are read at import.
import contextlib
import hashlib
import json
import marshal
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tarockscore.errors import Collector, TarockError
from tarockscore.files import ledger_codec
from tarockscore.files.ledger_log import Chain
from tarockscore.ledger.model import Entry, Ledger, Result, Table, Tip
from tarockscore.ledger.stored import parse_seated

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


# -- the folded log ----------------------------------------------------------------------------
# What a whole read of a ledger found: the chain as followed and the evening folded, kept under
# the sha256 of the header's bytes and bound to the exact bytes of the file up to its last whole
# entry (their sha256 is checked before anything kept is used), so a command on a ledger that
# has only grown since reads only the entries after them. Plain values only (marshal builds no
# object of ours); anything odd in it is a miss.

_FORMAT = (2, *sys.version_info[:2])  # 2: the paper result kept too


def _fold_file(key: str) -> Path | None:
    folder = where()
    return folder / f"{key}.fold" if folder is not None else None


def keep_fold(key: str, sha: str, size: int, chain: tuple[Any, ...], ledger: Ledger) -> None:
    """Keep the fold of a file whose header's bytes hash to ``key`` and whose first ``size`` bytes
    (whole entries) hash to ``sha``; an evening whose values do not all fit is not kept."""
    path = _fold_file(key)
    if path is None:
        return
    players, hands = ledger.table.players, []
    dumped: dict[int, str] = {}
    try:
        for e in ledger.hands:
            r = e.result
            if tuple(r.victory_points) != players or (r.payout is not None and tuple(r.payout) != players):
                return
            keys = dumped.get(id(e.keys)) or dumped.setdefault(
                id(e.keys), json.dumps(e.keys, ensure_ascii=False)
            )
            payout = tuple(r.payout.values()) if r.payout is not None else None
            hands.append((e.id, e.recorded, keys, tuple(r.victory_points.values()), payout, r.won, r.radl))
        audit = [ledger_codec.audit_mapping(a) for a in ledger.audit]
        radl = [ledger_codec.mark_mapping(m) for m in ledger.radl]
        paper = ledger_codec.paper_mapping(ledger.paper) if ledger.paper is not None else None
        data = marshal.dumps((_FORMAT, sha, size, chain, hands, audit, radl, paper))
    except (TypeError, ValueError):
        return
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(hashlib.sha256(data).digest() + data)
        os.replace(tmp, path)


def fold(key: str, raw: bytes, table: Table) -> tuple[int, Chain, Ledger] | None:
    """The fold kept for the file read as ``raw`` (its header's bytes hash to ``key``), read under
    ``table``: how many of its bytes it covers, the chain then, the evening then; None: no fold
    kept, or one that is not of these exact bytes."""
    path = _fold_file(key)
    try:
        stored = path.read_bytes() if path is not None else b""
        if hashlib.sha256(stored[32:]).digest() != stored[:32]:
            return None
        form, sha, size, chain, hands, audit, radl, paper = marshal.loads(stored[32:])
        if form != _FORMAT or size > len(raw) or hashlib.sha256(memoryview(raw)[:size]).hexdigest() != sha:
            return None
        return size, Chain.of_kept(chain), _ledger(table, hands, audit, radl, paper)
    except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError, AttributeError, TarockError):
        return None


def _ledger(table: Table, hands: list[Any], audit: list[Any], radl: list[Any], paper: Any) -> Ledger:
    """The evening from its kept form: equal keys read once into one shared hand, equal results shared."""
    players, rules = table.players, table.profile.rules
    parsed: dict[str, tuple[Any, Any]] = {}
    results: dict[tuple[Any, ...], Result] = {}
    entries = []
    for hand_id, recorded, keys, vp, payout, won, radl_factor in hands:
        if (seen := parsed.get(keys)) is None:
            mapping = json.loads(keys)
            seen = parsed[keys] = (mapping, parse_seated(mapping, rules, players))
        if (result := results.get(kept := (vp, payout, won, radl_factor))) is None:
            pay = dict(zip(players, payout, strict=True)) if payout is not None else None
            result = results[kept] = Result(dict(zip(players, vp, strict=True)), pay, won, radl_factor)
        entries.append(Entry(seen[1], result, recorded, seen[0], hand_id))
    problems = Collector()
    marks = [ledger_codec.read_mark(m, "", problems) for m in radl]
    said = [ledger_codec.read_audit(a, "", problems) for a in audit]
    on_paper = ledger_codec.read_paper(paper, players, "", problems) if paper is not None else None
    if problems.problems:
        raise ValueError("a kept fold that does not read")
    return Ledger(table, tuple(entries), tuple(a for a in said if a), tuple(m for m in marks if m), on_paper)
