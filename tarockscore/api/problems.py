"""The file problems that have a way out, as the library names them for its front ends (library layer).

``ways_out`` holds one message template per problem (no ledger here, the stored profile was
edited, ...); a front end words each as its own way out, a command to run or an option to give
(the command line: ``cli.advice``), keyed by the template; ``noting_writes`` says which files a
command wrote, for a front end that must say so when its output cannot be printed after them.
"""

from tarockscore.files import ways_out
from tarockscore.files.safe_io import noting_writes

__all__ = ["noting_writes", "ways_out"]
