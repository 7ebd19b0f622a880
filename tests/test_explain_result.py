"""The result line of an explained hand: "the declarer" where one plays alone (a Dreier, a Solo,
a Bettler, a Piccolo, a solo call), "the declarers" where two play together; and a bet's money
where a Kontra makes it differ from the sheet."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.io.inputs import load_profile
from tarockscore.render.hand import explain
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand
from tests.stored import unfolded

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def _explained(hand: dict[str, Any], language: str, profile: str = "koenigrufen") -> str:
    rules = load_profile(profile)
    data: dict[str, Any] = {"players": PLAYERS, **hand}
    score = score_hand(parse_hand(cast(HandInput, data), rules), rules)
    with i18n.language(language):
        return explain(score, rules)


@pytest.mark.parametrize(
    ("hand", "language", "result"),
    [
        # a Dreier: Anna plays alone against three; 40 card points, she needs 35 and 2 Blatt
        (
            {"contract": "dreier", "declarer": "Anna", "card_points": 40},
            "en",
            "Result: the declarer won: 40 card points, they needed 35 2/3",
        ),
        (
            {"contract": "dreier", "declarer": "Anna", "card_points": 40},
            "de",
            "Ergebnis: der Spieler hat gewonnen: 40 Kartenpunkte, nötig waren 35 2/3",
        ),
        ({"contract": "bettler", "declarer": "Bert", "won": False}, "en", "Result: the declarer lost"),
        (
            {"contract": "bettler", "declarer": "Bert", "won": False},
            "de",
            "Ergebnis: der Spieler hat verloren",
        ),
        ({"contract": "piccolo", "declarer": "Bert", "won": True}, "en", "Result: the declarer won"),
        (
            {"contract": "piccolo", "declarer": "Bert", "won": True},
            "de",
            "Ergebnis: der Spieler hat gewonnen",
        ),
        # a Call still has two declarers
        (
            {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 30},
            "en",
            "Result: the declarers lost: 30 card points, they needed 35 2/3",
        ),
        (
            {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 30},
            "de",
            "Ergebnis: die Spielerseite hat verloren: 30 Kartenpunkte, nötig waren 35 2/3",
        ),
    ],
)
def test_the_result_says_the_declarer_where_one_plays_alone(
    hand: dict[str, Any], language: str, result: str
) -> None:
    lines = _explained(hand, language).splitlines()
    assert result in lines, lines


def test_a_revoke_by_a_declarer_playing_alone_says_the_declarer_lost() -> None:
    hand = {"contract": "dreier", "declarer": "Anna", "card_points": 40, "renonce": "Anna"}
    assert "Result: the declarer lost: Renonce by Anna [1]" in _explained(hand, "en").splitlines()
    assert "Ergebnis: der Spieler hat verloren: Renonce von Anna [1]" in _explained(hand, "de").splitlines()


# Who wins a revoked hand is no card count but the profile's revoke rule (renonce.rule, D28): the
# result line cites it as every number is cited, with the source the profile names for it.
@pytest.mark.parametrize(
    ("profile", "result", "source"),
    [
        # koenigrufen: pagat.com's reading, the revoking side loses (docs/rules/koenigrufen.md §7)
        ("koenigrufen", "Result: the declarer lost: Renonce by Anna [1]", "[PAGAT]"),
        ("gametwist", "Result: the declarer lost: Renonce by Anna [1]", "[PAGAT]"),
        # ooe-2023, tirol, wien: the revoker pays as if the others had won
        ("ooe-2023", "Result: Renonce by Anna [1]", "[OÖR25 B.4]"),
        ("tirol", "Result: Renonce by Anna [1]", "[TIR20 7)]"),
        ("wien", "Result: Renonce by Anna [1]", "[WTC20 § Renonce]"),
    ],
)
def test_a_revoke_cites_the_rule_that_decided_it(profile: str, result: str, source: str) -> None:
    hand = {"contract": "dreier", "declarer": "Anna", "card_points": 40, "renonce": "Anna"}
    lines = _explained(hand, "en", profile).splitlines()
    assert result in lines, lines
    note = next(line for line in lines if line.startswith("[1] "))
    assert "D28" in note and source in note, note


def test_a_revoke_in_zwanzigerrufen_cites_its_rule() -> None:
    hand = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40, "renonce": "Bert"}
    lines = _explained(hand, "en", "zwanzigerrufen").splitlines()
    assert "Result: the declarers won: Renonce by Bert [1]" in lines, lines
    assert next(line for line in lines if line.startswith("[1] ")).startswith("[1] D28")


@pytest.mark.parametrize(
    ("profile", "source"),
    [("koenigrufen", "[PAGAT]"), ("ooe-2023", "[OÖR25 B.4]"), ("wien", "[WTC20 § Renonce]")],
)
@pytest.mark.parametrize(
    "card_points", [{}, {"card_points": {"Anna": 20, "Bert": 20, "Cilli": 20, "Dani": 10}}]
)
def test_a_revoked_trischaken_says_the_revoke_decided_it_not_the_card_points(
    profile: str, source: str, card_points: dict[str, Any]
) -> None:
    # In the Dodge Round the revoke decides the hand, card points given or not
    # (docs/rules/koenigrufen.md §7): the result names the revoke and cites its rule (D28).
    hand = {"contract": "trischaken", "renonce": "Bert", **card_points}
    lines = _explained(hand, "en", profile).splitlines()
    assert "Result: Renonce by Bert [1]" in lines, lines
    assert not any(line.startswith("Card points:") for line in lines), lines
    note = next(line for line in lines if line.startswith("[1] "))
    assert "D28" in note and source in note, note


def test_a_revoke_note_speaks_of_one_declarer_as_one_and_names_the_revoker_in_the_dodge_round() -> None:
    # renonce.rule = "side_loses" (koenigrufen, D28 [PAGAT]): the declarer of a Solodreier who
    # revokes loses it alone; in the Dodge Round the revoker alone loses ([OÖR25 B.4])
    solo = CliRunner().invoke(
        app, ["score", "-p", "Anna,Bert,Cilli,Dani", "-c", "solodreier", "-d", "Bert", "--renonce", "Bert"]
    )
    assert solo.exit_code == 0, solo.stderr
    assert "note: Renonce by Bert: the declarer loses the contract and every announced bonus." in unfolded(
        solo.stdout
    )
    dodge = CliRunner().invoke(
        app, ["score", "-p", "Anna,Bert,Cilli,Dani", "-c", "trischaken", "--renonce", "Bert"]
    )
    assert dodge.exit_code == 0, dodge.stderr
    assert "note: Renonce by Bert: the revoker loses the Trischaken alone." in unfolded(dodge.stdout)
    explained = CliRunner().invoke(
        app, ["score", "-p", "Anna,Bert,Cilli,Dani", "-c", "trischaken", "--renonce", "Bert", "--explain"]
    )
    lines = " ".join(explained.stdout.split()).split("note: ", 1)[1]
    number = re.match(r"Renonce by Bert: the revoker loses the Trischaken alone\. \[(\d+)\]", lines)
    assert number, explained.stdout
    assert f"[{number[1]}] D28: the revoking side loses" in " ".join(explained.stdout.split())


@pytest.mark.parametrize(
    ("hand", "language", "result"),
    [
        # The declarers announce the Valat and take 40 card points, but not every trick: the
        # failed Valat replaces the game's line and loses the hand [CTK] "Valat", docs/rules/
        # koenigrufen.md §4 (D9, D35); "a failed announced Valat loses the game even with 35 2/3"
        # [OÖ23 via HT]. The 40 card points alone would have won it: the line says why not.
        (
            {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40},
            "en",
            "Result: the declarers lost: the announced Valat failed; 40 card points, they needed 35 2/3",
        ),
        (
            {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40},
            "de",
            "Ergebnis: die Spielerseite hat verloren: der angesagte Valat ist danebengegangen; "
            "40 Kartenpunkte, nötig waren 35 2/3",
        ),
        # the Defenders' announced Valat fails: the declarers win it with 30 card points
        (
            {
                "contract": "rufer",
                "declarer": "Anna",
                "partner": "Cilli",
                "card_points": 30,
                "side": "defenders",
            },
            "en",
            "Result: the declarers won: the defenders' announced Valat failed; "
            "30 card points, they needed 35 2/3",
        ),
        (
            {
                "contract": "rufer",
                "declarer": "Anna",
                "partner": "Cilli",
                "card_points": 30,
                "side": "defenders",
            },
            "de",
            "Ergebnis: die Spielerseite hat gewonnen: der angesagte Valat der Gegner ist danebengegangen; "
            "30 Kartenpunkte, nötig waren 35 2/3",
        ),
    ],
)
def test_a_failed_announced_valat_says_why_the_card_points_did_not_decide(
    hand: dict[str, Any], language: str, result: str
) -> None:
    side = hand.pop("side", "declarers")
    valat = {"name": "valat", "side": side, "announced": True, "made": False}
    lines = _explained({**hand, "bonus": [valat]}, language).splitlines()
    assert result in lines, lines


@pytest.mark.parametrize(("lang", "words"), [("en", "in the payout"), ("de", "in der Auszahlung")])
def test_a_bet_kontrad_on_the_money_only_says_who_pays_whom_the_money(lang: str, words: str) -> None:
    # steiermark: a Bettler 4 [STC-TB] lost by Bert; Anna's Kontra ×2, Dani's Kontra answered with
    # Rekontra ×4 ("Es gibt nur Kontra (doppelt), Re (vierfach)" [STC via CTK]), paid, not written
    # (D1, [STC via HT §7.8]): on the sheet 4 to each, in money Anna 8, Cilli 4, Dani 16.
    hand = {"contract": "bettler", "declarer": "Bert", "won": False}
    out = _explained({**hand, "kontra": {"Anna": "kontra", "Dani": "rekontra"}}, lang, "steiermark")
    assert f"   {words}: Anna +8, Bert -8\n" in out
    assert f"   {words}: Bert -16, Dani +16\n" in out
    assert out.count(f"   {words}:") == 2  # not for Cilli's bet, whose money is its sheet's
