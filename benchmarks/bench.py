"""tarockscore's benchmarks: the figures the house is held to, each with its goal, met or not.

Usage (from the repository root, with the project installed in .venv)::

    .venv/bin/python benchmarks/bench.py                # every goal (about 5 minutes on 2 cores)
    .venv/bin/python benchmarks/bench.py --only table   # one part: table, memory or season
    .venv/bin/python benchmarks/bench.py --quick        # a smoke run: few repeats, a small season

The goals:

- at the table, against the import floor (``python -c "import typer,tabulate,tomli_w,tomllib"``)
  measured in the same run: ``record`` into an evening of 60 hands at most ×1.4 the floor, into
  an evening of 300 hands at most ×1.8; ``show`` of 300 hands at most ×1.8; ``score`` at most ×1.3;
- peak memory of every command that reads an evening of 300 hands at most 3× the file over the
  interpreter (defined below);
- ``season`` over 1,000 evenings of 40 hands in at most 20 s (and ``season --rescore``), every
  hand re-scored: every command that reads a ledger scores each hand again under the evening's
  stored profile and compares it with the stored result (the sheet is the rules applied to the
  hands), so the plain ``season`` re-scores all 40,000 hands too.

How the figures are taken:

- Every figure is a whole process from spawn to exit, stdout and stderr to /dev/null. The
  commands of one part take turns (interleaved, the order rotating each round), so that the
  machine's noise hits all of them alike; the median is reported, with CPU time (user and
  system, from ``wait4``) beside wall time. A ratio is median over median, wall time; the CPU
  ratio is printed beside it. Only ratios within one run compare: the milliseconds follow the
  machine's load.
- Every run has a fresh, empty ``$HOME`` (and no ``TAROCKSCORE_*`` or ``XDG_*`` variable); a run
  that leaves anything in it fails the benchmark.
- Bytecode is compiled first (``compileall``), as ``pip install`` does, and the children run
  without ``PYTHONDONTWRITEBYTECODE``; one untimed run of every command at the table comes first.
- "The file over the interpreter": the command's peak resident set minus the peak resident set
  of the import floor's process, divided by the ledger file's size. Beside it, the same command's
  peak on an evening of one hand: what the program itself costs, so that what the 300 hands add
  (the peak at 300 minus the peak at 1, over the file's size) reads apart. Peaks are each child's
  own ``ru_maxrss``, from a small launcher (benchmarks/proc.py).
- The evenings are generated (benchmarks/season_data.py, seeded): realistic hands, one ``record``
  entry per hand as ``record`` leaves them. They go to ``benchmarks/out/`` (git-ignored) and the
  season is reused while the generator and the evening's code are unchanged.

The figures are printed, and written to ``benchmarks/out/results.json`` and
``benchmarks/out/figures.md``.
"""

from __future__ import annotations

import argparse
import compileall
import datetime as dt
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import time
from pathlib import Path
from typing import Any

import proc
import season_data
from proc import Series

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "benchmarks"
OUT = HERE / "out"
EXAMPLE = ROOT / "examples" / "koenigrufen-call.toml"
FLOOR_IMPORTS = "import typer,tabulate,tomli_w,tomllib"
SEED = 2026

# × the import floor, wall time, median over median.
TABLE_GOALS = {"score": 1.3, "record into 60": 1.4, "record into 300": 1.8, "show at 300": 1.8}
MEMORY_GOAL = 3.0  # × the file over the interpreter, any command on an evening of 300 hands
SEASON_GOAL = 20.0  # seconds, 1,000 evenings of 40 hands
SEASON_SIZE = (1_000, 40)

# Every command that reads an evening; ``{hand}``, ``{head}``, ``{ledger}`` filled in per run.
MEMORY_COMMANDS = (
    ("show", ["show"]),
    ("show --json", ["show", "--json"]),
    ("explain 1", ["explain", "1"]),
    ("settle", ["settle", "--stake", "0.10"]),
    ("stats", ["stats"]),
    ("check", ["check"]),
    ("check --head", ["check", "--head", "{head}"]),  # the first entry's head: every entry since
    ("rescore -P ooe-2023", ["rescore", "-P", "ooe-2023"]),
    ("season", ["season", "{ledger}"]),
    ("record", ["record", "{hand}"]),
    ("undo", ["undo"]),
    ("replace 1", ["replace", "1", "-c", "dreier", "-d", "Bert", "-t", "40"]),
    ("delete 1", ["delete", "1", "--yes"]),
)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def describe(s: Series, floor: Series | None = None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "name": s.name,
        "command": " ".join(_short(a) for a in s.argv),
        "runs": len(s.runs),
        "wall_s": round(s.median, 4),
        "iqr_s": [round(x, 4) for x in s.spread],
        "cpu_s": round(s.cpu_median, 4),
    }
    if floor is not None:
        row["ratio"] = round(s.median / floor.median, 3)
        row["cpu_ratio"] = round(s.cpu_median / floor.cpu_median, 3)
    return row


def _short(arg: str) -> str:
    """Paths relative to the repository, the interpreter as ``python``: readable commands."""
    if arg == proc.python():
        return "python"
    if arg == proc.script("tarockscore"):
        return "tarockscore"
    if arg.startswith(str(ROOT) + os.sep):
        return os.path.relpath(arg, ROOT)
    return arg


def print_rows(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        lo, hi = r["iqr_s"]
        ratio = f"  ×{r['ratio']:.2f} of the floor (CPU ×{r['cpu_ratio']:.2f})" if "ratio" in r else ""
        print(
            f"  {r['name']:<34} wall {ms(r['wall_s']):>8} (IQR {ms(lo)}–{ms(hi)}), CPU {ms(r['cpu_s']):>8}{ratio}"
        )


def _copy(src: Path, dst: Path) -> None:
    shutil.copyfile(src, dst)
    dst.with_name(dst.name + ".lock").unlink(missing_ok=True)


def warm(series: list[Series], before: Any, env: dict[str, str] | None) -> None:
    """One untimed run of each command: any bytecode not yet written is written now."""
    for s in series:
        before(s)
        proc.run_once(s.argv, env=env)


# -- 1. at the table -------------------------------------------------------------------------------


def at_the_table(repeats: int, work: Path) -> dict[str, Any]:
    print(f"\n1. At the table: {repeats} runs each, interleaved, a fresh empty $HOME for every run")
    py, ts = proc.python(), proc.script("tarockscore")
    base60 = season_data.write_ledger(work / "table-60.toml", 60, SEED)
    base300 = season_data.write_ledger(work / "table-300.toml", 300, SEED)
    shown = work / "table-show.toml"
    _copy(base300, shown)
    ledger = work / "table-record.toml"
    hand = work / "next-hand.toml"
    hand.write_text(season_data.NEXT_HAND, encoding="utf-8")
    floor = Series("floor", [py, "-c", FLOOR_IMPORTS])
    series = [
        floor,
        Series("score", [ts, "score", str(EXAMPLE)]),
        Series("record into 60", [ts, "record", str(hand), "--ledger", str(ledger)]),
        Series("record into 300", [ts, "record", str(hand), "--ledger", str(ledger)]),
        Series("show at 300", [ts, "show", "--ledger", str(shown)]),
    ]
    copies = {"record into 60": base60, "record into 300": base300}
    env = proc.home_env(work)

    def before(s: Series) -> None:
        proc.fresh_home(work)
        if s.name in copies:
            _copy(copies[s.name], ledger)

    warm(series, before, env)
    proc.interleave(series, repeats, before=before, env=env, memory=False)
    proc.fresh_home(work)
    rows = [describe(floor), *(describe(s, floor) for s in series[1:])]
    print_rows(rows)
    for r in rows[1:]:
        goal = TABLE_GOALS[r["name"]]
        r["goal"] = goal
        r["met"] = r["ratio"] <= goal
        cpu = (
            ""
            if (r["cpu_ratio"] <= goal) == r["met"]
            else f" (by CPU time ×{r['cpu_ratio']:.2f}: {verdict(not r['met'])})"
        )
        print(f"  {r['name']}: ×{r['ratio']:.2f} the floor, goal ≤ ×{goal}: {verdict(r['met'])}{cpu}")
    return {"rows": rows, "sizes": {"60": base60.stat().st_size, "300": base300.stat().st_size}}


# -- 2. peak memory --------------------------------------------------------------------------------


def memory(work: Path, runs: int) -> dict[str, Any]:
    print(
        f"\n2. Peak memory of every command that reads an evening, at 300 hands and at 1 hand (median of {runs})"
    )
    py, ts = proc.python(), proc.script("tarockscore")
    bases = {n: season_data.write_ledger(work / f"memory-{n}.toml", n, SEED) for n in (1, 300)}
    ledger = work / "memory.toml"
    hand = work / "next-hand.toml"
    hand.write_text(season_data.NEXT_HAND, encoding="utf-8")
    env = proc.home_env(work)
    floors = []
    for _ in range(3):
        proc.fresh_home(work)
        floors.append(proc.measure([py, "-c", FLOOR_IMPORTS], env)[0])
    floor_kib = statistics.median(floors)
    size = bases[300].stat().st_size
    print(
        f"  the floor's process (interpreter and imports) {floor_kib / 1024:.1f} MiB;"
        f" the evening of 300 hands {size / 1024:.0f} KiB, of 1 hand {bases[1].stat().st_size / 1024:.1f} KiB"
    )
    print(
        "  'the file over the interpreter' = (the command's peak − the floor's peak) / the file's size;"
        " 'the hands' = (peak at 300 − peak at 1) / the file's size"
    )
    rows: list[dict[str, Any]] = []
    for name, args in MEMORY_COMMANDS:
        peaks: dict[int, float] = {}
        cpu: list[float] = []
        for n, base in bases.items():
            raw = base.read_text(encoding="utf-8")
            heads = re.findall(r'^hash = "([0-9a-f]{64})"', raw, flags=re.MULTILINE)
            given = {"hand": str(hand), "head": heads[0][:12], "ledger": str(ledger)}
            command = [a.format(**given) for a in args]
            tail = [] if name == "season" else ["--ledger", str(ledger)]
            taken = []
            for _ in range(runs):
                _copy(base, ledger)
                proc.fresh_home(work)
                taken.append(proc.measure([ts, *command, *tail], env))
            peaks[n] = statistics.median(kib for kib, _ in taken)
            if n == 300:
                cpu = [took for _, took in taken]
        over = (peaks[300] - floor_kib) * 1024 / size
        hands = (peaks[300] - peaks[1]) * 1024 / size
        rows.append(
            {
                "name": name,
                "peak_300_mib": round(peaks[300] / 1024, 1),
                "peak_1_mib": round(peaks[1] / 1024, 1),
                "over_interpreter": round(over, 2),
                "hands": round(hands, 2),
                "cpu_300_s": round(statistics.median(cpu), 3),
            }
        )
        print(
            f"  {name:<20} peak {peaks[300] / 1024:5.1f} MiB at 300 hands, {peaks[1] / 1024:5.1f} MiB at 1:"
            f" ×{over:.1f} the file over the interpreter, the hands ×{hands:.1f};"
            f" CPU {ms(statistics.median(cpu))} at 300"
        )
    proc.fresh_home(work)
    worst = max(rows, key=lambda r: float(r["over_interpreter"]))
    most = max(rows, key=lambda r: float(r["hands"]))
    met = worst["over_interpreter"] <= MEMORY_GOAL
    print(
        f"  the goal's reading, the most ({worst['name']}): ×{worst['over_interpreter']:.1f} the file over"
        f" the interpreter, goal ≤ ×{MEMORY_GOAL:.0f}: {verdict(met)}"
    )
    print(
        f"  what the hands add, the most ({most['name']}): ×{most['hands']:.1f} the file"
        f" (≤ ×{MEMORY_GOAL:.0f}: {verdict(most['hands'] <= MEMORY_GOAL)})"
    )
    return {
        "floor_mib": round(floor_kib / 1024, 1),
        "file_kib": round(size / 1024, 1),
        "rows": rows,
        "worst": worst["name"],
        "met": met,
        "most_hands": most["name"],
    }


# -- 3. a season -----------------------------------------------------------------------------------


def _generator_hash() -> str:
    """The generator and the evening's code it writes with: a change to either builds the season anew."""
    files = [HERE / "season_data.py", *sorted((ROOT / "tarockscore" / "evening").glob("*.py"))]
    return hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()[:16]


def make_season(work: Path, ledgers: int, hands: int) -> Path:
    folder = work / f"season-{ledgers}x{hands}"
    stamp = folder.with_suffix(".json")
    want = {"ledgers": ledgers, "hands": hands, "seed": SEED, "generator": _generator_hash()}
    if stamp.exists() and json.loads(stamp.read_text(encoding="utf-8")) == want:
        print(f"  reusing {folder.relative_to(ROOT)} (same seed, sizes and code)")
        return folder
    t = time.perf_counter()
    season_data.write_season(folder, ledgers, hands, SEED)
    stamp.write_text(json.dumps(want), encoding="utf-8")
    print(f"  generated {ledgers:,} evenings of {hands} hands in {time.perf_counter() - t:.0f} s")
    return folder


def a_season(repeats: int, work: Path, ledgers: int, hands: int) -> dict[str, Any]:
    print(
        f"\n3. A season: {ledgers:,} evenings of {hands} hands ({ledgers * hands:,} hands), {repeats} runs each;"
        " every read re-scores every hand"
    )
    folder = make_season(work, ledgers, hands)
    py, ts = proc.python(), proc.script("tarockscore")
    series = [
        Series("parse floor (tomllib only)", [py, str(HERE / "parse_floor.py"), str(folder)]),
        Series("season", [ts, "season", str(folder)]),
        Series("season --rescore koenigrufen", [ts, "season", "--rescore", "koenigrufen", str(folder)]),
    ]
    env = proc.home_env(work)

    def before(_s: Series) -> None:
        proc.fresh_home(work)

    # No untimed run first: every module is compiled already, and a run of the season is long.
    proc.interleave(series, repeats, before=before, env=env, memory=False)
    proc.fresh_home(work)
    floor = series[0]
    rows = [describe(floor), *(describe(s, floor) for s in series[1:])]
    print_rows(rows)
    for r in rows[1:]:
        r["goal_s"] = SEASON_GOAL
        r["met"] = r["wall_s"] <= SEASON_GOAL
        rate = ledgers * hands / r["wall_s"]
        print(
            f"  {r['name']}: {ms(r['wall_s'])} wall ({ms(r['cpu_s'])} CPU), {rate:,.0f} hands re-scored a second,"
            f" goal ≤ {SEASON_GOAL:.0f} s: {verdict(r['met'])}"
        )
    return {"ledgers": ledgers, "hands": ledgers * hands, "rows": rows}


# -- main ------------------------------------------------------------------------------------------


def markdown(results: dict[str, Any]) -> str:
    """The figures as Markdown, for the table of benchmarks/README.md."""
    lines = [
        f"Run {results['date']} ({results['machine']}, {results['cores']} cores, Python {results['python']},"
        f" load average {results['load']} at the start): `{results['command']}`.",
        "",
        "| figure | measured | goal | |",
        "|---|---:|---:|---|",
    ]
    if "table" in results:
        floor = results["table"]["rows"][0]
        lines.append(f"| the import floor | {ms(floor['wall_s'])} wall, {ms(floor['cpu_s'])} CPU | | |")
        for r in results["table"]["rows"][1:]:
            lines.append(
                f"| {r['name']}, × the floor | ×{r['ratio']:.2f} (CPU ×{r['cpu_ratio']:.2f}) | ≤ ×{r['goal']} | {verdict(r['met'])} |"
            )
    if "memory" in results:
        m = results["memory"]
        worst = next(r for r in m["rows"] if r["name"] == m["worst"])
        lines.append(
            f"| peak memory at 300 hands, the most (`{worst['name']}`), × the file over the interpreter"
            f" | ×{worst['over_interpreter']:.1f} | ≤ ×{MEMORY_GOAL:.0f} | {verdict(m['met'])} |"
        )
        most = next(r for r in m["rows"] if r["name"] == m["most_hands"])
        lines.append(
            f"| peak memory, what the 300 hands add over 1 hand, the most (`{most['name']}`), × the file"
            f" | ×{most['hands']:.1f} | (≤ ×{MEMORY_GOAL:.0f}) | {verdict(most['hands'] <= MEMORY_GOAL)} |"
        )
    if "season" in results:
        s = results["season"]
        floor = s["rows"][0]
        lines.append(
            f"| the season's parse floor (tomllib only), {s['hands']:,} hands | {ms(floor['wall_s'])}"
            f" (CPU {ms(floor['cpu_s'])}) | | |"
        )
        for r in s["rows"][1:]:
            lines.append(
                f"| `{r['name']}`, {s['hands']:,} hands | {ms(r['wall_s'])} (CPU {ms(r['cpu_s'])}) | ≤ {SEASON_GOAL:.0f} s | {verdict(r['met'])} |"
            )
    if "memory" in results:
        m = results["memory"]
        lines += [
            "",
            f"Peak memory (floor process {m['floor_mib']} MiB; the evening of 300 hands {m['file_kib']:.0f} KiB):",
            "",
            "| command | peak at 300 hands | peak at 1 hand | × the file over the interpreter | the hands, × the file |",
            "|---|---:|---:|---:|---:|",
        ]
        for r in m["rows"]:
            lines.append(
                f"| `{r['name']}` | {r['peak_300_mib']} MiB | {r['peak_1_mib']} MiB | ×{r['over_interpreter']:.1f} | ×{r['hands']:.1f} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", choices=["table", "memory", "season"], action="append", help="Run only these parts."
    )
    parser.add_argument("--repeats", type=int, help="Runs per command at the table (default 15; --quick 3).")
    parser.add_argument("--season-repeats", type=int, help="Runs per season command (default 3; --quick 1).")
    parser.add_argument(
        "--quick", action="store_true", help="A smoke run: few repeats, a season of 50 evenings."
    )
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 15)
    season_repeats = args.season_repeats or (1 if args.quick else 3)
    ledgers, hands = (50, 40) if args.quick else SEASON_SIZE
    parts = args.only or ["table", "memory", "season"]

    work = OUT
    work.mkdir(parents=True, exist_ok=True)
    compileall.compile_dir(str(ROOT / "tarockscore"), quiet=1)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    command = "python benchmarks/bench.py" + (" --quick" if args.quick else "")
    results: dict[str, Any] = {
        "date": dt.datetime.now().astimezone().isoformat(timespec="minutes"),
        "cores": os.cpu_count(),
        "machine": f"{platform.system()} {platform.machine()}",
        "python": platform.python_version(),
        "load": load,
        "command": command + "".join(f" --only {p}" for p in args.only or []),
    }
    print(
        f"tarockscore benchmarks, {results['date']}, {results['cores']} cores, Python {results['python']},"
        f" load average {load}; bytecode compiled first"
    )
    start = time.perf_counter()
    if "table" in parts:
        results["table"] = at_the_table(repeats, work)
    if "memory" in parts:
        results["memory"] = memory(work, 1 if args.quick else 3)
    if "season" in parts:
        results["season"] = a_season(season_repeats, work, ledgers, hands)
    results["load_end"] = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\ntook {time.perf_counter() - start:.0f} s; load average at the end {results['load_end']}")
    (work / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    (work / "figures.md").write_text(markdown(results) + "\n", encoding="utf-8")
    print(f"figures written to {(work / 'figures.md').relative_to(ROOT)} and results.json")


if __name__ == "__main__":
    main()
