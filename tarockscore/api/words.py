"""The players' words as the library reads them: names cleaned as the ledger keeps them, words
matched in any case, money as the table writes it (library layer)."""

from __future__ import annotations

from tarockscore.ledger.settle_up import parse_stake
from tarockscore.rules.names import fold
from tarockscore.rules.text import nfc, strip_spaces

__all__ = ["clean_name", "fold", "parse_stake", "strip_spaces"]


def clean_name(text: str) -> str:
    """A name as the ledger keeps it: spaces at either end and runs of spaces reduced, composed (NFC)."""
    return nfc(strip_spaces(text))
