"""At a table of five the dealer sits the hand out (docs/evening.md). A hand begun on the phones
while the sheet moves on (another phone, the command line) is entered again on the new sheet,
where its declarer or partner may now deal and sit out: the field says so beside it, in the
form's words, instead of dropping the answer with no word of why (the page's script asks for the
fields on the new sheet; a page without script gets the form again).

Anna, Bert, Cilli, Dani, Erik: Erik deals hand 1 and sits out; Anna deals hand 2 and sits out."""

from __future__ import annotations

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
