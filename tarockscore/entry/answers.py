"""The answers of one hand as they are given, taken back and changed, or given all at once as a form sends them (entry layer, pure)."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from tarockscore.entry.flow import Flow
from tarockscore.entry.hand import hand_of
from tarockscore.entry.question import Answer, AskAgain, Question, Refused, is_back, yes_or_no
from tarockscore.errors import Shown
from tarockscore.i18n import _
from tarockscore.rules.hand import HandInput

# -- answers ---------------------------------------------------------------------------------------


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
    if text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= lines:
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


# -- form ------------------------------------------------------------------------------------------


class Reading(NamedTuple):
    """A hand's answers read against its questions, in order, up to the first still open."""

    lines: tuple[tuple[Question, Answer], ...]  # the numbered summary: each question with its answer
    next: Question | None  # the question to ask now (None: every question is answered)
    refused: str | None  # why the answer given to ``next`` is no answer to it
    # once the hand is complete: keys given that none of its questions asks (an earlier answer
    # changed, and the question went)
    unused: tuple[str, ...]
    notes: tuple[str, ...]  # what the summary shows besides the answers (Trischaken's fourth)
    hand: HandInput | None  # the hand-file keys, once every question is answered

    @property
    def answers(self) -> dict[str, Answer]:
        return {question.key: value for question, value in self.lines}


def next_question(
    flow: Flow, given: Mapping[str, str], defaults: Mapping[str, Answer] | None = None
) -> Reading:
    """The answers given so far, and the question to ask now: the first not given, or the first
    whose answer is refused. ``defaults``: answers given before, offered where they still answer."""
    return _read(flow, given, defaults or {}, complete=False)


def submit(flow: Flow, given: Mapping[str, str], defaults: Mapping[str, Answer] | None = None) -> Reading:
    """Every answer at once: a question not given takes its default, so the reading ends with
    the hand, or at the question whose answer is refused or needed."""
    return _read(flow, given, defaults or {}, complete=True)


def _read(flow: Flow, given: Mapping[str, str], defaults: Mapping[str, Answer], *, complete: bool) -> Reading:
    answers: dict[str, Answer] = {}
    asked: Question | None = None
    refused: str | None = None
    while True:
        done, following = flow.walk(answers)
        if following is None:
            break
        asked = following.with_default(defaults.get(following.key))
        if asked.key not in given and not complete:
            break
        try:
            answers[asked.key] = flow.read(asked, given.get(asked.key, ""))
        except Refused as exc:
            refused = str(exc.args[0])
            break
        asked = None
    lines = tuple((question, answers[question.key]) for question in done)
    if asked is not None:
        return Reading(lines, asked, refused, (), (), None)
    unused = tuple(key for key in given if key not in answers)
    return Reading(lines, None, None, unused, tuple(flow.notes(answers)), hand_of(flow, answers))
