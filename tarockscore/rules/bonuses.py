"""Bonuses (Pagat, Uhu, Trull, the four Kings, …): each one a bet of its own (core layer, pure).

A bonus is won by the side that makes it, or by the other side when it fails; announced it is
worth ``game.announced_factor`` times its value, and a solo contract
(``contracts.NAME.doubles_bonuses``) doubles it again. Which bonuses count in a Valat hand is
decided in :mod:`tarockscore.rules.valat`; which may be announced or doubled, in
:mod:`tarockscore.rules.legality`.
"""

from __future__ import annotations

from functools import lru_cache

from tarockscore.errors import N_, message
from tarockscore.rules.hand import BonusEntry, Side
from tarockscore.rules.kontra import said_kontra_factors
from tarockscore.rules.profile_tables import Game, key_path
from tarockscore.rules.settlement import NOTHING, Deal, Factor, Scored, note, title


def announced_factor(deal: Deal) -> Factor:
    return Factor(N_("announced"), deal.profile.game.announced_factor, key_path(Game, "announced_factor"))


# A bonus's label and notes name only the bonus (and the contract): each is made once per name.
@lru_cache(maxsize=256)
def bonus_label(name: str, announced: bool) -> str:
    """``Pagat (announced)``, ``Pagat (silent)``."""
    return message(N_("{bonus} (announced)") if announced else N_("{bonus} (silent)"), bonus=title(name))


@lru_cache(maxsize=256)
def silent_loss_note(name: str) -> str:
    return message(
        N_("{bonus} silent and lost: not scored (bonus_rules.silent_failure_counts = false)."),
        bonus=title(name),
    )


@lru_cache(maxsize=256)
def solo_doubling_label(contract: str) -> str:
    return message(N_("{contract} doubles every bonus"), contract=title(contract))


def bonus_line(deal: Deal, b: BonusEntry, winning_side: Side | None = None, *, why: str = "") -> Scored:
    """One bonus settled; ``winning_side`` overrides who wins it (a renonce gives it away)."""
    c, p = deal.contract, deal.profile
    if winning_side is None:
        if not b.made and not b.announced and not p.bonus_rules.silent_failure_counts:
            return note(silent_loss_note(b.name))
        winning_side = b.side if b.made else b.side.other
    factors: list[Factor] = []
    if b.announced:
        factors.append(announced_factor(deal))
    if c.doubles_bonuses:
        factors.append(
            Factor(
                solo_doubling_label(c.name),
                p.game.solo_bonus_factor,
                key_path(Game, "solo_bonus_factor"),
            )
        )
    factors += said_kontra_factors(deal, b.kontra, N_("{step} on the {bonus}"), bonus=title(b.name))
    label = bonus_label(b.name, b.announced)
    if not b.made and not why:
        why = (
            N_("declarers did not make it: it goes to the other side")
            if b.side is Side.DECLARERS
            else N_("defenders did not make it: it goes to the other side")
        )
    return deal.line(
        b.name,
        label,
        p.bonuses[b.name].value,
        f"bonuses.{b.name}.value",
        factors,
        deal.side(winning_side),
        deal.side(winning_side.other),
        why,
    )


def bonus_lines(deal: Deal, bonuses: list[BonusEntry]) -> Scored:
    out = NOTHING
    for b in bonuses:
        out += bonus_line(deal, b)
    return out
