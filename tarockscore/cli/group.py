"""The classes Typer builds our commands and groups of (CLI layer): help pages that read as words
in the run's language, and every user error as ``error:`` lines and its exit code (1: the input
breaks the rules; 2: usage; 3: the output could not be written), said once for all commands."""

from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption
from typer.models import CommandFunctionType

import tarockscore
from tarockscore import i18n
from tarockscore.cli.options import repeated_options
from tarockscore.cli.terminal import OutputFailed, OutputGone, escaped_output, stdout_closed
from tarockscore.cli.typer_glue import (
    ClickCommand,
    ClickContext,
    ExtraArguments,
    HelpFormatter,
    Parameter,
    said,
    speak_our_language,
)
from tarockscore.cli.words import advised
from tarockscore.errors import (
    INTERRUPTED,
    MAX_SHOWN,
    N_,
    OUTPUT_FAILED,
    Problem,
    Shown,
    TarockError,
    shortened,
)
from tarockscore.i18n import _, translated

# -- help pages -----------------------------------------------------------------------------------

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
    "upgrade": (f"{T} upgrade friday.toml", f"{T} upgrade cup-day-3"),
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
    "app": (f"{T} app build site", f"{T} app build site --pyodide package"),
    "app build": (f"{T} app build site", f"{T} app build site --pyodide package"),
}

# A value's placeholder by the parameter's name; any other takes its name in capitals. Each is
# marked for the catalogue and shown in the run's language (SPIEL, NAMEN, DATEI); the words
# typed as they are (de|en, add|drop) and N are the same in every language.
METAVARS: dict[str, str] = {
    **dict.fromkeys(("number", "replace", "round", "rounds", "games", "games_five", "seed"), "N"),
    **dict.fromkeys(("declarer", "partner", "renonce", "name"), N_("NAME")),
    **dict.fromkeys(("ledger", "players_file", "output", "out"), N_("FILE")),
    **dict.fromkeys(("points", "defender_points"), N_("POINTS")),
    **dict.fromkeys(("format", "output_format"), N_("FORMAT")),
    "contract": N_("CONTRACT"),
    "players": N_("NAMES"),
    "kontra": N_("STEP"),
    "bonus": N_("BONUS"),
    "hand_file": N_("HAND_FILE"),
    "profile": N_("PROFILE"),
    "stake": N_("AMOUNT"),
    "date": N_("DATE"),
    "place": N_("PLACE"),
    "folder": N_("FOLDER"),
    "folders": N_("FOLDERS"),
    "ledgers": N_("LEDGERS"),
    "action": "add|drop",
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
    shown = []
    for line in lines:
        for word in EXAMPLE_WORDS:
            line = line.replace(word, translated(word))
        shown.append(f"  {line}")
    return "\b\n" + _("Examples:") + "\n" + "\n".join(shown)


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
    """The run's language for "Usage:" and the help of ``--help`` (a base of both classes, before Typer's)."""

    def format_usage(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix=_("Usage: "))

    def get_help_option(self, ctx: ClickContext) -> TyperOption | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option


class Command(PageWords, TyperCommand):
    """A command whose arguments read as words, and whose arguments left over are refused as
    :class:`ExtraArguments`, to be said in the run's language."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        ctx.allow_extra_args = True  # Click's parsing keeps what is left over; refused here
        extra = super().parse_args(ctx, args)
        if extra and not ctx.resilient_parsing:
            raise ExtraArguments(extra, ctx)
        return extra

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
    """Throughout a command tree Typer has just built for this run: examples under each command,
    words as options' placeholders, and the help texts (English in the code) in the run's language."""
    if command.epilog is None and path in EXAMPLES:
        command.epilog = example_block(EXAMPLES[path])
    if command.options_metavar == "[OPTIONS]":
        command.options_metavar = _("[OPTIONS]")
    if getattr(command, "subcommand_metavar", None) == "COMMAND [ARGS]...":
        command.subcommand_metavar = _("COMMAND [ARGS]...")  # type: ignore[attr-defined]  # a group's
    for attr in ("help", "short_help"):
        text = getattr(command, attr, None)
        if text:
            setattr(command, attr, i18n.gettext(text))
    for param in command.params:
        if getattr(param, "help", None):
            param.help = i18n.gettext(param.help)  # type: ignore[attr-defined]
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


# -- the command group: errors and the language of a run ----------------------------------------

HELP = "Score Austrian Tarock hands (Königrufen, Zwanzigerrufen) under a house-rule profile."

# Typer's own words on a help page and in a group's errors go through our catalogue, so a German
# page is German throughout (its headings, "default", "required").
speak_our_language(i18n.gettext)


# "Fehler:" in German, as a warning says "Warnung:"; the problem's text is already rendered.
ERROR = N_("error: {problem}")


def _located(text: str) -> str:
    """A message, or a part of a problem's place, in the run's language (``hand 3``: ``Spiel 3``)."""
    for prefix, template in (("hand ", HAND), ("entry ", ENTRY)):
        number = text.removeprefix(prefix)
        if number != text and number.isdigit():
            return i18n.gettext(template).format(id=number)
    return i18n.gettext(text)


HAND = N_("hand {id}")
ENTRY = N_("entry {id}")


def fail(problems: tuple[Problem, ...], exit_code: int) -> NoReturn:
    """The one place errors become text: each problem in the run's language, with its way out."""
    for problem in problems:
        typer.echo(i18n.gettext(ERROR).format(problem=advised(problem).render(_located)), err=True)
    raise typer.Exit(exit_code)


CLOSED = N_(
    "standard output is closed, so nothing was done: the command has nowhere to print; "
    "give it somewhere, e.g. > out.txt, or > /dev/null to drop what it prints"
)
NOT_PRINTED = N_("could not write the output to standard output ({why}); nothing was changed")
LEDGER_SAVED = N_(
    "could not write the output to standard output ({why}); the ledger {path} was written all the "
    "same: see it with `tarockscore show --ledger {path}` before you run the command again"
)
FILES_SAVED = N_(
    "could not write the output to standard output ({why}); written all the same: {paths}; "
    "look at them before you run the command again"
)


def output_failed(why: str, written: list[tuple[Path, str]]) -> NoReturn:
    """The output could not be written: say why, and what the command saved all the same."""
    ledgers = [path for path, what in written if what == "ledger"]
    if not written:
        problem = Problem.of("", NOT_PRINTED, why=why)
    elif len(written) == 1 and ledgers:
        problem = Problem.of("", LEDGER_SAVED, why=why, path=ledgers[0])
    else:
        problem = Problem.of("", FILES_SAVED, why=why, paths=", ".join(str(path) for path, _ in written))
    fail((problem,), OUTPUT_FAILED)


def _usage(exc: typer.TyperException) -> NoReturn:
    """Typer's usage error as our one ``error:`` line, with the command's help to look at."""
    ctx = getattr(exc, "ctx", None)
    hint = (
        i18n.gettext(N_(" (see '{command} --help')")).format(command=ctx.command_path)
        if ctx is not None
        else ""
    )
    # Typer's text quotes the value as typed: a long one is cut like a value in our own errors
    text = shortened(said(exc), 2 * MAX_SHOWN)
    fail((Problem("", text + hint),), exc.exit_code)


class CommandGroup(PageWords, TyperGroup):
    """Turns every user-facing error into ``error:`` lines on stderr and an exit code, once."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: ClickContext | None = None, **extra: Any
    ) -> ClickContext:
        if parent is None:
            # The language is settled before anything is parsed, so --help, Typer's usage errors
            # and every message of the run speak it; each run chooses afresh.
            i18n.use(i18n.choose(args))
            unknown = i18n.unknown_language(args)
            if unknown is not None:  # the run reads English: the warning is said before anything else
                warning = N_(
                    "warning: {var}={value!r} is not a language of tarockscore (de or en); going on in English"
                )
                typer.echo(
                    i18n.gettext(warning).format(var=i18n.EXPLICIT_VAR, value=Shown(unknown)), err=True
                )
            if stdout_closed():
                fail((Problem.of("", CLOSED),), 2)
            finish(self)
        typed = list(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except OSError as exc:
            # parsing writes nothing but the top level's --help and --version to standard output
            if parent is not None:
                raise
            if isinstance(exc, BrokenPipeError):
                raise typer.Exit(OUTPUT_FAILED) from None
            output_failed(exc.strerror or str(exc), [])
        except typer.TyperException as exc:
            _usage(exc)
        refuse_repeats(self, ctx, typed)
        return ctx

    def invoke(self, ctx: ClickContext) -> Any:
        with escaped_output(), tarockscore.noting_writes() as written:
            try:
                return super().invoke(ctx)
            except OutputGone:
                raise typer.Exit(OUTPUT_FAILED) from None  # the reader stopped reading: nothing to say
            except OutputFailed as exc:
                output_failed(exc.why, written)
            except TarockError as exc:
                fail(exc.problems, exc.exit_code)
            except typer.Exit:
                raise
            except KeyboardInterrupt:
                # every file this program writes is replaced in one step: an interrupt changes nothing
                raise typer.Exit(INTERRUPTED) from None
            except RecursionError:
                # the readers bound nesting; this is the last line of defence, never a traceback
                fail((Problem.of("", N_("the input is nested too deeply to process")),), 1)
            except ValueError as exc:
                # Python will not turn an integer of more than 4,300 digits into text; the readers
                # bound every number, and a sum of stored numbers is the one way left to reach it
                if "integer string conversion" not in str(exc):
                    raise
                fail(
                    (
                        Problem.of(
                            "", N_("a number in the input is too large to show (more than 4,300 digits)")
                        ),
                    ),
                    1,
                )
            except typer.TyperException as exc:
                _usage(exc)


def refuse_repeats(group: TyperGroup, ctx: ClickContext, typed: list[str]) -> None:
    """A single-valued option of the command ``typed`` invokes given twice differently: exit 2."""
    at = next((i for i, a in enumerate(typed) if not a.startswith("-") and group.get_command(ctx, a)), None)
    command = None if at is None else group.get_command(ctx, typed[at])
    if at is None or command is None or isinstance(command, TyperGroup):
        return
    repeated = repeated_options(command.params, typed[at + 1 :])
    if repeated:
        fail(tuple(Problem("", message) for message in repeated), 2)


class App(typer.Typer):
    """A Typer app whose commands are of the class :class:`Command`."""

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **settings: Any
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        return super().command(name, cls=cls or Command, **settings)


def new_app(**settings: Any) -> typer.Typer:
    """A Typer app (the whole command line, or a command group) that reports errors our way."""
    return App(cls=CommandGroup, rich_markup_mode=None, **settings)
