"""What ``show`` writes a piece at a time is what the whole would be: its table is the table
``tabulate`` lays out (the same columns, widths, alignment and padding: its simple format,
numbers left as written), and a hand of ``show --json`` is ``json.dumps`` of it, indented by 2."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from tarockscore.render.evening import simple_table
from tarockscore.render.output import _indented

CELL = st.one_of(
    st.none(),
    st.integers(min_value=-10_000, max_value=10_000),
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12),
)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=6).flatmap(
        lambda n: st.tuples(
            st.lists(st.text(alphabet="abcdefghij ·→×", max_size=8), min_size=n, max_size=n),
            st.lists(st.lists(CELL, min_size=n, max_size=n), min_size=1, max_size=8),
            st.sets(st.integers(min_value=0, max_value=n - 1)),
        )
    )
)
def test_the_streamed_table_is_tabulates(case: tuple[list[str], list[list[object]], set[int]]) -> None:
    headers, rows, right = case
    aligns = ["right" if i in right else "left" for i in range(len(headers))]
    whole = tabulate(rows, headers=headers, disable_numparse=True, colalign=aligns)
    assert "\n".join(simple_table(headers, lambda: iter(rows), right)) == whole


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON, st.integers(min_value=0, max_value=3))
def test_a_streamed_hand_is_json_dumps_of_it(value: Any, level: int) -> None:
    pad = "  " * level
    assert _indented(value, pad) == json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + pad)
