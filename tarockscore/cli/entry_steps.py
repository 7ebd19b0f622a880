"""The guided entry's questions, without a terminal (CLI layer, pure): which questions a hand asks
given the answers so far, what each offers, how a typed answer is read, and the hand it makes.

``cli.enter`` prompts and prints; this module decides. Every "is this allowed" is asked of
:mod:`tarockscore.rules.legality` (the King ultimo is not offered when the called King lay in the
talon, "conceded" not in a Solorufer), never re-encoded here.

A hand is a list of steps, each with a key ("contract", "declarer", "partner", "card_points",
"bonus:1", ...). :meth:`Flow.walk` goes through them in order, each step asked in the light of the
answers before it, and stops at the first without a valid answer. The answers themselves, with
``back`` and the summary's changes, are :mod:`tarockscore.cli.entry_answers`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from tarockscore import i18n
from tarockscore.cli.ask import yes_or_no
from tarockscore.errors import Collector, Shown, near_miss
from tarockscore.i18n import _
from tarockscore.rules import legality
from tarockscore.rules.cardpoints import render_points
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.hand_points import read_card_points
from tarockscore.rules.names import fold
from tarockscore.rules.profile import Contract, Profile

Answer = str | bool | Fraction

# The partner's answer when no player holds the called King. A player's name never holds a
# control character, so these never stand for a player.
TALON = "\x00talon"
OWN = "\x00own"
NONE = ""  # no Kontra said; no further bonus

BACK_WORDS = frozenset({"back", "zurueck", "<"})  # folded: "zurück" is "zurueck"


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
    key: str
    text: str
    kind: Kind
    line: str  # the summary's label for the answer
    choices: tuple[Choice, ...] = ()
    default: Answer | None = None
    most: Fraction | None = None  # POINTS: the most that can be given

    def accepts(self, value: Answer | None) -> bool:
        """Whether ``value`` is still an answer to this question (answers before it may have changed)."""
        if self.kind is Kind.CHOICE:
            return isinstance(value, str) and any(c.value == value for c in self.choices)
        if self.kind is Kind.YES_NO:
            return isinstance(value, bool)
        return isinstance(value, Fraction) and self.most is not None and 0 <= value <= self.most

    def shown(self, value: Answer) -> str:
        """An answer as the prompt and the summary show it."""
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, Fraction):
            return str(render_points(value))
        return next((c.label for c in self.choices if c.value == value), value)


class Refused(Exception):
    """A typed answer that is no answer to the question; ``args[0]`` says why, to the reader."""


def is_back(text: str) -> bool:
    return fold(text.strip()) in BACK_WORDS


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


class Flow:
    """The questions of one hand under a profile, at a table.

    ``seats``: the table in seat order (the ledger's players), which numbers the players;
    ``players``: the four who play this hand, Forehand first (at five, the dealer sits out).
    """

    def __init__(
        self,
        profile: Profile,
        seats: Sequence[str],
        players: Sequence[str],
        renonce: str | None = None,
        outcome: bool = True,
    ) -> None:
        self.profile = profile
        self.seats = tuple(seats)
        self.players = tuple(players)
        # A hand replaced keeps its renonce (not asked here); without card points or won, the
        # renonce alone decides it, and none is asked.
        self.renonce = renonce
        self.outcome = outcome or renonce is None
        # the players of this hand in seat order, as the prompts list them
        self.in_seats = tuple(p for p in self.seats if p in self.players)

    # -- choices ---------------------------------------------------------------------------

    def seat_choices(self, names: Sequence[str]) -> tuple[Choice, ...]:
        """Players by name, each numbered by their seat at the table."""
        return tuple(Choice(p, p, self.seats.index(p) + 1) for p in self.in_seats if p in names)

    def step_choices(self) -> tuple[Choice, ...]:
        """0 = none, then each Kontra step the profile plays, numbered up the ladder."""
        none = Choice(NONE, _("none"), 0, ("none", "no", "keine", "kein", "-"))
        steps = tuple(
            Choice(s.name, s.name, i, tuple(self.profile.step_aliases(s.name)))
            for i, s in enumerate(self.profile.playable_steps, 1)
        )
        return (none, *steps)

    # -- the questions ---------------------------------------------------------------------

    def walk(self, answers: Mapping[str, Answer]) -> tuple[list[Question], Question | None]:
        """The questions answered (validly) so far, in order, and the next one (None: done)."""
        done: list[Question] = []
        for question in self._questions(answers):
            if not question.accepts(answers.get(question.key)):
                return done, question
            done.append(question)
        return done, None

    def _questions(self, a: Mapping[str, Any]) -> Iterator[Question]:
        """Each question in order; it reads an answer only after the walk found it valid."""
        p = self.profile
        contracts = tuple(Choice(c.name, c.name, i, c.aliases) for i, c in enumerate(p.contracts.values(), 1))
        yield Question("contract", _("Contract"), Kind.CHOICE, _("contract"), contracts)
        contract = p.contracts[a["contract"]]
        if legality.everyone_for_themselves(contract):
            yield from self._trischaken(contract, a)
            return
        bidders = [x for x in self.players if legality.may_bid(contract, self.players.index(x))]
        yield Question("declarer", _("Declarer"), Kind.CHOICE, _("declarer"), self.seat_choices(bidders))
        declarer: str = a["declarer"]
        partner: str | None = None
        called_king: str | None = None
        conceded = False
        if legality.calls_a_king(contract):
            yield self._partner(contract, declarer)
            partner = a["partner"]
            if partner in (TALON, OWN):
                called_king, partner = ("talon" if partner == TALON else "own"), None
            if called_king == "talon" and legality.concession_possible(p, contract):
                yield Question(
                    "conceded",
                    _("Did the declarer concede at once?"),
                    Kind.YES_NO,
                    _("conceded at once"),
                    default=False,
                )
                conceded = a["conceded"]
        if not conceded and self.outcome:
            if legality.decided_by_tricks(contract):
                text = _("Did {declarer} win the {contract}?").format(
                    declarer=declarer, contract=contract.name
                )
                yield Question("won", text, Kind.YES_NO, _("won"))
            else:
                side = (
                    declarer
                    if partner is None
                    else _("{declarer} and {partner}").format(declarer=declarer, partner=partner)
                )
                total = render_points(p.game.card_points_total)
                yield Question(
                    "card_points",
                    _("Card points of {players} (of {total})").format(players=side, total=total),
                    Kind.POINTS,
                    _("card points"),
                    most=p.game.card_points_total,
                )
        kontra = (
            not conceded and legality.kontra_on_contract_allowed(p, contract) and len(self.step_choices()) > 1
        )
        paid = not conceded or legality.bonuses_paid_on_concession(p)
        bonuses = legality.possible_bonuses(p, contract, called_king) if paid else []
        if not kontra and not bonuses:
            return
        if not legality.required_announcement(contract):  # else a bonus is announced: no need to ask
            text = (
                _("Kontra or bonuses?") if kontra and bonuses else _("Kontra?") if kontra else _("Bonuses?")
            )
            yield Question("extras", text, Kind.YES_NO, text.rstrip("?"), default=False)
            if not a["extras"]:
                return
        if kontra:
            yield from self._kontra(contract, declarer, partner, a)
        yield from self._bonuses(bonuses, a, doubled=not conceded)

    def _asked_points(self) -> Sequence[str]:
        """Whose card points are asked in Trischaken: all but the last, who has the rest of the
        deck's; everyone's where the talon is out of play and holds an unknown part of it."""
        return self.in_seats[:-1] if legality.trischaken_talon_counted(self.profile) else self.in_seats

    def _trischaken(self, contract: Contract, a: Mapping[str, Any]) -> Iterator[Question]:
        """Three players' card points; the fourth has what is left of the deck's (see :meth:`_asked_points`)."""
        left = self.profile.game.card_points_total
        for player in self._asked_points():
            key = f"points:{player}"
            yield Question(
                key,
                _("Card points of {player} (at most {left})").format(player=player, left=render_points(left)),
                Kind.POINTS,
                _("card points of {player}").format(player=player),
                most=left,
            )
            left -= a[key]
        if legality.kontra_on_contract_allowed(self.profile, contract) and len(self.step_choices()) > 1:
            yield self._kontra_question("kontra", _("Kontra on Trischaken"), _("Kontra"))

    def trischaken_points(self, a: Mapping[str, Any]) -> dict[str, Fraction]:
        """Every player's card points in Trischaken: three as given, the fourth the rest."""
        given = {p: a[f"points:{p}"] for p in self._asked_points()}
        last = self.profile.game.card_points_total - sum(given.values(), Fraction(0))
        return {p: given.get(p, last) for p in self.players}

    def _partner(self, contract: Contract, declarer: str) -> Question:
        p = self.profile
        options = list(self.seat_choices([x for x in self.players if x != declarer]))
        if legality.king_in_talon_allowed(p, contract):
            options.append(Choice(TALON, _("talon"), None, ("talon", "Talon")))
        if legality.own_king_allowed(p, contract):
            options.append(Choice(OWN, _("own King"), None, ("own King", "own", "eigener König")))
        return Question(
            "partner", _("Partner (holder of the called card)"), Kind.CHOICE, _("partner"), tuple(options)
        )

    def _kontra(
        self, contract: Contract, declarer: str, partner: str | None, a: Mapping[str, Any]
    ) -> Iterator[Question]:
        p = self.profile
        if legality.contra_ad_personam(p, contract):
            for defender in (x for x in self.in_seats if x not in (declarer, partner)):
                said_by = _("Kontra by {player}").format(player=defender)
                yield self._kontra_question(f"kontra:{defender}", said_by, said_by)
            return
        yield self._kontra_question("kontra", _("Kontra on the contract"), _("Kontra"))
        said = a["kontra"] or None
        if legality.huettenfleck_allowed(p, contract) and legality.huettenfleck_combines_with(said):
            yield Question(
                "huettenfleck",
                _("Was the Kontra said before the talon (Hüttenfleck)?"),
                Kind.YES_NO,
                _("Hüttenfleck"),
                default=False,
            )

    def _kontra_question(self, key: str, prompt: str, label: str) -> Question:
        """A Kontra step on one bet: none, or a step of the ladder the profile allows."""
        return Question(key, prompt, Kind.CHOICE, label, self.step_choices(), NONE)

    def _bonuses(self, bonuses: list[str], a: Mapping[str, Any], doubled: bool = True) -> Iterator[Question]:
        """The bonuses, each with its side, announcement, outcome and Kontra as the profile allows
        them; ``doubled`` false: no Kontra on any (a conceded hand, docs/rules/kontra.md §7)."""
        p = self.profile
        numbers = {name: i for i, name in enumerate(bonuses, 1)}
        chosen: list[str] = []
        for i in range(1, len(bonuses) + 1):
            left = [b for b in bonuses if b not in chosen]
            offered = (
                Choice(NONE, _("no more"), 0, ("none", "no", "done", "keine", "fertig", "-")),
                *(Choice(b, b, numbers[b], p.bonuses[b].aliases) for b in left),
            )
            key = f"bonus:{i}"
            yield Question(
                key,
                _("Bonus") if i == 1 else _("Another bonus"),
                Kind.CHOICE,
                _("bonus {number}").format(number=i),
                offered,
                NONE,
            )
            name = a[key]
            if not name:
                return
            chosen.append(name)
            bonus = p.bonuses[name]
            sides = tuple(
                side
                for side in (
                    Choice("declarers", _("declarers"), 1, ("declarers", "Spieler")),
                    Choice("defenders", _("defenders"), 2, ("defenders", "Gegenspieler")),
                )
                if legality.may_make(bonus, str(side.value))
            )
            yield Question(
                f"{key}:side",
                _("{bonus}: for which side").format(bonus=name),
                Kind.CHOICE,
                _("{bonus}, side").format(bonus=name),
                sides,
                sides[0].value,
            )
            announced = False
            if legality.may_announce(bonus):
                yield Question(
                    f"{key}:announced",
                    _("{bonus}: announced?").format(bonus=name),
                    Kind.YES_NO,
                    _("{bonus}, announced").format(bonus=name),
                    default=False,
                )
                announced = a[f"{key}:announced"]
            if legality.may_fail(bonus):
                yield Question(
                    f"{key}:made",
                    _("{bonus}: made?").format(bonus=name),
                    Kind.YES_NO,
                    _("{bonus}, made").format(bonus=name),
                    default=True,
                )
            if doubled and legality.may_double(bonus, announced):
                yield self._kontra_question(
                    f"{key}:kontra",
                    _("{bonus}: Kontra on it").format(bonus=name),
                    _("{bonus}, Kontra").format(bonus=name),
                )

    # -- reading an answer -------------------------------------------------------------------

    def read(self, question: Question, text: str) -> Answer:
        """A typed answer to ``question``; Enter takes its default. Raise :class:`Refused`."""
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
        points = read_card_points("", text, self.profile, problems)
        if points is None:
            raise Refused("; ".join(p.render(i18n.gettext) for p in problems.problems))
        assert question.most is not None
        if points > question.most:
            raise Refused(
                _("{answer!r} is more than the {most} left of the deck's {total}").format(
                    answer=Shown(text),
                    most=render_points(question.most),
                    total=render_points(self.profile.game.card_points_total),
                )
            )
        return points

    # -- the hand -----------------------------------------------------------------------------

    def hand(self, a: Mapping[str, Any]) -> HandInput:
        """The hand-file keys (without ``players``: the ledger seats the hand) of a full set of answers."""
        done, following = self.walk(a)
        assert following is None, "the hand is not complete"
        asked = {q.key for q in done}
        contract = self.profile.contracts[a["contract"]]
        out: HandInput = {"contract": contract.name}
        if legality.everyone_for_themselves(contract):
            out["card_points"] = {p: render_points(v) for p, v in self.trischaken_points(a).items()}
        else:
            out["declarer"] = a["declarer"]
        partner = a.get("partner") if "partner" in asked else None
        if partner == TALON:
            out["called_king"] = "talon"
            out["conceded"] = bool(a.get("conceded")) if "conceded" in asked else False
        elif partner == OWN:
            out["called_king"] = "own"
        elif partner is not None:
            out["partner"] = partner
        if "card_points" in asked:
            out["card_points"] = render_points(a["card_points"])
        if "won" in asked:
            out["won"] = a["won"]
        by = {q.key.split(":", 1)[1]: a[q.key] for q in done if q.key.startswith("kontra:")}
        if any(by.values()):
            out["kontra"] = {p: step for p, step in by.items() if step}
        elif "kontra" in asked and a["kontra"]:
            out["kontra"] = a["kontra"]
        if "huettenfleck" in asked and a["huettenfleck"]:
            out["huettenfleck"] = True
        bonuses = []
        for i in range(1, len(self.profile.bonuses) + 1):
            key = f"bonus:{i}"
            if key not in asked or not a[key]:
                break
            entry: BonusInput = {
                "name": a[key],
                "side": a[f"{key}:side"],
                "announced": bool(a.get(f"{key}:announced")) if f"{key}:announced" in asked else False,
                "made": a[f"{key}:made"] if f"{key}:made" in asked else True,
            }
            if f"{key}:kontra" in asked and a[f"{key}:kontra"]:
                entry["kontra"] = a[f"{key}:kontra"]
            bonuses.append(entry)
        if bonuses:
            out["bonus"] = bonuses
        if self.renonce is not None:
            out["renonce"] = self.renonce
        return out
