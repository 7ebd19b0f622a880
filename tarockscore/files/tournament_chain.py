"""The day's trace as a chain (I/O layer): each ``[[trace]]`` entry of ``tournament.toml`` names
the hash of the one before, as a ledger's entries do, hashed by the ledger's own function.

The first entry names the day's own hash (of its version, mark and creation time); the hash of
the last entry is the day's **head**, which each command that changes the day prints. A head
written down earlier verifies the trace up to it (``tournament check --head``). Trace entries of a
day written before the chain (0.2.0) carry none: they are chained, as they stand, by the next
change. An entry that no longer fits is named with its number, action and time.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tarockscore.errors import N_, Problem
from tarockscore.files.ledger_log import digest, entry_hash
from tarockscore.tournament import model as tm


def genesis(t: tm.Tournament) -> str:
    """The hash the first trace entry names: of the day's version, mark and creation time."""
    return digest({"tournament": tm.VERSION, "id": t.id, "created": t.created}) or ""


def _hash(entry: tm.TraceEntry, prev: str) -> str:
    item = tm.trace_item(replace(entry, prev=prev, hash="-"))
    return entry_hash(item) or ""


def chained(t: tm.Tournament) -> tm.Tournament:
    """``t`` with every trace entry not chained yet chained on to the one before it."""
    if all(e.hash for e in t.trace):
        return t
    prev = genesis(t)
    out = []
    for e in t.trace:
        if not e.hash:
            e = replace(e, prev=prev, hash=_hash(e, prev))
        out.append(e)
        prev = e.hash
    return replace(t, trace=tuple(out))


def head(t: tm.Tournament) -> str:
    """The day's head: the hash of its last trace entry (the day's own hash if it has none)."""
    return t.trace[-1].hash if t.trace and t.trace[-1].hash else genesis(t)


def breaks(t: tm.Tournament) -> list[Problem]:
    """The first trace entry that no longer fits the chain, named; none when the chain holds. A day
    whose entries carry no chain at all is a day of 0.2.0, chained by its next change."""
    if not any(e.hash for e in t.trace):
        # a day of 0.2.0 has no close notes (they came with the chain): one without a chain had it removed
        closes = [k for k, e in enumerate(t.trace, 1) if e.heads]
        if closes:
            return [
                Problem.of(
                    f"trace {closes[0]}",
                    N_(
                        "the day's trace carries no chain, but notes a closed round, which only a chained day does: the chain was removed outside tarockscore"
                    ),
                )
            ]
        return []
    prev = genesis(t)
    for k, e in enumerate(t.trace, 1):
        if not e.hash or e.prev != prev or _hash(e, e.prev) != e.hash:
            return [
                Problem.of(
                    f"trace {k}",
                    N_(
                        "this trace entry ({action}, {at}) no longer fits the day's chain: it, or one before it, was changed or removed outside tarockscore"
                    ),
                    action=e.action,
                    at=e.at,
                )
            ]
        prev = e.hash
    return []


def find(t: tm.Tournament, given: str) -> int | None:
    """The number of the trace entry whose hash starts with ``given`` (at least 4 hex digits;
    0: the day's own hash), or None."""
    wanted = given.strip().lower()
    if len(wanted) < 4 or not re.fullmatch(r"[0-9a-f]+", wanted):
        return None
    found = 0 if genesis(t).startswith(wanted) else None
    for k, e in enumerate(t.trace, 1):
        if e.hash.startswith(wanted):
            found = k
    return found
