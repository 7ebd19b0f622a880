"""``tarockscore score`` and ``tarockscore profiles``: one hand scored, and the shipped profiles with their rules and price lists (CLI layer)."""

from collections.abc import Callable
from typing import Any

import tomli_w
import typer

import tarockscore
from tarockscore.cli import options
from tarockscore.errors import N_, Collector, HandError, TarockError, UsageError
from tarockscore.render import hand as render
from tarockscore.render.output import OutputFormat, View
from tarockscore.render.profile import price_list, profile_json, profiles_view


@options.with_short_form
@options.with_format(json_help="Print JSON (victory_points, lines, payout).", later=True)
def score(
    ctx: typer.Context,
    hand_file: options.HandArg = None,
    profile: options.ProfileOpt = None,
    fmt: Callable[[], OutputFormat] = lambda: OutputFormat.TABLE,
    explain: bool = typer.Option(
        False, "--explain", help="Show the arithmetic bet by bet, with its rules (not with --json or --csv)."
    ),
    *,
    short: dict[str, Any],
) -> None:
    """Score one hand: each player's Victory Points and the arithmetic, bet by bet."""
    problems = Collector()  # every usage problem of the run, said at once, the hand's after them
    shown_as = options.format_read(problems, fmt)
    if explain and shown_as is not OutputFormat.TABLE:  # the words have no place in a script's format
        problems.add(
            "",
            N_(
                "give --explain or {option}, not both: {option} prints the arithmetic bet by bet for a script, --explain says it in words with its rules"
            ),
            option=f"--format {shown_as.value}" if ctx.params.get("output") else f"--{shown_as.value}",
        )
    profile = options.read_option(problems, "--profile", options.profile_given, profile)
    try:
        with options.profile_at("--profile", profile is not None):
            mapping, source = options.read_hand_or_short(
                hand_file, short, lambda: tarockscore.profile_for({}, profile)
            )
            with options.hand_errors(source, short):
                players = mapping.get("players")
                seats = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
                mapping = options.seated_names(mapping, source, lambda: seats)
                folder = source.folder if isinstance(source, tarockscore.HandFile) else None
                result, prof = tarockscore.score_hand(mapping, profile, hand_folder=folder)
                clash = tarockscore.table_names(result.players, "players")  # two columns of one name
                if shown_as is OutputFormat.CSV and clash:
                    raise HandError(clash)
    except TarockError as exc:
        raise UsageError.said_with(problems.problems, [exc]) if problems else exc from None
    problems.raise_if_any(UsageError)
    if explain:
        typer.echo(render.at_terminal(render.explain(result, prof)))
        return
    view = View(
        table=lambda: render.score_table(result, prof),
        json=lambda: render.score_json(result, prof),
        csv=lambda: render.score_csv(result),
    )
    options.show(view, shown_as)


@options.with_format()
def profiles(ctx: typer.Context, fmt: OutputFormat = OutputFormat.TABLE) -> None:
    """List the shipped profiles."""
    if ctx.invoked_subcommand is not None:
        ctx.meta[_GROUP_FORMAT] = fmt  # ``profiles --json show NAME``: the format is show's
        return
    _show_profiles(fmt)


@options.with_format()
def profiles_list(ctx: typer.Context, fmt: OutputFormat = OutputFormat.TABLE) -> None:
    """List the shipped profiles: the same as profiles alone."""
    _show_profiles(_group_format(ctx, fmt, options.DATA_FORMATS))


def _show_profiles(fmt: OutputFormat) -> None:
    options.show(profiles_view([tarockscore.load_profile(name) for name in tarockscore.profile_names()]), fmt)


_GROUP_FORMAT = "tarockscore.profiles.format"
# What ``profiles show`` prints: the price list, or the profile as JSON.
SHOW_FORMATS = (OutputFormat.TABLE, OutputFormat.JSON)


def _group_format(ctx: typer.Context, fmt: OutputFormat, formats: tuple[OutputFormat, ...]) -> OutputFormat:
    """The format of ``profiles [FORMAT] COMMAND [FORMAT]``: given once, before or after the command."""
    given = ctx.meta.get(_GROUP_FORMAT, OutputFormat.TABLE)
    if fmt is OutputFormat.TABLE:
        return options.offered(given.value, formats)  # ``profiles --csv show NAME``: show has no CSV
    if given is not OutputFormat.TABLE and given is not fmt:
        raise options.not_both(f"--{given.value}", f"--{fmt.value}")
    return fmt


@options.with_format(
    json_help="Print the resolved profile as JSON: its keys as --toml prints them.", formats=SHOW_FORMATS
)
def profiles_show(
    ctx: typer.Context,
    profile: str = typer.Argument(..., help="A shipped profile name or a path to a profile file."),
    toml_out: bool = typer.Option(False, "--toml", help="Print the resolved profile as TOML."),
    fmt: OutputFormat = OutputFormat.TABLE,
) -> None:
    """Show a profile: its rules and price list (every contract and bonus with its value)."""
    fmt = _group_format(ctx, fmt, SHOW_FORMATS)
    if toml_out and fmt is not OutputFormat.TABLE:
        raise options.not_both("--toml", f"--{fmt.value}")
    with options.profile_at("PROFILE"):  # at the argument, as its help names it
        prof = tarockscore.load_profile(options.profile_given(profile, "PROFILE"))
    if toml_out:
        options.utf8_output()
        typer.echo(tomli_w.dumps(dict(prof.document)), nl=False)
        return
    options.show(View(table=lambda: price_list(prof), json=lambda: profile_json(prof)), fmt)
