"""What a hand's card points prove or rule out about its tricks: the Valat, and the bonuses a side without a card cannot make (rules core, pure).

Every card of a Königrufen deck counts at least ⅓ (``game.every_card_counts``,
docs/rules/koenigrufen.md §1.1), so a side with no card point holds no card: the other side took
every trick, which is a Valat ([GT] Valat: "one team takes all of the tricks"), and the side
without a card made no bonus, for every bonus is made with a card in the side's tricks. The
other way round, a side that made a Valat holds every card but the talon cards the profile's
talon rules give the other side (``[contracts.NAME] talon_share``, §1.4).
"""

from __future__ import annotations

from fractions import Fraction

from tarockscore.errors import N_, Collector
from tarockscore.rules import legality
from tarockscore.rules.cardpoints import render_points
from tarockscore.rules.hand import BonusEntry, Side, side_card_points
from tarockscore.rules.profile import Contract, Profile

VALAT = "valat"


def check_tricks(
    bonuses: tuple[BonusEntry, ...],
    declarers: Fraction | None,
    defenders: Fraction | None,
    contract: Contract,
    called_king: str | None,
    profile: Profile,
    problems: Collector,
) -> None:
    """Refuse a hand whose card points prove a Valat it does not enter, or rule out one it does,
    or show a side without a card that made a bonus."""
    if declarers is None:
        return
    deck = profile.game.card_points_total
    points = {side: side_card_points(side, declarers, defenders, deck) for side in Side}
    if profile.game.every_card_counts:
        _check_every_trick(bonuses, points, contract, profile, problems)
        _check_no_card(bonuses, points, problems)
    _check_valat_against_talon(bonuses, declarers, contract, called_king, profile, problems)


def valat_proven(
    declarers: Fraction | None, defenders: Fraction | None, contract: Contract, profile: Profile
) -> Side | None:
    """The side whose card points prove it took every trick (its Valat, where the contract has
    one and every card counts), else None; the guided entry asks about it before the summary."""
    if declarers is None or not profile.game.every_card_counts or VALAT not in contract.bonuses:
        return None
    deck = profile.game.card_points_total
    return next((side for side in Side if side_card_points(side, declarers, defenders, deck) == deck), None)


def _check_every_trick(
    bonuses: tuple[BonusEntry, ...],
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
    valat = next(((i, b) for i, b in enumerate(bonuses) if b.name == VALAT), None)
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


def _check_no_card(
    bonuses: tuple[BonusEntry, ...], points: dict[Side, Fraction | None], problems: Collector
) -> None:
    """A side with no card point has no card in its tricks, so it made no bonus (the Valat's
    side is said by :func:`~tarockscore.rules.hand_bets.check_bonus_against_points`)."""
    for i, b in enumerate(bonuses):
        if b.made and b.name != VALAT and points[b.side] == 0:
            problems.add(
                f"bonus[{i}].made",
                N_("true: the {who} have no card point, so no card in their tricks: they made no {b}"),
                who=b.side.value,
                b=b.name,
            )


def _check_valat_against_talon(
    bonuses: tuple[BonusEntry, ...],
    declarers: Fraction,
    contract: Contract,
    called_king: str | None,
    profile: Profile,
    problems: Collector,
) -> None:
    """A side that made a Valat leaves the other side no card but the talon cards the profile
    gives it in this contract, so the other side has at most what those cards can hold."""
    share = legality.declarer_talon_share(profile, contract, called_king)
    if share is None:
        return
    deck = profile.game.card_points_total
    won = declarers >= profile.game.win_threshold
    for i, b in enumerate(bonuses):
        # a Valat whose side lost the game is refused for that (check_bonus_against_points)
        if b.name != VALAT or not b.made or won is not (b.side is Side.DECLARERS):
            continue
        if b.side is Side.DECLARERS:
            most = legality.talon_share_most(profile, legality.OTHER_SHARE[share])
            if deck - declarers > most:
                problems.add(
                    f"bonus[{i}]",
                    N_(
                        "a Valat made by the declarers leaves the defenders no card but the talon's they are given in {contract} (contracts.{contract}.talon_share = {share!r}: at most {most}); card_points {points} leaves them {other}"
                    ),
                    contract=contract.name,
                    share=share,
                    most=render_points(most),
                    points=render_points(declarers),
                    other=render_points(deck - declarers),
                )
        else:
            most = legality.talon_share_most(profile, share)
            if declarers > most:
                problems.add(
                    f"bonus[{i}]",
                    N_(
                        "a Valat made by the defenders leaves the declarers no card but the talon's they keep in {contract} (contracts.{contract}.talon_share = {share!r}: at most {most}); card_points {points} is more"
                    ),
                    contract=contract.name,
                    share=share,
                    most=render_points(most),
                    points=render_points(declarers),
                )
