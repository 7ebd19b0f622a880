"""The file problems that have a way out at the command line, named once (I/O layer).

Each template says what is wrong with a file in the domain's words, and nothing more: a script
that uses the library gets it as it is. Which problem it is tells which way out applies (start an
evening, repair a ledger, start a tournament); the command line says that way out, the command to
run or the option to give, in its own wording of the same message
(:mod:`tarockscore.cli.words.advice`), keyed by these templates and filled with the values they carry.
A value a template does not show (the ledger's ``name`` of :data:`LEDGER_CHANGED`) is there for
that wording.
"""

from __future__ import annotations

from tarockscore.errors import N_

# no file at the ledger's path (values: path)
NO_LEDGER = N_("{path}: no ledger here")
# a new evening refused: one is kept at that path already (values: path)
LEDGER_EXISTS = N_("{path} already exists: an evening is kept there; nothing was written")
# the last problem of a ledger whose digest does not match (values: name, the ledger's path)
LEDGER_CHANGED = N_("the ledger was changed outside tarockscore, so it is not used and nothing was written")
# a stored profile that a repair re-pins (values: none; actual, stored; name, named)
PROFILE_UNPINNED = N_(
    "empty: the stored profile is not pinned by its hash, so an edit of it would go unnoticed"
)
PROFILE_EDITED = N_(
    "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited"
)
PROFILE_RENAMED = N_("{name!r}, but the stored profile document is named {named!r}: the file was edited")
# an edited stored profile that no longer builds: a repair, which takes it as it stands, cannot
# help (values: actual, stored)
PROFILE_DAMAGED = N_(
    "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited and "
    "no longer reads as a profile (its problems follow)"
)
# the same, found by a repair (values: none)
PROFILE_UNREADABLE = N_(
    "the stored profile does not read as a profile (its problems follow), so the evening cannot be "
    "re-scored under it"
)
# no tournament at a folder (values: folder; path, folder)
NO_TOURNAMENT_FOLDER = N_("{folder}: no tournament here: no such folder")
NO_TOURNAMENT = N_("{path}: no tournament here")
# a table's ledger in a tournament that fails its own check, read for the standings or for the
# day's money (values: value, path)
SHEET_FAILS_CHECK = N_("{value}: this table's sheet fails its own check; the standings need every table")
SHEET_FAILS_CHECK_MONEY = N_(
    "{value}: this table's sheet fails its own check; the day's money needs every table"
)
