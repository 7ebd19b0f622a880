"""The Radl (doubled round), worked out from the hands in order (core layer, pure; the rules of
``radl.*`` are docs/rules/settlement.md's). The factors are a function of the sequence, so an undo or a
correction re-arms them by itself; a strike keeps to the Radls it struck when it was set.
"""

from collections import Counter, deque
from collections.abc import Iterable, Sequence
from itertools import repeat

from tarockscore.errors import N_, LedgerError, grouped
from tarockscore.evening.model import Ledger, RadlMark
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import Kind, Profile, RadlEvent
from tarockscore.rules.words import MAXIMUM

BY_HAND = 0  # the "cause" of a doubled hand whose Radl the table set by hand


def radl_events(hand: Hand, profile: Profile) -> tuple[RadlEvent, ...]:
    """The Radl events a hand shows (whether or not the profile plays them)."""
    made: tuple[RadlEvent, ...] = ("valat", "mondfang")
    events = [e for e in made if any(b.name == e and b.made for b in hand.bonuses)]
    if profile.contracts[hand.contract].kind is Kind.TRISCHAKEN:
        events.append("trischaken")
    return tuple(events)


def arms(hand: Hand, profile: Profile) -> int:
    """How many hands the Radl the hand arms under the profile lasts (0: it arms none)."""
    events = [e for e in radl_events(hand, profile) if e in profile.radl.events]
    return profile.radl.length(events) if events else 0


def _marks_at(ids: Sequence[int], marks: Sequence[RadlMark]) -> list[list[RadlMark]]:
    """The marks that take effect before the first hand (index 0) and after each hand (index i)."""
    at: list[list[RadlMark]] = [[] for _ in range(len(ids) + 1)]
    for mark in marks:  # after the last hand before the first of a higher id
        place = next((i for i, hand_id in enumerate(ids) if hand_id > mark.after), len(ids))
        at[place].append(mark)
    return at


# The doubled hands owed, in order: for each, the causes of the Radls that double it (one,
# unless ``radl.overlap`` lets Radls overlap).
Owed = deque[list[int]]


def _walk(
    hands: Sequence[Hand], ids: Sequence[int], profile: Profile, marks: Sequence[RadlMark]
) -> tuple[list[int], list[list[int]], Owed]:
    """The one reckoning of the Radl: each hand's factor and causes (the Radls doubling it, the
    first started first, each named by the id of the hand that armed it), and the doubled hands
    still owed."""
    if not profile.radl.events and not marks:
        return [1] * len(hands), [[] for _ in hands], deque()
    at = _marks_at(ids, marks)
    owed: Owed = deque()
    armed = {BY_HAND}  # the Radls armed so far: those a strike can find
    _apply(owed, at[0], profile, armed)
    causes: list[list[int]] = []
    for i, hand in enumerate(hands, 1):
        layers = owed.popleft() if owed else []
        causes.append(list(layers))
        if length := arms(hand, profile):
            armed.add(ids[i - 1])
        _arm(owed, ids[i - 1], length, profile)
        _apply(owed, at[i], profile, armed)
    return [_factor(profile, layers) for layers in causes], causes, owed


_BEYOND = N_(
    "a hand doubled by {radls} overlapping Radls (radl.overlap, ×{factor} each) would count beyond ×{maximum}, the most one hand's result holds; set no more Radls over it, or strike one first"
)


def _factor(profile: Profile, layers: Sequence[int]) -> int:
    """The factor of a hand doubled by ``layers`` Radls (none: 1); refused past what a hand's
    result holds, worked out step by step so that no huge number is ever made."""
    factor = 1
    for _ in layers:
        factor *= profile.radl.factor
        if factor > MAXIMUM:
            raise LedgerError(
                _BEYOND, radls=len(layers), factor=profile.radl.factor, maximum=grouped(MAXIMUM), where="radl"
            )
    return factor


def _arm(owed: Owed, cause: int, hands: int, profile: Profile) -> None:
    """A Radl of ``hands`` doubled hands: after those owed, or over them (``radl.overlap``). The
    hands' causes are never changed in place, so that one list serves all hands of one Radl."""
    over = min(hands, len(owed)) if profile.radl.overlap else 0
    for k in range(over):
        owed[k] = [*owed[k], cause]
    owed.extend(repeat([cause], hands - over))


def _apply(owed: Owed, marks: Sequence[RadlMark], profile: Profile, armed: set[int]) -> None:
    for mark in marks:
        if mark.hands > 0:
            _arm(owed, BY_HAND, mark.hands, profile)
        else:
            _strike(owed, Counter(c for c in mark.took if c in armed))


def _strike(owed: Owed, took: Counter[int]) -> None:
    """A strike: of each Radl, as many of its last doubled hands still owed as the strike took of
    it when it was set (none of a Radl taken back with its hand since), from the last one on."""
    kept: list[list[int]] = []
    while owed and took.total():
        layers = owed.pop()
        struck = [c for c in layers if took[c] > 0]
        took.subtract(struck)
        if rest := [c for c in layers if c not in struck]:
            kept.append(rest)
    owed.extend(reversed(kept))


def with_took(ledger: Ledger, mark: RadlMark) -> RadlMark:
    """``mark`` as it is set on ``ledger`` after its hand: a strike with what it takes, the last
    doubled hands owed there, with every Radl on them (docs/rules/private-rounds.md §1)."""
    if mark.hands > 0:
        return mark
    before = tuple(e for e in ledger.hands if e.id <= mark.after)
    owed = list(_owed(ledger._replace(hands=before)))
    return mark._replace(took=tuple(c for layers in owed[max(0, len(owed) + mark.hands) :] for c in layers))


def replay(
    hands: Sequence[Hand], ids: Sequence[int], profile: Profile, marks: Sequence[RadlMark] = ()
) -> tuple[tuple[int, ...], int]:
    """Each hand's Radl factor in order, and the doubled hands still pending after the last."""
    factors, _causes, owed = _walk(hands, ids, profile, marks)
    return tuple(factors), len(owed)


def trusted_tail(ledger: Ledger, end: int) -> tuple[int, tuple[RadlMark, ...]]:
    """Where the Radl can be replayed from for the hands from ``end`` on (after a hand stored with 1)."""
    entries = ledger.hands
    start = min(end, len(entries)) - 1
    while start > 0 and entries[start].result.radl != 1:
        start -= 1
    if start <= 0:
        return 0, ledger.radl
    # the marks before hand ``start`` are in its factor of 1 already
    return start, tuple(m for m in ledger.radl if m.after >= entries[start].id)


def _owed(ledger: Ledger) -> Owed:
    """The causes of the doubled hands still owed after the last hand (:func:`trusted_tail`)."""
    start, marks = trusted_tail(ledger, len(ledger.hands))
    tail = ledger.hands[start:]
    return _walk([e.hand for e in tail], [e.id for e in tail], ledger.profile, marks)[2]


def set_by_hand(marks: Iterable[RadlMark]) -> int:
    """How many doubled hands Radls set by hand add up to (strikes not taken off): bounded, so that
    no evening owes more doubled hands than can be counted out one by one."""
    return sum(m.hands for m in marks if m.hands > 0)


def pending_radl(ledger: Ledger) -> int:
    """How many doubled hands the Radl still owes after the last hand (0: none pending)."""
    return len(_owed(ledger))


def next_factor(ledger: Ledger) -> int:
    """The Radl factor of the hand after the last one: the most of any hand still owed (a Radl
    overlaps those owed from the first on), so a change that leaves it in bounds leaves them all."""
    owed = _owed(ledger)
    return _factor(ledger.profile, owed[0] if owed else [])


def radl_causes(ledger: Ledger, number: int) -> tuple[int, ...]:
    """Each Radl doubling hand ``number``, the first started first: the number of the hand whose
    event armed it, or :data:`BY_HAND`; none where the hand is not doubled."""
    hands = ledger.hands[:number]
    ids = [e.id for e in hands]
    causes = _walk([e.hand for e in hands], ids, ledger.profile, ledger.radl)[1]
    return tuple(BY_HAND if c == BY_HAND else ids.index(c) + 1 for c in causes[number - 1])


def doubled_by(ledger: Ledger, number: int) -> tuple[tuple[int, ...], int, int]:
    """The hands the Radl started by hand ``number`` doubled so far (their numbers), how many of
    its doubled hands are still owed after the last hand, and how many doubled hands of other
    Radls come before the first of them (queued behind those); ``((), 0, 0)`` where it started none."""
    hands, ids = [e.hand for e in ledger.hands], [e.id for e in ledger.hands]
    _factors, causes, owed = _walk(hands, ids, ledger.profile, ledger.radl)
    cause = ids[number - 1]
    doubled = tuple(i for i, layers in enumerate(causes, 1) if cause in layers)
    mine = [k for k, layers in enumerate(owed) if cause in layers]
    return doubled, len(mine), mine[0] if mine else 0


def marks_on(ledger: Ledger, number: int) -> tuple[RadlMark, ...]:
    """The Radl marks set or struck by hand that make hand ``number``'s Radl what it is: each one
    without which the hand would be doubled otherwise (a mark that doubles it, a strike that
    spared it)."""
    hands = ledger.hands[:number]
    plays, ids = [e.hand for e in hands], [e.id for e in hands]
    causes = _walk(plays, ids, ledger.profile, ledger.radl)[1][number - 1]
    return tuple(
        mark
        for i, mark in enumerate(ledger.radl)
        if _walk(plays, ids, ledger.profile, ledger.radl[:i] + ledger.radl[i + 1 :])[1][number - 1] != causes
    )


def struck(ledger: Ledger, marks: Sequence[RadlMark]) -> int:
    """How many doubled hands (each Radl on a hand one) the strikes ``marks`` take off, played or owed."""
    hands, ids = [e.hand for e in ledger.hands], [e.id for e in ledger.hands]

    def doubled(kept: Sequence[RadlMark]) -> int:
        _factors, causes, owed = _walk(hands, ids, ledger.profile, kept)
        return sum(map(len, causes)) + sum(map(len, owed))

    return doubled([m for m in ledger.radl if m not in marks]) - doubled(ledger.radl)


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
