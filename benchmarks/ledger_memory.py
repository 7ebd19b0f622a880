"""The peak memory (and CPU time) of each command that reads a ledger of 100,000 hands, beside the file's size.

    .venv/bin/python benchmarks/ledger_memory.py                  # 100,000 hands, 3 runs each
    .venv/bin/python benchmarks/ledger_memory.py --hands 1000 --runs 1

Each command runs as `python -m tarockscore ...` under a fresh, small parent process that reports
its child's peak resident set (``getrusage(RUSAGE_CHILDREN)``): a child's peak counts from the
process it was forked from, so neither the ledger nor anything else is built in the measuring
one. The ledger is built by ``ledger_log.py`` in a process of its own (828 distinct hands
repeated). Warm: the fold cache as the evening leaves it (a `show`, then one `record`); cold:
no fold cache. The interpreter is ``import typer, tabulate, tomli_w, tomllib`` measured the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
PARENT = (
    "import json, resource, subprocess, sys\n"
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(json.dumps([r.returncode, u.ru_maxrss, u.ru_utime + u.ru_stime, r.stderr.decode()[-300:]]))\n"
)
COMMANDS = (
    ("show", ["show"]),
    ("show --json", ["show", "--json"]),
    ("delete 2", ["delete", "2", "--yes"]),
    ("undo", ["undo"]),
    ("replace 2", ["replace", "2", "-c", "dreier", "-d", "Bert", "-t", "40"]),
    ("record", ["record", "{hand}"]),
    ("check", ["check"]),
    ("check --head", ["check", "--head", "{first}"]),  # the first entry's head: every entry since
)


def measured(args: list[str], cwd: Path) -> tuple[int, float]:
    """Peak resident KiB and CPU seconds of ``args`` run under a fresh parent."""
    out = subprocess.run([sys.executable, "-c", PARENT, *args], cwd=cwd, capture_output=True, check=True)
    code, peak, cpu, err = json.loads(out.stdout)
    if code != 0:
        raise SystemExit(f"{' '.join(args)} exited {code}: {err}")
    return peak, cpu


def tarockscore(*args: str) -> list[str]:
    return [sys.executable, "-m", "tarockscore", *args]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=None, help="command names to run")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tarockscore-memory-"))
    cache = folder / "cache"
    os.environ["TAROCKSCORE_CACHE"] = str(cache)
    hand = folder / "hand.toml"
    hand.write_text('contract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n', "utf-8")
    base = folder / "base.toml"
    subprocess.run(
        [sys.executable, str(HERE / "ledger_log.py"), "--build", str(base), str(options.hands)], check=True
    )
    size = base.stat().st_size / 2**20
    text = base.read_text(encoding="utf-8")
    first = re.search(r'\nhash = "([0-9a-f]{64})"', text[text.index("\n[[event]]") :])
    first_head = first.group(1)[:12] if first else ""
    del text
    floors = [
        measured([sys.executable, "-c", "import typer, tabulate, tomli_w, tomllib"], folder) for _ in range(3)
    ]
    floor = statistics.median(p for p, _ in floors) / 1024
    print(f"ledger of {options.hands:,} hands: {size:.1f} MiB; interpreter {floor:.0f} MiB")
    work = folder / "evening.toml"
    for warm in (True, False):
        print("warm (a `show`, then one `record`, before it):" if warm else "cold (no fold cache):")
        for name, args in COMMANDS:
            if options.only is not None and name not in options.only:
                continue
            peaks, cpus = [], []
            for _ in range(options.runs):
                shutil.copyfile(base, work)
                shutil.rmtree(cache, ignore_errors=True)
                if warm:
                    measured(tarockscore("show", "--ledger", str(work)), folder)
                    measured(tarockscore("record", str(hand), "--ledger", str(work)), folder)
                peak, cpu = measured(
                    tarockscore(
                        *(a.format(hand=hand, first=first_head) for a in args), "--ledger", str(work)
                    ),
                    folder,
                )
                peaks.append(peak / 1024)
                cpus.append(cpu)
            mid = statistics.median(peaks)
            print(
                f"  {name:>12}: {statistics.median(cpus):6.2f} s CPU, peak {mid:5.0f} MiB"
                f" = ×{(mid - floor) / size:.2f} the file over the interpreter (×{mid / size:.2f} in all)"
            )
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
