"""The ledger file: round trip, located parse errors, the check of a new ledger and the digest
that spares re-checking an unchanged one, atomic writes under fault injection, refusal of a file
changed under our feet, the lock, and processes killed or racing."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.errors import LedgerError
from tarockscore.evening import store as F
from tarockscore.evening.fold import check
from tarockscore.evening.model import Ledger, new_ledger, next_deal
from tarockscore.evening.operations import delete, record, replace_hand, undo
from tarockscore.io import safe_io
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import HandInput
from tarockscore.rules.words import player_key
from tests.stored import read_back

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]


def rufer(declarer: str, partner: str, points: int | str = 40) -> HandInput:
    return {"contract": "rufer", "declarer": declarer, "partner": partner, "card_points": points}


def started(path: Path, hands: int = 2) -> Ledger:
    led = new_ledger(FOUR, load_profile("koenigrufen"), created=AT, stake=Decimal("0.10"))
    F.create(path, led)
    for _ in range(hands):
        F.update(path, lambda cur: record(cur, _next_rufer(cur), AT))
    return F.read(path).ledger


def _next_rufer(led: Ledger) -> HandInput:
    d = next_deal(led)
    return rufer(d.players[0], d.players[2])


def temp_files(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- written and read back -------------------------------------------------------------------------


def test_written_and_read_back_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    led = started(path, 3)
    led = delete(led, 2, AT)
    text, back = read_back(led)
    assert text.startswith("# An evening of Tarock")
    assert back == led
    assert "schema = 2" in text and 'stake = "0.10"' in text


names = (
    st.text(
        alphabet=st.characters(
            categories=["L", "N", "P", "S"], include_characters=" ", exclude_characters=",=;"
        ),
        min_size=1,
        max_size=12,
    )
    .map(str.strip)
    .filter(bool)
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    # names of one table differ in more than case: the table refuses 'Y' beside 'y' (player_key)
    st.lists(names, min_size=4, max_size=5, unique_by=player_key),
    # a place is printable text (control characters are refused on entry and on reading)
    st.none()
    | st.text(
        st.characters(exclude_categories=["Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"]), max_size=20
    ).filter(str.strip),
    st.none() | st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99"), places=2),
    st.integers(0, 6),
)
def test_any_ledger_written_and_read_back_is_equal(
    players: list[str], place: str | None, stake: Decimal | None, count: int
) -> None:
    led = new_ledger(players, load_profile("koenigrufen"), created=AT, stake=stake, place=place)
    for i in range(count):
        led = record(led, _next_rufer(led), f"2026-03-14T20:{i:02d}:00+01:00")
    if count:
        led = undo(led, "2026-03-14T23:00:00+01:00")
    back = read_back(led)[1]
    assert back == led
    assert check(back) == []


# -- located problems -----------------------------------------------------------------------------


def test_invalid_toml_is_reported_with_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[20] = "contract = "
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(LedgerError) as info:
        F.read(path)
    (problem,) = info.value.problems
    assert problem.where == f"{path}:21"
    assert problem.message.startswith("not valid TOML")


def test_an_entry_that_does_not_read_alone_is_refused_at_its_line(tmp_path: Path) -> None:
    """An entry of the middle of the log broken by hand (a value cut off): named at the broken
    line of the file, the entries after it never taken as a torn append."""
    path = tmp_path / "l.toml"
    started(path, hands=3)
    lines = path.read_text(encoding="utf-8").splitlines()
    second = [n for n, line in enumerate(lines) if line == "[[event]]"][1]
    broken = next(n for n in range(second, len(lines)) if lines[n].startswith("entry = "))
    lines[broken] = "entry = { players = @ }"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LedgerError) as info:
        F.read(path)
    (problem,) = info.value.problems
    assert problem.where == f"{path}:{broken + 1}"
    assert problem.message.startswith("not valid TOML")


def test_an_entry_copied_twice_is_named_at_the_copy(tmp_path: Path) -> None:
    """An [[event]] block pasted twice by hand: the copy is named at its line as the copy of the
    entry it repeats, alone (the entry after it follows the one it was written after); with the
    copy removed the ledger is as written."""
    path = tmp_path / "l.toml"
    started(path, 3)
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    second = text[starts[1] : starts[2]]
    path.write_text(text[: starts[2]] + second + text[starts[2] :], encoding="utf-8")
    line = text[: starts[2]].count("\n") + 1
    with pytest.raises(LedgerError) as info:
        F.read_trusted(path)
    assert info.value.problems[0].where == f"{path}:{line}: entry 3"
    assert [p.message for p in info.value.problems[:-1]] == [
        "a copy of entry 2 (record of hand 2), added again outside tarockscore"
    ]
    path.write_text(text, encoding="utf-8")
    assert F.read(path).problems == ()


def test_a_bad_hand_is_reported_at_the_line_of_its_table(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)
    text = path.read_text(encoding="utf-8")
    second = [i for i, line in enumerate(text.splitlines(), 1) if line == "[[event]]"][1]
    path.write_text(text.replace("contract = ", "kontrakt = ", 2), encoding="utf-8")
    with pytest.raises(LedgerError) as info:
        F.read(path)  # every stored hand is read as the ledger is read
    wheres = [p.where for p in info.value.problems]
    assert f"{path}:{second}: entry 2: hand 2: entry: kontrakt" in wheres


def test_an_unknown_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)
    path.write_text(path.read_text(encoding="utf-8").replace("schema = 2", "schema = 3", 1), encoding="utf-8")
    with pytest.raises(LedgerError, match="reads ledger schema 2 only"):
        F.read(path)


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"", "not an evening's ledger"),
        (b"\xff\xfe", "not an evening's ledger"),
        ("schema = 2\n".encode("utf-16"), "not UTF-8"),
        (None, "no ledger here"),
    ],
)
def test_unreadable_files(tmp_path: Path, data: bytes | None, needle: str) -> None:
    path = tmp_path / "l.toml"
    if data is not None:
        path.write_bytes(data)
    with pytest.raises(LedgerError, match=needle):
        F.read(path)


def test_an_edited_result_fails_the_check_and_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)
    text = path.read_text(encoding="utf-8").replace("Anna = 1,", "Anna = 9,", 1)
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(LedgerError) as info:
        F.update(path, lambda cur: record(cur, _next_rufer(cur), AT))
    assert "hand 1 was changed outside tarockscore" in str(info.value)
    assert path.read_bytes() == before


def test_an_edited_profile_document_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("value = 1\n", "value = 3\n", 1), encoding="utf-8")
    with pytest.raises(LedgerError, match="the stored profile was edited"):
        F.read(path)


# -- checking the new ledger -----------------------------------------------------------------------


def test_every_change_leaves_a_sealed_ledger_that_passes_the_full_check(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path, 5)
    for change in (
        lambda cur: record(cur, _next_rufer(cur), AT),
        lambda cur: replace_hand(cur, 4, rufer("Anna", "Bert", 20), AT),
        lambda cur: delete(cur, 2, AT),
        lambda cur: undo(cur, AT),
    ):
        F.update(path, change)
        snapshot = F.read(path)
        assert snapshot.problems == ()
        assert check(snapshot.ledger) == []
    result = CliRunner().invoke(app, ["check", "--ledger", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "4 hands re-scored" in " ".join(result.stdout.split())  # folded into 80 columns


def test_a_change_that_breaks_an_earlier_hand_or_the_new_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path, 3)
    before = path.read_bytes()

    def wrong_new_hand(cur: Ledger) -> Ledger:
        new = record(cur, _next_rufer(cur), AT)
        last = new.hands[-1]
        bad = last.result._replace(victory_points=dict.fromkeys(FOUR, 7))
        return new._replace(hands=(*new.hands[:-1], last._replace(result=bad)))

    def wrong_earlier_hand(cur: Ledger) -> Ledger:
        new = record(cur, _next_rufer(cur), AT)
        first = new.hands[0]
        bad = first.result._replace(won=not first.result.won)
        return new._replace(hands=(first._replace(result=bad), *new.hands[1:]))

    for change, said in (
        (wrong_new_hand, "hand 4: stored +7 for "),
        (wrong_earlier_hand, "hand 1: stored as "),
    ):
        with pytest.raises(LedgerError) as info:
            F.update(path, change)
        assert any(p.message.startswith(said) for p in info.value.problems)
        assert "the new ledger fails its own check (a bug in tarockscore)" in str(info.value)
        assert path.read_bytes() == before


# -- the digest of a checked ledger ---------------------------------------------------------------


def _without_digest(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'(?m)^digest = "[0-9a-f]{64}"\n', "", text, count=1), encoding="utf-8")


@pytest.mark.parametrize("victim", ["ftruncate", "fsync"])
def test_a_failing_write_leaves_the_old_ledger_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, victim: str
) -> None:
    path = tmp_path / "l.toml"
    started(path)
    before = path.read_bytes()

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, victim, fail)
    with pytest.raises(LedgerError) as info:
        F.update(path, lambda cur: record(cur, _next_rufer(cur), AT))
    monkeypatch.undo()
    assert "could not write the ledger (No space left on device); it was left as it was" in str(info.value)
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


def test_an_interrupted_append_is_cut_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "l.toml"
    started(path)
    before = path.read_bytes()

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        F.update(path, lambda cur: record(cur, _next_rufer(cur), AT))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


def test_the_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path, 0)
    path.chmod(0o640)
    F.update(path, lambda cur: record(cur, _next_rufer(cur), AT))
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_ledger_changed_between_read_and_write_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)

    def meanwhile(cur: Ledger) -> Ledger:
        # another program (an editor, not tarockscore: it ignores the lock) saves the file
        path.write_text(path.read_text(encoding="utf-8") + "\n# a note\n", encoding="utf-8")
        return record(cur, _next_rufer(cur), AT)

    with pytest.raises(
        LedgerError, match="was changed by another program since it was read; nothing was written"
    ):
        F.update(path, meanwhile)
    assert path.read_text(encoding="utf-8").endswith("# a note\n")
    assert len(F.read(path).ledger.hands) == 2


def test_a_ledger_edited_to_the_same_length_between_read_and_write_is_refused(tmp_path: Path) -> None:
    """An edit that keeps the file's length (one digit changed by a program that ignores the lock)
    between the read and the append is refused, not appended after."""
    path = tmp_path / "l.toml"
    started(path)
    text = path.read_text(encoding="utf-8")
    edited = text.replace("card_points = 40 }", "card_points = 41 }", 1)
    assert edited != text and len(edited.encode()) == len(text.encode())

    def meanwhile(cur: Ledger) -> Ledger:
        path.write_text(edited, encoding="utf-8")
        return record(cur, _next_rufer(cur), AT)

    with pytest.raises(
        LedgerError, match="was changed by another program since it was read; nothing was written"
    ):
        F.update(path, meanwhile)
    assert path.read_text(encoding="utf-8") == edited


def test_a_same_length_edit_just_before_the_append_fails_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line: the edit made at the last moment, as the entry is about to be appended."""
    path = tmp_path / "l.toml"
    started(path)
    text = path.read_bytes()
    edited = text.replace(b"card_points = 40 }", b"card_points = 41 }", 1)
    append = safe_io.append_at

    def edit_then_append(*args: Any, **kwargs: Any) -> None:
        path.write_bytes(edited)
        append(*args, **kwargs)

    monkeypatch.setattr(safe_io, "append_at", edit_then_append)
    result = CliRunner().invoke(app, ["undo", "--ledger", str(path)])
    assert result.exit_code == 1, result.output
    assert "was changed by another program since it was read; nothing was written" in result.stderr
    assert path.read_bytes() == edited


def test_an_earlier_read_that_is_out_of_date_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)
    snapshot = F.read(path)
    F.update(path, lambda cur: record(cur, _next_rufer(cur), AT))
    after = path.read_bytes()
    with pytest.raises(LedgerError, match="changed since it was read"):
        F.update(path, lambda cur: undo(cur, AT), expected=snapshot.head)
    assert path.read_bytes() == after


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path)
    before = path.read_bytes()
    with pytest.raises(LedgerError, match="already exists"):
        F.create(path, new_ledger(FOUR, load_profile("koenigrufen"), created=AT))
    assert path.read_bytes() == before


def test_a_held_lock_times_out_clearly(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path, 0)
    with F.locked(path), pytest.raises(LedgerError, match="another tarockscore command has held the ledger"):
        with F.locked(path, timeout=0.05):
            pass


# -- processes ----------------------------------------------------------------------------------------

RECORDER = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from tarockscore.evening import store as F
    from tarockscore.evening.model import next_deal
    from tarockscore.evening.operations import record

    path, count, tag, slow = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4] == "slow"
    if slow:
        real = os.fsync
        def fsync(fd):
            time.sleep(0.003)  # widen the window in which a kill lands mid-write
            real(fd)
        os.fsync = fsync

    def change(cur):
        d = next_deal(cur)
        hand = {"contract": "rufer", "declarer": d.players[0], "partner": d.players[2], "card_points": 40}
        return record(cur, hand, tag)

    for i in range(count):
        F.update(path, change)
        print("confirmed", i + 1, flush=True)
    """
)


def _recorder(tmp_path: Path, path: Path, count: int, tag: str, slow: bool = False) -> subprocess.Popen[str]:
    script = tmp_path / "recorder.py"
    script.write_text(RECORDER, encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, str(script), str(path), str(count), tag, "slow" if slow else "fast"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_recording_at_once_lose_no_hand(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path, 0)
    # each writer marks its hands by the time it stores (stored times must be real ones)
    left, right = "2026-01-01T20:00:00+01:00", "2026-01-01T21:00:00+01:00"
    procs = [_recorder(tmp_path, path, 50, tag) for tag in (left, right)]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert out.count("confirmed") == 50
    snapshot = F.read(path)
    F.verify(snapshot)
    tags = [e.recorded for e in snapshot.ledger.hands]
    assert len(tags) == 100
    assert tags.count(left) == 50 and tags.count(right) == 50


def test_a_process_killed_mid_write_leaves_every_confirmed_hand(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    started(path, 0)
    rng = random.Random(3)
    for _ in range(5):  # about half of the kills land inside a write
        before = len(F.read(path).ledger.hands)
        proc = _recorder(tmp_path, path, 1000, "2026-01-01T22:00:00+01:00", slow=True)
        assert proc.stdout is not None
        confirmed = 0
        while confirmed < 5:
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else ""
            confirmed += 1
        time.sleep(rng.uniform(0, 0.01))
        proc.send_signal(signal.SIGKILL)
        # read on through this side's buffer: readline may have taken more lines than it returned,
        # which communicate(), reading the pipe itself, would never see
        rest = proc.stdout.read()
        proc.wait(timeout=30)
        if proc.stderr is not None:
            proc.stderr.close()
        proc.stdout.close()
        confirmed += rest.count("confirmed")
        snapshot = F.read(path)  # loads: never a half-written file
        F.verify(snapshot)
        hands = len(snapshot.ledger.hands) - before
        # every confirmed hand is there; at most one more was written but not yet confirmed
        assert confirmed <= hands <= confirmed + 1
    # a temp file left by a killed writer is cleared by the next change, made under the lock
    F.update(path, lambda cur: record(cur, _next_rufer(cur), AT))
    assert temp_files(tmp_path) == []
