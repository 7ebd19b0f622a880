"""Hostile or unlucky input (issue 25, item 7): each ends with a clear message, no traceback, no
hand lost or recorded twice, and an evening that still opens.

The commands run as the program runs (``python -m tarockscore`` in a subprocess, with the
environment a terminal would give it), or through Typer's test runner where no terminal matters.

Expected points are worked by hand from the shipped profiles: a Rufer won adds
contracts.rufer.value to the declarer and the partner, 1 under koenigrufen ([CTK] "the plain Call
value of 1 VP") and 2 under gametwist ([GT] "Caller games … Basic score 2"); the win threshold is
35 2/3 of 70 card points in both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import tarockscore.io.safe_io as sio
from tarockscore.cli import terminal as ask
from tarockscore.cli.app import app
from tarockscore.cli.terminal import CAP
from tests.stored import unfolded

runner = CliRunner()
TABLE = "José,Bert,Cilli,Dani"
HAND = 'contract = "rufer"\ndeclarer = "{d}"\npartner = "{p}"\ncard_points = 40\n'


def invoke(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def cli(
    *args: str, env: dict[str, str] | None = None, stdin: bytes | int | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    """The program as a terminal runs it; its output as bytes (the encoding is the test's)."""
    return subprocess.run(
        [sys.executable, "-m", "tarockscore", *args],
        capture_output=True,
        env={**os.environ, **(env or {})},
        input=stdin if isinstance(stdin, bytes) else None,
        stdin=stdin if isinstance(stdin, int) else (None if isinstance(stdin, bytes) else subprocess.DEVNULL),
        timeout=timeout,
    )


def new(path: Path, table: str = TABLE, hands: int = 0) -> Path:
    done = invoke("new", "-p", table, "--ledger", str(path))
    assert done.exit_code == 0, done.stderr
    names = table.split(",")
    for i in range(hands):
        hand = HAND.format(d=names[i % 4], p=names[(i + 1) % 4])
        done = invoke("record", "-", "--ledger", str(path), stdin=hand)
        assert done.exit_code == 0, done.stderr
    return path


def hands_of(path: Path) -> list[dict[str, object]]:
    """The evening's hands as ``show --json`` reads them: the ledger still opens."""
    done = invoke("show", "--json", "--ledger", str(path))
    assert done.exit_code == 0, done.stderr
    hands: list[dict[str, object]] = json.loads(done.stdout)["hands"]
    return hands


def no_traceback(done: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in done.stderr + done.stdout, done.stderr.decode("utf-8", "replace")


# -- output the terminal cannot encode ------------------------------------------------------------


def test_a_name_ascii_cannot_hold_is_escaped_and_the_hand_recorded_once(tmp_path: Path) -> None:
    ledger = new(tmp_path / "e.toml")
    hand = tmp_path / "h.toml"
    hand.write_text(HAND.format(d="José", p="Bert"), encoding="utf-8")
    ascii_terminal = {"PYTHONIOENCODING": "ascii"}
    done = cli("record", str(hand), "--ledger", str(ledger), env=ascii_terminal)
    no_traceback(done)
    # the write succeeded, so the exit code says so: nobody records the hand again
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("ascii")
    assert "rufer by Jos\\xe9 with Bert, won" in out
    for command in (["show"], ["settle", "--stake", "0.10"]):
        shown = cli(*command, "--ledger", str(ledger), env=ascii_terminal)
        no_traceback(shown)
        assert shown.returncode == 0 and "Jos\\xe9" in shown.stdout.decode("ascii"), shown.stderr
    hands = hands_of(ledger)
    assert len(hands) == 1 and hands[0]["declarer"] == "José"
    totals = json.loads(invoke("show", "--json", "--ledger", str(ledger)).stdout)["totals"]
    assert totals == {"José": 1, "Bert": 1, "Cilli": 0, "Dani": 0}  # contracts.rufer.value = 1, won


def test_german_settlement_under_latin_1_escapes_the_euro_sign(tmp_path: Path) -> None:
    ledger = new(tmp_path / "e.toml", hands=1)
    done = cli(
        "--lang",
        "de",
        "settle",
        "--stake",
        "0.10",
        "--ledger",
        str(ledger),
        env={"PYTHONIOENCODING": "latin-1"},
    )
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("latin-1")
    assert "\\u20ac" in out and "€" not in out  # latin-1 has no euro sign: written escaped
    assert "José" in out  # what latin-1 holds is written as it is
    assert len(hands_of(ledger)) == 1


# -- the guided entry reads within bounds -----------------------------------------------------------


def _ends_unrecorded(
    done: subprocess.CompletedProcess[bytes], ledger: Path, before: bytes, needle: str
) -> None:
    no_traceback(done)
    assert done.returncode == 1, (done.returncode, done.stderr)
    err = done.stderr.decode("utf-8")
    assert f"error: {needle}" in err and "nothing was written" in err, err
    assert ledger.read_bytes() == before
    assert hands_of(ledger) == []


def test_enter_from_dev_zero_ends_at_the_line_cap(tmp_path: Path) -> None:
    ledger = new(tmp_path / "e.toml")
    before = ledger.read_bytes()
    with open("/dev/zero", "rb") as zero:
        done = cli("enter", "--ledger", str(ledger), stdin=zero.fileno(), timeout=30)
    _ends_unrecorded(done, ledger, before, f"an answer longer than {ask.MAX_LINE:,} characters")


def test_endless_nonsense_ends_after_so_many_refused_answers(tmp_path: Path) -> None:
    ledger = new(tmp_path / "e.toml")
    before = ledger.read_bytes()
    done = cli("enter", "--ledger", str(ledger), stdin=b"nonsense\n" * 10_000, timeout=30)
    _ends_unrecorded(
        done, ledger, before, f"{ask.MAX_WRONG} answers in a row that the question does not take"
    )
    assert done.stderr.decode("utf-8").count("'nonsense' is not one of the choices") == ask.MAX_WRONG


def test_answers_that_never_end_the_entry_end_at_the_cap_on_answers(tmp_path: Path) -> None:
    ledger = new(tmp_path / "e.toml")
    before = ledger.read_bytes()
    # a whole hand, then at the summary "1" (change the contract) and "rufer" again, for ever:
    # every answer is taken, and the hand is never recorded
    answers = "rufer\n1\n2\n40\n\n" + "1\nrufer\n" * ask.MAX_ANSWERS
    done = cli("enter", "--ledger", str(ledger), stdin=answers.encode(), timeout=60)
    _ends_unrecorded(done, ledger, before, f"more than {ask.MAX_ANSWERS:,} answers in one run")


def test_a_confirmation_answered_with_nonsense_for_ever_deletes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tarockscore.cli.commands.ledger as ledger_commands

    ledger = new(tmp_path / "e.toml", hands=1)
    before = ledger.read_bytes()
    monkeypatch.setattr(ledger_commands, "_on_a_terminal", lambda: True)  # delete asks only there
    done = invoke("delete", "1", "--ledger", str(ledger), stdin="nonsense\n" * 10_000)
    assert done.exit_code == 1, (done.exit_code, done.stderr)
    assert done.stderr.count("'nonsense': answer y or n") == ask.MAX_WRONG
    assert f"error: {ask.MAX_WRONG} answers in a row that the question does not take" in done.stderr
    assert ledger.read_bytes() == before and len(hands_of(ledger)) == 1


def test_an_answer_not_in_the_terminals_encoding_is_refused(tmp_path: Path) -> None:
    ledger = new(tmp_path / "e.toml")
    before = ledger.read_bytes()
    done = cli("enter", "--ledger", str(ledger), stdin="José\n".encode(), env={"PYTHONIOENCODING": "ascii"})
    _ends_unrecorded(done, ledger, before, "an answer that is not text in the terminal's encoding (ascii)")


# -- an output file never overwrites a ledger, however large ---------------------------------------


def test_chart_output_never_overwrites_a_ledger_larger_than_the_glance(tmp_path: Path) -> None:
    evening = new(tmp_path / "e.toml", "Anna,Bert,Cilli,Dani", hands=1)
    night = tmp_path / "night.html"
    # a long evening's ledger (its own first line, its [[event]] tables), kept under another name
    night.write_bytes(evening.read_bytes() + b"# a long evening\n" * 8_000)
    assert night.stat().st_size > 128 * 1024
    before = night.read_bytes()
    done = invoke("chart", str(evening), "-o", str(night))
    assert done.exit_code == 2 and "it is not overwritten" in done.stderr, done.stderr
    assert night.read_bytes() == before


def test_a_large_toml_file_without_the_ledgers_first_line_is_kept_too(tmp_path: Path) -> None:
    evening = new(tmp_path / "e.toml", "Anna,Bert,Cilli,Dani", hands=1)
    night = tmp_path / "night.svg"
    night.write_text("# notes\n\n[table]\n" + 'note = "x"\n' * 20_000, encoding="utf-8")
    before = night.read_bytes()
    done = invoke("chart", str(evening), "-o", str(night))
    assert done.exit_code == 2 and "holds TOML" in done.stderr, done.stderr
    assert night.read_bytes() == before


def test_a_large_page_of_its_own_kind_is_overwritten(tmp_path: Path) -> None:
    evening = new(tmp_path / "e.toml", "Anna,Bert,Cilli,Dani", hands=1)
    night = tmp_path / "night.html"
    night.write_text("<!DOCTYPE html>\n<p>" + "an old chart " * 10_000 + "</p>\n", encoding="utf-8")
    done = invoke("chart", str(evening), "-o", str(night))
    assert done.exit_code == 0, done.stderr
    assert night.read_text(encoding="utf-8").startswith(
        "<!DOCTYPE html>"
    ) and "an old chart" not in night.read_text(encoding="utf-8")


# -- warnings: one line each, a few of one kind ---------------------------------------------------


def test_a_file_name_with_a_line_break_forges_no_warning_line(tmp_path: Path) -> None:
    new(tmp_path / "e.toml", "Anna,Bert,Cilli,Dani", hands=1)
    profile = Path(__file__).resolve().parent.parent / "profiles" / "pagat.toml"
    (tmp_path / "x\nwarning: every ledger was forged.toml").write_bytes(profile.read_bytes())
    (tmp_path / "bad\nwarning: forged too.toml").write_text("garbage = [\n", encoding="utf-8")
    done = cli("season", str(tmp_path), "--skip-bad")
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.decode("utf-8").splitlines()
    assert len(lines) == 2, lines  # the profile skipped, the bad ledger left out: two warnings
    assert all(line.startswith("warning: ") for line in lines)
    assert not any(line.startswith(("warning: every", "warning: forged")) for line in lines)
    assert any("x\\nwarning: every ledger was forged.toml" in line for line in lines), lines


def _look_alike_season(folder: Path) -> Path:
    """Four evenings of four players each: Namewa … Namezd. The names of one letter at two tables
    look alike (namewa/namexa: one letter apart), those of two letters do not (namewa/namexb):
    4 letters × (4 choose 2) tables = 24 warnings. (Names told apart by a number, Name1a and
    Name2a, are numbered players: not alike.)"""
    for k, x in enumerate("wxyz", 1):
        new(folder / f"e{k}.toml", ",".join(f"Name{x}{c}" for c in "abcd"))
    return folder


def test_warnings_of_one_kind_are_capped_with_one_line_for_the_rest(tmp_path: Path) -> None:
    folder = _look_alike_season(tmp_path)
    done = cli("season", str(folder))
    assert done.returncode == 0, done.stderr
    lines = done.stderr.decode("utf-8").splitlines()
    assert len(lines) == CAP + 1
    assert all("look like one player spelt two ways" in line for line in lines[:CAP])
    assert lines[-1] == "warning: … and 4 more warnings like this"
    # the JSON lists every one
    data = json.loads(cli("season", str(folder), "--json").stdout)
    assert len(data["warnings"]) == 24
    german = cli("--lang", "de", "season", str(folder)).stderr.decode("utf-8").splitlines()
    assert german[-1] == "Warnung: … und 4 weitere Warnungen dieser Art"


# -- a killed writer's temp file beside tournament.toml ------------------------------------------


def test_a_stale_temp_file_beside_the_tournament_file_is_removed(tmp_path: Path) -> None:
    folder = tmp_path / "day"
    done = invoke(
        "tournament", "new", str(folder), "--players", "A,B,C,D,E,F,G,H", "--rounds", "3",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift", "--stake", "0.10",
    )  # fmt: skip
    assert done.exit_code == 0, done.stderr
    stale = folder / ".tournament.toml.k1ll3d_x.tmp"
    stale.write_text("half a tournament", encoding="utf-8")
    other = folder / ".tournament.toml.notours.tmp"  # not this program's name: left alone
    other.write_text("someone else's", encoding="utf-8")
    done = invoke("tournament", "players", str(folder), "add", "Ida")
    assert done.exit_code == 0, done.stderr
    assert not stale.exists() and other.exists()
    assert "Ida" in (folder / "tournament.toml").read_text(encoding="utf-8")


# -- rescore of many hands: the first few named, --json every one -------------------------------


def test_rescore_names_the_first_ten_changed_hands_and_json_all(tmp_path: Path) -> None:
    ledger = new(tmp_path / "e.toml", "Anna,Bert,Cilli,Dani", hands=13)
    done = invoke("rescore", "-P", "gametwist", "--ledger", str(ledger))
    assert done.exit_code == 0, done.stderr
    # every Rufer won is worth 1 under koenigrufen and 2 under gametwist: all 13 hands change
    assert "hands scored differently: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 3 more (--json lists every one)" in (
        done.stdout
    )
    data = json.loads(invoke("rescore", "-P", "gametwist", "--json", "--ledger", str(ledger)).stdout)
    assert data["changed"] == list(range(1, 14))
    few = new(tmp_path / "few.toml", "Anna,Bert,Cilli,Dani", hands=2)
    done = invoke("rescore", "-P", "gametwist", "--ledger", str(few))
    assert "hands scored differently: 1, 2\n" in done.stdout


# -- a ledger larger than tarockscore reads ---------------------------------------------------------


def test_a_ledger_over_the_read_cap_is_said_to_be_too_large_not_broken(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(sio.LEDGER_LIMIT + 1)  # sparse: no disk used
    done = invoke("show", "--ledger", str(big))
    assert done.exit_code == 1
    assert "is 8.0 MiB, larger than tarockscore reads: ledger files are at most 8.0 MiB" in done.stderr
    assert "check" not in done.stderr and "bug" not in done.stderr
    german = invoke("--lang", "de", "show", "--ledger", str(big))
    assert german.exit_code == 1 and "größer als tarockscore liest" in german.stderr, german.stderr


# -- TOML's own dates and times where a key wants something else ----------------------------------


@pytest.mark.parametrize(
    ("key", "literal", "en", "de"),
    [
        (
            "card_points",
            "1979-05-27",
            "1979-05-27 is not a card point count",
            "1979-05-27 ist keine Kartenpunktzahl",
        ),
        ("kontra", "07:32:00", "07:32:00 is a time", "07:32:00 ist eine Uhrzeit"),
        (
            "declarer",
            "1979-05-27T07:32:00Z",
            "1979-05-27T07:32:00+00:00 is a date and time",
            "1979-05-27T07:32:00+00:00 ist ein Datum mit Uhrzeit",
        ),
        ("declarer", "true", "true is a boolean", "true ist ein Wahrheitswert"),
    ],
)
def test_an_unquoted_date_time_or_boolean_is_named_as_the_file_writes_it(
    tmp_path: Path, key: str, literal: str, en: str, de: str
) -> None:
    """A TOML date, time or boolean where a key wants a number or a name: the error shows it as the
    file has it and says what it is, in the reader's language, never Python's ``datetime.date(…)``
    or ``True`` (a date and time with ``Z`` is shown with its offset, ``+00:00``, as the ledger writes times)."""
    keys = {"contract": '"dreier"', "declarer": '"José"', "card_points": "40", key: literal}
    hand = tmp_path / "hand.toml"
    hand.write_text(
        f"players = {json.dumps(TABLE.split(','))}\n" + "".join(f"{k} = {v}\n" for k, v in keys.items())
    )
    for lang, said in (("en", en), ("de", de)):
        done = invoke("--lang", lang, "score", str(hand))
        assert done.exit_code == 1, done.output
        assert f"{key}: {said}" in done.stderr, done.stderr
        assert "datetime" not in done.stderr and "Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize(("contract", "key"), [("dreier", "declarer"), ("rufer", "partner")])
def test_a_player_given_as_a_number_is_one_problem_not_also_missing(
    tmp_path: Path, contract: str, key: str
) -> None:
    """``partner = 5``: the file gives the key, of the wrong kind; it is not also said to be missing."""
    keys = {
        "contract": f'"{contract}"',
        "declarer": '"José"',
        "partner": '"Bert"',
        "card_points": "40",
        key: "5",
    }
    if contract == "dreier":
        del keys["partner"]
    hand = tmp_path / "hand.toml"
    hand.write_text(
        f"players = {json.dumps(TABLE.split(','))}\n" + "".join(f"{k} = {v}\n" for k, v in keys.items())
    )
    done = invoke("score", str(hand))
    assert done.exit_code == 1, done.output
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].endswith(
        f"{key}: 5 is an integer; expected a player's name in quotes: 'Bert', 'Cilli', 'Dani', 'José'"
    ), lines


def test_a_broken_hand_in_a_ledger_is_named_by_its_number(tmp_path: Path) -> None:
    """Hand 2's stored result edited by hand: the error names hand 2, the number on the sheet, not
    its place in its entry's array of hands (the first, which reads as hand 1)."""
    path = new(tmp_path / "l.toml", hands=2)
    text = path.read_text(encoding="utf-8")
    tail = text.rindex("victory_points = {")
    path.write_text(text[:tail] + text[tail:].replace("Bert = 1", "Bert = 1.0", 1), encoding="utf-8")
    before = path.read_bytes()
    done = invoke("show", "--ledger", str(path))
    assert done.exit_code == 1, done.output
    assert "entry 2: hand 2: result.victory_points.Bert: 1.0 is a decimal number" in done.stderr, done.stderr
    assert path.read_bytes() == before


def test_a_file_name_with_a_line_break_is_shown_escaped_where_new_names_it(tmp_path: Path) -> None:
    ledger = tmp_path / "a\nb.toml"
    done = invoke("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(ledger))
    assert done.exit_code == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first == f"new evening in {tmp_path}/a\\nb.toml", done.stdout
    done = invoke("upgrade", str(ledger))
    assert done.exit_code == 0, done.stderr
    assert "a\\nb.toml: already in the current format" in unfolded(done.stdout), done.stdout


def test_a_name_typed_with_two_spaces_in_a_row_is_kept_with_one(tmp_path: Path) -> None:
    ledger = tmp_path / "e.toml"
    done = invoke("new", "-p", "Hans  Huber,Bert,Cilli,Dani", "--ledger", str(ledger))
    assert done.exit_code == 0, done.stderr
    assert json.loads(invoke("show", "--json", "--ledger", str(ledger)).stdout)["players"][0] == "Hans Huber"


def test_a_stored_name_with_two_spaces_in_a_row_still_reads(tmp_path: Path) -> None:
    from tarockscore.evening import store
    from tarockscore.evening.model import new_ledger
    from tarockscore.io.inputs import load_profile

    ledger = tmp_path / "e.toml"
    names = ["Hans  Huber", "Bert", "Cilli", "Dani"]
    store.create(ledger, new_ledger(names, load_profile("koenigrufen"), created="2026-01-01T20:00:00+01:00"))
    done = invoke("record", "-c", "rufer", "-d", "Hans", "-w", "Bert", "-t", "40", "--ledger", str(ledger))
    assert done.exit_code == 0, done.stderr
    assert json.loads(invoke("show", "--json", "--ledger", str(ledger)).stdout)["players"][0] == "Hans  Huber"


@pytest.mark.parametrize(("typed", "shown"), [("\n", "\\n"), ("\x1b", "\\x1b")])
def test_a_chart_file_name_with_a_control_character_is_shown_escaped(
    tmp_path: Path, typed: str, shown: str
) -> None:
    """As an error shows it (``new evening in n\\x1b[1m.toml``, ``error: L\\x1b: no such file``)."""
    ledger = new(tmp_path / "e.toml", "Anna,Bert,Cilli,Dani", hands=1)
    done = cli("chart", str(ledger), "-o", str(tmp_path / f"c{typed}d.svg"))
    assert done.returncode == 0, done.stderr
    said = unfolded(done.stderr.decode("utf-8"))  # folded into 80 columns, read whole
    assert said.startswith(f"wrote {tmp_path}/c{shown}d.svg: 4 players"), done.stderr


def test_a_day_and_its_cards_named_with_a_line_break_are_shown_escaped(tmp_path: Path) -> None:
    day = tmp_path / "c\nd"
    done = invoke("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "4",
                  "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    assert invoke("tournament", "draw", str(day), "--round", "1", "--seed", "1").exit_code == 0
    done = invoke("tournament", "cards", str(day), "--round", "1", "-o", str(tmp_path / "x\ny.html"))
    assert done.exit_code == 0, done.stderr
    assert "x\\ny.html: 1 table card" in done.stdout, done.stdout
    done = invoke("tournament", "check", str(day))
    assert done.exit_code == 0, done.stderr
    assert "c\\nd: the day's file and every table's sheet fit" in unfolded(done.stdout), done.stdout


def test_a_name_typed_with_a_no_break_space_is_the_player_with_a_plain_one(tmp_path: Path) -> None:
    done = invoke("new", "-p", "Hans Huber,Hans\u00a0Huber,Cilli,Dani", "--ledger", str(tmp_path / "e.toml"))
    assert done.exit_code == 2, done.stdout
    assert "'Hans Huber' named twice" in done.stderr, done.stderr


def test_a_profile_number_too_long_to_show_is_named_at_its_key_by_its_length(tmp_path: Path) -> None:
    # TOML writes a whole number in hex too, of any length: 5000 hex digits f are 16^5000 - 1,
    # log10(16^5000) = 5000 × 1.20412 = 6020.6, so a number of 6021 decimal digits, more than
    # Python turns into text (4,300)
    profile = tmp_path / "big.toml"
    profile.write_text('extends = "koenigrufen"\n[contracts.rufer]\nvalue = 0x' + "f" * 5000 + "\n")
    done = invoke("profiles", "show", str(profile))
    assert done.exit_code == 1, done.stderr
    assert "contracts.rufer.value: a number of 6021 digits is beyond the allowed range" in done.stderr
    assert "too large to show" not in done.stderr
