"""Shell completion and the table commands: does offering completion slow them down?

Usage: ``.venv/bin/python benchmarks/completion.py [--repeats N]`` (default 30).

Completion (``--install-completion``, ``--show-completion`` and the answers to the shell) is
built only into the whole command line: help, no command, or a run with ``_TAROCKSCORE_COMPLETE``
set. A table command (``score``, ``record``) is built without it. This script times, as whole
processes, interleaved (``proc.interleave``'s method):

* ``score`` of an example hand and ``record`` into a ledger of 100 hands, as shipped;
* the same two with the whole command line built, completion included (what every command would
  cost if completion were always on): ``python -c`` running ``tarockscore.cli.shell.app.build()``;
* a completion request as the shell sends it: the players of ``record -d <TAB>`` from the ledger
  of 100 hands, and the contracts of ``record -c so<TAB>``.

Prints a table of medians and writes nothing else.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import proc  # noqa: E402
import season_data  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "koenigrufen-call.toml"
FULL = (
    "import sys; from tarockscore.cli.shell.app import build; build()(sys.argv[1:], prog_name='tarockscore')"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    repeats = parser.parse_args().repeats
    py, ts = proc.python(), proc.script("tarockscore")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        base = season_data.write_ledger(work / "base.toml", 100, 11)
        ledger = work / "ledger.toml"
        hand = work / "hand.toml"
        hand.write_text(season_data.NEXT_HAND, encoding="utf-8")
        env = dict(os.environ)
        complete = {**env, "_TAROCKSCORE_COMPLETE": "complete_bash"}
        cases: list[tuple[str, list[str], dict[str, str], bool]] = [
            ("score (as shipped)", [ts, "score", str(EXAMPLE)], env, False),
            ("score, completion always built", [py, "-c", FULL, "score", str(EXAMPLE)], env, False),
            ("record into 100 (as shipped)", [ts, "record", str(hand), "-l", str(ledger)], env, True),
            (
                "record into 100, completion always built",
                [py, "-c", FULL, "record", str(hand), "-l", str(ledger)],
                env,
                True,
            ),
            (
                "complete `record -d <TAB>` (100 hands)",
                [ts],
                {**complete, "COMP_WORDS": f"tarockscore record -l {ledger} -d ", "COMP_CWORD": "5"},
                True,
            ),
            (
                "complete `record -c so<TAB>`",
                [ts],
                {**complete, "COMP_WORDS": f"tarockscore record -l {ledger} -c so", "COMP_CWORD": "5"},
                True,
            ),
        ]
        times: dict[str, list[float]] = {name: [] for name, *_ in cases}
        for i in range(repeats):
            k = i % len(cases)
            for name, argv, run_env, fresh in [*cases[k:], *cases[:k]]:
                if fresh:
                    shutil.copyfile(base, ledger)
                times[name].append(proc.run_once(argv, env=run_env).seconds)
    print(f"median of {repeats} runs each, interleaved; python {sys.version.split()[0]}")
    print(f"{'command':<45} {'median ms':>10} {'q1 ms':>8} {'q3 ms':>8}")
    for name, runs in times.items():
        q = statistics.quantiles(runs, n=4)
        print(f"{name:<45} {statistics.median(runs) * 1000:>10.1f} {q[0] * 1000:>8.1f} {q[2] * 1000:>8.1f}")


if __name__ == "__main__":
    main()
