"""The Valat, and what a hand's card points prove or rule out about its tricks (core layer, pure)."""

from __future__ import annotations

from fractions import Fraction

from tarockscore.errors import N_, Collector, message
from tarockscore.rules import bets
from tarockscore.rules.hand import BonusEntry, GivenBonuses, Hand, Side, render_points, side_card_points
from tarockscore.rules.legality import OTHER_SHARE, declarer_talon_share, talon_share_holds, trick_card_points
from tarockscore.rules.profile import Contract, Profile, ValatRules, key_path

VALAT = "valat"
CANCELS_KONTRA = N_("A Valat cancels the Kontra on the contract (valat.cancels_game_kontra).")


def split_valat(hand: Hand) -> tuple[BonusEntry | None, list[BonusEntry]]:
    """The hand's Valat entry, if any, and its other bonuses."""
    valat = next((b for b in hand.bonuses if b.name == VALAT), None)
    return valat, [b for b in hand.bonuses if b.name != VALAT]


def cancels_game_kontra(p: Profile, valat: BonusEntry) -> bool:
    """Whether this Valat voids the Kontra on the game (D8)."""
    return p.valat.cancels_game_kontra and (not valat.announced or p.valat.cancels_game_kontra_announced)


def made_valat(bonuses: tuple[BonusEntry, ...]) -> BonusEntry | None:
    """The hand's Valat where it was made: its side took every trick, so won the game."""
    return next((b for b in bonuses if b.name == VALAT and b.made), None)


def decided_by_valat(hand: Hand) -> Side | None:
    """The side whose made Valat decides the hand, where neither card points nor ``won`` are given:
    a side that took every trick won the game (docs/rules/koenigrufen.md §1.5), and under every
    profile's ``[valat]`` the Valat's line (or the game beside the fixed premium) follows from that."""
    if hand.card_points is not None or hand.won is not None or hand.renonce is not None or hand.conceded:
        return None
    valat = made_valat(hand.bonuses)
    return None if valat is None else valat.side


def in_play(valat: BonusEntry | None) -> bool:
    """A Valat counts when it was made or announced (an announced one that fails is lost)."""
    return valat is not None and (valat.made or valat.announced)


def bonuses_in_valat(deal: bets.Deal, others: list[BonusEntry]) -> tuple[list[BonusEntry], bets.Scored]:
    """The bonuses that still count in a Valat hand (``valat.bonuses``), and a note on the rest."""
    rule = deal.profile.valat.bonuses
    kept = [b for b in others if _counts_in_valat(rule, b, deal)]
    named = others if rule == "all" else [b for b in others if b not in kept]
    if not named:
        return others, bets.NOTHING
    return kept, bets.note(message(_IN_VALAT[rule], rule=rule, bonuses=", ".join(b.name for b in named)))


_IN_VALAT = {
    "all": N_("In a Valat hand every bonus is scored (valat.bonuses = {rule!r}): scored: {bonuses}."),
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


def _counts_in_valat(rule: str, bonus: BonusEntry, deal: bets.Deal) -> bool:
    """Whether one bonus still counts in a Valat hand under ``valat.bonuses``."""
    material = deal.profile.bonuses[bonus.name].material if bonus.name in deal.profile.bonuses else False
    counts = {
        "all": True,
        "announced": bonus.announced,
        "trick": not material,
        "trick_or_announced": bonus.announced or not material,
    }
    return counts.get(rule, False)  # "none"


def _solo_factors(deal: bets.Deal) -> tuple[bets.Factor, ...]:
    p = deal.profile
    if deal.contract.doubles_bonuses and p.valat.solo_doubles:
        rule = key_path(ValatRules, "solo_doubles")
        return (bets.Factor(N_("solo contract doubles the Valat"), p.game.solo_bonus_factor, rule),)
    return ()


def _valat_factor(p: Profile, valat: BonusEntry) -> bets.Factor:
    if valat.announced:
        return bets.Factor(N_("Valat announced"), p.valat.announced, key_path(ValatRules, "announced"))
    return bets.Factor(N_("Valat (silent)"), p.valat.silent, key_path(ValatRules, "silent"))


def valat_kontra(deal: bets.Deal, valat: BonusEntry) -> tuple[bets.Factor, ...]:
    """The Kontra said on the Valat itself (D34)."""
    return bets.said_kontra_factors(deal, valat.kontra, N_("{step} on the Valat"))


def valat_factors(deal: bets.Deal, valat: BonusEntry) -> tuple[bets.Factor, ...]:
    """What multiplies the contract's value in a Valat of ``model = "multiplier"``, beside the Kontras."""
    return (_valat_factor(deal.profile, valat), *_solo_factors(deal))


def fixed_factors(deal: bets.Deal, valat: BonusEntry) -> tuple[bets.Factor, ...]:
    """What multiplies a fixed Valat premium (already its silent or announced value): the solo, its Kontra."""
    return (*_solo_factors(deal), *valat_kontra(deal, valat))


def multiplier_line(deal: bets.Deal, valat: BonusEntry, why: str = "") -> bets.Scored:
    """Valat as a multiple of the contract, replacing the contract's line (docs/rules/disagreements.md#d9);
    ``why``: what gave it to its winners, where not the tricks (a renonce)."""
    c, p = deal.contract, deal.profile
    winning_side = valat.side if valat.made else valat.side.other
    game_kontra, out = bets.contract_kontra(deal)
    if game_kontra and cancels_game_kontra(p, valat):
        out = out.then(bets.note(CANCELS_KONTRA))
        game_kontra = ()
    lost = bets.loss_factors(c) if winning_side is Side.DEFENDERS else ()
    factors = [*lost, *valat_factors(deal, valat), *game_kontra, *valat_kontra(deal, valat)]
    label = message(
        N_("{contract} Valat (announced)") if valat.announced else N_("{contract} Valat"),
        contract=bets.title(c.name),
    )
    if not why and not valat.made:
        why = N_("the announced Valat failed: it goes to the other side")
    # the line replaces the contract's: the Hüttenfleck on the hand is in its Kontra already, once
    return out.then(
        deal._replace(side_factors=()).line(
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


def multiplied_hand(deal: bets.Deal, valat: BonusEntry, others: list[BonusEntry], won: bool) -> bets.Scored:
    """A hand whose Valat replaces the contract's line, with the bonuses that still count."""
    bonuses = deal
    if deal.profile.valat.multiplies_bonuses:
        bonuses = deal._replace(side_factors=(*deal.side_factors, _valat_factor(deal.profile, valat)))
    with_valat = multiplier_line(deal, valat).then(bets.bonus_lines(bonuses, others))
    if not (deal.profile.valat.silent_min_rule and not valat.announced and valat.made):
        return with_valat
    # GameTwist: a silent Valat worth less than the game without it is not counted (docs/rules/disagreements.md#d12).
    winner = deal.side(valat.side)[0]
    winners, losers = (deal.declarers, deal.defenders) if won else (deal.defenders, deal.declarers)
    kontra, kontra_notes = bets.contract_kontra(deal)
    without = kontra_notes.then(bets.contract_lines(deal, won, winners, losers, kontra))
    without = without.then(bets.bonus_lines(deal, [b for b in deal.hand.bonuses if b.name != VALAT]))
    if sum(x.points[winner] for x in without.lines) > sum(x.points[winner] for x in with_valat.lines):
        # only the notes of the lines printed: what the uncounted Valat would have done is not said
        said = N_(
            "The silent Valat is worth less than the game without it, so it is not counted "
            "(valat.silent_min_rule)."
        )
        return without.then(bets.note(said))
    return with_valat


def fixed_line(deal: bets.Deal, valat: BonusEntry, why: str = "") -> bets.Scored:
    """Valat as a fixed premium beside the game (docs/rules/disagreements.md#d9, the fixed model)."""
    winning_side = valat.side if valat.made else valat.side.other
    worth = _valat_factor(deal.profile, valat)  # the number and key the multiplier model multiplies by
    label = N_("Valat (announced)") if valat.announced else N_("Valat (silent)")
    return deal.line(
        "valat",
        label,
        worth.multiplier,
        worth.rule,
        fixed_factors(deal, valat),
        deal.side(winning_side),
        deal.side(winning_side.other),
        why,
    )


def check_tricks(
    bonuses: GivenBonuses,
    declarers: Fraction | None,
    defenders: Fraction | None,
    contract: Contract,
    called_king: str | None,
    profile: Profile,
    problems: Collector,
    stored: bool = False,
) -> None:
    """Refuse card points that prove a Valat not entered, rule out one entered, or a bonus made without a card
    (``stored``: a hand an evening holds keeps the card points earlier versions took beside its talon)."""
    if declarers is None:
        if not stored:
            _check_bars_beside_valat(bonuses, contract, called_king, profile, problems)
        return
    deck = profile.game.card_points_total
    points = {side: side_card_points(side, declarers, defenders, deck) for side in Side}
    if not stored and _beside_talon(bonuses, points, contract, called_king, profile, problems):
        return
    if profile.game.every_card_counts:
        _check_every_trick(bonuses, points, contract, profile, problems)
        _check_no_card(bonuses, points, problems)
    _check_valat_against_talon(bonuses, declarers, contract, called_king, profile, problems, stored)


def _check_bars_beside_valat(
    bonuses: GivenBonuses, contract: Contract, called_king: str | None, profile: Profile, problems: Collector
) -> None:
    """Without card points, a Valat made still bounds them (docs/rules/koenigrufen.md §1.5): its
    side holds all but the talon cards the other side is given, the other side those alone.
    Refuse a bonus of ``min_card_points`` those bounds decide the other way (a Sack, the Absolut)."""
    valat = next((b for b in bonuses.values() if b.name == VALAT and b.made), None)
    share = declarer_talon_share(profile, contract, called_king)
    if valat is None or share is None:
        return
    deck = profile.game.card_points_total
    for i, b in bonuses.items():
        minimum = profile.bonuses[b.name].min_card_points
        if minimum is None:
            continue
        talon = b.side if b.side is not valat.side else b.side.other  # the side that holds talon cards only
        fewest, most = talon_share_holds(profile, share if talon is Side.DECLARERS else OTHER_SHARE[share])
        if b.side is valat.side:
            fewest, most = deck - most, deck - fewest
        if b.made and most < minimum:
            said = N_(
                "true: beside the {valat_side}' Valat the {who} hold at most {most} card points (in {contract}, contracts.{contract}.talon_share = {share!r}), and {profile!r} gives the {b} only to a side with at least {minimum} (bonuses.{b}.min_card_points)"
            )
        elif not b.made and fewest >= minimum:
            said = N_(
                "false: beside the {valat_side}' Valat the {who} hold at least {fewest} card points (in {contract}, contracts.{contract}.talon_share = {share!r}), at least the {minimum} that make the {b} (bonuses.{b}.min_card_points)"
            )
        else:
            continue
        problems.add(
            f"bonus[{i}].made",
            said,
            valat_side=valat.side.value,
            who=b.side.value,
            most=render_points(most),
            fewest=render_points(fewest),
            contract=contract.name,
            share=share,
            profile=profile.name,
            b=b.name,
            minimum=render_points(minimum),
        )


def valat_proven(
    declarers: Fraction | None, defenders: Fraction | None, contract: Contract, profile: Profile
) -> Side | None:
    """The side whose card points prove it took every trick, where that is its Valat; else None."""
    if declarers is None or not profile.game.every_card_counts or VALAT not in contract.bonuses:
        return None
    deck = profile.game.card_points_total
    return next((side for side in Side if side_card_points(side, declarers, defenders, deck) == deck), None)


def _check_every_trick(
    bonuses: GivenBonuses,
    points: dict[Side, Fraction | None],
    contract: Contract,
    profile: Profile,
    problems: Collector,
) -> None:
    """A side with every card point holds every card, so took every trick: the hand is its Valat."""
    deck = profile.game.card_points_total
    everything = valat_proven(points[Side.DECLARERS], points[Side.DEFENDERS], contract, profile)
    if everything is None:
        return
    valat = next(((i, b) for i, b in bonuses.items() if b.name == VALAT), None)
    if valat is None:
        problems.add(
            "card_points",
            N_(
                "{points}: the {who} hold all {total} card points, every card, so they took every trick: a Valat; enter the {who}' Valat or correct the card points"
            ),
            points=render_points(points[Side.DECLARERS] or Fraction(0)),
            who=everything.value,
            total=render_points(deck),
        )
        return
    i, b = valat
    if b.side is everything and not b.made:
        problems.add(
            f"bonus[{i}].made",
            N_(
                "false: the {who} hold all {total} card points, every card, so they took every trick: their Valat was made"
            ),
            who=everything.value,
            total=render_points(deck),
        )


def _check_no_card(bonuses: GivenBonuses, points: dict[Side, Fraction | None], problems: Collector) -> None:
    """A side with no card point has no card in its tricks, so it made no bonus."""
    for i, b in bonuses.items():
        if b.made and b.name != VALAT and points[b.side] == 0:
            problems.add(
                f"bonus[{i}].made",
                N_("true: the {who} have no card point, so no card in their tricks: they made no {b}"),
                who=b.side.value,
                b=b.name,
            )


def _talon_fewest(profile: Profile, contract: Contract, called_king: str | None, side: Side) -> Fraction:
    """The fewest card points the talon cards that count for ``side`` can hold, whoever took the
    tricks (docs/rules/koenigrufen.md §1.4); 0 where the profile does not say what the talon holds."""
    share = declarer_talon_share(profile, contract, called_king)
    if share is None:
        return Fraction(0)
    return talon_share_holds(profile, share if side is Side.DECLARERS else OTHER_SHARE[share])[0]


def _beside_talon(
    bonuses: GivenBonuses,
    points: dict[Side, Fraction | None],
    contract: Contract,
    called_king: str | None,
    profile: Profile,
    problems: Collector,
) -> bool:
    """Refuse a side with fewer card points than its talon cards hold; with more but less than they
    hold with a trick's four cards besides (game.trick_card_points); or with exactly their
    fewest, no trick, beside no Valat of the other side (docs/rules/koenigrufen.md §1.5). Whether one was."""
    trick = trick_card_points(profile)
    for side in Side:
        fewest, held = _talon_fewest(profile, contract, called_king, side), points[side]
        valat = any(b.name == VALAT and b.made and b.side is side.other for b in bonuses.values())
        if held is None:
            continue
        # "all 70" for the side that made a Valat is the table's way to say every trick: a Valat
        # is scored without the card points, so they are taken as said; without one, the check of
        # every trick asks for it (where every card counts)
        if held == 0 and (valat or profile.game.every_card_counts):
            continue
        no_trick = 0 < fewest == held and VALAT in contract.bonuses
        if not (held < fewest or fewest < held < fewest + trick or no_trick):
            continue
        if held < fewest:
            said = N_(
                "{points} leaves the {who} {held}, but the talon cards that count for them in {contract} hold at least {fewest} (contracts.{contract}.talon_share = {share!r})"
            )
        elif held > fewest:
            said = N_(
                "{points} leaves the {who} {held}: the talon cards that count for them in {contract} hold whole points, at least {fewest}, and with a trick's four cards besides at least {more} (contracts.{contract}.talon_share = {share!r})"
            )
        elif valat:
            continue
        else:
            said = N_(
                "{points} leaves the {who} {held}, the fewest the talon cards that count for them in {contract} hold: they took no trick, so the {others} took every trick: a Valat; enter the {others}' Valat or correct the card points"
            )
        problems.add(
            "card_points",
            said,
            points=render_points(points[Side.DECLARERS] or Fraction(0)),
            who=side.value,
            others=side.other.value,
            held=render_points(held),
            contract=contract.name,
            fewest=render_points(fewest),
            more=render_points(fewest + trick),
            share=declarer_talon_share(profile, contract, called_king),
        )
        return True
    return False


def _check_valat_against_talon(
    bonuses: GivenBonuses,
    declarers: Fraction,
    contract: Contract,
    called_king: str | None,
    profile: Profile,
    problems: Collector,
    stored: bool,
) -> None:
    """The other side of a Valat has at most what the talon cards it is given can hold, in whole points."""
    share = declarer_talon_share(profile, contract, called_king)
    if share is None:
        return
    deck = profile.game.card_points_total
    won = declarers >= profile.game.win_threshold
    for i, b in bonuses.items():
        # a Valat whose side lost the game is refused for that (check_bonus_against_points)
        if b.name != VALAT or not b.made or won is not (b.side is Side.DECLARERS):
            continue
        if b.side is Side.DECLARERS:
            fewest, most = talon_share_holds(profile, OTHER_SHARE[share])
            other = deck - declarers
            template = N_(
                "a Valat made by the declarers leaves the defenders no card but the talon's they are given in {contract} (contracts.{contract}.talon_share = {share!r}: {fewest} and whole points more, at most {most}); card_points {points} leaves them {other}"
            )
        else:
            (fewest, most), other = talon_share_holds(profile, share), declarers
            template = N_(
                "a Valat made by the defenders leaves the declarers no card but the talon's they keep in {contract} (contracts.{contract}.talon_share = {share!r}: {fewest} and whole points more, at most {most}); card_points {points} is not one of these"
            )
        # the talon cards alone: the fewest they hold, and whole points more (each card ⅓ and whole points more)
        if other > most or (other - fewest).denominator != 1 and not stored:
            problems.add(
                f"bonus[{i}]",
                template,
                contract=contract.name,
                share=share,
                fewest=render_points(fewest),
                most=render_points(most),
                points=render_points(declarers),
                other=render_points(other),
            )
