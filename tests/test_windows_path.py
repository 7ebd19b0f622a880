"""The Windows path, as far as a Linux machine runs it: the lock through ``msvcrt.locking`` (a
stand-in over flock, with ``fcntl`` hidden and ``os`` refusing to remove an open file, as Windows
does), and a day and a ledger in folders named as an organiser on Windows would name them: spaces
and letters outside ASCII.

Scores are the Dreier of ooe-2023 [OÖ23 Tarif: Dreier 4; zero-sum, the lone player settled three
times over]: won, the declarer +12 and each defender −4.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tarockscore.errors import LedgerError
from tarockscore.io import safe_io
from tests.test_hostile_files import windows  # noqa: F401 - the fixture

runner = CliRunner()


def ok(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result


@pytest.mark.usefixtures("windows")
def test_the_msvcrt_lock_is_exclusive_and_its_file_removed_after(tmp_path: Path) -> None:
    assert sys.modules["fcntl"] is None and safe_io.WINDOWS  # the POSIX lock is out of reach
    target = tmp_path / "Wörgl" / "Abend.toml"
    target.parent.mkdir()
    target.write_text("", encoding="utf-8")
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with safe_io.exclusive(target, 60, "busy", LedgerError, safe_io.LEDGER):
            held.set()
            release.wait(60)

    thread = threading.Thread(target=holder)
    thread.start()
    assert held.wait(60)  # the lock is held (at once; the 60 s guard a hang, on a loaded machine too)
    try:
        with (
            pytest.raises(LedgerError, match="busy"),
            safe_io.exclusive(target, 0.3, "busy", LedgerError, safe_io.LEDGER),
        ):
            pass
    finally:
        release.set()
        thread.join(60)
    with safe_io.exclusive(target, 1, "busy", LedgerError, safe_io.LEDGER):
        assert safe_io.lock_path(target).exists()
    assert not safe_io.lock_path(target).exists()


@pytest.mark.usefixtures("windows")
def test_a_ledger_in_a_folder_with_an_umlaut_on_the_windows_path(tmp_path: Path) -> None:
    ledger = str(tmp_path / "Wörgl" / "Abend beim Stammtisch.toml")
    (tmp_path / "Wörgl").mkdir()
    ok("new", "--ledger", ledger, "-p", "Zoë,Bert,Cilli,Dani", "--profile", "ooe-2023")
    said = ok("record", "--ledger", ledger, "--contract", "dreier", "--declarer", "Zoë", "--won")
    head = next(
        w for line in said.stdout.splitlines() for w in line.split() if len(w) == 12 and "head" in line
    )
    ok("record", "--ledger", ledger, "--contract", "dreier", "--declarer", "Bert", "--won")
    ok("undo", "--ledger", ledger)
    ok("check", "--ledger", ledger, "--head", head)
    shown = json.loads(ok("show", "--ledger", ledger, "--json").stdout)
    assert shown["totals"] == {"Zoë": 12, "Bert": -4, "Cilli": -4, "Dani": -4}
    assert not list((tmp_path / "Wörgl").glob("*.lock"))


@pytest.mark.usefixtures("windows")
def test_a_day_in_gasthof_post_runde_1_on_the_windows_path(tmp_path: Path) -> None:
    day = tmp_path / "Gasthof Post" / "Runde 1"
    players = ["Zoë", "Bert", "Cilli", "Dani", "Emil", "Franz", "Gerti", "Hans"]
    ok(
        "tournament", "new", str(day), "--players", ",".join(players), "--rounds", "1", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift", "--place", "Gasthof Post",
    )  # fmt: skip
    tool, paper = json.loads(ok("tournament", "draw", str(day), "-r", "1", "--seed", "5", "--json").stdout)[
        "tables"
    ]
    ok(
        "record",
        "--ledger",
        tool["ledger"],
        "--contract",
        "dreier",
        "--declarer",
        tool["players"][0],
        "--won",
    )
    given = [f"{p}={v}" for p, v in zip(paper["players"], (12, -4, -4, -4), strict=True)]
    ok("tournament", "result", str(day), "-r", "1", "-t", str(paper["table"]), *given)
    closed = ok("tournament", "close-round", str(day), "-r", "1")
    head = closed.stdout.split("day head ")[1].strip()
    ok("tournament", "check", str(day), "--head", head)
    rows = {
        r["player"]: r
        for r in json.loads(ok("tournament", "standings", str(day), "--json").stdout)["standings"]
    }
    assert rows[tool["players"][0]]["schrift"] == 12 and rows[paper["players"][0]]["schrift"] == 12
    assert not list(day.rglob("*.lock"))
