"""One exception family for everything a user can get wrong (core layer, no I/O): each problem
carries where it was found and its English template with its values, rendered at the edge."""

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from datetime import date, time
from decimal import Decimal
from fractions import Fraction
from pathlib import PurePath
from typing import NamedTuple

# Control characters from a user's input are shown escaped: a line break must not split a
# message, and an escape sequence must not reach the terminal.
_ESCAPES = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F)} | {0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"}


def _char_shown(ch: str, keep: str) -> str:
    """A character as a message shows it: as it is where a terminal shows it, else escaped."""
    if ch in keep or ch.isprintable() or (ch > "\x7f" and unicodedata.category(ch) == "Zs"):
        return ch
    if ch in "\t\r":
        return _ESCAPES[ord(ch)]
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # as a surrogate pair: valid inside a JSON string too
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def escape_unprintable(text: str, keep: str = "\n") -> str:
    """``text`` with every character a terminal would not simply show (a control character, a
    bidirectional override) written as ``\\uXXXX``, valid in JSON too; those in ``keep`` stay."""
    if text.translate(dict.fromkeys(map(ord, keep))).isprintable():  # the common case, in one pass
        return text
    return "".join(_char_shown(ch, keep) for ch in text)


def shown_path(path: object) -> str:
    """A path as every message shows it: a line break and each control character escaped."""
    return escape_unprintable(str(path).translate(_ESCAPES), keep="")


Translate = Callable[[str], str]
Values = tuple[tuple[str, object], ...]


def N_(template: str) -> str:
    """Marks an English message template for the catalogue; translated later, at the edge."""
    return template


class Message(str):
    """English text that remembers its template and values, to render in another language."""

    __slots__ = ("template", "values")
    template: str
    values: Values

    def __new__(cls, template: str, values: Values = ()) -> "Message":
        self = super().__new__(cls, fill(template, values))
        self.template = template
        self.values = values
        return self

    def render(self, translate: Translate | None = None) -> str:
        if translate is None:
            return str.__str__(self)
        return fill(translate(self.template), self.values, translate)


def message(template: str, /, **values: object) -> Message:
    """A :class:`Message` from a template marked with ``N_`` and its named values."""
    return Message(template, tuple(values.items()))


class Counted(str):
    """A template whose words follow a count (``{count} hand`` / ``{count} hands``), for ``ngettext``."""

    __slots__ = ("n", "plural", "singular")
    singular: str
    plural: str
    n: int

    def __new__(cls, singular: str, plural: str, n: int) -> "Counted":
        self = super().__new__(cls, singular if n == 1 else plural)
        self.singular = singular
        self.plural = plural
        self.n = n
        return self


def counted(singular: str, plural: str, count: int, /, **values: object) -> Message:
    """A :class:`Message` whose words follow ``count`` (the edge picks the reader's plural form)."""
    return Message(Counted(singular, plural, count), tuple(values.items()))


def listed(items: Iterable[object], conversion: str = "") -> Message:
    """Items joined with ", " (``conversion`` "!r": quoted), each :class:`Message` among them translated."""
    values = tuple((f"item{i}", item) for i, item in enumerate(items))
    return Message(", ".join(f"{{{key}{conversion}}}" for key, _ in values), values)


def and_listed(items: Sequence[object]) -> Message:
    """Items as a sentence lists them: "3", "3 and 4", "Anna, Bert and Cilli", in the reader's language."""
    if len(items) == 1:
        return listed(items)
    return message(N_("{names} and {last}"), names=listed(items[:-1]), last=items[-1])


def dated(day: date) -> Message:
    """A calendar day in a message: ``2025-04-01`` in English, ``01.04.2025`` in German (the catalogue's form)."""
    return message(N_("{year:04d}-{month:02d}-{day:02d}"), year=day.year, month=day.month, day=day.day)


def grouped(number: int) -> Message:
    """A whole number with its thousands marked: ``1,000,000`` in English, ``1.000.000`` in German."""
    if number < 0:
        return Message("-{number}", (("number", grouped(-number)),))
    if number < 1000:
        return Message("{number}", (("number", number),))
    return message(N_("{high},{low:03d}"), high=grouped(number // 1000), low=number % 1000)


def reason(exc: BaseException) -> str:
    """What an exception says: the :class:`Message` it was raised with (still translatable), else its text."""
    first = exc.args[0] if exc.args else ""
    return first if isinstance(first, Message) else str(exc)


# The system's reasons a file cannot be read or written (an OSError's strerror, as the C library
# says them in English): a value that is one of them is said in the reader's language.
SYSTEM_REASONS = frozenset(
    (
        N_("Permission denied"),
        N_("Operation not permitted"),
        N_("No space left on device"),
        N_("Disk quota exceeded"),
        N_("Read-only file system"),
        N_("Input/output error"),
        N_("File name too long"),
        N_("Too many levels of symbolic links"),
        N_("No such file or directory"),
        N_("Is a directory"),
        N_("Not a directory"),
        N_("Device or resource busy"),
    )
)


def fill(template: str, values: Values, translate: Translate | None = None, *, cut: bool = False) -> str:
    """The template with its values, nested messages rendered alike; ``cut``: user values shortened."""
    if not values:
        return template
    if translate is not None and NAMED in template:
        template, values = _named(template, values, translate)
    return template.format(
        **{
            k: v.render(translate)
            if isinstance(v, Message)
            else translate(v)
            if translate is not None and isinstance(v, str) and v in SYSTEM_REASONS
            else shown_path(v)
            if isinstance(v, PurePath)
            else Shown(v)
            if cut and (isinstance(v, bool) or not isinstance(v, _WHOLE))
            else v
            for k, v in values
        }
    )


# A translation may write a value that is a profile key (a contract, a bonus, a Kontra step; or a
# list of them) as ``{contract!n}``: the name the players say (``king_ultimo``: König ultimo).
# The English text shows the key itself, as the hand file, the ledger and ``--json`` write it.
NAMED = "!n}"
_PROFILE_KEY = re.compile(r"[a-z][a-z0-9_]*")
_LISTED = re.compile(r"\{item0!r\}(?:, \{item\d+!r\})*")  # the list one_of makes


def key_title(key: str) -> str:
    """A profile key as a title, the catalogue's message id for its name: ``King Ultimo``."""
    return " ".join(w.upper() if _ROMAN.fullmatch(w) else w.title() for w in key.split("_"))


_ROMAN = re.compile(r"[ivx]+")


def _named(template: str, values: Values, translate: Translate) -> tuple[str, Values]:
    def named(value: object) -> object:
        if isinstance(value, Message) and _LISTED.fullmatch(value.template):
            return Message(", ".join(str(named(v)) for _, v in value.values))
        if isinstance(value, Message):
            return value  # a sentence of its own, "(none)": its own template says what it names
        keys = str(value).split(", ")  # one key, or keys listed ("trull, four_kings")
        if not all(_PROFILE_KEY.fullmatch(key) for key in keys):
            return value  # words that are not keys: shown as they are
        return ", ".join(translate(key_title(key)) for key in keys)

    out = list(values)
    for key, value in values:
        if (marked := "{" + key + NAMED) in template:
            # a value of its own: elsewhere in the text (a key path) the key stays as it is
            template = template.replace(marked, "{" + key + "_named}")
            out.append((key + "_named", named(value)))
    return template, tuple(out)


# A value the user gave is shown in an error cut to this many characters: a table of a thousand
# keys must not fill the screen (the program's own lists are messages, never cut).
MAX_SHOWN = 200

# Values shown whole: numbers (a format spec needs the number itself) and paths (a user needs
# the whole path to find the file).
_WHOLE = (int, float, Decimal, Fraction, PurePath)


def shortened(text: str, limit: int = MAX_SHOWN) -> str:
    """``text``, or its beginning and its end around a '…' when it is longer than ``limit``."""
    if len(text) <= limit:
        return text
    tail = limit // 3
    return f"{text[: limit - tail - 1]}…{text[-tail:]}"


class Shown:
    """A value as an error shows it: ``{value}`` and ``{value!r}`` :func:`shortened`."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        if isinstance(self.value, date | time):  # a TOML date or time: as the file writes it
            return self.value.isoformat()
        if isinstance(self.value, bool):  # as TOML and JSON write it, not Python's True
            return "true" if self.value else "false"
        return shortened(repr(self.value))

    def __str__(self) -> str:
        return shortened(str(self.value))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Problem(NamedTuple):
    """One thing wrong with an input: where, and what (its English, template and values)."""

    where: str
    message: str
    template: str = ""
    values: Values = ()

    @classmethod
    def of(cls, where: str, template: str, /, **values: object) -> "Problem":
        """A problem from a template marked with ``N_`` and its values (or a :class:`Message`)."""
        items = tuple(values.items())
        if not values and isinstance(template, Message):
            items, template = template.values, template.template
        return cls(where, fill(template, items, cut=True), template, items)

    def moved(self, where: str) -> "Problem":
        """The same problem at another location (e.g. with an outer file name in front)."""
        return self._replace(where=where)

    def text(self, translate: Translate | None = None) -> str:
        """The message alone, translated when a translation function is given."""
        if translate is None:
            return self.message
        return fill(translate(self.template or self.message), self.values, translate, cut=True)

    def render(self, translate: Translate | None = None, place: Translate | None = None) -> str:
        """One line (a line break in a value must not split it); ``place`` renders the location's parts."""
        text, place = self.text(translate), place or translate
        if self.where:
            # keys and names as the user wrote them; a part the catalogue knows ("command line") translated
            where = ": ".join(shortened(place(part) if place else part) for part in self.where.split(": "))
            text = f"{where}: {text}"
        return escape_unprintable(text.translate(_ESCAPES), keep="")


def near_miss(
    value: str,
    allowed: Iterable[str],
    suffix: str = "",
    *,
    any_case: bool = False,
    cutoff: float = 0.6,
    key_of: Callable[[str], str | None] | None = None,
) -> str:
    """A ' (did you mean …?)' hint for a misspelt name, or ''; ``suffix``: an ending names share;
    ``any_case``: compared without regard to case (a player's name typed in small letters);
    ``cutoff``: how alike the two must be (difflib's ratio); ``key_of``: the profile key a name
    or alias stands for, suggested as :func:`one_of` lists the keys (in German: Solorufer)."""
    import difflib  # noqa: PLC0415 - only on the error path: keeps start-up quick

    names = list(allowed)
    # a word several names share ("ultimo": Pagat ultimo, II ultimo, König ultimo) means none of
    # them more than another: no guess, unless one is the value in other letters ('SCHRIFT')
    same = any_case and value.casefold() in (n.casefold() for n in names)
    if not same and sum(value.casefold() in re.split(r"[_\s-]+", n.casefold()) for n in names) > 1:
        return ""
    # each name by the form it is compared in
    if suffix and value.lower().endswith(suffix):
        value = value.lower().removesuffix(suffix)
        compared = {n.lower().removesuffix(suffix): n for n in names if n.lower().endswith(suffix)}
        compared.pop("", None)
    elif any_case:  # "an" is nearer 'Anna' than 'Dani'
        value = value.casefold()
        compared = {n.casefold(): n for n in reversed(names)}  # the first of names alike
    else:
        compared = {n: n for n in names}
    if not (close := difflib.get_close_matches(value, list(compared), n=1, cutoff=cutoff)):
        return ""
    if key_of is not None:
        return message(N_(" (did you mean {key!r}?)"), key=key_of(compared[close[0]]))
    return message(N_(" (did you mean {match!r}?)"), match=compared[close[0]])


def one_of(allowed: Iterable[str], *, in_order: bool = False) -> str:
    """What is allowed, listed: a :class:`Message` of the program's own, so an error shows it whole;
    sorted, or ``in_order`` as given (the bonuses as a table knows them: birds first)."""
    names = list(allowed) if in_order else sorted(allowed)
    # each name a value of its own, so a translation can name them ({allowed!n})
    return listed(names, "!r") if names else Message(N_("(none)"))


# The exit code of a command stopped by Ctrl-C: 128 + SIGINT, the shell's convention.
INTERRUPTED = 130

# The exit code of a command whose output could not be written: not 1 (nothing was changed), for
# what the command saved before it printed stays saved.
OUTPUT_FAILED = 3

# A file can hold any number of mistakes (300,000 unknown keys); a user reads the first few.
MAX_PROBLEMS = 50


def capped(problems: tuple[Problem, ...], more: int = 0) -> tuple[Problem, ...]:
    """The first :data:`MAX_PROBLEMS` problems, then one line saying how many more there are."""
    if len(problems) <= MAX_PROBLEMS + 1 and not more:
        return problems
    more += max(len(problems) - MAX_PROBLEMS, 0)
    shown = problems[:MAX_PROBLEMS]
    summary = N_("and {more} more problems (the first {shown} are shown)")
    return (*shown, Problem.of("", summary, more=more, shown=len(shown)))


class TarockError(Exception):
    """Base of every user-facing error (exit 1): one problem from a template and values, or a list."""

    exit_code = 1

    def __init__(self, problems: Iterable[Problem] | str, *, where: str = "", **values: object) -> None:
        if isinstance(problems, str):
            problems = [Problem.of(where, problems, **values)]
        self.problems: tuple[Problem, ...] = capped(tuple(problems))
        super().__init__("\n".join(p.render() for p in self.problems))

    def located(self, where: str) -> "TarockError":
        """The same problems, each prefixed with an outer location (a file, a hand number)."""
        return type(self)([p.moved(f"{where}: {p.where}" if p.where else where) for p in self.problems])


class HandError(TarockError):
    """A hand that breaks the rules of its profile."""


class ProfileError(TarockError):
    """A profile that cannot be read or breaks the profile schema."""


class LedgerError(TarockError):
    """A ledger that cannot be read, fails its own check, or changed under our feet."""


class TournamentError(TarockError):
    """A tournament folder, format or cup file that cannot be read or breaks its rules."""


class UsageError(TarockError):
    """Bad command-line usage (exit 2)."""

    exit_code = 2

    @staticmethod
    def said_with(found: Sequence[Problem], refused: Sequence[TarockError]) -> TarockError:
        """Files given that cannot be used (``refused``) said with the other problems ``found``, every
        problem at once: a usage error where any problem is the options'; else the first file's kind."""
        kind = UsageError if found else type(refused[0])
        return kind([*found, *(p for exc in refused for p in exc.problems)])


class HandRefused(HandError):
    """A hand that breaks the rules of its profile (the legality checks of parsing it)."""


class LedgerChanged(LedgerError):
    """The ledger changed, or was removed, since it was read: nothing was written."""


class GameLimitReached(LedgerError):
    """The table's game limit is reached: no further hand is recorded."""


class LedgerClosed(LedgerError):
    """The evening is closed (its ledger read-only): nothing more is recorded."""


class Unreadable(TarockError):
    """A file that cannot be read, raised as its family's kind, so the exit code is the family's."""


class UnreadableHand(Unreadable, HandError):
    """A hand file that cannot be read."""


class UnreadableProfile(Unreadable, ProfileError):
    """A profile file that cannot be read."""


class UnreadableLedger(Unreadable, LedgerError):
    """A ledger file that cannot be read."""


class UnreadableTournament(Unreadable, TournamentError):
    """A tournament's file (the tournament, a format, the players, the cup points) that cannot be read."""


class UnreadableUsage(Unreadable, UsageError):
    """A file named on the command line (an alias file) that cannot be read (exit 2, as usage)."""


_UNREADABLE: dict[type[TarockError], type[TarockError]] = {
    HandError: UnreadableHand,
    ProfileError: UnreadableProfile,
    LedgerError: UnreadableLedger,
    TournamentError: UnreadableTournament,
    UsageError: UnreadableUsage,
    TarockError: Unreadable,
}


def unreadable(family: type[TarockError]) -> type[TarockError]:
    """The :class:`Unreadable` kind of an error family (an Unreadable kind is its own)."""
    return next(_UNREADABLE[kind] for kind in family.__mro__ if kind in _UNREADABLE)


class Collector:
    """Collects problems during one validation pass."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.dropped = 0  # problems beyond MAX_PROBLEMS: counted, not kept

    @property
    def full(self) -> bool:
        """Whether further problems are only counted (a caller may skip working out hints)."""
        return len(self.problems) >= MAX_PROBLEMS

    def add(self, where: str, message: str, /, **values: object) -> None:
        """One problem; with values, ``message`` is a template marked with ``N_``."""
        self.put(Problem.of(where, message, **values))

    def put(self, problem: Problem, where: str = "") -> None:
        """A problem found elsewhere (template and values kept), with ``where`` in front of its own location."""
        if self.full:
            self.dropped += 1
            return
        if where:
            problem = problem.moved(f"{where}: {problem.where}" if problem.where else where)
        self.problems.append(problem)

    def raise_if_any(self, kind: type[TarockError]) -> None:
        if self.problems:
            raise kind(capped(tuple(self.problems), self.dropped))

    def __bool__(self) -> bool:
        return bool(self.problems)
