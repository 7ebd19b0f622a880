"""A change asked of a table's page, made once: the version check, the request key, the journal (web layer).

Every change runs under the table's lock: a request key already answered gets its stored answer
again; a ledger whose version moved since the page was made answers 409 with the current sheet;
else the key is journalled pending, the change made through the library, the answer journalled
done. A hand the rules refuse writes nothing and answers 422 with the problems.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

import tarockscore
from tarockscore import i18n
from tarockscore.errors import LedgerChanged, TarockError
from tarockscore.i18n import _, translated
from tarockscore.render import evening as render_evening
from tarockscore.web.site import Place, Site

WRITES = ("hand", "undo", "delete")
MAX_KEY = 100  # a request key is the page's 128 random bits in hex; longer is no key of ours


@dataclass(frozen=True, slots=True)
class Answer:
    """A change's answer: its HTTP status and its JSON body (docs/serve.md)."""

    status: int
    body: dict[str, Any]


class Refusal(Exception):
    """A change refused before the ledger was asked (no hand given, no such hand)."""


# The form's fields that are hand-file keys as they stand: a hand the flow refuses is shown to
# the rules as these, so that the page gives the rules' own reason, as the command line does.
HAND_KEYS = ("contract", "declarer", "partner", "card_points", "won", "kontra")


def refusal(
    entry: tarockscore.HandEntry, given: Mapping[str, str], reading: tarockscore.FormReading
) -> list[dict[str, str]]:
    """Why the answers make no hand: the rules' reasons where they refuse the keys given, as
    ``record`` says them, else the question's."""
    hand: dict[str, Any] = {}
    for key in HAND_KEYS:
        value = given.get(key, "").strip()
        if not value:
            continue
        if key == "won":
            said = tarockscore.yes_or_no(value)
            if said is None:
                continue
            hand[key] = said
        else:
            hand[key] = int(value) if value.isascii() and value.isdigit() and len(value) < 10 else value
    try:
        entry.preview(cast("tarockscore.HandInput", hand))  # the parse checks every key's value
    except TarockError as exc:
        return [{"where": p.where, "message": p.render(i18n.gettext)} for p in exc.problems]
    assert reading.next is not None
    text = f"{reading.next.text}: {reading.refused}" if reading.refused else reading.next.text
    return [{"where": reading.next.key, "message": text}]


class Writer:
    def __init__(self, site: Site) -> None:
        self.site = site

    def current(self, place: Place) -> dict[str, Any]:
        """The table now: its version (read first) and its sheet."""
        version = place.evening.version()
        sheet = place.evening.sheet()
        return {"version": version, "sheet": render_evening.sheet_json(sheet)}

    def stale(self, place: Place) -> Answer:
        text = _(
            "the sheet has changed since this page was read: nothing was written; check the sheet and enter the hand again"
        )
        return Answer(
            409,
            {
                "ok": False,
                "error": "changed",
                "problems": [{"where": "", "message": text}],
                **self.current(place),
            },
        )

    def refused(self, place: Place, problems: list[dict[str, str]]) -> Answer:
        """422 with each reason, and the sheet as it is."""
        return Answer(422, {"ok": False, "error": "refused", "problems": problems, **self.current(place)})

    def write(
        self, place: Place, what: str, form: Mapping[str, str], given: Mapping[str, str], number: int | None
    ) -> Answer:
        key = form.get("request", "").strip()
        key = key if 0 < len(key) <= MAX_KEY else ""
        journal = self.site.journal
        with self.site.lock(place.key):
            stored = journal.stored(key) if key else None
            if stored is not None and stored.state == "done" and stored.answer is not None:
                return Answer(stored.status or 200, {**stored.answer, "resent": True})
            now = place.evening.version()
            if stored is None and not form.get("expected"):  # a write says which sheet it was made on
                missing = _(
                    "missing (required): the version of the sheet the change was made on; load the table's page again"
                )
                return self.refused(place, [{"where": "expected", "message": missing}])
            expected = stored.expected if stored is not None else form.get("expected", "")
            if now != expected:
                answer = self.stale(place)
            else:
                if key:
                    journal.pending(key, place.key, expected)
                answer = self.change(place, what, given, number, expected)
            if key:
                journal.done(key, place.key, expected, answer.status, answer.body)
            return answer

    def change(
        self, place: Place, what: str, given: Mapping[str, str], number: int | None, expected: str
    ) -> Answer:
        evening = place.evening
        try:
            if what == "hand":
                entry = tarockscore.hand_entry(evening, number)
                reading = tarockscore.submit_answers(entry.flow, given, entry.defaults)
                if reading.hand is None:
                    return self.refused(place, refusal(entry, given, reading))
                if number is None:
                    change = evening.record(reading.hand, expected=expected)
                else:
                    change = evening.replace(number, reading.hand, expected=expected)
            elif what == "undo":
                change = evening.undo(expected=expected)
            else:
                if number is None:
                    raise Refusal("number", _("give the number of the hand to delete"))
                change = evening.delete(number, expected=expected)
        except LedgerChanged:
            return self.stale(place)
        except Refusal as exc:
            return self.refused(place, [{"where": exc.args[0], "message": exc.args[1]}])
        except TarockError as exc:
            problems = [{"where": p.where, "message": p.render(i18n.gettext)} for p in exc.problems]
            return self.refused(place, problems)
        recorded = what == "hand" and number is None
        last = len(change.after.hands)
        # a hand recorded leaves no audit entry (the hand is its own record); a correction does
        said = render_evening.hand_line(change.after, last) if recorded else translated(change.said)
        return Answer(
            200,
            {
                "ok": True,
                "said": said,
                "number": number if number is not None else last,
                **self.current(place),
            },
        )
