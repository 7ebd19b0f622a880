"""A ledger laid out as tomli-w lays it out, read line by line (I/O layer).

``tomllib`` reads any TOML, a character at a time in pure Python: about 10 ms for an evening of
a hundred hands, the largest single cost of ``record``, and most of ``check`` and ``season``. A
ledger that tarockscore wrote is in one narrow layout, the one :func:`ledger_text.canonical`
checks: one ``key = value`` per line, arrays one item per line, headers after a blank line,
strings with tomli-w's escapes only, whole numbers and booleans. Text in that layout is read
here line by line, several times as fast, each line checked as it is read: a text this reader
answers for is one ``canonical`` accepts (:func:`loads_at` says from where, so a write need not
check the layout of the file it read a second time).

This reader only ever answers for text it is sure of; everything else is ``tomllib``'s. It
answers None, and the caller parses the text with ``tomllib`` (which then gives its own error,
or its own mapping), where the text is not in the layout, or where TOML's rules on tables would
need a decision: a key or table defined twice, a header reaching into a value, an array of
tables over a plain array, a table defined after one of its own sub-tables, a quoted key in a
header, an integer too long for Python, tables and arrays nested deeper than
:data:`safe_io.MAX_DEPTH` (tomllib's reading then refuses the file). Where it answers, the
mapping is the one ``tomllib`` gives; ``tests/test_layout_reader.py`` holds it to that, and to
``canonical``'s verdict, on generated ledgers, on every hand edit of one, and on thousands of
drawn mutations of one.
"""

import re
from typing import Any

from tarockscore.files.ledger_text import STRING
from tarockscore.files.safe_io import MAX_DEPTH

# The tokens of the layout: a bare key, a whole number. A string is checked by :func:`_checked`.
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
# A string as a token: from a quote to the next quote that no backslash escapes. Such a token
# ends where a string of the layout ends; whether it is one is :func:`_checked`'s question.
_TOKEN = r'"(?:[^"\\]|\\.)*"'
_INLINE_PAIR = re.compile(rf"([A-Za-z0-9_-]+|{_TOKEN}) = ({_TOKEN}|[^,}}]+)(, | }})")
# A quoted key's line, and tomli-w's escapes within a string (the named ones, and \u00XX for the
# other control characters): rare, so compiled on first use (re keeps them), as is the layout's
# own pattern of a string (``ledger_text.STRING``), asked only of a string with an escape.
_KEY_LINE = rf"({_TOKEN}) = (.*)"
_ESCAPE = r"\\(u00[0-9a-fA-F]{2}|[bnfr\"\\])"
_NAMED = {"b": "\b", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_INDENT = "    "
# Comment lines and blank lines, as TOML allows them (no control character but the tab).
_COMMENTS = re.compile(r"(?:#[^\x00-\x08\x0a-\x1f\x7f]*\n|\n)*")


class _Unsure(Exception):
    """The text needs ``tomllib``'s decision."""


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    return _NAMED[code] if len(code) == 1 else chr(int(code[1:], 16))


def _string(token: str) -> str:
    body = token[1:-1]
    return re.sub(_ESCAPE, _unescape, body) if "\\" in body else body


def _checked(token: str) -> bool:
    """Whether a string token is one the layout writes. Without a backslash, that is a printable
    text with no quote in it (stricter than the layout, which also takes a tab or a space other
    than the blank: such a string is left to ``tomllib``); with one, the layout's pattern says."""
    body = token[1:-1]
    if "\\" in body:
        return len(token) > 1 and token[0] == token[-1] == '"' and re.fullmatch(STRING, token) is not None
    return len(token) > 1 and token[-1] == '"' and '"' not in body and body.isprintable()


def _scalar(token: str) -> Any:
    if token[0] == '"':
        if not _checked(token):
            raise _Unsure
        return _string(token)
    if token == "true":
        return True
    if token == "false":
        return False
    if _INTEGER.fullmatch(token) is None:
        raise _Unsure
    try:
        return int(token)
    except ValueError:  # more digits than Python converts: tomllib names the error
        raise _Unsure from None


def _key(token: str) -> str:
    """A key as the layout writes it: bare where it can be, quoted only where it cannot."""
    if token[0] != '"':
        if _BARE.fullmatch(token) is None:
            raise _Unsure
        return token
    if not _checked(token) or _BARE.fullmatch(token, 1, len(token) - 1) is not None:
        raise _Unsure
    return _string(token)


def loads(text: str) -> dict[str, Any] | None:
    """The mapping ``tomllib.loads(text)`` gives, for text in the layout after its leading
    comment lines and blank lines (a ledger's header); None for any other text, and wherever
    TOML's rules would need a decision (see the module's text)."""
    found = loads_at(text)
    return None if found is None else found[0]


def loads_at(text: str) -> tuple[dict[str, Any], int] | None:
    """:func:`loads`, with where the text's layout starts (after its leading comment lines and
    blank lines): from there the text is one that :func:`ledger_text.canonical` accepts."""
    head = _COMMENTS.match(text)  # it matches at least the empty text
    if head is None or "\x01" in text or "\x02" in text:
        return None
    try:
        return _Reading().read(text[head.end() :].split("\n")), head.end()
    except _Unsure:
        return None


class _Reading:
    """One text being read. A ledger says the same keys, names and numbers again and again:
    each token is checked and converted once, and the same value is taken again after."""

    __slots__ = ("root", "headed", "arrays_of_tables", "stack", "scalars", "keys", "paths")

    def __init__(self) -> None:
        self.root: dict[str, Any] = {}
        self.headed: set[int] = {id(self.root)}  # tables headers made or passed through: may grow
        self.arrays_of_tables: set[int] = set()
        self.stack: list[list[Any]] = []  # the arrays open, outermost first
        self.scalars: dict[str, Any] = {}  # a token checked: its value
        self.keys: dict[str, str] = {}  # a key token checked: its key
        self.paths: dict[str, tuple[bool, list[str]]] = {}  # a header line checked: [[?]], its keys

    def scalar(self, token: str) -> Any:
        value = self.scalars.get(token, _UNSEEN)
        if value is _UNSEEN:
            value = self.scalars[token] = _scalar(token)
        return value

    def key(self, token: str) -> str:
        key = self.keys.get(token)
        if key is None:
            key = self.keys[token] = _key(token)
        return key

    def read(self, lines: list[str]) -> dict[str, Any]:
        """The mapping of the layout's lines (the text split at its line breaks: the last is empty)."""
        if lines[-1]:
            raise _Unsure  # the text does not end with a line break
        current, depth = self.root, 1  # the table keys go to, and how deep it lies (the root: 1)
        stack, keys, scalars = self.stack, self.keys, self.scalars
        blank = False  # the line before was blank: the layout has one only before a header
        for line in lines[:-1]:
            if stack:
                self.array_line(line, depth)
            elif not line:
                if blank:
                    raise _Unsure
                blank = True
                continue
            elif line[0] == "[":
                if not blank:
                    raise _Unsure
                current, depth = self.header(line)
            elif line[0] == '"':
                m = re.fullmatch(_KEY_LINE, line)
                if m is None:
                    raise _Unsure
                self.value(current, self.key(m.group(1)), m.group(2), depth)
            else:  # most lines: a bare key and a value said before, read without a call
                key, equals, value = line.partition(" = ")
                if not equals:
                    raise _Unsure
                name = keys.get(key) or self.key(key)
                seen = scalars.get(value, _UNSEEN)
                if seen is _UNSEEN or name in current:
                    self.value(current, name, value, depth)
                else:
                    current[name] = seen
            if blank:
                if line[0] != "[":
                    raise _Unsure
                blank = False
        if stack or blank:
            raise _Unsure
        return self.root

    def value(self, table: dict[str, Any], key: str, value: str, depth: int) -> None:
        """A ``key = value`` line's value put in its table; an array opened is pushed on the stack."""
        if key in table:
            raise _Unsure
        if value == "[":
            _deep_enough(depth + 1)
            table[key] = []
            self.stack.append(table[key])
        elif value == "[]":
            _deep_enough(depth + 1)
            table[key] = []
        elif value:
            table[key] = self.scalar(value)
        else:
            raise _Unsure

    def array_line(self, line: str, depth: int) -> None:
        """One line within an array (the outermost lies in a table ``depth`` deep): an item, a
        nested array opened, or an array closed."""
        stack = self.stack
        item = line.lstrip(" ")
        level, rest = divmod(len(line) - len(item), len(_INDENT))
        if rest:
            raise _Unsure
        if item in ("]", "],"):
            # the outermost closes at the line's start without a comma, the inner ones with one
            if level != len(stack) - 1 or (item == "]") != (level == 0):
                raise _Unsure
            stack.pop()
            return
        if level != len(stack):
            raise _Unsure
        if item == "[":
            _deep_enough(depth + level + 1)
            inner: list[Any] = []
            stack[-1].append(inner)
            stack.append(inner)
            return
        if not item.endswith(","):
            raise _Unsure
        item = item[:-1]
        if not item:
            raise _Unsure
        if item == "[]":
            _deep_enough(depth + level + 1)
            stack[-1].append([])
        elif item[0] == "{":
            _deep_enough(depth + level + 1)
            stack[-1].append(self.inline(item))
        else:
            stack[-1].append(self.scalar(item))

    def inline(self, item: str) -> dict[str, Any]:
        table: dict[str, Any] = {}
        if item == "{}":
            return table
        if not item.startswith("{ "):
            raise _Unsure
        at = 2
        while at < len(item):
            m = _INLINE_PAIR.match(item, at)
            if m is None:
                raise _Unsure
            key = self.key(m.group(1))
            if key in table:
                raise _Unsure
            table[key] = self.scalar(m.group(2))
            at = m.end()
            if m.group(3) == " }" and at != len(item):
                raise _Unsure
        return table

    def header(self, line: str) -> tuple[dict[str, Any], int]:
        """The table a header line opens (``[a.b]`` a new table, ``[[a.b]]`` a new element of an
        array of tables), and how deep it lies."""
        checked = self.paths.get(line)
        if checked is None:
            checked = self.paths[line] = _path(line)
        aot, keys = checked
        *parents, last = keys
        headed, arrays_of_tables = self.headed, self.arrays_of_tables
        table, depth = self.root, 1
        for key in parents:
            value = table.get(key)
            if value is None:
                value = table[key] = {}
                headed.add(id(value))
                depth += 1
            elif id(value) in arrays_of_tables:
                value = value[-1]
                depth += 2
            elif id(value) in headed:
                depth += 1
            else:
                raise _Unsure  # a header reaching into a value, or into a plain array's element
            table = value
        made: dict[str, Any] = {}
        headed.add(id(made))
        if aot:
            array = table.get(last)
            if array is None:
                array = table[last] = []
                arrays_of_tables.add(id(array))
            elif id(array) not in arrays_of_tables:
                raise _Unsure
            array.append(made)
            depth += 2
        elif last in table:
            raise _Unsure  # defined twice, or after a sub-table of its own: tomllib decides
        else:
            table[last] = made
            depth += 1
        _deep_enough(depth)
        return made, depth


_UNSEEN = object()


def _path(line: str) -> tuple[bool, list[str]]:
    """A header line's kind (an array of tables' ``[[...]]``) and its keys, each one bare."""
    aot = line.startswith("[[")
    if not line.endswith("]]" if aot else "]"):
        raise _Unsure
    keys = (line[2:-2] if aot else line[1:-1]).split(".")
    for key in keys:
        if _BARE.fullmatch(key) is None:
            raise _Unsure  # a quoted key (it may hold a dot), or no key at all
    return aot, keys


def _deep_enough(depth: int) -> None:
    """Refuse a table or array that lies deeper than :data:`MAX_DEPTH` (as ``too_deep`` counts)."""
    if depth > MAX_DEPTH:
        raise _Unsure
