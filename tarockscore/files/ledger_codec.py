"""The ledger file's content: a :class:`Ledger` to and from the mapping the TOML file holds (I/O layer).

The format is schema 1 (docs/ledger-format.md); the TOML text itself, the lock and the atomic
write are ``files.ledger_file``'s, the digest that seals a ledger ``files.ledger_seal``'s.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from tarockscore.errors import N_, Collector, LedgerError, Problem, TarockError, one_of, reason
from tarockscore.files.ways_out import (
    PROFILE_DAMAGED,
    PROFILE_EDITED,
    PROFILE_RENAMED,
    PROFILE_UNPINNED,
    PROFILE_UNREADABLE,
)
from tarockscore.ledger.model import (
    Action,
    AuditEntry,
    Entry,
    Ledger,
    ProfileRecord,
    RadlMark,
    Result,
    StoredHand,
    Table,
)
from tarockscore.ledger.settle_up import parse_stake
from tarockscore.ledger.stored import StoredDocument, parse_seated
from tarockscore.rules.hand import Hand, HandInput
from tarockscore.rules.profile import Profile
from tarockscore.rules.reader import Reader, type_name
from tarockscore.rules.text import iso_date, iso_timestamp, name_problem, text_problem

SCHEMA = 1
SEATS = (4, 5)


def table_mapping(t: Table) -> dict[str, Any]:
    table: dict[str, Any] = {"players": list(t.players), "created": t.created}
    if t.stake is not None:
        table["stake"] = str(t.stake)
    if t.date is not None:
        table["date"] = t.date
    if t.place is not None:
        table["place"] = t.place
    if t.games is not None:
        table["games"] = t.games
    return table


def ledger_to_mapping(
    ledger: Ledger, digest: str | None = None, read: tuple[Ledger, Mapping[str, Any]] | None = None
) -> dict[str, Any]:
    """The ledger as the plain mapping the TOML file holds (schema 1, docs/ledger-format.md).

    ``digest``: the :func:`ledger_digest` of a ledger that passed its check, kept in the file.
    ``read``: the ledger read from a file and the mapping that file parsed to. A hand (and the
    profile) the new ledger holds as the very object read, at the same place, whose table in
    that mapping is already the one this function makes for it, key for key in the same order,
    is taken from that mapping instead of copied again: the result is the same.
    """
    out: dict[str, Any] = {"schema": SCHEMA}
    if digest is not None:
        out["digest"] = digest
    out["table"] = table_mapping(ledger.table)
    hands = _hands_mapping(ledger.hands, read)
    if hands:
        out["hand"] = hands
    if ledger.radl:
        out["radl"] = [{"after": m.after, "hands": m.hands, "at": m.at} for m in ledger.radl]
    if ledger.audit:
        out["audit"] = [_audit_mapping(a) for a in ledger.audit]
    out["profile"] = _profile_mapping(ledger.table.profile, read)
    return out


def _hands_mapping(entries: Sequence[Entry], read: tuple[Ledger, Mapping[str, Any]] | None) -> list[Any]:
    """The ``[[hand]]`` tables; a hand's table as ``read`` where it is the one made for it."""
    old_hands: Sequence[Entry] = ()
    old_items: Sequence[Any] = ()
    if read is not None:
        old_hands = read[0].hands
        raw_hands = read[1].get("hand")
        old_items = raw_hands if isinstance(raw_hands, list) and len(raw_hands) == len(old_hands) else ()
    hands = []
    for i, e in enumerate(entries, 1):
        result = _result_mapping(e.result)
        row: dict[str, Any] = {"number": i}
        if e.id != i:  # a hand before it was undone or deleted: its id is not its number
            row["id"] = e.id
        if i <= len(old_items) and old_hands[i - 1] is e and _hand_as_read(old_items[i - 1], e, row, result):
            hands.append(old_items[i - 1])
            continue
        hands.append({**row, "recorded": e.recorded, "entry": _plain(e.keys), "result": result})
    return hands


def _result_mapping(r: Result) -> dict[str, Any]:
    result: dict[str, Any] = {}
    if r.won is not None:
        result["won"] = r.won
    result["radl"] = r.radl
    result["victory_points"] = dict(r.victory_points)
    if r.payout is not None:
        result["payout"] = dict(r.payout)
    return result


def _audit_mapping(a: AuditEntry) -> dict[str, Any]:
    item: dict[str, Any] = {"at": a.at, "action": a.action.value}
    if a.hand is not None:
        item["hand"] = a.hand
    if a.number is not None:
        item["number"] = a.number
    item["detail"] = a.detail
    if a.changed:
        item["changed"] = list(a.changed)
    if a.before is not None:
        item["before"] = _plain(a.before)
    if a.after is not None:
        item["after"] = _plain(a.after)
    return item


def _profile_mapping(p: ProfileRecord, read: tuple[Ledger, Mapping[str, Any]] | None) -> dict[str, Any]:
    """The ``[profile]`` table; the one ``read`` where it is the one made for ``p``."""
    old_profile = read[1].get("profile") if read is not None else None
    if (
        read is not None
        and read[0].table.profile is p
        and isinstance(old_profile, dict)
        and list(old_profile) == ["name", "sha256", "document"]
        and old_profile["document"] is p.document
        and _same_flat(old_profile, {"name": p.name, "sha256": p.sha256, "document": p.document})
    ):
        return old_profile
    return {"name": p.name, "sha256": p.sha256, "document": _plain(p.document)}


def _same_flat(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """The same keys in the same order, each value the same object or equal and of the same type."""
    return list(a) == list(b) and all(a[k] is b[k] or (type(a[k]) is type(b[k]) and a[k] == b[k]) for k in a)


def _hand_as_read(item: Any, e: Entry, row: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    """Whether ``item`` (a hand's table as a file was parsed) is exactly the table made for ``e``
    with ``row`` and ``result``: its stored keys the very mapping ``e`` was read with."""
    if not isinstance(item, dict) or item.get("entry") is not e.keys:
        return False
    if not _same_flat(item, {**row, "recorded": e.recorded, "entry": e.keys, "result": item.get("result")}):
        return False
    stored = item["result"]
    if not isinstance(stored, dict) or list(stored) != list(result):
        return False
    for key, value in result.items():
        if isinstance(value, dict):
            if not isinstance(stored[key], dict) or not _same_flat(stored[key], value):
                return False
        elif type(stored[key]) is not type(value) or stored[key] != value:
            return False
    return True


_LEAVES = (str, int, bool)


def _plain(value: Any) -> Any:
    """A deep copy as plain dicts and lists (what tomllib reads back)."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is dict or isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


Locate = Callable[[list[Problem]], list[Problem]]


def ledger_from_mapping(data: Mapping[str, Any], *, repairing: bool = False) -> Ledger:
    """The ledger from its file's mapping; every structural problem in one :class:`LedgerError`.

    Problems are located by key path; a hand's by ``hand N``. Every stored hand is read here,
    once, under the stored profile (its problems under ``hand N: entry``); whether the stored
    results are right is :func:`tarockscore.ledger.checks.check`'s question. The ``digest`` key
    is not part of the ledger: see :func:`tarockscore.files.ledger_seal.file_digest`.
    """
    return read_ledger(data, repairing, None)


def read_ledger(data: Mapping[str, Any], repairing: bool, later: Locate | None) -> Ledger:
    """:func:`ledger_from_mapping`; with ``later``, the stored hands are read when asked for
    (see :func:`tarockscore.files.ledger_seal.sealed_ledger`), a problem of one passed through it."""
    problems = Collector()
    top = Reader(data, "", problems)
    _check_schema(top, problems)
    top.optional_str("digest")
    tr = top.table("table")
    players = _table_players(tr, problems)
    created = tr.text("created")
    _moment(created, "table.created", problems)
    stake_text = tr.optional_str("stake")
    stake: Decimal | None = None
    if stake_text is not None:
        try:
            stake = parse_stake(stake_text)
        except ValueError as exc:
            problems.add("table.stake", reason(exc))
    date = tr.optional_str("date")
    if date is not None and not iso_date(date):
        problems.add(
            "table.date", N_("{date!r} is not a date written YYYY-MM-DD, e.g. 2025-03-14"), date=date
        )
    place = tr.optional_str("place")
    games = tr.number("games", minimum=1) if tr.has("games") else None
    if place is not None and (wrong := text_problem(place)) is not None:
        problems.add("table.place", N_("{place!r}: {wrong}"), place=place, wrong=wrong)
    tr.finish()

    pr = top.table("profile")
    name, sha, document, rules = _stored_profile(pr, repairing, problems)
    pr.finish()

    seated = rules if not problems.problems else None  # hands are read only at a sound table
    entries = _entries(_array(top, "hand", problems), players, seated, problems, later)
    _check_ids(entries, problems)
    marks = [_mark(item, i, problems) for i, item in enumerate(_array(top, "radl", problems), 1)]
    audit = [_audit(item, i, problems) for i, item in enumerate(_array(top, "audit", problems), 1)]
    top.finish()
    problems.raise_if_any(LedgerError)
    assert rules is not None  # every way of leaving it None added a problem
    table = Table(
        players=tuple(players),
        profile=ProfileRecord(name=name, sha256=sha, document=document, rules=rules),
        created=created,
        stake=stake,
        date=date,
        place=place,
        games=games,
    )
    return Ledger(
        table=table,
        hands=tuple(e for e in entries if e is not None),
        audit=tuple(a for a in audit if a is not None),
        radl=tuple(m for m in marks if m is not None),
    )


def _check_schema(top: Reader, problems: Collector) -> None:
    """Raise where the mapping is no ledger of the schema this version reads."""
    if not top.has("schema"):
        problems.add(
            "schema",
            N_("missing: this is not a tarockscore ledger (expected schema = {SCHEMA})"),
            SCHEMA=SCHEMA,
        )
        raise LedgerError(problems.problems)
    schema = top.raw("schema")
    if schema != SCHEMA or isinstance(schema, bool):
        problems.add(
            "schema",
            N_(
                "{schema!r}: this version of tarockscore reads ledger schema {SCHEMA} only; a newer tarockscore wrote this file, or it is not a ledger"
            ),
            schema=schema,
            SCHEMA=SCHEMA,
        )
        raise LedgerError(problems.problems)


def _table_players(tr: Reader, problems: Collector) -> tuple[str, ...]:
    """``table.players``: 4 or 5 different names, each one a name may be."""
    known = len(problems.problems)
    players = tr.str_list("players")
    if not tr.has("players"):
        problems.add("table.players", N_("missing (required)"))
    elif len(problems.problems) > known:
        pass  # not an array of names: said once, not again as an empty table
    elif len(players) not in SEATS or len(set(players)) != len(players):
        problems.add("table.players", N_("{list!r}: expected 4 or 5 different names"), list=list(players))
    for player in players:  # the rules a name typed with --players meets
        wrong = name_problem(player)
        if wrong is not None:
            problems.add("table.players", N_("{player!r}: {wrong}"), player=player, wrong=wrong)
    return players


def _stored_profile(
    pr: Reader, repairing: bool, problems: Collector
) -> tuple[str, str, Mapping[str, Any], Profile | None]:
    """The ``[profile]`` table: its name, its sha256, the document and the profile it builds
    (None where it builds none), the pin checked against the document (``repairing``: the
    document as it stands is the profile repaired to, its hash and name taken from it)."""
    name = pr.text("name")
    sha = pr.text("sha256")
    document = pr.raw("document")
    if not isinstance(document, dict):
        problems.add("profile.document", N_("missing: the resolved profile the evening is scored under"))
        return name, sha, {}, None
    stored = StoredDocument(document)
    actual = stored.sha256()
    named = document.get("name")
    built = Collector()  # the document's own problems, after what the pin says of it
    rules = _build(stored, built)
    if repairing:
        sha = actual
        name = named if isinstance(named, str) else name
        if rules is None:
            problems.add("profile.document", PROFILE_UNREADABLE)
    elif not sha:
        problems.add("profile.sha256", PROFILE_UNPINNED)
    elif actual != sha:
        problems.add(
            "profile.document",
            PROFILE_EDITED if rules is not None else PROFILE_DAMAGED,
            actual=actual[:12],
            stored=sha[:12],
        )
    elif named != name:
        problems.add("profile.name", PROFILE_RENAMED, name=name, named=named)
    for p in built.problems:
        problems.put(p)
    problems.dropped += built.dropped
    return name, sha, document, rules


def _check_ids(entries: Sequence[Entry | None], problems: Collector) -> None:
    """Hand ids rise from hand to hand: a hand keeps its id, and a new one gets a higher id."""
    last = 0
    for number, entry in enumerate(entries, 1):
        if entry is None:
            continue
        if entry.id <= last:
            problems.add(
                f"hand {number}: id",
                N_("{id}: expected an id above {last}, the id of the hand before it"),
                id=entry.id,
                last=last,
            )
        last = max(last, entry.id)


def _mark(item: Any, number: int, problems: Collector) -> RadlMark | None:
    """One ``[[radl]]`` table: a Radl mark set (``hands`` above 0) or struck (below 0) by hand."""
    where = f"radl {number}"
    r = _element(item, where, N_("{item!r}: expected a [[radl]] table"), problems)
    if r is None:
        return None
    after = r.number("after", minimum=0)
    hands = r.number("hands")
    if r.has("hands") and hands == 0:
        r.problems.add("hands", N_("0: expected the doubled hands set (above 0) or struck (below 0)"))
    at = r.text("at")
    _moment(at, "at", r.problems)
    return RadlMark(after=after, hands=hands, at=at) if _done(r, where, problems) else None


def _element(item: Any, where: str, expected: str, problems: Collector) -> Reader | None:
    """A reader of one element of a table array (``[[hand]]``, ``[[radl]]``, ``[[audit]]``), with
    problems of its own that :func:`_done` files under ``where``; None where it is no table."""
    if not isinstance(item, dict):
        problems.add(where, expected, item=item)
        return None
    return Reader(item, "", Collector())


def _done(r: Reader, where: str, problems: Collector) -> bool:
    """The element read: its unknown keys reported, its problems filed under ``where``; whether
    it had none."""
    r.finish()
    for p in r.problems.problems:
        problems.put(p, where)
    return not r.problems.problems


def _moment(value: str, where: str, problems: Collector) -> None:
    """A stored time must be one tarockscore writes: ``YYYY-MM-DDTHH:MM:SS`` and its UTC offset."""
    if value and not iso_timestamp(value):
        problems.add(
            where, N_("{value!r} is not a date and time written YYYY-MM-DDTHH:MM:SS+HH:MM"), value=value
        )


def _build(document: StoredDocument, problems: Collector) -> Profile | None:
    """The stored profile built, once, as the ledger is read; its problems under ``profile.document``."""
    try:
        return document.profile()
    except TarockError as exc:
        for p in exc.located("profile.document").problems:
            problems.put(p)
        return None


def _array(top: Reader, key: str, problems: Collector) -> list[Any]:
    raw = top.raw(key)
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.add(
            key, N_("{raw!r} is {kind}; expected [[{key}]] tables"), raw=raw, kind=type_name(raw), key=key
        )
        return []
    return raw


def _points_table(r: Reader, key: str, players: Iterable[str], problems: Collector) -> dict[str, int]:
    raw = r.raw(key)
    if not isinstance(raw, dict):
        problems.add(r.where(key), N_("{raw!r}: expected a table of every player's points"), raw=raw)
        return {}
    out: dict[str, int] = {}
    for p, v in raw.items():
        if isinstance(v, bool) or not isinstance(v, int):
            problems.add(
                f"{r.where(key)}.{p}", N_("{v!r} is {kind}; expected a whole number"), v=v, kind=type_name(v)
            )
        else:
            out[p] = v
    if raw.keys() != set(players):
        problems.add(
            r.where(key),
            N_("names {allowed}; expected every player at the table: {allowed2}"),
            allowed=one_of(raw),
            allowed2=one_of(players),
        )
    return out


def _entries(
    items: Sequence[Any],
    players: Sequence[str],
    rules: Profile | None,
    problems: Collector,
    later: Locate | None,
) -> list[Entry | None]:
    """Every ``[[hand]]`` table read (None: not readable). A table given twice running (a block
    copied by hand) is said once, as a copy; the hands after it are numbered as if it were not."""
    entries: list[Entry | None] = []
    copies = 0
    for i, item in enumerate(items, 1):
        if i > 1 and isinstance(item, dict) and item == items[i - 2]:
            problems.add(
                f"hand {i}",
                N_("the same [[hand]] table as hand {previous}, twice: remove one of them"),
                previous=i - 1,
            )
            copies += 1
            entries.append(None)
            continue
        entries.append(_entry(item, i, players, rules, problems, later, i - copies))
    return entries


def _entry(
    item: Any,
    number: int,
    players: Sequence[str],
    rules: Profile | None,
    problems: Collector,
    later: Locate | None = None,
    expected: int | None = None,
) -> Entry | None:
    """One ``[[hand]]`` table, the ``number``-th of the file; its hand is read under the stored
    profile (None: not readable), now, or with ``later`` when asked for (see
    :func:`read_ledger`). ``expected``: the number it should carry (``number`` less the copies
    before it)."""
    expected = number if expected is None else expected
    where = f"hand {number}"
    r = _element(item, where, N_("{item!r}: expected a [[hand]] table"), problems)
    if r is None:
        return None
    local = r.problems
    stored_number = r.number("number")
    # a number of the wrong type is said once, by the reader, not again as out of order
    if type(r.raw("number")) is int and stored_number != expected:
        local.add(
            "number",
            N_("{stored_number} out of order: this is hand {number} of the file"),
            stored_number=stored_number,
            number=expected,
        )
    hand_id = r.number("id", expected, minimum=1)
    recorded = r.text("recorded")
    _moment(recorded, "recorded", local)
    keys: HandInput = r.raw("entry")  # the hand's keys as stored: parse_seated checks them
    hand: StoredHand | None = None
    if not isinstance(keys, dict):
        local.add("entry", N_("missing: the hand as entered (hand-file keys)"))
        keys = {}
    elif rules is not None and later is not None:
        hand = StoredHand(read=functools.partial(_read_later, keys, rules, tuple(players), where, later))
    elif rules is not None:
        try:
            hand = StoredHand(parse_seated(keys, rules, players))
        except TarockError as exc:
            for p in exc.located("entry").problems:
                local.put(p)
    rr = r.table("result")
    won = rr.optional_bool("won")
    radl = rr.number("radl", 1, minimum=1)
    vp = _points_table(rr, "victory_points", players, local)
    payout = _points_table(rr, "payout", players, local) if rr.has("payout") else None
    rr.finish()
    _done(r, where, problems)
    if hand is None:
        return None
    result = Result(victory_points=vp, payout=payout, won=won, radl=radl)
    return Entry(hand, result=result, recorded=recorded, keys=keys, id=hand_id)


def _read_later(keys: HandInput, rules: Profile, players: Sequence[str], where: str, locate: Locate) -> Hand:
    """A sealed ledger's stored hand, read when first asked for; its problems as :func:`_entry` files them."""
    try:
        return parse_seated(keys, rules, players)
    except TarockError as exc:
        raise LedgerError(locate(list(exc.located(f"{where}: entry").problems))) from None


def _audit(item: Any, number: int, problems: Collector) -> AuditEntry | None:
    where = f"audit {number}"
    r = _element(item, where, N_("{item!r}: expected an [[audit]] table"), problems)
    if r is None:
        return None
    local = r.problems
    at = r.text("at")
    _moment(at, "at", local)
    action = r.choice("action", Action)
    hand = r.number("hand") if r.has("hand") else None
    hand_number = r.number("number", minimum=1) if r.has("number") else None
    detail = r.text("detail")
    changed = r.raw("changed") or []
    if not isinstance(changed, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in changed
    ):
        local.add("changed", N_("{changed!r}: expected an array of hand numbers"), changed=changed)
        changed = []
    before = r.raw("before")
    after = r.raw("after")
    for key, value in (("before", before), ("after", after)):
        if value is not None and not isinstance(value, dict):
            local.add(key, N_("{value!r} is {kind}; expected a table"), value=value, kind=type_name(value))
    _done(r, where, problems)
    return AuditEntry(
        at=at,
        action=action,
        detail=detail,
        hand=hand,
        before=before if isinstance(before, dict) else None,
        after=after if isinstance(after, dict) else None,
        changed=tuple(changed),
        number=hand_number,
    )
