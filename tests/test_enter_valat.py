"""Card points that prove a Valat, in the guided entry (issue 28 §3): ``enter`` asks "was it their
Valat?" right after the card points, records the Valat on yes and asks for the card points again
on no; ``serve``'s hand form, which walks the same questions, does the same.

The card points prove a Valat where one side holds all 70 of them: every card counts at least ⅓
(profiles/koenigrufen.toml ``every_card_counts``, docs/rules/koenigrufen.md §1.1), so the other
side has no card and took no trick ([GT] Valat: "one team takes all of the tricks"). In a
Sechserdreier the six discards count for the declarer (``talon_share = "all"``, [GT] "Six
threes"), so his 70 are every card; in a Solodreier the talon is not played and 0 for the
declarer leaves the defenders every card.

Expected Victory Points are worked by hand from profiles/koenigrufen.toml (Simplified Scoring,
[CTK], docs/rules/settlement.md §1 and §4): a Valat replaces the contract's line and pays the
contract's value times 4 silent ([CTK] "the contract pays four times its value", ``[valat]
silent = 4``), 8 announced (``announced = 8``), the solo not doubling it once more (D11,
``solo_doubles = false``); a lone declarer who wins adds the line once, and where he loses each of
the three defenders adds it. Solodreier 10 [STC-TB], Sechserdreier 5 [CTK].
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tarockscore.entry.answers import Entry, submit
from tarockscore.entry.flow import Flow, Kind, Question
from tarockscore.io.inputs import load_profile
from tarockscore.web import html as web_form

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import Settings, make_app
from tarockscore.web.site import Site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

runner = CliRunner()
TABLE = ("Anna", "Bert", "Cilli", "Dani")
KR = load_profile("koenigrufen")
NO_VALAT = (
    "no Valat: then the card points are wrong, for all 70 card points to one side mean it took every "
    "trick; give the card points again"
)


def entry() -> Entry:
    return Entry(Flow(KR, TABLE, TABLE))


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


# -- the flow, without a terminal -----------------------------------------------------------------


def test_a_solodreier_with_0_asks_for_the_defenders_valat_and_records_it_silent() -> None:
    e = entry()
    answer(e, "solodreier", "Dani", "0")
    valat = asked(e)
    assert valat.key == "valat" and valat.kind is Kind.YES_NO and valat.default is True
    assert valat.text == "The defenders hold all 70 card points: was it their Valat?"
    answer(e, "")  # Enter: yes
    assert asked(e).key == "extras"
    answer(e, "")  # no Kontra, no other bonus
    assert e.next() is None
    assert [(q.line, q.shown(v)) for q, v in e.lines()][3] == ("Valat (all 70 card points)", "yes")
    assert e.hand() == {
        "contract": "solodreier",
        "declarer": "Dani",
        "card_points": 0,
        "bonus": [{"name": "valat", "side": "defenders", "announced": False, "made": True}],
    }


def test_a_sechserdreier_with_70_asks_for_the_declarers_valat() -> None:
    e = entry()
    answer(e, "sechserdreier", "Anna", "70")
    assert asked(e).text == "Anna holds all 70 card points: was it Anna's Valat?"
    answer(e, "y", "")
    assert e.hand()["bonus"] == [{"name": "valat", "side": "declarers", "announced": False, "made": True}]


def test_a_rufer_names_both_declarers() -> None:
    # "all 70" is how a table writes every trick: beside the Valat it is taken as said
    # (docs/rules/koenigrufen.md §1.5), so the guided entry asks for it.
    e = entry()
    answer(e, "rufer", "Anna", "Cilli", "70")
    assert asked(e).text == "Anna and Cilli hold all 70 card points: was it their Valat?"


def test_card_points_short_of_all_ask_nothing_more() -> None:
    for contract, points in (("solodreier", "1/3"), ("sechserdreier", "69 2/3")):
        e = entry()
        answer(e, contract, "Anna", points)
        assert asked(e).key == "extras", contract


def test_no_asks_for_the_card_points_again_without_the_doubted_default() -> None:
    e = entry()
    answer(e, "solodreier", "Dani", "0")
    assert e.give("n") == NO_VALAT
    again = asked(e)
    assert again.key == "card_points" and again.default is None  # 0 again is typed, not Enter
    answer(e, "20")
    assert asked(e).key == "extras"  # 20 proves nothing
    answer(e, "")
    assert e.hand() == {"contract": "solodreier", "declarer": "Dani", "card_points": 20}


def test_a_valat_entered_announced_stays_announced_and_is_made() -> None:
    # 30 first, with the defenders' Valat announced and (wrongly) lost; then the card points
    # are changed at the summary to 0, which proves the Valat: yes makes it, announced as entered.
    e = entry()
    answer(e, "solodreier", "Dani", "30", "y", "", "valat", "defenders", "y", "n", "", "")
    assert e.next() is None
    number = next(i for i, (q, _v) in enumerate(e.lines(), 1) if q.key == "card_points")
    e.reopen(number)
    answer(e, "0")
    assert asked(e).key == "valat"
    answer(e, "")
    assert e.next() is None
    assert e.hand()["bonus"] == [{"name": "valat", "side": "defenders", "announced": True, "made": True}]


# -- tarockscore enter ---------------------------------------------------------------------------


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", ",".join(TABLE), "--ledger", path).exit_code == 0
    return path


def totals(ledger: str) -> dict[str, int]:
    return dict(json.loads(run("show", "--json", "--ledger", ledger).stdout)["totals"])


def enter(ledger: str, *answers: str, lang: str = "en") -> Result:
    result = run("--lang", lang, "enter", "--ledger", ledger, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_enter_a_solodreier_with_0_is_the_defenders_valat(ledger: str) -> None:
    # contract, declarer, 0 card points, Enter (their Valat), Enter (no extras), Enter (record)
    result = enter(ledger, "solodreier", "Dani", "0", "", "", "")
    assert "The defenders hold all 70 card points: was it their Valat? [Y/n]: " in result.stdout
    assert result.stderr == ""
    # the defenders' silent Valat: Solodreier 10 × 4 = 40 to each of the three defenders
    assert totals(ledger) == {"Anna": 40, "Bert": 40, "Cilli": 40, "Dani": 0}


def test_enter_a_sechserdreier_with_70_is_the_declarers_valat(ledger: str) -> None:
    result = enter(ledger, "sechserdreier", "Anna", "70", "y", "", "")
    assert "Anna holds all 70 card points: was it Anna's Valat? [Y/n]: " in result.stdout
    # the declarer's silent Valat, won: Sechserdreier 5 × 4 = 20, added once by Anna
    assert totals(ledger) == {"Anna": 20, "Bert": 0, "Cilli": 0, "Dani": 0}


def test_enter_no_asks_the_card_points_again(ledger: str) -> None:
    result = enter(ledger, "solodreier", "Dani", "0", "n", "20", "", "")
    assert result.stderr == f"  {NO_VALAT}\n"
    assert result.stdout.count("Card points of Dani (of 70, or Valat): ") == 2
    # Solodreier lost with 20 (< 35 2/3): 10 to each defender, no Valat
    assert totals(ledger) == {"Anna": 10, "Bert": 10, "Cilli": 10, "Dani": 0}


def test_enter_in_german(ledger: str) -> None:
    # Solodreier by Dani with 0: "j" is yes; then the Sechserdreier by Bert (hand 2) with 70,
    # first "nein", the card points again, then Enter.
    first = enter(ledger, "Solodreier", "Dani", "0", "j", "", "", lang="de")
    assert "Die Gegenseite hat alle 70 Kartenpunkte: war es ihr Valat? [J/n]: " in first.stdout
    assert "Valat (alle 70 Kartenpunkte): ja" in first.stdout
    second = enter(ledger, "Sechserdreier", "Bert", "70", "nein", "70", "", "", "", lang="de")
    assert "Bert hat alle 70 Kartenpunkte: war es der Valat von Bert? [J/n]: " in second.stdout
    assert second.stderr == (
        "  kein Valat: dann stimmen die Kartenpunkte nicht, denn alle 70 Kartenpunkte auf einer Seite heißen, "
        "sie hat jeden Stich gemacht; die Kartenpunkte bitte neu eingeben\n"
    )
    # hand 1: 40 to each defender (10 × 4); hand 2: Bert's silent Valat, 5 × 4 = 20
    assert totals(ledger) == {"Anna": 40, "Bert": 60, "Cilli": 40, "Dani": 0}


# -- the form: every answer at once (serve's hand form) -------------------------------------------

SOLODREIER = {"contract": "solodreier", "declarer": "Dani", "card_points": "0"}


def test_the_form_records_the_valat_the_card_points_prove() -> None:
    flow = Flow(KR, TABLE, TABLE)
    reading = submit(flow, SOLODREIER)  # the Valat's question left out: its default, yes
    assert reading.hand is not None
    assert reading.hand["bonus"] == [{"name": "valat", "side": "defenders", "announced": False, "made": True}]
    # entered announced at once: 10 × 8 = 80, still the defenders' own Valat
    announced = SOLODREIER | {
        "valat": "y",
        "extras": "y",
        "bonus:1": "valat",
        "bonus:1:side": "defenders",
        "bonus:1:announced": "y",
    }
    reading = submit(flow, announced)
    assert reading.hand is not None
    assert reading.hand["bonus"] == [{"name": "valat", "side": "defenders", "announced": True, "made": True}]
    refused = submit(flow, SOLODREIER | {"valat": "n"})
    assert refused.hand is None and refused.next is not None
    assert (refused.next.key, refused.refused) == ("valat", NO_VALAT)
    # the "no" says the card points are wrong: the form asks for them again, and a front end
    # shows there what the rules say of them
    assert refused.ask_again == ("card_points",)
    assert submit(flow, SOLODREIER | {"card_points": "80"}).ask_again == ()


def _serve(tmp_path: Path) -> tuple[TestClient, Site, Path]:
    path = tmp_path / "friday.toml"
    assert run("new", "-p", ",".join(TABLE), "--ledger", str(path)).exit_code == 0
    site = Site(path)
    return TestClient(make_app(site, Settings()), follow_redirects=False), site, path


def _post(client: TestClient, site: Site, path: Path, key: str, **hand: str) -> Any:
    form = {
        "code": site.code("evening"),
        "expected": tarockscore.Evening(path).version(),
        "request": key,
        "action": "record",
        **hand,
    }
    return client.post("/t/evening/hand", data=form, headers={"Accept": "application/json"})


def test_serve_records_the_valat_or_refuses_as_record_does(tmp_path: Path) -> None:
    client, site, path = _serve(tmp_path)
    refused = _post(client, site, path, "k1", **SOLODREIER, valat="n")
    assert refused.status_code == 422
    by_cli = run("record", "-c", "solodreier", "-d", "Dani", "-t", "0", "--ledger", str(path))
    assert by_cli.exit_code == 1
    [problem] = refused.json()["problems"]
    # the rules' own refusal, as the command line says it (which names its options for the way out)
    said = "the defenders hold all 70 card points, every card, so they took every trick: a Valat"
    assert said in problem["message"]
    assert f"-t 0: {said}; enter the defenders' Valat (-b valat,defenders)" in by_cli.stderr
    assert tarockscore.Evening(path).ledger.hands == ()
    recorded = _post(client, site, path, "k2", **SOLODREIER)  # the Valat's field left at yes
    assert recorded.status_code == 200, recorded.text
    assert totals(str(path)) == {"Anna": 40, "Bert": 40, "Cilli": 40, "Dani": 0}


def test_the_form_shows_the_valat_question_only_where_the_points_prove_it(tmp_path: Path) -> None:
    _client, _site, path = _serve(tmp_path)
    hand = tarockscore.hand_entry(tarockscore.Evening(path))
    blank, _reading = web_form.walk(hand, {"contract": "solodreier", "declarer": "Dani"})
    assert "valat" not in [q.key for q in blank]  # the likely 0 of an empty field proves nothing
    shown, _reading = web_form.walk(hand, SOLODREIER)
    assert "valat" in [q.key for q in shown]
