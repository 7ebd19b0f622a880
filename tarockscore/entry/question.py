"""One question of the guided entry as a value, and its answer (entry layer, pure).

A question is what any front end shows: its key, its text and the summary's label, its choices
in the profile's and the players' words, its default, whether it may be left empty. The terminal
prints it as a prompt; a web form draws it as a field.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from tarockscore.i18n import _
from tarockscore.rules.hand import render_points

# An answer as the flow holds it: a choice's value, yes or no, card points.
Answer = str | bool | Fraction

# The partner's answer when no player holds the called King. A player's name never holds a
# control character, so these never stand for a player.
TALON = "\x00talon"
OWN = "\x00own"
NONE = ""  # no Kontra said; no further bonus
# The key of "was it their Valat?", asked where the card points prove one side took every trick.
VALAT_PROVEN = "valat"


class Kind(Enum):
    CHOICE = "choice"
    YES_NO = "yes/no"
    POINTS = "points"


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a question offers: the value it stands for, as shown, and the words that pick it."""

    value: str
    label: str
    number: int | None = None  # players keep their seat's number, hand after hand
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Question:
    """A question of one hand; ``key`` names its answer ("contract", "partner", "bonus:1:made")."""

    key: str
    text: str
    kind: Kind
    line: str  # the summary's label for the answer
    choices: tuple[Choice, ...] = ()
    default: Answer | None = None
    most: Fraction | None = None  # POINTS: the most that can be given

    @property
    def may_skip(self) -> bool:
        """Whether an empty answer is taken (as the default); else an answer is needed."""
        return self.default is not None

    def accepts(self, value: Answer | None) -> bool:
        """Whether ``value`` is still an answer to this question (answers before it may have changed)."""
        if self.kind is Kind.CHOICE:
            return isinstance(value, str) and any(c.value == value for c in self.choices)
        if self.kind is Kind.YES_NO:
            return isinstance(value, bool)
        return isinstance(value, Fraction) and self.most is not None and 0 <= value <= self.most

    def with_default(self, old: Answer | None) -> Question:
        """This question with ``old`` (an answer given before) as its default, while it still answers it."""
        return replace(self, default=old) if old is not None and self.accepts(old) else self

    def shown(self, value: Answer) -> str:
        """An answer as the prompt and the summary show it."""
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, Fraction):
            return str(render_points(value))
        return next((c.label for c in self.choices if c.value == value), value)


class Refused(Exception):
    """A typed answer that is no answer to the question; ``args[0]`` says why, to the reader."""


class AskAgain(Refused):
    """An answer that says an earlier answer is wrong: ``args[0]`` says why, ``args[1]`` is the key
    of the earlier question, to be asked again."""
