"""Text for the season commands: the statistics, the season's span, the chart's title and page
(rendering layer).

Kept apart from :mod:`tarockscore.render.evening` so that the ledger commands, which print an
evening, do not import the season and chart modules. Pure functions from season values to text.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabulate import tabulate

from tarockscore.i18n import N_, _, current, date, ngettext, number, translated
from tarockscore.render.chart import escape
from tarockscore.render.hand import signed
from tarockscore.rules.settlement import title as key_title
from tarockscore.season.standings import decimal_text
from tarockscore.season.statistics import contracts_declared

if TYPE_CHECKING:
    from tarockscore.season.standings import Season
    from tarockscore.season.statistics import PlayerStats


STATS_WIDTH = 100  # what `stats` fits by default; --wide prints every column however wide
# The summary's columns a narrow terminal does without, the least needed first.
_NARROW_DROPS = ("silent", "worst", "best", "per hand", "Rekontra")


def named(key: str) -> str:
    """A contract's or bonus's profile key as the players say it (``king_ultimo``: King Ultimo,
    in German König ultimo); a profile's own new name as written, in title case."""
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
