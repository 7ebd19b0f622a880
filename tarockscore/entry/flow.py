"""The questions of a hand's guided entry: each question as a value, which are asked given the answers so far, and an answer read from what was typed (entry layer, pure).

Every "is this allowed" is asked of :mod:`tarockscore.rules.profile` and whether card points
prove a Valat of :func:`tarockscore.rules.valat.valat_proven`, never re-encoded here.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Any, NamedTuple

from tarockscore.errors import Collector, Shown, and_listed, near_miss
from tarockscore.i18n import _, named, translated
from tarockscore.rules import legality
from tarockscore.rules import valat as tricks
from tarockscore.rules.hand import Side, render_points
from tarockscore.rules.parse import read_card_points
from tarockscore.rules.profile import Contract, Profile
from tarockscore.rules.words import SIDE_WORDS, fold, said_for

YES_WORDS = frozenset({"y", "yes", "j", "ja"})
NO_WORDS = frozenset({"n", "no", "nein"})
BACK_WORDS = frozenset({"back", "zurueck", "<"})  # folded: "zurück" is "zurueck"
# A yes or no also in the words the short form takes for it (--won/--lost, a bonus's flags)
WON_WORDS = (("won", True), ("gewonnen", True), ("lost", False), ("verloren", False))
MADE_WORDS = (("made", True), ("gemacht", True), ("lost", False), ("verloren", False))
ANNOUNCED_WORDS = (("announced", True), ("angesagt", True), ("silent", False), ("still", False))


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


# An answer as the flow holds it: a choice's value, yes or no, card points.
Answer = str | bool | Fraction

# The partner's answer when no player holds the called King. A player's name never holds a
# control character, so these never stand for a player.
TALON = "\x00talon"
OWN = "\x00own"
NONE = ""  # no Kontra said; no further bonus
SENT = "="  # before the first word of a choice no player can be, as the phones send it: no name holds "="
NONE_WORDS = ("none", "no", "keine", "kein", "nein", "-")  # the words of no Kontra
NO_MORE = (*NONE_WORDS, "done", "no more", "keine mehr", "fertig")  # the words of no further bonus
# The key of "was it their Valat?", asked where the card points prove one side took every trick.
VALAT_PROVEN = "valat"
# The answer to the card points that says one side took every trick: its Valat made stands for
# them (docs/hand-format.md). Never card points, never a player's name.
EVERY_TRICK = "\x00valat"
# The keys of that Valat's questions begin with this, as a bonus's with ``bonus:1``: whose it was
# ("valat:side"), whether it was announced, a Kontra said on it.
VALAT_BET = "valat"
# The key of "who revoked?" (NONE: nobody). Asked quietly: taken as nobody unless opened.
RENONCE = "renonce"
RENONCE_WORDS = ("renonce", "revoke")  # typed at a later question in ``enter``: it is asked
ASKED_BEFORE = ("contract", "declarer", "partner", "conceded", "king_half")  # the questions before it


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
    default: Answer | None = None  # taken for an empty answer; None: an answer is needed
    most: Fraction | None = None  # POINTS: the most that can be given
    words: tuple[tuple[str, bool], ...] = ()  # YES_NO: words that answer it besides yes and no
    # taken at its default without being asked, unless opened (a summary's line, a word typed,
    # a folded field on the phone): what most hands never need costs no answer
    quiet: bool = False

    @property
    def fixed(self) -> bool:
        """Whether the rules leave one answer (a Forehand's contract: its declarer; a bonus one side
        alone may make: that side), taken unasked."""
        return self.kind is Kind.CHOICE and len(self.choices) == 1 and self.default == self.choices[0].value

    def accepts(self, value: Answer | None) -> bool:
        """Whether ``value`` is still an answer to this question (answers before it may have changed)."""
        if self.kind is Kind.YES_NO:
            return isinstance(value, bool)
        if isinstance(value, str):  # a choice, or a word the card points may be given by: a Valat
            return any(c.value == value for c in self.choices)
        # card points (only their question has a most)
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
    """An answer that says an earlier one is wrong: ``args``: why, and the question to ask again."""


def _word(words: Sequence[tuple[str, bool]], typed: str) -> bool | None:
    """The yes or no of a word of ``words`` or of a beginning of some that all say the same; else None."""
    said = {value for word, value in words if word.startswith(typed.rstrip("."))}
    return said.pop() if len(said) == 1 else None


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
        if said is None:
            said = _word(question.words, fold(text))
        if said is not None:
            return said
        raise Refused(_("{answer!r}: answer y or n").format(answer=Shown(text)))
    picked = matching(question.choices, text) if question.choices else []
    if len(picked) == 1:  # "valat" where card points are asked
        return picked[0].value
    points = read_points(text, profile)
    assert question.most is not None
    if points > question.most:
        most, total = render_points(question.most), render_points(profile.game.card_points_total)
        beyond = _("{answer!r} is more than the {most} left of the deck's {total}")
        raise Refused(beyond.format(answer=Shown(text), most=most, total=total))
    return points


def read_points(text: str, profile: Profile) -> Fraction:
    """Card points typed in any form the command line takes, within the deck; else :class:`Refused`."""
    problems = Collector()
    if (points := read_card_points("", text, profile, problems)) is None:
        raise Refused("; ".join(p.render(_) for p in problems.problems))
    return points


def matching(choices: Sequence[Choice], text: str) -> list[Choice]:
    """The choices ``text`` names: one by its name or another of its words, in any case, or by a
    beginning of them that no other shares; else every choice it is a beginning of (none: it
    names none). The guided entry's choices and the command line's names are read by this alone.
    A choice's own name (``king_ultimo``, as a hand file and the phones' buttons give it) is one
    of its words in every language."""
    key = fold(text)

    def words(c: Choice) -> list[str]:
        return [fold(w) for w in (c.label, c.value, *c.words) if w]

    exact = [c for c in choices if key in words(c)]
    if len(exact) == 1:
        return exact
    return [c for c in choices if any(w.startswith(key) for w in words(c))]


def only(choices: Sequence[Choice]) -> str | None:
    """The one choice the rules leave (a Forehand's contract: its declarer; a bonus one side alone may
    make: that side), taken unasked; else None: nothing nobody chose is an answer."""
    return choices[0].value if len(choices) == 1 else None


def typed_number(text: str) -> int | None:
    """A whole number as typed: decimal digits of any script ("４０", "٤٠"; "²" is none), never 5,000 of them."""
    return int(text) if text.isdecimal() and len(text) <= 6 else None


def _pick(question: Question, text: str) -> str:
    """A choice by its number, its name or another of its words, or a unique beginning of one, in any case."""
    # a name as it is; none, the talon, one's own King as the phones send them (never a name)
    sent = [c for c in question.choices if text in (c.value, *(SENT + w for w in c.words[:1]))]
    if len(sent) == 1:
        return sent[0].value
    if text.isdigit():
        for choice in question.choices:
            if choice.number == typed_number(text):
                return choice.value
        raise Refused(_("{answer!r} is not one of the numbers shown").format(answer=Shown(text)))
    starting = matching(question.choices, text)
    if len(starting) == 1:
        return starting[0].value
    if starting:
        said = _("{answer!r} could be {choices}: type more of it")
        raise Refused(said.format(answer=Shown(text), choices=", ".join(c.label for c in starting)))
    every = [w for c in question.choices for w in (c.label, *c.words) if w]
    hint = near_miss(text, every, any_case=True, cutoff=0.7)  # a guess only where it is close
    hint = translated(hint) if hint else ""  # the catalogue's "" is its header
    raise Refused(_("{answer!r} is not one of the choices{hint}").format(answer=Shown(text), hint=hint))


class Flow:
    """The questions of one hand under a profile; ``seats``: the table, ``players``: the four who play."""

    def __init__(self, profile: Profile, seats: Sequence[str], players: Sequence[str]) -> None:
        self.profile = profile
        self.seats = tuple(seats)
        self.players = tuple(players)
        # the players of this hand in seat order, as the prompts list them
        self.in_seats = tuple(p for p in self.seats if p in self.players)

    def seat_choices(self, names: Sequence[str]) -> tuple[Choice, ...]:
        """Players by name, each numbered by their seat at the table."""
        return tuple(Choice(p, p, self.seats.index(p) + 1) for p in self.in_seats if p in names)

    def bonuses_count(self, a: Mapping[str, Any]) -> bool:
        """Whether the hand's bonuses count: not where a revoker pays the contract alone
        (``renonce.rule = "offender_pays"``); none is asked then, a hand replaced keeps its own."""
        return not (a.get(RENONCE) and self.profile.renonce.rule == "offender_pays")

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
        contracts = tuple(
            Choice(c.name, named(c.name), i, c.aliases) for i, c in enumerate(p.contracts.values(), 1)
        )
        yield Question("contract", _("Contract"), Kind.CHOICE, _("contract"), contracts)
        contract = p.contracts[a["contract"]]
        if legality.everyone_for_themselves(contract):
            yield from self._trischaken(contract, a)
            return
        bidders = [x for x in self.players if legality.may_bid(contract, self.players.index(x))]
        choices = self.seat_choices(bidders)  # a Forehand's contract: his without a tap
        yield Question("declarer", _("Declarer"), Kind.CHOICE, _("declarer"), choices, only(choices))
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
                text = _("Did the declarer concede at once?")
                yield Question("conceded", text, Kind.YES_NO, _("conceded at once"), default=False)
                conceded = a["conceded"]
        king_half: str | None = None
        if called_king == "talon" and not conceded and (halves := legality.king_half_choices(p, contract)):
            yield self._king_half(halves)
            king_half = a["king_half"] or None
        outcome = not conceded  # a conceded hand is not played: nobody can revoke in it
        if outcome:
            yield self._renonce()
            outcome = not a[RENONCE]
        bonuses = (
            []
            if not self.bonuses_count(a)
            else legality.concession_bonuses(p, contract)
            if conceded
            else legality.possible_bonuses(p, contract, called_king, king_half)
        )
        if outcome:
            if legality.decided_by_tricks(contract):
                text = _("Did {declarer} win the {contract}?").format(
                    declarer=declarer, contract=named(contract.name)
                )
                yield Question("won", text, Kind.YES_NO, _("won"), words=WON_WORDS)
            else:
                side = (
                    declarer
                    if partner is None
                    else _("{declarer} and {partner}").format(declarer=declarer, partner=partner)
                )
                total = render_points(p.game.card_points_total)
                text = _("Card points of {players} (of {total})").format(players=side, total=total)
                # besides a count: a Valat, every trick to one side
                valat = (
                    (Choice(EVERY_TRICK, _("Valat"), None, ("valat",)),) if tricks.VALAT in bonuses else ()
                )
                most = p.game.card_points_total
                yield Question("card_points", text, Kind.POINTS, _("card points"), valat, most=most)
                if a["card_points"] == EVERY_TRICK:
                    yield from self._valat_made(declarer, partner, a)
                else:
                    yield from self._valat_proven(declarer, partner, a)
        kontra = not conceded and legality.kontra_on_contract_allowed(p, contract) and bool(p.playable_steps)
        if self.every_trick(a):  # entered with the card points
            bonuses = [b for b in bonuses if b != tricks.VALAT]
        if not kontra and not bonuses:
            return
        if not contract.requires_announced:  # else a bird is announced: no need to ask
            text = (
                _("Kontra or bonuses?") if kontra and bonuses else _("Kontra?") if kontra else _("Bonuses?")
            )
            yield Question("extras", text, Kind.YES_NO, text.rstrip("?"), default=False)
            if not a["extras"]:
                return
        if kontra:
            yield from self._kontra(contract, declarer, partner, a)
        yield from self._bonuses(bonuses, a, doubled=not conceded, outcome=outcome)

    def every_trick(self, a: Mapping[str, Any]) -> bool:
        """Whether the card points were answered by a Valat made (the side is asked after them)."""
        return a.get("card_points") == EVERY_TRICK

    def _valat_made(self, declarer: str, partner: str | None, a: Mapping[str, Any]) -> Iterator[Question]:
        """A Valat in place of the card points: which side took every trick, whether the Valat
        was announced, and the Kontra said on it (only an announced one can be doubled)."""
        declarers = [declarer] if partner is None else [declarer, partner]
        defenders = [x for x in self.in_seats if x not in declarers]
        sides = self._sides(
            tricks.VALAT, translated(and_listed(declarers)), translated(and_listed(defenders))
        )
        text, line = _("Valat: every trick to"), _("Valat, every trick to")
        yield Question(f"{VALAT_BET}:side", text, Kind.CHOICE, line, sides, only(sides))
        yield from self._bet(
            VALAT_BET, tricks.VALAT, a, made=False, doubled=bool(self.profile.playable_steps), outcome=True
        )

    def proven_side(self, a: Mapping[str, Any]) -> Side | None:
        """The side whose card points (answered) prove it took every trick: its Valat."""
        if not isinstance(a.get("card_points"), Fraction) or "contract" not in a:
            return None
        contract = self.profile.contracts[str(a["contract"])]
        return tricks.valat_proven(a["card_points"], None, contract, self.profile)

    def _valat_proven(self, declarer: str, partner: str | None, a: Mapping[str, Any]) -> Iterator[Question]:
        """Card points that prove a Valat ask whether it was one (no asks for the card points again)."""
        if (side := self.proven_side(a)) is None:
            return
        total = render_points(self.profile.game.card_points_total)
        if side is Side.DEFENDERS:
            said = _("The defenders hold all {total} card points: was it their Valat?")
        elif partner is None:
            said = _("{declarer} holds all {total} card points: was it {declarer}'s Valat?")
        else:
            said = _("{declarer} and {partner} hold all {total} card points: was it their Valat?")
        text = said.format(declarer=declarer, partner=partner, total=total)
        line = _("Valat (all {total} card points)").format(total=total)
        yield Question(VALAT_PROVEN, text, Kind.YES_NO, line, default=True)

    def _king_half(self, halves: Sequence[str]) -> Question:
        """Whose the talon half with the called King became; not said, it is in no trick."""
        words = {
            "declarer": (_("the declarer's"), ("declarer", "Spieler")),
            "defenders": (_("the Defenders'"), ("defenders", "Gegner", "Gegenspieler")),
        }
        choices = (
            Choice(NONE, _("not said (in no trick)"), 0, ("none", "-")),
            *(Choice(h, words[h][0], i, words[h][1]) for i, h in enumerate(halves, 1)),
        )
        text = _("Whose was the talon half with the called King?")
        return Question("king_half", text, Kind.CHOICE, _("the King's half"), choices, NONE)

    def _asked_points(self) -> Sequence[str]:
        """Whose card points Trischaken asks: all but the last's; everyone's where the talon is out."""
        return self.in_seats[:-1] if legality.trischaken_talon_counted(self.profile) else self.in_seats

    def _renonce(self) -> Question:
        """Who revoked, if anyone: a renonce decides the hand. Every renonce.rule (D28) scores it
        without the card points or tricks and gives each announced bonus, made or not, to the
        side that did not revoke (side_loses) or to each other player as if won (as_if_won), or
        scores the contract alone (offender_pays); so none of them is asked after it
        (rules/renonce.py). A silent bonus's outcome still is: the wronged side may claim one it
        can prove ([OÖ23 Renonce 7 via HT §7.9])."""
        none = Choice(NONE, _("none"), 0, NONE_WORDS)
        choices = (none, *self.seat_choices(self.players))
        return Question(
            RENONCE, _("Renonce: who revoked?"), Kind.CHOICE, _("renonce"), choices, NONE, quiet=True
        )

    def _trischaken(self, contract: Contract, a: Mapping[str, Any]) -> Iterator[Question]:
        """Who revoked; the card points of each player :meth:`_asked_points` names (none where a
        renonce decides the hand), and the Kontra."""
        left = self.profile.game.card_points_total
        yield self._renonce()
        for player in () if a[RENONCE] else self._asked_points():
            key = f"points:{player}"
            text = _("Card points of {player} (at most {left})").format(
                player=player, left=render_points(left)
            )
            line = _("card points of {player}").format(player=player)
            yield Question(key, text, Kind.POINTS, line, most=left)
            left -= a[key]
        if legality.kontra_on_contract_allowed(self.profile, contract) and self.profile.playable_steps:
            yield self._kontra_question("kontra", _("Kontra on Trischaken"), _("Kontra"))

    def trischaken_points(self, a: Mapping[str, Any]) -> dict[str, Fraction]:
        """Every player's card points in Trischaken: three as given, the fourth the rest."""
        given = {p: a[f"points:{p}"] for p in self._asked_points()}
        last = self.profile.game.card_points_total - sum(given.values(), Fraction(0))
        return {p: given.get(p, last) for p in self.players}

    def _partner(self, contract: Contract, declarer: str) -> Question:
        p = self.profile
        options = list(self.seat_choices([x for x in self.players if x != declarer]))
        # numbered after the seats, so that they are picked by number as the players are
        if legality.king_in_talon_allowed(p, contract):
            options.append(Choice(TALON, _("in the talon"), len(self.seats) + 1, ("talon", "Talon")))
        if legality.own_king_allowed(p, contract):
            number = len(self.seats) + 1 + (options[-1].value == TALON)
            options.append(Choice(OWN, _("own King"), number, ("own King", "own", "eigener König")))
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
            if said:
                text = _("Was the Kontra said before the talon (Hüttenfleck)?")
            else:
                text = _("Was Kontra said already before the talon (Hüttenfleck)?")
            yield Question("huettenfleck", text, Kind.YES_NO, _("Hüttenfleck"), default=False)

    def _kontra_question(self, key: str, prompt: str, label: str) -> Question:
        """A Kontra step on one bet: 0 = none, then each step the profile plays, numbered up the ladder."""
        steps = tuple(
            Choice(s.name, named(s.name), i, (*self.profile.step_aliases(s.name), *said_for(s.name)))
            for i, s in enumerate(self.profile.playable_steps, 1)
        )
        none = Choice(NONE, _("none"), 0, NONE_WORDS)
        return Question(key, prompt, Kind.CHOICE, label, (none, *steps), NONE)

    def _bonuses(
        self, bonuses: list[str], a: Mapping[str, Any], *, doubled: bool, outcome: bool
    ) -> Iterator[Question]:
        """The bonuses as the profile allows; ``doubled`` false: no Kontra (docs/rules/kontra.md §7);
        ``outcome`` false: a renonce decides an announced bonus, its outcome is not asked."""
        p = self.profile
        numbers = {name: i for i, name in enumerate(bonuses, 1)}
        chosen: list[str] = []
        for i in range(1, len(bonuses) + 1):
            left = [b for b in bonuses if b not in chosen]
            offered = (
                # none given yet: "none"; after one: "no more"
                Choice(NONE, _("none") if i == 1 else _("no more"), 0, NO_MORE),
                *(Choice(b, named(b), numbers[b], (*p.bonuses[b].aliases, *said_for(b))) for b in left),
            )
            key = f"bonus:{i}"
            text = _("Bonus") if i == 1 else _("Another bonus")
            yield Question(key, text, Kind.CHOICE, _("bonus {number}").format(number=i), offered, NONE)
            if not (name := a[key]):
                return
            chosen.append(name)
            sides = self._sides(name, _("declarers"), _("defenders"))
            alone = {  # a bonus one side alone may make (bonuses.NAME.side): said, not asked
                "declarers": _("{bonus}: only the declarers can make it"),
                "defenders": _("{bonus}: only the defenders can make it"),
            }
            fixed = only(sides)
            text = (alone[fixed] if fixed else _("{bonus}: for which side")).format(bonus=named(name))
            line = _("{bonus}, side").format(bonus=named(name))
            yield Question(f"{key}:side", text, Kind.CHOICE, line, sides, fixed)
            yield from self._bet(key, name, a, made=True, doubled=doubled, outcome=outcome)

    def _sides(self, bonus: str, declarers: str, defenders: str) -> tuple[Choice, ...]:
        """The sides that may make ``bonus``, each shown by its label. Neither is the default
        (:func:`only`): a side nobody chose is never taken as the declarers'."""
        sides = (
            Choice("declarers", declarers, 1, said_for("declarers", SIDE_WORDS)),
            Choice("defenders", defenders, 2, said_for("defenders", SIDE_WORDS)),
        )
        return tuple(c for c in sides if legality.may_make(self.profile.bonuses[bonus], c.value))

    def _bet(
        self, key: str, name: str, a: Mapping[str, Any], *, made: bool, doubled: bool, outcome: bool
    ) -> Iterator[Question]:
        """Whether bonus ``name`` was announced, whether it was made (``made``: asked; not of an
        announced bonus where a renonce decides it), and the Kontra on it; its questions' keys
        begin with ``key`` (``bonus:1``, ``valat``)."""
        bonus = self.profile.bonuses[name]
        shown = named(name)
        announced = False
        if legality.may_announce(bonus):
            text = _("{bonus}: announced?").format(bonus=shown)
            line = _("{bonus}, announced").format(bonus=shown)
            yield Question(f"{key}:announced", text, Kind.YES_NO, line, default=False, words=ANNOUNCED_WORDS)
            announced = a[f"{key}:announced"]
        # a renonce decides an announced bonus; a silent one's outcome is asked where the profile
        # lets the wronged side claim one it can prove (renonce.silent_claimed, [OÖ23 Renonce 7 via HT §7.9])
        if (
            made
            and legality.may_fail(bonus)
            and (outcome or (self.profile.renonce.silent_claimed and not announced))
        ):
            text = _("{bonus}: made?").format(bonus=shown)
            line = _("{bonus}, made").format(bonus=shown)
            yield Question(f"{key}:made", text, Kind.YES_NO, line, default=True, words=MADE_WORDS)
        if doubled and legality.may_double(bonus, announced):
            text = _("{bonus}: Kontra on it").format(bonus=shown)
            yield self._kontra_question(f"{key}:kontra", text, _("{bonus}, Kontra").format(bonus=shown))

    def notes(self, a: Mapping[str, Any]) -> list[str]:
        """What the summary shows besides the answers of a complete hand (Trischaken's fourth)."""
        if "contract" not in a or self.walk(a)[1] is not None or a.get(RENONCE):
            return []
        contract = self.profile.contracts[str(a["contract"])]
        if not legality.everyone_for_themselves(contract) or not legality.trischaken_talon_counted(
            self.profile
        ):
            return []
        last = self.in_seats[-1]
        return [
            _("card points of {player}: {points}, the rest of {total}").format(
                player=last,
                points=render_points(self.trischaken_points(a)[last]),
                total=render_points(self.profile.game.card_points_total),
            )
        ]

    def _sitter_named(self, question: Question, text: str) -> str | None:
        """The player sitting this hand out, where ``text`` names him (his name, a beginning only he
        has, his seat's number) as the answer to a question that offers the players; else None."""
        out = [p for p in self.seats if p not in self.players]
        if len(out) != 1 or not any(c.value in self.seats for c in question.choices):
            return None
        sitter = Choice(out[0], out[0], self.seats.index(out[0]) + 1)
        text = text.strip()
        if text.isdigit():
            return out[0] if typed_number(text) == sitter.number else None
        return out[0] if matching([*question.choices, sitter], text) == [sitter] else None

    def read(self, question: Question, text: str) -> Answer:
        """A typed answer to ``question``; raise :class:`Refused`, or :class:`AskAgain` for "no Valat"."""
        try:
            value = read_answer(question, text, self.profile)
        except Refused:
            if (sitter := self._sitter_named(question, text)) is None:
                raise
            sits_out = _(
                "{value!r} deals this hand and sits it out (a table of five); the hand is played by {names}"
            )
            raise Refused(sits_out.format(value=Shown(sitter), names=", ".join(self.players))) from None
        if question.key == VALAT_PROVEN and value is False:
            raise AskAgain(
                _(
                    "no Valat: then the card points are wrong, for all {total} card points to one side mean it took every trick; give the card points again"
                ).format(total=render_points(self.profile.game.card_points_total)),
                "card_points",
            )
        return value
