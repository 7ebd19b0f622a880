"""The private rounds' own rules (docs/rules/private-rounds.md), beyond their golden hands."""

from __future__ import annotations

import pytest

from tarockscore.errors import ProfileError
from tarockscore.files.profile_file import load_profile
from tarockscore.render.hand import explain
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]
HALF = {"game": {"value_rounding": "down"}, "contracts": {"bettler": {"value": "2 1/2"}}}


def test_a_fraction_is_refused_where_values_are_whole() -> None:
    with pytest.raises(ProfileError, match="contracts.bettler.value"):
        load_profile("pagat", {"contracts": {"bettler": {"value": "2 1/2"}}})


@pytest.mark.parametrize("value", ["2 x/2", "-5/2", "1/0"])
def test_a_value_that_is_no_fraction_is_refused(value: str) -> None:
    with pytest.raises(ProfileError, match="not a value"):
        load_profile(
            "pagat", {"game": {"value_rounding": "down"}, "contracts": {"bettler": {"value": value}}}
        )


def test_a_bettler_2_half_reads_its_rounding_in_the_explanation() -> None:
    profile = load_profile("pagat", HALF)
    hand = {"players": PLAYERS, "contract": "bettler", "declarer": "Anna", "won": True}
    score = score_hand(parse_hand(hand, profile), profile)
    text = explain(score, profile)
    assert "base 2 1/2" in text
    assert "rounded down before it is written: 2" in text


def test_a_radl_multiplies_before_rounding_and_the_payout_follows() -> None:
    # Simplified Scoring, a Bettler 2 1/2 lost, hand ×4: 10 to each Defender (not 2 × 4 = 8)
    overrides = {**HALF, "settlement": {"mode": "simplified"}}
    profile = load_profile("pagat", overrides)
    hand = {"players": PLAYERS, "contract": "bettler", "declarer": "Anna", "won": False}
    points, _money = score_hand(parse_hand(hand, profile), profile).counted(4)
    assert points == {"Anna": 0, "Bert": 10, "Cilli": 10, "Dani": 10}
