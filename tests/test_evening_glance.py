"""The evening at a glance (issue 11 §5): the money so far, the Radl announced, the scoring notes
after record, and the warnings of a deal that jumps or a dealer named at a table of five.

Expected numbers are worked by hand from profiles/koenigrufen.toml (Simplified Scoring, values
cited there from docs/rules/sources.md): a Rufer won adds contracts.rufer.value = 1 to each
declarer; a Dreier (value 5) lost adds 5 to each Defender. Money under Simplified Scoring
(ledger/settle_up.py, docs/rules/settlement.md): every two players settle the difference of their
totals, so a player's balance is (players × own total − sum of all totals) × stake.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tests.stored import unfolded

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def _rows(text: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.split()}


@pytest.fixture
def staked(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "--stake", "0,10", "-l", path).exit_code == 0
    return path


def test_record_and_show_give_the_money_so_far(staked: str) -> None:
    first = run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", staked)
    assert first.exit_code == 0, first.stderr
    # totals 1, 0, 1, 0 (sum 2): Anna (4 × 1 - 2) × 0.10 = +0.20, Bert (0 - 2) × 0.10 = -0.20
    rows = _rows(first.stdout)
    assert rows["player"] == ["hand", "total", "money"]
    assert rows["Anna"] == ["+1", "1", "+0.20"] and rows["Bert"] == ["0", "0", "-0.20"]
    second = run("record", "-c", "dreier", "-d", "Bert", "-t", "20", "-l", staked)
    assert second.exit_code == 0
    # Dreier lost: Anna, Cilli, Dani +5 → totals 6, 0, 6, 5 (sum 17)
    # Anna (24 - 17) × 0.10 = +0.70; Bert -1.70; Cilli +0.70; Dani (20 - 17) × 0.10 = +0.30
    rows = _rows(second.stdout)
    assert [rows[p][-1] for p in ("Anna", "Bert", "Cilli", "Dani")] == ["+0.70", "-1.70", "+0.70", "+0.30"]
    show = run("show", "-l", staked)
    money = next(line for line in show.stdout.splitlines() if line.split()[:1] == ["money"])
    assert money.split()[1:] == ["+0.70", "-1.70", "+0.70", "+0.30"]
    # the same as the settle-up of the evening
    settle = run("settle", "-l", staked)
    assert "Bert" in settle.stdout and "-1.70" in settle.stdout


def test_without_a_stake_no_money_column(tmp_path: Path) -> None:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", path).exit_code == 0
    result = run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", path)
    assert "money" not in result.stdout
    assert "money" not in run("show", "-l", path).stdout


def test_the_next_line_announces_the_radl(tmp_path: Path) -> None:
    profile = tmp_path / "radl.toml"
    # a Radl of radl.hands = 4 hands at ×radl.factor = 2 after a Trischaken (koenigrufen's defaults)
    profile.write_text(
        'extends = "koenigrufen"\nname = "radl"\n[radl]\nevents = ["trischaken"]\n', encoding="utf-8"
    )
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "-P", str(profile), "-l", path).exit_code == 0
    plain = run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", path)
    assert plain.stdout.rstrip().splitlines()[-2] == "next: hand 2, Anna deals, Bert is Forehand"
    dodge = run(
        "record",
        "-c",
        "trischaken",
        "-t",
        "Anna=20",
        "-t",
        "Bert=20",
        "-t",
        "Cilli=20",
        "-t",
        "Dani=10",
        "-l",
        path,
    )
    assert dodge.exit_code == 0, dodge.stderr
    assert (
        unfolded(dodge.stdout)
        .rstrip()
        .splitlines()[-2]
        .endswith("; a Radl hand (×2), 3 more Radl hands after it")
    )
    for left in ("2 more Radl hands after it", "1 more Radl hand after it", "the last of the Radl"):
        step = run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", path)
        assert step.stdout.rstrip().splitlines()[-2].endswith(left), step.stdout
    after = run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", path)
    assert "Radl" not in after.stdout.rstrip().splitlines()[-2]


def test_record_prints_the_scoring_notes_of_score(staked: str) -> None:
    # A Valat with a silent Pagat: koenigrufen scores no bonus in a Valat hand (valat.bonuses = "none").
    args = ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "69", "-b", "valat", "-b", "pagat"]
    scored = run("score", "-p", "Anna,Bert,Cilli,Dani", *args)
    notes = [line for line in scored.stdout.splitlines() if line.startswith("note: ")]
    assert notes and "pagat" in notes[0]
    recorded = run("record", *args, "-l", staked)
    assert recorded.exit_code == 0, recorded.stderr
    assert [line for line in recorded.stdout.splitlines() if line.startswith("note: ")] == notes


def test_players_that_jump_the_deal_warn_naming_the_expected_dealer(staked: str) -> None:
    # Hand 1 is Dani's deal (Anna Forehand); the players given make it Anna's deal (Bert Forehand).
    result = run(
        "record",
        "-c",
        "rufer",
        "-p",
        "Bert,Cilli,Dani,Anna",
        "-d",
        "Bert",
        "-w",
        "Cilli",
        "-t",
        "40",
        "-l",
        staked,
    )
    assert result.exit_code == 0
    assert result.stderr.startswith("warning: hand 1 is dealt by Anna")
    assert "the ledger expected Dani to deal" in result.stderr
    quiet = run(
        "record",
        "-c",
        "rufer",
        "-p",
        "Cilli,Dani,Anna,Bert",
        "-d",
        "Cilli",
        "-w",
        "Dani",
        "-t",
        "40",
        "-l",
        staked,
    )
    assert quiet.exit_code == 0 and quiet.stderr == ""  # the deal the ledger expected: no warning


def test_at_a_table_of_five_the_dealer_named_as_partner_sits_out(tmp_path: Path) -> None:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani,Emil", "-l", path).exit_code == 0
    before = Path(path).read_bytes()
    result = run("record", "-c", "rufer", "-d", "Anna", "-w", "emil", "-t", "40", "-l", path)
    assert result.exit_code == 1
    # the option as typed, the player as the table spells him (a name is read in any case)
    assert "-w emil: 'Emil' deals this hand and sits it out (a table of five)" in result.stderr
    assert Path(path).read_bytes() == before


def test_at_a_table_of_five_the_dealer_named_by_points_or_kontra_sits_out(tmp_path: Path) -> None:
    # hand 1 at a table of five: Emil deals and sits out; Anna, Bert, Cilli, Dani play
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani,Emil", "-l", path).exit_code == 0
    before = Path(path).read_bytes()
    sits_out = "'{}' deals this hand and sits it out (a table of five); the hand is played by Anna, Bert, Cilli, Dani"
    points = ("-t", "Anna=20", "-t", "Bert=30", "-t", "Cilli=20", "-t", "emil=0")
    trischaken = run("record", "-c", "trischaken", *points, "-l", path)
    assert trischaken.exit_code == 1
    assert trischaken.stderr == f"error: command line: -t emil=0: {sits_out.format('Emil')}\n"
    bettler = run("record", "-c", "bettler", "-d", "Bert", "--lost", "-k", "Emil=kontra", "-l", path)
    assert bettler.exit_code == 1
    assert bettler.stderr == f"error: command line: -k Emil=kontra: {sits_out.format('Emil')}\n"
    hand = tmp_path / "hand.toml"
    hand.write_text('contract = "trischaken"\ncard_points = { Anna = 20, Bert = 30, Cilli = 20, Emil = 0 }\n')
    from_file = run("record", str(hand), "-l", path)
    assert from_file.exit_code == 1
    assert from_file.stderr == f"error: {hand}:2: card_points.Emil: {sits_out.format('Emil')}\n"
    german = run("--lang", "de", "record", "-c", "trischaken", *points, "-l", path)
    assert german.stderr == (
        "Fehler: Kommandozeile: -t emil=0: 'Emil' gibt dieses Spiel und setzt aus (zu fünft am Tisch);"
        " es spielen Anna, Bert, Cilli, Dani\n"
    )
    assert Path(path).read_bytes() == before
