"""The evening's ledger as the library offers it (library layer): an :class:`Evening` is a ledger
file named by its path, and each action (record, undo, replace, delete, a Radl, rescore, repair,
check, explain, settle) reads it afresh, changes it with one operation of ``evening.operations``
and appends the change under its lock."""

import datetime as dt
import os
import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple

from tarockscore.errors import N_, Collector, LedgerError, Problem, ProfileError, UsageError, message, reason
from tarockscore.evening import model as totals
from tarockscore.evening import operations
from tarockscore.evening import settle as money
from tarockscore.evening import store as ledger_file
from tarockscore.evening import upgrade as ledger_upgrade
from tarockscore.evening.fold import against_the_rules, check_number, request_key, score_stored
from tarockscore.evening.fold import check as check_ledger
from tarockscore.evening.model import (
    Action,
    AuditEntry,
    Deal,
    Entry,
    check_players,
    hand_deal,
    new_ledger,
    next_deal,
)
from tarockscore.evening.model import Ledger as Ledger
from tarockscore.evening.radl import BY_HAND, doubled_by, marks_on, next_factor, radl_causes, radl_events
from tarockscore.evening.settle import Settlement
from tarockscore.evening.sheet import Sheet as Sheet
from tarockscore.evening.sheet import sheet as sheet
from tarockscore.evening.store import Change as Change
from tarockscore.evening.store import Snapshot, differing
from tarockscore.evening.upgrade import Upgraded as Upgraded
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import Hand, HandInput
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score
from tarockscore.rules.words import (
    clean_name,
    iso_date,
    look_alikes,
    nfc,
    strip_spaces,
    table_names,
    text_problem,
)

LEDGER_ENV = "TAROCKSCORE_LEDGER"
DEFAULT_LEDGER = "tarock-ledger.toml"


def now() -> str:
    """The moment a change is stamped with: the local time, to the second, with its UTC offset."""
    return dt.datetime.now().astimezone().isoformat(timespec="seconds")


_REPAIR_HINT = N_(
    "`tarockscore repair --ledger {path}` re-scores the evening from its stored hands "
    "and shows every number that changes; --write keeps it, with an audit entry"
)


def _repair_hint(path: Path) -> Problem:
    return Problem.of(str(path), _REPAIR_HINT, path=path)


def _in_bounds(ledger: Ledger) -> Ledger:
    """An evening as a change leaves it, refused where the hands its Radls still owe would count
    beyond what a hand's result holds (Radls overlapping, ``radl.overlap``): its next hand could
    not be recorded, nor the evening read."""
    next_factor(ledger)
    return ledger


def as_the_rules(path: Path, ledger: Ledger) -> Ledger:
    """``ledger``, unless a stored result is not what the rules give (docs/ledger-format.md)."""
    if problems := against_the_rules(ledger):
        raise LedgerError([p.moved(str(path)) for p in problems] + [_repair_hint(path)])
    return ledger


def as_day(value: object, where: str) -> dt.date | None:
    """A day given to the library: a ``datetime.date``, or its text ``YYYY-MM-DD`` as the ledger
    writes it; None stays None. Anything else is refused, naming ``where`` and the value."""
    if value is None or isinstance(value, dt.date):
        return value
    if isinstance(value, str) and iso_date(value.strip()):
        return dt.date.fromisoformat(value.strip())
    raise UsageError(
        N_("{value!r} is not a date; give a datetime.date or its text YYYY-MM-DD, e.g. '2025-03-14'"),
        value=value,
        where=where,
    )


def find_ledger(given: str | os.PathLike[str] | None = None) -> Path:
    """The evening's ledger: ``given``, else ``$TAROCKSCORE_LEDGER``, else ``tarock-ledger.toml`` here."""
    if given is not None:
        text = os.fspath(given)
        if not text.strip():
            raise UsageError(
                N_("{option!r} is empty; give the ledger's file name, or leave the option out"),
                option=text,
                where="ledger",
            )
        return Path(text)
    return Path(os.environ.get(LEDGER_ENV) or DEFAULT_LEDGER)


def upgrade(path: str | os.PathLike[str], at: str | None = None) -> Upgraded:
    """Convert a ledger of schema 1 at ``path`` to the current format, keeping ``PATH.bak``."""
    return ledger_upgrade.upgrade(Path(path), at or now())


class HeadCheck(NamedTuple):
    """A head written down, checked against the ledger now (``check --head``)."""

    head: str
    found: bool
    differ: tuple[int, ...]
    since: tuple[Mapping[str, Any], ...]
    edited: tuple[int, ...] = ()
    follows: tuple[int, ...] = ()  # the hands then before an entry that no longer follows them
    missing: tuple[int, ...] = ()  # the hands of then whose entries were taken out since
    # a head no entry has: the ledger's head now, and its last hand's id and number on the sheet
    # (0, 0: none), which a head written down after a later hand shows cut off
    now: str = ""
    last: tuple[int, int] = (0, 0)

    @property
    def holds(self) -> bool:
        """Whether the hands as of that head are unchanged (hands added since are fine)."""
        return self.found and not self.differ and not self.edited


class Begun(NamedTuple):
    """A new evening: its ledger, and the warnings about its players' names (look-alikes)."""

    evening: "Evening"
    ledger: Ledger
    warnings: tuple[str, ...]


class Explained(NamedTuple):
    """Hand N of the evening as ``explain`` shows it."""

    number: int
    hand: Hand
    score: Score
    profile: Profile
    entry: Entry
    ledger: Ledger
    radl_cause: int | None
    # the events the profile plays that the hand which started the Radl showed (a Valat, …)
    radl_events: tuple[str, ...] = ()
    # every Radl doubling the hand, the first started first: its cause (:data:`BY_HAND`: set on
    # the sheet) and the events it showed
    radl_layers: tuple[tuple[int, tuple[str, ...]], ...] = ()
    history: tuple[AuditEntry, ...] = ()  # the hand's own lines of the audit trail (hand_history)
    repaired: str | None = None  # the time of the repair that took it as found, edited
    undone: tuple[AuditEntry, ...] = ()  # the undos of the hands that stood in its place (undone_before)
    # the Radl the hand started itself: what armed it (none: it started none), the hands it
    # doubled so far and how many of its doubled hands are still to come
    started: tuple[str, ...] = ()
    started_doubled: tuple[int, ...] = ()
    started_to_come: int = 0
    started_ahead: int = 0  # doubled hands of other Radls owed before its first (queued behind them)

    @property
    def radl_by_hand(self) -> bool:
        return self.radl_cause == BY_HAND


class Rescored(NamedTuple):
    """The evening under another profile: before and after, the hands scored differently, the head."""

    before: Ledger
    after: Ledger
    changed: tuple[int, ...]
    written: bool
    head: str | None = None

    @property
    def sheet(self) -> Sheet:
        """The evening's sheet as rescored."""
        return sheet(self.after)._replace(head=self.head)


class Settled(NamedTuple):
    """Who pays whom: the settlement, the points it was made from, and the profile."""

    settlement: Settlement
    points: dict[str, int]
    payout: bool
    profile: Profile


class Repaired(NamedTuple):
    """An evening re-scored from its stored hands: before and after, whether it was written, the head."""

    before: Ledger
    after: Ledger
    written: bool
    head: str = ""
    found: tuple[Problem, ...] = ()  # each entry changed outside tarockscore, taken as it stands


# A delete's line names the hands after it that moved up: "hand 4 is now hand 3", "hands 4 to 6
# are now 3 to 5" (evening/operations.py; the trail is stored in English).
_MOVED = re.compile(r"; hands? (\d+)(?: to (\d+))? (?:is|are) now ")


def hand_history(ledger: Ledger, number: int, repaired: str | None = None) -> tuple[AuditEntry, ...]:
    """The lines of the audit trail about hand ``number``, in order: its replacements, a delete that
    moved its number, a Radl marked after it or one that doubles or spared it, a correction or repair
    that changed its stored result, and the repair at ``repaired`` that took it as found, edited."""
    hand_id = ledger.hands[number - 1].id
    marks = {(m.at, m.after, m.hands) for m in marks_on(ledger, number)}

    def about(a: AuditEntry) -> bool:
        if a.hand == hand_id or hand_id in a.changed:
            return True
        if a.action == Action.RADL and a.after is not None:
            if (a.at, a.after.get("after"), a.after.get("hands")) in marks:
                return True
        if a.action == Action.REPAIR and repaired is not None and a.at == repaired:
            return True
        moved = _MOVED.search(a.detail) if a.action == Action.DELETE else None
        return moved is not None and int(moved[1]) <= hand_id <= int(moved[2] or moved[1])

    return tuple(a for a in ledger.audit if about(a))


def undone_before(ledger: Ledger, number: int) -> tuple[AuditEntry, ...]:
    """The undos of the hands that stood in hand ``number``'s place before it was recorded: each
    recorded after the hand recorded before it (on the sheet or deleted since) and taken back
    before it (ids grow as hands are recorded, and an undo takes back the last hand)."""
    hand_id = ledger.hands[number - 1].id
    kept = [e.id for e in ledger.hands] + [a.hand for a in ledger.audit if a.action == Action.DELETE]
    before = max((i for i in kept if i is not None and i < hand_id), default=0)
    return tuple(
        a
        for a in ledger.audit
        if a.action == Action.UNDO and a.hand is not None and before < a.hand < hand_id
    )


def _armed(ledger: Ledger, hand: Hand) -> tuple[str, ...]:
    """What ``hand`` showed that starts a Radl, of the events the evening's profile plays."""
    return tuple(e for e in radl_events(hand, ledger.profile) if e in ledger.profile.radl.events)


class Evening:
    """An evening's ledger file; each method is one action on it (read, or changed and written)."""

    __slots__ = ("path", "warn", "_said")

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, warn: Callable[[str], None] | None = None
    ) -> None:
        self.path = find_ledger(path)
        self.warn = warn
        self._said: set[str] = set()

    def __repr__(self) -> str:
        return f"Evening({str(self.path)!r})"

    @classmethod
    def begin(
        cls,
        path: str | os.PathLike[str] | None,
        players: Sequence[str],
        profile: str | Profile = "koenigrufen",
        *,
        stake: Decimal | int | str | None = None,
        date: dt.date | str | None = None,
        place: str | None = None,
        at: str | None = None,
        problems: Collector | None = None,
    ) -> Begun:
        """Start an evening: a new ledger with the table, the profile and the stake; every problem at once
        (``date``: a ``datetime.date`` or ``YYYY-MM-DD``)."""
        problems = problems if problems is not None else Collector()
        try:
            day = as_day(date, "date")
        except UsageError as exc:
            problems.problems += exc.problems
            day = None
        if place is not None:
            place = nfc(strip_spaces(place)) if place.strip() else place
            if (wrong := text_problem(place)) is not None:
                problems.add("place", N_("{place!r}: {wrong}"), place=place, wrong=wrong)
        amount = None
        if stake is not None:  # a script's stake read as the ledger's reader will read it
            try:
                amount = money.stake_given(stake)
            except ValueError as exc:
                problems.add("stake", reason(exc))
        names = [clean_name(n) for n in players]
        try:
            prof = profile if isinstance(profile, Profile) else load_profile(profile)
        except UsageError as exc:  # an empty profile name: the names checked, not their count
            problems.problems += [*table_names(names, "players"), *exc.problems]
            problems.raise_if_any(UsageError)
            raise
        except ProfileError as exc:  # not found or broken: at its field, with the other problems
            found = [*problems.problems, *table_names(names, "players")]
            raise UsageError.said_with(found, [exc.located("profile")]) from None
        problems.problems += check_players(names, prof) or table_names(names, "players")
        problems.raise_if_any(UsageError)
        evening = cls(path)
        iso = day.isoformat() if day is not None else None
        fresh = new_ledger(names, prof, created=at or now(), stake=amount, date=iso, place=place)
        ledger_file.create(evening.path, fresh)
        return Begun(evening, fresh, tuple(look_alikes(names)))

    def read(self) -> Snapshot:
        """The ledger as stored, every hand scored again: a ledger changed outside tarockscore is refused."""
        snapshot = ledger_file.read_trusted(self.path)
        as_the_rules(self.path, snapshot.ledger)
        self._covered(snapshot)
        return snapshot

    def _covered(self, snapshot: Snapshot) -> None:
        """Say, once each, what the read found beside the sheet (a repair's hands, a torn entry)."""
        for said in ledger_file.said_on_reading(snapshot):
            if said not in self._said:
                self._said.add(said)
                if self.warn is not None:
                    self.warn(said)

    def seats(self) -> tuple[str, ...]:
        """The players in seat order, from the file's header alone (no entry read)."""
        return ledger_file.seats(self.path)

    def read_as_stored(self) -> Ledger:
        """The ledger as stored, its chain not verified (shell completion, which must not fail)."""
        return ledger_file.read(self.path).ledger

    @property
    def ledger(self) -> Ledger:
        return self.read().ledger

    def sheet(self) -> Sheet:
        """The evening's sheet (every hand, the running totals) and the ledger's head."""
        snapshot = self.read()
        return sheet(snapshot.ledger)._replace(head=snapshot.head)

    def hand(self, number: int, ledger: Ledger | None = None) -> Entry:
        """Hand ``number`` as the sheet numbers it, of ``ledger`` (else the file read now)."""
        led = self.ledger if ledger is None else ledger
        check_number(led, number)
        return led.hands[number - 1]

    def deal(self, number: int | None = None, ledger: Ledger | None = None) -> Deal:
        """Who deals hand ``number`` (None: the next hand), the four who play it, Forehand first,
        and who sits it out at five, of ``ledger`` (else the file read now)."""
        led = self.ledger if ledger is None else ledger
        if number is None:
            return next_deal(led)
        check_number(led, number)
        return hand_deal(led, number)

    def explain(self, number: int, snapshot: Snapshot | None = None) -> Explained:
        """The arithmetic of hand ``number``: its score, the profile, and the Radl behind its factor,
        of ``snapshot`` (else the file read now)."""
        snapshot = self.read() if snapshot is None else snapshot
        led = snapshot.ledger
        hand, score = score_stored(led, number)
        entry = led.hands[number - 1]
        causes = radl_causes(led, number) if entry.result.radl != 1 else ()
        layers = tuple((c, () if c == BY_HAND else _armed(led, led.hands[c - 1].hand)) for c in causes)
        cause, events = layers[0] if layers else (None, ())
        repaired = snapshot.chain.repaired.get(entry.id)
        started = _armed(led, entry.hand)
        doubled, to_come, ahead = doubled_by(led, number) if started else ((), 0, 0)
        return Explained(
            number,
            hand,
            score,
            led.profile,
            entry,
            led,
            cause,
            events,
            layers,
            hand_history(led, number, repaired),
            repaired,
            undone_before(led, number),
            started,
            doubled,
            to_come,
            ahead,
        )

    def check(self) -> Ledger:
        """The full audit (:func:`~tarockscore.evening.fold.check`), then the chain."""
        snapshot = ledger_file.read(self.path)
        if problems := check_ledger(snapshot.ledger):
            # an entry edited by hand named beside the numbers the rules do not give
            located = ledger_file.locate([*snapshot.problems, *problems], snapshot.text, str(snapshot.path))
            raise LedgerError([*located, _repair_hint(snapshot.path)])
        ledger_file.verify(snapshot)
        self._covered(snapshot)
        return snapshot.ledger

    def settle(self, stake: Decimal | int | str | None = None) -> Settled:
        """Who pays whom how much, in the fewest payments, exact to the cent; the stake given, else the ledger's."""
        led = self.ledger
        stake = led.table.stake if stake is None else stake
        if stake is None:
            raise UsageError(N_("the ledger has no stake: give --stake, e.g. --stake 0.10"), where="stake")
        try:
            amount = money.stake_given(stake)
        except ValueError as exc:
            raise UsageError(reason(exc), where="stake") from None
        paid = totals.payout_totals(led)
        points = paid if paid is not None else totals.totals(led)
        parts, how = totals.settling(led)
        result = money.settle(parts, amount, how)
        return Settled(result, points, paid is not None, led.profile)

    def _change(
        self,
        edit: Callable[..., Ledger],
        *args: Any,
        at: str | None,
        expected: str | None = None,
        scored: bool = True,
        request: str | None = None,
    ) -> Change:
        """``edit(ledger, *args, at)`` applied to the ledger as read now, and appended."""
        if request is not None:
            problems = Collector()
            request_key(request, problems)
            problems.raise_if_any(UsageError)
        stamp = at or now()
        done = ledger_file.update(
            self.path,
            lambda current: _in_bounds(edit(as_the_rules(self.path, current), *args, stamp)),
            expected,
            stamp,
            scored,
            request,
            lambda read: self._covered(read._replace(torn=False)),  # a torn end: said as cut off, below
        )
        if done.cut and self.warn is not None:  # a hand's last line taken away by hand looks the same
            cut = N_(
                "{path}: its last entry was cut short, a write that did not finish: this change cut it off"
            )
            self.warn(message(cut, path=self.path))
        return done

    def head(self) -> str:
        """The head of the ledger's chain: written down, it vouches for every hand as of now."""
        return self.read().head

    version = head

    def as_of(self, head: str) -> Ledger | None:
        """The evening as it was at ``head`` (an earlier reading's version), or None where its chain has none."""
        then = ledger_file.read(self.path, since=head).since
        return then.then if then is not None else None

    def check_head(self, head: str) -> HeadCheck:
        """Whether the hands as of ``head`` (or its first digits) are unchanged now."""
        wanted = head.strip().lower()
        digits = len(wanted) >= 4 and all(c in "0123456789abcdef" for c in wanted)
        snapshot = ledger_file.read(self.path, since=wanted if digits else None)
        ledger_file.verify(snapshot)
        if (found := snapshot.since) is None:
            hands = snapshot.ledger.hands
            last = (hands[-1].id, len(hands)) if hands else (0, 0)
            return HeadCheck(head, False, (), (), now=snapshot.head, last=last)
        # an entry of then changed since is not the one the head vouched for, whatever repair followed
        edited, ids, follows, gone = snapshot.chain.edited_since(found.entry, found.vouched)
        differ = set(differing(found.then, snapshot.ledger))
        differ |= {n for n, e in enumerate(found.then.hands, 1) if e.id in ids}
        before = tuple(n for n, e in enumerate(found.then.hands, 1) if e.id in follows)
        return HeadCheck(head, True, tuple(sorted(differ)), tuple(found.after), edited, before, tuple(gone))

    def record(
        self,
        hand: HandInput,
        at: str | None = None,
        *,
        expected: str | None = None,
        request: str | None = None,
    ) -> Change:
        """Score a hand and add it to the evening; ``expected``: :meth:`version`; ``request``: its key."""
        # scored as it is made: its check is its entry folded back
        return self._change(operations.record, hand, at=at, expected=expected, scored=False, request=request)

    def undo(
        self, at: str | None = None, *, expected: str | None = None, request: str | None = None
    ) -> Change:
        """Take back the last hand (it stays in the audit trail)."""
        return self._change(operations.undo, at=at, expected=expected, request=request)

    def replace(
        self,
        number: int,
        hand: HandInput,
        at: str | None = None,
        *,
        expected: str | None = None,
        request: str | None = None,
    ) -> Change:
        """Replace hand ``number``; every hand after it is recomputed, the audit keeps the old one."""
        return self._change(operations.replace_hand, number, hand, at=at, expected=expected, request=request)

    def delete(
        self, number: int, at: str | None = None, *, expected: str | None = None, request: str | None = None
    ) -> Change:
        """Delete hand ``number``; the hands after it are recomputed."""
        return self._change(operations.delete, number, at=at, expected=expected, request=request)

    def add_radl(
        self,
        hands: int | None = None,
        at: str | None = None,
        *,
        expected: str | None = None,
        request: str | None = None,
    ) -> Change:
        """A Radl set by hand: ``hands`` doubled hands (default: the profile's ``radl.hands``)."""
        return self._change(operations.set_radl, hands, at=at, expected=expected, request=request)

    def strike_radl(
        self,
        hands: int = 1,
        at: str | None = None,
        *,
        expected: str | None = None,
        request: str | None = None,
    ) -> Change:
        """Strike ``hands`` doubled hands still to play."""
        return self._change(operations.strike_radl, hands, at=at, expected=expected, request=request)

    def rescore(self, profile: str | Profile, *, write: bool = False, at: str | None = None) -> Rescored:
        """The evening under another profile (what-if); written into the ledger only with ``write``."""
        prof = profile if isinstance(profile, Profile) else load_profile(profile)
        at = at or now()
        if write:
            change = self._change(operations.rescore, prof, at=at)
            before, after, head = change.before, change.after, change.head
        else:
            snapshot = self.read()
            before, after = snapshot.ledger, operations.rescore(snapshot.ledger, prof, at, what_if=True)
            head = snapshot.head
        number = {e.id: i for i, e in enumerate(after.hands, 1)}  # the audit's ids, as the sheet numbers
        changed = tuple(number[i] for i in after.audit[-1].changed)
        return Rescored(before, after, changed, write, head)

    def repair(self, *, write: bool = False, at: str | None = None) -> Repaired:
        """Re-score an evening changed outside tarockscore from its stored hands; written with ``write``."""
        stamp = (at or now()) if write else None
        done = ledger_file.repair(
            self.path, lambda current: operations.repair(current, stamp), write, stamp or ""
        )
        return Repaired(done.before, done.after, write and done.written, done.head, done.found)
