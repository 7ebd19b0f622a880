"""The day's standings under a format, and each player's money from every table (core layer, pure)."""

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from tarockscore.evening.model import Ledger, payout_totals
from tarockscore.evening.model import totals as schrift_totals
from tarockscore.evening.settle import balances
from tarockscore.tournament.format import Format, TieBreak, Total


class TableResult(NamedTuple):
    """One drawn table as its ledger stands: each player's Schrift and how many hands were played."""

    round: int
    table: int
    players: tuple[str, ...]
    schrift: Mapping[str, int]
    hands: int
    games: int


class Seat(NamedTuple):
    """One player's result at one table; ``rank`` None while the table has no hands."""

    round: int
    table: int
    rank: int | None
    schrift: int
    rank_points: Fraction


class Standing(NamedTuple):
    place: int | None  # None: none of the player's tables has a hand yet (listed, not ranked)
    player: str
    total: Fraction
    schrift: int
    rank_points: Fraction
    tables: tuple[Seat, ...]


def competition_ranks(values: Sequence[Any]) -> list[int]:
    """1-based ranks of ``values`` (higher is better; equal values share, the next skips: 1, 1, 3)."""
    return [1 + sum(1 for other in values if other > v) for v in values]


def table_seats(result: TableResult, fmt: Format) -> dict[str, Seat]:
    """Each player's rank and rank points at one table."""
    if not result.hands:
        return {p: Seat(result.round, result.table, None, 0, Fraction(0)) for p in result.players}
    points = fmt.points_for(len(result.players))
    values = [result.schrift.get(p, 0) for p in result.players]
    ranks = competition_ranks(values)
    out: dict[str, Seat] = {}
    for p, v, r in zip(result.players, values, ranks, strict=True):
        level = values.count(v)
        share = Fraction(sum(points[r - 1 : r - 1 + level]), level)
        out[p] = Seat(result.round, result.table, r, v, share)
    return out


def _total(fmt: Format, schrift: int, rank_points: Fraction) -> Fraction:
    if fmt.total is Total.SCHRIFT:
        return Fraction(schrift)
    if fmt.total is Total.RANK_POINTS:
        return rank_points
    return schrift + rank_points


_WORST_RANK = 1_000_000  # a round without a ranked table counts below every table rank


def _key(fmt: Format, row: Standing, rounds: int) -> tuple[Any, ...]:
    """What the format compares, as a tuple where larger is better."""
    key: list[Any] = [row.total]
    ranked = [s for s in row.tables if s.rank is not None]
    for tie in fmt.tie_breaks:
        if tie is TieBreak.SCHRIFT:
            key.append(row.schrift)
        elif tie is TieBreak.RANK_POINTS:
            key.append(row.rank_points)
        elif tie is TieBreak.TABLE_RANKS:
            ranks = sorted(s.rank for s in ranked if s.rank is not None)
            ranks += [_WORST_RANK] * (rounds - len(ranks))
            key.append(tuple(-r for r in ranks))
        elif tie is TieBreak.BEST_ROUND:
            key.append((1, max(s.schrift for s in ranked)) if ranked else (0, 0))
    return tuple(key)


def standings(results: Sequence[TableResult], fmt: Format) -> list[Standing]:
    """Every player best first, with places (1, 1, 3); then, without a place, those with no hands yet."""
    seats: dict[str, list[Seat]] = {}
    for result in sorted(results, key=lambda r: (r.round, r.table)):
        for player, seat in table_seats(result, fmt).items():
            seats.setdefault(player, []).append(seat)
    rounds = len({r.round for r in results})
    rows = []
    for player, mine in seats.items():
        schrift = sum(s.schrift for s in mine)
        rank_points = sum((s.rank_points for s in mine), Fraction(0))
        rows.append(
            Standing(None, player, _total(fmt, schrift, rank_points), schrift, rank_points, tuple(mine))
        )
    ranked: list[Standing] = []
    unranked: list[Standing] = []
    for row in rows:
        (ranked if any(s.rank is not None for s in row.tables) else unranked).append(row)
    unranked.sort(key=lambda r: r.player.casefold())
    keys = [_key(fmt, row, rounds) for row in ranked]
    places = competition_ranks(keys)
    ordered = sorted(zip(places, ranked, strict=True), key=lambda pr: (pr[0], pr[1].player.casefold()))
    return [*(r._replace(place=place) for place, r in ordered), *unranked]


class Money(NamedTuple):
    player: str
    schrift: int
    money_points: int
    kontra: int  # money points the Kontras moved: money_points − schrift
    amount: Decimal | None  # None where a table has no stake


def money(tables: Sequence[Ledger]) -> list[Money]:
    """Each player's money over the given tables, by name (the order of a cash box)."""
    schrift: dict[str, int] = {}
    points: dict[str, int] = {}
    amount: dict[str, Decimal | None] = {}
    for led in tables:  # a table without hands adds 0 for each of its players
        totals = schrift_totals(led)
        paid = payout_totals(led) or totals
        stake = led.table.stake
        settled = balances(paid, stake, led.profile.settlement.mode) if stake is not None else None
        for p in led.players:
            schrift[p] = schrift.get(p, 0) + totals[p]
            points[p] = points.get(p, 0) + paid[p]
            before = amount.get(p, Decimal(0))
            amount[p] = None if settled is None or before is None else before + settled[p]
    players = sorted(schrift, key=str.casefold)
    return [Money(p, schrift[p], points[p], points[p] - schrift[p], amount[p]) for p in players]
