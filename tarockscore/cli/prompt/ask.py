"""A question at the terminal (CLI layer): one line typed, or yes or no in the reader's words.

The words a player may answer with, in English and in German whatever the language of the
run (``y``, ``yes``, ``j``, ``ja``; ``n``, ``no``, ``nein``, in any case), are the guided entry's
(:mod:`tarockscore.rules.words`). The prompt shows the choice in the run's language:
``[y/N]``, ``[j/N]``.

Every question is asked through :func:`answer_to`: end of input (Ctrl-D) is ``typer.Abort``,
and Ctrl-C stays the interrupt it is everywhere else (exit 130), where Typer's prompt would turn
both into the same ``Abort``.

What is typed is bounded, for standard input may be no person at all: a line is at most
:data:`MAX_LINE` characters (``< /dev/zero`` is one endless line), a question takes at most
:data:`MAX_WRONG` answers in a row that it refuses, and a run at most :data:`MAX_ANSWERS` answers
(``yes nonsense |`` answers for ever). Past a bound the run ends with exit 1 and nothing written.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

import typer

import tarockscore
from tarockscore.errors import N_, Shown, TarockError
from tarockscore.i18n import _

# A line typed at a question is a name, a number or a few words.
MAX_LINE = 4096
# Answers in a row that one question does not take before the run gives up.
MAX_WRONG = 20
# Answers to one run in all: a hand asks about fifteen questions, and 'back' or a changed line
# asks some again; a thousand is more than any table types.
MAX_ANSWERS = 1000


class TooMuchInput(TarockError):
    """Standard input went past one of the bounds on what is typed: nothing was written."""


class _BoundedLines:
    """Standard input, read a line of at most :data:`MAX_LINE` characters at a time (what Python's
    ``input()`` reads when standard input is no terminal); everything else is the stream's own."""

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
                N_(
                    "an answer longer than {limit:,} characters, which no question takes; nothing was written"
                ),
                limit=MAX_LINE,
            )
        return line

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def answer_to(prompt: str) -> str:
    """One line typed at the prompt, of at most :data:`MAX_LINE` characters; Enter gives ''. End
    of input raises ``typer.Abort``, Ctrl-C ``KeyboardInterrupt``, a longer line
    :class:`TooMuchInput`."""
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

    def answered(self, text: str) -> str:
        """``text``, one more answer of the run (:func:`answer_to` read it); past
        :data:`MAX_ANSWERS` the run ends (:class:`TooMuchInput`)."""
        self.answers += 1
        if self.answers > MAX_ANSWERS:
            raise TooMuchInput(
                N_("more than {limit:,} answers in one run; nothing was written"), limit=MAX_ANSWERS
            )
        return text

    def taken(self) -> None:
        """The answer was taken: the count of answers refused in a row starts again."""
        self.wrong = 0

    def refused(self) -> None:
        """The answer was refused (its reason already said); too many in a row end the run."""
        self.wrong += 1
        if self.wrong >= MAX_WRONG:
            raise TooMuchInput(
                N_("{count} answers in a row that the question does not take; nothing was written"),
                count=self.wrong,
            )


def confirm(question: str, *, default: bool = False) -> bool:
    """Ask until the answer is yes or no; Enter gives ``default``. End of input raises
    ``typer.Abort``, Ctrl-C ``KeyboardInterrupt``, too many other answers :class:`TooMuchInput`."""
    choice = _("Y/n") if default else _("y/N")
    asker = Asker()
    while True:
        answer = asker.answered(answer_to(f"{question} [{choice}]"))
        if not answer.strip():
            return default
        said = tarockscore.yes_or_no(answer)
        if said is not None:
            return said
        typer.echo(_("{answer!r}: answer y or n").format(answer=Shown(answer.strip())), err=True)
        asker.refused()
