"""The table cards of a round, one per drawn table, as a printable HTML page or a PDF (rendering
layer, pure): docs/tournament.md."""

import io
import textwrap
from collections.abc import Mapping
from html import escape

from tarockscore.evening.model import first_deal
from tarockscore.i18n import _, date
from tarockscore.render.chart import load_cairosvg
from tarockscore.render.output import page, style_hash
from tarockscore.tournament.model import DrawnTable, Round, Tournament

_CSS = """
body { font-family: sans-serif; margin: 1.5em; }
.card { break-after: page; page-break-after: always; margin-bottom: 2em; }
.card:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 1.3em; margin: 0; }
h2 { font-size: 1.1em; margin: 0.3em 0; }
.event { color: #444; margin: 0.2em 0 0.6em; }
.qr { float: right; width: 34mm; margin: 0 0 2mm 4mm; text-align: center; }
.qr svg { display: block; width: 30mm; height: 30mm; margin: 0 auto; }
.qr .url { font: 7pt monospace; overflow-wrap: anywhere; margin: 1mm 0 0; }
.qr.none { border: 1px dashed #888; padding: 2mm; font-size: 8pt; color: #444; }
ol.seats { margin: 0.4em 0 0.6em 1.2em; padding: 0; }
table.schrift { clear: both; border-collapse: collapse; width: calc(100% - 2px); margin-top: 0.6em; }
table.schrift th, table.schrift td { border: 1px solid #888; padding: 0.25em 0.5em; height: 1.4em; }
table.schrift th { background: #eee; }
table.schrift td.game { width: 2.5em; text-align: right; color: #666; }
@page { size: A4; margin: 15mm; }
@media print { body { margin: 0; } }
""".strip()

#: The Content-Security-Policy source of the cards' page's own style (a server sends it with the page).
STYLE = style_hash(_CSS)


def no_qr() -> str:
    """What a card says where its QR code would be, printed without the server's address."""
    return _("No QR code: printed without the server's address (tournament cards --base-url)")


def event_line(t: Tournament) -> str:
    """The event's date and place, as a heading's second line (empty without either)."""
    # the date as the reader writes it: 14.03.2026 in German
    return ", ".join(x for x in (date(t.date) if t.date else "", t.place) if x)


def _words(t: Tournament, drawn: Round, d: DrawnTable) -> tuple[str, str, str, str]:
    """A card's heading, event line, round and table, and its line of Forehand and game limit."""
    forehand = first_deal(d.players).forehand
    return (
        t.title or _("Tarock tournament"),
        event_line(t),
        _("Round {round}, table {table}").format(round=drawn.number, table=d.table),
        _("Forehand of hand 1: {name}. Game limit: {games} games.").format(name=forehand, games=d.games),
    )


# A table's page on the server, with its code, and that address's QR code as SVG markup (drawn by
# the web front end, the one that knows the server and its codes).
Link = tuple[str, str]


def _qr_html(link: Link | None) -> str:
    if link is None:
        return f'<div class="qr none"><p>{escape(no_qr())}</p></div>'
    address, qr = link
    return f'<div class="qr">{qr}<p class="url">{escape(address)}</p></div>'


def _card(t: Tournament, drawn: Round, d: DrawnTable, link: Link | None) -> str:
    heading, event, table, forehand = _words(t, drawn, d)
    seats = "".join(f"<li>{escape(p)}</li>" for p in d.players)
    head = "".join(f"<th>{escape(p)}</th>" for p in d.players)
    empty = "<td></td>" * len(d.players)
    grid = "".join(f'<tr><td class="game">{n}</td>{empty}</tr>' for n in range(1, d.games + 1))
    lines = [
        '<section class="card">',
        _qr_html(link),
        f"<h1>{escape(heading)}</h1>",
        f'<p class="event">{escape(event)}</p>' if event else "",
        f"<h2>{escape(table)}</h2>",
        f"<p>{escape(_('Seat order:'))}</p>",
        f'<ol class="seats">{seats}</ol>',
        f"<p>{escape(forehand)}</p>",
        '<table class="schrift">',
        f"<thead><tr><th>#</th>{head}</tr></thead>",
        f"<tbody>{grid}</tbody>",
        f"<tfoot><tr><th>{escape(_('total'))}</th>{empty}</tr></tfoot>",
        "</table>",
        "</section>",
    ]
    return "\n".join(line for line in lines if line)


def cards_html(t: Tournament, drawn: Round, links: Mapping[int, Link] | None = None) -> str:
    """The round's cards, one page each when printed; ``links``: each table's address, code and QR code."""
    links = links or {}
    title = _("Round {round}: table cards").format(round=drawn.number)
    if t.title:
        title = f"{t.title}: {title}"
    return page(title, _CSS, [_card(t, drawn, d, links.get(d.table)) for d in drawn.tables])


# A4 in millimetres (the SVG's user units) and in PostScript points (the PDF's)
_PAGE_MM = (210, 297)
_PAGE_PT = (595.2756, 841.8898)
_MARGIN = 15
# the card drawn at three times 96 dpi: sharp when printed
_SCALE = 3


def _text(x: float, y: float, size: float, text: str, bold: bool = False, anchor: str = "start") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{weight} text-anchor="{anchor}">{escape(text)}</text>'
    )


def card_svg(t: Tournament, drawn: Round, d: DrawnTable, link: Link | None = None) -> str:
    """One table's card as an A4 page of SVG: what the HTML card shows."""
    width, height = _PAGE_MM
    left, right = _MARGIN, width - _MARGIN
    heading, event, table, forehand = _words(t, drawn, d)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        _text(left, 22, 7, heading, bold=True),
    ]
    y = 22.0
    if event:
        y += 8
        out.append(_text(left, y, 4.5, event))
    y += 11
    out.append(_text(left, y, 6, table))
    y += 9
    out.append(_text(left, y, 4.5, _("Seat order:")))
    for k, name in enumerate(d.players, 1):
        y += 6.5
        out.append(_text(left + 5, y, 4.5, f"{k}. {name}"))
    y += 9
    out.append(_text(left, y, 4.5, forehand))
    out += _qr_svg_block(link, right)
    out += _grid(d, left, right, y + 6, height - _MARGIN)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _qr_svg_block(link: Link | None, right: float) -> list[str]:
    """The QR code at the card's top right and the address below it; else the note in a dashed box."""
    size, top = 30.0, 10.0
    x = right - size
    if link is None:
        box = f'<rect x="{x:g}" y="{top:g}" width="{size:g}" height="{size:g}" fill="none" stroke="#888888" stroke-width="0.3" stroke-dasharray="1.5 1"/>'
        lines = textwrap.wrap(no_qr(), 22)
        return [box] + [_text(x + 2, top + 5 + 3.4 * k, 2.6, line) for k, line in enumerate(lines)]
    address, qr = link
    placed = f'<svg x="{x:g}" y="{top:g}" width="{size:g}" height="{size:g}" '
    return [
        qr.replace("<svg ", placed, 1),
        _text(right, top + size + 3, 2.2, address, anchor="end"),
    ]


def _grid(d: DrawnTable, left: float, right: float, top: float, bottom: float) -> list[str]:
    """The empty Schrift grid: a head row of names, a row per game, a total row."""
    rows = d.games + 2
    step = min(8.0, (bottom - top) / rows)
    first = 14.0
    column = (right - left - first) / len(d.players)
    xs = [left, left + first, *(left + first + column * (k + 1) for k in range(len(d.players)))]
    out = [f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" height="{step:g}" fill="#eeeeee"/>']
    style = 'stroke="#888888" stroke-width="0.3"'
    for r in range(rows + 1):
        y = top + r * step
        out.append(f'<line x1="{left:g}" y1="{y:g}" x2="{right:g}" y2="{y:g}" {style}/>')
    out += [f'<line x1="{x:g}" y1="{top:g}" x2="{x:g}" y2="{top + rows * step:g}" {style}/>' for x in xs]
    size = min(4.0, step * 0.55)
    base = step * 0.7
    out.append(_text(left + first / 2, top + base, size, "#", bold=True, anchor="middle"))
    for k, name in enumerate(d.players):
        out.append(_text(xs[k + 1] + column / 2, top + base, size, name, bold=True, anchor="middle"))
    for n in range(1, d.games + 1):
        out.append(_text(left + first - 2, top + n * step + base, size, str(n), anchor="end"))
    out.append(_text(left + 1.5, top + (rows - 1) * step + base, size, _("total"), bold=True))
    return out


def cards_pdf(t: Tournament, drawn: Round, links: Mapping[int, Link] | None = None) -> bytes:
    """The round's cards as a PDF, one A4 page per table, drawn by CairoSVG (the chart extra)."""
    links = links or {}
    draw = load_cairosvg("pdf")
    import cairocffi  # type: ignore[import-untyped]  # noqa: PLC0415 - loaded with CairoSVG, which draws with it

    out = io.BytesIO()
    surface = cairocffi.PDFSurface(out, *_PAGE_PT)
    context = cairocffi.Context(surface)
    for d in drawn.tables:
        png = draw.svg2png(bytestring=card_svg(t, drawn, d, links.get(d.table)).encode("utf-8"), scale=_SCALE)
        image = cairocffi.ImageSurface.create_from_png(io.BytesIO(png))
        context.save()
        context.scale(_PAGE_PT[0] / image.get_width(), _PAGE_PT[1] / image.get_height())
        context.set_source_surface(image, 0, 0)
        context.paint()
        context.restore()
        context.show_page()
    surface.finish()
    return out.getvalue()
