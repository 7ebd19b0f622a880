"""Shared test helpers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The tests read English: the machine's locale must not leak into them (subprocesses included).
# Tests of the German text set the language themselves.
for _var in ("TAROCKSCORE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A command run in German must not leave the next test speaking German."""
    yield
    from tarockscore import i18n

    i18n.reset()


# Figures a test wants the reader to see (e.g. how many fuzz inputs were tried). Under
# pytest-xdist each worker process hands its lines to the controller, which prints them all.
SUMMARY_LINES: list[str] = []


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: its lines go back with its results
        workeroutput["summary_lines"] = list(SUMMARY_LINES)


class _WorkerLines:
    """pytest-xdist's controller hook, in its own plugin: pytest refuses a hook it does not know,
    so it is registered only where xdist is loaded (``-p no:xdist`` runs without it)."""

    @staticmethod
    def pytest_testnodedown(node: object, error: object) -> None:
        """A worker finished; keep the lines it sent."""
        SUMMARY_LINES.extend(getattr(node, "workeroutput", {}).get("summary_lines", []))


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_WorkerLines(), "tarockscore-worker-lines")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in SUMMARY_LINES:
        terminalreporter.write_line(line)


@pytest.fixture
def root() -> Path:
    return ROOT
