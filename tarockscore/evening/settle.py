"""Settling an evening in money: who pays whom how much, in the fewest payments (core layer, pure).

Amounts are :class:`~decimal.Decimal` to the cent, exact: zero-sum, a balance is the total ×
stake; Simplified Scoring, every two players settle the difference of their totals, so a
balance is (players × own total − sum of all totals) × stake (at five, each hand among the four
who played it: ``model.settling`` gives each player's part, settled as zero-sum).
"""

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal, localcontext
from typing import NamedTuple

from tarockscore.errors import N_, LedgerError, grouped, message
from tarockscore.rules.profile import SettlementMode

CENT = Decimal("0.01")
_STAKE = r"[0-9]+(?:\.[0-9]+)?"
MAX_STAKE = Decimal(1_000_000)  # a sanity bound, far above any table's stake


def stake_given(value: object) -> Decimal:
    """A stake a script gives (a ``Decimal``, a whole number or a text such as ``"0.10"``), read as a
    stored one is read; a float is refused, as money is exact. ValueError says what is allowed."""
    if isinstance(value, bool) or not isinstance(value, Decimal | int | str):
        raise ValueError(
            message(
                N_("{value!r} is not an amount: give a Decimal or a text such as '0.10' (money is exact)"),
                value=value,
            )
        )
    return parse_stake(str(value))


class Payment(NamedTuple):
    payer: str
    payee: str
    amount: Decimal


class Settlement(NamedTuple):
    stake: Decimal
    balances: Mapping[str, Decimal]  # + receives, - pays; every player, in seat order
    payments: tuple[Payment, ...]


def parse_stake(text: str, example: str = "0.10") -> Decimal:
    """A stake per Victory Point such as ``"0.10"``: ASCII digits with at most one dot (``Decimal``
    alone takes ``1e2`` and ``Infinity``); ValueError says what is allowed, with ``example``."""
    # digits and a dot: nothing Decimal refuses, never infinite
    stake = Decimal(text.strip()) if re.fullmatch(_STAKE, text.strip()) else None
    if stake is None:
        said = N_("{text!r} is not an amount; write e.g. {example} (at most two decimals)")
    elif stake <= 0:
        said = N_("{text!r}: the stake must be a positive amount such as {example}")
    elif stake > MAX_STAKE:
        said = N_("{text!r}: the stake must be at most {maximum} per Victory Point")
    elif stake != stake.quantize(CENT):
        said = N_("{text!r} has more than two decimals; the stake is counted in cents, e.g. {example}")
    else:
        return stake.quantize(CENT)
    raise ValueError(message(said, text=text, example=example, maximum=grouped(int(MAX_STAKE))))


def balances(totals: Mapping[str, int], stake: Decimal, mode: SettlementMode) -> dict[str, Decimal]:
    """Each player's money for the evening: positive receives, negative pays; they add up to 0."""
    whole = sum(totals.values())
    if mode == "zero_sum":
        if whole != 0:
            raise LedgerError(
                N_(
                    "the totals add up to {whole}, not 0, under zero-sum settlement: the ledger is not zero-sum"
                ),
                whole=whole,
            )
        return {p: (t * stake).quantize(CENT) for p, t in totals.items()}
    n = len(totals)
    return {p: ((n * t - whole) * stake).quantize(CENT) for p, t in totals.items()}


def fewest_payments(balance: Mapping[str, Decimal]) -> tuple[Payment, ...]:
    """Payments that clear every balance, as few as there can be (the most groups adding up to 0)."""
    if sum(balance.values()) != 0:
        raise ValueError(f"balances add up to {sum(balance.values())}, not 0")
    order = list(balance)
    people = [p for p in order if balance[p] != 0]
    cents = [int(balance[p] / CENT) for p in people]
    seat = {p: i for i, p in enumerate(order)}
    payments: list[Payment] = []
    for group in _groups(cents):  # over subsets: a table has four or five players
        payments += _greedy([(people[i], cents[i]) for i in group], seat)
    payments.sort(key=lambda pay: (seat[pay.payer], seat[pay.payee]))
    return tuple(payments)


def _groups(values: Sequence[int]) -> list[list[int]]:
    """The most zero-sum groups the values split into (indices), by dynamic programming over subsets."""
    n = len(values)
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    best = [0] * (1 << n)
    came = [0] * (1 << n)  # the element added last on the best way to this set
    for mask in range(1, 1 << n):  # the best set one element smaller, the lowest element first
        i = max((b for b in range(n) if mask >> b & 1), key=lambda b: best[mask ^ (1 << b)])
        best[mask] = best[mask ^ (1 << i)] + (sums[mask] == 0)
        came[mask] = i
    groups: list[list[int]] = []
    current: list[int] = []
    mask = (1 << n) - 1
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        i = came[mask]
        current.append(i)
        mask ^= 1 << i
    if current:
        groups.append(current)
    return groups


def _greedy(group: list[tuple[str, int]], seat: Mapping[str, int]) -> list[Payment]:
    debts = {p: -c for p, c in group if c < 0}
    credits = {p: c for p, c in group if c > 0}
    payments: list[Payment] = []
    while debts and credits:
        payer = max(debts, key=lambda p: (debts[p], -seat[p]))
        payee = max(credits, key=lambda p: (credits[p], -seat[p]))
        amount = min(debts[payer], credits[payee])
        payments.append(Payment(payer, payee, (Decimal(amount) * CENT).quantize(CENT)))
        for side, who in ((debts, payer), (credits, payee)):
            side[who] -= amount
            if not side[who]:
                del side[who]
    return payments


def settle(totals: Mapping[str, int], stake: Decimal, mode: SettlementMode) -> Settlement:
    """The evening in money: every player's balance and the payments that clear them."""
    # Exact whatever the size of the totals: enough digits for the largest product to the cent.
    digits = max((len(str(abs(t))) for t in totals.values()), default=1) + len(totals) + 40
    with localcontext() as ctx:
        ctx.prec = max(ctx.prec, digits)
        balance = balances(totals, stake, mode)
        return Settlement(stake=stake, balances=balance, payments=fewest_payments(balance))
