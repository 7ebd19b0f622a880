"""`explain N --json`: the arithmetic of a hand of the evening as a script reads it, the keys of
`score --json` for its bets and the evening's view of it (its number, the Radl, the sheet's points),
docs/machine-output.md. Every number below is worked by hand from the rule it cites."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from tarockscore.cli.app import app

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


# koenigrufen with the Radl a house table plays after a Dodge Round (docs/rules/koenigrufen.md §8:
# `events`, `hands = 4`, `factor = 2`)
HOUSE = """extends = "koenigrufen"
name = "radlrunde"
[radl]
events = ["trischaken"]
hands = 4
factor = 2
"""


def dodge_round_then_a_rufer(tmp_path: Path) -> str:
    profile = tmp_path / "radlrunde.toml"
    profile.write_text(HOUSE, encoding="utf-8")
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", "A,B,C,D", "--profile", str(profile), "--ledger", path).exit_code == 0
    # hand 1, a Dodge Round (A is Forehand): B has the most card points (30, under the Mayor's
    # 35 2/3) and pays each other player the value 5 [STC-TB]; in Simplified Scoring the
    # winners write it (docs/rules/settlement.md §1, §5): A +5, C +5, D +5, B 0. It starts a Radl.
    for args in (
        ("record", "-c", "trischaken", "-t", "A=20", "-t", "B=30", "-t", "C=10", "-t", "D=10"),
        # hand 2 as first written, then corrected: the Kontra and the announced Pagat were forgotten
        ("record", "-c", "rufer", "-d", "A", "-w", "C", "-t", "40"),
        (
            "replace",
            "2",
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "C",
            "-t",
            "40",
            "-k",
            "kontra",
            "-b",
            "pagat,announced",
        ),
    ):
        result = run(*args, "--ledger", path)
        assert result.exit_code == 0, result.stderr
    return path


def test_the_json_of_a_hand_in_a_radl_has_the_sheets_arithmetic(tmp_path: Path) -> None:
    path = dodge_round_then_a_rufer(tmp_path)
    result = run("explain", "2", "--json", "--ledger", path)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    out = json.loads(result.stdout)
    # hand 2: D dealt hand 1, so A deals and B is Forehand (docs/ledger-format.md, "The deal")
    assert (out["number"], out["id"], out["dealer"], out["forehand"]) == (2, 2, "A", "B")
    assert out["players"] == ["B", "C", "D", "A"] and out["sitting_out"] is None
    assert (out["profile"], out["contract"], out["declarers"], out["won"]) == (
        "radlrunde",
        "rufer",
        ["A", "C"],
        True,
    )
    contract, pagat = out["lines"]
    # the Rufer: 1 [CTK "the plain Call value of 1 VP"], ×2 for the Kontra [CTK "Kontra … ×2"]: 2;
    # the hand is in hand 1's Radl, ×2 (koenigrufen.md §8): 4 on the sheet to each declarer
    assert (contract["bet"], contract["base"], contract["value"]) == ("contract", 1, 2)
    assert [(f["multiplier"], f["kontra"]) for f in contract["factors"]] == [(2, True)]
    assert contract["sheet_value"] == 4
    assert contract["victory_points"] == {"B": 0, "C": 2, "D": 0, "A": 2}
    assert contract["sheet_victory_points"] == {"B": 0, "C": 4, "D": 0, "A": 4}
    # the Pagat announced and made: 1 silent, 2 announced [CTK]; ×2 in the Radl: 4 each
    assert (pagat["bet"], pagat["base"], pagat["value"], pagat["sheet_value"]) == ("pagat", 1, 2, 4)
    assert [f["multiplier"] for f in pagat["factors"]] == [2]
    assert pagat["sheet_victory_points"] == {"B": 0, "C": 4, "D": 0, "A": 4}
    # score --json's totals before the Radl (2 + 2 each), the sheet's with it (4 + 4), every seat
    assert out["victory_points"] == {"B": 0, "C": 4, "D": 0, "A": 4}
    assert out["sheet_victory_points"] == {"A": 8, "B": 0, "C": 8, "D": 0}
    # the running totals after hand 2: hand 1's 5, 0, 5, 5 and hand 2's 8, 0, 8, 0
    assert out["totals"] == {"A": 13, "B": 0, "C": 13, "D": 5}
    assert (out["radl"], out["doubled"]) == (2, True)
    assert out["radls"] == [{"hand": 1, "events": ["trischaken"], "factor": 2}]
    assert out["started_radl"] is None
    assert out["replaced"] is True and out["repaired"] is None
    assert [a["action"] for a in out["history"]] == ["replace"]
    assert "payout" not in out and "sheet_payout" not in out  # Kontra counts on the sheet [CTK]


def test_the_hand_that_started_the_radl_names_the_hands_it_doubles(tmp_path: Path) -> None:
    path = dodge_round_then_a_rufer(tmp_path)
    out = json.loads(run("explain", "1", "--format", "json", "--ledger", path).stdout)
    # a Radl lasts 4 hands (koenigrufen.md §8): hand 2 doubled so far, 3 to come
    assert out["started_radl"] == {"events": ["trischaken"], "doubled": [2], "to_come": 3}
    assert (out["radl"], out["doubled"], out["radls"]) == (1, False, [])
    assert out["sheet_victory_points"] == {"A": 5, "B": 0, "C": 5, "D": 5}
    assert out["replaced"] is False and out["history"] == []


def test_explain_json_refuses_as_explain_does(tmp_path: Path) -> None:
    path = dodge_round_then_a_rufer(tmp_path)
    words = run("explain", "9", "--ledger", path)
    machine = run("explain", "9", "--json", "--ledger", path)
    assert machine.exit_code == words.exit_code != 0
    assert machine.stdout == "" and machine.stderr == words.stderr
    # a ledger changed outside tarockscore: the same error lines, exit 1, nothing on stdout
    ledger = Path(path)
    text = ledger.read_text(encoding="utf-8")
    assert text.count("A = 8") == 1
    ledger.write_text(text.replace("A = 8", "A = 9"), encoding="utf-8")
    words = run("explain", "2", "--ledger", path)
    machine = run("explain", "2", "--json", "--ledger", path)
    assert machine.exit_code == words.exit_code == 1
    assert machine.stdout == "" and machine.stderr == words.stderr != ""
    csv = run("explain", "2", "--csv", "--ledger", path)
    assert csv.exit_code == 2 and csv.stdout == ""
    assert "this command prints table, json" in csv.stderr


def test_machine_output_names_every_key_explain_json_prints(tmp_path: Path) -> None:
    """docs/machine-output.md, `explain N --json`: every key the hand and its bets print is named
    there or in `score --json`'s tables."""
    page = (Path(__file__).parent.parent / "docs" / "machine-output.md").read_text(encoding="utf-8")
    section = page.split("## `score --json`")[1].split("## `profiles --json`")[0]
    section += page.split("## `explain N --json`")[1].split("## `rescore --json`")[0]
    path = dodge_round_then_a_rufer(tmp_path)
    out = json.loads(run("explain", "2", "--json", "--ledger", path).stdout)
    keys = set(out) | {k for line in out["lines"] for k in line} | {k for r in out["radls"] for k in r}
    assert sorted(k for k in keys if f"`{k}`" not in section) == []


def test_a_format_a_command_does_not_print_is_not_listed_in_its_help_but_refused_by_name() -> None:
    """`explain` and `profiles show` print a table or JSON: their help lists no --csv (a user
    would try it), and --csv given anyway is refused naming the formats they print."""
    for command in (("explain",), ("profiles", "show")):
        page = run(*command, "--help")
        assert page.exit_code == 0 and "--json" in page.stdout
        assert "--csv" not in page.stdout
    refused = run("profiles", "show", "koenigrufen", "--csv")
    assert refused.exit_code == 2 and "this command prints table, json" in refused.stderr
    assert "--csv" in run("show", "--help").stdout


def test_at_five_the_sheet_keys_name_every_seat_and_add_up_to_the_totals(tmp_path: Path) -> None:
    # A script adding up explain --json hand by hand at a table of five: `victory_points` and
    # `payout` are the score of the four who played (as score --json's), so the dealer sitting
    # out is not among their names; the sheet's keys name every seat, the one sitting out 0, and
    # they add up to the totals. docs/machine-output.md says which to add up.
    # ooe-2023 [OÖ23 Tarif]: Dreier 4 a Defender, zero-sum; a Kontra doubles the money alone.
    path = str(tmp_path / "five.toml")
    assert run("new", "-p", "A,B,C,D,E", "-P", "ooe-2023", "--ledger", path).exit_code == 0
    # hand 1: E deals and sits out, A is Forehand; hand 2: A deals, B is Forehand
    assert (
        run("record", "-c", "dreier", "-d", "B", "-t", "40", "-k", "kontra", "--ledger", path).exit_code == 0
    )
    assert run("record", "-c", "dreier", "-d", "C", "-t", "40", "--ledger", path).exit_code == 0
    hands = [json.loads(run("explain", str(n), "--json", "--ledger", path).stdout) for n in (1, 2)]
    assert [h["sitting_out"] for h in hands] == ["E", "A"]
    assert "E" not in hands[0]["payout"] and hands[0]["sheet_payout"]["E"] == 0
    added: dict[str, int] = {}
    for h in hands:
        assert list(h["sheet_payout"]) == list(h["sheet_victory_points"]) == ["A", "B", "C", "D", "E"]
        for p, v in h["sheet_payout"].items():
            added[p] = added.get(p, 0) + v
    # B +24, A C D -8 (×2 Kontra); then C +12, B D E -4
    assert added == hands[-1]["payout_totals"] == {"A": -8, "B": 20, "C": 4, "D": -12, "E": -4}
    doc = (Path(__file__).parent.parent / "docs" / "machine-output.md").read_text(encoding="utf-8")
    section = " ".join(doc.split("## `explain N --json`")[1].split("## `rescore")[0].split())
    assert (
        "| `sheet_payout` | object: player → integer | only with `payout`: the payout with the Radl: every seat"
        in section
    )
    assert "a script adding up a player's points or money hand by hand adds these" in section
