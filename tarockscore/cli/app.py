"""The ``tarockscore`` command line (CLI layer): parse arguments, call the core, print.

The only module that imports Typer. Every user-facing error is a :class:`TarockError`; the
command group turns it into ``error: WHERE: MESSAGE`` lines on stderr and its exit code
(1: the input breaks the rules; 2: usage), once for all commands.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any, NoReturn

import typer
from typer._click.core import Context
from typer._click.exceptions import ClickException, NoArgsIsHelpError
from typer.core import TyperGroup
from typer.models import CommandInfo

from tarockscore.cli.options import (
    Bonus,
    Conceded,
    Contract,
    Declarer,
    DefenderPoints,
    Huettenfleck,
    Kontra,
    Partner,
    Players,
    Points,
    Renonce,
    Talon,
    Won,
    short_form,
)
from tarockscore.errors import Problem, TarockError


def _fail(problems: tuple[Problem, ...], exit_code: int) -> NoReturn:
    for problem in problems:
        typer.echo(f"error: {problem.render()}", err=True)
    raise typer.Exit(exit_code)


def _usage(exc: ClickException) -> NoReturn:
    """Typer's own usage errors (unknown option, missing argument) in our one-line form, exit 2."""
    ctx = getattr(exc, "ctx", None)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    _fail((Problem("", exc.format_message() + hint),), exc.exit_code)


class _Group(TyperGroup):
    """Turns every user-facing error into ``error:`` lines on stderr and an exit code, once."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any
    ) -> Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except NoArgsIsHelpError:
            raise
        except ClickException as exc:
            _usage(exc)

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except TarockError as exc:
            _fail(exc.problems, exc.exit_code)
        except NoArgsIsHelpError:
            raise
        except ClickException as exc:
            _usage(exc)


_APP_SETTINGS: dict[str, Any] = {
    "cls": _Group,
    "help": "Score Austrian Tarock hands (Königrufen, Zwanzigerrufen) under a house-rule profile.",
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "add_completion": False,
    "no_args_is_help": True,
}
app = typer.Typer(**_APP_SETTINGS)
profiles_app = typer.Typer(
    cls=_Group, help="List the shipped profiles, or show one with its price list.", rich_markup_mode=None
)
app.add_typer(profiles_app, name="profiles")


HandOpt = typer.Argument(None, help="A hand file (TOML, see docs/hand-format.md), or - for stdin.")
ProfileOpt = typer.Option(None, "--profile", "-P", help="A shipped profile name or a path to a profile file.")


def _any_short(values: dict[str, Any]) -> bool:
    return any(v not in (None, False, []) for v in values.values())


@app.command()
def score(
    hand_file: str | None = HandOpt,
    profile: str | None = ProfileOpt,
    json_out: bool = typer.Option(False, "--json", help="Print JSON (victory_points, lines, payout)."),
    explain: bool = typer.Option(False, "--explain", help="Show the arithmetic bet by bet, with its rules."),
    contract: Contract = None,
    players: Players = None,
    declarer: Declarer = None,
    partner: Partner = None,
    points: Points = [],  # noqa: B006 - Typer reads the default; it is never mutated
    defender_points: DefenderPoints = None,
    won: Won = None,
    kontra: Kontra = [],  # noqa: B006
    huettenfleck: Huettenfleck = False,
    talon: Talon = False,
    conceded: Conceded = False,
    renonce: Renonce = None,
    bonus: Bonus = [],  # noqa: B006
) -> None:
    """Score one hand: each player's Victory Points and the arithmetic, bet by bet."""
    from tarockscore import api
    from tarockscore.render import hand as render

    mapping, name = read_hand_or_short(hand_file, short_form(locals()))
    result, prof = api.score_mapping(mapping, profile, where=name)
    if json_out:
        typer.echo(render.dumps(render.score_json(result)))
    elif explain:
        typer.echo(render.explain(result, prof))
    else:
        typer.echo(render.score_table(result))


def read_hand_or_short(hand_file: str | None, short: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A hand from a file (or stdin) or from the short command-line form, never both."""
    from tarockscore.errors import UsageError
    from tarockscore.files.hand_file import read_hand_mapping

    if hand_file is not None:
        if _any_short(short):
            raise UsageError("give either a hand file or the hand's options, not both")
        return read_hand_mapping(hand_file)
    if not _any_short(short):
        raise UsageError("give a hand file (or - for stdin), or the hand's options: see --help")
    from tarockscore.cli.shortform import hand_from_options

    options = dict(short)
    options["bonuses"] = options.pop("bonus")
    return hand_from_options(**options), "command line"


@profiles_app.callback(invoke_without_command=True)
def profiles(ctx: typer.Context) -> None:
    """List the shipped profiles."""
    if ctx.invoked_subcommand is not None:
        return
    from tabulate import tabulate

    from tarockscore.files.profile_file import load_profile, shipped_names

    rows = []
    for name in shipped_names():
        p = load_profile(name)
        rows.append([p.name, p.family.value, p.settlement.value, p.ladder[p.ceiling - 1].name, p.title])
    typer.echo(tabulate(rows, headers=["profile", "game", "settlement", "ceiling", "title"]))


@profiles_app.command("show")
def profiles_show(
    name: str = typer.Argument(..., help="A shipped profile name or a path to a profile file."),
    toml_out: bool = typer.Option(False, "--toml", help="Print the resolved profile as TOML."),
) -> None:
    """Show a profile: its rules and price list (every contract and bonus with its value)."""
    import tomli_w

    from tarockscore.files.profile_file import load_profile
    from tarockscore.render import hand as render

    prof = load_profile(name)
    if toml_out:
        typer.echo(tomli_w.dumps(dict(prof.document)), nl=False)
    else:
        typer.echo(render.price_list(prof))


from tarockscore.cli.ledger import register as _register_ledger  # noqa: E402

_register_ledger(app)

from tarockscore.cli.season import register as _register_season  # noqa: E402

_register_season(app)


def _command_name(info: CommandInfo) -> str:
    assert info.callback is not None
    return info.name or info.callback.__name__.replace("_", "-")


def app_for(args: list[str]) -> typer.Typer:
    """The app with only the command that ``args`` invoke (and the profiles group).

    Typer turns every registered command into a Click command at each start, about 6 ms for
    all of them; at the table only one is needed. Help and unknown names get the full app.
    """
    name = args[0] if args else ""
    wanted = [info for info in app.registered_commands if _command_name(info) == name]
    if not wanted:
        return app
    small = typer.Typer(**_APP_SETTINGS)
    small.registered_commands = wanted
    small.add_typer(profiles_app, name="profiles")
    return small


def main() -> None:
    """The console script: run one command, then leave without the interpreter's teardown."""
    # A command lives for a fraction of a second at the table and a few seconds over a season;
    # reference counting frees its objects. The cyclic collector would only walk every parsed
    # ledger again and again (a third of a season's time), so it stays off.
    gc.disable()
    try:
        app_for(sys.argv[1:])()
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    _leave(code)


def _leave(code: object) -> NoReturn:
    """Flush and exit at once: tearing down every module costs about 14 ms per command, and
    every file this program writes is already fsync'd and closed when a command returns."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe, e.g. `tarockscore show | head -1`
            pass
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    os._exit(code)
