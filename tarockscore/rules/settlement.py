"""Settling one bet into Victory Points: Simplified Scoring or zero-sum (core layer, pure)."""

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import NamedTuple

from tarockscore.errors import Message
from tarockscore.rules.hand import Hand, Side
from tarockscore.rules.profile import Contract, Profile, SettlementMode


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
