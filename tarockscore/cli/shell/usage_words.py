"""Typer's usage errors in the reader's language (CLI layer).

Typer writes its usage errors in English ("Missing option '--players' / '-p'.", "No such
option: --bogus") and keeps no catalogue of them. The command group hands each such error here:
an error of one of the kinds below is said again in the run's language, with the parts Typer
filled in (an option's name, the value given, the words a check of ours gave) as they were,
read from the error's fields by :func:`tarockscore.cli.shell.typer_glue.usage_reading`. Any other
error, and every error in an English run, stays as Typer wrote it.
"""

from __future__ import annotations

import typer

from tarockscore import i18n
from tarockscore.cli.shell import typer_glue as glue
from tarockscore.errors import N_

# Typer's English, with a {name} for each part it fills in, and the message that says it again.
SHAPES: tuple[tuple[str, str], ...] = (
    (glue.MISSING_ARGUMENT, N_("Missing argument {name}.")),
    (glue.MISSING_OPTION, N_("Missing option {name}.")),
    (glue.NO_SUCH_OPTION_POSSIBLE, N_("No such option: {name} (possible: {options})")),
    (glue.NO_SUCH_OPTION, N_("No such option: {name}")),
    (glue.REQUIRES_A_VALUE, N_("Option {name} requires an argument.")),
    (glue.TAKES_NO_VALUE, N_("Option {name} does not take a value.")),
    (glue.EXTRA_ARGUMENTS, N_("Got unexpected extra argument(s) ({arguments})")),
    (glue.NOT_AN_INT, N_("Invalid value for {name}: {value} is not a whole number.")),
    (glue.INVALID_VALUE, N_("Invalid value for {name}: {reason}")),
)
_MESSAGES = dict(SHAPES)

# Typer's texts are a line; a longer one quotes a long value typed on the command line, and is
# shown as Typer wrote it.
LONGEST = 1000


def said(exc: typer.TyperException) -> str:
    """Typer's usage error ``exc`` in the run's language (as Typer wrote it in English, if of
    another kind, or longer than :data:`LONGEST`)."""
    english = exc.format_message()
    if i18n.current() == i18n.DEFAULT or len(english) > LONGEST:
        return english
    reading = glue.usage_reading(exc)
    if reading is None:
        return english
    sentence, parts = reading
    return i18n.gettext(_MESSAGES[sentence]).format(**parts)
