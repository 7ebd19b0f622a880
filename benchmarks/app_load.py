"""The app (``tarockscore app build``) on a phone-sized chromium: what a first visit costs, how soon
the first hand is scored, how long a hand takes to record.

Usage (from the repository root, with the project installed in .venv)::

    .venv/bin/python benchmarks/app_load.py                      # fetches the pinned Pyodide
    .venv/bin/python benchmarks/app_load.py --pyodide package    # an unpacked `npm pack pyodide`
    .venv/bin/python benchmarks/app_load.py --hands 20

The site is built in a temporary folder and served on localhost by a static server that sends
it gzipped (level 9, compressed once before the clock starts, as a static host keeps its
compressed files; python_stdlib.zip barely shrinks) and counts every byte it sends. Printed,
each against the issue's goal:

- the bytes of a first visit, the service worker's copy of the site included (gzip);
- the first scored hand, cold: from the page's first request, in a fresh browser, to the
  arithmetic of the first hand on the screen (the evening begun and the hand entered between);
- the same warm: the page opened again (the browser's cache and the service worker's);
- a hand's record time in the page: the Record button to the page saying the hand is recorded,
  the ledger saved to the browser's storage in between (median and slowest of ``--hands``).
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

GOALS = {"bytes": 8_000_000, "cold": 4.0, "warm": 2.5, "record": 50}
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}
TYPES |= {".webmanifest": "application/manifest+json", ".zip": "application/zip", ".png": "image/png"}
TYPES |= {".html": "text/html", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml"}


class Counting(http.server.BaseHTTPRequestHandler):
    """GET of the site's files, gzipped where the browser takes gzip, every byte sent counted."""

    folder: Path
    sent = 0
    lock = threading.Lock()
    packed: dict[Path, bytes] = {}

    def do_GET(self) -> None:
        name = self.path.split("?")[0].lstrip("/") or "index.html"
        path = (self.folder / name).resolve()
        if not path.is_file() or self.folder not in path.parents:
            self.send_error(404)
            return
        zipped = "gzip" in self.headers.get("Accept-Encoding", "")
        body = self.packed[path] if zipped else path.read_bytes()
        stamp = self.date_time_string(int(path.stat().st_mtime))
        if self.headers.get("If-Modified-Since") == stamp:
            self.send_response(304)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(path.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", stamp)
        self.send_header("Cache-Control", "no-cache")
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.wfile.write(body)
        with self.lock:
            Counting.sent += len(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def shown(page: Page, selector: str) -> None:
    """Wait for ``selector``, looked for at every frame (Playwright's own waits back off to half a
    second between looks, which would count as the page's time)."""
    page.wait_for_function(f"document.querySelector({json.dumps(selector)})", polling="raf")


def enter(page: Page, hand: int) -> None:
    players = ["Anna", "Bert", "Cilli", "Dani"]
    for key, value in (
        ("contract", "rufer"),
        ("declarer", players[hand % 4]),
        ("partner", players[(hand + 1) % 4]),
    ):
        page.locator(f'fieldset[data-key="{key}"] input[value="{value}"]').click(force=True)
        shown(page, "#hand-form:not([data-asking])")
    page.fill('input[name="card_points"]', "40")
    page.locator('input[name="card_points"]').blur()
    shown(page, "#hand-form:not([data-asking])")
    page.click("#hand-form button[type=submit]")
    shown(page, "#record")


def record(page: Page) -> int:
    page.click("#record")
    page.wait_for_selector("#record", state="detached")
    return int(page.get_attribute("body", "data-record-ms") or "0")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyodide", help="an unpacked pyodide package (default: fetch the pinned one)")
    parser.add_argument("--hands", type=int, default=12, help="hands recorded for the record time")
    args = parser.parse_args()
    chromium = "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build = [sys.executable, "-m", "tarockscore", "app", "build", str(site)]
        subprocess.run([*build, *(["--pyodide", args.pyodide] if args.pyodide else [])], check=True)
        Counting.folder = site.resolve()
        for path in Counting.folder.rglob("*"):  # compressed once, before the clock starts
            if path.is_file():
                Counting.packed[path] = gzip.compress(path.read_bytes(), 9)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Counting)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://localhost:{server.server_address[1]}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium)
            context = browser.new_context(viewport={"width": 360, "height": 800})
            context.set_default_timeout(120_000)
            page = context.new_page()
            started = time.perf_counter()
            page.goto(url, wait_until="commit")
            shown(page, "body[data-ready]")
            page.fill("#f-players", "Anna, Bert, Cilli, Dani")
            page.click("#start button[type=submit]")
            shown(page, "#hand-form")
            enter(page, 0)
            cold = time.perf_counter() - started
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            page.wait_for_timeout(500)  # the service worker's copy finished
            first_visit = Counting.sent
            times = [record(page)]
            for hand in range(1, args.hands):
                enter(page, hand)
                times.append(record(page))
            page.close()
            again = context.new_page()
            started = time.perf_counter()
            again.goto(url, wait_until="commit")
            shown(again, "body[data-ready]")
            enter(again, args.hands)
            warm = time.perf_counter() - started
            start = again.get_attribute("body", "data-ready")  # "kept": the engine of the first visit
            browser.close()
        server.shutdown()
    load = os.getloadavg()[0]
    print(f"app_load: chromium at 360 px, {os.cpu_count()} cores, load average {load:.1f}")
    rows = [
        (
            "first visit, bytes transferred (gzip)",
            f"{first_visit / 1e6:.2f} MB",
            "≤ 8 MB",
            first_visit <= GOALS["bytes"],
        ),
        ("first scored hand, cold", f"{cold:.2f} s", "≤ 4 s", cold <= GOALS["cold"]),
        (f"first scored hand, warm ({start} engine)", f"{warm:.2f} s", "≤ 2.5 s", warm <= GOALS["warm"]),
        (
            f"record a hand in the page (median of {len(times)}; slowest {max(times)} ms)",
            f"{statistics.median(times):.0f} ms",
            "≤ 50 ms",
            statistics.median(times) <= GOALS["record"],
        ),
    ]
    for what, measured, goal, met in rows:
        print(f"{what:<62} {measured:>10}  {goal:<8} {'met' if met else 'NOT MET'}")


if __name__ == "__main__":
    main()
