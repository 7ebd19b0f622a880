"""A table's result from its paper sheet (its Schrift, and money points where Kontra moves the
money alone), kept as one entry of the table's ledger (core layer, pure). A sheet is scored one
way: one with hands or a paper result takes a new one only as a correction (``replace``).
"""

from collections.abc import Mapping

from tarockscore.errors import N_, Collector, LedgerError, Problem, counted, message
from tarockscore.evening.model import Action, AuditEntry, Ledger, Paper
from tarockscore.rules.profile import Profile
from tarockscore.rules.words import MAXIMUM, short_number

# a point a paper sheet cannot hold: beyond the sanity bound, a typo or a forged file
_OUT_OF_BOUNDS = N_("{name}: {value}: the points of a paper sheet are whole numbers from {low} to {high}")


def points_text(points: Mapping[str, int]) -> str:
    """``Anna +24, Bert -8, Cilli 0``: each seat's points, signed, a zero as the sheet prints it."""
    return ", ".join(f"{p} {v:+d}" if v else f"{p} 0" for p, v in points.items())


def paper_problems(
    ledger: Ledger, schrift: Mapping[str, int], money: Mapping[str, int] | None
) -> list[Problem]:
    """Points no paper sheet holds, else, under a zero-sum profile, the columns not adding up to 0."""
    return out_of_bounds(schrift, money) or unbalanced(
        ledger.table.profile.name, ledger.profile, schrift, money
    )


def unbalanced(
    name: str, profile: Profile, schrift: Mapping[str, int], money: Mapping[str, int] | None
) -> list[Problem]:
    """The columns of a paper sheet that do not add up to 0 under a zero-sum ``profile`` (named ``name``)."""
    if profile.settlement.mode != "zero_sum":
        return []
    return [
        Problem.of(
            where,
            N_("the points add up to {whole}, not 0: profile {name!r} is zero-sum"),
            whole=whole,
            name=name,
        )
        for where, values in (("schrift", schrift), ("money", money))
        if (whole := sum((values or {}).values()))
    ]


def out_of_bounds(schrift: Mapping[str, int], money: Mapping[str, int] | None) -> list[Problem]:
    """The points no paper sheet holds: beyond the sanity bound (:data:`MAXIMUM`), a typo or a forged file."""
    return [
        Problem.of(where, _OUT_OF_BOUNDS, name=name, value=short_number(value), low=-MAXIMUM, high=MAXIMUM)
        for where, values in (("schrift", schrift), ("money", money))
        for name, value in (values or {}).items()
        if not -MAXIMUM <= value <= MAXIMUM
    ]


# Why a sheet takes no paper result without ``replace`` (a front end adds its own way to replace).
ALREADY_PLAYED = N_("{label}: its sheet already has {hands}; a table is scored one way")
ALREADY_ON_PAPER = N_("{label} already has a result from its paper sheet")


def scored_one_way(ledger: Ledger, label: str) -> Problem | None:
    """Why the sheet takes no paper result without ``replace``: it has hands, or one already."""
    if ledger.hands:
        n = len(ledger.hands)
        return Problem.of(
            "table", ALREADY_PLAYED, label=label, hands=counted("{count} hand", "{count} hands", n, count=n)
        )
    if ledger.paper is not None:
        return Problem.of("table", ALREADY_ON_PAPER, label=label)
    return None


def on_paper(
    ledger: Ledger,
    schrift: Mapping[str, int],
    money: Mapping[str, int] | None,
    at: str,
    *,
    label: str,
    replace: bool = False,
) -> Ledger:
    """The ledger scored from its paper sheet; ``label`` names the table in the audit entry."""
    problems = Collector()
    for where, values in (("schrift", schrift), ("money", money)):
        if values is not None and set(values) != set(ledger.players):
            problems.add(
                where,
                N_("expected the points of {names}, each once"),
                names=", ".join(ledger.players),
            )
    if not problems.problems:
        for p in paper_problems(ledger, schrift, money):
            problems.put(p)
    if not replace and (one_way := scored_one_way(ledger, label)) is not None:
        problems.put(one_way)
    problems.raise_if_any(LedgerError)
    seats = ledger.players
    paper = Paper({p: schrift[p] for p in seats}, None if money is None else {p: money[p] for p in seats}, at)
    detail = message(
        N_("{label}: the result from its paper sheet: {points}"),
        label=label,
        points=points_text(paper.schrift),
    )
    if ledger.hands:
        ids = ", ".join(str(e.id) for e in ledger.hands)
        detail = message(N_("{detail}; it replaces the hands on the sheet ({ids})"), detail=detail, ids=ids)
    elif ledger.paper is not None:
        detail = message(
            N_("{detail}; it replaces the result of {at}: {points}"),
            detail=detail,
            at=ledger.paper.at,
            points=points_text(ledger.paper.schrift),
        )
    columns = (("schrift", paper.schrift), ("money", paper.money))
    after = {key: dict(points) for key, points in columns if points is not None}
    entry = AuditEntry(at=at, action=Action.PAPER, detail=detail, after=after)
    return ledger._replace(hands=(), paper=paper, audit=(*ledger.audit, entry))
