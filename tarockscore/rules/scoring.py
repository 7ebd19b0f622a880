"""Scoring one hand: bets as line items, each settled into Victory Points (core layer, pure).

A hand becomes a list of :class:`Line` values, one per bet: the contract (or the Valat that
replaces it), every bonus in play, a concession or a renonce. Each line carries its base value,
every factor applied to it with the profile key it comes from, the side that wins it and what
each player adds. Victory Points are the sum of the lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from tarockscore.rules.cardpoints import render_points
from tarockscore.rules.hand import BonusEntry, Hand, Side
from tarockscore.rules.profile import (
    ConcedePays,
    Contract,
    HuettenfleckScope,
    Kind,
    KontraScope,
    Profile,
    RenonceRule,
    SettlementMode,
    Team,
    Ties,
    ValatBonuses,
    ValatModel,
    Virgins,
)


@dataclass(frozen=True, slots=True)
class Factor:
    """One multiplication applied to a bet, and the profile key it comes from."""

    label: str
    multiplier: int
    rule: str
    kontra: bool = False  # a doubling said at the table: money only where kontra_scope = "payout"


@dataclass(frozen=True, slots=True)
class Line:
    """One bet of the hand, settled."""

    bet: str
    label: str
    base: int
    base_rule: str
    factors: tuple[Factor, ...]
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    value: int  # on the score sheet: every factor, less the Kontras where they are money only
    stake: int  # with every factor, Kontras included
    points: Mapping[str, int]
    payout: Mapping[str, int]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Score:
    profile: str
    contract: str
    players: tuple[str, ...]
    declarers: tuple[str, ...]
    won: bool | None
    lines: tuple[Line, ...]
    victory_points: Mapping[str, int]
    payout: Mapping[str, int] | None
    notes: tuple[str, ...] = ()


def _product(values: Iterable[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


@cache
def _title(name: str) -> str:
    return name.replace("_", " ").title()


# -- settlement -------------------------------------------------------------------------------


def settle(
    winners: tuple[str, ...],
    losers: tuple[str, ...],
    value: int,
    mode: SettlementMode,
    players: Iterable[str],
) -> dict[str, int]:
    """What each player adds for one bet of ``value`` won by ``winners`` from ``losers``.

    Simplified Scoring: each winner adds the value; losers add nothing (S0, S1).
    Zero-sum: each player of the larger side settles the value; the smaller side settles the
    balance, so a lone player settles three times over (S1 "Traditional tables"; REFERENCE §5.2).
    """
    points = dict.fromkeys(players, 0)
    if not winners or value == 0:
        return points
    if mode is SettlementMode.SIMPLIFIED:
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


class _Scorer:
    """Builds the lines of one hand under one profile."""

    def __init__(self, hand: Hand, profile: Profile) -> None:
        self.hand = hand
        self.profile = profile
        self.contract: Contract = profile.contracts[hand.contract]
        self.lines: list[Line] = []
        self.notes: list[str] = []
        self.kontra_scores = profile.kontra_scope is KontraScope.SCORE
        # Worked out once: every bet of the hand asks for them.
        self.sides = {Side.DECLARERS: hand.declarers, Side.DEFENDERS: hand.defenders}

    # -- helpers --------------------------------------------------------------------------

    def kontra_factors(self, step_name: str | None, target: str) -> list[Factor]:
        """One factor per step of the ladder up to ``step_name``: each step doubles once more."""
        if step_name is None:
            return []
        step = self.profile.step(step_name)
        assert step is not None
        factors = []
        previous = 1
        for s in self.profile.ladder[: step.level]:
            factors.append(
                Factor(
                    f"{_title(s.name)} on {target}",
                    s.multiplier // previous,
                    f"kontra.ladder[{s.level - 1}]",
                    True,
                )
            )
            previous = s.multiplier
        return factors

    def huettenfleck(self) -> list[Factor]:
        return [
            Factor(
                "Hüttenfleck (Kontra before the talon)",
                self.profile.huettenfleck_multiplier,
                "kontra.huettenfleck_multiplier",
                True,
            )
        ]

    def add(
        self,
        bet: str,
        label: str,
        base: int,
        base_rule: str,
        factors: Iterable[Factor],
        winners: tuple[str, ...],
        losers: tuple[str, ...],
        note: str = "",
    ) -> None:
        factors = tuple(factors)
        if (
            self.hand.huettenfleck
            and self.profile.huettenfleck_scope is HuettenfleckScope.HAND
            and bet != "contract"
        ):
            factors += tuple(self.huettenfleck())
        mode = self.profile.settlement
        stake = base * _product(f.multiplier for f in factors)
        value = base * _product(f.multiplier for f in factors if not f.kontra or self.kontra_scores)
        players = self.hand.players
        self.lines.append(
            Line(
                bet=bet,
                label=label,
                base=base,
                base_rule=base_rule,
                factors=factors,
                winners=winners,
                losers=losers,
                value=value,
                stake=stake,
                points=settle(winners, losers, value, mode, players),
                payout=settle(winners, losers, stake, mode, players),
                note=note,
            )
        )

    def side_players(self, side: Side) -> tuple[str, ...]:
        return self.sides[side]

    # -- the hand -------------------------------------------------------------------------

    def score(self) -> Score:
        hand, contract = self.hand, self.contract
        won: bool | None = None
        if contract.kind is Kind.DODGE:
            self.dodge()
        elif hand.renonce is not None:
            won = self.renonce()
        elif hand.conceded:
            won = False
            self.concession()
        else:
            won = self.played()
        victory = dict.fromkeys(hand.players, 0)
        payout = dict.fromkeys(hand.players, 0)
        for line in self.lines:
            for p in hand.players:
                victory[p] += line.points[p]
                payout[p] += line.payout[p]
        return Score(
            profile=self.profile.name,
            contract=contract.name,
            players=hand.players,
            declarers=hand.declarers,
            won=won,
            lines=tuple(self.lines),
            victory_points=victory,
            payout=None if self.kontra_scores else payout,
            notes=tuple(self.notes),
        )

    def outcome(self) -> bool:
        hand = self.hand
        if hand.won is not None:
            return hand.won
        assert hand.card_points is not None
        return hand.card_points >= self.profile.win_threshold

    def contract_kontra(self) -> list[Factor]:
        hand = self.hand
        if (
            self.hand.called_king == "talon"
            and self.contract.doubles_bonuses
            and self.profile.solo_kontra_void
        ):
            if hand.kontra or hand.huettenfleck:
                self.notes.append(
                    "The called King lay in the talon of a solo call: every Kontra is void "
                    "(called_king_in_talon.solo_kontra_void)."
                )
            return []
        if hand.huettenfleck:
            return self.huettenfleck()
        if (
            hand.kontra is None
            and self.profile.defender_announce_implies_kontra
            and self.contract.kind is Kind.POSITIVE
            and any(b.announced and b.side is Side.DEFENDERS for b in hand.bonuses)
        ):
            self.notes.append(
                "A Defender announced a bonus, which counts as Kontra on the contract "
                "(bonus_rules.defender_announce_implies_kontra)."
            )
            return self.kontra_factors(self.profile.ladder[0].name, "the contract (implied)")
        return self.kontra_factors(hand.kontra, "the contract")

    def contract_base(self, won: bool) -> tuple[int, list[Factor]]:
        c = self.contract
        factors: list[Factor] = []
        if not won and c.loss_factor != 1:
            factors.append(
                Factor(
                    f"{_title(c.name)} lost: the game pays ×{c.loss_factor}",
                    c.loss_factor,
                    f"contracts.{c.name}.loss_factor",
                )
            )
        return c.value, factors

    def played(self) -> bool:
        hand, p = self.hand, self.profile
        won = self.outcome()
        declarers, defenders = self.sides[Side.DECLARERS], self.sides[Side.DEFENDERS]
        game_winners, game_losers = (declarers, defenders) if won else (defenders, declarers)
        valat = next((b for b in hand.bonuses if b.name == "valat"), None)
        others = [b for b in hand.bonuses if b.name != "valat"]
        valat_active = valat is not None and (valat.made or valat.announced)

        if valat_active and p.valat_bonuses is not ValatBonuses.ALL:
            dropped = [b for b in others if p.valat_bonuses is ValatBonuses.NONE or not b.announced]
            if dropped:
                self.notes.append(
                    "In a Valat hand "
                    + (
                        "no bonus is scored"
                        if p.valat_bonuses is ValatBonuses.NONE
                        else "only announced bonuses are scored"
                    )
                    + f" (valat.bonuses = {p.valat_bonuses.value!r}): not scored: "
                    + ", ".join(b.name for b in dropped)
                    + "."
                )
            others = [b for b in others if b not in dropped]

        if valat is not None and valat_active and p.valat_model is ValatModel.MULTIPLIER:
            saved = len(self.lines)
            self.valat_multiplier(valat, won)
            for b in others:
                self.bonus(b)
            if p.valat_silent_min_rule and not valat.announced and valat.made:
                self.apply_silent_min_rule(valat, saved, won, others)
            return valat.made if valat.side is Side.DECLARERS else not valat.made
        kontra = self.contract_kontra()
        if valat is not None and valat.made and p.valat_cancels_game_kontra and kontra:
            self.notes.append("A Valat cancels the Kontra on the contract (valat.cancels_game_kontra).")
            kontra = []
        self.game_line(won, game_winners, game_losers, kontra)
        if valat is not None and valat_active:
            self.valat_fixed(valat)
        for b in others:
            self.bonus(b)
        return won

    def game_line(
        self,
        won: bool,
        winners: tuple[str, ...],
        losers: tuple[str, ...],
        kontra: list[Factor],
        note: str = "",
    ) -> None:
        """The contract's own line; with contra ad personam, one settlement per Defender."""
        c = self.contract
        base, factors = self.contract_base(won)
        if self.hand.kontra_by and c.kind is Kind.NEGATIVE:
            self.negative_ad_personam(base, factors, won)
            return
        self.add(
            "contract",
            _title(c.name),
            base,
            f"contracts.{c.name}.value",
            [*factors, *kontra],
            winners,
            losers,
            note,
        )

    def negative_ad_personam(self, base: int, factors: list[Factor], won: bool) -> None:
        """Contra ad personam: the declarer settles with each Defender at that Defender's own stake."""
        hand, c, p = self.hand, self.contract, self.profile
        assert hand.declarer is not None
        steps = dict(hand.kontra_by)
        if p.settlement is SettlementMode.SIMPLIFIED:
            # The seeds print no rule for this; see settlement.lone_kontra in the profile.
            highest = max(steps.values(), key=lambda s: self.profile.step(s).level)  # type: ignore[union-attr]
            if won:
                winners, losers = (hand.declarer,), hand.defenders
                self.add(
                    "contract",
                    _title(c.name),
                    base,
                    f"contracts.{c.name}.value",
                    [*factors, *self.kontra_factors(highest, "the contract (the highest Defender's)")],
                    winners,
                    losers,
                    note="settlement.lone_kontra = 'highest'",
                )
            else:
                for d in hand.defenders:
                    self.add(
                        "contract",
                        f"{_title(c.name)} vs {d}",
                        base,
                        f"contracts.{c.name}.value",
                        [*factors, *self.kontra_factors(steps.get(d), f"{d}'s contract")],
                        (d,),
                        (hand.declarer,),
                    )
            return
        for d in hand.defenders:
            pair = ((hand.declarer,), (d,)) if won else ((d,), (hand.declarer,))
            self.add(
                "contract",
                f"{_title(c.name)} vs {d}",
                base,
                f"contracts.{c.name}.value",
                [*factors, *self.kontra_factors(steps.get(d), f"{d}'s contract")],
                *pair,
            )

    def valat_multiplier(self, valat: BonusEntry, declarers_won_points: bool) -> None:
        """Valat as a multiple of the contract, replacing the contract's line (A9)."""
        hand, c, p = self.hand, self.contract, self.profile
        winning_side = valat.side if valat.made else valat.side.other
        winners, losers = self.side_players(winning_side), self.side_players(winning_side.other)
        factors: list[Factor] = []
        if winning_side is Side.DEFENDERS and c.loss_factor != 1:
            factors.append(
                Factor(
                    f"{_title(c.name)} lost: the game pays ×{c.loss_factor}",
                    c.loss_factor,
                    f"contracts.{c.name}.loss_factor",
                )
            )
        if valat.announced:
            factors.append(Factor("Valat announced", p.valat_announced, "valat.announced"))
        else:
            factors.append(Factor("Valat (silent)", p.valat_silent, "valat.silent"))
        if c.doubles_bonuses and p.valat_solo_doubles:
            factors.append(
                Factor("solo contract doubles the Valat", p.solo_bonus_factor, "valat.solo_doubles")
            )
        game_kontra = self.contract_kontra()
        if game_kontra and p.valat_cancels_game_kontra:
            self.notes.append("A Valat cancels the Kontra on the contract (valat.cancels_game_kontra).")
            game_kontra = []
        factors += game_kontra
        factors += self.kontra_factors(valat.kontra, "the Valat")
        label = f"{_title(c.name)} Valat" + (" (announced)" if valat.announced else "")
        note = "" if valat.made else "the announced Valat failed: it goes to the other side"
        self.add("valat", label, c.value, f"contracts.{c.name}.value", factors, winners, losers, note)
        del declarers_won_points, hand

    def apply_silent_min_rule(
        self, valat: BonusEntry, saved: int, won: bool, others: list[BonusEntry]
    ) -> None:
        """GameTwist: a silent Valat worth less than the game without it is not counted (A12)."""
        valat_lines = self.lines[saved:]
        self.lines = self.lines[:saved]
        winners = self.side_players(valat.side)
        with_valat = sum(line.points[winners[0]] for line in valat_lines)
        game_winners, game_losers = (
            (self.sides[Side.DECLARERS], self.sides[Side.DEFENDERS])
            if won
            else (self.sides[Side.DEFENDERS], self.sides[Side.DECLARERS])
        )
        self.game_line(won, game_winners, game_losers, self.contract_kontra())
        all_bonuses = [b for b in self.hand.bonuses if b.name != "valat"]
        for b in all_bonuses:
            self.bonus(b)
        without = sum(line.points[winners[0]] for line in self.lines[saved:])
        if without > with_valat:
            self.notes.append(
                "The silent Valat is worth less than the game without it, so it is not counted (valat.silent_min_rule)."
            )
            return
        self.lines = self.lines[:saved] + valat_lines
        del others

    def valat_fixed(self, valat: BonusEntry) -> None:
        """Valat as a fixed premium beside the game (A9, fixed model)."""
        c, p = self.contract, self.profile
        winning_side = valat.side if valat.made else valat.side.other
        base, rule = (
            (p.valat_announced, "valat.announced") if valat.announced else (p.valat_silent, "valat.silent")
        )
        factors: list[Factor] = []
        if c.doubles_bonuses and p.valat_solo_doubles:
            factors.append(
                Factor("solo contract doubles the Valat", p.solo_bonus_factor, "valat.solo_doubles")
            )
        factors += self.kontra_factors(valat.kontra, "the Valat")
        label = "Valat" + (" (announced)" if valat.announced else " (silent)")
        self.add(
            "valat",
            label,
            base,
            rule,
            factors,
            self.side_players(winning_side),
            self.side_players(winning_side.other),
        )

    def bonus(self, b: BonusEntry, winning_side: Side | None = None, *, note: str = "") -> None:
        c, p = self.contract, self.profile
        bonus = p.bonuses[b.name]
        if winning_side is None:
            if not b.made and not b.announced and not p.silent_failure_counts:
                self.notes.append(
                    f"{_title(b.name)} silent and lost: not scored (bonus_rules.silent_failure_counts = false)."
                )
                return
            winning_side = b.side if b.made else b.side.other
        factors: list[Factor] = []
        if b.announced:
            factors.append(Factor("announced", p.announced_factor, "game.announced_factor"))
        if c.doubles_bonuses:
            factors.append(
                Factor(f"{_title(c.name)} doubles every bonus", p.solo_bonus_factor, "game.solo_bonus_factor")
            )
        factors += self.kontra_factors(b.kontra, f"the {_title(b.name)}")
        label = _title(b.name) + (" (announced)" if b.announced else " (silent)")
        if not b.made and not note:
            note = f"{b.side.value} did not make it: it goes to the other side"
        self.add(
            b.name,
            label,
            bonus.value,
            f"bonuses.{b.name}.value",
            factors,
            self.side_players(winning_side),
            self.side_players(winning_side.other),
            note,
        )

    def concession(self) -> None:
        """The called King in the talon, conceded at once (A18)."""
        hand, c, p = self.hand, self.contract, self.profile
        assert hand.declarer is not None
        others = tuple(x for x in hand.players if x != hand.declarer)
        self.add(
            "concession",
            f"{_title(c.name)} conceded (called King in the talon)",
            c.value,
            f"contracts.{c.name}.value",
            [],
            others,
            (hand.declarer,),
            note="called_king_in_talon.concede_pays = " + repr(p.concede_pays.value),
        )
        if p.concede_pays is ConcedePays.CONTRACT_AND_ANNOUNCED:
            for b in hand.bonuses:
                if b.announced and b.side is Side.DECLARERS:
                    bonus = p.bonuses[b.name]
                    factors = [Factor("announced", p.announced_factor, "game.announced_factor")]
                    self.add(
                        b.name,
                        f"{_title(b.name)} (announced, conceded)",
                        bonus.value,
                        f"bonuses.{b.name}.value",
                        factors,
                        others,
                        (hand.declarer,),
                    )

    def renonce(self) -> bool | None:
        """A revoke, scored by the profile's [renonce] rule."""
        hand, c, p = self.hand, self.contract, self.profile
        offender = hand.renonce
        assert offender is not None
        if p.renonce is RenonceRule.OFFENDER_PAYS:
            others = tuple(x for x in hand.players if x != offender)
            base, factors = self.contract_base(False)
            self.add(
                "renonce",
                f"Renonce by {offender}: {_title(c.name)}",
                base,
                f"contracts.{c.name}.value",
                [*factors, *self.contract_kontra()],
                others,
                (offender,),
                note="renonce.rule = 'offender_pays'",
            )
            for b in hand.bonuses:
                if b.announced:
                    bonus = p.bonuses[b.name]
                    self.add(
                        b.name,
                        f"Renonce by {offender}: {_title(b.name)} (announced)",
                        bonus.value,
                        f"bonuses.{b.name}.value",
                        [
                            Factor("announced", p.announced_factor, "game.announced_factor"),
                            *self.kontra_factors(b.kontra, f"the {_title(b.name)}"),
                        ],
                        others,
                        (offender,),
                    )
            return None
        offending_side = Side.DECLARERS if offender in hand.declarers else Side.DEFENDERS
        won = offending_side is Side.DEFENDERS
        self.notes.append(
            f"Renonce by {offender}: the {offending_side.value} lose the contract and every announced bonus (renonce.rule = 'side_loses')."
        )
        winners = self.side_players(offending_side.other)
        losers = self.side_players(offending_side)
        self.game_line(won, winners, losers, self.contract_kontra(), note="renonce")
        for b in hand.bonuses:
            if b.announced:
                self.bonus(b, offending_side.other, note="renonce: goes to the side that did not revoke")
        return won

    # -- the Dodge Round -----------------------------------------------------------------

    def dodge(self) -> None:
        hand, c, p = self.hand, self.contract, self.profile
        t = p.trischaken
        points = dict(hand.dodge_points)
        seat = {x: i for i, x in enumerate(hand.players)}
        if hand.renonce is not None:
            self.notes.append(f"Renonce by {hand.renonce}: they lose the Dodge Round alone.")
            losers: tuple[str, ...] = (hand.renonce,)
        else:
            ranked = sorted(hand.players, key=lambda x: (-points[x], seat[x]))
            cut = points[ranked[t.losers - 1]]
            tied = [x for x in ranked if points[x] >= cut]
            if t.forehand_loses_ties and hand.forehand in tied and points[hand.forehand] == points[ranked[0]]:
                losers = (hand.forehand,)
            elif t.ties is Ties.SEAT_ORDER:
                losers = tuple(ranked[: t.losers])
            else:
                losers = tuple(tied)
        non_losers = tuple(x for x in hand.players if x not in losers)
        virgins = tuple(x for x in non_losers if points.get(x, Fraction(0)) == 0)
        receivers = virgins if t.virgins is Virgins.TAKE_ALL and virgins else non_losers
        if not receivers:
            self.notes.append("Every player tied for the most card points: nobody pays.")
            return
        for loser in losers:
            factors: list[Factor] = []
            if len(non_losers) != 1:
                factors.append(
                    Factor(
                        f"paid to each of the {len(non_losers)} other players",
                        len(non_losers),
                        "trischaken.losers",
                    )
                )
            if hand.renonce is None and points[loser] >= t.mayor_threshold and t.mayor_factor != 1:
                factors.append(
                    Factor(
                        f"Bürgermeister (≥ {render_points(t.mayor_threshold)})",
                        t.mayor_factor,
                        "trischaken.mayor_factor",
                    )
                )
            if loser == hand.forehand and t.forehand_factor != 1:
                factors.append(Factor("Forehand loses", t.forehand_factor, "trischaken.forehand_factor"))
            factors += self.kontra_factors(hand.kontra, "the Dodge Round")
            self.pot(
                loser,
                receivers,
                c.value,
                f"contracts.{c.name}.value",
                factors,
                note="virgins take all (trischaken.virgins)" if receivers == virgins and virgins else "",
            )

    def pot(
        self, loser: str, receivers: tuple[str, ...], base: int, rule: str, factors: list[Factor], note: str
    ) -> None:
        """One Dodge Round loser's payment, shared by the receivers; a remainder goes round from Forehand."""
        players = self.hand.players
        stake = base * _product(f.multiplier for f in factors)
        value = base * _product(f.multiplier for f in factors if not f.kontra or self.kontra_scores)

        def share(total: int) -> dict[str, int]:
            out = dict.fromkeys(players, 0)
            each, rest = divmod(total, len(receivers))
            for i, r in enumerate(receivers):
                out[r] += each + (1 if i < rest else 0)
            if self.profile.settlement is SettlementMode.ZERO_SUM:
                out[loser] -= total
            return out

        self.lines.append(
            Line(
                bet="contract",
                label=f"{_title(self.contract.name)}: {loser} pays",
                base=base,
                base_rule=rule,
                factors=tuple(factors),
                winners=receivers,
                losers=(loser,),
                value=value,
                stake=stake,
                points=share(value),
                payout=share(stake),
                note=note,
            )
        )


def score_hand(hand: Hand, profile: Profile) -> Score:
    """Score one validated hand under a profile."""
    if (
        profile.contracts[hand.contract].team is Team.CALLED
        and hand.partner is None
        and hand.called_king is None
    ):
        raise AssertionError("parse_hand guarantees a partner or a called King in the talon")
    return _Scorer(hand, profile).score()
