"""A typed answer read as the answer to one question (entry layer, pure).

A choice is picked by its number, its name or another of its words, or a unique beginning of
one, in any case; yes and no in the table's words (:mod:`tarockscore.entry.words`); card points
as a hand file writes them; an empty answer is the question's default. The terminal reads its
lines with this, and a form its fields.
"""

from __future__ import annotations

from tarockscore import i18n
from tarockscore.entry.question import Answer, Choice, Kind, Question, Refused
from tarockscore.entry.words import yes_or_no
from tarockscore.errors import Collector, Shown, near_miss
from tarockscore.i18n import _
from tarockscore.rules.hand import render_points
from tarockscore.rules.parse import read_card_points
from tarockscore.rules.profile import Profile
from tarockscore.rules.words import fold


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
    if text.isdigit():
        for choice in question.choices:
            if choice.number == int(text):
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
