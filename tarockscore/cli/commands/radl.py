"""``tarockscore radl add | strike``: Radl marks set or struck by hand, as on the paper block.

A Radl the profile arms by itself (``radl.events``) needs no command; these are for the table
that draws one for another reason, or strikes one it has agreed not to play. Each mark takes
effect after the last hand recorded and leaves an audit entry.
"""

from collections.abc import Callable
from typing import Annotated

import typer

import tarockscore
from tarockscore.cli.shell.group import new_app
from tarockscore.cli.shell.options import LedgerOpt, evening_of, now
from tarockscore.cli.words.fields import as_options
from tarockscore.errors import LedgerError
from tarockscore.i18n import translated
from tarockscore.render import evening as render_evening

radl_app = new_app(
    help="Set a Radl by hand, or strike doubled hands, as on the paper block (each with an audit entry).",
    no_args_is_help=True,
)

AddHandsArg = Annotated[
    int | None,
    typer.Argument(
        help="How many doubled hands; default: one Radl round (the profile's radl.hands).",
        show_default=False,
        metavar="HANDS",
    ),
]
StrikeHandsArg = Annotated[
    int | None,
    typer.Argument(
        help="How many doubled hands to strike; default: one.", show_default=False, metavar="HANDS"
    ),
]


def _change(act: "Callable[[], tarockscore.Change]") -> None:
    try:
        change = act()
    except LedgerError as exc:
        raise as_options(exc, "hands") from None
    typer.echo(translated(change.said))
    typer.echo(render_evening.next_text(change.after))


@radl_app.command("add")
def add(hands: AddHandsArg = None, ledger: LedgerOpt = None) -> None:
    """Set a Radl by hand: the coming hands are doubled (×radl.factor), after any Radl pending."""
    evening = evening_of(ledger)
    _change(lambda: evening.add_radl(hands, now()))


@radl_app.command("strike")
def strike(hands: StrikeHandsArg = None, ledger: LedgerOpt = None) -> None:
    """Strike doubled hands the Radl still owes (default: one); the last ones pending go first."""
    evening = evening_of(ledger)
    _change(lambda: evening.strike_radl(1 if hands is None else hands, now()))
