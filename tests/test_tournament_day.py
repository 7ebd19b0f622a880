"""The organiser's day through the command line: a named event, table cards, a table on paper,
round control and warnings that help.

Scores are the Dreier of ooe-2023 [OÖ23 Tarif: Dreier 4; zero-sum, the lone player settled three
times over]: won, the declarer +12 and each defender −4. A paper sheet's Schrift is typed as the
table wrote it; under ooe-2023 (zero-sum) it must add up to 0. The schrift format ranks by the
Schrift added over the rounds [TIR19 7)].
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tarockscore.render.cards import cards_html
from tarockscore.web.pages import qr_svg
from tests.stored import unfolded

runner = CliRunner()
EIGHT = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Franz", "Gerti", "Hans"]


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return result


def new_day(day: Path, rounds: int = 2) -> None:
    ok(
        "tournament", "new", str(day), "--players", ",".join(EIGHT), "--rounds", str(rounds),
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift", "--stake", "0.10",
        "--title", "Tiroler Tarockcup, 3. Turnier", "--date", "14.03.2026", "--place", "Gasthof Post",
    )  # fmt: skip


def draw(day: Path, number: int, seed: int) -> tuple[list[dict[str, Any]], Result]:
    result = ok("tournament", "draw", str(day), "--round", str(number), "--seed", str(seed), "--json")
    tables: list[dict[str, Any]] = json.loads(result.stdout)["tables"]
    return tables, result


def dreier(ledger: str, declarer: str) -> Result:
    return ok("record", "--ledger", ledger, "--contract", "dreier", "--declarer", declarer, "--won")


def standings(day: Path, *extra: str) -> tuple[dict[str, dict[str, Any]], Result]:
    result = ok("tournament", "standings", str(day), "-f", "json", *extra)
    return {r["player"]: r for r in json.loads(result.stdout)["standings"]}, result


def test_a_day_with_a_table_on_the_tool_and_one_on_paper(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    (tool, paper), _ = draw(day, 1, 3)

    # the cards: one per table, seat order, Forehand of hand 1 (the first seat), the limit, a grid
    cards = tmp_path / "cards 1 – Runde.html"
    ok("tournament", "cards", str(day), "--round", "1", "-o", str(cards))
    page = cards.read_text(encoding="utf-8")
    assert page.count('<section class="card">') == 2
    assert page.count("Tiroler Tarockcup, 3. Turnier") >= 2 and "Gasthof Post" in page
    seats = "".join(f"<li>{p}</li>" for p in tool["players"])
    assert seats in page
    assert f"Forehand of hand 1: {tool['players'][0]}. Game limit: 4 games." in page
    assert page.count('<td class="game">4</td>') == 2 and '<td class="game">5</td>' not in page

    # table 1 on the tool: three of its four games; the first seat wins each Dreier: +36, −12 each
    for _ in range(3):
        said = dreier(tool["ledger"], tool["players"][0])
    assert "next: hand 4" in said.stdout
    # table 2 on paper: a sum that is not 0 is refused, naming it, and nothing is written
    a, b, c, d = paper["players"]
    before = (day / "tournament.toml").read_bytes()
    result = run(
        "tournament", "result", str(day), "-r", "1", "-t", "2", f"{a}=24", f"{b}=-8", f"{c}=-8", f"{d}=-7"
    )
    assert result.exit_code == 1 and "the points add up to 1, not 0" in result.stderr
    assert (day / "tournament.toml").read_bytes() == before
    ok(
        "tournament",
        "result",
        str(day),
        "-r",
        "1",
        "-t",
        "2",
        f"{a.upper()}=24",
        f"{b}=-8",
        f"{c}=-8",
        f"{d}=-8",
    )
    last = tomllib.loads((day / "tournament.toml").read_text("utf-8"))["event"][-1]
    assert last["kind"] == "result" and last["schrift"][a] == 24
    # a sheet on the tool cannot also take a paper result
    result = run("tournament", "result", str(day), "-r", "1", "-t", "1", *(f"{p}=0" for p in tool["players"]))
    assert result.exit_code == 1 and "already has 3 hands; a table is scored one way" in result.stderr

    rows, result = standings(day)
    assert rows[tool["players"][0]]["schrift"] == 36 and rows[a]["schrift"] == 24
    assert rows[tool["players"][0]]["place"] == 1 and rows[a]["place"] == 2
    assert all(rows[p]["schrift"] == -8 for p in (b, c, d))
    assert all(rows[p]["schrift"] == -12 for p in tool["players"][1:])
    # one table short of its limit: its own line
    assert "round 1, table 1" in result.stderr and "3 of 4 games played" in result.stderr
    page = ok("tournament", "standings", str(day), "-f", "html").stdout
    assert "<h1>Standings: Tiroler Tarockcup, 3. Turnier</h1>" in page
    assert "2026-03-14, Gasthof Post" in page
    german = ok("--lang", "de", "tournament", "standings", str(day), "-f", "html").stdout
    assert "14.03.2026, Gasthof Post" in german
    money = {
        m["player"]: m for m in json.loads(ok("tournament", "money", str(day), "--json").stdout)["money"]
    }
    assert money[a]["amount"] == "2.40" and money[b]["amount"] == "-0.80"

    # round 2 while table 1 of round 1 is short of its limit: said, naming the table and its count
    tables, result = draw(day, 2, 4)
    assert "warning: round 1 is not finished: table 1 (3 of 4)" in result.stderr
    # a round's results from a CSV, every table checked before any is kept
    sheet = io.StringIO()
    out = csv.writer(sheet)
    out.writerow(["round", "table", "player", "schrift"])
    for t in tables:
        for k, p in enumerate(t["players"]):
            out.writerow([2, t["table"], p, 12 if k == 0 else -4])
    results = tmp_path / "round 2.csv"
    results.write_text(sheet.getvalue(), encoding="utf-8")
    ok("tournament", "result", str(day), "--from", str(results))
    rows, _ = standings(day)
    for t in tables:
        assert rows[t["players"][0]]["tables"][-1]["schrift"] == 12

    # a player dropped after the last round is told there is no next round
    result = ok("tournament", "players", str(day), "drop", "Hans")
    assert "warning: all 2 rounds are drawn: there is no next round" in result.stderr


def test_a_table_at_its_limit_is_told_no_next_hand(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    [t, _], _ = draw(day, 1, 3)
    for k in range(4):
        said = dreier(t["ledger"], t["players"][k])
    assert "next: hand" not in said.stdout
    assert "all 4 games of this table are played: no next hand" in said.stdout


def test_unfinished_tables_are_one_warning_line_the_detail_with_verbose(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    draw(day, 1, 3)
    result = ok("tournament", "standings", str(day))
    assert result.stderr == (
        "warning: 2 tables are short of their game limit (round 1: tables 1, 2); --verbose names each\n"
    )
    result = ok("tournament", "money", str(day), "--verbose")
    assert result.stderr.count("warning:") == 2 and "round 1, table 2 (" in result.stderr


def test_a_paper_result_names_a_stranger_and_a_missing_player(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    [t, _], _ = draw(day, 1, 3)
    a, b, c, _d = t["players"]
    result = run(
        "tournament", "result", str(day), "-r", "1", "-t", "1", f"{a}=12", f"{b}=-4", f"{c}=-4", "Zoë=-4"
    )
    assert result.exit_code == 1 and "'Zoë' is not at this table" in result.stderr
    result = run("tournament", "result", str(day), "-r", "1", "-t", "1", f"{a}=8", f"{b}=-4", f"{c}=-4")
    assert result.exit_code == 1 and "missing: the points of" in result.stderr


def test_the_cards_carry_the_qr_code_of_each_tables_address_given(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    draw(day, 1, 3)
    t, drawn = tarockscore.Tournament(day).round_drawn(1)
    address = "http://192.168.1.20:8000/t/r1t2?code=k7m2qz9a"
    page = cards_html(t, drawn, {2: (address, qr_svg(address))})
    first, second = page.split('<section class="card">')[1:]
    assert "<svg" not in first and "No QR code: printed without the server" in first
    assert qr_svg(address) in second and f'<p class="url">{address}</p>' in second


def test_the_cards_go_to_standard_output_with_a_dash_and_never_into_a_file_of_another_kind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `-o -` wrote a file named "-", and `-o cards.png` an HTML page under a PNG's name; as for chart,
    # `-` is standard output and the file's ending says what it holds
    monkeypatch.chdir(tmp_path)
    new_day(Path("day"))
    draw(Path("day"), 1, 3)
    printed = ok("tournament", "cards", "day", "-r", "1", "-o", "-").stdout
    assert printed == ok("tournament", "cards", "day", "-r", "1").stdout and not Path("-").exists()
    refused = run("tournament", "cards", "day", "-r", "1", "-o", "cards.png")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: --output 'cards.png': write .html or .pdf (the file's ending says which), or - for the"
        " page on stdout\n"
    )
    assert not Path("cards.png").exists()
    ok("tournament", "cards", "day", "-r", "1", "-o", "cards.HTM")


def test_a_sheet_changed_after_its_close_is_said_beside_the_one_line_of_short_tables(tmp_path: Path) -> None:
    # Round 1's two tables: table 1 plays 1 hand, table 2 none; the draw of round 2 closes round 1.
    # Table 2 is then scored from its paper sheet after the close. Round 2's two tables have no
    # hands. Short of the limit: round 1 table 1 (1 of 4) and round 2 tables 1 and 2 (0 of 4);
    # round 1 table 2 is scored in full, but changed after its close: said in a line of its own.
    day = tmp_path / "day"
    new_day(day)
    [t1, t2], _ = draw(day, 1, 3)
    dreier(t1["ledger"], t1["players"][0])
    draw(day, 2, 4)
    a, b, c, d = t2["players"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "2", f"{a}=12", f"{b}=-4", f"{c}=-4", f"{d}=-4")
    for command in ("standings", "money"):
        result = ok("tournament", command, str(day))
        assert result.stderr == (
            f"warning: round 1, table 2 ({day}/round-1/table-2.toml): changed after its round was closed (1 entry since);"
            " closing round 1 again notes it\n"
            "warning: 3 tables are short of their game limit (round 1: table 1; round 2: tables 1, 2); --verbose names each\n"
        )
    # `tournament check` says the sheet changed after its close alone, in either language (the
    # table's round: "seiner Runde", as a Tisch is masculine), and how the close takes it in
    said = ok("--lang", "de", "tournament", "check", str(day)).stderr
    assert said == (
        f"Warnung: Runde 1, Tisch 2 ({day}/round-1/table-2.toml): nach dem Abschluss seiner Runde geändert (seither 1 Eintrag);"
        " Runde 1 noch einmal abschließen, um es zu vermerken\n"
    )


def test_tournament_check_and_close_round_say_which_hands_a_repair_covers(tmp_path: Path) -> None:
    # a table's sheet edited outside tarockscore and repaired: `show` says it once, and so does
    # `tournament check`, which said it only with --verbose
    day = tmp_path / "day"
    new_day(day, rounds=1)
    [t1, _t2], _ = draw(day, 1, 3)
    path = Path(t1["ledger"])
    ok("record", "--ledger", str(path), "-c", "dreier", "-d", t1["players"][0], "-t", "40")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("card_points = 40", "card_points = 45", 1), encoding="utf-8")
    ok("repair", "--write", "--ledger", str(path))
    line = f"warning: {path}: a repair entry covers hand 1: changed outside tarockscore, and taken as it was found"
    assert ok("show", "--ledger", str(path)).stderr.splitlines() == [line]
    assert ok("tournament", "check", str(day)).stderr.splitlines() == [line]
    # closing the round reads every sheet to note its head: it says it too, once, before the round
    closed = ok("tournament", "close-round", str(day), "-r", "1").stderr.splitlines()
    assert closed[0] == line and closed.count(line) == 1, closed


def test_the_days_changes_are_said_in_german_where_the_reader_reads_german(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    begun = tarockscore.Tournament(day).head()
    [t1, t2], _ = draw(day, 1, 3)
    a, b, c, d = t2["players"]
    said = unfolded(ok("--lang", "de", "tournament", "result", str(day), "-r", "1", "-t", "2",
                       f"{a}=12", f"{b}=-4", f"{c}=-4", f"{d}=-4").stdout)  # fmt: skip
    assert re.fullmatch(
        rf"Runde 1, Tisch 2: {a} \+12, {b} -4, {c} -4, {d} -4; Kopf der Schrift [0-9a-f]{{12}}\n"
        r"Kopf des Tages [0-9a-f]{12}\n",
        said,
    )
    ok("tournament", "close-round", str(day), "-r", "1")
    ok("tournament", "players", str(day), "add", "Ilse")
    out = ok("--lang", "de", "tournament", "check", str(day), "--head", begun).stdout
    said, listed, since = out.rpartition("Änderungen:\n")  # the changes listed, each indented by two
    assert (
        unfolded(said + listed).splitlines()[1]
        == f"der Tag ist bis zum Kopf {begun} unverändert; seither 4 Änderungen:"
    )
    changes = [line.split("  ", 2)[2] for line in re.sub(r"\n    (?=\S)", " ", since).splitlines()]
    assert changes[0] == "draw: Runde 1, Startwert 3"
    assert re.fullmatch(
        rf"result: Runde 1, Tisch 2: {a} \+12, {b} -4, {c} -4, {d} -4; Kopf der Schrift [0-9a-f]{{12}}",
        changes[1],
    )
    assert re.fullmatch(
        r"close: Runde 1 abgeschlossen: Tisch 1 [0-9a-f]{12}, Tisch 2 [0-9a-f]{12}", changes[2]
    )
    assert changes[3] == "add: Ilse"


def test_a_paper_results_audit_line_reads_in_german_on_the_sheet(tmp_path: Path) -> None:
    # The sheet keeps the English line (docs/ledger-format.md); `show --lang de` reads it in German.
    day = tmp_path / "day"
    new_day(day)
    [t1, _], _ = draw(day, 1, 3)
    a, b, c, d = t1["players"]
    dreier(t1["ledger"], a)
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", f"{a}=12", f"{b}=-4", f"{c}=-4", f"{d}=-4",
       "--replace")  # fmt: skip
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", f"{a}=8", f"{b}=-4", f"{c}=-4", f"{d}=0",
       "--replace")  # fmt: skip
    shown = unfolded(ok("--lang", "de", "show", "-l", t1["ledger"]).stdout)
    audit = [line.split(": ", 1)[1] for line in shown.splitlines() if line.startswith("Protokoll ")]
    points = f"{a} +12, {b} -4, {c} -4, {d} -4"
    assert audit[0] == (
        f"Runde 1, Tisch 1: das Ergebnis von seinem Papierblatt: {points}; es ersetzt die Spiele der Schrift (1)"
    )
    assert re.fullmatch(
        rf"Runde 1, Tisch 1: das Ergebnis von seinem Papierblatt: {a} \+8, {b} -4, {c} -4, {d} 0; "
        rf"es ersetzt das Ergebnis vom \d\d\.\d\d\.\d{{4}} \d\d:\d\d: {re.escape(points)}",
        audit[1],
    )


def test_a_player_added_or_dropped_once_every_round_is_drawn_is_told_there_is_no_next_draw(
    tmp_path: Path,
) -> None:
    day = tmp_path / "day"
    new_day(day, rounds=1)
    draw(day, 1, 3)
    added = ok("tournament", "players", str(day), "add", "Ilse")
    assert added.stdout.splitlines()[0] == "Ilse: added; 9 players"
    assert added.stderr.splitlines() == [  # the round has not begun: drawn again, it seats her
        "warning: the day's 1 round is drawn: there is no next round",
        f"warning: round 1 is drawn and not begun: draw it again to seat Ilse in it (tarockscore tournament draw {day} --round 1)",
    ]
    dropped = ok("tournament", "players", str(day), "drop", "Ilse")
    assert dropped.stdout.splitlines()[0] == "Ilse: dropped (their tables so far still count); 8 players"
    assert dropped.stderr == "warning: the day's 1 round is drawn: there is no next round\n"


def test_check_with_the_days_head_as_it_is_says_no_change_since(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    head = tarockscore.Tournament(day).head()
    said = unfolded(ok("tournament", "check", str(day), "--head", head[:12]).stdout).splitlines()
    assert said[1:] == [f"the day as of head {head[:12]} is unchanged; no change since"]
    said = unfolded(
        ok("--lang", "de", "tournament", "check", str(day), "--head", head[:12]).stdout
    ).splitlines()
    assert said[1:] == [f"der Tag ist bis zum Kopf {head[:12]} unverändert; seither keine Änderung"]


def test_a_redraw_refused_names_the_tables_with_hands_in_their_order(tmp_path: Path) -> None:
    day = tmp_path / "day"
    players = [f"Spieler {i}" for i in range(1, 45)]  # 44 players: 11 tables of four
    ok("tournament", "new", str(day), "--players", ",".join(players), "--rounds", "2", "--games", "4",
       "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    tables, _ = draw(day, 1, 3)
    for k in (10, 2, 11):
        dreier(tables[k - 1]["ledger"], tables[k - 1]["players"][0])
    result = run("tournament", "draw", str(day), "--round", "1", "--seed", "4")
    assert result.exit_code == 1
    named = [int(n) for n in re.findall(r"table-(\d+)\.toml", result.stderr)]
    assert named == [2, 10, 11]


def test_a_round_with_a_paper_result_is_not_redrawn_and_keeps_it(tmp_path: Path) -> None:
    """docs/tournament.md, "The draw": a round that has begun cannot be redrawn. A table scored on
    paper has begun: a redraw would write a new sheet over its result and lose it."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    sheet = Path(tables[0]["ledger"])
    a, b, c, d = tables[0]["players"]
    ok(
        "tournament",
        "result",
        str(day),
        "--round",
        "1",
        "--table",
        "1",
        f"{a}=12",
        f"{b}=-4",
        f"{c}=-4",
        f"{d}=-4",
    )
    before = sheet.read_bytes(), (day / "tournament.toml").read_bytes()
    result = run("tournament", "draw", str(day), "--round", "1", "--seed", "7")
    assert result.exit_code == 1, result.stdout
    assert result.stdout == ""
    assert f"{sheet} (a result from its paper sheet)" in result.stderr
    assert "a round that has begun cannot be redrawn" in result.stderr
    assert (sheet.read_bytes(), (day / "tournament.toml").read_bytes()) == before
    rows, _ = standings(day)
    assert (rows[a]["schrift"], rows[b]["schrift"]) == (12, -4)


def test_the_season_of_a_day_counts_a_paper_tables_money_as_the_days_money_does(tmp_path: Path) -> None:
    """Under ooe-2023 Kontra moves the money alone [OÖ23 Allg. 5]: Fritzi's Dreier won with a Kontra
    writes +12 and -4 each on the Schrift, twice that, +24 and -8, as money points. A table on
    paper without `--money` moved no money past its Schrift (`show`, `settle` and `tournament
    money` say so): Dani +24, the others -8. The season's payout of the day is the same."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    (f, b, g, h), (d, c, e, a) = tables[0]["players"], tables[1]["players"]
    ok("record", "--ledger", tables[0]["ledger"], "-c", "dreier", "-d", f, "--won", "-k", "kontra")
    ok(
        "tournament",
        "result",
        str(day),
        "--round",
        "1",
        "--table",
        "2",
        f"{d}=24",
        f"{c}=-8",
        f"{e}=-8",
        f"{a}=-8",
    )
    money = {
        r["player"]: r["money_points"]
        for r in json.loads(ok("tournament", "money", str(day), "--json").stdout)["money"]
    }
    assert money == {f: 24, b: -8, g: -8, h: -8, d: 24, c: -8, e: -8, a: -8}
    result = ok("season", str(day), "--json")
    season = json.loads(result.stdout)
    assert {s["player"]: s["payout"] for s in season["standings"]} == money
    assert {s["player"]: s["victory_points"] for s in season["standings"]}[d] == 24
    assert not [w for w in season["warnings"] if "payout is known" in w]


def test_the_season_names_a_days_own_file_in_its_folder_for_what_it_is(tmp_path: Path) -> None:
    """docs/season.md: other TOML files in a folder are skipped, each named with what it is; a
    day's `tournament.toml` among them."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    dreier(tables[0]["ledger"], tables[0]["players"][0])
    result = ok("season", str(day))
    said = [line for line in result.stderr.splitlines() if "tournament.toml" in line]
    assert said == [
        f"warning: {day / 'tournament.toml'}: not a ledger: this is a tournament day's file, skipped"
    ]


def test_a_round_csv_saved_by_a_spreadsheet_in_a_german_setting_is_read_alike(tmp_path: Path) -> None:
    """A spreadsheet set to German or Austrian saves CSV with semicolons between the cells (the
    comma is its decimal sign), a byte-order mark and CRLF line ends. A name holds neither a comma
    nor a semicolon, so the file reads the same as one with commas: the table's Schrift is kept."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    a, b, c, d = tables[1]["players"]
    given = tmp_path / "runde-1.csv"
    lines = ["round;table;player;schrift", f"1;2;{a};12", f"1;2;{b};-4", f'1;2;"{c}";-4', f"1;2;{d};-4"]
    given.write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    ok("tournament", "result", str(day), "--from", str(given))
    rows, _ = standings(day)
    assert [rows[p]["schrift"] for p in (a, b, c, d)] == [12, -4, -4, -4]


def test_a_round_csv_with_a_carriage_return_alone_ending_each_line_is_read_alike(tmp_path: Path) -> None:
    """Excel's "CSV (Macintosh)" ends each line with a carriage return alone: the lines are read as
    lines, not refused in the words of Python's reader."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    a, b, c, d = tables[1]["players"]
    given = tmp_path / "runde-1.csv"
    lines = ["round;table;player;schrift", f"1;2;{a};12", f"1;2;{b};-4", f"1;2;{c};-4", f"1;2;{d};-4"]
    given.write_bytes(("\r".join(lines) + "\r").encode("utf-8"))
    ok("tournament", "result", str(day), "--from", str(given))
    rows, _ = standings(day)
    assert [rows[p]["schrift"] for p in (a, b, c, d)] == [12, -4, -4, -4]


def test_a_round_csv_with_german_headings_is_read_as_the_english_ones(tmp_path: Path) -> None:
    """docs/tournament.md: a club keeping its sheet in German heads the columns Runde, Tisch,
    Spieler, Schrift and Geld; they are the columns round, table, player, schrift and money."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    a, b, c, d = tables[1]["players"]
    given = tmp_path / "runde-1.csv"
    lines = [
        "Runde;Tisch;Spieler;Schrift;Geld",
        f"1;2;{a};12;24",
        f"1;2;{b};-4;-8",
        f"1;2;{c};-4;-8",
        f"1;2;{d};-4;-8",
    ]
    given.write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    ok("tournament", "result", str(day), "--from", str(given))
    rows, _ = standings(day)
    assert [rows[p]["schrift"] for p in (a, b, c, d)] == [12, -4, -4, -4]
    money = json.loads(ok("tournament", "money", str(day), "--json").stdout)["money"]
    assert {m["player"]: m["money_points"] for m in money if m["player"] in (a, b)} == {a: 24, b: -8}
    wrong = tmp_path / "falsch.csv"
    wrong.write_text("Runde;Tisch;Spieler;Punkte\n1;2;{a};12\n", encoding="utf-8")
    refused = run("tournament", "result", str(day), "--from", str(wrong))
    assert refused.exit_code == 1
    assert (
        "round,table,player,schrift (and money), or Runde,Tisch,Spieler,Schrift (and Geld)" in refused.stderr
    )


def test_a_round_csv_saved_with_an_empty_column_at_its_end_and_money_first_is_read(tmp_path: Path) -> None:
    """A spreadsheet that saves each line with a separator at its end ("Runde;Tisch;...;") gives an
    empty column with no name: left aside, as the draw's seat and ledger are. The columns are read
    by name, so Geld may come first; a money cell left empty beside a table's money given is named
    by its column as the first line names it."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    a, b, c, d = tables[1]["players"]
    given = tmp_path / "runde-1.csv"
    lines = ["Geld;Runde;Tisch;Spieler;Schrift;", f"24;1;2;{a};12;", f"-8;1;2;{b};-4;", f"-8;1;2;{c};-4;"]
    given.write_text("\n".join([*lines, f";1;2;{d};-4;"]) + "\n", encoding="utf-8")
    refused = run("tournament", "result", str(day), "--from", str(given))
    assert refused.exit_code == 1
    assert f"error: --from: {given}:5: Geld: '' is not a whole number" in refused.stderr, refused.stderr
    given.write_text("\n".join([*lines, f"-8;1;2;{d};-4;"]) + "\n", encoding="utf-8")
    ok("tournament", "result", str(day), "--from", str(given))
    rows, _ = standings(day)
    assert [rows[p]["schrift"] for p in (a, b, c, d)] == [12, -4, -4, -4]


def test_the_draw_s_csv_with_a_schrift_column_added_is_read_back(tmp_path: Path) -> None:
    """docs/tournament.md: the round's seating as `draw --csv` writes it (round, table, seat,
    player, ledger), a column Schrift added in the spreadsheet and saved with semicolons, is a
    round's results: the columns are read by name, seat and ledger left aside."""
    day = tmp_path / "day"
    new_day(day)
    drawn = ok("tournament", "draw", str(day), "--round", "1", "--seed", "2026", "--csv").stdout
    rows = list(csv.reader(io.StringIO(drawn)))
    # each table's Forehand +12, the others -4
    points = ["Schrift"] + ["12" if row[2] == "1" else "-4" for row in rows[1:]]
    lines = [";".join([*row, cell]) for row, cell in zip(rows, points, strict=True)]
    given = tmp_path / "runde-1.csv"
    given.write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    ok("tournament", "result", str(day), "--from", str(given))
    table, _ = standings(day)
    assert {p: table[p]["schrift"] for p in table} == {
        row[3]: 12 if row[2] == "1" else -4 for row in rows[1:]
    }


def test_stats_of_a_day_give_every_player_a_payout_where_one_is_kept(tmp_path: Path) -> None:
    """docs/machine-output.md, `stats`: `payout` is an integer where a profile changes the money
    alone with Kontra (ooe-2023). The statistics count hands played: Fritzi's Dreier won with a
    Kontra pays +24 and -8 each; the players of the table on paper played no hand, so 0, and the
    key is there for them as for the others (the CSV's column has 0 for them too)."""
    day = tmp_path / "day"
    new_day(day)
    tables, _ = draw(day, 1, 2026)
    (f, b, g, h), (d, c, e, a) = tables[0]["players"], tables[1]["players"]
    ok("record", "--ledger", tables[0]["ledger"], "-c", "dreier", "-d", f, "--won", "-k", "kontra")
    ok(
        "tournament",
        "result",
        str(day),
        "--round",
        "1",
        "--table",
        "2",
        f"{d}=24",
        f"{c}=-8",
        f"{e}=-8",
        f"{a}=-8",
    )
    players = json.loads(ok("stats", str(day), "--json").stdout)["players"]
    assert {r["player"]: r.get("payout") for r in players} == {
        f: 24,
        b: -8,
        g: -8,
        h: -8,
        d: 0,
        c: 0,
        e: 0,
        a: 0,
    }
    shown = json.loads(ok("stats", str(day), "--json", "--player", d).stdout)["players"]
    assert [(r["player"], r.get("payout")) for r in shown] == [(d, 0)]


def test_check_lists_the_changes_since_a_head_at_the_readers_clock(tmp_path: Path, monkeypatch: Any) -> None:
    """A day written on a machine whose clock is UTC, checked on the organiser's laptop in Vienna
    (UTC+1 in winter): each change at its local time, as an audit line says it."""
    day = tmp_path / "day"
    started = tarockscore.Tournament.begin(
        day, EIGHT, rounds=2, games=4, profile="ooe-2023", format="schrift", at="2026-03-14T17:00:00+00:00"
    )
    head = started.tournament.head()
    started.tournament.add_player("Ilse", at="2026-03-14T18:02:11+00:00")
    monkeypatch.setenv("TZ", "Europe/Vienna")
    time.tzset()
    try:
        said = ok("tournament", "check", str(day), "--head", head[:12]).stdout.splitlines()
        german = ok("--lang", "de", "tournament", "check", str(day), "--head", head[:12]).stdout.splitlines()
    finally:
        monkeypatch.undo()
        time.tzset()
    assert said[-1] == "  2026-03-14 19:02  add: Ilse"
    assert german[-1] == "  14.03.2026 19:02  add: Ilse"


def test_closing_a_round_of_many_tables_folds_its_heads_into_lines_of_80_columns(tmp_path: Path) -> None:
    """`close-round` of a round of five tables (25 at a cup day) printed every table's head on one
    line of 120 columns (650 at a cup day), where every other line of the day is folded into 80."""
    day = tmp_path / "day"
    players = ",".join(f"P{k:02d}" for k in range(1, 21))
    ok("tournament", "new", str(day), "--players", players, "--rounds", "1", "--games", "4",
       "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    draw(day, 1, 3)
    closed = ok("tournament", "close-round", str(day), "--round", "1").stdout
    assert max(len(line) for line in closed.splitlines()) <= 80
    said = unfolded(closed).splitlines()[0]
    assert said.startswith("round 1 closed: table 1 ") and ", table 5 " in said


def test_closing_a_round_whose_tables_are_short_of_their_limit_says_so(tmp_path: Path) -> None:
    """The desk closing round 2 where it meant round 1, or before a table has played its games, is
    told as the next draw tells it; the close is kept (a table may have ended at the time limit)."""
    day = tmp_path / "day"
    new_day(day)
    (first, second), _ = draw(day, 1, 3)
    for seat in first["players"]:
        dreier(first["ledger"], seat)
    closed = ok("tournament", "close-round", str(day), "--round", "1")
    assert closed.stdout.startswith("round 1 closed: table 1 ")
    assert closed.stderr == "warning: round 1 is not finished: table 2 (0 of 4)\n"
    again = ok("tournament", "close-round", str(day), "--round", "1")
    assert again.stderr == ""  # closed already: nothing written, nothing to say again
    for seat in second["players"]:
        dreier(second["ledger"], seat)
    assert ok("tournament", "close-round", str(day), "--round", "1").stderr == ""
    # round 2 closed as it is drawn (the desk meant round 1): not every table named "(0 of 4)",
    # a line of 25 at a cup day, but the round said not begun, in either language
    draw(day, 2, 4)
    early = ok("tournament", "close-round", str(day), "--round", "2")
    assert early.stderr == (
        "warning: round 2 has not begun: none of its 2 tables has a hand yet; once they have played,"
        " close it again\n"
    )
    again_drawn, _ = draw(day, 2, 5)  # drawn again: its new sheets, closed again
    german = ok("--lang", "de", "tournament", "close-round", str(day), "--round", "2").stderr
    assert german == (
        "Warnung: Runde 2 hat noch nicht begonnen: keiner ihrer 2 Tische hat schon ein Spiel; wenn sie"
        " gespielt haben, sie noch einmal abschließen\n"
    )
    # as it says: the tables played, each is "changed after its round was closed" until it is
    for table in again_drawn:
        for seat in table["players"]:
            dreier(table["ledger"], seat)
    assert (
        "changed after its round was closed (4 entries since)"
        in ok("tournament", "standings", str(day)).stderr
    )
    ok("tournament", "close-round", str(day), "--round", "2")
    assert ok("tournament", "standings", str(day)).stderr == ""


def test_a_player_added_or_dropped_after_a_draw_no_table_has_begun_is_told_to_draw_it_again(
    tmp_path: Path,
) -> None:
    """A late arrival at the door as round 1's draw is posted, or a no-show found at a table before
    the first hand: the change counts from the next draw, so the desk is told that round 1 can be
    drawn again to take it in (and how); once a table has a hand, the next draw is the next round."""
    day = tmp_path / "day"
    new_day(day)
    (first, _second), _ = draw(day, 1, 3)
    added = ok("tournament", "players", str(day), "add", "Ilse")
    assert added.stderr == (
        "warning: round 1 is drawn and not begun: draw it again to seat Ilse in it"
        f" (tarockscore tournament draw {day} --round 1)\n"
    )
    at = next(t["table"] for t in (first, _second) if "Anna" in t["players"])
    dropped = ok("tournament", "players", str(day), "drop", "Anna")
    assert dropped.stderr == (
        f"warning: round 1 is drawn and not begun, with Anna at table {at}: draw it again to seat it"
        f" without them (tarockscore tournament draw {day} --round 1)\n"
    )
    assert "round 1" not in ok("tournament", "players", str(day), "drop", "Ilse").stderr  # at no table
    dreier(first["ledger"], first["players"][0])
    assert ok("tournament", "players", str(day), "add", "Jana").stderr == ""


def test_a_player_is_dropped_by_their_name_in_any_case_as_a_result_names_them(tmp_path: Path) -> None:
    """Names are matched in any case (no two differ only by case): `result` takes `anna=12`, and
    `players drop anna` drops Anna, kept in the day's log as the day spells her."""
    day = tmp_path / "day"
    new_day(day)
    dropped = ok("tournament", "players", str(day), "drop", "anna")
    assert (
        dropped.stdout.splitlines()[0]
        == "Anna: dropped (their tables so far still count); 7 players in the next draw"
    )
    assert tarockscore.Tournament(day).read().dropped == ("Anna",)
    assert "'anna' is not in the tournament" in run("tournament", "players", str(day), "drop", "anna").stderr


def test_closing_a_round_whose_sheet_is_missing_names_it_as_the_standings_do(tmp_path: Path) -> None:
    """A drawn table's sheet moved or deleted: `close-round` said "no ledger here; start the evening
    with `tarockscore new`", advice for an evening, not for a table of the day."""
    day = tmp_path / "day"
    new_day(day)
    (_first, second), _ = draw(day, 1, 3)
    Path(second["ledger"]).unlink()
    missing = (
        f"error: {second['ledger']}: round 1, table 2: the sheet the draw put here is missing (moved or"
        f" deleted?); put it back: the table seated {', '.join(second['players'])}"
    )
    closed = run("tournament", "close-round", str(day), "--round", "1")
    assert closed.exit_code == 1 and closed.stdout == ""
    assert closed.stderr.splitlines() == [
        missing,
        "error: --round: round 1 is not closed: each sheet named above is put right first; nothing was written",
    ]
    assert run("tournament", "standings", str(day)).stderr.splitlines()[0] == missing


def test_a_sheet_missing_when_the_next_draw_closed_its_round_is_said_once_it_is_back(tmp_path: Path) -> None:
    """docs/tournament.md: the draw of the next round notes every table's head where the desk did
    not close the round. A sheet missing then (put back later) had no head noted, and nothing said
    so: a rewrite of it went uncaught. `check` says it until the round is closed again."""
    day = tmp_path / "day"
    new_day(day)
    (_first, second), _ = draw(day, 1, 3)
    sheet = Path(second["ledger"])
    kept = sheet.read_bytes()
    sheet.unlink()
    draw(day, 2, 5)
    sheet.write_bytes(kept)
    unnoted = (
        f"warning: round 1, table 2 ({sheet}): its head was not noted when its round was closed (the"
        " sheet could not be read then); closing round 1 again notes it"
    )
    assert unnoted in ok("tournament", "check", str(day)).stderr.splitlines()
    ok("tournament", "close-round", str(day), "--round", "1")
    assert unnoted not in ok("tournament", "check", str(day)).stderr.splitlines()


def test_a_paper_result_for_a_table_whose_sheet_is_missing_names_the_table(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    (_first, second), _ = draw(day, 1, 3)
    Path(second["ledger"]).unlink()
    given = points_of(second["players"], [12, -4, -4, -4])
    result = run("tournament", "result", str(day), "-r", "1", "-t", "2", *given)
    assert result.exit_code == 1 and "tarockscore new" not in result.stderr
    assert "round 1, table 2: the sheet the draw put here is missing (moved or deleted?)" in result.stderr
    assert not Path(second["ledger"]).exists()


def points_of(players: list[str], values: list[int]) -> list[str]:
    return [f"{p}={v}" for p, v in zip(players, values, strict=True)]


def test_a_day_begun_in_a_folder_with_last_days_sheets_is_not_told_its_round_has_begun(
    tmp_path: Path,
) -> None:
    """Last month's folder copied to begin this month's day, its tournament.toml deleted: the draw
    of round 1 met last month's played sheets and said "round 1 already has hands …; a round that
    has begun cannot be redrawn" of a round never drawn. It names the sheets as another day's."""
    last, day = tmp_path / "march", tmp_path / "april"
    new_day(last)
    (first, _second), _ = draw(last, 1, 3)
    dreier(first["ledger"], first["players"][0])
    shutil.copytree(last, day)
    (day / "tournament.toml").unlink()
    new_day(day)
    before = {p: p.read_bytes() for p in day.rglob("*.toml")}
    result = run("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    assert result.exit_code == 1, result.stderr
    assert result.stderr == (
        f"error: --round: round 1 is not drawn yet, but {day}/round-1 holds sheets played: "
        f"{day}/round-1/table-1.toml (1 hand): another day's? Move them out of the folder; nothing was written\n"
    )
    assert {p: p.read_bytes() for p in day.rglob("*.toml")} == before


def test_a_rounds_folder_given_for_the_day_points_to_the_day(tmp_path: Path) -> None:
    """`tournament draw cup-day/round-1` (the round's folder, where the sheets are) was told "no
    tournament here; start one with `tarockscore tournament new cup-day/round-1 …`": a day inside
    the day. It names the day's folder to give instead, and nothing is written."""
    day = tmp_path / "day"
    new_day(day)
    draw(day, 1, 3)
    for command in (["draw", "--round", "2"], ["standings"], ["close-round", "--round", "1"]):
        result = run("tournament", command[0], str(day / "round-1"), *command[1:])
        assert result.exit_code == 1, result.stderr
        assert result.stderr == f"error: {day}/round-1 is a folder inside the day kept in {day}: give {day}\n"
        assert "tournament new" not in result.stderr
    assert not (day / "round-1" / "tournament.toml").exists()


def test_a_round_not_finished_is_said_in_german_table_by_table(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    (first, _second), _ = draw(day, 1, 3)
    dreier(first["ledger"], first["players"][0])  # begun: each table named (none begun: said so)
    closed = ok("--lang", "de", "tournament", "close-round", str(day), "--round", "1")
    said = "Warnung: Runde 1 ist nicht fertig: Tisch 1 (1 von 4), Tisch 2 (0 von 4)\n"
    assert closed.stderr == said
    drawn = ok("--lang", "de", "tournament", "draw", str(day), "--round", "2", "--seed", "4")
    assert drawn.stderr == said


def test_a_round_the_day_does_not_have_is_named_with_the_days_rounds(tmp_path: Path) -> None:
    # `cards`, `close-round` and `result` said "round 9 is not drawn yet" of a day of 2 rounds,
    # as if it could be; `draw` names the rounds the day has
    day = tmp_path / "day"
    new_day(day)
    draw(day, 1, 3)
    for command in (["cards", str(day), "--round", "9"], ["close-round", str(day), "--round", "3"]):
        result = run("tournament", *command)  # an option out of range: a usage error
        assert result.exit_code == 2
        assert result.stderr.endswith(": the tournament has rounds 1 to 2\n"), result.stderr
    assert "round 2 is not drawn yet" in run("tournament", "cards", str(day), "--round", "2").stderr
