"""The ``tarockscore`` command line: the app with every command, in the order help lists them,
and the console script :func:`main`."""

import contextlib
import os
import sys

import typer

from tarockscore import __version__
from tarockscore.cli.commands import app as site
from tarockscore.cli.commands import enter, ledger, score, season, serve, tournament
from tarockscore.cli.group import HELP, new_app
from tarockscore.cli.options import language_given
from tarockscore.errors import INTERRUPTED


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tarockscore {__version__}")
        raise typer.Exit(0)


app = new_app(
    help=HELP,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback(invoke_without_command=True)
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
    if lang is not None:
        language_given(lang)
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help(), err=True)
        raise typer.Exit(2)


for command in (
    score.score,
    ledger.new,
    ledger.record,
    ledger.show,
    ledger.undo,
    ledger.replace,
    ledger.delete,
    ledger.explain,
    ledger.check,
    ledger.rescore,
    ledger.repair,
    ledger.settle,
    ledger.upgrade,
    enter.enter,
    season.season,
    season.stats,
    season.chart,
):
    app.command()(command)
app.add_typer(ledger.radl_app, name="radl")
app.add_typer(score.profiles_app, name="profiles")
app.add_typer(tournament.tournament_app, name="tournament")
app.add_typer(tournament.cup_app, name="cup")
app.command()(serve.serve)
app.add_typer(site.app_app, name="app")


def show_what_it_can() -> None:
    """Standard output and standard error escape what their encoding cannot hold (``\\xe9``), so
    an ASCII terminal never fails after a hand was saved: exit 1 must keep meaning nothing was written."""
    for stream in (sys.stdout, sys.stderr):
        # None: closed when the program started; a strict stream is the one that fails mid-way
        if stream is not None and getattr(stream, "errors", None) == "strict":
            with contextlib.suppress(AttributeError, ValueError, OSError):  # not a TextIOWrapper, or closed
                stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


def main() -> None:
    """The console script; Ctrl-C leaves with exit code 130 (128 + SIGINT) and no traceback."""
    show_what_it_can()
    try:
        app(prog_name="tarockscore")
    except KeyboardInterrupt:
        raise SystemExit(INTERRUPTED) from None
    finally:
        _flush_quietly()


def _flush_quietly() -> None:
    """Flush standard output and standard error now, so that the interpreter's own flush at exit
    does not complain again of a reader that has gone (``| head -1``, answered with exit 3); what
    cannot be written goes to ``/dev/null`` (the recipe of Python's documentation for SIGPIPE)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed when the program started (`>&-`)
            continue
        try:
            stream.flush()
        except (OSError, ValueError):
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
