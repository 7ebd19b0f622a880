"""The score and profiles commands through Typer's CliRunner, plus one real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.io.inputs import shipped_names
from tests.stored import unfolded

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_every_shipped_profile_has_an_example() -> None:
    stems = [p.stem for p in EXAMPLES]
    for name in shipped_names():
        assert any(stem.startswith(name + "-") for stem in stems), f"no example for {name}"


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_scores(example: Path) -> None:
    code, out, err = run("score", str(example), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert all(isinstance(v, int) for v in data["victory_points"].values())
    assert err == ""


HAND_HEAD = 'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\n'


@pytest.mark.parametrize(
    ("rest", "english", "german"),
    [
        (
            'declarer = "Anna"\npartner = "Cilli"\ndeclarer = "Bert"\ncard_points = 40\n',
            ":5: not valid TOML: 'declarer' is given twice; give each key once",
            ":5: kein gültiges TOML: 'declarer' ist zweimal angegeben; jeden Schlüssel nur einmal angeben",
        ),
        (
            "declarer = Anna\n",
            ':3: not valid TOML: not a value; a name or other text is written in quotes ("Anna"),'
            " yes and no as true and false (column 12)",
            ':3: kein gültiges TOML: kein Wert; ein Name oder anderer Text steht in Anführungszeichen ("Anna"),'
            " ja und nein als true und false (Spalte 12)",
        ),
        (
            'declarer = "Anna"\ncard_points = 35 2/3\n',
            ":4: not valid TOML: more after the value; a value with a space or a fraction in it is written"
            ' in quotes ("35 2/3") (column 18)',
            ":4: kein gültiges TOML: nach dem Wert steht noch etwas; ein Wert mit Leerzeichen oder Bruch steht"
            ' in Anführungszeichen ("35 2/3") (Spalte 18)',
        ),
        (
            'declarer = "An\x01na"\n',
            ":3: not valid TOML: a control character ('\\x01') cannot stand in a TOML file; take it out"
            " (column 15)",
            ":3: kein gültiges TOML: ein Steuerzeichen ('\\x01') kann in keiner TOML-Datei stehen;"
            " es herausnehmen (Spalte 15)",
        ),
        (  # the parser's own words, said in German too (with the line and column)
            'declarer = "An\\qna"\n',
            ":3: not valid TOML: Unescaped '\\' in a string (at line 3, column 17)",
            ":3: kein gültiges TOML: ein '\\' ohne gültige Escape-Folge in einem Text (Zeile 3, Spalte 17)",
        ),
        (
            "declarer = 'Anna\n",
            ': not valid TOML: Expected "\'" (at end of document)',
            ': kein gültiges TOML: "\'" fehlt (am Ende der Datei)',
        ),
    ],
    ids=[
        "key-twice",
        "unquoted-name",
        "unquoted-fraction",
        "control-character",
        "parser-words",
        "unclosed-literal",
    ],
)
def test_a_hand_file_that_is_not_toml_says_what_to_write_in_english_and_german(
    tmp_path: Path, rest: str, english: str, german: str
) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text(HAND_HEAD + rest, encoding="utf-8")
    code, out, err = run("score", str(hand))
    assert (code, out, err) == (1, "", f"error: {hand}{english}\n")
    code, out, err = run("--lang", "de", "score", str(hand))
    assert (code, out, err) == (1, "", f"Fehler: {hand}{german}\n")


def test_score_json_keys_for_the_worked_round() -> None:
    # the Calling the Twenty rules' worked round [CTT]: P1 +10, P3 +10, P2 and P4 0 (docs/rules/zwanzigerrufen.md#z11)
    code, out, _ = run("score", str(ROOT / "examples" / "zwanzigerrufen-worked-round.toml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["victory_points"] == {"P1": 10, "P2": 0, "P3": 10, "P4": 0}
    assert "payout" not in data
    assert [line["bet"] for line in data["lines"]] == ["contract", "pagat"]


def test_payout_only_for_money_only_kontra() -> None:
    # ooe-2023: Kontra changes the payout, not the score sheet. A Call won with Kontra (OÖ Rufer 1):
    # score sheet ±1 each (2 v 2 zero-sum), payout ±2 each.
    code, out, err = run(
        "score",
        "-P",
        "ooe-2023",
        "-c",
        "rufer",
        "-p",
        "A,B,C,D",
        "-d",
        "A",
        "-w",
        "B",
        "-t",
        "40",
        "-k",
        "kontra",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["victory_points"] == {"A": 1, "B": 1, "C": -1, "D": -1}
    assert data["payout"] == {"A": 2, "B": 2, "C": -2, "D": -2}


def test_short_form_equals_the_file() -> None:
    # Blind Solo lost with Kontra on the contract: each Defender adds 10 × 2 = 20 ([CTK]; docs/rules/koenigrufen.md#k5).
    code, out, err = run(
        "score", "-c", "blind_solo", "-p", "A,B,C,D", "-d", "B", "-t", "30", "-k", "kontra", "--json"
    )
    assert code == 0, err
    assert json.loads(out)["victory_points"] == {"A": 20, "B": 0, "C": 20, "D": 20}


@pytest.mark.parametrize(
    ("given", "each"),
    [
        # a Valat made is what enter and the phones take for the card points: [CTK] the Call's 1 ×4
        (("-t", "Valat"), 4),
        (("-t", "valat", "-b", "valat,announced"), 8),  # announced: ×8 [CTK]
        (("-b", "valat"), 4),  # as before
    ],
)
def test_the_short_form_takes_valat_for_the_card_points(given: tuple[str, ...], each: int) -> None:
    code, out, err = run("score", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "C", *given, "--json")
    assert code == 0, err
    assert json.loads(out)["victory_points"] == {"A": each, "B": 0, "C": each, "D": 0}


def test_valat_for_the_card_points_of_a_contract_without_one_names_the_option_given() -> None:
    code, _out, err = run("score", "-c", "bettler", "-p", "A,B,C,D", "-d", "A", "--lost", "-t", "Valat")
    assert code == 1
    assert "error: command line: -t Valat: 'valat' is not scored in bettler" in err
    assert "NAME,FLAGS" not in err  # no -b was given


def test_short_form_dodge_round_and_bonus_words() -> None:
    # Trischaken under koenigrufen (value 5): Bert has the most card points and is not Forehand,
    # so he alone pays; Simplified Scoring: each of the three others adds 5.
    code, out, err = run(
        "score",
        "-c",
        "trischaken",
        "-p",
        "A,B,C,D",
        "-t",
        "A=10",
        "-t",
        "B=30",
        "-t",
        "C=20",
        "-t",
        "D=10",
        "--json",
    )
    assert code == 0, err
    assert json.loads(out)["victory_points"] == {"A": 5, "B": 0, "C": 5, "D": 5}


def test_explain_names_the_rules() -> None:
    """The text a player reads names each rule and its source; the profile keys are in --json."""
    code, out, _ = run("score", str(ROOT / "examples" / "koenigrufen-call.toml"), "--explain")
    assert code == 0
    assert "[CTK]" in out and "Kontra on the contract" in out and "announced" in out
    for key in ("contracts.rufer.value", "kontra.ladder[0]", "game.announced_factor", "[settlement.mode]"):
        assert key not in out
    code, out, _ = run("score", str(ROOT / "examples" / "koenigrufen-call.toml"), "--json")
    assert code == 0
    assert "contracts.rufer.value" in out and "kontra.ladder[0]" in out and "game.announced_factor" in out


@pytest.mark.parametrize("given", [("--json",), ("--csv",), ("--format", "json"), ("-f", "csv")])
def test_explain_with_a_machine_format_is_refused_not_ignored(given: tuple[str, ...]) -> None:
    """--json and --csv print the arithmetic for a script (the JSON with each number's profile key,
    whose source `profiles show --json` holds); the words of --explain have no place in them."""
    code, out, err = run("score", str(ROOT / "examples" / "koenigrufen-call.toml"), "--explain", *given)
    assert code == 2 and out == ""
    option = " ".join(given).replace("-f ", "--format ")
    assert err == (
        f"error: give --explain or {option}, not both: {option} prints the arithmetic bet by bet "
        "for a script, --explain says it in words with its rules\n"
    )


def test_a_format_refused_is_said_with_the_hands_and_the_profiles_problems(tmp_path: Path) -> None:
    # `score HAND -P nix -f xml` said the format alone: every usage problem of the run is said, with
    # the profile's and the hand file's after them, in one run: a usage error (exit 2)
    hand = tmp_path / "hand.toml"
    hand.write_text(HAND_HEAD + 'profile = 3\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n')
    xml = "error: --format: 'xml': this command prints table, json, csv"
    code, out, err = run("score", str(hand), "-P", "nix", "-f", "xml")
    assert (code, out) == (2, "") and err.startswith(f"{xml}\nerror: --profile: unknown profile 'nix'; "), err
    code, out, err = run("score", str(hand), "-f", "xml")
    assert (code, out) == (2, "") and err.startswith(f"{xml}\nerror: {hand}:3: profile: "), err
    code, out, err = run("score", "-f", "xml", "--explain", "-P", " ")
    assert (code, out) == (2, "") and err.splitlines() == [
        xml,
        "error: --profile: ' ': empty; give a shipped profile's name (`tarockscore profiles` lists them)"
        " or the path to a profile file",
        "error: give a hand file (or - for stdin), or the hand's options: see --help",
    ]


def test_explain_names_who_gave_a_kontra_ad_personam_and_whose_contract() -> None:
    code, out, _ = run(
        "score",
        "-c",
        "bettler",
        "-p",
        "Anna,Bert,Cilli,Dani",
        "-d",
        "Bert",
        "--lost",
        "-k",
        "Dani=rekontra",
        "--explain",
    )
    assert code == 0
    assert "Dani's Kontra on Bert's Bettler" in out and "Bert's Rekontra to Dani" in out


def test_explain_names_the_rule_behind_the_highest_defenders_stake() -> None:
    # D32 (docs/rules/disagreements.md): no source prints Simplified Scoring with each Defender's
    # own Kontra; the reading: a winning declarer adds the contract at the highest stake, 8 ×4 = 32
    code, out, _ = run(
        *("score", "-c", "bettler_ouvert", "-p", "Anna,Bert,Cilli,Dani", "-d", "Bert", "--won"),
        *("-k", "Anna=kontra", "-k", "Dani=rekontra", "--explain"),
    )
    assert code == 0
    out = unfolded(out)
    assert (
        "\n   a winning declarer adds the contract once, at the highest of the Defenders' stakes [5]\n" in out
    )
    assert out.endswith(
        "\n[5] D32: no source prints how Simplified Scoring settles a Kontra each Defender says for himself;"
        " one reading, no key (docs/rules/disagreements.md)\n"
    )
    german = run(
        *(
            "--lang",
            "de",
            "score",
            "-c",
            "bettler_ouvert",
            "-p",
            "Anna,Bert,Cilli,Dani",
            "-d",
            "Bert",
            "--won",
        ),
        *("-k", "Anna=kontra", "-k", "Dani=rekontra", "--explain"),
    )[1]
    german = unfolded(german)
    assert (
        "\n   gewinnt der Spieler, schreibt er das Spiel einmal, mit dem höchsten Kontra der Gegenspieler [5]\n"
        in german
    )
    assert "\n[5] D32: keine Quelle sagt, wie die vereinfachte Abrechnung" in german


def test_explain_trischaken_says_who_pays_whom() -> None:
    # ooe-2023: Bert loses with 35 1/3, Anna and Dani took no trick: 3 rounded up to 4, 2 to each
    # ([OÖ23 Trischaken 3] via HT §7.6).
    code, out, _ = run(
        "score",
        "-P",
        "ooe-2023",
        "-c",
        "trischaken",
        "-p",
        "Anna,Bert,Cilli,Dani",
        "-t",
        "Anna=0",
        "-t",
        "Bert=35 1/3",
        "-t",
        "Cilli=34 2/3",
        "-t",
        "Dani=0",
        "--explain",
    )
    assert code == 0
    assert "Bert pays 2 to each of Anna and Dani" in out
    assert "other players" not in out
    assert "Victory Points: Anna +2, Bert -4, Cilli 0, Dani +2" in out


def test_no_note_contradicts_a_silent_valat_dropped_for_the_game() -> None:
    # gametwist: a silent Valat worth less than the game without it is not counted ([GT] Valat);
    # the bonuses then score, so no note may say that a Valat hand scores none.
    hand = (
        'players = ["A","B","C","D"]\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 69\n'
        'kontra = "rekontra"\n[[bonus]]\nname = "valat"\n[[bonus]]\nname = "trull"\nannounced = true\n'
    )
    code, out, err = run("score", "-P", "gametwist", "-", "--explain", stdin=hand)
    assert code == 0, err
    assert "2. Trull (announced)" in out and "Rekontra on the contract = 8" in out
    assert "no bonus is scored" not in out and "cancels the Kontra" not in out
    assert "is not counted" in out


def test_bad_hand_lists_every_problem_and_exits_1() -> None:
    code, out, err = run("score", "-c", "ruffer", "-p", "A,B,C,D", "-d", "Q", "-t", "71")
    assert code == 1
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 3
    assert any("'ruffer'" in x and "did you mean 'rufer'" in x for x in lines)
    assert any("'Q' is not at the table" in x for x in lines)
    assert any("71 is outside 0 to 70" in x for x in lines)
    assert "Traceback" not in err


def test_bad_file_is_reported_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('contract = "rufer"\nplayers = [\n', encoding="utf-8")
    code, out, err = run("score", str(bad))
    assert code == 1 and out == ""
    assert "not valid TOML" in err and "bad.toml" in err
    bad.write_bytes(b"\xff\xfe")
    code, _, err = run("score", str(bad))
    assert code == 1 and "not UTF-8" in err
    code, _, err = run("score", str(tmp_path / "missing.toml"))
    assert code == 1 and "not found" in err


def test_unknown_profile_key_names_file_and_key(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text('extends = "koenigrufen"\n[kontra]\nceilling = "rekontra"\n', encoding="utf-8")
    code, _, err = run(
        "score", "-P", str(mine), "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "B", "-t", "40"
    )
    assert code == 1
    assert "mine.toml" in err and "kontra.ceilling" in err and "did you mean 'ceiling'" in err


def test_an_extends_that_names_nothing_is_said_where_the_extends_is(tmp_path: Path) -> None:
    # A club's profile in a folder of its own extends a file beside it by a path written from
    # the folder the command runs in: the error names the file that says extends, and where
    # the path was looked for.
    (tmp_path / "club.toml").write_text('extends = "koenigrufen"\nname = "club"\n', encoding="utf-8")
    sub = tmp_path / "friday"
    sub.mkdir()
    friday = sub / "friday.toml"
    friday.write_text('extends = "club.toml"\nname = "friday"\n', encoding="utf-8")
    code, out, err = run("profiles", "show", str(friday))
    assert code == 1 and out == ""
    assert err.startswith(
        f"error: PROFILE: {friday}: extends: profile file 'club.toml' not found: looked for {sub / 'club.toml'}"
    )
    friday.write_text('extends = "koenigrufn"\n', encoding="utf-8")
    code, _, err = run("profiles", "show", str(friday))
    assert code == 1
    assert err.startswith(f"error: PROFILE: {friday}: extends: unknown profile 'koenigrufn'")
    assert "did you mean 'koenigrufen'?" in err
    friday.write_text('extends = " "\n', encoding="utf-8")
    code, _, err = run("profiles", "show", str(friday))
    assert code == 1
    assert (
        err
        == f"error: PROFILE: {friday}: extends: ' ': empty; give a profile's name or path, or leave the key out\n"
    )
    code, _, err = run("--lang", "de", "profiles", "show", str(friday))
    assert code == 1 and err.startswith(f"Fehler: PROFIL: {friday}: extends: ' ': leer;")


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (
            'name = "Fr\\u001b[2Jeitag"',
            "name: 'Fr\\x1b[2Jeitag': holds U+001B, which a terminal does not show as text",
        ),
        ('title = "\\u202eFreitag"', "title: '\\u202eFreitag': holds U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ('name = ""', "name: '': empty; write some text, or leave the key out"),
        ('title = "' + "x" * 201 + '"', "201 characters; at most 200"),
        ('[contracts.dreier]\nsource = "a\\u0007"', "contracts.dreier.source: 'a\\x07': holds U+0007"),
        ('[bonuses.pagat]\naliases = ["", "vogel"]', "bonuses.pagat.aliases[0]: '': empty"),
        ('[kontra.aliases]\n"\\u0000" = "kontra"', "kontra.aliases.\\x00: '\\x00': holds U+0000"),
    ],
)
def test_a_profile_file_with_a_text_no_sheet_can_print_is_refused(
    tmp_path: Path, lines: str, said: str
) -> None:
    # A profile's name, titles, sources and aliases are printed on every sheet and explain: a
    # control character, an empty one or a page-long one is refused with its key, and no evening
    # is begun under it.
    mine = tmp_path / "mine.toml"
    mine.write_text(f'extends = "koenigrufen"\n{lines}\n', encoding="utf-8")
    code, out, err = run("profiles", "show", str(mine))
    assert code == 1 and out == ""
    assert said in err and f"{mine}: " in err
    ledger = tmp_path / "l.toml"
    code, _, err = run("new", "-p", "A,B,C,D", "-P", str(mine), "--ledger", str(ledger))
    assert code == 1 and said in err
    assert not ledger.exists()


def test_usage_errors_exit_2() -> None:
    code, _, err = run("score")
    assert code == 2 and "hand file" in err
    code, _, err = run("score", "-c", "rufer", "-b", "pagat,announced,kontra,rekontra")
    assert code == 2 and "already has the Kontra step" in err
    code, _, _ = run("score", "--no-such-option")
    assert code == 2


def test_stdin_hand() -> None:
    hand = 'players = ["A","B","C","D"]\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 40\n'
    code, out, err = run("score", "-", "--json", stdin=hand)
    assert code == 0, err
    # koenigrufen Dreier 5 [STC-TB], won, Simplified: the lone declarer adds it once.
    assert json.loads(out)["victory_points"] == {"A": 5, "B": 0, "C": 0, "D": 0}


def test_profiles_list_and_show() -> None:
    code, out, _ = run("profiles")
    assert code == 0
    for name in ("koenigrufen", "zwanzigerrufen", "gametwist", "pagat", "steiermark", "ooe-2023"):
        assert name in out
    code, out, _ = run("profiles", "show", "pagat")
    assert code == 0
    assert "mordkontra ×32" in out and "hirschkontra ×16" in out
    code, out, err = run("profiles", "show", "pagatt")
    assert code == 1 and "did you mean 'pagat'" in err


@pytest.mark.parametrize("lang", ["en", "de"])
def test_profiles_list_fits_80_columns_each_title_wrapped_between_its_clauses(lang: str) -> None:
    code, out, _ = run("--lang", lang, "profiles")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80, out
    names = [line.split()[0] for line in out.splitlines()[2:] if not line.startswith(" ")]
    assert names == shipped_names(), out  # one row each, its title on the lines below its own


def test_profiles_list_is_profiles_alone() -> None:
    # A player types `profiles list` as with other tools; before, "No such command 'list'" (exit 2).
    for fmt in ((), ("--json",), ("--csv",)):
        alone = run("profiles", *fmt)
        assert alone[0] == 0
        for args in (("profiles", "list", *fmt), ("profiles", *fmt, "list")):
            assert run(*args) == alone
    code, out, _ = run("profiles", "--json", "list", "--csv")
    assert code == 2 and out == ""
    code, out, _ = run("profiles", "--help")
    assert code == 0 and "list" in out


def test_profiles_show_json_is_the_club_profile_resolved(tmp_path: Path) -> None:
    # A club's profile, asked for as JSON by a script: the resolved profile, its own keys over
    # the ones it extends; before, --json was taken and the text price list printed (exit 0).
    mine = tmp_path / "club.toml"
    mine.write_text(
        'extends = "koenigrufen"\nname = "club"\ntitle = "Club"\n'
        '[kontra]\nceiling = "subkontra"\nhuettenfleck = true\n'
        "[contracts.dreier]\nvalue = 6\n",
        encoding="utf-8",
    )
    for args in (("profiles", "show", str(mine), "--json"), ("profiles", "--json", "show", str(mine))):
        code, out, err = run(*args)
        assert code == 0 and err == ""
        data = json.loads(out)
        assert "extends" not in data and data["name"] == "club"
        assert data["kontra"]["ceiling"] == "subkontra" and data["kontra"]["huettenfleck"] is True
        # the club's Dreier 6; the Rufer 1 and the win at 35 2/3 of the main rules it extends
        assert data["contracts"]["dreier"]["value"] == 6 and data["contracts"]["rufer"]["value"] == 1
        assert data["game"]["win_threshold"] == "35 2/3"
    refused: list[tuple[str, ...]] = [
        ("profiles", "show", str(mine), "--csv"),
        ("profiles", "--csv", "show", str(mine)),
        ("profiles", "show", str(mine), "--json", "--toml"),
    ]
    for wrong in refused:
        code, out, _ = run(*wrong)
        assert code == 2 and out == ""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_price_list_shows_only_what_the_profile_plays(lang: str) -> None:
    # Zwanzigerrufen: no contract lists a Valat and none doubles its bonuses (docs/rules/zwanzigerrufen.md,
    # D25), so a Pagat in the Solo is worth what it is in the Call: 1 silent, 2 announced
    code, out, err = run("--lang", lang, "profiles", "show", "zwanzigerrufen")
    assert code == 0, err
    assert "Valat" not in out
    assert ("in solo" if lang == "en" else "im Solo") not in out
    bonus_head = next(line for line in out.splitlines() if line.startswith(("bonus ", "Prämie ")))
    assert len(bonus_head.split()) == 5  # bonus, aliases, silent, announced, Kontra
    # Königrufen plays a Valat and doubles the bonuses in Solorufer and Solodreier: both are shown
    code, out, _ = run("--lang", lang, "profiles", "show", "koenigrufen")
    assert code == 0
    assert "Valat:" in out
    # the bonus table's titles, wrapped in 80 columns; the disputed rules' readings follow it
    titles = out.split("\n\n")[-2].split("\n---")[0]
    assert titles.lower().count("solo") == 2 and "Kontra" in titles


@pytest.mark.parametrize("name", shipped_names())
def test_profiles_show_toml_round_trips(name: str, tmp_path: Path) -> None:
    code, out, _ = run("profiles", "show", name, "--toml")
    assert code == 0
    path = tmp_path / f"{name}-resolved.toml"
    path.write_text(out, encoding="utf-8")
    code, out2, _ = run("profiles", "show", str(path), "--toml")
    assert code == 0 and out2 == out


def test_python_dash_m_runs_in_a_real_process() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tarockscore",
            "score",
            str(ROOT / "examples" / "koenigrufen-call.toml"),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["victory_points"] == {"Anna": 5, "Bert": 2, "Cilli": 5, "Dani": 2}
    proc = subprocess.run(
        [sys.executable, "-m", "tarockscore", "score", "-c", "rufer"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: ") and "Traceback" not in proc.stderr


def test_the_console_script_keeps_exit_codes_and_output_through_a_pipe() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tarockscore", "profiles", "show", "gametwist"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    assert proc.stdout == runner.invoke(app, ["profiles", "show", "gametwist"]).stdout
    proc = subprocess.run(
        [sys.executable, "-m", "tarockscore", "nosuch"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2 and proc.stderr.startswith("error: No such command")


@pytest.mark.parametrize(
    ("args", "where"),
    [
        (["score", "-P", "", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "C", "-t", "40"], "--profile"),
        (["score", "--profile", " ", str(ROOT / "examples" / "koenigrufen-call.toml")], "--profile"),
        (["new", "-p", "A,B,C,D", "--profile", "", "--ledger", "NEW"], "--profile"),
        (["rescore", "--profile", "", "--ledger", "NEW"], "--profile"),
        (["season", "NEW", "--rescore", ""], "--rescore"),
        (["stats", "NEW", "--rescore", ""], "--rescore"),
        (["chart", "NEW", "-o", "x.svg", "--rescore", ""], "--rescore"),
        (["profiles", "show", ""], "PROFILE"),
    ],
)
def test_an_empty_profile_is_refused_not_taken_for_the_default(
    args: list[str], where: str, tmp_path: Path
) -> None:
    ledger = tmp_path / "evening.toml"
    code, out, err = run(*[str(ledger) if a == "NEW" else a for a in args])
    assert code == 2, (code, out, err)
    assert err.startswith(f"error: {where}: ") and "empty" in err, err
    assert not ledger.exists() and out == ""


def test_an_empty_profile_key_in_a_hand_file_is_refused(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    text = (ROOT / "examples" / "koenigrufen-call.toml").read_text(encoding="utf-8")
    hand.write_text(text.replace('profile = "koenigrufen"', 'profile = ""'), encoding="utf-8")
    code, _, err = run("score", str(hand))
    assert code == 1 and err.startswith(f"error: {hand}:16: profile: ''") and "empty" in err, err


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "L.toml"
    assert run("new", "-l", str(path), "-p", "Anna,Bert,Cilli,Dani")[0] == 0
    assert run("record", "-l", str(path), "-c", "dreier", "-d", "Bert", "-t", "30")[0] == 0
    return path


def test_a_file_of_another_kind_is_named_for_what_it_is_in_one_short_line(
    evening: Path, tmp_path: Path
) -> None:
    """A ledger or a profile given as a hand file (and a hand or a ledger as a profile, a hand
    as a ledger) is one line that says what it is, not every key it does not expect."""
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nBerti = "Bert"\n', encoding="utf-8")
    hand = ROOT / "examples" / "koenigrufen-call.toml"
    pagat = ROOT / "profiles" / "pagat.toml"
    before = evening.read_bytes()
    cases = [
        (["score", str(evening)], f"{evening}: not a hand file: this is a ledger"),
        (["record", "-l", str(evening), str(evening)], f"{evening}: not a hand file: this is a ledger"),
        (["replace", "1", str(evening), "-l", str(evening)], f"{evening}: not a hand file: this is a ledger"),
        (["score", str(pagat)], f"{pagat}: not a hand file: this is a profile"),
        (["score", str(aliases)], f"{aliases}: not a hand file: this is an alias file"),
        (["show", "-l", str(hand)], f"{hand}: not a ledger: this is a hand file"),
        (["score", str(hand), "-P", str(evening)], f"--profile: {evening}: not a profile: this is a ledger"),
        (
            ["new", "-l", str(tmp_path / "n.toml"), "-p", "A,B,C,D", "-P", str(hand)],
            f"--profile: {hand}: not a profile: this is a hand file",
        ),
    ]
    for args, wanted in cases:
        code, out, err = run(*args)
        assert code == 1 and out == "", (args, code, out)
        assert err.startswith(f"error: {wanted}") and err.count("\n") == 1 and len(err) < 300, (args, err)
    assert evening.read_bytes() == before and not (tmp_path / "n.toml").exists()


@pytest.mark.parametrize(
    ("name", "text"),
    [("notes.txt", "Anna zahlt die Getränke\n"), ("x.toml", 'title = "Stammtisch"\n'), ("empty.toml", "")],
)
def test_a_file_that_is_no_ledger_is_named_so_and_never_offered_to_be_overwritten(
    tmp_path: Path, name: str, text: str
) -> None:
    """A file that exists but is no evening's ledger (notes, another program's TOML, an empty
    file), given as the ledger: reading it says so, and `new` there leaves it as it is, never
    telling to remove it, nor how to write TOML or a schema key."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    for args in (["show"], ["record", "-c", "dreier", "-d", "Anna", "-t", "40"], ["settle"]):
        code, out, err = run(*args, "-l", str(path))
        assert (code, out) == (1, ""), args
        assert err == (
            f"error: {path}: not an evening's ledger; "
            "choose the evening's ledger with --ledger PATH or TAROCKSCORE_LEDGER; nothing was read or written\n"
        ), args
    code, out, err = run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", str(path))
    assert (code, out) == (1, "")
    assert err == (
        f"error: {path} already exists and is not an evening's ledger; it is left as it is: "
        "choose another file for the evening with --ledger; nothing was written\n"
    )
    assert path.read_text(encoding="utf-8") == text


def test_a_long_value_in_an_error_is_cut_short(tmp_path: Path) -> None:
    """A table of a thousand keys, or a name of ten thousand letters, where a name belongs: the
    error names the key and shows the beginning and the end of the value, never all of it."""
    hand = tmp_path / "hand.toml"
    table = ", ".join(f"k{i} = {i}" for i in range(1000))
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\n'
        f'declarer = {{ {table} }}\npartner = "{"C" * 10000}"\ncard_points = 40\n',
        encoding="utf-8",
    )
    code, _, err = run("score", str(hand))
    assert code == 1
    lines = err.splitlines()
    assert any(": declarer: { k0 = 0, k1 = 1" in line for line in lines), err[:500]
    assert any(": partner: 'CCCC" in line for line in lines), err[:500]
    assert all(len(line) < 600 for line in lines), [len(line) for line in lines]
    assert "…" in err


def test_what_an_error_cuts_and_what_it_shows_whole() -> None:
    """A value the user gave is cut; numbers, paths and the program's own lists of what is
    allowed are shown whole, and a message that is no error (an audit note) is never cut."""
    from tarockscore.errors import MAX_SHOWN, N_, Problem, message, one_of

    long_path = Path("/evenings" * 40) / "evening.toml"
    names = [f"contract_{i:03}" for i in range(60)]
    problem = Problem.of(
        "",
        N_("{path}: {value!r} is not one of {allowed}; at most {limit:,}"),
        path=long_path,
        value="x" * 5000,
        allowed=one_of(names),
        limit=1_000_000,
    )
    text = problem.render()
    assert str(long_path) in text and one_of(names) in text and "1,000,000" in text
    assert "'" + "x" * 100 in text and "x" * (MAX_SHOWN + 1) not in text and "…" in text
    note = message(N_("hands {ids}"), ids=", ".join(map(str, range(1, 500))))
    assert note.endswith(", 499")  # kept whole: a ledger's audit trail stores it


def test_a_hand_files_keys_stay_as_written_in_a_german_run(tmp_path: Path) -> None:
    # 'players' and 'declarer' are both 'Spieler' in German words: the error names the key the file has
    hand = tmp_path / "hand.toml"
    hand.write_text('players = "Anna"\ncontract = "bettler"\ndeclarer = 3\nwon = "ja"\n', encoding="utf-8")
    code, out, err = run("--lang", "de", "score", str(hand))
    assert (code, out) == (1, "")
    places = {line.split(": ")[2] for line in err.splitlines()}
    assert places == {"players", "declarer", "won"}, err


def test_a_hand_files_problems_name_the_key_as_written_at_its_line(tmp_path: Path) -> None:
    # every key as the file writes it, in German too (players is not 'Spieler', which is the declarer)
    hand = tmp_path / "hand.toml"
    hand.write_text(
        "# Friday, hand 7\n"
        'players = ["Anna", "Bert", "Cilli"]\n'
        'contract = "rufer"\n'
        'declarer = "Anna"\n'
        'partner = "Cili"\n'
        "card_points = 40\n"
        "\n"
        "[[bonus]]\n"
        'name = "pagat"\n'
        "\n"
        "[[bonus]]\n"
        'name = "uhu"\n'
        'side = "both"\n',
        encoding="utf-8",
    )
    code, out, err = run("score", str(hand))
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"error: {hand}:2: players: 3 names given; 'koenigrufen' is played by 4",
        f"error: {hand}:5: partner: 'Cili' is not at the table; players are 'Anna', 'Bert', 'Cilli'"
        " (did you mean 'Cilli'?)",
        f"error: {hand}:13: bonus[1].side: 'both' is not allowed; choose one of 'declarers', 'defenders'",
    ]
    code, out, err = run("--lang", "de", "score", str(hand))
    assert err.splitlines() == [
        f"Fehler: {hand}:2: players: 3 Namen angegeben; 'koenigrufen' spielen 4",
        f"Fehler: {hand}:5: partner: 'Cili' sitzt nicht am Tisch; es spielen 'Anna', 'Bert', 'Cilli'"
        " (meinst du 'Cilli'?)",
        f"Fehler: {hand}:13: bonus[1].side: 'both' ist nicht erlaubt; eines davon wählen: 'declarers', 'defenders'",
    ]
    hand.write_text(
        hand.read_text(encoding="utf-8").replace('"Cilli"]', '"Cilli", "Dani"]'), encoding="utf-8"
    )
    code, out, err = run("--lang", "de", "score", "-", stdin=hand.read_text(encoding="utf-8"))
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        "Fehler: <stdin>:5: partner: 'Cili' sitzt nicht am Tisch; es spielen 'Anna', 'Bert', 'Cilli', 'Dani'"
        " (meinst du 'Cilli'?)",
        "Fehler: <stdin>:13: bonus[1].side: 'both' ist nicht erlaubt; eines davon wählen: 'declarers', 'defenders'",
    ]


def test_a_hand_files_unknown_profile_is_told_at_its_key(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\nprofile = "koenigrufn"\ncontract = "dreier"\n'
        'declarer = "Anna"\ncard_points = 40\n',
        encoding="utf-8",
    )
    code, out, err = run("score", str(hand))
    assert (code, out) == (1, "")
    assert err.startswith(f"error: {hand}:2: profile: unknown profile 'koenigrufn'; shipped profiles: ")
    assert "(did you mean 'koenigrufen'?)" in err
    hand.write_text(hand.read_text(encoding="utf-8").replace('"koenigrufn"', "3"), encoding="utf-8")
    code, out, err = run("--lang", "de", "score", str(hand))
    assert (code, out, err) == (
        1,
        "",
        f"Fehler: {hand}:2: profile: 3 ist eine ganze Zahl; erwartet: ein Text\n",  # as with -P
    )


def test_a_player_key_given_as_a_number_is_one_problem_naming_the_players(tmp_path: Path) -> None:
    # declarer = 3 (a seat number, not a name): said once, at its key, with the names allowed;
    # not a second time as missing
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = 3\n'
        "partner = true\ncard_points = 40\n",
        encoding="utf-8",
    )
    code, out, err = run("score", str(hand))
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"error: {hand}:3: declarer: 3 is an integer; expected a player's name in quotes:"
        " 'Anna', 'Bert', 'Cilli', 'Dani'",
        f"error: {hand}:4: partner: true is a boolean; expected a player's name in quotes:"
        " 'Anna', 'Bert', 'Cilli', 'Dani'",
    ]
    code, out, err = run("--lang", "de", "score", str(hand))
    assert err.splitlines() == [
        f"Fehler: {hand}:3: declarer: 3 ist eine ganze Zahl; erwartet: der Name eines Spielers in"
        " Anführungszeichen: 'Anna', 'Bert', 'Cilli', 'Dani'",
        f"Fehler: {hand}:4: partner: true ist ein Wahrheitswert; erwartet: der Name eines Spielers in"
        " Anführungszeichen: 'Anna', 'Bert', 'Cilli', 'Dani'",
    ]


def test_a_hand_files_profile_path_is_taken_from_the_hand_files_folder(tmp_path: Path) -> None:
    # as a profile's extends is: the club keeps its hands beside its profile and scores from anywhere
    club = tmp_path / "club"
    club.mkdir()
    (club / "club.toml").write_text(
        'extends = "koenigrufen"\nname = "club"\n[contracts.rufer]\nvalue = 3\n', encoding="utf-8"
    )
    hand = club / "hand.toml"
    hand.write_text(
        'profile = "club.toml"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\n'
        'declarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n',
        encoding="utf-8",
    )
    code, out, err = run("score", str(hand), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["victory_points"] == {"Anna": 3, "Bert": 0, "Cilli": 3, "Dani": 0}
    hand.write_text(hand.read_text(encoding="utf-8").replace("club.toml", "klub.toml"), encoding="utf-8")
    code, out, err = run("score", str(hand))
    assert (code, out) == (1, "")
    assert err == (
        f"error: {hand}:1: profile: profile file 'klub.toml' not found: looked for {club / 'klub.toml'}"
        " (a path in a hand file is taken from the hand file's folder)\n"
    )
    # a profile file found but broken is told at the same line, then at the profile's own key
    (club / "klub.toml").write_text(
        'extends = "koenigrufen"\nname = "club"\n[contracts.rufer]\nvalue = "drei"\n', encoding="utf-8"
    )
    code, out, err = run("score", str(hand))
    assert (code, out) == (1, "")
    assert err == (
        f"error: {hand}:1: profile: {club / 'klub.toml'}: contracts.rufer.value: 'drei' is a string;"
        " expected a whole number\n"
    )


def test_a_hand_files_profile_path_written_from_the_current_folder_still_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a path that is not beside the hand file but is from where the command runs, as it was read
    # before the hand file's folder came first: a file that worked goes on working
    club = tmp_path / "club"
    club.mkdir()
    (club / "club.toml").write_text(
        'extends = "koenigrufen"\nname = "club"\n[contracts.rufer]\nvalue = 3\n', encoding="utf-8"
    )
    (club / "hand.toml").write_text(
        'profile = "club/club.toml"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\n'
        'declarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    code, out, err = run("score", "club/hand.toml", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["victory_points"] == {"Anna": 3, "Bert": 0, "Cilli": 3, "Dani": 0}


def test_a_club_profile_without_a_name_is_named_after_its_file_not_the_one_it_extends(tmp_path: Path) -> None:
    # house rules on top of koenigrufen must not show, or be stored in the ledger, as koenigrufen itself
    club = tmp_path / "stammtisch.toml"
    club.write_text('extends = "koenigrufen"\n[contracts.rufer]\nvalue = 3\n', encoding="utf-8")
    code, out, err = run("profiles", "show", str(club), "--json")
    assert (code, err, json.loads(out)["name"]) == (0, "", "stammtisch")
    code, out, err = run("profiles", "show", str(club))
    assert (code, err, out.splitlines()[0].split(": ")[0]) == (0, "", "stammtisch")
    ledger = tmp_path / "evening.toml"
    code, out, err = run("new", "-p", "Anna,Bert,Cilli,Dani", "-P", str(club), "-l", str(ledger))
    assert (code, err) == (0, "")
    assert '[profile]\nname = "stammtisch"\n' in ledger.read_text(encoding="utf-8")
    # a name of its own is kept; a file name that cannot be a name asks for one
    club.write_text('extends = "koenigrufen"\nname = "Hausregeln"\n', encoding="utf-8")
    code, out, err = run("profiles", "show", str(club), "--json")
    assert (code, err, json.loads(out)["name"]) == (0, "", "Hausregeln")
    long = tmp_path / f"{'x' * 41}.toml"
    long.write_text('extends = "koenigrufen"\n', encoding="utf-8")
    code, out, err = run("profiles", "show", str(long))
    assert (code, out, err) == (1, "", f"error: PROFILE: {long}: name: missing (required)\n")


def test_a_copy_of_a_shipped_profile_that_keeps_its_name_asks_for_a_name_of_its_own(tmp_path: Path) -> None:
    # A round copies koenigrufen.toml and writes its Bettler at 5 (koenigrufen: 4 [STC-TB]); the
    # copy's own line name = "koenigrufen" would show on every sheet as the shipped profile
    mine = tmp_path / "mine.toml"
    text = (ROOT / "profiles" / "koenigrufen.toml").read_text(encoding="utf-8")
    mine.write_text(
        text.replace("[contracts.bettler]\nvalue = 4", "[contracts.bettler]\nvalue = 5"), encoding="utf-8"
    )
    ledger = tmp_path / "evening.toml"
    code, out, err = run("new", "-p", "Anna,Bert,Cilli,Dani", "-P", str(mine), "-l", str(ledger))
    assert (code, out) == (1, "") and not ledger.exists()
    assert err == (
        f"error: --profile: {mine}: name: 'koenigrufen' is a shipped profile's name, which a sheet would"
        ' show for this file\'s rules; give the profile a name of its own, e.g. name = "koenigrufen-club"\n'
    )


def test_a_club_file_named_as_a_shipped_profile_is_the_file_and_asks_for_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a club's own koenigrufen.toml (Rufer 3) is read as the file, by any of its spellings, and
    # from a hand file's `profile` key; without a `name` it would show on every sheet as the
    # shipped koenigrufen (Rufer 1), so it asks for a name of its own (docs/scoring.md)
    monkeypatch.chdir(tmp_path)
    club = tmp_path / "koenigrufen.toml"
    club.write_text('extends = "koenigrufen"\n[contracts.rufer]\nvalue = 3\n', encoding="utf-8")
    refused = (
        ": name: missing, and the file's name 'koenigrufen' is a shipped profile's, which a sheet"
        ' would show instead; give the profile a name of its own, e.g. name = "koenigrufen-club"\n'
    )
    hand = ["-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "40", "--json"]
    for given in ("koenigrufen.toml", "./koenigrufen.toml", str(club)):
        refusal = f"{Path(given)}{refused}"  # the file named as it was given, at its option
        assert run("profiles", "show", given) == (1, "", f"error: PROFILE: {refusal}")
        assert run("score", "-P", given, *hand) == (1, "", f"error: --profile: {refusal}")
    assert not list(tmp_path.glob("*ledger*"))
    club.write_text(
        'extends = "koenigrufen"\nname = "stammtisch"\n[contracts.rufer]\nvalue = 3\n', encoding="utf-8"
    )
    for given in ("koenigrufen.toml", "./koenigrufen.toml"):
        code, out, err = run("score", "-P", given, *hand)
        assert (code, err) == (0, "")
        assert json.loads(out)["profile"] == "stammtisch"
        assert json.loads(out)["victory_points"] == {"Anna": 3, "Bert": 0, "Cilli": 3, "Dani": 0}
    # the shipped one by its name: Rufer 1
    code, out, err = run("score", "-P", "koenigrufen", *hand)
    assert json.loads(out)["victory_points"] == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}
    # a hand file's `profile = "koenigrufen.toml"`: the file beside the hand file
    (tmp_path / "hands").mkdir()
    (tmp_path / "hands" / "koenigrufen.toml").write_text(
        'extends = "koenigrufen"\nname = "beside"\n[contracts.rufer]\nvalue = 7\n', encoding="utf-8"
    )
    (tmp_path / "hands" / "h.toml").write_text(
        'profile = "koenigrufen.toml"\ncontract = "rufer"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\n'
        'declarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n',
        encoding="utf-8",
    )
    code, out, err = run("score", "hands/h.toml", "--json")
    assert (code, err, json.loads(out)["profile"]) == (0, "", "beside")
    assert json.loads(out)["victory_points"]["Anna"] == 7


@pytest.mark.parametrize("lang", ["en", "de"])
def test_profiles_show_fits_80_columns_its_tables_too(lang: str) -> None:
    # the Trischaken rules of a profile were one line of 561 characters, its source one of 132:
    # each is folded between its clauses, as every other long line of text is; the price tables
    # were up to 184 wide: the aliases wrap between them, each contract's allowed bonuses are
    # said below its table, contracts that allow the same on one line
    for name in shipped_names():
        code, out, _err = run("--lang", lang, "profiles", "show", name)
        assert code == 0 and max(len(line) for line in out.splitlines()) <= 80, (name, out)
    code, out, _err = run("--lang", lang, "profiles", "show", "koenigrufen")
    # docs/rules/koenigrufen.md D20: a Farbendreier and a Farbensolo allow no bonus but the Valat
    # [CTK]; the Sechserdreier is won 5, lost 10 (D14, [CTK])
    farben = "farbendreier, farbensolo: valat" if lang == "en" else "Farbendreier, Farbensolo: Valat"
    assert f"  {farben}" in out.splitlines()
    six = next(line.split() for line in out.splitlines() if line.lower().startswith("sechserdreier "))
    assert six[-2:] == ["5", "10"]


def test_profiles_show_as_text_names_the_renonce_trischaken_and_radl_rules(tmp_path: Path) -> None:
    # what --toml and --json show, a dispute settler reads in the text too (docs/rules/koenigrufen.md §6-§8)
    code, out, err = run("profiles", "show", "ooe-2023")
    assert (code, err) == (0, "")
    lines = unfolded(out).splitlines()
    assert (
        "Renonce: the game ends; every other player receives what his side would have won, contract and"
        " announced bonuses, and the revoker alone pays it; in Trischaken the revoker pays each other"
        " player 2, as Forehand ×2; a silent bonus made by the side the revoke wronged is claimed, the"
        " revoker pays it"  # [OÖ23 Renonce 7 via HT §7.9]: "Nachweisbare stille Prämien kann der
        # Geschädigte zusätzlich einfordern"
    ) in lines
    # in words, as the lines around it (it was the raw keys: losers = 1, ties = "share", …); from
    # ooe-2023's [trischaken]: losers 1, exact thirds, ties share, a tied Forehand loses alone,
    # each loser pays each receiver, Bürgermeister at 35 2/3 ×2, Forehand ×2 and as Bürgermeister
    # 2 × 2 = 4 (forehand_mayor_factor 0), virgins take all, rounded up, the talon counted
    trischaken = (
        "Trischaken: the player with the most card points pays; card points compared in exact thirds;"
        " players tied for a paying place all pay; a Forehand tied for the most pays alone; each loser"
        " pays the value to each player who receives; a Bürgermeister (35 2/3 card points or more) pays"
        " ×2; a losing Forehand pays ×2, as Bürgermeister ×4; a player without a trick takes the whole"
        " payment, several share it; a share that does not come out whole is rounded up; the talon"
        " counts in the tricks"
    )
    assert trischaken in lines
    assert "=" not in trischaken
    code, out, err = run("--lang", "de", "profiles", "show", "ooe-2023")
    assert (
        "Trischaken: wer die meisten Kartenpunkte hat, zahlt; Kartenpunkte genau in Dritteln verglichen;"
        " Punktegleiche auf einem Zahlplatz zahlen alle; teilt die Vorhand die meisten Kartenpunkte mit"
        " anderen, zahlt sie allein; jeder Verlierer zahlt jedem, der bekommt, den Wert; ein Bürgermeister"
        " (35 2/3 Kartenpunkte oder mehr) zahlt ×2; verliert die Vorhand, zahlt sie ×2, als Bürgermeister"
        " ×4; eine Jungfrau (kein Stich) bekommt die ganze Zahlung, mehrere teilen sie; ein Anteil, der"
        " nicht ganz aufgeht, wird aufgerundet; der Talon zählt in den Stichen"
    ) in unfolded(out).splitlines()
    # GameTwist's other readings (D15, D22): two losers, seat order, the talon out
    code, out, err = run("profiles", "show", "gametwist")
    said = next(line for line in unfolded(out).splitlines() if line.startswith("Trischaken: "))
    assert said.startswith("Trischaken: the 2 players with the most card points pay;")
    assert "; of players tied, the one nearer Forehand pays;" in said
    assert "a Forehand tied" not in said and "(32 card points or more) pays ×2" in said
    assert "a player without a trick counts as any other" in said and said.endswith(
        "the talon counts for nobody"
    )
    assert "Radl: none" in lines
    # Tirol ([TIR20 5)], profiles/tirol.toml): the Bürgermeister pays alone "(3 x 2)", factor 1,
    # and a Forehand as Bürgermeister "doppelt (3 x 4)": a factor of 1 is not read out as "×1"
    code, out, err = run("profiles", "show", "tirol")
    said = next(line for line in unfolded(out).splitlines() if line.startswith("Trischaken: "))
    assert (
        "; a Bürgermeister (35 2/3 card points or more) pays alone; a losing Forehand pays ×2 as Bürgermeister;"
        in said
    )
    assert "×1" not in said
    # [TIR20 5)] "haben die beiden mittleren Spieler gleichviel Punkte, gehen beide leer aus"
    middle = "two players tied in the middle neither pay nor receive: the highest pays the lowest the value"
    assert f"; players tied for a paying place all pay; {middle};" in said
    code, out, err = run("--lang", "de", "profiles", "show", "tirol")
    said = next(line for line in unfolded(out).splitlines() if line.startswith("Trischaken: "))
    assert (
        "; zwei punktegleiche mittlere Spieler gehen leer aus: der Höchste zahlt dem Niedrigsten den Wert;"
        in said
    )
    assert (
        "; ein Bürgermeister (35 2/3 Kartenpunkte oder mehr) zahlt allein; verliert die Vorhand als Bürgermeister, zahlt sie ×2;"
        in said
    )
    code, out, err = run("profiles", "show", "koenigrufen")
    assert (
        "Renonce: the revoking side loses the contract and every announced bonus"
        in unfolded(out).splitlines()
    )
    club = tmp_path / "club.toml"
    club.write_text(
        'extends = "koenigrufen"\n[renonce]\nrule = "offender_pays"\n[radl]\nevents = ["valat", "trischaken"]\n'
        "hands = 3\n",
        encoding="utf-8",
    )
    code, out, err = run("profiles", "show", str(club))
    assert (code, err) == (0, "")
    assert (
        "Renonce: the revoker alone pays the contract, with its Kontra, to each other player; announced"
        " bonuses are neither charged nor scored"
    ) in unfolded(out).splitlines()
    assert "Radl: after valat, trischaken: the next 3 hands count ×2" in unfolded(out).splitlines()
    code, out, err = run("--lang", "de", "profiles", "show", str(club))
    assert "Radl: nach Valat, Trischaken: die nächsten 3 Spiele zählen ×2" in unfolded(out).splitlines(), out


def test_a_hand_files_dotted_keys_are_told_at_their_line(tmp_path: Path) -> None:
    # card_points.declarers = … is TOML's other way of writing the table { declarers = … }
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\n'
        'card_points.declarers = "35 2/3"\ncard_points . "defenders" = 34\n',
        encoding="utf-8",
    )
    code, out, err = run("score", str(hand))
    assert (code, out) == (1, "")
    assert err == (
        f"error: {hand}:5: card_points: declarers 35 2/3 + defenders 34 = 69 2/3, not the deck's 70\n"
    )


def test_a_hand_file_takes_the_score_blocks_card_points_as_docs_hand_format_lists_them(
    tmp_path: Path,
) -> None:
    # 35 points and 2 Blatt are 35 2/3: the Call is won (35 2/3 wins, docs/rules/koenigrufen.md §1.3)
    hand = tmp_path / "hand.toml"
    for written in ('"35/2"', '"35 2"', '"35 2/3"', '"107/3"', '"35/2 Blatt"', '"35 Punkte 2 Blatt"'):
        hand.write_text(
            HAND_HEAD + f'declarer = "Anna"\npartner = "Cilli"\ncard_points = {written}\n', encoding="utf-8"
        )
        code, out, err = run("score", str(hand), "--json")
        assert (code, err) == (0, ""), written
        assert json.loads(out)["victory_points"] == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}, written
    assert '`"35/2"`' in (ROOT / "docs" / "hand-format.md").read_text(encoding="utf-8")


def test_a_profile_path_holding_a_nul_character_is_refused_in_words(tmp_path: Path) -> None:
    # TOML's "\u0000" is a valid string; no file name holds it: said at the key, never a traceback
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'profile = "club\\u0000.toml"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\n'
        'declarer = "Anna"\npartner = "Cilli"\ncard_points = 40\n',
        encoding="utf-8",
    )
    code, out, err = run("score", str(hand))
    assert (code, out) == (1, "")
    assert (
        err
        == f"error: {hand}:1: profile: '{tmp_path / 'club'}\\x00.toml': no file has this name: it holds a NUL character\n"
    )


def test_a_valat_where_the_profile_scores_none_is_said_once_with_what_to_give(tmp_path: Path) -> None:
    """Zwanzigerrufen leaves the Valat out (docs/rules/zwanzigerrufen.md, D25): a Valat typed for
    the card points was refused as no bonus, with 'did you mean pagat', and the card points asked
    for again as "a Valat made needs neither (-b valat)"; one line says what to give instead."""
    four = ["-p", "Anna,Bert,Cilli,Dani", "-P", "zwanzigerrufen", "-c", "rufer", "-d", "Anna", "-w", "Cilli"]
    for given, where in ((["-t", "valat"], "-t valat"), (["-b", "valat"], "-b valat")):
        code, out, err = run("score", *four, *given)
        assert (code, out) == (1, "")
        assert err == (
            f"error: command line: {where}: 'zwanzigerrufen' scores no Valat; the side that took every "
            "trick won the game: give its card points (-t POINTS), or --won or --lost\n"
        )


@pytest.mark.parametrize("contract", [["-c", "rufer", "-w", "Anna", "-t", "40"], ["-c", "bettler", "--lost"]])
def test_a_kontra_given_to_a_bonus_as_to_a_player_says_how_a_bonus_takes_it(contract: list[str]) -> None:
    """`-k pagat=kontra`, as `-k Anna=kontra` names a Defender: it was refused as "not a Defender"
    or as contra ad personam; it says that a bonus's Kontra goes with the bonus (-b)."""
    code, out, err = run("score", "-p", "Anna,Bert,Cilli,Dani", "-d", "Bert", *contract, "-k", "pagat=kontra")
    assert (code, out) == (1, "")
    assert err == (
        "error: command line: -k pagat=kontra: 'pagat' is a bonus, not a player: the Kontra on a bonus "
        "is said with it, e.g. -b pagat,announced,kontra\n"
    )


def test_a_profile_not_found_or_broken_is_told_at_the_option_that_named_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `-P nix` was refused as "unknown profile 'nix'" with no word of the option it came from
    monkeypatch.chdir(tmp_path)
    assert run("new", "-p", "A,B,C,D")[0] == 0
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["A", "B", "C", "D"]\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 40\n',
        encoding="utf-8",
    )
    allowed = ", ".join(repr(name) for name in shipped_names())
    unknown = f"unknown profile 'nix'; shipped profiles: {allowed}; or give the path to a .toml file\n"
    short = ("-p", "A,B,C,D", "-c", "dreier", "-d", "A", "-t", "40")
    day = ("--rounds", "1", "--games", "4", "--format", "schrift")
    for args, where in (
        (("new", "-p", "A,B,C,D", "-P", "nix", "--ledger", "other.toml"), "--profile"),
        (("score", "-P", "nix", *short), "--profile"),
        (("score", str(hand), "--profile", "nix"), "--profile"),
        (("rescore", "-P", "nix"), "--profile"),
        (("season", "tarock-ledger.toml", "--rescore", "nix"), "--rescore"),
        (("tournament", "new", "t", "-p", "A,B,C,D", *day, "--profile", "nix"), "--profile"),
        (("profiles", "show", "nix"), "PROFILE"),
    ):
        assert run(*args) == (1, "", f"error: {where}: {unknown}"), args
    # a profile file not found, and one that breaks the schema: the option, then the file's key
    for args, where in (
        (("score", "-P", "missing.toml", *short), "--profile"),
        (("season", "tarock-ledger.toml", "--rescore", "missing.toml"), "--rescore"),
    ):
        assert run(*args) == (1, "", f"error: {where}: profile file 'missing.toml' not found\n"), args
    Path("club.toml").write_text(
        'extends = "koenigrufen"\n[contracts.rufer]\nvalue = "x"\n', encoding="utf-8"
    )
    broken = "club.toml: contracts.rufer.value: 'x' is a string; expected a whole number\n"
    for args, where in (
        (("new", "-p", "A,B,C,D", "-P", "club.toml", "--ledger", "other.toml"), "--profile"),
        (("tournament", "new", "t", "-p", "A,B,C,D", *day, "-P", "club.toml"), "--profile"),
        (("stats", "tarock-ledger.toml", "--rescore", "club.toml"), "--rescore"),
    ):
        assert run(*args) == (1, "", f"error: {where}: {broken}"), args
    assert not (tmp_path / "other.toml").exists() and not (tmp_path / "t").exists()
    code, out, err = run("--lang", "de", "rescore", "-P", "nix")
    assert (code, out) == (1, "") and err.startswith("Fehler: --profile: ")


def test_a_profile_refused_is_said_with_the_other_options_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `new -P club.toml --stake abc` said the profile's problem alone: every wrong option is said
    # in one run, a usage error (exit 2), and nothing is written
    monkeypatch.chdir(tmp_path)
    Path("club.toml").write_text(
        'extends = "koenigrufen"\n[contracts.rufer]\nvalue = "x"\n', encoding="utf-8"
    )
    stake = "error: --stake: 'abc' is not an amount; write e.g. 0,10 (at most two decimals)"
    date = (
        "error: --date: '31.02.2025' is not a date (month 2 of 2025 has 28 days); write it as YYYY-MM-DD"
        " or DD.MM.YYYY, e.g. 2025-03-14 or 14.03.2025"
    )
    broken = "error: --profile: club.toml: contracts.rufer.value: 'x' is a string; expected a whole number"
    wrong = ("-P", "club.toml", "--stake", "abc", "--date", "31.02.2025")
    code, out, err = run("new", "-p", "A,B,C,D", *wrong)
    assert (code, out, sorted(err.splitlines())) == (2, "", sorted([stake, date, broken]))
    # a tournament's format file, too; two files alone are both said, as the files' error (exit 1)
    Path("day.toml").write_text("schema = 1\n", encoding="utf-8")
    no_name = "error: --format: day.toml: name: missing (required)"
    day = ("t", "-p", "A,B,C,D", "--rounds", "1", "--games", "4", "--format", "day.toml")
    code, out, err = run("tournament", "new", *day, *wrong)
    assert (code, out) == (2, "") and {stake, date, broken, no_name} <= set(err.splitlines()), err
    code, out, err = run("tournament", "new", *day, "-P", "club.toml")
    assert (code, out) == (1, "") and {broken, no_name} <= set(err.splitlines()), err
    assert not Path("tarock-ledger.toml").exists() and not Path("t").exists()


def test_an_empty_ledger_option_is_said_with_the_other_options_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `record -l "$LEDGER" -k kontra -k re` with $LEDGER unset said the empty --ledger alone, the Kontra only
    # in the next run; `new` the same: every option refused is said in one run, and nothing is written
    monkeypatch.chdir(tmp_path)
    empty = "error: --ledger: '' is empty; give the ledger's file name, or leave the option out"
    code, out, err = run("new", "-p", "A,B,C", "--stake", "x", "-l", "")
    assert (code, out, err.splitlines()) == (
        2,
        "",
        [
            "error: --stake: 'x' is not an amount; write e.g. 0,10 (at most two decimals)",
            empty,
            "error: --players: 3 names given; 'koenigrufen' is played by 4, or 5 where the dealer sits out",
        ],
    )
    for command in (["record"], ["replace", "1"]):
        code, out, err = run(
            *command, "-c", "dreier", "-d", "A", "-t", "40", "-k", "kontra", "-k", "re", "-l", ""
        )
        assert (code, out, err.splitlines()[0]) == (2, "", empty)
        assert err.splitlines()[1].startswith("error: --kontra: given more than once; "), err
    assert list(tmp_path.iterdir()) == []


def test_a_tournaments_profile_or_format_of_spaces_is_refused_as_not_given(tmp_path: Path) -> None:
    # `tournament new -P " "` looked for a profile named ' ', where every other command refuses a
    # profile of spaces as empty (exit 2): a day's profile and format are asked for as when left out
    day = (str(tmp_path / "t"), "-p", "A,B,C,D", "--rounds", "1", "--games", "4")
    code, out, err = run("tournament", "new", *day, "-P", " ", "--format", "  ")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "error: --profile: give the profile every table is scored under, e.g. --profile ooe-2023",
        "error: --format: give the format: schrift, haupt-sub, schrift-rang, or a format file",
    ]


def test_a_profile_or_format_with_a_space_around_its_name_is_read_as_the_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `rescore -P " koenigrufen"` looked for a profile named ' koenigrufen', where a contract, a
    # name, a Kontra step or a bonus typed with a space around it is read without it
    monkeypatch.chdir(tmp_path)
    assert run("new", "-p", "A,B,C,D", "-P", " koenigrufen ")[0] == 0
    assert run("record", "-c", "rufer", "-d", "A", "-w", "B", "-t", "40")[0] == 0
    short = ("-p", "A,B,C,D", "-c", "dreier", "-d", "A", "-t", "40")
    for args in (
        ("rescore", "-P", " koenigrufen"),
        ("rescore", "-P", "pagat "),
        ("score", *short, "-P", " pagat"),
        ("season", "tarock-ledger.toml", "--rescore", " pagat"),
        ("profiles", "show", " pagat"),
        (
            "tournament",
            "new",
            "t",
            "-p",
            "A,B,C,D",
            "--rounds",
            "1",
            "--games",
            "4",
            "-P",
            " ooe-2023",
            "--format",
            "schrift ",
        ),
    ):
        code, _out, err = run(*args)
        assert code == 0 and "error" not in err, (args, err)
    Path("hand.toml").write_text(
        'profile = " pagat"\nplayers = ["A", "B", "C", "D"]\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 40\n',
        encoding="utf-8",
    )
    assert run("score", "hand.toml", "--json")[0] == 0


def test_a_profile_typed_in_capitals_is_told_its_name() -> None:
    # `-P KOENIGRUFEN` (caps lock) was refused with the list alone, no word of the one meant
    for typed in ("KOENIGRUFEN", "Pagat"):
        code, out, err = run("score", "-P", typed, "-p", "A,B,C,D", "-c", "dreier", "-d", "A", "-t", "40")
        assert (code, out) == (1, "")
        assert err.endswith(f"(did you mean '{typed.lower()}'?); or give the path to a .toml file\n"), err
