"""The ledger file's text in parts: split into its top-level tables, and rendered part by part,
taking the parts that did not change from the file just read (I/O layer).

tomli-w renders a document as its top-level keys that are not tables (``schema``, ``digest``),
then each top-level table and each element of a top-level array of tables in the mapping's
order, a blank line before each. Each such part is rendered alone here exactly as it is in the
whole (:func:`render_part`), so a part whose value is the one the file just read holds, in a
file that is laid out as tomli-w lays it out (:func:`canonical`), can be taken from that file as
it stands: the text is byte for byte the whole rendering. Whether the text reads back as the
mapping is still proven for the whole text by ``ledger_file``.
"""

import functools
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

import tomli_w

T = TypeVar("T")

# A line that opens a top-level table or an element of a top-level array of tables: ``[table]``,
# ``[[hand]]``; sought after a line break (the text is searched with one put before it). Each
# part of the text runs from one such line to the next. TOML's lines end in "\n" (or "\r\n",
# where "\r" is then the end of the header's line, which no header pattern here takes).
_TOP_HEADER = re.compile(r"\n(\[\[?)([A-Za-z0-9_-]+)(\]\]?)(?=\n|\Z)")


@functools.cache
def _bracket_line(name: str) -> re.Pattern[str]:
    """A line that opens with a bracket (after blanks) and not with a header under ``name``."""
    return re.compile(rf"\n[^\S\n]*\[+(?!{re.escape(name)}\.)")


@functools.lru_cache(maxsize=4)
def parts(text: str) -> tuple[str, tuple[tuple[str, bool, str], ...]] | None:
    """The text before the first table, and each top-level table's part: its name, whether it
    is an element of an array of tables, its text. None where parts cannot be read alone.

    Parts are read alone only in text without multi-line strings: there, a line that opens a
    table is a table's header and nothing else (a string cannot span lines, an array's line
    cannot be a header), and a part whose every header (and every line opening with a bracket)
    lies under its own name (``[hand.entry]``
    after ``[[hand]]``) reads alone exactly as it reads in the whole text: it makes its own table,
    or appends its own element to its array, and nothing else. (The texts of the last few calls
    are kept: a write splits the file it read and the text it made more than once.)
    """
    if '"""' in text or "'''" in text:
        return None
    heads = [(m.start(), m.end() - 1, m.groups()) for m in _TOP_HEADER.finditer("\n" + text)]
    if not heads:
        return text, ()
    out: list[tuple[str, bool, str]] = []
    for (start, end, (opening, name, closing)), after in zip(heads, [*heads[1:], None], strict=True):
        if len(opening) != len(closing):
            return None
        part = text[start : after[0] if after is not None else len(text)]
        if _bracket_line(name).search(part, end - start) is not None:
            return None  # a header elsewhere, or an array's line that looks like one
        out.append((name, opening == "[[", part))
    return text[: heads[0][0]], tuple(out)


# The lines tomli-w writes for a ledger: `key = value` (a value on one line, or an array opened
# on it), an array's items one per line, its closing bracket, and a blank line only before a
# table's header, which always has one. Strings with tomli-w's escapes only; keys bare where
# they can be; whole numbers without sign, underscores or leading zeros. (A subset: text in any
# other layout is rendered whole, never taken part by part.)
#
# The check runs in two passes, so that the string pattern is compiled once rather than at each
# of the two dozen places of the grammar where a string may stand (compiling that one pattern
# took about 4.4 ms, on every write). First every string is replaced by a mark: \x01\x02, or
# \x01NAME\x02 for a string that could have been written bare (``"Anna"``), which tomli-w never
# quotes as a key. A quote that no string pattern takes stays in the text and fails the second
# pass, the grammar of lines over the marked text. (The marks cannot come from the text: a text
# holding either character is not in the layout.)
STRING = r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]++|\\[bnfr"\\]|\\u00(?:0[0-7bef]|1[0-9a-f]|7f))*+"'
_STRING_OR_NAME = rf'"([A-Za-z0-9_-]+)"|{STRING}'


def _mark(string: re.Match[str]) -> str:
    # A function, not the template "\x01\\1\x02": Python 3.11 expands a template with a group
    # in Python code at each match, about three times as slow as this call.
    name = string.group(1)
    return "\x01\x02" if name is None else f"\x01{name}\x02"


_KEY = r"(?:[A-Za-z0-9_-]+|\x01\x02)"
_SCALAR = r"(?:\x01[A-Za-z0-9_-]*\x02|-?(?:0|[1-9][0-9]*)|true|false)"
_INLINE = rf"(?:\{{\}}|\{{ {_KEY} = {_SCALAR}(?:, {_KEY} = {_SCALAR})* \}})"
_LINE = rf"(?:{_KEY} = (?:{_SCALAR}|\[\]?)|(?:    )+(?:(?:{_SCALAR}|{_INLINE}|\[\]),|\[)|(?:    )*\],?)\n"
_HEAD = rf"(?:\[{_KEY}(?:\.{_KEY})*\]|\[\[{_KEY}(?:\.{_KEY})*\]\])\n"
# Lines, and a header after a blank line, in any order (neither can start as the other does).
_CANONICAL = rf"(?:{_LINE}|\n{_HEAD})*+"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    # Compiled on the first write, not at import: the commands that only read a ledger (show,
    # check, settle, season) need not pay for it.
    return re.compile(_STRING_OR_NAME), re.compile(_CANONICAL)


def canonical(text: str, start: int = 0) -> bool:
    """Whether ``text`` from ``start`` is laid out line by line as tomli-w lays out a ledger.

    Cheap (two passes of regular expressions), and not a proof that the text is tomli-w's
    rendering of what it reads as: within these lines it does not see the order of keys (the
    values' own order is compared where a part is taken, see :func:`render`), nor an inline
    array of tables where tomli-w writes ``[[...]]`` headers, nor an empty table's header that
    tomli-w leaves out. A file edited by hand in those ways only keeps that layout in the
    parts a write does not change; it reads back the same all the same.
    """
    if "\x01" in text or "\x02" in text:
        return False
    strings, lines = _patterns()
    return lines.fullmatch(strings.sub(_mark, text[start:])) is not None


# A table that tomli-w never writes inline (its array spans lines), appended after an element
# to make it render as a ``[[...]]`` table even where it alone would fit on one line.
_NEVER_INLINE = {"-": [0]}


@functools.cache
def _filler(name: str) -> str:
    """The text tomli-w writes for :data:`_NEVER_INLINE` after an element of array ``name``."""
    two = tomli_w.dumps({name: [_NEVER_INLINE, _NEVER_INLINE]})
    return two[two.index("\n\n") + 1 :]


def render_part(name: str, aot: bool, value: Any) -> str:
    """One top-level part as tomli-w writes it within the whole document: a table, or one
    element of an array of tables (``aot``); without the blank line that follows it there."""
    if not aot:
        return tomli_w.dumps({name: value})
    text = tomli_w.dumps({name: [value, _NEVER_INLINE]})
    tail = _filler(name)
    if not text.endswith(tail):  # pragma: no cover - a tomli-w that lays arrays out otherwise
        raise ValueError(f"tomli-w renders [[{name}]] in a way not foreseen")
    return text[: -len(tail)]


def layout(mapping: Mapping[str, Any]) -> tuple[dict[str, Any], list[tuple[str, bool, Any]]]:
    """What tomli-w writes before the first table (the keys that are not tables, in order), and
    each part after it in order: name, whether an element of an array of tables, value."""
    lead: dict[str, Any] = {}
    tables: list[tuple[str, bool, Any]] = []
    for name, value in mapping.items():
        if isinstance(value, Mapping):
            tables.append((name, False, value))
        elif (
            isinstance(value, list | tuple)
            and value
            and all(isinstance(v, Mapping) for v in value)
            # tomli-w writes the array inline only when every element fits on one line
            and not all(not tomli_w.dumps({name: [v]}).startswith("[[") for v in value)
        ):
            tables.extend((name, True, v) for v in value)
        else:
            lead[name] = value
    return lead, tables


def _same_layout(old: Any, new: Any) -> bool:
    """Equal values that tomli-w renders alike: the same keys in the same order, the same types."""
    if old is new:
        return True
    if old != new:
        return False
    try:
        return json.dumps(old, ensure_ascii=False) == json.dumps(new, ensure_ascii=False)
    except (TypeError, ValueError):
        return False


def placed(parts: Iterable[tuple[str, bool, T]]) -> Iterator[tuple[str, int, bool, T]]:
    """Each part with its place among the parts of its name: ``hand`` 0, ``hand`` 1, ``table`` 0."""
    seen: dict[str, int] = {}
    for name, aot, item in parts:
        index = seen[name] = seen.get(name, -1) + 1
        yield name, index, aot, item


def old_value(old: Mapping[str, Any], name: str, aot: bool, index: int) -> Any:
    value = old.get(name)
    if not aot:
        return value
    return value[index] if isinstance(value, list) and index < len(value) else None


def render(
    header: str,
    mapping: Mapping[str, Any],
    read: tuple[str, Mapping[str, Any]] | None,
    laid_out_from: int | None = None,
) -> str:
    """``header`` and the mapping rendered by tomli-w, byte for byte as ``header +
    tomli_w.dumps(mapping)``; the parts whose value is that of the same part in ``read`` (the
    text just read and the mapping it parsed to) are taken from that text instead.

    A part is taken only where the text read starts with ``header`` and is laid out as tomli-w
    lays it out (:func:`canonical`; ``laid_out_from``: where the layout reader found the text
    read in the layout from, which spares the check when that is just after ``header``), the part is the same one (the same name and index, a table
    or an element alike) and its value is the one the text read holds there, its keys in the
    same order (:func:`_same_layout`). Anything else is rendered: the whole text where the text
    read cannot be split or is in another layout, else the part alone (:func:`render_part`).
    """
    split = None
    if (
        read is not None
        and read[0].startswith(header)
        and (laid_out_from == len(header) or canonical(read[0], len(header)))
    ):
        split = parts(read[0])
    if read is None or split is None:
        return header + tomli_w.dumps(mapping)
    old_data = read[1]
    last = len(split[1]) - 1
    # a part but the last ends in the blank line before the next one (canonical: "\n\n")
    known = {
        (name, index): (aot, part if i == last else part[:-1])
        for i, (name, index, aot, part) in enumerate(placed(split[1]))
    }
    lead, tables = layout(mapping)
    out = [header, tomli_w.dumps(lead)]
    for name, index, aot, value in placed(tables):
        if len(out) > 2 or lead:
            out.append("\n")
        old = known.get((name, index))
        if old is not None and old[0] == aot and _same_layout(old_value(old_data, name, aot, index), value):
            out.append(old[1])
        else:
            out.append(render_part(name, aot, value))
    return "".join(out)
