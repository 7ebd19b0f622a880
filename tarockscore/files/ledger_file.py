"""The ledger's store: read and verify the log, fold it, append to it under the lock, convert an
older ledger, repair one changed outside tarockscore (I/O layer).

Safety, in the order a change goes through (the file operations are :mod:`safe_io`'s):

1. the path is followed to the real file; anything but a regular file is refused before anything
   is locked or read. A read-only file is a closed evening; a file with hard links is not written;
2. an exclusive lock on the real file's sidecar ``<ledger>.lock`` is held around the whole
   read-append, so two terminals recording at once never lose a hand;
3. the file is read (at most :data:`safe_io.LEDGER_LIMIT` bytes) and walked entry by entry
   (:mod:`ledger_log`), the chain followed and the log folded: an entry that no longer fits is
   named and the ledger is not used; an append torn by a crash is cut off by the next write.
   The fold cache (:mod:`fold_cache`) stands in for the entries whose exact bytes it knows;
4. the change is one new entry: rendered, read back, folded onto the evening as read into exactly
   the evening meant, appended after the last whole entry of a file that must still have the
   length it was read with; fsync'd and read back, else cut back to where it was;
5. a ledger of schema 1 is converted on its first write: the whole new file (the header, an entry
   ``convert`` holding the old evening, then the change) goes to a temp file, fsync'd and renamed.
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
from tarockscore.files import fold_cache, kinds, safe_io
from tarockscore.files import ledger_codec as codec
from tarockscore.files import ledger_log as log
from tarockscore.files.ways_out import LEDGER_CHANGED, LEDGER_EXISTS, NO_LEDGER
from tarockscore.ledger.checks import check
from tarockscore.ledger.model import Entry, Ledger, Table, Tip
from tarockscore.ledger.operations import tip as tip_of

LOCK_TIMEOUT = 30.0
locate = log.locate
_MOVED = N_(
    "{path} was changed by another program since it was read; nothing was written. Run the command again to apply it to the ledger as it is now"
)
_REMOVED = N_("{path} was removed since it was read; nothing was written")
_OWN_CHECK = N_("the new ledger fails its own check (a bug in tarockscore); nothing was written")


class Snapshot(NamedTuple):
    """A ledger as read: the evening, the sha256 of the file's bytes, its header (schema 1: the
    whole mapping), its head, its schema, the bytes up to the end of its last whole entry, what
    does not fit, the chain as followed, and (for ``check --head`` only) its entries."""

    path: Path
    ledger: Ledger
    sha256: str
    data: Mapping[str, Any]
    head: str
    schema: int
    size: int
    problems: tuple[Problem, ...] = ()
    chain: log.Chain | None = None
    events: tuple[Any, ...] = ()

    @property
    def text(self) -> str:
        """The file's text, read again to locate problems at their lines ("" where it cannot be)."""
        try:
            return safe_io.decode(_load(self.path), str(self.path), LedgerError)
        except LedgerError:
            return ""


class Recorded(NamedTuple):
    """A hand appended: the table, the end of the evening before and after it, its score, the head."""

    table: Table
    before: Tip
    after: Tip
    score: Any
    head: str
    entries: int  # of the log, with the new one


class Written(NamedTuple):
    """A change written: the ledger before and after it, the head, and the entries of the log."""

    before: Ledger
    after: Ledger
    head: str
    entries: int


class NotALedger(LedgerError):
    """A TOML file that is plainly something else: a profile or an alias file."""


class NoLedgerHere(UnreadableLedger):
    """No file at the ledger's path."""


def render(ledger: Ledger, at: str | None = None) -> str:
    """A whole new file for ``ledger``: its header, and its hands, marks and audit in one entry ``begin``."""
    return log.whole_file(ledger, _begin(ledger, at))[0]


def from_mapping(data: Mapping[str, Any], name: str = "") -> Ledger:
    """The ledger a file's mapping holds (either schema), its chain not followed."""
    if data.get("schema") == codec.OLD_SCHEMA:
        return codec.read_old(data)
    problems = Collector()
    _schema, table = codec.read_header({k: v for k, v in data.items() if k != "event"}, False, problems)
    problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None added a problem
    events = data.get("event", [])
    return log.fold(table, events if isinstance(events, list) else [events])


def parse(text: str, name: str) -> Ledger:
    """A ledger from a file's text; problems carry the file name and, where known, the line."""
    try:
        return from_mapping(safe_io.load_toml(text, name, LedgerError), name)
    except LedgerError as exc:
        raise LedgerError(locate(exc.problems, text, name)) from None


# -- reading ----------------------------------------------------------------------------------


def _load(path: Path) -> bytes:
    try:
        return safe_io.read_regular(path, "ledger", safe_io.LEDGER_LIMIT, LedgerError)
    except FileNotFoundError:
        raise NoLedgerHere(NO_LEDGER, path=path) from None


def read(path: Path, *, repairing: bool = False, upto: int | None = None, keep: bool = False) -> Snapshot:
    """Read, follow the chain and fold a ledger; whether it can be trusted is :func:`verify`'s
    question. ``repairing``: for ``tarockscore repair`` only, the stored profile document is
    taken as it stands. ``upto``: the evening as of its first so many entries. ``keep``: the
    entries kept in the snapshot (a head looked up in the chain)."""
    return _snapshot(path, _load(path), repairing, upto, keep)


def _header(raw: bytes, name: str) -> dict[str, Any]:
    return safe_io.load_toml(safe_io.decode(raw[: log.header_end(raw)], name, LedgerError), name, LedgerError)


def _snapshot(
    path: Path,
    raw: bytes,
    repairing: bool = False,
    upto: int | None = None,
    keep: bool = False,
    cached: bool = False,
) -> Snapshot:
    name = str(path)

    def whole() -> dict[str, Any]:
        return safe_io.load_toml(safe_io.decode(raw, name, LedgerError), name, LedgerError)

    header = _header(raw, name)
    no_entries = log.header_end(raw) == len(raw)
    if no_entries and not any(k in header for k in ("table", "hand", "digest", "event")):
        other = kinds.other_kind(dict(header), kinds.LEDGER)
        if other is not None:
            raise NotALedger(N_("{name}: not a ledger: this is {other}"), name=name, other=other)
    sha = hashlib.sha256(raw).hexdigest()
    try:
        if header.get("schema") == codec.OLD_SCHEMA:
            return _old(path, raw, sha, whole(), repairing)
        return _walk(path, raw, sha, header, whole, (repairing, upto, keep, cached))
    except UnreadableLedger:
        raise  # the TOML reader names the line itself
    except LedgerError as exc:
        raise LedgerError(locate(exc.problems, safe_io.decode(raw, name, LedgerError), name)) from None


def _walk(
    path: Path,
    raw: bytes,
    sha: str,
    header: dict[str, Any],
    whole: Callable[[], object],
    how: tuple[bool, int | None, bool, bool],
) -> Snapshot:
    """The log followed entry by entry: the chain, the fold (each entry's table let go once applied)."""
    repairing, upto, keep, cached = how
    cached = cached and not (repairing or keep) and upto is None and fold_cache.where() is not None
    log.utf8(raw, str(path))  # a byte that is not UTF-8 is refused, never cut off as torn
    pin = Collector()
    schema, table = codec.read_header(header, False, pin)
    chain = log.Chain(header, pin_broken=table is None)
    problems = Collector()
    if table is None:
        schema, table = codec.read_header(header, True, problems)
        if table is None and not repairing:
            raise LedgerError(pin.problems)
        problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None raised
    for key in sorted(set(header) - {"schema", "table", "profile"}):
        problems.add(key, log.UNKNOWN, allowed=log.TOP_KEYS, hint="")
    problems.raise_if_any(LedgerError)
    state, size, events = log.State(table), log.header_end(raw), []
    key = hashlib.sha256(memoryview(raw)[:size]).hexdigest()
    if cached and not pin.problems and (kept := fold_cache.fold(key, raw, table)) is not None:
        size, chain, ledger = kept
        state = log.State(table, ledger)
    start = chain.count
    for k, (end, event) in enumerate(log.entries(raw, whole, size, start), start + 1):
        chain.add(event)
        if upto is None or k <= upto:
            log.apply(state, event, f"entry {k}", problems)
        if keep:
            events.append(event)
        size = end
    if pin.problems and not (repairing or chain.header_vouched):
        raise LedgerError(pin.problems)
    problems.raise_if_any(LedgerError)
    said = tuple(chain.problems())
    if cached and not said and chain.count > start and state.table is table and size == len(raw):
        fold_cache.keep_fold(key, sha, size, chain.kept(), state.ledger())
    return Snapshot(path, state.ledger(), sha, header, chain.head, schema, size, said, chain, tuple(events))


def _old(path: Path, raw: bytes, sha: str, data: Mapping[str, Any], repairing: bool) -> Snapshot:
    """A ledger of schema 1: read whole; sealed where its digest matches (docs/ledger-format.md)."""
    ledger = codec.read_old(data, repairing=repairing)
    claimed = data.get("digest")
    said: list[Problem] = []
    if not isinstance(claimed, str) or claimed != codec.old_digest(ledger):
        said = check(ledger) or [
            Problem.of(
                "digest",
                N_("no digest: this file was not written by this tarockscore, or its digest was removed")
                if not isinstance(claimed, str)
                else N_("the digest does not match the content: the file was changed outside tarockscore"),
            )
        ]
    return Snapshot(path, ledger, sha, data, sha, codec.OLD_SCHEMA, len(raw), tuple(said))


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
    return [
        *locate(list(snapshot.problems), snapshot.text, name),
        Problem.of(name, LEDGER_CHANGED, name=name),
    ]


def verify(snapshot: Snapshot) -> None:
    """Raise unless every entry of the chain fits (hashing, not scoring: every command that reads
    a ledger calls it); the first entry that no longer fits is named, with the hand it holds."""
    if snapshot.problems:
        raise LedgerError(unsealed_problems(snapshot))


def read_trusted(path: Path) -> Snapshot:
    """:func:`read`, then :func:`verify`; the end of the evening goes to the fold cache, for the next ``record``."""
    raw = _load(path)
    snapshot = _snapshot(path, raw, cached=True)
    verify(snapshot)
    if snapshot.chain is not None and snapshot.size == len(raw) and fold_cache.where() is not None:
        fold_cache.put(
            snapshot.sha256, snapshot.head, len(raw), snapshot.chain.count, tip_of(snapshot.ledger)
        )
    return snapshot


def hands_since(path: Path, head: str) -> tuple[Snapshot, int | None, list[int], list[Any]]:
    """The ledger now, how many entries it had at ``head`` (a hash or its first digits; None: no
    entry of the chain has it), the numbers of the hands of then that differ now, and the entries since."""
    snapshot = _snapshot(path, _load(path), keep=True)
    verify(snapshot)
    wanted, found = head.strip().lower(), None
    if len(wanted) >= 4 and re.fullmatch(r"[0-9a-f]+", wanted):
        hashes = [snapshot.chain.header if snapshot.chain else ""]
        hashes += [str(e.get("chain", {}).get("hash", "")) for e in snapshot.events]
        found = max((k for k, h in enumerate(hashes) if h.startswith(wanted)), default=None)
    if found is None:
        return snapshot, None, [], []
    _schema, table = codec.read_header(snapshot.data, True, Collector())
    assert table is not None  # the ledger was read from this very header
    then = log.fold(table, snapshot.events, found)
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
        raise LedgerChanged(_REMOVED if current is None else _MOVED, path=path)
    data = text.encode("utf-8")
    _limit(path, len(data))
    safe_io.atomic_write(path, data, LedgerError, "ledger")


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
    """Write a new ledger (its hands, if any, in one entry ``begin``), never over an evening kept at ``path``. The head."""
    with locked(path):
        remove_stale_temp_files(path)
        if path.exists():
            raise LedgerError(LEDGER_EXISTS, path=path)
        return save(path, ledger, None, at)


def _begin(ledger: Ledger, at: str | None) -> list[dict[str, Any]]:
    if not (ledger.hands or ledger.audit or ledger.radl):
        return []
    return [log.event_of(Ledger(ledger.table), ledger, at or ledger.table.created, "begin")]


def save(path: Path, ledger: Ledger, expected_sha: str | None, at: str | None = None) -> str:
    """Write ``ledger`` as a whole new log at ``path``, refused if the file is not the one read
    (``expected_sha``; None: no file there). For a caller holding the file's lock (a tournament's
    draw, which replaces the sheets of a round that has no hand yet). The head."""
    events = _begin(ledger, at)
    text, head = log.whole_file(ledger, events)
    write_text(path, text, expected_sha)
    data = text.encode("utf-8")
    _remember(hashlib.sha256(data).hexdigest(), len(data), head, len(events), ledger, None)
    return head


def _refuse_moved(path: Path, expected: str | None, head: str, sha: str) -> None:
    if expected is not None and expected not in (head, sha):
        raise LedgerChanged(
            N_(
                "{path} changed since it was read (another terminal recorded or corrected a hand); nothing was written. Run the command again"
            ),
            path=path,
        )


def _append(
    snapshot: Snapshot, raw: bytes, old: Ledger, new: Ledger, event: dict[str, Any]
) -> tuple[str, int, str, int]:
    """Write ``event`` after the last whole entry (a ledger of schema 1: the whole file, converted
    first), checked to fold onto ``old`` as exactly ``new``; the new head, count of entries, and
    the new file's sha256 and size."""
    if snapshot.schema == codec.OLD_SCHEMA:
        convert = log.event_of(Ledger(old.table), old, event["at"], "convert")
        convert["from"] = {"schema": codec.OLD_SCHEMA, "digest": str(snapshot.data.get("digest", ""))}
        text, head = log.whole_file(old, [convert, event])
        write_text(snapshot.path, text, snapshot.sha256)
        data = text.encode("utf-8")
        return head, 2, hashlib.sha256(data).hexdigest(), len(data)
    text, head, full = log.block(event, snapshot.head)
    _reads_as(old, full, new)
    if snapshot.chain is not None:
        snapshot.chain.add(full)
    return (
        head,
        (snapshot.chain.count if snapshot.chain else 0) + 1,
        *_add(snapshot.path, raw, snapshot.size, text),
    )


def _add(path: Path, raw: bytes, end: int, text: str) -> tuple[str, int]:
    """Append ``text`` at byte ``end`` of the file read as ``raw``, refused where another program
    removed or wrote the file since; the new file's sha256 and size."""
    data = text.encode("utf-8")
    _limit(path, end + len(data))
    try:
        now = os.stat(safe_io.real_path(path)).st_size
    except FileNotFoundError:
        raise LedgerChanged(_REMOVED, path=path) from None
    except OSError:
        now = len(raw)  # the append says why it cannot write
    if now != len(raw):
        raise LedgerChanged(_MOVED, path=path)
    safe_io.append_at(path, (len(raw), end), data, LedgerError, LedgerChanged(_MOVED, path=path))
    sha = hashlib.sha256(memoryview(raw)[:end])
    sha.update(data)
    return sha.hexdigest(), end + len(data)


def _reads_as(old: Ledger, full: Mapping[str, Any], new: Ledger) -> None:
    """The entry, folded onto the ledger it was made from, must make exactly ``new``, and the
    hands it adds or changes score what they store (every later hand keeping its Radl factor)."""
    state, problems = log.State(old.table, old), Collector()
    log.apply(state, full, "entry", problems)
    changed = {h.get("id") for h in full.get("hand", ())}
    first = next((i for i, e in enumerate(new.hands) if e.id in changed), len(new.hands))
    problems.problems += check(new, first, scored=changed) if changed else []
    if problems.problems or state.ledger() != new:
        raise LedgerError([*problems.problems, Problem.of("", _OWN_CHECK)])


def _remember(sha: str, size: int, head: str, entries: int, end: Ledger | Tip, drop: str | None) -> None:
    """Keep the end of the evening just written in the fold cache, under the file's sha256."""
    if fold_cache.where() is not None:
        fold_cache.put(sha, head, size, entries, end if isinstance(end, Tip) else tip_of(end), drop)


def _open(path: Path, expected: str | None, repairing: bool = False) -> tuple[bytes, Snapshot]:
    """Under the lock: the file read whole and followed, refused where it moved since ``expected``."""
    remove_stale_temp_files(path)
    check_writable(path)
    raw = _load(path)
    snapshot = _snapshot(path, raw, repairing, cached=True)
    _refuse_moved(path, expected, snapshot.head, snapshot.sha256)
    return raw, snapshot


def update(
    path: Path, change: Callable[[Ledger], Ledger], expected: str | None = None, at: str = ""
) -> Written:
    """Read, verify, change and append the ledger's new entry under its lock. ``expected``: the
    head of an earlier read (a guided entry that asked questions in between): if the ledger
    moved since, the change is refused."""
    with locked(path):
        raw, snapshot = _open(path, expected)
        verify(snapshot)
        return _write(raw, snapshot, change(snapshot.ledger), None, at)


def _write(
    raw: bytes,
    snapshot: Snapshot,
    new: Ledger,
    kind: str | None,
    at: str,
    extra: Mapping[str, Any] | None = None,
) -> Written:
    """The entry a change from the evening as read to ``new`` leaves, appended and remembered."""
    old = snapshot.ledger
    said = new.audit[len(old.audit) :]
    stamp = said[-1].at if said else new.hands[-1].recorded if len(new.hands) > len(old.hands) else at
    event = {**log.event_of(old, new, stamp, kind), **(extra or {})}
    head, entries, sha, size = _append(snapshot, raw, old, new, event)
    _remember(sha, size, head, entries, new, snapshot.sha256)
    if snapshot.chain is not None and new.table is old.table and fold_cache.where() is not None:
        key = hashlib.sha256(memoryview(raw)[: log.header_end(raw)]).hexdigest()
        fold_cache.keep_fold(key, sha, size, snapshot.chain.kept(), new)
    return Written(old, new, head, entries)


def record(
    path: Path, make: Callable[[Table, Tip], tuple[Entry, Any, Tip]], expected: str | None = None
) -> Recorded:
    """Append a hand: the end of the evening taken from the fold cache where the file is one this
    store knows (else the log followed and folded), the hand made on it by ``make``, one entry appended."""
    with locked(path):
        remove_stale_temp_files(path)
        check_writable(path)
        raw = _load(path)
        key = hashlib.sha256(raw).hexdigest()
        found = _from_cache(path, raw, key)
        if found is None:
            snapshot = _snapshot(path, raw, cached=True)
            _refuse_moved(path, expected, snapshot.head, key)
            verify(snapshot)
            old, end = snapshot.ledger, tip_of(snapshot.ledger)
            if snapshot.schema == codec.OLD_SCHEMA:
                entry, score, after = make(old.table, end)
                written = _write(raw, snapshot, old._replace(hands=(*old.hands, entry)), None, entry.recorded)
                return Recorded(old.table, end, after, score, written.head, written.entries)
            found = (
                old.table,
                end,
                snapshot.head,
                snapshot.chain.count if snapshot.chain else 0,
                snapshot.size,
            )
        table, end, head, entries, at_end = found
        _refuse_moved(path, expected, head, key)
        entry, score, after = make(table, end)
        event = {"kind": "record", "at": entry.recorded, "hand": [codec.hand_mapping(entry)]}
        text, new_head, full = log.block(event, head)
        state, problems = (
            log.State(table, Ledger(table, (end.last,) if end.last is not None else ())),
            Collector(),
        )
        log.apply(state, full, "entry", problems)
        if problems.problems or list(state.hands.values())[-1] != entry:
            raise LedgerError([*problems.problems, Problem.of("", _OWN_CHECK)])
        sha, size = _add(path, raw, at_end, text)
        _remember(sha, size, new_head, entries + 1, after, key)
        return Recorded(table, end, after, score, new_head, entries + 1)


def _from_cache(path: Path, raw: bytes, key: str) -> tuple[Table, Tip, str, int, int] | None:
    """The table (from the file's header) and the end of the evening, head and count of entries
    (from the fold cache) of a file the cache knows byte for byte; None where it does not."""
    if (cached := fold_cache.get(key)) is None or cached.get("size") != len(raw):
        return None
    _schema, table = codec.read_header(_header(raw, str(path)), False, Collector())
    if table is None or (end := fold_cache.tip(cached, table)) is None:
        return None
    return table, end, str(cached.get("head")), int(cached.get("entries", 0)), len(raw)


def repair(path: Path, change: Callable[[Ledger], Ledger], write: bool, at: str = "") -> Written:
    """``tarockscore repair``: the ledger read as it stands (its stored profile taken as it is),
    changed by ``change`` (every hand re-scored), and, only with ``write``, an entry ``repair``
    appended that names each entry it found changed outside tarockscore, the head it found and
    the profile's sha256 as found."""
    if not write:
        snapshot = read(path, repairing=True)
        return Written(
            snapshot.ledger,
            change(snapshot.ledger),
            snapshot.head,
            snapshot.chain.count if snapshot.chain else 0,
        )
    with locked(path):
        raw, snapshot = _open(path, None, repairing=True)
        new = _naming(change(snapshot.ledger), snapshot)
        found = log.found_by_repair(snapshot.chain, snapshot.head, snapshot.ledger.table.profile.sha256)
        return _write(raw, snapshot, new, "repair", at, found)


def _naming(repaired: Ledger, snapshot: Snapshot) -> Ledger:
    """The repair's audit entry, naming what it found changed outside tarockscore."""
    said = [p.message for p in snapshot.problems]
    if not said or not repaired.audit:
        return repaired
    last = repaired.audit[-1]
    detail = message(N_("{detail}; found: {found}"), detail=last.detail, found="; ".join(said))
    return repaired._replace(audit=(*repaired.audit[:-1], last._replace(detail=detail)))
