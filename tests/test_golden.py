"""Golden cases: one data file per worked hand from the published rule sets (docs/rules/), each naming its source."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tarockscore.errors import TarockError
from tarockscore.io.inputs import load_profile
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.toml"))


def test_golden_cases_exist() -> None:
    assert len(GOLDEN) >= 25, "the golden cases are missing"


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden(path: Path) -> None:
    case = _load(path)
    assert case.get("source"), f"{path.name} must name its source"
    expected = case["expected"]
    hand_data = case["hand"]
    if expected.get("error"):
        with pytest.raises(TarockError) as info:
            profile = load_profile(case["profile"], case.get("profile_overrides"))
            score_hand(parse_hand(hand_data, profile), profile)
        message = str(info.value)
        for needle in expected.get("error_mentions", []):
            assert needle in message, f"{needle!r} not in: {message}"
        return
    profile = load_profile(case["profile"], case.get("profile_overrides"))
    score = score_hand(parse_hand(hand_data, profile), profile)
    # ``radl``: the hand counted ×N, as in a doubled round
    points, money = score.counted(case.get("radl", 1))
    assert points == expected["victory_points"]
    if "payout" in expected:
        assert money is not None
        assert money == expected["payout"]
