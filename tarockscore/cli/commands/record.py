"""The hand just played, on the command line (CLI layer): ``record`` adds it to the ledger,
``undo`` takes the last one back; what both print, which ``enter`` prints too."""

from typing import Any

import typer

import tarockscore
from tarockscore.cli import terminal as warned
from tarockscore.cli.options import HandArg, LedgerOpt, evening_of, with_short_form
from tarockscore.cli.words import hand_errors, read_hand_or_short
from tarockscore.i18n import translated
from tarockscore.render import evening as render_evening


@with_short_form
def record(hand_file: HandArg = None, ledger: LedgerOpt = None, *, short: dict[str, Any]) -> None:
    """Score a hand and add it to the ledger; print its points and the running totals."""
    mapping, name = read_hand_or_short(hand_file, short)
    with hand_errors(name, short):
        change = evening_of(ledger).record(mapping, tarockscore.now())
    recorded(change.before, change.after)
    typer.echo(render_evening.head_text(change.head))


def recorded(before: "tarockscore.Ledger", after: "tarockscore.Ledger") -> None:
    """What record and enter print for the hand just added; a warning first when the hand's
    players moved the deal away from the dealer the ledger expected."""
    warning = render_evening.moved_deal_warning(before, after)
    if warning is not None:
        warned.say(warning)
    typer.echo(render_evening.recorded_text(after))


def undo(ledger: LedgerOpt = None) -> None:
    """Take back the last hand (it stays in the audit trail)."""
    change = evening_of(ledger).undo(tarockscore.now())
    typer.echo(translated(change.said))
    typer.echo(render_evening.totals_table(change.after))
    typer.echo(render_evening.next_text(change.after))
