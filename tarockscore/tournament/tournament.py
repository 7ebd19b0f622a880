"""Tournaments and cups as the library offers them: begin a tournament in a folder, add or drop
players, draw a round, the day's standings and money, a cup over many days (library layer).

A :class:`Tournament` is a folder named by its path, as an :class:`~tarockscore.evening.evening.Evening`
is a ledger file: ``tournament.toml`` and one ordinary ledger per drawn table beside it
(``round-N/table-K.toml``), each table an evening of its own (:meth:`Tournament.table`). Each
action reads the folder, acts with the pure core (``tournament/``) and writes back atomically
under the file's lock; nothing is kept between two actions. Warnings (a table still without hands,
a count of players that cannot be seated yet) come back with the result, never printed.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import ClassVar

from tarockscore.errors import (
    N_,
    Collector,
    Problem,
    TarockError,
    TournamentError,
    UsageError,
    capped,
    message,
)
from tarockscore.evening.evening import Evening, now
from tarockscore.evening.model import profile_record
from tarockscore.io.inputs import load_profile
from tarockscore.io.output import write_output
from tarockscore.rules.profile import Profile
from tarockscore.rules.words import nfc, strip_spaces, text_problem
from tarockscore.season.season import parse_alias
from tarockscore.tournament import model as tm
from tarockscore.tournament import store as files
from tarockscore.tournament import store as paper_files
from tarockscore.tournament import store as sheets
from tarockscore.tournament.cup import CupRules, CupStanding, cup_rules, one_name_each
from tarockscore.tournament.cup import cup_standings as add_up_cup
from tarockscore.tournament.draw import UnseatableCount, table_sizes
from tarockscore.tournament.format import Format
from tarockscore.tournament.model import games_at_five
from tarockscore.tournament.paper import paper_sheet, table_label
from tarockscore.tournament.standings import Money, Standing, TableResult
from tarockscore.tournament.standings import money as add_up_money
from tarockscore.tournament.standings import standings as rank
from tarockscore.tournament.upgrade import upgrade_day

__all__ = [
    "Cup",
    "DayCheck",
    "DayMoney",
    "DayStandings",
    "Drawn",
    "Roster",
    "Seating",
    "Started",
    "Tournament",
    "TournamentTable",
    "UnseatableCount",
    "cup",
    "games_at_five",
    "read_players",
    "seating",
    "upgrade_day",
]


@dataclass(frozen=True, slots=True)
class Seating:
    """How a number of players sit: the table sizes (fours first), or, when no mix of tables of
    four and five seats them, none and the reason. A warning, not an error, until the draw: late
    arrivals may still come."""

    players: int
    tables: tuple[int, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def seated(self) -> bool:
        return bool(self.tables)


def seating(players: int) -> Seating:
    """The tables ``players`` players sit at: n mod 4 tables of five, the rest of four."""
    try:
        return Seating(players, table_sizes(players))
    except UnseatableCount as exc:
        return Seating(players, (), exc.problems)


def read_players(path: str | os.PathLike[str]) -> list[str]:
    """The players of a file, one name a line (blank lines and ``#`` lines skipped); a bad name is
    named with its line, and no name may come twice."""
    return files.player_names_file(Path(path))


@dataclass(frozen=True, slots=True)
class Started:
    """A new tournament: its folder, the file as written, the profile and format it keeps, and how
    its players sit."""

    tournament: Tournament
    stored: tm.Tournament
    profile: Profile
    format: Format
    seating: Seating

    @property
    def path(self) -> Path:
        """The tournament's file, ``tournament.toml`` in its folder."""
        return files.file_path(self.tournament.folder)


@dataclass(frozen=True, slots=True)
class Roster:
    """The players after a late arrival or a dropout: the tournament before and after, and how
    the next draw's players sit."""

    name: str
    before: tm.Tournament
    after: tm.Tournament
    seating: Seating
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Drawn:
    """A round drawn: the tournament with it, the round (each table's players in seat order and
    its ledger, relative to ``folder``) and the folder."""

    tournament: tm.Tournament
    round: tm.Round
    folder: Path
    warnings: tuple[str, ...] = ()  # the tables of the round before still short of their limit


@dataclass(frozen=True, slots=True)
class DayStandings:
    """The day ranked by the tournament's format; ``name`` is the folder's own name (a page's title).
    ``unfinished``: the tables short of their game limit (each also said in ``warnings``)."""

    tournament: tm.Tournament
    rows: tuple[Standing, ...]
    warnings: tuple[str, ...]
    name: str
    unfinished: tuple[TableResult, ...] = ()


@dataclass(frozen=True, slots=True)
class DayMoney:
    """Each player's money from every table, by name."""

    tournament: tm.Tournament
    rows: tuple[Money, ...]
    warnings: tuple[str, ...]
    unfinished: tuple[TableResult, ...] = ()


@dataclass(frozen=True, slots=True)
class TournamentTable:
    """One drawn table of the day: its round and number, its players in seat order (the first is
    Forehand of the first hand), its game limit and its evening (the ledger)."""

    round: int
    table: int
    players: tuple[str, ...]
    games: int
    evening: Evening


@dataclass(frozen=True, slots=True)
class DayCheck:
    """The day checked: its head now, the head asked about and the number of the entry of the
    day's log that has it (None: no entry has it: the day's file was rewritten, or it is another
    day), the entries since, and the sheets' warnings."""

    tournament: tm.Tournament
    head: str
    asked: str | None
    found: int | None
    since: tuple[tm.Entry, ...]
    warnings: tuple[str, ...]

    @property
    def holds(self) -> bool:
        return self.asked is None or self.found is not None


@dataclass(frozen=True, slots=True)
class Cup:
    """A cup's standings: the tournaments as given (in the season's order), its rules and the rows."""

    tournaments: tuple[str, ...]
    rules: CupRules
    rows: tuple[CupStanding, ...]
    warnings: tuple[str, ...]


# A table's result from its paper sheet: round, table, each player's Schrift, the money points or None.
PaperGiven = tuple[int, int, Mapping[str, int], Mapping[str, int] | None]


class Tournament:
    """A tournament folder; each method is one action on it (read, or changed and written)."""

    __slots__ = ("folder",)

    # What keeps a tournament from starting, in the domain's words (each at its field: ``rounds``,
    # ``games``, ``games_five``, ``profile``, ``format``): a front end that gives these as options
    # of its own says them in its own words, keyed by these.
    NO_ROUNDS: ClassVar[str] = N_("{rounds}: a tournament has at least 1 round")
    NO_GAMES: ClassVar[str] = N_("{games}: the game limit per round at a table of four must be at least 1")
    FIVE_NOT_WHOLE: ClassVar[str] = N_(
        "needed: {games} games at a table of four is no multiple of 4, so the limit at a table of five (where every player deals as often as at four: games × 5/4) is not whole"
    )
    NO_PROFILE: ClassVar[str] = N_("missing: the profile every table is scored under, e.g. ooe-2023")
    NO_FORMAT: ClassVar[str] = N_("give the format: schrift, haupt-sub, schrift-rang, or a format file")

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    def __repr__(self) -> str:
        return f"Tournament({str(self.folder)!r})"

    @classmethod
    def problems(
        cls,
        players: Sequence[str],
        *,
        rounds: int,
        games: int,
        profile: str | Profile,
        format: str,
        games_five: int | None = None,
        title: str | None = None,
        place: str | None = None,
    ) -> tuple[Problem, ...]:
        """What keeps a tournament of these players, rounds, game limits, profile and format from
        starting: every problem at once, each at its field (``players``, ``rounds``, ``games``,
        ``games_five``, ``profile``, ``format``); none when :meth:`begin` would start it."""
        problems = Collector()
        for problem in tm.check_names([nfc(strip_spaces(n)) for n in players], "players"):
            problems.put(problem)
        if rounds < 1:
            problems.add("rounds", cls.NO_ROUNDS, rounds=rounds)
        if games < 1:
            problems.add("games", cls.NO_GAMES, games=games)
        if games_five is not None and games_five < 1:
            problems.add(
                "games_five", N_("{games_five}: the game limit must be at least 1"), games_five=games_five
            )
        elif games_five is None and games >= 1 and games_at_five(games) is None:
            problems.add("games_five", cls.FIVE_NOT_WHOLE, games=games)
        if not isinstance(profile, Profile) and not profile:
            problems.add("profile", cls.NO_PROFILE)
        if not format:
            problems.add("format", cls.NO_FORMAT)
        for field, text in (("title", title), ("place", place)):
            wrong = None if text is None else text_problem(nfc(strip_spaces(text)))
            if wrong is not None:
                problems.add(field, N_("{text!r}: {wrong}"), text=text, wrong=wrong)
        return capped(tuple(problems.problems), problems.dropped)

    @classmethod
    def begin(
        cls,
        folder: str | os.PathLike[str],
        players: Sequence[str],
        *,
        rounds: int,
        games: int,
        profile: str | Profile,
        format: str,
        games_five: int | None = None,
        stake: Decimal | None = None,
        at: str | None = None,
        title: str | None = None,
        date: dt.date | None = None,
        place: str | None = None,
    ) -> Started:
        """Start a tournament in ``folder``: the players, the rounds, the game limit per round at a
        table of four (at five, ``games_five``, default games × 5/4), the profile every table is
        scored under, the format the day is ranked by (a shipped name or a file) and the stake.

        Every problem of :meth:`problems` is raised at once (a :class:`UsageError`); a folder that
        holds a tournament is never overwritten.
        """
        found = cls.problems(
            players,
            rounds=rounds,
            games=games,
            profile=profile,
            format=format,
            games_five=games_five,
            title=title,
            place=place,
        )
        if found:
            raise UsageError(found)
        five = games_five if games_five is not None else games_at_five(games)
        assert five is not None
        prof = profile if isinstance(profile, Profile) else load_profile(profile)
        fmt, document = files.load_format(format)
        names = [nfc(strip_spaces(n)) for n in players]
        begin = tm.begin(
            players=names,
            rounds=rounds,
            games=games,
            games_five=five,
            profile=profile_record(prof),
            format_document=document,
            created=at or now(),
            stake=stake,
            id=files.new_day_id(),
            title=nfc(strip_spaces(title)) if title is not None else None,
            date=date.isoformat() if date is not None else None,
            place=nfc(strip_spaces(place)) if place is not None else None,
        )
        tournament = cls(folder)
        stored = files.create(tournament.folder, begin)
        return Started(tournament, stored, prof, fmt, seating(len(names)))

    # -- reading -----------------------------------------------------------------------------

    def read(self) -> tm.Tournament:
        """The tournament as stored: players, rounds, game limits, each draw, profile and format."""
        return files.read(self.folder).tournament

    def table(self, round: int, table: int) -> Evening:
        """Table ``table`` of round ``round`` as an evening: its ledger, to record into, show or settle."""
        return Evening(self.folder / tm.drawn_table(self.read(), round, table).ledger)

    def tables(self) -> tuple[TournamentTable, ...]:
        """Every drawn table of every drawn round, round by round, each in the order of its number."""
        return tuple(
            TournamentTable(r.number, d.table, d.players, d.games, Evening(self.folder / d.ledger))
            for r in sorted(self.read().draws, key=lambda r: r.number)
            for d in sorted(r.tables, key=lambda d: d.table)
        )

    def standings(self) -> DayStandings:
        """The day's standings: every table's sheet checked, ranked by the tournament's format."""
        day = sheets.read_day(self.folder)
        rows = rank(day.results, day.tournament.format)
        name = self.folder.resolve().name
        return DayStandings(day.tournament, tuple(rows), day.warnings, name, day.unfinished)

    def money(self) -> DayMoney:
        """Each player's money from every table: the stake per point, Kontras included."""
        day = sheets.read_day(self.folder, sheets.Purpose.MONEY)
        return DayMoney(day.tournament, tuple(add_up_money(day.ledgers)), day.warnings, day.unfinished)

    # -- changing ----------------------------------------------------------------------------

    def add_player(self, name: str, *, at: str | None = None) -> Roster:
        """A late arrival, in the next draw; a name follows the rules of a table's names."""
        name = nfc(strip_spaces(name))
        wrong = tm.check_names([name], "NAME")
        if wrong:
            raise UsageError(wrong)
        return self._roster(name, tm.add_player, "add", at)

    def _roster(
        self, name: str, change: Callable[[tm.Tournament, str], tm.Tournament], kind: str, at: str | None
    ) -> Roster:
        stamp = at or now()

        def entry(t: tm.Tournament) -> list[dict[str, str]]:
            change(t, name)  # refused here, at the name as given
            return [{"kind": kind, "at": stamp, "name": name}]

        before, after = files.update(self.folder, entry)
        return Roster(name, before, after, seating(len(after.players)))

    def drop_player(self, name: str, *, at: str | None = None) -> Roster:
        """A player out of the later draws; their tables so far still count."""
        roster = self._roster(nfc(strip_spaces(name)), tm.drop_player, "drop", at)
        after = roster.after
        if after.round(after.rounds) is None:
            return roster
        said = message(N_("all {rounds} rounds are drawn: there is no next round"), rounds=after.rounds)
        return replace(roster, warnings=(said,))

    def draw(self, round: int, seed: int | None = None, *, at: str | None = None) -> Drawn:
        """Draw round ``round``'s tables (the same ``seed`` gives the same draw; without one, one is
        chosen and kept) and create each table's ledger; a count that cannot be seated raises
        :class:`UnseatableCount`, a round with hands is not drawn again."""
        chosen = files.new_seed() if seed is None else seed
        short = self._short_of_limit(round - 1)
        t = files.draw_round(self.folder, round, chosen, at or now())
        return Drawn(t, tm.drawn_round(t, round), self.folder, short)

    def _short_of_limit(self, number: int) -> tuple[str, ...]:
        """A warning naming the tables of round ``number`` short of their game limit (none: none)."""
        t = self.read()
        if number < 1 or t.round(number) is None:
            return ()
        try:
            day = sheets.read_day(self.folder)
        except TarockError:
            return (
                message(
                    N_("the sheets of round {round} cannot all be read; the standings name them"),
                    round=number,
                ),
            )
        short = [x for x in day.unfinished if x.round == number]
        if not short:
            return ()
        tables = ", ".join(
            message(N_("table {table} ({hands} of {games})"), table=x.table, hands=x.hands, games=x.games)
            for x in short
        )
        return (message(N_("round {round} is not finished: {tables}"), round=number, tables=tables),)

    def head(self) -> str:
        """The day's head: the hash of the last entry of its log (each change prints it)."""
        return self.read().head

    def close_round(self, round: int, *, at: str | None = None) -> tm.Tournament:
        """The desk's note at the end of round ``round``: each table's sheet head kept in the day's
        log, so a sheet rewritten afterwards is caught by :meth:`check` and :meth:`standings`."""
        return files.close_round(self.folder, round, at or now())

    def check(self, head: str | None = None) -> DayCheck:
        """The day's file (its chained log) and every table's sheet checked (raised where one
        fails); with ``head`` (its first digits, at least 4), whether the day as of that head is
        this day's beginning: the entry that has it, and the entries since."""
        day = sheets.read_day(self.folder)
        t = day.tournament
        wanted = (head or "").strip().lower()
        found = max((k for k, e in enumerate(t.log, 1) if e.hash.startswith(wanted)), default=None)
        found = found if head is not None and len(wanted) >= 4 else None
        since = () if found is None else t.log[found:]
        return DayCheck(t, t.head, head, found, tuple(since), day.warnings)

    def round_drawn(self, round: int) -> tuple[tm.Tournament, tm.Round]:
        """The tournament and its round ``round`` as drawn (each table's players in seat order)."""
        t = self.read()
        return t, tm.drawn_round(t, round)

    def write_page(self, target: str | os.PathLike[str], text: str | bytes) -> None:
        """Write a page made from the day (the cards, the standings) to ``target``, atomically; never
        over the day's own files."""
        inputs = [files.file_path(self.folder), *self.folder.glob("round-*/*.toml")]
        write_output(Path(target), text, "output", inputs, TarockError)

    def record_paper(
        self,
        round: int,
        table: int,
        schrift: Mapping[str, int],
        money: Mapping[str, int] | None = None,
        *,
        at: str | None = None,
        replace: bool = False,
    ) -> tm.Tournament:
        """Table ``table`` of round ``round`` scored from its paper sheet: each player's Schrift
        (and money points where Kontra moves the money alone); zero-sum where the profile is. Kept
        in the table's sheet as an entry ``paper`` with an audit entry, and noted in the day's
        log with the sheet's head. A sheet with hands or a paper result already is refused unless
        ``replace`` (a correcting entry: the hands leave the sheet, the log keeps them)."""
        return self.record_papers([(round, table, schrift, money)], at=at, replace=replace)

    def record_papers(
        self, results: Sequence[PaperGiven], *, at: str | None = None, replace: bool = False
    ) -> tm.Tournament:
        """Several tables' paper results at once (a round's CSV): all checked, then written together."""
        stamp = at or now()
        t = self.read()
        checked = [paper_sheet(t, number, table, schrift, money) for number, table, schrift, money in results]
        paper_files.keep(self.folder, checked, stamp, replace=replace)
        return self.read()

    def record_results_file(
        self, path: str | os.PathLike[str], *, at: str | None = None, replace: bool = False
    ) -> tm.Tournament:
        """A round's results from paper sheets in a CSV (``round,table,player,schrift[,money]``),
        every table checked before any is kept."""
        found = files.results_csv(Path(path))
        problems: list[Problem] = []
        t = self.read()
        for number, table, schrift, money in found:
            try:
                paper_sheet(t, number, table, schrift, money)
            except TournamentError as exc:
                label = table_label(number, table)
                problems += [
                    p.moved(f"{path}: {label}: {p.where}" if p.where else f"{path}: {label}")
                    for p in exc.problems
                ]
        if problems:
            raise TournamentError(problems)
        return self.record_papers(found, at=at, replace=replace)


def cup(
    tournaments: Sequence[str | os.PathLike[str]],
    points: str | os.PathLike[str],
    *,
    warn: Callable[[str], None] | None = None,
    aliases: Mapping[str, str] | Sequence[str] = (),
) -> Cup:
    """A cup over the season's tournament folders (in order): each day's places turned into cup
    points by the points file (``points = [100, 90, …]``, ``best = N``), each player's best N added.

    ``aliases`` read a name as another (``"Hansi=Hans"`` texts, or a mapping), as ``season`` does;
    names are matched in any case, and names that only look alike are warned about.

    Every tournament is read, and the problems of all of them raised together; ``warn`` is handed
    each warning as it is found, so a front end shows them even when a later day stops the cup.
    """
    folders = [Path(t) for t in tournaments]
    resolved = [f.resolve() for f in folders]
    twice = sorted({str(f) for f, r in zip(folders, resolved, strict=True) if resolved.count(r) > 1})
    if twice:
        raise UsageError(
            N_("{names}: a tournament given twice would count twice"), names=", ".join(twice), where="folders"
        )
    rules = cup_rules(files.cup_points_file(Path(points)), str(points))
    pairs = dict(parse_alias(a) for a in aliases) if not isinstance(aliases, Mapping) else dict(aliases)
    names = tuple(str(f) for f in folders)  # as given, each named so in the rows
    days = []
    problems: list[Problem] = []
    warnings: list[str] = []
    for folder, name in zip(folders, names, strict=True):
        try:
            day = sheets.read_day(folder)
        except TournamentError as exc:
            problems += exc.problems
            continue
        for w in day.warnings:
            warnings.append(w)
            if warn is not None:
                warn(w)
        rows = rank(day.results, day.tournament.format)
        # a player whose tables have no hands yet has no place, so no cup points for the day
        days.append((name, [(r.place, r.player) for r in rows if r.place is not None]))
    if problems:
        raise TournamentError(problems)
    copies = _copies(folders, names)
    if copies:
        raise UsageError(copies)
    merged, alike = one_name_each(days, pairs)
    for w in alike:
        warnings.append(w)
        if warn is not None:
            warn(w)
    return Cup(names, rules, tuple(add_up_cup(merged, rules)), tuple(warnings))


def _copies(folders: Sequence[Path], names: Sequence[str]) -> list[Problem]:
    """Folders that hold one tournament (the same day's mark): a copied folder would count twice."""
    first: dict[str, str] = {}
    problems: list[Problem] = []
    for folder, name in zip(folders, names, strict=True):
        mark = files.read(folder).tournament.id
        if mark and mark in first:  # a day begun before 0.2 has no mark
            problems.append(
                Problem.of(
                    "folders",
                    N_("{name} and {other} are one tournament (a copied folder); it would count twice"),
                    name=first[mark],
                    other=name,
                )
            )
        first.setdefault(mark, name)
    return problems
