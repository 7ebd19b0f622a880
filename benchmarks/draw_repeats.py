"""The draw over a day: meetings repeated each round, fives given unfairly, the slowest draw.

Usage (from the repository root, with the project installed in .venv)::

    .venv/bin/python benchmarks/draw_repeats.py                       # 12 to 102 players
    git show REV:tarockscore/tournament/draw.py > /tmp/draw_then.py
    .venv/bin/python benchmarks/draw_repeats.py --compare /tmp/draw_then.py --counts 13,25,27

For each count that can be seated: the repeats of rounds 1 to ``--rounds`` summed over
``--seeds`` days (seed 0, 1, …; the same seed each round), the rounds in which someone sat at a
five while a player at a four had sat at fewer, and the slowest single draw.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections import Counter
from types import ModuleType

from tarockscore.tournament import draw as current


def load(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("draw_then", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def day(module: ModuleType, n: int, rounds: int, seeds: int) -> tuple[list[int], int, float]:
    players = [f"P{i:03d}" for i in range(n)]
    found, unfair, slowest = [0] * rounds, 0, 0.0
    for seed in range(seeds):
        drawn: list[list[list[str]]] = []
        for r in range(rounds):
            start = time.perf_counter()
            tables = module.draw(players, drawn, seed)
            slowest = max(slowest, time.perf_counter() - start)
            found[r] += module.repeats(tables, module.met(drawn))
            before = Counter(p for ts in drawn for t in ts if len(t) == 5 for p in t)
            at_five = [before[p] for t in tables if len(t) == 5 for p in t]
            at_four = [before[p] for t in tables if len(t) == 4 for p in t]
            unfair += bool(at_five and at_four and max(at_five) > min(at_four))
            drawn.append(tables)
    return found, unfair, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", help="another draw.py, printed beside the current draw")
    parser.add_argument("--counts", help="player counts, comma-separated (default 12 to 102)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    counts = [int(c) for c in args.counts.split(",")] if args.counts else range(12, 103)
    drafts = {"now": current} | ({"then": load(args.compare)} if args.compare else {})
    totals: Counter[str] = Counter()
    for n in counts:
        if 5 * (n % 4) > n:
            continue
        line = []
        for name, module in drafts.items():
            found, unfair, slowest = day(module, n, args.rounds, args.seeds)
            totals[name] += sum(found)
            line.append(f"{name} {found} unfair {unfair:2d} slowest {slowest * 1000:4.0f} ms")
        print(f"{n:3d}  " + "   ".join(line), flush=True)
    print("repeats in all: " + ", ".join(f"{name} {total}" for name, total in totals.items()))


if __name__ == "__main__":
    main()
