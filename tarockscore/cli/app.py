"""The ``tarockscore`` command line (CLI layer): the app with every command in the order help lists
them, the console script :func:`main`, help pages in the run's language, and every user error as
``error:`` lines with its exit code (1: the input breaks the rules; 2: usage; 3: the output could
not be written; 130: interrupted), said once for all commands.

The one adapter to Typer: no other module touches a name of Typer's that starts with an underscore.
It needs ``typer.core._``, the gettext Typer says its own words through (:data:`TYPER_WORDS`),
rebound to our catalogue; ``typer._click.exceptions``, the usage errors Typer writes in English
only, which :func:`said` says again from their parts, a refused value as our own refusals say
one (:func:`refusal`: ``--round: 'zz' is not …``) (where an error lacks them, our command
classes raise :class:`RefusedValue`, :class:`ExtraArguments` or :class:`UnknownCommand`; Click's
two errors of an option's value carry only the option's name, so :func:`usage_words` tells them
apart by their sentences); ``IntParamType`` and ``typer._types.TyperChoice``, whose refusals
are said from the type or its choices; and ``typer._click``'s ``Command``, ``Context``,
``Parameter`` and ``HelpFormatter``, the base of the help pages' words; and
``typer._click._textwrap.TextWrapper``, told to break a help line at a space only, never at the
hyphen of a name (``tarock-ledger.toml``) nor inside a quoted value (``"35 2/3"``).

Checked against Typer 0.28.0 and the Click 8.3.1 it carries as ``typer._click``;
``tests/test_typer_glue.py`` fails when one of these is gone or says its English differently.
"""

from __future__ import annotations

import contextlib
import difflib
import errno
import io
import os
import re
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

import typer
import typer.core
from typer import BadParameter
from typer._click import Command as ClickCommand
from typer._click import Context as ClickContext
from typer._click import HelpFormatter, Parameter
from typer._click._textwrap import TextWrapper
from typer._click.exceptions import (
    BadOptionUsage,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer._click.types import IntParamType
from typer._types import TyperChoice
from typer.core import TyperCommand, TyperGroup, TyperOption

import tarockscore
from tarockscore import __version__, i18n
from tarockscore.cli.commands import app as site
from tarockscore.cli.commands import enter, ledger, score, season, serve, tournament
from tarockscore.cli.options import NOT_WHOLE, advised, language_given
from tarockscore.errors import (
    INTERRUPTED,
    MAX_SHOWN,
    N_,
    OUTPUT_FAILED,
    Problem,
    Shown,
    TarockError,
    and_listed,
    escape_unprintable,
    shortened,
)
from tarockscore.i18n import _, translated

# The words Typer says through typer.core._, marked here for our catalogue.
NO_SUCH_COMMAND = N_("No such command {name!r}.")
TYPER_WORDS = (
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("default: {default}"),
    N_("required"),
    N_("(dynamic)"),
    N_("env var: {var}"),
    N_("Missing command."),
    NO_SUCH_COMMAND,
    N_("Aborted!"),
)


# Each usage error we say again, with a {name} for each part the error carries. The English of
# each is Typer's own word for word, so an English run reads as Typer writes it.
MISSING_ARGUMENT = N_("Missing argument {name}.")
# ours in English too: Click's lists the choices on lines of their own, a tab before each
MISSING_CHOICE = N_("Missing argument {name}: give one of {choices}.")
MISSING_OPTION = N_("Missing option {name}.")
NO_SUCH_OPTION_POSSIBLE = N_("No such option: {name} (possible: {options})")
NO_SUCH_OPTION = N_("No such option: {name}")
REQUIRES_A_VALUE = N_("Option {name} requires an argument.")
TAKES_NO_VALUE = N_("Option {name} does not take a value.")
EXTRA_ARGUMENTS = N_("Got unexpected extra argument(s) ({arguments})")
# A value refused is said as our own refusals are, ``--seed: 'zz' is not a whole number; …``.
NOT_A_CHOICE = N_("{value!r} is not one of {choices}")
# Typer adds its guesses to Click's "No such command" (said already in the run's language) in English
NO_SUCH_COMMAND_MEANT = N_("{reason}. Did you mean {choices}?")

SEE_HELP = N_(" (see '{command} --help')")
# The options of tarockscore itself, said before the command, each with how it is given there.
MAIN_OPTIONS = {"--lang": "{t} --lang de {command}", "--version": "{t} --version"}
MAIN_OPTION_FIRST = N_(" ({name} goes before the command: '{example}')")
# An option of a group's command given before the command (``radl -l r.toml strike``).
COMMAND_OPTION_AFTER = N_(" ({name} belongs after the command: '{example}')")
# An option of another command of the group (``record --stake``: an option of ``new``).
OPTION_OF = N_(" ({name} is an option of {commands})")


class ExtraArguments(UsageError):
    """Arguments a command was given beyond its own (``delete 1 2 3``), in Click's English."""

    def __init__(self, extra: Sequence[str], ctx: ClickContext | None = None) -> None:
        self.extra = list(extra)
        super().__init__(EXTRA_ARGUMENTS.format(arguments=_arguments(self.extra)), ctx)


class RefusedValue(BadParameter):
    """Click's refusal of a value, with the ``value`` as it was typed."""

    def __init__(self, exc: BadParameter, value: str) -> None:
        super().__init__(exc.message, exc.ctx, exc.param, exc.param_hint)
        self.value = value


class UnknownCommand(UsageError):
    """Typer's "No such command" of a group, with the ``name`` typed and the commands ``meant``."""

    def __init__(self, exc: UsageError, name: str, meant: list[str]) -> None:
        super().__init__(exc.message, exc.ctx)
        self.name, self.meant = name, meant

    def reason(self) -> str:
        """Click's sentence without its full stop, as Typer adds its guesses to it."""
        return i18n.gettext(NO_SUCH_COMMAND).format(name=self.name).rstrip(".")


def said(exc: typer.TyperException) -> str:
    """Typer's usage error ``exc`` in the run's language (as Typer wrote it where we do not say it)."""
    words = usage_words(exc)
    if words is None or (i18n.current() == i18n.DEFAULT and words[0] != MISSING_CHOICE):
        return exc.format_message()
    return i18n.gettext(words[0]).format(**words[1])


def usage_words(exc: typer.TyperException) -> tuple[str, dict[str, str]] | None:
    """The message that says ``exc`` again and its parts; None where Typer's English stays."""
    if isinstance(exc, ExtraArguments):
        return (EXTRA_ARGUMENTS, {"arguments": _arguments(exc.extra)}) if exc.extra else None
    if isinstance(exc, MissingParameter) and exc.param is not None:
        kind = exc.param_type or exc.param.param_type_name
        message = {"argument": MISSING_ARGUMENT, "option": MISSING_OPTION}.get(kind)
        name = _hint(exc)
        if message is None or not name or exc.message:
            return None
        if isinstance(exc.param.type, TyperChoice) and message == MISSING_ARGUMENT:
            return MISSING_CHOICE, {"name": name, "choices": _choices(exc.param.type, exc.ctx)}
        # a type that adds words of its own to "Missing …" keeps Typer's English
        if exc.param.type.get_missing_message(param=exc.param, ctx=exc.ctx):
            return None
        return message, {"name": name}
    if isinstance(exc, NoSuchOption):
        name = _shown(exc.option_name)
        if exc.possibilities:
            return NO_SUCH_OPTION_POSSIBLE, {"name": name, "options": ", ".join(sorted(exc.possibilities))}
        return NO_SUCH_OPTION, {"name": name}
    if isinstance(exc, UnknownCommand):
        return NO_SUCH_COMMAND_MEANT, {"reason": exc.reason(), "choices": ", ".join(map(repr, exc.meant))}
    if isinstance(exc, BadOptionUsage) and exc.option_name:
        name = repr(exc.option_name)
        for message in (REQUIRES_A_VALUE, TAKES_NO_VALUE):
            if exc.message == message.format(name=name):  # which of Click's two: nothing else tells
                return message, {"name": name}
    return None


def refusal(exc: BadParameter) -> Problem | None:
    """A value Click refused, as a refusal of our own says it (``--round: 'zz' is not …``): the
    option by its long name, an argument by its word, then why; None where Click names no parameter."""
    param, value = exc.param, getattr(exc, "value", None)
    if param is None or not exc.message:
        return None
    opts = [o for o in param.opts if o.startswith("--")] or param.opts
    name = opts[0] if param.param_type_name == "option" else param.metavar or _hint(exc)
    kind = param.type
    if value is None or not isinstance(kind, IntParamType | TyperChoice):
        return Problem(name, shortened(exc.message, 2 * MAX_SHOWN))  # a reader of ours said why
    with contextlib.suppress(BadParameter):
        kind.convert(value, None, None)
        # the type takes it: a check of the command's own refused it
        return Problem(name, shortened(exc.message, 2 * MAX_SHOWN))
    if isinstance(kind, TyperChoice):
        return Problem.of(name, NOT_A_CHOICE, value=value, choices=_choices(kind, exc.ctx))
    return Problem.of(name, NOT_WHOLE, text=value)


def _choices(kind: TyperChoice[Any], ctx: ClickContext | None) -> str:
    """A choice's words as Click quotes them: ``'add', 'drop'``."""
    return ", ".join(repr(kind.normalize_choice(choice, ctx)) for choice in kind.choices)


def _hint(exc: BadParameter) -> str:
    """The parameter as Click names it in the error: ``'--round' / '-r'``, ``'number'``."""
    hint: Sequence[str] | str | None = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint(exc.ctx)  # type: ignore[arg-type]  # Click passes None as well
    if hint is None:
        return ""
    return hint if isinstance(hint, str) else " / ".join(repr(x) for x in hint)


def _arguments(extra: Sequence[str]) -> str:
    """Arguments as Click shows them in an error: one space between, control characters as ``\\xNN``."""
    return " ".join(_shown(str(arg)) for arg in extra)


def _shown(text: str) -> str:
    """A value typed on the command line as Click shows it in an error: control characters as ``\\xNN``."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda found: f"\\x{ord(found[0]):02x}", text)


T = "tarockscore"
FOUR = "Anna,Bert,Cilli,Dani"

# Command path (after "tarockscore") → example lines. Every command has two or three.
EXAMPLES: dict[str, tuple[str, ...]] = {
    "": (
        f"{T} score -c rufer -p {FOUR} -d Anna -w Cilli -t 40",
        f"{T} new -p {FOUR} --stake 0,10",
        f"{T} record -c dreier -d Cilli -t '35 2'",
    ),
    "score": (
        f"{T} score examples/koenigrufen-call.toml",
        f"{T} score -c rufer -p {FOUR} -d Anna -w Cilli -t '35 2' -k kontra -b pagat,announced",
        f"{T} score -c bettel -p {FOUR} -d Bert --lost -k Anna=kontra",
    ),
    "new": (
        f"{T} new -p {FOUR} --stake 0,10 --date 14.03.2025 --place 'Café Sperl'",
        f"{T} new -p {FOUR},Edi -P steiermark -l friday.toml",
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
    "explain": (f"{T} explain 4", f"{T} explain 4 --json -l friday.toml"),
    "check": (f"{T} check", f"{T} check -l friday.toml"),
    "rescore": (f"{T} rescore -P pagat", f"{T} rescore -P pagat --write"),
    "repair": (f"{T} repair -l friday.toml", f"{T} repair --write -l friday.toml"),
    "settle": (f"{T} settle", f"{T} settle --stake 0,20", f"{T} settle --json"),
    "upgrade": (f"{T} upgrade friday.toml", f"{T} upgrade cup-day-3"),
    "enter": (f"{T} enter", f"{T} enter --replace 3", f"{T} enter -l friday.toml"),
    "radl add": (f"{T} radl add", f"{T} radl add 2 -l friday.toml"),
    "radl strike": (f"{T} radl strike", f"{T} radl strike 4"),
    "season": (
        f"{T} season evenings/",
        f"{T} season evenings/ --from 01.01.2025 --to 31.12.2025 -f csv",
    ),
    "stats": (f"{T} stats friday.toml", f"{T} stats evenings/ --player Anna --alias Hansi=Hans"),
    "chart": (f"{T} chart evenings/ -o season.html", f"{T} chart friday.toml -o friday.svg"),
    "profiles": (f"{T} profiles", f"{T} profiles list --json", f"{T} profiles show koenigrufen"),
    "profiles list": (f"{T} profiles list", f"{T} profiles list --csv"),
    "profiles show": (f"{T} profiles show pagat", f"{T} profiles show my.toml --toml"),
    "tournament new": (
        f"{T} tournament new cup-day --players-file players.txt --rounds 3 --games 24 -P ooe-2023 --format schrift",
        f"{T} tournament new cup-day -p {FOUR},Edi,Fritz,Gerti,Hans --rounds 2 --games 20 -P koenigrufen"
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
    "cup standings": (
        f"{T} cup standings day1 day2 day3 --points cup.toml",
        f"{T} cup standings day1 day2 --points cup.toml -f json",
    ),
    "serve": (f"{T} serve cup-day --host 0.0.0.0", f"{T} serve friday.toml --port 0 --json"),
    "app build": (f"{T} app build site", f"{T} app build site --pyodide package"),
}
# The groups show examples of their commands.
EXAMPLES["radl"] = (EXAMPLES["radl add"][0], EXAMPLES["radl strike"][0])
EXAMPLES["tournament"] = (EXAMPLES["tournament new"][0], EXAMPLES["tournament draw"][0])
EXAMPLES["app"] = EXAMPLES["app build"]
EXAMPLES["cup"] = (EXAMPLES["cup standings"][0], f"{T} cup standings day1 day2 --points cup.toml -f csv")

# A value's placeholder by the parameter's name; any other takes its name in capitals. Each is
# marked for the catalogue and shown in the run's language (SPIEL, NAMEN, DATEI); the words
# typed as they are (de|en, add|drop) and N are the same in every language.
METAVARS: dict[str, str] = {
    **dict.fromkeys(("number", "replace", "round", "rounds", "games", "games_five", "seed", "table"), "N"),
    **dict.fromkeys(("declarer", "partner", "renonce", "name", "player"), N_("NAME")),
    **dict.fromkeys(("ledger", "players_file", "output", "from", "aliases"), N_("FILE")),
    **dict.fromkeys(("path", "pyodide"), N_("PATH")),
    **dict.fromkeys(("points", "defender_points"), N_("POINTS")),
    "format": N_("FORMAT"),
    "contract": N_("CONTRACT"),
    "players": N_("NAMES"),
    "kontra": N_("STEP"),
    "bonus": N_("BONUS"),
    "hand_file": N_("HAND_FILE"),
    **dict.fromkeys(("profile", "rescore"), N_("PROFILE")),
    "stake": N_("AMOUNT"),
    **dict.fromkeys(("date", "to"), N_("DATE")),
    "place": N_("PLACE"),
    "folder": N_("FOLDER"),
    "folders": N_("FOLDERS"),
    "ledgers": N_("LEDGERS"),
    "head": N_("HEAD"),
    "title": N_("TITLE"),
    "king_half": N_("declarer|defenders"),
    "action": "add|drop",
    "lang": "de|en",
}

# The examples' own names for files and folders, in the run's language (freitag.toml); the
# command words, options and the players' words they show are typed as they are.
EXAMPLE_WORDS = (N_("friday"), N_("evenings/"), N_("players.txt"), N_("my.toml"))


# An example's shell words, an option with its value as one (-t '35 2', --title "Am Freitag").
_SHELL_WORDS = re.compile(r"""(?:-[^\s=]+ (?=[^-\s]))?(?:'[^']*'|"[^"]*"|\S)+""")


def example_block(lines: tuple[str, ...]) -> str:
    """The epilog: Click keeps a paragraph that starts with ``\\b`` as written. An example too
    long for 80 columns (4 of them the page's indent) goes on as a shell line goes on, after a
    backslash, so it still copies and runs."""
    shown = []
    for line in lines:
        for word in EXAMPLE_WORDS:
            line = line.replace(word, translated(word))
        first, *words = _SHELL_WORDS.findall(line)
        rows = [f"  {first}"]
        for word in words:
            if len(rows[-1]) + len(word) > 75:  # with " word \\" and the page's indent: past 80
                rows[-1] += " \\"
                rows.append(f"    {word}")
            else:
                rows[-1] += f" {word}"
        shown += rows
    return "\b\n" + _("Examples:") + "\n" + "\n".join(shown)


def _word(param: Parameter) -> str:
    """A parameter's placeholder, by its long option's name where it has one, else by its name."""
    flags = [o for o in param.opts if o.startswith("--")]
    name = flags[0][2:].replace("-", "_") if flags else str(param.name or "value")
    return METAVARS.get(name, name.upper())


def argument_word(param: Parameter) -> str:
    """An argument as usage and help show it: in brackets when optional, with dots when repeated."""
    word = param.metavar or translated(_word(param))  # finish() gives each its word in the run's language
    shown = word if param.required else f"[{word}]"
    return shown + "..." if param.nargs != 1 else shown


# A help line breaks at a space, never at a hyphen: "tarock-" and "ledger.toml" a line below
# could not be copied as the file's name; nor at a space inside a quoted value ("35 2/3"), one
# value to type: a space breaks where an even number of quotes follows it.
TextWrapper.wordsep_re = re.compile(r'([\t\n\x0b\x0c\r ]+)(?=(?:[^"]*"[^"]*")*[^"]*\Z)')


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
    """A command whose arguments read as words, and whose arguments left over are :class:`ExtraArguments`."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        ctx.allow_extra_args = True  # Click's parsing keeps what is left over; refused here
        typed = list(args)
        if not ctx.resilient_parsing:
            refuse_repeats(self, typed)
        try:
            extra = super().parse_args(ctx, args)
        except BadParameter as exc:
            if isinstance(exc, MissingParameter) or exc.param is None or exc.param.name is None:
                raise
            # the value refused, as the parser read it: Click's error has it in its English only
            value = self.make_parser(ctx).parse_args(typed)[0].get(exc.param.name)
            if not isinstance(value, str):
                raise
            raise RefusedValue(exc, value) from None
        except UsageError as exc:  # the parser's own (an option without its value) lack the command
            exc.ctx = exc.ctx or ctx
            raise
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
    """A command tree Typer has just built, given examples, placeholders and help in the run's language."""
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
        if param.param_type_name == "argument":  # an error names it as the usage line shows it
            param.metavar = translated(param.metavar or _word(param))
        elif param.param_type_name == "option" and not getattr(param, "is_flag", False):
            if param.metavar is None or param.metavar.startswith("<"):
                param.metavar = _word(param)
            param.metavar = translated(param.metavar)
    for name, sub in getattr(command, "commands", {}).items():
        finish(sub, f"{path} {name}".strip())


class OutputFailed(Exception):
    """Standard output could not be written; its text is the system's reason (its ``strerror``)."""


class OutputGone(Exception):
    """The reader of standard output has gone (a pipe closed by ``head -1``): nothing more is read."""


def stdout_closed() -> bool:
    """Whether standard output is closed (``>&-``, ``1<file``), asked with a write of no bytes."""
    if sys.stdout is None:  # Python found no descriptor 1 when it started
        return True
    try:
        os.write(sys.stdout.fileno(), b"")
    except OSError as exc:  # not a file (a test's captured output): io.UnsupportedOperation, no errno
        return exc.errno == errno.EBADF
    except (ValueError, AttributeError):  # not a file, or one closed
        return False
    return False


class EscapingWriter(io.TextIOBase):
    """A text stream that escapes what it writes to ``inner`` (``diagnostics``: a failed write is dropped)."""

    def __init__(self, inner: TextIO, diagnostics: bool = False) -> None:
        self._inner = inner
        self._diagnostics = diagnostics

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(N_("text only"))  # so Click treats this as a text stream
        self._done(self._inner.write, escape_unprintable(text))
        return len(text)

    def flush(self) -> None:
        self._done(self._inner.flush)

    def _done(self, step: Callable[..., object], *args: str) -> None:
        """A write or a flush of ``inner``, its failure raised as OutputGone or OutputFailed."""
        try:
            step(*args)
        except OSError as exc:
            if self._diagnostics:
                return
            if isinstance(exc, BrokenPipeError):
                raise OutputGone from None
            raise OutputFailed(exc.strerror or str(exc)) from None

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._inner.isatty()

    def fileno(self) -> int:
        return self._inner.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self._inner, "errors", None)

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # no way around the escaping for bytes either
            raise AttributeError(name)
        return getattr(self._inner, name)


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Standard output and standard error escape what is printed, for the length of a command."""
    out, err = sys.stdout, sys.stderr
    if isinstance(out, EscapingWriter):  # a command group inside another: already done
        yield
        return
    # A stream Python found closed stays None: Click then prints nothing to it.
    if out is not None:
        sys.stdout = EscapingWriter(out)
    if err is not None:
        sys.stderr = EscapingWriter(err, diagnostics=True)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        sys.stdout, sys.stderr = out, err


# Typer's own words on a help page and in a group's errors (TYPER_WORDS) go through our catalogue,
# so a German page is German throughout (its headings, "default", "required").
typer.core._ = i18n.gettext  # type: ignore[attr-defined,assignment]  # private; typed as the stdlib gettext


# "Fehler:" in German, as a warning says "Warnung:"; the problem's text is already rendered.
ERROR = N_("error: {problem}")


def fail(problems: tuple[Problem, ...], exit_code: int) -> NoReturn:
    """The one place errors become text: each problem in the run's language, with its way out."""
    for problem in problems:
        typer.echo(i18n.gettext(ERROR).format(problem=i18n.said(advised(problem))), err=True)
    raise typer.Exit(exit_code)


TOO_LARGE = N_("a number in the input is too large to show (more than 4,300 digits)")
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


def typed_options(
    typed: Sequence[str], params: dict[str, Parameter]
) -> Iterator[tuple[int, str, str | None, int]]:
    """Each option of ``params`` (by its names) among the words ``typed``, before ``--``: where it
    is, its name, its value (None: none typed) and how many words it takes (with its value apart,
    ``-l r.toml``: 2; joined, ``-lr.toml`` or ``--ledger=r.toml``, or a flag: 1)."""
    words = enumerate(typed)
    for at, word in words:
        if word == "--":
            return
        name, sep, joined = word.partition("=") if word.startswith("--") else (word[:2], "", word[2:])
        param = params.get(name)
        if param is None:
            continue
        if getattr(param, "is_flag", False) or sep or joined:
            yield at, name, joined, 1
        else:
            value = next(words, (at, None))[1]
            yield at, name, value, 1 if value is None else 2


def _taking(ctx: ClickContext, option: str) -> dict[str, Parameter]:
    """The commands of the group ``ctx`` runs that take ``option``, each with its parameter."""
    group, taking = ctx.command, dict[str, Parameter]()
    if not isinstance(group, TyperGroup):
        return taking
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        for param in command.params if command is not None else ():
            if option in (*param.opts, *param.secondary_opts):
                taking[name] = param
    return taking


def _after_the_command(exc: NoSuchOption, ctx: ClickContext, typed: Sequence[str]) -> str | None:
    """For an option of a group's command given before the command (``radl -l r.toml strike``),
    the command line with the option after it; None where no command of the group takes it."""
    group = ctx.command
    taking = _taking(ctx, exc.option_name)
    at = next(typed_options(typed, {exc.option_name: next(iter(taking.values()))}), None) if taking else None
    if at is None or not isinstance(group, TyperGroup):
        return None
    start, _name, _value, count = at
    rest = [*typed[:start], *typed[start + count :]]
    words = typed[start : start + count]
    sub = next((i for i, word in enumerate(rest) if group.get_command(ctx, word) is not None), None)
    if sub is None and rest:  # no command among the words typed: nothing to show it after
        return None
    if sub is None:  # no command typed: the first that takes it, for an example
        rest, sub = [next(iter(taking))], 0
    elif rest[sub] not in taking:
        return None
    line = [*rest[: sub + 1], *words, *rest[sub + 1 :]]
    return " ".join([ctx.command_path, *(shlex.quote(word) for word in line)])


def _usage(exc: typer.TyperException, typed: Sequence[str] = ()) -> NoReturn:
    """Typer's usage error as our one ``error:`` line, with the command's help to look at."""
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, NoArgsIsHelpError):
        # a group given without its command (`tarockscore radl`): its help page, whole, on stderr
        typer.echo(exc.ctx.get_help(), err=True)
        raise typer.Exit(exc.exit_code)
    hint = "" if ctx is None else i18n.gettext(SEE_HELP).format(command=ctx.command_path)
    number = next((p for p in ctx.command.params if p.param_type_name == "argument"), None) if ctx else None
    if isinstance(exc, NoSuchOption) and number is not None and re.fullmatch(r"-[0-9]+", exc.option_name):
        # a number below 0 where the command takes one (`delete -1`) is that number refused, no option
        try:
            number.type.convert(exc.option_name, number, ctx)
        except BadParameter as refused:
            exc, refused.ctx, refused.param = refused, ctx, number
    if isinstance(exc, NoSuchOption) and ctx is not None:
        if exc.option_name in MAIN_OPTIONS:
            # an option of tarockscore itself given after the command: say where it goes
            command = ctx.command_path.removeprefix(T).strip()
            example = MAIN_OPTIONS[exc.option_name].format(t=T, command=command)
            hint = i18n.gettext(MAIN_OPTION_FIRST).format(name=exc.option_name, example=example)
        elif line := _after_the_command(exc, ctx, typed):
            hint = i18n.gettext(COMMAND_OPTION_AFTER).format(name=exc.option_name, example=line)
        elif ctx.parent and (taking := _taking(ctx.parent, exc.option_name)):
            # an option of a neighbouring command (`record --stake`): say which takes it, not a guess
            commands = and_listed([f"'{ctx.parent.command_path} {name}'" for name in taking])
            hint = i18n.gettext(OPTION_OF).format(name=exc.option_name, commands=translated(commands))
            exc.possibilities = []
    if isinstance(exc, BadParameter) and not isinstance(exc, MissingParameter) and (problem := refusal(exc)):
        fail((problem,), exc.exit_code)
    # Typer's text quotes the value as typed: a long one is cut like a value in our own errors
    fail((Problem("", shortened(said(exc), 2 * MAX_SHOWN) + hint),), exc.exit_code)


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
                warning = _(
                    "warning: {var}={value!r} is not a language of tarockscore (de or en); going on in English"
                )
                typer.echo(warning.format(var=i18n.EXPLICIT_VAR, value=Shown(unknown)), err=True)
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
            _usage(exc, typed)
        return ctx

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        typed = list(args)
        rest = super().parse_args(ctx, args)
        if not ctx.resilient_parsing:  # the group's own options: the words before its command
            command = self.make_parser(ctx).parse_args(list(typed))[1]
            refuse_repeats(self, typed[: len(typed) - len(command)])
        return rest

    def resolve_command(
        self, ctx: ClickContext, args: list[str]
    ) -> tuple[str | None, ClickCommand | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:
            # Click's "No such command" (an option's name here is a NoSuchOption), with Typer's guesses
            meant = difflib.get_close_matches(args[0], self.list_commands(ctx)) if args else []
            if type(exc) is not UsageError or not meant:
                raise
            raise UnknownCommand(exc, args[0], meant) from None

    def invoke(self, ctx: ClickContext) -> Any:
        with escaped_output(), tarockscore.noting_writes() as written:
            try:
                return super().invoke(ctx)
            except OutputGone:
                raise typer.Exit(OUTPUT_FAILED) from None  # the reader stopped reading: nothing to say
            except OutputFailed as exc:
                output_failed(str(exc), written)
            except TarockError as exc:
                fail(exc.problems, exc.exit_code)
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
                fail((Problem.of("", TOO_LARGE),), 1)
            except typer.TyperException as exc:
                _usage(exc)


def refuse_repeats(command: ClickCommand, typed: list[str]) -> None:
    """A single-valued option of the command given twice in ``typed`` with different values: Click
    keeps the last without a word (``-c rufer -c dreier`` plays a Dreier); both are refused, exit 2."""
    names = {
        opt: param
        for param in command.params
        if param.param_type_name == "option" and not param.multiple
        for opt in (*param.opts, *param.secondary_opts)
    }
    seen: dict[str | None, list[tuple[object, str]]] = {}  # param name -> [(value, option as typed)]
    for _at, opt, value, _count in typed_options(typed, names):
        param = names[opt]
        if getattr(param, "is_flag", False):
            seen.setdefault(param.name, []).append((opt in param.opts, opt))
        elif value is not None:
            seen.setdefault(param.name, []).append((value, f"{opt} {shortened(repr(value))}"))
    said = N_("{said} contradict each other: give it once")
    problems = [
        Problem.of("", said, said=and_listed([given for _, given in uses]))
        for uses in seen.values()
        if len({value for value, _ in uses}) > 1
    ]
    if problems:
        fail(tuple(problems), 2)


def new_app(**settings: Any) -> typer.Typer:
    """A Typer app (the whole command line, or a command group) that reports errors our way."""
    return typer.Typer(cls=CommandGroup, rich_markup_mode=None, **settings)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tarockscore {__version__}")
        raise typer.Exit(0)


app = new_app(
    help="Score Austrian Tarock hands (Königrufen, Zwanzigerrufen) under a house-rule profile.",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback(invoke_without_command=True)
def main_options(
    ctx: typer.Context,
    lang: str | None = typer.Option(
        None,
        "--lang",
        help="Language of the text: de or en. Default: TAROCKSCORE_LANG, then the locale (LANG).",
    ),
    version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_version, help="Print the version and leave."
    ),
) -> None:
    # The language itself is chosen before parsing (CommandGroup.make_context); here it is checked.
    if lang is not None:
        language_given(lang)
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help(), err=True)
        raise typer.Exit(2)


for command in (
    score.score,
    ledger.new,
    ledger.record,
    ledger.show,
    ledger.undo,
    ledger.replace,
    ledger.delete,
    ledger.explain,
    ledger.check,
    ledger.rescore,
    ledger.repair,
    ledger.settle,
    ledger.upgrade,
    enter.enter,
    season.season,
    season.stats,
    season.chart,
    serve.serve,
):
    app.command(cls=Command)(command)

# The command groups: (name, help, the group's own callback, its commands in the order help lists them).
GROUPS: tuple[tuple[str, str, Callable[..., None] | None, dict[str, Callable[..., None]]], ...] = (
    (
        "radl",
        "Set a Radl by hand, or strike doubled hands, as on the paper block (each with an audit entry).",
        None,
        {"add": ledger.add, "strike": ledger.strike},
    ),
    (
        "profiles",
        "List the shipped profiles, or show one with its price list.",
        score.profiles,
        {"list": score.profiles_list, "show": score.profiles_show},
    ),
    (
        "tournament",
        "Run a tournament: draw the tables, keep each table's sheet, rank the day.",
        None,
        {
            "new": tournament.new,
            "draw": tournament.draw,
            "players": tournament.players,
            "standings": tournament.standings,
            "money": tournament.money,
            "cards": tournament.cards,
            "result": tournament.result,
            "close-round": tournament.close_round,
            "check": tournament.check,
        },
    ),
    (
        "cup",
        "A cup over a season: points per place at each tournament, each player's best results.",
        None,
        {"standings": tournament.cup_standings},
    ),
    (
        "app",
        "The evening on the phones, offline, with no laptop: a static site.",
        None,
        {"build": site.build},
    ),
)
for name, help_text, callback, commands in GROUPS:
    group = new_app(help=help_text, no_args_is_help=callback is None)
    if callback is not None:
        group.callback(invoke_without_command=True)(callback)
    for command_name, command in commands.items():
        group.command(command_name, cls=Command)(command)
    app.add_typer(group, name=name)


def show_what_it_can() -> None:
    """Standard output and standard error escape what their encoding cannot hold (``\\xe9``), so
    an ASCII terminal never fails after a hand was saved: exit 1 must keep meaning nothing was written.
    A standard input closed when the program started (``<&-``) is read as empty, as ``</dev/null``."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # open for the whole run
    for stream in (sys.stdout, sys.stderr):
        # None: closed when the program started; a strict stream is the one that fails mid-way
        if stream is not None and getattr(stream, "errors", None) == "strict":
            with contextlib.suppress(AttributeError, ValueError, OSError):  # not a TextIOWrapper, or closed
                stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


def main() -> None:
    """The console script; Ctrl-C leaves with exit code 130 (128 + SIGINT) and no traceback."""
    try:
        show_what_it_can()
        app(prog_name="tarockscore")
    except KeyboardInterrupt:
        raise SystemExit(INTERRUPTED) from None
    finally:
        _flush_quietly()


def _flush_quietly() -> None:
    """Flush standard output and standard error now, so that the interpreter's own flush at exit
    does not complain again of a reader that has gone (``| head -1``, answered with exit 3); what
    cannot be written goes to ``/dev/null`` (the recipe of Python's documentation for SIGPIPE)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed when the program started (`>&-`)
            continue
        try:
            stream.flush()
        except (OSError, ValueError):
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
