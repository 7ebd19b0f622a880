"""A change asked of a table's page, made once (web layer): every change runs under the table's lock;
the request key travels inside the ledger's entry, so the ledger alone says whether a request was
carried out. What a phone is answered: docs/serve.md."""

import contextlib
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple, cast

import tarockscore
from tarockscore import i18n
from tarockscore.errors import (
    N_,
    LedgerChanged,
    LedgerClosed,
    Message,
    Problem,
    Shown,
    TarockError,
    TournamentError,
    UsageError,
)
from tarockscore.i18n import _
from tarockscore.render import evening as render_evening
from tarockscore.web.html import BLATT, COUNT, labelled, missing, radl_said
from tarockscore.web.site import Place, Site

RADL = ("radl", "strike")  # a Radl set by hand, doubled hands struck
WRITES = ("hand", "undo", "delete", "deal", *RADL)
MAX_KEY = 200  # a request key is the page's 128 random bits in hex; longer is refused, never cut
# An evening closed on the laptop (its ledger made read-only), as its page and a change sent to it say it
CLOSED = N_("this evening is closed: nothing more is recorded on its sheet")
TABLE_CLOSED = N_("this table is closed: nothing more is recorded on its sheet")  # a tournament's table


def closed(place: Place) -> str:
    """A closed sheet (its ledger read-only) in the players' words: an evening's, or a tournament table's."""
    return i18n.gettext(CLOSED if place.round is None else TABLE_CLOSED)


class Answer(NamedTuple):
    """A change's answer: its HTTP status and its JSON body (docs/serve.md)."""

    status: int
    body: dict[str, Any]


# The form's fields that are hand-file keys as they stand: a hand the flow refuses is shown to
# the rules as these, so that the page gives the rules' own reason, as the command line does.
CHOICE = tarockscore.QuestionKind.CHOICE
HAND_KEYS = ("contract", "declarer", "partner", "card_points", "won", "kontra")


def refusal(
    entry: tarockscore.HandEntry, given: Mapping[str, str], reading: tarockscore.FormReading
) -> list[dict[str, str]]:
    """Why the answers make no hand: an answer missing, in the page's words (not the terminal's
    "'back' returns …"); else the rules' reasons as ``record`` says them, else the question's (a
    choice given by a number not shown: the question's, as at the terminal; card points: in the
    fields' words)."""
    assert reading.next is not None
    gap = missing(reading, given)
    if gap is not None:
        return [gap]
    question = reading.next
    sent = given.get(question.key, "").strip()
    number = question.kind is CHOICE and sent.isdigit()
    points = question.kind is tarockscore.QuestionKind.POINTS and sent  # in the fields' words
    # a word no button sends (a yes or no the rules refuse is said in the rules' words below)
    word = question.kind is tarockscore.QuestionKind.YES_NO and sent and tarockscore.yes_or_no(sent) is None
    if reading.refused and (number or points or given.get(BLATT + question.key, "").strip()):
        return [{"where": question.key, "message": labelled(question.text, reading.refused)}]
    if reading.refused and word:
        wrong = _("{answer!r} is not an answer here: tap yes or no").format(answer=Shown(sent))
        return [{"where": question.key, "message": labelled(question.text, wrong)}]
    hand: dict[str, Any] = {}
    for key in HAND_KEYS:
        value = given.get(key, "").strip()
        if key == "won" and (said := tarockscore.yes_or_no(value)) is not None:
            hand[key] = said
        elif key != "won" and value:
            hand[key] = int(value) if value.isascii() and value.isdigit() and len(value) < 10 else value
    try:
        entry.preview(cast("tarockscore.HandInput", hand))  # the parse checks every key's value
    except TarockError as exc:
        # only what the rules say of the field refused, or of those its answer says are wrong (a
        # "no" to "was it their Valat?": the card points): the rest of the hand is not all given
        # as hand-file keys (Trischaken's card points, the King in the talon), and the rules would
        # say so
        fields = {question.key, *reading.ask_again}
        about = [p for p in exc.problems if p.where in fields]
        if about:  # the question's own field under its label, as a refusal of the form's says it
            return [
                {"where": p.where, "message": labelled(question.text, p.text(i18n.gettext))}
                if p.where == question.key
                else {"where": p.where, "message": i18n.said(p, keys=False)}
                for p in about
            ]
    text = labelled(question.text, reading.refused) if reading.refused else question.text
    return [{"where": question.key, "message": text}]


def previewed(
    evening: tarockscore.Evening,
    number: int | None,
    given: Mapping[str, str],
    dealer: str | None = None,
    shut: str = "",
) -> tuple[tarockscore.Preview, tarockscore.HandInput] | list[dict[str, str]]:
    """A hand's arithmetic before it is recorded, and the hand; or why the answers make none
    (``dealer``: who dealt hand ``number``, its deal corrected; ``shut``: a closed sheet in the
    players' words, an evening's by default)."""
    try:
        entry = tarockscore.hand_entry(evening, number, dealer=dealer)
        reading = tarockscore.submit_answers(entry.flow, given, entry.defaults)
        if reading.hand is None:
            return refusal(entry, given, reading)
        try:
            return entry.scored(reading.hand), reading.hand
        except TarockError as exc:
            raise on_fields(exc, reading.hand, given) from None
    except LedgerClosed:  # in the players' words, not the organiser's `chmod`
        return [{"where": "", "message": shut or i18n.gettext(CLOSED)}]
    except TarockError as exc:
        return problems_of(exc, evening.path)


# The rules' words that name a hand file's key, as the form names its field; a ledger changed by
# hand with what a laptop does with it (a phone cannot mend it).
ON_FORM = {
    "the ledger was changed outside tarockscore, so it is not used and nothing was written": N_(
        "the ledger was changed outside tarockscore, so it is not used and nothing was written; on a laptop, `tarockscore repair --ledger {name}` re-scores it from its stored hands and shows every number that changes, and `tarockscore repair --write --ledger {name}` keeps it"
    ),
    "a Valat made by the {who} takes every trick, so the {who} win the game; card_points {points} says they lost it (the declarer side needs {win_threshold})": N_(
        "a Valat made by the {who} takes every trick, so the {who} win the game; the card points given, {points}, say they lost it (the declarer side needs {win_threshold})"
    ),
}


def _on_form(problem: Problem) -> Problem:
    """A problem in the form's words where the rules name a hand file's key."""
    template = ON_FORM.get(problem.template)
    return problem if template is None else Problem.of(problem.where, Message(template, problem.values))


def on_fields(exc: TarockError, hand: tarockscore.HandInput, given: Mapping[str, str]) -> TarockError:
    """The refusal with a bonus's place in the hand (``bonus[0].made``) said as the form's key of
    the bonus so named (``bonus:1:made``); any other place as it is."""
    bonuses = list(hand.get("bonus", []))

    def field(where: str) -> str:
        found = re.fullmatch(r"bonus\[(\d+)\](?:\.(\w+))?", where)
        if found is None or int(found[1]) >= len(bonuses):
            return where
        name = bonuses[int(found[1])]["name"]
        key = next((k for k, v in given.items() if re.fullmatch(r"bonus:\d+", k) and v == name), None)
        if key is None:
            return where
        return f"{key}:{found[2]}" if found[2] else key

    return type(exc)([p.moved(field(p.where)) for p in exc.problems])


def answered(status: int, ledger: tarockscore.Ledger | None, head: str = "", **body: Any) -> Answer:
    """A change's answer, with the table as it now stands (its version and sheet) where read."""
    if ledger is not None:
        sheet = tarockscore.sheet(ledger)._replace(head=head)
        body |= {"version": head, "sheet": render_evening.sheet_json(sheet)}
    return Answer(status, {"ok": status == 200, **body})


def refused(snapshot: tarockscore.Snapshot | None, problems: list[dict[str, str]]) -> Answer:
    """422 with each reason, and the sheet as it is (where it could be read)."""
    ledger, head = (snapshot.ledger, snapshot.head) if snapshot is not None else (None, "")
    return answered(422, ledger, head, error="refused", problems=problems)


# What to do after a change refused because the sheet moved since the page was read, by change
STALE = {
    "hand": N_(
        "the sheet has changed since this page was read: nothing was written; check the sheet and enter the hand again"
    ),
    "undo": N_(
        "the sheet has changed since this page was read: nothing was taken back; check the sheet, then take back again if it is still wanted"
    ),
    "delete": N_(
        "the sheet has changed since this page was read: nothing was deleted; check the sheet, then delete again if it is still wanted"
    ),
    "deal": N_(
        "the sheet has changed since this page was read: the deal was not corrected; check the sheet, then correct it again if it is still wanted"
    ),
    "radl": N_(
        "the sheet has changed since this page was read: no Radl was set; check the sheet, then set it again if it is still wanted"
    ),
    "strike": N_(
        "the sheet has changed since this page was read: nothing was struck; check the sheet, then strike again if it is still wanted"
    ),
}


def stale(snapshot: tarockscore.Snapshot, what: str = "hand") -> Answer:
    """409: the sheet moved since the page was read; what to do next, for the change that was asked."""
    problems = [{"where": "", "message": i18n.gettext(STALE[what])}]
    return answered(409, snapshot.ledger, snapshot.head, error="changed", problems=problems)


def write(
    site: Site, place: Place, what: str, form: Mapping[str, str], given: Mapping[str, str], number: int | None
) -> Answer:
    """A change asked of a table's page, under the table's lock: made once, on the sheet it was made on."""
    key = form.get("request", "").strip()
    if len(key) > MAX_KEY or not key.isprintable():
        wrong = _("a request key of 1 to {most} printable characters (the page makes one)")
        return refused(None, [{"where": "request", "message": wrong.format(most=MAX_KEY)}])
    expected = form.get("expected", "")
    if not expected:  # a write says which sheet it was made on
        missing = _(
            "missing (required): the version of the sheet the change was made on; load the table's page again"
        )
        return refused(None, [{"where": "expected", "message": missing}])
    with site.lock(place.key):
        # a sheet that does not read (edited by hand) is answered as its page is: 503, kept and sent again
        snapshot = place.evening.read()
        if key and (done := snapshot.requests.get(key)) is not None:
            return resent(snapshot, done)
        dealer = (form.get("dealer") or None) if number is not None else None
        if snapshot.head != expected:
            return moved(place.evening, what, given, number, expected, snapshot, dealer)
        # a tournament table's sheet that is another table's, or another day's: refused as `record` refuses it
        if place.round is not None and (elsewhere := tarockscore.sheet_out_of_place(place.evening.path)):
            return refused(snapshot, problems_of(TournamentError([elsewhere]), place.evening.path))
        # a Radl's count is the form's own field, not an answer of the next hand the form may carry
        answers = form if what in RADL else given
        try:
            return change(place.evening, what, answers, number, snapshot, key or None, dealer)
        except LedgerClosed:  # in the players' words, not the organiser's `chmod`
            return refused(snapshot, [{"where": "", "message": closed(place)}])


def resent(snapshot: tarockscore.Snapshot, done: tarockscore.Request) -> Answer:
    """A request sent again (the phone did not get its answer): what its entry did, as it stands now."""
    ledger = snapshot.ledger
    if done.audit is not None:
        audit = ledger.audit[done.audit]
        number: int | None = audit.number
        said = render_evening.said(audit.detail)
    else:
        numbers = {e.id: n for n, e in enumerate(ledger.hands, 1)}
        number = numbers.get(done.ids[0]) if done.ids else None
        said = (
            render_evening.hand_line(ledger, number)
            if number is not None
            else _("this hand was recorded, and has been taken off the sheet since")
        )
    return answered(200, ledger, snapshot.head, resent=True, said=said, number=number)


def moved(
    evening: tarockscore.Evening,
    what: str,
    given: Mapping[str, str],
    number: int | None,
    expected: str,
    snapshot: tarockscore.Snapshot,
    dealer: str | None = None,
) -> Answer:
    """The sheet moved since the page was read: "already on the sheet as hand N", else 409."""
    found = None
    with contextlib.suppress(TarockError):  # the hand does not read on the sheet of then either
        then = tarockscore.entry_as_of(evening, expected, number, dealer) if what == "hand" else None
        if then is not None:
            reading = tarockscore.submit_answers(then.flow, given, then.defaults)
            found = then.found_on(reading.hand, snapshot.ledger) if reading.hand is not None else None
    if found is None:
        return stale(snapshot, what)
    text = _("this hand is already on the sheet as hand {number}").format(number=found)
    problems = [{"where": "", "message": text}]
    return answered(
        409, snapshot.ledger, snapshot.head, error="already_on_sheet", number=found, problems=problems
    )


def change(
    evening: tarockscore.Evening,
    what: str,
    given: Mapping[str, str],
    number: int | None,
    snapshot: tarockscore.Snapshot,
    key: str | None = None,
    dealer: str | None = None,
) -> Answer:
    """Record or replace a hand (``hand``), take the last back (``undo``), delete one (``delete``),
    correct who dealt one (``deal``, ``dealer``; with ``hand``, the hand replaced with that deal)
    on the sheet ``snapshot`` read: its answer, or why it was refused."""
    expected = snapshot.head
    try:
        if what == "hand":
            entry = tarockscore.hand_entry(evening, number, snapshot, dealer)
            reading = tarockscore.submit_answers(entry.flow, given, entry.defaults)
            if reading.hand is None:
                return refused(snapshot, refusal(entry, given, reading))
            try:
                if number is None:
                    done = evening.record(reading.hand, expected=expected, request=key)
                else:
                    done = evening.replace(number, entry.dealt(reading.hand), expected=expected, request=key)
            except TarockError as exc:  # a bonus by its field ("bonus:1"), not its place in the file
                raise on_fields(exc, reading.hand, given) from None
        elif what == "undo":
            done = evening.undo(expected=expected, request=key)
        elif what == "deal" and number is not None and dealer is not None:
            redealt = tarockscore.hand_entry(evening, number, snapshot, dealer).redealt()
            done = evening.replace(number, redealt, expected=expected, request=key)
        elif what in RADL:
            done = mark_radl(evening, what, given, expected=expected, request=key)
        elif what == "deal":
            said = _("give the number of the hand and who dealt it")
            return refused(snapshot, [{"where": "number" if number is None else "dealer", "message": said}])
        elif number is None:
            said = _("give the number of the hand to delete")
            return refused(snapshot, [{"where": "number", "message": said}])
        else:
            done = evening.delete(number, expected=expected, request=key)
    except LedgerChanged:  # the command line wrote in between
        return stale(evening.read(), what)
    except TarockError as exc:
        if os_error(exc) is not None or isinstance(exc, LedgerClosed):  # the file, not the change: 503, 422
            raise
        return refused(snapshot, problems_of(exc, evening.path))
    recorded = what == "hand" and number is None
    last = len(done.after.hands)
    if what in RADL:
        return answered(200, done.after, done.head, said=radl_said(done.after), number=last)
    # a hand recorded leaves no audit entry (the hand is its own record); a correction does
    said = render_evening.hand_line(done.after, last) if recorded else render_evening.said(done.said)
    return answered(200, done.after, done.head, said=said, number=number if number is not None else last)


def mark_radl(
    evening: tarockscore.Evening,
    what: str,
    form: Mapping[str, str],
    *,
    expected: str | None = None,
    request: str | None = None,
) -> tarockscore.Change:
    """A Radl set (``radl``) as ``radl add`` sets it, or doubled hands struck (``strike``) as
    ``radl strike`` strikes them; how many as typed in the form's ``hands`` (none: the default),
    a strike's in ``strike`` where the form has it (the page's, beside the Radl's count). Refused
    naming the field by its label."""
    label = _("doubled hands") if what == "radl" else _("doubled hands to strike")
    text = form.get("strike" if what == "strike" and "strike" in form else "hands", "").strip()
    # digits of any script, as card points take them ("４"; "²" is none), those past the ledger's
    # maximum refused by it, as `radl add` does; a count pasted at length is no count
    count = int(text) if text.isdecimal() and len(text) <= COUNT else None
    if text and not count:
        said = N_("{text!r} is not a number of hands; write it in digits, 1 or more, e.g. 4")
        if len(text) > COUNT:  # pasted at length: quoted by its start and its length, as card points are
            said = N_(
                "{start!r}… ({length} characters) is not a number of hands; its box keeps the first {most} characters: write it in digits, 1 or more, e.g. 4"
            )
        raise UsageError(said, text=text, start=text[:20], length=len(text), most=COUNT, where=label)
    try:
        if what == "radl":
            return evening.add_radl(count, tarockscore.now(), expected=expected, request=request)
        return evening.strike_radl(
            1 if count is None else count, tarockscore.now(), expected=expected, request=request
        )
    except TarockError as exc:
        raise type(exc)([p.moved(label) if p.where == "hands" else p for p in exc.problems]) from None


def os_error(exc: BaseException) -> OSError | None:
    """The file system's error behind ``exc`` (a ledger that could not be read or written now)."""
    seen: BaseException | None = exc
    while seen is not None and not isinstance(seen, OSError):
        seen = seen.__cause__ or seen.__context__
    return seen


def problems_of(exc: TarockError, path: Path) -> list[dict[str, str]]:
    """A refusal's problems in the reader's language, the ledger by file name alone (no folder)."""
    folders = sorted({str(path.parent) + os.sep, str(path.resolve().parent) + os.sep}, key=len, reverse=True)

    def plain(text: str) -> str:
        for folder in folders:
            text = text.replace(folder, "")
        return text

    return [
        {"where": plain(p.where), "message": plain(i18n.said(_on_form(p), keys=False))} for p in exc.problems
    ]
