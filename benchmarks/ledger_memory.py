"""The peak memory (and CPU time) of each command that reads a ledger, on an evening of 300 hands,
beside the file's size.

    .venv/bin/python benchmarks/ledger_memory.py                  # 300 hands, 3 runs each
    .venv/bin/python benchmarks/ledger_memory.py --hands 60 --runs 1

Each command runs as `python -m tarockscore ...`, with a fresh, empty ``$HOME``, under a fresh,
small parent process that reports its child's peak resident set (``getrusage(RUSAGE_CHILDREN)``):
a child's peak counts from the process it was forked from, so neither the ledger nor anything
else is built in the measuring one. The ledger is built by ``ledger_log.py`` in a process of its
own. Two baselines: the interpreter (``import typer, tabulate, tomli_w, tomllib``, measured the
same way), and the same command on an evening of one hand (the program's own code and data: what
the 300 hands add is the difference).
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
    ("delete 1", ["delete", "1", "--yes"]),
    ("undo", ["undo"]),
    ("replace 1", ["replace", "1", "-c", "dreier", "-d", "Bert", "-t", "40"]),
    ("record", ["record", "{hand}"]),
    ("check", ["check"]),
    ("check --head", ["check", "--head", "{first}"]),  # the first entry's head: every entry since
    ("settle", ["settle", "--stake", "0.10"]),
    ("season", ["season", "{ledger}"]),
)


def measured(args: list[str], cwd: Path) -> tuple[int, float]:
    """Peak resident KiB and CPU seconds of ``args`` run under a fresh parent, with an empty $HOME."""
    home = cwd / "home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TAROCKSCORE", "XDG_"))}
    env["HOME"] = str(home)
    out = subprocess.run(
        [sys.executable, "-c", PARENT, *args], cwd=cwd, env=env, capture_output=True, check=True
    )
    code, peak, cpu, err = json.loads(out.stdout)
    if code != 0:
        raise SystemExit(f"{' '.join(args)} exited {code}: {err}")
    return peak, cpu


def tarockscore(*args: str) -> list[str]:
    return [sys.executable, "-m", "tarockscore", *args]


def built(path: Path, hands: int) -> None:
    subprocess.run(
        [sys.executable, str(HERE / "ledger_log.py"), "--build", str(path), str(hands)], check=True
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=None, help="command names to run")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tarockscore-memory-"))
    hand = folder / "hand.toml"
    hand.write_text('contract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n', "utf-8")
    bases = {1: folder / "base-1.toml", options.hands: folder / "base.toml"}
    for n, path in bases.items():
        built(path, n)
    size = bases[options.hands].stat().st_size / 2**20
    floors = [
        measured([sys.executable, "-c", "import typer, tabulate, tomli_w, tomllib"], folder) for _ in range(3)
    ]
    floor = statistics.median(p for p, _ in floors) / 1024
    print(f"ledger of {options.hands:,} hands: {size * 1024:.0f} KiB; interpreter {floor:.1f} MiB")
    work = folder / "evening.toml"
    for name, args in COMMANDS:
        if options.only is not None and name not in options.only:
            continue
        peaks: dict[int, float] = {}
        cpus = []
        for n, base in bases.items():
            text = base.read_text(encoding="utf-8")
            first = re.search(r'\nhash = "([0-9a-f]{64})"', text[text.index("\n[[event]]") :])
            given = {"hand": hand, "first": first.group(1)[:12] if first else "", "ledger": work}
            runs = []
            for _ in range(options.runs):
                shutil.copyfile(base, work)
                (folder / "evening.toml.lock").unlink(missing_ok=True)
                command = [a.format(**given) for a in args]
                ledger = [] if name == "season" else ["--ledger", str(work)]
                peak, cpu = measured(tarockscore(*command, *ledger), folder)
                runs.append(peak / 1024)
                if n == options.hands:
                    cpus.append(cpu)
            peaks[n] = statistics.median(runs)
        mid, one = peaks[options.hands], peaks[1]
        print(
            f"  {name:>12}: {statistics.median(cpus):5.2f} s CPU, peak {mid:5.1f} MiB"
            f" = +{mid - floor:.1f} MiB over the interpreter (×{(mid - floor) / size:.1f} the file);"
            f" +{(mid - one) * 1024:.0f} KiB over one hand (×{(mid - one) / size:.2f} the file)"
        )
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
