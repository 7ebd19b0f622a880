"""The table's words for yes, no and back, in English and in German whatever the language of
the run (entry layer, pure): ``y``, ``yes``, ``j``, ``ja``; ``n``, ``no``, ``nein``; ``back``,
``zurück``, ``<``; in any case.

A front end's other yes-or-no questions ("Delete hand 3?") take these too.
"""

from __future__ import annotations

from tarockscore.i18n import _
from tarockscore.rules.words import fold

YES_WORDS = frozenset({"y", "yes", "j", "ja"})
NO_WORDS = frozenset({"n", "no", "nein"})
BACK_WORDS = frozenset({"back", "zurueck", "<"})  # folded: "zurück" is "zurueck"


def yes_or_no(word: str) -> bool | None:
    """True for a yes, False for a no (folded words, or the run's own y and n), else None."""
    word = fold(word.strip())
    if word in YES_WORDS or word == fold(_("y")):
        return True
    if word in NO_WORDS or word == fold(_("n")):
        return False
    return None


def is_back(text: str) -> bool:
    """Whether the answer asks to go back to the question before."""
    return fold(text.strip()) in BACK_WORDS
