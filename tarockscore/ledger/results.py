"""A hand's stored result: its score under the ledger's profile, times its Radl factor (core layer, pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarockscore.errors import LedgerError
from tarockscore.ledger.model import Entry, Ledger, Result, Table
from tarockscore.ledger.radl import radl_factors
from tarockscore.ledger.stored import parse_one, parse_stored
from tarockscore.rules.hand import Hand, hand_to_mapping
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score, score_hand


def result_of(score: Score, seats: Sequence[str], factor: int) -> Result:
    """The result to store: every seat's points (0 for a player sitting out) times the Radl factor."""
    vp = {p: score.victory_points.get(p, 0) * factor for p in seats}
    payout = None if score.payout is None else {p: score.payout.get(p, 0) * factor for p in seats}
    return Result(victory_points=vp, payout=payout, won=score.won, radl=factor)


def rebuild(
    table: Table, mappings: Sequence[Mapping[str, Any]], recorded: Sequence[str], profile: Profile
) -> tuple[Entry, ...]:
    """Every hand scored afresh, in order, with its Radl factor."""
    hands = parse_stored(mappings, profile, table.players)
    factors = radl_factors(hands, profile)
    return tuple(
        Entry(
            hand=hand_to_mapping(h),
            result=result_of(score_hand(h, profile), table.players, f),
            recorded=r,
        )
        for h, f, r in zip(hands, factors, recorded, strict=True)
    )


def check_number(ledger: Ledger, number: int) -> None:
    """Raise unless the ledger has a hand ``number``."""
    if not ledger.hands:
        raise LedgerError("the ledger has no hands yet")
    if not 1 <= number <= len(ledger.hands):
        raise LedgerError(f"there is no hand {number}; the ledger has hands 1 to {len(ledger.hands)}")


def score_stored(ledger: Ledger, number: int) -> tuple[Hand, Score]:
    """Hand ``number`` parsed and scored afresh under the ledger's profile (before any Radl factor)."""
    check_number(ledger, number)
    profile = ledger.profile
    hand = parse_one(ledger.hands[number - 1].hand, profile, f"hand {number}: entry")
    return hand, score_hand(hand, profile)
