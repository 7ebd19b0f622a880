"""Command-line options shared by the commands that take a hand (CLI layer).

``score`` and ``record`` take the same short form of a hand; the options are declared once here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import typer

# The short form of a hand (see tarockscore.cli.shortform).
Contract = Annotated[
    str | None, typer.Option("--contract", "-c", help="Contract, e.g. rufer, dreier, bettler.")
]
Players = Annotated[
    str | None,
    typer.Option(
        "--players",
        "-p",
        help="Seat order, Forehand first; when recording, leave out: the ledger knows the deal.",
    ),
]
Declarer = Annotated[str | None, typer.Option("--declarer", "-d", help="Who played the contract.")]
Partner = Annotated[str | None, typer.Option("--partner", "-w", help="Holder of the called King (or XX).")]
Points = Annotated[
    list[str],
    typer.Option(
        "--points", "-t", help='Declarer side\'s card points ("35 2/3"); Dodge Round: NAME=POINTS, repeated.'
    ),
]
DefenderPoints = Annotated[
    str | None, typer.Option("--defender-points", help="The Defenders' card points, checked.")
]
Won = Annotated[
    bool | None, typer.Option("--won/--lost", help="Outcome instead of card points (negative contracts).")
]
Kontra = Annotated[
    list[str],
    typer.Option(
        "--kontra", "-k", help="Kontra step on the contract; negative contracts: DEFENDER=STEP, repeated."
    ),
]
Huettenfleck = Annotated[bool, typer.Option("--huettenfleck", help="Kontra said before the talon was seen.")]
Talon = Annotated[bool, typer.Option("--talon", help="The called King lay in the talon.")]
Conceded = Annotated[bool, typer.Option("--conceded", help="With --talon: the declarer conceded at once.")]
Renonce = Annotated[str | None, typer.Option("--renonce", help="The player who revoked.")]
Bonus = Annotated[
    list[str],
    typer.Option("--bonus", "-b", help="NAME[,declarers|defenders][,announced][,lost][,STEP], repeated."),
]


SHORT_KEYS = (
    "contract",
    "players",
    "declarer",
    "partner",
    "points",
    "defender_points",
    "won",
    "kontra",
    "huettenfleck",
    "talon",
    "conceded",
    "renonce",
    "bonus",
)


def short_form(values: Mapping[str, Any]) -> dict[str, Any]:
    """The short-form options among a command's arguments (pass ``locals()``)."""
    return {key: values[key] for key in SHORT_KEYS}
