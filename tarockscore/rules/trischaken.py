"""Trischaken: the round everybody passed, each player for themselves (core layer, pure).

The player (or players, ``trischaken.losers``) with the most card points pays the contract's
value to each other player; the profile's ``[trischaken]`` table says how ties are broken,
whether a Forehand tied for most loses alone, what the Bürgermeister (most card points above
``mayor_threshold``) and a losing Forehand pay, and whether players without a trick (virgins)
take the whole payment. A renonce makes the offender lose alone.
"""

from __future__ import annotations

from fractions import Fraction

from tarockscore.rules.cardpoints import render_points
from tarockscore.rules.kontra import kontra_factors
from tarockscore.rules.profile import SettlementMode, Ties, Virgins
from tarockscore.rules.settlement import Deal, Factor, Line, Scored, note, title


def trischaken_losers(deal: Deal) -> tuple[str, ...]:
    """Who pays: the most card points, ties and the Forehand ruled by ``[trischaken]``."""
    hand, t = deal.hand, deal.profile.trischaken
    points = dict(hand.trischaken_points)
    seat = {x: i for i, x in enumerate(hand.players)}
    ranked = sorted(hand.players, key=lambda x: (-points[x], seat[x]))
    cut = points[ranked[t.losers - 1]]
    tied = [x for x in ranked if points[x] >= cut]
    if t.forehand_loses_ties and hand.forehand in tied and points[hand.forehand] == points[ranked[0]]:
        return (hand.forehand,)
    if t.ties is Ties.SEAT_ORDER:
        return tuple(ranked[: t.losers])
    return tuple(tied)


def trischaken_lines(deal: Deal) -> Scored:
    """Each loser's payment, shared by the receivers."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    t = p.trischaken
    points = dict(hand.trischaken_points)
    out = Scored()
    if hand.renonce is not None:
        out += note(f"Renonce by {hand.renonce}: they lose the Dodge Round alone.")
        losers: tuple[str, ...] = (hand.renonce,)
    else:
        losers = trischaken_losers(deal)
    non_losers = tuple(x for x in hand.players if x not in losers)
    virgins = tuple(x for x in non_losers if points.get(x, Fraction(0)) == 0)
    receivers = virgins if t.virgins is Virgins.TAKE_ALL and virgins else non_losers
    if not receivers:
        return out + note("Every player tied for the most card points: nobody pays.")
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
        factors += kontra_factors(p, hand.kontra, "the Dodge Round")
        why = "virgins take all (trischaken.virgins)" if receivers == virgins and virgins else ""
        out += _payment(deal, loser, receivers, c.value, f"contracts.{c.name}.value", factors, why)
    return out


def _payment(
    deal: Deal,
    loser: str,
    receivers: tuple[str, ...],
    base: int,
    rule: str,
    factors: list[Factor],
    why: str,
) -> Scored:
    """One loser's payment, shared by the receivers; a remainder goes round from Forehand."""
    players = deal.hand.players
    value, stake = deal.amounts(base, factors)

    def share(total: int) -> dict[str, int]:
        out = dict.fromkeys(players, 0)
        each, rest = divmod(total, len(receivers))
        for i, r in enumerate(receivers):
            out[r] += each + (1 if i < rest else 0)
        if deal.profile.settlement is SettlementMode.ZERO_SUM:
            out[loser] -= total
        return out

    line = Line(
        bet="contract",
        label=f"{title(deal.contract.name)}: {loser} pays",
        base=base,
        base_rule=rule,
        factors=tuple(factors),
        winners=receivers,
        losers=(loser,),
        value=value,
        stake=stake,
        points=share(value),
        payout=share(stake),
        note=why,
    )
    return Scored(lines=(line,))
