"""What the terminal is told and asked (CLI layer): warnings a line each, a few of a kind; a question
asked and its answer read, within bounds."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any, TextIO

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.errors import N_, Shown, TarockError, grouped, shown_path
from tarockscore.i18n import _, ngettext

CAP = 20  # warnings of one kind said in a run before the rest are counted


def warning(message: str) -> str:
    """A warning's line, ``warning: …`` in the reader's language (a message translated)."""
    return _("warning: {message}").format(message=i18n.translated(message))


def say(line: str) -> None:
    """One warning line on standard error, a control character in it escaped as an error shows it."""
    typer.echo(shown_path(line), err=True)


def warn(message: str) -> None:
    """A message of the library said as a warning line."""
    say(warning(message))


def kind_of(text: str) -> str:
    """A warning's kind: the template of a message, else its text."""
    template = getattr(text, "template", None)
    return template if isinstance(template, str) else str(text)


class Warnings:
    """The warnings of one run: the first :data:`CAP` of each kind said (all when ``verbose``)."""

    def __init__(self, verbose: bool = False) -> None:
        self.verbose = verbose
        self.counts: Counter[str] = Counter()

    def warn(self, message: str, of: str | None = None) -> None:
        """A message of the library said as a warning line, counted by its kind (``of``: the kind
        of the library's message that ``message`` words for the command line)."""
        kind = kind_of(message if of is None else of)
        self.counts[kind] += 1
        if self.verbose or self.counts[kind] <= CAP:
            say(warning(message))

    def close(self) -> None:
        """One line for each kind with more warnings than were said."""
        for count in self.counts.values():
            more = count - CAP
            if more > 0 and not self.verbose:
                say(
                    ngettext(
                        "warning: … and {more} more warning like this",
                        "warning: … and {more} more warnings like this",
                        more,
                    ).format(more=i18n.whole(more))
                )


MAX_LINE = 4096  # a line typed at a question is a name, a number or a few words
MAX_WRONG = 20  # answers in a row that one question does not take before the run gives up
MAX_ANSWERS = 1000  # answers to one run: a hand asks about fifteen questions


class TooMuchInput(TarockError):
    """Standard input went past one of the bounds on what is typed: nothing was written."""


class _BoundedLines:
    """Standard input, read a line of at most :data:`MAX_LINE` characters at a time."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner

    def readline(self, size: int = -1) -> str:
        try:
            line = self._inner.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            raise TooMuchInput(
                N_("an answer that is not text in the terminal's encoding ({encoding}); nothing was written"),
                encoding=getattr(self._inner, "encoding", None) or "?",
            ) from None
        if len(line.rstrip("\r\n")) > MAX_LINE:
            raise TooMuchInput(
                N_("an answer longer than {limit} characters, which no question takes; nothing was written"),
                limit=grouped(MAX_LINE),
            )
        return line

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def answer_to(prompt: str) -> str:
    """One line typed at the prompt; a line longer than :data:`MAX_LINE` raises :class:`TooMuchInput`."""
    stdin = sys.stdin
    sys.stdin = _BoundedLines(stdin)
    try:
        return str(typer.prompt(prompt, default="", show_default=False))
    except typer.Abort as exc:
        # Typer's prompt raises Abort for both, "from None": the one it caught stays its context
        if isinstance(exc.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        raise
    finally:
        sys.stdin = stdin


class Asker:
    """The answers of one run, counted: too many in all, or too many refused in a row, end it."""

    def __init__(self) -> None:
        self.answers = 0
        self.wrong = 0

    def ask(self, prompt: str) -> str:
        """One more answer of the run, typed at ``prompt`` (:func:`answer_to`); past
        :data:`MAX_ANSWERS` the run ends."""
        text = answer_to(prompt)
        self.answers += 1
        if self.answers > MAX_ANSWERS:
            raise TooMuchInput(
                N_("more than {limit} answers in one run; nothing was written"), limit=grouped(MAX_ANSWERS)
            )
        return text

    def taken(self) -> None:
        """The answer was taken: the count of answers refused in a row starts again."""
        self.wrong = 0

    def refused(self, why: str) -> None:
        """The answer was refused: ``why`` said; too many in a row end the run."""
        typer.echo(why, err=True)
        self.wrong += 1
        if self.wrong >= MAX_WRONG:
            raise TooMuchInput(
                N_("{count} answers in a row that the question does not take; nothing was written"),
                count=self.wrong,
            )


def confirm(question: str) -> bool:
    """Ask until the answer is yes or no; Enter says no (the rest as :func:`answer_to`)."""
    asker = Asker()
    while True:
        answer = asker.ask(f"{question} [{_('y/N')}]")
        if not answer.strip():
            return False
        said = tarockscore.yes_or_no(answer)
        if said is not None:
            return said
        asker.refused(_("{answer!r}: answer y or n").format(answer=Shown(answer.strip())))
