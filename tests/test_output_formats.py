"""One output path: every evening command that prints a table takes --format, --json and --csv alike.

The evening is that of tests/test_cli_ledger.py, worked by hand from profiles/koenigrufen.toml
(Simplified Scoring, [CTK]): hand 1 a Rufer won by Anna + Cilli with Kontra (1 × 2) and an
announced Pagat (1 × 2): Anna +4, Cilli +4; hand 2 a Dreier by Cilli lost (value 5): Anna, Bert,
Dani +5; hand 3 a Rufer won by Dani + Bert: +1 each. Totals: Anna 9, Bert 6, Cilli 4, Dani 6.
"""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

from tests.stored import unfolded
from tests.test_cli_ledger import evening, run
from tests.test_kontra_by_defender import result_cells

TOTALS = {"Anna": 9, "Bert": 6, "Cilli": 4, "Dani": 6}


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.toml")
    result = run("new", "--players", "Anna,Bert,Cilli,Dani", "--stake", "0.10", "--ledger", path)
    assert result.exit_code == 0, result.stderr
    evening(path)
    return path


def _csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_show_table_with_long_names_fits_80_columns(tmp_path: Path) -> None:
    # a name is wrapped between its words where the table needs the room, as the hand's line is
    path = str(tmp_path / "long.toml")
    players = "Maximilian Oberhuber,Bernadette Schwarzenegger,Cilli,Dani"
    assert run("new", "--players", players, "--ledger", path).exit_code == 0
    for hand in (["-c", "rufer", "-d", "Max", "-w", "Cilli"], ["-c", "dreier", "-d", "Bern"]):
        done = run("record", *hand, "-t", "40", "--ledger", path)
        assert done.exit_code == 0, done.stderr
    out = run("show", "--ledger", path).stdout
    assert max(len(line) for line in out.splitlines()) <= 80, out
    assert "Schwarzenegger" in out.splitlines()[2], out  # the title's second line
    # double-barrelled names (a name may have 40 characters) wrap at their hyphens where the
    # words alone leave the table wider than 80 columns (it was 86)
    path = str(tmp_path / "hyphens.toml")
    players = "Maximilian Oberhuber-Schwarzenberg,Bertram Kleinschmidt-Ehrenfeld,Cilli,Dani"
    assert run("new", "--players", players, "--ledger", path).exit_code == 0
    assert (
        run("record", "-c", "rufer", "-d", "Cilli", "-w", "Dani", "-t", "40", "--ledger", path).exit_code == 0
    )
    for lang in ("en", "de"):
        out = run("--lang", lang, "show", "--ledger", path).stdout
        assert max(len(line) for line in out.splitlines()) <= 80, out
    assert "Oberhuber-" in out.splitlines()[2] and "Schwarzenberg" in out.splitlines()[3], out


@pytest.mark.parametrize("how", [["--json"], ["--format", "json"], ["-f", "json"]])
def test_show_json_the_same_three_ways(ledger: str, how: list[str]) -> None:
    result = run("show", *how, "--ledger", ledger)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == TOTALS


def test_show_json_is_one_document_indented_by_two(ledger: str) -> None:
    # docs/machine-output.md: one JSON document; written as json.dumps(..., indent=2) writes it.
    out = run("show", "--json", "--ledger", ledger).stdout
    assert out.startswith('{\n  "profile": {\n    "name": "koenigrufen",\n')
    assert '\n  "hands": [\n    {\n      "number": 1,\n' in out
    assert out.endswith("\n}\n")
    assert out == json.dumps(json.loads(out), indent=2, ensure_ascii=False) + "\n"


def test_show_table_fits_80_columns_each_hand_said_by_its_line(ledger: str) -> None:
    # Each column as wide as its widest cell or title; two spaces between; each hand said by its
    # line as `record` says it (hand 1 with its Kontra), in the room the other columns leave of 80;
    # the hand's number and each player's points to the right, the words to the left. The points
    # as worked in the docstring; the money at 0.10 as in test_settle_csv_one_row_per_payment.
    out = run("show", "--ledger", ledger).stdout
    assert out == (
        "profile koenigrufen · stake 0.10 per point\n"
        "#  dealer  hand                                     Anna    Bert   Cilli    Dani\n"
        "-  ------  -------------------------------------  ------  ------  ------  ------\n"
        "1  Dani    rufer by Anna with Cilli, kontra, won  +4 → 4   0 → 0  +4 → 4   0 → 0\n"
        "2  Anna    dreier by Cilli, lost                  +5 → 9  +5 → 5   0 → 4  +5 → 5\n"
        "3  Bert    rufer by Dani with Bert, won            0 → 9  +1 → 6   0 → 4  +1 → 6\n"
        "           total                                       9       6       4       6\n"
        "           money                                   +1.10   -0.10   -0.90   -0.10\n"
    )
    # in German too, the line wrapped between its clauses where it needs more room
    out = run("--lang", "de", "show", "--ledger", ledger).stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "1  Dani   Rufer von Anna mit Cilli, Kontra,   +4 → 4" in out
    assert "\n          gewonnen\n" in out


def test_show_csv_by_format_is_the_csv_shorthand(ledger: str) -> None:
    shorthand = run("show", "--csv", "--ledger", ledger)
    long_form = run("show", "--format", "csv", "--ledger", ledger)
    assert shorthand.exit_code == long_form.exit_code == 0
    assert shorthand.stdout == long_form.stdout
    rows = _csv(shorthand.stdout)
    assert rows[-1][rows[0].index("Anna total")] == "9"


def test_two_formats_at_once_are_refused(ledger: str) -> None:
    result = run("show", "--json", "--format", "csv", "--ledger", ledger)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "error: give --format or --json, not both\n"


def test_a_format_the_command_has_not_is_refused_naming_the_option(ledger: str) -> None:
    result = run("show", "--format", "html", "--ledger", ledger)
    assert result.exit_code == 2
    assert result.stderr == "error: --format: 'html': this command prints table, json, csv\n"


def test_settle_csv_one_row_per_payment(ledger: str) -> None:
    # Simplified Scoring at 0.10: each pair settles the difference of its totals. Balances:
    # Anna (9-6)+(9-4)+(9-6) = 11 → +1.10; Bert (6-9)+(6-4)+0 = -1 → -0.10; Cilli -5-2-2 = -9 → -0.90;
    # Dani -3+0+2 = -1 → -0.10. The payments add up to who receives: Anna 1.10 in all.
    result = run("settle", "--csv", "--ledger", ledger)
    assert result.exit_code == 0, result.stderr
    rows = _csv(result.stdout)
    assert rows[0] == ["from", "to", "amount"]
    received: dict[str, Decimal] = {}
    for payer, payee, amount in rows[1:]:
        received[payee] = received.get(payee, Decimal(0)) + Decimal(amount)
        received[payer] = received.get(payer, Decimal(0)) - Decimal(amount)
    assert received == {
        "Anna": Decimal("1.10"),
        "Bert": Decimal("-0.10"),
        "Cilli": Decimal("-0.90"),
        "Dani": Decimal("-0.10"),
    }
    as_json = json.loads(run("settle", "-f", "json", "--ledger", ledger).stdout)
    assert as_json["balances"] == {"Anna": "1.10", "Bert": "-0.10", "Cilli": "-0.90", "Dani": "-0.10"}


def test_settle_csv_prints_the_columns_machine_output_documents(ledger: str) -> None:
    # docs/machine-output.md names settle's CSV columns as it names season's: the header printed
    # is that list, in that order, and each amount is to the cent (a stake has at most 2 decimals).
    doc = (Path(__file__).resolve().parent.parent / "docs" / "machine-output.md").read_text(encoding="utf-8")
    section = doc.split("\n## `settle --json` and `settle --csv`\n", 1)[-1].split("\n## ", 1)[0]
    said = re.search(r"`--format csv` \(or `--csv`\) columns, in this order: ([^.]*)\.", section)
    assert said is not None, "docs/machine-output.md does not list settle's CSV columns"
    rows = _csv(run("settle", "--csv", "--ledger", ledger).stdout)
    assert rows[0] == re.findall(r"`(\w+)`", said.group(1)) == ["from", "to", "amount"]
    assert all(re.fullmatch(r"\d+\.\d\d", amount) for _, _, amount in rows[1:])


def test_rescore_csv_each_player_under_both_profiles(ledger: str) -> None:
    # Under koenigrufen itself nothing changes: each player's total twice and a difference of 0.
    result = run("rescore", "--profile", "koenigrufen", "--csv", "--ledger", ledger)
    assert result.exit_code == 0, result.stderr
    rows = _csv(result.stdout)
    assert rows[0] == ["player", "koenigrufen (stored)", "koenigrufen (re-scored)", "difference"]
    assert {r[0]: (int(r[1]), int(r[2]), r[3]) for r in rows[1:]} == {
        p: (t, t, "0") for p, t in TOTALS.items()
    }


def test_score_csv_one_row_per_bet() -> None:
    # The README's hand: Rufer 1 × 2 Kontra = 2, Pagat announced 1 × 2 = 2; Anna and Cilli +2 on each.
    result = run(
        "score", "-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli",
        "-t", "40 1/3", "-k", "kontra", "-b", "pagat,announced", "--csv",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    rows = _csv(result.stdout)
    assert rows[0] == ["bet", "base", "factors", "value", "winners", "Anna", "Bert", "Cilli", "Dani"]
    assert rows[1] == ["contract", "1", "x2", "2", "Anna Cilli", "2", "0", "2", "0"]
    assert rows[2] == ["pagat", "1", "x2", "2", "Anna Cilli", "2", "0", "2", "0"]


def test_score_csv_prints_the_columns_machine_output_documents() -> None:
    # A script reads `score --csv` by its header: docs/machine-output.md lists the columns, then one
    # per player in seat order. The hand of examples/koenigrufen-call.toml is played by Anna, Bert,
    # Cilli and Dani, in that order.
    root = Path(__file__).resolve().parent.parent
    doc = (root / "docs" / "machine-output.md").read_text(encoding="utf-8")
    section = doc.split("\n## `score --csv`\n", 1)[-1].split("\n## ", 1)[0]
    said = re.search(r"Columns, in this\s+order: ([^.]*), then one column per player in seat order", section)
    assert said is not None, "docs/machine-output.md does not list score's CSV columns"
    documented = re.findall(r"`(\w+)`", said.group(1))
    table = set(re.findall(r"^\| `(\w+)` \|", section, flags=re.MULTILINE))
    assert table == set(documented)  # each column listed is described in the table below it
    result = run("score", str(root / "examples" / "koenigrufen-call.toml"), "--csv")
    assert result.exit_code == 0, result.stderr
    assert _csv(result.stdout)[0] == [*documented, "Anna", "Bert", "Cilli", "Dani"]


def test_profiles_json_lists_the_shipped_profiles() -> None:
    result = run("profiles", "--json")
    assert result.exit_code == 0, result.stderr
    listed = {p["profile"]: p for p in json.loads(result.stdout)}
    assert listed["koenigrufen"]["settlement"] == "simplified"
    assert listed["koenigrufen"]["ceiling"] == "rekontra"  # [CTK] "Rekontra … ×4", the house steps off


# Each command that prints a result, and the formats it prints (docs/machine-output.md): only
# `tournament standings` has a printable page, and `profiles show` prints no CSV.
FORMATS_OF = [
    (["show"], "table, json, csv"),
    (["settle"], "table, json, csv"),
    (["rescore", "-P", "zwanzigerrufen"], "table, json, csv"),
    (
        ["score", "-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "40"],
        "table, json, csv",
    ),
    (["season"], "table, json, csv"),
    (["stats"], "table, json, csv"),
    (["profiles"], "table, json, csv"),
    (["profiles", "show", "koenigrufen"], "table, json"),
    (["tournament", "draw", "day", "-r", "1"], "table, json, csv"),
    (["tournament", "standings", "day"], "table, json, csv, html"),
    (["tournament", "money", "day"], "table, json, csv"),
    (["cup", "standings", "day", "--points", "points.toml"], "table, json, csv"),
]


@pytest.mark.parametrize(("command", "formats"), FORMATS_OF)
def test_an_unknown_format_is_refused_naming_the_commands_own_formats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], formats: str
) -> None:
    # `settle --format xml` listed html, which settle does not print; the list is the command's
    # own, said as `--format html` is refused, before anything is read (no ledger or day here).
    monkeypatch.chdir(tmp_path)
    for given in ("xml", "html", "HTML "):
        if given.strip().lower() in formats.split(", "):
            continue
        result = run(*command, "--format", given)
        assert (result.exit_code, result.stdout) == (2, ""), (command, given)
        said = f"error: --format: {given!r}: this command prints {formats}\n"
        if command[0] == "cup":  # its points file and its days are said beside it, in one run
            assert result.stderr.startswith(said) and "error: --points: points.toml: no such" in result.stderr
        elif command[0] in ("season", "stats"):  # and the evening's ledger that is not here
            assert result.stderr.startswith(said) and "tarock-ledger.toml: no ledger here" in result.stderr
        else:
            assert result.stderr == said
    assert list(tmp_path.iterdir()) == []


# Long names, as testers gave them: the seat order, then each hand with a Kontra on its contract
LONG = ["Maximilian", "Bartholomäus", "Anna-Lena", "Anna-Maria"]
RESULTS = {"en": ("hand", "won", "lost"), "de": ("Spiel", "gewonnen", "verloren")}
STEPS = {"en": ("kontra", "rekontra"), "de": ("Kontra", "Rekontra")}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_shows_hand_column_carries_the_kontra_on_the_contract_and_stays_narrow(
    tmp_path: Path, lang: str
) -> None:
    # As the phones' line says "Rufer by Anna with Cilli, Kontra, won", the sheet's hand column
    # says the step before the outcome; ten hands among long names, each cell wrapped to 16 columns.
    path = str(tmp_path / "long.toml")
    assert run("new", "--players", ",".join(LONG), "--ledger", path).exit_code == 0
    for i in range(10):
        declarer, partner = LONG[i % 4], LONG[(i + 2) % 4]
        step = ("kontra", "rekontra")[i % 2]
        # 40 card points win a Rufer, 30 lose it (docs/rules: the declarers need 36)
        points = ("40", "30")[i % 2]
        result = run(
            "record", "-c", "rufer", "-d", declarer, "-w", partner, "-t", points, "-k", step, "-l", path
        )
        assert result.exit_code == 0, result.stderr
    shown = run("--lang", lang, "show", "--ledger", path).stdout
    title, won, lost = RESULTS[lang]
    kontra, rekontra = STEPS[lang]
    rufer, by, with_ = {"en": ("rufer", "by", "with"), "de": ("Rufer", "von", "mit")}[lang]
    assert result_cells(shown, title) == [
        f"{rufer} {by} {LONG[i % 4]} {with_} {LONG[(i + 2) % 4]}, {(kontra, rekontra)[i % 2]}, {(won, lost)[i % 2]}"
        for i in range(10)
    ]
    dashes = shown.splitlines()[2].split()
    titles = shown.splitlines()[1].split()
    assert len(dashes[titles.index(title)]) <= 16


def test_a_name_that_is_a_column_of_the_sheet_s_csv_is_refused_at_new(tmp_path: Path) -> None:
    """docs/machine-output.md: a script reads the CSV by its columns' names. A player called
    `dealer` or `won`, or `Anna total` beside an Anna, would give the header two columns of one
    name; `new` refuses such a name (usage, exit 2), naming it, and writes nothing."""
    path = tmp_path / "evening.toml"
    result = run("new", "--players", "Anna,Anna total,Dealer,won", "--ledger", str(path))
    assert result.exit_code == 2
    assert "'Anna total', 'Dealer', 'won'" in result.stderr, result.stderr
    assert "column" in result.stderr and not path.exists()
    assert run("new", "--players", "Anna,Bert total,Cilli,Dani", "--ledger", str(path)).exit_code == 0
    eight = "Anna,Bert,Cilli,Dani,Emil,Fritzi,Gerti,winners"
    day = ["--rounds", "1", "--games", "4", "--profile", "ooe-2023", "--format", "schrift"]
    refused = run("tournament", "new", str(tmp_path / "day"), "--players", eight, *day)
    assert refused.exit_code == 2 and "'winners': a name may not be a column" in refused.stderr


def test_score_csv_refuses_a_player_named_as_one_of_its_columns(tmp_path: Path) -> None:
    """`score -p "value,…" --csv` printed a header with two `value` columns, which a script reading
    the columns by name cannot tell apart: the name is refused as `new` refuses it, named at the
    option (a hand file's at its `players` line); the JSON, keyed otherwise, still takes it."""
    hand = ["-c", "rufer", "-d", "1", "-w", "2", "-t", "40"]
    refused = run("score", "-p", "value,Bert,Cilli,Dani", *hand, "--csv")
    assert refused.exit_code == 1 and refused.stdout == ""
    assert "-p value,Bert,Cilli,Dani: 'value': a name may not be a column" in refused.stderr, refused.stderr
    path = tmp_path / "hand.toml"
    path.write_text(
        'players = ["Anna", "Bet", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\n'
        'partner = "Cilli"\ncard_points = 40\n',
        encoding="utf-8",
    )
    in_file = run("score", str(path), "--csv")
    assert in_file.exit_code == 1 and f"{path}:1: players: 'Bet': a name may not" in in_file.stderr, (
        in_file.stderr
    )
    assert run("score", "-p", "value,Bert,Cilli,Dani", *hand, "--json").exit_code == 0


def test_a_ledger_whose_names_are_columns_is_read_all_the_same(tmp_path: Path) -> None:
    """A ledger written before the names were refused is read and shown as it is."""
    from tarockscore.evening import store
    from tarockscore.evening.model import new_ledger
    from tarockscore.io.inputs import load_profile

    path = tmp_path / "evening.toml"
    players = ["Anna", "Anna total", "dealer", "won"]
    store.create(path, new_ledger(players, load_profile("koenigrufen"), created="2026-12-05T18:00:00+00:00"))
    shown = run("show", "--csv", "--ledger", str(path))
    assert shown.exit_code == 0, shown.stderr
    assert _csv(shown.stdout)[0][8:] == [*players, *(f"{p} total" for p in players)]


def test_a_hands_bets_fit_80_columns_as_enter_shows_them_before_recording() -> None:
    # A Rufer won with Kontra and the announced Pagat: the factors wrapped between their words, the
    # widest other column (the bet) too where the room needs it; a plain one keeps it on one line.
    four = ["-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "40"]
    out = run("score", "-c", "rufer", *four, "-k", "kontra", "-b", "pagat,announced").stdout
    assert out == (
        "bet             base  factors       value  won by       Anna  Bert  Cilli  Dani\n"
        "--------------  ----  ------------  -----  -----------  ----  ----  -----  ----\n"
        "Rufer           1     ×2 Kontra on  2      Anna, Cilli  +2          +2\n"
        "                      the contract\n"
        "Pagat           1     ×2 announced  2      Anna, Cilli  +2          +2\n"
        "(announced)\n"
        "Victory Points                                          +4    0     +4     0\n"
    )
    # German titles are longer; an announced Valat with Rekontra has three factors: 80 columns too
    de = run("--lang", "de", "score", "-c", "rufer", *four, "-k", "kontra", "-b", "pagat,announced").stdout
    valat = run("score", "-c", "rufer", *four[:-2], "-b", "valat,announced,rekontra").stdout
    for table in (de, valat):
        assert max(map(len, table.splitlines())) <= 80, table
    assert (
        de.splitlines()[0].split()
        == "Posten Grundwert Faktoren Wert gewonnen von Anna Bert Cilli Dani".split()
    )
    assert valat.splitlines()[2:4] == [
        "Rufer Valat     1     ×8 Valat      32     Anna, Cilli  +32         +32",
        "(announced)           announced,",
    ]
    out = run("score", "-c", "rufer", *four, "-b", "trull").stdout
    assert out.splitlines()[2] == "Rufer           1     -        1      Anna, Cilli  +1          +1"


def test_the_lines_a_correction_settle_and_a_radl_print_fit_80_columns(tmp_path: Path) -> None:
    # settle's first line, the next hand inside a Radl, a replacement's line and its audit line in
    # show each ran to 84 to 113 columns: broken between their clauses, the later lines indented,
    # each reads back as the one line it was (the ledger stores it so)
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", "Anna,Bert,Cilli,Dani", "--stake", "0,10", "-l", path).exit_code == 0
    assert run("radl", "add", "-l", path).exit_code == 0
    recorded = run("record", "-c", "dreier", "-d", "Anna", "-t", "30", "-l", path).stdout
    fixed = run("replace", "1", "-c", "dreier", "-d", "Anna", "-t", "36", "-l", path).stdout
    said = [recorded, fixed, run("show", "-l", path).stdout, run("settle", "-l", path).stdout]
    for text in said:
        assert max(map(len, text.splitlines())) <= 80, text
    whole = [unfolded(text).splitlines() for text in said]
    assert (
        whole[0][-2]
        == "next: hand 2, Anna deals, Bert is Forehand; a Radl hand (×2), 2 more Radl hands after it"
    )
    replaced = (
        "hand 1 replaced: dreier by Anna, lost, Radl ×2 → dreier by Anna, won, Radl ×2; card points: 30 → 36"
    )
    assert whole[1][0] == replaced
    assert whole[2][-1].endswith(": " + replaced)
    assert whole[3][0] == (
        "stake 0.10 per Victory Point; totals; Simplified Scoring: every two players settle the difference of their totals"
    )


def test_show_s_first_line_fits_80_columns(tmp_path: Path) -> None:
    # the profile, the day, a long place and the stake ran to 95 columns: broken after a "·"
    path = str(tmp_path / "l.toml")
    place = "Café Sperl, Gumpendorfer Straße 11, Wien"
    new = ["new", "-p", "Anna,Bert,Cilli,Dani", "--stake", "0,10", "--date", "14.03.2025", "--place", place]
    assert run(*new, "-l", path).exit_code == 0
    first = run("show", "-l", path).stdout.splitlines()[:2]
    assert first == [
        "profile koenigrufen · 2025-03-14 · Café Sperl, Gumpendorfer Straße 11, Wien ·",
        "  stake 0.10 per point",
    ]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_explain_fits_80_columns_its_long_lines_folded_between_clauses(ledger: str, lang: str) -> None:
    # the profile's line and the sources' notes ran to 85–110 columns; folded as show's lines are,
    # each reads whole again as one line
    out = run("--lang", lang, "explain", "1", "--ledger", ledger).stdout
    assert max(map(len, out.splitlines())) <= 80, out
    whole = unfolded(out).splitlines()
    profile = {
        "en": "Profile 'koenigrufen': Königrufen: main rules (Calling the King), Simplified Scoring",
        "de": "Profil „koenigrufen“: Königrufen: Hauptregeln (Calling the King), vereinfachte Abrechnung",
    }
    assert profile[lang] in whole


@pytest.mark.parametrize("lang", ["en", "de"])
def test_score_s_note_fits_80_columns_as_its_table_does(tmp_path: Path, lang: str) -> None:
    # the Hüttenfleck's note (a house that plays it: [CTK] Hüttenfleck, an optional rule) ran to
    # 116 columns under the table fitted to 80
    house = tmp_path / "house.toml"
    house.write_text('extends = "koenigrufen"\n[kontra]\nhuettenfleck = true\n', encoding="utf-8")
    hand = [
        "-c",
        "dreier",
        "-p",
        "Anna,Bert,Cilli,Dani",
        "-d",
        "Bert",
        "-t",
        "40",
        "-k",
        "kontra",
        "--huettenfleck",
    ]
    out = run("--lang", lang, "score", "-P", str(house), *hand).stdout
    assert "Hüttenfleck" in out.splitlines()[-2] and max(map(len, out.splitlines())) <= 80, out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_score_explain_fits_80_columns_as_explain_does(lang: str) -> None:
    # `score --explain` printed the same profile's line and sources' notes as `explain N`, unfolded
    # (to 90 columns, 121 in German)
    hand = ("-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "1", "-w", "3", "-t", "40", "--explain")
    out = run("--lang", lang, "score", *hand).stdout
    assert max(map(len, out.splitlines())) <= 80, out
    notes = {
        "en": '[1] D4: winners add, losers add nothing [CTK "Simplified Scoring"]; or zero-sum settlement',
        "de": "[1] D4: die Gewinner schreiben, die Verlierer schreiben nichts [CTK „Simplified Scoring“];"
        " sonst Abrechnung mit Nullsumme",
    }
    assert notes[lang] in unfolded(out).splitlines()


def test_a_format_is_read_in_any_case_and_without_the_spaces_around_it(ledger: str) -> None:
    # `show -f JSON` and `--format "json "` were refused as formats the command does not print,
    # where --lang DE, a contract or a name are read in any case, a stake or a date with a space
    evening(ledger)
    json_out = run("show", "--json", "--ledger", ledger).stdout
    for typed in ("JSON", "json ", " Json"):
        shown = run("show", "--format", typed, "--ledger", ledger)
        assert (shown.exit_code, shown.stdout) == (0, json_out), shown.stderr
    refused = run("show", "--format", "HTML", "--ledger", ledger)
    assert (refused.exit_code, refused.stderr) == (
        2,
        "error: --format: 'HTML': this command prints table, json, csv\n",
    )


FIVE_LONG = "Maximiliane Oberhuber,Bartholomäus Wurzinger,Cäcilia Pfannhauser,Dagobert Kleinschmidt,Evangelina Rosenberger"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_explain_folds_a_long_line_of_a_bet_keeping_its_indent(tmp_path: Path, lang: str) -> None:
    # five players with long names: a bet's "won by …; on the sheet: …" line, indented under its
    # heading, ran to 118 columns; folded between its clauses, its later lines two further in
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", FIVE_LONG, "-l", path).exit_code == 0
    assert run("record", "-c", "rufer", "-d", "Max", "-w", "Cäc", "-t", "40", "-l", path).exit_code == 0
    out = run("--lang", lang, "explain", "1", "-l", path).stdout
    assert max(map(len, out.splitlines())) <= 80, out
    if lang == "en":  # the Rufer's value of 1 (profiles/koenigrufen.toml) to each of the declarers
        assert (
            "\n   won by Maximiliane Oberhuber, Cäcilia Pfannhauser;\n"
            "     on the sheet: Maximiliane Oberhuber +1, Cäcilia Pfannhauser +1\n"
        ) in out
    won = {"en": "won by", "de": "gewonnen von"}[lang]
    assert f"\n   {won} Maximiliane Oberhuber, Cäcilia Pfannhauser; " in unfolded(out), out


def test_explain_folds_no_number_away_from_its_sign(tmp_path: Path) -> None:
    # a line without a clause to break at was broken between any two words: "… Cäcilia Pfannhauser ="
    # on one line and "8 [3]" on the next; a number stays with its "=" (and a "1 / 2" together)
    path = str(tmp_path / "l.toml")
    assert run("new", "-p", FIVE_LONG, "-l", path).exit_code == 0
    bettler = ["-c", "bettler", "-d", "Cäc", "--lost", "-k", "Dag=kontra"]
    assert run("record", *bettler, "-l", path).exit_code == 0
    lines = run("--lang", "de", "explain", "1", "-l", path).stdout.splitlines()
    assert max(map(len, lines)) <= 80
    for line, after in zip(lines, lines[1:], strict=False):
        assert not (line.endswith((" =", " /")) or re.match(r"\s+[\d=/]", after)), (line, after)
    # the Bettler's value 4 [STC-TB] doubled by Dagobert's Kontra
    assert "Cäcilia Pfannhauser = 8 [3]" in unfolded("\n".join(lines))
