"""A Valat made stands for what it proves: the hand needs no card points.

A side that takes every trick won the game: it holds every card but the talon cards the other side
is given (docs/rules/koenigrufen.md §1.4, §1.5; [GT] Valat "one team takes all of the tricks"),
and tarockscore already refuses a made Valat entered beside a lost game. What the Valat then
scores follows from the side alone under every profile's ``[valat]``: in the main rules the
Valat replaces the contract's line, the contract's value ×4 silent, ×8 announced ([CTK] "the
contract pays four times its value", "eight times if you announced the Valat"; D9); in the cups
of Tyrol and Vienna it is a fixed premium paid "zusätzlich zum Spiel" ([TIR20 6)], [WTC20
Prämien]; D9), the game going to the side that took every trick. So a table that saw every
trick go to one side enters the Valat and no card points; the explanation says the Valat
decided it, in words, and counts no card points it was not given.

A Valat announced and lost proves nothing about the card points: that hand still needs them (or
``won``).

Every expected number is worked by hand from the source named beside it.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.errors import HandError
from tarockscore.io.inputs import load_profile
from tarockscore.render.hand import explain
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.legality import OTHER_SHARE, declarer_talon_share, talon_share_holds
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

runner = CliRunner()
PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]
ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.toml"))


def _valat_by_card_points(path: Path) -> bool:
    """A worked hand with a made Valat whose outcome was given by card points."""
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    hand = case["hand"]
    made = any(b["name"] == "valat" and b.get("made", True) for b in hand.get("bonus", []))
    return made and "card_points" in hand and "won" not in hand and not case["expected"].get("error")


WORKED_VALATS = [p for p in GOLDEN if _valat_by_card_points(p)]
MISSING = (
    "card_points: missing: give the declarer side's card points, or won = true or false; a Valat made needs "
    "neither (a [[bonus]] named valat)"
)


def rufer_valat(side: str = "declarers", **bonus: Any) -> HandInput:
    """A Call by Anna with Cilli, the Valat of ``side`` made, no card points."""
    valat: BonusInput = {"name": "valat", "side": side, "made": True}
    valat.update(bonus)  # type: ignore[typeddict-item]
    return {"players": PLAYERS, "contract": "rufer", "declarer": "Anna", "partner": "Cilli", "bonus": [valat]}


def scored(hand: HandInput, profile: str = "koenigrufen") -> dict[str, int]:
    p = load_profile(profile)
    return dict(score_hand(parse_hand(hand, p), p).victory_points)


# -- the hand file ------------------------------------------------------------------------------


def test_a_call_with_every_trick_needs_no_card_points() -> None:
    # K7 [CTK]: a Call won with every trick pays 4 (1 × 4, Simplified Scoring: the winners add)
    assert scored(rufer_valat()) == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dani": 0}


def test_an_announced_valat_made_needs_no_card_points() -> None:
    # K8 [CTK]: announced and made, 1 × 8 = 8 to each declarer
    assert scored(rufer_valat(announced=True)) == {"Anna": 8, "Bert": 0, "Cilli": 8, "Dani": 0}


def test_the_defenders_valat_made_decides_the_hand_for_them() -> None:
    # [CTK] the Valat replaces the contract's line: Call 1 × 4 = 4, to the side that took every
    # trick; Simplified Scoring, so Bert and Dani add it and the declarers nothing
    assert scored(rufer_valat("defenders")) == {"Anna": 0, "Bert": 4, "Cilli": 0, "Dani": 4}


def test_a_fixed_valat_pays_the_game_beside_it_to_the_side_that_took_every_trick() -> None:
    # [TIR20 6)] "zusätzlich zum Spiel und in Solospielen doppelt": examples/tirol-valat.toml
    # without its card points, Solodreier 10 + Valat 10 × 2 + Pagat 1 × 2 = 32 from each Defender
    hand = tomllib.loads((ROOT / "examples" / "tirol-valat.toml").read_text(encoding="utf-8"))
    profile = hand.pop("profile")
    del hand["card_points"]
    assert scored(cast(HandInput, hand), profile) == {"Toni": -32, "Mitzi": 96, "Ferdl": -32, "Gusti": -32}


def test_a_fixed_valat_of_the_defenders_in_vienna() -> None:
    # [WTC20 Prämien] Valat 10 silent, beside the game: Rufer 1 (wien.md §1) + 10 = 11 from each
    # declarer to each Defender, zero-sum 2 against 2
    assert scored(rufer_valat("defenders"), "wien") == {"Anna": -11, "Bert": 11, "Cilli": -11, "Dani": 11}


def test_the_worked_valats_are_there() -> None:
    assert len(WORKED_VALATS) >= 8


@pytest.mark.parametrize("path", WORKED_VALATS, ids=[p.stem for p in WORKED_VALATS])
def test_every_worked_valat_scores_the_same_without_its_card_points(path: Path) -> None:
    """Each golden hand with a made Valat (its source in the file) scores as worked there when
    its card points are left out: nothing in it rested on the count."""
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    hand = copy.deepcopy(case["hand"])
    hand.pop("card_points")
    hand.pop("defender_card_points", None)
    profile = load_profile(case["profile"], case.get("profile_overrides"))
    score = score_hand(parse_hand(hand, profile), profile)
    assert score.counted(case.get("radl", 1))[0] == case["expected"]["victory_points"]


@pytest.mark.parametrize("profile", ["koenigrufen", "gametwist", "ooe-2023", "steiermark", "tirol", "wien"])
def test_the_profile_numbers_agree_that_every_trick_wins_the_game(profile: str) -> None:
    """What the Valat proves, from the profile's own numbers (docs/rules/koenigrufen.md §1.4): the
    side that took every trick holds all but the talon cards the other side is given, which is
    more than the game needs; the other side holds at most its talon cards, which is less."""
    p = load_profile(profile)
    for contract in p.contracts.values():
        if "valat" not in contract.bonuses:
            continue
        for called_king in (None, "talon"):
            share = declarer_talon_share(p, contract, called_king)
            assert share is not None
            other = OTHER_SHARE[share]
            every_trick = p.game.card_points_total - talon_share_holds(p, other)[1]
            assert every_trick >= p.game.win_threshold, (contract.name, called_king)
            assert talon_share_holds(p, share)[1] < p.game.win_threshold, (contract.name, called_king)


def test_a_failed_announced_valat_still_needs_the_card_points() -> None:
    with pytest.raises(HandError) as refused:
        parse_hand(rufer_valat(announced=True, made=False), load_profile("koenigrufen"))
    assert str(refused.value) == MISSING


def test_a_made_valat_beside_a_lost_game_is_still_refused() -> None:
    hand = rufer_valat()
    hand["won"] = False
    with pytest.raises(HandError) as refused:
        parse_hand(hand, load_profile("koenigrufen"))
    assert "a Valat made by the declarers takes every trick, so the declarers win the game" in str(
        refused.value
    )


# -- what the explanation says --------------------------------------------------------------------


def explained(hand: HandInput, language: str, profile: str = "koenigrufen") -> str:
    p = load_profile(profile)
    score = score_hand(parse_hand(hand, p), p)
    with i18n.language(language):
        return explain(score, p)


@pytest.mark.parametrize(
    ("side", "language", "line"),
    [
        ("declarers", "en", "Result: the declarers won: Valat, every trick to Anna and Cilli"),
        ("defenders", "en", "Result: the declarers lost: Valat, every trick to Bert and Dani"),
        ("declarers", "de", "Ergebnis: die Spielerseite hat gewonnen: Valat, alle Stiche an Anna und Cilli"),
        ("defenders", "de", "Ergebnis: die Spielerseite hat verloren: Valat, alle Stiche an Bert und Dani"),
    ],
)
def test_the_explanation_says_the_valat_decided_it_and_counts_no_card_points(
    side: str, language: str, line: str
) -> None:
    text = explained(rufer_valat(side), language)
    assert line in text.splitlines()
    assert "card points" not in text and "Kartenpunkte" not in text


def test_a_lone_declarers_valat_names_him_alone() -> None:
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "solodreier",
        "declarer": "Bert",
        "bonus": [{"name": "valat"}],
    }
    assert "Result: the declarer won: Valat, every trick to Bert" in explained(hand, "en").splitlines()


def test_with_card_points_the_explanation_still_counts_them() -> None:
    hand = rufer_valat()
    hand["card_points"] = 68
    assert "Result: the declarers won: 68 card points, they needed 35 2/3" in explained(hand, "en")


# -- the command line: a hand file, the short form, a ledger -------------------------------------


def test_score_a_hand_file_with_a_valat_and_no_card_points(tmp_path: Path) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\n'
        'partner = "Cilli"\n\n[[bonus]]\nname = "valat"\nside = "declarers"\nmade = true\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["score", "--explain", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "Result: the declarers won: Valat, every trick to Anna and Cilli" in result.stdout
    assert "Victory Points: Anna +4, Bert 0, Cilli +4, Dani 0" in result.stdout


def test_the_short_form_names_the_valat_in_place_of_the_card_points() -> None:
    args = ["score", "--json", "-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli"]
    result = runner.invoke(app, [*args, "-b", "valat,defenders"])
    assert result.exit_code == 0, result.stderr
    # the Defenders' silent Valat: Call 1 × 4 = 4 to Bert and to Dani [CTK]
    assert '"Bert": 4' in result.stdout and '"Dani": 4' in result.stdout
    assert '"won": false' in result.stdout


def test_record_and_explain_a_valat_in_german(tmp_path: Path) -> None:
    ledger = str(tmp_path / "evening.toml")
    assert runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", ledger]).exit_code == 0
    recorded = runner.invoke(
        app,
        ["record", "--ledger", ledger, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-b", "valat,announced"],
    )
    assert recorded.exit_code == 0, recorded.stderr
    said = runner.invoke(app, ["--lang", "de", "explain", "1", "--ledger", ledger])
    assert said.exit_code == 0, said.stderr
    assert "Ergebnis: die Spielerseite hat gewonnen: Valat, alle Stiche an Anna und Cilli" in said.stdout


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "or --won or --lost; a Valat made needs neither (-b valat)"),
        ("de", "oder --won oder --lost; ein gemachter Valat braucht keines davon (-b valat)"),
    ],
)
def test_card_points_missing_says_a_valat_made_would_do(lang: str, said: str) -> None:
    """A Call given without its card points is refused, and the refusal names every way out: the
    card points, the outcome, or the Valat that makes both needless (docs/hand-format.md)."""
    from typer.testing import CliRunner

    from tarockscore.cli.app import app

    result = CliRunner().invoke(
        app,
        ["--lang", lang, "score", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-p", "Anna,Bert,Cilli,Dani"],
    )
    assert result.exit_code == 1
    assert said in result.output
