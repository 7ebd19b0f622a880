"""Which language a person reads, and the catalogue that speaks it (edge layer: environment, files).

English is the source and the default; German is the gettext catalogue under ``locale/``, read
only when chosen (docs/german.md). The language lives in a context variable, so two threads or
tasks each read their own; a catalogue that cannot be read is said once, and English goes on.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import os
import re
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from tarockscore.errors import N_ as N_
from tarockscore.errors import Counted, Message, Problem, dated, escape_unprintable, grouped, key_title

if TYPE_CHECKING:
    from decimal import Decimal
    from gettext import NullTranslations

DOMAIN = "tarockscore"
LANGUAGES = ("en", "de")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"

# The explicit choice wins over the system's locale variables, which count in gettext's order.
EXPLICIT_VAR = "TAROCKSCORE_LANG"
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# A language's name in English, for the warning about its catalogue (said in English).
NAMES = {"de": "German"}


class _Speaking(NamedTuple):
    language: str
    catalogue: NullTranslations | None  # None for English, the source


_ENGLISH = _Speaking(DEFAULT, None)

# The language of the current context (None: not chosen yet, the environment's on first use).
_speaking: contextvars.ContextVar[_Speaking | None] = contextvars.ContextVar(
    "tarockscore_language", default=None
)

# Every catalogue read in this process, by file, once (None: it could not be, and that was said).
_catalogues: dict[Path, NullTranslations | None] = {}
_reading = threading.Lock()


def language_of(value: str) -> str | None:
    """``de`` for ``de``, ``de_AT.UTF-8``, ``de-AT``; ``en`` for English and C; else None."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return "en"
    return code if code in LANGUAGES else None


def from_environment(env: Mapping[str, str]) -> str:
    """The language the environment asks for: ``TAROCKSCORE_LANG``, then the locale variables."""
    if explicit := env.get(EXPLICIT_VAR, ""):
        return language_of(explicit) or DEFAULT
    for var in LOCALE_VARS:
        if value := env.get(var, ""):
            # LANGUAGE is a list of preferences (de_AT:de:en); the others name one locale.
            for item in value.split(":") if var == "LANGUAGE" else [value]:
                if lang := language_of(item):
                    return lang
            return DEFAULT
    return DEFAULT


def lang_option(args: Sequence[str]) -> str | None:
    """The value of a global ``--lang`` among the arguments before the command, or None."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-"):
            return None  # the command's name: its own options are not ours
    return None


def choose(args: Sequence[str] = (), env: Mapping[str, str] | None = None) -> str:
    """The language for one run: ``--lang`` wins, then the environment."""
    return language_of(lang_option(args) or "") or from_environment(os.environ if env is None else env)


def unknown_language(args: Sequence[str] = (), env: Mapping[str, str] | None = None) -> str | None:
    """``TAROCKSCORE_LANG``'s value when it chooses this run's language and names none we speak, else None."""
    if language_of(lang_option(args) or ""):
        return None
    explicit = (os.environ if env is None else env).get(EXPLICIT_VAR, "")
    return explicit if explicit and language_of(explicit) is None else None


def _speaking_in(lang: str) -> _Speaking:
    """What rendering in ``lang`` (``en`` or ``de``) takes: English when its catalogue cannot be read."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}")
    if lang == DEFAULT:
        return _ENGLISH
    catalogue = _catalogue(lang)
    return _ENGLISH if catalogue is None else _Speaking(lang, catalogue)


def use(language: str) -> str:
    """Speak ``language`` from now on in the current context; the language spoken is returned."""
    state = _speaking_in(language)
    _speaking.set(state)
    return state.language


@contextlib.contextmanager
def language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the block only; yields the language spoken."""
    state = _speaking_in(lang)
    token = _speaking.set(state)
    try:
        yield state.language
    finally:
        _speaking.reset(token)


# The phones' pages name contracts, bonuses and Kontra steps as the players say them in English
# too (``King Ultimo``); a terminal shows the keys it is typed with (``king_ultimo``).
_players_names: contextvars.ContextVar[bool] = contextvars.ContextVar("tarockscore_names", default=False)


@contextlib.contextmanager
def players_names() -> Iterator[None]:
    """Inside the block :func:`named` gives the players' name in English as well."""
    token = _players_names.set(True)
    try:
        yield
    finally:
        _players_names.reset(token)


def players_names_on() -> bool:
    """Whether :func:`named` gives the players' names in English too (a phone's page)."""
    return _players_names.get()


def use_players_names() -> None:
    """From now on in this context, :func:`named` gives the players' names."""
    _players_names.set(True)


def reset() -> None:
    """Forget the choice in the current context: the next message asks the environment again."""
    _speaking.set(None)


def _state() -> _Speaking:
    if (state := _speaking.get()) is None:
        state = _speaking_in(from_environment(os.environ))
        _speaking.set(state)
    return state


def current() -> str:
    """The language text is rendered in, in the current context."""
    return _state().language


def catalogue_path(lang: str) -> Path:
    """The compiled catalogue of ``lang`` under :data:`LOCALE_DIR`."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _catalogue(lang: str) -> NullTranslations | None:
    """The catalogue of ``lang``, read once per process; None when it cannot be read (said once)."""
    path = catalogue_path(lang)
    with _reading:
        if path not in _catalogues:
            _catalogues[path] = _read(path, lang)
        return _catalogues[path]


def _read(path: Path, lang: str) -> NullTranslations | None:
    # only when a catalogue is needed: English starts without them
    import gettext as _gettext  # noqa: PLC0415
    import io  # noqa: PLC0415
    import struct  # noqa: PLC0415

    # What reading and parsing a .mo raises, and nothing else: OSError (also a bad magic number or
    # a corrupt file), struct.error (cut short), UnicodeDecodeError, LookupError and ValueError (header)
    why = "the file is empty"
    try:
        if data := path.read_bytes():
            return _gettext.GNUTranslations(io.BytesIO(data))
    except OSError as exc:
        why = exc.strerror or str(exc)
    except struct.error:
        why = "it ends too early: cut short, or not a compiled catalogue"
    except UnicodeDecodeError as exc:
        why = f"its text is not {exc.encoding} (byte {exc.start})"
    except (LookupError, ValueError) as exc:
        why = f"its header is malformed ({exc})"
    # said in English (the catalogue is what failed), unless standard error was closed at the start
    name = NAMES.get(lang, lang)
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: the text goes on all the same
            print(
                f"warning: {escape_unprintable(str(path))}: cannot read the {name} catalogue ({why}); going on in English",
                file=sys.stderr,
                flush=True,
            )
    return None


def gettext(msgid: str) -> str:
    """The message in the chosen language; for a :class:`~tarockscore.errors.Counted`, its count's form."""
    if isinstance(msgid, Counted):
        return ngettext(msgid.singular, msgid.plural, msgid.n)
    catalogue = _state().catalogue
    return msgid if catalogue is None else catalogue.gettext(msgid)


_ = gettext


def translated(text: str) -> str:
    """A label or note from the core in the chosen language (a Message, a whole phrase, else as it is)."""
    if current() == DEFAULT:
        return text
    if isinstance(text, Message):
        return text.render(gettext)
    return gettext(text)


# The places a problem is found at, each with its numbers (a day's table, as a file's errors place it).
PLACES = (
    (r"hand (?P<id>[0-9]+)", N_("hand {id}")),
    (r"entry (?P<id>[0-9]+)", N_("entry {id}")),
    (r"round (?P<round>[0-9]+), table (?P<table>[0-9]+)", N_("round {round}, table {table}")),
)

# A key of a file as the user wrote it (``players``, ``bonus[0].side``, ``card_points.Anna``): shown
# as it is in every language, never as the catalogue's word that happens to be spelt the same.
_FILE_KEY = re.compile(r"[a-z][a-z0-9_]*(?:\[\d+\])?(?:\..+)?")


def _located(text: str) -> str:
    """A message, or a part of a problem's place, in the run's language (``hand 3``: ``Spiel 3``)."""
    for pattern, template in PLACES:
        if found := re.fullmatch(pattern, text):
            return gettext(template).format(**found.groupdict())
    return gettext(text)


def _place(part: str) -> str:
    """A part of a problem's place in the run's language: a file's key as it is written in the file."""
    return part if _FILE_KEY.fullmatch(part) else _located(part)


def said(problem: Problem, keys: bool = True) -> str:
    """A problem in the run's language, as the command line and the pages say it (``entry 1``:
    ``Eintrag 1``); ``keys``: a file's key as written, else in the catalogue's words (a form's field)."""
    return problem.render(_located, _place if keys else _located)


def named(key: str) -> str:
    """A profile key as a person reads it: the key in English, the players' name in German."""
    if current() == DEFAULT:
        return key_title(key) if players_names_on() else key
    return gettext(key_title(key))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the chosen language."""
    if (catalogue := _state().catalogue) is None:
        return singular if n == 1 else plural
    return catalogue.ngettext(singular, plural, n)


def money(amount: Decimal, language: str | None = None) -> str:
    """Money as written in the language: ``€ 1.234,50`` in German, the plain number in English."""
    if (language or current()) != "de":
        return str(amount)
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent > -2:
        amount = amount.quantize(type(amount)("0.01"))
    sign = "-" if amount < 0 else ""
    text = format(abs(amount), ",f").replace(",", " ").replace(".", ",").replace(" ", ".")
    # CLDR's de_AT pattern "¤ #,##0.00": "-€ 1.234,50" (a plain space for CLDR's no-break space)
    return f"{sign}€ {text}"


def date(day: dt.date | str, language: str | None = None) -> str:
    """A date as written in the language: ``14.03.2025`` in German, ``2025-03-14`` in English."""
    try:
        value = dt.date.fromisoformat(day) if isinstance(day, str) else day
    except ValueError:
        return str(day)  # not a date as a ledger writes it: shown as it is
    lang = language or current()
    if lang == DEFAULT:
        return value.isoformat()
    # the form is the catalogue's, as for a day inside a message (errors.dated)
    catalogue = _catalogue(lang)
    return value.isoformat() if catalogue is None else dated(value).render(catalogue.gettext)


def whole(value: int) -> str:
    """A whole number grouped by thousands in the run's language: ``1.234`` in German, ``1,234`` in English."""
    return grouped(value).render(gettext)


def number(value: object) -> str:
    """A decimal number in text: a comma for the decimal point in German."""
    text = str(value)
    return text.replace(".", ",") if current() == "de" else text
