"""What a TOML file plainly is, by its top-level keys, and the file problems that have a way out (I/O layer)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tarockscore.errors import N_, Message, message
from tarockscore.evening.codec import PROFILE_DAMAGED as PROFILE_DAMAGED  # the stored profile's problems,
from tarockscore.evening.codec import PROFILE_EDITED as PROFILE_EDITED  # said by the core
from tarockscore.evening.codec import PROFILE_RENAMED as PROFILE_RENAMED
from tarockscore.evening.codec import PROFILE_UNPINNED as PROFILE_UNPINNED
from tarockscore.evening.codec import PROFILE_UNREADABLE as PROFILE_UNREADABLE

# -- kinds -----------------------------------------------------------------------------------------

LEDGER = "ledger"
PROFILE = "profile"
HAND = "hand"
ALIAS = "alias"

_PROFILE_KEYS = ("extends", "game", "contracts", "settlement", "bonus_rules", "valat", "trischaken")
_HAND_KEYS = ("contract", "declarer", "partner", "card_points", "won")

# Each kind as a message names it: "this is {a kind}".
_NAMED: dict[str, Message] = {
    LEDGER: message(N_("a ledger (an evening's hands)")),
    PROFILE: message(N_("a profile")),
    HAND: message(N_("a hand file")),
    ALIAS: message(N_("an alias file")),
}


def _is(data: Mapping[str, object], kind: str) -> bool:
    if kind == LEDGER:
        return isinstance(data.get("table"), dict) and isinstance(data.get("profile"), dict)
    if kind == PROFILE:
        return any(key in data for key in _PROFILE_KEYS)
    if kind == HAND:
        return any(key in data for key in _HAND_KEYS)
    return isinstance(data.get("aliases"), dict)


def other_kind(data: Mapping[str, object], expected: str) -> Message | None:
    """What the file is, named for a message, when it is plainly of another kind than ``expected``:
    it has none of ``expected``'s own keys (a damaged file of that kind is its reader's to report)."""
    if _is(data, expected):
        return None
    for kind in (LEDGER, PROFILE, HAND, ALIAS):
        if _is(data, kind):
            return _NAMED[kind]
    return None


# The first line of every ledger tarockscore writes (evening.log), and the first line of a
# TOML document that is neither blank nor a comment: a key and its '=', or a table's header.
LEDGER_MARK = b"kept by tarockscore"
_KEY = rb"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
_DOTTED = _KEY + rb"(?:[ \t]*\.[ \t]*" + _KEY + rb")*"
_TOML_START = re.compile(
    rb"[ \t]*(?:" + _DOTTED + rb"[ \t]*=|\[\[?[ \t]*" + _DOTTED + rb"[ \t]*\]\]?[ \t]*(?:#|\r?$))"
)


def starts_as_toml(head: bytes) -> bool:
    """Whether a file beginning with ``head`` is a ledger or another TOML document, however long it
    is: the ledger's own first line, or a first line that is TOML (blank lines and comments skipped)."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    first, _, _ = head.partition(b"\n")
    if LEDGER_MARK in first:
        return True
    for line in head.split(b"\n"):
        text = line.strip()
        if text and not text.startswith(b"#"):
            return _TOML_START.match(line) is not None
    return False


# -- the file problems that have a way out at the command line (cli/group.py says each) --------

# no file at the ledger's path (values: path)
NO_LEDGER = N_("{path}: no ledger here")
# a new evening refused: one is kept at that path already (values: path)
LEDGER_EXISTS = N_("{path} already exists: an evening is kept there; nothing was written")
# the last problem of a ledger whose digest does not match (values: name, the ledger's path)
LEDGER_CHANGED = N_("the ledger was changed outside tarockscore, so it is not used and nothing was written")
# no tournament at a folder (values: folder; path, folder)
NO_TOURNAMENT_FOLDER = N_("{folder}: no tournament here: no such folder")
NO_TOURNAMENT = N_("{path}: no tournament here")
# a day kept by tarockscore 0.1 to 0.3, before the day's log (values: path, folder)
OLD_DAY = N_(
    "{path}: a day kept by an earlier tarockscore, 0.3 or before (tournament = 1, before the day's log): convert it first (the old file is kept as tournament.toml.bak). Nothing was used"
)
# a table's ledger in a tournament that fails its own check, read for the standings or for the
# day's money (values: value, path)
SHEET_FAILS_CHECK = N_("{value}: this table's sheet fails its own check; the standings need every table")
SHEET_FAILS_CHECK_MONEY = N_(
    "{value}: this table's sheet fails its own check; the day's money needs every table"
)
# a ledger of schema 1, which only `upgrade` reads (values: path)
OLD_LEDGER = N_(
    "{path}: a ledger of schema 1, as tarockscore wrote it before 0.2.0; this version reads the current format only, so nothing was read or written: convert it first"
)

WAYS_OUT = (
    NO_LEDGER,
    LEDGER_EXISTS,
    LEDGER_CHANGED,
    NO_TOURNAMENT_FOLDER,
    NO_TOURNAMENT,
    OLD_DAY,
    SHEET_FAILS_CHECK,
    SHEET_FAILS_CHECK_MONEY,
    OLD_LEDGER,
    # the stored profile's problems, said by the core
    PROFILE_DAMAGED,
    PROFILE_EDITED,
    PROFILE_RENAMED,
    PROFILE_UNPINNED,
    PROFILE_UNREADABLE,
)
