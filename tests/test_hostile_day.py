"""The organiser's day tried as a hostile or unlucky organiser would: paper results out of bounds or
rewritten by hand with their hashes worked out again, a round's CSV with a row twice or no rows,
``--replace`` of a table that has nothing, a round closed twice, a malformed ``--head``. Each is
refused or said through the real CLI, without a traceback, and the day's files stay byte for byte
where nothing was to change.

The day is played under ooe-2023, which settles zero-sum [OÖ23 via HT §7.1]: the Schrift of a
table adds up to 0, so +12 for one player is −4 for each of the three others (a Dreier won,
[OÖ23 Tarif: Dreier 4], the lone player settled three times over).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tests.test_tournament_paper_sheet import rewrite_with_hashes

runner = CliRunner()
EIGHT = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Franz", "Gerti", "Hans"]
HUGE = "9" * 5000  # more digits than Python turns into text (4,300)


def run(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert (
        "Traceback" not in result.stderr
        and result.exception is None
        or isinstance(result.exception, SystemExit)
    ), result.stderr
    return result


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return result


def refused(code: int, *args: str) -> Result:
    result = run(*args)
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result


def files_of(day: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(day.rglob("*")) if p.is_file() and p.suffix == ".toml"}


def new_day(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    day = tmp_path / "day"
    ok(
        "tournament", "new", str(day), "--players", ",".join(EIGHT), "--rounds", "2",
        "--games", "4", "--profile", "ooe-2023", "--format", "schrift", "--stake", "0.10",
    )  # fmt: skip
    drawn = json.loads(ok("tournament", "draw", str(day), "-r", "1", "--seed", "3", "--json").stdout)
    return day, drawn["tables"]


def points(players: list[str], values: list[str | int]) -> list[str]:
    return [f"{p}={v}" for p, v in zip(players, values, strict=True)]


def csv_rows(table: dict[str, Any], values: list[str | int]) -> list[str]:
    return [f"1,{table['table']},{p},{v}" for p, v in zip(table["players"], values, strict=True)]


# -- points no paper sheet holds ------------------------------------------------------------------


def test_points_out_of_bounds_are_refused_naming_the_player_and_the_bound(tmp_path: Path) -> None:
    day, (first, _second) = new_day(tmp_path)
    seats = first["players"]
    before = files_of(day)
    # zero-sum, yet 10^30 at 0.10 a point is more than any money can show
    result = refused(
        1, "tournament", "result", str(day), "-r", "1", "-t", "1",
        *points(seats, [10**30, -(10**30), 0, 0]),
    )  # fmt: skip
    assert f"NAME=POINTS: {seats[0]}: a number of 31 digits: the points" in result.stderr
    assert "whole numbers from -1000000 to 1000000" in result.stderr
    result = refused(
        1, "tournament", "result", str(day), "-r", "1", "-t", "1",
        *points(seats, [12345678901234567890, -12345678901234567890, 0, 0]),
    )  # fmt: skip
    assert f"{seats[0]}: 12345678901234567890: the points of a paper sheet" in result.stderr
    # more digits than Python turns into text: named by its length, never a conversion error
    result = refused(
        1, "tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [HUGE, 0, 0, 0])
    )
    assert f"{seats[0]}: a number of 5000 digits: the points of a paper sheet" in result.stderr
    given = tmp_path / "round.csv"
    given.write_text("\n".join(["round,table,player,schrift", *csv_rows(first, [HUGE, 0, 0, 0])]) + "\n")
    result = refused(1, "tournament", "result", str(day), "--from", str(given))
    assert "a number of 5000 digits" in result.stderr and "too large to show" not in result.stderr
    assert files_of(day) == before


@pytest.mark.parametrize(
    ("column", "values", "said"),
    [
        ("schrift", [20, -4, -4, -4], "schrift: the points add up to 8, not 0"),
        ("money", [13, -4, -4, -4], "money: the points add up to 1, not 0"),
        ("schrift", [10**30, -(10**30), 0, 0], "the points of a paper sheet are whole numbers from"),
    ],
)
def test_a_paper_entry_rewritten_with_its_hashes_is_not_ranked(
    tmp_path: Path, column: str, values: list[int], said: str
) -> None:
    day, (first, _second) = new_day(tmp_path)
    seats = first["players"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [12, -4, -4, -4]))
    sheet = Path(first["ledger"])

    def forged(data: dict[str, Any]) -> None:
        data["event"][-1]["paper"][column] = dict(zip(seats, values, strict=True))

    rewrite_with_hashes(sheet, forged)
    for command in ("standings", "money", "check"):
        result = refused(1, "tournament", command, str(day))
        assert said in result.stderr, result.stderr
        assert "round 1, table 1: the sheet's result from its paper sheet breaks these rules" in result.stderr


def test_a_paper_result_rewritten_within_the_rules_disagrees_with_the_days_note(tmp_path: Path) -> None:
    # +12 −4 −4 −4 turned into −12 +4 +4 +4 (still zero-sum), every hash of the sheet worked out
    # again, before the round is closed: `check` said the day "fits" and the standings ranked it
    day, (first, _second) = new_day(tmp_path)
    seats = first["players"]
    said = ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [12, -4, -4, -4]))
    head = said.stdout.split("sheet head ")[1][:12]
    sheet = Path(first["ledger"])
    kept = sheet.read_bytes()

    def forged(data: dict[str, Any]) -> None:
        data["event"][-1]["paper"]["schrift"] = dict(zip(seats, [-12, 4, 4, 4], strict=True))

    rewrite_with_hashes(sheet, forged)
    ok("check", "--ledger", str(sheet))  # the sheet's own chain and rules hold
    for command in ("standings", "money", "check"):
        result = refused(1, "tournament", command, str(day))
        assert not result.stdout
        assert result.stderr == (
            f"error: {sheet}: round 1, table 1: the sheet was rewritten after its result from its paper "
            f"sheet was noted in the day's log: its head then, {head}, is not in its chain; it is not ranked\n"
        )
    german = refused(1, "--lang", "de", "tournament", "standings", str(day)).stderr
    assert f"im Protokoll des Tages festgehalten wurde: ihr damaliger Kopf {head} ist nicht" in german
    # the day's note rewritten instead, the sheet left as it was: the two disagree
    sheet.write_bytes(kept)
    rewrite_with_hashes(
        day / "tournament.toml",
        lambda d: d["event"][-1]["schrift"].update(dict(zip(seats, [-12, 4, 4, 4], strict=True))),
    )
    ok("check", "--ledger", str(sheet))
    result = refused(1, "tournament", "check", str(day))
    assert result.stderr == (
        f"error: {sheet}: round 1, table 1: the day's log notes another result from its paper sheet than "
        f"the sheet held then ({head}): one of the two was edited by hand; it is not ranked\n"
    )


def test_two_tables_sheets_swapped_in_a_closed_round_are_named_by_whom_they_seat(tmp_path: Path) -> None:
    # each was said "rewritten after its round was closed", which sends the organiser looking for an
    # edit; the sheets seat each other's players, which says the two were swapped
    day, (first, second) = new_day(tmp_path)
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(first["players"], [12, -4, -4, -4]))
    ok("tournament", "result", str(day), "-r", "1", "-t", "2", *points(second["players"], [-12, 4, 4, 4]))
    ok("tournament", "close-round", str(day), "-r", "1")
    one, two = Path(first["ledger"]), Path(second["ledger"])
    kept = one.read_bytes()
    one.write_bytes(two.read_bytes())
    two.write_bytes(kept)
    before = files_of(day)
    a, b = ", ".join(first["players"]), ", ".join(second["players"])
    for command in ("standings", "money", "check"):
        result = refused(1, "tournament", command, str(day))
        assert result.stderr == (
            f"error: {one}: round 1, table 1: the sheet seats {b}, whom the draw seated at table 2: it is "
            f"that table's sheet (two tables' sheets exchanged?); put it back at {two}, and this table's "
            "sheet here\n"
            f"error: {two}: round 1, table 2: the sheet seats {a}, whom the draw seated at table 1: it is "
            f"that table's sheet (two tables' sheets exchanged?); put it back at {one}, and this table's "
            "sheet here\n"
        ), result.stderr
    assert files_of(day) == before


def test_the_sheets_own_check_refuses_a_paper_entry_that_breaks_zero_sum(tmp_path: Path) -> None:
    day, (first, _second) = new_day(tmp_path)
    seats = first["players"]
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [12, -4, -4, -4]))

    def forged(data: dict[str, Any]) -> None:
        data["event"][-1]["paper"]["schrift"] = dict(zip(seats, [20, -4, -4, -4], strict=True))

    rewrite_with_hashes(Path(first["ledger"]), forged)
    result = refused(1, "check", "--ledger", first["ledger"])
    # ooe-2023 is zero-sum [OÖ23]: 20 − 4 − 4 − 4 = 8, not 0
    assert "the points add up to 8, not 0" in result.stderr


# -- a round's CSV --------------------------------------------------------------------------------


@pytest.mark.parametrize("again", ["{name},-4", "{name},4", "{lower},-4"])
def test_a_row_given_twice_is_refused_naming_both_lines(tmp_path: Path, again: str) -> None:
    day, (first, _second) = new_day(tmp_path)
    last = first["players"][3]
    rows = ["round,table,player,schrift", *csv_rows(first, [12, -4, -4, -4])]
    rows.append("1,1," + again.format(name=last, lower=last.lower()))
    given = tmp_path / "round.csv"
    given.write_text("\r\n".join(rows) + "\r\n", encoding="utf-8-sig")
    before = files_of(day)
    result = refused(1, "tournament", "result", str(day), "--from", str(given))
    assert f"round.csv:6: '{again.format(name=last, lower=last.lower()).split(',')[0]}' is given twice" in (
        result.stderr
    )
    assert "for round 1, table 1 (first on line 5)" in result.stderr
    assert files_of(day) == before


@pytest.mark.parametrize(
    ("column", "cell"),
    [("schrift", "=1+1"), ("schrift", "10.0"), ("schrift", "１２"), ("round", "one"), ("table", "")],
)
def test_a_cell_that_is_no_whole_number_is_named_by_its_column(
    tmp_path: Path, column: str, cell: str
) -> None:
    """A row with its four columns whose one cell is not a whole number: the error names the column
    and the cell as given, not a count of columns the row has."""
    day, (first, _second) = new_day(tmp_path)
    rows = ["round,table,player,schrift", *csv_rows(first, [12, -4, -4, -4])]
    values = dict(zip(("round", "table", "player", "schrift"), rows[2].split(","), strict=True))
    values[column] = cell
    rows[2] = ",".join(values.values())
    given = tmp_path / "round.csv"
    given.write_text("\n".join(rows) + "\n", encoding="utf-8")
    before = files_of(day)
    result = refused(1, "tournament", "result", str(day), "--from", str(given))
    assert f"round.csv:3: {column}: {cell!r} is not a whole number" in result.stderr, result.stderr
    assert "columns" not in result.stderr, result.stderr
    assert files_of(day) == before


def test_a_csv_with_its_columns_and_no_rows_is_refused(tmp_path: Path) -> None:
    day, _tables = new_day(tmp_path)
    given = tmp_path / "round.csv"
    given.write_text("round,table,player,schrift\n\n", encoding="utf-8")
    before = files_of(day)
    result = refused(1, "tournament", "result", str(day), "--from", str(given))
    assert "round.csv: no results: the file has its columns but no rows" in result.stderr
    assert "day head" not in result.stdout
    assert files_of(day) == before


# -- a correction of nothing, a round closed twice, a head that is no head ----------------------------


def test_replace_of_a_table_with_nothing_is_refused(tmp_path: Path) -> None:
    day, (first, _second) = new_day(tmp_path)
    before = files_of(day)
    result = refused(
        1, "tournament", "result", str(day), "-r", "1", "-t", "1", "--replace",
        *points(first["players"], [12, -4, -4, -4]),
    )  # fmt: skip
    assert "--table: round 1, table 1: nothing to replace: its sheet has no hands and no result yet" in (
        result.stderr
    )
    assert files_of(day) == before


def test_a_round_closed_twice_writes_nothing_the_second_time(tmp_path: Path) -> None:
    day, (first, _second) = new_day(tmp_path)
    first_close = ok("tournament", "close-round", str(day), "-r", "1")
    assert "round 1 closed: table 1" in first_close.stdout
    before = files_of(day)
    again = ok("tournament", "close-round", str(day), "-r", "1")
    assert "round 1 is closed already and no sheet changed since; nothing was written" in again.stdout
    assert files_of(day) == before
    # a correction since: closing again notes the new head
    ok("tournament", "result", str(day), "-r", "1", "-t", "1", *points(first["players"], [12, -4, -4, -4]))
    assert "round 1 closed: table 1" in ok("tournament", "close-round", str(day), "-r", "1").stdout


@pytest.mark.parametrize("head", ["abc", "ZZZZ", "", "4c12-", "a" * 65])
def test_a_head_that_is_no_head_is_a_usage_error(tmp_path: Path, head: str) -> None:
    day, _tables = new_day(tmp_path)
    result = refused(2, "tournament", "check", str(day), "--head", head)
    assert f"--head: {head!r}: give a day head as the commands print it: 4 to 64 hex digits" in result.stderr


def test_a_head_in_upper_case_is_found(tmp_path: Path) -> None:
    day, _tables = new_day(tmp_path)
    said = ok("tournament", "players", str(day), "add", "Ida")
    head = next(x for x in said.stdout.splitlines() if x.startswith("day head ")).removeprefix("day head ")
    ok("tournament", "players", str(day), "drop", "Ida")
    assert "1 change since" in ok("tournament", "check", str(day), "--head", head.upper()).stdout


def test_a_day_whose_chain_was_removed_is_refused_and_nothing_written(tmp_path: Path) -> None:
    """The chain taken out of every entry: no entry carries its hash, so the day is not used."""
    day, tables = new_day(tmp_path)
    ok("tournament", "close-round", str(day), "-r", "1")
    path = day / "tournament.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for entry in data["event"]:
        entry.pop("chain")
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    before = files_of(day)
    result = refused(1, "tournament", "check", str(day))
    assert "entry 1: this entry ends without its hash" in result.stderr
    seats = tables[0]["players"]
    result = refused(1, "tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [0, 0, 0, 0]))
    assert "entry 1: this entry ends without its hash" in result.stderr
    assert files_of(day) == before


@pytest.mark.parametrize("text", ["", "# notes\n", 'title = "Cup"\n'])
def test_a_days_file_emptied_or_saved_over_is_named_so(tmp_path: Path, text: str) -> None:
    """An empty tournament.toml (a disk that filled, an editor's slip) has no version: it is said to
    hold none, in words, not as "tournament = None", and in German too."""
    day, _ = new_day(tmp_path)
    (day / "tournament.toml").write_text(text, encoding="utf-8")
    before = files_of(day)
    said = refused(1, "tournament", "standings", str(day)).stderr
    assert said.startswith(f"error: {day}/tournament.toml: no tournament = 2 in it: ") and "None" not in said
    german = refused(1, "--lang", "de", "tournament", "standings", str(day)).stderr
    assert german.startswith(f"Fehler: {day}/tournament.toml: ") and "None" not in german
    assert files_of(day) == before


def test_a_draw_rewritten_with_its_hashes_to_a_sheet_elsewhere_or_a_seat_twice_is_refused(
    tmp_path: Path,
) -> None:
    """A draw entry is the draw's: each table's sheet is round-N/table-K.toml of the day's folder,
    each player at one seat. Rewritten by hand with every hash worked out again, a sheet named
    outside the folder (the club's evening ledger beside it, which `result` then wrote a paper
    result into) or a player seated twice is named at its entry, and nothing is written."""
    day, (first, _second) = new_day(tmp_path)
    elsewhere = tmp_path / "friday.toml"
    ok("new", "--ledger", str(elsewhere), "--players", ",".join(first["players"]), "-P", "ooe-2023")
    path = day / "tournament.toml"

    def moved(data: dict[str, Any]) -> None:
        data["event"][1]["table"][0]["ledger"] = "../friday.toml"

    rewrite_with_hashes(path, moved)
    before = {**files_of(day), str(elsewhere): elsewhere.read_bytes()}
    seats = first["players"]
    result = refused(
        1, "tournament", "result", str(day), "-r", "1", "-t", "1", *points(seats, [12, -4, -4, -4])
    )
    assert (
        "entry 2.table: round 1, table 1: its sheet is '../friday.toml', not round-1/table-1.toml"
        in result.stderr
    )
    assert {**files_of(day), str(elsewhere): elsewhere.read_bytes()} == before

    def twice(data: dict[str, Any]) -> None:
        data["event"][1]["table"][0]["ledger"] = "round-1/table-1.toml"
        data["event"][1]["table"][0]["players"][1] = seats[0]

    rewrite_with_hashes(path, twice)
    result = refused(1, "tournament", "standings", str(day))
    assert f"entry 2.table: {seats[0]!r} is seated twice in round 1: the file was edited" in result.stderr


def test_closing_a_round_is_said_in_german(tmp_path: Path) -> None:
    day, _tables = new_day(tmp_path)
    said = ok("--lang", "de", "tournament", "close-round", str(day), "-r", "1").stdout
    assert said.startswith("Runde 1 abgeschlossen: Tisch 1 ")
    assert "closed" not in said and "table" not in said


def test_a_round_csv_repeated_after_a_run_cut_short_writes_each_sheet_once(tmp_path: Path) -> None:
    day, (first, second) = new_day(tmp_path)
    rows = [
        "round,table,player,schrift",
        *csv_rows(first, [12, -4, -4, -4]),
        *csv_rows(second, [6, 2, -4, -4]),
    ]
    round_csv = tmp_path / "round-1.csv"
    round_csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    day_file = day / "tournament.toml"
    unwritten = day_file.read_bytes()
    ok("tournament", "result", str(day), "--from", str(round_csv))
    # a run killed after the sheets, before the day's file: the sheets hold the results, the day not
    day_file.write_bytes(unwritten)
    sheets = {t["ledger"]: Path(t["ledger"]).read_bytes() for t in (first, second)}
    again = ok("tournament", "result", str(day), "--from", str(round_csv))
    assert "round 1, table 1" in again.stdout and "round 1, table 2" in again.stdout
    assert {t: Path(t).read_bytes() for t in sheets} == sheets  # no second entry on a sheet
    assert day_file.read_bytes() != unwritten  # the day's log names both tables now
    ok("tournament", "check", str(day))
    # ranked once: 12 and 6 at the top of their tables [the Schrift as given]
    rows_out = json.loads(ok("tournament", "standings", str(day), "--json").stdout)["standings"]
    assert {r["player"]: r["schrift"] for r in rows_out}[first["players"][0]] == 12
    # a third run finds everything written: nothing changes
    before = files_of(day)
    ok("tournament", "result", str(day), "--from", str(round_csv))
    assert files_of(day) == before


def test_a_round_csv_with_a_cell_too_long_for_the_csv_reader_is_named_at_its_line(tmp_path: Path) -> None:
    """A cell of 200,000 characters (a file that is no round's results, or a spreadsheet's export
    gone wrong) is past what Python's CSV reader takes: an error at the file's line, no traceback."""
    day, tables = new_day(tmp_path)
    given = tmp_path / "round.csv"
    rows = csv_rows(tables[0], [12, -4, -4, -4])
    given.write_text("\n".join(["round,table,player,schrift", *rows, "1,2," + "x" * 200_000 + ",3"]) + "\n")
    before = files_of(day)
    result = refused(1, "tournament", "result", str(day), "--from", str(given))
    assert result.stderr.startswith(
        f"error: --from: {given}:6: a cell of more than 131,072 characters, which no result has: is a "
        "quotation mark left open"
    )
    assert len(result.stderr.splitlines()) == 1 and result.stdout == ""
    assert files_of(day) == before
