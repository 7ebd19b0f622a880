"""The ledger's store: read and verify the log, fold it, append to it under the lock, convert an
older ledger, repair one changed outside tarockscore (I/O layer).

Safety, in the order a change goes through (the file operations are :mod:`safe_io`'s):

1. the path is followed through its symbolic links to the real file; anything but a regular file
   is refused before anything is locked or read. A read-only file is a closed evening; a file
   with several hard links is refused for writing;
2. an exclusive lock on the real file's sidecar ``<ledger>.lock`` is held around the whole
   read-append, so two terminals recording at once never lose a hand;
3. the file is read (at most :data:`safe_io.LEDGER_LIMIT` bytes), its chain followed from the
   header through every entry (:mod:`ledger_log`): an entry that no longer fits is named and the
   ledger is not used. An append torn by a crash after the last whole entry is not part of the
   log, and is cut off by the next write. Where the file is byte for byte one this store wrote
   or read before (its sha256 is in the fold cache), ``record`` reads only its header and takes
   the end of the evening from the cache;
4. the change is one new entry: rendered, read back as exactly the entry meant, and appended at
   the end of the last whole entry of the file, which must still have the length it was read
   with; written, fsync'd and read back, else cut back to where it was;
5. a ledger of schema 1 is converted on its first write: the whole new file (the header, an
   entry ``convert`` holding the old evening, then the change) goes to a temp file in the real
   file's folder, is fsync'd and renamed over the old one.
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

from tarockscore.errors import N_, Collector, LedgerChanged, LedgerError, Problem, UnreadableLedger, message
from tarockscore.files import fold_cache, kinds, ledger_codec, ledger_log, safe_io
from tarockscore.files.ways_out import LEDGER_CHANGED, LEDGER_EXISTS, NO_LEDGER
from tarockscore.ledger.checks import check
from tarockscore.ledger.model import Entry, Ledger, Table, Tip
from tarockscore.ledger.operations import tip as tip_of

LOCK_TIMEOUT = 30.0


class Snapshot(NamedTuple):
    """A ledger as read: the evening, the sha256 of the file's bytes, its text, its head (the hash
    of its last entry), its schema, the bytes of its whole entries, and what does not fit."""

    path: Path
    ledger: Ledger
    sha256: str
    text: str
    data: Mapping[str, Any]  # schema 2: the header; schema 1: the whole mapping
    head: str
    schema: int
    size: int  # bytes of the file up to the end of its last whole entry
    problems: tuple[Problem, ...] = ()  # what verify raises: entries changed outside tarockscore
    events: tuple[Any, ...] = ()
    chain: ledger_log.Chain | None = None


class Recorded(NamedTuple):
    """A hand appended: the table, the end of the evening before and after it, its score, the head."""

    table: Table
    before: Tip
    after: Tip
    score: Any
    head: str
    entries: int  # of the log, with the new one


class NotALedger(LedgerError):
    """A TOML file that is plainly something else: a profile or an alias file."""


class NoLedgerHere(UnreadableLedger):
    """No file at the ledger's path."""


def _what_else(data: Mapping[str, object]) -> str | None:
    if any(key in data for key in ("table", "hand", "digest", "event")):
        return None  # a ledger, however damaged: its problems are reported
    return kinds.other_kind(dict(data), kinds.LEDGER)


locate = ledger_log.locate
render = ledger_log.render
from_mapping = ledger_log.from_mapping
parse = ledger_log.parse_file
HEADER = ledger_log.HEADER


# -- reading ----------------------------------------------------------------------------------


def _load(path: Path) -> bytes:
    try:
        return safe_io.read_regular(path, "ledger", safe_io.LEDGER_LIMIT, LedgerError)
    except FileNotFoundError:
        raise NoLedgerHere(NO_LEDGER, path=path) from None


def read(path: Path, *, repairing: bool = False, upto: int | None = None) -> Snapshot:
    """Read, follow the chain and fold a ledger; whether it can be trusted is :func:`verify`'s
    question. ``repairing``: for ``tarockscore repair`` only, the stored profile document is
    taken as it stands. ``upto``: the evening as of its first so many entries."""
    raw = _load(path)
    return _snapshot(path, raw, repairing, upto)


def _snapshot(path: Path, raw: bytes, repairing: bool = False, upto: int | None = None) -> Snapshot:
    name = str(path)
    text = safe_io.decode(raw, name, LedgerError)
    sha = hashlib.sha256(raw).hexdigest()
    log = ledger_log.parse(text, lambda t: safe_io.load_toml(t, name, LedgerError))
    other = _what_else(log.header)
    if other is not None and not log.events:
        raise NotALedger(N_("{name}: not a ledger: this is {other}"), name=name, other=other)
    try:
        if log.header.get("schema") == ledger_codec.OLD_SCHEMA:
            return _old(
                path,
                raw,
                sha,
                text,
                {**log.header, **({"event": log.events} if log.events else {})},
                repairing,
            )
        return _new(path, raw, sha, text, log, repairing, upto)
    except LedgerError as exc:
        raise LedgerError(locate(exc.problems, text, name)) from None


def _new(
    path: Path, raw: bytes, sha: str, text: str, log: ledger_log.Log, repairing: bool, upto: int | None
) -> Snapshot:
    pin = Collector()
    schema, table = ledger_codec.read_header(log.header, False, pin)
    found = ledger_log.chain(log.header, log.events, pin_broken=table is None)
    problems = Collector()
    if table is None:
        if not (repairing or found.header_vouched):
            problems.problems += pin.problems
            problems.raise_if_any(LedgerError)
        schema, table = ledger_codec.read_header(log.header, True, problems)
        problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None raised
    for key in sorted(set(log.header) - {"schema", "table", "profile"}):
        problems.add(
            key,
            N_("unknown key; allowed here: {allowed}{hint}"),
            allowed="schema, table, profile, event",
            hint="",
        )
    problems.raise_if_any(LedgerError)
    ledger = ledger_log.fold(table, log.events, upto)
    said = ledger_log.break_problems(found.breaks, log.events)
    size = len(raw) - len(text[log.whole :].encode("utf-8"))
    return Snapshot(
        path, ledger, sha, text, log.header, found.head, schema, size, tuple(said), tuple(log.events), found
    )


def _old(path: Path, raw: bytes, sha: str, text: str, data: Mapping[str, Any], repairing: bool) -> Snapshot:
    """A ledger of schema 1: read whole; sealed where its digest matches (docs/ledger-format.md)."""
    ledger = ledger_codec.read_old(data, repairing=repairing)
    claimed = data.get("digest")
    said: tuple[Problem, ...] = ()
    if not isinstance(claimed, str) or claimed != ledger_codec.old_digest(ledger):
        found = check(ledger)
        if not found:
            why = (
                N_("no digest: this file was not written by this tarockscore, or its digest was removed")
                if not isinstance(claimed, str)
                else N_("the digest does not match the content: the file was changed outside tarockscore")
            )
            found = [Problem.of("digest", why)]
        said = tuple(found)
    return Snapshot(path, ledger, sha, text, data, sha, ledger_codec.OLD_SCHEMA, len(raw), said)


def read_many(paths: Sequence[Path]) -> Iterator[tuple[Path, Snapshot | LedgerError]]:
    """:func:`read` of each path, in order: its snapshot, or the error reading it raised."""
    for path in paths:
        try:
            yield path, read(path)
        except LedgerError as exc:
            yield path, exc


def sealed(snapshot: Snapshot) -> bool:
    """Whether the ledger is as tarockscore wrote it: every entry fits the chain (schema 1: the digest matches)."""
    return not snapshot.problems


def unsealed_problems(snapshot: Snapshot) -> list[Problem]:
    """What does not fit, each at its file and line; then that the ledger was not used."""
    name = str(snapshot.path)
    located = locate(list(snapshot.problems), snapshot.text, name)
    located.append(Problem.of(name, LEDGER_CHANGED, name=name))
    return located


def verify(snapshot: Snapshot) -> None:
    """Raise unless the ledger is exactly what tarockscore wrote: every entry of the chain fits
    (hashing, not scoring: every command that reads a ledger calls it); the first entry that no
    longer fits is named, with the hand it holds."""
    if snapshot.problems:
        raise LedgerError(unsealed_problems(snapshot))


def read_trusted(path: Path) -> Snapshot:
    """:func:`read`, then :func:`verify`: what every command that uses a ledger reads it with.
    The end of the evening read goes to the fold cache, for the next ``record``."""
    snapshot = read(path)
    verify(snapshot)
    size = len(snapshot.text.encode("utf-8"))
    if snapshot.schema == ledger_codec.SCHEMA and snapshot.size == size and fold_cache.where() is not None:
        fold_cache.put(snapshot.sha256, snapshot.head, size, len(snapshot.events), tip_of(snapshot.ledger))
    return snapshot


def hands_since(path: Path, head: str) -> tuple[Snapshot, int | None, list[int], list[Any]]:
    """The ledger now, how many entries it had at ``head`` (a hash or its first digits; None: no
    entry of the chain has it), the numbers of the hands of then that differ now, and the entries since."""
    snapshot = read_trusted(path)
    wanted = head.strip().lower()
    found: int | None = None
    if len(wanted) >= 4 and re.fullmatch(r"[0-9a-f]+", wanted):
        if snapshot.chain is not None and snapshot.chain.header.startswith(wanted):
            found = 0
        for k, event in enumerate(snapshot.events, 1):
            if str(event.get("chain", {}).get("hash", "")).startswith(wanted):
                found = k
    if found is None:
        return snapshot, None, [], []
    _schema, table = ledger_codec.read_header(snapshot.data, True, Collector())
    assert table is not None  # the ledger was read from this very header
    then = ledger_log.fold(table, snapshot.events, found)
    now = {e.id: e for e in snapshot.ledger.hands}
    differ = [
        n
        for n, e in enumerate(then.hands, 1)
        if (o := now.get(e.id)) is None or (o.keys, o.result) != (e.keys, e.result)
    ]
    return snapshot, found, differ, list(snapshot.events[found:])


# -- writing ----------------------------------------------------------------------------------


@contextlib.contextmanager
def locked(path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the ledger's exclusive lock (the real file's sidecar ``.lock``) for a read-append."""
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


def write_text(path: Path, text: str, expected_sha: str | None) -> None:
    """Replace the file atomically, if it still has ``expected_sha`` (None: must not exist yet)."""
    try:
        current: str | None = hashlib.sha256(_load(path)).hexdigest()
    except NoLedgerHere:
        current = None
    if current != expected_sha:
        if expected_sha is None:
            raise LedgerError(N_("{path} already exists; nothing was written"), path=path)
        if current is None:
            raise LedgerChanged(N_("{path} was removed since it was read; nothing was written"), path=path)
        raise LedgerChanged(_MOVED, path=path)
    _limit(path, len(text.encode("utf-8")))
    safe_io.atomic_write(path, text.encode("utf-8"), LedgerError, "ledger")


def _limit(path: Path, size: int) -> None:
    """Never write a ledger larger than a ledger may be read."""
    if size > safe_io.LEDGER_LIMIT:
        raise LedgerError(
            N_("{path}: the ledger would grow past {limit}, the most a ledger may be; nothing was written"),
            path=path,
            limit=safe_io.size_text(safe_io.LEDGER_LIMIT),
        )


def remove_stale_temp_files(path: Path) -> None:
    """Remove temp files a killed writer left behind; call only while holding the lock."""
    safe_io.remove_stale_temps(path)


def create(path: Path, ledger: Ledger, at: str | None = None) -> str:
    """Write a new ledger (its hands, if it has any, in one entry ``begin``); refuse to overwrite
    an evening already kept at ``path``. The head."""
    with locked(path):
        remove_stale_temp_files(path)
        if path.exists():
            raise LedgerError(LEDGER_EXISTS, path=path)
        return save(path, ledger, None, at)


def save(path: Path, ledger: Ledger, expected_sha: str | None, at: str | None = None) -> str:
    """Write ``ledger`` as a whole new log at ``path`` (its hands, if any, in one entry ``begin``),
    refused if the file is not the one read (``expected_sha``; None: no file there). For a caller
    that holds the file's lock (a tournament's draw, which replaces the sheets of a round that has
    no hand yet). The head."""
    events = []
    if ledger.hands or ledger.audit or ledger.radl:
        events.append(ledger_log.event_of(Ledger(ledger.table), ledger, at or ledger.table.created, "begin"))
    text, head = ledger_log.whole_file(ledger, events)
    write_text(path, text, expected_sha)
    raw = text.encode("utf-8")
    fold_cache.put(hashlib.sha256(raw).hexdigest(), head, len(raw), len(events), tip_of(ledger))
    return head


class Written(NamedTuple):
    """A change written: the ledger before and after it, the head, and the entries of the log."""

    before: Ledger
    after: Ledger
    head: str
    entries: int


def _refuse_moved(path: Path, expected: str | None, head: str, sha: str) -> None:
    if expected is not None and expected not in (head, sha):
        raise LedgerChanged(
            N_(
                "{path} changed since it was read (another terminal recorded or corrected a hand); nothing was written. Run the command again"
            ),
            path=path,
        )


def _append(
    snapshot: Snapshot, raw_size: int, old: Ledger, new: Ledger, event: dict[str, Any], at: str
) -> tuple[str, int]:
    """Write ``event`` after the last whole entry (a ledger of schema 1: the whole file, converted
    first), checked to fold onto ``old`` as exactly ``new``; the new head and count of entries."""
    path = snapshot.path
    if snapshot.schema == ledger_codec.OLD_SCHEMA:
        convert = ledger_log.event_of(Ledger(old.table), old, at, "convert")
        convert["from"] = {"schema": ledger_codec.OLD_SCHEMA, "digest": str(snapshot.data.get("digest", ""))}
        text, head = ledger_log.whole_file(old, [convert, event])
        write_text(path, text, snapshot.sha256)
        return head, 2
    text, head, full = ledger_log.block(event, snapshot.head)
    _reads_as(old, full, new)
    data = text.encode("utf-8")
    _limit(path, snapshot.size + len(data))
    _add(path, raw_size, snapshot.size, data)
    return head, len(snapshot.events) + 1


_MOVED = N_(
    "{path} was changed by another program since it was read; nothing was written. Run the command again to apply it to the ledger as it is now"
)


def _add(path: Path, size: int, end: int, data: bytes) -> None:
    """Append ``data`` at ``end`` of the file read with ``size`` bytes, refused where another
    program removed or wrote the file since."""
    try:
        now = os.stat(safe_io.real_path(path)).st_size
    except FileNotFoundError:
        raise LedgerChanged(
            N_("{path} was removed since it was read; nothing was written"), path=path
        ) from None
    except OSError:
        now = size  # the append says why it cannot write
    if now != size:
        raise LedgerChanged(_MOVED, path=path)
    safe_io.append_at(path, (size, end), data, LedgerError, LedgerChanged(_MOVED, path=path))


def _reads_as(old: Ledger, full: Mapping[str, Any], new: Ledger) -> None:
    """The entry, folded onto the ledger it was made from, must make exactly ``new``, and the
    hands it adds or changes (and every one after the first of them) score what they store."""
    state = ledger_log.State(old.table, old)
    problems = Collector()
    ledger_log.apply(state, full, "entry", problems)
    changed = {h.get("id") for h in full.get("hand", ())}
    first = next((i for i, e in enumerate(new.hands) if e.id in changed), len(new.hands))
    problems.problems += check(new, first) if changed else []
    if problems.problems or state.ledger() != new:
        raise LedgerError(
            [
                *problems.problems,
                Problem.of(
                    "", N_("the new ledger fails its own check (a bug in tarockscore); nothing was written")
                ),
            ]
        )


def update(
    path: Path, change: Callable[[Ledger], Ledger], expected: str | None = None, at: str = ""
) -> Written:
    """Read, verify, change and append the ledger's new entry under its lock.

    ``expected``: the head of an earlier read (a guided entry that asked questions in between);
    if the ledger moved since, the change is refused.
    """
    with locked(path):
        remove_stale_temp_files(path)
        check_writable(path)
        raw = _load(path)
        snapshot = _snapshot(path, raw)
        _refuse_moved(path, expected, snapshot.head, snapshot.sha256)
        verify(snapshot)
        new = change(snapshot.ledger)
        event = ledger_log.event_of(snapshot.ledger, new, _stamp(snapshot.ledger, new, at))
        head, entries = _append(snapshot, len(raw), snapshot.ledger, new, event, at or event["at"])
        _remember(path, head, entries, new, snapshot.sha256)
        return Written(snapshot.ledger, new, head, entries)


def _stamp(old: Ledger, new: Ledger, at: str) -> str:
    said = new.audit[len(old.audit) :]
    if said:
        return said[-1].at
    if len(new.hands) > len(old.hands):
        return new.hands[-1].recorded
    return at


def _remember(path: Path, head: str, entries: int, ledger: Ledger, drop: str) -> None:
    """Keep the end of the evening just written in the fold cache, under the file's new sha256."""
    if fold_cache.where() is None:
        return
    with contextlib.suppress(LedgerError):
        raw = _load(path)
        fold_cache.put(hashlib.sha256(raw).hexdigest(), head, len(raw), entries, tip_of(ledger), drop)


def record(
    path: Path, make: Callable[[Table, Tip], tuple[Entry, Any, Tip]], expected: str | None = None
) -> Recorded:
    """Append a hand: the end of the evening taken from the fold cache where the file is one this
    store knows (else the log folded), the hand made on it by ``make``, one entry appended."""
    with locked(path):
        remove_stale_temp_files(path)
        check_writable(path)
        raw = _load(path)
        sha = hashlib.sha256(raw)
        key = sha.hexdigest()
        found = _from_cache(path, raw, key)
        if found is None:
            return _record_folded(path, raw, make, expected)
        table, end, head, entries = found
        _refuse_moved(path, expected, head, key)
        entry, score, after = make(table, end)
        event = {"kind": "record", "at": entry.recorded, "hand": [ledger_codec.hand_mapping(entry)]}
        text, new_head, full = ledger_log.block(event, head)
        state = ledger_log.State(table, Ledger(table, (end.last,) if end.last is not None else ()))
        problems = Collector()
        ledger_log.apply(state, full, "entry", problems)
        if problems.problems or list(state.hands.values())[-1] != entry:
            raise LedgerError(
                [
                    *problems.problems,
                    Problem.of(
                        "",
                        N_("the new ledger fails its own check (a bug in tarockscore); nothing was written"),
                    ),
                ]
            )
        data = text.encode("utf-8")
        _limit(path, len(raw) + len(data))
        _add(path, len(raw), len(raw), data)
        sha.update(data)
        fold_cache.put(sha.hexdigest(), new_head, len(raw) + len(data), entries + 1, after, key)
        return Recorded(table, end, after, score, new_head, entries + 1)


def _from_cache(path: Path, raw: bytes, key: str) -> tuple[Table, Tip, str, int] | None:
    """The table (from the file's header) and the end of the evening and head (from the fold
    cache) of a file whose bytes have the sha256 ``key``; None where the cache does not know it."""
    cached = fold_cache.get(key)
    if cached is None or cached.get("size") != len(raw):
        return None
    text = safe_io.decode(raw, str(path), LedgerError)
    first = text.find("\n[[event]]")
    header = safe_io.load_toml(text[: first + 1] if first >= 0 else text, str(path), LedgerError)
    _schema, table = ledger_codec.read_header(header, False, Collector())
    end = fold_cache.tip(cached, table) if table is not None else None
    if table is None or end is None:
        return None
    return table, end, str(cached.get("head")), int(cached.get("entries", 0))


def _record_folded(
    path: Path, raw: bytes, make: Callable[[Table, Tip], tuple[Entry, Any, Tip]], expected: str | None
) -> Recorded:
    snapshot = _snapshot(path, raw)
    _refuse_moved(path, expected, snapshot.head, snapshot.sha256)
    verify(snapshot)
    old = snapshot.ledger
    end = tip_of(old)
    entry, score, after = make(old.table, end)
    new = old._replace(hands=(*old.hands, entry))
    event = {"kind": "record", "at": entry.recorded, "hand": [ledger_codec.hand_mapping(entry)]}
    head, entries = _append(snapshot, len(raw), old, new, event, entry.recorded)
    _remember(path, head, entries, new, snapshot.sha256)
    return Recorded(old.table, end, after, score, head, entries)


def repair(path: Path, change: Callable[[Ledger], Ledger], write: bool, at: str = "") -> Written:
    """``tarockscore repair``: the ledger read as it stands (its stored profile taken as it is),
    changed by ``change`` (every hand re-scored), and, only with ``write``, an entry ``repair``
    appended that names each entry it found changed outside tarockscore, the head it found and
    the profile's sha256 as found."""
    if not write:
        snapshot = read(path, repairing=True)
        return Written(snapshot.ledger, change(snapshot.ledger), snapshot.head, len(snapshot.events))
    with locked(path):
        remove_stale_temp_files(path)
        check_writable(path)
        raw = _load(path)
        snapshot = _snapshot(path, raw, repairing=True)
        new = _naming(change(snapshot.ledger), snapshot)
        event = ledger_log.event_of(snapshot.ledger, new, _stamp(snapshot.ledger, new, at), "repair")
        event.update(found_of(snapshot))
        head, entries = _append(snapshot, len(raw), snapshot.ledger, new, event, event["at"])
        _remember(path, head, entries, new, snapshot.sha256)
        return Written(snapshot.ledger, new, head, entries)


def _naming(repaired: Ledger, snapshot: Snapshot) -> Ledger:
    """The repair's audit entry, naming what it found changed outside tarockscore."""
    said = [p.message for p in snapshot.problems]
    if not said or not repaired.audit:
        return repaired
    last = repaired.audit[-1]
    detail = message(N_("{detail}; found: {found}"), detail=last.detail, found="; ".join(said))
    return repaired._replace(audit=(*repaired.audit[:-1], last._replace(detail=detail)))


def found_of(snapshot: Snapshot) -> dict[str, Any]:
    """What a repair found: each entry that did not fit (its number, its hash now, the prev it should
    name; 0: the header, whose profile did not match its pin), the head, the profile's sha256."""
    out: dict[str, Any] = {"head": snapshot.head, "profile_found": snapshot.ledger.table.profile.sha256}
    chain = snapshot.chain
    if chain is not None and chain.breaks:
        out["found"] = [{"entry": k, "hash": h or "", "prev": prev} for k, _why, h, prev in chain.breaks]
    return out
