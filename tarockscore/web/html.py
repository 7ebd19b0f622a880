"""The pieces the pages of ``serve`` and of the app are made of: the page itself, the sheet, the form of
a hand, a hand's arithmetic, the corrections (web layer).

Every value that comes from a file or a person passes through :func:`esc`: nothing a player types
becomes markup. The pages load only the server's own script and style sheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING

from tarockscore import i18n
from tarockscore.i18n import _, money, translated
from tarockscore.render import evening as render_evening
from tarockscore.render import hand as render_hand

if TYPE_CHECKING:
    import tarockscore


def esc(value: object) -> str:
    """Text as HTML text, safe inside an element and inside a quoted attribute."""
    return escape(str(value), quote=True)


def attrs(pairs: Mapping[str, object]) -> str:
    return "".join(f' {k}="{esc(v)}"' for k, v in pairs.items())


def page(
    title: str, body: str, *, script: bool = True, head: str = "", data: Mapping[str, object] = {}
) -> str:
    """A whole page in the current language, with the server's own style sheet (and script)."""
    lang = i18n.current()
    js = '<script src="/static/app.js" defer></script>' if script else ""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n"
        '<link rel="stylesheet" href="/static/app.css">\n'
        f"{head}{js}\n</head>\n<body{attrs(data)}>\n{body}\n</body>\n</html>\n"
    )


def header(title: str, more: str = "") -> str:
    """A page's heading, ``more`` beside it (a link, a button)."""
    return f"<header><h1>{esc(title)}</h1>{more}</header>"


def hidden_fields(values: Mapping[str, object]) -> str:
    """Values carried on to the next step as hidden fields of a form."""
    return "".join(f'<input type="hidden"{attrs({"name": k, "value": v})}>' for k, v in values.items())


def table(headers: Iterable[str], rows: Iterable[Iterable[object]], *, cls: str = "") -> str:
    """An HTML table; the first column is a name (left), the others numbers (right)."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{esc(cls)}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def sheet_html(ledger: tarockscore.Ledger, sheet: tarockscore.Sheet) -> str:
    """The evening as the table reads it: the totals and money, who deals next, each hand (latest first)."""
    players = sheet.players
    headers, rows = render_evening.totals_rows(ledger)
    parts = [
        f'<p class="next" id="next">{esc(render_evening.next_text(ledger))}</p>',
        table(headers, rows, cls="totals"),
    ]
    if sheet.table.stake is not None:
        parts.append(
            f'<p class="meta">{esc(_("stake {amount} per point").format(amount=money(sheet.table.stake)))}</p>'
        )
    if not sheet.hands:
        parts.append(f'<p class="meta">{esc(_("no hands yet"))}</p>')
    else:
        hand_rows = []
        for h in reversed(sheet.hands):
            points = " ".join(
                f"{p}\u00a0{render_hand.signed(h.result.victory_points[p])}"
                for p in players
                if p in h.players
            )
            line = render_evening.hand_summary(h.hand, h.result)
            radl = f" ×{h.result.radl}" if h.doubled else ""
            hand_rows.append([h.number, f"{line}{radl}", points])
        parts.append(table(["#", _("hand"), _("points")], hand_rows, cls="hands"))
    return "\n".join(parts)


def sheet_section(ledger: tarockscore.Ledger, sheet: tarockscore.Sheet) -> str:
    return f'<section id="sheet" aria-label="{esc(_("sheet"))}">{sheet_html(ledger, sheet)}</section>'


def heading(number: int, replacing: bool) -> str:
    return (_("Replace hand {number}") if replacing else _("Hand {number}")).format(number=number)


def hand_heading(entry: tarockscore.HandEntry) -> str:
    """Above the form: the hand's number and deal."""
    return (
        f'<h2 data-number="{entry.number}">{esc(heading(entry.number, entry.replacing))}</h2>'
        f'<p class="meta">{esc(render_evening.deal_text(entry.deal))}</p>'
    )


def hand_form(opening: str, head: str, hidden: str, fields: str) -> str:
    """The form of a hand: ``opening`` its tag, ``head`` above the fields, ``hidden`` the values carried on."""
    return "\n".join(
        [
            opening,
            f'<div id="hand-head">{head}</div>',
            hidden,
            f'<div id="fields">{fields}</div>',
            f'<button type="submit" name="action" value="preview">{esc(_("Show the arithmetic"))}</button>',
            "</form>",
        ]
    )


def corrections_html(last: int, undo: str, replace: str, delete: str, *, pick: str = "number") -> str:
    """Take back hand ``last``, replace or delete one: ``undo``, ``replace`` and ``delete`` open each
    form (its tag and hidden fields); ``pick`` names the field that chooses the hand to replace."""
    numbers = "".join(f'<option value="{n}">{n}</option>' for n in range(last, 0, -1))
    return "\n".join(
        [
            '<details class="corrections">',
            f"<summary>{esc(_('Corrections'))}</summary>",
            f'{undo}<button type="submit" id="undo">{esc(_("Take back hand {number}").format(number=last))}</button></form>',
            f'{replace}<label>{esc(_("Hand"))} <select name="{pick}">{numbers}</select></label>'
            f'<button type="submit">{esc(_("Replace"))}</button></form>',
            f'{delete}<label>{esc(_("Hand"))} <select name="number">{numbers}</select></label>'
            f'<button type="submit" class="danger">{esc(_("Delete"))}</button></form>',
            "</details>",
        ]
    )


def preview_html(preview: tarockscore.Preview, replacing: bool) -> str:
    """A hand's arithmetic under its heading, before it is recorded."""
    return f"<h2>{esc(heading(preview.number, replacing))}</h2>{score_html(preview.score, preview.radl)}"


def score_html(score: tarockscore.Score, radl: int) -> str:
    """A hand's arithmetic bet by bet with the columns ``score`` prints, laid out for a phone."""
    payout = score.payout is not None
    bets = []
    for line in score.lines:
        headers = [_("base"), _("factors"), _("value"), *([_("stake")] if payout else [])]
        row: list[object] = [render_hand.number(line.base), render_hand.factors_text(line) or "-", line.value]
        row += [line.stake] if payout else []
        winners = ", ".join(line.winners) or "-"
        bets.append(
            f"<li><strong>{esc(translated(line.label))}</strong>{table(headers, [row], cls='bet')}"
            f'<p class="meta">{esc(_("won by"))} {esc(winners)}: {esc(render_hand.adds_text({p: line.points[p] for p in score.players}))}</p></li>'
        )
    headers = [_("player"), _("Victory Points")]
    headers += [_("Payout (with Kontra)")] if payout else []
    rows: list[list[object]] = []
    for p in score.players:
        row = [p, render_hand.signed(score.victory_points[p])]
        if score.payout is not None:
            row.append(render_hand.signed(score.payout[p]))
        rows.append(row)
    parts = [f'<ul class="bets">{"".join(bets)}</ul>', table(headers, rows, cls="totals")]
    parts += [f'<p class="meta">{esc(render_hand.note_line(n))}</p>' for n in score.notes]
    if radl != 1:
        parts.append(f'<p class="radl">{esc(_("Radl: this hand counts ×{radl}").format(radl=radl))}</p>')
    return "\n".join(parts)


def message_html(kind: str, lines: Iterable[str]) -> str:
    """A notice on the page: ``kind`` is ok, info, refused or stale (the page's colours)."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return f'<div class="notice {esc(kind)}" role="status"><ul>{items}</ul></div>'
