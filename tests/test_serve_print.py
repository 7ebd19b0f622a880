"""What ``serve`` and ``tournament cards`` print, and what heads the pages: the table cards under
the server's own Content Security Policy and from a file (each with its table's QR code), the
titles and "last update" times as the day and the evening have them, a round drawn while the
server runs, the ``--json`` line's "cards".

Over HTTP with Starlette's TestClient, and in a real browser (Playwright driving the system's
chromium, skipped where it is missing): the cards printed to A4 PDF, the board at 360 px in
English and German.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app
from tarockscore.render.cards import card_svg
from tarockscore.web.pages import qr_svg

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import Settings, make_app
from tarockscore.web.site import Site
from tests.serving import Server

runner = CliRunner()
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TWELVE = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Franz", "Gerti", "Hans", "Ilse", "Josef", "Karl", "Liesl"]
TITLE = "Tiroler Tarockcup, 3. Turnier"
BASE = "http://192.168.1.20:8000"
JSON = {"Accept": "application/json"}


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def new_day(path: Path, *, rounds: int = 2, drawn: int = 1, title: str | None = TITLE) -> Path:
    """Twelve players: three tables of four a round, 8 games each."""
    args = ["tournament", "new", str(path), "--players", ",".join(TWELVE), "--rounds", str(rounds)]
    args += ["--games", "8", "--profile", "ooe-2023", "--format", "schrift"]
    if title is not None:
        args += ["--title", title, "--date", "2026-03-14", "--place", "Gasthof Post, Wörgl"]
    cli(*args)
    for number in range(1, drawn + 1):
        cli("tournament", "draw", str(path), "--round", str(number), "--seed", str(number + 2))
    return path


def client_of(path: Path, **settings: Any) -> tuple[TestClient, Site]:
    site = Site(path)
    return TestClient(make_app(site, Settings(**settings)), follow_redirects=False), site


def style_source(html: str) -> str:
    """The policy's source for the page's one style element, worked out from the page itself."""
    [style] = re.findall(r"<style>(.*?)</style>", html, flags=re.S)
    digest = hashlib.sha256(style.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def directive(policy: str, name: str) -> list[str]:
    [found] = [d.split()[1:] for d in policy.split(";") if d.split() and d.split()[0] == name]
    return found


# -- the cards over HTTP ------------------------------------------------------------------------


def test_the_served_cards_let_in_their_own_style_and_no_other(tmp_path: Path) -> None:
    day = new_day(tmp_path / "day")
    client, site = client_of(day, base_url=BASE)
    cards = client.get(f"/cards?code={site.code('organiser')}")
    assert cards.status_code == 200
    policy = cards.headers["content-security-policy"]
    # the page's own style element, by its hash: no 'unsafe-inline', no style attribute to need it
    assert directive(policy, "style-src") == ["'self'", style_source(cards.text)]
    assert not re.search(r"\sstyle=", cards.text)
    assert directive(policy, "script-src") == ["'self'"]
    assert "unsafe" not in policy
    # every other page keeps the server's own style sheet alone
    for path in ("/", "/board", "/t/r1t1"):
        other = client.get(path).headers["content-security-policy"]
        assert directive(other, "style-src") == ["'self'"], path


def test_the_served_cards_are_the_files_cards_with_the_same_addresses(tmp_path: Path) -> None:
    day = new_day(tmp_path / "day")
    out = tmp_path / "cards.html"
    cli("tournament", "cards", str(day), "--round", "1", "--base-url", BASE + "/", "-o", str(out))
    printed = out.read_text(encoding="utf-8")
    client, site = client_of(day, base_url=BASE)
    served = client.get(f"/cards?code={site.code('organiser')}").text
    for table in (1, 2, 3):
        key = f"r1t{table}"
        code = site.code(key)  # the server's code, made when the cards were printed and kept
        address = f"{BASE}/t/{key}?code={code}"
        for page in (printed, served):
            assert qr_svg(address) in page and f'<p class="url">{address}</p>' in page
        place = site.place(key)
        assert place is not None and site.opens(place, code)
    assert printed.count("<svg") == served.count("<svg") == 3
    # the same page but for the addresses: the cards printed at home are the ones the server gives
    assert re.sub(r"<svg.*?</svg>", "", printed, flags=re.S) == re.sub(
        r"<svg.*?</svg>", "", served, flags=re.S
    )


def test_cards_printed_before_serving_open_the_tables_the_server_serves(tmp_path: Path) -> None:
    day = new_day(tmp_path / "day")
    out = tmp_path / "cards.html"
    cli("tournament", "cards", str(day), "--round", "1", "--base-url", BASE, "-o", str(out))
    address = re.findall(r'<p class="url">([^<]*)</p>', out.read_text(encoding="utf-8"))[0]
    key, code = re.fullmatch(re.escape(BASE) + r"/t/(\w+)\?code=(\w+)", address).groups()  # type: ignore[union-attr]
    client, site = client_of(day)
    place = site.place(key)
    assert place is not None
    form = {"code": code, "expected": place.evening.version(), "request": "card-1", "action": "record",
            "contract": "dreier", "declarer": place.players[0], "card_points": "36"}  # fmt: skip
    answer = client.post(f"/t/{key}/hand", data=form, headers=JSON)
    assert answer.status_code == 200, answer.text
    assert len(place.evening.ledger.hands) == 1


def test_without_a_base_url_each_card_says_why_it_has_no_qr_code(tmp_path: Path) -> None:
    day = new_day(tmp_path / "day")
    before = sorted(p.name for p in day.iterdir())
    page = cli("tournament", "cards", str(day), "--round", "1")
    assert "<svg" not in page
    assert (
        page.count("No QR code: printed without the server&#x27;s address (tournament cards --base-url)") == 3
    )
    german = cli("--lang", "de", "tournament", "cards", str(day), "--round", "1")
    assert german.count("Kein QR-Code: ohne die Adresse des Servers gedruckt") == 3
    assert sorted(p.name for p in day.iterdir()) == before  # no code is made for cards without one


@pytest.mark.parametrize(
    "given", ["192.168.1.20:8000", "ftp://192.168.1.20", "http://", "http://host:99999", f"{BASE}/?code=x"]
)
def test_a_base_url_that_is_no_servers_address_is_refused_and_nothing_written(
    tmp_path: Path, given: str
) -> None:
    day = new_day(tmp_path / "day")
    before = sorted(p.name for p in day.iterdir())
    out = tmp_path / "cards.html"
    result = runner.invoke(
        app, ["tournament", "cards", str(day), "-r", "1", "--base-url", given, "-o", str(out)]
    )
    assert result.exit_code == 2
    assert f"--base-url: {given!r}: give the address the phones reach serve at" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists() and sorted(p.name for p in day.iterdir()) == before


def test_a_pdf_card_places_the_qr_code_or_says_why_not(tmp_path: Path) -> None:
    day = new_day(tmp_path / "day")
    t, drawn = tarockscore.Tournament(day).round_drawn(1)
    address = f"{BASE}/t/r1t1?code=k7m2qz9a"
    with_qr = card_svg(t, drawn, drawn.tables[0], (address, qr_svg(address)))
    # the code's own SVG, placed as a 30 mm square at the top right of the A4 page (210 mm, 15 mm margin)
    assert '<svg x="165" y="10" width="30" height="30" xmlns=' in with_qr
    assert f">{address}</text>" in with_qr
    without = card_svg(t, drawn, drawn.tables[0])
    assert without.count("<svg") == 1 and ">No QR code: printed<" in without


# -- titles and times ---------------------------------------------------------------------------


def heading(html: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", html)
    assert found is not None
    return found.group(1)


def test_a_day_is_titled_as_tournament_toml_has_it_not_by_its_folder(tmp_path: Path) -> None:
    day = new_day(tmp_path / "cup-day")
    client, _site = client_of(day)
    for path in ("/", "/board", "/t/r1t1"):
        page = client.get(path).text
        assert "cup-day" not in page, path
    assert heading(client.get("/").text) == TITLE
    assert heading(client.get("/board").text) == TITLE
    assert f"<title>Board: {TITLE}</title>" in client.get("/board").text
    german = client.get("/board?lang=de").text
    assert f"<title>Anzeige: {TITLE}</title>" in german
    # a day begun without a title keeps its folder's name: it has no other
    plain = new_day(tmp_path / "plain", title=None)
    assert heading(client_of(plain)[0].get("/board").text) == "plain"


def test_an_evening_is_titled_with_its_place_and_date_else_its_day(tmp_path: Path) -> None:
    sperl = tmp_path / "tarock-ledger.toml"
    cli(
        "new",
        "-p",
        "Anna,Bert,Cilli,Dani",
        "--date",
        "14.03.2025",
        "--place",
        "Café Sperl",
        "--ledger",
        str(sperl),
    )
    client, _site = client_of(sperl)
    for path in ("/", "/board", "/t/evening"):
        page = client.get(path).text
        assert "tarock-ledger" not in page, path
        assert heading(page) == "Café Sperl, 2025-03-14", path
    assert heading(client.get("/t/evening?lang=de").text) == "Café Sperl, 14.03.2025"
    plain = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(plain))
    began = tarockscore.Evening(plain).ledger.table.created[:10]  # YYYY-MM-DD, the day it began
    client, _site = client_of(plain)
    assert heading(client.get("/board").text) == f"Evening of {began}"
    year, month, day = began.split("-")
    assert heading(client.get("/board?lang=de").text) == f"Tarockabend vom {day}.{month}.{year}"


@pytest.fixture
def vienna(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server's clock in Vienna (UTC+1 in March): the board says the time as the room reads it."""
    monkeypatch.setenv("TZ", "Europe/Vienna")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def progress_rows(board: str) -> dict[str, list[str]]:
    table = board[board.index('<table class="progress">') :]
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", table)
    return {name.replace("\xa0", " "): [hands, last] for name, hands, last in rows}  # as it reads


def test_last_update_is_the_last_hand_or_correction_not_the_draw(tmp_path: Path, vienna: None) -> None:
    day = new_day(tmp_path / "day")
    first = tarockscore.Tournament(day).table(1, 1)
    declarer = first.ledger.players[0]
    first.record({"contract": "dreier", "declarer": declarer, "won": True}, at="2025-03-14T20:15:00+01:00")
    first.record({"contract": "dreier", "declarer": declarer, "won": True}, at="2025-03-14T20:21:00+01:00")
    client, _site = client_of(day)
    rows = progress_rows(client.get("/board").text)
    assert rows["Round 1, table 1"] == ["2 / 8", "2025-03-14 20:21"]
    assert rows["Round 1, table 2"] == ["0 / 8", "-"]  # drawn, nothing played: no time of the draw's
    # a correction is a change too; a time in another zone is shown in the server's
    first.undo(at="2025-03-14T20:40:00Z")
    rows = progress_rows(client.get("/board?lang=de").text)
    assert rows["Runde 1, Tisch 1"] == ["1 / 8", "14.03.2025 21:40"]
    # today's change is said by its time alone
    now = tarockscore.now()
    first.record({"contract": "dreier", "declarer": declarer, "won": True}, at=now)
    assert progress_rows(client.get("/board").text)["Round 1, table 1"] == ["2 / 8", now[11:16]]


# -- a round drawn while serving ----------------------------------------------------------------


def test_rounds_drawn_while_serving_are_served_at_once(tmp_path: Path) -> None:
    day = new_day(tmp_path / "day", drawn=0)
    client, site = client_of(day, base_url=BASE)  # a day not drawn yet is served: no table so far
    organiser = site.code("organiser")
    assert client.get("/").status_code == 200 and client.get("/board").status_code == 200
    waiting = client.get(f"/cards?code={organiser}")
    assert waiting.status_code == 200 and "no round is drawn yet" in waiting.text
    assert client.get("/t/r1t1").status_code == 404
    for number in (1, 2):
        cli("tournament", "draw", str(day), "--round", str(number), "--seed", str(number + 2))
        key = f"r{number}t3"
        place = site.place(key)
        assert place is not None and client.get(f"/t/{key}").status_code == 200
        form = {"code": site.code(key), "expected": place.evening.version(), "request": key,
                "action": "record", "contract": "dreier", "declarer": place.players[0], "card_points": "36"}  # fmt: skip
        assert client.post(f"/t/{key}/hand", data=form, headers=JSON).status_code == 200
        cards = client.get(f"/cards?code={organiser}").text  # the latest round's, each with its code
        assert f"<h2>Round {number}, table 3</h2>" in cards and cards.count("<svg") == 3
        assert f"{BASE}/t/{key}?code={site.code(key)}" in cards
        assert f"Round {number}, table 3" in progress_rows(client.get("/board").text)
    assert site.code("organiser") == organiser


def test_serve_json_names_the_cards_address_with_the_organisers_code(tmp_path: Path) -> None:
    day = new_day(tmp_path / "day")
    process = subprocess.Popen(
        [sys.executable, "-m", "tarockscore", "serve", str(day), "--port", "0", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        data = json.loads(line)
        assert data["cards"] == f"{data['url']}/cards?code={Site(day).code('organiser')}"
        assert [t["table"] for t in data["tables"]] == [1, 2, 3]
        import urllib.request

        deadline = time.monotonic() + 60  # that it answers; how fast is for benchmarks/
        while True:
            try:
                with urllib.request.urlopen(data["cards"], timeout=30) as answer:
                    page = answer.read().decode("utf-8")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert page.count("<svg") == 3 and "<h2>Round 1, table 1</h2>" in page
    finally:
        process.terminate()
        process.wait(timeout=20)


# -- in the browser: the printed cards and the board at 360 px ---------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
browser_only = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("chromium is not installed")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    day = new_day(tmp_path / "day", rounds=3, drawn=2)
    first = tarockscore.Tournament(day).table(1, 1)
    first.record({"contract": "dreier", "declarer": first.ledger.players[0], "won": True})
    server = Server(day)
    yield server, day
    server.stop()


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@browser_only
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_served_cards_print_on_as_few_pages_as_the_files(
    browser: Any, served: tuple[Server, Path], tmp_path: Path, lang: str
) -> None:
    server, day = served
    context = browser.new_context(viewport={"width": 360, "height": 780})
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{server.base}/cards?code={server.site.code('organiser')}&round=1&lang={lang}")
    box = page.locator(".qr svg").first.bounding_box()
    served_pdf = page.pdf(format="A4", print_background=True)
    out = tmp_path / "cards.html"
    cli("--lang", lang, "tournament", "cards", str(day), "-r", "1", "--base-url", server.base, "-o", str(out))
    page.goto(out.resolve().as_uri())
    file_pdf = page.pdf(format="A4", print_background=True)
    context.close()
    assert refused == []
    # the card's style holds: the QR code in its 30 mm box (113 px at 96 px an inch), not page-wide
    assert box is not None and 105 < box["width"] < 120
    # one A4 page per table of the round's three, served as printed from the file
    assert pdf_pages(file_pdf) == 3
    assert pdf_pages(served_pdf) == 3


@browser_only
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_fits_a_phone_and_shows_a_round_drawn_meanwhile(
    browser: Any, served: tuple[Server, Path], lang: str
) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    expect.set_options(timeout=30_000)  # its own default is 5 s, whatever the page's
    server, day = served
    context = browser.new_context(viewport={"width": 360, "height": 780}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)  # a live update in a fraction of a second; room for a loaded machine
    page.goto(f"{server.base}/board?lang={lang}")
    assert page.locator("h1").inner_text() == TITLE
    assert page.title() == ("Anzeige: " if lang == "de" else "Board: ") + TITLE
    # two rounds of standings and six tables: nothing wider than the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # the board redraws itself while it is read: each cell waited for as it should read
    progress = page.locator("table.progress tbody tr").first.locator("td")
    # round 1 is closed by the draw of round 2 (docs/tournament.md, `close`)
    expect(progress.nth(1)).to_have_text("1 / 8, " + ("abgeschlossen" if lang == "de" else "closed"))
    expect(progress.nth(2)).to_have_text(re.compile(r"^\d\d:\d\d$"))
    # the third round drawn at the desk appears on the open board, without a reload
    cli("tournament", "draw", str(day), "--round", "3", "--seed", "9")
    third = "Runde 3, Tisch 1" if lang == "de" else "Round 3, table 1"
    page.locator("table.progress", has_text=third).wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_an_address_not_of_this_machine_is_refused_at_host_a_port_taken_at_port(tmp_path: Path) -> None:
    """``--host 192.0.2.1`` (an address of no machine here) was refused at ``--port``, with "--port
    0 takes a free port", which cannot help: it is refused at ``--host``; a port taken stays ``--port``."""
    import socket

    evening = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(evening))
    result = runner.invoke(app, ["serve", str(evening), "--host", "192.0.2.1"])
    assert result.exit_code == 2
    assert "--host" in result.stderr and "--port" not in result.stderr, result.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", str(evening), "--port", str(port)])
        german = runner.invoke(app, ["serve", str(evening), "--port", str(port), "--lang", "de"])
    assert result.exit_code == 2
    assert "--port" in result.stderr and "--port 0 takes a free port" in result.stderr, result.stderr
    # in German the system's reason is said in German too, not as the system's English
    assert german.stderr == (
        f"Fehler: --port: 127.0.0.1:{port}: dort kann nicht bereitgestellt werden (der Port ist belegt);"
        " --port 0 nimmt einen freien Port\n"
    )
    german = runner.invoke(app, ["serve", str(evening), "--host", "192.0.2.1", "--lang", "de"])
    assert "(keine Adresse dieses Rechners)" in german.stderr, german.stderr


def test_a_path_that_is_no_ledger_is_refused_in_serves_own_words(tmp_path: Path) -> None:
    """``serve`` takes its ledger as PATH: a mistyped one, or a file that is no ledger, was told to
    "choose one with --ledger PATH", an option serve does not have."""
    notes = tmp_path / "notes.txt"
    notes.write_text("hi\n", encoding="utf-8")
    for given in (tmp_path / "fridy.toml", notes):
        result = runner.invoke(app, ["serve", str(given)])
        assert result.exit_code in (1, 2) and "--ledger" not in result.stderr, result.stderr
        assert "a tournament's folder" in result.stderr, result.stderr
