"""The Radl (doubled round), worked out from the hands in order (core layer, pure).

A hand with one of the profile's ``radl.events`` arms ``radl.hands`` more hands scored
×``radl.factor`` (Radls armed during a Radl queue up behind it). Because it is a function of the
sequence, an undo or a correction re-arms them by itself: everything after the corrected hand is
recomputed.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarockscore.ledger.model import Ledger
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import Kind, Profile, RadlEvent


def radl_events(hand: Hand, profile: Profile) -> tuple[RadlEvent, ...]:
    """The Radl events a hand shows (whether or not the profile plays them)."""
    events: list[RadlEvent] = []
    if any(b.name == "valat" and b.made for b in hand.bonuses):
        events.append(RadlEvent.VALAT)
    if any(b.name == "mondfang" and b.made for b in hand.bonuses):
        events.append(RadlEvent.MONDFANG)
    if profile.contracts[hand.contract].kind is Kind.TRISCHAKEN:
        events.append(RadlEvent.TRISCHAKEN)
    return tuple(events)


def radl_factors(hands: Sequence[Hand], profile: Profile) -> tuple[int, ...]:
    """Each hand's Radl factor, worked out in order; a hand arms at most one Radl."""
    rule = profile.radl
    pending = 0
    factors: list[int] = []
    for hand in hands:
        if pending:
            factors.append(rule.factor)
            pending -= 1
        else:
            factors.append(1)
        if any(e in rule.events for e in radl_events(hand, profile)):
            pending += rule.hands
    return tuple(factors)


def pending_radl(ledger: Ledger) -> int:
    """How many doubled hands the Radl still owes after the last hand (0: none pending).

    Worked out from the stored factors (taken as right): a hand stored with factor 1 had no Radl
    pending before it, so the hands from the last such one on decide what is still pending.
    """
    profile = ledger.profile
    rule = profile.radl
    if not rule.events or not ledger.hands:
        return 0
    start = len(ledger.hands) - 1
    while start > 0 and ledger.hands[start].result.radl != 1:
        start -= 1
    pending = 0
    for entry in ledger.hands[start:]:
        pending = max(pending - 1, 0)
        if any(e in rule.events for e in radl_events(entry.hand, profile)):
            pending += rule.hands
    return pending


def next_factor(ledger: Ledger) -> int:
    """The Radl factor of the hand after the last one (see :func:`pending_radl`)."""
    return ledger.profile.radl.factor if pending_radl(ledger) else 1


def radl_cause(ledger: Ledger, number: int) -> int | None:
    """The hand whose event armed the Radl that doubled hand ``number`` (None if not doubled)."""
    if ledger.hands[number - 1].result.radl == 1:
        return None
    profile = ledger.profile
    queue: list[int] = []  # the arming hand of each doubled hand still to come
    for i, entry in enumerate(ledger.hands[:number], 1):
        cause = queue.pop(0) if queue else None
        if i == number:
            return cause
        if any(e in profile.radl.events for e in radl_events(entry.hand, profile)):
            queue += [i] * profile.radl.hands
    return None
