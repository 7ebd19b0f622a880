"""A hand's answers given all at once, as a form sends them (entry layer, pure).

A form holds the answers so far as its fields, one text per question key, and sends them all
each time. :func:`next_question` reads them and says what to ask now (with its choices and
default) or that the hand is complete; :func:`submit` reads them as the last word, every
question left out taking its default, and gives the hand's keys or the question whose answer
was refused and why. Each text is read as the terminal reads a typed line
(:func:`~tarockscore.entry.reading.read_answer`): a choice by its number or its label, yes or no,
card points as a hand file writes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tarockscore.entry.flow import Flow
from tarockscore.entry.hand import hand_of
from tarockscore.entry.question import Answer, Question, Refused
from tarockscore.rules.hand import HandInput


@dataclass(frozen=True, slots=True)
class Reading:
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
    whose answer is refused. ``defaults``: answers given before (a stored hand's, see
    :func:`~tarockscore.entry.hand.defaults_from_keys`), offered where they still answer."""
    return _read(flow, given, defaults or {}, complete=False)


def submit(flow: Flow, given: Mapping[str, str], defaults: Mapping[str, Answer] | None = None) -> Reading:
    """Every answer at once: a question not given takes its default, so the reading ends with
    the hand (``hand``), or at the question whose answer is refused or needed (``next`` and
    ``refused``)."""
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
