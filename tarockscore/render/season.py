"""The season as it is shown: the standings' table, JSON and CSV (docs/machine-output.md), the
season's span, the chart's title and page (rendering layer)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabulate import tabulate

from tarockscore.i18n import N_, _, current, date, ngettext, number, translated
from tarockscore.render.chart import Marker, chart_svg, escape, svg_to_image
from tarockscore.render.hand import signed
from tarockscore.render.output import View
from tarockscore.season.standings import Season, Standing, decimal_text

# The standings' columns as a person reads them (English keys, translated where the table is drawn).
_HEADERS = {
    "rank": N_("rank"),
    "player": N_("player"),
    "victory_points": N_("Victory Points"),
    "hands": N_("hands"),
    "evenings": N_("evenings"),
    "points_per_hand": N_("per hand"),
    "payout": N_("payout"),
}


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


def season_json(season: Season, rows: Sequence[Standing], warnings: Sequence[str]) -> dict[str, Any]:
    """``season --json``: the standings, what was folded, and the warnings said."""
    return {
        "standings": [standing_json(s) for s in rows],
        "ledgers": len(season.evenings),
        "hands": season.hand_count,
        "profiles": list(season.profiles),
        "evenings": evenings_json(season),
        "warnings": list(warnings),
    }


def standings_text(season: Season, rows: Sequence[Standing]) -> str:
    """The standings as a table, and under it the season's span."""
    headers, table = standings_csv(rows)
    shown = [
        [
            signed(v)
            if h in ("victory_points", "payout") and isinstance(v, int)
            else number(v)
            if h == "points_per_hand"
            else v
            for h, v in zip(headers, r, strict=True)
        ]
        for r in table
    ]
    drawn = tabulate(
        shown,
        headers=[translated(_HEADERS.get(h, h)) for h in headers],
        colalign=["right", "left", *["right"] * (len(headers) - 2)],
        disable_numparse=True,
    )
    return f"{drawn}\n{season_span(season)}"


def standings_view(season: Season, rows: Sequence[Standing], warnings: Sequence[str]) -> View:
    """The ``season`` command's view: the table, the JSON, the CSV."""
    return View(
        table=lambda: standings_text(season, rows),
        json=lambda: season_json(season, rows, warnings),
        csv=lambda: standings_csv(rows),
    )


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


def default_title(folded: Season) -> str:
    """The chart's title when none is given: the evening (its day and place), or the season's days."""
    if len(folded.evenings) == 1:
        e = folded.evenings[0]
        day = date(e.date) if e.date is not None else e.source
        return _("Evening {name}").format(name=", ".join(x for x in (day, e.place) if x))
    days = [e.date for e in folded.evenings if e.date is not None]
    count = len(folded.evenings)
    if not days:
        return ngettext("Season ({count} evening)", "Season ({count} evenings)", count).format(count=count)
    return ngettext(
        "Season {first} to {last} ({count} evening)", "Season {first} to {last} ({count} evenings)", count
    ).format(first=date(min(days)), last=date(max(days)), count=count)


def html(svg: str, title: str) -> str:
    """A page around the chart, well-formed XML too (XHTML's spelling of HTML5), whatever a name or
    title holds; the chart as large as the window allows."""
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


def chart_file(
    season: Season,
    points: Sequence[Mapping[str, int]],
    starts: Sequence[tuple[int, str]],
    fmt: str,
    title: str | None = None,
) -> str | bytes:
    """The season's chart in ``fmt`` (``svg``, ``html``, ``png``, ``pdf``): one line per reported
    player, a marker where each evening after the first begins."""
    if title is None:
        title = default_title(season)
    markers = [Marker(n, label) for n, label in starts]
    svg = chart_svg(season.selected, points, title=title, markers=markers)
    if fmt == "html":
        return html(svg, title)
    if fmt in ("png", "pdf"):
        return svg_to_image(svg, fmt)
    return svg
