"""A renonce (revoke): who pays for it, by the profile's ``renonce.rule`` (core layer, pure)."""

from __future__ import annotations

from fractions import Fraction

from tarockscore.errors import N_, message
from tarockscore.rules import bets
from tarockscore.rules.hand import BonusEntry, Side
from tarockscore.rules.profile import Kind, RenonceRules, ValatRules, key_path, setting
from tarockscore.rules.valat import (
    CANCELS_KONTRA,
    VALAT,
    cancels_game_kontra,
    fixed_factors,
    fixed_line,
    multiplier_line,
    valat_factors,
    valat_kontra,
)


def renonce_lines(deal: bets.Deal) -> tuple[bets.Scored, bool | None]:
    """The lines of a revoked hand, and whether the declarers won it (None: nobody did)."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    offender = hand.renonce
    assert offender is not None
    if p.renonce.rule == "as_if_won":
        return as_if_won_lines(deal, offender), None
    if p.renonce.rule == "offender_pays":
        others = tuple(x for x in hand.players if x != offender)
        kontra, out = bets.contract_kontra(deal)
        out = out.then(
            deal.line(
                "renonce",
                message(N_("Renonce by {player}: {contract}"), player=offender, contract=bets.title(c.name)),
                c.value,
                f"contracts.{c.name}.value",
                [*bets.loss_factors(c), *kontra],
                others,
                (offender,),
                note=setting(RenonceRules, "rule", "offender_pays"),
            )
        )
        return out, None
    offending_side = Side.DECLARERS if offender in deal.declarers else Side.DEFENDERS
    won = offending_side is Side.DEFENDERS
    out = bets.note(
        message(
            N_(
                "Renonce by {player}: the declarer loses the contract and every announced bonus (renonce.rule = 'side_loses')."
            )
            if offending_side is Side.DECLARERS and len(deal.declarers) == 1
            else N_(
                "Renonce by {player}: the declarers lose the contract and every announced bonus (renonce.rule = 'side_loses')."
            )
            if offending_side is Side.DECLARERS
            else N_(
                "Renonce by {player}: the defenders lose the contract and every announced bonus (renonce.rule = 'side_loses')."
            ),
            player=offender,
        )
    )
    given_away = message(N_("renonce: goes to the side that did not revoke"))
    # an announced Valat is a bet as the others: the side that revoked loses it (D28), scored as its
    # [valat] model scores it, replacing the contract's line or beside it (docs/rules/koenigrufen.md §4)
    valat = next((b for b in hand.bonuses if b.name == VALAT and b.announced), None)
    lost = None if valat is None else valat._replace(made=valat.side is not offending_side)
    if lost is not None and p.valat.model == "multiplier":
        out = out.then(multiplier_line(deal, lost, given_away))
    else:
        kontra, why = bets.contract_kontra(deal)
        out = out.then(why).then(
            bets.contract_lines(
                deal,
                won,
                deal.side(offending_side.other),
                deal.side(offending_side),
                kontra,
                note=setting(RenonceRules, "rule", "side_loses"),
            )
        )
    if lost is not None and p.valat.model != "multiplier":
        out = out.then(fixed_line(deal, lost, given_away))
    for b in hand.bonuses:
        if b.announced and b is not valat:
            out = out.then(bets.bonus_line(deal, b, offending_side.other, why=given_away))
    return out, won


def _side_words(deal: bets.Deal, side: Side) -> str:
    if side is Side.DEFENDERS:
        return message(N_("the Defenders"))
    if len(deal.declarers) > 1:
        return message(N_("{player}'s side"), player=deal.hand.declarer)
    return str(deal.hand.declarer)


# a bet paid as if won: its name, label, base value, the key of that value, and its factors by the
# side that receives it
Bet = tuple[str, str, int | Fraction, str, dict[Side, tuple[bets.Factor, ...]]]


def as_if_won_lines(deal: bets.Deal, offender: str) -> bets.Scored:
    """``renonce.rule = "as_if_won"``: each other player receives what his side would have won of each bet; the revoker pays."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    kontra, out = bets.contract_kontra(deal)
    valat = next((b for b in hand.bonuses if b.name == VALAT and b.announced), None)
    in_contract: tuple[bets.Factor, ...] = ()
    if valat is not None and p.valat.model == "multiplier":
        # the announced Valat replaces the game's line, as multiplier_line scores it (D34, D35)
        in_contract = valat_factors(deal, valat)
        if kontra and cancels_game_kontra(p, valat):
            out, kontra = out.then(bets.note(CANCELS_KONTRA)), ()
        kontra = (*kontra, *valat_kontra(deal, valat))
    owed: list[Bet] = [
        (
            "contract",
            bets.title(c.name),
            c.value,
            f"contracts.{c.name}.value",
            {
                Side.DECLARERS: (*in_contract, *kontra),
                Side.DEFENDERS: (*bets.loss_factors(c), *in_contract, *kontra),
            },
        )
    ]
    owed += _bonus_bets(deal, valat if in_contract else None)
    players, mode = hand.players, p.settlement.mode
    for bet, label, worth, rule, by_side in owed:
        for side in by_side:
            receivers = tuple(x for x in deal.side(side) if x != offender)
            if not receivers:
                continue
            factors = by_side[side]
            value, stake = deal.amounts(worth, factors)
            points = dict.fromkeys(players, 0)
            payout = dict.fromkeys(players, 0)
            if bet == "contract" and hand.kontra_by and c.kind is Kind.NEGATIVE:
                # contra ad personam: each Defender's settlement at his own stake
                for d in deal.defenders:
                    own = deal.amounts(worth, (*factors, *bets.defender_kontra_factors(p, hand, c.name, d)))
                    assert hand.declarer is not None
                    one: tuple[str, ...] = (hand.declarer,)
                    won_by, lost_by = (one, (d,)) if side is Side.DECLARERS else ((d,), one)
                    for r in receivers:
                        if r in won_by:
                            points[r] += bets.settle_bet(won_by, lost_by, own[0], mode, players)[r]
                            payout[r] += bets.settle_bet(won_by, lost_by, own[1], mode, players)[r]
            else:
                won_value = bets.settle_bet(deal.side(side), deal.side(side.other), value, mode, players)
                won_stake = bets.settle_bet(deal.side(side), deal.side(side.other), stake, mode, players)
                for r in receivers:
                    points[r], payout[r] = won_value[r], won_stake[r]
            if mode == "zero_sum":
                points[offender] -= sum(points[r] for r in receivers)
                payout[offender] -= sum(payout[r] for r in receivers)
            line = bets.Line(
                bet="renonce" if bet == "contract" else bet,
                label=message(
                    N_("Renonce by {player}: {bet} made by {side}, claimed")
                    if len(by_side) == 1
                    else N_("Renonce by {player}: {bet} as if {side} had won"),
                    player=offender,
                    bet=label,
                    side=_side_words(deal, side),
                ),
                base=worth,
                base_rule=rule,
                factors=factors,
                winners=receivers,
                losers=(offender,),
                value=value,
                stake=stake,
                points=points,
                payout=payout,
                note=setting(RenonceRules, "silent_claimed", True)
                if len(by_side) == 1
                else setting(RenonceRules, "rule", "as_if_won"),
            )
            out = out.then(bets.Scored(lines=(line,)))
    return out


def _bonus_bets(deal: bets.Deal, in_contract: BonusEntry | None) -> list[Bet]:
    """The bonuses a revoke pays as if won: each announced one (but the Valat ``in_contract``) to
    either side, and with ``renonce.silent_claimed`` each silent one made, to the side that made it."""
    hand, p = deal.hand, deal.profile
    owed: list[Bet] = []
    for b in hand.bonuses:
        claimed = not b.announced and b.made and b.name != VALAT and p.renonce.silent_claimed
        if not (b.announced or claimed) or b is in_contract:
            continue
        base, rule = p.bonuses[b.name].value, f"bonuses.{b.name}.value"
        both = tuple(bets.bonus_factors(deal, b)) + deal.side_factors
        if claimed:  # the side that made it claims it [OÖ23 Renonce 7]
            owed.append((b.name, bets.bonus_label(b.name, False), base, rule, {b.side: both}))
            continue
        if b.name == VALAT:
            # the fixed premium: its announced value, doubled in a solo only by valat.solo_doubles
            base, rule = p.valat.announced, key_path(ValatRules, "announced")
            both = fixed_factors(deal, b) + deal.side_factors
        owed.append(
            (b.name, bets.bonus_label(b.name, True), base, rule, {Side.DECLARERS: both, Side.DEFENDERS: both})
        )
    return owed
