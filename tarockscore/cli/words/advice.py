"""The way out of a file's problem, as the command line says it (CLI layer).

The I/O layer (``tarockscore/files/``) says what is wrong in the domain's words: "no ledger
here", "the stored profile was edited" (``tarockscore.ways_out``). At the command line
each of these has a way out, a command to run or an option to give; here each has its
command-line wording, a message of its own with its own translation, and the values stay as the
I/O layer gave them. The command group words every error it shows this way (:func:`advised`), so
every command gives the same advice.
"""

from __future__ import annotations

from collections.abc import Mapping

import tarockscore
from tarockscore.errors import N_, Message, Problem, Values, message

LEDGER_ENV = "TAROCKSCORE_LEDGER"  # the environment variable that names the evening's ledger

ways_out = tarockscore.ways_out

REPAIR_HINT = message(
    N_(
        "`tarockscore repair` re-scores the evening from its stored hands under its stored profile, "
        "shows every number that changes, and writes it with --write"
    )
)

# A lower layer's template: the command line's, and the values it adds to the lower layer's.
Wording = Mapping[str, tuple[str, Values]]

# The I/O layer's problems with a way out.
ADVICE: Wording = {
    ways_out.NO_LEDGER: (
        N_(
            "{path}: no ledger here; start the evening with `tarockscore new --players A,B,C,D`, or choose one with --ledger PATH or {ENV}"
        ),
        (("ENV", LEDGER_ENV),),
    ),
    ways_out.LEDGER_EXISTS: (
        N_(
            "{path} already exists: an evening is kept there. Choose another file with --ledger, or remove it first; nothing was written"
        ),
        (),
    ),
    ways_out.LEDGER_CHANGED: (
        N_(
            "the ledger was changed outside tarockscore, so it is not used and nothing was written; run "
            "`tarockscore repair --ledger {name}` to re-score it from its stored hands and see every "
            "number that changes, then `tarockscore repair --write --ledger {name}` to keep it (with an "
            "audit entry)"
        ),
        (),
    ),
    ways_out.OLD_LEDGER: (
        N_(
            "{path}: a ledger of schema 1, as tarockscore wrote it before 0.2.0; this version reads the current format only, so nothing was read or written. Run `tarockscore upgrade {path}` to convert it (the old file is kept as {path}.bak)"
        ),
        (),
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
    ways_out.PROFILE_DAMAGED: (
        N_(
            "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited and "
            "no longer reads as a profile (its problems follow), so `tarockscore repair` cannot use it; "
            "restore the file from a copy, or put back its [profile] table from another ledger kept under "
            "the same profile"
        ),
        (),
    ),
    ways_out.PROFILE_UNREADABLE: (
        N_(
            "the stored profile does not read as a profile (its problems follow), so the evening cannot be "
            "re-scored under it; restore the file from a copy, or put back its [profile] table from another "
            "ledger kept under the same profile"
        ),
        (),
    ),
    ways_out.PROFILE_RENAMED: (
        N_("{name!r}, but the stored profile document is named {named!r}: the file was edited; {hint}"),
        (("hint", REPAIR_HINT),),
    ),
    ways_out.NO_TOURNAMENT_FOLDER: (
        N_("{folder}: no such folder; start a tournament with `tarockscore tournament new {folder} …`"),
        (),
    ),
    ways_out.NO_TOURNAMENT: (
        N_("{path}: no tournament here; start one with `tarockscore tournament new {folder} …`"),
        (),
    ),
    ways_out.OLD_DAY: (
        N_(
            "{path}: a day kept by an earlier tarockscore, 0.3 or before (tournament = 1, before the day's log); run `tarockscore upgrade {folder}` to convert it (the old file is kept as tournament.toml.bak). Nothing was used"
        ),
        (),
    ),
    ways_out.SHEET_FAILS_CHECK: (
        N_(
            "{value}: this table's sheet fails its own check (`tarockscore check --ledger {path}`); the standings need every table"
        ),
        (),
    ),
    ways_out.SHEET_FAILS_CHECK_MONEY: (
        N_(
            "{value}: this table's sheet fails its own check (`tarockscore check --ledger {path}`); the day's money needs every table"
        ),
        (),
    ),
}


def advised(problem: Problem, wording: Wording = ADVICE) -> Problem:
    """The problem as the command line says it (``wording``: the command line's template for a
    lower layer's, and the values it adds): with its way out, where it has one."""
    worded = _in_wording(problem.template, problem.values, wording)
    return problem if worded is None else Problem.of(problem.where, worded)


def in_words(text: str, wording: Wording) -> str:
    """A message of a lower layer (a warning) as the command line says it, where ``wording`` has it."""
    if isinstance(text, Message):
        worded = _in_wording(text.template, text.values, wording)
        if worded is not None:
            return worded
    return text


def _in_wording(template: str, values: Values, wording: Wording) -> Message | None:
    way = wording.get(template)
    if way is None:
        return None
    command_line, more = way
    return Message(command_line, values + more)
