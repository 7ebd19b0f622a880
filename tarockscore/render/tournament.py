"""Text, JSON, CSV and HTML for the tournament and cup commands (rendering layer, pure): a share
of rank points that is not whole is ``"7/3"`` in JSON and CSV, ``2 1/3`` for people."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from html import escape
from typing import Any

from tarockscore.errors import message, shown_path
from tarockscore.i18n import N_, _, current, money, ngettext, translated
from tarockscore.render.cards import event_line
from tarockscore.render.evening import folded, tabulated
from tarockscore.render.output import CsvTable, Name, View, page
from tarockscore.rules.hand import render_points
from tarockscore.tournament import standings as ranking
from tarockscore.tournament.model import Round, Tournament
from tarockscore.tournament.store import SHORT_OF_LIMIT


def exact(value: Fraction | int) -> int | str:
    """For JSON and CSV: an integer when whole, else the fraction as a string: 7/3 → "7/3"."""
    f = Fraction(value)
    return f.numerator if f.denominator == 1 else str(f)


def _text(value: Fraction | int) -> str:
    """For people: the mixed number, 7/3 → "2 1/3", -14/3 → "-4 2/3"."""
    f = Fraction(value)
    return ("-" if f < 0 else "") + str(render_points(abs(f)))


def _money(value: Decimal | None) -> str:
    return "" if value is None else f"{value:.2f}"


def tables_text(sizes: Sequence[int]) -> str:
    """``(4, 4, 5)`` → "2 of four, 1 of five"; a kind with no table is left out."""
    fours, fives = sizes.count(4), sizes.count(5)
    parts = []
    if fours:
        parts.append(ngettext("{count} of four", "{count} of four", fours).format(count=fours))
    if fives:
        parts.append(ngettext("{count} of five", "{count} of five", fives).format(count=fives))
    return ", ".join(parts)


def short_of_limit(warning: str) -> bool:
    """Whether ``warning`` names a table short of its game limit (one line says them all)."""
    return getattr(warning, "template", None) in SHORT_OF_LIMIT


def short_tables(tables: Sequence[ranking.TableResult]) -> str:
    """The tables short of their limit, by round: "round 1: tables 2, 5; round 2: tables 1–25", a run
    of three or more tables in a row from its first to its last."""
    by_round: dict[int, list[int]] = {}
    for x in tables:
        by_round.setdefault(x.round, []).append(x.table)
    return "; ".join(
        ngettext("round {round}: table {tables}", "round {round}: tables {tables}", len(ks)).format(
            round=r, tables=_runs(sorted(ks))
        )
        for r, ks in by_round.items()
    )


def _runs(numbers: Sequence[int]) -> str:
    """Whole numbers in order, each run of three or more in a row as its first and last: 1–25, 30."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def seating_text(t: Tournament, drawn: Round, folder: str) -> str:
    names = {d.table: _("Table {number}").format(number=d.table) for d in drawn.tables}
    width = max(len(name) for name in names.values())
    sizes = [len(d.players) for d in drawn.tables]
    fours, fives = sizes.count(4), sizes.count(5)
    parts = []
    if fours:  # five players sit at one table of five, and none of four
        parts.append(
            ngettext(
                "{count} table of four ({games} games)", "{count} tables of four ({games} games)", fours
            ).format(count=fours, games=t.games)
        )
    if fives:
        parts.append(
            ngettext(
                "{count} of five ({games} games, the dealer sits out)",
                "{count} of five ({games} games, the dealer sits out)",
                fives,
            ).format(count=fives, games=t.games_five)
        )
    head = _("Round {number} of {rounds}  (seed {seed}; the same --seed gives the same draw)")
    sheets = _("Sheets: {folder}/round-{number}/table-K.toml; the first seat is Forehand of hand 1.")
    lines = [
        head.format(number=drawn.number, rounds=t.rounds, seed=drawn.seed),
        "",
        *(f"{names[d.table]:<{width}}  {', '.join(d.players)}" for d in drawn.tables),
        "",
        folded(_("{count} players: {tables}.").format(count=sum(sizes), tables=_(" and ").join(parts))),
        folded(sheets.format(folder=shown_path(folder), number=drawn.number)),
    ]
    return "\n".join(lines)


def seating_view(t: Tournament, drawn: Round, folder: str, head: str | None = None) -> View:
    """The seating for the wall, a projector (JSON, with the day's ``head``) or a spreadsheet (one
    row per seat, in seat order at each table: seat 1 is Forehand of hand 1)."""
    tables = [
        {"table": d.table, "players": list(d.players), "ledger": f"{folder}/{d.ledger}"} for d in drawn.tables
    ]
    seats = [
        [drawn.number, d.table, seat, Name(player), f"{folder}/{d.ledger}"]
        for d in drawn.tables
        for seat, player in enumerate(d.players, 1)
    ]
    return View(
        table=lambda: seating_text(t, drawn, folder),
        json=lambda: {"round": drawn.number, "tables": tables} | ({"head": head} if head else {}),
        csv=lambda: (["round", "table", "seat", "player", "ledger"], seats),
    )


def standings_json(rows: Sequence[ranking.Standing]) -> dict[str, Any]:
    """Each row's fields as JSON keys, the fractions :func:`exact`."""
    return {
        "standings": [
            r._asdict()
            | {
                "total": exact(r.total),
                "rank_points": exact(r.rank_points),
                "tables": [s._asdict() | {"rank_points": exact(s.rank_points)} for s in r.tables],
            }
            for r in rows
        ]
    }


# The tie-breaks as the standings' footer names them.
TIE_BREAKS = {
    ranking.TieBreak.SCHRIFT: N_("Schrift"),
    ranking.TieBreak.RANK_POINTS: N_("rank points"),
    ranking.TieBreak.TABLE_RANKS: N_("table ranks"),
    ranking.TieBreak.BEST_ROUND: N_("best round"),
}


def ties_text(fmt: ranking.Format) -> str:
    """The format's tie-breaks in order, in the reader's language: "best round, table ranks"."""
    return ", ".join(translated(TIE_BREAKS[tb]) for tb in fmt.tie_breaks) or _("none")


def format_words(fmt: ranking.Format) -> str:
    """The format's name and its title in the reader's language (a file of one's own may give none)."""
    title = fmt.title_in(current())
    return f"{fmt.name}: {title}" if title else fmt.name


def _rounds(rows: Sequence[ranking.Standing]) -> list[int]:
    return sorted({s.round for r in rows for s in r.tables})


def _round_cell(row: ranking.Standing, number: int, fmt: ranking.Format) -> str:
    s = next((s for s in row.tables if s.round == number), None)
    if s is None:
        return ""
    if s.rank is None:
        return f"T{s.table} -"
    cell = f"T{s.table} #{s.rank} {s.schrift:+d}" if s.schrift else f"T{s.table} #{s.rank} 0"
    if fmt.total is not ranking.Total.SCHRIFT:
        cell += f" ({_text(s.rank_points)})"
    return cell


def _columns(fmt: ranking.Format) -> list[tuple[str, Callable[[ranking.Standing], object]]]:
    """The standings' columns before the rounds' as the format totals them: a title and a cell."""
    place = (_("place"), lambda r: "-" if r.place is None else r.place)  # no table of theirs has a hand yet
    player = (_("player"), lambda r: r.player)
    schrift = ("Schrift", lambda r: r.schrift)
    rank_points = (_("rank points"), lambda r: _text(r.rank_points))
    if fmt.total is ranking.Total.SCHRIFT:
        return [place, player, schrift]
    if fmt.total is ranking.Total.RANK_POINTS:
        return [place, player, rank_points, schrift]
    return [place, player, (_("total"), lambda r: _text(r.total)), schrift, rank_points]


def _grid(fmt: ranking.Format, rows: Sequence[ranking.Standing]) -> tuple[list[str], list[list[Any]]]:
    """The standings' headings and cells as people read them: the table and the page alike."""
    rounds, columns = _rounds(rows), _columns(fmt)
    headers = [*(title for title, _cell in columns), *(_("round {number}").format(number=n) for n in rounds)]
    return headers, [
        [*(cell(r) for _t, cell in columns), *(_round_cell(r, n, fmt) for n in rounds)] for r in rows
    ]


# standings and money of a day no round of which is drawn: no sheet yet, so no row
NOT_DRAWN = N_(
    "no round is drawn yet: no table has a sheet to rank or pay from; `tarockscore tournament draw {folder} --round 1` seats the players"
)


def standings_text(t: Tournament, rows: Sequence[ranking.Standing], folder: str) -> str:
    if not rows:
        return folded(translated(message(NOT_DRAWN, folder=folder)))
    fmt = t.format
    headers, table = _grid(fmt, rows)
    numbers = len(_columns(fmt))
    align = ["right", "left", *["right"] * (numbers - 2), *["left"] * (len(headers) - numbers)]
    out = tabulated(headers, table, align)
    heading = [line for line in (t.title, event_line(t)) if line]
    if heading:
        out = "\n".join(heading) + "\n\n" + out
    about = _("Format {format}\nTies: {ties}. Round cells: table, rank at the table, Schrift there.")
    about = about.format(format=format_words(fmt), ties=ties_text(fmt))
    return f"{out}\n\n" + "\n".join(map(folded, about.split("\n")))


def standings_csv(rows: Sequence[ranking.Standing]) -> CsvTable:
    rounds = _rounds(rows)
    header = ["place", "player", "total", "schrift", "rank_points"]
    header += [f"round_{n}_{c}" for n in rounds for c in ("table", "rank", "schrift", "rank_points")]
    lines: list[list[Any]] = []
    for r in rows:
        line: list[Any] = [r.place, Name(r.player), exact(r.total), r.schrift, exact(r.rank_points)]
        for n in rounds:
            s = next((s for s in r.tables if s.round == n), None)
            line += (
                ["", "", "", ""] if s is None else [s.table, s.rank or "", s.schrift, exact(s.rank_points)]
            )
        lines.append(line)
    return header, lines


_CSS = """
body { font-family: sans-serif; margin: 1.5em; }
h1 { font-size: 1.6em; margin: 0 0 .2em; }
p.meta { margin: 0 0 1em; color: #444; }
table { border-collapse: collapse; width: 100%; font-size: 1.1em; }
th, td { border-bottom: 1px solid #bbb; padding: .25em .5em; text-align: right; }
th { border-bottom: 2px solid #000; }
td.player, th.player { text-align: left; }
tr:nth-child(even) td { background: #f2f2f2; }
@media print { body { margin: 0; } tr { break-inside: avoid; } }
""".strip()


def standings_table_html(t: Tournament, rows: Sequence[ranking.Standing]) -> str:
    """The standings as an HTML ``<table>`` (a page, or ``serve``'s board), every value escaped."""
    headers, table = _grid(t.format, rows)

    def row(tag: str, values: Sequence[object]) -> str:
        """One row of cells, the player's name the second (aligned left by the page's style)."""
        player = ' class="player"'
        cells = (f"<{tag}{player if i == 1 else ''}>{escape(str(v))}</{tag}>" for i, v in enumerate(values))
        return "<tr>" + "".join(cells) + "</tr>"

    body = [row("td", values) for values in table]
    return "\n".join(
        ["<table>", f"<thead>{row('th', headers)}</thead>", "<tbody>", *body, "</tbody>", "</table>"]
    )


def standings_html(t: Tournament, rows: Sequence[ranking.Standing], title: str) -> str:
    """One printable page: the standings table, every value escaped."""
    fmt = t.format
    meta = _("{format}. Ties: {ties}.").format(format=format_words(fmt), ties=ties_text(fmt))
    return page(
        title,
        _CSS,
        [
            f"<h1>{escape(title)}</h1>",
            *([f'<p class="event">{escape(event)}</p>'] if (event := event_line(t)) else []),
            f'<p class="meta">{escape(meta)}</p>',
            standings_table_html(t, rows),
        ],
    )


def standings_view(t: Tournament, rows: Sequence[ranking.Standing], name: str, folder: str) -> View:
    """The day's standings; the event's title (else ``name``, the folder's) titles the page;
    ``folder``: the day's folder as given, for the way to draw where no round is drawn."""
    return View(
        table=lambda: standings_text(t, rows, folder),
        json=lambda: standings_json(rows),
        csv=lambda: standings_csv(rows),
        html=lambda: standings_html(t, rows, _("Standings: {name}").format(name=t.title or name)),
    )


def money_text(rows: Sequence[ranking.Money], folder: str) -> str:
    if not rows:
        return folded(translated(message(NOT_DRAWN, folder=folder)))
    table = [
        [m.player, m.schrift, m.money_points, m.kontra, "" if m.amount is None else money(m.amount)]
        for m in rows
    ]
    titles = [_("player"), "Schrift", _("money points"), _("of which Kontra"), _("money")]
    out = tabulated(titles, table, ["left", "right", "right", "right", "right"])
    kontra = sum(m.kontra for m in rows if m.kontra > 0)
    no_stake = _("money: the sheets have no stake (give --stake to `tournament new`); shown in points only.")
    won = _("Kontras won over the day: {points} points (money points minus Schrift, the winners' side).")
    lines = [*([no_stake] if any(m.amount is None for m in rows) else []), won.format(points=kontra)]
    return "\n".join([out, "", *map(folded, lines)])


def money_view(rows: Sequence[ranking.Money], folder: str) -> View:
    """The day's money, one row per player by name (``folder``: as for :func:`standings_view`)."""
    return View(
        table=lambda: money_text(rows, folder),
        json=lambda: {
            "money": [m._asdict() | {"amount": None if m.amount is None else _money(m.amount)} for m in rows]
        },
        csv=lambda: (
            ["player", "schrift", "money_points", "kontra", "amount"],
            [[Name(m.player), m.schrift, m.money_points, m.kontra, _money(m.amount)] for m in rows],
        ),
    )


def cup_text(rows: Sequence[ranking.CupStanding], names: Sequence[str]) -> str:
    table = []
    for r in rows:
        cells: list[Any] = [r.place, r.player, r.cup_points]
        for name in names:
            x = next((x for x in r.tournaments if x.tournament == name), None)
            said = _("{place}. {points}") if x is None or x.counted else _("{place}. {points} (not counted)")
            cells.append("" if x is None else said.format(place=x.place, points=x.cup_points))
        table.append(cells)
    titles = [_("place"), _("player"), _("cup points"), *names]
    return tabulated(titles, table, ["right", "left", "right", *["left"] * len(names)])


def cup_csv(rows: Sequence[ranking.CupStanding], names: Sequence[str]) -> CsvTable:
    header = ["place", "player", "cup_points"]
    for i in range(1, len(names) + 1):
        header += [f"tournament_{i}_place", f"tournament_{i}_cup_points", f"tournament_{i}_counted"]
    lines: list[list[Any]] = []
    for r in rows:
        line: list[Any] = [r.place, Name(r.player), r.cup_points]
        for name in names:
            x = next((x for x in r.tournaments if x.tournament == name), None)
            line += ["", "", ""] if x is None else [x.place, x.cup_points, "yes" if x.counted else "no"]
        lines.append(line)
    return header, lines


def cup_view(rows: Sequence[ranking.CupStanding], names: Sequence[str]) -> View:
    """The cup's standings; ``names``: the tournaments as given, one column each."""
    return View(
        table=lambda: cup_text(rows, names),
        json=lambda: {
            "standings": [r._asdict() | {"tournaments": [x._asdict() for x in r.tournaments]} for r in rows]
        },
        csv=lambda: cup_csv(rows, names),
    )
