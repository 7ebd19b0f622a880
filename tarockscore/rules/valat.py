"""The Valat: every trick taken by one side (core layer, pure).

Two models (``valat.model``): "multiplier" makes the Valat a multiple of the contract that
replaces the contract's line; "fixed" scores it as a premium beside the contract. The profile
also says which bonuses still count in a Valat hand (``valat.bonuses``), whether a made Valat
cancels the Kontra on the contract, whether a solo doubles it, and GameTwist's rule that a
silent Valat worth less than the game without it is not counted (``valat.silent_min_rule``).
"""

from __future__ import annotations

from tarockscore.errors import N_, message
from tarockscore.rules.bonuses import bonus_lines
from tarockscore.rules.contract_line import contract_lines, loss_factors
from tarockscore.rules.hand import BonusEntry, Hand, Side
from tarockscore.rules.kontra import contract_kontra, said_kontra_factors
from tarockscore.rules.profile import Profile
from tarockscore.rules.profile_tables import ValatRules, key_path
from tarockscore.rules.settlement import NOTHING, Deal, Factor, Scored, note, title

CANCELS_KONTRA = N_("A Valat cancels the Kontra on the contract (valat.cancels_game_kontra).")


def split_valat(hand: Hand) -> tuple[BonusEntry | None, list[BonusEntry]]:
    """The hand's Valat entry, if any, and its other bonuses."""
    valat, others = None, []
    for b in hand.bonuses:
        if b.name != "valat":
            others.append(b)
        elif valat is None:
            valat = b
    return valat, others


def cancels_game_kontra(p: Profile, valat: BonusEntry) -> bool:
    """Whether this Valat voids the Kontra on the game (D8); beside an announced Valat only where
    ``valat.cancels_game_kontra_announced`` says so ([WTC20 Prämien]: a silent Valat only)."""
    return p.valat.cancels_game_kontra and (not valat.announced or p.valat.cancels_game_kontra_announced)


def in_play(valat: BonusEntry | None) -> bool:
    """A Valat counts when it was made or announced (an announced one that fails is lost)."""
    return valat is not None and (valat.made or valat.announced)


def bonuses_in_valat(deal: Deal, others: list[BonusEntry]) -> tuple[list[BonusEntry], Scored]:
    """The bonuses that still count in a Valat hand (``valat.bonuses``), and a note on the rest."""
    rule = deal.profile.valat.bonuses
    if rule == "all":
        return others, NOTHING
    dropped = [b for b in others if not _counts_in_valat(rule, b, deal)]
    if not dropped:
        return others, NOTHING
    why = note(
        message(
            _IN_VALAT[rule],
            rule=rule,
            bonuses=", ".join(b.name for b in dropped),
        )
    )
    return [b for b in others if b not in dropped], why


_IN_VALAT = {
    "none": N_("In a Valat hand no bonus is scored (valat.bonuses = {rule!r}): not scored: {bonuses}."),
    "announced": N_(
        "In a Valat hand only announced bonuses are scored (valat.bonuses = {rule!r}): not scored: {bonuses}."
    ),
    "trick": N_(
        "In a Valat hand only the bonuses made in a trick are scored, no material bonus (valat.bonuses = {rule!r}): not scored: {bonuses}."
    ),
    "trick_or_announced": N_(
        "In a Valat hand a silent material bonus is part of the Valat (valat.bonuses = {rule!r}): not scored: {bonuses}."
    ),
}


def _counts_in_valat(rule: str, bonus: BonusEntry, deal: Deal) -> bool:
    """Whether one bonus still counts in a Valat hand under ``valat.bonuses``."""
    material = deal.profile.bonuses[bonus.name].material if bonus.name in deal.profile.bonuses else False
    if rule == "announced":
        return bonus.announced
    if rule == "trick":
        return not material
    if rule == "trick_or_announced":
        return bonus.announced or not material
    return False


def _solo_factors(deal: Deal) -> tuple[Factor, ...]:
    p = deal.profile
    if deal.contract.doubles_bonuses and p.valat.solo_doubles:
        return (
            Factor(
                N_("solo contract doubles the Valat"),
                p.game.solo_bonus_factor,
                key_path(ValatRules, "solo_doubles"),
            ),
        )
    return ()


def multiplier_line(deal: Deal, valat: BonusEntry) -> Scored:
    """Valat as a multiple of the contract, replacing the contract's line (docs/rules/disagreements.md#d9)."""
    c, p = deal.contract, deal.profile
    winning_side = valat.side if valat.made else valat.side.other
    factors: list[Factor] = []
    if winning_side is Side.DEFENDERS:
        factors += loss_factors(c)
    if valat.announced:
        factors.append(Factor(N_("Valat announced"), p.valat.announced, key_path(ValatRules, "announced")))
    else:
        factors.append(Factor(N_("Valat (silent)"), p.valat.silent, key_path(ValatRules, "silent")))
    factors += _solo_factors(deal)
    game_kontra, out = contract_kontra(deal)
    if game_kontra and cancels_game_kontra(p, valat):
        out = out.then(note(CANCELS_KONTRA))
        game_kontra = ()
    factors += game_kontra
    factors += said_kontra_factors(deal, valat.kontra, N_("{step} on the Valat"))
    label = message(
        N_("{contract} Valat (announced)") if valat.announced else N_("{contract} Valat"),
        contract=title(c.name),
    )
    why = "" if valat.made else N_("the announced Valat failed: it goes to the other side")
    return out.then(
        deal.line(
            "valat",
            label,
            c.value,
            f"contracts.{c.name}.value",
            factors,
            deal.side(winning_side),
            deal.side(winning_side.other),
            why,
        )
    )


def multiplied_hand(deal: Deal, valat: BonusEntry, others: list[BonusEntry], won: bool) -> Scored:
    """A hand whose Valat replaces the contract's line, with the bonuses that still count."""
    with_valat = multiplier_line(deal, valat).then(bonus_lines(deal, others))
    if not (deal.profile.valat.silent_min_rule and not valat.announced and valat.made):
        return with_valat
    # GameTwist: a silent Valat worth less than the game without it is not counted (docs/rules/disagreements.md#d12).
    winner = deal.side(valat.side)[0]
    game_sides = (deal.side(Side.DECLARERS), deal.side(Side.DEFENDERS))
    winners, losers = game_sides if won else game_sides[::-1]
    kontra, kontra_notes = contract_kontra(deal)
    without = kontra_notes.then(contract_lines(deal, won, winners, losers, kontra))
    without = without.then(bonus_lines(deal, [b for b in deal.hand.bonuses if b.name != "valat"]))
    if sum(x.points[winner] for x in without.lines) > sum(x.points[winner] for x in with_valat.lines):
        # only the notes of the lines printed: what the uncounted Valat would have done is not said
        return Scored(
            without.lines,
            (
                *without.notes,
                N_(
                    "The silent Valat is worth less than the game without it, so it is not counted "
                    "(valat.silent_min_rule)."
                ),
            ),
        )
    return Scored(with_valat.lines, with_valat.notes)


def fixed_line(deal: Deal, valat: BonusEntry) -> Scored:
    """Valat as a fixed premium beside the game (docs/rules/disagreements.md#d9, the fixed model)."""
    p = deal.profile
    winning_side = valat.side if valat.made else valat.side.other
    base, rule = (
        (p.valat.announced, key_path(ValatRules, "announced"))
        if valat.announced
        else (p.valat.silent, key_path(ValatRules, "silent"))
    )
    factors = [*_solo_factors(deal), *said_kontra_factors(deal, valat.kontra, N_("{step} on the Valat"))]
    label = N_("Valat (announced)") if valat.announced else N_("Valat (silent)")
    return deal.line(
        "valat",
        label,
        base,
        rule,
        factors,
        deal.side(winning_side),
        deal.side(winning_side.other),
    )
