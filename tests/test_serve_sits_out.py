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
