"""What reaches the terminal (CLI layer): every character a command prints is printable, and
warnings are one line each, a few of one kind per run.

Names, places, titles and audit notes come from files anybody can write. A command's output
goes through :func:`escaped_output`, which writes every character a terminal would act on
instead of showing (an escape sequence that clears the screen, a BEL, a bidirectional override
that reorders a line, a carriage return that overwrites a forged ``error:`` line) as ``\\uXXXX``.
Line breaks stay. The escapes are valid inside JSON strings, so ``--json`` output stays JSON.

The same writer turns a failed write into what the command group reports: standard output that
cannot be written (a full disk: :class:`OutputFailed`; a reader of the pipe that has gone, as
after ``| head -1``: :class:`OutputGone`). A diagnostic that cannot be written to standard error
is dropped: there is nowhere left to say so. A standard output that is closed before the command
starts (``>&-``) is found by :func:`stdout_closed`, so the command refuses before it does anything.

Warnings on standard error name files and players as they were found, and a file's name may
hold a line break and a ``warning:`` of its own after it: :func:`say` writes every line break
and control character of a warning escaped (``\\n``), so one warning is one line and none can
be forged. A season of a thousand players can find tens of thousands of names that look alike:
:class:`Warnings` says the first :data:`CAP` of one kind, then counts the rest and says how many
in one line at the end (every one under ``--verbose``, where a command has it; the JSON's
``warnings`` lists them all).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO

import typer

from tarockscore import i18n
from tarockscore.errors import N_, escape_unprintable
from tarockscore.i18n import _, ngettext


class OutputFailed(Exception):
    """Standard output could not be written; ``why`` is the system's reason (its ``strerror``)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class OutputGone(Exception):
    """The reader of standard output has gone (a pipe closed by ``head -1``): nothing more is read."""


def stdout_closed() -> bool:
    """Whether standard output is closed or not open for writing (``>&-``, ``1<file``).

    A write of no bytes asks the system without writing anything; a full device answers it with
    its own error, which the first real write reports (see :class:`OutputFailed`).
    """
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
    """A text stream that escapes what it is given, then writes it to ``inner``.

    ``diagnostics``: the stream is standard error, where a failed write is dropped; on standard
    output it raises :class:`OutputFailed` or :class:`OutputGone`.
    """

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
