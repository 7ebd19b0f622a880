"""The ledger's store: read, verify and fold the log, append to it under the lock, convert a
schema-1 ledger on its first write, repair one changed outside tarockscore (I/O layer; the
safety rules, in the order a change goes through them, are docs/ledger-format.md's).
"""

# No `from __future__ import annotations` here: typing.NamedTuple compiles every string
# annotation of its fields when the class is made, at each start-up.
import contextlib
import hashlib
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from tarockscore.errors import N_, Collector, LedgerChanged, LedgerError, Problem, UnreadableLedger, message
from tarockscore.files import fold_cache, kinds, safe_io
from tarockscore.files import ledger_log as log
from tarockscore.files.ways_out import LEDGER_CHANGED, LEDGER_EXISTS, NO_LEDGER
from tarockscore.ledger import codec, fold
from tarockscore.ledger.checks import check, repair_carries
from tarockscore.ledger.model import Entry, Ledger, Table, Tip
from tarockscore.ledger.operations import tip as tip_of

LOCK_TIMEOUT = 30.0
_EARLY = 1 << 20  # bytes: a longer log not kept in the fold cache is read before its lock is taken
locate = log.locate
_MOVED = N_(
    "{path} was changed by another program since it was read; nothing was written. Run the command again to apply it to the ledger as it is now"
)
_REMOVED = N_("{path} was removed since it was read; nothing was written")
_OWN_CHECK = N_("the new ledger fails its own check (a bug in tarockscore); nothing was written")


class Since(NamedTuple):
    """The last entry whose hash begins with the digits asked for (0: the header), the evening
    as of it, and each entry after it (its number, ``kind`` and ``at``: a head of the first hour
    of a long evening keeps no more than that of the rest); what the repairs up to it vouched for."""

    entry: int
    then: Ledger
    after: tuple[Any, ...]
    vouched: frozenset[Any] = frozenset()


class Snapshot(NamedTuple):
    """A ledger as read: the evening, the sha256 of the file's bytes, its header (schema 1: the
    whole mapping), its head, its schema, the bytes up to the end of its last whole entry, what
    does not fit, the chain as followed, and (a read asked for a head only) :class:`Since`."""

    path: Path
    ledger: Ledger
    sha256: str
    data: Mapping[str, Any]
    head: str
    schema: int
    size: int
    problems: tuple[Problem, ...] = ()
    chain: log.Chain | None = None
    since: Since | None = None

    @property
    def text(self) -> str:
        """The file's text, read again to locate problems at their lines ("" where it cannot be)."""
        try:
            return safe_io.decode(_load(self.path), str(self.path), LedgerError)
        except LedgerError:
            return ""

    @property
    def entries(self) -> int:
        return self.chain.count if self.chain is not None else 0


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


def parse(text: str, name: str) -> Ledger:
    """The evening a file's text holds (its chain not verified); problems carry the file name and line."""
    return _snapshot(Path(name), text.encode("utf-8")).ledger


# -- reading ----------------------------------------------------------------------------------


def _load(path: Path) -> bytes:
    try:
        return safe_io.read_regular(path, "ledger", safe_io.LEDGER_LIMIT, LedgerError)
    except FileNotFoundError:
        raise NoLedgerHere(NO_LEDGER, path=path) from None


def read(
    path: Path, *, repairing: bool = False, upto: int | None = None, since: str | None = None
) -> Snapshot:
    """Read, follow the chain and fold a ledger; whether it can be trusted is :func:`verify`'s
    question. ``repairing``: the stored profile document taken as it stands (``repair``).
    ``upto``: the evening as of its first so many entries. ``since``: the first digits of a head
    (at least one): the entry that has it, found as the log is followed (:class:`Since`)."""
    return _snapshot(path, _load(path), repairing, upto, since or None)


def _header(raw: bytes, name: str) -> dict[str, Any]:
    return safe_io.load_toml(safe_io.decode(raw[: log.header_end(raw)], name, LedgerError), name, LedgerError)


def _snapshot(
    path: Path,
    raw: bytes,
    repairing: bool = False,
    upto: int | None = None,
    since: str | None = None,
    cached: bool = False,
    prior: tuple[str, Snapshot] | None = None,
) -> Snapshot:
    name = str(path)
    header = _header(raw, name)
    if log.header_end(raw) == len(raw) and not any(k in header for k in ("table", "hand", "digest", "event")):
        if (other := kinds.other_kind(dict(header), kinds.LEDGER)) is not None:
            raise NotALedger(N_("{name}: not a ledger: this is {other}"), name=name, other=other)
    try:
        if header.get("schema") == codec.OLD_SCHEMA:
            whole = safe_io.load_toml(safe_io.decode(raw, name, LedgerError), name, LedgerError)
            return _old(path, raw, whole, repairing)
        cached = cached and not (repairing or since) and upto is None and fold_cache.where() is not None
        return _walk(path, raw, header, repairing, upto, since, cached, prior)
    except UnreadableLedger:
        raise  # the TOML reader names the line itself
    except LedgerError as exc:
        raise LedgerError(locate(exc.problems, safe_io.decode(raw, name, LedgerError), name)) from None


def _walk(
    path: Path,
    raw: bytes,
    header: dict[str, Any],
    repairing: bool,
    upto: int | None,
    since: str | None,
    cached: bool,
    prior: tuple[str, Snapshot] | None = None,
) -> Snapshot:
    """The log followed entry by entry: the chain, the fold (each entry's table let go once applied),
    from where ``prior`` (an earlier read of the same file) or the fold cache left it, if they did."""
    log.utf8(raw, str(path))  # a byte that is not UTF-8 is refused, never cut off as torn
    pin, problems = Collector(), Collector()
    schema, table = codec.read_header(header, False, pin)
    chain = log.Chain(header, pin_broken=table is None)
    if table is None:
        schema, table = codec.read_header(header, True, problems)
        if table is None and not repairing:
            raise LedgerError(pin.problems)
        problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None raised
    for key in sorted(set(header) - {"schema", "table", "profile"}):
        problems.add(key, log.UNKNOWN, allowed=log.TOP_KEYS, hint="")
    problems.raise_if_any(LedgerError)
    state, size = fold.State(table), log.header_end(raw)
    key = hashlib.sha256(memoryview(raw)[:size]).hexdigest()
    if (kept := _continued(raw, prior, pin.problems or since or upto is not None)) is not None or (
        cached and not pin.problems and (kept := fold_cache.fold(key, raw, table)) is not None
    ):
        size, chain, ledger = kept
        state = fold.State(table, ledger)
    start, found, after = chain.count, None, []
    if since and chain.head.startswith(since):
        found = Since(0, state.ledger(), ())
    for k, (end, event) in enumerate(log.entries(raw, str(path), size), start + 1):
        chain.add(event)
        if upto is None or k <= upto:
            fold.apply(state, event, f"entry {k}", problems)
        if found is not None and isinstance(event, dict):  # an entry since the head asked for, said
            after.append({"entry": k, "kind": event.get("kind"), "at": event.get("at")})
        if since and chain.head.startswith(since):
            found, after = Since(k, state.ledger(), (), frozenset(chain.vouched)), []
        size = end
    if pin.problems and not (repairing or chain.header_vouched):
        raise LedgerError(pin.problems)
    problems.raise_if_any(LedgerError)
    said, sha = tuple(chain.problems()), hashlib.sha256(raw).hexdigest()
    if cached and not said and chain.count > start and state.table is table and size == len(raw):
        fold_cache.keep_fold(key, sha, size, chain.kept(), state.ledger())
    found = found._replace(after=tuple(after)) if found is not None else None
    return Snapshot(path, state.ledger(), sha, header, chain.head, schema, size, said, chain, found)


def _continued(raw: bytes, prior: tuple[str, Snapshot] | None, whole: object) -> Any:
    """Where an earlier read of the file (the sha256 of the bytes it followed, and its snapshot)
    left the fold, if the file still begins with those bytes and the read was a plain one of an
    unbroken log (``whole``: this read must follow every entry)."""
    if prior is None or whole:
        return None
    sha, snap = prior
    if snap.chain is None or snap.problems or snap.since or snap.size > len(raw):
        return None
    if hashlib.sha256(memoryview(raw)[: snap.size]).hexdigest() != sha:
        return None
    return snap.size, log.Chain.of_kept(snap.chain.kept()), snap.ledger


def _old(path: Path, raw: bytes, data: Mapping[str, Any], repairing: bool) -> Snapshot:
    """A ledger of schema 1: read whole; sealed where its digest matches (docs/ledger-format.md)."""
    ledger, sha = codec.read_old(data, repairing=repairing), hashlib.sha256(raw).hexdigest()
    said = tuple(codec.old_unsealed(data, ledger))
    return Snapshot(path, ledger, sha, data, sha, codec.OLD_SCHEMA, len(raw), said)


def verify(snapshot: Snapshot) -> None:
    """Raise unless every entry of the chain fits (hashing, not scoring), naming the first that
    does not, each at its file and line, and that the ledger was not used."""
    if snapshot.problems:
        name = str(snapshot.path)
        said = locate(list(snapshot.problems), snapshot.text, name)
        raise LedgerError([*said, Problem.of(name, LEDGER_CHANGED, name=name)])


def read_trusted(path: Path) -> Snapshot:
    """:func:`read`, then :func:`verify`; the end of the evening kept for the next ``record``."""
    snapshot = _snapshot(path, raw := _load(path), cached=True)
    verify(snapshot)
    if snapshot.chain is not None and snapshot.size == len(raw):
        fold_cache.put(snapshot.sha256, snapshot.head, snapshot.entries, tip_of(snapshot.ledger))
    return snapshot


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


def create(path: Path, ledger: Ledger, at: str | None = None) -> str:
    """Write a new ledger (its hands, if any, in one entry ``begin``), never over an evening kept at ``path``. The head."""
    with locked(path):
        safe_io.remove_stale_temps(path)
        if path.exists():
            raise LedgerError(LEDGER_EXISTS, path=path)
        return save(path, ledger, None, at)


def _begin(ledger: Ledger, at: str | None) -> list[dict[str, Any]]:
    if not (ledger.hands or ledger.audit or ledger.radl):
        return []
    return [fold.event_of(Ledger(ledger.table), ledger, at or ledger.table.created, "begin")]


def save(
    path: Path,
    ledger: Ledger,
    expected_sha: str | None,
    at: str | None = None,
    events: tuple[list[dict[str, Any]], Ledger] | None = None,
) -> str:
    """The one writer of a whole new file: ``ledger``'s header, then ``events`` (else its hands,
    marks and audit, if any, in one entry ``begin``), refused if the file is not the one read
    (``expected_sha``; None: no file there). ``events``: the entries and the evening they make.
    For a caller holding the file's lock (a new ledger, a schema-1 ledger converted, a tournament's
    draw replacing the sheets of a round that has no hand yet). The head; the end of the evening
    kept for the next ``record``."""
    entries, evening = events if events is not None else (_begin(ledger, at), ledger)
    text, head = log.whole_file(ledger, entries)
    write_text(path, text, expected_sha)
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    fold_cache.put(sha, head, len(entries), tip_of(evening), expected_sha)
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
    path: Path,
    raw: bytes,
    at: tuple[str, int],
    change: tuple[Ledger, Ledger, dict[str, Any]],
    scored: bool = True,
) -> tuple[str, str, int, dict[str, Any]]:
    """The one writer of an entry: ``event`` (the change from ``old`` to ``new``) chained on the
    head and appended at the byte given in ``at``, of the file read as ``raw``; checked first to
    fold onto ``old`` as exactly ``new`` (``scored``: and the hands it adds or changes to score
    what they store, every later hand keeping its Radl factor); refused where another program
    removed or wrote the file since. The new head, the new file's sha256 and size, the entry."""
    (head, end), (old, new, event) = at, change
    text, new_head, full = log.block(event, head)
    state, problems = fold.State(old.table, old), Collector()
    fold.apply(state, full, "entry", problems)
    changed = {h.get("id") for h in full.get("hand", ())}
    if scored and changed:
        first = next((i for i, e in enumerate(new.hands) if e.id in changed), len(new.hands))
        problems.problems += check(new, first, scored=changed)
    if problems.problems or state.ledger() != new:
        raise LedgerError([*problems.problems, Problem.of("", _OWN_CHECK)])
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
    return new_head, sha.hexdigest(), end + len(data), full


def _opened(path: Path) -> bytes:
    """Under the lock: temp files a killed writer left removed, the file checked writable and read."""
    safe_io.remove_stale_temps(path)
    check_writable(path)
    return _load(path)


def update(
    path: Path, change: Callable[[Ledger], Ledger], expected: str | None = None, at: str = ""
) -> Written:
    """Read, verify, change and append the ledger's new entry under its lock. ``expected``: the
    head of an earlier read (a guided entry that asked questions in between): if the ledger
    moved since, the change is refused."""
    early = _early(path)
    with locked(path):
        snapshot, early = _again(path, raw := _opened(path), None, early), None
        _refuse_moved(path, expected, snapshot.head, snapshot.sha256)
        verify(snapshot)
        return _write(raw, snapshot, change(snapshot.ledger), None, at)


def _early(path: Path, repairing: bool = False) -> tuple[str, Snapshot] | None:
    """The ledger read and folded before its lock is taken, so that reading a long log whole (its
    fold not kept, or kept for other bytes) holds no other command up: the sha256 of the bytes up
    to its last whole entry, and the snapshot; None where it does not read (said under the lock)."""
    try:
        check_writable(path)  # a closed evening is refused at once, under the lock, unread
        raw = _load(path)
        snapshot = _snapshot(path, raw, repairing, cached=True)
    except (LedgerError, OSError):
        return None
    whole = snapshot.size == len(raw)
    return snapshot.sha256 if whole else hashlib.sha256(
        memoryview(raw)[: snapshot.size]
    ).hexdigest(), snapshot


def _again(
    path: Path, raw: bytes, sha: str | None, early: tuple[str, Snapshot] | None, repairing: bool = False
) -> Snapshot:
    """Under the lock: the ledger as read before it where its bytes (their sha256 ``sha``, worked
    out here where the caller has not) are the same, else read on from where that read left it
    (the entries appended since), else read anew."""
    if early is not None and early[1].sha256 == (sha or hashlib.sha256(raw).hexdigest()):
        return early[1]
    return _snapshot(path, raw, repairing, cached=True, prior=early)


def _write(
    raw: bytes,
    snapshot: Snapshot,
    new: Ledger,
    kind: str | None,
    at: str,
    extra: Mapping[str, Any] | None = None,
    scored: bool = True,
) -> Written:
    """The entry a change from the evening as read to ``new`` leaves, appended (a ledger of schema
    1: converted first, the whole file written anew), and the fold and its end kept."""
    old = snapshot.ledger
    said = new.audit[len(old.audit) :]
    stamp = said[-1].at if said else new.hands[-1].recorded if len(new.hands) > len(old.hands) else at
    event = {**fold.event_of(old, new, stamp, kind), **(extra or {})}
    if snapshot.schema == codec.OLD_SCHEMA or snapshot.chain is None:
        convert = fold.event_of(Ledger(old.table), old, stamp, "convert")
        convert["from"] = {"schema": codec.OLD_SCHEMA, "digest": str(snapshot.data.get("digest", ""))}
        return Written(old, new, save(snapshot.path, old, snapshot.sha256, None, ([convert, event], new)), 2)
    head, sha, size, full = _append(
        snapshot.path, raw, (snapshot.head, snapshot.size), (old, new, event), scored
    )
    snapshot.chain.add(full)
    if new.table is old.table:
        key = hashlib.sha256(memoryview(raw)[: log.header_end(raw)]).hexdigest()
        fold_cache.keep_fold(key, sha, size, snapshot.chain.kept(), new)
    fold_cache.put(sha, head, snapshot.chain.count, tip_of(new), snapshot.sha256)
    return Written(old, new, head, snapshot.chain.count)


def record(
    path: Path, make: Callable[[Table, Tip], tuple[Entry, Any, Tip]], expected: str | None = None
) -> Recorded:
    """Append a hand: the end of the evening from the fold cache where it keeps this file's bytes
    (else the log followed and folded), the hand made on it by ``make``, one entry appended."""
    early: tuple[str, Snapshot] | None = None
    looked = False
    while True:
        with locked(path):
            raw = _opened(path)
            sha, found = hashlib.sha256(raw).hexdigest(), None
            if fold_cache.where() is not None:
                _schema, table = codec.read_header(_header(raw, str(path)), False, Collector())
                found = fold_cache.tip(sha, table) if table is not None else None
            if found is None and (looked or len(raw) < _EARLY):
                snapshot, early = _again(path, raw, sha, early), None
                _refuse_moved(path, expected, snapshot.head, sha)
                verify(snapshot)
                old, end = snapshot.ledger, tip_of(snapshot.ledger)
                entry, score, after = make(old.table, end)
                new = old._replace(hands=(*old.hands, entry))
                written = _write(raw, snapshot, new, None, entry.recorded, scored=False)  # made scored
                return Recorded(old.table, end, after, score, written.head, written.entries)
            if found is not None:
                assert table is not None  # the cache is asked only with a table
                return _on_tip(path, (raw, sha), table, found, make, expected)
        del raw  # one copy of the ledger at a time: these bytes go before it is read without the lock
        early, looked = _early(path), True  # a long log not kept in the cache


def _on_tip(
    path: Path,
    read: tuple[bytes, str],
    table: Table,
    found: tuple[str, int, Tip],
    make: Callable[[Table, Tip], tuple[Entry, Any, Tip]],
    expected: str | None,
) -> Recorded:
    """A hand appended on the end of the evening the fold cache keeps for the file's bytes."""
    (raw, sha), (head, entries, end) = read, found
    _refuse_moved(path, expected, head, sha)
    entry, score, after = make(table, end)
    old = Ledger(table, (end.last,) if end.last is not None else ())
    new = old._replace(hands=(*old.hands, entry))
    event = fold.event_of(old, new, entry.recorded)
    new_head, new_sha, _size, _full = _append(path, raw, (head, len(raw)), (old, new, event), scored=False)
    fold_cache.put(new_sha, new_head, entries + 1, after, sha)
    return Recorded(table, end, after, score, new_head, entries + 1)


def repair(path: Path, change: Callable[[Ledger], Ledger], write: bool, at: str = "") -> Written:
    """``tarockscore repair``: the ledger read as it stands (its stored profile taken as it is),
    changed by ``change`` (every hand re-scored), and, only with ``write``, an entry ``repair``
    appended that names each entry it found changed outside tarockscore, the head it found and
    the profile's sha256 as found."""
    if not write:
        snapshot = read(path, repairing=True)
        return Written(snapshot.ledger, change(snapshot.ledger), snapshot.head, snapshot.entries)
    early = _early(path, repairing=True)
    with locked(path):
        snapshot, early = _again(path, raw := _opened(path), None, early, repairing=True), None
        new = _naming(change(snapshot.ledger), snapshot)
        found = log.found_by_repair(snapshot.chain, snapshot.head, snapshot.ledger.table.profile.sha256)
        chain = snapshot.chain
        carry = repair_carries(chain.breaks, chain.said) if chain is not None else set()
        pairs = zip(snapshot.ledger.hands, new.hands, strict=True)
        if hands := [codec.hand_mapping(e) for o, e in pairs if e.id in carry or o.result != e.result]:
            found["hand"] = hands  # every hand it vouches for, re-scored, beside those it changes
        return _write(raw, snapshot, new, "repair", at, found)


def _naming(repaired: Ledger, snapshot: Snapshot) -> Ledger:
    """The repair's audit entry, naming what it found changed outside tarockscore."""
    said = [p.message for p in snapshot.problems]
    if not said or not repaired.audit:
        return repaired
    last = repaired.audit[-1]
    detail = message(N_("{detail}; found: {found}"), detail=last.detail, found="; ".join(said))
    return repaired._replace(audit=(*repaired.audit[:-1], last._replace(detail=detail)))
