"""The ledger's store: read, follow the chain and fold the log; change it under the lock (read
it whole, fold, make the change, check that the new entry folds back, append, fsync); repair one
changed outside tarockscore (I/O layer; the safety rules are docs/ledger-format.md's).
"""

import contextlib
import hashlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from tarockscore.errors import N_, Collector, LedgerChanged, LedgerError, Problem, UnreadableLedger, message
from tarockscore.evening import fold, log
from tarockscore.evening.model import Ledger
from tarockscore.evening.operations import check
from tarockscore.io import safe_io
from tarockscore.io.ways_out import LEDGER_CHANGED, LEDGER_EXISTS, NO_LEDGER, OLD_LEDGER, OUT_OF_ORDER

LOCK_TIMEOUT = 30.0
OLD_SCHEMA = 1  # the whole evening in one document, before the log: converted by `upgrade`
locate = log.locate
_MOVED = N_(
    "{path} was changed by another program since it was read; nothing was written. Run the command again to apply it to the ledger as it is now"
)
_REMOVED = N_("{path} was removed since it was read; nothing was written")
_OWN_CHECK = N_("the new ledger fails its own check (a bug in tarockscore); nothing was written")


class Since(NamedTuple):
    """The last entry whose hash begins with the digits asked for, and the evening as of it."""

    entry: int
    then: Ledger
    vouched: frozenset[Any]
    after: list[dict[str, Any]]


class Request(NamedTuple):
    """A change asked for with a request key, as its entry holds it."""

    entry: int
    kind: str
    ids: tuple[int, ...]
    audit: int | None


class Snapshot(NamedTuple):
    """A ledger as read: the evening, the file's sha256, its head, its whole entries' bytes, the chain."""

    path: Path
    ledger: Ledger
    sha256: str
    head: str
    size: int
    problems: tuple[Problem, ...]
    chain: log.Chain
    since: Since | None
    # the file goes on past its last whole entry: an append torn by a crash, left out
    torn: bool
    # the request keys of the entries, each with the change it asked for
    requests: Mapping[str, Request]

    @property
    def text(self) -> str:
        """The file's text, read again to locate problems at their lines ("" where it cannot be)."""
        try:
            return safe_io.decode(load(self.path), str(self.path), LedgerError)
        except LedgerError:
            return ""


@dataclass(frozen=True)
class Change:
    """What an action did: the ledger before and after, the head (``resent``: made before, not written)."""

    before: Ledger
    after: Ledger
    head: str = ""
    resent: Request | None = None

    def __iter__(self) -> Iterator[Ledger]:
        return iter((self.before, self.after))

    @property
    def written(self) -> bool:
        """Whether the change wrote an entry (not when it changed nothing, nor when it was resent)."""
        return self.after is not self.before

    @property
    def said(self) -> str:
        """The audit entry the change left, as stored (a message template's text); for a change
        that changed nothing, that nothing changed and nothing was written."""
        if not self.written and self.resent is None:
            return message(N_("nothing changed; the ledger is unchanged"))
        return self.after.audit[-1].detail


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


def load(path: Path) -> bytes:
    """The ledger file's bytes, as every read of it takes them (refused past the read limit)."""
    try:
        return safe_io.read_regular(path, "ledger", safe_io.LEDGER_LIMIT, LedgerError)
    except FileNotFoundError:
        raise NoLedgerHere(NO_LEDGER, path=path) from None


def read(path: Path, *, repairing: bool = False, since: str | None = None) -> Snapshot:
    """Read, follow the chain and fold a ledger (``since``: the first digits of a head)."""
    return _snapshot(path, load(path), repairing, since or None)


def header(raw: bytes, name: str) -> dict[str, Any]:
    """The file's header (every key before its first entry), read as TOML."""
    return safe_io.load_toml(
        safe_io.decode(raw[: log.header_end(raw)], name, LedgerError), name, LedgerError, safe_io.LEDGER
    )


def seats(path: Path) -> tuple[str, ...]:
    """The seat order the file's header holds, its entries unread (a table's players never change
    after ``new``): what a player's name typed on the command line is read against."""
    table = header(load(path), str(path)).get("table")
    players = table.get("players") if isinstance(table, dict) else None
    return tuple(p for p in players if isinstance(p, str)) if isinstance(players, list) else ()


def _snapshot(path: Path, raw: bytes, repairing: bool = False, since: str | None = None) -> Snapshot:
    name = str(path)
    top = header(raw, name)
    if log.header_end(raw) == len(raw) and "table" not in top and "event" not in top:
        if (other := safe_io.other_kind(dict(top), safe_io.LEDGER)) is not None:
            raise NotALedger(N_("{name}: not a ledger: this is {other}"), name=name, other=other)
    if top.get("schema") == OLD_SCHEMA:
        raise LedgerError(OLD_LEDGER, path=path)  # converted by `upgrade` alone
    try:
        return _walk(path, raw, top, repairing, since)
    except UnreadableLedger:
        raise  # the TOML reader names the line itself
    except LedgerError as exc:
        raise LedgerError(locate(exc.problems, safe_io.decode(raw, name, LedgerError), name)) from None


def _walk(path: Path, raw: bytes, top: dict[str, Any], repairing: bool, since: str | None) -> Snapshot:
    """The log followed entry by entry: the chain, and the fold (each entry's table let go once applied)."""
    safe_io.decode(raw, str(path), LedgerError)  # a byte that is not UTF-8 is refused, never cut off as torn
    pin, problems = Collector(), Collector()
    table = fold.read_header(top, False, pin)
    chain = log.Chain(top, pin_broken=table is None)
    if table is None:
        table = fold.read_header(top, True, problems)
        if table is None and not repairing:
            raise LedgerError(pin.problems)
        problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None raised
    for key in sorted(set(top) - {"schema", "table", "profile"}):
        problems.add(key, log.UNKNOWN, allowed=log.TOP_KEYS, hint="")
    problems.raise_if_any(LedgerError)
    state, size = fold.State(Ledger(table)), log.header_end(raw)
    found = Since(0, state.ledger(), frozenset(), []) if since and chain.head.startswith(since) else None
    requests: dict[str, Request] = {}
    for k, (end, event) in enumerate(log.entries(raw, str(path)), 1):
        chain.add(event)
        fold.apply(state, event, f"entry {k}", problems)
        if isinstance(event, dict) and isinstance(asked := event.get("request"), str):
            requests[asked] = _request(k, event, len(state.audit))
        if found is not None and isinstance(event, dict):  # an entry since the head asked for, said
            found.after.append({"entry": k, "kind": event.get("kind"), "at": event.get("at")})
        if since and chain.head.startswith(since):
            found = Since(k, state.ledger(), frozenset(chain.vouched), [])
        size = end
    if pin.problems and not (repairing or chain.header_vouched):
        raise LedgerError(pin.problems)
    if problems.problems and any(why == "order" for _k, why, *_ in chain.breaks):
        raise LedgerError([*chain.problems(), *problems.problems, Problem.of("", OUT_OF_ORDER)])
    problems.raise_if_any(LedgerError)
    said, sha = tuple(chain.problems()), hashlib.sha256(raw).hexdigest()
    torn = size < len(raw)
    return Snapshot(path, state.ledger(), sha, chain.head, size, said, chain, found, torn, requests)


def _request(k: int, event: Mapping[str, Any], audited: int) -> Request:
    ids = tuple(log.hand_ids(event.get("hand")))
    return Request(k, str(event.get("kind")), ids, audited - 1 if event.get("audit") else None)


def said_on_reading(snapshot: Snapshot) -> tuple[str, ...]:
    """What a read says beside its sheet: which hands a repair covers, a last entry cut short."""
    said = []
    if (repaired := snapshot.chain.covered()) is not None:
        said.append(message(N_("{path}: {said}"), path=snapshot.path, said=repaired))
    if snapshot.torn:
        said.append(
            message(
                N_(
                    "{path}: its last entry is cut short, a write that did not finish: it is left out, and the next change cuts it off"
                ),
                path=snapshot.path,
            )
        )
    return tuple(said)


def verify(snapshot: Snapshot) -> None:
    """Raise unless every entry of the chain fits, naming the first that does not."""
    if snapshot.problems:
        name = str(snapshot.path)
        said = locate(list(snapshot.problems), snapshot.text, name)
        raise LedgerError([*said, Problem.of(name, LEDGER_CHANGED, name=name)])


def read_trusted(path: Path) -> Snapshot:
    snapshot = read(path)
    verify(snapshot)
    return snapshot


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
    closed = N_(
        "{path} is read-only: the evening is closed, so nothing was written. To reopen it, make it writable again (`chmod u+w {path}`, or untick read-only in its properties)"
    )
    st = safe_io.open_for_change(path, message(closed, path=path), LedgerError)
    if st is not None and st.st_nlink > 1:
        raise LedgerError(safe_io.hard_link_message(path, st.st_nlink, "ledger"))


def write_text(path: Path, text: str, expected_sha: str | None) -> None:
    """Replace the file atomically, if it still has ``expected_sha`` (None: must not exist yet)."""
    try:
        current: str | None = hashlib.sha256(load(path)).hexdigest()
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
    events: list[dict[str, Any]] | None = None,
) -> str:
    """The one writer of a whole new file, under its lock, refused if the file is not the one read."""
    text, head = log.whole_file(ledger, events if events is not None else _begin(ledger, at))
    write_text(path, text, expected_sha)
    return head


def opened(path: Path) -> bytes:
    """Under the lock: temp files a killed writer left removed, the file checked writable and read."""
    safe_io.remove_stale_temps(path)
    check_writable(path)
    return load(path)


def update(
    path: Path,
    change: Callable[[Ledger], Ledger],
    expected: str | None = None,
    at: str = "",
    scored: bool = True,
    request: str | None = None,
) -> Change:
    """Under the ledger's lock: read, fold and verify it, change it, and append the change's entry."""
    with locked(path):
        raw = opened(path)
        snapshot = _snapshot(path, raw)
        if request is not None and (done := snapshot.requests.get(request)) is not None:
            verify(snapshot)
            return Change(snapshot.ledger, snapshot.ledger, snapshot.head, done)
        if expected is not None and expected not in (snapshot.head, snapshot.sha256):
            raise LedgerChanged(
                N_(
                    "{path} changed since it was read (another terminal recorded or corrected a hand); nothing was written. Run the command again"
                ),
                path=path,
            )
        verify(snapshot)
        extra = {"request": request} if request is not None else None
        new = change(snapshot.ledger)
        if new is snapshot.ledger:  # a change that changes nothing (a hand replaced by itself)
            return Change(new, new, snapshot.head)
        return _write(raw, snapshot, new, None, at, extra, scored)


def _write(
    raw: bytes,
    snapshot: Snapshot,
    new: Ledger,
    kind: str | None,
    at: str,
    extra: Mapping[str, Any] | None = None,
    scored: bool = True,
) -> Change:
    """The one writer of an entry: the one a change from the evening as read to ``new`` leaves,
    checked first to fold onto it as exactly ``new``, then appended."""
    old, path = snapshot.ledger, snapshot.path
    said = new.audit[len(old.audit) :]
    stamp = said[-1].at if said else new.hands[-1].recorded if len(new.hands) > len(old.hands) else at
    event = {**fold.event_of(old, new, stamp, kind), **(extra or {})}
    text, head, full = log.block(event, snapshot.head)
    state, problems = fold.State(old), Collector()
    fold.apply(state, full, "entry", problems)
    changed = {h.get("id") for h in full.get("hand", ())}
    if scored and changed:
        first = next((i for i, e in enumerate(new.hands) if e.id in changed), len(new.hands))
        problems.problems += check(new, first, scored=changed)
    if problems.problems or state.ledger() != new:
        raise LedgerError([*problems.problems, Problem.of("", _OWN_CHECK)])
    data = text.encode("utf-8")
    _limit(path, snapshot.size + len(data))
    try:
        safe_io.append_at(path, (raw, snapshot.size), data, LedgerError, LedgerChanged(_MOVED, path=path))
    except FileNotFoundError:
        raise LedgerChanged(_REMOVED, path=path) from None
    return Change(old, new, head)


def repair(path: Path, change: Callable[[Ledger], Ledger], write: bool, at: str = "") -> Change:
    """``tarockscore repair``: re-score the ledger as it stands; with ``write``, append a ``repair`` entry."""
    if not write:
        snapshot = read(path, repairing=True)
        return Change(snapshot.ledger, change(snapshot.ledger), snapshot.head)
    with locked(path):
        raw = opened(path)
        snapshot = _snapshot(path, raw, repairing=True)
        new = naming(change(snapshot.ledger), snapshot.problems)
        found = log.found_by_repair(snapshot.chain, snapshot.head, snapshot.ledger.table.profile.sha256)
        carry = snapshot.chain.carried()
        pairs = zip(snapshot.ledger.hands, new.hands, strict=True)
        if hands := [fold.hand_mapping(e) for o, e in pairs if e.id in carry or o.result != e.result]:
            found["hand"] = hands  # every hand it vouches for, re-scored, beside those it changes
        return _write(raw, snapshot, new, "repair", at, found)


def naming(repaired: Ledger, found: tuple[Problem, ...]) -> Ledger:
    """The repair's audit entry, naming what it ``found`` changed outside tarockscore."""
    said = [p.message for p in found]
    if not said or not repaired.audit:
        return repaired
    last = repaired.audit[-1]
    detail = message(N_("{detail}; found: {found}"), detail=last.detail, found="; ".join(said))
    return repaired._replace(audit=(*repaired.audit[:-1], last._replace(detail=detail)))
