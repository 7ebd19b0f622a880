"""The guided entry (issue 11 §4, and ``enter --replace N`` of §3): the question flow without a
terminal (``tarockscore.entry``), then ``tarockscore enter`` through the CLI.

Expected Victory Points are worked by hand from profiles/koenigrufen.toml (Simplified Scoring,
docs/rules/koenigrufen.md): a Rufer won adds contracts.rufer.value = 1 to the declarer and the
partner, a Rufer lost 1 to each Defender; Kontra ×2; an announced bonus counts twice its value.
The win threshold is 35 2/3 of 70 card points (§1.3).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tarockscore.entry.answers import Entry, Save, defaults_of, read_summary
from tarockscore.entry.flow import OWN, TALON, Flow, Kind, Question, Refused
from tarockscore.evening.store import read
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import HandInput
from tarockscore.rules.legality import called_king_bonuses, concession_possible, possible_bonuses
from tarockscore.rules.parse import parse_hand
from tests.stored import unfolded

runner = CliRunner()
TABLE = ("Anna", "Bert", "Cilli", "Dani")
KR = load_profile("koenigrufen")


def entry(profile_name: str = "koenigrufen", seats: tuple[str, ...] = TABLE) -> Entry:
    profile = KR if profile_name == "koenigrufen" else load_profile(profile_name)
    return Entry(Flow(profile, seats, seats[:4]))


def answer(e: Entry, *texts: str) -> None:
    """Give each answer; every one must be taken."""
    for text in texts:
        assert e.next() is not None, f"nothing is asked for {text!r}"
        problem = e.give(text)
        assert problem is None, (text, problem)


def asked(e: Entry) -> Question:
    question = e.next()
    assert question is not None
    return question


def offered(question: Question) -> list[str]:
    return [c.value for c in question.choices]


# -- the flow, without a terminal ---------------------------------------------------------------


def test_a_plain_rufer_is_five_questions_and_one_enter_for_no_kontra_and_no_bonus() -> None:
    e = entry()
    typed = ["rufer", "1", "3", "38"]
    answer(e, *typed)
    extras = asked(e)
    assert extras.key == "extras" and extras.default is False  # "Kontra or bonuses?" Enter = none
    answer(e, "")
    assert e.next() is None  # the summary: five questions, four of them typed
    assert len(e.lines()) == 5
    assert e.hand() == {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 38}


def test_names_prefixes_any_case_and_seat_numbers() -> None:
    e = entry()
    answer(e, "RUF")
    declarer = asked(e)
    assert [(c.number, c.label) for c in declarer.choices] == [
        (1, "Anna"),
        (2, "Bert"),
        (3, "Cilli"),
        (4, "Dani"),
    ]
    answer(e, "bert")
    partner = asked(e)
    # Bert keeps his seat's number 2; the others are not renumbered from him
    assert [(c.number, c.value) for c in partner.choices] == [
        (1, "Anna"),
        (3, "Cilli"),
        (4, "Dani"),
        (5, TALON),
    ]
    answer(e, "ci", "40", "ja", "Retour")  # Retour: the table's word for Rekontra
    assert e.answers["partner"] == "Cilli" and e.answers["kontra"] == "rekontra"
    answer(e, "König Ultimo", "", "angesagt", "", "", "")
    assert e.next() is None
    assert e.hand()["bonus"] == [
        {"name": "king_ultimo", "side": "declarers", "announced": True, "made": True}
    ]


def test_the_guided_entry_takes_the_words_the_short_form_takes() -> None:
    """ "4 Könige", "Recontra" and a side said as the German output says it are read by `enter` as
    by `-b "4 Könige,Gegenseite"` and `-k Recontra` (docs/hand-format.md), under every profile."""
    e = entry()
    answer(e, "rufer", "1", "3", "40", "ja", "Recontra", "4 Könige", "Gegenseite", "", "", "")
    assert e.answers["kontra"] == "rekontra"
    assert e.hand()["bonus"] == [
        {"name": "four_kings", "side": "defenders", "announced": False, "made": True}
    ]
    e = entry("zwanzigerrufen")
    answer(e, "rufer", "1", "3", "50", "ja", "Contra")
    assert e.answers["kontra"] == "kontra"
    e = entry()
    answer(e, "dreier", "2", "40", "y", "", "trull", "x")
    assert e.answers["bonus:1:side"] == "defenders"


def test_an_ambiguous_or_unknown_answer_is_refused_with_the_reason() -> None:
    e = entry()
    assert (
        e.give("b") == "'b' could be besserrufer, sechserdreier, bettler, bettler_ouvert: type more of it"
    )  # blind_solo
    assert e.give("bettlr") == "'bettlr' is not one of the choices (did you mean 'bettler'?)"
    assert e.give("14") == "'14' is not one of the numbers shown"
    assert e.give("") == "an answer is needed here; 'back' returns to the question before"
    assert e.answers == {}
    answer(e, "bettler", "2")
    assert e.give("vielleicht") == "'vielleicht': answer y or n"


def test_a_yes_or_no_also_takes_the_words_the_short_form_takes_for_it() -> None:
    # --won/--lost, and a bonus's flags announced/silent, made/lost (docs/scoring.md), in both languages
    e = entry()
    answer(e, "bettler", "2", "lost", "")
    assert e.answers["won"] is False
    assert e.hand() == {"contract": "bettler", "declarer": "Bert", "won": False}
    e = entry()
    answer(e, "Bettler", "Bert", "gewonnen", "")
    assert e.answers["won"] is True
    e = entry()
    answer(e, "dreier", "2", "40", "ja", "", "pagat", "Spieler", "angesagt", "verloren", "", "")
    assert e.hand()["bonus"] == [{"name": "pagat", "side": "declarers", "announced": True, "made": False}]
    e = entry()
    answer(e, "dreier", "2", "40", "y", "", "uhu", "defenders", "silent", "made", "")
    assert e.hand()["bonus"] == [{"name": "uhu", "side": "defenders", "announced": False, "made": True}]
    e = entry()
    answer(e, "dreier", "2", "40", "y", "", "trull", "declarers", "still", "gemacht", "")
    assert e.hand()["bonus"] == [{"name": "trull", "side": "declarers", "announced": False, "made": True}]
    # a unique beginning of one of these words, as every question takes one (docs/evening.md):
    # "ang." and "verl." as the paper block shortens them, the short form's own "l" and "s"
    e = entry()
    answer(e, "dreier", "2", "40", "ja", "", "pagat", "spiel", "ang", "verl", "", "")
    assert e.hand()["bonus"] == [{"name": "pagat", "side": "declarers", "announced": True, "made": False}]
    e = entry()
    answer(e, "dreier", "2", "40", "ja", "", "uhu", "decl", "s", "gem", "")
    assert e.hand()["bonus"] == [{"name": "uhu", "side": "declarers", "announced": False, "made": True}]
    e = entry()
    answer(e, "Bettler", "Bert", "Verl", "")
    assert e.answers["won"] is False
    e = entry()
    answer(e, "Bettler", "Bert", "gew", "")
    assert e.answers["won"] is True
    # a word of another question is no answer here: "Kontra or bonuses?" is not won or lost
    e = entry()
    answer(e, "dreier", "2", "40")
    assert e.give("lost") == "'lost': answer y or n"


def test_no_kontra_and_no_more_bonuses_take_a_plain_no() -> None:
    # "Kontra on the contract?" and "Another bonus?" are answered as a table answers them, "nein"
    # or "no"; it was refused as none of the choices ("did you mean 'keine'?")
    for no in ("nein", "no", "Nein"):
        e = entry()
        answer(e, "dreier", "2", "40", "ja", no, "pagat", "1", "", "", no)
        assert e.hand() == {
            "contract": "dreier",
            "declarer": "Bert",
            "card_points": 40,
            "bonus": [{"name": "pagat", "side": "declarers", "announced": False, "made": True}],
        }
        e = entry()
        answer(e, "dreier", "2", "40", "ja", "kontra", no)
        assert e.hand() == {"contract": "dreier", "declarer": "Bert", "card_points": 40, "kontra": "kontra"}


def test_back_returns_to_the_previous_question_and_undoes_its_answer() -> None:
    e = entry()
    answer(e, "rufer", "Anna", "Cilli")
    answer(e, "back")
    partner = asked(e)
    assert partner.key == "partner" and partner.default == "Cilli"  # the answer taken back
    assert "partner" not in e.answers
    answer(e, "zurück")  # German
    declarer = asked(e)
    assert declarer.key == "declarer" and declarer.default == "Anna"
    answer(e, "Bert")
    partner = asked(e)
    assert "Bert" not in offered(partner)  # the declarer is no partner
    assert partner.default == "Cilli"  # still a valid answer: offered again
    answer(e, "", "40", "")
    assert e.hand()["declarer"] == "Bert" and e.hand()["partner"] == "Cilli"
    assert entry().give("back") == "this is the first question: there is nothing to go back to"


def test_the_summary_reopens_one_line_and_keeps_the_rest() -> None:
    e = entry()
    answer(e, "rufer", "Anna", "Cilli", "30", "")
    lines = [(q.line, q.shown(v)) for q, v in e.lines()]
    assert lines[3] == ("card points", "30")
    e.reopen(4)
    question = asked(e)
    assert question.key == "card_points" and question.default == Fraction(30)
    answer(e, "40 1/3")
    assert e.next() is None  # straight back to the summary
    assert e.hand()["card_points"] == "40 1/3"
    # a change that makes a later answer impossible asks that one again
    e.reopen(2)
    answer(e, "Cilli")
    assert asked(e).key == "partner"
    assert read_summary("", 5, True) is Save.YES
    assert read_summary("3", 5, True) == 3
    assert read_summary("nein", 5, True) is Save.NO
    assert read_summary("back", 5, True) is Save.BACK
    with pytest.raises(Refused):
        read_summary("", 5, False)  # a hand the rules refuse is never recorded by Enter
    with pytest.raises(Refused):
        read_summary("9", 5, True)


def test_trischaken_asks_three_players_and_works_out_the_fourth() -> None:
    # card_points_total = 70 (profiles/koenigrufen.toml [game]); 70 − 20 − 30⅓ − 5 = 14⅔.
    e = entry()
    answer(e, "trischaken", "20")
    second = asked(e)
    assert second.key == "points:Bert" and second.most == 50  # 70 − 20 is left for Bert
    answer(e, "30 1/3", "5")
    assert e.next() is None  # no Kontra in the Dodge Round under koenigrufen (D6)
    assert e.hand()["card_points"] == {"Anna": 20, "Bert": "30 1/3", "Cilli": 5, "Dani": "14 2/3"}
    assert e.notes() == ["card points of Dani: 14 2/3, the rest of 70"]
    e = entry()
    answer(e, "trischaken", "60")
    assert e.give("11") == "'11' is more than the 10 left of the deck's 70"


def test_trischaken_without_the_talon_asks_every_player() -> None:
    # GameTwist does not use the talon in Trischaken ([GT], trischaken.talon = "out"): the four
    # counts add up to 70 less the talon's, so the fourth cannot be worked out and is asked.
    e = entry("gametwist")
    answer(e, "trischaken", "20", "30", "10")
    assert asked(e).key == "points:Dani"
    answer(e, "5")
    assert e.next() is None
    assert e.hand()["card_points"] == {"Anna": 20, "Bert": 30, "Cilli": 10, "Dani": 5}
    assert e.notes() == []


def test_king_ultimo_is_not_offered_when_the_called_king_lay_in_the_talon() -> None:
    # The King ultimo is the called King in the last trick (docs/rules/koenigrufen.md §3.3): a
    # King in the talon is in no trick.
    assert called_king_bonuses(KR) == {"king_ultimo"}
    rufer = KR.contracts["rufer"]
    assert "king_ultimo" in possible_bonuses(KR, rufer, None)
    assert "king_ultimo" not in possible_bonuses(KR, rufer, "talon")
    e = entry()
    answer(e, "rufer", "Anna", "talon", "n", "", "30", "y", "")  # the King's half not said
    assert asked(e).key == "bonus:1"
    assert "king_ultimo" not in offered(asked(e)) and "pagat" in offered(asked(e))
    # Taken into the declarer's hand, the King is played: "König ultimo only by the holder of the
    # called king (partner, or declarer who took it from the talon)" [OÖ23] (issue 28 §1).
    e = entry()
    answer(e, "rufer", "Anna", "talon", "n", "Spieler", "30", "y", "")
    assert "king_ultimo" in offered(asked(e))
    e = entry()
    answer(e, "rufer", "Anna", "talon", "n", "Gegner", "30", "y", "")
    assert "king_ultimo" not in offered(asked(e))
    e = entry()
    answer(e, "rufer", "Anna", "Cilli", "40", "y", "")
    assert "king_ultimo" in offered(asked(e))
    gt = load_profile("gametwist")  # GameTwist's Königfang is about the called King too
    assert called_king_bonuses(gt) == {"king_ultimo", "koenigfang"}


def test_conceded_is_not_offered_in_a_solorufer() -> None:
    # In a Solorufer the talon goes to the Defenders unseen (docs/rules/koenigrufen.md §1.4): the
    # declarer cannot concede at once on seeing the King there; he plays on alone.
    assert concession_possible(KR, KR.contracts["rufer"])
    assert not concession_possible(KR, KR.contracts["solorufer"])
    e = entry()
    answer(e, "solorufer", "Anna", "talon")
    # at the end the half with the King is the declarer's ([OÖ23 Allg. 7], [GT]): no other choice
    assert asked(e).key == "king_half" and offered(asked(e)) == ["", "declarer"]
    answer(e, "")
    assert asked(e).key == "card_points"
    e = entry()
    answer(e, "rufer", "Anna", "talon")
    assert asked(e).key == "conceded"
    answer(e, "y")
    assert e.next() is None  # a conceded hand: no card points, no Kontra (koenigrufen pays the contract only)
    assert e.hand() == {"contract": "rufer", "declarer": "Anna", "called_king": "talon", "conceded": True}


def test_only_what_the_profile_allows_is_offered() -> None:
    # Zwanzigerrufen deals no talon: no King in it (docs/rules/zwanzigerrufen.md).
    e = entry("zwanzigerrufen")
    answer(e, "rufer", "Anna")
    assert TALON not in offered(asked(e))
    # pagat.com allows calling one's own King (D31)
    e = entry("pagat")
    answer(e, "rufer", "Anna")
    assert OWN in offered(asked(e))
    # GameTwist: only the Forehand may bid the Sechserdreier (contracts.sechserdreier.bidders)
    e = entry("gametwist")
    answer(e, "sechserdreier")
    assert offered(asked(e)) == ["Anna"]
    # contra ad personam in the Bettler under the main rules (D5): each Defender is asked
    e = entry()
    answer(e, "bettler", "Bert", "n", "y")
    assert [asked(e).key] == ["kontra:Anna"]
    answer(e, "kontra", "", "")
    assert e.hand()["kontra"] == {"Anna": "kontra"}


def test_a_contract_only_the_forehand_may_bid_is_his_without_a_tap() -> None:
    """A Zwanzigerrufen Call is Forehand's alone (docs/rules/zwanzigerrufen.md §2, bidders =
    "forehand"): the phone offered his name as the only button, unchosen, and a Call entered
    without that tap was refused ("Declarer: an answer is needed here"). The only player who may
    bid it is the answer already; Enter takes it. At five, hand 2's Forehand is Bert."""
    e = entry("zwanzigerrufen")
    answer(e, "rufer")
    assert (asked(e).key, asked(e).default) == ("declarer", "Anna")
    answer(e, "", "Cilli", "50", "")
    assert e.hand()["declarer"] == "Anna"
    seats = ("Anna", "Bert", "Cilli", "Dani", "Edi")
    e = Entry(Flow(load_profile("zwanzigerrufen"), seats, ("Bert", "Cilli", "Dani", "Edi")))
    answer(e, "rufer", "", "Dani", "50", "")
    assert (e.hand()["declarer"], e.hand()["partner"]) == ("Bert", "Dani")
    e = entry("zwanzigerrufen")
    answer(e, "solo")
    assert asked(e).default is None  # anyone may bid a Solo: an answer is needed


def test_a_five_player_table_keeps_its_seat_numbers_and_leaves_out_who_sits_out() -> None:
    seats = ("Anna", "Bert", "Cilli", "Dani", "Edi")
    # hand 2: Anna deals and sits out; Bert is Forehand
    e = Entry(Flow(KR, seats, ("Bert", "Cilli", "Dani", "Edi")))
    answer(e, "rufer")
    assert [(c.number, c.value) for c in asked(e).choices] == [
        (2, "Bert"),
        (3, "Cilli"),
        (4, "Dani"),
        (5, "Edi"),
    ]
    sits_out = "'Anna' deals this hand and sits it out (a table of five); the hand is played by Bert, Cilli, Dani, Edi"
    assert e.give("1") == sits_out  # her seat's number: said why she is not offered
    assert e.give("anna") == sits_out
    assert e.give("An") == sits_out  # a beginning only she has
    assert e.give("6") == "'6' is not one of the numbers shown"
    answer(e, "Bert")
    assert e.give("Anna") == sits_out  # as the partner too


def test_defaults_from_a_stored_hand() -> None:
    keys: dict[str, Any] = {
        "players": list(TABLE),
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": "40 1/3",
        "kontra": "kontra",
        "bonus": [{"name": "pagat", "side": "declarers", "announced": True, "made": True}],
    }
    e = Entry(Flow(KR, TABLE, TABLE), defaults_of(parse_hand(cast(HandInput, keys), KR)))
    shown = []
    while (question := e.next()) is not None:
        shown.append((question.key, question.default))
        answer(e, "")
    assert shown == [
        ("contract", "rufer"),
        ("declarer", "Anna"),
        ("partner", "Cilli"),
        ("card_points", Fraction(121, 3)),
        ("extras", True),
        ("kontra", "kontra"),
        ("bonus:1", "pagat"),
        ("bonus:1:side", "declarers"),
        ("bonus:1:announced", True),
        ("bonus:1:made", True),
        ("bonus:1:kontra", ""),
        ("bonus:2", ""),
    ]
    assert e.hand() == {k: v for k, v in keys.items() if k != "players"}


# -- tarockscore enter ------------------------------------------------------------------------------


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", ",".join(TABLE), "--ledger", path).exit_code == 0
    return path


def totals(ledger: str) -> dict[str, int]:
    return dict(json.loads(run("show", "--json", "--ledger", ledger).stdout)["totals"])


def test_enter_a_plain_rufer_in_at_most_five_answers(ledger: str) -> None:
    answers = ["rufer", "1", "3", "38", "", ""]  # the last two: Enter (no Kontra, no bonus), Enter (record)
    result = run("enter", "--ledger", ledger, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    typed = [a for a in answers if a]
    assert len(typed) <= 5 and len(answers) == 6
    out = result.stdout
    assert "players: 1=Anna 2=Bert 3=Cilli 4=Dani" in out
    assert "Partner (holder of the called card) (2=Bert 3=Cilli 4=Dani 5=in the talon): 3" in out
    assert "Kontra or bonuses? [y/N]: " in out
    assert "Record this as hand 1? (Enter = yes, n = no, a line's number changes it): " in out
    assert "hand 1: rufer by Anna with Cilli, won" in out
    assert totals(ledger) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}  # 38 ≥ 35 2/3: won


def test_a_misspelt_answer_in_german_is_guessed_in_the_words_shown(ledger: str) -> None:
    # German shows "Rufer", capitalised: "rufr" was guessed as 'a_rufer', a key word of the
    # Besserrufer, compared with regard to case; the answer is taken in any case, so is the guess
    result = run("--lang", "de", "enter", "--ledger", ledger, input="rufr\n")
    assert result.stderr.splitlines()[0] == "  'rufr' ist keine der Möglichkeiten (meinst du 'Rufer'?)"


def test_enter_back_and_a_changed_line_at_the_summary(ledger: str) -> None:
    # Bert first, then back to Anna; card points 30 (lost), changed at the summary to 40 (won).
    answers = ["rufer", "Bert", "back", "anna", "cilli", "30", "", "4", "40", ""]
    result = run("enter", "--ledger", ledger, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "Declarer (1=Anna 2=Bert 3=Cilli 4=Dani) [Bert]: anna" in result.stdout
    assert "Card points of Anna and Cilli (of 70, or Valat) [30]: 40" in result.stdout
    assert totals(ledger) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}


def test_enter_trischaken(ledger: str) -> None:
    answers = ["trischaken", "20", "30 1/3", "5", ""]
    result = run("enter", "--ledger", ledger, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "card points of Dani: 14 2/3, the rest of 70" in result.stdout
    # before it records, the bet as the sheet scores it: Bert, with the most, loses alone; under
    # Simplified Scoring [CTK] each other player writes the Trischaken's 5 [STC-TB], not 5 ×3 = 15
    row = next(line for line in result.stdout.splitlines() if line.startswith("Trischaken:"))
    assert row.split()[1:4] == ["5", "-", "5"] and "×3" not in result.stdout, result.stdout
    stored = Path(ledger).read_text(encoding="utf-8")
    assert 'Dani = "14 2/3"' in stored and 'Bert = "30 1/3"' in stored


def test_end_of_input_records_nothing_and_says_so(ledger: str) -> None:
    before = Path(ledger).read_bytes()
    result = run("enter", "--ledger", ledger, input="rufer\nAnna\n")
    assert result.exit_code == 1
    assert result.stderr.strip() == "end of input: not recorded; the ledger is unchanged"
    assert "Traceback" not in result.stdout + result.stderr
    assert Path(ledger).read_bytes() == before


def _until(proc: subprocess.Popen[bytes], needle: bytes) -> bytes:
    """What the process printed up to ``needle`` (a question waiting for its answer)."""
    assert proc.stdout is not None
    seen = b""
    while needle not in seen:
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        assert ready, seen
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, seen
        seen += chunk
    return seen


def _ctrl_c_as_at_a_terminal() -> None:
    """In the child before it runs: SIGINT back to its default, as a program started at a terminal
    has it. A test run as a background job of a shell inherits SIGINT ignored, and Python leaves an
    ignored SIGINT ignored, so the Ctrl-C sent below would never arrive."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT, as Ctrl-C at a terminal does")
def test_ctrl_c_at_a_question_is_exit_130_and_records_nothing(ledger: str) -> None:
    before = Path(ledger).read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tarockscore", "enter", "--ledger", ledger],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    try:
        assert proc.stdin is not None
        _until(proc, b"Contract (")
        proc.stdin.write(b"rufer\n")
        proc.stdin.flush()
        _until(proc, b"Declarer (")  # the second question, waiting
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    text = err.decode()
    assert proc.returncode == 130, (proc.returncode, text)
    assert "Traceback" not in text and "Aborted" not in text, text
    assert text.strip() == "not recorded; the ledger is unchanged"
    assert Path(ledger).read_bytes() == before


def test_a_hand_the_rules_refuse_is_shown_at_the_summary_and_can_be_changed(ledger: str) -> None:
    # A Besserrufer is played with a bird announced by the declarers (contracts.besserrufer
    # .requires_announced): a silent Pagat is refused at the summary, and Enter does not record
    # it; line 8 (Pagat announced?) is changed to yes, then Enter records it.
    answers = ["besserrufer", "Anna", "Cilli", "40", "", "pagat", "1", "", "", "", "", "8", "y", "", ""]
    result = run("enter", "--ledger", ledger, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert (
        "  bonus: besserrufer is played with one of 'kakadu', 'pagat', 'quapil', 'uhu' announced by the declarers\n"
        "  '': give a line's number 1 to 10 to change it, or n to leave it\n"
    ) in result.stderr
    assert "  8  pagat, announced: no" in result.stdout
    assert "Change a line (its number), go back, or n to leave it" in result.stdout
    # Besserrufer won with 40: the Call 1 + the announced Pagat 1 × 2 = 3 to Anna and Cilli (D19).
    assert totals(ledger) == {"Anna": 3, "Bert": 0, "Cilli": 3, "Dani": 0}


def test_enter_replace_walks_the_old_answers(ledger: str) -> None:
    recorded = run(
        "record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40 1/3", "-k", "kontra",
        "-b", "pagat,announced", "--ledger", ledger,
    )  # fmt: skip
    assert recorded.exit_code == 0, recorded.stderr
    # Rufer with Kontra won: 1 × 2 = 2; Pagat announced 1 × 2 = 2 → Anna +4, Cilli +4.
    assert totals(ledger) == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dani": 0}
    answers = ["", "", "", "30", *[""] * 20]  # only the card points change: 30, lost
    result = run("enter", "--replace", "1", "--ledger", ledger, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("replacing hand 1: rufer by Anna with Cilli, kontra, won")
    for default in ("[rufer]", "[Anna]", "[Cilli]", "[40 1/3]", "[Y/n]", "[kontra]", "[pagat]"):
        assert default in out, default
    # the summary asks to replace hand 1, not to record the hand as hand 1 (as if it were added)
    assert "Replace hand 1 with this? (Enter = yes, n = no, a line's number changes it)" in out
    assert "Record this as hand" not in out
    assert (
        "hand 1 replaced: rufer by Anna with Cilli, kontra, won → rufer by Anna with Cilli, kontra, lost"
        in unfolded(out)
    )
    # Rufer lost with Kontra: each Defender 1 × 2 = 2; the announced Pagat made still 2 each.
    assert totals(ledger) == {"Anna": 2, "Bert": 2, "Cilli": 2, "Dani": 2}
    bad = run("enter", "--replace", "5", "--ledger", ledger, input="")
    assert bad.exit_code == 1
    assert bad.stderr == "error: there is no hand 5; the ledger has only hand 1\n"
    assert run("enter", "--replace", "0", "--ledger", ledger, input="").exit_code == 2


def test_enter_in_german(ledger: str) -> None:
    # Dreier by Bert with 33 (lost; the declarer needs 35 2/3), Rekontra said as "Retour".
    answers = ["Dreier", "bert", "33", "j", "Retour", "könig", "", ""]
    result = run("--lang", "de", "enter", "--ledger", ledger, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "Kontra oder Prämien? [j/N]: j" in result.stdout
    # no King ultimo in a Dreier (no King is called, docs/rules/koenigrufen.md §3.3)
    assert result.stderr == "  'könig' ist keine der Möglichkeiten\n"
    # Dreier 5 lost, Kontra ×2, Rekontra ×2 = 20 to each Defender.
    assert totals(ledger) == {"Anna": 20, "Bert": 0, "Cilli": 20, "Dani": 20}


def test_enter_replace_keeps_a_renonce_it_does_not_ask(ledger: str) -> None:
    # A renonce by Bert, a Defender, decides the hand without card points: the declarers win
    # the contract (renonce.rule = "side_loses"): Rufer 1 to Anna and Cilli.
    assert (
        run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "--renonce", "Bert", "-l", ledger).exit_code
        == 0
    )
    before = Path(ledger).read_bytes()
    result = run("enter", "--replace", "1", "--ledger", ledger, input="\n" * 6)
    assert result.exit_code == 0, result.stderr
    assert "Card points" not in result.stdout  # the renonce decided it: none are asked
    assert "  renonce: Bert\n" in result.stdout  # asked, the recorded one its default
    # the same hand again: nothing is written (no audit entry saying nothing), and it says so
    assert result.stdout.endswith("hand 1: nothing changed; the ledger is unchanged\n")
    assert Path(ledger).read_bytes() == before
    assert totals(ledger) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}


def test_a_revoked_trischaken_asks_no_card_points() -> None:
    # The revoke decides a Trischaken, not the card points (renonce.rule = "side_loses", D28): the
    # revoker loses alone, whatever anyone took; so none are asked, and the hand gives none.
    e = Entry(Flow(KR, TABLE, TABLE))
    answer(e, "trischaken")
    assert asked(e).key == "points:Anna"  # nobody revoked, unless said: "renonce" asks who
    answer(e, "renonce", "bert")
    assert e.next() is None  # koenigrufen has no Kontra in the Dodge Round (kontra.dodge_round = false)
    hand = e.hand()
    assert "card_points" not in hand
    assert hand["renonce"] == "Bert"
    parse_hand({"players": list(TABLE), **hand}, KR)


def test_enter_replace_of_a_revoked_trischaken_asks_no_card_points(ledger: str) -> None:
    # Trischaken 5 [STC-TB], Bert revokes: he loses alone, 5 to each other player (Simplified Scoring).
    recorded = run(
        "record",
        "-c",
        "trischaken",
        "--renonce",
        "Bert",
        "-t",
        "Anna=20",
        "-t",
        "Bert=20",
        "-t",
        "Cilli=20",
        "-t",
        "Dani=10",
        "-l",
        ledger,
    )
    assert recorded.exit_code == 0, recorded.stderr
    result = run("enter", "--replace", "1", "--ledger", ledger, input="\n" * 3)
    assert result.exit_code == 0, result.stderr
    assert "Card points" not in result.stdout
    assert "  renonce: Bert\n" in result.stdout  # asked, the recorded one its default
    assert totals(ledger) == {"Anna": 5, "Bert": 0, "Cilli": 5, "Dani": 5}


@pytest.mark.parametrize(
    ("profile_name", "contract"),
    [
        (name, contract)
        for name in ("koenigrufen", "ooe-2023", "wien", "tirol", "zwanzigerrufen")
        for contract in ("rufer", "dreier", "solo", "bettler", "piccolo")
        if contract in load_profile(name).contracts  # each profile's own contracts
    ],
)
def test_a_revoked_hand_asks_no_card_points_no_tricks_and_no_bonus_outcome(
    profile_name: str, contract: str
) -> None:
    # Every renonce.rule (D28, rules/renonce.py) scores a revoked hand without its card points or
    # tricks, and counts an announced bonus whether made or not: side_loses gives it to the side
    # that did not revoke [PAGAT], as_if_won pays it as if won [OÖR25 B.4], [WTC20 § Renonce],
    # [TIR20 7)]; a silent one counts in none. So none of them is asked.
    profile = KR if profile_name == "koenigrufen" else load_profile(profile_name)
    e = Entry(Flow(profile, TABLE, TABLE), {"renonce": "Bert"})
    answer(e, contract)
    keys = []
    for _ in range(30):  # every Kontra and bonus question too, to see none asks the outcome
        question = e.next()
        if question is None:
            break
        keys.append(question.key)
        if question.kind is Kind.YES_NO:
            typed = "y"
        elif question.kind is Kind.POINTS:
            typed = "30"
        elif question.key == "bonus:1":
            typed = question.choices[1].value  # the first bonus
        else:
            typed = "" if question.default is not None else question.choices[0].value
        assert e.give(typed) is None, (question.key, typed)
    assert "card_points" not in keys and "won" not in keys, keys
    assert not any(key.endswith(":made") for key in keys), keys
    hand = e.hand()
    assert "card_points" not in hand and "won" not in hand
    parse_hand(cast(HandInput, {"players": list(TABLE), **hand}), profile)


def test_enter_replace_of_a_revoked_rufer_asks_no_card_points_and_drops_them(ledger: str) -> None:
    # Bert, a Defender, revokes; the Rufer was recorded with 30 card points and the announced Pagat
    # lost. renonce.rule = "side_loses" (koenigrufen, D28 [PAGAT]): the defenders lose the contract
    # and every announced bonus, whatever the cards: Rufer 1 and the Pagat announced 1 × 2 = 2 to
    # Anna and Cilli (Simplified Scoring): +3 each, card points or not.
    recorded = run(
        "record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "30", "-b", "pagat,announced,lost",
        "--renonce", "Bert", "-l", ledger,
    )  # fmt: skip
    assert recorded.exit_code == 0, recorded.stderr
    assert totals(ledger) == {"Anna": 3, "Bert": 0, "Cilli": 3, "Dani": 0}
    result = run("enter", "--replace", "1", "--ledger", ledger, input="\n" * 12)
    assert result.exit_code == 0, result.stderr
    assert "Card points" not in result.stdout and "made?" not in result.stdout
    assert "  renonce: Bert\n" in result.stdout  # asked, the recorded one its default
    kept = dict(read(Path(ledger)).ledger.hands[0].keys)
    assert "card_points" not in kept  # they decided nothing: left out, as a Trischaken's are
    # the Pagat's outcome, not asked, stays as recorded: nobody said it was made
    assert kept["bonus"] == [{"name": "pagat", "side": "declarers", "announced": True, "made": False}]
    assert "→ Pagat (declarers, announced, made)" not in result.stdout
    assert totals(ledger) == {"Anna": 3, "Bert": 0, "Cilli": 3, "Dani": 0}


def test_enter_replace_of_a_revoked_bettler_asks_not_who_won(ledger: str) -> None:
    # Bettler 4 [STC-TB] by Anna; Bert revokes: "side_loses" (D28) gives the Bettler to Anna.
    assert (
        run("record", "-c", "bettler", "-d", "Anna", "--lost", "--renonce", "Bert", "-l", ledger).exit_code
        == 0
    )
    result = run("enter", "--replace", "1", "--ledger", ledger, input="\n" * 6)
    assert result.exit_code == 0, result.stderr
    assert "win the" not in result.stdout
    assert totals(ledger) == {"Anna": 4, "Bert": 0, "Cilli": 0, "Dani": 0}


def test_every_question_keeps_ctrl_c_apart_from_end_of_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """``delete``'s yes-or-no question too: Ctrl-C is the interrupt (exit 130 in the command
    group), end of input Typer's Abort."""
    import typer
    from typer._click import termui

    from tarockscore.cli import terminal as ask

    def pressed(key: type[BaseException]) -> object:
        def prompt(text: str) -> str:
            raise key

        return prompt

    monkeypatch.setattr(termui, "visible_prompt_func", pressed(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        ask.confirm("Delete hand 1?")
    with pytest.raises(KeyboardInterrupt):
        ask.answer_to("Contract")
    monkeypatch.setattr(termui, "visible_prompt_func", pressed(EOFError))
    with pytest.raises(typer.Abort):
        ask.confirm("Delete hand 1?")


def test_a_revoke_the_offender_pays_asks_no_bonus(tmp_path: Path) -> None:
    # renonce.rule = "offender_pays" (D28): the revoker pays the contract with its Kontra to each
    # other player; no bonus is charged or scored, announced or silent. So the guided entry asks
    # the Kontra on the contract and no bonus, and a replaced hand keeps the bonuses recorded.
    profile = load_profile("koenigrufen", {"renonce": {"rule": "offender_pays"}})
    e = Entry(Flow(profile, TABLE, TABLE))
    answer(e, "rufer", "Anna", "Cilli", "renonce", "Bert")  # Bert revoked
    question = asked(e)
    assert (question.key, question.text) == ("extras", "Kontra?")
    answer(e, "y", "kontra")
    assert e.next() is None
    assert "bonus" not in e.hand()
    house = tmp_path / "house.toml"
    house.write_text('extends = "koenigrufen"\n[renonce]\nrule = "offender_pays"\n', encoding="utf-8")
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", ",".join(TABLE), "-P", str(house), "--ledger", path).exit_code == 0
    recorded = run(
        "record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-b", "pagat,announced", "-b", "trull",
        "--renonce", "Bert", "-l", path,
    )  # fmt: skip
    assert recorded.exit_code == 0, recorded.stderr
    # Rufer 1 [CTK], Simplified Scoring: each other player adds 1, Bert nothing
    assert totals(path) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 1}
    before = Path(path).read_bytes()
    result = run("enter", "--replace", "1", "--ledger", path, input="\n" * 8)
    assert result.exit_code == 0, result.stderr
    assert "Bonus" not in result.stdout and "Kontra or bonuses" not in result.stdout, result.stdout
    assert result.stdout.endswith("hand 1: nothing changed; the ledger is unchanged\n"), result.stdout
    assert Path(path).read_bytes() == before


@pytest.mark.parametrize(("profile_name", "asked_made"), [("koenigrufen", False), ("ooe-2023", True)])
def test_a_revoked_hand_asks_a_silent_bonus_made_only_where_it_is_claimed(
    profile_name: str, asked_made: bool
) -> None:
    # A silent bonus counts in a revoked hand only where the wronged side may claim one it can
    # prove (renonce.silent_claimed: ooe-2023, [OÖ23 Renonce 7 via HT §7.9]); under koenigrufen's
    # side_loses [PAGAT] only the announced ones count, so whether it was made is not asked.
    profile = load_profile(profile_name)
    e = Entry(Flow(profile, TABLE, TABLE))
    answer(e, "dreier", "Bert", "renonce", "Dani", "y", "", "pagat", "declarers", "n")  # Dani revoked
    question = e.next()
    assert (question is not None and question.key == "bonus:1:made") is asked_made, question


def test_enter_asks_who_revoked_when_renonce_is_typed(ledger: str) -> None:
    # Rufer 1 [STC-TB] by Anna with Cilli; Bert, a Defender, revokes: renonce.rule = "side_loses"
    # (koenigrufen, D28 [PAGAT]): the defenders lose the contract, whatever the cards, the Rufer
    # to Anna and to Cilli. "renonce" typed where the card points are asked asks who revoked;
    # then no card points are asked.
    typed = ["rufer", "1", "3", "renonce", "bert", "", ""]
    result = run("enter", "--ledger", ledger, input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "'renonce' asks who revoked" in result.stdout
    assert "Renonce: who revoked? (0=none 1=Anna 2=Bert 3=Cilli 4=Dani) [none]: " in result.stdout
    assert result.stdout.count("Card points of Anna and Cilli") == 1  # asked once, before the revoke
    assert "\n  4  renonce: Bert\n  5  Kontra or bonuses: no\n" in result.stdout
    assert "hand 1: rufer by Anna with Cilli, renonce by Bert, won" in result.stdout
    assert totals(ledger) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}


def test_enter_takes_a_revoke_at_the_summary_in_german(ledger: str) -> None:
    # Dreier 5 [STC-TB] by Bert with 40 card points, a win; but Bert revoked: "side_loses" (D28)
    # makes the declarer lose it whatever the cards: the Dreier 5 to each Defender. At the
    # summary "renonce" asks who revoked, and the card points go from it.
    typed = ["dreier", "bert", "40", "", "renonce", "bert", ""]
    result = run("--lang", "de", "enter", "--ledger", ledger, input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "'renonce' fragt, wer renonciert hat" in " ".join(result.stdout.split())  # wrapped at 80
    assert "Renonce: Wer hat renonciert? (0=keine 1=Anna 2=Bert 3=Cilli 4=Dani) [keine]: " in result.stdout
    summaries = result.stdout.split("Kontra oder Prämien: nein")
    assert "Kartenpunkte: 40" in summaries[0] and "Kartenpunkte" not in summaries[1]
    assert "  3  Renonce: Bert\n" in summaries[1]
    assert totals(ledger) == {"Anna": 5, "Bert": 0, "Cilli": 5, "Dani": 5}
    # the summary's question too in 80 columns, room left for the answer: it was 97 columns
    summary = result.stdout[result.stdout.index("Als Spiel 1 in die Schrift eintragen?") :].split(": ")[0]
    assert len(summary.splitlines()) == 2 and max(len(line) for line in summary.splitlines()) <= 76


def test_renonce_typed_before_the_players_are_known_asks_it_when_it_comes() -> None:
    # who revoked is one of the hand's players: asked once the contract and its players are given
    e = entry()
    answer(e, "rufer", "1")
    assert e.give("renonce") == "who revoked is asked after the contract and its players"
    assert asked(e).key == "partner"  # the question stands
    answer(e, "3")
    renonce = asked(e)
    assert renonce.key == "renonce" and renonce.default == ""
    answer(e, "2")
    assert asked(e).key == "extras"  # Bert revoked: no card points


def test_the_talon_and_ones_own_king_are_numbered_after_the_seats_and_picked_by_number() -> None:
    # pagat allows both: the King in the talon and one's own [PAGAT via HT §9.8]
    e = entry("pagat")
    answer(e, "rufer", "1")
    partner = asked(e)
    assert [(c.number, c.value) for c in partner.choices][-2:] == [(5, TALON), (6, OWN)]
    answer(e, "6")
    assert e.answers["partner"] == OWN
    e = entry()
    answer(e, "rufer", "2", "5")
    assert e.answers["partner"] == TALON


def test_a_bonus_side_is_chosen_never_taken_as_the_declarers_unasked(ledger: str) -> None:
    # A Pagat may be made by either side (docs/rules/koenigrufen.md §3.1): the side has no default,
    # and Enter at it is refused; the Valat given for the card points the same. The King ultimo
    # is the declarers' alone under koenigrufen ("for the declarer's side", §3.1; D33): said, and
    # that side taken by Enter.
    from tarockscore.cli.commands.enter import prompt_text

    e = entry()
    answer(e, "rufer", "1", "3", "40", "y", "", "pagat")
    side = asked(e)
    assert (side.key, side.default, side.fixed) == ("bonus:1:side", None, False)
    assert prompt_text(side) == "pagat: for which side (1=declarers 2=defenders)"
    assert e.give("") == "an answer is needed here; 'back' returns to the question before"
    answer(e, "2", "", "", "king_ultimo")
    king = asked(e)
    assert prompt_text(king) == "king_ultimo: only the declarers can make it (1=declarers) [declarers]"
    assert king.fixed
    answer(e, "", "", "", "")
    assert [b["side"] for b in e.hand()["bonus"]] == ["defenders", "declarers"]
    e = entry()
    answer(e, "rufer", "1", "3", "valat")
    assert prompt_text(asked(e)) == "Valat: every trick to (1=Anna and Cilli 2=Bert and Dani)"
    assert e.give("") == "an answer is needed here; 'back' returns to the question before"
    # at the terminal: Enter at the side asks again, the side typed next is the one recorded; a
    # silent Pagat made by the defenders, the Rufer won by Anna and Cilli: +1 each for the Rufer
    # [STC-TB], +1 each for Bert and Dani for the Pagat (docs/rules/koenigrufen.md §3.1)
    typed = ["rufer", "1", "3", "40", "y", "", "pagat", "", "2", "", "", "", ""]
    result = run("--lang", "de", "enter", "--ledger", ledger, input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.stderr
    prompt = "Pagat: für welche Seite (1=Spieler 2=Gegenspieler): "  # no [Spieler] for Enter to take
    assert f"{prompt}\n{prompt}2\n" in result.stdout and "hier braucht es eine Antwort" in result.stderr
    assert totals(ledger) == {"Anna": 1, "Bert": 1, "Cilli": 1, "Dani": 1}


def test_a_long_prompt_is_wrapped_between_words_for_80_columns() -> None:
    # The contracts of koenigrufen offered by number: 190 characters, which a terminal of 80
    # columns broke inside a word ("solodreie|r"); the answer is typed after its last line.
    from tarockscore.cli.commands.enter import prompt_text

    contract = asked(entry())
    text = prompt_text(contract)
    names = " ".join(f"{i}={name}" for i, name in enumerate(KR.contracts, 1))
    assert " ".join(text.split()) == f"Contract ({names})"
    assert len(text.splitlines()) == 3 and max(len(line) for line in text.splitlines()) <= 76


def test_a_choice_of_two_words_stays_on_one_line_of_the_prompt(ledger: str) -> None:
    # In German the contracts are offered by their names: "11=Piccolo ouvert" was broken after
    # "Piccolo", its "ouvert" alone at the start of the next line; a seat's name of two words too
    result = run("--lang", "de", "enter", "--ledger", ledger, input="")
    prompt = result.stdout.splitlines()
    assert "11=Piccolo ouvert" in result.stdout and not any(line.startswith("ouvert") for line in prompt)
    assert max(len(line) for line in prompt) <= 80
