"""A table's result from its paper sheet: checked against the draw and the profile (core layer, pure).

Not every table has a phone: the organiser types a paper sheet's Schrift for the round (and, under
a profile where Kontra moves the money alone, its money points). The names must be the table's
drawn players, each once (in any case, as at a table); under a zero-sum profile the Schrift adds
up to 0, else it is refused with the sum named. The result is kept in the table's own sheet as an
entry ``paper`` with an audit entry (``ledger.paper``), and ranked as played hands would be; the
day's log keeps an entry ``result`` naming the sheet's head after it.

A day written by tarockscore 0.2.0 kept paper results in ``tournament.toml`` (``[[result]]``):
converted, they are entries ``result`` without a sheet's head, ranked as before, and a sheet's own
paper entry comes before them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from tarockscore.errors import N_, Collector, Problem, TournamentError, message, one_of
from tarockscore.evening.paper import out_of_bounds, unbalanced
from tarockscore.rules.words import at_table
from tarockscore.tournament.model import DrawnTable, Tournament, drawn_table


class PaperSheet(NamedTuple):
    """A paper result checked against the draw: the round, the drawn table, and the points of
    each seat under the table's own spelling, in seat order."""

    round: int
    table: DrawnTable
    schrift: dict[str, int]
    money: dict[str, int] | None

    @property
    def label(self) -> str:
        return table_label(self.round, self.table.table)


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
    """A paper result for table ``table`` of round ``round_number``, checked: the round and table
    drawn, every seat's points given once under a name of the table, zero-sum where the profile is."""
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


def kept_in_day_file(t: Tournament, sheet: PaperSheet) -> Problem | None:
    """A result the day's file kept (a day written by 0.2.0): the table already has one."""
    if t.paper(sheet.round, sheet.table.table) is None:
        return None
    return Problem.of(
        "table",
        N_("round {round}, table {table} already has a result from its paper sheet"),
        round=sheet.round,
        table=sheet.table.table,
    )
