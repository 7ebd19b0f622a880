"""A Valat made given in place of the card points, everywhere a hand is entered: ``enter`` takes
"valat" at the card points and asks whose it was and whether it was announced, then no card
points; the phones' form (``serve``, and the offline app, which draws the same fields) has a
Valat box beside the Points and Blatt; a hand replaced walks those answers again.

Why the Valat stands for the card points: docs/rules/koenigrufen.md §1.5 (the side that took
every trick won the game). Expected Victory Points are worked by hand from profiles/koenigrufen.toml
(Simplified Scoring: the winners add, [CTK]): a Valat replaces the contract's line with the
contract's value ×4 silent ([CTK] "the contract pays four times its value"), ×8 announced ("eight
times if you announced the Valat"); a Kontra on the announced Valat doubles it once more
(docs/rules/kontra.md §6, D34).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tarockscore.entry import flow as questions
from tarockscore.entry.answers import Entry, defaults_of, submit
from tarockscore.entry.flow import Flow, Kind
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
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


def answered(*texts: str) -> Entry:
    e = Entry(Flow(KR, TABLE, TABLE))
    for text in texts:
        assert e.next() is not None, f"nothing is asked for {text!r}"
        assert e.give(text) is None, text
    return e


# -- the flow -------------------------------------------------------------------------------------


def test_valat_at_the_card_points_asks_whose_and_whether_announced() -> None:
    e = answered("rufer", "Anna", "Cilli")
    points = e.next()
    assert points is not None and points.key == "card_points" and points.kind is Kind.POINTS
    assert [c.label for c in points.choices] == ["Valat"]
    e.give("valat")
    side = e.next()
    assert side is not None and side.key == "valat:side"
    assert [c.label for c in side.choices] == ["Anna and Cilli", "Bert and Dani"]
    assert side.default is None  # whose Valat it was is chosen, never taken as the declarers'
    assert e.give("") is not None
    e.give("1")
    announced = e.next()
    assert announced is not None and announced.key == "valat:announced" and announced.default is False
    e.give("")
    e.give("")  # no Kontra, no bonus
    assert e.next() is None
    hand = e.hand()
    assert "card_points" not in hand and "won" not in hand
    assert hand["bonus"] == [{"name": "valat", "side": "declarers", "announced": False, "made": True}]


def test_the_valat_is_not_offered_again_among_the_bonuses() -> None:
    e = answered("rufer", "Anna", "Cilli", "valat", "1", "", "y", "")  # Kontra on the contract: none
    bonus = e.next()
    assert bonus is not None and bonus.key == "bonus:1"
    assert "valat" not in [c.value for c in bonus.choices]
    assert "pagat" in [c.value for c in bonus.choices]


def test_an_announced_valat_of_the_defenders_with_its_kontra() -> None:
    e = answered("rufer", "Anna", "Cilli", "valat", "defenders", "y", "kontra", "")
    assert e.next() is None
    assert e.hand()["bonus"] == [
        {"name": "valat", "side": "defenders", "announced": True, "made": True, "kontra": "kontra"}
    ]


def test_a_contract_without_a_valat_offers_none() -> None:
    e = Entry(Flow(load_profile("zwanzigerrufen"), TABLE, TABLE))
    e.give("rufer")
    e.give("Anna")
    e.give("Cilli")
    points = e.next()
    assert points is not None and points.key == "card_points" and points.choices == ()
    assert e.give("valat") is not None  # refused: not card points


def test_a_stored_valat_without_card_points_is_walked_again() -> None:
    keys: dict[str, Any] = {
        "players": list(TABLE),
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "bonus": [
            {"name": "pagat", "side": "declarers", "announced": False, "made": True},
            {"name": "valat", "side": "defenders", "announced": True, "made": True},
        ],
    }
    defaults = defaults_of(parse_hand(cast(HandInput, keys), KR))
    assert defaults["card_points"] == questions.EVERY_TRICK
    assert (defaults["valat:side"], defaults["valat:announced"]) == ("defenders", True)
    assert defaults["bonus:1"] == "pagat" and "bonus:2" not in defaults
    reading = submit(Flow(KR, TABLE, TABLE), {}, defaults)
    assert reading.hand is not None
    assert reading.hand["bonus"] == [
        {"name": "valat", "side": "defenders", "announced": True, "made": True},
        {"name": "pagat", "side": "declarers", "announced": False, "made": True},
    ]


# -- tarockscore enter ----------------------------------------------------------------------------


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", ",".join(TABLE), "--ledger", path).exit_code == 0
    return path


def totals(ledger: str) -> dict[str, int]:
    return dict(json.loads(run("show", "--json", "--ledger", ledger).stdout)["totals"])


def enter(ledger: str, *answers: str, lang: str = "en", replace: str | None = None) -> Result:
    args = ["--lang", lang, "enter", "--ledger", ledger, *(["--replace", replace] if replace else [])]
    result = run(*args, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return result


def test_enter_a_valat_without_card_points(ledger: str) -> None:
    # contract, declarer, partner, "valat", 1 (Anna and Cilli), Enter (silent), Enter (no Kontra
    # or bonus), Enter (record)
    result = enter(ledger, "rufer", "Anna", "Cilli", "valat", "1", "", "", "")
    assert "Card points of Anna and Cilli (of 70, or Valat): " in result.stdout
    assert "Valat: every trick to (1=Anna and Cilli 2=Bert and Dani): " in result.stdout
    assert "card points: Valat" in result.stdout
    # Call 1 × 4 = 4, added by each declarer [CTK]
    assert totals(ledger) == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dani": 0}


def test_enter_in_german_and_replace_keeps_the_valat(ledger: str) -> None:
    # contract, declarer, partner, "Valat", 2 (Bert and Dani), j (announced), Enter (no Kontra on
    # it), Enter (no Kontra or bonus), Enter (record)
    first = enter(ledger, "Rufer", "Anna", "Cilli", "Valat", "2", "j", "", "", "", lang="de")
    assert "Kartenpunkte von Anna und Cilli (von 70, oder Valat): " in first.stdout
    assert "Valat: alle Stiche an (1=Anna und Cilli 2=Bert und Dani): " in first.stdout
    # the Defenders' announced Valat: Call 1 × 8 = 8 to Bert and to Dani [CTK]
    assert totals(ledger) == {"Anna": 0, "Bert": 8, "Cilli": 0, "Dani": 8}
    # every old answer taken as it stands: the same hand
    again = enter(ledger, *[""] * 9, lang="de", replace="1")
    assert "Kartenpunkte: Valat" in again.stdout
    assert "Valat, alle Stiche an: Bert und Dani" in again.stdout
    assert totals(ledger) == {"Anna": 0, "Bert": 8, "Cilli": 0, "Dani": 8}


# -- the phones' form -------------------------------------------------------------------------------


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


RUFER = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli"}


def test_the_form_has_a_valat_box_beside_the_points(tmp_path: Path) -> None:
    _client, _site, path = _serve(tmp_path)
    hand = tarockscore.hand_entry(tarockscore.Evening(path))
    html = web_form.fields_html(hand, RUFER)
    assert 'type="checkbox" id="f-card_points-valat" name="or:card_points" value="valat"' in html
    ticked = web_form.fields_html(hand, RUFER | {"or:card_points": "valat"})
    assert 'data-key="valat:side"' in ticked and 'data-key="valat:announced"' in ticked
    assert 'value="valat" checked' in ticked


def test_serve_records_a_valat_ticked_in_place_of_the_points(tmp_path: Path) -> None:
    client, site, path = _serve(tmp_path)
    valat = {"or:card_points": "valat", "valat:side": "declarers", "valat:announced": "y"}
    recorded = _post(client, site, path, "k1", **RUFER, **valat)
    assert recorded.status_code == 200, recorded.text
    # Call 1 × 8 = 8 to each declarer: the Valat announced and made [CTK]
    assert totals(str(path)) == {"Anna": 8, "Bert": 0, "Cilli": 8, "Dani": 0}
    [stored] = tarockscore.Evening(path).ledger.hands
    assert stored.hand.card_points is None
    # replacing it, the form shows the Valat ticked again
    entry = tarockscore.hand_entry(tarockscore.Evening(path), 1)
    assert web_form.filled(entry)["or:card_points"] == "valat"
