"""The answers of one hand: given one by one, taken back and changed, or all at once as a form sends them; turned into the hand-file keys, and a stored hand back into answers (entry layer, pure)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, NamedTuple, cast

from tarockscore.entry.flow import (
    ASKED_BEFORE,
    EVERY_TRICK,
    NONE,
    NONE_WORDS,
    OWN,
    RENONCE,
    RENONCE_WORDS,
    TALON,
    VALAT_BET,
    VALAT_PROVEN,
    Answer,
    AskAgain,
    Flow,
    Kind,
    Question,
    Refused,
    is_back,
    read_points,
    typed_number,
    yes_or_no,
)
from tarockscore.errors import Shown, and_listed
from tarockscore.i18n import _, ngettext, translated
from tarockscore.rules.hand import BLATT as THIRDS
from tarockscore.rules.hand import BonusEntry, Hand, HandInput, render_points
from tarockscore.rules.legality import everyone_for_themselves
from tarockscore.rules.valat import VALAT
from tarockscore.rules.words import fold


@dataclass
class Entry:
    """The answers of one hand as they are given, taken back and changed."""

    flow: Flow
    remembered: dict[str, Answer] = field(default_factory=dict)  # the defaults: old answers
    answers: dict[str, Answer] = field(default_factory=dict)
    history: list[str] = field(default_factory=list)  # keys in the order they were answered

    def next(self) -> Question | None:
        """The question to ask now, with its default; None when every question is answered. A
        quiet question is taken at its default unless opened (it has an answer remembered)."""
        while (question := self.flow.walk(self.answers)[1]) is not None:
            if not question.quiet or question.key in self.remembered:
                return question.with_default(self.remembered.get(question.key))
            assert question.default is not None, "a quiet question has a default"
            self.answers[question.key] = question.default
        return None

    def give(self, text: str) -> str | None:
        """Answer the question asked now (or ``back``); the reason when the answer is refused."""
        if is_back(text):
            return self.back()
        if self.opened(text):
            return None
        question = self.next()
        assert question is not None, "nothing is asked"
        if fold(text.strip()) in RENONCE_WORDS and question.key in ASKED_BEFORE:
            self.remembered.setdefault(RENONCE, NONE)  # asked when it comes
            return _("who revoked is asked after the contract and its players")
        try:
            value = self.flow.read(question, text)
        except AskAgain as exc:  # the earlier answer and this one are wrong: asked again, no defaults
            wrong = (str(exc.args[1]), question.key)
            for key in wrong:
                self.answers.pop(key, None)
                self.remembered.pop(key, None)
            self.history = [k for k in self.history if k not in wrong]
            return str(exc.args[0])
        except Refused as exc:
            return str(exc.args[0])
        self.answers[question.key] = value
        self.history = [k for k in self.history if k != question.key] + [question.key]
        return None

    def opened(self, text: str) -> bool:
        """Whether ``text`` asks who revoked (``renonce``), answered quietly before: asked next."""
        if fold(text.strip()) not in RENONCE_WORDS or RENONCE not in self.answers:
            return False
        if all(q.key != RENONCE for q in self.flow.walk(self.answers)[0]):
            return False
        self.remembered[RENONCE] = self.answers.pop(RENONCE)
        return True

    def back(self) -> str | None:
        """Take back the last answer given; its question is asked again, with it as default."""
        while self.history:
            if (key := self.history.pop()) in self.answers:
                self.remembered[key] = self.answers.pop(key)
                return None
        return _("this is the first question: there is nothing to go back to")

    def lines(self) -> list[tuple[Question, Answer]]:
        """The summary: every question of the hand with its answer, in order (a quiet one where
        not at its default: no one revoked goes without saying)."""
        done, _next = self.flow.walk(self.answers)
        return [(q, self.answers[q.key]) for q in done if not q.quiet or self.answers[q.key] != q.default]

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
        return hand_of(self.flow, self.answers, self.remembered)


class Save(Enum):
    YES = "yes"
    NO = "no"
    BACK = "back"


def read_summary(text: str, lines: int, can_save: bool) -> Save | int:
    """The answer at the summary: Enter or y records, n leaves, a line's number reopens it, back."""
    text = text.strip()
    if is_back(text):
        return Save.BACK
    if (number := typed_number(text)) is not None and 1 <= number <= lines:
        return number
    said = yes_or_no(text)
    if can_save and (not text or said is True):
        return Save.YES
    if said is False:
        return Save.NO
    if can_save:
        refusal = _("{answer!r}: give Enter or y to record, n to leave it, or a line's number 1 to {lines}")
    else:
        refusal = _("{answer!r}: give a line's number 1 to {lines} to change it, or n to leave it")
    raise Refused(refusal.format(answer=Shown(text), lines=lines))


class Reading(NamedTuple):
    """A hand's answers read against its questions, in order, up to the first still open."""

    lines: tuple[tuple[Question, Answer], ...]  # the numbered summary: each question with its answer
    next: Question | None  # the question to ask now (None: every question is answered)
    refused: str | None  # why the answer given to ``next`` is no answer to it
    notes: tuple[str, ...]  # what the summary shows besides the answers (Trischaken's fourth)
    hand: HandInput | None  # the hand-file keys, once every question is answered
    # the earlier questions the refused answer says are wrong, to be answered again (a "no" to
    # "was it their Valat?": the card points)
    ask_again: tuple[str, ...] = ()

    @property
    def answers(self) -> dict[str, Answer]:
        return {question.key: value for question, value in self.lines}


def next_question(
    flow: Flow, given: Mapping[str, str], defaults: Mapping[str, Answer] | None = None
) -> Reading:
    """The answers so far and the question to ask now: the first not given, or the first refused."""
    return _read(flow, given, defaults or {}, complete=False)


def submit(flow: Flow, given: Mapping[str, str], defaults: Mapping[str, Answer] | None = None) -> Reading:
    """Every answer at once, a question not given taking its default: the hand, or the question to ask."""
    return _read(flow, given, defaults or {}, complete=True)


def _read(flow: Flow, given: Mapping[str, str], defaults: Mapping[str, Answer], *, complete: bool) -> Reading:
    answers: dict[str, Answer] = {}
    while True:
        done, following = flow.walk(answers)
        lines = tuple((question, answers[question.key]) for question in done)
        if following is None:
            break
        asked = following.with_default(defaults.get(following.key))
        if asked.key not in given and not complete and not (asked.quiet or asked.fixed):
            return Reading(lines, asked, None, (), None)
        try:
            answers[asked.key] = _given(flow, asked, given, answers)
        except Refused as exc:
            again = (str(exc.args[1]),) if isinstance(exc, AskAgain) else ()
            return Reading(lines, asked, str(exc.args[0]), (), None, again)
    # keys given that none of the hand's questions asks (an earlier answer changed, and the
    # question went); a Kontra among them, given on a bonus that was not asked one (a silent
    # bonus): the rules refuse it
    unused = tuple(key for key in given if key.removeprefix(BLATT).removeprefix(OR) not in answers)
    kontras = {
        k: given[k].strip() for k in unused if k.endswith(":kontra") and fold(given[k]) not in NO_KONTRA
    }
    hand = hand_of(flow, answers, defaults, kontras)
    return Reading(lines, None, None, tuple(flow.notes(answers)), hand)


# A Kontra field's answers that say none (the choice's name, its number, its words).
NO_KONTRA = (NONE, "0", *NONE_WORDS)

# A form gives card points in two fields, as the score block writes them (docs/serve.md): the
# whole points at the question's key, the Blatt at "blatt:" and the key ("blatt:card_points",
# "blatt:points:Anna").
BLATT = "blatt:"
# A word the card points may be given by (a Valat) comes in a field of its own beside them, at
# "or:" and the key ("or:card_points" = "valat"): where it is given, it is the answer.
OR = "or:"


def _given(flow: Flow, question: Question, given: Mapping[str, str], answers: Mapping[str, Answer]) -> Answer:
    """The answer the form gives ``question``; card points read from their fields, and refused in
    the fields' words (Points, Blatt), not in the command line's "35/2"."""
    text = given.get(question.key, "")
    if question.kind is not Kind.POINTS:
        return flow.read(question, text)
    if (chosen := given.get(OR + question.key, "").strip()) and question.choices:
        return flow.read(question, chosen)
    if question.choices and text.strip() and not text.strip()[0].isdigit():
        return flow.read(question, text)  # "valat" typed where the points go
    blatt = given.get(BLATT + question.key, "").strip()
    if blatt in ("", "0"):
        if not text.strip():  # its default, or "an answer is needed"
            return flow.read(question, text)
        if flow.profile.game.thirds and re.search(r"\d\s*[.,]\s*\d", text):  # no score block's
            said = _(
                "{points!r} is not a card point count: a score block writes no decimals; the whole points go in Points, the Blatt (0 to {most}) beside them"
            )
            raise Refused(said.format(points=Shown(text.strip()), most=THIRDS - 1))
        points = read_points(text.strip(), flow.profile)
    else:
        points = _points_and_blatt(flow, text.strip(), blatt)
    assert question.most is not None
    if points > question.most:
        raise Refused(_more_than_left(flow, points, question.most, answers))
    return points


def _points_and_blatt(flow: Flow, typed: str, blatt: str) -> Fraction:
    """Card points from the Points field (whole) and the Blatt field (0 to 2, thirds of a point)."""
    most = THIRDS - 1
    if not flow.profile.game.thirds:
        raise Refused(
            _("Blatt {blatt!r}: this game counts whole card points, with no Blatt").format(blatt=Shown(blatt))
        )
    count = typed_number(blatt)
    whole = typed_number(typed or "0")
    # the card points typed in the Blatt's box (Points left empty, or as many Blatt as points: the
    # Blatt are the odd cards left from counting in threes, never a side's card points again)
    if (count is None and not typed) or (
        count is not None and count > most and whole is not None and count >= whole
    ):
        said = _("Blatt {blatt!r}: the card points go in Points, the Blatt (0 to {most}) beside them")
        raise Refused(said.format(blatt=Shown(blatt), most=most))
    if count is None:
        raise Refused(
            _("Blatt {blatt!r} is not a number from 0 to {most}").format(blatt=Shown(blatt), most=most)
        )
    if whole is None:
        said = _("Points {points!r} is not a whole number: the Blatt go in their own field")
        raise Refused(said.format(points=Shown(typed)))
    points = whole + Fraction(count, THIRDS)
    if count > most and points <= flow.profile.game.card_points_total:
        raise Refused(
            _(
                "Blatt {blatt} is more than {most} ({per} Blatt make a whole point): enter Points {points} and Blatt {rest}"
            ).format(blatt=count, most=most, per=THIRDS, points=whole + count // THIRDS, rest=count % THIRDS)
        )
    return points


def _more_than_left(flow: Flow, points: Fraction, most: Fraction, answers: Mapping[str, Answer]) -> str:
    """Card points beyond what the deck has left: what the players before have, and what may be entered."""
    total = flow.profile.game.card_points_total
    if most == total:
        return _("{points} is outside 0 to {total}").format(
            points=render_points(points), total=render_points(total)
        )
    before = [key.removeprefix("points:") for key in answers if key.startswith("points:")]
    return ngettext(
        "{points} is more than the {left} card points left: {players} has {taken} of the {total}; enter at most {left} here, or correct the card points above",
        "{points} is more than the {left} card points left: {players} have {taken} of the {total}; enter at most {left} here, or correct the card points above",
        len(before),
    ).format(
        points=render_points(points),
        left=render_points(most),
        players=translated(and_listed(before)),
        taken=render_points(total - most),
        total=render_points(total),
    )


def hand_of(
    flow: Flow,
    answers: Mapping[str, Any],
    kept: Mapping[str, Any] | None = None,
    kontras: Mapping[str, str] | None = None,
) -> HandInput:
    """The hand-file keys (without ``players``: the ledger seats the hand) of a full set of answers;
    ``kept``: the stored hand's answers, for what a renonce leaves unasked (a bonus's outcome);
    ``kontras``: a Kontra given on a bonus that was not asked one (``bonus:1:kontra``), for the
    rules to refuse as a hand file's."""
    done, following = flow.walk(answers)
    assert following is None, "the hand is not complete"
    a = {q.key: answers[q.key] for q in done}  # an answer whose question went is left out
    a |= {k: v for k, v in (kontras or {}).items() if k.removesuffix(":kontra") in a}
    contract = flow.profile.contracts[a["contract"]]
    out: dict[str, Any] = {"contract": contract.name}
    if everyone_for_themselves(contract):
        out.update(_card_points(flow, a))
    else:
        out["declarer"] = a["declarer"]
    partner = a.get("partner")
    if partner == TALON:
        out["called_king"] = "talon"
        out["conceded"] = a.get("conceded", False)
        if a.get("king_half"):
            out["king_half"] = a["king_half"]
    elif partner == OWN:
        out["called_king"] = "own"
    elif partner is not None:
        out["partner"] = partner
    if "card_points" in a and not flow.every_trick(a):  # a Valat made stands for them
        out["card_points"] = render_points(a["card_points"])
    if "won" in a:
        out["won"] = a["won"]
    by = {key.removeprefix("kontra:"): step for key, step in a.items() if key.startswith("kontra:")}
    if any(by.values()):
        out["kontra"] = {p: step for p, step in by.items() if step}
    elif a.get("kontra"):
        out["kontra"] = a["kontra"]
    if a.get("huettenfleck"):
        out["huettenfleck"] = True
    bonuses = [_bet(VALAT, VALAT_BET, a)] if flow.every_trick(a) else []
    given = a if flow.bonuses_count(a) else kept or {}
    i = 1
    while given.get(f"bonus:{i}"):
        bonuses.append(_bet(given[f"bonus:{i}"], f"bonus:{i}", given, kept or {}))
        i += 1
    if a.get(VALAT_PROVEN) is True:
        bonuses = _with_valat(bonuses, flow, a)
    if bonuses:
        out["bonus"] = bonuses
    if a.get(RENONCE):
        out["renonce"] = a[RENONCE]
    return cast(HandInput, out)  # the keys and types docs/hand-format.md gives, each set above


def _card_points(flow: Flow, a: Mapping[str, Any]) -> dict[str, Any]:
    """A Trischaken's ``card_points`` table; none where a renonce decides it."""
    if a.get(RENONCE):
        return {}
    return {"card_points": {p: render_points(v) for p, v in flow.trischaken_points(a).items()}}


def _bet(name: str, key: str, a: Mapping[str, Any], kept: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``[[bonus]]`` table of the answers at ``key`` (``bonus:1``; ``valat``: the Valat given
    in place of the card points, made); an outcome not asked is the same bonus's in ``kept``."""
    made = kept.get(f"{key}:made", True) if kept and kept.get(key) == name else True
    entry = {
        "name": name,
        "side": a[f"{key}:side"],
        "announced": a.get(f"{key}:announced", False),
        "made": a.get(f"{key}:made", made),
    }
    if a.get(f"{key}:kontra"):
        entry["kontra"] = a[f"{key}:kontra"]
    return entry


def _with_valat(bonuses: list[dict[str, Any]], flow: Flow, a: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The bonuses with the Valat the card points prove made (added silent where not entered)."""
    side = flow.proven_side(a)
    assert side is not None, "the Valat is asked only where the card points prove it"
    for entry in bonuses:
        if entry["name"] == VALAT and entry["side"] == side.value:
            entry["made"] = True
            return bonuses
    return [*bonuses, {"name": VALAT, "side": side.value, "announced": False, "made": True}]


def defaults_of(hand: Hand) -> dict[str, Answer]:
    """The answers a stored hand gave, as the defaults of its questions."""
    out: dict[str, Answer] = {"contract": hand.contract}
    for key in ("declarer", "partner", "king_half", RENONCE, "won", "card_points", "kontra"):
        if getattr(hand, key) is not None:  # each answer at its question's key, as the hand has it
            out[key] = getattr(hand, key)
    if hand.called_king is not None:
        out["partner"] = TALON if hand.called_king == "talon" else OWN
        out["conceded"] = hand.conceded
    if hand.huettenfleck:
        out["huettenfleck"] = True
    out.update((f"points:{player}", points) for player, points in hand.trischaken_points)
    out.update((f"kontra:{player}", step) for player, step in hand.kontra_by)
    bonuses = list(hand.bonuses)
    # a Valat given in place of the card points: not among the bonuses
    if (valat := _valat_for_points(hand)) is not None:
        out["card_points"] = EVERY_TRICK
        out.update(_bet_given(VALAT_BET, valat))
        bonuses.remove(valat)
    for i, bonus in enumerate(bonuses, 1):
        out[f"bonus:{i}"] = bonus.name
        out.update(_bet_given(f"bonus:{i}", bonus))
    out["extras"] = bool(hand.kontra or hand.kontra_by or hand.huettenfleck or bonuses)
    return out


def _valat_for_points(hand: Hand) -> BonusEntry | None:
    """The Valat made that a stored hand gives in place of its card points (none given, no
    ``won``, no renonce or concession); None where the hand has none."""
    if hand.card_points is not None or hand.trischaken_points or hand.won is not None:
        return None
    if hand.renonce is not None or hand.conceded:
        return None
    return next((b for b in hand.bonuses if b.name == VALAT and b.made), None)


def _bet_given(key: str, bonus: BonusEntry) -> dict[str, Answer]:
    """A bonus's answers at its questions' keys (``bonus:1:side``; the Valat's: ``valat:side``)."""
    return {
        f"{key}:side": bonus.side.value,
        f"{key}:announced": bonus.announced,
        f"{key}:made": bonus.made,
        f"{key}:kontra": bonus.kontra or NONE,
    }
