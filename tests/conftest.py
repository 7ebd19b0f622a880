"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Figures a test wants the reader to see (e.g. how many fuzz inputs were tried).
SUMMARY_LINES: list[str] = []


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in SUMMARY_LINES:
        terminalreporter.write_line(line)


@pytest.fixture
def root() -> Path:
    return ROOT
