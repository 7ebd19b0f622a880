"""No command writes anything outside the ledger's folder: nothing is kept between commands
(no cache in the home folder or anywhere else), so a ledger copied elsewhere reads the same."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FOUR = "Anna,Bert,Cilli,Dani"


def _every_file(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def test_the_evenings_commands_write_only_the_ledger(tmp_path: Path) -> None:
    home, table, elsewhere = tmp_path / "home", tmp_path / "table", tmp_path / "elsewhere"
    for folder in (home, table, elsewhere):
        folder.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "TAROCKSCORE_"))}
    env.update(HOME=str(home), TMPDIR=str(elsewhere))
    ledger = str(table / "friday.toml")
    commands = [
        ["new", "--players", FOUR, "--stake", "0.10"],
        ["record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"],
        ["record", "-c", "dreier", "-d", "Bert", "-t", "30"],
        ["record", "-c", "rufer", "-d", "Cilli", "-w", "Dani", "-t", "36"],
        ["show"],
        ["show", "--json"],
        ["explain", "2"],
        ["undo"],
        ["replace", "1", "-c", "dreier", "-d", "Anna", "-t", "40"],
        ["delete", "1"],
        ["settle"],
        ["check"],
        ["rescore", "--profile", "pagat"],
        ["repair"],
    ]
    for args in commands:
        done = subprocess.run(
            [sys.executable, "-m", "tarockscore", *args, "--ledger", ledger],
            env=env,
            cwd=elsewhere,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, (args, done.stderr)
    for args in (["season", str(table)], ["stats", str(table)]):
        read = subprocess.run(
            [sys.executable, "-m", "tarockscore", *args],
            env=env,
            cwd=elsewhere,
            capture_output=True,
            text=True,
            check=False,
        )
        assert read.returncode == 0, (args, read.stderr)
    assert _every_file(home) == set()
    assert _every_file(elsewhere) == set()
    assert _every_file(table) == {"friday.toml"}
