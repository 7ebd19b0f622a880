"""The evening a ledger's log makes: its entries (plain mappings) applied one by one to the table,
each checked for what it may hold; and the entry a change leaves (core layer, pure).
"""

from __future__ import annotations

from typing import Any

from tarockscore.errors import N_, Collector, TarockError
from tarockscore.evening import codec
from tarockscore.evening.model import Action, AuditEntry, Entry, Ledger, Table
from tarockscore.evening.table import parse_seated
from tarockscore.rules.reader import Reader

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

    def __init__(self, table: Table, ledger: Ledger | None = None) -> None:
        self.table = table
        self.hands: dict[int, Entry] = {e.id: e for e in ledger.hands} if ledger is not None else {}
        self.audit: list[AuditEntry] = list(ledger.audit) if ledger is not None else []
        self.radl = list(ledger.radl) if ledger is not None else []
        self.paper = ledger.paper if ledger is not None else None

    def ledger(self) -> Ledger:
        hands, audit, radl = tuple(self.hands.values()), tuple(self.audit), tuple(self.radl)
        return Ledger(self.table, hands, audit, radl, self.paper)


def apply(state: State, event: Any, where: str, problems: Collector) -> None:
    """One entry applied to the evening: the profile it changes to, the hands it removes, adds or
    changes, the Radl marks it sets and the audit entries it adds. Its stored results are taken
    as they stand (the chain covers them; ``check`` scores every hand again)."""
    if not isinstance(event, dict):
        problems.add(where, N_("{item!r}: expected an [[event]] table"), item=event)
        return
    r = Reader(event, "", Collector())
    kind = r.word("kind", tuple(KINDS))
    codec.moment(r.text("at"), "at", r.problems)
    if r.has("request"):
        key = r.text("request")  # a value of another type is refused by the reading itself
        if isinstance(event["request"], str):
            request_key(key, r.problems)
    if r.has("profile"):
        _new_profile(state, r)
    for hand_id in _list(r, "removed"):
        if not isinstance(hand_id, int) or state.hands.pop(hand_id, None) is None:
            r.problems.add("removed", N_("{id}: no hand of the evening has this id"), id=hand_id)
    _hands(state, r.raw("hand") if r.has("hand") else [], r.problems)
    if r.has("paper"):  # the table's result from its paper sheet, instead of any before it
        paper = codec.read_paper(r.raw("paper"), state.table.players, "paper", r.problems)
        state.paper = paper if paper is not None else state.paper
    state.radl += [
        m for i, x in enumerate(_list(r, "radl"), 1) if (m := codec.read_mark(x, f"radl {i}", r.problems))
    ]
    state.audit += [
        a for i, x in enumerate(_list(r, "audit"), 1) if (a := codec.read_audit(x, f"audit {i}", r.problems))
    ]
    r.raw("chain")
    r.finish(KINDS.get(kind, ()) if kind in KINDS else ("found", "head", "profile_found", "from"))
    for p in r.problems.problems:
        problems.put(p, where)


# A request key: the page's own random key, or a script's; past this it is no key but a payload.
MAX_REQUEST = 200


def request_key(key: str, problems: Collector) -> None:
    """Refuse a request key no writer gives: empty, over :data:`MAX_REQUEST` characters, or
    holding a control character."""
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


def _hands(state: State, items: Any, problems: Collector) -> None:
    if not isinstance(items, list):
        problems.add("hand", N_("{raw!r}: expected an array of tables"), raw=items)
        return
    last = next(reversed(state.hands), 0) if state.hands else 0
    seen: set[int] = set()
    table = state.table
    for i, item in enumerate(items, 1):
        where = f"hand {i}"
        reader = codec.element(item, where, N_("{item!r}: expected a [[event.hand]] table"), problems)
        entry = reader and codec.read_hand(reader, where, None, table.players, table.profile.rules, problems)
        if not entry:
            continue
        if entry.id in seen or (entry.id not in state.hands and entry.id <= last):
            problems.add(
                f"{where}: id",
                N_("{id}: expected an id above {last}, the id of the hand before it"),
                id=entry.id,
                last=last,
            )
            continue
        seen.add(entry.id)
        state.hands[entry.id] = entry
        last = max(last, entry.id)


def _new_profile(state: State, r: Reader) -> None:
    """A rescore's profile: the table's from now on, every hand read again under it."""
    pr = r.table("profile")
    name, sha, document, rules = codec.stored_profile(pr, False, r.problems)
    pr.finish()
    if rules is None or r.problems.problems:
        return
    state.table = state.table._replace(
        profile=state.table.profile._replace(name=name, sha256=sha, document=document, rules=rules)
    )
    for hand_id, e in list(state.hands.items()):
        try:
            state.hands[hand_id] = e._replace(hand=parse_seated(e.keys, rules, state.table.players))
        except TarockError as exc:
            for p in exc.located(f"hand {hand_id}: entry").problems:
                r.problems.put(p)


# -- the entry a change leaves (what apply reads back) ---------------------------------------


def event_of(before: Ledger, after: Ledger, at: str, kind: str | None = None) -> dict[str, Any]:
    """The entry a change from ``before`` to ``after`` leaves: the audit entries it adds, the hands
    it adds or changes (every hand where the profile changed), the ids it removes, the Radl marks
    it sets, the profile it changes to. ``kind``: else the audit's action, or ``record``."""
    said = after.audit[len(before.audit) :]
    event: dict[str, Any] = {"kind": kind or (said[-1].action.value if said else "record"), "at": at}
    profile, was = after.table.profile, before.table.profile
    new_profile = (profile.sha256, profile.name) != (was.sha256, was.name)
    old = {e.id: e for e in before.hands}
    ids = {e.id for e in after.hands}
    if removed := [i for i in old if i not in ids]:
        event["removed"] = removed
    if new_profile:
        event["profile"] = {
            "name": profile.name,
            "sha256": profile.sha256,
            "document": codec.plain(profile.document),
        }
    if marks := after.radl[len(before.radl) :]:
        event["radl"] = [codec.mark_mapping(m) for m in marks]
    if said:
        event["audit"] = [codec.audit_mapping(a) for a in said]
    if hands := [e for e in after.hands if new_profile or _changed(old.get(e.id), e)]:
        event["hand"] = [codec.hand_mapping(e) for e in hands]
    if after.paper is not None and after.paper != before.paper:  # a table's result from its paper sheet
        event["paper"] = codec.paper_mapping(after.paper)
    return event


def _changed(old: Entry | None, new: Entry) -> bool:
    return old is None or (
        old is not new and (old.keys, old.result, old.recorded) != (new.keys, new.result, new.recorded)
    )
