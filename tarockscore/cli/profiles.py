"""``tarockscore profiles``: the shipped profiles, and one profile's rules and price list."""

import tomli_w
import typer
from tabulate import tabulate

from tarockscore import i18n
from tarockscore.cli.group import new_app
from tarockscore.cli.options import profile_given
from tarockscore.files.profile_file import load_profile, shipped_names
from tarockscore.i18n import _
from tarockscore.render import hand as render

profiles_app = new_app(help="List the shipped profiles, or show one with its price list.")


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add the ``profiles`` group to the ``tarockscore`` app (its one group: ``only`` is that or None)."""
    app.add_typer(profiles_app, name="profiles")


@profiles_app.callback(invoke_without_command=True)
def profiles(ctx: typer.Context) -> None:
    """List the shipped profiles."""
    if ctx.invoked_subcommand is not None:
        return
    rows = []
    for name in shipped_names():
        p = load_profile(name)
        rows.append(
            [
                p.name,
                p.game.family,
                p.settlement.mode,
                p.kontra.ladder[p.kontra.ceiling - 1].name,
                p.title_in(i18n.current()),
            ]
        )
    typer.echo(tabulate(rows, headers=[_("profile"), _("game"), _("settlement"), _("ceiling"), _("title")]))


@profiles_app.command("show")
def profiles_show(
    name: str = typer.Argument(..., help="A shipped profile name or a path to a profile file."),
    toml_out: bool = typer.Option(False, "--toml", help="Print the resolved profile as TOML."),
) -> None:
    """Show a profile: its rules and price list (every contract and bonus with its value)."""
    prof = load_profile(profile_given(name, "NAME"))
    if toml_out:
        typer.echo(tomli_w.dumps(dict(prof.document)), nl=False)
    else:
        typer.echo(render.price_list(prof))
