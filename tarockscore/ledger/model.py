"""The evening's ledger: the table, every hand as entered with its result, and the audit trail (core layer, pure).

A :class:`Ledger` is an immutable value. Every operation (record, undo, replace, delete,
rescore) takes a ledger and returns a new one; nothing here reads or writes a file
(``ledger_file`` does). The ledger carries the resolved profile it is scored under, so an
edit of ``profiles/*.toml`` never changes an old evening.

The deal goes round: the seat after the last hand's dealer deals the next hand, and the seat
after the dealer is Forehand. With five at the table the dealer sits out and adds 0.

A Radl (doubled round) is worked out from the hands in order: a hand with one of the profile's
``radl.events`` arms ``radl.hands`` more hands scored ×``radl.factor`` (Radls armed during a Radl
queue up behind it). Because it is a function of the sequence, an undo or a correction re-arms
them by itself: everything after the corrected hand is recomputed.

A ledger that passed its check can be sealed with a digest of what the check read
(:func:`ledger_digest`); the file keeps it, so an unchanged ledger need not be re-scored to be
trusted again (``ledger_file`` decides when).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from typing import Any

from tarockscore import __version__
from tarockscore.errors import Collector, HandError, LedgerError, Problem, TarockError, one_of
from tarockscore.ledger.settle_up import parse_stake
from tarockscore.rules.hand import Hand, hand_to_mapping, parse_hand
from tarockscore.rules.profile import Kind, KontraScope, Profile, RadlEvent, build_profile
from tarockscore.rules.reader import Reader, type_name
from tarockscore.rules.scoring import Score, score_hand

SCHEMA = 1
SEATS = (4, 5)


class Action(StrEnum):
    """A correction, as written in the ledger's audit trail."""

    UNDO = "undo"
    REPLACE = "replace"
    DELETE = "delete"
    RESCORE = "rescore"


@dataclass(frozen=True, slots=True)
class ProfileRecord:
    """The resolved profile the evening is scored under, with the hash that pins it."""

    name: str
    sha256: str
    document: Mapping[str, Any] = field(repr=False)


@dataclass(frozen=True, slots=True)
class Table:
    players: tuple[str, ...]  # seat order: the first is Forehand of the first hand
    profile: ProfileRecord
    created: str
    stake: Decimal | None = None  # money per Victory Point
    date: str | None = None
    place: str | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """What a hand scored, as stored: every seat (a player sitting out has 0)."""

    victory_points: Mapping[str, int]
    payout: Mapping[str, int] | None = None  # only where Kontra changes the money alone
    won: bool | None = None  # None in the Dodge Round
    radl: int = 1  # 1: a plain hand; else the Radl factor this hand was scored with


@dataclass(frozen=True, slots=True)
class Entry:
    hand: Mapping[str, Any]  # hand-file v1 keys, canonical, with the players of its deal
    result: Result
    recorded: str


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """A visible record of one correction: what changed, and when."""

    at: str
    action: Action
    detail: str
    hand: int | None = None  # the hand corrected (its number at the time); None for a rescore
    before: Mapping[str, Any] | None = None
    after: Mapping[str, Any] | None = None
    changed: tuple[int, ...] = ()  # other hands whose stored result changed with it


@dataclass(frozen=True, slots=True)
class Ledger:
    table: Table
    hands: tuple[Entry, ...] = ()
    audit: tuple[AuditEntry, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: str
    players: tuple[str, ...]  # the four at the table, Forehand first
    sitting_out: str | None = None

    @property
    def forehand(self) -> str:
        return self.players[0]


# -- the profile a ledger carries ---------------------------------------------------------------


def _json_default(value: object) -> str:
    return str(value)


def profile_hash(document: Mapping[str, Any]) -> str:
    """sha256 of the document's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(
        document, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_json_default
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def profile_record(profile: Profile) -> ProfileRecord:
    document = dict(profile.document)
    return ProfileRecord(name=profile.name, sha256=profile_hash(document), document=document)


_PROFILES: dict[str, Profile] = {}


def ledger_profile(ledger: Ledger) -> Profile:
    """The profile stored in the ledger (built once per hash; its hash is checked on reading)."""
    record = ledger.table.profile
    cached = _PROFILES.get(record.sha256)
    if cached is None:
        try:
            cached = build_profile(record.document)
        except TarockError as exc:
            raise LedgerError(exc.located("profile.document").problems) from None
        _PROFILES[record.sha256] = cached
    return cached


# -- the deal -------------------------------------------------------------------------------


def deal_by(seats: Sequence[str], dealer: str) -> Deal:
    """The deal when ``dealer`` deals: Forehand is the next seat; with five, the dealer sits out."""
    n = len(seats)
    d = list(seats).index(dealer)
    order = tuple(seats[(d + 1 + i) % n] for i in range(n))
    if n == 5:
        return Deal(dealer=dealer, players=order[:4], sitting_out=dealer)
    return Deal(dealer=dealer, players=order)


def first_deal(seats: Sequence[str]) -> Deal:
    """Hand 1: the first seat is Forehand, so the last seat deals."""
    return deal_by(seats, seats[-1])


def deal(seats: Sequence[str], k: int) -> Deal:
    """The k-th deal (1-based) of an evening where the deal went round without a break."""
    return deal_by(seats, seats[(k - 2) % len(seats)])


def dealer_of(seats: Sequence[str], players: Sequence[str]) -> str | None:
    """Who dealt a hand played by ``players``, or None if that is no deal of this table."""
    if not players or players[0] not in seats:
        return None
    if len(seats) == 5:
        out = [s for s in seats if s not in players]
        dealer = out[0] if len(out) == 1 else None
    else:
        dealer = seats[(list(seats).index(players[0]) - 1) % len(seats)]
    if dealer is None or deal_by(seats, dealer).players != tuple(players):
        return None
    return dealer


def next_deal(ledger: Ledger) -> Deal:
    """The deal of the next hand: the seat after the last hand's dealer deals."""
    seats = ledger.players
    if not ledger.hands:
        return first_deal(seats)
    last = ledger.hands[-1].hand.get("players", [])
    dealer = dealer_of(seats, last)
    if dealer is None:
        return first_deal(seats)
    return deal_by(seats, seats[(seats.index(dealer) + 1) % len(seats)])


def hand_deal(ledger: Ledger, number: int) -> Deal:
    """The deal of stored hand ``number`` (1-based)."""
    players = ledger.hands[number - 1].hand.get("players", [])
    dealer = dealer_of(ledger.players, players)
    if dealer is None:
        raise LedgerError(f"{players!r} is not a deal of this table", where=f"hand {number}: entry.players")
    return deal_by(ledger.players, dealer)


# -- a new evening --------------------------------------------------------------------------


def check_players(names: Sequence[str], profile: Profile) -> list[Problem]:
    """Problems with the names of a new table: 4 or 5 distinct names, usable on the command line."""
    problems: list[Problem] = []
    allowed = (profile.players, profile.players + 1)
    if len(names) not in allowed:
        problems.append(
            Problem(
                "--players",
                f"{len(names)} names given; {profile.name!r} is played by {profile.players}, "
                f"or {profile.players + 1} where the dealer sits out",
            )
        )
    for name in names:
        if not name or name != name.strip():
            problems.append(
                Problem("--players", f"{name!r}: a name cannot be empty or start or end with a space")
            )
        elif any(c in name for c in ",=;") or not name.isprintable():
            problems.append(
                Problem(
                    "--players", f"{name!r}: a name cannot hold a comma, '=', ';' or an unprintable character"
                )
            )
    duplicates = sorted({n for n in names if list(names).count(n) > 1})
    if duplicates:
        problems.append(Problem("--players", f"{one_of(duplicates)} named twice"))
    return problems


def new_ledger(
    players: Sequence[str],
    profile: Profile,
    *,
    created: str,
    stake: Decimal | None = None,
    date: str | None = None,
    place: str | None = None,
) -> Ledger:
    problems = check_players(players, profile)
    if problems:
        raise LedgerError(problems)
    record = profile_record(profile)
    _PROFILES.setdefault(record.sha256, profile)
    table = Table(
        players=tuple(players), profile=record, created=created, stake=stake, date=date, place=place
    )
    return Ledger(table=table)


# -- scoring a hand into the ledger --------------------------------------------------------------


def seat_hand(ledger: Ledger, mapping: Mapping[str, Any], default: Deal) -> dict[str, Any]:
    """The hand's keys with the ledger's seat order filled in, checked against this table."""
    data = dict(mapping)
    name = ledger.table.profile.name
    ref = data.pop("profile", None)
    if ref is not None and ref != name:
        raise HandError(
            f"{ref!r}: this ledger is scored under profile {name!r}; leave the key out "
            "(`tarockscore rescore --profile` scores the evening under another one)",
            where="profile",
        )
    if "players" not in data:
        data["players"] = list(default.players)
        return data
    players = data["players"]
    seats = ledger.players
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise HandError(f"{players!r} is {type_name(players)}; expected an array of names", where="players")
    strangers = [p for p in players if p not in seats]
    if strangers:
        raise HandError(
            f"{one_of(strangers)} not at this table; the table is {', '.join(seats)}", where="players"
        )
    if dealer_of(seats, players) is None:
        raise HandError(
            f"{', '.join(players)} is not a deal of this table (seat order {', '.join(seats)}); "
            f"this deal is {', '.join(default.players)}: leave players out to use it",
            where="players",
        )
    return data


def radl_events(hand: Hand, profile: Profile) -> tuple[RadlEvent, ...]:
    """The Radl events a hand shows (whether or not the profile plays them)."""
    events: list[RadlEvent] = []
    if any(b.name == "valat" and b.made for b in hand.bonuses):
        events.append(RadlEvent.VALAT)
    if any(b.name == "mondfang" and b.made for b in hand.bonuses):
        events.append(RadlEvent.MONDFANG)
    if profile.contracts[hand.contract].kind is Kind.DODGE:
        events.append(RadlEvent.TRISCHAKEN)
    return tuple(events)


def radl_factors(hands: Sequence[Hand], profile: Profile) -> tuple[int, ...]:
    """Each hand's Radl factor, worked out in order; a hand arms at most one Radl."""
    rule = profile.radl
    pending = 0
    factors: list[int] = []
    for hand in hands:
        if pending:
            factors.append(rule.factor)
            pending -= 1
        else:
            factors.append(1)
        if any(e in rule.events for e in radl_events(hand, profile)):
            pending += rule.hands
    return tuple(factors)


def result_of(score: Score, seats: Sequence[str], factor: int) -> Result:
    vp = {p: score.victory_points.get(p, 0) * factor for p in seats}
    payout = None if score.payout is None else {p: score.payout.get(p, 0) * factor for p in seats}
    return Result(victory_points=vp, payout=payout, won=score.won, radl=factor)


def _parse(mapping: Mapping[str, Any], profile: Profile, where: str) -> Hand:
    try:
        return parse_hand(mapping, profile)
    except TarockError as exc:
        raise exc.located(where) if where else exc from None


def _parse_all(
    mappings: Sequence[Mapping[str, Any]], profile: Profile, seats: Sequence[str], first: int = 1
) -> list[Hand]:
    """Parse stored hands (numbered from ``first``); every problem of every hand in one error."""
    hands: list[Hand] = []
    problems: list[Problem] = []
    for i, mapping in enumerate(mappings, first):
        try:
            if dealer_of(seats, mapping.get("players", [])) is None:
                raise HandError(
                    f"{mapping.get('players')!r} is not a deal of this table ({', '.join(seats)})",
                    where="players",
                )
            hands.append(_parse(mapping, profile, ""))
        except TarockError as exc:
            problems += exc.located(f"hand {i}: entry").problems
    if problems:
        raise HandError(problems)
    return hands


def rebuild(
    table: Table, mappings: Sequence[Mapping[str, Any]], recorded: Sequence[str], profile: Profile
) -> tuple[Entry, ...]:
    """Every hand scored afresh, in order, with its Radl factor."""
    hands = _parse_all(mappings, profile, table.players)
    factors = radl_factors(hands, profile)
    return tuple(
        Entry(
            hand=hand_to_mapping(h),
            result=result_of(score_hand(h, profile), table.players, f),
            recorded=r,
        )
        for h, f, r in zip(hands, factors, recorded, strict=True)
    )


def record(ledger: Ledger, mapping: Mapping[str, Any], at: str) -> Ledger:
    """The ledger with one more hand; a hand without ``players`` gets the next deal's seat order.

    Only the new hand is parsed and scored: the ledger's stored results are taken as right (it
    passed its check), and its Radl factor follows from them (:func:`_next_factor`).
    """
    profile = ledger_profile(ledger)
    data = seat_hand(ledger, mapping, next_deal(ledger))
    hand = _parse(data, profile, "")
    entry = Entry(
        hand=hand_to_mapping(hand),
        result=result_of(score_hand(hand, profile), ledger.players, _next_factor(ledger, profile)),
        recorded=at,
    )
    return replace(ledger, hands=(*ledger.hands, entry))


def _next_factor(ledger: Ledger, profile: Profile) -> int:
    """The Radl factor of the hand after the last one, from the stored factors (taken as right).

    A hand stored with factor 1 had no Radl pending before it, so the hands from the last such one
    on decide what is still pending; only those are parsed for their events (none without Radl).
    """
    rule = profile.radl
    if not rule.events or not ledger.hands:
        return 1
    start = len(ledger.hands) - 1
    while start > 0 and ledger.hands[start].result.radl != 1:
        start -= 1
    tail = [e.hand for e in ledger.hands[start:]]
    pending = 0
    for hand in _parse_all(tail, profile, ledger.players, first=start + 1):
        pending = max(pending - 1, 0)
        if any(e in rule.events for e in radl_events(hand, profile)):
            pending += rule.hands
    return rule.factor if pending else 1


def _check_number(ledger: Ledger, number: int) -> None:
    if not ledger.hands:
        raise LedgerError("the ledger has no hands yet")
    if not 1 <= number <= len(ledger.hands):
        raise LedgerError(f"there is no hand {number}; the ledger has hands 1 to {len(ledger.hands)}")


def summary(mapping: Mapping[str, Any], result: Result | None = None) -> str:
    """One line for a hand: contract, who played it, and the outcome."""
    contract = str(mapping.get("contract", "?"))
    who = mapping.get("declarer")
    partner = mapping.get("partner")
    text = contract
    if who:
        text += f" by {who}" + (f" with {partner}" if partner else "")
    if result is not None and result.won is not None:
        text += ", won" if result.won else ", lost"
    if result is not None and result.radl != 1:
        text += f", Radl ×{result.radl}"
    return text


def _changed(old: Sequence[Entry], new: Sequence[Entry], skip: int | None) -> tuple[int, ...]:
    """Numbers (in ``new``) of hands whose result differs from the same hand in ``old``."""
    return tuple(
        i for i, (a, b) in enumerate(zip(old, new, strict=True), 1) if i != skip and a.result != b.result
    )


def undo(ledger: Ledger, at: str) -> Ledger:
    """The ledger without its last hand; the audit trail keeps it."""
    _check_number(ledger, len(ledger.hands))
    n = len(ledger.hands)
    last = ledger.hands[-1]
    audit = AuditEntry(
        at=at,
        action=Action.UNDO,
        hand=n,
        detail=f"hand {n} undone: {summary(last.hand, last.result)}",
        before=last.hand,
    )
    return replace(ledger, hands=ledger.hands[:-1], audit=(*ledger.audit, audit))


def replace_hand(ledger: Ledger, number: int, mapping: Mapping[str, Any], at: str) -> Ledger:
    """Hand ``number`` replaced (a hand without ``players`` keeps that hand's deal); all after it recomputed."""
    _check_number(ledger, number)
    profile = ledger_profile(ledger)
    old = ledger.hands[number - 1]
    data = seat_hand(ledger, mapping, hand_deal(ledger, number))
    _parse(data, profile, "")
    mappings = [e.hand for e in ledger.hands]
    mappings[number - 1] = data
    recorded = [e.recorded for e in ledger.hands]
    entries = rebuild(ledger.table, mappings, recorded, profile)
    new = entries[number - 1]
    changed = _changed(ledger.hands, entries, number)
    detail = f"hand {number} replaced: {summary(old.hand, old.result)} → {summary(new.hand, new.result)}"
    if changed:
        detail += f"; recomputed hand{'s' if len(changed) > 1 else ''} {', '.join(map(str, changed))}"
    audit = AuditEntry(
        at=at,
        action=Action.REPLACE,
        hand=number,
        detail=detail,
        before=old.hand,
        after=new.hand,
        changed=changed,
    )
    return replace(ledger, hands=entries, audit=(*ledger.audit, audit))


def delete(ledger: Ledger, number: int, at: str) -> Ledger:
    """Hand ``number`` removed; the hands after it keep their deals and are recomputed."""
    _check_number(ledger, number)
    profile = ledger_profile(ledger)
    old = ledger.hands[number - 1]
    kept = [e for i, e in enumerate(ledger.hands, 1) if i != number]
    entries = rebuild(ledger.table, [e.hand for e in kept], [e.recorded for e in kept], profile)
    changed = _changed(kept, entries, None)
    detail = f"hand {number} deleted: {summary(old.hand, old.result)}"
    if number <= len(entries):
        detail += f"; hands {number + 1} to {len(entries) + 1} are now {number} to {len(entries)}"
    if changed:
        detail += f"; recomputed hand{'s' if len(changed) > 1 else ''} {', '.join(map(str, changed))}"
    audit = AuditEntry(
        at=at, action=Action.DELETE, hand=number, detail=detail, before=old.hand, changed=changed
    )
    return replace(ledger, hands=entries, audit=(*ledger.audit, audit))


def rescore(ledger: Ledger, profile: Profile, at: str) -> Ledger:
    """The evening under another profile: every hand scored afresh, the table's profile replaced."""
    check_seats = check_players(ledger.players, profile)
    if check_seats:
        raise LedgerError([Problem("--profile", p.message) for p in check_seats])
    record_ = profile_record(profile)
    _PROFILES.setdefault(record_.sha256, profile)
    table = replace(ledger.table, profile=record_)
    mappings = [e.hand for e in ledger.hands]
    entries = rebuild(table, mappings, [e.recorded for e in ledger.hands], profile)
    changed = _changed(ledger.hands, entries, None)
    old = ledger.table.profile
    detail = (
        f"rescored under profile {record_.name!r} (sha256 {record_.sha256[:12]}), "
        f"was {old.name!r} (sha256 {old.sha256[:12]})"
    )
    if changed:
        detail += f"; changed hand{'s' if len(changed) > 1 else ''} {', '.join(map(str, changed))}"
    audit = AuditEntry(
        at=at,
        action=Action.RESCORE,
        detail=detail,
        before={"name": old.name, "sha256": old.sha256},
        after={"name": record_.name, "sha256": record_.sha256},
        changed=changed,
    )
    return Ledger(table=table, hands=entries, audit=(*ledger.audit, audit))


# -- checking and adding up -------------------------------------------------------------------------


def _points_text(points: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {'+' if v > 0 else ''}{v}" for p, v in points.items())


def check(ledger: Ledger, start: int = 0) -> list[Problem]:
    """Every hand scored afresh against its stored result; one problem per disagreement.

    ``start``: the number of leading hands known to pass already (they are the same hands, at the
    same table under the same profile, as in a ledger that passed this check); only the hands
    after them are scored. Their Radl factors are still worked out from every hand before them.
    """
    problems: list[Problem] = []
    if profile_hash(ledger.table.profile.document) != ledger.table.profile.sha256:
        problems.append(
            Problem(
                "profile.sha256",
                f"{ledger.table.profile.sha256!r} does not match the stored profile document "
                f"(its sha256 is {profile_hash(ledger.table.profile.document)!r}): the profile was edited",
            )
        )
        return problems
    seats = ledger.players
    mappings = [e.hand for e in ledger.hands]
    try:
        profile = ledger_profile(ledger)
        hands = _parse_all(mappings[start:], profile, seats, first=start + 1)
        if start and profile.radl.events:
            factors = radl_factors([*_parse_all(mappings[:start], profile, seats), *hands], profile)[start:]
        else:
            factors = radl_factors(hands, profile)
        fresh = [result_of(score_hand(h, profile), seats, f) for h, f in zip(hands, factors, strict=True)]
    except TarockError as exc:
        return list(exc.problems)
    for i, (stored, b) in enumerate(zip(ledger.hands[start:], fresh, strict=True), start + 1):
        a = stored.result
        if a.victory_points != b.victory_points:
            problems.append(
                Problem(
                    f"hand {i}: result.victory_points",
                    f"stored {_points_text(a.victory_points)}; the profile scores {_points_text(b.victory_points)}",
                )
            )
        if a.payout != b.payout:
            problems.append(
                Problem(
                    f"hand {i}: result.payout",
                    f"stored {_points_text(a.payout or {}) or 'none'}; "
                    f"the profile pays {_points_text(b.payout or {}) or 'none'}",
                )
            )
        if a.won != b.won:
            problems.append(Problem(f"hand {i}: result.won", f"stored {a.won}; the profile says {b.won}"))
        if a.radl != b.radl:
            problems.append(
                Problem(f"hand {i}: result.radl", f"stored ×{a.radl}; the hands before it give ×{b.radl}")
            )
    return problems


def totals(ledger: Ledger, upto: int | None = None) -> dict[str, int]:
    out = dict.fromkeys(ledger.players, 0)
    for entry in ledger.hands[:upto]:
        for p in out:
            out[p] += entry.result.victory_points.get(p, 0)
    return out


def has_payout(ledger: Ledger) -> bool:
    """Whether the profile keeps a money column apart from the score (Kontra on the payout only)."""
    return ledger_profile(ledger).kontra_scope is KontraScope.PAYOUT


def payout_totals(ledger: Ledger, upto: int | None = None) -> dict[str, int] | None:
    if not has_payout(ledger):
        return None
    out = dict.fromkeys(ledger.players, 0)
    for entry in ledger.hands[:upto]:
        payout = entry.result.payout or entry.result.victory_points
        for p in out:
            out[p] += payout.get(p, 0)
    return out


def score_stored(ledger: Ledger, number: int) -> tuple[Hand, Score]:
    """Hand ``number`` parsed and scored afresh under the ledger's profile (before any Radl factor)."""
    _check_number(ledger, number)
    profile = ledger_profile(ledger)
    hand = _parse(ledger.hands[number - 1].hand, profile, f"hand {number}: entry")
    return hand, score_hand(hand, profile)


def radl_cause(ledger: Ledger, number: int) -> int | None:
    """The hand whose event armed the Radl that doubled hand ``number`` (None if not doubled)."""
    if ledger.hands[number - 1].result.radl == 1:
        return None
    profile = ledger_profile(ledger)
    hands = _parse_all([e.hand for e in ledger.hands[:number]], profile, ledger.players)
    queue: list[int] = []  # the arming hand of each doubled hand still to come
    for i, hand in enumerate(hands, 1):
        cause = queue.pop(0) if queue else None
        if i == number:
            return cause
        if any(e in profile.radl.events for e in radl_events(hand, profile)):
            queue += [i] * profile.radl.hands
    return None


def sheet(ledger: Ledger) -> dict[str, Any]:
    """The evening as data: every hand with its points and the running totals (``show --json``)."""
    seats = ledger.players
    with_payout = has_payout(ledger)
    running = dict.fromkeys(seats, 0)
    paid = dict.fromkeys(seats, 0)
    hands = []
    for i, e in enumerate(ledger.hands, 1):
        players = list(e.hand.get("players", []))
        for p in seats:
            running[p] += e.result.victory_points.get(p, 0)
        item: dict[str, Any] = {
            "number": i,
            "dealer": dealer_of(seats, players),
            "forehand": players[0] if players else None,
            "players": players,
            "sitting_out": next((p for p in seats if p not in players), None) if len(seats) == 5 else None,
            "contract": e.hand.get("contract"),
            "declarer": e.hand.get("declarer"),
            "partner": e.hand.get("partner"),
            "won": e.result.won,
            "radl": e.result.radl,
            "doubled": e.result.radl != 1,
            "victory_points": dict(e.result.victory_points),
            "totals": dict(running),
        }
        if with_payout:
            payout = e.result.payout or e.result.victory_points
            for p in seats:
                paid[p] += payout.get(p, 0)
            item["payout"] = dict(payout)
            item["payout_totals"] = dict(paid)
        item["recorded"] = e.recorded
        hands.append(item)
    t = ledger.table
    out: dict[str, Any] = {
        "profile": {"name": t.profile.name, "sha256": t.profile.sha256},
        "players": list(seats),
        "date": t.date,
        "place": t.place,
        "stake": None if t.stake is None else str(t.stake),
        "hands": hands,
        "totals": dict(running),
    }
    if with_payout:
        out["payout_totals"] = dict(paid)
    out["audit"] = [
        {"at": a.at, "action": a.action.value, "hand": a.hand, "detail": a.detail} for a in ledger.audit
    ]
    return out


# -- the file's mapping (parse and render; the TOML text is ledger_file's) ----------------------------


def _table_mapping(t: Table) -> dict[str, Any]:
    table: dict[str, Any] = {"players": list(t.players), "created": t.created}
    if t.stake is not None:
        table["stake"] = str(t.stake)
    if t.date is not None:
        table["date"] = t.date
    if t.place is not None:
        table["place"] = t.place
    return table


DIGEST_FORMAT = "tarockscore ledger digest 1"


def ledger_digest(ledger: Ledger) -> str | None:
    """sha256 of what the ledger's check reads; a file stores it only with a ledger that passed.

    The canonical JSON (sorted keys, no spaces, UTF-8) of ``[format, program version, table,
    profile sha256, [[entry, [victory_points, payout, won, radl]] for every hand]]``. The stored
    profile document is pinned by its sha256, checked on every read. None where a value has no
    JSON form (only a file edited by hand has one): such a ledger is never taken on trust.
    """
    t = ledger.table
    hands = [
        [e.hand, [e.result.victory_points, e.result.payout, e.result.won, e.result.radl]]
        for e in ledger.hands
    ]
    payload = [DIGEST_FORMAT, __version__, _table_mapping(t), t.profile.sha256, hands]
    try:
        text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ledger_to_mapping(ledger: Ledger, digest: str | None = None) -> dict[str, Any]:
    """The ledger as the plain mapping the TOML file holds (schema 1, docs/ledger-format.md).

    ``digest``: the :func:`ledger_digest` of a ledger that passed its check, kept in the file.
    """
    out: dict[str, Any] = {"schema": SCHEMA}
    if digest is not None:
        out["digest"] = digest
    out["table"] = _table_mapping(ledger.table)
    hands = []
    for i, e in enumerate(ledger.hands, 1):
        result: dict[str, Any] = {}
        if e.result.won is not None:
            result["won"] = e.result.won
        result["radl"] = e.result.radl
        result["victory_points"] = dict(e.result.victory_points)
        if e.result.payout is not None:
            result["payout"] = dict(e.result.payout)
        hands.append({"number": i, "recorded": e.recorded, "entry": _plain(e.hand), "result": result})
    if hands:
        out["hand"] = hands
    audit = []
    for a in ledger.audit:
        item: dict[str, Any] = {"at": a.at, "action": a.action.value}
        if a.hand is not None:
            item["hand"] = a.hand
        item["detail"] = a.detail
        if a.changed:
            item["changed"] = list(a.changed)
        if a.before is not None:
            item["before"] = _plain(a.before)
        if a.after is not None:
            item["after"] = _plain(a.after)
        audit.append(item)
    if audit:
        out["audit"] = audit
    p = ledger.table.profile
    out["profile"] = {"name": p.name, "sha256": p.sha256, "document": _plain(p.document)}
    return out


def _plain(value: Any) -> Any:
    """A deep copy as plain dicts and lists (what tomllib reads back)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def ledger_from_mapping(data: Mapping[str, Any]) -> Ledger:
    """The ledger from its file's mapping; every structural problem in one :class:`LedgerError`.

    Problems are located by key path; a hand's by ``hand N``. The hands themselves are checked
    by :func:`check`. The ``digest`` key is not part of the ledger: see :func:`file_digest`.
    """
    problems = Collector()
    top = Reader(data, "", problems)
    if not top.has("schema"):
        problems.add("schema", f"missing: this is not a tarockscore ledger (expected schema = {SCHEMA})")
        raise LedgerError(problems.problems)
    schema = top.raw("schema")
    if schema != SCHEMA or isinstance(schema, bool):
        problems.add(
            "schema",
            f"{schema!r}: this version of tarockscore reads ledger schema {SCHEMA} only; "
            "a newer tarockscore wrote this file, or it is not a ledger",
        )
        raise LedgerError(problems.problems)

    top.optional_str("digest")
    tr = top.table("table")
    players = tr.str_list("players")
    if not tr.has("players"):
        problems.add("table.players", "missing (required)")
    elif len(players) not in SEATS or len(set(players)) != len(players):
        problems.add("table.players", f"{list(players)!r}: expected 4 or 5 different names")
    created = tr.text("created")
    stake_text = tr.optional_str("stake")
    stake: Decimal | None = None
    if stake_text is not None:
        try:
            stake = parse_stake(stake_text)
        except ValueError as exc:
            problems.add("table.stake", str(exc))
    date = tr.optional_str("date")
    place = tr.optional_str("place")
    tr.finish()

    pr = top.table("profile")
    name = pr.text("name")
    sha = pr.text("sha256")
    document_raw = pr.raw("document")
    if not isinstance(document_raw, dict):
        problems.add("profile.document", "missing: the resolved profile the evening is scored under")
        document_raw = {}
    elif profile_hash(document_raw) != sha and sha:
        problems.add(
            "profile.document",
            f"its sha256 is {profile_hash(document_raw)[:12]}…, but profile.sha256 says {sha[:12]}…: "
            "the stored profile was edited (use `tarockscore rescore --profile … --write` to change the rules)",
        )
    pr.finish()

    entries = [_entry(item, i, players, problems) for i, item in enumerate(_array(top, "hand", problems), 1)]
    audit = [_audit(item, i, problems) for i, item in enumerate(_array(top, "audit", problems), 1)]
    top.finish()
    problems.raise_if_any(LedgerError)
    table = Table(
        players=tuple(players),
        profile=ProfileRecord(name=name, sha256=sha, document=document_raw),
        created=created,
        stake=stake,
        date=date,
        place=place,
    )
    return Ledger(
        table=table,
        hands=tuple(e for e in entries if e is not None),
        audit=tuple(a for a in audit if a is not None),
    )


def file_digest(data: Mapping[str, Any]) -> str | None:
    """The digest a ledger file's mapping claims for its content (not yet compared with it)."""
    digest = data.get("digest")
    return digest if isinstance(digest, str) else None


def _array(top: Reader, key: str, problems: Collector) -> list[Any]:
    raw = top.raw(key)
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.add(key, f"{raw!r} is {type_name(raw)}; expected [[{key}]] tables")
        return []
    return raw


def _points_table(r: Reader, key: str, players: Iterable[str], problems: Collector) -> dict[str, int]:
    raw = r.raw(key)
    where = r.where(key)
    if not isinstance(raw, dict):
        problems.add(where, f"{raw!r}: expected a table of every player's points")
        return {}
    out: dict[str, int] = {}
    for p, v in raw.items():
        if isinstance(v, bool) or not isinstance(v, int):
            problems.add(f"{where}.{p}", f"{v!r} is {type_name(v)}; expected a whole number")
        else:
            out[p] = v
    if set(raw) != set(players):
        problems.add(where, f"names {one_of(raw)}; expected every player at the table: {one_of(players)}")
    return out


def _entry(item: Any, number: int, players: Sequence[str], problems: Collector) -> Entry | None:
    where = f"hand {number}"
    if not isinstance(item, dict):
        problems.add(where, f"{item!r}: expected a [[hand]] table")
        return None
    local = Collector()
    r = Reader(item, "", local)
    stored_number = r.number("number")
    if r.has("number") and stored_number != number:
        local.add("number", f"{stored_number} out of order: this is hand {number} of the file")
    recorded = r.text("recorded")
    hand = r.raw("entry")
    if not isinstance(hand, dict):
        local.add("entry", "missing: the hand as entered (hand-file keys)")
        hand = {}
    _check_entry_shape(hand, players, local)
    rr = r.table("result")
    won = rr.optional_bool("won")
    radl = rr.number("radl", 1, minimum=1)
    vp = _points_table(rr, "victory_points", players, local)
    payout = _points_table(rr, "payout", players, local) if rr.has("payout") else None
    rr.finish()
    r.finish()
    for p in local.problems:
        problems.add(f"{where}: {p.where}" if p.where else where, p.message)
    return Entry(
        hand=hand, result=Result(victory_points=vp, payout=payout, won=won, radl=radl), recorded=recorded
    )


def _check_entry_shape(hand: Mapping[str, Any], players: Sequence[str], problems: Collector) -> None:
    """The keys that reading commands use without re-scoring must have the right shape.

    The full rules check of a stored hand is ``check``'s job; this only keeps a damaged file
    from reaching the renderers.
    """
    seated = hand.get("players")
    if not isinstance(seated, list) or not all(isinstance(p, str) and p in players for p in seated):
        problems.add(
            "entry.players", f"{seated!r}: expected the players of this deal, from {one_of(players)}"
        )
    for key in ("contract", "declarer", "partner"):
        if key in hand and not isinstance(hand[key], str):
            problems.add(f"entry.{key}", f"{hand[key]!r} is {type_name(hand[key])}; expected a string")


def _audit(item: Any, number: int, problems: Collector) -> AuditEntry | None:
    where = f"audit {number}"
    if not isinstance(item, dict):
        problems.add(where, f"{item!r}: expected an [[audit]] table")
        return None
    local = Collector()
    r = Reader(item, "", local)
    at = r.text("at")
    action = r.choice("action", Action)
    hand = r.number("hand") if r.has("hand") else None
    detail = r.text("detail")
    changed = r.raw("changed") or []
    if not isinstance(changed, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in changed
    ):
        local.add("changed", f"{changed!r}: expected an array of hand numbers")
        changed = []
    before = r.raw("before")
    after = r.raw("after")
    for key, value in (("before", before), ("after", after)):
        if value is not None and not isinstance(value, dict):
            local.add(key, f"{value!r} is {type_name(value)}; expected a table")
    r.finish()
    for p in local.problems:
        problems.add(f"{where}: {p.where}" if p.where else where, p.message)
    return AuditEntry(
        at=at,
        action=action,
        detail=detail,
        hand=hand,
        before=before if isinstance(before, dict) else None,
        after=after if isinstance(after, dict) else None,
        changed=tuple(changed),
    )
