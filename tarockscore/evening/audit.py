"""The audit trail's entries: one line of prose per correction, saying what changed (core layer, pure).

A hand is named by its id, and by its number on the sheet where that differs. Each line is a
:class:`~tarockscore.errors.Message`: the ledger stores its English text.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarockscore.errors import N_, Message, message
from tarockscore.evening.model import Action, AuditEntry, Entry, ProfileRecord, RadlMark, Result
from tarockscore.rules.hand import Hand, hand_changes


def summary(hand: Hand, result: Result | None = None) -> str:
    """One line for a hand: contract, who played it, and the outcome."""
    text: str = hand.contract
    if hand.declarer and hand.partner:
        text = message(
            N_("{contract} by {declarer} with {partner}"),
            contract=hand.contract,
            declarer=hand.declarer,
            partner=hand.partner,
        )
    elif hand.declarer:
        text = message(N_("{contract} by {declarer}"), contract=hand.contract, declarer=hand.declarer)
    if result is not None and result.won is not None:
        text = message(N_("{hand}, won") if result.won else N_("{hand}, lost"), hand=text)
    if result is not None and result.radl != 1:
        text = message(N_("{hand}, Radl ×{radl}"), hand=text, radl=result.radl)
    return text


def changed_results(old: Sequence[Entry], new: Sequence[Entry], skip: int | None) -> tuple[int, ...]:
    """Ids of the hands whose result differs from the same hand in ``old`` (``skip``: an id left out)."""
    return tuple(b.id for a, b in zip(old, new, strict=True) if b.id != skip and a.result != b.result)


def hands_label(changed: Sequence[int]) -> Message:
    """``hand 3`` or ``hands 3, 5``."""
    ids = ", ".join(map(str, changed))
    return message(N_("hands {ids}") if len(changed) > 1 else N_("hand {ids}"), ids=ids)


def _recomputed(detail: Message, changed: Sequence[int]) -> Message:
    return (
        message(N_("{detail}; recomputed {hands}"), detail=detail, hands=hands_label(changed))
        if changed
        else detail
    )


def label(hand_id: int, number: int) -> Message:
    """``hand 12``, with its number on the sheet where that is not its id."""
    if hand_id == number:
        return message(N_("hand {id}"), id=hand_id)
    return message(N_("hand {id} (no. {number} on the sheet)"), id=hand_id, number=number)


def undone(at: str, number: int, last: Entry) -> AuditEntry:
    return AuditEntry(
        at=at,
        action=Action.UNDO,
        hand=last.id,
        number=number,
        detail=message(
            N_("{hand} undone: {summary}"),
            hand=label(last.id, number),
            summary=summary(last.hand, last.result),
        ),
        before=last.keys,
    )


def replaced(at: str, number: int, old: Entry, new: Entry, changed: tuple[int, ...]) -> AuditEntry:
    before, after = summary(old.hand, old.result), summary(new.hand, new.result)
    if before == after:  # the line alone would say nothing: name the keys that changed
        detail = message(
            N_("{hand} replaced: {old}; {changes}"),
            hand=label(old.id, number),
            old=before,
            changes=hand_changes(old.hand, new.hand),
        )
    else:
        detail = message(
            N_("{hand} replaced: {old} → {new}"), hand=label(old.id, number), old=before, new=after
        )
    detail = _recomputed(detail, changed)
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
    detail = message(
        N_("{hand} deleted: {summary}"), hand=label(old.id, number), summary=summary(old.hand, old.result)
    )
    if len(after) == 1:
        detail = message(
            N_("{detail}; hand {first} is now hand {start}"), detail=detail, first=after[0].id, start=number
        )
    elif after:
        detail = message(
            N_("{detail}; hands {first} to {last} are now {start} to {end}"),
            detail=detail,
            first=after[0].id,
            last=after[-1].id,
            start=number,
            end=number + len(after) - 1,
        )
    detail = _recomputed(detail, changed)
    return AuditEntry(
        at=at,
        action=Action.DELETE,
        hand=old.id,
        number=number,
        detail=detail,
        before=old.keys,
        changed=changed,
    )


def _after(mark: RadlMark, number: int) -> Message:
    if number == 0:
        return message(N_("before the first hand"))
    return message(N_("after {hand}"), hand=label(mark.after, number))


def _radl(at: str, mark: RadlMark, number: int, detail: Message) -> AuditEntry:
    return AuditEntry(
        at=at,
        action=Action.RADL,
        hand=mark.after or None,
        number=number or None,
        detail=detail,
        after={"after": mark.after, "hands": mark.hands},
    )


def radl_set(at: str, mark: RadlMark, number: int, factor: int, pending: int) -> AuditEntry:
    """A Radl set by hand after hand ``number`` (0: before the first); ``pending``: doubled hands now owed."""
    n = mark.hands
    template = (
        N_("Radl set on the sheet {after}: {n} more hand ×{factor}; {pending} pending")
        if n == 1
        else N_("Radl set on the sheet {after}: {n} more hands ×{factor}; {pending} pending")
    )
    detail = message(template, after=_after(mark, number), n=n, factor=factor, pending=pending)
    return _radl(at, mark, number, detail)


def radl_struck(at: str, mark: RadlMark, number: int, pending: int) -> AuditEntry:
    """Doubled hands struck by hand after hand ``number``; ``pending``: doubled hands still owed."""
    n = -mark.hands
    template = (
        N_("Radl struck on the sheet {after}: {n} doubled hand fewer; {pending} pending")
        if n == 1
        else N_("Radl struck on the sheet {after}: {n} doubled hands fewer; {pending} pending")
    )
    detail = message(template, after=_after(mark, number), n=n, pending=pending)
    return _radl(at, mark, number, detail)


def rescored(at: str, old: ProfileRecord, new: ProfileRecord, changed: tuple[int, ...]) -> AuditEntry:
    detail = message(
        N_("rescored under profile {new!r} (sha256 {new_sha}), was {old!r} (sha256 {old_sha})"),
        new=new.name,
        new_sha=new.sha256[:12],
        old=old.name,
        old_sha=old.sha256[:12],
    )
    if changed:
        detail = message(N_("{detail}; changed {hands}"), detail=detail, hands=hands_label(changed))
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
    detail = message(
        N_(
            "repaired: every hand re-scored from its stored keys under the stored profile {name!r} "
            "(sha256 {sha}) and the ledger sealed again"
        ),
        name=profile.name,
        sha=profile.sha256[:12],
    )
    if changed:
        detail = message(N_("{detail}; changed {hands}"), detail=detail, hands=hands_label(changed))
    else:
        detail = message(N_("{detail}; no stored result changed"), detail=detail)
    return AuditEntry(
        at=at,
        action=Action.REPAIR,
        detail=detail,
        after={"name": profile.name, "sha256": profile.sha256},
        changed=changed,
    )
