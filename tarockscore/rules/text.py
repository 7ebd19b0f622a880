"""Text a user or a file supplies: names, places, titles, dates (core layer, pure).

One set of rules for every way in. A name typed with ``--players`` and a name read from a
ledger are checked alike (:func:`name_problem`); free text such as ``--place`` and ``--title``
may hold anything printable (:func:`unprintable`); names are compared in Unicode NFC form and
names that differ only by look-alike letters of the Latin, Cyrillic and Greek alphabets are
found (:func:`skeleton`, :func:`look_alikes`). Dates are ISO ``YYYY-MM-DD`` only (:func:`iso_date`).
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable

from tarockscore.errors import N_, message

# Characters that mean something on the command line or in the short form of a hand.
NAME_FORBIDDEN = ",=;"
MAX_NAME = 40
MAX_TEXT = 200


# The spaces of Unicode (category Zs): what may stand around a name and is dropped. Python's
# str.strip() drops line and paragraph separators, tabs and other control characters too, which
# would cut a U+2028 off the end of a name that is refused with it inside.
SPACES = " \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"


def strip_spaces(text: str) -> str:
    """``text`` without the spaces around it; every other character stays, to be checked."""
    return text.strip(SPACES)


def nfc(text: str) -> str:
    """The text in Unicode NFC form: "é" typed as e + a combining accent reads as one "é"."""
    return unicodedata.normalize("NFC", text)


def clean_name(text: str) -> str:
    """A name as the ledger keeps it: without the spaces around it, composed (NFC)."""
    return nfc(strip_spaces(text))


def describe(ch: str) -> str:
    """A character as a user can look it up: ``U+202E (RIGHT-TO-LEFT OVERRIDE)``."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def unprintable(text: str) -> str | None:
    """The first character a terminal would not simply show (a control character, an escape,
    a line break, a bidirectional override, an unassigned code point), described; or None.

    Spaces of every kind count as printable.
    """
    if text.isprintable():  # the common case, in one pass in C
        return None
    for ch in text:
        if not ch.isprintable() and unicodedata.category(ch) != "Zs":
            return describe(ch)
    return None


def text_problem(text: str, *, limit: int = MAX_TEXT) -> str | None:
    """Why free text (a place, a title) cannot be taken, or None."""
    if not text.strip():
        return message(N_("empty; leave the option out instead"))
    bad = unprintable(text)
    if bad is not None:
        return message(
            N_("holds {character}, which a terminal does not show as text; write plain text"), character=bad
        )
    if len(text) > limit:
        return message(N_("{length} characters; at most {limit}"), length=len(text), limit=limit)
    return None


def name_problem(name: str) -> str | None:
    """Why a player's name cannot be taken, or None: the same rule for typed and stored names."""
    bad = unprintable(name)  # first: a line separator at the end is named, not taken for a space
    if bad is not None:
        return message(N_("a name cannot hold {character}"), character=bad)
    if not name or name != name.strip():
        return message(N_("a name cannot be empty or start or end with a space"))
    if any(c in name for c in NAME_FORBIDDEN):
        return message(N_("a name cannot hold a comma, '=' or ';'"))
    if len(name) > MAX_NAME:
        return message(N_("a name has at most {limit} characters"), limit=MAX_NAME)
    return None


# Letters of the Cyrillic and Greek alphabets that look like Latin ones in common fonts
# (after case folding); from the Unicode confusables list (https://www.unicode.org/Public/security/latest/confusables.txt).
_LOOK_ALIKE = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "һ": "h",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "ѕ": "s",
        "т": "t",
        "у": "y",
        "х": "x",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ѵ": "v",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "ζ": "z",
    }
)


def skeleton(name: str) -> str:
    """The name as it looks: case folded, NFC, look-alike Cyrillic and Greek letters read as Latin."""
    return nfc(name.casefold()).translate(_LOOK_ALIKE)


def _scripts(name: str) -> set[str]:
    out = set()
    for ch in name:
        if ch.isalpha():
            out.add(unicodedata.name(ch, "?").split(" ")[0])
    return out & {"LATIN", "CYRILLIC", "GREEK"}


# The alphabets a name can mix, as a reader calls them.
_SCRIPTS = {"CYRILLIC": N_("Cyrillic"), "GREEK": N_("Greek"), "LATIN": N_("Latin")}


def look_alikes(names: Iterable[str]) -> list[str]:
    """Warnings for names that look the same but are spelt with letters of different alphabets,
    and for a name that mixes Latin with Cyrillic or Greek letters."""
    out: list[str] = []
    seen: dict[str, str] = {}
    for name in names:
        mixed = _scripts(name)
        if len(mixed) > 1:
            first, *rest = (message(_SCRIPTS[s]) for s in sorted(mixed))
            scripts: str = first
            for script in rest:  # "Cyrillic and Latin", in the reader's language
                scripts = message(N_("{names} and {last}"), names=scripts, last=script)
            out.append(message(N_("{name!r} mixes {scripts} letters"), name=name, scripts=scripts))
        key = skeleton(name)
        other = seen.get(key)
        if other is not None and other != name and other.casefold() != name.casefold():
            out.append(
                message(
                    N_(
                        "{other!r} and {name!r} look alike but are spelt with different letters (Latin, Cyrillic or Greek): are they one player?"
                    ),
                    other=other,
                    name=name,
                )
            )
        seen.setdefault(key, name)
    return out


# Compiled on first use (through re's own cache), not at import: `score` checks no date.
_ISO_DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
# What tarockscore writes: datetime.isoformat(timespec="seconds") with the UTC offset.
_ISO_STAMP = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:[+-][0-9]{2}:[0-9]{2}|Z)?"


def iso_date(text: str) -> bool:
    """Whether ``text`` is a calendar date written ``YYYY-MM-DD`` (ASCII digits, a real day).

    ``20250314``, ISO week dates (``2025-W11-5``) and ordinal dates are not taken: Python's
    ``date.fromisoformat`` accepts them, a table's ledger should not.
    """
    if not re.fullmatch(_ISO_DATE, text):
        return False
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def iso_timestamp(text: str) -> bool:
    """Whether ``text`` is a moment written ``YYYY-MM-DDTHH:MM:SS`` with an optional UTC offset."""
    if not re.fullmatch(_ISO_STAMP, text):
        return False
    try:
        dt.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True
