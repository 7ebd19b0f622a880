"""Kontra: the ladder of doublings, the Hüttenfleck, contra ad personam, and the contract's line they double, with its loss factor (core layer, pure)."""

from __future__ import annotations

from fractions import Fraction

from tarockscore.errors import N_, message
from tarockscore.rules.hand import Hand, Side
from tarockscore.rules.profile import Contract, Kind, KontraRules, Profile, Settlement, key_path, setting
from tarockscore.rules.settlement import NOTHING, Deal, Factor, Scored, note, title


def kontra_factors(
    profile: Profile, step_name: str | None, target: str, answer: str | None = None, **values: object
) -> tuple[Factor, ...]:
    """One factor per step of the ladder up to ``step_name``; ``target`` is a template with ``{step}``."""
    if step_name is None:
        return ()
    step = profile.step(step_name)
    assert step is not None
    factors = []
    previous = 1
    for s in profile.kontra.ladder[: step.level]:
        # the doubted side's answers (Rekontra, …) read with ``answer`` where one is given
        said = answer if answer is not None and s.level % 2 == 0 else target
        factors.append(
            Factor(
                message(said, step=title(s.name), **values)
                if "{step}" in said
                else message(N_("{step} on {target}"), step=title(s.name), target=target),
                s.multiplier // previous,
                f"{key_path(KontraRules, 'ladder')}[{s.level - 1}]",
                True,
            )
        )
        previous = s.multiplier
    return tuple(factors)


def huettenfleck_factors(profile: Profile) -> tuple[Factor, ...]:
    """The Hüttenfleck: a Kontra said before the talon, which multiplies at once."""
    return (
        Factor(
            N_("Hüttenfleck (Kontra before the talon)"),
            profile.kontra.huettenfleck_multiplier,
            key_path(KontraRules, "huettenfleck_multiplier"),
            True,
        ),
    )


def kontra_void(hand: Hand, profile: Profile) -> bool:
    """Every Kontra of the hand is void: a solo call whose called King lay in the talon (D18)."""
    return (
        hand.called_king == "talon"
        and profile.contracts[hand.contract].doubles_bonuses
        and profile.called_king_in_talon.solo_kontra_void
    )


def said_kontra_factors(
    deal: Deal, step_name: str | None, target: str, **values: object
) -> tuple[Factor, ...]:
    """The Kontra said on a bet beside the contract (a bonus, the Valat), unless every one is void."""
    if kontra_void(deal.hand, deal.profile):
        return ()
    return kontra_factors(deal.profile, step_name, target, None, **values)


def side_bet_factors(hand: Hand, profile: Profile) -> tuple[Factor, ...]:
    """What multiplies every bet beside the contract: the Hüttenfleck where its scope is the hand."""
    if hand.huettenfleck and profile.kontra.huettenfleck_scope == "hand" and not kontra_void(hand, profile):
        return huettenfleck_factors(profile)
    return ()


def contract_kontra(deal: Deal) -> tuple[tuple[Factor, ...], Scored]:
    """The Kontra on the contract (said, implied or void) and the notes that explain it."""
    hand, contract, profile = deal.hand, deal.contract, deal.profile
    if kontra_void(hand, profile):
        if hand.kontra or hand.huettenfleck or any(b.kontra for b in hand.bonuses):
            return (), note(
                N_(
                    "The called King lay in the talon of a solo call: every Kontra is void "
                    "(called_king_in_talon.solo_kontra_void)."
                )
            )
        return (), NOTHING
    if hand.huettenfleck:
        if hand.kontra:  # entered with the Hüttenfleck, the Kontra is the one said before the talon
            return huettenfleck_factors(profile), note(
                N_(
                    "The Kontra was said before the talon: it is the Hüttenfleck, whose multiplier "
                    "takes the place of the Kontra's (kontra.huettenfleck_multiplier)."
                )
            )
        return huettenfleck_factors(profile), NOTHING
    if (
        hand.kontra is None
        and profile.bonus_rules.defender_announce_implies_kontra
        and contract.kind is Kind.POSITIVE
        and any(b.announced and b.side is Side.DEFENDERS for b in hand.bonuses)
    ):
        implied = note(
            N_(
                "A Defender announced a bonus, which counts as Kontra on the contract "
                "(bonus_rules.defender_announce_implies_kontra)."
            )
        )
        return kontra_factors(
            profile, profile.kontra.ladder[0].name, N_("{step} on the contract (implied)")
        ), implied
    return kontra_factors(profile, hand.kontra, N_("{step} on the contract")), NOTHING


# A Defender's own Kontra on a contract in a sentence of its own, so a language can give the
# contract its article ("auf den Bettler von Bert"); another contract reads with the general template.
KONTRA_ON_CONTRACT = {
    "bettler": N_("{player}'s {step} on {declarer}'s Bettler"),
    "bettler_ouvert": N_("{player}'s {step} on {declarer}'s Bettler Ouvert"),
}


def defender_kontra_factors(profile: Profile, hand: Hand, contract: str, defender: str) -> tuple[Factor, ...]:
    """Contra ad personam: the steps one Defender said on the declarer's contract (none: no factor)."""
    return kontra_factors(
        profile,
        dict(hand.kontra_by).get(defender),
        KONTRA_ON_CONTRACT.get(contract, N_("{player}'s {step} on {declarer}'s {contract}")),
        N_("{declarer}'s {step} to {player}"),
        player=defender,
        declarer=hand.declarer,
        contract=title(contract),
    )


def ad_personam_lines(deal: Deal, base: int | Fraction, factors: tuple[Factor, ...], won: bool) -> Scored:
    """Contra ad personam: the declarer settles with each Defender at that Defender's own stake (docs/rules/disagreements.md#d32)."""
    hand, c, profile = deal.hand, deal.contract, deal.profile
    assert hand.declarer is not None
    steps = dict(hand.kontra_by)
    rule = f"contracts.{c.name}.value"
    if profile.settlement.mode == "simplified" and won:
        highest = max(steps.values(), key=lambda s: profile.step(s).level)  # type: ignore[union-attr]
        return deal.line(
            "contract",
            title(c.name),
            base,
            rule,
            [
                *factors,
                *kontra_factors(profile, highest, N_("{step} on the contract (the highest Defender's)")),
            ],
            (hand.declarer,),
            deal.defenders,
            note=setting(Settlement, "mode", "simplified"),
        )
    out = NOTHING
    for d in deal.defenders:
        pair = ((hand.declarer,), (d,)) if won else ((d,), (hand.declarer,))
        out = out.then(
            deal.line(
                "contract",
                message(N_("{contract} vs {player}"), contract=title(c.name), player=d),
                base,
                rule,
                [
                    *factors,
                    *defender_kontra_factors(profile, hand, c.name, d),
                ],
                *pair,
            )
        )
    return out


def loss_factors(contract: Contract) -> tuple[Factor, ...]:
    """The factor a lost contract pays beyond its value, if its ``loss_factor`` is not 1."""
    if contract.loss_factor == 1:
        return ()
    return (
        Factor(
            message(
                N_("{contract} lost: the game counts ×{factor}"),
                contract=title(contract.name),
                factor=contract.loss_factor,
            ),
            contract.loss_factor,
            f"contracts.{contract.name}.loss_factor",
        ),
    )


def contract_lines(
    deal: Deal,
    won: bool,
    winners: tuple[str, ...],
    losers: tuple[str, ...],
    kontra: tuple[Factor, ...],
    note: str = "",
) -> Scored:
    """The contract's line; with contra ad personam, one settlement per Defender."""
    c = deal.contract
    factors = () if won else loss_factors(c)
    if deal.hand.kontra_by and c.kind is Kind.NEGATIVE:
        return ad_personam_lines(deal, c.value, factors, won)
    return deal.line(
        "contract",
        title(c.name),
        c.value,
        f"contracts.{c.name}.value",
        [*factors, *kontra],
        winners,
        losers,
        note,
    )
