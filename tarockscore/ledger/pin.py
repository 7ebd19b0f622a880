"""What a ledger's stored profile can be found to be against its pin (``profile.sha256``), said in
the domain's words (ledger layer; each has a way out at the command line, tarockscore.files.ways_out
and tarockscore.cli.words.advice). A module of its own, importing nothing but the marker, so that
the command line's advice can name these templates without loading the ledger's codec.
"""

from __future__ import annotations

from tarockscore.errors import N_

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
