"""Entry traps: what a scorekeeper types that reads two ways, or that the shell splits, or that
names a hand-file key where options were typed, is read or refused with the readings named,
never taken silently for one of them (issue 28 §4).

Card points are counted in thirds, and a score block writes the odd cards ("Blatt", 0 to 2)
after the points: "35/2" is 35 points and 2 Blatt, 35 2/3 (docs/rules/koenigrufen.md §1.2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.cli.options import SHORT_FORM_WORDING
from tarockscore.entry.answers import Entry
from tarockscore.entry.flow import Flow
from tarockscore.io.inputs import load_profile
from tests.stored import unfolded
from tests.test_kontra_by_defender import result_cells

runner = CliRunner()
TABLE = "A,B,C,D"


def score(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["score", "-p", TABLE, *args])
    return result.exit_code, result.stdout, result.stderr


def test_35_over_3_is_refused_naming_both_readings() -> None:
    code, out, err = score("-c", "rufer", "-d", "A", "-w", "C", "-t", "35/3")
    assert (code, out) == (1, "")
    assert "'35/3' reads two ways: 35 thirds, 11 2/3, or 35 points and 3 Blatt" in err
    # thirds beyond the deck's 70 points read one way only: 107 thirds, 35 2/3, wins
    assert score("-c", "rufer", "-d", "A", "-w", "C", "-t", "107/3")[0] == 0
    # "35/2": 35 points and 2 Blatt, 35 2/3, wins (+1 to A and C, contracts.rufer.value)
    assert "Victory Points  " in score("-c", "rufer", "-d", "A", "-w", "C", "-t", "35/2")[1]


def test_points_and_blatt_unquoted_are_read() -> None:
    # -t 35 2 is 35 2/3: the Call is won (+1 to the declarer and the partner).
    code, out, err = score("-c", "rufer", "-d", "A", "-w", "C", "-t", "35", "2")
    assert code == 0, err
    assert re.search(r"Victory Points\s+\+1\s+0\s+\+1\s+0", out)
    # 35 1/3 loses: the Defenders add 1 each.
    code, out, _ = score("-c", "rufer", "-d", "A", "-w", "C", "-t", "35", "1")
    assert re.search(r"Victory Points\s+0\s+\+1\s+0\s+\+1", out)


def test_a_bonus_name_unquoted_is_asked_to_be_quoted() -> None:
    code, out, err = score("-c", "rufer", "-d", "A", "-w", "C", "-t", "40", "-b", "Vier", "Könige,Gegner")
    assert (code, out) == (2, "")
    assert err == (
        "error: 'Könige,Gegner' is no hand file: a value of more than one word is quoted, "
        'e.g. -t "35 2" or -b "Vier Könige,Gegner"\n'
    )


def test_a_near_miss_of_a_side_word_points_to_it(tmp_path: Path) -> None:
    ledger = f"{tmp_path}/l.toml"
    assert runner.invoke(app, ["new", "-p", TABLE, "--ledger", ledger]).exit_code == 0
    args = ["record", "-c", "rufer", "-d", "A", "-w", "C", "-t", "40", "-b", "pagat,defender"]
    result = runner.invoke(app, [*args, "--ledger", ledger])
    assert result.exit_code == 2
    assert "'defender' is not a bonus flag" in result.stderr
    assert "(did you mean 'defenders'?)" in result.stderr


def test_the_guided_entry_takes_gegner() -> None:
    e = Entry(Flow(load_profile("koenigrufen"), ("A", "B", "C", "D"), ("A", "B", "C", "D")))
    for text in ("rufer", "1", "3", "38", "y", "", "pagat"):  # no Kontra, then the Pagat
        assert e.next() is not None and e.give(text) is None, text
    side = e.next()
    assert side is not None and side.key.endswith(":side")
    assert e.give("Gegner") is None


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-c", "bettler", "-d", "A"], "missing: did the declarer of bettler win? (--won or --lost)"),
        (["-c", "rufer", "-d", "A", "-t", "40"], "name them (-w NAME), or give --talon"),
        (["-c", "bettler", "-d", "A", "--won", "-k", "kontra"], "e.g. -k B=kontra"),
        (["-c", "rufer", "-d", "A", "--talon", "--conceded", "--won"], "--won contradicts --conceded"),
    ],
)
def test_short_form_errors_name_the_short_forms_options(args: list[str], said: str) -> None:
    code, _, err = score(*args)
    assert code == 1 and said in err, err
    assert "won = true" not in err and "called_king" not in err and "kontra = {" not in err


def test_every_short_form_wording_replaces_a_message_of_the_core() -> None:
    po = Path(__file__).parent.parent / "tarockscore" / "locale" / "de" / "LC_MESSAGES" / "tarockscore.po"
    catalogue = po.read_text("utf-8")
    msgids = {
        "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m)).replace('\\"', '"')
        for m in re.findall(r'^msgid ((?:".*"\n)+)', catalogue, re.M)
    }
    for hand_file_wording in SHORT_FORM_WORDING:
        assert hand_file_wording in msgids, hand_file_wording


def test_replace_says_what_changed(tmp_path: Path) -> None:
    ledger = str(tmp_path / "l.toml")
    assert runner.invoke(app, ["new", "-p", TABLE, "--ledger", ledger]).exit_code == 0
    hand = ["-c", "rufer", "-d", "A", "-w", "C", "-t", "40"]
    assert runner.invoke(app, ["record", *hand, "-k", "kontra", "--ledger", ledger]).exit_code == 0
    result = runner.invoke(app, ["replace", "1", *hand, "-k", "rekontra", "--ledger", ledger])
    assert result.exit_code == 0, result.stderr
    assert (
        unfolded(result.stdout).splitlines()[0]
        == "hand 1 replaced: rufer by A with C, kontra, won → rufer by A with C, rekontra, won; Kontra: Kontra → Rekontra"
    )


def test_the_factor_column_separates_its_factors() -> None:
    # Sechserdreier 5 lost ×2 (contracts.sechserdreier.loss_factor), Kontra ×2: 20 to each Defender.
    code, out, _ = score("-c", "sechserdreier", "-d", "A", "-t", "30", "-k", "kontra")
    assert code == 0
    factors = result_cells(out, "factors")[0]  # wrapped between its words, read joined
    assert factors == "×2 Sechserdreier lost: the game counts ×2, ×2 Kontra on the contract"
    assert out.splitlines()[2].split()[-7:] == ["20", "B,", "C,", "D", "+20", "+20", "+20"]
