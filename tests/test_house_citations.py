"""A private round's house file in a dispute: every number the house set is cited as the house's
rule, not as the public source's, in ``score --explain``, in ``explain N`` of an evening (which
knows it from the profile its ledger stores) and in ``score --json``; ``profiles show`` says which
profile the house extends and which keys it sets. Expected values worked by hand from koenigrufen's
sources ([CTK], docs/rules/koenigrufen.md) and the house's own numbers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tests.stored import unfolded

runner = CliRunner()
DATA = Path(__file__).parent / "data" / "before-house-keys"

# Koenigrufen's Rufer is 1 [CTK "the plain Call value of 1"] and its Pagat 1 silent, 2 announced
# [CTK "Pagat Ultimo 1 silent, 2 announced"]: this round writes 2 for both.
STAMMTISCH = (
    'extends = "koenigrufen"\nname = "stammtisch"\n[contracts.rufer]\nvalue = 2\n[bonuses.pagat]\nvalue = 2\n'
)
HAND = (
    "-p",
    "A,B,C,D",
    "-c",
    "rufer",
    "-d",
    "A",
    "-w",
    "C",
    "-t",
    "40",
    "-k",
    "kontra",
    "-b",
    "pagat,announced",
)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def house(tmp_path: Path, text: str = STAMMTISCH) -> str:
    path = tmp_path / "stammtisch.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def bet(out: str, heading: str) -> list[str]:
    return out.split(f"\n{heading}\n")[1].split("\n\n")[0].splitlines()


def test_a_value_the_house_set_is_cited_as_its_own_rule(tmp_path: Path) -> None:
    out = run("score", *HAND, "--profile", house(tmp_path), "--explain").stdout
    # Simplified Scoring [CTK]: the Rufer 2 (house) ×2 Kontra [CTK "Kontra … ×2"] = 4 to A and C;
    # the Pagat 2 (house) ×2 announced (game.announced_factor [CTK]) = 4 to A and C
    assert bet(out, "1. Rufer") == [
        "   base 2 [2]",
        "   ×2 Kontra on the contract = 4 [3]",
        "   won by A, C; on the sheet: A +4, C +4",
    ]
    assert bet(out, "2. Pagat (announced)")[:2] == ["   base 2 [4]", "   ×2 announced = 4 [5]"]
    assert "\nVictory Points: A +8, B 0, C +8, D 0\n" in out
    assert "\n[2] profile 'stammtisch', a house rule: Rufer 2\n" in out
    assert '\n[3] [CTK] "Kontra … ×2"\n' in out  # koenigrufen's own, not the house's
    assert "\n[4] profile 'stammtisch', a house rule: Pagat 2\n" in out
    german = run("--lang", "de", "score", *HAND, "--profile", house(tmp_path), "--explain").stdout
    assert "\n[2] Profil „stammtisch“, eine Hausregel: Rufer 2\n" in german
    assert "house rule" not in german


def test_a_factor_and_the_settlement_the_house_set_are_cited_as_its_own(tmp_path: Path) -> None:
    path = house(
        tmp_path,
        'extends = "koenigrufen"\nname = "stammtisch"\n[game]\nannounced_factor = 3\n'
        '[settlement]\nmode = "zero_sum"\n',
    )
    out = unfolded(run("score", *HAND[:-4], "-b", "pagat,announced", "--profile", path, "--explain").stdout)
    # zero-sum (house): the Rufer 1 [CTK] to A and C from B and D; the Pagat 1 [CTK] ×3 announced
    # (house) = 3 to A and C from B and D: A +4, B -4, C +4, D -4
    assert out.splitlines()[3] == "Settled: zero-sum [1]"
    # D4: zero-sum is the traditional tables' reading, not CTK's: cited with its sources
    assert (
        "\n[1] profile 'stammtisch', a published reading: zero-sum [CTT \"Traditional tables\"],"
        " [OÖ23 via HT §7.1], [GT], [PAGAT via HT §7.1], [LAU], [CH] (D4)\n" in out
    )
    assert "\n   ×3 announced = 3 [4]\n" in out
    assert "\n[4] profile 'stammtisch', a house rule: ×3 announced\n" in out
    assert "\nVictory Points: A +4, B -4, C +4, D -4\n" in out


def test_a_house_value_with_a_source_of_its_own_says_both(tmp_path: Path) -> None:
    path = house(
        tmp_path,
        'extends = "koenigrufen"\nname = "stammtisch"\n[contracts.rufer]\nvalue = 2\n'
        'source = "our sheet of 2019"\n',
    )
    out = run("score", *HAND, "--profile", path, "--explain").stdout
    assert "\n[2] profile 'stammtisch', a house rule: Rufer 2; our sheet of 2019\n" in out


# A round that does not play the Quapil switches it off and lists each contract's bonuses without
# it (docs/scoring.md "Profiles"): no number of those contracts changes, so their sources stand.
CALLS = '["pagat", "uhu", "kakadu", "king_ultimo", "trull", "four_kings", "valat"]'
ALONE = '["pagat", "uhu", "kakadu", "trull", "four_kings", "valat"]'
NO_QUAPIL = f"""extends = "koenigrufen"
name = "stammtisch"
[bonuses.quapil]
enabled = false
[contracts.rufer]
bonuses = {CALLS}
[contracts.besserrufer]
bonuses = {CALLS}
requires_announced = ["pagat", "uhu", "kakadu"]
[contracts.solorufer]
bonuses = {CALLS}
[contracts.dreier]
bonuses = {ALONE}
[contracts.sechserdreier]
bonuses = {ALONE}
[contracts.solodreier]
bonuses = {ALONE}
"""


def test_a_house_that_only_lists_a_contracts_bonuses_keeps_its_values_sources(tmp_path: Path) -> None:
    path = house(tmp_path, NO_QUAPIL)
    rufer = run("score", *HAND[:10], "--profile", path, "--explain").stdout
    # Rufer 1 [CTK "the plain Call value of 1 Victory Point"]: the house did not change it
    assert bet(rufer, "1. Rufer")[0] == "   base 1 [2]"
    assert "\n[2] Calling the King rules [CTK]: the plain Call value of 1 Victory Point\n" in rufer
    blind = ("-p", "A,B,C,D", "-c", "sechserdreier", "-d", "A", "-t", "30")
    out = run("score", *blind, "--profile", path, "--explain").stdout
    # Blind Solo lost: 5, ×2 lost, each Defender adds 10 [CTK "if you fail, each Defender adds 10"]
    assert bet(out, "1. Sechserdreier") == [
        "   base 5 [2]",
        "   ×2 Sechserdreier lost: the game counts ×2 = 10 [2]",
        "   won by B, C, D; on the sheet: B +10, C +10, D +10",
    ]
    assert "\n[2] Calling the King rules [CTK]: Blind Solo, 5 won, each Defender 10 lost\n" in out


def test_the_json_lines_say_which_rules_are_the_houses(tmp_path: Path) -> None:
    data = json.loads(run("score", *HAND, "--profile", house(tmp_path), "--json").stdout)
    rufer, pagat = data["lines"]
    assert rufer["base_rule"] == "contracts.rufer.value" and rufer["base_house_rule"] is True
    assert [f["house_rule"] for f in rufer["factors"]] == [False]  # Kontra ×2: koenigrufen's
    assert pagat["base_house_rule"] is True and [f["house_rule"] for f in pagat["factors"]] == [False]
    shipped = json.loads(run("score", *HAND, "--json").stdout)
    assert [line["base_house_rule"] for line in shipped["lines"]] == [False, False]


def test_an_evening_keeps_which_keys_its_house_set(tmp_path: Path) -> None:
    profile, ledger = house(tmp_path), str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--profile", profile, "--ledger", ledger).exit_code == 0
    assert run("record", *HAND[2:], "--ledger", ledger).exit_code == 0
    Path(profile).write_text('extends = "koenigrufen"\nname = "stammtisch"\n', encoding="utf-8")
    out = run("explain", "1", "--ledger", ledger).stdout  # the evening's profile, not the file's now
    assert bet(out, "1. Rufer")[0] == "   base 2 [2]"
    assert "\n[2] profile 'stammtisch', a house rule: Rufer 2\n" in out
    assert "\n[4] profile 'stammtisch', a house rule: Pagat 2\n" in out
    german = run("--lang", "de", "explain", "1", "--ledger", ledger).stdout
    assert "\n[4] Profil „stammtisch“, eine Hausregel: Pagat 2\n" in german
    assert run("check", "--ledger", ledger).exit_code == 0


def test_a_ledger_written_before_the_house_keys_were_kept_still_reads(tmp_path: Path) -> None:
    # its stored profile does not say which keys the house set: none is known to be, and the
    # house's Pagat 2 is shown as before, with no citation (koenigrufen's was dropped for it)
    ledger = tmp_path / "stammtisch.toml"
    shutil.copy(DATA / "stammtisch.toml", ledger)
    out = run("explain", "1", "--ledger", str(ledger)).stdout
    # Simplified Scoring [CTK]: the Rufer 1 [CTK] to Anna and Cilli; the Pagat 2 ×2 announced = 4
    assert bet(out, "2. Pagat (announced)")[:2] == ["   base 2", "   ×2 announced = 4 [3]"]
    assert "\nVictory Points: Anna +5, Bert 0, Cilli +5, Dani 0\n" in out
    assert "house rule" not in out
    assert run("check", "--ledger", str(ledger)).exit_code == 0


@pytest.mark.parametrize(
    ("language", "head", "keys", "source", "settled"),
    [
        (
            "en",
            "stammtisch: house rules on koenigrufen (Königrufen: main rules (Calling the King), Simplified Scoring)",
            "the house's own keys: bonuses.pagat.value = 2 (koenigrufen: 1); contracts.rufer.value = 2 (koenigrufen: 1)",
            "source of koenigrufen: the Calling the King rules [CTK]",
            "settlement: Simplified Scoring; Kontra changes the score",
        ),
        (
            "de",
            "stammtisch: Hausregeln auf Basis von koenigrufen (Königrufen: Hauptregeln (Calling the King), vereinfachte Abrechnung)",
            "eigene Schlüssel der Hausregeln: bonuses.pagat.value = 2 (koenigrufen: 1); contracts.rufer.value = 2 (koenigrufen: 1)",
            "Quelle von koenigrufen: die Regeln „Calling the King“ [CTK]",
            "Abrechnung: vereinfacht; Kontra zählt in der Schrift",
        ),
    ],
)
def test_profiles_show_says_what_the_house_extends_and_sets(
    tmp_path: Path, language: str, head: str, keys: str, source: str, settled: str
) -> None:
    lines = unfolded(run("--lang", language, "profiles", "show", house(tmp_path)).stdout).splitlines()
    assert lines[0] == head
    assert lines[1] == keys
    assert lines[2].startswith(source)
    assert lines[4] == settled


def test_explain_cites_the_house_rule_that_moved_the_line_under_a_kontra(tmp_path: Path) -> None:
    # Tulln 2009 (private-rounds.md §3): with a Kontra the Defenders need 35 and 1 Blatt, so 35:35
    # is the declarers'; koenigrufen's line is 35 2/3. The table sees which rule decided it: the
    # Tulln round's [TULLN], as docs/rules/private-rounds.md §3 cites it.
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "tulln"\n[game]\nkontra_win_threshold = "35"\n')
    hand = ("-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "35", "--explain")
    out = run("score", *hand, "-k", "kontra", "--profile", path).stdout
    assert "\nResult: the declarers won: 35 card points, they needed 35 [1]\n" in out
    tulln = " [TULLN] (docs/rules/private-rounds.md §3)\n"
    said = "\n[1] profile 'tulln', a published reading: with a Kontra the declarers need 35"
    assert said + tulln in unfolded(out), out
    german = unfolded(run("--lang", "de", "score", *hand, "-k", "kontra", "--profile", path).stdout)
    said = "\n[1] Profil „tulln“, eine veröffentlichte Lesart: mit einem Kontra braucht die Spielerseite 35"
    assert said + tulln in german, german
    # without the Kontra the line is koenigrufen's, [CTK]'s, which the result line never cited
    out = run("score", *hand, "--profile", path).stdout
    assert "\nResult: the declarers lost: 35 card points, they needed 35 2/3\n" in out


def test_explain_cites_the_house_rule_that_moved_the_winning_line(tmp_path: Path) -> None:
    # D16: 35 1/3 wins "vielerorts in der Steiermark" [WIKI-DE via HT §1.6], where koenigrufen's
    # line is 35 2/3 [GT "won with 35 2/3 points"]. A round that plays 35 1/3 sees, on a hand its
    # line decided, that the line is the house's rule, as Tulln's line under a Kontra is.
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "steirisch"\n[game]\nwin_threshold = "35 1/3"\n')
    hand = ("-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "35 1/3")
    out = run("score", *hand, "--profile", path, "--explain").stdout
    assert "\nResult: the declarers won: 35 1/3 card points, they needed 35 1/3 [1]\n" in out
    cited = "the declarers need 35 1/3 [WIKI-DE via HT §1.6], [BERM] (D16)"
    assert f"\n[1] profile 'steirisch', a published reading: {cited}\n" in unfolded(out)
    german = unfolded(run("--lang", "de", "score", *hand, "--profile", path, "--explain").stdout)
    assert (
        "\n[1] Profil „steirisch“, eine veröffentlichte Lesart: die Spielerseite braucht 35 1/3"
        " [WIKI-DE via HT §1.6], [BERM] (D16)\n" in german
    )
    # koenigrufen's own line is [CTK]'s, which the result line never cited
    out = run("score", *hand, "--explain").stdout
    assert "\nResult: the declarers lost: 35 1/3 card points, they needed 35 2/3\n" in out


def test_explain_cites_the_house_line_of_a_buergermeister_beside_his_factor(tmp_path: Path) -> None:
    # koenigrufen's Bürgermeister holds 35 2/3 or more and pays ×2 [OÖ23, WTC19/20]; this round
    # makes him from 30 ([GT] has 32, [SWC19] 36: D15). Bert loses with 32: 5 [STC-TB] × 2 = 10 to
    # each other player (Simplified Scoring). The ×2's source speaks of 35 2/3: the house's own line
    # stands beside it, so nobody reads 35 2/3 as the rule that doubled Bert.
    path = house(
        tmp_path, 'extends = "koenigrufen"\nname = "stammtisch"\n[trischaken]\nmayor_threshold = "30"\n'
    )
    args = (
        "score",
        "-c",
        "trischaken",
        "-p",
        "A,B,C,D",
        "-t",
        "A=10",
        "-t",
        "B=32",
        "-t",
        "C=14",
        "-t",
        "D=14",
    )
    out = run(*args, "--profile", path, "--explain").stdout
    assert "\n   ×2 Bürgermeister (32, at least 30) = 10 [3] [4]\n" in out
    assert "\n[4] profile 'stammtisch', a house rule: a Bürgermeister from 30 card points\n" in out
    german = run("--lang", "de", *args, "--profile", path, "--explain").stdout
    assert "\n[4] Profil „stammtisch“, eine Hausregel: ein Bürgermeister ab 30 Kartenpunkten\n" in german
    # koenigrufen's own line is cited by its factor's source alone
    shipped = ("-t", "A=10", "-t", "B=36", "-t", "C=12", "-t", "D=12", "--explain")
    out = run(*args[:5], *shipped).stdout
    assert "\n   ×2 Bürgermeister (36, at least 35 2/3) = 10 [3]\n" in out and "house rule" not in out


def test_explain_cites_the_house_rule_that_settles_a_mondfang_between_two_players(tmp_path: Path) -> None:
    # [LAU] "Mondfang" (private-rounds.md §4), on tirol (Rufer 1, Mondfang 1, zero-sum): Anna
    # caught her partner Cilli's XXI: the point from Cilli to Anna alone. Why Bert and Dani pay
    # nothing is the house's reading, [LAU]'s, not tirol's source for the Mondfang's value.
    path = house(tmp_path, 'extends = "tirol"\nname = "lau"\n[bonuses.mondfang]\nbetween_players = true\n')
    hand = tmp_path / "hand.toml"
    hand.write_text(
        f'profile = "{Path(path).name}"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\n'
        'declarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n[[bonus]]\nname = "mondfang"\n'
        'side = "declarers"\ncaught_by = "Anna"\nlost_by = "Cilli"\n',
        encoding="utf-8",
    )
    out = unfolded(run("score", str(hand), "--explain").stdout)
    assert (
        "\n   note: settled between Cilli, who lost it, and Anna, who made it: the others take no part [4]\n"
        in out
    )
    assert out.endswith(
        "\n[4] profile 'lau', a published reading: settled between Cilli, who lost it, and Anna, who made"
        " it: the others take no part [LAU] (docs/rules/private-rounds.md §4)\n"
    )
    assert "\nVictory Points: Anna +2, Bert -1, Cilli 0, Dani -1\n" in out


def test_explain_cites_the_house_rule_by_which_a_valat_multiplies_a_bonus(tmp_path: Path) -> None:
    # [LAU] "Valat" (private-rounds.md §4) on pagat, every bonus counting: (Rufer 1 + Pagat 1) × 4;
    # the Pagat's ×4 is the house's reading, [LAU]'s, the Rufer's [CTK]'s Valat
    path = house(
        tmp_path, 'extends = "pagat"\nname = "lauv"\n[valat]\nmultiplies_bonuses = true\nbonuses = "all"\n'
    )
    hand = (
        "-c",
        "rufer",
        "-p",
        "Anna,Bert,Cilli,Dani",
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "valat",
        "-b",
        "pagat",
    )
    out = run("score", *hand, "--profile", path, "--explain").stdout
    assert bet(out, "1. Rufer Valat")[1] == "   ×4 Valat (silent) = 4 [3]"
    assert bet(out, "2. Pagat (silent)")[1] == "   ×4 Valat (silent) = 4 [3] [5]"
    said = "the Valat multiplies the bonuses as well [LAU] (docs/rules/private-rounds.md §4)"
    assert f"\n[5] profile 'lauv', a published reading: {said}\n" in unfolded(out), out
    assert "\nVictory Points: Anna +8, Bert -8, Cilli +8, Dani -8\n" in out


def test_explain_says_why_a_forehand_with_fewer_card_points_lost_the_trischaken(tmp_path: Path) -> None:
    # [CH] whole points (private-rounds.md §2): Bert's 23 1/3 counts as 23, a tie with Anna, and
    # koenigrufen's tied Forehand loses alone ([OÖ23], [WTC20 § Trischaken]): Anna pays, not Bert
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "wp"\n[trischaken]\nwhole_points = true\n')
    points = ("-t", "Anna=23", "-t", "Bert=23 1/3", "-t", "Cilli=11 2/3", "-t", "Dani=12")
    hand = ("-c", "trischaken", "-p", "Anna,Bert,Cilli,Dani", *points, "--profile", path, "--explain")
    out = unfolded(run("score", *hand).stdout)
    assert "\nVictory Points: Anna 0, Bert +10, Cilli +10, Dani +10\n" in out
    said = "Anna, the Forehand, ties for the most card points counted in whole points and loses alone"
    # the tie rule cites koenigrufen's source, the whole points the house's reading, [CH]'s
    assert f"\nnote: {said} [5] [6]\n" in out
    assert (
        '\n[5] the Forehand ("Trischaker") tied for the most card points loses alone [OÖ23, WTC19/20]\n'
        in out
    )
    cited = f"{said} [CH] (docs/rules/private-rounds.md §2)"
    assert out.endswith(f"\n[6] profile 'wp', a published reading: {cited}\n"), out
    german = unfolded(run("--lang", "de", "score", *hand).stdout)
    assert "Anna, die Vorhand, hat in ganzen Punkten gleich viele Kartenpunkte wie der Höchste" in german


def test_explain_says_why_one_of_two_tied_lost_the_trischaken_by_seat_order(tmp_path: Path) -> None:
    # GameTwist's tie rule [GT] (D15: the tied player nearer the first in hand counts as higher),
    # in a round that otherwise keeps koenigrufen's one loser: Bert and Cilli tie at 20; Bert sits
    # nearer Anna, the Forehand, and pays alone: Trischaken 5 [STC-TB] to each of the others
    # (Simplified Scoring). Cilli, as high as Bert, pays nothing: the house's rule says why.
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "gt"\n[trischaken]\nties = "seat_order"\n')
    points = ("-t", "Anna=15", "-t", "Bert=20", "-t", "Cilli=20", "-t", "Dani=15")
    hand = ("-c", "trischaken", "-p", "Anna,Bert,Cilli,Dani", *points, "--profile", path, "--explain")
    out = unfolded(run("score", *hand).stdout)
    assert "\nVictory Points: Anna +5, Bert 0, Cilli +5, Dani +5\n" in out
    said = "Bert and Cilli tie for the last paying place: Bert, nearer the Forehand, pays"
    assert f"\nnote: {said} [4]\n" in out
    assert out.endswith(f"\n[4] profile 'gt', a published reading: {said} [GT] (D15)\n")
    german = unfolded(run("--lang", "de", "score", *hand).stdout)
    assert "Bert und Cilli haben gleich viele Kartenpunkte auf dem letzten Zahlplatz" in german


def test_profiles_show_says_each_house_key_with_what_its_base_says_instead(tmp_path: Path) -> None:
    # [CTK] (koenigrufen): no bonus scored in a Valat (D10), the Kontra carries into it (D8), no
    # Kontra in the Dodge Round (D6); the whole result multiplied is a private round's key no shipped
    # file sets ([LAU], private-rounds.md §4: default false); a contract koenigrufen does not have
    path = house(
        tmp_path,
        'extends = "koenigrufen"\n[valat]\nbonuses = "trick"\ncancels_game_kontra = true\n'
        "multiplies_bonuses = true\n[kontra]\ndodge_round = true\n"
        '[contracts.hausdreier]\nvalue = 6\nkind = "positive"\nteam = "alone"\nbonuses = []\n',
    )
    said = (
        'contracts.hausdreier.bonuses = [] (not in koenigrufen); contracts.hausdreier.kind = "positive" (not in'
        ' koenigrufen); contracts.hausdreier.team = "alone" (not in koenigrufen); contracts.hausdreier.value = 6'
        ' (not in koenigrufen); kontra.dodge_round = true (koenigrufen: false); valat.bonuses = "trick"'
        ' (koenigrufen: "none"); valat.cancels_game_kontra = true (koenigrufen: false);'
        " valat.multiplies_bonuses = true (koenigrufen: false)"
    )
    assert unfolded(run("profiles", "show", path).stdout).splitlines()[1] == f"the house's own keys: {said}"
    german = unfolded(run("--lang", "de", "profiles", "show", path).stdout).splitlines()[1]
    assert german == "eigene Schlüssel der Hausregeln: " + said.replace(
        "(not in koenigrufen)", "(nicht in koenigrufen)"
    )
    # defaults no file writes: the Tulln line (private-rounds.md §3, default 0) and the Radl lengths
    path = house(
        tmp_path,
        'extends = "pagat"\n[game]\nkontra_win_threshold = "35"\n'
        '[radl]\nevents = ["trischaken"]\nlengths = { trischaken = 1 }\n[contracts.piccolo_ouvert]\nenabled = false\n',
    )
    assert unfolded(run("profiles", "show", path).stdout).splitlines()[1] == (
        "the house's own keys: contracts.piccolo_ouvert.enabled = false (pagat: true);"
        ' game.kontra_win_threshold = "35" (pagat: 0); radl.events = ["trischaken"] (pagat: []);'
        " radl.lengths.trischaken = 1 (not in pagat)"
    )
    # a citation of the house's own: a [sources] key holds its dots, koenigrufen cites the ladder
    path = house(
        tmp_path,
        'extends = "koenigrufen"\n[kontra]\nhuettenfleck = true\n'
        '[sources]\n"kontra.huettenfleck" = "our sheet"\n"kontra.ladder[1]" = "our sheet too"\n',
    )
    assert unfolded(run("profiles", "show", path).stdout).splitlines()[1] == (
        "the house's own keys: kontra.huettenfleck = true (koenigrufen: false);"
        ' sources.kontra.huettenfleck = "our sheet" (not in koenigrufen);'
        ' sources.kontra.ladder[1] = "our sheet too" (koenigrufen: "[CTK] \\"Rekontra … ×4\\"")'
    )


def test_profiles_show_of_a_house_with_its_own_title_and_source(tmp_path: Path) -> None:
    path = house(
        tmp_path,
        'extends = "pagat"\nname = "stammtisch"\ntitle = "Our Friday round"\nsource = "our sheet"\n'
        "[kontra]\nhuettenfleck = true\n",
    )
    lines = unfolded(run("profiles", "show", path).stdout).splitlines()
    assert (
        lines[:3]
        == [
            "stammtisch: Our Friday round (house rules on pagat)",
            "the house's own keys: kontra.huettenfleck = true (pagat: false)",  # its title and source are no rules: said above and below
            "source: our sheet",
        ]
    )
    # a house that only names itself sets no rule of its own
    named = house(
        tmp_path,
        'extends = "pagat"\nname = "freitag"\ntitle = "Our Friday round"\ntitle_de = "Unsere Freitagsrunde"\n',
    )
    assert unfolded(run("profiles", "show", named).stdout).splitlines()[1] == "the house's own keys: none"
    german = unfolded(run("--lang", "de", "profiles", "show", named).stdout).splitlines()
    assert german[:2] == [
        "freitag: Unsere Freitagsrunde (Hausregeln auf Basis von pagat)",
        "eigene Schlüssel der Hausregeln: keine",
    ]
    # pagat is zero-sum [PAGAT via CTK]: said in words, not as the key's value
    assert lines[4] == "settlement: zero-sum; Kontra changes the score"
    shipped = unfolded(run("profiles", "show", "pagat").stdout).splitlines()
    assert shipped[0].startswith("pagat: Königrufen after pagat.com") and shipped[1].startswith("source: ")


@pytest.mark.parametrize(
    ("lang", "rests", "own"),
    [
        (
            "en",
            "Profile 'stammtisch': house rules on koenigrufen (",
            "Profile 'freitag': Our Friday round (house",
        ),
        ("de", "Profil „stammtisch“: Hausregeln auf Basis von koenigrufen (", "Profil „freitag“: Our Friday"),
    ],
)
def test_explain_opens_with_what_the_house_file_rests_on(
    tmp_path: Path, lang: str, rests: str, own: str
) -> None:
    # explain's first line named the house file with koenigrufen's title alone, as if the round
    # played koenigrufen's rules; it says the house rules and what they rest on, as profiles show does.
    out = run("--lang", lang, "score", *HAND, "--profile", house(tmp_path), "--explain").stdout
    assert out.splitlines()[0].startswith(rests)
    titled = tmp_path / "freitag.toml"
    titled.write_text(
        'extends = "koenigrufen"\nname = "freitag"\ntitle = "Our Friday round"\n', encoding="utf-8"
    )
    out = run("--lang", lang, "score", *HAND, "--profile", str(titled), "--explain").stdout
    assert out.splitlines()[0].startswith(own)
    shipped = run("--lang", lang, "score", *HAND, "--explain").stdout.splitlines()[0]
    assert "koenigrufen" in shipped and ("house" not in shipped and "Haus" not in shipped)


def test_a_huettenfleck_the_house_switched_on_cites_the_house(tmp_path: Path) -> None:
    # pagat plays no Hüttenfleck; this round does (kontra.huettenfleck = true), at the multiplier
    # it keeps from koenigrufen's [CTK "the hand counts four times at once"]: a Rufer 1 ×4 = 4,
    # zero-sum [PAGAT via HT §7.1]: A and C +4, B and D -4. The ×4 stands on both: the house
    # that let the Kontra before the talon count, and [CTK] for how much.
    path = house(tmp_path, 'extends = "pagat"\nname = "stammtisch"\n[kontra]\nhuettenfleck = true\n')
    args = ("score", *HAND[:10], "-k", "kontra", "--huettenfleck", "--profile", path, "--explain")
    out = run(*args).stdout
    assert bet(out, "1. Rufer")[1] == "   ×4 Hüttenfleck (Kontra before the talon) = 4 [3] [4]"
    assert "\n[3] [CTK] Hüttenfleck: the hand counts four times at once\n" in out
    # D3: "Allowed by agreement" [CTK Expansions], the reading the house took over pagat's
    said = "Hüttenfleck allowed [CTK Expansions] (D3)"
    assert f"\n[4] profile 'stammtisch', a published reading: {said}\n" in unfolded(out)
    assert "\nVictory Points: A +4, B -4, C +4, D -4\n" in out
    german = unfolded(run("--lang", "de", *args).stdout)
    assert (
        "\n[4] Profil „stammtisch“, eine veröffentlichte Lesart: Hüttenfleck erlaubt [CTK Expansions] (D3)\n"
        in german
    )


def test_explain_json_marks_a_huettenfleck_the_house_switched_on_as_its_rule(tmp_path: Path) -> None:
    # The same round in an evening: explain's text cites the house for the ×4 (it let the Kontra
    # before the talon count); its JSON says the same of that factor, and of no other.
    path = house(tmp_path, 'extends = "pagat"\nname = "stammtisch"\n[kontra]\nhuettenfleck = true\n')
    ledger = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--profile", path, "--ledger", ledger).exit_code == 0
    hand = (*HAND[2:10], "-k", "kontra", "--huettenfleck")
    assert run("record", *hand, "--ledger", ledger).exit_code == 0
    said = "profile 'stammtisch', a published reading: Hüttenfleck allowed [CTK Expansions] (D3)"
    assert said in unfolded(run("explain", "1", "-l", ledger).stdout)
    data = json.loads(run("explain", "1", "--json", "--ledger", ledger).stdout)
    (rufer,) = data["lines"]
    assert [(f["rule"], f["house_rule"]) for f in rufer["factors"]] == [
        ("kontra.huettenfleck_multiplier", True)
    ]
    assert rufer["base_house_rule"] is False  # the Rufer's 1 is pagat's


def test_a_kontra_step_the_house_let_the_ladder_reach_cites_the_house(tmp_path: Path) -> None:
    # koenigrufen stops at Rekontra [CTK, D2]; this round plays on to Subkontra (kontra.ceiling),
    # at the multiplier koenigrufen's ladder gives it (×8 of the bet: Kontra ×2, Rekontra ×2,
    # Subkontra ×2): a Rufer 1 [CTK] × 8 = 8 to A and C (Simplified Scoring [CTK]). The Subkontra's
    # step stands on the house that let it be said as well.
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "stammtisch"\n[kontra]\nceiling = "subkontra"\n')
    args = ("score", *HAND[:10], "-k", "subkontra", "--profile", path, "--explain")
    out = run(*args).stdout
    steps = bet(out, "1. Rufer")
    assert steps[3].startswith("   ×2 Subkontra on the contract = 8 [5] [6]"), out
    # D2: up to Subkontra ×8 is the cups' and GameTwist's ladder
    assert (
        "\n[6] profile 'stammtisch', a published reading: Kontra up to Subkontra [OÖ23 via HT §5.6], [STC],"
        " [WTC19], [WTC20], [TIR19], [GT], [CH], [KL] (D2)\n" in unfolded(out)
    ), out
    assert "Kontra up to" not in run("score", *HAND[:10], "-k", "rekontra", "--explain").stdout
    german = run("--lang", "de", *args).stdout
    assert "eine veröffentlichte Lesart: Kontra bis Subkontra [OÖ23 via HT §5.6]," in unfolded(german), german


def _house_note(out: str, words: str) -> str:
    """The source cited beside the note that says ``words``."""
    out = unfolded(out)
    (line,) = [x for x in out.splitlines() if words in x and not x.startswith("[")]
    number = line.rsplit("[", 1)[1].rstrip("]")
    assert number.isdigit(), line
    return next(x for x in out.splitlines() if x.startswith(f"[{number}] "))


def test_a_silent_bonus_lost_that_the_house_scores_cites_the_house(tmp_path: Path) -> None:
    # [CTK] "Whoever earns it adds": a silent bonus that fails scores nothing (D13). This round
    # scores it for the other side, as pagat.com does (bonus_rules.silent_failure_counts = true):
    # A and C lose their silent Pagat, 1 [CTK], so B and D add 1 each (Simplified Scoring
    # [CTK]); the note saying it goes to the other side stands on the house's rule.
    path = house(
        tmp_path,
        'extends = "koenigrufen"\nname = "stammtisch"\n[bonus_rules]\nsilent_failure_counts = true\n',
    )
    args = ("score", *HAND[:10], "-b", "pagat,lost", "--profile", path, "--explain")
    out = run(*args).stdout
    assert "\nVictory Points: A +1, B +1, C +1, D +1\n" in out, out
    cited = _house_note(out, "did not make it: it goes to the other side")
    # D13: pagat.com's and GameTwist's reading
    assert cited.startswith("[4] profile 'stammtisch', a published reading: "), out
    assert cited.endswith(" [PAGAT via HT, P-5], [GT] (D13)"), out
    german = run("--lang", "de", *args).stdout
    cited = _house_note(german, "geht an die andere Seite")
    assert "eine veröffentlichte Lesart: " in cited and cited.endswith(" [PAGAT via HT, P-5], [GT] (D13)"), (
        german
    )


@pytest.mark.parametrize(
    ("text", "words", "sources"),
    [
        # D8: "Some tournament rules add that a Valat cancels a Kontra said on the plain contract;
        # the main rules do not teach this" [CTK]; the Styrian and Viennese cups do [STC via CTK],
        # [WTC19], [WTC20]. Rufer 1 × 4 silent Valat [CTK] = 4 to A and C.
        (
            "[valat]\ncancels_game_kontra = true\n",
            "A Valat cancels the Kontra on the contract",
            "[STC via CTK], [WTC19], [WTC20] (D8)",
        ),
        # D21: a Defender announcing a bonus has said Kontra on the contract: "The main rules do
        # not require this" [CTK]; the custom is described by [WIKI-DE] and [WIKI-EN].
        (
            "[bonus_rules]\ndefender_announce_implies_kontra = true\n",
            "A Defender announced a bonus, which counts as Kontra on the contract",
            "[WIKI-DE], [WIKI-EN] (D21)",
        ),
    ],
)
def test_a_note_on_a_rule_the_house_changed_cites_the_published_reading(
    tmp_path: Path, text: str, words: str, sources: str
) -> None:
    path = house(tmp_path, f'extends = "koenigrufen"\nname = "stammtisch"\n{text}')
    hand = ("-b", "uhu,defenders,announced") if "defender" in text else ("-t", "valat", "-k", "kontra")
    out = run(
        "score",
        *HAND[:8],
        *hand,
        *(("-t", "40") if "defender" in text else ()),
        "--profile",
        path,
        "--explain",
    ).stdout
    cited = _house_note(out, words)
    assert "profile 'stammtisch', a published reading: " in cited and cited.endswith(f" {sources}"), out


def test_a_bonus_the_house_scores_in_a_valat_hand_cites_the_house(tmp_path: Path) -> None:
    # D10: "No bonus is scored in a Valat hand" [CTK]. This round scores every bonus beside it
    # (valat.bonuses = "all"): the Rufer's Valat 1 × 4 [CTK] and the silent Pagat 1 [CTK], 5 to
    # A and C (Simplified Scoring [CTK]); the explanation says the house scored the Pagat.
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "stammtisch"\n[valat]\nbonuses = "all"\n')
    args = ("score", *HAND[:8], "-t", "valat", "-b", "pagat", "--profile", path, "--explain")
    out = run(*args).stdout
    assert "\nVictory Points: A +5, B 0, C +5, D 0\n" in out, out
    assert "profile 'stammtisch', a house rule: " in _house_note(out, "every bonus is scored"), out
    german = run("--lang", "de", *args).stdout
    assert "eine Hausregel: " in _house_note(german, "jede Prämie"), german


def test_a_kontra_in_the_dodge_round_the_house_allows_cites_the_house(tmp_path: Path) -> None:
    # D6: no Kontra in the Dodge Round [PAGAT, WIKI-DE, WIKI-EN, STC via CTK]; [CTK Expansions,
    # "Dodge Round: higher stakes"] describes a house that plays one, each Kontra doubling once
    # more. This round plays it (kontra.dodge_round = true): Bert loses the Trischaken, 5
    # [STC-TB], ×2 Kontra [CTK] = 10 to each other player (Simplified Scoring [CTK]). The ×2
    # stands on the house that let the Kontra be said as well.
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "stammtisch"\n[kontra]\ndodge_round = true\n')
    points = ("-t", "A=20", "-t", "B=30", "-t", "C=15", "-t", "D=5")
    args = ("score", "-p", "A,B,C,D", "-c", "trischaken", *points, "-k", "kontra", "--profile", path)
    out = run(*args, "--explain").stdout
    assert "\nVictory Points: A +10, B 0, C +10, D +10\n" in out, out
    (line,) = [x for x in out.splitlines() if "×2 Kontra on the Trischaken = 10" in x]
    assert line.endswith(" [3] [4]"), out
    said = 'Kontra in the Dodge Round [CTK Expansions, "Dodge Round: higher stakes"] (D6)'
    assert f"\n[4] profile 'stammtisch', a published reading: {said}\n" in unfolded(out), out
    german = unfolded(run("--lang", "de", *args, "--explain").stdout)
    assert (
        "eine veröffentlichte Lesart: Kontra beim Trischaken [CTK Expansions, „Dodge Round: higher stakes“] (D6)\n"
        in german
    ), german
    factors = json.loads(run(*args, "--json").stdout)["lines"][0]["factors"]
    assert [(f["rule"], f["house_rule"]) for f in factors] == [
        ("trischaken.losers", False),
        ("kontra.ladder[0]", True),
    ]


def test_two_losers_of_a_house_s_dodge_round_cite_the_house_under_simplified_scoring(tmp_path: Path) -> None:
    # koenigrufen: the player with the most card points loses alone, as the Austrian cups settle it
    # [OÖ23, WTC19/20]. This round lets the two highest lose (trischaken.losers = 2, as TIR20 5)
    # "Die zwei Spieler mit den meisten Punkten zahlen"), without a Forehand's doubling: B 30 and
    # C 22 each lose the Trischaken 5 [STC-TB], A and D write +5 from each (Simplified Scoring
    # [CTK]): A +10, D +10. Why C loses too stands on the house's rule.
    path = house(
        tmp_path,
        'extends = "koenigrufen"\nname = "stammtisch"\n[trischaken]\nlosers = 2\nforehand_factor = 1\n',
    )
    points = ("-t", "A=10", "-t", "B=30", "-t", "C=22", "-t", "D=8")
    args = ("score", "-p", "A,B,C,D", "-c", "trischaken", *points, "--profile", path, "--explain")
    out = unfolded(run(*args).stdout)
    assert "\nVictory Points: A +10, B 0, C 0, D +10\n" in out, out
    assert bet(out, "2. Trischaken: C loses; A and D each write +5")[1].endswith(" [3]"), out
    # D15: two losers is GameTwist's and pagat.com's reading
    said = "the 2 players with the most card points lose [GT], [PAGAT via HT §9.8] (D15)"
    assert f"\n[3] profile 'stammtisch', a published reading: {said}\n" in out
    german = unfolded(run("--lang", "de", *args).stdout)
    assert (
        "eine veröffentlichte Lesart: die 2 Spieler mit den meisten Kartenpunkten verlieren [GT], [PAGAT via HT §9.8] (D15)\n"
        in german
    ), german


# A house that sets a disputed key to the other published reading (docs/rules/disagreements.md):
# explain cites that reading's sources as the page lists them, not "a house rule". Each hand
# worked by hand: A and C play a Rufer, 1 [CTK] ([CTT] in Zwanzigerrufen), with 40 (50 of 88).
CALL = ("-p", "A,B,C,D", "-c", "rufer", "-d", "A", "-w", "C", "-k", "kontra")
PUBLISHED = [
    # D4 on Zwanzigerrufen: CTT plays Simplified Scoring; zero-sum is "Traditional tables" [CTT],
    # [OÖ23 via HT §7.1], [GT], [PAGAT via HT §7.1], [LAU], [CH]: ×2 Kontra, A, C +2, B, D -2.
    (
        'extends = "zwanzigerrufen"\n[settlement]\nmode = "zero_sum"\n',
        (*CALL, "-t", "50"),
        ("zero-sum", "mit Nullsumme"),
        '[CTT "Traditional tables"], [OÖ23 via HT §7.1], [GT], [PAGAT via HT §7.1], [LAU], [CH] (D4)',
        "A +2, B -2, C +2, D -2",
    ),
    # D1 on koenigrufen: the Kontra changes the money only [OÖ23 Allg. 5], [WTC19], [WTC20],
    # [TIR19], [SWC19], [STC via HT §7.8]: the sheet A, C +1 (Simplified Scoring [CTK])
    (
        'extends = "koenigrufen"\n[settlement]\nkontra_scope = "payout"\n',
        (*CALL, "-t", "40"),
        (
            "Kontra counts in the payout, not on the score sheet",
            "Kontra zählt in der Auszahlung, nicht in der Schrift",
        ),
        "[OÖ23 Allg. 5], [WTC19], [WTC20], [TIR19], [SWC19], [STC via HT §7.8] (D1)",
        "A +1, B 0, C +1, D 0",
    ),
    # D4 the other way, on ooe-2023 (zero-sum [OÖ23 via HT §7.1]): Simplified Scoring [CTK],
    # [CTT]; the Kontra still on the payout only [OÖ23 Allg. 5]: the sheet A, C +1
    (
        'extends = "ooe-2023"\n[settlement]\nmode = "simplified"\n',
        (*CALL, "-t", "40"),
        ("Simplified Scoring", "vereinfacht"),
        "[CTK], [CTT] (D4)",
        "A +1, B 0, C +1, D 0",
    ),
    # D14: koenigrufen's Sechserdreier is 5 [CTK]; 4 is the Austrian cups' [OÖ23], [WTC19],
    # [SWC19], [TIR19]. Won by A: A +4 (Simplified Scoring [CTK]).
    (
        'extends = "koenigrufen"\n[contracts.sechserdreier]\nvalue = 4\n',
        ("-p", "A,B,C,D", "-c", "sechserdreier", "-d", "A", "-t", "40"),
        ("Sechserdreier 4", "Sechserdreier 4"),
        "[OÖ23], [WTC19], [SWC19], [TIR19] (D14)",
        "A +4, B 0, C 0, D 0",
    ),
    # D15: koenigrufen's Trischaken is 5 [STC-TB]; 1 is the Upper Austrian tariff's [OÖ23]. B has
    # the most card points and loses alone [OÖ23]: A, C, D +1 (Simplified Scoring [CTK]).
    (
        'extends = "koenigrufen"\n[contracts.trischaken]\nvalue = 1\n',
        ("-p", "A,B,C,D", "-c", "trischaken", "-t", "A=10", "-t", "B=30", "-t", "C=15", "-t", "D=15"),
        ("Trischaken 1", "Trischaken 1"),
        "[OÖ23] (D15)",
        "A +1, B 0, C +1, D +1",
    ),
]


@pytest.mark.parametrize(("text", "hand", "said", "sources", "points"), PUBLISHED)
def test_a_house_that_takes_another_published_reading_cites_its_sources(
    tmp_path: Path, text: str, hand: tuple[str, ...], said: tuple[str, str], sources: str, points: str
) -> None:
    path = house(tmp_path, f'name = "club"\n{text}')
    out = unfolded(run("score", *hand, "--profile", path, "--explain").stdout)
    assert f"\nVictory Points: {points}\n" in out, out
    assert f"] profile 'club', a published reading: {said[0]} {sources}\n" in out, out
    assert "a house rule" not in out, out
    german = unfolded(run("--lang", "de", "score", *hand, "--profile", path, "--explain").stdout)
    quoted_de = sources.replace('"Traditional tables"', "„Traditional tables“")
    assert f"] Profil „club“, eine veröffentlichte Lesart: {said[1]} {quoted_de}\n" in german, german


def test_explain_of_a_ledger_hand_cites_the_published_reading_the_house_took(tmp_path: Path) -> None:
    # D1, as the first case above, in an evening: explain N reads the profile the ledger stores
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "club"\n[settlement]\nkontra_scope = "payout"\n')
    ledger = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--profile", path, "--ledger", ledger).exit_code == 0
    assert run("record", *CALL[2:], "-t", "40", "--ledger", ledger).exit_code == 0
    Path(path).write_text('extends = "koenigrufen"\nname = "club"\n', encoding="utf-8")
    out = unfolded(run("explain", "1", "--ledger", ledger).stdout)
    assert (
        "] profile 'club', a published reading: Kontra counts in the payout, not on the score sheet"
        " [OÖ23 Allg. 5], [WTC19], [WTC20], [TIR19], [SWC19], [STC via HT §7.8] (D1)\n" in out
    ), out


def test_a_value_no_published_source_gives_stays_the_houses_rule(tmp_path: Path) -> None:
    # D14 lists 5, 4, 3, 6 and 2 for the Sechserdreier; 7 is nobody's but this round's
    path = house(tmp_path, 'extends = "koenigrufen"\nname = "club"\n[contracts.sechserdreier]\nvalue = 7\n')
    hand = ("-p", "A,B,C,D", "-c", "sechserdreier", "-d", "A", "-t", "40", "--profile", path, "--explain")
    out = run("score", *hand).stdout
    assert "\n[2] profile 'club', a house rule: Sechserdreier 7\n" in out, out
    assert "published reading" not in out


@pytest.mark.parametrize("name", ["koenigrufen", "zwanzigerrufen", "ooe-2023", "gametwist", "pagat", "wien"])
def test_a_shipped_profile_cites_its_own_sources_not_a_reading(name: str) -> None:
    # a shipped profile sets no house key: every number is cited by its own [sources], as before
    from tarockscore.io.inputs import load_profile
    from tarockscore.render.hand import _cited

    profile = load_profile(name)
    for key in ("settlement.mode", "settlement.kontra_scope", "kontra.ladder[0]", "contracts.rufer.value"):
        assert _cited(profile, key, said="said") == _cited(profile, key, said=""), key
    out = run(
        "score", *CALL, "-t", "50" if name == "zwanzigerrufen" else "40", "-P", name, "--explain"
    ).stdout
    assert "published reading" not in out and "a house rule" not in out, out


# `profiles show` lists each disputed key a profile plays with its value and the published
# sources of that reading, as docs/rules/disagreements.md (and private-rounds.md) record them:
# each line below worked from the section named, not from the program's output.
READINGS = {
    # D1: "OÖ, ST, TI, WI: `payout`" [OÖ23 Allg. 5] "Ein Kontra wirkt sich nur auf das Geld … aus";
    # D14: OÖ 4 ×2 [OÖ23]; D30: OÖ's Sechserdreier is Forehand's [OÖ23 Vorhand 1]
    "ooe-2023": [
        'D1 settlement.kontra_scope = "payout": [OÖ23 Allg. 5], [WTC19], [WTC20], [TIR19], [SWC19],'
        " [STC via HT §7.8]",
        "D14 contracts.sechserdreier.value = 4: [OÖ23], [WTC19], [SWC19], [TIR19]",
        'D30 contracts.sechserdreier.bidders = "forehand": [OÖ23], [WTC20], [TIR19], [SWC19], [GT]',
        'D30 contracts.rufer.bidders = "forehand": [OÖ23 Vorhand 1 via HT §3.3], [TIR20 2)],'
        " [WTC20 Spiele], [CTT]",
    ],
    # D14: GT 6 [GT]; D15: GT's talon "out" [GT]; D20: "The premiums of all positive games (4
    # Kings, Honneurs, Absolute) and Valat: [GT]"
    "gametwist": [
        "D14 contracts.sechserdreier.value = 6: [GT]",
        'D15 trischaken.talon = "out": [GT]',
        'D20 contracts.farbendreier.bonuses = ["four_kings", "honneurs", "absolut", "valat"]: [GT]',
    ],
    # D2: KR's ceiling rekontra, "the main rules stop at Rekontra" [CTK], [CTT]; D12: "No other
    # source addresses it": koenigrufen's false is no published source's; D30: "KR … do not restrict"
    "koenigrufen": [
        'D2 kontra.ceiling = "rekontra": [CTK], [CTT]',
        "D12 valat.silent_min_rule = false: no published source gives it",
        'D30 contracts.sechserdreier.bidders = "anyone": no published source gives it',
    ],
    # D21: "PG: `true`" [PAGAT via CTK]; D23: Mordkontra ×32, "an announced bonus ends at 64 times
    # its silent value" [PAGAT via CTK]
    "pagat": [
        "D21 bonus_rules.defender_announce_requires_kontra = true: [PAGAT via CTK]",
        "D23 kontra.ladder[4] = 32: [PAGAT via CTK]",
    ],
    # D9: TI's fixed Valat 10 / 20 [TIR20 6)]; D38: TI's Zwiccolo ouvert, two tricks [TA]
    "tirol": [
        'D9 valat.model = "fixed": [TIR19], [WTC20]',
        "D9 valat.silent = 10: [TIR20 6)], [WTC20 Prämien]",
        # D15: TI's Bürgermeister pays alone, "(3 x 2)": the value 2 to each of three, ×1
        "D15 trischaken.mayor_factor = 1: [TIR20 5)]",
        "D38 contracts.zwiccolo_ouvert.tricks = 2: [TA]",
    ],
    # private-rounds.md §2: wien's tied losers share [WTC20 § Trischaken]; §6: its announced Valat
    # includes the Trull and the Kings [WTC20 § Prämien, Angesagter Valat]
    "wien": [
        'docs/rules/private-rounds.md §2 trischaken.payment = "shared": [WTC20 § Trischaken]',
        "docs/rules/private-rounds.md §6 valat.announced_includes_material = true:"
        " [WTC20 § Prämien, Angesagter Valat]",
    ],
    # D16: "(ZR: `"45"` of 88 [CTT], [WP-Z])", whole card points written as a number; it plays
    # neither a Valat nor a Dodge Round (D25)
    "zwanzigerrufen": ["D16 game.win_threshold = 45: [CTT], [WP-Z]"],
}


@pytest.mark.parametrize("name", sorted(READINGS))
def test_profiles_show_names_the_published_reading_of_each_disputed_rule(name: str) -> None:
    out = run("profiles", "show", name).stdout
    listed = _readings(out, "readings of the disputed rules")
    lines = [line.strip() for line in listed.splitlines()]
    for said in READINGS[name]:
        assert said in lines, (said, listed)
    assert "a house rule" not in listed  # a shipped profile is nobody's house
    if name == "zwanzigerrufen":
        assert " trischaken." not in listed and " valat." not in listed, listed
    # a private round's own rule the profile does not play (docs/rules/private-rounds.md: each is
    # off unless a house turns it on) is no reading: koenigrufen plays none of them; those a
    # shipped profile plays are its sources' (wien's two above, pagat's §2 Forehand alone [CH])
    private = [line for line in lines if line.startswith("docs/rules/private-rounds.md")]
    assert all(line.endswith("]") for line in private) and (name != "koenigrufen" or not private), private
    german = run("--lang", "de", "profiles", "show", name).stdout
    assert _readings(german, "die Lesarten der strittigen Regeln")
    for text in (out, german):
        assert max(len(line) for line in text.splitlines()) <= 80


def _readings(out: str, heading: str) -> str:
    """The readings under the price list, each as the one line it is."""
    return unfolded(out.split(f"\n{heading} (docs/rules/disagreements.md):\n")[1])


CLUB = 'extends = "koenigrufen"\nname = "club"\n[settlement]\nmode = "zero_sum"\n[contracts.sechserdreier]\nvalue = 7\n'


def test_profiles_show_names_the_reading_a_house_chose_and_its_own_rules(tmp_path: Path) -> None:
    # D4: zero-sum is the traditional tables' [CTT "Traditional tables"], not koenigrufen's [CTK];
    # D14 lists 5, 4, 3, 6 and 2 for the Sechserdreier: 7 is the house's own
    path = house(tmp_path, CLUB)
    zero_sum = '[CTT "Traditional tables"], [OÖ23 via HT §7.1], [GT], [PAGAT via HT §7.1], [LAU], [CH]'
    out = run("profiles", "show", path).stdout
    lines = [line.strip() for line in _readings(out, "readings of the disputed rules").splitlines()]
    assert f'D4 settlement.mode = "zero_sum": {zero_sum}' in lines
    assert "D14 contracts.sechserdreier.value = 7: a house rule" in lines
    assert 'D1 settlement.kontra_scope = "score": [CTK], [CTT], [PAGAT], [GT]' in lines  # koenigrufen's
    german = run("--lang", "de", "profiles", "show", path).stdout
    lines_de = [line.strip() for line in _readings(german, "die Lesarten der strittigen Regeln").splitlines()]
    zero_sum_de = zero_sum.replace('"Traditional tables"', "„Traditional tables“")
    assert f'D4 settlement.mode = "zero_sum": {zero_sum_de}' in lines_de
    assert "D14 contracts.sechserdreier.value = 7: eine Hausregel" in lines_de
    for text in (out, german):
        assert max(len(line) for line in text.splitlines()) <= 80
    # explain cites the house's zero-sum with the same reading as profiles show lists
    hand = ("-p", "A,B,C,D", "-c", "sechserdreier", "-d", "A", "-t", "40", "--profile", path, "--explain")
    explained = unfolded(run("score", *hand).stdout)
    assert f"profile 'club', a published reading: zero-sum {zero_sum} (D4)\n" in explained, explained
    assert "profile 'club', a house rule: Sechserdreier 7\n" in explained, explained


def test_profiles_show_json_has_the_readings_beside_the_profile_s_keys(tmp_path: Path) -> None:
    path = house(tmp_path, CLUB)
    shown = json.loads(run("profiles", "show", path, "--json").stdout)
    readings = shown.pop("readings")
    # the profile's own keys are as --toml prints them: the new key is beside them, nothing renamed
    import tomllib

    assert shown == tomllib.loads(run("profiles", "show", path, "--toml").stdout)
    zero_sum = '[CTT "Traditional tables"], [OÖ23 via HT §7.1], [GT], [PAGAT via HT §7.1], [LAU], [CH]'
    assert readings["settlement.mode"] == {
        "disagreement": "D4",
        "value": "zero_sum",
        "sources": zero_sum,
        "house_rule": True,
    }
    assert readings["contracts.sechserdreier.value"] == {
        "disagreement": "D14",
        "value": 7,
        "sources": None,
        "house_rule": True,
    }
    # koenigrufen's 35 2/3 [GT], [OÖ23 Allg. 3], … (D16), written as a profile writes card points
    assert readings["game.win_threshold"]["value"] == "35 2/3"
    assert readings["game.win_threshold"]["house_rule"] is False
    assert list(readings)[0] == "settlement.kontra_scope"  # D1 first, in the page's order


def test_profiles_show_names_a_private_round_s_radl_with_its_source(tmp_path: Path) -> None:
    # [LAU] "Trischaken": "Ein Spiel kann mehrmals verdoppelt sein …" (private-rounds.md §1): Radls
    # that meet; a profile without a Radl lists no Radl key
    text = 'extends = "koenigrufen"\nname = "lau"\n[radl]\nevents = ["trischaken"]\noverlap = true\n'
    out = run("profiles", "show", house(tmp_path, text)).stdout
    lines = [line.strip() for line in _readings(out, "readings of the disputed rules").splitlines()]
    assert "docs/rules/private-rounds.md §1 radl.overlap = true: [LAU]" in lines
    assert " radl." not in _readings(
        run("profiles", "show", "koenigrufen").stdout, "readings of the disputed rules"
    )


def test_a_house_that_reads_mordkontra_as_64_cites_the_other_reading_of_d23(tmp_path: Path) -> None:
    # D23: "bis Hirsch-/Mordkontra (×64)" [HT §9.8], read as the step itself being ×64, against
    # pagat's ×32 [PAGAT via CTK]. A Rufer, 1 [CTK], won with 40 under Mordkontra: ×64, zero-sum
    # two against two [PAGAT via HT §7.1]: A, C +64; B, D -64.
    steps = ("kontra", 2), ("rekontra", 4), ("subkontra", 8), ("hirschkontra", 16), ("mordkontra", 64)
    ladder = ", ".join(f'{{ name = "{n}", multiplier = {m} }}' for n, m in steps)
    path = house(tmp_path, f'extends = "pagat"\nname = "hirsch"\n[kontra]\nladder = [{ladder}]\n')
    hand = ("-p", "A,B,C,D", "-c", "rufer", "-d", "A", "-w", "C", "-t", "40", "-k", "mordkontra")
    out = unfolded(run("score", *hand, "--profile", path, "--explain").stdout)
    assert "\nVictory Points: A +64, B -64, C +64, D -64\n" in out, out
    assert "profile 'hirsch', a published reading: ×4 Mordkontra on the contract [HT §9.8] (D23)\n" in out
    shown = _readings(run("profiles", "show", path).stdout, "readings of the disputed rules")
    assert "D23 kontra.ladder[4] = 64: [HT §9.8]" in [line.strip() for line in shown.splitlines()]
