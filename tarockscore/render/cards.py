"""The table cards of a round, one printable page (rendering layer, pure).

One card per drawn table: the event (title, date, place), the round and the table, its players in
seat order, who is Forehand of hand 1 (the first seat; the last seat deals), the round's game limit
and an empty Schrift grid for a table that scores on paper, a row per game and a column per
player. A front end that serves the tables gives each table's QR code as SVG markup
(``qr``: table → SVG); it is placed on the card as given, so it must be markup the front end made
itself, never text a user typed. Everything else is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from tarockscore.i18n import _, current
from tarockscore.ledger.deal import first_deal
from tarockscore.render.output import page
from tarockscore.tournament.model import DrawnTable, Round, Tournament

_CSS = """
body { font-family: sans-serif; margin: 1.5em; }
.card { break-after: page; page-break-after: always; margin-bottom: 2em; }
.card:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 1.3em; margin: 0; }
h2 { font-size: 1.1em; margin: 0.3em 0; }
.event { color: #444; margin: 0.2em 0 0.6em; }
.qr { float: right; width: 30mm; height: 30mm; }
.qr svg { width: 100%; height: 100%; }
ol.seats { margin: 0.4em 0 0.6em 1.2em; padding: 0; }
table.schrift { border-collapse: collapse; width: 100%; margin-top: 0.6em; }
table.schrift th, table.schrift td { border: 1px solid #888; padding: 0.25em 0.5em; height: 1.4em; }
table.schrift th { background: #eee; }
table.schrift td.game { width: 2.5em; text-align: right; color: #666; }
@media print { body { margin: 0; } }
""".strip()


def event_line(t: Tournament) -> str:
    """The event's date and place, as a heading's second line (empty without either)."""
    parts = []
    if t.date:
        year, month, day = t.date.split("-")
        parts.append(f"{day}.{month}.{year}" if current() == "de" else t.date)
    if t.place:
        parts.append(t.place)
    return ", ".join(parts)


def _card(t: Tournament, drawn: Round, d: DrawnTable, qr: str | None) -> str:
    heading = t.title or _("Tarock tournament")
    forehand = first_deal(d.players).forehand
    seats = "".join(f"<li>{escape(p)}</li>" for p in d.players)
    head = "".join(f"<th>{escape(p)}</th>" for p in d.players)
    empty = "<td></td>" * len(d.players)
    grid = "".join(f'<tr><td class="game">{n}</td>{empty}</tr>' for n in range(1, d.games + 1))
    total = _("total")
    lines = [
        '<section class="card">',
        f'<div class="qr">{qr}</div>' if qr else "",
        f"<h1>{escape(heading)}</h1>",
        f'<p class="event">{escape(event_line(t))}</p>' if event_line(t) else "",
        "<h2>"
        + escape(_("Round {round}, table {table}").format(round=drawn.number, table=d.table))
        + "</h2>",
        f"<p>{escape(_('Seat order:'))}</p>",
        f'<ol class="seats">{seats}</ol>',
        "<p>"
        + escape(
            _("Forehand of hand 1: {name}. Game limit: {games} games.").format(name=forehand, games=d.games)
        )
        + "</p>",
        '<table class="schrift">',
        f"<thead><tr><th>#</th>{head}</tr></thead>",
        f"<tbody>{grid}</tbody>",
        f"<tfoot><tr><th>{escape(total)}</th>{'<td></td>' * len(d.players)}</tr></tfoot>",
        "</table>",
        "</section>",
    ]
    return "\n".join(line for line in lines if line)


def cards_html(t: Tournament, drawn: Round, qr: Mapping[int, str] | None = None) -> str:
    """The round's cards, one page each when printed; ``qr``: each table's QR code as SVG markup."""
    qr = qr or {}
    title = _("Round {round}: table cards").format(round=drawn.number)
    if t.title:
        title = f"{t.title}: {title}"
    return page(title, _CSS, [_card(t, drawn, d, qr.get(d.table)) for d in drawn.tables])
