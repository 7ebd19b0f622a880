"""The day's results as read from its folder (I/O layer): every drawn table's sheet, checked.

Each table's sheet is checked with its own check (a sheet edited by hand is caught and named), it
must be the one the draw made for that day, round and table (its profile the day's, its game limit
the round's, its place and stamp the draw's: a sheet replaced or copied is named), it must still
seat the drawn players, and no ledger with hands may lie in a round folder outside the draw:
nothing is left out silently. A table still short of its game limit is a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from tarockscore.errors import N_, LedgerError, Message, Problem, TournamentError, counted, message
from tarockscore.files import ledger_file, safe_io
from tarockscore.files.tournament_file import read
from tarockscore.files.ways_out import SHEET_FAILS_CHECK, SHEET_FAILS_CHECK_MONEY
from tarockscore.ledger.checks import against_the_rules, covered
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.paper import out_of_bounds, zero_sum_problems
from tarockscore.ledger.totals import totals
from tarockscore.tournament import model as tm
from tarockscore.tournament.money import TableMoney
from tarockscore.tournament.standings import TableResult


class Purpose(StrEnum):
    """What the day's tables are read for: the words of a table that cannot count, or has no hands."""

    STANDINGS = "standings"  # the day's places (and a cup's)
    MONEY = "money"  # the day's money


@dataclass(frozen=True, slots=True)
class _Words:
    unreadable: str  # values: value
    fails_check: str  # values: value, path
    no_hands: str  # values: where, path


_WORDS = {
    Purpose.STANDINGS: _Words(
        N_("{value}: this table's sheet cannot be read; the standings need every table"),
        SHEET_FAILS_CHECK,
        N_("{where} ({path}): no hands yet; it is shown but not ranked"),
    ),
    Purpose.MONEY: _Words(
        N_("{value}: this table's sheet cannot be read; the day's money needs every table"),
        SHEET_FAILS_CHECK_MONEY,
        N_("{where} ({path}): no hands yet; its players are listed with 0"),
    ),
}


@dataclass(frozen=True, slots=True)
class Day:
    tournament: tm.Tournament
    results: tuple[TableResult, ...]
    ledgers: tuple[Ledger | TableMoney, ...]  # a table scored on paper gives its money as a TableMoney
    warnings: tuple[str, ...]
    unfinished: tuple[TableResult, ...] = ()  # the tables short of their game limit


_ROUND_DIR = re.compile(r"round-(\d+)$")


def _drawn_table(
    path: Path,
    t: tm.Tournament,
    r: tm.Round,
    d: tm.DrawnTable,
    words: _Words,
    closed: str | None,
    problems: list[Problem],
    warnings: list[str],
) -> Ledger | None:
    """The ledger of table ``d`` of round ``r`` (``closed``: its head as the desk noted it when its
    round was closed, None before), checked, or None with its problems added:
    missing, unreadable, failing its own check, not this day's, round's and table's sheet (another
    profile, a copy), seating others than the draw, past the limit."""
    number = r.number
    where = message(N_("round {round}, table {table}"), round=number, table=d.table)
    if not path.is_file():
        problems.append(
            Problem.of(
                str(path),
                N_(
                    "{value}: the sheet the draw put here is missing (moved or deleted?); put it back: the table seated {names}"
                ),
                value=where,
                names=", ".join(d.players),
            )
        )
        return None
    try:
        # a closed round's sheet is looked up for the head the desk noted
        snapshot = ledger_file.read(path, since=closed)
    except LedgerError as exc:
        problems += exc.problems
        problems.append(Problem.of(str(path), words.unreadable, value=where))
        return None
    found = list(snapshot.problems) or against_the_rules(snapshot.ledger)  # every hand scored again
    if found:
        problems += ledger_file.locate(found, snapshot.text, str(path))
        problems.append(Problem.of(str(path), words.fails_check, value=where, path=path))
        return None
    chain = snapshot.chain  # which hands a repair entry covers, said
    if chain is not None and (said := covered(chain.found, chain.breaks, chain.said)) is not None:
        warnings.append(message(N_("{path}: {said}"), path=path, said=said))
    if closed is not None and not _closed_fits(snapshot, closed, where, path, problems, warnings):
        return None
    led = snapshot.ledger
    if led.players != d.players:
        problems.append(
            Problem.of(
                str(path),
                N_(
                    "{value}: the sheet seats {names}, but the draw seated {names2}: the sheet was moved or replaced by hand"
                ),
                value=where,
                names=", ".join(led.players),
                names2=", ".join(d.players),
            )
        )
        return None
    foreign = _foreign(led, t, r, d, where)
    if foreign is not None:
        problems.append(Problem.of(str(path), foreign))
        return None
    hands = len(led.hands)
    if hands > d.games:
        problems.append(
            Problem.of(
                str(path),
                N_("{value}: {hands} hands, but the round's limit is {games}: the sheet was edited by hand"),
                value=where,
                hands=hands,
                games=d.games,
            )
        )
        return None
    if led.paper is not None:  # scored from its paper sheet: the whole round
        return led if _paper_fits(led, where, path, problems) else None
    if hands == 0:
        warnings.append(message(words.no_hands, where=where, path=path))
    elif hands < d.games:
        warnings.append(
            message(
                N_("{where} ({path}): {hands} of {games} games played"),
                where=where,
                path=path,
                hands=hands,
                games=d.games,
            )
        )
    return led


def _paper_fits(led: Ledger, where: str, path: Path, problems: list[Problem]) -> bool:
    """A sheet's paper entry must keep the rules ``tournament result`` checked (whole points in
    bounds, zero-sum where the profile is): one rewritten with its hashes worked out again passes
    the sheet's own check, and would be ranked."""
    paper = led.paper
    assert paper is not None
    wrong = out_of_bounds(paper.schrift, paper.money) or zero_sum_problems(led, paper.schrift, paper.money)
    if not wrong:
        return True
    problems += [p.moved(f"{path}: {p.where}") for p in wrong]
    problems.append(
        Problem.of(
            str(path),
            N_(
                "{value}: the sheet's result from its paper sheet breaks these rules: it was edited by hand; it is not ranked"
            ),
            value=where,
        )
    )
    return False


def _closed_fits(
    snapshot: ledger_file.Snapshot,
    head: str,
    where: str,
    path: Path,
    problems: list[Problem],
    warnings: list[str],
) -> bool:
    """A sheet of a closed round must still hold the head the desk noted: else it was rewritten
    afterwards (a problem); entries since are corrections made after the close (a warning)."""
    if snapshot.since is not None and len(head) == 64:  # the whole head, as the desk notes it
        since = len(snapshot.since.after)
    else:
        problems.append(
            Problem.of(
                str(path),
                N_(
                    "{value}: the sheet was rewritten after its round was closed: its head then, {head}, is not in its chain; it is not ranked"
                ),
                value=where,
                head=head[:12],
            )
        )
        return False
    if since:
        warnings.append(
            counted(
                "{where} ({path}): changed after its round was closed ({count} entry since)",
                "{where} ({path}): changed after its round was closed ({count} entries since)",
                since,
                where=where,
                path=path,
                count=since,
            )
        )
    return True


def _foreign(led: Ledger, t: tm.Tournament, r: tm.Round, d: tm.DrawnTable, where: str) -> Message | None:
    """Why a sheet is not the one the draw made for this table, or None: scored under another
    profile than the day's, without the round's game limit, or kept for another day, round or table
    (a copy)."""
    table = led.table
    if table.profile.sha256 != t.profile.sha256:
        return message(
            N_(
                "{value}: the sheet is scored under profile {name!r}, but the day under {day!r}: it was replaced by hand; it is not ranked"
            ),
            value=where,
            name=table.profile.name,
            day=t.profile.name,
        )
    if table.games != d.games:
        return message(
            N_(
                "{value}: the sheet's game limit is {games}, but the round's is {limit}: it was replaced by hand"
            ),
            value=where,
            games=table.games if table.games is not None else "none",
            limit=d.games,
        )
    expected = tm.sheet_place(t, r.number, d.table)
    if table.place != expected or table.created != r.drawn:
        return message(
            N_(
                "{value}: the sheet belongs to {place!r} (drawn {created}), not to this day's round {round}, table {table}: a copied sheet is not ranked"
            ),
            value=where,
            place=table.place or "",
            created=table.created,
            round=r.number,
            table=d.table,
        )
    return None


def _strays(folder: Path, drawn: set[Path], problems: list[Problem], warnings: list[str]) -> None:
    """The sheets in a round folder that the draw does not name: one with hands is a problem (it
    would be left out), one without a warning."""
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []:
        if not _ROUND_DIR.match(sub.name):
            continue
        for extra in sorted(sub.rglob("*.toml")):
            if safe_io.real_path(extra) in drawn:
                continue
            try:
                hands = len(ledger_file.read(extra).ledger.hands)
            except LedgerError as exc:
                problems += exc.problems
                problems.append(
                    Problem.of(
                        str(extra), N_("a file in a round folder that is not in the draw and cannot be read")
                    )
                )
                continue
            if hands:
                problems.append(
                    Problem.of(
                        str(extra),
                        counted(
                            "{count} hand on a sheet that is not in the draw; it would be left out: move the file back where the draw put it, or out of the folder",
                            "{count} hands on a sheet that is not in the draw; they would be left out: move the file back where the draw put it, or out of the folder",
                            hands,
                            count=hands,
                        ),
                    )
                )
            else:
                warnings.append(
                    message(N_("{path}: a sheet without hands that is not in the draw; ignored"), path=extra)
                )


def read_day(folder: Path, purpose: Purpose = Purpose.STANDINGS) -> Day:
    """Every drawn table's ledger, checked; all problems of all tables in one error, worded for
    what the tables are read for (``purpose``)."""
    words = _WORDS[purpose]
    t = read(folder).tournament
    problems: list[Problem] = []
    warnings: list[str] = []
    results: list[TableResult] = []
    ledgers: list[Ledger | TableMoney] = []
    drawn_paths: set[Path] = set()
    closed = tm.closed_heads(t)
    for r in t.draws:
        for d in r.tables:
            path = folder / d.ledger
            drawn_paths.add(safe_io.real_path(path))
            paper = t.paper(r.number, d.table)
            led = _drawn_table(
                path, t, r, d, words, closed.get(d.ledger), problems, [] if paper else warnings
            )
            if led is None:
                continue
            if led.paper is not None:  # the sheet's own paper entry comes before the day file's
                results.append(TableResult(r.number, d.table, d.players, totals(led), d.games, d.games))
                ledgers.append(led)
                continue
            if paper is not None:
                table = _on_paper(t, r, d, paper, led, path, problems)
                if table is not None:
                    results.append(TableResult(r.number, d.table, d.players, table.schrift, d.games, d.games))
                    ledgers.append(table)
                continue
            results.append(TableResult(r.number, d.table, d.players, totals(led), len(led.hands), d.games))
            ledgers.append(led)
    _strays(folder, drawn_paths, problems, warnings)
    if problems:
        raise TournamentError(problems)
    unfinished = tuple(x for x in results if x.hands < x.games)
    return Day(t, tuple(results), tuple(ledgers), tuple(warnings), unfinished)


def _on_paper(
    t: tm.Tournament,
    r: tm.Round,
    d: tm.DrawnTable,
    paper: tm.PaperResult,
    led: Ledger,
    path: Path,
    problems: list[Problem],
) -> TableMoney | None:
    """A table scored from its paper sheet in the day's file (as tarockscore 0.2.0 kept it): its
    sheet must hold no hands (a table is scored one way)."""
    if led.hands:
        problems.append(
            Problem.of(
                str(path),
                N_(
                    "round {round}, table {table}: the sheet has hands and the table has a result from its paper sheet: a table is scored one way"
                ),
                round=r.number,
                table=d.table,
            )
        )
        return None
    schrift = dict(paper.schrift)
    paid = dict(paper.money) if paper.money is not None else schrift
    return TableMoney(d.players, schrift, paid, t.stake, t.profile.rules.settlement.mode)
