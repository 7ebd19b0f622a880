"""The app (``tarockscore app build``) in a real browser: Playwright driving the system's chromium at a
phone's width (360 px), in English and German, the site served from ``localhost`` by a small static
server in the test, then with the network off and the server stopped.

The site is built once per run with the pinned Pyodide fetched as ``app build`` fetches it
(``TAROCKSCORE_PYODIDE=FOLDER`` gives an unpacked one instead). Outside CI the tests skip where
chromium or Playwright is missing; in CI (CI=true) they fail.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import json
import os
import re
import shutil
import threading
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tests.serving import BROKEN_PAIRS, KeptPhones
from tests.stored import unfolded

IN_CI = os.environ.get("CI") == "true"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
try:
    from playwright.sync_api import Page, expect, sync_playwright
except ImportError:  # pragma: no cover - the dev extras carry it
    if IN_CI:
        raise
    pytest.skip("Playwright is not installed", allow_module_level=True)
pytestmark = pytest.mark.skipif(CHROMIUM is None and not IN_CI, reason="chromium is not installed")

runner = CliRunner()
WIDTH = 360
WAIT = 60_000  # ms: Pyodide starts within seconds; a 2-core machine under load takes longer
TABLE = "Anna, Bert, Cilli, Dani"
DOCS = Path(__file__).resolve().parent.parent / "docs"


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        kept: bytes | None = getattr(self.server, "kept", None)
        if self.path != "/kept-engine" or kept is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Length", str(len(kept)))
        self.end_headers()
        self.wfile.write(kept)


class StaticServer:
    """A plain static host on localhost (a secure context for the service worker). Given ``kept``
    (a cache's name and the engine's memory), it hands that engine to each phone ``opened`` on it."""

    def __init__(self, folder: Path, kept: tuple[str, bytes] | None = None) -> None:
        handler = functools.partial(Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://localhost:{self.server.server_address[1]}/"
        if kept is not None:
            self.server.kept = kept[1]  # type: ignore[attr-defined]
            SEEDS[self.url] = kept[0]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        SEEDS.pop(self.url, None)
        self.server.shutdown()
        self.server.server_close()


# The servers that hand a new phone the kept engine: their address, and the name of the cache the
# app keeps it in.
SEEDS: dict[str, str] = {}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for every worker of the run (the Pyodide download too)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    built = shared / "app-site"
    with (shared / "app-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (built / "sw.js").is_file():
            given = os.environ.get("TAROCKSCORE_PYODIDE")
            result = runner.invoke(
                app, ["app", "build", str(built), *(["--pyodide", given] if given else [])]
            )
            assert result.exit_code == 0, result.stderr
    return built


@pytest.fixture(scope="module")
def engine(browser: Any, site: Path) -> tuple[str, bytes]:
    """The engine a phone keeps after its first start (Pyodide's memory with the package imported,
    about 30 MB), taken once a run from a phone that started Python anew. Each phone of these tests
    is handed it before it opens the app, as on a later visit, and starts in a second or two instead
    of five: the first start itself is seen here, in test_hands_replaced_and_deleted_in_german and in
    the broken engine's test (``opened(..., anew=True)`` or a kept engine broken)."""
    name = re.search(r'const BUILD = "([^"]+)"', (site / "worker.js").read_text(encoding="utf-8"))
    assert name is not None
    cache = name[1] + "-engine"
    kept = site.parent / f"{cache}.memory"
    with (site.parent / "app-engine.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.is_file():
            served = StaticServer(site)
            context = phone(browser, "en-GB")
            page = opened(context, served.url)
            assert page.get_attribute("body", "data-ready") == "new"
            assert kept_engine(page) == cache
            with page.expect_download() as download:
                page.evaluate(KEEP, cache)
            download.value.save_as(kept.with_suffix(".part"))
            kept.with_suffix(".part").rename(kept)
            context.close()
            served.stop()
    return cache, kept.read_bytes()


# The kept engine as a file the browser downloads.
KEEP = """async (name) => {
  const memory = await (await caches.open(name)).match("memory");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await memory.blob());
  link.download = "engine";
  document.body.append(link);
  link.click();
}"""


@pytest.fixture(scope="module")
def server(site: Path, engine: tuple[str, bytes]) -> Iterator[StaticServer]:
    """The site on one address for the module's tests: a phone that comes back finds the app's
    files where it kept them (the browser's cache, the service worker's)."""
    served = StaticServer(site, engine)
    yield served
    served.stop()


@pytest.fixture(scope="module")
def _returning(browser: Any, server: StaticServer) -> Iterator[KeptPhones]:
    """A phone per language that has had the app before (its browser context, and an empty tab to
    clear the evening from), kept for the module's tests: the engine,
    the app's files and its service worker stay, so the app starts in a second, not in three."""

    def make(lang: str) -> tuple[Any, Any]:
        context = phone(browser, lang)
        return context, context.new_page()

    kept = KeptPhones(make)
    yield kept
    kept.close()


@pytest.fixture
def phones(browser: Any, server: StaticServer, _returning: KeptPhones) -> Iterator[Callable[[str], Any]]:
    """``phones(lang)``: the phone of that language as each test wants it, the app and its engine
    kept from an earlier visit, no evening, no hand half entered. After the test its tabs are
    closed, its network is back and what the app stored (the evening, the draft) is cleared."""
    used: list[str] = []

    def take(lang: str) -> Any:
        used.append(lang)
        return _returning.take(lang)[0]

    yield take
    for lang in set(used):
        _returning.tidy(lang, server.url.rstrip("/"))


@pytest.fixture(autouse=True)
def _expect_waits() -> None:
    """``expect`` waits as long as the pages' own calls (its own default is 5 s, whatever the page's):
    a hand recorded by the engine under load takes longer."""
    expect.set_options(timeout=WAIT)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


def phone(browser: Any, lang: str) -> Any:
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 800}, locale=lang, accept_downloads=True
    )
    context.set_default_timeout(WAIT)
    return context


# The phones (browser contexts) given the kept engine.
SEEDED: weakref.WeakSet[Any] = weakref.WeakSet()

# The kept engine put in the phone's cache, where it has none yet.
SEED = """async (name) => {
  const cache = await caches.open(name);
  if (!(await cache.match("memory"))) {
    await cache.put("memory", await fetch("/kept-engine"));
  }
}"""


def opened(context: Any, url: str, *, anew: bool = False) -> Page:
    """The app opened on a new page; from the kept engine where the server hands one out, unless
    ``anew`` (Python started anew, as on a phone's first visit) or the phone has it already."""
    if url in SEEDS and not anew and context not in SEEDED:
        seeding = context.new_page()
        seeding.goto(url + "manifest.webmanifest")  # the app's origin, without its page
        seeding.evaluate(SEED, SEEDS[url])
        seeding.close()
        SEEDED.add(context)
    page: Page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready]")
    return page


def begin(page: Page) -> None:
    page.fill("#f-players", TABLE)
    page.click("#start button[type=submit]")
    page.wait_for_selector("#hand-form")


def choose(page: Page, key: str, value: str) -> None:
    """Tap a choice of the form (a row of buttons, each a radio sent by its value)."""
    page.locator(f'fieldset[data-key="{key}"] input[value="{value}"]').click(force=True)
    page.wait_for_selector("#hand-form:not([data-asking])")


def record(page: Page, declarer: str, partner: str, points: int, *, shown: str) -> str:
    """Enter a Rufer; the arithmetic is shown (``shown`` in it) before Record is pressed."""
    choose(page, "contract", "rufer")
    choose(page, "declarer", declarer)
    choose(page, "partner", partner)
    page.fill('input[name="card_points"]', str(points))
    page.locator('input[name="card_points"]').blur()
    page.wait_for_selector("#hand-form:not([data-asking])")  # the fields as the answers make them
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#preview:not([hidden])")
    arithmetic = page.inner_text("#preview")
    assert page.locator("#record").count() == 1, arithmetic
    assert shown in arithmetic
    page.click("#record")
    expect(page.locator("#record")).to_have_count(0)  # the page as the engine left it
    return page.inner_text("#notice .ok")


def exported(page: Page, folder: Path) -> Path:
    with page.expect_download() as download:
        page.click("#export")
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    return path


def totals(ledger: Path) -> dict[str, int]:
    check = runner.invoke(app, ["check", "--ledger", str(ledger)])
    assert check.exit_code == 0, check.stderr
    shown = runner.invoke(app, ["show", "--ledger", str(ledger), "--json"])
    assert shown.exit_code == 0, shown.stderr
    return dict(json.loads(shown.stdout)["totals"])


def test_an_evening_recorded_offline_and_exported(
    browser: Any, site: Path, engine: tuple[str, bytes], tmp_path: Path
) -> None:
    server = StaticServer(site, engine)  # its own: it is stopped under the open page
    context = phone(browser, "en-GB")
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = opened(context, server.url)
    assert page.locator("#start [name=players]").count() == 1
    assert page.locator("#start select[name=profile] option").count() >= 2
    begin(page)
    # Königrufen's Call is worth 1 Victory Point to each of the winning pair ([CTK]): 36 of 70 wins
    said = record(page, "Anna", "Bert", 40, shown="won by Anna, Bert: Anna\u00a0+1, Bert\u00a0+1")
    assert "hand 1" in said
    # lost: the defenders Anna and Bert win, named in the sheet's order (Bert is Forehand of hand 2)
    record(page, "Cilli", "Dani", 20, shown="won by Anna, Bert: Anna\u00a0+1, Bert\u00a0+1")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    # no network and no server: the service worker serves the page, the engine, the profiles
    context.set_offline(True)
    server.stop()
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#sheet table.hands tbody").count() == 2
    record(page, "Bert", "Cilli", 50, shown="Bert")
    page.click(".corrections summary")
    page.click(".take-back summary")  # the hand's line first, then Take back
    page.click("#undo")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(2)
    assert "3" in page.inner_text("#notice .ok")  # hand 3 taken back
    # the browser's storage cleared under the open page (a phone short of space): the evening the
    # page holds is kept again with the next hand, nothing lost
    origin = server.url.rstrip("/")
    context.new_cdp_session(page).send(
        "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb"}
    )
    record(page, "Dani", "Anna", 36, shown="Dani")
    assert int(page.get_attribute("body", "data-record-ms") or "0") > 0
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#sheet table.hands tbody").count() == 3
    page.screenshot(path=str(tmp_path / "app-en.png"), full_page=True)
    if os.environ.get("TAROCKSCORE_SCREENSHOTS"):  # the pictures of docs/app.md
        page.screenshot(path=str(DOCS / "app-phone.png"), full_page=True)
    ledger = exported(page, tmp_path)
    assert re.fullmatch(r"tarock-\d{4}-\d\d-\d\d\.toml", ledger.name)
    assert totals(ledger) == {"Anna": 3, "Bert": 2, "Cilli": 0, "Dani": 1}
    assert all(u.startswith((server.url, "blob:", "data:")) for u in requests), requests
    context.close()


def test_two_tabs_do_not_both_write(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path
) -> None:
    context = phones("en-GB")
    first = opened(context, server.url)
    begin(first)
    second = opened(context, server.url)
    second.wait_for_selector("#hand-form")
    first.bring_to_front()  # the phone shows one tab at a time: the tab tapped is in front
    record(first, "Anna", "Bert", 40, shown="Rufer")
    # the second tab's form was made on the sheet before that hand: refused, and shown the sheet now
    second.bring_to_front()
    choose(second, "contract", "rufer")
    choose(second, "declarer", "Cilli")
    choose(second, "partner", "Dani")
    second.fill('input[name="card_points"]', "50")
    second.locator('input[name="card_points"]').blur()
    second.wait_for_selector("#hand-form:not([data-asking])")
    second.click("#hand-form button[type=submit]")
    second.click("#record")
    second.wait_for_selector("#notice .stale")
    assert "the sheet has changed" in second.inner_text("#notice")
    assert second.locator("#sheet table.hands tbody").count() == 1
    assert totals(exported(second, tmp_path)) == {"Anna": 1, "Bert": 1, "Cilli": 0, "Dani": 0}
    # hand 1 opened to be replaced in the first tab, deleted in the second: the first tab's next
    # answer (once it has read the evening stored) is refused in the library's words, not a traceback, and the way back is the sheet now
    first.bring_to_front()
    first.click(".corrections summary")
    first.select_option('form[data-change="replace"] select[name="number"]', "1")
    first.click('form[data-change="replace"] button[type="submit"]')
    first.wait_for_selector('#hand-form input[name="number"]', state="attached")
    second.bring_to_front()
    delete_hand(second, "1")
    expect(second.locator("#sheet table.hands tbody")).to_have_count(0)
    first.bring_to_front()
    exported(first, tmp_path / "first")  # the evening as stored now read in the first tab's engine
    first.fill('input[name="card_points"]', "30")
    first.locator('input[name="card_points"]').blur()
    expect(first.locator("#failed")).to_contain_text("the ledger has no hands yet")
    expect(first.locator("#failed")).to_be_in_viewport()  # seen where the field was answered
    first.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
    assert "Traceback" not in first.inner_text("main")
    first.click("#failed #back")
    expect(first.locator("#hand-form h2")).to_contain_text("Hand 1")
    expect(first.locator("#failed")).to_have_count(0)


def test_a_ledger_begun_with_the_command_line_goes_on_in_german(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path
) -> None:
    ledger = tmp_path / "freitag.toml"
    made = runner.invoke(app, ["new", "--players", TABLE, "--ledger", str(ledger)])
    assert made.exit_code == 0, made.stderr
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'contract = "rufer"\ndeclarer = "Anna"\npartner = "Bert"\ncard_points = 40\n', encoding="utf-8"
    )
    assert runner.invoke(app, ["record", str(hand), "--ledger", str(ledger)]).exit_code == 0
    context = phones("de-AT")
    page = opened(context, server.url)
    assert "Neuer Abend" in page.inner_text("h1")
    page.set_input_files("#f-ledger", str(ledger))
    page.wait_for_selector("#hand-form")
    assert "Spiel 2" in page.inner_text("#hand-form h2")
    assert page.inner_text("#export") == "Schrift speichern"
    said = record(page, "Cilli", "Dani", 50, shown="Rufer")
    assert "Spiel 2" in said
    page.screenshot(path=str(tmp_path / "app-de.png"), full_page=True)
    if os.environ.get("TAROCKSCORE_SCREENSHOTS"):  # the pictures of docs/app.md
        page.screenshot(path=str(DOCS / "app-phone-de.png"), full_page=True)
    assert totals(exported(page, tmp_path)) == {"Anna": 1, "Bert": 1, "Cilli": 1, "Dani": 1}


KEPT = """async () => {
  for (const name of await caches.keys()) {
    if (name.endsWith("-engine") && (await (await caches.open(name)).match("memory"))) return name;
  }
  return null;
}"""


def kept_engine(page: Page) -> str:
    """The name of the cache that holds the engine kept at the page's first start, once it is written."""
    return str(page.wait_for_function(KEPT).json_value())


def delete_hand(page: Page, number: str) -> None:
    """Delete hand ``number``: chosen, its line shown, then deleted at the second tap."""
    page.click(".corrections summary")
    page.select_option('form[data-change="deleting"] select[name="delete"]', number)
    page.click('form[data-change="deleting"] button[type="submit"]')
    page.click('form[data-change="delete"] button[type="submit"]')


def test_hands_replaced_and_deleted_in_german(browser: Any, server: StaticServer, tmp_path: Path) -> None:
    context = phone(browser, "de-AT")
    page = opened(context, server.url, anew=True)
    assert page.get_attribute("body", "data-ready") == "new"  # the first visit starts Python anew
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    record(page, "Cilli", "Dani", 50, shown="Rufer")
    record(page, "Bert", "Cilli", 45, shown="Rufer")
    kept_engine(page)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.get_attribute("body", "data-ready") == "kept"  # a later one from the engine kept then
    # hand 1 with 30 card points: Anna and Bert lose the Call, the defenders Cilli and Dani win it
    page.click(".corrections summary")
    page.select_option('form[data-change="replace"] select[name="number"]', "1")
    page.click('form[data-change="replace"] button[type="submit"]')
    expect(page.locator("#hand-form h2")).to_have_text("Spiel 1 ersetzen")
    assert "ersetzt" in record(page, "Anna", "Bert", 30, shown="Rufer")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(3)
    delete_hand(page, "2")
    expect(page.locator("#notice .ok")).to_contain_text("gelöscht")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(2)
    assert "Spiel 3" in page.inner_text("#hand-form h2")  # the next hand after the two kept
    assert totals(exported(page, tmp_path)) == {"Anna": 0, "Bert": 1, "Cilli": 2, "Dani": 1}
    context.close()


CORRECTED = {
    "en-GB": ("Hand 3 is taken back.", "Rufer by Bert with Cilli, won", "Hand 2 is deleted.",
              "Rufer by Cilli with Dani, won", "Hand 1 is replaced.", "Rufer by Anna with Bert, lost"),
    "de-AT": ("Spiel 3 ist zurückgenommen.", "Rufer von Bert mit Cilli, gewonnen", "Spiel 2 ist gelöscht.",
              "Rufer von Cilli mit Dani, gewonnen", "Spiel 1 ist ersetzt.", "Rufer von Anna mit Bert, verloren"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_correction_is_said_by_the_hands_number_on_the_sheet(
    phones: Callable[[str], Any], server: StaticServer, lang: str
) -> None:
    """Hand 3 recorded, taken back and recorded again (the ledger's hand 4), then taken back: the
    page says hand 3 is taken back, the number the table tapped, as serve's page says it, with the
    hand; never the audit trail's "hand 4 (no. 3 on the sheet)". Deleted and replaced likewise."""
    undone, undone_hand, deleted, deleted_hand, replaced, replaced_hand = CORRECTED[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    record(page, "Cilli", "Dani", 50, shown="Rufer")
    for _ in range(2):
        record(page, "Bert", "Cilli", 45, shown="Rufer")
        page.click(".corrections summary")
        page.click(".take-back summary")
        page.click("#undo")
        expect(page.locator("#sheet table.hands tbody")).to_have_count(2)
    notice = page.locator("#notice .ok")
    expect(notice).to_contain_text(undone)
    expect(notice).to_contain_text(undone_hand)
    assert "4" not in notice.locator("li").first.inner_text()  # the hand's number (the totals follow)
    delete_hand(page, "2")
    expect(notice).to_contain_text(deleted)
    expect(notice).to_contain_text(deleted_hand)
    page.click(".corrections summary")
    page.select_option('form[data-change="replace"] select[name="number"]', "1")
    page.click('form[data-change="replace"] button[type="submit"]')
    # the hand to replace drawn before it is tapped (the form of the next hand stands till then)
    expect(page.locator("#hand-form h2")).to_have_text(REPLACING[lang])
    said = record(page, "Anna", "Bert", 30, shown="Rufer")
    assert replaced in said and replaced_hand in said, said


# Holds the engine's answer to a form's question ("fields") until the test lets it through, and
# notes when that held question has been answered.
HOLD_FIELDS = """
const Plain = window.Worker;
window.Worker = class extends Plain {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      if (event.data.id === window.heldId) window.heldAnswered = true;
    });
  }
  postMessage(message, ...rest) {
    if (message && message.op === "fields" && window.holdFields) {
      window.holdFields = false;
      window.heldId = message.id;
      window.releaseHeld = () => super.postMessage(message, ...rest);
      return;
    }
    return super.postMessage(message, ...rest);
  }
};
"""


def test_a_late_answer_for_the_form_left_is_not_drawn_into_the_hand_being_replaced(
    browser: Any, server: StaticServer
) -> None:
    """A tap on the next hand's form, then at once Replace hand 1: the engine's answer to the tap
    came after the hand to replace was shown and was drawn into it, taking its partner and points
    away (seen as a lost tap in a run of the corrections test). The hand to replace stays as
    recorded: Anna with Bert, 40."""
    context = phone(browser, "en-GB")
    context.add_init_script(HOLD_FIELDS)
    page = opened(context, server.url)
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)
    page.evaluate("window.holdFields = true")
    page.locator('fieldset[data-key="contract"] input[value="dreier"]').click(force=True)
    page.wait_for_function("window.releaseHeld !== undefined")
    page.click(".corrections summary")
    page.select_option('form[data-change="replace"] select[name="number"]', "1")
    page.click('form[data-change="replace"] button[type="submit"]')
    expect(page.locator('fieldset[data-key="partner"] input[value="Bert"]')).to_be_checked()
    page.evaluate("window.releaseHeld()")
    page.wait_for_function("window.heldAnswered === true")
    page.evaluate("new Promise((done) => setTimeout(done, 100))")  # its answer handled, if at all
    expect(page.locator('fieldset[data-key="declarer"] input[value="Anna"]')).to_be_checked()
    expect(page.locator('fieldset[data-key="partner"] input[value="Bert"]')).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("40")
    context.close()


SHARE = """
window.shared = null;
Object.defineProperty(navigator, "canShare", { value: (data) => Boolean(data && data.files && data.files.length) });
Object.defineProperty(navigator, "share", {
  value: async (data) => {
    const file = data.files[0];
    window.shared = { name: file.name, title: data.title, text: await file.text() };
  },
});
"""


def test_export_offers_the_share_sheet_and_a_broken_kept_engine_is_dropped(
    browser: Any, server: StaticServer, tmp_path: Path
) -> None:
    context = phone(browser, "en-GB")
    context.add_init_script(SHARE)  # a phone's share sheet, which takes files
    page = opened(context, server.url)
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    # the kept engine broken: the page starts Python anew, and the evening is as it was
    name = kept_engine(page)
    page.evaluate(f"caches.open({name!r}).then((c) => c.put('memory', new Response(new Uint8Array(64))))")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.get_attribute("body", "data-ready") == "new"
    assert page.locator("#sheet table.hands tbody").count() == 1
    record(page, "Cilli", "Dani", 50, shown="Rufer")
    downloads: list[Any] = []
    page.on("download", lambda d: downloads.append(d))
    page.click("#export")
    shared = page.wait_for_function("window.shared").json_value()
    assert re.fullmatch(r"tarock-\d{4}-\d\d-\d\d\.toml", shared["name"]) and shared["title"] == shared["name"]
    ledger = tmp_path / shared["name"]
    ledger.write_text(shared["text"], encoding="utf-8")
    assert totals(ledger) == {"Anna": 1, "Bert": 1, "Cilli": 1, "Dani": 1}
    assert downloads == []  # shared, not also downloaded
    context.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en-GB", "only when it is opened over HTTPS or from localhost"), ("de-AT", "nur, wenn sie über HTTPS")],
)
def test_a_page_served_over_plain_http_says_so_and_keeps_nothing(
    browser: Any, server: StaticServer, lang: str, said: str
) -> None:
    # a name other than localhost over http: the browser gives the page no lock and no service worker
    port = server.server.server_address[1]
    launched = browser.browser_type.launch(
        executable_path=CHROMIUM, args=["--host-resolver-rules=MAP tarock.test 127.0.0.1"]
    )
    try:
        page = phone(launched, lang).new_page()
        page.goto(f"http://tarock.test:{port}/")
        expect(page.locator("#loading")).to_contain_text(said)
        assert page.evaluate("window.isSecureContext") is False
        assert page.get_attribute("body", "data-ready") is None  # no engine started
        assert page.locator("#f-players").count() == 0
    finally:
        launched.close()


STAKED = {
    # the money row of the totals after a Rufer won by Anna and Bert (1 point each, Simplified
    # Scoring: each pair settles the difference at 0.10), and the stake's line
    "en-GB": ("stake per Victory Point: '0,1x' is not an amount", "+0.20", "stake 0.10 per point"),
    "de-AT": ("Einsatz pro Punkt: '0,1x' ist kein Betrag", "0,20", "Einsatz € 0,10 pro Punkt"),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_new_evening_on_the_phone_plays_for_money(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    refusal, won, stake_line = STAKED[lang]
    context = phones(lang)
    page = opened(context, server.url)
    page.fill("#f-players", TABLE)
    page.fill("#f-stake", "0,1x")
    page.fill("#f-date", "2025-03-14")
    page.fill("#f-place", "Café Sperl")
    page.click("#start button[type=submit]")
    expect(page.locator("#notice .refused")).to_contain_text(refusal)
    assert page.input_value("#f-place") == "Café Sperl" and page.input_value("#f-date") == "2025-03-14"
    page.fill("#f-stake", "0,10")
    page.screenshot(path=str(tmp_path / f"start-{lang}.png"), full_page=True)
    page.click("#start button[type=submit]")
    page.wait_for_selector("#hand-form")
    record(page, "Anna", "Bert", 40, shown="Rufer")
    expect(page.locator("#sheet")).to_contain_text(stake_line)
    assert won in page.inner_text("#sheet table.totals")
    page.screenshot(path=str(tmp_path / f"staked-{lang}.png"), full_page=True)
    ledger = exported(page, tmp_path)
    assert ledger.name == "tarock-2025-03-14.toml"
    assert totals(ledger) == {"Anna": 1, "Bert": 1, "Cilli": 0, "Dani": 0}
    settled = runner.invoke(app, ["settle", "--json", "--ledger", str(ledger)])
    assert json.loads(settled.stdout)["balances"] == {
        "Anna": "0.20",
        "Bert": "0.20",
        "Cilli": "-0.20",
        "Dani": "-0.20",
    }
    shown = runner.invoke(app, ["show", "--ledger", str(ledger)])
    assert "2025-03-14 · Café Sperl · stake 0.10 per point" in shown.stdout


RELOADED = {
    "en-GB": ("Hand 1", "Hand 2", "Hand 4", "this hand is already on the sheet as hand 2",
              "the sheet has changed since these answers were given"),
    "de-AT": ("Spiel 1", "Spiel 2", "Spiel 4", "dieses Spiel steht schon als Spiel 2",
              "die Schrift hat sich geändert, seit diese Antworten gegeben wurden"),
}  # fmt: skip


def answer_rufer(page: Page, declarer: str, partner: str, points: str, blatt: str = "") -> None:
    choose(page, "contract", "rufer")
    choose(page, "declarer", declarer)
    choose(page, "partner", partner)
    page.fill('input[name="card_points"]', points)
    last = 'input[name="card_points"]'
    if blatt:
        last = 'input[name="blatt:card_points"]'
        page.fill(last, blatt)
    # the field typed in last left and its change answered: the fields stand as these answers make
    # them (a tap at once lands too: test_a_tap_right_after_typing_the_points_is_not_lost)
    page.locator(last).blur()
    page.wait_for_selector("#hand-form:not([data-asking])")


def reloaded(page: Page) -> None:
    page.reload()
    page.wait_for_selector("body[data-ready]")


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_reload_in_the_middle_of_a_hand_loses_no_answer(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """The phone reloaded while a hand is being entered: the answers come back, card points and
    Blatt as typed, and the hand is recorded as entered. A hand another tab recorded meanwhile is
    named as already on the sheet; another hand recorded meanwhile leaves the answers, and the
    page says the sheet moved."""
    first, second, fourth, already, moved = RELOADED[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    answer_rufer(page, "Anna", "Cilli", "35", "2")
    # a thumb on the button's word (waited for until it stands still), not on the hidden radio
    page.locator('fieldset[data-key="kontra"] label').filter(has_text=re.compile("^Kontra$")).click()
    page.wait_for_selector("#hand-form:not([data-asking])")
    checked = 'fieldset[data-key="{}"] input[value="{}"]'
    expect(page.locator(checked.format("kontra", "kontra"))).to_be_checked()  # the tap landed
    reloaded(page)
    expect(page.locator("#hand-form h2")).to_have_text(first)
    for key, value in (
        ("contract", "rufer"),
        ("declarer", "Anna"),
        ("partner", "Cilli"),
        ("kontra", "kontra"),
    ):
        expect(page.locator(checked.format(key, value))).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("35")
    expect(page.locator('input[name="blatt:card_points"]')).to_have_value("2")
    page.screenshot(path=str(tmp_path / f"reloaded-{lang}.png"), full_page=True)
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#hand-form h2")).to_have_text(second)
    reloaded(page)  # the hand recorded: nothing comes back
    expect(page.locator("#hand-form h2")).to_have_text(second)
    assert page.locator('fieldset[data-key="contract"] input:checked').count() == 0

    # hand 2 entered here and recorded the same in another tab before the reload
    answer_rufer(page, "Cilli", "Dani", "40")
    other = opened(context, server.url)
    record(other, "Cilli", "Dani", 40, shown="Rufer")
    page.bring_to_front()  # the phone shows one tab at a time: the tab tapped is in front
    reloaded(page)
    expect(page.locator("#notice .stale")).to_contain_text(already)
    assert page.locator('fieldset[data-key="contract"] input:checked').count() == 0

    # hand 3 entered here while the other tab records another hand 3
    answer_rufer(page, "Bert", "Dani", "50")
    other.bring_to_front()
    other.reload()
    other.wait_for_selector("body[data-ready]")
    record(other, "Anna", "Bert", 20, shown="Rufer")
    page.bring_to_front()
    reloaded(page)
    expect(page.locator("#notice .stale")).to_contain_text(moved)
    expect(page.locator("#hand-form h2")).to_have_text(fourth)
    expect(page.locator(checked.format("declarer", "Bert"))).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("50")
    page.screenshot(path=str(tmp_path / f"moved-{lang}.png"), full_page=True)
    ledger = exported(page, tmp_path)
    # hand 1: Anna and Cilli, 35 2/3 of 70 (36 win) with Kontra: 1 × 2 to each; hand 2: Cilli and
    # Dani won, 1 each; hand 3: Anna and Bert with 20 lost, the defenders Cilli and Dani win 1 each
    assert totals(ledger) == {"Anna": 2, "Bert": 0, "Cilli": 4, "Dani": 2}


def restarted(browser: Any, folder: Path, lang: str) -> Any:
    """The browser started (again) on the profile in ``folder``: what it keeps on disk, and nothing
    a closed browser forgets."""
    context = browser.browser_type.launch_persistent_context(
        str(folder),
        executable_path=CHROMIUM,
        viewport={"width": WIDTH, "height": 800},
        locale=lang,
        accept_downloads=True,
    )
    context.set_default_timeout(WAIT)
    return context


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_hand_half_entered_survives_the_browser_closed(
    browser: Any, server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """The browser closed in the middle of a hand (the phone's battery, the app swiped away): opened
    again, the hand's answers are back in the form, as the evening is. Once the hand is recorded,
    a browser closed and opened again shows the next hand's form with nothing in it. The browser's
    storage cleared under the open page (a phone short of space) before the answers: they keep
    the evening too, not only the page's next change."""
    first, second = RELOADED[lang][:2]
    checked = 'fieldset[data-key="{}"] input[value="{}"]'
    profile = tmp_path / "browser"
    context = restarted(browser, profile, lang)
    page = opened(context, server.url)
    begin(page)
    context.new_cdp_session(page).send(
        "Storage.clearDataForOrigin", {"origin": server.url.rstrip("/"), "storageTypes": "indexeddb"}
    )
    answer_rufer(page, "Anna", "Cilli", "35", "2")
    context.close()
    context = restarted(browser, profile, lang)
    page = opened(context, server.url)
    expect(page.locator("#hand-form h2")).to_have_text(first)
    for key, value in (("contract", "rufer"), ("declarer", "Anna"), ("partner", "Cilli")):
        expect(page.locator(checked.format(key, value))).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("35")
    expect(page.locator('input[name="blatt:card_points"]')).to_have_value("2")
    assert page.locator("#notice .stale").count() == 0  # the sheet they were given on
    page.screenshot(path=str(tmp_path / f"restarted-{lang}.png"), full_page=True)
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#hand-form h2")).to_have_text(second)
    context.close()
    context = restarted(browser, profile, lang)
    page = opened(context, server.url)
    expect(page.locator("#hand-form h2")).to_have_text(second)
    assert page.locator('fieldset[data-key="contract"] input:checked').count() == 0
    # hand 1: Anna and Cilli, 35 2/3 of 70 (36 win): the Call, 1 to each of the pair
    assert totals(exported(page, tmp_path)) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}
    context.close()


def test_a_radl_hand_on_the_app_says_it_counts_double_in_german(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path
) -> None:
    """A ledger begun on a laptop with a Radl set (`radl add`: the next four hands ×2), opened on
    the phone: the form says the hand counts ×2, and the first bonus offers "keine"."""
    ledger = tmp_path / "radl.toml"
    assert runner.invoke(app, ["new", "--players", TABLE, "--ledger", str(ledger)]).exit_code == 0
    assert runner.invoke(app, ["radl", "add", "--ledger", str(ledger)]).exit_code == 0
    context = phones("de-AT")
    page = opened(context, server.url)
    page.set_input_files("#f-ledger", str(ledger))
    page.wait_for_selector("#hand-form")
    expect(page.locator("#hand-head")).to_contain_text("Radl: dieses Spiel zählt ×2")
    first = page.locator('fieldset[data-key="bonus:1"]')
    expect(first.locator("input:checked + span")).to_have_text("keine")
    page.screenshot(path=str(tmp_path / "radl-de.png"), full_page=True)


def test_a_new_evening_refused_leaves_the_hand_half_entered(
    browser: Any, server: StaticServer, tmp_path: Path
) -> None:
    """A hand half entered, then "New evening" tapped and refused (three players): the evening the
    phone holds is unchanged, and a reload brings back the hand's answers."""
    context = phone(browser, "en-GB")
    context.on("page", lambda p: p.on("dialog", lambda d: d.accept()))
    page = opened(context, server.url)
    page.on("dialog", lambda d: d.accept())  # "the evening on this phone is replaced": go on
    begin(page)
    answer_rufer(page, "Anna", "Cilli", "40")
    page.click("#new-evening")
    page.fill("#f-players", "Anna, Bert, Cilli")
    page.click("#start button[type=submit]")
    expect(page.locator("#notice .refused")).to_contain_text("players: 3 names given")
    reloaded(page)
    expect(page.locator('fieldset[data-key="partner"] input[value="Cilli"]')).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("40")
    context.close()


BACK = {"en-GB": "Back to the evening", "de-AT": "Zurück zum Abend"}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_new_evening_tapped_by_mistake_has_a_way_back(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """ "New evening" tapped in the middle of an evening: the app on the home screen has no address
    bar to reload, so the start page offers the way back to the evening, the hand half entered
    back in its form."""
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    answer_rufer(page, "Anna", "Cilli", "40")
    page.click("#new-evening")
    expect(page.locator("#start")).to_have_count(1)
    expect(page.locator("#back")).to_have_text(BACK[lang])
    page.screenshot(path=str(tmp_path / f"new-evening-back-{lang}.png"), full_page=True)
    page.click("#back")
    expect(page.locator('fieldset[data-key="partner"] input[value="Cilli"]')).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("40")
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_correction_tapped_below_the_sheet_is_seen_done(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """The corrections lie below the sheet, screens down a phone: a hand taken back or deleted
    there is said at the top of the page, and the hand opened to be replaced is there too; the
    page shows them, not the bottom of the sheet where nothing seemed to happen (and a second tap
    takes back another hand)."""
    undone, _hand, deleted, *_rest = CORRECTED[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    record(page, "Cilli", "Dani", 50, shown="Rufer")
    record(page, "Bert", "Cilli", 45, shown="Rufer")
    page.click(".corrections summary")
    page.click(".take-back summary")  # the hand's line first, then Take back
    page.click("#undo")
    expect(page.locator("#notice .ok")).to_contain_text(undone)
    expect(page.locator("#notice")).to_be_in_viewport()
    page.screenshot(path=str(tmp_path / f"undone-{lang}.png"))
    page.click(".corrections summary")
    page.select_option('form[data-change="replace"] select[name="number"]', "1")
    page.click('form[data-change="replace"] button[type="submit"]')
    expect(page.locator("#hand-form h2")).to_have_text(REPLACING[lang])
    expect(page.locator("#hand-form h2")).to_be_in_viewport()
    page.locator("#keep").click()
    delete_hand(page, "2")
    expect(page.locator("#notice .ok")).to_contain_text(deleted)
    expect(page.locator("#notice")).to_be_in_viewport()


def chip(page: Page, key: str, value: str) -> Any:
    """A choice's radio: it lies, unseen, over the button's word, where a thumb taps."""
    return page.locator(f'fieldset[data-key="{key}"] input[value="{value}"]')


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_tap_right_after_typing_the_points_is_not_lost(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """The card points typed and Kontra tapped straight away: the tap takes the focus from the
    points, the form asks the engine for its fields again, and the answer comes while the thumb is
    still on Kontra. The tap lands (Kontra checked) and the points stay as typed; so does a quick
    tap on Rekontra right after typing the Blatt."""
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    choose(page, "contract", "rufer")
    choose(page, "declarer", "Anna")
    choose(page, "partner", "Cilli")
    page.fill('input[name="card_points"]', "35")
    box = chip(page, "kontra", "kontra").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.evaluate("window.changed = []; addEventListener('change', (e) => changed.push(e.target.name))")
    page.mouse.down()  # the points box left: its change is asked of the engine ...
    assert page.evaluate("changed") == ["card_points"]
    page.wait_for_selector("#hand-form:not([data-asking])")  # ... and answered, the thumb still down
    page.mouse.up()
    page.wait_for_selector("#hand-form:not([data-asking])")
    expect(chip(page, "kontra", "kontra")).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("35")

    page.locator('input[name="blatt:card_points"]').press_sequentially("2")
    chip(page, "kontra", "rekontra").click(force=True)  # at once, no wait
    page.wait_for_selector("#hand-form:not([data-asking])")
    expect(chip(page, "kontra", "rekontra")).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("35")
    expect(page.locator('input[name="blatt:card_points"]')).to_have_value("2")
    page.screenshot(path=str(tmp_path / f"tapped-{lang}.png"), full_page=True)
    # Record tapped (twice) while the arithmetic is being worked out again: the tap counts once it
    # is done, and the second, on a hand recorded by then, changes nothing
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#record")
    page.evaluate(
        "document.querySelector('#hand-form button[type=submit]').click(); record.click(); record.click()"
    )
    expect(page.locator("#notice .ok")).to_be_visible()
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)
    expect(page.locator("#notice .stale, #failed")).to_have_count(0)


REPLACING = {"en-GB": "Replace hand 1", "de-AT": "Spiel 1 ersetzen"}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_the_hand_to_replace_is_shown_as_recorded(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """ "Replace" on hand 1 opens its form with its answers as recorded, as serve's page does: the
    table corrects the one answer that was wrong (the card points) and records the hand."""
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    answer_rufer(page, "Anna", "Bert", "40")
    choose(page, "bonus:1", "pagat")
    choose(page, "bonus:1:side", "declarers")
    choose(page, "bonus:1:announced", "y")
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)
    page.click(".corrections summary")
    page.select_option('form[data-change="replace"] select[name="number"]', "1")
    page.click('form[data-change="replace"] button[type="submit"]')
    expect(page.locator("#hand-form h2")).to_have_text(REPLACING[lang])
    checked = 'fieldset[data-key="{}"] input[value="{}"]'
    for key, value in (
        ("contract", "rufer"),
        ("declarer", "Anna"),
        ("partner", "Bert"),
        ("bonus:1", "pagat"),
        ("bonus:1:side", "declarers"),
        ("bonus:1:announced", "y"),
        ("bonus:1:made", "y"),
    ):
        expect(page.locator(checked.format(key, value))).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("40")
    page.screenshot(path=str(tmp_path / f"replacing-{lang}.png"), full_page=True)
    page.fill('input[name="card_points"]', "30")
    page.locator('input[name="card_points"]').blur()
    page.wait_for_selector("#hand-form:not([data-asking])")
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#record")).to_have_count(0)
    # 30 of 70: the Call lost, Cilli and Dani add 1 each; the announced Pagat made, Anna and Bert
    # add 1 × 2 each
    assert totals(exported(page, tmp_path)) == {"Anna": 2, "Bert": 2, "Cilli": 1, "Dani": 1}


NEXT_KEPT = {
    "en-GB": ("on the sheet now: Rufer by Anna with Bert, won", "Keep it", "Hand 2"),
    "de-AT": ("jetzt in der Schrift: Rufer von Anna mit Bert, gewonnen", "So lassen", "Spiel 2"),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_hand_replaced_while_the_next_is_entered_keeps_the_next_ones_answers(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """Hand 2 half entered, the table finds hand 1 wrong: "Replace" opens hand 1 as it stands on
    the sheet, with a way back that changes nothing, as serve's page has ("Keep it"); kept or
    replaced, hand 2's answers come back in its form."""
    on_sheet, keep, second = NEXT_KEPT[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Anna")
    answer_rufer(page, "Bert", "Cilli", "44")
    checked = 'fieldset[data-key="{}"] input[value="{}"]'

    def hand_two_as_entered() -> None:
        expect(page.locator("#hand-form h2")).to_have_text(second)
        for key, value in (("contract", "rufer"), ("declarer", "Bert"), ("partner", "Cilli")):
            expect(page.locator(checked.format(key, value))).to_be_checked()
        expect(page.locator('input[name="card_points"]')).to_have_value("44")

    def replacing_one() -> None:
        page.click(".corrections summary")
        page.select_option('form[data-change="replace"] select[name="number"]', "1")
        page.click('form[data-change="replace"] button[type="submit"]')
        expect(page.locator("#hand-form h2")).to_have_text(REPLACING[lang])
        expect(page.locator("#hand-form .replacing")).to_contain_text(on_sheet)

    replacing_one()
    page.screenshot(path=str(tmp_path / f"replacing-kept-{lang}.png"), full_page=True)
    expect(page.locator("#keep")).to_have_text(keep)
    page.locator("#keep").click()
    hand_two_as_entered()
    replacing_one()
    reloaded(page)  # the phone reloaded while hand 1 is replaced: both hands' answers stay
    expect(page.locator("#hand-form h2")).to_have_text(REPLACING[lang])
    page.fill('input[name="card_points"]', "30")
    page.locator('input[name="card_points"]').blur()
    page.wait_for_selector("#hand-form:not([data-asking])")
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#record")).to_have_count(0)
    hand_two_as_entered()
    expect(page.locator("#notice .stale")).to_have_count(0)  # the replace was this page's own
    reloaded(page)
    hand_two_as_entered()
    expect(page.locator("#notice .stale")).to_have_count(0)
    page.screenshot(path=str(tmp_path / f"replaced-next-kept-{lang}.png"), full_page=True)
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(2)
    # hand 1 with 30 of 70: the Call lost, Cilli and Dani write 1 each; hand 2 with 44: Bert and
    # Cilli win the Call, 1 each (the Simplified Scoring writes the winners' side only)
    assert totals(exported(page, tmp_path)) == {"Anna": 0, "Bert": 1, "Cilli": 2, "Dani": 1}


OUTSIDE = {
    "en-GB": ("Card points of Anna and Bert (of 70): 71 is outside 0 to 70", "71 is outside 0 to 70"),
    "de-AT": (
        "Kartenpunkte von Anna und Bert (von 70): 71 liegt nicht zwischen 0 und 70",
        "71 liegt nicht zwischen 0 und 70",
    ),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_refused_answer_is_named_by_its_field_and_said_beside_it(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """71 card points of 70: the arithmetic's refusal names the field as the form names it, never
    by the hand file's key (``card_points``, English on a German page), and the reason stands
    beside the field, as on serve's page. Corrected, the reason and the notice's line go while the
    points are typed, not under the next tap: Kontra tapped straight after lands where it was seen."""
    said, beside = OUTSIDE[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    answer_rufer(page, "Anna", "Bert", "71")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#preview:not([hidden])")
    expect(page.locator("#preview .refused li")).to_have_text(said)
    expect(page.locator('fieldset[data-key="card_points"] .error')).to_have_text(beside)
    page.screenshot(path=str(tmp_path / f"refused-{lang}.png"), full_page=True)
    page.fill('input[name="card_points"]', "40")  # corrected, the box not left yet
    expect(page.locator("#fields .error")).to_have_count(0)
    expect(page.locator("#preview .refused")).to_have_count(0)  # its one line gone, the notice too
    expect(page.locator("#preview")).to_be_hidden()
    page.screenshot(path=str(tmp_path / f"corrected-{lang}.png"), full_page=True)
    # the thumb comes down on Kontra: the points' box is left and the engine asked for the fields
    # again; the thumb lifts once they are drawn, and Kontra, not what moved under it, is tapped
    kontra = chip(page, "kontra", "kontra")
    kontra.scroll_into_view_if_needed()
    box = kontra.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_selector("#hand-form:not([data-asking])")
    page.mouse.up()
    expect(kontra).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("40")
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)


# Card points the form refuses, said in the form's words as on serve's page: Trischaken's 30 and
# 30 of Anna and Bert leave Cilli 10 of the 70 (koenigrufen: the talon counts); Points 30 and
# Blatt 4 are 31 and 1, three Blatt being a point. Never the hand file's "card_points: missing:
# ... { Anna = ... }" nor the command line's "'30/4' is not a card point count". Each as (label,
# reason): the notice says "label: reason", the field, headed by its label, the reason alone.
FORM_WORDS = {
    "en-GB": (
        (
            "Card points of Cilli (at most 10)",
            "30 is more than the 10 card points left: Anna and Bert "
            "have 60 of the 70; enter at most 10 here, or correct the card points above",
        ),
        (
            "Card points of Anna and Bert (of 70)",
            "Blatt 4 is more than 2 (3 Blatt make a whole point): enter Points 31 and Blatt 1",
        ),
    ),
    "de-AT": (
        (
            "Kartenpunkte von Cilli (höchstens 10)",
            "30 ist mehr als die 10 Kartenpunkte, die übrig "
            "sind: Anna und Bert haben 60 von den 70; hier höchstens 10 eingeben oder die Kartenpunkte "
            "darüber ausbessern",
        ),
        (
            "Kartenpunkte von Anna und Bert (von 70)",
            "Blatt 4 ist mehr als 2 (3 Blatt sind ein ganzer Punkt): Punkte 31 und Blatt 1 eingeben",
        ),
    ),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_card_points_refused_are_said_in_the_fields_words(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    (trischaken_label, trischaken), (blatt_label, blatt) = FORM_WORDS[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    choose(page, "contract", "trischaken")
    for player in ("Anna", "Bert", "Cilli"):
        field = f'input[name="points:{player}"]'
        page.fill(field, "30")
        page.locator(field).blur()
        page.wait_for_selector("#hand-form:not([data-asking])")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#preview:not([hidden])")
    expect(page.locator("#preview .refused")).to_have_text(f"{trischaken_label}: {trischaken}")
    expect(page.locator('fieldset[data-key="points:Cilli"] .error')).to_have_text(trischaken)
    assert "card_points" not in page.inner_text("body")
    page.screenshot(path=str(tmp_path / f"trischaken-refused-{lang}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH

    choose(page, "contract", "rufer")
    answer_rufer(page, "Anna", "Bert", "30", blatt="4")
    page.click("#hand-form button[type=submit]")
    expect(page.locator("#preview .refused")).to_have_text(f"{blatt_label}: {blatt}")
    expect(page.locator('fieldset[data-key="card_points"] .error')).to_have_text(blatt)
    expect(page.locator('input[name="blatt:card_points"]')).to_have_value("4")
    assert "30/4" not in page.inner_text("body") and "card_points" not in page.inner_text("body")
    page.screenshot(path=str(tmp_path / f"blatt-refused-{lang}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    expect(page.locator("#sheet table.hands tbody")).to_have_count(0)


# The profiles as the start page offers them: each by its title in the reader's language, as
# `tarockscore profiles` shows it, with the name the command line and the exported ledger use.
TITLED = {
    "en-GB": (
        "Königrufen: main rules (Calling the King), Simplified Scoring",
        "Oberösterreich 4/2023 (Raiffeisen Tarockcup Austria), zero-sum, Kontra on the payout only",
    ),
    "de-AT": (
        "Königrufen: Hauptregeln (Calling the King), vereinfachte Abrechnung",
        "Oberösterreich 4/2023 (Raiffeisen Tarockcup Austria), Nullsumme, Kontra nur auf die Auszahlung",
    ),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_the_profiles_are_offered_by_their_titles(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """The new evening's profiles read as the table knows them ("Oberösterreich 4/2023 ..."), not
    only by the file's name (ooe-2023); the name stays beside the title, and the evening chosen by
    its title is the profile of that name."""
    koenigrufen, ooe = TITLED[lang]
    context = phones(lang)
    page = opened(context, server.url)
    chosen = page.locator("#f-profile option:checked")
    expect(chosen).to_have_attribute("value", "koenigrufen")
    assert koenigrufen in chosen.inner_text() and "koenigrufen" in chosen.inner_text()
    expect(page.locator("#profile-title")).to_have_text(chosen.inner_text())
    assert page.locator("#f-profile option").count() == 8  # every shipped profile
    for option in page.locator("#f-profile option").all():
        value = option.get_attribute("value") or ""
        assert value and value in option.inner_text() and option.inner_text() != value, option.inner_text()
    page.fill("#f-players", TABLE.replace("Dani", "W" * 40))  # a name as long as a name can be
    label = page.locator("#f-profile option", has_text=ooe).inner_text()
    page.select_option("#f-profile", label=label)
    expect(page.locator("#profile-title")).to_have_text(label)  # whole, where the choice cuts it
    page.screenshot(path=str(tmp_path / f"profiles-{lang}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.click("#start button[type=submit]")
    page.wait_for_selector("#hand-form")
    # only Forehand (Anna) may bid the Rufer here ([OÖ23 Vorhand 1], D30): shown, not sent as
    # tapped, so that the Dreier after it, which anyone may bid, asks for its declarer
    choose(page, "contract", "rufer")
    expect(page.locator('fieldset[data-key="declarer"] input:checked:disabled')).to_have_count(1)
    choose(page, "contract", "dreier")
    expect(page.locator('fieldset[data-key="declarer"] input')).to_have_count(4)
    expect(page.locator('fieldset[data-key="declarer"] input:checked')).to_have_count(0)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH  # the totals' names wrap
    ledger = exported(page, tmp_path)
    shown = runner.invoke(app, ["show", "--ledger", str(ledger), "--json"])
    assert json.loads(shown.stdout)["profile"]["name"] == "ooe-2023"


# A Radl set by hand after hand 1 (koenigrufen: one round is 4 hands, each ×2, radl.hands and
# radl.factor), said as `tarockscore radl add` says it; 5 struck of the 3 still owed after hand 2
# refused as `radl strike 5` is; 3 struck leave none.
RADL = {
    "en-GB": (
        "Radl set on the sheet after hand 1: 4 more hands ×2; 4 pending",
        "Radl: this hand counts ×2",
        "5: more than the 3 still owed by the Radl; strike at most 3",
        "Radl struck on the sheet after hand 2: 3 doubled hands fewer; 0 pending",
        "Nothing was changed: the sheet is unchanged.",
    ),
    "de-AT": (
        "Radl in der Schrift gesetzt nach Spiel 1: 4 Spiele mehr ×2; 4 offen",
        "Radl: dieses Spiel zählt ×2",
        "5: mehr als die 3, die das Radl noch schuldet; höchstens 3 streichen",
        "Radl in der Schrift gestrichen nach Spiel 2: 3 doppelte Spiele weniger; 0 offen",
        "Nichts geändert: die Schrift ist unverändert.",
    ),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_radl_set_and_struck_by_hand(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """The table draws a Radl on the paper block for a reason of its own: the app sets it as
    `tarockscore radl add` does (one round by default), the hand half entered stays in the form,
    the next hand counts double, and doubled hands the table agrees not to play are struck. The
    export passes `check`, its audit trail has both marks."""
    set_said, doubled, too_many, struck, unchanged = RADL[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    answer_rufer(page, "Cilli", "Dani", "20")  # hand 2 half entered when the Radl is drawn
    page.click("#radl summary")
    expect(page.locator('form[data-change="radl"] [name="hands"]')).to_have_value("4")
    assert page.locator('form[data-change="strike"]').count() == 0  # no Radl owes a hand yet
    page.click('form[data-change="radl"] button[type="submit"]')
    expect(page.locator("#notice .ok")).to_have_text(set_said)
    expect(page.locator("#hand-head .radl")).to_have_text(doubled)
    expect(page.locator('fieldset[data-key="declarer"] input[value="Cilli"]')).to_be_checked()
    expect(page.locator('input[name="card_points"]')).to_have_value("20")
    page.screenshot(path=str(tmp_path / f"radl-set-{lang}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    # 20 of 70: the Call lost, doubled: the defenders Anna and Bert win 1 × 2 each
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#preview:not([hidden])")
    assert doubled in page.inner_text("#preview")
    page.click("#record")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(2)
    page.click("#radl summary")
    page.fill('form[data-change="strike"] [name="strike"]', "5")
    page.click('form[data-change="strike"] button[type="submit"]')
    expect(page.locator("#notice .refused")).to_contain_text(too_many)
    # refused, nothing struck: the panel stays open with the count as typed, to be put right
    expect(page.locator("#notice .refused .lead")).to_have_text(unchanged)
    expect(page.locator("#radl")).to_have_attribute("open", "")
    expect(page.locator('form[data-change="strike"] [name="strike"]')).to_have_value("5")
    page.fill('form[data-change="strike"] [name="strike"]', "3")
    page.press('form[data-change="strike"] [name="strike"]', "Enter")  # as its button does
    expect(page.locator("#notice .ok")).to_have_text(struck)
    assert page.locator("#hand-head .radl").count() == 0  # hand 3 counts once
    page.screenshot(path=str(tmp_path / f"radl-struck-{lang}.png"), full_page=True)
    ledger = exported(page, tmp_path)
    assert totals(ledger) == {"Anna": 3, "Bert": 3, "Cilli": 0, "Dani": 0}
    trail = unfolded(runner.invoke(app, ["show", "--ledger", str(ledger)]).stdout)
    assert "Radl set on the sheet after hand 1: 4 more hands ×2; 4 pending" in trail
    assert "Radl struck on the sheet after hand 2: 3 doubled hands fewer; 0 pending" in trail


# Rufer by Anna with Cilli won with 40, a Kontra on the contract, the Pagat announced and made by
# the declarers (koenigrufen, docs/rules/kontra.md §1, docs/rules/koenigrufen.md §3): Rufer 1 × 2
# Kontra = 2, Pagat 1 × 2 announced = 2, each declarer +4.
EXPLAINED = {
    "en-GB": (
        ["×2 Kontra on the contract = 2", "×2 announced = 2", "Victory Points: Anna +4, Bert 0"],
        "back to the sheet",
    ),
    "de-AT": (
        ["×2 Kontra aufs Spiel = 2", "×2 angesagt = 2", "Punkte: Anna +4, Bert 0"],
        "zurück zur Schrift",
    ),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_tap_on_a_hands_line_shows_its_explanation(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """The app's sheet is serve's: a tap on a hand's line shows what `explain 1` prints, bet by bet
    with each rule; the hand half entered stays in its form, and the explanation closes again."""
    ledger = tmp_path / "pagat.toml"
    assert runner.invoke(app, ["new", "--players", TABLE, "--ledger", str(ledger)]).exit_code == 0
    hand = [
        "-c",
        "rufer",
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "40",
        "-k",
        "kontra",
        "-b",
        "pagat:declarers:announced:made",
    ]
    assert runner.invoke(app, ["record", *hand, "--ledger", str(ledger)]).exit_code == 0
    context = phones(lang)
    page = opened(context, server.url)
    page.set_input_files("#f-ledger", str(ledger))
    page.wait_for_selector("#hand-form")
    choose(page, "contract", "dreier")
    page.locator('#sheet tbody[data-hand="1"] td.what a').click()
    shown = page.locator("#explanation section.explain")
    worked, back = EXPLAINED[lang]
    for line in worked:
        expect(shown).to_contain_text(line)
    expect(shown).to_contain_text("Pagat")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    # each "name +points" on one line: "on the sheet: Anna" at a line's end, "+2" below, was seen
    found = page.evaluate(BROKEN_PAIRS, [name.strip() for name in TABLE.split(",")])
    assert found["pairs"] == 8 and found["broken"] == [], found
    page.screenshot(path=str(tmp_path / f"app-explain-{lang}.png"), full_page=True)
    page.get_by_role("button", name=back).click()
    expect(page.locator("#explanation")).to_have_count(0)
    expect(page.locator('fieldset[data-key="contract"] input[value="dreier"]')).to_be_checked()


HALF_ENTERED = {
    "en-GB": ("Hand 3 is taken back.", "Hand 3", "Delete", "Delete hand 1",
              "on the sheet now: Rufer by Anna with Bert, won", "Hand 1 is deleted.", "Hand 2"),
    "de-AT": ("Spiel 3 ist zurückgenommen.", "Spiel 3", "Löschen", "Spiel 1 löschen",
              "jetzt in der Schrift: Rufer von Anna mit Bert, gewonnen", "Spiel 1 ist gelöscht.", "Spiel 2"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_delete_asks_first_and_the_hand_half_entered_stays_across_corrections(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """Delete deleted the hand chosen at one tap, where Take back first shows the hand's line: it
    now names the hand chosen by its line and deletes it at a second tap. Take back and Delete
    tapped while the next hand was half entered dropped its answers (Replace and Radl kept them):
    they stay in its form, and the hand is recorded as entered."""
    undone, third, delete, delete_one, line, deleted, second = HALF_ENTERED[lang]
    context = phones(lang)
    page = opened(context, server.url)
    begin(page)
    record(page, "Anna", "Bert", 40, shown="Rufer")
    record(page, "Cilli", "Dani", 50, shown="Rufer")
    record(page, "Bert", "Cilli", 45, shown="Rufer")
    answer_rufer(page, "Bert", "Dani", "44")
    checked = 'fieldset[data-key="{}"] input[value="{}"]'

    def half_entered(heading: str) -> None:
        expect(page.locator("#hand-form h2")).to_have_text(heading)
        for key, value in (("contract", "rufer"), ("declarer", "Bert"), ("partner", "Dani")):
            expect(page.locator(checked.format(key, value))).to_be_checked()
        expect(page.locator('input[name="card_points"]')).to_have_value("44")

    page.click(".corrections summary")
    page.click(".take-back summary")
    page.click("#undo")
    expect(page.locator("#notice .ok")).to_contain_text(undone)
    half_entered(third)
    page.click(".corrections summary")
    page.select_option('form[data-change="deleting"] select[name="delete"]', "1")
    page.get_by_role("button", name=delete, exact=True).click()
    asked = page.locator("details.delete")
    expect(asked).to_contain_text(line)
    expect(asked.get_by_role("button", name=delete_one, exact=True)).to_be_in_viewport()
    expect(page.locator("#sheet table.hands tbody")).to_have_count(2)  # nothing deleted yet
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.screenshot(path=str(tmp_path / f"delete-asked-{lang}.png"))
    half_entered(third)
    asked.get_by_role("button", name=delete_one, exact=True).click()
    expect(page.locator("#notice .ok")).to_contain_text(deleted)
    expect(page.locator("#notice .ok")).to_contain_text(line.split(": ", 1)[1])
    half_entered(second)
    reloaded(page)  # kept for a reload too
    half_entered(second)
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(2)
    # hand 1 now the Rufer by Cilli with Dani (50 of 70), hand 2 the Rufer by Bert with Dani (44):
    # both won (a Rufer needs 36), the winners write 1 each under the Simplified Scoring
    assert totals(exported(page, tmp_path)) == {"Anna": 0, "Bert": 1, "Cilli": 1, "Dani": 2}


MISFIT = {
    "en": (
        "Correct the deal",
        "Correct the deal of hand 1",
        "Replace hand 1",
        "Bert deals, Cilli is Forehand, Bert sits out",
        "'Bert' deals this hand and sits it out (a table of five)",
        "Hand 1 is replaced.",
    ),
    "de": (
        "Geben korrigieren",
        "Geben von Spiel 1 korrigieren",
        "Spiel 1 ersetzen",
        "Bert gibt, Cilli ist Vorhand, Bert setzt aus",
        "'Bert' gibt dieses Spiel und setzt aus (zu fünft am Tisch)",
        "Spiel 1 ist ersetzt.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_deal_the_hand_does_not_fit_opens_its_form_to_be_replaced(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path, lang: str
) -> None:
    """At five Bert declared hand 1; its deal corrected to Bert's, he would sit it out. The app only
    said why, where `serve` opens the hand's form with that deal: it now does too, the reason
    beside the declarer's field, the deal kept across a reload; replaced with Cilli as declarer,
    hand 1 stands with Bert's deal, and the next hand's answers given before come back."""
    choose_deal, correct, heading, deal, said, replaced = MISFIT[lang]
    ledger = tmp_path / "five.toml"
    made = runner.invoke(app, ["new", "--players", "Anna,Bert,Cilli,Dani,Eva", "--ledger", str(ledger)])
    assert made.exit_code == 0, made.stderr
    played = runner.invoke(app, ["record", "-l", str(ledger), "-c", "dreier", "-d", "Bert", "-t", "40"])
    assert played.exit_code == 0, played.stderr
    context = phones(lang)
    page = opened(context, server.url)
    page.set_input_files("#f-ledger", str(ledger))
    page.wait_for_selector("#hand-form")
    choose(page, "contract", "rufer")
    choose(page, "declarer", "Dani")
    page.click(".corrections summary")
    page.select_option('form[data-change="dealing"] select[name="deal"]', "1")
    page.select_option('form[data-change="dealing"] select[name="dealer"]', "Bert")
    page.get_by_role("button", name=choose_deal, exact=True).click()
    page.get_by_role("button", name=correct, exact=True).click()
    expect(page.locator("#hand-form h2")).to_have_text(heading)
    expect(page.locator("#hand-head")).to_contain_text(deal)
    expect(page.locator('fieldset[data-key="declarer"] .error')).to_contain_text(said)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.screenshot(path=str(tmp_path / f"deal-misfit-{lang}.png"), full_page=True)
    reloaded(page)  # the deal kept
    expect(page.locator("#hand-head")).to_contain_text(deal)
    choose(page, "declarer", "Cilli")
    expect(page.locator("#hand-head")).to_contain_text(deal)
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#preview:not([hidden])")
    page.click("#record")
    expect(page.locator("#notice .ok")).to_contain_text(replaced)
    expect(page.locator('fieldset[data-key="declarer"] input[value="Dani"]')).to_be_checked()
    hand = json.loads(
        runner.invoke(app, ["show", "--ledger", str(exported(page, tmp_path)), "--json"]).stdout
    )["hands"][0]
    assert (hand["players"], hand["declarer"]) == (["Cilli", "Dani", "Eva", "Anna"], "Cilli")


def test_a_revoke_tapped_and_taken_back_keeps_the_card_points(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path
) -> None:
    """Card points typed, then "Renonce…" opened and Cilli tapped (the card points go: a revoke
    decides the hand), then "none" again: the 40 typed came back empty, to be typed anew. They stay;
    the hand is recorded with them: 40 of 70 wins the Rufer (koenigrufen: 1 to Anna and to Bert)."""
    context = phones("en-GB")
    page = opened(context, server.url)
    begin(page)
    answer_rufer(page, "Anna", "Bert", "40")
    page.click('details[data-key="renonce"] summary')
    page.locator('details[data-key="renonce"] input[value="Cilli"]').click(force=True)
    page.wait_for_selector("#hand-form:not([data-asking])")
    expect(page.locator('input[name="card_points"]')).to_have_count(0)
    page.locator('details[data-key="renonce"] input[value="=none"]').click(force=True)
    page.wait_for_selector("#hand-form:not([data-asking])")
    expect(page.locator('input[name="card_points"]')).to_have_value("40")
    reloaded(page)  # kept as given, as every answer is
    expect(page.locator('input[name="card_points"]')).to_have_value("40")
    page.click("#hand-form button[type=submit]")
    page.click("#record")
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)
    assert totals(exported(page, tmp_path)) == {"Anna": 1, "Bert": 1, "Cilli": 0, "Dani": 0}


def test_a_revoke_refused_opens_the_folded_question(
    phones: Callable[[str], Any], server: StaticServer, tmp_path: Path
) -> None:
    """A reason beside the revoke question, folded under "Renonce…" and closed: the engine's fields
    open the section, as serve's page opens it; the app kept the closed section and put the reason
    into it unseen."""
    context = phones("en-GB")
    page = opened(context, server.url)
    begin(page)
    answer_rufer(page, "Anna", "Bert", "40")
    folded = page.locator('details[data-key="renonce"]')
    expect(folded).not_to_have_attribute("open", "")
    page.evaluate(
        """async () => {
            const { reconcile } = await import(new URL("page.js", location.href).href);
            const box = document.getElementById("fields");
            const fresh = box.cloneNode(true);
            const details = fresh.querySelector('details[data-key="renonce"]');
            details.open = true;  // as the engine sends a field with a reason
            details.querySelector("fieldset").insertAdjacentHTML(
                "beforeend", '<span class="error">Anna deals this hand and sits out: choose again</span>');
            reconcile(box, fresh.innerHTML, {}, {});
        }"""
    )
    error = folded.locator(".error")
    expect(error).to_have_text("Anna deals this hand and sits out: choose again")
    expect(error).to_be_visible()
