"""The season, stats and chart commands through Typer's CliRunner, plus one real process.

The ledgers are the club's season of tests/test_season.py, written to files with the ledger's
own writer; the expected standings are the ones worked out by hand there.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.evening.store import create
from tests.stored import unfolded
from tests.test_chart import dump_dom
from tests.test_season import call, evening, ledger_a, ledger_b, ledger_c, ledger_pagat, ledger_zwanzigerrufen

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

BY_HAND = [  # Berti folded into Bert: (rank, player, Victory Points, hands)
    (1, "Anna", 38, 11),
    (2, "Bert", 24, 11),
    (2, "Cilli", 24, 11),
    (4, "Emil", 9, 7),
    (5, "Dani", 1, 8),
]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    (folder / "march").mkdir(parents=True)
    create(folder / "march" / "a.toml", ledger_a())
    create(folder / "march" / "b.toml", ledger_b())
    create(folder / "c.toml", ledger_c())
    # A hand file lying about in the folder is not a ledger: skipped, with a warning.
    (folder / "hand.toml").write_text('contract = "rufer"\n', encoding="utf-8")
    return folder


def rows(data: dict[str, object]) -> list[tuple[object, ...]]:
    standings = data["standings"]
    assert isinstance(standings, list)
    return [(s["rank"], s["player"], s["victory_points"], s["hands"]) for s in standings]


def test_season_json_is_pure_json_with_the_hand_worked_standings(club: Path) -> None:
    code, out, err = run("season", str(club), "--alias", "Berti=Bert", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert rows(data) == BY_HAND
    assert (data["ledgers"], data["hands"], data["profiles"]) == (3, 12, ["koenigrufen"])
    assert [e["date"] for e in data["evenings"]] == ["2026-03-05", "2026-03-12", "2026-03-19"]
    assert data["standings"][0] == {
        "player": "Anna",
        "rank": 1,
        "victory_points": 38,
        "hands": 11,
        "evenings": 3,
        "points_per_hand": "3.45",
    }
    skipped = f"{club / 'hand.toml'}: not a ledger: this is a hand file, skipped"
    assert data["warnings"] == [skipped]  # what stderr says, as docs/machine-output.md promises
    assert err.strip() == f"warning: {skipped}"


def test_the_spelling_warning_goes_to_stderr_and_into_the_json(club: Path) -> None:
    code, out, err = run("season", str(club / "march"), str(club / "c.toml"), "--format", "json")
    assert code == 0
    data = json.loads(out)  # nothing but JSON on stdout
    assert {s["player"]: s["victory_points"] for s in data["standings"]}["Berti"] == 6
    assert len(data["warnings"]) == 1 and "--alias 'Berti=Bert'" in data["warnings"][0]
    assert err == f"warning: {data['warnings'][0]}\n"


def test_season_csv_has_one_header_and_one_row_per_player(club: Path) -> None:
    code, out, _ = run("season", str(club), "--alias", "Berti=Bert", "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "rank,player,victory_points,hands,evenings,points_per_hand"
    assert len(lines) == 1 + 5
    table = list(csv.DictReader(io.StringIO(out)))
    assert [
        (int(r["rank"]), r["player"], int(r["victory_points"]), int(r["hands"])) for r in table
    ] == BY_HAND


def test_season_table(club: Path) -> None:
    code, out, _ = run("season", str(club), "--alias", "Berti=Bert")
    assert code == 0
    lines = out.splitlines()
    assert re.match(r"\s*1\s+Anna\s+\+38\s+11\s+3\s+3\.45$", lines[2])
    assert lines[-1] == "3 ledgers, 12 hands, 2026-03-05 to 2026-03-19, profile koenigrufen"


def test_season_table_with_a_long_name_fits_80_columns(tmp_path: Path) -> None:
    """A name of 34 characters put the table at 93 columns: the names wrap between their words."""
    long = "Maximilian Oberhuber-Schwarzenberg"
    path = tmp_path / "a.toml"
    create(path, evening([long, "Bert", "Cilli", "Dani"], [call(long, "Cilli", 40)], day="2026-03-05"))
    for lang in ("en", "de"):
        code, out, _ = run("--lang", lang, "season", str(path))
        assert code == 0
        assert max(len(line) for line in out.splitlines()) <= 80
    # a Rufer won: 1 to each winner under Simplified Scoring [CTK], docs/rules/koenigrufen.md
    code, out, _ = run("season", str(path))
    lines = out.splitlines()
    assert re.match(r"\s*1\s+Cilli\s+\+1\s+1\s+1\s+1\.00$", lines[2])
    assert re.match(r"\s*1\s+Maximilian\s+\+1\s+1\s+1\s+1\.00$", lines[3])
    assert lines[4].strip() == "Oberhuber-Schwarzenberg"


def test_filters_by_date_and_player(club: Path) -> None:
    code, out, _ = run("season", str(club), "--from", "2026-03-10", "--to", "2026-03-15", "-f", "json")
    assert code == 0
    assert rows(json.loads(out)) == [
        (1, "Anna", 14, 4),
        (2, "Emil", 8, 4),
        (3, "Bert", 2, 4),
        (4, "Cilli", 1, 4),
        (4, "Dani", 1, 4),
    ]
    code, out, _ = run(
        "season", str(club), "--alias", "Berti=Bert", "--player", "Emil", "--player", "Bert", "-f", "csv"
    )
    assert code == 0
    assert out.splitlines()[1:] == ["2,Bert,24,11,3,2.18", "4,Emil,9,7,2,1.29"]


def test_alias_file(club: Path, tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nBerti = "Bert"\n', encoding="utf-8")
    code, out, _ = run("season", str(club), "--aliases", str(aliases), "-f", "json")
    assert code == 0
    assert rows(json.loads(out)) == BY_HAND


def _hans_and_hansi(club: Path) -> None:
    """Two evenings: Hans Huber's Call with Bert won with 40, then Hansi's: +1 each [CTK]."""
    club.mkdir()
    for name, date in (("Hans Huber", "2026-03-05"), ("Hansi", "2026-03-12")):
        sheet = str(club / f"{date}.toml")
        assert run("new", "--players", f"Anna,Bert,Cilli,{name}", "--date", date, "--ledger", sheet)[0] == 0
        assert run("record", "--ledger", sheet, "-c", "rufer", "-d", name, "-w", "Bert", "-t", "40")[0] == 0


def test_player_is_read_as_a_name_is_two_spaces_as_one(tmp_path: Path) -> None:
    """`--player 'Hans  Huber'` (two spaces, or spaces around it) named nobody, though `new` keeps
    that name as Hans Huber: the filter reads it as a name is read."""
    _hans_and_hansi(tmp_path / "club")
    for typed in ("Hans  Huber", " Hans Huber "):
        code, out, err = run(
            "season", str(tmp_path / "club"), "--player", typed, "--alias", "Hansi=Hans Huber", "--csv"
        )
        assert code == 0, err
        assert out.splitlines()[1:] == ["1,Hans Huber,2,2,2,1.00"]


@pytest.mark.parametrize("command", ["season", "stats"])
def test_player_is_read_in_any_case_where_one_player_is_so_spelt(club: Path, command: str) -> None:
    """`--player anna` was refused as nobody ("did you mean 'Anna'?"), where every name typed on the
    command line is read in any case; where two players of the season differ only by case, the
    spelling typed says which."""
    lower = run(
        command, str(club), "--alias", "Berti=Bert", "--player", "anna", "--player", "EMIL", "-f", "csv"
    )
    exact = run(
        command, str(club), "--alias", "Berti=Bert", "--player", "Anna", "--player", "Emil", "-f", "csv"
    )
    assert lower[0] == 0, lower[2]
    assert lower[1] == exact[1]


def test_an_alias_is_read_as_a_name_is_two_spaces_as_one(tmp_path: Path) -> None:
    """docs/tournament.md: two spaces in a row, or a no-break space, are read as one plain space, as
    a ledger keeps the name. An alias `Hansi = "Hans  Huber"` folded nobody: the season showed
    Hansi's point under "Hans  Huber", beside Hans Huber's row."""
    _hans_and_hansi(tmp_path / "club")
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nHansi = "Hans\u00a0 Huber"\n', encoding="utf-8")
    for given in (["--aliases", str(aliases)], ["--alias", "Hansi=Hans  Huber"]):
        code, out, _ = run("season", str(tmp_path / "club"), *given, "-f", "json")
        assert code == 0, given
        standings = {s["player"]: (s["victory_points"], s["hands"]) for s in json.loads(out)["standings"]}
        assert standings == {"Anna": (0, 2), "Bert": (2, 2), "Cilli": (0, 2), "Hans Huber": (2, 2)}


def test_an_alias_file_kept_in_the_season_folder_is_read_as_the_alias_file_without_a_word(club: Path) -> None:
    # the club keeps its aliases.toml beside the evenings: given with --aliases, it is that file and
    # not a ledger "skipped" on every run
    aliases = club / "aliases.toml"
    aliases.write_text('[aliases]\nBerti = "Bert"\n', encoding="utf-8")
    code, out, err = run("season", str(club), "--aliases", str(aliases), "-f", "json")
    assert code == 0 and "aliases.toml" not in err, err
    assert rows(json.loads(out)) == BY_HAND
    # not given with --aliases, it is still a file in the folder that is not a ledger, and said so
    code, _, err = run("season", str(club), "-f", "json")
    assert code == 0 and "aliases.toml" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--from", "March"], "--from: 'March' is not a date"),
        (["--from", "2026-04-01", "--to", "2026-03-01"], "--from 2026-04-01 is after --to 2026-03-01"),
        (["--player", "Emill"], "did you mean 'Emil'?"),
        (["--alias", "Berti"], "give ALIAS=NAME"),
        (["--alias", "Anna=Cilli"], "sat at this table together"),
    ],
)
def test_usage_errors_exit_2(club: Path, args: list[str], message: str) -> None:
    code, out, err = run("season", str(club), *args)
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") or "warning: " in err
    assert message in err


@pytest.mark.parametrize("command", ["season", "stats", "chart"])
def test_every_usage_problem_is_said_in_one_run(club: Path, command: str, tmp_path: Path) -> None:
    # `season --player Zoe -f xml` said the format alone, `--from 2026-13-01 --player Zoe` the date
    # alone, the player nobody played as only in the next run: every one is said at once (exit 2)
    wrong = ["--from", "2026-13-01", "--player", "Zoe", "--alias", "Berti=Bert"]
    more = ["-o", str(tmp_path / "c.svg")] if command == "chart" else ["-f", "xml"]
    code, out, err = run(command, str(club), *wrong, *more)
    assert (code, out) == (2, "")
    said = [line.split(":")[1] for line in err.splitlines()]
    assert said == ([] if command == "chart" else [" --format"]) + [" --from", " --player"], err
    assert not (tmp_path / "c.svg").exists()


def test_one_alias_given_two_names_is_refused(club: Path) -> None:
    # --alias Berti=Bert --alias Berti=Emil: before, the last was kept without a word (exit 0).
    code, out, err = run("season", str(club), "--alias", "Berti=Bert", "--alias", "Berti = Bertl")
    assert code == 2 and out == ""
    assert err == "error: --alias 'Berti=Bert' and --alias 'Berti = Bertl': one alias, two names; give one\n"
    # the same alias with the same name twice is one alias: the season as with it once
    assert (
        run("season", str(club), "--alias", "Berti=Bert", "--alias", "Berti=Bert", "--json")[:2]
        == (run("season", str(club), "--alias", "Berti=Bert", "--json")[:2])
    )


def test_both_dates_refused_are_named_at_once(club: Path) -> None:
    code, out, err = run("season", str(club), "--from", "March", "--to", "April")
    assert code == 2 and out == ""
    assert "error: --from: 'March' is not a date" in err and "error: --to: 'April' is not a date" in err


def test_bad_format_is_a_usage_error(club: Path) -> None:
    code, out, _ = run("season", str(club), "--format", "xml")
    assert code == 2 and out == ""


def test_missing_or_broken_ledgers_exit_1_naming_each(club: Path, tmp_path: Path) -> None:
    code, out, err = run("season", str(tmp_path / "nowhere.toml"), str(club / "hand.toml"))
    assert code == 1 and out == ""
    assert f"{tmp_path / 'nowhere.toml'}: no such file or folder" in err
    assert "hand.toml: not a ledger: this is a hand file" in err
    assert len(err.strip().splitlines()) == 2


MISTYPED = {
    "en": "error: evenigns/: no such file or folder; give a ledger file or a folder of ledgers\n",
    "de": "Fehler: evenigns/: keine solche Datei und kein solcher Ordner; eine Schrift oder einen "
    "Ordner mit Schriften angeben\n",
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("command", [["season"], ["stats"], ["chart", "-o", "season.svg"]])
def test_a_mistyped_folder_is_named_as_typed_not_taken_for_the_evening(
    club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], lang: str
) -> None:
    # docs/machine-output.md: a file that cannot be read is exit 1. A path typed that does not exist
    # is no evening to start with `new`: the error says so, naming it as typed (with its slash), and
    # the ledgers given with it are still read (their problems said in the same run).
    monkeypatch.chdir(tmp_path)
    code, out, err = run("--lang", lang, *command, "evenigns/")
    assert (code, out, err) == (1, "", MISTYPED[lang])
    code, out, err = run("--lang", lang, *command, "evenigns/", str(club / "hand.toml"))
    assert code == 1 and out == "" and err.startswith(MISTYPED[lang])
    assert "hand.toml" in err.splitlines()[1]
    # left out with --skip-bad, the same words
    code, _, err = run("--lang", lang, *command, "evenigns/", str(club / "c.toml"), "--skip-bad")
    assert code == 0
    assert MISTYPED[lang].split(": ", 1)[1].strip() in err


def test_mixed_profiles_need_rescore(club: Path) -> None:
    create(club / "p.toml", ledger_pagat())
    code, out, err = run("season", str(club), "--alias", "Berti=Bert", "-f", "json")
    assert code == 1 and out == ""
    assert "settle differently" in err and "--rescore PROFILE" in err
    code, out, err = run(
        "season", str(club), "--alias", "Berti=Bert", "-f", "json", "--rescore", "koenigrufen"
    )
    assert code == 0
    # tests/test_season.py: under koenigrufen the pagat evening adds Anna +1, Bert +1, Cilli +5.
    assert rows(json.loads(out)) == [
        (1, "Anna", 39, 13),
        (2, "Cilli", 29, 13),
        (3, "Bert", 25, 13),
        (4, "Emil", 9, 7),
        (5, "Dani", 1, 10),
    ]
    assert "2 of 14 hands score differently" in err


def test_another_game_cannot_be_rescored(club: Path) -> None:
    create(club / "z.toml", ledger_zwanzigerrufen())
    code, _, err = run("season", str(club), "--rescore", "koenigrufen")
    assert code == 1
    # one check with rescore of one evening's, which says which profile to choose
    assert [line for line in err.splitlines() if line.startswith("error:")] == [
        f"error: --rescore: {club / 'z.toml'}: profile 'koenigrufen' is for koenigrufen and this evening is "
        "zwanzigerrufen: a hand is scored only under the rules of its own game; choose a zwanzigerrufen profile"
    ]


def test_stats_json_for_one_evening(club: Path) -> None:
    code, out, err = run("stats", str(club / "march" / "a.toml"), "--format", "json")
    assert code == 0 and err == ""
    data = json.loads(out)
    bert = next(p for p in data["players"] if p["player"] == "Bert")
    assert bert["declared"] == {"dreier": {"played": 1, "won": 1}}  # the corrected hand
    assert (bert["victory_points"], bert["hands"], bert["points_per_hand"]) == (16, 4, "4.00")
    assert (data["ledgers"], data["hands"]) == (1, 4)


def test_stats_for_the_season(club: Path) -> None:
    code, out, _ = run("stats", str(club), "--alias", "Berti=Bert", "--player", "Anna", "-f", "csv")
    assert code == 0
    table = list(csv.DictReader(io.StringIO(out)))
    assert len(table) == 1
    anna = table[0]
    assert (anna["hands"], anna["victory_points"], anna["best"], anna["declared_won_solodreier"]) == (
        "11",
        "38",
        "12",
        "1",
    )
    code, out, _ = run("stats", str(club), "--alias", "Berti=Bert", "--wide")
    assert code == 0
    assert re.search(r"^Anna\s+11\s+\+38\s+3\.45\s+\+12\s+0\s+2/2\s+2/2\s+4/7", out, flags=re.M)
    # by default within 100 columns: the same numbers in two tables, one above the other
    code, out, _ = run("stats", str(club), "--alias", "Berti=Bert")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 100
    assert re.search(r"^Anna\s+11\s+\+38\s+3\.45\s+\+12\s+0$", out, flags=re.M)
    assert re.search(r"^Anna\s+2/2\s+2/2\s+4/7\s", out, flags=re.M)


def test_chart_writes_an_svg_with_a_line_per_player(club: Path, tmp_path: Path) -> None:
    target = tmp_path / "season.svg"
    code, out, err = run("chart", str(club), "--alias", "Berti=Bert", "-o", str(target))
    assert code == 0 and out == ""
    assert err.startswith("warning: ") and f"wrote {target}: 5 players, 3 ledgers, 12 hands" in unfolded(err)
    svg = target.read_text(encoding="utf-8")
    assert svg.count("<polyline") == 5
    assert "Season 2026-03-05 to 2026-03-19 (3 evenings)" in svg
    assert svg.count('class="evenings"') == 1 and "2026-03-12" in svg and "2026-03-19" in svg


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_prose_of_stats_and_chart_fits_80_columns(club: Path, tmp_path: Path, lang: str) -> None:
    # stats' legend under its tables ran to 93 columns (99 in German) and chart's line of what it
    # wrote to 90 and more: folded between their clauses; stats' tables keep their 100 columns
    code, out, _ = run("--lang", lang, "stats", str(club), "--alias", "Berti=Bert")
    assert code == 0
    legend = out.split("\n\n")[-1].splitlines()
    assert max(map(len, legend)) <= 80, out
    first = {"en": "won/played; Kontra: the bets", "de": "gewonnen/gespielt; Kontra: die Posten"}[lang]
    assert unfolded("\n".join(legend)).startswith(first)
    assert len(unfolded("\n".join(legend)).splitlines()) == 2  # the legend, the season's span
    target = tmp_path / "season.svg"
    code, _, err = run("--lang", lang, "chart", str(club), "--alias", "Berti=Bert", "-o", str(target))
    wrote = err[err.index({"en": "wrote", "de": "geschrieben"}[lang]) :]
    # every line in 80 columns but the one the file's path (as long as the test runner makes it) is on
    assert code == 0 and all(len(line) <= 80 for line in wrote.splitlines() if str(target) not in line), err
    whole = {
        "en": f"wrote {target}: 5 players, 3 ledgers, 12 hands, 2026-03-05 to 2026-03-19, profile koenigrufen",
        "de": f"geschrieben: {target}: 5 Spieler, 3 Schriften, 12 Spiele, 05.03.2026 bis 19.03.2026, Profil koenigrufen",
    }
    assert unfolded(wrote).splitlines() == [whole[lang]]


def test_chart_html_renders_in_the_browser(club: Path, tmp_path: Path) -> None:
    target = tmp_path / "evening.html"
    code, _, err = run("chart", str(club / "march" / "b.toml"), "-o", str(target))
    assert code == 0, err
    page = target.read_text(encoding="utf-8")
    assert "<title>Evening 2026-03-12</title>" in page
    probe = tmp_path / "probe.html"
    probe.write_text(
        page.replace(
            "</body>",
            "<pre id='out'></pre><script>document.getElementById('out').textContent = JSON.stringify("
            "[...document.querySelectorAll('polyline')].map(p => [p.dataset.player, Math.round(p.getTotalLength())]));"
            "</script></body>",
        ),
        encoding="utf-8",
    )
    found = re.search(r'<pre id="out">(.*?)</pre>', dump_dom(probe.as_uri(), tmp_path), flags=re.S)
    assert found
    drawn = json.loads(found.group(1))
    assert [name for name, _ in drawn] == ["Anna", "Bert", "Cilli", "Dani", "Emil"]
    assert all(length >= 540 for _, length in drawn)  # each line spans the plot, 540 px wide


def test_a_real_process_prints_pure_json(club: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tarockscore",
            "season",
            str(club),
            "--alias",
            "Berti=Bert",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert rows(json.loads(proc.stdout)) == BY_HAND
    assert proc.stderr.startswith("warning: ")


def _page_examples() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "season.md").read_text(encoding="utf-8")
    section = text.split("## Season standings, statistics and charts", 1)[1].split("\n## ", 1)[0]
    examples = []
    for block in re.findall(r"```console\n(.*?)```", section, flags=re.S):
        command, _, shown = block.partition("\n")
        assert command.startswith("$ tarockscore ")
        examples.append((command[2:], shown))
    return examples


def test_the_season_page_examples_print_what_they_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    examples = _page_examples()
    assert {c.split()[1] for c, _ in examples} == {"season", "stats", "chart"}
    evenings = tmp_path / "evenings"
    evenings.mkdir()
    for name, ledger in (("2026-03-05", ledger_a()), ("2026-03-12", ledger_b()), ("2026-03-19", ledger_c())):
        create(evenings / f"{name}.toml", ledger)
    monkeypatch.chdir(tmp_path)
    for command, shown in examples:
        result = runner.invoke(app, shlex.split(command)[1:])
        assert result.exit_code == 0, command
        # A terminal shows the warnings first: they are printed before any data.
        assert result.stderr + result.stdout == shown, command


def test_machine_output_doc_names_every_key_and_column(club: Path) -> None:
    doc = (ROOT / "docs" / "machine-output.md").read_text(encoding="utf-8")

    def keys(value: object) -> set[str]:
        if isinstance(value, dict):
            return set(value) | {k for v in value.values() for k in keys(v)}
        if isinstance(value, list):
            return {k for v in value for k in keys(v)}
        return set()

    _, out, _ = run("season", str(club), "-f", "json")
    season_keys = keys(json.loads(out)) - {"Anna", "Bert", "Berti", "Cilli", "Dani", "Emil"}
    _, out, _ = run("stats", str(club), "-f", "json")
    stats_keys = keys(json.loads(out)) - {
        "rufer",
        "dreier",
        "sechserdreier",
        "solodreier",
        "bettler",
        "pagat",
        "trull",
    }
    _, out, _ = run("season", str(club), "-f", "csv")
    columns = set(out.splitlines()[0].split(","))
    _, out, _ = run("stats", str(club), "-f", "csv")
    columns |= {c for c in out.splitlines()[0].split(",") if not c.startswith("declared_")}
    code, out, _ = run("score", str(ROOT / "examples" / "koenigrufen-call.toml"), "--json")
    assert code == 0
    score_keys = keys(json.loads(out)) - set(json.loads(out)["players"])
    code, out, _ = run("show", "--json", "--ledger", str(club / "march" / "b.toml"))
    assert code == 0
    show_keys = keys(json.loads(out)) - {"Anna", "Bert", "Cilli", "Dani", "Emil"}
    _, out, _ = run("show", "--csv", "--ledger", str(club / "march" / "b.toml"))
    columns |= {
        c
        for c in out.splitlines()[0].split(",")
        if c.split()[0] not in {"Anna", "Bert", "Cilli", "Dani", "Emil"}
    }
    for key in sorted(season_keys | stats_keys | columns | score_keys | show_keys):
        assert f"`{key}`" in doc, f"{key!r} is not documented in docs/machine-output.md"


def test_a_folder_without_ledgers_and_an_empty_range_are_an_empty_season_with_a_warning(
    club: Path, tmp_path: Path
) -> None:
    """docs/season.md: a season's folder before its first evening gives empty standings (exit 0),
    as a range holding no evening does, so a script run at the start of the season goes on."""
    (tmp_path / "empty").mkdir()
    code, out, err = run("season", str(tmp_path / "empty"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["standings"], data["ledgers"], data["hands"]) == ([], 0, 0)
    assert "no *.toml files in this folder" in err and "warning: no ledgers found" in err
    assert f"no ledgers found in {tmp_path / 'empty'}" in data["warnings"]
    code, out, err = run("season", str(tmp_path / "empty"), "--csv")
    assert code == 0 and out == "rank,player,victory_points,hands,evenings,points_per_hand\n"
    code, out, err = run("season", str(club), "--from", "2027-01-01", "-f", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["standings"], data["ledgers"]) == ([], 0)
    assert "none of the 3 ledgers is dated on or after 2027-01-01" in err


def test_stats_of_an_evening_of_every_contract_fits_100_columns(tmp_path: Path) -> None:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", path)[0] == 0
    hands = [
        ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-b", "pagat,announced"],
        ["-c", "dreier", "-d", "Bert", "-t", "40"],
        ["-c", "solodreier", "-d", "Cilli", "-t", "40"],
        ["-c", "bettler", "-d", "Dani", "--won"],
        ["-c", "piccolo", "-d", "Anna", "--lost"],
        ["-c", "farbendreier", "-d", "Bert", "-t", "40"],
        ["-c", "sechserdreier", "-d", "Cilli", "-t", "30"],
        ["-c", "besserrufer", "-d", "Dani", "-w", "Anna", "-t", "40", "-b", "uhu,announced"],
        ["-c", "solorufer", "-d", "Anna", "-w", "Bert", "-t", "50"],
        ["-c", "farbensolo", "-d", "Bert", "-t", "40"],
        ["-c", "piccolo_ouvert", "-d", "Cilli", "--won"],
        ["-c", "bettler_ouvert", "-d", "Dani", "--won"],
    ]
    for hand in hands:
        assert run("record", *hand, "-l", path)[0] == 0
    code, narrow, _ = run("stats", path)
    assert code == 0
    assert max(len(line) for line in narrow.splitlines()) <= 100
    # every contract Anna declared is still there, one line per player instead of a column each
    assert re.search(
        r"^Anna: declared Rufer 1/1, Solorufer 1/1, Piccolo 0/1; bonuses Pagat 1/1, Uhu 1/1$", narrow, re.M
    )
    code, wide, _ = run("stats", path, "--wide")
    assert code == 0
    assert max(len(line) for line in wide.splitlines()) > 100
    assert "Bettler Ouvert" in wide.splitlines()[7]  # the contracts' header, one column each


@pytest.mark.parametrize("command", ["season", "stats"])
@pytest.mark.parametrize(
    ("alias", "wrong"),
    [
        ("Berti=Be\x1brt", "U+001B"),
        ("Ber\u202eti=Bert", "U+202E"),
        ("Berti=Bert\u2028", "U+2028"),
        ("Berti=B" + "e" * 60 + "rt", "at most 40 characters"),
        ("Berti==SUM(1+1)", "a comma, '=' or ';'"),
        ("Berti=A;B", "a comma, '=' or ';'"),
    ],
)
def test_an_alias_is_held_to_the_rules_of_a_players_name(
    club: Path, command: str, alias: str, wrong: str
) -> None:
    code, out, err = run(command, str(club), "--alias", alias, "-f", "json")
    assert code == 2 and out == "", (code, out)
    assert err.startswith(f"error: --alias {alias!r}: "), err
    assert wrong in err, err


def test_an_alias_file_is_held_to_the_rules_of_a_players_name(club: Path, tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.toml"
    aliases.write_text(
        '[aliases]\nBerti = "Bert\\u001b[2J"\n"Hans\\u202e" = "Bert"\nZed = "=1+1"\n', encoding="utf-8"
    )
    code, out, err = run("season", str(club), "--aliases", str(aliases), "-f", "json")
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 3, err
    assert lines[0].startswith(f"error: --aliases: {aliases}: aliases.Berti: ") and "U+001B" in lines[0]
    assert lines[1].startswith(f"error: --aliases: {aliases}: aliases.Hans\\u202e: ") and "U+202E" in lines[1]
    assert lines[2].startswith(f"error: --aliases: {aliases}: aliases.Zed: ") and "'='" in lines[2]


def test_an_unused_alias_is_named_where_it_was_given(club: Path, tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nHansi = "Hans"\nBerti = "Bert"\n', encoding="utf-8")
    code, _, err = run("season", str(club), "--aliases", str(aliases), "--alias", "Rudi = Rudolf")
    assert code == 0
    assert err.splitlines()[1:] == [  # after the hand file lying in the folder
        f"warning: {aliases}: aliases.Hansi: nobody called 'Hansi' played in these ledgers",
        "warning: --alias 'Rudi = Rudolf': nobody called 'Rudi' played in these ledgers",
    ]


def test_an_unused_alias_s_hint_names_only_a_plausible_spelling(club: Path) -> None:
    """'Franzi' is not 'Dani' misspelt (three letters in common); 'Bertl' may be 'Berti' (one letter)."""
    code, _, err = run("season", str(club), "--alias", "Franzi=Franz", "--alias", "bertl=Bert")
    assert code == 0
    said = [line for line in err.splitlines() if "nobody called" in line]
    assert said == [
        "warning: --alias 'Franzi=Franz': nobody called 'Franzi' played in these ledgers",
        "warning: --alias 'bertl=Bert': nobody called 'bertl' played in these ledgers (did you mean 'Berti'?)",
    ]


def test_stats_name_contracts_and_bonuses_as_the_players_say_them(tmp_path: Path) -> None:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", path)[0] == 0
    hand = ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-b", "king_ultimo", "-b", "four_kings"]
    assert run("record", *hand, "-l", path)[0] == 0
    code, english, _ = run("stats", path)
    assert code == 0 and "Four Kings 1 silent, King Ultimo 1 silent" in english
    code, german, _ = run("--lang", "de", "stats", path)
    assert code == 0 and "Vier Könige 1 still, König ultimo 1 still" in german
    assert "four_kings" not in english + german and "king_ultimo" not in english + german


@pytest.mark.parametrize("command", ["season", "stats"])
def test_the_json_warnings_are_every_warning_said_on_stderr(club: Path, command: str) -> None:
    # a file skipped for not being a ledger, one left out with --skip-bad, and a name spelt two
    # ways: the JSON's warnings are the stderr's lines, each without its 'warning: '
    broken = club / "broken.toml"
    broken.write_text("schema = 2\nnot [ toml\n", encoding="utf-8")  # a ledger broken by hand
    code, out, err = run(command, str(club), "--skip-bad", "--json")
    assert code == 0, err
    said = [line.removeprefix("warning: ") for line in err.splitlines()]
    assert len(said) == 3
    assert json.loads(out)["warnings"] == said
    assert any(w.startswith(f"{broken}: left out (--skip-bad): {broken}:2: not valid TOML") for w in said)
    assert f"{club / 'hand.toml'}: not a ledger: this is a hand file, skipped" in said
    assert any("--alias 'Berti=Bert'" in w for w in said)
    # in German the lines on stderr are German, the JSON's the same English ones
    code, german, err = run("--lang", "de", command, str(club), "--skip-bad", "--json")
    assert code == 0 and err.startswith("Warnung: ")
    assert json.loads(german)["warnings"] == said


def test_a_german_chart_writes_the_evenings_dates_as_its_title_does(club: Path, tmp_path: Path) -> None:
    # the club's evenings are of 2026-03-05, 2026-03-12 and 2026-03-19: the second and the third
    # begin at a dashed line, labelled 12.03.2026 and 19.03.2026 in German as the title writes them
    target = tmp_path / "saison.svg"
    code, _, err = run("--lang", "de", "chart", str(club), "--alias", "Berti=Bert", "-o", str(target))
    assert code == 0, err
    svg = target.read_text(encoding="utf-8")
    assert "Saison 05.03.2026 bis 19.03.2026 (3 Abende)" in svg
    labels = re.findall(r'font-size="11">([^<]*)</text>', svg)
    assert labels == ["12.03.2026", "19.03.2026"]
    # in English, the ledger's form
    code, _, err = run("chart", str(club), "--alias", "Berti=Bert", "-o", str(target))
    assert code == 0, err
    assert re.findall(r'font-size="11">([^<]*)</text>', target.read_text(encoding="utf-8")) == [
        "2026-03-12",
        "2026-03-19",
    ]


@pytest.mark.parametrize(
    ("lang", "missing", "column"),
    [("en", "expected '=' after the key", "column"), ("de", "nach dem Schlüssel fehlt '='", "Spalte")],
)
def test_a_ledger_that_is_not_toml_is_told_a_ledgers_key_not_a_hand_files(
    club: Path, tmp_path: Path, lang: str, missing: str, column: str
) -> None:
    # A ledger broken by hand (line 2 lost its '='): the hint shows a line of a ledger
    # (docs/ledger-format.md: date = "2026-03-05"), not of a hand file (contract = "rufer"), in
    # a season and in check and show of that ledger; a hand file, an alias file and a profile
    # each show one of their own.
    bad = tmp_path / "bad.toml"
    bad.write_text("schema = 2\nfoo bar\n", encoding="utf-8")
    said = f'{bad}:2: {{}}: {missing} (date = "2026-03-05") ({column} 5)'
    for command in (
        ["season", str(club / "c.toml"), str(bad)],
        ["check", "-l", str(bad)],
        ["show", "-l", str(bad)],
    ):
        code, out, err = run("--lang", lang, *command)
        assert code == 1 and out == "", command
        assert said.format("not valid TOML" if lang == "en" else "kein gültiges TOML") in err, (command, err)
        assert "rufer" not in err
    code, _, err = run("--lang", lang, "season", str(club), "--aliases", str(bad))
    assert code == 2 and '(Hansi = "Hans")' in err, err
    code, _, err = run("--lang", lang, "season", str(club), "--rescore", str(bad))
    assert code == 1 and '(extends = "koenigrufen")' in err, err
    code, _, err = run("--lang", lang, "score", str(bad))
    assert code == 1 and '(contract = "rufer")' in err, err


def test_a_player_without_hands_has_the_points_per_hand_the_docs_give(tmp_path: Path) -> None:
    # A table scored from its paper sheet has no hands (docs/tournament.md): Emil sat only there.
    # docs/machine-output.md keeps points_per_hand a string, and says what it is with no hands.
    from tarockscore.evening.paper import on_paper
    from tests.test_season import AT, evening

    doc = (ROOT / "docs" / "machine-output.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| `points_per_hand` | string |")]
    assert len(rows) == 2 and all('`"0.00"` for a player with no hands' in row for row in rows), rows
    paper = on_paper(
        evening(["Anna", "Bert", "Cilli", "Emil"], [], day="2026-03-12"),
        {"Anna": 12, "Bert": -4, "Cilli": -4, "Emil": -4},
        None,
        AT,
        label="round 1, table 2",
    )
    create(tmp_path / "t2.toml", paper)
    create(tmp_path / "a.toml", ledger_a())
    code, out, _ = run("season", str(tmp_path), "--json")
    assert code == 0
    (emil,) = [s for s in json.loads(out)["standings"] if s["player"] == "Emil"]
    assert (emil["victory_points"], emil["hands"], emil["points_per_hand"]) == (-4, 0, "0.00")
    code, out, _ = run("stats", str(tmp_path), "--json")
    (emil,) = [s for s in json.loads(out)["players"] if s["player"] == "Emil"]
    assert (emil["hands"], emil["points_per_hand"], emil["best"], emil["worst"]) == (0, "0.00", None, None)


def test_the_csv_is_utf8_without_a_byte_order_mark_and_the_docs_say_how_to_open_it(tmp_path: Path) -> None:
    # docs/machine-output.md: the CSV stays UTF-8 without a byte-order mark (scripts read it), and the
    # page says how to open it in a spreadsheet so that a name such as Müller reads right.
    doc = (ROOT / "docs" / "machine-output.md").read_text(encoding="utf-8")
    assert "CSV output is UTF-8 without a byte-order mark" in doc
    assert '"Unicode (UTF-8)"' in doc and '"65001: Unicode (UTF-8)"' in doc
    ledger = tmp_path / "m.toml"
    assert run("new", "--players", "Anna,Bert,Cilli,Müller", "--ledger", str(ledger))[0] == 0
    done = subprocess.run(
        [sys.executable, "-m", "tarockscore", "season", str(ledger), "--csv"],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"rank,player,")
    assert "Müller".encode() in done.stdout


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "{}: not a ledger: this is a tournament's format, skipped"),
        ("de", "{}: keine Schrift: das ist ein Turnierformat, übersprungen"),
    ],
)
def test_a_tournament_format_in_a_season_folder_is_skipped_not_taken_for_an_old_ledger(
    club: Path, lang: str, said: str
) -> None:
    # docs/season.md: a folder's TOML files that are not ledgers are skipped with a warning. A
    # tournament's format (formats/*.toml) has a key schema = 1 of its own: it stopped the whole
    # season as a ledger of schema 1, advising `tarockscore upgrade` on it, even with --skip-bad.
    fmt = club / "schrift.toml"
    fmt.write_bytes((ROOT / "formats" / "schrift.toml").read_bytes())
    code, out, err = run("--lang", lang, "season", str(club), "--alias", "Berti=Bert", "--json")
    assert code == 0, err
    assert rows(json.loads(out)) == BY_HAND
    assert said.format(fmt) in err
    assert "upgrade" not in err


@pytest.mark.parametrize(
    "notes",
    [
        b"Gerti hat die Runde bezahlt.\n",
        "Müller kommt später\n".encode("cp1252"),  # saved by an editor in the Windows code page
        "Notizen\n".encode("utf-16"),
    ],
)
@pytest.mark.parametrize("command", ["season", "stats"])
def test_notes_in_a_season_folder_are_skipped_even_where_they_are_no_toml(
    club: Path, notes: bytes, command: str
) -> None:
    # docs/season.md: a folder's files that are not ledgers (notes among them) are skipped with a
    # warning; a round's notes written as plain text under notes.toml stopped the whole season
    # (exit 1, "not valid TOML"). Every ledger sets `schema`; a file that does not is no evening.
    (club / "march" / "notes.toml").write_bytes(notes)
    code, out, err = run(command, str(club), "--alias", "Berti=Bert", "--json")
    assert code == 0, err
    skipped = f"{club / 'march' / 'notes.toml'}: not an evening's ledger, skipped"
    assert skipped in json.loads(out)["warnings"]
    assert f"warning: {skipped}" in err.splitlines()
    if command == "season":
        assert rows(json.loads(out)) == BY_HAND
    # a ledger broken by hand still stops it, as docs/season.md says: it may be an evening
    (club / "march" / "broken.toml").write_text("schema = 2\nnot [ toml\n", encoding="utf-8")
    code, out, err = run(command, str(club), "--alias", "Berti=Bert", "--json")
    assert code == 1 and out == "" and "broken.toml:2: not valid TOML" in err, err


def test_the_chart_reads_as_machine_output_md_says(club: Path) -> None:
    # docs/machine-output.md tells a script how to read the chart. Dani plays the evenings of
    # 03-05 and 03-12, misses 03-19 and comes back on 03-26: her line is two polylines, one per
    # run of hands she was at the table for, the second starting where the first left off.
    create(
        club / "d.toml",
        evening(["Anna", "Bert", "Cilli", "Dani"], [call("Dani", "Anna", 40)], day="2026-03-26"),
    )
    code, svg, err = run("chart", str(club), "--alias", "Berti=Bert", "-o", "-")
    assert code == 0, err
    section = (ROOT / "docs" / "machine-output.md").read_text(encoding="utf-8").split("## `chart`")[1]
    form = re.search(r"`(<polyline [^`]*>)`", section)
    assert form is not None
    # the form the page gives, each … standing for what varies, matches every line drawn
    parts = re.split(r"(NAME|x,y …|…)", form.group(1).removesuffix(">"))
    pattern = "".join({"NAME": '[^"]*', "x,y …": '[^"]*', "…": "[^>]*"}.get(p, re.escape(p)) for p in parts)
    drawn = re.findall(r"<polyline [^>]*>", svg)
    assert [line for line in drawn if re.match(pattern, line)] == drawn and len(drawn) == 6, (pattern, drawn)
    dani = re.findall(r'<polyline data-player="Dani"[^>]* points="([^"]*)"', svg)
    assert [len(points.split()) for points in dani] == [1 + 4 + 5, 1 + 1]  # the start, then a point per hand
    assert dani[0].split()[-1].split(",")[1] == dani[1].split()[0].split(",")[1]
    assert "one for each run of hands the player was at the table for" in " ".join(section.split())


def test_an_evening_begun_without_hands_under_a_payout_profile_is_no_ledger_without_payout(
    tmp_path: Path,
) -> None:
    # Under ooe-2023 Kontra moves the money alone: every ledger of it keeps a payout, 0 before its
    # first hand. The season of Friday (one hand) and of Saturday (begun, no hand yet) warned
    # "payout is known for 1 of 2 ledgers only", and Saturday alone had no payout column.
    # Friday's hand: a Dreier by Bert won with a Kontra, 4 a Defender [OÖ23 Tarif], zero-sum;
    # on the sheet Bert +12, each Defender -4; the Kontra doubles the money alone: +24, -8.
    friday, saturday = str(tmp_path / "friday.toml"), str(tmp_path / "saturday.toml")
    for path, day in ((friday, "2026-03-06"), (saturday, "2026-03-07")):
        assert run("new", "-p", "Anna,Bert,Cilli,Dani", "-P", "ooe-2023", "--date", day, "-l", path)[0] == 0
    assert run("record", "-c", "dreier", "-d", "Bert", "-t", "40", "-k", "kontra", "-l", friday)[0] == 0
    code, out, err = run("season", str(tmp_path), "--json")
    assert code == 0 and err == "", err
    data = json.loads(out)
    assert data["warnings"] == []
    assert {s["player"]: (s["victory_points"], s["payout"], s["evenings"]) for s in data["standings"]} == {
        "Bert": (12, 24, 2),
        "Anna": (-4, -8, 2),
        "Cilli": (-4, -8, 2),
        "Dani": (-4, -8, 2),
    }
    code, out, err = run("season", saturday, "--csv")
    assert code == 0 and out.splitlines()[0].endswith(",payout"), out


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_json_csv_and_svg_are_utf8_whatever_the_locale_encodes_standard_output_in(
    tmp_path: Path, encoding: str
) -> None:
    # docs/machine-output.md: CSV output is UTF-8 and stays so, JSON one document. Redirected to a
    # file where the locale is not UTF-8 (Windows writes a pipe or a file in its code page,
    # cp1252), Müller came out as the byte 0xFC, Łukasz as the text \u0141ukasz, and under ASCII
    # the JSON held \xfc, which is no JSON.
    ledger = tmp_path / "m.toml"
    assert run("new", "--players", "Anna,Łukasz,Cilli,Müller", "--ledger", str(ledger))[0] == 0
    environment = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONUTF8": "0"}
    for command in (
        ["season", str(ledger), "--csv"],
        ["season", str(ledger), "--json"],
        ["show", "-l", str(ledger), "--json"],
        ["chart", str(ledger), "-o", "-"],  # an SVG that says encoding="UTF-8"
    ):
        done = subprocess.run(
            [sys.executable, "-m", "tarockscore", *command], capture_output=True, check=False, env=environment
        )
        assert done.returncode == 0, done.stderr
        text = done.stdout.decode("utf-8")
        assert "Müller" in text and "Łukasz" in text, (command, done.stdout)
        if "--json" in command:
            assert "Łukasz" in json.dumps(json.loads(text), ensure_ascii=False)


@pytest.mark.parametrize("command", ["season", "stats", "chart"])
def test_skip_bad_says_it_leaves_out_a_ledger_that_cannot_be_read_too(club: Path, command: str) -> None:
    # --help said --skip-bad leaves out "a ledger that fails its check (changed outside
    # tarockscore)"; it leaves out one that cannot be read as well (docs/season.md), as here.
    said = " ".join(run(command, "--help")[1].split())
    assert "a ledger that cannot be read or fails its check (changed outside tarockscore)" in said, said
    (club / "broken.toml").write_text("schema = 2\nnot [ toml\n", encoding="utf-8")
    out = ["-o", "-"] if command == "chart" else ["--json"]
    code, _, err = run(command, str(club), "--alias", "Berti=Bert", "--skip-bad", *out)
    assert code == 0 and "broken.toml: left out (--skip-bad)" in err, err


def test_a_season_whose_only_ledger_is_left_out_does_not_say_no_ledger_was_found(tmp_path: Path) -> None:
    # a ledger was found, and left out with --skip-bad (docs/season.md): "no ledgers found in
    # broken.toml" said the file the user gave was not there or no ledger
    broken = tmp_path / "broken.toml"
    broken.write_text("schema = 2\nnot [ toml\n", encoding="utf-8")
    code, _, err = run("season", str(broken), "--skip-bad")
    assert code == 0 and "broken.toml: left out (--skip-bad)" in err, err
    assert "no ledgers found" not in err, err


def test_the_exit_code_of_an_alias_file_that_cannot_be_read_is_the_one_the_page_gives(
    club: Path, tmp_path: Path
) -> None:
    # docs/machine-output.md gave exit 1 for "a file that cannot be read"; an --aliases file that
    # is not there or is no alias file is a usage error (2), as the option's other mistakes are.
    # The page's row for 2 now names it, so a script does not wait for 1.
    doc = (ROOT / "docs" / "machine-output.md").read_text(encoding="utf-8")
    usage = next(line for line in doc.splitlines() if line.startswith("| 2 | usage"))
    assert "an `--aliases` file that is not there or cannot be read" in usage
    for given in (tmp_path / "nowhere.toml", ROOT / "profiles" / "pagat.toml"):
        code, out, err = run("season", str(club), "--aliases", str(given), "--json")
        assert code == 2 and out == "" and err.startswith("error: "), err


def test_an_alias_files_wrong_key_is_told_at_the_option_as_its_unreadable_toml_is(
    club: Path, tmp_path: Path
) -> None:
    # `--aliases` broken TOML was told at `--aliases:`, a wrong key or name in it at the file alone
    aliases = tmp_path / "aliases.toml"
    aliases.write_text("[aliases]\nBerti = 7\n[alias]\n", encoding="utf-8")
    code, out, err = run("season", str(club), "--aliases", str(aliases))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"error: --aliases: {aliases}: alias: unknown key; an alias file has one table, [aliases]"
        " (did you mean 'aliases'?)",
        f"error: --aliases: {aliases}: aliases.Berti: 7 is not a player's name",
    ]


def test_an_alias_given_over_the_alias_file_is_said(tmp_path: Path) -> None:
    """docs/season.md: an `--alias` that names an alias of the `--aliases` file otherwise is taken
    over the file's, and said; it was taken without a word."""
    _hans_and_hansi(tmp_path / "club")
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nHansi = "Hans"\n', encoding="utf-8")
    args = ["season", str(tmp_path / "club"), "--aliases", str(aliases), "--alias", "Hansi=Hans Huber"]
    code, out, err = run(*args, "--csv")
    assert code == 0, err
    assert "1,Hans Huber,2,2,2,1.00" in out.splitlines()
    said = f"--alias 'Hansi=Hans Huber' is taken over {aliases}: aliases.Hansi = 'Hans'"
    assert err == f"warning: {said}\n"
    assert json.loads(run(*args, "--json")[1])["warnings"] == [said]
    # the same name in both: nothing to say
    assert run(*args[:-1], "Hansi=Hans", "--csv")[2] == ""


def test_season_and_chart_say_every_refused_option_in_one_run(club: Path, tmp_path: Path) -> None:
    for command in ("season", "stats"):
        code, out, err = run(command, str(club), "--from", "bad", "--format", "xml")
        assert (code, out) == (2, "")
        lines = err.splitlines()
        assert len(lines) == 2 and lines[0] == "error: --format: 'xml': this command prints table, json, csv"
        assert lines[1].startswith("error: --from: ") and "'bad'" in lines[1], lines
    code, out, err = run("chart", str(club), "-o", str(tmp_path / "x.txt"), "--from", "bad")
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"error: --output '{tmp_path / 'x.txt'}': write "), lines
    assert lines[1].startswith("error: --from: ") and "'bad'" in lines[1], lines
    assert not (tmp_path / "x.txt").exists()


def test_a_ledger_given_as_the_alias_file_is_said_to_be_a_ledger_in_one_line(club: Path) -> None:
    ledger = club / "c.toml"
    for command in ("season", "stats"):
        code, out, err = run(command, str(club), "--aliases", str(ledger))
        assert (code, out) == (2, "")
        assert (
            err == f"error: --aliases: {ledger}: not an alias file: this is a ledger (an evening's hands)\n"
        )
