"""The contract's own line: its value, the loss factor, and who wins it (core layer, pure)."""

from __future__ import annotations

from tarockscore.errors import N_, message
from tarockscore.rules.kontra import ad_personam_lines
from tarockscore.rules.profile import Contract, Kind
from tarockscore.rules.settlement import Deal, Factor, Scored, title


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
