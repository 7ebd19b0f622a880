"""``show --json`` printed in parts: the parts join to exactly the text ``json.dumps`` writes of
the whole value (docs/machine-output.md), an array of hands made one item at a time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tarockscore.render.output import OutputFormat, Streamed, View, parts, rendered


def _plain(value: Any) -> Any:
    if isinstance(value, Streamed):
        return [_plain(v) for v in value.items]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


CASES: list[Any] = [
    {"hands": Streamed([]), "totals": {"Anna": 0}},
    {"a": 1, "hands": Streamed([{"n": 1, "p": ["José", "Bert"], "x": {}}, {"n": 2, "q": None}]), "z": []},
    {"hands": Streamed([{"line": 'one\ntwo "quoted" \\'}]), "head": "ab"},
    {"outer": {"inner": 1}, "hands": Streamed([[1, [2, {}]], [], {"d": {"e": [True, False]}}])},
]


@pytest.mark.parametrize("value", CASES)
def test_the_parts_are_the_whole_dump(value: Any) -> None:
    expected = json.dumps(_plain(value), indent=2, ensure_ascii=False) + "\n"
    view = View(table=str, json=lambda: value)
    assert rendered(view, OutputFormat.JSON) == expected
    assert "".join(parts(view, OutputFormat.JSON, size=8)) == expected


def test_a_long_array_comes_in_several_parts() -> None:
    view = View(table=str, json=lambda: {"hands": Streamed({"n": i} for i in range(2000))})
    printed = list(parts(view, OutputFormat.JSON, size=1024))
    assert len(printed) > 10
    assert json.loads("".join(printed)) == {"hands": [{"n": i} for i in range(2000)]}
