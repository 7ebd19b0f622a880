"""The hand just played, on the command line (CLI layer): ``record`` adds it to the ledger,
``undo`` takes the last one back; what both print, which ``enter`` prints too.

These are the commands of the table, run after every hand, so this module imports only what
they need: not the evening's sheet, the hand numbers and dates or the questions of the other
ledger commands (``cli.ledger``). It is imported only when one of its commands runs.
"""

from typing import Annotated

import typer

from tarockscore.cli.hand_input import hand_errors, read_hand_or_short
from tarockscore.cli.ledger_option import LedgerOpt, ledger_path_of, now
from tarockscore.cli.options import (
    Bonus,
    Conceded,
    Contract,
    Declarer,
    DefenderPoints,
    Huettenfleck,
    Kontra,
    OwnKing,
    Partner,
    Players,
    Points,
    Renonce,
    Talon,
    Won,
    short_form,
)
from tarockscore.files.ledger_file import update
from tarockscore.i18n import _, translated
from tarockscore.ledger import operations
from tarockscore.ledger.deal import hand_deal, next_deal
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.results import score_stored
from tarockscore.render import evening as render_evening
from tarockscore.render import hand as render

HandArg = Annotated[
    str | None, typer.Argument(help="A hand file (TOML, docs/hand-format.md), or - for stdin.")
]


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add ``record`` and ``undo`` to the ``tarockscore`` app (``only``: just the command of that name)."""
    for command in (record, undo):
        if only in (None, command.__name__):
            app.command()(command)


def record(
    hand_file: HandArg = None,
    contract: Contract = None,
    players: Players = None,
    declarer: Declarer = None,
    partner: Partner = None,
    points: Points = [],  # noqa: B006 - Typer reads the default, never mutates it
    defender_points: DefenderPoints = None,
    won: Won = None,
    kontra: Kontra = [],  # noqa: B006
    huettenfleck: Huettenfleck = False,
    talon: Talon = False,
    own_king: OwnKing = False,
    conceded: Conceded = False,
    renonce: Renonce = None,
    bonus: Bonus = [],  # noqa: B006
    ledger: LedgerOpt = None,
) -> None:
    """Score a hand and add it to the ledger; print its points and the running totals."""
    short = short_form(locals())
    mapping, name = read_hand_or_short(hand_file, short)
    at = now()

    def change(current: Ledger) -> Ledger:
        with hand_errors(name, short):
            return operations.record(current, mapping, at)

    before, after = update(ledger_path_of(ledger), change)
    recorded(before, after)


def recorded(before: Ledger, after: Ledger) -> None:
    """What record and enter print for the hand just added: the hand, its scoring notes (as
    ``score`` prints them), the totals with the money so far, the next hand; a warning first
    when the hand's players moved the deal away from the dealer the ledger expected."""
    n = len(after.hands)
    expected, actual = next_deal(before), hand_deal(after, n)
    if actual.dealer != expected.dealer:
        typer.echo(
            _(
                "warning: hand {number} is dealt by {dealer} (the players given); the ledger expected "
                "{expected} to deal ({deal}); the deal goes on from {dealer}"
            ).format(
                number=n,
                dealer=actual.dealer,
                expected=expected.dealer,
                deal=render_evening.deal_text(expected),
            ),
            err=True,
        )
    typer.echo(render_evening.hand_line(after, n))
    _hand, score = score_stored(after, n)
    for note in score.notes:
        typer.echo(render.note_line(note))
    typer.echo(render_evening.totals_table(after, n))
    typer.echo(render_evening.next_text(after))


def undo(ledger: LedgerOpt = None) -> None:
    """Take back the last hand (it stays in the audit trail)."""
    at = now()
    before, after = update(ledger_path_of(ledger), lambda current: operations.undo(current, at))
    typer.echo(translated(after.audit[-1].detail))
    typer.echo(render_evening.totals_table(after))
    typer.echo(render_evening.next_text(after))
