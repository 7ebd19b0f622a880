"""A Valat ticked in place of the card points on a phone (360 px), in English and German: the
served page (``tarockscore serve``) and its fields as the offline app draws them (web/html.py).

The Valat stands for the card points: docs/rules/koenigrufen.md §1.5. Worked by hand from
profiles/koenigrufen.toml (Simplified Scoring [CTK]): a Call with every trick to Anna and Cilli,
the Valat silent, pays 1 × 4 = 4 to each of them ([CTK] "the contract pays four times its value").
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tarockscore

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
expect = playwright_api.expect

from tests.serving import Server  # noqa: E402 - after the skip: only where the browser runs
from tests.test_app_browser import (  # noqa: E402, F401 - the fixtures: the app built and its engine kept, once a run
    engine,
    site,
)
from tests.test_serve_browser import (  # noqa: E402
    HOST,
    Thumb,
    _kept,  # noqa: F401 - the fixture: the phones kept for the file
    browser,  # noqa: F401 - the fixture
    cli,
    no_sideways_scrolling,
    phone,  # noqa: F401 - the fixture
    settled,
)

TABLE = ("Anna", "Bert", "Cilli", "Dani")
WORDS = {
    "en": {
        "show": "Show the arithmetic",
        "record": "Record hand 1",
        "side": "Valat: every trick to",
        "line": "Rufer by Anna with Cilli, won, Valat",
        "declarers": "Anna and Cilli",
        "needed": "an answer is needed here",
    },
    "de": {
        "show": "Rechnung zeigen",
        "record": "Spiel 1 eintragen",
        "side": "Valat: alle Stiche an",
        "line": "Rufer von Anna mit Cilli, gewonnen, Valat",
        "declarers": "Anna und Cilli",
        "needed": "hier braucht es eine Antwort",
    },
}


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(TABLE), "--ledger", str(path))
    server = Server(path, HOST)
    yield server, path
    server.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_valat_ticked_beside_the_points_is_recorded_without_them(
    evening: tuple[Server, Path],
    phone: Callable[[], Any],  # noqa: F811 - the fixture
    lang: str,
) -> None:
    server, path = evening
    words = WORDS[lang]
    page = phone()
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Anna")
    thumb.choose("partner", "Cilli")
    thumb.tap(page.locator('fieldset[data-key="card_points"]').get_by_role("checkbox", name="Valat"))
    settled(page)
    side = page.locator('fieldset[data-key="valat:side"]')
    expect(side.locator("legend")).to_have_text(words["side"])
    # whose Valat it was is tapped, never taken as the declarers' unasked: Show asks for it
    expect(side.locator("input:checked")).to_have_count(0)
    thumb.button(words["show"])
    expect(side.locator(".error")).to_have_text(words["needed"])
    # after a label with a colon of its own the reason in brackets, never "to: an answer"
    expect(page.locator("#notice li")).to_have_text(f"{words['side']} ({words['needed']})")
    no_sideways_scrolling(page)
    page.screenshot(path=str(path.parent / f"valat-{lang}.png"), full_page=True)
    thumb.choose("valat:side", words["declarers"])
    expect(page.locator("#notice .notice")).to_have_count(0)  # its one line answered
    thumb.button(words["show"])
    page.wait_for_selector("#preview:not([hidden])")
    thumb.button(words["record"])
    expect(page.locator("#notice")).to_contain_text(words["line"])
    [stored] = tarockscore.Evening(path).ledger.hands
    assert stored.hand.card_points is None
    assert dict(stored.result.victory_points) == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dani": 0}


# -- the offline app: the same fields, drawn by the engine in the browser -------------------------

APP_WORDS = {
    "en-GB": ("Valat: every trick to", "Valat", "an answer is needed here"),
    "de-AT": ("Valat: alle Stiche an", "Valat", "hier braucht es eine Antwort"),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_the_app_records_a_valat_ticked_beside_the_points(
    browser: Any,  # noqa: F811 - the fixture
    app_server: Any,
    tmp_path: Path,
    lang: str,
) -> None:
    from tests import test_app_browser as offline

    context = offline.phone(browser, lang)
    page = offline.opened(context, app_server.url)
    offline.begin(page)
    offline.choose(page, "contract", "rufer")
    offline.choose(page, "declarer", "Anna")
    offline.choose(page, "partner", "Cilli")
    page.locator('fieldset[data-key="card_points"] input[name="or:card_points"]').click(force=True)
    page.wait_for_selector("#hand-form:not([data-asking])")
    side, said, needed = APP_WORDS[lang]
    expect(page.locator('fieldset[data-key="valat:side"] legend')).to_have_text(side)
    expect(page.locator('fieldset[data-key="valat:side"] input:checked')).to_have_count(0)
    page.click("#hand-form button[type=submit]")  # whose Valat: nobody said yet
    expect(page.locator("#preview .refused")).to_have_text(f"{side} ({needed})")
    expect(page.locator('fieldset[data-key="valat:side"] .error')).to_have_text(needed)
    page.screenshot(path=str(tmp_path / f"app-valat-{lang}.png"), full_page=True)
    offline.choose(page, "valat:side", "declarers")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#preview:not([hidden])")
    page.click("#record")
    expect(page.locator("#record")).to_have_count(0)
    assert said in page.inner_text("#notice .ok")
    # Call 1 × 4 = 4 to each declarer [CTK]
    assert offline.totals(offline.exported(page, tmp_path)) == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dani": 0}
    context.close()


@pytest.fixture
def app_server(site: Path, engine: tuple[str, bytes]) -> Iterator[Any]:  # noqa: F811 - the fixtures
    """The app served with the engine a phone keeps from its first visit (that start is tested in
    test_app_browser.py): each phone here starts from it, in a second or two instead of five."""
    from tests.test_app_browser import StaticServer

    served = StaticServer(site, engine)
    yield served
    served.stop()
