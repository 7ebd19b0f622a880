"""A recording killed at any moment never loses a confirmed hand; a failing write changes nothing.

Three ways in, all through the real ``record`` command:

1. **SIGKILL at every write step.** A ``record`` process kills itself (``os.kill(getpid(),
   SIGKILL)``: no cleanup runs) just before and just after each system call the ledger file
   makes: taking the lock, opening the file, each write of the appended entry (and halfway
   through it), flush, fsync, reading it back. Afterwards the ledger must load and pass its own
   check, and hold either the hands before or every one of them and the new one (an append torn
   halfway is not part of the log, and the next write cuts it off).
2. **SIGKILL at random moments** from outside, over a run of recordings into one ledger: every
   hand whose ``record`` exited 0 is there, in order, after every kill.
3. **A failing system call at every write step** (``OSError``, in-process): exit 1 with
   ``error:`` lines, the ledger byte-identical (an append that failed is cut back), no temp file left.

A hand is confirmed when its ``record`` command exited 0. ``CRASH_KILLS`` raises the number of
random kills (default 16).
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore.evening.store as lf
import tarockscore.io.safe_io as sio
from tarockscore.cli.app import app
from tarockscore.evening.model import Ledger

ROOT = Path(__file__).resolve().parent.parent
RANDOM_KILLS = int(os.environ.get("CRASH_KILLS", "16"))
runner = CliRunner()

# Every call the ledger file makes to the operating system while it changes a ledger. The hook
# wraps them inside ``tarockscore.io.safe_io`` only (its module globals ``os`` and ``tempfile``,
# and its one locking call ``_try_lock``), and the file object that ``os.fdopen`` returns.
HOOK = textwrap.dedent(
    """
    import os, signal, sys, types
    import tarockscore.io.safe_io as sio

    MODE = os.environ["FAULT_MODE"]          # count | kill | oserror
    TARGET = int(os.environ.get("FAULT_AT", "0"))
    steps = []

    def step(name):
        steps.append(name)
        if len(steps) != TARGET:
            return
        if MODE == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        if MODE == "oserror":
            raise OSError(5, "Input/output error (injected at " + name + ")")

    def wrap(fn, name):
        def inner(*args, **kwargs):
            step(name + ": before")
            result = fn(*args, **kwargs)
            step(name + ": after")
            return result
        return inner

    class File:
        def __init__(self, f):
            self._f = f
        def write(self, data):
            step("write: before")
            half = len(data) // 2
            self._f.write(data[:half])
            self._f.flush()
            step("write: halfway (half the bytes on disk)")
            n = self._f.write(data[half:])
            step("write: after")
            return half + n
        def flush(self):
            step("flush: before"); self._f.flush(); step("flush: after")
        def fileno(self):
            return self._f.fileno()
        def seek(self, *a):
            return self._f.seek(*a)
        def read(self, *a):
            return self._f.read(*a)
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            step("close: before"); self._f.__exit__(*exc); step("close: after")

    fake_os = types.ModuleType("os")
    fake_os.__dict__.update(os.__dict__)
    for name in ("open", "close", "fsync", "chmod", "replace", "unlink", "ftruncate"):
        setattr(fake_os, name, wrap(getattr(os, name), "os." + name))
    _fdopen = os.fdopen
    fake_os.fdopen = lambda *a, **k: File(_fdopen(*a, **k))
    sio.os = fake_os
    fake_tempfile = types.SimpleNamespace(mkstemp=wrap(sio.tempfile.mkstemp, "tempfile.mkstemp"))
    sio.tempfile = fake_tempfile
    sio._try_lock = wrap(sio._try_lock, "lock")

    from tarockscore.cli.app import main
    sys.argv[0] = "tarockscore"
    try:
        main()
    finally:
        if MODE == "count":  # report the steps as the program leaves
            print("\\n".join(steps), file=sys.stderr)
            sys.stderr.flush()
    """
)

HAND = 'contract = "rufer"\ndeclarer = "{declarer}"\npartner = "{partner}"\ncard_points = "{points}"\n'
TABLE = ["Anna", "Bert", "Cilli", "Dani"]


def hand_text(i: int) -> str:
    """The i-th hand to record: a Call whose card points mark it (3 to 66 in thirds: each side holds
    its talon half and a trick besides, docs/rules/koenigrufen.md §1.5)."""
    thirds = 9 + i % 190
    whole, rest = divmod(thirds, 3)
    points = f"{whole} {rest}/3" if rest else str(whole)
    declarer = TABLE[i % 4]
    partner = TABLE[(i + 2) % 4]
    return HAND.format(declarer=declarer, partner=partner, points=points)


def marker(ledger: Ledger, number: int) -> Any:
    return ledger.hands[number - 1].keys["card_points"]


def new_ledger(folder: Path, hands: int) -> Path:
    path = folder / "evening.toml"
    result = runner.invoke(app, ["new", "-p", ",".join(TABLE), "--ledger", str(path)])
    assert result.exit_code == 0, result.stderr
    for i in range(hands):
        result = runner.invoke(app, ["record", "-", "--ledger", str(path)], input=hand_text(i))
        assert result.exit_code == 0, result.stderr
    return path


def load(path: Path) -> Ledger:
    """The ledger as the next command would see it: parsed and passing its own check."""
    snapshot = lf.read(path)
    lf.verify(snapshot)
    return snapshot.ledger


def temp_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


def run_hooked(
    folder: Path, path: Path, hand: str, mode: str, at: int = 0
) -> subprocess.CompletedProcess[str]:
    (folder / "hand.toml").write_text(hand, encoding="utf-8")
    env = dict(os.environ, FAULT_MODE=mode, FAULT_AT=str(at))
    return subprocess.run(
        [sys.executable, "-c", HOOK, "record", str(folder / "hand.toml"), "--ledger", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=folder,
    )


@pytest.fixture(scope="module")
def steps(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The system calls one ``record`` makes to the ledger file, in order (counted once)."""
    folder = tmp_path_factory.mktemp("count")
    path = new_ledger(folder, 3)
    done = run_hooked(folder, path, hand_text(3), "count")
    assert done.returncode == 0, done.stderr
    names = [line for line in done.stderr.splitlines() if line]
    assert "write: after" in names, names
    assert len(load(path).hands) == 4
    return names


def test_sigkill_at_every_write_step(tmp_path: Path, steps: list[str]) -> None:
    base = new_ledger(tmp_path, 5)
    pristine = tmp_path / "pristine.toml"
    shutil.copyfile(base, pristine)
    old = base.read_bytes()
    outcomes: dict[str, int] = {"old ledger intact": 0, "new ledger complete": 0}
    for k, name in enumerate(steps, 1):
        shutil.copyfile(pristine, base)
        done = run_hooked(tmp_path, base, hand_text(5), "kill", k)
        assert done.returncode == -signal.SIGKILL, (name, done.returncode, done.stderr)
        ledger = load(base)  # never an unreadable file: a torn append is not part of the log
        if len(ledger.hands) == 5:
            outcomes["old ledger intact"] += 1
            assert base.read_bytes().startswith(old), name
        else:
            outcomes["new ledger complete"] += 1
            assert len(ledger.hands) == 6, name
            assert [marker(ledger, i) for i in range(1, 6)] == [
                marker(load(pristine), i) for i in range(1, 6)
            ]
        # the whole entry handed to the system (its flush) is the one moment the new hand appears
        appended = steps.index("flush: after") + 1
        assert (len(ledger.hands) == 6) == (k >= appended), name
        for stale in temp_files(tmp_path):  # a killed writer leaves its temp file: the next change clears it
            stale.unlink()
    print(f"\ncrash safety: SIGKILL at {len(steps)} write steps: {outcomes}; hands lost: 0")


def test_an_append_torn_by_a_kill_is_cut_back_by_the_next_record(tmp_path: Path, steps: list[str]) -> None:
    path = new_ledger(tmp_path, 2)
    old = path.read_bytes()
    k = steps.index("write: halfway (half the bytes on disk)") + 1
    assert run_hooked(tmp_path, path, hand_text(2), "kill", k).returncode == -signal.SIGKILL
    torn = path.read_bytes()
    assert torn.startswith(old) and len(torn) > len(old)  # half an entry after the last whole one
    assert len(load(path).hands) == 2
    shown = runner.invoke(app, ["show", "--ledger", str(path)])  # read as it is: the torn entry said once
    assert shown.exit_code == 0, shown.stderr
    assert shown.stderr.count("its last entry is cut short") == 1
    assert path.read_bytes() == torn  # a reading command cuts nothing
    result = runner.invoke(app, ["record", "-", "--ledger", str(path)], input=hand_text(2))
    assert result.exit_code == 0, result.stderr
    assert temp_files(tmp_path) == []
    assert len(load(path).hands) == 3
    assert path.read_bytes().startswith(old) and path.read_bytes().endswith(b'"\n')  # a whole entry last
    assert "cut short" not in runner.invoke(app, ["show", "--ledger", str(path)]).stderr


def test_the_only_hand_torn_off_is_said_before_the_refusal_it_leads_to(tmp_path: Path) -> None:
    # The evening's one hand was never wholly written: `explain 1` says the torn entry (a warning),
    # then that the evening has no hand 1 yet (the error, exit 1); the file is left as it is.
    path = new_ledger(tmp_path, 1)
    torn = path.read_bytes()[:-20]
    path.write_bytes(torn)
    result = runner.invoke(app, ["explain", "1", "--ledger", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0].startswith("warning: ") and "its last entry is cut short" in lines[0]
    assert lines[1:] == [
        "error: the ledger has no hands yet: `tarockscore record` (or `tarockscore enter`) records the first"
    ]
    assert path.read_bytes() == torn


def test_random_sigkills_never_lose_a_confirmed_hand(tmp_path: Path) -> None:
    """Record hand after hand; kill some of the processes at a random moment of their life."""
    path = new_ledger(tmp_path, 40)  # some hands already, so a write takes a while
    rng = random.Random(20261129)
    confirmed: list[Any] = [marker(load(path), i) for i in range(1, 41)]
    written_unconfirmed = 0
    durations: list[float] = []
    kills = landed = 0
    i = 40
    while kills < RANDOM_KILLS:
        (tmp_path / "hand.toml").write_text(hand_text(i), encoding="utf-8")
        start = time.perf_counter()
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tarockscore",
                "record",
                str(tmp_path / "hand.toml"),
                "--ledger",
                str(path),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )
        kill = len(durations) >= 2 and rng.random() < 0.8
        if kill:
            # anywhere from start-up to just after the usual end of a run
            time.sleep(rng.uniform(0, 1.1 * max(durations)))
            proc.send_signal(signal.SIGKILL)
            kills += 1
        _, err = proc.communicate(timeout=60)
        if proc.returncode == 0:
            durations.append(time.perf_counter() - start)
        ledger = load(path)  # loads after every kill
        stored = [marker(ledger, n) for n in range(1, len(ledger.hands) + 1)]
        assert stored[: len(confirmed)] == confirmed, "a confirmed hand was lost or changed"
        assert len(stored) - len(confirmed) <= 1
        if proc.returncode == 0:
            assert len(stored) == len(confirmed) + 1
            confirmed = stored
        else:
            assert proc.returncode == -signal.SIGKILL, err
            landed += 1
            if len(stored) > len(confirmed):  # killed after the rename, before exit 0: kept, not lost
                written_unconfirmed += 1
                confirmed = stored
        i += 1
    for stale in temp_files(tmp_path):
        stale.unlink()
    print(
        f"\ncrash safety: {kills} random SIGKILLs ({landed} before the command finished, "
        f"{written_unconfirmed} after its write); {len(confirmed)} hands confirmed, hands lost: 0"
    )


@pytest.fixture
def inject(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], list[str]]]:
    """Make the k-th system call of the ledger file fail with EIO (k = 0: only count the calls)."""
    calls: list[str] = []
    state = {"target": 0}

    def step(name: str) -> None:
        calls.append(name)
        if len(calls) == state["target"]:
            raise OSError(errno.EIO, f"Input/output error (injected at {name})")

    def wrap(fn: Callable[..., Any], name: str) -> Callable[..., Any]:
        def inner(*args: Any, **kwargs: Any) -> Any:
            step(name)
            return fn(*args, **kwargs)

        return inner

    class File:
        """The temp file as ``os.fdopen`` returns it, with write and flush as fault points."""

        def __init__(self, f: Any) -> None:
            self._f = f

        def write(self, data: bytes) -> int:
            step("write")
            return int(self._f.write(data))

        def flush(self) -> None:
            step("flush")
            self._f.flush()

        def fileno(self) -> int:
            return int(self._f.fileno())

        def seek(self, *args: Any) -> int:
            return int(self._f.seek(*args))

        def read(self, *args: Any) -> bytes:
            return bytes(self._f.read(*args))

        def __enter__(self) -> File:
            return self

        def __exit__(self, *exc: object) -> None:
            self._f.__exit__(*exc)

    fake_os = types.ModuleType("os")
    fake_os.__dict__.update(os.__dict__)
    for name in ("open", "fsync", "chmod", "replace", "ftruncate"):
        setattr(fake_os, name, wrap(getattr(os, name), f"os.{name}"))
    fdopen = wrap(os.fdopen, "os.fdopen")
    fake_os.fdopen = lambda *a, **k: File(fdopen(*a, **k))  # type: ignore[attr-defined]
    monkeypatch.setattr(sio, "os", fake_os)
    monkeypatch.setattr(sio, "tempfile", types.SimpleNamespace(mkstemp=wrap(tempfile.mkstemp, "mkstemp")))

    def arm(k: int) -> list[str]:
        calls.clear()
        state["target"] = k
        return calls

    yield arm


def test_a_failing_system_call_at_every_write_step_changes_nothing(
    tmp_path: Path, inject: Callable[[int], list[str]]
) -> None:
    path = new_ledger(tmp_path, 3)
    old = path.read_bytes()
    counted = inject(0)
    backup = tmp_path / "backup.toml"
    shutil.copyfile(path, backup)
    result = runner.invoke(app, ["record", "-", "--ledger", str(path)], input=hand_text(3))
    assert result.exit_code == 0
    names = list(counted)
    shutil.copyfile(backup, path)
    assert "write" in names and "os.fsync" in names, names
    failed = 0
    for k, name in enumerate(names, 1):
        inject(k)
        result = runner.invoke(app, ["record", "-", "--ledger", str(path)], input=hand_text(3))
        failed += 1
        assert result.exception is None or isinstance(result.exception, SystemExit), (name, result.exception)
        assert result.exit_code == 1, (name, result.stderr)
        lines = result.stderr.splitlines()
        assert lines and all(line.startswith("error: ") for line in lines), result.stderr
        assert path.read_bytes() == old, name
        assert temp_files(tmp_path) == [], name
    assert failed >= 4
    print(
        f"\ncrash safety: EIO at {len(names)} system calls: {failed} refused cleanly, ledger unchanged each time"
    )


def test_a_failing_mkstemp_is_an_error_not_a_traceback(
    tmp_path: Path, inject: Callable[[int], list[str]]
) -> None:
    path = new_ledger(tmp_path, 1)
    old = path.read_bytes()
    calls = inject(0)
    backup = tmp_path / "backup.toml"
    shutil.copyfile(path, backup)
    other = tmp_path / "other.toml"  # a new evening is written whole, through a temp file
    runner.invoke(app, ["new", "-p", ",".join(TABLE), "--ledger", str(other)])
    other.unlink()
    inject(calls.index("mkstemp") + 1)
    result = runner.invoke(app, ["new", "-p", ",".join(TABLE), "--ledger", str(other)])
    assert path.read_bytes() == old and not other.exists()
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1 and result.stderr.startswith("error: ")
