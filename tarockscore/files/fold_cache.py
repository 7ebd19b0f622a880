"""The fold cache: what a read of a ledger found, kept between commands outside the core, so a
command reads only what the ledger gained since (I/O layer; docs/ledger-format.md, "A fold cache").

``<sha>.tip``: the end of the evening of the file whose bytes hash to ``sha`` (what ``record``
needs). ``<key>.fold``: the chain and the evening folded, under the hash of the header's bytes,
bound to the sha256 of the bytes of the whole entries it covers. Plain values in marshal behind
their own sha256; anything odd is a miss, and a cache that cannot be used is no cache.
"""

# No `from __future__ import annotations` here: the annotations of the module are read at import.
import contextlib
import hashlib
import json
import marshal
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from tarockscore.errors import Collector, TarockError
from tarockscore.files.ledger_log import Chain
from tarockscore.ledger import codec
from tarockscore.ledger.model import Entry, Ledger, Result, Table, Tip
from tarockscore.ledger.stored import parse_seated

CACHE_ENV = "TAROCKSCORE_CACHE"
_FORMAT = (4, *sys.version_info[:2])
_MISS = (OSError, EOFError, ValueError, TypeError, KeyError, IndexError, AttributeError, TarockError)


def where() -> Path | None:
    """Where the folds are kept between commands ($TAROCKSCORE_CACHE; empty: nowhere)."""
    given = os.environ.get(CACHE_ENV)
    if given is not None:
        return Path(given) if given else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tarockscore" / "fold"


def _save(name: str, value: Any, drop: str | None = None) -> None:
    folder = where()
    if folder is None:
        return
    with contextlib.suppress(OSError, TypeError, ValueError):
        data = marshal.dumps((_FORMAT, value))
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(hashlib.sha256(data).digest() + data)
        os.replace(tmp, folder / name)
        if drop is not None and drop != name:
            (folder / drop).unlink(missing_ok=True)


def _load(name: str) -> Any:
    folder = where()
    stored = (folder / name).read_bytes() if folder is not None else b""
    if hashlib.sha256(stored[32:]).digest() != stored[:32]:
        return None
    form, value = marshal.loads(stored[32:])
    return value if form == _FORMAT else None


def _kept(hands: Any, players: tuple[str, ...]) -> list[tuple[Any, ...]] | None:
    """Hands in their kept form (None: one whose results do not name the players in seat order)."""
    out: list[tuple[Any, ...]] = []
    dumped: dict[int, str] = {}
    for e in hands:
        r = e.result
        if tuple(r.victory_points) != players or (r.payout is not None and tuple(r.payout) != players):
            return None
        keys = dumped.get(id(e.keys)) or dumped.setdefault(id(e.keys), json.dumps(e.keys, ensure_ascii=False))
        payout = tuple(r.payout.values()) if r.payout is not None else None
        out.append((e.id, e.recorded, keys, tuple(r.victory_points.values()), payout, r.won, r.radl))
    return out


def _entries(table: Table, hands: list[Any]) -> list[Entry]:
    """Hands from their kept form: equal keys read once into one shared hand, equal results shared."""
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
    return entries


def put(sha: str, head: str, entries: int, end: Tip, drop: str | None = None) -> None:
    """Keep the end of the evening whose file's bytes hash to ``sha``, its head and count of entries."""
    last = _kept((end.last,) if end.last is not None else (), tuple(end.totals))
    payout = dict(end.payout) if end.payout is not None else None
    value = (
        sha,
        head,
        entries,
        end.played,
        last,
        end.next_id,
        end.pending,
        dict(end.totals),
        payout,
        end.on_paper,
    )
    if last is not None:
        _save(f"{sha}.tip", value, drop and f"{drop}.tip")


def tip(sha: str, table: Table) -> tuple[str, int, Tip] | None:
    """The head, count of entries and end of the evening kept for the file whose bytes hash
    to ``sha``, its last hand read under ``table``; None where none is kept."""
    with contextlib.suppress(*_MISS):
        stored, head, entries, played, last, next_id, pending, totals, payout, on_paper = _load(f"{sha}.tip")
        if stored == sha:
            hand = _entries(table, last)
            end = Tip(played, hand[0] if hand else None, next_id, pending, totals, payout, on_paper)
            return head, entries, end
    return None


def keep_fold(key: str, sha: str, size: int, chain: tuple[Any, ...], ledger: Ledger) -> None:
    """Keep the fold of a file whose header's bytes hash to ``key`` and whose first ``size`` bytes
    (whole entries) hash to ``sha``; an evening whose values do not all fit is not kept."""
    if where() is None:
        return
    hands = _kept(ledger.hands, ledger.table.players)
    audit = [codec.audit_mapping(a) for a in ledger.audit]
    radl = [codec.mark_mapping(m) for m in ledger.radl]
    paper = codec.paper_mapping(ledger.paper) if ledger.paper is not None else None
    if hands is not None:
        _save(f"{key}.fold", (sha, size, chain, hands, audit, radl, paper))


def fold(key: str, raw: bytes, table: Table) -> tuple[int, Chain, Ledger] | None:
    """The fold kept for the file read as ``raw`` (its header's bytes hash to ``key``), read under
    ``table``: how many bytes it covers, the chain and the evening then; None: none of these bytes."""
    with contextlib.suppress(*_MISS):
        sha, size, chain, hands, audit, radl, paper = _load(f"{key}.fold")
        if size <= len(raw) and hashlib.sha256(memoryview(raw)[:size]).hexdigest() == sha:
            problems, players = Collector(), table.players
            marks = [codec.read_mark(m, "", problems) for m in radl]
            said = [codec.read_audit(a, "", problems) for a in audit]
            on_paper = codec.read_paper(paper, players, "", problems) if paper is not None else None
            if not problems.problems:
                hands = tuple(_entries(table, hands))
                ledger = Ledger(
                    table, hands, tuple(a for a in said if a), tuple(m for m in marks if m), on_paper
                )
                return size, Chain.of_kept(chain), ledger
    return None
