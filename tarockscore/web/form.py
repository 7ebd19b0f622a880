"""The table page's form of a hand, asked of the guided entry's flow (web layer).

The fields are the flow's questions, named by their keys. The questions not answered yet are walked
with a likely answer, so a page without JavaScript shows a whole hand's fields at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

import tarockscore
from tarockscore.i18n import _
from tarockscore.web.html import attrs, esc

# The form's own fields: everything else it sends is an answer to a question of the flow.
CONTROL = frozenset({"code", "expected", "request", "action", "lang", "number"})
# "Kontra or bonuses?" is never shown: a Kontra step or a bonus chosen says yes.
EXTRAS = "extras"
# Asked where the card points prove a Valat (tarockscore.entry.flow.VALAT_PROVEN).
PROVEN = "valat"
# The Blatt of card points come in a field of their own: ``blatt:card_points``, ``blatt:points:Anna``.
BLATT = "blatt:"
THIRDS = 3  # a Blatt is a third of a point
MAX_QUESTIONS = 80  # far more than a hand asks (each of a profile's bonuses asks five)


def answers_of(form: Mapping[str, str]) -> dict[str, str]:
    """The answers a form sent, by question key (points and Blatt as one answer, "35/2")."""
    given = {k: v for k, v in form.items() if k not in CONTROL and not k.startswith(BLATT)}
    for key, blatt in form.items():
        if key.startswith(BLATT) and key[len(BLATT) :] in given and blatt.strip() not in ("", "0"):
            points = key[len(BLATT) :]
            given[points] = f"{given[points].strip() or '0'}/{blatt.strip()}"
    if EXTRAS not in given:
        said = any(
            v.strip() and (k.startswith(("kontra", "bonus:")) or k == "huettenfleck")
            for k, v in given.items()
        )
        given[EXTRAS] = "y" if said else "n"
    return given


def whole(text: str | None) -> int | None:
    """A hand's or round's number as a form or address gives it (``²`` is no number), else None."""
    if text and text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


def _value(choice: Any) -> str:
    """A choice as the form sends it: its name where that reads back, else its first word or number."""
    value = str(choice.value)
    if value.isprintable() and not value.isdigit():
        return value
    if choice.words:
        return str(choice.words[0])
    return str(choice.number)


def filled(entry: tarockscore.HandEntry) -> dict[str, str]:
    """The answers of the hand being replaced, as its form shows them."""
    reading = tarockscore.submit_answers(entry.flow, {}, entry.defaults)
    out = {}
    for q, answer in reading.lines:
        if isinstance(answer, Fraction):
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
    if question.key == EXTRAS:
        return "y"
    if question.kind is tarockscore.QuestionKind.CHOICE:
        if question.default is not None:
            return ""
        return _value(question.choices[0]) if question.choices else ""
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
    flow = entry.flow
    # "Kontra or bonuses?" is never asked on the page: its fields are always shown
    given = {**given, EXTRAS: "y"}
    reading = tarockscore.next_question(flow, given, entry.defaults)
    probe = dict(given)
    probed = reading
    for _step in range(MAX_QUESTIONS):
        question = probed.next
        if question is None or probe.get(question.key) == _likely(question):
            break
        probe[question.key] = _likely(question)
        probed = tarockscore.next_question(flow, probe, entry.defaults)
    shown = [q for q, _answer in probed.lines]
    if probed.next is not None:
        shown.append(probed.next)
    asked = len(reading.lines) + (reading.next is not None)
    shown = [
        q if i < asked else replace(q, text=q.line[:1].upper() + q.line[1:])
        for i, q in enumerate(shown)
        # "was it their Valat?" only where the card points given prove one, not the likely ones
        if i < asked or q.key != PROVEN
    ]
    return [q for q in shown if q.key != EXTRAS], reading


def _error(ident: str, refused: str | None) -> str:
    return f'<span class="error" id="{esc(ident)}-error">{esc(refused)}</span>' if refused else ""


def _points(key: str, ident: str, answer: object, form: Mapping[str, str], thirds: bool) -> str:
    """Card points as two number fields, the points and the Blatt (one where the game has no thirds)."""
    points, blatt = form.get(key, ""), form.get(BLATT + key)
    if blatt is None and isinstance(answer, Fraction):  # sent as one ("35/2"): shown as two
        points, blatt = _split(answer)
    number = {"type": "text", "inputmode": "numeric", "autocomplete": "off", "size": "4"}
    inputs = [
        f'<label class="part">{esc(_("Points"))}<input{attrs({**number, "id": ident + "-points", "name": key, "value": points})}></label>'
    ]
    if thirds:
        named = {**number, "id": ident + "-blatt", "name": BLATT + key, "value": blatt or ""}
        inputs.append(f'<label class="part">{esc(_("Blatt"))}<input{attrs(named)}></label>')
    return "".join(inputs)


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
    name = question.key
    return "".join(
        f"<label><input{attrs({'type': 'radio', 'name': name, 'value': v})}{' checked' if on else ''}>"
        f"<span>{esc(label)}</span></label>"
        for v, label, on in options
    )


def _field(
    question: tarockscore.Question, answer: object, form: Mapping[str, str], refused: str | None, thirds: bool
) -> str:
    key = question.key
    ident = "f-" + key.replace(":", "-")
    points = question.kind is tarockscore.QuestionKind.POINTS
    if points:
        inner, sig = _points(key, ident, answer, form, thirds), "points"
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
    return (
        f"<fieldset{attrs(box)}><legend>{esc(question.text)}</legend>"
        f'<div class="{"pair" if points else "chips"}">{inner}</div>{_error(ident, refused)}</fieldset>'
    )


def fields_html(
    entry: tarockscore.HandEntry, form: Mapping[str, str], refused: Mapping[str, str] | None = None
) -> str:
    """The form's fields, with a refused answer's reason beside its field (only after the hand was sent)."""
    shown, reading = walk(entry, answers_of(form))
    answers = reading.answers
    why = refused or {}
    thirds = entry.flow.profile.game.thirds
    return "\n".join(_field(q, answers.get(q.key), form, why.get(q.key), thirds) for q in shown)


def missing(reading: tarockscore.FormReading, given: Mapping[str, str]) -> dict[str, str] | None:
    """Where a hand sent stops at a question not answered: the problem, in the page's words."""
    question = reading.next
    if question is None or given.get(question.key, "").strip() or question.default is not None:
        return None
    return {"where": question.key, "message": f"{question.text}: {_('an answer is needed here')}"}
