"""The console script's first step (CLI layer): Ctrl-C while the program is still starting.

Importing the command line (Typer, the commands) takes a few dozen milliseconds; a Ctrl-C in
that time would print Python's traceback. This module imports nothing but ``gc`` and ``os``, so
the interrupt is caught from the first line of the program on, and the program leaves quietly
with exit code 130 (128 + SIGINT, the shell's convention), as it does when interrupted later.

The cyclic garbage collector is switched off before that import (see ``cli.shell.app.main``): the
imports alone would otherwise run it dozens of times over objects that all live to the end.
"""

from __future__ import annotations

import gc
import os


def main() -> None:
    gc.disable()
    try:
        from tarockscore.cli.shell.app import main as run  # noqa: PLC0415 - Ctrl-C during start-up is caught here
    except KeyboardInterrupt:
        os._exit(130)  # tarockscore.errors.INTERRUPTED; this module imports nothing of its own
    run()
