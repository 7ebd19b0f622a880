"""At a table of five the dealer sits the hand out (docs/evening.md). A hand begun on the phones
while the sheet moves on (another phone, the command line) is entered again on the new sheet,
where its declarer or partner may now deal and sit out: the field says so beside it, in the
form's words, instead of dropping the answer with no word of why (the page's script asks for the
fields on the new sheet; a page without script gets the form again).

Anna, Bert, Cilli, Dani, Erik: Erik deals hand 1 and sits out; Anna deals hand 2 and sits out."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import make_app
from tarockscore.web.site import Site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
runner = CliRunner()

SAID = {
    ("declarer", "en"): "Anna deals this hand and sits out: choose the declarer again",
    ("declarer", "de"): "Anna gibt dieses Spiel und setzt aus: den Spieler neu wählen",
    ("partner", "en"): "Anna deals this hand and sits out: choose the partner again",
    ("partner", "de"): "Anna gibt dieses Spiel und setzt aus: den Partner neu wählen",
}


def cli(*args: str) -> None:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr


@pytest.fixture
def five(tmp_path: Path) -> Path:
    path = tmp_path / "five.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani,Erik", "--ledger", str(path))
    return path


def error_of(page: str, key: str) -> str | None:
    """The reason shown beside the field ``key``, else None."""
    field = re.search(rf'<fieldset[^>]*data-key="{key}"[^>]*>(.*?)</fieldset>', page, re.S)
    assert field is not None, f"no field {key}"
    said = re.search(r'<span class="error"[^>]*>([^<]*)</span>', field.group(1))
    return said.group(1) if said else None


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("answers", "key"),
    [
        ({"declarer": "Anna", "partner": "Cilli"}, "declarer"),
        ({"declarer": "Bert", "partner": "Anna"}, "partner"),
    ],
)
def test_a_player_who_now_deals_and_sits_out_is_named_beside_the_field(
    five: Path, lang: str, answers: dict[str, str], key: str
) -> None:
    site = Site(five)
    web, code = TestClient(make_app(site), follow_redirects=False), site.code("evening")
    before = tarockscore.Evening(five).version()
    cli("record", "--ledger", str(five), "-c", "dreier", "-d", "Bert", "-t", "40")  # hand 1, elsewhere
    form = {"code": code, "expected": before, "action": "preview", "contract": "rufer", "card_points": "40"}
    form |= answers
    # with script: "Enter on the new sheet" asks for the fields on the sheet as it is now
    fields = web.post(
        f"/t/evening/fields?lang={lang}", data={**form, "expected": tarockscore.Evening(five).version()}
    )
    assert fields.status_code == 200
    assert 'value="Anna"' not in fields.text  # Anna sits out: no choice of hers
    assert error_of(fields.text, key) == SAID[key, lang]
    # the other answers stay, and say nothing
    other = "partner" if key == "declarer" else "declarer"
    assert error_of(fields.text, other) is None
    assert re.search(rf'name="{other}" value="{answers[other]}" checked', fields.text)
    # without script: the refusal of the moved sheet shows the form again, the field saying why
    again = web.post(f"/t/evening/hand?lang={lang}", data=form)
    assert again.status_code == 409
    assert error_of(again.text, key) == SAID[key, lang]
    # an answer of a player at the table is not questioned
    kept = web.post(f"/t/evening/fields?lang={lang}", data={**form, key: "Dani"})
    assert error_of(kept.text, key) is None
    assert len(tarockscore.Evening(five).ledger.hands) == 1


DROPPED = {
    ("kontra", "en"): "Anna deals this hand and sits out: the Kontra of Anna is dropped",
    ("kontra", "de"): "Anna gibt dieses Spiel und setzt aus: das Kontra von Anna fällt weg",
    ("points", "en"): (
        "Anna deals this hand and sits out: the card points of Anna are dropped; enter the card points again"
    ),
    ("points", "de"): (
        "Anna gibt dieses Spiel und setzt aus: die Kartenpunkte von Anna fallen weg; die Kartenpunkte neu eingeben"
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_kontra_of_the_player_who_now_sits_out_is_said_to_be_dropped(five: Path, lang: str) -> None:
    """A Bettler by Bert begun for hand 1 with Anna's Kontra and Dani's, entered again as hand 2:
    Anna deals it and sits out, so her Kontra is no longer asked; the first Kontra field (Cilli's,
    hand 2 is played by Bert, Cilli, Dani, Erik) says so, and Dani's answer stays. Without the
    word the hand would be shown and recorded without Anna's Kontra, nothing said."""
    site = Site(five)
    web = TestClient(make_app(site), follow_redirects=False)
    cli("record", "--ledger", str(five), "-c", "dreier", "-d", "Bert", "-t", "40")
    form = {
        "contract": "bettler",
        "declarer": "Bert",
        "won": "n",
        "kontra:Anna": "kontra",
        "kontra:Dani": "rekontra",
    }
    fields = web.post(f"/t/evening/fields?lang={lang}", data=form).text
    assert 'data-key="kontra:Anna"' not in fields
    assert error_of(fields, "kontra:Cilli") == DROPPED["kontra", lang]
    assert error_of(fields, "kontra:Dani") is None
    assert re.search(r'name="kontra:Dani" value="rekontra" checked', fields)
    # no Kontra of Anna's given: nothing to say
    quiet = web.post(f"/t/evening/fields?lang={lang}", data={**form, "kontra:Anna": ""}).text
    assert error_of(quiet, "kontra:Cilli") is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_trischaken_card_points_of_the_player_who_now_sits_out_are_said_to_be_dropped(
    five: Path, lang: str
) -> None:
    """A Trischaken begun for hand 1 with Anna's card points, entered again as hand 2, which Anna
    deals: her card points are asked no more; the first card points field says so."""
    site = Site(five)
    web = TestClient(make_app(site), follow_redirects=False)
    cli("record", "--ledger", str(five), "-c", "dreier", "-d", "Bert", "-t", "40")
    form = {"contract": "trischaken", "points:Anna": "20", "points:Bert": "30", "points:Cilli": "10"}
    fields = web.post(f"/t/evening/fields?lang={lang}", data=form).text
    keys = re.findall(r'data-key="(points:[^"]+)"', fields)
    assert "points:Anna" not in keys and keys
    assert error_of(fields, keys[0]) == DROPPED["points", lang]
    assert [error_of(fields, k) for k in keys[1:]] == [None] * (len(keys) - 1)


DEALT = {
    "en": {
        "row": "Correct the deal",
        "now": "dealt now: Erik deals, Anna is Forehand, Erik sits out",
        "then": "dealt as corrected: Dani deals, Erik is Forehand, Dani sits out",
        "done": "The deal of hand 1 is corrected.",
        "next": "next: hand 2, Erik deals, Anna is Forehand, Erik sits out",
    },
    "de": {
        "row": "Geben korrigieren",
        "now": "jetzt in der Schrift: Erik gibt, Anna ist Vorhand, Erik setzt aus",
        "then": "korrigiert: Dani gibt, Erik ist Vorhand, Dani setzt aus",
        "done": "Das Geben von Spiel 1 ist korrigiert.",
        "next": "als Nächstes: Spiel 2, Erik gibt, Anna ist Vorhand, Erik setzt aus",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_deal_of_an_earlier_hand_is_corrected_from_the_phone_asked_first(five: Path, lang: str) -> None:
    # Hand 1 went on the sheet as Erik's deal (Erik sat out); Dani dealt it: Erik played, Dani sat
    # out. The page corrects who dealt as `replace 1 -p Erik,Anna,Bert,Cilli` does: chosen first
    # (the deal now and as corrected, nothing written), then corrected at a second tap. After
    # Dani's deal Erik deals hand 2 and sits out, Anna is Forehand (docs/ledger-format.md, "The deal").
    words = DEALT[lang]
    site = Site(five)
    client = TestClient(make_app(site), follow_redirects=False)
    code = site.code("evening")
    cli("record", "--ledger", str(five), "-c", "dreier", "-d", "Bert", "-t", "40")
    page = client.get(f"/t/evening?code={code}&lang={lang}").text
    assert words["row"] in page and '<select name="dealer"' in page
    asked = client.get(f"/t/evening?code={code}&lang={lang}&deal=1&dealer=Dani").text
    assert words["now"] in asked and words["then"] in asked
    assert tarockscore.Evening(five).ledger.hands[0].hand.players == ("Anna", "Bert", "Cilli", "Dani")
    form = {"code": code, "expected": tarockscore.Evening(five).version(), "request": "r1"}
    done = client.post(f"/t/evening/deal?lang={lang}", data={**form, "number": "1", "dealer": "Dani"})
    assert done.status_code == 303 and "done=dealt" in done.headers["location"]
    hand = tarockscore.Evening(five).ledger.hands[0].hand
    assert hand.players == ("Erik", "Anna", "Bert", "Cilli")
    assert hand.declarer == "Bert" and hand.card_points == 40
    page = client.get(done.headers["location"]).text
    assert words["done"] in page and words["next"] in page


def test_a_deal_the_hand_does_not_fit_opens_its_form_with_that_deal(five: Path) -> None:
    # Bert declared hand 1: dealt by Bert, he would sit it out. Nothing is written; the hand's form
    # comes with Bert's deal, the declarer's field saying why, and is replaced with another declarer.
    site = Site(five)
    client = TestClient(make_app(site), follow_redirects=False)
    code = site.code("evening")
    cli("record", "--ledger", str(five), "-c", "dreier", "-d", "Bert", "-t", "40")
    before = tarockscore.Evening(five).version()
    form = {"code": code, "expected": before, "request": "r1", "number": "1", "dealer": "Bert"}
    refused = client.post("/t/evening/deal", data=form)
    assert refused.status_code == 422 and tarockscore.Evening(five).version() == before
    page = refused.text
    assert "Replace hand 1" in page and "Bert deals, Cilli is Forehand, Bert sits out" in page
    said = error_of(page, "declarer") or ""
    assert said.startswith("&#x27;Bert&#x27; deals this hand and sits it out (a table of five)")
    assert '<input type="hidden" name="dealer" value="Bert">' in page
    assert re.search(
        r'data-address="/t/evening\?code=[^"]*&amp;replace=1&amp;dealer=Bert"', page
    )  # a reload keeps it
    sent = {**form, "request": "r2", "action": "record", "contract": "dreier", "declarer": "Cilli"}
    done = client.post("/t/evening/hand", data={**sent, "card_points": "40"})
    assert done.status_code == 303 and "done=replaced" in done.headers["location"]
    hand = tarockscore.Evening(five).ledger.hands[0].hand
    assert (hand.players, hand.declarer) == (("Cilli", "Dani", "Erik", "Anna"), "Cilli")


def test_at_four_no_deal_is_offered_to_correct(tmp_path: Path) -> None:
    path = tmp_path / "four.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(path))
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
    site = Site(path)
    page = TestClient(make_app(site)).get(f"/t/evening?code={site.code('evening')}").text
    assert "Correct the deal" not in page and 'name="dealer"' not in page


def test_without_script_the_deal_is_corrected_and_the_hand_half_entered_stays(five: Path) -> None:
    # The chooser's button sends the next hand's form: the hand chosen is asked about with its
    # answers in the address, the button that corrects it carries them, and they come back after.
    site = Site(five)
    client = TestClient(make_app(site), follow_redirects=False)
    code = site.code("evening")
    cli("record", "--ledger", str(five), "-c", "dreier", "-d", "Bert", "-t", "40")
    page = client.get(f"/t/evening?code={code}").text
    assert re.search(
        r'<button type="submit" form="hand-form" formaction="[^"]*" name="action" value="deal"', page
    )
    half = {"contract": "rufer", "declarer": "Cilli"}
    form = {"code": code, "expected": tarockscore.Evening(five).version(), "request": "r1"}
    asked = client.post(
        "/t/evening/hand", data={**form, **half, "action": "deal", "deal": "1", "dealer": "Dani"}
    )
    assert asked.status_code == 303
    page = client.get(asked.headers["location"]).text
    assert "dealt as corrected: Dani deals, Erik is Forehand, Dani sits out" in page
    assert 'name="declarer" value="Cilli" checked' in page
    # the button that corrects it sends the next hand's form, as Delete's does: the answers given
    # after the question was shown go with it (they were those of the question's own form, and
    # the ones typed since were lost); the dealer corrected to is the one the question showed,
    # even where the chooser's list was turned to another player meanwhile
    button = re.search(
        r'<button type="submit" class="danger" form="hand-form" formaction="([^"]*)"[^>]*>', page
    )
    assert button is not None and 'name="number" value="1"' in button.group(0)
    address = button.group(1).replace("&amp;", "&")
    assert address.startswith("/t/evening/deal?")
    later = {**half, "partner": "Anna", "card_points": "40"}
    sent = {**form, **later, "request": "r2", "deal": "1", "dealer": "Bert", "number": "1"}
    done = client.post(address, data=sent)
    assert done.status_code == 303 and "done=dealt" in done.headers["location"]
    assert tarockscore.Evening(five).ledger.hands[0].hand.players == ("Erik", "Anna", "Bert", "Cilli")
    page = client.get(done.headers["location"]).text
    assert 'name="declarer" value="Cilli" checked' in page and 'name="partner" value="Anna" checked' in page
    assert re.search(r'name="card_points"[^>]*value="40"', page)


@pytest.mark.parametrize(
    ("lang", "points"),
    [
        ("en", "Victory Points: Anna 0, Bert 0 (sat out as dealer), Cilli +5, Dani 0, Erik 0"),
        ("de", "Punkte: Anna 0, Bert 0 (hat als Geber ausgesetzt), Cilli +5, Dani 0, Erik 0"),
    ],
)
def test_the_explanation_page_lists_the_players_as_the_sheet_s_columns_do(
    five: Path, lang: str, points: str
) -> None:
    # Bert deals hand 3 and sits out, Cilli is Forehand: the deal runs Cilli, Dani, Erik, Anna.
    # A Dreier won by Cilli: Simplified Scoring, she adds the Dreier's 5 [STC-TB], the others 0;
    # the page names them in the sheet's seat order, Bert in his seat with 0, as `explain 3` does.
    for declarer in ("Bert", "Cilli", "Cilli"):
        cli("record", "--ledger", str(five), "-c", "dreier", "-d", declarer, "-t", "40")
    client = TestClient(make_app(Site(five)), follow_redirects=False)
    answer = client.get(f"/t/evening/explain/3?lang={lang}")
    assert answer.status_code == 200
    assert points in html.unescape(re.sub(r"<[^>]+>", "", answer.text)).replace("\u00a0", " ")
