"""Run whole processes and measure them: wall time, CPU time and the child's own peak memory.

Each timed run is one ``posix_spawn`` followed by ``os.wait4``, the wall time taken around both.
The CPU time (user and system) is the one ``wait4`` reports: the command's own and that of every
process it waited for, so a command that parses on a second core is charged for both cores.

Peak memory is measured in separate runs. Linux carries a process's high-water mark across
``exec`` from the memory it had before (for a spawned child: its parent's), so a child spawned
straight from this benchmark, which holds generated ledgers, would report the benchmark's own
size. Instead a small launcher (``python -S``, about 9 MiB, below any command measured here)
spawns the command and reports ``ru_maxrss`` from ``wait4``: the peak resident set of exactly
that child (KiB on Linux).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Run:
    seconds: float
    cpu: float = 0.0


@dataclass
class Series:
    """Repeated runs of one command."""

    name: str
    argv: list[str]
    runs: list[Run] = field(default_factory=list)
    maxrss_kib: list[int] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(r.seconds for r in self.runs)

    @property
    def cpu_median(self) -> float:
        return statistics.median(r.cpu for r in self.runs)

    @property
    def peak_mib(self) -> float:
        return max(self.maxrss_kib) / 1024 if self.maxrss_kib else float("nan")

    @property
    def spread(self) -> tuple[float, float]:
        """Lower and upper quartile, to show how noisy the machine was."""
        times = sorted(r.seconds for r in self.runs)
        if len(times) < 4:
            return times[0], times[-1]
        q = statistics.quantiles(times, n=4)
        return q[0], q[2]


class CommandFailed(RuntimeError):
    pass


def run_once(
    argv: Sequence[str],
    *,
    cwd: Path | None = None,
    stdin: Path | None = None,
    env: dict[str, str] | None = None,
) -> Run:
    """Spawn ``argv`` with stdout and stderr to /dev/null; its wall and CPU time."""
    actions: list[tuple[int, ...] | tuple[int, int, str, int, int]] = [
        (os.POSIX_SPAWN_OPEN, 0, str(stdin) if stdin else os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(
            argv[0], list(argv), env if env is not None else dict(os.environ), file_actions=actions
        )
        _, status, usage = os.wait4(pid, 0)
        seconds = time.perf_counter() - start
    finally:
        os.chdir(old)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise CommandFailed(f"{' '.join(argv)} exited {code}")
    return Run(seconds, usage.ru_utime + usage.ru_stime)


_LAUNCHER = """
import os, sys
devnull = os.open(os.devnull, os.O_RDWR)
pid = os.fork()
if pid == 0:
    os.dup2(devnull, 0); os.dup2(devnull, 1); os.dup2(devnull, 2)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss, usage.ru_utime + usage.ru_stime)
"""


def measure(argv: Sequence[str], env: dict[str, str] | None = None) -> tuple[int, float]:
    """The command's peak resident set in KiB and its CPU seconds, spawned from a small launcher
    (see above)."""
    import subprocess

    out = subprocess.run(
        [sys.executable, "-S", "-c", _LAUNCHER, *argv], capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    if out[0] != "0":
        raise CommandFailed(f"{' '.join(argv)} exited {out[0]}")
    return int(out[1]), float(out[2])


def peak_memory(argv: Sequence[str], env: dict[str, str] | None = None) -> int:
    """The command's peak resident set in KiB (:func:`measure`)."""
    return measure(argv, env)[0]


def interleave(
    series: Sequence[Series],
    repeats: int,
    *,
    before: Callable[[Series], None] | None = None,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    memory: bool = True,
) -> None:
    """Run every series ``repeats`` times, taking turns, so that noise hits all of them alike.

    The order inside a round rotates, so no command always runs right after another one.
    ``before`` runs untimed ahead of each run (e.g. to put a fresh copy of a ledger in place).
    With ``memory``, two more runs of each series measure its peak memory.
    """
    for i in range(repeats):
        k = i % len(series)
        for s in [*series[k:], *series[:k]]:
            if before is not None:
                before(s)
            s.runs.append(run_once(s.argv, cwd=cwd, env=env))
    if not memory:
        return
    for s in series:
        for _ in range(2):
            if before is not None:
                before(s)
            s.maxrss_kib.append(peak_memory(s.argv, env))


def home_env(work: Path) -> dict[str, str]:
    """The environment of a run with ``$HOME`` a folder of its own (emptied before each run by
    :func:`fresh_home`), no ``TAROCKSCORE_*`` or ``XDG_*`` variable, and bytecode written and read
    as an installed program does (no ``PYTHONDONTWRITEBYTECODE``: a run that compiles every module
    it imports would count the compiler)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TAROCKSCORE", "XDG_")) and k != "PYTHONDONTWRITEBYTECODE"
    }
    env["HOME"] = str(work / "home")
    return env


def fresh_home(work: Path) -> None:
    """An empty ``$HOME`` for the next run (:func:`home_env`); a run before that left anything in
    it (no command may write outside the ledger's folder) stops the benchmark."""
    import shutil

    home = work / "home"
    if home.is_dir() and (left := sorted(str(p.relative_to(home)) for p in home.rglob("*"))):
        raise CommandFailed(f"a command wrote into $HOME: {left[:5]}")
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)


def python() -> str:
    return sys.executable


def script(name: str) -> str:
    """A console script installed beside this interpreter (what a user runs)."""
    path = Path(sys.executable).parent / name
    if not path.exists():
        raise SystemExit(f"{path} is missing: install the project first (pip install -e .)")
    return str(path)
