"""What the ledger's store costs at the table: `record` into an evening of 60 and of 300 hands,
and `show`, `check` and the corrections at 300, each against the import floor of the same run.

    .venv/bin/python benchmarks/ledger_log.py              # 60 and 300 hands, 9 runs each
    .venv/bin/python benchmarks/ledger_log.py --runs 3     # a smoke run

Each figure is the CPU time (user and system) of one real `tarockscore` process (`python -m
tarockscore ...`), the median of several runs, each on a fresh copy of a ledger built for it and
with a fresh, empty ``$HOME`` (nothing is kept between commands: every command reads the whole
log). The floor is the bare ``import typer, tabulate, tomli_w, tomllib`` in a process of its own,
its runs interleaved with the commands' so that the machine's noise hits both alike. Peak memory
is the child's maximum resident set (Linux ``ru_maxrss``), beside the ledger file's size. Each
change also shows how long it held the ledger's lock (wall time, the lock file looked at every
2 ms): the time another terminal's command would wait behind it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tarockscore.evening import codec as ledger_codec
from tarockscore.evening import log as ledger_log
from tarockscore.evening import operations
from tarockscore.evening.table import new_ledger
from tarockscore.rules.hand import HandInput
from tarockscore.rules.profile import Profile

SEATS = ["Anna", "Bert", "Cilli", "Dani"]
AT = "2026-12-02T19:00:00+01:00"
HAND = 'contract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n'
FLOOR = [sys.executable, "-c", "import typer, tabulate, tomli_w, tomllib"]
GOALS = {"record into 60": 1.4, "record into 300": 1.8, "show at 300": 1.8}


def keys(i: int) -> HandInput:
    """Hand ``i`` of a built evening: every declarer with each partner, card points 1 to 69, a
    Kontra on every fifth (828 distinct hands: an evening of 300 repeats none)."""
    declarer = i % 4
    partner = (declarer + 1 + (i // 4) % 3) % 4
    hand: HandInput = {
        "contract": "rufer",
        "declarer": SEATS[declarer],
        "partner": SEATS[partner],
        "card_points": 1 + (i // 12) % 69,
    }
    if i % 5 == 4:
        hand["kontra"] = "kontra"
    return hand


def build(path: Path, hands: int, profile: Profile) -> None:
    """A ledger of ``hands`` recorded hands, one entry each, as `record` appends them."""
    led = new_ledger(SEATS, profile, created=AT)
    text, head = ledger_log.whole_file(led, [])
    parts = [text]
    for i in range(hands):
        led = operations.record(led, keys(i), AT)
        event = {"kind": "record", "at": AT, "hand": [ledger_codec.hand_mapping(led.hands[-1])]}
        block, head, _full = ledger_log.block(event, head)
        parts.append(block)
    path.write_text("".join(parts), encoding="utf-8")


def built(path: Path, hands: int) -> None:
    """:func:`build` in a process of its own: a child's peak resident set counts from the size of
    the process it was forked from, so the ledgers are never built in this one."""
    subprocess.run([sys.executable, __file__, "--build", str(path), str(hands)], check=True)


def timed(args: list[str], cwd: Path, lock: Path | None = None) -> tuple[float, int, float]:
    """CPU seconds (user and system: the waits of a shared machine left out), peak resident KiB,
    and the wall seconds the ledger's lock file ``lock`` was there (held), looked at every 2 ms;
    run with a fresh, empty ``$HOME``."""
    home = cwd / "home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TAROCKSCORE", "XDG_"))}
    env["HOME"] = str(home)
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    held, since = 0.0, None
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG if lock is not None else 0)
        if pid:
            break
        there, now = lock is not None and lock.exists(), time.monotonic()
        if there and since is None:
            since = now
        elif not there and since is not None:
            held, since = held + now - since, None
        time.sleep(0.002)
    if since is not None:
        held += time.monotonic() - since
    err = proc.stderr.read().decode() if proc.stderr else ""
    if status != 0:
        raise SystemExit(f"{' '.join(args)} failed: {err}")
    if left := sorted(str(p.relative_to(home)) for p in home.rglob("*")):
        raise SystemExit(f"{' '.join(args)} wrote into $HOME: {left}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, held


def tarockscore(*args: str) -> list[str]:
    return [sys.executable, "-m", "tarockscore", *args]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--build", nargs=2, metavar=("PATH", "HANDS"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.build:
        from tarockscore.io.inputs import load_profile

        build(Path(options.build[0]), int(options.build[1]), load_profile("koenigrufen"))
        return
    folder = Path(tempfile.mkdtemp(prefix="tarockscore-bench-"))
    hand = folder / "hand.toml"
    hand.write_text(HAND, encoding="utf-8")
    bases = {}
    for n in (60, 300):
        bases[n] = folder / f"base-{n}.toml"
        built(bases[n], n)
    work = folder / "evening.toml"
    lock = folder / "evening.toml.lock"
    rows = {
        "record into 60": (60, ["record", str(hand)]),
        "record into 300": (300, ["record", str(hand)]),
        "show at 300": (300, ["show"]),
        "show --json at 300": (300, ["show", "--json"]),
        "check at 300": (300, ["check"]),
        "undo at 300": (300, ["undo"]),
        "delete 2 at 300": (300, ["delete", "2", "--yes"]),
        "replace 2 at 300": (300, ["replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40"]),
    }
    floor: list[float] = []
    floor_peak: list[int] = []
    taken: dict[str, list[tuple[float, int, float]]] = {name: [] for name in rows}
    for _ in range(options.runs):  # interleaved: each round runs the floor and every command once
        took, peak, _held = timed(FLOOR, folder)
        floor.append(took)
        floor_peak.append(peak)
        for name, (n, args) in rows.items():
            shutil.copyfile(bases[n], work)
            taken[name].append(timed(tarockscore(*args, "--ledger", str(work)), folder, lock))
    base = statistics.median(floor)
    interpreter = statistics.median(floor_peak) / 1024
    print(
        f"floor (import typer, tabulate, tomli_w, tomllib): {base * 1000:.0f} ms CPU, {interpreter:.0f} MiB"
    )
    for n, path in bases.items():
        print(f"ledger of {n} hands: {path.stat().st_size / 1024:.0f} KiB")
    for name, (n, _args) in rows.items():
        cpu = statistics.median(t for t, _p, _h in taken[name])
        top = max(p for _t, p, _h in taken[name]) / 1024
        held = statistics.median(h for _t, _p, h in taken[name])
        size = bases[n].stat().st_size / 2**20
        goal = (
            f" (goal ≤ ×{GOALS[name]}: {'met' if cpu / base <= GOALS[name] else 'MISSED'})"
            if name in GOALS
            else ""
        )
        lock_text = f", the lock held {held * 1000:.0f} ms" if held else ""
        print(
            f"{name:>20}: {cpu * 1000:5.0f} ms CPU, ×{cpu / base:.2f} of the floor{goal}; peak {top:.1f} MiB"
            f" (+{top - interpreter:.1f} MiB over the interpreter, the file {size * 1024:.0f} KiB){lock_text}"
        )
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
