"""The guided entry of a hand, below every front end (entry layer: above the rules, below the
library face; it asks the rules, and neither prompts nor prints).

What may be asked next, each question as a value (:class:`Question`: its key, its choices in
the profile's and the players' words, its default), how an answer is read, ``back`` and the
numbered summary, and the answers turned into the hand-file keys the ledger records. A
terminal walks it one question at a time with :class:`Entry` (``tarockscore enter``); a form
sends the answers it holds and asks :func:`next_question`, then :func:`submit`.
"""

from tarockscore.entry.answers import Entry, Save, read_summary
from tarockscore.entry.flow import Flow
from tarockscore.entry.form import Reading, next_question, submit
from tarockscore.entry.hand import defaults_from_keys, hand_of, stored_flow
from tarockscore.entry.question import NONE, OWN, TALON, Answer, Choice, Kind, Question, Refused
from tarockscore.entry.words import is_back, read_answer, yes_or_no

__all__ = [
    "NONE",
    "OWN",
    "TALON",
    "Answer",
    "Choice",
    "Entry",
    "Flow",
    "Kind",
    "Question",
    "Reading",
    "Refused",
    "Save",
    "defaults_from_keys",
    "hand_of",
    "is_back",
    "next_question",
    "read_answer",
    "read_summary",
    "stored_flow",
    "submit",
    "yes_or_no",
]
