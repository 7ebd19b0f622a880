"""Warnings on standard error (CLI layer): each on one line, and a few of one kind per run.

A warning names files and players as it found them, and a file's name may hold a line break and a
``warning:`` of its own after it: :func:`say` writes every line break and control character of a
warning escaped (``\\n``), so one warning is one line and none can be forged. A season of a
thousand players can find tens of thousands of names that look alike: :class:`Warnings` says the
first :data:`CAP` of one kind, then counts the rest and says how many in one line at the end
(every one under ``--verbose``, where a command has it; the JSON's ``warnings`` lists them all).
"""

from __future__ import annotations

import typer

from tarockscore import i18n
from tarockscore.errors import escape_unprintable
from tarockscore.i18n import _, ngettext

# Warnings of one kind said in a run before the rest are counted.
CAP = 20


def one_line(text: str) -> str:
    """``text`` with every line break and control character escaped: one line on a terminal."""
    return escape_unprintable(text.replace("\n", "\\n"), keep="")  # as an error line shows it


def warning(message: str) -> str:
    """A warning's line, ``warning: …`` in the reader's language (a message translated)."""
    return _("warning: {message}").format(message=i18n.translated(message))


def say(line: str) -> None:
    """One warning line on standard error, as :func:`one_line` makes it."""
    typer.echo(one_line(line), err=True)


def kind_of(text: str) -> str:
    """A warning's kind: the template of a message (``{a!r} and {b!r} look like one player``),
    else its text."""
    template = getattr(text, "template", None)
    return template if isinstance(template, str) else str(text)


class Warnings:
    """The warnings of one run: the first :data:`CAP` of each kind said as they come (all of them
    when ``verbose``), the rest counted for :meth:`close`."""

    def __init__(self, verbose: bool = False, cap: int = CAP) -> None:
        self.verbose = verbose
        self.cap = cap
        self.counts: dict[str, int] = {}

    def say(self, line: str, kind: str) -> None:
        seen = self.counts.get(kind, 0) + 1
        self.counts[kind] = seen
        if self.verbose or seen <= self.cap:
            say(line)

    def close(self) -> None:
        """One line for each kind with more warnings than were said."""
        for count in self.counts.values():
            more = count - self.cap
            if more > 0 and not self.verbose:
                say(
                    ngettext(
                        "warning: … and {more:,} more warning like this",
                        "warning: … and {more:,} more warnings like this",
                        more,
                    ).format(more=more)
                )
