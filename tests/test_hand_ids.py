"""Stable hand ids in the audit trail, and Radl marks set or struck by hand (issue 11 §3, §5).

Expected Victory Points are worked by hand from profiles/koenigrufen.toml (Simplified Scoring,
values cited there from docs/rules/sources.md): a Rufer won adds contracts.rufer.value = 1 to each
declarer. The Radl doubles a hand by radl.factor = 2 and one Radl round is radl.hands = 4 hands
(docs/rules/koenigrufen.md §8); koenigrufen arms none by itself (radl.events = []), so every
doubled hand below comes from a mark set by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.evening import store as F
from tarockscore.evening.model import Action, Ledger, new_ledger
from tarockscore.evening.operations import delete, record, repair, replace_hand, set_radl, strike_radl, undo
from tarockscore.evening.radl import BY_HAND, pending_radl, radl_causes
from tarockscore.io.inputs import load_profile
from tarockscore.render.evening import said
from tarockscore.rules.hand import HandInput
from tests.stored import stored_hands, unfolded

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]
RUFER: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def evening(hands: int) -> Ledger:
    led = new_ledger(FOUR, load_profile("koenigrufen"), created=AT)
    for _ in range(hands):
        led = record(led, RUFER, AT)
    return led


def ids(led: Ledger) -> list[int]:
    return [e.id for e in led.hands]


def radls(led: Ledger) -> list[int]:
    return [e.result.radl for e in led.hands]


# -- stable ids ---------------------------------------------------------------------------------


def test_a_hand_keeps_its_id_after_an_earlier_one_is_deleted() -> None:
    led = delete(evening(4), 2, AT)
    assert ids(led) == [1, 3, 4]
    assert led.audit[-1].hand == 2 and led.audit[-1].number == 2
    assert led.audit[-1].detail.startswith("hand 2 deleted: rufer by Anna with Cilli, won")
    # The hand now second on the sheet is hand 3 of the trail, and the trail says both.
    replaced = replace_hand(led, 2, {**RUFER, "card_points": 30}, AT)
    last = replaced.audit[-1]
    assert last.action is Action.REPLACE and last.hand == 3 and last.number == 2
    assert last.detail.startswith("hand 3 (no. 2 on the sheet) replaced: rufer by Anna with Cilli, won")


def test_an_undone_hands_id_is_never_given_again() -> None:
    led = record(undo(evening(3), AT), RUFER, AT)
    assert ids(led) == [1, 2, 4]
    assert led.audit[-1].detail.startswith("hand 3 undone")
    again = record(undo(led, AT), RUFER, AT)
    assert ids(again) == [1, 2, 5]
    assert again.audit[-1].detail.startswith("hand 4 (no. 3 on the sheet) undone")


def test_ids_travel_through_the_file_and_show(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    F.create(path, undo(evening(3), AT))
    assert (
        run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", str(path)).exit_code == 0
    )
    # every hand of the log is stored with its id
    assert [h["id"] for h in stored_hands(path)] == [1, 2, 4]
    assert F.read(path).ledger.hands[2].id == 4
    shown = json.loads(run("show", "--json", "-l", str(path)).stdout)
    assert [(h["number"], h["id"]) for h in shown["hands"]] == [(1, 1), (2, 2), (3, 4)]
    assert shown["audit"][0]["hand"] == 3 and shown["audit"][0]["number"] == 3
    text = run("show", "-l", str(path)).stdout
    assert re.search(r"^#\s+id\s+dealer", text, re.M)
    assert re.search(r"^3\s+4\s+", text, re.M)


def test_a_rescore_after_a_delete_names_the_changed_hands_as_the_sheet_numbers_them(tmp_path: Path) -> None:
    path = str(tmp_path / "e.toml")
    assert run("new", "-p", ",".join(FOUR), "-l", path).exit_code == 0
    for example in ("koenigrufen-call", "koenigrufen-bettler-kontra", "koenigrufen-call"):
        assert run("record", str(EXAMPLES / f"{example}.toml"), "-l", path).exit_code == 0
    assert run("delete", "1", "-l", path).exit_code == 0
    # pagat is zero-sum (koenigrufen: Simplified Scoring), so both hands left score differently;
    # they were recorded as hands 2 and 3 and stand now as 1 and 2 on the sheet.
    assert run("rescore", "-P", "pagat", "--write", "-l", path).exit_code == 0
    line = json.loads(run("show", "--json", "-l", path).stdout)["audit"][-1]["detail"]
    assert line.endswith("; changed hands 2, 3 (nos. 1, 2 on the sheet)")
    assert "changed hands 2, 3 (nos. 1, 2 on the sheet)" in unfolded(run("explain", "1", "-l", path).stdout)
    with i18n.language("de"):
        assert said(line).endswith("; geändert: Spiele 2, 3 (Nr. 1, 2 in der Schrift)")


def test_a_repair_after_a_delete_names_the_changed_hand_as_the_sheet_numbers_it() -> None:
    led = delete(evening(3), 1, AT)
    first, second = led.hands
    broken = led._replace(hands=(first, second._replace(result=second.result._replace(victory_points={}))))
    assert repair(broken, AT).audit[-1].detail.endswith("; changed hand 3 (no. 2 on the sheet)")


def test_an_id_edited_by_hand_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    F.create(path, record(undo(evening(3), AT), RUFER, AT))
    before = path.read_text(encoding="utf-8")
    path.write_text(before.replace("id = 4", "id = 9"), encoding="utf-8")
    result = run("show", "-l", str(path))
    assert result.exit_code == 1 and "changed outside tarockscore" in result.stderr
    assert "Traceback" not in result.stderr


def test_ids_that_do_not_rise_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    F.create(path, record(undo(evening(3), AT), RUFER, AT))
    text = path.read_text(encoding="utf-8").replace("id = 4", "id = 2")
    path.write_text(text, encoding="utf-8")
    result = run("repair", "-l", str(path))
    assert result.exit_code == 1
    # named by its place among the entry's hand tables, hand[2], not "hand 3", which is a hand's
    # number, here the hand undone
    assert ": hand[2]: id: 2: expected an id above 2, the id of the hand before it" in result.stderr
    assert "hand 3" not in result.stderr


# -- Radl marks set and struck by hand ------------------------------------------------------------


def test_a_radl_set_by_hand_doubles_the_next_round() -> None:
    led = set_radl(evening(1), None, AT)
    assert pending_radl(led) == 4  # radl.hands
    for _ in range(5):
        led = record(led, RUFER, AT)
    assert radls(led) == [1, 2, 2, 2, 2, 1]
    # A Rufer won: 1 to each declarer, ×2 in the Radl.
    assert led.hands[1].result.victory_points == {"Anna": 2, "Bert": 0, "Cilli": 2, "Dani": 0}
    assert radl_causes(led, 2) == (BY_HAND,) and radl_causes(led, 6) == ()
    entry = led.audit[0]
    assert entry.action is Action.RADL and entry.hand == 1
    assert entry.detail == "Radl set on the sheet after hand 1: 4 more hands ×2; 4 pending"


def test_a_strike_takes_doubled_hands_off_the_pending_ones() -> None:
    led = strike_radl(set_radl(evening(0), 2, AT), 1, AT)
    assert pending_radl(led) == 1
    assert (
        led.audit[-1].detail
        == "Radl struck on the sheet before the first hand: 1 doubled hand fewer; 1 pending"
    )
    led = record(record(led, RUFER, AT), RUFER, AT)
    assert radls(led) == [2, 1]


@pytest.mark.parametrize(
    ("first", "strike", "message"),
    [
        (0, 1, "no Radl hand is pending, so there is none to strike"),
        (2, 3, "3: more than the 2 still owed by the Radl; strike at most 2"),
    ],
)
def test_striking_more_than_is_pending_is_refused(first: int, strike: int, message: str) -> None:
    led = evening(1)
    if first:
        led = set_radl(led, first, AT)
    with pytest.raises(Exception, match=re.escape(message)):
        strike_radl(led, strike, AT)


def test_a_mark_stays_after_its_hand_through_corrections() -> None:
    led = set_radl(evening(2), 2, AT)  # after hand 2: hands 3 and 4 doubled
    for _ in range(3):
        led = record(led, RUFER, AT)
    assert radls(led) == [1, 1, 2, 2, 1]
    # Hand 2 deleted: the mark now follows hand 1, so the next two hands are the doubled ones.
    gone = delete(led, 2, AT)
    assert radls(gone) == [1, 2, 2, 1]
    assert gone.audit[-1].changed == ()  # hands 3 and 4 (by id) stay the doubled ones
    # Undoing every hand after the mark keeps it pending for the hands to come.
    back = undo(undo(undo(led, AT), AT), AT)
    assert pending_radl(back) == 2


def test_radl_marks_through_the_command_line(tmp_path: Path) -> None:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", ",".join(FOUR), "-l", path).exit_code == 0
    added = run("radl", "add", "-l", path)
    assert added.exit_code == 0, added.stderr
    assert "Radl set on the sheet before the first hand: 4 more hands ×2; 4 pending" in added.stdout
    assert "a Radl hand (×2), 3 more Radl hands after it" in unfolded(added.stdout)
    struck = run("radl", "strike", "2", "-l", path)
    assert struck.exit_code == 0, struck.stderr
    assert "a Radl hand (×2), 1 more Radl hand after it" in unfolded(struck.stdout)
    before = Path(path).read_bytes()
    refused = run("radl", "strike", "5", "-l", path)
    assert refused.exit_code == 1
    assert refused.stderr.startswith("error: HANDS: 5: more than the 2 still owed by the Radl")
    assert Path(path).read_bytes() == before
    for command in ("add", "strike"):  # no number of hands: a usage error, as `delete 0` is
        zero = run("radl", command, "0", "-l", path)
        assert (zero.exit_code, zero.stdout) == (2, "")
        assert zero.stderr.startswith(
            "error: HANDS: '0' is not a number of hands; write it in digits, 1 or more, e.g. 4"
        )
        assert Path(path).read_bytes() == before
    recorded = run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", path)
    assert "hand 1: rufer by Anna with Cilli, won, Radl ×2" in recorded.stdout
    explained = run("explain", "1", "-l", path)
    assert "a doubled round set on the sheet" in unfolded(explained.stdout)
    assert run("check", "-l", path).exit_code == 0
    assert [(m.after, m.hands) for m in F.read(Path(path)).ledger.radl] == [(0, 4), (0, -2)]


def test_a_strike_with_none_pending_names_no_argument_not_typed(tmp_path: Path) -> None:
    """`radl strike` with no Radl pending said "error: HANDS: no Radl hand is pending": the HANDS
    the user never typed; it is named where it was typed."""
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", ",".join(FOUR), "-l", path).exit_code == 0
    refused = run("radl", "strike", "-l", path)
    assert (refused.exit_code, refused.stderr) == (
        1,
        "error: no Radl hand is pending, so there is none to strike\n",
    )
    assert run("radl", "strike", "2", "-l", path).stderr.startswith("error: HANDS: no Radl hand is pending")


def test_a_radl_mark_edited_by_hand_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    F.create(path, set_radl(evening(1), None, AT))
    text = path.read_text(encoding="utf-8")
    mark = "{ after = 1, hands = 4, "
    assert mark in text
    path.write_text(text.replace(mark, mark.replace("hands = 4", "hands = 8")), encoding="utf-8")
    result = run("show", "-l", str(path))
    assert result.exit_code == 1 and "changed outside tarockscore" in result.stderr
