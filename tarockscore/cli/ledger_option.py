"""The ``--ledger`` option: its declaration, the file it names, else its fallbacks; and the time
a change (to a ledger, or to a tournament's files) is stamped with (CLI layer).

The I/O layer reads and writes the ledger at a path it is given; which path a command means is
the command line's: the option, else the environment variable, else the default file. The clock
is the command line's too: the ledger's operations take the moment they record as a value.
"""

import os
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer

from tarockscore.errors import N_, UsageError

LEDGER_ENV = "TAROCKSCORE_LEDGER"
DEFAULT_LEDGER = "tarock-ledger.toml"

LedgerOpt = Annotated[
    str | None,
    typer.Option(
        "--ledger",
        "-l",
        help="The ledger file; default $TAROCKSCORE_LEDGER, else tarock-ledger.toml in this folder.",
        show_default=False,
    ),
]


def now() -> str:
    """The moment a change is stamped with: the local time, to the second, with its UTC offset."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def ledger_path_of(option: str | None) -> Path:
    """``--ledger``, else ``$TAROCKSCORE_LEDGER``, else ``tarock-ledger.toml`` in the current folder.

    An empty ``--ledger ""`` is refused (it would silently mean the default ledger); an empty
    ``$TAROCKSCORE_LEDGER`` counts as unset, as the shell's convention has it.
    """
    if option is not None:
        if not option.strip():
            raise UsageError(
                N_("{option!r} is empty; give the ledger's file name, or leave the option out"),
                option=option,
                where="--ledger",
            )
        return Path(option)
    return Path(os.environ.get(LEDGER_ENV) or DEFAULT_LEDGER)
