"""``tarockscore serve`` in a real browser: Playwright driving the system's chromium at a phone's
width (360 px), in English and German, against a real server on loopback.

The pages are opened as ``http://tarock.test:PORT`` (the browser maps the name to 127.0.0.1), so
they are no secure context, as on a venue's network: no service worker, no crypto.randomUUID.
Skipped where chromium or Playwright is missing (``.ci/run`` installs chromium).
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

import uvicorn  # noqa: E402 - after the skip: only where the browser runs

expect = playwright_api.expect

from tarockscore.web.app import Settings, make_app  # noqa: E402
from tarockscore.web.site import Site  # noqa: E402

runner = CliRunner()
HOST = "tarock.test"
WIDTH = 360
TABLE = ("Anna", "Bert", "Cilli", "Dani")
WAIT = 10_000  # ms: a page on loopback answers within this, even on a busy 2-core machine


def cli(*args: str) -> None:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr


class Server:
    """A real uvicorn on 127.0.0.1 (a free port) serving ``path``, in a thread of the test."""

    def __init__(self, path: Path, **settings: Any) -> None:
        self.site = Site(path)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            make_app(self.site, Settings(poll_seconds=0.2, **settings)),
            log_level="warning",
            lifespan="off",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        self.base = f"http://{HOST}:{self.port}"

    def url(self, key: str, code: str | None = "own", lang: str | None = None) -> str:
        query = []
        if code == "own":
            query.append(f"code={self.site.code(key)}")
        elif code:
            query.append(f"code={code}")
        if lang:
            query.append(f"lang={lang}")
        return f"{self.base}/t/{key}" + ("?" + "&".join(query) if query else "")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=CHROMIUM, args=[f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
        )
        yield launched
        launched.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Callable[[], Any]]:
    """New phones (each its own browser context: its own localStorage), closed after the test."""
    contexts: list[Any] = []

    def make() -> Any:
        context = browser.new_context(viewport={"width": WIDTH, "height": 780}, device_scale_factor=1)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(TABLE), "--stake", "0.10", "--ledger", str(path))
    server = Server(path)
    yield server, path
    server.stop()


def hands(path: Path) -> int:
    return len(tarockscore.Evening(path).ledger.hands)


def settled(page: Any) -> None:
    """Wait until the form has asked the flow again after a change (its fields may be redrawn)."""
    page.wait_for_selector("#fields:not([data-busy])", state="attached")


def fill_rufer(page: Any, points: str = "40") -> None:
    for name, value in (("contract", "rufer"), ("declarer", "Anna"), ("partner", "Cilli")):
        page.select_option(f"select[name={name}]", value)
        settled(page)
    page.fill("input[name=card_points]", points)
    page.locator("input[name=card_points]").dispatch_event("change")
    settled(page)


def no_sideways_scrolling(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


@pytest.mark.parametrize(
    ("lang", "show", "record", "victory"),
    [
        ("en", "Show the arithmetic", "Record hand 1", "Victory Points"),
        ("de", "Rechnung zeigen", "Spiel 1 eintragen", "Punkte"),
    ],
)
def test_a_hand_is_shown_then_recorded(
    evening: tuple[Server, Path], phone: Callable[[], Any], lang: str, show: str, record: str, victory: str
) -> None:
    server, path = evening
    page = phone()
    page.goto(server.url("evening", lang=lang))
    assert page.get_attribute("html", "lang") == lang
    fill_rufer(page)
    page.get_by_role("button", name=show).click()
    page.wait_for_selector("#preview:not([hidden])")
    assert victory in page.inner_text("#preview")
    no_sideways_scrolling(page)
    assert hands(path) == 0  # shown, not written
    page.get_by_role("button", name=record).click()
    page.wait_for_selector("#notice .notice.ok")
    assert hands(path) == 1
    expect(page.locator("#sheet table.hands tbody tr")).to_have_count(1)
    no_sideways_scrolling(page)


def test_a_refused_hand_shows_the_reason_and_records_nothing(
    evening: tuple[Server, Path], phone: Callable[[], Any]
) -> None:
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    fill_rufer(page, points="80")
    page.get_by_role("button", name="Show the arithmetic").click()
    page.wait_for_selector("#notice .notice.refused")
    assert "80 is outside 0 to 70" in page.inner_text("#notice")
    assert hands(path) == 0


def test_a_stale_page_is_refused_and_the_hand_not_dropped(
    evening: tuple[Server, Path], phone: Callable[[], Any]
) -> None:
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    fill_rufer(page)
    page.get_by_role("button", name="Show the arithmetic").click()
    page.wait_for_selector("#preview:not([hidden])")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "36")  # the CLI, in between
    page.get_by_role("button", name="Record hand 1").click()
    page.wait_for_selector("#outbox .notice.refused")
    assert "the sheet has changed" in page.inner_text("#outbox")
    assert hands(path) == 1
    page.get_by_role("button", name="Enter it again").click()  # the answers come back into the form
    expect(page.locator("input[name=card_points]")).to_have_value("40")


def test_two_phones_entering_one_hand_give_one_hand(
    evening: tuple[Server, Path], phone: Callable[[], Any]
) -> None:
    server, path = evening
    first, second = phone(), phone()
    for page in (first, second):
        page.goto(server.url("evening"))
        fill_rufer(page)
        page.get_by_role("button", name="Show the arithmetic").click()
        page.wait_for_selector("#preview:not([hidden])")
    first.get_by_role("button", name="Record hand 1").click()
    first.wait_for_selector("#notice .notice.ok")
    second.get_by_role("button", name="Record hand 1").click()
    second.wait_for_selector("#outbox .notice.refused")
    assert hands(path) == 1


def test_offline_the_hand_waits_and_is_sent_when_the_network_is_back(
    evening: tuple[Server, Path], phone: Callable[[], Any]
) -> None:
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    fill_rufer(page)
    page.context.set_offline(True)
    page.get_by_role("button", name="Show the arithmetic").click()
    page.wait_for_selector("#outbox .waiting")
    assert "1 hand waiting to be sent" in page.inner_text("#outbox")
    assert hands(path) == 0
    page.context.set_offline(False)
    page.wait_for_selector("#notice .notice.ok")
    assert hands(path) == 1
    assert page.inner_text("#outbox").strip() == ""


@pytest.fixture
def day(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path / "cup-day"
    players = [
        "Anna",
        "Bert",
        "Cilli",
        "Dani",
        "Edi",
        "Fritz",
        "Gerti",
        "<img src=x onerror=alert(1)>".replace("=", ":"),
    ]
    cli("tournament", "new", str(folder), "--players", ",".join(players), "--rounds", "2", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(folder), "--round", "1", "--seed", "5")
    server = Server(folder)
    yield server, folder
    server.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_code_or_another_tables_code_records_nothing(
    day: tuple[Server, Path], phone: Callable[[], Any], lang: str
) -> None:
    server, _folder = day
    page = phone()
    page.goto(server.url("r1t1", code=None, lang=lang))
    assert page.locator("select[name=contract]").count() == 0  # the sheet, no form
    answer = page.goto(server.url("r1t1", code=server.site.code("r1t2"), lang=lang))
    assert answer is not None and answer.status == 403
    expected = (
        "this code does not open this table" if lang == "en" else "dieser Code öffnet diesen Tisch nicht"
    )
    assert expected in page.inner_text("body")


def test_the_board_updates_by_itself_and_a_name_with_markup_stays_text(
    day: tuple[Server, Path], phone: Callable[[], Any]
) -> None:
    server, _folder = day
    board = phone()
    board.goto(f"{server.base}/board")
    board.wait_for_selector("#board table.progress")
    assert "0 / 4" in board.inner_text("#board")
    assert "<img src:x onerror:alert(1)>" in board.inner_text("#board")  # shown as text
    assert board.locator("#board img").count() == 0
    place = next(p for p in server.site.places() if p.key == "r1t1")
    table = phone()
    table.goto(server.url("r1t1"))
    assert table.locator("img").count() == 0
    cli("record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[0], "-t", "36")
    expect(board.locator("#board")).to_contain_text("1 / 4")


@pytest.mark.parametrize("script", [True, False])
@pytest.mark.parametrize(
    ("lang", "corrections", "take_back"),
    [("en", "Corrections", "Take back hand 2"), ("de", "Korrekturen", "Spiel 2 zurücknehmen")],
)
def test_a_phone_takes_back_the_last_hand_with_script_on_and_off(
    browser: Any, evening: tuple[Server, Path], lang: str, corrections: str, take_back: str, script: bool
) -> None:
    """The page's own Take back form goes through as a plain form post (the page's referrer
    policy keeps its origin: it was refused as cross-site under no-referrer)."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "36")
    context = browser.new_context(viewport={"width": WIDTH, "height": 780}, java_script_enabled=script)
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(server.url("evening", lang=lang))
        page.get_by_text(corrections, exact=True).click()  # the corrections panel, folded at first
        page.get_by_role("button", name=take_back).click()
        page.wait_for_load_state()
        deadline = time.monotonic() + WAIT / 1000
        while hands(path) != 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hands(path) == 1
        expect(page.locator(".notice.ok")).to_be_visible()  # told so, on the table's page
    finally:
        context.close()
