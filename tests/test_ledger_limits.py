"""What cannot be kept is refused before it is written: the next read never refuses a ledger a
change wrote (issue: a Radl of 1,000,001 hands, a time like 10:60:00, a ledger past the read cap)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app
from tarockscore.errors import LedgerError
from tarockscore.io import safe_io

runner = CliRunner()
RUFER: tarockscore.HandInput = {
    "contract": "rufer",
    "declarer": "Anna",
    "partner": "Cilli",
    "card_points": 40,
}


def evening(tmp_path: Path) -> Path:
    path = tmp_path / "e.toml"
    tarockscore.Evening.begin(path, ["Anna", "Bert", "Cilli", "Dani"], "koenigrufen")
    tarockscore.Evening(path).record(RUFER)
    return path


def opens(path: Path) -> None:
    result = runner.invoke(app, ["show", "--ledger", str(path)])
    assert result.exit_code == 0, result.stderr


def test_a_radl_past_what_a_ledger_reads_is_refused(tmp_path: Path) -> None:
    path = evening(tmp_path)
    before = path.read_bytes()
    result = runner.invoke(app, ["radl", "add", "1000001", "--ledger", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert "1000001 is beyond the allowed range" in result.stderr
    assert path.read_bytes() == before
    opens(path)


def test_a_time_that_is_none_is_refused_through_the_library(tmp_path: Path) -> None:
    path = evening(tmp_path)
    before = path.read_bytes()
    with pytest.raises(LedgerError, match="10:60:00"):
        tarockscore.Evening(path).record(RUFER, at="2026-12-02T10:60:00+01:00")
    assert path.read_bytes() == before
    opens(path)


def test_a_ledger_is_never_written_past_the_read_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = evening(tmp_path)
    before = path.read_bytes()
    monkeypatch.setattr(safe_io, "LEDGER_LIMIT", len(before) + 10)  # the next entry would not fit
    result = runner.invoke(
        app, ["record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", str(path)]
    )
    assert result.exit_code == 1 and "the most a ledger may be; nothing was written" in result.stderr
    assert path.read_bytes() == before
    opens(path)
