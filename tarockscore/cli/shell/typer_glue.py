"""What the command line needs of Typer beyond its public API, in one place (CLI layer).

Typer 0.28 does not depend on Click: it carries a copy of Click 8.3.1 as ``typer._click`` and
makes public little of it: ``typer.BadParameter``, ``typer.Context``, for ``cls=`` its own
subclasses ``typer.core.TyperCommand`` and ``TyperGroup``, and ``typer.TyperException``, the
base of every Click error in the copy. Everything else the command line uses is reached here,
and no other module of tarockscore touches a name of Typer's that starts with an underscore:

- ``typer.core._``: the gettext through which Typer says its own words on a help page and in a
  group's errors (:data:`TYPER_WORDS`). Typer binds it to the standard library's
  ``gettext.gettext``, which knows no catalogue of ours; :func:`speak_our_language` rebinds it
  to our catalogue, which speaks the language chosen for the run.
- ``typer._click.exceptions``: the classes of Typer's usage errors, ``MissingParameter``,
  ``NoSuchOption``, ``BadOptionUsage``, ``BadParameter`` and ``UsageError``, and their fields
  ``param``, ``param_hint``, ``param_type``, ``option_name``, ``possibilities``, ``message``:
  :func:`usage_reading` reads an error's parts from them.
- Two of Click's sentences whose parts no field holds: the arguments in "Got unexpected extra
  argument(s) (...)" (``Context.fail`` raises a bare ``UsageError``) and the value in "... is
  not a valid int." (the failed value is not kept): read from the ``message``, after its start
  or before its end.
- ``typer._click.Command``, ``Context``, ``Parameter`` and ``HelpFormatter``: Click's command
  class, the base of the help pages' words (:class:`tarockscore.cli.shell.helptext.PageWords`, put
  before Typer's own command and group classes), and the classes of what Click hands to the methods
  :mod:`tarockscore.cli.shell.helptext` and :mod:`tarockscore.cli.shell.group` override, for their annotations.

Checked against Typer 0.28.0 and the Click 8.3.1 it carries. ``tests/test_typer_glue.py``
fails when one of these is gone or says its English differently.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

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

from tarockscore.errors import N_

__all__ = [
    "BadOptionUsage",
    "BadParameter",
    "ClickCommand",
    "ClickContext",
    "HelpFormatter",
    "MissingParameter",
    "NoSuchOption",
    "Parameter",
    "TYPER_WORDS",
    "UsageError",
    "speak_our_language",
    "usage_reading",
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


# Typer's English for each usage error we say again, with a {name} for each part it fills in.
MISSING_ARGUMENT = "Missing argument {name}."
MISSING_OPTION = "Missing option {name}."
NO_SUCH_OPTION_POSSIBLE = "No such option: {name} (Possible options: {options})"
NO_SUCH_OPTION = "No such option: {name}"
REQUIRES_A_VALUE = "Option {name} requires an argument."
TAKES_NO_VALUE = "Option {name} does not take a value."
EXTRA_ARGUMENTS = "Got unexpected extra argument(s) ({arguments})"
NOT_AN_INT = "Invalid value for {name}: {value} is not a valid int."
INVALID_VALUE = "Invalid value for {name}: {reason}"

_EXTRA_START, _EXTRA_END = EXTRA_ARGUMENTS.split("{arguments}")
_INT_END = NOT_AN_INT.split("{value}")[1]


def usage_reading(exc: typer.TyperException) -> tuple[str, dict[str, str]] | None:
    """Which of Typer's sentences above ``exc`` says, and the parts Typer filled in, taken from
    the error's fields; ``None`` when its English is not exactly that sentence with those parts,
    none of them empty (an error of another kind, or one that adds words of its own), so it is
    shown as it is."""
    english = exc.format_message()
    for sentence, parts in _readings(exc):
        if all(parts.values()) and sentence.format(**parts) == english:
            return sentence, parts
    return None


def _readings(exc: typer.TyperException) -> Iterator[tuple[str, dict[str, str]]]:
    """The sentences ``exc`` may say, by its class, each with its parts."""
    if isinstance(exc, MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else None)
        sentence = {"argument": MISSING_ARGUMENT, "option": MISSING_OPTION}.get(kind or "")
        if sentence is not None:
            yield sentence, {"name": _hint(exc)}
    elif isinstance(exc, BadParameter):
        name, reason = _hint(exc), exc.message
        if reason.endswith(_INT_END):
            yield NOT_AN_INT, {"name": name, "value": reason.removesuffix(_INT_END)}
        yield INVALID_VALUE, {"name": name, "reason": reason}
    elif isinstance(exc, NoSuchOption):
        name = _shown(exc.option_name)
        if exc.possibilities:
            yield NO_SUCH_OPTION_POSSIBLE, {"name": name, "options": ", ".join(sorted(exc.possibilities))}
        yield NO_SUCH_OPTION, {"name": name}
    elif isinstance(exc, BadOptionUsage):
        for sentence in (REQUIRES_A_VALUE, TAKES_NO_VALUE):
            yield sentence, {"name": repr(exc.option_name)}
    elif isinstance(exc, UsageError) and exc.message.startswith(_EXTRA_START):
        yield EXTRA_ARGUMENTS, {"arguments": exc.message.removeprefix(_EXTRA_START).removesuffix(_EXTRA_END)}


def _hint(exc: BadParameter) -> str:
    """The parameter as Click names it in the error: ``'--round' / '-r'``, ``'number'``."""
    hint: Sequence[str] | str | None = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint(exc.ctx)  # type: ignore[arg-type]  # Click passes None as well
    if hint is None:
        return ""
    return hint if isinstance(hint, str) else " / ".join(repr(x) for x in hint)


def _shown(option_name: str) -> str:
    """An option name as Click shows it in "No such option": control characters as ``\\xNN``."""
    # compiled when an error needs it, not at every start
    return re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda found: f"\\x{ord(found[0]):02x}", option_name)
