"""The ledger's file (I/O layer; its rules are docs/ledger-format.md's): its TOML written and read
entry by entry, its chain of hashes followed, its evening folded; changed under its lock, the new
entry checked to fold back before it is appended and fsync'd; repaired where it was edited."""

import contextlib
import hashlib
import json
import re
import tomllib
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from json.encoder import encode_basestring
from pathlib import Path
from typing import Any, NamedTuple

from tarockscore.errors import (
    N_,
    Collector,
    Counted,
    LedgerChanged,
    LedgerClosed,
    LedgerError,
    Message,
    Problem,
    TarockError,
    UnreadableLedger,
    counted,
    listed,
    message,
)
from tarockscore.evening import fold
from tarockscore.evening.fold import check
from tarockscore.evening.model import Entry, Ledger, drawn_at, refused_now, sheet_at, sheet_file, table_label
from tarockscore.evening.operations import hands_label, label
from tarockscore.io import safe_io
from tarockscore.io.ways_out import (
    LEDGER_CHANGED,
    LEDGER_EXISTS,
    NO_LEDGER,
    NOT_A_LEDGER,
    NOT_A_LEDGER_KEPT,
    OLD_LEDGER,
    OUT_OF_ORDER,
)

HEADER = (
    "# An evening of Tarock, kept by tarockscore (format: docs/ledger-format.md).\n"
    "# Each change is an [[event]] appended at the end; `tarockscore check` verifies the chain.\n"
    "\n"
)
MARK = b"\n[[event]]"  # where an entry begins: the writer starts each one on a line of its own
# a line every ledger has, however damaged: its header sets the schema, its table, its entries
_LEDGER_LINE = re.compile(rb"(?m)^\s*(?:schema\s*=|\[table\]|\[\[event\]\])")
_BARE = re.compile(r"[A-Za-z0-9_-]+")
UNKNOWN = N_("unknown key; allowed here: {allowed}{hint}")
TOP_KEYS = "schema, table, profile, event"
_BUG = N_("the new entry does not read back the same (a bug in tarockscore); nothing was written")


# The canonical JSON the chain hashes: keys sorted, no spaces, not ASCII-escaped (hashed as UTF-8).
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def digest(value: Any) -> str | None:
    """The SHA-256 of the canonical JSON of ``value`` (None where it holds a value JSON has not)."""
    try:
        return hashlib.sha256(_CANONICAL.encode(value).encode("utf-8")).hexdigest()
    except (TypeError, ValueError):
        return None


def header_hash(header: Mapping[str, Any]) -> str | None:
    """The hash the first entry names: of every top-level key of the file but ``event``."""
    return digest({k: v for k, v in header.items() if k != "event"})


def entry_hash(event: Any) -> str | None:
    """The hash of one ``[[event]]`` table: of the table with ``hash`` taken out of its ``chain``."""
    if not isinstance(event, dict) or not isinstance(event.get("chain"), dict):
        return None
    return digest({**event, "chain": {k: v for k, v in event["chain"].items() if k != "hash"}})


def _string(text: str) -> str:
    # JSON's escapes are TOML's; DEL is the one control character JSON leaves as it is.
    return encode_basestring(text).replace("\x7f", "\\u007f")


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _string(key)


def inline(value: Any) -> str:
    """A value in TOML's inline form, on one line."""
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, bool | int):  # JSON's true, false and whole numbers are TOML's
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join([inline(v) for v in value]) + "]"
    if isinstance(value, Mapping):
        pairs = [f"{_key(k)} = {inline(v)}" for k, v in value.items()]
        return "{ " + ", ".join(pairs) + " }" if pairs else "{}"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def _table(head: str, mapping: Mapping[str, Any]) -> list[str]:
    """``head`` and the keys of ``mapping``: a table in it as a table of its own, the rest inline."""
    lines = [head] if head else []
    inner = [(k, v) for k, v in mapping.items() if isinstance(v, Mapping) and v]
    lines += [f"{_key(k)} = {inline(v)}" for k, v in mapping.items() if not (isinstance(v, Mapping) and v)]
    path = head.strip("[]")
    for key, value in inner:
        lines += ["", *_table(f"[{path + '.' if path else ''}{_key(key)}]", value)]
    return lines


def _reads_back(text: str, meant: Mapping[str, Any]) -> None:
    try:
        back = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        back = None
    if back != meant:
        raise LedgerError(_BUG)


def block(
    event: Mapping[str, Any],
    prev: str,
    tables: Sequence[str] = ("profile",),
    arrays: Sequence[str] = ("hand",),
) -> tuple[str, str, dict[str, Any]]:
    """One entry's text to append, its hash, and the table it reads as (read back here)."""
    table = {k: v for k, v in event.items() if k != "chain"}
    full = {**table, "chain": {"prev": prev}}
    hashed = entry_hash(full)
    if hashed is None:
        raise LedgerError(N_("a value of this change has no form in the ledger; nothing was written"))
    full["chain"]["hash"] = hashed
    text = _text(table, prev, hashed, tables, arrays)
    _reads_back(text, {"event": [full]})
    return text, hashed, full


def _text(
    table: Mapping[str, Any],
    prev: str,
    hashed: str,
    tables: Sequence[str] = ("profile",),
    arrays: Sequence[str] = ("hand",),
) -> str:
    """An entry's text: its keys (``table``), then its chain."""
    apart = [k for k in tables if isinstance(table.get(k), Mapping)]
    apart += [k for k in arrays if isinstance(table.get(k), list) and table[k]]
    lines = ["", "[[event]]"]
    lines += [f"{_key(k)} = {inline(v)}" for k, v in table.items() if k not in apart]
    for key in (k for k in tables if k in apart):
        lines += _table(f"[event.{key}]", table[key])
    for key in (k for k in arrays if k in apart):
        for item in table[key]:
            lines += [f"[[event.{key}]]", *(f"{_key(k)} = {inline(v)}" for k, v in item.items())]
    lines += ["[event.chain]", f"prev = {_string(prev)}", f"hash = {_string(hashed)}", ""]
    return "\n".join(lines)


def whole_file(ledger: Ledger, events: Sequence[Mapping[str, Any]]) -> tuple[str, str]:
    """A new file: the header, then ``events`` chained from it; its text and its head."""
    header = fold.header_mapping(ledger.table)
    text = HEADER + "\n".join(_table("", header)) + "\n"
    head = header_hash(header)
    if head is None:
        raise LedgerError(_BUG)
    _reads_back(text, header)
    for event in events:
        part, head, _full = block(event, head)
        text += part
    return text, head


def header_end(raw: bytes) -> int:
    first = raw.find(MARK)
    return first + 1 if first >= 0 else len(raw)


def entries(raw: bytes, name: str) -> Iterator[tuple[int, Any]]:
    """Each entry with the byte its text ends at; an append torn by a crash is left out."""
    starts = [m.start() + 1 for m in re.finditer(re.escape(MARK), raw)]
    for start, end in zip(starts, [*starts[1:], len(raw)], strict=False):
        last = end == len(raw)
        data = _written(raw[start:end]) or _loads(raw[start:end])
        if data is None and last:  # torn: read up to the last line that holds a hash
            cut = max((m.end() for m in _HASH_LINE.finditer(raw, start, end)), default=start)
            data, end = _loads(raw[start:cut]) or {}, cut
        if data is None:  # said by the TOML reader, at the entry's own lines of the file
            lines = "\n" * raw.count(b"\n", 0, start)
            data = safe_io.load_toml(
                lines + raw[start:end].decode("utf-8"), name, LedgerError, safe_io.LEDGER
            )
        if extra := sorted(set(data) - {"event"}):
            raise LedgerError(UNKNOWN, allowed=TOP_KEYS, hint="", where=extra[0])
        found = data.get("event", [])
        found = found if isinstance(found, list) else [found]
        if last and found and not sealed(found[-1]):
            return  # torn: the last entry does not end with its hash
        for event in found:
            yield end, event


_HASH_LINE = re.compile(rb'\nhash = "[0-9a-f]{64}"\n')


def _loads(data: bytes) -> dict[str, Any] | None:
    try:
        text = data.decode("utf-8")
        if safe_io.deep_key_line(text) is not None:
            return None  # said by the reader that names the file (safe_io.load_toml)
        value = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError, ValueError):
        return None
    return None if safe_io.too_deep(value) else value


# Where a bare key of an inline value begins, after "{ " or ", ": a quote goes there, and " = "
# becomes ": " (a string that looks alike is changed too, and the entry, written again, is then not
# the same text). Two patterns, each opening with its literal, which the regex engine finds fast.
_FIRST_KEY = re.compile(r"\{ (?=[A-Za-z0-9_-]+ = )")
_NEXT_KEY = re.compile(r", (?=[A-Za-z0-9_-]+ = )")


def _json(value: str) -> Any:
    """An inline value as the writer writes it, read as the JSON it nearly is."""
    quoted = _NEXT_KEY.sub(', "', _FIRST_KEY.sub('{ "', value.replace('" = ', '": ')))
    return json.loads(quoted.replace(" = ", '": '))


def _written(data: bytes) -> dict[str, Any] | None:
    """An entry read as JSON without the TOML reader (a fifth of the cost), where that gives its text:
    its lines put together as one inline table, read at once, and written again to compare."""
    try:
        text = data.decode("utf-8")
        lines = text.split("\n")
        if lines[0] != "[[event]]":
            return None
        top: list[str] = []
        hands: list[list[str]] = []
        chain: list[str] = []
        section = top
        for line in lines[1:]:
            if line == "[[event.hand]]":
                section = []
                hands.append(section)
            elif line == "[event.chain]":
                section = chain
            elif line:
                section.append(line)
        if hands:
            top.append("hand = [" + ", ".join("{ " + ", ".join(h) + " }" for h in hands) + "]")
        event = _json("{ " + ", ".join([*top, "chain = { " + ", ".join(chain) + " }"]) + " }")
        body = {k: v for k, v in event.items() if k != "chain"}
        prev, hashed = event["chain"]["prev"], event["chain"]["hash"]
        if _text(body, prev, hashed).strip("\n") != text.strip("\n"):  # a key given twice, or not as written
            return None
    except (ValueError, TypeError, AttributeError, KeyError, RecursionError):
        return None
    return {"event": [event]}


def sealed(event: Any) -> bool:
    chain = event.get("chain") if isinstance(event, dict) else None
    return isinstance(chain, dict) and isinstance(chain.get("hash"), str)


def locate(problems: Sequence[Problem], text: str, name: str) -> list[Problem]:
    """Prefix each problem with ``file:line`` of its table (``[[event]]`` N, ``[[hand]]`` N, …)."""
    marks = {
        "[[event]]": "entry",
        "[[hand]]": "hand",
        "[[audit]]": "audit",
        "[table]": "table",
        "[profile]": "profile",
    }
    heads: dict[str, list[int]] = {k: [] for k in (*marks.values(), "schema", "digest")}
    for number, content in enumerate(text.splitlines(), 1):
        stripped = content.strip()
        if stripped in marks:
            heads[marks[stripped]].append(number)
        elif m := re.match(r"(schema|digest)\s*=", stripped):
            heads[m.group(1)].append(number)
    out = []
    for p in problems:
        line: int | None = None
        if (m := re.match(r"(entry|hand|audit) (\d+)", p.where)) is not None:
            lines, index = heads[m.group(1)], int(m.group(2)) - 1
            line = lines[index] if 0 <= index < len(lines) else None
        elif heads.get(first := re.split(r"[.:\[ ]", p.where, maxsplit=1)[0]):
            line = heads[first][0]
        elif first:  # a table of another name, written by hand: the line that opens it
            opens = re.compile(rf"\[\[?{re.escape(first)}[\].]")
            line = next((n for n, c in enumerate(text.splitlines(), 1) if opens.match(c.strip())), None)
        prefix = f"{name}:{line}" if line is not None else name
        out.append(p.moved(f"{prefix}: {p.where}" if p.where else prefix))
    return out


# The most hand ids a log's gaps are taken to be hands taken out: more hands than any evening
# holds (a marathon is 300); an id further on was edited.
SKIPPED_AT_MOST = 1_000

# An entry of the log that does not fit its chain, as the chain keeps it: its number, why
# ("changed", "order", "repeat": an earlier entry's copy, "after": the entry after a copy, which
# names the one before the copy, "repair", "profile"), its hash now, the prev it should name.
Break = tuple[int, str, str | None, str]


class Chain:
    """The chain followed entry by entry (docs/ledger-format.md)."""

    def __init__(self, header: Mapping[str, Any], pin_broken: bool = False) -> None:
        self.header = self.head = header_hash(header) or ""
        self.count = 0
        self.found: list[Break] = [(0, "profile", self.head, "")] if pin_broken else []
        self.vouched: set[Break] = set()
        self.said: dict[int, tuple[str, list[int]]] = {}  # a broken entry's kind and hand ids
        self.removed: set[Any] = set()  # the ids taken off the sheet so far
        self.repaired: dict[int, str] = {}  # a hand a repair took as found: its id, the repair's time
        # an entry that does not follow the one before it: the hands of that one, the suspect (it
        # was changed with its own hash worked out again, or an entry after it was taken out)
        self.follows: dict[int, list[int]] = {}
        self.last: list[int] = []  # the hand ids of the entry before
        self.top = 0  # the highest hand id the entries so far name
        self.gaps: dict[int, list[int]] = {}  # an entry that does not fit: the ids skipped since
        self.skipped = 0  # the ids in gaps
        self.broken = 0  # the last entry that does not fit
        self.named: set[int] = set()  # every hand id the entries name
        self.hashes: dict[str, int] = {}  # each whole entry's hash: its number
        self.repeats: dict[int, int] = {}  # an entry that repeats an earlier one, word for word: that one
        self.past: str | None = None  # after a repeat: the head before it, which the next entry names
        # the entry just read: a hand's id edited (the id as stored), with the id it should have
        self.renumbered: dict[int, int] = {}
        self.unheld: set[int] = set()  # a hand only taken off or marked after: its entry taken out

    @property
    def missing(self) -> dict[int, list[int]]:
        """Each entry that does not follow the one before it, after hand ids no entry of the log names:
        those ids (the hands of entries taken out there)."""
        gaps = {k: [i for i in gap if i not in self.named] for k, gap in self.gaps.items()}
        return {k: gap for k, gap in gaps.items() if gap}

    def ids(self, k: int) -> list[int]:
        """The ids of the hands broken entry ``k`` holds."""
        return self.said.get(k, ("", []))[1]

    def add(self, event: Any) -> None:
        self.count = k = self.count + 1
        event = event if isinstance(event, dict) else {}
        chain = event["chain"] if isinstance(event.get("chain"), dict) else {}
        hashed, stored, prev = entry_hash(event), chain.get("hash"), chain.get("prev")
        if hashed is None or stored != hashed:
            why = "changed"
        elif hashed in self.hashes:
            why = "repeat"
            self.repeats[k] = self.hashes[hashed]
        else:
            why = "" if prev == self.head else "after" if prev == self.past else "order"
            self.hashes[hashed] = k
        self.past = self.head if why == "repeat" else None
        self.renumbered = self._renumbered(event) if why == "changed" and prev == self.head else {}
        if why:
            self.found.append((k, why, hashed, self.head))
            held = [i for i in hand_ids(event.get("hand")) if i not in self.renumbered]
            self.said[k] = (str(event.get("kind", "?")), held)
        if why == "order":
            self.follows[k] = self.last
        named = (named_ids(event) - set(self.renumbered)) | set(self.renumbered.values())
        self.broken = k if why in ("order", "changed") else self.broken
        # ids between those of the entries before and this one's, that no entry holds: the hands
        # of an entry taken out at the last entry that does not fit (as many as an evening could
        # have held at most: past that, an id was edited, not hands taken out). A hand this entry
        # takes off the sheet or sets a Radl mark after, that no entry before holds (nor this
        # one), is one of them, whatever the entry's audit line names; so is a hand a replace
        # holds (it changes hands on the sheet, it adds none)
        holds = set(hand_ids(event.get("hand")))
        referred_only = referred(event) | holds if event.get("kind") == "replace" else referred(event) - holds
        unheld = {i for i in referred_only if i > self.top or i in self.unheld}
        named -= unheld
        self.unheld |= unheld
        top = max(named | unheld, default=0)
        if self.broken and top - self.top <= SKIPPED_AT_MOST - self.skipped:
            if gap := [i for i in range(self.top + 1, top + 1) if i not in named]:
                self.gaps.setdefault(self.broken, []).extend(gap)
                self.skipped += len(gap)
        if why != "repeat":
            self.last = hand_ids(event.get("hand"))
            self.named |= named
            self.top = max(self.top, top)
        if event.get("kind") == "repair" and isinstance(event.get("found"), list):
            if (line := _repair_line(event)) is None or self._lacks(event):  # it vouches for nothing
                self.found.append((k, "repair", hashed, self.head))
                self.said[k] = ("repair", hand_ids(event.get("hand")))
            else:
                at = str(line.get("at"))
                for item in event["found"]:
                    if isinstance(item, dict) and isinstance(item.get("entry"), int) and item["entry"] < k:
                        self.vouched.add((item["entry"], "", item.get("hash"), str(item.get("prev", ""))))
                        self.repaired.update(dict.fromkeys(self.ids(item["entry"]), at))
        if isinstance(event.get("removed"), list):
            self.removed.update(i for i in event["removed"] if isinstance(i, int))
        self.head = stored if isinstance(stored, str) else (hashed or "")

    def _renumbered(self, event: Mapping[str, Any]) -> dict[int, int]:
        """A record changed outside tarockscore that still names the entry before it: its hand's id,
        where not the next (ids rise from hand to hand, none given twice), with the id it should
        have; nothing was taken out before it, so no hand is missing there."""
        items = event.get("hand")
        if event.get("kind") != "record" or not isinstance(items, list) or len(items) != 1:
            return {}
        stored = items[0].get("id") if isinstance(items[0], dict) else None
        if type(stored) is not int or 0 < stored <= self.top + 1:  # the next id, or a hand's of before
            return {}
        return {stored: self.top + 1}

    def _lacks(self, repair: Mapping[str, Any]) -> bool:
        """Whether a ``repair`` entry with its audit line lacks the rest of what ``repair --write`` writes."""
        if not (isinstance(repair.get("head"), str) and isinstance(repair.get("profile_found"), str)):
            return True
        vouched = [
            f["entry"] for f in repair["found"] if isinstance(f, dict) and isinstance(f.get("entry"), int)
        ]
        carried = set(hand_ids(repair.get("hand")))
        return any(i not in self.removed and i not in carried for k in vouched for i in self.ids(k))

    @property
    def header_vouched(self) -> bool:
        return (0, "", self.header, "") in self.vouched

    @property
    def breaks(self) -> list[Break]:
        """The entries that do not fit, a repair after them having vouched for none of them."""
        return [b for b in self.found if (b[0], "", b[2], b[3]) not in self.vouched]

    def problems(self, sheet: Sequence[Entry] = ()) -> list[Problem]:
        """Each entry that no longer fits, in words (entry 0, the header's profile, says itself); a
        hand on the ``sheet`` named as it numbers it."""
        out, missing = [], self.missing
        for k, why, _hashed, _prev in self.breaks:
            if not k or why == "after":  # the entry after a repeat, which names the one before it
                continue
            kind, ids = self.said.get(k, ("?", []))
            values: dict[str, object] = {}
            hand: dict[str, object] = (
                {"hand": hands_label(ids, sheet)} if kind == "record" and len(ids) == 1 else {}
            )
            if why == "repeat":
                template = _REPEAT_HAND if ids else _REPEAT
                values = {"first": self.repeats[k], "kind": kind, "hand": hands_label(ids, sheet)}
            elif k in missing and why == "order":
                template, values = gone(missing[k]), {}
            elif k == 1 and why == "order":
                template = N_("the table or the profile was changed outside tarockscore")
            elif why == "order":
                template, values = (_ORDER_HAND, hand) if hand else (_ORDER, {})
            elif why == "repair":
                template = N_(
                    "this repair entry lacks what a repair writes (its audit line, the head and profile it "
                    "found, every hand it vouches for, re-scored): it vouches for nothing"
                )
            elif hand:
                template, values = N_("{hand} was changed outside tarockscore"), hand
            else:
                template, values = _EDITED, {"kind": kind}
            out.append(Problem.of(f"entry {k}", template, **values))
            if k in missing and why != "order":  # changed, and an entry before it taken out
                out.append(Problem.of(f"entry {k}", gone(missing[k])))
        return out

    def carried(self) -> set[int]:
        """The ids of every hand the entries a repair now vouches for (the breaks) hold."""
        return {i for k, *_ in self.breaks for i in self.ids(k)}

    def covered(self, sheet: Sequence[Entry] = ()) -> Message | None:
        """What the repairs of the log cover, in one line (None: nothing); the hands as the ``sheet``
        numbers them."""
        breaks = self.breaks
        found = {b[0]: b[1] for b in self.found if b not in breaks}
        # an entry that does not follow the one before it because the header's profile was edited
        # (entry 1), or a repeat was (the entry after it): said by the edit, not again
        vouched = [k for k, why in found.items() if why != "after" and not (k == 1 and 0 in found)]
        if not vouched:
            return None
        missing = self.missing
        apart = {*self.follows, *self.repeats}
        ids = {i for k in vouched if k and k not in apart for i in self.ids(k)}
        what: list[Message] = [hands_label(sorted(ids), sheet)] if ids else []
        what += [
            message(N_("{hands} or an entry after it"), hands=hands_label(self.follows[k], sheet))
            if self.follows[k]
            else message(N_("an entry before entry {entry}"), entry=k)
            if k > 1
            else message(N_("the table or the profile"))
            for k in vouched
            if k in self.follows and k not in missing
        ]
        what += [
            message(N_("entry {entry}, a copy of entry {first}"), entry=k, first=self.repeats[k])
            for k in vouched
            if k in self.repeats
        ]
        what += [
            message(N_("entry {entry} ({kind})"), entry=k, kind=self.said.get(k, ("?", []))[0])
            for k in vouched
            if k and not self.ids(k) and k not in apart
        ]
        if 0 in vouched:
            what.append(message(N_("the stored profile")))
        covers = message(
            N_("a repair entry covers {what}: changed outside tarockscore, and taken as it was found"),
            what=listed(what),
        )
        if not (lost := sorted(i for k in vouched if k in missing for i in missing[k])):
            return covers
        without = counted(
            "a repair entry keeps the evening without {hands}, missing: its entry was taken out outside tarockscore",
            "a repair entry keeps the evening without {hands}, missing: their entries were taken out outside tarockscore",
            len(lost),
            hands=hands_label(lost),
        )
        return message(N_("{one}; {other}"), one=covers, other=without) if what else without

    def edited_since(
        self, entry: int, vouched: Container[Any]
    ) -> tuple[tuple[int, ...], set[int], list[int], list[int]]:
        """The entries up to ``entry`` that do not fit and no repair ``vouched`` for, the ids of
        their hands, the ids of the hands before the first that does not follow its entry before,
        and the ids of the hands missing there."""
        edited = [
            (k, why)
            for k, why, hashed, prev in self.found
            if 1 <= k <= entry and why != "after" and (k, "", hashed, prev) not in vouched
        ]
        ids = {i for k, why in edited if why not in ("order", "repeat") for i in self.ids(k)}
        follows = next((self.follows[k] for k, why in edited if why == "order"), [])
        missing = self.missing
        gone = sorted(i for k, _why in edited for i in missing.get(k, ()))
        return tuple(k for k, _ in edited), ids, follows, gone


def _repair_line(event: Mapping[str, Any]) -> dict[str, Any] | None:
    """A ``repair`` entry's own line of the audit trail (None: it has none)."""
    audit = event["audit"] if isinstance(event.get("audit"), list) else []
    return next((a for a in audit if isinstance(a, dict) and a.get("action") == "repair"), None)


def found_by_repair(chain: Chain | None, head: str, profile_sha: str) -> dict[str, Any]:
    """What a repair found: each entry that did not fit, the head, the profile's sha256."""
    out: dict[str, Any] = {"head": head, "profile_found": profile_sha}
    if chain is not None and (breaks := chain.breaks):
        out["found"] = [{"entry": k, "hash": h or "", "prev": prev} for k, _why, h, prev in breaks]
    return out


def differing(then: Ledger, now: Ledger) -> list[int]:
    """The hands of ``then`` (by their number then) that ``now`` no longer holds as they were."""
    kept = {e.id: e for e in now.hands}
    return [
        n
        for n, e in enumerate(then.hands, 1)
        if (o := kept.get(e.id)) is None or (o.keys, o.result) != (e.keys, e.result)
    ]


def _taken(event: Mapping[str, Any]) -> set[int]:
    """The ids an entry takes off the sheet, as written (whole numbers only)."""
    removed = event.get("removed")
    return {i for i in removed if type(i) is int} if isinstance(removed, list) else set()


def named_ids(event: Mapping[str, Any]) -> set[int]:
    """The hand ids an entry names: of its hands, of its audit lines, those it takes off the sheet."""
    return {*hand_ids(event.get("hand")), *hand_ids(event.get("audit"), "hand"), *_taken(event)}


def referred(event: Mapping[str, Any]) -> set[int]:
    """The ids of the hands an entry takes off the sheet, and of those its Radl marks were set after."""
    return {i for i in _taken(event) if i > 0} | set(hand_ids(event.get("radl"), "after"))


def hand_ids(items: Any, key: str = "id") -> list[int]:
    """The ids of an entry's ``hand`` tables (``key``: of its audit lines), an id no hand has left out."""
    if not isinstance(items, list):
        return []
    return [h[key] for h in items if isinstance(h, dict) and type(h.get(key)) is int and h[key] > 0]


LOCK_TIMEOUT = 30.0
OLD_SCHEMA = 1  # the whole evening in one document, before the log: converted by `upgrade`
_MOVED = N_(
    "{path} was changed by another program since it was read; nothing was written. Run the command again to apply it to the {what} as it is now"
)
_REMOVED = N_("{path} was removed since it was read; nothing was written")
_ORDER = N_("an entry before it was removed or changed outside tarockscore")
_REPEAT = N_("a copy of entry {first} ({kind}), added again outside tarockscore")
_REPEAT_HAND = N_("a copy of entry {first} ({kind} of {hand}), added again outside tarockscore")
_ORDER_HAND = N_("an entry before {hand} was removed or changed outside tarockscore")
_EDITED = N_("this entry ({kind}) was changed outside tarockscore")


def gone(ids: Sequence[int]) -> Message:
    """The hands (by their ids) that no entry holds any more, nor took off the sheet: the entries
    that held them were taken out."""
    return counted(
        "{hands} is missing: the entry that held it was taken out outside tarockscore",
        "{hands} are missing: the entries that held them were taken out outside tarockscore",
        len(ids),
        hands=hands_label(ids),
    )


GONE = frozenset(str(gone([1] * n).template) for n in (1, 2))  # its two forms, to know it by

# a repair's line, read in the audit trail long after: the entry by its number
_AT = {
    _ORDER: N_("entry {entry}: an entry before it was removed or changed outside tarockscore"),
    _ORDER_HAND: N_("entry {entry}: an entry before {hand} was removed or changed outside tarockscore"),
    _EDITED: N_("entry {entry} ({kind}) was changed outside tarockscore"),
    _REPEAT: N_("entry {entry}: a copy of entry {first} ({kind}), added again outside tarockscore"),
    _REPEAT_HAND: N_(
        "entry {entry}: a copy of entry {first} ({kind} of {hand}), added again outside tarockscore"
    ),
}
_NO_VALUE = N_(
    "nothing was read or written: put the entry named back as it was written, or restore the file from a copy (a repair re-scores hands, but cannot mend a value no ledger can hold)"
)
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
    chain: Chain
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
    found: tuple[Problem, ...] = ()  # a repair's: each entry changed outside tarockscore
    cut: bool = False  # a last entry cut short (a write that did not finish) was cut off

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


class NotTomlNotALedger(NotALedger, UnreadableLedger):
    """A file that is no TOML and sets no schema: notes, no ledger."""


class NoLedgerHere(UnreadableLedger):
    """No file at the ledger's path."""


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
        safe_io.decode(raw[: header_end(raw)], name, LedgerError), name, LedgerError, safe_io.LEDGER
    )


def header_table(path: Path) -> dict[str, Any]:
    """The file's ``[table]`` as its header holds it, its entries unread ({} where it holds none)."""
    table = header(load(path), str(path)).get("table")
    return table if isinstance(table, dict) else {}


def _seated(table: Mapping[str, Any]) -> tuple[str, ...]:
    players = table.get("players")
    return tuple(p for p in players if isinstance(p, str)) if isinstance(players, list) else ()


def seats(path: Path) -> tuple[str, ...]:
    """The seat order the file's header holds, its entries unread (a table's players never change
    after ``new``): what a player's name typed on the command line is read against."""
    return _seated(header_table(path))


SEATS_OTHER = N_(
    "{value}: the sheet seats {names}, whom the draw seated at table {other}: it is that table's sheet (two tables' sheets exchanged?); put it back at {there}, and this table's sheet here"
)
_DRAWN_ELSEWHERE = N_(
    "{value}: the sheet seats {names}, whom the draw seated at {label}: it is that table's sheet; put it back at {there}, and this table's sheet here"
)
_NOTHING_WRITTEN = N_("{problem}; nothing was written")


def misplaced(path: Path, players: Sequence[str], place: object) -> Problem | None:
    """A tournament table's sheet at another table's place in its day (two tables' sheets
    exchanged), as a change refuses it: its header names the round and table the draw made it
    for, its file another. A change to it would count at the table whose place it sits in."""
    here, drawn = sheet_at(path), drawn_at(place if isinstance(place, str) else None)
    if here is None or drawn is None or here == (drawn.round, drawn.table):
        return None
    there = path.parent.parent / sheet_file(drawn.round, drawn.table)
    values = {"value": table_label(*here), "names": ", ".join(players), "there": there}
    if drawn.round == here[0]:
        problem = message(SEATS_OTHER, other=drawn.table, **values)
    else:
        problem = message(_DRAWN_ELSEWHERE, label=table_label(drawn.round, drawn.table), **values)
    return Problem.of(str(path), _NOTHING_WRITTEN, problem=problem)


def misplaced_sheet(path: Path) -> Problem | None:
    """:func:`misplaced` as the file's header says it, its entries unread, before a change is
    asked for (the change refuses it again under the lock); None where the header cannot be read.
    A ledger kept at no table's place (``round-1/table-2.toml``) is not read for it."""
    if sheet_at(path) is None:
        return None
    try:
        table = header_table(path)
    except (LedgerError, OSError):
        return None
    return misplaced(path, _seated(table), table.get("place"))


def _ledger_like(raw: bytes) -> bool:
    """Whether a file may be an evening's ledger, damaged or not (a copy saved as UTF-16 too):
    notes, another program's TOML or an empty file are not."""
    return _LEDGER_LINE.search(raw.replace(b"\0", b"").lstrip(b"\xef\xbb\xbf\xfe\xff")) is not None


def _snapshot(path: Path, raw: bytes, repairing: bool = False, since: str | None = None) -> Snapshot:
    name = str(path)
    if not _ledger_like(raw):
        try:
            other = safe_io.other_kind(dict(header(raw, name)), safe_io.LEDGER)
        except LedgerError:
            raise NotTomlNotALedger(NOT_A_LEDGER, path=path) from None  # no TOML at all: notes
        if other is None:
            raise NotALedger(NOT_A_LEDGER, path=path)
    top = header(raw, name)
    # a file of no entries, or a day's log (its entries are the day's): known by its header
    if (header_end(raw) == len(raw) or "tournament" in top) and "table" not in top and "event" not in top:
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
    chain = Chain(top, pin_broken=table is None)
    if table is None:
        table = fold.read_header(top, True, problems)
        if table is None and not repairing:
            raise LedgerError(pin.problems)
        problems.raise_if_any(LedgerError)
    assert table is not None  # every way of leaving it None raised
    for key in sorted(set(top) - {"schema", "table", "profile"}):
        problems.add(key, UNKNOWN, allowed=TOP_KEYS, hint="")
    problems.raise_if_any(LedgerError)
    state, size = fold.State(Ledger(table)), header_end(raw)
    found = Since(0, state.ledger(), frozenset(), []) if since and chain.head.startswith(since) else None
    requests: dict[str, Request] = {}
    for k, (end, event) in enumerate(entries(raw, str(path)), 1):
        chain.add(event)
        fold.apply(state, event, f"entry {k}", problems, chain.renumbered)
        if isinstance(event, dict) and isinstance(asked := event.get("request"), str):
            requests[asked] = _request(k, event, len(state.audit))
        if found is not None and isinstance(event, dict):  # an entry since the head asked for, said
            found.after.append({"entry": k, "kind": event.get("kind"), "at": event.get("at")})
        if since and chain.head.startswith(since):
            found = Since(k, state.ledger(), frozenset(chain.vouched), [])
        size = end
    if pin.problems and not (repairing or chain.header_vouched):
        raise LedgerError(pin.problems)
    if problems.problems:  # a hand not read leaves no sheet to number the others by: named by their ids
        order = any(why == "order" for _k, why, *_ in chain.breaks)
        raise LedgerError(
            [*chain.problems(), *problems.problems, Problem.of("", OUT_OF_ORDER if order else _NO_VALUE)]
        )
    said, sha = tuple(chain.problems(state.ledger().hands)), hashlib.sha256(raw).hexdigest()
    torn = size < len(raw)
    return Snapshot(path, state.ledger(), sha, chain.head, size, said, chain, found, torn, requests)


def _request(k: int, event: Mapping[str, Any], audited: int) -> Request:
    ids = tuple(hand_ids(event.get("hand")))
    return Request(k, str(event.get("kind")), ids, audited - 1 if event.get("audit") else None)


HELD = N_(
    "{path}: {hand}: {where}: {said}; recorded before the rules refused this, the hand is read as it was recorded"
)

_TORN = N_(
    "{path}: its last entry is cut short, a write that did not finish: it is left out, and the next change cuts it off"
)


def said_on_reading(snapshot: Snapshot) -> tuple[str, ...]:
    """What a read says beside its sheet: which hands a repair covers, a last entry cut short, a
    hand whose card points the rules now refuse, recorded before they did."""
    said = []
    for number, e, refused in refused_now(snapshot.ledger.hands, snapshot.ledger.profile):
        what = Message(refused.template, refused.values)
        hand = label(e.id, number)
        said.append(message(HELD, path=snapshot.path, hand=hand, where=refused.where, said=what))
    if (repaired := snapshot.chain.covered(snapshot.ledger.hands)) is not None:
        said.append(message(N_("{path}: {said}"), path=snapshot.path, said=repaired))
    if snapshot.torn:
        said.append(message(_TORN, path=snapshot.path))
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
def locked(
    path: Path,
    timeout: float = LOCK_TIMEOUT,
    what: str = safe_io.LEDGER,
    error: type[TarockError] = LedgerError,
) -> Iterator[None]:
    """Hold the exclusive lock of a ledger, or of the file ``what`` names (``safe_io.DAY``), for a
    read-append (the real file's sidecar ``.lock``); the file need not be there yet. A file that is
    no regular file, or a lock held too long, raises ``error`` (the day's: ``TournamentError``)."""
    safe_io.check_regular(path, what, error)  # through its links, named as given
    busy = message(
        N_(
            "{path}: another tarockscore command has held the {what} for {seconds} s; nothing was written, try again"
        ),
        path=path,
        what=safe_io.file_kind(what),
        seconds=round(timeout),
    )
    with safe_io.exclusive(path, timeout, busy, error, what):
        yield


def check_writable(path: Path) -> None:
    """Refuse to change a closed evening (a read-only file) or a file with several hard links."""
    closed = N_(
        "{path} is read-only: the evening is closed, so nothing was written. To reopen it, make it writable again (`chmod u+w {path}`, or untick read-only in its properties)"
    )
    st = safe_io.open_for_change(path, message(closed, path=path), LedgerClosed)
    if st is not None and st.st_nlink > 1:
        links = N_(
            "{path} has {links} hard links (other names for the same file); a change locks the ledger by "
            "the name it was given, so a change made through another name at the same time would not "
            "wait for it: nothing was written. Keep one name (remove the others), or use a symbolic link instead"
        )
        raise LedgerError(links, path=path, links=st.st_nlink)


def write_text(path: Path, text: str, expected_sha: str | None, what: str = safe_io.LEDGER) -> None:
    """Replace the file atomically, if it still has ``expected_sha`` (None: must not exist yet);
    ``what``: the kind of file, as its messages name it."""
    try:
        current: str | None = hashlib.sha256(load(path)).hexdigest()
    except NoLedgerHere:
        current = None
    if current != expected_sha:
        if expected_sha is None:
            raise LedgerError(N_("{path} already exists; nothing was written"), path=path)
        raise LedgerChanged(_REMOVED if current is None else _MOVED, path=path, what=safe_io.file_kind(what))
    data = text.encode("utf-8")
    _limit(path, len(data))
    safe_io.atomic_write(path, data, LedgerError, what)


_TOO_LARGE = N_(
    "{path}: the ledger would grow past {limit}, the most a ledger may be; nothing was written. "
    "Keep the hands to come in a new ledger"
)


def _limit(path: Path, size: int) -> None:
    """Never write a ledger larger than a ledger may be read."""
    if size > safe_io.LEDGER_LIMIT:
        raise LedgerError(_TOO_LARGE, path=path, limit=safe_io.size_text(safe_io.LEDGER_LIMIT))


def create(path: Path, ledger: Ledger) -> str:
    """Write a new ledger (its hands, if any, in one entry ``begin``), never over an evening kept at ``path``. The head."""
    with locked(path):
        safe_io.remove_stale_temps(path)
        if path.exists():
            kept = _ledger_like(safe_io.read_regular(path, "ledger", safe_io.LEDGER_LIMIT, LedgerError))
            raise LedgerError(LEDGER_EXISTS if kept else NOT_A_LEDGER_KEPT, path=path)
        return save(path, ledger, None)


def _begin(ledger: Ledger) -> list[dict[str, Any]]:
    if not (ledger.hands or ledger.audit or ledger.radl):
        return []
    return [fold.event_of(Ledger(ledger.table), ledger, ledger.table.created, "begin")]


def save(
    path: Path,
    ledger: Ledger,
    expected_sha: str | None,
    events: list[dict[str, Any]] | None = None,
) -> str:
    """The one writer of a whole new file, under its lock, refused if the file is not the one read."""
    text, head = whole_file(ledger, events if events is not None else _begin(ledger))
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
    seen: Callable[[Snapshot], None] = lambda snapshot: None,
) -> Change:
    """Under the ledger's lock: read, fold and verify it (``seen``: told the ledger as read), change
    it, and append the change's entry."""
    with locked(path):
        raw = opened(path)
        snapshot = _snapshot(path, raw)
        if request is not None and (done := snapshot.requests.get(request)) is not None:
            verify(snapshot)
            seen(snapshot)
            return Change(snapshot.ledger, snapshot.ledger, snapshot.head, done)
        if expected is not None and expected not in (snapshot.head, snapshot.sha256):
            raise LedgerChanged(
                N_(
                    "{path} changed since it was read (another terminal recorded or corrected a hand); nothing was written. Run the command again"
                ),
                path=path,
            )
        verify(snapshot)
        if (elsewhere := misplaced(path, snapshot.ledger.players, snapshot.ledger.table.place)) is not None:
            raise LedgerError([elsewhere])
        seen(snapshot)
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
    text, head, full = block(event, snapshot.head)
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
    moved = LedgerChanged(_MOVED, path=path, what=safe_io.file_kind(safe_io.LEDGER))
    try:
        safe_io.append_at(path, (raw, snapshot.size), data, LedgerError, moved)
    except FileNotFoundError:
        raise LedgerChanged(_REMOVED, path=path) from None
    return Change(old, new, head, cut=snapshot.torn)


def repair(path: Path, change: Callable[[Ledger], Ledger], write: bool, at: str = "") -> Change:
    """``tarockscore repair``: re-score the ledger as it stands; with ``write``, append a ``repair`` entry."""
    if not write:
        snapshot = read(path, repairing=True)
        return Change(snapshot.ledger, change(snapshot.ledger), snapshot.head, found=snapshot.problems)
    with locked(path):
        raw = opened(path)
        snapshot = _snapshot(path, raw, repairing=True)
        new = naming(change(snapshot.ledger), snapshot.problems)
        found = found_by_repair(snapshot.chain, snapshot.head, snapshot.ledger.table.profile.sha256)
        carry = snapshot.chain.carried()
        pairs = zip(snapshot.ledger.hands, new.hands, strict=True)
        if hands := [fold.hand_mapping(e) for o, e in pairs if e.id in carry or o.result != e.result]:
            found["hand"] = hands  # every hand it vouches for, re-scored, beside those it changes
        elif not snapshot.problems:  # a sound evening: nothing to repair, nothing written
            return Change(snapshot.ledger, snapshot.ledger, snapshot.head)
        return replace(_write(raw, snapshot, new, "repair", at, found), found=snapshot.problems)


def naming(repaired: Ledger, found: tuple[Problem, ...]) -> Ledger:
    """The repair's audit entry, naming what it ``found`` changed outside tarockscore."""
    said = [
        counted(  # said plainly, as the evening it seals is without them
            "entry {entry}: {hands} is missing, the entry that held it taken out outside tarockscore; the evening is kept without it",
            "entry {entry}: {hands} are missing, the entries that held them taken out outside tarockscore; the evening is kept without them",
            p.template.n,
            entry=p.where.removeprefix("entry "),
            **dict(p.values),
        )
        if isinstance(p.template, Counted) and p.template in GONE
        else message(_AT[p.template], entry=p.where.removeprefix("entry "), **dict(p.values))
        if p.template in _AT
        else p.message
        for p in found
    ]
    if not said or not repaired.audit:
        return repaired
    last = repaired.audit[-1]
    detail = message(N_("{detail}; found: {found}"), detail=last.detail, found="; ".join(said))
    return repaired._replace(audit=(*repaired.audit[:-1], last._replace(detail=detail)))
