"""Take the screenshots docs/serve.md shows, from the pages as they are now (development tool).

    .venv/bin/python scripts/screenshots.py

An evening with three hands and a tournament day of two tables are made in a temporary folder,
served on loopback, and photographed in Debian's chromium at a phone's width (360 px, twice the
pixels), in English and German: the table's page with a Rufer being entered, the board. The
PNG files are written into docs/.
"""

from __future__ import annotations

import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import Page, sync_playwright
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.web.app import Settings, make_app
from tarockscore.web.site import Site

DOCS = Path(__file__).resolve().parent.parent / "docs"
runner = CliRunner()


def cli(*args: str) -> None:
    result = runner.invoke(app, list(args))
    if result.exit_code != 0:
        sys.exit(result.stderr)


def serve(path: Path) -> tuple[Site, str, uvicorn.Server]:
    site = Site(path)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    server = uvicorn.Server(uvicorn.Config(make_app(site, Settings()), log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return site, f"http://127.0.0.1:{sock.getsockname()[1]}", server


def shot(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(DOCS / name), full_page=True)
    print(DOCS / name)


def entering(page: Page) -> None:
    """A Rufer by Anna with Cilli, 40 card points, being entered."""
    for name, value in (("contract", "rufer"), ("declarer", "Anna"), ("partner", "Cilli")):
        page.locator(f'#fields input[name="{name}"][value="{value}"]').check()
        page.wait_for_selector("#fields:not([data-busy])", state="attached")
    page.fill('input[name="card_points"]', "40")


def main() -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        evening = Path(tmp) / "friday.toml"
        cli("new", "-p", "Anna,Bert,Cilli,Dani", "--stake", "0.10", "--place", "Café Sperl",
            "--date", "14.03.2025", "--ledger", str(evening))  # fmt: skip
        cli("record", "--ledger", str(evening), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
        cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
        cli("record", "--ledger", str(evening), "-c", "piccolo", "-d", "Cilli", "--won")
        day = Path(tmp) / "day"
        cli("tournament", "new", str(day), "--players", ",".join(f"P{i}" for i in range(1, 9)),
            "--rounds", "2", "--games", "8", "--profile", "ooe-2023", "--format", "schrift",
            "--title", "Cup Graz 2026")  # fmt: skip
        cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium)
            context = browser.new_context(viewport={"width": 360, "height": 780}, device_scale_factor=2)
            page = context.new_page()
            site, base, server = serve(evening)
            for lang, name in (("en", "serve-table.png"), ("de", "serve-table-de.png")):
                page.goto(f"{base}/t/evening?code={site.code('evening')}&lang={lang}")
                entering(page)
                page.screenshot(path=str(DOCS / name), full_page=True)
                print(DOCS / name)
            server.should_exit = True
            site, base, server = serve(day)
            for lang, name in (("en", "serve-board-phone.png"), ("de", "serve-board-phone-de.png")):
                shot(page, f"{base}/board?lang={lang}", name)
            server.should_exit = True
            browser.close()


if __name__ == "__main__":
    main()
