"""Where the called King went when it lay in the talon, the bonuses that follow from it, and the hand conceded at once (rules core, pure)."""

from __future__ import annotations

from typing import Any

from tarockscore.errors import N_, Collector, message, one_of
from tarockscore.rules import legality
from tarockscore.rules.bonuses import announced_factor
from tarockscore.rules.hand import BonusEntry, Side
from tarockscore.rules.profile import CalledKingInTalon, Contract, Profile, setting
from tarockscore.rules.settlement import Deal, Scored, title


def check_king_half(
    king_half: str | None,
    called_king: str | None,
    conceded: bool,
    contract: Contract,
    profile: Profile,
    problems: Collector,
) -> None:
    """``king_half``: only with the King in the talon, in a hand played, a half the contract allows."""
    if king_half is None:
        return
    if called_king != "talon":
        problems.add(
            "king_half",
            N_('{king_half!r}: only where the called King lay in the talon (called_king = "talon")'),
            king_half=king_half,
        )
        return
    if conceded:
        problems.add(
            "king_half",
            N_("{king_half!r}: a conceded hand is not played: the declarer takes no half of the talon"),
            king_half=king_half,
        )
        return
    allowed = legality.king_half_choices(profile, contract)
    if king_half not in legality.KING_HALVES:
        problems.add(
            "king_half",
            N_("{king_half!r} is not allowed; choose one of {allowed}"),
            king_half=king_half,
            allowed=one_of(allowed),
        )
    elif king_half not in allowed:
        problems.add(
            "king_half",
            N_(
                "{king_half!r}: a {contract} is played without the talon; at the end the half with the called King goes to the declarer ([OÖ23 Allg. 7], [GT]): 'declarer'"
            ),
            king_half=king_half,
            contract=contract.name,
        )


def check_bonuses_with_king_in_talon(
    raw: Any,
    bonuses: tuple[BonusEntry, ...],
    contract: Contract,
    king_half: str | None,
    profile: Profile,
    problems: Collector,
) -> None:
    """No bonus made that the King's whereabouts rule out, none lost that they make."""
    if king_half not in (None, *legality.KING_HALVES):
        return  # said at king_half
    possible = set(legality.possible_bonuses(profile, contract, "talon", king_half))
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        name = profile.bonus_name(str(item.get("name", ""))) if isinstance(item, dict) else None
        b = next((b for b in bonuses if b.name == name), None)
        if b is None:
            continue
        if b.made and b.name not in possible:
            _impossible(i, b, contract, king_half, problems)
        elif (
            king_half is not None
            and not b.made
            and legality.king_bonus_made(profile.bonuses[b.name], king_half)
        ):
            problems.add(
                f"bonus[{i}].made",
                N_(
                    "false: the talon half with the called King counts in the Defenders' tricks (king_half = 'defenders'), so they took the King: the {name} is made"
                ),
                name=b.name,
            )


def _impossible(
    i: int, b: BonusEntry, contract: Contract, king_half: str | None, problems: Collector
) -> None:
    if king_half is None:
        problems.add(
            f"bonus[{i}].made",
            N_(
                "{name!r} made with the called King in the talon: the King is in no trick, so not in the last one; enter it as lost (made = false) if it was announced"
            ),
            name=b.name,
        )
    elif king_half == "defenders":
        problems.add(
            f"bonus[{i}].made",
            N_(
                "{name!r} made with the called King in the Defenders' talon half (king_half = 'defenders'): the King is never played; enter it as lost (made = false) if it was announced"
            ),
            name=b.name,
        )
    else:
        problems.add(
            f"bonus[{i}].made",
            N_(
                "{name!r} made in a {contract}: the half with the called King goes to the declarer at the end, so the King is in no trick; enter it as lost (made = false) if it was announced"
            ),
            name=b.name,
            contract=contract.name,
        )


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
