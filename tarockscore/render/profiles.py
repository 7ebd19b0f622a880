"""The shipped profiles as ``tarockscore profiles`` lists them: a table, JSON or CSV (rendering layer)."""

from __future__ import annotations

from collections.abc import Sequence

from tabulate import tabulate

from tarockscore import i18n
from tarockscore.i18n import _
from tarockscore.render.output import View
from tarockscore.rules.profile import Profile

COLUMNS = ("profile", "game", "settlement", "ceiling", "title")


def _row(p: Profile, language: str) -> list[str]:
    ceiling = p.kontra.ladder[p.kontra.ceiling - 1].name
    if language == i18n.DEFAULT:  # the words of the file, as JSON and CSV keep them
        return [p.name, p.game.family, p.settlement.mode, ceiling, p.title_in(language)]
    return [
        p.name,
        i18n.named(p.game.family),
        _("zero-sum") if p.settlement.mode == "zero_sum" else _("Simplified Scoring"),
        i18n.named(ceiling),
        p.title_in(language),
    ]


def profiles_view(profiles: Sequence[Profile]) -> View:
    """One row per profile: its name, game, settlement, Kontra ceiling and title (the reader's
    language in the table; English in JSON and CSV, which speak no language)."""
    return View(
        table=lambda: _table(profiles),
        json=lambda: [dict(zip(COLUMNS, _row(p, "en"), strict=True)) for p in profiles],
        csv=lambda: (list(COLUMNS), [_row(p, "en") for p in profiles]),
    )


def _table(profiles: Sequence[Profile]) -> str:
    rows = [_row(p, i18n.current()) for p in profiles]
    return tabulate(rows, headers=[_("profile"), _("game"), _("settlement"), _("ceiling"), _("title")])
