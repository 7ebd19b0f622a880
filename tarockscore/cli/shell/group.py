"""The command group every command runs in: user errors become ``error:`` lines and an exit code.

Every user-facing error is a :class:`TarockError`; the group turns it into
``error: WHERE: MESSAGE`` lines on stderr and its exit code (1: the input breaks the rules;
2: usage), once for all commands; a file's problem gets the command line's way out
(:mod:`tarockscore.cli.words.advice`). Typer's own usage errors (an unknown option, a missing
argument) get the same one-line form and exit 2.

The group also settles the language of a run (``--lang``, ``TAROCKSCORE_LANG``, the locale)
before anything is parsed, and is the one place where errors and help texts are translated.

Standard output is the command's product: a run with it closed is refused before anything is
parsed or done (exit 2), and output that cannot be written is one ``error:`` line naming what
the command saved before it printed (exit 3, :data:`OUTPUT_FAILED`), so nobody records a hand
twice; a reader that stopped reading (``| head -1``) gets no message.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandFunctionType

import tarockscore
from tarockscore import i18n
from tarockscore.cli.shell import usage_words
from tarockscore.cli.shell.helptext import Command, PageWords, finish
from tarockscore.cli.shell.options import repeated_options
from tarockscore.cli.shell.terminal import OutputFailed, OutputGone, escaped_output, stdout_closed
from tarockscore.cli.shell.typer_glue import ClickContext, speak_our_language
from tarockscore.cli.words.advice import advised
from tarockscore.errors import (
    INTERRUPTED,
    MAX_SHOWN,
    N_,
    OUTPUT_FAILED,
    Problem,
    Shown,
    TarockError,
    shortened,
)

HELP = "Score Austrian Tarock hands (Königrufen, Zwanzigerrufen) under a house-rule profile."

# Typer's own words on a help page and in a group's errors go through our catalogue, so a German
# page is German throughout (its headings, "default", "required").
speak_our_language(i18n.gettext)


# "Fehler:" in German, as a warning says "Warnung:"; the problem's text is already rendered.
ERROR = N_("error: {problem}")


def _located(text: str) -> str:
    """A message, or a part of a problem's place, in the run's language: a ledger's ``hand 3``
    is ``Spiel 3`` in German, its log's ``entry 2`` ``Eintrag 2`` (the rest of the place is the
    file's own keys)."""
    for prefix, template in (("hand ", HAND), ("entry ", ENTRY)):
        number = text.removeprefix(prefix)
        if number != text and number.isdigit():
            return i18n.gettext(template).format(id=number)
    return i18n.gettext(text)


HAND = N_("hand {id}")
ENTRY = N_("entry {id}")


def fail(problems: tuple[Problem, ...], exit_code: int) -> NoReturn:
    """The one place errors become text: each problem in the chosen language, with the command
    line's way out of a file's problem (:func:`advised`)."""
    for problem in problems:
        typer.echo(i18n.gettext(ERROR).format(problem=advised(problem).render(_located)), err=True)
    raise typer.Exit(exit_code)


CLOSED = N_(
    "standard output is closed, so nothing was done: the command has nowhere to print; "
    "give it somewhere, e.g. > out.txt, or > /dev/null to drop what it prints"
)
NOT_PRINTED = N_("could not write the output to standard output ({why}); nothing was changed")
LEDGER_SAVED = N_(
    "could not write the output to standard output ({why}); the ledger {path} was written all the "
    "same: see it with `tarockscore show --ledger {path}` before you run the command again"
)
FILES_SAVED = N_(
    "could not write the output to standard output ({why}); written all the same: {paths}; "
    "look at them before you run the command again"
)


def output_failed(why: str, written: list[tuple[Path, str]]) -> NoReturn:
    """The output could not be written: say why, and what the command saved all the same."""
    ledgers = [path for path, what in written if what == "ledger"]
    if not written:
        problem = Problem.of("", NOT_PRINTED, why=why)
    elif len(written) == 1 and ledgers:
        problem = Problem.of("", LEDGER_SAVED, why=why, path=ledgers[0])
    else:
        problem = Problem.of("", FILES_SAVED, why=why, paths=", ".join(str(path) for path, _ in written))
    fail((problem,), OUTPUT_FAILED)


def localize(command: Any) -> None:
    """Translate the help texts of a command tree that Typer has just built for this run.

    The texts stay English in the code (help strings and command docstrings); Typer builds
    fresh command objects at every start, so this never changes a definition.
    """
    if i18n.current() == i18n.DEFAULT:
        return
    for attr in ("help", "short_help", "epilog"):
        text = getattr(command, attr, None)
        if text:
            setattr(command, attr, i18n.gettext(text))
    for param in getattr(command, "params", ()):
        text = getattr(param, "help", None)
        if text:
            param.help = i18n.gettext(text)
    for sub in getattr(command, "commands", {}).values():
        localize(sub)


def _usage(exc: typer.TyperException) -> NoReturn:
    """Typer's usage error (every error of the Click it carries is a ``TyperException``) as our
    one ``error:`` line, with the command's help to look at."""
    ctx = getattr(exc, "ctx", None)
    hint = (
        i18n.gettext(N_(" (see '{command} --help')")).format(command=ctx.command_path)
        if ctx is not None
        else ""
    )
    # Typer's text quotes the value as typed: a long one is cut like a value in our own errors
    text = shortened(usage_words.said(exc), 2 * MAX_SHOWN)
    fail((Problem("", text + hint),), exc.exit_code)


class CommandGroup(PageWords, TyperGroup):
    """Turns every user-facing error into ``error:`` lines on stderr and an exit code, once."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: ClickContext | None = None, **extra: Any
    ) -> ClickContext:
        if parent is None:
            # The language is settled before anything is parsed, so --help, Typer's usage errors
            # and every message of the run speak it; each run chooses afresh.
            i18n.use(i18n.choose(args))
            unknown = i18n.unknown_language(args)
            if unknown is not None:  # the run reads English: the warning is said before anything else
                warning = N_(
                    "warning: {var}={value!r} is not a language of tarockscore (de or en); going on in English"
                )
                typer.echo(
                    i18n.gettext(warning).format(var=i18n.EXPLICIT_VAR, value=Shown(unknown)), err=True
                )
            if stdout_closed():
                fail((Problem.of("", CLOSED),), 2)
            finish(self)
            localize(self)
        typed = list(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except OSError as exc:
            # parsing writes nothing but the top level's --help and --version to standard output
            if parent is not None:
                raise
            if isinstance(exc, BrokenPipeError):
                raise typer.Exit(OUTPUT_FAILED) from None
            output_failed(exc.strerror or str(exc), [])
        except typer.TyperException as exc:
            _usage(exc)
        refuse_repeats(self, ctx, typed)
        return ctx

    def invoke(self, ctx: ClickContext) -> Any:
        with escaped_output(), tarockscore.noting_writes() as written:
            try:
                return reported(super().invoke, ctx)
            except OutputGone:
                raise typer.Exit(OUTPUT_FAILED) from None  # the reader stopped reading: nothing to say
            except OutputFailed as exc:
                output_failed(exc.why, written)


def refuse_repeats(group: TyperGroup, ctx: ClickContext, typed: list[str]) -> None:
    """A single-valued option of the command ``typed`` invokes given twice differently: exit 2."""
    at = next((i for i, a in enumerate(typed) if not a.startswith("-") and group.get_command(ctx, a)), None)
    command = None if at is None else group.get_command(ctx, typed[at])
    if at is None or command is None or isinstance(command, TyperGroup):
        return
    repeated = repeated_options(command.params, typed[at + 1 :])
    if repeated:
        fail(tuple(Problem("", message) for message in repeated), 2)


def reported(invoke: Callable[[ClickContext], Any], ctx: ClickContext) -> Any:
    """``invoke(ctx)``, every user-facing error it raises turned into ``error:`` lines and an exit code."""
    try:
        return invoke(ctx)
    except TarockError as exc:
        fail(exc.problems, exc.exit_code)
    except typer.Exit:
        raise
    except KeyboardInterrupt:
        # every file this program writes is replaced in one step: an interrupt changes nothing
        raise typer.Exit(INTERRUPTED) from None
    except RecursionError:
        # the readers bound nesting; this is the last line of defence, never a traceback
        fail((Problem.of("", N_("the input is nested too deeply to process")),), 1)
    except ValueError as exc:
        # Python will not turn an integer of more than 4,300 digits into text; the readers
        # bound every number, and a sum of stored numbers is the one way left to reach it
        if "integer string conversion" not in str(exc):
            raise
        fail(
            (Problem.of("", N_("a number in the input is too large to show (more than 4,300 digits)")),),
            1,
        )
    except typer.TyperException as exc:
        _usage(exc)


class App(typer.Typer):
    """A Typer app whose commands are of the class :class:`tarockscore.cli.shell.helptext.Command`
    (Typer's ``cls=``), so their help pages read as the rest of ours."""

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **settings: Any
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        return super().command(name, cls=cls or Command, **settings)


def new_app(**settings: Any) -> typer.Typer:
    """A Typer app (the whole command line, or a command group) that reports errors our way."""
    return App(cls=CommandGroup, rich_markup_mode=None, **settings)
