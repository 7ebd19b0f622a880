"""The season commands of the command line (CLI layer): season, stats, chart.

Each command reads the ledgers it is given (files, or folders searched for ``*.toml`` ledgers),
calls ``season.fold`` and one of ``season.standings``, ``stats.player_stats`` or
``chart.chart_svg``, and prints. Data goes to stdout; warnings go to stderr as ``warning:``
lines (and into the JSON's ``warnings``). The module is imported only
when one of its commands runs.
"""

import datetime as dt
import os
import stat
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from tabulate import tabulate

from tarockscore import i18n
from tarockscore.cli.advice import advised
from tarockscore.cli.notation import table_date
from tarockscore.cli.options import profile_given
from tarockscore.cli.season_words import in_option_words, season_error
from tarockscore.errors import N_, LedgerError, Message, Problem, Shown, TarockError, UsageError, message
from tarockscore.files import safe_io
from tarockscore.files.ledger_file import NotALedger, read_many, verify
from tarockscore.files.output import check_output, write_output
from tarockscore.files.profile_file import load_profile
from tarockscore.i18n import _
from tarockscore.ledger.model import Ledger
from tarockscore.render import hand as render
from tarockscore.render import season as render_season
from tarockscore.render.chart import FORMATS, ImageUnavailable, Marker, chart_svg, svg_to_image
from tarockscore.render.season import STATS_WIDTH, season_span
from tarockscore.rules.text import name_problem, nfc, strip_spaces, text_problem
from tarockscore.season.machine_output import season_json, standings_csv
from tarockscore.season.standings import (
    UNUSED_ALIAS,
    Filters,
    Season,
    aliases_from_mapping,
    fold,
    per_hand_points,
    standings,
)
from tarockscore.season.statistics import contract_order, csv_table, player_stats, stats_json


class Format(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"


LedgersArg = Annotated[
    list[str],
    typer.Argument(
        help="Ledger files, or folders: every *.toml ledger in them (and below) is read.",
        metavar="LEDGER_OR_FOLDER...",
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
FormatOpt = Annotated[
    Format, typer.Option("--format", "-f", help="table, json or csv (docs/machine-output.md).")
]


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add the season commands to the ``tarockscore`` app (``only``: just the command of that name)."""
    for command in (season, stats, chart):
        if only in (None, command.__name__):
            app.command()(command)


# -- reading --------------------------------------------------------------------------------------


def _not_a_ledger(problems: Sequence[Problem]) -> bool:
    """Whether the reader's problems say the file is no ledger at all (no ``schema`` key)."""
    return any(p.where.endswith("schema") and "not a tarockscore ledger" in p.message for p in problems)


def _files(sources: list[str]) -> list[tuple[Path, bool]]:
    """Each ledger file to read, and whether it was found in a folder rather than named.

    Folders are walked without following links to folders; a subfolder that cannot be read is
    warned about, and a ``*.toml`` entry that is not a regular file (a FIFO, a device) is skipped
    with a warning, never opened.
    """
    out: list[tuple[Path, bool]] = []
    seen: set[Path] = set()
    for source in sources:
        path = Path(source)
        if not source.strip():
            raise UsageError(N_("{source!r} is empty; give a ledger file or a folder"), source=source)
        try:
            in_folder = stat.S_ISDIR(os.stat(path).st_mode)
        except OSError:  # missing, or a name the file system refuses: reading reports it
            in_folder = False
        if in_folder:
            found = []

            def unreadable(exc: OSError) -> None:
                _warn(
                    message(
                        N_("{folder}: cannot read this folder ({why}); its ledgers are left out"),
                        folder=exc.filename,
                        why=exc.strerror,
                    )
                )

            for folder, dirs, files in os.walk(path, onerror=unreadable):
                dirs.sort()
                for name in files:
                    if not name.endswith(".toml"):
                        continue
                    f = Path(folder) / name
                    try:
                        mode = os.stat(f).st_mode
                    except OSError as exc:
                        _warn(message(N_("{file}: cannot read ({why}), skipped"), file=f, why=exc.strerror))
                        continue
                    if not stat.S_ISREG(mode):
                        _warn(
                            message(
                                N_("{file}: not a regular file (a FIFO, a device or a socket), skipped"),
                                file=f,
                            )
                        )
                        continue
                    found.append(f)
            found.sort()
            if not found:
                _warn(message(N_("{folder}: no *.toml files in this folder"), folder=source))
        else:
            found = [path]
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                out.append((f, in_folder))
    return out


def read_ledgers(sources: list[str], skip_bad: bool = False) -> list[tuple[str, Ledger]]:
    """Every ledger named or found; all problems of all files in one error.

    In a folder, a TOML file that is no ledger (a profile, an alias file, a file without the
    ``schema`` key) is skipped with a warning; named on the command line, it is an error. A
    ledger that cannot be read or trusted (its digest does not match: changed outside
    tarockscore) stops the command, unless ``skip_bad``: then it is left out with a warning.
    """
    ledgers: list[tuple[str, Ledger]] = []
    problems: list[Problem] = []
    untrusted = False
    files = _files(sources)
    snapshots = read_many([path for path, _in_folder in files])  # or the error each file gave
    for (path, in_folder), (_path, snapshot) in zip(files, snapshots, strict=True):
        if isinstance(snapshot, NotALedger):
            if in_folder:
                _warn(message(N_("{problem}, skipped"), problem=snapshot.problems[0].render(i18n.gettext)))
                continue
            problems += snapshot.problems
            continue
        if isinstance(snapshot, LedgerError):
            exc = snapshot
            if in_folder and _not_a_ledger(exc.problems):
                _warn(message(N_("{file}: not a ledger (no schema key), skipped"), file=path))
                continue
            if skip_bad:
                _skip(path, exc)
                continue
            problems += exc.problems
            continue
        try:
            verify(snapshot)
        except LedgerError as exc:
            if skip_bad:
                _skip(path, exc)
                continue
            problems += exc.problems
            untrusted = True
            continue
        ledgers.append((str(path), snapshot.ledger))
    if problems:
        if untrusted:
            problems.append(
                Problem.of("", N_("or leave a ledger that fails its check out of the season with --skip-bad"))
            )
        raise LedgerError(problems)
    return ledgers


def _skip(path: Path, exc: LedgerError) -> None:
    more = len(exc.problems) - 1
    first = advised(exc.problems[0]).render(i18n.gettext)
    if more:
        text = i18n.ngettext(
            "{path}: left out (--skip-bad): {problem} (and {more} more problem)",
            "{path}: left out (--skip-bad): {problem} (and {more} more problems)",
            more,
        )
    else:
        text = _("{path}: left out (--skip-bad): {problem}")
    _warn(text.format(path=path, problem=first, more=more))


def _date(option: str, value: str | None) -> object:
    if value is None:
        return None
    try:
        return table_date(value)
    except ValueError as exc:
        raise UsageError(N_("{option} {exc}"), option=option, exc=exc) from None


# Where each alias was given, as the user gave it: ``--alias 'Hansi=Hans'``, or the alias file
# and its key; a warning about an alias names it there.
Given = dict[str, str]


def _filters(
    date_from: str | None,
    date_to: str | None,
    players: list[str],
    alias: list[str],
    alias_file: str | None,
    rescore: str | None,
) -> tuple[Filters, Given]:
    start, end = _date("--from", date_from), _date("--to", date_to)
    assert start is None or isinstance(start, dt.date)
    assert end is None or isinstance(end, dt.date)
    if start and end and start > end:
        raise UsageError(N_("--from {start} is after --to {end}"), start=start, end=end)
    aliases: dict[str, str] = {}
    given: Given = {}
    if alias_file is not None:
        if not alias_file.strip():
            raise UsageError(
                N_("{value!r}: empty; give an alias file, or leave the option out"),
                where="--aliases",
                value=alias_file,
            )
        try:
            raw = safe_io.read_regular(Path(alias_file), "alias", safe_io.SMALL_LIMIT, UsageError)
            text = safe_io.decode(raw, alias_file, UsageError)
            data = safe_io.load_toml(text, alias_file, UsageError)
        except FileNotFoundError:
            raise UsageError(N_("--aliases {alias_file!r}: no such file"), alias_file=alias_file) from None
        except UsageError as exc:
            raise exc.located("--aliases") from None
        from_file = aliases_from_mapping(data, alias_file)
        given.update((a, f"{alias_file}: aliases.{a}") for a in from_file)
        aliases.update(from_file)
    problems: list[Problem] = []
    for text in alias:
        try:
            name, target = parse_alias(text)
        except UsageError as exc:
            problems += exc.problems
            continue
        aliases[name] = target
        given[name] = f"--alias {Shown(text)!r}"
    if problems:
        raise UsageError(problems)
    profile = load_profile(rescore) if profile_given(rescore, "--rescore") is not None else None
    filters = Filters(date_from=start, date_to=end, players=tuple(players), aliases=aliases, rescore=profile)
    return filters, given


def parse_alias(text: str) -> tuple[str, str]:
    """``--alias "Hansi=Hans"`` → ``("Hansi", "Hans")``: the first name is read as the second.

    Both are names as ``--players`` takes them (:func:`name_problem`): no control character, no
    comma, '=' or ';', at most 40 characters.
    """
    alias, sep, name = text.partition("=")
    alias, name = nfc(strip_spaces(alias)), nfc(strip_spaces(name))
    if not sep or not alias.strip() or not name.strip():
        raise UsageError(N_("--alias {text!r}: give ALIAS=NAME, e.g. --alias 'Hansi=Hans'"), text=text)
    wrong = [(n, w) for n in (alias, name) if (w := name_problem(n)) is not None]
    if wrong:
        raise UsageError(
            [
                Problem.of("", N_("--alias {text!r}: {name!r}: {wrong}"), text=text, name=n, wrong=w)
                for n, w in wrong
            ]
        )
    return alias, name


def _where_given(warning: str, given: Given) -> str:
    """An unused alias named where it was given (``--alias 'Rudi=Rudolf'``, or the alias file and
    its key), not as the pair the season resolved it to."""
    if not isinstance(warning, Message) or warning.template != UNUSED_ALIAS:
        return warning
    values = dict(warning.values)
    where = given.get(str(values["alias"]))
    if where is None:
        return warning
    return message(
        N_("{where}: nobody called {alias!r} played in these ledgers{hint}"),
        where=where,
        alias=values["alias"],
        hint=values["hint"],
    )


def _warn(message: str) -> None:
    typer.echo(_("warning: {message}").format(message=i18n.translated(message)), err=True)


def _fold(sources: list[str], chosen: tuple[Filters, Given], skip_bad: bool = False) -> Season:
    filters, given = chosen
    if not sources:
        raise UsageError(N_("give at least one ledger file or folder"))
    ledgers = read_ledgers(sources, skip_bad)
    if not ledgers:
        raise LedgerError(N_("no ledgers found in {names}"), names=", ".join(sources))
    try:
        result = fold(ledgers, filters)
    except TarockError as exc:
        raise season_error(exc) from None
    result = replace(result, warnings=tuple(in_option_words(_where_given(w, given)) for w in result.warnings))
    for w in result.warnings:
        _warn(w)
    return result


# -- the commands ---------------------------------------------------------------------------------


def season(
    ledgers: LedgersArg,
    date_from: FromOpt = None,
    date_to: ToOpt = None,
    player: PlayerOpt = [],  # noqa: B006 - Typer reads the default, never mutates it
    alias: AliasOpt = [],  # noqa: B006
    aliases: AliasFileOpt = None,
    output: FormatOpt = Format.TABLE,
    rescore: RescoreOpt = None,
    skip_bad: SkipBadOpt = False,
) -> None:
    """Standings across many evenings: Victory Points, payout, hands played, per player."""
    folded = _fold(ledgers, _filters(date_from, date_to, player, alias, aliases, rescore), skip_bad)
    rows = standings(folded)
    if output is Format.JSON:
        typer.echo(render.dumps(season_json(folded, rows)))
        return
    headers, table = standings_csv(rows)
    if output is Format.CSV:
        typer.echo(render.csv_text(headers, table), nl=False)
        return

    names = {
        "rank": N_("rank"),
        "player": N_("player"),
        "victory_points": N_("Victory Points"),
        "hands": N_("hands"),
        "evenings": N_("evenings"),
        "points_per_hand": N_("per hand"),
        "payout": N_("payout"),
    }
    shown = [
        [
            render.signed(v)
            if h in ("victory_points", "payout") and isinstance(v, int)
            else i18n.number(v)
            if h == "points_per_hand"
            else v
            for h, v in zip(headers, r, strict=True)
        ]
        for r in table
    ]
    typer.echo(
        tabulate(
            shown,
            headers=[i18n.translated(names.get(h, h)) for h in headers],
            colalign=["right", "left", *["right"] * (len(headers) - 2)],
            disable_numparse=True,
        )
    )
    typer.echo(season_span(folded))


def stats(
    ledgers: LedgersArg,
    date_from: FromOpt = None,
    date_to: ToOpt = None,
    player: PlayerOpt = [],  # noqa: B006
    alias: AliasOpt = [],  # noqa: B006
    aliases: AliasFileOpt = None,
    output: FormatOpt = Format.TABLE,
    rescore: RescoreOpt = None,
    wide: Annotated[
        bool, typer.Option("--wide", help="Every column, however wide; by default the table fits 100.")
    ] = False,
    skip_bad: SkipBadOpt = False,
) -> None:
    """Statistics per player, for one evening or a season: contracts, partners, bonuses, Kontras."""
    folded = _fold(ledgers, _filters(date_from, date_to, player, alias, aliases, rescore), skip_bad)
    result = player_stats(folded)
    if output is Format.JSON:
        typer.echo(render.dumps(stats_json(folded, result)))
    elif output is Format.CSV:
        headers, rows = csv_table(result, contract_order(folded))
        typer.echo(render.csv_text(headers, rows), nl=False)
    else:
        typer.echo(render_season.stats_text(result, contract_order(folded), None if wide else STATS_WIDTH))
        typer.echo(season_span(folded))


def chart(
    ledgers: LedgersArg,
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
    date_from: FromOpt = None,
    date_to: ToOpt = None,
    player: PlayerOpt = [],  # noqa: B006
    alias: AliasOpt = [],  # noqa: B006
    aliases: AliasFileOpt = None,
    rescore: RescoreOpt = None,
    skip_bad: SkipBadOpt = False,
    title: Annotated[str | None, typer.Option("--title", metavar="TEXT", help="The chart's title.")] = None,
) -> None:
    """Draw the running totals of an evening or a season: one line per player, hand by hand."""
    profile_given(rescore, "--rescore")
    if title is not None:
        wrong = text_problem(title)
        if wrong is not None:
            raise UsageError(N_("{title!r}: {wrong}"), title=title, wrong=wrong, where="--title")
    if out != "-":
        inputs = [Path(s) for s in ledgers] + [Path(x) for x in (aliases, rescore) if x is not None]
        check_output(out, "--output", inputs)
    fmt = "svg" if out == "-" else FORMATS.get(Path(out).suffix.lower())
    if fmt is None:
        raise UsageError(
            N_(
                "--output {out!r}: write .svg, .html, .png or .pdf (the file's ending says which), or - for the SVG on stdout"
            ),
            out=out,
        )
    folded = _fold(ledgers, _filters(date_from, date_to, player, alias, aliases, rescore), skip_bad)
    points, starts = per_hand_points(folded)
    if title is None:
        title = render_season.title(folded)
    svg = chart_svg(folded.selected, points, title=title, markers=[Marker(n, label) for n, label in starts])
    if out == "-":
        typer.echo(svg, nl=False)
        return
    data: str | bytes = render_season.html(svg, title) if fmt == "html" else svg
    if fmt in ("png", "pdf"):
        try:
            data = svg_to_image(svg, fmt)
        except ImageUnavailable as exc:
            raise UsageError(N_("--output {out!r}: {exc}"), out=out, exc=exc) from None
    write_output(Path(out), data, "--output", inputs, TarockError)
    typer.echo(
        _("wrote {out}: {count} players, {span}").format(
            out=out, count=len(folded.selected), span=season_span(folded)
        ),
        err=True,
    )
