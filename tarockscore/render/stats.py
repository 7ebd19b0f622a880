"""The statistics per player as tables, JSON and CSV (docs/machine-output.md) (rendering layer)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from tabulate import tabulate

from tarockscore.i18n import N_, _, number, translated
from tarockscore.render.hand import signed
from tarockscore.render.output import View
from tarockscore.render.season import season_span
from tarockscore.rules.settlement import title as key_title
from tarockscore.season.standings import Season, decimal_text
from tarockscore.season.statistics import PlayerStats, Tally, contract_order, contracts_declared

STATS_WIDTH = 100  # what `stats` fits by default; --wide prints every column however wide
# The summary's columns a narrow terminal does without, the least needed first.
_NARROW_DROPS = ("silent", "worst", "best", "per hand", "Rekontra")


def named(key: str) -> str:
    """A contract's or bonus's profile key as the players say it (``king_ultimo``: King Ultimo)."""
    return translated(key_title(key))


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
            ).format(bonus=named(name), made=t.announced_made, announced=t.announced, silent=t.silent_made)
            for name, t in sorted(s.bonuses.items())
            if t.announced or t.silent_made
        )
        row: list[object] = [s.player]
        row += [ratio(s.declared[c].won, s.declared[c].played) if c in s.declared else "" for c in contracts]
        row.append(bonuses or "-")
        detail.append(row)
        declared = ", ".join(
            f"{named(c)} {s.declared[c].won}/{s.declared[c].played}" for c in contracts if c in s.declared
        )
        lines.append(
            _("{player}: declared {declared}; bonuses {bonuses}").format(
                player=s.player, declared=declared or "-", bonuses=bonuses or "-"
            )
        )
    second = tabulate(
        detail,
        headers=[_("declared (won/played)"), *map(named, contracts), _("bonuses (made/announced)")],
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


def _tallies(tallies: Mapping[str, Tally]) -> dict[str, dict[str, int]]:
    return {c: asdict(t) for c, t in sorted(tallies.items())}


def player_json(s: PlayerStats) -> dict[str, Any]:
    out: dict[str, Any] = {
        "player": s.player,
        "hands": s.hands,
        "sat_out": s.sat_out,
        "victory_points": s.victory_points,
        "points_per_hand": decimal_text(s.points_per_hand),
        "best": s.best,
        "worst": s.worst,
    }
    if s.payout is not None:
        out["payout"] = s.payout
    out["declared"] = _tallies(s.declared)
    out["partner"] = _tallies(s.partner)
    out["defended"] = asdict(s.defended)
    out["dodge"] = s.trischaken
    out["bonuses"] = {name: asdict(b) for name, b in sorted(s.bonuses.items())}
    out["kontra"] = asdict(s.kontra)
    return out


def stats_json(season: Season, stats: Sequence[PlayerStats], warnings: Sequence[str]) -> dict[str, Any]:
    """``stats --json``: the players, the ledgers and hands folded, and the warnings said."""
    return {
        "players": [player_json(s) for s in stats],
        "ledgers": len(season.evenings),
        "hands": season.hand_count,
        "warnings": list(warnings),
    }


SUMMARY_COLUMNS = (
    "player",
    "hands",
    "sat_out",
    "victory_points",
    "points_per_hand",
    "best",
    "worst",
    "declared",
    "declared_won",
    "partner",
    "partner_won",
    "defended",
    "defended_won",
    "dodge",
    "bonuses_announced",
    "bonuses_announced_made",
    "bonuses_silent_made",
    "kontra_said",
    "kontra_said_won",
    "rekontra_answered",
    "rekontra_answered_won",
)


def _csv_row(s: PlayerStats, contracts: Sequence[str], payout: bool = False) -> list[object]:
    d, pt, b = s.declared_total(), s.partner_total(), s.bonus_total()
    row: list[object] = [
        s.player,
        s.hands,
        s.sat_out,
        s.victory_points,
        decimal_text(s.points_per_hand),
        "" if s.best is None else s.best,
        "" if s.worst is None else s.worst,
        d.played,
        d.won,
        pt.played,
        pt.won,
        s.defended.played,
        s.defended.won,
        s.trischaken,
        b.announced,
        b.announced_made,
        b.silent_made,
        s.kontra.said,
        s.kontra.said_won,
        s.kontra.answered,
        s.kontra.answered_won,
    ]
    if payout:
        row.append(s.payout or 0)
    for c in contracts:
        t = s.declared.get(c, Tally())
        row += [t.played, t.won]
    return row


def csv_table(
    stats: Sequence[PlayerStats], order: Sequence[str] = ()
) -> tuple[list[str], list[list[object]]]:
    """The summary columns, ``payout`` where a profile has one, then two for each contract declared
    (in ``order``, see :func:`contract_order`); one row per player."""
    contracts = contracts_declared(stats, order)
    payout = any(s.payout is not None for s in stats)
    columns = [*SUMMARY_COLUMNS, *(["payout"] if payout else [])]
    for c in contracts:
        columns += [f"declared_{c}", f"declared_won_{c}"]
    return columns, [_csv_row(s, contracts, payout) for s in stats]


def stats_view(
    season: Season, stats: Sequence[PlayerStats], warnings: Sequence[str], width: int | None = STATS_WIDTH
) -> View:
    """The ``stats`` command's view: the tables (within ``width`` columns) and the season's span, the JSON, the CSV."""
    order = contract_order(season)
    return View(
        table=lambda: f"{stats_text(stats, order, width)}\n{season_span(season)}",
        json=lambda: stats_json(season, stats, warnings),
        csv=lambda: csv_table(stats, order),
    )
