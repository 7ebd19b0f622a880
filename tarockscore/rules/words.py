"""What a user writes, read and checked in one place: a TOML table read by the types of its keys (a profile, a hand, a ledger's or a day's entries), every problem at its key path; names as the players spell them, free text and dates; and the names of contracts, bonuses and Kontra steps (core layer, pure)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar, cast

from tarockscore.errors import (
    N_,
    Collector,
    Message,
    Problem,
    and_listed,
    grouped,
    message,
    near_miss,
    one_of,
    reason,
)
from tarockscore.rules.hand import parse_points

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", " ": None, "-": None, "_": None})


def fold(name: str) -> str:
    """The form two spellings of one contract, bonus or Kontra step share: ``Solo-Dreier`` → ``solodreier``."""
    return name.casefold().translate(_FOLD)


# The players' words for a contract, a bonus or a Kontra step (folded), read under every profile
# that has what they name, beside its own aliases: an evening's stored profile reads them as a new
# one does. "Trischak": the Dodge Round as the Styrian handbook names it [KAPFER].
PLAYERS_WORDS = dict.fromkeys(("vierkoenige", "allekoenige", "4koenige", "4kings"), "four_kings") | {
    "trischak": "trischaken",
    "contra": "kontra",
    "recontra": "rekontra",
    "re": "rekontra",
    "retour": "rekontra",
    "subcontra": "subkontra",
    "sub": "subkontra",
}


def said_for(name: str, words: Mapping[str, str] = PLAYERS_WORDS) -> tuple[str, ...]:
    """The players' words for ``name``: a bonus's or a Kontra step's (:data:`PLAYERS_WORDS`), a
    side's (:data:`SIDE_WORDS`)."""
    return tuple(word for word, named in words.items() if named == name)


# A bonus's side as the table says it, in English and German (Spieler / Gegner, and the German
# output's Spielerseite / Gegenseite): the short form's flags (-b pagat,Gegner) and a hand file's
# [[bonus]] side; matched in any case.
SIDE_WORDS = dict.fromkeys(
    ("declarers", "decl", "d", "spieler", "spielerseite"), "declarers"
) | dict.fromkeys(("defenders", "def", "x", "gegner", "gegenspieler", "gegenseite"), "defenders")


def player_key(name: str) -> str:
    """The form two spellings of one player share: the name as kept (:func:`clean_name`), without
    regard to case."""
    return clean_name(name.strip()).casefold()


def same_but_case(names: Iterable[str]) -> list[str]:
    """The names that another name of ``names`` repeats without regard to case (sorted)."""
    seen: dict[str, str] = {}
    clashes: set[str] = set()
    for name in names:
        key = player_key(name)
        if key in seen and seen[key] != name:
            clashes.update((seen[key], name))
        seen.setdefault(key, name)
    return sorted(clashes)


def at_table(given: str, players: Sequence[str]) -> str:
    """The table's own spelling of ``given`` when one player matches it in any case, else ``given``."""
    if given in players:  # the common case, without folding every seat's name
        return given
    key = player_key(given)
    matches = [p for p in players if player_key(p) == key]
    return matches[0] if len(matches) == 1 else given


# Characters that mean something on the command line or in the short form of a hand.
NAME_FORBIDDEN = ",=;"
MAX_NAME = 40
MAX_TEXT = 200


# The spaces of Unicode (category Zs): what may stand around a name and is dropped. Python's
# str.strip() drops line and paragraph separators, tabs and other control characters too, which
# would cut a U+2028 off the end of a name that is refused with it inside.
SPACES = " \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"


def strip_spaces(text: str) -> str:
    """``text`` without the spaces around it; every other character stays, to be checked."""
    return text.strip(SPACES)


def nfc(text: str) -> str:
    """The text in Unicode NFC form: "é" typed as e + a combining accent reads as one "é"."""
    return unicodedata.normalize("NFC", text)


def clean_name(text: str) -> str:
    """A name as the ledger keeps it: without the spaces around it, those within it one plain space
    ("Hans  Huber" and Hans + a no-break space + Huber are Hans Huber), composed (NFC)."""
    return nfc(re.sub(f"[{SPACES}]+", " ", strip_spaces(text)))


def typed_names(text: str) -> list[str]:
    """The names of a list of players as typed: split at commas, each as the ledger keeps it
    (:func:`clean_name`); a comma after the last name ("Anna, Bert, Cilli, Dani,") is dropped."""
    names = [clean_name(part) for part in text.split(",")]
    return names[:-1] if len(names) > 1 and not names[-1] else names


def describe(ch: str) -> str:
    """A character as a user can look it up: ``U+202E (RIGHT-TO-LEFT OVERRIDE)``."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def unprintable(text: str) -> str | None:
    """The first character a terminal would not simply show (spaces count as printable), described; or None."""
    if text.isprintable():  # the common case, in one pass in C
        return None
    for ch in text:
        if not ch.isprintable() and unicodedata.category(ch) != "Zs":
            return describe(ch)
    return None


def text_problem(text: str, *, limit: int = MAX_TEXT) -> str | None:
    """Why free text (a place, a title) cannot be taken, or None."""
    if not text.strip():
        return message(N_("empty; leave the option out instead"))
    bad = unprintable(text)
    if bad is not None:
        return message(
            N_("holds {character}, which a terminal does not show as text; write plain text"), character=bad
        )
    if len(text) > limit:
        return message(N_("{length} characters; at most {limit}"), length=len(text), limit=limit)
    return None


def name_problem(name: str) -> str | None:
    """Why a player's name cannot be taken, or None: the same rule for typed and stored names."""
    bad = unprintable(name)  # first: a line separator at the end is named, not taken for a space
    if bad is not None:
        return message(N_("a name cannot hold {character}"), character=bad)
    if not name or name != name.strip():
        return message(N_("a name cannot be empty or start or end with a space"))
    if any(c in name for c in NAME_FORBIDDEN):
        return message(N_("a name cannot hold a comma, '=' or ';'"))
    if len(name) > MAX_NAME:
        return message(N_("a name has at most {limit} characters"), limit=MAX_NAME)
    return None


def name_problems(names: Sequence[str], where: str) -> list[Problem]:
    """Each name that breaks the rule every player's name meets (:func:`name_problem`)."""
    problems: list[Problem] = []
    for place, name in enumerate(names, 1):
        wrong = name_problem(name)
        if wrong is None:
            continue
        if name:
            problems.append(Problem.of(where, N_("{name!r}: {wrong}"), name=name, wrong=wrong))
        else:  # '' would not say which
            said = N_("name {place} of {count}: {wrong}")
            problems.append(Problem.of(where, said, place=place, count=len(names), wrong=wrong))
    return problems


def repeated_names(names: Sequence[str], where: str) -> list[Problem]:
    """A name given twice, or two that differ only by case (names are matched in any case)."""
    duplicates = sorted(n for n, c in Counter(names).items() if c > 1)
    if duplicates:
        return [Problem.of(where, N_("{allowed} named twice"), allowed=one_of(duplicates))]
    clashes = same_but_case(names)
    if not clashes:
        return []
    said = N_("{allowed} differ only by case: names are matched in any case")
    return [Problem.of(where, said, allowed=one_of(clashes))]


def check_names(names: Sequence[str], where: str) -> list[Problem]:
    """Problems with the players' names: each by the rules, and no name twice in any case."""
    return [*name_problems(names, where), *repeated_names(names, where)]


# The columns of the sheet's CSV (`show --csv`) and of a hand's (`score --csv`) beside the players'.
SHEET_COLUMNS = ("hand", "dealer", "forehand", "contract", "declarer", "partner", "won", "radl")
BET_COLUMNS = ("bet", "base", "factors", "value", "winners")


def table_names(names: Sequence[str], where: str) -> list[Problem]:
    """Problems with the names of a new table or day: :func:`check_names`, else the names a CSV would
    give two columns to (one of its own columns, or a player's with " total")."""
    wrong = check_names(names, where)
    if wrong:
        return wrong
    taken = {*SHEET_COLUMNS, *BET_COLUMNS, *(f"{n} total".casefold() for n in names)}
    clashes = [n for n in names if n.casefold() in taken]
    if not clashes:
        return []
    said = N_(
        "{allowed}: a name may not be a column of the CSV ({columns}), nor a player's name and "
        "' total': the CSV would have two columns of that name"
    )
    columns = ", ".join((*SHEET_COLUMNS, *BET_COLUMNS))
    return [Problem.of(where, said, allowed=one_of(clashes), columns=columns)]


# Letters of the Cyrillic and Greek alphabets that look like Latin ones in common fonts
# (after case folding); from the Unicode confusables list (https://www.unicode.org/Public/security/latest/confusables.txt).
_LOOK_ALIKE = str.maketrans(
    "авеёһіїјкмнорсѕтухԁԛԝѵαβεηικνορτυχζ", "abeehiijkmhopcstyxdqwvabenikvoptuxz"
)  # Cyrillic, then Greek


def skeleton(name: str) -> str:
    """The name as it looks: case folded, NFKC (a fullwidth letter read as the plain one), look-alike
    Cyrillic and Greek letters read as Latin."""
    return unicodedata.normalize("NFKC", name.casefold()).translate(_LOOK_ALIKE)


def _scripts(name: str) -> set[str]:
    return {unicodedata.name(ch, "?").split(" ")[0] for ch in name if ch.isalpha()} & set(_SCRIPTS)


# The alphabets a name can mix, as a reader calls them.
_SCRIPTS = {"CYRILLIC": N_("Cyrillic"), "GREEK": N_("Greek"), "LATIN": N_("Latin")}


def look_alikes(names: Iterable[str]) -> list[str]:
    """Warnings for names that look alike in different alphabets, and for names that mix them."""
    out: list[str] = []
    seen: dict[str, str] = {}
    for name in names:
        mixed = _scripts(name)
        if len(mixed) > 1:
            scripts = and_listed([message(_SCRIPTS[s]) for s in sorted(mixed)])  # "Cyrillic and Latin"
            out.append(message(N_("{name!r} mixes {scripts} letters"), name=name, scripts=scripts))
        key = skeleton(name)
        other = seen.get(key)
        if other is not None and other != name and other.casefold() != name.casefold():
            said = N_(
                "{other!r} and {name!r} look alike but are spelt with different letters: are they one player?"
            )
            out.append(message(said, other=other, name=name))
        seen.setdefault(key, name)
    return out


# Compiled on first use (through re's own cache), not at import: `score` checks no date.
_ISO_DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
# What tarockscore writes: datetime.isoformat(timespec="seconds") with the UTC offset.
_ISO_STAMP = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:[+-][0-9]{2}:[0-9]{2}|Z)?"


def _iso(text: str, pattern: str, read: Callable[[str], object]) -> bool:
    """Whether ``text`` is written as ``pattern`` and ``read`` takes it (a real day and time)."""
    if not re.fullmatch(pattern, text):
        return False
    try:
        read(text)
    except ValueError:
        return False
    return True


def iso_date(text: str) -> bool:
    """Whether ``text`` is a calendar date written ``YYYY-MM-DD`` (not the other forms ``date.fromisoformat`` takes)."""
    return _iso(text, _ISO_DATE, date.fromisoformat)


def iso_timestamp(text: str) -> bool:
    """Whether ``text`` is a moment written ``YYYY-MM-DDTHH:MM:SS`` with an optional UTC offset."""
    return _iso(text, _ISO_STAMP, datetime.fromisoformat)


NAMES = (
    # the games (game.family)
    N_("Koenigrufen"),
    N_("Zwanzigerrufen"),
    # contracts
    N_("Rufer"),
    N_("Besserrufer"),
    N_("Solorufer"),
    N_("Dreier"),
    N_("Solodreier"),
    N_("Sechserdreier"),
    N_("Farbendreier"),
    N_("Farbensolo"),
    N_("Solo"),
    N_("Bettler"),
    N_("Bettler Ouvert"),
    N_("Piccolo"),
    N_("Piccolo Ouvert"),
    N_("Zwiccolo"),
    N_("Zwiccolo Ouvert"),
    N_("Triccolo"),
    N_("Pagatrufer"),
    N_("Uhurufer"),
    N_("Kakadurufer"),
    N_("Quapilrufer"),
    N_("Trischaken"),
    # bonuses
    N_("Pagat"),
    N_("Uhu"),
    N_("Kakadu"),
    N_("Quapil"),
    N_("King Ultimo"),
    N_("Trull"),
    N_("Four Kings"),
    N_("Valat"),
    N_("Absolut"),
    N_("Honneurs"),
    N_("Koenigfang"),
    N_("Mondfang"),
    N_("First Sack"),
    N_("Second Sack"),
    # the sides a bonus may be made by (bonuses.NAME.side)
    N_("Declarers"),
    N_("Defenders"),
    N_("Either"),
    # Kontra steps
    N_("Kontra"),
    N_("Rekontra"),
    N_("Subkontra"),
    N_("Hirschkontra"),
    N_("Mordkontra"),
    N_("Supre"),
    N_("Resupre"),
    # how a profile settles (settlement.mode) and what Kontra doubles (settlement.kontra_scope)
    N_("Simplified"),
    N_("Zero Sum"),
    N_("Score"),
    N_("Payout"),
)


E = TypeVar("E", bound=StrEnum)

_MISSING = object()

# No number in a profile or a ledger's frame comes near this (the largest rule value is under
# 100, a Radl factor 2 or 3, an evening a few hundred hands): a sanity bound, so that a typo or a
# hostile file with a 4,000-digit factor is refused instead of multiplying into numbers that no
# table, chart or text can show.
MAXIMUM = 1_000_000
BEYOND = N_("{value} is beyond the allowed range (at most {maximum} either way)")


def short_number(value: int) -> str:
    """The number as written, or how many digits it has when it is too long to show (counted
    without ``str``, which refuses more than 4,300 of them)."""
    if -(10**30) < value < 10**30:
        return str(value)
    digits = Decimal(value).adjusted() + 1
    if value < 0:
        return message(N_("a negative number of {digits} digits"), digits=digits)
    return message(N_("a number of {digits} digits"), digits=digits)


# What a key wants, as the messages name it.
A_STRING = Message(N_("a string"))
A_TABLE = Message(N_("a table"))
TRUE_OR_FALSE = Message(N_("true or false"))


class _AsWritten:
    """A boolean (``true``) or a table (inline, ``{ Anna = "kontra" }``) shown as a TOML file
    writes it, not as Python does."""

    __slots__ = ("value",)

    def __init__(self, value: bool | Mapping[object, object]) -> None:
        self.value = value

    def __repr__(self) -> str:
        if isinstance(self.value, bool):
            return "true" if self.value else "false"
        pairs = [f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in self.value.items()]
        return "{ " + ", ".join(pairs) + " }" if pairs else "{}"

    __str__ = __repr__


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _toml_value(value: object) -> str:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(as_written(value))


def as_written(value: object) -> object:
    """A value for a message, shown the way the file wrote it (:class:`_AsWritten`)."""
    if isinstance(value, bool | Mapping):
        return _AsWritten(value)
    return value


def type_name(value: object) -> str:
    return {
        bool: Message(N_("a boolean")),
        int: Message(N_("an integer")),
        float: Message(N_("a decimal number")),
        str: A_STRING,
        list: Message(N_("an array")),
        dict: A_TABLE,
        date: Message(N_("a date")),
        time: Message(N_("a time")),
        datetime: Message(N_("a date and time")),
    }.get(type(value), type(value).__name__)


class Reader:
    """Reads one table; problems go to a shared :class:`Collector`."""

    def __init__(
        self, data: Mapping[str, Any], path: str, problems: Collector, elsewhere: Iterable[str] = ()
    ) -> None:
        self.data = data
        self.path = path
        self.problems = problems
        self.seen: set[str] = set()
        self.elsewhere = elsewhere  # the key paths of other tables (``kontra.huettenfleck``)

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

    def text(self, key: str, default: str | None = None) -> str:
        return cast(str, self._typed(key, str, A_STRING, default or "", default is None))

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
            return default or 0
        if isinstance(value, bool) or not isinstance(value, int):
            self._wrong(key, value, Message(N_("a whole number")))
            return default or 0
        if minimum is not None and value < minimum:
            self.problems.add(
                self.where(key),
                N_("{value} is below the allowed minimum {minimum}"),
                value=short_number(value),
                minimum=minimum,
            )
        elif value > maximum or value < -MAXIMUM:
            self.problems.add(
                self.where(key),
                BEYOND if maximum == MAXIMUM else N_("{value} is above the allowed maximum {maximum}"),
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

    def choice(
        self, key: str, enum: type[E], default: E | None = None, said: Mapping[str, str] | None = None
    ) -> E:
        words = tuple(member.value for member in enum)
        return enum(self.word(key, words, None if default is None else default.value, said))

    def word(
        self,
        key: str,
        allowed: tuple[str, ...],
        default: str | None = None,
        said: Mapping[str, str] | None = None,
    ) -> str:
        """One of the words ``allowed``, as given or stripped and lower-cased, or the one a word of
        ``said`` (lower-cased) stands for; else a problem and the default."""
        value = self._get(key, default is None)
        if value is _MISSING:
            return default if default is not None else allowed[0]
        if isinstance(value, str):
            if value in allowed:
                return value
            folded = value.strip().lower()
            if folded in allowed:
                return folded
            if said and folded in said:
                return said[folded]
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
            self._wrong(key, value, Message(N_("an array of strings")))
            return tuple(default)
        return tuple(value)

    def table(self, key: str, *, required: bool = True) -> Reader:
        data = self._typed(key, dict, A_TABLE, {}, required)
        return Reader(data, self.where(key), self.problems, self.elsewhere)

    def raw(self, key: str) -> Any:
        """The value as it is (or None); the caller checks it."""
        self.seen.add(key)
        return self.data.get(key)

    def _belongs(self, key: str) -> str:
        """A ' (a key of [kontra] …)' hint for a key that another table has, or ''."""
        tables = sorted(p.rpartition(".")[0] for p in self.elsewhere if p.rpartition(".")[2] == key)
        if not tables:
            return ""
        shown = ", ".join(f"[{t}]" for t in tables)
        if not self.path:
            return message(N_(" (a key of {tables}: move it there)"), tables=shown)
        return message(
            N_(" (a key of {tables}, not of [{table}]: move it there)"), tables=shown, table=self.path
        )

    def finish(self, known_extra: Iterable[str] = ()) -> None:
        """Report every key that nobody asked for."""
        known = self.seen | set(known_extra)
        for key in self.data:
            if key not in known:
                hint = "" if self.problems.full else near_miss(key, known) or self._belongs(key)
                self.problems.add(
                    self.where(key),
                    N_("unknown key; allowed here: {allowed}{hint}"),
                    allowed=one_of(known),
                    hint=hint,
                )
