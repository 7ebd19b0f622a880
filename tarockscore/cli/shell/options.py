"""Command-line options shared by the commands that take a hand (CLI layer).

``score`` and ``record`` take the same short form of a hand; the options are declared once here.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import typer

import tarockscore
from tarockscore.errors import N_, UsageError, shortened
from tarockscore.i18n import _


# Shell completion (tarockscore.cli.shell.completion), imported only when the shell asks.
def _answers(kind: str) -> Callable[[typer.Context, str], list[str]]:
    def answer(ctx: typer.Context, incomplete: str) -> list[str]:
        # only when the shell asks: a table command never loads the completion module
        from tarockscore.cli.shell import completion  # noqa: PLC0415

        result: list[str] = getattr(completion, kind)(ctx, incomplete)
        return result

    return answer


_players = _answers("players")
_seat_order = _answers("seat_order")
_contracts = _answers("contracts")
_steps = _answers("steps")
_bonuses = _answers("bonuses")


# The short form of a hand (see tarockscore.cli.shortform).
Contract = Annotated[
    str | None,
    typer.Option(
        "--contract",
        "-c",
        help="Contract, e.g. rufer, Solodreier, Bettel; any case.",
        autocompletion=_contracts,
    ),
]
Players = Annotated[
    str | None,
    typer.Option(
        "--players",
        "-p",
        help="Seat order, Forehand first; when recording, leave out: the ledger knows the deal.",
        autocompletion=_seat_order,
    ),
]
Declarer = Annotated[
    str | None, typer.Option("--declarer", "-d", help="Who played the contract.", autocompletion=_players)
]
Partner = Annotated[
    str | None,
    typer.Option("--partner", "-w", help="Holder of the called King (or XX).", autocompletion=_players),
]
Points = Annotated[
    list[str],
    typer.Option(
        "--points",
        "-t",
        help='Declarer side\'s card points: 40, "35 2/3", 35/2 or "35 2" (35 and 2 Blatt); '
        "Trischaken: NAME=POINTS, repeated.",
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
        "--kontra",
        "-k",
        help="Kontra step on the contract; negative contracts: DEFENDER=STEP, repeated.",
        autocompletion=_steps,
    ),
]
Huettenfleck = Annotated[bool, typer.Option("--huettenfleck", help="Kontra said before the talon was seen.")]
Talon = Annotated[bool, typer.Option("--talon", help="The called King lay in the talon.")]
OwnKing = Annotated[
    bool,
    typer.Option(
        "--own-king", help="The declarer called a King he holds himself and played alone (where allowed)."
    ),
]
KingHalf = Annotated[
    str | None,
    typer.Option(
        "--king-half",
        help="With --talon: whose the talon half with the called King became: declarer (he took it, "
        "or got it at the end of a solo call) or defenders (left to them).",
    ),
]
Conceded = Annotated[bool, typer.Option("--conceded", help="With --talon: the declarer conceded at once.")]
Renonce = Annotated[
    str | None, typer.Option("--renonce", help="The player who revoked.", autocompletion=_players)
]
Bonus = Annotated[
    list[str],
    typer.Option(
        "--bonus",
        "-b",
        # the pattern is the placeholder: a help page never breaks it across lines, as it
        # would a long word of the help text
        metavar="NAME[,declarers|defenders][,announced][,lost][,STEP]",
        help="A bonus with its side, whether announced or lost, and a Kontra step; repeated.",
        autocompletion=_bonuses,
    ),
]


def typed_names(text: str) -> list[str]:
    """The names of a ``--players`` list as typed: split at commas, the spaces around each
    dropped (only spaces: any other character stays, for the rules of names to judge), in NFC."""
    return [tarockscore.clean_name(p) for p in text.split(",")]


def profile_given(value: str | None, where: str = "--profile") -> str | None:
    """A profile option as given; an empty one is refused, never taken for the default profile."""
    if value is not None and not value.strip():
        raise UsageError(
            N_(
                "{value!r}: empty; give a shipped profile's name (`tarockscore profiles` lists them) or the path to a profile file"
            ),
            value=value,
            where=where,
        )
    return value


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
    "own_king",
    "conceded",
    "king_half",
    "renonce",
    "bonus",
)


def short_form(values: Mapping[str, Any]) -> dict[str, Any]:
    """The short-form options among a command's arguments (pass ``locals()``)."""
    return {key: values[key] for key in SHORT_KEYS}


def repeated_options(params: Sequence[Any], args: Sequence[str]) -> list[str]:
    """Messages for single-valued options given twice with different values.

    Click keeps the last of them without a word (``-c rufer -c dreier`` plays a Dreier, ``--won
    --lost`` a lost hand); a scorekeeper who typed both meant one of them, so both are refused.
    ``params`` are the command's Click parameters, ``args`` its arguments as typed.
    """
    names: dict[str, Any] = {}
    for param in params:
        if getattr(param, "param_type_name", "") != "option" or getattr(param, "multiple", False):
            continue
        if getattr(param, "count", False):
            continue
        for opt in (*param.opts, *param.secondary_opts):
            names[opt] = param
    seen: dict[str, list[tuple[str, str]]] = {}  # param name -> [(option as typed, value)]
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            break
        opt, sep, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if not sep and arg.startswith("-") and not arg.startswith("--") and len(arg) > 2:
            opt, inline, sep = arg[:2], arg[2:], "="
        param = names.get(opt)
        if param is None:
            continue
        if param.is_flag:
            value = "on" if opt in param.opts else "off"
        elif sep:
            value = inline
        elif i < len(args):
            value = args[i]
            i += 1
        else:
            continue
        seen.setdefault(param.name, []).append((opt, value))
    problems = []
    for uses in seen.values():
        values = {v for _, v in uses}
        if len(values) > 1:
            said = " and ".join(
                opt if v in ("on", "off") else f"{opt} {shortened(repr(v))}" for opt, v in uses
            )
            problems.append(_("{said} contradict each other: give it once").format(said=said))
    return problems
