"""The audit trail's entries: one line of prose per correction, saying what changed (core layer, pure)."""

from __future__ import annotations

from collections.abc import Sequence

from tarockscore.ledger.model import Action, AuditEntry, Entry, ProfileRecord, Result
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
    """Numbers (in ``new``) of hands whose result differs from the same hand in ``old``."""
    return tuple(
        i for i, (a, b) in enumerate(zip(old, new, strict=True), 1) if i != skip and a.result != b.result
    )


def _hands(changed: Sequence[int]) -> str:
    return f"hand{'s' if len(changed) > 1 else ''} {', '.join(map(str, changed))}"


def undone(at: str, number: int, last: Entry) -> AuditEntry:
    return AuditEntry(
        at=at,
        action=Action.UNDO,
        hand=number,
        detail=f"hand {number} undone: {summary(last.hand, last.result)}",
        before=last.keys,
    )


def replaced(at: str, number: int, old: Entry, new: Entry, changed: tuple[int, ...]) -> AuditEntry:
    detail = f"hand {number} replaced: {summary(old.hand, old.result)} → {summary(new.hand, new.result)}"
    if changed:
        detail += f"; recomputed {_hands(changed)}"
    return AuditEntry(
        at=at,
        action=Action.REPLACE,
        hand=number,
        detail=detail,
        before=old.keys,
        after=new.keys,
        changed=changed,
    )


def deleted(at: str, number: int, old: Entry, left: int, changed: tuple[int, ...]) -> AuditEntry:
    """``left``: how many hands the ledger keeps."""
    detail = f"hand {number} deleted: {summary(old.hand, old.result)}"
    if number <= left:
        detail += f"; hands {number + 1} to {left + 1} are now {number} to {left}"
    if changed:
        detail += f"; recomputed {_hands(changed)}"
    return AuditEntry(
        at=at, action=Action.DELETE, hand=number, detail=detail, before=old.keys, changed=changed
    )


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
