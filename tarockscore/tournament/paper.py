"""A table's result from its paper sheet: checked against the draw and the profile (core layer, pure).

Not every table has a phone: the organiser types a paper sheet's Schrift for the round (and, under
a profile where Kontra moves the money alone, its money points). The names must be the table's
drawn players, each once (in any case, as at a table); under a zero-sum profile the Schrift adds
up to 0, else it is refused with the sum named. The result is kept in the day's file with a trace
entry, and ranked as the table's played hands would be.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from tarockscore.errors import N_, Collector, Problem, TournamentError, one_of
from tarockscore.rules.names import at_table
from tarockscore.tournament.model import PaperResult, Tournament, traced


def _seated(
    given: Mapping[str, int], seats: tuple[str, ...], where: str, problems: Collector
) -> tuple[tuple[str, int], ...]:
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
    return tuple((p, named.get(p, 0)) for p in seats)


def record_paper(
    t: Tournament,
    round_number: int,
    table: int,
    schrift: Mapping[str, int],
    money: Mapping[str, int] | None,
    at: str,
) -> Tournament:
    """``t`` with table ``table`` of round ``round_number`` scored from its paper sheet."""
    drawn = t.round(round_number)
    if drawn is None:
        raise TournamentError(
            N_("{round}: round {round} is not drawn yet"), round=round_number, where="round"
        )
    found = next((d for d in drawn.tables if d.table == table), None)
    if found is None:
        raise TournamentError(
            N_("{table}: round {round} has tables 1 to {tables}"),
            table=table,
            round=round_number,
            tables=len(drawn.tables),
            where="table",
        )
    if t.paper(round_number, table) is not None:
        raise TournamentError(
            N_("round {round}, table {table} already has a result from its paper sheet"),
            round=round_number,
            table=table,
            where="table",
        )
    problems = Collector()
    points = _seated(schrift, found.players, "schrift", problems)
    paid = None if money is None else _seated(money, found.players, "money", problems)
    if t.profile.rules.settlement.mode == "zero_sum":
        for where, values in (("schrift", points), ("money", paid)):
            whole = sum(v for _, v in values or ())
            if values is not None and whole != 0 and not problems.problems:
                problems.put(
                    Problem.of(
                        where,
                        N_("the points add up to {whole}, not 0: profile {name!r} is zero-sum"),
                        whole=whole,
                        name=t.profile.name,
                    )
                )
    problems.raise_if_any(TournamentError)
    result = PaperResult(round_number, table, points, paid, at)
    done = ", ".join(f"{p} {v:+d}" for p, v in points)
    return traced(
        replace(t, results=(*t.results, result)), at, "result", f"round {round_number}, table {table}: {done}"
    )
