"""The command line's words (CLI layer): stakes and dates as the table writes them, options named for the core's fields, a file problem's way out, the season's options, a hand as the user gives it."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.cli.terminal import warning
from tarockscore.errors import (
    N_,
    Collector,
    HandError,
    Message,
    Problem,
    Shown,
    TarockError,
    UsageError,
    Values,
    message,
    reason,
)
from tarockscore.i18n import _, translated

T = TypeVar("T")

# -- notation --------------------------------------------------------------------------------------

# ASCII digits only ([0-9], not \d: that also takes other scripts' digits); \Z, not $ (a final line break).
_COMMA_AMOUNT = r"\s*([0-9]+),([0-9]{1,2})\s*\Z"
_ISO_DATE = r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z"
_TABLE_DATE = r"([0-9]{2})\.([0-9]{2})\.([0-9]{4})\Z"
_HAND_NUMBER = r"[0-9]{1,7}\Z"
DATE_FORMS = message(N_("YYYY-MM-DD or DD.MM.YYYY, e.g. 2025-03-14 or 14.03.2025"))


def stake_text(text: str) -> str:
    """``"0,10"`` → ``"0.10"``: a decimal comma with one or two decimals; anything else unchanged."""
    if m := re.match(_COMMA_AMOUNT, text):
        return f"{m.group(1)}.{m.group(2)}"
    return text


def stake_amount(text: str) -> Decimal:
    """A stake typed at the command line, ``0,10`` or ``0.10``; ValueError shows the comma form."""
    return tarockscore.parse_stake(stake_text(text), "0,10")


def table_date(text: str) -> dt.date:
    """A date written ``2025-03-14`` or ``14.03.2025``; ValueError names both forms."""
    value = text.strip()
    if m := re.match(_ISO_DATE, value):
        year, month, day = (int(g) for g in m.groups())
    elif m := re.match(_TABLE_DATE, value):
        day, month, year = (int(g) for g in m.groups())
    else:
        raise ValueError(
            message(N_("{text!r} is not a date; write it as {forms}"), text=text, forms=DATE_FORMS)
        )
    try:
        return dt.date(year, month, day)
    except ValueError as exc:
        raise ValueError(
            message(
                N_("{text!r} is not a date ({why}); write it as {forms}"),
                text=text,
                why=str(exc),
                forms=DATE_FORMS,
            )
        ) from None


def read_option(problems: Collector, option: str, read: Callable[[str], T], text: str | None) -> T | None:
    """The value of an option as ``read`` reads it (None when not given); a refusal noted in
    ``problems`` at the option."""
    if text is None:
        return None
    try:
        return read(text)
    except UsageError as exc:
        problems.problems += exc.problems
    except ValueError as exc:
        problems.add(option, reason(exc))
    return None


def hand_number(text: str) -> int:
    """A hand's number as ``show`` lists it: ASCII digits, 1 or more (no ``1_000``, ``1e2``, ``+3``)."""
    value = text.strip()
    if not re.match(_HAND_NUMBER, value) or int(value) < 1:
        raise typer.BadParameter(
            _("{text!r} is not a hand number; write it in digits, 1 or more, e.g. 3").format(text=text)
        )
    return int(value)


# -- fields ----------------------------------------------------------------------------------------

# hand-file key: (short-form option in cli.options.SHORT_KEYS, the flag, what it takes)
SHORT_FORM: Mapping[str, tuple[str, str, str]] = {
    "contract": ("contract", "-c", "CONTRACT"),
    "players": ("players", "-p", "A,B,C,D"),
    "declarer": ("declarer", "-d", "NAME"),
    "partner": ("partner", "-w", "NAME"),
    "card_points": ("points", "-t", "POINTS"),
    "defender_card_points": ("defender_points", "--defender-points", "POINTS"),
    "won": ("won", "--won", ""),
    "kontra": ("kontra", "-k", "STEP"),
    "huettenfleck": ("huettenfleck", "--huettenfleck", ""),
    "called_king": ("talon", "--talon", ""),
    "conceded": ("conceded", "--conceded", ""),
    "king_half": ("king_half", "--king-half", "declarer|defenders"),
    "renonce": ("renonce", "--renonce", "NAME"),
    "bonus": ("bonus", "-b", "NAME,FLAGS"),
}

_FIELD = r"^(?P<key>[a-z_]+)(?:\[(?P<index>\d+)\])?(?:\.(?P<sub>.+))?$"


def short_form_field(where: str, short: Mapping[str, Any]) -> str:
    """A hand-file key path as the short-form option the user gave (``kontra.Bert`` → ``-k Bert=re``)."""
    match = re.match(_FIELD, where)
    if match is None or match["key"] not in SHORT_FORM:
        return where
    option, flag, takes = SHORT_FORM[match["key"]]
    # the placeholder in the reader's language, as the help page shows it (PUNKTE)
    takes = ",".join(translated(part) if part.isupper() else part for part in takes.split(","))
    if option == "talon" and short.get("own_king"):  # called_king = "own" comes from --own-king
        option, flag = "own_king", "--own-king"
    given = short.get(option)
    if match["index"] is not None:  # bonus[0], bonus[0].kontra: the -b value it came from
        index = int(match["index"])
        specs = given if isinstance(given, list) else []
        return f"{flag} {specs[index]}" if index < len(specs) else f"{flag} {takes}"
    if match["sub"] is not None:  # kontra.Bert, card_points.Anna: the NAME=VALUE pair given
        name = match["sub"]
        for part in _parts(given):
            if part.partition("=")[0].strip() == name:
                return f"{flag} {part.strip()}"
        return f"{flag} {name}={takes.split('=')[-1]}"
    if option == "talon" and short.get("own_king") and not short.get("talon"):
        return "--own-king"
    if option == "won":
        return "--won/--lost" if given is None else ("--won" if given else "--lost")
    if isinstance(given, bool):
        return flag
    if isinstance(given, list):  # repeated: a problem of the whole, not of one value
        if len(given) > 1 or option == "bonus":
            return f"{flag} NAME={takes}" if option != "bonus" else f"{flag} {takes}"
        given = given[0] if given else None
    if given is None or given == "":
        return f"{flag} {takes}" if takes else flag
    return f"{flag} {given}"


def _parts(given: object) -> list[str]:
    values: Sequence[str] = given if isinstance(given, list) else []
    return [part for value in values for part in value.split(";")]


# A core message that tells how to give a hand-file key, as the short form says it: the options
# in place of the keys (``won = true or false`` is ``--won or --lost``).
SHORT_FORM_WORDING: Mapping[str, str] = {
    'a table of Defenders is only for contra ad personam in negative contracts; on {contract} give one step, e.g. kontra = "kontra"': N_(
        "a Defender's own Kontra (NAME=STEP) is only for contra ad personam in negative contracts; on {contract} give one step, e.g. -k kontra"
    ),
    '{raw!r}: in {contract} each Defender says Kontra for themselves (contra ad personam, kontra.negative = "individual"); give a table, e.g. kontra = {{ Bert = "kontra" }}': N_(
        '{raw!r}: in {contract} each Defender says Kontra for themselves (contra ad personam, kontra.negative = "individual"); give each one\'s step, e.g. -k Bert=kontra'
    ),
    'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon" (or "own": the declarer called his own King)': N_(
        "missing: {contract} is played with the holder of the called card; name them (-w NAME), or give --talon (or --own-king: the declarer called his own King)"
    ),
    'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon"': N_(
        "missing: {contract} is played with the holder of the called card; name them (-w NAME), or give --talon"
    ),
    '{partner!r} is the declarer; the partner is another player; a declarer who called his own King gives called_king = "own"': N_(
        "{partner!r} is the declarer; the partner is another player; a declarer who called his own King gives --own-king"
    ),
    'no partner when called_king = "{called_king}": the declarer plays alone': N_(
        "no partner (-w) with --talon or --own-king: the declarer plays alone"
    ),
    "'own': profile {profile!r} does not allow calling one's own King (game.call_own_king = false); the declarer needs a partner or called_king = 'talon'": N_(
        "'own': profile {profile!r} does not allow calling one's own King (game.call_own_king = false); the declarer needs a partner (-w NAME) or --talon"
    ),
    '{king_half!r}: only where the called King lay in the talon (called_king = "talon")': N_(
        "{king_half!r}: only where the called King lay in the talon (--talon)"
    ),
    'a hand is conceded only when the called King lies in the talon (called_king = "talon")': N_(
        "a hand is conceded only when the called King lies in the talon (--talon)"
    ),
    "true contradicts conceded = true: a conceded hand is lost": N_(
        "--won contradicts --conceded: a conceded hand is lost"
    ),
    "a conceded hand is not played: give no card points with conceded = true": N_(
        "a conceded hand is not played: give no card points (-t) with --conceded"
    ),
    "{contract} is decided by tricks, not card points: give won = true or false": N_(
        "{contract} is decided by tricks, not card points: give --won or --lost"
    ),
    "missing: did the declarer of {contract} win? (won = true or false)": N_(
        "missing: did the declarer of {contract} win? (--won or --lost)"
    ),
    "missing: give the declarer side's card points, or won = true or false": N_(
        "missing: give the declarer side's card points (-t POINTS), or --won or --lost"
    ),
    "{name!r} made with the called King in the talon: the King is in no trick, so not in the last one; enter it as lost (made = false) if it was announced": N_(
        "{name!r} made with the called King in the talon: the King is in no trick, so not in the last one; enter it as lost (-b NAME,announced,lost) if it was announced"
    ),
}


def in_short_form(exc: TarockError, short: Mapping[str, Any]) -> TarockError:
    """The same error with each hand-file key named as the short-form option it came from, and
    a message that tells how to give a key in the options' words."""
    moved = []
    for p in exc.problems:
        worded = SHORT_FORM_WORDING.get(p.template)
        p = p if worded is None else Problem.of(p.where, worded, **dict(p.values))
        moved.append(p.moved(short_form_field(p.where, short)))
    return type(exc)(moved)


# A command's field (the library's word) as the option that gives it: ``--players``, ``--round``;
# the number of hands of ``radl add`` and ``radl strike`` is their argument.
ARGUMENTS = {"hands": "HANDS"}


def _at_option(problem: Problem, fields: tuple[str, ...]) -> Problem:
    head, sep, rest = problem.where.partition(" ")
    field = head.removesuffix(":")
    if field not in fields:
        return problem
    option = ARGUMENTS.get(field, f"--{field}")
    return problem.moved(option + head[len(field) :] + sep + rest)


def as_options(exc: TarockError, *fields: str) -> TarockError:
    """The same error with a problem located at a named field (``players``, ``alias: …``) located
    at its option (``--players``)."""
    return type(exc)([_at_option(p, fields) for p in exc.problems])


def at_option(exc: TarockError, field: str) -> TarockError:
    """The same error with each problem located at exactly ``field`` (``round``) located at its
    option (``--round``); a location that only begins with the word (a folder's name) stays."""
    option = ARGUMENTS.get(field, f"--{field}")
    return type(exc)([p.moved(option) if p.where == field else p for p in exc.problems])


# -- advice ----------------------------------------------------------------------------------------

LEDGER_ENV = "TAROCKSCORE_LEDGER"  # the environment variable that names the evening's ledger

ways_out = tarockscore.ways_out

REPAIR_HINT = message(
    N_(
        "`tarockscore repair` re-scores the evening from its stored hands under its stored profile, "
        "shows every number that changes, and writes it with --write"
    )
)

# A lower layer's template: the command line's, with the values it adds to the lower layer's, if any.
Wording = Mapping[str, str | tuple[str, Values]]

# The I/O layer's problems with a way out.
ADVICE: Wording = {
    ways_out.NO_LEDGER: (
        N_(
            "{path}: no ledger here; start the evening with `tarockscore new --players A,B,C,D`, or choose one with --ledger PATH or {ENV}"
        ),
        (("ENV", LEDGER_ENV),),
    ),
    ways_out.LEDGER_EXISTS: N_(
        "{path} already exists: an evening is kept there. Choose another file with --ledger, or remove it first; nothing was written"
    ),
    ways_out.LEDGER_CHANGED: N_(
        "the ledger was changed outside tarockscore, so it is not used and nothing was written; run "
        "`tarockscore repair --ledger {name}` to re-score it from its stored hands and see every "
        "number that changes, then `tarockscore repair --write --ledger {name}` to keep it (with an "
        "audit entry)"
    ),
    ways_out.OLD_LEDGER: N_(
        "{path}: a ledger of schema 1, as tarockscore wrote it before 0.2.0; this version reads the current format only, so nothing was read or written. Run `tarockscore upgrade {path}` to convert it (the old file is kept as {path}.bak)"
    ),
    ways_out.PROFILE_UNPINNED: (
        N_(
            "empty: the stored profile is not pinned by its hash, so an edit of it would go unnoticed; {hint}"
        ),
        (("hint", REPAIR_HINT),),
    ),
    ways_out.PROFILE_EDITED: (
        N_(
            "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited; "
            "{hint} (`tarockscore rescore --profile … --write` changes the rules on purpose)"
        ),
        (("hint", REPAIR_HINT),),
    ),
    ways_out.PROFILE_DAMAGED: N_(
        "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited and "
        "no longer reads as a profile (its problems follow), so `tarockscore repair` cannot use it; "
        "restore the file from a copy, or put back its [profile] table from another ledger kept under "
        "the same profile"
    ),
    ways_out.PROFILE_UNREADABLE: N_(
        "the stored profile does not read as a profile (its problems follow), so the evening cannot be "
        "re-scored under it; restore the file from a copy, or put back its [profile] table from another "
        "ledger kept under the same profile"
    ),
    ways_out.PROFILE_RENAMED: (
        N_("{name!r}, but the stored profile document is named {named!r}: the file was edited; {hint}"),
        (("hint", REPAIR_HINT),),
    ),
    ways_out.NO_TOURNAMENT_FOLDER: N_(
        "{folder}: no such folder; start a tournament with `tarockscore tournament new {folder} …`"
    ),
    ways_out.NO_TOURNAMENT: N_(
        "{path}: no tournament here; start one with `tarockscore tournament new {folder} …`"
    ),
    ways_out.OLD_DAY: N_(
        "{path}: a day kept by an earlier tarockscore, 0.3 or before (tournament = 1, before the day's log); run `tarockscore upgrade {folder}` to convert it (the old file is kept as tournament.toml.bak). Nothing was used"
    ),
    ways_out.SHEET_FAILS_CHECK: N_(
        "{value}: this table's sheet fails its own check (`tarockscore check --ledger {path}`); the standings need every table"
    ),
    ways_out.SHEET_FAILS_CHECK_MONEY: N_(
        "{value}: this table's sheet fails its own check (`tarockscore check --ledger {path}`); the day's money needs every table"
    ),
}


def advised(problem: Problem, wording: Wording = ADVICE) -> Problem:
    """The problem as the command line says it (``wording``: the command line's template for a
    lower layer's, and the values it adds): with its way out, where it has one."""
    worded = in_words(Message(problem.template, problem.values), wording)
    return problem if worded is None else Problem.of(problem.where, worded)


def in_words(text: str, wording: Wording) -> Message | None:
    """A message of a lower layer as the command line says it; None where ``wording`` has it not."""
    if not isinstance(text, Message) or text.template not in wording:
        return None
    way = wording[text.template]
    template, more = (way, ()) if isinstance(way, str) else way
    return Message(template, text.values + more)


EMPTY_PROFILE = N_(
    "{value!r}: empty; give a shipped profile's name (`tarockscore profiles` lists them) or the path to a profile file"
)

# -- season words ----------------------------------------------------------------------------------

M = tarockscore.SeasonMessages

# Each season message's command-line wording; the values stay the library's (none added).
AS_OPTIONS: Wording = {
    M.ONE_PLAYER_TWO_WAYS: N_(
        "{drop!r} ({drop_in}) and {keep!r} ({keep_in}) look like one player spelt two ways; if so, fold them with --alias '{drop}={keep}'"
    ),
    M.UNUSED_ALIAS: N_("--alias {alias}={name}: nobody called {alias!r} played in these ledgers{hint}"),
    M.TWO_AT_ONE_TABLE: N_(
        "{names} sat at this table together, so they are two players: they cannot both be {name!r}; drop that --alias"
    ),
    M.PROFILES_CANNOT_ADD: N_(
        "these ledgers were scored under different profiles, {_describe}, and their Victory Points cannot be added as they stand: {why}; give --rescore PROFILE to score every hand under one profile"
    ),
    M.PROFILES_ADDED: N_(
        "these ledgers were scored under different profiles: {profiles}; their Victory Points are added as they stand (--rescore PROFILE scores every hand under one profile)"
    ),
    M.UNDATED: N_("{source} has no date: left out by --from/--to"),
    M.WRONGLY_DATED: N_("{source} has the date {date!r}, not YYYY-MM-DD: left out by --from/--to"),
    M.ALIAS_FORM: N_("--alias {text!r}: give ALIAS=NAME, e.g. --alias 'Hansi=Hans'"),
    M.ALIAS_NAME: N_("--alias {text!r}: {name!r}: {wrong}"),
    M.NO_ALIAS_FILE: N_("--aliases {alias_file!r}: no such file"),
    M.DATES_CROSSED: N_("--from {start} is after --to {end}"),
    M.LEAVE_OUT_BAD: N_("or leave a ledger that fails its check out of the season with --skip-bad"),
    M.EMPTY_PROFILE: EMPTY_PROFILE,
}


def season_error(exc: TarockError, *fields: str) -> TarockError:
    """A season's error in the command line's words, the fields named (those of the fold, unless
    named) given as options."""
    named = fields or ("alias", "player", "aliases", "rescore")
    return type(exc)([advised(_at_option(p, named), AS_OPTIONS) for p in exc.problems])


def in_option_words(text: str) -> str:
    """A season warning as the command line says it: an alias as it was given
    (``--alias 'Rudi = Rudolf'``), the options by their names (``--alias 'Berti=Bert'``)."""
    if isinstance(text, Message) and text.template == M.UNUSED_ALIAS:
        values = dict(text.values)
        if "given" in values:
            return message(
                M.UNUSED_ALIAS_AT,
                where=f"--alias {Shown(values['given'])!r}",
                alias=values["alias"],
                hint=values["hint"],
            )
    return in_words(text, AS_OPTIONS) or text


def warning_text(text: str) -> str:
    """A warning of the season as its ``warning:`` line shows it, in the reader's language; a
    ledger left out names the problem that stopped it, with its way out."""
    if not isinstance(text, tarockscore.LeftOut):
        return warning(in_option_words(text))
    more = len(text.problems) - 1
    first = advised(text.problems[0]).render(i18n.gettext)
    if more:
        said = i18n.ngettext(
            "{path}: left out (--skip-bad): {problem} (and {more} more problem)",
            "{path}: left out (--skip-bad): {problem} (and {more} more problems)",
            more,
        )
    else:
        said = _("{path}: left out (--skip-bad): {problem}")
    return warning(said.format(path=text.path, problem=first, more=more))


# -- hand input ------------------------------------------------------------------------------------

COMMAND_LINE = N_("command line")


def _any_short(values: dict[str, Any]) -> bool:
    return any(v not in (None, False, []) for v in values.values())


def _split_off(word: str) -> bool:
    """``word``, where the hand file goes, is no file (nor named like one) but a piece of a value
    the shell split off for want of quotes (``-t 35 2``, ``-b Vier Könige,Gegner``)."""
    return word != "-" and not Path(word).suffix and not Path(word).exists()


def _rejoined(word: str, short: dict[str, Any]) -> dict[str, Any]:
    """The short form with the split-off ``word`` put back after a single whole count of points
    (``-t 35 2`` is 35 points and 2 Blatt); anywhere else the user is asked to quote it."""
    points = short.get("points") or []
    if re.fullmatch(r"\d+(/\d+)?", word) and len(points) == 1 and points[0].strip().isdigit():
        return {**short, "points": [f"{points[0].strip()} {word}"]}
    raise UsageError(
        N_(
            '{word!r} is no hand file: a value of more than one word is quoted, e.g. -t "35 2" or -b "Vier Könige,Gegner"'
        ),
        word=word,
    )


def read_hand_or_short(
    hand_file: str | None,
    short: dict[str, Any],
    profile_ref: str | None = None,
    *,
    known_profile: bool = False,
) -> tuple[tarockscore.HandInput, str]:
    """A hand from a file (or stdin) or from the short command-line form, never both; with
    ``known_profile``, the words of ``--bonus`` are checked against its Kontra steps."""
    if hand_file is not None and _any_short(short) and _split_off(hand_file):
        short = _rejoined(hand_file, short)
        hand_file = None
    if hand_file is not None:
        if _any_short(short):
            raise UsageError(N_("give either a hand file or the hand's options, not both"))
        return tarockscore.read_hand(hand_file)
    if not _any_short(short):
        raise UsageError(N_("give a hand file (or - for stdin), or the hand's options: see --help"))
    options = dict(short)
    options["bonuses"] = options.pop("bonus")
    if known_profile and options["bonuses"]:
        prof = tarockscore.profile_for({}, profile_ref)
        playable = [s.name for s in prof.playable_steps]
        options["kontra_steps"] = playable + [
            a for a, step in prof.kontra.aliases.items() if step in playable
        ]
    return tarockscore.hand_from_short_form(**options), COMMAND_LINE


@contextmanager
def hand_errors(name: str, short: dict[str, Any]) -> Iterator[None]:
    """A hand's problems located at its source; for the short form, named by the options given."""
    try:
        yield
    except HandError as exc:
        if name == COMMAND_LINE:
            exc = in_short_form(exc, short)  # type: ignore[assignment]
        raise exc.located(name) from None
