"""Corrections at the table (issue 11 §3): replace with the short options, delete that asks.

Expected Victory Points are worked by hand from profiles/koenigrufen.toml (Simplified Scoring,
values cited there from docs/rules/sources.md): a Rufer won adds contracts.rufer.value = 1 to
each declarer; a Dreier (contracts.dreier.value = 5) won adds 5 to its declarer, lost adds 5 to
each Defender.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tarockscore.cli.commands import ledger as cli_ledger
from tests.stored import stored_hands, unfolded

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def evening(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", path).exit_code == 0
    # hand 1: Rufer Anna + Cilli won → Anna +1, Cilli +1
    assert run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", path).exit_code == 0
    # hand 2: Dreier by Cilli, 30 points: lost → Anna, Bert, Dani +5 each
    assert run("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "-l", path).exit_code == 0
    return path


def _stored(path: str) -> dict[str, object]:
    hands = stored_hands(path)
    return {"hand": hands} if hands else {}


def test_replace_takes_the_short_options_of_record(evening: str) -> None:
    result = run("replace", "2", "-c", "Dreier", "-d", "cilli", "-t", "36", "-l", evening)
    assert result.exit_code == 0, result.stderr
    assert "hand 2 replaced: dreier by Cilli, lost → dreier by Cilli, won" in result.stdout
    hands = _stored(evening)["hand"]
    assert isinstance(hands, list)
    # the replaced hand keeps its deal: Anna deals hand 2, Bert is Forehand
    assert hands[1]["entry"]["players"] == ["Bert", "Cilli", "Dani", "Anna"]
    # Dreier won: Cilli +5; the totals: Anna 1, Bert 0, Cilli 1 + 5 = 6, Dani 0
    assert hands[1]["result"]["victory_points"] == {"Anna": 0, "Bert": 0, "Cilli": 5, "Dani": 0}


def test_replace_refuses_a_file_and_options_together(evening: str, tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text('contract = "dreier"\ndeclarer = "Cilli"\ncard_points = 36\n', encoding="utf-8")
    before = Path(evening).read_bytes()
    result = run("replace", "2", str(hand), "-c", "dreier", "-l", evening)
    assert result.exit_code == 2
    assert Path(evening).read_bytes() == before


def test_delete_asks_at_a_terminal(evening: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_ledger, "_on_a_terminal", lambda: True)
    before = Path(evening).read_bytes()
    no = run("delete", "1", "-l", evening, input="\n")  # Enter takes the default: no
    assert no.exit_code == 0
    assert "hand 1: rufer by Anna with Cilli" in no.stdout
    assert "Delete hand 1? [y/N]" in no.stdout
    assert "not deleted" in no.stdout
    assert Path(evening).read_bytes() == before
    yes = run("delete", "1", "-l", evening, input="y\n")
    assert yes.exit_code == 0
    assert "hand 1 deleted" in yes.stdout
    hands = _stored(evening)["hand"]
    assert isinstance(hands, list) and len(hands) == 1


def test_delete_asks_in_german_and_takes_the_players_words(
    evening: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_ledger, "_on_a_terminal", lambda: True)
    before = Path(evening).read_bytes()
    no = run("--lang", "de", "delete", "1", "-l", evening, input="vielleicht\nNein\n")
    assert no.exit_code == 0
    assert "Spiel 1 löschen? [j/N]: " in no.stdout
    assert "'vielleicht': bitte j oder n" in no.stderr  # asked again, not taken as no
    assert "nicht gelöscht" in no.stdout
    assert Path(evening).read_bytes() == before
    yes = run("--lang", "de", "delete", "1", "-l", evening, input="ja\n")
    assert yes.exit_code == 0
    hands = _stored(evening)["hand"]
    assert isinstance(hands, list) and len(hands) == 1
    # the English table's words are understood in a German run, and the German in an English one
    again = run("delete", "1", "-l", evening, input="J\n")
    assert again.exit_code == 0 and "Delete hand 1? [y/N]: " in again.stdout
    assert "hand" not in _stored(evening)


def test_delete_yes_does_not_ask(evening: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_ledger, "_on_a_terminal", lambda: True)
    result = run("delete", "2", "--yes", "-l", evening)
    assert result.exit_code == 0
    assert "Delete hand" not in result.stdout
    assert "hand 2 deleted" in result.stdout


def test_delete_in_a_script_does_not_wait_for_an_answer(evening: str) -> None:
    result = run("delete", "2", "-l", evening)  # standard input is not a terminal
    assert result.exit_code == 0
    assert "Delete hand" not in result.stdout


def test_delete_of_a_hand_that_is_not_there_is_refused_before_asking(
    evening: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_ledger, "_on_a_terminal", lambda: True)
    result = run("delete", "9", "-l", evening, input="y\n")
    assert result.exit_code != 0
    assert "Delete hand" not in result.stdout


def test_a_deal_corrected_at_five_names_the_players_as_the_table_writes_them(tmp_path: Path) -> None:
    """Hand 1 was dealt by Anna, not Emil: the replacement says the players it changed in words,
    in English and German, with no brackets or quotes of a program's list."""
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani,Emil", "-l", path).exit_code == 0
    assert run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", path).exit_code == 0
    fixed = run(
        "replace",
        "1",
        "-c",
        "rufer",
        "-d",
        "Bert",
        "-w",
        "Cilli",
        "-t",
        "40",
        "-p",
        "Bert,Cilli,Dani,Emil",
        "-l",
        path,
    )
    assert fixed.exit_code == 0, fixed.stderr
    said = "players: Anna, Bert, Cilli, Dani → Bert, Cilli, Dani, Emil"
    assert said in fixed.stdout
    assert said in unfolded(run("show", "-l", path).stdout)
    assert "Spieler: Anna, Bert, Cilli, Dani → Bert, Cilli, Dani, Emil" in unfolded(
        run("--lang", "de", "show", "-l", path).stdout
    )
    # the deal goes on from Anna's: Bert deals hand 2 and sits out, Cilli is Forehand
    assert "hand 2: rufer by Cilli with Dani, won (Bert deals, Cilli is Forehand, Bert sits out)" in unfolded(
        run("record", "-c", "rufer", "-d", "Cilli", "-w", "Dani", "-t", "40", "-l", path).stdout
    )
