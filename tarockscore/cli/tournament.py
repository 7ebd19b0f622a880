"""The tournament and cup commands (CLI layer): parse, call the tournament core and files, print.

``tarockscore tournament new|draw|players|standings|money DIR`` and ``tarockscore cup standings
DIR…``. Each table's scorekeeper uses the ordinary ledger commands with ``--ledger
DIR/round-N/table-K.toml``. Warnings go to stderr as ``warning:`` lines.
"""

import shlex
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from tarockscore import i18n
from tarockscore.cli.fields import at_option
from tarockscore.cli.group import new_app
from tarockscore.cli.ledger_option import now
from tarockscore.cli.notation import stake_amount
from tarockscore.cli.options import typed_names
from tarockscore.errors import (
    N_,
    Collector,
    Message,
    Problem,
    TournamentError,
    UsageError,
    message,
    reason,
)
from tarockscore.files import tournament_file as files
from tarockscore.files.profile_file import load_profile
from tarockscore.i18n import _
from tarockscore.ledger.model import profile_record
from tarockscore.render import tournament as render
from tarockscore.render.hand import dumps
from tarockscore.rules.text import nfc, strip_spaces
from tarockscore.tournament import model as tm
from tarockscore.tournament.cup import cup_rules
from tarockscore.tournament.cup import cup_standings as add_up_cup
from tarockscore.tournament.draw import UnseatableCount, table_sizes
from tarockscore.tournament.money import money as add_up_money
from tarockscore.tournament.standings import standings as rank

tournament_app = new_app(
    help="Run a tournament: draw the tables, keep each table's sheet, rank the day.", no_args_is_help=True
)
cup_app = new_app(
    help="A cup over a season: points per place at each tournament, each player's best results.",
    no_args_is_help=True,
)


class StandingsFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


class DataFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"


class Action(StrEnum):
    ADD = "add"
    DROP = "drop"


DirArg = Annotated[
    Path, typer.Argument(help="The tournament folder (it holds tournament.toml).", show_default=False)
]


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add the ``tournament`` and ``cup`` command groups to the ``tarockscore`` app (``only``: just that group)."""
    for name, group in (("tournament", tournament_app), ("cup", cup_app)):
        if only in (None, name):
            app.add_typer(group, name=name)


def _warn(message: str) -> None:
    typer.echo(_("warning: {message}").format(message=i18n.translated(message)), err=True)


def _seating_advice(p: Problem, folder: Path) -> Message:
    """A count that cannot be seated, with the command that changes it for this tournament."""
    return message(
        N_(
            "{problem}: add or drop players with `tarockscore tournament players {folder} add NAME` / `drop NAME`"
        ),
        problem=Message(p.template, p.values) if p.template else p.message,
        folder=shlex.quote(str(folder)),
    )


def _sizes_or_warn(count: int, folder: Path) -> tuple[int, ...] | None:
    """The tables ``count`` players sit at; a warning (not an error) when they cannot be seated
    yet: late arrivals may still come."""
    try:
        return table_sizes(count)
    except UnseatableCount as exc:
        for p in exc.problems:
            _warn(_seating_advice(p, folder))
        return None


@tournament_app.command("new")
def new(
    folder: DirArg,
    players: Annotated[
        str | None, typer.Option("--players", "-p", help="The players, comma-separated.", show_default=False)
    ] = None,
    players_file: Annotated[
        Path | None, typer.Option("--players-file", help="A file with one name a line.", show_default=False)
    ] = None,
    rounds: Annotated[
        int, typer.Option("--rounds", help="How many rounds the day has.", show_default=False)
    ] = 0,
    games: Annotated[
        int, typer.Option("--games", help="The game limit per round at a table of four.", show_default=False)
    ] = 0,
    games_five: Annotated[
        int | None,
        typer.Option(
            "--games-five",
            help="The game limit at a table of five; default --games × 5/4.",
            show_default=False,
        ),
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
        str | None,
        typer.Option("--stake", help="Money per point at every table, e.g. 0.10.", show_default=False),
    ] = None,
) -> None:
    """Start a tournament in FOLDER: the players, rounds, game limits, profile and format."""
    problems = Collector()
    if (players is None) == (players_file is None):
        problems.add(
            "--players", N_("give the players with --players A,B,… or --players-file FILE (one of them)")
        )
        names: list[str] = []
    elif players is not None:
        names = typed_names(players)
        for problem in tm.check_names(names, "--players"):
            problems.put(problem)
    else:
        assert players_file is not None
        try:
            names = files.player_names_file(players_file)
        except TournamentError as exc:
            raise exc.located("--players-file") from None
    if rounds < 1:
        problems.add(
            "--rounds", N_("{rounds}: give the number of rounds, at least 1, e.g. --rounds 3"), rounds=rounds
        )
    if games < 1:
        problems.add(
            "--games",
            N_("{games}: give the game limit per round at a table of four, e.g. --games 16"),
            games=games,
        )
    if games_five is None:
        if games >= 1 and games % 4 == 0:
            games_five = games * 5 // 4
        elif games >= 1:
            problems.add(
                "--games-five",
                N_(
                    "needed: --games {games} is no multiple of 4, so the limit at a table of five (where every player deals as often as at four: games × 5/4) is not whole; give it"
                ),
                games=games,
            )
    elif games_five < 1:
        problems.add(
            "--games-five", N_("{games_five}: the game limit must be at least 1"), games_five=games_five
        )
    if not profile:
        problems.add("--profile", N_("give the profile every table is scored under, e.g. --profile ooe-2023"))
    if not format_ref:
        problems.add("--format", N_("give the format: schrift, haupt-sub, schrift-rang, or a format file"))
    amount = None
    if stake is not None:
        try:
            amount = stake_amount(stake)
        except ValueError as exc:
            problems.add("--stake", reason(exc))
    problems.raise_if_any(UsageError)
    prof = load_profile(profile)
    try:
        fmt, document = files.load_format(format_ref)
    except TournamentError as exc:
        raise at_option(exc, "format") from None
    assert games_five is not None
    t = tm.new_tournament(
        players=names,
        rounds=rounds,
        games=games,
        games_five=games_five,
        profile=profile_record(prof),
        format_document=document,
        created=now(),
        stake=amount,
    )
    files.create(folder, t)
    typer.echo(_("new tournament in {path}").format(path=files.file_path(folder)))
    typer.echo(_("players: {count}").format(count=len(names)))
    typer.echo(
        _("rounds:  {rounds}, {games} games at a table of four, {games_five} at a table of five").format(
            rounds=rounds, games=games, games_five=games_five
        )
    )
    typer.echo(_("profile: {name} (sha256 {sha})").format(name=prof.name, sha=t.profile.sha256[:12]))
    typer.echo(render.format_line(fmt))
    if amount is not None:
        typer.echo(_("stake:   {amount} per point").format(amount=i18n.money(amount)))
    sizes = _sizes_or_warn(len(names), folder)
    if sizes is not None:
        typer.echo(_("tables:  {tables}").format(tables=render.tables_text(sizes)))
    typer.echo(_("next:    tarockscore tournament draw {folder} --round 1").format(folder=folder))


@tournament_app.command("draw")
def draw(
    folder: DirArg,
    round_number: Annotated[
        int, typer.Option("--round", "-r", help="The round to draw.", show_default=False)
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help="The draw's seed: the same seed gives the same draw.", show_default=False
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the seating as JSON.")] = False,
) -> None:
    """Draw a round's tables, create each table's ledger, and print the seating for the wall."""
    try:
        drawn = files.draw_round(folder, round_number, files.new_seed() if seed is None else seed, now())
    except UnseatableCount as exc:
        raise TournamentError(
            [Problem.of(p.where, _seating_advice(p, folder)) for p in exc.problems]
        ) from None
    except TournamentError as exc:
        raise at_option(exc, "round") from None
    t = files.read(folder).tournament
    if json_out:
        typer.echo(dumps(render.seating_json(drawn, str(folder))))
    else:
        typer.echo(render.seating_text(t, drawn, str(folder)))


@tournament_app.command("players")
def players(
    folder: DirArg,
    action: Annotated[Action, typer.Argument(help="add or drop.", show_default=False)],
    name: Annotated[str, typer.Argument(help="The player's name.", show_default=False)],
) -> None:
    """Add a late arrival, or drop a player, before the next round's draw."""
    name = nfc(strip_spaces(name))
    if action is Action.ADD:
        wrong = tm.check_names([name], "NAME")
        if wrong:
            raise UsageError(wrong)
    change = tm.add_player if action is Action.ADD else tm.drop_player
    before, after = files.update(folder, lambda t: change(t, name))
    done = (
        _("{name}: added; {count} players in the next draw")
        if action is Action.ADD
        else _("{name}: dropped (their tables so far still count); {count} players in the next draw")
    )
    typer.echo(done.format(name=name, count=len(after.players)))

    sizes = _sizes_or_warn(len(after.players), folder)
    if sizes is not None:
        typer.echo(_("tables: {tables}").format(tables=render.tables_text(sizes)))


@tournament_app.command("standings")
def standings(
    folder: DirArg,
    output: Annotated[
        StandingsFormat, typer.Option("--format", "-f", help="table, json, csv or html (one printable page).")
    ] = StandingsFormat.TABLE,
) -> None:
    """The day's standings: every table's sheet checked, ranked by the tournament's format."""
    day = files.read_day(folder)
    for w in day.warnings:
        _warn(w)
    rows = rank(day.results, day.tournament.format)
    if output is StandingsFormat.JSON:
        typer.echo(dumps(render.standings_json(rows)))
    elif output is StandingsFormat.CSV:
        typer.echo(render.standings_csv(day.tournament, rows), nl=False)
    elif output is StandingsFormat.HTML:
        title = _("Standings: {name}").format(name=folder.resolve().name)
        typer.echo(render.standings_html(day.tournament, rows, title), nl=False)
    else:
        typer.echo(render.standings_text(day.tournament, rows))


@tournament_app.command("money")
def money(
    folder: DirArg,
    output: Annotated[
        DataFormat, typer.Option("--format", "-f", help="table, json or csv.")
    ] = DataFormat.TABLE,
) -> None:
    """Each player's money from every table: the stake per point, Kontras included."""
    day = files.read_day(folder, files.Purpose.MONEY)
    for w in day.warnings:
        _warn(w)
    rows = add_up_money(day.ledgers)
    if output is DataFormat.JSON:
        typer.echo(dumps(render.money_json(rows)))
    elif output is DataFormat.CSV:
        typer.echo(render.money_csv(rows), nl=False)
    else:
        typer.echo(render.money_text(rows))


@cup_app.command("standings")
def cup_standings(
    folders: Annotated[
        list[Path], typer.Argument(help="The season's tournament folders, in order.", show_default=False)
    ],
    points: Annotated[
        Path,
        typer.Option("--points", help="A TOML file: points = [100, 90, …] and best = N.", show_default=False),
    ],
    output: Annotated[
        DataFormat, typer.Option("--format", "-f", help="table, json or csv.")
    ] = DataFormat.TABLE,
) -> None:
    """The cup: each tournament's places turned into cup points, each player's best N added."""
    twice = sorted({str(f) for f in folders if [g.resolve() for g in folders].count(f.resolve()) > 1})
    if twice:
        raise UsageError(
            N_("{names}: a tournament given twice would count twice"), names=", ".join(twice), where="DIR"
        )
    rules = cup_rules(files.cup_points_file(points), str(points))
    days = []
    problems: list[Problem] = []
    names = [str(f) for f in folders]
    for folder, name in zip(folders, names, strict=True):
        try:
            day = files.read_day(folder)
        except TournamentError as exc:
            problems += exc.problems
            continue
        for w in day.warnings:
            _warn(w)
        rows = rank(day.results, day.tournament.format)
        # a player whose tables have no hands yet has no place, so no cup points for the day
        days.append((name, [(r.place, r.player) for r in rows if r.place is not None]))
    if problems:
        raise TournamentError(problems)
    rows_cup = add_up_cup(days, rules)
    if output is DataFormat.JSON:
        typer.echo(dumps(render.cup_json(rows_cup)))
    elif output is DataFormat.CSV:
        typer.echo(render.cup_csv(rows_cup, names), nl=False)
    else:
        typer.echo(render.cup_text(rows_cup, names))
