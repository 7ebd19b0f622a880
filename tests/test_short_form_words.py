"""A refusal of the short form names what the user typed: the option and its value as given
(``-k Anna=kontra``, ``-b absolut,Gegner``), never a value the user did not type (a Python
table ``{'Anna': 'kontra'}``, the hand file's ``true`` for a bonus made)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app

runner = CliRunner()
PLAYERS = ("-p", "Anna,Bert,Cilli,Dani")


def refused(*args: str) -> tuple[str, str]:
    """The error line of ``score``, in English and in German (exit 1: the rules refuse it)."""
    en = runner.invoke(app, ["score", *args])
    de = runner.invoke(app, ["--lang", "de", "score", *args])
    assert en.exit_code == de.exit_code == 1, (en.stderr, de.stderr)
    return en.stderr, de.stderr


TRISCHAKEN = (
    "-c",
    "trischaken",
    *PLAYERS,
    "-t",
    "Anna=20",
    "-t",
    "Bert=20",
    "-t",
    "Cilli=14",
    "-t",
    "Dani=10",
)


@pytest.mark.parametrize("kontra", ["Anna=kontra", "kontra"])
def test_kontra_refused_in_the_trischaken_names_it_as_typed(kontra: str) -> None:
    # gametwist has no Kontra in the Trischaken (kontra.dodge_round = false); the talon is out
    # of play there, so the players' card points add up to less than 70 (64 here)
    en, de = refused("-P", "gametwist", *TRISCHAKEN, "-k", kontra)
    assert en == (
        f"error: command line: -k {kontra}: profile 'gametwist' has no Kontra in trischaken"
        " (kontra.dodge_round = false)\n"
    )
    assert (
        de == f"Fehler: Kommandozeile: -k {kontra}: das Profil 'gametwist' kennt kein Kontra im Trischaken\n"
    )


def test_kontra_refused_on_a_contract_names_it_as_typed() -> None:
    # gametwist has no Kontra on the ouverts [GT] (contracts.bettler_ouvert.kontra = false)
    args = ("-P", "gametwist", "-c", "bettler_ouvert", *PLAYERS, "-d", "Bert", "--lost", "-k", "Anna=kontra")
    en, de = refused(*args)
    assert en.startswith(
        "error: command line: -k Anna=kontra: profile 'gametwist' allows no Kontra on bettler_ouvert"
        " (contracts.bettler_ouvert.kontra = false); it is said on "
    ), en
    assert de.startswith(
        "Fehler: Kommandozeile: -k Anna=kontra: Profil 'gametwist' erlaubt kein Kontra auf Bettler ouvert;"
    ), de


def test_a_bonus_below_its_card_points_is_refused_without_a_true_nobody_typed() -> None:
    # gametwist gives the Absolut only to a side with at least 45 1/3 card points [GT]; a Dreier
    # with 40 leaves the Defenders 30
    args = ("-P", "gametwist", "-c", "dreier", *PLAYERS, "-d", "Anna", "-t", "40", "-b", "absolut,Gegner")
    en, de = refused(*args)
    assert en == (
        "error: command line: -b absolut,Gegner: the defenders have 30 card points, and 'gametwist'"
        " gives the absolut only to a side with at least 45 1/3 (bonuses.absolut.min_card_points):"
        " not made; if it was announced, enter it as lost (-b NAME,announced,lost)\n"
    )
    assert de == (
        "Fehler: Kommandozeile: -b absolut,Gegner: die Gegenseite hat 30 Kartenpunkte, und 'gametwist'"
        " gibt die Prämie Absolut nur einer Seite mit mindestens 45 1/3 (bonuses.absolut.min_card_points):"
        " nicht gemacht; eine angesagte ist verloren (-b NAME,angesagt,verloren)\n"
    )


def test_a_bonus_lost_above_its_card_points_is_refused_without_a_false_nobody_typed() -> None:
    # a Dreier with 20: the Defenders have 50, at least the 45 1/3 that make the Absolut
    args = ("-P", "gametwist", "-c", "dreier", *PLAYERS, "-d", "Anna", "-t", "20")
    en, de = refused(*args, "-b", "absolut,Gegner,angesagt,verloren")
    assert en == (
        "error: command line: -b absolut,Gegner,angesagt,verloren: the defenders have 50 card points,"
        " at least the 45 1/3 that make the absolut (bonuses.absolut.min_card_points): it was made, not lost\n"
    )
    assert de == (
        "Fehler: Kommandozeile: -b absolut,Gegner,angesagt,verloren: die Gegenseite hat 50 Kartenpunkte,"
        " also mindestens die 45 1/3, die es für die Prämie Absolut braucht (bonuses.absolut.min_card_points):"
        " sie ist gemacht, nicht verloren\n"
    )


def test_a_bonus_of_a_side_without_a_card_point_is_refused_without_a_true_nobody_typed() -> None:
    # a Sechserdreier with all 70 (refused too: a Valat not entered): the Defenders have no card
    # in their tricks, so they made no Pagat
    en, de = refused("-c", "sechserdreier", *PLAYERS, "-d", "Anna", "-t", "70", "-b", "pagat,Gegner")
    assert "\nerror: command line: -b pagat,Gegner: the defenders have no card point" in en, en
    assert "\nFehler: Kommandozeile: -b pagat,Gegner: die Gegenseite hat keinen Punkt" in de, de
    for text in (en, de):
        assert "true" not in text, text


def test_a_kontra_table_refused_in_a_hand_file_is_shown_as_the_file_writes_it(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "trischaken"\n'
        "card_points = { Anna = 20, Bert = 20, Cilli = 14, Dani = 10 }\n"
        'kontra = { Anna = "kontra" }\n',
        encoding="utf-8",
    )
    en, de = refused("-P", "gametwist", str(hand))
    assert en == (
        f"error: {hand}:4: kontra: {{ Anna = \"kontra\" }}: profile 'gametwist' has no Kontra in trischaken"
        " (kontra.dodge_round = false)\n"
    )
    assert de == (
        f"Fehler: {hand}:4: kontra: {{ Anna = \"kontra\" }}: das Profil 'gametwist' kennt kein Kontra im Trischaken\n"
    )


def test_a_trischaken_without_each_player_s_points_says_how_to_give_them_as_options() -> None:
    base = ("-c", "trischaken", *PLAYERS)
    en, de = refused(*base, "-t", "40")
    assert en == (
        "error: command line: -t 40: Trischaken needs every player's card points, one -t NAME=POINTS"
        ' each, e.g. -t Anna=20 -t Bert="20 1/3"\n'
    )
    assert de == (
        "Fehler: Kommandozeile: -t 40: Trischaken braucht die Kartenpunkte jedes Spielers, je ein"
        ' -t NAME=PUNKTE, z. B. -t Anna=20 -t Bert="20 1/3"\n'
    )
    en, de = refused(*base)
    assert en == (
        "error: command line: -t POINTS: missing: Trischaken needs every player's card points, one"
        ' -t NAME=POINTS each, e.g. -t Anna=20 -t Bert="20 1/3"\n'
    )
    assert de.startswith(
        "Fehler: Kommandozeile: -t PUNKTE: fehlt: Trischaken braucht die Kartenpunkte jedes"
    ), de


def test_card_points_of_a_valat_say_how_to_enter_it_and_not_the_points_twice() -> None:
    en, de = refused("-c", "sechserdreier", *PLAYERS, "-d", "Anna", "-t", "70")
    assert en == (
        "error: command line: -t 70: the declarers hold all 70 card points, every card, so they took"
        " every trick: a Valat; enter the declarers' Valat (-b valat,declarers) or correct the card points\n"
    )
    assert de == (
        "Fehler: Kommandozeile: -t 70: die Spielerseite hat alle 70 Kartenpunkte, jede Karte, hat also"
        " jeden Stich gemacht: ein Valat; den Valat der Spielerseite eintragen (mit -b) oder die Kartenpunkte berichtigen\n"
    )


def test_a_bonus_refused_for_its_side_names_the_side_as_typed() -> None:
    # koenigrufen counts the King Ultimo for the declarers only (D33: bonuses.king_ultimo.side)
    args = ("-c", "rufer", *PLAYERS, "-d", "Anna", "-w", "Bert", "-t", "40", "-b", "king_ultimo,Gegner")
    en, de = refused(*args)
    assert en == (
        "error: command line: -b king_ultimo,Gegner: under 'koenigrufen' the king_ultimo is only the"
        " declarers' bonus (bonuses.king_ultimo.side = 'declarers')\n"
    )
    assert de == (
        "Fehler: Kommandozeile: -b king_ultimo,Gegner: unter 'koenigrufen' zählt König ultimo nur für die Spielerseite\n"
    )


def test_an_unknown_bonus_lists_the_bonuses_in_the_order_the_table_knows_them() -> None:
    # Sorted by their English keys, the German list read "Vier Könige, Kakadu, König ultimo, Pagat,
    # …": the bonuses are listed as enter and the phones offer them, birds first.
    hand = ("-c", "rufer", *PLAYERS, "-d", "Anna", "-w", "Cilli", "-t", "40")
    en, de = refused(*hand, "-b", "sack")
    assert (
        "choose one of 'pagat', 'uhu', 'kakadu', 'quapil', 'king_ultimo', 'trull', 'four_kings', 'valat'"
        in en
    )
    assert "eine davon wählen: Pagat, Uhu, Kakadu, Quapil, König ultimo, Trull, Vier Könige, Valat" in de
    en, de = refused("-c", "dreier", *PLAYERS, "-d", "Anna", "-t", "40", "-b", "king_ultimo")
    assert "it allows 'pagat', 'uhu', 'kakadu', 'quapil', 'trull', 'four_kings', 'valat'" in en, en


def test_card_points_per_player_outside_the_trischaken_say_what_the_contract_takes() -> None:
    # -t Anna=20 in a Rufer (each player's card points, as the Trischaken takes them) was refused
    # for a key nobody typed ("-t declarers=POINTS: missing") and "allowed here: (none)"
    en, de = refused("-c", "rufer", *PLAYERS, "-d", "Anna", "-w", "Cilli", "-t", "Anna=20", "-t", "Cilli=20")
    assert en == (
        "error: command line: -t NAME=POINTS: rufer is scored on the declarers' card points, one count "
        "(40, \"35 2/3\", 35/2); each player's card points are the Trischaken's\n"
    ), en
    assert de == (
        "Fehler: Kommandozeile: -t NAME=PUNKTE: beim Rufer zählen die Kartenpunkte der Spielerseite, "
        "eine Zahl (40, „35 2/3“, 35/2); die Kartenpunkte jedes Spielers gibt man nur beim Trischaken an\n"
    ), de


def test_a_word_several_bonuses_share_suggests_none_of_them() -> None:
    # "ultimo" (a Viennese table's word for the Pagat ultimo) was answered "did you mean
    # 'ii_ultimo'?", the Uhu: a bonus worth twice the Pagat. Pagat ultimo, II ultimo and König
    # ultimo all end in it: the list of bonuses is said, and no one of them guessed.
    hand = ("-c", "rufer", *PLAYERS, "-d", "Anna", "-w", "Cilli", "-t", "40", "-b", "ultimo")
    en, de = refused(*hand)
    assert "'ultimo' is not a bonus" in en and "did you mean" not in en, en
    assert "meinst du" not in de, de
    en, _de = refused("-c", "rufer", *PLAYERS, "-d", "Anna", "-w", "Cilli", "-t", "40", "-b", "pagatt")
    assert "(did you mean 'pagat'?)" in en, en  # a slip of one name still is


def test_a_bonus_s_kontra_step_above_the_ceiling_is_refused_as_the_contract_s_is() -> None:
    # "The main rules stop at Rekontra" [CTK]: koenigrufen knows the Subkontra as a house step it
    # does not play (kontra.ceiling = "rekontra", D2). On the Pagat it is refused for that, as on
    # the contract, not as a bonus flag mistyped for "kontra".
    args = ("-c", "rufer", *PLAYERS, "-d", "Anna", "-w", "Cilli", "-t", "40")
    contract = refused(*args, "-k", "subkontra")
    bonus = refused(*args, "-b", "pagat,announced,subkontra")
    for on_contract, on_bonus, said in zip(contract, bonus, ("ceiling", "Obergrenze"), strict=True):
        assert "pagat,announced,subkontra: 'subkontra'" in on_bonus, on_bonus
        assert said in on_contract and said in on_bonus, on_bonus
        assert "did you mean" not in on_bonus and "meinten Sie" not in on_bonus, on_bonus


def test_a_kontra_given_twice_says_to_give_the_step_said_last() -> None:
    # `-c dreier -k kontra -k rekontra` (a Kontra answered with Rekontra) was answered "per Defender
    # write --kontra NAME=STEP", which a Dreier refuses: the contract's Kontra is its last step, once
    args = ["score", "-c", "dreier", *PLAYERS, "-d", "Anna", "-t", "40", "-k", "kontra", "-k", "rekontra"]
    en = runner.invoke(app, args)
    de = runner.invoke(app, ["--lang", "de", *args])
    assert (en.exit_code, de.exit_code) == (2, 2)
    assert en.stderr == (
        "error: --kontra: given more than once; the contract takes the last step said (--kontra rekontra);"
        " per Defender in a negative contract write --kontra NAME=STEP\n"
    )
    assert de.stderr == (
        "Fehler: --kontra: mehrmals angegeben; aufs Spiel zählt die zuletzt gesagte Stufe (--kontra rekontra);"
        " in einem Negativspiel pro Gegenspieler --kontra NAME=STUFE schreiben\n"
    )
