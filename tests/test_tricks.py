"""What card points prove or rule out about the tricks: the Valat they prove, the Valat they rule
out under each profile's talon rules, and the bonuses a side without a card cannot have made.

The facts used, from docs/rules/koenigrufen.md: every card counts at least ⅓ (§1.1, [GT] "card
point values"), so a side with no card point holds no card; a Valat is every trick ([GT] Valat:
"one team takes all of the tricks"); the declarer's discards count for him, the talon half he
did not take for the Defenders, the whole talon for the Defenders in a solo, all six discards
for the declarer in the Sechserdreier (§1.4, [GT] "Taking the deck", "Six threes"); six talon
cards hold 2 to 26 card points, a half at most 13 (§1).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from tarockscore.errors import HandError
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import BonusInput, HandInput, render_points
from tarockscore.rules.legality import trick_card_points
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def _hand(contract: str, points: int | str, *bonuses: BonusInput, **keys: Any) -> HandInput:
    hand: HandInput = {"players": PLAYERS, "contract": contract, "declarer": "Anna", "card_points": points}
    if contract in ("rufer", "besserrufer", "solorufer") and "called_king" not in keys:
        hand["partner"] = "Cilli"
    hand.update(keys)  # type: ignore[typeddict-item]
    if bonuses:
        hand["bonus"] = list(bonuses)
    return hand


def _refused(hand: HandInput, profile: str = "koenigrufen") -> str:
    with pytest.raises(HandError) as refused:
        parse_hand(hand, load_profile(profile))
    return str(refused.value)


VALAT: BonusInput = {"name": "valat"}
DEFENDERS_VALAT: BonusInput = {"name": "valat", "side": "defenders"}


@pytest.mark.parametrize("profile", ["koenigrufen", "gametwist", "ooe-2023"])
def test_every_card_point_in_a_sechserdreier_is_a_valat(profile: str) -> None:
    # The declarer's six discards count for him (§1.4): with all 70 he took every trick.
    err = _refused(_hand("sechserdreier", 70), profile)
    assert err.startswith("card_points: 70: the declarers hold all 70 card points"), err
    assert "a Valat; enter the declarers' Valat" in err


def test_no_card_point_in_a_solodreier_is_the_defenders_valat() -> None:
    err = _refused(_hand("solodreier", 0))
    assert "the defenders hold all 70 card points, every card, so they took every trick" in err
    # Entered, it is scored: Solodreier 10 [STC-TB] × 4, a silent Valat [CTK], to each Defender.
    kr = load_profile("koenigrufen")
    score = score_hand(parse_hand(_hand("solodreier", 0, DEFENDERS_VALAT), kr), kr)
    assert dict(score.victory_points) == {"Anna": 0, "Bert": 40, "Cilli": 40, "Dani": 40}


def test_a_valat_entered_as_lost_against_every_card_point() -> None:
    announced_lost: BonusInput = {"name": "valat", "announced": True, "made": False}
    err = _refused(_hand("sechserdreier", 70, announced_lost))
    assert err.startswith("bonus[0].made: false: the declarers hold all 70 card points"), err
    assert "their Valat was made" in err
    # The Defenders' announced Valat that failed is the other story, and holds.
    kr = load_profile("koenigrufen")
    failed: BonusInput = {"name": "valat", "side": "defenders", "announced": True, "made": False}
    parse_hand(_hand("sechserdreier", 70, failed), kr)


def test_a_valat_the_talon_rules_out() -> None:
    # A Call: the Defenders keep the talon half the declarer left, at most 13 (§1, §1.4); with 20
    # they took a trick.
    err = _refused(_hand("rufer", 50, VALAT))
    assert "leaves the defenders no card but the talon's they are given in rufer" in err
    assert "at most 13); card_points 50 leaves them 20" in err
    kr = load_profile("koenigrufen")
    parse_hand(_hand("rufer", 57, VALAT), kr)  # 70 − 13: the talon half at its most
    # The Defenders' Valat leaves the declarer his discards only: none in a Solodreier.
    err = _refused(_hand("solodreier", 5, DEFENDERS_VALAT))
    assert "leaves the declarers no card but the talon's they keep in solodreier" in err
    assert "(contracts.solodreier.talon_share = 'none': 0 and whole points more, at most 0)" in err
    parse_hand(_hand("rufer", 13, DEFENDERS_VALAT), kr)  # his discards, at their most
    assert "at most 13" in _refused(_hand("rufer", "13 1/3", DEFENDERS_VALAT))


def test_each_side_holds_at_least_the_talon_cards_that_count_for_it() -> None:
    # The talon half the declarer left counts in the Defenders' tricks, "auch wenn diese Partei
    # keinen Stich hat" ([LTA-GK1 Kap. 7 via HT §1.8]); three cards are at least 1 card point,
    # six at least 2 (§1, talon_card_points). So no Call gives one side all 70, or 69 2/3.
    kr = load_profile("koenigrufen")
    fewest = kr.game.talon_card_points[0] if kr.game.talon_card_points else None
    assert fewest == 2
    for points in ("69 2/3", "1/3"):
        err = _refused(_hand("rufer", points))
        assert "but the talon cards that count for them in rufer hold at least 1" in err, err
    # all 70 is the table's "every trick": it asks for the Valat it would be
    err = _refused(_hand("rufer", 70))
    assert "the declarers hold all 70 card points, every card, so they took every trick: a Valat" in err
    # ... but a table that writes "all 70" beside the declarers' Valat (or 0 beside the Defenders')
    # means every trick: a Valat scores without the card points (§1.5), so the hand is taken.
    made = score_hand(parse_hand(_hand("rufer", 70, VALAT), kr), kr)
    assert made.victory_points == score_hand(parse_hand(_hand("rufer", 69, VALAT), kr), kr).victory_points
    parse_hand(_hand("rufer", 0, DEFENDERS_VALAT), kr)
    parse_hand(_hand("solodreier", 70, VALAT), kr)
    # A Sechserdreier's six discards are the declarer's, a solo's talon the Defenders'.
    assert "hold at least 2 (contracts.sechserdreier" in _refused(_hand("sechserdreier", "1 2/3"))
    assert "leaves the defenders 1, but" in _refused(_hand("solodreier", 69))
    parse_hand(_hand("rufer", 69, VALAT), kr)  # the three cards of the half at their fewest
    # Three talon cards alone hold whole points; with a trick's four cards besides at least 1 more
    # (4/3 in exact thirds, 1 counted in threes with one point off for the odd card: §1.2, D17).
    # So the Defenders of a Call hold 1, or 2 and more: never 1 1/3 or 1 2/3.
    err = _refused(_hand("rufer", "68 2/3"))
    assert "leaves the defenders 1 1/3: the talon cards that count for them in rufer hold whole" in err
    assert "at least 1, and with a trick's four cards besides at least 2" in err
    assert "leaves the declarers 1/3" in _refused(_hand("solodreier", "1/3"))
    assert "leaves the defenders 2 2/3" in _refused(_hand("solodreier", "67 1/3"))
    parse_hand(_hand("rufer", 68), kr)
    parse_hand(_hand("sechserdreier", 70, VALAT), kr)  # the Defenders keep no talon card there


def test_a_side_left_its_talon_cards_fewest_took_no_trick() -> None:
    # 1 for the Defenders of a Call is their three talon cards at the fewest and no trick: with a
    # trick they hold at least 1 more (§1.2, D17). So the declarers took every trick: a Valat
    # ([GT] "one team takes all of the tricks"); likewise 2 for a solo's Defenders (six cards).
    err = _refused(_hand("rufer", 69))
    assert "card_points: 69 leaves the defenders 1, the fewest the talon cards that count for them" in err
    assert "they took no trick, so the declarers took every trick: a Valat" in err
    assert "so the defenders took every trick" in _refused(_hand("sechserdreier", 2))
    assert "leaves the defenders 2, the fewest" in _refused(_hand("solodreier", 68))
    kr = load_profile("koenigrufen")
    parse_hand(_hand("solodreier", 68, VALAT), kr)
    parse_hand(_hand("rufer", 1, DEFENDERS_VALAT), kr)


def test_a_valat_leaves_the_other_side_whole_points() -> None:
    # After a Valat the other side holds its talon cards alone, three (or six): counted in threes
    # that is whole points ([HT §1.5] "drei Blätter → 1 Punkt"; each card ⅓ and whole points more).
    err = _refused(_hand("rufer", "60 1/3", VALAT))
    assert "(contracts.rufer.talon_share = 'half': 1 and whole points more, at most 13)" in err
    assert "card_points 60 1/3 leaves them 9 2/3" in err
    assert "is not one of these" in _refused(_hand("rufer", "9 1/3", DEFENDERS_VALAT))
    parse_hand(_hand("rufer", 60, VALAT), load_profile("koenigrufen"))


def test_a_solorufer_with_the_king_in_the_talon_gives_the_declarer_its_half() -> None:
    # [OÖ23 Allg. 7], [GT]: the half with the called King goes to the declarer at the end (§1.4),
    # so a Defenders' Valat leaves him that half, up to 13.
    kr = load_profile("koenigrufen")
    hand = _hand("solorufer", 9, DEFENDERS_VALAT, called_king="talon", conceded=False)
    parse_hand(hand, kr)
    assert "at most 0" in _refused(_hand("solorufer", 9, DEFENDERS_VALAT))


def test_a_side_without_a_card_made_no_bonus() -> None:
    trull: BonusInput = {"name": "trull"}
    err = _refused(_hand("solodreier", 0, DEFENDERS_VALAT, trull))
    assert "bonus[1].made: true: the declarers have no card point, so no card in their tricks" in err
    # GameTwist: the Mondfang is a trick's ([GT] "taken in a trick"). (The Königfang is a Call's,
    # where the Defenders always hold the talon half the declarer left them.)
    made: BonusInput = {"name": "mondfang", "side": "defenders"}
    hand = _hand("sechserdreier", 70, VALAT, made)
    assert "the defenders have no card point" in _refused(hand, "gametwist")
    # Absolut: decided by the points alone ([GT] "at least 45 1/3 points").
    absolut: BonusInput = {"name": "absolut", "side": "defenders"}
    assert "bonuses.absolut.min_card_points" in _refused(_hand("dreier", 40, absolut), "gametwist")


def test_a_game_without_a_card_floor_proves_nothing() -> None:
    # Zwanzigerrufen's blank cards count nothing ([WP-Z]): 0 card points prove no empty hand.
    zr = load_profile("zwanzigerrufen")
    assert not zr.game.every_card_counts
    parse_hand(
        {"players": PLAYERS, "contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 0},
        zr,
    )


# -- the property: whatever the card points and bonuses, an accepted hand tells one story ------


# Read once: each profile read from its file takes longer than a hand's parse and check.
PROFILES = {
    name: load_profile(name) for name in ("koenigrufen", "gametwist", "ooe-2023", "pagat", "steiermark")
}


@st.composite
def _any_hand(draw: st.DrawFn) -> tuple[str, HandInput]:
    profile = draw(st.sampled_from(list(PROFILES)))
    p = PROFILES[profile]
    names = [c.name for c in p.contracts.values() if c.kind.value == "positive"]
    contract = p.contracts[draw(st.sampled_from(names))]
    thirds = draw(st.integers(0, 210))
    hand = _hand(contract.name, render_points(Fraction(thirds, 3)))
    if contract.bidders == "forehand":
        hand["declarer"] = "Anna"
    bonuses: list[BonusInput] = []
    for name in draw(st.lists(st.sampled_from(list(contract.bonuses)), unique=True, max_size=3)):
        bonus = p.bonuses[name]
        side = draw(st.sampled_from(["declarers", "defenders"] if bonus.side == "either" else [bonus.side]))
        announced = bonus.announce and draw(st.booleans())
        bonuses.append({"name": name, "side": side, "announced": announced, "made": draw(st.booleans())})
    if contract.requires_announced and not any(b["name"] in contract.requires_announced for b in bonuses):
        bonuses.append({"name": contract.requires_announced[0], "announced": True})
    if bonuses:
        hand["bonus"] = bonuses
    return profile, hand


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_any_hand())
def test_accepted_card_points_agree_with_every_bonus(case: tuple[str, HandInput]) -> None:
    profile, given_hand = case
    p = PROFILES[profile]
    try:
        hand = parse_hand(given_hand, p)
    except HandError:
        reject()  # the hand is refused: only an accepted hand is checked here
    assert hand.card_points is not None
    sides = {"declarers": hand.card_points, "defenders": 70 - hand.card_points}
    valat = next((b for b in hand.bonuses if b.name == "valat"), None)
    for side, points in sides.items():
        if points == 70:  # every card: every trick, so a Valat, made by this side or failed by the other
            assert valat is not None
            assert valat.made if valat.side == side else not valat.made
        if points == 0:  # no card: no bonus made
            assert not any(b.made for b in hand.bonuses if b.side == side and b.name != "valat")
    for b in hand.bonuses:
        minimum = p.bonuses[b.name].min_card_points
        if minimum is not None:
            assert b.made == (sides[b.side] >= minimum)
    if valat is not None and valat.made:
        contract = p.contracts[hand.contract]
        # the other side holds only talon cards: a half at most 13, all six at most 26, none 0
        theirs = {"half": 13, "all": 0, "none": 26}[contract.talon_share]
        if valat.side == "defenders":
            theirs = 26 - theirs
        assert sides["defenders" if valat.side == "declarers" else "declarers"] <= theirs


@pytest.mark.parametrize("profile", ["koenigrufen", "gametwist"])
def test_a_dodge_round_player_holds_no_card_or_a_tricks_four(profile: str) -> None:
    # Every card counts at least 1/3 (§1.1) and a trick is four cards (game.trick_card_points,
    # D17). So a player has 0 (no trick, a virgin) or at least 1: 1/3 and 2/3 are no count of any
    # table (exact thirds give a trick 4/3 [WIKI-DE]; counted in threes with one point off for the
    # odd card, 1 + 1 + 1 - 2 and 1 - 1 = 1 [PAGAT via HT §1.5], [TIR19]).
    hand: HandInput = {"players": PLAYERS, "contract": "trischaken"}
    hand["card_points"] = {"Anna": "2/3", "Bert": 30, "Cilli": "19 1/3", "Dani": 20}
    if profile == "gametwist":  # the talon out of play: the players hold 70 less its 2 to 26
        hand["card_points"] = {"Anna": "2/3", "Bert": 30, "Cilli": "19 1/3", "Dani": 10}
    assert "card_points.Anna: 2/3: a player without a trick holds no card" in _refused(hand, profile)
    hand["card_points"] = {"Anna": 1, "Bert": 30, "Cilli": 19, "Dani": 20}
    parse_hand(hand, load_profile("koenigrufen"))  # a trick counted in threes, one point off


def test_a_tricks_fewest_is_its_own_key_not_the_talon_halfs() -> None:
    # D17: three small cards (a talon half) hold 1 by every count, four (a trick) 4/3 in exact
    # thirds [WIKI-DE] but 1 with one point off for the odd card [PAGAT via HT §1.5], [TIR19].
    # The shipped profiles take the lower; a table counting in exact thirds may say 4/3.
    assert load_profile("koenigrufen").game.trick_card_points == 1
    exact = load_profile("koenigrufen", {"game": {"trick_card_points": "4/3"}})
    dodge: HandInput = {"players": PLAYERS, "contract": "trischaken"}
    dodge["card_points"] = {"Anna": 1, "Bert": 30, "Cilli": 19, "Dani": 20}
    with pytest.raises(HandError, match=r"card_points.Anna: 1: .* at least 1 1/3 \(game.trick_card_points\)"):
        parse_hand(dodge, exact)
    # a Call's Defenders: their talon half (1) and one trick, at least 1 + 4/3 = 2 1/3 in exact thirds
    with pytest.raises(
        HandError,
        match=r"leaves the defenders 2: .* at least 1, and with a trick's four cards besides at least 2 1/3",
    ):
        parse_hand(_hand("rufer", 68), exact)
    parse_hand(_hand("rufer", 68), load_profile("koenigrufen"))  # 2 = 1 + 1, one point off
    # an evening's profile kept before the key takes a talon half's fewest, 1, as it did then
    kept = load_profile("koenigrufen")
    kept = dataclasses.replace(kept, game=kept.game._replace(trick_card_points=None))
    assert trick_card_points(kept) == 1


def test_a_sack_beside_a_valat_is_checked_against_the_talon_without_card_points() -> None:
    # [TIR20 Zusätze] 1. Sack, 2. Sack; at least 45 2/3 and 55 2/3 card points [TB 'Tiroler
    # Tarockcup']. A Valat needs no card points (§1.5), but still bounds them: in a Call the
    # Defenders hold only their talon half, 1 to 13, the declarers 70 - 13 = 57 to 69 (§1.4).
    # [TIR20 6)] scores no Sack in a Valat, but a Sack no deal gives is refused as with card points.
    def sack(contract: str, *bonuses: BonusInput) -> HandInput:
        hand = _hand(contract, 0, VALAT, *bonuses)
        del hand["card_points"]
        return hand

    err = _refused(sack("rufer", {"name": "first_sack", "side": "defenders"}), "tirol")
    assert "bonus[1].made: true: beside the declarers' Valat the defenders hold at most 13 card points" in err
    err = _refused(sack("rufer", {"name": "second_sack", "made": False}), "tirol")
    assert (
        "bonus[1].made: false: beside the declarers' Valat the declarers hold at least 57 card points" in err
    )
    # a Solodreier's Defenders get the whole talon, 2 to 26: the declarers' 44 to 68 may miss 45 2/3
    parse_hand(sack("solodreier", {"name": "first_sack", "made": False}), load_profile("tirol"))
    parse_hand(sack("solodreier", {"name": "second_sack"}), load_profile("tirol"))
