"""House-rule profiles: the typed model and its tables of keys, read and checked (core layer, no I/O)."""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, TypeVar, get_args, get_origin

from tarockscore.errors import N_, Collector, ProfileError, near_miss, one_of, reason
from tarockscore.rules.hand import parse_points, render_points
from tarockscore.rules.words import MAX_NAME, MAX_TEXT, MAXIMUM, PLAYERS_WORDS, Reader, fold, text_problem

T = TypeVar("T")


# The closed sets of words a key may take, compared as the TOML file writes them (the meaning of
# each word: docs/rules/).
Family = Literal["koenigrufen", "zwanzigerrufen"]
SettlementMode = Literal["simplified", "zero_sum"]
KontraScope = Literal["score", "payout"]
NegativeKontra = Literal["individual", "collective"]
HuettenfleckScope = Literal["contract", "hand"]
ValatModel = Literal["multiplier", "fixed"]
# Which bonuses still count in a Valat hand ("trick": those made in a trick, no material bonus).
ValatBonuses = Literal["none", "announced", "all", "trick", "trick_or_announced"]
CalledKingRule = Literal["redeal", "traditional"]
ConcedePays = Literal["contract", "contract_and_announced"]
RenonceRule = Literal["side_loses", "offender_pays", "as_if_won"]
Bidders = Literal["anyone", "forehand"]
BonusSide = Literal["either", "declarers", "defenders"]
# How a payment that does not split evenly is made whole: the payer pays more ("up") or less.
Rounding = Literal["up", "down"]
# "down": a contract's value may be a fraction, each bet rounded down after every factor.
ValueRounding = Literal["whole", "down"]
Ties = Literal["share", "seat_order"]
# How the Trischaken's losers pay: each loser the full value, shared among them, or as one group.
TrischakenPayment = Literal["each", "shared", "group"]
# Where the talon's card points go in Trischaken: into the players' tricks, or out of play.
TrischakenTalon = Literal["counted", "out"]
# Which of the talon's cards count for the declarer side in a contract.
TalonShare = Literal["none", "half", "all"]
# What a bonus needs of the called King: played in a trick, or caught by the Defenders.
CalledKingNeed = Literal["played", "caught"]
Virgins = Literal["take_all", "none", "collect"]
# Two players tied in the middle of the Trischaken's places (two pay, two receive): as ``ties``
# says, or both "go away empty" while the highest pays the lowest once ("empty") or both shares.
MiddleTie = Literal["ties", "empty", "empty_double"]
# What arms a Radl (a round of doubled hands), each read off a scored hand.
RadlEvent = Literal["valat", "mondfang", "trischaken"]
Team = Literal["called", "alone", "everyone"]


class Kind(StrEnum):
    POSITIVE = "positive"
    NEGATIVE = "negative"
    TRISCHAKEN = "dodge"  # everybody passed: each for themselves (the TOML value stays "dodge")


# How each declared record's keys are read, worked out once as its table is declared: per field,
# its key path and a function reading its key (its type, default and minimum bound in).
_FIELDS: dict[type, tuple[tuple[str, Callable[[Reader], Any]], ...]] = {}
_PATHS: dict[type, dict[str, str]] = {}
_KEY_PATHS: set[str] = set()


def declare(
    cls: type,
    table: str,
    toml: Mapping[str, str] | None = None,
    minimum: Mapping[str, int] | None = None,
    maximum: Mapping[str, int] | None = None,
) -> None:
    """Register how the keys of a table's record are read: ``toml`` names a key the file spells
    differently from its field, ``minimum`` and ``maximum`` bound a number; the rest follows each
    field's type."""
    toml, minimum, maximum = toml or {}, minimum or {}, maximum or {}
    for name in (*toml, *minimum, *maximum):
        if name not in cls.__annotations__:  # pragma: no cover - a declaration error
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    defaults: dict[str, Any] = getattr(cls, "_field_defaults")  # noqa: B009 - any record type
    fields = []
    _PATHS[cls] = {}
    for name, annotation in cls.__annotations__.items():
        key = toml.get(name, name)
        _PATHS[cls][name] = f"{table}.{key}"
        if table:
            _KEY_PATHS.add(f"{table}.{key}")
        read = _reading(annotation, key, defaults.get(name), minimum.get(name), maximum.get(name, MAXIMUM))
        if read is not None:  # else a key read by hand, given to read_table
            fields.append((name, read))
    _FIELDS[cls] = tuple(fields)


def _reading(
    kind: Any, key: str, default: Any, minimum: int | None, maximum: int
) -> Callable[[Reader], Any] | None:
    """How a key of type ``kind`` is read, or None where no type of a reader fits."""
    if type(None) in get_args(kind):  # ``X | None``: None where the key is not given
        read = _reading(get_args(kind)[0], key, default, minimum, maximum)
        return None if read is None else lambda r: read(r) if key in r.data else None
    if kind is bool:
        return lambda r: r.flag(key, default)
    if kind is int:
        return lambda r: r.number(key, default, minimum=minimum, maximum=maximum)
    if kind is str:
        return lambda r: r.text(key, default)
    if kind is Fraction:
        return lambda r: default if default is not None and key not in r.data else r.points(key)
    if kind == tuple[str, ...]:
        return lambda r: r.str_list(key, default or ())
    if get_origin(kind) is Literal:
        words = get_args(kind)
        return lambda r: r.word(key, words, default)
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        values = tuple(member.value for member in kind)
        return lambda r: kind(r.word(key, values, default))
    return None


def read_table(reader: Reader, cls: type[T], **given: Any) -> T:
    """A table's record, each key read as its field's type says; ``given`` supplies the keys read by hand."""
    return cls(**given, **{name: read(reader) for name, read in _FIELDS[cls] if name not in given})


def key_path(table: type, name: str) -> str:
    """The key path of a record's field: ``key_path(ValatRules, "solo_doubles")`` → ``"valat.solo_doubles"``."""
    try:
        return _PATHS[table][name]
    except KeyError:
        raise AttributeError(f"{table.__name__} has no key {name!r}") from None


def key_paths() -> frozenset[str]:
    """Every key path of a profile's tables (``game.announced_factor``, ``kontra.ladder``, …); a contract's and a bonus's keys sit under their names."""
    return frozenset(_KEY_PATHS)


def default_at(path: str) -> object:
    """The value a key path has where no file sets it (``valat.multiplies_bonuses``: False; a
    contract's or bonus's key, ``contracts.NAME.kontra``: the field's), or None where it has none."""
    parts = path.split(".")
    kind = {"contracts": Contract, "bonuses": Bonus}.get(parts[0]) if len(parts) == 3 else None
    if kind is not None and parts[-1] == "enabled":  # read by hand: on unless switched off
        return True
    for cls, paths in _PATHS.items():
        for name, key in paths.items():
            if (cls is kind and key == f".{parts[-1]}") or (kind is None and key == path):
                return getattr(cls, "_field_defaults").get(name)  # noqa: B009 - any record type
    return None


SOURCE_LIMIT = 500  # characters of one citation: a quoted sentence, its source and the other reading


def read_sources(r: Reader, steps: int, problems: Collector) -> dict[str, str]:
    """The optional ``[sources]`` table: a citation for each key path it names (``kontra.ladder[N]``)."""
    ladder = key_path(KontraRules, "ladder")
    out: dict[str, str] = {}
    for key in r.data:
        path, bracket, index = key.partition("[")
        step = index[:-1] if bracket and index.endswith("]") else None
        if path not in _KEY_PATHS or (bracket and (path != ladder or not (step or "").isdigit())):
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


def _text(problems: Collector, where: str, value: object, limit: int) -> None:
    """A profile's own text (a name, a title, a source): printed on every sheet, so plain and short."""
    if not isinstance(value, str):
        return  # a value of the wrong type is said once, by the reader
    if not value.strip():
        problems.add(where, N_("{text!r}: empty; write some text, or leave the key out"), text=value)
    elif (wrong := text_problem(value, limit=limit)) is not None:
        problems.add(where, N_("{text!r}: {wrong}"), text=value, wrong=wrong)


def check_texts(document: Mapping[str, Any], problems: Collector) -> None:
    """The texts a profile file gives (its name, titles and sources, the names and aliases of its
    contracts, bonuses and Kontra steps): neither empty, nor holding what a terminal does not show
    as text, nor longer than a sheet prints. Checked where a profile file is read, not in a
    stored ledger, which keeps the profile it was begun with."""
    _text(problems, "name", document.get("name"), MAX_NAME)
    for key in ("title", "title_de"):
        _text(problems, key, document.get(key), MAX_TEXT)
    _text(problems, "source", document.get("source"), SOURCE_LIMIT)
    for kind in ("contracts", "bonuses"):
        entries = document.get(kind)
        for name, entry in entries.items() if isinstance(entries, dict) else ():
            _text(problems, f"{kind}.{name}", name, MAX_NAME)
            if not isinstance(entry, dict):
                continue
            _text(problems, f"{kind}.{name}.source", entry.get("source"), SOURCE_LIMIT)
            aliases = entry.get("aliases")
            for i, alias in enumerate(aliases if isinstance(aliases, list) else ()):
                _text(problems, f"{kind}.{name}.aliases[{i}]", alias, MAX_NAME)
    kontra = document.get("kontra")
    if isinstance(kontra, dict):
        ladder = kontra.get("ladder")
        for i, step in enumerate(ladder if isinstance(ladder, list) else ()):
            if isinstance(step, dict):
                _text(problems, f"kontra.ladder[{i}].name", step.get("name"), MAX_NAME)
        aliases = kontra.get("aliases")
        for alias in aliases if isinstance(aliases, dict) else ():
            _text(problems, f"kontra.aliases.{alias}", alias, MAX_NAME)
    house = document.get("house")
    if isinstance(house, dict):  # a resolved profile's, printed by ``profiles show``
        _text(problems, "house.extends", house.get("extends"), MAX_NAME)
        keys = house.get("keys")
        for i, key in enumerate(keys if isinstance(keys, list) else ()):
            _text(problems, f"house.keys[{i}]", key, SOURCE_LIMIT)


def setting(table: type, name: str, value: object) -> str:
    """A key with its value, as a note names the rule it follows: ``renonce.rule = 'as_if_won'``."""
    return f"{key_path(table, name)} = {value!r}"


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
    # the fewest and the most card points the talon can hold; None: not checked
    talon_card_points: tuple[Fraction, Fraction] | None = None
    # the fewest card points a trick's four cards hold; None (a profile kept before the key): a
    # talon half's fewest, as it was then taken
    trick_card_points: Fraction | None = None
    # a side with no card point took no trick (false where blank cards count nothing)
    every_card_counts: bool = False
    # the card points the declarers need when the game is kontra'd; 0: win_threshold
    kontra_win_threshold: Fraction = Fraction(0)
    # Whether a contract's value may be a fraction, and how a bet's value is then made whole.
    value_rounding: ValueRounding = "whole"


PLAYERS = 4  # who play each hand, in both families: a fifth at the table sits the hand out
declare(Game, "game", minimum={"announced_factor": 1, "solo_bonus_factor": 1})


class Settlement(NamedTuple):
    mode: SettlementMode
    kontra_scope: KontraScope


declare(Settlement, "settlement")


class KontraRules(NamedTuple):
    ladder: tuple[KontraStep, ...]
    ceiling: int  # how many steps of the ladder may be said
    aliases: Mapping[str, str]
    negative: NegativeKontra
    trischaken: bool  # Kontra on Trischaken
    huettenfleck: bool
    huettenfleck_multiplier: int
    huettenfleck_scope: HuettenfleckScope


declare(KontraRules, "kontra", toml={"trischaken": "dodge_round"}, minimum={"huettenfleck_multiplier": 1})


class BonusRules(NamedTuple):
    silent_failure_counts: bool
    defender_announce_requires_kontra: bool
    defender_announce_implies_kontra: bool
    # the bonuses whose silent failure goes to the other side; None: every bonus
    silent_failure_bonuses: tuple[str, ...] | None = None


declare(BonusRules, "bonus_rules")


class ValatRules(NamedTuple):
    model: ValatModel
    silent: int
    announced: int
    bonuses: ValatBonuses
    cancels_game_kontra: bool
    solo_doubles: bool
    silent_min_rule: bool
    # False: no Kontra on the game when the Valat is announced
    game_kontra_when_announced: bool = True
    # False: ``cancels_game_kontra`` voids the game's Kontra beside a silent Valat only
    cancels_game_kontra_announced: bool = True
    # True: an announced Valat includes the material bonuses: none is announced beside it
    announced_includes_material: bool = False
    # True: the Valat's factor multiplies the bonuses that still count as well
    multiplies_bonuses: bool = False


declare(ValatRules, "valat", minimum={"silent": 1, "announced": 1})


class CalledKingInTalon(NamedTuple):
    rule: CalledKingRule
    concede_pays: ConcedePays
    solo_kontra_void: bool


declare(CalledKingInTalon, "called_king_in_talon")


class RenonceRules(NamedTuple):
    """A renonce; ``trischaken_each`` and its Forehand factor are what a revoker pays in Trischaken."""

    rule: RenonceRule
    trischaken_each: int = 1
    trischaken_forehand_factor: int = 1
    # True (with rule = "as_if_won"): a silent bonus made by a player the revoke wronged is his
    # too, paid by the revoker
    silent_claimed: bool = False


declare(RenonceRules, "renonce", minimum={"trischaken_each": 1, "trischaken_forehand_factor": 1})


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
    # True: a Bürgermeister, or a Forehand, with the most card points pays alone
    mayor_alone: bool = False
    forehand_alone: bool = False
    # a Forehand who is also the Bürgermeister: this factor; 0 = mayor_factor × forehand_factor
    forehand_mayor_factor: int = 0
    # True: the losing Forehand's forehand_factor applies only when he loses alone
    forehand_factor_alone: bool = False
    payment: TrischakenPayment = "each"
    # True: the most card points are compared rounded to whole points (35 1/3 and 35 tie)
    whole_points: bool = False
    # True: two or more players without a trick count as none
    virgins_alone: bool = False
    middle_tie: MiddleTie = "ties"
    # with virgins = "collect": True, a Bürgermeister or Forehand who pays alone pays beside the
    # virgin's collection; False, the collection takes the place of his payment
    alone_beside_virgins: bool = False


declare(
    Trischaken,
    "trischaken",
    minimum={"losers": 1, "mayor_factor": 1, "forehand_factor": 1, "forehand_mayor_factor": 0},
)


class Radl(NamedTuple):
    """Doubled rounds: each event arms ``hands`` more hands scored ×``factor``; none by default."""

    events: tuple[RadlEvent, ...] = ()
    hands: int = 4
    factor: int = 2
    # False: a Radl armed while one runs is queued after it; True: the two overlap
    overlap: bool = False
    # the hands an event's Radl lasts where not ``hands``: ``{ mondfang = 1 }``
    lengths: Mapping[RadlEvent, int] = MappingProxyType({})

    def length(self, events: Iterable[RadlEvent]) -> int:
        """How many hands the Radl a hand arms with these events lasts: the longest of them."""
        return max((self.lengths.get(e, self.hands) for e in events if e in self.events), default=self.hands)


# The most hands a Radl lasts: more than an evening holds (a marathon is 300). A bound against a
# mistyped or hostile file, not a rule: every doubled hand still owed is kept until it is played.
RADL_AT_MOST = 1_000
declare(Radl, "radl", minimum={"hands": 1, "factor": 2}, maximum={"hands": RADL_AT_MOST})


SCHEMA = 1


class Contract(NamedTuple):
    """A contract of ``[contracts.NAME]``, each key read as its field's type says (``value`` and ``talon`` by hand)."""

    name: str
    value: int | Fraction  # a Fraction only under game.value_rounding = "down"
    kind: Kind
    team: Team
    bonuses: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    doubles_bonuses: bool = False
    loss_factor: int = 1
    talon: bool = True
    requires_announced: tuple[str, ...] = ()
    source: str = ""
    bidders: Bidders = "anyone"
    # Kontra may be said on the contract (``[contracts.NAME] kontra``; GameTwist: not on the ouverts, D5).
    kontra: bool = True
    # which of the talon's cards count for the declarer side
    talon_share: TalonShare = "half"
    # a negative contract's promise: the declarer takes exactly this many tricks (what ``won`` means)
    tricks: int | None = None


class Bonus(NamedTuple):
    """A bonus of ``[bonuses.NAME]``, each key read as its field's type says."""

    name: str
    value: int
    kontra: bool = True
    announce: bool = True
    aliases: tuple[str, ...] = ()
    source: str = ""
    # The card points the side that makes it needs at least (GameTwist's Absolute), or None.
    min_card_points: Fraction | None = None
    # Which side may make it (``bonuses.NAME.side``): the King ultimo is the declarers' (D33).
    side: BonusSide = "either"
    # False: the bonus cannot fail (Zwanzigerrufen's hand Trull): it is entered only as made.
    can_fail: bool = True
    # what the bonus needs of the called King: "played", "caught" or None
    called_king: CalledKingNeed | None = None
    # held in a side's tricks (Trull, Four Kings, Säcke), not made by a card in one trick
    material: bool = False
    # settled between the two players of the bonus alone (Mondfang: the caught XXI's holder pays)
    between_players: bool = False
    # made by a side with this many of the honours (the four Kings, the Trull's three cards) in
    # its tricks: GameTwist's Honneurs; None: the bonus counts none
    honours: int | None = None


declare(Contract, "", minimum={"loss_factor": 1, "tricks": 0})
declare(Bonus, "", minimum={"value": 0, "honours": 1})


class Reading(NamedTuple):
    """A reading of a rule the published sources disagree on (the file profiles/readings/published.toml
    holds them): a key path's value, its disagreement (``D4``), the sources that give it, and the
    values other key paths hold beside it."""

    value: object
    number: str
    sources: str
    when: Mapping[str, object]


@dataclass(frozen=True)
class Profile:
    """A house-rule profile: one record per table of the file; the ``document`` is left out of == and repr."""

    name: str
    title: str
    source: str
    game: Game
    settlement: Settlement
    kontra: KontraRules
    bonus_rules: BonusRules
    valat: ValatRules
    called_king_in_talon: CalledKingInTalon
    renonce: RenonceRules
    trischaken: Trischaken
    contracts: Mapping[str, Contract]
    bonuses: Mapping[str, Bonus]
    # The resolved mapping this profile was built from: what a ledger stores and `profiles show` prints.
    document: Mapping[str, Any] = field(compare=False, repr=False)
    radl: Radl
    title_de: str  # the title in German, where the file gives one
    # ``[sources]``: the citation behind a key's number (``kontra.ladder[1]``: where ×4 is printed)
    sources: Mapping[str, str]
    # ``[house]``: the shipped profile a house file extends, and the keys the house set ("", none
    # for a shipped profile, and for one stored before the house's keys were kept)
    extends: str = ""
    house: frozenset[str] = frozenset()

    def house_rule(self, rule: str) -> bool:
        """Whether the number at a key path (``kontra.ladder[1]``) is one the house file set."""
        parts = rule.partition("[")[0].split(".")
        return any(".".join(parts[:n]) in self.house for n in range(1, len(parts) + 1))

    def setting_at(self, rule: str) -> object:
        """The value at a key path (``settlement.mode``; ``kontra.ceiling`` as its step's name; a
        step of the ladder, ``kontra.ladder[4]``, as its multiplier, ``kontra.ladder[4].name``), or None."""
        index, _bracket, after = rule.removeprefix("kontra.ladder[").partition("]")
        if index.isdigit() and rule.startswith("kontra.ladder[") and after in ("", ".name"):
            steps = self.kontra.ladder
            step = steps[int(index)] if int(index) < len(steps) else None
            return step and (step.name if after else step.multiplier)
        table, _dot, rest = rule.partition("[")[0].partition(".")
        if table in ("contracts", "bonuses"):
            name, _dot, key = rest.partition(".")
            entry = (self.contracts if table == "contracts" else self.bonuses).get(name)
            return getattr(entry, key) if entry is not None and key in entry._fields else None
        if rule == key_path(KontraRules, "ceiling"):
            return self.kontra.ladder[self.kontra.ceiling - 1].name
        record = getattr(self, table, None)
        named = next((n for n, p in _PATHS.get(type(record), {}).items() if p == rule), None)
        return getattr(record, named) if named else None

    def reading(self, rule: str, readings: Mapping[str, Sequence[Reading]]) -> tuple[str, str] | None:
        """The disagreement and the published sources of this profile's value at a key path, where
        it is one of the ``readings`` of that path (``("D4", "[CTK], [CTT]")``), else None."""
        value = self.setting_at(rule)
        value = frozenset(value) if isinstance(value, tuple) else value  # a list of names
        for r in readings.get(rule, ()):
            if r.value == value and all(self.setting_at(k) == v for k, v in r.when.items()):
                return r.number, r.sources
        return None

    def source_of(self, rule: str) -> str:
        """The citation for a number's key path (``--explain``), or ''; a contract's or bonus's
        ``source`` cites its numbers, not its other keys."""
        parts = rule.split(".")
        numbers = len(parts) == 3 and parts[2] in ("value", "loss_factor")
        if numbers and parts[0] == "contracts" and parts[1] in self.contracts:
            return self.contracts[parts[1]].source
        if numbers and parts[0] == "bonuses" and parts[1] in self.bonuses:
            return self.bonuses[parts[1]].source
        return self.sources.get(rule) or self.sources.get(rule.partition("[")[0], "")

    def title_in(self, language: str) -> str:
        """The title for a reader of ``language``: the German one where the file gives it."""
        return self.title_de if language == "de" and self.title_de else self.title

    def contract_name(self, name: str) -> str | None:
        """The canonical contract name for a name or alias, or None."""
        return _canonical(name, self.contracts)

    def bonus_name(self, name: str) -> str | None:
        """The canonical bonus name for a name or alias, or None."""
        return _canonical(name, self.bonuses)

    def step(self, name: str) -> KontraStep | None:
        """The ladder step for a name or alias in any spelling (whether or not above the ceiling)."""
        aliases, ladder = self.kontra.aliases, self.kontra.ladder
        name = aliases.get(name, name)
        key = fold(name)
        said = PLAYERS_WORDS.get(key, key)
        key = next((fold(target) for alias, target in aliases.items() if fold(alias) == key), said)
        exact = (step for step in ladder if step.name == name)
        folded = (step for step in ladder if fold(step.name) == key)
        return next(exact, None) or next(folded, None)

    def step_words(self) -> dict[str, str]:
        """Every word a Kontra step is given by, with the step it names: the ladder's names, the
        players' words for its steps and the profile's aliases (which win over the players')."""
        ladder = {step.name: step.name for step in self.kontra.ladder}
        said = {word: step for word, step in PLAYERS_WORDS.items() if step in ladder}
        return ladder | said | dict(self.kontra.aliases)

    def step_aliases(self, step: str) -> list[str]:
        """The other names of a ladder step, as the profile lists them."""
        return [alias for alias, target in self.kontra.aliases.items() if target == step]

    @property
    def playable_steps(self) -> tuple[KontraStep, ...]:
        return self.kontra.ladder[: self.kontra.ceiling]

    def contract_names(self) -> list[str]:
        return _names(self.contracts)

    def bonus_names(self) -> list[str]:
        return _names(self.bonuses)


def _names(entries: Mapping[str, Contract] | Mapping[str, Bonus]) -> list[str]:
    """Every name and alias of ``entries``."""
    return [*entries, *(alias for entry in entries.values() for alias in entry.aliases)]


def _canonical(name: str, entries: Mapping[str, Contract] | Mapping[str, Bonus]) -> str | None:
    """The entry a name or alias means, in any case, with or without hyphen, space or underscore."""
    if name in entries:
        return name
    key = fold(name)
    for entry in entries.values():
        if fold(entry.name) == key or any(fold(alias) == key for alias in entry.aliases):
            return entry.name
    word = PLAYERS_WORDS.get(key)
    return word if word in entries else None


PLAYERS_NOT_HERE = N_(
    "a profile does not name the players: they are named when the evening begins; four play each hand (a table of five names all five, and the dealer sits out)"
)


def _check_game(game: Game, problems: Collector, players: object = None) -> None:
    """What the ``[game]`` keys must meet together: no line above the deck's card points, four
    at play; ``players``: a key of that name at the profile's top (the table's names, or its size)."""
    if players is not None:
        problems.add("players", PLAYERS_NOT_HERE)
    talon_most = None if game.talon_card_points is None else game.talon_card_points[1]
    for key, most in (("trick_card_points", game.trick_card_points), ("talon_card_points", talon_most)):
        if most is not None and most > game.card_points_total:
            problems.add(
                key_path(Game, key),
                N_("{most} is above card_points_total {card_points_total}"),
                most=render_points(most),
                card_points_total=game.card_points_total,
            )
    for line in ("win_threshold", "kontra_win_threshold"):
        _line_in_thirds(game, key_path(Game, line), getattr(game, line), problems)
        if getattr(game, line) > game.card_points_total:
            problems.add(
                key_path(Game, line),
                N_("{win_threshold} is above card_points_total {card_points_total}"),
                win_threshold=render_points(getattr(game, line)),
                card_points_total=game.card_points_total,
            )
    if game.players != PLAYERS and all(p.where != key_path(Game, "players") for p in problems.problems):
        problems.add(
            key_path(Game, "players"),
            N_(
                "{players}: four play each hand; a table of five names all five when its evening begins, and the dealer sits out"
            ),
            players=game.players,
        )


def in_thirds(game: Game, where: str, value: object, points: Fraction, problems: Collector) -> bool:
    """Whether ``points`` (``value`` as written) is a count a side can hold: in thirds, or whole
    where the game counts no thirds; else a problem at ``where``."""
    if game.thirds and points.denominator not in (1, 3):
        problems.add(
            where,
            N_("{value!r} is not counted in thirds; card points are whole or end in 1/3 or 2/3"),
            value=value,
        )
    elif not game.thirds and points.denominator != 1:
        problems.add(
            where,
            N_("{value!r}: {family} counts whole card points only; write a whole number from 0 to {total}"),
            value=value,
            family=game.family,
            total=render_points(game.card_points_total),
        )
    else:
        return True
    return False


def _line_in_thirds(game: Game, where: str, points: Fraction, problems: Collector) -> None:
    """A profile's line of card points in thirds (not said where ``game.thirds`` itself was refused)."""
    if all(p.where != key_path(Game, "thirds") for p in problems.problems):
        in_thirds(game, where, str(render_points(points)), points, problems)


def build_profile(document: Mapping[str, Any], where: str = "", *, as_file: bool = False) -> Profile:
    """Validate a resolved profile mapping; raise :class:`ProfileError` listing every problem.

    ``as_file``: a profile file being read, not one a ledger stores: its names, titles and
    sources are checked too (:func:`check_texts`), and a bonus that only misspells another."""
    problems = Collector()
    if as_file:
        check_texts(document, problems)
    top = Reader(document, "", problems, _KEY_PATHS)
    schema = top.number("schema")
    if schema != SCHEMA and type(top.raw("schema")) is int:  # another type is told as such
        problems.add(
            "schema",
            N_("{schema!r} is not a profile schema this version reads; expected {SCHEMA}"),
            schema=schema,
            SCHEMA=SCHEMA,
        )
    name = top.text("name")
    title = top.text("title")
    title_de = top.text("title_de", "")
    source = top.text("source")
    top.optional_str("extends")

    game_reader = top.table("game")
    game = read_table(game_reader, Game, talon_card_points=_talon_card_points(game_reader, problems))
    game_reader.finish()
    _check_game(game, problems, top.raw("players"))

    st = top.table("settlement")
    settlement = read_table(st, Settlement)
    # D32, Simplified Scoring with contra ad personam: one reading, built in, so no shipped
    # profile has the key; it is still read (its one value, "highest") so that profiles written
    # before, and the ledgers that store them, load as they are.
    st.word("lone_kontra", ("highest",), "highest")
    st.finish()

    ko = top.table("kontra")
    kontra = _kontra(ko, problems)
    ko.finish()

    bonus_rules = _read(top, "bonus_rules", BonusRules)
    valat = _read(top, "valat", ValatRules)
    called_king = _read(top, "called_king_in_talon", CalledKingInTalon)

    rn = top.table("renonce")
    renonce = read_table(rn, RenonceRules)
    if renonce.rule == "as_if_won":
        for needed in ("trischaken_each", "trischaken_forehand_factor"):
            if not rn.has(needed):
                problems.add(rn.where(needed), N_('missing (required with rule = "as_if_won")'))
    elif renonce.silent_claimed:
        problems.add(
            rn.where("silent_claimed"),
            N_('true only with rule = "as_if_won"; under {rule!r} no bonus is paid as if won'),
            rule=renonce.rule,
        )
    rn.finish()

    trischaken = _read(top, "trischaken", Trischaken)
    if trischaken.mayor_threshold > game.card_points_total:
        problems.add(
            key_path(Trischaken, "mayor_threshold"),
            N_("{win_threshold} is above card_points_total {card_points_total}"),
            win_threshold=render_points(trischaken.mayor_threshold),
            card_points_total=game.card_points_total,
        )
    if trischaken.losers >= PLAYERS:
        problems.add(
            key_path(Trischaken, "losers"),
            N_("{losers} must be fewer than the {players} players"),
            losers=trischaken.losers,
            players=PLAYERS,
        )
    if trischaken.middle_tie != "ties" and trischaken.losers != PLAYERS - trischaken.losers:
        problems.add(
            key_path(Trischaken, "middle_tie"),
            N_(
                "{value!r} needs as many players paying as receiving (two in the middle), but "
                "{key} = {losers} of the {players} players pay: choose {allowed} or change {key}"
            ),
            value=trischaken.middle_tie,
            key=key_path(Trischaken, "losers"),
            losers=trischaken.losers,
            players=PLAYERS,
            allowed=one_of(("ties",)),
        )

    bonuses, switched_off = _bonuses(top.table("bonuses"))
    contracts = _contracts(top.table("contracts"), problems, bonuses, switched_off, game)
    # a Radl event the profile cannot record would never arm one (a stored profile is read as it is)
    dodge = any(c.kind is Kind.TRISCHAKEN for c in contracts.values())
    if dodge:  # zwanzigerrufen keeps koenigrufen's Bürgermeister, for a Trischaken it does not play
        _line_in_thirds(game, key_path(Trischaken, "mayor_threshold"), trischaken.mayor_threshold, problems)
    recorded = {*bonuses, *(["trischaken"] if dodge else [])} if as_file else set(get_args(RadlEvent))
    radl = _radl(top.table("radl", required=False), problems, recorded)
    sources = read_sources(top.table("sources", required=False), len(kontra.ladder), problems)
    house = top.table("house", required=False)
    extends, house_keys = house.text("extends", ""), house.str_list("keys")
    house.finish()
    top.finish()

    _check_unique_names(contracts, bonuses, problems, house_keys)
    if as_file:  # a stored profile is read as it is
        _check_misspelt_bonuses(contracts, bonuses, problems)
        _check_fixed_valat(valat, problems)
        _check_required_bonuses(contracts, problems)
    for i, named in enumerate(bonus_rules.silent_failure_bonuses or ()):
        if named not in bonuses:
            problems.add(
                f"{key_path(BonusRules, 'silent_failure_bonuses')}[{i}]",
                N_("{bonus!r} is not a bonus of this profile; choose from {allowed}{hint}"),
                bonus=named,
                allowed=one_of(bonuses),
                hint=near_miss(named, bonuses),
            )
    if problems:
        raise ProfileError(problems.problems).located(where) if where else ProfileError(problems.problems)
    return Profile(
        name=name,
        title=title,
        title_de=title_de,
        source=source,
        game=game,
        settlement=settlement,
        kontra=kontra,
        bonus_rules=bonus_rules,
        valat=valat,
        called_king_in_talon=called_king,
        renonce=renonce,
        trischaken=trischaken,
        contracts=contracts,
        bonuses=bonuses,
        document=document,
        radl=radl,
        sources=MappingProxyType(sources),
        extends=extends,
        house=frozenset(house_keys),
    )


def _talon_card_points(game: Reader, problems: Collector) -> tuple[Fraction, Fraction] | None:
    """``game.talon_card_points``: the fewest and the most card points the talon can hold, or None."""
    raw = game.raw("talon_card_points")
    if raw is None:
        return None
    where = key_path(Game, "talon_card_points")
    if not isinstance(raw, list) or len(raw) != 2:
        problems.add(where, N_('{raw!r}: expected the fewest and the most points, e.g. ["2", "26"]'), raw=raw)
        return None
    try:
        fewest, most = (parse_points(value) for value in raw)
    except ValueError as exc:
        problems.add(where, reason(exc))
        return None
    if fewest > most:
        problems.add(where, N_("{raw!r}: the fewest points come first"), raw=raw)
        return None
    return fewest, most


def _read(top: Reader, table: str, cls: type[T]) -> T:
    """A table read wholly from its declared keys."""
    reader = top.table(table)
    record = read_table(reader, cls)
    reader.finish()
    return record


def _kontra(ko: Reader, problems: Collector) -> KontraRules:
    """The ``[kontra]`` table: the ladder, its ceiling and aliases by hand, the rest declared."""
    told = len(problems.problems) + problems.dropped
    ladder = _ladder(ko, problems)
    # a ladder refused is said once: its ceiling and short names are not checked against what is left
    whole = len(problems.problems) + problems.dropped == told
    ceiling_name = ko.text("ceiling")
    aliases_reader = ko.table("aliases")
    aliases: dict[str, str] = {}
    step_names = [s.name for s in ladder]
    folded = {fold(n): n for n in step_names}
    for alias, target in aliases_reader.data.items():
        aliases_reader.seen.add(alias)
        if not isinstance(target, str) or (whole and target not in step_names):
            problems.add(
                aliases_reader.where(alias),
                N_("{target!r} is not a step of the ladder; choose one of {allowed}"),
                target=target,
                allowed=one_of(step_names),
            )
        elif fold(alias) in folded and folded[fold(alias)] != target:
            problems.add(
                aliases_reader.where(alias),
                N_(
                    "{alias!r} already names {value!r} (names match in any case, with or without hyphens, spaces and underscores)"
                ),
                alias=alias,
                value=folded[fold(alias)],
            )
        else:
            aliases[alias] = target
            folded[fold(alias)] = target
    ceiling = 0
    named = folded.get(fold(ceiling_name))  # a step as a hand's kontra takes it: any spelling, an alias
    if named is not None:
        ceiling = step_names.index(named) + 1
    elif whole and isinstance(ko.raw("ceiling"), str):  # not text: refused by ko.text
        problems.add(
            key_path(KontraRules, "ceiling"),
            N_("{ceiling_name!r} is not a step of the ladder; choose one of {allowed}{hint}"),
            ceiling_name=ceiling_name,
            allowed=one_of(step_names),
            hint=near_miss(ceiling_name, step_names),
        )
    return read_table(ko, KontraRules, ladder=ladder, ceiling=ceiling, aliases=aliases)


def _radl(r: Reader, problems: Collector, recorded: set[str]) -> Radl:
    """The optional ``[radl]`` table; a profile without it has no doubled rounds. ``recorded``:
    the events a hand under the profile can show."""
    allowed: tuple[RadlEvent, ...] = get_args(RadlEvent)
    events: list[RadlEvent] = []
    for i, name in enumerate(r.str_list("events")):
        if name in allowed:
            if name in events:
                problems.add(f"{r.where('events')}[{i}]", N_("{name!r} is listed twice"), name=name)
            elif name not in recorded:
                problems.add(f"{r.where('events')}[{i}]", _NEVER_ARMS[name == "trischaken"], name=name)
            events.append(name)
        else:
            problems.add(
                f"{r.where('events')}[{i}]",
                N_("{name!r} is not an event that arms a Radl; choose from {allowed}{hint}"),
                name=name,
                allowed=one_of(allowed),
                hint=near_miss(name, allowed),
            )
    lengths: dict[RadlEvent, int] = {}
    table = r.table("lengths", required=False)
    for name in table.data:
        if not events:
            problems.add(
                table.where(name),
                N_(
                    "{name!r} is not one of this profile's Radl events: {events} is empty; list the "
                    "events that arm a Radl there, or give no lengths"
                ),
                name=name,
                events=r.where("events"),
            )
        elif name not in events:
            problems.add(
                table.where(name),
                N_("{name!r} is not one of this profile's Radl events; choose from {allowed}"),
                name=name,
                allowed=one_of(events),
            )
        else:
            lengths[name] = table.number(name, minimum=1, maximum=RADL_AT_MOST)
        table.raw(name)  # said above, or read
    radl = read_table(r, Radl, events=tuple(events), lengths=MappingProxyType(lengths))
    r.finish()
    return radl


_NEVER_ARMS = (
    N_(
        "{name!r} can never arm a Radl: this profile has no bonus {name!r}; add [bonuses.{name}] and "
        "list it among the contracts' bonuses, or take it off the list"
    ),
    N_(
        "{name!r} can never arm a Radl: this profile has no Trischaken (a contract with kind = "
        '"dodge"); add one, or take it off the list'
    ),
)


def _ladder(ko: Reader, problems: Collector) -> tuple[KontraStep, ...]:
    raw = ko.raw("ladder")
    if raw is None:
        problems.add(ko.where("ladder"), N_("missing (required)"))
        return ()
    if not isinstance(raw, list) or not raw:
        problems.add(ko.where("ladder"), N_("expected a non-empty array of { name, multiplier } tables"))
        return ()
    steps: list[KontraStep] = []
    previous = 1
    for i, item in enumerate(raw):
        path = f"{ko.where('ladder')}[{i}]"
        if not isinstance(item, dict):
            problems.add(path, N_("expected a table { name = ..., multiplier = ... }"))
            continue
        r = Reader(item, path, problems)
        step = KontraStep(name=r.text("name"), multiplier=r.number("multiplier", minimum=2), level=i + 1)
        r.finish()
        if any(fold(s.name) == fold(step.name) for s in steps):
            problems.add(f"{path}.name", N_("{name!r} is listed twice"), name=step.name)
        if step.multiplier < 2:
            continue  # reported by the reader; a later step is checked against the last good one
        if step.multiplier <= previous or step.multiplier % previous:
            problems.add(
                path,
                N_(
                    "multiplier {multiplier} must be a multiple of the step below it ({previous}), and larger: each step multiplies the stake once more"
                ),
                multiplier=step.multiplier,
                previous=previous,
            )
        previous = step.multiplier
        steps.append(step)
    return tuple(steps)


def _bonuses(table: Reader) -> tuple[dict[str, Bonus], frozenset[str]]:
    """The bonuses played, and the names of those switched off with ``enabled = false``."""
    bonuses: dict[str, Bonus] = {}
    off: set[str] = set()
    for name in table.data:
        r = table.table(name)
        if not isinstance(table.data[name], dict):
            continue  # told by table.table, and nothing more
        bonus = read_table(r, Bonus, name=name)
        enabled = r.flag("enabled", True)
        r.finish()
        if enabled:
            bonuses[name] = bonus
        else:
            off.add(name)
    return bonuses, frozenset(off)


def _contract_value(r: Reader, game: Game) -> int | Fraction:
    """``[contracts.NAME] value``: whole, or under ``game.value_rounding = "down"`` also a fraction."""
    value = r.raw("value")
    if game.value_rounding == "whole" or value is None or isinstance(value, int):
        return r.number("value", minimum=0)
    whole, _, rest = str(value).strip().rpartition(" ")
    try:
        exact = Fraction(rest) + (int(whole) if whole else 0)
    except (ValueError, ZeroDivisionError):
        exact = Fraction(-1)
    if not isinstance(value, str) or exact < 0 or len(value) > 20:  # 2.5 unquoted: a float
        r.problems.add(
            r.where("value"),
            N_('{value!r} is not a value; expected a whole number or a fraction such as "2 1/2"'),
            value=value,
        )
        return 0
    return int(exact) if exact.denominator == 1 else exact


def _contracts(
    table: Reader, problems: Collector, bonuses: Mapping[str, Bonus], switched_off: frozenset[str], game: Game
) -> dict[str, Contract]:
    contracts: dict[str, Contract] = {}
    refused = {p.where for p in problems.problems}  # a bonus that is no table is not named again
    for name in table.data:
        r = table.table(name)
        if not isinstance(table.data[name], dict):
            continue  # told by table.table, and nothing more
        others = [n for n in table.data if n != name]
        if not r.has("kind") and (hint := near_miss(name, others, any_case=True)):  # [contracts.drei]
            problems.add(
                table.where(name),
                N_("no contract is named {name!r}{hint}; a new contract gives its kind and team"),
                name=name,
                hint=hint,
            )
            continue
        talon = r.flag("talon", game.talon) and game.talon
        contract = read_table(r, Contract, name=name, talon=talon, value=_contract_value(r, game))
        if not talon and not r.has("talon_share"):  # without a talon no talon card counts
            contract = contract._replace(talon_share="none")
        enabled = r.flag("enabled", True)
        r.finish()
        if not enabled:
            continue
        for key in ("bonuses", "requires_announced"):
            for bonus in getattr(contract, key):
                if bonus in switched_off:
                    problems.add(
                        r.where(key),
                        N_(
                            "{bonus!r} is switched off (bonuses.{bonus}.enabled = false); list this contract's {key} without it"
                        ),
                        bonus=bonus,
                        key=key,
                    )
                elif bonus not in bonuses and f"bonuses.{bonus}" not in refused:
                    problems.add(
                        r.where(key),
                        N_("{bonus!r} is not a bonus of this profile; choose from {allowed}{hint}"),
                        bonus=bonus,
                        allowed=one_of(bonuses),
                        hint=near_miss(bonus, bonuses),
                    )
        if contract.tricks is not None and contract.kind is not Kind.NEGATIVE:
            problems.add(
                r.where("tricks"),
                N_('only a negative contract promises a number of tricks (kind = "negative")'),
            )
        if contract.kind is Kind.TRISCHAKEN and contract.team != "everyone":
            problems.add(r.where("team"), N_('a dodge contract is played by everyone: team = "everyone"'))
        contracts[name] = contract
    return contracts


def _check_misspelt_bonuses(
    contracts: Mapping[str, Contract], bonuses: Mapping[str, Bonus], problems: Collector
) -> None:
    """A bonus no contract lists whose name is close to one that is listed: a misspelt
    ``[bonuses.NAME]`` meant to change that one, which would make a new bonus never scored."""
    listed = {name for contract in contracts.values() for name in contract.bonuses}
    for name in bonuses:
        if name not in listed and (hint := near_miss(name, sorted(listed))):
            problems.add(
                f"bonuses.{name}",
                N_(
                    "no contract lists {bonus!r}, so it is never scored{hint}; a new bonus is added to a contract's bonuses"
                ),
                bonus=name,
                hint=hint,
            )


def _check_required_bonuses(contracts: Mapping[str, Contract], problems: Collector) -> None:
    """A bird a contract is played with (``requires_announced``) that it does not score: it could
    never be entered."""
    for name, contract in contracts.items():
        for i, bonus in enumerate(contract.requires_announced):
            if bonus not in contract.bonuses:
                problems.add(
                    f"contracts.{name}.requires_announced[{i}]",
                    N_(
                        "{bonus!r} is to be announced in this contract but is not among its bonuses ({key}); list it there too, or take it off this list"
                    ),
                    bonus=bonus,
                    key=f"contracts.{name}.bonuses",
                )


def _check_fixed_valat(valat: ValatRules, problems: Collector) -> None:
    """The rules of a Valat's factor, set where the Valat is a fixed premium, which has none."""
    for key in ("multiplies_bonuses", "silent_min_rule"):
        if valat.model == "fixed" and getattr(valat, key):
            problems.add(
                key_path(ValatRules, key),
                N_(
                    'true only with model = "multiplier"; under "fixed" the Valat has no factor and this would never apply'
                ),
            )


def _check_unique_names(
    contracts: Mapping[str, Contract], bonuses: Mapping[str, Bonus], problems: Collector, house: Iterable[str]
) -> None:
    # Names are matched folded (any case, without hyphens, spaces or underscores): two names
    # that fold alike would be one name at the table. A clash is told at the key the house file
    # wrote, where it wrote one of the two (``house``: its keys), else at the later.
    def written(path: str) -> bool:
        return any(f"{key}.".startswith(f"{path.partition('[')[0]}.") for key in house)

    for label, entries in (("contracts", contracts), ("bonuses", bonuses)):
        seen: dict[str, tuple[str, str]] = {}
        for entry in entries.values():
            for i, alias in enumerate((entry.name, *entry.aliases)):
                path = f"{label}.{entry.name}" + (f".aliases[{i - 1}]" if i else "")
                owner, there = seen.setdefault(fold(alias), (entry.name, path))
                if owner == entry.name:
                    continue
                at, other = (there, entry.name) if written(there) and not written(path) else (path, owner)
                if fold(alias) == fold(other):  # the other's own name
                    problems.add(
                        at,
                        N_("{alias!r} is already the name of {where}"),
                        alias=alias,
                        where=f"{label}.{other}",
                    )
                else:
                    problems.add(at, N_("{alias!r} already names {value!r}"), alias=alias, value=other)
