"""The evening a ledger's log makes (core layer, pure): each entry read, checked and applied, the
entry a change leaves, and the ledger's own check, every stored result scored afresh."""

from collections.abc import Container, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from tarockscore.errors import (
    N_,
    Collector,
    LedgerError,
    Message,
    Problem,
    TarockError,
    grouped,
    message,
    one_of,
    reason,
)
from tarockscore.evening.model import (
    Action,
    AuditEntry,
    Entry,
    Ledger,
    Paper,
    ProfileRecord,
    RadlMark,
    Result,
    Table,
    next_id,
    parse_seated,
    profile_hash,
)
from tarockscore.evening.paper import paper_problems
from tarockscore.evening.radl import replay, set_by_hand, trusted_tail, with_took
from tarockscore.evening.settle import parse_stake
from tarockscore.rules.hand import Hand, HandInput
from tarockscore.rules.profile import Profile, build_profile
from tarockscore.rules.scoring import Score, score_hand
from tarockscore.rules.words import (
    MAXIMUM,
    Reader,
    iso_date,
    iso_timestamp,
    name_problems,
    short_number,
    text_problem,
    type_name,
)

# -- pin -------------------------------------------------------------------------------------------

# a stored profile that a repair re-pins (values: none; actual, stored; name, named)
PROFILE_UNPINNED = N_(
    "empty: the stored profile is not pinned by its hash, so an edit of it would go unnoticed"
)
PROFILE_EDITED = N_(
    "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited"
)
PROFILE_RENAMED = N_("{name!r}, but the stored profile document is named {named!r}: the file was edited")
# an edited stored profile that no longer builds: a repair, which takes it as it stands, cannot
# help (values: actual, stored)
PROFILE_DAMAGED = N_(
    "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited and "
    "no longer reads as a profile (its problems follow)"
)
# the same, found by a repair (values: none)
PROFILE_UNREADABLE = N_(
    "the stored profile does not read as a profile (its problems follow), so the evening cannot be "
    "re-scored under it"
)


# -- the values as the log holds them -------------------------------------------------------------

SCHEMA = 2  # the log (docs/ledger-format.md)
SEATS = (4, 5)


def _some(pairs: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """The pairs whose value is given (None and an empty ``changed`` are left out)."""
    return {k: plain(v) for k, v in pairs if v is not None and not (k == "changed" and not v)}


def table_mapping(t: Table) -> dict[str, Any]:
    stake = str(t.stake) if t.stake is not None else None
    pairs = [("players", t.players), ("created", t.created), ("stake", stake), ("date", t.date)]
    return _some([*pairs, ("place", t.place), ("games", t.games)])


def header_mapping(table: Table) -> dict[str, Any]:
    """The ledger's header as the file holds it: schema, ``[table]`` and ``[profile]``."""
    return {"schema": SCHEMA, "table": table_mapping(table), "profile": profile_mapping(table.profile)}


def profile_mapping(p: ProfileRecord) -> dict[str, Any]:
    return {"name": p.name, "sha256": p.sha256, "document": plain(p.document)}


def hand_mapping(e: Entry) -> dict[str, Any]:
    """One hand as an entry of the log stores it: its id, when it was recorded, its keys, its result."""
    return {"id": e.id, "recorded": e.recorded, "entry": plain(e.keys), "result": result_mapping(e.result)}


def result_mapping(r: Result) -> dict[str, Any]:
    return _some(
        [("won", r.won), ("radl", r.radl), ("victory_points", r.victory_points), ("payout", r.payout)]
    )


def audit_mapping(a: AuditEntry) -> dict[str, Any]:
    pairs = [("at", a.at), ("action", a.action.value), ("hand", a.hand), ("number", a.number)]
    return _some(
        [*pairs, ("detail", a.detail), ("changed", a.changed), ("before", a.before), ("after", a.after)]
    )


def plain(value: Any) -> Any:
    """A deep copy as plain dicts and lists (what tomllib reads back)."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


# -- the fold ---------------------------------------------------------------------------------------

# The kinds of entry, each with the keys of its own beside kind, at, request, removed, hand, radl,
# audit, profile and chain; one more kind is one more line here (docs/ledger-format.md, "An entry").
KINDS: dict[str, tuple[str, ...]] = {
    "record": (),
    **{a.value: () for a in Action},
    "repair": ("found", "head", "profile_found"),
    "convert": ("from",),
    "begin": (),
}


class State:
    """The evening as the fold has it so far: the table, the hands by id (in order), the audit, the marks."""

    __slots__ = ("table", "hands", "audit", "radl", "paper")

    def __init__(self, ledger: Ledger) -> None:
        self.table, self.paper = ledger.table, ledger.paper
        self.hands: dict[int, Entry] = {e.id: e for e in ledger.hands}
        self.audit, self.radl = list(ledger.audit), list(ledger.radl)

    def ledger(self) -> Ledger:
        hands, audit, radl = tuple(self.hands.values()), tuple(self.audit), tuple(self.radl)
        return Ledger(self.table, hands, audit, radl, self.paper)


def apply(
    state: State, event: Any, where: str, problems: Collector, renumbered: Mapping[int, int] | None = None
) -> None:
    """One entry applied to the evening, its stored results taken as they stand (``check`` re-scores);
    ``renumbered``: a hand's id the chain found edited, with the id it should have."""
    if not isinstance(event, dict):
        problems.add(where, N_("{item!r}: expected an [[event]] table"), item=event)
        return
    r = Reader(event, "", Collector())
    kind = r.word("kind", tuple(KINDS))
    moment(r.text("at"), "at", r.problems)
    if r.has("request"):
        key = r.text("request")  # a value of another type is refused by the reading itself
        if isinstance(event["request"], str):
            request_key(key, r.problems)
    if r.has("profile"):
        _new_profile(state, r)
    for hand_id in _list(r, "removed"):
        if not isinstance(hand_id, int) or state.hands.pop(hand_id, None) is None:
            r.problems.add("removed", N_("{id}: no hand of the evening has this id"), id=hand_id)
    _hands(state, r.raw("hand") if r.has("hand") else [], r.problems, renumbered or {}, kind == "replace")
    if r.has("paper"):  # the table's result from its paper sheet, instead of any before it
        state.paper = read_paper(r.raw("paper"), state.table.players, "paper", r.problems) or state.paper
    for i, x in enumerate(_list(r, "radl"), 1):
        if (m := read_mark(x, f"radl {i}", r.problems)) is None:
            continue
        if m.hands > 0 and (total := set_by_hand(state.radl) + m.hands) > MAXIMUM:
            r.problems.add(
                f"radl {i}: hands",
                N_(
                    "{hands}: the Radl hands set by hand this evening come to {total}; at most {maximum} in all"
                ),
                hands=m.hands,
                total=total,
                maximum=grouped(MAXIMUM),
            )
            continue
        state.radl.append(with_took(state.ledger(), m))
    state.audit += [
        a for i, x in enumerate(_list(r, "audit"), 1) if (a := read_audit(x, f"audit {i}", r.problems))
    ]
    r.raw("chain")
    r.finish(KINDS[kind] if kind in KINDS else ("found", "head", "profile_found", "from"))
    for p in r.problems.problems:
        problems.put(p, where)


# A request key: the page's own random key, or a script's; past this it is no key but a payload.
MAX_REQUEST = 200


def request_key(key: str, problems: Collector) -> None:
    """Refuse a request key no writer gives: empty, too long, or holding a control character."""
    if not key or len(key) > MAX_REQUEST or not key.isprintable():
        problems.add(
            "request",
            N_("{key!r}: expected a request key of 1 to {most} printable characters"),
            key=key[:40],
            most=MAX_REQUEST,
        )


def _list(r: Reader, key: str) -> list[Any]:
    raw = r.raw(key)
    if raw is not None and not isinstance(raw, list):
        r.problems.add(key, N_("{raw!r}: expected an array"), raw=raw)
    return raw if isinstance(raw, list) else []


def _hands(
    state: State, items: Any, problems: Collector, renumbered: Mapping[int, int], replace: bool = False
) -> None:
    """The hands an entry adds or changes; a ``replace`` entry's only change hands on the sheet."""
    if not isinstance(items, list):
        problems.add("hand", N_("{raw!r}: expected an array of tables"), raw=items)
        return
    last = next(reversed(state.hands), 0)
    seen: set[int] = set()
    table = state.table
    for i, item in enumerate(items):
        # the hand by its number, as the sheet shows it; by its place in the entry where it has none
        stored = item.get("id") if isinstance(item, dict) else None
        if (
            type(stored) is int
            and 0 < stored <= MAXIMUM
            and stored not in seen
            and stored not in renumbered
            and (stored in state.hands or stored > last)
        ):
            where = f"hand {stored}"
        else:  # an id out of order or of the wrong kind: the hand's place in its entry
            where = f"hand[{i}]"
        edited = stored if type(stored) is int and (stored < 1 or stored in renumbered) else None
        if below := edited is not None:  # said with the id its place gives it, the rest read as it stands
            nxt = renumbered.get(edited) or next_id(state.ledger())
            said = _NO_ID if edited < 1 else _EDITED_ID
            problems.add(f"{where}: id", said, id=short_number(edited), next=nxt, number=len(state.hands) + 1)
            item = {**item, "id": nxt}
        reader = element(item, where, N_("{item!r}: expected a [[event.hand]] table"), problems)
        entry = reader and read_hand(reader, where, None, table.players, table.profile.rules, problems)
        if not entry or below:
            continue
        if entry.id in seen or (entry.id not in state.hands and entry.id <= last):
            problems.add(f"{where}: id", ID_NOT_ABOVE, id=entry.id, last=last)
            continue
        if replace and entry.id not in state.hands:  # the hand's own entry taken out
            problems.add(f"{where}: id", N_("{id}: no hand of the evening has this id"), id=entry.id)
            continue
        seen.add(entry.id)
        state.hands[entry.id] = entry
        last = max(last, entry.id)


# a hand whose id is not above the one before it (in an old ledger too)
ID_NOT_ABOVE = N_("{id}: expected an id above {last}, the id of the hand before it")
_EDITED_ID = N_(
    "{id}: not the id of a hand added here: ids rise from hand to hand, none given twice, so this hand, no. {number} on the sheet, has {next}"
)
_NO_ID = N_(
    "{id}: no hand has this id, they begin at 1: a hand added here, no. {number} on the sheet, has {next}; one that changes a hand on the sheet has that hand's id"
)


def _new_profile(state: State, r: Reader) -> None:
    """A rescore's profile: the table's from now on, every hand read again under it."""
    pr = r.table("profile")
    name, sha, document, rules = stored_profile(pr, False, r.problems)
    pr.finish()
    if rules is None or r.problems.problems:
        return
    state.table = state.table._replace(profile=ProfileRecord(name, sha, document, rules))
    for hand_id, e in list(state.hands.items()):
        try:
            state.hands[hand_id] = e._replace(hand=parse_seated(e.keys, rules, state.table.players))
        except TarockError as exc:
            for p in exc.located(f"hand {hand_id}: entry").problems:
                r.problems.put(p)


# -- the entry a change leaves (what apply reads back) ---------------------------------------


def event_of(before: Ledger, after: Ledger, at: str, kind: str | None = None) -> dict[str, Any]:
    """The entry a change from ``before`` to ``after`` leaves (``kind``: else the audit's, or ``record``)."""
    said = after.audit[len(before.audit) :]
    event: dict[str, Any] = {"kind": kind or (said[-1].action.value if said else "record"), "at": at}
    profile, was = after.table.profile, before.table.profile
    new_profile = (profile.sha256, profile.name) != (was.sha256, was.name)
    old = {e.id: e for e in before.hands}
    ids = {e.id for e in after.hands}
    if removed := [i for i in old if i not in ids]:
        event["removed"] = removed
    if new_profile:
        event["profile"] = profile_mapping(profile)
    if marks := after.radl[len(before.radl) :]:
        event["radl"] = [{"after": m.after, "hands": m.hands, "at": m.at} for m in marks]
    if said:
        event["audit"] = [audit_mapping(a) for a in said]
    if hands := [e for e in after.hands if new_profile or _changed(old.get(e.id), e)]:
        event["hand"] = [hand_mapping(e) for e in hands]
    if after.paper is not None and after.paper != before.paper:  # a table's result from its paper sheet
        event["paper"] = paper_mapping(after.paper)
    return event


def _changed(old: Entry | None, new: Entry) -> bool:
    return old is None or (
        old is not new and (old.keys, old.result, old.recorded) != (new.keys, new.result, new.recorded)
    )


# -- the header -------------------------------------------------------------------------------


def read_header(data: Mapping[str, Any], repairing: bool, problems: Collector) -> Table | None:
    """The ``[table]`` with its ``[profile]`` (None where a problem was found, added to ``problems``)."""
    top = Reader(data, "", problems)
    _check_schema(top, problems)
    tr = top.table("table")
    players = _table_players(tr, problems)
    created = tr.text("created")
    moment(created, "table.created", problems)
    stake: Decimal | None = None
    if (stake_text := tr.optional_str("stake")) is not None:
        try:
            stake = parse_stake(stake_text)
        except ValueError as exc:
            problems.add("table.stake", reason(exc))
    if (date := tr.optional_str("date")) is not None and not iso_date(date):
        problems.add(
            "table.date", N_("{date!r} is not a date written YYYY-MM-DD, e.g. 2025-03-14"), date=date
        )
    place = tr.optional_str("place")
    games = tr.number("games", minimum=1) if tr.has("games") else None
    if place is not None and (wrong := text_problem(place)) is not None:
        problems.add("table.place", N_("{place!r}: {wrong}"), place=place, wrong=wrong)
    tr.finish()
    pr = top.table("profile")
    name, sha, document, rules = stored_profile(pr, repairing, problems)
    pr.finish()
    if problems.problems or rules is None:
        return None
    record = ProfileRecord(name=name, sha256=sha, document=document, rules=rules)
    return Table(tuple(players), record, created, stake=stake, date=date, place=place, games=games)


def _check_schema(top: Reader, problems: Collector) -> None:
    schema = top.raw("schema")
    if not top.has("schema"):
        said = N_("missing: this is not a tarockscore ledger (expected schema = {SCHEMA})")
    elif schema != SCHEMA or isinstance(schema, bool):
        said = N_(
            "{schema!r}: this version of tarockscore reads ledger schema {SCHEMA} only; a newer tarockscore wrote this file, or it is not a ledger"
        )
    else:
        return
    problems.add("schema", said, schema=schema, SCHEMA=SCHEMA)
    raise LedgerError(problems.problems)


def _table_players(tr: Reader, problems: Collector) -> tuple[str, ...]:
    """``table.players``: 4 or 5 different names, each one a name may be."""
    known = len(problems.problems)
    players = tr.str_list("players")
    if not tr.has("players"):
        problems.add("table.players", N_("missing (required)"))
    elif len(problems.problems) == known and (len(players) not in SEATS or len(set(players)) != len(players)):
        # (not an array of names: said once, not again as an empty table)
        problems.add("table.players", N_("{list!r}: expected 4 or 5 different names"), list=list(players))
    for problem in name_problems(players, "table.players"):  # the rules a name typed with --players meets
        problems.put(problem)
    return players


def stored_profile(
    pr: Reader, repairing: bool, problems: Collector
) -> tuple[str, str, Mapping[str, Any], Profile | None]:
    """The ``[profile]`` table: name, sha256, document and the profile it builds, its pin checked."""
    name, sha, document = pr.text("name"), pr.text("sha256"), pr.raw("document")
    if not isinstance(document, dict):
        problems.add("profile.document", N_("missing: the resolved profile the evening is scored under"))
        return name, sha, {}, None
    actual, named = profile_hash(document), document.get("name")
    built = Collector()  # the document's own problems, after what the pin says of it
    rules: Profile | None = None
    try:
        rules = build_profile(document)
    except TarockError as exc:
        for p in exc.located("profile.document").problems:
            built.put(p)
    if repairing:
        sha, name = actual, named if isinstance(named, str) else name
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


# -- hands, marks, audit entries --------------------------------------------------------------


def element(item: Any, where: str, expected: str, problems: Collector) -> Reader | None:
    """A reader of one element of a table array (its problems filed by :func:`_done`); None: no table."""
    if not isinstance(item, dict):
        problems.add(where, expected, item=item)
        return None
    return Reader(item, "", Collector())


def _done(r: Reader, where: str, problems: Collector) -> bool:
    """The element read: its unknown keys reported, its problems filed under ``where``; whether it had none."""
    r.finish()
    for p in r.problems.problems:
        problems.put(p, where)
    return not r.problems.problems


def moment(value: str, where: str, problems: Collector) -> None:
    """A stored time must be one tarockscore writes: ``YYYY-MM-DDTHH:MM:SS`` and its UTC offset."""
    if value and not iso_timestamp(value):
        problems.add(
            where, N_("{value!r} is not a date and time written YYYY-MM-DDTHH:MM:SS+HH:MM"), value=value
        )


def read_mark(item: Any, where: str, problems: Collector) -> RadlMark | None:
    """One Radl mark: set (``hands`` above 0) or struck (below 0) by hand; its problems at ``where``."""
    r = element(item, where, N_("{item!r}: expected a [[radl]] table"), problems)
    if r is None:
        return None
    after, hands = r.number("after", minimum=0), r.number("hands")
    if type(raw := r.raw("hands")) is int and raw == 0:  # one out of range is said once, by the reading
        r.problems.add("hands", N_("0: expected the doubled hands set (above 0) or struck (below 0)"))
    at = r.text("at")
    moment(at, "at", r.problems)
    return RadlMark(after=after, hands=hands, at=at) if _done(r, where, problems) else None


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


def read_hand(
    r: Reader,
    where: str,
    default_id: int | None,
    players: Sequence[str],
    rules: Profile | None,
    problems: Collector,
) -> Entry | None:
    """One stored hand, its keys parsed under ``rules``; None with its problems at ``where``."""
    local = r.problems
    hand_id = r.number("id", default_id, minimum=1)
    recorded = r.text("recorded")
    moment(recorded, "recorded", local)
    keys: HandInput = r.raw("entry")  # the hand's keys as stored: parse_seated checks them
    hand: Hand | None = None
    if not isinstance(keys, dict):
        local.add("entry", N_("missing: the hand as entered (hand-file keys)"))
        keys = {}
    elif rules is not None:
        try:
            hand = parse_seated(keys, rules, players)
        except TarockError as exc:
            for p in exc.located("entry").problems:
                local.put(p)
    rr = r.table("result")
    won, radl = rr.optional_bool("won"), rr.number("radl", 1, minimum=1)
    vp = _points_table(rr, "victory_points", players, local)
    payout = _points_table(rr, "payout", players, local) if rr.has("payout") else None
    rr.finish()
    _done(r, where, problems)
    if hand is None or local.problems:
        return None
    result = Result(victory_points=vp, payout=payout, won=won, radl=radl)
    return Entry(hand, result=result, recorded=recorded, keys=keys, id=hand_id)


def read_audit(item: Any, where: str, problems: Collector) -> AuditEntry | None:
    """One audit entry (a correction's record); its problems at ``where``."""
    r = element(item, where, N_("{item!r}: expected an [[audit]] table"), problems)
    if r is None:
        return None
    local = r.problems
    at = r.text("at")
    moment(at, "at", local)
    action = r.choice("action", Action)
    hand = r.number("hand") if r.has("hand") else None
    number = r.number("number", minimum=1) if r.has("number") else None
    detail = r.text("detail")
    changed = r.raw("changed") or []
    if not isinstance(changed, list) or not all(type(c) is int for c in changed):
        local.add("changed", N_("{changed!r}: expected an array of hand numbers"), changed=changed)
        changed = []
    before, after = r.raw("before"), r.raw("after")
    for key, value in (("before", before), ("after", after)):
        if value is not None and not isinstance(value, dict):
            local.add(key, N_("{value!r} is {kind}; expected a table"), value=value, kind=type_name(value))
    _done(r, where, problems)
    before, after = (v if isinstance(v, dict) else None for v in (before, after))
    return AuditEntry(at, action, detail, hand, before, after, tuple(changed), number)


# -- a table's result from its paper sheet (kind = "paper") -------------------------------------


def paper_mapping(paper: Paper) -> dict[str, Any]:
    """The ``paper`` table of an entry ``paper``: when, each seat's Schrift, the money points."""
    return _some([("at", paper.at), ("schrift", paper.schrift), ("money", paper.money)])


def read_paper(raw: Any, players: Sequence[str], where: str, problems: Collector) -> Paper | None:
    """An entry's ``paper`` table: the Schrift (and money points) of every seat; None with its problems."""
    r = element(raw, where, N_("{item!r}: expected a table"), problems)
    if r is None:
        return None
    at = r.text("at")
    moment(at, "at", r.problems)
    schrift = _points_table(r, "schrift", players, r.problems)
    money = _points_table(r, "money", players, r.problems) if r.has("money") else None
    if not _done(r, where, problems):
        return None
    return Paper(
        {p: schrift[p] for p in players}, None if money is None else {p: money[p] for p in players}, at
    )


# -- a stored result and its check: the sheet is the rules ---------------------------------------


def result_of(score: Score, seats: Sequence[str], factor: int) -> Result:
    """The result to store: every seat's points (0 for a player sitting out) times the Radl factor."""
    points, money = score.counted(factor)
    vp = {p: points.get(p, 0) for p in seats}
    payout = None if money is None else {p: money.get(p, 0) for p in seats}
    return Result(victory_points=vp, payout=payout, won=score.won, radl=factor)


def rescored(
    entries: Sequence[Entry],
    seats: Sequence[str],
    profile: Profile,
    marks: Sequence[RadlMark] = (),
    kept: Container[int] = (),
) -> tuple[Entry, ...]:
    """The same entries with every result worked out afresh, Radls included (``kept``: results that stand)."""
    factors = replay([e.hand for e in entries], [e.id for e in entries], profile, marks)[0]
    return tuple(
        e
        if e.id in kept and e.result.radl == f
        else e._replace(result=result_of(score_hand(e.hand, profile), seats, f))
        for e, f in zip(entries, factors, strict=True)
    )


# a hand asked for (undo, replace, delete, explain) of a ledger that has none
NO_HANDS = N_("the ledger has no hands yet")

ON_PAPER = N_(
    "this table's result was taken from its paper sheet, so no hand is recorded on it; a correction replaces that result"
)


def check_number(ledger: Ledger, number: int) -> None:
    """Raise unless the ledger has a hand ``number``."""
    if not ledger.hands and ledger.paper is not None:  # a table scored on paper has none to change
        raise LedgerError(ON_PAPER, where="paper")
    if not ledger.hands:
        raise LedgerError(NO_HANDS)
    if not 1 <= number <= len(ledger.hands):
        has = (
            N_("there is no hand {number}; the ledger has only hand 1")
            if len(ledger.hands) == 1
            else N_("there is no hand {number}; the ledger has hands 1 to {count}")
        )
        raise LedgerError(has, number=number, count=len(ledger.hands))


def score_stored(ledger: Ledger, number: int) -> tuple[Hand, Score]:
    """Hand ``number`` scored afresh under the ledger's profile (before any Radl factor)."""
    check_number(ledger, number)
    hand = ledger.hands[number - 1].hand
    return hand, score_hand(hand, ledger.profile)


# a sheet holding more hands than its table's game limit allows
_PAST_LIMIT = N_("{limit}: the table's game limit, but {count} hands are recorded")


def check(ledger: Ledger, start: int = 0, scored: Container[int] | None = None) -> list[Problem]:
    """The full audit of ``check``: the game limit, a paper result's bounds, every hand scored afresh."""
    problems: list[Problem] = []
    limit = ledger.table.games
    if limit is not None and len(ledger.hands) > limit:
        problems.append(Problem.of("table.games", _PAST_LIMIT, limit=limit, count=len(ledger.hands)))
    if ledger.paper is not None:  # a paper result holds to the same rules as when it was given
        wrong = paper_problems(ledger, ledger.paper.schrift, ledger.paper.money)
        problems += [p.moved(f"paper.{p.where}") for p in wrong]
    return problems + against_the_rules(ledger, start, scored)


def against_the_rules(ledger: Ledger, start: int = 0, scored: Container[int] | None = None) -> list[Problem]:
    """Each stored number of the ``scored`` hands the rules do not give (``hand 2: stored +9 …``)."""
    seats = ledger.players
    profile = ledger.profile
    # a Radl runs on from earlier hands: replayed from the last hand that passed with factor 1
    first, marks = trusted_tail(ledger, start)
    tail = ledger.hands[first:]
    hands = [e.hand for e in tail]  # a stored hand that does not read says so itself, located
    try:
        factors = replay(hands, [e.id for e in tail], profile, marks)[0][start - first :]
        fresh = [
            result_of(score_hand(e.hand, profile), seats, f)
            if scored is None or e.id in scored
            else e.result._replace(radl=f)
            for e, f in zip(tail[start - first :], factors, strict=True)
        ]
    except TarockError as exc:
        return list(exc.problems)
    problems: list[Problem] = []
    for number, (stored, given) in enumerate(zip(ledger.hands[start:], fresh, strict=True), start + 1):
        if stored.result != given:
            problems += _compared(number, stored.result, given)
    return problems


def _signed(points: int | None) -> str:
    return "-" if points is None else f"{points:+d}" if points else "0"


def _outcome(won: bool | None) -> Message:
    return message(N_("won") if won else N_("lost") if won is not None else N_("without a winner"))


# a stored number of a hand the rules do not give: a player's points or payout, the outcome, the Radl
_POINTS = N_("hand {number}: stored {stored} for {player}, the rules give {given}")
_PAYOUT = N_("hand {number}: stored a payout of {stored} for {player}, the rules pay {given}")
_OUTCOME = N_("hand {number}: stored as {stored}, the rules give {given}")
_RADL = N_("hand {number}: stored with Radl ×{stored}, the hands before it give ×{given}")


def _compared(number: int, stored: Result, given: Result) -> list[Problem]:
    """Each stored number of hand ``number`` that the rules do not give, one problem apiece."""
    columns = (
        (_POINTS, stored.victory_points, given.victory_points),
        (_PAYOUT, stored.payout or {}, given.payout or {}),
    )
    out = [
        Problem.of(
            "", template, number=number, stored=_signed(mine.get(p)), player=p, given=_signed(rules.get(p))
        )
        for template, mine, rules in columns
        for p in dict.fromkeys([*mine, *rules])
        if mine.get(p) != rules.get(p)
    ]
    wholes = ((_OUTCOME, _outcome(stored.won), _outcome(given.won)), (_RADL, stored.radl, given.radl))
    return out + [
        Problem.of("", template, number=number, stored=kept, given=rules_give)
        for template, kept, rules_give in wholes
        if kept != rules_give
    ]
