"""Standard output that cannot be written: closed, full (``/dev/full``), or a reader gone.

Each command runs as the console script does, in a process of its own, with its standard output
opened (or closed) by the test. A closed standard output is refused before anything is done
(exit 2); a write that fails is one ``error:`` line naming what the command saved all the same
(exit 3), so nobody records a hand twice; a reader that stopped reading (``| head -1``) is quiet.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

TABLE = "Anna,Bert,Cilli,Dani"
FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
posix_only = pytest.mark.skipif(os.name != "posix", reason="closes a descriptor before the program starts")


def cli(
    *args: str, stdout: int | IO[Any] = subprocess.PIPE, close: int | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tarockscore", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        timeout=60,
        preexec_fn=None if close is None else lambda: os.close(close),
    )


def to_full(*args: str) -> subprocess.CompletedProcess[str]:
    with FULL.open("w") as full:
        return cli(*args, stdout=full)


def hands(ledger: Path) -> int:
    done = cli("show", "--json", "--ledger", str(ledger))
    assert done.returncode == 0, done.stderr
    return len(json.loads(done.stdout)["hands"])


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "L.toml"
    done = cli("new", "-l", str(path), "-p", TABLE)
    assert done.returncode == 0, done.stderr
    done = cli("record", "-l", str(path), "-c", "dreier", "-d", "Bert", "-t", "30")
    assert done.returncode == 0, done.stderr
    return path


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


@needs_dev_full
def test_a_recorded_hand_whose_output_cannot_be_written_says_it_is_saved(ledger: Path) -> None:
    done = to_full("record", "-l", str(ledger), "-c", "dreier", "-d", "Cilli", "-t", "30")
    line = one_error(done)
    assert done.returncode == 3, done.returncode
    assert "could not write the output" in line and "No space left on device" in line, line
    assert f"the ledger {ledger} was written all the same" in line, line
    assert f"tarockscore show --ledger {ledger}" in line, line
    assert hands(ledger) == 2  # recorded: the message must say so, so nobody records it twice


@needs_dev_full
@pytest.mark.parametrize(
    "args",
    [
        ["show", "-l", "LEDGER"],
        ["show", "--json", "-l", "LEDGER"],
        ["season", "LEDGER", "-f", "csv"],
        ["stats", "LEDGER"],
        ["chart", "LEDGER", "-o", "-"],
        ["--help"],
        ["show", "--help"],
    ],
)
def test_reading_commands_whose_output_cannot_be_written_say_nothing_changed(
    ledger: Path, args: list[str]
) -> None:
    before = ledger.read_bytes()
    done = to_full(*[str(ledger) if a == "LEDGER" else a for a in args])
    line = one_error(done)
    assert done.returncode == 3, done.returncode
    assert "could not write the output" in line and "No space left on device" in line, line
    assert "nothing was changed" in line, line
    assert ledger.read_bytes() == before


@posix_only
@pytest.mark.parametrize(
    "args",
    [
        ["record", "-l", "LEDGER", "-c", "dreier", "-d", "Cilli", "-t", "30"],
        ["undo", "-l", "LEDGER"],
        ["show", "-l", "LEDGER"],
        ["season", "LEDGER"],
        ["--version"],
    ],
)
def test_a_closed_standard_output_is_refused_before_anything_is_done(ledger: Path, args: list[str]) -> None:
    before = ledger.read_bytes()
    done = cli(*[str(ledger) if a == "LEDGER" else a for a in args], close=1)
    line = one_error(done)
    assert done.returncode == 2, done.returncode
    assert "standard output is closed" in line and "nothing was done" in line, line
    assert ledger.read_bytes() == before
    assert hands(ledger) == 1


@posix_only
def test_a_closed_standard_input_reads_as_empty(ledger: Path) -> None:
    """`score - <&-`, `enter <&-` and `delete 1 <&-` (standard input closed, as a job started
    without one) ended in a traceback: a closed standard input is read as empty, as `</dev/null`."""
    done = cli("score", "-", close=0)
    assert (done.returncode, one_error(done)) == (1, "error: <stdin>: the hand file is empty")
    done = cli("enter", "-l", str(ledger), close=0)
    assert (done.returncode, done.stderr) == (1, "\nend of input: not recorded; the ledger is unchanged\n")
    done = cli("delete", "1", "-l", str(ledger), close=0)  # no terminal to ask at: as a script deletes
    assert (done.returncode, done.stderr) == (0, "")
    assert hands(ledger) == 0


@posix_only
def test_a_reader_that_stopped_reading_is_quiet(ledger: Path) -> None:
    """The reader of the pipe is gone before the first line (as ``| head -1`` after it): no
    ``error:`` line and no traceback; a hand recorded stays recorded."""
    for args in (
        ["show", "-l", str(ledger)],
        ["season", str(ledger), "-f", "json"],
        ["record", "-l", str(ledger), "-c", "dreier", "-d", "Cilli", "-t", "30"],
    ):
        read, write = os.pipe()
        os.close(read)
        try:
            done = cli(*args, stdout=write)
        finally:
            os.close(write)
        assert done.stderr == "", (args, done.stderr)
        assert done.returncode == 3, (args, done.returncode)
    assert hands(ledger) == 2
