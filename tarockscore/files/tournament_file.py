"""The tournament folder (I/O layer): ``DIR/tournament.toml`` and the table ledgers beside it.

``tournament.toml`` is written whole and atomically under its lock, by the same helper that writes
a ledger (``ledger_file.write_text``: temp file, fsync, rename; refused if the file changed since
it was read). Each drawn table is an ordinary ledger, ``DIR/round-N/table-K.toml``, created like
``tarockscore new`` creates one.

Reading the day's results checks every table ledger with its own check (a sheet edited by hand is
caught and named), that it still seats the drawn players (a sheet moved by hand is named), and
that no ledger with hands lies in a round folder outside the draw: nothing is left out silently.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import secrets
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
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
from tarockscore.files.profile_file import merge
from tarockscore.files.ways_out import (
    NO_TOURNAMENT,
    NO_TOURNAMENT_FOLDER,
    SHEET_FAILS_CHECK,
    SHEET_FAILS_CHECK_MONEY,
)
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.table import new_ledger
from tarockscore.ledger.totals import totals
from tarockscore.rules.text import nfc, strip_spaces
from tarockscore.tournament import draw as drawing
from tarockscore.tournament import model as tm
from tarockscore.tournament.format import Format, build_format
from tarockscore.tournament.standings import TableResult

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
    return HEADER + tomli_w.dumps(tm.to_mapping(t))


class NoTournamentHere(UnreadableTournament):
    """No tournament file in the folder, or no such folder."""


def read(folder: Path) -> Snapshot:
    path = file_path(folder)
    if not path.is_file():
        if not folder.exists():
            raise NoTournamentHere(NO_TOURNAMENT_FOLDER, folder=folder)
        raise NoTournamentHere(NO_TOURNAMENT, path=path, folder=folder)
    raw = _read_bytes(path, "tournament")
    data = _parse(raw, path)
    try:
        t = tm.from_mapping(data)
    except TournamentError as exc:
        raise TournamentError(
            [p.moved(f"{path}: {p.where}" if p.where else str(path)) for p in exc.problems]
        ) from None

    return Snapshot(folder=folder, tournament=t, sha256=hashlib.sha256(raw).hexdigest())


def _save(folder: Path, t: tm.Tournament, expected_sha: str | None) -> None:
    text = render(t)
    if tm.from_mapping(tomllib.loads(text)) != t:
        raise TournamentError(
            N_(
                "{file_path}: the rendered file does not read back the same (a bug in tarockscore); nothing was written"
            ),
            file_path=file_path(folder),
        )
    ledger_file.write_text(file_path(folder), text, expected_sha)


def create(folder: Path, t: tm.Tournament) -> None:
    """Write a new tournament; refuse a folder that already holds one, or a file in the way."""
    if folder.exists() and not folder.is_dir():
        raise TournamentError(N_("{folder} is a file, not a folder; nothing was written"), folder=folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = file_path(folder)
    with ledger_file.locked(path):
        if path.exists():
            raise TournamentError(
                N_(
                    "{path} already exists: a tournament is kept there; choose another folder. Nothing was written"
                ),
                path=path,
            )
        _save(folder, t, None)


def update(
    folder: Path, change: Callable[[tm.Tournament], tm.Tournament]
) -> tuple[tm.Tournament, tm.Tournament]:
    path = file_path(folder)
    read(folder)  # a clear error for a folder without a tournament, before the lock file is made
    with ledger_file.locked(path):
        snapshot = read(folder)
        new = change(snapshot.tournament)
        _save(folder, new, snapshot.sha256)
        return snapshot.tournament, new


# -- the draw ------------------------------------------------------------------------------------------


def new_seed() -> int:
    return secrets.randbelow(900_000) + 100_000


def _hands_in(path: Path) -> int | None:
    """How many hands the ledger at ``path`` holds (None: no file); a ledger that cannot be read raises."""
    if not path.exists():
        return None
    return len(ledger_file.read(path).ledger.hands)


def draw_round(folder: Path, number: int, seed: int, at: str) -> tm.Round:
    """Draw round ``number``: write its table ledgers and record the draw; the round as drawn."""
    path = file_path(folder)
    read(folder)
    with ledger_file.locked(path):
        snapshot = read(folder)
        t = snapshot.tournament
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
                N_(
                    "{number}: round {value} is already drawn on this one; a redraw of round {number} is refused"
                ),
                number=number,
                value=later[0],
                where="round",
            )
        round_dir = folder / f"round-{number}"
        stale = sorted(round_dir.glob("table-*.toml")) if round_dir.is_dir() else []
        played = []
        for ledger in stale:
            try:
                hands = _hands_in(ledger)
            except LedgerError as exc:
                raise LedgerError(
                    [
                        *exc.problems,
                        Problem.of(
                            str(ledger),
                            N_("round {number} cannot be redrawn while this sheet cannot be read"),
                            number=number,
                        ),
                    ]
                ) from None
            if hands:
                played.append(
                    counted(
                        "{path} ({count} hand)", "{path} ({count} hands)", hands, path=ledger, count=hands
                    )
                )
        if played:
            raise TournamentError(
                N_("round {number} already has hands: {names}; a round that has begun cannot be redrawn"),
                number=number,
                names=listed(played),
                where="round",
            )
        earlier = [[d.players for d in r.tables] for r in t.draws if r.number < number]
        tables = drawing.draw(t.players, earlier, seed)
        drawn = tm.make_round(t, number, seed, at, tables)
        for ledger in stale:
            with contextlib.suppress(FileNotFoundError):
                ledger.unlink()
        round_dir.mkdir(exist_ok=True)
        for d in drawn.tables:
            fresh = new_ledger(
                d.players, t.profile.rules, created=at, stake=t.stake, date=at[:10], games=d.games
            )
            ledger_file.create(folder / d.ledger, fresh)
        _save(folder, tm.with_round(t, drawn), snapshot.sha256)
        return drawn


# -- reading the day's results ---------------------------------------------------------------------------


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
    ledgers: tuple[Ledger, ...]
    warnings: tuple[str, ...]


_ROUND_DIR = re.compile(r"round-(\d+)$")


def _drawn_table(
    path: Path, number: int, d: tm.DrawnTable, words: _Words, problems: list[Problem], warnings: list[str]
) -> Ledger | None:
    """The ledger of table ``d`` of round ``number``, checked, or None with its problems added:
    missing, unreadable, failing its own check, seating others than the draw, past the limit."""
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
        snapshot = ledger_file.read(path)
    except LedgerError as exc:
        problems += exc.problems
        problems.append(Problem.of(str(path), words.unreadable, value=where))
        return None
    found = list(snapshot.problems)
    if found:
        problems += ledger_file.locate(found, snapshot.text, str(path))
        problems.append(Problem.of(str(path), words.fails_check, value=where, path=path))
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


def _strays(folder: Path, drawn: set[Path], problems: list[Problem], warnings: list[str]) -> None:
    """The sheets in a round folder that the draw does not name: one with hands is a problem (it
    would be left out), one without a warning."""
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []:
        if not _ROUND_DIR.match(sub.name):
            continue
        for extra in sorted(sub.rglob("*.toml")):
            if extra.resolve() in drawn:
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
    ledgers: list[Ledger] = []
    drawn_paths: set[Path] = set()
    for r in t.draws:
        for d in r.tables:
            path = folder / d.ledger
            drawn_paths.add(path.resolve())
            led = _drawn_table(path, r.number, d, words, problems, warnings)
            if led is not None:
                results.append(
                    TableResult(r.number, d.table, d.players, totals(led), len(led.hands), d.games)
                )
                ledgers.append(led)
    _strays(folder, drawn_paths, problems, warnings)
    if problems:
        raise TournamentError(problems)
    return Day(tournament=t, results=tuple(results), ledgers=tuple(ledgers), warnings=tuple(warnings))


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
