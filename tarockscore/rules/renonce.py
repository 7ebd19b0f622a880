"""A renonce (revoke): who pays for it, by the profile's ``renonce.rule`` (core layer, pure).

"side_loses": the revoking side loses the contract and every announced bonus.
"offender_pays": the revoking player alone pays the contract and every announced bonus to each
other player.
"""

from __future__ import annotations

from tarockscore.rules.bonuses import announced_factor, bonus_line
from tarockscore.rules.contract_line import contract_lines, loss_factors
from tarockscore.rules.hand import Side
from tarockscore.rules.kontra import contract_kontra, kontra_factors
from tarockscore.rules.profile import RenonceRule
from tarockscore.rules.settlement import Deal, Scored, note, title


def renonce_lines(deal: Deal) -> tuple[Scored, bool | None]:
    """The lines of a revoked hand, and whether the declarers won it (None: nobody did)."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    offender = hand.renonce
    assert offender is not None
    if p.renonce is RenonceRule.OFFENDER_PAYS:
        others = tuple(x for x in hand.players if x != offender)
        kontra, out = contract_kontra(deal)
        out += deal.line(
            "renonce",
            f"Renonce by {offender}: {title(c.name)}",
            c.value,
            f"contracts.{c.name}.value",
            [*loss_factors(c), *kontra],
            others,
            (offender,),
            note="renonce.rule = 'offender_pays'",
        )
        for b in hand.bonuses:
            if b.announced:
                out += deal.line(
                    b.name,
                    f"Renonce by {offender}: {title(b.name)} (announced)",
                    p.bonuses[b.name].value,
                    f"bonuses.{b.name}.value",
                    [announced_factor(deal), *kontra_factors(p, b.kontra, f"the {title(b.name)}")],
                    others,
                    (offender,),
                )
        return out, None
    offending_side = Side.DECLARERS if offender in hand.declarers else Side.DEFENDERS
    won = offending_side is Side.DEFENDERS
    out = note(
        f"Renonce by {offender}: the {offending_side.value} lose the contract and every announced bonus (renonce.rule = 'side_loses')."
    )
    kontra, why = contract_kontra(deal)
    out += why
    out += contract_lines(
        deal, won, deal.side(offending_side.other), deal.side(offending_side), kontra, note="renonce"
    )
    for b in hand.bonuses:
        if b.announced:
            out += bonus_line(
                deal, b, offending_side.other, why="renonce: goes to the side that did not revoke"
            )
    return out, won
