"""A file's problem in the domain's words from the library; the way out added by the command line.

The I/O layer (``tarockscore/files/``) says what is wrong with a file and stops there: a script
calling :func:`ledger_file.read` gets no command-line advice. The command line says the same
problem with its way out (``cli/advice.py``): the command to run, the option to give, word for
word as before the I/O layer lost it, in English and in German (the German as the catalogue has
it, e.g. "hier gibt es keine Schrift").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore import read_hand
from tarockscore.cli.app import app
from tarockscore.cli.options import ADVICE, ledger_path_of
from tarockscore.errors import LedgerError, Problem, TarockError, TournamentError, UsageError
from tarockscore.evening import store as ledger_file
from tarockscore.evening.store import NoLedgerHere
from tarockscore.io import ways_out
from tarockscore.tournament import store as tournament_day
from tarockscore.tournament import store as tournament_file
from tarockscore.tournament.store import NoTournamentHere

runner = CliRunner()
TABLE = "Anna,Bert,Cilli,Dani"
# The way out of a stored profile's problem, as it followed each of them before.
HINT = {
    "en": "`tarockscore repair` re-scores the evening from its stored hands under its stored profile, "
    "shows every number that changes, and writes it with --write",
    "de": "`tarockscore repair` rechnet den Abend aus den gespeicherten Spielen unter dem gespeicherten "
    "Profil neu, zeigt jede Zahl, die sich ändert, und schreibt ihn mit --write",
}
# Whatever the command line would add: an option or a command.
CLI_WORDS = re.compile(r"(^|[\s`(])--?[a-z]|tarockscore (new|repair|check|rescore|tournament)\b")


def errors(lang: str, *args: str) -> list[str]:
    """The ``error:`` lines of a command that fails with exit 1 (in German each begins ``Fehler:``,
    which is checked here and read as ``error:``, so a case compares the words after it)."""
    result = runner.invoke(app, ["--lang", lang, *args])
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    if lang == "de":
        said = [line for line in lines if line.startswith(("Fehler: ", "error: "))]
        assert all(line.startswith("Fehler: ") for line in said), lines
        lines = [
            "error: " + line.removeprefix("Fehler: ") if line.startswith("Fehler: ") else line
            for line in lines
        ]
    return lines


def evening(path: Path) -> Path:
    assert runner.invoke(app, ["new", "-p", TABLE, "--ledger", str(path)]).exit_code == 0
    done = runner.invoke(
        app, ["record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "--ledger", str(path)]
    )
    assert done.exit_code == 0, done.stderr
    return path


def domain_only(problems: tuple[Problem, ...]) -> None:
    for p in problems:
        assert not CLI_WORDS.search(p.message), p.message


# -- no ledger ------------------------------------------------------------------------------------------


def test_a_library_caller_is_told_there_is_no_ledger_and_nothing_more(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(NoLedgerHere) as refused:
        ledger_file.read(path)
    assert str(refused.value) == f"{path}: no ledger here"
    assert isinstance(refused.value, LedgerError)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "no ledger here; start the evening with `tarockscore new --players A,B,C,D`, "
            "or choose one with --ledger PATH or TAROCKSCORE_LEDGER",
        ),
        (
            "de",
            "hier gibt es keine Schrift; den Abend mit `tarockscore new --players A,B,C,D` beginnen, "
            "oder eine mit --ledger PFAD oder TAROCKSCORE_LEDGER wählen",
        ),
    ],
)
def test_the_command_line_says_how_to_start_an_evening_or_choose_a_ledger(
    tmp_path: Path, lang: str, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "nowhere.toml"
    assert errors(lang, "show", "--ledger", str(path)) == [f"error: {path}: {text}"]
    # a season with no ledger named looks for the evening's as show does, and says the same
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    monkeypatch.chdir(tmp_path)
    assert errors(lang, "season") == [f"error: tarock-ledger.toml: {text}"]
    # a season that names a path not there speaks of the path typed, not of an evening to begin
    # (tests/test_cli_season.py), and so does the warning of --skip-bad
    assert errors(lang, "season", str(path)) != [f"error: {path}: {text}"]
    skipped = runner.invoke(
        app, ["--lang", lang, "season", "--skip-bad", str(path), str(evening(tmp_path / "e.toml"))]
    )
    assert skipped.exit_code == 0 and f"{path}: {text}" not in skipped.stderr


# -- a ledger changed outside the program ------------------------------------------------------------------


def tampered(path: Path) -> Path:
    evening(path)
    text = path.read_text(encoding="utf-8")
    changed = text.replace("card_points = 40 }", "card_points = 20 }", 1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    return path


def test_a_library_caller_is_told_the_ledger_was_changed_and_not_how_to_repair_it(tmp_path: Path) -> None:
    path = tampered(tmp_path / "evening.toml")
    with pytest.raises(LedgerError) as refused:
        ledger_file.read_trusted(path)
    last = refused.value.problems[-1]
    assert (
        last.render()
        == f"{path}: the ledger was changed outside tarockscore, so it is not used and nothing was written"
    )
    domain_only(refused.value.problems)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "the ledger was changed outside tarockscore, so it is not used and nothing was written; run "
            "`tarockscore repair --ledger {p}` to re-score it from its stored hands and see every number that "
            "changes, then `tarockscore repair --write --ledger {p}` to keep it (with an audit entry)",
        ),
        (
            "de",
            "die Schrift wurde außerhalb von tarockscore geändert, daher wird sie nicht verwendet und nichts "
            "geschrieben; `tarockscore repair --ledger {p}` rechnet sie aus den gespeicherten Spielen neu und "
            "zeigt jede Zahl, die sich ändert, dann behält `tarockscore repair --write --ledger {p}` das (mit "
            "Eintrag im Protokoll)",
        ),
    ],
)
def test_the_command_line_says_how_to_repair_a_changed_ledger(tmp_path: Path, lang: str, text: str) -> None:
    path = tampered(tmp_path / "evening.toml")
    for command in ("show", "settle"):
        assert errors(lang, command, "--ledger", str(path))[-1] == f"error: {path}: {text.format(p=path)}"


# -- new on a ledger that exists -----------------------------------------------------------------------------


def test_a_library_caller_is_told_an_evening_is_kept_there(tmp_path: Path) -> None:
    path = evening(tmp_path / "evening.toml")
    with pytest.raises(LedgerError) as refused:
        ledger_file.create(path, ledger_file.read(path).ledger)
    assert str(refused.value) == f"{path} already exists: an evening is kept there; nothing was written"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "{p} already exists: an evening is kept there. Choose another file with --ledger, or remove it "
            "first; nothing was written",
        ),
        (
            "de",
            "{p} gibt es schon: dort steht ein Abend. Mit --ledger eine andere Datei wählen, oder sie zuerst "
            "entfernen; nichts wurde geschrieben",
        ),
    ],
)
def test_the_command_line_says_to_choose_another_file(tmp_path: Path, lang: str, text: str) -> None:
    path = evening(tmp_path / "evening.toml")
    assert errors(lang, "new", "-p", TABLE, "--ledger", str(path)) == [f"error: {text.format(p=path)}"]


# -- a hand file that is not there ------------------------------------------------------------------------------


def test_a_library_caller_is_told_the_hand_file_is_not_there(tmp_path: Path) -> None:
    with pytest.raises(TarockError) as refused:
        read_hand("rufer Anna Cilli 40")
    assert str(refused.value) == "hand file 'rufer Anna Cilli 40' not found"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "hand file 'rufer Anna Cilli 40' not found; give a hand file, - for standard input, or the hand "
            "by its options (-c CONTRACT -d NAME -t POINTS …: see --help)",
        ),
        (
            "de",
            "Spieldatei 'rufer Anna Cilli 40' nicht gefunden; eine Spieldatei angeben, - für die "
            "Standardeingabe, oder das Spiel mit seinen Optionen (-c SPIEL -d NAME -t PUNKTE …: siehe --help)",
        ),
    ],
)
def test_the_command_line_says_how_else_a_hand_is_given(tmp_path: Path, lang: str, text: str) -> None:
    """A hand typed as one quoted string is taken for a file's name: the short form is its options."""
    path = evening(tmp_path / "evening.toml")
    before = path.read_bytes()
    assert errors(lang, "record", "rufer Anna Cilli 40", "--ledger", str(path)) == [f"error: {text}"]
    assert path.read_bytes() == before


# -- a stored profile edited by hand ---------------------------------------------------------------------------


def edited_profile(path: Path, how: str) -> Path:
    evening(path)
    text = path.read_text(encoding="utf-8")
    if how == "edited":  # the Call's price in the stored profile, 1 made 5
        changed = re.sub(
            r"(\[profile\.document\.contracts\.rufer\]\n(?:.*\n)*?value = )1\n", r"\g<1>5\n", text, count=1
        )
    elif how == "unpinned":
        changed = re.sub(r'(\[profile\]\nname = "koenigrufen"\nsha256 = )"[0-9a-f]{64}"', r'\1""', text)
    else:
        changed = text.replace('[profile]\nname = "koenigrufen"', '[profile]\nname = "pagat"', 1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    return path


PROFILE_DOMAIN = {
    "edited": "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited",
    "unpinned": "empty: the stored profile is not pinned by its hash, so an edit of it would go unnoticed",
    "renamed": "'pagat', but the stored profile document is named 'koenigrufen': the file was edited",
}
PROFILE_CLI = {
    ("edited", "en"): PROFILE_DOMAIN["edited"]
    + "; {hint} (`tarockscore rescore --profile … --write` changes the rules on purpose)",
    (
        "edited",
        "de",
    ): "sein sha256 ist {actual}…, aber profile.sha256 sagt {stored}…: das gespeicherte Profil "
    "wurde geändert; {hint} (`tarockscore rescore --profile … --write` ändert die Regeln mit Absicht)",
    ("unpinned", "en"): PROFILE_DOMAIN["unpinned"] + "; {hint}",
    (
        "unpinned",
        "de",
    ): "leer: das gespeicherte Profil ist nicht durch seinen Hash festgehalten, eine Änderung "
    "bliebe unbemerkt; {hint}",
    ("renamed", "en"): PROFILE_DOMAIN["renamed"] + "; {hint}",
    (
        "renamed",
        "de",
    ): "'pagat', aber das gespeicherte Profil heißt 'koenigrufen': die Datei wurde geändert; {hint}",
}


def _profile_problem(path: Path) -> Problem:
    with pytest.raises(LedgerError) as refused:
        ledger_file.read(path)
    domain_only(refused.value.problems)
    (problem,) = [p for p in refused.value.problems if p.where.split(": ")[-1].startswith("profile.")]
    return problem


@pytest.mark.parametrize("how", ["edited", "unpinned", "renamed"])
def test_a_library_caller_is_told_the_stored_profile_was_edited(tmp_path: Path, how: str) -> None:
    problem = _profile_problem(edited_profile(tmp_path / "evening.toml", how))
    assert problem.text() == PROFILE_DOMAIN[how].format(**dict(problem.values))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("how", ["edited", "unpinned", "renamed"])
def test_the_command_line_says_how_to_repair_an_edited_profile(tmp_path: Path, how: str, lang: str) -> None:
    path = edited_profile(tmp_path / "evening.toml", how)
    problem = _profile_problem(path)
    text = PROFILE_CLI[how, lang].format(hint=HINT[lang], **dict(problem.values))
    assert f"error: {problem.where}: {text}" in errors(lang, "show", "--ledger", str(path))


# -- tournaments -----------------------------------------------------------------------------------------------


def test_a_library_caller_is_told_there_is_no_tournament(tmp_path: Path) -> None:
    with pytest.raises(NoTournamentHere) as refused:
        tournament_file.read(tmp_path / "day")
    assert str(refused.value) == f"{tmp_path / 'day'}: no tournament here: no such folder"
    with pytest.raises(NoTournamentHere) as refused:
        tournament_file.read(tmp_path)
    assert str(refused.value) == f"{tmp_path / 'tournament.toml'}: no tournament here"


@pytest.mark.parametrize(
    ("lang", "no_folder", "no_file"),
    [
        (
            "en",
            "{f}: no such folder; start a tournament with `tarockscore tournament new {f} …`",
            "{f}/tournament.toml: no tournament here; start one with `tarockscore tournament new {f} …`",
        ),
        (
            "de",
            "{f}: diesen Ordner gibt es nicht; ein Turnier mit `tarockscore tournament new {f} …` beginnen",
            "{f}/tournament.toml: hier gibt es kein Turnier; eines mit `tarockscore tournament new {f} …` beginnen",
        ),
    ],
)
def test_the_command_line_says_how_to_start_a_tournament(
    tmp_path: Path, lang: str, no_folder: str, no_file: str
) -> None:
    day = tmp_path / "day"
    assert errors(lang, "tournament", "standings", str(day)) == [f"error: {no_folder.format(f=day)}"]
    day.mkdir()
    assert errors(lang, "tournament", "draw", str(day), "--round", "1") == [f"error: {no_file.format(f=day)}"]


def new_day(day: Path) -> None:
    players = ",".join(f"P{i}" for i in range(1, 9))
    args = ["tournament", "new", str(day), "--players", players, "--rounds", "3", "--games", "4"]
    done = runner.invoke(app, [*args, "--profile", "ooe-2023", "--format", "schrift"])
    assert done.exit_code == 0, done.stderr


def test_a_library_caller_is_told_the_round_not_the_option(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day)
    with pytest.raises(UsageError) as asked:  # a round the day lacks: a usage error, as at the option
        tournament_file.draw_round(day, 9, 1, "2026-03-05T19:00:00+01:00")
    assert [(p.where, p.message) for p in asked.value.problems] == [
        ("round", "9: the tournament has rounds 1 to 3")
    ]
    with pytest.raises(TournamentError) as refused:
        tournament_file.load_format("schrif")
    assert [p.where for p in refused.value.problems] == ["format"]


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "9: the tournament has rounds 1 to 3"), ("de", "9: das Turnier hat die Runden 1 bis 3")],
)
def test_the_command_line_names_the_round_option(tmp_path: Path, lang: str, text: str) -> None:
    day = tmp_path / "day"
    new_day(day)
    result = runner.invoke(app, ["--lang", lang, "tournament", "draw", str(day), "--round", "9"])
    assert result.exit_code == 2, (result.stdout, result.stderr)  # a round the day lacks: usage
    assert result.stderr == f"{'Fehler' if lang == 'de' else 'error'}: --round: {text}\n"


def test_a_round_of_zero_is_a_usage_error_at_the_option(tmp_path: Path) -> None:
    """No day has a round 0 or -1: the value itself is refused, exit 2, at the option as typed,
    by every command that takes a round, before the day is read."""
    day = tmp_path / "day"
    new_day(day)
    said = "'0' is not a round number; write it in digits, 1 or more, e.g. 2"
    for command in ("draw", "cards", "close-round"):
        for option in ("-r", "--round"):
            refused = runner.invoke(app, ["tournament", command, str(day), option, "0"])
            assert refused.exit_code == 2, refused.stderr
            assert refused.stderr == f"error: --round: {said}\n", refused.stderr
    refused = runner.invoke(app, ["tournament", "result", str(day), "-r", "-1", "-t", "1", "Anna=4"])
    assert refused.exit_code == 2 and "'-1' is not a round number" in refused.stderr, refused.stderr


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "round 1, table 1: this table's sheet fails its own check (`tarockscore check --ledger {p}`); "
            "the standings need every table",
        ),
        (
            "de",
            "Runde 1, Tisch 1: die Schrift dieses Tisches besteht ihre eigene Prüfung nicht "
            "(`tarockscore check --ledger {p}`); die Wertung braucht jeden Tisch",
        ),
    ],
)
def test_the_command_line_says_how_to_check_a_tables_sheet(tmp_path: Path, lang: str, text: str) -> None:
    day = tmp_path / "day"
    new_day(day)
    assert runner.invoke(app, ["tournament", "draw", str(day), "--round", "1", "--seed", "1"]).exit_code == 0
    sheet = day / "round-1" / "table-1.toml"
    declarer = ledger_file.read(sheet).ledger.players[0]
    done = runner.invoke(app, ["record", "--ledger", str(sheet), "-c", "dreier", "-d", declarer, "--won"])
    assert done.exit_code == 0, done.stderr
    stored = sheet.read_text(encoding="utf-8")  # the declarer's stored Victory Points, one more
    changed = re.sub(
        r"(victory_points = \{ \S+ = )(-?\d+)",
        lambda m: m.group(1) + str(int(m.group(2)) + 1),
        stored,
        count=1,
    )
    assert changed != stored
    sheet.write_text(changed, encoding="utf-8")
    lines = errors(lang, "tournament", "standings", str(day))
    assert lines[-1] == f"error: {sheet}: {text.format(p=sheet)}"
    with pytest.raises(TournamentError) as refused:
        tournament_day.read_day(day)
    domain_only(refused.value.problems)


# -- the table itself -------------------------------------------------------------------------------------------


def test_every_way_out_is_for_a_template_of_the_file_layer() -> None:
    # every template of io/ways_out, each with its advice in cli/options.py
    templates = {value for name, value in vars(ways_out).items() if name.isupper() and isinstance(value, str)}
    assert set(ADVICE) == templates


def test_the_ledger_option_falls_back_on_the_environment_then_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    assert ledger_path_of(None) == Path("tarock-ledger.toml")
    monkeypatch.setenv("TAROCKSCORE_LEDGER", "")  # empty counts as unset
    assert ledger_path_of(None) == Path("tarock-ledger.toml")
    monkeypatch.setenv("TAROCKSCORE_LEDGER", "/x/evening.toml")
    assert ledger_path_of(None) == Path("/x/evening.toml")
    assert ledger_path_of("mine.toml") == Path("mine.toml")
    with pytest.raises(UsageError) as refused:
        ledger_path_of(" ")
    assert [p.where for p in refused.value.problems] == ["--ledger"]
