"""A hand conceded at once because the called King lies in the talon (core layer, pure).

Under ``called_king_in_talon.rule = "traditional"`` the declarer may give up at once: each other
player adds the contract's value, and with ``concede_pays = "contract_and_announced"`` also every
bonus the declarers announced (docs/rules/disagreements.md#d18).
"""

from __future__ import annotations

from tarockscore.errors import N_, message
from tarockscore.rules.bonuses import announced_factor
from tarockscore.rules.hand import Side
from tarockscore.rules.profile_tables import CalledKingInTalon, setting
from tarockscore.rules.settlement import Deal, Scored, title


def concession_lines(deal: Deal) -> Scored:
    """The called King in the talon, conceded at once (docs/rules/disagreements.md#d18)."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    assert hand.declarer is not None
    others = tuple(x for x in hand.players if x != hand.declarer)
    out = deal.line(
        "concession",
        message(N_("{contract} conceded (called King in the talon)"), contract=title(c.name)),
        c.value,
        f"contracts.{c.name}.value",
        [],
        others,
        (hand.declarer,),
        note=setting(CalledKingInTalon, "concede_pays", p.called_king_in_talon.concede_pays),
    )
    if p.called_king_in_talon.concede_pays == "contract_and_announced":
        for b in hand.bonuses:
            if b.announced and b.side is Side.DECLARERS:
                out = out.then(
                    deal.line(
                        b.name,
                        message(N_("{bonus} (announced, conceded)"), bonus=title(b.name)),
                        p.bonuses[b.name].value,
                        f"bonuses.{b.name}.value",
                        [announced_factor(deal)],
                        others,
                        (hand.declarer,),
                    )
                )
    return out
