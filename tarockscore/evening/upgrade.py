"""The one reader of a ledger of schema 1 (the whole evening in one document, sealed by a digest):
written anew as the log, the old file kept as ``PATH.bak`` (I/O layer; docs/ledger-format.md,
"Older ledgers").
"""

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tarockscore.errors import N_, Collector, LedgerError, Message, Problem, message
from tarockscore.evening import fold, operations
from tarockscore.evening import store as ledger_file
from tarockscore.evening.fold import check
from tarockscore.evening.model import Entry, Ledger, Table
from tarockscore.evening.radl import with_took
from tarockscore.evening.store import digest, found_by_repair
from tarockscore.io import safe_io
from tarockscore.rules.words import Reader, type_name

OLD_DIGEST = "tarockscore ledger digest 2"


class Upgraded(NamedTuple):
    """What ``upgrade`` did to a ledger (``backup`` None: it was current, nothing written)."""

    path: Path
    backup: Path | None
    hands: int
    audit: int
    head: str
    found: tuple[str, ...] = ()
    changed: tuple[int, ...] = ()


def upgrade(path: Path, at: str) -> Upgraded:
    """Convert the ledger at ``path`` to the current format, keeping the old file as ``PATH.bak``."""
    top = ledger_file.header(ledger_file.load(path), str(path))
    # a profile has a `schema = 1` of its own: it is refused as what it is, not read as an old ledger
    if top.get("schema") != ledger_file.OLD_SCHEMA or safe_io.other_kind(top, safe_io.LEDGER):
        snapshot = ledger_file.read(path)  # the current format reads, or says why not
        led = snapshot.ledger
        return Upgraded(path, None, len(led.hands), len(led.audit), snapshot.head)
    # a link's ledger is the file it points to: the copy goes there; beside any other, as it was given
    beside = safe_io.real_path(path) if path.is_symlink() else path
    backup = beside.with_name(beside.name + ".bak")
    with ledger_file.locked(path):
        raw = ledger_file.opened(path)
        name = str(path)
        text = safe_io.decode(raw, name, LedgerError)
        whole = safe_io.load_toml(text, name, LedgerError, safe_io.LEDGER)
        try:
            try:
                old = _read_old(whole)
                found = _unsealed(whole, old)
            except LedgerError as exc:  # the stored profile does not match its pin: taken as it stands
                old, found = _read_old(whole, repairing=True), list(exc.problems)
        except LedgerError as exc:
            raise LedgerError(ledger_file.locate(exc.problems, text, name)) from None
        sha = hashlib.sha256(raw).hexdigest()
        convert = fold.event_of(Ledger(old.table), old, at, "convert")
        convert["from"] = {"schema": ledger_file.OLD_SCHEMA, "digest": str(whole.get("digest", ""))}
        events, new = [convert], old
        said = tuple(  # English that says itself again in the reader's language
            message(N_("{path}: {said}"), path=p.where, said=Message(p.template or p.message, p.values))
            if p.where
            else Message(p.template or p.message, p.values)
            for p in found
        )
        if found:  # re-scored from its stored hands, as `repair --write` does
            new = ledger_file.naming(operations.repair(old, at), tuple(found))
            repair = fold.event_of(old, new, at, "repair")
            events.append({**repair, **found_by_repair(None, sha, old.table.profile.sha256)})
        if backup.exists() and not safe_io.holds(backup, raw):  # an upgrade stopped after its copy: again
            raise LedgerError(
                N_(
                    "{backup} already exists; move it away first, so that it is not overwritten; nothing was written"
                ),
                backup=backup,
            )
        safe_io.atomic_write(backup, raw, LedgerError, "ledger")
        head = ledger_file.save(path, old, sha, events=events)
    number = {e.id: i for i, e in enumerate(new.hands, 1)}
    changed = tuple(number[i] for i in new.audit[-1].changed if i in number) if found else ()
    return Upgraded(path, backup, len(new.hands), len(new.audit), head, said, changed)


def _read_old(data: Mapping[str, Any], *, repairing: bool = False) -> Ledger:
    """A ledger of schema 1 from its mapping; every problem in one :class:`LedgerError`."""
    problems = Collector()
    table = fold.read_header({**data, "schema": fold.SCHEMA}, repairing, problems)
    top = Reader(data, "", problems)
    top.optional_str("digest")
    entries = _old_hands(_array(top, "hand", problems), table, problems)
    marks = [fold.read_mark(x, f"radl {i}", problems) for i, x in enumerate(_array(top, "radl", problems), 1)]
    audit = [
        fold.read_audit(x, f"audit {i}", problems) for i, x in enumerate(_array(top, "audit", problems), 1)
    ]
    top.finish(("table", "profile", "schema"))
    problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None added a problem
    ledger = Ledger(table, tuple(filter(None, entries)), tuple(filter(None, audit)))
    for mark in filter(None, marks):
        ledger = ledger._replace(radl=(*ledger.radl, with_took(ledger, mark)))
    return ledger


def _array(top: Reader, key: str, problems: Collector) -> list[Any]:
    raw = top.raw(key)
    if raw is not None and not isinstance(raw, list):
        problems.add(
            key, N_("{raw!r} is {kind}; expected [[{key}]] tables"), raw=raw, kind=type_name(raw), key=key
        )
    return raw if isinstance(raw, list) else []


def _old_hands(items: Sequence[Any], table: Table | None, problems: Collector) -> list[Entry | None]:
    """Every ``[[hand]]`` table of a schema-1 file (None: not readable); a copied block is said once."""
    players, rules = (table.players, table.profile.rules) if table is not None else ((), None)
    entries: list[Entry | None] = []
    copies = last = 0
    for i, item in enumerate(items, 1):
        where, entry = f"hand {i}", None
        if i > 1 and isinstance(item, dict) and item == items[i - 2]:
            problems.add(
                where,
                N_("the same [[hand]] table as hand {previous}, twice: remove one of them"),
                previous=i - 1,
            )
            copies += 1
        elif (
            r := fold.element(item, where, N_("{item!r}: expected a [[hand]] table"), problems)
        ) is not None:
            stored = r.number("number")
            # a number of the wrong type is said once, by the reader, not again as out of order
            if type(r.raw("number")) is int and stored != i - copies:
                r.problems.add(
                    "number",
                    N_("{stored_number} out of order: this is hand {number} of the file"),
                    stored_number=stored,
                    number=i - copies,
                )
            entry = fold.read_hand(r, where, i - copies, players, rules, problems)
        if entry is not None:
            if entry.id <= last:
                problems.add(f"hand {i}: id", fold.ID_NOT_ABOVE, id=entry.id, last=last)
            last = max(last, entry.id)
        entries.append(entry)
    return entries


def _digest(ledger: Ledger) -> str | None:
    """The digest a schema-1 ledger was sealed with (docs/ledger-format.md); None without a JSON form."""
    hands = [
        [e.keys, [e.result.victory_points, e.result.payout, e.result.won, e.result.radl]]
        + ([e.id] if e.id != i else [])
        for i, e in enumerate(ledger.hands, 1)
    ]
    body: list[Any] = [OLD_DIGEST, fold.table_mapping(ledger.table), ledger.table.profile.sha256, hands]
    if ledger.radl:
        body.append([[m.after, m.hands, m.at] for m in ledger.radl])
    return digest(body)


def _unsealed(data: Mapping[str, Any], ledger: Ledger) -> list[Problem]:
    """Why a ledger of schema 1 is not as tarockscore sealed it (none where its digest matches)."""
    claimed = data.get("digest")
    if isinstance(claimed, str) and claimed == _digest(ledger):
        return []
    return check(ledger) or [
        Problem.of(
            "digest",
            N_("no digest: this file was not written by this tarockscore, or its digest was removed")
            if not isinstance(claimed, str)
            else N_("the digest does not match the content: the file was changed outside tarockscore"),
        )
    ]
