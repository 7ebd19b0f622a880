"""``tarockscore cup``: a season's tournaments ranked by the cup's own points (command-line layer)."""

from pathlib import Path
from typing import Annotated

import typer

import tarockscore
from tarockscore.cli.shell import terminal as warned
from tarockscore.cli.shell.group import new_app
from tarockscore.cli.shell.options import CsvOpt, FormatOpt, JsonOpt, chosen, show
from tarockscore.errors import UsageError
from tarockscore.render import tournament as render

cup_app = new_app(
    help="A cup over a season: points per place at each tournament, each player's best results.",
    no_args_is_help=True,
)


@cup_app.command("standings")
def cup_standings(
    folders: Annotated[
        list[Path], typer.Argument(help="The season's tournament folders, in order.", show_default=False)
    ],
    points: Annotated[
        Path,
        typer.Option("--points", help="A TOML file: points = [100, 90, …] and best = N.", show_default=False),
    ],
    alias: Annotated[
        list[str],
        typer.Option(
            "--alias",
            metavar="ALIAS=NAME",
            help="ALIAS=NAME: read the name ALIAS as NAME, e.g. --alias 'Hansi=Hans'; repeated.",
        ),
    ] = [],  # noqa: B006
    output: FormatOpt = None,
    json_out: JsonOpt = False,
    csv_out: CsvOpt = False,
) -> None:
    """The cup: each tournament's places turned into cup points, each player's best N added."""
    fmt = chosen(output, json_out, csv_out)
    render.check_data_format(fmt)
    said = warned.Warnings()
    try:
        cup = tarockscore.cup(
            folders, points, warn=lambda w: said.say(warned.warning(w), warned.kind_of(w)), aliases=alias
        )
    except UsageError as exc:
        # a folder is given as an argument: its problem is said at DIR
        raise type(exc)([p.moved("DIR") if p.where == "folders" else p for p in exc.problems]) from None
    said.close()
    show(render.cup_view(cup.rows, cup.tournaments), fmt)
