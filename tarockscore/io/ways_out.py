"""The file problems that have a way out at the command line, each said there by cli/options.py (I/O layer)."""

from tarockscore.errors import N_
from tarockscore.evening.fold import NO_HANDS as NO_HANDS  # a hand asked for where there is none
from tarockscore.evening.fold import PROFILE_DAMAGED as PROFILE_DAMAGED  # the stored profile's problems,
from tarockscore.evening.fold import PROFILE_EDITED as PROFILE_EDITED  # said by the core
from tarockscore.evening.fold import PROFILE_RENAMED as PROFILE_RENAMED
from tarockscore.evening.fold import PROFILE_UNPINNED as PROFILE_UNPINNED
from tarockscore.evening.fold import PROFILE_UNREADABLE as PROFILE_UNREADABLE
from tarockscore.io.safe_io import DAY_FOLDER as DAY_FOLDER  # said by the file layer

# no file at the ledger's path (values: path)
NO_LEDGER = N_("{path}: no ledger here")
# a new evening refused: one is kept at that path already (values: path)
LEDGER_EXISTS = N_("{path} already exists: an evening is kept there; nothing was written")
# a file at the ledger's path that is no evening's ledger: read, or where `new` would write (values: path)
NOT_A_LEDGER = N_("{path}: not an evening's ledger")
NOT_A_LEDGER_KEPT = N_("{path} already exists and is not an evening's ledger; nothing was written")
# the last problem of a ledger whose digest does not match (values: name, the ledger's path)
LEDGER_CHANGED = N_("the ledger was changed outside tarockscore, so it is not used and nothing was written")
# entries moved or taken out, so that the hands no longer read in the order they were written
OUT_OF_ORDER = N_(
    "its entries no longer follow each other as they were written (each names the one before it), so its hands cannot be read in order and nothing was written: restore the file from a copy, or put the entries back in the order they were written"
)
# no tournament at a folder (values: folder; path, folder)
NO_TOURNAMENT_FOLDER = N_("{folder}: no tournament here: no such folder")
NO_TOURNAMENT = N_("{path}: no tournament here")
# a day kept by tarockscore 0.1 to 0.3, before the day's log (values: path, folder)
OLD_DAY = N_(
    "{path}: a day kept by an earlier tarockscore, 0.3 or before (tournament = 1, before the day's log): convert it first (the old file is kept as tournament.toml.bak). Nothing was used"
)
# a table's ledger in a tournament that fails its own check, read for the standings or for the
# day's money (values: value, path)
SHEET_FAILS_CHECK = N_("{value}: this table's sheet fails its own check; the standings need every table")
SHEET_FAILS_CHECK_MONEY = N_(
    "{value}: this table's sheet fails its own check; the day's money needs every table"
)
# no file at a hand file's path (values: source)
NO_HAND_FILE = N_("hand file {source!r} not found")
# a ledger of schema 1, which only `upgrade` reads (values: path)
OLD_LEDGER = N_(
    "{path}: a ledger of schema 1, as tarockscore wrote it before 0.2.0; this version reads the current format only, so nothing was read or written: convert it first"
)
