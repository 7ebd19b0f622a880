"""The console script's first step (CLI layer): Ctrl-C while the program is still starting.

Importing the command line (Typer, the commands) takes a few dozen milliseconds; a Ctrl-C in
that time would print Python's traceback. This module imports nothing but ``os``, so the
interrupt is caught from the first line of the program on, and the program leaves quietly with
exit code 130 (128 + SIGINT, the shell's convention), as it does when interrupted later.
"""

from __future__ import annotations

import os


def main() -> None:
    try:
        from tarockscore.cli.app import main as run  # noqa: PLC0415 - Ctrl-C during start-up is caught here
    except KeyboardInterrupt:
        os._exit(130)  # tarockscore.errors.INTERRUPTED; this module imports nothing of its own
    run()
