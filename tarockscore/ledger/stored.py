"""A stored hand's keys read into a typed hand under a profile, checked against the table's seats,
and a stored profile document built into its profile (core layer, pure).

The file's codec reads every stored hand once, as the ledger is read; a rescore reads the stored
keys again under the other profile. The ledgers of a season mostly store one and the same
profile document: it is built once, not once per ledger.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from tarockscore.errors import N_, HandError, Problem, TarockError
from tarockscore.ledger.deal import dealer_of
from tarockscore.ledger.model import profile_hash
from tarockscore.rules.hand import Hand, HandInput
from tarockscore.rules.hand_parser import parse_hand
from tarockscore.rules.profile import Profile, build_profile


def parse_one(mapping: HandInput, profile: Profile, where: str = "") -> Hand:
    """One hand's keys parsed under ``profile``; its problems located at ``where``."""
    try:
        return parse_hand(mapping, profile)
    except TarockError as exc:
        raise exc.located(where) if where else exc from None


def parse_seated(mapping: HandInput, profile: Profile, seats: Sequence[str], *, bidding: bool = True) -> Hand:
    """A stored hand's keys parsed under ``profile``; its players must be a deal of ``seats``
    (``bidding`` false: who bid is not checked, see :func:`parse_hand`)."""
    hand = parse_hand(mapping, profile, bidding=bidding)
    if dealer_of(seats, hand.players) is None:
        raise HandError(
            N_("{list!r} is not a deal of this table ({names})"),
            list=list(hand.players),
            names=", ".join(seats),
            where="players",
        )
    return hand


def parse_stored(
    mappings: Sequence[HandInput],
    profile: Profile,
    seats: Sequence[str],
    first: int = 1,
    *,
    bidding: bool = True,
) -> list[Hand]:
    """Parse stored hands (numbered from ``first``); every problem of every hand in one error."""
    hands: list[Hand] = []
    problems: list[Problem] = []
    for i, mapping in enumerate(mappings, first):
        try:
            hands.append(parse_seated(mapping, profile, seats, bidding=bidding))
        except TarockError as exc:
            problems += exc.located(f"hand {i}: entry").problems
    if problems:
        raise HandError(problems)
    return hands


class StoredDocument:
    """A ledger's stored profile document: its sha256 and the profile it builds.

    The ledgers of a season mostly store one and the same document. One that is, key for key
    and type for type, a document hashed or built before is not hashed or built again: the
    profile is the one built then, holding this document, as a fresh build would.
    """

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.document = document
        self._frozen = _frozen(document)

    def sha256(self) -> str:
        """:func:`profile_hash` of the document."""
        if self._frozen is None:
            return profile_hash(self.document)
        return _hashed(self._frozen)

    def profile(self) -> Profile:
        """The profile the document builds (:func:`build_profile`); raises its :class:`ProfileError`."""
        if self._frozen is None:
            return build_profile(self.document)
        return _built(self._frozen)._replace(document=self.document)


# A document frozen: a table as ``(dict, ((key, value), ...))`` in its order, an array as
# ``(list, (value, ...))``, a string, integer or boolean as ``(type, value)``, so that 1, True
# and "1" stay apart.
_Frozen = tuple[type, Any]


def _frozen(value: Any) -> _Frozen | None:
    """``value`` as nested tuples that keep every table's order and every value's type, or None
    where it holds anything but tables, arrays, strings, integers and booleans."""
    kind = type(value)
    if kind is str or kind is int or kind is bool:
        return (kind, value)
    if kind is dict:
        items = []
        for key, item in value.items():
            frozen = _frozen(item)
            if type(key) is not str or frozen is None:
                return None
            items.append((key, frozen))
        return (dict, tuple(items))
    if kind is list:
        elements = []
        for item in value:
            frozen = _frozen(item)
            if frozen is None:
                return None
            elements.append(frozen)
        return (list, tuple(elements))
    return None


def _thawed(frozen: _Frozen) -> Any:
    """The plain value :func:`_frozen` made ``frozen`` from."""
    kind, value = frozen
    if kind is dict:
        return {key: _thawed(item) for key, item in value}
    if kind is list:
        return [_thawed(item) for item in value]
    return value


@functools.lru_cache(maxsize=16)
def _hashed(frozen: _Frozen) -> str:
    """The sha256 of a frozen document."""
    return profile_hash(_thawed(frozen))


@functools.lru_cache(maxsize=16)
def _built(frozen: _Frozen) -> Profile:
    """The profile of a frozen document; a build that fails is not remembered."""
    return build_profile(_thawed(frozen))
