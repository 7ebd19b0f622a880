"""The Radl (doubled round), worked out from the hands in order (core layer, pure).

A hand with one of the profile's ``radl.events`` arms ``radl.hands`` more hands scored
×``radl.factor`` (Radls armed during a Radl queue up behind it). The table can also set a Radl
or strike doubled hands by hand, as on the paper block (:class:`~tarockscore.ledger.model.RadlMark`):
a mark takes effect after the hand it was set after. Because the factors are a function of the
sequence, an undo or a correction re-arms them by itself: everything after the corrected hand is
recomputed.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarockscore.errors import N_, LedgerError
from tarockscore.ledger.model import Ledger, RadlMark
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import Kind, Profile, RadlEvent

BY_HAND = 0  # the "cause" of a doubled hand whose Radl the table set by hand


def radl_events(hand: Hand, profile: Profile) -> tuple[RadlEvent, ...]:
    """The Radl events a hand shows (whether or not the profile plays them)."""
    events: list[RadlEvent] = []
    if any(b.name == "valat" and b.made for b in hand.bonuses):
        events.append("valat")
    if any(b.name == "mondfang" and b.made for b in hand.bonuses):
        events.append("mondfang")
    if profile.contracts[hand.contract].kind is Kind.TRISCHAKEN:
        events.append("trischaken")
    return tuple(events)


def arms(hand: Hand, profile: Profile) -> bool:
    """Whether the hand arms a Radl under the profile."""
    return any(e in profile.radl.events for e in radl_events(hand, profile))


def _marks_at(ids: Sequence[int], marks: Sequence[RadlMark]) -> list[list[RadlMark]]:
    """The marks that take effect before the first hand (index 0) and after each hand (index i).

    A mark set after a hand that is gone takes effect after the last earlier hand still there.
    """
    at: list[list[RadlMark]] = [[] for _ in range(len(ids) + 1)]
    for mark in marks:
        place = 0
        for i, hand_id in enumerate(ids, 1):
            if hand_id > mark.after:
                break
            place = i
        at[place].append(mark)
    return at


def _apply(pending: int, marks: Sequence[RadlMark]) -> int:
    for mark in marks:
        pending = max(pending + mark.hands, 0)
    return pending


def replay(
    hands: Sequence[Hand], ids: Sequence[int], profile: Profile, marks: Sequence[RadlMark] = ()
) -> tuple[tuple[int, ...], int]:
    """Each hand's Radl factor in order, and the doubled hands still pending after the last.

    A hand arms at most one Radl; a strike never takes the pending count below 0. Where the
    profile arms no Radl (``radl.events``) and the table set none, every factor is 1 at once.
    """
    rule = profile.radl
    if not rule.events and not marks:
        return (1,) * len(hands), 0
    at = _marks_at(ids, marks)
    pending = _apply(0, at[0])
    factors: list[int] = []
    for i, hand in enumerate(hands, 1):
        if pending:
            factors.append(rule.factor)
            pending -= 1
        else:
            factors.append(1)
        if arms(hand, profile):
            pending += rule.hands
        pending = _apply(pending, at[i])
    return tuple(factors), pending


def radl_factors(
    hands: Sequence[Hand], ids: Sequence[int], profile: Profile, marks: Sequence[RadlMark] = ()
) -> tuple[int, ...]:
    """Each hand's Radl factor, worked out in order (see :func:`replay`)."""
    return replay(hands, ids, profile, marks)[0]


def trusted_tail(ledger: Ledger, end: int) -> tuple[int, tuple[RadlMark, ...]]:
    """Where the Radl can be replayed from to know the factors of the hands from index ``end``
    on, the stored factors of the hands before it taken as right; and the marks that count then.

    A hand stored with factor 1 had no Radl pending before it, so the hands from the last such
    one before ``end`` on, and the marks after it, decide the rest (from the first hand, with
    every mark, where there is none).
    """
    entries = ledger.hands
    start = min(end, len(entries)) - 1
    while start > 0 and entries[start].result.radl != 1:
        start -= 1
    if start <= 0:
        return 0, ledger.radl
    # the marks before hand ``start`` are in its factor of 1 already
    return start, tuple(m for m in ledger.radl if m.after >= entries[start].id)


def pending_radl(ledger: Ledger) -> int:
    """How many doubled hands the Radl still owes after the last hand (0: none pending).

    Worked out from the stored factors (taken as right): see :func:`trusted_tail`.
    """
    start, marks = trusted_tail(ledger, len(ledger.hands))
    tail = ledger.hands[start:]
    return replay([e.hand for e in tail], [e.id for e in tail], ledger.profile, marks)[1]


def next_factor(ledger: Ledger) -> int:
    """The Radl factor of the hand after the last one (see :func:`pending_radl`)."""
    return ledger.profile.radl.factor if pending_radl(ledger) else 1


def radl_cause(ledger: Ledger, number: int) -> int | None:
    """The number of the hand whose event armed the Radl that doubled hand ``number``;
    :data:`BY_HAND` where the table set that Radl by hand; None if the hand is not doubled."""
    if ledger.hands[number - 1].result.radl != 1:
        profile = ledger.profile
        at = _marks_at([e.id for e in ledger.hands], ledger.radl)
        queue: list[int] = []  # the cause of each doubled hand still to come

        def apply(marks: Sequence[RadlMark]) -> None:
            for mark in marks:
                if mark.hands > 0:
                    queue.extend([BY_HAND] * mark.hands)
                else:
                    del queue[max(len(queue) + mark.hands, 0) :]

        apply(at[0])
        for i, entry in enumerate(ledger.hands[:number], 1):
            cause = queue.pop(0) if queue else None
            if i == number:
                return cause
            if arms(entry.hand, profile):
                queue += [i] * profile.radl.hands
            apply(at[i])
    return None


def check_strike(ledger: Ledger, hands: int) -> None:
    """Raise unless ``hands`` doubled hands are pending to be struck."""
    pending = pending_radl(ledger)
    if pending == 0:
        raise LedgerError(N_("no Radl hand is pending, so there is none to strike"), where="hands")
    if hands > pending:
        raise LedgerError(
            N_("{hands}: more than the {pending} still owed by the Radl; strike at most {pending}"),
            hands=hands,
            pending=pending,
            where="hands",
        )
