"""The command group every command runs in: user errors become ``error:`` lines and an exit code.

Every user-facing error is a :class:`TarockError`; the group turns it into
``error: WHERE: MESSAGE`` lines on stderr and its exit code (1: the input breaks the rules;
2: usage), once for all commands. Typer's own usage errors (an unknown option, a missing
argument) get the same one-line form and exit 2.
"""

from __future__ import annotations

from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from tarockscore.errors import Problem, TarockError

HELP = "Score Austrian Tarock hands (Königrufen, Zwanzigerrufen) under a house-rule profile."


def fail(problems: tuple[Problem, ...], exit_code: int) -> NoReturn:
    for problem in problems:
        typer.echo(f"error: {problem.render()}", err=True)
    raise typer.Exit(exit_code)


def _is_usage_error(exc: Exception) -> bool:
    """Typer's usage errors. Typer keeps their classes private, so they are known by what every
    one of them carries: a message to format and the exit code to leave with."""
    return callable(getattr(exc, "format_message", None)) and isinstance(getattr(exc, "exit_code", None), int)


def _usage(exc: Any) -> NoReturn:
    ctx = getattr(exc, "ctx", None)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    fail((Problem("", exc.format_message() + hint),), exc.exit_code)


class CommandGroup(TyperGroup):
    """Turns every user-facing error into ``error:`` lines on stderr and an exit code, once."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except Exception as exc:
            if not _is_usage_error(exc):
                raise
            _usage(exc)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except TarockError as exc:
            fail(exc.problems, exc.exit_code)
        except typer.Exit:
            raise
        except Exception as exc:
            if not _is_usage_error(exc):
                raise
            _usage(exc)


def new_app(**settings: Any) -> typer.Typer:
    """A Typer app (the whole command line, or a command group) that reports errors our way."""
    return typer.Typer(cls=CommandGroup, rich_markup_mode=None, **settings)
