"""The pages of ``serve``: a table's page, a hand's arithmetic before it is recorded, the board,
the table cards, the index (web layer); every value escaped (:func:`tarockscore.web.html.esc`)."""

import datetime as dt
import io
import json
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple
from urllib.parse import urlencode

import segno

import tarockscore
from tarockscore import i18n
from tarockscore.errors import N_, GameLimitReached, TarockError, message
from tarockscore.i18n import _, ngettext
from tarockscore.render import evening as render_evening
from tarockscore.render import tournament as render_tournament
from tarockscore.render.profile import profile_line
from tarockscore.web import html, writes
from tarockscore.web.html import esc
from tarockscore.web.site import Place, Site


class Seen(NamedTuple):
    """A table as one request read it: its version, ledger and sheet from one reading."""

    place: Place
    version: str
    ledger: tarockscore.Ledger
    sheet: tarockscore.Sheet
    snapshot: tarockscore.Snapshot


ROUND_CLOSED = N_(
    "round {round} is closed: this table's code records no more; the organiser's code can still correct it"
)


def read_table(place: Place) -> Seen:
    """The table's version, ledger and sheet, from one reading."""
    snapshot = place.evening.read()
    sheet = tarockscore.sheet(snapshot.ledger)._replace(head=snapshot.head)
    return Seen(place, snapshot.head, snapshot.ledger, sheet, snapshot)


def entry_of(
    place: Place, replace: int | None, dealer: str | None = None, seen: Seen | None = None
) -> tarockscore.HandEntry | None:
    """The hand to enter (or hand ``replace``, dealt by ``dealer`` where its deal is corrected), on
    the sheet ``seen`` where the request has read it."""
    dealer = dealer if replace is not None else None
    snapshot = seen.snapshot if seen is not None else None
    try:
        return tarockscore.hand_entry(place.evening, replace, snapshot, dealer)
    except TarockError:  # the table has played its games, or no such hand or dealer: no form
        return None


def evening_closed(seen: Seen) -> bool:
    """Whether the table's evening is closed (its ledger made read-only on the laptop): no hand,
    no correction is recorded any more. A table that has played its games still takes corrections."""
    try:
        tarockscore.hand_entry(seen.place.evening, snapshot=seen.snapshot)
    except TarockError as exc:
        return not isinstance(exc, GameLimitReached)
    return False


def no_form(
    seen: Seen,
    replace: int | None,
    closed: bool,
    code: str,
    lang: str | None,
    parked: Mapping[str, str],
    notice: str = "",
) -> str:
    """Why a code that writes has no form on the page: its evening is ``closed`` (its ledger made
    read-only on the laptop), it has played its games (none said for a sheet from paper, nor again
    where the ``notice`` above says it), or the hand to ``replace`` is no longer on the sheet (taken
    back or deleted elsewhere), said with the way to the next hand's form and its answers so far
    (``parked``)."""
    if replace is None or closed:
        said = writes.closed(seen.place) if closed else _("this table has played all its games")
        return "" if seen.sheet.on_paper or esc(said) in notice else html.message_html("ok", [said])
    if 1 <= replace <= len(seen.sheet.hands):  # a deal that cannot be: no form, as before
        return ""
    said = _("hand {number} is no longer on the sheet (taken back or deleted): there is nothing to replace")
    removed = sum(a.action in ("undo", "delete") for a in seen.ledger.audit)
    if not 1 <= replace <= len(seen.sheet.hands) + removed:  # never on the sheet: an address typed or kept
        said = _("there is no hand {number} on the sheet: there is nothing to replace")
    onward = link(seen.place.path, **{**parked, "code": code, "lang": lang})
    return html.message_html("info", [said.format(number=replace)]) + (
        f'<p><a href="{esc(onward)}">{esc(_("Enter the next hand"))}</a></p>'
    )


def instead_of_next(place: Place, seen: Seen, closed: bool) -> str | None:
    """What the sheet says where it names the next hand, at a table that has none (None: it has one):
    a table of a closed round without hands was not played, one with some played them; a
    ``closed`` evening's is said above."""
    played = len(seen.sheet.hands)
    if place.closed and not seen.sheet.on_paper:
        if not played:
            return _("round {round} is closed and this table has no hands: it was not played").format(
                round=place.round
            )
        if place.games and played < place.games:
            said = _("round {round} is closed: this table played {played} of its {games} games")
            return said.format(round=place.round, played=played, games=place.games)
    return "" if closed else None


def place_title(place: Place, site_title: str) -> str:
    if place.round is None:
        return site_title
    return _("Round {round}, table {table}").format(round=place.round, table=place.table)


def link(path: str, **query: object) -> str:
    given = {k: v for k, v in query.items() if v not in (None, "")}
    return path + ("?" + urlencode(given) if given else "")


def languages(path: str, **query: object) -> str:
    """Links to this page (``path`` and its ``query``) in each other language, named in its own words."""
    return "".join(
        f'<a class="board-link" lang="{other}" href="{esc(link(path, **query, lang=other))}">{name}</a>'
        for other, name in (("en", "English"), ("de", "Deutsch"))
        if other != i18n.current()
    )


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as SVG markup, with a viewBox and no fixed size: the page sizes it."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", xmldecl=False, svgns=True, border=2, omitsize=True)
    return out.getvalue().decode("ascii")


def address(base: str, place: Place, code: str) -> str:
    """A table's page on the server at ``base``, with the code that opens it (a card's QR code)."""
    return base.rstrip("/") + link(place.path, code=code)


def round_links(site: Site, base: str, number: int) -> dict[int, tuple[str, str]]:
    """Each table of round ``number`` with its address on the server at ``base`` and its QR code,
    as the table cards print them."""
    addresses = {
        p.table: address(base, p, site.code(p.key))
        for p in site.places()
        if p.round == number and p.table is not None
    }
    return {table: (url, qr_svg(url)) for table, url in addresses.items()}


def texts_block() -> str:
    """The words the page's script shows, in the page's language (a data block, never run)."""
    words = {}
    for n, count in ((1, "one"), (2, "many")):  # the script picks the form by the count
        words[f"{count}_waiting"] = ngettext(
            "{count} hand waiting to be sent", "{count} hands waiting to be sent", n
        )
        words[f"{count}_unseen"] = ngettext(
            "{count} hand waiting for the network: its arithmetic is shown before it is recorded",
            "{count} hands waiting for the network: the arithmetic of each is shown before it is recorded",
            n,
        )
    words |= {
        "offline": _(
            "no network: the hand waits on this phone; when the network is back its arithmetic is shown, and it is recorded when you tap Record"
        ),
        "no_network": _("no network: nothing was changed; tap it again once the network is back"),
        "offline_replace": _(
            "no network: the replacement waits on this phone; when the network is back its arithmetic is shown, and hand {number} is replaced when you tap Replace hand {number}"
        ),
        "not_recorded": _("Not recorded:"),
        "enter_again": _("Enter it again"),
        "dismiss": _("Dismiss"),
        "record": _("Record hand {number}"),
        "replace": _("Replace hand {number}"),
        "unchanged": html.unchanged(),
        "bracketed": _("{question} ({reason})"),
        "change": _("Change the hand"),
        "hand": _("Hand {number}"),
        "changed": _("The sheet has changed: another phone or the command line recorded. Check it below."),
        "use_new": _("Enter on the new sheet"),
        "after_refused": _("entered after a hand that was not recorded: check it and enter it again"),
        "live": _("live"),
        "polling": _("updating every few seconds"),
    }
    data = json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")
    return f'<script type="application/json" id="texts">{data}</script>'


def request_key() -> str:
    """A request key for a page without its script (a resend of the same page is recognised)."""
    return secrets.token_hex(16)


def table_page(
    site: Site,
    place: Place,
    given_code: str,
    lang: str | None,
    *,
    given: Mapping[str, str] | None = None,
    refused: Mapping[str, str] | None = None,
    notice: str = "",
    replace: int | None = None,
    deleting: int | None = None,
    parked: Mapping[str, str] | None = None,
    dealer: str | None = None,
    dealing: tuple[int | None, str | None] = (None, None),
    seen: Seen | None = None,
    typed: Mapping[str, str] | None = None,
) -> str:
    """A table's page: the sheet, and (with a code that writes) the hand's form and the corrections
    (``deleting``: the hand chosen to delete, asked about; ``typed``: a Radl's counts refused). A hand being replaced carries the next
    hand's answers given so far (``parked``, or those ``given`` carries), for after it; ``dealer``:
    who dealt it, its deal corrected (or as ``given`` says). ``dealing``: the hand chosen to
    correct its deal, and who dealt it, asked about. ``seen``: the table as the request read it."""
    seen = seen or read_table(place)
    code = given_code if site.opens(place, given_code) else None
    dealer = (dealer or (given or {}).get("dealer") or None) if replace is not None else None
    entry = entry_of(place, replace, dealer, seen) if code else None
    closed = entry is None and evening_closed(seen)
    if entry is None and code:
        notice += no_form(seen, replace, closed, code, lang, parked or {}, notice)
    status = status_line(seen, given_code, code, closed)
    title = place_title(place, site.title)
    parts = [
        html.header(
            title,
            f'<a class="board-link" href="{esc(link("/board", lang=lang))}">{esc(_("board"))}</a>'
            + languages(place.path, code=given_code, replace=replace, dealer=dealer),
        ),
        '<div id="outbox" class="outbox" aria-live="polite"></div>',
        f'<div id="notice">{notice}</div>',
    ]
    parts.append(f'<p class="meta" id="status"{"" if status else " hidden"}>{esc(status)}</p>')
    replacing = entry is not None and entry.replacing
    parked = (parked or html.kept(given or {}, replaced=True)) if replacing else {}
    if entry is not None and code:
        hidden = {"code": code, "expected": seen.version, "request": request_key(), "dealer": dealer}
        hidden |= {html.NEXT + key: value for key, value in parked.items()}
        head = hand_head(seen, entry, code=code, lang=lang, parked=parked)
        action = link(place.path + "/hand", lang=lang)
        parts.append(html.hand_form(entry, given, head=head, hidden=hidden, action=action, refused=refused))
    instead = instead_of_next(place, seen, closed)
    explain = explain_link(place, given_code, lang)
    parts.append(html.sheet_section(html.sheet_html(seen.ledger, seen.sheet, explain, instead)))
    # what is being played, as ``show`` and ``explain`` name it: below the sheet, out of its way
    said = profile_line(seen.ledger.table.profile.rules)
    parts.append(f'<p class="meta profile">{esc(said)}</p>')
    said = corrections(
        seen,
        code=code,
        lang=lang,
        deleting=deleting,
        hand=entry is not None and not replacing,
        closed=closed,
        carried=parked if replacing else html.kept(given or {}, replaced=False),
        dealing=dealing,
        typed=typed,
        refused=refused if typed else None,
    )
    parts.append(f'<div id="corrections">{said}</div>')
    parts.append(texts_block())
    # the page's own address: a page answered to a form post (a refused correction) is shown at
    # the post's address, and its script puts this one in its place
    address = link(place.path, code=given_code, lang=lang, replace=replace, dealer=dealer)
    data = {
        "data-table": place.key,
        "data-version": seen.version,
        "data-lang": lang or "",
        "data-address": address,
        "data-closed": "1" if closed else "",
    }
    return html.page(title, "\n".join(parts), data=data)


def status_line(seen: Seen, given_code: str, code: str | None, closed: bool) -> str:
    """The line under a table page's heading: what the code it was opened with (``given_code``,
    ``code`` where it writes now) may do at this table, or that its evening is ``closed``."""
    place = seen.place
    if code and place.closed and not seen.sheet.hands and not seen.sheet.on_paper:
        # only the organiser's code opens a closed round: the form is a correction, and says so
        return _(
            "round {round} is closed and this table has no hands: a hand entered here with the organiser's code still counts for round {round}"
        ).format(round=place.round)
    if code:
        return ""
    if given_code:
        return i18n.translated(message(ROUND_CLOSED, round=place.round))
    if closed:
        return writes.closed(place)
    return _("reading only: recording needs the table's code (its card's address)")


def explain_link(place: Place, code: str, lang: str | None) -> Callable[[int], str]:
    """The address of a hand's explanation, with the code the sheet was opened with (for the way back)."""
    return lambda number: link(f"{place.path}/explain/{number}", code=code, lang=lang)


def explain_page(
    site: Site, place: Place, explained: tarockscore.Explained, code: str, lang: str | None
) -> str:
    """What ``explain N`` prints, on a page of its own, with the way back to the sheet (no form:
    reading needs no code)."""
    title = place_title(place, site.title)
    back = f'<a class="board-link" href="{esc(link(place.path, code=code, lang=lang))}">{esc(_("back to the sheet"))}</a>'
    here = languages(f"{place.path}/explain/{explained.number}", code=code)
    body = html.header(title, back + here) + html.explained_html(explained) + f"<p>{back}</p>"
    return html.page(_("Hand {number}").format(number=explained.number) + " · " + title, body, script=False)


def hand_head(
    seen: Seen,
    entry: tarockscore.HandEntry,
    *,
    code: str,
    lang: str | None,
    parked: Mapping[str, str] | None = None,
) -> str:
    """Above the form: the hand's number and deal; a hand being replaced as it stands on the sheet,
    and the way back to the next hand's form (with its answers so far, ``parked``)."""
    if not entry.replacing:
        return html.hand_heading(entry)
    back = link(seen.place.path, **{**(parked or {}), "code": code, "lang": lang})
    keep = f' <a href="{esc(back)}">{esc(_("Keep it"))}</a>'
    return html.hand_heading(entry) + html.now_on_sheet(seen.sheet, entry.number, keep)


def corrections(
    seen: Seen,
    *,
    code: str | None,
    lang: str | None,
    deleting: int | None = None,
    hand: bool = False,
    closed: bool = False,
    carried: Mapping[str, str] | None = None,
    dealing: tuple[int | None, str | None] = (None, None),
    typed: Mapping[str, str] | None = None,
    refused: Mapping[str, str] | None = None,
) -> str:
    """Take back the last hand, replace or delete one (with the table's code, once a hand is on the
    sheet; none once the evening is ``closed``); ``deleting``: the hand chosen to delete, its line shown
    beside the button that deletes it; ``typed``: a Radl's counts refused, as typed, and ``refused`` why.

    The next hand's answers so far go with a correction and come back in its form after it: with
    ``hand`` (the next hand's form is on the page) the corrections send that form; else each form
    carries the answers ``carried`` (those a hand being replaced keeps for the next)."""
    path = seen.place.path
    if not code or closed:
        return ""
    answers = html.hidden_fields(carried or {})
    common = html.hidden_fields({"code": code, "expected": seen.version}) + answers
    # the hands are chosen by the page's address, which changes nothing; the page opens at the question
    chooser = html.hidden_fields({"code": code, "lang": lang}) + answers
    choose = f'<form method="get" action="{esc(path)}#corrections">{chooser}'
    forms = {
        "replace": f'<form method="get" action="{esc(path)}">{chooser}',
        "deleting": choose,
        "dealing": choose,
    }
    for what in ("undo", "delete", "deal", "radl", "strike"):
        action = link(f"{path}/{what}", lang=lang)
        forms[what] = (
            f'<form method="post" action="{esc(action)}">{common}{html.hidden_fields({"request": request_key()})}'
        )
    sends = {what: link(f"{path}/{what}", lang=lang) for what in ("undo", "delete", "radl", "strike")}
    sends["choose"] = link(path + "/hand", lang=lang) + "#corrections"
    radl = html.radl_html(seen.ledger, forms, sends if hand else None, typed, refused)
    if not seen.sheet.hands:
        return radl
    asked = html.dealing_of(seen.place.evening, *dealing)
    if asked is not None:  # the deal corrected to is the one shown, whatever the chooser says since
        sends["deal"] = link(path + "/deal", lang=lang, dealer=asked.dealer)
    shown = html.corrections_html(
        seen.sheet, forms, pick="replace", deleting=deleting, sends=sends if hand else None, dealing=asked
    )
    return shown + radl


def done_notice(seen: Seen, params: Mapping[str, str]) -> str:
    """What a change made from this page did (``?done=KIND&hand=N``; a hand already there, taken
    back or replaced with ``&expected=``, the version it was entered on), in the page's words."""
    kind, expected = params.get("done", ""), params.get("expected", "")
    number = html.whole(params.get("hand"))
    # only what the sheet or its trail bears out: an address kept or typed says nothing that is not so
    hands, marks = seen.ledger.hands, seen.ledger.radl
    last = hands[-1].id if hands else 0
    if kind == "radl" and marks and marks[-1].after == last and number == len(hands):
        return html.message_html("ok", [html.radl_said(seen.ledger)])  # its mark, as the trail says it
    if kind not in html.DONE or number is None:
        return ""
    if kind in ("undone", "deleted"):
        # the hand taken back or deleted, as its line on the sheet said it
        line = render_evening.undone_summary(seen.ledger, number, deleted=kind == "deleted")
        if line is None:
            return ""
        lines = [*html.done_lines(kind, number, None), line, *radl_kept(seen, kind, number, expected)]
    elif 1 <= number <= len(hands) and borne_out(seen, kind, number, expected):
        lines = [*html.done_lines(kind, number, seen.sheet), *radl_kept(seen, kind, number, expected)]
    else:
        return ""
    if kind == "dealt" and (entry := entry_of(seen.place, number, seen=seen)) is not None:
        lines.append(render_evening.deal_text(entry.deal))  # the deal as corrected
    return html.message_html("info" if kind == "already" else "ok", lines)


def radl_kept(seen: Seen, kind: str, number: int, expected: str) -> list[str]:
    """What a take-back or a replacement of hand ``number`` did to a Radl set or struck on the
    sheet, as the command line says it; only where the trail since ``expected`` (the sheet it was
    made on) is that change alone."""
    before = seen.place.evening.as_of(expected) if expected else None
    audit = seen.ledger.audit
    if before is None or len(audit) != len(before.audit) + 1 or audit[-1].number != number:
        return []
    if kind == "replaced" and audit[-1].action == "replace":
        return render_evening.strikes_corrected(before, seen.ledger)
    if audit[-1].action == {"undone": "undo", "deleted": "delete"}.get(kind):
        return render_evening.radl_kept(before, number, seen.ledger)
    return []


def borne_out(seen: Seen, kind: str, number: int, expected: str) -> bool:
    """Whether hand ``number`` was ``kind`` as the trail has it (replaced, its deal corrected), or
    (``already``) the sheet gained it since ``expected``, the sheet the hand refused was entered on."""
    hand = seen.ledger.hands[number - 1]
    if kind == "already":
        then = seen.place.evening.as_of(expected) if expected else None
        return then is not None and hand not in then.hands
    replaces = [a for a in seen.ledger.audit if a.action == "replace" and a.hand == hand.id]
    if kind == "dealt":
        return any((a.before or {}).get("players") != (a.after or {}).get("players") for a in replaces)
    return kind != "replaced" or bool(replaces)


def preview_page(
    place: Place,
    site_title: str,
    preview: tarockscore.Preview,
    given: Mapping[str, str],
    carried: Mapping[str, object],
    lang: str | None,
) -> str:
    """A hand's arithmetic bet by bet, and the button that records it: the hand and ``carried`` (the
    code, version, request key, the number of the hand it replaces, who dealt it) in hidden fields."""
    title = place_title(place, site_title)
    number, replacing = preview.number, carried.get("number") is not None
    action = esc(link(place.path + "/hand", lang=lang))
    hidden = html.hidden_fields({**{k: v for k, v in given.items() if k != html.EXTRAS}, **carried})
    body = "\n".join(
        [
            html.header(title),
            f'<section class="preview">{html.preview_html(preview, replacing)}</section>',
            f'<form method="post" id="confirm-form" action="{action}">{hidden}',
            f'<button type="submit" name="action" value="record" class="primary">{esc(html.record_label(number, replacing))}</button>',
            f'<button type="submit" name="action" value="edit">{esc(_("Change the hand"))}</button>',
            "</form>",
        ]
    )
    return html.page(title, body, data={"data-table": place.key, "data-version": carried["expected"]})


def board_fragment(site: Site) -> str:
    """The day's standings (or the evening's totals) and each table's progress, read now."""
    parts = []
    try:
        standings = site.standings()
    except TarockError:
        standings = None
    if standings is not None:
        parts.append(f"<h2>{esc(_('Standings'))}</h2>")
        # a column per round: on a phone the table scrolls sideways, the page does not
        table_html = render_tournament.standings_table_html(standings.tournament, standings.rows)
        parts.append(f'<div class="scroll">{table_html}</div>')
    rows: list[list[object]] = []
    for place in site.places():
        # a number on its word's line on a phone: "Runde 1," over "Tisch 1", never "Tisch" over "1"
        name = re.sub(r" (?=\d)", "\u00a0", place_title(place, site.title))
        try:
            seen = read_table(place)
        except TarockError:  # a ledger that cannot be read now: the board says so and goes on
            rows.append([name, "?", ""])
            continue
        sheet = seen.sheet
        played = len(sheet.hands)
        if sheet.on_paper:  # its result taken from its paper sheet: no hand is recorded on it
            progress = _("paper sheet")
        elif place.closed and not played:  # its round is over: it is not about to begin
            progress = _("not played")
        else:
            progress = f"{played} / {place.games}" if place.games else str(played)
            if place.closed or evening_closed(seen):  # its round, or its ledger, closed at the desk
                progress = _("{progress}, closed").format(progress=progress)
        rows.append([name, progress, last_change(sheet)])
        if standings is None:
            parts.append(f"<h2>{esc(_('Totals'))}</h2>")
            parts.append(
                html.table(
                    [_("player"), _("total")], [[p, sheet.totals[p]] for p in sheet.players], cls="totals"
                )
            )
    parts.append(f"<h2>{esc(_('Tables'))}</h2>")
    parts.append(html.table([_("table"), _("hands"), _("last update")], rows, cls="progress"))
    return "\n".join(parts)


def last_change(sheet: tarockscore.Sheet) -> str:
    """When the sheet last changed (its last hand): the time alone today, else with its date; "-" before."""
    stamps = [h.recorded for h in sheet.hands] + [a.at for a in sheet.audit]
    times = [t for t in map(render_evening.local_time, stamps) if t is not None]
    if not times:
        return "-"
    last = max(times, key=lambda t: t.timestamp())
    clock = last.strftime("%H:%M")
    if last.date() == dt.date.today():
        return clock
    return f"{i18n.date(last.date())} {clock}"


def board_page(site_title: str, fragment: str, lang: str | None) -> str:
    body = (
        html.header(site_title, '<span id="live" class="live"></span>' + languages("/board"))
        + f'<main id="board" class="board">{fragment}</main>'
        + texts_block()
    )
    head = '<noscript><meta http-equiv="refresh" content="15"></noscript>'
    return html.page(
        _("Board: {name}").format(name=site_title),
        body,
        head=head,
        data={"data-board": "1", "data-lang": lang or ""},
    )


def cards_page(site_title: str, cards: Sequence[tuple[Place, str]]) -> str:
    """One card per table to print: its players, Forehand of hand 1, its address and QR code."""
    out = []
    for place, url in cards:
        seats = "".join(f"<li>{esc(p)}</li>" for p in place.players)
        first = place.players[0]  # the first seat is Forehand of the first hand
        out.append(
            "\n".join(
                [
                    '<section class="card">',
                    f"<h2>{esc(place_title(place, site_title))}</h2>",
                    f"<ol>{seats}</ol>",
                    f"<p>{esc(_('Forehand of hand 1: {player}').format(player=first))}</p>",
                    f'<div class="qr">{qr_svg(url)}</div>',
                    f'<p class="url">{esc(url)}</p>',
                    "</section>",
                ]
            )
        )
    return html.page(_("Table cards: {name}").format(name=site_title), "\n".join(out), script=False)


def index_page(site_title: str, places: Sequence[Place], lang: str | None) -> str:
    items = "".join(
        f'<li><a href="{esc(link(p.path, lang=lang))}">{esc(place_title(p, site_title))}</a></li>'
        for p in places
    )
    body = (
        html.header(site_title, languages("/"))
        + f'<p><a href="{esc(link("/board", lang=lang))}">{esc(_("board"))}</a></p><ul class="places">{items}</ul>'
    )
    return html.page(site_title, body)
