"""Hostile and careless files: links, FIFOs, devices, huge files, read-only evenings, other platforms.

Each test names the item of the reliability table (docs/reliability.md) it backs. Every
refusal must be an ``error:`` line with exit 1 or 2, leave the ledger byte-identical, leave no
lock file behind, and never block: the commands run under a timeout.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import tracemalloc
import types
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import cast

import pytest
from typer.testing import CliRunner, Result

import tarockscore.evening.store as lf
import tarockscore.io.safe_io as sio
from tarockscore import Tournament
from tarockscore.cli.app import app
from tarockscore.errors import LedgerError, TarockError, TournamentError
from tarockscore.evening import operations
from tarockscore.evening.model import Ledger, new_ledger
from tarockscore.rules.hand import HandInput

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
TABLE = "Anna,Bert,Cilli,Dani"
HAND = 'contract = "rufer"\ndeclarer = "{d}"\npartner = "{p}"\ncard_points = {n}\n'
NAMES = TABLE.split(",")


def hand(i: int) -> str:
    """The i-th hand: its card points (30 to 69) mark it."""
    return HAND.format(d=NAMES[i % 4], p=NAMES[(i + 1) % 4], n=30 + i % 40)


def invoke(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def new(path: Path, hands: int = 0) -> Path:
    assert invoke("new", "-p", TABLE, "--ledger", str(path)).exit_code == 0
    for i in range(hands):
        done = invoke("record", "-", "--ledger", str(path), stdin=hand(i))
        assert done.exit_code == 0, done.stderr
    return path


def refused(result: Result, code: int = 1, needle: str = "") -> None:
    """An ``error:`` refusal with ``code``, no traceback, nothing on stdout."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), result.stderr
    assert needle in result.stderr, result.stderr


def locks(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".lock"))


def cli(
    *args: str, timeout: float = 60, stdin: int | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tarockscore", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        cwd=cwd,
    )


# -- 1. links: one real file, one lock ------------------------------------------------------------


def test_a_ledger_reached_through_a_symlink_stays_one_file_and_the_link_stays_a_link(tmp_path: Path) -> None:
    real = new(tmp_path / "real.toml", 1)
    link = tmp_path / "link.toml"
    link.symlink_to(real.name)
    done = invoke("record", "-", "--ledger", str(link), stdin=hand(1))
    assert done.exit_code == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == real.name
    assert len(lf.read(real).ledger.hands) == 2
    assert sio.lock_path(link) == sio.lock_path(real) == tmp_path / "real.toml.lock"
    assert locks(tmp_path) == []


def test_writers_through_a_symlink_and_the_real_path_lose_no_hand(tmp_path: Path) -> None:
    """Two processes record at once, one through a link in another folder, one by the real path."""
    real = new(tmp_path / "evening.toml")
    other = tmp_path / "elsewhere"
    other.mkdir()
    link = other / "link.toml"
    link.symlink_to(real)
    per_writer = 6
    failures: list[str] = []

    def writer(path: Path, first: int) -> None:
        for j in range(per_writer):
            text_file = tmp_path / f"h{first + j}.toml"
            text_file.write_text(hand(first + j), encoding="utf-8")
            done = cli("record", str(text_file), "--ledger", str(path))
            if done.returncode != 0:
                failures.append(done.stderr)

    threads = [threading.Thread(target=writer, args=(p, k * per_writer)) for k, p in enumerate((real, link))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert link.is_symlink()
    snapshot = lf.read(real)
    lf.verify(snapshot)
    assert len(snapshot.ledger.hands) == 2 * per_writer  # every hand of both writers, none lost
    assert locks(tmp_path) == [] and locks(other) == []


def test_a_hard_linked_ledger_is_refused_for_writing_and_read_as_usual(tmp_path: Path) -> None:
    real = new(tmp_path / "evening.toml", 1)
    twin = tmp_path / "twin.toml"
    os.link(real, twin)
    before = real.read_bytes()
    for path in (real, twin):
        refused(invoke("record", "-", "--ledger", str(path), stdin=hand(1)), 1, "hard links")
        refused(invoke("undo", "--ledger", str(path)), 1, "hard links")
    # the reason said is the lock's: a change appends in place (docs/ledger-format.md, "Links"), it
    # does not replace the file, but it locks the name given, which a change through the other
    # name would not wait for
    said = invoke("record", "-", "--ledger", str(twin), stdin=hand(1)).stderr
    assert "locks the ledger by the name it was given" in said and "as a whole" not in said, said
    assert real.read_bytes() == before and os.stat(real).st_nlink == 2
    assert invoke("show", "--ledger", str(twin)).exit_code == 0
    assert locks(tmp_path) == []


# -- 2. output files ----------------------------------------------------------------------------


def test_chart_never_writes_over_its_input_a_ledger_or_a_profile(tmp_path: Path) -> None:
    ledger = new(tmp_path / "evening.toml", 2)
    before = ledger.read_bytes()
    link = tmp_path / "chart.svg"
    link.symlink_to(ledger)
    refused(invoke("chart", str(ledger), "-o", str(ledger)), 2, "one of this command's inputs")
    refused(invoke("chart", str(ledger), "-o", str(link)), 2, "one of this command's inputs")
    assert ledger.read_bytes() == before
    other = new(tmp_path / "other-evening.toml", 1)
    kept = other.read_bytes()
    refused(invoke("chart", str(ledger), "-o", str(other)), 2, ".toml")
    profile = tmp_path / "club"  # a profile without the .toml suffix is still refused: it reads as TOML
    profile.write_bytes((ROOT / "profiles" / "pagat.toml").read_bytes())
    refused(invoke("chart", str(ledger), "-o", str(profile)), 2, "holds TOML")
    assert (
        other.read_bytes() == kept and profile.read_bytes() == (ROOT / "profiles" / "pagat.toml").read_bytes()
    )
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    refused(invoke("chart", str(ledger), "-o", str(fifo)), 2, "not a regular file")
    good = tmp_path / "out.svg"
    assert invoke("chart", str(ledger), "-o", str(good)).exit_code == 0
    assert good.read_text(encoding="utf-8").startswith("<?xml")


def test_a_failed_chart_write_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = new(tmp_path / "evening.toml", 2)
    out = tmp_path / "chart.svg"
    out.write_text("<svg>the old chart</svg>\n", encoding="utf-8")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    fake_os = types.ModuleType("os")
    fake_os.__dict__.update(os.__dict__)
    fake_os.replace = fail  # type: ignore[attr-defined]
    monkeypatch.setattr(sio, "os", fake_os)
    refused(invoke("chart", str(ledger), "-o", str(out)), 1, "No space left")
    assert out.read_text(encoding="utf-8") == "<svg>the old chart</svg>\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_chart_output_empty_or_in_a_missing_folder_names_the_option_and_the_value(tmp_path: Path) -> None:
    """``-o ''`` is no folder '.', and a file in a folder that does not exist (named, or at the
    end of a dangling link) is a bad output path like the others: exit 2, before anything is read."""
    ledger = new(tmp_path / "evening.toml", 2)
    refused(invoke("chart", str(ledger), "-o", ""), 2, "error: --output '': empty")
    refused(invoke("chart", str(ledger), "-o", " "), 2, "error: --output ' ': empty")
    missing = tmp_path / "missing" / "out.svg"
    refused(
        invoke("chart", str(ledger), "-o", str(missing)),
        2,
        f"error: --output {str(missing)!r}: the folder {missing.parent} does not exist",
    )
    dangling = tmp_path / "chart.svg"
    dangling.symlink_to(tmp_path / "gone" / "chart.svg")
    refused(
        invoke("chart", str(ledger), "-o", str(dangling)),
        2,
        f"error: --output {str(dangling)!r}: a link to {tmp_path / 'gone' / 'chart.svg'}, in a folder that does not exist",
    )
    not_a_folder = tmp_path / "evening.toml" / "out.svg"
    refused(invoke("chart", str(ledger), "-o", str(not_a_folder)), 2, f"{ledger} is not a folder")
    assert not missing.parent.exists() and dangling.is_symlink()
    # a tournament's table cards name their option as the chart does
    day = tmp_path / "day"
    args = ("--rounds", "1", "--games", "4", "-P", "ooe-2023", "--format", "schrift")
    assert invoke("tournament", "new", str(day), "--players", TABLE, *args).exit_code == 0
    assert invoke("tournament", "draw", str(day), "--round", "1").exit_code == 0
    page = missing.with_suffix(".html")
    refused(
        invoke("tournament", "cards", str(day), "-r", "1", "-o", str(page)),
        2,
        f"error: --output {str(page)!r}: the folder {missing.parent} does not exist",
    )


def test_a_new_ledger_in_a_missing_folder_is_named_as_typed_with_the_way_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`new -l nofolder/x.toml` said "/abs/nofolder: no such folder", the ledger it was asked for
    not named: the file as typed, the folder, and what to do, as an output file's refusal says."""
    monkeypatch.chdir(tmp_path)
    done = invoke("new", "-p", TABLE, "-l", str(Path("nofolder", "x.toml")))
    refused(
        done,
        1,
        f"error: {Path('nofolder', 'x.toml')}: the folder {tmp_path / 'nofolder'} does not exist;"
        " create it first, or give a file in another folder",
    )
    assert not (tmp_path / "nofolder").exists()


@pytest.mark.parametrize("command", ["season", "stats"])
def test_an_empty_alias_file_name_names_the_option(tmp_path: Path, command: str) -> None:
    ledger = new(tmp_path / "evening.toml", 1)
    refused(invoke(command, str(ledger), "--aliases", ""), 2, "error: --aliases: '': empty")
    refused(
        invoke(command, str(ledger), "--aliases", str(tmp_path)),
        2,
        f"error: --aliases: {tmp_path} is a folder",
    )
    refused(invoke(command, str(ledger), "--aliases", str(tmp_path)), 2, "as the alias file")


# -- 6. FIFOs, devices, huge files ------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["show"], ["check"], ["record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40"], ["undo"]],
)
def test_a_fifo_as_ledger_is_refused_at_once(tmp_path: Path, command: list[str]) -> None:
    """Refused at once, named as it was typed (a command that changes the ledger too)."""
    os.mkfifo(tmp_path / "evening.toml")
    done = cli(*command, "--ledger", "evening.toml", cwd=tmp_path)  # a blocking read would time out (60 s)
    assert done.returncode == 1 and done.stderr.startswith("error: evening.toml is a named pipe (FIFO)"), (
        done.stderr
    )
    assert "Traceback" not in done.stderr
    assert locks(tmp_path) == []


@pytest.mark.parametrize(
    "args",
    [
        ["show", "--ledger", "/dev/zero"],
        ["record", "/dev/zero", "--ledger", "LEDGER"],
        ["score", "/dev/zero"],
        ["score", "-P", "/dev/zero", "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Bert", "-t", "40"],
        ["profiles", "show", "/dev/zero"],
        ["season", "LEDGER", "--aliases", "/dev/zero"],
        ["record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "--ledger", "/dev/null"],
        ["new", "-p", TABLE, "--ledger", "/dev/null"],
    ],
)
def test_a_device_is_refused_and_no_lock_file_is_made_beside_it(tmp_path: Path, args: list[str]) -> None:
    ledger = new(tmp_path / "evening.toml", 1)
    before = ledger.read_bytes()
    done = cli(*[str(ledger) if a == "LEDGER" else a for a in args])
    assert done.returncode in (1, 2) and done.stderr.startswith("error: "), done.stderr
    assert "device" in done.stderr or "already exists" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not Path("/dev/null.lock").exists() and not Path("/dev/zero.lock").exists()
    assert ledger.read_bytes() == before and locks(tmp_path) == []


def test_standard_input_from_dev_zero_is_cut_off(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        done = cli("score", "-", stdin=zero.fileno())
    assert done.returncode == 1 and "more than 1.0 MiB" in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("what", "size", "args"),
    [
        ("hand", sio.SMALL_LIMIT + 1, ["score", "FILE"]),
        ("profile", sio.SMALL_LIMIT + 1, ["profiles", "show", "FILE"]),
        ("ledger", sio.LEDGER_LIMIT + 1, ["show", "--ledger", "FILE"]),
    ],
)
def test_files_over_the_cap_are_refused_with_their_size(
    tmp_path: Path, what: str, size: int, args: list[str]
) -> None:
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(size)  # sparse: no disk used
    refused(invoke(*[str(big) if a == "FILE" else a for a in args]), 1, f"{what} files are at most")


def test_a_hand_that_would_take_a_ledger_past_the_cap_says_to_start_a_new_ledger(tmp_path: Path) -> None:
    """docs/ledger-format.md: no change appends past 8 MiB. The refusal says what to do: the hands
    to come go in a new ledger (the file, some 14,000 hands, stays as it is)."""
    path = new(tmp_path / "evening.toml", 1)
    text = path.read_text(encoding="utf-8")
    room = sio.LEDGER_LIMIT - len(text.encode("utf-8")) - 200
    path.write_text(text.replace("\nschema = 2\n", f"\nschema = 2\n# {'x' * room}\n", 1), encoding="utf-8")
    before = path.read_bytes()
    refused(
        invoke("record", "-", "--ledger", str(path), stdin=hand(1)),
        1,
        "Keep the hands to come in a new ledger",
    )
    assert path.read_bytes() == before


def test_a_fifo_or_device_in_a_season_folder_is_skipped_with_a_warning(tmp_path: Path) -> None:
    new(tmp_path / "evening.toml", 2)
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    done = cli("season", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("not a regular file") == 2, done.stderr


# -- 9. season folders ----------------------------------------------------------------------------


def test_profiles_and_alias_files_in_a_season_folder_are_skipped_with_a_warning(tmp_path: Path) -> None:
    new(tmp_path / "evening.toml", 2)
    (tmp_path / "club.toml").write_bytes((ROOT / "profiles" / "pagat.toml").read_bytes())
    (tmp_path / "aliases.toml").write_text('[aliases]\nHansi = "Hans"\n', encoding="utf-8")
    for command in ("season", "stats"):
        done = invoke(command, str(tmp_path))
        assert done.exit_code == 0, done.stderr
        assert "club.toml: not a ledger: this is a profile, skipped" in done.stderr
        assert "aliases.toml: not a ledger: this is an alias file, skipped" in done.stderr
    refused(invoke("season", str(tmp_path / "club.toml")), 1, "this is a profile")


def test_an_unreadable_subfolder_is_warned_about(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new(tmp_path / "evening.toml", 2)
    locked = tmp_path / "2025"
    locked.mkdir()
    new(locked / "old.toml", 1)
    scandir = os.scandir

    def no_entry(path: object) -> object:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "scandir", no_entry)  # root reads any folder: deny this one by hand
    done = invoke("season", str(tmp_path))
    assert done.exit_code == 0
    assert f"warning: {locked}: cannot read this folder (Permission denied)" in done.stderr
    german = invoke("--lang", "de", "season", str(tmp_path)).stderr
    assert "(keine Berechtigung)" in german and "Permission denied" not in german, german


# -- 10. read-only ledgers, owner and mode ------------------------------------------------------------


def test_a_read_only_ledger_is_a_closed_evening(tmp_path: Path) -> None:
    path = new(tmp_path / "evening.toml", 2)
    path.chmod(0o444)
    before = path.read_bytes()
    for args in (
        ["record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40"],
        ["undo"],
        ["delete", "1"],
        ["rescore", "-P", "pagat", "--write"],
    ):
        refused(invoke(*args, "--ledger", str(path)), 1, f"chmod u+w {path}")
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert invoke("show", "--ledger", str(path)).exit_code == 0
    assert locks(tmp_path) == []


def lock_refused(monkeypatch: pytest.MonkeyPatch, error: OSError) -> None:
    """The safe writes' ``os.open`` refuses a lock file with ``error``, as a folder that cannot be
    written does (root writes any folder, so the refusal is made by hand)."""
    real_open = os.open

    def refused_here(file: object, flags: int, *args: object) -> int:
        if str(file).endswith(".lock"):
            raise type(error)(error.errno, error.strerror, str(file))
        return real_open(file, flags, *args)  # type: ignore[arg-type]

    fake_os = types.ModuleType("os")
    fake_os.__dict__.update(os.__dict__)
    fake_os.open = refused_here  # type: ignore[attr-defined]
    monkeypatch.setattr(sio, "os", fake_os)


@pytest.mark.parametrize(
    ("error", "advice"),
    [
        (
            OSError(30, "Read-only file system"),
            "is on a read-only file system: copy the ledger to a writable folder",
        ),
        (PermissionError(13, "Permission denied"), "chmod u+w FOLDER"),
    ],
)
def test_a_folder_that_cannot_be_written_says_nothing_was_written_and_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, advice: str
) -> None:
    """The lock file goes beside the ledger: a read-only mount or a folder without write
    permission refuses it (root writes any folder, so the refusal is made by hand)."""
    path = new(tmp_path / "evening.toml", 1)
    before = path.read_bytes()
    lock_refused(monkeypatch, error)
    for args in (["record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40"], ["undo"]):
        done = invoke(*args, "--ledger", str(path))
        refused(done, 1, f"{path}.lock: cannot open the lock file: {error.strerror}, so nothing was written")
        assert advice.replace("FOLDER", str(tmp_path)) in done.stderr, done.stderr
    assert path.read_bytes() == before


def new_day(tmp_path: Path) -> Path:
    """A tournament day of eight players, no round drawn yet."""
    day = tmp_path / "day"
    done = invoke(
        "tournament", "new", str(day), "--players", "A,B,C,D,E,F,G,H", "--rounds", "1",
        "--games", "4", "-P", "koenigrufen", "--format", "schrift",
    )  # fmt: skip
    assert done.exit_code == 0, done.stderr
    return day


def test_a_read_only_day_folder_names_the_days_file_in_english_and_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock file goes beside the day's tournament.toml: a day folder without write permission
    refuses it, and the message names the day's file, never a ledger; the German is right for a
    day's file as for a Schrift (root writes any folder, so there the refusal is made by hand)."""
    day = new_day(tmp_path)
    before = {p.name: p.read_bytes() for p in day.iterdir()}
    day.chmod(0o555)
    try:
        if os.geteuid() == 0:
            lock_refused(monkeypatch, PermissionError(13, "Permission denied"))
        english = invoke("tournament", "draw", str(day), "-r", "1", "--seed", "3")
        german = invoke("--lang", "de", "tournament", "draw", str(day), "-r", "1", "--seed", "3")
    finally:
        day.chmod(0o755)
    refused(english, 1, f"{day}/tournament.toml.lock: cannot open the lock file: ")
    assert (
        f"The lock file goes beside the tournament day file, so its folder must be writable: `chmod u+w {day}`, "
        "or copy the tournament day to a folder you can write in"
    ) in english.stderr, english.stderr
    assert german.exit_code == 1 and german.stderr.startswith("Fehler: "), german.stderr
    assert (
        "Die Sperrdatei liegt neben der Datei (Turniertag), ihr Ordner muss also beschreibbar sein: "
        f"`chmod u+w {day}`, oder die Datei in einen Ordner kopieren"
    ) in german.stderr, german.stderr
    for said in (english.stderr, german.stderr):
        assert "ledger" not in said and "Schrift" not in said, said
    assert {p.name: p.read_bytes() for p in day.iterdir()} == before


def test_a_held_lock_on_a_day_names_the_days_file_in_english_and_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another command holding the day's file: a draw waits for it, then says it was the day's
    file that was held, not a ledger, and writes nothing."""
    day = new_day(tmp_path)
    path = day / "tournament.toml"
    before = path.read_bytes()
    held = lf.locked
    monkeypatch.setattr(
        lf,
        "locked",
        lambda p, timeout=0.05, what=sio.LEDGER, error=LedgerError: held(p, timeout, what, error),
    )
    with held(path, what=sio.DAY):
        english = invoke("tournament", "draw", str(day), "-r", "1", "--seed", "3")
        german = invoke("--lang", "de", "tournament", "draw", str(day), "-r", "1", "--seed", "3")
        # a script drawing through the library meets the day's error, not a ledger's
        with pytest.raises(TournamentError, match="held the tournament day"):
            Tournament(day).draw(1, seed=3)
    refused(
        english,
        1,
        f"{path}: another tarockscore command has held the tournament day for 0 s; nothing was written",
    )
    assert german.exit_code == 1, german.stderr
    assert german.stderr.startswith(
        f"Fehler: {path}: ein anderer tarockscore-Befehl hält die Datei (Turniertag) seit 0 s; nichts wurde"
    ), german.stderr
    assert path.read_bytes() == before and not (day / "round-1").exists()


def test_owner_group_and_mode_survive_every_write(tmp_path: Path) -> None:
    path = new(tmp_path / "evening.toml", 1)
    path.chmod(0o640)
    if os.geteuid() == 0:
        os.chown(path, 1234, 5678)
    want = os.stat(path)
    for args in (
        ["record", "-c", "rufer", "-d", "Bert", "-w", "Cilli", "-t", "40"],
        ["replace", "1", "HAND"],
        ["undo"],
        ["delete", "1"],
        ["rescore", "-P", "pagat", "--write"],
    ):
        (tmp_path / "h.toml").write_text(hand(0), encoding="utf-8")
        done = invoke(*[str(tmp_path / "h.toml") if a == "HAND" else a for a in args], "--ledger", str(path))
        assert done.exit_code == 0, done.stderr
        got = os.stat(path)
        assert (stat.S_IMODE(got.st_mode), got.st_uid, got.st_gid) == (
            stat.S_IMODE(want.st_mode),
            want.st_uid,
            want.st_gid,
        ), args


# -- 11. lock files and temp files ------------------------------------------------------------------


def test_no_lock_file_is_left_after_a_refused_or_a_good_command(tmp_path: Path) -> None:
    path = new(tmp_path / "evening.toml", 1)
    assert locks(tmp_path) == []
    refused(invoke("record", "-", "--ledger", str(path), stdin='contract = "nonsense"\n'), 1)
    refused(invoke("new", "-p", TABLE, "--ledger", str(path)), 1, "already exists")
    refused(invoke("delete", "9", "--ledger", str(path)), 1)
    assert locks(tmp_path) == []


def test_the_stale_temp_clean_up_removes_only_its_own_names(tmp_path: Path) -> None:
    path = new(tmp_path / "evening.toml", 1)
    own = tmp_path / ".evening.toml.a1b2c3d4.tmp"  # what a killed writer leaves
    keep = [
        tmp_path / ".evening.toml.my-notes.tmp",
        tmp_path / ".evening.toml.backup.from.friday.tmp",
        tmp_path / "evening.toml.tmp",
        tmp_path / ".other.toml.a1b2c3d4.tmp",
    ]
    for p in (own, *keep):
        p.write_text("x", encoding="utf-8")
    assert invoke("record", "-", "--ledger", str(path), stdin=hand(1)).exit_code == 0
    assert not own.exists()
    assert all(p.exists() for p in keep)


def test_an_empty_ledger_option_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    new(tmp_path / "tarock-ledger.toml", 1)
    before = (tmp_path / "tarock-ledger.toml").read_bytes()
    for args in (["show"], ["record", "-c", "rufer", "-d", "Bert", "-w", "Cilli", "-t", "40"], ["undo"]):
        refused(invoke(*args, "--ledger", ""), 2, "--ledger")
    assert (tmp_path / "tarock-ledger.toml").read_bytes() == before


# -- 13. other platforms ----------------------------------------------------------------------------


def test_no_module_imports_fcntl_at_the_top() -> None:
    """``fcntl`` exists on POSIX only: importing it at the top would stop every command on Windows."""
    code = (
        "import sys; sys.modules['fcntl'] = None; sys.modules['msvcrt'] = None\n"
        "import tarockscore.cli.app, tarockscore.evening.store, tarockscore.io.safe_io\n"
        "import tarockscore.cli.commands.ledger, tarockscore.cli.commands.season\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def _fake_msvcrt() -> types.ModuleType:
    """``msvcrt.locking`` as Windows documents it (LK_NBLCK fails at once if held), over flock.

    A byte-range lock on Windows belongs to the open file, like ``flock``; this lets the Windows
    path of :mod:`safe_io` (no removal while held, unlock before close) run on Linux.
    """
    import fcntl

    fake = types.ModuleType("msvcrt")
    fake.LK_NBLCK = 2  # type: ignore[attr-defined]
    fake.LK_UNLCK = 0  # type: ignore[attr-defined]

    def locking(fd: int, mode: int, nbytes: int) -> None:
        if mode == fake.LK_UNLCK:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(13, "Permission denied") from None

    fake.locking = locking  # type: ignore[attr-defined]
    return fake


def _windows_os() -> types.ModuleType:
    """``os`` as Windows behaves for these calls: a file that is open cannot be removed.

    (Python opens files without FILE_SHARE_DELETE, so ``os.unlink`` of a file another process
    or thread has open fails with PermissionError.)
    """
    fake = types.ModuleType("os")
    fake.__dict__.update(os.__dict__)
    lock = threading.Lock()
    open_paths: dict[int, str] = {}

    def open_(path: str, flags: int, mode: int = 0o777) -> int:
        fd = os.open(path, flags, mode)
        with lock:
            open_paths[fd] = os.path.realpath(str(path))
        return int(fd)

    def close(fd: int) -> None:
        with lock:
            open_paths.pop(fd, None)
        os.close(fd)

    def unlink(path: str) -> None:
        with lock:
            if os.path.realpath(str(path)) in open_paths.values():
                raise PermissionError(
                    13, "The process cannot access the file because it is in use", str(path)
                )
            os.unlink(path)

    fake.open = open_  # type: ignore[attr-defined]
    fake.close = close  # type: ignore[attr-defined]
    fake.unlink = unlink  # type: ignore[attr-defined]
    return fake


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(sio, "WINDOWS", True)
    monkeypatch.setattr(sio, "os", _windows_os())
    monkeypatch.setitem(sys.modules, "msvcrt", _fake_msvcrt())
    monkeypatch.setitem(sys.modules, "fcntl", None)
    yield


def test_the_windows_lock_path_keeps_every_hand_of_racing_writers(tmp_path: Path, windows: None) -> None:
    """Threads record through ``ledger_file.update`` on the Windows path (msvcrt locking, no fcntl)."""
    import tomllib

    path = tmp_path / "evening.toml"
    from tarockscore.io.inputs import load_profile

    # the fixture hides fcntl: the Windows path must never need it
    lf.create(path, new_ledger(NAMES, load_profile("koenigrufen"), created="2026-01-01T20:00:00+01:00"))
    errors: list[BaseException] = []

    def record_at(led: Ledger, mapping: HandInput) -> Ledger:
        return operations.record(led, mapping, "2026-01-01T21:00:00+01:00")

    def writer(k: int) -> None:
        try:
            for j in range(8):
                mapping = cast(HandInput, tomllib.loads(hand(k * 8 + j)))
                lf.update(path, partial(record_at, mapping=mapping))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    snapshot = lf.read(path)
    lf.verify(snapshot)
    points = sorted(int(cast(str, e.keys["card_points"])) for e in snapshot.ledger.hands)
    assert points == sorted(30 + i % 40 for i in range(24))
    assert locks(tmp_path) == []


def test_the_windows_replace_retries_while_another_process_holds_the_file(
    tmp_path: Path, windows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows refuses a rename over a file a reader has open: the write tries again, then succeeds."""
    path = new(tmp_path / "evening.toml", 1)
    real_replace = os.replace
    calls = {"n": 0}

    def busy_twice(src: str, dst: object) -> None:
        calls["n"] += 1
        if calls["n"] <= 2:
            raise PermissionError(13, "The process cannot access the file")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(sio.os, "replace", busy_twice)  # type: ignore[attr-defined]
    other = tmp_path / "other.toml"  # a new evening is written whole, through a temp file and a rename
    done = invoke("new", "-p", TABLE, "--ledger", str(other))
    assert done.exit_code == 0, done.stderr
    assert calls["n"] == 3 and len(lf.read(other).ledger.hands) == 0 and len(lf.read(path).ledger.hands) == 1


def test_a_stick_whose_file_system_keeps_no_modes_takes_a_new_ledger_and_an_upgrade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A FAT stick mounted without `quiet` refuses a chmod to a mode it cannot store (EPERM):
    every file there has the mount's one mode. A new evening and an upgraded one are written
    through a temp file given the ledger's mode; there, the file keeps the stick's."""
    real_chmod = os.chmod

    def fat_chmod(path: object, mode: int, **kwargs: object) -> None:
        if stat.S_IMODE(os.stat(path).st_mode) != mode:  # type: ignore[arg-type]
            raise PermissionError(1, "Operation not permitted")
        real_chmod(path, mode)  # type: ignore[arg-type]

    fake_os = types.ModuleType("os")
    fake_os.__dict__.update(os.__dict__)
    fake_os.chmod = fat_chmod  # type: ignore[attr-defined]
    monkeypatch.setattr(sio, "os", fake_os)
    done = invoke("new", "-p", TABLE, "--ledger", str(tmp_path / "stick.toml"))
    assert done.exit_code == 0, done.stderr
    old = tmp_path / "old.toml"
    old.write_bytes((Path(__file__).parent / "data" / "old-ledgers" / "three-hands.toml").read_bytes())
    done = invoke("upgrade", str(old))
    assert done.exit_code == 0, done.stderr
    assert invoke("check", "--ledger", str(old)).exit_code == 0


# -- 5. Ctrl-C -----------------------------------------------------------------------------------


def test_ctrl_c_in_the_middle_of_a_write_is_exit_130_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new(tmp_path / "evening.toml", 3)
    before = path.read_bytes()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    fake_os = types.ModuleType("os")
    fake_os.__dict__.update(os.__dict__)
    fake_os.fsync = interrupted  # type: ignore[attr-defined]
    monkeypatch.setattr(sio, "os", fake_os)
    done = invoke("record", "-", "--ledger", str(path), stdin=hand(3))
    assert done.exit_code == 130 and "Traceback" not in done.stderr, (done.exit_code, done.stderr)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith((".tmp", ".lock"))] == []


def test_ctrl_c_at_the_console_scripts_first_step_is_exit_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """The console script's first step (the terminal's streams told to escape what they cannot
    encode) runs inside its Ctrl-C guard too: exit 130, no traceback."""
    import tarockscore.cli.app as console  # noqa: PLC0415 - the module whose main() is the script

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(console, "show_what_it_can", interrupted)
    with pytest.raises(SystemExit) as stopped:
        console.main()
    assert stopped.value.code == 130


# Ctrl-C as the terminal sends it, while the console script's import reaches the module named
INTERRUPTED_AT = """
import os, signal, sys
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == sys.argv[1]:
            os.kill(os.getpid(), signal.SIGINT)
sys.meta_path.insert(0, CtrlC())
from tarockscore.cli.app import main
sys.exit(main())
"""


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT, as Ctrl-C at a terminal does")
@pytest.mark.parametrize("module", ["tarockscore.rules.words", "typer", "tarockscore.cli.commands.ledger"])
def test_ctrl_c_while_the_command_starts_is_exit_130_without_a_traceback(module: str) -> None:
    """Ctrl-C while the package is importing, before main() is reached, printed Python's traceback:
    the program ends by the interrupt, as Python ends it (130 in the shell), and says nothing."""
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_AT, module, "profiles"],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert (done.returncode, done.stdout, done.stderr) == (-signal.SIGINT, "", "")


def test_tournament_files_are_read_as_carefully_as_ledgers(tmp_path: Path) -> None:
    """A FIFO as the players file or the tournament file is refused at once, not waited on; a
    tournament file nested deeper than the readers allow is refused with its name."""
    fifo = tmp_path / "players.txt"
    os.mkfifo(fifo)
    day = tmp_path / "day"
    args = ("--rounds", "1", "--games", "4", "-P", "koenigrufen", "--format", "schrift")
    done = cli("tournament", "new", str(day), "--players-file", str(fifo), *args)
    assert done.returncode == 1
    assert "--players-file: " in done.stderr and "named pipe (FIFO)" in done.stderr
    names = tmp_path / "names.txt"
    names.write_text("Anna\nBert\nCilli\nDani\n", encoding="utf-8")
    assert invoke("tournament", "new", str(day), "--players-file", str(names), *args).exit_code == 0
    (day / "tournament.toml").write_text("a = " + "[" * 200 + "]" * 200 + "\n", encoding="utf-8")
    result = invoke("tournament", "standings", str(day))
    refused(result, 1, "nested more than 32 levels deep")


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        # dotted keys: 32 keys make the root table and 31 tables beneath it, 32 levels in all
        (".".join(f"k{i}" for i in range(32)) + " = 1\n", False),
        (".".join(f"k{i}" for i in range(33)) + " = 1\n", True),
        # arrays: the root table holds ``a``, then 30 and 31 arrays nested inside it
        ("a = " + "[" * 31 + "]" * 31 + "\n", False),
        ("a = " + "[" * 32 + "]" * 32 + "\n", True),
        # an inline table inside arrays inside a table of arrays of tables
        ("[[x]]\ny = [[{z = [1]}]]\n", False),
    ],
)
def test_nesting_is_bounded_at_32_levels_counting_the_file_itself(text: str, deep: bool) -> None:
    """The file's own table is the first level; a table or array on the 33rd is refused."""
    if deep:
        with pytest.raises(TarockError, match="nested more than 32 levels deep"):
            sio.load_toml(text, "f.toml", TarockError)
    else:
        assert not sio.too_deep(sio.load_toml(text, "f.toml", TarockError))


@pytest.mark.parametrize("depth", [40, 3000])
def test_nesting_too_deep_is_named_at_its_line(depth: int) -> None:
    """Arrays nested past the bound in an entry written by hand (3,000 deep exhaust the TOML
    reader's recursion, 40 are read and then refused) are named at the line they stand on."""
    text = 'kind = "undo"\nnote = "[[["  # [[[\nremoved = ' + "[" * depth + "]" * depth + "\n"
    with pytest.raises(TarockError, match="nested") as refused:
        sio.load_toml(text, "f.toml", TarockError)
    assert str(refused.value).startswith("f.toml:3: "), str(refused.value)


def _peak(work: Callable[[], object]) -> int:
    """The most memory ``work`` held at once, in bytes."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


DEEP_KEY = "a" + ".a" * 4000 + " = 1\n"  # 8 KB; 50,000 parts (100 KB) took minutes and 10 GB


def test_a_key_of_thousands_of_dotted_parts_is_refused_before_the_toml_reader_spends_on_it(
    tmp_path: Path,
) -> None:
    """The TOML reader's time and memory grow with the square of a dotted key's parts, so a key of
    more parts than files are nested deep is refused from the text, at its line, for every file:
    a hand file, a ledger's entry, a tournament's cup points, the server's codes."""
    text = 'contract = "rufer"\n' + DEEP_KEY
    with pytest.raises(TarockError, match="^f.toml:2: tables or arrays nested more than 32 levels deep$"):
        sio.load_toml(text, "f.toml", TarockError)
    assert _peak(lambda: lf._loads(("[[event]]\n" + DEEP_KEY).encode())) < 2**20
    hand_file = tmp_path / "hand.toml"
    hand_file.write_text(text, encoding="utf-8")
    result: list[Result] = []
    assert _peak(lambda: result.append(invoke("score", str(hand_file)))) < 4 * 2**20
    refused(result[0], 1, f"{hand_file}:2: tables or arrays nested more than 32 levels deep")
    ledger = new(tmp_path / "deep.toml", hands=1)
    raw = ledger.read_text(encoding="utf-8")
    first = raw.index("\n[[event]]") + 1
    ledger.write_text(raw[:first] + "[[event]]\n" + DEEP_KEY + raw[first:], encoding="utf-8")
    line = raw[:first].count("\n") + 2
    refused(invoke("show", "--ledger", str(ledger)), 1, f"{ledger}:{line}: tables or arrays nested")
    points = tmp_path / "cup.toml"
    points.write_text("best = 2\n" + DEEP_KEY, encoding="utf-8")
    refused(invoke("cup", "standings", str(tmp_path), "--points", str(points)), 1, f"{points}:2: tables")
    day = tmp_path / "day"
    args = ("--rounds", "1", "--games", "4", "-P", "ooe-2023", "--format", "schrift")
    assert invoke("tournament", "new", str(day), "--players", TABLE, *args).exit_code == 0
    assert invoke("tournament", "draw", str(day), "--round", "1").exit_code == 0
    (day / "serve-codes.toml").write_text("[codes]\n" + DEEP_KEY, encoding="utf-8")
    cards = ("tournament", "cards", str(day), "--round", "1", "--base-url", "http://10.0.0.2:8000")
    assert _peak(lambda: result.append(invoke(*cards, "-o", str(tmp_path / "c.html")))) < 8 * 2**20
    refused(result[1], 2, "serve-codes.toml: not a file of table codes")


def test_a_fifo_as_the_days_file_is_named_as_one_not_as_no_tournament(tmp_path: Path) -> None:
    """A FIFO where the day's `tournament.toml` should be is refused at once as a FIFO, as a ledger
    would be, not said to be a folder with no tournament to start one in."""
    day = tmp_path / "day"
    day.mkdir()
    os.mkfifo(day / "tournament.toml")
    begin = ("new", str(day), "--players", TABLE, "--rounds", "1", "--games", "4", "-P", "ooe-2023")
    for args in (
        ("standings", str(day)),
        ("check", str(day)),
        ("draw", str(day), "--round", "1"),
        (*begin, "--format", "schrift"),
    ):
        done = cli("tournament", *args, timeout=30)
        assert done.returncode == 1, done.stderr
        assert done.stderr.startswith(f"error: {day / 'tournament.toml'} is a named pipe (FIFO)"), done.stderr
        assert "no tournament here" not in done.stderr and "as the ledger file" not in done.stderr


def test_a_fifo_or_device_in_place_of_a_tables_sheet_is_named_so_not_as_missing(tmp_path: Path) -> None:
    """A drawn table's sheet replaced by a FIFO (or a link to a device) was said to be "missing
    (moved or deleted?)" by standings, money, result and close-round; it is named for what it is,
    as record names it, and no command waits on it."""
    day = tmp_path / "day"
    begin = ("new", str(day), "--players", TABLE, "--rounds", "1", "--games", "4", "-P", "ooe-2023")
    assert invoke("tournament", *begin, "--format", "schrift").exit_code == 0
    assert invoke("tournament", "draw", str(day), "--round", "1").exit_code == 0
    sheet = day / "round-1" / "table-1.toml"
    for replaced, kind in (
        (os.mkfifo, "a named pipe (FIFO)"),
        (partial(os.symlink, "/dev/zero"), "a device"),
    ):
        sheet.unlink()
        replaced(sheet)
        for args in (("standings", str(day)), ("money", str(day)), ("close-round", str(day), "-r", "1")):
            done = cli("tournament", *args, timeout=30)
            assert done.returncode == 1, done.stderr
            assert done.stderr.startswith(f"error: {sheet} is {kind}"), done.stderr
            assert "missing" not in done.stderr


def test_a_profile_too_large_says_its_size_as_the_runs_language_writes_a_number(tmp_path: Path) -> None:
    # 1.5 MiB of comments, over the profile's cap of 1 MiB: German writes the decimal comma
    (tmp_path / "huge.toml").write_bytes(b"#" * (3 * 2**19))
    ledger = tmp_path / "abend.toml"
    args = ("new", "-l", str(ledger), "-p", TABLE, "-P", str(tmp_path / "huge.toml"))
    done = invoke("--lang", "de", *args)
    said = "huge.toml ist 1,5 MiB groß, größer als tarockscore liest: eine Profil-Datei ist höchstens 1,0 MiB"
    assert done.exit_code == 1 and said in done.stderr, done.stderr
    assert (
        "is 1.5 MiB, larger than tarockscore reads: profile files are at most 1.0 MiB" in invoke(*args).stderr
    )
    assert not ledger.exists()


def test_a_profile_link_that_leads_round_in_a_circle_is_told_in_the_runs_language(tmp_path: Path) -> None:
    # two links to each other given as the profile: the system's reason, in German too
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    ledger = tmp_path / "abend.toml"
    args = ("new", "-l", str(ledger), "-p", TABLE, "-P", str(tmp_path / "a.toml"))
    assert "a.toml: cannot read: Too many levels of symbolic links" in invoke(*args).stderr
    done = invoke("--lang", "de", *args)
    said = "a.toml: nicht lesbar: zu viele symbolische Links hintereinander (ein Link, der im Kreis führt?)"
    assert done.exit_code == 1 and said in done.stderr, done.stderr
    assert not ledger.exists()


@pytest.mark.parametrize("option", [[], ["-P", "koenigrufen"]])
@pytest.mark.parametrize(("value", "said"), [('{ name = "x" }', "a table"), ("3", "an integer")])
def test_a_hand_files_profile_that_is_no_text_is_refused_alike_with_and_without_p(
    tmp_path: Path, option: list[str], value: str, said: str
) -> None:
    path = tmp_path / "h.toml"
    path.write_text(f"profile = {value}\nplayers = {NAMES!r}\n" + hand(0), encoding="utf-8")
    done = invoke("score", str(path), *option)
    refused(done)
    assert done.stderr == f"error: {path}:1: profile: {value} is {said}; expected a string\n"


def test_a_profile_or_format_file_refused_is_named_as_it_was_typed(tmp_path: Path) -> None:
    """A profile or a tournament's format given by a relative path is named so in its error, as
    every other file is, and so is the file its `extends` names (taken from its own folder); each
    after the option that named it."""
    (tmp_path / "big.toml").write_bytes(b"#" * (2 * 2**20))
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "house.toml").write_text('extends = "base.toml"\n', encoding="utf-8")
    (tmp_path / "club" / "base.toml").write_text("extends = 7\n", encoding="utf-8")
    score = ("score", "-c", "rufer", "-p", TABLE, "-d", "1", "-w", "2", "-t", "40", "-P")
    done = cli(*score, "big.toml", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("error: --profile: big.toml is 2.0 MiB"), (
        done.stderr
    )
    done = cli(*score, "club/house.toml", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert (
        done.stderr
        == f"error: --profile: {Path('club/base.toml')}: extends: 7 is not a profile name or path\n"
    )
    (tmp_path / "club" / "ours.toml").write_text('extends = "ours.toml"\n', encoding="utf-8")
    begin = (
        "tournament",
        "new",
        "day",
        "--players",
        TABLE,
        "--rounds",
        "1",
        "--games",
        "4",
        "-P",
        "ooe-2023",
    )
    done = cli(*begin, "--format", "big.toml", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("error: --format: big.toml is 2.0 MiB"), (
        done.stderr
    )
    done = cli(*begin, "--format", "club/ours.toml", cwd=tmp_path)
    assert done.stderr == f"error: --format: {Path('club/ours.toml')}: the format extends itself\n"
    (tmp_path / "ours.toml").write_text('extends = "schrif"\n', encoding="utf-8")
    done = cli(*begin, "--format", "ours.toml", cwd=tmp_path)
    # told at the key that names it, in the file that has it, not as if --format had named it
    assert done.returncode == 1 and not (tmp_path / "day").exists()
    assert done.stderr.startswith("error: --format: ours.toml: extends: unknown format 'schrif'"), done.stderr


def test_a_days_file_linked_from_another_folder_is_refused_and_that_day_left_alone(tmp_path: Path) -> None:
    """A day's sheets are kept beside its `tournament.toml`: a folder whose `tournament.toml` is a
    link to another day's would draw its own sheets into that day's log, and that day would no
    longer rank. Every command refuses it, naming both, and writes nothing."""
    day, other = tmp_path / "day", tmp_path / "copy"
    args = ("--rounds", "2", "--games", "4", "-P", "ooe-2023", "--format", "schrift")
    assert invoke("tournament", "new", str(day), "--players", TABLE, *args).exit_code == 0
    assert invoke("tournament", "draw", str(day), "--round", "1", "--seed", "1").exit_code == 0
    other.mkdir()
    (other / "tournament.toml").symlink_to(day / "tournament.toml")
    before = (day / "tournament.toml").read_bytes()
    for command in (("draw", str(other), "--round", "1", "--seed", "2"), ("standings", str(other))):
        refused(
            invoke("tournament", *command),
            1,
            f"{other / 'tournament.toml'} is a link to the day kept in {day}",
        )
    assert (day / "tournament.toml").read_bytes() == before and not (other / "round-1").exists()
    assert invoke("tournament", "standings", str(day)).exit_code == 0


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_key_written_with_an_umlaut_says_how_keys_are_written(language: str) -> None:
    """A German scorekeeper writes ``hüttenfleck = true``; TOML takes no ü in a bare key, and the
    parser's "expected '='" sent him looking for a missing sign. The error names the letter and
    the spelling the profiles use (huettenfleck), at its line."""
    from tarockscore import i18n

    text = 'extends = "koenigrufen"\n[kontra]\nhüttenfleck = true\n'
    with i18n.language(language), pytest.raises(TarockError) as refused:
        sio.load_toml(text, "house.toml", TarockError, "profile")
    said = str(refused.value)
    assert said.startswith("house.toml:3: "), said
    assert "'ü'" in said and "ue" in said and "=" not in said.partition("house.toml:3: ")[2], said


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="a system with /proc")
def test_a_file_in_a_folder_that_takes_no_new_files_is_named_as_given() -> None:
    done = runner.invoke(app, ["record", "-l", "/proc/self/status", "-c", "rufer", "-d", "Anna", "-t", "40"])
    assert done.exit_code == 1, done.output
    line = done.stderr.strip()
    assert line.startswith("error: /proc/self/status: "), line
    assert "no such folder" not in line
    assert "nothing was written" in line


@pytest.mark.parametrize(
    ("error", "advice"),
    [
        (
            OSError(30, "Read-only file system"),
            "is on a read-only file system: give a path in a writable folder",
        ),
        (
            PermissionError(13, "Permission denied"),
            "chmod u+w FOLDER`, or give a path in a folder you can write in",
        ),
    ],
)
def test_new_in_a_folder_that_cannot_be_written_advises_for_a_file_not_made_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, advice: str
) -> None:
    lock_refused(monkeypatch, error)
    done = invoke("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(tmp_path / "evening.toml"))
    refused(done, 1, "so nothing was written")
    assert advice.replace("FOLDER", str(tmp_path)) in done.stderr, done.stderr
    assert "copy the" not in done.stderr
    assert not (tmp_path / "evening.toml").exists()


def test_new_on_a_full_disk_says_the_ledger_was_not_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", fail)
    done = invoke("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(tmp_path / "evening.toml"))
    monkeypatch.undo()
    refused(done, 1, "could not write the ledger (No space left on device); no file was made")
    assert "left as it was" not in done.stderr
    assert not (tmp_path / "evening.toml").exists()


def test_a_ledger_under_a_file_names_the_file_that_is_no_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    ledger = tmp_path / "notes.txt" / "evening.toml"
    done = invoke("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(ledger))
    refused(
        done, 1, f"error: {ledger}: {tmp_path / 'notes.txt'} is a file, not a folder, so nothing was written"
    )


@pytest.mark.parametrize(("text", "column"), [('place = "Caf\x1b[2J"', 13), ('place = "Sperl" # \x07', 19)])
@pytest.mark.parametrize(("language", "words"), [("en", "a control character"), ("de", "ein Steuerzeichen")])
def test_a_control_character_in_a_ledger_is_named_in_the_readers_words_at_its_line(
    tmp_path: Path, text: str, column: int, language: str, words: str
) -> None:
    """A control character pasted into a ledger by hand (in a text or a comment): the parser's
    own English ("Illegal character '\\x1b' (at line 7, …)") is said in the run's language, the
    character escaped as every error shows it, its line and column once; nothing written."""
    path = new(tmp_path / "evening.toml")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = lines.index("[table]\n") + 2
    lines.insert(at - 1, text + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    before = path.read_bytes()
    result = invoke("--lang", language, "record", "-", "--ledger", str(path), stdin=hand(0))
    assert result.exit_code == 1 and path.read_bytes() == before
    said = result.stderr
    assert f"{path}:{at}: " in said and f"{words} ('\\x" in said, said
    assert f" {column})" in said and "line" not in said and "character '" not in said, said


def test_a_ledger_or_hand_file_not_in_utf8_is_not_told_about_spreadsheets(tmp_path: Path) -> None:
    # a ledger or a hand file is TOML that tarockscore or an editor writes: the byte that is not
    # UTF-8 is named at its line, with no word of a spreadsheet's "CSV UTF-8" (that is for the
    # players file and a round's results, which a spreadsheet saves)
    ledger = tmp_path / "evening.toml"
    assert runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "-l", str(ledger)]).exit_code == 0
    ledger.write_bytes(ledger.read_bytes().replace(b"Anna", b"\xc4nna", 1))
    shown = runner.invoke(app, ["show", "-l", str(ledger)])
    assert shown.exit_code == 1
    assert "not UTF-8 text (the byte 0xc4" in shown.stderr and "spreadsheet" not in shown.stderr, shown.stderr
    hand_file = tmp_path / "hand.toml"
    hand_file.write_bytes(b'contract = "rufer"\ndeclarer = "J\xfcrgen"\n')
    scored = runner.invoke(app, ["score", str(hand_file)])
    assert scored.exit_code == 1
    assert "not UTF-8 text (the byte 0xfc" in scored.stderr and "spreadsheet" not in scored.stderr, (
        scored.stderr
    )
