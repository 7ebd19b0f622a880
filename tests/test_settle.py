"""Settlement in money: exact Decimal balances and the fewest payments."""

from __future__ import annotations

import itertools
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarockscore.errors import LedgerError
from tarockscore.evening.settle import Payment, balances, fewest_payments, parse_stake, settle

D = Decimal


def test_parse_stake_accepts_cents() -> None:
    assert parse_stake("0.10") == D("0.10")
    assert parse_stake(" 1 ") == D("1.00")
    assert str(parse_stake("0.5")) == "0.50"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("0.101", "more than two decimals"),
        ("abc", "not an amount"),
        ("-1", "not an amount"),  # digits and a dot only: no sign, no NaN, no 1e2, no 1_000
        ("0", "positive"),
        ("NaN", "not an amount"),
        ("1e2", "not an amount"),
        ("1_000", "not an amount"),
        ("١٠", "not an amount"),
    ],
)
def test_parse_stake_rejects(text: str, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        parse_stake(text)


def test_simplified_balances_settle_the_differences() -> None:
    # Worked by hand: totals 9, 5, 4, 13 add up to 31; with four players a balance is
    # (4 × own total − 31) × stake: Anna 36−31 = 5 → +0.50, Bert 20−31 = −11 → −1.10,
    # Cilli 16−31 = −15 → −1.50, Dani 52−31 = 21 → +2.10.
    got = balances({"Anna": 9, "Bert": 5, "Cilli": 4, "Dani": 13}, D("0.10"), "simplified")
    assert got == {"Anna": D("0.50"), "Bert": D("-1.10"), "Cilli": D("-1.50"), "Dani": D("2.10")}
    assert sum(got.values()) == 0


def test_zero_sum_balances_are_total_times_stake() -> None:
    got = balances({"A": 7, "B": -3, "C": -3, "D": -1}, D("0.25"), "zero_sum")
    assert got == {"A": D("1.75"), "B": D("-0.75"), "C": D("-0.75"), "D": D("-0.25")}


def test_zero_sum_totals_that_do_not_add_up_are_an_error() -> None:
    with pytest.raises(LedgerError, match="add up to 1"):
        balances({"A": 1, "B": 0, "C": 0, "D": 0}, D("0.10"), "zero_sum")


def test_amounts_are_exact_decimals_never_floats() -> None:
    # 0.1 + 0.2 is not 0.3 in binary floating point; in cents it is.
    got = settle({"A": 3, "B": -1, "C": -2, "D": 0}, D("0.10"), "zero_sum")
    assert got.balances["A"] == D("0.30")
    assert all(isinstance(p.amount, Decimal) for p in got.payments)
    assert sum((p.amount for p in got.payments), D(0)) == D("0.30")


def test_two_pairs_settle_in_two_payments_not_three() -> None:
    # A greedy largest-first settlement would pay 5 → A, then 3 … in three payments; the two
    # pairs (A, B) and (C, D) each add up to nothing, so two payments are enough.
    pays = fewest_payments({"A": D("5.00"), "C": D("3.00"), "B": D("-5.00"), "D": D("-3.00")})
    assert set(pays) == {Payment("B", "A", D("5.00")), Payment("D", "C", D("3.00"))}


def test_three_way_needs_n_minus_one() -> None:
    pays = fewest_payments({"A": D("4.00"), "B": D("-1.00"), "C": D("-3.00")})
    assert len(pays) == 2
    assert sum(p.amount for p in pays if p.payee == "A") == D("4.00")


def test_nobody_owes_nobody_pays() -> None:
    assert fewest_payments({"A": D(0), "B": D(0)}) == ()


def _min_payments_brute(values: list[int]) -> int:
    """n − (largest number of zero-sum groups), by trying every partition."""
    items = [v for v in values if v]
    best = 0

    def parts(rest: list[int], groups: int) -> None:
        nonlocal best
        if not rest:
            best = max(best, groups)
            return
        first, others = rest[0], rest[1:]
        for k in range(len(others) + 1):
            for combo in itertools.combinations(range(len(others)), k):
                if first + sum(others[i] for i in combo) == 0:
                    parts([others[i] for i in range(len(others)) if i not in combo], groups + 1)

    parts(items, 0)
    return len(items) - best


cents = st.lists(st.integers(min_value=-500, max_value=500), min_size=1, max_size=6)


@settings(max_examples=150, deadline=None)
@given(cents)
def test_payments_clear_every_balance_in_the_fewest_payments(values: list[int]) -> None:
    values = [*values, -sum(values)]  # balances always add up to 0
    names = [f"P{i}" for i in range(len(values))]
    balance = {n: D(v) / 100 for n, v in zip(names, values, strict=True)}
    pays = fewest_payments(balance)
    left = dict(balance)
    for p in pays:
        assert p.amount > 0 and p.payer != p.payee
        assert p.amount == p.amount.quantize(D("0.01"))
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    assert all(v == 0 for v in left.values())
    assert len(pays) == _min_payments_brute(values)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=-40, max_value=80), min_size=4, max_size=5),
    st.sampled_from(["0.10", "0.05", "1"]),
)
def test_simplified_settlement_is_zero_sum_and_pairwise(totals: list[int], stake: str) -> None:
    names = [f"P{i}" for i in range(len(totals))]
    got = balances(dict(zip(names, totals, strict=True)), D(stake), "simplified")
    assert sum(got.values()) == 0
    for a, b in itertools.combinations(range(len(totals)), 2):
        # whoever has more points ends with more money, by exactly the difference × players
        assert got[names[a]] - got[names[b]] == (totals[a] - totals[b]) * len(totals) * D(stake)


def test_the_dealer_who_sits_a_hand_out_neither_pays_nor_receives_for_it(tmp_path: Path) -> None:
    # At five the dealer sits the hand out [PAGAT], [LTA-GK1 Kap. 5 via HT §2.7]: he does not play
    # it. koenigrufen, Simplified Scoring [CTK]: Anna's Dreier won adds 5 [STC-TB]; the four who
    # played settle it as at a table of four, Bert, Cilli and Dani 0.50 each to Anna at 0.10 a
    # point; Eva, who dealt and sat out, pays nothing. Cilli's Rufer won with Dani in hand 2 (Anna
    # deals and sits out): Cilli and Dani add 1 each, Bert and Eva pay 0.10 to each of them.
    from tarockscore import Evening

    evening = Evening.begin(
        str(tmp_path / "five.toml"), ["Anna", "Bert", "Cilli", "Dani", "Eva"], "koenigrufen", stake="0.10"
    ).evening
    evening.record({"contract": "dreier", "declarer": "Anna", "card_points": 40})
    settled = evening.settle().settlement
    assert settled.balances == {
        "Anna": D("1.50"), "Bert": D("-0.50"), "Cilli": D("-0.50"), "Dani": D("-0.50"), "Eva": D("0.00"),
    }  # fmt: skip
    evening.record({"contract": "rufer", "declarer": "Cilli", "partner": "Dani", "card_points": 40})
    settled = evening.settle().settlement
    assert settled.balances == {
        "Anna": D("1.50"), "Bert": D("-0.70"), "Cilli": D("-0.30"), "Dani": D("-0.30"), "Eva": D("-0.20"),
    }  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "at most 1,000,000 per"), ("de", "höchstens 1.000.000 pro")]
)
def test_a_stake_above_the_bound_says_the_bound_as_every_bound_is_said(
    tmp_path: Path, lang: str, said: str
) -> None:
    # `new --stake 2000000` said "at most 1000000", where every other bound reads 1,000,000
    from typer.testing import CliRunner

    from tarockscore.cli.app import app

    for args in (["new", "-p", "A,B,C,D"], ["settle"]):
        result = CliRunner().invoke(
            app, ["--lang", lang, *args, "--stake", "2000000", "-l", str(tmp_path / "x.toml")]
        )
        assert result.exit_code == 2 and said in result.stderr, result.stderr
