"""The answers of one hand as they are given, taken back and changed (CLI layer, pure).

:class:`Entry` walks the questions of :class:`~tarockscore.cli.entry_steps.Flow`: an answer
moves on, ``back`` takes the last one back, and the summary reopens any line, the rest standing.
An answer taken back or reopened becomes its question's default, and so do the answers of a
stored hand that ``enter --replace`` walks again (:func:`defaults_from_keys`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as changed
from enum import Enum
from fractions import Fraction
from typing import Any

from tarockscore.cli.ask import yes_or_no
from tarockscore.cli.entry_steps import (
    NONE,
    OWN,
    TALON,
    Answer,
    Flow,
    Question,
    Refused,
    is_back,
)
from tarockscore.errors import Shown
from tarockscore.i18n import _
from tarockscore.rules import legality
from tarockscore.rules.cardpoints import parse_points, render_points
from tarockscore.rules.hand import HandInput
from tarockscore.rules.profile import Profile


def defaults_from_keys(keys: Mapping[str, Any], profile: Profile) -> dict[str, Answer]:
    """The answers a stored hand gave (its hand-file keys), as the defaults of its questions."""
    out: dict[str, Answer] = {}

    def points(value: Any) -> Fraction | None:
        try:
            return parse_points(value)
        except ValueError:
            return None

    def step(value: Any) -> str:
        found = profile.step(value) if isinstance(value, str) else None
        return found.name if found is not None else NONE

    contract = profile.contract_name(str(keys.get("contract", "")))
    if contract is not None:
        out["contract"] = contract
    for key in ("declarer", "partner"):
        if isinstance(keys.get(key), str):
            out[key] = keys[key]
    called = keys.get("called_king")
    if called in ("talon", "own"):
        out["partner"] = TALON if called == "talon" else OWN
    for key in ("conceded", "won", "huettenfleck"):
        if isinstance(keys.get(key), bool):
            out[key] = keys[key]
    cp = keys.get("card_points")
    if isinstance(cp, dict):
        for player, value in cp.items():
            if (v := points(value)) is not None:
                out[f"points:{player}"] = v
    elif (v := points(cp)) is not None:
        out["card_points"] = v
    kontra = keys.get("kontra")
    if isinstance(kontra, dict):
        for player, value in kontra.items():
            out[f"kontra:{player}"] = step(value)
    elif kontra is not None:
        out["kontra"] = step(kontra)
    bonuses = keys.get("bonus")
    for i, entry in enumerate(bonuses if isinstance(bonuses, list) else [], 1):
        if not isinstance(entry, dict):
            continue
        key = f"bonus:{i}"
        out[key] = profile.bonus_name(str(entry.get("name", ""))) or NONE
        out[f"{key}:side"] = str(entry.get("side", "declarers"))
        out[f"{key}:announced"] = bool(entry.get("announced", False))
        out[f"{key}:made"] = bool(entry.get("made", True))
        out[f"{key}:kontra"] = step(entry.get("kontra"))
    out["extras"] = bool(kontra or keys.get("huettenfleck") or bonuses)
    return out


def stored_flow(
    keys: Mapping[str, Any], profile: Profile, seats: Sequence[str], players: Sequence[str]
) -> Flow:
    """The questions of a stored hand: a renonce, which the entry does not ask, is kept as it was."""
    renonce = keys.get("renonce")
    return Flow(
        profile,
        seats,
        players,
        renonce if isinstance(renonce, str) else None,
        outcome="card_points" in keys or "won" in keys,
    )


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
        old = self.remembered.get(question.key)
        return changed(question, default=old) if question.accepts(old) else question

    def give(self, text: str) -> str | None:
        """Answer the question asked now (or ``back``); the reason when the answer is refused."""
        if is_back(text):
            return self.back()
        question = self.next()
        assert question is not None, "nothing is asked"
        try:
            value = self.flow.read(question, text)
        except Refused as exc:
            return str(exc.args[0])
        self.answers[question.key] = value
        self.history = [k for k in self.history if k != question.key] + [question.key]
        return None

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
        """What the summary shows besides the answers: a renonce kept from the hand replaced, the
        fourth player's card points in Trischaken."""
        if "contract" not in self.answers or self.next() is not None:
            return []
        if self.flow.renonce is not None:
            return [_("renonce by {player}, kept as recorded").format(player=self.flow.renonce)]
        contract = self.flow.profile.contracts[str(self.answers["contract"])]
        if not legality.everyone_for_themselves(contract) or not legality.trischaken_talon_counted(
            self.flow.profile
        ):
            return []
        last = self.flow.in_seats[-1]
        points = self.flow.trischaken_points(self.answers)[last]
        return [
            _("card points of {player}: {points}, the rest of {total}").format(
                player=last,
                points=render_points(points),
                total=render_points(self.flow.profile.game.card_points_total),
            )
        ]

    def hand(self) -> HandInput:
        return self.flow.hand(self.answers)


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
