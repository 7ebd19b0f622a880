"""Instructions per command at the table, counted by valgrind's cachegrind: a figure the machine's load does not move.

Usage: ``python benchmarks/instructions.py``. Counts the instructions of the import floor
(``import typer, tabulate, tomli_w, tomllib``), of ``score`` on the shipped example and of
``record`` into a ledger of 100 hands, each with ``PYTHONHASHSEED=0``, and prints each command's
count and its ratio to the floor's. Wall-clock ratios (``bench.py --only table``) follow the
machine's load; instruction counts do not, so two versions of the code compare here even on a
shared machine. Needs ``valgrind`` (Debian: ``apt-get install valgrind``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import proc  # noqa: E402 - the benchmarks' own helpers, beside this script
import season_data  # noqa: E402
from bench import EXAMPLE, FLOOR_IMPORTS, SEED, TABLE_GOALS  # noqa: E402


def _env() -> dict[str, str]:
    # Bytecode written and used as an installed program does: a run that compiles every module
    # counts the compiler, not the program.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"
    return env


def warm(args: list[str]) -> None:
    """One run of ``args`` that writes the bytecode of every module it imports."""
    subprocess.run(args, capture_output=True, env=_env(), check=False)


def instructions(args: list[str], work: Path) -> int:
    """The instructions one run of ``args`` executes (cachegrind's I refs), its bytecode written before."""
    out = work / "cachegrind.out"
    env = _env()
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"cachegrind gave no count for {args}: {done.stderr[-400:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    py, ts = proc.python(), proc.script("tarockscore")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        base = season_data.write_ledger(work / "table-100.toml", 100, SEED)
        ledger = work / "table-record.toml"
        hand = work / "next-hand.toml"
        hand.write_text(season_data.NEXT_HAND, encoding="utf-8")
        shutil.copyfile(base, ledger)
        for args in (
            [py, "-c", FLOOR_IMPORTS],
            [ts, "score", str(EXAMPLE)],
            [ts, "record", str(hand), "--ledger", str(ledger)],
        ):
            warm(args)
        floor = instructions([py, "-c", FLOOR_IMPORTS], work)
        score = instructions([ts, "score", str(EXAMPLE)], work)
        shutil.copyfile(base, ledger)  # the warm-up recorded a hand: the counted run records into 100
        record = instructions([ts, "record", str(hand), "--ledger", str(ledger)], work)
    print(f"{'floor':<24} {floor / 1e6:8.1f} M instructions")
    for name, count in (("score", score), ("record (ledger of 100)", record)):
        goal = TABLE_GOALS[name]
        print(
            f"{name:<24} {count / 1e6:8.1f} M instructions  ×{count / floor:.3f} of the floor (goal ≤ ×{goal})"
        )


if __name__ == "__main__":
    main()
