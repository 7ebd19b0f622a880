"""A table's result from its paper sheet: checked against the draw and the profile (core layer, pure)."""

from collections.abc import Mapping
from typing import NamedTuple

from tarockscore.errors import N_, Collector, TournamentError, message, one_of
from tarockscore.evening.paper import out_of_bounds, unbalanced
from tarockscore.rules.words import at_table
from tarockscore.tournament.model import DrawnTable, Tournament, drawn_table


class PaperSheet(NamedTuple):
    """A paper result checked against the draw: each seat's points, in seat order, as the table spells it."""

    round: int
    table: DrawnTable
    schrift: dict[str, int]
    money: dict[str, int] | None

    @property
    def label(self) -> str:
        return table_label(self.round, self.table.table)


def whole_number(text: str) -> int | None:
    """Whole points as typed (``+12``, ``-4``), or None; a number too long for ``int`` is one of as
    many digits, so the check of the points names how long it is."""
    text = text.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not (body.isascii() and body.isdigit()):
        return None
    digits = body.lstrip("0")
    if len(digits) <= 4000:
        return int(text)
    return (-1 if text.startswith("-") else 1) * int(10 ** (len(digits) - 1))


def table_label(round_number: int, table: int) -> str:
    return message(N_("round {round}, table {table}"), round=round_number, table=table)


def _seated(
    given: Mapping[str, int], seats: tuple[str, ...], where: str, problems: Collector
) -> dict[str, int]:
    """The points in seat order, each name the table's own spelling."""
    named: dict[str, int] = {}
    for name, points in given.items():
        seat = at_table(name, seats)
        if seat not in seats:
            problems.add(
                where,
                N_("{name!r} is not at this table; the table is {names}"),
                name=name,
                names=", ".join(seats),
            )
        elif seat in named:
            problems.add(where, N_("{name!r} is given twice"), name=seat)
        else:
            named[seat] = points
    missing = [p for p in seats if p not in named]
    if missing and not problems.problems:
        problems.add(where, N_("missing: the points of {allowed}"), allowed=one_of(missing))
    return {p: named.get(p, 0) for p in seats}


def paper_sheet(
    t: Tournament,
    round_number: int,
    table: int,
    schrift: Mapping[str, int],
    money: Mapping[str, int] | None,
) -> PaperSheet:
    """A paper result checked: the table drawn, every seat given once, zero-sum where the profile is."""
    found = drawn_table(t, round_number, table)
    problems = Collector()
    points = _seated(schrift, found.players, "schrift", problems)
    paid = None if money is None else _seated(money, found.players, "money", problems)
    if not problems.problems:
        for problem in out_of_bounds(points, paid) or unbalanced(
            t.profile.name, t.profile.rules, points, paid
        ):
            problems.put(problem)
    problems.raise_if_any(TournamentError)
    return PaperSheet(round_number, found, points, paid)
