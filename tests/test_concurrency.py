"""Several terminals at one ledger: processes recording at once lose no hand and tear no file.

Real ``tarockscore record`` processes (``python -m tarockscore``) write into one ledger at the
same time, while other processes keep reading it with ``show`` and ``check``. Every record must
succeed (the lock makes them take turns), every read must see a whole, valid ledger, and at the
end the ledger holds every hand of every writer, each exactly once, and passes its own check.
``CONCURRENCY_HANDS`` raises the number of hands per writer (default 6).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

import tarockscore.evening.store as lf
from tarockscore.cli.app import app

WRITERS = 4
READERS = 2
HANDS = int(os.environ.get("CONCURRENCY_HANDS", "6"))
TABLE = ["Anna", "Bert", "Cilli", "Dani"]
FIRST = 7  # in thirds: 2 1/3


def hand(writer: int, j: int) -> str:
    """Writer ``writer``'s j-th hand; its card points (in thirds) mark whose hand it is."""
    # from 2 1/3 up: each side of a Call holds its talon half and a trick, at least 2
    # (docs/rules/koenigrufen.md §1.5)
    thirds = FIRST + writer * 40 + j
    whole, rest = divmod(thirds, 3)
    points = f"{whole} {rest}/3" if rest else str(whole)
    return f'contract = "rufer"\ndeclarer = "{TABLE[j % 4]}"\npartner = "{TABLE[(j + 1) % 4]}"\ncard_points = "{points}"\n'


def marker(points: object) -> int:
    text = str(points)
    whole, _, frac = text.partition(" ")
    if "/" in whole:  # "1/3"
        frac, whole = whole, "0"
    return int(whole) * 3 + (int(frac.split("/")[0]) if frac else 0) - FIRST


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tarockscore", *args], capture_output=True, text=True, timeout=120
    )


def test_writers_and_readers_at_once(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    done = CliRunner().invoke(app, ["new", "-p", ",".join(TABLE), "--ledger", str(path)])
    assert done.exit_code == 0, done.stderr
    for w in range(WRITERS):
        for j in range(HANDS):
            (tmp_path / f"w{w}-{j}.toml").write_text(hand(w, j), encoding="utf-8")

    failures: list[str] = []
    reads: Counter[str] = Counter()
    stop = threading.Event()

    def writer(w: int) -> None:
        for j in range(HANDS):
            res = cli("record", str(tmp_path / f"w{w}-{j}.toml"), "--ledger", str(path))
            if res.returncode != 0:
                failures.append(f"writer {w} hand {j}: exit {res.returncode}: {res.stderr}")

    def reader(r: int) -> None:
        command = ["show", "--json"] if r % 2 == 0 else ["check"]
        while not stop.is_set():
            res = cli(*command, "--ledger", str(path))
            reads[command[0]] += 1
            if res.returncode != 0:
                failures.append(f"reader {command[0]}: exit {res.returncode}: {res.stderr}")

    writers = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
    readers = [threading.Thread(target=reader, args=(r,)) for r in range(READERS)]
    for t in writers + readers:
        t.start()
    for t in writers:
        t.join()
    stop.set()
    for t in readers:
        t.join()

    assert failures == []
    snapshot = lf.read(path)
    lf.verify(snapshot)
    hands = snapshot.ledger.hands
    assert len(hands) == WRITERS * HANDS
    marks = [marker(e.keys["card_points"]) for e in hands]
    assert sorted(marks) == sorted(w * 40 + j for w in range(WRITERS) for j in range(HANDS))
    for w in range(WRITERS):  # each writer's hands in the order it recorded them
        own = [m for m in marks if m // 40 == w]
        assert own == sorted(own)
    assert list(tmp_path.glob(".*.tmp")) == []
    turns = sum(1 for a, b in zip(marks, marks[1:], strict=False) if a // 40 != b // 40)
    print(
        f"\nconcurrency: {WRITERS} writers × {HANDS} hands at once, {sum(reads.values())} reads "
        f"({', '.join(f'{k} {v}' for k, v in sorted(reads.items()))}) meanwhile; "
        f"the writers took turns {turns} times; {len(hands)} of {WRITERS * HANDS} hands kept, "
        "hands lost: 0, torn reads: 0"
    )
