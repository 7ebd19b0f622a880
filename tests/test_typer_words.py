"""The words Typer writes itself, in English on its own: help pages and usage errors speak the
run's language, and an English run reads word for word as Typer writes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from tarockscore import i18n
from tarockscore.cli import app as glue
from tarockscore.cli.app import app
from tests.test_typer_glue import READINGS, _error

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args), prog_name="tarockscore")


def test_a_german_help_page_has_no_english_of_typer() -> None:
    page = run("--lang", "de", "delete", "--help").stdout
    assert page.startswith("Aufruf: tarockscore delete [OPTIONEN] N\n")
    assert "Diese Hilfe zeigen und beenden." in page
    assert "\n  Beispiele:\n    tarockscore delete 6\n" in page
    for english in ("Usage:", "[OPTIONS]", "Show this message", "Examples:"):
        assert english not in page
    top = run("--lang", "de", "--help").stdout
    assert top.startswith("Aufruf: tarockscore [OPTIONEN] BEFEHL [ARGUMENTE]...\n")


def test_an_english_help_page_is_typers_own() -> None:
    page = run("delete", "--help").stdout
    assert page.startswith("Usage: tarockscore delete [OPTIONS] N\n")
    assert "-h, --help         Show this message and exit." in page
    assert "\n  Examples:\n    tarockscore delete 6\n" in page
    assert run("--help").stdout.startswith("Usage: tarockscore [OPTIONS] COMMAND [ARGS]...\n")


# (the command line, Typer's English error, the German of it)
ERRORS = [
    (
        ["new"],
        "Missing option '--players' / '-p'.",
        "es fehlt die Option '--players' / '-p'.",
    ),
    (["season", "--bogus"], "No such option: --bogus", "keine solche Option: --bogus"),
    (
        ["radl", "streiche"],
        "No such command 'streiche'. Did you mean 'strike'?",
        "den Befehl 'streiche' gibt es nicht. Meinst du 'strike'?",
    ),
    (
        ["rekord"],
        "No such command 'rekord'. Did you mean 'record', 'rescore'?",
        "den Befehl 'rekord' gibt es nicht. Meinst du 'record', 'rescore'?",
    ),
    (
        ["show", "--ledger"],
        "Option '--ledger' requires an argument.",
        "die Option '--ledger' braucht einen Wert.",
    ),
    (
        ["tournament", "draw", "cup", "-r", "1", "--seed", "zz"],
        "--seed: 'zz' is not a whole number; write it in digits, e.g. 3\n",
        "--seed: 'zz' ist keine ganze Zahl; in Ziffern schreiben, etwa 3\n",
    ),
    (
        ["delete", "1", "2", "3"],
        "Got unexpected extra argument(s) (2 3)",
        "unerwartete zusätzliche Argumente (2 3)",
    ),
    (
        ["score", "-c", "rufer", "--won=3"],
        "Option '--won' does not take a value.",
        "die Option '--won' nimmt keinen Wert.",
    ),
    (
        # a value refused in the shape of our own refusals, "--round: 'zz' is not …", no frame of Click's
        ["delete", "abc"],
        "N: 'abc' is not a hand number",
        "N: 'abc' ist keine Spielnummer",
    ),
]


@pytest.mark.parametrize(("args", "english", "german"), ERRORS, ids=[" ".join(a) for a, _e, _g in ERRORS])
def test_a_usage_error_in_either_language(args: list[str], english: str, german: str) -> None:
    en = run(*args)
    assert en.exit_code == 2
    assert en.stderr.startswith(f"error: {english}")
    de = run("--lang", "de", *args)
    assert de.exit_code == 2
    assert de.stderr.startswith(f"Fehler: {german}"), de.stderr


def test_each_usage_error_is_said_again_with_typers_parts() -> None:
    i18n.use("de")
    try:
        for path, args, english, message, _parts in READINGS:
            error = _error(path, args)  # a check of ours gives its reason in German already
            i18n.use("de")  # a group's own context chose the language of its arguments again
            words = glue.usage_words(error)
            assert words is not None and words[0] == message
            said = glue.said(error)
            assert said != english, english  # said again in German
            for value in words[1].values():
                assert value in said, (english, said)
        other = typer.TyperException("something Typer never says")
        assert glue.said(other) == "something Typer never says"
    finally:
        i18n.use(i18n.DEFAULT)
    # English: as Typer wrote it
    assert glue.said(_error(("season",), ["--x"])) == "No such option: --x"


def test_every_message_fills_in_only_parts_an_error_carries() -> None:
    for _path, _args, _english, message, _parts in READINGS:
        assert set(re.findall(r"\{(\w+)\}", message)) <= {
            "name",
            "options",
            "arguments",
            "value",
            "reason",
            "choices",
            "range",
        }


def test_a_long_value_on_the_command_line_is_said_again_at_once() -> None:
    # a value of 200,000 characters, all of them the words of a message: said in German, and the
    # error line cut as a long value in our own errors is
    value = ": " * 100_000
    refused = run("--lang", "de", "tournament", "draw", "cup", "-r", value)
    assert refused.exit_code == 2
    assert refused.stderr.startswith("Fehler: --round: ': : ")
    assert len(refused.stderr) < 1000


def test_an_option_of_tarockscore_itself_after_the_command_is_shown_where_it_goes(tmp_path: Path) -> None:
    """`--lang` and `--version` are options of the program, not of a command (docs/german.md)."""
    ledger = str(tmp_path / "none.toml")
    english = run("settle", "--lang", "de", "-l", ledger)
    assert english.exit_code == 2
    assert english.stderr.strip() == (
        "error: No such option: --lang (--lang goes before the command: 'tarockscore --lang de settle')"
    )
    german = run("--lang", "de", "radl", "add", "--lang=de")
    assert german.exit_code == 2
    assert german.stderr.strip() == (
        "Fehler: keine solche Option: --lang (--lang kommt vor den Befehl: 'tarockscore --lang de radl add')"
    )
    assert "'tarockscore --version')" in run("show", "--version").stderr
    # any other option not known keeps the way to the command's help
    assert run("settle", "--bogus").stderr.strip().endswith("(see 'tarockscore settle --help')")


def test_an_option_of_a_groups_command_before_the_command_is_shown_after_it(tmp_path: Path) -> None:
    """`radl -l r.toml strike`: -l is strike's option (docs/evening.md), not the radl group's."""
    ledger = str(tmp_path / "r.toml")
    english = run("radl", "-l", ledger, "strike", "2")
    assert english.exit_code == 2
    assert english.stderr.strip() == (
        f"error: No such option: -l (-l belongs after the command: 'tarockscore radl strike -l {ledger} 2')"
    )
    german = run("--lang", "de", "radl", f"--ledger={ledger}", "add")
    assert german.exit_code == 2
    assert german.stderr.strip() == (
        "Fehler: keine solche Option: --ledger (--ledger gehört hinter den Befehl: "
        f"'tarockscore radl add --ledger={ledger}')"
    )
    tournament = run("tournament", "-r", "1", "draw", "cup")
    assert tournament.exit_code == 2
    assert tournament.stderr.strip() == (
        "error: No such option: -r (-r belongs after the command: 'tarockscore tournament draw -r 1 cup')"
    )
    # an option no command of the group takes keeps the way to the group's help
    assert run("radl", "--bogus", "add").stderr.strip().endswith("(see 'tarockscore radl --help')")


def test_an_option_of_another_command_names_the_commands_that_take_it() -> None:
    """`record --stake`: the stake is set when the evening begins (`new`, docs/evening.md), or
    given to `settle`; Typer's guess (`--lost`) is no help there."""
    english = run("record", "--stake", "1")
    assert english.exit_code == 2
    assert english.stderr.strip() == (
        "error: No such option: --stake (--stake is an option of 'tarockscore new' and 'tarockscore settle')"
    )
    german = run("--lang", "de", "tournament", "draw", "cup", "--stake=1")
    assert german.exit_code == 2
    assert german.stderr.strip() == (
        "Fehler: keine solche Option: --stake (--stake ist eine Option von 'tarockscore tournament new')"
    )
    german = run("--lang", "de", "record", "--stake", "1")  # two commands: "und", as German lists them
    assert german.stderr.strip() == (
        "Fehler: keine solche Option: --stake (--stake ist eine Option von 'tarockscore new' und 'tarockscore settle')"
    )


def test_an_option_without_its_value_shows_the_way_to_the_commands_help() -> None:
    # `record h.toml -l` said "Option '-l' requires an argument." and nothing more, where every
    # other usage error names the command's help: Click's parser raises it without the command
    for args, command in ((["show", "--ledger"], "show"), (["radl", "add", "-l"], "radl add")):
        assert (
            run(*args).stderr.strip().endswith(f"requires an argument. (see 'tarockscore {command} --help')")
        )
    said = run("--lang", "de", "score", "-c", "rufer", "--won=3").stderr.strip()
    assert said == "Fehler: die Option '--won' nimmt keinen Wert. (siehe 'tarockscore score --help')"
