"""A cup over a season: points per place at each tournament, each player's best N added (core layer).

``points = [100, 90, …]`` for place 1, 2, … (0 beyond the list); players sharing a place each get
its points; ``best = N`` counts each player's N best results.
"""

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tarockscore.errors import N_, Collector, Problem, TournamentError, message
from tarockscore.rules.reader import Reader, type_name
from tarockscore.rules.words import player_key, skeleton
from tarockscore.tournament.standings import competition_ranks


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


def cup_rules(data: Mapping[str, Any], where: str = "") -> CupRules:
    problems = Collector()
    top = Reader(data, where, problems)
    raw = top.raw("points")
    points: tuple[int, ...] = ()
    if raw is None:
        problems.add(
            top.where("points"), N_("missing: the cup points for place 1, 2, …, e.g. points = [100, 90, 80]")
        )
    elif not isinstance(raw, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
        problems.add(
            top.where("points"),
            N_("{raw!r} is {kind}; expected an array of whole numbers"),
            raw=raw,
            kind=type_name(raw),
        )
    elif any(v < 0 for v in raw):
        problems.add(top.where("points"), N_("{raw!r}: cup points cannot be negative"), raw=raw)
    else:
        points = tuple(raw)
    best = None
    if top.has("best"):
        best = top.number("best", minimum=1)
    top.finish()
    problems.raise_if_any(TournamentError)
    return CupRules(points=points, best=best)


def cup_standings(
    days: Sequence[tuple[str, Sequence[tuple[int, str]]]], rules: CupRules
) -> list[CupStanding]:
    """``days``: each tournament's name and its (place, player) rows, in the season's order."""
    results: dict[str, list[Result]] = {}
    for name, rows in days:
        for place, player in rows:
            results.setdefault(player, []).append(Result(name, place, rules.for_place(place), False))
    totals: dict[str, tuple[int, tuple[Result, ...]]] = {}
    for player, mine in results.items():
        ranked = sorted(range(len(mine)), key=lambda i: -mine[i].cup_points)
        keep = set(ranked if rules.best is None else ranked[: rules.best])
        marked = tuple(Result(r.tournament, r.place, r.cup_points, i in keep) for i, r in enumerate(mine))
        totals[player] = (sum(r.cup_points for r in marked if r.counted), marked)
    players = list(totals)
    places = competition_ranks([totals[p][0] for p in players])
    out = [
        CupStanding(place, p, totals[p][0], totals[p][1]) for place, p in zip(places, players, strict=True)
    ]
    return sorted(out, key=lambda s: (s.place, s.player.casefold()))


Days = Sequence[tuple[str, Sequence[tuple[int, str]]]]


def one_name_each(
    days: Days, aliases: Mapping[str, str]
) -> tuple[list[tuple[str, list[tuple[int, str]]]], list[str]]:
    """The days with one spelling per player (the first seen; names matched as at a table, and
    ``aliases`` read a name as another), and warnings for names that only look alike (a fullwidth
    or Cyrillic letter): kept apart, so the organiser can give an alias."""
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
                problems.append(
                    Problem.of(
                        name,
                        N_(
                            "{name!r} and {other!r} are one player in the cup, but both played this tournament"
                        ),
                        name=seen[shown],
                        other=given,
                    )
                )
            seen[shown] = given
            first = looks.setdefault(skeleton(unicodedata.normalize("NFKC", shown)), shown)
            if first != shown:
                said = message(
                    N_(
                        "{other!r} and {name!r} look alike but are spelt with different letters: are they one player? An alias makes them one"
                    ),
                    other=first,
                    name=shown,
                )
                if said not in warnings:
                    warnings.append(said)
            mine.append((place, shown))
        out.append((name, mine))
    if problems:
        raise TournamentError(problems)
    return out, warnings
