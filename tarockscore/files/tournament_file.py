"""The tournament folder (I/O layer): ``DIR/tournament.toml`` and the table ledgers beside it.

``tournament.toml`` is written whole and atomically under its lock, by the same helper that writes
a ledger (``ledger_file.write_text``: temp file, fsync, rename; refused if the file changed since
it was read). Each drawn table is an ordinary ledger, ``DIR/round-N/table-K.toml``, created like
``tarockscore new`` creates one.

The file is sealed (:mod:`tarockscore.tournament.seal`): a file edited by hand is refused naming
the parts that changed, and each change leaves a trace entry. A read-only file is a closed day.
A redraw replaces a round's sheets under each sheet's lock, and only sheets without hands. The
day's results are read in ``tournament_day``.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from tarockscore.errors import (
    N_,
    LedgerError,
    Problem,
    TournamentError,
    UnreadableTournament,
    counted,
    listed,
    message,
    near_miss,
    one_of,
)
from tarockscore.files import ledger_file, safe_io
from tarockscore.files import tournament_chain as chain
from tarockscore.files.profile_file import merge
from tarockscore.files.ways_out import NO_TOURNAMENT, NO_TOURNAMENT_FOLDER
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.table import new_ledger
from tarockscore.rules.words import nfc, strip_spaces
from tarockscore.tournament import draw as drawing
from tarockscore.tournament import model as tm
from tarockscore.tournament import seal
from tarockscore.tournament.format import Format, build_format
from tarockscore.tournament.model import FILE_NAME

HEADER = (
    "# A Tarock tournament, kept by tarockscore (docs/tournament.md). Each drawn table's ledger is\n"
    "# round-N/table-K.toml beside this file; change players with `tarockscore tournament players`.\n"
    "\n"
)


# -- formats ----------------------------------------------------------------------------------------


def formats_dir() -> Path:
    """The folder of shipped formats: the source tree's, else the installed copy."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / "formats", package / "_formats"):
        if candidate.is_dir():
            return candidate
    raise TournamentError(N_("the shipped formats folder is missing from this installation"))


def shipped_formats() -> list[str]:
    return sorted(p.stem for p in formats_dir().glob("*.toml"))


def _read_bytes(path: Path, what: str) -> bytes:
    """A regular file of at most 1 MiB (no FIFO, device or folder; a link to a file is fine)."""
    try:
        return safe_io.read_regular(path, what, safe_io.SMALL_LIMIT, TournamentError)
    except FileNotFoundError:
        raise UnreadableTournament(N_("{path}: no such {what} file"), path=path, what=what) from None


def _parse(data: bytes, path: Path) -> dict[str, Any]:
    """The TOML of a file read with :func:`_read_bytes`: UTF-8, bounded nesting and numbers."""
    return safe_io.load_toml(safe_io.decode(data, str(path), TournamentError), str(path), TournamentError)


def _read_toml(path: Path, what: str) -> dict[str, Any]:
    return _parse(_read_bytes(path, what), path)


def format_document(
    ref: str, relative_to: Path | None = None, _chain: tuple[Path, ...] = ()
) -> dict[str, Any]:
    """The format's mapping with ``extends`` folded in (a shipped name, or a path)."""
    if ref.endswith(".toml") or "/" in ref or "\\" in ref:
        path = Path(ref)
        if not path.is_absolute() and relative_to is not None:
            path = relative_to / path
    else:
        path = formats_dir() / f"{ref}.toml"
        if not path.is_file():
            names = shipped_formats()
            raise TournamentError(
                N_(
                    "unknown format {ref!r}; shipped formats: {allowed}{hint}; or give the path to a .toml file"
                ),
                ref=ref,
                allowed=one_of(names),
                hint=near_miss(ref, names),
                where="format",
            )
    path = path.resolve() if path.exists() else path
    if path in _chain:
        raise TournamentError(N_("{path}: the format extends itself"), path=path)
    document = _read_toml(path, "format")
    parent = document.pop("extends", None)
    if parent is None:
        return document
    if not isinstance(parent, str):
        raise TournamentError(
            N_("{path}: extends: {parent!r} is not a format name or path"), path=path, parent=parent
        )
    merged = merge(format_document(parent, path.parent, (*_chain, path)), document)
    if "title" in document and "title_de" not in document:
        # a title of one's own: the German of the parent's title would describe the parent
        merged.pop("title_de", None)
    return merged


def load_format(ref: str) -> tuple[Format, dict[str, Any]]:
    document = format_document(ref)
    try:
        return build_format(document, ref), document
    except TournamentError as exc:
        raise TournamentError(exc.problems) from None


# -- tournament.toml ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Snapshot:
    folder: Path
    tournament: tm.Tournament
    sha256: str


def file_path(folder: Path) -> Path:
    return folder / tm.FILE_NAME


def render(t: tm.Tournament) -> str:
    """The whole file, rendered in one piece, sealed (:mod:`tarockscore.tournament.seal`)."""
    content = tm.to_mapping(t)
    # sealed as it reads back, so the digest of a value is the digest of what a later read sees
    body = safe_io.load_toml(tomli_w.dumps(content), FILE_NAME, TournamentError)
    return HEADER + tomli_w.dumps({**content, seal.KEY: seal.seal(body)})


class NoTournamentHere(UnreadableTournament):
    """No tournament file in the folder, or no such folder."""


def read(folder: Path) -> Snapshot:
    path = file_path(folder)
    if not path.is_file():
        if not folder.exists():
            raise NoTournamentHere(NO_TOURNAMENT_FOLDER, folder=folder)
        raise NoTournamentHere(NO_TOURNAMENT, path=path, folder=folder)
    raw = _read_bytes(path, "tournament")
    return Snapshot(folder=folder, tournament=_checked(_parse(raw, path), path), sha256=_sha(raw))


def _sha(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _checked(data: dict[str, Any], path: Path) -> tm.Tournament:
    """The tournament of a file's mapping: its content checked, then its seal."""
    stored = data.pop(seal.KEY, None)
    try:
        t = tm.from_mapping(data)
    except TournamentError as exc:
        raise TournamentError(
            [p.moved(f"{path}: {p.where}" if p.where else str(path)) for p in exc.problems]
        ) from None
    if stored is None and not t.id and not t.trace:
        return t  # a day begun before files were sealed (0.1): sealed by the next change
    if stored is None:
        raise TournamentError(
            N_(
                "{path}: the file has no seal, though it has a trace or a day's mark (so it was written by version 0.2 or later): the seal was removed by hand; it is not used"
            ),
            path=path,
        )
    broken = [p.moved(f"{path}: {p.where}") for p in chain.breaks(t)]
    edited = seal.changed(data, stored)
    if edited is not None:
        raise TournamentError(
            [
                *broken,
                Problem.of(
                    "",
                    N_(
                        "{path}: {names} edited by hand (the file's seal does not match); the day's file changes only through tarockscore's tournament actions, each leaving a trace entry: put the file back as it was. Nothing was used"
                    ),
                    path=path,
                    names=", ".join(edited) if edited else "seal",
                ),
            ]
        )
    if broken:
        raise TournamentError(broken)
    return t


def open_day(path: Path) -> None:
    """Refuse to change a closed day: a read-only ``tournament.toml``."""
    try:
        st = os.stat(path)
    except OSError:
        return  # reading reports it
    if safe_io.read_only(st):
        raise TournamentError(
            N_(
                "{path} is read-only: the day is closed, so nothing was written. To reopen it, make it writable again (`chmod u+w {path}`, or untick read-only in its properties)"
            ),
            path=path,
        )


def day_text(folder: Path, t: tm.Tournament) -> str:
    """The file's new text, its trace chained, proved to read back as ``t`` before anything is written."""
    t = chain.chained(t)
    text = render(t)
    path = file_path(folder)
    if _checked(_parse(text.encode("utf-8"), path), path) != t:
        raise TournamentError(
            N_(
                "{file_path}: the rendered file does not read back the same (a bug in tarockscore); nothing was written"
            ),
            file_path=path,
        )
    return text


def create(folder: Path, t: tm.Tournament) -> tm.Tournament:
    """Write a new tournament (its trace chained, as returned); refuse a folder that already holds
    one, or a file in the way."""
    t = chain.chained(t)
    if folder.exists() and not folder.is_dir():
        raise TournamentError(N_("{folder} is a file, not a folder; nothing was written"), folder=folder)
    text = day_text(folder, t)
    folder.mkdir(parents=True, exist_ok=True)
    path = file_path(folder)
    with ledger_file.locked(path):
        safe_io.remove_stale_temps(path)  # a killed writer's temp file, as beside a ledger
        if path.exists():
            raise TournamentError(
                N_(
                    "{path} already exists: a tournament is kept there; choose another folder. Nothing was written"
                ),
                path=path,
            )
        ledger_file.write_text(path, text, None)
    return t


def update(
    folder: Path, change: Callable[[tm.Tournament], tm.Tournament], *, same_unwritten: bool = False
) -> tuple[tm.Tournament, tm.Tournament]:
    """The day changed by ``change`` under its lock; with ``same_unwritten``, a change that hands
    back the very day it was given writes nothing (the file stays byte for byte)."""
    path = file_path(folder)
    read(folder)  # a clear error for a folder without a tournament, before the lock file is made
    with ledger_file.locked(path):
        safe_io.remove_stale_temps(path)  # a killed writer's temp file, as beside a ledger
        snapshot = read(folder)
        open_day(path)
        changed = change(snapshot.tournament)
        if same_unwritten and changed is snapshot.tournament:
            return changed, changed
        new = chain.chained(changed)
        ledger_file.write_text(path, day_text(folder, new), snapshot.sha256)
        return snapshot.tournament, new


def new_day_id() -> str:
    return secrets.token_hex(6)


# -- the draw ------------------------------------------------------------------------------------------


def new_seed() -> int:
    return secrets.randbelow(900_000) + 100_000


def _round_problems(t: tm.Tournament, number: int) -> None:
    """Refuse a round out of range, drawn out of order, or with a later round drawn on it."""
    if not 1 <= number <= t.rounds:
        raise TournamentError(
            N_("{number}: the tournament has rounds 1 to {rounds}"),
            number=number,
            rounds=t.rounds,
            where="round",
        )
    missing = [n for n in range(1, number) if t.round(n) is None]
    if missing:
        raise TournamentError(
            N_("{number}: draw round {value} first (rounds are drawn in order)"),
            number=number,
            value=missing[0],
            where="round",
        )
    later = [r.number for r in t.draws if r.number > number]
    if later:
        raise TournamentError(
            N_("{number}: round {value} is already drawn on this one; a redraw of round {number} is refused"),
            number=number,
            value=later[0],
            where="round",
        )


def _untouched(stale: list[Path], number: int) -> dict[Path, str]:
    """The sheets of a round to be redrawn, each read under its lock (held by the caller): none may
    hold a hand or be read-only (a closed table). Each sheet's sha256, to replace it only as read."""
    played = []
    shas: dict[Path, str] = {}
    for sheet in stale:
        try:
            snapshot = ledger_file.read(sheet)
        except LedgerError as exc:
            raise LedgerError(
                [
                    *exc.problems,
                    Problem.of(
                        str(sheet),
                        N_("round {number} cannot be redrawn while this sheet cannot be read"),
                        number=number,
                    ),
                ]
            ) from None
        hands = len(snapshot.ledger.hands)
        if hands:
            played.append(
                counted("{path} ({count} hand)", "{path} ({count} hands)", hands, path=sheet, count=hands)
            )
        elif safe_io.read_only(os.stat(sheet)):
            raise TournamentError(
                N_(
                    "{path} is read-only: the table is closed, so round {number} is not redrawn; nothing was written"
                ),
                path=sheet,
                number=number,
                where="round",
            )
        shas[sheet] = snapshot.sha256
    if played:
        raise TournamentError(
            N_("round {number} already has hands: {names}; a round that has begun cannot be redrawn"),
            number=number,
            names=listed(played),
            where="round",
        )
    return shas


def draw_round(folder: Path, number: int, seed: int, at: str) -> tm.Round:
    """Draw round ``number``: write its table ledgers and record the draw; the round as drawn.

    Everything is checked before anything is written: the round, the seating, the new file's text,
    and, under each sheet's own lock, that no sheet of the round holds a hand; the sheets are
    replaced while those locks are held, so a hand recorded meanwhile is never lost."""
    path = file_path(folder)
    read(folder)
    with ledger_file.locked(path):
        safe_io.remove_stale_temps(path)  # a killed writer's temp file, as beside a ledger
        snapshot = read(folder)
        open_day(path)
        t = snapshot.tournament
        _round_problems(t, number)
        earlier = [[d.players for d in r.tables] for r in t.draws if r.number < number]
        drawn = tm.make_round(t, number, seed, at, drawing.draw(t.players, earlier, seed))
        before = t.round(number - 1)
        if before is not None and not {d.ledger for d in before.tables} <= tm.closed_heads(t).keys():
            t = _closed(folder, t, before, at, strict=False)
        new = tm.traced(tm.with_round(t, drawn), at, "draw", f"round {number}, seed {seed}")
        text = day_text(folder, new)
        sheets = {folder / d.ledger: _sheet(new, number, d, at) for d in drawn.tables}
        round_dir = folder / f"round-{number}"
        stale = sorted(round_dir.glob("table-*.toml")) if round_dir.is_dir() else []
        round_dir.mkdir(exist_ok=True)
        with contextlib.ExitStack() as held:
            for sheet in sorted({*stale, *sheets}):
                held.enter_context(ledger_file.locked(sheet) if sheet.exists() else _new_lock(sheet))
            shas = _untouched(stale, number)
            for sheet, fresh in sheets.items():
                ledger_file.save(sheet, fresh, shas.get(sheet))
            for sheet in stale:
                if sheet not in sheets:
                    sheet.unlink()
        ledger_file.write_text(path, text, snapshot.sha256)
        return drawn


def _closed(folder: Path, t: tm.Tournament, r: tm.Round, at: str, *, strict: bool) -> tm.Tournament:
    """``t`` with the desk's note of round ``r``'s end: each table's sheet and its head, in the
    trace, so a sheet rewritten afterwards is caught. ``strict``: a sheet that cannot be read is
    refused (else it is left out of the note, and the standings name it)."""
    heads: list[tuple[str, str]] = []
    problems: list[Problem] = []
    for d in r.tables:
        try:
            heads.append((d.ledger, ledger_file.read_trusted(folder / d.ledger).head))
        except LedgerError as exc:
            problems += exc.problems
    if problems and strict:
        raise TournamentError(
            [
                *problems,
                Problem.of(
                    "round", N_("round {round} cannot be closed while a sheet cannot be read"), round=r.number
                ),
            ]
        )
    number = {d.ledger: d.table for d in r.tables}
    listed_heads = ", ".join(f"table {number[sheet]} {h[:12]}" for sheet, h in heads)
    return tm.traced(t, at, "close", f"round {r.number} closed: {listed_heads}", tuple(heads))


def close_round(folder: Path, number: int, at: str) -> tm.Tournament:
    """The desk's note at the end of round ``number``: each table's head, kept in the trace."""

    def change(t: tm.Tournament) -> tm.Tournament:
        r = tm.drawn_round(t, number)
        closed = _closed(folder, t, r, at, strict=True)
        tables = {d.ledger for d in r.tables}
        noted = [e.heads for e in t.trace if e.heads and {sheet for sheet, _ in e.heads} == tables]
        if noted and noted[-1] == closed.trace[-1].heads:
            return t  # closed already, and no sheet changed since: a second note says nothing new
        return closed

    return update(folder, change, same_unwritten=True)[1]


def _new_lock(sheet: Path) -> contextlib.AbstractContextManager[None]:
    """The lock of a sheet not written yet (``ledger_file.locked`` wants a file to be there)."""
    return safe_io.exclusive(
        sheet,
        ledger_file.LOCK_TIMEOUT,
        message(N_("{path}: another tarockscore command holds this sheet; nothing was written"), path=sheet),
        LedgerError,
    )


def _sheet(t: tm.Tournament, number: int, d: tm.DrawnTable, at: str) -> Ledger:
    """A drawn table's new sheet: its players in seat order, the day's profile and stake, the
    round's game limit, and the day, round and table it belongs to (its place)."""
    return new_ledger(
        d.players,
        t.profile.rules,
        created=at,
        stake=t.stake,
        date=t.date or at[:10],
        place=tm.sheet_place(t, number, d.table),
        games=d.games,
    )


def cup_points_file(path: Path) -> Mapping[str, Any]:
    return _read_toml(path, "cup points")


def player_names_file(path: Path) -> list[str]:
    """One name a line; blank lines and lines starting with # are skipped. Each name meets the
    rules of ``tarockscore new --players`` (a bad one is named with its line), no name twice."""
    text = safe_io.decode(_read_bytes(path, "players"), str(path), TournamentError)
    names: list[str] = []
    problems: list[Problem] = []
    # lines end in "\n" (or "\r\n") only: a line separator within a name is the name's, to be refused
    for number, line in enumerate(text.split("\n"), 1):
        name = nfc(strip_spaces(line.removesuffix("\r")))
        if not name or name.startswith("#"):
            continue
        problems += tm.name_problems([name], f"{path}:{number}")
        names.append(name)
    problems += tm.repeated_names(names, str(path))
    if problems:
        raise TournamentError(problems)
    return names


RESULT_COLUMNS = ("round", "table", "player", "schrift")


def _whole(text: str) -> int | None:
    text = text.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not (body.isascii() and body.isdigit()):
        return None
    digits = body.lstrip("0")
    if len(digits) <= 4000:
        return int(text)
    # too long for int(): a number of as many digits, so the check names how long it is
    return (-1 if text.startswith("-") else 1) * int(10 ** (len(digits) - 1))


def results_csv(path: Path) -> list[tuple[int, int, dict[str, int], dict[str, int] | None]]:
    """A round's results from paper sheets: a CSV with the columns ``round,table,player,schrift``
    and, where Kontra moves the money alone, ``money``; one row per player. Every bad row is named
    with its line; the tables in the order they first come."""
    text = safe_io.decode(_read_bytes(path, "results"), str(path), TournamentError)
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    header = tuple(c.strip().casefold() for c in rows[0]) if rows else ()
    if header not in (RESULT_COLUMNS, (*RESULT_COLUMNS, "money")):
        raise TournamentError(
            N_("{path}: the first line must be the columns round,table,player,schrift (and money)"), path=path
        )
    with_money = len(header) == 5
    tables: dict[tuple[int, int], tuple[dict[str, int], dict[str, int] | None]] = {}
    problems: list[Problem] = []
    seen: dict[tuple[int, int, str], int] = {}
    for line, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        numbers = [_whole(c) for c in row] if len(row) == len(header) else []
        if not numbers or None in (numbers[0], numbers[1], numbers[3], *(numbers[4:] if with_money else [])):
            problems.append(
                Problem.of(
                    f"{path}:{line}",
                    N_("{row!r}: expected {count} columns: round and table, a name, whole points"),
                    row=",".join(row),
                    count=len(header),
                )
            )
            continue
        key = (numbers[0] or 0, numbers[1] or 0)
        schrift, money = tables.setdefault(key, ({}, {} if with_money else None))
        name = nfc(strip_spaces(row[2]))
        first = seen.setdefault((*key, name.casefold()), line)
        if first != line:  # a row copied twice would count once, or its last copy silently
            problems.append(
                Problem.of(
                    f"{path}:{line}",
                    N_("{name!r} is given twice for round {round}, table {table} (first on line {first})"),
                    name=name,
                    round=key[0],
                    table=key[1],
                    first=first,
                )
            )
            continue
        schrift[name] = numbers[3] or 0
        if money is not None:
            money[name] = numbers[4] or 0
    if not tables and not problems:
        problems.append(Problem.of(str(path), N_("no results: the file has its columns but no rows")))
    if problems:
        raise TournamentError(problems)
    return [(r, t, schrift, money) for (r, t), (schrift, money) in tables.items()]
