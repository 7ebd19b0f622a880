"""The evening's sheet: every hand with its deal, its points and the running totals (core layer, pure).

A typed view for the renderers (``render.evening``: the table, CSV and JSON of ``show``).
"""

from collections.abc import Mapping
from typing import NamedTuple

from tarockscore.evening.model import (
    AuditEntry,
    Ledger,
    Result,
    Table,
    added,
    dealer_of,
    payout_totals,
    settling,
    totals,
)
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import SettlementMode


class SheetHand(NamedTuple):
    """One row of the sheet."""

    number: int
    id: int  # the hand's id in the audit trail (its number when it was recorded)
    dealer: str | None
    sitting_out: str | None  # at five, the dealer
    hand: Hand
    result: Result
    totals: Mapping[str, int]  # every seat's running total after this hand
    payout: Mapping[str, int] | None  # the money column, where the profile keeps one
    payout_totals: Mapping[str, int] | None
    recorded: str

    @property
    def players(self) -> tuple[str, ...]:
        return self.hand.players

    @property
    def forehand(self) -> str:
        return self.hand.players[0]

    @property
    def doubled(self) -> bool:
        return self.result.radl != 1


class Sheet(NamedTuple):
    table: Table
    hands: tuple[SheetHand, ...]
    totals: Mapping[str, int]
    payout_totals: Mapping[str, int] | None  # None unless the profile keeps a money column
    audit: tuple[AuditEntry, ...]
    settling: tuple[Mapping[str, int], SettlementMode]  # what the money is settled from, and how
    head: str | None = None  # the ledger's head, where the sheet was read from a file
    on_paper: bool = False  # the table's result was taken from its paper sheet

    @property
    def renumbered(self) -> bool:
        """Some hand's number on the sheet is not its id (a hand before it was undone or deleted)."""
        return any(h.id != h.number for h in self.hands)

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players


def sheet(ledger: Ledger) -> Sheet:
    """The evening as a sheet: every hand with its points and the running totals."""
    seats = ledger.players
    # a result from the table's paper sheet (ledger.paper) opens the sheet
    running, paid = totals(ledger, 0), payout_totals(ledger, 0)
    rows: list[SheetHand] = []
    for i, e in enumerate(ledger.hands, 1):
        players = e.hand.players
        payout = e.result.payout or e.result.victory_points  # the money column, where there is one
        running = added(seats, [running, e.result.victory_points])
        paid = None if paid is None else added(seats, [paid, payout])
        rows.append(
            SheetHand(
                number=i,
                id=e.id,
                dealer=dealer_of(seats, players),
                sitting_out=next((p for p in seats if p not in players), None) if len(seats) == 5 else None,
                hand=e.hand,
                result=e.result,
                totals=dict(running),
                payout=None if paid is None else dict(payout),
                payout_totals=None if paid is None else dict(paid),
                recorded=e.recorded,
            )
        )
    return Sheet(
        table=ledger.table,
        hands=tuple(rows),
        totals=dict(running),
        payout_totals=None if paid is None else dict(paid),
        audit=ledger.audit,
        settling=settling(ledger),
        on_paper=ledger.paper is not None,
    )
