"""How a Kontra reads to a table: German says the article a bonus and a contract take ("Kontra auf
den Pagat", "auf die Trull", "auf den Bettler von Bert"); English stays as it was."""

from __future__ import annotations

from typing import Any, cast

import pytest

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


def _bonus(name: str, kontra: str, side: str = "declarers") -> dict[str, Any]:
    return {"name": name, "side": side, "announced": True, "made": True, "kontra": kontra}


CALL_WITH_KONTRA_ON_BONUSES = {
    "contract": "rufer",
    "declarer": "Anna",
    "partner": "Cilli",
    "card_points": 40,
    "bonus": [
        _bonus("pagat", "rekontra"),
        _bonus("uhu", "kontra"),
        _bonus("kakadu", "kontra"),
        _bonus("quapil", "kontra"),
        _bonus("trull", "kontra"),
        _bonus("four_kings", "kontra", "defenders"),
        _bonus("king_ultimo", "kontra"),
    ],
}


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            [
                "Kontra on the Pagat",
                "Rekontra on the Pagat",
                "Kontra on the Uhu",
                "Kontra on the Kakadu",
                "Kontra on the Quapil",
                "Kontra on the Trull",
                "Kontra on the Four Kings",
                "Kontra on the King Ultimo",
            ],
        ),
        (
            "de",
            [
                "Kontra auf den Pagat",
                "Rekontra auf den Pagat",
                "Kontra auf den Uhu",
                "Kontra auf den Kakadu",
                "Kontra auf den Quapil",
                "Kontra auf die Trull",
                "Kontra auf die Vier Könige",
                "Kontra auf den König ultimo",
            ],
        ),
    ],
)
def test_a_kontra_on_a_bonus_names_it_with_its_article(language: str, said: list[str]) -> None:
    text = _explained(CALL_WITH_KONTRA_ON_BONUSES, language)
    for words in said:
        assert words in text, text


@pytest.mark.parametrize(
    ("language", "said"), [("en", "Kontra on the Mondfang"), ("de", "Kontra auf den Mondfang")]
)
def test_a_kontra_on_the_mondfang_says_den_mondfang(language: str, said: str) -> None:
    # the Tyrolean cup has the Mondfang as a bonus of its own (profiles/tirol.toml)
    hand = {
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 40,
        "bonus": [_bonus("mondfang", "kontra")],
    }
    text = _explained(hand, language, "tirol")
    assert said in text, text


BETTLER_AD_PERSONAM = {
    "contract": "bettler",
    "declarer": "Bert",
    "won": False,
    "kontra": {"Anna": "kontra", "Dani": "rekontra"},
}


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            ["Anna's Kontra on Bert's Bettler", "Dani's Kontra on Bert's Bettler", "Bert's Rekontra to Dani"],
        ),
        (
            "de",
            [
                "Kontra von Anna auf den Bettler von Bert",
                "Kontra von Dani auf den Bettler von Bert",
                "Rekontra von Bert gegen Dani",
            ],
        ),
    ],
)
def test_a_defender_s_own_kontra_on_a_bettler_says_den_bettler(language: str, said: list[str]) -> None:
    text = _explained(BETTLER_AD_PERSONAM, language)
    for words in said:
        assert words in text, text
