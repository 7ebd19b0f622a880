"""The ledger as a log: its entries rendered and parsed, the chain that links them, the fold that
makes the evening of them, and the entry a change leaves (I/O layer).

The file (docs/ledger-format.md) is a header (``schema``, ``[table]``, ``[profile]``) and one
``[[event]]`` table per thing the scorekeeper said, appended in order. Each entry names the hash
of the one before (the header's for the first) in ``chain.prev`` and ends with its own hash in
``chain.hash``; the hash of the last entry is the ledger's head. The hashes are over canonical
JSON, never over the TOML text, so the layout of the file never matters.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import tomli_w

from tarockscore.errors import N_, Collector, LedgerError, Problem, TarockError
from tarockscore.files import ledger_codec as codec
from tarockscore.files import safe_io
from tarockscore.ledger.model import Action, AuditEntry, Entry, Ledger, Table
from tarockscore.ledger.stored import parse_seated
from tarockscore.rules.reader import Reader

HEADER = (
    "# An evening of Tarock, kept by tarockscore (format: docs/ledger-format.md).\n"
    "# Each change is an [[event]] appended at the end; `tarockscore check` verifies the chain.\n"
    "\n"
)


KINDS = ("record", *(a.value for a in Action), "convert", "begin")
_HASH_LINE = re.compile(r'^hash = "[0-9a-f]{64}"$', re.MULTILINE)
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def digest(value: Any) -> str | None:
    """The SHA-256 of the canonical JSON of ``value`` (None where it holds a value JSON has not)."""
    try:
        return hashlib.sha256(codec.canonical(value).encode("utf-8")).hexdigest()
    except (TypeError, ValueError):
        return None


def header_hash(header: Mapping[str, Any]) -> str | None:
    """The hash the first entry names: of every top-level key of the file but ``event``."""
    return digest({k: v for k, v in header.items() if k != "event"})


def entry_hash(event: Any) -> str | None:
    """The hash of one ``[[event]]`` table: of the table with ``hash`` taken out of its ``chain``."""
    if not isinstance(event, dict) or not isinstance(event.get("chain"), dict):
        return None
    chain = {k: v for k, v in event["chain"].items() if k != "hash"}
    return digest({**event, "chain": chain})


# -- writing ----------------------------------------------------------------------------------


def _string(text: str) -> str:
    # JSON's escapes are TOML's; DEL is the one control character JSON leaves as it is.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _string(key)


def inline(value: Any) -> str:
    """A value in TOML's inline form, on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {inline(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def _table(path: str, mapping: Mapping[str, Any]) -> list[str]:
    """``[path]`` with its keys; a table in it as a table of its own, every other value inline."""
    lines = [f"[{path}]"]
    subtables = []
    for key, value in mapping.items():
        if isinstance(value, Mapping) and value:
            subtables.append((key, value))
        else:
            lines.append(f"{_key(key)} = {inline(value)}")
    for key, value in subtables:
        lines += _table(f"{path}.{_key(key)}", value)
    return lines


def block(event: Mapping[str, Any], prev: str) -> tuple[str, str, dict[str, Any]]:
    """One entry's text, appended as it is to the file; its hash; and the table it reads as.

    The text is read back here: it must read as exactly the table meant, whose hash it ends with.
    """
    table = {k: v for k, v in event.items() if k != "chain"}
    full = {**table, "chain": {"prev": prev}}
    hashed = entry_hash(full)
    if hashed is None:
        raise LedgerError(N_("a value of this change has no form in the ledger; nothing was written"))
    full["chain"]["hash"] = hashed
    lines = ["", "[[event]]"]
    lines += [f"{_key(k)} = {inline(v)}" for k, v in table.items() if k not in ("hand", "profile")]
    if "profile" in table:
        lines += _table("event.profile", table["profile"])
    for hand in table.get("hand", ()):
        lines.append("[[event.hand]]")
        lines += [f"{_key(k)} = {inline(v)}" for k, v in hand.items()]
    lines += ["[event.chain]", f"prev = {_string(prev)}", f"hash = {_string(hashed)}", ""]
    text = "\n".join(lines)
    try:
        back = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        back = None
    if back != {"event": [full]}:
        raise LedgerError(
            N_("the new entry does not read back the same (a bug in tarockscore); nothing was written")
        )
    return text, hashed, full


def event_of(before: Ledger, after: Ledger, at: str, kind: str | None = None) -> dict[str, Any]:
    """The entry a change from ``before`` to ``after`` leaves: what it added to the audit trail,
    the hands it added or changed (every hand where the profile changed), the ids it removed,
    the Radl marks it set and the profile it changed to. ``kind``: else the audit's action, or
    ``record``."""
    said = after.audit[len(before.audit) :]
    event: dict[str, Any] = {"kind": kind or (said[-1].action.value if said else "record"), "at": at}
    profile = after.table.profile
    new_profile = profile.sha256 != before.table.profile.sha256 or profile.name != before.table.profile.name
    old = {e.id: e for e in before.hands}
    ids = {e.id for e in after.hands}
    removed = [i for i in old if i not in ids]
    if removed:
        event["removed"] = removed
    if new_profile:
        event["profile"] = {
            "name": profile.name,
            "sha256": profile.sha256,
            "document": codec._plain(profile.document),
        }
    marks = after.radl[len(before.radl) :]
    if marks:
        event["radl"] = [codec.mark_mapping(m) for m in marks]
    if said:
        event["audit"] = [codec.audit_mapping(a) for a in said]
    hands = [e for e in after.hands if new_profile or _changed(old.get(e.id), e)]
    if hands:
        event["hand"] = [codec.hand_mapping(e) for e in hands]
    _paper_of(before, after, event)
    return event


def _paper_of(before: Ledger, after: Ledger, event: dict[str, Any]) -> None:
    """A table's result from its paper sheet, where the change gave one (kind ``paper``)."""
    if after.paper is not None and after.paper != before.paper:
        event["paper"] = codec.paper_mapping(after.paper)


def _changed(old: Entry | None, new: Entry) -> bool:
    if old is None:
        return True
    return old is not new and (old.keys, old.result, old.recorded) != (new.keys, new.result, new.recorded)


def whole_file(ledger: Ledger, events: Sequence[Mapping[str, Any]]) -> tuple[str, str]:
    """A new file: the header, then ``events`` chained from it; its text and its head."""
    header = codec.header_mapping(ledger.table)
    text = HEADER + tomli_w.dumps(header)
    head = header_hash(header)
    if head is None or safe_io.load_toml(text, "", LedgerError) != header:
        raise LedgerError(
            N_("the new ledger does not read back the same (a bug in tarockscore); nothing was written")
        )
    for event in events:
        part, head, _full = block(event, head)
        text += part
    return text, head


def render(ledger: Ledger, at: str | None = None) -> str:
    """A whole new file for ``ledger``: its header, and its hands, marks and audit in one entry ``begin``."""
    events = []
    if ledger.hands or ledger.audit or ledger.radl:
        events.append(event_of(Ledger(ledger.table), ledger, at or ledger.table.created, "begin"))
    return whole_file(ledger, events)[0]


def from_mapping(data: Mapping[str, Any], name: str = "") -> Ledger:
    """The ledger a file's mapping holds (either schema), its chain not followed."""
    if data.get("schema") == codec.OLD_SCHEMA:
        return codec.read_old(data)
    problems = Collector()
    header = {k: v for k, v in data.items() if k != "event"}
    _schema, table = codec.read_header(header, False, problems)
    problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None added a problem
    events = data.get("event", [])
    return fold(table, events if isinstance(events, list) else [events])


def parse_file(text: str, name: str) -> Ledger:
    """A ledger from a file's text; problems carry the file name and, where known, the line."""
    try:
        return from_mapping(safe_io.load_toml(text, name, LedgerError), name)
    except LedgerError as exc:
        raise LedgerError(locate(exc.problems, text, name)) from None


# -- reading ----------------------------------------------------------------------------------


class Log(NamedTuple):
    """A ledger file of schema 2 as parsed: its header, its entries, and where the whole entries
    end (``whole``: characters of the text; a torn append after them is not part of the log)."""

    header: dict[str, Any]
    events: list[Any]
    whole: int
    torn: bool


def parse(text: str, load: Any) -> Log:
    """The log in ``text`` (``load``: the TOML reader that names the file in its errors). An append
    torn by a crash (the last entry cut short, or not ending with its hash) is cut back to the last
    whole entry; any other damage is ``load``'s error."""
    try:
        data = load(text)
    except LedgerError:
        cut = _whole_end(text)
        if cut is None:
            raise
        data = _prefix(text, cut)
        if data is None:
            raise
        return _log(data, cut, True)
    events = data.get("event")
    if isinstance(events, list) and events and not _sealed(events[-1]):
        cut = _whole_end(text, before_last=True)
        prefix = _prefix(text, cut) if cut is not None else None
        if prefix is not None:
            return _log(prefix, cut or 0, True)
    return _log(data, len(text), False)


def _log(data: dict[str, Any], whole: int, torn: bool) -> Log:
    events = data.get("event", [])
    return Log(
        {k: v for k, v in data.items() if k != "event"},
        events if isinstance(events, list) else [events],
        whole,
        torn,
    )


def _sealed(event: Any) -> bool:
    chain = event.get("chain") if isinstance(event, dict) else None
    return isinstance(chain, dict) and isinstance(chain.get("hash"), str)


def _whole_end(text: str, before_last: bool = False) -> int | None:
    """Where the last entry that ends with its hash line ends (the header's end if none does)."""
    end = text.rfind("\n[[event]]") if before_last else len(text)
    last = None
    for m in _HASH_LINE.finditer(text, 0, max(end, 0)):
        last = m
    if last is not None:
        return last.end() + 1
    first = text.find("\n[[event]]")
    return first + 1 if first >= 0 else None


def _prefix(text: str, cut: int) -> dict[str, Any] | None:
    """The text up to ``cut`` parsed, if it is a log whose entries all end with their hash."""
    try:
        data = tomllib.loads(text[:cut])
    except tomllib.TOMLDecodeError:
        return None
    events = data.get("event", [])
    if data.get("schema") != codec.SCHEMA or not isinstance(events, list):
        return None
    return data if all(_sealed(e) for e in events) else None


def locate(problems: Sequence[Problem], text: str, name: str) -> list[Problem]:
    """Prefix each problem with ``file:line`` of its table (``[[event]]`` N, ``[[hand]]`` N, …)."""
    heads: dict[str, list[int]] = {
        k: [] for k in ("entry", "hand", "audit", "table", "profile", "schema", "digest")
    }
    marks = {
        "[[event]]": "entry",
        "[[hand]]": "hand",
        "[[audit]]": "audit",
        "[table]": "table",
        "[profile]": "profile",
    }
    for number, content in enumerate(text.splitlines(), 1):
        stripped = content.strip()
        if stripped in marks:
            heads[marks[stripped]].append(number)
        elif m := re.match(r"(schema|digest)\s*=", stripped):
            heads[m.group(1)].append(number)
    out = []
    for p in problems:
        line: int | None = None
        m = re.match(r"(entry|hand|audit) (\d+)", p.where)
        if m and m.group(1) in heads:
            lines = heads[m.group(1)]
            index = int(m.group(2)) - 1
            line = lines[index] if 0 <= index < len(lines) else None
        else:
            first = re.split(r"[.:\[ ]", p.where, maxsplit=1)[0]
            if heads.get(first):
                line = heads[first][0]
        prefix = f"{name}:{line}" if line is not None else name
        out.append(p.moved(f"{prefix}: {p.where}" if p.where else prefix))
    return out


# -- the chain --------------------------------------------------------------------------------


class Chain(NamedTuple):
    """The chain as found: the head (what the next entry names as ``prev``), each entry's hash as
    its content has it now, and the entries that do not fit (number, why, hash, the prev they
    should name), a repair having vouched for none of them."""

    head: str
    hashes: tuple[str | None, ...]
    breaks: tuple[tuple[int, str, str | None, str], ...]
    header: str
    header_vouched: bool


def chain(header: Mapping[str, Any], events: Sequence[Any], pin_broken: bool = False) -> Chain:
    """Follow the chain from the header through every entry (docs/ledger-format.md, "The chain")."""
    top = header_hash(header) or ""
    vouched = _vouched(events)
    expected = top
    hashes: list[str | None] = []
    breaks: list[tuple[int, str, str | None, str]] = []
    if pin_broken and (0, top, "") not in vouched.get(0, set()):
        breaks.append((0, "profile", top, ""))
    for k, event in enumerate(events, 1):
        hashed = entry_hash(event)
        hashes.append(hashed)
        stored = event["chain"].get("hash") if _sealed(event) else None
        prev = (
            event["chain"].get("prev")
            if isinstance(event, dict) and isinstance(event.get("chain"), dict)
            else None
        )
        why = "changed" if hashed is None or stored != hashed else "order" if prev != expected else ""
        if why and (k, hashed, expected) not in vouched.get(k, set()):
            breaks.append((k, why, hashed, expected))
        expected = stored if isinstance(stored, str) else (hashed or "")
    return Chain(expected, tuple(hashes), tuple(breaks), top, (0, top, "") in vouched.get(0, set()))


def _vouched(events: Sequence[Any]) -> dict[int, set[tuple[int, str | None, str]]]:
    """What the repair entries vouch for: entry number → (number, hash, prev) found by a repair
    after it (0: the header, whose stored profile did not match its pin)."""
    out: dict[int, set[tuple[int, str | None, str]]] = {}
    for k, event in enumerate(events, 1):
        found = event.get("found") if isinstance(event, dict) and event.get("kind") == "repair" else None
        for item in found if isinstance(found, list) else ():
            if isinstance(item, dict) and isinstance(item.get("entry"), int) and item["entry"] < k:
                out.setdefault(item["entry"], set()).add(
                    (item["entry"], item.get("hash"), item.get("prev", ""))
                )
    return out


def break_problems(
    breaks: Sequence[tuple[int, str, str | None, str]], events: Sequence[Any]
) -> list[Problem]:
    """Each entry that no longer fits the chain, in words: the hand it holds where it holds one."""
    out = []
    for k, why, _hashed, _prev in breaks:
        if k == 0:
            continue  # the stored profile's own message says it
        if k == 1 and why == "order":
            out.append(Problem.of("entry 1", N_("the table or the profile was changed outside tarockscore")))
            continue
        event = events[k - 1] if isinstance(events[k - 1], dict) else {}
        given = event.get("hand")
        hands: list[Any] = given if isinstance(given, list) else []
        ids = [h.get("id") for h in hands if isinstance(h, dict)]
        if why == "order":
            out.append(
                Problem.of(f"entry {k}", N_("an entry before it was removed or changed outside tarockscore"))
            )
        elif event.get("kind") == "record" and len(ids) == 1:
            out.append(Problem.of(f"entry {k}", N_("hand {id} was changed outside tarockscore"), id=ids[0]))
        else:
            kind = event.get("kind", "?")
            out.append(
                Problem.of(f"entry {k}", N_("this entry ({kind}) was changed outside tarockscore"), kind=kind)
            )
    return out


# -- the fold ---------------------------------------------------------------------------------


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


def fold(table: Table, events: Sequence[Any], upto: int | None = None) -> Ledger:
    """The evening the entries make, from the header's table: each entry applied in order
    (``upto``: only the first so many); every problem of every entry in one :class:`LedgerError`."""
    state = State(table)
    problems = Collector()
    for k, event in enumerate(events[:upto], 1):
        apply(state, event, f"entry {k}", problems)
    problems.raise_if_any(LedgerError)
    return state.ledger()


def apply(state: State, event: Any, where: str, problems: Collector) -> None:
    """One entry applied to the evening: the profile it changes to, the hands it removes, adds or
    changes, the Radl marks it sets and the audit entries it adds. Its stored results are taken
    as they stand (the chain covers them; ``check`` scores every hand again)."""
    if not isinstance(event, dict):
        problems.add(where, N_("{item!r}: expected an [[event]] table"), item=event)
        return
    local = Collector()
    r = Reader(event, "", local)
    r.word("kind", KINDS)
    codec._moment(r.text("at"), "at", local)
    if r.has("profile"):
        _new_profile(state, r, local)
    for hand_id in _list(r, "removed", local):
        if not isinstance(hand_id, int) or state.hands.pop(hand_id, None) is None:
            local.add("removed", N_("{id}: no hand of the evening has this id"), id=hand_id)
    _hands(state, r.raw("hand") or [], local)
    _paper(state, r, local)
    for i, item in enumerate(_list(r, "radl", local), 1):
        mark = codec.read_mark(item, f"radl {i}", local)
        if mark is not None:
            state.radl.append(mark)
    for i, item in enumerate(_list(r, "audit", local), 1):
        entry = codec.read_audit(item, f"audit {i}", local)
        if entry is not None:
            state.audit.append(entry)
    r.raw("chain")
    r.finish(("found", "head", "profile_found", "from"))
    for p in local.problems:
        problems.put(p, where)


def _paper(state: State, r: Reader, problems: Collector) -> None:
    """An entry ``paper``: the table's result from its paper sheet, instead of any before it."""
    if r.has("paper"):
        paper = codec.read_paper(r.raw("paper"), state.table.players, "paper", problems)
        if paper is not None:
            state.paper = paper


def _list(r: Reader, key: str, problems: Collector) -> list[Any]:
    raw = r.raw(key)
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.add(key, N_("{raw!r}: expected an array"), raw=raw)
        return []
    return raw


def _hands(state: State, items: Any, problems: Collector) -> None:
    if not isinstance(items, list):
        problems.add("hand", N_("{raw!r}: expected an array of tables"), raw=items)
        return
    last = next(reversed(state.hands), 0) if state.hands else 0
    seen: set[int] = set()
    for i, item in enumerate(items, 1):
        where = f"hand {i}"
        reader = codec._element(item, where, N_("{item!r}: expected a [[event.hand]] table"), problems)
        if reader is None:
            continue
        entry = codec.read_hand(reader, where, None, state.table.players, state.table.profile.rules, problems)
        if entry is None:
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


def _new_profile(state: State, r: Reader, problems: Collector) -> None:
    """A rescore's profile: the table's from now on, every hand read again under it."""
    pr = r.table("profile")
    name, sha, document, rules = codec._stored_profile(pr, False, problems)
    pr.finish()
    if rules is None or problems.problems:
        return
    record = state.table.profile._replace(name=name, sha256=sha, document=document, rules=rules)
    state.table = state.table._replace(profile=record)
    for hand_id, e in list(state.hands.items()):
        try:
            state.hands[hand_id] = e._replace(hand=parse_seated(e.keys, rules, state.table.players))
        except TarockError as exc:
            for p in exc.located(f"hand {hand_id}: entry").problems:
                problems.put(p)
