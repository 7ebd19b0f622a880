"""The web application of ``serve``: its addresses, who may write, each answer, and running it on a bound socket until Ctrl-C (web layer)."""

import asyncio
import contextlib
import errno
import functools
import ipaddress
import json
import logging
import math
import re
import socket
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple, TextIO
from urllib.parse import parse_qsl

import segno
import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from uvicorn.protocols.http.h11_impl import H11Protocol

from tarockscore import i18n
from tarockscore.errors import N_, Shown, TarockError, message, one_of
from tarockscore.i18n import _
from tarockscore.render import cards as render_cards
from tarockscore.render import evening as render_evening
from tarockscore.web import html, pages, writes
from tarockscore.web.html import esc
from tarockscore.web.site import Place, Site
from tarockscore.web.writes import WRITES, Answer, os_error, previewed

# a weight of Accept-Language (RFC 9110 §12.4.2): 0 to 1, at most three decimals (1, 0.8, 0)
_QVALUE = re.compile(r"0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?")


def _weight(params: list[str]) -> Decimal | None:
    """An Accept-Language entry's weight, 1 where none is given; None: not a weight."""
    for param in params:
        name, _, value = param.partition("=")
        if name.strip().lower() == "q":
            return Decimal(value.strip()) if _QVALUE.fullmatch(value.strip()) else None
    return Decimal(1)


# -- app -------------------------------------------------------------------------------------------

# A table page's address: its own fields; any other is an answer of the next hand, carried through a
# correction made without script
ADDRESS = html.CONTROL | {"done", "hand", "part"}
# What the hand's form asks of its address: its arithmetic, to record it, and the page's own
# buttons without script (the hand back in its form; a hand chosen to replace, delete or deal anew)
ACTIONS = ("preview", "record", "edit", "replace", "delete", "deal")

STATIC = Path(__file__).parent / "static"

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    # A table's address carries its code: no other site is told it; a form posted to this server
    # carries its own origin ("no-referrer" would make it "null", refused as cross-site).
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


# The printed cards are one page with its own style (render/cards.py): this response lets that
# style alone in, by its hash; scripts stay the server's own.
CARDS_HEADERS = HEADERS | {
    "Content-Security-Policy": HEADERS["Content-Security-Policy"].replace(
        "style-src 'self'", f"style-src 'self' {render_cards.STYLE}"
    )
}


class Refused(Exception):
    """A request refused: its status, its error key (docs/serve.md), the reason (translated when
    answered), and the form's field it is about (``where``: "" for the request as a whole)."""

    def __init__(
        self, status: int, error: str, text: str, headers: Mapping[str, str] | None = None, where: str = ""
    ) -> None:
        super().__init__(text)
        self.status, self.error, self.text, self.headers = status, error, text, dict(headers or {})
        self.where = where


# A form of a hand is a few hundred bytes and a few dozen fields; a body past these is no form of
# ours. A body has BODY_SECONDS to arrive whole (a phone on a bad network sends it in well under that).
MAX_FORM = 64 * 1024
MAX_FIELDS = 500
BODY_SECONDS = 20.0
TOO_LARGE = N_("this is no form of a hand: it is too large")
# The one encoding a form is read in: an HTML form's default, and curl's -d
URLENCODED = "application/x-www-form-urlencoded"


def too_large() -> Refused:
    # the rest of the body is not read: the connection is closed after the answer
    return Refused(413, "too_large", TOO_LARGE, {"Connection": "close"})


async def form_of(request: Request) -> dict[str, str]:
    """The fields of a URL-encoded form; refused past :data:`MAX_FORM` bytes or :data:`MAX_FIELDS`
    fields, sent in another encoding (a multipart form's code would not be read), when not UTF-8,
    with a field given twice (which of them was meant is not known), or when it does not arrive."""
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind and kind != URLENCODED:
        said = N_(
            "this form is sent as {kind}: the server reads a form sent as {expected} (a web form's default, curl -d); nothing was written"
        )
        text = message(said, kind=kind, expected=URLENCODED)
        raise Refused(415, "bad_form", text, {"Connection": "close"})  # the body is not read
    length = request.headers.get("content-length")
    if length is not None and not (
        length.isascii() and length.isdigit() and len(length) <= 12 and int(length) <= MAX_FORM
    ):
        raise too_large()
    body = bytearray()
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_FORM:
                    raise too_large()
    except TimeoutError:
        raise Refused(
            408, "too_slow", N_("the form did not arrive in time: send it again"), {"Connection": "close"}
        ) from None
    except ClientDisconnect:
        raise Refused(400, "bad_form", N_("the form did not arrive whole: send it again")) from None
    try:
        fields = parse_qsl(body.decode(), keep_blank_values=True, max_num_fields=MAX_FIELDS, errors="strict")
    except UnicodeDecodeError:
        raise Refused(400, "bad_form", N_("the form could not be read: it is not UTF-8 text")) from None
    except ValueError:  # more fields than max_num_fields
        raise too_large() from None
    return once(fields, N_("the form gives {field!r} more than once; nothing was written"))


def once(fields: Iterable[tuple[str, str]], said: str) -> dict[str, str]:
    """A form's or an address's fields by name; refused with a field given twice (which of them was
    meant is not known), ``said`` naming it."""
    given: dict[str, str] = {}
    for name, value in fields:
        if name in given:
            raise Refused(400, "bad_form", message(said, field=name), where=name)
        given[name] = value
    return given


def peer_of(address: str) -> str:
    """Whom the wrong codes are counted against: an IPv4 address, an IPv6 address's /64 (a phone
    changes the rest of its address at will), anything else as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(frozen=True, slots=True)
class Settings:
    """How the server runs: its language, the cards' address, the event stream, the proxy believed."""

    lang: str | None = None
    base_url: str | None = None
    poll_seconds: float = 1.0
    stream_seconds: float = 300.0
    # the one peer (a reverse proxy's address) whose X-Forwarded-For and X-Forwarded-Proto are
    # believed; None: no one's (``serve --proxy``)
    proxy: str | None = None


class Sent(NamedTuple):
    """A form sent to a table: the change asked (``hand``, ``undo``, ``delete``), the code it
    carries, its fields, the number of the hand it replaces or deletes, and the page's language."""

    request: Request
    place: Place
    what: str
    code: str
    form: dict[str, str]
    number: int | None
    lang: str | None


class Watcher:
    """One look at the tables' files (:meth:`Site.stamp`) at most every ``every`` seconds, however
    many event streams are open: the first stream to ask once the last look is old looks for all."""

    def __init__(self, site: Site, every: float) -> None:
        self.site = site
        self.every = every
        self.looks = 0  # how often the files were looked at (for the tests)
        self._when = -math.inf
        self._looking = False
        self._stamp: object = None
        self._event = ""

    async def event(self) -> str:
        """The latest ``change`` event ("" until the first look is done)."""
        if not self._looking and time.monotonic() - self._when >= self.every:
            self._looking = True  # one event loop: no other stream looks meanwhile
            try:
                stamp = await run_in_threadpool(self.site.stamp)
            finally:
                self._looking = False
                self._when = time.monotonic()
            self.looks += 1
            if stamp != self._stamp:
                self._stamp = stamp
                data = {key: "-".join(map(str, seen)) for key, *seen in stamp}
                self._event = f"event: change\ndata: {json.dumps(data)}\n\n"
        return self._event


class Web:
    """The handlers, around one :class:`Site`."""

    def __init__(self, site: Site, settings: Settings) -> None:
        self.site = site
        self.settings = settings
        self.watcher = Watcher(site, settings.poll_seconds)

    # -- the request's language, code and origin ----------------------------------------------

    def language(self, request: Request) -> str:
        asked = self.lang_param(request)
        if asked:
            return str(i18n.language_of(asked))
        if self.settings.lang:
            return self.settings.lang
        offered: list[tuple[Decimal, str]] = []  # (weight, language), in the header's order
        for part in request.headers.get("accept-language", "").split(","):
            tag, *params = part.split(";")
            found = i18n.language_of(tag) if tag.strip() else None
            weight = _weight(params)
            if found and weight:  # None: a weight that is none; 0: not acceptable (RFC 9110 §12.4.2)
                offered.append((weight, found))
        # the highest weight, the first of equal ones (max keeps the first)
        return max(offered, key=lambda o: o[0])[1] if offered else i18n.DEFAULT

    @staticmethod
    def lang_param(request: Request) -> str | None:
        asked = request.query_params.get("lang")
        return asked if asked and i18n.language_of(asked) else None

    @staticmethod
    def params(request: Request) -> dict[str, str]:
        """The address's fields; refused with a field given twice (:func:`once`)."""
        said = N_("the address gives {field!r} more than once: give it once")
        return once(request.query_params.multi_items(), said)

    @staticmethod
    def wants_json(request: Request) -> bool:
        return "application/json" in request.headers.get("accept", "")

    def forwarded(self, request: Request, header: str) -> str | None:
        """The last value of a forwarded header, believed only from the proxy named by ``--proxy``."""
        peer = request.client.host if request.client else None
        if self.settings.proxy is None or peer is None or peer_of(peer) != peer_of(self.settings.proxy):
            return None
        value = request.headers.get(header, "").split(",")[-1].strip()
        return value or None

    def client(self, request: Request) -> str:
        """The client the wrong codes count against: the peer, or the address ``--proxy`` forwards."""
        peer = request.client.host if request.client else "?"
        said = self.forwarded(request, "x-forwarded-for")
        if said is not None:
            with contextlib.suppress(ValueError):
                peer = str(ipaddress.ip_address(said))
        return peer_of(peer)

    def cross_site(self, request: Request) -> bool:
        """Whether the request comes from a page of another site (a form or a script there)."""
        fetch_site = request.headers.get("sec-fetch-site")
        if fetch_site == "same-origin":  # the browser's own word, which no page can set
            return False
        if fetch_site is not None and fetch_site != "none":
            return True
        origin = request.headers.get("origin")
        if origin is None:  # a script (curl) or an old browser: the code still guards the table
            return False
        scheme = self.forwarded(request, "x-forwarded-proto") or request.url.scheme
        return origin != f"{scheme}://{request.headers.get('host', '')}"

    # -- answers -----------------------------------------------------------------------------

    def answer(
        self,
        request: Request,
        status: int,
        data: Mapping[str, Any],
        page_of: Callable[[], str],
        headers: Mapping[str, str] | None = None,
    ) -> Response:
        headers = {**HEADERS, **(headers or {})}
        if self.wants_json(request):
            return JSONResponse(dict(data), status_code=status, headers=headers)
        return HTMLResponse(page_of(), status_code=status, headers=headers)

    def again(self, sent: Sent, status: int, body: Mapping[str, Any], kind: str = "refused") -> Response:
        """A refusal's JSON, or the table's page again with its reasons, each beside its field (a
        hand's form with the answers sent)."""
        problems = body["problems"]
        at = {p["where"]: p["message"] for p in problems if p["where"]}
        hand = sent.what == "hand"
        # a correction refused: the next hand's answers it carried stay in its form
        carried = html.kept(sent.form, replaced=False)
        given, number = (sent.form, sent.number) if hand else (carried or None, None)
        if given and not hand and kind == "stale":
            # unless they are those of a hand recorded meanwhile (on another phone): Record would write it twice
            evening = sent.place.evening
            expected = sent.form.get("expected", "")
            moved = writes.moved(evening, "hand", html.answers_of(given), None, expected, evening.read())
            if moved.body.get("error") == "already_on_sheet":
                given, problems = None, [*problems, *moved.body["problems"]]
        if sent.what == "deal" and sent.number is not None and kind == "refused":
            # a deal the hand does not fit (its declarer sits out now): the hand's form with that
            # deal, its answers as the sheet has them, each one that cannot stand said beside it
            stored = pages.entry_of(sent.place, sent.number)
            if stored is not None:
                parked = {html.NEXT + key: value for key, value in carried.items()}
                given = {**html.filled(stored), "dealer": sent.form.get("dealer", ""), **parked}
                hand, number = True, sent.number

        def page_of() -> str:
            entry = pages.entry_of(sent.place, number, (given or {}).get("dealer")) if hand else None
            lead = html.unchanged(hand=hand) if kind == "refused" else ""
            notice = html.message_html(
                kind, html.named(problems, entry, given or {}), lead, [p["where"] for p in problems]
            )
            return pages.table_page(
                self.site,
                sent.place,
                sent.code,
                sent.lang,
                given=given,
                refused=at,
                replace=number,
                notice=notice,
                typed=sent.form if sent.what in writes.RADL else None,
            )

        return self.answer(sent.request, status, body, page_of)

    # -- what no handler answers itself ---------------------------------------------------------

    async def refused(self, request: Request, exc: Exception) -> Response:
        """Whatever a handler raised, answered as a refusal (:func:`refusal`) in the players' words."""
        why = refusal(exc)  # its log line in the server's words, not the request's
        try:
            lang = self.language(request)
        except Exception:  # the request's own headers are the trouble
            lang = i18n.DEFAULT
        with i18n.language(lang):
            text = i18n.translated(why.text)
            body = {"ok": False, "error": why.error, "problems": [{"where": why.where, "message": text}]}
            said = html.message_html("refused", [text]) + self.way_on(request, why)
            page_of = functools.partial(html.page, text, said, script=False)
            return self.answer(request, why.status, body, page_of, why.headers)

    def way_on(self, request: Request, why: Refused) -> str:
        """Below a refusal at a table's address, the way back to its page: with the code that opened
        it (a change the sheet could not take now, a hand taken back since its line was tapped); a
        wrong code's to its sheet, which reading needs no code for."""
        place = self.site.place(request.path_params.get("key", ""))
        lang = self.lang_param(request)
        if place is None:
            return ""
        if why.error == "wrong_code" and request.method == "GET":
            href, said = pages.link(place.path, lang=lang), _("the sheet, reading only")
        else:
            code = getattr(request.state, "code", None)  # set once the code opened the table
            href, said = pages.link(place.path, code=code, lang=lang), _("back to the sheet")
        return f'<p><a href="{esc(href)}">{esc(said)}</a></p>'

    async def in_thread(self, request: Request, work: Callable[[], Response | str]) -> Response:
        """``work`` run off the event loop (it reads and writes files), in the request's language;
        a page it makes answered as HTML."""

        def run() -> Response:
            with i18n.language(self.language(request)), i18n.players_names():
                done = work()
            return HTMLResponse(done, headers=HEADERS) if isinstance(done, str) else done

        return await run_in_threadpool(run)

    # -- who may read and write ----------------------------------------------------------------

    def place(self, request: Request) -> Place:
        place = self.site.place(request.path_params["key"])
        if place is None:
            raise Refused(404, "not_found", N_("no such table"))
        return place

    def gate(self, request: Request, place: Place, code: str, *, write: bool) -> None:
        """Refused (403, 429) unless the request may go on. The right code always opens; only a
        wrong one is counted, and a client past the limit of wrong codes is answered 429."""
        if write and self.cross_site(request):
            raise Refused(403, "cross_site", N_("a change must come from this table's page"))
        if code and not self.site.is_code(place, code):
            raise self.wrong_code(
                request, N_("this code does not open this table: scan the QR code on the table's card again")
            )
        if write and code and not self.site.opens(place, code):
            raise Refused(403, "round_closed", message(pages.ROUND_CLOSED, round=place.round))
        if write and not code:
            raise Refused(403, "no_code", N_("recording needs the table's code (its card's address)"))
        request.state.code = code

    def wrong_code(self, request: Request, text: str) -> Refused:
        if self.site.limiter.wrong(self.client(request)):
            return Refused(429, "too_many", N_("too many wrong codes: wait a minute"))
        return Refused(403, "wrong_code", text)

    # -- reading -----------------------------------------------------------------------------

    def live(self, request: Request, place: Place, code: str, replace: int | None) -> dict[str, Any]:
        """The parts of a table's page that follow the sheet, for the page's script."""
        seen = pages.read_table(place)
        lang = self.lang_param(request)
        params = request.query_params
        opened = code if self.site.opens(place, code) else ""  # a closed round's table code only reads
        entry = pages.entry_of(place, replace, params.get("dealer"), seen) if opened else None
        closed = entry is None and pages.evening_closed(seen)
        notice = pages.done_notice(seen, params)
        if entry is None and opened:  # the form goes: the page says why
            notice += pages.no_form(seen, replace, closed, opened, lang, {})
        instead = pages.instead_of_next(place, seen, closed)
        return {
            "ok": True,
            "version": seen.version,
            "number": entry.number if entry is not None else None,
            "head": pages.hand_head(seen, entry, code=opened, lang=lang) if entry is not None else "",
            "sheet": html.sheet_html(seen.ledger, seen.sheet, pages.explain_link(place, code, lang), instead),
            "corrections": pages.corrections(
                seen, code=opened, lang=lang, hand=entry is not None and not entry.replacing, closed=closed
            ),
            "notice": notice,
            "status": pages.status_line(seen, code, opened, closed),
            "closed": closed,
        }

    async def table(self, request: Request) -> Response:
        params = self.params(request)
        place = self.place(request)
        code = params.get("code", "")
        self.gate(request, place, code, write=False)
        number = html.whole(params.get("replace"))
        # the next hand's answers so far, carried through a correction made without script: in
        # its form, or kept beside the hand being replaced
        answers = {k: v for k, v in params.items() if k not in ADDRESS}

        def work() -> Response | str:
            if params.get("part") == "live":
                return JSONResponse(self.live(request, place, code, number), headers=HEADERS)
            seen = pages.read_table(place)
            if self.wants_json(request):
                # the next hand, or why there is none, as the page says it
                closed = pages.evening_closed(seen)
                said = writes.closed(place) if closed else pages.instead_of_next(place, seen, closed)
                data = {
                    "ok": True,
                    "version": seen.version,
                    "next": said or render_evening.next_text(seen.ledger),
                    "sheet": render_evening.sheet_json(seen.sheet),
                }
                return JSONResponse(data, headers=HEADERS)
            return pages.table_page(
                self.site,
                place,
                code,
                self.lang_param(request),
                notice=pages.done_notice(seen, params),
                replace=number,
                deleting=html.whole(params.get("delete")),
                given=answers or None if number is None else None,
                parked=answers,
                dealer=params.get("dealer") if number is not None else None,
                dealing=(html.whole(params.get("deal")), params.get("dealer")),
                seen=seen,
            )

        return await self.in_thread(request, work)

    async def explain(self, request: Request) -> Response:
        """A hand's explanation, as ``explain N`` prints it: read with a code or without."""
        params = self.params(request)
        place = self.place(request)
        code = params.get("code", "")
        self.gate(request, place, code, write=False)
        number = html.whole(request.path_params["number"])

        def work() -> str:
            snapshot = place.evening.read()  # once: a hand taken back meanwhile is no such hand
            if number is None or not 1 <= number <= len(snapshot.ledger.hands):
                raise Refused(404, "not_found", N_("there is no such hand on this table's sheet"))
            explained = place.evening.explain(number, snapshot)
            return pages.explain_page(self.site, place, explained, code, self.lang_param(request))

        return await self.in_thread(request, work)

    async def fields(self, request: Request) -> Response:
        """The form's fields for the answers so far; a field's error comes only with the hand sent."""
        form = await form_of(request)
        place = self.place(request)

        def work() -> str:
            entry = pages.entry_of(place, html.whole(form.get("number")), form.get("dealer"))
            return html.fields_html(entry, form) if entry else ""

        return await self.in_thread(request, work)

    # -- writing -----------------------------------------------------------------------------

    async def write(self, request: Request) -> Response:
        what = request.url.path.rsplit("/", 1)[1]  # one of WRITES: another name is no such page
        form = await form_of(request)
        place = self.place(request)
        code = form.get("code") or self.params(request).get("code", "")
        self.gate(request, place, code, write=True)
        number = form.get("number", "")
        if number.strip() and html.whole(number) is None:  # a correction names its hand: never a new one
            said = N_("{number!r} is no hand's number: the form gives it in digits, 1 or more")
            raise Refused(400, "bad_form", message(said, number=Shown(number)))
        if what == "hand" and form.get("action", "preview") not in ACTIONS:  # a typo never records
            said = N_("{action!r} is no action of the form; it is one of {allowed}; nothing was written")
            text = message(said, action=Shown(form["action"]), allowed=one_of(ACTIONS, in_order=True))
            raise Refused(400, "bad_form", text, where="action")
        if what == "deal" and (shown := self.params(request).get("dealer")):
            # the page's button under a deal shown, sending the next hand's form (its answers go
            # with it): the dealer corrected to is the one shown, not the chooser's since
            form = {**form, "dealer": shown}
        sent = Sent(request, place, what, code, form, html.whole(number), self.lang_param(request))
        return await self.in_thread(request, lambda: self.changed(sent))

    def changed(self, sent: Sent) -> Response | str:
        given = html.answers_of(sent.form)
        action = sent.form.get("action", "preview" if sent.what == "hand" else "record")
        if sent.what == "hand" and action == "edit":
            return pages.table_page(
                self.site, sent.place, sent.code, sent.lang, given=sent.form, replace=sent.number
            )
        if sent.what == "hand" and action == "preview":
            return self.preview(sent, given)
        if sent.what == "hand" and action in ("replace", "delete", "deal"):
            # a hand chosen to replace, delete or deal anew from the page without script: its form
            # (or the question) at the page's address, the next hand's answers so far carried in it
            query: dict[str, object] = {
                **html.kept(sent.form, replaced=False),
                "code": sent.code,
                "lang": sent.lang,
                action: html.whole(sent.form.get(action)),
            }
            if action == "deal":
                query["dealer"] = sent.form.get("dealer")
            target = pages.link(sent.place.path, **query)
            return RedirectResponse(target + ("" if action == "replace" else "#corrections"), 303, HEADERS)
        return self.after_write(
            sent, writes.write(self.site, sent.place, sent.what, sent.form, given, sent.number)
        )

    def preview(self, sent: Sent, given: dict[str, str]) -> Response:
        evening, number = sent.place.evening, sent.number
        expected = sent.form.get("expected") or evening.version()
        snapshot = evening.read()  # one that does not read is answered as its page is (503)
        if snapshot.head != expected:
            # a hand entered on a sheet that has moved since: answered as its Record would be
            return self.after_write(sent, writes.moved(evening, "hand", given, number, expected, snapshot))
        dealer = (sent.form.get("dealer") or None) if number is not None else None
        found = previewed(evening, number, given, dealer, writes.closed(sent.place))
        if isinstance(found, list):
            return self.again(sent, 422, {"ok": False, "error": "refused", "problems": found})
        preview, hand = found
        shown = html.preview_html(preview, number is not None)
        data = {"ok": True, "number": preview.number, "hand": hand, "html": shown, "version": expected}
        carried = {
            "code": sent.code,
            "expected": expected,
            "request": sent.form.get("request") or pages.request_key(),
            "number": number,
            "dealer": dealer,
        }
        page_of = functools.partial(
            pages.preview_page, sent.place, self.site.title, preview, given, carried, sent.lang
        )
        return self.answer(sent.request, 200, data, page_of)

    def after_write(self, sent: Sent, result: Answer) -> Response:
        """JSON as the write answered; a page without script goes back to the table's page, or the form."""
        if self.wants_json(sent.request):
            return JSONResponse(result.body, status_code=result.status, headers=HEADERS)
        body = result.body
        done = ""
        if result.status == 200:
            done = {
                "hand": "recorded" if sent.number is None else "replaced",
                "undo": "undone",
                "deal": "dealt",
                "radl": "radl",
                "strike": "radl",
            }.get(sent.what, "deleted")
        elif result.status == 409 and body.get("error") == "already_on_sheet":
            done = "already"
        if done:
            hand = body.get("number")
            if done == "undone":  # the hand taken back was the last: one past the sheet after it
                hand = len(body.get("sheet", {}).get("hands", [])) + 1
            # the next hand's answers so far, sent with a correction or kept beside a hand replaced
            replaced = sent.what == "hand"
            carried = html.kept(sent.form, replaced=replaced) if sent.number or not replaced else {}
            query = {**carried, "code": sent.code, "lang": sent.lang, "done": done, "hand": hand}
            # a hand already there, or a take-back or a replacement (what became of a Radl struck):
            # with the sheet it was entered on, which the page checks
            if done in ("already", "undone", "deleted", "replaced"):
                query["expected"] = sent.form.get("expected")
            return RedirectResponse(pages.link(sent.place.path, **query), status_code=303, headers=HEADERS)
        return self.again(sent, result.status, body, "stale" if result.status == 409 else "refused")

    # -- the organiser's pages ---------------------------------------------------------------

    async def board(self, request: Request) -> Response:
        params = self.params(request)

        def work() -> str:
            fragment = pages.board_fragment(self.site)
            if params.get("part"):
                return fragment
            return pages.board_page(self.site.title, fragment, self.lang_param(request))

        return await self.in_thread(request, work)

    async def events(self, request: Request) -> Response:
        """Server-sent events: ``change`` with each table's stamp whenever a ledger was written.
        Every open stream is fed from the one :class:`Watcher`: many boards cost what one does."""
        settings, watcher = self.settings, self.watcher

        async def stream() -> AsyncIterator[str]:
            yield "retry: 2000\n\n"
            last = ""
            loop = asyncio.get_running_loop()
            until = loop.time() + settings.stream_seconds
            quiet = 0.0
            while loop.time() < until:
                event = await watcher.event()
                if event != last:
                    last = event
                    yield event
                    quiet = 0.0
                elif quiet >= 15:
                    yield ": still here\n\n"
                    quiet = 0.0
                await asyncio.sleep(settings.poll_seconds)
                quiet += settings.poll_seconds

        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def cards(self, request: Request) -> Response:
        params = self.params(request)
        code = params.get("code", "")
        if not self.site.is_organiser(code):
            text = N_("the table cards need the organiser's code")
            raise self.wrong_code(request, text) if code else Refused(403, "wrong_code", text)

        def work() -> Response | str:
            places = self.site.places()
            base = self.settings.base_url or str(request.base_url)
            if not self.site.tournament:  # an evening: its one table
                cards = [(p, pages.address(base, p, self.site.code(p.key))) for p in places]
                return pages.cards_page(self.site.title, cards)
            rounds = sorted({p.round for p in places if p.round is not None})
            if not rounds:
                text = _("no round is drawn yet: the cards are there once it is")
                return html.page(text, html.message_html("ok", [text]), script=False)
            # a day: the round's cards as `tournament cards` prints them, each with its table's address
            asked = params.get("round", "")
            number = html.whole(asked) if asked else rounds[-1]
            if number not in rounds:  # another round's cards would be printed for the one asked
                said = N_("{round!r}: no round of this name is drawn; drawn: {rounds}")
                text = message(said, round=asked, rounds=", ".join(map(str, rounds)))
                raise Refused(404, "not_found", text)
            t, drawn = self.site.day.round_drawn(number)
            printed = render_cards.cards_html(t, drawn, pages.round_links(self.site, base, number))
            return HTMLResponse(printed, headers=CARDS_HEADERS)

        return await self.in_thread(request, work)

    async def index(self, request: Request) -> Response:
        self.params(request)
        lang = self.lang_param(request)
        return await self.in_thread(
            request, lambda: pages.index_page(self.site.title, self.site.places(), lang)
        )


def make_app(site: Site, settings: Settings | None = None) -> Starlette:
    """The application serving ``site``."""
    web = Web(site, settings or Settings())
    routes = [
        Route("/", web.index),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/board", web.board),
        Route("/events", web.events),
        Route("/cards", web.cards),
        Route("/t/{key}", web.table),
        Route("/t/{key}/fields", web.fields, methods=["POST"]),
        Route("/t/{key}/explain/{number}", web.explain),
        *(Route(f"/t/{{key}}/{what}", web.write, methods=["POST"]) for what in WRITES),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Any] = dict.fromkeys(
        (Refused, HTTPException, TarockError, OSError, Exception), web.refused
    )
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.web = web
    return app


# No such address, a method it does not take (answered with ``Allow``)
HTTP_ERRORS = {
    404: ("not_found", N_("there is no such page")),
    405: ("method", N_("this address does not take this kind of request")),
}


def refusal(exc: Exception) -> Refused:
    """What the players are answered for an exception: a :class:`Refused` as it is; an address's
    error; a file that cannot be read or written now (503, no path; the page sends the hand again);
    anything else a plain 500, nothing of the error's (its traceback goes to the log)."""
    if isinstance(exc, Refused):
        return exc
    if isinstance(exc, HTTPException):
        error, text = HTTP_ERRORS.get(exc.status_code, ("refused", N_("this request could not be answered")))
        return Refused(exc.status_code, error, text, exc.headers)
    if isinstance(exc, TarockError | OSError):
        LOG.warning("%s", exc)
        return Refused(503, "unavailable", trouble_text(exc), {"Retry-After": "10"})
    return Refused(500, "server", N_("the server could not answer this: nothing was written; try again"))


def trouble_text(exc: BaseException) -> str:
    """Why a file could not be read or written, in the players' words."""
    seen = os_error(exc)
    code = seen.errno if seen is not None else None
    if code in (errno.ENOSPC, errno.EDQUOT):
        return N_("the server's disk is full: nothing was written; the organiser must make room on it")
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return N_(
            "the server may not write this table's sheet: nothing was written; the organiser must allow it"
        )
    if seen is not None:
        return N_(
            "the server could not read or write this table's sheet: nothing was written; try again in a moment"
        )
    return N_(
        "this table's sheet cannot be read or written just now: nothing was written; the organiser sees why in the server's window"
    )


# -- server ----------------------------------------------------------------------------------------

__all__ = ["Site", "run", "terminal_qr"]

LOG = logging.getLogger("uvicorn.error")  # the server's window: where uvicorn says its own
# A connection has HEAD_SECONDS to send a whole request head, from its opening and from its last
# answer; an idle one is closed KEEP_ALIVE seconds after its answer; a request head is at most
# HEAD_BYTES (an address with its code is a few hundred bytes).
HEAD_SECONDS = 10.0
KEEP_ALIVE = 5
HEAD_BYTES = 8 * 1024
# Files the server may need besides its connections: those accepted under a flood before the ones
# they close are gone (asyncio accepts up to the backlog at a time, a few times over before a
# closed connection's file is let go), and its own (ledgers, locks, the codes, modules).
BACKLOG = 64
SPARE_FILES = 4 * BACKLOG + 64


class Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with two limits of ours: a connection without a whole request
    head :data:`HEAD_SECONDS` after it opened or after its last answer is closed; at the limit of
    open connections a new one closes the one that has waited longest for its request head (so
    half-sent requests never keep out a phone), or itself when every one is busy answering."""

    _head: asyncio.TimerHandle | None = None
    _waiting_since = 0.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm()
        limit = self.limit_concurrency
        if limit is not None and len(self.connections) >= limit:  # uvicorn answers 503 from here on
            idle = [c for c in self.connections if isinstance(c, Protocol) and c._idle() and c is not self]
            if idle:
                min(idle, key=lambda c: c._waiting_since).transport.close()
            else:
                transport.close()

    def _idle(self) -> bool:
        """Whether no request of this connection is being answered (it waits for a request head)."""
        return (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing()

    def _arm(self) -> None:
        if self._head is not None:
            self._head.cancel()
        self._waiting_since = self.loop.time()
        self._head = self.loop.call_later(HEAD_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        self._head = None
        if self._idle():
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def send_400_response(self, msg: str) -> None:
        """A request that is not HTTP (a TLS greeting: https:// typed), answered as uvicorn does and
        said in the server's window by its sender, and that nothing was written (uvicorn's own line,
        "Invalid HTTP request received.", is left out: it says neither)."""
        sender = self.client[0] if self.client else "?"
        LOG.warning(
            _(
                "{client} sent a request that is not HTTP (an address typed with https://?): answered 400, nothing was written"
            ).format(client=sender)
        )
        super().send_400_response(msg)

    def _unsupported_upgrade_warning(self) -> None:
        """An upgrade asked for (a WebSocket, h2c) is left out and the request answered as HTTP/1.1:
        nothing for the server's window (uvicorn's lines advised installing a WebSocket library)."""

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head is not None:
            self._head.cancel()
            self._head = None
        super().connection_lost(exc)


class OncePerMinute(logging.Filter):
    """Each log line (its logger, words, exception's class) at most once a minute, the next one
    saying how many were left out: a flood of bad requests cannot flood the window or the disk."""

    def __init__(self, seconds: float = 60.0) -> None:
        super().__init__()
        self.seconds = seconds
        self._last: dict[tuple[str, str, str], tuple[float, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        key = (record.name, record.getMessage()[:200], kind)
        now = time.monotonic()
        with self._lock:
            when, left_out = self._last.get(key, (-math.inf, 0))
            if now - when < self.seconds:
                self._last[key] = (when, left_out + 1)
                return False
            if len(self._last) > 1000:
                self._last.clear()
            self._last[key] = (now, 0)
        if left_out:
            record.msg = f"{record.msg} ({left_out} more like it in the last minute, not shown)"
        return True


def open_files() -> int:
    """How many files this process may have open, raised to the hard limit (at most 4096)."""
    if sys.platform == "win32":
        return 512
    import resource  # noqa: PLC0415 - POSIX only

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return 4096 if soft == resource.RLIM_INFINITY else soft


def server_config(app: Starlette) -> uvicorn.Config:
    """uvicorn as ``serve`` runs it: no forwarded headers of its own (the app believes ``--proxy``'s),
    no access log, repeated error lines once a minute, the limits of :class:`Protocol`."""
    config = uvicorn.Config(
        app,
        http=Protocol,
        log_level="warning",
        access_log=False,
        lifespan="off",
        proxy_headers=False,
        server_header=False,
        timeout_graceful_shutdown=2,
        timeout_keep_alive=KEEP_ALIVE,
        h11_max_incomplete_event_size=HEAD_BYTES,
        backlog=BACKLOG,
        limit_concurrency=max(16, open_files() - SPARE_FILES),
    )
    quiet = OncePerMinute()
    for name in ("uvicorn.error", "asyncio"):
        logging.getLogger(name).addFilter(quiet)
    logging.getLogger("uvicorn.error").addFilter(
        lambda record: record.msg != "Invalid HTTP request received."
    )
    return config


def run(site: Site, sock: socket.socket, lang: str | None, base_url: str, proxy: str | None = None) -> None:
    """Serve the site on ``sock`` until Ctrl-C (``proxy``: the reverse proxy whose headers are
    believed). uvicorn stops on it, then raises it again."""
    app = make_app(site, Settings(lang=lang, base_url=base_url, proxy=proxy))
    try:
        uvicorn.Server(server_config(app)).run(sockets=[sock])
    finally:
        sock.close()


def terminal_qr(url: str, out: TextIO) -> None:
    """The QR code of ``url``, drawn in the terminal's characters."""
    segno.make(url, error="m").terminal(out=out, compact=True)
