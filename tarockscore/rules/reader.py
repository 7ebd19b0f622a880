"""Typed reading of a parsed TOML table, collecting every problem with its key path (core layer).

Profiles, hands and ledgers arrive as plain ``dict`` values from ``tomllib``. A :class:`Reader`
walks one table, checks each key's type and allowed values, and remembers which keys it used,
so that :meth:`Reader.finish` can report every unknown key with a near-miss hint.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar

from tarockscore.errors import Collector, near_miss, one_of
from tarockscore.rules.cardpoints import parse_points

E = TypeVar("E", bound=StrEnum)

_MISSING = object()

# No number in a profile or a ledger's frame comes near this (the largest rule value is under
# 100, a Radl factor 2 or 3, an evening a few hundred hands): a sanity bound, so that a typo or a
# hostile file with a 4,000-digit factor is refused instead of multiplying into numbers that no
# table, chart or text can show.
MAXIMUM = 1_000_000


def short_number(value: int) -> str:
    """The number as written, or how many digits it has when it is too long to show."""
    text = str(value) if -(10**30) < value < 10**30 else ""
    return text or f"a {'negative ' if value < 0 else ''}number of {len(str(abs(value)))} digits"


def type_name(value: object) -> str:
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a decimal number",
        str: "a string",
        list: "an array",
        dict: "a table",
    }.get(type(value), type(value).__name__)


class Reader:
    """Reads one table; problems go to a shared :class:`Collector`."""

    def __init__(self, data: Mapping[str, Any], path: str, problems: Collector) -> None:
        self.data = data
        self.path = path
        self.problems = problems
        self.seen: set[str] = set()

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, required: bool) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if required:
                self.problems.add(self.where(key), "missing (required)")
            return _MISSING
        return self.data[key]

    def _wrong(self, key: str, value: object, wanted: str) -> None:
        self.problems.add(self.where(key), f"{value!r} is {type_name(value)}; expected {wanted}")

    def text(self, key: str, default: str | None = None, *, required: bool = True) -> str:
        value = self._get(key, required and default is None)
        if value is _MISSING:
            return default if default is not None else ""
        if not isinstance(value, str):
            self._wrong(key, value, "a string")
            return default or ""
        return value

    def optional_str(self, key: str) -> str | None:
        value = self._get(key, False)
        if value is _MISSING:
            return None
        if not isinstance(value, str):
            self._wrong(key, value, "a string")
            return None
        return value

    def flag(self, key: str, default: bool | None = None) -> bool:
        value = self._get(key, default is None)
        if value is _MISSING:
            return bool(default)
        if not isinstance(value, bool):
            self._wrong(key, value, "true or false")
            return bool(default)
        return value

    def optional_bool(self, key: str) -> bool | None:
        value = self._get(key, False)
        if value is _MISSING:
            return None
        if not isinstance(value, bool):
            self._wrong(key, value, "true or false")
            return None
        return value

    def number(
        self, key: str, default: int | None = None, *, minimum: int | None = None, maximum: int = MAXIMUM
    ) -> int:
        value = self._get(key, default is None)
        if value is _MISSING:
            return default if default is not None else 0
        if isinstance(value, bool) or not isinstance(value, int):
            self._wrong(key, value, "a whole number")
            return default if default is not None else 0
        if minimum is not None and value < minimum:
            self.problems.add(
                self.where(key), f"{short_number(value)} is below the allowed minimum {minimum}"
            )
        elif value > maximum or value < -maximum:
            self.problems.add(
                self.where(key),
                f"{short_number(value)} is beyond the allowed range (at most {maximum:,} either way)",
            )
            return default if default is not None else (minimum or 0)
        return value

    def points(self, key: str) -> Fraction:
        value = self._get(key, True)
        if value is _MISSING:
            return Fraction(0)
        try:
            return parse_points(value)
        except ValueError as exc:
            self.problems.add(self.where(key), str(exc))
            return Fraction(0)

    def choice(self, key: str, enum: type[E], default: E | None = None) -> E:
        value = self._get(key, default is None)
        if value is _MISSING:
            return default if default is not None else next(iter(enum))
        if isinstance(value, str) and value in enum._value2member_map_:
            return enum(value)
        if isinstance(value, str) and value.strip().lower() in enum._value2member_map_:
            return enum(value.strip().lower())
        allowed = [m.value for m in enum]
        hint = near_miss(value, allowed) if isinstance(value, str) else ""
        self.problems.add(self.where(key), f"{value!r} is not allowed; choose one of {one_of(allowed)}{hint}")
        return default if default is not None else next(iter(enum))

    def str_list(self, key: str, default: Iterable[str] = ()) -> tuple[str, ...]:
        value = self._get(key, False)
        if value is _MISSING:
            return tuple(default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self._wrong(key, value, "an array of strings")
            return tuple(default)
        return tuple(value)

    def table(self, key: str, *, required: bool = True) -> Reader:
        value = self._get(key, required)
        if value is _MISSING:
            return Reader({}, self.where(key), self.problems)
        if not isinstance(value, dict):
            self._wrong(key, value, "a table")
            return Reader({}, self.where(key), self.problems)
        return Reader(value, self.where(key), self.problems)

    def raw(self, key: str) -> Any:
        """The value as it is (or None); the caller checks it."""
        value = self._get(key, False)
        return None if value is _MISSING else value

    def finish(self, known_extra: Iterable[str] = ()) -> None:
        """Report every key that nobody asked for."""
        known = self.seen | set(known_extra)
        allowed = one_of(known)
        for key in self.data:
            if key not in known:
                hint = "" if self.problems.full else near_miss(key, known)
                self.problems.add(self.where(key), f"unknown key; allowed here: {allowed}{hint}")
