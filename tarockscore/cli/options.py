"""The options the commands share (CLI layer): the short form of a hand, ``--ledger``, the output
options, and the shell's completion of their values (nothing, where a ledger or profile cannot be read)."""

import functools
import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.cli import terminal
from tarockscore.cli.words import EMPTY_PROFILE, as_options
from tarockscore.errors import N_, TarockError, UsageError, shortened
from tarockscore.i18n import _
from tarockscore.render.output import OutputFormat, View, rendered

# -- --ledger ------------------------------------------------------------------------------------

LedgerOpt = Annotated[
    str | None,
    typer.Option(
        "--ledger",
        "-l",
        help="The ledger file; default $TAROCKSCORE_LEDGER, else tarock-ledger.toml in this folder.",
        show_default=False,
    ),
]


def ledger_path_of(option: str | None) -> Path:
    """The ledger ``--ledger`` names, else its fallbacks; an empty ``--ledger ""`` is refused."""
    try:
        return tarockscore.find_ledger(option)
    except UsageError as exc:
        raise as_options(exc, "ledger") from None


HandArg = Annotated[
    str | None, typer.Argument(help="A hand file (TOML, docs/hand-format.md), or - for stdin.")
]
ProfileOpt = Annotated[
    str | None,
    typer.Option("--profile", "-P", help="A shipped profile name or a path to a profile file."),
]


def evening_of(option: str | None) -> "tarockscore.Evening":
    """The evening kept in the ledger ``--ledger`` names, else its fallbacks; its warnings said on stderr."""
    return tarockscore.Evening(ledger_path_of(option), warn=lambda said: terminal.say(terminal.warning(said)))


# -- the shell's completion of values ------------------------------------------------------------


def _ledger(ctx: Any) -> Any:
    option = _param(ctx, "ledger")
    try:
        path = ledger_path_of(option if isinstance(option, str) else None)
        return tarockscore.Evening(path).read_as_stored() if path.is_file() else None
    except (TarockError, OSError, ValueError):
        return None


def _param(ctx: Any, name: str) -> Any:
    while ctx is not None:
        if name in ctx.params:
            return ctx.params[name]
        ctx = ctx.parent
    return None


def _profile(ctx: Any) -> Any:
    led = _ledger(ctx)
    if led is not None:
        return led.profile
    name = _param(ctx, "profile")
    try:
        return tarockscore.load_profile(name if isinstance(name, str) else "koenigrufen")
    except (TarockError, OSError, ValueError):
        return None


def _matching(names: list[str], incomplete: str) -> list[str]:
    """The names that begin with what is typed, in any case, each once, the typed part kept as
    typed (the shell keeps only answers that begin with it): ``Solo`` completes to ``Solodreier``."""
    typed = incomplete.casefold()
    out = (incomplete + n[len(incomplete) :] for n in names if n.casefold().startswith(typed))
    return list(dict.fromkeys(out))


def player_names(ctx: Any) -> list[str]:
    led = _ledger(ctx)
    if led is not None:
        return list(led.players)
    given = _param(ctx, "players")
    return [p.strip() for p in given.split(",") if p.strip()] if isinstance(given, str) else []


def complete_players(ctx: typer.Context, incomplete: str) -> list[str]:
    return _matching(player_names(ctx), incomplete)


def complete_seat_order(ctx: typer.Context, incomplete: str) -> list[str]:
    """``-p Anna,Be`` → ``Anna,Bert``: the next name of a comma-separated list."""
    head, _, last = incomplete.rpartition(",")
    taken = {p.casefold() for p in head.split(",") if p}
    prefix = f"{head}," if head else ""
    return [prefix + n for n in _matching(player_names(ctx), last) if n.casefold() not in taken]


def complete_contracts(ctx: typer.Context, incomplete: str) -> list[str]:
    profile = _profile(ctx)
    return [] if profile is None else _matching(profile.contract_names(), incomplete)


def complete_steps(ctx: typer.Context, incomplete: str) -> list[str]:
    """A Kontra step, or ``NAME=STEP`` for contra ad personam."""
    profile = _profile(ctx)
    if profile is None:
        return []
    names = [s.name for s in profile.playable_steps]
    names += [a for s in names for a in profile.step_aliases(s)]
    who, eq, step = incomplete.partition("=")
    if eq:
        return [f"{who}={n}" for n in _matching(names, step)]
    return _matching(names, incomplete) + [f"{p}=" for p in complete_players(ctx, incomplete)]


def complete_bonuses(ctx: typer.Context, incomplete: str) -> list[str]:
    profile = _profile(ctx)
    return [] if profile is None else _matching(profile.bonus_names(), incomplete)


# -- the short form of a hand --------------------------------------------------------------------


Command = Callable[..., None]


def parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """A command's parameter, for :func:`with_options`."""
    return inspect.Parameter(
        name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation
    )


def option(name: str, kind: Any, default: Any, *names: str, **settings: Any) -> inspect.Parameter:
    """A command's option, for :func:`with_options`."""
    return parameter(name, Annotated[kind, typer.Option(*names, **settings)], default)


# ``score``, ``record`` and ``replace`` take the same short form of a hand, declared once here.
SHORT_FORM = (
    option(
        "contract",
        str | None,
        None,
        "--contract",
        "-c",
        help="Contract, e.g. rufer, Solodreier, Bettel; any case.",
        autocompletion=complete_contracts,
    ),
    option(
        "players",
        str | None,
        None,
        "--players",
        "-p",
        help="Seat order, Forehand first; when recording, leave out: the ledger knows the deal.",
        autocompletion=complete_seat_order,
    ),
    option(
        "declarer",
        str | None,
        None,
        "--declarer",
        "-d",
        help="Who played the contract.",
        autocompletion=complete_players,
    ),
    option(
        "partner",
        str | None,
        None,
        "--partner",
        "-w",
        help="Holder of the called King (or XX).",
        autocompletion=complete_players,
    ),
    option(
        "points",
        list[str],
        [],
        "--points",
        "-t",
        help='Declarer side\'s card points: 40, "35 2/3", 35/2 or "35 2" (35 and 2 Blatt); '
        "Trischaken: NAME=POINTS, repeated.",
    ),
    option(
        "defender_points", str | None, None, "--defender-points", help="The Defenders' card points, checked."
    ),
    option(
        "won", bool | None, None, "--won/--lost", help="Outcome instead of card points (negative contracts)."
    ),
    option(
        "kontra",
        list[str],
        [],
        "--kontra",
        "-k",
        help="Kontra step on the contract; negative contracts: DEFENDER=STEP, repeated.",
        autocompletion=complete_steps,
    ),
    option("huettenfleck", bool, False, "--huettenfleck", help="Kontra said before the talon was seen."),
    option("talon", bool, False, "--talon", help="The called King lay in the talon."),
    option(
        "own_king",
        bool,
        False,
        "--own-king",
        help="The declarer called a King he holds himself and played alone (where allowed).",
    ),
    option("conceded", bool, False, "--conceded", help="With --talon: the declarer conceded at once."),
    option(
        "king_half",
        str | None,
        None,
        "--king-half",
        help="With --talon: whose the talon half with the called King became: declarer (he took it, "
        "or got it at the end of a solo call) or defenders (left to them).",
    ),
    option(
        "renonce",
        str | None,
        None,
        "--renonce",
        help="The player who revoked.",
        autocompletion=complete_players,
    ),
    option(
        "bonus",
        list[str],
        [],
        "--bonus",
        "-b",
        # the pattern is the placeholder: a help page never breaks it across lines, as it
        # would a long word of the help text
        metavar="NAME[,declarers|defenders][,announced][,lost][,STEP]",
        help="A bonus with its side, whether announced or lost, and a Kontra step; repeated.",
        autocompletion=complete_bonuses,
    ),
)


def with_options(group: Sequence[inspect.Parameter], name: str) -> Callable[[Command], Command]:
    """A decorator: the command with the options of ``group`` (before its ``--ledger``), handed
    to it as one dict, its parameter ``name``."""

    def decorate(command: Command) -> Command:
        own = [p for p in inspect.signature(command).parameters.values() if p.name != name]
        at = next((i for i, p in enumerate(own) if p.name == "ledger"), len(own))

        @functools.wraps(command)
        def run(**values: Any) -> None:
            command(**{name: {p.name: values.pop(p.name) for p in group}}, **values)

        run.__signature__ = inspect.Signature([*own[:at], *group, *own[at:]])  # type: ignore[attr-defined]
        return run

    return decorate


with_short_form = with_options(SHORT_FORM, "short")


def language_given(lang: str) -> str:
    """The language ``--lang`` names (de or en); any other is refused."""
    chosen = i18n.language_of(lang)
    if chosen is None:
        raise UsageError(
            N_("{value!r} is not a language of tarockscore; use de or en"), where="--lang", value=lang
        )
    return chosen


def typed_names(text: str) -> list[str]:
    """The names of a ``--players`` list as typed: split at commas, the spaces around each
    dropped (only spaces: any other character stays, for the rules of names to judge), in NFC."""
    return [tarockscore.clean_name(p) for p in text.split(",")]


def profile_given(value: str | None, where: str = "--profile") -> str | None:
    """A profile option as given; an empty one is refused, never taken for the default profile."""
    if value is not None and not value.strip():
        raise UsageError(EMPTY_PROFILE, value=value, where=where)
    return value


def repeated_options(params: Sequence[Any], args: Sequence[str]) -> list[str]:
    """Messages for single-valued options among ``args`` given twice with different values: Click
    keeps the last without a word (``-c rufer -c dreier`` plays a Dreier); both are refused."""
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


# -- the output options --------------------------------------------------------------------------

FormatOpt = Annotated[
    OutputFormat | None,
    typer.Option(
        "--format",
        "-f",
        help="table, json or csv (docs/machine-output.md); html where the command has a printable page.",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON: the same as --format json.")]
CsvOpt = Annotated[bool, typer.Option("--csv", help="Print CSV: the same as --format csv.")]


def chosen(fmt: OutputFormat | None, json_out: bool = False, csv_out: bool = False) -> OutputFormat:
    """The format the options ask for (the table when none is given); two of them at once are refused."""
    given = [
        name for name, on in (("--format", fmt is not None), ("--json", json_out), ("--csv", csv_out)) if on
    ]
    if len(given) > 1:
        raise UsageError(N_("give {options}, not both"), options=" or ".join(given))
    if json_out:
        return OutputFormat.JSON
    if csv_out:
        return OutputFormat.CSV
    return fmt if fmt is not None else OutputFormat.TABLE


def show(view: View, fmt: OutputFormat) -> None:
    """Print the view in the chosen format on standard output."""
    typer.echo(rendered(view, fmt), nl=False)
