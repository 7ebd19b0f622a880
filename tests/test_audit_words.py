"""A correction is said in the reader's language by the command that makes it; the audit trail
keeps its English line, as the ledger format describes it (docs/ledger-format.md, [[audit]]).

The hands: a Rufer by Anna with Cilli at 40 card points is won (koenigrufen: 35 2/3 wins, see
docs/rules/koenigrufen.md); the Radl mark adds radl.hands = 4 doubled hands, ×radl.factor = 2.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.evening.model import new_ledger
from tarockscore.evening.operations import delete, record, replace_hand, set_radl, undo
from tarockscore.io.inputs import load_profile
from tarockscore.render.evening import said
from tarockscore.rules.hand import HandInput
from tests.stored import stored_audit, unfolded

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]
RUFER = ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"]

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", ",".join(FOUR), "-l", path).exit_code == 0
    for _ in range(3):
        assert run("record", *RUFER, "-l", path).exit_code == 0
    return path


def stored(path: str) -> list[str]:
    return [a["detail"] for a in stored_audit(path)]


def test_german_corrections_are_said_in_german_and_kept_in_english(ledger: str) -> None:
    undone = run("--lang", "de", "undo", "-l", ledger)
    assert undone.stdout.splitlines()[0] == "Spiel 3 zurückgenommen: Rufer von Anna mit Cilli, gewonnen"
    radl = run("--lang", "de", "radl", "add", "-l", ledger)
    assert radl.stdout.splitlines()[0] == (
        "Radl in der Schrift gesetzt nach Spiel 2: 4 Spiele mehr ×2; 4 offen"
    )
    deleted = run("--lang", "de", "delete", "1", "-y", "-l", ledger)
    assert (
        unfolded(deleted.stdout)
        .splitlines()[0]
        .startswith("Spiel 1 gelöscht: Rufer von Anna mit Cilli, gewonnen; Spiel 2 ist jetzt Spiel 1")
    )
    assert stored(ledger)[:3] == [
        "hand 3 undone: rufer by Anna with Cilli, won",
        "Radl set on the sheet after hand 2: 4 more hands ×2; 4 pending",
        stored(ledger)[2],
    ]
    assert stored(ledger)[2].startswith("hand 1 deleted: rufer by Anna with Cilli, won; hand 2 is now hand 1")
    # show reads each stored line back in the reader's words, at the local time of day it was made
    shown = unfolded(run("--lang", "de", "show", "-l", ledger).stdout)
    assert re.search(
        r"^Protokoll \d\d\.\d\d\.\d{4} \d\d:\d\d: Spiel 3 zurückgenommen: Rufer von Anna mit Cilli, gewonnen$",
        shown,
        re.MULTILINE,
    ), shown
    assert "undone" not in shown and "rufer" not in shown


def test_a_delete_after_an_undo_says_the_later_hands_by_their_numbers_on_the_sheet() -> None:
    # hand 2 taken back and entered again: the sheet's hands 1 to 4 are stored as 1, 3, 4, 5. After
    # hand 1 is deleted the sheet's hands 2 to 4 are its 1 to 3: three hands, named as the sheet
    # (and the phones, which show no other number) numbered them, not by their stored ids 3 to 5.
    led = new_ledger(FOUR, load_profile("koenigrufen"), created=AT)
    hand: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}
    led = undo(record(record(led, hand, AT), hand, AT), AT)
    for _ in range(3):
        led = record(led, hand, AT)
    assert [e.id for e in led.hands] == [1, 3, 4, 5]
    gone = delete(led, 1, AT)
    assert gone.audit[-1].detail == (
        "hand 1 deleted: rufer by Anna with Cilli, won; hands 2 to 4 are now 1 to 3"
    )
    again = delete(gone, 1, AT)  # the sheet's hand 1 is stored as 3 now; its 2 and 3 become 1 and 2
    assert again.audit[-1].detail == (
        "hand 3 (no. 1 on the sheet) deleted: rufer by Anna with Cilli, won; hands 2 to 3 are now 1 to 2"
    )


def test_every_correction_renders_its_english_line_word_for_word() -> None:
    led = new_ledger(FOUR, load_profile("koenigrufen"), created=AT)
    hand: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}
    for _ in range(4):
        led = record(led, hand, AT)
    lost: HandInput = {**hand, "card_points": 30}
    replaced = replace_hand(led, 2, lost, AT)
    assert (
        replaced.audit[-1].detail
        == "hand 2 replaced: rufer by Anna with Cilli, won → rufer by Anna with Cilli, lost; card_points: 40 → 30"
    )
    gone = delete(led, 1, AT)
    assert (
        gone.audit[-1].detail == "hand 1 deleted: rufer by Anna with Cilli, won; hands 2 to 4 are now 1 to 3"
    )
    back = undo(gone, AT)
    assert back.audit[-1].detail == "hand 4 (no. 3 on the sheet) undone: rufer by Anna with Cilli, won"
    marked = set_radl(led, 4, AT)
    assert marked.audit[-1].detail == "Radl set on the sheet after hand 4: 4 more hands ×2; 4 pending"
    # the same lines in German, as the command that made them shows them
    i18n.use("de")
    try:
        assert i18n.translated(back.audit[-1].detail) == (
            "Spiel 4 (Nr. 3 in der Schrift) zurückgenommen: Rufer von Anna mit Cilli, gewonnen"
        )
        # the changed keys in the reader's words, as the trail is shown (render.evening.said)
        assert said(replaced.audit[-1].detail) == (
            "Spiel 2 ersetzt: Rufer von Anna mit Cilli, gewonnen → Rufer von Anna mit Cilli, verloren; Kartenpunkte: 40 → 30"
        )
    finally:
        i18n.use(i18n.DEFAULT)


def test_a_replacement_that_keeps_the_outcome_is_read_back_in_german(ledger: str) -> None:
    """A replacement whose outcome stays ("won") lists the changed keys after "; ": a change
    such as ``card_points: 40 → 36`` holds an arrow of its own, and the German line must still
    say "gewonnen" (both 40 and 36 beat 35 2/3 under koenigrufen), with the keys as typed."""
    assert run("replace", "2", *RUFER[:-1], "36", "-l", ledger).exit_code == 0
    assert stored(ledger)[-1] == "hand 2 replaced: rufer by Anna with Cilli, won; card_points: 40 → 36"
    shown = unfolded(run("--lang", "de", "show", "-l", ledger).stdout)
    assert re.search(
        r"^Protokoll .*: Spiel 2 ersetzt: Rufer von Anna mit Cilli, gewonnen; Kartenpunkte: 40 → 36$",
        shown,
        re.MULTILINE,
    ), shown


def test_a_replacement_that_changes_the_outcome_still_names_the_keys_it_changed(ledger: str) -> None:
    """ "Who changed hand 2, and what?": a replacement that turns a won Rufer into a lost one with
    a Kontra says the card points and the Kontra it changed, not only won → lost; in German the
    keys and the bonus's flags in German words."""
    assert (
        run(
            "replace", "2", *RUFER[:-1], "30", "-k", "kontra", "-b", "trull,defenders", "-l", ledger
        ).exit_code
        == 0
    )
    assert stored(ledger)[-1] == (
        "hand 2 replaced: rufer by Anna with Cilli, won → rufer by Anna with Cilli, kontra, lost;"
        " card_points: 40 → 30; kontra: – → Kontra; bonus: – → trull (defenders, silent, made)"
    )
    shown = unfolded(run("--lang", "de", "show", "-l", ledger).stdout)
    assert (
        ": Spiel 2 ersetzt: Rufer von Anna mit Cilli, gewonnen → Rufer von Anna mit Cilli, Kontra, verloren;"
        " Kartenpunkte: 40 → 30; Kontra: – → Kontra; Prämie: – → Trull (Gegenspieler, still, gemacht)\n"
    ) in shown
    # in English too the changed keys and the bonus are said in words, as explain names it ("Trull"),
    # the trail's stored line keeps its keys
    english = "; card points: 40 → 30; Kontra: – → Kontra; bonus: – → Trull (defenders, silent, made)\n"
    assert english in unfolded(run("show", "-l", ledger).stdout)
    assert english in unfolded(run("explain", "2", "-l", ledger).stdout)
    said_now = unfolded(run("--lang", "de", "replace", "2", *RUFER, "-l", ledger).stdout).splitlines()[0]
    assert said_now == (
        "Spiel 2 ersetzt: Rufer von Anna mit Cilli, Kontra, verloren → Rufer von Anna mit Cilli, gewonnen;"
        " Kartenpunkte: 30 → 40; Kontra: Kontra → –; Prämie: Trull (Gegenspieler, still, gemacht) → –"
    )
    assert run("replace", "2", *RUFER[:-1], "36", "-l", ledger).stdout.startswith(
        "hand 2 replaced: rufer by Anna with Cilli, won; card points: 40 → 36\n"
    )


def test_a_replaced_bonus_is_named_in_english_as_explain_names_it(ledger: str) -> None:
    """The Four Kings of a replacement are "Four Kings" on the terminal, as `explain` says them, not
    the hand file's ``four_kings``; the ledger keeps the key."""
    replaced = run("replace", "2", *RUFER, "-b", "four_kings", "-l", ledger)
    assert unfolded(replaced.stdout).startswith(
        "hand 2 replaced: rufer by Anna with Cilli, won; bonus: – → Four Kings"
    )
    assert stored(ledger)[-1].endswith("bonus: – → four_kings (declarers, silent, made)")
    assert "bonus: – → Four Kings (declarers, silent, made)\n" in unfolded(run("show", "-l", ledger).stdout)
    assert "Four Kings (silent)" in run("explain", "2", "-l", ledger).stdout


def test_a_replacement_to_the_called_king_in_the_talon_says_its_keys_in_words(ledger: str) -> None:
    """Hand 2 replaced by the same Call with the called King in the talon: the keys it changed
    (the partner, the called King, whether conceded) in the reader's words, never the hand file's
    keys (docs/german.md: the German names no code identifier)."""
    assert (
        run("replace", "2", "-c", "rufer", "-d", "Anna", "--talon", "-t", "40", "-l", ledger).exit_code == 0
    )
    assert stored(ledger)[-1].endswith("; partner: Cilli → –; called_king: – → talon; conceded: – → false")
    english = unfolded(run("show", "-l", ledger).stdout)
    assert english.endswith("; partner: Cilli → –; called King: – → in the talon; conceded: – → no\n"), (
        english
    )
    german = unfolded(run("--lang", "de", "show", "-l", ledger).stdout)
    assert german.endswith("; Partner: Cilli → –; gerufener König: – → im Talon; aufgegeben: – → nein\n"), (
        german
    )


def test_a_repair_s_findings_are_read_back_in_german(ledger: str) -> None:
    """A repair's line names what it found changed outside tarockscore ("found: hand 2 was changed
    outside tarockscore"); in German all of it in German, the finding too, kept in English."""
    text = Path(ledger).read_text(encoding="utf-8")
    lines = text.splitlines()
    # the second recorded hand's entry, its card points changed in an editor: 40 → 30
    at = [i for i, line in enumerate(lines) if line.startswith("entry = {") and "card_points = 40" in line][1]
    lines[at] = lines[at].replace("card_points = 40", "card_points = 30")
    Path(ledger).write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run("repair", "--write", "-l", ledger).exit_code == 0
    assert stored(ledger)[-1].endswith("; changed hand 2; found: hand 2 was changed outside tarockscore")
    shown = unfolded(run("--lang", "de", "show", "-l", ledger).stdout)
    assert shown.rstrip().endswith(
        "; geändert: Spiel 2; gefunden: Spiel 2 wurde außerhalb von tarockscore geändert"
    ), shown


def test_a_replaced_contract_is_named_as_explain_names_it(ledger: str) -> None:
    """ "Contract: Dreier" in `explain`: the change list says the contract so too, the ledger keeps
    the key."""
    replaced = run("replace", "1", "-c", "dreier", "-d", "Anna", "-t", "40", "-l", ledger)
    assert "; contract: Rufer → Dreier; partner: Cilli → –" in unfolded(replaced.stdout)
    assert "; contract: Rufer → Dreier; partner: Cilli → –" in unfolded(run("show", "-l", ledger).stdout)
    assert "; contract: rufer → dreier; partner: Cilli → –" in stored(ledger)[-1]


def test_a_replacement_that_recomputed_later_hands_says_its_changes_in_german() -> None:
    """A Radl after a Trischaken (a house table's radl.events): hand 1 replaced by a Call takes the
    Radl off hand 2, so the line goes on "; recomputed hand 2"; its change list is German all the same."""
    led = new_ledger(FOUR, load_profile("koenigrufen", {"radl": {"events": ["trischaken"]}}), created=AT)
    dodge: HandInput = {
        "contract": "trischaken",
        "card_points": {"Anna": 10, "Bert": 20, "Cilli": 20, "Dani": 20},
    }
    call: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}
    led = replace_hand(record(record(led, dodge, AT), call, AT), 1, call, AT)
    with i18n.language("de"):
        line = said(led.audit[-1].detail)
    assert "; Spiel: Trischaken → Rufer; Kartenpunkte: Anna=10, Bert=20, Cilli=20, Dani=20 → 40;" in line
    assert line.endswith("Spieler: – → Anna; Partner: – → Cilli; neu gerechnet: Spiel 2"), line


def test_a_radl_mark_is_said_after_the_hand_as_the_sheet_numbers_it_now(ledger: str) -> None:
    """A Radl struck after hand 3, then hand 1 deleted: the hand it was struck after is the sheet's
    hand 2 now, and the trail says so as `check` does ("hand 3 (no. 2 on the sheet)")."""
    assert run("radl", "add", "-l", ledger).exit_code == 0
    assert run("radl", "strike", "-l", ledger).exit_code == 0
    assert run("delete", "1", "-y", "-l", ledger).exit_code == 0
    assert stored(ledger)[1] == "Radl struck on the sheet after hand 3: 1 doubled hand fewer; 3 pending"
    shown = unfolded(run("show", "-l", ledger).stdout)
    assert "Radl struck on the sheet after hand 3 (no. 2 on the sheet): 1 doubled hand fewer" in shown
    assert "Radl set on the sheet after hand 3 (no. 2 on the sheet): 4 more hands ×2" in shown
    history = unfolded(run("--lang", "de", "explain", "2", "-l", ledger).stdout)
    assert "Radl in der Schrift gestrichen nach Spiel 3 (Nr. 2 in der Schrift):" in history, history
