"""The tournament folder (I/O layer): ``DIR/tournament.toml`` as a log on the ledger's chain, the table sheets beside it, each drawn table's result read and checked, paper results written into their sheets."""

import contextlib
import csv
import functools
import hashlib
import io
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tarockscore.errors import (
    N_,
    LedgerError,
    Problem,
    TarockError,
    TournamentError,
    UnreadableTournament,
    UsageError,
    counted,
    grouped,
    listed,
    message,
    near_miss,
    one_of,
)
from tarockscore.evening import paper as ledger_paper
from tarockscore.evening import store as ledger_file
from tarockscore.evening.fold import against_the_rules
from tarockscore.evening.model import Ledger, Paper, new_ledger, sheet_at, table_label, totals
from tarockscore.io import safe_io, ways_out
from tarockscore.io.inputs import merge
from tarockscore.rules.words import clean_name, player_key, table_names
from tarockscore.tournament import draw as drawing
from tarockscore.tournament import model as tm
from tarockscore.tournament.standings import Format, TableResult, build_format

HEADER = (
    "# A Tarock tournament, kept by tarockscore (docs/tournament.md). Each drawn table's ledger is\n"
    "# round-N/table-K.toml beside this file; each change is an [[event]] appended at the end.\n"
    "\n"
)
TABLES = ("format", "profile", "heads")  # the keys of an entry written as tables of their own
ARRAYS = ("table",)  # and as arrays of tables: a draw's tables


def formats_dir() -> Path:
    """The folder of shipped formats: the source tree's, else the installed copy."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / "formats", package / "_formats"):
        if candidate.is_dir():
            return candidate
    raise TournamentError(N_("the shipped formats folder is missing from this installation"))


def read_bytes(path: Path, what: str) -> bytes:
    """A regular file of at most 1 MiB (no FIFO, device or folder; a link to a file is fine)."""
    try:
        return safe_io.read_regular(path, what, safe_io.SMALL_LIMIT, TournamentError)
    except FileNotFoundError:
        said = N_("{path}: no such {what} file")
        raise UnreadableTournament(said, path=path, what=safe_io.file_kind(what)) from None


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """A format or a cup's points file (``what``), read as TOML."""
    text = safe_io.decode(read_bytes(path, what), str(path), TournamentError)
    return safe_io.load_toml(text, str(path), TournamentError, what)


def format_document(
    ref: str, relative_to: Path | None = None, _chain: tuple[Path, ...] = (), _by: Path | None = None
) -> dict[str, Any]:
    """The format's mapping with ``extends`` folded in (a shipped name, or a path; ``_by``: the
    file whose ``extends`` names it)."""
    ref = ref.strip()  # typed with a space around it, as any name
    if ref.endswith(".toml") or "/" in ref or "\\" in ref:
        path = Path(ref)
        if not path.is_absolute() and relative_to is not None:
            path = relative_to / path
    else:
        path = formats_dir() / f"{ref}.toml"
        if not path.is_file():
            names = sorted(p.stem for p in formats_dir().glob("*.toml"))
            said = N_(
                "unknown format {ref!r}; shipped formats: {allowed}{hint}; or give the path to a .toml file"
            )
            hint = near_miss(ref, names, any_case=True)
            # a name in a format file's extends is told at that key
            where = f"{_by}: extends" if _by is not None else ""
            raise TournamentError(said, ref=ref, allowed=one_of(names), hint=hint, where=where)
    real = path.resolve() if path.exists() else path  # to find a circle; the file named as given
    if real in _chain:
        raise TournamentError(N_("{path}: the format extends itself"), path=path)
    document = read_toml(path, "format")
    if "extends" not in document and (other := safe_io.other_kind(document, safe_io.FORMAT)):
        said = N_("{path}: not a tournament format: this is {other}")
        raise TournamentError(said, path=path, other=other)
    parent = document.pop("extends", None)
    if parent is None:
        return document
    if not isinstance(parent, str):
        said = N_("{path}: extends: {parent!r} is not a format name or path")
        raise TournamentError(said, path=path, parent=parent)
    merged = merge(format_document(parent, path.parent, (*_chain, real), path), document)
    # named after its file (ours.toml: ours) where it gives no name, as a profile of one's own; the
    # titles of the format it extends name that one's numbers and ties, and describe it no more once
    # it changes them (nor, in the other language, beside a title of its own)
    if "name" not in document:
        merged["name"] = path.stem
    ranks_otherwise = bool(document.keys() & {"total", "tie_breaks", "rank_points"})
    for title, beside in (("title", "title_de"), ("title_de", "title")):
        if title not in document and (ranks_otherwise or beside in document):
            merged.pop(title, None)
    return merged


def load_format(ref: str) -> tuple[Format, dict[str, Any]]:
    """The format ``ref`` names and its mapping; every problem told at ``format``, the field that named it."""
    try:
        document = format_document(ref)
        return build_format(document, ref), document
    except TournamentError as exc:
        raise exc.located("format") from None


class Snapshot(NamedTuple):
    tournament: tm.Tournament
    sha256: str
    raw: bytes


def file_path(folder: Path) -> Path:
    return folder / tm.FILE_NAME


class NoTournamentHere(UnreadableTournament):
    """No tournament file in the folder, or no such folder."""


def existing(folder: Path) -> Path:
    """The day's file in ``folder``; refused, with the way out, where there is none."""
    path = file_path(folder)
    if not os.path.lexists(path):
        if not folder.exists():
            raise NoTournamentHere(ways_out.NO_TOURNAMENT_FOLDER, folder=folder)
        if not folder.is_dir():
            said = N_(
                "{folder} is a file, not a day's folder: give the folder the day was started in, the one that holds {name}"
            )
            raise NoTournamentHere(said, folder=folder, name=tm.FILE_NAME)
        if file_path(folder.parent).is_file():  # a round's folder: the day is the one above it
            said = N_("{folder} is a folder inside the day kept in {day}: give {day}")
            raise NoTournamentHere(said, folder=folder, day=folder.parent)
        raise NoTournamentHere(ways_out.NO_TOURNAMENT, path=path, folder=folder)
    safe_io.check_regular(path, "tournament", TournamentError)  # a FIFO or a folder, named so
    kept = safe_io.real_path(path).parent
    if kept != safe_io.real_path(folder):  # the sheets are beside the day's file, not here
        said = N_(
            "{path} is a link to the day kept in {kept}: a day's sheets are kept beside its file, so this folder would mix its sheets into that day; give {kept}. Nothing was used"
        )
        raise TournamentError(said, path=path, kept=kept)
    return path


def read(folder: Path) -> Snapshot:
    path = existing(folder)
    raw = read_bytes(path, "tournament")
    return Snapshot(parse_day(raw, path), hashlib.sha256(raw).hexdigest(), raw)


def parse_day(raw: bytes, path: Path) -> tm.Tournament:
    """The day a file's bytes hold, each entry's hash checked and applied; a misfit named with its line."""
    name = str(path)
    text = safe_io.decode(raw, name, TournamentError)
    data = safe_io.load_toml(text, name, TournamentError, safe_io.DAY)
    events = data.pop("event", None)
    if (version := data.get("tournament")) != tm.VERSION:
        if version == 1 and events is None:
            raise TournamentError(ways_out.OLD_DAY, path=path, folder=path.parent)
        said = N_(
            "{path}: tournament = {version!r}: expected tournament = {VERSION} (a tarockscore tournament file)"
        )
        if version is None:  # an empty file, or another saved in its place
            said = N_(
                "{path}: no tournament = {VERSION} in it: it is empty, or not a tarockscore tournament file"
            )
        raise TournamentError(said, path=path, version=version, VERSION=tm.VERSION)
    if extra := sorted(set(data) - {"tournament"}):
        said = N_("{path}: {key}: unknown key; the day's file holds its version and its [[event]] entries")
        raise TournamentError(said, path=path, key=extra[0])
    t, prev = None, ledger_file.header_hash(data) or ""
    try:
        for k, event in enumerate(events if isinstance(events, list) else [events] if events else [], 1):
            _fits(event, prev, k)
            prev = event["chain"]["hash"]
            t = tm.apply(t, event, f"entry {k}")
    except TournamentError as exc:
        raise TournamentError(ledger_file.locate(list(exc.problems), text, name)) from None
    if t is None:
        raise TournamentError(N_("{path}: no entries: a day's file begins with its entry begin"), path=path)
    return t


_EDITED = N_(
    "this entry ({kind}, {at}) was changed outside tarockscore, its hash does not match: the day's file changes only through the tournament commands; put it back as it was. Nothing was used"
)
_MOVED = N_(
    "this entry ({kind}, {at}) does not follow the one before it: an entry was removed, reordered or changed outside tarockscore; put the file back as it was. Nothing was used"
)
_CUT = N_(
    "this entry ends without its hash: the file was cut short or edited outside tarockscore; put it back as it was. Nothing was used"
)


def _fits(event: Any, prev: str, k: int) -> None:
    """Refuse entry ``k`` where it does not carry its own hash, or names another ``prev``."""
    if not ledger_file.sealed(event):
        raise TournamentError(_CUT, where=f"entry {k}")
    kind, at = event.get("kind", "?"), event.get("at", "?")
    if ledger_file.entry_hash(event) != event["chain"]["hash"]:
        raise TournamentError(_EDITED, where=f"entry {k}", kind=kind, at=at)
    if event["chain"].get("prev") != prev:
        raise TournamentError(_MOVED, where=f"entry {k}", kind=kind, at=at)


def day_text(
    path: Path, before: bytes, t: tm.Tournament | None, events: Sequence[Mapping[str, Any]]
) -> tuple[str, tm.Tournament]:
    """The file's new text with ``events`` chained on, and the day they make, checked before writing."""
    text = before.decode("utf-8") if before else HEADER + f"tournament = {tm.VERSION}\n"
    head = t.head if t is not None else ledger_file.header_hash({"tournament": tm.VERSION}) or ""
    for k, event in enumerate(events, len(t.log) + 1 if t is not None else 1):
        try:
            part, head, full = ledger_file.block(event, head, TABLES, ARRAYS)
        except LedgerError:
            said = N_("{path}: a value of this change has no form in the day's file; nothing was written")
            raise TournamentError(said, path=path) from None
        t = tm.apply(t, full, f"entry {k}")
        text += part
    if len(text.encode("utf-8")) > safe_io.SMALL_LIMIT:
        said = N_(
            "{path}: the day's file would grow past {limit}, the most it may be read at; nothing was written"
        )
        raise TournamentError(said, path=path, limit=safe_io.size_text(safe_io.SMALL_LIMIT))
    assert t is not None
    return text, t


def open_day(path: Path) -> None:
    """Refuse to change a closed day: a read-only ``tournament.toml``."""
    closed = N_(
        "{path} is read-only: the day is closed, so nothing was written. To reopen it, make it writable again (`chmod u+w {path}`, or untick read-only in its properties)"
    )
    safe_io.open_for_change(path, message(closed, path=path), TournamentError)


def create(folder: Path, begin: Mapping[str, Any]) -> tm.Tournament:
    """Write a new day, its log the entry ``begin``, never over a day kept in ``folder``."""
    if folder.exists() and not folder.is_dir():
        raise TournamentError(N_("{folder} is a file, not a folder; nothing was written"), folder=folder)
    path = file_path(folder)
    safe_io.check_regular(path, safe_io.DAY, TournamentError)  # a FIFO there named as the day's file
    text, t = day_text(path, b"", None, [begin])
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        said = N_("{folder}: the day's folder cannot be made ({why}); nothing was written")
        raise TournamentError(said, folder=folder, why=safe_io.os_reason(exc)) from None
    with ledger_file.locked(path, what=safe_io.DAY, error=TournamentError):
        safe_io.remove_stale_temps(path)  # a killed writer's temp file, as beside a ledger
        if path.exists():
            said = N_(
                "{path} already exists: a tournament is kept there; choose another folder. Nothing was written"
            )
            raise TournamentError(said, path=path)
        ledger_file.write_text(path, text, None, safe_io.DAY)
    return t


@contextlib.contextmanager
def _held(folder: Path) -> Iterator[Snapshot]:
    """The day read under its file's lock, refused where it is closed."""
    path = existing(folder)  # a clear error for a folder without a tournament, before its lock
    with ledger_file.locked(path, what=safe_io.DAY, error=TournamentError):
        safe_io.remove_stale_temps(path)  # a killed writer's temp file, as beside a ledger
        snapshot = read(folder)
        open_day(path)
        yield snapshot


def update(
    folder: Path, change: Callable[[tm.Tournament], Sequence[Mapping[str, Any]]]
) -> tuple[tm.Tournament, tm.Tournament]:
    """The day before and after the entries ``change`` makes of it (none: nothing written)."""
    with _held(folder) as snapshot:
        t = snapshot.tournament
        events = change(t)
        if not events:
            return t, t
        text, new = day_text(file_path(folder), snapshot.raw, t, events)
        ledger_file.write_text(file_path(folder), text, snapshot.sha256, safe_io.DAY)
        return t, new


def _round_problems(t: tm.Tournament, number: int) -> None:
    """Refuse a round out of range, drawn out of order, or with a later round drawn on it."""
    if not 1 <= number <= t.rounds:  # a round the day does not have: the option given out of range
        raise UsageError(tm.NO_SUCH_ROUND, number=number, rounds=t.rounds, where="round")
    if missing := next((n for n in range(1, number) if t.round(n) is None), None):
        said = N_("{number}: draw round {value} first (rounds are drawn in order)")
        raise TournamentError(said, number=number, value=missing, where="round")
    if later := next((r.number for r in t.draws if r.number > number), None):
        said = N_(
            "{number}: round {value} is already drawn on this one; a redraw of round {number} is refused"
        )
        raise TournamentError(said, number=number, value=later, where="round")


def _table_order(sheet: Path) -> tuple[bool, int, str]:
    """A round's sheets by table number (table-2 before table-10), any other name after them."""
    number = re.fullmatch(r"table-(\d+)\.toml", sheet.name)
    return (False, int(number[1]), "") if number else (True, 0, sheet.name)


def _untouched(stale: list[Path], number: int, drawn: bool) -> dict[Path, str]:
    """The sheets of a round to redraw (or, not ``drawn``, left in its folder), read under their
    locks: none may hold a hand or a result from its paper sheet; each one's sha256."""
    played = []
    on_paper = False
    shas: dict[Path, str] = {}
    for sheet in stale:
        try:
            snapshot = ledger_file.read(sheet)
        except LedgerError as exc:
            said = N_("round {number} cannot be redrawn while this sheet cannot be read")
            raise LedgerError([*exc.problems, Problem.of(str(sheet), said, number=number)]) from None
        hands = len(snapshot.ledger.hands)
        if hands:
            played.append(
                counted("{path} ({count} hand)", "{path} ({count} hands)", hands, path=sheet, count=hands)
            )
        elif snapshot.ledger.paper is not None:
            on_paper = True
            played.append(message(N_("{path} (a result from its paper sheet)"), path=sheet))
        elif safe_io.read_only(os.stat(sheet)):
            closed = N_(
                "{path} is read-only: the table is closed, so round {number} is not redrawn; nothing was written"
            )
            raise TournamentError(closed, path=sheet, number=number, where="round")
        shas[sheet] = snapshot.sha256
    if played:
        said = (
            N_("round {number} already has results: {names}; a round that has begun cannot be redrawn")
            if on_paper
            else N_("round {number} already has hands: {names}; a round that has begun cannot be redrawn")
        )
        if not drawn:  # a folder of another day, copied to begin this one
            said = N_(
                "round {number} is not drawn yet, but {folder} holds sheets played: {names}: another day's? Move them out of the folder; nothing was written"
            )
        names = listed(played)
        if len(played) >= 5:  # a cup day's 25 sheets would make one line of a thousand characters
            names = message(N_("{names} and {count} more"), names=listed(played[:3]), count=len(played) - 3)
        raise TournamentError(said, number=number, folder=stale[0].parent, names=names, where="round")
    return shas


def draw_round(folder: Path, number: int, seed: int, at: str) -> tm.Tournament:
    """Draw round ``number``: its sheets written under their locks, the draw appended, all checked first."""
    with _held(folder) as snapshot:
        t = snapshot.tournament
        _round_problems(t, number)
        earlier = [[d.players for d in r.tables] for r in t.draws if r.number < number]
        draw = tm.draw_event(t, number, seed, at, drawing.draw(t.players, earlier, seed))
        before = t.round(number - 1)
        events = []
        if before is not None and not {d.ledger for d in before.tables} <= tm.closed_heads(t).keys():
            events.append(_closed(folder, before, at, strict=False))
        text, new = day_text(file_path(folder), snapshot.raw, t, [*events, draw])
        # each table's new sheet: seated as drawn, the day's profile and stake, the round's limit
        sheets = {
            folder / d.ledger: new_ledger(
                d.players,
                new.profile.rules,
                created=at,
                stake=new.stake,
                date=new.date or at[:10],
                place=tm.sheet_place(new, number, d.table),
                games=d.games,
            )
            for d in tm.drawn_round(new, number).tables
        }
        round_dir = folder / f"round-{number}"
        stale = sorted(round_dir.glob("table-*.toml"), key=_table_order) if round_dir.is_dir() else []
        try:
            round_dir.mkdir(exist_ok=True)
        except OSError as exc:
            said = N_("{folder}: round {number}'s folder cannot be made ({why}); nothing was written")
            raise TournamentError(said, folder=round_dir, number=number, why=safe_io.os_reason(exc)) from None
        with contextlib.ExitStack() as held:
            for sheet in sorted({*stale, *sheets}):
                held.enter_context(ledger_file.locked(sheet))
            shas = _untouched(stale, number, t.round(number) is not None)
            for sheet, fresh in sheets.items():
                ledger_file.save(sheet, fresh, shas.get(sheet))
            for sheet in stale:
                if sheet not in sheets:
                    sheet.unlink()
        ledger_file.write_text(file_path(folder), text, snapshot.sha256, safe_io.DAY)
        return new


def _present(path: Path, number: int, d: tm.DrawnTable) -> None:
    """Table ``d``'s sheet refused where it is not there: moved or deleted, named with its players
    (a FIFO or a device in its place named so)."""
    if safe_io.check_regular(path, safe_io.LEDGER, TournamentError) is None:
        said = N_(
            "{value}: the sheet the draw put here is missing (moved or deleted?); put it back: the table seated {names}"
        )
        names = ", ".join(d.players)
        raise TournamentError(said, where=str(path), value=table_label(number, d.table), names=names)


SEATS_OTHER = ledger_file.SEATS_OTHER  # a sheet at another table's place, named as the store names it


def seats_other(path: Path, r: tm.Round, d: tm.DrawnTable, players: Sequence[str]) -> Problem | None:
    """Table ``d``'s sheet at ``path`` refused where it seats other ``players`` than the draw put
    there: named as the sheet of the round's table that seats them (two sheets exchanged), if one does."""
    if tuple(players) == tuple(d.players):
        return None
    where, names = table_label(r.number, d.table), ", ".join(players)
    other = next((o for o in r.tables if tuple(o.players) == tuple(players)), None)
    if other is None:
        said = N_(
            "{value}: the sheet seats {names}, but the draw seated {names2}: the sheet was moved or replaced by hand"
        )
        return Problem.of(str(path), said, value=where, names=names, names2=", ".join(d.players))
    there = path.parent.parent / other.ledger
    return Problem.of(str(path), SEATS_OTHER, value=where, names=names, other=other.table, there=there)


def _drawn_sheet(path: Path, r: tm.Round, d: tm.DrawnTable, writable: bool = False) -> ledger_file.Snapshot:
    """Table ``d``'s sheet, read and checked: refused where it is missing, seats other players than
    the draw did, or (``writable``) cannot take a change."""
    _present(path, r.number, d)
    if writable:
        ledger_file.check_writable(path)
    snapshot = ledger_file.read_trusted(path)
    if (other := seats_other(path, r, d, snapshot.ledger.players)) is not None:
        raise TournamentError([other])
    return snapshot


def _closed(folder: Path, r: tm.Round, at: str, *, strict: bool) -> dict[str, Any]:
    """The desk's note of round ``r``'s end (``strict``: a sheet that cannot be read is refused)."""
    heads: dict[str, str] = {}
    problems: list[Problem] = []
    for d in r.tables:
        try:  # a sheet seating other players is refused: its head noted here would be another table's
            heads[d.ledger] = _drawn_sheet(folder / d.ledger, r, d).head
        except TarockError as exc:
            problems += exc.problems
    if problems and strict:
        said = N_(
            "round {round} is not closed: each sheet named above is put right first; nothing was written"
        )
        raise TournamentError([*problems, Problem.of("round", said, round=r.number)])
    return {"kind": "close", "at": at, "round": r.number, "heads": heads}


def close_round(folder: Path, number: int, at: str) -> tm.Tournament:
    """The desk's note at the end of round ``number``; none where nothing changed since it was closed."""

    def change(t: tm.Tournament) -> list[dict[str, Any]]:
        r = tm.drawn_round(t, number)
        closed = _closed(folder, r, at, strict=True)
        tables = {d.ledger for d in r.tables}
        noted = [e.values["heads"] for e in t.log if e.kind == "close" and set(e.values["heads"]) == tables]
        return [] if noted and noted[-1] == closed["heads"] else [closed]

    return update(folder, change)[1]


# What a spreadsheet's column of players is headed with, in German and in English.
_HEADINGS = frozenset(
    {"name", "namen", "spieler", "spielerin", "teilnehmer", "mitglied", "player", "players"}
)
_NAMED_AGAIN = N_("{name!r} is named already on line {first}")
_OTHER_CASE = N_(
    "{name!r} differs from {other!r} on line {first} only by case: names are matched in any case"
)


def read_players(path: str | os.PathLike[str], warn: Callable[[str], None] = lambda said: None) -> list[str]:
    """The players of a file, one name a line (blank lines and # lines skipped), each checked as a
    name; ``warn`` is told a file read as Windows-1252."""
    text = safe_io.decode(read_bytes(Path(path), "players"), str(path), TournamentError, spreadsheet=warn)
    try:  # the wrong file picked: a ledger, a profile, a day's own file (a list of names is no TOML)
        kind = safe_io.other_kind(safe_io.load_toml(text, str(path), TournamentError), "players")
    except TarockError:
        kind = None
    if kind is not None:
        said = N_("{path}: not a list of names: this is {other}; write one player's name a line")
        raise TournamentError(said, path=path, other=kind)
    # lines end in "\n", "\r\n" or "\r" alone (old Macs) only: a line separator within a name is the
    # name's, to be refused
    cleaned = enumerate(map(clean_name, text.replace("\r\n", "\n").replace("\r", "\n").split("\n")), 1)
    rows = [(number, name) for number, name in cleaned if name and not name.startswith("#")]
    names = [name for _, name in rows]
    problems = [p for number, name in rows for p in table_names([name], f"{path}:{number}")]
    if not names:  # the wrong file, or one not saved: a day needs its players to draw
        raise TournamentError(N_("{path}: no name in it; write one player's name a line"), path=path)
    sign = next((c for c in ";,\t" if len(names) > 1 and all(c in n for n in names)), None)
    if sign is not None:  # a spreadsheet's rows: not one line is a name
        said = N_(
            "{path}: every line holds {sign!r}, as a table's columns do (line {number}: {line!r}): the file takes one name a line; save the column of names alone, or each first and last name in one cell"
        )
        raise TournamentError(said, path=path, sign=sign, number=rows[0][0], line=names[0])
    if names[0].casefold() in _HEADINGS:  # a spreadsheet's column saved with its heading
        said = N_(
            "{path}:{number}: {line!r} is the heading of a column of names, not a player: delete the "
            "line, or write it as a comment (# {line})"
        )
        raise TournamentError(said, path=path, number=rows[0][0], line=names[0])
    first: dict[str, tuple[int, str]] = {}
    for number, name in rows:  # each name again at its line, with the first
        seen, other = first.setdefault(player_key(name), (number, name))
        if seen != number:
            said = _NAMED_AGAIN if other == name else _OTHER_CASE
            problems.append(Problem.of(f"{path}:{number}", said, name=name, other=other, first=seen))
    if problems:
        raise TournamentError(problems)
    return names


RESULT_COLUMNS = ("round", "table", "player", "schrift")
# the columns as a club keeping its sheet in German heads them
_GERMAN_COLUMNS = {"runde": "round", "tisch": "table", "spieler": "player", "geld": "money"}
# every column a results file may have: money, and the draw's CSV's seat and ledger, left aside
_COLUMNS = {*RESULT_COLUMNS, "money", "seat", "ledger"}
_ZERO_FRACTION = re.compile(r",00?(?=\s*$)")
NOT_WHOLE = N_("{cell!r} is not a whole number; write e.g. 12 or -4")
MONEY_NOT_WHOLE = N_(
    "{cell!r} is not a whole number: this column holds the table's money points (its Schrift with what the Kontras moved), not an amount of money; write e.g. 24 or -8"
)


def _unescaped(cell: str, seated: frozenset[str]) -> str:
    """A name as the draw's CSV wrote it, without the ``'`` it puts before a name a spreadsheet
    would run as a formula (``'@A1``, ``'+SUM(1+1)``); kept where a player (``seated``, casefolded)
    is called so, ``'`` and all."""
    if cell.startswith(("'=", "'+", "'-", "'@")) and cell.casefold() not in seated:
        return cell[1:]
    return cell


def _csv_rows(text: str, path: Path) -> tuple[list[list[str]], str]:
    """The rows of a results file and the sign between its cells."""
    # a spreadsheet set to German saves semicolons between the cells; no name holds either sign
    columns = text.partition("\n")[0]
    delimiter = ";" if columns.count(";") > columns.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[list[str]] = []
    read = 0  # the lines of the rows read
    try:
        for row in reader:
            rows.append(row)
            read = reader.line_num
    except csv.Error as exc:  # a cell past the reader's limit: most likely a quotation mark left open
        if "field limit" not in str(exc):
            said = N_("{path}:{line}: not readable as CSV: {why}")
            raise TournamentError(said, path=path, line=reader.line_num, why=exc) from None
        said = N_(
            "{path}:{line}: a cell of more than {limit} characters, which no result has: is a quotation mark left open, so that the cell runs on over the lines after it?"
        )
        raise TournamentError(said, path=path, line=read + 1, limit=grouped(csv.field_size_limit())) from None
    return rows, delimiter


def results_csv(
    path: Path, warn: Callable[[str], None], seated: frozenset[str] = frozenset()
) -> tuple[
    list[tuple[int, int, dict[str, int], dict[str, int] | None]], dict[tuple[int, int], dict[str, str]]
]:
    """A round's paper results from a CSV ``round,table,player,schrift[,money]``, its columns read by
    name, each bad row named; and for each table where each name was given (``FILE:LINE``).
    ``seated``: the day's drawn names, casefolded."""
    text = safe_io.decode(read_bytes(path, "results"), str(path), TournamentError, spreadsheet=warn)
    # a line ends in "\r\n", "\n" or "\r" alone (Excel's "CSV (Macintosh)")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    rows, delimiter = _csv_rows(text, path)
    header = tuple(c.strip() for c in rows[0]) if rows else ()
    # a column with no name (a separator at the end of each line, as some spreadsheets save) is left aside
    named = [(i, c) for i, c in enumerate(header) if c]
    at = {_GERMAN_COLUMNS.get(c.casefold(), c.casefold()): i for i, c in named}
    if len(at) != len(named) or not set(RESULT_COLUMNS) <= set(at) <= _COLUMNS:
        said = N_(
            "{path}: the first line must name the columns round,table,player,schrift (and money), or "
            "Runde,Tisch,Spieler,Schrift (and Geld), each once, in any order; seat and ledger, as the "
            "draw's CSV has them, are left aside"
        )
        raise TournamentError(said, path=path)
    with_money = "money" in at
    tables: dict[tuple[int, int], tuple[dict[str, int], dict[str, int] | None]] = {}
    problems: list[Problem] = []
    seen: dict[tuple[int, int, str], int] = {}
    rows_at: dict[tuple[int, int], dict[str, str]] = {}
    blanks: dict[tuple[int, int], list[int]] = {}
    for line, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            problems.append(
                Problem.of(
                    f"{path}:{line}",
                    N_("{row!r} has {cells} of the {count} columns the first line names: {columns}"),
                    row=delimiter.join(row),
                    cells=len(row),
                    count=len(header),
                    columns=delimiter.join(header),
                )
            )
            continue
        blank = with_money and not row[at["money"]].strip()  # no money written: a table without Kontra
        numeric = [
            c for c in ("round", "table", "schrift", "money") if c in at and not (blank and c == "money")
        ]
        # a German spreadsheet saves 12 formatted with decimals as 12,0 or 12,00: whole points (money
        # written so may be euros, which that column's refusal says it does not hold)
        numbers = {
            c: tm.whole_number(row[at[c]] if c == "money" else _ZERO_FRACTION.sub("", row[at[c]]))
            for c in numeric
        }
        wrong = [c for c in numeric if numbers[c] is None]
        for c in wrong:  # a cell that is no number, named by its column as the first line names it
            said = MONEY_NOT_WHOLE if c == "money" else NOT_WHOLE
            problems.append(Problem.of(f"{path}:{line}: {header[at[c]]}", said, cell=row[at[c]].strip()))
        if wrong:
            continue
        key = (numbers["round"] or 0, numbers["table"] or 0)
        schrift, money = tables.setdefault(key, ({}, {} if with_money else None))
        name = _unescaped(clean_name(row[at["player"]]), seated)
        first = seen.setdefault((*key, name.casefold()), line)
        if first != line:  # a row copied twice would count once, or its last copy silently
            twice = N_("{name!r} is given twice for round {round}, table {table} (first on line {first})")
            problems.append(
                Problem.of(f"{path}:{line}", twice, name=name, round=key[0], table=key[1], first=first)
            )
            continue
        schrift[name] = numbers["schrift"] or 0
        rows_at.setdefault(key, {})[name] = f"{path}:{line}"
        if blank:
            blanks.setdefault(key, []).append(line)
        elif money is not None:
            money[name] = numbers["money"] or 0
    for key, lines in blanks.items():  # left empty beside a table's money given: missing, not none
        problems += [
            Problem.of(f"{path}:{n}: {header[at['money']]}", MONEY_NOT_WHOLE, cell="")
            for n in lines
            if tables[key][1]
        ]
    if not tables and not problems:
        problems.append(Problem.of(str(path), N_("no results: the file has its columns but no rows")))
    if problems:
        raise TournamentError(problems)
    return [(r, t, schrift, money or None) for (r, t), (schrift, money) in tables.items()], rows_at


# A table that cannot count, or has no hands, as said for the standings (False) or for the money (True).
_UNREADABLE = {
    False: N_("{value}: this table's sheet cannot be read; the standings need every table"),
    True: N_("{value}: this table's sheet cannot be read; the day's money needs every table"),
}
_FAILS_CHECK = {False: ways_out.SHEET_FAILS_CHECK, True: ways_out.SHEET_FAILS_CHECK_MONEY}
_NO_HANDS = {
    False: N_("{where} ({path}): no hands yet; it is shown but not ranked"),
    True: N_("{where} ({path}): no hands yet; its players are listed with 0"),
}
_NOT_PLAYED = {  # no hands, and its round closed
    False: N_(
        "{where} ({path}): no hands, and its round is closed: it was not played; it is shown but not ranked"
    ),
    True: N_(
        "{where} ({path}): no hands, and its round is closed: it was not played; its players are listed with 0"
    ),
}
_GAMES_PLAYED = N_("{where} ({path}): {hands} of {games} games played")
# The templates of the warnings that name a table short of its game limit, each table once: the
# command line folds them into one line, and says every other warning (a sheet changed after its
# round was closed, a stray sheet) as it is.
SHORT_OF_LIMIT = frozenset({_GAMES_PLAYED, *_NO_HANDS.values(), *_NOT_PLAYED.values()})
# A table's sheet missing when its round was closed, so that its head was not noted.
NOT_NOTED = N_(
    "{where} ({path}): its head was not noted when its round was closed (the sheet could not be read then); closing round {round} again notes it"
)


class Day(NamedTuple):
    tournament: tm.Tournament
    results: tuple[TableResult, ...]
    ledgers: tuple[Ledger, ...]
    warnings: tuple[str, ...]
    unfinished: tuple[TableResult, ...] = ()  # the tables short of their game limit


_ROUND_DIR = re.compile(r"round-(\d+)$")


def table_place(path: Path) -> tuple[Path, int, int] | None:
    """The day, round and table whose sheet goes at ``path`` (``DAY/round-1/table-2.toml``), if any."""
    day, place = path.parent.parent, sheet_at(path)
    if place is None or not file_path(day).is_file():
        return None
    return day, *place


_COPIED = N_(
    "{value}: the sheet belongs to {place!r} (drawn {created}), not to this day's round {round}, table {table}: the standings would not rank a hand recorded on it; put the table's own sheet back. Nothing was written"
)


def sheet_out_of_place(path: Path) -> Problem | None:
    """A tournament table's sheet a change refuses: another table's (two tables' sheets exchanged,
    :func:`~tarockscore.evening.store.misplaced_sheet`: the change would count there), or one the
    day's draw did not write (copied from another day, or its header's place or time rewritten:
    the standings would not rank it). None for a ledger at no table's place, and where the day, its
    round or the sheet's header does not read (the commands that read them say why)."""
    if (elsewhere := ledger_file.misplaced_sheet(path)) is not None:
        return elsewhere
    if (place := table_place(path)) is None:
        return None
    folder, number, table = place
    try:
        t, header = read(folder).tournament, ledger_file.header_table(path)
    except (TarockError, OSError):
        return None
    drawn, expected = t.round(number), tm.sheet_place(t, number, table)
    if drawn is None or expected is None:  # not drawn: the draw refuses it; a day begun before 0.2
        return None
    if header.get("place") == expected and header.get("created") == drawn.drawn:
        return None
    where = {"value": table_label(number, table), "round": number, "table": table}
    return Problem.of(
        str(path), _COPIED, place=header.get("place") or "", created=header.get("created"), **where
    )


def _drawn_table(
    path: Path,
    t: tm.Tournament,
    r: tm.Round,
    d: tm.DrawnTable,
    money: bool,
    closed: str | None,
    warnings: list[str],
) -> Ledger:
    """The ledger of table ``d`` of round ``r``, checked (``closed``: its head as the desk noted it)."""
    where = table_label(r.number, d.table)
    _present(path, r.number, d)
    try:
        # a closed round's sheet is looked up for the head the desk noted
        snapshot = ledger_file.read(path, since=closed)
    except LedgerError as exc:
        unread = Problem.of(str(path), _UNREADABLE[money], value=where)
        raise TournamentError([*exc.problems, unread]) from None
    found = list(snapshot.problems) or against_the_rules(snapshot.ledger)  # every hand scored again
    if found:
        failed = Problem.of(str(path), _FAILS_CHECK[money], value=where, path=path)
        raise TournamentError([*ledger_file.locate(found, snapshot.text, str(path)), failed])
    warnings += ledger_file.said_on_reading(snapshot)  # a repair's hands, a torn last entry
    led, table = snapshot.ledger, snapshot.ledger.table
    hands = len(led.hands)
    # each way a sheet can be other than the draw made it, in the order they are said (the first refuses):
    # a sheet that seats other players (two tables' sheets swapped) is named so in a closed round too
    if (other := seats_other(path, r, d, led.players)) is not None:
        raise TournamentError([other])
    at = {"where": str(path), "value": where}
    if closed is not None and (snapshot.since is None or len(closed) != 64):
        said = N_(
            "{value}: the sheet was rewritten after its round was closed: its head then, {head}, is not in its chain; it is not ranked"
        )
        raise TournamentError(said, head=closed[:12], **at)
    if table.profile.sha256 != t.profile.sha256:
        said = N_(
            "{value}: the sheet is scored under profile {name!r}, but the day under {day!r}: it was replaced by hand; it is not ranked"
        )
        raise TournamentError(said, name=table.profile.name, day=t.profile.name, **at)
    if table.games != d.games:
        said = N_(
            "{value}: the sheet's game limit is {games}, but the round's is {limit}: it was replaced by hand"
        )
        games = table.games if table.games is not None else "none"
        raise TournamentError(said, games=games, limit=d.games, **at)
    if table.place != tm.sheet_place(t, r.number, d.table) or table.created != r.drawn:
        said = N_(
            "{value}: the sheet belongs to {place!r} (drawn {created}), not to this day's round {round}, table {table}: a copied sheet is not ranked"
        )
        place = table.place or ""
        raise TournamentError(said, place=place, created=table.created, round=r.number, table=d.table, **at)
    if hands > d.games:
        said = N_("{value}: {hands} hands, but the round's limit is {games}: the sheet was edited by hand")
        raise TournamentError(said, hands=hands, games=d.games, **at)
    if snapshot.since is not None and (since := len(snapshot.since.after)):
        changed = counted(
            "{where} ({path}): changed after its round was closed ({count} entry since); closing round {round} again notes it",
            "{where} ({path}): changed after its round was closed ({count} entries since); closing round {round} again notes it",
            since,
            where=where,
            path=path,
            count=since,
            round=r.number,
        )
        warnings.append(changed)
    if led.paper is not None:  # the whole round from its paper sheet: by `tournament result`'s rules
        if broken := ledger_paper.paper_problems(led, led.paper.schrift, led.paper.money):
            said = N_(
                "{value}: the sheet's result from its paper sheet breaks these rules: it was edited by hand; it is not ranked"
            )
            moved = [p.moved(f"{path}: {p.where}") for p in broken]
            raise TournamentError([*moved, Problem.of(str(path), said, value=where)])
    elif hands == 0:  # a closed round's table without hands did not play: none are still to come
        short = (_NO_HANDS if closed is None else _NOT_PLAYED)[money]
        warnings.append(message(short, where=where, path=path))
    elif hands < d.games:
        warnings.append(message(_GAMES_PLAYED, where=where, path=path, hands=hands, games=d.games))
    return led


def _strays(folder: Path, drawn: set[Path], problems: list[Problem], warnings: list[str]) -> None:
    """The sheets in a round folder the draw does not name: with hands a problem, else a warning."""
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and _ROUND_DIR.match(p.name)):
        for extra in sorted(sub.rglob("*.toml")):
            if safe_io.real_path(extra) in drawn:
                continue
            try:
                hands = len(ledger_file.read(extra).ledger.hands)
            except LedgerError as exc:
                said = N_("a file in a round folder that is not in the draw and cannot be read")
                problems += [*exc.problems, Problem.of(str(extra), said)]
                continue
            if hands:
                left_out = counted(
                    "{count} hand on a sheet that is not in the draw; it would be left out: move the file back where the draw put it, or out of the folder",
                    "{count} hands on a sheet that is not in the draw; they would be left out: move the file back where the draw put it, or out of the folder",
                    hands,
                    count=hands,
                )
                problems.append(Problem.of(str(extra), left_out))
            else:
                ignored = N_("{path}: a sheet without hands that is not in the draw; ignored")
                warnings.append(message(ignored, path=extra))


def _result(paper: Paper | None) -> tuple[dict[str, int], dict[str, int] | None] | None:
    """A sheet's result from its paper sheet, its Schrift and money points as plain tables; None: none."""
    if paper is None:
        return None
    return dict(paper.schrift), None if paper.money is None else dict(paper.money)


def _against_note(path: Path, note: Mapping[str, Any], where: str) -> list[Problem]:
    """A paper table's sheet against the day's note of its result (the latest): the sheet's head then
    still in its chain, and the result the sheet held at it the one noted."""
    then = ledger_file.read(path, since=note["sheet"]).since
    if then is None:
        said = N_(
            "{value}: the sheet was rewritten after its result from its paper sheet was noted in the day's log: its head then, {head}, is not in its chain; it is not ranked"
        )
        return [Problem.of(str(path), said, value=where, head=note["sheet"][:12])]
    if _result(then.then.paper) != (dict(note["schrift"]), note.get("money")):
        said = N_(
            "{value}: the day's log notes another result from its paper sheet than the sheet held then ({head}): one of the two was edited by hand; it is not ranked"
        )
        return [Problem.of(str(path), said, value=where, head=note["sheet"][:12])]
    return []


def read_day(folder: Path, *, money: bool = False) -> Day:
    """Every drawn table's ledger, checked; all problems in one error, worded for the standings or money."""
    t = read(folder).tournament
    problems: list[Problem] = []
    warnings: list[str] = []
    results: list[TableResult] = []
    ledgers: list[Ledger] = []
    drawn_paths: set[Path] = set()
    closed = tm.closed_heads(t)
    closed_rounds = {e.values["round"] for e in t.log if e.kind == "close"}
    noted = {(e.values["round"], e.values["table"]): e.values for e in t.log if e.kind == "result"}
    for r in t.draws:
        for d in r.tables:
            path = folder / d.ledger
            drawn_paths.add(safe_io.real_path(path))
            try:
                led = _drawn_table(path, t, r, d, money, closed.get(d.ledger), warnings)
            except TournamentError as exc:
                problems += exc.problems
                continue
            if (note := noted.get((r.number, d.table))) is not None:
                problems += _against_note(path, note, table_label(r.number, d.table))
            if r.number in closed_rounds and d.ledger not in closed:  # missing when the next draw closed it
                where = table_label(r.number, d.table)
                warnings.append(message(NOT_NOTED, where=where, path=path, round=r.number))
            hands = d.games if led.paper is not None else len(led.hands)
            results.append(TableResult(r.number, d.table, d.players, totals(led), hands, d.games))
            ledgers.append(led)
    _strays(folder, drawn_paths, problems, warnings)
    if problems:
        raise TournamentError(problems)
    unfinished = tuple(x for x in results if x.hands < x.games)
    return Day(t, tuple(results), tuple(ledgers), tuple(warnings), unfinished)


def _on_sheet(led: Ledger, sheet: tm.PaperSheet, at: str, replace: bool) -> Ledger:
    """The sheet scored from its paper result; the sheet itself (nothing to write) where it holds exactly
    this result and no hand already: given again, after a run cut short, or beside a correction."""
    if not led.hands and _result(led.paper) == (sheet.schrift, sheet.money):
        return led
    return ledger_paper.on_paper(led, sheet.schrift, sheet.money, at, label=sheet.label, replace=replace)


def _check(folder: Path, t: tm.Tournament, sheet: tm.PaperSheet, at: str, replace: bool) -> list[Problem]:
    """Why this table's sheet takes no paper result now; nothing when it does."""
    path = folder / sheet.table.ledger
    try:
        # another table's sheet is refused: the result would count there
        led = _drawn_sheet(path, tm.drawn_round(t, sheet.round), sheet.table, writable=True).ledger
        if replace and not led.hands and led.paper is None:
            # a correction of a table that has nothing: most likely the wrong table number
            said = N_(
                "{label}: nothing to replace: its sheet has no hands and no result yet; a first result replaces nothing"
            )
            return [Problem.of("table", said, label=sheet.label)]
        _on_sheet(led, sheet, at, replace)
    except TarockError as exc:
        return list(exc.problems)
    return []


def paper_entries(
    folder: Path, t: tm.Tournament, sheets: Sequence[tuple[tm.PaperSheet, str]], *, replace: bool
) -> list[dict[str, Any]]:
    """Each paper result appended to its sheet, all checked first, and noted in the day's log."""
    problems = [p for sheet, at in sheets for p in _check(folder, t, sheet, at, replace)]
    if problems:
        raise TournamentError(problems)
    noted = [e.values for e in t.log if e.kind == "result"]
    events = []
    for sheet, at in sheets:
        change = functools.partial(_on_sheet, sheet=sheet, at=at, replace=replace)
        event = {"round": sheet.round, "table": sheet.table.table, "schrift": sheet.schrift}
        event |= {"money": sheet.money} if sheet.money is not None else {}
        event["sheet"] = ledger_file.update(folder / sheet.table.ledger, change, at=at).head
        if event not in noted:
            events.append({"kind": "result", "at": at, **event})
    return events
