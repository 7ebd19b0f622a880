"""The ledger commands through the CLI: exit code, stdout and stderr checked separately.

Expected Victory Points are worked by hand from profiles/koenigrufen.toml (Simplified Scoring):
a Rufer won adds contracts.rufer.value = 1 to the declarer and the partner; Kontra ×2; an
announced Pagat is 1 × announced_factor 2; a Dreier (5) lost gives each Defender 5.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tests.stored import unfolded

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    result = run(
        "new",
        "--players",
        "Anna,Bert,Cilli,Dani",
        "--stake",
        "0.10",
        "--date",
        "2025-03-14",
        "--place",
        "Café Sperl",
        "--ledger",
        path,
    )
    assert result.exit_code == 0, result.stderr
    return path


def record(ledger: str, *args: str) -> Result:
    result = run("record", *args, "--ledger", ledger)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return result


def evening(ledger: str) -> None:
    # Hand 1 (Dani deals, Anna Forehand): Rufer Anna + Cilli won, Kontra, Pagat announced:
    #   Rufer 1 × 2 = 2, Pagat 1 × 2 = 2 → Anna +4, Cilli +4.
    record(
        ledger,
        "-c",
        "rufer",
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "40 1/3",
        "-k",
        "kontra",
        "-b",
        "pagat,announced",
    )
    # Hand 2 (Anna deals, Bert Forehand): Dreier by Cilli lost: Anna, Bert, Dani +5 each.
    record(ledger, "-c", "dreier", "-d", "Cilli", "-t", "30")
    # Hand 3 (Bert deals, Cilli Forehand): Rufer Dani + Bert won: +1 each.
    record(ledger, "-c", "rufer", "-d", "Dani", "-w", "Bert", "-t", "36")


def radl_evening(
    tmp_path: Path, events: str = '"valat", "trischaken"', house: str = "", radl: str = ""
) -> str:
    """A new evening of A, B, C, D under a house profile that plays a Radl of 4 hands after
    ``events`` (and the ``radl`` keys), and the ``house`` rules' own tables."""
    profile = tmp_path / "radl.toml"
    profile.write_text(
        f'extends = "koenigrufen"\nname = "radl"\n{house}[radl]\nevents = [{events}]\nhands = 4\n{radl}',
        encoding="utf-8",
    )
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--profile", str(profile), "--ledger", path).exit_code == 0
    return path


# -- new ------------------------------------------------------------------------------------------


def test_new(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    result = run("new", "-p", "Anna,Bert,Cilli,Dani,Eva", "--profile", "pagat", "--ledger", str(path))
    assert result.exit_code == 0
    assert result.stderr == ""
    assert "table:   Anna, Bert, Cilli, Dani, Eva (seat order)" in result.stdout
    assert "profile: pagat (sha256 " in result.stdout
    assert "hand 1:  Eva deals, Anna is Forehand, Eva sits out" in result.stdout
    assert "schema = 2" in path.read_text(encoding="utf-8") and "schema = 1" in path.read_text(
        encoding="utf-8"
    )  # the ledger's (the log) and its profile's


def test_new_with_a_place_and_no_date_says_where_not_when(tmp_path: Path) -> None:
    # A place is not a time: without --date the evening's line is "where", in German "Wo".
    path = str(tmp_path / "evening.toml")
    result = run("new", "-p", "Anna,Bert,Cilli,Dani", "--place", "Café Sperl", "-l", path)
    assert result.exit_code == 0, result.stderr
    assert "where:   Café Sperl\n" in result.stdout
    assert "when:" not in result.stdout
    german = run(
        "--lang", "de", "new", "-p", "Anna,Bert,Cilli,Dani", "--place", "Café Sperl", "-l", path + "2"
    )
    assert german.exit_code == 0, german.stderr
    assert "Wo:      Café Sperl\n" in german.stdout
    assert "Wann:" not in german.stdout


@pytest.mark.parametrize("typed", ["5.3.2026", "05.3.2026", "5.03.2026", " 5.3.2026 "])
def test_a_date_is_read_as_a_sheet_writes_it_without_its_leading_zeros(tmp_path: Path, typed: str) -> None:
    # `--date 5.3.2026`, the 5th of March as most Austrian sheets write it, was refused as no date
    path = tmp_path / "evening.toml"
    result = run("new", "-p", "Anna,Bert,Cilli,Dani", "--date", typed, "--ledger", str(path))
    assert result.exit_code == 0, result.stderr
    assert json.loads(run("show", "--json", "--ledger", str(path)).stdout)["date"] == "2026-03-05"


def test_new_collects_every_usage_problem(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    result = run(
        "new", "-p", "Anna,Bert,Anna", "--stake", "ten", "--date", "14/3/2025", "--ledger", str(path)
    )
    assert result.exit_code == 2
    assert result.stdout == ""
    errors = result.stderr.splitlines()
    # at the command line a stake takes a decimal comma, so the example shows one
    assert "error: --stake: 'ten' is not an amount; write e.g. 0,10 (at most two decimals)" in errors
    assert (
        "error: --date: '14/3/2025' is not a date; write it as YYYY-MM-DD or DD.MM.YYYY, e.g. 2025-03-14 or 14.03.2025"
        in errors
    )
    assert any("3 names given; 'koenigrufen' is played by 4" in e for e in errors)
    assert "error: --players: 'Anna' named twice" in errors
    assert not path.exists()


def test_names_without_commas_are_told_to_take_commas(tmp_path: Path) -> None:
    """A phone's keyboard or a hurried hand writes the names with spaces between them: the four
    come as one name, and the refusal says how to write them, the names given with commas."""
    path = tmp_path / "evening.toml"
    result = run("new", "-p", "Anna Bert Cilli Dani", "--ledger", str(path))
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --players: 1 name given; 'koenigrufen' is played by 4, or 5 where the dealer sits out;"
        " separate the names with commas: Anna, Bert, Cilli, Dani\n"
    )
    german = run("--lang", "de", "new", "-p", "Anna Bert, Cilli Dani", "--ledger", str(path))
    assert german.exit_code == 2
    assert german.stderr == (
        "Fehler: --players: 2 Namen angegeben; 'koenigrufen' spielen 4, oder 5, wenn der Geber aussetzt;"
        " die Namen mit Beistrichen trennen: Anna, Bert, Cilli, Dani\n"
    )
    # the names run together are not refused as one name too long
    five = run("new", "-p", "Maximilian Bartholomäus Cäcilia Dominika Evelyn", "--ledger", str(path))
    assert five.stderr == (
        "error: --players: 1 name given; 'koenigrufen' is played by 4, or 5 where the dealer sits out;"
        " separate the names with commas: Maximilian, Bartholomäus, Cäcilia, Dominika, Evelyn\n"
    )
    # semicolons between them (as a spreadsheet writes a list): the names said without them (it
    # said "Anna;, Bert;, Cilli;, Dani", then each name refused for its ';')
    semicolons = run("new", "-p", "Anna; Bert; Cilli; Dani", "--ledger", str(path))
    assert semicolons.stderr == (
        "error: --players: 1 name given; 'koenigrufen' is played by 4, or 5 where the dealer sits out;"
        " separate the names with commas: Anna, Bert, Cilli, Dani\n"
    )
    # a name of two words stays one name where the count is right
    assert run("new", "-p", "Anna Maria, Bert, Cilli, Dani", "--ledger", str(path)).exit_code == 0


def test_new_unknown_profile(tmp_path: Path) -> None:
    result = run("new", "-p", "A,B,C,D", "--profile", "pagatt", "--ledger", str(tmp_path / "l.toml"))
    assert result.exit_code == 1
    assert "unknown profile 'pagatt'" in result.stderr and "(did you mean 'pagat'?)" in result.stderr


def test_new_with_a_house_file_named_without_its_ending_points_to_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `-P donnerstag` is a shipped profile's name, never a file (docs/scoring.md); the round's
    # donnerstag.toml lies right here, and the refusal says so
    (tmp_path / "donnerstag.toml").write_text('extends = "koenigrufen"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("new", "-p", "A,B,C,D", "-P", "donnerstag", "--ledger", "l.toml")
    assert result.exit_code == 1 and "unknown profile 'donnerstag'" in result.stderr
    assert "(did you mean 'donnerstag.toml'?)" in result.stderr and not (tmp_path / "l.toml").exists()


def test_new_never_overwrites_an_evening(ledger: str) -> None:
    before = Path(ledger).read_bytes()
    result = run("new", "-p", "A,B,C,D", "--ledger", ledger)
    assert result.exit_code == 1
    assert "already exists" in result.stderr
    assert Path(ledger).read_bytes() == before


def test_the_ledger_comes_from_the_environment_or_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    assert run("new", "-p", "A,B,C,D").exit_code == 0
    assert (tmp_path / "tarock-ledger.toml").is_file()
    monkeypatch.setenv("TAROCKSCORE_LEDGER", str(tmp_path / "env.toml"))
    assert run("new", "-p", "A,B,C,D").exit_code == 0
    assert (tmp_path / "env.toml").is_file()
    assert run("record", "-c", "rufer", "-d", "A", "-w", "C", "-t", "40").exit_code == 0
    assert "rufer by A with C" in run("show").stdout


# -- record -----------------------------------------------------------------------------------------


def test_record_prints_the_hand_and_the_running_totals(ledger: str) -> None:
    result = record(
        ledger,
        "-c",
        "rufer",
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "40 1/3",
        "-k",
        "kontra",
        "-b",
        "pagat,announced",
    )
    lines = result.stdout.splitlines()
    assert lines[0] == "hand 1: rufer by Anna with Cilli, kontra, won (Dani deals, Anna is Forehand)"
    # with the stake 0.10, the money so far: totals 4, 0, 4, 0 (sum 8), Simplified Scoring:
    # (4 × own total - 8) × 0.10 (ledger/settle_up.py)
    assert lines[3].split() == ["Anna", "+4", "4", "+0.80"]
    assert lines[4].split() == ["Bert", "0", "0", "-0.80"]
    assert lines[5].split() == ["Cilli", "+4", "4", "+0.80"]
    assert lines[-2] == "next: hand 2, Anna deals, Bert is Forehand"
    # the head of the ledger's chain, short enough for the paper block: the one show --json gives
    head = json.loads(run("show", "--json", "--ledger", ledger).stdout)["head"]
    assert lines[-1] == f"head {head[:12]}"
    result = record(ledger, "-c", "dreier", "-d", "Cilli", "-t", "30")
    assert result.stdout.splitlines()[3].split()[:3] == ["Anna", "+5", "9"]


def test_record_a_hand_file_and_stdin(ledger: str, tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'profile = "koenigrufen"\ncontract = "rufer"\ndeclarer = "Anna"\npartner = "Bert"\ncard_points = 40\n',
        encoding="utf-8",
    )
    record(ledger, str(hand))
    result = run(
        "record", "-", "--ledger", ledger, input='contract = "dreier"\ndeclarer = "Bert"\ncard_points = 50\n'
    )
    assert result.exit_code == 0, result.stderr
    # Dreier won: the declarer adds 5 once.
    assert result.stdout.splitlines()[4].split()[:3] == ["Bert", "+5", "6"]


def test_record_the_example_hand_with_its_own_players(ledger: str) -> None:
    # examples/koenigrufen-call.toml names the seat order of the first deal: accepted as it is.
    result = record(ledger, str(ROOT / "examples" / "koenigrufen-call.toml"))
    # Worked in the example's comment: Anna +5, Bert +2, Cilli +5, Dani +2.
    assert [line.split()[:3] for line in result.stdout.splitlines()[3:7]] == [
        ["Anna", "+5", "5"],
        ["Bert", "+2", "2"],
        ["Cilli", "+5", "5"],
        ["Dani", "+2", "2"],
    ]


def test_a_rejected_hand_changes_nothing(ledger: str) -> None:
    evening(ledger)
    before = Path(ledger).read_bytes()
    result = run("record", "-c", "ruffer", "-d", "Zoe", "-t", "80", "--ledger", ledger)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "error: command line: -c ruffer: 'ruffer' is not a contract of profile 'koenigrufen'; choose one of "
        "'besserrufer', 'bettler', 'bettler_ouvert', 'dreier', 'farbendreier', 'farbensolo', 'piccolo', "
        "'piccolo_ouvert', 'rufer', 'sechserdreier', 'solodreier', 'solorufer', 'trischaken' (did you mean 'rufer'?)",
        "error: command line: -d Zoe: 'Zoe' is not at the table; players are 'Anna', 'Bert', 'Cilli', 'Dani'",
        "error: command line: -t 80: 80 is outside 0 to 70",
    ]
    assert Path(ledger).read_bytes() == before


def test_record_a_hand_with_players_that_are_no_deal(ledger: str, tmp_path: Path) -> None:
    hand = tmp_path / "h.toml"
    hand.write_text(
        'players = ["Anna", "Cilli", "Bert", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\npartner = "Bert"\ncard_points = 40\n',
        encoding="utf-8",
    )
    before = Path(ledger).read_bytes()
    result = run("record", str(hand), "--ledger", ledger)
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"error: {hand}:1: players: Anna, Cilli, Bert, Dani is not a deal of this table"
    )
    assert Path(ledger).read_bytes() == before


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ([], "give a hand file (or - for stdin), or the hand's options"),
        (["hand.toml", "-c", "rufer"], "give either a hand file or the hand's options, not both"),
        (["-d", "Anna"], "--contract: missing"),
    ],
)
def test_record_usage(ledger: str, args: list[str], needle: str) -> None:
    before = Path(ledger).read_bytes()
    result = run("record", *args, "--ledger", ledger)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert Path(ledger).read_bytes() == before


def test_record_without_a_ledger(tmp_path: Path) -> None:
    result = run("record", "-c", "rufer", "--ledger", str(tmp_path / "none.toml"))
    assert result.exit_code == 1
    assert "no ledger here; start the evening with `tarockscore new" in result.stderr


def test_record_when_the_write_fails(ledger: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    before = Path(ledger).read_bytes()

    def fail(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fail)
    result = run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "--ledger", ledger)
    monkeypatch.undo()
    assert result.exit_code == 1
    assert "could not write the ledger (Input/output error); it was left as it was" in result.stderr
    assert Path(ledger).read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# -- show -------------------------------------------------------------------------------------------


def test_show_table(ledger: str) -> None:
    evening(ledger)
    result = run("show", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "profile koenigrufen · 2025-03-14 · Café Sperl · stake 0.10 per point"
    assert lines[1].split() == ["#", "dealer", "hand", "Anna", "Bert", "Cilli", "Dani"]
    assert "+4 → 4" in lines[3] and "0 → 0" in lines[3]
    assert lines[4].split()[:5] == ["2", "Anna", "dreier", "by", "Cilli,"]
    assert lines[-2].split() == ["total", "9", "6", "4", "6"]
    # the stake 0.10 under Simplified Scoring: (4 × own total - 25) × 0.10 (ledger/settle_up.py)
    assert lines[-1].split() == ["money", "+1.10", "-0.10", "-0.90", "-0.10"]


def test_show_json(ledger: str) -> None:
    evening(ledger)
    result = run("show", "--json", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert [h["victory_points"] for h in data["hands"]] == [
        {"Anna": 4, "Bert": 0, "Cilli": 4, "Dani": 0},
        {"Anna": 5, "Bert": 5, "Cilli": 0, "Dani": 5},
        {"Anna": 0, "Bert": 1, "Cilli": 0, "Dani": 1},
    ]
    assert data["totals"] == {"Anna": 9, "Bert": 6, "Cilli": 4, "Dani": 6}
    assert data["hands"][1]["totals"] == {"Anna": 9, "Bert": 5, "Cilli": 4, "Dani": 5}
    assert data["hands"][2]["dealer"] == "Bert" and data["hands"][2]["forehand"] == "Cilli"
    assert data["stake"] == "0.10"
    assert "payout_totals" not in data


def test_show_json_with_payout(tmp_path: Path) -> None:
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--profile", "ooe-2023", "--ledger", path).exit_code == 0
    # ooe-2023, zero-sum, Kontra money only: Rufer won with Kontra scores ±1, pays ±2.
    record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40", "-k", "kontra")
    data = json.loads(run("show", "--json", "--ledger", path).stdout)
    assert data["totals"] == {"A": 1, "B": -1, "C": 1, "D": -1}
    assert data["payout_totals"] == {"A": 2, "B": -2, "C": 2, "D": -2}
    assert data["hands"][0]["payout"] == {"A": 2, "B": -2, "C": 2, "D": -2}


def test_show_csv(ledger: str) -> None:
    evening(ledger)
    result = run("show", "--csv", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert (
        lines[0]
        == "hand,dealer,forehand,contract,declarer,partner,won,radl,Anna,Bert,Cilli,Dani,Anna total,Bert total,Cilli total,Dani total"
    )
    assert lines[2] == "2,Anna,Bert,dreier,Cilli,,no,1,5,5,0,5,9,5,4,5"
    assert len(lines) == 4


def test_show_json_and_csv_together(ledger: str) -> None:
    result = run("show", "--json", "--csv", "--ledger", ledger)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "error: give --json or --csv, not both\n"


def test_show_a_broken_file(ledger: str) -> None:
    Path(ledger).write_text(
        Path(ledger).read_text(encoding="utf-8").replace("schema = 2\n", "schema = = 2\n", 1),
        encoding="utf-8",
    )
    result = run("show", "--json", "--ledger", ledger)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {ledger}:4: not valid TOML")


# -- corrections --------------------------------------------------------------------------------------


def test_undo(ledger: str) -> None:
    evening(ledger)
    result = run("undo", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.splitlines()[0] == "hand 3 undone: rufer by Dani with Bert, won"
    assert result.stdout.splitlines()[-1] == "next: hand 3, Bert deals, Cilli is Forehand"
    shown = run("show", "--ledger", ledger).stdout
    assert "undone" in shown.splitlines()[-1]
    assert 'action = "undo"' in Path(ledger).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_undo_of_an_empty_evening_says_how_a_hand_is_recorded(ledger: str, lang: str) -> None:
    before = Path(ledger).read_bytes()
    said = {
        "en": "error: the ledger has no hands yet: `tarockscore record` (or `tarockscore enter`) records the first\n",
        "de": "Fehler: in der Schrift steht noch kein Spiel: `tarockscore record` (oder `tarockscore enter`) trägt das erste ein\n",
    }[lang]
    for command in (["undo"], ["delete", "1", "--yes"], ["explain", "1"]):
        result = run("--lang", lang, *command, "--ledger", ledger)
        assert (result.exit_code, result.stderr) == (1, said), command
    assert Path(ledger).read_bytes() == before


def test_replace(ledger: str, tmp_path: Path) -> None:
    evening(ledger)
    hand = tmp_path / "fix.toml"
    hand.write_text('contract = "dreier"\ndeclarer = "Cilli"\ncard_points = 40\n', encoding="utf-8")
    result = run("replace", "2", str(hand), "--ledger", ledger)
    assert result.exit_code == 0, result.stderr
    assert unfolded(result.stdout).splitlines()[0] == (
        "hand 2 replaced: dreier by Cilli, lost → dreier by Cilli, won; card points: 30 → 40"
    )
    # Dreier won now: Cilli +5 once; totals Anna 4, Bert 1, Cilli 9, Dani 1.
    assert json.loads(run("show", "--json", "--ledger", ledger).stdout)["totals"] == {
        "Anna": 4,
        "Bert": 1,
        "Cilli": 9,
        "Dani": 1,
    }
    text = Path(ledger).read_text(encoding="utf-8")
    assert (
        'kind = "replace"' in text
        and 'action = "replace"' in text
        and "before = {" in text
        and "after = {" in text
    )


def test_replace_by_the_same_hand_writes_nothing(ledger: str) -> None:
    # Hand 2 given again as recorded (a Dreier by Cilli with 30): the ledger gained an audit
    # entry "hand 2 replaced: …; nothing changed". Nothing is written and the line says so.
    evening(ledger)
    before = Path(ledger).read_bytes()
    same = ["replace", "2", "-c", "dreier", "-d", "Cilli", "-t", "30", "--ledger", ledger]
    result = run(*same)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "hand 2: nothing changed; the ledger is unchanged\n"
    assert Path(ledger).read_bytes() == before
    german = run("--lang", "de", *same)
    assert german.stdout == "Spiel 2: nichts geändert; die Schrift ist unverändert\n"
    assert Path(ledger).read_bytes() == before
    # the library says the same: no entry, nothing written
    change = tarockscore.Evening(ledger).replace(
        2, {"contract": "dreier", "declarer": "Cilli", "card_points": 30}
    )
    assert not change.written and change.after is change.before
    assert change.said == "nothing changed; the ledger is unchanged"
    assert Path(ledger).read_bytes() == before


def test_replace_with_a_bad_hand(ledger: str, tmp_path: Path) -> None:
    evening(ledger)
    hand = tmp_path / "fix.toml"
    hand.write_text('contract = "dreier"\ndeclarer = "Cilli"\ncard_points = "30 1/2"\n', encoding="utf-8")
    before = Path(ledger).read_bytes()
    result = run("replace", "2", str(hand), "--ledger", ledger)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {hand}:3: card_points: '30 1/2' is not counted in thirds")
    assert Path(ledger).read_bytes() == before
    result = run("replace", "7", str(hand), "--ledger", ledger)
    assert result.exit_code == 1
    assert "there is no hand 7; the ledger has hands 1 to 3" in result.stderr


def test_delete(ledger: str) -> None:
    evening(ledger)
    result = run("delete", "1", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    assert unfolded(result.stdout).startswith(
        "hand 1 deleted: rufer by Anna with Cilli, kontra, won; hands 2 to 3 are now 1 to 2"
    )
    data = json.loads(run("show", "--json", "--ledger", ledger).stdout)
    assert data["totals"] == {"Anna": 5, "Bert": 6, "Cilli": 0, "Dani": 6}
    assert data["audit"][0]["action"] == "delete"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: there is no hand 2; the ledger has only hand 1\n"),
        ("de", "Fehler: es gibt kein Spiel 2; die Schrift hat nur Spiel 1\n"),
    ],
)
def test_a_hand_past_an_evening_of_one_hand_is_refused_naming_the_one_it_has(
    ledger: str, lang: str, said: str
) -> None:
    # "the ledger has hands 1 to 1" named one hand as a range
    record(ledger, "-c", "dreier", "-d", "Anna", "-t", "40")
    for command in (
        ["explain", "2"],
        ["delete", "2", "-y"],
        ["replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40"],
    ):
        result = run("--lang", lang, *command, "--ledger", ledger)
        assert (result.exit_code, result.stderr) == (1, said), command


def test_delete_usage(ledger: str) -> None:
    result = run("delete", "zero", "--ledger", ledger)
    assert result.exit_code == 2


def test_a_radl_set_on_the_sheet_after_a_hand_taken_back_stays_and_undo_says_so(ledger: str) -> None:
    # a Radl set by hand after hand 3 keeps counting when hand 3 is taken back (the table's
    # mark, not the hand's): it now stands after hand 2, so the hand recorded next is doubled
    evening(ledger)
    assert run("radl", "add", "2", "--ledger", ledger).exit_code == 0
    out = run("undo", "--ledger", ledger).stdout.splitlines()
    assert out[:2] == [
        "hand 3 undone: rufer by Dani with Bert, won",
        "the Radl set on the sheet after hand 3 stays, now after hand 2",
    ]
    assert out[-2:] == [
        "next: hand 3, Bert deals, Cilli is Forehand; a Radl hand (×2),",
        "  1 more Radl hand after it",
    ]
    out = run("--lang", "de", "undo", "--ledger", ledger).stdout.splitlines()
    assert out[1] == "das in der Schrift gesetzte Radl nach Spiel 2 bleibt, jetzt nach Spiel 1"
    record(ledger, "-c", "rufer", "-d", "Dani", "-w", "Bert", "-t", "36")  # hand 2, doubled
    assert run("undo", "--ledger", ledger).stdout.splitlines()[1] == "player    total      money"


def test_a_radl_struck_after_a_hand_deleted_stays_struck_and_delete_says_so(ledger: str) -> None:
    evening(ledger)
    assert run("radl", "add", "2", "--ledger", ledger).exit_code == 0
    record(ledger, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")  # ×2: Anna, Cilli +2
    assert run("radl", "strike", "--ledger", ledger).exit_code == 0
    record(ledger, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")  # the last doubled hand
    out = unfolded(run("delete", "4", "-y", "--ledger", ledger).stdout).splitlines()
    assert out[1] == "the Radl struck on the sheet after hand 4 stays struck, now after hand 3"
    # the Radl's 2 hands less the one struck: the hand after hand 3, now hand 4, still ×2
    hands = json.loads(run("show", "--json", "--ledger", ledger).stdout)["hands"]
    assert [h["radl"] for h in hands] == [1, 1, 1, 2]
    assert hands[3]["victory_points"] == {"Anna": 2, "Bert": 0, "Cilli": 2, "Dani": 0}
    assert "Radl" not in unfolded(run("delete", "2", "-y", "--ledger", ledger).stdout).splitlines()[1]


def test_a_strike_of_the_radl_a_hand_taken_back_armed_says_it_strikes_nothing_now(tmp_path: Path) -> None:
    # a Trischaken arms a Radl of 4 doubled hands (docs/rules/koenigrufen.md §8, the profile's
    # radl.hands); the table strikes 2 of them; taking the Trischaken back takes its Radl with it,
    # so the strike, kept after the hand before, has nothing left to strike and undo says so; the
    # Trischaken entered anew arms its whole Radl of 4 again
    path = radl_evening(tmp_path)
    record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40")
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    assert run("radl", "strike", "2", "--ledger", path).exit_code == 0
    out = unfolded(run("undo", "--ledger", path).stdout).splitlines()
    assert (
        out[1]
        == "the Radl struck on the sheet after hand 2 now strikes nothing: that hand's Radl went with it"
    )
    again = record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    assert unfolded(again.stdout).splitlines()[-2].endswith("3 more Radl hands after it")
    assert run("radl", "strike", "2", "--ledger", path).exit_code == 0
    record(path, "-c", "rufer", "-d", "B", "-w", "D", "-t", "40")
    german = unfolded(run("--lang", "de", "delete", "2", "-y", "--ledger", path).stdout).splitlines()
    assert german[1] == (
        "das in der Schrift Gestrichene des Radls nach Spiel 3 (Nr. 2 in der Schrift) streicht jetzt nichts: "
        "das Radl dieses Spiels ist mit ihm weggefallen"
    )


def test_a_strike_spent_with_its_radl_strikes_neither_a_radl_armed_by_a_replace_and_replace_says_so(
    tmp_path: Path,
) -> None:
    # a strike keeps to the Radls it struck (docs/evening.md, "Radl"): the 2 it took of hand 2's
    # Radl (a Trischaken arms 4, docs/rules/koenigrufen.md §8) went with hand 2, so hand 1
    # corrected into a Trischaken arms its whole Radl of 4, and replace says of that strike nothing
    path = radl_evening(tmp_path)
    rufer = ["-c", "rufer", "-d", "A", "-w", "C", "-t", "40"]
    trischaken = ["-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10"]
    record(path, *rufer)
    record(path, *trischaken)
    assert run("radl", "strike", "2", "--ledger", path).exit_code == 0
    assert run("undo", "--ledger", path).exit_code == 0
    out = unfolded(run("replace", "1", *trischaken, "--ledger", path).stdout).splitlines()
    assert "struck" not in " ".join(out)
    assert out[-1] == "next: hand 2, A deals, B is Forehand; a Radl hand (×2), 3 more Radl hands after it"
    # a strike of hand 1's own Radl keeps to it through a correction: hand 1 corrected into a
    # Rufer arms none, so the strike strikes nothing; corrected back, it strikes its 1 again
    assert run("radl", "strike", "--ledger", path).exit_code == 0
    out = unfolded(run("replace", "1", *rufer, "--ledger", path).stdout).splitlines()
    assert "the Radl struck on the sheet after hand 1 now strikes nothing where it struck 1" in out
    assert out[-1] == "next: hand 2, A deals, B is Forehand"
    out = unfolded(run("--lang", "de", "replace", "1", *trischaken, "--ledger", path).stdout).splitlines()
    assert (
        "das in der Schrift Gestrichene des Radls nach Spiel 1 streicht jetzt 1, wo es 0 gestrichen hat"
        in out
    )
    assert out[-1].endswith("danach noch 2 Radlspiele")


@pytest.mark.parametrize(
    ("radl", "factors", "doubled"),
    [
        ("", [1, 2, 2, 2, 2, 2, 2, 2], "5, 6, 7 and 8"),
        ("overlap = true\n", [1, 2, 4, 4, 2, 2], "3, 4, 5 and 6"),
    ],
)
def test_a_strike_keeps_to_its_radl_when_an_earlier_hand_corrected_arms_one_before_it(
    tmp_path: Path, radl: str, factors: list[int], doubled: str
) -> None:
    # hand 1 a Trischaken arms a Radl of 4 (docs/rules/private-rounds.md §1, radl.hands = 4,
    # radl.factor 2): hand 2 is its first doubled hand; the table strikes 1, the last of hand 1's
    # (hands 2, 3, 4 doubled). Hand 2 corrected into a Trischaken arms a Radl the table never
    # struck: it is whole (docs/evening.md, "a strike keeps to the Radls it took them of").
    # Queued: hand 1's 2, 3, 4, then hand 2's 5 to 8. Overlapping: hand 2's 3 to 6 over hand 1's
    # 2 to 4, so hands 3 and 4 count ×4, hands 5 and 6 ×2. Replace says nothing of the strike:
    # it still strikes the 1 it struck.
    path = radl_evening(tmp_path, radl=radl)
    trischaken = ["-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10"]
    record(path, *trischaken)
    record(path, "-c", "rufer", "-d", "B", "-w", "D", "-t", "40")
    assert run("radl", "strike", "--ledger", path).exit_code == 0
    assert "struck" not in run("replace", "2", *trischaken, "--ledger", path).stdout
    for _ in range(len(factors) - 2):
        record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40")
    hands = json.loads(run("show", "--json", "--ledger", path).stdout)["hands"]
    assert [h["radl"] for h in hands] == factors
    assert f"hands {doubled} count ×2" in unfolded(run("explain", "2", "--ledger", path).stdout)
    assert "hands 2, 3 and 4 count ×2" in unfolded(run("explain", "1", "--ledger", path).stdout)
    explained = unfolded(run("explain", "5", "--ledger", path).stdout)
    assert "×2 Radl started by hand 2 (after Trischaken)" in explained


@pytest.mark.parametrize(("radl", "strike", "then"), [("", "5", 5), ("overlap = true\n", "2", 3)])
def test_a_strike_taken_back_with_a_hand_keeps_only_what_it_took_of_the_radls_left(
    tmp_path: Path, radl: str, strike: str, then: int
) -> None:
    # two Trischaken in a row, each arming a Radl of 4 (docs/rules/private-rounds.md §1). Queued:
    # hand 2 is the first of hand 1's doubled hands, 3 + 4 = 7 owed; overlapping: hand 1's last 3
    # lie under hand 2's 4. A strike takes the last doubled hands off, with every Radl on them
    # (§1): queued, 5 are hand 2's 4 and 1 of hand 1's; overlapping, 2 are hand 2's last 2 and 1
    # of hand 1's (3 in all). Hand 2 taken back takes its Radl with it and is no longer one of hand
    # 1's: hand 1's 4 less the 1 struck of them, 3 doubled hands still owed, and undo says so
    path = radl_evening(tmp_path, radl=radl)
    trischaken = ["-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10"]
    for _ in range(2):
        record(path, *trischaken)
    assert run("radl", "strike", strike, "--ledger", path).exit_code == 0
    out = unfolded(run("undo", "--ledger", path).stdout).splitlines()
    assert out[1] == (
        f"the Radl struck on the sheet after hand 2 stays, now after hand 1, but strikes 1 where it struck {then}"
    )
    assert out[-1] == "next: hand 2, A deals, B is Forehand; a Radl hand (×2), 2 more Radl hands after it"
    for _ in range(4):
        record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40")
    hands = json.loads(run("show", "--json", "--ledger", path).stdout)["hands"]
    assert [h["radl"] for h in hands] == [1, 2, 2, 2, 1]
    # the hands doubled are hand 1's, not a Radl set on the sheet
    explained = unfolded(run("explain", "2", "--ledger", path).stdout)
    assert "Radl started by hand 1 (after Trischaken)" in explained
    assert "set on the sheet" not in explained


def test_radls_overlapping_past_what_a_hand_holds_are_refused_at_the_change_that_would_make_them(
    tmp_path: Path,
) -> None:
    # overlapping Radls multiply (docs/rules/private-rounds.md §1 [LAU]: "Achtfachspiele und noch
    # höhere"); a ledger holds a hand's factor up to ×1,000,000 (§1). With radl.factor 1000 and
    # three Trischaken in a row: hand 2 counts ×1000, hand 3 (under hand 1's and hand 2's Radls)
    # ×1000² = ×1,000,000, and hand 3's own Radl would make hand 4 ×1000³: hand 3 is refused,
    # nothing written, and the evening still reads
    path = radl_evening(tmp_path, events='"trischaken"', radl="factor = 1000\noverlap = true\n")
    trischaken = ["-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10"]
    record(path, *trischaken)
    record(path, *trischaken)
    before = Path(path).read_bytes()
    refused = run("record", *trischaken, "--ledger", path)
    assert refused.exit_code == 1
    assert unfolded(refused.stderr).strip() == (
        "error: radl: a hand doubled by 3 overlapping Radls (radl.overlap, ×1000 each) would count"
        " beyond ×1,000,000, the most one hand's result holds; set no more Radls over it, or strike"
        " one first"
    )
    assert Path(path).read_bytes() == before
    # struck to the last layer of the hands owed, the hand is recorded at ×1,000,000
    assert run("radl", "strike", "--ledger", path).exit_code == 0
    record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40")
    hands = json.loads(run("show", "--json", "--ledger", path).stdout)["hands"]
    assert [h["radl"] for h in hands] == [1, 1000, 1_000_000]
    # a Radl set by hand over them: refused in the players' German too, the file as it was
    before = Path(path).read_bytes()
    refused = run("--lang", "de", "radl", "add", "--ledger", path)
    assert refused.exit_code == 1
    assert "ein Spiel unter 3 gleichzeitig laufenden Radln" in unfolded(refused.stderr)
    assert "Traceback" not in refused.stderr + refused.stdout
    assert Path(path).read_bytes() == before
    assert run("show", "--ledger", path).exit_code == 0


def test_a_gametwist_trischaken_whose_card_points_no_deal_gives_is_refused_and_one_held_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GameTwist plays the Trischaken without the talon (docs/rules/koenigrufen.md §6 [GT]); its six
    # cards count ⅓ and whole points more each (§1), so the players' card points are 70 less a
    # whole number: 60 1/3 is refused, nothing written
    path = str(tmp_path / "gt.toml")
    assert run("new", "-p", "A,B,C,D", "-P", "gametwist", "--ledger", path).exit_code == 0
    before = Path(path).read_bytes()
    hand = ["-c", "trischaken", "-t", "A=20 1/3", "-t", "B=20", "-t", "C=10", "-t", "D=10"]
    refused = run("record", *hand, "--ledger", path)
    assert refused.exit_code == 1 and "add up to 60 1/3" in unfolded(refused.stderr)
    assert Path(path).read_bytes() == before
    # an evening that holds such a hand from an earlier version is read as it was recorded, said
    # once on standard error by each command that reads it
    monkeypatch.setattr("tarockscore.rules.legality.talon_holds", lambda profile, total: True)
    record(path, *hand)
    monkeypatch.undo()
    for command in ("show", "check"):
        result = run(command, "--ledger", path)
        assert result.exit_code == 0, result.stderr
        assert unfolded(result.stderr) == (
            f"warning: {path}: hand 1: card_points: the players' card points add up to 60 1/3; with "
            "the talon out of play (trischaken.talon = 'out') they add up to the deck's 70 less the "
            "talon's, which holds 2 to 26 in whole points: 44, 45 … 68; recorded before the rules "
            "refused this, the hand is read as it was recorded\n"
        )


# -- explain, check, rescore, settle --------------------------------------------------------------------


def test_explain(ledger: str) -> None:
    evening(ledger)
    result = run("explain", "1", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    out = unfolded(result.stdout)
    assert out.startswith("hand 1: rufer by Anna with Cilli, kontra, won (Dani deals, Anna is Forehand)")
    # each number with the number of its source, the sources once under the arithmetic: the
    # stored profile's [sources] (koenigrufen: the CTK rules)
    assert "   base 1 [2]\n" in out
    assert "   ×2 Kontra on the contract = 2 [3]\n" in out
    assert "   ×2 announced = 2 [5]\n" in out
    assert "Settled: Simplified Scoring [1]\n" in out
    notes = out.split("\nSources:\n")[1].splitlines()
    assert (
        notes[0]
        == '[1] D4: winners add, losers add nothing [CTK "Simplified Scoring"]; or zero-sum settlement'
    )
    assert notes[2] == '[3] [CTK] "Kontra … ×2"'
    assert notes[4] == "[5] an announced bonus is worth twice its silent value [CTK: Pagat 1 → 2]"
    assert "contracts.rufer.value" not in out and "kontra.ladder" not in out  # the key paths are for --json
    assert "Victory Points: Anna +4, Bert 0, Cilli +4, Dani 0" in out


def test_explain_a_doubled_hand(tmp_path: Path) -> None:
    path = radl_evening(tmp_path, '"valat"')
    record(path, "-c", "rufer", "-d", "A", "-w", "C", "-b", "valat")
    result = record(path, "-c", "rufer", "-d", "B", "-w", "D", "-t", "40")
    assert "Radl ×2" in unfolded(result.stdout).splitlines()[0]
    result = run("explain", "2", "--ledger", path)
    assert result.exit_code == 0
    assert "Radl: this hand counts ×2, a doubled round started by hand 1 (after Valat)" in unfolded(
        result.stdout
    )
    # Rufer won 1, doubled in the bet's own arithmetic: 2 each, the numbers on the sheet; the
    # players in the sheet's seat order, as its columns list them (not the deal's, B first)
    assert "   ×2 Radl started by hand 1 (after Valat) = 2 [3]\n" in unfolded(result.stdout)
    assert "on the sheet: B +2, D +2\n" in unfolded(result.stdout)
    assert "Victory Points: A 0, B +2, C 0, D +2\n" in unfolded(result.stdout)
    assert "[3] profile 'radl', a house rule: each hand of a Radl counts ×2\n" in unfolded(result.stdout)
    shown = run("show", "--ledger", path).stdout.splitlines()
    assert "×2" not in shown[3] and "×2" in shown[4]


def test_explain_names_what_started_the_radl_not_every_event_the_profile_plays(tmp_path: Path) -> None:
    # a table doubling after a Valat or a Trischaken (docs/rules/koenigrufen.md §8): hand 1 is a
    # Trischaken, no Valat was played; the doubled hand 2 says it follows the Trischaken alone
    path = radl_evening(tmp_path)
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    record(path, "-c", "rufer", "-d", "B", "-w", "D", "-t", "40")
    result = run("explain", "2", "--ledger", path)
    assert result.exit_code == 0
    assert "a doubled round started by hand 1 (after Trischaken)\n" in unfolded(result.stdout)
    german = run("--lang", "de", "explain", "2", "--ledger", path)
    assert "ausgelöst von Spiel 1 (nach Trischaken)\n" in unfolded(german.stdout)


def test_explain_of_the_hand_that_started_a_radl_says_which_hands_it_doubles(tmp_path: Path) -> None:
    # a Radl of 4 hands after a Trischaken (docs/rules/settlement.md §6): explaining the Trischaken
    # itself says it started the doubled round, the hands it doubled so far and those still owed;
    # a hand that started none says nothing of a Radl
    path = radl_evening(tmp_path)
    record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40")
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    result = run("explain", "2", "--ledger", path)
    assert result.exit_code == 0
    assert "\nRadl: this hand started a doubled round (after Trischaken): the next 4 hands count ×2\n" in (
        unfolded(result.stdout)
    )
    record(path, "-c", "rufer", "-d", "B", "-w", "D", "-t", "40")
    record(path, "-c", "rufer", "-d", "C", "-w", "A", "-t", "40")
    result = run("explain", "2", "--ledger", path)
    said = "\nRadl: this hand started a doubled round (after Trischaken): hands 3 and 4 count ×2, 2 more to come\n"
    assert said in unfolded(result.stdout)
    german = unfolded(run("--lang", "de", "explain", "2", "--ledger", path).stdout)
    assert (
        "\nRadl: dieses Spiel hat ein Radl ausgelöst (nach Trischaken): Spiele 3 und 4 zählen ×2, 2 kommen noch\n"
        in german
    )
    record(path, "-c", "rufer", "-d", "D", "-w", "B", "-t", "40")
    record(path, "-c", "rufer", "-d", "A", "-w", "C", "-t", "40")
    result = run("explain", "2", "--ledger", path)
    assert "\nRadl: this hand started a doubled round (after Trischaken): hands 3, 4, 5 and 6 count ×2\n" in (
        unfolded(result.stdout)
    )
    assert "started a doubled round" not in unfolded(run("explain", "1", "--ledger", path).stdout)
    assert "started a doubled round" not in unfolded(run("explain", "3", "--ledger", path).stdout)


def fits_80(out: str, path: str) -> bool:
    """Every line in 80 columns, but a line that is the file's path alone (a test's folder is as
    long as the test runner makes it)."""
    return all(len(line) <= 80 for line in out.splitlines() if line != f"{path}:")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_disputed_hand_is_read_in_80_columns_each_number_with_its_rule(tmp_path: Path, lang: str) -> None:
    # a Dreier (5, [STC-TB] as koenigrufen prices it) with the Hüttenfleck (×4, [CTK]), an
    # announced Pagat (1, ×2 announced) with its own Kontra and Rekontra, in a Radl (×2) after a
    # Trischaken: record and explain fit 80 columns, and each step of the arithmetic names its source
    path = radl_evening(tmp_path, house="[kontra]\nhuettenfleck = true\n")
    record(path, "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10")
    hand = [
        "-c",
        "dreier",
        "-d",
        "B",
        "-t",
        "40",
        "-k",
        "kontra",
        "--huettenfleck",
        "-b",
        "pagat,announced,rekontra",
    ]
    said = run("--lang", lang, "record", *hand, "--ledger", path)
    assert said.exit_code == 0, said.stderr
    explained = run("--lang", lang, "explain", "2", "--ledger", path).stdout
    for out in (said.stdout, explained):
        assert fits_80(out, path), out
    steps = [line for line in unfolded(explained).splitlines() if line.startswith("   ×")]
    assert len(steps) == 6 and all(re.search(r" = \d+ \[\d+\]", line) for line in steps), steps
    # Dreier 5 ×4 ×2 = 40; Pagat 1 ×2 ×2 ×2 ×2 = 16: Bert +56 (Simplified Scoring, the winner adds)
    assert "B +56" in unfolded(explained)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_check_fits_80_columns_its_line_folded_between_clauses(ledger: str, lang: str) -> None:
    # the line that every stored result matches ran to 104 columns and more with the ledger's path
    evening(ledger)
    head = json.loads(run("show", "--json", "--ledger", ledger).stdout)["head"]
    out = run("--lang", lang, "check", "--head", head, "--ledger", ledger).stdout
    assert fits_80(out, ledger), out
    sha = json.loads(run("show", "--json", "--ledger", ledger).stdout)["profile"]["sha256"][:12]
    said = {
        "en": f"{ledger}: 3 hands re-scored under koenigrufen (sha256 {sha}); every stored result matches",
        "de": f"{ledger}: 3 Spiele nach koenigrufen (sha256 {sha}) neu gerechnet; jedes gespeicherte Ergebnis stimmt",
    }
    assert unfolded(out).splitlines()[0] == said[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_repair_fits_80_columns_its_lines_folded_between_clauses(ledger: str, lang: str) -> None:
    # what repair found ran to 94-104 columns
    evening(ledger)
    text = Path(ledger).read_text(encoding="utf-8")
    Path(ledger).write_text(text.replace("Dani = 5 }", "Dani = 50 }", 1), encoding="utf-8")
    found = run("--lang", lang, "repair", "--ledger", ledger).stdout
    assert fits_80(found, ledger), found
    said = {
        "en": "found: entry 2: hand 2 was changed outside tarockscore; --write keeps the evening as it stands",
        "de": "gefunden: Eintrag 2: Spiel 2 wurde außerhalb von tarockscore geändert; --write behält den Abend, wie er ist",
    }
    assert said[lang] in unfolded(found).splitlines()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_repair_of_a_sound_evening_writes_nothing_and_says_so(ledger: str, lang: str) -> None:
    # repair --write on an evening nobody changed outside tarockscore appended "repaired: … no
    # stored result changed" to its audit trail, which then read as if it had been mended
    evening(ledger)
    before = Path(ledger).read_bytes()
    said = {
        "en": f"{ledger}: every stored result follows from its hand and nothing was changed outside tarockscore: nothing to repair; the ledger is unchanged",
        "de": f"{ledger}: jedes gespeicherte Ergebnis folgt aus seinem Spiel und nichts wurde außerhalb von tarockscore geändert: nichts zu reparieren; die Schrift bleibt, wie sie ist",
    }
    for write in ([], ["--write"]):
        result = run("--lang", lang, "repair", *write, "--ledger", ledger)
        assert result.exit_code == 0, result.stderr
        assert fits_80(result.stdout, ledger), result.stdout
        assert unfolded(result.stdout).splitlines() == [said[lang]]
    assert Path(ledger).read_bytes() == before


def test_repair_of_a_sound_evening_begins_its_sentence_beside_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    assert run("new", "-p", "Anna,Bert,Cilli,Dani").exit_code == 0
    result = run("repair")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("tarock-ledger.toml: every stored result follows"), result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines()), result.stdout


def test_check(ledger: str) -> None:
    evening(ledger)
    result = run("check", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    assert (
        "3 hands re-scored under koenigrufen" in unfolded(result.stdout)
        and "every stored result matches" in result.stdout
    )
    text = Path(ledger).read_text(encoding="utf-8")
    Path(ledger).write_text(text.replace("Dani = 5 }", "Dani = 50 }", 1), encoding="utf-8")
    before = Path(ledger).read_bytes()
    result = run("check", "--ledger", ledger)
    assert result.exit_code == 1
    assert result.stdout == ""
    line = [i for i, t in enumerate(text.splitlines(), 1) if t == "[[event]]"][1]
    assert result.stderr.splitlines()[:-1] == [
        f"error: {ledger}:{line}: entry 2: hand 2 was changed outside tarockscore",
        f"error: {ledger}: hand 2: stored +50 for Dani, the rules give +5",
    ]
    assert f"`tarockscore repair --ledger {ledger}`" in result.stderr.splitlines()[-1]
    result = run("record", "-c", "rufer", "-d", "Dani", "-w", "Anna", "-t", "40", "--ledger", ledger)
    assert result.exit_code == 1
    # hand 2's entry no longer fits the chain: refused, naming the hand and the command that repairs it
    assert "nothing was written; run `tarockscore repair --ledger" in result.stderr
    assert f"{ledger}:{line}: entry 2: hand 2 was changed outside tarockscore" in result.stderr
    assert Path(ledger).read_bytes() == before


def test_rescore_what_if_and_write(ledger: str) -> None:
    evening(ledger)
    before = Path(ledger).read_bytes()
    result = run("rescore", "--profile", "pagat", "--ledger", ledger)
    assert result.exit_code == 0, result.stderr
    assert Path(ledger).read_bytes() == before
    assert result.stdout.splitlines()[-1] == "what-if only: the ledger is unchanged (--write to keep it)"
    # pagat is zero-sum: hand 1 Rufer + Kontra (1 × 2) and Pagat (1 × 2): ±4 each side;
    # hand 2 Dreier (5) lost 1 v 3: Cilli −15, others +5; hand 3 Rufer ±1.
    # Anna 4 + 5 − 1 = 8, Bert −4 + 5 + 1 = 2, Cilli 4 − 15 − 1 = −12, Dani −4 + 5 + 1 = 2.
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()[2:6]}
    assert rows == {
        "Anna": ["9", "8", "-1"],
        "Bert": ["6", "2", "-4"],
        "Cilli": ["4", "-12", "-16"],
        "Dani": ["6", "2", "-4"],
    }
    result = run("rescore", "--profile", "pagat", "--write", "--ledger", ledger)
    assert result.exit_code == 0
    assert f"written: {ledger} is now scored under pagat" in result.stdout
    data = json.loads(run("show", "--json", "--ledger", ledger).stdout)
    assert data["profile"]["name"] == "pagat" and data["audit"][-1]["action"] == "rescore"
    assert run("check", "--ledger", ledger).exit_code == 0


def test_rescore_under_a_profile_that_cannot_score_the_evening(ledger: str) -> None:
    evening(ledger)
    before = Path(ledger).read_bytes()
    result = run("rescore", "--profile", "zwanzigerrufen", "--write", "--ledger", ledger)
    assert result.exit_code == 1
    assert result.stderr == (
        "error: --profile: profile 'zwanzigerrufen' is for zwanzigerrufen and this evening is koenigrufen: "
        "a hand is scored only under the rules of its own game; choose a koenigrufen profile\n"
    )
    assert Path(ledger).read_bytes() == before


def test_settle(ledger: str) -> None:
    evening(ledger)
    result = run("settle", "--ledger", ledger)
    assert result.exit_code == 0 and result.stderr == ""
    # Totals 9, 6, 4, 6 add up to 25; Simplified: (4 × total − 25) × 0.10:
    # Anna +1.10, Bert −0.10, Cilli −0.90, Dani −0.10; three payments (no pair adds up to 0).
    lines = unfolded(result.stdout).splitlines()
    assert lines[0].startswith("stake 0.10 per Victory Point; totals; Simplified Scoring")
    assert [line.split() for line in lines[3:7]] == [
        ["Anna", "9", "+1.10"],
        ["Bert", "6", "-0.10"],
        ["Cilli", "4", "-0.90"],
        ["Dani", "6", "-0.10"],
    ]
    assert lines[8:] == ["Bert pays Anna 0.10", "Cilli pays Anna 0.90", "Dani pays Anna 0.10"]
    data = json.loads(run("settle", "--json", "--stake", "0.05", "--ledger", ledger).stdout)
    assert data["balances"] == {"Anna": "0.55", "Bert": "-0.05", "Cilli": "-0.45", "Dani": "-0.05"}
    assert len(data["payments"]) == 3


def test_settle_without_a_stake(tmp_path: Path) -> None:
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--ledger", path).exit_code == 0
    result = run("settle", "--ledger", path)
    assert result.exit_code == 2
    assert result.stderr == "error: --stake: the ledger has no stake: give --stake, e.g. --stake 0.10\n"
    result = run("settle", "--stake", "0.001", "--ledger", path)
    assert result.exit_code == 2 and "more than two decimals" in result.stderr


# -- enter -----------------------------------------------------------------------------------------------


# Rufer Anna + Cilli, 40 1/3, Kontra, Pagat announced by the declarers and made: the Kontra and
# bonus questions after "y" (Kontra or bonuses?), then Enter records.
ENTER_RUFER = "\n".join(
    ["rufer", "Anna", "Cilli", "40 1/3", "y", "kontra", "pagat", "declarers", "y", "", "", "", "", ""]
)


def test_enter_asks_step_by_step_and_records(ledger: str) -> None:
    result = run("enter", "--ledger", ledger, input=ENTER_RUFER)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("hand 1 under koenigrufen: Dani deals, Anna is Forehand")
    assert "Contract (1=rufer 2=besserrufer" in out and "13=trischaken)" in out
    assert "Kontra on the contract (0=none 1=kontra 2=rekontra) [none]" in out
    assert "Record this as hand 1? (Enter = yes" in out
    assert "hand 1: rufer by Anna with Cilli, kontra, won" in out
    data = json.loads(run("show", "--json", "--ledger", ledger).stdout)
    assert data["totals"] == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dani": 0}


def test_enter_asks_again_after_a_wrong_answer_and_may_record_nothing(ledger: str) -> None:
    before = Path(ledger).read_bytes()
    answers = "\n".join(["bettlr", "bettler", "Zoe", "2", "n", "y", "", "kontra", "", "n", ""])
    result = run("enter", "--ledger", ledger, input=answers)
    assert result.exit_code == 0, result.stderr
    assert "'bettlr' is not one of the choices (did you mean 'bettler'?)" in result.stderr
    assert "'Zoe' is not one of the choices" in result.stderr
    assert "Did Bert win the bettler?" in result.stdout
    assert result.stdout.rstrip().endswith("not recorded; the ledger is unchanged")
    assert Path(ledger).read_bytes() == before


def test_enter_refuses_when_the_ledger_changed_meanwhile(
    ledger: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tarockscore.cli import terminal as ask

    real = ask.answer_to

    def another_terminal(prompt: str) -> str:
        if prompt.startswith("Record this"):
            # while the scorekeeper looks at the result, another terminal records a hand
            assert (
                run(
                    "record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "--ledger", ledger
                ).exit_code
                == 0
            )
            return ""
        return real(prompt)

    monkeypatch.setattr(ask, "answer_to", another_terminal)
    result = run("enter", "--ledger", ledger, input=ENTER_RUFER)
    changed_by_other = Path(ledger).read_bytes()
    assert result.exit_code == 1
    assert (
        "changed since it was read (another terminal recorded or corrected a hand); nothing was written"
        in result.stderr
    )
    data = json.loads(run("show", "--json", "--ledger", ledger).stdout)
    assert len(data["hands"]) == 1 and data["hands"][0]["partner"] == "Bert"
    assert Path(ledger).read_bytes() == changed_by_other


# -- a real process -----------------------------------------------------------------------------------------


def test_python_m_tarockscore_an_evening(tmp_path: Path) -> None:
    env = {**os.environ, "TAROCKSCORE_LEDGER": str(tmp_path / "evening.toml")}

    def sub(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tarockscore", *args], capture_output=True, text=True, env=env, timeout=60
        )

    assert sub("new", "-p", "Anna,Bert,Cilli,Dani", "--stake", "0.20").returncode == 0
    done = sub("record", "-c", "dreier", "-d", "Anna", "-t", "50")
    assert done.returncode == 0 and done.stderr == ""
    bad = sub("record", "-c", "dreier", "-d", "Anna", "-t", "500")
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.startswith("error: command line: -t 500: 500 is outside 0 to 70\n")
    assert "Traceback" not in bad.stderr
    shown = sub("show", "--json")
    # Dreier won: Anna adds 5 once.
    assert json.loads(shown.stdout)["totals"] == {"Anna": 5, "Bert": 0, "Cilli": 0, "Dani": 0}
    settled = sub("settle")
    # (4 × 5 − 5) × 0.20 = 3.00 to Anna; (0 − 5) × 0.20 = −1.00 from each other player.
    assert settled.stdout.splitlines()[-3:] == [
        "Bert pays Anna 1.00",
        "Cilli pays Anna 1.00",
        "Dani pays Anna 1.00",
    ]


# -- the evening of docs/evening.md is real ----------------------------------------------------------------


def _page_evening() -> list[tuple[str, str]]:
    """(command line, printed output) of each console block entry of docs/evening.md's evening."""
    import re

    page = (ROOT / "docs" / "evening.md").read_text(encoding="utf-8")
    section = page.split("## An evening at the table", 1)[1].split("\n## ", 1)[0]
    steps = []
    for block in re.findall(r"```console\n(.*?)```", section, flags=re.S):
        for chunk in ("\n" + block).split("\n$ ")[1:]:
            command, _, output = chunk.partition("\n")
            steps.append((command, output.rstrip("\n")))
    return steps


def _normal(text: str) -> str:
    import re

    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", "<time>", text)
    text = re.sub(r"\b\d{4}-\d\d-\d\d \d\d:\d\d\b", "<time>", text)  # as explain says a time
    text = re.sub(r"sha256 [0-9a-f]{12}", "sha256 <hash>", text)
    # the head a change prints hashes the times of the evening: a transcript may leave it out
    return "\n".join(
        line.rstrip() for line in text.splitlines() if not re.fullmatch(r"head [0-9a-f]{12}", line)
    )


def test_the_evening_page_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import re
    import shlex

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    steps = _page_evening()
    shown_commands = {c.split()[1] for c, _ in steps if c.startswith("tarockscore ")}
    assert shown_commands == {
        "new",
        "record",
        "enter",
        "undo",
        "delete",
        "replace",
        "show",
        "explain",
        "check",
        "rescore",
        "settle",
        "radl",
    }
    for command, shown in steps:
        args = shlex.split(command)
        if args[0] == "cat":
            Path(args[1]).write_text(shown + "\n", encoding="utf-8")
            continue
        if args[1] == "enter":
            # the transcript shows each answer after its prompt, as a terminal echoes it
            lines = shown.splitlines()
            end = next(i for i, line in enumerate(lines) if line.startswith("Record this"))
            answers = [m.group(1) for line in lines[: end + 1] if (m := re.search(r"[\])]: ?(.*)$", line))]
            result = run(*args[1:], input="\n".join(answers) + "\n")
            assert result.exit_code == 0, result.stderr
            assert _normal(result.stdout).splitlines()[-7:] == _normal(shown).splitlines()[-7:]
            continue
        result = run(*args[1:])
        assert result.exit_code == 0, (command, result.stderr)
        assert _normal(result.stdout) == _normal(shown), command


def test_enter_offers_ones_own_king_where_the_profile_allows_it(tmp_path: Path) -> None:
    # pagat: calling one's own King is allowed [PAGAT via HT §9.8]; the declarer then plays 1 v 3.
    # Rufer 1 won with 40, zero-sum: Anna +3, each other player −1.
    path = str(tmp_path / "pagat.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "--profile", "pagat", "--ledger", path).exit_code == 0
    answers = "\n".join(["rufer", "Anna", "own King", "40", "", "", ""])
    result = run("enter", "--ledger", path, input=answers)
    assert result.exit_code == 0, result.stderr
    assert "5=in the talon 6=own King)" in " ".join(result.stdout.split())  # the prompt wrapped at 80
    data = json.loads(run("show", "--json", "--ledger", path).stdout)
    assert data["totals"] == {"Anna": 3, "Bert": -1, "Cilli": -1, "Dani": -1}


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\t", "\x0b"])
def test_a_line_separator_at_the_end_of_a_name_is_refused_not_cut_off(tmp_path: Path, separator: str) -> None:
    """Only spaces around a name are dropped; a line or paragraph separator is a character of the
    name, refused at its end as it is inside it."""
    path = tmp_path / "evening.toml"
    result = run("new", "-p", f"A{separator},B,C,D", "--ledger", str(path))
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("error: --players: 'A") and f"U+{ord(separator):04X}" in result.stderr
    assert not path.exists()
    # a hand's names meet the same rules: score refuses it too (a hand that breaks them: exit 1)
    result = run("score", "-c", "dreier", "-p", f"A{separator},B,C,D", "-d", "B", "-t", "40")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("error: command line: -p ") and f"U+{ord(separator):04X}" in result.stderr
    assert run("new", "-p", "A\u00a0, B ,C,D", "--ledger", str(path)).exit_code == 0  # spaces go


def test_rescore_json_is_the_sheet_re_scored_with_what_it_was_before(tmp_path: Path) -> None:
    # docs/machine-output.md, `rescore --json`: every key of `show --json`, then `written` and
    # `before` (the old profile, totals and, where Kontra changed the money alone, payout_totals).
    path = str(tmp_path / "o.toml")
    assert run("new", "-l", path, "-p", "Anna,Bert,Cilli,Dani", "-P", "ooe-2023").exit_code == 0
    assert run("record", "-l", path, "-c", "dreier", "-d", "Anna", "-t", "40", "-k", "kontra").exit_code == 0
    shown = json.loads(run("show", "--json", "-l", path).stdout)
    assert shown["payout_totals"] != shown["totals"]  # ooe-2023 puts the Kontra on the money only
    result = run("rescore", "-P", "koenigrufen", "--json", "-l", path)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(shown) - {"payout_totals"} <= set(data)
    assert data["written"] is False
    assert data["before"] == {
        "profile": shown["profile"],
        "totals": shown["totals"],
        "payout_totals": shown["payout_totals"],
    }
    assert data["profile"]["name"] == "koenigrufen" and "payout_totals" not in data


@pytest.mark.parametrize(
    "command",
    [
        ["delete", "-y"],
        ["replace", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"],
        ["explain"],
        ["enter", "--replace"],
        ["radl", "add"],
        ["radl", "strike"],
    ],
)
def test_a_number_that_is_none_is_a_usage_error_everywhere(ledger: str, command: list[str]) -> None:
    # `radl add 0` exited 1 ("HANDS: 0: expected a number of hands, 1 or more") where `delete 0`
    # (and a number below 0 is said so, not taken for an option: `delete -1` said "No such option")
    # exits 2: a number that is none is a usage error of every command, said in one shape
    evening(ledger)
    before = Path(ledger).read_bytes()
    where, what = ("HANDS", "a number of hands") if command[0] == "radl" else ("N", "a hand number")
    if command[:2] == ["enter", "--replace"]:
        where = "--replace"
    for given in ("0", "1e2", "-1"):
        args = [*command, given] if command[0] in ("enter", "radl") else [command[0], given, *command[1:]]
        result = run(*args, "--ledger", ledger, input="")
        assert (result.exit_code, result.stdout) == (2, ""), (args, result.output)
        assert result.stderr.startswith(
            f"error: {where}: {given!r} is not {what}; write it in digits, 1 or more, e.g. "
        ), result.stderr
        assert Path(ledger).read_bytes() == before


@pytest.mark.parametrize(
    "command",
    [["delete", "-y"], ["replace", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"], ["explain"]],
)
def test_a_hand_past_the_last_is_refused_by_the_ledger_everywhere(ledger: str, command: list[str]) -> None:
    evening(ledger)  # three hands
    before = Path(ledger).read_bytes()
    result = run(command[0], "4", *command[1:], "--ledger", ledger)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "error: there is no hand 4; the ledger has hands 1 to 3\n"
    entered = run("enter", "--replace", "4", "--ledger", ledger, input="")
    assert (entered.exit_code, entered.stderr) == (
        1,
        "error: there is no hand 4; the ledger has hands 1 to 3\n",
    )
    assert Path(ledger).read_bytes() == before


def test_replace_and_delete_say_who_deals_next(tmp_path: Path) -> None:
    # A table of five: hand 1 is dealt by Eva (she sits out). Corrected with -p to the four who
    # played, Bert, Cilli, Dani, Eva, Anna dealt it and sat out: the next hand is Bert's to deal,
    # Cilli is Forehand and Bert sits out; replace says so as record does.
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani,Eva", "--ledger", path).exit_code == 0
    record(path, "-c", "dreier", "-d", "Bert", "-t", "40")
    fix = ["replace", "1", "-c", "dreier", "-d", "Bert", "-t", "40", "-p", "Bert,Cilli,Dani,Eva"]
    result = run(*fix, "--ledger", path)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines()[-1] == "next: hand 2, Bert deals, Cilli is Forehand, Bert sits out"
    # with hand 1 deleted nothing is played: Eva deals first again
    result = run("delete", "1", "-y", "--ledger", path)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines()[-1] == "next: hand 1, Eva deals, Anna is Forehand, Eva sits out"


def test_explain_at_five_names_who_sat_out(tmp_path: Path) -> None:
    # A table of five: Eva deals hand 1 and sits out. A Dreier won by Bert: under Simplified
    # Scoring he adds the Dreier's 5 [CTK], the other three 0; Eva plays no part and says so.
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani,Eva", "--ledger", path).exit_code == 0
    record(path, "-c", "dreier", "-d", "Bert", "-t", "40")
    out = unfolded(run("explain", "1", "--ledger", path).stdout).splitlines()
    # in her seat, as the sheet's columns list her, with 0
    assert "Victory Points: Anna 0, Bert +5, Cilli 0, Dani 0, Eva 0 (sat out as dealer)" in out
    german = unfolded(run("--lang", "de", "explain", "1", "--ledger", path).stdout).splitlines()
    assert "Punkte: Anna 0, Bert +5, Cilli 0, Dani 0, Eva 0 (hat als Geber ausgesetzt)" in german
    # at four nobody sits out and the line names the four alone
    four = str(tmp_path / "four.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", four).exit_code == 0
    record(four, "-c", "dreier", "-d", "Bert", "-t", "40")
    assert (
        "Victory Points: Anna 0, Bert +5, Cilli 0, Dani 0"
        in unfolded(run("explain", "1", "-l", four).stdout).splitlines()
    )


def test_explain_lists_the_players_in_the_sheets_seat_order(tmp_path: Path) -> None:
    # A table of five under `wien`: Bert deals hand 3 and sits out, Cilli is Forehand, so the deal
    # runs Cilli, Dani, Eva, Anna while the sheet's columns run Anna, Bert, Cilli, Dani, Eva. A
    # Dreier won by Cilli (5 [WTC20 Spiele]), zero-sum: Cilli +15, each defender -5; its Kontra
    # doubles the money only (×2 [WTC20 § Allgemeines]): Cilli +30, each defender -10. A silent
    # Trull of the defenders (1 [WTC20 Prämien]): each defender +1, Cilli -3. Victory Points:
    # Cilli +12, each defender -4; payout: Cilli +27, each defender -9. Each line the explanation
    # is held against the sheet with lists the players as the columns do, Bert in his seat with 0.
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani,Eva", "--profile", "wien", "--ledger", path).exit_code == 0
    record(path, "-c", "dreier", "-d", "Bert", "-t", "40")
    record(path, "-c", "dreier", "-d", "Cilli", "-t", "40")
    record(path, "-c", "dreier", "-d", "Cilli", "-t", "40", "-k", "kontra", "-b", "trull,defenders")
    out = unfolded(run("explain", "3", "--ledger", path).stdout).splitlines()
    assert out[0] == "hand 3: dreier by Cilli, kontra, won (Bert deals, Cilli is Forehand, Bert sits out)"
    assert "   won by Cilli; on the sheet: Anna -5, Cilli +15, Dani -5, Eva -5" in out
    assert "   won by Anna, Dani, Eva; on the sheet: Anna +1, Cilli -3, Dani +1, Eva +1" in out
    assert "Victory Points: Anna -4, Bert 0 (sat out as dealer), Cilli +12, Dani -4, Eva -4" in out
    assert "Payout: Anna -9, Bert 0 (sat out as dealer), Cilli +27, Dani -9, Eva -9" in out
    german = unfolded(run("--lang", "de", "explain", "3", "--ledger", path).stdout).splitlines()
    assert "Punkte: Anna -4, Bert 0 (hat als Geber ausgesetzt), Cilli +12, Dani -4, Eva -4" in german
    assert "Auszahlung: Anna -9, Bert 0 (hat als Geber ausgesetzt), Cilli +27, Dani -9, Eva -9" in german
    # the JSON keeps its keys and values
    data = json.loads(unfolded(run("explain", "3", "--json", "--ledger", path).stdout))
    assert data["victory_points"] == {"Cilli": 12, "Dani": -4, "Eva": -4, "Anna": -4}
    # hand 4: Cilli deals and sits out, Dani is Forehand; a Trischaken's card points as the columns run
    record(path, "-c", "trischaken", "-t", "Dani=30", "-t", "Eva=20", "-t", "Anna=10", "-t", "Bert=10")
    assert (
        "Card points: Anna 10, Bert 10, Dani 30, Eva 20"
        in unfolded(run("explain", "4", "-l", path).stdout).splitlines()
    )


def test_explain_at_five_pays_who_sat_out_nothing(tmp_path: Path) -> None:
    # A table of five under `wien`: Eva deals hand 1 and sits out. Bert's Dreier (5 [WTC20 Spiele])
    # won with a Kontra, which counts in the money only, ×2 [WTC20 § Allgemeines]: zero-sum, each of
    # the three defenders pays Bert 10; the payout line names Eva too, with nothing paid.
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani,Eva", "--profile", "wien", "--ledger", path).exit_code == 0
    record(path, "-c", "dreier", "-d", "Bert", "-t", "40", "-k", "kontra")
    out = unfolded(run("explain", "1", "--ledger", path).stdout).splitlines()
    assert "Payout: Anna -10, Bert +30, Cilli -10, Dani -10, Eva 0 (sat out as dealer)" in out
    german = unfolded(run("--lang", "de", "explain", "1", "--ledger", path).stdout).splitlines()
    assert "Auszahlung: Anna -10, Bert +30, Cilli -10, Dani -10, Eva 0 (hat als Geber ausgesetzt)" in german
    # the JSON names her as the one who sat out, and her payout on the sheet 0
    data = json.loads(unfolded(run("explain", "1", "--json", "--ledger", path).stdout))
    assert (data["sitting_out"], data["sheet_payout"]["Eva"]) == ("Eva", 0)


def test_show_folds_an_audit_line_between_clauses_never_inside_round_and_table(tmp_path: Path) -> None:
    day = tmp_path / "day"
    players = "Anna,Bert,Cilli,Dani,Edi,Fritz,Gerti,Hans"
    new = ["tournament", "new", str(day), "-p", players, "--rounds", "1", "--games", "20"]
    assert run(*new, "-P", "koenigrufen", "--format", "haupt-sub").exit_code == 0
    assert run("tournament", "draw", str(day), "-r", "1", "--seed", "1").exit_code == 0
    sheet = day / "round-1" / "table-2.toml"
    seated = tarockscore.Evening(sheet).seats()
    given = [f"{name}={points}" for name, points in zip(seated, (24, -8, -8, -8), strict=True)]
    assert run("tournament", "result", str(day), "-r", "1", "-t", "2", *given).exit_code == 0
    shown = run("show", "-l", str(sheet)).stdout
    audit = [line for line in shown.splitlines() if line.startswith("audit ")]
    assert len(audit) == 1 and audit[0].endswith("round 1, table 2: the result from its paper sheet:"), shown


def test_settle_says_every_refused_option_in_one_run(ledger: str) -> None:
    result = run("settle", "--stake", "abc", "--format", "xml", "--ledger", ledger)
    assert (result.exit_code, result.stdout) == (2, "")
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith("error: --stake: ") and "'abc'" in lines[0], lines
    assert lines[1] == "error: --format: 'xml': this command prints table, json, csv", lines


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_ledger_given_where_the_hand_file_goes_is_told_to_be_given_with_ledger(
    ledger: str, lang: str
) -> None:
    """A newcomer's first mistake: `record evening.toml -c rufer …`, the ledger where the hand file goes."""
    before = Path(ledger).read_bytes()
    result = run("--lang", lang, "record", ledger, "-c", "rufer", "-d", "Anna", "-t", "40")
    assert (result.exit_code, result.stdout) == (2, "")
    wanted = {
        "en": f"error: {ledger}: this is a ledger, not a hand file; give the ledger with -l/--ledger: -l {ledger}\n",
        "de": f"Fehler: {ledger}: das ist eine Schrift, keine Spieldatei; die Schrift mit -l/--ledger angeben: -l {ledger}\n",
    }
    assert result.stderr == wanted[lang]
    assert Path(ledger).read_bytes() == before


def test_new_says_the_players_refused_with_a_profile_not_found(tmp_path: Path) -> None:
    # a name twice and a profile mistyped: the names were said only in the next run
    path = tmp_path / "evening.toml"
    result = run("new", "-p", "Anna,Bert,Anna,Dani", "-P", "nix", "--ledger", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    errors = result.stderr.splitlines()
    assert errors[0] == "error: --players: 'Anna' named twice", errors
    assert len(errors) == 2 and errors[1].startswith("error: --profile: unknown profile 'nix'"), errors
    assert not path.exists()


def test_a_bonus_flag_mistyped_at_record_is_said_to_be_no_flag_as_score_says_it(ledger: str) -> None:
    # "angesagt" mistyped: record took it for a Kontra step and named the steps alone, not the flags
    given = ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-b", "pagat,ansaged"]
    scored = run("score", "-p", "Anna,Bert,Cilli,Dani", *given)
    assert scored.exit_code == 2 and "'ansaged' is not a bonus flag" in scored.stderr, scored.stderr
    assert "(did you mean 'angesagt'?)" in scored.stderr
    recorded = run("record", *given, "--ledger", ledger)
    assert (recorded.exit_code, recorded.stderr) == (2, scored.stderr)


def test_an_evening_holding_card_points_the_talon_rules_out_is_read_as_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A Call with 69 2/3 and a Valat, and a Dodge Round player with 1/3, were taken by earlier
    # versions; the Defenders hold their talon half, at least 1, and a trick's four cards hold at
    # least 1 (docs/rules/koenigrufen.md §1.5, §6). Refused when recorded now, nothing written; an
    # evening that holds them is read as it was recorded: Rufer 1 × 4 for the Valat [CTK], and the
    # Trischaken's loser B (30), Forehand of hand 2 as the deal moves on, 5 [STC-TB] × 2 to each of
    # A, C and D (Simplified Scoring: they add 10).
    path = str(tmp_path / "old.toml")
    assert run("new", "-p", "A,B,C,D", "--ledger", path).exit_code == 0
    valat = ["-c", "rufer", "-d", "A", "-w", "C", "-t", "69 2/3", "-b", "valat"]
    dodge = ["-c", "trischaken", "-t", "A=1/3", "-t", "B=30", "-t", "C=19 2/3", "-t", "D=20"]
    before = Path(path).read_bytes()
    for hand in (valat, dodge):
        assert run("record", *hand, "--ledger", path).exit_code == 1
    assert Path(path).read_bytes() == before
    monkeypatch.setattr(
        "tarockscore.rules.parse.parse_hand.__kwdefaults__", {"bidding": True, "stored": True}
    )
    record(path, *valat)
    record(path, *dodge)
    monkeypatch.undo()
    result = run("show", "--ledger", path, "--json")
    assert result.exit_code == 0, result.stderr
    totals = json.loads(result.stdout)["totals"]
    assert totals == {"A": 4 + 10, "B": 0, "C": 4 + 10, "D": 10}
    # each reading command says so once on standard error, hand by hand, as the rules say it now:
    # the Defenders' talon half holds at least 1 (§1.5), a trick's four cards at least 1 (§6)
    for command in (["show"], ["check"], ["settle", "--stake", "0.10"]):
        said = run(*command, "--ledger", path)
        assert said.exit_code == 0, said.stderr
        assert unfolded(said.stderr).splitlines() == [
            f"warning: {path}: hand 1: card_points: 69 2/3 leaves the defenders 1/3, but the talon cards "
            "that count for them in rufer hold at least 1 (contracts.rufer.talon_share = 'half'); "
            "recorded before the rules refused this, the hand is read as it was recorded",
            f"warning: {path}: hand 2: card_points.A: 1/3: a player without a trick holds no card, one "
            "with a trick at least its four cards, which hold at least 1 (game.trick_card_points); "
            "recorded before the rules refused this, the hand is read as it was recorded",
        ]


def test_a_hand_without_its_contract_asks_for_the_contract_alone(ledger: str) -> None:
    # `record -d Anna` said "give a hand file, or at least --contract and --players": the ledger
    # knows the deal, and `record --help` says to leave --players out
    for command in (["record"], ["replace", "1"]):
        result = run(*command, "-d", "Anna", "--ledger", ledger)
        assert result.exit_code == 2
        assert result.stderr == "error: --contract: missing: give a hand file, or at least --contract\n"
