"""A tournament day and a cup through the command line, exactly as an organiser types them.

Every hand here is a Dreier under the ooe-2023 profile, scored as the Raiffeisen Tarockcup Austria
rules print it: Dreier 4 [OÖ23 Tarif], zero-sum with the lone player settled three times over
[OÖ23 via HT §7.1; docs/rules/settlement.md]: won, the declarer +12 and each defender −4; lost,
the declarer −12 and each defender +4; at a table of five the dealer sits out with 0. A Kontra
doubles the money only, never the Schrift [OÖ23 Allg. 5]. The schrift format ranks by the Schrift,
ties by the best round, then the table ranks [TIR19 7)].
"""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tarockscore.errors import LedgerError
from tests.stored import unfolded
from tests.test_tournament_paper_sheet import rewrite_with_hashes

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return result


def new_day(folder: Path, players: list[str], *extra: str, fmt: str = "schrift") -> None:
    ok(
        "tournament", "new", str(folder), "--players", ",".join(players), "--rounds", "3",
        "--games", "4", "--profile", "ooe-2023", "--format", fmt, "--stake", "0.10", *extra,
    )  # fmt: skip


def draw(folder: Path, number: int, seed: int) -> list[dict[str, Any]]:
    data = json.loads(
        ok("tournament", "draw", str(folder), "--round", str(number), "--seed", str(seed), "--json").stdout
    )
    assert data["round"] == number
    tables: list[dict[str, Any]] = data["tables"]
    return tables


def dreier(ledger: str, declarer: str, won: bool = True, *extra: str) -> None:
    ok(
        "record",
        "--ledger",
        ledger,
        "--contract",
        "dreier",
        "--declarer",
        declarer,
        "--won" if won else "--lost",
        *extra,
    )


def test_a_day_of_24_players_with_a_late_arrival_at_a_table_of_five(tmp_path: Path) -> None:
    day = tmp_path / "day"
    players = [f"P{i:02d}" for i in range(1, 25)]
    new_day(day, players)
    seating: dict[int, list[dict[str, Any]]] = {1: draw(day, 1, 11)}
    assert [len(t["players"]) for t in seating[1]] == [4] * 6
    # a late arrival makes 25: five tables of four and one of five (25 = 4 · 5 + 5)
    ok("tournament", "players", str(day), "add", "Zoë <Z>")
    seating[2] = draw(day, 2, 12)
    assert sorted(len(t["players"]) for t in seating[2]) == [4, 4, 4, 4, 4, 5]
    # round 2 seats nobody beside someone met in round 1
    met = {frozenset((a, b)) for t in seating[1] for a in t["players"] for b in t["players"] if a != b}
    assert not any(
        frozenset((a, b)) in met for t in seating[2] for a in t["players"] for b in t["players"] if a != b
    )
    for number in (1, 2):
        for t in seating[number]:
            # round r: the player in seat r declares a Dreier and wins it
            dreier(t["ledger"], t["players"][number - 1])
    ok("tournament", "players", str(day), "drop", "P24")
    seating[3] = draw(day, 3, 13)
    assert [len(t["players"]) for t in seating[3]] == [4] * 6
    assert "P24" not in [p for t in seating[3] for p in t["players"]]
    for t in seating[3]:
        dreier(t["ledger"], t["players"][2])

    # Worked by hand from the seating: the declarer +12 and rank 1; at four, the three defenders
    # −4 each, level, rank 2; at five the dealer of hand 1 (the last seat) sits out with 0 and is
    # second, the three defenders −4 share rank 3.
    expected: dict[str, dict[str, Any]] = {}
    for number, tables in seating.items():
        for t in tables:
            seats = t["players"]
            for i, p in enumerate(seats):
                if i == number - 1:
                    schrift, rank = 12, 1
                elif len(seats) == 5 and i == 4:
                    schrift, rank = 0, 2
                else:
                    schrift, rank = -4, 2 if len(seats) == 4 else 3
                row = expected.setdefault(p, {"player": p, "schrift": 0, "tables": []})
                row["schrift"] += schrift
                row["tables"].append(
                    {"round": number, "table": t["table"], "rank": rank, "schrift": schrift, "rank_points": 0}
                )

    def key(row: dict[str, Any]) -> tuple[Any, ...]:
        # the total, then the best round, then the table ranks (more wins, then more seconds, …),
        # a round not played counting below every rank
        ranks = sorted(s["rank"] for s in row["tables"]) + [99] * (3 - len(row["tables"]))
        return (-row["schrift"], -max(s["schrift"] for s in row["tables"]), ranks)

    rows = sorted(expected.values(), key=lambda r: (key(r), r["player"].casefold()))
    for row in rows:
        row["place"] = 1 + sum(1 for other in rows if key(other) < key(row))
    want = [
        {
            "place": r["place"],
            "player": r["player"],
            "total": r["schrift"],
            "schrift": r["schrift"],
            "rank_points": 0,
            "tables": r["tables"],
        }
        for r in rows
    ]
    got = json.loads(ok("tournament", "standings", str(day), "--format", "json").stdout)
    assert got == {"standings": want}
    # 25 players sat at a table; the late arrival only in rounds 2 and 3, the dropout in 1 and 2
    assert len(got["standings"]) == 25
    zoe = next(r for r in got["standings"] if r["player"] == "Zoë <Z>")
    assert [s["round"] for s in zoe["tables"]] == [2, 3]
    # the two extremes, by hand: three declarations 3 × 12 = 36; none at four tables 3 × −4 = −12
    assert got["standings"][0]["schrift"] <= 36 and got["standings"][-1]["schrift"] >= -12

    csv_lines = ok("tournament", "standings", str(day), "--format", "csv").stdout.splitlines()
    assert csv_lines[0].startswith("place,player,total,schrift,rank_points,round_1_table")
    assert len(csv_lines) == 1 + 25

    html = ok("tournament", "standings", str(day), "--format", "html").stdout
    assert html.startswith("<!DOCTYPE html>") and html.count("<table>") == 1
    assert "Zoë &lt;Z&gt;" in html and "<Z>" not in html

    text = ok("tournament", "standings", str(day)).stdout
    assert "Format schrift" in text


def test_the_same_seed_gives_the_same_draw(tmp_path: Path) -> None:
    players = [f"N{i}" for i in range(1, 14)]
    new_day(tmp_path / "a", players)
    new_day(tmp_path / "b", players)
    a = draw(tmp_path / "a", 1, 99)
    b = draw(tmp_path / "b", 1, 99)
    assert [t["players"] for t in a] == [t["players"] for t in b]
    assert sorted(len(t["players"]) for t in a) == [4, 4, 5]  # 13 = 4 + 4 + 5


def test_a_count_that_cannot_be_seated_is_refused(tmp_path: Path) -> None:
    new_day(tmp_path / "d", [f"N{i}" for i in range(1, 12)])
    result = run("tournament", "draw", str(tmp_path / "d"), "--round", "1")
    assert result.exit_code == 1
    assert "11 players cannot be seated" in result.stderr and "10 or 12" in result.stderr
    # 11 = 4 × 2 + 3: three tables of five would take 15 players
    assert (
        "11 = 4 × 2 + 3: the 3 left over would need 3 tables of five, which take 15 players" in result.stderr
    )
    # the way out names this tournament's folder, not a placeholder
    assert f"`tarockscore tournament players {tmp_path / 'd'} add NAME`" in result.stderr
    assert not (tmp_path / "d" / "round-1").exists()


def test_a_count_that_cannot_be_seated_is_told_in_german_throughout(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    new = run(
        "--lang", "de", "tournament", "new", str(folder), "--players", "A,B,C,D,E,F,G,H,I,J,K",
        "--rounds", "1", "--games", "4", "--profile", "koenigrufen", "--format", "schrift",
    )  # fmt: skip
    assert new.exit_code == 0, new.stderr
    warning = new.stderr
    assert warning.startswith("Warnung: 11 Spieler lassen sich nicht") and "3 übrigen" in warning
    assert "10 oder 12 Spieler lassen sich setzen" in warning and "dazunehmen oder streichen" in warning
    refused = run("--lang", "de", "tournament", "draw", str(folder), "--round", "1")
    assert refused.exit_code == 1
    assert "für die 3 übrigen bräuchte es 3 Fünfertische" in refused.stderr
    assert "left over" not in refused.stderr and "can be seated" not in refused.stderr


def test_one_player_is_counted_as_one_in_english_and_german(tmp_path: Path) -> None:
    # a day begun with one name (the rest to come) and a roster dropped to one: "1 player", not "1 players"
    folder = tmp_path / "d"
    new = run(
        "tournament", "new", str(folder), "--players", "Anna", "--rounds", "1", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert new.exit_code == 0, new.stderr
    assert new.stderr.startswith("warning: 1 player cannot be seated at tables of four and five (a table ")
    refused = run("--lang", "de", "tournament", "draw", str(folder), "--round", "1")
    assert refused.exit_code == 1 and not (folder / "round-1").exists()
    assert refused.stderr.startswith("Fehler: 1 Spieler lässt sich nicht auf Vierer- und Fünfertische setzen")
    added = ok("tournament", "players", str(folder), "add", "Bert")
    assert added.stdout.startswith("Bert: added; 2 players in the next draw\n")
    dropped = ok("tournament", "players", str(folder), "drop", "bert")
    assert unfolded(dropped.stdout).startswith(
        "Bert: dropped (their tables so far still count); 1 player in the next draw\n"
    )
    assert "warning: 1 player cannot be seated" in dropped.stderr


def test_tables_short_of_their_limit_in_a_row_are_named_from_first_to_last(tmp_path: Path) -> None:
    # a cup day's 25 tables at play were named one by one in the one warning line; a run of three or
    # more is said from its first table to its last, in English and German
    day = tmp_path / "d"
    new_day(day, [f"N{i}" for i in range(1, 21)])
    tables = draw(day, 1, 5)
    for t in tables[:2]:
        for _ in range(4):  # each player of a four deals once: the table's limit of 4 games
            dreier(t["ledger"], t["players"][0])
    dreier(tables[3]["ledger"], tables[3]["players"][0])  # table 4 of 5 plays on
    result = ok("tournament", "standings", str(day))
    assert "(round 1: tables 3–5); --verbose names each" in result.stderr, result.stderr
    draw(day, 2, 6)
    german = ok("--lang", "de", "tournament", "standings", str(day)).stderr
    assert "(Runde 1: Tische 3–5; Runde 2: Tische 1–5)" in german, german


def test_a_name_corrected_between_rounds_is_said_with_the_alias_that_makes_it_one(tmp_path: Path) -> None:
    # Jorg dropped after round 1 and added as Jörg: two rows of one player, which `standings` ranked
    # without a word; Anna and Anni look alike too but sit in every round: two players
    day = tmp_path / "d"
    new_day(day, ["Anna", "Anni", "Bert", "Cilli", "Dani", "Emil", "Franz", "Jorg"])
    first = draw(day, 1, 1)
    ok("tournament", "players", str(day), "drop", "Jorg")
    ok("tournament", "players", str(day), "add", "Jörg")
    draw(day, 2, 2)
    seated = next(t for t in first if "Jorg" in t["players"])
    dreier(seated["ledger"], "Jorg")  # won: Jorg +12 [OÖ23 Tarif: Dreier 4, zero-sum]
    result = ok("tournament", "standings", str(day))
    said = (
        "warning: 'Jörg' (round 2) and 'Jorg' (round 1) look like one player spelt two ways; "
        "if so, fold them with --alias 'Jörg=Jorg'\n"
    )
    assert said in result.stderr and "Anni" not in result.stderr, result.stderr
    german = ok("--lang", "de", "tournament", "standings", str(day)).stderr
    assert "Warnung: 'Jörg' (Runde 2) und 'Jorg' (Runde 1) schauen aus wie ein Spieler" in german, german
    folded = ok("tournament", "standings", str(day), "--alias", "Jörg=Jorg", "--json")
    assert "look like one player" not in folded.stderr
    row = next(r for r in json.loads(folded.stdout)["standings"] if r["player"] == "Jorg")
    assert [t["round"] for t in row["tables"]] == [1, 2] and row["schrift"] == 12


def test_a_round_with_hands_is_not_redrawn_but_an_empty_one_is(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, [f"N{i}" for i in range(1, 9)])
    first = draw(day, 1, 1)
    again = draw(day, 1, 2)  # no hands yet: a redraw replaces the sheets
    assert [t["players"] for t in first] != [t["players"] for t in again]
    dreier(again[0]["ledger"], again[0]["players"][0])
    result = run("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    assert result.exit_code == 1
    assert "already has hands" in result.stderr and "table-1.toml (1 hand)" in result.stderr
    result = run("tournament", "draw", str(day), "--round", "3")
    assert result.exit_code == 1 and "draw round 2 first" in result.stderr
    result = run("tournament", "draw", str(day), "--round", "4")  # an option out of range: exit 2
    assert result.exit_code == 2 and "error: --round: 4: the tournament has rounds 1 to 3" in result.stderr


def test_a_redraw_refused_names_the_first_three_sheets_played_and_counts_the_rest(tmp_path: Path) -> None:
    # every sheet of a cup day's round named made a line of a thousand characters
    day = tmp_path / "d"
    new_day(day, [f"N{i}" for i in range(1, 21)])
    tables = draw(day, 1, 1)
    for t in tables:
        dreier(t["ledger"], t["players"][0])
    sheets = ", ".join(f"{day / 'round-1' / f'table-{k}.toml'} (1 hand)" for k in (1, 2, 3))
    result = run("tournament", "draw", str(day), "--round", "1", "--seed", "2")
    assert result.exit_code == 1 and not result.stdout
    assert result.stderr == (
        f"error: --round: round 1 already has hands: {sheets} and 2 more; a round that has begun cannot be redrawn\n"
    )
    german = run("--lang", "de", "tournament", "draw", str(day), "--round", "1", "--seed", "2").stderr
    assert "(1 Spiel) und 2 weitere; eine begonnene Runde wird nicht neu ausgelost" in german, german
    for t in tables:  # nothing redrawn: each sheet seats its table as drawn
        sheet = tomllib.loads(Path(t["ledger"]).read_text(encoding="utf-8"))
        assert sheet["table"]["players"] == t["players"]


def test_a_sheet_edited_moved_or_left_outside_the_draw_is_named(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, [f"N{i}" for i in range(1, 9)])
    tables = draw(day, 1, 5)
    for t in tables:
        dreier(t["ledger"], t["players"][0])
    one, two = Path(tables[0]["ledger"]), Path(tables[1]["ledger"])
    good_one, good_two = one.read_text(), two.read_text()

    # edited by hand: the stored result no longer matches the hand
    edited = re.sub(
        r"(victory_points = \{ \S+ = )(\d+)",
        lambda m: m.group(1) + str(int(m.group(2)) + 1),
        good_one,
        count=1,
    )
    assert edited != good_one
    one.write_text(edited)
    result = run("tournament", "standings", str(day))
    assert result.exit_code == 1
    assert str(one) in result.stderr and "round 1, table 1" in result.stderr
    assert "fails its own check (`tarockscore check --ledger" in result.stderr
    assert "the standings need every table" in result.stderr
    result = run("tournament", "money", str(day))
    assert result.exit_code == 1
    assert f"error: {one}: round 1, table 1: this table's sheet fails its own check" in result.stderr
    assert "the day's money needs every table" in result.stderr and "standings" not in result.stderr

    # moved by hand: table 2's sheet copied over table 1's, named as table 2's
    one.write_text(good_two)
    result = run("tournament", "standings", str(day))
    assert result.exit_code == 1
    assert f"error: {one}: round 1, table 1: the sheet seats " in result.stderr
    assert "whom the draw seated at table 2: it is that table's sheet" in result.stderr

    # a sheet with hands outside the draw is never left out silently
    one.write_text(good_one)
    stray = day / "round-1" / "table-3.toml"
    stray.write_text(good_two)
    result = run("tournament", "standings", str(day))
    assert result.exit_code == 1
    assert str(stray) in result.stderr and "not in the draw" in result.stderr
    stray.unlink()
    ok("tournament", "standings", str(day))

    # a sheet moved away is missed, not left out
    two.rename(tmp_path / "elsewhere.toml")
    result = run("tournament", "standings", str(day))
    assert result.exit_code == 1
    assert f"{two}: round 1, table 2: the sheet the draw put here is missing" in result.stderr


def test_a_seed_past_what_the_days_file_keeps_is_refused_at_the_option(tmp_path: Path) -> None:
    # `--seed 2000000` was refused at `entry 2.seed`, a key of the day's file, exit 1, nothing drawn
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    for seed in ("2000000", "-2000000"):
        result = run("tournament", "draw", str(day), "-r", "1", "--seed", seed)
        assert result.exit_code == 2, result.stderr
        assert (
            result.stderr
            == f"error: --seed: {seed} is beyond the allowed range (at most 1,000,000 either way)\n"
        )
    assert not (day / "round-1").exists()
    ok("tournament", "draw", str(day), "-r", "1", "--seed", "-1000000")


def test_names_that_look_alike_in_other_letters_are_warned_about_at_new_and_add(tmp_path: Path) -> None:
    """'Аnna' with a Cyrillic А beside 'Anna' reads the same on the posted draw: `new` (an
    evening's) warns of it, `tournament new` and `players add` took it without a word."""
    cyrillic = "\u0410nna"
    said = f"warning: 'Anna' and {cyrillic!r} look alike but are spelt with different letters"
    day = tmp_path / "d"
    result = ok(
        "tournament", "new", str(day), "--players", f"Anna,Bert,Cilli,Dani,{cyrillic}", "--rounds", "3",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert said in result.stderr
    other = tmp_path / "e"
    new_day(other, ["Anna", "Bert", "Cilli", "Dani"])
    added = ok("tournament", "players", str(other), "add", cyrillic)
    assert said in added.stderr and added.stdout.startswith(f"{cyrillic}: added; 5 players in the next draw")
    assert "look alike" not in ok("tournament", "players", str(other), "add", "Emil").stderr


def test_a_late_arrival_typed_as_a_player_of_the_list_spelt_otherwise_is_warned_about(tmp_path: Path) -> None:
    """The list says 'Jorg Wagner'; he arrives and the desk adds 'Jörg Wagner': two players in the
    next draw, one of them a seat nobody takes. Names that look like one player spelt two ways
    (docs/season.md: the same letters up to accents, one a short form, or one letter apart) are
    said at `players add`; one dropped before (the misspelling corrected) is not."""
    day = tmp_path / "d"
    new_day(day, ["Anna", "Bert", "Cilli", "Jorg Wagner"])
    added = ok("tournament", "players", str(day), "add", "Jörg Wagner")
    assert added.stderr == (
        "warning: 'Jörg Wagner' and 'Jorg Wagner' look like one player spelt two ways: if so, drop one"
        " of them before the next draw\n"
    )
    assert "spelt two ways" not in ok("tournament", "players", str(day), "add", "Emil").stderr
    ok("tournament", "players", str(day), "drop", "Anna")
    assert "spelt two ways" not in ok("tournament", "players", str(day), "add", "Anni").stderr  # Anna left


def test_a_list_holding_one_player_spelt_two_ways_is_warned_about_at_tournament_new(tmp_path: Path) -> None:
    """`tournament new` with 'Jorg Wagner' and 'Jörg Wagner' in its list took both without a word,
    as `players add` warns of the second; a long list says a few such pairs and counts the rest,
    the pairs sought no further than 100 (a list of numbered names has them by the thousand)."""
    names = ["Anna", "Bert", "Jorg Wagner", "Cilli", "Jörg Wagner", "Dani", "Emil", "Fritzi"]
    result = run("tournament", "new", str(tmp_path / "d"), "--players", ",".join(names), "--rounds", "3",
                 "--games", "4", "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.stderr == (
        "warning: 'Jörg Wagner' and 'Jorg Wagner' look like one player spelt two ways: if so, drop one"
        " of them before the next draw\n"
    )
    many = [
        f"Huber {a}{b}" for a in "abcdefghij" for b in "klmnopqrst"
    ]  # 'Huber ak' one letter from 'Huber al' …
    result = run("tournament", "new", str(tmp_path / "e"), "--players", ",".join(many), "--rounds", "3",
                 "--games", "4", "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    lines = result.stderr.splitlines()
    assert len(lines) == 22 and lines[-1].startswith("warning: … and ")
    assert (
        lines[-2]
        == "warning: more than 100 pairs of names look like one player spelt two ways; check the list"
    )
    # numbered players ('Spieler 100', 'Spieler 101', as a club without the names yet writes them)
    # are told apart by their numbers: no pair of them is one player spelt two ways
    numbered = [f"Spieler {n}" for n in range(100, 200)]
    result = run("tournament", "new", str(tmp_path / "f"), "--players", ",".join(numbered), "--rounds", "3",
                 "--games", "4", "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    assert result.exit_code == 0 and result.stderr == "", result.stderr


def test_a_misspelt_name_to_drop_is_pointed_to_without_every_players_name(tmp_path: Path) -> None:
    """A day of 100: `players drop 'Anna Hubr'` printed every one of the 100 names in one line before
    the guess; with a guess the line is the guess, and without one the list stays."""
    day = tmp_path / "d"
    first = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Fritzi", "Gerti", "Hans", "Ilse", "Jörg"]
    last = ["Huber", "Maier", "Gruber", "Wagner", "Bauer", "Moser", "Hofer", "Leitner", "Berger", "Fuchs"]
    new_day(day, [f"{a} {b}" for a in first for b in last])
    result = run("tournament", "players", str(day), "drop", "Anna Hubr")
    assert result.exit_code == 1
    assert (
        result.stderr == "error: PLAYER: 'Anna Hubr' is not in the tournament (did you mean 'Anna Huber'?)\n"
    )
    result = run("tournament", "players", str(day), "drop", "Zoe")
    assert result.exit_code == 1 and "'Zoe' is not in the tournament; players: Anna Huber, " in result.stderr


def test_players_add_and_drop_are_checked(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    result = run("tournament", "players", str(day), "add", "A")
    assert result.exit_code == 1 and "already in the tournament" in result.stderr
    result = run("tournament", "players", str(day), "drop", "Q")
    assert result.exit_code == 1 and "'Q' is not in the tournament" in result.stderr
    result = run("tournament", "players", str(day), "add", "E,F")
    assert result.exit_code == 2 and "error: PLAYER: 'E,F': a name cannot hold a comma" in result.stderr
    # the action in any case, as the hand's words are (`Add` with a capital, from a phone's keyboard)
    ok("tournament", "players", str(day), "Add", "E")
    ok("tournament", "players", str(day), "DROP", "E")

    # docs/machine-output.md, "One column, one name": `tournament new` refuses 'A total' beside 'A';
    # a late arrival so named was added, and a draw could seat both at one sheet, its CSV with two
    # columns 'A total'. Refused as `new` refuses it, either way round, and nothing is written.
    ok("tournament", "players", str(day), "add", "E total")
    before = (day / "tournament.toml").read_bytes()
    for name, clash in (("A total", "A total"), ("a TOTAL", "a TOTAL"), ("E", "E total")):
        result = run("tournament", "players", str(day), "add", name)
        assert result.exit_code == 2, result.stderr
        assert f"error: PLAYER: '{clash}': a name may not be a column of the CSV" in result.stderr
    assert (day / "tournament.toml").read_bytes() == before
    ok("tournament", "players", str(day), "drop", "D")
    ok("tournament", "players", str(day), "add", "D total")  # D plays no more: no sheet holds both


@pytest.mark.parametrize(
    ("typed", "option"),
    [
        (["--rounds", "3", "--games", "16000000"], "--games"),  # 16 typed with its zeros held down
        (["--rounds", "3", "--games", "16", "--games-five", "20000000"], "--games-five"),
    ],
)
def test_new_refuses_a_number_past_the_largest_at_its_option(
    tmp_path: Path, typed: list[str], option: str
) -> None:
    """A count past the largest a day's file keeps (1,000 games, as many hands as an evening holds)
    was refused as the file's key (`entry 1.games`), exit 1, an option the organiser never typed:
    now at the option, exit 2."""
    day = tmp_path / "x"
    result = run(
        "tournament", "new", str(day), "--players", "A,B,C,D", *typed, "--profile", "ooe-2023", "--format", "schrift"
    )  # fmt: skip
    assert result.exit_code == 2, result.stderr
    assert result.stderr.startswith(f"error: {option}: ") and "entry" not in result.stderr
    assert "a table plays 1 to 1,000 games in a round" in result.stderr and not day.exists()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_count_not_a_number_is_said_with_every_other_problem(tmp_path: Path, lang: str) -> None:
    """Typer read --games before the command: "x" was the one problem said, the next run showed
    the rest. Now every problem of the line is said at once, the count as typed, not again as 0."""
    result = run(
        "--lang", lang, "tournament", "new", str(tmp_path / "x"), "--rounds", "y", "--games", "x",
        "--games-five", "5", "--stake", "abc", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    said = result.stderr.splitlines()
    error, whole = ("error", "is not a whole number") if lang == "en" else ("Fehler", "ist keine ganze Zahl")
    assert result.exit_code == 2 and not (tmp_path / "x").exists()
    assert [line.split(":")[1].strip() for line in said] == ["--players", "--rounds", "--games", "--stake"]
    assert f"{error}: --games: 'x' {whole}; " in said[2]
    new_day(tmp_path / "day", ["A", "B", "C", "D"])
    draw(tmp_path / "day", 1, 7)
    # the result's round and table, with a NAME=POINTS that is not one
    result = run("--lang", lang, "tournament", "result", str(tmp_path / "day"), "-r", "x", "-t", "y", "A=3", "B")  # fmt: skip
    said = result.stderr.splitlines()
    assert result.exit_code == 2
    points = "NAME=POINTS" if lang == "en" else "NAME=PUNKTE"
    assert [line.split(":")[1].strip() for line in said] == ["--round", "--table", points]
    assert f"{error}: --table: 'y' {whole}; " in said[1]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_players_errors_name_the_argument_as_its_help_does(tmp_path: Path, lang: str) -> None:
    """The player was said as NAME, Click's word, and a missing add|drop as Click lists choices (a
    tab and a line each, shown as \\n\\t): the usage's PLAYER (SPIELER), the choices on the line."""
    day = tmp_path / "day"
    new_day(day, ["A", "B", "C", "D"])
    help_page = run("--lang", lang, "tournament", "players", "--help").stdout
    word, error = ("PLAYER", "error") if lang == "en" else ("SPIELER", "Fehler")
    assert f" add|drop {word}\n" in help_page
    result = run("--lang", lang, "tournament", "players", str(day), "drop", "Zoe")
    assert result.exit_code == 1 and result.stderr.startswith(f"{error}: {word}: 'Zoe' ")
    result = run("--lang", lang, "tournament", "players", str(day))
    missing = {
        "en": "error: Missing argument 'add|drop': give one of 'add', 'drop'.",
        "de": "Fehler: es fehlt das Argument 'add|drop': eines von 'add', 'drop' angeben.",
    }[lang]
    assert result.exit_code == 2 and result.stderr.startswith(missing), result.stderr
    assert "\\n" not in result.stderr


def test_new_refuses_bad_options_naming_them(tmp_path: Path) -> None:
    result = run(
        "tournament", "new", str(tmp_path / "x"), "--players", "A,B,C,A", "--rounds", "0", "--games", "15",
        "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert result.exit_code == 2
    for option in ("--players", "--rounds", "--games-five"):
        assert f"error: {option}:" in result.stderr
    result = run(
        "tournament", "new", str(tmp_path / "x"), "--players", "A,B,C,D", "--rounds", "3", "--games", "16",
        "--profile", "ooe-2023", "--format", "schrfit",
    )  # fmt: skip
    assert result.exit_code == 1 and "did you mean 'schrift'" in result.stderr
    assert not (tmp_path / "x" / "tournament.toml").exists()
    result = run(
        "tournament", "new", str(tmp_path / "x"), "--players", "A,B,C,D", "--rounds", "3", "--games", "16",
        "--profile", "ooe-2023", "--format", "SCHRIFT",
    )  # fmt: skip  # a shipped format's name typed in capitals is pointed to, as a profile's is
    assert result.exit_code == 1 and "did you mean 'schrift'" in result.stderr
    new_day(tmp_path / "y", ["A", "B", "C", "D"])
    result = run(
        "tournament", "new", str(tmp_path / "y"), "--players", "A,B,C,D", "--rounds", "3", "--games", "16",
        "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert result.exit_code == 1 and "already exists" in result.stderr
    # a count past what a day's file keeps is refused at its option, exit 2, not at the file's entry
    result = run(
        "tournament", "new", str(tmp_path / "z"), "--players", "A,B,C,D", "--rounds", "2000000",
        "--games", "900000", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert (result.exit_code, result.stderr.splitlines()) == (
        2,
        [
            "error: --rounds: 2000000: a tournament has 1 to 100 rounds",
            "error: --games: 900000: a table plays 1 to 1,000 games in a round",
        ],
    )


def test_players_from_a_file(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("Anna\nBert\n\n# late: Cilli\nDani\nEmil\n", encoding="utf-8")
    ok(
        "tournament", "new", str(tmp_path / "d"), "--players-file", str(names), "--rounds", "1", "--games", "16",
        "--profile", "ooe-2023", "--format", "haupt-sub",
    )  # fmt: skip
    tables = draw(tmp_path / "d", 1, 1)
    assert sorted(tables[0]["players"]) == ["Anna", "Bert", "Dani", "Emil"]


def test_money_counts_the_kontras_the_schrift_leaves_out(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    [table] = draw(day, 1, 1)
    seats = table["players"]
    # hand 1: seat 1 wins a Dreier with a Kontra: Schrift +12 / −4, money ×2: +24 / −8
    dreier(table["ledger"], seats[0], True, "--kontra", "kontra")
    # hand 2: seat 2 loses a Dreier: Schrift and money −12 / +4
    dreier(table["ledger"], seats[1], False)
    got = json.loads(ok("tournament", "money", str(day), "--format", "json").stdout)
    by = {m["player"]: m for m in got["money"]}
    a, b, c, d = seats
    assert by[a] == {"player": a, "schrift": 12 + 4, "money_points": 24 + 4, "kontra": 12, "amount": "2.80"}
    assert by[b] == {
        "player": b,
        "schrift": -4 - 12,
        "money_points": -8 - 12,
        "kontra": -4,
        "amount": "-2.00",
    }
    assert by[c]["schrift"] == 0 and by[c]["money_points"] == -4 and by[c]["amount"] == "-0.40"
    assert by[d]["amount"] == "-0.40"


def test_a_cup_of_three_days(tmp_path: Path) -> None:
    # Each day is one table of four and one round. Hands by name (the seat order does not matter):
    # day 1: A wins a Dreier: A +12; B, C, D −4 each → A 1st; B, C, D share 2nd.
    # day 2: B wins a Dreier, then C wins one: B +12 − 4 = 8, C 8, A −8, E −8 → B and C level on
    #        the Schrift, the best round and the table rank: they share 1st; A and E share 3rd.
    # day 3: D loses a Dreier: D −12; A, C, E +4 each → A, C, E share 1st; D 4th.
    days = {
        "day1": ("ABCD", [("A", True)]),
        "day2": ("ABCE", [("B", True), ("C", True)]),
        "day3": ("ACDE", [("D", False)]),
    }
    for name, (players, hands) in days.items():
        ok(
            "tournament", "new", str(tmp_path / name), "--players", ",".join(players), "--rounds", "1",
            "--games", "16", "--profile", "ooe-2023", "--format", "schrift",
        )  # fmt: skip
        [table] = draw(tmp_path / name, 1, 1)
        for declarer, won in hands:
            dreier(table["ledger"], declarer, won)
    points = tmp_path / "points.toml"
    points.write_text("points = [10, 6, 3]\nbest = 2\n", encoding="utf-8")
    # cup points (a shared place gives each its points; place 4 is beyond the list: 0):
    # A 10, 3, 10 → best two 20;  B 6, 10 → 16;  C 6, 10, 10 → 20;  D 6, 0 → 6;  E 3, 10 → 13
    result = ok(
        "cup", "standings", *(str(tmp_path / d) for d in days), "--points", str(points), "--format", "json"
    )
    got = json.loads(result.stdout)["standings"]
    assert [(r["place"], r["player"], r["cup_points"]) for r in got] == [
        (1, "A", 20),
        (1, "C", 20),
        (3, "B", 16),
        (4, "E", 13),
        (5, "D", 6),
    ]
    a = got[0]["tournaments"]
    assert [(x["place"], x["cup_points"], x["counted"]) for x in a] == [
        (1, 10, True),
        (3, 3, False),
        (1, 10, True),
    ]
    csv_lines = ok(
        "cup", "standings", *(str(tmp_path / d) for d in days), "--points", str(points), "--format", "csv"
    ).stdout.splitlines()
    assert csv_lines[0] == (
        "place,player,cup_points,tournament_1_place,tournament_1_cup_points,tournament_1_counted,"
        "tournament_2_place,tournament_2_cup_points,tournament_2_counted,"
        "tournament_3_place,tournament_3_cup_points,tournament_3_counted"
    )
    assert len(csv_lines) == 6
    text = ok("cup", "standings", *(str(tmp_path / d) for d in days), "--points", str(points)).stdout
    assert "(not counted)" in text


def test_a_hand_past_the_rounds_game_limit_is_refused_and_the_sheet_is_unchanged(tmp_path: Path) -> None:
    day = tmp_path / "d"
    ok(
        "tournament", "new", str(day), "--players", "A,B,C,D,E", "--rounds", "1", "--games", "2",
        "--games-five", "3", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    [table] = draw(day, 1, 1)  # five players: one table of five, limit 3
    ledger = Path(table["ledger"])
    seats = table["players"]
    # hand 1: the last seat deals and sits out; hand 2 the first seat; hand 3 the second
    for declarer in (seats[0], seats[1], seats[2]):
        dreier(str(ledger), declarer)
    before = ledger.read_bytes()
    result = run("record", "--ledger", str(ledger), "--contract", "dreier", "--declarer", seats[3], "--won")
    assert result.exit_code == 1
    assert "table.games: 3: the game limit of this table is reached" in result.stderr
    assert ledger.read_bytes() == before
    # a sheet given a hand past the limit by hand fails its own check, and standings names it
    text = before.decode()
    ledger.write_text(text.replace("games = 3", "games = 2"), encoding="utf-8")
    result = run("check", "--ledger", str(ledger))
    assert result.exit_code == 1 and "table.games" in result.stderr
    result = run("tournament", "standings", str(day))
    assert result.exit_code == 1 and str(ledger) in result.stderr


def test_haupt_sub_shares_rank_points_exactly_through_the_command_line(tmp_path: Path) -> None:
    # haupt-sub: 4/2/1/0 at four, 4/2/1/0/0 at five (formats/haupt-sub.toml)
    four = tmp_path / "four"
    new_day(four, ["A", "B", "C", "D"], fmt="haupt-sub")
    draw(four, 1, 1)
    # a Rufer won (value 1, [OÖ23 Tarif]): A and B +1, C and D −1. A and B share places 1 and 2:
    # (4 + 2) / 2 = 3 each; C and D share 3 and 4: (1 + 0) / 2 = 1/2 each. B, the first in hand
    # of this draw, declares: only the Forehand may play a Rufer [OÖ23 Vorhand 1 via HT §3.3]
    ok(
        "record",
        "--ledger",
        str(four / "round-1" / "table-1.toml"),
        "-c",
        "rufer",
        "-d",
        "B",
        "-w",
        "A",
        "--points",
        "40",
    )
    got = {
        r["player"]: r
        for r in json.loads(ok("tournament", "standings", str(four), "-f", "json").stdout)["standings"]
    }
    assert (got["A"]["place"], got["A"]["total"], got["A"]["schrift"]) == (1, 3, 1)
    assert (got["B"]["place"], got["B"]["total"]) == (1, 3)
    assert (got["C"]["place"], got["C"]["total"], got["C"]["rank_points"]) == (3, "1/2", "1/2")
    assert got["C"]["tables"] == [{"round": 1, "table": 1, "rank": 3, "schrift": -1, "rank_points": "1/2"}]

    five = tmp_path / "five"
    new_day(five, ["A", "B", "C", "D", "E"], fmt="haupt-sub")
    [table] = draw(five, 1, 1)
    seats = table["players"]
    # hand 1: the last seat deals and sits out with 0; the first seat wins a Dreier: +12, the
    # other three −4. Places: 1st 4, the dealer 2nd 2, three level share 3-5: (1 + 0 + 0) / 3
    dreier(table["ledger"], seats[0])
    got = {
        r["player"]: r
        for r in json.loads(ok("tournament", "standings", str(five), "-f", "json").stdout)["standings"]
    }
    assert got[seats[0]]["total"] == 4 and got[seats[4]]["total"] == 2
    assert all(got[p]["total"] == "1/3" and got[p]["place"] == 3 for p in seats[1:4])


def test_a_draw_without_a_seed_prints_and_keeps_the_one_it_chose(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    text = ok("tournament", "draw", str(day), "--round", "1").stdout
    seed = int(text.split("(seed ", 1)[1].split(";", 1)[0])
    stored = tomllib.loads((day / "tournament.toml").read_text(encoding="utf-8"))
    assert stored["event"][-1]["kind"] == "draw" and stored["event"][-1]["seed"] == seed


def test_a_cup_refuses_a_tournament_given_twice(tmp_path: Path) -> None:
    new_day(tmp_path / "d", ["A", "B", "C", "D"])
    points = tmp_path / "p.toml"
    points.write_text("points = [3, 2, 1]\n", encoding="utf-8")
    result = run("cup", "standings", str(tmp_path / "d"), str(tmp_path / "d"), "--points", str(points))
    assert result.exit_code == 2 and "given twice" in result.stderr
    # said at the argument as the usage line names it (cup standings [OPTIONS] FOLDERS...), not DIR
    usage = run("cup", "standings", "--help").stdout
    assert "FOLDERS..." in usage and "DIR" not in usage
    assert result.stderr.startswith(f"error: FOLDERS: {tmp_path / 'd'}: a tournament given twice"), (
        result.stderr
    )


def test_a_cup_refuses_one_alias_given_two_names(tmp_path: Path) -> None:
    new_day(tmp_path / "d", ["A", "B", "C", "D"])
    points = tmp_path / "p.toml"
    points.write_text("points = [3, 2, 1]\n", encoding="utf-8")
    cup = ["cup", "standings", str(tmp_path / "d"), "--points", str(points)]
    # a cup matches names in any case: a=Anna and A=Alma are one alias too
    for first in ("A=Anna", "a=Anna"):
        result = run(*cup, "--alias", first, "--alias", "A=Alma")
        assert result.exit_code == 2 and result.stdout == ""
        said = f"error: --alias {first!r} and --alias 'A=Alma': one alias, two names; give one\n"
        assert result.stderr == said


def test_the_guided_entry_refuses_a_full_table_before_asking(tmp_path: Path) -> None:
    day = tmp_path / "d"
    ok(
        "tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "1",
        "--games-five", "1", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    [table] = draw(day, 1, 1)
    dreier(table["ledger"], table["players"][0])
    result = runner.invoke(app, ["enter", "--ledger", table["ledger"]], input="")
    assert result.exit_code == 1
    assert "table.games: 1: the game limit of this table is reached" in result.stderr
    assert "contract" not in result.stdout.lower()


def test_a_table_without_hands_is_told_in_german(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, [f"N{i}" for i in range(1, 9)])
    draw(day, 1, 5)
    english = run("tournament", "standings", str(day), "--verbose")
    assert (
        "round 1, table 1 (" in english.stderr
        and "no hands yet; it is shown but not ranked" in english.stderr
    )
    german = run("--lang", "de", "tournament", "standings", str(day), "--verbose")
    assert "Runde 1, Tisch 1 (" in german.stderr
    assert "noch keine Spiele; steht da, wird aber nicht gereiht" in german.stderr
    assert "no hands yet" not in german.stderr


def test_csv_cells_a_spreadsheet_would_run_are_written_as_text(tmp_path: Path) -> None:
    # The same rule as `show --csv`, `season -f csv` and `stats -f csv`: a cell that begins with
    # +, -, @ (or =) and is not a plain number gets a leading apostrophe; numbers stay numbers.
    # Dani wins a Dreier under ooe-2023: Dani +12, each of the three others −4, level in 2nd place.
    names = tmp_path / "n.txt"
    names.write_text("+SUM(A1)\n-2+3\n@A1\nDani\n", encoding="utf-8")
    day = tmp_path / "d"
    ok(
        "tournament", "new", str(day), "--players-file", str(names), "--rounds", "1", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift", "--stake", "0.10",
    )  # fmt: skip
    [table] = draw(day, 1, 1)
    dreier(table["ledger"], "Dani")

    standings = list(csv.reader(io.StringIO(ok("tournament", "standings", str(day), "-f", "csv").stdout)))
    assert [row[:4] for row in standings[1:]] == [
        ["1", "Dani", "12", "12"],
        ["2", "'+SUM(A1)", "-4", "-4"],
        ["2", "'-2+3", "-4", "-4"],
        ["2", "'@A1", "-4", "-4"],
    ]
    money = list(csv.reader(io.StringIO(ok("tournament", "money", str(day), "-f", "csv").stdout)))
    # by name: '+' < '-' < '@' < 'D'; the stake 0.10 per point: −4 → −0.40, +12 → 1.20
    assert money[1:] == [
        ["'+SUM(A1)", "-4", "-4", "0", "-0.40"],
        ["'-2+3", "-4", "-4", "0", "-0.40"],
        ["'@A1", "-4", "-4", "0", "-0.40"],
        ["Dani", "12", "12", "0", "1.20"],
    ]
    points = tmp_path / "points.toml"
    points.write_text("points = [10, 6]\n", encoding="utf-8")
    cup = ok("cup", "standings", str(day), "--points", str(points), "-f", "csv").stdout
    assert [row[:3] for row in csv.reader(io.StringIO(cup))][1:] == [
        ["1", "Dani", "10"],
        ["2", "'+SUM(A1)", "6"],
        ["2", "'-2+3", "6"],
        ["2", "'@A1", "6"],
    ]


# Names the command line refuses for `tarockscore new --players` (rules/text.py, name_problem):
# each with the words of its refusal.
BAD_NAMES = [
    ("Zo\x1b[2Je", "a name cannot hold U+001B"),
    ("Zo\u202ee", "a name cannot hold U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("=Zoe", "a name cannot hold a comma, '=' or ';'"),
    ("", "a name cannot be empty or start or end with a space"),
    ("Z" * 41, "a name has at most 40 characters"),
    ("Zoe\u2028", "a name cannot hold U+2028 (LINE SEPARATOR)"),  # at the end: refused, not cut off
]


@pytest.mark.parametrize(("name", "why"), BAD_NAMES)
def test_a_tournament_takes_the_names_new_takes(tmp_path: Path, name: str, why: str) -> None:
    refused = run("new", "--ledger", str(tmp_path / "e.toml"), "--players", f"{name},B,C,D", "-P", "ooe-2023")
    assert refused.exit_code == 2 and why in refused.stderr
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    before = (day / "tournament.toml").read_bytes()
    late = run("tournament", "players", str(day), "add", name)
    assert late.exit_code == 2
    assert late.stderr.startswith("error: PLAYER: ") and why in late.stderr
    assert (day / "tournament.toml").read_bytes() == before
    first = run(
        "tournament", "new", str(tmp_path / "x"), "--players", f"A,{name},C,D", "--rounds", "1",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert first.exit_code == 2
    assert first.stderr.startswith("error: --players: ") and why in first.stderr
    assert not (tmp_path / "x").exists()


def _refused_players_file(tmp_path: Path, text: str) -> tuple[Path, list[str]]:
    """A tournament started from a players file holding ``text``: refused (exit 1), nothing made;
    the file's path and the error lines."""
    names = tmp_path / "n.txt"
    names.write_text(text, encoding="utf-8")
    result = run(
        "tournament", "new", str(tmp_path / "x"), "--players-file", str(names), "--rounds", "1",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert result.exit_code == 1
    assert not (tmp_path / "x").exists()
    return names, result.stderr.splitlines()


def test_a_bad_name_in_the_players_file_is_named_with_its_line(tmp_path: Path) -> None:
    names, errors = _refused_players_file(tmp_path, "Anna\n# late\nZo\x1b[2Je\nDani\nanna\n")
    assert errors == [
        f"error: --players-file: {names}:3: 'Zo\\x1b[2Je': a name cannot hold U+001B",
        f"error: --players-file: {names}:5: 'anna' differs from 'Anna' on line 1 only by case: names are matched in any case",
    ]


def test_a_players_file_refused_is_said_with_every_other_option_refused(tmp_path: Path) -> None:
    # the players file's problem alone was said, the rounds and the profile only in the next run
    names = tmp_path / "n.txt"
    result = run(
        "tournament", "new", str(tmp_path / "x"), "--players-file", str(names), "--rounds", "0",
        "--games", "4", "--profile", "nix", "--format", "schrift",
    )  # fmt: skip
    assert (result.exit_code, result.stdout) == (2, "")
    lines = result.stderr.splitlines()
    assert f"error: --players-file: {names}: no such players file" in lines
    assert "error: --rounds: 0: give the number of rounds, at least 1, e.g. --rounds 3" in lines
    assert any(line.startswith("error: --profile: unknown profile 'nix'") for line in lines), lines
    assert not (tmp_path / "x").exists()


def test_a_name_given_twice_in_the_players_file_is_named_at_both_lines(tmp_path: Path) -> None:
    # A club's list with two members of one name: the organiser needs both lines to tell them apart.
    names, errors = _refused_players_file(tmp_path, "Hans Huber\nAnna Gruber\n# Wels\nHans Huber\n")
    assert errors == [f"error: --players-file: {names}:4: 'Hans Huber' is named already on line 1"]


def test_a_club_s_member_list_saved_with_its_columns_is_refused_once_saying_so(tmp_path: Path) -> None:
    # A spreadsheet's export: a heading and each member's surname, first name and club on a line,
    # between semicolons; the file takes one name a line, and not one line of it is a name.
    rows = ["Nachname;Vorname;Verein", *(f"Huber;{n};TC Linz" for n in ("Anna", "Bert", "Cilli", "Dani"))]
    names, errors = _refused_players_file(tmp_path, "\ufeff" + "\r\n".join(rows) + "\r\n")
    assert errors == [
        f"error: --players-file: {names}: every line holds ';', as a table's columns do "
        "(line 1: 'Nachname;Vorname;Verein'): the file takes one name a line; "
        "save the column of names alone, or each first and last name in one cell",
    ]
    # one name with a comma among names is that name's own mistake, named at its line
    names, errors = _refused_players_file(tmp_path, "Anna\nHuber, Bert\nCilli\nDani\n")
    assert errors == [
        f"error: --players-file: {names}:2: 'Huber, Bert': a name cannot hold a comma, '=' or ';'"
    ]


def test_a_column_of_names_saved_with_its_heading_is_refused_at_the_heading(tmp_path: Path) -> None:
    # A spreadsheet's column of members saved alone keeps its heading on line 1: no player.
    rows = ["Spieler", "Anna", "Bert", "Cilli", "Dani", "Emil", "Fritzi", "Gerti", "Hans"]
    names, errors = _refused_players_file(tmp_path, "\ufeff" + "\r\n".join(rows) + "\r\n")
    assert errors == [
        f"error: --players-file: {names}:1: 'Spieler' is the heading of a column of names, not a "
        "player: delete the line, or write it as a comment (# Spieler)"
    ]


def test_a_players_file_whose_lines_end_in_a_carriage_return_alone_is_read_line_by_line(
    tmp_path: Path,
) -> None:
    # Excel's "CSV (Macintosh)" and old Mac editors end each line with a carriage return alone.
    names = tmp_path / "n.txt"
    names.write_bytes(b"Anna\rBert\rCilli\rDani\rEmil\rFritzi\rGerti\rHans\r")
    result = run(
        "tournament", "new", str(tmp_path / "x"), "--players-file", str(names), "--rounds", "1",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "players: 8" in result.stdout


def test_a_line_separator_in_the_players_file_is_part_of_the_name_it_stands_in(tmp_path: Path) -> None:
    # A file's lines end in "\n" or "\r\n"; U+2028 within a line is a character of that name, and a
    # name cannot hold it (it would not be split into two players, nor cut off).
    names, errors = _refused_players_file(tmp_path, "Anna\r\nBert\u2028Cilli\nDani\nEmil\n")
    assert errors == [
        f"error: --players-file: {names}:2: 'Bert\\u2028Cilli': a name cannot hold U+2028 (LINE SEPARATOR)",
    ]


def test_a_name_new_takes_a_tournament_takes_and_one_in_another_case_is_refused(tmp_path: Path) -> None:
    # A leading + is a name `new --players` takes; its CSV cell is written as text (see above).
    assert (
        run(
            "new", "--ledger", str(tmp_path / "e.toml"), "--players", "+Zoe,B,C,D", "-P", "ooe-2023"
        ).exit_code
        == 0
    )
    day = tmp_path / "d"
    new_day(day, ["Anna", "B", "C", "D"])
    ok("tournament", "players", str(day), "add", "+Zoe")
    # names are matched in any case (as at a table): "anna" would be Anna's second entry
    result = run("tournament", "players", str(day), "add", "anna")
    assert result.exit_code == 1
    assert (
        "error: PLAYER: 'anna' differs from 'Anna' only by case: names are matched in any case"
        in result.stderr
    )
    result = run(
        "tournament", "new", str(tmp_path / "x"), "--players", "Anna,B,C,anna", "--rounds", "1",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert result.exit_code == 2 and "'Anna', 'anna' differ only by case" in result.stderr


def test_a_tournament_file_with_a_bad_name_edited_in_is_refused_naming_the_key(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    path = day / "tournament.toml"
    # every hash worked out again: the day's own rules still refuse the name, at its entry and key
    rewrite_with_hashes(path, lambda d: d["event"][0].update(players=["A", "B", "C", "D\u202e"]))
    result = run("tournament", "draw", str(day), "--round", "1", "--seed", "1")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}:")
    assert "entry 1.players: 'D\\u202e': a name cannot hold U+202E (RIGHT-TO-LEFT OVERRIDE)" in result.stderr


def test_players_at_a_table_without_hands_get_no_place_no_cup_points_and_money_zero(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, [f"N{i}" for i in range(1, 9)])
    played, empty = draw(day, 1, 5)
    winner, *losers = played["players"]
    dreier(played["ledger"], winner)  # the winner +12, each of the other three −4
    idle = sorted(empty["players"])

    rows = json.loads(ok("tournament", "standings", str(day), "-f", "json").stdout)["standings"]
    assert [(r["place"], r["player"], r["total"]) for r in rows] == [
        (1, winner, 12),
        *((2, p, -4) for p in sorted(losers)),
        *((None, p, 0) for p in idle),
    ]
    text = ok("tournament", "standings", str(day)).stdout.splitlines()
    assert text[2].split() == ["1", winner, "12", "T1", "#1", "+12"]
    assert [line.split() for line in text[6:10]] == [["-", p, "0", "T2", "-"] for p in idle]
    table = list(csv.reader(io.StringIO(ok("tournament", "standings", str(day), "-f", "csv").stdout)))
    assert [row[:3] for row in table[5:]] == [["", p, "0"] for p in idle]

    points = tmp_path / "points.toml"
    points.write_text("points = [10, 6, 3]\n", encoding="utf-8")
    cup = json.loads(ok("cup", "standings", str(day), "--points", str(points), "-f", "json").stdout)
    assert [(r["place"], r["player"], r["cup_points"]) for r in cup["standings"]] == [
        (1, winner, 10),
        *((2, p, 6) for p in sorted(losers)),
    ]

    # a day not drawn yet (the wrong folder, or a day to come) was a column of nothing, without a word
    later = tmp_path / "later"
    new_day(later, [f"N{i}" for i in range(1, 9)])
    result = ok("cup", "standings", str(day), str(later), "--points", str(points))
    assert result.stderr.endswith(f"warning: {later}: no round is drawn yet: the day gives no cup points\n")
    german = ok("--lang", "de", "cup", "standings", str(later), "--points", str(points)).stderr
    assert german == f"Warnung: {later}: noch keine Runde ausgelost: der Tag bringt keine Cup-Punkte\n"

    result = ok("tournament", "money", str(day), "-f", "json", "--verbose")
    money = {m["player"]: m for m in json.loads(result.stdout)["money"]}
    assert sorted(money) == sorted([winner, *losers, *idle])
    for p in idle:
        assert money[p] == {"player": p, "schrift": 0, "money_points": 0, "kontra": 0, "amount": "0.00"}
    assert money[winner]["amount"] == "1.20"
    assert "no hands yet; its players are listed with 0" in result.stderr
    assert "not ranked" not in result.stderr


def test_a_day_in_german_leaves_nothing_in_english(tmp_path: Path) -> None:
    day = tmp_path / "d"
    nine = [f"N{i}" for i in range(1, 10)]
    start = ok(
        "--lang", "de", "tournament", "new", str(day), "--players", ",".join(nine), "--rounds", "2",
        "--games", "4", "--profile", "ooe-2023", "--format", "haupt-sub",
    ).stdout  # fmt: skip
    start = unfolded(start)  # its lines folded into 80 columns, read whole
    # the format's title from formats/haupt-sub.toml's title_de; 9 = 4 + 5
    assert (
        "Format:  haupt-sub: Tischrangpunkte 4/2/1/0 je Runde (Hauptpunkte); bei Gleichstand entscheidet "
        "die Schrift (Subpunkte)\n"
    ) in start
    assert "Tische:  1 Vierertisch, 1 Fünfertisch\n" in start
    # 10 = 5 + 5; 12 = 4 + 4 + 4
    tables = ok("--lang", "de", "tournament", "players", str(day), "add", "N10").stdout
    assert tables.endswith("Tische: 2 Fünfertische\n")
    ok("tournament", "players", str(day), "add", "N11")
    tables = ok("--lang", "de", "tournament", "players", str(day), "add", "N12").stdout
    assert tables.endswith("Tische: 3 Vierertische\n")
    ok("tournament", "players", str(day), "drop", "N12")
    ok("tournament", "players", str(day), "drop", "N11")
    ok("tournament", "players", str(day), "drop", "N10")

    seating = unfolded(
        ok("--lang", "de", "tournament", "draw", str(day), "--round", "1", "--seed", "7").stdout
    )
    assert (
        "9 Spieler: 1 Vierertisch (4 Spiele) und 1 Fünfertisch (5 Spiele, der Geber setzt aus).\n" in seating
    )
    assert "; der erste Sitz ist Vorhand im ersten Spiel.\n" in seating
    [four, five] = draw(day, 1, 7)
    dreier(four["ledger"], four["players"][0])
    redraw = run("--lang", "de", "tournament", "draw", str(day), "--round", "1", "--seed", "8")
    assert redraw.exit_code == 1
    assert f"Runde 1 hat schon Spiele: {four['ledger']} (1 Spiel); eine begonnene" in redraw.stderr
    dreier(four["ledger"], four["players"][1])
    dreier(five["ledger"], five["players"][0])
    redraw = run("--lang", "de", "tournament", "draw", str(day), "--round", "1", "--seed", "8")
    assert f": {four['ledger']} (2 Spiele), {five['ledger']} (1 Spiel); eine begonnene" in redraw.stderr
    english = run("tournament", "draw", str(day), "--round", "1", "--seed", "8")
    assert f": {four['ledger']} (2 hands), {five['ledger']} (1 hand); a round" in english.stderr

    text = unfolded(ok("--lang", "de", "tournament", "standings", str(day)).stdout)
    assert text.endswith(
        "Format haupt-sub: Tischrangpunkte 4/2/1/0 je Runde (Hauptpunkte); bei Gleichstand entscheidet die "
        "Schrift (Subpunkte)\nGleichstand: Schrift, Tischränge, beste Runde. Rundenzellen: Tisch, Platz am "
        "Tisch, Schrift dort.\n"
    )
    page = ok("--lang", "de", "tournament", "standings", str(day), "-f", "html").stdout
    assert "<title>Wertung: d</title>" in page and "<h1>Wertung: d</h1>" in page
    assert "Gleichstand: Schrift, Tischränge, beste Runde.</p>" in page
    assert "\nTies: Schrift, table ranks, best round. Round cells:" in unfolded(
        ok("tournament", "standings", str(day)).stdout
    )
    assert "<title>Standings: d</title>" in ok("tournament", "standings", str(day), "-f", "html").stdout


# -- the same output options as `show` ------------------------------------------------------------------------


def _one_table_day(folder: Path) -> list[str]:
    """A day of one table of four and one hand: the first seat wins a Dreier (+12; the three
    others −4 each, level in 2nd place). The seats, in order."""
    new_day(folder, ["A", "B", "C", "D"])
    [table] = draw(folder, 1, 1)
    seats: list[str] = table["players"]
    dreier(table["ledger"], seats[0])
    return seats


def test_json_and_csv_shorthands_print_what_format_prints(tmp_path: Path) -> None:
    day = tmp_path / "d"
    first, *others = _one_table_day(day)
    points = tmp_path / "points.toml"
    points.write_text("points = [10, 6]\n", encoding="utf-8")
    for command in (
        ["tournament", "standings", str(day)],
        ["tournament", "money", str(day)],
        ["cup", "standings", str(day), "--points", str(points)],
    ):
        assert ok(*command, "--json").stdout == ok(*command, "--format", "json").stdout, command
        assert ok(*command, "--csv").stdout == ok(*command, "-f", "csv").stdout, command

    standings = json.loads(ok("tournament", "standings", str(day), "--json").stdout)["standings"]
    assert [(r["place"], r["player"], r["schrift"]) for r in standings] == [
        (1, first, 12),
        *((2, p, -4) for p in sorted(others)),
    ]
    # the stake 0.10 per point: +12 → 1.20, −4 → −0.40 (money by name)
    money = list(csv.reader(io.StringIO(ok("tournament", "money", str(day), "--csv").stdout)))
    assert money[0] == ["player", "schrift", "money_points", "kontra", "amount"]
    assert {row[0]: row[4] for row in money[1:]} == {first: "1.20", **dict.fromkeys(others, "-0.40")}
    # cup points: place 1 → 10, the three level in place 2 → 6 each
    cup = json.loads(ok("cup", "standings", str(day), "--points", str(points), "--json").stdout)
    assert [(r["place"], r["player"], r["cup_points"]) for r in cup["standings"]] == [
        (1, first, 10),
        *((2, p, 6) for p in sorted(others)),
    ]


def test_the_seating_prints_as_csv_one_row_per_seat(tmp_path: Path) -> None:
    # 9 players: 9 mod 4 = 1 table of five, the other four at a table of four (9 = 4 + 5)
    nine = [f"N{i}" for i in range(1, 10)]
    new_day(tmp_path / "a", nine)
    new_day(tmp_path / "b", nine)
    tables = draw(tmp_path / "a", 1, 42)
    # the same seed, the same draw (docs/tournament.md): the CSV of the twin day seats the same
    text = ok("tournament", "draw", str(tmp_path / "b"), "--round", "1", "--seed", "42", "--csv").stdout
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["round", "table", "seat", "player", "ledger"]
    assert rows[1:] == [
        [
            "1",
            str(t["table"]),
            str(seat),
            player,
            str(tmp_path / "b" / "round-1" / f"table-{t['table']}.toml"),
        ]
        for t in tables
        for seat, player in enumerate(t["players"], 1)
    ]
    assert [len(t["players"]) for t in tables] == [4, 5]
    assert len(rows) == 1 + 9


def test_a_format_a_command_does_not_print_is_refused_naming_format(tmp_path: Path) -> None:
    day = tmp_path / "d"
    _one_table_day(day)
    points = tmp_path / "points.toml"
    points.write_text("points = [10, 6]\n", encoding="utf-8")
    for command in (
        ["tournament", "money", str(day)],
        ["cup", "standings", str(day), "--points", str(points)],
    ):
        refused = run(*command, "--format", "html")
        assert refused.exit_code == 2, command
        assert refused.stderr == "error: --format: 'html': this command prints table, json, csv\n"
        assert refused.stdout == ""
    both = run("tournament", "standings", str(day), "--json", "--csv")
    assert both.exit_code == 2 and "give --json or --csv, not both" in both.stderr
    both = run("tournament", "standings", str(day), "-f", "html", "--json")
    assert both.exit_code == 2 and "give --format or --json, not both" in both.stderr


def test_a_draw_in_a_format_it_is_not_printed_in_draws_nothing(tmp_path: Path) -> None:
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    before = (day / "tournament.toml").read_bytes()
    refused = run("tournament", "draw", str(day), "--round", "1", "--format", "html")
    assert refused.exit_code == 2
    assert refused.stderr == "error: --format: 'html': this command prints table, json, csv\n"
    assert (day / "tournament.toml").read_bytes() == before and not (day / "round-1").exists()


def test_a_cup_whose_points_rise_with_the_place_is_refused_naming_the_file_the_key_and_the_values(
    tmp_path: Path,
) -> None:
    # A cup's points fall (or stay) as the place falls: place 2 with 25 over place 1's 20 is a typing slip.
    new_day(tmp_path / "d", ["A", "B", "C", "D"])
    points = tmp_path / "p.toml"
    points.write_text("points = [20, 25, 16]\nbest = 2\n", encoding="utf-8")
    result = run("cup", "standings", str(tmp_path / "d"), "--points", str(points))
    assert result.exit_code == 1
    assert result.stdout == ""
    said = result.stderr
    assert f"{points}.points" in said and "[20, 25, 16]" in said
    assert "place 2" in said and "25" in said and "place 1" in said and "20" in said
    german = run("--lang", "de", "cup", "standings", str(tmp_path / "d"), "--points", str(points))
    assert german.exit_code == 1 and "Platz 2" in german.stderr and "Platz 1" in german.stderr
    # points that stay level from one place to the next are a cup's own choice, and taken
    points.write_text("points = [20, 20, 16, 16]\n", encoding="utf-8")
    ok("cup", "standings", str(tmp_path / "d"), "--points", str(points))


def test_a_format_file_without_a_name_and_title_of_its_own_shows_neither_of_the_format_it_extends(
    tmp_path: Path,
) -> None:
    # docs/tournament.md, Formats: a file of one's own that changed schrift-rang's points to
    # 50/30/10/0 without a name or title began a day shown as "schrift-rang: Schrift plus table rank
    # points 60/40/20/0 per round", another format's name and numbers; it is named after its file,
    # as a profile of one's own is (docs/scoring.md), and has no title but its own
    ours = tmp_path / "ours.toml"
    ours.write_text('extends = "schrift-rang"\n[rank_points]\nfour = [50, 30, 10, 0]\n', encoding="utf-8")
    day = tmp_path / "d"
    begun = run("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "4",
                "--profile", "ooe-2023", "--format", str(ours))  # fmt: skip
    assert begun.exit_code == 0, begun.stderr
    assert "format:  ours\n" in begun.stdout and "60/40/20/0" not in begun.stdout
    [table] = draw(day, 1, 1)
    ok("record", "--ledger", table["ledger"], "--contract", "dreier", "--declarer", "A", "--won")
    shown = ok("tournament", "standings", str(day)).stdout
    assert "\nFormat ours\nTies: table ranks, best round." in shown and "60/40/20/0" not in shown


def test_a_day_begun_with_rank_points_that_rise_is_still_read_as_it_was_begun(tmp_path: Path) -> None:
    # A format file with rising rank points is refused at `tournament new` now; a day an earlier
    # version began with one keeps its format resolved in its file, and is read as it was begun.
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"], fmt="schrift-rang")
    rising = {"four": [10, 30, 50, 0], "five": [60, 45, 30, 15, 0]}
    rewrite_with_hashes(day / "tournament.toml", lambda d: d["event"][0]["format"].update(rank_points=rising))
    ok("tournament", "standings", str(day))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "5 players: 1 of five (5 games, the dealer sits out)."),
        ("de", "5 Spieler: 1 Fünfertisch (5 Spiele, der Geber setzt aus)."),
    ],
)
def test_a_draw_of_tables_of_five_alone_names_no_table_of_four(tmp_path: Path, lang: str, said: str) -> None:
    # five players sit at one table of five: "0 tables of four (4 games) and 1 of five" named a
    # table nobody sits at
    new_day(tmp_path / "d", ["A", "B", "C", "D", "E"])
    drawn = ok("--lang", lang, "tournament", "draw", str(tmp_path / "d"), "-r", "1").stdout
    assert said in drawn.splitlines(), drawn


def test_a_cup_points_file_refused_is_told_at_the_option_that_named_it(tmp_path: Path) -> None:
    # as a profile is at --profile and a format at --format: not found, too large, not TOML, a key
    new_day(tmp_path / "d", ["A", "B", "C", "D"])
    points = tmp_path / "p.toml"
    for text, said in (
        (None, f"{points}: no such cup points file"),
        ("#" * (2 * 2**20), f"{points} is 2.0 MiB, larger than tarockscore reads"),
        ("points = [20, 25\nbest = 2\n", f"{points}:2: not valid TOML"),
        ("points = [20, 16]\nbest = 0\n", f"{points}.best: "),
    ):
        if text is not None:
            points.write_text(text, encoding="utf-8")
        result = run("cup", "standings", str(tmp_path / "d"), "--points", str(points))
        assert result.exit_code == 1 and result.stderr.startswith(f"error: --points: {said}"), result.stderr
    # with a day not found: both said in one run
    result = run("cup", "standings", str(tmp_path / "nix"), "--points", str(points))
    assert result.stderr.splitlines()[0].startswith("error: --points: "), result.stderr
    assert result.stderr.splitlines()[1].startswith(f"error: {tmp_path / 'nix'}: no such folder"), (
        result.stderr
    )


def test_fewer_games_at_a_table_of_five_than_at_four_is_refused_naming_both_options(tmp_path: Path) -> None:
    # At a table of five the dealer sits out each hand, so a table of five plays more games, not
    # fewer (Tiroler Tarockcup: 16 games, 20 at a table of five); --games-five 12 under --games 16
    # is the two limits swapped or mistyped.
    day = tmp_path / "d"
    args = ["--players", "A,B,C,D,E", "--rounds", "1", "--profile", "ooe-2023", "--format", "schrift"]
    result = run("tournament", "new", str(day), *args, "--games", "16", "--games-five", "12")
    assert result.exit_code == 2
    said = result.stderr
    assert "error: --games-five:" in said and "12" in said and "--games 16" in said
    assert not (day / "tournament.toml").exists()
    german = run("--lang", "de", "tournament", "new", str(day), *args, "--games", "16", "--games-five", "12")
    assert german.exit_code == 2 and "--games 16" in german.stderr and "Fünfertisch" in german.stderr
    # as many at five as at four is a day's own choice, and taken
    ok("tournament", "new", str(day), *args, "--games", "16", "--games-five", "16")


def test_a_closed_rounds_table_without_hands_is_said_not_played_not_waiting_for_hands(tmp_path: Path) -> None:
    # round 1 closed with table 2 empty: "no hands yet" would say hands are still to come
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D", "E", "F", "G", "H"])
    first, second = draw(day, 1, 1)
    dreier(first["ledger"], first["players"][0])
    before = run("tournament", "standings", str(day), "-v").stderr
    assert "round 1, table 2" in before and "no hands yet" in before
    ok("tournament", "close-round", str(day), "--round", "1")
    for command, rest in (("standings", "shown but not ranked"), ("money", "its players are listed with 0")):
        said = run("tournament", command, str(day), "-v").stderr
        line = next(w for w in said.splitlines() if "round 1, table 2" in w)
        assert "no hands yet" not in line
        assert "no hands, and its round is closed: it was not played" in line and rest in line
    german = run("--lang", "de", "tournament", "standings", str(day), "-v").stderr
    assert "keine Spiele, und seine Runde ist abgeschlossen: er wurde nicht gespielt" in german


@pytest.mark.parametrize(
    ("lang", "missing"), [("en", "expected '=' after the key"), ("de", "nach dem Schlüssel fehlt '='")]
)
def test_a_broken_day_format_or_cup_file_is_shown_a_line_of_its_own_kind(
    tmp_path: Path, lang: str, missing: str
) -> None:
    # A key that lost its '=' is shown a line of the file's own kind, as a ledger, a profile, a
    # hand file and an alias file are: the day's file (docs/tournament.md, "The folder": every
    # entry has its kind), a format (formats/schrift.toml: total = "schrift") and a cup's points
    # file (docs/tournament.md: best = 2). They were told no example at all.
    day = tmp_path / "cup-day"
    new_day(day, ["A", "B", "C", "D"])
    (day / "tournament.toml").write_text(
        (day / "tournament.toml").read_text(encoding="utf-8") + "kind\n", encoding="utf-8"
    )
    fmt = tmp_path / "mine.toml"
    fmt.write_text('extends = "schrift"\ntitle\n', encoding="utf-8")
    cup = tmp_path / "cup.toml"
    cup.write_text("points = [25, 20]\nbest\n", encoding="utf-8")
    whole = tmp_path / "whole-day"
    new_day(whole, ["A", "B", "C", "D"])
    for command, example in (
        (["tournament", "standings", str(day)], '(kind = "draw")'),
        (["tournament", "new", str(tmp_path / "d2"), "--players", "A,B,C,D", "--rounds", "1",
          "--games", "4", "--profile", "ooe-2023", "--format", str(fmt)], '(total = "schrift")'),
        (["cup", "standings", str(whole), "--points", str(cup)], "(best = 2)"),
    ):  # fmt: skip
        result = run("--lang", lang, *command)
        assert result.exit_code == 1, result.output
        assert f"{missing} {example}" in result.stderr, result.stderr


def test_a_format_whose_table_win_counts_more_at_a_five_than_at_a_four_is_said(tmp_path: Path) -> None:
    # docs/tournament.md's own format sets 50/30/10/0 at a four and inherits schrift-rang's five,
    # 60/45/30/15/0: a win at a table of five would count 60, at a four 50. Said at `new`, where the
    # organiser can still give `five`; the shipped formats give a win the same at both.
    ours = tmp_path / "ours.toml"
    ours.write_text('extends = "schrift-rang"\nname = "ours"\n[rank_points]\nfour = [50, 30, 10, 0]\n')
    begun = ["--players", "A,B,C,D,E,F,G,H,I", "--rounds", "1", "--games", "4", "--profile", "ooe-2023"]
    result = run("tournament", "new", str(tmp_path / "d"), *begun, "--format", str(ours))
    assert result.exit_code == 0
    assert result.stderr == (
        "warning: format ours: a table win counts 50 at a table of four (rank_points.four) but 60 at a"
        " table of five (rank_points.five); give both in the format file if a win should count the same\n"
    )
    for shipped in ("schrift-rang", "haupt-sub", "schrift"):
        assert run("tournament", "new", str(tmp_path / shipped), *begun, "--format", shipped).stderr == ""


def test_a_file_given_for_the_days_folder_is_told_to_give_the_folder(tmp_path: Path) -> None:
    sheet = tmp_path / "some-file.csv"
    sheet.write_text("a,b\n", encoding="utf-8")
    done = run("tournament", "standings", str(sheet))
    assert done.exit_code == 1, done.output
    assert f"error: {sheet} is a file, not a day's folder" in done.stderr, done.stderr
    assert "tournament new" not in done.stderr


def test_a_table_whose_sheet_is_missing_is_named_with_what_the_organiser_does(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day, [f"P{i}" for i in range(8)])
    tables = draw(day, 1, seed=3)
    sheet = day / tables[1]["ledger"]
    sheet.unlink()
    done = run("record", "--ledger", str(sheet), "-c", "rufer", "-d", "1", "-t", "40")
    assert done.exit_code == 1, done.output
    said = done.stderr
    assert f"{sheet}: round 1, table 2 of the day kept in {day}: its sheet is missing" in said, said
    assert "tarockscore new" not in said and f"tarockscore tournament standings {day}" in said


def test_a_name_typed_with_two_spaces_in_a_row_is_the_player_of_one(tmp_path: Path) -> None:
    # names are matched in any case (docs/tournament.md) and a typed name is kept as one types it
    # once, spaces folded: "Hans  Huber" is Hans Huber, not a second player
    day = tmp_path / "day"
    new_day(day, ["Hans Huber", "Bert", "Cilli", "Dani"])
    done = run("tournament", "players", str(day), "add", "Hans  Huber")
    assert done.exit_code == 1 and "'Hans Huber' is already in the tournament" in done.stderr, done.stderr
    other = tmp_path / "other"
    new_day(other, ["Hans  Huber", "Bert", "Cilli", "Dani"])
    kept = (other / "tournament.toml").read_text("utf-8")
    assert "Hans  Huber" not in kept and '"Hans Huber"' in kept


def test_a_days_folder_that_cannot_be_made_is_said_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    day = tmp_path / "notes.txt" / "day"
    done = run("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "4",
               "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    assert done.exit_code == 1, done.output
    assert done.stderr.startswith(f"error: {day}: the day's folder cannot be made ("), done.stderr
    assert "nothing was written" in done.stderr


def test_a_file_where_a_rounds_folder_goes_is_said_without_a_traceback(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day, ["A", "B", "C", "D"])
    (day / "round-1").write_text("x\n", encoding="utf-8")
    before = (day / "tournament.toml").read_bytes()
    done = run("tournament", "draw", str(day), "--round", "1", "--seed", "1")
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    assert done.exit_code == 1, done.output
    assert f"{day / 'round-1'}: round 1's folder cannot be made (" in done.stderr, done.stderr
    assert (day / "tournament.toml").read_bytes() == before


def test_an_empty_folder_argument_is_refused_not_taken_for_this_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `tarockscore tournament new "$DAY" …` with DAY unset must not start a day in the current folder
    monkeypatch.chdir(tmp_path)
    done = run("tournament", "new", "", "--players", "A,B,C,D", "--rounds", "1", "--games", "4",
               "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    assert done.exit_code == 2, done.output
    assert "'' is empty; give the tournament's folder" in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
    assert run("tournament", "standings", "").exit_code == 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_days_prose_fits_80_columns_folded_between_clauses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # new's format line, the draw's count of tables, a paper sheet's result, the standings' format
    # and ties under the table, the money's lines under its own, check's line and a late arrival
    # dropped ran to 82-129 columns; each is folded between its
    # clauses into 80, its later lines indented, and reads back as the one line it was
    monkeypatch.chdir(tmp_path)
    folder = Path("cup")
    names = "Anna,Bert,Cilli,Dani,Emil,Fritzi,Gerti,Hans,Ilse"
    day = [str(folder), "--players", names, "--rounds", "2", "--games", "4", "--games-five", "5"]
    said = [
        ok("--lang", lang, "tournament", "new", *day, "--profile", "ooe-2023", "--format", "schrift").stdout
    ]
    said.append(
        ok("--lang", lang, "tournament", "draw", str(folder), "--round", "1", "--seed", "2026").stdout
    )
    for table in draw(folder, 1, 2026):  # the same seed, the same draw: each table's paper sheet
        points = [f"{p}=-4" for p in table["players"][1:]]
        first = f"{table['players'][0]}={4 * len(points)}"
        result = ["tournament", "result", str(folder), "--round", "1", "--table", str(table["table"])]
        said.append(ok("--lang", lang, *result, first, *points).stdout)
    said += [ok("--lang", lang, "tournament", what, str(folder)).stdout for what in ("standings", "money")]
    said.append(ok("--lang", lang, "tournament", "check", str(folder)).stdout)
    late = "Maximiliane Oberhuber-Wurzinger"
    said += [
        ok("--lang", lang, "tournament", "players", str(folder), how, late).stdout for how in ("add", "drop")
    ]
    for text in said:
        assert max(map(len, text.splitlines())) <= 80, text
    whole = [line for text in said for line in unfolded(text).splitlines()]
    expected = {
        "en": [
            "format:  schrift: Schrift total; ties: the better best round, then the better table ranks (Tiroler Tarockcup 2019)",
            "9 players: 1 table of four (4 games) and 1 of five (5 games, the dealer sits out).",
            "Ties: best round, table ranks. Round cells: table, rank at the table, Schrift there.",
            "Kontras won over the day: 0 points (money points minus Schrift, the winners' side).",
            f"{late}: dropped (their tables so far still count); 9 players in the next draw",
        ],
        "de": [
            "Schriften: cup/round-1/table-K.toml; der erste Sitz ist Vorhand im ersten Spiel.",
            "Gleichstand: beste Runde, Tischränge. Rundenzellen: Tisch, Platz am Tisch, Schrift dort.",
            "Geld: die Schriften haben keinen Einsatz (--stake bei `tournament new` angeben); nur in Punkten gezeigt.",
            f"{late}: gestrichen (die bisherigen Tische zählen weiter); 9 Spieler in der nächsten Auslosung",
        ],
    }
    assert set(expected[lang]) <= set(whole)


def test_a_name_corrected_between_rounds_is_one_player_with_an_alias(tmp_path: Path) -> None:
    """ "Jorg" on the list, played round 1 so; the desk corrects the name before round 2 (drop Jorg,
    add Jörg). The standings had two rows, Jorg's round 1 and Jörg's round 2, and the cup refused
    `--alias Jorg=Jörg` as "both played this tournament". With the alias both commands read the
    two as one player, who played both rounds; two who sat in one round stay two."""
    day = tmp_path / "day"
    new_day(day, ["Anna", "Bert", "Cilli", "Dani", "Emil", "Franz", "Gerti", "Jorg"])
    first = draw(day, 1, 3)
    for t in first:
        dreier(t["ledger"], t["players"][0])  # seat 1 wins a Dreier: +12, the others −4 each
    ok("tournament", "players", str(day), "drop", "Jorg")
    ok("tournament", "players", str(day), "add", "Jörg")
    second = draw(day, 2, 4)
    for t in second:
        dreier(t["ledger"], t["players"][1])  # seat 2 wins

    def schrift(tables: list[dict[str, Any]], name: str, seat: int) -> int:
        return next(12 if t["players"][seat] == name else -4 for t in tables if name in t["players"])

    result = ok("tournament", "standings", str(day), "--alias", "Jorg=Jörg", "--json")
    rows = {r["player"]: r for r in json.loads(result.stdout)["standings"]}
    assert "Jorg" not in rows and [s["round"] for s in rows["Jörg"]["tables"]] == [1, 2]
    assert rows["Jörg"]["schrift"] == schrift(first, "Jorg", 0) + schrift(second, "Jörg", 1)
    # the day's money too: one line for Jörg, his Schrift of both rounds at the stake of 0.10
    money = ok("tournament", "money", str(day), "--alias", "Jorg=Jörg", "--json")
    lines = {r["player"]: r for r in json.loads(money.stdout)["money"]}
    assert "Jorg" not in lines and lines["Jörg"]["schrift"] == rows["Jörg"]["schrift"]
    assert lines["Jörg"]["amount"] == f"{Decimal(rows['Jörg']['schrift']) / 10:.2f}"
    assert run("tournament", "money", str(day), "--alias", "Anna=Bert").exit_code == 2
    points = tmp_path / "cup.toml"
    points.write_text("points = [10, 6]\n", encoding="utf-8")
    cup = ok("cup", "standings", str(day), "--points", str(points), "--alias", "Jorg=Jörg", "--json")
    assert "Jorg" not in cup.stdout and "Jorg" not in cup.stderr
    assert [r["player"] for r in json.loads(cup.stdout)["standings"]].count("Jörg") == 1
    # an alias misspelt is said, as the cup says it, not left aside without a word
    typo = ok("tournament", "standings", str(day), "--alias", "Jrog=Jörg")
    said = "warning: --alias 'Jrog=Jörg': nobody called 'Jrog' played on these days (did you mean 'Jorg'?)"
    assert said in typo.stderr.splitlines()
    two = run("tournament", "standings", str(day), "--alias", "Anna=Bert")
    assert two.exit_code == 2
    said = two.stderr.splitlines()[0]
    assert said.startswith("error: --alias: ") and said.endswith(
        " both played round 1: they are two players; drop that alias"
    )
    assert "'Anna'" in said and "'Bert'" in said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "no round is drawn yet: no table has a sheet to rank or pay from; `tarockscore tournament draw",
        ),
        ("de", "noch keine Runde ausgelost: kein Tisch hat eine Schrift, nach der gereiht oder gezahlt"),
    ],
)
def test_standings_and_money_before_the_first_draw_say_no_round_is_drawn(
    tmp_path: Path, lang: str, said: str
) -> None:
    """Before round 1 is drawn, `standings` and `money` printed the headings of an empty table,
    as if the day had been played by nobody; the JSON's lists stay empty."""
    day = tmp_path / "d"
    new_day(day, ["Anna", "Bert", "Cilli", "Dani"])
    for what in ("standings", "money"):
        out = ok("--lang", lang, "tournament", what, str(day)).stdout
        assert unfolded(out).startswith(said), out
        assert "-----" not in out
        # the day's folder as given, as `new` names it in its next step: no FOLDER to fill in
        assert f"tournament draw {day} --round 1" in unfolded(out)
    assert json.loads(ok("tournament", "standings", str(day), "--json").stdout) == {"standings": []}


def test_a_round_csv_s_problems_are_told_at_from(tmp_path: Path) -> None:
    """As --players-file's and --aliases's: the file's problems at the option that named it."""
    day = tmp_path / "day"
    new_day(day, ["Anna", "Bert", "Cilli", "Dani", "Edi", "Fritz", "Gerti", "Hans"])
    tables = draw(day, 1, 2026)
    a = tables[0]["players"][0]
    given = tmp_path / "r.csv"
    cases = [
        ("name,x\nAnna,1\n", f"error: --from: {given}: the first line must name the columns "),
        (f"round,table,player,schrift\n1,1,{a},abc\n", f"error: --from: {given}:2: schrift: 'abc' is not"),
        (f"round,table,player,schrift\n1,9,{a},3\n", f"error: --from: {given}: round 1, table 9: table: 9: "),
        # a quotation mark left open runs the cell on over every line after it, past the reader's
        # 131,072 characters: named at the line where it opened, not with Python's own words
        (
            f'round,table,player,schrift\n1,1,"{a},3\n' + f"1,1,{a},-1\n" * 20000,
            f"error: --from: {given}:2: a cell of more than 131,072 characters, which no result has: is a "
            "quotation mark left open, so that the cell runs on over the lines after it?\n",
        ),
    ]
    for text, wanted in cases:
        given.write_text(text, encoding="utf-8")
        result = run("tournament", "result", str(day), "--from", str(given))
        assert result.exit_code == 1 and result.stderr.startswith(wanted), (text, result.stderr)
    result = run("tournament", "result", str(day), "--from", str(tmp_path / "none.csv"))
    assert result.stderr == f"error: --from: {tmp_path / 'none.csv'}: no such results file\n"
    result = run("tournament", "result", str(tmp_path / "nix"), "--from", str(given))
    assert result.stderr.startswith(f"error: {tmp_path / 'nix'}: no such folder"), result.stderr


def test_the_draws_csv_with_a_schrift_column_reads_back_names_it_wrote_as_no_formula(tmp_path: Path) -> None:
    """The draw's CSV writes `@A1` as `'@A1`, so that no spreadsheet runs it (machine-output.md, "No
    formulas in CSV"); that file with a column schrift added is a round's results file (tournament.md),
    so the name is read back without the `'`, unless a player is called so, `'` and all. Under ooe-2023 a paper Schrift adds up to 0; the schrift
    format ranks by it [TIR19 7)]."""
    day = tmp_path / "day"
    new_day(day, ["+SUM(1+1)", "-2+3", "@A1", "'-Joe", "Emil", "Fritzi", "Gerti", "Hans"])
    seats = list(csv.DictReader(io.StringIO(ok("tournament", "draw", str(day), "-r", "1", "--csv").stdout)))
    quoted = {"'+SUM(1+1)", "'-2+3", "'@A1", "'-Joe"}
    assert quoted <= {s["player"] for s in seats}
    points = {1: [9, -1, -3, -5], 2: [6, -2, -2, -2]}  # each table's seats in order, adding up to 0
    given = tmp_path / "round-1.csv"
    with given.open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, [*seats[0], "schrift"])
        writer.writeheader()
        writer.writerows({**s, "schrift": points[int(s["table"])][int(s["seat"]) - 1]} for s in seats)
    said = ok("tournament", "result", str(day), "--from", str(given))
    assert "'@A1" not in said.stdout and "'-2+3" not in said.stdout and "'+SUM" not in said.stdout
    rows = {
        r["player"]: r
        for r in csv.DictReader(io.StringIO(ok("tournament", "standings", str(day), "--csv").stdout))
    }
    for s in seats:
        assert rows[s["player"]]["schrift"] == str(points[int(s["table"])][int(s["seat"]) - 1])
    ranked = json.loads(ok("tournament", "standings", str(day), "--json").stdout)["standings"]
    assert {"+SUM(1+1)", "-2+3", "@A1", "'-Joe"} <= {r["player"] for r in ranked}


def test_a_players_file_without_a_name_is_refused_not_a_day_of_no_players(tmp_path: Path) -> None:
    # an empty file (or one of blank lines and comments): the wrong file, or one not saved
    for text in ("", "\n# Anmeldung\n\n"):
        names, errors = _refused_players_file(tmp_path, text)
        assert errors == [f"error: --players-file: {names}: no name in it; write one player's name a line"]


def test_a_players_file_that_is_a_file_of_another_kind_is_named_so_once(tmp_path: Path) -> None:
    # the wrong file picked (last month's tournament.toml, a profile): fifty lines, each a line of
    # TOML refused as a name, then "and 1043 more problems"; said once, as --format says it
    day = tmp_path / "march"
    new_day(day, ["Anna", "Bert", "Cilli", "Dani"])
    for text, kind in (
        ((day / "tournament.toml").read_text(encoding="utf-8"), "a tournament day's file"),
        ((Path(__file__).parent.parent / "profiles" / "pagat.toml").read_text(encoding="utf-8"), "a profile"),
    ):
        names, errors = _refused_players_file(tmp_path, text)
        assert errors == [
            f"error: --players-file: {names}: not a list of names: this is {kind}; write one player's name a line"
        ]


def test_cards_say_every_refused_option_in_one_run(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day, ["Anna", "Bert", "Cilli", "Dani"])
    draw(day, 1, 2026)
    out = tmp_path / "cards.txt"
    result = run("tournament", "cards", str(day), "-r", "1", "-o", str(out), "--base-url", "ftp://x")
    assert (result.exit_code, result.stdout) == (2, "")
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"error: --output '{out}': write .html or .pdf"), lines
    assert lines[1].startswith("error: --base-url: 'ftp://x': give the address the phones reach serve at")
    assert not out.exists()


def test_cup_says_a_format_refused_with_the_points_file_refused(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day, ["Anna", "Bert", "Cilli", "Dani"])
    points = tmp_path / "nix.toml"
    result = run("cup", "standings", str(day), "--points", str(points), "--format", "xml")
    assert (result.exit_code, result.stdout) == (2, "")
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0] == "error: --format: 'xml': this command prints table, json, csv"
    assert lines[1].startswith(f"error: --points: {points}: "), lines


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "{day} is a tournament's folder: `tarockscore tournament standings {day}` shows its standings;",
        ),
        (
            "de",
            "{day} ist der Ordner eines Turniers: `tarockscore tournament standings {day}` zeigt seine Wertung;",
        ),
    ],
)
def test_a_days_folder_given_as_the_ledger_points_to_its_standings(
    tmp_path: Path, lang: str, said: str
) -> None:
    """`show -l DAY` said only "DAY is a folder; give a regular file as the ledger file"."""
    day = tmp_path / "d"
    new_day(day, ["Anna", "Bert", "Cilli", "Dani"])
    result = run("--lang", lang, "show", "-l", str(day))
    assert result.exit_code == 1
    assert said.format(day=day) in unfolded(result.stderr), result.stderr


def test_the_days_standings_and_money_with_long_names_fit_80_columns(tmp_path: Path) -> None:
    """Names of 34 characters (a name may have 40) put `tournament money` at 89 columns (84 in
    German), and the standings of three rounds at 100: where a table would not fit, the names
    wrap between their words."""
    day = tmp_path / "d"
    long = "Maximilian Oberhuber-Schwarzenberg"
    new_day(day, [long, "Bertram Kleinschmidt-Ehrenfeld", "Cilli", "Dani", "Emil", "Fritzi", "Gerti", "Hans"])
    for number in (1, 2, 3):
        draw(day, number, number)
    for command in ("standings", "money"):
        for lang in ("de", "en"):
            lines = ok("--lang", lang, "tournament", command, str(day)).stdout.splitlines()
            assert max(len(line) for line in lines) <= 80, command
    assert "Oberhuber-Schwarzenberg" in [line.strip() for line in lines]  # the English money wraps it


def test_a_cup_with_long_names_fits_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three days of four with names of 34 characters put `cup standings` at 104 columns: the
    names wrap between their words, a double-barrelled one at its hyphen where it must."""
    monkeypatch.chdir(tmp_path)  # each day's column is headed by its folder as given
    players = ["Maximilian Oberhuber-Schwarzenberg", "Bertram Kleinschmidt-Ehrenfeld", "Cilli", "Dani"]
    days = [Path(f"day{n}") for n in (1, 2, 3)]
    for day in days:
        new_day(day, players)
        [table] = draw(day, 1, 1)
        dreier(table["ledger"], "Cilli")
    points = Path("points.toml")
    points.write_text("points = [10, 6, 3]\nbest = 2\n", encoding="utf-8")
    for lang in ("de", "en"):
        lines = ok("--lang", lang, "cup", "standings", *map(str, days), "--points", str(points)).stdout
        assert max(len(line) for line in lines.splitlines()) <= 80, lines


def _files(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


SWAPPED = {
    "en": (
        "error: {one}: round 1, table 1: the sheet seats {b}, whom the draw seated at table 2: it is that "
        "table's sheet (two tables' sheets exchanged?); put it back at {two}, and this table's sheet here"
    ),
    "de": (
        "Fehler: {one}: Runde 1, Tisch 1: die Schrift setzt {b}, die die Auslosung an Tisch 2 gesetzt hat: "
        "es ist die Schrift von Tisch 2 (zwei Schriften vertauscht?); sie nach {two} zurücklegen und die "
        "Schrift dieses Tisches hierher"
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hand_into_a_sheet_swapped_with_another_tables_is_refused_naming_whose_it_is(
    tmp_path: Path, lang: str
) -> None:
    """Two tables' sheets exchanged while the round is open: a hand recorded into table 1's file
    landed on table 2's sheet, and the standings refused both later. Now the hand is refused, the
    sheet named as the table's whose players it seats; close-round refuses to note the swapped
    sheets' heads, and the next draw names them."""
    day = tmp_path / "d"
    new_day(day, [f"N{i}" for i in range(1, 9)])
    first, second = draw(day, 1, 5)
    one, two = Path(first["ledger"]), Path(second["ledger"])
    kept = one.read_bytes()
    one.write_bytes(two.read_bytes())
    two.write_bytes(kept)
    before = _files(day)
    swapped = SWAPPED[lang].format(one=one, two=two, b=", ".join(second["players"]))
    said = {"en": "; nothing was written", "de": "; nichts wurde geschrieben"}[lang]
    result = run("--lang", lang, "record", "--ledger", str(one), "--contract", "dreier",
                 "--declarer", first["players"][0], "--won")  # fmt: skip
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == swapped + said + "\n"
    for command in (["undo"], ["radl", "add"], ["enter"]):  # every change of a sheet, as record's
        result = run("--lang", lang, *command, "--ledger", str(one))
        assert (result.exit_code, result.stderr) == (1, swapped + said + "\n"), command
    paper = [f"{name}={points}" for name, points in zip(first["players"], [12, -4, -4, -4], strict=True)]
    result = run("--lang", lang, "tournament", "result", str(day), "-r", "1", "-t", "1", *paper)
    assert (result.exit_code, result.stderr) == (1, swapped + "\n")  # not "expected the points of …"
    closed = run("--lang", lang, "tournament", "close-round", str(day), "-r", "1")
    assert closed.exit_code == 1 and closed.stderr.splitlines()[0] == swapped
    assert str(two) in closed.stderr.splitlines()[1]  # and table 2's sheet, the other way round
    assert _files(day) == before
    drawn = run("--lang", lang, "tournament", "draw", str(day), "-r", "2", "--seed", "6")
    warned = {"en": "warning: ", "de": "Warnung: "}[lang] + swapped.split(": ", 1)[1]
    assert drawn.exit_code == 0 and warned in drawn.stderr.splitlines()
    assert "cannot all be read" not in drawn.stderr and "nicht alle" not in drawn.stderr


@pytest.mark.parametrize(
    ("lang", "given", "said"),
    [
        (
            "en",
            ["--games", "1001", "--games-five", "1001"],
            [
                "error: --games: 1001: a table plays 1 to 1,000 games in a round",
                "error: --games-five: 1001: a table plays 1 to 1,000 games in a round",
            ],
        ),
        (
            "de",
            ["--games", "999999"],
            ["Fehler: --games: 999999: ein Tisch spielt 1 bis 1.000 Spiele in einer Runde"],
        ),
        (
            "en",
            ["--games", "804"],
            [
                "error: --games: 804: at a table of five --games × 5/4 makes 1005 games, past the 1,000 a table"
                " plays in a round: give --games-five, at most 1,000, or --games at most 800"
            ],
        ),
        (
            "de",
            ["--games", "1000"],
            [
                "Fehler: --games: 1000: an einem Fünfertisch macht --games × 5/4 1250 Spiele, mehr als die"
                " 1.000, die ein Tisch in einer Runde spielt: --games-five angeben, höchstens 1.000, oder"
                " --games höchstens 800"
            ],
        ),
    ],
)
def test_more_games_than_an_evening_holds_are_refused_by_the_writer_as_by_the_reader(
    tmp_path: Path, lang: str, given: list[str], said: list[str]
) -> None:
    """A round at a table is one evening's sheet, and an evening holds at most 1,000 hands (the day's
    reader refuses more, as it refuses more than 100 rounds): a game limit past it at four or at
    five (--games × 5/4 where --games-five is not given) is refused at the option that gives it,
    exit 2, nothing written; the most, 1,000 at both, is written and read back, and a day's file
    edited past it (every hash worked out again) is refused by its reader at its entry and key."""
    day = tmp_path / "d"
    start = ["tournament", "new", str(day), "--players", "A,B,C,D,E", "--rounds", "1"]
    rules = ["--profile", "ooe-2023", "--format", "schrift"]
    result = run("--lang", lang, *start, *given, *rules)
    assert (result.exit_code, unfolded(result.stderr).splitlines()) == (2, said) and not day.exists()
    ok(*start, "--games", "1000", "--games-five", "1000", *rules)
    [table] = draw(day, 1, 1)  # the table of five: its sheet keeps the limit, and reads
    assert tomllib.loads(Path(table["ledger"]).read_text(encoding="utf-8"))["table"]["games"] == 1000
    ok("show", "--ledger", table["ledger"])
    path = day / "tournament.toml"
    rewrite_with_hashes(path, lambda d: d["event"][0].update(games_five=1001))
    result = run("tournament", "standings", str(day))
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {path}:"), result.stderr
    assert "entry 1.games_five: 1001 is above the allowed maximum 1,000" in result.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "error: {two}: round 2, table 1: the sheet seats {names}, whom the draw seated at round 1, "
            "table 1: it is that table's sheet; put it back at {one}, and this table's sheet here; "
            "nothing was written\n",
        ),  # fmt: skip
        (
            "de",
            "Fehler: {two}: Runde 2, Tisch 1: die Schrift setzt {names}, die die Auslosung für Runde 1, "
            "Tisch 1 gezogen hat: es ist die Schrift jenes Tisches; sie nach {one} zurücklegen und die "
            "Schrift dieses Tisches hierher; nichts wurde geschrieben\n",
        ),  # fmt: skip
    ],
)
def test_a_sheet_put_at_a_table_of_another_round_is_refused_by_its_own_header(
    tmp_path: Path, lang: str, said: str
) -> None:
    """Round 1's sheet copied over round 2's at table 1: the header names the round and table the
    draw made it for, so a change is refused without the day's file being read (the store checks
    it under the ledger's lock, for the phones as for the command line)."""
    day = tmp_path / "d"
    new_day(day, ["A", "B", "C", "D"])
    [first] = draw(day, 1, 1)
    one = Path(first["ledger"])
    dreier(str(one), first["players"][0])
    [second] = draw(day, 2, 2)
    two = Path(second["ledger"])
    two.write_bytes(one.read_bytes())
    (day / "tournament.toml").unlink()  # not needed: the sheet's own header says where it belongs
    before = _files(day)
    result = run(
        "--lang", lang, "record", "--ledger", str(two), "-c", "dreier", "-d", first["players"][0], "--won"
    )
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == said.format(one=one, two=two, names=", ".join(first["players"]))
    hand: tarockscore.HandInput = {"contract": "dreier", "declarer": first["players"][0], "won": True}
    with pytest.raises(LedgerError) as refused:  # the library, as the phones record, under the lock
        tarockscore.Evening(two).record(hand, "2026-12-06T20:00:00+00:00")
    assert "put it back at" in str(refused.value.problems[0]) and str(two) == refused.value.problems[0].where
    assert _files(day) == before
    # an evening of its own that happens to be kept as round-1/table-1.toml is no drawn sheet
    own = tmp_path / "home" / "round-1" / "table-1.toml"
    own.parent.mkdir(parents=True)
    ok("new", "-p", "A,B,C,D", "--ledger", str(own))
    dreier(str(own), "A")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: --rounds: 1000000: a tournament has 1 to 100 rounds\n"),
        ("de", "Fehler: --rounds: 1000000: ein Turnier hat 1 bis 100 Runden\n"),
    ],
)
def test_more_rounds_than_a_day_has_are_refused_by_the_writer_as_by_the_reader(
    tmp_path: Path, lang: str, said: str
) -> None:
    day = tmp_path / "d"
    result = run("--lang", lang, "tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1000000",
                 "--games", "4", "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    assert (result.exit_code, result.stderr) == (2, said) and not day.exists()
    ok("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "100", "--games", "4",
       "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip  # the most a day has: taken
    path = day / "tournament.toml"
    rewrite_with_hashes(path, lambda d: d["event"][0].update(rounds=101))  # edited past it: refused
    read = run("--lang", lang, "tournament", "standings", str(day))
    assert read.exit_code == 1 and said.split("--rounds: ")[1].replace("1000000", "101") in read.stderr
    assert "rounds" in read.stderr.split(": 101:")[0]  # at the file's key


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: --round: 3: the tournament has rounds 1 to 2\n"),
        ("de", "Fehler: --round: 3: das Turnier hat die Runden 1 bis 2\n"),
    ],
)
def test_a_round_the_day_does_not_have_is_a_usage_error_naming_its_rounds(
    tmp_path: Path, lang: str, said: str
) -> None:
    day = tmp_path / "d"
    ok("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "2", "--games", "4",
       "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    before = _files(day)
    for command in ("draw", "cards", "close-round"):
        result = run("--lang", lang, "tournament", command, str(day), "-r", "3")
        assert (result.exit_code, result.stderr) == (2, said), command
    result = run(
        "--lang", lang, "tournament", "result", str(day), "-r", "3", "-t", "1", "A=0", "B=0", "C=0", "D=0"
    )
    assert (result.exit_code, result.stderr) == (2, said)
    assert _files(day) == before


def test_names_a_spreadsheet_would_read_as_numbers_are_written_as_text_and_read_back(tmp_path: Path) -> None:
    """OWASP, "CSV Injection" (owasp.org/www-community/attacks/CSV_Injection): a cell beginning with
    =, +, -, @, a tab or a carriage return is run or read by a spreadsheet; a player called +7 or -1
    was written as it is, and read as the number. Every name cell gets the leading apostrophe, in
    every CSV; numbers stay numbers. Dani wins a Dreier under ooe-2023: +12, each other -4 [OÖ23 Tarif]."""
    day = tmp_path / "d"
    names = ["+7", "-1", "@x", "Dani"]
    ok("tournament", "new", str(day), "--players", ",".join(names), "--rounds", "2", "--games", "4",
       "--profile", "ooe-2023", "--format", "schrift", "--stake", "0.10")  # fmt: skip
    seats = list(csv.DictReader(io.StringIO(ok("tournament", "draw", str(day), "-r", "1", "--csv").stdout)))
    assert sorted(s["player"] for s in seats) == ["'+7", "'-1", "'@x", "Dani"]
    ledger = seats[0]["ledger"]
    dreier(ledger, "Dani")

    def cells(*command: str) -> list[list[str]]:
        return list(csv.reader(io.StringIO(ok(*command).stdout)))

    standings = cells("tournament", "standings", str(day), "--csv")
    assert [r[1:3] for r in standings[1:]] == [["Dani", "12"], ["'+7", "-4"], ["'-1", "-4"], ["'@x", "-4"]]
    money = cells("tournament", "money", str(day), "--csv")
    assert [r[:2] for r in money[1:]] == [["'+7", "-4"], ["'-1", "-4"], ["'@x", "-4"], ["Dani", "12"]]
    season = cells("season", ledger, "-f", "csv")
    assert sorted(r[1] for r in season[1:]) == ["'+7", "'-1", "'@x", "Dani"]
    stats = cells("stats", ledger, "-f", "csv")
    assert sorted(r[0] for r in stats[1:]) == ["'+7", "'-1", "'@x", "Dani"]
    sheet = cells("show", "--ledger", ledger, "--csv")
    assert {"'+7", "'-1", "'@x", "Dani"} <= set(sheet[0])
    # round 2's draw as the results file, a column schrift added: the names read back unquoted
    seats = list(csv.DictReader(io.StringIO(ok("tournament", "draw", str(day), "-r", "2", "--csv").stdout)))
    given = tmp_path / "round-2.csv"
    with given.open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, [*seats[0], "schrift"])
        writer.writeheader()
        writer.writerows({**s, "schrift": [12, -4, -4, -4][int(s["seat"]) - 1]} for s in seats)
    ok("tournament", "result", str(day), "--from", str(given))
    ranked = json.loads(ok("tournament", "standings", str(day), "--json").stdout)["standings"]
    assert sorted(r["player"] for r in ranked) == sorted(names)
