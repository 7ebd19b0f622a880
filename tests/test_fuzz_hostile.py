"""Hostile input, as an attacker or a careless user would give it: each must end in ``error:`` lines.

Deep nesting, integers beyond Python's 4,300-digit limit, ``extends`` chains, huge profile
numbers, files with hundreds of thousands of mistakes, byte-order marks, odd number forms,
spreadsheet formulas and terminal control characters. The contract is the fuzzer's
(``tests/test_fuzz_cli.assert_clean``): exit 0 quietly or exit 1/2 with only ``error:`` lines,
never a traceback, the ledger byte-identical after a failure.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tests.test_fuzz_cli import assert_clean, invoke

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
TABLE = "Anna,Bert,Cilli,Dani"
SHORT = ["-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Bert", "-t", "40"]
HUGE = "9" * 5000  # beyond Python's 4,300-digit limit for int <-> str


def ledger(tmp_path: Path, hands: int = 2) -> Path:
    path = tmp_path / "evening.toml"
    assert runner.invoke(app, ["new", "-p", TABLE, "--stake", "0.10", "--ledger", str(path)]).exit_code == 0
    for i in range(hands):
        args = [
            "record",
            "-c",
            "rufer",
            "-d",
            "Anna",
            "-w",
            "Cilli",
            "-t",
            str(30 + i),
            "--ledger",
            str(path),
        ]
        assert runner.invoke(app, args).exit_code == 0
    return path


# -- 5. nesting, huge integers, extends chains, profile bounds --------------------------------------

NESTED = {
    "arrays 600 deep": 'contract = "rufer"\nx = ' + "[" * 600 + "]" * 600 + "\n",
    "tables 40 deep": 'contract = "rufer"\n' + "".join(f"[{'.'.join(['t'] * k)}]\n" for k in range(1, 41)),
    "dotted keys 3,000 deep": 'contract = "rufer"\n' + ".".join(["a"] * 3000) + " = 1\n",
    "inline tables 300 deep": 'contract = "rufer"\nx = ' + "{a = " * 300 + "1" + "}" * 300 + "\n",
    "an integer of 5,000 digits": f'contract = "rufer"\ncard_points = {HUGE}\n',
    "a negative integer of 5,000 digits": f'contract = "rufer"\ncard_points = -{HUGE}\n',
}


@pytest.mark.parametrize("name", sorted(NESTED))
@pytest.mark.parametrize("where", ["hand", "profile", "ledger", "alias file"])
def test_deep_nesting_and_huge_integers_are_error_lines(tmp_path: Path, name: str, where: str) -> None:
    text = NESTED[name]
    path = tmp_path / "input.toml"
    path.write_text(text, encoding="utf-8")
    good = ledger(tmp_path)
    before = good.read_bytes()
    if where == "hand":
        args = ["record", str(path), "--ledger", str(good)]
    elif where == "profile":
        args = ["score", "-P", str(path), *SHORT]
    elif where == "ledger":
        args = ["show", "--ledger", str(path)]
    else:
        args = ["season", str(good), "--aliases", str(path)]
    result = invoke("hostile:nesting", args)
    assert_clean(result, must_fail=True, what=(name, where))
    assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr
    assert good.read_bytes() == before


def test_a_huge_integer_in_the_short_form_is_an_error_line() -> None:
    for option in ("-t", "--defender-points"):
        args = ["score", *SHORT[:-2], option, HUGE] if option == "-t" else ["score", *SHORT, option, HUGE]
        assert_clean(invoke("hostile:short form", args), must_fail=True, what=option)
    args = ["score", "-c", "trischaken", "-p", TABLE, "-t", f"Anna={HUGE}", "-t", "Bert=0"]
    assert_clean(invoke("hostile:short form", args), must_fail=True, what=args)


def test_an_extends_chain_of_1200_profiles_is_an_error_line(tmp_path: Path) -> None:
    for i in range(1200):
        parent = f"p{i + 1}.toml" if i < 1199 else "koenigrufen"
        (tmp_path / f"p{i}.toml").write_text(f'extends = "{parent}"\n', encoding="utf-8")
    result = invoke("hostile:extends", ["profiles", "show", str(tmp_path / "p0.toml")])
    assert_clean(result, must_fail=True, what="extends chain")
    assert "more than 16 profiles deep" in result.stderr


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("game.announced_factor", HUGE[:4000]),
        ("game.announced_factor", "10000000"),
        ("radl.factor", "123456789"),
        ("valat.announced", HUGE[:200]),
        ("contracts.rufer.value", "-" + HUGE[:100]),
    ],
)
def test_profile_numbers_have_a_sane_bound(tmp_path: Path, key: str, value: str) -> None:
    table, leaf = key.rsplit(".", 1)
    path = tmp_path / "huge.toml"
    path.write_text(f'extends = "koenigrufen"\n[{table}]\n{leaf} = {value}\n', encoding="utf-8")
    for args in (["profiles", "show", str(path)], ["score", "-P", str(path), *SHORT]):
        result = invoke("hostile:profile bound", args)
        assert_clean(result, must_fail=True, what=(key, value[:20]))
        assert key in result.stderr
        assert "beyond the allowed range" in result.stderr or "below the allowed minimum" in result.stderr


def test_a_ledger_whose_totals_grow_past_4300_digits_is_an_error_line(tmp_path: Path) -> None:
    import tomllib

    import tomli_w

    path = ledger(tmp_path, 2)
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    big = int("9" * 4300)  # the longest integer TOML can be read with; two of them sum past it
    for h in doc["hand"]:
        h["result"]["victory_points"] = dict.fromkeys(TABLE.split(","), big)
    doc.pop("digest", None)
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    for args in (["show"], ["settle"], ["show", "--json"]):
        assert_clean(invoke("hostile:totals", [*args, "--ledger", str(path)]), must_fail=True, what=args)
    assert path.read_bytes() == before


# -- 7. a cap on the problems reported -------------------------------------------------------------


@pytest.mark.parametrize("where", ["hand", "ledger"])
def test_thousands_of_problems_are_cut_to_the_first_fifty(tmp_path: Path, where: str) -> None:
    keys = "".join(f"k{i} = 1\n" for i in range(60_000))  # 60,000 unknown keys, under the 1 MiB cap
    path = tmp_path / "many.toml"
    if where == "hand":
        path.write_text('contract = "rufer"\n' + keys, encoding="utf-8")
        result = invoke("hostile:many problems", ["score", str(path)])
    else:
        good = ledger(tmp_path, 1)
        path.write_text(keys + good.read_text(encoding="utf-8"), encoding="utf-8")
        result = invoke("hostile:many problems", ["show", "--ledger", str(path)])
    assert_clean(result, must_fail=True, what=where)
    lines = result.stderr.splitlines()
    assert len(lines) == 51, len(lines)
    assert ": and " in lines[-1] and "more problems (the first 50 are shown)" in lines[-1], lines[-1]


# -- 11. a byte-order mark ---------------------------------------------------------------------------


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_bytes(
        b"\xef\xbb\xbf" + b'contract = "rufer"\nplayers = ["A", "B", "C", "D"]\n'
        b'declarer = "A"\npartner = "B"\ncard_points = 40\n'
    )
    assert_clean(invoke("hostile:bom", ["score", str(hand)]), must_fail=False)
    path = ledger(tmp_path, 1)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert_clean(invoke("hostile:bom", ["show", "--ledger", str(path)]), must_fail=False)
    profile = tmp_path / "club.toml"
    profile.write_bytes(b"\xef\xbb\xbf" + b'extends = "koenigrufen"\n')
    assert_clean(invoke("hostile:bom", ["profiles", "show", str(profile)]), must_fail=False)


def test_a_utf16_file_is_named_as_such(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_bytes('contract = "rufer"\n'.encode("utf-16"))
    result = invoke("hostile:bom", ["score", str(hand)])
    assert_clean(result, must_fail=True)
    assert "UTF-16 byte-order mark" in result.stderr
