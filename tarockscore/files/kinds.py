"""What a TOML file plainly is, by its top-level keys (I/O layer): a ledger, a profile, a hand
file or an alias file.

Every reader of one kind asks this of the file it parsed, so a file given in the place of another
(a ledger as a hand file, a profile as a ledger, a hand file as a profile) is named for what it is
in one short line, instead of as every key the reader did not expect.

Each kind is known by keys only it has at the top: a ledger by its ``[table]`` with its hands,
profile or digest; a profile by the tables of its rules (or ``extends``); a hand by its contract,
declarer or card points; an alias file by its ``[aliases]`` table. A file with none of them is no
kind in particular: its own reader reports what is wrong with it.

A file too large to parse whole at a glance (a long evening's ledger) is known by its beginning:
the line tarockscore writes at the top of every ledger, or a first line that only TOML begins with
(``key = …`` or a ``[table]``), which no page, picture or table of values a command writes has.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from tarockscore.errors import N_, Message, message

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
        return isinstance(data.get("table"), dict) and (
            "digest" in data or isinstance(data.get("hand"), list) or isinstance(data.get("profile"), dict)
        )
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


# The first line of every ledger tarockscore writes (files.ledger_log), and the first line of a
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
