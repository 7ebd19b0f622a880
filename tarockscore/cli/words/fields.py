"""The command line's names for the fields of the core's problems (CLI layer): one table.

The rules core and the ledger name what is wrong by its domain field: a hand-file key
(``partner``, ``kontra.Bert``, ``bonus[0].kontra``) or the table's players. The command line
gives those fields as options, so an error for the short form of a hand names the option as the
user typed it (``-w Bert``, ``-k Bert=kontra``, ``-b pagat,announced``), and an error for a
command names its option (``--players``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tarockscore.errors import N_, Problem, TarockError
from tarockscore.i18n import translated

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

# Compiled on first use (re keeps it): only an error's message asks it.
_FIELD = r"^(?P<key>[a-z_]+)(?:\[(?P<index>\d+)\])?(?:\.(?P<sub>.+))?$"


def _placeholder(takes: str) -> str:
    """An option's placeholder in the reader's language, as its help page shows it (PUNKTE)."""
    return ",".join(translated(part) if part.isupper() else part for part in takes.split(","))


def short_form_field(where: str, short: Mapping[str, Any]) -> str:
    """A hand-file key path as the short-form option the user gave (``kontra.Bert`` → ``-k Bert=re``)."""
    match = re.match(_FIELD, where)
    if match is None or match["key"] not in SHORT_FORM:
        return where
    option, flag, takes = SHORT_FORM[match["key"]]
    takes = _placeholder(takes)
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


def _worded(problem: Problem) -> Problem:
    """The problem in the short form's words, where its message names hand-file keys."""
    short = SHORT_FORM_WORDING.get(problem.template)
    if short is None:
        return problem
    return Problem.of(problem.where, short, **dict(problem.values))


def in_short_form(exc: TarockError, short: Mapping[str, Any]) -> TarockError:
    """The same error with each hand-file key named as the short-form option it came from, and
    a message that tells how to give a key in the options' words."""
    moved = [_worded(p).moved(short_form_field(p.where, short)) for p in exc.problems]
    return type(exc)(moved)


# A field of a command's problem (the ledger's and the season's words) as the option that gives it.
COMMAND_OPTIONS: Mapping[str, str] = {
    "players": "--players",
    "profile": "--profile",
    "alias": "--alias",
    "player": "--player",
    "hands": "HANDS",  # the argument of ``radl add`` and ``radl strike``
    "round": "--round",  # the round ``tournament draw`` draws
    "format": "--format",  # the format ``tournament new`` ranks the day by
    "ledger": "--ledger",
    "place": "--place",
    "stake": "--stake",
}


def as_option(problem: Problem, *fields: str) -> Problem:
    """The problem with a named command field (``players``) given as its option (``--players``)."""
    head, sep, rest = problem.where.partition(" ")
    if head in fields and head in COMMAND_OPTIONS:
        return problem.moved(COMMAND_OPTIONS[head] + sep + rest)
    return problem


def as_options(exc: TarockError, *fields: str) -> TarockError:
    """The same error with the named command fields given as options."""
    return type(exc)([as_option(p, *fields) for p in exc.problems])


def at_option(exc: TarockError, field: str) -> TarockError:
    """The same error with each problem located at exactly ``field`` (``round``) located at its
    option (``--round``); a location that only begins with the word (a folder's name) stays."""
    option = COMMAND_OPTIONS[field]
    return type(exc)([p.moved(option) if p.where == field else p for p in exc.problems])
