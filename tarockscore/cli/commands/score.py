"""``tarockscore score``: one hand scored, as a table, JSON or the arithmetic bet by bet."""

import typer

import tarockscore
from tarockscore.cli.shell.options import (
    Bonus,
    Conceded,
    Contract,
    CsvOpt,
    Declarer,
    DefenderPoints,
    FormatOpt,
    Huettenfleck,
    KingHalf,
    Kontra,
    OwnKing,
    Partner,
    Players,
    Points,
    Renonce,
    Talon,
    Won,
    chosen,
    profile_given,
    short_form,
    show,
)
from tarockscore.cli.words.hand_input import hand_errors, read_hand_or_short
from tarockscore.render import hand as render
from tarockscore.render.output import OutputFormat, View

HandOpt = typer.Argument(None, help="A hand file (TOML, see docs/hand-format.md), or - for stdin.")
ProfileOpt = typer.Option(None, "--profile", "-P", help="A shipped profile name or a path to a profile file.")


def score(
    hand_file: str | None = HandOpt,
    profile: str | None = ProfileOpt,
    output: FormatOpt = None,
    json_out: bool = typer.Option(False, "--json", help="Print JSON (victory_points, lines, payout)."),
    csv_out: CsvOpt = False,
    explain: bool = typer.Option(False, "--explain", help="Show the arithmetic bet by bet, with its rules."),
    contract: Contract = None,
    players: Players = None,
    declarer: Declarer = None,
    partner: Partner = None,
    points: Points = [],  # noqa: B006 - Typer reads the default; it is never mutated
    defender_points: DefenderPoints = None,
    won: Won = None,
    kontra: Kontra = [],  # noqa: B006
    huettenfleck: Huettenfleck = False,
    talon: Talon = False,
    own_king: OwnKing = False,
    conceded: Conceded = False,
    king_half: KingHalf = None,
    renonce: Renonce = None,
    bonus: Bonus = [],  # noqa: B006
) -> None:
    """Score one hand: each player's Victory Points and the arithmetic, bet by bet."""
    short = short_form(locals())
    profile = profile_given(profile)
    mapping, name = read_hand_or_short(hand_file, short, profile, known_profile=True)
    with hand_errors(name, short):
        result, prof = tarockscore.score_hand(mapping, profile)
    fmt = chosen(output, json_out, csv_out)
    if explain and fmt is OutputFormat.TABLE:
        typer.echo(render.explain(result, prof))
        return
    view = View(
        table=lambda: render.score_table(result),
        json=lambda: render.score_json(result),
        csv=lambda: render.score_csv(result),
    )
    show(view, fmt)
