"""The private rounds' own rules (docs/rules/private-rounds.md), beyond their golden hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import pytest

from tarockscore import i18n
from tarockscore.errors import ProfileError, TarockError
from tarockscore.evening.radl import replay
from tarockscore.io.inputs import load_profile
from tarockscore.render.hand import explain
from tarockscore.rules.hand import Hand, HandInput
from tarockscore.rules.parse import parse_hand as parse
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import score_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def parse_hand(data: Mapping[str, Any], profile: Profile) -> Hand:
    return parse(cast(HandInput, data), profile)


HALF = {"game": {"value_rounding": "down"}, "contracts": {"bettler": {"value": "2 1/2"}}}


def test_a_fraction_is_refused_where_values_are_whole() -> None:
    with pytest.raises(ProfileError, match="contracts.bettler.value"):
        load_profile("pagat", {"contracts": {"bettler": {"value": "2 1/2"}}})


# 2.5 unquoted is a float, which holds no third: refused as no value, not as "expected an integer"
@pytest.mark.parametrize("value", ["2 x/2", "-5/2", "1/0", 2.5])
def test_a_value_that_is_no_fraction_is_refused(value: object) -> None:
    with pytest.raises(
        ProfileError, match='not a value; expected a whole number or a fraction such as "2 1/2"'
    ):
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


def _valat_with(bonus: str) -> dict[str, object]:
    return {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
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


# §1: the Radl. Worked from [LAU] "Trischaken": after a Trischaken four hands are doubled, "Ein
# Spiel kann mehrmals verdoppelt sein, zum Beispiel, wenn zweimal nacheinander Trischaken gespielt
# wurde. So ein Spiel ist dann ein Vierfachspiel"; "Mondfang": "Das Spiel nach einem Mondfang ist
# ein Doppelspiel".
TRISCHAKEN = {
    "players": PLAYERS,
    "contract": "trischaken",
    "card_points": {"Anna": 10, "Bert": 30, "Cilli": 10, "Dani": 20},
}
RUFER = {
    "players": PLAYERS,
    "contract": "solorufer",
    "declarer": "Anna",
    "partner": "Cilli",
    "card_points": 40,
}
MONDFANG = {**RUFER, "bonus": [{"name": "mondfang"}]}
LAU_RADL = {"events": ["mondfang", "trischaken"], "hands": 4, "overlap": True, "lengths": {"mondfang": 1}}


def _factors(radl: Mapping[str, object], *hands: Mapping[str, object]) -> tuple[tuple[int, ...], int]:
    profile = load_profile("tirol", {"radl": radl})
    parsed = [parse_hand(h, profile) for h in hands]
    return replay(parsed, range(1, len(parsed) + 1), profile)


def test_two_trischaken_in_a_row_overlap_into_hands_counted_four_times() -> None:
    # hand 1 doubles hands 2-5, hand 2 (itself ×2) hands 3-6: 3, 4, 5 are in both
    factors, pending = _factors(LAU_RADL, TRISCHAKEN, TRISCHAKEN, *[RUFER] * 5)
    assert factors == (1, 2, 4, 4, 4, 2, 1)
    assert pending == 0


def test_a_trischaken_inside_a_radl_overlaps_its_last_hand_and_runs_on() -> None:
    # [LAU] "Nach dem Trischaken gibt es immer eine Doppelrunde, das heißt vier Doppelspiele";
    # "Ein Spiel kann mehrmals verdoppelt sein": hand 1 doubles hands 2-5, hand 4 (itself ×2)
    # hands 5-8, so hand 5 is in both (×4) and hand 9 in neither. Worked through a ledger too.
    factors, pending = _factors(LAU_RADL, TRISCHAKEN, RUFER, RUFER, TRISCHAKEN, *[RUFER] * 5)
    assert factors == (1, 2, 2, 2, 4, 2, 2, 2, 1)
    assert pending == 0


def test_queued_by_default_the_second_radl_follows_the_first() -> None:
    queued = {"events": ["trischaken"], "hands": 4}
    factors, pending = _factors(queued, TRISCHAKEN, TRISCHAKEN, *[RUFER] * 5)
    assert factors == (1, 2, 2, 2, 2, 2, 2)
    assert pending == 2


def test_a_mondfang_doubles_the_next_hand_only_and_overlaps_a_running_radl() -> None:
    assert _factors(LAU_RADL, MONDFANG, RUFER, RUFER)[0] == (1, 2, 1)
    # the Trischaken doubles hands 2-5; the Mondfang in hand 2 doubles hand 3 once more
    assert _factors(LAU_RADL, TRISCHAKEN, MONDFANG, *[RUFER] * 4)[0] == (1, 2, 4, 2, 2, 1)


def test_a_radl_length_for_an_event_not_armed_is_refused() -> None:
    with pytest.raises(ProfileError, match="radl.lengths.valat"):
        load_profile("tirol", {"radl": {"events": ["trischaken"], "lengths": {"valat": 1}}})


def test_a_shared_trischaken_that_does_not_split_says_how_it_was_rounded() -> None:
    # payment = "shared" [WTC20 § Trischaken] on koenigrufen's Trischaken 5 [STC-TB], zero-sum:
    # Bert and Cilli tie at 20 and share what one loser hands out, 5 × 3 = 15; 15 does not split
    # between two, and rounding "up" [OÖ23 Trischaken 3 via HT §7.6] makes it 16: 8 from each,
    # 8 to Anna and to Dani. The explanation says so as a step of the bet's arithmetic, before who
    # won it, as it does where virgins share.
    overrides = {"settlement": {"mode": "zero_sum"}, "trischaken": {"payment": "shared"}}
    profile = load_profile("koenigrufen", overrides)
    points = {"Anna": 15, "Bert": 20, "Cilli": 20, "Dani": 15}
    score = score_hand(parse_hand({**TRISCHAKEN, "card_points": points}, profile), profile)
    assert score.victory_points == {"Anna": 8, "Bert": -8, "Cilli": -8, "Dani": 8}
    steps = [line.strip() for line in explain(score, profile).splitlines()]
    shared = steps.index("×3 handed out to 3 players, shared by Bert and Cilli = 15")
    assert steps[shared + 1] == "15 does not split among 2: shared as 16"
    assert steps[shared + 2] == "won by Anna, Dani; on the sheet: Anna +8, Bert -8, Cilli -8, Dani +8"


# -- the Mondfang between two players ([LAU] "Mondfang"; docs/rules/private-rounds.md §4) ---------

BETWEEN = {"bonuses": {"mondfang": {"between_players": True}}}


def _rufer_with_mondfang(**names: str) -> dict[str, Any]:
    bonus = {"name": "mondfang", "side": "defenders", **names}
    return {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 40,
        "bonus": [bonus],
    }


def test_a_mondfang_between_players_moves_its_point_between_those_two_alone() -> None:
    # tirol, zero-sum, Rufer 1 and Mondfang 1: Bert (a Defender) caught Anna's XXI. The Rufer:
    # Anna, Cilli +1, Bert, Dani -1; the Mondfang from Anna to Bert alone: Anna 0, Bert 0.
    profile = load_profile("tirol", BETWEEN)
    score = score_hand(parse_hand(_rufer_with_mondfang(caught_by="Bert", lost_by="Anna"), profile), profile)
    assert score.victory_points == {"Anna": 0, "Bert": 0, "Cilli": 1, "Dani": -1}
    # between the sides, as tirol plays it: the Defenders take 1 each from the declarers
    sides = load_profile("tirol")
    score = score_hand(parse_hand(_rufer_with_mondfang(), sides), sides)
    assert score.victory_points == {"Anna": 0, "Bert": 0, "Cilli": 0, "Dani": 0}


def test_a_mondfang_between_players_follows_a_player_renamed_by_a_season() -> None:
    # a season that joins two spellings of a player (an alias) renames every hand it folds: the
    # Mondfang's two players with it. Bert as "Bertl": the same points as above, under his name.
    profile = load_profile("tirol", BETWEEN)
    hand = parse_hand(_rufer_with_mondfang(caught_by="Bert", lost_by="Anna"), profile)
    score = score_hand(hand.renamed({"Bert": "Bertl"}), profile)
    assert score.victory_points == {"Anna": 0, "Bertl": 0, "Cilli": 1, "Dani": -1}


@pytest.mark.parametrize(
    ("overrides", "names", "where"),
    [
        (None, {"caught_by": "Bert", "lost_by": "Anna"}, "bonus[0].caught_by"),  # settled between sides
        (BETWEEN, {"caught_by": "Zoe", "lost_by": "Anna"}, "bonus[0].caught_by"),  # not at the table
        (BETWEEN, {"caught_by": "Anna", "lost_by": "Anna"}, "bonus[0].lost_by"),  # one player twice
        (BETWEEN, {"lost_by": "Anna"}, "bonus[0].caught_by"),  # who caught it, missing
    ],
)
def test_a_mondfang_names_its_two_players_only_where_the_profile_settles_it_so(
    overrides: dict[str, Any] | None, names: dict[str, str], where: str
) -> None:
    profile = load_profile("tirol", overrides)
    with pytest.raises(TarockError) as refused:
        parse_hand(_rufer_with_mondfang(**names), profile)
    assert where in [p.where for p in refused.value.problems]


def test_a_mondfang_between_players_naming_neither_player_is_refused_once() -> None:
    # the command line's -b mondfang names neither: one problem, not one a key, both said at -b
    profile = load_profile("tirol", BETWEEN)
    with pytest.raises(TarockError) as refused:
        parse_hand(_rufer_with_mondfang(), profile)
    assert [p.where for p in refused.value.problems] == ["bonus[0]"]
