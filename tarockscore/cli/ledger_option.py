"""The ``--ledger`` option: the file it names, else its fallbacks (CLI layer).

The I/O layer reads and writes the ledger at a path it is given; which path a command means is
the command line's: the option, else the environment variable, else the default file.
"""

from __future__ import annotations

import os
from pathlib import Path

from tarockscore.errors import N_, UsageError

LEDGER_ENV = "TAROCKSCORE_LEDGER"
DEFAULT_LEDGER = "tarock-ledger.toml"


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
