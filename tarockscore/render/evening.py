"""Text for the ledger commands: the deal, the totals, the sheet, the settlement (rendering layer).

Pure functions from ledger and season values to text; the CLI modules only print what they return.
Text for a person speaks the chosen language (money ``0,10 €`` and dates ``14.03.2025`` in
German); the JSON and CSV functions do not.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from tarockscore.i18n import _, date, money, named, ngettext
from tarockscore.ledger.audit import summary
from tarockscore.ledger.deal import hand_deal, next_deal
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.radl import next_factor, pending_radl
from tarockscore.ledger.results import score_stored
from tarockscore.ledger.settle_up import settle
from tarockscore.ledger.totals import payout_totals, totals
from tarockscore.render.audit import moment, said
from tarockscore.render.hand import note_line, signed

if TYPE_CHECKING:
    from tarockscore.ledger.deal import Deal
    from tarockscore.ledger.model import Result, Table
    from tarockscore.ledger.settle_up import Settlement
    from tarockscore.ledger.sheet import Sheet
    from tarockscore.rules.hand import Hand
    from tarockscore.rules.profile import Profile


HEAD_DIGITS = 12  # of the head's 64: what a person writes down


def deal_text(deal: Deal) -> str:
    if deal.sitting_out:
        return _("{dealer} deals, {forehand} is Forehand, {out} sits out").format(
            dealer=deal.dealer, forehand=deal.forehand, out=deal.sitting_out
        )
    return _("{dealer} deals, {forehand} is Forehand").format(dealer=deal.dealer, forehand=deal.forehand)


def money_text(amount: Decimal) -> str:
    """A balance as the settle-up prints it: +0.40, -0.20, 0.00 (German: +0,40 €)."""
    return ("+" if amount > 0 else "") + money(amount)


def balances(ledger: Ledger) -> Mapping[str, Decimal] | None:
    """Each player's money so far at the ledger's stake (None without a stake): what
    ``tarockscore settle`` would settle now."""
    return _balances(ledger.table, totals(ledger), payout_totals(ledger))


def _balances(
    table: Table, total: Mapping[str, int], paid: Mapping[str, int] | None
) -> Mapping[str, Decimal] | None:
    stake = table.stake
    if stake is None:
        return None
    return settle(paid if paid is not None else total, stake, table.profile.rules.settlement.mode).balances


def totals_table(after: Ledger, hand: int | None = None) -> str:
    """Each player's points in one hand (if given), the running totals and, with a stake, the
    money so far."""
    entry = after.hands[hand - 1] if hand is not None else None
    table, total, paid = after.table, totals(after), payout_totals(after)
    cash = _balances(table, total, paid)
    rows = []
    for p in table.players:
        row: list[object] = [p]
        if entry is not None:
            playing = p in entry.hand.players
            row.append(signed(entry.result.victory_points[p]) if playing else _("out"))
        row.append(total[p])
        if paid is not None:
            row.append(paid[p])
        if cash is not None:
            row.append(money_text(cash[p]))
        rows.append(row)
    headers = [
        _("player"),
        *([_("hand")] if entry is not None else []),
        _("total"),
        *([_("payout")] if paid is not None else []),
        *([_("money")] if cash is not None else []),
    ]
    return tabulate(
        rows,
        headers=headers,
        disable_numparse=True,
        colalign=(
            "left",
            *["left"] * (len(headers) - 1 - (cash is not None)),
            *(["right"] if cash else []),
        ),
    )


def next_text(ledger: Ledger) -> str:
    """The next hand: its number and deal, and whether the Radl doubles it; none at a table whose
    game limit (a tournament round's) is reached."""
    count, limit = len(ledger.hands), ledger.table.games
    if limit is not None and count >= limit:
        return _("all {games} games of this table are played: no next hand").format(games=limit)
    text = _("next: hand {number}, {deal}").format(number=count + 1, deal=deal_text(next_deal(ledger)))
    pending, factor = pending_radl(ledger), next_factor(ledger)
    if pending == 1:
        text += _("; a Radl hand (×{factor}), the last of the Radl").format(factor=factor)
    elif pending:
        text += ngettext(
            "; a Radl hand (×{factor}), {rest} more Radl hand after it",
            "; a Radl hand (×{factor}), {rest} more Radl hands after it",
            pending - 1,
        ).format(factor=factor, rest=pending - 1)
    return text


def hand_line(ledger: Ledger, number: int) -> str:
    entry = ledger.hands[number - 1]
    return _("hand {number}: {summary} ({deal})").format(
        number=number,
        summary=hand_summary(entry.hand, entry.result),
        deal=deal_text(hand_deal(ledger, number)),
    )


def hand_summary(hand: Hand, result: Result | None = None) -> str:
    """One line for a hand in the reader's language: contract, who played it, the outcome (the
    words of :func:`tarockscore.ledger.audit.summary`, which the audit trail stores in English)."""
    return said(summary(hand, result))


def profile_json(table: Table) -> dict[str, Any]:
    profile = table.profile
    return {"name": profile.name, "sha256": profile.sha256}


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The evening as ``show --json`` prints it (docs/ledger-format.md)."""
    hands = _hands_json(sheet)
    t = sheet.table
    out: dict[str, Any] = {
        "profile": profile_json(sheet.table),
        "players": list(sheet.players),
        "date": t.date,
        "place": t.place,
        "stake": None if t.stake is None else str(t.stake),
        "hands": list(hands),
        "totals": dict(sheet.totals),
    }
    if sheet.payout_totals is not None:
        out["payout_totals"] = dict(sheet.payout_totals)
    out["audit"] = [
        {"at": a.at, "action": a.action.value, "hand": a.hand, "number": a.number, "detail": a.detail}
        for a in sheet.audit
    ]
    if sheet.head is not None:
        out["head"] = sheet.head
    return out


def _hands_json(sheet: Sheet) -> Iterator[dict[str, Any]]:
    for h in sheet.hands:
        item: dict[str, Any] = {
            "number": h.number,
            "id": h.id,
            "dealer": h.dealer,
            "forehand": h.forehand,
            "players": list(h.players),
            "sitting_out": h.sitting_out,
            "contract": h.hand.contract,
            "declarer": h.hand.declarer,
            "partner": h.hand.partner,
            "won": h.result.won,
            "radl": h.result.radl,
            "doubled": h.doubled,
            "victory_points": dict(h.result.victory_points),
            "totals": dict(h.totals),
        }
        if h.payout is not None and h.payout_totals is not None:
            item["payout"] = dict(h.payout)
            item["payout_totals"] = dict(h.payout_totals)
        item["recorded"] = h.recorded
        yield item


def sheet_csv(sheet: Sheet) -> tuple[list[str], list[list[object]]]:
    players = list(sheet.players)
    headers = ["hand", "dealer", "forehand", "contract", "declarer", "partner", "won", "radl"]
    headers += players + [f"{p} total" for p in players]
    rows: list[list[object]] = []
    for h in sheet.hands:
        won = "" if h.result.won is None else ("yes" if h.result.won else "no")
        row: list[object] = [
            h.number,
            h.dealer,
            h.forehand,
            h.hand.contract,
            h.hand.declarer or "",
            h.hand.partner or "",
            won,
        ]
        row.append(h.result.radl)
        row += [h.result.victory_points[p] for p in players] + [h.totals[p] for p in players]
        rows.append(row)
    return headers, rows


def sheet_text(sheet: Sheet) -> str:
    """``show``'s table."""
    players = sheet.players
    t = sheet.table
    head = [_("profile {name}").format(name=t.profile.name)]
    head += [x for x in (date(t.date) if t.date else None, t.place) if x]
    if t.stake is not None:
        head.append(_("stake {amount} per point").format(amount=money(t.stake)))
    # After an undo or a delete a hand's number may not be its id, which the audit trail names.
    ids = sheet.renumbered
    lead = ["", ""] if ids else [""]

    def rows() -> Iterator[list[object]]:
        for h in sheet.hands:
            who = h.hand.declarer or ""
            if h.hand.partner:
                who += f" + {h.hand.partner}"
            outcome = "" if h.result.won is None else (_("won") if h.result.won else _("lost"))
            row: list[object] = [
                h.number,
                *([h.id] if ids else []),
                h.dealer,
                named(h.hand.contract),
                who,
                outcome,
                f"×{h.result.radl}" if h.doubled else "",
            ]
            for p in players:
                points = signed(h.result.victory_points[p]) if p in h.players else "·"
                row.append(f"{points} → {h.totals[p]}")
            yield row
        yield [*lead, "", _("total"), "", "", "", *[sheet.totals[p] for p in players]]
        if sheet.payout_totals is not None:
            yield [*lead, "", _("payout"), "", "", "", *[sheet.payout_totals[p] for p in players]]
        if t.stake is not None:
            basis = sheet.payout_totals if sheet.payout_totals is not None else sheet.totals
            cash = settle(basis, t.stake, t.profile.rules.settlement.mode).balances
            yield [*lead, "", _("money"), "", "", "", *[money_text(cash[p]) for p in players]]

    titles = ["#", *(["id"] if ids else []), _("dealer"), _("contract"), _("declarer"), _("result"), "Radl"]
    aligns = ["right"] * len(lead) + ["left"] * 5 + ["right"] * len(players)  # numbers to the right
    lines = [" · ".join(head)]
    lines.append(tabulate(list(rows()), headers=[*titles, *players], disable_numparse=True, colalign=aligns))
    if sheet.on_paper:
        lines.append(_("scored from the table's paper sheet (tournament result)"))
    elif not sheet.hands:
        lines.append(_("no hands yet"))
    for a in sheet.audit:
        lines.append(_("audit {at}: {detail}").format(at=moment(a.at), detail=said(a.detail)))
    return "\n".join(lines)


def settle_json(result: Settlement, points: dict[str, int], payout: bool) -> dict[str, Any]:
    return {
        "stake": str(result.stake),
        "basis": "payout_totals" if payout else "totals",
        "totals": points,
        "balances": {p: str(v) for p, v in result.balances.items()},
        "payments": [{"from": x.payer, "to": x.payee, "amount": str(x.amount)} for x in result.payments],
    }


def settle_text(result: Settlement, points: dict[str, int], payout: bool, profile: Profile) -> str:
    how = (
        _("zero-sum: each player's total × stake")
        if profile.settlement.mode == "zero_sum"
        else _("Simplified Scoring: every two players settle the difference of their totals")
    )
    basis = _("payout totals (Kontra counts in money only)") if payout else _("totals")
    lines = [
        _("stake {amount} per Victory Point; {basis}; {how}").format(
            amount=money(result.stake), basis=basis, how=how
        )
    ]
    rows = [[p, points[p], ("+" if v > 0 else "") + money(v)] for p, v in result.balances.items()]
    lines.append(
        tabulate(
            rows,
            headers=[_("player"), _("points"), _("balance")],
            disable_numparse=True,
            colalign=("left", "right", "right"),
        )
    )
    lines.append("")
    if not result.payments:
        lines.append(_("nobody pays anybody"))
    for x in result.payments:
        lines.append(
            _("{payer} pays {payee} {amount}").format(payer=x.payer, payee=x.payee, amount=money(x.amount))
        )
    return "\n".join(lines)


def moved_deal_warning(before: Ledger, after: Ledger) -> str | None:
    """The warning when the hand just added was dealt by another player than the ledger expected."""
    n = len(after.hands)
    expected, actual = next_deal(before), hand_deal(after, n)
    if actual.dealer == expected.dealer:
        return None
    return _(
        "warning: hand {number} is dealt by {dealer} (the players given); the ledger expected "
        "{expected} to deal ({deal}); the deal goes on from {dealer}"
    ).format(number=n, dealer=actual.dealer, expected=expected.dealer, deal=deal_text(expected))


def recorded_text(after: Ledger) -> str:
    """What ``record`` and ``enter`` print for the hand just added: the hand, its scoring notes (as
    ``score`` prints them), the totals with the money so far, the next hand."""
    n = len(after.hands)
    _hand, score = score_stored(after, n)
    lines = [hand_line(after, n)]
    lines += [note_line(note) for note in score.notes]
    lines += [totals_table(after, n), next_text(after)]
    return "\n".join(lines)


def head_text(head: str) -> str:
    """The line that gives the ledger's head after a change, short enough for a paper block."""
    return _("head {head}").format(head=head[:HEAD_DIGITS])
