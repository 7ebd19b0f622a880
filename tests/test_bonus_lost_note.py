"""A bonus its side announced and lost says who did not make it in a sentence: "the declarers
did not make it" (the note of ``--explain`` and of ``score --json``); the German stays."""

from __future__ import annotations

from typing import Any, cast

from tarockscore import i18n
from tarockscore.io.inputs import load_profile
from tarockscore.render.hand import explain
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def _explained(hand: dict[str, Any], language: str, profile: str = "koenigrufen") -> str:
    rules = load_profile(profile)
    data: dict[str, Any] = {"players": PLAYERS, **hand}
    score = score_hand(parse_hand(cast(HandInput, data), rules), rules)
    with i18n.language(language):
        return explain(score, rules)


FAILED_PAGAT: dict[str, Any] = {
    "contract": "rufer",
    "declarer": "Anna",
    "partner": "Cilli",
    "card_points": 40,
    "bonus": [{"name": "pagat", "side": "declarers", "announced": True, "made": False}],
}


def test_a_bonus_the_declarers_lost_says_the_declarers_did_not_make_it() -> None:
    rules = load_profile("koenigrufen")
    data: dict[str, Any] = {"players": PLAYERS, **FAILED_PAGAT}
    score = score_hand(parse_hand(cast(HandInput, data), rules), rules)
    (pagat,) = [line for line in score.lines if line.bet == "pagat"]
    assert pagat.note == "the declarers did not make it: it goes to the other side"
    assert "note: the declarers did not make it: it goes to the other side" in _explained(FAILED_PAGAT, "en")
    assert "die Spielerseite hat sie nicht gemacht: sie geht an die andere Seite" in _explained(
        FAILED_PAGAT, "de"
    )


def test_a_bonus_the_defenders_lost_says_the_defenders_did_not_make_it() -> None:
    hand = {
        **FAILED_PAGAT,
        "bonus": [{"name": "trull", "side": "defenders", "announced": True, "made": False}],
    }
    text = _explained(hand, "en")
    assert "note: the defenders did not make it: it goes to the other side" in text, text
    assert "die Gegenspieler haben sie nicht gemacht: sie geht an die andere Seite" in _explained(hand, "de")


def test_a_bonus_a_lone_declarer_lost_says_the_declarer_did_not_make_it() -> None:
    """A Dreier is played alone (koenigrufen's Dreier calls no partner): its lost Pagat is the
    declarer's, one player, not "the declarers"."""
    hand = {key: value for key, value in FAILED_PAGAT.items() if key != "partner"}
    hand["contract"] = "dreier"
    text = _explained(hand, "en")
    assert "note: the declarer did not make it: it goes to the other side" in text, text
    assert "der Spieler hat sie nicht gemacht: sie geht an die andere Seite" in _explained(hand, "de")
