"""Instructions per command at the table, counted by valgrind's cachegrind: a figure the machine's load does not move.

Usage: ``python benchmarks/instructions.py``. Counts the instructions of the import floor
(``import typer,tabulate,tomli_w,tomllib``), of ``score`` on the shipped example, of ``record``
into evenings of 60 and 300 hands and of ``show`` at 300, each with ``PYTHONHASHSEED=0`` and a
fresh, empty ``$HOME``, and prints each command's count and its ratio to the floor's beside the
goal ``bench.py`` holds the wall time to. Wall-clock ratios (``bench.py --only table``) follow the
machine's load; instruction counts do not, so two versions of the code compare here even on a
shared machine. Needs ``valgrind`` (Debian: ``apt-get install valgrind``).
"""

from __future__ import annotations

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


def _env(work: Path) -> dict[str, str]:
    # Bytecode written and used as an installed program does (proc.home_env): a run that
    # compiles every module counts the compiler, not the program.
    proc.fresh_home(work)
    env = proc.home_env(work)
    env["PYTHONHASHSEED"] = "0"
    return env


def warm(args: list[str], work: Path) -> None:
    """One run of ``args`` that writes the bytecode of every module it imports."""
    subprocess.run(args, capture_output=True, env=_env(work), check=False)


def instructions(args: list[str], work: Path) -> int:
    """The instructions one run of ``args`` executes (cachegrind's I refs), its bytecode written before."""
    out = work / "cachegrind.out"
    env = _env(work)
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
        bases = {n: season_data.write_ledger(work / f"table-{n}.toml", n, SEED) for n in (60, 300)}
        ledger = work / "table-record.toml"
        hand = work / "next-hand.toml"
        hand.write_text(season_data.NEXT_HAND, encoding="utf-8")
        runs = {
            "floor": (None, [py, "-c", FLOOR_IMPORTS]),
            "score": (None, [ts, "score", str(EXAMPLE)]),
            "record into 60": (60, [ts, "record", str(hand), "--ledger", str(ledger)]),
            "record into 300": (300, [ts, "record", str(hand), "--ledger", str(ledger)]),
            "show at 300": (300, [ts, "show", "--ledger", str(ledger)]),
        }
        counts: dict[str, int] = {}
        for name, (n, args) in runs.items():
            for counted in (False, True):  # a warm-up run writes the bytecode, then the counted run
                if n is not None:
                    shutil.copyfile(bases[n], ledger)
                if counted:
                    counts[name] = instructions(args, work)
                else:
                    warm(args, work)
    floor = counts.pop("floor")
    print(f"{'floor':<18} {floor / 1e6:8.1f} M instructions")
    for name, count in counts.items():
        print(
            f"{name:<18} {count / 1e6:8.1f} M instructions  ×{count / floor:.2f} of the floor"
            f" (the wall-time goal ≤ ×{TABLE_GOALS[name]})"
        )


if __name__ == "__main__":
    main()
