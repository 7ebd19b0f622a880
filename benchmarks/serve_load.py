"""``tarockscore serve`` under a tournament's load: every table's phone recording at once, on loopback,
without and with the board's event streams open.

Usage (from the repository root, with the project installed in .venv)::

    .venv/bin/python benchmarks/serve_load.py                 # 16 tables x 16 hands, 200 streams
    .venv/bin/python benchmarks/serve_load.py --tables 20 --hands 8 --streams 1000 --repeats 3

Each run begins a tournament of ``4 x tables`` players in a temporary folder and draws its first
round; ``tarockscore serve FOLDER --port 0 --json`` runs as its own process on 127.0.0.1; one
thread per table plays a phone: it records its hands one after the other, each naming the version
the last answer gave, all tables at once. A run "with streams" first opens ``--streams``
connections to ``/events`` (as that many boards would) and keeps them open and read while the
phones record. Runs without and with streams alternate, ``--repeats`` of each, and their answers
are pooled. Printed: the hands recorded, the answers' median, 95th percentile and slowest, each
goal met or not, and that every ledger passes ``tarockscore check``.
"""

from __future__ import annotations

import argparse
import json
import selectors
import signal
import socket
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

MEDIAN_GOAL = 0.3  # seconds
P95_GOAL = 1.0
STREAMS_GOAL = 1.2  # with the streams open, at most this many times the median without


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


class Boards:
    """``count`` open ``/events`` streams, all read by one thread (as that many projectors would)."""

    def __init__(self, host: str, port: int, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.socks = []
        self.received = 0
        for _ in range(count):
            sock = socket.create_connection((host, port), timeout=10)
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.socks.append(sock)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.drain, daemon=True)
        self.thread.start()

    def drain(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.2):
                try:
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except BlockingIOError:
                    continue
                self.received += len(data)
                if not data:
                    self.selector.unregister(key.fileobj)

    def open(self) -> int:
        return len(self.selector.get_map())

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        for sock in self.socks:
            sock.close()


def run(tables: int, hands: int, streams: int) -> dict[str, Any]:
    """One round recorded by every table at once, with ``streams`` boards open; the answers' times."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "load-day"
        players = ",".join(f"Player{i:03d}" for i in range(1, 4 * tables + 1))
        tarockscore(
            "tournament", "new", str(folder), "--players", players, "--rounds", "1",
            "--games", str(hands), "--profile", "ooe-2023", "--format", "schrift",
        )  # fmt: skip
        tarockscore("tournament", "draw", str(folder), "--round", "1", "--seed", "1")
        server = subprocess.Popen(
            [sys.executable, "-m", "tarockscore", "serve", str(folder), "--port", "0", "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        boards = None
        try:
            assert server.stdout is not None
            shown = json.loads(server.stdout.readline())
            served = shown["tables"]
            address = urllib.parse.urlsplit(shown["url"])
            if streams:
                boards = Boards(address.hostname or "127.0.0.1", address.port or 80, streams)
                time.sleep(2)  # every stream has had its first event
            times: list[float] = []
            failures: list[str] = []
            threads = [threading.Thread(target=phone, args=(t, hands, times, failures)) for t in served]
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
            still_open = boards.open() if boards is not None else 0
        finally:
            if boards is not None:
                boards.close()
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
        checked = sum(1 for t in served if tarockscore("check", "--ledger", t["ledger"]))
    return {
        "tables": len(served),
        "times": times,
        "failures": failures,
        "wall": wall,
        "checked": checked,
        "open": still_open,
    }


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument(
        "--hands", type=int, default=16, help="hands per table (the round's game limit, a multiple of 4)"
    )
    parser.add_argument("--streams", type=int, default=200, help="board streams open in the second runs")
    parser.add_argument("--repeats", type=int, default=2, help="runs of each kind, alternating")
    args = parser.parse_args()
    pooled: dict[int, list[dict[str, Any]]] = {0: [], args.streams: []}
    for _ in range(args.repeats):
        for streams in pooled:
            pooled[streams].append(run(args.tables, args.hands, streams))
    medians: dict[int, float] = {}
    failed = False
    for streams, runs in pooled.items():
        times = [t for r in runs for t in r["times"]]
        failures = [f for r in runs for f in r["failures"]]
        recorded = len(times) - len(failures)
        wall = sum(r["wall"] for r in runs)
        median, high = statistics.median(times), p95(times)
        medians[streams] = median
        title = f"with {streams} board streams open" if streams else "no board open"
        print(f"{title}: {len(runs)} runs of {args.tables} tables x {args.hands} hands, all tables at once")
        print(f"  hands recorded: {recorded} of {sum(r['tables'] for r in runs) * args.hands}")
        print(f"  wall time: {wall:.1f} s ({len(times) / wall:.1f} hands a second)")
        print(
            f"  answer median: {median * 1000:.0f} ms, goal ≤ {MEDIAN_GOAL * 1000:.0f} ms: {verdict(median <= MEDIAN_GOAL)}"
        )
        print(
            f"  answer 95th percentile: {high * 1000:.0f} ms, goal ≤ {P95_GOAL * 1000:.0f} ms: {verdict(high <= P95_GOAL)}"
        )
        print(f"  slowest: {max(times) * 1000:.0f} ms")
        if streams:
            print(f"  streams still open at the end: {min(r['open'] for r in runs)} of {streams}")
        checked = sum(r["checked"] for r in runs)
        print(f"  tarockscore check passed on {checked} of {sum(r['tables'] for r in runs)} ledgers")
        for failure in failures:
            print(f"  failed: {failure}")
        failed = failed or bool(failures) or checked != sum(r["tables"] for r in runs)
    if args.streams:
        ratio = medians[args.streams] / medians[0]
        print(
            f"with {args.streams} streams / without, median: ×{ratio:.2f}, goal ≤ ×{STREAMS_GOAL}: "
            f"{verdict(ratio <= STREAMS_GOAL)}"
        )
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
