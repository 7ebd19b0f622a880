"""What reaches the terminal (CLI layer): every character a command prints is printable.

Names, places, titles and audit notes come from files anybody can write. A command's output
goes through :func:`escaped_output`, which writes every character a terminal would act on
instead of showing (an escape sequence that clears the screen, a BEL, a bidirectional override
that reorders a line, a carriage return that overwrites a forged ``error:`` line) as ``\\uXXXX``.
Line breaks stay. The escapes are valid inside JSON strings, so ``--json`` output stays JSON.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from tarockscore.errors import N_, escape_unprintable


class EscapingWriter(io.TextIOBase):
    """A text stream that escapes what it is given, then writes it to ``inner``."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(N_("text only"))  # so Click treats this as a text stream
        self._inner.write(escape_unprintable(text))
        return len(text)

    def flush(self) -> None:
        self._inner.flush()

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
    sys.stdout, sys.stderr = EscapingWriter(out), EscapingWriter(err)
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        sys.stdout, sys.stderr = out, err
