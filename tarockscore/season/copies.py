"""An evening given twice (core layer, pure): a copy of a ledger among a season's files.

A scorekeeper's backup left beside the ledger, or a file copied to another folder, holds the
same evening as the ledger itself: the same table (its players, the moment it was begun, its
profile, date and place) and hands that are all in the other file too, in order. Folded twice it
would double every total of that evening; it counts once, as the ledger with the most hands, and
the season says which file it left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarockscore.errors import N_, message
from tarockscore.ledger.model import Ledger

NamedLedger = tuple[str, Ledger]  # a ledger and the name it is reported under (its file)

COPY_OF = N_(
    "{copy} holds the same evening as {kept} (the same table, begun at {created}, and every hand of "
    "it is in {kept} too): counted once, as {kept}"
)


def _table(ledger: Ledger) -> tuple[object, ...]:
    t = ledger.table
    return (t.players, t.created, t.profile.sha256, t.date, t.place)


def _hands_seen(ledger: Ledger) -> list[tuple[Mapping[str, Any], str]]:
    return [(e.keys, e.recorded) for e in ledger.hands]


def without_copies(ledgers: Sequence[NamedLedger], warnings: list[str]) -> list[NamedLedger]:
    """Each evening once, in the order given: a ledger whose table is another's and whose hands are
    all in it, in order, is left out and said so (in ``warnings``); the one with the most hands
    counts. A ledger without hands adds nothing either way and is left as it is."""
    by_table: dict[tuple[object, ...], list[NamedLedger]] = {}
    for item in ledgers:
        by_table.setdefault(_table(item[1]), []).append(item)
    dropped: set[int] = set()
    for group in by_table.values():
        if len(group) == 1:
            continue  # the common case: an evening given once
        longest_first = sorted(group, key=lambda item: -len(item[1].hands))  # stable: given order
        seen = [_hands_seen(ledger) for _, ledger in longest_first]
        for i, (copy, ledger) in enumerate(longest_first):
            hands = seen[i]
            if not hands:
                continue
            for j, (kept, other) in enumerate(longest_first[:i]):
                if id(other) not in dropped and seen[j][: len(hands)] == hands:
                    dropped.add(id(ledger))
                    warnings.append(message(COPY_OF, copy=copy, kept=kept, created=ledger.table.created))
                    break
    return [item for item in ledgers if id(item[1]) not in dropped]
