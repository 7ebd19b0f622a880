"""A hand's card points as the hand file gives them: one side's, both sides', Trischaken's four (rules core)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tarockscore.errors import N_, Collector, message, near_miss, one_of, reason
from tarockscore.rules import legality
from tarockscore.rules.cardpoints import BLATT, parse_points, render_points
from tarockscore.rules.profile import Profile
from tarockscore.rules.reader import Reader


def read_card_points(where: str, value: object, profile: Profile, problems: Collector) -> Fraction | None:
    game = profile.game
    judged = _judge(value, game.card_points_total, game.thirds, game.family)
    if isinstance(judged, Fraction):
        return judged
    problems.add(where, judged)
    return None


def _judge(value: object, total: Fraction, thirds: bool, family: str) -> Fraction | str:
    """The card points ``value`` gives in a game of ``total`` points (counted in thirds or whole),
    or why they cannot be taken."""
    if thirds and isinstance(value, str) and (m := re.match(_THIRDS_OR_BLATT, value)):
        count = int(m.group(1))
        if BLATT <= count <= total:  # "107/3" is thirds only: 107 points are more than the deck's
            return message(
                N_(
                    "{value!r} reads two ways: {count} thirds, {thirds}, or {count} points and {blatt} Blatt, which a score block never writes (the Blatt are 0, 1 or 2); write {thirds!r} or the points with their Blatt, e.g. '{count} 2'"
                ),
                value=value,
                count=count,
                thirds=str(render_points(Fraction(count, BLATT))),
                blatt=BLATT,
            )
    try:
        points = parse_points(value)
    except ValueError as exc:
        return reason(exc)
    if not 0 <= points <= total:
        return message(
            N_("{points} is outside 0 to {total}"), points=render_points(points), total=render_points(total)
        )
    if thirds and points.denominator not in (1, 3):
        return message(
            N_("{value!r} is not counted in thirds; card points are whole or end in 1/3 or 2/3"), value=value
        )
    if not thirds and points.denominator != 1:
        return message(N_("{value!r}: {family} counts whole card points only"), value=value, family=family)
    return points


# "35/3": thirds, or points and Blatt as a score block writes them ("35/2" is 35 2/3)
_THIRDS_OR_BLATT = rf"^\s*(\d+)\s*/\s*{BLATT}\s*$"


def read_side_points(
    cp_raw: Any, dcp_raw: Any, profile: Profile, problems: Collector
) -> tuple[Fraction | None, Fraction | None]:
    declarers: Fraction | None = None
    defenders: Fraction | None = None
    if isinstance(cp_raw, dict):
        r = Reader(cp_raw, "card_points", problems)
        if r.has("declarers"):
            declarers = read_card_points("card_points.declarers", r.raw("declarers"), profile, problems)
        else:
            problems.add("card_points.declarers", N_("missing (required) in the table form"))
        if r.has("defenders"):
            defenders = read_card_points("card_points.defenders", r.raw("defenders"), profile, problems)
        r.finish()
    elif cp_raw is not None:
        declarers = read_card_points("card_points", cp_raw, profile, problems)
    if dcp_raw is not None:
        if defenders is not None:
            problems.add("defender_card_points", N_("given twice (also in the card_points table)"))
        defenders = read_card_points("defender_card_points", dcp_raw, profile, problems)
        if cp_raw is None:
            problems.add(
                "card_points", N_("missing: defender_card_points is given only together with card_points")
            )
    if (
        declarers is not None
        and defenders is not None
        and declarers + defenders != profile.game.card_points_total
    ):
        problems.add(
            "card_points",
            N_("declarers {declarers} + defenders {defenders} = {total}, not the deck's {card_points_total}"),
            declarers=render_points(declarers),
            defenders=render_points(defenders),
            total=render_points(declarers + defenders),
            card_points_total=render_points(profile.game.card_points_total),
        )
    return declarers, defenders


def read_trischaken_points(
    cp_raw: Any, players: Sequence[str], profile: Profile, problems: Collector
) -> tuple[tuple[str, Fraction], ...]:
    if not isinstance(cp_raw, dict):
        example = '{ Anna = "20 1/3", ... }'
        if cp_raw is None:
            problems.add(
                "card_points",
                N_("missing: Trischaken needs a table of every player's card points, {example}"),
                example=example,
            )
        else:
            problems.add(
                "card_points",
                N_("{raw!r}: Trischaken needs a table of every player's card points, {example}"),
                raw=cp_raw,
                example=example,
            )
        return ()
    points: dict[str, Fraction] = {}
    for name, value in cp_raw.items():
        if players and name not in players:
            problems.add(
                f"card_points.{name}",
                N_("not at the table; players are {allowed}{hint}"),
                allowed=one_of(players),
                hint=near_miss(name, players),
            )
            continue
        checked = read_card_points(f"card_points.{name}", value, profile, problems)
        if checked is not None:
            points[name] = checked
    missing = [p for p in players if p not in cp_raw]
    if missing:
        problems.add(
            "card_points",
            N_("missing for {allowed}: every player's card points are needed"),
            allowed=one_of(missing),
        )
    elif len(points) == len(players):
        total = _exact_sum(list(points.values()))
        deck = profile.game.card_points_total
        if legality.trischaken_talon_counted(profile) and total != deck:
            problems.add(
                "card_points",
                N_("the players' card points add up to {total}, not the deck's {card_points_total}"),
                total=render_points(total),
                card_points_total=render_points(deck),
            )
        elif not legality.trischaken_talon_counted(profile):
            fewest, most = legality.talon_card_points(profile) or (Fraction(0), deck)
            if not deck - most <= total <= deck - fewest:
                problems.add(
                    "card_points",
                    N_(
                        "the players' card points add up to {total}; with the talon out of play (trischaken.talon = 'out') they add up to the deck's {card_points_total} less the talon's, which holds {fewest} to {most}: {low} to {high}"
                    ),
                    total=render_points(total),
                    card_points_total=render_points(deck),
                    fewest=render_points(fewest),
                    most=render_points(most),
                    low=render_points(deck - most),
                    high=render_points(deck - fewest),
                )
    if not players:  # nobody to order them by: as given
        return tuple(points.items())
    return tuple((p, points[p]) for p in dict.fromkeys(players) if p in points)  # in seat order


def _exact_sum(values: list[Fraction]) -> Fraction:
    """The sum of ``values``, each brought to their common denominator once (adding Fractions
    one by one reduces every partial sum on the way)."""
    common = math.lcm(*(v.denominator for v in values))
    return Fraction(sum(v.numerator * (common // v.denominator) for v in values), common)
