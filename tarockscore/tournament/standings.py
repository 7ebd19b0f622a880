"""How a tournament ranks (core layer, pure): the format a day is ranked by (``formats/*.toml``,
docs/tournament.md), the day's standings and each player's money, and a cup over a season."""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any, NamedTuple

from tarockscore.errors import (
    N_,
    Collector,
    Problem,
    TournamentError,
    UsageError,
    grouped,
    message,
    near_miss,
    one_of,
)
from tarockscore.evening.model import Ledger, payout_totals, settling
from tarockscore.evening.model import totals as schrift_totals
from tarockscore.evening.settle import balances
from tarockscore.rules.words import MAXIMUM, Reader, player_key, short_number, skeleton, type_name
from tarockscore.season.standings import UNUSED_DAY_ALIAS, spelt_two_ways, unused_alias

SCHEMA = 1


class Total(StrEnum):
    SCHRIFT = "schrift"
    RANK_POINTS = "rank_points"
    BOTH = "schrift+rank_points"


class TieBreak(StrEnum):
    SCHRIFT = "schrift"  # the higher Schrift
    RANK_POINTS = "rank_points"  # the more rank points
    TABLE_RANKS = "table_ranks"  # the better table ranks: more table wins, then more seconds, …
    BEST_ROUND = "best_round"  # the higher Schrift in one's best round


class Format(NamedTuple):
    name: str
    title: str
    source: str
    total: Total
    tie_breaks: tuple[TieBreak, ...]
    rank_points: Mapping[int, tuple[int, ...]]  # table size → points for place 1, 2, …
    document: Mapping[str, Any]
    title_de: str = ""  # the title in German, where the file gives one

    def points_for(self, size: int) -> tuple[int, ...]:
        return self.rank_points.get(size, (0,) * size)

    def title_in(self, language: str) -> str:
        """The title for a reader of ``language``: ``title_de`` for German where given, else ``title``."""
        return self.title_de if language == "de" and self.title_de else self.title


_SIZES = {"four": 4, "five": 5}


def _rise(points: list[int]) -> dict[str, int]:
    """The first place that gets more than the place before it (points fall, or stay, as the place
    falls: a place above the one before it is a slip of the keyboard); empty where there is none."""
    k = next((k for k in range(1, len(points)) if points[k] > points[k - 1]), 0)
    return {"place": k + 1, "more": points[k], "before": k, "less": points[k - 1]} if k else {}


def build_format(document: Mapping[str, Any], where: str = "", *, kept: bool = False) -> Format:
    """A format from its resolved mapping; every problem in one :class:`TournamentError`
    (``kept``: as a day's file keeps it, read as the day was begun with it)."""
    problems = Collector()
    top = Reader(document, "", problems)
    schema = top.raw("schema")
    if schema is None:
        said = N_("missing: a tournament format begins with schema = {SCHEMA}")
        problems.add("schema", said, SCHEMA=SCHEMA)
    elif schema != SCHEMA or isinstance(schema, bool):
        said = N_("{schema!r}: expected schema = {SCHEMA} (a tarockscore tournament format)")
        problems.add("schema", said, schema=schema, SCHEMA=SCHEMA)
    name = top.text("name")
    title = top.text("title", "")
    title_de = top.text("title_de", "")
    source = top.text("source")
    total = top.choice("total", Total)
    tie_breaks: list[TieBreak] = []
    allowed = [t.value for t in TieBreak]
    for item in top.str_list("tie_breaks"):
        if item in allowed:
            tie_breaks.append(TieBreak(item))
        else:
            said = N_("{item!r} is not a tie-break; choose from {allowed}{hint}")
            problems.add(
                "tie_breaks", said, item=item, allowed=one_of(allowed), hint=near_miss(item, allowed)
            )
    rank_points: dict[int, tuple[int, ...]] = {}
    rp = top.table("rank_points", required=total is not Total.SCHRIFT)
    for key, size in _SIZES.items():
        raw, at = rp.raw(key), f"rank_points.{key}"
        if raw is None:
            if total is not Total.SCHRIFT:
                said = N_("missing: the points for place 1 … {size} at a table of {size}")
                problems.add(at, said, size=size)
        elif not isinstance(raw, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in raw
        ):
            said = N_("{raw!r} is {kind}; expected an array of {size} whole numbers")
            problems.add(at, said, raw=raw, kind=type_name(raw), size=size)
        elif len(raw) != size:
            said = N_("{raw!r} has {count} numbers; a table of {size} has {size} places")
            problems.add(at, said, raw=raw, count=len(raw), size=size)
        elif not kept and (rising := _rise(raw)):
            said = N_(
                "{raw!r}: place {place} gets {more}, more than place {before} ({less}); a table's rank points fall or stay level from each place to the next"
            )
            problems.add(at, said, raw=raw, **rising)
        else:
            rank_points[size] = tuple(raw)
    rp.finish()
    top.finish()
    try:
        problems.raise_if_any(TournamentError)  # with the count of those beyond the first fifty
    except TournamentError as error:
        raise (error.located(where) if where else error) from None
    return Format(name, title, source, total, tuple(tie_breaks), rank_points, dict(document), title_de)


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
    out: dict[str, Seat] = {}
    for p, v, r in zip(result.players, values, competition_ranks(values), strict=True):
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


def standings(
    results: Sequence[TableResult], fmt: Format, aliases: Mapping[str, str] | None = None
) -> list[Standing]:
    """Every player best first, with places (1, 1, 3); then, without a place, those with no hands yet.
    ``aliases``: a name read as another (a name corrected between rounds), never two of one round."""
    spelt = {player_key(p): p for r in results for p in r.players}
    alias = {player_key(a): spelt.get(player_key(n), n) for a, n in (aliases or {}).items()}
    seats: dict[str, list[Seat]] = {}
    first: dict[tuple[str, int], str] = {}  # who sat in each round under each name
    problems = Collector()
    for result in sorted(results, key=lambda r: (r.round, r.table)):
        for given, seat in table_seats(result, fmt).items():
            player = alias.get(player_key(given), given)
            if (other := first.setdefault((player, seat.round), given)) != given:
                said = N_(
                    "{name!r} and {other!r} both played round {round}: they are two players; drop that alias"
                )
                problems.add("alias", said, name=other, other=given, round=seat.round)
            seats.setdefault(player, []).append(seat)
    problems.raise_if_any(UsageError)
    rounds = len({r.round for r in results})
    ranked: list[Standing] = []
    unranked: list[Standing] = []
    for player, mine in seats.items():
        schrift = sum(s.schrift for s in mine)
        rank_points = sum((s.rank_points for s in mine), Fraction(0))
        row = Standing(None, player, _total(fmt, schrift, rank_points), schrift, rank_points, tuple(mine))
        (ranked if any(s.rank is not None for s in mine) else unranked).append(row)
    unranked.sort(key=lambda r: r.player.casefold())
    places = competition_ranks([_key(fmt, row, rounds) for row in ranked])
    ordered = sorted(zip(places, ranked, strict=True), key=lambda pr: (pr[0], pr[1].player.casefold()))
    return [*(r._replace(place=place) for place, r in ordered), *unranked]


class Money(NamedTuple):
    player: str
    schrift: int
    money_points: int
    kontra: int  # money points the Kontras moved: money_points − schrift
    amount: Decimal | None  # None where a table has no stake


def money(tables: Sequence[Ledger], aliases: Mapping[str, str] | None = None) -> list[Money]:
    """Each player's money over the given tables, by name (the order of a cash box); ``aliases``:
    a name read as another, as :func:`standings` reads it."""
    spelt = {player_key(p): p for led in tables for p in led.players}
    alias = {player_key(a): spelt.get(player_key(n), n) for a, n in (aliases or {}).items()}
    schrift: dict[str, int] = {}
    points: dict[str, int] = {}
    amount: dict[str, Decimal | None] = {}
    for led in tables:  # a table without hands adds 0 for each of its players
        totals = schrift_totals(led)
        paid = payout_totals(led) or totals
        parts, how = settling(led)
        settled = None if led.table.stake is None else balances(parts, led.table.stake, how)
        for given in led.players:
            p = alias.get(player_key(given), given)
            schrift[p] = schrift.get(p, 0) + totals[given]
            points[p] = points.get(p, 0) + paid[given]
            before = amount.get(p, Decimal(0))
            amount[p] = None if settled is None or before is None else before + settled[given]
    players = sorted(schrift, key=str.casefold)
    return [Money(p, schrift[p], points[p], points[p] - schrift[p], amount[p]) for p in players]


class CupRules(NamedTuple):
    points: tuple[int, ...]
    best: int | None = None

    def for_place(self, place: int) -> int:
        return self.points[place - 1] if place <= len(self.points) else 0


class Result(NamedTuple):
    tournament: str
    place: int
    cup_points: int
    counted: bool


class CupStanding(NamedTuple):
    place: int
    player: str
    cup_points: int
    tournaments: tuple[Result, ...]


def _whole_numbers(raw: list[Any], where: str, problems: Collector) -> bool:
    """Whether each value is a whole number of a sane size; each that is not said by its place."""
    ok = True
    for place, value in enumerate(raw, 1):
        if isinstance(value, bool) or not isinstance(value, int):
            said = N_("place {place}: {value!r} is {kind}; expected a whole number")
            problems.add(where, said, place=place, value=value, kind=type_name(value))
            ok = False
        elif not -MAXIMUM <= value <= MAXIMUM:
            said = N_("place {place}: {value} is beyond the allowed range (at most {maximum} either way)")
            problems.add(where, said, place=place, value=short_number(value), maximum=grouped(MAXIMUM))
            ok = False
    return ok


def cup_rules(data: Mapping[str, Any], where: str = "") -> CupRules:
    """``points = [100, 90, …]`` for place 1, 2, … (0 beyond the list; players sharing a place each
    get its points); ``best = N`` counts each player's N best results."""
    problems = Collector()
    top = Reader(data, where, problems)
    raw = top.raw("points")
    points: tuple[int, ...] = ()
    if raw is None or raw == []:  # no points: no cup
        said = N_("missing: the cup points for place 1, 2, …, e.g. points = [100, 90, 80]")
        problems.add(top.where("points"), said)
    elif not isinstance(raw, list):
        said = N_("{raw!r} is {kind}; expected an array of whole numbers")
        problems.add(top.where("points"), said, raw=raw, kind=type_name(raw))
    elif not _whole_numbers(raw, top.where("points"), problems):
        pass
    elif any(v < 0 for v in raw):
        problems.add(top.where("points"), N_("{raw!r}: cup points cannot be negative"), raw=raw)
    elif rising := _rise(raw):
        said = N_(
            "{raw!r}: place {place} gets {more}, more than place {before} ({less}); a cup's points fall or stay level from each place to the next"
        )
        problems.add(top.where("points"), said, raw=raw, **rising)
    else:
        points = tuple(raw)
    best = top.number("best", minimum=1) if top.has("best") else None
    top.finish(known_extra=("best",))
    problems.raise_if_any(TournamentError)
    return CupRules(points=points, best=best)


Days = Sequence[tuple[str, Sequence[tuple[int, str]]]]  # each tournament's name and its (place, player) rows


def cup_standings(days: Days, rules: CupRules) -> list[CupStanding]:
    """Each player's cup points from ``days`` (in the season's order), their best N days counted."""
    results: dict[str, list[Result]] = {}
    for name, rows in days:
        for place, player in rows:
            results.setdefault(player, []).append(Result(name, place, rules.for_place(place), False))
    standing: list[CupStanding] = []
    for player, mine in results.items():
        ranked = sorted(range(len(mine)), key=lambda i: -mine[i].cup_points)
        keep = set(ranked[: rules.best])  # best None: every day
        marked = tuple(r._replace(counted=i in keep) for i, r in enumerate(mine))
        standing.append(CupStanding(0, player, sum(r.cup_points for r in marked if r.counted), marked))
    places = competition_ranks([row.cup_points for row in standing])
    out = [row._replace(place=place) for place, row in zip(places, standing, strict=True)]
    return sorted(out, key=lambda s: (s.place, s.player.casefold()))


def one_name_each(
    days: Days, aliases: Mapping[str, str], played: Iterable[str] = ()
) -> tuple[list[tuple[str, list[tuple[int, str]]]], list[str]]:
    """The days with one spelling per player (the first seen; names matched as at a table, and
    ``aliases`` read a name as another), and warnings for names that only look alike (a fullwidth
    or Cyrillic letter): kept apart, so the organiser can give an alias; ``played``: every name as
    it sat at a table (an alias read within a day is used)."""
    alias = {player_key(a): n for a, n in aliases.items()}
    spelling: dict[str, str] = {}
    looks: dict[str, str] = {}
    warnings: list[str] = []
    problems: list[Problem] = []
    out: list[tuple[str, list[tuple[int, str]]]] = []
    for name, rows in days:
        mine: list[tuple[int, str]] = []
        seen: dict[str, str] = {}
        for place, given in rows:
            player = alias.get(player_key(given), given)
            shown = spelling.setdefault(player_key(player), player)
            if shown in seen:
                said = N_("{name!r} and {other!r} are one player in the cup, but both played this tournament")
                problems.append(Problem.of(name, said, name=seen[shown], other=given))
            seen[shown] = given
            first = looks.setdefault(skeleton(shown), shown)
            if first != shown:
                alike = N_(
                    "{other!r} and {name!r} look alike but are spelt with different letters: are they one player? An alias makes them one"
                )
                said = message(alike, other=first, name=shown)
                if said not in warnings:
                    warnings.append(said)
            mine.append((place, shown))
        out.append((name, mine))
    if problems:
        raise TournamentError(problems)
    # names alike up to accents or a letter (Jorg, Jörg), never on one day: said as a season says them
    days_of = Counter(p for _, rows in out for _, p in rows)
    spelt_alike = [(name, [p for _, p in rows]) for name, rows in out]
    warnings += spelt_two_ways(spelt_alike, days_of, lambda a, b: skeleton(a) == skeleton(b))  # said above
    spelt = {player_key(g): g for g in [*played, *(g for _, rows in days for _, g in rows)]}
    warnings += [
        unused_alias(a, n, spelt.values(), UNUSED_DAY_ALIAS)
        for a, n in aliases.items()
        if player_key(a) not in spelt
    ]
    return out, warnings
