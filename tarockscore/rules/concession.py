"""A hand conceded at once because the called King lies in the talon (core layer, pure).

Under ``called_king_in_talon.rule = "traditional"`` the declarer may give up at once: each other
player adds the contract's value, and with ``concede_pays = "contract_and_announced"`` also every
bonus the declarers announced (docs/rules/disagreements.md#d18).
"""

from __future__ import annotations

from tarockscore.rules.bonuses import announced_factor
from tarockscore.rules.hand import Side
from tarockscore.rules.profile import ConcedePays
from tarockscore.rules.settlement import Deal, Scored, title


def concession_lines(deal: Deal) -> Scored:
    """The called King in the talon, conceded at once (docs/rules/disagreements.md#d18)."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    assert hand.declarer is not None
    others = tuple(x for x in hand.players if x != hand.declarer)
    out = deal.line(
        "concession",
        f"{title(c.name)} conceded (called King in the talon)",
        c.value,
        f"contracts.{c.name}.value",
        [],
        others,
        (hand.declarer,),
        note="called_king_in_talon.concede_pays = " + repr(p.concede_pays.value),
    )
    if p.concede_pays is ConcedePays.CONTRACT_AND_ANNOUNCED:
        for b in hand.bonuses:
            if b.announced and b.side is Side.DECLARERS:
                out += deal.line(
                    b.name,
                    f"{title(b.name)} (announced, conceded)",
                    p.bonuses[b.name].value,
                    f"bonuses.{b.name}.value",
                    [announced_factor(deal)],
                    others,
                    (hand.declarer,),
                )
    return out
