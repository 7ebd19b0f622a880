"""The audit trail in the reader's language: each stored English line read back into its words (rendering layer).

The ledger keeps an audit line as English text (:mod:`tarockscore.ledger.audit` writes it, and the
stored form never changes). Read back, the text is matched against the trail's English templates,
listed here, to recover the template and its values, which the catalogue then says in German:
``hand 9 undone: farbensolo by Gustl, lost`` is ``Spiel 9 zurückgenommen: Farbensolo von Gustl,
verloren``. A line no template matches (written by another version) is shown as it is stored.
``tests/test_german.py`` fails when :mod:`tarockscore.ledger.audit` marks a template not listed here.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from tarockscore.errors import N_, Message
from tarockscore.i18n import DEFAULT, current, named, translated

# Every template of tarockscore/ledger/audit.py, the outermost first: a line is read by the
# template that wraps the others (a detail and what was recomputed, the action, the outcome of
# the hand, then who played it), each part of it read again in turn.
TEMPLATES = (
    N_("{detail}; recomputed {hands}"),
    N_("{detail}; changed {hands}"),
    N_("{detail}; no stored result changed"),
    N_("{detail}; hands {first} to {last} are now {start} to {end}"),
    N_("{detail}; hand {first} is now hand {start}"),
    N_("{hand} undone: {summary}"),
    N_("{hand} replaced: {old} → {new}"),
    N_("{hand} replaced: {old}; {changes}"),
    N_("{hand} deleted: {summary}"),
    N_("Radl set on the sheet {after}: {n} more hand ×{factor}; {pending} pending"),
    N_("Radl set on the sheet {after}: {n} more hands ×{factor}; {pending} pending"),
    N_("Radl struck on the sheet {after}: {n} doubled hand fewer; {pending} pending"),
    N_("Radl struck on the sheet {after}: {n} doubled hands fewer; {pending} pending"),
    N_("rescored under profile {new!r} (sha256 {new_sha}), was {old!r} (sha256 {old_sha})"),
    N_(
        "repaired: every hand re-scored from its stored keys under the stored profile {name!r} "
        "(sha256 {sha}) and the ledger sealed again"
    ),
    N_("{hand}, Radl ×{radl}"),
    N_("{hand}, won"),
    N_("{hand}, lost"),
    N_("{contract} by {declarer} with {partner}"),
    N_("{contract} by {declarer}"),
    N_("hand {id} (no. {number} on the sheet)"),
    N_("hands {ids}"),
    N_("hand {id}"),
    N_("hand {ids}"),
    N_("before the first hand"),
    N_("after {hand}"),
)

# The values that are themselves words of the trail (a hand's summary, a label, a detail).
_NESTED = frozenset({"detail", "hand", "summary", "old", "new", "hands", "after"})
# A bare profile key where a summary stands: a hand with no declarer (Trischaken).
_KEY = re.compile(r"[a-z][a-z0-9_]*")


# A placeholder of a template: its name and conversion (``{new!r}``). The templates have no
# format spec and no literal braces, so this is all of str.format's syntax they use.
_FIELD = r"\{(\w+)(?:!(\w))?\}"


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str], tuple[tuple[str, str | None], ...]], ...]:
    out = []
    for template in TEMPLATES:
        regex, fields, at = "", [], 0
        for field in re.finditer(_FIELD, template):
            regex += re.escape(template[at : field.start()]) + rf"(?P<{field[1]}>.+?)"
            fields.append((field[1], field[2]))
            at = field.end()
        regex += re.escape(template[at:])
        out.append((template, re.compile(regex, re.DOTALL), tuple(fields)))
    return tuple(out)


def read_back(text: str) -> Message | None:
    """The template and values of a stored English line, or None when no template fits it."""
    for template, pattern, fields in _patterns():
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values: list[tuple[str, object]] = []
        for name, conversion in fields:
            raw = found.group(name)
            value: object = raw
            if conversion == "r" and len(raw) > 1 and raw[0] == raw[-1] and raw[0] in "'\"":
                value = raw[1:-1]  # a profile's name, quoted as repr quotes it
            elif name in _NESTED:
                nested = read_back(raw)
                value = nested if nested is not None else named(raw) if _KEY.fullmatch(raw) else raw
            values.append((name, value))
        return Message(template, tuple(values))
    return None


def said(text: str) -> str:
    """An audit line, or a hand's summary in the trail's words, in the reader's language."""
    if current() == DEFAULT:
        return str(text)
    if isinstance(text, Message) and text.values:
        return translated(text)  # made now: its template and values are at hand
    line = read_back(str(text))
    if line is None:
        return named(str(text)) if _KEY.fullmatch(str(text)) else translated(text)
    return translated(line)


def moment(at: str) -> str:
    """When an audit entry was made, as the reader writes it: in German the day and the local
    time (``14.03.2025 21:40``); English keeps the stored form (ISO 8601 with its offset)."""
    if current() == DEFAULT:
        return at
    try:
        when = dt.datetime.fromisoformat(at)
    except ValueError:
        return at  # not a time as a ledger writes it: shown as it is
    local = when.astimezone() if when.tzinfo is not None else when
    return local.strftime("%d.%m.%Y %H:%M")
