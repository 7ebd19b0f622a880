"""The season's words for what an option does, as the command line says them (CLI layer).

The library says "fold them with the alias 'Berti=Bert'", "rescore every hand under one profile"
or "leave out of the season a ledger that fails its check"; at the command line that is
``--alias``, ``--rescore PROFILE`` and ``--skip-bad``. Each such message of the library has its
command-line wording here, a message of its own with its own translation, and the values stay as
the library gave them; the wording is applied as a file's way out is
(:mod:`tarockscore.cli.words.advice`). A problem the library locates at one of its fields
(``alias``) is located at the option (``--alias``).
"""

from __future__ import annotations

import tarockscore
from tarockscore import i18n
from tarockscore.cli.words.advice import Wording, advised, in_words
from tarockscore.errors import N_, Message, Problem, Shown, TarockError, message
from tarockscore.i18n import _

M = tarockscore.SeasonMessages

# Each season message's command-line wording; the values stay the library's (none added).
AS_OPTIONS: Wording = {
    M.ONE_PLAYER_TWO_WAYS: (
        N_(
            "{drop!r} ({drop_in}) and {keep!r} ({keep_in}) look like one player spelt two ways; if so, fold them with --alias '{drop}={keep}'"
        ),
        (),
    ),
    M.UNUSED_ALIAS: (N_("--alias {alias}={name}: nobody called {alias!r} played in these ledgers{hint}"), ()),
    M.TWO_AT_ONE_TABLE: (
        N_(
            "{names} sat at this table together, so they are two players: they cannot both be {name!r}; drop that --alias"
        ),
        (),
    ),
    M.PROFILES_CANNOT_ADD: (
        N_(
            "these ledgers were scored under different profiles, {_describe}, and their Victory Points cannot be added as they stand: {why}; give --rescore PROFILE to score every hand under one profile"
        ),
        (),
    ),
    M.PROFILES_ADDED: (
        N_(
            "these ledgers were scored under different profiles: {profiles}; their Victory Points are added as they stand (--rescore PROFILE scores every hand under one profile)"
        ),
        (),
    ),
    M.UNDATED: (N_("{source} has no date: left out by --from/--to"), ()),
    M.WRONGLY_DATED: (N_("{source} has the date {date!r}, not YYYY-MM-DD: left out by --from/--to"), ()),
    M.ALIAS_FORM: (N_("--alias {text!r}: give ALIAS=NAME, e.g. --alias 'Hansi=Hans'"), ()),
    M.ALIAS_NAME: (N_("--alias {text!r}: {name!r}: {wrong}"), ()),
    M.NO_ALIAS_FILE: (N_("--aliases {alias_file!r}: no such file"), ()),
    M.DATES_CROSSED: (N_("--from {start} is after --to {end}"), ()),
    M.LEAVE_OUT_BAD: (N_("or leave a ledger that fails its check out of the season with --skip-bad"), ()),
    M.EMPTY_PROFILE: (
        N_(
            "{value!r}: empty; give a shipped profile's name (`tarockscore profiles` lists them) or the path to a profile file"
        ),
        (),
    ),
}

# The library's fields of a season, and the options that give them.
OPTIONS = {
    "alias": "--alias",
    "player": "--player",
    "aliases": "--aliases",
    "rescore": "--rescore",
    "ledger": "--ledger",
    "title": "--title",
}


def _at_option(problem: Problem, fields: tuple[str, ...]) -> Problem:
    head, sep, rest = problem.where.partition(" ")
    field = head.removesuffix(":")
    if field in fields:
        return problem.moved(OPTIONS[field] + head[len(field) :] + sep + rest)
    return problem


# The fields of the season's fold: a problem located at one of them is about that option.
FOLD_FIELDS = ("alias", "player", "aliases", "rescore")


def season_error(exc: TarockError, *fields: str) -> TarockError:
    """A season's error with its words, and the fields named (those of the fold, unless named),
    given as the command line's options."""
    named = fields or FOLD_FIELDS
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
    return in_words(text, AS_OPTIONS)


def warning_text(text: str) -> str:
    """A warning of the season as the ``warning:`` line on standard error shows it, in the
    reader's language; a ledger left out names the problem that stopped it with its way out."""
    if isinstance(text, tarockscore.LeftOut):
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
        text = said.format(path=text.path, problem=first, more=more)
    else:
        text = i18n.translated(in_option_words(text))
    return _("warning: {message}").format(message=text)
