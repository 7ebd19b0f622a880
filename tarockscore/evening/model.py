"""The evening's ledger as immutable values: the table, its profile, every hand and the audit trail; the evening added up (core layer, pure)."""

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any, NamedTuple

from tarockscore.rules.hand import Hand, HandInput, hand_to_mapping
from tarockscore.rules.profile import Profile


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
    return _added(ledger.players, [*paper, *(e.result.victory_points for e in ledger.hands[:upto])])


def has_payout(ledger: Ledger) -> bool:
    """Whether the profile keeps a money column apart from the score (Kontra on the payout only)."""
    return ledger.profile.settlement.kontra_scope == "payout"


def payout_totals(ledger: Ledger, upto: int | None = None) -> dict[str, int] | None:
    if not has_payout(ledger):
        return None
    paper = [ledger.paper.money or ledger.paper.schrift] if ledger.paper is not None else []
    paid = (e.result.payout or e.result.victory_points for e in ledger.hands[:upto])
    return _added(ledger.players, [*paper, *paid])


def _added(players: tuple[str, ...], columns: list[Mapping[str, int]]) -> dict[str, int]:
    return {p: sum(column.get(p, 0) for column in columns) for p in players}
