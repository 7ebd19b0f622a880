"""The deal going round the table: who deals, who is Forehand, who sits out (core layer, pure).

The seat after the last hand's dealer deals the next hand, and the seat after the dealer is
Forehand. With five at the table the dealer sits out and adds 0.
"""

# No `from __future__ import annotations` here: typing.NamedTuple compiles every string
# annotation of its fields when the class is made, at each start-up.
from collections.abc import Sequence
from typing import NamedTuple

from tarockscore.errors import N_, LedgerError
from tarockscore.evening.model import Ledger


class Deal(NamedTuple):
    dealer: str
    players: tuple[str, ...]  # the four at the table, Forehand first
    sitting_out: str | None = None

    @property
    def forehand(self) -> str:
        return self.players[0]


def deal_by(seats: Sequence[str], dealer: str) -> Deal:
    """The deal when ``dealer`` deals: Forehand is the next seat; with five, the dealer sits out."""
    n = len(seats)
    d = list(seats).index(dealer)
    order = tuple(seats[(d + 1 + i) % n] for i in range(n))
    if n == 5:
        return Deal(dealer=dealer, players=order[:4], sitting_out=dealer)
    return Deal(dealer=dealer, players=order)


def first_deal(seats: Sequence[str]) -> Deal:
    """Hand 1: the first seat is Forehand, so the last seat deals."""
    return deal_by(seats, seats[-1])


def deal(seats: Sequence[str], k: int) -> Deal:
    """The k-th deal (1-based) of an evening where the deal went round without a break."""
    return deal_by(seats, seats[(k - 2) % len(seats)])


def dealer_of(seats: Sequence[str], players: Sequence[str]) -> str | None:
    """Who dealt a hand played by ``players``, or None if that is no deal of this table."""
    players = tuple(players)
    if not players or players[0] not in seats:
        return None
    if len(seats) == 5:
        out = [s for s in seats if s not in players]
        dealer = out[0] if len(out) == 1 else None
    else:
        dealer = seats[(seats.index(players[0]) - 1) % len(seats)]
    if dealer is None or deal_by(seats, dealer).players != players:
        return None
    return dealer


def next_deal(ledger: Ledger) -> Deal:
    """The deal of the next hand: the seat after the last hand's dealer deals."""
    seats = ledger.players
    dealer = dealer_of(seats, ledger.hands[-1].hand.players) if ledger.hands else None
    if dealer is None:
        return first_deal(seats)
    return deal_by(seats, seats[(seats.index(dealer) + 1) % len(seats)])


def hand_deal(ledger: Ledger, number: int) -> Deal:
    """The deal of stored hand ``number`` (1-based)."""
    players = ledger.hands[number - 1].hand.players
    dealer = dealer_of(ledger.players, players)
    if dealer is None:
        raise LedgerError(
            N_("{list!r} is not a deal of this table"),
            list=list(players),
            where=f"hand {number}: entry.players",
        )
    return deal_by(ledger.players, dealer)
