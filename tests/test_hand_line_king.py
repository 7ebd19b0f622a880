"""A Rufer whose called King lay in the talon is played alone (the declarer against three): its
line says so ("rufer by Cilli, called King in the talon, won"), and a hand conceded at once says
that too, as `explain` does; in what `record` prints, `show`, and the audit trail of a correction
(kept in English, read back in German)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.render.evening import read_back, said
from tests.stored import unfolded

runner = CliRunner()


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "friday.toml")
    _run("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", path)
    return path


def test_a_rufer_with_the_king_in_the_talon_says_so_on_its_line(ledger: str) -> None:
    printed = _run("record", "-c", "rufer", "-d", "Cilli", "--talon", "-t", "40", "--ledger", ledger)
    assert "hand 1: rufer by Cilli, called King in the talon, won" in printed
    conceded = _run("record", "-c", "rufer", "-d", "Dani", "--talon", "--conceded", "--ledger", ledger)
    assert "hand 2: rufer by Dani, called King in the talon, conceded, lost" in conceded
    undone = _run("undo", "--ledger", ledger)
    assert "hand 2 undone: rufer by Dani, called King in the talon, conceded, lost" in undone
    german = unfolded(_run("--lang", "de", "show", "--ledger", ledger))
    assert (
        "Spiel 2 zurückgenommen: Rufer von Dani, gerufener König im Talon, aufgegeben, verloren" in german
    ), german


def test_the_new_clauses_read_back_and_no_step_takes_conceded_for_a_kontra() -> None:
    line = "rufer by Dani, called King in the talon, conceded, lost"
    back = read_back(line)
    assert back is not None
    assert said(back) == line
    with i18n.language("de"):
        assert said(back) == "Rufer von Dani, gerufener König im Talon, aufgegeben, verloren"
