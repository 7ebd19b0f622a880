"""What the command line needs of Typer beyond its public API, in one place (CLI layer), and
Typer's usage errors said again in the reader's language. No other module of tarockscore touches
a name of Typer's that starts with an underscore.

- ``typer.core._``: the gettext Typer says its own words through (:data:`TYPER_WORDS`), bound to
  the standard library's; :func:`speak_our_language` rebinds it to our catalogue.
- ``typer._click.exceptions``: the classes of Typer's usage errors, which it writes in English
  only; :func:`said` says each kind again from the parts the error carries (and the value of
  "... is not a valid int.", read from its message). Arguments left over are refused by our
  command class itself (:class:`ExtraArguments`), which keeps them.
- ``typer._click``'s ``Command``, ``Context``, ``Parameter`` and ``HelpFormatter``: the base of
  the help pages' words and the annotations of the methods :mod:`tarockscore.cli.group` overrides.

Checked against Typer 0.28.0 and the Click 8.3.1 it carries as ``typer._click``;
``tests/test_typer_glue.py`` fails when one of these is gone or says its English differently.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import typer
import typer.core
from typer._click import Command as ClickCommand
from typer._click import Context as ClickContext
from typer._click import HelpFormatter, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    UsageError,
)

from tarockscore import i18n
from tarockscore.errors import N_

__all__ = [
    "BadOptionUsage",
    "BadParameter",
    "ClickCommand",
    "ClickContext",
    "ExtraArguments",
    "HelpFormatter",
    "MissingParameter",
    "NoSuchOption",
    "Parameter",
    "TYPER_WORDS",
    "UsageError",
    "said",
    "speak_our_language",
]

# The words Typer says through typer.core._, marked here for our catalogue.
TYPER_WORDS = (
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("default: {default}"),
    N_("required"),
    N_("(dynamic)"),
    N_("env var: {var}"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
)


def speak_our_language(gettext: Callable[[str], str]) -> None:
    """Typer's own words (:data:`TYPER_WORDS`) through ``gettext`` from now on."""
    typer.core._ = gettext  # type: ignore[attr-defined,assignment]  # private; typed as the stdlib gettext


# Each usage error we say again, with a {name} for each part the error carries. The English of
# each is Typer's own word for word, so an English run reads as Typer writes it.
MISSING_ARGUMENT = N_("Missing argument {name}.")
MISSING_OPTION = N_("Missing option {name}.")
NO_SUCH_OPTION_POSSIBLE = N_("No such option: {name} (possible: {options})")
NO_SUCH_OPTION = N_("No such option: {name}")
REQUIRES_A_VALUE = N_("Option {name} requires an argument.")
TAKES_NO_VALUE = N_("Option {name} does not take a value.")
EXTRA_ARGUMENTS = N_("Got unexpected extra argument(s) ({arguments})")
NOT_AN_INT = N_("Invalid value for {name}: {value} is not a whole number.")
INVALID_VALUE = N_("Invalid value for {name}: {reason}")

# How Click's integer type ends its reason; the value it failed on comes before it.
_NOT_AN_INT_END = " is not a valid int."


class ExtraArguments(UsageError):
    """Arguments a command was given beyond its own (``delete 1 2 3``), in Click's English."""

    def __init__(self, extra: Sequence[str], ctx: ClickContext | None = None) -> None:
        self.extra = list(extra)
        english = EXTRA_ARGUMENTS.format(arguments=_arguments(self.extra))
        super().__init__(english, ctx)


def said(exc: typer.TyperException) -> str:
    """Typer's usage error ``exc`` in the run's language (as Typer wrote it where we do not say it)."""
    english = exc.format_message()
    if i18n.current() == i18n.DEFAULT:
        return english
    words = usage_words(exc)
    if words is None:
        return english
    message, parts = words
    return i18n.gettext(message).format(**parts)


def usage_words(exc: typer.TyperException) -> tuple[str, dict[str, str]] | None:
    """The message that says ``exc`` again, and its parts from the error's fields; ``None`` for an
    error of another kind, or one that adds words of its own (a choice's list, an option of two values)."""
    if isinstance(exc, ExtraArguments):
        return (EXTRA_ARGUMENTS, {"arguments": _arguments(exc.extra)}) if exc.extra else None
    if isinstance(exc, MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else None)
        message = {"argument": MISSING_ARGUMENT, "option": MISSING_OPTION}.get(kind or "")
        name = _hint(exc)
        if message is None or not name or exc.message or _missing_more(exc):
            return None
        return message, {"name": name}
    if isinstance(exc, BadParameter):
        name, reason = _hint(exc), exc.message
        if not name or not reason:
            return None
        value = reason.removesuffix(_NOT_AN_INT_END)
        if value != reason and value:
            return NOT_AN_INT, {"name": name, "value": value}
        return INVALID_VALUE, {"name": name, "reason": reason}
    if isinstance(exc, NoSuchOption):
        name = _shown(exc.option_name)
        if not name:
            return None
        if exc.possibilities:
            return NO_SUCH_OPTION_POSSIBLE, {"name": name, "options": ", ".join(sorted(exc.possibilities))}
        return NO_SUCH_OPTION, {"name": name}
    if isinstance(exc, BadOptionUsage) and exc.option_name:
        name = repr(exc.option_name)
        for message in (REQUIRES_A_VALUE, TAKES_NO_VALUE):
            if exc.message == message.format(name=name):  # which of Click's two: nothing else tells
                return message, {"name": name}
    return None


def _hint(exc: BadParameter) -> str:
    """The parameter as Click names it in the error: ``'--round' / '-r'``, ``'number'``."""
    hint: Sequence[str] | str | None = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint(exc.ctx)  # type: ignore[arg-type]  # Click passes None as well
    if hint is None:
        return ""
    return hint if isinstance(hint, str) else " / ".join(repr(x) for x in hint)


def _missing_more(exc: MissingParameter) -> bool:
    """Whether the parameter's type adds words of its own to "Missing …" (a choice's list)."""
    if exc.param is None:
        return False
    return bool(exc.param.type.get_missing_message(param=exc.param, ctx=exc.ctx))


def _arguments(extra: Sequence[str]) -> str:
    """Arguments as Click shows them in an error: one space between, control characters as ``\\xNN``."""
    return " ".join(_shown(str(arg)) for arg in extra)


def _shown(text: str) -> str:
    """A value typed on the command line as Click shows it in an error: control characters as ``\\xNN``."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda found: f"\\x{ord(found[0]):02x}", text)
