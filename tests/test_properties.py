"""Hypothesis properties of scoring that must hold for every hand under every shipped profile."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, assume, given, reject, settings
from hypothesis import strategies as st

from tarockscore.io.inputs import load_profile, shipped_names
from tarockscore.rules.bets import kontra_void
from tarockscore.rules.hand import HandInput, hand_to_mapping
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score, score_hand
from tests.strategies import PLAYERS, hands, trischaken_with_virgins

PROFILES = {name: load_profile(name) for name in shipped_names()}
ZERO_SUM = [n for n, p in PROFILES.items() if p.settlement.mode == "zero_sum"]
SIMPLIFIED = [n for n, p in PROFILES.items() if p.settlement.mode == "simplified"]


def _score(mapping: HandInput, profile: Profile) -> Score:
    return score_hand(parse_hand(mapping, profile), profile)


def test_both_settlements_are_shipped() -> None:
    assert ZERO_SUM and SIMPLIFIED


@pytest.mark.parametrize("name", ZERO_SUM)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_zero_sum_profiles_sum_to_zero(name: str, data: st.DataObject) -> None:
    profile = PROFILES[name]
    score = _score(data.draw(hands(profile)), profile)
    assert sum(score.victory_points.values()) == 0
    if score.payout is not None:
        assert sum(score.payout.values()) == 0
    for line in score.lines:
        assert sum(line.points.values()) == 0


@pytest.mark.parametrize("name", SIMPLIFIED)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_simplified_scoring_never_negative(name: str, data: st.DataObject) -> None:
    profile = PROFILES[name]
    score = _score(data.draw(hands(profile)), profile)
    assert all(v >= 0 for v in score.victory_points.values())
    assert all(v >= 0 for line in score.lines for v in line.points.values())


def _raise_one_bet(mapping: HandInput, profile: Profile, choice: int) -> tuple[HandInput, str] | None:
    """The same hand with one bonus's Kontra raised one step; None if no bonus can be raised."""
    raisable = []
    for i, bonus in enumerate(mapping.get("bonus", [])):
        if bonus["name"] == "valat" or not bonus["announced"] or not profile.bonuses[bonus["name"]].kontra:
            continue
        level = profile.step(bonus["kontra"]).level if "kontra" in bonus else 0  # type: ignore[union-attr]
        if level < profile.kontra.ceiling:
            raisable.append((i, level))
    if not raisable:
        return None
    i, level = raisable[choice % len(raisable)]
    raised = copy.deepcopy(mapping)
    raised["bonus"][i]["kontra"] = profile.kontra.ladder[level].name
    return raised, raised["bonus"][i]["name"]


@pytest.mark.parametrize("name", sorted(PROFILES))
# Zwanzigerrufen has one bonus that may be doubled (the Pagat): three hands in four have none to
# raise, and are drawn again
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_one_more_kontra_step_doubles_exactly_that_bet(name: str, data: st.DataObject) -> None:
    profile = PROFILES[name]
    # a positive contract with a bonus that may be announced and doubled
    positive = [
        c.name
        for c in profile.contracts.values()
        if c.kind.value == "positive"
        and any(profile.bonuses[b].announce and profile.bonuses[b].kontra for b in c.bonuses if b != "valat")
    ]
    mapping = data.draw(hands(profile, positive))
    raised = _raise_one_bet(mapping, profile, data.draw(st.integers(0, 10)))
    if raised is None:
        reject()  # no bonus of the hand can be raised
    silent_valat = any(
        b["name"] == "valat" and b["made"] and not b["announced"] for b in mapping.get("bonus", [])
    )
    # GameTwist: a silent Valat counts only if it is worth more than the game without it,
    # so doubling a bonus may rightly switch the whole hand to the other reckoning.
    assume(not (silent_valat and profile.valat.silent_min_rule))
    raised_mapping, bet = raised
    before, after = _score(mapping, profile), _score(raised_mapping, profile)
    assert len(before.lines) == len(after.lines)
    if kontra_void(parse_hand(mapping, profile), profile):
        # D18, solo_kontra_void [OÖ23 Allg. 7]: every Kontra of the hand is void, the bonus's too
        assert after.lines == before.lines
        return
    level = profile.step(
        raised_mapping["bonus"][[b["name"] for b in raised_mapping["bonus"]].index(bet)]["kontra"]
    )
    assert level is not None
    ratio = level.multiplier // (profile.kontra.ladder[level.level - 2].multiplier if level.level > 1 else 1)
    for old, new in zip(before.lines, after.lines, strict=True):
        if old.bet == bet:
            assert new.stake == old.stake * ratio
            assert {p: v * ratio for p, v in old.payout.items()} == dict(new.payout)
        else:
            assert new == old


@pytest.mark.parametrize("name", sorted(PROFILES))
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_renaming_players_changes_only_the_names(name: str, data: st.DataObject) -> None:
    profile = PROFILES[name]
    mapping = data.draw(hands(profile))
    new_names = dict(zip(PLAYERS, ["Wolfgang", "Xaver", "Yvonne", "Zenzi"], strict=True))
    renamed = parse_hand(mapping, profile).renamed(new_names)
    before = _score(mapping, profile)
    after = score_hand(renamed, profile)
    assert {new_names[p]: v for p, v in before.victory_points.items()} == dict(after.victory_points)


@pytest.mark.parametrize("name", sorted(PROFILES))
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_reseating_a_positive_hand_changes_nothing(name: str, data: st.DataObject) -> None:
    """Outside the Dodge Round the seat order only names Forehand, which scoring does not use
    (a contract only the Forehand may bid is left out: there the seat decides whether it is legal)."""
    profile = PROFILES[name]
    non_dodge = [
        c.name for c in profile.contracts.values() if c.kind.value != "dodge" and c.bidders == "anyone"
    ]
    mapping = data.draw(hands(profile, non_dodge))
    reseated: HandInput = {**mapping, "players": data.draw(st.permutations(PLAYERS))}
    assert dict(_score(mapping, profile).victory_points) == dict(_score(reseated, profile).victory_points)


@pytest.mark.parametrize("name", sorted(PROFILES))
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_hand_round_trips_through_its_mapping(name: str, data: st.DataObject) -> None:
    profile = PROFILES[name]
    hand = parse_hand(data.draw(hands(profile)), profile)
    assert parse_hand(hand_to_mapping(hand), profile) == hand


TRISCHAKEN = [
    n for n, p in PROFILES.items() if "trischaken" in p.contracts and p.trischaken.virgins == "take_all"
]
# Read once per rounding: a profile read from its file takes longer than a hand's scoring.
ROUNDED = {
    (name, rounding): load_profile(name, {"trischaken": {"rounding": rounding}})
    for name in TRISCHAKEN
    for rounding in ("up", "down")
}


@pytest.mark.parametrize("rounding", ["up", "down"])
@pytest.mark.parametrize("name", TRISCHAKEN)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_virgins_share_equally(name: str, rounding: str, data: st.DataObject) -> None:
    """Players without a trick who take a payment always take the same, in whole points
    (docs/rules/disagreements.md#d29), whichever way the profile rounds."""
    profile = ROUNDED[name, rounding]
    mapping = data.draw(trischaken_with_virgins(profile))
    score = _score(mapping, profile)
    card_points = mapping["card_points"]
    assert isinstance(card_points, dict)
    zeros = [p for p, v in card_points.items() if v == "0"]
    for line in score.lines:
        takers = [p for p in line.winners if p in zeros]
        if takers:
            assert len({line.points[p] for p in takers}) == 1, line
            assert set(line.winners) == set(takers), "virgins take the whole payment"
    paid = {score.victory_points[p] for p in zeros if any(p in line.winners for line in score.lines)}
    assert len(paid) <= 1
    if profile.settlement.mode == "zero_sum":
        assert sum(score.victory_points.values()) == 0


@pytest.mark.parametrize("name", sorted(PROFILES))
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_revoker_never_gains_and_zero_sum_holds(name: str, data: st.DataObject) -> None:
    """Whatever the renonce rule (docs/rules/disagreements.md#d28), the revoker ends the hand with
    nothing gained, and a zero-sum profile stays zero-sum; under "as_if_won" ([OÖR25 B.4]) nobody
    else loses by it."""
    profile = PROFILES[name]
    mapping = data.draw(hands(profile)).copy()
    assume(not mapping.get("conceded"))
    revoker = data.draw(st.sampled_from(PLAYERS))
    mapping["renonce"] = revoker
    score = _score(mapping, profile)
    assert score.victory_points[revoker] <= 0
    if profile.settlement.mode == "zero_sum":
        assert sum(score.victory_points.values()) == 0
    if profile.renonce.rule == "as_if_won":
        assert all(v >= 0 for p, v in score.victory_points.items() if p != revoker)
