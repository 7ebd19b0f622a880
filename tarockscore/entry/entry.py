"""A hand entered question by question, as the library offers it to a terminal and a web form alike (library layer).

:meth:`HandEntry.save` is refused when the ledger changed since it was read: the ledger is the only truth.
"""

from collections.abc import Mapping
from typing import Any, NamedTuple

from tarockscore.entry.answers import Entry, defaults_of
from tarockscore.entry.flow import Flow
from tarockscore.errors import N_, HandRefused
from tarockscore.evening import operations
from tarockscore.evening import store as ledger_file
from tarockscore.evening.evening import Change, Evening, now
from tarockscore.evening.fold import check_number, score_stored
from tarockscore.evening.model import Deal, Ledger, deal_by, hand_deal, next_deal
from tarockscore.evening.radl import next_factor
from tarockscore.evening.store import Snapshot
from tarockscore.rules.hand import HandInput, hand_to_mapping
from tarockscore.rules.scoring import Score
from tarockscore.rules.words import at_table


class Preview(NamedTuple):
    """A hand as it would be recorded, nothing written: the evening with it, its number, score and Radl."""

    ledger: Ledger
    number: int
    score: Score
    radl: int


class HandEntry(NamedTuple):
    """The hand to enter: its number, deal, questions and defaults, and the ledger as read when it began."""

    evening: Evening
    snapshot: Snapshot
    number: int
    deal: Deal
    flow: Flow
    defaults: Mapping[str, Any]
    replacing: bool

    @property
    def ledger(self) -> Ledger:
        return self.snapshot.ledger

    @property
    def radl_factor(self) -> int:
        """The Radl factor the hand counts with (1: a plain hand): a hand replaced keeps the one
        the hands before it give it."""
        if self.replacing:
            return self.ledger.hands[self.number - 1].result.radl
        return next_factor(self.ledger)  # 1 where no Radl is owed

    def answers(self) -> Entry:
        """The answers of the hand, given one at a time (a terminal's walk through the flow)."""
        return Entry(self.flow, dict(self.defaults))

    def dealt(self, hand: HandInput) -> HandInput:
        """A hand replaced with the entry's deal (``players``): the deal it had, or the one corrected."""
        return {**hand, "players": list(self.deal.players)} if self.replacing else hand

    def redealt(self) -> HandInput:
        """The hand being replaced as the sheet has it, with the entry's deal: its deal corrected alone."""
        return self.dealt(hand_to_mapping(self.ledger.hands[self.number - 1].hand))

    def _changed(self, current: Ledger, hand: HandInput, at: str) -> Ledger:
        if self.replacing:
            return operations.replace_hand(current, self.number, self.dealt(hand), at)
        return operations.record(current, hand, at)

    def preview(self, hand: HandInput) -> Ledger:
        """The evening as it would be with the hand, nothing written; raises what ``record`` would."""
        return self._changed(self.ledger, hand, now())

    def scored(self, hand: HandInput) -> Preview:
        """What :meth:`preview` shows of the hand: its score bet by bet and its Radl factor."""
        after = self.preview(hand)
        _hand, score = score_stored(after, self.number)
        return Preview(after, self.number, score, after.hands[self.number - 1].result.radl)

    def found_on(self, hand: HandInput, current: Ledger) -> int | None:
        """The number ``hand`` gained on ``current`` since this reading (entered on two phones), or None."""
        made = self.preview(hand).hands[self.number - 1]
        before = {e.id for e in self.ledger.hands}
        for number, e in enumerate(current.hands, 1):
            fresh = e.id == made.id if self.replacing else e.id not in before
            if fresh and e.keys == made.keys:
                return number
        return None

    def save(self, hand: HandInput, at: str | None = None) -> Change:
        """Record (or replace) the hand; refused when the ledger changed since the entry read it."""
        stamp = at or now()
        done = ledger_file.update(
            self.evening.path, lambda current: self._changed(current, hand, stamp), self.snapshot.head
        )
        return Change(done.before, done.after, done.head)


def hand_entry(
    evening: Evening, replace: int | None = None, snapshot: Snapshot | None = None, dealer: str | None = None
) -> HandEntry:
    """Open the next hand (or hand ``replace``) for entry; a closed evening is refused before any
    question. ``dealer``: who dealt hand ``replace``, its deal corrected (at five, who sat it out)."""
    snapshot = snapshot if snapshot is not None else evening.read()
    ledger_file.check_writable(evening.path)
    return _opened(evening, snapshot, replace, dealer)


def entry_as_of(
    evening: Evening, head: str, replace: int | None = None, dealer: str | None = None
) -> HandEntry | None:
    """The hand as it was to be entered on the sheet of ``head`` (an earlier reading's), or None."""
    if (then := evening.as_of(head)) is None:
        return None
    return _opened(evening, evening.read()._replace(ledger=then, head=head), replace, dealer)


def dealt_by(ledger: Ledger, dealer: str) -> Deal:
    """The deal when ``dealer`` (a name at the table, or its beginning) deals; refused for anyone else."""
    name = at_table(dealer, ledger.players)
    if name not in ledger.players:
        said = N_("{name!r} is not at this table; the table is {names}")
        raise HandRefused(said, name=dealer, names=", ".join(ledger.players), where="dealer")
    return deal_by(ledger.players, name)


def _opened(
    evening: Evening, snapshot: Snapshot, replace: int | None, dealer: str | None = None
) -> HandEntry:
    led = snapshot.ledger
    if replace is None:
        operations.check_room(led)
        deal = next_deal(led)
    else:
        check_number(led, replace)
        deal = hand_deal(led, replace) if dealer is None else dealt_by(led, dealer)
    flow = Flow(led.profile, led.players, deal.players)
    if replace is None:
        return HandEntry(evening, snapshot, len(led.hands) + 1, deal, flow, {}, False)
    return HandEntry(evening, snapshot, replace, deal, flow, defaults_of(led.hands[replace - 1].hand), True)
