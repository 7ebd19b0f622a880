"""The ledger file: TOML read and written whole, atomically, under a lock, verified (I/O layer).

Safety, in the order a change goes through (the file operations are :mod:`safe_io`'s):

1. the path is followed through its symbolic links to the real file; anything but a regular file
   (a FIFO, a device, a folder) is refused before anything is locked or read. A read-only file
   (no write permission bit) is a closed evening: every writing command refuses it. A file with
   several hard links is refused for writing (replacing it would split the names);
2. an exclusive lock on the real file's sidecar ``<ledger>.lock`` is held around the whole
   read-modify-write, so two terminals recording at once never lose a hand (one lock per real
   file, whichever link it was reached through); the lock file is removed when it is released;
3. the file is read (at most :data:`safe_io.LEDGER_LIMIT` bytes) and its sha256 remembered; a
   ledger that fails to parse or fails its own check is reported (file and line) and never
   overwritten. The check is skipped only for a file whose ``digest`` matches its content:
   tarockscore wrote that content after it passed. Of such a sealed file the edit reads the
   stored hands it asks for (``record``: the last deal, a Radl still pending), each when first
   asked for, a problem named at its line as at any read;
4. the new ledger is checked: the hands it shares with the one read are not scored again (an
   appended hand is scored on its own, its Radl factor replayed from the last plain hand before
   it), and it is sealed with its digest, worked out on from the one read where hands were only
   added;
5. the whole new document is rendered with tomli-w (never appended in chunks), byte for byte,
   taking the parts whose value did not change from the file just read where that file is laid
   out as tomli-w lays it out (see :func:`ledger_text.render`), and parsed back:
   it must read as exactly the mapping of the ledger and digest that were meant, and the stored
   keys of every hand not read from the file must read as that hand. The text is parsed part by
   part (see :func:`_reads_back`); a part byte for byte as in the file just read, where it read
   as the same value, is known to read back and is not parsed again;
6. the file must still have the hash that was read, else the change is refused;
7. the text goes to a temp file in the real file's folder: write, flush, ``fsync``, the old
   mode, owner and group, rename; on any failure the temp file is removed and the old ledger is
   left as it was.
"""

# No `from __future__ import annotations` here: typing.NamedTuple compiles every string
# annotation of its fields when the class is made, at each start-up.
import contextlib
import hashlib
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import tomli_w

from tarockscore.errors import N_, LedgerChanged, LedgerError, Problem, TarockError, UnreadableLedger, message
from tarockscore.files import kinds, layout_reader, ledger_text, safe_io
from tarockscore.files.ledger_codec import ledger_from_mapping, ledger_to_mapping
from tarockscore.files.ledger_seal import Seal, file_digest, ledger_digest, sealed_ledger
from tarockscore.files.ways_out import LEDGER_CHANGED, LEDGER_EXISTS, NO_LEDGER
from tarockscore.ledger.checks import check
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.stored import parse_seated

LOCK_TIMEOUT = 30.0

HEADER = (
    "# An evening of Tarock, kept by tarockscore (format: docs/ledger-format.md).\n"
    "# Correct hands with `tarockscore undo`, `replace` or `delete`; `tarockscore check` verifies the file.\n"
    "\n"
)


class Snapshot(NamedTuple):
    """A ledger as read, with the hash of the bytes it was read from and the digest it claims."""

    path: Path
    ledger: Ledger
    sha256: str
    text: str
    data: Mapping[str, Any]  # the mapping the text parsed to
    digest: str | None = None
    laid_out_from: int | None = None  # where the layout reader found the text in its layout from
    seal: Seal | None = None  # a sealed ledger's, read for an edit (``every_hand=False``)


def render(ledger: Ledger, digest: str | None = None) -> str:
    """The whole file, rendered in one piece (with ``digest`` only for a ledger that passed its check)."""
    return HEADER + tomli_w.dumps(ledger_to_mapping(ledger, digest))


def parse(text: str, name: str) -> Ledger:
    """A ledger from the file's text; problems carry the file name and, where known, the line."""
    return _parse(text, name)[0]


class NotALedger(LedgerError):
    """A TOML file that is plainly something else: a profile or an alias file."""


class NoLedgerHere(UnreadableLedger):
    """No file at the ledger's path."""


def _what_else(data: dict[str, object]) -> str | None:
    """What a TOML file without a ledger's tables is, if it is plainly something else."""
    if any(key in data for key in ("table", "hand", "digest")):
        return None  # a ledger, however damaged: its problems are reported
    return kinds.other_kind(data, kinds.LEDGER)


def _parse(
    text: str, name: str, repairing: bool = False, every_hand: bool = True
) -> tuple[Ledger, str | None, dict[str, Any], int | None, Seal | None]:
    """The ledger, the digest the text claims for it, the mapping it parsed to, where the
    layout reader found the text in its layout from, and the seal of a sealed ledger read for an
    edit (``repairing``, ``every_hand``: see :func:`read`). Text in the layout
    tarockscore writes is read by :mod:`layout_reader`, any other by ``tomllib``."""
    found = layout_reader.loads_at(text)
    if found is not None:
        data, laid_out_from = found
    else:
        data, laid_out_from = safe_io.load_toml(text, name, LedgerError), None
    other = _what_else(data)
    if other is not None:
        raise NotALedger(N_("{name}: not a ledger: this is {other}"), name=name, other=other)
    try:
        if every_hand or repairing:
            ledger, seal = ledger_from_mapping(data, repairing=repairing), None
        else:
            ledger, seal = sealed_ledger(data, lambda problems: locate(problems, text, name))
        return ledger, file_digest(data), data, laid_out_from, seal
    except LedgerError as exc:
        raise LedgerError(locate(exc.problems, text, name)) from None


def locate(problems: Sequence[Problem], text: str, name: str) -> list[Problem]:
    """Prefix each problem with ``file:line`` of its table (``[[hand]]`` N, ``[table]``, …)."""
    heads: dict[str, list[int]] = {
        "hand": [],
        "audit": [],
        "table": [],
        "profile": [],
        "schema": [],
        "digest": [],
    }
    for number, content in enumerate(text.splitlines(), 1):
        stripped = content.strip()
        if stripped == "[[hand]]":
            heads["hand"].append(number)
        elif stripped == "[[audit]]":
            heads["audit"].append(number)
        elif stripped == "[table]":
            heads["table"].append(number)
        elif stripped == "[profile]":
            heads["profile"].append(number)
        elif re.match(r"schema\s*=", stripped):
            heads["schema"].append(number)
        elif re.match(r"digest\s*=", stripped):
            heads["digest"].append(number)
    out = []
    for p in problems:
        line: int | None = None
        m = re.match(r"(hand|audit) (\d+)", p.where)
        if m:
            index = int(m.group(2)) - 1
            lines = heads[m.group(1)]
            line = lines[index] if 0 <= index < len(lines) else None
        else:
            first = re.split(r"[.:\[ ]", p.where, maxsplit=1)[0]
            if heads.get(first):
                line = heads[first][0]
        prefix = f"{name}:{line}" if line is not None else name
        out.append(p.moved(f"{prefix}: {p.where}" if p.where else prefix))
    return out


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read(path: Path, *, repairing: bool = False, every_hand: bool = True) -> Snapshot:
    """Read and parse a ledger; whether it can be trusted is :func:`verify`'s question.

    ``repairing``: for ``tarockscore repair`` only, the stored profile document is taken as it
    stands even when its sha256 or name says otherwise. ``every_hand=False``: the hands of a
    sealed ledger are read as they are asked for (an edit's read, see
    :func:`ledger_seal.sealed_ledger`); else every stored hand is read now, and every problem of
    every hand is said together.
    """
    sha, text = _load(path)
    return _snapshot(path, sha, text, repairing, every_hand)


def _load(path: Path) -> tuple[str, str]:
    """The sha256 of the file's bytes, and its text."""
    try:
        data = safe_io.read_regular(path, "ledger", safe_io.LEDGER_LIMIT, LedgerError)
    except FileNotFoundError:
        raise NoLedgerHere(NO_LEDGER, path=path) from None
    return _sha(data), safe_io.decode(data, str(path), LedgerError)


def _snapshot(path: Path, sha: str, text: str, repairing: bool = False, every_hand: bool = True) -> Snapshot:
    ledger, digest, mapping, laid_out_from, seal = _parse(text, str(path), repairing, every_hand)
    return Snapshot(
        path=path,
        ledger=ledger,
        sha256=sha,
        text=text,
        digest=digest,
        data=mapping,
        laid_out_from=laid_out_from,
        seal=seal,
    )


def read_many(paths: Sequence[Path]) -> Iterator[tuple[Path, Snapshot | LedgerError]]:
    """:func:`read` of each path, in order: its snapshot, or the error reading it raised."""
    for path in paths:
        try:
            yield path, read(path)
        except LedgerError as exc:
            yield path, exc


def sealed(snapshot: Snapshot) -> bool:
    """Whether the file's digest matches its content: tarockscore wrote that content once it passed its check."""
    if snapshot.seal is not None:  # its digest matched as it was read
        return True
    return snapshot.digest is not None and snapshot.digest == ledger_digest(snapshot.ledger)


def verify(snapshot: Snapshot) -> None:
    """Raise unless the ledger is exactly what tarockscore wrote: its digest matches its content.

    This is hashing, not scoring: every command that reads a ledger calls it. A ledger whose
    digest does not match (a stored result, a hand or the table edited by hand, or no digest at
    all) is refused; only then are its hands re-scored, to name the hands whose stored result no
    longer follows from them. The last line says the ledger was not used (:data:`LEDGER_CHANGED`).
    """
    if sealed(snapshot):
        return
    raise LedgerError(unsealed_problems(snapshot))


def unsealed_problems(snapshot: Snapshot) -> list[Problem]:
    """What is wrong with a ledger whose digest does not match: each hand whose stored result
    differs from its re-scored one (file, line, hand), else the digest's own line; then that the
    ledger was not used."""
    name = str(snapshot.path)
    located = locate(check(snapshot.ledger), snapshot.text, name)
    if not located:
        why = (
            N_("no digest: this file was not written by this tarockscore, or its digest was removed")
            if snapshot.digest is None
            else N_("the digest does not match the content: the file was changed outside tarockscore")
        )
        located = locate([Problem.of("digest", why)], snapshot.text, name)
    located.append(Problem.of(name, LEDGER_CHANGED, name=name))
    return located


def read_trusted(path: Path) -> Snapshot:
    """:func:`read`, then :func:`verify`: what every command that uses a ledger reads it with."""
    snapshot = read(path)
    verify(snapshot)
    return snapshot


@contextlib.contextmanager
def locked(path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the ledger's exclusive lock (the real file's sidecar ``.lock``) for a read-modify-write.

    Anything but a regular file is refused before the lock is taken, so no lock file is ever
    created beside a device (``/dev/null.lock``) or a FIFO.
    """
    safe_io.check_regular(safe_io.real_path(path), "ledger", LedgerError)
    busy = message(
        N_(
            "{path}: another tarockscore command has held the ledger for {seconds} s; nothing was written, try again"
        ),
        path=path,
        seconds=round(timeout),
    )
    with safe_io.exclusive(path, timeout, busy, LedgerError):
        yield


def check_writable(path: Path) -> None:
    """Refuse to change a closed evening (a read-only file) or a file with several hard links."""
    try:
        st = os.stat(path)
    except OSError:
        return  # reading reports it
    if safe_io.read_only(st):
        raise LedgerError(
            N_(
                "{path} is read-only: the evening is closed, so nothing was written. To reopen it, make it writable again (`chmod u+w {path}`, or untick read-only in its properties)"
            ),
            path=path,
        )
    if st.st_nlink > 1:
        raise LedgerError(safe_io.hard_link_message(path, st.st_nlink, "ledger"))


def _current_sha(path: Path) -> str | None:
    try:
        return _sha(safe_io.read_regular(path, "ledger", safe_io.LEDGER_LIMIT, LedgerError))
    except FileNotFoundError:
        return None


def write_text(path: Path, text: str, expected_sha: str | None) -> None:
    """Replace the file atomically, if it still has ``expected_sha`` (None: must not exist yet)."""
    current = _current_sha(path)
    if current != expected_sha:
        if expected_sha is None:
            raise LedgerError(N_("{path} already exists; nothing was written"), path=path)
        if current is None:
            raise LedgerChanged(N_("{path} was removed since it was read; nothing was written"), path=path)
        raise LedgerChanged(
            N_(
                "{path} was changed by another program since it was read; nothing was written. Run the command again to apply it to the ledger as it is now"
            ),
            path=path,
        )
    safe_io.atomic_write(path, text.encode("utf-8"), LedgerError, "ledger")


def save(
    path: Path,
    ledger: Ledger,
    expected_sha: str | None,
    checked: Ledger | None = None,
    read_from: Snapshot | None = None,
) -> None:
    """Check and seal, render, prove the text reads back the same, then write it atomically.

    ``checked``: a ledger that passed its check (the one read); the leading hands ``ledger``
    shares with it, at the same table under the same profile, are not scored again, and their
    stored keys are known to read as their hands. ``read_from``: the file as read; the parts of
    the new text whose value did not change are taken from its text rather than rendered again
    (where it is in tomli-w's layout), and parts the same as its parts need not be parsed back.
    """
    shared = _shared_hands(checked, ledger)
    problems = check(ledger, shared)
    if problems:
        raise LedgerError(
            [
                *problems,
                Problem.of(
                    str(path),
                    N_("the new ledger fails its own check (a bug in tarockscore); nothing was written"),
                ),
            ]
        )
    digest = ledger_digest(ledger, read_from.seal if read_from is not None else None)
    old: tuple[str, Mapping[str, Any]] | None = None
    parsed: tuple[Ledger, Mapping[str, Any]] | None = None
    if read_from is not None:
        old, parsed = (read_from.text, read_from.data), (read_from.ledger, read_from.data)
    mapping = ledger_to_mapping(ledger, digest, parsed)
    laid_out_from = read_from.laid_out_from if read_from is not None else None
    text = ledger_text.render(HEADER, mapping, old, laid_out_from)
    if not _reads_back(text, mapping, ledger, shared, read_from):
        raise LedgerError(
            N_(
                "{path}: the rendered ledger does not read back the same (a bug in tarockscore); nothing was written"
            ),
            path=path,
        )
    write_text(path, text, expected_sha)


def _reads_back(
    text: str, mapping: Mapping[str, Any], ledger: Ledger, shared: int, read_from: Snapshot | None = None
) -> bool:
    """Whether ``text`` reads as exactly ``mapping``, and the stored keys of every hand after the
    first ``shared`` (those read from the file already) read as the hand meant."""
    try:
        old = (read_from.text, read_from.data) if read_from is not None else None
        if not text_reads_as(text, mapping, old):
            return False
        for entry in ledger.hands[shared:]:
            if parse_seated(entry.keys, ledger.profile, ledger.players) != entry.hand:
                return False
    except TarockError:
        return False
    return True


def text_reads_as(
    text: str, mapping: Mapping[str, Any], read: tuple[str, Mapping[str, Any]] | None = None
) -> bool:
    """Whether ``text`` parses to ``mapping``: part by part (:func:`ledger_text.parts`), a part the same as
    in ``read`` (a text and the mapping it parsed to), where it read as the same value, taken as
    read; else whole."""
    split = ledger_text.parts(text)
    if split is None:
        return safe_io.load_toml(text, "", LedgerError) == mapping
    lead, parts = split
    known: dict[tuple[str, int], str] = {}
    old = read[1] if read is not None else None
    if read is not None:
        old_split = ledger_text.parts(read[0])
        if old_split is not None:
            known = {(name, index): part for name, index, _aot, part in ledger_text.placed(old_split[1])}
    tables = {name for name, _aot, _part in parts}
    top = safe_io.load_toml(lead, "", LedgerError)
    if top != {k: v for k, v in mapping.items() if k not in tables} or tables & set(top):
        return False
    counts: dict[str, int] = {}
    for name, index, aot, part in ledger_text.placed(parts):
        counts[name] = index + 1
        value = mapping.get(name)
        if aot:
            if not isinstance(value, list) or index >= len(value):
                return False
            value = value[index]
        elif index > 0:
            return False
        if (
            known.get((name, index)) == part
            and old is not None
            and ledger_text.old_value(old, name, aot, index) == value
        ):
            continue  # read from the file just now as this very value
        if safe_io.load_toml(part, "", LedgerError) != {name: [value] if aot else value}:
            return False
    return all(not isinstance(mapping[n], list) or counts[n] == len(mapping[n]) for n in tables)


def _shared_hands(checked: Ledger | None, ledger: Ledger) -> int:
    """How many leading hands ``ledger`` has in common with ``checked``, if at the same table and profile."""
    if checked is None or checked.table.players != ledger.table.players:
        return 0
    if checked.table.profile != ledger.table.profile:
        return 0
    n = 0
    for old, new in zip(checked.hands, ledger.hands, strict=False):
        if old is not new and old != new:
            break
        n += 1
    return n


def remove_stale_temp_files(path: Path) -> None:
    """Remove temp files a killed writer left behind; call only while holding the lock.

    Every writer holds the lock while its temp file exists, so under the lock any of this
    program's own temp names (``.NAME.XXXXXXXX.tmp``) beside the ledger belongs to a process that
    died mid-write. Nothing else is touched.
    """
    safe_io.remove_stale_temps(path)


def create(path: Path, ledger: Ledger) -> None:
    """Write a new ledger; refuse to overwrite an evening already kept at ``path``."""
    with locked(path):
        remove_stale_temp_files(path)
        if path.exists():
            raise LedgerError(LEDGER_EXISTS, path=path)
        save(path, ledger, None)


def update(
    path: Path, change: Callable[[Ledger], Ledger], expected_sha: str | None = None
) -> tuple[Ledger, Ledger]:
    """Read, check, change and write the ledger under its lock; the ledger before and after.

    ``expected_sha``: the hash of an earlier read (a guided entry that asked questions in
    between); if the file changed since, the change is refused.
    """
    with locked(path):
        remove_stale_temp_files(path)
        check_writable(path)
        snapshot = read(path, every_hand=False)
        if expected_sha is not None and snapshot.sha256 != expected_sha:
            raise LedgerChanged(
                N_(
                    "{path} changed since it was read (another terminal recorded or corrected a hand); nothing was written. Run the command again"
                ),
                path=path,
            )
        verify(snapshot)
        new = change(snapshot.ledger)
        save(path, new, snapshot.sha256, checked=snapshot.ledger, read_from=snapshot)
        return snapshot.ledger, new


def repair(path: Path, change: Callable[[Ledger], Ledger], write: bool) -> tuple[Ledger, Ledger]:
    """``tarockscore repair``: the ledger read as it stands (its stored profile taken as it is),
    changed by ``change`` (every hand re-scored), and written, sealed, only if ``write``."""
    if not write:
        snapshot = read(path, repairing=True)
        return snapshot.ledger, change(snapshot.ledger)
    with locked(path):
        remove_stale_temp_files(path)
        check_writable(path)
        snapshot = read(path, repairing=True)
        new = change(snapshot.ledger)
        save(path, new, snapshot.sha256)
        return snapshot.ledger, new
