"""The season as it is shown (rendering layer): the standings and the statistics per player as
tables, JSON and CSV (docs/machine-output.md), the season's span, the chart's title and page."""

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from tabulate import tabulate

from tarockscore.i18n import N_, _, current, date, ngettext, number, translated
from tarockscore.render.chart import Marker, chart_svg, escape, svg_to_image
from tarockscore.render.evening import folded, signed, tabulated
from tarockscore.render.output import Name, View
from tarockscore.rules.bets import title as key_title
from tarockscore.season.standings import Season, Standing, decimal_text
from tarockscore.season.statistics import BonusTally, PlayerStats, Tally, contract_order, contracts_declared

# The standings' columns of ``season --csv`` and ``--json``, their headings as a person reads them
# (translated where the table is drawn), and each player's value in them.
_STANDING: tuple[tuple[str, str, Callable[[Standing], object]], ...] = (
    ("rank", N_("rank"), lambda s: s.rank),
    ("player", N_("player"), lambda s: s.player),
    ("victory_points", N_("Victory Points"), lambda s: s.victory_points),
    ("hands", N_("hands"), lambda s: s.hands),
    ("evenings", N_("evenings"), lambda s: s.evenings),
    ("points_per_hand", N_("per hand"), lambda s: decimal_text(s.points_per_hand)),
)


def standings_csv(rows: Sequence[Standing]) -> tuple[list[str], list[list[object]]]:
    """One header row and one row per player; ``payout`` only where some profile has one."""
    payout = any(s.payout is not None for s in rows)
    headers = [column for column, _heading, _value in _STANDING] + (["payout"] if payout else [])
    return headers, [
        [Name(v) if column == "player" else v for column, _heading, value in _STANDING for v in [value(s)]]
        + ([s.payout] if payout else [])
        for s in rows
    ]


def standing_json(s: Standing) -> dict[str, Any]:
    out = {"player": s.player} | {column: value(s) for column, _heading, value in _STANDING}
    if s.payout is not None:
        out["payout"] = s.payout
    return out


def season_json(season: Season, rows: Sequence[Standing], warnings: Sequence[str]) -> dict[str, Any]:
    """``season --json``: the standings, what was folded, and the warnings said."""
    evenings = [
        {
            "ledger": e.source,
            "date": None if e.date is None else e.date.isoformat(),
            "place": e.place,
            "profile": e.profile.name,
            "hands": len(e.hands),
        }
        for e in season.evenings
    ]
    return {
        "standings": [standing_json(s) for s in rows],
        "ledgers": len(season.evenings),
        "hands": season.hand_count,
        "profiles": list(season.profiles),
        "evenings": evenings,
        "warnings": list(warnings),
    }


def _shown(column: str, value: object) -> object:
    """A cell of the standings as the table shows it: the points signed, the average in the reader's digits."""
    if column == "points_per_hand":
        return number(value)
    if column in ("victory_points", "payout") and isinstance(value, int):
        return signed(value)
    return value


def standings_text(season: Season, rows: Sequence[Standing]) -> str:
    """The standings as a table, and under it the season's span."""
    headers, table = standings_csv(rows)
    shown = [[_shown(h, v) for h, v in zip(headers, r, strict=True)] for r in table]
    headings = [translated(heading) for _column, heading, _value in _STANDING] + [_("payout")]
    headings = headings[: len(headers)]  # payout's only where its column is
    drawn = tabulated(headings, shown, ["right", "left", *["right"] * (len(headers) - 2)])
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
    ledgers = len(season.evenings)
    parts = [
        ngettext("{count} ledger", "{count} ledgers", ledgers).format(count=ledgers),
        ngettext("{count} hand", "{count} hands", season.hand_count).format(count=season.hand_count),
    ]
    if days:
        first, last = date(min(days)), date(max(days))
        parts.append(first if first == last else _("{first} to {last}").format(first=first, last=last))
    if season.profiles:
        said = ngettext("profile {names}", "profiles {names}", len(season.profiles))
        parts.append(said.format(names=", ".join(season.profiles)))
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
    """A page around the chart, well-formed XML too, the chart as large as the window allows."""
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
    """The season's chart in ``fmt`` (``svg``, ``html``, ``png``, ``pdf``): one line per reported player."""
    title = default_title(season) if title is None else title
    # one start for each evening after the first (FoldedSeason.chart_points): a date as the reader
    # writes it (14.03.2025 in German, as in the title), an undated evening by its file
    markers = [
        Marker(n, label if e.date is None else date(e.date))
        for (n, label), e in zip(starts, season.evenings[1:], strict=True)
    ]
    svg = chart_svg(season.selected, points, title=title, markers=markers)
    if fmt == "html":
        return html(svg, title)
    if fmt in ("png", "pdf"):
        return svg_to_image(svg, fmt)
    return svg


STATS_WIDTH = 100  # what `stats` fits by default; --wide prints every column however wide
# The summary's columns a narrow terminal does without, the least needed first.
_NARROW_DROPS = ("silent", "worst", "best", "per hand", "Rekontra")


def named(key: str) -> str:
    """A contract's or bonus's profile key as the players say it (``king_ultimo``: King Ultimo)."""
    return translated(key_title(key))


def _width(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def _ratio(won: int, played: int) -> str:
    return f"{won}/{played}" if played else "-"


# The summary's columns (English keys, translated where the table is drawn) and each player's cell.
_SUMMARY_TEXT: tuple[tuple[str, Callable[[PlayerStats], object]], ...] = (
    (N_("player"), lambda s: s.player),
    (N_("hands"), lambda s: s.hands),
    (N_("Victory Points"), lambda s: signed(s.victory_points)),
    (N_("per hand"), lambda s: number(decimal_text(s.points_per_hand))),
    (N_("best"), lambda s: "" if s.best is None else signed(s.best)),
    (N_("worst"), lambda s: "" if s.worst is None else signed(s.worst)),
    (N_("declared"), lambda s: _ratio(s.declared_total().won, s.declared_total().played)),
    (N_("partner"), lambda s: _ratio(s.partner_total().won, s.partner_total().played)),
    (N_("defended"), lambda s: _ratio(s.defended.won, s.defended.played)),
    ("Kontra", lambda s: _ratio(s.kontra.said_won, s.kontra.said)),
    ("Rekontra", lambda s: _ratio(s.kontra.answered_won, s.kontra.answered)),
    (N_("announced"), lambda s: _ratio(s.bonus_total().announced_made, s.bonus_total().announced)),
    (N_("silent"), lambda s: s.bonus_total().silent_made),
)


def _bonus(name: str, t: BonusTally) -> str:
    """A bonus's tally in the detail table: made/announced, and made silent."""
    said = _("{bonus} {made}/{announced}")
    if not t.announced:
        said = _("{bonus} {silent} silent")
    elif t.silent_made:
        said = _("{bonus} {made}/{announced} +{silent} silent")
    return said.format(bonus=named(name), made=t.announced_made, announced=t.announced, silent=t.silent_made)


def stats_text(result: Sequence[PlayerStats], order: Sequence[str], width: int | None = STATS_WIDTH) -> str:
    """The statistics as tables; within ``width`` columns (None: every column, however wide)."""
    headers = [h for h, _cell in _SUMMARY_TEXT]
    summary = [[cell(s) for _h, cell in _SUMMARY_TEXT] for s in result]

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
            (points if drop in points else games).remove(drop)
            left_out.append(drop)
        first = f"{table(points)}\n\n{table(games)}"

    contracts = contracts_declared(result, order)
    detail = []
    lines = []
    for s in result:
        bonuses = ", ".join(
            _bonus(name, t) for name, t in sorted(s.bonuses.items()) if t.announced or t.silent_made
        )
        ratios = [
            _ratio(s.declared[c].won, s.declared[c].played) if c in s.declared else "" for c in contracts
        ]
        detail.append([s.player, *ratios, bonuses or "-"])
        declared = ", ".join(
            f"{named(c)} {s.declared[c].won}/{s.declared[c].played}" for c in contracts if c in s.declared
        )
        said = _("{player}: declared {declared}; bonuses {bonuses}")
        lines.append(said.format(player=s.player, declared=declared or "-", bonuses=bonuses or "-"))
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
        note = folded(note)
    if left_out:
        dropped = _("left out to fit {width} columns: {columns} (--wide shows every column)")
        note += "\n" + folded(dropped.format(width=width, columns=", ".join(translated(c) for c in left_out)))
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


# The summary's columns of ``stats --csv`` and each player's value in them.
_SUMMARY_CSV: tuple[tuple[str, Callable[[PlayerStats], object]], ...] = (
    ("player", lambda s: s.player),
    ("hands", lambda s: s.hands),
    ("sat_out", lambda s: s.sat_out),
    ("victory_points", lambda s: s.victory_points),
    ("points_per_hand", lambda s: decimal_text(s.points_per_hand)),
    ("best", lambda s: "" if s.best is None else s.best),
    ("worst", lambda s: "" if s.worst is None else s.worst),
    ("declared", lambda s: s.declared_total().played),
    ("declared_won", lambda s: s.declared_total().won),
    ("partner", lambda s: s.partner_total().played),
    ("partner_won", lambda s: s.partner_total().won),
    ("defended", lambda s: s.defended.played),
    ("defended_won", lambda s: s.defended.won),
    ("dodge", lambda s: s.trischaken),
    ("bonuses_announced", lambda s: s.bonus_total().announced),
    ("bonuses_announced_made", lambda s: s.bonus_total().announced_made),
    ("bonuses_silent_made", lambda s: s.bonus_total().silent_made),
    ("kontra_said", lambda s: s.kontra.said),
    ("kontra_said_won", lambda s: s.kontra.said_won),
    ("rekontra_answered", lambda s: s.kontra.answered),
    ("rekontra_answered_won", lambda s: s.kontra.answered_won),
)
SUMMARY_COLUMNS = tuple(column for column, _value in _SUMMARY_CSV)


def csv_table(
    stats: Sequence[PlayerStats], order: Sequence[str] = ()
) -> tuple[list[str], list[list[object]]]:
    """The summary columns, ``payout`` where kept, then two per contract declared; one row per player."""
    contracts = contracts_declared(stats, order)
    payout = any(s.payout is not None for s in stats)
    columns = [*SUMMARY_COLUMNS, *(["payout"] if payout else [])]
    rows = []
    for s in stats:
        row = [Name(v) if column == "player" else v for column, value in _SUMMARY_CSV for v in [value(s)]]
        row += [s.payout or 0] if payout else []
        for t in (s.declared.get(c, Tally()) for c in contracts):
            row += [t.played, t.won]
        rows.append(row)
    columns += [column for c in contracts for column in (f"declared_{c}", f"declared_won_{c}")]
    return columns, rows


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
