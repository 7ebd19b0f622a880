"""How `record` costs into a long evening, and what delete, undo and replace cost at 100,000 hands.

    .venv/bin/python benchmarks/ledger_log.py            # the full run (10 / 1,000 / 10,000; 100,000)
    .venv/bin/python benchmarks/ledger_log.py --quick    # 10 / 100 / 1,000; the corrections at 1,000

Each figure is the CPU time (user and system) of one real `tarockscore` process (`python -m tarockscore ...`),
the median of several runs, on a copy of a ledger built for it (828 distinct hands repeated), with
the fold cache warmed by one `show` (as the evening's previous command leaves it); at the
largest size each command is also run warm (a `show`, then one `record`, before it) and cold. The floor is the bare
`import typer, tabulate, tomli_w, tomllib` in a process of its own, measured in the same run;
ratios are against it and against `record` into 10 hands. Peak memory is the child's maximum
resident set (Linux `ru_maxrss`), beside the ledger file's size. At the largest size each command
also shows how long it held the ledger's lock (wall time, the lock file looked at every 2 ms):
the time another terminal's command would wait behind it.
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

from tarockscore.files import ledger_log
from tarockscore.files.ledger_file import LOCK_TIMEOUT as LOCK_WAIT
from tarockscore.ledger import codec as ledger_codec
from tarockscore.ledger import operations
from tarockscore.ledger.table import new_ledger
from tarockscore.rules.hand import HandInput
from tarockscore.rules.profile import Profile

SEATS = ["Anna", "Bert", "Cilli", "Dani"]
AT = "2026-12-02T19:00:00+01:00"
HAND = 'contract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n'


def keys(i: int) -> HandInput:
    """Hand ``i`` of a built evening: every declarer with each partner, card points 1 to 69 (828
    distinct hands, as the hands of a long evening repeat: a fold reads each distinct one once)."""
    declarer = i % 4
    partner = (declarer + 1 + (i // 4) % 3) % 4
    return {
        "contract": "rufer",
        "declarer": SEATS[declarer],
        "partner": SEATS[partner],
        "card_points": 1 + (i // 12) % 69,
    }


def build(path: Path, hands: int, profile: Profile) -> None:
    """A ledger of ``hands`` recorded hands, one entry each, as `record` appends them."""
    led = new_ledger(SEATS, profile, created=AT)
    text, head = ledger_log.whole_file(led, [])
    end = operations.tip(led)
    parts = [text]
    for i in range(hands):
        entry, _score, end = operations.record_on(led.table, end, keys(i), AT)
        event = {"kind": "record", "at": AT, "hand": [ledger_codec.hand_mapping(entry)]}
        block, head, _full = ledger_log.block(event, head)
        parts.append(block)
    path.write_text("".join(parts), encoding="utf-8")


def built(path: Path, hands: int) -> None:
    """:func:`build` in a process of its own: a child's peak resident set counts from the size of
    the process it was forked from, so the ledgers are never built in this one."""
    subprocess.run([sys.executable, __file__, "--build", str(path), str(hands)], check=True)


def timed(args: list[str], cwd: Path, lock: Path | None = None) -> tuple[float, int, float]:
    """CPU seconds (user and system: the waits of a shared machine left out), peak resident KiB,
    and the wall seconds the ledger's lock file ``lock`` was there (held), looked at every 2 ms."""
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
    took = usage.ru_utime + usage.ru_stime
    err = proc.stderr.read().decode() if proc.stderr else ""
    if status != 0:
        raise SystemExit(f"{' '.join(args)} failed: {err}")
    return took, usage.ru_maxrss, held


def tarockscore(*args: str) -> list[str]:
    return [sys.executable, "-m", "tarockscore", *args]


def median_of(runs: int, make: object, cwd: Path, lock: Path | None = None) -> tuple[float, int, float]:
    """The median CPU seconds, the largest peak, and the median seconds the lock was held."""
    times, peaks, held = [], [], []
    for _ in range(runs):
        args = make()  # type: ignore[operator]
        took, peak, locked = timed(args, cwd, lock)
        times.append(took)
        peaks.append(peak)
        held.append(locked)
    return statistics.median(times), max(peaks), statistics.median(held)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--build", nargs=2, metavar=("PATH", "HANDS"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.build:
        from tarockscore.files.profile_file import load_profile

        build(Path(options.build[0]), int(options.build[1]), load_profile("koenigrufen"))
        return
    sizes = (10, 100, 1_000) if options.quick else (10, 100, 1_000, 10_000)
    big = 1_000 if options.quick else 100_000
    folder = Path(tempfile.mkdtemp(prefix="tarockscore-bench-"))
    os.environ["TAROCKSCORE_CACHE"] = str(folder / "cache")
    (folder / "hand.toml").write_text(HAND, encoding="utf-8")
    floor, floor_peak, _held = median_of(
        options.runs, lambda: [sys.executable, "-c", "import typer, tabulate, tomli_w, tomllib"], folder
    )
    print(
        f"floor (import typer, tabulate, tomli_w, tomllib): {floor * 1000:.0f} ms, {floor_peak / 1024:.0f} MiB"
    )
    record: dict[int, float] = {}
    for n in sizes:
        base = folder / f"base-{n}.toml"
        built(base, n)
        work = folder / f"evening-{n}.toml"

        def fresh(n: int = n, base: Path = base, work: Path = work) -> list[str]:
            shutil.copyfile(base, work)
            # the fold cache as the evening's last command left it (each record moves it on)
            timed(tarockscore("show", "--ledger", str(work)), folder)
            return tarockscore("record", str(folder / "hand.toml"), "--ledger", str(work))

        record[n], peak, _held = median_of(options.runs, fresh, folder)
        size = base.stat().st_size
        print(
            f"record into {n:>6,} hands: {record[n] * 1000:6.0f} ms  ×{record[n] / floor:.2f} of the floor,"
            f" ×{record[n] / record[sizes[0]]:.2f} of record into {sizes[0]}; peak {peak / 1024:.0f} MiB,"
            f" file {size / 2**20:.1f} MiB"
        )
    base = folder / f"base-{big}.toml"
    built(base, big)
    size = base.stat().st_size
    print(f"ledger of {big:,} hands: {size / 2**20:.1f} MiB")
    work = folder / "big.toml"
    hand = str(folder / "hand.toml")
    commands = (
        ("show --json", ["show", "--json"]),
        ("delete 2", ["delete", "2", "--yes"]),
        ("undo", ["undo"]),
        ("replace 2", ["replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40"]),
        ("record", ["record", hand]),
    )
    runs = max(1, options.runs // 2)
    for warm in (True, False):
        print(
            "the fold cache as the evening leaves it (kept by a `show`, then one hand recorded):"
            if warm
            else "a cold fold cache (every entry read):"
        )
        for name, args in commands:

            def prepared(args: list[str] = args, warm: bool = warm) -> list[str]:
                shutil.copyfile(base, work)
                shutil.rmtree(folder / "cache", ignore_errors=True)
                if warm:
                    timed(tarockscore("show", "--ledger", str(work)), folder)
                    timed(tarockscore("record", hand, "--ledger", str(work)), folder)
                return tarockscore(*args, "--ledger", str(work))

            took, peak, held = median_of(runs, prepared, folder, folder / "big.toml.lock")
            print(
                f"{name:>12} at {big:,} hands: {took:6.2f} s (×{took / record[sizes[0]]:.1f} of record into"
                f" {sizes[0]}), the lock held {held:5.2f} s of the {LOCK_WAIT:.0f} s another command"
                f" waits; peak {peak / 1024:.0f} MiB (×{(peak - floor_peak) / 1024 / (size / 2**20):.2f}"
                f" the file over the floor's {floor_peak / 1024:.0f} MiB)"
            )
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
