"""What the evening's actions show: a new evening, a recorded hand, the arithmetic of a stored hand,
a check, a rescore, a repair, a settlement (rendering layer).

Each function takes the values the library's action returned (the ledger before and after, the
hand's score) and returns the text, or the :class:`View` whose formats ``--format`` chooses from.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabulate import tabulate

from tarockscore.errors import key_title
from tarockscore.i18n import _, date, money, ngettext, translated
from tarockscore.ledger.deal import first_deal
from tarockscore.ledger.model import Entry, Ledger
from tarockscore.ledger.results import score_stored
from tarockscore.ledger.settle_up import Settlement
from tarockscore.ledger.sheet import Sheet
from tarockscore.ledger.totals import payout_totals, totals
from tarockscore.render import evening, hand
from tarockscore.render.audit import moment
from tarockscore.render.evening import HEAD_DIGITS
from tarockscore.render.output import View
from tarockscore.rules import legality
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score


def begun_text(path: Path, ledger: Ledger) -> str:
    """What ``new`` prints: the file, the table, the profile pinned by its hash, the stake, the day, the first deal."""
    table = ledger.table
    lines = [
        _("new evening in {path}").format(path=path),
        _("table:   {players} (seat order)").format(players=", ".join(table.players)),
        _("profile: {name} (sha256 {sha})").format(name=table.profile.name, sha=table.profile.sha256[:12]),
    ]
    if table.stake is not None:
        lines.append(_("stake:   {amount} per Victory Point").format(amount=money(table.stake)))
    if table.date or table.place:
        when = ", ".join(x for x in (date(table.date) if table.date else None, table.place) if x)
        lines.append(_("when:    {when}").format(when=when))
    lines.append(_("hand 1:  {deal}").format(deal=evening.deal_text(first_deal(table.players))))
    return "\n".join(lines)


def sheet_view(sheet: Sheet) -> View:
    """``show``: the sheet as a table, as JSON (docs/ledger-format.md), as CSV (one row per hand)."""
    return View(
        table=lambda: evening.sheet_text(sheet),
        json=lambda: evening.sheet_json(sheet),
        csv=lambda: evening.sheet_csv(sheet),
    )


def head_check_text(held: Any) -> str:
    """``check --head``: whether the hands as of the head written down are unchanged; else the
    first hand that differs and the entries since that head."""
    short = held.head[:HEAD_DIGITS]
    if not held.found:
        return _(
            "head {head}: no entry of this ledger has it: the ledger was rewritten since, or it is another evening"
        ).format(head=short)
    said = [f"{e.get('kind', '?')} {e.get('at', '')}" for e in held.since]
    if len(said) > FIRST_FEW + 1:  # a head of the first hour of a long evening: not one line of 100,000
        said[FIRST_FEW:] = [_("… and {more:,} more").format(more=len(said) - FIRST_FEW)]
    since = "; ".join(said)
    if held.differ:
        return _("head {head}: hand {number} differs from the hand of then; entries since: {since}").format(
            head=short, number=held.differ[0], since=since or "-"
        )
    if held.edited:  # an entry of then that holds no hand (an undo, a mark) changed since
        return _("head {head}: entry {entry} was changed since; entries since: {since}").format(
            head=short, entry=held.edited[0], since=since or "-"
        )
    return ngettext(
        "head {head}: every hand of then is unchanged; {count} entry since",
        "head {head}: every hand of then is unchanged; {count} entries since",
        len(held.since),
    ).format(head=short, count=len(held.since))


def preview_text(after: Ledger, number: int) -> str:
    """What the guided entry shows before it records: the hand's bets as ``score`` prints them,
    and its Radl factor."""
    _hand, score = score_stored(after, number)
    lines = [hand.score_table(score)]
    radl = after.hands[number - 1].result.radl
    if radl != 1:
        lines.append(_("Radl: this hand counts ×{radl}").format(radl=radl))
    return "\n".join(lines)


def explained_text(
    ledger: Ledger,
    number: int,
    entry: Entry,
    played: Hand,
    score: Score,
    profile: Profile,
    radl_cause: int | None,
    by_hand: bool,
    differs: bool,
) -> tuple[str, str | None]:
    """``explain N``: the hand, when and under which profile it was recorded, the arithmetic bet by
    bet, the Radl behind its factor; and the note for standard error when its stored result differs."""
    lines = [
        evening.hand_line(ledger, number),
        _("recorded {at}; profile {name} (sha256 {sha})").format(
            at=moment(entry.recorded), name=ledger.table.profile.name, sha=ledger.table.profile.sha256[:12]
        ),
        "",
        hand.explain(score, profile),
    ]
    radl = entry.result.radl
    if radl != 1:
        lines.append("")
        if by_hand:
            lines.append(
                _("Radl: this hand counts ×{radl}, a doubled round set on the sheet").format(radl=radl)
            )
        else:
            lines.append(
                _(
                    "Radl: this hand counts ×{radl}, a doubled round started by hand {cause} (after {events})"
                ).format(
                    radl=radl,
                    cause=radl_cause,
                    events=", ".join(translated(key_title(e)) for e in profile.radl.events),
                )
            )
        doubled = ", ".join(
            f"{p} {hand.signed(v)}" for p, v in entry.result.victory_points.items() if p in played.players
        )
        lines.append(_("Victory Points with the Radl: {points}").format(points=doubled))
    note = (
        _("note: the ledger stores a different result for this hand; `tarockscore check` reports it")
        if differs
        else None
    )
    return "\n".join(lines), note


def checked_text(path: Path, ledger: Ledger) -> str:
    """``check`` when every stored result matches."""
    return ngettext(
        "{path}: {count} hand re-scored under {name} (sha256 {sha}); every stored result matches",
        "{path}: {count} hands re-scored under {name} (sha256 {sha}); every stored result matches",
        len(ledger.hands),
    ).format(
        path=path,
        count=len(ledger.hands),
        name=ledger.table.profile.name,
        sha=ledger.table.profile.sha256[:12],
    )


def _rescored_json(
    before: Ledger, after: Ledger, sheet: Sheet, changed: Sequence[int], written: bool
) -> dict[str, Any]:
    data = evening.sheet_json(sheet)
    data["written"] = written
    data["changed"] = list(changed)  # every hand the text names only the first few of
    data["before"] = {"profile": evening.profile_json(before.table), "totals": totals(before)}
    paid = payout_totals(before)
    if paid is not None:  # as show --json has it: only where Kontra changes the money alone
        data["before"]["payout_totals"] = paid
    return data


def _rescored_rows(before: Ledger, after: Ledger) -> list[list[object]]:
    old, new = totals(before), totals(after)
    return [[p, old[p], new[p], hand.signed(new[p] - old[p])] for p in after.players]


def _rescored_text(before: Ledger, after: Ledger, changed: Sequence[int], written: bool, path: Path) -> str:
    lines = [
        tabulate(
            _rescored_rows(before, after),
            headers=[_("player"), before.table.profile.name, after.table.profile.name, _("difference")],
            disable_numparse=True,
        )
    ]
    if changed:
        lines.append(_("hands scored differently: {hands}").format(hands=first_few(changed)))
    if refused := not_allowed(after):
        lines += [_("{hand} (scored all the same)").format(hand=h) for h in refused[:FIRST_FEW]]
        if len(refused) > FIRST_FEW:
            lines.append(_("… and {more:,} more").format(more=len(refused) - FIRST_FEW))
    if written:
        lines.append(
            _("written: {path} is now scored under {name}").format(path=path, name=after.table.profile.name)
        )
    else:
        lines.append(_("what-if only: the ledger is unchanged (--write to keep it)"))
    return "\n".join(lines)


# A list of hands in a line of text: a rescore of 100,000 hands must not print one line of 600 KB.
FIRST_FEW = 10


def first_few(items: Sequence[object]) -> str:
    """The items joined with ", ", or the first :data:`FIRST_FEW` and how many more (``--json``
    lists every one)."""
    if len(items) <= FIRST_FEW + 1:  # "and 1 more" would be no shorter than the item itself
        return ", ".join(str(item) for item in items)
    more = len(items) - FIRST_FEW
    return _("{items} and {more:,} more (--json lists every one)").format(
        items=", ".join(str(item) for item in items[:FIRST_FEW]), more=more
    )


def not_allowed(ledger: Ledger) -> list[str]:
    """The hands whose declarer may not bid the contract under the ledger's profile, each with
    the rule in the players' words: ``hand 3: under gametwist only the Forehand may play a
    Sechserdreier``."""
    out = []
    for i, entry in enumerate(ledger.hands, 1):
        h = entry.hand
        if not legality.bidding_allowed(ledger.profile, h.contract, h.declarer, h.players):
            rule = translated(legality.bidding_rule(ledger.profile, h.contract))
            out.append(_("hand {hand}: {rule}").format(hand=i, rule=rule))
    return out


def rescored_view(
    before: Ledger, after: Ledger, sheet: Sheet, changed: Sequence[int], written: bool, path: Path
) -> View:
    """``rescore``: each player's total under both profiles; JSON as ``show --json`` with ``written``
    and ``before``; CSV one row per player."""
    return View(
        table=lambda: _rescored_text(before, after, changed, written, path),
        json=lambda: _rescored_json(before, after, sheet, changed, written),
        csv=lambda: (
            ["player", before.table.profile.name, after.table.profile.name, "difference"],
            _rescored_rows(before, after),
        ),
    )


def repaired_text(before: Ledger, after: Ledger, written: bool, path: Path) -> str:
    """``repair``: every number that changes (hand, player, stored, re-scored), the totals, and
    whether it was written."""
    rows = []
    for i, (old, new) in enumerate(zip(before.hands, after.hands, strict=True), 1):
        for p in before.players:
            a, b = old.result.victory_points.get(p, 0), new.result.victory_points.get(p, 0)
            if a != b:
                rows.append([i, p, a, b, hand.signed(b - a)])
        if old.result.radl != new.result.radl:
            rows.append([i, _("(Radl factor)"), old.result.radl, new.result.radl, ""])
    lines = []
    if rows:
        lines.append(
            tabulate(
                rows,
                headers=[_("hand"), _("player"), _("stored"), _("re-scored"), _("difference")],
                disable_numparse=True,
            )
        )
        old_totals, new_totals = totals(before), totals(after)
        lines.append("")
        lines.append(
            tabulate(
                [[p, old_totals[p], new_totals[p]] for p in before.players],
                headers=[_("player"), _("total stored"), _("total re-scored")],
                disable_numparse=True,
            )
        )
    else:
        lines.append(
            _("{path}: every stored result follows from its hand; nothing changes but the seal").format(
                path=path
            )
        )
    if written:
        lines.append(_("written: {path} re-scored and sealed; the audit trail says so").format(path=path))
    else:
        lines.append(_("nothing was written; run again with --write to keep this"))
    return "\n".join(lines)


def settled_view(result: Settlement, points: dict[str, int], payout: bool, profile: Profile) -> View:
    """``settle``: the balances and the payments; JSON as documented; CSV one row per payment."""
    return View(
        table=lambda: evening.settle_text(result, points, payout, profile),
        json=lambda: evening.settle_json(result, points, payout),
        csv=lambda: (
            ["from", "to", "amount"],
            [[x.payer, x.payee, str(x.amount)] for x in result.payments],
        ),
    )


def upgraded_text(done: Any) -> str:
    """``upgrade``: what was converted, what it holds, where the old file is kept; or that the
    ledger is in the current format already."""
    if done.backup is None:
        return _("{path}: already in the current format (ledger schema 2); nothing was written").format(
            path=done.path
        )
    lines = [
        ngettext(
            "{path}: converted from ledger schema 1 to schema 2, its {hands} hand, Radl marks and audit trail kept",
            "{path}: converted from ledger schema 1 to schema 2, its {hands} hands, Radl marks and audit trail kept",
            done.hands,
        ).format(path=done.path, hands=done.hands)
    ]
    if done.found:
        lines.append(
            _("it was changed outside tarockscore since it was written: {found}").format(
                found="; ".join(done.found)
            )
        )
        lines.append(
            _(
                "every hand re-scored from its stored hand under its stored profile, as `tarockscore repair --write` does; hands scored differently: {hands}"
            ).format(hands=first_few(done.changed) or "-")
        )
    lines.append(_("the old file is kept as {backup}").format(backup=done.backup))
    lines.append(evening.head_text(done.head))
    return "\n".join(lines)
