"""The tournament and cup commands (CLI layer): options, one call of the library, the view printed."""

import shlex
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit, urlunsplit

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.cli import terminal
from tarockscore.cli.commands.season import in_command_words, season_error
from tarockscore.cli.options import (
    DATA_FORMATS,
    AliasOpt,
    Wording,
    advised,
    as_options,
    at_options,
    day_folder,
    format_read,
    head_given,
    read_option,
    round_number,
    show,
    utf8_output,
    whole_number,
    with_format,
)
from tarockscore.errors import (
    N_,
    Collector,
    Message,
    Problem,
    TarockError,
    TournamentError,
    UsageError,
    message,
    shown_path,
)
from tarockscore.i18n import _, ngettext
from tarockscore.render import cards as card_pages
from tarockscore.render import tournament as render
from tarockscore.render.chart import ImageUnavailable
from tarockscore.render.evening import folded, moment
from tarockscore.render.notation import stake_amount, table_date
from tarockscore.render.output import OutputFormat


class Action(StrEnum):
    ADD = "add"
    DROP = "drop"


DirArg = Annotated[
    Path, typer.Argument(help="The tournament folder (it holds tournament.toml).", parser=day_folder)
]
ROUND = {"round": "--round"}


def _round(help_text: str) -> Any:
    """``--round``/``-r``: a round's number, 1 or more (how many the day has is the day's to say)."""
    return typer.Option("--round", "-r", help=help_text, parser=round_number)


# The fields of a tournament's problems, as the options (and arguments) that give them.
OPTIONS = {
    "players": "--players",
    "rounds": "--rounds",
    "games": "--games",
    "games_five": "--games-five",
    "profile": "--profile",
    "format": "--format",
    "folders": "FOLDERS",
    "title": "--title",
    "place": "--place",
}

# What keeps a tournament from starting, as the command line says it: with the option to give.
BEGIN_WORDS: Wording = {
    tarockscore.Tournament.NO_ROUNDS: N_("{rounds}: give the number of rounds, at least 1, e.g. --rounds 3"),
    tarockscore.Tournament.NO_GAMES: N_(
        "{games}: give the game limit per round at a table of four, e.g. --games 16"
    ),
    tarockscore.Tournament.FIVE_NOT_WHOLE: N_(
        "needed: --games {games} is no multiple of 4, so the limit at a table of five (where every player deals as often as at four: games × 5/4) is not whole; give it"
    ),
    tarockscore.Tournament.FIVE_FEWER: N_(
        "{games_five}: fewer than --games {games}; at a table of five the dealer sits out each hand, so it plays more games, not fewer: give --games-five at least {games}, or leave it out for --games × 5/4"
    ),
    tarockscore.Tournament.FIVE_TOO_MANY: N_(
        "{games}: at a table of five --games × 5/4 makes {five} games, past the {most} a table plays in a round: give --games-five, at most {most}, or --games at most {four}"
    ),
    tarockscore.Tournament.NO_PROFILE: N_(
        "give the profile every table is scored under, e.g. --profile ooe-2023"
    ),
}


# --rounds and --games left out, said as BEGIN_WORDS says a 0 given
COUNTS_NEEDED = {
    "--rounds": N_("give the number of rounds, at least 1, e.g. --rounds 3"),
    "--games": N_("give the game limit per round at a table of four, e.g. --games 16"),
}


VerboseOpt = Annotated[
    bool, typer.Option("--verbose", "-v", help="A warning line for each unfinished table, not one for all.")
]


def _day_warnings(warnings: Sequence[str], unfinished: Sequence[Any], verbose: bool) -> None:
    """The day's warnings: the tables short of their limit in one line (each with ``--verbose``)."""
    if verbose or len(unfinished) < 2:
        said = terminal.Warnings(verbose)
        for w in warnings:
            said.warn(w)
        said.close()
        return
    short = len(unfinished)
    for w in warnings:
        if not render.short_of_limit(w):
            terminal.warn(w)
    short_line = ngettext(
        "{count} table is short of its game limit; --verbose names it",
        "{count} tables are short of their game limit ({tables}); --verbose names each",
        short,
    )
    terminal.warn(short_line.format(count=short, tables=render.short_tables(unfinished)))


# A table scored already takes a paper result only as a correction: the option that makes one.
RESULT_WORDS: Wording = {
    tarockscore.Tournament.ALREADY_PLAYED: N_(
        "{label}: its sheet already has {hands}; a table is scored one way: --replace scores it from its paper sheet instead (its log keeps what it replaces)"
    ),
    tarockscore.Tournament.ALREADY_ON_PAPER: N_(
        "{label} already has a result from its paper sheet: --replace corrects it (its log keeps what it replaces)"
    ),
}
# A round's file names every table; one played at its table (on a phone) is best left out of it.
RESULT_FILE_WORDS: Wording = {
    **RESULT_WORDS,
    tarockscore.Tournament.ALREADY_PLAYED: N_(
        "{label}: its sheet already has {hands}, played at the table; leave its rows out of the file, or --replace scores it from the file instead (its log keeps the hands)"
    ),
}


def _worded(exc: TarockError, wording: Wording, options: Mapping[str, str]) -> TarockError:
    """The same error in the command line's ``wording``, each problem at a field of ``options`` given at its option."""
    return at_options(type(exc)([advised(p, wording) for p in exc.problems]), options)


def _say_head(t: Any) -> None:
    """The day's head, for the organiser's paper (``tournament check --head`` verifies it later)."""
    typer.echo(_("day head {head}").format(head=t.head[:12]))


def _seating_advice(p: Problem, folder: Path) -> Message:
    """A count that cannot be seated, with the command that changes it for this tournament."""
    said = N_(
        "{problem}: add or drop players with `tarockscore tournament players {folder} add NAME` / `drop NAME`"
    )
    problem = Message(p.template, p.values) if p.template else p.message
    return message(said, problem=problem, folder=shlex.quote(str(folder)))


def _warn_unseated(seating: "tarockscore.Seating", folder: Path) -> None:
    """A count that cannot be seated is a warning (not an error) before the draw: late arrivals may still come."""
    for p in seating.problems:
        terminal.warn(_seating_advice(p, folder))


def _players(
    players: str | None, players_file: Path | None, problems: Collector, unread: list[TarockError]
) -> list[str]:
    """The names of ``--players`` or of ``--players-file`` (exactly one of them; none when not, or
    where the file is refused: ``unread`` holds why)."""
    if (players is None) == (players_file is None):
        said = N_("give the players with --players A,B,… or --players-file FILE (one of them)")
        problems.add("--players", said)
        return []
    if players is not None:
        return tarockscore.typed_names(players)
    assert players_file is not None
    try:
        return tarockscore.read_players(players_file, terminal.warn)
    except TournamentError as exc:
        unread.append(exc.located("--players-file"))
        return []


def new(
    folder: DirArg,
    players: Annotated[
        str | None, typer.Option("--players", "-p", help="The players, comma-separated.")
    ] = None,
    players_file: Annotated[
        Path | None, typer.Option("--players-file", help="A file with one name a line.")
    ] = None,
    rounds: Annotated[str | None, typer.Option("--rounds", help="How many rounds the day has.")] = None,
    games: Annotated[
        str | None, typer.Option("--games", help="The game limit per round at a table of four.")
    ] = None,
    games_five: Annotated[
        str | None,
        typer.Option("--games-five", help="The game limit at a table of five; default --games × 5/4."),
    ] = None,
    profile: Annotated[
        str, typer.Option("--profile", "-P", help="A shipped profile name or a path to a profile file.")
    ] = "",
    format_ref: Annotated[
        str,
        typer.Option(
            "--format", help="How the day is ranked: schrift, haupt-sub, schrift-rang, or a format file."
        ),
    ] = "",
    stake: Annotated[
        str | None, typer.Option("--stake", help="Money per point at every table, e.g. 0.10.")
    ] = None,
    title: Annotated[
        str | None,
        typer.Option("--title", help="The event's name, heading the standings and the cards."),
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="The day's date: 2026-03-14 or 14.03.2026.")
    ] = None,
    place: Annotated[str | None, typer.Option("--place", help="Where the day is played.")] = None,
) -> None:
    """Start a tournament in FOLDER: the players, rounds, game limits, profile and format."""
    problems, unread = Collector(), list[TarockError]()
    names = _players(players, players_file, problems, unread)
    # the numbers read here, not by Typer: one not a number is said with every other problem
    typed = {"--rounds": rounds, "--games": games, "--games-five": games_five}
    counts = {option: read_option(problems, option, whole_number, text) for option, text in typed.items()}
    unread_numbers = {o for o, text in typed.items() if text is not None and counts[o] is None}
    for option, needed in COUNTS_NEEDED.items():  # left out: not said as the 0 it is taken for
        if typed[option] is None:
            problems.add(option, needed)
            unread_numbers.add(option)
    if "--games" in unread_numbers:  # --games-five is checked against it
        unread_numbers.add("--games-five")
    amount = read_option(problems, "--stake", stake_amount, stake)
    day = read_option(problems, "--date", table_date, date)
    try:
        started = tarockscore.Tournament.begin(
            folder,
            names,
            rounds=counts.get("--rounds") or 0,
            games=counts.get("--games") or 0,
            games_five=counts.get("--games-five"),
            profile=profile,
            format=format_ref,
            stake=amount,
            title=title,
            date=day,
            place=place,
            given=problems.problems,
            unread=unread,
        )
    except TarockError as exc:  # the options', a profile's or a format's, or the folder taken
        refused = as_options(_worded(exc, BEGIN_WORDS, OPTIONS), "profile", "format")
        # a number not read is said once, as typed, not again as the 0 it was taken for
        shown = [p for p in refused.problems if p.where not in unread_numbers or p in problems.problems]
        raise type(refused)(shown) from None
    t = started.stored
    said = terminal.Warnings()  # a long list: the first few of each kind, the rest counted
    for w in started.warnings:
        said.warn(w)
    said.close()
    typer.echo(_("new tournament in {path}").format(path=shown_path(started.path)))
    typer.echo(_("players: {count}").format(count=len(t.players)))
    limits = _("rounds:  {rounds}, {games} games at a table of four, {games_five} at a table of five")
    typer.echo(limits.format(rounds=t.rounds, games=t.games, games_five=t.games_five))
    pinned = _("profile: {name} (sha256 {sha})")
    typer.echo(pinned.format(name=started.profile.name, sha=t.profile.sha256[:12]))
    typer.echo(folded(_("format:  {format}").format(format=render.format_words(started.format))))
    wins = [started.format.points_for(size)[0] for size in (4, 5)] if started.format.rank_points else []
    if wins and wins[0] != wins[1]:  # an own format that set one size's points and kept the other's
        uneven = _(
            "format {name}: a table win counts {four} at a table of four (rank_points.four) but {five} at a table of five (rank_points.five); give both in the format file if a win should count the same"
        )
        terminal.warn(uneven.format(name=started.format.name, four=wins[0], five=wins[1]))
    if t.stake is not None:
        typer.echo(_("stake:   {amount} per point").format(amount=i18n.money(t.stake)))
    _warn_unseated(started.seating, folder)
    if started.seating.seated:
        typer.echo(_("tables:  {tables}").format(tables=render.tables_text(started.seating.tables)))
    typer.echo(_("next:    tarockscore tournament draw {folder} --round 1").format(folder=shown_path(folder)))
    _say_head(t)


@with_format()
def draw(
    folder: DirArg,
    round_number: Annotated[int, _round("The round to draw.")],
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="The draw's seed: the same seed gives the same draw."),
    ] = None,
    fmt: OutputFormat = OutputFormat.TABLE,
) -> None:
    """Draw a round's tables, create each table's ledger, and print the seating for the wall."""
    try:
        drawn = tarockscore.Tournament(folder).draw(round_number, seed)
    except tarockscore.UnseatableCount as exc:
        advised_problems = [Problem.of(p.where, _seating_advice(p, folder)) for p in exc.problems]
        raise TournamentError(advised_problems) from None
    except (TournamentError, UsageError) as exc:
        raise at_options(exc, {**ROUND, "seed": "--seed"}) from None
    for w in drawn.warnings:
        terminal.warn(w)
    show(render.seating_view(drawn.tournament, drawn.round, str(folder), drawn.tournament.head), fmt)
    if fmt is OutputFormat.TABLE:
        _say_head(drawn.tournament)


def players(
    folder: DirArg,
    action: Annotated[Action, typer.Argument(help="add or drop.", case_sensitive=False)],
    name: Annotated[str, typer.Argument(metavar=N_("PLAYER"), help="The player's name.")],
) -> None:
    """Add a late arrival, or drop a player, before the next round's draw."""
    tournament = tarockscore.Tournament(folder)
    try:
        roster = tournament.add_player(name) if action is Action.ADD else tournament.drop_player(name)
    except TarockError as exc:  # at the argument, as its help names it
        raise at_options(exc, {"NAME": "PLAYER"}) from None
    all_drawn = roster.after.round(roster.after.rounds) is not None  # there is no next draw
    count = len(roster.after.players)
    done = {  # by the action, and whether a next draw is still to come
        (Action.ADD, False): ngettext(
            "{name}: added; {count} player in the next draw",
            "{name}: added; {count} players in the next draw",
            count,
        ),
        (Action.ADD, True): ngettext(
            "{name}: added; {count} player", "{name}: added; {count} players", count
        ),
        (Action.DROP, False): ngettext(
            "{name}: dropped (their tables so far still count); {count} player in the next draw",
            "{name}: dropped (their tables so far still count); {count} players in the next draw",
            count,
        ),
        (Action.DROP, True): ngettext(
            "{name}: dropped (their tables so far still count); {count} player",
            "{name}: dropped (their tables so far still count); {count} players",
            count,
        ),
    }
    typer.echo(folded(done[action, all_drawn].format(name=roster.name, count=count)))
    _say_head(roster.after)
    for w in roster.warnings:
        terminal.warn(w)
    idle = tournament.round_not_begun()
    drawn = roster.after.round(idle) if idle is not None else None
    seat = next((d.table for d in drawn.tables if roster.name in d.players), None) if drawn else None
    if drawn is not None and (seat is None) == (action is Action.ADD):
        said = (
            _("round {round} is drawn and not begun: draw it again to seat {name} in it ({command})")
            if seat is None
            else _(
                "round {round} is drawn and not begun, with {name} at table {table}: draw it again to seat it without them ({command})"
            )
        )
        command = f"tarockscore tournament draw {shlex.quote(str(folder))} --round {idle}"
        terminal.warn(said.format(round=idle, name=roster.name, table=seat, command=command))
    if all_drawn:
        return
    _warn_unseated(roster.seating, folder)
    if roster.seating.seated:
        typer.echo(_("tables: {tables}").format(tables=render.tables_text(roster.seating.tables)))


@with_format(formats=(*DATA_FORMATS, OutputFormat.HTML))
def standings(
    folder: DirArg,
    verbose: VerboseOpt = False,
    alias: AliasOpt = [],  # noqa: B006
    fmt: OutputFormat = OutputFormat.TABLE,
) -> None:
    """The day's standings: every table's sheet checked, ranked by the tournament's format."""
    try:
        day = tarockscore.Tournament(folder).standings(alias)
    except UsageError as exc:
        raise season_error(exc, "alias") from None
    _day_warnings([in_command_words(w) for w in day.warnings], day.unfinished, verbose)
    show(render.standings_view(day.tournament, day.rows, day.name, shlex.quote(shown_path(folder))), fmt)


@with_format()
def money(
    folder: DirArg,
    verbose: VerboseOpt = False,
    alias: AliasOpt = [],  # noqa: B006
    fmt: OutputFormat = OutputFormat.TABLE,
) -> None:
    """Each player's money from every table: the stake per point, Kontras included."""
    try:
        day = tarockscore.Tournament(folder).money(alias)
    except UsageError as exc:
        raise season_error(exc, "alias") from None
    _day_warnings(day.warnings, day.unfinished, verbose)
    show(render.money_view(day.rows, shlex.quote(shown_path(folder))), fmt)


def cards(
    folder: DirArg,
    round_number: Annotated[int, _round("The round whose tables get cards.")],
    out: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="The file to write: .html, or .pdf (one page per card; needs the chart extra); without it (or with -), the HTML page is printed.",
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            metavar="URL",
            help="The address the phones reach `serve` at, as it prints it (http://192.168.1.20:8000): each card gets the QR code of its table's page, with the table's code.",
        ),
    ] = None,
) -> None:
    """One printable card per table: players in seat order, Forehand of hand 1, the game limit, an empty Schrift grid."""
    if out is not None and str(out) == "-":  # standard output, as chart's -o -
        out = None
    problems = Collector()  # every option refused, said at once
    if out is not None and out.suffix.lower() not in (".html", ".htm", ".pdf"):
        said = N_(
            "--output {out!r}: write .html or .pdf (the file's ending says which), or - for the page on stdout"
        )
        problems.add("", said, out=str(out))
    base = read_option(problems, "--base-url", _base_url, base_url)
    problems.raise_if_any(UsageError)
    tournament = tarockscore.Tournament(folder)
    try:
        t, drawn = tournament.round_drawn(round_number)
    except (TournamentError, UsageError) as exc:
        raise at_options(exc, ROUND) from None
    addresses = None
    if base is not None:  # the web front end's codes (made now if the day has none yet) and QR codes
        from tarockscore.web import pages  # noqa: PLC0415
        from tarockscore.web.site import Site  # noqa: PLC0415

        addresses = pages.round_links(Site(folder), base, round_number)
    if out is None:
        utf8_output()
        typer.echo(card_pages.cards_html(t, drawn, addresses), nl=False)
        return
    make = card_pages.cards_pdf if out.suffix.lower() == ".pdf" else card_pages.cards_html
    try:
        tournament.write_page(out, make(t, drawn, addresses), "--output")
    except ImageUnavailable as exc:  # the chart extra is missing: exit 1, as a file not written
        raise TarockError(N_("--output {out!r}: {exc}"), out=str(out), exc=exc.said) from None
    written = ngettext("{path}: {count} table card", "{path}: {count} table cards", len(drawn.tables))
    typer.echo(written.format(path=shown_path(out), count=len(drawn.tables)))


def _base_url(given: str) -> str:
    """``--base-url``: an http(s) address with a host (a port and a path may follow), nothing after."""
    parts = urlsplit(given.strip())
    try:
        parts.port  # noqa: B018  # a port past 65535 or not a number raises here
    except ValueError:
        parts = parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        said = N_(
            "{url!r}: give the address the phones reach serve at, as serve prints it, e.g. http://192.168.1.20:8000"
        )
        raise UsageError(said, where="--base-url", url=given)
    return urlunsplit(parts).rstrip("/")


_TWICE = N_("{name!r} is given twice, {value!r} and {rest!r}: give each name once")


def _points(given: Sequence[str], option: str, problems: Collector, twice: str = _TWICE) -> dict[str, int]:
    """``NAME=POINTS`` pairs: a name and whole points (``+12``, ``-4``); ``twice``: what a name
    given twice with two values is told."""
    out: dict[str, int] = {}
    for text in given:
        name, sep, value = text.rpartition("=")
        points = tarockscore.whole_number(value)
        name = name.strip()
        if not sep or not name or points is None:
            problems.add(option, N_("{text!r}: give NAME=POINTS, e.g. Anna=12 or Bert=-4"), text=text)
        elif out.setdefault(name, points) != points:
            problems.add(option, twice, name=name, value=str(out[name]), rest=str(points))
    return out


def _at_from(problem: Problem, file: str) -> Problem:
    """A problem of the results file (at one of its lines or tables, or naming it) told at ``--from``."""
    at_file = problem.where == file or problem.where.startswith(f"{file}:")
    if at_file or file in (str(value) for _, value in problem.values):
        return problem.moved(f"--from: {problem.where}" if problem.where else "--from")
    return problem


def result(
    folder: DirArg,
    points: Annotated[
        list[str] | None,
        typer.Argument(help="NAME=POINTS: each player's Schrift from the paper sheet."),
    ] = None,
    round_text: Annotated[str | None, typer.Option("--round", "-r", help="The round.")] = None,
    table_text: Annotated[str | None, typer.Option("--table", "-t", help="The table.")] = None,
    money_points: Annotated[
        list[str] | None,
        typer.Option(
            "--money",
            metavar=N_("NAME=POINTS"),
            help="Money points where Kontra moves the money alone; repeated.",
        ),
    ] = None,
    from_file: Annotated[
        Path | None,
        typer.Option(
            "--from",
            help="A CSV of a round's results: round,table,player,schrift[,money], or Runde,Tisch,Spieler,Schrift[,Geld].",
        ),
    ] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Correct a table that has hands or a paper result already (a correcting entry; the sheet keeps the old one in its log).",
        ),
    ] = False,
) -> None:
    """A table's Schrift from its paper sheet (or a round's, from a CSV), kept and ranked like played hands."""
    tournament = tarockscore.Tournament(folder)
    if from_file is not None:
        if points or round_text is not None or table_text is not None or money_points:
            said = N_("give --from FILE, or --round, --table and NAME=POINTS, not both")
            raise UsageError(said, where="--from")
        before = tournament.head()
        try:
            after = tournament.record_results_file(from_file, replace=replace, warn=terminal.warn)
        except TournamentError as exc:  # the file's problems at --from, as --players-file's are
            worded = _worded(exc, RESULT_FILE_WORDS, {"table": str(from_file)})
            raise type(exc)([_at_from(p, str(from_file)) for p in worded.problems]) from None
    else:
        problems = Collector()  # the round and the table read here, said with the points' problems
        round_no = read_option(problems, "--round", round_number, round_text)
        table = read_option(problems, "--table", whole_number, table_text)
        if round_text is None or table_text is None or not points:
            said = N_("give --round R --table K and each player's NAME=POINTS, or --from FILE")
            problems.add("--round", said)
        twice = _TWICE
        if money_points is not None and len(money_points) == 1:  # `--money A=24 B=-8 …`: B is a Schrift
            twice = N_(
                "{name!r} is given twice, {value!r} and {rest!r}: --money takes one NAME=POINTS: repeat it for each player"
            )
        schrift = _points(points or [], "NAME=POINTS", problems, twice)
        money = _points(money_points, "--money", problems) if money_points else None
        problems.raise_if_any(UsageError)
        assert round_no is not None and table is not None
        before = tournament.head()
        try:
            after = tournament.record_paper(round_no, table, schrift, money, replace=replace)
        except (TournamentError, UsageError) as exc:
            given = {**ROUND, "table": "--table", "schrift": "NAME=POINTS", "money": "--money"}
            raise _worded(exc, RESULT_WORDS, given) from None
    if after.head == before and from_file is not None:
        said = _("every table of {file} holds its result already; nothing was written")
        typer.echo(folded(said.format(file=shown_path(from_file))))
        return
    if after.head == before:
        said = _("round {round}, table {table} holds this result already; nothing was written")
        typer.echo(folded(said.format(round=round_no, table=table)))
        return
    hashes = [e.hash for e in after.log]
    for entry in after.log[hashes.index(before) + 1 if before in hashes else 0 :]:  # this command's
        if entry.kind == "result":
            typer.echo(folded(i18n.translated(entry.detail)))
    _say_head(after)


def close_round(
    folder: DirArg,
    round_number: Annotated[int, _round("The round to close.")],
) -> None:
    """Note each table's sheet head at the end of a round, so a sheet rewritten afterwards is caught."""
    tournament = tarockscore.Tournament(folder)
    before = tournament.head()
    try:
        after = tournament.close_round(round_number)
    except (TournamentError, UsageError) as exc:
        raise at_options(exc, ROUND) from None
    if after.head == before:
        said = _("round {round} is closed already and no sheet changed since; nothing was written")
        typer.echo(said.format(round=round_number))
        return
    typer.echo(folded(i18n.translated(after.log[-1].detail)))
    _say_head(after)
    for w in tournament.short_of_limit(round_number):
        terminal.warn(w)


def check(
    folder: DirArg,
    head: Annotated[
        str | None,
        typer.Option(
            "--head",
            help="A day head written down earlier (or its first digits): exit 0 only when the day as of it is unchanged.",
        ),
    ] = None,
    verbose: VerboseOpt = False,
) -> None:
    """Check the day: its chained file and every table's sheet (with --head, the day as of that head)."""
    head_given(head, N_("{head!r}: give a day head as the commands print it: 4 to 64 hex digits (0-9, a-f)"))
    checked = tarockscore.Tournament(folder).check(head)
    for w in checked.warnings:
        if verbose or not render.short_of_limit(w):  # the tables short of it: --verbose
            terminal.warn(w)
    if head is not None and checked.found is None:  # a failed check says nothing passed first
        said = N_(
            "{head}: no entry of this day has this head: the day's file was rewritten since it was written down (a value changed and every hash worked out again), or it is another day; the day as of that head is not this file, whose head is {now}"
        )
        raise TournamentError(said, head=head, now=checked.head[:12], where="--head")
    fit = _("{folder}: the day's file and every table's sheet fit; day head {head}")
    typer.echo(folded(fit.format(folder=shown_path(folder), head=checked.head[:12])))
    if head is None:
        return
    if not checked.since:
        typer.echo(_("the day as of head {head} is unchanged; no change since").format(head=head))
        return
    changes = ngettext(
        "the day as of head {head} is unchanged; {count} change since:",
        "the day as of head {head} is unchanged; {count} changes since:",
        len(checked.since),
    )
    typer.echo(changes.format(head=head, count=len(checked.since)))
    for entry in checked.since:
        typer.echo(folded(f"  {moment(entry.at)}  {entry.kind}: {i18n.translated(entry.detail)}"))


@with_format(later=True)
def cup_standings(
    folders: Annotated[list[Path], typer.Argument(help="The season's tournament folders, in order.")],
    points: Annotated[
        Path,
        typer.Option("--points", metavar="FILE", help="A TOML file: points = [100, 90, …] and best = N."),
    ],
    alias: AliasOpt = [],  # noqa: B006
    fmt: Callable[[], OutputFormat] = lambda: OutputFormat.TABLE,
) -> None:
    """The cup: each tournament's places turned into cup points, each player's best N added."""
    problems = Collector()  # a format refused, said with the cup's problems
    shown_as = format_read(problems, fmt)
    said = terminal.Warnings()

    def warn(text: str) -> None:
        if not problems:  # a format refused: problems alone are said, no warning
            said.warn(in_command_words(text))

    try:
        cup = tarockscore.cup(folders, points, warn=warn, aliases=alias)
    except UsageError as exc:
        # a folder is given as an argument: its problem is said at FOLDERS; an alias as season says it
        refused = season_error(at_options(exc, {"folders": "FOLDERS"}), "alias")
        raise UsageError.said_with(problems.problems, [refused]) from None
    except TournamentError as exc:  # the points file's problems at --points; a day's at its folder
        raise UsageError.said_with(problems.problems, [as_options(exc, "points")]) from None
    problems.raise_if_any(UsageError)
    said.close()
    show(render.cup_view(cup.rows, cup.tournaments), shown_as)
