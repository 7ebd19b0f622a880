"""The ``--ledger`` option: its declaration and the evening it names (CLI layer).

Which file an evening is kept in is the library's rule (``tarockscore.find_ledger``: the option,
else ``$TAROCKSCORE_LEDGER``, else ``tarock-ledger.toml`` here); this module declares the option
every evening command shares and words the library's refusal as the option.
"""

from pathlib import Path
from typing import Annotated

import typer

import tarockscore
from tarockscore.cli.shell import warned
from tarockscore.cli.words.fields import as_options
from tarockscore.errors import UsageError

LEDGER_ENV = "TAROCKSCORE_LEDGER"

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
    """The moment a change is stamped with (the library's clock)."""
    return tarockscore.now()


def ledger_path_of(option: str | None) -> Path:
    """The ledger ``--ledger`` names, else its fallbacks; an empty ``--ledger ""`` is refused."""
    try:
        return tarockscore.find_ledger(option)
    except UsageError as exc:
        raise as_options(exc, "ledger") from None


def evening_of(option: str | None) -> "tarockscore.Evening":
    """The evening kept in the ledger ``--ledger`` names, else its fallbacks; its warnings said on stderr."""
    return tarockscore.Evening(ledger_path_of(option), warn=lambda said: warned.say(warned.warning(said)))
