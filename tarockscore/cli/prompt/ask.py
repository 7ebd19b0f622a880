"""A question at the terminal (CLI layer): one line typed, or yes or no in the reader's words.

The words a player may answer with, in English and in German whatever the language of the
run (``y``, ``yes``, ``j``, ``ja``; ``n``, ``no``, ``nein``, in any case), are the guided entry's
(:mod:`tarockscore.entry.words`). The prompt shows the choice in the run's language:
``[y/N]``, ``[j/N]``.

Every question is asked through :func:`answer_to`: end of input (Ctrl-D) is ``typer.Abort``, and
Ctrl-C stays the interrupt it is everywhere else (exit 130), where Typer's prompt would turn
both into the same ``Abort``.
"""

from __future__ import annotations

import typer

import tarockscore
from tarockscore.errors import Shown
from tarockscore.i18n import _


def answer_to(prompt: str) -> str:
    """One line typed at the prompt; Enter gives ''. End of input raises ``typer.Abort``, Ctrl-C
    ``KeyboardInterrupt``."""
    try:
        return str(typer.prompt(prompt, default="", show_default=False))
    except typer.Abort as exc:
        # Typer's prompt raises Abort for both, "from None": the one it caught stays its context
        if isinstance(exc.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        raise


def confirm(question: str, *, default: bool = False) -> bool:
    """Ask until the answer is yes or no; Enter gives ``default``. End of input raises
    ``typer.Abort``, Ctrl-C ``KeyboardInterrupt``."""
    choice = _("Y/n") if default else _("y/N")
    while True:
        answer = answer_to(f"{question} [{choice}]")
        if not answer.strip():
            return default
        said = tarockscore.yes_or_no(answer)
        if said is not None:
            return said
        typer.echo(_("{answer!r}: answer y or n").format(answer=Shown(answer.strip())), err=True)
