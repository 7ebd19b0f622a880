"""What a front end says about files: the problems that have a way out, and what a call wrote (library layer).

``ways_out`` holds one message template per file problem with a way out (no ledger here, the
stored profile was edited, ...); a front end words each as its own way out, a command to run or
an option to give (the command line: ``cli.advice``), keyed by the template. ``noting_writes``
lists every file the library writes while it is open, so a front end whose answer cannot be
delivered (a full disk under standard output) can still say what was saved.
"""

from tarockscore.files import ways_out
from tarockscore.files.safe_io import noting_writes

__all__ = ["noting_writes", "ways_out"]
