"""The season commands of the command line (CLI layer): season, stats, chart: the ledgers given
folded with one call of the library, warnings on stderr a few of a kind, the view printed."""

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

import tarockscore
from tarockscore.cli import options
from tarockscore.cli.terminal import Warnings
from tarockscore.errors import (
    N_,
    Collector,
    Message,
    Shown,
    TarockError,
    UsageError,
    counted,
    message,
    shown_path,
)
from tarockscore.i18n import _
from tarockscore.render import evening as shown
from tarockscore.render.chart import FORMATS, ImageUnavailable, load_cairosvg
from tarockscore.render.notation import table_date
from tarockscore.render.output import OutputFormat
from tarockscore.render.season import STATS_WIDTH, chart_file, season_span, standings_view, stats_view

LedgersArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Ledger files, or folders: every *.toml ledger in them (and below) is read; none: the "
        "evening's ledger (--ledger, else $TAROCKSCORE_LEDGER, else tarock-ledger.toml in this folder).",
        metavar=N_("LEDGER_OR_FOLDER"),
    ),
]

# The options of every season command: which ledgers, which evenings, which players, under which profile.
with_season = options.with_options(
    (
        options.parameter("ledgers", LedgersArg, None),
        options.option(
            str | None,
            "--from",
            name="date_from",
            metavar="DATE",
            help="Only evenings on or after this date (2025-03-14 or 14.03.2025).",
        ),
        options.option(
            str | None,
            "--to",
            name="date_to",
            help="Only evenings on or before this date (2025-03-14 or 14.03.2025).",
        ),
        options.option(list[str], "--player", help="Report only this player (after aliases), repeated."),
        options.parameter("alias", options.AliasOpt, []),
        options.option(str | None, "--aliases", help='A TOML file with an [aliases] table: Hansi = "Hans".'),
        options.option(
            str | None,
            "--rescore",
            help="Score every hand afresh under this profile (a shipped name or a path).",
        ),
        options.option(
            bool,
            "--skip-bad",
            help="Leave out, with a warning, a ledger that cannot be read or fails its check (changed "
            "outside tarockscore) instead of stopping.",
        ),
        options.parameter("ledger", options.LedgerOpt, None),
    ),
    "asked",
)


M = tarockscore.SeasonMessages

# Each season message's command-line wording; the values stay the library's (none added).
AS_OPTIONS: options.Wording = {
    M.ONE_PLAYER_TWO_WAYS: N_(
        "{drop!r} ({drop_in}) and {keep!r} ({keep_in}) look like one player spelt two ways; if so, fold them with --alias '{drop}={keep}'"
    ),
    M.UNUSED_ALIAS: N_("--alias {alias}={name}: nobody called {alias!r} played in these ledgers{hint}"),
    M.UNUSED_DAY_ALIAS: N_("--alias {alias}={name}: nobody called {alias!r} played on these days{hint}"),
    M.TWO_AT_ONE_TABLE: N_(
        "{names} sat at this table together, so they are two players: they cannot both be {name!r}; drop that --alias"
    ),
    M.PROFILES_CANNOT_ADD: N_(
        "these ledgers were scored under different profiles, {_describe}, and their Victory Points cannot be added as they stand: {why}; give --rescore PROFILE to score every hand under one profile"
    ),
    M.PROFILES_ADDED: N_(
        "these ledgers were scored under different profiles: {profiles}; their Victory Points are added as they stand (--rescore PROFILE scores every hand under one profile)"
    ),
    M.UNDATED: N_("{source} has no date: left out by --from/--to"),
    M.WRONGLY_DATED: N_("{source} has the date {date!r}, not YYYY-MM-DD: left out by --from/--to"),
    M.ALIAS_FORM: N_("--alias {text!r}: give ALIAS=NAME, e.g. --alias 'Hansi=Hans'"),
    M.ALIAS_NAME: N_("--alias {text!r}: {name!r}: {wrong}"),
    M.ALIAS_TWICE: N_("--alias {first!r} and --alias {second!r}: one alias, two names; give one"),
    M.NO_ALIAS_FILE: N_("--aliases {alias_file!r}: no such file"),
    M.ALIAS_OVER_FILE: N_("--alias {text!r} is taken over {file}: aliases.{alias} = {name!r}"),
    M.DATES_CROSSED: N_("--from {start} is after --to {end}"),
    M.LEAVE_OUT_BAD: N_("or leave a ledger that fails its check out of the season with --skip-bad"),
    M.EMPTY_PROFILE: options.EMPTY_PROFILE,
}


def season_error(exc: TarockError, *fields: str) -> TarockError:
    """A season's error in the command line's words, the fields named (those of the fold, unless
    named) given as options."""
    named = fields or ("alias", "player", "aliases", "rescore")
    return type(exc)([options.advised(p, AS_OPTIONS) for p in options.as_options(exc, *named).problems])


def in_command_words(text: str) -> str:
    """A warning of the season as the command line says it: an alias as it was given (``--alias
    'Rudi = Rudolf'``), the options by their names (``--alias 'Berti=Bert'``), a ledger left out
    with the problem that stopped it."""
    if isinstance(text, tarockscore.LeftOut):
        return left_out_words(text)
    at = {M.UNUSED_ALIAS: M.UNUSED_ALIAS_AT, M.UNUSED_DAY_ALIAS: M.UNUSED_DAY_ALIAS_AT}
    if isinstance(text, Message) and text.template in at:
        values = dict(text.values)
        if "given" in values:
            return message(
                at[text.template],
                where=f"--alias {Shown(values['given'])!r}",
                alias=values["alias"],
                hint=values["hint"],
            )
    return options.in_words(text, AS_OPTIONS) or text


def left_out_words(text: "tarockscore.LeftOut") -> Message:
    """A ledger left out of the season as the command line says it: the option that left it out,
    the problem that stopped it with its way out."""
    values = dict(tarockscore.LeftOut(text.path, [options.advised(p) for p in text.problems]).values)
    more = len(text.problems) - 1
    if more:
        return counted(
            "{path}: left out (--skip-bad): {problem} (and {more} more problem)",
            "{path}: left out (--skip-bad): {problem} (and {more} more problems)",
            more,
            **values,
        )
    return message(N_("{path}: left out (--skip-bad): {problem}"), **values)


def _sources(asked: dict[str, Any]) -> list[str]:
    """The ledgers and folders named, and ``--ledger``; none: no source, so that the library reads
    the evening's ledger as ``show`` finds it, and says as ``show`` says it when there is none (a
    path typed that is not there is said to be no such file or folder)."""
    named = list(asked["ledgers"] or [])
    if asked["ledger"] is not None:
        try:
            named.append(str(tarockscore.find_ledger(asked["ledger"])))
        except TarockError as exc:
            raise season_error(exc, "ledger") from None
    return named


def _fold(sources: list[str], asked: dict[str, Any], problems: Collector) -> "tarockscore.FoldedSeason":
    """The season of the options; every warning said on stderr as it is found (a few of each kind).
    ``--from`` and ``--to`` are read as `new --date` reads a date; an option refused is said with
    the other options' ``problems`` and the season's own, every one at once (exit 2)."""
    said = Warnings()
    try:
        with options.profile_at("--rescore"):
            folded = tarockscore.fold_season(
                sources,
                since=options.read_option(problems, "--from", table_date, asked["date_from"]),
                until=options.read_option(problems, "--to", table_date, asked["date_to"]),
                players=asked["player"],
                aliases=asked["alias"],
                alias_file=asked["aliases"],
                rescore=asked["rescore"],
                skip_bad=asked["skip_bad"],
                # an option refused: the problems alone are said, no warning
                warn=lambda text: None if problems else said.warn(in_command_words(text), of=text),
            )
    except TarockError as exc:
        raise UsageError.said_with(problems.problems, [season_error(exc)]) from None
    problems.raise_if_any(UsageError)
    said.close()
    return folded


def _warnings(folded: "tarockscore.FoldedSeason") -> list[str]:
    """Every warning said on stderr, in English as the command line words them (the JSON's
    ``warnings``): a file skipped or left out, then the season's."""
    return [str(in_command_words(w)) for w in folded.warnings]


@with_season
@options.with_format(later=True)
def season(fmt: Callable[[], OutputFormat], *, asked: dict[str, Any]) -> None:
    """Standings across many evenings: Victory Points, payout, hands played, per player."""
    problems = Collector()
    shown_as = options.format_read(problems, fmt)
    folded = _fold(_sources(asked), asked, problems)
    options.show(standings_view(folded.season, folded.standings(), _warnings(folded)), shown_as)


@with_season
@options.with_format(later=True)
def stats(
    fmt: Callable[[], OutputFormat],
    wide: Annotated[
        bool, typer.Option("--wide", help="Every column, however wide; by default the table fits 100.")
    ] = False,
    *,
    asked: dict[str, Any],
) -> None:
    """Statistics per player, for one evening or a season: contracts, partners, bonuses, Kontras."""
    problems = Collector()
    shown_as = options.format_read(problems, fmt)
    folded = _fold(_sources(asked), asked, problems)
    width = None if wide else STATS_WIDTH
    options.show(stats_view(folded.season, folded.statistics(), _warnings(folded), width), shown_as)


@with_season
def chart(
    out: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            help="The file to write: .svg, .html (a page that fits the window), .png or .pdf "
            "(with the chart extra); - for the SVG on stdout.",
        ),
    ],
    title: Annotated[
        str | None, typer.Option("--title", metavar=N_("TEXT"), help="The chart's title.")
    ] = None,
    *,
    asked: dict[str, Any],
) -> None:
    """Draw the running totals of an evening or a season: one line per player, hand by hand."""
    problems = Collector()  # every option refused, said at once
    if title is not None:
        try:
            tarockscore.check_chart_title(title)
        except TarockError as exc:
            problems.problems += season_error(exc, "title").problems
    sources = _sources(asked)
    read = sources or [str(tarockscore.find_ledger())]  # none: the evening's ledger is read
    inputs = [*read, *(x for x in (asked["aliases"], asked["rescore"]) if x is not None)]
    if out != "-":
        tarockscore.check_chart_file(out, inputs, "--output")
    fmt = "svg" if out == "-" else FORMATS.get(Path(out).suffix.lower())
    if fmt is None:
        problems.add(
            "",
            N_(
                "--output {out!r}: write .svg, .html, .png or .pdf (the file's ending says which), or - for the SVG on stdout"
            ),
            out=out,
        )
    try:
        if fmt in ("png", "pdf"):  # the chart extra, asked for before the ledgers are read
            load_cairosvg(fmt)
        folded = _fold(sources, asked, problems)
        assert fmt is not None  # refused by _fold, with the other problems
        points, starts = folded.chart_points()
        data = chart_file(folded.season, points, starts, fmt, title)
    except ImageUnavailable as exc:
        # not the options' fault: the file cannot be written in that format here (exit 1)
        raise TarockError(N_("--output {out!r}: {exc}"), out=out, exc=exc.said) from None
    if out == "-":
        assert isinstance(data, str)  # the SVG
        options.utf8_output()
        typer.echo(data, nl=False)
        return
    tarockscore.write_chart_file(out, data, inputs, "--output")
    wrote = _("wrote {out}: {count} players, {span}").format(
        out=shown_path(out), count=len(folded.season.selected), span=season_span(folded.season)
    )
    typer.echo(shown.folded(wrote), err=True)
