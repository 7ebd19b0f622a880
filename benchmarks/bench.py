"""tarockscore's benchmarks: answer at the table, a season, growth of a ledger, peak memory.

Usage (from the repository root, with the project installed in .venv)::

    .venv/bin/python benchmarks/bench.py            # the full run (several minutes)
    .venv/bin/python benchmarks/bench.py --quick    # a smoke run: small season, few repeats

Every figure is a whole process, timed from spawn to exit, repeated; the median is reported,
with the interquartile range, and each command is set against a floor measured in the same run,
its runs interleaved with the command's so that the machine's noise hits both alike. Peak
memory is the child's own maximum resident set (``wait4``). Bytecode is compiled first
(``python -m compileall``), as ``pip install`` does. Generated ledgers go to
``benchmarks/out/`` (git-ignored); the figures are printed and written to
``benchmarks/out/results.json`` and ``benchmarks/out/figures.md``.
"""

from __future__ import annotations

import argparse
import compileall
import datetime as dt
import functools
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import proc
import season_data
from proc import Series

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
EXAMPLE = ROOT / "examples" / "koenigrufen-call.toml"
FLOOR_IMPORTS = "import typer, tabulate, tomli_w, tomllib"
SEED = 2026

# The goals (× the floor measured in the same run), by row: the restructure issue's figures.
TABLE_GOALS = {"score": 1.3, "record into 60": 1.4, "record into 300": 1.8, "show at 300": 1.8}
SEASON_GOALS = {"season (standings)": 1.5, "season --rescore (every hand)": 1.4, "check (every hand)": 1.4}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def describe(s: Series, floor: Series | None = None) -> dict[str, Any]:
    lo, hi = s.spread
    row: dict[str, Any] = {
        "name": s.name,
        "command": " ".join(_short(a) for a in s.argv),
        "runs": len(s.runs),
        "median_s": round(s.median, 4),
        "iqr_s": [round(lo, 4), round(hi, 4)],
        "cpu_s": round(s.cpu_median, 4),
        "peak_mib": round(s.peak_mib, 1),
    }
    if floor is not None:
        row["ratio"] = round(s.median / floor.median, 3)
        row["cpu_ratio"] = round(s.cpu_median / floor.cpu_median, 3)
    return row


def _short(arg: str) -> str:
    """Paths relative to the repository, the interpreter as ``python``: readable commands."""
    if arg == sys.executable:
        return "python"
    if arg.startswith(str(ROOT) + os.sep):
        rel = os.path.relpath(arg, ROOT)
        return ".venv/bin/tarockscore" if rel.startswith(".venv") and arg.endswith("tarockscore") else rel
    return arg


def show(rows: list[dict[str, Any]], hands: int | None = None) -> None:
    for r in rows:
        lo, hi = r["iqr_s"]
        extra = f"  ×{r['ratio']:.2f} of floor (CPU ×{r['cpu_ratio']:.2f})" if "ratio" in r else ""
        rate = f"  {hands / r['median_s']:,.0f} hands/s" if hands and r["name"] != "floor" else ""
        print(
            f"  {r['name']:<32} median {ms(r['median_s']):>8}  (IQR {ms(lo)}–{ms(hi)}, CPU {ms(r['cpu_s'])})"
            f"  peak {r['peak_mib']:6.1f} MiB{extra}{rate}"
        )


def _copy_for(src: Path, dst: Path, _series: Series) -> None:
    proc.fresh_home(src.parent)
    _fresh_copy(src, dst)


def _built(path: Path, hands: int) -> Path:
    """A ledger of ``hands`` hands, one entry each, as `record` appends them (benchmarks/ledger_log.py)."""
    script = Path(__file__).parent / "ledger_log.py"
    subprocess.run([proc.python(), str(script), "--build", str(path), str(hands)], check=True)
    return path


def _fresh_copy(src: Path, dst: Path) -> None:
    shutil.copyfile(src, dst)
    dst.with_name(dst.name + ".lock").unlink(missing_ok=True)


# -- 1. answer at the table ----------------------------------------------------------------------


def at_the_table(repeats: int, work: Path) -> dict[str, Any]:
    print(f"\n1. Answer at the table ({repeats} runs each, interleaved, a fresh empty $HOME for each)")
    py, ts = proc.python(), proc.script("tarockscore")
    base60 = _built(work / "table-60.toml", 60)
    base300 = _built(work / "table-300.toml", 300)
    ledger = work / "table-record.toml"
    hand = work / "next-hand.toml"
    hand.write_text(season_data.NEXT_HAND, encoding="utf-8")
    floor = Series("floor", [py, "-c", FLOOR_IMPORTS])
    score = Series("score", [ts, "score", str(EXAMPLE)])
    record60 = Series("record into 60", [ts, "record", str(hand), "--ledger", str(ledger)])
    record300 = Series("record into 300", [ts, "record", str(hand), "--ledger", str(ledger)])
    show300 = Series("show at 300", [ts, "show", "--ledger", str(base300)])
    copies = {record60.name: base60, record300.name: base300}

    def before(s: Series) -> None:
        proc.fresh_home(work)
        if s.name in copies:
            _fresh_copy(copies[s.name], ledger)

    series = [floor, score, record60, record300, show300]
    proc.interleave(series, repeats, before=before, env=proc.home_env(work))
    rows = [describe(floor), *(describe(s, floor) for s in series[1:])]
    show(rows)
    for r in rows[1:]:
        goal = TABLE_GOALS[r["name"]]
        verdict = "met" if r["ratio"] <= goal else "MISSED"
        over = (r["median_s"] - floor.median) * 1000
        print(f"  {r['name']}: +{over:.0f} ms over the floor, ×{r['ratio']:.2f} (goal ≤ ×{goal}): {verdict}")
    phases = {
        "score": startup_phases(
            ["tarockscore.io.inputs", "tarockscore.render.hand", "tarockscore.io.inputs"],
            ["score", str(EXAMPLE)],
        ),
        "record": startup_phases(
            [
                "tarockscore.evening.operations",
                "tarockscore.evening.store",
                "tarockscore.io.inputs",
                "datetime",
            ],
            ["record", str(hand), "--ledger", str(ledger)],
            before=lambda: _fresh_copy(base300, ledger),
        ),
    }
    return {"goals": TABLE_GOALS, "rows": rows, "phases": phases}


def startup_phases(
    modules: list[str], args: list[str], before: Any = None, runs: int = 9
) -> dict[str, float]:
    """The median of each step of one command in-process (benchmarks/startup.py)."""
    import statistics

    script = str(Path(__file__).parent / "startup.py")
    samples: dict[str, list[float]] = {}
    for _ in range(runs):
        if before is not None:
            before()
        res = subprocess.run(
            [proc.python(), script, *modules, "--", *args], capture_output=True, text=True, check=True
        )
        for k, v in json.loads(res.stdout).items():
            samples.setdefault(k, []).append(v)
    medians = {k: statistics.median(v) for k, v in samples.items()}
    print(f"  {args[0]}, in one process after start-up (median of {runs}):")
    for k, v in medians.items():
        print(f"    {k:<52} {v * 1000:6.1f} ms")
    return {k: round(v, 5) for k, v in medians.items()}


# -- 2. a season ----------------------------------------------------------------------------------


def make_season(work: Path, ledgers: int, hands: int, big: int) -> tuple[Path, Path]:
    """The season's ledgers and the single long ledger; reused when already built alike."""
    folder = work / "season"
    single = work / f"single-{big}.toml"
    stamp = work / "season.json"
    want = {"ledgers": ledgers, "hands": hands, "big": big, "seed": SEED, "generator": _generator_hash()}
    if stamp.exists() and json.loads(stamp.read_text()) == want and single.exists():
        print(f"  reusing {folder.relative_to(ROOT)} and {single.relative_to(ROOT)} (same seed and sizes)")
        return folder, single
    t = time.perf_counter()
    season_data.write_season(folder, ledgers, hands, SEED)
    season_data.write_ledger(single, big, SEED + 1)
    stamp.write_text(json.dumps(want))
    print(
        f"  generated {ledgers:,} ledgers × {hands} hands and one of {big:,} hands in {time.perf_counter() - t:.0f} s"
    )
    return folder, single


def _generator_hash() -> str:
    """The generator and the ledger code it writes with: a change to either builds the data anew."""
    import hashlib

    files = [
        Path(__file__).parent / "season_data.py",
        *sorted((ROOT / "tarockscore" / "ledger").glob("*.py")),
        *sorted((ROOT / "tarockscore" / "files").glob("ledger_*.py")),
    ]
    return hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()[:16]


def a_season(repeats: int, work: Path, ledgers: int, hands: int, big: int) -> dict[str, Any]:
    print(
        f"\n2. A season: {ledgers:,} ledgers of {hands} hands ({ledgers * hands:,} hands), and one ledger of {big:,}"
    )
    folder, single = make_season(work, ledgers, hands, big)
    py, ts = proc.python(), proc.script("tarockscore")
    floor_script = str(Path(__file__).parent / "parse_floor.py")
    result: dict[str, Any] = {"goals": SEASON_GOALS}

    print(f"  {ledgers:,} ledgers, {ledgers * hands:,} hands ({repeats} runs each):")
    floor = Series("floor", [py, floor_script, str(folder)])
    standings = Series("season (standings)", [ts, "season", str(folder)])
    rescore = Series("season --rescore (every hand)", [ts, "season", "--rescore", "koenigrufen", str(folder)])
    proc.interleave([floor, standings, rescore], repeats)
    rows = [describe(floor), describe(standings, floor), describe(rescore, floor)]
    show(rows, ledgers * hands)
    result["many"] = {"ledgers": ledgers, "hands": ledgers * hands, "rows": rows}

    print(f"  one ledger of {big:,} hands ({repeats} runs each):")
    floor1 = Series("floor", [py, floor_script, str(single)])
    standings1 = Series("season (standings)", [ts, "season", str(single)])
    check1 = Series("check (every hand)", [ts, "check", "--ledger", str(single)])
    proc.interleave([floor1, standings1, check1], repeats)
    rows1 = [describe(floor1), describe(standings1, floor1), describe(check1, floor1)]
    show(rows1, big)
    result["single"] = {"hands": big, "rows": rows1}

    for label, rs in (("season", rows), ("single ledger", rows1)):
        for r in rs[1:]:
            goal = SEASON_GOALS[r["name"]]
            verdict = "met" if r["ratio"] <= goal else "MISSED"
            print(f"  {label}, {r['name']}: ×{r['ratio']:.2f} of the parse floor (goal ≤ ×{goal}): {verdict}")
    result["phases"] = season_phases(folder, single)
    return result


def season_phases(folder: Path, single: Path) -> dict[str, Any]:
    """Where a re-score's time goes, in one process.

    Read each ledger as the store reads it (the bytes, each entry read, the chain followed, the
    log folded: every stored hand parsed there), re-score (``check``, as ``tarockscore check``);
    then the parts one by one (parse every stored hand, as the fold did; score it; render it back
    to a mapping, what a rescore under another profile adds), and ``ledger.operations.rescore``
    whole, as ``season --rescore``.
    """
    code = r"""
import json, sys, time
from pathlib import Path
T = time.perf_counter
t0 = T()
from tarockscore.evening import store as ledger_file
from tarockscore.evening.checks import check
from tarockscore.evening.model import ledger_profile
from tarockscore.evening.operations import rescore
t1 = T()
paths = sorted(Path(sys.argv[1]).rglob("*.toml")) if Path(sys.argv[1]).is_dir() else [Path(sys.argv[1])]
snapshots = [ledger_file.read(p) for p in paths]  # every entry read
t2 = T()
assert not any(s.problems for s in snapshots), "a ledger whose chain does not hold"
ledgers = [s.ledger for s in snapshots]
bad = sum(len(check(led)) for led in ledgers)
t3 = T()
assert bad == 0
from tarockscore.rules.hand import hand_to_mapping
from tarockscore.rules.parse import parse_hand
from tarockscore.io.inputs import load_profile
from tarockscore.rules.scoring import score_hand
parse = score = back = 0.0
for led in ledgers:
    prof = ledger_profile(led)
    t = T(); hands = [parse_hand(e.keys, prof) for e in led.hands]; parse += T() - t
    t = T(); [score_hand(h, prof) for h in hands]; score += T() - t
    t = T(); [hand_to_mapping(h) for h in hands]; back += T() - t
koenigrufen = load_profile("koenigrufen")
t4 = T()
for led in ledgers:
    rescore(led, koenigrufen, "")
t5 = T()
print(json.dumps({"import": t1 - t0, "read, chain, fold (ledger_file.read)": t2 - t1,
    "re-score (check)": t3 - t2, "parse hands (as the fold does)": parse, "score hands": score,
    "render hands back": back, "operations.rescore (--rescore)": t5 - t4}))
"""
    out: dict[str, Any] = {}
    print("  where the time goes (one process, library calls, seconds):")
    for label, path in (("season", folder), ("single", single)):
        res = subprocess.run(
            [proc.python(), "-c", code, str(path)], capture_output=True, text=True, check=True
        )
        phases = json.loads(res.stdout)
        out[label] = {k: round(v, 3) for k, v in phases.items()}
        print("   ", label + ":", ", ".join(f"{k} {v:.2f}" for k, v in phases.items()))
    return out


# -- 3. growth ---------------------------------------------------------------------------------


def growth(repeats: int, work: Path, sizes: list[int]) -> dict[str, Any]:
    print(f"\n3. Growth: record one hand into ledgers of {', '.join(f'{n:,}' for n in sizes)} hands")
    ts = proc.script("tarockscore")
    hand = work / "next-hand.toml"
    hand.write_text(season_data.NEXT_HAND, encoding="utf-8")
    rows = []
    for n in sizes:
        base = _built(work / f"growth-{n}.toml", n)
        target = work / "growth-record.toml"
        s = Series(f"record into {n:,}", [ts, "record", str(hand), "--ledger", str(target)])
        proc.interleave(
            [s], repeats, before=functools.partial(_copy_for, base, target), env=proc.home_env(work)
        )
        row = describe(s)
        row["hands"] = n
        row["bytes"] = base.stat().st_size
        rows.append(row)
    show(rows)
    print("  per hand already in the ledger:")
    for a, b in zip(rows, rows[1:], strict=False):
        slope = (b["median_s"] - a["median_s"]) / (b["hands"] - a["hands"]) * 1e6
        print(
            f"    {a['hands']:>6,} → {b['hands']:>6,}: +{slope:.0f} µs per hand, ×{b['median_s'] / a['median_s']:.1f} time"
        )
    phases = {f"{n}": record_phases(work / f"growth-{n}.toml") for n in (sizes[1], sizes[-1])}
    return {"rows": rows, "phases": phases}


def record_phases(base: Path, runs: int = 3) -> dict[str, float]:
    """The steps of one ``record`` (``ledger_file.update``) on a fresh copy of ``base``, in-process.

    The steps are those of ``record`` as it is now (docs/ledger-format.md): under the lock, read
    the file's bytes; follow the chain and fold every entry; score the new hand on the evening;
    make its entry; render it, read it back, fold it onto the evening (its check) and append it,
    fsync'd (the store's one writer of an entry). Median of ``runs`` processes.
    """
    import statistics

    code = r"""
import json, sys, time
from pathlib import Path
from tarockscore.evening import store as lf
from tarockscore.io.inputs import read_hand
from tarockscore.evening import fold
from tarockscore.evening import operations
path, hand = Path(sys.argv[1]), sys.argv[2]
mapping, _ = read_hand(hand)
T = time.perf_counter
out = {}
t = T()
with lf.locked(path):
    raw = lf.opened(path)
    out["lock, remove stale temp files, read the bytes"] = T() - t
    t = T(); snapshot = lf._snapshot(path, raw); lf.verify(snapshot); out["follow the chain, fold every entry"] = T() - t
    at = "2026-01-01T20:00:00+01:00"
    t = T(); new = operations.record(snapshot.ledger, mapping, at); out["score the new hand"] = T() - t
    old = snapshot.ledger
    t = T(); event = fold.event_of(old, new, at); out["the entry"] = T() - t
    t = T()
    lf._append(path, raw, (snapshot.head, snapshot.size), (old, new, event), scored=False)
    out["render, read back, fold onto the evening, append, fsync"] = T() - t
print(json.dumps(out))
"""
    target = base.with_name("phases-record.toml")
    hand = base.with_name("next-hand.toml")
    samples: dict[str, list[float]] = {}
    for _ in range(runs):
        _fresh_copy(base, target)
        res = subprocess.run(
            [proc.python(), "-c", code, str(target), str(hand)], capture_output=True, text=True, check=True
        )
        for k, v in json.loads(res.stdout).items():
            samples.setdefault(k, []).append(v)
    phases = {k: statistics.median(v) for k, v in samples.items()}
    total = sum(phases.values())
    print(
        f"  one record into {base.stem.split('-')[-1]} hands, step by step (one process, median of {runs}):"
    )
    for k, v in phases.items():
        print(f"    {k:<56} {v * 1000:8.1f} ms  {v / total:5.1%}")
    print(f"    {'sum of the steps':<56} {total * 1000:8.1f} ms")
    return {k: round(v, 5) for k, v in phases.items()}


# -- 4. what the proposed fixes would gain ------------------------------------------------------


def what_if(repeats: int, season_repeats: int, work: Path) -> dict[str, Any]:
    """The same commands with one proposed fix applied from outside, set against the same floors.

    These are not the shipped program: ``benchmarks/whatif.py`` wraps the CLI and applies one
    fix (skip the interpreter's teardown; no cyclic GC while the season is read), to show what
    each fix is worth before anyone changes the code.
    """
    print(f"\n4. What the proposed fixes would gain (what-if wrappers, {repeats} runs each)")
    py, ts = proc.python(), proc.script("tarockscore")
    floor = Series("floor", [py, "-c", FLOOR_IMPORTS])
    score = Series("score", [ts, "score", str(EXAMPLE)])
    whatif = str(Path(__file__).parent / "whatif.py")
    no_teardown = Series("score, teardown skipped", [py, whatif, "no-teardown", "score", str(EXAMPLE)])
    proc.interleave([floor, score, no_teardown], repeats)
    rows = [describe(floor), describe(score, floor), describe(no_teardown, floor)]
    show(rows)
    out: dict[str, Any] = {"table": rows}
    single = next(work.glob("single-*.toml"), None)
    if single is not None:
        floor_script = str(Path(__file__).parent / "parse_floor.py")
        f1 = Series("floor", [py, floor_script, str(single)])
        chk = Series("check", [ts, "check", "--ledger", str(single)])
        chk_gc = Series("check, no cyclic GC", [py, whatif, "no-gc", "check", "--ledger", str(single)])
        folder = work / "season"
        f2 = Series("floor", [py, floor_script, str(folder)])
        st_ = Series("season", [ts, "season", str(folder)])
        st_gc = Series("season, no cyclic GC", [py, whatif, "no-gc", "season", str(folder)])
        rs = Series("season --rescore", [ts, "season", "--rescore", "koenigrufen", str(folder)])
        rs_gc = Series(
            "season --rescore, no cyclic GC",
            [py, whatif, "no-gc", "season", "--rescore", "koenigrufen", str(folder)],
        )
        proc.interleave([f1, chk, chk_gc], season_repeats)
        print(f"  one ledger of {single.stem.split('-')[-1]} hands:")
        rows1 = [describe(f1), describe(chk, f1), describe(chk_gc, f1)]
        show(rows1)
        proc.interleave([f2, st_, st_gc, rs, rs_gc], season_repeats)
        print("  the season folder:")
        rows2 = [describe(f2), describe(st_, f2), describe(st_gc, f2), describe(rs, f2), describe(rs_gc, f2)]
        show(rows2)
        out["single"] = rows1
        out["season"] = rows2
    return out


# -- main -------------------------------------------------------------------------------------


def markdown(results: dict[str, Any]) -> str:
    """The figures as Markdown tables, for benchmarks/README.md."""
    lines = [
        f"Run {results['date']} on {results['cores']} cores ({results['machine']}), Python {results['python']}."
    ]
    lines.append(
        f"Command: `{results['command']}`. Bytecode compiled first (`python -m compileall -q tarockscore`)."
    )
    lines.append("")

    def table(rows: list[dict[str, Any]], hands: int | None = None) -> None:
        head = "| command | median | IQR | CPU | peak memory | × floor | CPU × floor |" + (
            " hands/s |" if hands else ""
        )
        lines.append(head)
        lines.append("|---|---:|---:|---:|---:|---:|---:|" + ("---:|" if hands else ""))
        for r in rows:
            lo, hi = r["iqr_s"]
            ratio = f"×{r['ratio']:.2f}" if "ratio" in r else "—"
            cpu = ms(r["cpu_s"]) if "cpu_s" in r else "—"
            cpu_ratio = f"×{r['cpu_ratio']:.2f}" if "cpu_ratio" in r else "—"
            rate = (
                f" {hands / r['median_s']:,.0f} |"
                if hands and r["name"] != "floor"
                else (" — |" if hands else "")
            )
            lines.append(
                f"| `{r['command']}` | {ms(r['median_s'])} | {ms(lo)}–{ms(hi)} | {cpu} | {r['peak_mib']:.1f} MiB | {ratio} | {cpu_ratio} |{rate}"
            )
        lines.append("")

    if "table" in results:
        lines.append("### Answer at the table")
        lines.append("")
        table(results["table"]["rows"])
    if "season" in results:
        s = results["season"]
        lines.append(f"### A season: {s['many']['ledgers']:,} ledgers, {s['many']['hands']:,} hands")
        lines.append("")
        table(s["many"]["rows"], s["many"]["hands"])
        lines.append(f"### One ledger of {s['single']['hands']:,} hands")
        lines.append("")
        table(s["single"]["rows"], s["single"]["hands"])
    if "growth" in results:
        lines.append("### Growth: record one hand")
        lines.append("")
        lines.append("| hands in the ledger | file size | median | IQR | peak memory |")
        lines.append("|---:|---:|---:|---:|---:|")
        for r in results["growth"]["rows"]:
            lo, hi = r["iqr_s"]
            lines.append(
                f"| {r['hands']:,} | {r['bytes'] / 1024:,.0f} KiB | {ms(r['median_s'])} | {ms(lo)}–{ms(hi)} | {r['peak_mib']:.1f} MiB |"
            )
        lines.append("")
    if "whatif" in results:
        w = results["whatif"]
        lines.append("### What the proposed fixes would gain (what-if wrappers, not the shipped code)")
        lines.append("")
        table(w["table"])
        if "single" in w:
            table(w["single"])
            table(w["season"])
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="A smoke run: small data, few repeats.")
    parser.add_argument(
        "--only",
        choices=["table", "season", "growth", "whatif"],
        action="append",
        help="Run only these parts.",
    )
    parser.add_argument("--repeats", type=int, help="Runs per command at the table (default 40; --quick 5).")
    args = parser.parse_args()

    quick = args.quick
    repeats = args.repeats or (5 if quick else 40)
    season_repeats = 2 if quick else 5
    ledgers, hands, big = (20, 40, 300) if quick else (1_000, 40, 300)
    sizes = [20, 60, 100, 300]
    parts = args.only or ["table", "season", "growth", "whatif"]

    work = OUT / ("quick" if quick else "full")
    work.mkdir(parents=True, exist_ok=True)
    compileall.compile_dir(str(ROOT / "tarockscore"), quiet=1)
    results: dict[str, Any] = {
        "date": dt.datetime.now().astimezone().isoformat(timespec="minutes"),
        "cores": os.cpu_count(),
        "machine": f"{platform.system()} {platform.machine()}",
        "python": platform.python_version(),
        "command": "python benchmarks/bench.py" + (" --quick" if quick else ""),
        "bytecode": "compiled first (python -m compileall -q tarockscore)",
    }
    print(
        f"tarockscore benchmarks, {results['date']}, {results['cores']} cores, Python {results['python']}"
        f"{' (quick)' if quick else ''}; bytecode compiled first (compileall), as pip install does"
    )
    if "table" in parts:
        results["table"] = at_the_table(repeats, work)
    if "season" in parts:
        results["season"] = a_season(season_repeats, work, ledgers, hands, big)
    if "growth" in parts:
        results["growth"] = growth(season_repeats, work, sizes)
    if "whatif" in parts:
        results["whatif"] = what_if(repeats, max(2, season_repeats - 2), work)
    # A partial run (--only) keeps the other parts' figures from the last run, each with its date.
    saved = work / "results.json"
    previous = json.loads(saved.read_text(encoding="utf-8")) if saved.exists() else {}
    for part in ("table", "season", "growth", "whatif"):
        if part in results:
            results[part]["date"] = results["date"]
        elif part in previous:
            results[part] = previous[part]
    saved.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    (work / "figures.md").write_text(markdown(results) + "\n", encoding="utf-8")
    print(f"\nfigures written to {(work / 'figures.md').relative_to(ROOT)} and results.json")


if __name__ == "__main__":
    main()
