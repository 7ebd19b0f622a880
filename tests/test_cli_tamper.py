"""Reading a ledger is following its chain: a ledger changed outside tarockscore is never used
without a word, a repair names what it found, and a head written down vouches for the past.

The expected numbers: a Rufer (Call) lost by its declarer side is worth 1 Victory Point to each
Defender under ``koenigrufen`` (Simplified Scoring: losers add nothing), as the profile's
``contracts.rufer.value = 1`` says (docs/rules/koenigrufen.md, the Calling the King rules); a
Dreier won is worth its ``value = 5`` to the declarer alone.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tests.stored import unfolded

runner = CliRunner()
TABLE = "Anna,Bert,Cilli,Dani"
ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def evening(path: Path) -> Path:
    """Three Calls, each lost by Anna's side: every Defender +1 each hand."""
    assert run("new", "-p", TABLE, "--stake", "0.10", "--ledger", str(path)).exit_code == 0
    for partner in ("Bert", "Cilli", "Dani"):
        done = run("record", "-c", "rufer", "-d", "Anna", "-w", partner, "-t", "30", "--ledger", str(path))
        assert done.exit_code == 0, done.stderr
    return path


def rewrite_hand_2(path: Path, result: bool = True) -> int:
    """Hand 2 rewritten by hand, consistently: a Rufer of Anna with Cilli won with 40 (Anna and
    Cilli +1 each), its points and result both (``result`` false: its points alone); the line of
    its entry."""
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    block = text[starts[1] : starts[2]]
    changed = block.replace("card_points = 30", "card_points = 40")
    if result:
        changed = changed.replace("won = false", "won = true").replace(
            "Anna = 0, Bert = 1, Cilli = 0, Dani = 1", "Anna = 1, Bert = 0, Cilli = 1, Dani = 0"
        )
    assert changed != block
    path.write_text(text[: starts[1]] + changed + text[starts[2] :], encoding="utf-8")
    return text[: starts[1]].count("\n") + 1


def refused(result: Result, *needles: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, (result.exit_code, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in result.stderr, (needle, result.stderr)


@pytest.mark.parametrize(
    "command",
    [
        ["show"],
        ["show", "--json"],
        ["settle"],
        ["explain", "1"],
        ["check"],
        ["undo"],
        ["delete", "1", "--yes"],
        ["record", "-c", "rufer", "-d", "Bert", "-w", "Anna", "-t", "40"],
        ["rescore", "-P", "pagat"],
        ["stats"],
    ],
    ids=" ".join,
)
def test_a_hand_rewritten_by_hand_is_named_by_every_command(tmp_path: Path, command: list[str]) -> None:
    path = evening(tmp_path / "e.toml")
    line = rewrite_hand_2(path)
    before = path.read_bytes()
    result = run(*command, "--ledger", str(path))
    refused(result, f"{path}:{line}: entry 2: hand 2 was changed outside tarockscore", "tarockscore repair")
    assert path.read_bytes() == before


def test_check_names_the_entry_edited_beside_the_numbers_it_no_longer_gives(tmp_path: Path) -> None:
    """Hand 2's card points edited from 30 to 40, its result left: its entry no longer fits, and
    the rules give the won Call (Anna and Cilli +1) where the sheet says lost (Bert and Dani +1).
    With hand 1 deleted it is no. 1 on the sheet: check names the entry, by its line, and the
    hand as show numbers it, beside each number the rules do not give."""
    path = evening(tmp_path / "e.toml")
    assert run("delete", "1", "--yes", "--ledger", str(path)).exit_code == 0
    line = rewrite_hand_2(path, result=False)
    result = run("check", "--ledger", str(path))
    refused(
        result,
        f"{path}:{line}: entry 2: hand 2 (no. 1 on the sheet) was changed outside tarockscore\n",
        f"{path}: hand 1: stored 0 for Anna, the rules give +1\n",
        f"{path}: hand 1: stored +1 for Bert, the rules give 0\n",
        "tarockscore repair",
    )
    assert (
        "Spiel 2 (Nr. 1 in der Schrift) wurde außerhalb"
        in run("--lang", "de", "check", "--ledger", str(path)).stderr
    )
    # once repaired, what the repair covers is said of the hand as the sheet numbers it too
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    covers = "a repair entry covers hand 2 (no. 1 on the sheet): changed"
    assert covers in unfolded(run("show", "--ledger", str(path)).stderr)


def test_a_hand_edited_to_a_value_no_hand_can_hold_is_named_with_the_way_back(tmp_path: Path) -> None:
    """Hand 2's card points edited to 71 (koenigrufen's 70 in the cards, docs/rules/koenigrufen.md):
    the value is named, and so is the edit and what to do, which repair cannot do."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    block = text[starts[1] : starts[2]].replace("card_points = 30", "card_points = 71")
    path.write_text(text[: starts[1]] + block + text[starts[2] :], encoding="utf-8")
    before = path.read_bytes()
    for command in (["show"], ["repair"], ["record", "-c", "dreier", "-d", "Bert", "-t", "40"]):
        refused(
            run(*command, "--ledger", str(path)),
            "entry 2: hand 2 was changed outside tarockscore",
            "entry 2: hand 2: entry: card_points: 71 is outside 0 to 70",
            "put the entry named back as it was written, or restore the file from a copy",
        )
        assert path.read_bytes() == before


def test_repair_names_the_hand_and_is_covered_by_the_chain(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    rewrite_hand_2(path)
    before = path.read_bytes()
    looked = run("repair", "--ledger", str(path))
    assert looked.exit_code == 0, looked.stderr
    assert path.read_bytes() == before  # nothing written without --write
    # hand 2 agrees with the rules as rewritten: no number changes, so what --write would take as
    # it was found is said before it is written
    assert unfolded(looked.stdout).splitlines()[:2] == [
        f"{path}: every stored result follows from its hand; nothing changes but the seal",
        "found: entry 2: hand 2 was changed outside tarockscore; --write keeps the evening as it stands",
    ]
    written = run("repair", "--write", "--ledger", str(path))
    assert written.exit_code == 0, written.stderr
    assert path.read_bytes().startswith(before)  # appended, nothing rewritten
    checked = run("check", "--ledger", str(path))
    assert checked.exit_code == 0, checked.stderr
    # the repair entry names hand 2, the head it found and the profile's sha256 as found
    events = tomllib.loads(path.read_text(encoding="utf-8"))["event"]
    repair = events[-1]
    assert repair["kind"] == "repair"
    assert [f["entry"] for f in repair["found"]] == [2]
    assert repair["head"] == events[-2]["chain"]["hash"]
    assert repair["profile_found"] == tomllib.loads(before.decode())["profile"]["sha256"]
    shown = json.loads(run("show", "--json", "--ledger", str(path)).stdout)
    assert shown["audit"][-1]["action"] == "repair"
    assert "hand 2 was changed outside tarockscore" in shown["audit"][-1]["detail"]
    # the evening as rewritten: hand 1 lost with Bert (Cilli, Dani +1), hand 2 won with Cilli
    # (Anna, Cilli +1), hand 3 lost with Dani (Bert, Cilli +1)
    assert shown["totals"] == {"Anna": 1, "Bert": 1, "Cilli": 3, "Dani": 1}
    assert "repaired" in run("show", "--ledger", str(path)).stdout
    # the repair entry removed: the rewritten hand is named again
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.rindex("\n[[event]]") + 1], encoding="utf-8")
    refused(run("check", "--ledger", str(path)), "entry 2: hand 2 was changed outside tarockscore")
    # hand 2 changed again after its repair: named again
    path.write_bytes(before)
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    again = path.read_text(encoding="utf-8").replace("card_points = 40", "card_points = 41", 1)
    path.write_text(again, encoding="utf-8")
    refused(run("show", "--ledger", str(path)), "entry 2: hand 2 was changed outside tarockscore")


def test_an_audit_entry_removed_is_caught(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    assert run("undo", "--ledger", str(path)).exit_code == 0
    assert run("record", "-c", "dreier", "-d", "Cilli", "-t", "40", "--ledger", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    undo = re.search(r'(?m)^audit = \[.*"undo".*\]\n', text)
    assert undo is not None
    path.write_text(text[: undo.start()] + text[undo.end() :], encoding="utf-8")
    refused(run("show", "--ledger", str(path)), "entry 4: this entry (undo) was changed outside tarockscore")


def test_a_hand_whose_entry_was_cut_out_is_named_missing_and_kept_out_only_in_so_many_words(
    tmp_path: Path,
) -> None:
    """Hand 2's whole entry cut out of the middle: every reading command names hand 2 as missing,
    not as some entry changed; repair says --write keeps the evening without it, and the sealed
    evening says so on every read (docs/ledger-format.md, "Repairing")."""
    path = evening(tmp_path / "e.toml")
    head = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    path.write_text(text[: starts[1]] + text[starts[2] :], encoding="utf-8")
    missing = "entry 2: hand 2 is missing: the entry that held it was taken out outside tarockscore"
    for command in (["check"], ["show"], ["settle"], ["explain", "1"]):
        done = run(*command, "--ledger", str(path))
        refused(done, missing)
        assert "an entry before" not in done.stderr
    looked = run("repair", "--ledger", str(path))
    assert looked.exit_code == 0, looked.stderr
    assert f"found: {missing}; --write keeps the evening without it" in unfolded(looked.stdout)
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    shown = run("show", "--json", "--ledger", str(path))
    assert shown.exit_code == 0, shown.stderr
    assert shown.stderr == (
        f"warning: {path}: a repair entry keeps the evening without hand 2, missing: its entry was "
        "taken out outside tarockscore\n"
    )
    data = json.loads(shown.stdout)
    assert "hand 2 is missing" in data["audit"][-1]["detail"]
    assert "the evening is kept without it" in data["audit"][-1]["detail"]
    # hands 1 and 3 alone: Cilli and Dani defend hand 1, Bert and Cilli hand 3, each +1
    assert data["totals"] == {"Anna": 0, "Bert": 1, "Cilli": 2, "Dani": 1}
    # the head written down after hand 3 names hand 2 as missing since
    refused(
        run("check", "--head", head, "--ledger", str(path)),
        f"head {head}: hand 2 is missing since, its entry taken out; entries since: repair ",
    )
    # hand 3's entry changed too, where hand 2's was cut out: both are named
    three = text[starts[2] :].replace("card_points = 30", "card_points = 31", 1)
    path.write_text(text[: starts[1]] + three, encoding="utf-8")
    refused(run("show", "--ledger", str(path)), "entry 2: hand 3 (no. 2 on the sheet) was changed", missing)
    # the first hand's entry cut out: hand 1 is missing, not the table or the profile changed
    path.write_text(text[: starts[0]] + text[starts[1] :], encoding="utf-8")
    first = run("check", "--ledger", str(path))
    refused(first, "entry 1: hand 1 is missing: the entry that held it was taken out outside tarockscore")
    assert "the table or the profile" not in first.stderr


def test_entries_moved_out_of_their_order_are_named_with_the_way_back(tmp_path: Path) -> None:
    """Hands 2 and 3 swapped in the file: the chain names where the order breaks, and the line that
    follows says what to do (put the entries back, or a copy); repair cannot re-score such a sheet."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    two, three = text[starts[1] : starts[2]], text[starts[2] :]
    path.write_text(text[: starts[1]] + three + two, encoding="utf-8")
    before = path.read_bytes()
    for command in (["show"], ["check"], ["repair"], ["record", "-c", "dreier", "-d", "Bert", "-t", "40"]):
        done = run(*command, "--ledger", str(path))
        refused(
            done,
            "entry 2: an entry before hand 3 was removed or changed outside tarockscore",
            "its entries no longer follow each other as they were written",
            "restore the file from a copy",
        )
        assert "missing" not in done.stderr  # hand 2 is there, after hand 3
        assert path.read_bytes() == before
    german = run("--lang", "de", "show", "--ledger", str(path))
    refused(german, "nicht in der Reihenfolge, in der sie geschrieben wurden")


def test_an_edited_price_list_is_reported_as_such_and_repaired_visibly(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    # the stored Rufer made worth 3 (value = 1 in the profile) and the pin worked out again
    edited = text.replace(
        "[profile.document.contracts.rufer]\nvalue = 1\n", "[profile.document.contracts.rufer]\nvalue = 3\n"
    )
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    refused(run("show", "--ledger", str(path)), "the stored profile was edited")
    data = tomllib.loads(edited)
    header = {k: v for k, v in data.items() if k != "event"}
    sha = hashlib.sha256(_canonical(header["profile"]["document"]).encode()).hexdigest()
    path.write_text(edited.replace(data["profile"]["sha256"], sha, 1), encoding="utf-8")
    refused(
        run("show", "--ledger", str(path)),
        "entry 1: the table or the profile was changed outside tarockscore",
    )
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    events = tomllib.loads(path.read_text(encoding="utf-8"))["event"]
    assert events[-1]["found"][0]["entry"] == 1 and events[-1]["profile_found"] == sha
    # re-scored under the profile as stored: each Defender +3 a hand; Bert defends hands 2 and 3
    assert json.loads(run("show", "--json", "--ledger", str(path)).stdout)["totals"]["Bert"] == 6


def _canonical(value: Any) -> str:
    """docs/ledger-format.md, "The chain", rule 1."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def test_the_documented_chain_verifies_a_ledger(tmp_path: Path) -> None:
    """Another program's check of a ledger, written from docs/ledger-format.md alone."""
    path = evening(tmp_path / "e.toml")
    assert run("undo", "--ledger", str(path)).exit_code == 0
    assert run("radl", "add", "--ledger", str(path)).exit_code == 0
    assert run("replace", "1", "-c", "dreier", "-d", "Anna", "-t", "40", "--ledger", str(path)).exit_code == 0
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    header = {k: v for k, v in data.items() if k != "event"}
    prev = hashlib.sha256(_canonical(header).encode("utf-8")).hexdigest()  # rule 2
    for event in data["event"]:
        body = {**event, "chain": {k: v for k, v in event["chain"].items() if k != "hash"}}
        hashed = hashlib.sha256(_canonical(body).encode("utf-8")).hexdigest()  # rule 3
        assert event["chain"]["prev"] == prev and event["chain"]["hash"] == hashed  # rule 4
        prev = hashed
    shown = json.loads(run("show", "--json", "--ledger", str(path)).stdout)
    assert shown["head"] == prev  # rule 5
    assert [e["kind"] for e in data["event"]] == ["record"] * 3 + ["undo", "radl", "replace"]


def test_a_head_written_down_vouches_for_the_hands_of_then(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    recorded = run("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", str(path))
    written_down = recorded.stdout.splitlines()[-1].split()[1]  # "head 3f1c0a9e27b4"
    assert len(written_down) == 12
    assert json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"].startswith(written_down)
    assert (
        run("record", "-c", "rufer", "-d", "Cilli", "-w", "Anna", "-t", "40", "--ledger", str(path)).exit_code
        == 0
    )
    held = run("check", "--head", written_down, "--ledger", str(path))
    assert held.exit_code == 0, held.stderr
    assert "every hand of then is unchanged; 1 entry since" in held.stdout
    assert run("replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40", "--ledger", str(path)).exit_code == 0
    refused(
        run("check", "--head", written_down, "--ledger", str(path)),
        f"head {written_down}: hand 2 differs from the hand of then; entries since: record ",
        "; replace ",
    )
    refused(run("check", "--head", "0123456789ab", "--ledger", str(path)), "no entry of this ledger has it")


def test_a_failing_head_check_prints_only_its_error(tmp_path: Path) -> None:
    """Exit 1 with "every stored result matches" on standard output would read as a pass to a
    script that keeps the output: a failed check says nothing passed first (as the day's does).
    Its one error line names the ledger, as every error of a ledger does."""
    path = evening(tmp_path / "e.toml")
    written_down = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    assert run("replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40", "--ledger", str(path)).exit_code == 0
    for head in (written_down, "0123456789ab"):
        result = run("check", "--head", head, "--ledger", str(path))
        refused(result)
        assert result.stdout == "" and result.stderr.startswith(f"error: {path}: head {head}: "), (
            result.stderr
        )


@pytest.mark.parametrize("head", ["abc", "xyz1", "3f1c 0a9e", "", "a" * 65])
def test_a_head_mistyped_is_a_usage_error_not_a_rewritten_ledger(tmp_path: Path, head: str) -> None:
    """A head is 4 to 64 hex digits (docs/evening.md); anything else is a typo on the command line,
    exit 2 (docs/machine-output.md), not "no entry of this ledger has it", which says the ledger
    was rewritten. The tournament day's check --head refuses such a head the same way."""
    path = evening(tmp_path / "e.toml")
    before = path.read_bytes()
    result = run("check", "--head", head, "--ledger", str(path))
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert (
        f"--head: {head!r}: give a head as record prints it: 4 to 64 hex digits (0-9, a-f)" in result.stderr
    )
    assert "no entry of this ledger has it" not in result.stderr
    assert result.stdout == ""
    assert path.read_bytes() == before


def test_a_head_from_early_in_the_evening_names_the_first_entries_since_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    """A head written down after hand 3, then 12 hands and a replace: 13 entries since, the first
    10 named and the other 3 counted, on one line of readable length."""
    path = evening(tmp_path / "e.toml")
    written_down = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    for _ in range(12):
        done = run("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", str(path))
        assert done.exit_code == 0, done.stderr
    held = run("check", "--head", written_down, "--ledger", str(path))
    assert held.exit_code == 0, held.stderr
    assert f"head {written_down}: every hand of then is unchanged; 12 entries since" in held.stdout
    assert run("replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40", "--ledger", str(path)).exit_code == 0
    result = run("check", "--head", written_down, "--ledger", str(path))
    refused(result, f"head {written_down}: hand 2 differs from the hand of then; entries since: record ")
    line = next(x for x in result.stderr.splitlines() if "differs from the hand of then" in x)
    assert line.count("; record ") == 9 and line.endswith("; … and 3 more")


def test_a_rewritten_evening_whose_hashes_were_worked_out_again_fails_an_old_head(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    head = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"]
    rewrite_hand_2(path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    # the forger works out every hash after the edit again (docs: the chain is not a signature)
    text = path.read_text(encoding="utf-8")
    prev = hashlib.sha256(_canonical({k: v for k, v in data.items() if k != "event"}).encode()).hexdigest()
    for event in data["event"]:
        event["chain"]["prev"] = prev
        body = {**event, "chain": {"prev": prev}}
        new = hashlib.sha256(_canonical(body).encode()).hexdigest()
        text = text.replace(event["chain"]["hash"], new)
        prev = new
    path.write_text(text, encoding="utf-8")
    assert run("show", "--ledger", str(path)).exit_code == 0  # a forgery the chain alone cannot see
    refused(run("check", "--head", head, "--ledger", str(path)), "no entry of this ledger has it")


def test_a_rollback_to_an_earlier_whole_log_is_named_as_entries_cut_off_by_a_later_head(
    tmp_path: Path,
) -> None:
    # the last entry cut off whole: a log tarockscore could have written, read as it stands; the
    # head written down after it says so, as docs/ledger-format.md has it ("the entries up to it
    # were cut off, or their hashes were worked out again"), not that the ledger was rewritten
    path = evening(tmp_path / "e.toml")
    head = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.rindex("[[event]]")], encoding="utf-8")
    assert run("show", "--ledger", str(path)).exit_code == 0
    result = run("check", "--head", head, "--ledger", str(path))
    refused(result, f"head {head}: no entry of this ledger has it: entries were cut off or rewritten since")


@pytest.mark.parametrize(
    ("lang", "ends"),
    [
        ("en", "its sheet now ends at hand 2, and its head is {now}"),
        ("de", "sie endet jetzt mit Spiel 2, und ihr Kopf ist {now}"),
    ],
)
def test_the_last_hands_entry_cut_off_whole_is_seen_only_by_a_head_written_down_after_it(
    tmp_path: Path, lang: str, ends: str
) -> None:
    """Hand 3's entry, the last, cut off whole: what is left is a log tarockscore could have written
    (docs/ledger-format.md, "What a chain cannot know without a head"). show and check read the two
    hands left without a word, exit 0: nothing in the file names hand 3, so nothing says it is
    missing. The head written down after hand 3 is no entry's; check --head says so, and where the
    ledger ends now (hand 2, the head written down after it), for the paper block to show the rest."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    cut = text[: text.rindex("[[event]]")]
    path.write_text(cut, encoding="utf-8")
    after_2 = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"]
    path.write_text(text, encoding="utf-8")
    after_3 = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    path.write_text(cut, encoding="utf-8")
    shown = run("--lang", lang, "show", "--ledger", str(path))
    assert (shown.exit_code, shown.stderr) == (0, "") and len(
        json.loads(run("show", "--json", "--ledger", str(path)).stdout)["hands"]
    ) == 2
    checked = run("--lang", lang, "check", "--ledger", str(path))
    assert (checked.exit_code, checked.stderr) == (0, ""), checked.stderr
    assert "missing" not in checked.stdout and "fehlt" not in checked.stdout
    held = run("--lang", lang, "check", "--head", after_3, "--ledger", str(path))
    refused(held, ends.format(now=after_2[:12]))
    assert "missing" not in held.stderr and "fehlt" not in held.stderr
    assert (
        run("check", "--head", after_2[:12], "--ledger", str(path)).exit_code == 0
    )  # a head of before holds


@pytest.mark.parametrize(
    ("after", "said"),
    [
        (["radl", "add", "2"], []),  # a Radl set by hand after hand 3
        (["undo"], ["entry 3: removed: 3: no hand of the evening has this id"]),
        (["delete", "3", "--yes"], ["entry 3: removed: 3: no hand of the evening has this id"]),
        # a replace holds hand 3 whole, as corrected, but adds no hand: its own entry is gone
        (["replace", "3", "HAND"], ["entry 3: hand 3: id: 3: no hand of the evening has this id"]),
    ],
)
def test_the_last_hands_entry_taken_out_is_named_missing_where_a_later_entry_names_it(
    tmp_path: Path, after: list[str], said: list[str]
) -> None:
    """Hand 3's entry, the last hand's, taken out where an entry that names hand 3 follows it (a
    Radl mark set after it, an undo or delete taking it off the sheet, a replace of it): that entry
    no longer follows the one before it, and names a hand no entry holds, so hand 3 is missing,
    named there (docs/ledger-format.md, "Chained"), not an entry before it "removed or changed"."""
    path = evening(tmp_path / "e.toml")
    hand = tmp_path / "h.toml"
    hand.write_text('contract = "rufer"\ndeclarer = "Anna"\npartner = "Dani"\ncard_points = 40\n', "utf-8")
    done = run(*[str(hand) if a == "HAND" else a for a in after], "--ledger", str(path))
    assert done.exit_code == 0, done.stderr
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    path.write_text(text[: starts[2]] + text[starts[3] :], encoding="utf-8")
    done = run("check", "--ledger", str(path))
    refused(done)
    lines = [line.split(": ", 2)[2] for line in unfolded(done.stderr).splitlines()]
    assert lines[: 1 + len(said)] == [
        "entry 3: hand 3 is missing: the entry that held it was taken out outside tarockscore",
        *said,
    ], done.stderr
    assert "removed or changed" not in done.stderr


def test_a_hand_whose_own_hash_was_worked_out_again_is_the_hand_named(tmp_path: Path) -> None:
    """Hand 2 rewritten and its own entry's hash worked out again, the entries after it left as
    they were: the chain breaks at entry 3, which no longer follows it. Hand 3 is as it was
    written; what a repair covers and what a head written down before say name hand 2, the hand
    before the break (or an entry after it taken out: the chain cannot tell which)."""
    path = evening(tmp_path / "e.toml")
    head = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    rewrite_hand_2(path)
    text = path.read_text(encoding="utf-8")
    event = tomllib.loads(text)["event"][1]
    body = {**event, "chain": {"prev": event["chain"]["prev"]}}
    rehashed = hashlib.sha256(_canonical(body).encode()).hexdigest()
    old = f'hash = "{event["chain"]["hash"]}"'
    path.write_text(text.replace(old, f'hash = "{rehashed}"'), encoding="utf-8")  # entry 3's prev kept
    refused(run("show", "--ledger", str(path)), "entry 3: an entry before hand 3 was removed or changed")
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    shown = run("show", "--ledger", str(path))
    assert shown.exit_code == 0, shown.stderr
    assert "a repair entry covers hand 2 or an entry after it: changed outside tarockscore" in shown.stderr
    assert "hand 3" not in shown.stderr
    said = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["audit"][-1]["detail"]
    assert said.endswith("found: entry 3: an entry before hand 3 was removed or changed outside tarockscore")
    german = unfolded(run("--lang", "de", "show", "--ledger", str(path)).stdout)
    assert "gefunden: Eintrag 3: ein Eintrag vor Spiel 3 wurde außerhalb von tarockscore entfernt" in german
    refused(
        run("check", "--head", head, "--ledger", str(path)),
        f"head {head}: hand 2, or an entry after it, was changed since; entries since: repair ",
    )


def test_a_repairs_audit_line_names_an_edited_entry_that_holds_no_hand_by_its_number(tmp_path: Path) -> None:
    """An undo edited in place: the repair's audit line, read in the audit trail long after, says
    which entry it found changed ("entry 4 (undo)"), not "this entry (undo)", which names none."""
    path = evening(tmp_path / "e.toml")
    assert run("undo", "--ledger", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('detail = "hand 3 undone', 'detail = "Hand 3 undone', 1), encoding="utf-8")
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    said = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["audit"][-1]["detail"]
    assert said.endswith("; found: entry 4 (undo) was changed outside tarockscore"), said
    german = unfolded(run("--lang", "de", "show", "--ledger", str(path)).stdout)
    assert "gefunden: Eintrag 4 (undo) wurde außerhalb von tarockscore geändert" in german, german


@pytest.mark.parametrize("before", [1, 3])
def test_a_table_of_another_name_written_into_a_ledger_is_named_at_its_line(
    tmp_path: Path, before: int
) -> None:
    """A ``[notes]`` table written by hand before the first entry or between two: refused as an
    unknown key (docs/ledger-format.md, "Each entry reads alone"), at the line it stands on."""
    path = evening(tmp_path / "e.toml")
    parts = path.read_text(encoding="utf-8").split("\n[[event]]\n")
    text = "\n[[event]]\n".join(parts[:before]) + '\n[notes]\nplace = "Sperl"\n\n[[event]]\n'
    text += "\n[[event]]\n".join(parts[before:])
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("[notes]") + 1
    result = run("show", "--ledger", str(path))
    refused(result, f"error: {path}:{line}: notes: unknown key")


def test_a_repair_of_an_edited_table_says_it_covers_the_table(tmp_path: Path) -> None:
    """The stake edited by hand: the chain breaks at entry 1, which no longer follows the header
    (the table and the profile); the repair covers that, not hand 1, which is as it was written."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('stake = "0.10"', 'stake = "1.00"', 1), encoding="utf-8")
    refused(run("show", "--ledger", str(path)), "entry 1: the table or the profile was changed")
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    shown = run("show", "--ledger", str(path))
    assert shown.exit_code == 0, shown.stderr
    assert shown.stderr == (
        f"warning: {path}: a repair entry covers the table or the profile: changed outside "
        "tarockscore, and taken as it was found\n"
    )


def test_a_torn_append_is_not_part_of_the_log(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    whole = path.read_bytes()
    for torn in (b'\n[[event]]\nkind = "rec', b'\n[[event]]\nkind = "record"\n', b"\x00\x00\x00"):
        path.write_bytes(whole + torn)
        shown = json.loads(run("show", "--json", "--ledger", str(path)).stdout)
        assert len(shown["hands"]) == 3
        undone = run("undo", "--ledger", str(path))
        assert undone.exit_code == 0
        assert path.read_bytes().startswith(whole) and torn not in path.read_bytes()[len(whole) :]
        path.write_bytes(whole)
        # the change that cuts it off says so: a hand's last line taken away by hand looks the same
        assert undone.stderr == (
            f"warning: {path}: its last entry was cut short, a write that did not finish: "
            "this change cut it off\n"
        )


def test_a_head_check_after_the_stake_was_edited_names_the_table_or_the_profile(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    head = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('stake = "0.10"', 'stake = "0.50"', 1), encoding="utf-8")
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    done = run("check", "--head", head, "--ledger", str(path))
    refused(done, f"head {head}: the table or the profile was changed since; entries since: repair ")
    assert "entry 1" not in done.stderr
    german = run("--lang", "de", "check", "--head", head, "--ledger", str(path))
    assert "der Tisch oder das Profil wurde seither geändert" in german.stderr, german.stderr


@pytest.mark.parametrize("after", [2, 3])
def test_an_entry_pasted_again_is_named_as_a_copy_of_the_entry_it_repeats(tmp_path: Path, after: int) -> None:
    """Hand 2's entry pasted a second time, right after itself or at the end: named as a copy of
    entry 2 (hand 2's record), once; not as an entry before it removed or changed."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    starts = [*(m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)), len(text)]
    copy = text[starts[1] : starts[2]]
    path.write_text(text[: starts[after]] + copy + text[starts[after] :], encoding="utf-8")
    named = f"entry {after + 1}: a copy of entry 2 (record of hand 2), added again outside tarockscore"
    for command in (["check"], ["show"]):
        done = run(*command, "--ledger", str(path))
        refused(done, named)
        assert "removed or changed" not in done.stderr and done.stderr.count("error:") == 2, done.stderr
    assert f"found: {named}; --write" in unfolded(run("repair", "--ledger", str(path)).stdout)
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    shown = run("show", "--json", "--ledger", str(path))
    assert shown.stderr == (
        f"warning: {path}: a repair entry covers entry {after + 1}, a copy of entry 2: changed outside "
        "tarockscore, and taken as it was found\n"
    )
    # the copy repeats hand 2 as it was: the evening is the three hands, each Defender +1 a hand
    assert json.loads(shown.stdout)["totals"] == {"Anna": 0, "Bert": 2, "Cilli": 2, "Dani": 2}


def test_an_edited_profile_repaired_is_said_once(tmp_path: Path) -> None:
    """The stored profile's title edited, its pin left: repair names it once, and the repaired
    evening's warning names the stored profile once, not beside "the table or the profile"."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace('title = "Königrufen: main', 'title = "Königrufen: MAIN', 1), encoding="utf-8"
    )
    looked = unfolded(run("repair", "--ledger", str(path)).stdout)
    assert looked.count("found:") == 1, looked
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    for command in (["show"], ["check"]):
        done = run(*command, "--ledger", str(path))
        assert done.exit_code == 0, done.stderr
        assert done.stderr == (
            f"warning: {path}: a repair entry covers the stored profile: changed outside tarockscore, "
            "and taken as it was found\n"
        )


def test_a_failed_head_check_says_what_to_do_next(tmp_path: Path) -> None:
    path = evening(tmp_path / "e.toml")
    head = json.loads(run("show", "--json", "--ledger", str(path)).stdout)["head"][:12]
    assert run("replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40", "--ledger", str(path)).exit_code == 0
    changed = unfolded(run("check", "--head", head, "--ledger", str(path)).stderr).splitlines()
    assert changed[1] == (
        f"error: {path}: `tarockscore show --ledger {path}` shows the evening as it is now, to hold "
        "against the paper sheet; the evening of then comes back only from a copy of the file made "
        "before the change, or by correcting the hands that differ (record, replace, delete, undo)"
    )
    unknown = unfolded(run("check", "--head", "0123456789ab", "--ledger", str(path)).stderr).splitlines()
    assert unknown[1] == (
        f"error: {path}: compare the digits with the head written down, and make sure this is that "
        "evening's ledger (--ledger); entries cut off since come back only from a copy of the file made before"
    )
    german = run("--lang", "de", "check", "--head", head, "--ledger", str(path))
    assert "tarockscore show --ledger" in german.stderr and "shows the evening" not in german.stderr


def test_a_hand_id_edited_to_0_is_named_by_its_place_with_the_id_it_should_have(tmp_path: Path) -> None:
    """Hand 2's id edited to 0: named as entry 2's hand, not as "hand 0", with the id a hand
    added there has (2: ids rise from hand to hand, docs/ledger-format.md)."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    block = text[starts[1] : starts[2]].replace("id = 2\n", "id = 0\n")
    path.write_text(text[: starts[1]] + block + text[starts[2] :], encoding="utf-8")
    done = run("check", "--ledger", str(path))
    refused(
        done,
        "entry 2: this entry (record) was changed outside tarockscore",
        "entry 2: hand[0]: id: 0: no hand has this id, they begin at 1: a hand added here, no. 2 on the "
        "sheet, has 2; one that changes a hand on the sheet has that hand's id",
    )
    assert "hand 0" not in done.stderr and "minimum" not in done.stderr


@pytest.mark.parametrize("edited", ["3", "9", "999999", str(10**15)])
def test_a_hand_id_edited_upward_is_named_by_its_place_with_the_id_it_should_have(
    tmp_path: Path, edited: str
) -> None:
    """Hand 2's id edited upward (to 3, the id of the hand after it; to 9; as far as a ledger's ids
    go, 999999; past that, 10**15): the entry still names the one before it, so nothing was taken
    out there and no hand is missing; the id is named at its place in the entry, with the id a hand
    added there has (2: ids rise from hand to hand, docs/ledger-format.md), as an id edited to 0
    is. The hands after it, as they were written, are not blamed."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    block = text[starts[1] : starts[2]].replace("id = 2\n", f"id = {edited}\n")
    path.write_text(text[: starts[1]] + block + text[starts[2] :], encoding="utf-8")
    for command in ("check", "show"):
        done = run(command, "--ledger", str(path))
        refused(done)
        lines = [line.split(": ", 2)[2] for line in unfolded(done.stderr).splitlines()]
        assert lines == [
            "entry 2: this entry (record) was changed outside tarockscore",
            f"entry 2: hand[0]: id: {edited}: not the id of a hand added here: ids rise from hand to hand,"
            " none given twice, so this hand, no. 2 on the sheet, has 2",
            "nothing was read or written: put the entry named back as it was written, or restore the file"
            " from a copy (a repair re-scores hands, but cannot mend a value no ledger can hold)",
        ], done.stderr
    german = unfolded(run("--lang", "de", "check", "--ledger", str(path)).stderr)
    assert f"Eintrag 2: hand[0]: id: {edited}: " in german and "not the id" not in german


def test_a_hand_id_edited_upward_in_a_record_whose_hash_was_worked_out_again_is_no_hand_missing(
    tmp_path: Path,
) -> None:
    """Hand 2's id edited to 10**15 and its entry's hash worked out again: entry 3 no longer
    follows it, as where an entry was taken out; not a quadrillion hands taken out before it (an
    evening holds a few hundred) but an id edited, read as quickly as any ledger."""
    path = evening(tmp_path / "e.toml")
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    block = text[starts[1] : starts[2]].replace("id = 2\n", f"id = {10**15}\n")
    event = tomllib.loads(block)["event"][0]
    body = {**event, "chain": {"prev": event["chain"]["prev"]}}
    block = block.replace(event["chain"]["hash"], hashlib.sha256(_canonical(body).encode()).hexdigest())
    path.write_text(text[: starts[1]] + block + text[starts[2] :], encoding="utf-8")
    done = run("check", "--ledger", str(path))
    refused(done)
    assert "missing" not in done.stderr


def test_a_hand_cut_out_before_a_correction_is_named_missing_by_the_hands_after_it(tmp_path: Path) -> None:
    """Hand 3's entry cut out where a replace of hand 1 follows it: the replace no longer follows,
    and hand 4, recorded after, shows that an id was skipped: hand 3 is named missing there."""
    path = evening(tmp_path / "e.toml")
    assert run("replace", "1", "-c", "dreier", "-d", "Anna", "-t", "40", "--ledger", str(path)).exit_code == 0
    assert run("record", "-c", "dreier", "-d", "Bert", "-t", "40", "--ledger", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[event\]\]$", text)]
    path.write_text(text[: starts[2]] + text[starts[3] :], encoding="utf-8")
    refused(
        run("check", "--ledger", str(path)),
        "entry 3: hand 3 is missing: the entry that held it was taken out outside tarockscore",
    )
