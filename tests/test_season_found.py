"""The season through the library (``tarockscore.fold_season``), and the season commands on the
evening's own ledger, found as ``show`` finds it (``--ledger``, ``$TAROCKSCORE_LEDGER``, else
``tarock-ledger.toml`` here), with the same ``--format``, ``--json`` and ``--csv``.

The evening here, written by the tool (``new``, then ``record``), under koenigrufen
(profiles/koenigrufen.toml: Call 1 [CTK], Dreier 5 [STC-TB]; Simplified Scoring, D4 [CTK]: each
winner adds the bet's value, the losers add nothing; 35⅔ card points win, D16):

  1. Call by Anna with Cilli, 40: won → Anna +1, Cilli +1
  2. Dreier by Bert, 30: lost → the Defenders Anna, Cilli, Dani +5 each
  3. Call by Cilli with Dani, 20: lost → the Defenders Anna +1, Bert +1
  → Anna 7, Bert 1, Cilli 6, Dani 5, three hands each; per hand 7/3 = 2.33, 1/3 = 0.33,
    6/3 = 2.00, 5/3 = 1.67.
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.errors import UsageError
from tarockscore.evening.store import create
from tests.test_season import ledger_a, ledger_b, ledger_c

runner = CliRunner()

HANDS = [
    ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"],
    ["-c", "dreier", "-d", "Bert", "-t", "30"],
    ["-c", "rufer", "-d", "Cilli", "-w", "Dani", "-t", "20"],
]
STANDINGS = [
    (1, "Anna", 7, 3, "2.33"),
    (2, "Cilli", 6, 3, "2.00"),
    (3, "Dani", 5, 3, "1.67"),
    (4, "Bert", 1, 3, "0.33"),
]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def write_evening(*ledger: str) -> None:
    """The evening above, begun with ``new`` and recorded hand by hand (``ledger``: ``-l PATH``, or the default)."""
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", *ledger)[0] == 0
    for hand in HANDS:
        code, _, err = run("record", *hand, *ledger)
        assert code == 0, err


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the evening as ``tarock-ledger.toml``, the current folder, no variable set."""
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    monkeypatch.chdir(tmp_path)
    write_evening()
    assert (tmp_path / "tarock-ledger.toml").is_file()
    return tmp_path


def standings(data: dict[str, object]) -> list[tuple[object, ...]]:
    rows = data["standings"]
    assert isinstance(rows, list)
    return [(s["rank"], s["player"], s["victory_points"], s["hands"], s["points_per_hand"]) for s in rows]


# -- the evening here, with no path ---------------------------------------------------------------------


def test_season_json_works_like_show_json(here: Path) -> None:
    code, out, err = run("season", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert standings(data) == STANDINGS
    assert (data["ledgers"], data["hands"], data["profiles"]) == (1, 3, ["koenigrufen"])
    assert data["evenings"][0]["ledger"] == "tarock-ledger.toml"
    code, out, _ = run("show", "--json")
    assert code == 0
    shown = json.loads(out)["totals"]
    assert {s[1]: s[2] for s in STANDINGS} == shown  # the evening's totals, either way
    assert run("season", "--format", "json") == (0, run("season", "--json")[1], "")


def test_season_csv_and_table(here: Path) -> None:
    code, out, _ = run("season", "--csv")
    assert code == 0
    assert out == run("season", "-f", "csv")[1]
    assert out.splitlines() == [
        "rank,player,victory_points,hands,evenings,points_per_hand",
        *(f"{r},{p},{vp},{h},1,{pph}" for r, p, vp, h, pph in STANDINGS),
    ]
    code, out, _ = run("season")
    assert code == 0
    assert re.search(r"^\s+1\s+Anna\s+\+7\s+3\s+1\s+2\.33$", out, flags=re.M)
    assert out.splitlines()[-1] == "1 ledger, 3 hands, profile koenigrufen"


def test_stats_needs_no_path_in_the_evenings_folder(here: Path) -> None:
    code, out, err = run("stats", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["ledgers"], data["hands"], data["warnings"]) == (1, 3, [])
    players = {p["player"]: p for p in data["players"]}
    # Anna: declared hand 1 (won); defended hands 2 and 3, both lost by the declarers.
    anna = players["Anna"]
    assert (anna["victory_points"], anna["best"], anna["worst"]) == (7, 5, 1)
    assert anna["declared"] == {"rufer": {"played": 1, "won": 1}}
    assert (anna["partner"], anna["defended"]) == ({}, {"played": 2, "won": 2})
    # Bert: declared the Dreier (lost); defended hand 1 (lost) and hand 3 (won).
    bert = players["Bert"]
    assert bert["declared"] == {"dreier": {"played": 1, "won": 0}}
    assert (bert["defended"], bert["best"], bert["worst"]) == ({"played": 2, "won": 1}, 1, 0)
    # Cilli: partner in hand 1 (won), declared hand 3 (lost), defended hand 2 (won).
    cilli = players["Cilli"]
    assert (cilli["partner"], cilli["declared"]) == (
        {"rufer": {"played": 1, "won": 1}},
        {"rufer": {"played": 1, "won": 0}},
    )
    # Dani: partner in hand 3 (lost); defended hand 1 (lost) and hand 2 (won).
    dani = players["Dani"]
    assert (dani["partner"], dani["defended"], dani["points_per_hand"]) == (
        {"rufer": {"played": 1, "won": 0}},
        {"played": 2, "won": 1},
        "1.67",
    )
    code, out, _ = run("stats", "--csv")
    assert code == 0 and out == run("stats", "-f", "csv")[1]
    row = next(r for r in csv.DictReader(io.StringIO(out)) if r["player"] == "Bert")
    assert (row["victory_points"], row["declared_dreier"], row["declared_won_dreier"]) == ("1", "1", "0")
    code, out, _ = run("stats")
    assert code == 0
    assert re.search(r"^Anna\s+3\s+\+7\s+2\.33\s+\+5\s+\+1$", out, flags=re.M)


def test_chart_needs_no_path_in_the_evenings_folder(here: Path) -> None:
    code, svg, err = run("chart", "-o", "-")
    assert code == 0, err
    lines = re.findall(r'<polyline data-player="(\w+)" stroke="[^"]+" points="([^"]+)"', svg)
    assert [name for name, _ in lines] == ["Anna", "Bert", "Cilli", "Dani"]
    assert all(len(points.split()) == 1 + 3 for _, points in lines)  # the start, then each hand
    # the legend: by standing, each with the evening's total
    assert re.findall(r">(\w+ \+\d+)</text>", svg) == ["Anna +7", "Cilli +6", "Dani +5", "Bert +1"]
    code, _, err = run("chart", "-o", "evening.svg")
    assert code == 0
    assert err == "wrote evening.svg: 4 players, 1 ledger, 3 hands, profile koenigrufen\n"
    assert (here / "evening.svg").read_text(encoding="utf-8") == svg


def test_no_evening_here_is_said_as_show_says_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    monkeypatch.chdir(tmp_path)
    _, _, shown = run("show")
    assert shown.startswith("error: tarock-ledger.toml: no ledger here; start the evening with ")
    for command in (["season"], ["stats"], ["chart", "-o", "-"]):
        assert run(*command) == (1, "", shown), command


# -- the variable and the option --------------------------------------------------------------------


def test_the_ledger_variable_and_the_ledger_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    ledger = tmp_path / "friday.toml"
    write_evening("-l", str(ledger))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # no tarock-ledger.toml here
    monkeypatch.setenv("TAROCKSCORE_LEDGER", str(ledger))
    code, out, err = run("season", "--json")
    assert code == 0, err
    assert standings(json.loads(out)) == STANDINGS
    stats = run("stats", "--json")
    assert stats[0] == 0 and json.loads(stats[1])["hands"] == 3
    assert run("chart", "-o", "-")[0] == 0
    monkeypatch.delenv("TAROCKSCORE_LEDGER")
    assert run("season", "--json")[0] == 1  # nothing here, nothing named
    for given in (["-l", str(ledger)], ["--ledger", str(ledger)], [str(ledger)]):
        assert run("stats", "--json", *given) == stats, given
    # a ledger named beside the option: both are read, each once
    code, out, _ = run("season", "--json", str(ledger), "-l", str(ledger))
    assert code == 0 and json.loads(out)["ledgers"] == 1


def test_an_empty_ledger_option_is_refused(here: Path) -> None:
    for command in ("season", "stats"):
        code, out, err = run(command, "--ledger", "")
        assert (code, out) == (2, "")
        assert err == "error: --ledger: '' is empty; give the ledger's file name, or leave the option out\n"


@pytest.mark.parametrize("command", ["season", "stats"])
def test_the_format_options_are_those_of_show(here: Path, command: str) -> None:
    code, out, err = run(command, "-f", "json", "--json")
    assert (code, out, err) == (2, "", "error: give --format or --json, not both\n")
    assert run(command, "--json", "--csv")[2] == "error: give --json or --csv, not both\n"
    code, out, err = run(command, "--format", "html")
    assert (code, out) == (2, "")
    assert err == "error: --format: 'html': this command prints table, json, csv\n"


# -- the library -----------------------------------------------------------------------------------


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """The club's season of tests/test_season.py in a folder, with a hand file lying about in it."""
    folder = tmp_path / "club"
    folder.mkdir()
    create(folder / "a.toml", ledger_a())
    create(folder / "b.toml", ledger_b())
    create(folder / "c.toml", ledger_c())
    (folder / "hand.toml").write_text('contract = "rufer"\n', encoding="utf-8")
    return folder


def test_the_face_names_the_season() -> None:
    assert {"fold_season", "FoldedSeason", "Standing", "PlayerStats", "LeftOut"} <= set(tarockscore.__all__)


def test_fold_season_hands_each_warning_over_and_keeps_it(club: Path) -> None:
    said: list[str] = []
    folded = tarockscore.fold_season([club], aliases={"Berti": "Bert"}, warn=said.append)
    # tests/test_season.py: Berti folded into Bert
    assert [(s.rank, s.player, s.victory_points, s.hands) for s in folded.standings()] == [
        (1, "Anna", 38, 11),
        (2, "Bert", 24, 11),
        (2, "Cilli", 24, 11),
        (4, "Emil", 9, 7),
        (5, "Dani", 1, 8),
    ]
    assert (
        said == list(folded.warnings) == [f"{club / 'hand.toml'}: not a ledger: this is a hand file, skipped"]
    )
    assert folded.left_out == tuple(said) and folded.season.warnings == ()
    anna = next(s for s in folded.statistics() if s.player == "Anna")
    assert (anna.hands, anna.victory_points) == (11, 38)
    points, starts = folded.chart_points()
    assert len(points) == 12 and [n for n, _ in starts] == [4, 9]  # evenings of 4, 5 and 3 hands


@pytest.mark.parametrize("as_text", [True, False])
def test_one_source_given_alone_is_one_source(club: Path, as_text: bool) -> None:
    # docs/library.md: players= and aliases= take one of them as a string; a folder or a ledger
    # given alone is read as itself too, never letter by letter ("c: no ledger here", …)
    source = str(club / "a.toml") if as_text else club / "a.toml"
    folded = tarockscore.fold_season(source)
    assert folded.standings() == tarockscore.fold_season([club / "a.toml"]).standings()
    assert [e.source for e in folded.season.evenings] == [str(club / "a.toml")]


def test_the_library_says_its_warnings_in_its_own_words(club: Path, tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nHansi = "Hans"\n', encoding="utf-8")
    folded = tarockscore.fold_season([club], aliases=["Rudi = Rudolf"], alias_file=aliases)
    assert list(folded.season.warnings) == [
        f"{aliases}: aliases.Hansi: nobody called 'Hansi' played in these ledgers",
        "alias Rudi=Rudolf: nobody called 'Rudi' played in these ledgers",
        f"'Berti' ({club / 'c.toml'}) and 'Bert' ({club / 'a.toml'}, {club / 'b.toml'}) look like one "
        "player spelt two ways; if so, fold them with the alias 'Berti=Bert'",
    ]
    assert "--" not in "".join(folded.warnings)  # no option of the command line


def test_a_ledger_left_out_carries_what_stopped_it(club: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    folded = tarockscore.fold_season([missing, club / "a.toml"], skip_bad=True)
    (left,) = folded.left_out
    assert isinstance(left, tarockscore.LeftOut)
    assert left.path == missing and len(left.problems) == 1
    # named, not there: no evening to begin with `new`, a path to check
    assert (
        left
        == f"{missing}: left out of the season: {missing}: no such file or folder; give a ledger file or a folder of ledgers"
    )
    i18n.use("de")
    try:
        assert i18n.translated(left).startswith(
            f"{missing}: aus der Saison gelassen: {missing}: keine solche Datei und kein solcher Ordner"
        )
    finally:
        i18n.reset()
    assert [s.player for s in folded.standings()] == ["Bert", "Anna", "Cilli", "Dani"]


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"aliases": ["Berti"]}, "alias 'Berti': give ALIAS=NAME, e.g. 'Hansi=Hans'"),
        (
            {"aliases": {"Berti": "Be\x1brt"}},
            "alias 'Berti=Be\\x1brt': 'Be\\x1brt': a name cannot hold U+001B",
        ),
        ({"rescore": " "}, "rescore: ' ': empty; give a profile's name or the path to a profile file"),
        ({"alias_file": "nowhere.toml"}, "alias file 'nowhere.toml': no such file"),
    ],
)
def test_the_library_refuses_in_its_own_words(club: Path, given: dict[str, object], said: str) -> None:
    with pytest.raises(UsageError) as refused:
        tarockscore.fold_season([club], **given)  # type: ignore[arg-type]
    assert [p.render() for p in refused.value.problems] == [said]


def test_a_date_range_that_ends_before_it_begins_is_refused(club: Path) -> None:
    with pytest.raises(UsageError, match="the first day 2026-04-01 is after the last day 2026-03-01"):
        tarockscore.fold_season([club], since=date(2026, 4, 1), until=date(2026, 3, 1))


def test_fold_season_with_no_sources_reads_the_evening_here(here: Path) -> None:
    folded = tarockscore.fold_season()
    assert [(s.player, s.victory_points) for s in folded.standings()] == [(s[1], s[2]) for s in STANDINGS]
    assert folded.season.evenings[0].source == "tarock-ledger.toml"


def test_a_script_may_give_the_days_as_text_and_one_player_or_alias_as_a_string(club: Path) -> None:
    # the club's evenings are of 2026-03-05, -12 and -19: from the 12th, two of them
    by_date = tarockscore.fold_season([club], since=date(2026, 3, 12), until=date(2026, 3, 19))
    by_text = tarockscore.fold_season([club], since="2026-03-12", until="2026-03-19")
    assert len(by_text.season.evenings) == 2
    assert by_text.standings() == by_date.standings()
    # one name is one name, not its letters
    one = tarockscore.fold_season([club], players="Anna", aliases="Berti=Bert")
    assert (
        one.standings()
        == tarockscore.fold_season([club], players=["Anna"], aliases=["Berti=Bert"]).standings()
    )
    assert [s.player for s in one.standings()] == ["Anna"]


@pytest.mark.parametrize("day", ["12.03.2026", "2026-3-12", "2026-02-30", 20260312])
def test_a_day_that_is_no_date_is_refused_naming_the_field(club: Path, day: object) -> None:
    with pytest.raises(UsageError) as refused:
        tarockscore.fold_season([club], since=day, until="tomorrow")  # type: ignore[arg-type]
    assert [p.render() for p in refused.value.problems] == [
        f"since: {day!r} is not a date; give a datetime.date or its text YYYY-MM-DD, e.g. '2025-03-14'",
        "until: 'tomorrow' is not a date; give a datetime.date or its text YYYY-MM-DD, e.g. '2025-03-14'",
    ]


def test_an_evening_begun_by_a_script_takes_its_date_as_text(tmp_path: Path) -> None:
    path = tmp_path / "friday.toml"
    begun = tarockscore.Evening.begin(path, ["Anna", "Bert", "Cilli", "Dani"], date="2026-03-05")
    assert begun.ledger.table.date == "2026-03-05"
    other = tmp_path / "saturday.toml"
    with pytest.raises(UsageError) as refused:
        tarockscore.Evening.begin(other, ["Anna", "Bert", "Cilli", "Dani"], date="6.3.2026")
    assert [p.render() for p in refused.value.problems] == [
        "date: '6.3.2026' is not a date; give a datetime.date or its text YYYY-MM-DD, e.g. '2025-03-14'"
    ]
    assert not other.exists()
