"""The tables of a profile, as records that mirror the TOML, and the one table of their keys.

Each ``[table]`` of a profile file is a frozen record here (:class:`Game`, :class:`Settlement`,
:class:`KontraRules`, …); each of its fields is one key, declared once with :func:`key` (its
TOML name where it differs, its minimum, its default). :func:`read_table` validates a table
from that declaration, and :func:`key_path` gives the key path a line of ``--explain`` names
(``key_path(ValatRules.solo_doubles)`` is ``"valat.solo_doubles"``), so no key path is typed by
hand (core layer, pure).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, TypeVar

from tarockscore.rules.reader import Reader

T = TypeVar("T")


class Family(StrEnum):
    KOENIGRUFEN = "koenigrufen"
    ZWANZIGERRUFEN = "zwanzigerrufen"


class SettlementMode(StrEnum):
    SIMPLIFIED = "simplified"
    ZERO_SUM = "zero_sum"


class KontraScope(StrEnum):
    SCORE = "score"
    PAYOUT = "payout"


class NegativeKontra(StrEnum):
    INDIVIDUAL = "individual"
    COLLECTIVE = "collective"


class HuettenfleckScope(StrEnum):
    CONTRACT = "contract"
    HAND = "hand"


class ValatModel(StrEnum):
    MULTIPLIER = "multiplier"
    FIXED = "fixed"


class ValatBonuses(StrEnum):
    NONE = "none"
    ANNOUNCED = "announced"
    ALL = "all"


class CalledKingRule(StrEnum):
    REDEAL = "redeal"
    TRADITIONAL = "traditional"


class ConcedePays(StrEnum):
    CONTRACT = "contract"
    CONTRACT_AND_ANNOUNCED = "contract_and_announced"


class RenonceRule(StrEnum):
    SIDE_LOSES = "side_loses"
    OFFENDER_PAYS = "offender_pays"
    # The revoker pays each other player what that player would have received had their side
    # won the contract and every announced bonus; two revokers share it.
    AS_IF_WON = "as_if_won"


class Bidders(StrEnum):
    """Who may bid a contract."""

    ANYONE = "anyone"
    FOREHAND = "forehand"  # only the first in hand (Forehand)


class Rounding(StrEnum):
    """How a payment that does not split evenly among several receivers is made whole."""

    UP = "up"  # the payer pays more, up to the next amount that splits evenly
    DOWN = "down"  # the payer pays less, down to the next amount that splits evenly


class Ties(StrEnum):
    SHARE = "share"
    SEAT_ORDER = "seat_order"


class Virgins(StrEnum):
    TAKE_ALL = "take_all"
    NONE = "none"


class RadlEvent(StrEnum):
    """What arms a Radl (a round of doubled hands), as a house rule: each is read off a scored hand."""

    VALAT = "valat"  # a Valat was made, by either side
    MONDFANG = "mondfang"  # the Mondfang bonus was made (WTC19's example: "z.B. nach Mondfang")
    TRISCHAKEN = "trischaken"  # Trischaken was played: everybody passed


class Kind(StrEnum):
    POSITIVE = "positive"
    NEGATIVE = "negative"
    TRISCHAKEN = "dodge"  # everybody passed: each for themselves (the TOML value stays "dodge")


class Team(StrEnum):
    CALLED = "called"
    ALONE = "alone"
    EVERYONE = "everyone"


def key(*, toml: str = "", minimum: int | None = None, default: Any = MISSING, read: bool = True) -> Any:
    """One key of a profile table: its TOML name if not the field's, its minimum, its default.

    ``read=False``: a key with a shape of its own (the Kontra ladder), read by hand.
    """
    meta = {"toml": toml, "minimum": minimum, "read": read}
    if default is MISSING:
        return field(metadata=meta)
    return field(default=default, metadata=meta)


class Table:
    """A record of one profile table; ``TABLE`` is its name in the file."""

    __slots__ = ()
    TABLE: ClassVar[str]


_SCALARS: dict[str, type] = {"bool": bool, "int": int, "Fraction": Fraction}


def _kind(annotation: object) -> type:
    """The type a key is read as, from its field's annotation (a string here)."""
    if isinstance(annotation, type):
        return annotation
    name = str(annotation)
    kind = _SCALARS.get(name) or globals().get(name)
    if not isinstance(kind, type):  # pragma: no cover - a declaration error
        raise TypeError(f"no reader for a key of type {name!r}")
    return kind


def read_table(reader: Reader, cls: type[T], **given: Any) -> T:
    """A table's record, each declared key read and checked; ``given`` supplies the keys read by hand."""
    values = dict(given)
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name in given or not f.metadata.get("read", True):
            continue
        name = f.metadata.get("toml") or f.name
        default = None if f.default is MISSING else f.default
        kind = _kind(f.type)
        if kind is bool:
            values[f.name] = reader.flag(name, default)
        elif kind is int:
            values[f.name] = reader.number(name, default, minimum=f.metadata.get("minimum"))
        elif kind is Fraction:
            values[f.name] = reader.points(name)
        elif isinstance(kind, type) and issubclass(kind, StrEnum):
            values[f.name] = reader.choice(name, kind, default)
        else:  # pragma: no cover - a declaration error, caught by the tests of every profile
            raise TypeError(f"{cls.__name__}.{f.name}: no reader for {kind!r}")
    return cls(**values)


@cache
def key_path(table: type[Table], name: str) -> str:
    """The key path of a record's field: ``key_path(ValatRules, "solo_doubles")`` → ``"valat.solo_doubles"``.

    The field must exist (a misspelt name fails at once), and its TOML name comes from its
    declaration (``key_path(KontraRules, "trischaken")`` → ``"kontra.dodge_round"``).
    """
    for f in fields(table):  # type: ignore[arg-type]
        if f.name == name:
            return f"{table.TABLE}.{f.metadata.get('toml') or name}"
    raise AttributeError(f"{table.__name__} has no key {name!r}")


@dataclass(frozen=True, slots=True)
class KontraStep:
    name: str
    multiplier: int
    level: int  # 1 = Kontra, 2 = Rekontra, …


@dataclass(frozen=True, slots=True)
class Game(Table):
    TABLE: ClassVar[str] = "game"
    family: Family = key()
    players: int = key(minimum=4)
    card_points_total: Fraction = key()
    win_threshold: Fraction = key()
    thirds: bool = key()
    talon: bool = key()
    announced_factor: int = key(minimum=1)
    solo_bonus_factor: int = key(minimum=1)
    call_own_king: bool = key(default=False)


@dataclass(frozen=True, slots=True)
class Settlement(Table):
    TABLE: ClassVar[str] = "settlement"
    mode: SettlementMode = key()
    kontra_scope: KontraScope = key()


@dataclass(frozen=True, slots=True)
class KontraRules(Table):
    TABLE: ClassVar[str] = "kontra"
    ladder: tuple[KontraStep, ...] = key(read=False)
    ceiling: int = key(read=False)  # how many steps of the ladder may be said
    aliases: Mapping[str, str] = key(read=False)
    negative: NegativeKontra = key()
    trischaken: bool = key(toml="dodge_round")  # Kontra on Trischaken
    huettenfleck: bool = key()
    huettenfleck_multiplier: int = key(minimum=1)
    huettenfleck_scope: HuettenfleckScope = key()


@dataclass(frozen=True, slots=True)
class BonusRules(Table):
    TABLE: ClassVar[str] = "bonus_rules"
    silent_failure_counts: bool = key()
    defender_announce_requires_kontra: bool = key()
    defender_announce_implies_kontra: bool = key()


@dataclass(frozen=True, slots=True)
class ValatRules(Table):
    TABLE: ClassVar[str] = "valat"
    model: ValatModel = key()
    silent: int = key(minimum=1)
    announced: int = key(minimum=1)
    bonuses: ValatBonuses = key()
    cancels_game_kontra: bool = key()
    solo_doubles: bool = key()
    silent_min_rule: bool = key()


@dataclass(frozen=True, slots=True)
class CalledKingInTalon(Table):
    TABLE: ClassVar[str] = "called_king_in_talon"
    rule: CalledKingRule = key()
    concede_pays: ConcedePays = key()
    solo_kontra_void: bool = key()


@dataclass(frozen=True, slots=True)
class RenonceRules(Table):
    """A renonce; under ``rule = "as_if_won"`` a revoker in Trischaken pays each other player
    ``trischaken_each`` times the contract's value, ×``trischaken_forehand_factor`` as Forehand."""

    TABLE: ClassVar[str] = "renonce"
    rule: RenonceRule = key()
    trischaken_each: int = key(minimum=1, default=1)
    trischaken_forehand_factor: int = key(minimum=1, default=1)


@dataclass(frozen=True, slots=True)
class Trischaken(Table):
    TABLE: ClassVar[str] = "trischaken"
    losers: int = key(minimum=1)
    ties: Ties = key()
    forehand_loses_ties: bool = key()
    mayor_threshold: Fraction = key()
    mayor_factor: int = key(minimum=1)
    forehand_factor: int = key(minimum=1)
    virgins: Virgins = key()
    rounding: Rounding = key(default=Rounding.UP)


@dataclass(frozen=True, slots=True)
class Radl(Table):
    """Doubled rounds: each event arms ``hands`` more hands scored ×``factor``; none by default."""

    TABLE: ClassVar[str] = "radl"
    events: tuple[RadlEvent, ...] = key(default=(), read=False)
    hands: int = key(minimum=1, default=4)
    factor: int = key(minimum=2, default=2)
