"""The console script's first step (CLI layer): Ctrl-C while the program is still starting, and
output the terminal's encoding cannot hold.

Importing the command line (Typer, the commands) takes a few dozen milliseconds; a Ctrl-C in
that time would print Python's traceback. This module imports nothing but ``gc``, ``os`` and
``sys``, so the interrupt is caught from the first line of the program on, and the program leaves
quietly with exit code 130 (128 + SIGINT, the shell's convention), as it does when interrupted later.

A terminal whose encoding cannot hold a character the program prints (``PYTHONIOENCODING=ascii``
and a player named José, the euro sign under latin-1) gets that character escaped (``\\xe9``,
``\\u20ac``) instead of an error after a hand was already saved: exit 1 must keep meaning that
nothing was written.

The cyclic garbage collector is switched off before that import (see ``cli.shell.app.main``): the
imports alone would otherwise run it dozens of times over objects that all live to the end.
"""

from __future__ import annotations

import gc
import os
import sys


def show_what_it_can() -> None:
    """Standard output and standard error escape what their encoding cannot hold; set once, here."""
    for stream in (sys.stdout, sys.stderr):
        # None: closed when the program started; a strict stream is the one that fails mid-way
        if stream is not None and getattr(stream, "errors", None) == "strict":
            try:
                stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
            except (AttributeError, ValueError, OSError):  # not a TextIOWrapper, or closed
                pass


def main() -> None:
    gc.disable()
    show_what_it_can()
    try:
        from tarockscore.cli.shell.app import main as run  # noqa: PLC0415 - Ctrl-C during start-up is caught here
    except KeyboardInterrupt:
        os._exit(130)  # tarockscore.errors.INTERRUPTED; this module imports nothing of its own
    run()
