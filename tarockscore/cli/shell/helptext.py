"""The help pages' finish: examples from the table under every command, placeholders as words.

Typer builds the command tree afresh at every start; :func:`finish` walks it once before it is
used (the run's language already chosen), so each command's help ends with two or three example
lines, every option's value reads as a word (``-c CONTRACT``, ``-l FILE``) rather than a type
(``<str>``), and "[OPTIONS]" is in the run's language. The classes Typer makes the commands
and groups of (its ``cls=``) write an argument as a word too (``N``, ``[HAND_FILE]``), and
"Usage:" and the line of ``--help`` in the run's language.
"""

from __future__ import annotations

from typer.core import TyperCommand, TyperOption

from tarockscore.cli.shell.typer_glue import ClickCommand, ClickContext, HelpFormatter, Parameter
from tarockscore.i18n import N_, _, translated

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
    "upgrade": (f"{T} upgrade friday.toml", f"{T} upgrade evenings/2024-11-08.toml"),
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
    "tournament cards": (
        f"{T} tournament cards cup-day -r 1 -o cards.html",
        f"{T} tournament cards cup-day --round 2 > round-2-cards.html",
    ),
    "tournament result": (
        f"{T} tournament result cup-day -r 1 -t 3 Anna=24 Bert=-8 Cilli=-8 Dani=-8",
        f"{T} tournament result cup-day --from round-1.csv",
    ),
    "tournament close-round": (
        f"{T} tournament close-round cup-day --round 1",
        f"{T} tournament close-round cup-day -r 2",
    ),
    "tournament check": (
        f"{T} tournament check cup-day",
        f"{T} tournament check cup-day --head 0c9d41f7e2b3",
    ),
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

# A value's placeholder by the parameter's name; any other takes its name in capitals. Each is
# marked for the catalogue and shown in the run's language (SPIEL, NAMEN, DATEI); the words
# typed as they are (de|en, add|drop) and N are the same in every language.
METAVARS: dict[str, str] = {
    "contract": N_("CONTRACT"),
    "players": N_("NAMES"),
    "declarer": N_("NAME"),
    "partner": N_("NAME"),
    "renonce": N_("NAME"),
    "points": N_("POINTS"),
    "defender_points": N_("POINTS"),
    "kontra": N_("STEP"),
    "bonus": N_("BONUS"),
    "ledger": N_("FILE"),
    "hand_file": N_("HAND_FILE"),
    "number": "N",
    "replace": "N",
    "profile": N_("PROFILE"),
    "stake": N_("AMOUNT"),
    "date": N_("DATE"),
    "place": N_("PLACE"),
    "name": N_("NAME"),
    "folder": N_("FOLDER"),
    "folders": N_("FOLDERS"),
    "players_file": N_("FILE"),
    "output": N_("FILE"),
    "out": N_("FILE"),
    "format": N_("FORMAT"),
    "output_format": N_("FORMAT"),
    "round": "N",
    "rounds": "N",
    "games": "N",
    "games_five": "N",
    "seed": "N",
    "action": "add|drop",
    "ledgers": N_("LEDGERS"),
    "lang": "de|en",
}

# The placeholders the command modules give themselves (``metavar=``), marked for the catalogue.
GIVEN = (
    N_("ALIAS=NAME"),
    N_("HANDS"),
    N_("LEDGER_OR_FOLDER"),
    N_("TEXT"),
    N_("NAME[,declarers|defenders][,announced][,lost][,STEP]"),
)


# The examples' own names for files and folders, in the run's language (freitag.toml); the
# command words, options and the players' words they show are typed as they are.
EXAMPLE_WORDS = (N_("friday"), N_("evenings/"), N_("players.txt"), N_("my.toml"))


def example_block(lines: tuple[str, ...]) -> str:
    """The epilog: Click keeps a paragraph that starts with ``\\b`` as written."""
    said = []
    for line in lines:
        for word in EXAMPLE_WORDS:
            line = line.replace(word, translated(word))
        said.append(f"  {line}")
    return "\b\n" + _("Examples:") + "\n" + "\n".join(said)


def _word(param: Parameter) -> str:
    """The placeholder of a parameter: by its long option's name where it has one (the
    parameter ``output`` of ``--format`` is a FORMAT, of ``--output`` a FILE), else by its name."""
    flags = [o for o in param.opts if o.startswith("--")]
    name = flags[0][2:].replace("-", "_") if flags else str(param.name or "value")
    return METAVARS.get(name, name.upper())


def argument_word(param: Parameter) -> str:
    """An argument as the usage line and the help page show it: the word itself, not Typer's
    ``{name}`` or ``[name]``; in brackets when it may be left out, with dots when repeated."""
    word = translated(param.metavar or _word(param))
    shown = word if param.required else f"[{word}]"
    return shown + "..." if param.nargs != 1 else shown


class PageWords(ClickCommand):
    """The words of a help page that Click writes in English, in the run's language: "Usage:" and
    the help of ``--help`` (a base of the command and the group class, before Typer's)."""

    def format_usage(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix=_("Usage: "))

    def get_help_option(self, ctx: ClickContext) -> TyperOption | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option


class Command(PageWords, TyperCommand):
    """A command whose arguments read as words on its usage line and in its list of arguments."""

    def collect_usage_pieces(self, ctx: ClickContext) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                pieces.append(argument_word(param))
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def format_options(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        """Typer's two sections, "Arguments" and "Options", each argument named by its word."""
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((argument_word(param), record[1]))
            elif param.param_type_name == "option":
                options.append(record)
        for heading, rows in ((_("Arguments"), arguments), (_("Options"), options)):
            if rows:
                with formatter.section(heading):
                    formatter.write_dl(rows)


def finish(command: ClickCommand, path: str = "") -> None:
    """Examples under each command, words as options' placeholders and "[OPTIONS]" in the run's
    language, throughout a command tree."""
    if command.epilog is None and path in EXAMPLES:
        command.epilog = example_block(EXAMPLES[path])
    if command.options_metavar == "[OPTIONS]":
        command.options_metavar = _("[OPTIONS]")
    if getattr(command, "subcommand_metavar", None) == "COMMAND [ARGS]...":
        command.subcommand_metavar = _("COMMAND [ARGS]...")  # type: ignore[attr-defined]  # a group's
    for param in command.params:
        if (
            param.param_type_name != "option"
            or getattr(param, "is_flag", False)
            or getattr(param, "count", False)
        ):
            continue
        if param.metavar is None or param.metavar.startswith("<"):
            param.metavar = _word(param)
        param.metavar = translated(param.metavar)
    for name, sub in getattr(command, "commands", {}).items():
        finish(sub, f"{path} {name}".strip())
