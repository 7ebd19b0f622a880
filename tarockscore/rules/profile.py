"""House-rule profiles: the typed model and its validation (core layer, no I/O).

A profile holds every number and every rule switch the engine uses. ``profile_file`` reads the
TOML and resolves ``extends``; this module turns the resolved mapping into a :class:`Profile`,
collecting every problem with its key path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from tarockscore.errors import Collector, ProfileError, near_miss, one_of
from tarockscore.rules.names import fold
from tarockscore.rules.reader import Reader

SCHEMA = 1


class Family(StrEnum):
    KOENIGRUFEN = "koenigrufen"
    ZWANZIGERRUFEN = "zwanzigerrufen"


class SettlementMode(StrEnum):
    SIMPLIFIED = "simplified"
    ZERO_SUM = "zero_sum"


class KontraScope(StrEnum):
    SCORE = "score"
    PAYOUT = "payout"


class LoneKontra(StrEnum):
    HIGHEST = "highest"


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
    TRISCHAKEN = "trischaken"  # the Dodge Round was played: everybody passed


class Kind(StrEnum):
    POSITIVE = "positive"
    NEGATIVE = "negative"
    DODGE = "dodge"


class Team(StrEnum):
    CALLED = "called"
    ALONE = "alone"
    EVERYONE = "everyone"


@dataclass(frozen=True, slots=True)
class KontraStep:
    name: str
    multiplier: int
    level: int  # 1 = Kontra, 2 = Rekontra, …


@dataclass(frozen=True, slots=True)
class Contract:
    name: str
    value: int
    kind: Kind
    team: Team
    bonuses: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    doubles_bonuses: bool = False
    loss_factor: int = 1
    talon: bool = True
    requires_announced: tuple[str, ...] = ()
    source: str = ""
    bidders: Bidders = Bidders.ANYONE


@dataclass(frozen=True, slots=True)
class Bonus:
    name: str
    value: int
    kontra: bool = True
    announce: bool = True
    aliases: tuple[str, ...] = ()
    source: str = ""
    # The card points the side that makes it needs at least (GameTwist's Absolute), or None.
    min_card_points: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Trischaken:
    losers: int
    ties: Ties
    forehand_loses_ties: bool
    mayor_threshold: Fraction
    mayor_factor: int
    forehand_factor: int
    virgins: Virgins
    rounding: Rounding = Rounding.UP


@dataclass(frozen=True, slots=True)
class RenonceTrischaken:
    """A renonce in Trischaken under ``renonce.rule = "as_if_won"``: the revoker pays each other
    player ``each`` times the contract's value, ×``forehand_factor`` if the revoker is Forehand."""

    each: int = 1
    forehand_factor: int = 1


@dataclass(frozen=True, slots=True)
class Radl:
    """Doubled rounds: each event arms ``hands`` more hands scored ×``factor``; none by default."""

    events: tuple[RadlEvent, ...] = ()
    hands: int = 4
    factor: int = 2


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    title: str
    source: str
    family: Family
    players: int
    card_points_total: Fraction
    win_threshold: Fraction
    thirds: bool
    talon: bool
    announced_factor: int
    solo_bonus_factor: int
    settlement: SettlementMode
    kontra_scope: KontraScope
    lone_kontra: LoneKontra
    ladder: tuple[KontraStep, ...]
    ceiling: int
    kontra_aliases: Mapping[str, str]
    negative_kontra: NegativeKontra
    trischaken_kontra: bool
    huettenfleck: bool
    huettenfleck_multiplier: int
    huettenfleck_scope: HuettenfleckScope
    silent_failure_counts: bool
    defender_announce_requires_kontra: bool
    defender_announce_implies_kontra: bool
    valat_model: ValatModel
    valat_silent: int
    valat_announced: int
    valat_bonuses: ValatBonuses
    valat_cancels_game_kontra: bool
    valat_solo_doubles: bool
    valat_silent_min_rule: bool
    called_king_rule: CalledKingRule
    concede_pays: ConcedePays
    solo_kontra_void: bool
    renonce: RenonceRule
    trischaken: Trischaken
    contracts: Mapping[str, Contract]
    bonuses: Mapping[str, Bonus]
    # The resolved mapping this profile was built from: what a ledger stores and `profiles show` prints.
    document: Mapping[str, Any] = field(repr=False, compare=False, default_factory=dict)
    radl: Radl = Radl()
    call_own_king: bool = False
    renonce_trischaken: RenonceTrischaken = RenonceTrischaken()

    # -- lookups ---------------------------------------------------------------------------

    def contract_name(self, name: str) -> str | None:
        """The canonical contract name for a name or alias, or None."""
        return _canonical(name, self.contracts)

    def bonus_name(self, name: str) -> str | None:
        """The canonical bonus name for a name or alias, or None."""
        return _canonical(name, self.bonuses)

    def step(self, name: str) -> KontraStep | None:
        """The ladder step for a name or alias in any spelling (whether or not above the ceiling)."""
        name = self.kontra_aliases.get(name, name)
        for step in self.ladder:
            if step.name == name:
                return step
        key = fold(name)
        for alias, target in self.kontra_aliases.items():
            if fold(alias) == key:
                key = fold(target)
                break
        for step in self.ladder:
            if fold(step.name) == key:
                return step
        return None

    def step_aliases(self, step: str) -> list[str]:
        """The other names of a ladder step, as the profile lists them."""
        return [alias for alias, target in self.kontra_aliases.items() if target == step]

    @property
    def playable_steps(self) -> tuple[KontraStep, ...]:
        return self.ladder[: self.ceiling]

    def contract_names(self) -> list[str]:
        names = list(self.contracts)
        for contract in self.contracts.values():
            names.extend(contract.aliases)
        return names

    def bonus_names(self) -> list[str]:
        names = list(self.bonuses)
        for bonus in self.bonuses.values():
            names.extend(bonus.aliases)
        return names


def _canonical(name: str, entries: Mapping[str, Contract] | Mapping[str, Bonus]) -> str | None:
    """The entry a name or alias means, in any case, with or without hyphen, space or underscore."""
    if name in entries:
        return name
    key = fold(name)
    for entry in entries.values():
        if fold(entry.name) == key or any(fold(alias) == key for alias in entry.aliases):
            return entry.name
    return None


def build_profile(document: Mapping[str, Any], where: str = "") -> Profile:
    """Validate a resolved profile mapping; raise :class:`ProfileError` listing every problem."""
    problems = Collector()
    top = Reader(document, "", problems)
    schema = top.number("schema")
    if schema != SCHEMA and top.has("schema"):
        problems.add("schema", f"{schema!r} is not a profile schema this version reads; expected {SCHEMA}")
    name = top.text("name")
    title = top.text("title")
    source = top.text("source")
    top.optional_str("extends")

    game = top.table("game")
    family = game.choice("family", Family)
    players = game.number("players", minimum=4)
    total = game.points("card_points_total")
    threshold = game.points("win_threshold")
    thirds = game.flag("thirds")
    talon = game.flag("talon")
    announced_factor = game.number("announced_factor", minimum=1)
    solo_bonus_factor = game.number("solo_bonus_factor", minimum=1)
    call_own_king = game.flag("call_own_king", False)
    game.finish()
    if threshold > total:
        problems.add("game.win_threshold", f"{threshold} is above card_points_total {total}")

    st = top.table("settlement")
    settlement = st.choice("mode", SettlementMode)
    scope = st.choice("kontra_scope", KontraScope)
    lone = st.choice("lone_kontra", LoneKontra)
    st.finish()

    ko = top.table("kontra")
    ladder = _ladder(ko, problems)
    ceiling_name = ko.text("ceiling")
    aliases_reader = ko.table("aliases")
    aliases: dict[str, str] = {}
    step_names = [s.name for s in ladder]
    folded = {fold(n): n for n in step_names}
    for alias, target in aliases_reader.data.items():
        aliases_reader.seen.add(alias)
        if not isinstance(target, str) or target not in step_names:
            problems.add(
                aliases_reader.where(alias),
                f"{target!r} is not a step of the ladder; choose one of {one_of(step_names)}",
            )
        elif fold(alias) in folded and folded[fold(alias)] != target:
            problems.add(
                aliases_reader.where(alias),
                f"{alias!r} already names {folded[fold(alias)]!r} (names match in any case, "
                "with or without hyphens, spaces and underscores)",
            )
        else:
            aliases[alias] = target
            folded[fold(alias)] = target
    ceiling = 0
    if ceiling_name in step_names:
        ceiling = step_names.index(ceiling_name) + 1
    elif ko.has("ceiling"):
        problems.add(
            "kontra.ceiling",
            f"{ceiling_name!r} is not a step of the ladder; choose one of {one_of(step_names)}"
            f"{near_miss(ceiling_name, step_names)}",
        )
    negative = ko.choice("negative", NegativeKontra)
    dodge = ko.flag("dodge_round")
    huette = ko.flag("huettenfleck")
    huette_mult = ko.number("huettenfleck_multiplier", minimum=1)
    huette_scope = ko.choice("huettenfleck_scope", HuettenfleckScope)
    ko.finish()

    br = top.table("bonus_rules")
    silent_fail = br.flag("silent_failure_counts")
    requires_kontra = br.flag("defender_announce_requires_kontra")
    implies_kontra = br.flag("defender_announce_implies_kontra")
    br.finish()

    va = top.table("valat")
    valat_model = va.choice("model", ValatModel)
    valat_silent = va.number("silent", minimum=1)
    valat_announced = va.number("announced", minimum=1)
    valat_bonuses = va.choice("bonuses", ValatBonuses)
    valat_cancels = va.flag("cancels_game_kontra")
    valat_solo = va.flag("solo_doubles")
    valat_min = va.flag("silent_min_rule")
    va.finish()

    ck = top.table("called_king_in_talon")
    ck_rule = ck.choice("rule", CalledKingRule)
    ck_pays = ck.choice("concede_pays", ConcedePays)
    ck_void = ck.flag("solo_kontra_void")
    ck.finish()

    rn = top.table("renonce")
    renonce = rn.choice("rule", RenonceRule)
    renonce_trischaken = RenonceTrischaken()
    if renonce is RenonceRule.AS_IF_WON:
        for key in ("trischaken_each", "trischaken_forehand_factor"):
            if not rn.has(key):
                problems.add(rn.where(key), 'missing (required with rule = "as_if_won")')
        renonce_trischaken = RenonceTrischaken(
            each=rn.number("trischaken_each", 1, minimum=1),
            forehand_factor=rn.number("trischaken_forehand_factor", 1, minimum=1),
        )
    rn.finish(("trischaken_each", "trischaken_forehand_factor"))

    tr = top.table("trischaken")
    trischaken = Trischaken(
        losers=tr.number("losers", minimum=1),
        ties=tr.choice("ties", Ties),
        forehand_loses_ties=tr.flag("forehand_loses_ties"),
        mayor_threshold=tr.points("mayor_threshold"),
        mayor_factor=tr.number("mayor_factor", minimum=1),
        forehand_factor=tr.number("forehand_factor", minimum=1),
        virgins=tr.choice("virgins", Virgins),
        rounding=tr.choice("rounding", Rounding, Rounding.UP),
    )
    tr.finish()
    if trischaken.losers >= players:
        problems.add("trischaken.losers", f"{trischaken.losers} must be fewer than the {players} players")

    bonuses = _bonuses(top.table("bonuses"), problems)
    contracts = _contracts(top.table("contracts"), problems, bonuses, talon)
    radl = _radl(top.table("radl", required=False), problems)
    top.finish()

    _check_unique_names(contracts, bonuses, problems)
    if problems:
        raise ProfileError(problems.problems).located(where) if where else ProfileError(problems.problems)
    return Profile(
        name=name,
        title=title,
        source=source,
        family=family,
        players=players,
        card_points_total=total,
        win_threshold=threshold,
        thirds=thirds,
        talon=talon,
        announced_factor=announced_factor,
        solo_bonus_factor=solo_bonus_factor,
        settlement=settlement,
        kontra_scope=scope,
        lone_kontra=lone,
        ladder=ladder,
        ceiling=ceiling,
        kontra_aliases=aliases,
        negative_kontra=negative,
        trischaken_kontra=dodge,
        huettenfleck=huette,
        huettenfleck_multiplier=huette_mult,
        huettenfleck_scope=huette_scope,
        silent_failure_counts=silent_fail,
        defender_announce_requires_kontra=requires_kontra,
        defender_announce_implies_kontra=implies_kontra,
        valat_model=valat_model,
        valat_silent=valat_silent,
        valat_announced=valat_announced,
        valat_bonuses=valat_bonuses,
        valat_cancels_game_kontra=valat_cancels,
        valat_solo_doubles=valat_solo,
        valat_silent_min_rule=valat_min,
        called_king_rule=ck_rule,
        concede_pays=ck_pays,
        solo_kontra_void=ck_void,
        renonce=renonce,
        trischaken=trischaken,
        contracts=contracts,
        bonuses=bonuses,
        document=document,
        radl=radl,
        call_own_king=call_own_king,
        renonce_trischaken=renonce_trischaken,
    )


def _radl(r: Reader, problems: Collector) -> Radl:
    """The optional ``[radl]`` table; a profile without it has no doubled rounds."""
    allowed = [e.value for e in RadlEvent]
    events: list[RadlEvent] = []
    for i, name in enumerate(r.str_list("events")):
        if name in allowed:
            if RadlEvent(name) in events:
                problems.add(f"{r.where('events')}[{i}]", f"{name!r} is listed twice")
            events.append(RadlEvent(name))
        else:
            problems.add(
                f"{r.where('events')}[{i}]",
                f"{name!r} is not an event that arms a Radl; choose from {one_of(allowed)}"
                f"{near_miss(name, allowed)}",
            )
    radl = Radl(
        events=tuple(events), hands=r.number("hands", 4, minimum=1), factor=r.number("factor", 2, minimum=2)
    )
    r.finish()
    return radl


def _ladder(ko: Reader, problems: Collector) -> tuple[KontraStep, ...]:
    raw = ko.raw("ladder")
    if raw is None:
        problems.add(ko.where("ladder"), "missing (required)")
        return ()
    if not isinstance(raw, list) or not raw:
        problems.add(ko.where("ladder"), "expected a non-empty array of { name, multiplier } tables")
        return ()
    steps: list[KontraStep] = []
    previous = 1
    for i, item in enumerate(raw):
        path = f"{ko.where('ladder')}[{i}]"
        if not isinstance(item, dict):
            problems.add(path, "expected a table { name = ..., multiplier = ... }")
            continue
        r = Reader(item, path, problems)
        step = KontraStep(name=r.text("name"), multiplier=r.number("multiplier", minimum=2), level=i + 1)
        r.finish()
        if step.multiplier < 2:
            continue  # reported by the reader; a later step is checked against the last good one
        if step.multiplier <= previous or step.multiplier % previous:
            problems.add(
                path,
                f"multiplier {step.multiplier} must be a multiple of the step below it ({previous}), "
                "and larger: each step multiplies the stake once more",
            )
        previous = step.multiplier
        steps.append(step)
    return tuple(steps)


def _bonuses(table: Reader, problems: Collector) -> dict[str, Bonus]:
    bonuses: dict[str, Bonus] = {}
    for name in table.data:
        r = table.table(name)
        bonus = Bonus(
            name=name,
            value=r.number("value", minimum=0),
            kontra=r.flag("kontra", True),
            announce=r.flag("announce", True),
            aliases=r.str_list("aliases"),
            source=r.text("source", ""),
            min_card_points=r.points("min_card_points") if r.has("min_card_points") else None,
        )
        enabled = r.flag("enabled", True)
        r.finish()
        if enabled:
            bonuses[name] = bonus
    return bonuses


def _contracts(
    table: Reader, problems: Collector, bonuses: Mapping[str, Bonus], profile_talon: bool
) -> dict[str, Contract]:
    contracts: dict[str, Contract] = {}
    for name in table.data:
        r = table.table(name)
        contract = Contract(
            name=name,
            value=r.number("value", minimum=0),
            kind=r.choice("kind", Kind),
            team=r.choice("team", Team),
            bonuses=r.str_list("bonuses"),
            aliases=r.str_list("aliases"),
            doubles_bonuses=r.flag("doubles_bonuses", False),
            loss_factor=r.number("loss_factor", 1, minimum=1),
            talon=r.flag("talon", profile_talon) and profile_talon,
            requires_announced=r.str_list("requires_announced"),
            source=r.text("source", ""),
            bidders=r.choice("bidders", Bidders, Bidders.ANYONE),
        )
        enabled = r.flag("enabled", True)
        r.finish()
        if not enabled:
            continue
        for key in ("bonuses", "requires_announced"):
            for bonus in getattr(contract, key):
                if bonus not in bonuses:
                    problems.add(
                        r.where(key),
                        f"{bonus!r} is not a bonus of this profile; choose from {one_of(bonuses)}"
                        f"{near_miss(bonus, bonuses)}",
                    )
        if contract.kind is Kind.DODGE and contract.team is not Team.EVERYONE:
            problems.add(r.where("team"), 'a dodge contract is played by everyone: team = "everyone"')
        contracts[name] = contract
    return contracts


def _check_unique_names(
    contracts: Mapping[str, Contract], bonuses: Mapping[str, Bonus], problems: Collector
) -> None:
    # Names are matched folded (any case, without hyphens, spaces or underscores): two names
    # that fold alike would be one name at the table.
    for label, entries in (("contracts", contracts), ("bonuses", bonuses)):
        seen: dict[str, str] = {}
        for entry in entries.values():
            for alias in (entry.name, *entry.aliases):
                key = fold(alias)
                if key in seen and seen[key] != entry.name:
                    problems.add(
                        f"{label}.{entry.name}.aliases",
                        f"{alias!r} already names {seen[key]!r}",
                    )
                seen[key] = entry.name
