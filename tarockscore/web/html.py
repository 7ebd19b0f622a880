"""The pieces the pages of ``serve`` and of the app are made of (web layer). Every value from a file
or a person passes through :func:`esc`: nothing a player types becomes markup. The hand's fields are
the guided entry's questions, named by their keys; those not answered yet are walked with a likely
answer, so a page without JavaScript shows a whole hand's fields at once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from html import escape
from itertools import zip_longest
from typing import Any, NamedTuple

import tarockscore
from tarockscore import i18n
from tarockscore.errors import N_, TarockError
from tarockscore.i18n import _, money, translated
from tarockscore.render import evening as render_evening
from tarockscore.render import hand as render_hand


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
    """Values carried on to the next step as hidden fields of a form (those not None)."""
    return "".join(
        f'<input type="hidden"{attrs({"name": k, "value": v})}>' for k, v in values.items() if v is not None
    )


def table(headers: Iterable[str], rows: Iterable[Iterable[object]], *, cls: str = "") -> str:
    """An HTML table; the first column is a name (left), the others numbers (right)."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{esc(cls)}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


# A hand's number on the sheet to the address of its explanation (``explain N`` on the page)
Explaining = Callable[[int], str]


def sheet_html(
    ledger: tarockscore.Ledger, sheet: tarockscore.Sheet, explain: Explaining, instead: str | None = None
) -> str:
    """The evening as the table reads it: the totals and money, who deals next, each hand (latest first).

    ``explain``: each hand's line leads to its explanation at the address it gives.
    ``instead``: said where the next hand is named, at a table that has none ("": nothing said)."""
    headers, rows = render_evening.totals_rows(ledger)
    said = render_evening.next_text(ledger) if instead is None else instead
    parts = [f'<p class="next" id="next">{esc(said)}</p>'] if said else []
    parts.append(table(headers, rows, cls="totals"))
    if sheet.table.stake is not None:
        stake = _("stake {amount} per point").format(amount=money(sheet.table.stake))
        parts.append(f'<p class="meta">{esc(unbroken(stake))}</p>')
    if paid := render_evening.payment_lines(ledger):
        items = "".join(f"<li>{esc(unbroken(line))}</li>" for line in paid)
        parts.append(f'<ul class="payments" aria-label="{esc(_("settlement"))}">{items}</ul>')
    if sheet.hands:
        parts.append(schrift_html(sheet, explain))
    elif not sheet.on_paper and instead is None:  # either says so above, where the next hand would be
        parts.append(f'<p class="meta">{esc(_("no hands yet"))}</p>')
    return "\n".join(parts)


def schrift_html(sheet: tarockscore.Sheet, explain: Explaining) -> str:
    """The hands as the paper Schrift keeps them, the latest first: a column per player, each hand a
    line saying what was played and below it each player's points for the hand and the running
    total after it (``show``'s "+3 → 18"); a player sitting the hand out has "·". Each line is
    a link to the hand's explanation (``explain``): one tap from a number to its bets."""
    players = sheet.players
    short = short_headings(players)
    head = "".join(
        f'<th class="player{" short" if p in short else ""}" scope="col" title="{esc(p)}" aria-label="{esc(p)}">'
        f"{name_heading(p, short.get(p))}</th>"
        for p in players
    )
    rows = []
    for h in reversed(sheet.hands):
        cells = "".join(
            f'<td data-player="{esc(p)}"><span class="add">'
            f"{esc(render_evening.signed(h.result.victory_points[p]) if p in h.players else '·')}</span>"
            f'<span class="to"> → </span><span class="run">{esc(h.totals[p])}</span></td>'
            for p in players
        )
        # the summary names a doubled hand's Radl factor itself
        said = esc(unbroken(render_evening.hand_summary(h.hand, sheet.table.profile.rules, h.result)))
        said = f'<a href="{esc(explain(h.number))}">{said}</a>'
        rows.append(
            f'<tbody data-hand="{h.number}"><tr><td class="no" rowspan="2">{h.number}</td>'
            f'<td class="what" colspan="{len(players)}">{said}</td></tr>'
            f'<tr class="points">{cells}</tr></tbody>'
        )
    return (
        f'<table class="hands"><thead><tr><th class="no" scope="col">#</th>{head}</tr></thead>'
        f"{''.join(rows)}</table>"
    )


def name_heading(name: str, short: Heading | None = None) -> str:
    """A player's name heading a narrow column: it may break after a hyphen or at a space, never
    inside a word; a word wider than the column is shortened (the style sheet's ellipsis). With
    ``short``: the heading a phone shows instead, cut where the column ends."""
    return _heading(_name_lines(name), "full") + ("" if short is None else _heading(short, "short"))


# A heading as its lines may fall: its words, each of the parts it may break into after a hyphen
Heading = tuple[tuple[str, ...], ...]


def _name_lines(name: str) -> Heading:
    return tuple(tuple(re.split(r"(?<=-)(?=.)", word)) for word in name.split())


def _heading(words: Heading, cls: str) -> str:
    return " ".join("".join(f'<span class="{cls}">{esc(part)}</span>' for part in parts) for parts in words)


# About as many letters as a 360 px phone shows across the hands table's headings, shared among
# the columns (five columns: "Maxi…", four: "Barth…"): a style sheet's measure, not a rule
_HEADING_LETTERS = 25


def short_headings(players: Sequence[str]) -> dict[str, Heading]:
    """The headings of the names a phone's column cannot hold whole, cut where it ends ("Bart…");
    names whose cut would look alike ("Maxi…" for Maximilian and Maximiliane) are headed by their
    start, "…" and as much of their end as tells them apart ("Max…n", "Max…e"). The totals above
    name every player in full."""
    fits = max(_HEADING_LETTERS // max(len(players), 1), 3)

    def cut(name: str, tail: int = 0) -> Heading:
        if tail:
            return ((f"{name[: fits - 1 - tail]}…{name[-tail:]}",),)
        return tuple(
            tuple(p if len(p) <= fits else f"{p[: fits - 1]}…" for p in w) for w in _name_lines(name)
        )

    short: dict[str, Heading] = {}
    for name in players:
        alike = [other for other in players if cut(other) == cut(name)]
        short[name] = cut(name)
        for tail in range(1, fits - 1) if len(alike) > 1 else ():
            told = {other: cut(other, tail) for other in alike}
            if len(set(told.values())) == len(alike):
                short[name] = told[name]
                break
    return {name: heading for name, heading in short.items() if heading != _name_lines(name)}


def sheet_section(said: str) -> str:
    """The sheet (:func:`sheet_html`) in the section the page's script keeps up to date."""
    return f'<section id="sheet" aria-label="{esc(_("sheet"))}">{said}</section>'


# Card points with their Blatt ("35 2/3"): broken after the 35 at a phone's width, they read
# "35"; a Radl's factor ("Radl ×2") broken, "×2" stands alone below the line; the euro ("€ 16,00")
# broken, the amount stands alone
_UNBROKEN = re.compile(r"(\d) (\d/3)\b|(Radl) (×)|(€) (\d)")


def unbroken(text: str) -> str:
    """``text`` with each count of card points and Blatt, each Radl with its factor, and each sum
    of money with its euro kept on one line (a no-break space)."""
    return _UNBROKEN.sub(lambda m: "\u00a0".join(g for g in m.groups() if g), text)


def explained_html(explained: tarockscore.Explained) -> str:
    """``explain N`` on a phone: its words as it prints them, each of its blocks a paragraph whose
    lines stay lines (the style sheet wraps a long one at the screen's width, indented below), each
    player's name with the points after it held on one line ("Cilli +4")."""
    text = unbroken(render_hand.explained_text(explained))
    names = sorted(explained.ledger.table.players, key=len, reverse=True)
    pair = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r") [+\-−]?\d[\d.,]*")

    def held(line: str) -> str:
        out, last = [], 0
        for found in pair.finditer(line):
            out += [esc(line[last : found.start()]), f'<span class="held">{esc(found.group())}</span>']
            last = found.end()
        return "".join(out) + esc(line[last:])

    blocks = "".join(
        "<p>" + "".join(f"<span>{held(line)}</span>" for line in block.split("\n")) + "</p>"
        for block in text.split("\n\n")
    )
    return f'<section class="explain">{blocks}</section>'


def heading(number: int, replacing: bool) -> str:
    return (_("Replace hand {number}") if replacing else _("Hand {number}")).format(number=number)


def hand_heading(entry: tarockscore.HandEntry) -> str:
    """Above the form: the hand's number and deal, and the Radl's factor where it doubles the hand."""
    radl = _("Radl: this hand counts ×{radl}").format(radl=entry.radl_factor)
    return (
        f'<h2 data-number="{entry.number}">{esc(heading(entry.number, entry.replacing))}</h2>'
        f'<p class="meta">{esc(render_evening.deal_text(entry.deal))}</p>'
        + (f'<p class="radl">{esc(radl)}</p>' if entry.radl_factor != 1 else "")
    )


def hand_form(
    entry: tarockscore.HandEntry,
    given: Mapping[str, str] | None,
    *,
    head: str,
    hidden: Mapping[str, object],
    action: str = "",
    refused: Mapping[str, str] | None = None,
) -> str:
    """The form of a hand: ``head`` above its fields, ``hidden`` the values carried on, the answers
    ``given`` (else those of the hand being replaced); posted to ``action``, else sent by the app's script."""
    answers = given if given is not None else filled(entry) if entry.replacing else {}
    post = f' method="post" action="{esc(action)}"' if action else ""
    return "\n".join(
        [
            f'<form id="{HAND_FORM}" class="hand"{post}>',
            f'<div id="hand-head">{head}</div>',
            hidden_fields({**hidden, "number": entry.number if entry.replacing else None}),
            f'<div id="fields">{fields_html(entry, answers, refused)}</div>',
            f'<button type="submit" name="action" value="preview">{esc(_("Show the arithmetic"))}</button>',
            "</form>",
        ]
    )


def record_label(number: int, replacing: bool) -> str:
    """The button that records a hand shown: a hand replaced is confirmed with Replace, as its heading says."""
    return (_("Replace hand {number}") if replacing else _("Record hand {number}")).format(number=number)


# The form of the next hand: a correction's buttons may send it (:func:`corrections_html`)
HAND_FORM = "hand-form"


def sending(sends: Mapping[str, str] | None, what: str, **more: object) -> str:
    """A correction's button or choice sending the form of the next hand (its answers go with it)
    to the address ``sends`` gives for ``what`` (none: the form's own); nothing without ``sends``."""
    if sends is None:
        return ""
    address = {"formaction": sends[what]} if what in sends else {}
    return attrs({"form": HAND_FORM, **address, **more})


def corrections_html(
    sheet: tarockscore.Sheet,
    forms: Mapping[str, str],
    *,
    pick: str = "number",
    deleting: int | None = None,
    sends: Mapping[str, str] | None = None,
    dealing: Dealing | None = None,
) -> str:
    """Take back the last hand of ``sheet``, replace or delete one: ``forms`` opens each form (its tag
    and hidden fields) by the change it asks: ``undo``, ``replace``, ``deleting`` (the hand to delete,
    in a field ``delete``) and ``delete``; ``pick`` names the field that chooses the hand to replace.
    Take back first shows the hand's line, then takes it back at a second tap; Delete likewise, once
    the hand ``deleting`` is chosen.

    With ``sends`` (the addresses of ``undo``, ``choose`` and ``delete``) the buttons and choices
    send the form of the next hand instead (``action`` ``replace`` or ``delete`` to its own address
    for a choice): a page without script keeps the answers given in it, which the correction's own
    form cannot carry. The page's script sends each correction's own form, and keeps them itself.

    At a table of five, ``dealing`` (the form that chooses a hand and who dealt it) and ``deal`` (the
    one that corrects it) correct who dealt a hand, and so sat it out: once ``dealing`` is chosen,
    its deal as the sheet has it and as corrected are shown above the button that corrects it, as
    Delete asks."""
    last = len(sheet.hands)
    hands = range(last, 0, -1)
    take = esc(_("Take back hand {number}").format(number=last))
    chosen, dealer = (dealing.number, dealing.dealer) if dealing is not None else (None, None)
    deal = (
        f'{forms["dealing"]}<label>{esc(_("Hand"))} <select name="deal"{sending(sends, "pick")}>{options(hands, chosen)}</select></label>'
        f'<label>{esc(_("dealt by"))} <select name="dealer"{sending(sends, "pick")}>{options(sheet.players, dealer)}</select></label>'
        f'<button type="submit"{sending(sends, "choose", name="action", value="deal")}>{esc(_("Correct the deal"))}</button></form>'
        + deal_asked(dealing, forms["deal"], sends)
    )
    # the panel stands open at the question
    asked = (deleting is not None and 1 <= deleting <= last) or dealing is not None
    return "\n".join(
        [
            f'<details class="corrections"{" open" if asked else ""}>',
            f"<summary>{esc(_('Corrections'))}</summary>",
            f'<details class="take-back"><summary>{take}</summary>{now_on_sheet(sheet, last)}',
            f'{forms["undo"]}<button type="submit" id="undo" class="danger"{sending(sends, "undo")}>{take}</button></form></details>',
            f'{forms["replace"]}<label>{esc(_("Hand to replace"))} <select name="{pick}"{sending(sends, "pick")}>{options(hands)}</select></label>'
            f'<button type="submit"{sending(sends, "replace", name="action", value="replace")}>{esc(_("Replace"))}</button></form>',
            f'{forms["deleting"]}<label>{esc(_("Hand to delete"))} <select name="delete"{sending(sends, "pick")}>{options(hands, deleting)}</select></label>'
            f'<button type="submit"{sending(sends, "choose", name="action", value="delete")}>{esc(_("Delete"))}</button></form>',
            delete_asked(sheet, deleting, forms["delete"], sends),
            deal if len(sheet.players) == 5 else "",
            "</details>",
        ]
    )


def options(values: Iterable[Any], chosen: object = None, shown: Callable[[Any], object] = str) -> str:
    """The options of a choice (the hands, the players, the profiles), ``chosen`` selected."""
    return "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(shown(v))}</option>'
        for v in values
    )


class Dealing(NamedTuple):
    """A hand whose deal is to be corrected: its number, who dealt it as corrected, and its deal as
    the sheet has it and as corrected (in the page's words)."""

    number: int
    dealer: str
    now: str
    then: str


def dealing_of(
    evening: tarockscore.Evening,
    number: int | None,
    dealer: str | None,
    snapshot: tarockscore.Snapshot | None = None,
) -> Dealing | None:
    """Hand ``number`` chosen to be dealt by ``dealer``: its deal now and as corrected; None for
    no such hand or player."""
    if number is None or dealer is None:
        return None
    try:
        now = tarockscore.hand_entry(evening, number, snapshot).deal
        then = tarockscore.hand_entry(evening, number, snapshot, dealer).deal
    except TarockError:
        return None
    return Dealing(number, then.dealer, render_evening.deal_text(now), render_evening.deal_text(then))


def deal_asked(dealing: Dealing | None, correct: str, sends: Mapping[str, str] | None = None) -> str:
    """The hand chosen, its deal as the sheet has it and as corrected, and the button that corrects
    it (``correct`` opens its form; ``sends``: as :func:`corrections_html`, its address naming the
    dealer shown); said so where the sheet has it dealt so already."""
    if dealing is None:
        return '<div id="dealing"></div>'
    label = esc(_("Correct the deal of hand {number}").format(number=dealing.number))
    now = f'<p class="replacing">{esc(_("dealt now: {deal}").format(deal=dealing.now))}</p>'
    if dealing.now == dealing.then:
        said = _("{player} dealt hand {number} already: nothing to correct")
        then = f'<p class="meta">{esc(said.format(player=dealing.dealer, number=dealing.number))}</p>'
        button = ""
    else:
        then = f'<p class="meta">{esc(_("dealt as corrected: {deal}").format(deal=dealing.then))}</p>'
        carried = hidden_fields({"number": dealing.number, "dealer": dealing.dealer})
        sent = sending(sends, "deal", name="number", value=dealing.number)
        button = f'{correct}{carried}<button type="submit" class="danger"{sent}>{label}</button></form>'
    return f'<div id="dealing"><details class="deal" open><summary>{label}</summary>{now}{then}{button}</details></div>'


def now_on_sheet(sheet: tarockscore.Sheet, number: int, more: str = "") -> str:
    """Hand ``number`` as the sheet has it, before a correction takes it away (``more`` beside it)."""
    hand = sheet.hands[number - 1]
    line = render_evening.hand_summary(hand.hand, sheet.table.profile.rules, hand.result)
    return f'<p class="replacing">{esc(_("on the sheet now: {hand}").format(hand=line))}{more}</p>'


def delete_asked(
    sheet: tarockscore.Sheet, number: int | None, delete: str, sends: Mapping[str, str] | None = None
) -> str:
    """Below the choice of the hand to delete: hand ``number``'s line as the sheet has it and the
    button that deletes it (``delete`` opens its form; ``sends``: as :func:`corrections_html`), as
    Take back asks; empty for no such hand."""
    if number is None or not 1 <= number <= len(sheet.hands):
        return '<div id="deleting"></div>'
    label = esc(_("Delete hand {number}").format(number=number))
    button = sending(sends, "delete", name="number", value=number)
    return (
        f'<div id="deleting"><details class="delete" open><summary>{label}</summary>{now_on_sheet(sheet, number)}'
        f'{delete}{hidden_fields({"number": number})}<button type="submit" class="danger"{button}>{label}</button>'
        "</form></details></div>"
    )


def preview_html(preview: tarockscore.Preview, replacing: bool) -> str:
    """A hand's arithmetic under its heading, before it is recorded: bet by bet with the columns
    ``score`` prints, laid out for a phone, then the points as the sheet gets them (a Radl's factor
    said before them). The players are named in the order of the sheet's columns (the seats), not
    the deal's."""
    score = preview.score
    result = preview.ledger.hands[preview.number - 1].result
    payout = score.payout is not None
    seated = [p for p in preview.ledger.players if p in score.players]
    headers = [_("base"), _("factors"), _("value"), *([_("stake")] if payout else [])]
    bets = []
    radl, gap = result.radl, "\u00a0"  # the Radl among each bet's factors, as explain has it
    for line in score.lines:
        # as the sheet scores it: a Trischaken each winner writes his own part of, that part, as explain says
        written, value, stake = render_hand.as_written(line, preview.ledger.profile, radl)
        shown = line._replace(factors=written)
        factors = render_hand.factors_text(shown, gap, seated) + (f", ×{radl}{gap}Radl" if radl != 1 else "")
        row: list[object] = [render_hand.number(line.base), factors.lstrip(", ") or "-", value]
        if payout:
            row.append(stake)
        in_seats = [p for p in seated if p in line.winners]
        winners = ", ".join([*in_seats, *(w for w in line.winners if w not in in_seats)]) or "-"
        adds = render_hand.adds_text({p: line.times(radl)[p] for p in seated}, gap)
        bets.append(
            f"<li><strong>{esc(translated(render_hand.radl_label(line, radl, seated)))}</strong>{table(headers, [row], cls='bet')}"
            f'<p class="meta">{esc(_("won by"))} {esc(winners)}: {esc(adds)}</p></li>'
        )
    totals = [_("player"), _("Victory Points"), *([_("Payout (with Kontra)")] if payout else [])]
    columns = [result.victory_points, *([result.payout] if result.payout is not None else [])]
    rows = [[p, *(render_evening.signed(points[p]) for points in columns)] for p in seated]
    parts = [f"<h2>{esc(heading(preview.number, replacing))}</h2>"]
    decided = render_hand.decided(score, seats=seated)  # each player's card points in the sheet's order
    parts += [f'<p class="decided">{esc(unbroken(line))}</p>' for line in decided]
    parts.append(f'<ul class="bets">{"".join(bets)}</ul>')
    if result.radl != 1:
        said = _("Radl: this hand counts ×{radl}").format(radl=result.radl)
        parts.append(f'<p class="radl">{esc(said)}</p>')
    parts.append(table(totals, rows, cls="totals"))
    parts += [
        f'<p class="meta">{esc(render_evening.note_line(n))}</p>' for n in render_hand.table_notes(score)
    ]
    return "\n".join(parts)


# What a change made from a table's page did, by its kind (``?done=KIND&hand=N`` on serve's page)
DONE = {
    "recorded": N_("Hand {number} is recorded."),
    "replaced": N_("Hand {number} is replaced."),
    "undone": N_("Hand {number} is taken back."),
    "deleted": N_("Hand {number} is deleted."),
    "dealt": N_("The deal of hand {number} is corrected."),
    "already": N_("This hand is already on the sheet as hand {number}: nothing was recorded twice."),
}


def done_lines(kind: str, number: int, sheet: tarockscore.Sheet | None) -> list[str]:
    """What a change did, in the page's words; with ``sheet``, its hand ``number`` as the sheet says it."""
    lines = [i18n.gettext(DONE[kind]).format(number=number)]
    if sheet is not None and 1 <= number <= len(sheet.hands):
        hand = sheet.hands[number - 1]
        lines.append(render_evening.hand_summary(hand.hand, sheet.table.profile.rules, hand.result))
    return lines


COUNT = 40  # the characters a count's box keeps (a Radl's, card points): far more than any count has


def radl_html(
    ledger: tarockscore.Ledger,
    forms: Mapping[str, str],
    sends: Mapping[str, str] | None = None,
    typed: Mapping[str, str] | None = None,
    refused: Mapping[str, str] | None = None,
) -> str:
    """A Radl the table draws by hand, as ``radl add`` sets it (one round by default), and the
    doubled hands a Radl still owes struck, as ``radl strike`` strikes them (one by default);
    ``forms``: as :func:`corrections_html`, ``radl`` and ``strike``. With ``sends``, setting it or
    striking sends the form of the next hand, as a correction does (:func:`sending`), the strike's
    count in a field of its own (``strike``). A count is a box of one line where Enter sends
    nothing: in the form of the next hand Enter would show that hand's arithmetic. ``typed``: the
    counts of a Radl or strike refused, shown again as typed (as far as the box takes), the panel open;
    ``refused``: why, by the count's label, said under its box too (the notice heads the page, far
    above the panel on a phone)."""
    rule = ledger.profile.radl

    def why(label: str) -> str:
        text = (refused or {}).get(label)
        return f'<span class="error">{esc(beside(label, text))}</span>' if text else ""

    box = f'<textarea name="{{}}" rows="1" maxlength="{COUNT}" inputmode="numeric" autocomplete="off"'
    box += sending(sends, "hands")
    typed = {k: v[:COUNT] for k, v in (typed or {}).items()}
    parts = [
        f'<details class="radl" id="radl"{" open" if typed else ""}>',
        f"<summary>{esc(_('Radl'))}</summary>",
        f'<p class="meta">{esc(_("A Radl set by hand: the coming hands count ×{factor}, after any Radl still pending.").format(factor=rule.factor))}</p>',
        f"{forms['radl']}<label>{esc(_('doubled hands'))} {box.format('hands')}>{esc(typed.get('hands', rule.hands))}</textarea></label>"
        f'{why(_("doubled hands"))}<button type="submit"{sending(sends, "radl")}>{esc(_("Set a Radl"))}</button></form>',
    ]
    if tarockscore.pending_radl(ledger):
        parts.append(
            f"{forms['strike']}<label>{esc(_('doubled hands to strike'))} {box.format('strike')}>{esc(typed.get('strike', 1))}</textarea></label>"
            f'{why(_("doubled hands to strike"))}<button type="submit" class="danger"{sending(sends, "strike")}>{esc(_("Strike"))}</button></form>'
        )
    parts.append("</details>")
    return "\n".join(parts)


def radl_said(ledger: tarockscore.Ledger) -> str:
    """The last Radl mark of ``ledger`` as the audit trail says it, the hand it follows by its
    number on the sheet the table sees, and the doubled hands still owed."""
    return translated(render_evening.radl_marked(ledger, len(ledger.hands)))


def message_html(kind: str, lines: Iterable[str], lead: str = "", keys: Iterable[str] = ()) -> str:
    """A notice on the page: ``kind`` is ok, info, refused or stale (the page's colours); ``lead``
    a line above its list (what a refusal left as it was); ``keys``, the field each line is about
    (the page's script takes the line away once that field is answered)."""
    items = "".join(
        f"<li{attrs({'data-key': key} if key else {})}>{esc(line)}</li>"
        for line, key in zip_longest(lines, keys, fillvalue="")
    )
    first = f'<p class="lead">{esc(lead)}</p>' if lead else ""
    return f'<div class="notice {esc(kind)}" role="status">{first}<ul>{items}</ul></div>'


def unchanged(hand: bool = True) -> str:
    """Above a refusal's reasons: nothing was written, the sheet is as it was (a hand, else a correction)."""
    if hand:
        return _("Nothing was recorded: the sheet is unchanged.")
    return _("Nothing was changed: the sheet is unchanged.")


# The form's own fields: everything else it sends is an answer to a question of the flow (the
# hand to replace or delete is chosen in it where a correction sends it).
CONTROL = frozenset(
    "code expected request action lang number replace delete deal dealer hands strike".split()
)
# The next hand's answers given before a hand was opened to be replaced, carried in that hand's form
# as hidden fields (NEXT + key), so that they come back in the next hand's form once it is replaced
# or kept.
NEXT = "next:"


def kept(form: Mapping[str, str], replaced: bool) -> dict[str, str]:
    """The answers given in the form of the next hand, carried through a correction: those a form
    sent of a hand ``replaced`` carries for it (NEXT + key), else the form's own (none when no
    answer is given)."""
    if replaced:
        given = {k.removeprefix(NEXT): v for k, v in form.items() if k.startswith(NEXT)}
    else:
        given = {k: v for k, v in form.items() if k not in CONTROL and k != EXTRAS and not k.startswith(NEXT)}
    return given if any(v.strip() for v in given.values()) else {}


# "Kontra or bonuses?" is never shown: a Kontra step or a bonus chosen says yes.
EXTRAS = "extras"
# Asked where the card points prove a Valat (tarockscore.entry.flow.VALAT_PROVEN).
PROVEN = "valat"
# The Blatt of card points come in a field of their own, named as the entry reads it:
# ``blatt:card_points``, ``blatt:points:Anna``.
BLATT = tarockscore.BLATT_FIELD
# A word the card points may be given by (a Valat): a box of its own beside them, ``or:card_points``.
OR = tarockscore.OR_FIELD
THIRDS = 3  # a Blatt is a third of a point
MAX_QUESTIONS = 80  # far more than a hand asks (each of a profile's bonuses asks five)


def answers_of(form: Mapping[str, str]) -> dict[str, str]:
    """The answers a form sent, by question key (the Blatt by theirs: the entry reads them with the points)."""
    given = {k: v for k, v in form.items() if k not in CONTROL}
    if EXTRAS not in given:
        said = any(
            v.strip() and (k.startswith(("kontra", "bonus:")) or k == "huettenfleck")
            for k, v in given.items()
        )
        given[EXTRAS] = "y" if said else "n"
    return given


def whole(text: str | None) -> int | None:
    """A hand's or round's number as a form or address gives it, spaces around it too (``²`` is no
    number), else None."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def _value(choice: Any, *, among_names: bool = True) -> str:
    """A choice as the form sends it: its name where that reads back, else its number; none, the
    talon and one's own King by their first word after "=", which no player's name holds (none: an
    empty answer would be read as the hand's old one where a hand is replaced). ``among_names``
    false: a box of its own beside the card points (a Valat), sent by its first word as it is."""
    value = str(choice.value)
    if value and value.isprintable() and not value.isdigit():
        return value
    if choice.words:
        return (tarockscore.CHOICE_SENT if among_names else "") + str(choice.words[0])
    return str(choice.number)


def filled(entry: tarockscore.HandEntry) -> dict[str, str]:
    """The answers of the hand being replaced, as its form shows them."""
    reading = tarockscore.submit_answers(entry.flow, {}, entry.defaults)
    out = {}
    for q, answer in reading.lines:
        if q.kind is tarockscore.QuestionKind.POINTS and isinstance(answer, str):  # a Valat
            out[OR + q.key] = next(
                (_value(c, among_names=False) for c in q.choices if c.value == answer), answer
            )
        elif isinstance(answer, Fraction):
            out[q.key], out[BLATT + q.key] = _split(answer)
        elif isinstance(answer, bool):
            out[q.key] = "y" if answer else "n"
        else:
            out[q.key] = next((_value(c) for c in q.choices if c.value == answer), str(answer))
    return out


def _split(points: Fraction) -> tuple[str, str]:
    """Card points as the score block writes them: whole points and Blatt ("35", "2")."""
    whole = points.numerator // points.denominator
    return str(whole), str((points - whole) * THIRDS) if points.denominator != 1 else ""


def _likely(question: tarockscore.Question) -> str:
    """An answer that lets the walk go on to the questions after this one."""
    if question.kind is tarockscore.QuestionKind.CHOICE:
        return _value(question.choices[0]) if question.default is None and question.choices else ""
    if question.kind is tarockscore.QuestionKind.YES_NO:
        return "" if question.default is not None else "y"
    # half of what may be given: no side's Valat, so the Kontra and the bonuses follow
    return str(int(question.most or 0) // 2)


def walk(
    entry: tarockscore.HandEntry, given: Mapping[str, str]
) -> tuple[list[tarockscore.Question], tarockscore.FormReading]:
    """The questions the form shows for the answers given, and the reading of those answers;
    those after the first not answered are labelled by their summary's words, which name no
    player. An answer missing or refused is walked past with a likely one: the fields after it
    stay (the Kontra and the bonuses while the card points are being typed)."""
    # "Kontra or bonuses?" is never asked on the page: its fields are always shown
    given = {**given, EXTRAS: "y"}
    reading = tarockscore.next_question(entry.flow, given, entry.defaults)
    shown = _probed(entry, given, reading)
    asked = len(reading.lines) + (reading.next is not None)
    shown = [
        q if i < asked else _widened(q, entry)
        for i, q in enumerate(shown)
        # "was it their Valat?" only where the card points given prove one, not the likely ones
        if i < asked or q.key != PROVEN
    ]
    return [q for q in shown if q.key != EXTRAS], reading


def _probed(
    entry: tarockscore.HandEntry,
    given: Mapping[str, str],
    reading: tarockscore.FormReading,
) -> list[tarockscore.Question]:
    """The questions of the answers given, then of likely answers to those not given."""
    probe = dict(given)
    probed = reading
    for _step in range(MAX_QUESTIONS):
        question = probed.next
        if question is None:
            break
        # walked past with a likely answer (card points with a Blatt refused: without the Blatt)
        walked = {**probe, question.key: _likely(question)}
        walked.pop(BLATT + question.key, None)
        if walked == probe:
            break
        probe = walked
        probed = tarockscore.next_question(entry.flow, probe, entry.defaults)
    shown = [q for q, _answer in probed.lines]
    return shown + [probed.next] if probed.next is not None else shown


def _widened(question: tarockscore.Question, entry: tarockscore.HandEntry) -> tarockscore.Question:
    """A question walked past (its summary's words); one that offers players offers every player
    of the hand in seat order, before its other choices (in the talon), and none of them ticked:
    the likely answers before it (a Forehand's contract, a declarer) are nobody's choice. One the
    rules fix keeps its words, which say so ("King Ultimo: only the declarers can make it")."""
    text = question.text if question.fixed else question.line[:1].upper() + question.line[1:]
    flow, players = entry.flow, entry.flow.players
    if not any(c.value in players for c in question.choices):
        return replace(question, text=text)
    rest = tuple(c for c in question.choices if c.value not in players)
    default = None if question.default in players else question.default
    return replace(question, text=text, choices=(*flow.seat_choices(players), *rest), default=default)


def _points(key: str, ident: str, answer: object, form: Mapping[str, str], thirds: bool) -> str:
    """Card points as two number fields, the points and the Blatt (one where the game has no thirds)."""
    points, blatt = form.get(key, ""), form.get(BLATT + key)
    if blatt is None and isinstance(answer, Fraction):  # sent as one ("35/2"): shown as two
        points, blatt = _split(answer)
    number = {
        "type": "text",
        "inputmode": "numeric",
        "autocomplete": "off",
        "size": "4",
        "maxlength": str(COUNT),
    }
    inputs = [
        f'<label class="part">{esc(_("Points"))}<input{attrs({**number, "id": ident + "-points", "name": key, "value": points})}></label>'
    ]
    if thirds:
        named = {**number, "id": ident + "-blatt", "name": BLATT + key, "value": blatt or ""}
        inputs.append(f'<label class="part">{esc(_("Blatt"))}<input{attrs(named)}></label>')
    return "".join(inputs)


def _or(question: tarockscore.Question, ident: str, answer: object, form: Mapping[str, str]) -> str:
    """The words the card points may be given by instead (a Valat), each a box to tick."""
    sent = form.get(OR + question.key)
    out = []
    for c in question.choices:
        value = _value(c, among_names=False)
        on = sent == value if sent is not None else answer == c.value
        box = {"type": "checkbox", "id": f"{ident}-{value}", "name": OR + question.key, "value": value}
        out.append(
            f'<label class="part or"><input{attrs(box)}{" checked" if on else ""}><span>{esc(c.label)}</span></label>'
        )
    return "".join(out)


def _choices(question: tarockscore.Question, answer: object, sent: str | None) -> str:
    """A choice (or yes and no) as a row of buttons: the one given, else the answer read or the default, checked."""
    if question.kind is tarockscore.QuestionKind.YES_NO:
        said = tarockscore.yes_or_no(sent) if sent else None
        chosen = said if said is not None else answer if isinstance(answer, bool) else question.default
        options = [("y", _("yes"), chosen is True), ("n", _("no"), chosen is False)]
    else:
        values = [_value(c) for c in question.choices]
        picked = sent if sent in values else None
        if picked is None:
            value = answer if answer is not None else question.default
            picked = next(
                (v for v, c in zip(values, question.choices, strict=True) if c.value == value), None
            )
        options = [(v, c.label, v == picked) for v, c in zip(values, question.choices, strict=True)]
    # the one choice the rules leave (a Forehand's contract: its declarer) is shown ticked but not
    # sent: no other question (a contract tapped since) takes it as an answer nobody gave
    fixed = " disabled" if question.fixed else ""
    return "".join(
        f"<label><input{attrs({'type': 'radio', 'name': question.key, 'value': v})}{' checked' if on else ''}{fixed}>"
        f"<span>{esc(label)}</span></label>"
        for v, label, on in options
    )


def _field(
    question: tarockscore.Question,
    answer: object,
    form: Mapping[str, str],
    refused: str | None,
    thirds: bool,
    note: str = "",
) -> str:
    key = question.key
    ident = "f-" + key.replace(":", "-")
    points = question.kind is tarockscore.QuestionKind.POINTS
    if points:
        inner = _points(key, ident, answer, form, thirds) + _or(question, ident, answer, form)
        sig = "points" + "".join(":" + _value(c, among_names=False) for c in question.choices)
    else:
        inner = _choices(question, answer, form.get(key))
        sig = question.kind.value + ":" + "|".join(_value(c) for c in question.choices)
    box = {
        "class": "field " + ("points" if points else "choice"),
        "id": ident,
        "data-key": key,
        "data-sig": sig,
        **({"aria-describedby": f"{ident}-error"} if refused else {}),
    }
    error = f'<span class="error" id="{esc(ident)}-error">{esc(refused)}</span>' if refused else ""
    keyed = {k: box.pop(k) for k in ("data-key", "data-sig")} if question.quiet else {}
    field = (
        f"<fieldset{attrs(box)}><legend>{esc(question.text)}</legend>"
        f'<div class="{"pair" if points else "chips"}">{inner}</div>{note}{error}</fieldset>'
    )
    if not question.quiet:
        return field
    # folded, its default taken, until tapped open ("Renonce…"); open where answered otherwise
    opened = " open" if refused or (answer is not None and answer != question.default) else ""
    summary = question.line[:1].upper() + question.line[1:] + "…"
    return f'<details class="quiet"{attrs(keyed)}{opened}><summary>{esc(summary)}</summary>{field}</details>'


def fields_html(
    entry: tarockscore.HandEntry, form: Mapping[str, str], refused: Mapping[str, str] | None = None
) -> str:
    """The form's fields, with a refused answer's reason beside its field (only after the hand was sent)."""
    shown, reading = walk(entry, answers_of(form))
    answers = reading.answers
    labels = {q.key: q.text for q in shown}
    why = {key: beside(key, text, labels.get(key, "")) for key, text in (refused or {}).items()}
    for question in shown:
        if question.key not in why and (out := sat_out(entry, question, form.get(question.key, ""))):
            why[question.key] = out
    for key, text in dropped(entry, form, [q.key for q in shown]).items():
        why.setdefault(key, text)
    thirds = entry.flow.profile.game.thirds
    notes = _rest(entry, [q.key for q in shown])
    return "\n".join(
        _field(q, answers.get(q.key), form, why.get(q.key), thirds, notes.get(q.key, "")) for q in shown
    )


def _rest(entry: tarockscore.HandEntry, keys: list[str]) -> dict[str, str]:
    """Under the last card points a Trischaken asks, whose card points are not asked: the rest of
    the deck's, worked out (the player looking for a field of their own finds why there is none)."""
    asked = [key for key in keys if key.startswith("points:")]
    left = [p for p in entry.flow.players if f"points:{p}" not in asked]
    if not asked or len(left) != 1:
        return {}
    total = entry.flow.profile.game.card_points_total
    said = _("{player}: the rest of the {total} card points, worked out").format(player=left[0], total=total)
    return {asked[-1]: f'<p class="meta">{esc(said)}</p>'}


def sat_out(entry: tarockscore.HandEntry, question: tarockscore.Question, given: str) -> str | None:
    """Beside a field whose answer ``given`` names the player who deals this hand and sits it out
    (a table of five), no longer one of its choices: the hand was begun on a sheet where that
    player played, and is entered again on the new sheet. None for any other answer."""
    out = entry.deal.sitting_out
    if out is None or given.strip().casefold() != out.casefold():
        return None
    if any(str(c.value).casefold() == out.casefold() for c in question.choices):
        return None
    texts = {
        "declarer": _("{player} deals this hand and sits out: choose the declarer again"),
        "partner": _("{player} deals this hand and sits out: choose the partner again"),
    }
    return texts.get(question.key, _("{player} deals this hand and sits out: choose again")).format(
        player=out
    )


def dropped(entry: tarockscore.HandEntry, form: Mapping[str, str], shown: list[str]) -> dict[str, str]:
    """An answer of the player who sits this hand out (their own Kontra, their card points in a
    Trischaken: ``kontra:Anna``, ``points:Anna``) that the hand has no question for: said beside the
    first field of its kind, so that it is not lost unsaid."""
    out = entry.deal.sitting_out
    if out is None:
        return {}
    texts = {
        "kontra": _("{player} deals this hand and sits out: the Kontra of {player} is dropped"),
        "points": _(
            "{player} deals this hand and sits out: the card points of {player} are dropped; enter the card points again"
        ),
    }
    said: dict[str, str] = {}
    for key, value in form.items():
        kind, _colon, player = key.partition(":")
        if kind not in texts or not value.strip() or player.casefold() != out.casefold() or key in shown:
            continue
        first = next((k for k in shown if k.startswith(kind + ":")), None)
        if first is not None:
            said[first] = texts[kind].format(player=out)
    return said


def _bracketed(label: str) -> bool:
    """Whether a reason goes in brackets after ``label``: a question asked as a whole sentence, or
    a label with a colon of its own ("Valat: every trick to"), which a second colon would follow."""
    return label.endswith("?") or ": " in label


def labelled(label: str, reason: str) -> str:
    """A reason after its field's label: "Partner (…): …", or in brackets after a question asked as
    a whole sentence ("Renonce: who revoked? (…)") or a label with a colon ("Valat: every trick to
    (…)"), not after a second colon."""
    return (
        _("{question} ({reason})").format(question=label, reason=reason)
        if _bracketed(label)
        else f"{label}: {reason}"
    )


def beside(where: str, text: str, label: str = "") -> str:
    """A reason shown beside its field: without the hand file's key it begins with ("card_points: …"),
    nor the field's ``label``, which heads the field already ("Partner (…): an answer is needed here")."""
    for prefix in (where, label):
        if prefix and text.startswith(prefix + ": "):
            return text.removeprefix(prefix + ": ")
    if _bracketed(label):
        before, _reason, after = (
            p.replace("{question}", label) for p in _("{question} ({reason})").partition("{reason}")
        )
        if text.startswith(before) and text.endswith(after) and len(text) > len(before) + len(after):
            return text[len(before) : len(text) - len(after)]
    return text


def named(
    problems: Iterable[Mapping[str, str]], entry: tarockscore.HandEntry | None, form: Mapping[str, str]
) -> list[str]:
    """A refusal's reasons for the notice, each field named as its label names it, not by its key."""
    labels = {q.key: q.text for q in walk(entry, answers_of(form))[0]} if entry is not None else {}
    out = []
    for p in problems:
        where, text = p["where"], p["message"]
        plain = beside(where, text)
        # a field not on the form (a Kontra on a silent bonus, sent by a script) by its bonus's label
        label = labels.get(where) or labels.get(where.rpartition(":")[0])
        out.append(labelled(label, plain) if label and plain != text else text)
    return out


def missing(reading: tarockscore.FormReading, given: Mapping[str, str]) -> dict[str, str] | None:
    """Where a hand sent stops at a question not answered: the problem, in the page's words."""
    question = reading.next
    if question is None or question.default is not None:
        return None
    if (given.get(question.key, "") + given.get(BLATT + question.key, "")).strip():  # the Blatt alone too
        return None
    return {"where": question.key, "message": labelled(question.text, _("an answer is needed here"))}
