"""Bonuses (Pagat, Uhu, Trull, the four Kings, …): each one a bet of its own (core layer, pure)."""

from __future__ import annotations

from tarockscore.errors import N_, message
from tarockscore.rules.hand import BonusEntry, Side, render_points, side_card_points
from tarockscore.rules.kontra import said_kontra_factors
from tarockscore.rules.profile import Game, key_path
from tarockscore.rules.settlement import NOTHING, Deal, Factor, Scored, note, title


def announced_factor(deal: Deal) -> Factor:
    return Factor(N_("announced"), deal.profile.game.announced_factor, key_path(Game, "announced_factor"))


def bonus_label(name: str, announced: bool) -> str:
    """``Pagat (announced)``, ``Pagat (silent)``."""
    return message(N_("{bonus} (announced)") if announced else N_("{bonus} (silent)"), bonus=title(name))


# The Kontra on each bonus in a sentence of its own, so a language can give the bonus its article
# ("Kontra auf den Pagat", "auf die Trull"); a bonus not listed reads with the general template.
KONTRA_ON = {
    "pagat": N_("{step} on the Pagat"),
    "uhu": N_("{step} on the Uhu"),
    "kakadu": N_("{step} on the Kakadu"),
    "quapil": N_("{step} on the Quapil"),
    "king_ultimo": N_("{step} on the King Ultimo"),
    "trull": N_("{step} on the Trull"),
    "four_kings": N_("{step} on the Four Kings"),
    "valat": N_("{step} on the Valat"),
    "honneurs": N_("{step} on the Honneurs"),
    "mondfang": N_("{step} on the Mondfang"),
    "koenigfang": N_("{step} on the Koenigfang"),
    "first_sack": N_("{step} on the First Sack"),
    "second_sack": N_("{step} on the Second Sack"),
}


def bonus_factors(deal: Deal, b: BonusEntry) -> list[Factor]:
    """What multiplies a bonus's value: its announcement, a solo contract, the Kontra said on it."""
    c = deal.contract
    factors = [announced_factor(deal)] if b.announced else []
    if c.doubles_bonuses:
        label = message(N_("{contract} doubles every bonus"), contract=title(c.name))
        factors.append(
            Factor(label, deal.profile.game.solo_bonus_factor, key_path(Game, "solo_bonus_factor"))
        )
    target = KONTRA_ON.get(b.name, N_("{step} on the {bonus}"))
    factors += said_kontra_factors(deal, b.kontra, target, bonus=title(b.name))
    return factors


def silent_failure_note(deal: Deal, b: BonusEntry) -> str | None:
    """Why a silent bonus that failed is not scored, or None where it goes to the other side."""
    rules = deal.profile.bonus_rules
    if not rules.silent_failure_counts:
        return message(
            N_("{bonus} silent and lost: not scored (bonus_rules.silent_failure_counts = false)."),
            bonus=title(b.name),
        )
    if rules.silent_failure_bonuses is not None and b.name not in rules.silent_failure_bonuses:
        return message(N_("{bonus} silent and lost: not scored under this profile."), bonus=title(b.name))
    return None


def short_of_points(deal: Deal, b: BonusEntry, side: Side) -> str | None:
    """Why a failed bonus with ``min_card_points`` does not go to ``side``; None: no such bar."""
    minimum = deal.profile.bonuses[b.name].min_card_points
    if minimum is None:
        return None
    hand = deal.hand
    points = side_card_points(
        side, hand.card_points, hand.defender_card_points, deal.profile.game.card_points_total
    )
    if points is not None and points >= minimum:
        return None
    return message(
        N_(
            "{bonus} lost, and the other side's card points do not show the {minimum} it needs: "
            "nobody scores it (bonuses.{name}.min_card_points)."
        ),
        bonus=title(b.name),
        minimum=render_points(minimum),
        name=b.name,
    )


def bonus_line(deal: Deal, b: BonusEntry, winning_side: Side | None = None, *, why: str = "") -> Scored:
    """One bonus settled; ``winning_side`` overrides who wins it (a renonce gives it away)."""
    p = deal.profile
    if winning_side is None:
        if not b.made:
            not_scored = None if b.announced else silent_failure_note(deal, b)
            not_scored = not_scored or short_of_points(deal, b, b.side.other)
            if not_scored is not None:
                return note(not_scored)
        winning_side = b.side if b.made else b.side.other
    factors = bonus_factors(deal, b)
    label = bonus_label(b.name, b.announced)
    if not b.made and not why:
        if b.side is not Side.DECLARERS:
            why = N_("the defenders did not make it: it goes to the other side")
        elif len(deal.side(Side.DECLARERS)) == 1:
            why = N_("the declarer did not make it: it goes to the other side")
        else:
            why = N_("the declarers did not make it: it goes to the other side")
    winners, losers = deal.side(winning_side), deal.side(winning_side.other)
    if p.bonuses[b.name].between_players and b.made and b.caught_by and b.lost_by:
        # [LAU] Mondfang: "nur zwischen den zwei beteiligten Spielern gerechnet"
        winners, losers = (b.caught_by,), (b.lost_by,)
        why = why or message(
            N_(
                "settled between {lost_by}, who lost it, and {caught_by}, who made it: the others take no part"
            ),
            caught_by=b.caught_by,
            lost_by=b.lost_by,
        )
    return deal.line(
        b.name,
        label,
        p.bonuses[b.name].value,
        f"bonuses.{b.name}.value",
        factors,
        winners,
        losers,
        why,
    )


def bonus_lines(deal: Deal, bonuses: list[BonusEntry]) -> Scored:
    out = NOTHING
    for b in bonuses:
        out = out.then(bonus_line(deal, b))
    return out
