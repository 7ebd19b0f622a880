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
from tests.stored import unfolded

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
        "Fehler: Kommandozeile: -k an=kontra: mit 'an' beginnen die Namen 'Andi', 'Anna': mehr Buchstaben eingeben\n"
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


# A player by the number of their seat, as `enter` numbers them: 1 is the first player `new`
# was given (docs/evening.md). At the table Anna,Andi,Bert,Cilli: 1=Anna 2=Andi 3=Bert 4=Cilli.
@pytest.mark.parametrize(
    ("typed", "spelt"),
    [
        (
            ("-c", "rufer", "-d", "3", "-w", "4", "-t", "40", "--renonce", "1"),
            ("-c", "rufer", "-d", "Bert", "-w", "Cilli", "-t", "40", "--renonce", "Anna"),
        ),
        (  # with a space around it, as a name typed so is read
            ("-c", "rufer", "-d", " 3", "-w", "4 ", "-t", "40"),
            ("-c", "rufer", "-d", "Bert", "-w", "Cilli", "-t", "40"),
        ),
        (
            ("-c", "bettler", "-d", "2", "--lost", "-k", "1=kontra", "-k", "4=re"),
            ("-c", "bettler", "-d", "Andi", "--lost", "-k", "Anna=kontra", "-k", "Cilli=re"),
        ),
        (
            ("-c", "trischaken", "-t", "1=20", "-t", "2=25", "-t", "3=15", "-t", "4=10"),
            ("-c", "trischaken", "-t", "Anna=20", "-t", "Andi=25", "-t", "Bert=15", "-t", "Cilli=10"),
        ),
        (
            ("-c", "rufer", "-p", "1,2,3,4", "-d", "2", "-w", "3", "-t", "36"),
            ("-c", "rufer", "-p", TABLE, "-d", "Andi", "-w", "Bert", "-t", "36"),
        ),
    ],
)
def test_a_player_is_taken_by_the_number_of_their_seat(
    tmp_path: Path, typed: tuple[str, ...], spelt: tuple[str, ...]
) -> None:
    short, full = evening(tmp_path, "short.toml"), evening(tmp_path, "full.toml")
    said = run("record", *typed, "-l", short)
    assert said.exit_code == 0, said.stderr
    assert run("record", *spelt, "-l", full).exit_code == 0
    assert sheet(short) == sheet(full)
    again = run("replace", "1", *typed, "-l", short)
    assert again.exit_code == 0, again.stderr
    assert "nothing changed" in again.stdout


def test_at_five_the_seat_numbers_count_the_dealer_too(tmp_path: Path) -> None:
    # Bert,Cilli,Dani,Andi,Anna: hand 1 is dealt by the last seat, Anna (5), who sits out
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "Bert,Cilli,Dani,Andi,Anna", "-l", path).exit_code == 0
    said = run("record", "-c", "dreier", "-d", "4", "-t", "36", "-l", path)
    assert said.exit_code == 0, said.stderr
    assert said.stdout.startswith(
        "hand 1: dreier by Andi, won (Anna deals, Bert is Forehand, Anna sits out)\n"
    )


def test_score_numbers_the_seats_by_its_players() -> None:
    hand = ("score", "-p", "Anna,Bert,Cilli,Dani", "-c", "rufer", "-t", "40")
    by_seat = run(*hand, "-d", "2", "-w", "4")
    assert by_seat.exit_code == 0, by_seat.stderr
    assert by_seat.stdout == run(*hand, "-d", "Bert", "-w", "Dani").stdout


def test_a_number_that_is_also_a_name_is_refused_saying_so(tmp_path: Path) -> None:
    path = str(tmp_path / "digits.toml")
    assert run("new", "-p", "2,Anna,Cilli,Dani", "-l", path).exit_code == 0
    before = Path(path).read_bytes()
    refused = run("record", "-c", "dreier", "-d", "2", "-t", "36", "-l", path)
    assert refused.exit_code == 1
    assert refused.stderr == (
        "error: command line: -d 2: '2' is the number of Anna's seat and also names '2': "
        "type the name of the one meant, or the number of their seat (1=2 2=Anna 3=Cilli 4=Dani)\n"
    )
    german = run("--lang", "de", "record", "-c", "dreier", "-d", "2", "-t", "36", "-l", path)
    assert german.exit_code == 1
    assert german.stderr == (
        "Fehler: Kommandozeile: -d 2: '2' ist die Nummer des Sitzes von Anna und auch der Name von '2': "
        "den Namen des Gemeinten eingeben, oder die Nummer seines Sitzes (1=2 2=Anna 3=Cilli 4=Dani)\n"
    )
    assert Path(path).read_bytes() == before
    # the player called 2 by their seat's number, Anna by her name: no doubt left
    said = run("record", "-c", "rufer", "-d", "1", "-w", "anna", "-t", "40", "-l", path)
    assert said.exit_code == 0, said.stderr
    assert said.stdout.startswith("hand 1: rufer by 2 with Anna, won")


def test_a_number_of_no_seat_is_refused_naming_the_seats(tmp_path: Path) -> None:
    path = evening(tmp_path, "evening.toml")
    before = Path(path).read_bytes()
    refused = run("record", "-c", "dreier", "-d", "5", "-t", "36", "-l", path)
    assert refused.exit_code == 1
    assert refused.stderr == (
        "error: command line: -d 5: '5' is no player's name and no seat's number: "
        "the seats are 1=Anna 2=Andi 3=Bert 4=Cilli\n"
    )
    german = run("--lang", "de", "record", "-c", "dreier", "-d", "0", "-t", "36", "-l", path)
    assert german.exit_code == 1
    assert german.stderr == (
        "Fehler: Kommandozeile: -d 0: '0' ist weder der Name eines Spielers noch die Nummer eines Sitzes: "
        "die Sitze sind 1=Anna 2=Andi 3=Bert 4=Cilli\n"
    )
    assert Path(path).read_bytes() == before


def five(tmp_path: Path) -> str:
    """Bert,Cilli,Dani,Andi,Anna: hand 1 is dealt by the last seat, Anna, who sits it out."""
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "Bert,Cilli,Dani,Andi,Anna", "-l", path).exit_code == 0
    return path


def test_at_five_a_beginning_shared_with_the_dealer_names_the_one_who_plays(tmp_path: Path) -> None:
    path = five(tmp_path)
    said = run("record", "-c", "bettler", "-d", "an", "--lost", "-k", "bert=kontra", "-l", path)
    assert said.exit_code == 0, said.stderr
    assert unfolded(said.stdout).startswith(
        "hand 1: bettler by Andi, kontra from Bert, lost (Anna deals, Bert is Forehand, Anna sits out)\n"
    )
    # hand 1 replaced keeps its deal: Anna still sits it out
    again = run("replace", "1", "-c", "bettler", "-d", "AN", "--lost", "-k", "b=kontra", "-l", path)
    assert again.exit_code == 0, again.stderr
    assert "nothing changed" in again.stdout
    # hand 2 is Bert's deal: Anna and Andi both play, and "an" names both
    before = Path(path).read_bytes()
    refused = run("record", "-c", "dreier", "-d", "an", "-t", "36", "-l", path)
    assert refused.exit_code == 1
    assert refused.stderr == (
        "error: command line: -d an: 'an' begins the names of 'Andi', 'Anna': type more of it\n"
    )
    assert Path(path).read_bytes() == before


def test_at_five_the_players_given_tell_who_sits_out(tmp_path: Path) -> None:
    path = five(tmp_path)
    # the hand's own four: Anna plays, Andi sits out (he is left out of -p)
    said = run("record", "-c", "dreier", "-p", "anna,bert,cilli,dani", "-d", "an", "-t", "36", "-l", path)
    assert said.exit_code == 0, said.stderr
    assert "hand 1: dreier by Anna, won (Andi deals, Anna is Forehand, Andi sits out)" in said.stdout
