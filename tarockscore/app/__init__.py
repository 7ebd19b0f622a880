"""The evening on a phone with no laptop (front end, beside ``web``), run in the browser by Pyodide:
the page's script hands each form to these functions and shows the HTML they give back, made of
``serve``'s own form and sheet. The ledger is a file in the browser's memory, which the script saves
to the browser's storage after every change and puts back before the next."""

from __future__ import annotations

import functools
import hashlib
import json
import traceback
from collections.abc import Mapping
from pathlib import Path

import tarockscore
from tarockscore import i18n
from tarockscore.errors import N_, Collector, TarockError, and_listed, reason
from tarockscore.i18n import _, translated
from tarockscore.render import evening as render_evening
from tarockscore.render.notation import stake_amount, table_date
from tarockscore.web import html, writes
from tarockscore.web.html import esc, message_html

HOME = Path("/home/pyodide")
LEDGER = HOME / "evening.toml"
OWN_PROFILE = HOME / "profile.toml"
DEFAULT_PROFILE = "koenigrufen"  # as ``new`` begins an evening


class _Evening(tarockscore.Evening):
    """The phone's evening, its last reading kept while the file holds the same bytes: every tap
    reads the ledger, and scoring every hand again at each would slow the form as the evening grows."""

    _last: tuple[str, tarockscore.Snapshot] | None = None

    def read(self) -> tarockscore.Snapshot:
        try:
            sha = hashlib.sha256(self.path.read_bytes()).hexdigest()
        except OSError:
            return super().read()  # no file: said as the library says it
        if _Evening._last is not None and _Evening._last[0] == sha:
            return _Evening._last[1]
        snapshot = super().read()
        if snapshot.sha256 == sha:  # the reading of those very bytes
            _Evening._last = (sha, snapshot)
        return snapshot


def speak(language: str) -> None:
    """The phone's language (``navigator.language``), where tarockscore speaks it."""
    i18n.use(i18n.language_of(language) or i18n.DEFAULT)
    i18n.use_players_names()


def _said(exc: TarockError) -> list[str]:
    return [p["message"] for p in writes.problems_of(exc, LEDGER)]


@functools.cache
def _shipped(name: str) -> tarockscore.Profile:
    return tarockscore.load_profile(name)


def _offered(name: str) -> str:
    """A shipped profile as the start page offers it: its title in the reader's language, as
    ``profiles`` shows it, and its name, which the command line and the exported ledger use."""
    return f"{_shipped(name).title_in(i18n.current())} ({name})"


def start_page(notice: str = "", given: Mapping[str, str] | None = None) -> str:
    """A new evening (players in seat order, a profile; the stake, the date and the place if given,
    as ``new`` takes them) and a ledger file to open. ``given``: the answers of a form refused."""
    given = given or {}
    chosen = given.get("profile") or DEFAULT_PROFILE
    names = tarockscore.profile_names()
    profiles = html.options(names, chosen, _offered)
    confirm = _("The evening on this phone is replaced: export it first. Go on?")
    replaces = f' data-confirm="{esc(confirm)}"' if LEDGER.exists() else ""
    # the evening the phone holds, back (an app on the home screen has no address bar to reload)
    back = (
        f'<button type="button" id="back">{esc(_("Back to the evening"))}</button>' if LEDGER.exists() else ""
    )

    def field(name: str, label: str, control: str = "", **more: str) -> str:
        """A labelled field: ``control``, else an input named ``name`` (a file's, or one with the answer given)."""
        if not control:
            value = {} if more["type"] == "file" else {"value": given.get(name, "")}
            control = f"<input{html.attrs({'id': f'f-{name}', 'name': name, **more, **value})}>"
        return f'<div class="field"><label for="f-{name}">{esc(label)}</label>{control}</div>'

    text = {"type": "text", "autocomplete": "off"}
    toml = {"type": "file", "accept": ".toml"}
    return "\n".join(
        [
            html.header(_("New evening"), back),
            f'<div id="notice">{notice}</div>',
            f'<form id="start" class="hand"{replaces}>',
            field("players", _("players (comma-separated, in seat order, Forehand first)"), **text),
            field(
                "profile",
                _("profile"),
                f'<select id="f-profile" name="profile">{profiles}</select>'
                # the chosen title whole: a phone's select cuts it at the width of the screen
                f'<p class="meta" id="profile-title">{esc(_offered(chosen) if chosen in names else chosen)}</p>',
            ),
            field("profile_file", _("or a profile file of your own"), **toml) + _kept_profile(given),
            field(
                "stake",
                _("stake per Victory Point, e.g. 0,10 (optional: the sheet then shows the money)"),
                **text,
                inputmode="decimal",
            ),
            field("date", _("date (optional)"), type="date"),
            field("place", _("venue (optional)"), type="text"),
            f'<button type="submit" class="primary">{esc(_("Begin the evening"))}</button>',
            "</form>",
            f'<form id="open"{replaces}>',
            field("ledger", _("or open a ledger file (an evening begun elsewhere goes on here)"), **toml),
            "</form>",
        ]
    )


def _kept_profile(given: Mapping[str, str]) -> str:
    """The profile file of a new evening refused, kept (ticked, by its name) for the form sent again:
    a file field comes back empty, and the evening would begin under the profile chosen above."""
    text, name = given.get("profile_file", ""), given.get("profile_name", "")
    if not text.strip():
        return ""
    kept = html.attrs({"type": "checkbox", "name": "profile_file", "value": text, "checked": "checked"})
    carried = html.hidden_fields({"profile_name": name})
    return f'<label class="meta"><input{kept}> {esc(name)}</label>{carried}'


def _own(form: Mapping[str, str]) -> dict[str, str]:
    """A form's values without the next hand's answers it carries."""
    return {k: v for k, v in form.items() if not k.startswith(html.NEXT)}


def _parked(form: Mapping[str, str] | None) -> dict[str, str] | None:
    """The next hand's answers a form carries: a replaced hand's (NEXT + key), or the next hand's own."""
    return (html.kept(form, replaced=bool(form.get("number"))) or None) if form else None


def _carried(
    evening: tarockscore.Evening, hand: Mapping[str, str] | None, snapshot: tarockscore.Snapshot
) -> tuple[dict[str, str] | None, list[str]]:
    """The next hand's answers a correction or a Radl carries (``hand``: the form shown), and what
    to say of them: given on a sheet moved since, those of a hand recorded meanwhile (in another
    tab) are not carried, where Record would write it twice, but said to be on the sheet."""
    parked = _parked(hand)
    if hand is None or parked is None or hand.get("expected") == snapshot.head:
        return parked, []
    moved = writes.moved(evening, "hand", html.answers_of(parked), None, hand.get("expected", ""), snapshot)
    if moved.body.get("error") != "already_on_sheet":
        return parked, []
    return None, [p["message"] for p in moved.body["problems"]]


def evening_page(
    notice: str = "",
    given: Mapping[str, str] | None = None,
    replace: int | None = None,
    parked: Mapping[str, str] | None = None,
    dealer: str | None = None,
    refused: Mapping[str, str] | None = None,
    typed: Mapping[str, str] | None = None,
) -> str:
    """The sheet, the form of the next hand (or of the hand being replaced, as it stands on the sheet,
    with ``parked``: the next hand's answers so far; ``dealer``: who dealt it, its deal corrected)
    and the corrections; ``refused``: the reasons said beside their fields; ``typed``: a Radl's
    counts refused, as typed."""
    evening = _Evening(LEDGER)
    snapshot = evening.read()
    ledger, version = snapshot.ledger, snapshot.head
    sheet = tarockscore.sheet(ledger)
    export = f'<button type="button" id="export">{esc(_("Export the ledger"))}</button>'
    title = render_evening.evening_title(ledger.table)
    parts = [html.header(title, export), f'<div id="notice">{notice}</div>']
    try:
        entry = tarockscore.hand_entry(evening, replace, snapshot, dealer if replace is not None else None)
    except TarockError as exc:  # the table has played its games, or no such hand
        parts.append(message_html("ok", _said(exc)))
    else:
        head = html.hand_heading(entry)
        hidden: dict[str, object] = {"expected": version}
        if replace is not None:
            head += html.now_on_sheet(
                sheet, replace, f' <button type="button" id="keep">{esc(_("Keep it"))}</button>'
            )
            hidden |= {"dealer": dealer, **{html.NEXT + k: v for k, v in (parked or {}).items()}}
        parts.append(html.hand_form(entry, given, head=head, hidden=hidden, refused=refused))
        parts.append('<section id="preview" class="preview" hidden></section>')
    parts.append(html.sheet_section(html.sheet_html(ledger, sheet, lambda number: f"#explain-{number}")))
    # each change's form by its name (the script's data-change); those that write carry the sheet's version
    expected = html.hidden_fields({"expected": version})
    forms = {
        what: f'<form data-change="{what}">' + (expected if what in writes.WRITES else "")
        for what in ("undo", "replace", "deleting", "delete", "dealing", "deal", "radl", "strike")
    }
    if sheet.hands:
        parts.append(html.corrections_html(sheet, forms))
    parts.append(html.radl_html(ledger, forms, typed=typed))
    parts.append(f'<p><button type="button" id="new-evening">{esc(_("New evening"))}</button></p>')
    return "\n".join(parts)


def page(notice: str = "") -> str:
    """The page as the evening stands: a new evening's form where the phone holds none."""
    return evening_page(notice) if LEDGER.exists() else start_page(notice)


def answer(op: str, *args: object) -> str:
    """What the page's script asks (``op``, a function of this module, with its arguments), as JSON:
    ``value``, its answer; else ``failed``, the notice to show above the page as it is, with the way
    back to the sheet: a refusal of the library in its words, any other fault in a plain sentence
    (nothing was changed: the script stores only a change answered), its details folded for a report."""
    try:
        return json.dumps({"value": globals()[op](*args)})
    except TarockError as exc:
        said = message_html("refused", _said(exc), html.unchanged(hand=False))
        back = f'<button type="button" id="back">{esc(_("back to the sheet"))}</button>'
        return json.dumps({"failed": f'<section id="failed">{said}{back}</section>'})
    except Exception:
        return json.dumps({"failed": _fault(_("Something went wrong in the app: nothing was changed."))})


def _fault(sentence: str) -> str:
    """A fault of the app's own: ``sentence``, what it changed, and its details folded for a report,
    with the way back to the sheet (called while the fault is being handled)."""
    plain = message_html("refused", [sentence])
    details = f"<summary>{esc(_('details for a report'))}</summary><pre>{esc(traceback.format_exc())}</pre>"
    back = f'<button type="button" id="back">{esc(_("back to the sheet"))}</button>'
    return f'<section id="failed">{plain}<details class="quiet">{details}</details>{back}</section>'


def _written(players: tuple[str, ...]) -> str:
    """The reply where the app failed after an evening was begun or opened: the evening is kept all
    the same (the script stores a change answered), and the page says so (called while the fault
    is being handled)."""
    said = _(
        "Something went wrong in the app after the evening was written: the evening of {players} is kept on this phone; nothing else was changed."
    )
    return _reply(True, _fault(said.format(players=translated(and_listed(players)))))


def _reply(ok: bool, html: str, **more: object) -> str:
    return json.dumps({"ok": ok, "html": html, **more})


# A problem of the evening's stake, date or place, named as the start page names its field.
_AT = {"stake": N_("stake per Victory Point"), "date": N_("date"), "place": N_("venue")}


def begin(form: Mapping[str, str]) -> str:
    """Begin an evening; the one the phone held is replaced only once the new one is made."""
    players = form.get("players", "")
    profile = form.get("profile", "")
    if form.get("profile_file", "").strip():
        OWN_PROFILE.write_text(form["profile_file"], encoding="utf-8")
        profile = str(OWN_PROFILE)
    fresh = HOME / "begun.toml"
    fresh.unlink(missing_ok=True)
    problems = Collector()
    stake, date, place = (form.get(key, "").strip() for key in ("stake", "date", "place"))
    try:
        amount = stake_amount(stake) if stake else None
    except ValueError as exc:
        problems.add("stake", reason(exc))
        amount = None
    try:
        day = table_date(date) if date else None
    except ValueError as exc:
        problems.add("date", reason(exc))
        day = None
    try:
        begun = tarockscore.Evening.begin(
            fresh,
            tarockscore.typed_names(players),
            profile,
            stake=amount,
            date=day,
            place=place or None,
            problems=problems,
        )
    except TarockError as exc:
        said = type(exc)([p.moved(_AT[p.where]) if p.where in _AT else p for p in exc.problems])
        # the profile file named as the phone named the file picked
        name = form.get("profile_name") or OWN_PROFILE.name
        lines = [m.replace(OWN_PROFILE.name, name) for m in _said(said)]
        return _reply(False, start_page(message_html("refused", lines), form))
    fresh.replace(LEDGER)
    try:
        return _reply(True, evening_page(message_html("ok", list(begun.warnings)) if begun.warnings else ""))
    except Exception:
        return _written(begun.ledger.players)


def open_ledger(name: str = "") -> str:
    """The ledger file the script put beside the evening (``opened.toml``), read and checked as
    the command line reads it, before it replaces the evening the phone held; refused, it is named
    ``name``, as the phone named the file picked. A ledger of schema 1 is converted first, as
    ``upgrade`` does (the file picked, which stays as it was, is the old one the laptop keeps as .bak)."""
    opened = HOME / "opened.toml"
    try:
        done = tarockscore.upgrade(opened)
        players = tarockscore.Evening(opened).read().ledger.players
    except TarockError as exc:
        said = [m.replace(opened.name, name or opened.name) for m in _said(exc)]
        return _reply(False, start_page(message_html("refused", said)))
    opened.replace(LEDGER)
    try:
        if done.backup is None:
            return _reply(True, evening_page())
        done.backup.unlink()
        # what ``upgrade`` says, but of the file picked, without the copy it keeps and the head
        lines = render_evening.upgraded_text(done._replace(path=Path(name or opened.name))).splitlines()[:-2]
        lines.append(
            _("the file picked stays as it was, in the old format; export the ledger for the converted one")
        )
        return _reply(True, evening_page(message_html("ok", lines)))
    except Exception:
        return _written(players)


def fields(form: Mapping[str, str]) -> str:
    """The form's fields for the answers so far (asked after every change of a field)."""
    number, dealer = _chosen(form)
    entry = tarockscore.hand_entry(_Evening(LEDGER), number, dealer=dealer)
    return html.fields_html(entry, html.answers_of(_own(form)))


def _chosen(form: Mapping[str, str]) -> tuple[int | None, str | None]:
    """The hand being replaced (none: the next hand), and who dealt it where its deal is corrected."""
    number = html.whole(form.get("number"))
    return number, (form.get("dealer") or None) if number is not None else None


def preview(form: Mapping[str, str]) -> str:
    """A hand's arithmetic bet by bet, before it is recorded; or why the rules refuse it."""
    form = _own(form)
    number, dealer = _chosen(form)
    evening = _Evening(LEDGER)
    found = writes.previewed(evening, number, html.answers_of(form), dealer)
    if isinstance(found, list):
        # each reason named by its field's words, and beside the field (``fields``), as serve says it
        try:
            entry = tarockscore.hand_entry(evening, number, dealer=dealer)
        except TarockError:  # no form to name them by: the table has played its games, no such hand
            return _reply(False, message_html("refused", [p["message"] for p in found]))
        at = {p["where"]: p["message"] for p in found if p["where"]}
        said = message_html("refused", html.named(found, entry, form), keys=[p["where"] for p in found])
        return _reply(False, said, fields=html.fields_html(entry, html.answers_of(form), at))
    shown, _hand = found
    replacing = number is not None
    record = html.record_label(shown.number, replacing)
    return _reply(True, html.preview_html(shown, replacing), record=record, edit=_("Change the hand"))


def change(what: str, form: Mapping[str, str], hand: Mapping[str, str] | None = None) -> str:
    """Record or replace a hand (``hand``), take the last back (``undo``), delete one (``delete``):
    made only on the sheet the form was made on, else refused with the sheet as it is now. The next
    hand's answers come back in the next hand's form (``kept``): those a hand replaced carries, and
    those of the form shown when a hand is taken back or deleted (``hand``: its values)."""
    evening = _Evening(LEDGER)
    number, dealer = _chosen(form)
    given = html.answers_of(_own(form))
    snapshot = evening.read()
    replaced = what == "hand" and number is not None
    parked, recorded = _carried(evening, form if replaced else hand, snapshot)
    if snapshot.head != form.get("expected", ""):
        done = writes.stale(snapshot, what)
    else:
        done = writes.change(evening, what, given, number, snapshot, dealer=dealer)
    problems = done.body.get("problems", [])
    said = [p["message"] for p in problems] + recorded or [done.body["said"]]
    if done.status == 200:
        notice = message_html("ok", [*(_corrected(what, number, snapshot) or said), _standing()])
        return _reply(True, evening_page(notice, parked), kept=parked is not None)
    kind = "stale" if done.status == 409 else "refused"
    if kind == "refused" and what == "deal" and number is not None and dealer is not None:
        # a deal the hand does not fit (its declarer sits out now): the hand's form with that deal,
        # its answers as the sheet has them, each one that cannot stand said beside it, as serve does
        try:
            stored = html.filled(tarockscore.hand_entry(evening, number, snapshot))
            entry = tarockscore.hand_entry(evening, number, snapshot, dealer)
        except TarockError:  # no such hand or player: said as it is
            pass
        else:
            notice = message_html(
                "refused",
                html.named(problems, entry, stored),
                html.unchanged(),
                [p["where"] for p in problems],
            )
            at = {p["where"]: p["message"] for p in problems if p["where"]}
            return _reply(False, evening_page(notice, stored, number, parked, dealer, at), kept=True)
    if kind == "stale" or what != "hand":  # a correction refused: the next hand's form, with its answers
        return _reply(False, evening_page(message_html(kind, said), parked), kept=parked is not None)
    return _reply(False, evening_page(message_html(kind, said), given, number, parked, dealer), kept=True)


def radl(what: str, form: Mapping[str, str], hand: Mapping[str, str] | None = None) -> str:
    """A Radl set (``radl``) or doubled hands struck (``strike``) after the last hand, made only on
    the sheet the form was made on. ``hand``: the answers of the next hand's form so far, which
    stay in it (a Radl is often drawn while the next hand is being entered), also those the form
    of a hand being replaced carries."""
    evening = _Evening(LEDGER)
    snapshot = evening.read()
    given, recorded = _carried(evening, hand, snapshot)
    if snapshot.head != form.get("expected", ""):  # the sheet shown as it is now
        said = [p["message"] for p in writes.stale(snapshot, what).body["problems"]]
        notice = message_html("stale", said + recorded)
    else:
        try:
            done = writes.mark_radl(evening, what, form)
        except TarockError as exc:
            notice = message_html("refused", _said(exc), html.unchanged(hand=False))
        else:
            notice = message_html("ok", [html.radl_said(done.after)])
            return _reply(True, evening_page(notice, given), kept=given is not None)
    # refused: the count shown again as typed, under what was not done
    return _reply(False, evening_page(notice, given, typed=form), kept=given is not None)


def _standing() -> str:
    """The totals as they now stand, in a line at the top, where the page opens after a change: the
    sheet that shows them is below the next hand's form, a long way down a phone's screen."""
    _headers, rows = render_evening.totals_rows(_Evening(LEDGER).read().ledger)
    return _("totals now: {totals}").format(totals=", ".join(f"{row[0]} {row[1]}" for row in rows))


def _corrected(what: str, number: int | None, before: tarockscore.Snapshot) -> list[str]:
    """A correction made, said by the hand's number on the sheet the table sees (as ``serve``'s
    page says it), and the hand: not the audit trail's line, which names the hand by its id; then
    what became of a Radl set or struck on the sheet, as replace, undo and delete say it."""
    evening = _Evening(LEDGER)
    after = evening.read().ledger
    if what in ("hand", "deal") and number is not None:
        lines = html.done_lines("replaced" if what == "hand" else "dealt", number, tarockscore.sheet(after))
        if what == "deal":  # the hand with the deal as corrected
            lines.append(render_evening.deal_text(tarockscore.hand_entry(evening, number).deal))
        return [*lines, *render_evening.strikes_corrected(before.ledger, after)]
    sheet = tarockscore.sheet(before.ledger)
    if what == "undo":
        number = len(sheet.hands)
    elif what != "delete" or number is None:
        return []
    kept = render_evening.radl_kept(before.ledger, number, after)
    return [*html.done_lines("undone" if what == "undo" else "deleted", number, sheet), *kept]


def resume(form: Mapping[str, str]) -> str:
    """The page after a reload in the middle of a hand: the answers the tab kept (``form``: the
    hand's form as it stood, with the sheet it was made on) back in the form. A sheet moved since
    is said; a hand recorded meanwhile is named as already on the sheet, and its answers dropped.
    ``kept``: whether the form holds the answers (else the tab forgets them)."""
    evening = _Evening(LEDGER)
    number, dealer = _chosen(form)
    parked = _parked(form) if number is not None else None
    given = html.answers_of(_own(form))
    expected = form.get("expected", "")
    snapshot = evening.read()
    try:
        tarockscore.hand_entry(evening, number, snapshot, dealer)
    except TarockError:  # the hand being replaced is gone, or the table has played its games
        if parked is not None:  # the next hand's answers, where there is one
            return keep(form)
        return json.dumps({"html": evening_page(), "kept": False})
    if snapshot.head == expected:
        shown = evening_page(given=given, replace=number, parked=parked, dealer=dealer)
        return json.dumps({"html": shown, "kept": True})
    moved = writes.moved(evening, "hand", given, number, expected, snapshot, dealer)
    if moved.body.get("error") == "already_on_sheet":
        said = [p["message"] for p in moved.body["problems"]]
        return json.dumps({"html": evening_page(message_html("stale", said)), "kept": False})
    changed = _(
        "the sheet has changed since these answers were given: check them against the sheet before recording"
    )
    shown = evening_page(message_html("stale", [changed]), given, number, parked, dealer)
    return json.dumps({"html": shown, "kept": True})


def explaining(number: str) -> str:
    """Hand ``number``'s explanation, as ``explain N`` prints it, shown above the page (its form kept)."""
    back = f'<button type="button" id="close-explanation">{esc(_("back to the sheet"))}</button>'
    try:
        explained = _Evening(LEDGER).explain(html.whole(number) or 0)
    except TarockError as exc:  # taken back or deleted in another tab since this page was drawn
        return f'<section id="explanation" data-number="{esc(number)}">{message_html("stale", _said(exc))}{back}</section>'
    return f'<section id="explanation" data-number="{explained.number}">{html.explained_html(explained)}{back}</section>'


def deleting(number: str) -> str:
    """Hand ``number``'s line as the sheet has it, and the button that deletes it (the form of the
    next hand stays as it is, answers and all)."""
    snapshot = _Evening(LEDGER).read()
    expected = html.hidden_fields({"expected": snapshot.head})
    sheet = tarockscore.sheet(snapshot.ledger)
    return html.delete_asked(sheet, html.whole(number), f'<form data-change="delete">{expected}')


def dealing(number: str, dealer: str) -> str:
    """Hand ``number``'s deal as the sheet has it and as ``dealer`` dealing it, and the button that
    corrects it (the form of the next hand stays as it is, answers and all)."""
    evening = _Evening(LEDGER)
    snapshot = evening.read()
    asked = html.dealing_of(evening, html.whole(number), dealer, snapshot)
    expected = html.hidden_fields({"expected": snapshot.head})
    return html.deal_asked(asked, f'<form data-change="deal">{expected}')


def replacing(number: str, hand: Mapping[str, str] | None = None) -> str:
    """The form of hand ``number``, its answers as recorded, to be replaced; ``hand``: the form shown
    before, whose next hand's answers it carries."""
    return evening_page(replace=html.whole(number), parked=_parked(hand))


def keep(form: Mapping[str, str]) -> str:
    """The hand being replaced kept as it is: the next hand's form, with the answers it had."""
    parked = _parked(form)
    return _reply(True, evening_page(given=parked), kept=parked is not None)


def export_name() -> str:
    """The exported file's name: the evening's date, as ``new`` names a ledger."""
    table = _Evening(LEDGER).ledger.table
    return f"tarock-{(table.date or table.created)[:10]}.toml"
