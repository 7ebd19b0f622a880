"""Typed reading of a parsed TOML table (a profile, a hand, a ledger's or a day's entries), collecting every problem at its key path (core layer, pure)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, time
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar, cast

from tarockscore.errors import N_, Collector, Message, grouped, message, near_miss, one_of, reason
from tarockscore.rules.hand import parse_points

E = TypeVar("E", bound=StrEnum)

_MISSING = object()

# No number in a profile or a ledger's frame comes near this (the largest rule value is under
# 100, a Radl factor 2 or 3, an evening a few hundred hands): a sanity bound, so that a typo or a
# hostile file with a 4,000-digit factor is refused instead of multiplying into numbers that no
# table, chart or text can show.
MAXIMUM = 1_000_000


def short_number(value: int) -> str:
    """The number as written, or how many digits it has when it is too long to show."""
    if -(10**30) < value < 10**30:
        return str(value)
    digits = len(str(abs(value)))
    if value < 0:
        return message(N_("a negative number of {digits} digits"), digits=digits)
    return message(N_("a number of {digits} digits"), digits=digits)


# What a value is, and what a key wants, as the messages name them.
A_BOOLEAN = Message(N_("a boolean"))
AN_INTEGER = Message(N_("an integer"))
A_DECIMAL = Message(N_("a decimal number"))
A_STRING = Message(N_("a string"))
AN_ARRAY = Message(N_("an array"))
A_TABLE = Message(N_("a table"))
A_DATE = Message(N_("a date"))
A_TIME = Message(N_("a time"))
A_DATE_AND_TIME = Message(N_("a date and time"))
TRUE_OR_FALSE = Message(N_("true or false"))
A_WHOLE_NUMBER = Message(N_("a whole number"))
AN_ARRAY_OF_STRINGS = Message(N_("an array of strings"))


class _TomlBool:
    """A boolean shown as a TOML file writes it (``true``), not as Python does (``True``)."""

    __slots__ = ("value",)

    def __init__(self, value: bool) -> None:
        self.value = value

    def __repr__(self) -> str:
        return "true" if self.value else "false"

    __str__ = __repr__


def as_written(value: object) -> object:
    """A value for a message, shown the way the file wrote it (a boolean as ``true``)."""
    return _TomlBool(value) if isinstance(value, bool) else value


def type_name(value: object) -> str:
    return {
        bool: A_BOOLEAN,
        int: AN_INTEGER,
        float: A_DECIMAL,
        str: A_STRING,
        list: AN_ARRAY,
        dict: A_TABLE,
        date: A_DATE,
        time: A_TIME,
        datetime: A_DATE_AND_TIME,
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
        """The value of ``key`` (or ``_MISSING``), the key remembered as asked for."""
        self.seen.add(key)
        value = self.data.get(key, _MISSING)
        if value is _MISSING and required:
            self.problems.add(self.where(key), N_("missing (required)"))
        return value

    def _wrong(self, key: str, value: object, wanted: str) -> None:
        self.problems.add(
            self.where(key),
            N_("{value!r} is {kind}; expected {wanted}"),
            value=as_written(value),
            kind=type_name(value),
            wanted=wanted,
        )

    def _typed(self, key: str, kind: type, wanted: str, default: Any = None, required: bool = False) -> Any:
        """The value of ``key`` where it is a ``kind``; else ``default``, with a problem where it is another type."""
        value = self._get(key, required)
        if value is _MISSING:
            return default
        if not isinstance(value, kind):
            self._wrong(key, value, wanted)
            return default
        return value

    def text(self, key: str, default: str | None = None, *, required: bool = True) -> str:
        return cast(str, self._typed(key, str, A_STRING, default or "", required and default is None))

    def optional_str(self, key: str) -> str | None:
        return cast(str | None, self._typed(key, str, A_STRING))

    def flag(self, key: str, default: bool | None = None) -> bool:
        return cast(bool, self._typed(key, bool, TRUE_OR_FALSE, bool(default), default is None))

    def optional_bool(self, key: str) -> bool | None:
        return cast(bool | None, self._typed(key, bool, TRUE_OR_FALSE))

    def number(
        self, key: str, default: int | None = None, *, minimum: int | None = None, maximum: int = MAXIMUM
    ) -> int:
        value = self._get(key, default is None)
        if value is _MISSING:
            return default if default is not None else 0
        if isinstance(value, bool) or not isinstance(value, int):
            self._wrong(key, value, A_WHOLE_NUMBER)
            return default if default is not None else 0
        if minimum is not None and value < minimum:
            self.problems.add(
                self.where(key),
                N_("{value} is below the allowed minimum {minimum}"),
                value=short_number(value),
                minimum=minimum,
            )
        elif value > maximum or value < -maximum:
            self.problems.add(
                self.where(key),
                N_("{value} is beyond the allowed range (at most {maximum} either way)"),
                value=short_number(value),
                maximum=grouped(maximum),
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
            self.problems.add(self.where(key), reason(exc))
            return Fraction(0)

    def choice(self, key: str, enum: type[E], default: E | None = None) -> E:
        words = tuple(member.value for member in enum)
        return enum(self.word(key, words, None if default is None else default.value))

    def word(self, key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        """One of the words ``allowed``, as given or stripped and lower-cased; else a problem and the default."""
        value = self._get(key, default is None)
        if value is _MISSING:
            return default if default is not None else allowed[0]
        if isinstance(value, str):
            if value in allowed:
                return value
            folded = value.strip().lower()
            if folded in allowed:
                return folded
        self.problems.add(
            self.where(key),
            N_("{value!r} is not allowed; choose one of {allowed}{hint}"),
            value=value,
            allowed=one_of(allowed),
            hint=near_miss(value, allowed) if isinstance(value, str) else "",
        )
        return default if default is not None else allowed[0]

    def str_list(self, key: str, default: Iterable[str] = ()) -> tuple[str, ...]:
        value = self._get(key, False)
        if value is _MISSING:
            return tuple(default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self._wrong(key, value, AN_ARRAY_OF_STRINGS)
            return tuple(default)
        return tuple(value)

    def table(self, key: str, *, required: bool = True) -> Reader:
        return Reader(self._typed(key, dict, A_TABLE, {}, required), self.where(key), self.problems)

    def raw(self, key: str) -> Any:
        """The value as it is (or None); the caller checks it."""
        self.seen.add(key)
        return self.data.get(key)

    def finish(self, known_extra: Iterable[str] = ()) -> None:
        """Report every key that nobody asked for."""
        known = self.seen | set(known_extra)
        for key in self.data:
            if key not in known:
                hint = "" if self.problems.full else near_miss(key, known)
                self.problems.add(
                    self.where(key),
                    N_("unknown key; allowed here: {allowed}{hint}"),
                    allowed=one_of(known),
                    hint=hint,
                )
