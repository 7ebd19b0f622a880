"""House-rule profiles: the typed model and its validation (core layer, no I/O).

A profile holds every number and every rule switch the engine uses. ``profile_file`` reads the
TOML and resolves ``extends``; this module turns the resolved mapping into a :class:`Profile`,
collecting every problem with its key path. Each table of the file is a record of
:mod:`tarockscore.rules.profile_tables` (``profile.valat.model`` is ``[valat] model``), read from
the one declaration of its keys there; this module adds the contracts, the bonuses, the Kontra
ladder and the checks that span tables.
"""

# No `from __future__ import annotations` here: typing.NamedTuple compiles every string
# annotation of its fields when the class is made, at each start-up.
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar, cast, get_args

from tarockscore.errors import N_, Collector, ProfileError, near_miss, one_of, reason
from tarockscore.rules.cardpoints import parse_points, render_points
from tarockscore.rules.names import fold
from tarockscore.rules.profile_tables import (
    Bidders,
    BonusRules,
    BonusSide,
    CalledKingInTalon,
    CalledKingNeed,
    CalledKingRule,
    ConcedePays,
    Family,
    Game,
    HuettenfleckScope,
    Kind,
    KontraRules,
    KontraScope,
    KontraStep,
    NegativeKontra,
    Radl,
    RadlEvent,
    RenonceRule,
    RenonceRules,
    Rounding,
    Settlement,
    SettlementMode,
    TalonShare,
    Team,
    Ties,
    Trischaken,
    TrischakenTalon,
    ValatBonuses,
    ValatModel,
    ValatRules,
    Virgins,
    key_path,
    read_sources,
    read_table,
)
from tarockscore.rules.reader import Reader

__all__ = [
    "SCHEMA",
    "Bidders",
    "Bonus",
    "BonusRules",
    "BonusSide",
    "CalledKingInTalon",
    "CalledKingRule",
    "ConcedePays",
    "Contract",
    "Family",
    "Game",
    "HuettenfleckScope",
    "Kind",
    "KontraRules",
    "KontraScope",
    "KontraStep",
    "NegativeKontra",
    "Profile",
    "Radl",
    "RadlEvent",
    "RenonceRule",
    "RenonceRules",
    "Rounding",
    "Settlement",
    "SettlementMode",
    "Team",
    "Ties",
    "Trischaken",
    "ValatBonuses",
    "ValatModel",
    "ValatRules",
    "TrischakenTalon",
    "Virgins",
    "build_profile",
    "key_path",
]

SCHEMA = 1
T = TypeVar("T")


class Contract(NamedTuple):
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
    bidders: Bidders = "anyone"
    # Kontra may be said on the contract (``[contracts.NAME] kontra``; GameTwist: not on the ouverts, D5).
    kontra: bool = True
    # Which of the talon's cards count for the declarer side (``[contracts.NAME] talon_share``,
    # docs/rules/koenigrufen.md §1.4): "half" where he takes a half, "none" where he does not.
    talon_share: TalonShare = "half"
    # A negative contract's promise (``[contracts.NAME] tricks``): the declarer takes exactly this
    # many tricks (Bettler 0, Piccolo 1, Zwiccolo 2, Triccolo 3 [TA]); None where the profile
    # does not say. The hand enters whether he did (``won``); the number is what ``won`` means.
    tricks: int | None = None


class Bonus(NamedTuple):
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
    # What the bonus needs of the called King (``bonuses.NAME.called_king``): "played", in a
    # trick (the King ultimo); "caught", in the Defenders' tricks (GameTwist's Königfang); "".
    called_king: str = ""
    # A material bonus ("Bestandsprämie": Trull, Four Kings, Säcke) is held in a side's tricks,
    # not made by a card in one trick; ``valat.bonuses = "trick"`` drops it in a Valat hand.
    material: bool = False


class Profile(NamedTuple):
    """A house-rule profile: one record per table of the file, then its contracts and bonuses.

    The ``document`` it was built from takes no part in its equality or its repr.
    """

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
    document: Mapping[str, Any] = MappingProxyType({})
    radl: Radl = Radl()
    title_de: str = ""  # the title in German, where the file gives one
    # ``[sources]``: the citation behind a key's number (``kontra.ladder[1]``: where ×4 is printed)
    sources: Mapping[str, str] = MappingProxyType({})

    def source_of(self, rule: str) -> str:
        """The citation for a number's key path (``--explain``), or ''. A contract's or bonus's
        key is cited by its ``source``; a Kontra step by its own entry, else the ladder's."""
        parts = rule.split(".")
        if len(parts) == 3 and parts[0] == "contracts" and parts[1] in self.contracts:
            return self.contracts[parts[1]].source
        if len(parts) == 3 and parts[0] == "bonuses" and parts[1] in self.bonuses:
            return self.bonuses[parts[1]].source
        return self.sources.get(rule) or self.sources.get(rule.partition("[")[0], "")

    def title_in(self, language: str) -> str:
        """The title for a reader of ``language`` (``en``, ``de``): the German one where the
        file gives it, else the English ``title``."""
        return self.title_de if language == "de" and self.title_de else self.title

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Profile):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _COMPARED)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True) if name != "document"
        )
        return f"Profile({shown})"

    # -- lookups ---------------------------------------------------------------------------

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
        for step in ladder:
            if step.name == name:
                return step
        key = fold(name)
        for alias, target in aliases.items():
            if fold(alias) == key:
                key = fold(target)
                break
        for step in ladder:
            if fold(step.name) == key:
                return step
        return None

    def step_aliases(self, step: str) -> list[str]:
        """The other names of a ladder step, as the profile lists them."""
        return [alias for alias, target in self.kontra.aliases.items() if target == step]

    @property
    def playable_steps(self) -> tuple[KontraStep, ...]:
        return self.kontra.ladder[: self.kontra.ceiling]

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


# Profiles are equal when their rules are: every field but the document they were built from.
_COMPARED = tuple(f for f in Profile._fields if f != "document")


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
    if game.talon_card_points is not None and game.talon_card_points[1] > game.card_points_total:
        problems.add(
            key_path(Game, "talon_card_points"),
            N_("{most} is above card_points_total {card_points_total}"),
            most=render_points(game.talon_card_points[1]),
            card_points_total=game.card_points_total,
        )
    if game.win_threshold > game.card_points_total:
        problems.add(
            key_path(Game, "win_threshold"),
            N_("{win_threshold} is above card_points_total {card_points_total}"),
            win_threshold=game.win_threshold,
            card_points_total=game.card_points_total,
        )

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

    br = top.table("bonus_rules")
    failing = br.str_list("silent_failure_bonuses") if br.has("silent_failure_bonuses") else None
    bonus_rules = read_table(br, BonusRules, silent_failure_bonuses=failing)
    br.finish()
    valat = _read(top, "valat", ValatRules)
    called_king = _read(top, "called_king_in_talon", CalledKingInTalon)

    rn = top.table("renonce")
    renonce = read_table(rn, RenonceRules)
    if renonce.rule == "as_if_won":
        for needed in ("trischaken_each", "trischaken_forehand_factor"):
            if not rn.has(needed):
                problems.add(rn.where(needed), N_('missing (required with rule = "as_if_won")'))
    rn.finish()

    trischaken = _read(top, "trischaken", Trischaken)
    if trischaken.losers >= game.players:
        problems.add(
            key_path(Trischaken, "losers"),
            N_("{losers} must be fewer than the {players} players"),
            losers=trischaken.losers,
            players=game.players,
        )

    bonuses = _bonuses(top.table("bonuses"), problems)
    contracts = _contracts(top.table("contracts"), problems, bonuses, game.talon)
    radl = _radl(top.table("radl", required=False), problems)
    sources = read_sources(top.table("sources", required=False), len(kontra.ladder), problems)
    top.finish()

    _check_unique_names(contracts, bonuses, problems)
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
    )


def _talon_card_points(game: Reader, problems: Collector) -> tuple[Fraction, Fraction] | None:
    """``game.talon_card_points``: the fewest and the most card points the talon can hold, two
    points written as card points are (``["2", "26"]``); absent, None."""
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
    if ceiling_name in step_names:
        ceiling = step_names.index(ceiling_name) + 1
    elif ko.has("ceiling"):
        problems.add(
            key_path(KontraRules, "ceiling"),
            N_("{ceiling_name!r} is not a step of the ladder; choose one of {allowed}{hint}"),
            ceiling_name=ceiling_name,
            allowed=one_of(step_names),
            hint=near_miss(ceiling_name, step_names),
        )
    return read_table(ko, KontraRules, ladder=ladder, ceiling=ceiling, aliases=aliases)


def _radl(r: Reader, problems: Collector) -> Radl:
    """The optional ``[radl]`` table; a profile without it has no doubled rounds."""
    allowed: tuple[RadlEvent, ...] = get_args(RadlEvent)
    events: list[RadlEvent] = []
    for i, name in enumerate(r.str_list("events")):
        if name in allowed:
            if name in events:
                problems.add(f"{r.where('events')}[{i}]", N_("{name!r} is listed twice"), name=name)
            events.append(name)
        else:
            problems.add(
                f"{r.where('events')}[{i}]",
                N_("{name!r} is not an event that arms a Radl; choose from {allowed}{hint}"),
                name=name,
                allowed=one_of(allowed),
                hint=near_miss(name, allowed),
            )
    radl = read_table(r, Radl, events=tuple(events))
    r.finish()
    return radl


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
            side=cast(BonusSide, r.word("side", get_args(BonusSide), "either")),
            can_fail=r.flag("can_fail", True),
            called_king=r.word("called_king", get_args(CalledKingNeed), ""),
            material=r.flag("material", False),
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
        talon = r.flag("talon", profile_talon) and profile_talon
        contract = Contract(
            name=name,
            value=r.number("value", minimum=0),
            kind=r.choice("kind", Kind),
            team=cast(Team, r.word("team", get_args(Team))),
            bonuses=r.str_list("bonuses"),
            aliases=r.str_list("aliases"),
            doubles_bonuses=r.flag("doubles_bonuses", False),
            loss_factor=r.number("loss_factor", 1, minimum=1),
            talon=talon,
            requires_announced=r.str_list("requires_announced"),
            source=r.text("source", ""),
            bidders=cast(Bidders, r.word("bidders", get_args(Bidders), "anyone")),
            kontra=r.flag("kontra", True),
            talon_share=cast(
                TalonShare, r.word("talon_share", get_args(TalonShare), "half" if talon else "none")
            ),
            tricks=r.number("tricks", minimum=0) if r.has("tricks") else None,
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
                        N_("{alias!r} already names {value!r}"),
                        alias=alias,
                        value=seen[key],
                    )
                seen[key] = entry.name
