"""`explain N` of a hand a Radl doubles: the Radl is a factor of each bet's own arithmetic, so every
number shown is the one on the sheet, and the rule it comes from is cited (docs/evening.md,
docs/rules/private-rounds.md §1 and §5). Expected values worked by hand from those pages."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tests.stored import unfolded

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def evening(tmp_path: Path, profile_text: str) -> str:
    profile = tmp_path / "house.toml"
    profile.write_text(profile_text, encoding="utf-8")
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--profile", str(profile), "--ledger", path).exit_code == 0
    return path


def record(path: str, *args: str) -> None:
    result = run("record", *args, "--ledger", path)
    assert result.exit_code == 0, result.stderr


# the Rüdiger variant's keys (docs/rules/private-rounds.md §1): Radls overlap
RUEDIGER = """extends = "koenigrufen"
name = "ruediger"
[radl]
events = ["mondfang", "trischaken"]
hands = 4
factor = 2
overlap = true
lengths = { mondfang = 1 }
[bonuses.mondfang]
value = 1
"""


def two_trischaken_then_a_rufer(tmp_path: Path) -> str:
    path = evening(tmp_path, RUEDIGER)
    # hand 1: B has the most card points and is not Forehand (A is): C, D and A write 5 each
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    # hand 2, doubled by hand 1's Radl; it arms a second Radl over the first
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    # hand 3 (C is Forehand) inside both Radls: ×2 × ×2 = ×4. Rufer 1 × Kontra 2 = 2, × 4 = 8 each
    # to A and C; the announced Pagat 1 × 2 = 2, × 4 = 8 each: A +16, C +16
    record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40", "-k", "kontra", "-b", "pagat,announced")
    return path


def test_a_hand_inside_two_radls_shows_each_of_them_in_the_arithmetic(tmp_path: Path) -> None:
    path = two_trischaken_then_a_rufer(tmp_path)
    out = unfolded(run("explain", "3", "--ledger", path).stdout)
    rufer = out.split("\n1. Rufer\n")[1].split("\n\n")[0].splitlines()
    assert rufer == [
        "   base 1 [2]",
        "   ×2 Kontra on the contract = 2 [3]",
        "   ×2 Radl started by hand 1 (after Trischaken) = 4 [4]",
        "   ×2 Radl started by hand 2 (after Trischaken) = 8 [4] [5]",
        "   won by A, C; on the sheet: A +8, C +8",
    ]
    # the totals under the arithmetic are the sheet's, and add up from the bets above them; the
    # players in the sheet's seat order, as its columns list them
    assert "\nVictory Points: A +16, B 0, C +16, D 0\n" in out
    assert "[4] profile 'ruediger', a house rule: each hand of a Radl counts ×2\n" in out
    # the Radls that meet are [LAU]'s "Vierfachspiel" (docs/rules/private-rounds.md §1), cited so
    assert (
        "[5] profile 'ruediger', a published reading: a Radl started while one runs doubles the hands"
        " they share [LAU] (docs/rules/private-rounds.md §1)\n" in out
    )
    # under the arithmetic, before the hand's history
    assert out.split("\n\nhistory of hand 3:\n")[0].endswith(
        "Radl: this hand counts ×4, inside 2 doubled rounds at once: "
        "started by hand 1 (after Trischaken); started by hand 2 (after Trischaken)"
    )
    shown = run("show", "--ledger", path, "--json").stdout
    assert '"A": 16' in shown


def test_a_hand_inside_two_radls_in_german(tmp_path: Path) -> None:
    path = two_trischaken_then_a_rufer(tmp_path)
    out = unfolded(run("--lang", "de", "explain", "3", "--ledger", path).stdout)
    assert "   ×2 Radl, ausgelöst von Spiel 1 (nach Trischaken) = 4 [4]\n" in out
    assert "   ×2 Radl, ausgelöst von Spiel 2 (nach Trischaken) = 8 [4] [5]\n" in out
    assert "\nPunkte: A +16, B 0, C +16, D 0\n" in out
    assert "[4] Profil „ruediger“, eine Hausregel: jedes Spiel eines Radls zählt ×2\n" in out
    assert "Radl: dieses Spiel zählt ×4, in 2 doppelten Runden zugleich: " in out
    assert "Radl started" not in out and "house rule" not in out


def test_a_radl_set_on_the_sheet_is_named_so_in_the_arithmetic(tmp_path: Path) -> None:
    path = evening(tmp_path, 'extends = "koenigrufen"\nname = "house"\n')
    assert run("radl", "add", "4", "--ledger", path).exit_code == 0
    record(path, "-c", "dreier", "-d", "A", "-t", "40")  # Dreier 5, × Radl 2 = 10
    out = unfolded(run("explain", "1", "--ledger", path).stdout)
    assert "   ×2 Radl set on the sheet = 10 [3]\n" in out
    assert "won by A; on the sheet: A +10\n" in out
    assert "\nVictory Points: A +10, B 0, C 0, D 0\n" in out


def test_a_fraction_is_rounded_after_the_radl_in_the_shown_arithmetic(tmp_path: Path) -> None:
    # private-rounds.md §5: a Bettler of 2 1/2, zero-sum; lost in a doubled hand it is
    # 2 1/2 × 2 = 5 to each Defender, -15 for the declarer; C's Kontra: 2 1/2 × 2 × 2 = 10
    path = evening(
        tmp_path,
        'extends = "pagat"\nname = "lau"\n[game]\nvalue_rounding = "down"\n'
        '[contracts.bettler]\nvalue = "2 1/2"\n[radl]\nevents = ["trischaken"]\n',
    )
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    record(path, "-c", "bettler", "-d", "B", "--lost", "-k", "C=kontra")
    out = unfolded(run("explain", "2", "--ledger", path).stdout)
    assert (
        "   ×2 Radl started by hand 1 (after Trischaken) = 5 [4]\n   won by D; on the sheet: B -5, D +5\n"
        in out
    )
    assert "= 10 [4]\n   won by C; on the sheet: B -10, C +10\n" in out
    assert "\n[2] profile 'lau', a house rule: Bettler 2 1/2\n" in out  # the house's, not pagat.com's 3
    assert "rounded down" not in out  # 5 and 10 are whole: nothing was rounded
    assert "\nVictory Points: A +5, B -20, C +10, D +5\n" in out  # in the sheet's seat order


def test_the_trischaken_payment_in_its_heading_is_the_one_the_radl_doubles(tmp_path: Path) -> None:
    # Hand 2 of two_trischaken_then_a_rufer lies in hand 1's Radl (×2). B is its Forehand and has
    # the most card points: he loses alone and counts double (trischaken.forehand_factor [OÖ23,
    # WTC19/20]), Simplified Scoring: A, C and D each write the Trischaken's 5 [STC-TB] ×2 = 10,
    # ×2 in the Radl = 20. The heading said "each write +10" above a sheet of +20 each.
    path = two_trischaken_then_a_rufer(tmp_path)
    out = unfolded(run("explain", "2", "--ledger", path).stdout)
    assert "1. Trischaken: B loses; A, C and D each write +20\n" in out
    # in the sheet's seat order, the rule of who loses cited beside it (Simplified Scoring)
    assert "on the sheet: A +20, C +20, D +20 [" in out
    german = unfolded(run("--lang", "de", "explain", "2", "--ledger", path).stdout)
    assert "1. Trischaken: B verliert; A, C und D schreiben je +20\n" in german
    # outside a Radl the heading is the hand's own: hand 1, A is Forehand, B not: 5 each
    assert "1. Trischaken: B loses; A, C and D each write +5\n" in unfolded(
        run("explain", "1", "--ledger", path).stdout
    )


def test_a_zero_sum_trischaken_in_a_radl_says_what_the_loser_pays_each(tmp_path: Path) -> None:
    # Zero-sum: hand 2's B pays A, C and D each 5 ×2 (losing Forehand) ×2 (Radl) = 20, -60 in all
    path = evening(tmp_path, RUEDIGER + '[settlement]\nmode = "zero_sum"\n')
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    out = unfolded(run("explain", "2", "--ledger", path).stdout)
    assert "1. Trischaken: B pays 20 to each of A, C and D\n" in out
    assert "on the sheet: A +20, B -60, C +20, D +20\n" in out  # in the sheet's seat order


def test_a_trischaken_share_rounded_before_its_radl_doubles_it(tmp_path: Path) -> None:
    # Hand 3 lies in hand 1's Radl (×2). C is its Forehand; B holds 35 1/3, the most, below the
    # Bürgermeister's 35 2/3 [OÖ23, WTC19/20], and loses alone; A and D took no trick and share
    # what the three others would get (trischaken.virgins [OÖ23], docs/rules/settlement.md §5):
    # 5 [STC-TB] ×3 = 15, which does not split in two and is shared as 16 ("up", [OÖ23 Trischaken 3
    # via HT §7.6], D29), ×2 in the Radl = 32: A and D each write 16 (Simplified Scoring [CTK]).
    path = evening(tmp_path, RUEDIGER)
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    record(path, "-c", "rufer", "-d", "B", "-w", "D", "-t", "40")
    record(path, "-c", "trischaken", "-t", "A=0", "-t", "B=35 1/3", "-t", "C=34 2/3", "-t", "D=0")
    out = unfolded(run("explain", "3", "--ledger", path).stdout)
    steps = [line.split(" [")[0].strip() for line in out.splitlines() if line.startswith("   ")]
    assert steps == [
        "base 5",
        "×3 what 3 players would get, shared by A and D (no trick) = 15",
        "15 does not split among 2: shared as 16",
        "×2 Radl started by hand 1 (after Trischaken) = 32",
        "won by A, D; on the sheet: A +16, D +16",
    ], out


# a table of five playing "once round" (D36: hands = 5), the Radl queued (no overlap)
FIVE_ROUND = """extends = "koenigrufen"
name = "five-round"
[radl]
events = ["valat", "trischaken"]
hands = 5
"""


def test_a_radl_queued_behind_another_names_the_hands_it_doubles(tmp_path: Path) -> None:
    """A Valat inside a Trischaken's Radl arms a Radl of its own, queued after the first: the
    hands right after the Valat are the first Radl's, so "the next 5 hands" is not what it doubles
    (docs/rules/private-rounds.md §1: queued, not overlapping)."""
    profile = tmp_path / "five.toml"
    profile.write_text(FIVE_ROUND, encoding="utf-8")
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D,E", "--profile", str(profile), "--ledger", path).exit_code == 0
    # hand 1: Trischaken, its Radl doubles hands 2 to 6; hand 2, a Valat in it, arms hands 7 to 11
    record(path, "-c", "trischaken", "-t", "A=30", "-t", "B=20", "-t", "C=15", "-t", "D=5")
    record(path, "-c", "rufer", "-d", "C", "-w", "D", "-b", "valat")
    said = "\nRadl: this hand started a doubled round (after Valat): hands 7, 8, 9, 10 and 11 count ×2\n"
    assert said in unfolded(run("explain", "2", "--ledger", path).stdout)
    record(path, "-c", "rufer", "-d", "D", "-w", "E", "-t", "40")  # hand 3: the Trischaken's Radl
    assert said in unfolded(run("explain", "2", "--ledger", path).stdout)
    # hand 1's own Radl is under way: its next hands come at once
    assert "(after Trischaken): hands 2 and 3 count ×2, 3 more to come\n" in unfolded(
        run("explain", "1", "--ledger", path).stdout
    )
