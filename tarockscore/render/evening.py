"""Text for the ledger and season commands: sheet, totals, settlement, statistics (rendering layer).

Pure functions from ledger and season values to text; the CLI modules only print what they return.
Text for a person speaks the chosen language (money ``0,10 €`` and dates ``14.03.2025`` in
German); the JSON and CSV functions do not.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from tarockscore.i18n import N_, _, current, date, money, ngettext, number, translated
from tarockscore.ledger.deal import hand_deal, next_deal
from tarockscore.ledger.radl import pending_radl
from tarockscore.ledger.settle_up import settle
from tarockscore.ledger.totals import payout_totals, totals
from tarockscore.render import hand as render
from tarockscore.render.chart import escape
from tarockscore.render.hand import signed
from tarockscore.rules.profile import SettlementMode
from tarockscore.season.standings import decimal_text
from tarockscore.season.statistics import contracts_declared

if TYPE_CHECKING:
    from tarockscore.ledger.deal import Deal
    from tarockscore.ledger.model import Ledger, Result, Table
    from tarockscore.ledger.settle_up import Settlement
    from tarockscore.ledger.sheet import Sheet
    from tarockscore.rules.hand import Hand
    from tarockscore.rules.profile import Profile
    from tarockscore.season.standings import Season
    from tarockscore.season.statistics import PlayerStats


STATS_WIDTH = 100  # what `stats` fits by default; --wide prints every column however wide
# The summary's columns a narrow terminal does without, the least needed first.
_NARROW_DROPS = ("silent", "worst", "best", "per hand", "Rekontra")


def _width(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def stats_text(result: Sequence[PlayerStats], order: Sequence[str], width: int | None = STATS_WIDTH) -> str:
    """The statistics as tables; within ``width`` columns (None: every column, however wide)."""

    def ratio(won: int, played: int) -> str:
        return f"{won}/{played}" if played else "-"

    headers = [  # English keys, translated where the table is drawn
        N_("player"),
        N_("hands"),
        N_("Victory Points"),
        N_("per hand"),
        N_("best"),
        N_("worst"),
        N_("declared"),
        N_("partner"),
        N_("defended"),
        "Kontra",
        "Rekontra",
        N_("announced"),
        N_("silent"),
    ]
    summary = []
    for s in result:
        d, p, b = s.declared_total(), s.partner_total(), s.bonus_total()
        summary.append(
            [
                s.player,
                s.hands,
                signed(s.victory_points),
                number(decimal_text(s.points_per_hand)),
                "" if s.best is None else signed(s.best),
                "" if s.worst is None else signed(s.worst),
                ratio(d.won, d.played),
                ratio(p.won, p.played),
                ratio(s.defended.won, s.defended.played),
                ratio(s.kontra.said_won, s.kontra.said),
                ratio(s.kontra.answered_won, s.kontra.answered),
                ratio(b.announced_made, b.announced),
                b.silent_made,
            ]
        )

    def table(columns: list[str]) -> str:
        keep = [headers.index(c) for c in columns]
        return tabulate(
            [[row[i] for i in keep] for row in summary],
            headers=[translated(c) for c in columns],
            colalign=["left", *["right"] * (len(columns) - 1)],
            disable_numparse=True,
        )

    first = table(headers)
    left_out: list[str] = []
    if width is not None and _width(first) > width:
        # two tables, one above the other: the points, then the games and bets
        split = headers.index("declared")
        points, games = headers[:split], [headers[0], *headers[split:]]
        for drop in _NARROW_DROPS:  # a table still too wide (long names) does without some columns
            if max(_width(table(points)), _width(table(games))) <= width:
                break
            for part in (points, games):
                if drop in part:
                    part.remove(drop)
            left_out.append(drop)
        first = f"{table(points)}\n\n{table(games)}"

    contracts = contracts_declared(result, order)
    detail = []
    lines = []
    for s in result:
        bonuses = ", ".join(
            (
                (
                    _("{bonus} {made}/{announced} +{silent} silent")
                    if t.silent_made
                    else _("{bonus} {made}/{announced}")
                )
                if t.announced
                else _("{bonus} {silent} silent")
            ).format(bonus=name, made=t.announced_made, announced=t.announced, silent=t.silent_made)
            for name, t in sorted(s.bonuses.items())
            if t.announced or t.silent_made
        )
        row: list[object] = [s.player]
        row += [ratio(s.declared[c].won, s.declared[c].played) if c in s.declared else "" for c in contracts]
        row.append(bonuses or "-")
        detail.append(row)
        declared = ", ".join(
            f"{c} {s.declared[c].won}/{s.declared[c].played}" for c in contracts if c in s.declared
        )
        lines.append(
            _("{player}: declared {declared}; bonuses {bonuses}").format(
                player=s.player, declared=declared or "-", bonuses=bonuses or "-"
            )
        )
    second = tabulate(
        detail,
        headers=[_("declared (won/played)"), *contracts, _("bonuses (made/announced)")],
        colalign=["left", *["right"] * len(contracts), "left"],
        disable_numparse=True,
    )
    if width is not None and _width(second) > width:
        # one paragraph per player instead of a column per contract
        second = "\n".join(
            textwrap.fill(line, width, subsequent_indent="    ", break_on_hyphens=False) for line in lines
        )
    note = _(
        "won/played; Kontra: the bets the player's side doubled (won/said); Rekontra: the doublings "
        "it answered (won/said); announced: the bonuses of the player's side (made/announced)"
    )
    if width is not None:
        note = textwrap.fill(note, width)
    if left_out:
        note += "\n" + _("left out to fit {width} columns: {columns} (--wide shows every column)").format(
            width=width, columns=", ".join(translated(c) for c in left_out)
        )
    return f"{first}\n\n{second}\n\n{note}"


def season_span(season: Season) -> str:
    """'3 ledgers, 12 hands, 2026-03-05 to 2026-03-19, profile koenigrufen', in the reader's language."""
    days = [e.date for e in season.evenings if e.date is not None]
    parts = [
        ngettext("{count} ledger", "{count} ledgers", len(season.evenings)).format(
            count=len(season.evenings)
        ),
        ngettext("{count} hand", "{count} hands", season.hand_count).format(count=season.hand_count),
    ]
    if days:
        first, last = date(min(days)), date(max(days))
        parts.append(first if first == last else _("{first} to {last}").format(first=first, last=last))
    if season.profiles:
        names = ", ".join(season.profiles)
        parts.append(
            ngettext("profile {names}", "profiles {names}", len(season.profiles)).format(names=names)
        )
    return ", ".join(parts)


def title(folded: Season) -> str:
    if len(folded.evenings) == 1:
        e = folded.evenings[0]
        return _("Evening {name}").format(name=", ".join(x for x in (e.label, e.place) if x))
    days = [e.date for e in folded.evenings if e.date is not None]
    count = len(folded.evenings)
    if not days:
        return ngettext("Season ({count} evening)", "Season ({count} evenings)", count).format(count=count)
    return ngettext(
        "Season {first} to {last} ({count} evening)", "Season {first} to {last} ({count} evenings)", count
    ).format(first=date(min(days)), last=date(max(days)), count=count)


def html(svg: str, title: str) -> str:
    """A page around the chart, written so that it is well-formed XML too (XHTML's spelling of
    HTML5): an XML parser reads it as surely as a browser, whatever a name or title holds. The
    chart is as large as the window allows, in proportion (the SVG's viewBox scales; its width
    and height attributes are only the default size)."""
    body = svg.split("\n", 1)[1]  # without the XML declaration
    return (
        f'<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" lang="{current()}">\n<head>\n'
        '<meta charset="utf-8"/>\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>\n'
        f"<title>{escape(title)}</title>\n"
        "<style>html, body { margin: 0; height: 100%; } "
        "svg { display: block; width: 100%; height: auto; max-height: 100vh; }</style>\n"
        f"</head>\n<body>\n{body}</body>\n</html>\n"
    )


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
    stake = ledger.table.stake
    if stake is None:
        return None
    paid = payout_totals(ledger)
    return settle(
        paid if paid is not None else totals(ledger), stake, ledger.profile.settlement.mode
    ).balances


def totals_table(after: Ledger, hand: int | None = None) -> str:
    """Each player's points in one hand (if given), the running totals and, with a stake, the
    money so far."""
    total = totals(after)
    paid = payout_totals(after)
    cash = balances(after)
    rows = []
    for p in after.players:
        row: list[object] = [p]
        if hand is not None:
            entry = after.hands[hand - 1]
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
        *([_("hand")] if hand is not None else []),
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
    """The next hand: its number and deal, and whether the Radl doubles it."""
    text = _("next: hand {number}, {deal}").format(
        number=len(ledger.hands) + 1, deal=deal_text(next_deal(ledger))
    )
    pending = pending_radl(ledger)
    if pending == 1:
        text += _("; a Radl hand (×{factor}), the last of the Radl").format(factor=ledger.profile.radl.factor)
    elif pending:
        text += ngettext(
            "; a Radl hand (×{factor}), {rest} more Radl hand after it",
            "; a Radl hand (×{factor}), {rest} more Radl hands after it",
            pending - 1,
        ).format(factor=ledger.profile.radl.factor, rest=pending - 1)
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
    ledger's audit trail keeps :func:`tarockscore.ledger.audit.summary`, in English)."""
    if hand.declarer and hand.partner:
        text = _("{contract} by {declarer} with {partner}").format(
            contract=hand.contract, declarer=hand.declarer, partner=hand.partner
        )
    elif hand.declarer:
        text = _("{contract} by {declarer}").format(contract=hand.contract, declarer=hand.declarer)
    else:
        text = hand.contract
    if result is not None and result.won is not None:
        text = (_("{hand}, won") if result.won else _("{hand}, lost")).format(hand=text)
    if result is not None and result.radl != 1:
        text = _("{hand}, Radl ×{radl}").format(hand=text, radl=result.radl)
    return text


def profile_json(table: Table) -> dict[str, Any]:
    profile = table.profile
    return {"name": profile.name, "sha256": profile.sha256}


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The evening as ``show --json`` prints it (docs/ledger-format.md)."""
    seats = sheet.players
    hands = []
    for h in sheet.hands:
        item: dict[str, Any] = {
            "number": h.number,
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
        hands.append(item)
    t = sheet.table
    out: dict[str, Any] = {
        "profile": profile_json(sheet.table),
        "players": list(seats),
        "date": t.date,
        "place": t.place,
        "stake": None if t.stake is None else str(t.stake),
        "hands": hands,
        "totals": dict(sheet.totals),
    }
    if sheet.payout_totals is not None:
        out["payout_totals"] = dict(sheet.payout_totals)
    out["audit"] = [
        {"at": a.at, "action": a.action.value, "hand": a.hand, "detail": a.detail} for a in sheet.audit
    ]
    return out


def sheet_csv(sheet: Sheet) -> str:
    players = list(sheet.players)
    headers = ["hand", "dealer", "forehand", "contract", "declarer", "partner", "won", "radl"]
    headers += players + [f"{p} total" for p in players]
    rows = []
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
    return render.csv_text(headers, rows)


def sheet_text(sheet: Sheet) -> str:
    players = sheet.players
    t = sheet.table
    head = [_("profile {name}").format(name=t.profile.name)]
    head += [x for x in (date(t.date) if t.date else None, t.place) if x]
    if t.stake is not None:
        head.append(_("stake {amount} per point").format(amount=money(t.stake)))
    rows: list[list[object]] = []
    for h in sheet.hands:
        who = h.hand.declarer or ""
        if h.hand.partner:
            who += f" + {h.hand.partner}"
        outcome = "" if h.result.won is None else (_("won") if h.result.won else _("lost"))
        row: list[object] = [
            h.number,
            h.dealer,
            h.hand.contract,
            who,
            outcome,
            f"×{h.result.radl}" if h.doubled else "",
        ]
        for p in players:
            points = signed(h.result.victory_points[p]) if p in h.players else "·"
            row.append(f"{points} → {h.totals[p]}")
        rows.append(row)
    rows.append(["", "", _("total"), "", "", "", *[sheet.totals[p] for p in players]])
    if sheet.payout_totals is not None:
        rows.append(["", "", _("payout"), "", "", "", *[sheet.payout_totals[p] for p in players]])
    if t.stake is not None:
        basis = sheet.payout_totals if sheet.payout_totals is not None else sheet.totals
        cash = settle(basis, t.stake, t.profile.rules.settlement.mode).balances
        rows.append(["", "", _("money"), "", "", "", *[money_text(cash[p]) for p in players]])
    table = tabulate(
        rows,
        headers=["#", _("dealer"), _("contract"), _("declarer"), _("result"), "Radl", *players],
        disable_numparse=True,
        colalign=("right", "left", "left", "left", "left", "left", *["right"] * len(players)),
    )
    lines = [" · ".join(head), table]
    if not sheet.hands:
        lines.append(_("no hands yet"))
    for a in sheet.audit:
        lines.append(_("audit {at}: {detail}").format(at=a.at, detail=a.detail))
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
        if profile.settlement.mode is SettlementMode.ZERO_SUM
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
