"""A Call conceded at once, when the called King lies in the talon, ends before the
announcements: the Upper Austrian rules order the talon exchange, then "die Ansagen … und ‚Ich
liege'" [OÖ23 Allg.], and GameTwist holds its calling round after "Taking the deck" [GT]. So no
bonus is announced in it but the bird the contract is bid with, and none is made or lost."""

from __future__ import annotations

import pytest

from tarockscore.errors import HandError
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.legality import concession_bonuses
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def _conceded(contract: str, *bonuses: BonusInput) -> HandInput:
    hand: HandInput = {
        "players": PLAYERS,
        "contract": contract,
        "declarer": "Anna",
        "called_king": "talon",
        "conceded": True,
    }
    if bonuses:
        hand["bonus"] = list(bonuses)
    return hand


@pytest.mark.parametrize("profile", ["koenigrufen", "gametwist", "ooe-2023"])
@pytest.mark.parametrize("bonus", ["trull", "pagat"])
def test_a_conceded_call_refuses_an_announced_bonus(profile: str, bonus: str) -> None:
    with pytest.raises(HandError) as refused:
        parse_hand(_conceded("rufer", {"name": bonus, "announced": True}), load_profile(profile))
    assert str(refused.value) == (
        f"bonus[0].announced: {bonus!r} announced in a conceded hand: the declarer concedes on seeing "
        "the talon, before the announcements, so no bonus is announced"
    )


def test_a_conceded_hand_makes_no_silent_bonus() -> None:
    with pytest.raises(HandError, match=r"^bonus\[0\]: 'pagat': a conceded hand is not played"):
        parse_hand(_conceded("rufer", {"name": "pagat"}), load_profile("koenigrufen"))


def test_the_bird_of_the_bid_is_kept_where_the_source_pays_it() -> None:
    # [OÖ23 Tarif] via HT: a conceded Besserrufer pays the game and the bird to each of the three
    # others, "3, 5, 7 oder 9": Besserrufer 1 + Pagat announced 1 × 2 = 3 each.
    ooe = load_profile("ooe-2023")
    bird: BonusInput = {"name": "pagat", "announced": True, "made": False}
    score = score_hand(parse_hand(_conceded("besserrufer", bird), ooe), ooe)
    assert dict(score.victory_points) == {"Anna": -9, "Bert": 3, "Cilli": 3, "Dani": 3}
    # Any other announced bonus beside the bird is refused, naming it.
    with pytest.raises(HandError, match=r"bonus\[1\]\.announced: 'trull' announced in a conceded hand"):
        parse_hand(_conceded("besserrufer", bird, {"name": "trull", "announced": True}), ooe)
    # The guided entry offers only the bird.
    assert concession_bonuses(ooe, ooe.contracts["besserrufer"]) == [
        "pagat",
        "uhu",
        "kakadu",
        "quapil",
    ]
    assert concession_bonuses(ooe, ooe.contracts["rufer"]) == []


def test_a_conceded_hand_has_no_revoke() -> None:
    # A revoke breaks the rules of play (docs/rules/koenigrufen.md §7); a conceded hand is not
    # played, so nobody revoked in it. It was taken, and the Defender's revoke won Anna the Rufer
    # she had conceded.
    with pytest.raises(HandError) as refused:
        parse_hand({**_conceded("rufer"), "renonce": "Bert"}, load_profile("koenigrufen"))
    assert str(refused.value) == "renonce: a conceded hand is not played: nobody revokes in it"
