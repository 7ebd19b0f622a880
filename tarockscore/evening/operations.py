"""The edits of an evening: record, undo, replace, delete, rescore, repair, Radl marks (core layer, pure).

Each takes a ledger and returns a new one; a correction adds its entry to the audit trail, and
the hands after a corrected one are recomputed, their Radls included.
"""

from __future__ import annotations

from tarockscore.errors import N_, GameLimitReached, LedgerError
from tarockscore.evening import audit
from tarockscore.evening.checks import check_number, rescored, result_of
from tarockscore.evening.deal import hand_deal, next_deal
from tarockscore.evening.model import Entry, Ledger, RadlMark, Table, next_id, profile_record
from tarockscore.evening.paper import played
from tarockscore.evening.radl import check_strike, next_factor, pending_radl
from tarockscore.evening.table import check_players, parse_one, parse_stored, seat_hand
from tarockscore.rules.hand import HandInput
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import score_hand


def check_room(ledger: Ledger) -> None:
    """Refuse a further hand at a table whose game limit (``table.games``) is reached."""
    room(ledger.table, played(ledger), on_paper=ledger.paper is not None)


def room(table: Table, count: int, on_paper: bool = False) -> None:
    """Refuse a hand after ``count`` hands at a table whose game limit is reached, or scored on paper."""
    if on_paper:
        raise GameLimitReached(
            N_(
                "this table's result was taken from its paper sheet, so no hand is recorded on it; a correction replaces that result"
            ),
            where="paper",
        )
    limit = table.games
    if limit is not None and count >= limit:
        raise GameLimitReached(
            N_(
                "{limit}: the game limit of this table is reached, no hand past it is recorded; a hand entered wrongly can still be replaced or undone"
            ),
            limit=limit,
            where="table.games",
        )


def record(ledger: Ledger, mapping: HandInput, at: str) -> Ledger:
    """The ledger with one more hand (without ``players``: the next deal's), the only one scored."""
    check_room(ledger)
    profile = ledger.profile
    hand = parse_one(seat_hand(ledger, mapping, next_deal(ledger)), profile)
    result = result_of(score_hand(hand, profile), ledger.players, next_factor(ledger))
    return ledger._replace(hands=(*ledger.hands, Entry.of(hand, result, at, next_id(ledger))))


def undo(ledger: Ledger, at: str) -> Ledger:
    """The ledger without its last hand; the audit trail keeps it."""
    check_number(ledger, len(ledger.hands))
    entry = audit.undone(at, len(ledger.hands), ledger.hands[-1])
    return ledger._replace(hands=ledger.hands[:-1], audit=(*ledger.audit, entry))


def replace_hand(ledger: Ledger, number: int, mapping: HandInput, at: str) -> Ledger:
    """Hand ``number`` replaced (a hand without ``players`` keeps that hand's deal); all after it recomputed."""
    check_number(ledger, number)
    old = ledger.hands[number - 1]
    hand = parse_one(seat_hand(ledger, mapping, hand_deal(ledger, number)), ledger.profile)
    entries = list(ledger.hands)
    entries[number - 1] = Entry.of(hand, old.result, old.recorded, old.id)
    stored = {e.id for e in ledger.hands} - {old.id}  # their results stand but where a Radl moved
    entries = list(rescored(entries, ledger.players, ledger.profile, ledger.radl, stored))
    changed = audit.changed_results(ledger.hands, entries, old.id)
    entry = audit.replaced(at, number, old, entries[number - 1], changed)
    return ledger._replace(hands=tuple(entries), audit=(*ledger.audit, entry))


def delete(ledger: Ledger, number: int, at: str) -> Ledger:
    """Hand ``number`` removed; the hands after it keep their deals and are recomputed."""
    check_number(ledger, number)
    old = ledger.hands[number - 1]
    kept = [e for i, e in enumerate(ledger.hands, 1) if i != number]
    entries = rescored(kept, ledger.players, ledger.profile, ledger.radl, {e.id for e in kept})
    changed = audit.changed_results(kept, entries, None)
    entry = audit.deleted(at, number, old, entries[number - 1 :], changed)
    return ledger._replace(hands=entries, audit=(*ledger.audit, entry))


def rescore(ledger: Ledger, profile: Profile, at: str, *, what_if: bool = False) -> Ledger:
    """The evening under another profile: every stored hand's keys read again under it (every
    problem at once) and scored afresh. ``what_if``: a bidding the profile does not allow is still
    scored (such a ledger is shown, never written)."""
    check_seats = check_players(ledger.players, profile)
    if check_seats:
        raise LedgerError([p.moved("profile") for p in check_seats])
    record_ = profile_record(profile)
    table = ledger.table._replace(profile=record_)
    if record_.sha256 == ledger.table.profile.sha256:
        read: list[Entry] = list(ledger.hands)
    else:
        hands = parse_stored([e.keys for e in ledger.hands], profile, ledger.players, bidding=not what_if)
        read = [Entry.of(h, e.result, e.recorded, e.id) for h, e in zip(hands, ledger.hands, strict=True)]
    entries = rescored(read, ledger.players, profile, ledger.radl)
    changed = audit.changed_results(ledger.hands, entries, None)
    entry = audit.rescored(at, ledger.table.profile, record_, changed)
    return ledger._replace(table=table, hands=entries, audit=(*ledger.audit, entry))


def repair(ledger: Ledger, at: str | None) -> Ledger:
    """Every stored hand scored afresh under the stored profile, Radls included; ``at``: the time
    of the audit entry the repair leaves (None: a look, no entry)."""
    entries = rescored(list(ledger.hands), ledger.players, ledger.profile, ledger.radl)
    if at is None:
        return ledger._replace(hands=entries)
    changed = audit.changed_results(ledger.hands, entries, None)
    entry = audit.repaired(at, ledger.table.profile, changed)
    return ledger._replace(hands=entries, audit=(*ledger.audit, entry))


def _mark(ledger: Ledger, hands: int, at: str) -> tuple[RadlMark, int]:
    """A mark after the last hand (0: before the first), and that hand's number."""
    after = ledger.hands[-1].id if ledger.hands else 0
    return RadlMark(after=after, hands=hands, at=at), len(ledger.hands)


def set_radl(ledger: Ledger, hands: int | None, at: str) -> Ledger:
    """A Radl set by hand after the last hand: ``hands`` more doubled hands (default ``radl.hands``)."""
    rule = ledger.profile.radl
    count = rule.hands if hands is None else hands
    if count < 1:
        raise LedgerError(N_("{hands}: expected a number of hands, 1 or more"), hands=count, where="hands")
    mark, number = _mark(ledger, count, at)
    marked = ledger._replace(radl=(*ledger.radl, mark))
    entry = audit.radl_set(at, mark, number, rule.factor, pending_radl(marked))
    return marked._replace(audit=(*ledger.audit, entry))


def strike_radl(ledger: Ledger, hands: int, at: str) -> Ledger:
    """``hands`` of the pending doubled hands struck by hand, after the last hand."""
    if hands < 1:
        raise LedgerError(N_("{hands}: expected a number of hands, 1 or more"), hands=hands, where="hands")
    check_strike(ledger, hands)
    mark, number = _mark(ledger, -hands, at)
    marked = ledger._replace(radl=(*ledger.radl, mark))
    entry = audit.radl_struck(at, mark, number, pending_radl(marked))
    return marked._replace(audit=(*ledger.audit, entry))
