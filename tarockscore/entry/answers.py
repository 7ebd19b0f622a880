"""The answers of one hand as they are given, taken back and changed (entry layer, pure).

:class:`Entry` walks the questions of :class:`~tarockscore.entry.flow.Flow` one at a time, as a
terminal asks them: an answer moves on, ``back`` takes the last one back, and the numbered
summary reopens any line, the rest standing. "No" to a Valat the card points prove asks for the
card points again. An answer taken back or reopened becomes its
question's default, and so do the answers of a stored hand walked again
(:func:`~tarockscore.entry.hand.defaults_from_keys`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tarockscore.entry.flow import Flow
from tarockscore.entry.hand import hand_of
from tarockscore.entry.question import Answer, AskAgain, Question, Refused
from tarockscore.entry.words import is_back, yes_or_no
from tarockscore.errors import Shown
from tarockscore.i18n import _
from tarockscore.rules.hand import HandInput


@dataclass
class Entry:
    """The answers of one hand as they are given, taken back and changed."""

    flow: Flow
    remembered: dict[str, Answer] = field(default_factory=dict)  # the defaults: old answers
    answers: dict[str, Answer] = field(default_factory=dict)
    history: list[str] = field(default_factory=list)  # keys in the order they were answered

    def next(self) -> Question | None:
        """The question to ask now, with its default; None when every question is answered."""
        _done, question = self.flow.walk(self.answers)
        if question is None:
            return None
        return question.with_default(self.remembered.get(question.key))

    def give(self, text: str) -> str | None:
        """Answer the question asked now (or ``back``); the reason when the answer is refused."""
        if is_back(text):
            return self.back()
        question = self.next()
        assert question is not None, "nothing is asked"
        try:
            value = self.flow.read(question, text)
        except AskAgain as exc:
            self.forget(str(exc.args[1]), question.key)
            return str(exc.args[0])
        except Refused as exc:
            return str(exc.args[0])
        self.answers[question.key] = value
        self.history = [k for k in self.history if k != question.key] + [question.key]
        return None

    def forget(self, *keys: str) -> None:
        """Ask these questions again with no default: their answers were said to be wrong."""
        for key in keys:
            self.answers.pop(key, None)
            self.remembered.pop(key, None)
        self.history = [k for k in self.history if k not in keys]

    def back(self) -> str | None:
        """Take back the last answer given; its question is asked again, with it as default."""
        while self.history:
            key = self.history.pop()
            if key in self.answers:
                self.remembered[key] = self.answers.pop(key)
                return None
        return _("this is the first question: there is nothing to go back to")

    def lines(self) -> list[tuple[Question, Answer]]:
        """The summary: every question of the hand with its answer, in order."""
        done, _next = self.flow.walk(self.answers)
        return [(q, self.answers[q.key]) for q in done]

    def reopen(self, number: int) -> None:
        """Ask line ``number`` of the summary again (its answer the default); the rest stands."""
        question, value = self.lines()[number - 1]
        self.remembered[question.key] = value
        del self.answers[question.key]

    def notes(self) -> list[str]:
        """What the summary shows besides the answers (see :meth:`Flow.notes`)."""
        return self.flow.notes(self.answers)

    def hand(self) -> HandInput:
        """The hand-file keys of the answers (every question answered)."""
        return hand_of(self.flow, self.answers)


class Save(Enum):
    YES = "yes"
    NO = "no"
    BACK = "back"


def read_summary(text: str, lines: int, can_save: bool) -> Save | int:
    """The answer at the summary: Enter or y records, n leaves, a line's number reopens it, back."""
    text = text.strip()
    if is_back(text):
        return Save.BACK
    if text.isdigit() and 1 <= int(text) <= lines:
        return int(text)
    said = yes_or_no(text)
    if can_save and (not text or said is True):
        return Save.YES
    if said is False:
        return Save.NO
    raise Refused(
        _("{answer!r}: give Enter or y to record, n to leave it, or a line's number 1 to {lines}").format(
            answer=Shown(text), lines=lines
        )
        if can_save
        else _("{answer!r}: give a line's number 1 to {lines} to change it, or n to leave it").format(
            answer=Shown(text), lines=lines
        )
    )
