"""The hands a ledger stores, read under its profile and checked against its table (core layer, pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarockscore.errors import HandError, Problem, TarockError
from tarockscore.ledger.deal import dealer_of
from tarockscore.rules.hand import Hand
from tarockscore.rules.hand_parser import parse_hand
from tarockscore.rules.profile import Profile


def parse_one(mapping: Mapping[str, Any], profile: Profile, where: str = "") -> Hand:
    """One hand's keys parsed under ``profile``; its problems located at ``where``."""
    try:
        return parse_hand(mapping, profile)
    except TarockError as exc:
        raise exc.located(where) if where else exc from None


def parse_stored(
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
            hands.append(parse_one(mapping, profile))
        except TarockError as exc:
            problems += exc.located(f"hand {i}: entry").problems
    if problems:
        raise HandError(problems)
    return hands
