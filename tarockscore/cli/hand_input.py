"""A hand as the user gives it: a hand file, standard input, or the short command-line form."""

from __future__ import annotations

from typing import Any

from tarockscore.cli.shortform import hand_from_options
from tarockscore.errors import N_, UsageError
from tarockscore.files.hand_file import read_hand_mapping


def _any_short(values: dict[str, Any]) -> bool:
    return any(v not in (None, False, []) for v in values.values())


def read_hand_or_short(hand_file: str | None, short: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A hand from a file (or stdin) or from the short command-line form, never both."""
    if hand_file is not None:
        if _any_short(short):
            raise UsageError(N_("give either a hand file or the hand's options, not both"))
        return read_hand_mapping(hand_file)
    if not _any_short(short):
        raise UsageError(N_("give a hand file (or - for stdin), or the hand's options: see --help"))
    options = dict(short)
    options["bonuses"] = options.pop("bonus")
    return hand_from_options(**options), "command line"
