"""The season's words for what an option does, as the command line says them (CLI layer).

The season core says "fold them with the alias 'Berti=Bert'" or "rescore every hand under one
profile"; at the command line that is ``--alias`` and ``--rescore PROFILE``. Each such message
of the core has its command-line wording here, a message of its own with its own translation,
and the values stay as the core gave them; the wording is applied as a file's way out is
(:mod:`tarockscore.cli.advice`).
"""

from __future__ import annotations

from tarockscore.cli.advice import Wording, advised, in_words
from tarockscore.cli.fields import as_option
from tarockscore.errors import N_, TarockError
from tarockscore.season.standings import (
    ONE_PLAYER_TWO_WAYS,
    PROFILES_ADDED,
    PROFILES_CANNOT_ADD,
    TWO_AT_ONE_TABLE,
    UNDATED,
    UNUSED_ALIAS,
    WRONGLY_DATED,
)

# Each season message's command-line wording; the values stay the core's (none added).
AS_OPTIONS: Wording = {
    ONE_PLAYER_TWO_WAYS: (
        N_(
            "{drop!r} ({drop_in}) and {keep!r} ({keep_in}) look like one player spelt two ways; if so, fold them with --alias '{drop}={keep}'"
        ),
        (),
    ),
    UNUSED_ALIAS: (N_("--alias {alias}={name}: nobody called {alias!r} played in these ledgers{hint}"), ()),
    TWO_AT_ONE_TABLE: (
        N_(
            "{names} sat at this table together, so they are two players: they cannot both be {name!r}; drop that --alias"
        ),
        (),
    ),
    PROFILES_CANNOT_ADD: (
        N_(
            "these ledgers were scored under different profiles, {_describe}, and their Victory Points cannot be added as they stand: {why}; give --rescore PROFILE to score every hand under one profile"
        ),
        (),
    ),
    PROFILES_ADDED: (
        N_(
            "these ledgers were scored under different profiles: {profiles}; their Victory Points are added as they stand (--rescore PROFILE scores every hand under one profile)"
        ),
        (),
    ),
    UNDATED: (N_("{source} has no date: left out by --from/--to"), ()),
    WRONGLY_DATED: (N_("{source} has the date {date!r}, not YYYY-MM-DD: left out by --from/--to"), ()),
}


def in_option_words(text: str) -> str:
    """A season warning as the command line says it (``--alias 'Berti=Bert'``)."""
    return in_words(text, AS_OPTIONS)


def season_error(exc: TarockError) -> TarockError:
    """A season's error with its fields and its words given as the command line's options."""
    return type(exc)([advised(as_option(p, "alias", "player"), AS_OPTIONS) for p in exc.problems])
