"""How names are matched: the players' own spelling, in any case (core layer, pure).

A table writes "Solo-Dreier", "solodreier" or "Solo Dreier", "König ultimo" or "koenig_ultimo",
"ANNA" or "Anna". Contract, bonus and Kontra names are compared by their *folded* form: case
dropped, ä ö ü ß written ae oe ue ss, and spaces, hyphens and underscores left out. Player names
are compared without regard to case only: "Anna" and "ANNA" are one player, and a table where two
names differ only by case is refused when it is set.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, cast

from tarockscore.rules.hand import HandInput

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", " ": None, "-": None, "_": None})


def fold(name: str) -> str:
    """The form two spellings of one contract, bonus or Kontra step share: ``Solo-Dreier`` → ``solodreier``."""
    return name.casefold().translate(_FOLD)


def player_key(name: str) -> str:
    """The form two spellings of one player share: the name without regard to case."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def same_but_case(names: Iterable[str]) -> list[str]:
    """The names that another name of ``names`` repeats without regard to case (sorted)."""
    seen: dict[str, str] = {}
    clashes: set[str] = set()
    for name in names:
        key = player_key(name)
        if key in seen and seen[key] != name:
            clashes.update((seen[key], name))
        seen.setdefault(key, name)
    return sorted(clashes)


def at_table(given: str, players: Sequence[str]) -> str:
    """The table's own spelling of ``given`` when one player matches it in any case, else ``given``."""
    if given in players:
        return given
    key = player_key(given)
    matches = [p for p in players if player_key(p) == key]
    return matches[0] if len(matches) == 1 else given


def seat_names(data: HandInput, players: Sequence[str]) -> HandInput:
    """``data`` with every player it names (declarer, partner, renonce, the players of a
    Trischaken's card points and of contra ad personam) in the table's spelling of ``players``.

    Returns ``data`` itself when nothing changes (the common case: stored hands are canonical).
    """
    if not players:
        return data
    changed: dict[str, Any] = {}
    for key in ("declarer", "partner", "renonce"):
        value = data.get(key)
        if isinstance(value, str) and value not in players:
            named = at_table(value, players)
            if named != value:
                changed[key] = named
    for key in ("card_points", "kontra"):
        value = data.get(key)
        if isinstance(value, dict) and any(k not in players for k in value):
            renamed = {at_table(k, players): v for k, v in value.items()}
            if len(renamed) == len(value):  # two spellings of one player stay apart, and are reported
                changed[key] = renamed
    return cast(HandInput, {**data, **changed}) if changed else data
