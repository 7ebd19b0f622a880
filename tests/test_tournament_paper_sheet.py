"""A paper table's result kept in the table's own sheet: an entry ``paper`` of the chained log, with
an audit entry, folded into the sheet's totals and ranked like played hands; refused a second time
unless corrected with ``--replace`` (a correcting entry, never a rewrite); a day whose file kept its
paper results (as 0.2.0 wrote them) ranks once converted.

Scores are the Dreier of ooe-2023 [OÖ23 Tarif: Dreier 4; zero-sum, the lone player settled three
times over]: won, the declarer +12 and each defender −4. A paper sheet's Schrift is typed as the
table wrote it; the schrift format ranks by the Schrift added over the rounds [TIR19 7)].
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tarockscore.evening import store as ledger_file
from tarockscore.evening.store import entry_hash, header_hash
from tarockscore.tournament.upgrade import upgrade_day
from tests.stored import unfolded

runner = CliRunner()
OLD_DAYS = Path(__file__).parent / "data" / "old-days"
EIGHT = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Franz", "Gerti", "Hans"]


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return result


def refused(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result


def day_with_round_one(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    day = tmp_path / "day"
    ok(
        "tournament", "new", str(day), "--players", ",".join(EIGHT), "--rounds", "2",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift", "--stake", "0.10",
    )  # fmt: skip
    tables = json.loads(ok("tournament", "draw", str(day), "-r", "1", "--seed", "3", "--json").stdout)[
        "tables"
    ]
    return day, tables


def events(sheet: str) -> list[dict[str, Any]]:
    return list(tomllib.loads(Path(sheet).read_text(encoding="utf-8"))["event"])


def points(players: list[str], values: list[int]) -> list[str]:
    return [f"{p}={v}" for p, v in zip(players, values, strict=True)]


def standings(day: Path) -> dict[str, dict[str, Any]]:
    rows = json.loads(ok("tournament", "standings", str(day), "--json").stdout)["standings"]
    return {r["player"]: r for r in rows}


def test_a_paper_result_is_an_entry_of_the_tables_own_chained_sheet(tmp_path: Path) -> None:
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    before = (day / "tournament.toml").read_bytes()
    said = ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [30, -6, -12, -12]))
    [entry] = events(first["ledger"])
    assert entry["kind"] == "paper"
    assert entry["paper"]["schrift"] == dict(zip(seats, [30, -6, -12, -12], strict=True))
    assert entry["audit"][0]["action"] == "paper"
    # covered by the chain: the sheet's head is the entry's hash, and the day's trace names it
    head = ledger_file.read_trusted(Path(first["ledger"])).head
    assert head == entry["chain"]["hash"]
    assert f"sheet head {head[:12]}" in said.stdout
    assert (day / "tournament.toml").read_bytes() != before
    assert "result" not in tomllib.loads((day / "tournament.toml").read_text(encoding="utf-8"))
    # show: the totals and the audit line; check: the chain holds
    shown = json.loads(ok("show", "--ledger", first["ledger"], "--json").stdout)
    assert shown["totals"] == dict(zip(seats, [30, -6, -12, -12], strict=True))
    assert "the result from its paper sheet" in shown["audit"][0]["detail"]
    ok("check", "--ledger", first["ledger"])
    text = ok("show", "--ledger", first["ledger"]).stdout
    assert "scored from the table's paper sheet" in text and "no hands yet" not in text
    # ranked like played hands; the paper table is finished (no "no hands yet" for it)
    rows = standings(day)
    assert rows[seats[0]]["schrift"] == 30 and rows[seats[0]]["place"] == 1
    assert rows[seats[1]]["schrift"] == -6
    # money: 30 points at 0.10 under zero-sum is 3.00 [OÖ23: each player's total × stake]
    money = {
        m["player"]: m for m in json.loads(ok("tournament", "money", str(day), "--json").stdout)["money"]
    }
    assert money[seats[0]]["amount"] == "3.00" and money[seats[2]]["amount"] == "-1.20"


def test_a_second_result_is_refused_unless_replaced_and_the_correction_is_appended(tmp_path: Path) -> None:
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [12, -4, -4, -4]))
    sheet = Path(first["ledger"])
    text = sheet.read_bytes()
    result = refused("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [24, -8, -8, -8]))
    assert "round 1, table 1 already has a result from its paper sheet" in result.stderr
    assert sheet.read_bytes() == text
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", "--replace", *points(seats, [24, -8, -8, -8]))
    assert sheet.read_bytes().startswith(text)  # appended, never rewritten
    first_entry, correction = events(first["ledger"])
    assert correction["kind"] == "paper" and correction["chain"]["prev"] == first_entry["chain"]["hash"]
    assert "it replaces the result of" in correction["audit"][0]["detail"]
    assert standings(day)[seats[0]]["schrift"] == 24


def test_a_result_typed_in_again_as_the_sheet_holds_it_says_nothing_was_written(tmp_path: Path) -> None:
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [12, -4, -4, -4]))
    files = {p: p.read_bytes() for p in day.rglob("*.toml")}
    again = ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [12, -4, -4, -4]))
    assert again.stdout == "round 1, table 1 holds this result already; nothing was written\n"
    csv = tmp_path / "round-1.csv"
    csv.write_text(
        "round,table,player,schrift\n"
        + "".join(f"1,1,{r}\n" for r in points(seats, [12, -4, -4, -4])).replace("=", ",")
    )
    again = ok("tournament", "result", str(day), "--from", str(csv))
    assert unfolded(again.stdout) == f"every table of {csv} holds its result already; nothing was written\n"
    assert {p: p.read_bytes() for p in day.rglob("*.toml")} == files


def test_a_round_s_csv_corrected_with_replace_corrects_only_the_table_that_changed(tmp_path: Path) -> None:
    """The organiser fixes one table in the round's spreadsheet and reads it in again with
    --replace, as the refusal says: the table that changed gets its correcting entry; the sheet
    that holds its result already is left as it is (no correction of nothing in its log, and no
    "changed after its round was closed" for it)."""
    day, (first, second) = day_with_round_one(tmp_path)
    given = tmp_path / "round-1.csv"

    def write(values: list[int]) -> None:
        rows = ["round,table,player,schrift"]
        rows += [f"1,1,{p},{v}" for p, v in zip(first["players"], [12, -4, -4, -4], strict=True)]
        rows += [f"1,2,{p},{v}" for p, v in zip(second["players"], values, strict=True)]
        given.write_text("\n".join(rows) + "\n", encoding="utf-8")

    write([6, 2, -4, -4])
    ok("tournament", "result", str(day), "--from", str(given))
    ok("tournament", "close-round", str(day), "--round", "1")
    kept = Path(first["ledger"]).read_bytes()
    write([2, 6, -4, -4])
    corrected = ok("tournament", "result", str(day), "--from", str(given), "--replace")
    assert [line.split(":")[0] for line in corrected.stdout.splitlines()[:-1]] == ["round 1, table 2"]
    assert Path(first["ledger"]).read_bytes() == kept
    warned = ok("tournament", "standings", str(day)).stderr
    assert "table 2" in warned and "table 1" not in warned


def test_a_table_scored_already_is_refused_with_the_way_to_correct_it(tmp_path: Path) -> None:
    # docs/tournament.md: a sheet with hands or a paper result "is refused unless the organiser
    # corrects it with --replace"; the refusal says so, and from a CSV it names the file
    day, (first, second) = day_with_round_one(tmp_path)
    ok(
        "record",
        "--ledger",
        first["ledger"],
        "--contract",
        "dreier",
        "--declarer",
        first["players"][0],
        "--won",
    )
    ok("tournament", "result", str(day), "-r", "1", "-t", "2", *points(second["players"], [12, -4, -4, -4]))
    result = refused(
        "tournament", "result", str(day), "-r", "1", "-t", "1", *points(first["players"], [0] * 4)
    )
    assert result.stderr == (
        "error: --table: round 1, table 1: its sheet already has 1 hand; a table is scored one way: "
        "--replace scores it from its paper sheet instead (its log keeps what it replaces)\n"
    )
    result = refused(
        "tournament", "result", str(day), "-r", "1", "-t", "2", *points(second["players"], [0] * 4)
    )
    assert result.stderr == (
        "error: --table: round 1, table 2 already has a result from its paper sheet: "
        "--replace corrects it (its log keeps what it replaces)\n"
    )
    sheet = tmp_path / "round 1.csv"
    rows = [f"1,{t['table']},{p},0" for t in (first, second) for p in t["players"]]
    sheet.write_text("round,table,player,schrift\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = refused("tournament", "result", str(day), "--from", str(sheet))
    assert result.stderr == (  # a round's spreadsheet with a table played at its table: leave it out
        f"error: --from: {sheet}: round 1, table 1: its sheet already has 1 hand, played at the table; leave its "
        "rows out of the file, or --replace scores it from the file instead (its log keeps the hands)\n"
        f"error: --from: {sheet}: round 1, table 2 already has a result from its paper sheet: "
        "--replace corrects it (its log keeps what it replaces)\n"
    )


def test_replace_takes_played_hands_off_the_sheet_and_the_log_keeps_them(tmp_path: Path) -> None:
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    for _ in range(2):
        ok("record", "--ledger", first["ledger"], "--contract", "dreier", "--declarer", seats[0], "--won")
    result = refused("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [0, 0, 0, 0]))
    assert "already has 2 hands; a table is scored one way" in result.stderr
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", "--replace", *points(seats, [8, 0, -4, -4]))
    log = events(first["ledger"])
    assert [e["kind"] for e in log] == ["record", "record", "paper"]
    assert log[-1]["removed"] == [1, 2]
    assert "it replaces the hands on the sheet (1, 2)" in log[-1]["audit"][0]["detail"]
    # two Dreier won by the first seat would be +24; the paper's +8 counts instead
    assert standings(day)[seats[0]]["schrift"] == 8
    # a sheet scored on paper takes no hand
    result = refused(
        "record", "--ledger", first["ledger"], "--contract", "dreier", "--declarer", seats[0], "--won"
    )
    assert "this table's result was taken from its paper sheet, so no hand is recorded on it" in result.stderr
    assert "a correction replaces that result" in result.stderr
    # nor a Radl set by hand (it wrote one, "4 pending", that no hand would ever count)
    before = Path(first["ledger"]).read_bytes()
    result = refused("radl", "add", "--ledger", first["ledger"])
    assert "this table's result was taken from its paper sheet, so no hand is recorded on it" in result.stderr
    assert Path(first["ledger"]).read_bytes() == before
    # nor is a hand of it undone, replaced, deleted or explained: it has none, for a reason
    for command in (
        ("undo",),
        ("replace", "1", "-c", "dreier", "-d", "1", "--won"),
        ("delete", "1"),
        ("explain", "1"),
    ):
        result = refused(*command, "--ledger", first["ledger"])
        assert result.stderr == (
            "error: paper: this table's result was taken from its paper sheet, so no hand is recorded on it;"
            " a correction replaces that result\n"
        ), command
    assert Path(first["ledger"]).read_bytes() == before
    # check says what it checked: the paper's result, not "0 hands re-scored"
    sha = json.loads(ok("show", "--json", "--ledger", first["ledger"]).stdout)["profile"]["sha256"][:12]
    checked = unfolded(ok("check", "--ledger", first["ledger"]).stdout)
    assert (
        checked
        == f"{first['ledger']}: the result taken from its paper sheet holds under ooe-2023 (sha256 {sha})\n"
    )


def test_a_sum_that_is_not_zero_is_refused_naming_it_and_nothing_is_written(tmp_path: Path) -> None:
    day, (first, _second) = day_with_round_one(tmp_path)
    sheet = Path(first["ledger"]).read_bytes()
    result = refused(
        "tournament", "result", str(day), "-r", "1", "-t", "1", *points(first["players"], [12, -4, -4, -3])
    )
    assert "the points add up to 1, not 0: profile 'ooe-2023' is zero-sum" in result.stderr
    assert Path(first["ledger"]).read_bytes() == sheet


def test_a_csv_with_one_bad_table_writes_no_table(tmp_path: Path) -> None:
    day, tables = day_with_round_one(tmp_path)
    rows = ["round,table,player,schrift"]
    for t, values in zip(tables, ([12, -4, -4, -4], [12, -4, -4, -5]), strict=True):
        rows += [f"1,{t['table']},{p},{v}" for p, v in zip(t["players"], values, strict=True)]
    given = tmp_path / "Runde 1.csv"
    given.write_text("\n".join(rows) + "\n", encoding="utf-8")
    before = [Path(t["ledger"]).read_bytes() for t in tables]
    result = refused("tournament", "result", str(day), "--from", str(given))
    assert "round 1, table 2" in result.stderr and "add up to -1, not 0" in result.stderr
    assert [Path(t["ledger"]).read_bytes() for t in tables] == before


POINTS = (
    "is not a whole number: this column holds the table's money points (its Schrift with what the "
    "Kontras moved), not an amount of money; write e.g. 24 or -8"
)


def test_a_csv_s_money_column_left_empty_for_a_table_without_kontra_is_its_schrift(tmp_path: Path) -> None:
    """A round where one table played a Kontra: the spreadsheet's money column is filled for that
    table only. Under ooe-2023 a Kontra moves the money alone [OÖ23 Allg. 5]: table 1's Dreier won
    with a Kontra is +12/-4 on the Schrift and +24/-8 as money points; table 2, with no money
    written, moved no money past its Schrift (as `result` without `--money`)."""
    day, tables = day_with_round_one(tmp_path)
    first, second = tables
    rows = ["round;table;player;schrift;money"]
    rows += [f"1;1;{p};{v};{2 * v}" for p, v in zip(first["players"], [12, -4, -4, -4], strict=True)]
    rows += [f"1;2;{p};{v};" for p, v in zip(second["players"], [6, 2, -4, -4], strict=True)]
    given = tmp_path / "Runde 1.csv"
    given.write_text("\n".join(rows) + "\n", encoding="utf-8")
    ok("tournament", "result", str(day), "--from", str(given))
    money = {
        m["player"]: m["money_points"]
        for m in json.loads(ok("tournament", "money", str(day), "--json").stdout)["money"]
    }
    assert [money[p] for p in first["players"]] == [24, -8, -8, -8]
    assert [money[p] for p in second["players"]] == [6, 2, -4, -4]
    # money left out for one player of a table that gives it for the others is still missing
    rows[-1] = rows[-1].replace(";-4;", ";-4;-4")
    given.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = refused("tournament", "result", str(day), "--from", str(given), "--replace")
    assert result.stderr.splitlines() == [
        f"error: --from: {given}:{n}: money: '' {POINTS}" for n in (6, 7, 8)
    ]
    # money written as euros (a German spreadsheet's 1,50): the column holds points, and says so
    rows = [r.replace("money", "Geld") for r in rows[:5]]
    rows[1] = rows[1].replace(";24", ";1,50")
    given.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = refused("--lang", "de", "tournament", "result", str(day), "--from", str(given), "--replace")
    assert result.stderr == (
        f"Fehler: --from: {given}:2: Geld: '1,50' ist keine ganze Zahl: diese Spalte hält die Geldpunkte des "
        "Tisches (seine Schrift mit dem, was die Kontras bewegt haben), keinen Geldbetrag; z. B. 24 oder -8 "
        "schreiben\n"
    )


def test_a_german_spreadsheet_s_whole_points_with_a_zero_fraction_are_read_whole(tmp_path: Path) -> None:
    """A German spreadsheet formatting the points with decimals saves 12 as 12,0 or 12,00: the same
    whole points. A fraction that is not zero, a Unicode minus or full-width digits stay refused."""
    day, (first, second) = day_with_round_one(tmp_path)
    given = tmp_path / "Runde 1.csv"
    cells = (["12,0", "-4,00", "-4", "-4"], ["6,00", "2,0", "-4,0", "-4,00"])
    rows = ["Runde;Tisch;Spieler;Schrift"]
    rows += [
        f"1;{t};{p};{v}"
        for t, table in enumerate((first, second), 1)
        for p, v in zip(table["players"], cells[t - 1], strict=True)
    ]
    given.write_text("\n".join(rows) + "\n", encoding="utf-8")
    ok("tournament", "result", str(day), "--from", str(given))
    ranked = standings(day)
    assert [ranked[p]["schrift"] for p in first["players"]] == [12, -4, -4, -4]
    assert [ranked[p]["schrift"] for p in second["players"]] == [6, 2, -4, -4]
    for cell in ("12,5", "\u22124", "\uff11\uff12", "12,"):
        rows[1] = rows[1].rsplit(";", 1)[0] + f";{cell}"
        given.write_text("\n".join(rows) + "\n", encoding="utf-8")
        result = refused("tournament", "result", str(day), "--from", str(given), "--replace")
        assert (
            result.stderr
            == f"error: --from: {given}:2: Schrift: {cell!r} is not a whole number; write e.g. 12 or -4\n"
        )


def test_files_saved_in_windows_1252_are_read_so_and_said(tmp_path: Path) -> None:
    # German Excel's "CSV (Trennzeichen-getrennt)" saves Windows-1252: ö is the byte F6, which is no
    # UTF-8. Such a file (not UTF-8, every byte a Windows-1252 character, no control character)
    # is read as Windows-1252, and a warning says so, showing the first line that differs.
    names = tmp_path / "Spieler.csv"
    names.write_bytes("\r\n".join([*EIGHT[:7], "Jörg Müller"]).encode("cp1252"))
    day = tmp_path / "day"
    new = run(
        "tournament", "new", str(day), "--players-file", str(names), "--rounds", "1",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    assert new.exit_code == 0, new.stderr
    assert new.stderr == (
        f"warning: {names}: not UTF-8 text: read as Windows-1252, as a spreadsheet saves CSV unless told "
        "UTF-8; line 8 reads 'Jörg Müller'; where a name reads wrong, save the file as CSV UTF-8\n"
    )
    tables = json.loads(ok("tournament", "draw", str(day), "-r", "1", "--seed", "3", "--json").stdout)[
        "tables"
    ]
    rows = ["Runde;Tisch;Spieler;Schrift"]
    for t in tables:
        rows += [f"1;{t['table']};{p};{v}" for p, v in zip(t["players"], [12, -4, -4, -4], strict=True)]
    given = tmp_path / "Runde 1.csv"
    given.write_bytes("\r\n".join(rows).encode("cp1252"))
    line = next(n for n, r in enumerate(rows, 1) if "Jörg" in r)
    result = ok("tournament", "result", str(day), "--from", str(given))
    assert f"warning: {given}: not UTF-8 text: read as Windows-1252" in result.stderr
    assert f"line {line} reads {rows[line - 1]!r}" in result.stderr
    assert standings(day)["Jörg Müller"]["schrift"] in (12, -4)
    # a UTF-8 file with one line saved otherwise: its UTF-8 lines read wrong, the first one quoted
    said: list[str] = []
    names.write_bytes("Anna\rJörg\r".encode() + "Müller\r".encode("cp1252"))  # old Mac line ends
    assert tarockscore.read_players(names, said.append) == ["Anna", "JÃ¶rg", "Müller"]
    assert [str(s) for s in said] == [
        f"{names}: not UTF-8 text: read as Windows-1252, as a spreadsheet saves CSV unless told UTF-8; "
        "line 2 reads 'JÃ¶rg'; where a name reads wrong, save the file as CSV UTF-8"
    ]
    # a byte Windows-1252 has no character for (0x81), or a control character: no text file
    for bad in (b"\x81", b"\x01"):
        given.write_bytes("\n".join(rows).encode("cp1252").replace(b"\xf6", b"\xf6" + bad, 1))
        refusal = refused("tournament", "result", str(day), "--from", str(given), "--replace")
        assert refusal.stderr == (
            f"error: --from: {given}:{line}: not UTF-8 text (the byte 0xf6 at column {rows[line - 1].index('ö') + 1}); "
            "save it as UTF-8 (a spreadsheet: CSV UTF-8)\n"
        )
    # old Mac line ends (CR alone) are line ends too: the byte is on line 3, the first of its line
    names.write_bytes(b"Anna\rBert\r\x81\r")
    mac = ["tournament", "new", str(tmp_path / "mac"), "--players-file", str(names), "--rounds", "1"]
    refusal = refused(*mac, "--games", "4", "--profile", "ooe-2023", "--format", "schrift")
    assert f"{names}:3: not UTF-8 text (the byte 0x81 at column 1)" in refusal.stderr


def test_a_name_typed_with_two_spaces_is_the_tables_player(tmp_path: Path) -> None:
    # `new` keeps "Hans  Huber" as Hans Huber (docs/tournament.md); a result naming him so, on the
    # command line or in a spreadsheet's cell with a no-break space, was "not at this table"
    day = tmp_path / "day"
    ok(
        "tournament", "new", str(day), "--players", ",".join([*EIGHT[:7], "Hans Huber"]), "--rounds", "1",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift",
    )  # fmt: skip
    tables = json.loads(ok("tournament", "draw", str(day), "-r", "1", "--seed", "3", "--json").stdout)[
        "tables"
    ]
    [(number, seats)] = [(t["table"], t["players"]) for t in tables if "Hans Huber" in t["players"]]
    typed = [p.replace("Hans Huber", "Hans  Huber") for p in seats]
    ok("tournament", "result", str(day), "-r", "1", "-t", str(number), *points(typed, [6, 2, -4, -4]))
    assert standings(day)["Hans Huber"]["schrift"] == [6, 2, -4, -4][seats.index("Hans Huber")]
    given = tmp_path / "round-1.csv"
    rows = [f"1,{number},{p.replace(' ', chr(0xA0))},{v}" for p, v in zip(seats, [-4, -4, 2, 6], strict=True)]
    given.write_text("round,table,player,schrift\n" + "\n".join(rows) + "\n", encoding="utf-8")
    ok("tournament", "result", str(day), "--from", str(given), "--replace")
    assert standings(day)["Hans Huber"]["schrift"] == [-4, -4, 2, 6][seats.index("Hans Huber")]


def test_a_csv_row_short_of_a_cell_names_the_columns_the_file_has(tmp_path: Path) -> None:
    # a row without its money cell in a file whose first line names five columns
    day, _tables = day_with_round_one(tmp_path)
    given = tmp_path / "Runde 1.csv"
    given.write_text("round;table;player;schrift;money\n1;1;Anna;12\n", encoding="utf-8")
    result = refused("tournament", "result", str(day), "--from", str(given))
    assert result.stderr == (
        f"error: --from: {given}:2: '1;1;Anna;12' has 4 of the 5 columns the first line names: round;table;player;schrift;money\n"
    )


def test_a_csv_names_a_stranger_at_its_player_column_and_line(tmp_path: Path) -> None:
    day, tables = day_with_round_one(tmp_path)
    first, second = tables
    a, b, c, d = first["players"]
    rows = ["round,table,player,schrift,money", f"1,1,{a},12,12", f"1,1,{b},-4,-4", "1,1,Zoë,-4,-4"]
    rows += [f"1,1,{c},-4,-4", *(f"1,2,{p},0,0" for p in second["players"])]
    given = tmp_path / "Runde 1.csv"
    given.write_text("\n".join(rows) + "\n", encoding="utf-8")
    # the file's line 4 (its first line the columns) gives Zoë, who is not at table 1; the table's
    # fourth player has no row; said once, not for the schrift and the money each
    result = refused("tournament", "result", str(day), "--from", str(given))
    assert result.stderr == (
        f"error: --from: {given}:4: player: 'Zoë' is not at table 1 of round 1; the table is {a}, {b}, {c}, {d}\n"
    )
    german = refused("--lang", "de", "tournament", "result", str(day), "--from", str(given))
    assert german.stderr == (
        f"Fehler: --from: {given}:4: player: 'Zoë' sitzt in Runde 1 nicht an Tisch 1; am Tisch sitzen {a}, {b}, {c}, {d}\n"
    )
    given.write_text("\n".join(rows[:3] + rows[4:]) + "\n", encoding="utf-8")
    result = refused("tournament", "result", str(day), "--from", str(given))
    assert (
        result.stderr == f"error: --from: {given}: round 1, table 1: player: missing: the points of '{d}'\n"
    )
    german = refused("--lang", "de", "tournament", "result", str(day), "--from", str(given))
    assert (
        german.stderr == f"Fehler: --from: {given}: Runde 1, Tisch 1: player: fehlt: die Punkte von '{d}'\n"
    )


def test_a_day_whose_file_kept_its_paper_results_ranks_once_upgraded(tmp_path: Path) -> None:
    """0.2.0 kept a paper result in tournament.toml ([[result]]): converted to the day's log, it
    ranks as before (tests/data/old-days/README.md: the first seat +12, the others -4)."""
    day = tmp_path / "day"
    shutil.copytree(OLD_DAYS / "day-0.2", day)
    assert "run `tarockscore upgrade" in refused("tournament", "standings", str(day)).stderr
    upgrade_day(day)
    seats = list(tarockscore.Tournament(day).read().draws[0].tables[0].players)
    rows = standings(day)
    assert rows[seats[0]]["schrift"] == 12 and rows[seats[0]]["place"] == 1
    assert [rows[p]["schrift"] for p in seats[1:]] == [-4, -4, -4]
    # such a table already has its result: a new one only with --replace, which the sheet then keeps
    result = refused("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [6, -2, -2, -2]))
    assert "already has a result from its paper sheet" in result.stderr
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", "--replace", *points(seats, [6, -2, -2, -2]))
    assert standings(day)[seats[0]]["schrift"] == 6
    events = tomllib.loads((day / "tournament.toml").read_text(encoding="utf-8"))["event"]
    assert [e["kind"] for e in events] == ["begin", "draw", "result", "result"]
    assert "sheet" in events[2] and "sheet" in events[3]  # converted, the result went into the sheet


# -- the day's chain and the desk's note of each table's head ------------------------------------


def rewrite_with_hashes(sheet: Path, change: Any) -> None:
    """Rewrite a log (a sheet, or the day's file) as an editor who knows the format would: change
    an entry, then work out every hash after it again (docs/ledger-format.md, "The chain"), so the
    file's own check passes."""
    data = tomllib.loads(sheet.read_text(encoding="utf-8"))
    change(data)
    prev = header_hash(data)
    for event in data["event"]:
        event["chain"] = {"prev": prev}
        event["chain"]["hash"] = prev = entry_hash({**event, "chain": {"prev": event["chain"]["prev"]}})
    sheet.write_text(tomli_w.dumps(data), encoding="utf-8")


def test_every_change_prints_the_days_head_and_check_verifies_it(tmp_path: Path) -> None:
    day, (first, _second) = day_with_round_one(tmp_path)
    said = ok("tournament", "players", str(day), "add", "Ida")
    line = next(x for x in said.stdout.splitlines() if x.startswith("day head "))
    head = line.removeprefix("day head ")
    assert len(head) == 12
    checked = ok("tournament", "check", str(day), "--head", head)
    assert checked.stdout.endswith(f"the day as of head {head} is unchanged; no change since\n")
    ok("tournament", "players", str(day), "drop", "Ida")
    checked = ok("tournament", "check", str(day), "--head", head)
    assert "1 change since" in checked.stdout and "drop: Ida" in checked.stdout
    result = refused("tournament", "check", str(day), "--head", "0123456789ab")
    assert "no entry of this day has this head" in result.stderr


def test_a_paper_result_prints_a_zero_as_the_sheet_does(tmp_path: Path) -> None:
    # the sheet's columns print 0 unsigned (the total and payout rows of show): so does the result
    day, (first, _second) = day_with_round_one(tmp_path)
    a, b, c, d = first["players"]
    said = ok(
        "tournament", "result", str(day), "-r", "1", "-t", "1", f"{a}=8", f"{b}=0", f"{c}=-4", f"{d}=-4"
    )
    assert said.stdout.startswith(f"round 1, table 1: {a} +8, {b} 0, {c} -4, {d} -4; sheet head ")
    shown = unfolded(ok("show", "--ledger", first["ledger"]).stdout)
    assert f"the result from its paper sheet: {a} +8, {b} 0, {c} -4, {d} -4\n" in shown
    german = unfolded(ok("--lang", "de", "show", "--ledger", first["ledger"]).stdout)
    assert f"das Ergebnis von seinem Papierblatt: {a} +8, {b} 0, {c} -4, {d} -4\n" in german
    said = ok(
        "--lang", "de", "tournament", "result", str(day), "-r", "1", "-t", "1", "--replace",
        f"{a}=0", f"{b}=0", f"{c}=0", f"{d}=0",
    )  # fmt: skip
    # the correction's line alone, though it is written within the second of the result it corrects
    assert said.stdout.startswith(f"Runde 1, Tisch 1: {a} 0, {b} 0, {c} 0, {d} 0; Kopf der Schrift ")
    assert said.stdout.count("Runde 1, Tisch 1") == 1


def test_a_head_not_in_the_day_prints_no_success_before_its_error(tmp_path: Path) -> None:
    day, _tables = day_with_round_one(tmp_path)
    head = ok("tournament", "check", str(day)).stdout.split("day head ")[1].strip()
    # the day's file and its sheets fit, but the check asked for fails: only the error, naming the
    # day's head for the one written down
    for lang, now in (("en", f"not this file, whose head is {head}\n"), ("de", f"deren Kopf {head} ist\n")):
        result = refused("--lang", lang, "tournament", "check", str(day), "--head", "0123456789ab")
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1 and result.stderr.endswith(now)


def test_a_sheet_rewritten_after_its_round_was_closed_is_caught_naming_the_table(tmp_path: Path) -> None:
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    ok("record", "--ledger", first["ledger"], "--contract", "dreier", "--declarer", seats[0], "--won")
    closed = ok("tournament", "close-round", str(day), "-r", "1")
    head = ledger_file.read_trusted(Path(first["ledger"])).head
    assert f"table 1 {head[:12]}" in closed.stdout
    # the hand given to another declarer, its points to match (+12 and −4 each, OÖ23 Tarif), every
    # hash worked out again: the sheet's own check passes
    won = {p: 12 if p == seats[1] else -4 for p in seats}

    def another_declarer(d: dict[str, Any]) -> None:
        hand = d["event"][0]["hand"][0]
        hand["entry"]["declarer"] = seats[1]
        hand["result"]["victory_points"] = won
        if "payout" in hand["result"]:
            hand["result"]["payout"] = won

    rewrite_with_hashes(Path(first["ledger"]), another_declarer)
    ok("check", "--ledger", first["ledger"])
    result = refused("tournament", "standings", str(day))
    assert "round 1, table 1: the sheet was rewritten after its round was closed" in result.stderr
    result = refused("tournament", "check", str(day))
    assert "round 1, table 1: the sheet was rewritten after its round was closed" in result.stderr


def test_drawing_the_next_round_notes_each_tables_head_and_a_later_correction_is_said(tmp_path: Path) -> None:
    day, (first, second) = day_with_round_one(tmp_path)
    ok(
        "record",
        "--ledger",
        first["ledger"],
        "--contract",
        "dreier",
        "--declarer",
        first["players"][0],
        "--won",
    )
    ok("tournament", "draw", str(day), "-r", "2", "--seed", "4")
    events = tomllib.loads((day / "tournament.toml").read_text(encoding="utf-8"))["event"]
    close, drawn = events[-2:]
    assert close["kind"] == "close" and drawn["kind"] == "draw"
    assert close["heads"] == {
        t["ledger"].removeprefix(f"{day}/"): ledger_file.read_trusted(Path(t["ledger"])).head
        for t in (first, second)
    }
    ok("undo", "--ledger", first["ledger"])  # a correction after the close: appended, so said, not refused
    result = ok("tournament", "standings", str(day), "--verbose")
    assert (
        "round 1, table 1" in result.stderr
        and "changed after its round was closed (1 entry since)" in result.stderr
    )


def test_a_paper_result_read_back_from_the_kept_fold_is_the_same_sheet(tmp_path: Path) -> None:
    day, tables = day_with_round_one(tmp_path)
    first = tables[0]
    seats = first["players"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [30, -6, -12, -12]))
    # the first read folds the whole log and keeps the fold; the second takes the kept fold
    reads = [json.loads(ok("show", "--ledger", first["ledger"], "--json").stdout) for _ in range(2)]
    assert reads[0] == reads[1]
    assert reads[1]["totals"] == dict(zip(seats, [30, -6, -12, -12], strict=True))
    assert "scored from the table's paper sheet" in ok("show", "--ledger", first["ledger"]).stdout


def test_a_name_typed_twice_with_two_values_is_refused_not_the_last_one_kept(tmp_path: Path) -> None:
    # The Schrift typed from the paper sheet names a player twice (the first seat's points typed
    # again at the end): the last value was kept without a word, the 30 lost. Refused as a
    # repeated `--points` is, naming both values; the same value twice is one.
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    sheet = Path(first["ledger"]).read_bytes()
    typed = [*points(seats, [30, -6, -12, -12]), f"{seats[0]}=12"]
    result = run("tournament", "result", str(day), "-r", "1", "-t", "1", *typed)
    assert result.exit_code == 2 and Path(first["ledger"]).read_bytes() == sheet, result.stderr
    assert f"error: NAME=POINTS: '{seats[0]}' is given twice, '30' and '12'" in result.stderr
    money = [f"--money={m}" for m in points(seats, [30, -6, -12, -12])]
    result = run(
        "tournament", "result", str(day), "-r", "1", "-t", "1", *typed[:4], *money, f"--money={seats[1]}=6"
    )
    assert (
        result.exit_code == 2
        and f"error: --money: '{seats[1]}' is given twice, '-6' and '6'" in result.stderr
    )
    again = [*points(seats, [30, -6, -12, -12]), f"{seats[0]}=30"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *again)
    assert [e["paper"]["schrift"] for e in events(first["ledger"])] == [
        dict(zip(seats, [30, -6, -12, -12], strict=True))
    ]


def test_money_typed_once_before_every_players_points_says_to_repeat_it(tmp_path: Path) -> None:
    # docs/tournament.md: "each player NAME=POINTS, with --money NAME=POINTS …". An organiser types
    # the money as the Schrift, `--money A=24 B=-8 C=-8 D=-8`: the option takes only the first, the
    # rest join the Schrift and the players are "given twice". The refusal says to repeat --money.
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    typed = [*points(seats, [12, -4, -4, -4]), "--money", *points(seats, [24, -8, -8, -8])]
    result = run("tournament", "result", str(day), "-r", "1", "-t", "1", *typed)
    assert result.exit_code == 2, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"error: NAME=POINTS: '{seats[1]}' is given twice, '-4' and '-8'")
    assert all(line.endswith("--money takes one NAME=POINTS: repeat it for each player") for line in lines)
    german = run("--lang", "de", "tournament", "result", str(day), "-r", "1", "-t", "1", *typed).stderr
    assert "--money" in german and "take" not in german


def test_stats_of_a_round_on_paper_count_no_hands_and_name_every_players_payout(tmp_path: Path) -> None:
    # docs/machine-output.md, `stats`: Victory Points are those of the hands played (a sheet from
    # paper has none, as the warning says; `season` adds its Schrift), and `payout` is there for
    # every player where a profile moves the money alone with Kontra (ooe-2023), 0 for one who
    # sat only at tables scored on paper. Over a round scored on paper alone the key was missing.
    day, (first, second) = day_with_round_one(tmp_path)
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(first["players"], [30, -6, -12, -12]))
    ok("tournament", "result", str(day), "-r", "1", "-t", "2", *points(second["players"], [12, -4, -4, -4]))
    rows = json.loads(ok("stats", str(day), "--json").stdout)["players"]
    assert {(r["player"], r["hands"], r["victory_points"], r.get("payout")) for r in rows} == {
        (p, 0, 0, 0) for p in EIGHT
    }
    season = json.loads(ok("season", str(day), "--json").stdout)["standings"]
    assert {r["player"]: r["victory_points"] for r in season}[first["players"][0]] == 30
    doc = (Path(__file__).parent.parent / "docs" / "machine-output.md").read_text(encoding="utf-8")
    stats = " ".join(doc.split("## `stats`")[1].split("## `chart`")[0].split())
    assert "| `victory_points` | integer | the total of the hands played" in stats


def test_show_csv_of_a_sheet_from_paper_is_its_header_and_the_page_says_where_the_schrift_is(
    tmp_path: Path,
) -> None:
    # A script folding `show --csv` sheet by sheet found nothing of a table scored on paper: the
    # CSV has a row per hand and the sheet has none. docs/machine-output.md now says so and where
    # its Schrift is (show --json's totals, season), as the table shows it on its total line.
    day, (first, _second) = day_with_round_one(tmp_path)
    seats = first["players"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [30, -6, -12, -12]))
    rows = ok("show", "--ledger", first["ledger"], "--csv").stdout.splitlines()
    assert rows == [
        "hand,dealer,forehand,contract,declarer,partner,won,radl,"
        + ",".join([*seats, *(f"{p} total" for p in seats)])
    ]
    doc = (Path(__file__).parent.parent / "docs" / "machine-output.md").read_text(encoding="utf-8")
    section = " ".join(doc.split("`show --csv` columns")[1].split("## `explain")[0].split())
    assert (
        "A table scored from its paper sheet (`tournament result`) has no hands: its CSV is the header alone"
        in section
    )
