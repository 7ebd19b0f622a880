"""The check that a ledger's text is in tomli-w's layout (``ledger_text.canonical``) says what a
plain one-pass grammar of those lines says, on every text.

The check marks the strings first and runs a grammar over the marked lines, so that its string
pattern is compiled once; the grammar below is the same layout written out in one pattern, with
the string pattern at each place a string may stand. It is the oracle: slow to compile, plain to
read. Texts are drawn from lines tomli-w writes and from lines it never writes (quoted names
that could be bare, escapes it does not use, spacing, comments, multi-line and literal strings,
stray quotes, the marks' own characters).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import tomli_w
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tarockscore.files import ledger_file as F
from tarockscore.files import ledger_text
from tarockscore.files.profile_file import load_profile
from tarockscore.ledger.table import new_ledger
from tests.test_written_ledger import AT, FOUR, HAND_EDITS, _next

_STR = r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]++|\\[bnfr"\\]|\\u00(?:0[0-7bef]|1[0-9a-f]|7f))*+"'
_KEY = rf'(?:[A-Za-z0-9_-]+|(?!"[A-Za-z0-9_-]+")(?:{_STR}))'
_SCALAR = rf"(?:{_STR}|-?(?:0|[1-9][0-9]*)|true|false)"
_INLINE = rf"(?:\{{\}}|\{{ {_KEY} = {_SCALAR}(?:, {_KEY} = {_SCALAR})* \}})"
_LINE = rf"(?:{_KEY} = (?:{_SCALAR}|\[\]?)|(?:    )+(?:(?:{_SCALAR}|{_INLINE}|\[\]),|\[)|(?:    )*\],?)\n"
_HEAD = rf"(?:\[{_KEY}(?:\.{_KEY})*\]|\[\[{_KEY}(?:\.{_KEY})*\]\])\n"
ORACLE = re.compile(rf"(?:{_LINE})*+(?:\n{_HEAD}(?:{_LINE})*+)*+")

KEYS = [
    "a",
    "card_points",
    "Anna",
    "x-y_1",
    '"Jürgen"',
    '"Anna"',
    '"a b"',
    '"a\\"b"',
    '"a\\tb"',
    "'lit'",
    '""',
]
VALUES = [
    "1",
    "0",
    "-3",
    "007",
    "+1",
    "1_000",
    "1.5",
    "true",
    "false",
    '"x"',
    '"Anna"',
    '""',
    '"40 1/3"',
    '"a\\u0001b"',
    '"a\\u00e9"',
    '"tab\there"',
    '"a\\\\"',
    '"bad \\q"',
    "'literal'",
    '"""multi"""',
    '"unterminated',
    "\x01\x02",
    '"\x01"',
    "[",
    "[]",
    "[ ]",
]
ITEMS = [
    '"Anna",',
    "1,",
    "[],",
    "[",
    "{},",
    '{ name = "valat", made = true },',
    '{ "Anna" = 1 },',
    "{ a = 1 }",
]


VALID_KEYS = KEYS[:4] + ['"Jürgen"', '"a b"', '"a\\"b"']
VALID_VALUES = ["1", "0", "-3", "true", "false", '"x"', '"Anna"', '""', '"40 1/3"', '"a\\u00e9"', "[", "[]"]
VALID_ITEMS = ['"Anna",', "1,", "[],", "[", "{},", '{ name = "valat", made = true },', '{ "a b" = 1 },']


@st.composite
def lines(draw: st.DrawFn, valid: bool) -> str:
    keys, values, items = (VALID_KEYS, VALID_VALUES, VALID_ITEMS) if valid else (KEYS, VALUES, ITEMS)
    kind = draw(st.integers(0, 3 if valid else 5))
    if kind == 0:
        equals = " = " if valid else draw(st.sampled_from([" = ", "=", " =  "]))
        return f"{draw(st.sampled_from(keys))}{equals}{draw(st.sampled_from(values))}"
    if kind == 1:
        indent = draw(st.sampled_from(["    ", "        "] if valid else ["", "  ", "    ", "        "]))
        return indent + draw(st.sampled_from(items))
    if kind == 2:
        return draw(st.sampled_from(["]", "],", "    ]", "    ],"] + ([] if valid else ["  ]"])))
    if kind == 3:
        names = draw(st.lists(st.sampled_from(keys), min_size=1, max_size=3))
        double = draw(st.booleans())
        head = ("[[" if double else "[") + ".".join(names) + ("]]" if double else "]")
        return "\n" + head if valid else head  # a header after its blank line
    if kind == 4:
        return draw(st.sampled_from(["", "# a comment", "[hand]  # note", " "]))
    return f"{draw(st.sampled_from(keys))} = {draw(st.sampled_from(values))}" + draw(
        st.sampled_from(["", " ", "  # c", "\r"])
    )


@st.composite
def texts(draw: st.DrawFn) -> str:
    """Lines tomli-w could write, with now and then a line it would not, or a stray ending."""
    body = [draw(lines(valid=draw(st.integers(0, 9)) > 0)) for _ in range(draw(st.integers(0, 12)))]
    return "".join(line + "\n" for line in body) + draw(st.sampled_from(["", "", "", "x = 1", "\n"]))


# Texts worth trying every time: a quoted key in a header, a quoted key that could be bare, a
# string run into what follows it, two blank lines.
EXAMPLES = (
    'a = "Anna"\n\n[hand."Jürgen"]\nx = 1\n',
    '"Anna" = 1\n',
    'a = "x"true\n',
    '"x"y = 1\n',
    'a = "ab\\"cd" = 1\n',
    "a = 1\n\n\n[b]\n",
)

Test = TypeVar("Test", bound=Callable[..., Any])


def with_examples(*chosen: str) -> Callable[[Test], Test]:
    """Hypothesis's ``@example`` for each of ``chosen``."""

    def apply(test: Test) -> Test:
        for text in reversed(chosen):
            test = example(text)(test)
        return test

    return apply


@settings(max_examples=1500, deadline=None)
@given(texts())
@with_examples(*EXAMPLES)
def test_the_check_says_what_the_one_pass_grammar_says(text: str) -> None:
    assert ledger_text.canonical(text) == (ORACLE.fullmatch(text) is not None), repr(text)


def test_the_check_of_real_ledgers_and_of_their_hand_edits(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    F.create(path, new_ledger(FOUR, load_profile("koenigrufen"), created=AT, stake=Decimal("0.10")))
    for i in range(4):
        F.update(path, partial(_next, points=30 + 5 * i))
    text = path.read_text(encoding="utf-8")
    start = len(F.HEADER)
    assert ledger_text.canonical(text, start)  # tarockscore's own file
    assert ORACLE.fullmatch(text, start) is not None
    for name, edit in HAND_EDITS:
        edited = edit(text)
        assert tomllib.loads(edited) == tomllib.loads(text)
        seen = not ledger_text.canonical(edited, start)
        assert seen == (ORACLE.fullmatch(edited, start) is None), name
        # the order of keys is not a matter of lines: render() compares it part by part
        assert seen == (name != "keys reordered"), name
    # a name that is not ASCII is a quoted key in tomli-w's layout, and in this check's
    named = tomli_w.dumps({"schema": 1, "victory_points": {"Jürgen": 3, "Anna": -3}})
    assert '"Jürgen" = 3' in named and ledger_text.canonical(named)
    assert ORACLE.fullmatch(named) is not None
