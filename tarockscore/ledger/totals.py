"""The evening added up: running totals, the payout column, and the sheet as data (core layer, pure)."""

from __future__ import annotations

from typing import Any

from tarockscore.ledger.deal import dealer_of
from tarockscore.ledger.model import Ledger
from tarockscore.rules.profile import KontraScope


def totals(ledger: Ledger, upto: int | None = None) -> dict[str, int]:
    out = dict.fromkeys(ledger.players, 0)
    for entry in ledger.hands[:upto]:
        for p in out:
            out[p] += entry.result.victory_points.get(p, 0)
    return out


def has_payout(ledger: Ledger) -> bool:
    """Whether the profile keeps a money column apart from the score (Kontra on the payout only)."""
    return ledger.profile.kontra_scope is KontraScope.PAYOUT


def payout_totals(ledger: Ledger, upto: int | None = None) -> dict[str, int] | None:
    if not has_payout(ledger):
        return None
    out = dict.fromkeys(ledger.players, 0)
    for entry in ledger.hands[:upto]:
        payout = entry.result.payout or entry.result.victory_points
        for p in out:
            out[p] += payout.get(p, 0)
    return out


def sheet(ledger: Ledger) -> dict[str, Any]:
    """The evening as data: every hand with its points and the running totals (``show --json``)."""
    seats = ledger.players
    with_payout = has_payout(ledger)
    running = dict.fromkeys(seats, 0)
    paid = dict.fromkeys(seats, 0)
    hands = []
    for i, e in enumerate(ledger.hands, 1):
        players = list(e.hand.get("players", []))
        for p in seats:
            running[p] += e.result.victory_points.get(p, 0)
        item: dict[str, Any] = {
            "number": i,
            "dealer": dealer_of(seats, players),
            "forehand": players[0] if players else None,
            "players": players,
            "sitting_out": next((p for p in seats if p not in players), None) if len(seats) == 5 else None,
            "contract": e.hand.get("contract"),
            "declarer": e.hand.get("declarer"),
            "partner": e.hand.get("partner"),
            "won": e.result.won,
            "radl": e.result.radl,
            "doubled": e.result.radl != 1,
            "victory_points": dict(e.result.victory_points),
            "totals": dict(running),
        }
        if with_payout:
            payout = e.result.payout or e.result.victory_points
            for p in seats:
                paid[p] += payout.get(p, 0)
            item["payout"] = dict(payout)
            item["payout_totals"] = dict(paid)
        item["recorded"] = e.recorded
        hands.append(item)
    t = ledger.table
    out: dict[str, Any] = {
        "profile": {"name": t.profile.name, "sha256": t.profile.sha256},
        "players": list(seats),
        "date": t.date,
        "place": t.place,
        "stake": None if t.stake is None else str(t.stake),
        "hands": hands,
        "totals": dict(running),
    }
    if with_payout:
        out["payout_totals"] = dict(paid)
    out["audit"] = [
        {"at": a.at, "action": a.action.value, "hand": a.hand, "detail": a.detail} for a in ledger.audit
    ]
    return out
