"""A season's standings as the machine reads them: CSV rows and the JSON of ``season --json``
(core layer, pure). The keys are stable; docs/machine-output.md lists them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarockscore.season.standings import Season, Standing, decimal_text


def standings_csv(rows: Sequence[Standing]) -> tuple[list[str], list[list[object]]]:
    """One header row and one row per player; ``payout`` only where some profile has one."""
    payout = any(s.payout is not None for s in rows)
    headers = ["rank", "player", "victory_points", "hands", "evenings", "points_per_hand"]
    headers += ["payout"] if payout else []
    out: list[list[object]] = []
    for s in rows:
        row: list[object] = [
            s.rank,
            s.player,
            s.victory_points,
            s.hands,
            s.evenings,
            decimal_text(s.points_per_hand),
        ]
        if payout:
            row.append(s.payout)
        out.append(row)
    return headers, out


def standing_json(s: Standing) -> dict[str, Any]:
    out: dict[str, Any] = {
        "player": s.player,
        "rank": s.rank,
        "victory_points": s.victory_points,
        "hands": s.hands,
        "evenings": s.evenings,
        "points_per_hand": decimal_text(s.points_per_hand),
    }
    if s.payout is not None:
        out["payout"] = s.payout
    return out


def evenings_json(season: Season) -> list[dict[str, Any]]:
    return [
        {
            "ledger": e.source,
            "date": None if e.date is None else e.date.isoformat(),
            "place": e.place,
            "profile": e.profile.name,
            "hands": len(e.hands),
        }
        for e in season.evenings
    ]


def season_json(season: Season, rows: Sequence[Standing]) -> dict[str, Any]:
    return {
        "standings": [standing_json(s) for s in rows],
        "ledgers": len(season.evenings),
        "hands": season.hand_count,
        "profiles": list(season.profiles),
        "evenings": evenings_json(season),
        "warnings": list(season.warnings),
    }
