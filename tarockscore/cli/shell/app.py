"""The ``tarockscore`` command line: the app, which module holds each command, the entry point.

Each command lives in a module of its own group (``score``, ``record``, ``ledger``, ``season``,
``profiles``, …) that imports what it needs at its top. This module is the one lazy boundary: a
command's module is imported only when that command runs, and only that command is registered,
so the table commands start fast.
``app`` (the whole command line, e.g. for tests and help) is built on first use.

The modules whose functions Typer reads (this one, ``options`` and the command modules) do not
use ``from __future__ import annotations``: Typer reads a command's parameters at every start,
and each annotation kept as a string costs a compile and two evaluations there (about 5 million
instructions for ``record``).
"""

import gc
import importlib
import os
import sys
from typing import NoReturn

import typer

from tarockscore import __version__, i18n
from tarockscore.cli.shell.group import HELP, new_app
from tarockscore.errors import INTERRUPTED, N_, UsageError

# Set by the shell when it asks the program for completions (Typer's completion scripts).
COMPLETE_VAR = "_TAROCKSCORE_COMPLETE"

# Which module registers which command (or command group), in the order help lists them.
COMMANDS: dict[str, str] = {
    "score": "tarockscore.cli.commands.score",
    "new": "tarockscore.cli.commands.ledger",
    "record": "tarockscore.cli.commands.record",
    "show": "tarockscore.cli.commands.ledger",
    "undo": "tarockscore.cli.commands.record",
    "replace": "tarockscore.cli.commands.ledger",
    "delete": "tarockscore.cli.commands.ledger",
    "explain": "tarockscore.cli.commands.ledger",
    "check": "tarockscore.cli.commands.ledger",
    "rescore": "tarockscore.cli.commands.ledger",
    "repair": "tarockscore.cli.commands.ledger",
    "settle": "tarockscore.cli.commands.ledger",
    "upgrade": "tarockscore.cli.commands.ledger",
    "enter": "tarockscore.cli.prompt.enter",
    "season": "tarockscore.cli.commands.season",
    "stats": "tarockscore.cli.commands.season",
    "chart": "tarockscore.cli.commands.season",
    "radl": "tarockscore.cli.commands.radl",
    "profiles": "tarockscore.cli.commands.profiles",
    "tournament": "tarockscore.cli.commands.tournament",
    "cup": "tarockscore.cli.commands.cup",
    "serve": "tarockscore.cli.commands.serve",
}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tarockscore {__version__}")
        raise typer.Exit(0)


def _root(completion: bool = False) -> typer.Typer:
    # Shell completion (--install-completion, --show-completion, and the completion itself)
    # needs the whole command line; a table command is built without it and starts faster.
    root = new_app(
        help=HELP,
        pretty_exceptions_enable=False,
        add_completion=completion,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @root.callback(invoke_without_command=True)
    def main_options(
        ctx: typer.Context,
        lang: str | None = typer.Option(
            None,
            "--lang",
            metavar="de|en",
            help="Language of the text: de or en. Default: TAROCKSCORE_LANG, then the locale (LANG).",
        ),
        version: bool = typer.Option(
            False, "--version", is_eager=True, callback=_version, help="Print the version and leave."
        ),
    ) -> None:
        # The language itself is chosen before parsing (CommandGroup.make_context); here it is checked.
        if lang is not None and i18n.language_of(lang) is None:
            raise UsageError(
                N_("{value!r} is not a language of tarockscore; use de or en"), where="--lang", value=lang
            )
        if ctx.invoked_subcommand is None:
            typer.echo(ctx.get_help(), err=True)
            raise typer.Exit(2)

    return root


def build(command: str | None = None) -> typer.Typer:
    """The app with the one command (or command group) named ``command``, else every command
    with shell completion. Typer makes a Click command of every command registered, at each
    start; a module's other commands and their options are left out when they cannot run."""
    module = COMMANDS.get(command) if command is not None else None
    root = _root(completion=module is None)
    for name, path in [(command, module)] if module is not None else COMMANDS.items():
        importlib.import_module(path).register(root, name)
    return root


def app_for(args: list[str]) -> typer.Typer:
    """The app with only the command that ``args`` invoke; help and unknown names get every command."""
    rest = list(args)
    while rest and rest[0].startswith("--lang"):  # the global option comes before the command
        rest = rest[1:] if "=" in rest[0] else rest[2:]
    if COMPLETE_VAR in os.environ:  # the shell asks for completions: every command and option
        return build()
    return build(rest[0] if rest else None)


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        globals()["app"] = full = build()
        return full
    raise AttributeError(name)


def main() -> None:
    """The console script: run one command, then leave without the interpreter's teardown."""
    # A command lives for a fraction of a second at the table and a few seconds over a season;
    # reference counting frees its objects. The cyclic collector would only walk every parsed
    # ledger again and again (a third of a season's time), so it stays off.
    gc.disable()
    try:
        app_for(sys.argv[1:])(prog_name="tarockscore")
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    except KeyboardInterrupt:
        code = INTERRUPTED
    _leave(code)


def _leave(code: object) -> NoReturn:
    """Flush and exit at once: tearing down every module costs about 14 ms per command, and
    every file this program writes is already fsync'd and closed when a command returns."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: closed when the program started (`>&-`)
                stream.flush()
        except (OSError, ValueError):  # a closed pipe, e.g. `tarockscore show | head -1`
            pass
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    os._exit(code)
