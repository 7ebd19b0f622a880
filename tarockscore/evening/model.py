"""The evening as immutable values: the table and the deal going round it, its profile, every
hand and the audit trail, the evening added up; a new ledger, and a hand's keys checked against its
seats and read under the ledger's profile (core layer, pure).

The seat after the last hand's dealer deals the next hand, and the seat after the dealer is
Forehand. With five at the table the dealer sits out and adds 0.
"""

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from pathlib import PurePath
from typing import Any, NamedTuple, cast

from tarockscore.errors import (
    N_,
    Collector,
    HandError,
    HandRefused,
    LedgerError,
    Problem,
    TarockError,
    message,
    one_of,
)
from tarockscore.rules.hand import Hand, HandInput, hand_to_mapping
from tarockscore.rules.legality import talon_card_points
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Profile, SettlementMode
from tarockscore.rules.valat import VALAT
from tarockscore.rules.words import at_table, check_names, type_name


class Action(StrEnum):
    """A correction, as written in the ledger's audit trail."""

    UNDO = "undo"
    REPLACE = "replace"
    DELETE = "delete"
    RESCORE = "rescore"
    REPAIR = "repair"
    RADL = "radl"
    PAPER = "paper"


@dataclass(frozen=True)
class ProfileRecord:
    """The resolved profile the evening is scored under, and the hash that pins it."""

    name: str
    sha256: str
    document: Mapping[str, Any] = field(hash=False, repr=False)
    rules: Profile = field(compare=False, repr=False)


class Table(NamedTuple):
    players: tuple[str, ...]  # seat order: the first is Forehand of the first hand
    profile: ProfileRecord
    created: str
    stake: Decimal | None = None  # money per Victory Point
    date: str | None = None
    place: str | None = None
    games: int | None = None  # the game limit (a tournament round's): no hand is recorded past it


# A tournament table's sheet: the place its header names ("Café Zentral, round 1, table 2 [3f9c…]":
# the day's place or title, the round and table the draw seated it at, the day's mark) and its
# file in the day's folder ("round-1/table-2.toml"). The draw writes both; the sheet's checks,
# and a reader saying the place in its own words, read them back.
_DRAWN = re.compile(r"(?:(?P<label>.*), )?round (?P<round>\d+), table (?P<table>\d+) \[(?P<mark>[0-9a-f]+)\]")
_SHEET_FILE = re.compile(r"round-(\d+)/table-(\d+)\.toml")


class Drawn(NamedTuple):
    """Where a tournament's draw put a sheet, as its header's place says it."""

    label: str | None  # the day's place or title
    round: int
    table: int
    mark: str  # the day's own mark: a sheet copied from another day carries another


def drawn_place(label: str | None, round_number: int, table: int, mark: str) -> str:
    """The place a drawn sheet's header names (read back by :func:`drawn_at`)."""
    where = f"round {round_number}, table {table} [{mark}]"
    return f"{label}, {where}" if label else where


def drawn_at(place: str | None) -> Drawn | None:
    """The round and table a sheet was drawn for, if its place is a draw's; else None."""
    found = _DRAWN.fullmatch(place or "")
    if found is None:
        return None
    return Drawn(found["label"], int(found["round"]), int(found["table"]), found["mark"])


def sheet_file(round_number: int, table: int) -> str:
    """A drawn table's sheet in the day's folder."""
    return f"round-{round_number}/table-{table}.toml"


def sheet_at(path: PurePath) -> tuple[int, int] | None:
    """The round and table whose sheet goes at ``path`` (``DAY/round-1/table-2.toml``), if any."""
    found = _SHEET_FILE.fullmatch(f"{path.parent.name}/{path.name}")
    return None if found is None else (int(found[1]), int(found[2]))


def table_label(round_number: int, table: int) -> str:
    """A drawn table named in the reader's words: \"round 1, table 2\"."""
    return message(N_("round {round}, table {table}"), round=round_number, table=table)


class Result(NamedTuple):
    """What a hand scored, as stored: every seat (a player sitting out has 0)."""

    victory_points: Mapping[str, int]
    payout: Mapping[str, int] | None = None  # only where Kontra changes the money alone
    won: bool | None = None  # None in Trischaken
    radl: int = 1  # 1: a plain hand; else the Radl factor this hand was scored with


class Entry(NamedTuple):
    """One stored hand; its id is its number when recorded, never given to another hand."""

    hand: Hand
    result: Result
    recorded: str
    keys: HandInput
    id: int

    @classmethod
    def of(cls, hand: Hand, result: Result, recorded: str, id: int) -> "Entry":
        """A new entry, stored with the hand's canonical keys."""
        return cls(hand, result=result, recorded=recorded, keys=hand_to_mapping(hand), id=id)


class RadlMark(NamedTuple):
    """A Radl mark set (``hands`` > 0) or struck (< 0) by hand after the hand with id ``after``."""

    after: int
    hands: int
    at: str
    took: tuple[int, ...] = ()  # a strike's: the Radls whose doubled hands it took, one a hand (radl.py)


class AuditEntry(NamedTuple):
    """A visible record of one correction: what changed, and when."""

    at: str
    action: Action
    detail: str
    hand: int | None = None  # the id of the hand corrected; None for a rescore
    before: Mapping[str, Any] | None = None
    after: Mapping[str, Any] | None = None
    changed: tuple[int, ...] = ()  # ids of other hands whose stored result changed with it
    number: int | None = None  # the corrected hand's number in the sheet at the time


class Paper(NamedTuple):
    """A table's result from its paper sheet: each seat's Schrift and money points (None: the Schrift)."""

    schrift: Mapping[str, int]
    money: Mapping[str, int] | None
    at: str


class Ledger(NamedTuple):
    table: Table
    hands: tuple[Entry, ...] = ()
    audit: tuple[AuditEntry, ...] = ()
    radl: tuple[RadlMark, ...] = ()  # the Radl marks set or struck by hand, in order
    paper: Paper | None = None  # the table scored from its paper sheet (ledger.paper)

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def profile(self) -> Profile:
        """The profile the evening is scored under (the one stored in the ledger)."""
        return self.table.profile.rules


def next_id(ledger: Ledger) -> int:
    """The id the next recorded hand gets: never one a hand of the evening had before."""
    used = [e.id for e in ledger.hands] + [a.hand for a in ledger.audit if a.hand is not None]
    used += [m.after for m in ledger.radl]
    return max(used, default=0) + 1


def profile_hash(document: Mapping[str, Any]) -> str:
    """sha256 of the document's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def profile_record(profile: Profile) -> ProfileRecord:
    """The record that pins ``profile`` in a ledger."""
    document = dict(profile.document)
    return ProfileRecord(name=profile.name, sha256=profile_hash(document), document=document, rules=profile)


def totals(ledger: Ledger, upto: int | None = None) -> dict[str, int]:
    """Every seat's points after the first ``upto`` hands (all), a paper result included."""
    paper = [ledger.paper.schrift] if ledger.paper is not None else []
    return added(ledger.players, [*paper, *(e.result.victory_points for e in ledger.hands[:upto])])


def has_payout(ledger: Ledger) -> bool:
    """Whether the profile keeps a money column apart from the score (Kontra on the payout only)."""
    return ledger.profile.settlement.kontra_scope == "payout"


def payout_totals(ledger: Ledger, upto: int | None = None) -> dict[str, int] | None:
    if not has_payout(ledger):
        return None
    paper = [ledger.paper.money or ledger.paper.schrift] if ledger.paper is not None else []
    paid = (e.result.payout or e.result.victory_points for e in ledger.hands[:upto])
    return added(ledger.players, [*paper, *paid])


def settling(ledger: Ledger) -> tuple[dict[str, int], SettlementMode]:
    """The points the evening is settled from in money, and how: the payout totals where the
    profile keeps them, else the totals. Under Simplified Scoring every two players settle the
    difference of their points, at a table of five each hand among the four who played it: the
    dealer who sat it out neither pays nor receives (docs/rules/settlement.md §1), so each
    player's part, 4 × his points − the four's, is summed and settled as zero-sum."""
    points = payout_totals(ledger) or totals(ledger)
    mode = ledger.profile.settlement.mode
    if mode == "zero_sum" or len(ledger.players) == ledger.profile.game.players:
        return points, mode
    paper = payout_totals(ledger, 0) or totals(ledger, 0)  # a result from the paper sheet: its totals
    part = {p: len(paper) * v - sum(paper.values()) for p, v in paper.items()}
    for e in ledger.hands:
        column = (has_payout(ledger) and e.result.payout) or e.result.victory_points
        four = e.hand.players
        for p in four:
            part[p] += len(four) * column[p] - sum(column[q] for q in four)
    return part, "zero_sum"


def added(players: tuple[str, ...], columns: list[Mapping[str, int]]) -> dict[str, int]:
    """Each player's points in ``columns`` added up (0 where a column has none)."""
    return {p: sum(column.get(p, 0) for column in columns) for p in players}


class Deal(NamedTuple):
    dealer: str
    players: tuple[str, ...]  # the four at the table, Forehand first
    sitting_out: str | None = None

    @property
    def forehand(self) -> str:
        return self.players[0]


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
    players = tuple(players)
    if not players or players[0] not in seats:
        return None
    if len(seats) == 5:
        out = [s for s in seats if s not in players]
        dealer = out[0] if len(out) == 1 else None
    else:
        dealer = seats[(seats.index(players[0]) - 1) % len(seats)]
    if dealer is None or deal_by(seats, dealer).players != players:
        return None
    return dealer


def next_deal(ledger: Ledger) -> Deal:
    """The deal of the next hand: the seat after the last hand's dealer deals."""
    seats = ledger.players
    dealer = dealer_of(seats, ledger.hands[-1].hand.players) if ledger.hands else None
    if dealer is None:
        return first_deal(seats)
    return deal_by(seats, seats[(seats.index(dealer) + 1) % len(seats)])


def hand_deal(ledger: Ledger, number: int) -> Deal:
    """The deal of stored hand ``number`` (1-based)."""
    players = ledger.hands[number - 1].hand.players
    dealer = dealer_of(ledger.players, players)
    if dealer is None:
        raise LedgerError(
            N_("{list!r} is not a deal of this table"),
            list=list(players),
            where=f"hand {number}: entry.players",
        )
    return deal_by(ledger.players, dealer)


# A table of the wrong size, said for one name or several, and for names written with spaces or
# semicolons between them, not commas (then said how to write them).
_WRONG_COUNT = {
    (True, True): N_(
        "1 name given; {profile!r} is played by {players}, or {total} where the dealer sits out; separate the names with commas: {names}"
    ),
    (True, False): N_(
        "1 name given; {profile!r} is played by {players}, or {total} where the dealer sits out"
    ),
    (False, True): N_(
        "{count} names given; {profile!r} is played by {players}, or {total} where the dealer sits out; separate the names with commas: {names}"
    ),
    (False, False): N_(
        "{count} names given; {profile!r} is played by {players}, or {total} where the dealer sits out"
    ),
}


def check_players(names: Sequence[str], profile: Profile) -> list[Problem]:
    """Problems with the names of a new table: 4 or 5 distinct names, usable on the command line."""
    allowed = (profile.game.players, profile.game.players + 1)
    if len(names) in allowed:
        return check_names(names, "players")
    # the names written with spaces or semicolons between them, not commas
    words = [word for name in names for word in name.replace(";", " ").split()]
    commas = len(names) < len(words) and len(words) in allowed
    said = Problem.of(
        "players",
        _WRONG_COUNT[len(names) == 1, commas],
        count=len(names),
        profile=profile.name,
        players=profile.game.players,
        total=profile.game.players + 1,
        **({"names": ", ".join(words)} if commas else {}),
    )
    return [said, *check_names(words if commas else names, "players")]


def new_ledger(
    players: Sequence[str],
    profile: Profile,
    *,
    created: str,
    stake: Decimal | None = None,
    date: str | None = None,
    place: str | None = None,
    games: int | None = None,
) -> Ledger:
    if problems := check_players(players, profile):
        raise LedgerError(problems)
    return Ledger(Table(tuple(players), profile_record(profile), created, stake, date, place, games))


def seat_hand(ledger: Ledger, mapping: HandInput, default: Deal) -> HandInput:
    """The hand's keys with the ledger's seat order filled in, checked against this table."""
    data = cast(HandInput, dict(mapping))
    name = ledger.table.profile.name
    ref = data.pop("profile", None)
    if ref is not None and ref != name:
        raise HandRefused(
            N_(
                "{ref!r}: this ledger is scored under profile {name!r}; leave the key out (a rescore scores the whole evening under another profile)"
            ),
            ref=ref,
            name=name,
            where="profile",
        )
    players = data.setdefault("players", list(default.players))  # a deal of this table: it passes
    seats = ledger.players
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise HandRefused(
            N_("{players!r} is {kind}; expected an array of names"),
            players=players,
            kind=type_name(players),
            where="players",
        )
    players = data["players"] = [at_table(p, seats) for p in players]
    if strangers := [p for p in players if p not in seats]:
        raise HandRefused(
            N_("{allowed} not at this table; the table is {names}"),
            allowed=one_of(strangers),
            names=", ".join(seats),
            where="players",
        )
    if dealer_of(seats, players) is None:
        raise HandRefused(
            N_(
                "{names} is not a deal of this table (seat order {names2}); this deal is {names3}: leave players out to use it"
            ),
            names=", ".join(players),
            names2=", ".join(seats),
            names3=", ".join(default.players),
            where="players",
        )
    _not_the_sitter(data, seats)
    return data


def _not_the_sitter(data: HandInput, seats: Sequence[str]) -> None:
    """At a table of five the dealer sits the hand out: naming him as a player of it is refused."""
    players = data["players"]
    if len(seats) != 5 or len(players) != 4:
        return
    sitter = next(p for p in seats if p not in players)
    named: list[tuple[str, object]] = [(key, data.get(key)) for key in ("declarer", "partner", "renonce")]
    for key in ("card_points", "kontra"):  # a Trischaken's points, a Defender's own Kontra: by name
        table = data.get(key)
        if isinstance(table, dict):
            named += [(f"{key}.{name}", name) for name in table]
    bonuses = data.get("bonus")
    for i, bonus in enumerate(bonuses if isinstance(bonuses, list) else []):
        if isinstance(bonus, dict):
            named += [(f"bonus[{i}].{key}", bonus.get(key)) for key in ("caught_by", "lost_by")]
    problems = Collector()
    for where, value in named:
        if isinstance(value, str) and at_table(value, seats) == sitter:
            problems.add(
                where,
                N_(
                    "{value!r} deals this hand and sits it out (a table of five); the hand is played by {names}"
                ),
                value=value,
                names=", ".join(players),
            )
    problems.raise_if_any(HandRefused)


def parse_seated(mapping: HandInput, profile: Profile, seats: Sequence[str], *, bidding: bool = True) -> Hand:
    """A stored hand's keys parsed under ``profile``, its players a deal of ``seats``."""
    hand = parse_hand(mapping, profile, bidding=bidding, stored=True)
    if dealer_of(seats, hand.players) is None:
        raise HandError(
            N_("{list!r} is not a deal of this table ({names})"),
            list=list(hand.players),
            names=", ".join(seats),
            where="players",
        )
    return hand


def refused_now(entries: Sequence[Entry], profile: Profile) -> list[tuple[int, Entry, Problem]]:
    """The stored hands (with their numbers) that earlier versions took and the rules now refuse
    (card points beside the talon, docs/rules/koenigrufen.md §1.5, §6), each with what the rules
    say. Only a hand the talon bounds reach is parsed again: a Valat, a Dodge Round, or a side
    within a trick's four cards of the talon's (its fewest and half that again)."""
    fewest = (talon_card_points(profile) or (Fraction(0),))[0] * Fraction(3, 2)
    most = profile.game.card_points_total - fewest
    out = []
    for number, e in enumerate(entries, 1):
        h = e.hand
        sides = (h.card_points, h.defender_card_points)
        if all(s is None or fewest <= s <= most for s in sides) and not (
            h.trischaken_points or any(b.name == VALAT for b in h.bonuses)
        ):
            continue
        try:
            parse_hand(e.keys, profile)
        except TarockError as exc:
            out.append((number, e, exc.problems[0]))
    return out


def parse_stored(
    mappings: Sequence[HandInput], profile: Profile, seats: Sequence[str], *, bidding: bool = True
) -> list[Hand]:
    """Parse stored hands under another ``profile``; every problem of every hand in one error, at
    the profile and the hand's number on the sheet (its keys are the ledger's, not the reader's)."""
    hands: list[Hand] = []
    problems: list[Problem] = []
    for i, mapping in enumerate(mappings, 1):
        try:
            hands.append(parse_seated(mapping, profile, seats, bidding=bidding))
        except TarockError as exc:
            problems += [p.moved(f"profile: hand {i}") for p in exc.problems]
    if problems:
        raise LedgerError(problems)
    return hands
