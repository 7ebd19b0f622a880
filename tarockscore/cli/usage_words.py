"""Typer's usage errors in the reader's language (CLI layer).

Typer writes its usage errors as English text ("Missing option '--players' / '-p'.", "No such
option: --bogus") and keeps no catalogue of them. The command group hands each such text here:
a text of one of the shapes below is said again in the run's language, with the parts Typer
filled in (an option's name, the value given, the words a check of ours gave) as they were. Any
other text, and every text in an English run, stays as Typer wrote it.
"""

from __future__ import annotations

import functools
import re

from tarockscore import i18n
from tarockscore.errors import N_

# Typer's English, with a {name} for each part it fills in, and the message that says it again.
SHAPES: tuple[tuple[str, str], ...] = (
    ("Missing argument {name}.", N_("Missing argument {name}.")),
    ("Missing option {name}.", N_("Missing option {name}.")),
    (
        "No such option: {name} (Possible options: {options})",
        N_("No such option: {name} (possible: {options})"),
    ),
    ("No such option: {name}", N_("No such option: {name}")),
    ("Option {name} requires an argument.", N_("Option {name} requires an argument.")),
    ("Option {name} does not take a value.", N_("Option {name} does not take a value.")),
    ("Got unexpected extra argument(s) ({arguments})", N_("Got unexpected extra argument(s) ({arguments})")),
    (
        "Invalid value for {name}: {value} is not a valid int.",
        N_("Invalid value for {name}: {value} is not a whole number."),
    ),
    ("Invalid value for {name}: {reason}", N_("Invalid value for {name}: {reason}")),
)


@functools.cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each shape as a pattern whose named groups take the parts Typer filled in."""
    out = []
    for english, message in SHAPES:
        pieces = re.split(r"\{(\w+)\}", english)
        pattern = "".join(
            re.escape(piece) if i % 2 == 0 else f"(?P<{piece}>.+?)" for i, piece in enumerate(pieces)
        )
        out.append((re.compile(pattern + r"\Z", re.DOTALL), message))
    return tuple(out)


# Typer's texts are a line; a longer one quotes a long value typed on the command line, and the
# shapes' patterns, which split a text at the words between the parts, would take time growing
# with the square of its length to find that it has none of them. Such a text stays as it is.
LONGEST = 1000


def said(text: str) -> str:
    """Typer's usage error ``text`` in the run's language (unchanged in English, if unknown, or
    longer than :data:`LONGEST`)."""
    if i18n.current() == i18n.DEFAULT or len(text) > LONGEST:
        return text
    for pattern, message in _patterns():
        found = pattern.match(text)
        if found is not None:
            return i18n.gettext(message).format(**found.groupdict())
    return text
