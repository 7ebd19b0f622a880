"""A hand's stored result: its score under the ledger's profile, times its Radl factor (core layer, pure)."""

from __future__ import annotations

from collections.abc import Container, Sequence

from tarockscore.errors import N_, LedgerError
from tarockscore.ledger.model import Entry, Ledger, RadlMark, Result
from tarockscore.ledger.radl import radl_factors
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score, score_hand


def result_of(score: Score, seats: Sequence[str], factor: int) -> Result:
    """The result to store: every seat's points (0 for a player sitting out) times the Radl factor."""
    points, money = score.counted(factor)
    vp = {p: points.get(p, 0) for p in seats}
    payout = None if money is None else {p: money.get(p, 0) for p in seats}
    return Result(victory_points=vp, payout=payout, won=score.won, radl=factor)


def fresh_results(
    hands: Sequence[Hand],
    seats: Sequence[str],
    profile: Profile,
    ids: Sequence[int] | None = None,
    marks: Sequence[RadlMark] = (),
) -> list[Result]:
    """Every hand scored afresh, in order, with its Radl factor (``ids``: the hands' ids, where
    Radl marks set by hand are placed; by default 1, 2, 3, …)."""
    ids = range(1, len(hands) + 1) if ids is None else ids
    factors = radl_factors(hands, ids, profile, marks)
    return [result_of(score_hand(h, profile), seats, f) for h, f in zip(hands, factors, strict=True)]


def rescored(
    entries: Sequence[Entry],
    seats: Sequence[str],
    profile: Profile,
    marks: Sequence[RadlMark] = (),
    kept: Container[int] = (),
) -> tuple[Entry, ...]:
    """The same entries with every result worked out afresh, in order, Radls included. ``kept``:
    the ids of hands whose stored result stands where their Radl factor stays (a correction
    scores the hand it corrects and those whose factor it moved, not the whole evening)."""
    factors = radl_factors([e.hand for e in entries], [e.id for e in entries], profile, marks)
    return tuple(
        e
        if e.id in kept and e.result.radl == f
        else e._replace(result=result_of(score_hand(e.hand, profile), seats, f))
        for e, f in zip(entries, factors, strict=True)
    )


def check_number(ledger: Ledger, number: int) -> None:
    """Raise unless the ledger has a hand ``number``."""
    if not ledger.hands:
        raise LedgerError(N_("the ledger has no hands yet"))
    if not 1 <= number <= len(ledger.hands):
        raise LedgerError(
            N_("there is no hand {number}; the ledger has hands 1 to {count}"),
            number=number,
            count=len(ledger.hands),
        )


def score_stored(ledger: Ledger, number: int) -> tuple[Hand, Score]:
    """Hand ``number`` scored afresh under the ledger's profile (before any Radl factor)."""
    check_number(ledger, number)
    hand = ledger.hands[number - 1].hand
    return hand, score_hand(hand, ledger.profile)
