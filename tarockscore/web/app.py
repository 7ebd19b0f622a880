"""The web application of ``serve``: its addresses, who may write, each answer, and running it on a bound socket until Ctrl-C (web layer)."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import parse_qsl

import segno
import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import tarockscore
from tarockscore import i18n
from tarockscore.errors import TarockError
from tarockscore.i18n import _
from tarockscore.render import cards as render_cards
from tarockscore.render import evening as render_evening
from tarockscore.web import pages
from tarockscore.web.form import answers_of, fields_html, missing
from tarockscore.web.html import message_html, page, sheet_html
from tarockscore.web.site import Place, Site
from tarockscore.web.writes import WRITES, Answer, Writer, refusal

# -- app -------------------------------------------------------------------------------------------

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


def refused_body(lines: list[str], error: str = "refused") -> dict[str, Any]:
    """The JSON of a refusal (docs/serve.md): each reason as a problem."""
    return {"ok": False, "error": error, "problems": [{"where": "", "message": t} for t in lines]}


# A form of a hand is a few hundred bytes and a few dozen fields; a body past these is no form of ours.
MAX_FORM = 64 * 1024
MAX_FIELDS = 500


async def form_of(request: Request) -> dict[str, str] | None:
    """The fields of a form sent URL-encoded (as a page's form and its script send it); the last
    of a name given twice counts; None for a body past :data:`MAX_FORM` or of more fields than
    any form of ours has. Read with the standard library: no multipart parser needed."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            return None
    text = body.decode("utf-8", errors="replace")
    try:
        return dict(parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_FIELDS))
    except ValueError:  # more fields than max_num_fields
        return None


def whole(text: str | None) -> int | None:
    """A hand's or a round's number as a form or an address gives it: ASCII digits, a few of
    them (``²`` is a digit to ``str.isdigit`` and no number to ``int``); else None."""
    if text and text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


@dataclass(frozen=True, slots=True)
class Settings:
    """How the server runs: its language (None: each phone's own), the address the cards and QR
    codes print, and how often and how long the board's event stream looks for changes."""

    lang: str | None = None
    base_url: str | None = None
    poll_seconds: float = 1.0
    stream_seconds: float = 300.0


class Web:
    """The handlers, around one :class:`Site`."""

    def __init__(self, site: Site, settings: Settings) -> None:
        self.site = site
        self.settings = settings
        self.writer = Writer(site)

    # -- the request's language, code and origin ----------------------------------------------

    def language(self, request: Request) -> str:
        asked = self.lang_param(request)
        if asked:
            return str(i18n.language_of(asked))
        if self.settings.lang:
            return self.settings.lang
        for part in request.headers.get("accept-language", "").split(","):
            found = i18n.language_of(part.split(";")[0]) if part.strip() else None
            if found:
                return found
        return i18n.DEFAULT

    @staticmethod
    def lang_param(request: Request) -> str | None:
        asked = request.query_params.get("lang")
        return asked if asked and i18n.language_of(asked) else None

    @staticmethod
    def wants_json(request: Request) -> bool:
        return "application/json" in request.headers.get("accept", "")

    @staticmethod
    def client(request: Request) -> str:
        return request.client.host if request.client else "?"

    @staticmethod
    def cross_site(request: Request) -> bool:
        """Whether the request comes from a page of another site (a form or a script there)."""
        fetch_site = request.headers.get("sec-fetch-site")
        if fetch_site == "same-origin":  # the browser's own word, which no page can set
            return False
        if fetch_site is not None and fetch_site != "none":
            return True
        origin = request.headers.get("origin")
        if origin is None:  # a script (curl) or an old browser: the code still guards the table
            return False
        return origin != f"{request.url.scheme}://{request.headers.get('host', '')}"

    # -- answers -----------------------------------------------------------------------------

    def answer(
        self, request: Request, status: int, data: Mapping[str, Any], html: Callable[[], str]
    ) -> Response:
        if self.wants_json(request):
            return JSONResponse(dict(data), status_code=status, headers=HEADERS)
        return HTMLResponse(html(), status_code=status, headers=HEADERS)

    def refuse(self, request: Request, status: int, error: str, text: str) -> Response:
        return self.answer(
            request,
            status,
            refused_body([text], error),
            lambda: page(text, message_html("refused", [text]), script=False),
        )

    async def in_thread(self, request: Request, work: Callable[[], Response]) -> Response:
        """``work`` run off the event loop (it reads and writes files), in the request's language."""

        def run() -> Response:
            with i18n.language(self.language(request)), i18n.players_names():
                return work()

        return await run_in_threadpool(run)

    def gate(self, request: Request, place: Place | None, code: str, *, write: bool) -> Response | None:
        """None when the request may go on; else the refusal (404, 429, 403), in the request's language."""
        with i18n.language(self.language(request)):
            if place is None:
                return self.refuse(request, 404, "not_found", _("no such table"))
            who = self.client(request)
            if code and self.site.limiter.blocked(who):
                return self.refuse(request, 429, "too_many", _("too many wrong codes: wait a minute"))
            if write and self.cross_site(request):
                return self.refuse(request, 403, "cross_site", _("a change must come from this table's page"))
            if code and not self.site.is_code(place, code):
                self.site.limiter.wrong(who)
                return self.refuse(request, 403, "wrong_code", _("this code does not open this table"))
            if write and code and not self.site.opens(place, code):
                closed = _(
                    "round {round} is closed: this table's code records no more; the organiser's code can still correct it"
                ).format(round=place.round)
                return self.refuse(request, 403, "round_closed", closed)
            if write and not code:
                return self.refuse(
                    request, 403, "no_code", _("recording needs the table's code (its card's address)")
                )
            return None

    # -- reading -----------------------------------------------------------------------------

    def seen(self, place: Place) -> pages.Seen:
        version = place.evening.version()  # first: the sheet read after it is never older
        ledger = place.evening.ledger
        return pages.Seen(place, version, ledger, place.evening.sheet())

    def entry_of(self, place: Place, replace: int | None) -> tarockscore.HandEntry | None:
        try:
            return tarockscore.hand_entry(place.evening, replace)
        except TarockError:  # the table has played its games, or no such hand: no form
            return None

    def render_table(
        self,
        request: Request,
        place: Place,
        code: str,
        *,
        given: Mapping[str, str] | None = None,
        refused: Mapping[str, str] | None = None,
        notice: str = "",
        replace: int | None = None,
    ) -> str:
        seen = self.seen(place)
        writes = bool(code) and self.site.opens(place, code)
        entry = self.entry_of(place, replace) if writes else None
        if entry is None and writes and replace is None:
            notice += message_html("ok", [_("this table has played all its games")])
        if writes:
            status = ""
        elif code:
            status = _(
                "round {round} is closed: this table's code records no more; the organiser's code can still correct it"
            ).format(round=place.round)
        else:
            status = _("reading only: recording needs the table's code (its card's address)")
        return pages.table_page(
            seen,
            self.site.title,
            code=code if writes else None,
            lang=self.lang_param(request),
            entry=entry,
            given=given,
            refused=refused,
            notice=notice,
            status_line=status,
        )

    def live(self, request: Request, place: Place, code: str, replace: int | None) -> dict[str, Any]:
        """The parts of a table's page that follow the sheet, for the page's script: the version,
        the next hand's number, heading and deal, the sheet, the corrections, and what a change
        made from the page did (``done``, ``hand``)."""
        seen = self.seen(place)
        lang = self.lang_param(request)
        entry = self.entry_of(place, replace) if code else None
        params = request.query_params
        return {
            "ok": True,
            "version": seen.version,
            "number": entry.number if entry is not None else None,
            "head": pages.hand_head(seen, entry, code=code, lang=lang) if entry is not None else "",
            "sheet": sheet_html(seen.ledger, seen.sheet),
            "corrections": pages.corrections(seen, code=code, lang=lang),
            "notice": pages.done_notice(seen, params.get("done", ""), whole(params.get("hand"))),
        }

    async def table(self, request: Request) -> Response:
        place = self.site.place(request.path_params["key"])
        code = request.query_params.get("code", "")
        refused = self.gate(request, place, code, write=False)
        if refused is not None:
            return refused
        assert place is not None
        part = request.query_params.get("part")
        number = whole(request.query_params.get("replace"))
        done = request.query_params.get("done", "")
        hand = whole(request.query_params.get("hand"))

        def work() -> Response:
            if part == "live":
                return JSONResponse(self.live(request, place, code, number), headers=HEADERS)
            if self.wants_json(request):
                seen = self.seen(place)
                data = {
                    "ok": True,
                    "version": seen.version,
                    "next": render_evening.next_text(seen.ledger),
                    "sheet": render_evening.sheet_json(seen.sheet),
                }
                return JSONResponse(data, headers=HEADERS)
            notice = pages.done_notice(self.seen(place), done, hand)
            return HTMLResponse(
                self.render_table(request, place, code, notice=notice, replace=number), headers=HEADERS
            )

        return await self.in_thread(request, work)

    async def fields(self, request: Request) -> Response:
        """The form's fields for the answers so far (the page's script asks after each change);
        no error is shown here: a field's error comes only with the hand sent."""
        place = self.site.place(request.path_params["key"])
        if place is None:
            return self.refuse(request, 404, "not_found", _("no such table"))
        form = await form_of(request)
        if form is None:
            return self.refuse(request, 413, "too_large", _("this is no form of a hand: it is too large"))
        number = whole(form.get("number"))

        def work() -> Response:
            entry = self.entry_of(place, number)
            if entry is None:
                return HTMLResponse("", headers=HEADERS)
            return HTMLResponse(fields_html(entry, form), headers=HEADERS)

        return await self.in_thread(request, work)

    # -- writing -----------------------------------------------------------------------------

    async def write(self, request: Request) -> Response:
        place = self.site.place(request.path_params["key"])
        form = await form_of(request)
        if form is None:
            return self.refuse(request, 413, "too_large", _("this is no form of a hand: it is too large"))
        code = form.get("code") or request.query_params.get("code", "")
        refused = self.gate(request, place, code, write=True)
        if refused is not None:
            return refused
        assert place is not None
        what = request.path_params["what"]
        if what not in WRITES:
            return self.refuse(request, 404, "not_found", _("no such table"))

        return await self.in_thread(request, lambda: self.changed(request, place, what, form, code))

    def changed(self, request: Request, place: Place, what: str, form: dict[str, str], code: str) -> Response:
        number = whole(form.get("number"))
        given = answers_of(form)
        action = form.get("action", "preview" if what == "hand" else "record")
        if what == "hand" and action in ("preview", "edit"):
            return self.preview(request, place, form, given, number, code, edit=action == "edit")
        result = self.writer.write(place, what, form, given, number)
        return self.after_write(request, place, what, result, form, code, number)

    def preview(
        self,
        request: Request,
        place: Place,
        form: Mapping[str, str],
        given: dict[str, str],
        number: int | None,
        code: str,
        *,
        edit: bool,
    ) -> Response:
        lang = self.lang_param(request)
        expected = form.get("expected") or place.evening.version()
        if edit:
            return HTMLResponse(
                self.render_table(request, place, code, given=form, replace=number), headers=HEADERS
            )
        try:
            entry = tarockscore.hand_entry(place.evening, number)
        except TarockError as exc:  # the table has played its games, or no such hand
            lines = [p.render(i18n.gettext) for p in exc.problems]
            return self.answer(
                request,
                422,
                refused_body(lines),
                lambda: self.render_table(request, place, code, notice=message_html("refused", lines)),
            )
        reading = tarockscore.submit_answers(entry.flow, given, entry.defaults)
        problems: list[dict[str, str]] = []
        if reading.hand is None:
            gap = missing(reading, given)
            problems = [gap] if gap is not None else refusal(entry, given, reading)
        else:
            try:
                preview = entry.scored(reading.hand)
            except TarockError as exc:
                problems += [{"where": p.where, "message": p.render(i18n.gettext)} for p in exc.problems]
        if problems:
            lines = [p["message"] for p in problems]
            at = {p["where"]: p["message"] for p in problems if p["where"]}

            def again() -> str:
                return self.render_table(
                    request,
                    place,
                    code,
                    given=form,
                    refused=at,
                    replace=number,
                    notice=message_html("refused", lines),
                )

            body = {"ok": False, "error": "refused", "problems": problems}
            return self.answer(request, 422, body, again)
        replacing = number is not None
        data = {
            "ok": True,
            "number": preview.number,
            "hand": reading.hand,
            "html": pages.preview_fragment(preview, replacing),
            "version": expected,
        }
        return self.answer(
            request,
            200,
            data,
            lambda: pages.preview_page(
                self.seen(place),
                self.site.title,
                preview,
                given,
                code=code,
                expected=expected,
                request=form.get("request") or pages.request_key(),
                replacing=replacing,
                lang=lang,
            ),
        )

    def after_write(
        self,
        request: Request,
        place: Place,
        what: str,
        result: Answer,
        form: Mapping[str, str],
        code: str,
        number: int | None,
    ) -> Response:
        """JSON as the write answered; a page without script is sent back to the table's page
        with what was done (``?done=KIND&hand=N``: the page says it in its own words), or shown
        the form again with the reasons."""
        if self.wants_json(request):
            return JSONResponse(result.body, status_code=result.status, headers=HEADERS)
        lang = self.lang_param(request)
        body = result.body
        done = ""
        if result.status == 200:
            done = {"hand": "recorded" if number is None else "replaced", "undo": "undone"}.get(
                what, "deleted"
            )
        elif result.status == 409 and body.get("error") == "already_on_sheet":
            done = "already"
        if done:
            hand = body.get("number")
            if done == "undone":  # the hand taken back was the last: one past the sheet after it
                hand = len(body.get("sheet", {}).get("hands", [])) + 1
            target = pages.link(place.path, code=code, lang=lang, done=done, hand=hand)
            return RedirectResponse(target, status_code=303, headers=HEADERS)
        lines = [p["message"] for p in body.get("problems", [])]
        at = {p["where"]: p["message"] for p in body.get("problems", []) if p.get("where")}
        kind = "stale" if result.status == 409 else "refused"
        html = self.render_table(
            request,
            place,
            code,
            given=form if what == "hand" else None,
            refused=at,
            replace=number if what == "hand" else None,
            notice=message_html(kind, lines),
        )
        return HTMLResponse(html, status_code=result.status, headers=HEADERS)

    # -- the organiser's pages ---------------------------------------------------------------

    def board_parts(self) -> str:
        tables: list[tuple[Place, tarockscore.Sheet | None]] = []
        for p in self.site.places():
            try:
                tables.append((p, p.evening.sheet()))
            except TarockError:
                tables.append((p, None))
        try:
            standings = self.site.standings()
        except TarockError:
            standings = None
        return pages.board_fragment(self.site.title, standings, tables)

    async def board(self, request: Request) -> Response:
        def work() -> Response:
            fragment = self.board_parts()
            if request.query_params.get("part"):
                return HTMLResponse(fragment, headers=HEADERS)
            return HTMLResponse(
                pages.board_page(self.site.title, fragment, self.lang_param(request)), headers=HEADERS
            )

        return await self.in_thread(request, work)

    async def events(self, request: Request) -> Response:
        """Server-sent events: ``change`` with each table's stamp whenever a ledger was written."""
        settings = self.settings

        async def stream() -> AsyncIterator[str]:
            yield "retry: 2000\n\n"
            last: object = None
            loop = asyncio.get_running_loop()
            until = loop.time() + settings.stream_seconds
            quiet = 0.0
            while loop.time() < until:
                stamp = await run_in_threadpool(self.site.stamp)
                if stamp != last:
                    last = stamp
                    data = {key: f"{mtime}-{size}" for key, mtime, size in stamp}
                    yield f"event: change\ndata: {json.dumps(data)}\n\n"
                    quiet = 0.0
                elif quiet >= 15:
                    yield ": still here\n\n"
                    quiet = 0.0
                await asyncio.sleep(settings.poll_seconds)
                quiet += settings.poll_seconds

        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    def address(self, request: Request, place: Place) -> str:
        base = self.settings.base_url or str(request.base_url)
        return pages.address(base, place, self.site.code(place.key))

    async def cards(self, request: Request) -> Response:
        code = request.query_params.get("code", "")
        who = self.client(request)
        with i18n.language(self.language(request)):
            if self.site.limiter.blocked(who):
                return self.refuse(request, 429, "too_many", _("too many wrong codes: wait a minute"))
            if not self.site.is_organiser(code):
                if code:
                    self.site.limiter.wrong(who)
                return self.refuse(request, 403, "wrong_code", _("the table cards need the organiser's code"))

        def work() -> Response:
            places = self.site.places()
            if not self.site.tournament:  # an evening: its one table
                cards = [(p, self.address(request, p)) for p in places]
                return HTMLResponse(pages.cards_page(self.site.title, cards), headers=HEADERS)
            rounds = sorted({p.round for p in places if p.round is not None})
            if not rounds:
                text = _("no round is drawn yet: the cards are there once it is")
                return HTMLResponse(page(text, message_html("ok", [text]), script=False), headers=HEADERS)
            # a day: the round's cards as `tournament cards` prints them, each with its table's address
            number = whole(request.query_params.get("round", ""))
            number = number if number in rounds else rounds[-1]
            t, drawn = self.site.day().round_drawn(number)
            addresses = {p.table: self.address(request, p) for p in places if p.round == number and p.table}
            html = render_cards.cards_html(t, drawn, addresses)
            return HTMLResponse(html, headers=CARDS_HEADERS)

        return await self.in_thread(request, work)

    async def index(self, request: Request) -> Response:
        def work() -> Response:
            html = pages.index_page(self.site.title, self.site.places(), self.lang_param(request))
            return HTMLResponse(html, headers=HEADERS)

        return await self.in_thread(request, work)


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
        Route("/t/{key}/{what:str}", web.write, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.web = web
    return app


# -- server ----------------------------------------------------------------------------------------

__all__ = ["Site", "run", "terminal_qr"]


def run(site: Site, sock: socket.socket, lang: str | None, base_url: str) -> None:
    """Serve the site on ``sock`` until Ctrl-C; the socket is closed after."""
    app = make_app(site, Settings(lang=lang, base_url=base_url))
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=2
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()


def terminal_qr(url: str, out: TextIO) -> None:
    """The QR code of ``url``, drawn in the terminal's characters."""
    segno.make(url, error="m").terminal(out=out, compact=True)
