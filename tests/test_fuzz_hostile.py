"""Hostile input, as an attacker or a careless user would give it: each must end in ``error:`` lines.

Deep nesting, integers beyond Python's 4,300-digit limit, ``extends`` chains, huge profile
numbers, files with hundreds of thousands of mistakes, byte-order marks, odd number forms,
spreadsheet formulas and terminal control characters. The contract is the fuzzer's
(``tests/test_fuzz_cli.assert_clean``): exit 0 quietly or exit 1/2 with only ``error:`` lines,
never a traceback, the ledger byte-identical after a failure.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tests.stored import rechained, unfolded
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
    for event in doc["event"]:
        for h in event["hand"]:
            h["result"]["victory_points"] = dict.fromkeys(TABLE.split(","), big)
    path.write_text(tomli_w.dumps(rechained(doc)), encoding="utf-8")
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


# -- 3. spreadsheet formulas -----------------------------------------------------------------------

FORMULA_NAMES = ["+SUM(1+1)", "@A1", "-2+3", "+HYPERLINK(x)"]


def _cells(text: str) -> list[str]:
    import csv
    import io

    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def test_no_csv_cell_begins_a_formula(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    names = ",".join(FORMULA_NAMES)
    done = runner.invoke(app, ["new", "-p", names, "--ledger", str(path)])
    assert done.exit_code == 0, done.stderr
    record = ["record", "-c", "rufer", "-d", "+SUM(1+1)", "-w", "-2+3", "-t", "40", "--ledger", str(path)]
    assert runner.invoke(app, record).exit_code == 0
    outputs = [
        invoke("hostile:csv", ["show", "--csv", "--ledger", str(path)]),
        invoke("hostile:csv", ["season", str(path), "--format", "csv"]),
        invoke("hostile:csv", ["stats", str(path), "--format", "csv"]),
    ]
    for result in outputs:
        assert_clean(result, must_fail=False)
        cells = _cells(result.stdout)
        for cell in cells:
            if cell.startswith(("=", "+", "-", "@", "\t", "\r")):
                # only plain numbers (a signed total) may begin with a sign
                assert cell.lstrip("+-").replace(".", "").replace("/", "").isdigit(), cell
        for name in FORMULA_NAMES:
            if name in result.stdout:
                assert "'" + name in cells, (name, cells)


def test_a_formula_name_written_into_a_ledger_by_hand_is_refused(tmp_path: Path) -> None:
    path = ledger(tmp_path, 1)
    text = path.read_text(encoding="utf-8").replace('"Anna"', '"=HYPERLINK(\\"http://x\\")"')
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    for args in (["show", "--csv", "--ledger", str(path)], ["season", str(path), "--format", "csv"]):
        result = invoke("hostile:csv", args)
        assert_clean(result, must_fail=True, what=args)
        assert "table.players" in result.stderr and "a name cannot hold" in result.stderr
    assert path.read_bytes() == before


# -- 4. terminal control characters -----------------------------------------------------------------

CONTROL = ["\x1b[2J", "\x07", "\u202e", "x\nerror: forged", "\x9b31m", "a\rb", "\u2028", "\x00"]


@pytest.mark.parametrize("bad", CONTROL, ids=[repr(c) for c in CONTROL])
def test_control_characters_are_refused_on_entry(tmp_path: Path, bad: str) -> None:
    good = ledger(tmp_path, 1)
    fresh = tmp_path / "fresh.toml"
    for args in (
        ["new", "-p", TABLE, "--place", f"Ca{bad}fé", "--ledger", str(fresh)],
        ["new", "-p", f"Anna,Bert,Cil{bad}li,Dani", "--ledger", str(fresh)],
        ["chart", str(good), "-o", "-", "--title", f"Sea{bad}son"],
    ):
        result = invoke("hostile:control", args)
        assert_clean(result, must_fail=True, what=args)
        assert result.exit_code == 2
        assert not fresh.exists()


@pytest.mark.parametrize("bad", CONTROL, ids=[repr(c) for c in CONTROL])
def test_control_characters_read_from_a_ledger_never_reach_the_terminal(tmp_path: Path, bad: str) -> None:
    import json
    import tomllib

    import tomli_w

    path = ledger(tmp_path, 2)
    assert runner.invoke(app, ["undo", "--ledger", str(path)]).exit_code == 0
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["event"][-1]["audit"][0]["detail"] = f"undone{bad}"  # free text: kept, shown escaped
    path.write_text(tomli_w.dumps(rechained(doc)), encoding="utf-8")
    for args in (["show"], ["show", "--json"]):
        result = invoke("hostile:control", [*args, "--ledger", str(path)])
        assert_clean(result, must_fail=False, what=args)
        if "--json" in args:
            assert json.loads(result.stdout)["audit"][0]["detail"] == f"undone{bad}"  # still the same text
    for key, value in (("place", f"Café{bad}"), ("date", f"2026-03-14{bad}")):
        doc2 = copy.deepcopy(doc)
        doc2["table"][key] = value
        path.write_text(tomli_w.dumps(rechained(doc2)), encoding="utf-8")
        result = invoke("hostile:control", ["show", "--ledger", str(path)])
        assert_clean(result, must_fail=True, what=(key, value))
        assert f"table.{key}" in result.stderr


def test_the_chart_is_well_formed_xml_whatever_the_input(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    folder = tmp_path / "season"
    folder.mkdir()
    evil = folder / "evil\x1b[2J\x07<&>\"'\u202e.toml"  # a file name can hold anything
    ledger(tmp_path, 3).rename(evil)
    for out in ("chart.svg", "chart.html"):
        target = tmp_path / out
        result = invoke(
            "hostile:xml", ["chart", str(folder), "-o", str(target), "--title", '<b>&amp; "x"</b>']
        )
        # a long temporary folder folds the line after "wrote": read as the one line it is
        assert result.exit_code == 0 and unfolded(result.stderr).startswith("wrote "), result.stderr
        assert not any(ch in result.stderr for ch in "\x1b\x07\u202e")
        text = target.read_text(encoding="utf-8")
        ET.fromstring(text.split("\n", 1)[1] if out.endswith(".svg") else text)  # raises if not well-formed
        assert not any(ch in text for ch in "\x1b\x07\u202e")
    result = invoke("hostile:xml", ["chart", str(evil), "-o", "-"])
    assert_clean(result, must_fail=False)
    ET.fromstring(result.stdout.split("\n", 1)[1])


# -- 12. number and date forms, names ---------------------------------------------------------------


@pytest.mark.parametrize(
    "value", ["1_000", "1e2", "١٠", "１０", "+3", "0x10", "2.0", "0", "-1", "99999999999"]
)
def test_hand_numbers_take_ascii_digits_only(tmp_path: Path, value: str) -> None:
    path = ledger(tmp_path, 3)
    before = path.read_bytes()
    for command in ("explain", "delete"):
        result = invoke("hostile:number", [command, value, "--ledger", str(path)])
        assert_clean(result, must_fail=True, what=(command, value))
        assert result.exit_code == 2
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "value", ["1_000", "1e2", "١٠", "０.10", "Infinity", "0.1e1", "10,5,0", "€", "€€ 0,10", "$ 0,10", "€ 1e2"]
)
def test_stakes_take_the_documented_forms_only(tmp_path: Path, value: str) -> None:
    path = ledger(tmp_path, 1)
    for args in (
        ["settle", "--stake", value, "--ledger", str(path)],
        ["new", "-p", TABLE, "--stake", value, "--ledger", str(tmp_path / "n.toml")],
    ):
        result = invoke("hostile:stake", args)
        assert_clean(result, must_fail=True, what=args)
        assert result.exit_code == 2 and "--stake" in result.stderr


@pytest.mark.parametrize(
    "value", ["20250314", "2025-W11-5", "2025-073", "２０２５-03-14", "2025-3-14", "14.3.25", "143.3.2025"]
)
def test_dates_take_the_documented_forms_only(tmp_path: Path, value: str) -> None:
    path = ledger(tmp_path, 1)
    for args in (
        ["new", "-p", TABLE, "--date", value, "--ledger", str(tmp_path / "n.toml")],
        ["season", str(path), "--from", value],
    ):
        result = invoke("hostile:date", args)
        assert_clean(result, must_fail=True, what=args)
        assert result.exit_code == 2


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("created", "yesterday"),
        ("created", "2026-13-01T20:00:00"),
        ("date", "20250314"),
        ("date", "2025-W11-5"),
    ],
)
def test_stored_dates_and_times_are_checked_on_reading(tmp_path: Path, key: str, value: str) -> None:
    path = ledger(tmp_path, 1)
    text = path.read_text(encoding="utf-8")
    if key == "date":
        text = text.replace("[table]\n", f'[table]\ndate = "{value}"\n')
    else:
        import re

        text = re.sub(r'created = "[^"]*"', f'created = "{value}"', text)
    path.write_text(text, encoding="utf-8")
    result = invoke("hostile:stored date", ["show", "--ledger", str(path)])
    assert_clean(result, must_fail=True, what=(key, value))
    assert f"table.{key}" in result.stderr


def test_names_are_nfc_and_look_alikes_are_warned(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    decomposed = "Rene\u0301"  # René typed as e + a combining accent
    result = runner.invoke(app, ["new", "-p", f"Anna,Bert,{decomposed},Dani", "--ledger", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "René" in path.read_text(encoding="utf-8") and decomposed not in path.read_text(encoding="utf-8")
    record = ["record", "-c", "rufer", "-d", decomposed, "-w", "Anna", "-t", "40", "--ledger", str(path)]
    assert runner.invoke(app, record).exit_code == 0  # the decomposed spelling finds René
    cyrillic = "\u0410nna"  # Cyrillic А
    other = tmp_path / "other.toml"
    result = runner.invoke(app, ["new", "-p", f"Anna,Bert,{cyrillic},Dani", "--ledger", str(other)])
    assert result.exit_code == 0
    assert "look alike" in result.stderr and "mixes Cyrillic and Latin" in result.stderr
    # three alphabets in one name are listed as a sentence lists them, in German too
    three = "\u0391nn\u0430"  # Greek Α, Latin nn, Cyrillic а
    said = runner.invoke(app, ["new", "-p", f"{three},B,C,D", "--ledger", str(tmp_path / "3.toml")])
    assert f"{three!r} mixes Cyrillic, Greek and Latin letters" in said.stderr
    said = runner.invoke(
        app, ["--lang", "de", "new", "-p", f"{three},B,C,D", "--ledger", str(tmp_path / "4.toml")]
    )
    assert f"{three!r} mischt Buchstaben aus Kyrillisch, Griechisch und Latein" in said.stderr
    # a fullwidth letter (an Asian keyboard's) looks alike too, as the cup warns of it: `new` said nothing
    said = runner.invoke(app, ["new", "-p", "Anna,\uff21nna,C,D", "--ledger", str(tmp_path / "5.toml")])
    assert said.stderr == (
        "warning: --players: 'Anna' and '\uff21nna' look alike but are spelt with different letters:"
        " are they one player?\n"
    )
    # across evenings: the season warns that they may be one player
    third = tmp_path / "third.toml"
    assert (
        runner.invoke(app, ["new", "-p", f"{cyrillic},Bert,Cilli,Dani", "--ledger", str(third)]).exit_code
        == 0
    )
    season = runner.invoke(app, ["season", str(path), str(third)])
    assert season.exit_code == 0 and "spelt two ways" in season.stderr, season.stderr
