"""The evening added up: each player's total, and the payout column where Kontra counts in money only (core layer, pure)."""

from __future__ import annotations

from tarockscore.ledger.model import Ledger


def totals(ledger: Ledger, upto: int | None = None) -> dict[str, int]:
    out = dict.fromkeys(ledger.players, 0)
    if ledger.paper is not None:  # a table scored from its paper sheet (ledger.paper)
        for p in out:
            out[p] += ledger.paper.schrift.get(p, 0)
    for entry in ledger.hands[:upto]:
        for p in out:
            out[p] += entry.result.victory_points.get(p, 0)
    return out


def has_payout(ledger: Ledger) -> bool:
    """Whether the profile keeps a money column apart from the score (Kontra on the payout only)."""
    return ledger.profile.settlement.kontra_scope == "payout"


def payout_totals(ledger: Ledger, upto: int | None = None) -> dict[str, int] | None:
    if not has_payout(ledger):
        return None
    out = dict.fromkeys(ledger.players, 0)
    if ledger.paper is not None:
        paper = ledger.paper.money or ledger.paper.schrift
        for p in out:
            out[p] += paper.get(p, 0)
    for entry in ledger.hands[:upto]:
        payout = entry.result.payout or entry.result.victory_points
        for p in out:
            out[p] += payout.get(p, 0)
    return out
