"""The season as the library offers it (library layer): many evenings' ledgers read and folded into
standings, statistics and the chart; warnings go to ``warn`` as found and are kept, never printed."""

import datetime as dt
import os
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple, cast

from tarockscore.errors import (
    N_,
    LedgerError,
    Message,
    Problem,
    TarockError,
    UsageError,
    counted,
    message,
)
from tarockscore.evening.evening import as_day, as_the_rules, find_ledger
from tarockscore.evening.model import Ledger
from tarockscore.evening.store import NoLedgerHere, NotALedger, Snapshot, read, said_on_reading, verify
from tarockscore.io import safe_io
from tarockscore.io.inputs import load_profile
from tarockscore.rules.profile import Profile
from tarockscore.rules.words import clean_name, name_problem, text_problem
from tarockscore.season import standings as core
from tarockscore.season.statistics import PlayerStats, player_stats

#: Where a warning goes as soon as it is found (a front end prints it; a script may collect it).
Warn = Callable[[str], None]


class SeasonMessages:
    """The season's messages that speak of a front end's options, each worded by the front end."""

    # from the fold (season/standings.py)
    ONE_PLAYER_TWO_WAYS = core.ONE_PLAYER_TWO_WAYS
    UNUSED_ALIAS = core.UNUSED_ALIAS
    UNUSED_DAY_ALIAS = core.UNUSED_DAY_ALIAS
    TWO_AT_ONE_TABLE = core.TWO_AT_ONE_TABLE
    PROFILES_CANNOT_ADD = core.PROFILES_CANNOT_ADD
    PROFILES_ADDED = core.PROFILES_ADDED
    UNDATED = core.UNDATED
    WRONGLY_DATED = core.WRONGLY_DATED
    # from the choice of evenings (here)
    UNUSED_ALIAS_AT = N_("{where}: nobody called {alias!r} played in these ledgers{hint}")
    UNUSED_DAY_ALIAS_AT = N_("{where}: nobody called {alias!r} played on these days{hint}")  # a cup's
    ALIAS_FORM = N_("alias {text!r}: give ALIAS=NAME, e.g. 'Hansi=Hans'")
    ALIAS_NAME = N_("alias {text!r}: {name!r}: {wrong}")
    ALIAS_TWICE = N_("alias {first!r} and alias {second!r}: one alias, two names; give one")
    NO_ALIAS_FILE = N_("alias file {alias_file!r}: no such file")
    ALIAS_OVER_FILE = N_("alias {text!r} is taken over {file}: aliases.{alias} = {name!r}")
    DATES_CROSSED = N_("the first day {start} is after the last day {end}")
    LEAVE_OUT_BAD = N_("or leave out of the season a ledger that fails its check")
    EMPTY_PROFILE = N_("{value!r}: empty; give a profile's name or the path to a profile file")


M = SeasonMessages

# A ledger or folder named that is not there (values: path, as given)
NO_SUCH_SOURCE = N_("{path}: no such file or folder; give a ledger file or a folder of ledgers")


class ProblemText(Message):
    """A problem inside a warning, said as the problem says itself, in the reader's language."""

    __slots__ = ("problem",)
    problem: Problem

    def __new__(cls, problem: Problem) -> "ProblemText":
        # Message.__new__ is typed to make a Message; made with cls, it is one of these
        self = cast(ProblemText, super().__new__(cls, "{problem}", (("problem", problem.render()),)))
        self.problem = problem
        return self

    def render(self, translate: Callable[[str], str] | None = None) -> str:
        return self.problem.render(translate)


class LeftOut(Message):
    """The warning that a ledger was left out of the season (``skip_bad``): ``path`` and its ``problems``."""

    __slots__ = ("path", "problems")
    path: Path
    problems: tuple[Problem, ...]

    def __new__(cls, path: Path, problems: Sequence[Problem]) -> "LeftOut":
        more = len(problems) - 1
        values = {"path": path, "problem": ProblemText(problems[0]), "more": more}
        if more:
            said = counted(
                "{path}: left out of the season: {problem} (and {more} more problem)",
                "{path}: left out of the season: {problem} (and {more} more problems)",
                more,
                **values,
            )
        else:
            said = message(N_("{path}: left out of the season: {problem}"), **values)
        self = cast(LeftOut, super().__new__(cls, said.template, said.values))
        self.path = path
        self.problems = tuple(problems)
        return self


def _alias_pair(alias: str, name: str, text: str) -> tuple[str, str]:
    """An alias and the name it stands for, each held to the rules of a player's name."""
    alias, name = clean_name(alias), clean_name(name)
    wrong = [(n, w) for n in (alias, name) if (w := name_problem(n)) is not None]
    if wrong:
        raise UsageError([Problem.of("", M.ALIAS_NAME, text=text, name=n, wrong=w) for n, w in wrong])
    return alias, name


def parse_alias(text: str) -> tuple[str, str]:
    """``"Hansi=Hans"`` → ``("Hansi", "Hans")``; both held to the rules of a player's name."""
    alias, sep, name = text.partition("=")
    if not sep or not alias.strip() or not name.strip():
        raise UsageError(M.ALIAS_FORM, text=text)
    return _alias_pair(alias, name, text)


def _alias_file(path: str | os.PathLike[str]) -> dict[str, str]:
    """An alias file's ``[aliases]`` table, read and checked (problems located at ``aliases``)."""
    shown = os.fspath(path)
    if not shown.strip():
        raise UsageError(
            N_("{value!r}: empty; give an alias file, or leave the option out"), where="aliases", value=shown
        )
    try:
        raw = safe_io.read_regular(Path(shown), "alias", safe_io.SMALL_LIMIT, UsageError)
        text = safe_io.decode(raw, shown, UsageError)
        document = safe_io.load_toml(text, shown, UsageError, safe_io.ALIAS)
        if (other := safe_io.other_kind(document, safe_io.ALIAS)) is not None:  # said in one line
            raise UsageError(N_("{name}: not an alias file: this is {other}"), name=shown, other=other)
        return core.aliases_from_mapping(document, shown)
    except FileNotFoundError:
        raise UsageError(M.NO_ALIAS_FILE, alias_file=shown) from None
    except UsageError as exc:
        raise exc.located("aliases") from None


class _Aliases(NamedTuple):
    """Every alias, and where each was given, so that a warning about it names it there."""

    names: dict[str, str]
    texts: dict[str, str]  # alias → the text it was given as
    in_file: dict[str, str]  # alias → "FILE: aliases.KEY"
    overridden: tuple[Message, ...]  # each --alias that gives an alias of the file another name


def given_aliases(
    given: Mapping[str, str] | Iterable[str],
    alias_file: str | os.PathLike[str] | None,
    key: Callable[[str], str] = str,
) -> _Aliases:
    """The aliases given (one as a string, or many); ``key``: the form two spellings of one name
    share (a cup's: any case)."""
    given = (given,) if isinstance(given, str) else given
    first: dict[str, str] = {}  # each alias's key → the alias as first given
    texts: dict[str, str] = {}
    in_file: dict[str, str] = {}
    from_file: dict[str, str] = {}
    overridden: list[Message] = []
    if alias_file is not None:
        from_file = _alias_file(alias_file)
        in_file = {a: f"{os.fspath(alias_file)}: aliases.{a}" for a in from_file}
    names = dict(from_file)
    pairs = (
        [(f"{a}={n}", (a, n)) for a, n in given.items()]
        if isinstance(given, Mapping)
        else [(text, None) for text in given]
    )
    problems: list[Problem] = []
    for text, pair in pairs:
        try:
            alias, name = parse_alias(text) if pair is None else _alias_pair(*pair, text)
        except UsageError as exc:
            problems += exc.problems
            continue
        before = first.setdefault(key(alias), alias)
        if key(names.get(before, name)) != key(name) and before in texts:  # else the last kept, unsaid
            problems.append(Problem.of("", M.ALIAS_TWICE, first=texts[before], second=text))
            continue
        if key(from_file.get(alias, name)) != key(name):  # the command line's taken, and said
            said = message(M.ALIAS_OVER_FILE, text=text, file=alias_file, alias=alias, name=from_file[alias])
            overridden.append(said)
        names[alias] = name
        texts[alias] = text
        in_file.pop(alias, None)
    if problems:
        raise UsageError(problems)
    return _Aliases(names, texts, in_file, tuple(overridden))


def _profile(rescore: str | Profile | None) -> Profile | None:
    if rescore is None or isinstance(rescore, Profile):
        return rescore
    if not rescore.strip():  # never taken for the default profile
        raise UsageError(M.EMPTY_PROFILE, value=rescore, where="rescore")
    return load_profile(rescore)


class _Reading:
    """The ledgers of a season being read, and the warnings said on the way."""

    def __init__(self, warn: Warn | None, alias_file: Path | None = None) -> None:
        self.warn = warn
        self.warnings: list[str] = []
        # the alias file, where it is kept among the ledgers: found in a folder, it is not one of them
        self.alias_file = alias_file.resolve() if alias_file is not None else None

    def said(self, warning: str, **values: object) -> None:
        """A warning, or with ``values`` the template it fills."""
        warning = message(warning, **values) if values else warning
        self.warnings.append(warning)
        if self.warn is not None:
            self.warn(warning)

    def folder(self, path: Path, source: str) -> list[Path]:
        """Every ``*.toml`` regular file in the folder and below, in order; a FIFO or a device is skipped."""
        found = []

        def unreadable(exc: OSError) -> None:
            said = N_("{folder}: cannot read this folder ({why}); its ledgers are left out")
            self.said(said, folder=exc.filename, why=safe_io.os_reason(exc))

        for folder, dirs, files in os.walk(path, onerror=unreadable):
            dirs.sort()
            for name in files:
                f = Path(folder) / name
                if name.endswith(".toml") and self.regular(f):
                    found.append(f)
        found.sort()
        if not found:
            self.said(N_("{folder}: no *.toml files in this folder"), folder=source)
        return found

    def regular(self, f: Path) -> bool:
        try:
            mode = os.stat(f).st_mode
        except OSError as exc:
            self.said(N_("{file}: cannot read ({why}), skipped"), file=f, why=safe_io.os_reason(exc))
            return False
        if not stat.S_ISREG(mode):
            self.said(N_("{file}: not a regular file (a FIFO, a device or a socket), skipped"), file=f)
            return False
        return True

    def files(self, sources: Sequence[str]) -> list[tuple[Path, str | None]]:
        """Each ledger file to read, and the source as given where it was named (None: found in a folder)."""
        out: dict[Path, tuple[Path, str | None]] = {}  # by the real file: each once
        for source in sources:
            path = Path(source)
            if not source.strip():
                raise UsageError(N_("{source!r} is empty; give a ledger file or a folder"), source=source)
            # missing, or a name the file system refuses, is no folder: reading reports it
            in_folder = os.path.isdir(path)
            for f in self.folder(path, source) if in_folder else [path]:
                key = f.resolve()
                if not (in_folder and key == self.alias_file):
                    out.setdefault(key, (f, None if in_folder else source))
        return list(out.values())

    def ledgers(self, sources: Sequence[str], skip_bad: bool, named: bool) -> list[tuple[str, Ledger]]:
        """Every ledger named or found, all problems in one error (``skip_bad``: a bad one left out);
        ``named``: the sources were given, not the evening's ledger found in its place."""
        ledgers: list[tuple[str, Ledger]] = []
        problems: list[Problem] = []
        untrusted = False
        for path, source in self.files(sources):
            in_folder = source is None
            snapshot: Snapshot | None = None
            try:
                snapshot = read(path)
                verify(snapshot)
                as_the_rules(path, snapshot.ledger)
            except NotALedger as exc:
                if in_folder:
                    self.said(N_("{problem}, skipped"), problem=ProblemText(exc.problems[0]))
                else:
                    problems += exc.problems
                continue
            except LedgerError as exc:
                found = list(exc.problems)
                if isinstance(exc, NoLedgerHere) and named and source is not None:
                    # a path typed that is not there: no evening to begin, a name to check
                    found = [Problem.of("", NO_SUCH_SOURCE, path=source)]
                if snapshot is None and in_folder and _not_a_ledger(exc):
                    self.said(N_("{file}: not a ledger (no schema key), skipped"), file=path)
                elif skip_bad:
                    self.said(LeftOut(path, found))
                else:
                    problems += found
                    untrusted = untrusted or snapshot is not None
                continue
            for said in said_on_reading(snapshot):
                self.said(said)
            ledgers.append((str(path), snapshot.ledger))
        if problems:
            raise LedgerError([*problems, *([Problem.of("", M.LEAVE_OUT_BAD)] if untrusted else [])])
        return ledgers


def _not_a_ledger(exc: LedgerError) -> bool:
    """Whether the file sets no ``schema`` key, as every ledger's header does (files that are no
    ledger at all, notes among them, are :class:`NotALedger`)."""
    return any(p.where.endswith("schema") and "not a tarockscore ledger" in p.message for p in exc.problems)


class FoldedSeason(NamedTuple):
    """Many evenings folded into one season, and the warnings of reading them (``left_out``)."""

    season: core.Season
    left_out: tuple[str, ...] = ()

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every warning, in the order said: the reading's, then the season's."""
        return (*self.left_out, *self.season.warnings)

    def standings(self) -> tuple[core.Standing, ...]:
        """Per player: Victory Points, payout, hands, evenings; best first, ties share a rank."""
        return core.standings(self.season)

    def statistics(self) -> tuple[PlayerStats, ...]:
        """Per player: contracts declared and won, partners, defences, bonuses, Kontras, best and worst hand."""
        return player_stats(self.season)

    def chart_points(self) -> tuple[list[Mapping[str, int]], list[tuple[int, str]]]:
        """Every hand's points in season order, and where each evening after the first begins."""
        points: list[Mapping[str, int]] = []
        starts: list[tuple[int, str]] = []
        for i, e in enumerate(self.season.evenings):
            if i:
                starts.append((len(points), e.label))
            points += [h.result.victory_points for h in e.hands]
        return points, starts


def fold_season(
    sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]] = (),
    *,
    since: dt.date | str | None = None,
    until: dt.date | str | None = None,
    players: Sequence[str] = (),
    aliases: Mapping[str, str] | Iterable[str] = (),
    alias_file: str | os.PathLike[str] | None = None,
    rescore: str | Profile | None = None,
    skip_bad: bool = False,
    warn: Warn | None = None,
) -> FoldedSeason:
    """Read the ledgers (``sources``: files or folders; none: the evening's) and fold them into a season.

    ``since`` and ``until``: a ``datetime.date`` or ``YYYY-MM-DD``; ``players`` and ``aliases`` (of
    ``ALIAS=NAME``): a list, or one of them as a string; ``sources`` likewise, or one path."""
    if isinstance(sources, str | os.PathLike):  # one path, not its letters ("/" would be the whole disk)
        sources = (sources,)
    problems: list[Problem] = []
    days: list[dt.date | None] = []
    for where, value in (("since", since), ("until", until)):
        try:
            days.append(as_day(value, where))
        except UsageError as exc:
            problems += exc.problems
            days.append(None)
    if problems:
        raise UsageError(problems)
    since, until = days
    if isinstance(players, str):
        players = (players,)
    if since is not None and until is not None and since > until:
        raise UsageError(M.DATES_CROSSED, start=since, end=until)
    chosen = given_aliases(aliases, alias_file)
    profile = _profile(rescore)
    named = [os.fspath(s) for s in sources]
    names = named or [os.fspath(find_ledger())]
    reading = _Reading(warn, None if alias_file is None else Path(alias_file))
    for said in chosen.overridden:
        reading.said(said)
    ledgers = reading.ledgers(names, skip_bad, bool(named))
    if not ledgers and not any(isinstance(w, LeftOut) for w in reading.warnings):
        # a season before its first evening: empty standings, as a range without one
        reading.said(N_("no ledgers found in {names}"), names=", ".join(names))
    filters = core.Filters(
        date_from=since, date_to=until, players=tuple(players), aliases=chosen.names, rescore=profile
    )
    season = core.fold(ledgers, filters)
    season = season._replace(warnings=tuple(where_given(w, chosen) for w in season.warnings))
    for w in season.warnings:
        if warn is not None:
            warn(w)
    return FoldedSeason(season, tuple(reading.warnings))


def where_given(warning: str, chosen: _Aliases) -> str:
    """An unused alias named where it was given: in the alias file (its key), or as its text."""
    if not isinstance(warning, Message) or warning.template not in (M.UNUSED_ALIAS, M.UNUSED_DAY_ALIAS):
        return warning
    values = dict(warning.values)
    alias = str(values["alias"])
    if alias in chosen.in_file:
        return message(M.UNUSED_ALIAS_AT, where=chosen.in_file[alias], alias=alias, hint=values["hint"])
    return Message(warning.template, (*warning.values, ("given", chosen.texts[alias])))


def check_chart_title(title: str) -> None:
    """Refuse a chart title a reader would not see as it is (a control character, an override)."""
    if (wrong := text_problem(title)) is not None:
        raise UsageError(N_("{title!r}: {wrong}"), title=title, wrong=wrong, where="title")


def check_chart_file(
    target: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]], called: str = "output"
) -> None:
    """Refuse, before any work, a chart file that would overwrite an input, a ledger or a profile."""
    safe_io.check_output(os.fspath(target), called, [Path(p) for p in inputs])


def write_chart_file(
    target: str | os.PathLike[str],
    data: str | bytes,
    inputs: Iterable[str | os.PathLike[str]],
    called: str = "output",
) -> None:
    """Write the chart (the SVG, the page, the image) atomically, checked as :func:`check_chart_file` does."""
    safe_io.write_output(Path(target), data, called, [Path(p) for p in inputs], TarockError)
