"""Text for the evening's commands: the deal, the totals, the sheet, the settlement, a recorded hand
with its notes, and the audit trail read back into the reader's words (rendering layer)."""

import datetime as dt
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from tabulate import tabulate

from tarockscore import i18n
from tarockscore.errors import N_, Message, key_title, message, shown_path
from tarockscore.evening import model
from tarockscore.evening.evening import HeadCheck, Repaired, Rescored, Settled
from tarockscore.evening.fold import score_stored
from tarockscore.evening.model import Action, AuditEntry, Deal, Ledger, Result, Table
from tarockscore.evening.operations import RADL_MARKS, VALAT_LINES, label, summary
from tarockscore.evening.operations import radl_marked as radl_marked  # the phones' Radl notice
from tarockscore.evening.radl import next_factor, pending_radl, struck
from tarockscore.evening.settle import Payment, Settlement, settle
from tarockscore.evening.sheet import Sheet
from tarockscore.evening.store import GONE
from tarockscore.evening.upgrade import Upgraded
from tarockscore.i18n import DEFAULT, _, current, date, money, named, ngettext, translated, whole
from tarockscore.render.output import Name, View
from tarockscore.rules.hand import Hand
from tarockscore.rules.legality import bidding_allowed, bidding_rule
from tarockscore.rules.profile import Profile, SettlementMode, key_paths
from tarockscore.rules.words import SHEET_COLUMNS

# Every template of the audit trail (tarockscore/evening/operations.py), the outermost first: a
# line is read by the template that wraps the others (a detail and what was recomputed, the
# action, the outcome of the hand, then who played it), each part of it read again in turn.
TEMPLATES = (
    # a repair's line names what it found changed outside tarockscore (evening/store.py naming),
    # each finding one of the chain's own (evening/store.py Chain.problems), "; " between them
    N_("{detail}; found: {found}"),
    N_("{detail}; recomputed {hands}"),
    N_("{detail}; changed {hands}"),
    N_("{detail}; no stored result changed"),
    N_("{detail}; hands {first} to {last} are now {start} to {end}"),
    N_("{detail}; hand {first} is now hand {start}"),
    N_("{hand} undone: {summary}"),
    # the changed keys last: a change (``card_points: 40 → 36``) holds an arrow of its own, and a
    # summary never holds "; " (_WHOLE), so the outcome's arrow is the first one
    N_("{hand} replaced: {old} → {new}; {changes}"),
    N_("{hand} replaced: {old}; {changes}"),
    N_("{hand} replaced: {old} → {new}"),
    N_("{hand} deleted: {summary}"),
    *RADL_MARKS.values(),
    N_("rescored under profile {new!r} (sha256 {new_sha}), was {old!r} (sha256 {old_sha})"),
    N_(
        "repaired: every hand re-scored from its stored keys under the stored profile {name!r} "
        "(sha256 {sha}) and the ledger sealed again"
    ),
    # a table's result from its paper sheet (tarockscore/evening/paper.py), the table named by the day
    N_("{detail}; it replaces the hands on the sheet ({ids})"),
    N_("{detail}; it replaces the result of {at}: {points}"),
    N_("{label}: the result from its paper sheet: {points}"),
    N_("round {round}, table {table}"),
    N_("{hand}, Radl ×{radl}"),
    N_("{hand}, {kontra} on it"),  # the Kontra on a Valat, after it
    *VALAT_LINES.values(),
    N_("{hand}, won"),
    N_("{hand}, lost"),
    # a hand's Kontra step (a profile key), and who lost a Trischaken
    N_("{contract}, {player} loses"),
    N_("{contract}, {players} lose"),
    N_("{hand}, renonce by {player}"),
    # a conceded hand has no Kontra: its word is read before a Kontra step could take it
    N_("{hand}, conceded"),
    N_("{hand}, called King in the talon"),
    N_("{hand}, own King called"),
    # each Defender's own step (contra ad personam), a clause each: "kontra from Anna, rekontra
    # against Dani"; a line written before says "with" for both (read back in words naming no partner)
    N_("{hand}, {kontra} from {defender}"),
    N_("{hand}, {kontra} against {defender}"),
    N_("{hand}, {kontra} with {defender}"),
    N_("{hand}, Hüttenfleck"),
    N_("{hand}, {kontra}"),
    N_("{hand}, {bonus} {kontra}"),  # the step on an announced bonus: "pagat rekontra"
    N_("{contract} by {declarer} with {partner}"),
    N_("{contract} by {declarer}"),
    N_("hand {id} (no. {number} on the sheet)"),
    N_("hands {ids} (nos. {numbers} on the sheet)"),
    N_("hands {ids}"),
    N_("hand {id}"),
    N_("hand {ids}"),
    N_("before the first hand"),
    N_("after {hand}"),
)

# What a repair may name as found (evening/store.py Chain.problems), each read on its own.
FOUND = (
    N_("the table or the profile was changed outside tarockscore"),
    N_("an entry before it was removed or changed outside tarockscore"),
    N_("entry {entry}: an entry before it was removed or changed outside tarockscore"),
    N_("an entry before {hand} was removed or changed outside tarockscore"),
    N_("entry {entry}: an entry before {hand} was removed or changed outside tarockscore"),
    N_(
        "this repair entry lacks what a repair writes (its audit line, the head and profile it "
        "found, every hand it vouches for, re-scored): it vouches for nothing"
    ),
    N_("entry {entry} ({kind}) was changed outside tarockscore"),
    N_("{hand} was changed outside tarockscore"),
    N_("this entry ({kind}) was changed outside tarockscore"),
    # what `upgrade` finds in an older ledger whose stored results the rules do not give
    N_("hand {number}: stored {stored} for {player}, the rules give {given}"),
    N_("hand {number}: stored a payout of {stored} for {player}, the rules pay {given}"),
    N_("hand {number}: stored with Radl ×{stored}, the hands before it give ×{given}"),
    N_("hand {number}: stored as {stored}, the rules give {given}"),
)

_OUTCOMES = (N_("won"), N_("lost"), N_("without a winner"))
# The values that are themselves words of the trail (a hand's summary, a label, a detail).
_NESTED = frozenset({"detail", "hand", "summary", "old", "new", "hands", "after", "label"})
# The values that are one hand's summary, never a list of clauses.
_WHOLE = frozenset({"old", "new", "summary"})
# A bare profile key where a summary stands: a hand with no declarer (Trischaken).
_KEY = re.compile(r"[a-z][a-z0-9_]*")


# A placeholder of a template: its name and conversion (``{new!r}``). The templates have no
# format spec and no literal braces, so this is all of str.format's syntax they use.
_FIELD = r"\{(\w+)(?:!(\w))?\}"
# What a placeholder may hold where the rest of the line could hold it too: a Kontra step is a
# profile key and a player's or a bonus's name holds no comma, so a hand with two Defenders'
# Kontras is cut before its last clause ("bettler by Bert, kontra from Anna" + "rekontra against Dani").
_VALUES = {"kontra": r"[a-z][a-z0-9_]*", "bonus": r"[^,]+?", "defender": r"[^,]+?"}


@cache
def _patterns(templates: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str], list[tuple[str, str]]], ...]:
    out = []
    for template in templates:
        regex, at = "", 0
        for field in re.finditer(_FIELD, template):
            value = _VALUES.get(field[1], r".+?")
            regex += re.escape(template[at : field.start()]) + rf"(?P<{field[1]}>{value})"
            at = field.end()
        regex += re.escape(template[at:])
        out.append((template, re.compile(regex, re.DOTALL), re.findall(_FIELD, template)))
    return tuple(out)


def read_back(text: str, templates: tuple[str, ...] = TEMPLATES) -> Message | None:
    """The template and values of a stored English line, or None when none of ``templates`` fits it."""
    for template, pattern, fields in _patterns(templates):
        if (found := pattern.fullmatch(text)) is None:
            continue
        values: list[tuple[str, object]] = []
        for name, conversion in fields:
            raw = found.group(name)
            value: object = raw
            if conversion == "r" and len(raw) > 1 and raw[0] == raw[-1] and raw[0] in "'\"":
                value = raw[1:-1]  # a profile's name, quoted as repr quotes it
            elif name in _WHOLE and "; " in raw:
                break  # a summary holds no "; ": this template cut the line in the wrong place
            elif name == "changes":
                value = changes_said(raw)
            elif name == "at":
                value = moment(raw)  # a time the trail stores as written, said as the reader writes one
            elif name in ("stored", "given") and raw in _OUTCOMES:
                value = message(raw)  # a hand stored as won or lost, as `upgrade` found it
            elif name == "found":
                value = "; ".join(translated(read_back(part, FOUND) or part) for part in raw.split("; "))
            elif name in _NESTED:
                nested = read_back(raw)
                value = nested if nested is not None else named(raw) if _KEY.fullmatch(raw) else raw
            values.append((name, value))
        else:
            return Message(template, tuple(values))
    return None


# The keys a replacement names as changed (rules.hand.hand_changes), as the reader says them.
_CHANGED_KEYS = {
    "players": N_("players"),
    "contract": N_("contract"),
    "declarer": N_("declarer"),
    "partner": N_("partner"),
    "card_points": N_("card points"),
    "won": N_("won"),
    "kontra": "Kontra",
    "huettenfleck": N_("Hüttenfleck"),
    "bonus": N_("bonus"),
    "defender_card_points": N_("Defenders' card points"),
    "called_king": N_("called King"),
    "king_half": N_("talon half"),
    "conceded": N_("conceded"),
    "renonce": N_("renonce"),
    "profile": N_("profile"),
}
# The keys whose values are words of _CHANGED_WORDS.
_WORDED = frozenset({"won", "huettenfleck", "called_king", "king_half", "conceded"})
# The words of a changed bonus's flags and of a yes-or-no key.
_CHANGED_WORDS = {
    "declarers": N_("declarers"),
    "defenders": N_("defenders"),
    "announced": N_("announced"),
    "silent": N_("silent"),
    "made": N_("made"),
    "lost": N_("lost"),
    "true": N_("yes"),
    "false": N_("no"),
    "talon": N_("in the talon"),
    "own": N_("own King"),
    "declarer": N_("declarer"),
}
_KEYED = re.compile(r"\{(contract|kontra|bonus)\}")  # the values of a trail's line that are profile keys
_CLAUSE = re.compile(r"; (?=[a-z_]+: )")  # a change starts with its key: "card_points: 30 → 36"
_BONUS = re.compile(r"\b([a-z_]+) \(([^()]*)\)")  # "four_kings (declarers, silent, made)"
_WORD = re.compile(r"\b[a-z]+\b")


def changes_said(text: str) -> str:
    """The changed keys of a replaced hand (``card_points: 30 → 36; kontra: – → Kontra``) in the
    reader's words, a contract and a bonus by their names as ``explain`` says them."""
    if text == "nothing changed":
        return _("nothing changed")
    out = []
    for clause in _CLAUSE.split(text):
        key, colon, values = clause.partition(": ")
        if not colon or key not in _CHANGED_KEYS:
            out.append(clause)
            continue
        if key == "contract":
            values = " → ".join(
                translated(key_title(v)) if _KEY.fullmatch(v) else v for v in values.split(" → ")
            )
        elif key == "bonus":
            values = _BONUS.sub(lambda m: f"{translated(key_title(m[1]))} ({_changed_words(m[2])})", values)
        elif key in _WORDED:
            values = _changed_words(values)
        out.append(f"{translated(_CHANGED_KEYS[key])}: {values}")
    return "; ".join(out)


def _changed_words(text: str) -> str:
    return _WORD.sub(lambda m: translated(_CHANGED_WORDS[m[0]]) if m[0] in _CHANGED_WORDS else m[0], text)


def said(text: str) -> str:
    """An audit line, or a hand's summary in the trail's words, in the reader's language."""
    if current() == DEFAULT and i18n.players_names_on() and (line := read_back(str(text))) is not None:
        # a phone's page: its contracts, Kontra steps and bonuses by name, as its sheet says them
        return line.render(lambda template: _KEYED.sub(r"{\1!n}", template))
    if current() == DEFAULT:
        # the trail's own words, a time it names and a replacement's changed keys said as one says them
        read = "it replaces the result of" in str(text) or _CLAUSE.search(str(text))
        line = read_back(str(text)) if read else None
        return str(text) if line is None else translated(line)
    if (
        isinstance(text, Message)
        and text.values
        and not ("changes" in dict(text.values) or _CLAUSE.search(text))
    ):
        return translated(text)  # made now, no change list in it: its template and values are at hand
    if (line := read_back(str(text))) is None:
        return named(str(text)) if _KEY.fullmatch(str(text)) else translated(text)
    return translated(line)


def local_time(at: str) -> dt.datetime | None:
    """A time as a ledger writes it, in local time; None for a text that is none."""
    try:
        when = dt.datetime.fromisoformat(at)
    except ValueError:
        return None
    return when.astimezone() if when.tzinfo is not None else when


def moment(at: str) -> str:
    """When an audit entry was made, in local time: ``2026-12-05 23:54``, German ``05.12.2026 23:54``."""
    if (local := local_time(at)) is None:
        return at
    return local.strftime("%Y-%m-%d %H:%M" if current() == DEFAULT else "%d.%m.%Y %H:%M")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def note_line(note: str) -> str:
    return _("note: {note}").format(note=players_words(translated(note)))


# A profile key path, alone or with its value: "valat.bonuses = 'none'", "kontra.ladder[0]". It
# begins with one of the profile's tables: "pagat.com" in a source is a web address, kept.
_TABLES = sorted({path.split(".")[0] for path in key_paths()} | {"contracts", "bonuses"})
_KEY_PATH = r"(?:" + "|".join(_TABLES) + r")(?:\.[a-z_]+(?:\[\d+\])?)+"
_PATH = _KEY_PATH + r"(?: = [^(),;]+)?"
_KEY_IN_BRACKETS = r"\s*\((?:" + _PATH + r")(?:, " + _PATH + r")*\)"
_KEY_ALONE = r"^" + _PATH + r"$"


def players_words(text: str) -> str:
    """A note without the profile keys in it: those are for ``--json``."""
    text = re.sub(_KEY_IN_BRACKETS, "", str(text)).strip()
    return ", ".join(part for part in text.split(", ") if not re.match(_KEY_ALONE, part.strip()))


def note_keys(text: str) -> list[str]:
    """The profile keys a note names: the rules it follows."""
    return re.findall(_KEY_PATH, str(text))


HEAD_DIGITS = 12  # of the head's 64: what a person writes down


def deal_text(deal: Deal) -> str:
    said = _("{dealer} deals, {forehand} is Forehand")
    if deal.sitting_out:
        said = _("{dealer} deals, {forehand} is Forehand, {out} sits out")
    return said.format(dealer=deal.dealer, forehand=deal.forehand, out=deal.sitting_out)


def money_text(amount: Decimal) -> str:
    """A balance as the settle-up prints it: +0.40, -0.20, 0.00 (German: +0,40 €)."""
    return ("+" if amount > 0 else "") + money(amount)


def _settled(table: Table, parts: tuple[Mapping[str, int], SettlementMode]) -> Settlement | None:
    """The evening settled from what ``settling`` gives (totals or payout totals); None without a stake."""
    return None if table.stake is None else settle(parts[0], table.stake, parts[1])


def payment_lines(after: Ledger) -> list[str]:
    """Who pays whom if the evening ended now, as ``settle`` says it; none without a stake or a hand."""
    settled = _settled(after.table, model.settling(after)) if after.hands else None
    return [] if settled is None else payments_said(settled.payments)


def payments_said(payments: Sequence[Payment]) -> list[str]:
    """``Anna pays Bert 3.60``, one line a payment; ``nobody pays anybody`` where there is none."""
    said = _("{payer} pays {payee} {amount}")
    lines = [said.format(payer=x.payer, payee=x.payee, amount=money(x.amount)) for x in payments]
    return lines or [_("nobody pays anybody")]


def totals_rows(after: Ledger, hand: int | None = None) -> tuple[list[str], list[list[object]]]:
    """Each player's points in one hand (if given), the running totals and the money so far."""
    total, paid = model.totals(after), model.payout_totals(after)
    cash = _settled(after.table, model.settling(after))
    # each column's title and its cell of a player
    columns: list[tuple[str, Callable[[str], object]]] = [(_("player"), str)]
    if hand is not None:
        entry = after.hands[hand - 1]
        points = entry.result.victory_points
        columns.append((_("hand"), lambda p: signed(points[p]) if p in entry.hand.players else _("out")))
    columns.append((_("total"), total.__getitem__))
    if paid is not None:
        columns.append((_("payout"), paid.__getitem__))
    if cash is not None:
        columns.append((_("money"), lambda p: money_text(cash.balances[p])))
    rows = [[cell(p) for _title, cell in columns] for p in after.table.players]
    return [title for title, _cell in columns], rows


def totals_table(after: Ledger, hand: int | None = None) -> str:
    """:func:`totals_rows` as a table, the money to the right."""
    headers, rows = totals_rows(after, hand)
    money = int(after.table.stake is not None)
    colalign = ["left"] * (len(headers) - money) + ["right"] * money
    return tabulate(rows, headers=headers, disable_numparse=True, colalign=colalign)


def evening_title(table: Table) -> str:
    """An evening's heading: its place and date, else "Evening of DATE", in the reader's language."""
    day = table.date or table.created[:10]
    if table.place:
        return f"{table.place}, {date(day)}"
    return _("Evening of {date}").format(date=date(day))


def next_text(ledger: Ledger) -> str:
    """The next hand: its number and deal, and whether the Radl doubles it."""
    if ledger.paper is not None:
        return _("the result is taken from the table's paper sheet: no hand is recorded here")
    count, limit = len(ledger.hands), ledger.table.games
    if limit is not None and count >= limit:
        return _("all {games} games of this table are played: no next hand").format(games=limit)
    text = _("next: hand {number}, {deal}").format(number=count + 1, deal=deal_text(model.next_deal(ledger)))
    pending, factor = pending_radl(ledger), next_factor(ledger)
    if pending == 1:
        text += _("; a Radl hand (×{factor}), the last of the Radl").format(factor=factor)
    elif pending:
        text += ngettext(
            "; a Radl hand (×{factor}), {rest} more Radl hand after it",
            "; a Radl hand (×{factor}), {rest} more Radl hands after it",
            pending - 1,
        ).format(factor=factor, rest=pending - 1)
    return text


# What undo and delete say of the Radl marks set or struck on the sheet after the hand they take
# away: the marks are the table's, not the hand's, so they stay, now after the hand before it
RADL_KEPT = {
    (True, False): N_("the Radl set on the sheet after {hand} stays, now {where}"),
    (False, True): N_("the Radl struck on the sheet after {hand} stays struck, now {where}"),
    (True, True): N_("the Radl set and struck on the sheet after {hand} stays, now {where}"),
}
# A strike of doubled hands the hand taken back armed: they are gone, it strikes other ones or none.
STRIKES_NOW = N_(
    "the Radl struck on the sheet after {hand} stays, now {where}, but strikes {now} where it struck {then}"
)
STRIKES_NOTHING = N_(
    "the Radl struck on the sheet after {hand} now strikes nothing: that hand's Radl went with it"
)


def radl_kept(before: Ledger, number: int, after: Ledger) -> list[str]:
    """The line undo or delete adds where a Radl was set or struck on the sheet after hand
    ``number`` of ``before`` (none where none was), taking it to ``after``."""
    ids = [e.id for e in before.hands]
    last = number == len(ids)
    marks = [m for m in before.radl if ids[number - 1] <= m.after and (last or m.after < ids[number])]
    if not marks:
        return []
    where = message(N_("before the first hand"))
    if number > 1:
        where = message(N_("after {hand}"), hand=label(ids[number - 2], number - 1))
    sets = any(m.hands > 0 for m in marks)
    said = RADL_KEPT[sets, any(m.hands < 0 for m in marks)]
    then, now = (0, 0) if sets else (struck(before, marks), struck(after, marks))
    if now != then:
        said = STRIKES_NOW if now else STRIKES_NOTHING
    return [translated(message(said, hand=label(ids[number - 1], number), where=where, now=now, then=then))]


# What replace says of a Radl struck on the sheet whose doubled hands the corrected hand changed
STRIKES_CORRECTED = {
    True: N_("the Radl struck on the sheet after {hand} now strikes {now} where it struck {then}"),
    False: N_("the Radl struck on the sheet after {hand} now strikes nothing where it struck {then}"),
}


def strikes_corrected(before: Ledger, after: Ledger) -> list[str]:
    """The line replace adds for each Radl struck on the sheet that strikes other doubled hands
    in ``after`` than in ``before`` (it keeps to the Radls it struck: docs/evening.md)."""
    lines = []
    for mark in (m for m in after.radl if m.hands < 0):
        number = sum(e.id <= mark.after for e in after.hands)  # 0: before the first hand, unchanged
        then, now = struck(before, [mark]), struck(after, [mark])
        if number and now != then:
            hand = label(after.hands[number - 1].id, number)
            lines.append(translated(message(STRIKES_CORRECTED[now > 0], hand=hand, now=now, then=then)))
    return lines


def hand_line(ledger: Ledger, number: int) -> str:
    entry = ledger.hands[number - 1]
    summary = hand_summary(entry.hand, ledger.profile, entry.result)
    deal = deal_text(model.hand_deal(ledger, number))
    return _("hand {number}: {summary} ({deal})").format(number=number, summary=summary, deal=deal)


def hand_summary(hand: Hand, profile: Profile, result: Result | None = None) -> str:
    """One line for a hand in the reader's language: contract, who played it, the outcome, a Valat."""
    return said(summary(hand, profile, result, named(hand.contract), named))


def undone_summary(ledger: Ledger, number: int, *, deleted: bool = False) -> str | None:
    """Hand ``number`` as the sheet said it before the trail's last undo (``deleted``: delete) of it
    took it back; None where the trail has none."""
    action = Action.DELETE if deleted else Action.UNDO
    undone = next((a for a in reversed(ledger.audit) if a.action is action and a.number == number), None)
    line: object = read_back(undone.detail) if undone is not None else None
    # a delete's line says the hands moved up after the hand's own ("{detail}; hand 5 is now hand 4")
    while isinstance(line, Message) and "summary" not in dict(line.values):
        line = dict(line.values).get("detail")
    hand = dict(line.values).get("summary") if isinstance(line, Message) else None
    return said(_as_sheet(hand)) if isinstance(hand, str) else None


def _as_sheet(value: str) -> str:
    """A hand's line read back from the trail, its contract and Kontra steps (profile keys) named."""
    if not isinstance(value, Message):
        return named(value) if _KEY.fullmatch(value) else value
    words = ("contract", "kontra", "bonus", "hand")  # a key, or the line it is part of
    values = tuple((k, _as_sheet(v) if k in words and isinstance(v, str) else v) for k, v in value.values)
    return Message(value.template, values)


def profile_json(table: Table) -> dict[str, Any]:
    return {"name": table.profile.name, "sha256": table.profile.sha256}


def audit_json(a: AuditEntry) -> dict[str, Any]:
    return {"at": a.at, "action": a.action.value, "hand": a.hand, "number": a.number, "detail": a.detail}


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The evening as ``show --json`` prints it (docs/ledger-format.md)."""
    hands = []
    for h in sheet.hands:
        item: dict[str, Any] = {
            "number": h.number,
            "id": h.id,
            "dealer": h.dealer,
            "forehand": h.forehand,
            "players": list(h.players),
            "sitting_out": h.sitting_out,
            "contract": h.hand.contract,
            "declarer": h.hand.declarer,
            "partner": h.hand.partner,
            "won": h.result.won,
            "radl": h.result.radl,
            "doubled": h.doubled,
            "victory_points": dict(h.result.victory_points),
            "totals": dict(h.totals),
        }
        if h.payout is not None and h.payout_totals is not None:
            item["payout"] = dict(h.payout)
            item["payout_totals"] = dict(h.payout_totals)
        item["recorded"] = h.recorded
        hands.append(item)
    t = sheet.table
    out: dict[str, Any] = {
        "profile": profile_json(sheet.table),
        "players": list(sheet.players),
        "date": t.date,
        "place": t.place,
        "stake": None if t.stake is None else str(t.stake),
        "hands": hands,
        "totals": dict(sheet.totals),
    }
    if sheet.payout_totals is not None:
        out["payout_totals"] = dict(sheet.payout_totals)
    out["audit"] = [audit_json(a) for a in sheet.audit]
    if sheet.head is not None:
        out["head"] = sheet.head
    return out


def sheet_csv(sheet: Sheet) -> tuple[list[str], list[list[object]]]:
    players = list(sheet.players)
    headers = [*SHEET_COLUMNS, *map(Name, players), *(f"{p} total" for p in players)]
    rows: list[list[object]] = []
    for h in sheet.hands:
        row: list[object] = [
            h.number,
            Name(h.dealer),
            Name(h.forehand),
            h.hand.contract,
            Name(h.hand.declarer or ""),
            Name(h.hand.partner or ""),
            "" if h.result.won is None else ("yes" if h.result.won else "no"),
            h.result.radl,
        ]
        row += [h.result.victory_points[p] for p in players] + [h.totals[p] for p in players]
        rows.append(row)
    return headers, rows


def place_text(place: str) -> str:
    """A place as the reader says it: a tournament sheet's "round 1, table 2" in the reader's words."""
    if (drawn := model.drawn_at(place)) is None or current() == DEFAULT:
        return place
    where = f"{translated(model.table_label(drawn.round, drawn.table))} [{drawn.mark}]"
    return ", ".join(x for x in (drawn.label, where) if x)


# A table fits a terminal of this width (show's sheet of four players with ordinary names, a
# hand's bets): one column wraps in the room the others leave, never narrower than _NARROWEST
TERMINAL = 80
_NARROWEST = 12


# A clause ends at ", ", "; " or " · ", but not within a label read as one: "round 1, table 2:".
CLAUSES = r"(?<=[,;·]) (?!\w+ \d+:)"


def _wrapped(text: str, width: int, at: str = CLAUSES) -> str:
    """``text``'s clauses on lines of ``width``, a longer one between its labels (after ": "), else
    between words, never at a " = " or " / " (a number stays with its sign: "= 8", "1 / 2") nor
    inside card points ("35 2/3", not "35" on a line of its own)."""
    lines: list[str] = []
    for piece in re.split(at, text):
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        elif len(piece) > width and at == CLAUSES:
            lines += _wrapped(piece, width, r"(?<=:) ").splitlines()
        else:
            if lines and len(piece) > width and at != CLAUSES:  # a label's long text begins beside it
                piece = f"{lines.pop()} {piece}"
            joined = re.sub(r"(?<=\d) (?=\d+/\d)", "\x00", re.sub(r" ([=/]) ", "\x00\\1\x00", piece))
            for w in textwrap.wrap(joined, width, break_long_words=False, break_on_hyphens=False):
                long_path = len(w) > width and ("/" in w or "\\" in w)  # a long name is not kept so
                if long_path and lines and " " not in lines[-1]:  # "wrote" kept with a long path
                    lines[-1] += " " + w.replace("\x00", " ")
                else:
                    lines.append(w.replace("\x00", " "))
    return "\n".join(lines)


def folded(line: str) -> str:
    """A line of text in TERMINAL columns, broken between its clauses, the lines after the first
    indented two further than it is."""
    body = line.lstrip(" ")
    indent = line[: len(line) - len(body)]
    first, _, rest = _wrapped(body, TERMINAL - len(indent)).partition("\n")
    later = _wrapped(rest.replace("\n", " "), TERMINAL - len(indent) - 2).splitlines()
    return f"\n{indent}  ".join([indent + first, *later])


def fitted(
    titles: Sequence[object], rows: Sequence[Sequence[object]], wrap: int | None, aligns: Sequence[str]
) -> str:
    """tabulate's simple table in TERMINAL columns: each column as wide as its widest line or
    title, column ``wrap``'s cells wrapped between their clauses in the room the others leave;
    where that is not room enough (or no column is ``wrap``), the widest of the others too,
    between their words."""
    cells = [[str(c) for c in row] for row in [titles, *rows]]

    def width(i: int) -> int:
        return max(len(line) for row in cells for line in row[i].splitlines() or [""])

    def wrapped(i: int, room: int) -> None:
        for row in cells:
            if i == wrap:
                row[i] = _wrapped(row[i], room)
            else:  # a name: between its words, a word still too long at its hyphens, else kept whole
                words = textwrap.wrap(row[i], room, break_long_words=False, break_on_hyphens=False)
                row[i] = "\n".join(
                    part for line in words for part in textwrap.wrap(line, room, break_long_words=False)
                )

    others = [i for i in range(len(titles)) if i != wrap]
    room = TERMINAL - 2 * (len(titles) - 1)
    widths = [width(i) for i in range(len(titles))]
    for i in [*([] if wrap is None else [wrap]), *sorted(others, key=widths.__getitem__, reverse=True)]:
        over = sum(widths) - room
        if i == wrap or over > 0:
            wrapped(i, max(_NARROWEST, widths[i] - over))
            widths[i] = width(i)
    # the titles as a row, so that a column is no wider than its title and cells: tabulate draws
    # the dashes above and below a table without headers, and the first is put under the titles
    table = tabulate(cells, disable_numparse=True, colalign=aligns).splitlines()
    high = max(c.count("\n") for c in cells[0]) + 1
    return "\n".join([*table[1 : 1 + high], table[0], *table[1 + high : -1]])


def tabulated(titles: Sequence[str], rows: Sequence[Sequence[object]], aligns: Sequence[str]) -> str:
    """tabulate's table with its titles; where a long name takes it past TERMINAL columns,
    :func:`fitted`, the widest columns (the names) wrapped between their words, if that fits."""
    drawn = tabulate(rows, headers=titles, colalign=aligns, disable_numparse=True)
    if max(len(line) for line in drawn.splitlines()) > TERMINAL:
        narrow = fitted(titles, rows, None, aligns)
        if max(len(line) for line in narrow.splitlines()) <= TERMINAL:
            return narrow
    return drawn


def sheet_text(sheet: Sheet) -> str:
    """``show``'s table: each hand's dealer, its line (as `record` says it) and its points → totals."""
    players = sheet.players
    t = sheet.table
    head = [_("profile {name}").format(name=t.profile.name)]
    head += [x for x in (date(t.date) if t.date else None, place_text(t.place) if t.place else None) if x]
    if t.stake is not None:
        head.append(_("stake {amount} per point").format(amount=money(t.stake)))
    # After an undo or a delete a hand's number may not be its id, which the audit trail names.
    ids = sheet.renumbered
    lead = ["", ""] if ids else [""]
    rows: list[list[object]] = []
    for h in sheet.hands:
        line = hand_summary(h.hand, t.profile.rules, h.result)
        row: list[object] = [h.number, *([h.id] if ids else []), h.dealer, line]
        for p in players:
            points = signed(h.result.victory_points[p]) if p in h.players else "·"
            row.append(f"{points} → {h.totals[p]}")
        rows.append(row)
    cash = _settled(t, sheet.settling)
    for title, values in (
        (_("total"), sheet.totals),
        (_("payout"), sheet.payout_totals),
        (_("money"), None if cash is None else {p: money_text(v) for p, v in cash.balances.items()}),
    ):
        if values is not None:
            rows.append([*lead, "", title, *[values[p] for p in players]])
    titles = ["#", *(["id"] if ids else []), _("dealer"), _("hand"), *players]
    aligns = ["right"] * len(lead) + ["left"] * 2 + ["right"] * len(players)  # numbers to the right
    lines = [folded(" · ".join(head)), fitted(titles, rows, len(lead) + 1, aligns)]
    if sheet.on_paper:
        lines.append(_("scored from the table's paper sheet (tournament result)"))
    elif not sheet.hands:
        lines.append(_("no hands yet"))
    numbers = {h.id: h.number for h in sheet.hands}
    lines += [folded(audit_line(a, numbers)) for a in sheet.audit]
    return "\n".join(lines)


def settle_text(s: Settled) -> str:
    result = s.settlement
    if s.profile.settlement.mode == "zero_sum":
        how = _("zero-sum: each player's total × stake")
    elif len(s.points) == s.profile.game.players:
        how = _("Simplified Scoring: every two players settle the difference of their totals")
    else:
        how = _(
            "Simplified Scoring: every two players who played a hand settle the difference of their points; the dealer who sat it out neither pays nor receives"
        )
    basis = _("payout totals (Kontra counts in money only)") if s.payout else _("totals")
    stake = _("stake {amount} per Victory Point; {basis}; {how}")
    rows = [[p, s.points[p], money_text(v)] for p, v in result.balances.items()]
    headers = [_("player"), _("points"), _("balance")]
    lines = [
        folded(stake.format(amount=money(result.stake), basis=basis, how=how)),
        tabulate(rows, headers=headers, disable_numparse=True, colalign=("left", "right", "right")),
        "",
        *payments_said(result.payments),
    ]
    return "\n".join(lines)


def moved_deal_warning(before: Ledger, after: Ledger) -> str | None:
    """The warning when the hand just added was dealt by another player than the ledger expected."""
    n = len(after.hands)
    expected, actual = model.next_deal(before), model.hand_deal(after, n)
    if actual.dealer == expected.dealer:
        return None
    return _(
        "warning: hand {number} is dealt by {dealer} (the players given); the ledger expected "
        "{expected} to deal ({deal}); the deal goes on from {dealer}"
    ).format(number=n, dealer=actual.dealer, expected=expected.dealer, deal=deal_text(expected))


def recorded_text(after: Ledger) -> str:
    """What ``record`` and ``enter`` print for the hand just added: the hand, its notes, the totals, the next hand."""
    n = len(after.hands)
    _hand, score = score_stored(after, n)
    notes = [folded(note_line(note)) for note in score.notes]
    return "\n".join([folded(hand_line(after, n)), *notes, totals_table(after, n), folded(next_text(after))])


def head_text(head: str) -> str:
    """The line that gives the ledger's head after a change, short enough for a paper block."""
    return _("head {head}").format(head=head[:HEAD_DIGITS])


def begun_text(path: Path, ledger: Ledger) -> str:
    """What ``new`` prints: the file, the table, the profile pinned by its hash, the stake, the day, the first deal."""
    table = ledger.table
    lines = [
        _("new evening in {path}").format(path=shown_path(path)),
        _("table:   {players} (seat order)").format(players=", ".join(table.players)),
        _("profile: {name} (sha256 {sha})").format(name=table.profile.name, sha=table.profile.sha256[:12]),
    ]
    if table.stake is not None:
        lines.append(_("stake:   {amount} per Victory Point").format(amount=money(table.stake)))
    if table.date:
        when = ", ".join(x for x in (date(table.date), table.place) if x)
        lines.append(_("when:    {when}").format(when=when))
    elif table.place:
        lines.append(_("where:   {place}").format(place=table.place))
    lines.append(_("hand 1:  {deal}").format(deal=deal_text(model.first_deal(table.players))))
    return "\n".join(lines)


def sheet_view(sheet: Sheet) -> View:
    """``show``: the sheet as a table, as JSON, as CSV."""
    return View(table=lambda: sheet_text(sheet), json=lambda: sheet_json(sheet), csv=lambda: sheet_csv(sheet))


def head_check_text(held: HeadCheck) -> str:
    """``check --head``: whether the hands as of the head written down are unchanged."""
    short = held.head[:HEAD_DIGITS]
    if not held.found:  # the sheet's last hand now: a hand written down after it was cut off
        ends = _(
            "head {head}: no entry of this ledger has it: entries were cut off or rewritten since, or it is another evening; its sheet now ends at {hand}, and its head is {now}"
        )
        if not held.last[0]:
            ends = _(
                "head {head}: no entry of this ledger has it: entries were cut off or rewritten since, or it is another evening; its sheet now has no hand, and its head is {now}"
            )
        hand = translated(label(*held.last)) if held.last[0] else ""
        return ends.format(head=short, hand=hand, now=held.now[:HEAD_DIGITS])
    since = "; ".join(_and_more([f"{e.get('kind', '?')} {e.get('at', '')}" for e in held.since])) or "-"
    if held.missing:  # a hand of then whose entry was taken out since
        return ngettext(
            "head {head}: hand {ids} is missing since, its entry taken out; entries since: {since}",
            "head {head}: hands {ids} are missing since, their entries taken out; entries since: {since}",
            len(held.missing),
        ).format(head=short, ids=", ".join(map(str, held.missing)), since=since)
    if held.differ:
        differs = _("head {head}: hand {number} differs from the hand of then; entries since: {since}")
        return differs.format(head=short, number=held.differ[0], since=since)
    if held.follows:  # an entry of then no longer follows the hand before it
        return _(
            "head {head}: hand {number}, or an entry after it, was changed since; entries since: {since}"
        ).format(head=short, number=held.follows[-1], since=since)
    if held.edited[:1] == (1,):  # the evening's first entry, which holds the table and the profile
        table = _("head {head}: the table or the profile was changed since; entries since: {since}")
        return table.format(head=short, since=since)
    if held.edited:  # an entry of then that holds no hand (an undo, a mark) changed since
        edited = _("head {head}: entry {entry} was changed since; entries since: {since}")
        return edited.format(head=short, entry=held.edited[0], since=since)
    return ngettext(
        "head {head}: every hand of then is unchanged; {count} entry since",
        "head {head}: every hand of then is unchanged; {count} entries since",
        len(held.since),
    ).format(head=short, count=len(held.since))


def audit_line(a: AuditEntry, numbers: Mapping[int, int]) -> str:
    """One line of the audit trail as ``show`` and ``explain`` print it; a Radl mark after a hand
    by the number it has on the sheet now (``numbers``: each hand's id to it), which a delete moves."""
    detail = a.detail
    if a.action == Action.RADL and a.hand in numbers and a.hand is not None and a.number:
        then, now = label(a.hand, a.number), label(a.hand, numbers[a.hand])
        detail = detail.replace(f"after {then}:", f"after {now}:", 1)
    return _("audit {at}: {detail}").format(at=moment(a.at), detail=said(detail))


def checked_text(path: Path, ledger: Ledger) -> str:
    """``check`` when every stored result matches (at a table scored from its paper sheet: its result)."""
    profile, count = ledger.table.profile, len(ledger.hands)
    said = ngettext(
        "{path}: {count} hand re-scored under {name} (sha256 {sha}); every stored result matches",
        "{path}: {count} hands re-scored under {name} (sha256 {sha}); every stored result matches",
        count,
    )
    if ledger.paper is not None:
        said = _("{path}: the result taken from its paper sheet holds under {name} (sha256 {sha})")
    return said.format(path=shown_path(path), count=count, name=profile.name, sha=profile.sha256[:12])


def _rescored_json(r: Rescored) -> dict[str, Any]:
    data = sheet_json(r.sheet)
    data["written"] = r.written
    data["changed"] = list(r.changed)  # every hand the text names only the first few of
    data["before"] = {"profile": profile_json(r.before.table), "totals": model.totals(r.before)}
    # as show --json has it: only where Kontra changes the money alone
    if (paid := model.payout_totals(r.before)) is not None:
        data["before"]["payout_totals"] = paid
    return data


def _rescored_rows(r: Rescored) -> list[list[object]]:
    old, new = model.totals(r.before), model.totals(r.after)
    return [[Name(p), old[p], new[p], signed(new[p] - old[p])] for p in r.after.players]


def _rescored_names(r: Rescored, machine: bool = False) -> tuple[str, str]:
    """The two profiles' names, told apart where they are one (a file changed under its old name) or
    one is named as another column; in English for a machine (CSV)."""
    old, new = r.before.table.profile.name, r.after.table.profile.name
    if old != new and not {old, new} & {"player", "difference"}:
        return old, new
    if machine:
        return f"{old} (stored)", f"{new} (re-scored)"
    return _("{name} (stored)").format(name=old), _("{name} (re-scored)").format(name=new)


def _rescored_text(r: Rescored, path: Path) -> str:
    headers = [_("player"), *_rescored_names(r), _("difference")]
    lines = [tabulate(_rescored_rows(r), headers=headers, disable_numparse=True)]
    if r.changed:
        lines.append(_("hands scored differently: {hands}").format(hands=first_few(r.changed)))
    lines += _and_more([_("{hand} (scored all the same)").format(hand=h) for h in not_allowed(r.after)])
    if r.written:
        written = _("written: {path} is now scored under {name}")
        lines.append(written.format(path=shown_path(path), name=r.after.table.profile.name))
    else:
        lines.append(_("what-if only: the ledger is unchanged (--write to keep it)"))
    return "\n".join(lines)


# A list of hands in a line of text: a rescore of 100,000 hands must not print one line of 600 KB.
FIRST_FEW = 10


def _and_more(lines: list[str]) -> list[str]:
    """The first :data:`FIRST_FEW` lines and how many more ("and 1 more" would be no shorter)."""
    if len(lines) <= FIRST_FEW + 1:
        return lines
    return [*lines[:FIRST_FEW], _("… and {more} more").format(more=whole(len(lines) - FIRST_FEW))]


def first_few(items: Sequence[object]) -> str:
    """The items joined with ", ", or the first :data:`FIRST_FEW` and how many more."""
    if len(items) <= FIRST_FEW + 1:  # "and 1 more" would be no shorter than the item itself
        return ", ".join(map(str, items))
    more = _("{items} and {more} more (--json lists every one)")
    return more.format(items=", ".join(map(str, items[:FIRST_FEW])), more=whole(len(items) - FIRST_FEW))


def not_allowed(ledger: Ledger) -> list[str]:
    """The hands whose declarer may not bid the contract under the ledger's profile, with the rule."""
    profile = ledger.profile
    return [
        _("hand {hand}: {rule}").format(hand=i, rule=translated(bidding_rule(profile, e.hand.contract)))
        for i, e in enumerate(ledger.hands, 1)
        if not bidding_allowed(profile, e.hand.contract, e.hand.declarer, e.hand.players)
    ]


def rescored_view(r: Rescored, path: Path) -> View:
    """``rescore``: each player's total under both profiles."""
    return View(
        table=lambda: _rescored_text(r, path),
        json=lambda: _rescored_json(r),
        csv=lambda: (["player", *_rescored_names(r, machine=True), "difference"], _rescored_rows(r)),
    )


def repaired_text(r: Repaired, path: Path) -> str:
    """``repair``: every number that changes, the totals, and whether it was written."""
    before, after = r.before, r.after
    rows = []
    for i, (old, new) in enumerate(zip(before.hands, after.hands, strict=True), 1):
        for p in before.players:
            a, b = old.result.victory_points.get(p, 0), new.result.victory_points.get(p, 0)
            if a != b:
                rows.append([i, p, a, b, signed(b - a)])
        if old.result.radl != new.result.radl:
            rows.append([i, _("(Radl factor)"), old.result.radl, new.result.radl, ""])
    if rows:
        old_totals, new_totals = model.totals(before), model.totals(after)
        changed = [_("hand"), _("player"), _("stored"), _("re-scored"), _("difference")]
        lines = [
            tabulate(rows, headers=changed, disable_numparse=True),
            "",
            tabulate(
                [[p, old_totals[p], new_totals[p]] for p in before.players],
                headers=[_("player"), _("total stored"), _("total re-scored")],
                disable_numparse=True,
            ),
        ]
    elif not r.found:
        sound = _(
            "{path}: every stored result follows from its hand and nothing was changed outside tarockscore: nothing to repair; the ledger is unchanged"
        )
        return folded(sound.format(path=shown_path(path)))
    else:
        unchanged = _("{path}: every stored result follows from its hand; nothing changes but the seal")
        lines = [folded(unchanged.format(path=shown_path(path)))]
    found, entry = _("found: {where}: {what}; --write keeps the evening as it stands"), _("entry {id}")
    said = [
        (
            ngettext(
                "found: {where}: {what}; --write keeps the evening without it",
                "found: {where}: {what}; --write keeps the evening without them",
                getattr(p.template, "n", 1),
            )
            if p.template in GONE
            else found
        ).format(where=entry.format(id=p.where.removeprefix("entry ")), what=p.text(_))
        for p in r.found
    ]
    if r.written:
        written = _("written: {path} re-scored and sealed; the audit trail says so")
        said.append(written.format(path=shown_path(path)))
    else:
        said.append(_("nothing was written; run again with --write to keep this"))
    return "\n".join([*lines, *map(folded, said)])


def settled_view(s: Settled) -> View:
    """``settle``: the balances and the payments."""
    result = s.settlement
    return View(
        table=lambda: settle_text(s),
        json=lambda: {
            "stake": str(result.stake),
            "basis": "payout_totals" if s.payout else "totals",
            "totals": s.points,
            "balances": {p: str(v) for p, v in result.balances.items()},
            "payments": [{"from": x.payer, "to": x.payee, "amount": str(x.amount)} for x in result.payments],
        },
        csv=lambda: (
            ["from", "to", "amount"],
            [[Name(x.payer), Name(x.payee), str(x.amount)] for x in result.payments],
        ),
    )


def upgraded_text(done: Upgraded) -> str:
    """``upgrade``: what was converted and where the old file is kept, or that nothing was to do."""
    if done.backup is None:
        already = _("{path}: already in the current format (ledger schema 2); nothing was written")
        return already.format(path=shown_path(done.path))
    lines = [
        ngettext(
            "{path}: converted from ledger schema 1 to schema 2, its {hands} hand, Radl marks and audit trail kept",
            "{path}: converted from ledger schema 1 to schema 2, its {hands} hands, Radl marks and audit trail kept",
            done.hands,
        ).format(path=shown_path(done.path), hands=done.hands)
    ]
    if done.found:
        found = _("it was changed outside tarockscore since it was written: {found}")
        changed = _(
            "every hand re-scored from its stored hand under its stored profile, as `tarockscore repair --write` does; hands scored differently: {hands}"
        )
        lines += [
            found.format(found="; ".join(map(translated, done.found))),
            changed.format(hands=first_few(done.changed) or "-"),
        ]
    kept = _("the old file is kept as {backup}").format(backup=shown_path(done.backup))
    return "\n".join([*lines, kept, head_text(done.head)])
