"""The ledger's log, its one format: the writer of its TOML, the reader that walks it entry by entry, the chain of hashes."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Container, Iterator, Mapping, Sequence
from json.encoder import encode_basestring
from typing import Any

from tarockscore.errors import N_, LedgerError, Message, Problem, listed, message
from tarockscore.evening import fold
from tarockscore.evening.model import Ledger
from tarockscore.evening.operations import hands_label
from tarockscore.io import safe_io

HEADER = (
    "# An evening of Tarock, kept by tarockscore (format: docs/ledger-format.md).\n"
    "# Each change is an [[event]] appended at the end; `tarockscore check` verifies the chain.\n"
    "\n"
)
MARK = b"\n[[event]]"  # where an entry begins: the writer starts each one on a line of its own
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
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
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
        value = tomllib.loads(data.decode("utf-8"))
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
        prefix = f"{name}:{line}" if line is not None else name
        out.append(p.moved(f"{prefix}: {p.where}" if p.where else prefix))
    return out


# An entry of the log that does not fit its chain, as the chain keeps it: its number, why
# ("changed", "order", "repair", "profile"), its hash now, the prev it should name.
Break = tuple[int, str, str | None, str]


class Chain:
    """The chain followed entry by entry (docs/ledger-format.md)."""

    __slots__ = ("header", "head", "count", "found", "vouched", "said", "removed", "repaired")

    def __init__(self, header: Mapping[str, Any], pin_broken: bool = False) -> None:
        self.header = self.head = header_hash(header) or ""
        self.count = 0
        self.found: list[Break] = [(0, "profile", self.head, "")] if pin_broken else []
        self.vouched: set[Break] = set()
        self.said: dict[int, tuple[str, list[int]]] = {}  # a broken entry's kind and hand ids
        self.removed: set[Any] = set()  # the ids taken off the sheet so far
        self.repaired: dict[int, str] = {}  # a hand a repair took as found: its id, the repair's time

    def ids(self, k: int) -> list[int]:
        """The ids of the hands broken entry ``k`` holds."""
        return self.said.get(k, ("", []))[1]

    def add(self, event: Any) -> None:
        self.count = k = self.count + 1
        event = event if isinstance(event, dict) else {}
        hashed = entry_hash(event)
        stored = event["chain"].get("hash") if sealed(event) else None
        if hashed is None or stored != hashed:
            why = "changed"
        else:
            why = "order" if event["chain"].get("prev") != self.head else ""
        if why:
            self.found.append((k, why, hashed, self.head))
            self.said[k] = (str(event.get("kind", "?")), hand_ids(event.get("hand")))
        if event.get("kind") == "repair" and isinstance(event.get("found"), list):
            if self._lacks(event):  # it vouches for nothing
                self.found.append((k, "repair", hashed, self.head))
                self.said[k] = ("repair", hand_ids(event.get("hand")))
            else:
                at = next(
                    str(a.get("at"))
                    for a in event["audit"]
                    if isinstance(a, dict) and a.get("action") == "repair"
                )
                for item in event["found"]:
                    if isinstance(item, dict) and isinstance(item.get("entry"), int) and item["entry"] < k:
                        self.vouched.add((item["entry"], "", item.get("hash"), str(item.get("prev", ""))))
                        self.repaired.update(dict.fromkeys(self.ids(item["entry"]), at))
        if isinstance(event.get("removed"), list):
            self.removed.update(i for i in event["removed"] if isinstance(i, int))
        self.head = stored if isinstance(stored, str) else (hashed or "")

    def _lacks(self, repair: Mapping[str, Any]) -> bool:
        """Whether a ``repair`` entry lacks what ``repair --write`` writes."""
        audit = repair.get("audit")
        if not (
            isinstance(audit, list)
            and any(isinstance(a, dict) and a.get("action") == "repair" for a in audit)
        ):
            return True
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

    def problems(self) -> list[Problem]:
        """Each entry that no longer fits, in words (entry 0, the header's profile, says itself)."""
        out = []
        for k, why, _hashed, _prev in self.breaks:
            if not k:
                continue
            kind, ids = self.said.get(k, ("?", []))
            values: dict[str, object] = {}
            if k == 1 and why == "order":
                template = N_("the table or the profile was changed outside tarockscore")
            elif why == "order":
                template = N_("an entry before it was removed or changed outside tarockscore")
            elif why == "repair":
                template = N_(
                    "this repair entry lacks what a repair writes (its audit line, the head and profile it "
                    "found, every hand it vouches for, re-scored): it vouches for nothing"
                )
            elif kind == "record" and len(ids) == 1:
                template, values = N_("hand {id} was changed outside tarockscore"), {"id": ids[0]}
            else:
                template, values = N_("this entry ({kind}) was changed outside tarockscore"), {"kind": kind}
            out.append(Problem.of(f"entry {k}", template, **values))
        return out

    def carried(self) -> set[int]:
        """The ids of every hand the entries a repair now vouches for (the breaks) hold."""
        return {i for k, *_ in self.breaks for i in self.ids(k)}

    def covered(self) -> Message | None:
        """What the repairs of the log cover, in one line (None: nothing)."""
        breaks = self.breaks
        vouched = [b[0] for b in self.found if b not in breaks]
        if not vouched:
            return None
        ids = {i for k in vouched if k for i in self.ids(k)}
        what: list[Message] = [hands_label(sorted(ids))] if ids else []
        what += [
            message(N_("entry {entry} ({kind})"), entry=k, kind=self.said.get(k, ("?", []))[0])
            for k in vouched
            if k and not self.ids(k)
        ]
        if 0 in vouched:
            what.append(message(N_("the stored profile")))
        return message(
            N_("a repair entry covers {what}: changed outside tarockscore, and taken as it was found"),
            what=listed(what),
        )

    def edited_since(self, entry: int, vouched: Container[Any]) -> tuple[tuple[int, ...], set[int]]:
        """The entries up to ``entry`` that do not fit and no repair ``vouched`` for, and the ids of their hands."""
        edited = [
            (k, why)
            for k, why, hashed, prev in self.found
            if 1 <= k <= entry and (k, "", hashed, prev) not in vouched
        ]
        ids = {i for k, why in edited if why != "order" for i in self.ids(k)}
        return tuple(k for k, _ in edited), ids


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


def hand_ids(items: Any) -> list[int]:
    """The ids of an entry's ``hand`` tables (what is not a table with an integer id left out)."""
    if not isinstance(items, list):
        return []
    return [h["id"] for h in items if isinstance(h, dict) and isinstance(h.get("id"), int)]
