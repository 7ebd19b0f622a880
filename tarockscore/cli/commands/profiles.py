"""``tarockscore profiles``: the shipped profiles, and one profile's rules and price list."""

import tomli_w
import typer

import tarockscore
from tarockscore.cli.shell.group import new_app
from tarockscore.cli.shell.options import CsvOpt, FormatOpt, JsonOpt, chosen, profile_given, show
from tarockscore.render import hand as render

profiles_app = new_app(help="List the shipped profiles, or show one with its price list.")


@profiles_app.callback(invoke_without_command=True)
def profiles(
    ctx: typer.Context, output: FormatOpt = None, json_out: JsonOpt = False, csv_out: CsvOpt = False
) -> None:
    """List the shipped profiles."""
    if ctx.invoked_subcommand is not None:
        return
    fmt = chosen(output, json_out, csv_out)
    show(render.profiles_view([tarockscore.load_profile(name) for name in tarockscore.profile_names()]), fmt)


@profiles_app.command("show")
def profiles_show(
    name: str = typer.Argument(..., help="A shipped profile name or a path to a profile file."),
    toml_out: bool = typer.Option(False, "--toml", help="Print the resolved profile as TOML."),
) -> None:
    """Show a profile: its rules and price list (every contract and bonus with its value)."""
    prof = tarockscore.load_profile(profile_given(name, "NAME"))
    if toml_out:
        typer.echo(tomli_w.dumps(dict(prof.document)), nl=False)
    else:
        typer.echo(render.price_list(prof))
