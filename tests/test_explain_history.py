"""`explain N` ends with the hand's own history from the audit trail (docs/evening.md): when it was
recorded, each replacement with the keys it changed, a delete that moved its number, a Radl marked
after it, and a repair that took it as found; in the words `show`'s audit trail uses."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore import Evening
from tarockscore.cli.app import app
from tarockscore.rules.hand import HandInput
from tests.stored import unfolded

runner = CliRunner()
TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d|\d\d\.\d\d\.\d{4} \d\d:\d\d")


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return result


def history(text: str, heading: str) -> list[str]:
    """The history block that ends ``explain``'s output, its times written <time>."""
    lines = text.rstrip("\n").split("\n\n")[-1].splitlines()
    assert lines[0].startswith(heading), text
    return [TIME.sub("<time>", line) for line in lines]


def corrected_evening(tmp_path: Path) -> str:
    path = str(tmp_path / "l.toml")
    ok("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", path)
    ok("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "--ledger", path)  # id 1
    ok("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "--ledger", path)  # id 2
    ok("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", path)  # id 3
    ok("record", "-c", "rufer", "-d", "Dani", "-w", "Anna", "-t", "40", "--ledger", path)  # id 4
    ok("delete", "1", "--yes", "--ledger", path)  # ids 2 to 4 are now hands 1 to 3
    ok("replace", "1", "-c", "dreier", "-d", "Cilli", "-t", "36", "-k", "kontra", "--ledger", path)
    ok("radl", "add", "2", "--ledger", path)  # after id 4, no. 3 on the sheet
    ok("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "--ledger", path)  # id 5
    return path


def test_a_replaced_hand_whose_number_moved_says_who_changed_it_when_and_what_it_was(tmp_path: Path) -> None:
    path = corrected_evening(tmp_path)
    out = unfolded(ok("explain", "1", "--ledger", path).stdout)
    assert history(out, "history") == [
        "history of hand 1 (hand 2 in the audit trail):",
        "recorded <time>",
        "audit <time>: hand 1 deleted: rufer by Anna with Cilli, won; hands 2 to 4 are now 1 to 3",
        "audit <time>: hand 2 (no. 1 on the sheet) replaced: dreier by Cilli, lost → dreier by Cilli, kontra, won; "
        "card points: 30 → 36; Kontra: – → Kontra",
    ]
    german = unfolded(ok("--lang", "de", "explain", "1", "--ledger", path).stdout)
    assert history(german, "Verlauf") == [
        "Verlauf von Spiel 1 (im Protokoll Spiel 2):",
        "eingetragen <time>",
        "Protokoll <time>: Spiel 1 gelöscht: Rufer von Anna mit Cilli, gewonnen; Spiele 2 bis 4 sind jetzt 1 bis 3",
        "Protokoll <time>: Spiel 2 (Nr. 1 in der Schrift) ersetzt: Dreier von Cilli, verloren → Dreier von "
        "Cilli, Kontra, gewonnen; Kartenpunkte: 30 → 36; Kontra: – → Kontra",
    ]


def test_a_radl_marked_after_a_hand_is_in_its_history_and_in_that_of_the_hand_it_doubles(
    tmp_path: Path,
) -> None:
    path = corrected_evening(tmp_path)
    out = unfolded(ok("explain", "3", "--ledger", path).stdout)
    assert history(out, "history")[2:] == [
        "audit <time>: hand 1 deleted: rufer by Anna with Cilli, won; hands 2 to 4 are now 1 to 3",
        "audit <time>: Radl set on the sheet after hand 4 (no. 3 on the sheet): 2 more hands ×2; 2 pending",
    ]
    # hand 4 (id 5) came after every correction; the Radl set after hand 3 doubles it (the mark's
    # line before or after its recording as the clock had it: the same second keeps it after)
    lines = history(unfolded(ok("explain", "4", "--ledger", path).stdout), "history")
    assert lines[0] == "history of hand 4 (hand 5 in the audit trail):"
    assert sorted(lines[1:]) == [
        "audit <time>: Radl set on the sheet after hand 4 (no. 3 on the sheet): 2 more hands ×2; 2 pending",
        "recorded <time>",
    ]


def test_a_hand_never_corrected_says_so(tmp_path: Path) -> None:
    path = str(tmp_path / "l.toml")
    ok("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", path)
    ok("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "--ledger", path)
    ok("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "--ledger", path)
    ok("replace", "2", "-c", "dreier", "-d", "Cilli", "-t", "40", "--ledger", path)
    assert history(unfolded(ok("explain", "1", "--ledger", path).stdout), "history") == [
        "history of hand 1:",
        "recorded <time>",
        "no correction of it in the audit trail",
    ]
    german = unfolded(ok("--lang", "de", "explain", "1", "--ledger", path).stdout)
    assert history(german, "Verlauf") == [
        "Verlauf von Spiel 1:",
        "eingetragen <time>",
        "im Protokoll keine Korrektur dazu",
    ]


def test_a_hand_numbered_as_recorded_names_no_second_number(tmp_path: Path) -> None:
    path = str(tmp_path / "l.toml")
    ok("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", path)
    ok("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "--ledger", path)
    ok("replace", "1", "-c", "dreier", "-d", "Cilli", "-t", "40", "--ledger", path)
    assert history(unfolded(ok("explain", "1", "--ledger", path).stdout), "history") == [
        "history of hand 1:",
        "recorded <time>",
        "audit <time>: hand 1 replaced: dreier by Cilli, lost → dreier by Cilli, won; card points: 30 → 40",
    ]


def test_a_hand_a_repair_took_as_found_says_so(tmp_path: Path) -> None:
    path = str(tmp_path / "l.toml")
    ok("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", path)
    ok("record", "-c", "dreier", "-d", "Cilli", "-t", "40", "--ledger", path)
    ok("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", path)
    ledger = Path(path)
    text = ledger.read_text(encoding="utf-8")
    # hand 2's card points changed in an editor: Bert and Dani now lost their Rufer
    edited = text.replace(
        'declarer = "Bert", partner = "Dani", card_points = 40',
        'declarer = "Bert", partner = "Dani", card_points = 30',
    )
    assert edited != text
    ledger.write_text(edited, encoding="utf-8")
    ok("repair", "--write", "--ledger", path)
    lines = history(unfolded(ok("explain", "2", "--ledger", path).stdout), "history")
    assert lines[:2] == ["history of hand 2:", "recorded <time>"]
    assert lines[2].startswith("audit <time>: repaired: every hand re-scored from its stored keys")
    assert lines[2].endswith("; changed hand 2; found: hand 2 was changed outside tarockscore")
    assert lines[3:] == ["changed outside tarockscore, and taken as it was found by the repair of <time>"]
    # hand 1 was not touched by it
    assert history(unfolded(ok("explain", "1", "--ledger", path).stdout), "history")[2:] == [
        "no correction of it in the audit trail"
    ]
    german = history(unfolded(ok("--lang", "de", "explain", "2", "--ledger", path).stdout), "Verlauf")
    assert (
        german[-1]
        == "außerhalb von tarockscore geändert und von der Reparatur vom <time> so übernommen, wie es vorgefunden wurde"
    )


def test_explain_s_help_names_the_history() -> None:
    assert "history in the audit trail" in " ".join(ok("explain", "--help").stdout.split())
    assert "Verlauf des Spiels im Protokoll" in " ".join(
        ok("--lang", "de", "explain", "--help").stdout.split()
    )


@pytest.fixture
def vienna(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The reader's clock in Vienna (UTC+1 in winter)."""
    monkeypatch.setenv("TZ", "Europe/Vienna")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def rufer(declarer: str, partner: str) -> HandInput:
    return {"contract": "rufer", "declarer": declarer, "partner": partner, "card_points": "40"}


def test_a_radl_set_or_struck_by_hand_is_in_the_history_of_the_hands_it_doubles_or_spares(
    tmp_path: Path, vienna: None
) -> None:
    """A Radl set by hand after hand 1 (3 hands) doubles hands 2, 3 and 4; one doubled hand struck
    after hand 2 (docs/evening.md: "strikes doubled hands it agrees not to play") leaves hands 2
    and 3 doubled and hand 4 plain. Each hand's history names the marks that make its factor what
    it is, in the order they were made: the mark set before hand 2 was played comes before its
    recording."""
    path = tmp_path / "l.toml"
    evening = Evening.begin(path, ["Anna", "Bert", "Cilli", "Dani"], at="2025-03-14T20:00:00+01:00").evening
    evening.record(rufer("Anna", "Cilli"), at="2025-03-14T20:05:00+01:00")
    evening.add_radl(3, at="2025-03-14T20:06:00+01:00")
    evening.record(rufer("Bert", "Dani"), at="2025-03-14T20:10:00+01:00")
    evening.strike_radl(1, at="2025-03-14T20:11:00+01:00")
    evening.record(rufer("Anna", "Cilli"), at="2025-03-14T20:15:00+01:00")
    evening.record(rufer("Anna", "Cilli"), at="2025-03-14T20:20:00+01:00")
    assert [e.result.radl for e in evening.ledger.hands] == [1, 2, 2, 1]
    out = {n: unfolded(ok("explain", str(n), "--ledger", str(path)).stdout) for n in (1, 2, 3, 4)}
    set_line = "audit 2025-03-14 20:06: Radl set on the sheet after hand 1: 3 more hands ×2; 3 pending"
    struck = "audit 2025-03-14 20:11: Radl struck on the sheet after hand 2: 1 doubled hand fewer; 1 pending"
    heading = "history"
    # hand 1: the mark was set after it
    assert out[1].split("\n\n")[-1].splitlines() == [
        "history of hand 1:",
        "recorded 2025-03-14 20:05",
        set_line,
    ]
    assert history(out[2], heading) == [
        "history of hand 2:",
        TIME.sub("<time>", set_line),
        "recorded <time>",
        TIME.sub("<time>", struck),
    ]
    assert history(out[3], heading) == ["history of hand 3:", TIME.sub("<time>", set_line), "recorded <time>"]
    # hand 4 would have been doubled but for the strike: the strike is what makes it plain
    assert history(out[4], heading) == ["history of hand 4:", TIME.sub("<time>", struck), "recorded <time>"]


def test_a_hand_recorded_after_an_undo_says_whose_place_it_took(tmp_path: Path) -> None:
    """Record 1, record 2, undo, record 2 again: the new hand 2 shows the undo of the first hand 2
    (what it was, when it was taken back) before its own recording, which says it took that place;
    the undo is no correction of it. Its heading names it as the audit trail does (hand 3): "recorded
    as hand 3" was read as a dispute of what `record` had printed, "hand 2"."""
    path = str(tmp_path / "l.toml")
    ok("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", path)
    ok("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "--ledger", path)  # id 1
    ok("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "--ledger", path)  # id 2
    ok("undo", "--ledger", path)
    ok("record", "-c", "dreier", "-d", "Bert", "-t", "40", "--ledger", path)  # id 3, hand 2
    assert history(unfolded(ok("explain", "2", "--ledger", path).stdout), "history") == [
        "history of hand 2 (hand 3 in the audit trail):",
        "audit <time>: hand 2 undone: dreier by Cilli, lost",
        "recorded <time>, in the place of the hand undone above",
        "no correction of it in the audit trail",
    ]
    assert history(unfolded(ok("--lang", "de", "explain", "2", "--ledger", path).stdout), "Verlauf") == [
        "Verlauf von Spiel 2 (im Protokoll Spiel 3):",
        "Protokoll <time>: Spiel 2 zurückgenommen: Dreier von Cilli, verloren",
        "eingetragen <time>, an der Stelle des oben zurückgenommenen Spiels",
        "im Protokoll keine Korrektur dazu",
    ]
    # hand 1, recorded before the undo, has nothing of it
    assert history(unfolded(ok("explain", "1", "--ledger", path).stdout), "history") == [
        "history of hand 1:",
        "recorded <time>",
        "no correction of it in the audit trail",
    ]
    explained = Evening(path).explain(2)
    assert [(a.action, a.hand) for a in explained.undone] == [("undo", 2)]
    assert explained.history == ()


def test_two_undos_before_a_hand_are_both_named_and_a_later_hand_has_none(tmp_path: Path) -> None:
    path = str(tmp_path / "l.toml")
    ok("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", path)
    ok("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "--ledger", path)  # id 1
    ok("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "--ledger", path)  # id 2
    ok("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", path)  # id 3
    ok("undo", "--ledger", path)  # id 3
    ok("undo", "--ledger", path)  # id 2
    ok("record", "-c", "dreier", "-d", "Bert", "-t", "40", "--ledger", path)  # id 4, hand 2
    ok("record", "-c", "dreier", "-d", "Dani", "-t", "40", "--ledger", path)  # id 5, hand 3
    assert history(unfolded(ok("explain", "2", "--ledger", path).stdout), "history") == [
        "history of hand 2 (hand 4 in the audit trail):",
        "audit <time>: hand 3 undone: rufer by Bert with Dani, won",
        "audit <time>: hand 2 undone: dreier by Cilli, lost",
        "recorded <time>, after the 2 undos above",
        "no correction of it in the audit trail",
    ]
    german = history(unfolded(ok("--lang", "de", "explain", "2", "--ledger", path).stdout), "Verlauf")
    assert german[3] == "eingetragen <time>, nach den 2 Rücknahmen oben"
    assert history(unfolded(ok("explain", "3", "--ledger", path).stdout), "history")[1:] == [
        "recorded <time>",
        "no correction of it in the audit trail",
    ]
    # a hand deleted after the undos took the place: the hand after it shows no undo
    ok("record", "-c", "dreier", "-d", "Anna", "-t", "40", "--ledger", path)  # id 6, hand 4
    ok("delete", "2", "--yes", "--ledger", path)  # id 4: ids 5 and 6 are hands 2 and 3
    assert Evening(path).explain(2).undone == ()


def test_a_radl_set_before_an_undo_comes_before_the_undo_in_the_history_of_the_hand_recorded_after(
    tmp_path: Path,
) -> None:
    """Record 1 and 2, set a Radl by hand, take hand 2 back, record hand 2 again: its history
    tells the Radl mark, then the undo, then its recording, in the order they were written
    (the audit trail's order), in English and German."""
    path = tmp_path / "l.toml"
    evening = Evening.begin(path, ["Anna", "Bert", "Cilli", "Dani"], at="2025-03-14T19:40:00+01:00").evening
    evening.record(rufer("Anna", "Cilli"), at="2025-03-14T19:45:00+01:00")
    evening.record(rufer("Bert", "Dani"), at="2025-03-14T19:49:00+01:00")
    evening.add_radl(4, at="2025-03-14T19:49:27+01:00")
    evening.undo(at="2025-03-14T19:49:28+01:00")
    evening.record(rufer("Cilli", "Anna"), at="2025-03-14T19:49:40+01:00")
    english = history(unfolded(ok("explain", "2", "--ledger", str(path)).stdout), "history")
    assert english == [
        "history of hand 2 (hand 3 in the audit trail):",
        "audit <time>: Radl set on the sheet after hand 2: 4 more hands ×2; 4 pending",
        "audit <time>: hand 2 undone: rufer by Bert with Dani, won",
        "recorded <time>, in the place of the hand undone above",
    ]
    german = history(unfolded(ok("--lang", "de", "explain", "2", "--ledger", str(path)).stdout), "Verlauf")
    assert "Radl" in german[1] and "zurückgenommen" in german[2], german
    assert german[3].startswith("eingetragen <time>, an der Stelle des oben zurückgenommenen Spiels"), german


def test_explain_says_its_times_as_people_read_them_in_english_as_in_german(
    tmp_path: Path, vienna: None
) -> None:
    """`explain N` in English printed the stored timestamp (2026-12-05T23:54:40+00:00) where German
    prints the local day and time (06.12.2026 00:54): English now says the same local moment as
    English readers write it, day and time; its JSON keeps the stored value. Recorded at 23:54:40
    UTC and replaced at 23:58:10 UTC is 00:54 and 00:58 on the 6th in Vienna (UTC+1)."""
    path = tmp_path / "l.toml"
    evening = Evening.begin(path, ["Anna", "Bert", "Cilli", "Dani"], at="2026-12-05T23:50:00+00:00").evening
    evening.record(rufer("Anna", "Cilli"), at="2026-12-05T23:54:40+00:00")
    evening.replace(1, {**rufer("Anna", "Cilli"), "card_points": "30"}, at="2026-12-05T23:58:10+00:00")
    out = unfolded(ok("explain", "1", "--ledger", str(path)).stdout)
    assert out.splitlines()[1].startswith("recorded 2026-12-06 00:54; profile koenigrufen")
    assert out.split("\n\n")[-1].splitlines()[:3] == [
        "history of hand 1:",
        "recorded 2026-12-06 00:54",
        "audit 2026-12-06 00:58: hand 1 replaced: rufer by Anna with Cilli, won → rufer by Anna with Cilli, "
        "lost; card points: 40 → 30",
    ]
    german = unfolded(ok("--lang", "de", "explain", "1", "--ledger", str(path)).stdout)
    assert german.split("\n\n")[-1].splitlines()[1] == "eingetragen 06.12.2026 00:54"
    machine = json.loads(ok("explain", "1", "--json", "--ledger", str(path)).stdout)
    assert [a["at"] for a in machine["history"]] == ["2026-12-05T23:58:10+00:00"]


def test_show_s_audit_trail_says_its_times_as_explain_does(tmp_path: Path, vienna: None) -> None:
    """A scorekeeper holds explain's history against show's audit trail: the same mark, set at
    20:06 Vienna time, is the same line in both, its time the local day and time, not the stored
    timestamp; the JSON keeps the stored one."""
    path = tmp_path / "l.toml"
    evening = Evening.begin(path, ["Anna", "Bert", "Cilli", "Dani"], at="2025-03-14T20:00:00+01:00").evening
    evening.record(rufer("Anna", "Cilli"), at="2025-03-14T20:05:00+01:00")
    evening.add_radl(3, at="2025-03-14T20:06:00+01:00")
    set_line = "audit 2025-03-14 20:06: Radl set on the sheet after hand 1: 3 more hands ×2; 3 pending"
    assert set_line in unfolded(ok("explain", "1", "--ledger", str(path)).stdout).splitlines()
    assert unfolded(ok("show", "--ledger", str(path)).stdout).splitlines()[-1] == set_line
    shown = json.loads(ok("show", "--json", "--ledger", str(path)).stdout)
    assert "2025-03-14T20:06:00+01:00" in json.dumps(shown)
