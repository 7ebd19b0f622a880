"""The table page's form of a hand, asked of the guided entry's flow (web layer).

The form's fields are the flow's questions, named by their keys, so a form sends what ``enter``
would be told. The questions not answered yet are walked with a likely answer, so that a page
without JavaScript shows a whole hand's fields at once; the page's script asks again after every
change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import tarockscore
from tarockscore.i18n import _
from tarockscore.web.html import attrs, esc

# The form's own fields: everything else it sends is an answer to a question of the flow.
CONTROL = frozenset({"code", "expected", "request", "action", "lang", "number"})
# "Kontra or bonuses?" is never shown: a Kontra step or a bonus chosen says yes.
EXTRAS = "extras"
# Asked where the card points prove a Valat (tarockscore.entry.question.VALAT_PROVEN).
PROVEN = "valat"
MAX_QUESTIONS = 80  # far more than a hand asks (each of a profile's bonuses asks five)


def answers_of(form: Mapping[str, str]) -> dict[str, str]:
    """The answers a form sent, by question key, with "Kontra or bonuses?" worked out from them."""
    given = {k: v for k, v in form.items() if k not in CONTROL}
    if EXTRAS not in given:
        said = any(
            v.strip() and (k.startswith(("kontra", "bonus:")) or k == "huettenfleck")
            for k, v in given.items()
        )
        given[EXTRAS] = "y" if said else "n"
    return given


def _value(choice: Any) -> str:
    """A choice as the form sends it: its name where that reads back as it (not a number, no
    control character), else its first word (the talon) or its number."""
    value = str(choice.value)
    if value.isprintable() and not value.isdigit():
        return value
    if choice.words:
        return str(choice.words[0])
    return str(choice.number)


def _likely(question: tarockscore.Question) -> str:
    """An answer that lets the walk go on to the questions after this one."""
    if question.key == EXTRAS:
        return "y"
    if question.kind is tarockscore.QuestionKind.CHOICE:
        if question.default is not None:
            return ""
        return _value(question.choices[0]) if question.choices else ""
    if question.kind is tarockscore.QuestionKind.YES_NO:
        return "" if question.default is not None else "y"
    return "0"


def walk(
    entry: tarockscore.HandEntry, given: Mapping[str, str]
) -> tuple[list[tarockscore.Question], tarockscore.FormReading]:
    """The questions the form shows for the answers given, and the reading of those answers; those
    after the first not answered are labelled by their summary's words, which name no player."""
    flow = entry.flow
    # "Kontra or bonuses?" is never asked on the page: its fields are always shown
    given = {**given, EXTRAS: "y"}
    reading = tarockscore.next_question(flow, given, entry.defaults)
    probe = dict(given)
    probed = reading
    for _step in range(MAX_QUESTIONS):
        if probed.next is None or probed.refused is not None:
            break
        probe[probed.next.key] = _likely(probed.next)
        probed = tarockscore.next_question(flow, probe, entry.defaults)
    shown = [q for q, _answer in probed.lines]
    if probed.next is not None:
        shown.append(probed.next)
    asked = len(reading.lines) + (reading.next is not None)
    shown = [
        q if i < asked else replace(q, text=q.line[:1].upper() + q.line[1:])
        for i, q in enumerate(shown)
        # "was it their Valat?" only where the card points given prove one, not the likely 0
        if i < asked or q.key != PROVEN
    ]
    return [q for q in shown if q.key != EXTRAS], reading


def _field(question: tarockscore.Question, chosen: object, text: str, refused: str | None) -> str:
    kind = question.kind
    name = question.key
    ident = "f-" + name.replace(":", "-")
    error = f'<span class="error" id="{esc(ident)}-error">{esc(refused)}</span>' if refused else ""
    described = {"aria-describedby": f"{ident}-error"} if refused else {}
    label = f'<label for="{esc(ident)}">{esc(question.text)}</label>'
    if kind is tarockscore.QuestionKind.POINTS:
        field = (
            f'<input type="text" inputmode="decimal" autocomplete="off"'
            f"{attrs({'id': ident, 'name': name, 'value': text, **described})}>"
        )
        return f'<div class="field">{label}{field}{error}</div>'
    options: list[tuple[str, str, bool]] = []
    if kind is tarockscore.QuestionKind.YES_NO:
        default = question.default
        chosen_bool = chosen if isinstance(chosen, bool) else default
        options = [("y", _("yes"), chosen_bool is True), ("n", _("no"), chosen_bool is False)]
        if default is None and chosen_bool is None:
            options.insert(0, ("", "—", True))
    else:
        picked = chosen if chosen is not None else question.default
        if question.default is None:
            options.append(("", "—", picked is None))
        options += [(_value(c), c.label, c.value == picked) for c in question.choices]
    rendered = "".join(
        f'<option value="{esc(v)}"{" selected" if sel else ""}>{esc(lbl)}</option>' for v, lbl, sel in options
    )
    field = f"<select{attrs({'id': ident, 'name': name, **described})}>{rendered}</select>"
    return f'<div class="field">{label}{field}{error}</div>'


def fields_html(
    entry: tarockscore.HandEntry, given: Mapping[str, str], refused: Mapping[str, str] | None = None
) -> str:
    """The form's fields for the answers given, and the reason an answer was refused beside its field."""
    shown, reading = walk(entry, given)
    answers = reading.answers
    why = dict(refused or {})
    if reading.next is not None and reading.refused is not None:
        why.setdefault(reading.next.key, reading.refused)
    return "\n".join(_field(q, answers.get(q.key), given.get(q.key, ""), why.get(q.key)) for q in shown)
