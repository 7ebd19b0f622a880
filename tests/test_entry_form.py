"""The guided entry driven as a form drives it (issue 24 §4): no terminal, the answers sent as
the fields of a form, one text per question key (``tarockscore.entry``).

Expected questions and hands are read from profiles/koenigrufen.toml and its sources
(docs/rules/koenigrufen.md): 70 card points in the deck ([game] card_points_total, §1), the
called King may lie in the talon ([called_king_in_talon] rule = "traditional", D18) but no
declarer calls his own (call_own_king = false, D31), the main rules stop at Rekontra
([kontra] ceiling, D2), no Hüttenfleck (huettenfleck = false, D3), no Kontra in the Dodge Round
(dodge_round = false, D6), and the talon's cards count in Trischaken (trischaken.talon =
"counted", §6), so the fourth player's card points are the rest of the 70.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.entry.answers import Reading, next_question, submit
from tarockscore.entry.flow import NONE, TALON, Flow, Kind
from tarockscore.evening.store import read
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

TABLE = ("Anna", "Bert", "Cilli", "Dani")
KR = load_profile("koenigrufen")


def flow() -> Flow:
    return Flow(KR, TABLE, TABLE)  # the first hand at a table of four: Anna is Forehand


def asked(reading: Reading) -> tuple[str, list[tuple[int | None, str]]]:
    """The question a form shows now: its key and its choices, each with its number."""
    assert reading.next is not None, reading.hand
    return reading.next.key, [(c.number, c.value) for c in reading.next.choices]


def test_a_rufer_asks_contract_declarer_partner_card_points_and_extras() -> None:
    given: dict[str, str] = {}
    contracts = list(KR.contracts)  # the profile's thirteen contracts, numbered in its order
    assert asked(next_question(flow(), given)) == ("contract", list(enumerate(contracts, 1)))
    given["contract"] = "rufer"
    # anyone may bid a Rufer; each player keeps the number of their seat
    assert asked(next_question(flow(), given)) == (
        "declarer",
        [(1, "Anna"), (2, "Bert"), (3, "Cilli"), (4, "Dani")],
    )
    given["declarer"] = "2"  # Bert, by his seat's number
    # the partner is one of the other three, or the King lay in the talon (D18), numbered after
    # the seats; never the declarer's own King (D31)
    assert asked(next_question(flow(), given)) == (
        "partner",
        [(1, "Anna"), (3, "Cilli"), (4, "Dani"), (5, TALON)],
    )
    given["partner"] = "cil"  # a unique beginning, in any case
    reading = next_question(flow(), given)
    assert reading.next is not None
    assert (reading.next.key, reading.next.kind) == ("card_points", Kind.POINTS)
    assert reading.next.most == 70  # the whole deck ([game] card_points_total)
    assert reading.next.default is None  # the card points decide a Rufer: they are needed
    given["card_points"] = "38"
    extras = next_question(flow(), given).next
    assert extras is not None and extras.key == "extras"
    assert extras.default is False  # Kontra or bonuses? none unless said
    given["extras"] = "y"
    # Kontra on the contract up to Rekontra (D2), numbered up the ladder, none by default; no
    # Hüttenfleck is asked after it (D3)
    kontra = next_question(flow(), given).next
    assert kontra is not None and kontra.default == NONE
    assert [(c.number, c.value) for c in kontra.choices] == [(0, NONE), (1, "kontra"), (2, "rekontra")]
    given["kontra"] = ""
    bonus = next_question(flow(), given).next
    assert bonus is not None and bonus.key == "bonus:1"
    assert [c.value for c in bonus.choices] == [NONE, *KR.contracts["rufer"].bonuses]


def test_a_question_left_out_is_asked_by_next_question_and_takes_its_default_in_submit() -> None:
    given = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "38"}
    asking = next_question(flow(), given)
    assert asking.next is not None and asking.next.key == "extras" and asking.hand is None
    done = submit(flow(), given)
    assert done.next is None and done.refused is None
    # 38 card points of Anna and Cilli; "Kontra or bonuses?" left out: no
    assert done.hand == {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 38}


def test_trischaken_asks_three_and_works_out_the_fourth() -> None:
    given = {"contract": "trischaken", "points:Anna": "20"}
    second = next_question(flow(), given).next
    assert second is not None and second.key == "points:Bert"
    assert second.most == 50  # 70 − Anna's 20 is left for the others
    given |= {"points:Bert": "30 1/3", "points:Cilli": "5"}
    done = submit(flow(), given)
    # 70 − 20 − 30⅓ − 5 = 14⅔ for Dani, Cilli's neighbour and the last in seat order; no Kontra
    # is asked in the Dodge Round (D6)
    assert done.hand == {
        "contract": "trischaken",
        "card_points": {"Anna": 20, "Bert": "30 1/3", "Cilli": 5, "Dani": "14 2/3"},
    }
    assert [q.key for q, _ in done.lines] == [
        "contract",
        "renonce",  # not given: nobody revoked
        "points:Anna",
        "points:Bert",
        "points:Cilli",
    ]
    assert done.notes == ("card points of Dani: 14 2/3, the rest of 70",)
    too_many = submit(flow(), {"contract": "trischaken", "points:Anna": "60", "points:Bert": "11"})
    assert too_many.next is not None and too_many.next.key == "points:Bert"
    # Anna's 60 leave 10 of the 70: the form says so, and what may be entered
    assert too_many.refused == (
        "11 is more than the 10 card points left: Anna has 60 of the 70; "
        "enter at most 10 here, or correct the card points above"
    )
    # 30 and 30 leave 10 for Cilli; her 30 are refused with the sum of both before her
    over = submit(
        flow(), {"contract": "trischaken", "points:Anna": "30", "points:Bert": "30", "points:Cilli": "30"}
    )
    assert over.next is not None and over.next.key == "points:Cilli"
    assert over.refused == (
        "30 is more than the 10 card points left: Anna and Bert have 60 of the 70; "
        "enter at most 10 here, or correct the card points above"
    )
    i18n.use("de")
    over = submit(
        flow(), {"contract": "trischaken", "points:Anna": "30", "points:Bert": "30", "points:Cilli": "30"}
    )
    assert over.refused == (
        "30 ist mehr als die 10 Kartenpunkte, die übrig sind: Anna und Bert haben 60 von den 70; "
        "hier höchstens 10 eingeben oder die Kartenpunkte darüber ausbessern"
    )


def test_a_revoked_trischaken_is_asked_no_card_points() -> None:
    # In the Dodge Round the revoke decides the hand, not the card points
    # (docs/rules/koenigrufen.md §7): none are asked, and any sent are left out.
    done = submit(flow(), {"contract": "trischaken", "renonce": "bert", "points:Anna": "20"})
    assert done.next is None and done.refused is None
    assert done.hand == {"contract": "trischaken", "renonce": "Bert"}
    assert [q.key for q, _ in done.lines] == ["contract", "renonce"]
    assert done.notes == ()


def test_a_revoked_dreier_is_asked_no_card_points_nor_whether_an_announced_bonus_was_made() -> None:
    # [OÖR25 B.4] (ooe-2023, renonce.rule = "as_if_won"): a Dreier whose declarer revokes: each
    # Defender gets what he would have had had the Defenders won, whatever the cards: Dreier 4
    # [OÖ23 Tarif] and the announced Pagat 1 × 2 = 2 each, zero-sum: Bert pays 3 × 6 = 18. The
    # card points the phone sends are left out; whether the Pagat was made is not asked.
    ooe = load_profile("ooe-2023")
    revoked = Flow(ooe, TABLE, TABLE)
    given = {"contract": "dreier", "declarer": "Bert", "renonce": "Bert", "card_points": "50", "extras": "y"}
    reading = next_question(revoked, given)
    assert reading.next is not None and reading.next.key == "kontra"
    given |= {"kontra": "0", "bonus:1": "pagat", "bonus:1:side": "declarers", "bonus:1:announced": "y"}
    given |= {"bonus:1:made": "n"}
    done = submit(revoked, given)
    assert done.next is None and done.refused is None
    assert done.hand == {
        "contract": "dreier",
        "declarer": "Bert",
        "bonus": [{"name": "pagat", "side": "declarers", "announced": True, "made": True}],
        "renonce": "Bert",
    }
    hand = parse_hand(cast(HandInput, {"players": list(TABLE), **done.hand}), ooe)
    assert score_hand(hand, ooe).victory_points == {"Anna": 6, "Bert": -18, "Cilli": 6, "Dani": 6}
    # a silent Pagat's outcome is still asked: the wronged side may claim a silent bonus it can
    # prove ([OÖ23 Renonce 7 via HT §7.9])
    unsaid = {k: v for k, v in given.items() if k != "bonus:1:made"}
    silent = next_question(revoked, unsaid | {"bonus:1:announced": "n", "bonus:1:side": "defenders"})
    assert silent.next is not None and silent.next.key == "bonus:1:made"
    # a hand corrected on the phone keeps the Pagat's outcome as it was recorded: nobody is asked it
    kept = submit(revoked, given, {"bonus:1": "pagat", "bonus:1:made": False})
    assert kept.hand is not None and kept.hand["bonus"][0]["made"] is False


def test_back_drops_the_last_answer_and_offers_it_as_the_default() -> None:
    # A form goes back by leaving the last field out and sending its answer as a default.
    given = {"contract": "rufer", "declarer": "Anna"}
    back = next_question(flow(), given, defaults={"partner": "Cilli"})
    assert back.next is not None and back.next.key == "partner" and back.next.default == "Cilli"
    given = {"contract": "rufer"}
    back = next_question(flow(), given, defaults={"declarer": "Anna", "partner": "Cilli"})
    assert back.next is not None and back.next.default == "Anna"
    # Cilli declares now: she is no partner of her own, so her name is no default there
    given["declarer"] = "Cilli"
    partner = next_question(flow(), given, defaults={"partner": "Cilli"}).next
    assert partner is not None and partner.default is None
    assert "Cilli" not in [c.value for c in partner.choices]


def test_the_summary_numbers_every_answer_and_a_changed_line_keeps_the_rest() -> None:
    given = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "30", "extras": ""}
    done = submit(flow(), given)
    summary = [(i, q.line, q.shown(v)) for i, (q, v) in enumerate(done.lines, 1)]
    assert summary == [
        (1, "contract", "rufer"),
        (2, "declarer", "Anna"),
        (3, "partner", "Cilli"),
        (4, "renonce", "none"),  # not given: nobody revoked
        (5, "card points", "30"),
        (6, "Kontra or bonuses", "no"),
    ]
    assert done.answers["card_points"] == Fraction(30)
    # line 5 changed to 40 1/3: every other answer stands
    changed = submit(flow(), given | {"card_points": "40 1/3"})
    assert changed.hand == {
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": "40 1/3",
    }
    # line 1 changed to a Dreier: no partner is called, so the partner's answer goes unused
    dreier = submit(flow(), given | {"contract": "dreier"})
    assert dreier.hand == {"contract": "dreier", "declarer": "Anna", "card_points": 30}


def test_a_wrong_answer_is_refused_at_its_question() -> None:
    rufer = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli"}
    over = submit(flow(), rufer | {"card_points": "80"})  # the deck has 70
    assert over.hand is None
    assert over.next is not None and over.next.key == "card_points"
    assert over.refused == "80 is outside 0 to 70"
    assert [q.key for q, _ in over.lines] == ["contract", "declarer", "partner", "renonce"]
    stranger = submit(flow(), {"contract": "rufer", "declarer": "Zoe"})
    assert stranger.next is not None and stranger.next.key == "declarer"
    assert stranger.refused == "'Zoe' is not one of the choices"
    missing = submit(flow(), rufer)  # no card points: no default stands in for them
    assert missing.next is not None and missing.next.key == "card_points"
    assert missing.refused == "an answer is needed here; 'back' returns to the question before"


RUFER = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "30"}


def test_the_blatt_field_is_read_with_the_points_and_refused_in_the_form_s_words() -> None:
    """A form gives card points in two fields, Points and Blatt (docs/serve.md): a Blatt the
    score block never writes is refused by the fields' names, not in the command line's "30/4"."""
    # 30 points and 2 Blatt are 30 2/3
    assert submit(flow(), RUFER | {"blatt:card_points": "2"}).hand == {
        "contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "30 2/3"
    }  # fmt: skip
    # the digits a phone's keyboard may give (full-width, Arabic-Indic) read in Blatt as in Points
    for points, blatt in (("\uff13\uff10", "\uff12"), ("\u0663\u0660", "\u0662")):
        assert submit(flow(), RUFER | {"card_points": points, "blatt:card_points": blatt}).hand == {
            "contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "30 2/3"
        }  # fmt: skip
    four = submit(flow(), RUFER | {"blatt:card_points": "4"})
    assert four.next is not None and four.next.key == "card_points" and four.hand is None
    # three Blatt are a point: 30 and 4 Blatt are 31 and 1 Blatt
    assert four.refused == "Blatt 4 is more than 2 (3 Blatt make a whole point): enter Points 31 and Blatt 1"
    assert (
        submit(flow(), RUFER | {"blatt:card_points": "x"}).refused == "Blatt 'x' is not a number from 0 to 2"
    )
    # Points left empty, the card points typed in Blatt: said where they go
    for typed in ("40", "35 2"):
        wrong_box = submit(flow(), RUFER | {"card_points": "", "blatt:card_points": typed})
        assert (
            wrong_box.refused
            == f"Blatt '{typed}': the card points go in Points, the Blatt (0 to 2) beside them"
        )
    halves = submit(flow(), RUFER | {"card_points": "30 1/3", "blatt:card_points": "1"})
    assert halves.refused == "Points '30 1/3' is not a whole number: the Blatt go in their own field"
    # 70 and a Blatt are more than the deck's 70
    over = submit(flow(), RUFER | {"card_points": "70", "blatt:card_points": "1"})
    assert over.refused == "70 1/3 is outside 0 to 70"
    i18n.use("de")
    four = submit(flow(), RUFER | {"blatt:card_points": "4"})
    assert (
        four.refused
        == "Blatt 4 ist mehr als 2 (3 Blatt sind ein ganzer Punkt): Punkte 31 und Blatt 1 eingeben"
    )
    assert (
        submit(flow(), RUFER | {"blatt:card_points": "x"}).refused == "Blatt 'x' ist keine Zahl von 0 bis 2"
    )


def test_a_form_in_german_reads_the_tables_words() -> None:
    i18n.use("de")
    extras = next_question(flow(), {"contract": "Dreier", "declarer": "Bert", "card_points": "33"}).next
    assert extras is not None and extras.text == "Kontra oder Prämien?"
    done = submit(
        flow(),
        {"contract": "Dreier", "declarer": "Bert", "card_points": "33", "extras": "j", "kontra": "Retour"},
    )
    # "Retour" is the table's word for Rekontra ([kontra] aliases)
    assert done.hand == {"contract": "dreier", "declarer": "Bert", "card_points": 33, "kontra": "rekontra"}


# -- the form and the terminal make the same hand --------------------------------------------------


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    assert CliRunner().invoke(app, ["new", "-p", ",".join(TABLE), "--ledger", str(path)]).exit_code == 0
    return path


def test_all_answers_at_once_make_the_hand_the_terminal_records(ledger: Path) -> None:
    # Rufer by Anna with Cilli, 40⅓ card points, Kontra, the Pagat announced by the declarers.
    typed = [
        "rufer", "Anna", "Cilli", "40 1/3", "y", "kontra",
        "pagat", "1", "y", "", "", "",  # side, announced, made, Kontra on it, no more bonuses
        "",  # Enter at the summary records it
    ]  # fmt: skip
    result = CliRunner().invoke(app, ["enter", "--ledger", str(ledger)], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.stderr
    stored = dict(read(ledger).ledger.hands[0].keys)
    assert stored.pop("players") == list(TABLE)
    given = {
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": "40 1/3",
        "extras": "y",
        "kontra": "kontra",
        "bonus:1": "pagat",
        "bonus:1:side": "declarers",
        "bonus:1:announced": "y",
    }
    done = submit(flow(), given)
    assert done.hand == stored
    assert done.hand == {
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": "40 1/3",
        "kontra": "kontra",
        "bonus": [{"name": "pagat", "side": "declarers", "announced": True, "made": True}],
    }


def test_who_revoked_is_asked_after_the_players_where_the_hand_was_played() -> None:
    # A revoke breaks the rules of play (docs/rules/koenigrufen.md §7): it is asked after the
    # contract and its players, each player of the hand by their seat's number, "none" the default.
    # Bert, a Defender, revokes: renonce.rule = "side_loses" (koenigrufen, D28 [PAGAT]): the
    # defenders lose the contract whatever the cards, the Rufer 1 [STC-TB] to Anna and to Cilli.
    rufer = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli"}
    renonce = asked(next_question(flow(), rufer | {"renonce": "x"}))
    assert renonce == ("renonce", [(0, ""), (1, "Anna"), (2, "Bert"), (3, "Cilli"), (4, "Dani")])
    done = submit(flow(), rufer | {"renonce": "bert", "card_points": "20"})
    # the revoke decides the hand: no card points asked, the card points given go unused
    assert done.hand == {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "renonce": "Bert"}
    hand = parse_hand(cast(HandInput, {"players": list(TABLE), **done.hand}), KR)
    assert score_hand(hand, KR).victory_points == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}
    # not given, nobody revoked: a form that never shows the question asks it not
    plain = next_question(flow(), rufer)
    assert plain.next is not None and plain.next.key == "card_points"
    # a hand conceded at once is not played: nobody can revoke in it
    conceded = submit(flow(), {"contract": "rufer", "declarer": "Anna", "partner": "talon", "conceded": "y"})
    assert conceded.hand is not None and "renonce" not in conceded.answers


def test_at_five_who_revoked_is_one_of_the_four_who_play() -> None:
    # Anna deals and sits the hand out: she cannot have revoked, and is not offered
    five = Flow(KR, (*TABLE, "Edi"), ("Bert", "Cilli", "Dani", "Edi"))
    reading = next_question(five, {"contract": "dreier", "declarer": "Bert", "renonce": "x"})
    assert asked(reading) == ("renonce", [(0, ""), (2, "Bert"), (3, "Cilli"), (4, "Dani"), (5, "Edi")])
    assert reading.refused == "'x' is not one of the choices"
