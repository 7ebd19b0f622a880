"""The season commands of the command line (CLI layer): season, stats, chart.

Each command reads its options, folds the ledgers it is given (files, or folders searched for
``*.toml`` ledgers; none: the evening's ledger, found as ``show`` finds it) with one call of the
library (:func:`tarockscore.fold_season`), and prints the view ``render`` makes of the result.
Data goes to stdout; warnings go to stderr as ``warning:`` lines, at most a few of one kind
(:mod:`tarockscore.cli.terminal`; every one into the JSON's ``warnings``).
"""

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

import tarockscore
from tarockscore.cli.options import CsvOpt, FormatOpt, JsonOpt, LedgerOpt, chosen, profile_given, show
from tarockscore.cli.terminal import Warnings, kind_of
from tarockscore.cli.words import in_option_words, season_error, table_date, warning_text
from tarockscore.errors import N_, TarockError, UsageError
from tarockscore.i18n import _
from tarockscore.render.chart import FORMATS, ImageUnavailable
from tarockscore.render.season import chart_file, season_span, standings_view
from tarockscore.render.stats import STATS_WIDTH, stats_view

LedgersArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Ledger files, or folders: every *.toml ledger in them (and below) is read; none: the "
        "evening's ledger (--ledger, else $TAROCKSCORE_LEDGER, else tarock-ledger.toml in this folder).",
        metavar="LEDGER_OR_FOLDER",
        show_default=False,
    ),
]
FromOpt = Annotated[
    str | None,
    typer.Option(
        "--from", metavar="DATE", help="Only evenings on or after this date (2025-03-14 or 14.03.2025)."
    ),
]
ToOpt = Annotated[
    str | None,
    typer.Option(
        "--to", metavar="DATE", help="Only evenings on or before this date (2025-03-14 or 14.03.2025)."
    ),
]
PlayerOpt = Annotated[
    list[str],
    typer.Option("--player", metavar="NAME", help="Report only this player (after aliases), repeated."),
]
AliasOpt = Annotated[
    list[str],
    typer.Option(
        "--alias",
        metavar="ALIAS=NAME",
        help="ALIAS=NAME: read the name ALIAS as NAME, e.g. --alias 'Hansi=Hans'; repeated.",
    ),
]
AliasFileOpt = Annotated[
    str | None,
    typer.Option("--aliases", metavar="FILE", help='A TOML file with an [aliases] table: Hansi = "Hans".'),
]
RescoreOpt = Annotated[
    str | None,
    typer.Option(
        "--rescore",
        metavar="PROFILE",
        help="Score every hand afresh under this profile (a shipped name or a path).",
    ),
]
SkipBadOpt = Annotated[
    bool,
    typer.Option(
        "--skip-bad",
        help="Leave out, with a warning, a ledger that fails its check (changed outside tarockscore) "
        "instead of stopping.",
    ),
]


# -- options to the library's words ---------------------------------------------------------------


def _date(option: str, value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return table_date(value)
    except ValueError as exc:
        raise UsageError(N_("{option} {exc}"), option=option, exc=exc) from None


def _sources(ledgers: list[str] | None, ledger: str | None) -> list[str]:
    """The ledgers and folders named, and ``--ledger``; none: the evening's ledger, as ``show`` finds it."""
    named = list(ledgers or [])
    if ledger is not None or not named:
        try:
            named.append(str(tarockscore.find_ledger(ledger)))
        except TarockError as exc:
            raise season_error(exc, "ledger") from None
    return named


def _fold(
    sources: list[str],
    date_from: str | None,
    date_to: str | None,
    players: list[str],
    alias: list[str],
    alias_file: str | None,
    rescore: str | None,
    skip_bad: bool,
) -> "tarockscore.FoldedSeason":
    """The season of the options; every warning said on stderr as it is found (a few of each kind)."""
    since, until = _date("--from", date_from), _date("--to", date_to)
    said = Warnings()
    try:
        folded = tarockscore.fold_season(
            sources,
            since=since,
            until=until,
            players=players,
            aliases=alias,
            alias_file=alias_file,
            rescore=rescore,
            skip_bad=skip_bad,
            warn=lambda text: said.say(warning_text(text), kind_of(text)),
        )
    except TarockError as exc:
        raise season_error(exc) from None
    said.close()
    return folded


def _warnings(folded: "tarockscore.FoldedSeason") -> list[str]:
    """The season's warnings as the command line words them (the JSON's ``warnings``)."""
    return [in_option_words(w) for w in folded.season.warnings]


# -- the commands ---------------------------------------------------------------------------------


def season(
    ledgers: LedgersArg = None,
    date_from: FromOpt = None,
    date_to: ToOpt = None,
    player: PlayerOpt = [],  # noqa: B006 - Typer reads the default, never mutates it
    alias: AliasOpt = [],  # noqa: B006
    aliases: AliasFileOpt = None,
    output: FormatOpt = None,
    json_out: JsonOpt = False,
    csv_out: CsvOpt = False,
    rescore: RescoreOpt = None,
    skip_bad: SkipBadOpt = False,
    ledger: LedgerOpt = None,
) -> None:
    """Standings across many evenings: Victory Points, payout, hands played, per player."""
    fmt = chosen(output, json_out, csv_out)
    sources = _sources(ledgers, ledger)
    folded = _fold(sources, date_from, date_to, player, alias, aliases, rescore, skip_bad)
    show(standings_view(folded.season, folded.standings(), _warnings(folded)), fmt)


def stats(
    ledgers: LedgersArg = None,
    date_from: FromOpt = None,
    date_to: ToOpt = None,
    player: PlayerOpt = [],  # noqa: B006
    alias: AliasOpt = [],  # noqa: B006
    aliases: AliasFileOpt = None,
    output: FormatOpt = None,
    json_out: JsonOpt = False,
    csv_out: CsvOpt = False,
    rescore: RescoreOpt = None,
    wide: Annotated[
        bool, typer.Option("--wide", help="Every column, however wide; by default the table fits 100.")
    ] = False,
    skip_bad: SkipBadOpt = False,
    ledger: LedgerOpt = None,
) -> None:
    """Statistics per player, for one evening or a season: contracts, partners, bonuses, Kontras."""
    fmt = chosen(output, json_out, csv_out)
    sources = _sources(ledgers, ledger)
    folded = _fold(sources, date_from, date_to, player, alias, aliases, rescore, skip_bad)
    width = None if wide else STATS_WIDTH
    show(stats_view(folded.season, folded.statistics(), _warnings(folded), width), fmt)


def chart(
    out: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The file to write: .svg, .html (a page that fits the window), .png or .pdf "
            "(with the chart extra); - for the SVG on stdout.",
        ),
    ],
    ledgers: LedgersArg = None,
    date_from: FromOpt = None,
    date_to: ToOpt = None,
    player: PlayerOpt = [],  # noqa: B006
    alias: AliasOpt = [],  # noqa: B006
    aliases: AliasFileOpt = None,
    rescore: RescoreOpt = None,
    skip_bad: SkipBadOpt = False,
    title: Annotated[str | None, typer.Option("--title", metavar="TEXT", help="The chart's title.")] = None,
    ledger: LedgerOpt = None,
) -> None:
    """Draw the running totals of an evening or a season: one line per player, hand by hand."""
    profile_given(rescore, "--rescore")
    if title is not None:
        try:
            tarockscore.check_chart_title(title)
        except TarockError as exc:
            raise season_error(exc, "title") from None
    sources = _sources(ledgers, ledger)
    inputs = [*sources, *(x for x in (aliases, rescore) if x is not None)]
    if out != "-":
        tarockscore.check_chart_file(out, inputs, "--output")
    fmt = "svg" if out == "-" else FORMATS.get(Path(out).suffix.lower())
    if fmt is None:
        raise UsageError(
            N_(
                "--output {out!r}: write .svg, .html, .png or .pdf (the file's ending says which), or - for the SVG on stdout"
            ),
            out=out,
        )
    folded = _fold(sources, date_from, date_to, player, alias, aliases, rescore, skip_bad)
    points, starts = folded.chart_points()
    try:
        data = chart_file(folded.season, points, starts, fmt, title)
    except ImageUnavailable as exc:
        raise UsageError(N_("--output {out!r}: {exc}"), out=out, exc=exc) from None
    if out == "-":
        assert isinstance(data, str)  # the SVG
        typer.echo(data, nl=False)
        return
    tarockscore.write_chart_file(out, data, inputs, "--output")
    typer.echo(
        _("wrote {out}: {count} players, {span}").format(
            out=out, count=len(folded.season.selected), span=season_span(folded.season)
        ),
        err=True,
    )
