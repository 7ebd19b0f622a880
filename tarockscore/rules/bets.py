"""Every bet of a hand, settled (core layer, pure): the contract and each bonus a bet of its own,
each with its factors (each named by its profile key), settled by Simplified Scoring or zero-sum."""

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import NamedTuple

from tarockscore.errors import N_, Message, message
from tarockscore.rules.hand import BonusEntry, Hand, Side, render_points, side_card_points
from tarockscore.rules.profile import (
    BonusRules,
    Contract,
    Game,
    Kind,
    KontraRules,
    Profile,
    Settlement,
    SettlementMode,
    key_path,
    setting,
)


class Factor(NamedTuple):
    """One multiplication applied to a bet, and the profile key it comes from."""

    label: str
    multiplier: int
    rule: str
    kontra: bool = False  # a doubling said at the table: money only where kontra_scope = "payout"


class Rounded(NamedTuple):
    """A bet whose value is a fraction, before rounding, so that a Radl can multiply first and round after."""

    value: Fraction
    stake: Fraction
    each: Mapping[str, int]


class Line(NamedTuple):
    """One bet of the hand, settled."""

    bet: str
    label: str
    base: int | Fraction
    base_rule: str
    factors: tuple[Factor, ...]
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    value: int  # on the score sheet: every factor, less the Kontras where they are money only
    stake: int  # with every factor, Kontras included
    points: Mapping[str, int]
    payout: Mapping[str, int]
    note: str = ""
    rounded: Rounded | None = None  # set where the base is a fraction

    def times(self, factor: int, payout: bool = False) -> dict[str, int]:
        """What each player adds for this bet in a hand counted ×``factor`` (a Radl), rounded after."""
        r = self.rounded
        if r is None:
            return {p: v * factor for p, v in (self.payout if payout else self.points).items()}
        whole = math.floor((r.stake if payout else r.value) * factor)
        return {p: unit * whole for p, unit in r.each.items()}


class Scored(NamedTuple):
    """Some settled lines of a hand and the notes that explain them, in order."""

    lines: tuple[Line, ...] = ()
    notes: tuple[str, ...] = ()

    def then(self, other: "Scored") -> "Scored":
        """These lines and notes followed by ``other``'s."""
        return Scored(self.lines + other.lines, self.notes + other.notes)


NOTHING = Scored()  # no line and no note: what a rule that does not apply adds


def note(text: str) -> Scored:
    return Scored(notes=(text,))


def title(name: str) -> Message:
    """A profile name as a player reads it: ``king_ultimo`` → ``King Ultimo``."""
    return Message(name.replace("_", " ").title())


def settle_bet(
    winners: tuple[str, ...],
    losers: tuple[str, ...],
    value: int,
    mode: SettlementMode,
    players: Iterable[str],
) -> dict[str, int]:
    """What each player adds for one bet of ``value`` won by ``winners`` from ``losers`` (docs/rules/settlement.md)."""
    points = dict.fromkeys(players, 0)
    if not winners or value == 0:
        return points
    if mode == "simplified":
        for w in winners:
            points[w] += value
        return points
    if not losers:
        return points
    larger = max(len(winners), len(losers))
    for group, sign in ((winners, 1), (losers, -1)):
        total = value * larger
        if total % len(group):
            raise ValueError(f"a value of {value} does not split evenly among {len(group)} players")
        for p in group:
            points[p] += sign * total // len(group)
    return points


class Deal(NamedTuple):
    """One hand under one profile; ``side_factors`` multiply every bet but the contract."""

    hand: Hand
    profile: Profile
    contract: Contract
    declarers: tuple[str, ...]
    defenders: tuple[str, ...]
    side_factors: tuple[Factor, ...] = ()

    @property
    def kontra_scores(self) -> bool:
        """Whether a Kontra changes the score sheet, or only the money (``kontra_scope``)."""
        return self.profile.settlement.kontra_scope == "score"

    def side(self, side: Side) -> tuple[str, ...]:
        return self.declarers if side is Side.DECLARERS else self.defenders

    def amounts(self, base: int | Fraction, factors: Iterable[Factor]) -> tuple[int, int]:
        """A bet's value on the score sheet and its stake with every Kontra, rounded down to whole points."""
        value, stake = self.exact_amounts(base, factors)
        return math.floor(value), math.floor(stake)

    def exact_amounts(
        self, base: int | Fraction, factors: Iterable[Factor]
    ) -> tuple[int | Fraction, int | Fraction]:
        """:meth:`amounts` before rounding."""
        value = stake = base
        for f in factors:
            stake *= f.multiplier
            if not f.kontra or self.kontra_scores:
                value *= f.multiplier
        return value, stake

    def line(
        self,
        bet: str,
        label: str,
        base: int | Fraction,
        base_rule: str,
        factors: Iterable[Factor],
        winners: tuple[str, ...],
        losers: tuple[str, ...],
        note: str = "",
    ) -> Scored:
        """One bet settled: ``winners`` take it from ``losers`` under the settlement mode."""
        factors = tuple(factors)
        if bet != "contract":
            factors += self.side_factors
        exact, exact_stake = self.exact_amounts(base, factors)
        value, stake = math.floor(exact), math.floor(exact_stake)
        mode, players = self.profile.settlement.mode, self.hand.players
        points = settle_bet(winners, losers, value, mode, players)
        rounded = None
        if isinstance(base, Fraction) and base.denominator != 1:
            each = settle_bet(winners, losers, 1, mode, players)
            rounded = Rounded(Fraction(exact), Fraction(exact_stake), each)
        line = Line(
            bet=bet,
            label=label,
            base=base,
            base_rule=base_rule,
            factors=factors,
            winners=winners,
            losers=losers,
            value=value,
            stake=stake,
            points=points,
            # without a Kontra kept off the score sheet the money settles as the points do
            payout=points if stake == value else settle_bet(winners, losers, stake, mode, players),
            note=note,
            rounded=rounded,
        )
        return Scored(lines=(line,))


# -- the Kontra ladder, and the contract's line it doubles -----------------------------------------


def kontra_factors(
    profile: Profile, step_name: str | None, target: str, answer: str | None = None, **values: object
) -> tuple[Factor, ...]:
    """One factor per step of the ladder up to ``step_name``; ``target`` is a template with ``{step}``."""
    if step_name is None:
        return ()
    step = profile.step(step_name)
    assert step is not None
    factors = []
    previous = 1
    for s in profile.kontra.ladder[: step.level]:
        # the doubted side's answers (Rekontra, …) read with ``answer`` where one is given
        said = answer if answer is not None and s.level % 2 == 0 else target
        if "{step}" in said:
            label = message(said, step=title(s.name), **values)
        else:
            label = message(N_("{step} on {target}"), step=title(s.name), target=target)
        rule = f"{key_path(KontraRules, 'ladder')}[{s.level - 1}]"
        factors.append(Factor(label, s.multiplier // previous, rule, True))
        previous = s.multiplier
    return tuple(factors)


def huettenfleck_factors(profile: Profile) -> tuple[Factor, ...]:
    """The Hüttenfleck: a Kontra said before the talon, which multiplies at once."""
    label = N_("Hüttenfleck (Kontra before the talon)")
    rule = key_path(KontraRules, "huettenfleck_multiplier")
    return (Factor(label, profile.kontra.huettenfleck_multiplier, rule, True),)


def kontra_void(hand: Hand, profile: Profile) -> bool:
    """Every Kontra of the hand is void: a solo call whose called King lay in the talon (D18)."""
    return (
        hand.called_king == "talon"
        and profile.contracts[hand.contract].doubles_bonuses
        and profile.called_king_in_talon.solo_kontra_void
    )


def said_kontra_factors(
    deal: Deal, step_name: str | None, target: str, **values: object
) -> tuple[Factor, ...]:
    """The Kontra said on a bet beside the contract (a bonus, the Valat), unless every one is void."""
    if kontra_void(deal.hand, deal.profile):
        return ()
    return kontra_factors(deal.profile, step_name, target, None, **values)


def side_bet_factors(hand: Hand, profile: Profile) -> tuple[Factor, ...]:
    """What multiplies every bet beside the contract: the Hüttenfleck where its scope is the hand."""
    if hand.huettenfleck and profile.kontra.huettenfleck_scope == "hand" and not kontra_void(hand, profile):
        return huettenfleck_factors(profile)
    return ()


def contract_kontra(deal: Deal) -> tuple[tuple[Factor, ...], Scored]:
    """The Kontra on the contract (said, implied or void) and the notes that explain it."""
    hand, contract, profile = deal.hand, deal.contract, deal.profile
    if kontra_void(hand, profile):
        if hand.kontra or hand.huettenfleck or any(b.kontra for b in hand.bonuses):
            return (), note(
                N_(
                    "The called King lay in the talon of a solo call: every Kontra is void "
                    "(called_king_in_talon.solo_kontra_void)."
                )
            )
        return (), NOTHING
    if hand.huettenfleck:
        if hand.kontra:  # entered with the Hüttenfleck, the Kontra is the one said before the talon
            return huettenfleck_factors(profile), note(
                N_(
                    "The Kontra was said before the talon: it is the Hüttenfleck, whose multiplier "
                    "takes the place of the Kontra's (kontra.huettenfleck_multiplier)."
                )
            )
        return huettenfleck_factors(profile), NOTHING
    if (
        hand.kontra is None
        and profile.bonus_rules.defender_announce_implies_kontra
        and contract.kind is Kind.POSITIVE
        and any(b.announced and b.side is Side.DEFENDERS for b in hand.bonuses)
    ):
        said = N_(
            "A Defender announced a bonus, which counts as Kontra on the contract "
            "(bonus_rules.defender_announce_implies_kontra)."
        )
        first = profile.kontra.ladder[0].name
        return kontra_factors(profile, first, N_("{step} on the contract (implied)")), note(said)
    return kontra_factors(profile, hand.kontra, N_("{step} on the contract")), NOTHING


# A Defender's own Kontra on a contract in a sentence of its own, so a language can give the
# contract its article ("auf den Bettler von Bert"); another contract reads with the general template.
KONTRA_ON_CONTRACT = {
    "bettler": N_("{player}'s {step} on {declarer}'s Bettler"),
    "bettler_ouvert": N_("{player}'s {step} on {declarer}'s Bettler Ouvert"),
}


def defender_kontra_factors(profile: Profile, hand: Hand, contract: str, defender: str) -> tuple[Factor, ...]:
    """Contra ad personam: the steps one Defender said on the declarer's contract (none: no factor)."""
    return kontra_factors(
        profile,
        dict(hand.kontra_by).get(defender),
        KONTRA_ON_CONTRACT.get(contract, N_("{player}'s {step} on {declarer}'s {contract}")),
        N_("{declarer}'s {step} to {player}"),
        player=defender,
        declarer=hand.declarer,
        contract=title(contract),
    )


def ad_personam_lines(deal: Deal, base: int | Fraction, factors: tuple[Factor, ...], won: bool) -> Scored:
    """Contra ad personam: the declarer settles with each Defender at that Defender's own stake (docs/rules/disagreements.md#d32)."""
    hand, c, profile = deal.hand, deal.contract, deal.profile
    assert hand.declarer is not None
    steps = dict(hand.kontra_by)
    rule = f"contracts.{c.name}.value"
    if profile.settlement.mode == "simplified" and won:
        # the stake of the Defender who went highest (the first in seat order of equals), said as his
        highest = max(deal.defenders, key=lambda d: profile.step(steps[d]).level if d in steps else 0)  # type: ignore[union-attr]
        return deal.line(
            "contract",
            title(c.name),
            base,
            rule,
            [*factors, *defender_kontra_factors(profile, hand, c.name, highest)],
            (hand.declarer,),
            deal.defenders,
            note=setting(Settlement, "mode", "simplified"),
        )
    out = NOTHING
    for d in deal.defenders:
        pair = ((hand.declarer,), (d,)) if won else ((d,), (hand.declarer,))
        out = out.then(
            deal.line(
                "contract",
                message(N_("{contract} vs {player}"), contract=title(c.name), player=d),
                base,
                rule,
                [*factors, *defender_kontra_factors(profile, hand, c.name, d)],
                *pair,
            )
        )
    return out


def loss_factors(contract: Contract) -> tuple[Factor, ...]:
    """The factor a lost contract pays beyond its value, if its ``loss_factor`` is not 1."""
    if contract.loss_factor == 1:
        return ()
    said = N_("{contract} lost: the game counts ×{factor}")
    label = message(said, contract=title(contract.name), factor=contract.loss_factor)
    return (Factor(label, contract.loss_factor, f"contracts.{contract.name}.loss_factor"),)


def contract_lines(
    deal: Deal,
    won: bool,
    winners: tuple[str, ...],
    losers: tuple[str, ...],
    kontra: tuple[Factor, ...],
    note: str = "",
) -> Scored:
    """The contract's line; with contra ad personam, one settlement per Defender."""
    c = deal.contract
    factors = () if won else loss_factors(c)
    if deal.hand.kontra_by and c.kind is Kind.NEGATIVE:
        return ad_personam_lines(deal, c.value, factors, won)
    return deal.line(
        "contract",
        title(c.name),
        c.value,
        f"contracts.{c.name}.value",
        [*factors, *kontra],
        winners,
        losers,
        note,
    )


# -- each bonus's line -----------------------------------------------------------------------------


def announced_factor(deal: Deal) -> Factor:
    return Factor(N_("announced"), deal.profile.game.announced_factor, key_path(Game, "announced_factor"))


def bonus_label(name: str, announced: bool, announceable: bool = True) -> str:
    """``Pagat (announced)``, ``Pagat (silent)``; ``Trull`` alone where it is never announced
    (``bonuses.NAME.announce = false``, Zwanzigerrufen's hand bonus: declared, not silent)."""
    if not announceable:
        return title(name)
    return message(N_("{bonus} (announced)") if announced else N_("{bonus} (silent)"), bonus=title(name))


# The Kontra on each bonus in a sentence of its own, so a language can give the bonus its article
# ("Kontra auf den Pagat", "auf die Trull"); a bonus not listed reads with the general template.
KONTRA_ON = {
    "pagat": N_("{step} on the Pagat"),
    "uhu": N_("{step} on the Uhu"),
    "kakadu": N_("{step} on the Kakadu"),
    "quapil": N_("{step} on the Quapil"),
    "king_ultimo": N_("{step} on the King Ultimo"),
    "trull": N_("{step} on the Trull"),
    "four_kings": N_("{step} on the Four Kings"),
    "valat": N_("{step} on the Valat"),
    "honneurs": N_("{step} on the Honneurs"),
    "mondfang": N_("{step} on the Mondfang"),
    "koenigfang": N_("{step} on the Koenigfang"),
    "first_sack": N_("{step} on the First Sack"),
    "second_sack": N_("{step} on the Second Sack"),
}


def bonus_factors(deal: Deal, b: BonusEntry) -> list[Factor]:
    """What multiplies a bonus's value: its announcement, a solo contract, the Kontra said on it."""
    c = deal.contract
    factors = [announced_factor(deal)] if b.announced else []
    if c.doubles_bonuses:
        label = message(N_("{contract} doubles every bonus"), contract=title(c.name))
        rule = key_path(Game, "solo_bonus_factor")
        factors.append(Factor(label, deal.profile.game.solo_bonus_factor, rule))
    target = KONTRA_ON.get(b.name, N_("{step} on the {bonus}"))
    factors += said_kontra_factors(deal, b.kontra, target, bonus=title(b.name))
    return factors


def silent_failure_note(deal: Deal, b: BonusEntry) -> str | None:
    """Why a silent bonus that failed is not scored, or None where it goes to the other side."""
    rules = deal.profile.bonus_rules
    if not rules.silent_failure_counts:
        said = N_("{bonus} silent and lost: not scored (bonus_rules.silent_failure_counts = false).")
    elif rules.silent_failure_bonuses is not None and b.name not in rules.silent_failure_bonuses:
        said = N_("{bonus} silent and lost: not scored (bonus_rules.silent_failure_bonuses).")
    else:
        return None
    return message(said, bonus=title(b.name))


def short_of_points(deal: Deal, b: BonusEntry, side: Side) -> str | None:
    """Why a silent bonus with ``min_card_points`` that failed does not go to ``side``; None: no such bar."""
    minimum = deal.profile.bonuses[b.name].min_card_points
    if minimum is None:
        return None
    hand = deal.hand
    points = side_card_points(
        side, hand.card_points, hand.defender_card_points, deal.profile.game.card_points_total
    )
    if points is not None and points >= minimum:
        return None
    return message(
        N_(
            "{bonus} lost, and the other side's card points do not show the {minimum} it needs: "
            "nobody scores it (bonuses.{name}.min_card_points)."
        ),
        bonus=title(b.name),
        minimum=render_points(minimum),
        name=b.name,
    )


def bonus_line(deal: Deal, b: BonusEntry, winning_side: Side | None = None, *, why: str = "") -> Scored:
    """One bonus settled; ``winning_side`` overrides who wins it (a renonce gives it away)."""
    p = deal.profile
    if winning_side is None:
        if not b.made and not b.announced:  # an announced one is paid to the other side whatever it holds
            not_scored = silent_failure_note(deal, b) or short_of_points(deal, b, b.side.other)
            if not_scored is not None:
                return note(not_scored)
        winning_side = b.side if b.made else b.side.other
    if not b.made and not why:
        if b.side is not Side.DECLARERS:
            why = N_("the defenders did not make it: it goes to the other side")
        elif len(deal.side(Side.DECLARERS)) == 1:
            why = N_("the declarer did not make it: it goes to the other side")
        else:
            why = N_("the declarers did not make it: it goes to the other side")
        if not b.announced:  # scored by the rule that a failed silent bonus counts (D13)
            rule = key_path(BonusRules, "silent_failure_counts")
            why = message(N_("{first}, {second}"), first=message(why), second=rule)
    winners, losers = deal.side(winning_side), deal.side(winning_side.other)
    if p.bonuses[b.name].between_players and b.made and b.caught_by and b.lost_by:
        # [LAU] Mondfang: "nur zwischen den zwei beteiligten Spielern gerechnet"
        winners, losers = (b.caught_by,), (b.lost_by,)
        why = why or message(
            N_(
                "settled between {lost_by}, who lost it, and {caught_by}, who made it: the others take no part ({rule})"
            ),
            caught_by=b.caught_by,
            lost_by=b.lost_by,
            rule=f"bonuses.{b.name}.between_players",
        )
    return deal.line(
        b.name,
        bonus_label(b.name, b.announced, p.bonuses[b.name].announce),
        p.bonuses[b.name].value,
        f"bonuses.{b.name}.value",
        bonus_factors(deal, b),
        winners,
        losers,
        why,
    )


def bonus_lines(deal: Deal, bonuses: list[BonusEntry]) -> Scored:
    out = NOTHING
    for b in bonuses:
        out = out.then(bonus_line(deal, b))
    return out
