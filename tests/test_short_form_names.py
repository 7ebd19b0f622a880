"""The players' names typed in the short form of a hand (-d, -w, -p, --renonce, -k NAME=STEP,
-t NAME=POINTS) are read as the guided entry reads them: in any case, or a beginning of the
name that no other player's shares (docs/evening.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app

runner = CliRunner()
TABLE = "Anna,Andi,Bert,Cilli"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def evening(tmp_path: Path, name: str) -> str:
    path = str(tmp_path / name)
    made = run("new", "-p", TABLE, "--date", "2025-03-14", "-l", path)
    assert made.exit_code == 0, made.stderr
    return path


def sheet(path: str) -> dict[str, Any]:
    """The evening's sheet as show --json gives it, without the clock's time each hand was
    recorded and the head (a hash of the file that holds it)."""
    shown = run("show", "--json", "-l", path)
    assert shown.exit_code == 0, shown.stderr
    data: dict[str, Any] = json.loads(shown.stdout)
    del data["head"]
    for hand in data["hands"]:
        del hand["recorded"]
    return data


@pytest.mark.parametrize(
    ("typed", "spelt"),
    [
        (
            ("-c", "rufer", "-d", "ann", "-w", "CIL", "-t", "40"),
            ("-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"),
        ),
        (
            ("-c", "bettler", "-d", "bert", "--lost", "-k", "c=kontra", "-k", "andi=re"),
            ("-c", "bettler", "-d", "Bert", "--lost", "-k", "Cilli=kontra", "-k", "Andi=re"),
        ),
        (
            ("-c", "rufer", "-p", "anna,andi,b,c", "-d", "andi", "-w", "B", "-t", "30", "--renonce", "ci"),
            ("-c", "rufer", "-p", TABLE, "-d", "Andi", "-w", "Bert", "-t", "30", "--renonce", "Cilli"),
        ),
    ],
)
def test_a_name_is_taken_by_a_beginning_in_any_case(
    tmp_path: Path, typed: tuple[str, ...], spelt: tuple[str, ...]
) -> None:
    short, full = evening(tmp_path, "short.toml"), evening(tmp_path, "full.toml")
    said = run("record", *typed, "-l", short)
    assert said.exit_code == 0, said.stderr
    assert run("record", *spelt, "-l", full).exit_code == 0
    assert sheet(short) == sheet(full)
    # replace reads them the same way
    again = run("replace", "1", *typed, "-l", short)
    assert again.exit_code == 0, again.stderr
    assert "nothing changed" in again.stdout


def test_score_reads_the_names_against_its_players() -> None:
    hand = ("score", "-p", "Anna,Bert,Cilli,Dani", "-c", "trischaken")
    short = run(*hand, "-t", "a=20", "-t", "b=20", "-t", "c=20", "-t", "DANI=10")
    assert short.exit_code == 0, short.stderr
    assert (
        short.stdout == run(*hand, "-t", "Anna=20", "-t", "Bert=20", "-t", "Cilli=20", "-t", "Dani=10").stdout
    )


def test_a_beginning_of_two_names_is_refused_naming_them(tmp_path: Path) -> None:
    path = evening(tmp_path, "evening.toml")
    before = Path(path).read_bytes()
    refused = run("record", "-c", "rufer", "-d", "A", "-w", "Bert", "-t", "40", "-l", path)
    assert refused.exit_code == 1
    assert refused.stderr == (
        "error: command line: -d A: 'A' begins the names of 'Andi', 'Anna': type more of it\n"
    )
    german = run(
        "--lang", "de", "record", "-c", "bettler", "-d", "Bert", "--lost", "-k", "an=kontra", "-l", path
    )
    assert german.exit_code == 1
    assert german.stderr == (
        "Fehler: Kommandozeile: -k an=kontra: mit 'an' beginnen die Namen 'Andi', 'Anna': mehr davon eingeben\n"
    )
    assert Path(path).read_bytes() == before


def test_a_name_at_no_seat_is_refused_with_the_nearest_in_any_case() -> None:
    hand = ("score", "-p", "Anna,Bert,Cilli,Dani", "-c", "rufer", "-w", "Bert", "-t", "40")
    refused = run(*hand, "-d", "anan")
    assert refused.exit_code == 1
    assert refused.stderr == (
        "error: command line: -d anan: 'anan' is not at the table; "
        "players are 'Anna', 'Bert', 'Cilli', 'Dani' (did you mean 'Anna'?)\n"
    )


def test_a_hand_file_names_each_player_as_the_table_spells_it(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'contract = "rufer"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\ndeclarer = "ann"\n'
        'partner = "Bert"\ncard_points = 40\n',
        encoding="utf-8",
    )
    refused = run("score", str(hand))
    assert refused.exit_code == 1
    assert "'ann' is not at the table" in refused.stderr
