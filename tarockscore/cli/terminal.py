"""What reaches the terminal and what is read from it (CLI layer): every character printable, warnings a line each, a question asked and its answer read."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.errors import N_, Shown, TarockError, escape_unprintable
from tarockscore.i18n import _, ngettext


class OutputFailed(Exception):
    """Standard output could not be written; ``why`` is the system's reason (its ``strerror``)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class OutputGone(Exception):
    """The reader of standard output has gone (a pipe closed by ``head -1``): nothing more is read."""


def stdout_closed() -> bool:
    """Whether standard output is closed or not open for writing (``>&-``, ``1<file``), asked
    with a write of no bytes (a full device's error is left to the first real write)."""
    out = sys.stdout
    if out is None:  # Python found no descriptor 1 when it started
        return True
    try:
        fd = out.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (a test's captured output)
        return False
    try:
        os.write(fd, b"")
    except OSError as exc:
        return exc.errno == errno.EBADF
    return False


class EscapingWriter(io.TextIOBase):
    """A text stream that escapes what it is given, then writes it to ``inner``; a failed write
    raises :class:`OutputFailed` or :class:`OutputGone`, and is dropped on standard error (``diagnostics``)."""

    def __init__(self, inner: TextIO, diagnostics: bool = False) -> None:
        self._inner = inner
        self._diagnostics = diagnostics

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(N_("text only"))  # so Click treats this as a text stream
        try:
            self._inner.write(escape_unprintable(text))
        except OSError as exc:
            self._failed(exc)
        return len(text)

    def flush(self) -> None:
        try:
            self._inner.flush()
        except OSError as exc:
            self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        if self._diagnostics:
            return
        if isinstance(exc, BrokenPipeError):
            raise OutputGone from None
        raise OutputFailed(exc.strerror or str(exc)) from None

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._inner.isatty()

    def fileno(self) -> int:
        return self._inner.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self._inner, "errors", None)

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # no way around the escaping for bytes either
            raise AttributeError(name)
        return getattr(self._inner, name)


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Standard output and standard error escape what is printed, for the length of a command."""
    out, err = sys.stdout, sys.stderr
    if isinstance(out, EscapingWriter):  # a command group inside another: already done
        yield
        return
    # A stream Python found closed stays None: Click then prints nothing to it.
    if out is not None:
        sys.stdout = EscapingWriter(out)
    if err is not None:
        sys.stderr = EscapingWriter(err, diagnostics=True)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        sys.stdout, sys.stderr = out, err


# -- warnings --------------------------------------------------------------------------------------

CAP = 20  # warnings of one kind said in a run before the rest are counted


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
    """A warning's kind: the template of a message, else its text."""
    template = getattr(text, "template", None)
    return template if isinstance(template, str) else str(text)


class Warnings:
    """The warnings of one run: the first :data:`CAP` of each kind said (all when ``verbose``), the
    rest counted for :meth:`close`."""

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


# -- ask -------------------------------------------------------------------------------------------

MAX_LINE = 4096  # a line typed at a question is a name, a number or a few words
MAX_WRONG = 20  # answers in a row that one question does not take before the run gives up
MAX_ANSWERS = 1000  # answers to one run: a hand asks about fifteen questions


class TooMuchInput(TarockError):
    """Standard input went past one of the bounds on what is typed: nothing was written."""


class _BoundedLines:
    """Standard input, read a line of at most :data:`MAX_LINE` characters at a time (by ``input()``
    when standard input is no terminal)."""

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
    """One line typed at the prompt (Enter gives ''); end of input raises ``typer.Abort``, Ctrl-C
    ``KeyboardInterrupt``, a line longer than :data:`MAX_LINE` :class:`TooMuchInput`."""
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
        """``text``, one more answer of the run; past :data:`MAX_ANSWERS` the run ends."""
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
    """Ask until the answer is yes or no; Enter gives ``default`` (the rest as :func:`answer_to`)."""
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
