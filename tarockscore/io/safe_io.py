"""Reading and writing files safely, on every platform (I/O layer): the one place that does it,
by the rules of docs/ledger-format.md (regular files only, under a cap; atomic writes beside the
real file; the sidecar lock). An output file a command was asked for (``chart -o FILE``) is never
one of its inputs, a ledger or a profile, a FIFO or a device."""

import contextlib
import contextvars
import errno
import os
import re
import stat
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from tarockscore.errors import (
    N_,
    Message,
    TarockError,
    UsageError,
    message,
    unreadable,
)

KIB = 1024
MIB = 1024 * KIB
# A ledger of an evening is a few hundred KiB; a club's year in one file a few MiB. 8 MiB (some
# 14,000 hands) is beyond both and reads in about two seconds; it also bounds how long a file made
# only to be slow to read (one huge array) can hold a command up: a few seconds, not a minute.
LEDGER_LIMIT = 8 * MIB
# A hand file is under 1 KiB, a profile or an alias file a few KiB.
SMALL_LIMIT = 1 * MIB

WINDOWS = os.name == "nt"
TEMP_SUFFIX = ".tmp"
LOCK_SUFFIX = ".lock"

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_UTF8_BOM = b"\xef\xbb\xbf"


# The kinds of file the messages name, in the reader's language.
_WHAT: dict[str, Message] = {
    "hand": message(N_("hand")),
    "ledger": message(N_("ledger")),
    "profile": message(N_("profile")),
    "alias": message(N_("alias")),
    "players": message(N_("players")),
    "tournament": message(N_("tournament day")),  # its tournament.toml
    "cup points": message(N_("cup points")),
    "format": message(N_("format")),
    "results": message(N_("results")),
    "output file": message(N_("output file")),
}


def file_kind(what: str) -> str:
    """The kind of file ``what`` names (``"cup points"``), in the reader's language."""
    return _WHAT.get(what, what)


def _kind(mode: int) -> Message:
    if stat.S_ISDIR(mode):
        return message(N_("a folder"))
    if stat.S_ISFIFO(mode):
        return message(N_("a named pipe (FIFO)"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return message(N_("a device"))
    if stat.S_ISSOCK(mode):
        return message(N_("a socket"))
    return message(N_("not a regular file"))


_CANNOT_READ = N_("{path}: cannot read: {why}")
_NOT_REGULAR = N_("{path} is {kind}; give a regular file as the {what} file")
# a tournament's folder given where a ledger goes (values: path; its way out is the command line's)
DAY_FOLDER = N_(
    "{path} is a tournament's folder, not a ledger: a table's ledger is one of its round-N/table-K.toml"
)
_NOT_WRITTEN = N_("{path}: could not write the {what} ({why}); it was left as it was")
_NOT_MADE = N_("{path}: could not write the {what} ({why}); no file was made")


def os_reason(exc: OSError) -> str:
    """What the system says of ``exc`` (a reader's language says the common reasons in its own words:
    ``errors.SYSTEM_REASONS``)."""
    return exc.strerror or str(exc)


def size_text(n: int) -> Message:
    """A file's size to a tenth, its decimal point as the reader writes it (``1,5 MiB`` in German)."""
    for unit, size in (("MiB", MIB), ("KiB", KIB)):
        if n >= size:
            tenths = (n * 10 + size // 2) // size
            return message(N_("{whole}.{tenth} {unit}"), whole=tenths // 10, tenth=tenths % 10, unit=unit)
    return message(N_("{count} bytes"), count=n)


def check_regular(path: Path, what: str, error: type[TarockError]) -> os.stat_result | None:
    """The file's status (through links) if it is a regular file; None if it does not exist; else refused."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise unreadable(error)(_CANNOT_READ, path=path, why=os_reason(exc)) from None
    except ValueError:  # a NUL character, which a TOML string can hold and no file name can
        raise unreadable(error)(
            N_("{path!r}: no file has this name: it holds a NUL character"), path=str(path)
        ) from None
    if stat.S_ISDIR(st.st_mode) and what == LEDGER and (path / "tournament.toml").is_file():
        raise unreadable(error)(DAY_FOLDER, path=path)
    if not stat.S_ISREG(st.st_mode):
        raise unreadable(error)(_NOT_REGULAR, path=path, kind=_kind(st.st_mode), what=file_kind(what))
    return st


def read_regular(path: Path, what: str, limit: int, error: type[TarockError]) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileNotFoundError (the caller words it)."""
    if check_regular(path, what, error) is None:
        raise FileNotFoundError(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise unreadable(error)(_CANNOT_READ, path=path, why=os_reason(exc)) from None
    try:
        st = os.fstat(fd)  # the file opened, not the one looked at: it may have been swapped
        if not stat.S_ISREG(st.st_mode):
            raise unreadable(error)(_NOT_REGULAR, path=path, kind=_kind(st.st_mode), what=file_kind(what))
        if st.st_size > limit:
            raise unreadable(error)(
                N_("{path} is {size}, larger than tarockscore reads: {what} files are at most {limit}"),
                path=path,
                size=size_text(st.st_size),
                what=file_kind(what),
                limit=size_text(limit),
            )
        data = b""
        while len(data) <= limit and (chunk := os.read(fd, min(limit + 1 - len(data), st.st_size + MIB))):
            data += chunk
        if len(data) > limit:
            raise unreadable(error)(
                N_("{path} grew beyond {limit} while it was read; {what} files are smaller"),
                path=path,
                limit=size_text(limit),
                what=file_kind(what),
            )
        return data
    except OSError as exc:
        raise unreadable(error)(_CANNOT_READ, path=path, why=os_reason(exc)) from None
    finally:
        os.close(fd)


def read_stdin(what: str, limit: int, error: type[TarockError]) -> bytes:
    """Standard input, at most ``limit`` bytes (``< /dev/zero`` is refused, not read for ever)."""
    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise unreadable(error)(
            N_("<stdin>: more than {limit}; a {what} is smaller"),
            limit=size_text(limit),
            what=file_kind(what),
        )
    return data


def decode(
    data: bytes, name: str, error: type[TarockError], *, spreadsheet: Callable[[str], None] | None = None
) -> str:
    """UTF-8 text; a UTF-8 byte-order mark is dropped, UTF-16 is named. ``spreadsheet``: a file a
    spreadsheet saves (a players file, a round's results), told what it was read as: one that is
    not UTF-8 but Windows-1252 without a control character (German Excel's "CSV (Trennzeichen-
    getrennt)") is read so, and said; its refusal says how a spreadsheet saves UTF-8."""
    if data.startswith(_UTF16_BOMS):
        raise unreadable(error)(
            N_("{name}: not UTF-8 text: it starts with a UTF-16 byte-order mark; save it as UTF-8"), name=name
        )
    data = data.removeprefix(_UTF8_BOM)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:  # named at its line and column, as an editor counts them
        text = data.decode("cp1252", "replace")  # a byte it has no character for is U+FFFD
        if spreadsheet is not None and not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]", text):
            # the first line that another reading would change: a letter beyond ASCII, as read so
            at, read = next((n, t) for n, t in enumerate(text.splitlines(), 1) if not t.isascii())
            spreadsheet(
                message(
                    N_(
                        "{name}: not UTF-8 text: read as Windows-1252, as a spreadsheet saves CSV unless told UTF-8; line {line} reads {text!r}; where a name reads wrong, save the file as CSV UTF-8"
                    ),
                    name=name,
                    line=at,
                    text=read.strip(),
                )
            )
            return text
        lines = (data[: exc.start] + b".").splitlines()  # ended by LF, CRLF or an old Mac's CR
        raise unreadable(error)(
            N_(
                "{name}:{line}: not UTF-8 text (the byte {byte:#04x} at column {column}); save it as UTF-8 (a spreadsheet: CSV UTF-8)"
            )
            if spreadsheet
            else N_(
                "{name}:{line}: not UTF-8 text (the byte {byte:#04x} at column {column}); save it as UTF-8"
            ),
            name=name,
            line=len(lines),
            byte=data[exc.start],
            column=len(lines[-1].decode("utf-8", "replace")),
        ) from None


# Compiled on first use (re keeps it): only a file that fails to parse asks it.
_AT_LINE = r"\(at line (\d+), column (\d+)\)"
_AT_END = " (at end of document)"
# The key a line sets, or the table it opens: ``declarer = "Bert"``, ``[[bonus]]``.
_LINE_KEY = r"^\s*(?:\[\[?\s*([^\]=]+?)\s*\]\]?|([A-Za-z0-9_\-\.\"' ]+?)\s*=)"

# What the TOML parser says of the mistakes people make writing a file by hand, in words that
# say what to do, in the reader's language (the parser's own English is shown for any other).
_TOML_SAYS: dict[str, str] = {
    "Invalid value": N_(
        'not a value; a name or other text is written in quotes ("Anna"), yes and no as true and false'
    ),
    "Expected newline or end of document after a statement": N_(
        'more after the value; a value with a space or a fraction in it is written in quotes ("35 2/3")'
    ),
    "Expected '=' after a key in a key/value pair": N_("expected '=' after the key ({example})"),
    "Illegal character '\\n'": N_("a quoted text ends without its closing quote"),
    "Unterminated string": N_("a quoted text ends without its closing quote"),
    "Unclosed array": N_("an array ends without its closing {closing!r}"),
    "Unclosed inline table": N_("a table in braces ends without its closing {closing!r}"),
    "Expected ']' at the end of a table declaration": N_(
        "a table's name in brackets ends without its closing ']'"
    ),
    "Invalid statement": N_("not a line of the form key = value, nor a [table]; a comment begins with #"),
    "control character": N_("a control character ({character}) cannot stand in a TOML file; take it out"),
}

# The parser's other complaints, in its own English (in German for a German reader): each form,
# with the part it names (a character, a key) apart.
_TOML_FORMS = (
    N_("Illegal character {part}"),
    N_("Found invalid character {part}"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected {part}"),
    N_("Invalid date or datetime"),
    N_("Invalid hex value"),
    N_("Invalid initial character for a key part"),
    N_("Unescaped '\\' in a string"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Cannot mutate immutable namespace {part}"),
    N_("Cannot redefine namespace {part}"),
)


# A line each kind of file holds, shown where a key lacks its '='.
_EXAMPLE_LINE = {
    "ledger": 'date = "2026-03-05"',
    "profile": 'extends = "koenigrufen"',
    "hand": 'contract = "rufer"',
    "alias": 'Hansi = "Hans"',
    "format": 'total = "schrift"',
    "cup points": "best = 2",
    "tournament": 'kind = "draw"',
}


def _toml_problem(reason: str, text: str, kind: str | None = None) -> tuple[int | None, Message | str]:
    """The line a TOML parser's complaint names and what it means, said for a person; ``kind``:
    which file it is (LEDGER, PROFILE, HAND, ALIAS, FORMAT, CUP, DAY), for an example line of its own."""
    m = re.search(_AT_LINE, reason)
    line = int(m.group(1)) if m else None
    said = reason[: m.start()].rstrip() if m else reason.removesuffix(_AT_END)
    lines = text.splitlines()
    if said == "Cannot overwrite a value" or said.startswith("Cannot declare "):
        set_there = re.match(_LINE_KEY, lines[line - 1]) if line and line <= len(lines) else None
        if set_there:  # the second time a key is given: the parser stops there
            key = (set_there.group(1) or set_there.group(2)).strip().strip("\"'")
            return line, message(N_("{key!r} is given twice; give each key once"), key=key)
        return line, message(N_("a key is given twice; give each key once"))
    if duplicate := re.fullmatch(r"Duplicate inline table key (.+)", said):
        key = duplicate.group(1).strip("'\"")
        return line, message(N_("{key!r} is given twice in one table; give each key once"), key=key)
    at = lines[line - 1][int(m.group(2)) - 1 : int(m.group(2))] if m and line and line <= len(lines) else ""
    if at and not at.isascii() and at.isalpha():  # hüttenfleck: TOML takes no ü in a key unquoted
        return line, message(
            N_("{letter!r} cannot stand in a key: ä, ö, ü and ß are written ae, oe, ue and ss"),
            letter=at,
        )
    if character := re.fullmatch(r"(?:Illegal|Found invalid) character ('\\(?:x..|r)')", said):
        # the parser names it as Python escapes it, as every error shows it
        said = "control character"
    if (template := _TOML_SAYS.get(said)) is None:
        for form in _TOML_FORMS:
            if part := re.fullmatch(re.escape(form).replace(r"\{part\}", "(.+)"), said):
                what = message(form, part=next(iter(part.groups()), ""))
                if m:
                    at = N_("{what} (at line {line}, column {column})")
                    return line, message(at, what=what, line=line, column=int(m.group(2)))
                return line, message(N_("{what} (at end of document)"), what=what)
        return line, reason
    example = _EXAMPLE_LINE.get(kind or "")
    if "{example}" in template and example is None:
        template = N_("expected '=' after the key")
    # the bracket left open, if any, and a line of the file's kind
    shown = character.group(1) if character else ""
    what = message(template, closing="]" if "array" in said else "}", example=example, character=shown)
    if m:
        return line, message(N_("{what} (column {column})"), what=what, column=int(m.group(2)))
    return line, message(N_("{what} (at the end of the file)"), what=what)


def load_toml(text: str, name: str, error: type[TarockError], kind: str | None = None) -> dict[str, Any]:
    """Parse TOML text; any failure (syntax, nesting, an integer too long) is an ``error`` naming
    the file. Nesting is bounded after parsing too, so no later step recurses without bound.
    ``kind`` (LEDGER, PROFILE, HAND, ALIAS): what the file is, so that a hint shows a line of its own."""
    deep = deep_key_line(text)  # the line of a key too deep to parse, else of the deepest nesting
    if deep is None:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            line, said = _toml_problem(str(exc), text, kind)
            where = f"{name}:{line}" if line else name
            raise unreadable(error)(N_("not valid TOML: {why}"), where=where, why=said) from None
        except RecursionError:
            raise unreadable(error)(
                N_("{name}: nested too deeply to read (at most {depth} levels)"),
                name=f"{name}:{deepest_line(text)}",
                depth=MAX_DEPTH,
            ) from None
        except ValueError as exc:
            if "digits" in str(exc):
                raise unreadable(error)(
                    N_(
                        "{name}: an integer with more than 4,300 digits; no number in a tarockscore file is that long"
                    ),
                    name=name,
                ) from None
            raise unreadable(error)(N_("{name}: not valid TOML: {why}"), name=name, why=exc) from None
        if not too_deep(data):
            return data
        deep = deepest_line(text)
    raise unreadable(error)(
        N_("{name}: tables or arrays nested more than {depth} levels deep"),
        name=f"{name}:{deep}",
        depth=MAX_DEPTH,
    )


def deepest_line(text: str) -> int:
    """The line where arrays and inline tables nest deepest (first), quoted text and comments aside."""
    depth = most = 0
    line = at = 1
    quote, escaped, comment = "", False, False
    for ch in text:
        if ch == "\n":
            line, comment = line + 1, False
        elif comment:
            continue
        elif escaped:
            escaped = False
        elif quote:
            escaped = ch == "\\" and quote == '"'
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            comment = True
        elif ch in "[{":
            depth += 1
            if depth > most:
                most, at = depth, line
        elif ch in "]}":
            depth -= 1
    return at


MAX_DEPTH = 32

# A key of more dotted parts than MAX_DEPTH nests deeper than any file is read, and the TOML reader
# takes time and memory growing with the square of its parts (100 KB of "a.a.a…" took minutes and
# gigabytes): such a key is looked for in the text before it is parsed. A key begins where no
# part's letter, quote or dot stands before it, and the quantifiers give nothing back, so the
# search is linear.
_PART = r"""(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')"""
_DEEP_KEY = re.compile(rf"(?<![A-Za-z0-9_.\"'-]){_PART}(?:[ \t]*+\.[ \t]*+{_PART}){{{MAX_DEPTH}}}")


def deep_key_line(text: str) -> int | None:
    """The line of the first key of more than MAX_DEPTH dotted parts in ``text``, if any."""
    found = _DEEP_KEY.search(text)
    return None if found is None else text.count("\n", 0, found.start()) + 1


def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """Whether tables and arrays nest deeper than ``limit`` (the walk recurses at most that deep)."""
    if isinstance(value, dict):
        value = list(value.values())
    return isinstance(value, list) and (limit == 0 or any(too_deep(child, limit - 1) for child in value))


LEDGER = "ledger"
PROFILE = "profile"
HAND = "hand"
ALIAS = "alias"
FORMAT = "format"  # a tournament's format (formats/*.toml)
CUP = "cup points"
DAY = "tournament"  # a tournament day's tournament.toml

_PROFILE_KEYS = ("extends", "game", "contracts", "settlement", "bonus_rules", "valat", "trischaken")
_HAND_KEYS = ("contract", "declarer", "partner", "card_points", "won")

# Each kind as a message names it ("this is {a kind}"), and what makes a file plainly one.
_NAMED: dict[str, tuple[Message, Callable[[Mapping[str, object]], bool]]] = {
    LEDGER: (
        message(N_("a ledger (an evening's hands)")),
        lambda data: isinstance(data.get("table"), dict) and isinstance(data.get("profile"), dict),
    ),
    PROFILE: (message(N_("a profile")), lambda data: any(key in data for key in _PROFILE_KEYS)),
    HAND: (message(N_("a hand file")), lambda data: any(key in data for key in _HAND_KEYS)),
    ALIAS: (message(N_("an alias file")), lambda data: isinstance(data.get("aliases"), dict)),
    FORMAT: (message(N_("a tournament's format")), lambda data: "total" in data or "tie_breaks" in data),
    CUP: (message(N_("a cup's points file")), lambda data: isinstance(data.get("points"), list)),
    DAY: (message(N_("a tournament day's file")), lambda data: "tournament" in data),
}


def other_kind(data: Mapping[str, object], expected: str) -> Message | None:
    """What the file is, for a message, when it has none of ``expected``'s own keys (a kind with no
    TOML of its own, a list of names, has none)."""
    if expected in _NAMED and _NAMED[expected][1](data):
        return None
    return next((named for named, plainly in _NAMED.values() if plainly(data)), None)


def real_path(path: Path) -> Path:
    """The file a path names once every link is followed: replaced there, so the link stays a link."""
    return Path(os.path.realpath(path))


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (through links, hard links included)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return real_path(a) == real_path(b)


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on ``fd`` without waiting; False if another process holds it."""
    if WINDOWS:
        import msvcrt  # noqa: PLC0415 - Windows only

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        except OSError:
            return False
        return True
    import fcntl  # noqa: PLC0415 - POSIX only

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # type: ignore[attr-defined,unused-ignore]
    except BlockingIOError:
        return False
    return True


def lock_path(path: Path) -> Path:
    real = real_path(path)
    return real.with_name(real.name + LOCK_SUFFIX)


# Why the lock file beside a file cannot be made, by the error and whether the file is there (to
# be copied elsewhere; else a path elsewhere is to be given), and what to do
_NO_LOCK: dict[tuple[int | None, bool], str] = {
    (errno.EROFS, True): N_(
        "{lock}: cannot open the lock file: {why}, so nothing was written. {folder} is on a read-only file system: copy the {what} to a writable folder and use it there"
    ),
    (errno.EROFS, False): N_(
        "{lock}: cannot open the lock file: {why}, so nothing was written. {folder} is on a read-only file system: give a path in a writable folder"
    ),
    (errno.EACCES, True): N_(
        "{lock}: cannot open the lock file: {why}, so nothing was written. The lock file goes beside the {what} file, so its folder must be writable: `chmod u+w {folder}`, or copy the {what} to a folder you can write in"
    ),
    (errno.EACCES, False): N_(
        "{lock}: cannot open the lock file: {why}, so nothing was written. The lock file goes beside the {what} file, so its folder must be writable: `chmod u+w {folder}`, or give a path in a folder you can write in"
    ),
}


def _no_lock(lock: Path, exc: OSError, what: str, there: bool) -> Message:
    denied = errno.EACCES if exc.errno == errno.EPERM else exc.errno
    said = _NO_LOCK.get(
        (denied, there), N_("{lock}: cannot open the lock file: {why}, so nothing was written")
    )
    return message(said, lock=lock, why=os_reason(exc), folder=lock.parent, what=file_kind(what))


@contextlib.contextmanager
def exclusive(path: Path, timeout: float, busy: str, error: type[TarockError], what: str) -> Iterator[None]:
    """Hold the exclusive lock of the file at ``path`` (its real file's sidecar ``.lock``); ``what``:
    the kind of file, as the messages name it."""
    lock = lock_path(path)
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        except FileNotFoundError:
            if not lock.parent.is_dir():
                raise error(NO_FOLDER, shown=path, folder=lock.parent) from None
            said = N_(
                "{path}: its lock file cannot be made in {folder}, a folder that takes no new files, so "
                "nothing was written; give a {what} in a folder of your own"
            )
            raise error(said, path=path, folder=lock.parent, what=file_kind(what)) from None
        except OSError as exc:
            kept = (*path.parents, *lock.parents)
            file = next((p for p in kept if os.path.lexists(p) and not os.path.isdir(p)), None)
            if exc.errno == errno.ENOTDIR and file is not None:
                said = N_("{path}: {file} is a file, not a folder, so nothing was written")
                raise error(said, path=path, file=file) from None
            raise error(_no_lock(lock, exc, what, os.path.lexists(path))) from None
        try:
            while not _try_lock(fd):
                if time.monotonic() > deadline:
                    raise error(busy)
                time.sleep(0.005)
        except BaseException:
            os.close(fd)
            raise
        if _still_there(fd, lock):
            break
        os.close(fd)  # the holder before us removed this lock file: take the one at the path now
    try:
        yield
    finally:
        _release(fd, lock)


def _still_there(fd: int, lock: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(lock))
    except OSError:
        return False


def _release(fd: int, lock: Path) -> None:
    if WINDOWS:
        import msvcrt  # noqa: PLC0415 - Windows only

        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        os.close(fd)
        with contextlib.suppress(OSError):  # another process has it open: it removes it later
            os.unlink(lock)
        return
    with contextlib.suppress(OSError):
        os.unlink(lock)  # still holding the lock: nobody can take this file in between
    os.close(fd)  # releases the flock


def remove_stale_temps(path: Path) -> None:
    """Remove the temp files a killed writer left beside the real file; call only under its lock."""
    real = real_path(path)
    own = re.compile(re.escape(f".{real.name}.") + "[A-Za-z0-9_]{8}" + re.escape(TEMP_SUFFIX))
    try:
        with os.scandir(real.parent) as scan:
            stale = [entry for entry in scan if own.fullmatch(entry.name)]
    except OSError:
        return
    for entry in stale:
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False):
                os.unlink(real.parent / entry.name)


def holds(path: Path, data: bytes) -> bool:
    """Whether the file at ``path`` holds exactly ``data`` (a copy kept before, say)."""
    try:
        return path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


# The files written while :func:`noting_writes` is open (the path as given, and what it is); a
# context variable, so a write outside it (a library caller's) notes nothing.
_WRITTEN: contextvars.ContextVar[list[tuple[Path, str]] | None] = contextvars.ContextVar(
    "tarockscore_written", default=None
)


@contextlib.contextmanager
def noting_writes() -> Iterator[list[tuple[Path, str]]]:
    """The files :func:`atomic_write` writes while open: said when a command's output cannot be printed."""
    if (noted := _WRITTEN.get()) is not None:  # already noting (a command group inside another)
        yield noted
        return
    noted = []
    token = _WRITTEN.set(noted)
    try:
        yield noted
    finally:
        _WRITTEN.reset(token)


def atomic_write(path: Path, data: bytes, error: type[TarockError], what: str) -> None:
    """Replace the file at ``path`` with ``data`` in one step, keeping its mode and owner; no hard links."""
    real = real_path(path)
    try:
        old: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise error(_NOT_WRITTEN, path=path, what=file_kind(what), why=os_reason(exc)) from None
    if old is not None and old.st_nlink > 1:
        raise error(
            N_(
                "{path} has {links} hard links (other names for the same file); tarockscore replaces the "
                "{what} as a whole, which would leave the other names on the old content, so nothing was "
                "written. Keep one name (remove the others), or use a symbolic link instead"
            ),
            path=path,
            links=old.st_nlink,
            what=file_kind(what),
        )
    mode = stat.S_IMODE(old.st_mode) if old is not None else _default_mode()
    failed = _NOT_WRITTEN if old is not None else _NOT_MADE
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=TEMP_SUFFIX, dir=real.parent)
    except OSError as exc:
        raise error(failed, path=path, what=file_kind(what), why=os_reason(exc)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(PermissionError):  # a file system that keeps no modes (FAT): its own
            os.chmod(tmp, mode)
        if old is not None and not WINDOWS:
            _keep_owner(tmp, old, path, error)
        _replace(tmp, real)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise error(failed, path=path, what=file_kind(what), why=os_reason(exc)) from None
        raise
    _note(path, what)
    sync_folder(real.parent)


def append_at(
    path: Path, at: tuple[bytes, int], data: bytes, error: type[TarockError], moved: TarockError
) -> None:
    """Write ``data`` at byte ``end`` of the ledger, fsync'd and read back, if the file still holds
    exactly the bytes ``read`` (else ``moved``: changed since it was read, even to the same length)."""
    read, end = at
    try:
        fd = os.open(real_path(path), os.O_RDWR | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise error(_NOT_WRITTEN, path=path, what=file_kind("ledger"), why=os_reason(exc)) from None
    try:
        if os.fstat(fd).st_size != len(read) or _held(fd, len(read) + 1) != read:
            raise moved
        try:
            os.ftruncate(fd, end)
            with os.fdopen(os.dup(fd), "r+b") as f:  # a buffered file writes all of ``data``
                f.seek(end)
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
                f.seek(end)
                if f.read(len(data) + 1) != data:
                    raise OSError(0, "the bytes written did not read back the same")
        except BaseException as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, end)
                os.fsync(fd)
            if isinstance(exc, OSError):
                raise error(_NOT_WRITTEN, path=path, what=file_kind("ledger"), why=os_reason(exc)) from None
            raise
    finally:
        os.close(fd)
    _note(path, "ledger")


def _held(fd: int, most: int) -> bytes:
    """The file's bytes from its start, up to ``most`` of them (no ``os.pread``: Windows has none)."""
    os.lseek(fd, 0, os.SEEK_SET)
    chunks, got = [], 0
    while got < most and (chunk := os.read(fd, most - got)):
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _note(path: Path, what: str) -> None:
    if (noted := _WRITTEN.get()) is not None and (path, what) not in noted:
        noted.append((path, what))


def _keep_owner(tmp: str, old: os.stat_result, path: Path, error: type[TarockError]) -> None:
    new = os.stat(tmp)
    if (new.st_uid, new.st_gid) == (old.st_uid, old.st_gid):
        return
    try:
        os.chown(tmp, old.st_uid, old.st_gid)
    except PermissionError:
        raise error(
            N_(
                "{path} belongs to user {uid}, group {gid}; writing it would give it to you, "
                "so nothing was written. Run the command as its owner"
            ),
            path=path,
            uid=old.st_uid,
            gid=old.st_gid,
        ) from None
    # chown may clear the set-user-ID and set-group-ID bits: set the mode again
    os.chmod(tmp, stat.S_IMODE(old.st_mode))


def _replace(tmp: str, real: Path) -> None:
    # Windows refuses to replace a file another process has open (a reader, a virus scanner) for
    # a moment: try again for up to a second.
    deadline = time.monotonic() + 1.0
    while True:
        try:
            os.replace(tmp, real)
            return
        except PermissionError:
            if not WINDOWS or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def sync_folder(folder: Path) -> None:
    """Make a rename durable; some file systems (and Windows) cannot sync a folder: harmless."""
    if WINDOWS:
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.fsync(fd)
    os.close(fd)


def read_only(st: os.stat_result) -> bool:
    """Whether the file has no write permission bit at all (``chmod a-w``): closed on purpose."""
    return st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) == 0


def open_for_change(path: Path, closed: Message, error: type[TarockError]) -> os.stat_result | None:
    """The file's stat, refused with ``closed`` where it is read-only; None where there is no file."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if read_only(st):
        raise error(closed)
    return st


_HEAD = 64 * 1024

# The first line of every ledger tarockscore writes (evening.store), and the first line of a
# TOML document that is neither blank nor a comment: a key and its '=', or a table's header.
LEDGER_MARK = b"kept by tarockscore"
_KEY = rb"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
_DOTTED = _KEY + rb"(?:[ \t]*\.[ \t]*" + _KEY + rb")*"
_TOML_START = re.compile(
    rb"[ \t]*(?:" + _DOTTED + rb"[ \t]*=|\[\[?[ \t]*" + _DOTTED + rb"[ \t]*\]\]?[ \t]*(?:#|\r?$))"
)


def starts_as_toml(head: bytes) -> bool:
    """Whether a file beginning with ``head`` is a ledger or another TOML document."""
    head = head.removeprefix(_UTF8_BOM)
    if LEDGER_MARK in head.partition(b"\n")[0]:
        return True
    for line in head.split(b"\n"):
        if (text := line.strip()) and not text.startswith(b"#"):
            return _TOML_START.match(line) is not None
    return False


def check_output(given: str | Path, option: str, inputs: Iterable[Path]) -> None:
    """Refuse an output path that would overwrite an input, a ledger or a profile (exit 2)."""
    shown = f"{option} {str(given)!r}"
    if not str(given).strip():
        raise UsageError(N_("{shown}: empty; give a file name, or - for standard output"), shown=shown)
    target = Path(given)
    for source in inputs:
        if same_file(target, source):
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
        raise UsageError(N_("{shown}: cannot use it: {value}"), shown=shown, value=os_reason(exc)) from None
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


NO_FOLDER = N_(
    "{shown}: the folder {folder} does not exist; create it first, or give a file in another folder"
)


def _check_folder(target: Path, shown: str) -> None:
    """A new file needs its folder: the one the path names, or, for a link, the one it points into."""
    real = real_path(target)
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
        raise UsageError(NO_FOLDER, shown=shown, folder=folder) from None
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
    try:
        text = head.decode("utf-8")
        data = tomllib.loads(text) if deep_key_line(text) is None else {"": text}
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return False
    return bool(data)


def write_output(
    target: Path, text: str | bytes, option: str, inputs: Iterable[Path], error: type[TarockError]
) -> None:
    """Check ``target`` (:func:`check_output`) and write ``text`` (or bytes) to it atomically."""
    check_output(target, option, inputs)
    atomic_write(target, text.encode("utf-8") if isinstance(text, str) else text, error, "output file")
