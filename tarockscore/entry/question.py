"""One question of the guided entry as a value, its answer read from what was typed, and the table's words for yes, no and back (entry layer)."""

from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import NamedTuple

from tarockscore import i18n
from tarockscore.errors import Collector, Shown, near_miss
from tarockscore.i18n import _
from tarockscore.rules.hand import render_points
from tarockscore.rules.parse import read_card_points
from tarockscore.rules.profile import Profile
from tarockscore.rules.words import fold

# -- words -----------------------------------------------------------------------------------------

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


# -- question --------------------------------------------------------------------------------------

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


class Choice(NamedTuple):
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

    def with_default(self, old: Answer | None) -> "Question":
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


# -- reading ---------------------------------------------------------------------------------------


def read_answer(question: Question, text: str, profile: Profile) -> Answer:
    """A typed answer to ``question``; an empty one takes its default. Raise :class:`Refused`."""
    text = text.strip()
    if not text:
        if question.default is None:
            raise Refused(_("an answer is needed here; 'back' returns to the question before"))
        return question.default
    if question.kind is Kind.CHOICE:
        return _pick(question, text)
    if question.kind is Kind.YES_NO:
        said = yes_or_no(text)
        if said is not None:
            return said
        raise Refused(_("{answer!r}: answer y or n").format(answer=Shown(text)))
    problems = Collector()
    points = read_card_points("", text, profile, problems)
    if points is None:
        raise Refused("; ".join(p.render(i18n.gettext) for p in problems.problems))
    assert question.most is not None
    if points > question.most:
        raise Refused(
            _("{answer!r} is more than the {most} left of the deck's {total}").format(
                answer=Shown(text),
                most=render_points(question.most),
                total=render_points(profile.game.card_points_total),
            )
        )
    return points


def _pick(question: Question, text: str) -> str:
    """A choice by its number, its name or another of its words, or a unique beginning of one, in any case."""
    if text.isdigit():  # "²" is a digit to isdigit and no number; nor are 5,000 digits one
        number = int(text) if text.isascii() and len(text) <= 6 else None
        for choice in question.choices:
            if choice.number == number:
                return choice.value
        raise Refused(_("{answer!r} is not one of the numbers shown").format(answer=Shown(text)))
    key = fold(text)

    def words(c: Choice) -> list[str]:
        return [fold(w) for w in (c.label, *c.words) if w]

    exact = [c for c in question.choices if key in words(c)]
    if len(exact) == 1:
        return exact[0].value
    starting = [c for c in question.choices if any(w.startswith(key) for w in words(c))]
    if len(starting) == 1:
        return starting[0].value
    if starting:
        raise Refused(
            _("{answer!r} could be {choices}: type more of it").format(
                answer=Shown(text), choices=", ".join(c.label for c in starting)
            )
        )
    every = [w for c in question.choices for w in (c.label, *c.words) if w]
    hint = near_miss(text, every)
    hint = i18n.translated(hint) if hint else ""  # the catalogue's "" is its header
    raise Refused(_("{answer!r} is not one of the choices{hint}").format(answer=Shown(text), hint=hint))
