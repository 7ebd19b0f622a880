"""What is written a piece at a time is what the whole would be: a hand of JSON is ``json.dumps``
of it, indented by 2."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tarockscore.render.output import _indented

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
