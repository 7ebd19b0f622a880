"""``tarockscore serve`` under a tournament's load: every table's phone recording at once, on loopback.

Usage (from the repository root, with the project installed in .venv)::

    .venv/bin/python benchmarks/serve_load.py                 # 16 tables x 16 hands
    .venv/bin/python benchmarks/serve_load.py --tables 20 --hands 8

A tournament of ``4 x tables`` players is begun and its first round drawn in a temporary folder;
``tarockscore serve FOLDER --port 0 --json`` runs as its own process on 127.0.0.1; one thread per
table plays a phone: it records its hands one after the other, each naming the version the last
answer gave, all tables at once. Printed: the hands recorded, the wall time, the answers' median,
95th percentile and slowest, and that every ledger passes ``tarockscore check``. A cup day needs
about one hand every five seconds of the whole room; the figures say how far from that we are.
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any


def tarockscore(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tarockscore", *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"tarockscore {' '.join(args)}: {done.stderr}")
    return done.stdout


def post(url: str, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url, data=urllib.parse.urlencode(form).encode(), headers={"Accept": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def read(url: str) -> dict[str, Any]:
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


def phone(table: dict[str, Any], hands: int, times: list[float], failures: list[str]) -> None:
    """One table's phone: its hands one after the other, each on the version the last answer gave."""
    seen = read(table["url"])
    version, seats = seen["version"], seen["sheet"]["players"]
    hand_url = table["url"].split("?")[0] + "/hand"
    for i in range(hands):
        form = {
            "code": table["code"],
            "expected": version,
            "request": f"{table['round']}-{table['table']}-{i}",
            "action": "record",
            "contract": "dreier",
            "declarer": seats[i % len(seats)],
            "card_points": str(30 + i % 10),
        }
        start = time.perf_counter()
        status, body = post(hand_url, form)
        times.append(time.perf_counter() - start)
        if status != 200:
            failures.append(f"table {table['table']} hand {i + 1}: {status} {body.get('problems')}")
            return
        version = body["version"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument(
        "--hands", type=int, default=16, help="hands per table (the round's game limit, a multiple of 4)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "load-day"
        players = ",".join(f"Player{i:03d}" for i in range(1, 4 * args.tables + 1))
        tarockscore(
            "tournament", "new", str(folder), "--players", players, "--rounds", "1",
            "--games", str(args.hands), "--profile", "ooe-2023", "--format", "schrift",
        )  # fmt: skip
        tarockscore("tournament", "draw", str(folder), "--round", "1", "--seed", "1")
        server = subprocess.Popen(
            [sys.executable, "-m", "tarockscore", "serve", str(folder), "--port", "0", "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert server.stdout is not None
            shown = json.loads(server.stdout.readline())
            tables = shown["tables"]
            times: list[float] = []
            failures: list[str] = []
            threads = [threading.Thread(target=phone, args=(t, args.hands, times, failures)) for t in tables]
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
        checked = sum(1 for t in tables if tarockscore("check", "--ledger", t["ledger"]))
        times.sort()
        p95 = times[max(0, round(0.95 * len(times)) - 1)]
        print(
            f"tables: {len(tables)}, hands recorded: {len(times) - len(failures)} of {len(tables) * args.hands}"
        )
        print(f"wall time: {wall:.1f} s ({len(times) / wall:.1f} hands a second, all tables at once)")
        print(
            f"answer: median {statistics.median(times) * 1000:.0f} ms, 95th percentile "
            f"{p95 * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms"
        )
        print(f"tarockscore check passed on {checked} of {len(tables)} ledgers")
        for failure in failures:
            print(f"failed: {failure}")
        if failures or checked != len(tables):
            raise SystemExit(1)


if __name__ == "__main__":
    main()
