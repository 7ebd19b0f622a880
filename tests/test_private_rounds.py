"""The private rounds' own rules (docs/rules/private-rounds.md), beyond their golden hands."""

from __future__ import annotations

import pytest

from tarockscore import i18n
from tarockscore.errors import ProfileError, TarockError
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


def _valat_with(bonus: str, profile_name: str = "wien") -> dict[str, object]:
    return {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 70,
        "bonus": [{"name": "valat", "announced": True}, {"name": bonus, "announced": True}],
    }


@pytest.mark.parametrize("bonus", ["trull", "four_kings"])
def test_wien_refuses_the_trull_and_the_kings_announced_beside_an_announced_valat(bonus: str) -> None:
    profile = load_profile("wien")
    with pytest.raises(TarockError) as info:
        parse_hand(_valat_with(bonus), profile)
    assert f"{bonus!r} cannot be announced beside an announced Valat" in str(info.value)
    with i18n.language("de"):
        german = "\n".join(p.render(i18n.gettext) for p in info.value.problems)
    assert "angesagten Valat nicht angesagt" in german
    assert bonus not in german  # the players' name, not the profile key
    assert "announced_includes_material" not in german


def test_the_birds_stay_and_other_profiles_take_the_trull_beside_the_valat() -> None:
    parse_hand(_valat_with("uhu"), load_profile("wien"))
    parse_hand(_valat_with("trull"), load_profile("ooe-2023"))
    without = load_profile("wien", {"valat": {"announced_includes_material": False}})
    parse_hand(_valat_with("trull"), without)
