"""The ledger's own layout, read line by line (``layout_reader``), reads as ``tomllib`` reads it,
or does not answer.

``tomllib`` is the oracle throughout: on every text here, the reader either answers None or
answers exactly the mapping ``tomllib.loads`` gives; where ``tomllib`` refuses a text, the reader
answers None (the caller then parses with ``tomllib`` and reports its error). The texts are
tarockscore's own ledgers, every hand edit of one, thousands of seeded mutations of one,
documents tomli-w writes from drawn values, and lines drawn as the layout check's test draws
them. The reader must answer for tarockscore's own files: that is what makes ``record`` quick.
"""

from __future__ import annotations

import random
import tomllib
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from tarockscore.files import layout_reader, ledger_text
from tarockscore.files import ledger_file as F
from tarockscore.files.profile_file import load_profile
from tarockscore.files.safe_io import MAX_DEPTH, too_deep
from tarockscore.ledger.table import new_ledger
from tests.test_canonical_layout import EXAMPLES, texts, with_examples
from tests.test_written_ledger import AT, HAND_EDITS, _next


def _agrees(text: str) -> bool:
    """Whether the reader answers for ``text`` (the oracle's property is asserted either way):
    where it answers, ``tomllib`` reads the same, and the layout check, asked afresh, agrees
    that the text is in the layout from where the reader says it starts (a write relies on it)."""
    found = layout_reader.loads_at(text)
    answer = None if found is None else found[0]
    assert layout_reader.loads(text) == answer
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert answer is None, repr(text)
        return False
    if answer is None:
        return False
    assert answer == expected, repr(text)
    assert found is not None and ledger_text.canonical(text, found[1]), repr(text)
    return True


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A ledger of four hands as tarockscore writes it: a name that is not ASCII (a quoted key),
    a place with a quote and a backslash (escapes), the profile document (inline tables)."""
    path = tmp_path_factory.mktemp("layout") / "l.toml"
    players = ["Anna", "Bert", "Jürgen", "Dani"]
    ledger = new_ledger(players, load_profile("koenigrufen"), created=AT, stake=Decimal("0.10"))
    ledger = ledger._replace(table=ledger.table._replace(place='Café "Zum Tarock" \\ Ecke'))
    F.create(path, ledger)
    for i in range(4):
        F.update(path, partial(_next, points=30 + 5 * i))
    return path.read_text(encoding="utf-8")


def test_the_reader_answers_for_tarockscores_own_ledger(ledger: str) -> None:
    assert '"Jürgen" = ' in ledger and '\\"Zum Tarock\\" \\\\ Ecke' in ledger
    assert layout_reader.loads(ledger) == tomllib.loads(ledger)


def test_every_hand_edit_reads_as_tomllib_reads_it(ledger: str) -> None:
    for name, edit in HAND_EDITS:
        edited = edit(ledger)
        assert edited != ledger, name
        _agrees(edited)


# Characters that mean something to TOML or to the layout, and a few that must never pass.
_ALPHABET = list('[]"\\= ,{}.#\n\t-_01a') + ["\x7f", "\x00", "\r", "é", "'", "u00", "true", "    "]


def _mutated(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    op = rng.randrange(7)
    i = rng.randrange(len(lines))
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2 and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif op == 3:
        lines[i] = "    " + lines[i]
    else:
        at = rng.randrange(len(text) + 1)
        piece = rng.choice(_ALPHABET)
        cut = rng.choice([0, 0, 1, 2])
        return text[:at] + (piece if op != 4 else "") + text[at + (cut if op != 5 else 1) :]
    return "\n".join(lines)


def test_seeded_mutations_of_a_ledger_read_as_tomllib_reads_them(ledger: str) -> None:
    rng = random.Random(2026)
    answered = 0
    for _ in range(3000):
        text = ledger
        for _step in range(rng.randrange(1, 4)):
            text = _mutated(text, rng)
        answered += _agrees(text)
    # Many mutations keep the layout (a digit changed, a line repeated): the reader answers those.
    assert answered > 300


_SCALARS = (
    st.integers(-(10**30), 10**30)
    | st.booleans()
    | st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=8)
)
_KEYS = st.sampled_from(["a", "b", "card_points", "x-y_1", "Jürgen", "a b", 'a"b', "a.b", "", "\t"])


def _values(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=3),
        max_leaves=12,
    )


@settings(max_examples=800, deadline=None)
@given(st.dictionaries(_KEYS, _values(_SCALARS), max_size=5))
def test_what_tomli_w_writes_reads_as_tomllib_reads_it(document: dict[str, Any]) -> None:
    _agrees(tomli_w.dumps(document))


@settings(max_examples=1500, deadline=None)
@given(texts())
@with_examples(
    *EXAMPLES,
    "a = [\n    {xa = 1 },\n]\n",
    "a = [\n    { a = 1 }x,\n]\n",
    "a = [\n    ,\n]\n",
    "a = 1\n\n[a b]\n",
    "a = 1\n\n[[a]\n",
    "a = 007\n",
    "a = 1\n\nb = 2\n",
)
def test_drawn_lines_read_as_tomllib_reads_them(text: str) -> None:
    _agrees(text)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("a = 1\na = 2\n", id="a key twice"),
        pytest.param('a = 1\n"a" = 2\n', id="a key twice, once quoted"),
        pytest.param("a = 1\n\n[t]\nx = 1\n\n[t]\ny = 2\n", id="a table twice"),
        pytest.param("a = [\n    1,\n]\n\n[[a]]\nx = 1\n", id="an array of tables over a plain array"),
        pytest.param("a = [\n    {},\n]\n\n[a.b]\nx = 1\n", id="a header into a plain array"),
        pytest.param("x = 1\n\n[t]\nb = [\n    { c = 1 },\n]\n\n[t.b.c]\n", id="into an inline table"),
        pytest.param("x = 1\n\n[t]\nb = 1\n\n[t.b]\n", id="a table over a value"),
        pytest.param("x = 1\n\n[t.b]\nx = 1\n\n[[t]]\n", id="an array of tables over a table"),
        pytest.param("x = 1\n\n[t.b]\nx = 1\n\n[t]\ny = 2\n", id="a table after its own sub-table"),
        pytest.param("a = " + "7" * 5000 + "\n", id="an integer too long"),
        pytest.param('x = 1\n\n["a.b".c]\ny = 2\n', id="a quoted key in a header"),
        pytest.param("a = [\n        1,\n]\n", id="an item indented too far"),
        pytest.param("a = [\n    [\n        1,\n    ]\n]\n", id="an inner array closed without comma"),
        pytest.param("a = [\n    1,\n", id="an array left open"),
    ],
)
def test_where_toml_needs_a_decision_the_reader_leaves_it_to_tomllib(text: str) -> None:
    assert layout_reader.loads(text) is None
    try:
        tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        pass  # tomllib refuses it, with its own message


@pytest.mark.parametrize("body", ["x\ty", "x\u00a0y", "\u200b", "x\u0085"])
def test_a_string_with_a_character_that_is_not_printable_is_left_to_tomllib(body: str) -> None:
    # The layout takes these (a tab, a no-break space, a zero-width space, a C1 control);
    # the reader, checking strings without a pattern, takes only printable text.
    text = f'a = "{body}"\n'
    assert layout_reader.loads(text) is None
    assert tomllib.loads(text) == {"a": body}


def test_a_string_with_escapes_is_read_as_tomllib_reads_it() -> None:
    text = 'a = "Caf\u00e9 \\"Zum Tarock\\" \\\\ \\u001f"\n'
    assert layout_reader.loads(text) == tomllib.loads(text) == {"a": 'Café "Zum Tarock" \\ \x1f'}


def test_comments_before_the_layout_are_read_and_only_comments() -> None:
    body = "schema = 1\n"
    assert layout_reader.loads("# tarockscore\n# two lines\n\n" + body) == {"schema": 1}
    assert layout_reader.loads("# a tab\there\n" + body) == {"schema": 1}
    for head in ["# a \x7f\n", "# a \x00\n", "  # indented\n", "#\r\n", "x\n"]:
        assert layout_reader.loads(head + body) is None, repr(head)


def _nested_tables(n: int) -> str:
    return "x = 1\n\n[" + ".".join(["t"] * n) + "]\ny = 1\n"


def _nested_arrays(n: int) -> str:
    return "x = 1\n\n[" + ".".join(["t"] * n) + "]\ny = [\n    1,\n]\n"


def _nested_arrays_of_tables(n: int) -> str:
    return "x = 1\n" + "".join("\n[[" + ".".join(["t"] * k) + "]]\n" for k in range(1, n + 1))


@pytest.mark.parametrize("make", [_nested_tables, _nested_arrays, _nested_arrays_of_tables])
def test_nesting_beyond_the_limit_is_left_to_tomllib_and_refused_there(make: Any) -> None:
    # The deepest text the reader answers is exactly the deepest safe_io lets through.
    answered = [n for n in range(1, 40) if layout_reader.loads(make(n)) is not None]
    deepest = max(answered)
    assert answered == list(range(1, deepest + 1))
    assert not too_deep(tomllib.loads(make(deepest)), MAX_DEPTH)
    assert too_deep(tomllib.loads(make(deepest + 1)), MAX_DEPTH)


def test_a_ledger_in_another_layout_is_still_read(tmp_path: Path, ledger: str) -> None:
    # The reader declines (a comment after a header), tomllib reads it; the ledger is the same.
    path = tmp_path / "l.toml"
    edited = ledger.replace("[table]\n", "[table]  # the evening\n", 1)
    assert layout_reader.loads(edited) is None
    path.write_text(edited, encoding="utf-8")
    other = tmp_path / "m.toml"
    other.write_text(ledger, encoding="utf-8")
    assert F.read_trusted(path).ledger == F.read_trusted(other).ledger
