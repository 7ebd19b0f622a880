"""A Kontra said on an announced bonus is named on the hand's line as the Kontra on the contract
is, each bet carrying its own ladder (docs/rules/kontra.md): "kontra, pagat rekontra" for a
contract with Kontra whose announced Pagat went to Rekontra, in what `record` prints, `show`'s
hand column, the audit trail of a correction (kept in English, read back in German) and the
phones' sheet. A bonus announced without a Kontra adds nothing to the line.

The hand: Cilli plays a Besserrufer with Dani and wins it, a Kontra on the contract; Cilli announced
the Pagat, the Defenders said Kontra on it and Cilli answered with Rekontra.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from tarockscore import i18n
from tarockscore.render.evening import said
from tests.stored import stored_audit, unfolded
from tests.test_kontra_by_defender import result_cells, run

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import make_app
from tarockscore.web.site import Site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
HAND = ["-c", "besserrufer", "-d", "Cilli", "-w", "Dani", "-t", "40", "-k", "kontra"]
PAGAT = ["-b", "pagat,announced,rekontra"]
STORED = "besserrufer by Cilli with Dani, kontra, pagat rekontra, won"
LINES = {
    "en": STORED,
    "de": "Besserrufer von Cilli mit Dani, Kontra, Pagat Rekontra, gewonnen",
}
PAGE = {
    "en": "Besserrufer by Cilli with Dani, Kontra, Pagat Rekontra, won",
    "de": LINES["de"],
}
TITLES = {"en": "hand", "de": "Spiel"}


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", str(path))
    return path


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_line_names_the_kontra_on_an_announced_bonus(ledger: Path, lang: str) -> None:
    first = unfolded(run("--lang", lang, "record", *HAND, *PAGAT, "-l", str(ledger))).splitlines()[0]
    assert first.split(": ", 1)[1].startswith(LINES[lang] + " ("), first
    assert result_cells(run("--lang", lang, "show", "-l", str(ledger)), TITLES[lang]) == [LINES[lang]]
    site = Site(ledger)
    page = TestClient(make_app(site)).get(f"/t/evening?lang={lang}").text
    line = re.search(
        r'<tbody data-hand="1">.*?<td class="what"[^>]*><a href="[^"]*">([^<]*)</a></td>', page, re.S
    )
    assert line is not None and line.group(1) == PAGE[lang]
    undone = unfolded(run("--lang", lang, "undo", "-l", str(ledger))).splitlines()[0]
    assert undone == {"en": "hand 1 undone: ", "de": "Spiel 1 zurückgenommen: "}[lang] + LINES[lang]
    assert stored_audit(ledger)[-1]["detail"] == "hand 1 undone: " + STORED


def test_a_bonus_announced_without_kontra_leaves_the_line_as_it_was(ledger: Path) -> None:
    first = run("record", *HAND, "-b", "pagat,announced", "-l", str(ledger)).splitlines()[0]
    assert first.startswith("hand 1: besserrufer by Cilli with Dani, kontra, won ("), first


def test_a_stored_line_with_a_bonus_kontra_is_read_back_in_german() -> None:
    line = f"hand 1 replaced: {STORED} → besserrufer by Cilli with Dani, kontra, won; kontra: – → Kontra"
    with i18n.language("de"):
        assert said(line) == (
            f"Spiel 1 ersetzt: {LINES['de']} → Besserrufer von Cilli mit Dani, Kontra, gewonnen; "
            "Kontra: – → Kontra"
        )
        # a house profile's bonus named as the house writes it, in one word or two
        for bonus in ("Sack-Zwei", "zweiter Sack"):
            assert said(f"hand 1 undone: rufer by Anna with Cilli, {bonus} kontra, won") == (
                f"Spiel 1 zurückgenommen: Rufer von Anna mit Cilli, {bonus} Kontra, gewonnen"
            )


VALAT_SAID = {
    "en": "rufer by Anna with Cilli, won, Valat announced, kontra on it",
    "de": "Rufer von Anna mit Cilli, gewonnen, Valat angesagt, Kontra darauf",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_kontra_on_an_announced_valat_is_said_once_with_the_valat(ledger: Path, lang: str) -> None:
    valat = ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-b", "valat,announced,kontra", "-l", str(ledger)]
    first = unfolded(run("--lang", lang, "record", *valat)).splitlines()[0]
    assert first.split(": ", 1)[1].startswith(VALAT_SAID[lang] + " ("), first
    assert result_cells(run("--lang", lang, "show", "-l", str(ledger)), TITLES[lang]) == [VALAT_SAID[lang]]
    undone = unfolded(run("--lang", lang, "undo", "-l", str(ledger))).splitlines()[0]
    assert undone == {"en": "hand 1 undone: ", "de": "Spiel 1 zurückgenommen: "}[lang] + VALAT_SAID[lang]
    assert stored_audit(ledger)[-1]["detail"] == "hand 1 undone: " + VALAT_SAID["en"]
    # a line stored before says it as a bonus's Kontra, and still reads back
    with i18n.language("de"):
        assert said("hand 1 undone: rufer by Anna with Cilli, valat kontra, won, Valat announced") == (
            "Spiel 1 zurückgenommen: Rufer von Anna mit Cilli, Valat Kontra, gewonnen, Valat angesagt"
        )
