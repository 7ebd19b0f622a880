"""The log's reader reads an entry as the writer wrote it without the TOML reader, and takes that
reading only where writing it again gives the very same text: whatever the entry, it reads exactly
as TOML reads it, or is refused as TOML refuses it (docs/ledger-format.md, the log)."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tarockscore.errors import LedgerError
from tarockscore.evening import store

PREV = "0" * 64
HEADER = store.HEADER + 'schema = 2\n\n[table]\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\n'

texts = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12) | st.sampled_from(
    ["a = b", ", x = 1", '" = ', "{ y = 2 }", "\x7f", "\t", "Anna", "\\/", '"', "\n"]
)
keys = st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True) | texts.filter(bool)
scalars = texts | st.integers(-(2**63), 2**63 - 1) | st.booleans()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=12,
)


def read(text: str) -> list[Any]:
    """Every entry of a file of the header and ``text``, as the log's reader gives them."""
    raw = (HEADER + text).encode("utf-8")
    return [event for _end, event in store.entries(raw, "e.toml")]


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        keys.filter(lambda k: k not in ("chain", "hand", "profile")), values, min_size=1, max_size=4
    ),
    st.lists(st.dictionaries(keys, values, max_size=4), max_size=2),
)
def test_an_entry_reads_back_as_toml_reads_it(top: dict[str, Any], hands: list[dict[str, Any]]) -> None:
    event = {**top, **({"hand": hands} if hands else {})}
    try:
        text, _head, full = store.block(event, PREV)
    except (LedgerError, TypeError):
        assume(False)  # a value the writer does not write
        raise
    second, _head2, again = store.block(event, _head)
    assert read(text + second) == [full, again] == tomllib.loads(HEADER + text + second)["event"]


@pytest.mark.parametrize(
    "line",
    [
        'kind = "a\\/b"',  # JSON's escape of "/", not TOML's
        'kind = "a\x7fb"',  # DEL in a string: JSON takes it, TOML does not
        "kind = null",
        "kind = 1.0",
        "kind = -0",
        "kind = 1e3",
        "kind = { a = 1, a = 2 }",  # a key twice
        "kind = { a.b = 1 }",  # a dotted key: a table in a table
        'kind = { "a" = 1, b = "x, c = 2" }',
        "kind = [1, 2,]",
        'kind = "x"\nkind = "y"',
        '"kind" = "record"',
        "kind = 'literal'",
        "kind = 0x10",
        'kind = "record" # a comment',
    ],
)
def test_an_entry_written_by_hand_reads_as_toml_reads_it_or_is_refused(line: str) -> None:
    text = f'\n[[event]]\n{line}\nat = "2026"\n[event.chain]\nprev = "{PREV}"\nhash = "{"1" * 64}"\n'
    follow = f'\n[[event]]\nkind = "record"\n[event.chain]\nprev = "{"1" * 64}"\nhash = "{"2" * 64}"\n'
    try:
        expected = tomllib.loads(HEADER + text + follow)["event"]
    except tomllib.TOMLDecodeError:
        with pytest.raises(LedgerError):
            read(text + follow)
    else:
        assert read(text + follow) == expected


def test_an_entry_as_the_writer_writes_it_is_read_without_the_toml_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The writer's own entries never reach the TOML reader (a fifth of its cost each)."""
    hand = {"id": 1, "recorded": "2026", "entry": {"contract": "rufer", "card_points": 40}}
    text, _head, full = store.block({"kind": "record", "at": "2026", "hand": [hand]}, PREV)
    monkeypatch.setattr(store, "_loads", lambda data: pytest.fail("read by the TOML reader"))
    assert read(text) == [full]
