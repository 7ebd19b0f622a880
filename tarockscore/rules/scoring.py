"""Scoring one hand: bets as line items, each settled into Victory Points; a hand played out or conceded (core layer, pure)."""

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import NamedTuple

from tarockscore.errors import N_, message
from tarockscore.rules import bets
from tarockscore.rules.bets import Factor, Line  # Factor and Line are this module's too (__all__)
from tarockscore.rules.hand import Hand, Side
from tarockscore.rules.profile import CalledKingInTalon, Kind, Profile, setting
from tarockscore.rules.renonce import renonce_lines
from tarockscore.rules.trischaken import trischaken_lines
from tarockscore.rules.valat import (
    CANCELS_KONTRA,
    bonuses_in_valat,
    cancels_game_kontra,
    decided_by_valat,
    fixed_line,
    in_play,
    made_valat,
    multiplied_hand,
    split_valat,
)

__all__ = ["Factor", "Line", "Score", "score_hand"]


class Score(NamedTuple):
    profile: str
    contract: str
    players: tuple[str, ...]
    declarers: tuple[str, ...]
    won: bool | None
    lines: tuple[Line, ...]
    victory_points: Mapping[str, int]
    payout: Mapping[str, int] | None
    notes: tuple[str, ...] = ()
    # the card points that decided the hand and the line they were held against (an argued
    # hand is about these): the declarers' and what they needed; in a Trischaken each player's
    card_points: Fraction | None = None
    needed: Fraction | None = None
    trischaken_points: tuple[tuple[str, Fraction], ...] = ()
    # who revoked: then the revoke decided the hand, not the card points
    renonce: str | None = None
    # the players who took every trick, where their Valat made decided the hand (no card points
    # and no ``won`` given): the explanation names them instead of a count of card points
    every_trick: tuple[str, ...] = ()

    def counted(self, factor: int) -> tuple[dict[str, int], dict[str, int] | None]:
        """Every player's Victory Points and payout with the hand counted ×``factor`` (a Radl)."""
        points = added(self.players, [line.times(factor) for line in self.lines])
        if self.payout is None:
            return points, None
        return points, added(self.players, [line.times(factor, payout=True) for line in self.lines])


def score_hand(hand: Hand, profile: Profile) -> Score:
    """Score one validated hand under a profile."""
    contract = profile.contracts[hand.contract]
    if contract.team == "called" and hand.partner is None and hand.called_king is None:
        raise AssertionError("parse_hand guarantees a partner or a called King in the talon")
    side_factors = bets.side_bet_factors(hand, profile)
    deal = bets.Deal(hand, profile, contract, hand.declarers, hand.defenders, side_factors)
    won: bool | None = None
    if contract.kind is Kind.TRISCHAKEN:
        scored = trischaken_lines(deal)
    elif hand.renonce is not None:
        scored, won = renonce_lines(deal)
    elif hand.conceded:
        scored, won = concession_lines(deal), False
    else:
        scored, won = played_hand(deal)
    lines = scored.lines
    valat_side = decided_by_valat(hand) if contract.kind is not Kind.TRISCHAKEN else None
    decided = won is not None and hand.won is None and hand.card_points is not None and hand.renonce is None
    return Score(
        profile=profile.name,
        contract=contract.name,
        players=hand.players,
        declarers=deal.declarers,
        won=won,
        lines=lines,
        victory_points=added(hand.players, [line.points for line in lines]),
        payout=None if deal.kontra_scores else added(hand.players, [line.payout for line in lines]),
        notes=scored.notes,
        card_points=hand.card_points if decided else None,
        needed=win_threshold(deal) if decided else None,
        trischaken_points=hand.trischaken_points if contract.kind is Kind.TRISCHAKEN else (),
        renonce=hand.renonce,
        every_trick=() if valat_side is None else deal.side(valat_side),
    )


def added(players: tuple[str, ...], amounts: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """What each player adds over the lines (each line names every player)."""
    total = dict.fromkeys(players, 0)
    for each in amounts:
        for p, v in each.items():
            total[p] += v
    return total


def declarers_won(deal: bets.Deal) -> bool:
    """The outcome as entered, by the Valat made (every trick to one side), or by the declarers'
    card points against the threshold."""
    hand = deal.hand
    if hand.won is not None:
        return hand.won
    if (side := decided_by_valat(hand)) is not None:
        return side is Side.DECLARERS
    assert hand.card_points is not None
    return hand.card_points >= win_threshold(deal)


def win_threshold(deal: bets.Deal) -> Fraction:
    """The card points the declarers need, with a Kontra ``game.kontra_win_threshold`` where set."""
    game = deal.profile.game
    if game.kontra_win_threshold and deal.hand.kontra is not None:
        return game.kontra_win_threshold
    return game.win_threshold


def played_hand(deal: bets.Deal) -> tuple[bets.Scored, bool]:
    """A hand played out: the contract (or the Valat replacing it) and its bonuses."""
    won = declarers_won(deal)
    winners, losers = (deal.declarers, deal.defenders) if won else (deal.defenders, deal.declarers)
    valat, others = split_valat(deal.hand)
    out = bets.NOTHING
    # a fixed Valat premium that fails is one premium lost beside the others: it takes no bonus
    if in_play(valat) and (deal.profile.valat.model == "multiplier" or made_valat(deal.hand.bonuses)):
        others, why = bonuses_in_valat(deal, others)
        out = out.then(why)
    if valat is not None and in_play(valat) and deal.profile.valat.model == "multiplier":
        scored = multiplied_hand(deal, valat, others, won)
        if not any(line.bet == "valat" for line in scored.lines):
            # the silent Valat was not counted (valat.silent_min_rule) and every bonus scores:
            # a note that bonuses are dropped in a Valat hand would contradict the lines
            return scored, won
        return out.then(scored), valat.made if valat.side is Side.DECLARERS else not valat.made
    kontra, why = bets.contract_kontra(deal)
    out = out.then(why)
    if valat is not None and valat.made and cancels_game_kontra(deal.profile, valat) and kontra:
        out = out.then(bets.note(CANCELS_KONTRA))
        kontra = ()
    out = out.then(bets.contract_lines(deal, won, winners, losers, kontra))
    if valat is not None and in_play(valat):
        out = out.then(fixed_line(deal, valat))
    return out.then(bets.bonus_lines(deal, others)), won


# The bird a conceded Besserrufer was bid with, where a concession pays the contract alone
NOT_PAID = N_(
    "{bonus} (announced) does not count: a conceded hand counts the contract only "
    "(called_king_in_talon.concede_pays = 'contract')."
)


def concession_lines(deal: bets.Deal) -> bets.Scored:
    """The called King in the talon, conceded at once (docs/rules/disagreements.md#d18)."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    assert hand.declarer is not None
    others = tuple(x for x in hand.players if x != hand.declarer)
    out = deal.line(
        "concession",
        message(N_("{contract} conceded (called King in the talon)"), contract=bets.title(c.name)),
        c.value,
        f"contracts.{c.name}.value",
        [],
        others,
        (hand.declarer,),
        note=setting(CalledKingInTalon, "concede_pays", p.called_king_in_talon.concede_pays),
    )
    for b in hand.bonuses:
        if not b.announced or b.side is not Side.DECLARERS:
            continue
        if p.called_king_in_talon.concede_pays == "contract":
            out = out.then(bets.note(message(NOT_PAID, bonus=bets.title(b.name))))
        else:  # "contract_and_announced"
            out = out.then(
                deal.line(
                    b.name,
                    message(N_("{bonus} (announced, conceded)"), bonus=bets.title(b.name)),
                    p.bonuses[b.name].value,
                    f"bonuses.{b.name}.value",
                    [bets.announced_factor(deal)],
                    others,
                    (hand.declarer,),
                )
            )
    return out
