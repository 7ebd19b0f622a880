"""The day's money: each player's money from every table of the tournament (core layer, pure).

At each table the money follows the ledger's profile: under ``kontra_scope = "payout"`` (the cups:
"Ein Kontra wirkt sich nur auf das Geld, aber nicht auf die Punktewertung aus", OÖ 4/2023 Allg. 5)
the money points are the payout column, Kontras included, while the Schrift leaves them out; the
difference is what the Kontras moved, which some cups pay into a charity box ("Kontras zählen
nicht für die Turnierwertung, sondern werden ins Spendenschwein eingezahlt", Tiroler Tarockcup,
www.tarock.tirol, Turniermodus). Money is the money points settled at the ledger's stake per point
under the profile's settlement mode (``ledger.settle_up.balances``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from tarockscore.ledger.model import Ledger
from tarockscore.ledger.settle_up import balances
from tarockscore.ledger.totals import payout_totals
from tarockscore.ledger.totals import totals as schrift_totals
from tarockscore.rules.profile import SettlementMode


@dataclass(frozen=True, slots=True)
class Money:
    player: str
    schrift: int
    money_points: int
    kontra: int  # money points the Kontras moved: money_points − schrift
    amount: Decimal | None  # None where a table has no stake


@dataclass(frozen=True, slots=True)
class TableMoney:
    """One table's points for the money: its Schrift, its money points, its stake and settlement."""

    players: tuple[str, ...]
    schrift: Mapping[str, int]
    paid: Mapping[str, int]
    stake: Decimal | None
    mode: SettlementMode


def of_ledger(led: Ledger) -> TableMoney:
    totals = schrift_totals(led)
    paid = payout_totals(led) or totals
    return TableMoney(led.players, totals, paid, led.table.stake, led.profile.settlement.mode)


def money(tables: Sequence[Ledger | TableMoney]) -> list[Money]:
    """Each player's money over the given tables (ledgers, or tables scored on paper), by name
    (the order of a cash box); a player whose tables have no hands yet is listed with 0."""
    schrift: dict[str, int] = {}
    points: dict[str, int] = {}
    amount: dict[str, Decimal | None] = {}
    for table in tables:  # a table without hands adds 0 for each of its players
        t = table if isinstance(table, TableMoney) else of_ledger(table)
        settled = balances(t.paid, t.stake, t.mode) if t.stake is not None else None
        for p in t.players:
            schrift[p] = schrift.get(p, 0) + t.schrift[p]
            points[p] = points.get(p, 0) + t.paid[p]
            before = amount.get(p, Decimal(0))
            if settled is None or before is None:
                amount[p] = None
            else:
                amount[p] = before + settled[p]
    players = sorted(schrift, key=str.casefold)
    return [Money(p, schrift[p], points[p], points[p] - schrift[p], amount[p]) for p in players]
