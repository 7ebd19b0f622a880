"""The output options every command that prints a table shares: ``--format``, ``--json``, ``--csv`` (CLI layer).

A command takes the three options, asks :func:`chosen` which format they mean, and prints the
view ``render`` built with :func:`show`: the same words, the same refusals, one output path.
"""

from typing import Annotated

import typer

from tarockscore.errors import N_, UsageError
from tarockscore.render.output import OutputFormat, View, rendered

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
