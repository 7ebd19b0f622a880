"""The sheet is the rules applied to the hands, and a head vouches for the hands as they were.

Every command that reads a ledger scores each hand again under the evening's stored profile: a
stored result the rules do not give, its hashes worked out again (docs/ledger-format.md, "The
chain"), is named and the ledger refused. A head written down before a hand was edited in place
names that hand whether or not a repair followed; a repair entry must carry what `repair --write`
writes; every reading command says which hands a repair covers.

The expected numbers, from the profiles: a Dreier is worth 5 under ``koenigrufen`` (its
``contracts.dreier.value``, docs/rules/koenigrufen.md) and under ``pagat``, which extends it; a
Call (Rufer) is worth 1. ``koenigrufen`` scores Simplified (losers add nothing): a Dreier lost
gives each Defender +5 and the declarer 0. ``pagat`` is zero-sum (``settlement.mode``): one
against three, a Dreier lost costs the declarer 3 × 5 = 15 and gives each Defender +5.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tarockscore.errors import LedgerError
from tarockscore.evening.store import entry_hash
from tests.stored import resealed

runner = CliRunner()
TABLE = "Anna,Bert,Cilli,Dani"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return result


def refused(result: Result, *needles: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, (result.exit_code, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stdout == ""  # no sheet, no totals, no money from the numbers the rules do not give
    for needle in needles:
        assert needle in result.stderr, (needle, result.stderr)


def evening(path: Path, profile: str = "koenigrufen", date: str = "2025-03-14") -> Path:
    """Hand 1: Bert's Dreier lost with 30; hand 2: Anna's Call with Cilli won with 40."""
    ok("new", "-p", TABLE, "-P", profile, "--stake", "0.10", "--date", date, "--ledger", str(path))
    ok("record", "-c", "dreier", "-d", "Bert", "-t", "30", "--ledger", str(path))
    ok("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "--ledger", str(path))
    return path


def bert_plus_9(doc: dict[str, Any]) -> None:
    """Bert given +9 for hand 1, the Dreier he lost."""
    doc["event"][0]["hand"][0]["result"]["victory_points"]["Bert"] = 9


# -- 2. the sheet is the rules applied to the hands ------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["show"], ["show", "--json"], ["settle"], ["explain", "2"], ["undo"], ["rescore", "-P", "pagat"]],
    ids=" ".join,
)
def test_a_resealed_result_is_named_by_every_evening_command(tmp_path: Path, command: list[str]) -> None:
    path = evening(tmp_path / "e.toml", "pagat")
    resealed(path, bert_plus_9)
    before = path.read_bytes()
    result = run(*command, "--ledger", str(path))
    refused(result, f"{path}: hand 1: stored +9 for Bert, the rules give -15", "tarockscore repair")
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", ["season", "stats", "chart"])
def test_a_resealed_result_is_named_by_the_season_and_left_out_with_skip_bad(
    tmp_path: Path, command: str
) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    evening(folder / "a.toml", date="2025-03-14")
    bad = evening(folder / "b.toml", date="2025-03-21")
    resealed(bad, bert_plus_9)
    out = ["-o", str(tmp_path / "chart.svg")] if command == "chart" else []
    refused(
        run(command, str(folder), *out), f"{bad}: hand 1: stored +9 for Bert, the rules give 0", "--skip-bad"
    )
    left_out = run(command, str(folder), "--skip-bad", *out)
    assert left_out.exit_code == 0, left_out.stderr
    assert f"{bad}: left out (--skip-bad): {bad}: hand 1: stored +9 for Bert" in left_out.stderr
    if command == "season":
        # the totals of a.toml alone: Anna +5 +1, Bert 0, Cilli +5 +1, Dani +5 (Simplified Scoring)
        rows = json.loads(run("season", str(folder), "--skip-bad", "--json").stdout)["standings"]
        assert {r["player"]: r["victory_points"] for r in rows} == {
            "Anna": 6,
            "Bert": 0,
            "Cilli": 6,
            "Dani": 5,
        }


def test_a_resealed_result_is_named_in_german_without_a_key(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    resealed(path, bert_plus_9)
    result = runner.invoke(app, ["--lang", "de", "show", "--ledger", str(path)])
    refused(result, f"{path}: Spiel 1: gespeichert +9 für Bert, nach den Regeln 0")
    assert "victory_points" not in result.stderr and "stored" not in result.stderr


def test_a_resealed_outcome_and_radl_are_named_and_check_stays_the_full_audit(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")

    def won_and_doubled(doc: dict[str, Any]) -> None:
        result = doc["event"][0]["hand"][0]["result"]
        result["won"], result["radl"] = True, 2

    resealed(path, won_and_doubled)
    said = (
        "hand 1: stored as won, the rules give lost",
        "hand 1: stored with Radl ×2, the hands before it give ×1",
    )
    refused(run("show", "--ledger", str(path)), *said)
    refused(run("check", "--ledger", str(path)), *said)
    ok("repair", "--write", "--ledger", str(path))
    shown = json.loads(ok("show", "--json", "--ledger", str(path)).stdout)
    assert shown["hands"][0]["won"] is False and shown["hands"][0]["radl"] == 1


def test_the_library_refuses_a_resealed_result_too(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml", "pagat")
    resealed(path, bert_plus_9)
    with pytest.raises(LedgerError) as info:
        tarockscore.Evening(path).sheet()
    assert "hand 1: stored +9 for Bert, the rules give -15" in str(info.value)


def test_a_resealed_table_sheet_is_not_ranked_by_the_day(tmp_path: Path) -> None:
    """ooe-2023: a Dreier is worth 4, zero-sum, the lone player ×3: won, the declarer +12."""
    day = tmp_path / "day"
    ok("tournament", "new", str(day), "--players", TABLE, "--rounds", "1", "--games", "4", "--profile", "ooe-2023",
       "--format", "schrift")  # fmt: skip
    [table] = json.loads(ok("tournament", "draw", str(day), "--round", "1", "--seed", "1", "--json").stdout)[
        "tables"
    ]
    sheet, declarer = Path(table["ledger"]), table["players"][0]
    ok("record", "--ledger", str(sheet), "--contract", "dreier", "--declarer", declarer, "--won")

    def more(doc: dict[str, Any]) -> None:
        doc["event"][0]["hand"][0]["result"]["victory_points"][declarer] = 40

    resealed(sheet, more)
    result = run("tournament", "standings", str(day))
    assert result.exit_code == 1, result.stdout
    assert f"hand 1: stored +40 for {declarer}, the rules give +12" in result.stderr


# -- 3. a head vouches for the hands as they were ---------------------------------------------------


def edit_hand_2_in_place(path: Path) -> None:
    """Hand 2's card points changed from 40 to 45 (still won: the same result), its stored hashes
    kept, and a repair entry written by hand that vouches for the entry as it is now."""
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    block = text[starts[1] :]
    text = text[: starts[1]] + block.replace("card_points = 40", "card_points = 45", 1)
    events = tomllib.loads(text)["event"]
    edited, head = events[1], events[-1]["chain"]["hash"]
    found = {"entry": 2, "hash": entry_hash(edited), "prev": edited["chain"]["prev"]}
    repair: dict[str, Any] = {"kind": "repair", "at": "2025-03-14T23:00:00+01:00", "found": [found]}
    repair["chain"] = {"prev": head}
    repair["chain"]["hash"] = entry_hash(repair)
    text += (
        '\n[[event]]\nkind = "repair"\nat = "2025-03-14T23:00:00+01:00"\n'
        f'found = [{{ entry = 2, hash = "{found["hash"]}", prev = "{found["prev"]}" }}]\n'
        f'[event.chain]\nprev = "{head}"\nhash = "{repair["chain"]["hash"]}"\n'
    )
    path.write_text(text, encoding="utf-8")
    assert tomllib.loads(text)["event"][-1] == repair


def test_a_hand_edited_in_place_under_a_hand_written_repair_fails_check_and_an_earlier_head(
    tmp_path: Path,
) -> None:
    path = evening(tmp_path / "e.toml")
    head = json.loads(ok("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    edit_hand_2_in_place(path)
    lacking = "entry 3: this repair entry lacks what a repair writes"
    refused(run("check", "--ledger", str(path)), "entry 2: hand 2 was changed outside tarockscore", lacking)
    refused(run("check", "--head", head, "--ledger", str(path)), lacking)
    refused(run("show", "--ledger", str(path)), lacking)
    # the library's head check alone, past the chain's own refusal: hand 2 is not the hand of then
    ok("repair", "--write", "--ledger", str(path))
    held = tarockscore.Evening(path).check_head(head)
    assert held.found and held.differ == (2,) and not held.holds


def test_after_repair_write_an_earlier_head_still_names_the_repaired_hand(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    head = json.loads(ok("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("card_points = 40", "card_points = 45", 1), encoding="utf-8")
    refused(
        run("check", "--head", head, "--ledger", str(path)), "entry 2: hand 2 was changed outside tarockscore"
    )
    ok("repair", "--write", "--ledger", str(path))
    assert ok("check", "--ledger", str(path)).exit_code == 0
    repair = tomllib.loads(path.read_text(encoding="utf-8"))["event"][-1]
    assert [h["id"] for h in repair["hand"]] == [2]  # the hand it vouches for, re-scored
    assert repair["audit"][0]["action"] == "repair"
    result = run("check", "--head", head, "--ledger", str(path))
    assert result.exit_code == 1
    assert f"head {head}: hand 2 differs from the hand of then; entries since: repair " in result.stderr
    # a head written down after the repair vouches for the evening as repaired
    later = json.loads(ok("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    assert "every hand of then is unchanged" in ok("check", "--head", later, "--ledger", str(path)).stdout


def test_a_repair_entry_without_a_hand_it_vouches_for_is_refused(tmp_path: Path) -> None:
    """The audit line and the findings copied from a real repair, the hand it carried taken out."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("card_points = 40", "card_points = 45", 1), encoding="utf-8")
    ok("repair", "--write", "--ledger", str(path))

    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    repair = doc["event"][-1]
    del repair["hand"]
    repair["chain"]["hash"] = entry_hash(repair)  # its own hash worked out again, no other
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    refused(run("show", "--ledger", str(path)), "entry 3: this repair entry lacks what")


def test_every_reading_command_says_once_which_hands_a_repair_covers(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    path = evening(folder / "e.toml")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("card_points = 40", "card_points = 45", 1), encoding="utf-8")
    ok("repair", "--write", "--ledger", str(path))
    line = f"warning: {path}: a repair entry covers hand 2: changed outside tarockscore, and taken as it was found"
    for args in (["show"], ["settle"], ["explain", "1"], ["check"]):
        result = ok(*args, "--ledger", str(path))
        assert result.stderr.splitlines() == [line], (args, result.stderr)
    for args in (["season", str(folder)], ["stats", str(folder)]):
        assert ok(*args).stderr.splitlines() == [line], args
    # the corrections read it too before they change it, each said once
    kept = path.read_bytes()
    replace = ["replace", "1", "-c", "dreier", "-d", "Bert", "-t", "36"]
    for args in (["undo"], ["delete", "1", "--yes"], replace, ["radl", "add"]):
        path.write_bytes(kept)
        assert ok(*args, "--ledger", str(path)).stderr.splitlines() == [line], args
    said: list[str] = []
    tarockscore.Evening(path, warn=said.append).sheet()
    assert said == [line.removeprefix("warning: ")]
