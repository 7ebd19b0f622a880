"""Paper results written into their tables' sheets (I/O layer): one entry ``paper`` per table.

Under the day's lock (a closed day refuses): every table's sheet is read and checked first
(sealed, writable, scored one way unless the organiser corrects with ``replace``), then each
sheet's entry is appended under the sheet's own lock, and the day's log gets an entry ``result``
per table naming the sheet's head after it. A refused table writes nothing anywhere. A result
given again that a sheet holds already (a run cut short between the sheets and the day's file,
then repeated) is not written twice: its sheet is left as it is and only its missing entry in the
day's log is added.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from tarockscore.errors import N_, LedgerError, Problem, TournamentError
from tarockscore.files import ledger_file
from tarockscore.files import tournament_file as files
from tarockscore.ledger import paper as ledger_paper
from tarockscore.ledger.model import Ledger
from tarockscore.tournament import model as tm
from tarockscore.tournament.paper import PaperSheet, kept_in_day_file


class Kept(NamedTuple):
    """A table's paper result as kept: the checked result, its sheet, and the sheet's new head."""

    sheet: PaperSheet
    path: Path
    head: str


def _change(sheet: PaperSheet, at: str, replace: bool) -> Callable[[Ledger], Ledger]:
    def change(led: Ledger) -> Ledger:
        return ledger_paper.on_paper(led, sheet.schrift, sheet.money, at, label=sheet.label, replace=replace)

    return change


def _check(folder: Path, t: tm.Tournament, sheet: PaperSheet, at: str, replace: bool) -> list[Problem]:
    """Why this table's sheet takes no paper result now; nothing when it does."""
    path = folder / sheet.table.ledger
    try:
        ledger_file.check_writable(path)
        snapshot = ledger_file.read_trusted(path)
        earlier = kept_in_day_file(t, sheet)
        if earlier is not None and not replace:
            return [earlier]
        led = snapshot.ledger
        if not replace and _already(led, sheet):
            return []  # given again (a run cut short, then repeated): nothing to write to the sheet
        if replace and earlier is None and not led.hands and led.paper is None:
            # a correction of a table that has nothing: most likely the wrong table number
            return [
                Problem.of(
                    "table",
                    N_(
                        "{label}: nothing to replace: its sheet has no hands and no result yet; a first result replaces nothing"
                    ),
                    label=sheet.label,
                )
            ]
        ledger_paper.on_paper(
            snapshot.ledger, sheet.schrift, sheet.money, at, label=sheet.label, replace=replace
        )
    except (LedgerError, TournamentError) as exc:
        return list(exc.problems)
    return []


def _already(led: Ledger, sheet: PaperSheet) -> bool:
    """The sheet holds exactly this result already, and no hand beside it."""
    paper = led.paper
    if paper is None or led.hands:
        return False
    money = dict(paper.money) if paper.money is not None else None
    given = dict(sheet.money) if sheet.money is not None else None
    return dict(paper.schrift) == dict(sheet.schrift) and money == given


def keep(folder: Path, sheets: Sequence[PaperSheet], at: str, *, replace: bool = False) -> list[Kept]:
    """Each paper result appended to its table's sheet, every table checked before any is written;
    the day's log then notes each, naming the sheet's head."""
    path = files.file_path(folder)
    files.read(folder)
    with ledger_file.locked(path):
        snapshot = files.read(folder)
        files.open_day(path)
        t = snapshot.tournament
        problems: list[Problem] = []
        for sheet in sheets:
            problems += _check(folder, t, sheet, at, replace)
        if problems:
            raise TournamentError(problems)
        kept = []
        for sheet in sheets:
            table = folder / sheet.table.ledger
            if not replace and _already(ledger_file.read_trusted(table).ledger, sheet):
                kept.append(Kept(sheet, table, ledger_file.read_trusted(table).head))
                continue
            written = ledger_file.update(table, _change(sheet, at, replace), at=at)
            kept.append(Kept(sheet, table, written.head))
        noted = [e.values for e in t.log if e.kind == "result"]
        events = []
        for k in kept:
            event = {"round": k.sheet.round, "table": k.sheet.table.table, "schrift": k.sheet.schrift}
            event |= {"money": k.sheet.money} if k.sheet.money is not None else {}
            event["sheet"] = k.head
            if event not in noted:  # a sheet written by a run cut short is noted now
                events.append({"kind": "result", "at": at, **event})
        if events:
            text, _new = files.day_text(path, snapshot.raw, t, events)
            ledger_file.write_text(path, text, snapshot.sha256)
        return kept
