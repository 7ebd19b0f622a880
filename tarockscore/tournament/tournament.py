"""Tournaments and cups as the library offers them (library layer): each action reads the folder,
acts with the pure core and writes back under the file's lock; warnings come back, never printed."""

import datetime as dt
import os
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from tarockscore.errors import (
    N_,
    Collector,
    Message,
    Problem,
    ProfileError,
    TarockError,
    TournamentError,
    UsageError,
    capped,
    counted,
    grouped,
    listed,
    message,
    reason,
)
from tarockscore.evening import paper as ledger_paper
from tarockscore.evening.evening import Evening, now
from tarockscore.evening.fold import profile_mapping
from tarockscore.evening.model import profile_record, table_label
from tarockscore.evening.settle import stake_given
from tarockscore.io.inputs import load_profile
from tarockscore.io.safe_io import write_output
from tarockscore.rules import words
from tarockscore.rules.profile import Profile
from tarockscore.season.season import given_aliases, where_given
from tarockscore.season.standings import ONE_PLAYER_TWO_WAYS, alike_pairs, look_alike
from tarockscore.tournament import model as tm
from tarockscore.tournament import standings as ranking
from tarockscore.tournament import store
from tarockscore.tournament.draw import UnseatableCount, table_sizes


class Seating(NamedTuple):
    """How a number of players sit: the table sizes (fours first), or none and the reason."""

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


class Started(NamedTuple):
    """A new tournament: its folder, the day as written, its profile and format, how its players sit."""

    tournament: "Tournament"
    stored: tm.Tournament
    profile: Profile
    format: ranking.Format
    seating: Seating
    warnings: tuple[str, ...] = ()  # names that look alike in other letters (Cyrillic А for A)

    @property
    def path(self) -> Path:
        """The tournament's file, ``tournament.toml`` in its folder."""
        return store.file_path(self.tournament.folder)


class Roster(NamedTuple):
    """The players after a late arrival or a dropout: the day before and after, how the next draw sits."""

    name: str
    before: tm.Tournament
    after: tm.Tournament
    seating: Seating
    warnings: tuple[str, ...] = ()


class Drawn(NamedTuple):
    """A round drawn: the day with it, the round (its tables' ledgers relative to ``folder``), the folder."""

    tournament: tm.Tournament
    round: tm.Round
    folder: Path
    warnings: tuple[str, ...] = ()  # the tables of the round before still short of their limit


class DayStandings(NamedTuple):
    """The day ranked by its format; ``name``: the folder's own name; ``unfinished``: the tables short of their limit."""

    tournament: tm.Tournament
    rows: tuple[ranking.Standing, ...]
    warnings: tuple[str, ...]
    name: str
    unfinished: tuple[ranking.TableResult, ...] = ()


class DayMoney(NamedTuple):
    """Each player's money from every table, by name."""

    tournament: tm.Tournament
    rows: tuple[ranking.Money, ...]
    warnings: tuple[str, ...]
    unfinished: tuple[ranking.TableResult, ...] = ()


SPELT_NAMED = 100  # pairs of names spelt two ways named at most: each a warning line


def _spelt_two_ways(names: Sequence[str], pairs: Iterable[tuple[int, int]]) -> list[str]:
    """Each pair (i, j) of ``names`` that look like one player typed otherwise (Jorg, Jörg): two
    seats in the next draw, one empty; names spelt with other letters (Аnna, Anna) are said by
    :func:`words.look_alikes`."""
    spelt = N_(
        "{name!r} and {other!r} look like one player spelt two ways: if so, drop one of them before the next draw"
    )
    keys = [words.skeleton(name) for name in names]
    return [message(spelt, name=names[j], other=names[i]) for i, j in pairs if keys[i] != keys[j]]


def _never_in_one_round(rows: Sequence[ranking.Standing]) -> list[str]:
    """Pairs of the day's names that look like one player spelt two ways (Jorg, Jörg) and never sat in
    one round: a name corrected by dropping it and adding it spelt right, two rows of one player;
    said as `season` says them, with the alias that folds them."""
    rounds = {r.player: sorted({s.round for s in r.tables}) for r in rows if r.tables}
    every = {n for numbers in rounds.values() for n in numbers}
    names = [p for p, numbers in rounds.items() if set(numbers) != every]  # who missed a round
    out: list[str] = []
    for i, j in alike_pairs(names, SPELT_NAMED):
        a, b = names[i], names[j]
        if set(rounds[a]) & set(rounds[b]):
            continue
        keep, drop = sorted((a, b), key=lambda n: (-len(rounds[n]), n))
        where = {n: listed(message(N_("round {number}"), number=k) for k in rounds[n]) for n in (keep, drop)}
        out.append(
            message(ONE_PLAYER_TWO_WAYS, drop=drop, drop_in=where[drop], keep=keep, keep_in=where[keep])
        )
    return out


class TournamentTable(NamedTuple):
    """One drawn table of the day: round, number, players, game limit, its evening, whether closed."""

    round: int
    table: int
    players: tuple[str, ...]
    games: int
    evening: Evening
    closed: bool = False


class DayCheck(NamedTuple):
    """The day checked: its head, the head asked about, its entry, the entries since, the warnings."""

    tournament: tm.Tournament
    head: str
    asked: str | None
    found: int | None
    since: tuple[tm.Entry, ...]
    warnings: tuple[str, ...]

    @property
    def holds(self) -> bool:
        return self.asked is None or self.found is not None


class Cup(NamedTuple):
    """A cup's standings: the tournaments as given (in the season's order), its rules and the rows."""

    tournaments: tuple[str, ...]
    rules: ranking.CupRules
    rows: tuple[ranking.CupStanding, ...]
    warnings: tuple[str, ...]


# A table's result from its paper sheet: round, table, each player's Schrift, the money points or None.
PaperGiven = tuple[int, int, Mapping[str, int], Mapping[str, int] | None]


class Tournament:
    """A tournament folder; each method is one action on it (read, or changed and written)."""

    __slots__ = ("folder",)

    # What keeps a tournament from starting, at its field: a front end says them in its own words.
    NO_ROUNDS: ClassVar[str] = N_("{rounds}: a tournament has at least 1 round")
    # a paper result for a table scored already (its hands, or a result): refused unless replacing
    ALREADY_PLAYED: ClassVar[str] = ledger_paper.ALREADY_PLAYED
    ALREADY_ON_PAPER: ClassVar[str] = ledger_paper.ALREADY_ON_PAPER
    NO_GAMES: ClassVar[str] = N_("{games}: the game limit per round at a table of four must be at least 1")
    FIVE_NOT_WHOLE: ClassVar[str] = N_(
        "needed: {games} games at a table of four is no multiple of 4, so the limit at a table of five (where every player deals as often as at four: games × 5/4) is not whole"
    )
    FIVE_FEWER: ClassVar[str] = N_(
        "{games_five}: fewer games at a table of five than the {games} at a table of four; at five the dealer sits out each hand, so a table of five plays more games, not fewer (games × 5/4, so every player deals as often as at four)"
    )
    FIVE_TOO_MANY: ClassVar[str] = N_(
        "{games}: at a table of five that makes {five} games (games × 5/4), past the {most} a table plays in a round; give the limit at five, at most {most}, or at most {four} games at four"
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
        """Every problem that keeps this tournament from starting; none when :meth:`begin` would start it."""
        problems = Collector()
        names = [words.clean_name(n) for n in players]
        for problem in words.table_names(names, "players"):
            problems.put(problem)
        if rounds < 1:
            problems.add("rounds", cls.NO_ROUNDS, rounds=rounds)
        elif rounds > tm.ROUNDS_AT_MOST:  # as the day's reader refuses it
            problems.add(
                "rounds", tm.TOO_MANY_ROUNDS, rounds=words.short_number(rounds), most=tm.ROUNDS_AT_MOST
            )
        if games < 1:
            problems.add("games", cls.NO_GAMES, games=games)
        if games_five is not None and games_five < 1:
            said = N_("{games_five}: the game limit must be at least 1")
            problems.add("games_five", said, games_five=games_five)
        elif games_five is not None and games_five < games:
            # no source plays fewer at five: the two limits swapped or mistyped
            problems.add("games_five", cls.FIVE_FEWER, games_five=games_five, games=games)
        elif games_five is None and 1 <= games <= tm.GAMES_AT_MOST and tm.games_at_five(games) is None:
            problems.add("games_five", cls.FIVE_NOT_WHOLE, games=games)
        most = tm.GAMES_AT_MOST  # as the day's reader refuses it
        for field, count in (("games", games), ("games_five", games_five)):
            if count is not None and count > most:
                problems.add(field, tm.TOO_MANY_GAMES, games=words.short_number(count), most=grouped(most))
        if games_five is None and games <= most < (five := tm.games_at_five(games) or 0):
            problems.add(
                "games", cls.FIVE_TOO_MANY, games=games, five=five, most=grouped(most), four=most * 4 // 5
            )
        if not isinstance(profile, Profile) and not profile.strip():
            problems.add("profile", cls.NO_PROFILE)
        if not format.strip():
            problems.add("format", cls.NO_FORMAT)
        for field, text in (("title", title), ("place", place)):
            wrong = None if text is None else words.text_problem(words.nfc(words.strip_spaces(text)))
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
        stake: Decimal | int | str | None = None,
        at: str | None = None,
        title: str | None = None,
        date: dt.date | None = None,
        place: str | None = None,
        given: Sequence[Problem] = (),
        unread: Sequence[TarockError] = (),
    ) -> Started:
        """Start a tournament in ``folder``, every problem at once (``given``: the caller's; ``unread``:
        the caller's files that could not be read, a players file); a day kept is never overwritten."""
        asked = cls.problems(
            players,
            rounds=rounds,
            games=games,
            profile=profile,
            format=format,
            games_five=games_five,
            title=title,
            place=place,
        )
        found = (*given, *asked)
        amount = None
        if stake is not None:  # a script's stake read as the day's reader will read it
            try:
                amount = stake_given(stake)
            except ValueError as exc:
                found = (*found, Problem.of("stake", reason(exc)))
        refused = list(unread)  # and a profile or a format not found or broken, at its field
        try:
            prof = profile if isinstance(profile, Profile) or not profile.strip() else load_profile(profile)
        except ProfileError as exc:
            refused.append(exc.located("profile"))
        try:
            fmt, document = store.load_format(format) if format.strip() else (None, {})
        except TournamentError as exc:
            refused.append(exc)
        if found or refused:
            raise UsageError.said_with(found, refused)
        assert isinstance(prof, Profile) and fmt is not None
        five = games_five if games_five is not None else tm.games_at_five(games)
        assert five is not None
        names = [words.clean_name(n) for n in players]
        begin: dict[str, Any] = {"kind": "begin", "at": at or now(), "id": secrets.token_hex(6)}
        if title is not None:
            begin["title"] = words.nfc(words.strip_spaces(title))
        if date is not None:
            begin["date"] = date.isoformat()
        if place is not None:
            begin["place"] = words.nfc(words.strip_spaces(place))
        begin |= {"rounds": rounds, "games": games, "games_five": five, "players": names}
        if amount is not None:
            begin["stake"] = str(amount)
        begin["format"] = document
        begin["profile"] = profile_mapping(profile_record(prof))
        tournament = cls(folder)
        stored = store.create(tournament.folder, begin)
        pairs = alike_pairs(names, SPELT_NAMED + 1)
        twice = _spelt_two_ways(names, pairs[:SPELT_NAMED])
        if len(pairs) > SPELT_NAMED:  # a list of numbered names: every one like the next
            said = N_("more than {count} pairs of names look like one player spelt two ways; check the list")
            twice.append(message(said, count=SPELT_NAMED))
        return Started(
            tournament, stored, prof, fmt, seating(len(names)), (*words.look_alikes(names), *twice)
        )

    def read(self) -> tm.Tournament:
        """The tournament as stored: players, rounds, game limits, each draw, profile and format."""
        return store.read(self.folder).tournament

    def table(self, round: int, table: int) -> Evening:
        """Table ``table`` of round ``round`` as an evening: its ledger, to record into, show or settle."""
        return Evening(self.folder / tm.drawn_table(self.read(), round, table).ledger)

    def tables(self) -> tuple[TournamentTable, ...]:
        """Every drawn table of every drawn round, round by round, each in the order of its number."""
        day = self.read()
        closed = {e.values["round"] for e in day.log if e.kind == "close"}
        return tuple(
            TournamentTable(
                r.number, d.table, d.players, d.games, Evening(self.folder / d.ledger), r.number in closed
            )
            for r in day.draws  # kept in round order
            for d in sorted(r.tables, key=lambda d: d.table)
        )

    def standings(self, aliases: Mapping[str, str] | Sequence[str] = ()) -> DayStandings:
        """The day's standings: every table's sheet checked, ranked by the tournament's format;
        ``aliases`` (``"ALIAS=NAME"``, or a dict) read a name as another, as :func:`cup` does."""
        day = store.read_day(self.folder)
        chosen = given_aliases(aliases, None, words.player_key)
        rows = ranking.standings(day.results, day.tournament.format, chosen.names)
        _, unused = ranking.one_name_each([], chosen.names, [p for r in day.results for p in r.players])
        warnings = (*day.warnings, *(where_given(w, chosen) for w in unused), *_never_in_one_round(rows))
        return DayStandings(day.tournament, tuple(rows), warnings, self.folder.resolve().name, day.unfinished)

    def money(self, aliases: Mapping[str, str] | Sequence[str] = ()) -> DayMoney:
        """Each player's money from every table: the stake per point, Kontras included; ``aliases``
        as for :meth:`standings` (two names of one round refused there)."""
        day = store.read_day(self.folder, money=True)
        chosen = given_aliases(aliases, None, words.player_key).names
        ranking.standings(day.results, day.tournament.format, chosen)
        return DayMoney(
            day.tournament, tuple(ranking.money(day.ledgers, chosen)), day.warnings, day.unfinished
        )

    def add_player(self, name: str, *, at: str | None = None) -> Roster:
        """A late arrival, in the next draw; a name follows the rules of a table's names."""
        name = words.clean_name(name)
        # the name alone, then beside the players it may sit with ('Anna total' beside 'Anna'); one
        # differing only by case is told as such by the day
        others = [p for p in self.read().players if words.player_key(p) != words.player_key(name)]
        if wrong := words.table_names([name], "NAME") or words.table_names([*others, name], "NAME"):
            raise UsageError(wrong)
        roster = self._roster(name, tm.add_player, "add", at)
        alike = words.look_alikes([*others, name])  # the new name's said last, after the others'
        twice = _spelt_two_ways(
            [*others, name], [(i, len(others)) for i, p in enumerate(others) if look_alike(p, name)]
        )
        return roster._replace(warnings=(*alike[len(words.look_alikes(others)) :], *twice, *roster.warnings))

    def _roster(
        self, name: str, change: Callable[[tm.Tournament, str], tm.Tournament], kind: str, at: str | None
    ) -> Roster:
        stamp = at or now()

        def entry(t: tm.Tournament) -> list[dict[str, str]]:
            change(t, name)  # refused here, at the name as given
            return [{"kind": kind, "at": stamp, "name": name}]

        before, after = store.update(self.folder, entry)
        all_drawn = counted(
            "the day's {count} round is drawn: there is no next round",
            "all {count} rounds are drawn: there is no next round",
            after.rounds,
            count=after.rounds,
        )
        warnings = () if after.round(after.rounds) is None else (all_drawn,)
        return Roster(name, before, after, seating(len(after.players)), warnings)

    def drop_player(self, name: str, *, at: str | None = None) -> Roster:
        """A player out of the later draws, named in any case; their tables so far still count."""
        given = words.clean_name(name)
        kept = next((p for p in self.read().players if words.player_key(p) == words.player_key(given)), given)
        return self._roster(kept, tm.drop_player, "drop", at)

    def draw(self, round: int, seed: int | None = None, *, at: str | None = None) -> Drawn:
        """Draw round ``round``'s tables and create their ledgers (the same ``seed``, the same draw)."""
        if seed is not None and abs(seed) > words.MAXIMUM:  # more than the day's file keeps
            raise UsageError(
                words.BEYOND, value=words.short_number(seed), maximum=grouped(words.MAXIMUM), where="seed"
            )
        chosen = secrets.randbelow(900_000) + 100_000 if seed is None else seed
        short = self.short_of_limit(round - 1)
        t = store.draw_round(self.folder, round, chosen, at or now())
        return Drawn(t, tm.drawn_round(t, round), self.folder, short)

    def short_of_limit(self, number: int) -> tuple[str, ...]:
        """A warning naming the tables of round ``number`` short of their game limit (none: none),
        after what reading the day's sheets says beside them (which hands a repair covers)."""
        if number < 1:  # a round not drawn has no tables short of it; drawing after it is refused
            return ()
        try:
            day = store.read_day(self.folder)
        except TarockError as exc:  # a sheet at another table of the round named so, as the standings do
            moved = [
                p
                for p in exc.problems
                if p.template == store.SEATS_OTHER and Path(p.where).parent.name == f"round-{number}"
            ]
            unread = N_("the sheets of round {round} cannot all be read; the standings name them")
            named = tuple(
                message(N_("{path}: {problem}"), path=p.where, problem=Message(p.template, p.values))
                for p in moved
            )
            return (*named, message(unread, round=number)) if len(moved) < len(exc.problems) else named
        said = tuple(w for w in day.warnings if getattr(w, "template", None) not in store.SHORT_OF_LIMIT)
        short = [x for x in day.unfinished if x.round == number]
        if not short:
            return said
        if len(short) > 1 and len(short) == sum(x.round == number and not x.hands for x in day.results):
            said_not_begun = N_(
                "round {round} has not begun: none of its {count} tables has a hand yet; once they have played, close it again"
            )
            return (*said, message(said_not_begun, round=number, count=len(short)))
        tables = listed(
            message(N_("table {table} ({hands} of {games})"), table=x.table, hands=x.hands, games=x.games)
            for x in short
        )
        return (*said, message(N_("round {round} is not finished: {tables}"), round=number, tables=tables))

    def round_not_begun(self) -> int | None:
        """The last drawn round while none of its tables has a hand or a paper result (drawn again,
        it seats the players as they are now); None otherwise, or while a sheet cannot be read."""
        try:
            day = store.read_day(self.folder)
        except TarockError:
            return None
        last = day.tournament.draws[-1] if day.tournament.draws else None
        idle = [x for x in day.results if last and x.round == last.number and not x.hands]
        return last.number if last and len(idle) == len(last.tables) else None

    def head(self) -> str:
        """The day's head: the hash of the last entry of its log (each change prints it)."""
        return self.read().head

    def close_round(self, round: int, *, at: str | None = None) -> tm.Tournament:
        """The desk's note at the end of round ``round``: each sheet's head, so a rewrite is caught."""
        return store.close_round(self.folder, round, at or now())

    def check(self, head: str | None = None) -> DayCheck:
        """The day's file and every sheet checked; with ``head``, the entry that has it and those since."""
        day = store.read_day(self.folder)
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

    def write_page(self, target: str | os.PathLike[str], text: str | bytes, called: str = "output") -> None:
        """Write a page made from the day to ``target`` (the field ``called`` named), atomically;
        never over the day's own files."""
        inputs = [store.file_path(self.folder), *self.folder.glob("round-*/*.toml")]
        write_output(Path(target), text, called, inputs, TarockError)

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
        """Table ``table`` of round ``round`` scored from its paper sheet (``replace``: over one given)."""
        return self.record_papers([(round, table, schrift, money)], at=at, replace=replace)

    def record_papers(
        self,
        results: Sequence[PaperGiven],
        *,
        at: str | None = None,
        replace: bool = False,
        source: str | None = None,
        rows: Mapping[tuple[int, int], Mapping[str, str]] | None = None,
    ) -> tm.Tournament:
        """Several tables' paper results, all checked, then written together (``source``: their file;
        ``rows``: where in it each table gave each name)."""
        t = self.read()
        checked = []
        problems: list[Problem] = []
        for number, table, schrift, money in results:
            given = None if rows is None else rows[number, table]
            try:
                checked.append(tm.paper_sheet(t, number, table, schrift, money, given))
            except (TournamentError, UsageError) as exc:  # a file's round past the day's: its rows wrong
                if source is None:
                    raise
                at_row = set((given or {}).values())  # a problem of one row is named at its line
                located = exc.located(f"{source}: {table_label(number, table)}").problems
                problems += [
                    p if p.where.removesuffix(": player") in at_row else q
                    for p, q in zip(exc.problems, located, strict=True)
                ]
        if problems:
            raise TournamentError(problems)
        stamp = at or now()
        entries = [(sheet, stamp) for sheet in checked]
        return store.update(
            self.folder, lambda t: store.paper_entries(self.folder, t, entries, replace=replace)
        )[1]

    def record_results_file(
        self,
        path: str | os.PathLike[str],
        *,
        at: str | None = None,
        replace: bool = False,
        warn: Callable[[str], None] = lambda said: None,
    ) -> tm.Tournament:
        """A round's results from paper sheets in a CSV (``round,table,player,schrift[,money]``);
        ``warn`` is told a file read as Windows-1252."""
        seated = frozenset(p.casefold() for r in self.read().draws for d in r.tables for p in d.players)
        found, rows = store.results_csv(Path(path), warn, seated)
        return self.record_papers(found, at=at, replace=replace, source=str(path), rows=rows)


def cup(
    tournaments: Sequence[str | os.PathLike[str]],
    points: str | os.PathLike[str],
    *,
    warn: Callable[[str], None] | None = None,
    aliases: Mapping[str, str] | Sequence[str] = (),
) -> Cup:
    """A cup over the season's tournament folders: each player's best N days in cup points."""
    folders = [Path(t) for t in tournaments]
    resolved = [f.resolve() for f in folders]
    twice = sorted({str(f) for f, r in zip(folders, resolved, strict=True) if resolved.count(r) > 1})
    if twice:
        counted_twice = N_("{names}: a tournament given twice would count twice")
        raise UsageError(counted_twice, names=", ".join(twice), where="folders")
    problems: list[Problem] = []
    try:
        rules = ranking.cup_rules(store.read_toml(Path(points), "cup points"), str(points))
    except TournamentError as exc:  # told at the field that named the file, with the days' problems
        problems += exc.located("points").problems
    chosen = given_aliases(aliases, None, words.player_key)
    names = tuple(str(f) for f in folders)  # as given, each named so in the rows
    days = []
    copies: list[Problem] = []
    first: dict[str, str] = {}  # the folder that holds each day's mark first
    warnings: list[str] = []
    played: set[str] = set()  # every name at the days' tables, as it sat there
    undrawn: list[str] = []  # said once the days and the points are known good

    def said(w: str) -> None:
        warnings.append(w)
        if warn is not None:
            warn(w)

    for folder, name in zip(folders, names, strict=True):
        try:
            day = store.read_day(folder)
        except TournamentError as exc:
            problems += exc.problems
            continue
        mark = day.tournament.id
        if mark and mark in first:  # a day begun before 0.2 has no mark
            copied = N_("{name} and {other} are one tournament (a copied folder); it would count twice")
            copies.append(Problem.of("folders", copied, name=first[mark], other=name))
        first.setdefault(mark, name)
        for w in day.warnings:
            said(w)
        if not day.tournament.draws:  # the wrong folder, or a day still to come: a column of nothing
            none_drawn = N_("{name}: no round is drawn yet: the day gives no cup points")
            undrawn.append(message(none_drawn, name=name))
        rows = ranking.standings(day.results, day.tournament.format, chosen.names)
        played.update(p for r in day.results for p in r.players)
        # a player whose tables have no hands yet has no place, so no cup points for the day
        days.append((name, [(r.place, r.player) for r in rows if r.place is not None]))
    if problems:
        raise TournamentError(problems)
    if copies:
        raise UsageError(copies)
    for w in undrawn:
        said(w)
    merged, alike = ranking.one_name_each(days, chosen.names, played)
    for w in alike:
        said(where_given(w, chosen))
    return Cup(names, rules, tuple(ranking.cup_standings(merged, rules)), tuple(warnings))
