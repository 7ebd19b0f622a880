"""The evening's history of changes and ``show``'s result column name a Valat as the hand's line
does ("Rufer by Anna with Cilli, won, Valat"): a take-back, a replacement and a deletion say it in
their audit line, kept in English in the ledger (docs/ledger-format.md, ``[[audit]]``) and read
back in German; ``show``'s result column says "won, Valat".

The hands: koenigrufen, a Rufer by Anna with Cilli; 40 card points win it (35 2/3 wins,
docs/rules/koenigrufen.md); a Valat made needs none (docs/rules/koenigrufen.md §1.5).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tests.stored import stored_audit, unfolded
from tests.test_kontra_by_defender import result_cells

FOUR = ["Anna", "Bert", "Cilli", "Dani"]
RUFER = ["-c", "rufer", "-d", "Anna", "-w", "Cilli"]
runner = CliRunner()


def run(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    run("new", "-p", ",".join(FOUR), "-l", path)
    run("record", *RUFER, "-b", "valat", "-l", path)  # hand 1: the declarers' silent Valat
    run("record", *RUFER, "-b", "valat,defenders,announced", "-l", path)  # hand 2: the Defenders', announced
    run("record", *RUFER, "-t", "40", "-b", "valat,announced,lost", "-l", path)  # hand 3: announced, failed
    return path


def details(path: str) -> list[str]:
    return [a["detail"] for a in stored_audit(path)]


def test_show_names_the_valat_in_the_hand_column(ledger: str) -> None:
    assert result_cells(run("show", "-l", ledger).stdout, "hand") == [
        "rufer by Anna with Cilli, won, Valat",
        "rufer by Anna with Cilli, lost, Valat announced by the Defenders",  # the declarers lost it
        "rufer by Anna with Cilli, lost, announced Valat failed",
    ]
    german = unfolded(run("--lang", "de", "show", "-l", ledger).stdout)
    assert result_cells(german, "Spiel")[0] == "Rufer von Anna mit Cilli, gewonnen, Valat"


def test_the_history_of_changes_names_the_valat(ledger: str) -> None:
    undone = run("undo", "-l", ledger)
    assert (
        undone.stdout.splitlines()[0]
        == "hand 3 undone: rufer by Anna with Cilli, lost, announced Valat failed"
    )
    run("replace", "2", *RUFER, "-t", "40", "-l", ledger)
    deleted = run("delete", "1", "-y", "-l", ledger)
    assert (
        unfolded(deleted.stdout)
        .splitlines()[0]
        .startswith("hand 1 deleted: rufer by Anna with Cilli, won, Valat;")
    )
    kept = details(ledger)
    assert kept[0] == "hand 3 undone: rufer by Anna with Cilli, lost, announced Valat failed"
    assert kept[1].startswith(
        "hand 2 replaced: rufer by Anna with Cilli, lost, Valat announced by the Defenders → "
        "rufer by Anna with Cilli, won; "
    )
    assert kept[2].startswith("hand 1 deleted: rufer by Anna with Cilli, won, Valat;")
    # read back in German, as show prints the trail
    german = unfolded(run("--lang", "de", "show", "-l", ledger).stdout)
    assert "Spiel 3 zurückgenommen: Rufer von Anna mit Cilli, verloren, angesagter Valat verloren" in german
    assert (
        "Spiel 2 ersetzt: Rufer von Anna mit Cilli, verloren, Valat der Gegenspieler, angesagt → " in german
    )
    assert "Spiel 1 gelöscht: Rufer von Anna mit Cilli, gewonnen, Valat;" in german
    assert json.loads(run("show", "--json", "-l", ledger).stdout)["audit"][0]["detail"] == kept[0]
