"""The cups' own profiles, tirol and wien: worked hands from each cup's rule text.

Sources (docs/rules/sources.md): [TIR20] the Tiroler Tarockcup rules "(c) 2020 Markus Mair,
www.tarock.tirol" (ABAKUS app, Statistik/REGELN.js, cup 55); [WTC20] the Wiener Tarockcup's
"Tarife und Regeln" of 2020 (ABAKUS app, Statistik/showRegeln.js); [WTC19] its 2019 text; [TA]
tarockapp.at ("Zwiccolo: Der Spieler muss exakt 2 Stiche machen"). Every expected number is the
tariff worked by hand: zero-sum, a lone declarer settles with each of the three Defenders.
"""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.errors import HandError, ProfileError
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import build_profile
from tarockscore.rules.scoring import score_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def _hand(contract: str, *bonuses: BonusInput, **keys: Any) -> HandInput:
    hand: HandInput = {"players": PLAYERS, "contract": contract, "declarer": "Anna"}
    hand.update(keys)  # type: ignore[typeddict-item]
    if bonuses:
        hand["bonus"] = list(bonuses)
    return hand


def _points(hand: HandInput, profile: str, **overrides: Any) -> dict[str, int]:
    p = load_profile(profile, overrides or None)
    return dict(score_hand(parse_hand(hand, p), p).victory_points)


def _refused(hand: HandInput, profile: str, **overrides: Any) -> str:
    with pytest.raises(HandError) as refused:
        parse_hand(hand, load_profile(profile, overrides or None))
    return str(refused.value)


# -- Zwiccolo and Zwiccolo ouvert: negative contracts, exactly two tricks [TA] ------------------


@pytest.mark.parametrize(
    ("profile", "contract", "value"),
    [
        ("wien", "zwiccolo", 2),  # [WTC20 Spiele] "Piccolo, Zwiccolo 2"
        ("wien", "zwiccolo_ouvert", 6),  # [WTC20 Spiele] "Piccolo und Zwiccolo ouvert 6"
        ("tirol", "zwiccolo_ouvert", 8),  # [TIR20 Spiele] "Zwiccolo ouvert 8"
    ],
)
@pytest.mark.parametrize("won", [True, False])
def test_a_zwiccolo_won_and_lost(profile: str, contract: str, value: int, won: bool) -> None:
    sign = 1 if won else -1
    expected = {
        "Anna": sign * 3 * value,
        "Bert": -sign * value,
        "Cilli": -sign * value,
        "Dani": -sign * value,
    }
    assert _points(_hand(contract, won=won), profile) == expected


def test_zwiccolo_promises_two_tricks() -> None:
    # [TA] "Zwiccolo … Der Spieler muss exakt 2 Stiche machen"; "Piccolo … exakt 1 Stich".
    wien = load_profile("wien")
    assert wien.contracts["zwiccolo"].tricks == 2
    assert wien.contracts["zwiccolo_ouvert"].tricks == 2
    assert wien.contracts["piccolo"].tricks == 1
    assert wien.contracts["bettler"].tricks == 0
    assert load_profile("tirol").contracts["zwiccolo_ouvert"].tricks == 2


def test_only_a_negative_contract_promises_tricks() -> None:
    document = dict(load_profile("wien").document)
    contracts = dict(document["contracts"])
    contracts["dreier"] = {**contracts["dreier"], "tricks": 3}
    with pytest.raises(ProfileError) as refused:
        build_profile({**document, "contracts": contracts})
    assert "contracts.dreier.tricks: only a negative contract promises a number of tricks" in str(
        refused.value
    )


def test_triccolo_is_profile_data() -> None:
    # Triccolo (exactly three tricks [TB 'Steirischer Tarockcup']) is in neither cup's text; a
    # table that plays it adds a negative contract with tricks = 3, and it scores as Piccolo does.
    p = load_profile(
        "wien",
        {
            "contracts": {
                "triccolo": {
                    "value": 2,
                    "kind": "negative",
                    "team": "alone",
                    "talon": False,
                    "tricks": 3,
                    "bonuses": [],
                }
            }
        },
    )
    assert p.contracts["triccolo"].tricks == 3
    won = score_hand(parse_hand(_hand("triccolo", won=False), p), p).victory_points
    assert dict(won) == {"Anna": -6, "Bert": 2, "Cilli": 2, "Dani": 2}


# -- the bird calls of the Vienna cup: 3 / 5 / 7 / 9 [WTC20 Spiele] ----------------------------


@pytest.mark.parametrize(
    ("contract", "bird", "price"),
    [
        ("pagatrufer", "pagat", 3),
        ("uhurufer", "uhu", 5),
        ("kakadurufer", "kakadu", 7),
        ("quapilrufer", "quapil", 9),
    ],
)
def test_a_bird_call_won_and_lost_pays_its_tariff(contract: str, bird: str, price: int) -> None:
    # [WTC20 Spiele] Pagatrufer 3, Uhurufer 5, Kakadurufer 7, Quapilrufer 9: the Call 1 and the
    # bird of the bid announced (2 / 4 / 6 / 8), 2 v 2.
    made = _hand(contract, {"name": bird, "announced": True}, partner="Cilli", card_points=40)
    assert _points(made, "wien") == {"Anna": price, "Bert": -price, "Cilli": price, "Dani": -price}
    lost = _hand(contract, {"name": bird, "announced": True, "made": False}, partner="Cilli", card_points=30)
    assert _points(lost, "wien") == {"Anna": -price, "Bert": price, "Cilli": -price, "Dani": price}


def test_a_bird_call_needs_its_bird_announced() -> None:
    err = _refused(_hand("uhurufer", partner="Cilli", card_points=40), "wien")
    assert "uhu" in err


def test_a_conceded_pagatrufer_pays_three() -> None:
    # [WTC20 § Ruferspiele] "Wer sich selbst ruft, kann 'schleifen'. In diesem Fall werden die
    # Punkte des normalen Spiels für die Schrift gewertet (z.B. Pagatrufer 3 Punkte)": 3 to each.
    hand = _hand("pagatrufer", {"name": "pagat", "announced": True}, called_king="talon", conceded=True)
    assert _points(hand, "wien") == {"Anna": -9, "Bert": 3, "Cilli": 3, "Dani": 3}


def test_the_vienna_cup_has_no_besserrufer() -> None:
    # [WTC20 § Spielablauf] "Es gibt keinen Besserrufer. Nur Pagat-, Uhu-, Kakadu- und Quapilrufer."
    assert "besserrufer" not in load_profile("wien").contracts


# -- the fixed Valat ----------------------------------------------------------------------------


def test_tirol_valat_is_paid_besides_the_game_and_doubled_in_a_solo() -> None:
    # [TIR20 6)] "Die fixe Valatprämie ist so wie die anderen Zusätze abzurechnen, d. h. zusätzlich
    # zum Spiel und in Solospielen doppelt. Im Falle eines Valats zählen alle Verlaufsprämien
    # (Vögel, Fänge, Ultimo), aber keine Bestandsprämien (Trull, Könige, Säcke)."
    # Solodreier 10 + silent Valat 10 × 2 + silent Pagat 1 × 2 = 32 from each Defender; the silent
    # Trull is a Bestandsprämie and is not scored.
    hand = _hand("solodreier", {"name": "valat"}, {"name": "pagat"}, {"name": "trull"}, card_points=64)
    assert _points(hand, "tirol") == {"Anna": 96, "Bert": -32, "Cilli": -32, "Dani": -32}


def test_tirol_announced_valat_in_a_rufer() -> None:
    # [TIR20 Zusätze] Valat 20 announced, besides the Rufer 1 [TIR20 Spiele]: 21 each, 2 v 2.
    hand = _hand("rufer", {"name": "valat", "announced": True}, partner="Cilli", card_points=60)
    assert _points(hand, "tirol") == {"Anna": 21, "Bert": -21, "Cilli": 21, "Dani": -21}


def test_wien_silent_valat_includes_the_silent_trull_and_voids_the_game_kontra() -> None:
    # [WTC20 § Prämien] "Ein stiller Valat inkludiert die stille Trull und die stillen Könige. Alle
    # anderen Prämie werden gewertet. Wurde das Spiel bei einem stillen Valat kontriert, so zählt
    # das Kontra nicht." Rufer 1 + Valat 10 + silent Pagat 1 = 12 each; the Trull is not scored and
    # the Kontra on the game doubles nothing, in the Schrift or the payout.
    hand = _hand(
        "rufer",
        {"name": "valat"},
        {"name": "pagat"},
        {"name": "trull"},
        partner="Cilli",
        card_points=60,
        kontra="kontra",
    )
    p = load_profile("wien")
    score = score_hand(parse_hand(hand, p), p)
    expected = {"Anna": 12, "Bert": -12, "Cilli": 12, "Dani": -12}
    assert dict(score.victory_points) == expected
    assert score.payout is not None and dict(score.payout) == expected


def test_wien_announced_trull_counts_in_a_silent_valat() -> None:
    # [WTC19 § Valat] "Im stillen Valat zählen angesagte Trull und angesagte 4 Könige"; [WTC20]
    # includes only the silent ones: Rufer 1 + Valat 10 + announced Trull 2 = 13 each.
    hand = _hand(
        "rufer", {"name": "valat"}, {"name": "trull", "announced": True}, partner="Cilli", card_points=60
    )
    assert _points(hand, "wien") == {"Anna": 13, "Bert": -13, "Cilli": 13, "Dani": -13}


# -- no Kontra on the game with an announced Valat [WTC19 § Valat] ------------------------------


def test_no_kontra_on_the_game_with_an_announced_valat_where_the_profile_says_so() -> None:
    # [WTC19 § Valat] "In einem angesagten Valat kann das Spiel nicht kontriert werden, der Valat
    # hingegen schon." WTC20 allows both ("Selbstverständlich kann das Spiel und der Valat
    # kontriert werden"), so the 2019 reading is the key set on wien.
    hand = _hand(
        "rufer", {"name": "valat", "announced": True}, partner="Cilli", card_points=60, kontra="kontra"
    )
    err = _refused(hand, "wien", valat={"game_kontra_when_announced": False})
    assert (
        "kontra: 'kontra' on the game: with an announced Valat no Kontra is said on the game, only on the Valat "
        "(valat.game_kontra_when_announced = false)"
    ) in err
    # the Kontra on the Valat itself is allowed
    on_valat = _hand(
        "rufer", {"name": "valat", "announced": True, "kontra": "kontra"}, partner="Cilli", card_points=60
    )
    assert _points(on_valat, "wien", valat={"game_kontra_when_announced": False})["Anna"] == 21
    # WTC20, the shipped reading: both may be kontra'd
    assert _points(hand, "wien")["Anna"] == 21


# -- the Säcke of the Tyrolean cup --------------------------------------------------------------


def test_tirol_first_sack() -> None:
    # [TIR20 Zusätze] "1. Sack 1 / 2" (at least 45 2/3 card points [TB 'Tiroler Tarockcup']):
    # Dreier 5 + silent 1. Sack 1 = 6 from each Defender.
    hand = _hand("dreier", {"name": "first_sack"}, card_points=46)
    assert _points(hand, "tirol") == {"Anna": 18, "Bert": -6, "Cilli": -6, "Dani": -6}


def test_tirol_sechserdreier_lost_doubles_the_game_only() -> None:
    # [TIR20 3)] "Der Spielverlust zählt doppelt (nur das Spiel)": 4 × 2 = 8 to each Defender.
    assert _points(_hand("sechserdreier", card_points=30), "tirol") == {
        "Anna": -24,
        "Bert": 8,
        "Cilli": 8,
        "Dani": 8,
    }


# -- the German names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "shown"),
    [
        ("wien", ["Wiener Tarockcup 2020", "Zwiccolo ouvert", "Pagatrufer", "Quapilrufer"]),
        ("tirol", ["Tiroler Tarockcup 2020", "1. Sack", "2. Sack", "Zwiccolo ouvert"]),
    ],
)
def test_profiles_show_in_german(profile: str, shown: list[str]) -> None:
    result = CliRunner().invoke(app, ["--lang", "de", "profiles", "show", profile])
    assert result.exit_code == 0, result.output
    for name in shown:
        assert name in result.output, name


def test_a_zwiccolo_scored_in_german() -> None:
    result = CliRunner().invoke(
        app,
        [
            "--lang",
            "de",
            "score",
            "-P",
            "wien",
            "-p",
            "Anna,Bert,Cilli,Dani",
            "-c",
            "zwiccolo",
            "-d",
            "Anna",
            "--won",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Zwiccolo" in result.output and "+6" in result.output
