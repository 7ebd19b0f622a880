"""Writing an output file a command was asked for (``chart -o FILE``) (I/O layer): never one of
the command's inputs (through any link), never a ledger or a profile (a ``.toml`` file, or one
that reads as TOML however large), never a FIFO or a device, and always atomically.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterable
from pathlib import Path

from tarockscore.errors import N_, TarockError, UsageError
from tarockscore.io import safe_io

_HEAD = 64 * 1024

# The first line of every ledger tarockscore writes (evening.log), and the first line of a
# TOML document that is neither blank nor a comment: a key and its '=', or a table's header.
LEDGER_MARK = b"kept by tarockscore"
_KEY = rb"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
_DOTTED = _KEY + rb"(?:[ \t]*\.[ \t]*" + _KEY + rb")*"
_TOML_START = re.compile(
    rb"[ \t]*(?:" + _DOTTED + rb"[ \t]*=|\[\[?[ \t]*" + _DOTTED + rb"[ \t]*\]\]?[ \t]*(?:#|\r?$))"
)


def starts_as_toml(head: bytes) -> bool:
    """Whether a file beginning with ``head`` is a ledger or another TOML document."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    first, _, _ = head.partition(b"\n")
    if LEDGER_MARK in first:
        return True
    for line in head.split(b"\n"):
        text = line.strip()
        if text and not text.startswith(b"#"):
            return _TOML_START.match(line) is not None
    return False


def check_output(given: str | Path, option: str, inputs: Iterable[Path]) -> None:
    """Refuse an output path that would overwrite an input, a ledger or a profile (exit 2)."""
    shown = f"{option} {str(given)!r}"
    if not str(given).strip():
        raise UsageError(N_("{shown}: empty; give a file name, or - for standard output"), shown=shown)
    target = Path(given)
    for source in inputs:
        if safe_io.same_file(target, source):
            raise UsageError(
                N_("{shown} is one of this command's inputs ({source}); choose another file"),
                shown=shown,
                source=source,
            )
    if target.suffix.lower() == ".toml":
        raise UsageError(
            N_("{shown}: a .toml file is a ledger, a hand or a profile; choose another name"), shown=shown
        )
    try:
        st = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        _check_folder(target, shown)
        return
    except OSError as exc:
        raise UsageError(
            N_("{shown}: cannot use it: {value}"), shown=shown, value=exc.strerror or exc
        ) from None
    if stat.S_ISDIR(st.st_mode):
        raise UsageError(N_("{shown} is a folder; give a file name"), shown=shown)
    if not stat.S_ISREG(st.st_mode):
        raise UsageError(
            N_("{shown} is not a regular file (a FIFO or a device); give a file name"), shown=shown
        )
    if _reads_as_toml(target):
        raise UsageError(
            N_("{shown} holds TOML (a ledger, a hand or a profile?); it is not overwritten"), shown=shown
        )


def _check_folder(target: Path, shown: str) -> None:
    """A new file needs its folder: the one the path names, or, for a link, the one it points into."""
    real = safe_io.real_path(target)
    folder = real.parent
    try:
        st = os.stat(folder)
    except (FileNotFoundError, NotADirectoryError):
        if os.path.islink(target):
            raise UsageError(
                N_("{shown}: a link to {real}, in a folder that does not exist; give another file"),
                shown=shown,
                real=real,
            ) from None
        raise UsageError(
            N_(
                "{shown}: the folder {folder} does not exist; create it first, or give a file in another folder"
            ),
            shown=shown,
            folder=folder,
        ) from None
    except OSError:
        return  # the write says why
    if not stat.S_ISDIR(st.st_mode):
        raise UsageError(
            N_("{shown}: {folder} is not a folder; give a file in a folder"), shown=shown, folder=folder
        )


def _reads_as_toml(target: Path) -> bool:
    try:
        with open(target, "rb") as f:
            head = f.read(_HEAD + 1)
    except OSError:
        return False
    if len(head) > _HEAD:  # too long to parse at a glance: a ledger is known by its beginning
        return starts_as_toml(head)
    if not head.strip():
        return False
    try:
        data = tomllib.loads(head.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return False
    return bool(data)


def write_output(
    target: Path, text: str | bytes, option: str, inputs: Iterable[Path], error: type[TarockError]
) -> None:
    """Check ``target`` (:func:`check_output`) and write ``text`` (or bytes) to it atomically."""
    check_output(target, option, inputs)
    data = text.encode("utf-8") if isinstance(text, str) else text
    safe_io.atomic_write(target, data, error, "output file")
