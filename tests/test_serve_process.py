"""``tarockscore serve`` as a real process on loopback: the JSON line, Ctrl-C, and SIGKILLs at
random moments while 16 phones record, each followed by a restart and the phones' resends.
"""

from __future__ import annotations

import ast
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app

runner = CliRunner()
TABLE = ("Anna", "Bert", "Cilli", "Dani")


def start(*args: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tarockscore", "serve", *args, "--port", "0", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, proc.stderr.read() if proc.stderr else ""
    return proc, json.loads(line)


def send(url: str, form: dict[str, str] | None = None, timeout: float = 10) -> tuple[int, dict[str, Any]]:
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(url, data=data, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def serving(url: str) -> None:
    """Wait (up to 60 s, a loaded machine's room) until the server at ``url`` answers a page."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/board", timeout=30) as answer:
                answer.read()
            return
        except OSError:
            if time.monotonic() > deadline:
                return  # said by the stop that follows
            time.sleep(0.05)


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "friday.toml"
    assert runner.invoke(app, ["new", "-p", ",".join(TABLE), "--ledger", str(path)]).exit_code == 0
    return path


def test_the_json_line_first_then_ctrl_c_stops_cleanly(evening: Path) -> None:
    proc, shown = start(str(evening))
    try:
        assert set(shown) == {"url", "board", "cards", "tables"}
        assert shown["url"].startswith("http://127.0.0.1:") and not shown["url"].endswith(":0")
        assert shown["board"] == shown["url"] + "/board"
        [table] = shown["tables"]
        assert set(table) == {"url", "code", "ledger", "round", "table"}
        assert (table["round"], table["table"], table["ledger"]) == (None, None, str(evening))
        assert table["url"] == f"{shown['url']}/t/evening?code={table['code']}"
        status, body = send(table["url"])
        assert status == 200 and body["version"] == tarockscore.Evening(evening).version()
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=15)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "stopped" in err


def new_day(day: Path, tables: int, games: int) -> None:
    players = ",".join(f"P{i:02d}" for i in range(1, 4 * tables + 1))
    result = runner.invoke(app, ["tournament", "new", str(day), "--players", players, "--rounds", "1",
                                 "--games", str(games), "--profile", "ooe-2023", "--format", "schrift"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert runner.invoke(app, ["tournament", "draw", str(day), "--round", "1", "--seed", "2"]).exit_code == 0


def test_sigkills_while_sixteen_phones_record_lose_and_double_nothing(tmp_path: Path) -> None:
    # 16 tables, a phone each, recording 8 hands one after the other; the server is killed
    # (SIGKILL) at random moments and started again on the same files, and every phone sends
    # again, unchanged, each request that got no answer. The ledger alone says what was written.
    day = tmp_path / "day"
    new_day(day, 16, 8)
    seed = random.randrange(1 << 30)
    chance = random.Random(seed)
    proc, shown = start(str(day))
    base = {"url": shown["url"]}
    up = threading.Event()
    up.set()
    told: dict[str, list[tuple[int, str, Any]]] = {}  # each table's answers: (hand, error, number)
    cut: list[str] = []  # requests the kill left without an answer
    resent: list[str] = []  # ... of which the ledger already held the change

    def answered(path: str, form: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
        """The answer to a request, sent again unchanged until one comes whole."""
        while True:
            up.wait(timeout=60)
            try:
                return send(base["url"] + path, form, timeout=30)
            except (OSError, http.client.HTTPException, ValueError):  # killed before it answered in full
                if form is not None:
                    cut.append(form["request"])
                time.sleep(0.05)

    def phone(table: dict[str, Any]) -> None:
        path = "/t/" + table["url"].split("/t/")[1].split("?")[0]
        _status, seen = answered(path)
        version, seats = seen["version"], seen["sheet"]["players"]
        answers = told.setdefault(path, [])
        for i in range(8):
            # each hand its own card points (36 + i), so a hand doubled or lost shows in the sheet
            form = {"code": table["code"], "expected": version, "request": f"{path}-{i}", "action": "record",
                    "contract": "dreier", "declarer": seats[i % 4], "card_points": str(36 + i)}  # fmt: skip
            status, body = answered(path + "/hand", form)
            if body.get("resent"):
                resent.append(form["request"])
            answers.append((i, "" if status == 200 else body.get("error", str(status)), body.get("number")))
            assert status == 200, body
            version = body["version"]

    failed: list[BaseException] = []

    def guarded(table: dict[str, Any]) -> None:
        try:
            phone(table)
        except BaseException as exc:  # said at the end, not lost in the thread
            failed.append(exc)

    phones = [threading.Thread(target=guarded, args=(t,), daemon=True) for t in shown["tables"]]
    for t in phones:
        t.start()
    kills = 0
    try:
        while any(t.is_alive() for t in phones) and kills < 5:
            time.sleep(chance.uniform(0.2, 1.2))
            up.clear()
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            kills += 1
            proc, shown = start(str(day))  # the same files, the same codes
            base["url"] = shown["url"]
            up.set()
        for t in phones:
            t.join(timeout=180)
    finally:
        # The last server may have been started a moment ago (the phones done during the last
        # sleep): Ctrl-C once it serves, not in its first instant, before it takes the signal.
        serving(base["url"])
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
    print(
        f"seed {seed}: {kills} kills, {len(cut)} requests cut, {len(set(resent))} found in the ledger on resend"
    )
    assert not failed, f"seed {seed}: {failed!r}"
    assert kills >= 1, f"seed {seed}"
    assert not any(t.is_alive() for t in phones), f"seed {seed}"
    for table in shown["tables"]:
        path = "/t/" + table["url"].split("/t/")[1].split("?")[0]
        hands = tarockscore.Evening(table["ledger"]).check().hands  # each ledger passes its own check
        # every hand acknowledged, once, in order: none lost, none doubled
        points = [h.keys["card_points"] for h in hands]
        assert points == list(range(36, 44)), f"seed {seed}, {path}: {points}, told {told[path]}"
        # no phone was told the sheet moved, or to enter again a hand the sheet holds
        assert [(i, error, number) for i, error, number in told[path]] == [(i, "", i + 1) for i in range(8)]


def test_sixteen_tables_recording_at_once_each_ledger_checked(tmp_path: Path) -> None:
    # A bounded load on loopback: 16 tables of a tournament, three hands each, all at once; the
    # figures for a whole round are benchmarks/serve_load.py's.
    day = tmp_path / "day"
    new_day(day, 16, 4)
    proc, shown = start(str(day))
    answers: list[int] = []

    def table_phone(table: dict[str, Any]) -> None:
        _status, seen = send(table["url"])
        version, seats = seen["version"], seen["sheet"]["players"]
        for i in range(3):
            form = {"code": table["code"], "expected": version, "request": f"{table['table']}-{i}",
                    "action": "record", "contract": "dreier", "declarer": seats[i], "card_points": "36"}  # fmt: skip
            status, body = send(table["url"].split("?")[0] + "/hand", form, timeout=60)
            answers.append(status)
            version = body["version"]

    try:
        assert len(shown["tables"]) == 16
        phones = [threading.Thread(target=table_phone, args=(t,)) for t in shown["tables"]]
        for t in phones:
            t.start()
        for t in phones:
            t.join(timeout=120)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=15)
    assert answers == [200] * 48
    for table in shown["tables"]:
        assert len(tarockscore.Evening(table["ledger"]).check().hands) == 3


def test_no_other_command_imports_the_web_stack() -> None:
    # Starlette, uvicorn and segno cost about as much as the whole command line's start-up: only
    # `serve`, when it runs, imports them.
    code = (
        "import sys\n"
        "from tarockscore.cli.app import app\n"
        "web = ('starlette', 'uvicorn', 'segno', 'anyio')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in web or m.startswith('tarockscore.web')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ast.literal_eval(done.stdout.strip()) == []
