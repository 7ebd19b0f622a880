"""The audit trail's entries: one line of prose per correction, saying what changed (core layer, pure).

The trail names a hand by its id (:attr:`~tarockscore.ledger.model.Entry.id`), which a later
delete or undo never changes; where the id is not the hand's number on the sheet at the time,
the line gives that number too.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarockscore.ledger.model import Action, AuditEntry, Entry, ProfileRecord, RadlMark, Result
from tarockscore.rules.hand import Hand


def summary(hand: Hand, result: Result | None = None) -> str:
    """One line for a hand: contract, who played it, and the outcome."""
    text = hand.contract
    if hand.declarer:
        text += f" by {hand.declarer}" + (f" with {hand.partner}" if hand.partner else "")
    if result is not None and result.won is not None:
        text += ", won" if result.won else ", lost"
    if result is not None and result.radl != 1:
        text += f", Radl ×{result.radl}"
    return text


def changed_results(old: Sequence[Entry], new: Sequence[Entry], skip: int | None) -> tuple[int, ...]:
    """Ids of the hands whose result differs from the same hand in ``old`` (``skip``: an id left out)."""
    return tuple(b.id for a, b in zip(old, new, strict=True) if b.id != skip and a.result != b.result)


def _hands(changed: Sequence[int]) -> str:
    return f"hand{'s' if len(changed) > 1 else ''} {', '.join(map(str, changed))}"


def label(hand_id: int, number: int) -> str:
    """``hand 12``, with its number on the sheet where that is not its id."""
    return f"hand {hand_id}" if hand_id == number else f"hand {hand_id} (no. {number} on the sheet)"


def undone(at: str, number: int, last: Entry) -> AuditEntry:
    return AuditEntry(
        at=at,
        action=Action.UNDO,
        hand=last.id,
        number=number,
        detail=f"{label(last.id, number)} undone: {summary(last.hand, last.result)}",
        before=last.keys,
    )


def replaced(at: str, number: int, old: Entry, new: Entry, changed: tuple[int, ...]) -> AuditEntry:
    detail = (
        f"{label(old.id, number)} replaced: {summary(old.hand, old.result)} → {summary(new.hand, new.result)}"
    )
    if changed:
        detail += f"; recomputed {_hands(changed)}"
    return AuditEntry(
        at=at,
        action=Action.REPLACE,
        hand=old.id,
        number=number,
        detail=detail,
        before=old.keys,
        after=new.keys,
        changed=changed,
    )


def deleted(at: str, number: int, old: Entry, after: Sequence[Entry], changed: tuple[int, ...]) -> AuditEntry:
    """``after``: the hands that followed it, now numbered from ``number`` on."""
    detail = f"{label(old.id, number)} deleted: {summary(old.hand, old.result)}"
    if after:
        detail += f"; hands {after[0].id} to {after[-1].id} are now {number} to {number + len(after) - 1}"
    if changed:
        detail += f"; recomputed {_hands(changed)}"
    return AuditEntry(
        at=at,
        action=Action.DELETE,
        hand=old.id,
        number=number,
        detail=detail,
        before=old.keys,
        changed=changed,
    )


def _after(mark: RadlMark, number: int) -> str:
    return "before the first hand" if number == 0 else f"after {label(mark.after, number)}"


def _radl(at: str, mark: RadlMark, number: int, what: str) -> AuditEntry:
    return AuditEntry(
        at=at,
        action=Action.RADL,
        hand=mark.after or None,
        number=number or None,
        detail=f"Radl {what}",
        after={"after": mark.after, "hands": mark.hands},
    )


def _plural(n: int) -> str:
    return "s" if n != 1 else ""


def radl_set(at: str, mark: RadlMark, number: int, factor: int, pending: int) -> AuditEntry:
    """A Radl set by hand after hand ``number`` (0: before the first); ``pending``: doubled hands now owed."""
    n = mark.hands
    what = f"set on the sheet {_after(mark, number)}: {n} more hand{_plural(n)} ×{factor}; {pending} pending"
    return _radl(at, mark, number, what)


def radl_struck(at: str, mark: RadlMark, number: int, pending: int) -> AuditEntry:
    """Doubled hands struck by hand after hand ``number``; ``pending``: doubled hands still owed."""
    n = -mark.hands
    what = (
        f"struck on the sheet {_after(mark, number)}: {n} doubled hand{_plural(n)} fewer; {pending} pending"
    )
    return _radl(at, mark, number, what)


def rescored(at: str, old: ProfileRecord, new: ProfileRecord, changed: tuple[int, ...]) -> AuditEntry:
    detail = (
        f"rescored under profile {new.name!r} (sha256 {new.sha256[:12]}), "
        f"was {old.name!r} (sha256 {old.sha256[:12]})"
    )
    if changed:
        detail += f"; changed {_hands(changed)}"
    return AuditEntry(
        at=at,
        action=Action.RESCORE,
        detail=detail,
        before={"name": old.name, "sha256": old.sha256},
        after={"name": new.name, "sha256": new.sha256},
        changed=changed,
    )


def repaired(at: str, profile: ProfileRecord, changed: tuple[int, ...]) -> AuditEntry:
    """The entry of ``tarockscore repair --write``: the evening re-scored from its stored hands."""
    detail = (
        f"repaired: every hand re-scored from its stored keys under the stored profile {profile.name!r} "
        f"(sha256 {profile.sha256[:12]}) and the ledger sealed again"
    )
    detail += f"; changed {_hands(changed)}" if changed else "; no stored result changed"
    return AuditEntry(
        at=at,
        action=Action.REPAIR,
        detail=detail,
        after={"name": profile.name, "sha256": profile.sha256},
        changed=changed,
    )
