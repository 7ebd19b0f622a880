"""The tables of a profile, as records that mirror the TOML, and the one table of their keys.

Each ``[table]`` of a profile file is an immutable record here (:class:`Game`, :class:`Settlement`,
:class:`KontraRules`, …); each of its fields is one key, its type and default those of the field,
and beside the record one :class:`Keys` declares the rest (the table's name, TOML names where
they differ, minimums). :func:`read_table` validates a table from that declaration, and :func:`key_path` gives the key path a line of ``--explain`` names
(``key_path(ValatRules.solo_doubles)`` is ``"valat.solo_doubles"``), so no key path is typed by
hand (core layer, pure).
"""

# No `from __future__ import annotations` here: typing.NamedTuple compiles every string
# annotation of its fields when the class is made, at each start-up.
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from typing import Any, Literal, NamedTuple, TypeVar, get_args, get_origin

from tarockscore.errors import N_, Collector
from tarockscore.rules.reader import Reader
from tarockscore.rules.text import text_problem

T = TypeVar("T")


# The closed sets of words a key may take: each a ``Literal`` of the words the TOML file writes,
# which the code compares as they are ("zero_sum"), so a misspelt word is a type error. (An
# ``Enum`` per key cost about 50 µs each to create, at every start.)
Family = Literal["koenigrufen", "zwanzigerrufen"]
SettlementMode = Literal["simplified", "zero_sum"]
KontraScope = Literal["score", "payout"]
NegativeKontra = Literal["individual", "collective"]
HuettenfleckScope = Literal["contract", "hand"]
ValatModel = Literal["multiplier", "fixed"]
# Which bonuses still count in a Valat hand: none; the announced ones; all; "trick", the bonuses
# made in a trick (the birds, the King ultimo, the catches) but no material bonus (Trull, Four
# Kings, Säcke: ``[bonuses.NAME] material``) [TIR20 6)]; "trick_or_announced", the trick bonuses
# and the material ones announced, a silent material bonus being "inkludiert" [WTC20 Prämien].
ValatBonuses = Literal["none", "announced", "all", "trick", "trick_or_announced"]
CalledKingRule = Literal["redeal", "traditional"]
ConcedePays = Literal["contract", "contract_and_announced"]
# "as_if_won": the revoker pays each other player what that player would have received had
# their side won the contract and every announced bonus; two revokers share it.
RenonceRule = Literal["side_loses", "offender_pays", "as_if_won"]
# Who may bid a contract: anyone, or only the first in hand (Forehand).
Bidders = Literal["anyone", "forehand"]
# Which side may make a bonus: either, or only the declarers' (the King ultimo) or the Defenders'.
BonusSide = Literal["either", "declarers", "defenders"]
# How a payment that does not split evenly among several receivers is made whole: "up", the
# payer pays more, up to the next amount that splits evenly; "down", the payer pays less.
Rounding = Literal["up", "down"]
Ties = Literal["share", "seat_order"]
# Where the talon's card points go in Trischaken: "counted", into the players' tricks (their
# card points add up to the deck's total); "out", out of play (they add up to the total less
# the talon's).
TrischakenTalon = Literal["counted", "out"]
# Which of the talon's cards count for the declarer side in a contract (``[contracts.NAME]
# talon_share``): "half", his discards (the other half goes to the Defenders); "all", all six
# discards (the Sechserdreier); "none", the whole talon goes to the Defenders (the solo contracts).
TalonShare = Literal["none", "half", "all"]
# What a bonus needs of the called King: "played" in a trick (the King ultimo), or "caught" in
# the Defenders' tricks (GameTwist's Königfang).
CalledKingNeed = Literal["played", "caught"]
# take_all: a player without a trick takes the losers' whole payment; none: no rule; collect: each
# player without a trick is paid the value by every other player, instead of the losers' payment
# ([TIR20 5)] "Eine Jungfrau (kein Stich) kassiert sechs Punkte (3 x 2)").
Virgins = Literal["take_all", "none", "collect"]
# What arms a Radl (a round of doubled hands), as a house rule, each read off a scored hand:
# a Valat made by either side; the Mondfang bonus made (WTC19's example: "z.B. nach Mondfang");
# Trischaken played (everybody passed).
RadlEvent = Literal["valat", "mondfang", "trischaken"]
# Who plays a contract together: the declarer and the holder of the called card, the declarer
# alone against the rest, or everyone for themselves (Trischaken).
Team = Literal["called", "alone", "everyone"]


class Kind(StrEnum):
    POSITIVE = "positive"
    NEGATIVE = "negative"
    TRISCHAKEN = "dodge"  # everybody passed: each for themselves (the TOML value stays "dodge")


class Keys:
    """How a table's keys are read beyond their fields' types and defaults: the table's name in
    the file, the TOML names that differ from the fields', the minimums, and the keys read by hand
    (the Kontra ladder, which has a shape of its own)."""

    __slots__ = ("table", "toml", "minimum", "by_hand")

    def __init__(
        self,
        table: str,
        *,
        toml: Mapping[str, str] | None = None,
        minimum: Mapping[str, int] | None = None,
        by_hand: tuple[str, ...] = (),
    ) -> None:
        self.table = table
        self.toml = dict(toml or {})
        self.minimum = dict(minimum or {})
        self.by_hand = frozenset(by_hand)


_KEYS: dict[type, Keys] = {}


def declare(cls: type, keys: Keys) -> None:
    """Register how the keys of a table's record are read (see :class:`Keys`)."""
    for name in (*keys.toml, *keys.minimum, *keys.by_hand):
        if name not in cls.__annotations__:  # pragma: no cover - a declaration error
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    _KEYS[cls] = keys


_SCALARS: dict[str, type] = {"bool": bool, "int": int, "Fraction": Fraction}


def _kind(annotation: object) -> object:
    """The type a key is read as, from its field's annotation: a type, or a ``Literal`` of words."""
    if isinstance(annotation, type) or get_origin(annotation) is Literal:
        return annotation
    name = str(getattr(annotation, "__forward_arg__", annotation))
    kind = _SCALARS.get(name) or globals().get(name)
    if not (isinstance(kind, type) or get_origin(kind) is Literal):  # pragma: no cover - a declaration error
        raise TypeError(f"no reader for a key of type {name!r}")
    return kind


def read_table(reader: Reader, cls: type[T], **given: Any) -> T:
    """A table's record, each declared key read and checked; ``given`` supplies the keys read by hand."""
    keys = _KEYS[cls]
    values = dict(given)
    defaults: dict[str, Any] = getattr(cls, "_field_defaults")  # noqa: B009 - any record type
    for name, annotation in cls.__annotations__.items():
        if name in given or name in keys.by_hand:
            continue
        toml = keys.toml.get(name, name)
        default = defaults.get(name)
        kind = _kind(annotation)
        if kind is bool:
            values[name] = reader.flag(toml, default)
        elif kind is int:
            values[name] = reader.number(toml, default, minimum=keys.minimum.get(name))
        elif kind is Fraction:
            values[name] = reader.points(toml)
        elif get_origin(kind) is Literal:
            values[name] = reader.word(toml, get_args(kind), default)
        else:  # pragma: no cover - a declaration error, caught by the tests of every profile
            raise TypeError(f"{cls.__name__}.{name}: no reader for {kind!r}")
    return cls(**values)


def key_path(table: type, name: str) -> str:
    """The key path of a record's field: ``key_path(ValatRules, "solo_doubles")`` → ``"valat.solo_doubles"``.

    The field must exist (a misspelt name fails at once), and its TOML name comes from its
    declaration (``key_path(KontraRules, "trischaken")`` → ``"kontra.dodge_round"``).
    """
    keys = _KEYS[table]
    if name in table.__annotations__:
        return f"{keys.table}.{keys.toml.get(name, name)}"
    raise AttributeError(f"{table.__name__} has no key {name!r}")


def key_paths() -> frozenset[str]:
    """Every key path of a profile's tables (``game.announced_factor``, ``kontra.ladder``, …)."""
    return frozenset(key_path(table, name) for table in _KEYS for name in table.__annotations__)


SOURCE_LIMIT = 500  # characters of one citation: a quoted sentence, its source and the other reading


def read_sources(r: Reader, steps: int, problems: Collector) -> dict[str, str]:
    """The optional ``[sources]`` table: a citation for each key path it names (a Kontra step
    as ``kontra.ladder[N]``, N from 0)."""
    known = key_paths()
    ladder = key_path(KontraRules, "ladder")
    out: dict[str, str] = {}
    for key in r.data:
        path, bracket, index = key.partition("[")
        step = index[:-1] if bracket and index.endswith("]") else None
        if path not in known or (bracket and (path != ladder or not (step or "").isdigit())):
            problems.add(
                r.where(repr(key)),
                N_(
                    "{key!r} is not a key of a profile's tables (e.g. game.announced_factor, kontra.ladder[0])"
                ),
                key=key,
            )
        elif step is not None and int(step) >= steps:
            problems.add(
                r.where(repr(key)), N_("{key!r}: the ladder has {steps} steps"), key=key, steps=steps
            )
        given = r.raw(key)
        text = r.text(key)  # a value that is no string is said once, by the reader
        if isinstance(given, str) and (wrong := text_problem(text, limit=SOURCE_LIMIT)) is not None:
            problems.add(r.where(repr(key)), N_("{text!r}: {wrong}"), text=text, wrong=wrong)
        out[key] = text
    r.finish()
    return out


def setting(table: type, name: str, value: object) -> str:
    """A key with its value, as a note names the rule it follows: ``renonce.rule = 'as_if_won'``."""
    shown = value.value if isinstance(value, StrEnum) else value
    return f"{key_path(table, name)} = {shown!r}"


class KontraStep(NamedTuple):
    name: str
    multiplier: int
    level: int  # 1 = Kontra, 2 = Rekontra, …


class Game(NamedTuple):
    family: Family
    players: int
    card_points_total: Fraction
    win_threshold: Fraction
    thirds: bool
    talon: bool
    announced_factor: int
    solo_bonus_factor: int
    call_own_king: bool = False
    # the fewest and the most card points the talon's cards can hold (read by hand: two points);
    # None where the profile does not say (a talon's points are then not checked)
    talon_card_points: tuple[Fraction, Fraction] | None = None
    # Every card counts for something (Königrufen: at least ⅓), so a side with no card point
    # holds no card and took no trick; false where blank cards count nothing (Zwanzigerrufen).
    every_card_counts: bool = False


declare(
    Game,
    Keys(
        "game",
        minimum={"players": 4, "announced_factor": 1, "solo_bonus_factor": 1},
        by_hand=("talon_card_points",),
    ),
)


class Settlement(NamedTuple):
    mode: SettlementMode
    kontra_scope: KontraScope


declare(Settlement, Keys("settlement"))


class KontraRules(NamedTuple):
    ladder: tuple[KontraStep, ...]
    ceiling: int  # how many steps of the ladder may be said
    aliases: Mapping[str, str]
    negative: NegativeKontra
    trischaken: bool  # Kontra on Trischaken
    huettenfleck: bool
    huettenfleck_multiplier: int
    huettenfleck_scope: HuettenfleckScope


declare(
    KontraRules,
    Keys(
        "kontra",
        toml={"trischaken": "dodge_round"},
        minimum={"huettenfleck_multiplier": 1},
        by_hand=("ladder", "ceiling", "aliases"),
    ),
)


class BonusRules(NamedTuple):
    silent_failure_counts: bool
    defender_announce_requires_kontra: bool
    defender_announce_implies_kontra: bool
    # With silent_failure_counts, the bonuses whose silent failure goes to the other side (D13);
    # None (the key left out): every bonus.
    silent_failure_bonuses: tuple[str, ...] | None = None


declare(BonusRules, Keys("bonus_rules", by_hand=("silent_failure_bonuses",)))


class ValatRules(NamedTuple):
    model: ValatModel
    silent: int
    announced: int
    bonuses: ValatBonuses
    cancels_game_kontra: bool
    solo_doubles: bool
    silent_min_rule: bool
    # False: no Kontra may be said on the game when the Valat is announced [WTC19 Valat] ("In
    # einem angesagten Valat kann das Spiel nicht kontriert werden"); a hand with both is refused.
    game_kontra_when_announced: bool = True
    # False: ``cancels_game_kontra`` voids the game's Kontra beside a silent Valat only; beside an
    # announced one the game's Kontra counts ([WTC20 Prämien] "Wurde das Spiel bei einem stillen
    # Valat kontriert, so zählt das Kontra nicht"; "Selbstverständlich kann das Spiel und der
    # Valat kontriert werden").
    cancels_game_kontra_announced: bool = True


declare(ValatRules, Keys("valat", minimum={"silent": 1, "announced": 1}))


class CalledKingInTalon(NamedTuple):
    rule: CalledKingRule
    concede_pays: ConcedePays
    solo_kontra_void: bool


declare(CalledKingInTalon, Keys("called_king_in_talon"))


class RenonceRules(NamedTuple):
    """A renonce; under ``rule = "as_if_won"`` a revoker in Trischaken pays each other player
    ``trischaken_each`` times the contract's value, ×``trischaken_forehand_factor`` as Forehand."""

    rule: RenonceRule
    trischaken_each: int = 1
    trischaken_forehand_factor: int = 1


declare(RenonceRules, Keys("renonce", minimum={"trischaken_each": 1, "trischaken_forehand_factor": 1}))


class Trischaken(NamedTuple):
    losers: int
    ties: Ties
    forehand_loses_ties: bool
    mayor_threshold: Fraction
    mayor_factor: int
    forehand_factor: int
    virgins: Virgins
    rounding: Rounding = "up"
    talon: TrischakenTalon = "counted"
    # True: a Bürgermeister with the most card points, or a Forehand with the most, pays alone
    # (each other player), however many ``losers`` pay otherwise ([TIR20 5)] "Ein Bürgermeister
    # … zahlt sechs Punkte (3 x 2)"; "Hat die Vorhand die meisten Punkte, zahlt sie ebenfalls
    # sechs Punkte (3 x 2)").
    mayor_alone: bool = False
    forehand_alone: bool = False
    # A Forehand who is also the Bürgermeister: this factor instead of mayor_factor ×
    # forehand_factor; 0 = their product ([TIR20 5)] "als Bürgermeister doppelt (3 x 4)").
    forehand_mayor_factor: int = 0


declare(
    Trischaken,
    Keys(
        "trischaken",
        minimum={"losers": 1, "mayor_factor": 1, "forehand_factor": 1, "forehand_mayor_factor": 0},
    ),
)


class Radl(NamedTuple):
    """Doubled rounds: each event arms ``hands`` more hands scored ×``factor``; none by default."""

    events: tuple[RadlEvent, ...] = ()
    hands: int = 4
    factor: int = 2


declare(Radl, Keys("radl", minimum={"hands": 1, "factor": 2}, by_hand=("events",)))
