"""The help pages' finish: examples from the table under every command, placeholders as words.

Typer builds the command tree afresh at every start; :func:`finish` walks it once before it is
used (the run's language already chosen), so each command's help ends with two or three example
lines, every value reads as a word (``-c CONTRACT``, ``-l FILE``) rather than a type
(``<str>``), and the page's own words that Typer writes in English ("Usage:", "[OPTIONS]",
"Show this message and exit.") are in the run's language.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tarockscore.i18n import _

T = "tarockscore"
TABLE = "Anna,Bert,Cilli,Dani"

# Command path (after "tarockscore") → example lines. Every command has two or three.
EXAMPLES: dict[str, tuple[str, ...]] = {
    "": (
        f"{T} score -c rufer -p {TABLE} -d Anna -w Cilli -t 40",
        f"{T} new -p {TABLE} --stake 0,10",
        f"{T} record -c dreier -d Cilli -t '35 2'",
    ),
    "score": (
        f"{T} score examples/koenigrufen-call.toml",
        f"{T} score -c rufer -p {TABLE} -d Anna -w Cilli -t '35 2' -k kontra -b pagat,announced",
        f"{T} score -c bettel -p {TABLE} -d Bert --lost -k Anna=kontra",
    ),
    "new": (
        f"{T} new -p {TABLE} --stake 0,10 --date 14.03.2025 --place 'Café Sperl'",
        f"{T} new -p {TABLE},Edi -P steiermark -l friday.toml",
    ),
    "record": (
        f"{T} record -c rufer -d Anna -w Cilli -t 40 -k kontra -b pagat,announced",
        f"{T} record -c Solodreier -d Cilli -t 35/2",
        f"{T} record hand.toml",
    ),
    "show": (f"{T} show", f"{T} show --json", f"{T} show --csv -l friday.toml"),
    "undo": (f"{T} undo", f"{T} undo -l friday.toml"),
    "replace": (f"{T} replace 2 -c dreier -d Cilli -t 36", f"{T} replace 2 hand2.toml"),
    "delete": (f"{T} delete 6", f"{T} delete 6 --yes -l friday.toml"),
    "explain": (f"{T} explain 4", f"{T} explain 4 -l friday.toml"),
    "check": (f"{T} check", f"{T} check -l friday.toml"),
    "rescore": (f"{T} rescore -P pagat", f"{T} rescore -P pagat --write"),
    "repair": (f"{T} repair -l friday.toml", f"{T} repair --write -l friday.toml"),
    "settle": (f"{T} settle", f"{T} settle --stake 0,20", f"{T} settle --json"),
    "enter": (f"{T} enter", f"{T} enter --replace 3", f"{T} enter -l friday.toml"),
    "radl": (f"{T} radl add", f"{T} radl strike"),
    "radl add": (f"{T} radl add", f"{T} radl add 2 -l friday.toml"),
    "radl strike": (f"{T} radl strike", f"{T} radl strike 4"),
    "season": (
        f"{T} season evenings/",
        f"{T} season evenings/ --from 01.01.2025 --to 31.12.2025 -f csv",
    ),
    "stats": (f"{T} stats friday.toml", f"{T} stats evenings/ --player Anna --alias Hansi=Hans"),
    "chart": (f"{T} chart evenings/ -o season.html", f"{T} chart friday.toml -o friday.svg"),
    "profiles": (f"{T} profiles", f"{T} profiles show koenigrufen"),
    "profiles show": (f"{T} profiles show pagat", f"{T} profiles show my.toml --toml"),
    "tournament": (
        f"{T} tournament new cup-day --players-file players.txt --rounds 3 --games 24 -P ooe-2023 --format schrift",
        f"{T} tournament draw cup-day -r 1",
    ),
    "tournament new": (
        f"{T} tournament new cup-day --players-file players.txt --rounds 3 --games 24 -P ooe-2023 --format schrift",
        f"{T} tournament new cup-day -p {TABLE},Edi,Fritz,Gerti,Hans --rounds 2 --games 20 -P koenigrufen"
        " --format haupt-sub --stake 0,10",
    ),
    "tournament draw": (f"{T} tournament draw cup-day -r 1", f"{T} tournament draw cup-day -r 2 --seed 7"),
    "tournament players": (
        f"{T} tournament players cup-day add Zenzi",
        f"{T} tournament players cup-day drop Bert",
    ),
    "tournament standings": (
        f"{T} tournament standings cup-day",
        f"{T} tournament standings cup-day -f html",
    ),
    "tournament money": (f"{T} tournament money cup-day", f"{T} tournament money cup-day -f csv"),
    "cup": (
        f"{T} cup standings day1 day2 day3 --points cup.toml",
        f"{T} cup standings day1 day2 --points cup.toml -f csv",
    ),
    "cup standings": (
        f"{T} cup standings day1 day2 day3 --points cup.toml",
        f"{T} cup standings day1 day2 --points cup.toml -f json",
    ),
    "serve": (f"{T} serve cup-day --host 0.0.0.0", f"{T} serve friday.toml --port 0 --json"),
}

# A value's placeholder by the parameter's name; any other takes its name in capitals.
METAVARS: dict[str, str] = {
    "contract": "CONTRACT",
    "players": "NAMES",
    "declarer": "NAME",
    "partner": "NAME",
    "renonce": "NAME",
    "points": "POINTS",
    "defender_points": "POINTS",
    "kontra": "STEP",
    "bonus": "BONUS",
    "ledger": "FILE",
    "hand_file": "HAND_FILE",
    "number": "N",
    "replace": "N",
    "profile": "PROFILE",
    "stake": "AMOUNT",
    "date": "DATE",
    "place": "PLACE",
    "name": "NAME",
    "folder": "FOLDER",
    "folders": "FOLDERS",
    "players_file": "FILE",
    "output": "FILE",
    "out": "FILE",
    "format": "FORMAT",
    "output_format": "FORMAT",
    "round": "N",
    "rounds": "N",
    "games": "N",
    "games_five": "N",
    "seed": "N",
    "action": "add|drop",
    "ledgers": "LEDGERS",
    "lang": "de|en",
}


def example_block(lines: tuple[str, ...]) -> str:
    """The epilog: Click keeps a paragraph that starts with ``\\b`` as written."""
    return "\b\n" + _("Examples:") + "\n" + "\n".join(f"  {line}" for line in lines)


def _word(param: Any) -> str:
    """The placeholder of a parameter: by its long option's name where it has one (the
    parameter ``output`` of ``--format`` is a FORMAT, of ``--output`` a FILE), else by its name."""
    flags = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
    name = flags[0][2:].replace("-", "_") if flags else str(param.name or "value")
    return METAVARS.get(name, name.upper())


def _plain_metavar(word: str, *args: Any, **kwargs: Any) -> str:
    return word


def _format_usage(command: Any, ctx: Any, formatter: Any) -> None:
    """The usage line, as Typer writes it, after the run's word for "Usage:"."""
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), prefix=_("Usage: "))


def _help_option(made: Any, ctx: Any) -> Any:
    """The ``--help`` option Typer makes, with its help in the run's language."""
    option = made(ctx)
    if option is not None:
        option.help = _("Show this message and exit.")
    return option


def finish(command: Any, path: str = "") -> None:
    """Examples under each command, words as placeholders and the page's own words in the run's
    language, throughout a command tree."""
    if command.epilog is None and path in EXAMPLES:
        command.epilog = example_block(EXAMPLES[path])
    command.format_usage = partial(_format_usage, command)
    command.get_help_option = partial(_help_option, command.get_help_option)
    if command.options_metavar == "[OPTIONS]":
        command.options_metavar = _("[OPTIONS]")
    if getattr(command, "subcommand_metavar", None) == "COMMAND [ARGS]...":
        command.subcommand_metavar = _("COMMAND [ARGS]...")
    for param in getattr(command, "params", ()):
        if getattr(param, "is_flag", False) or getattr(param, "count", False):
            continue
        if param.param_type_name == "argument":
            # the usage line shows the word itself, not Typer's {name} or [name]
            word = param.metavar or _word(param)
            shown = word if param.required else f"[{word}]"
            if param.nargs != 1:
                shown += "..."
            param.make_metavar = partial(_plain_metavar, shown)
        elif param.metavar is None or param.metavar.startswith("<"):
            param.metavar = _word(param)
    for name, sub in getattr(command, "commands", {}).items():
        finish(sub, f"{path} {name}".strip())
