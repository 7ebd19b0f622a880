"""A hand's bets as the hand file gives them: the Kontra steps on the contract and each bonus, checked against the profile (rules core)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tarockscore.errors import N_, Collector, near_miss, one_of
from tarockscore.rules import legality
from tarockscore.rules.cardpoints import render_points
from tarockscore.rules.hand import BonusEntry, Side, side_card_points
from tarockscore.rules.profile import Bonus, Contract, Profile
from tarockscore.rules.reader import Reader, type_name


def read_kontra_step(where: str, value: object, profile: Profile, problems: Collector) -> str | None:
    """A Kontra step name checked against the ladder and its ceiling; the canonical name."""
    playable = [s.name for s in profile.playable_steps]
    if not isinstance(value, str):
        problems.add(
            where,
            N_("{value!r} is {kind}; expected a Kontra step: {allowed}"),
            value=value,
            kind=type_name(value),
            allowed=one_of(playable),
        )
        return None
    step = profile.step(value)
    if step is None:
        names = [s.name for s in profile.kontra.ladder] + list(profile.kontra.aliases)
        problems.add(
            where,
            N_("{value!r} is not a Kontra step; {profile!r} plays {allowed}{hint}"),
            value=value,
            profile=profile.name,
            allowed=one_of(playable),
            hint=near_miss(value, names, suffix="kontra"),
        )
        return None
    if step.level > profile.kontra.ceiling:
        problems.add(
            where,
            N_(
                "{value!r} is above this table's ceiling {name!r} (kontra.ceiling); {profile!r} plays {allowed}"
            ),
            value=value,
            name=profile.kontra.ladder[profile.kontra.ceiling - 1].name,
            profile=profile.name,
            allowed=one_of(playable),
        )
        return None
    return step.name


def read_contract_kontra(
    raw: Any,
    contract: Contract,
    declarer: str | None,
    partner: str | None,
    players: Sequence[str],
    profile: Profile,
    problems: Collector,
) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    if raw is None:
        return None, ()
    if not contract.kontra:
        problems.add(
            "kontra",
            N_(
                "{raw!r}: profile {profile!r} allows no Kontra on {contract} (contracts.{contract}.kontra = false); it is said on {allowed}"
            ),
            raw=raw,
            profile=profile.name,
            contract=contract.name,
            allowed=one_of(
                [
                    c.name
                    for c in profile.contracts.values()
                    if legality.kontra_on_contract_allowed(profile, c)
                ]
            ),
        )
        return None, ()
    if not legality.kontra_on_contract_allowed(profile, contract):
        problems.add(
            "kontra",
            N_(
                "{raw!r}: profile {profile!r} has no Kontra in {contract}, the Trischaken (kontra.dodge_round = false)"
            ),
            raw=raw,
            profile=profile.name,
            contract=contract.name,
        )
        return None, ()
    individual = legality.contra_ad_personam(profile, contract)
    if isinstance(raw, dict):
        if not individual:
            problems.add(
                "kontra",
                N_(
                    'a table of Defenders is only for contra ad personam in negative contracts; on {contract} give one step, e.g. kontra = "kontra"'
                ),
                contract=contract.name,
            )
            return None, ()
        defenders = [p for p in players if p not in (declarer, partner)]
        steps: list[tuple[str, str]] = []
        for name, value in raw.items():
            if name not in defenders:
                problems.add(
                    f"kontra.{name}",
                    N_("not a Defender; the Defenders are {allowed}{hint}"),
                    allowed=one_of(defenders),
                    hint=near_miss(name, defenders),
                )
                continue
            step = read_kontra_step(f"kontra.{name}", value, profile, problems)
            if step is not None:
                steps.append((name, step))
        order = {p: i for i, p in enumerate(players)}
        return None, tuple(sorted(steps, key=lambda item: order[item[0]]))
    if individual:
        problems.add(
            "kontra",
            N_(
                '{raw!r}: in {contract} each Defender says Kontra for themselves (contra ad personam, kontra.negative = "individual"); give a table, e.g. kontra = {{ Bert = "kontra" }}'
            ),
            raw=raw,
            contract=contract.name,
        )
        return None, ()
    return read_kontra_step("kontra", raw, profile, problems), ()


def read_bonuses(
    raw: Any, contract: str, allowed: tuple[str, ...], profile: Profile, problems: Collector
) -> tuple[BonusEntry, ...]:
    """The ``[[bonus]]`` tables, each a bonus of the profile that ``contract`` scores (its
    bonuses ``allowed``), entered once."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.add("bonus", N_("{raw!r}: expected [[bonus]] tables"), raw=raw)
        return ()
    entries: list[BonusEntry] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        path = f"bonus[{i}]"
        if not isinstance(item, dict):
            problems.add(
                path, N_("{item!r}: expected a table with name, side, announced, made, kontra"), item=item
            )
            continue
        entry = _read_bonus(Reader(item, path, problems), contract, allowed, seen, profile, problems)
        if entry is not None:
            entries.append(entry)
    return tuple(entries)


def _read_bonus(
    r: Reader, contract: str, allowed: tuple[str, ...], seen: set[str], profile: Profile, problems: Collector
) -> BonusEntry | None:
    """One ``[[bonus]]`` table (``seen``: the bonuses entered before it); None where its name is
    missing, unknown, not scored in ``contract`` or entered twice."""
    path = r.path
    given = r.text("name")
    side = r.choice("side", Side, Side.DECLARERS)
    announced = r.flag("announced", False)
    made = r.flag("made", True)
    kontra_raw = r.raw("kontra")
    r.finish()
    if not given:
        return None
    name = profile.bonus_name(given)
    if name is None:
        problems.add(
            f"{path}.name",
            N_("{given!r} is not a bonus of profile {profile!r}; choose one of {allowed}{hint}"),
            given=given,
            profile=profile.name,
            allowed=one_of(profile.bonuses),
            hint=near_miss(given, profile.bonus_names()),
        )
        return None
    if name not in allowed:
        problems.add(
            f"{path}.name",
            N_("{name!r} is not scored in {contract}; it allows {allowed}"),
            name=name,
            contract=contract,
            allowed=one_of(allowed),
        )
        return None
    if name in seen:
        problems.add(f"{path}.name", N_("{name!r} is entered twice"), name=name)
        return None
    seen.add(name)
    bonus = profile.bonuses[name]
    _check_bonus_entry(path, bonus, side, announced, made, profile, problems)
    kontra = _read_bonus_kontra(path, bonus, announced, kontra_raw, profile, problems)
    return BonusEntry(name=name, side=side, announced=announced, made=made, kontra=kontra)


def _check_bonus_entry(
    path: str, bonus: Bonus, side: Side, announced: bool, made: bool, profile: Profile, problems: Collector
) -> None:
    """The side that may make the bonus, whether it can fail, whether it can be announced."""
    name = bonus.name
    if not legality.may_make(bonus, side.value):
        problems.add(
            f"{path}.side",
            N_(
                "{side!r}: under {profile!r} the {name} is only the {allowed}' bonus (bonuses.{name}.side = {allowed!r})"
            ),
            side=side.value,
            profile=profile.name,
            name=name,
            allowed=bonus.side,
        )
    if not made and not legality.may_fail(bonus):
        problems.add(
            f"{path}.made",
            N_(
                "false: under {profile!r} the {name} cannot fail (bonuses.{name}.can_fail = false); enter it as made, on the side of the player who holds it"
            ),
            profile=profile.name,
            name=name,
        )
    if announced and not legality.may_announce(bonus):
        problems.add(
            f"{path}.announced",
            N_("{name!r} cannot be announced under {profile!r}"),
            name=name,
            profile=profile.name,
        )


def _read_bonus_kontra(
    path: str, bonus: Bonus, announced: bool, kontra_raw: Any, profile: Profile, problems: Collector
) -> str | None:
    """The bonus's own Kontra step: only on an announced bonus the profile doubles."""
    name = bonus.name
    if isinstance(kontra_raw, str) and profile.step(kontra_raw) is None:
        # not a step at all (a typing slip, or an unknown flag of the short form): say that first
        read_kontra_step(f"{path}.kontra", kontra_raw, profile, problems)
    elif kontra_raw is not None and not legality.may_double(bonus, announced):
        if not announced:
            problems.add(
                f"{path}.kontra",
                N_(
                    "{kontra_raw!r} on the silent {name}: a silent bonus cannot be doubled, only an announced one"
                ),
                kontra_raw=kontra_raw,
                name=name,
            )
        else:
            problems.add(
                f"{path}.kontra",
                N_("{kontra_raw!r}: {profile!r} never doubles the {name} (bonuses.{name}.kontra = false)"),
                kontra_raw=kontra_raw,
                profile=profile.name,
                name=name,
            )
    elif kontra_raw is not None:
        return read_kontra_step(f"{path}.kontra", kontra_raw, profile, problems)
    return None


def check_bonus_against_points(
    bonuses: tuple[BonusEntry, ...],
    declarers: Fraction | None,
    defenders: Fraction | None,
    won: bool | None,
    profile: Profile,
    problems: Collector,
) -> None:
    """Refuse a bonus whose outcome the card points (or the result) contradict.

    A bonus with ``bonuses.NAME.min_card_points`` (GameTwist's Absolute, at least 45 1/3) is made
    exactly when its side has that many card points. A made Valat takes every trick: whatever
    talon cards the other side is given, the Valat side then has the card points that win.
    """
    if declarers is None and won is None:
        return
    for i, b in enumerate(bonuses):
        who = b.side.value
        minimum = profile.bonuses[b.name].min_card_points
        points = side_card_points(b.side, declarers, defenders, profile.game.card_points_total)
        if minimum is not None and declarers is not None and points is not None:
            if b.made and points < minimum:
                problems.add(
                    f"bonus[{i}].made",
                    N_(
                        "true: the {who} have {points} card points, and {profile!r} gives the {b} only to a side with at least {minimum} (bonuses.{b}.min_card_points)"
                    ),
                    who=who,
                    points=render_points(points),
                    profile=profile.name,
                    b=b.name,
                    minimum=render_points(minimum),
                )
            elif not b.made and points >= minimum:
                problems.add(
                    f"bonus[{i}].made",
                    N_(
                        "false: the {who} have {points} card points, at least the {minimum} that make the {b} (bonuses.{b}.min_card_points)"
                    ),
                    who=who,
                    points=render_points(points),
                    minimum=render_points(minimum),
                    b=b.name,
                )
        if b.name == "valat" and b.made:
            declarers_won = (
                won if won is not None else declarers is not None and declarers >= profile.game.win_threshold
            )
            if declarers_won is not (b.side is Side.DECLARERS):
                shown = (
                    f"card_points {render_points(declarers)}"
                    if declarers is not None
                    else f"won = {str(won).lower()}"
                )
                problems.add(
                    f"bonus[{i}]",
                    N_(
                        "a Valat made by the {who} takes every trick, so the {who} win the game; {shown} says they lost it (the declarer side needs {win_threshold})"
                    ),
                    who=who,
                    shown=shown,
                    win_threshold=render_points(profile.game.win_threshold),
                )


def check_conceded_bonuses(bonuses: tuple[BonusEntry, ...], contract: Contract, problems: Collector) -> None:
    """A hand conceded at once is not played, and ends before the announcements (the talon, then
    "die Ansagen" [OÖ23 Allg.]; [GT] the calling round after "Taking the deck"): no bonus is made
    or lost in it, none is announced but the bird the contract is bid with, and no Kontra is said."""
    for i, b in enumerate(bonuses):
        if b.kontra:
            problems.add(
                f"bonus[{i}].kontra",
                N_("{kontra!r} on the {name}: no Kontra is allowed on a conceded hand"),
                kontra=b.kontra,
                name=b.name,
            )
        if b.announced and b.side is Side.DECLARERS and b.name in contract.requires_announced:
            continue  # the bird of the bid: part of the contract, paid as the profile says
        if b.announced:
            problems.add(
                f"bonus[{i}].announced",
                N_(
                    "{name!r} announced in a conceded hand: the declarer concedes on seeing the talon, before the announcements; only the bird a {contract} is bid with ({allowed}) is announced"
                )
                if contract.requires_announced
                else N_(
                    "{name!r} announced in a conceded hand: the declarer concedes on seeing the talon, before the announcements, so no bonus is announced"
                ),
                name=b.name,
                contract=contract.name,
                allowed=one_of(contract.requires_announced),
            )
        else:
            problems.add(
                f"bonus[{i}]",
                N_("{name!r}: a conceded hand is not played, so no bonus is made or lost in it"),
                name=b.name,
            )


def check_valat_game_kontra(
    bonuses: tuple[BonusEntry, ...], kontra: str | None, profile: Profile, problems: Collector
) -> None:
    """Where the profile says so (``valat.game_kontra_when_announced = false``, [WTC19] "In einem
    angesagten Valat kann das Spiel nicht kontriert werden"), a hand whose Valat is announced has
    no Kontra on the game: the Kontra is said on the Valat."""
    if kontra is None or profile.valat.game_kontra_when_announced:
        return
    for i, b in enumerate(bonuses):
        if b.name == "valat" and b.announced:
            problems.add(
                "kontra",
                N_(
                    "{kontra!r} on the game: with an announced Valat no Kontra is said on the game, only on the Valat (valat.game_kontra_when_announced = false); give it as the Valat's kontra (bonus[{i}].kontra)"
                ),
                kontra=kontra,
                i=i,
            )
            return
