"""A stored hand's keys read into a typed hand under a profile, checked against the table's seats
(core layer, pure).

The file's codec reads every stored hand once, as the ledger is read; a rescore reads the stored
keys again under the other profile.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarockscore.errors import N_, HandError, Problem, TarockError
from tarockscore.ledger.deal import dealer_of
from tarockscore.rules.hand import Hand, HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Profile


def parse_one(mapping: HandInput, profile: Profile, where: str = "") -> Hand:
    """One hand's keys parsed under ``profile``; its problems located at ``where``."""
    try:
        return parse_hand(mapping, profile)
    except TarockError as exc:
        raise exc.located(where) if where else exc from None


def parse_seated(mapping: HandInput, profile: Profile, seats: Sequence[str], *, bidding: bool = True) -> Hand:
    """A stored hand's keys parsed under ``profile``; its players must be a deal of ``seats``
    (``bidding`` false: who bid is not checked, see :func:`parse_hand`)."""
    hand = parse_hand(mapping, profile, bidding=bidding)
    if dealer_of(seats, hand.players) is None:
        raise HandError(
            N_("{list!r} is not a deal of this table ({names})"),
            list=list(hand.players),
            names=", ".join(seats),
            where="players",
        )
    return hand


def parse_stored(
    mappings: Sequence[HandInput],
    profile: Profile,
    seats: Sequence[str],
    first: int = 1,
    *,
    bidding: bool = True,
) -> list[Hand]:
    """Parse stored hands (numbered from ``first``); every problem of every hand in one error."""
    hands: list[Hand] = []
    problems: list[Problem] = []
    for i, mapping in enumerate(mappings, first):
        try:
            hands.append(parse_seated(mapping, profile, seats, bidding=bidding))
        except TarockError as exc:
            problems += exc.located(f"hand {i}: entry").problems
    if problems:
        raise HandError(problems)
    return hands
