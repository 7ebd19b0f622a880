"""``tarockscore serve`` as a real process on loopback: the JSON line, Ctrl-C, and a SIGKILL in the
middle of writing followed by a restart and the phones' resends.
"""

from __future__ import annotations

import ast
import json
import os
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


def test_a_sigkill_mid_write_loses_and_doubles_no_confirmed_hand(evening: Path) -> None:
    proc, shown = start(str(evening))
    [table] = shown["tables"]
    hand_url = table["url"].split("?")[0] + "/hand"
    confirmed: list[str] = []  # request keys answered 200
    unanswered: list[dict[str, str]] = []
    stop = threading.Event()

    def phone() -> None:
        version = tarockscore.Evening(evening).version()
        for i in range(200):
            if stop.is_set():
                return
            form = {"code": table["code"], "expected": version, "request": f"key-{i}", "action": "record",
                    "contract": "dreier", "declarer": TABLE[i % 4], "card_points": "36"}  # fmt: skip
            try:
                status, body = send(hand_url, form, timeout=5)
            except OSError:  # the server is gone: this answer was lost
                unanswered.append(form)
                return
            assert status == 200, body
            confirmed.append(form["request"])
            version = body["version"]

    writer = threading.Thread(target=phone)
    writer.start()
    time.sleep(1.5)  # some hands recorded, one in flight
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    stop.set()
    writer.join(timeout=10)
    assert confirmed, "no hand was recorded before the kill"
    before = len(tarockscore.Evening(evening).ledger.hands)
    assert before in (len(confirmed), len(confirmed) + 1)  # the one in flight may be written

    proc, shown = start(str(evening))  # the same files, the same codes
    try:
        assert shown["tables"][0]["code"] == table["code"]
        for form in unanswered:  # the phone resends what got no answer
            status, body = send(hand_url.replace(hand_url.split("/t/")[0], shown["url"]), form)
            assert status in (200, 409), body
            if status == 200:
                confirmed.append(form["request"])
        # a resend of a confirmed hand gets its stored answer, not a second hand
        status, body = send(
            shown["url"] + "/t/evening/hand",
            {
                "code": table["code"],
                "expected": "any",
                "request": confirmed[0],
                "action": "record",
                "contract": "dreier",
                "declarer": "Anna",
                "card_points": "36",
            },  # fmt: skip
        )
        assert status == 200 and body.get("resent") is True
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=15)
    hands = tarockscore.Evening(evening).check().hands  # the ledger passes its own check
    assert len(hands) in (len(confirmed), len(confirmed) + 1)
    assert len(hands) >= before


def test_sixteen_tables_recording_at_once_each_ledger_checked(tmp_path: Path) -> None:
    # A bounded load on loopback: 16 tables of a tournament, three hands each, all at once; the
    # figures for a whole round are benchmarks/serve_load.py's.
    day = tmp_path / "day"
    players = ",".join(f"P{i:02d}" for i in range(1, 65))
    result = runner.invoke(app, ["tournament", "new", str(day), "--players", players, "--rounds", "1",
                                 "--games", "4", "--profile", "ooe-2023", "--format", "schrift"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert runner.invoke(app, ["tournament", "draw", str(day), "--round", "1", "--seed", "2"]).exit_code == 0
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
