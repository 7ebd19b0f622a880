"""Reading hand files (I/O layer): a path or ``-`` for standard input, as a hand as given (unchecked).

Only a regular file of at most :data:`safe_io.SMALL_LIMIT` bytes is read (standard input is
read up to the same cap), so a FIFO or ``/dev/zero`` is refused at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from tarockscore.errors import N_, HandError, UnreadableHand
from tarockscore.files import kinds, safe_io
from tarockscore.rules.hand import HandInput


def read_hand_text(source: str) -> tuple[str, str]:
    """The text of a hand file and the name to report problems under."""
    if source == "-":
        data = safe_io.read_stdin("hand", safe_io.SMALL_LIMIT, HandError)
        name = "<stdin>"
    else:
        if not source.strip():
            raise HandError(N_("the hand file's name is empty; give a file, or - for standard input"))
        try:
            data = safe_io.read_regular(Path(source), "hand", safe_io.SMALL_LIMIT, HandError)
        except FileNotFoundError:
            raise UnreadableHand(N_("hand file {source!r} not found"), source=source) from None
        name = source
    return safe_io.decode(data, name, HandError), name


def parse_hand_text(text: str, name: str) -> HandInput:
    if not text.strip():
        raise HandError(N_("{name}: the hand file is empty"), name=name)
    data = safe_io.load_toml(text, name, HandError)
    other = kinds.other_kind(data, kinds.HAND)
    if other is not None:  # a ledger or a profile given for a hand: said in one line, not key by key
        raise HandError(N_("{name}: not a hand file: this is {other}"), name=name, other=other)
    return cast(HandInput, data)  # its keys and values are parse_hand's to check


def read_hand_mapping(source: str) -> tuple[HandInput, str]:
    text, name = read_hand_text(source)
    return parse_hand_text(text, name), name
