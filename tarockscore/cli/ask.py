"""A yes-or-no question at the terminal, in the reader's words (CLI layer).

The words a player may answer with, in English and in German whatever the language of the
run (``y``, ``yes``, ``j``, ``ja``; ``n``, ``no``, ``nein``, in any case), are the ones the guided
entry takes too. The prompt shows the choice in the run's language: ``[y/N]``, ``[j/N]``.
"""

from __future__ import annotations

import typer

from tarockscore.i18n import _
from tarockscore.rules.names import fold

YES_WORDS = frozenset({"y", "yes", "j", "ja"})
NO_WORDS = frozenset({"n", "no", "nein"})


def yes_or_no(word: str) -> bool | None:
    """True for a yes, False for a no (folded words, or the run's own y and n), else None."""
    word = fold(word.strip())
    if word in YES_WORDS or word == fold(_("y")):
        return True
    if word in NO_WORDS or word == fold(_("n")):
        return False
    return None


def confirm(question: str, *, default: bool = False) -> bool:
    """Ask until the answer is yes or no; Enter gives ``default``. End of input raises ``typer.Abort``."""
    choice = _("Y/n") if default else _("y/N")
    while True:
        answer = str(typer.prompt(f"{question} [{choice}]", default="", show_default=False))
        if not answer.strip():
            return default
        said = yes_or_no(answer)
        if said is not None:
            return said
        typer.echo(_("{answer!r}: answer y or n").format(answer=answer.strip()), err=True)
