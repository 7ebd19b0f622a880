"""The words Typer writes itself, in English on its own: help pages and usage errors speak the
run's language, and an English run reads word for word as Typer writes it."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner, Result

from tarockscore import i18n
from tarockscore.cli import usage_words
from tarockscore.cli.app import app

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
        ["show", "--ledger"],
        "Option '--ledger' requires an argument.",
        "die Option '--ledger' braucht einen Wert.",
    ),
    (
        ["tournament", "draw", "cup", "-r", "zz"],
        "Invalid value for '--round' / '-r': 'zz' is not a valid int.",
        "ungültiger Wert für '--round' / '-r': 'zz' ist keine ganze Zahl.",
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
        # our own reason inside Typer's frame: the reason was German already, now the frame is too
        ["delete", "abc"],
        "Invalid value for 'number': 'abc' is not a hand number",
        "ungültiger Wert für 'number': 'abc' ist keine Spielnummer",
    ),
]


@pytest.mark.parametrize(("args", "english", "german"), ERRORS, ids=[" ".join(a) for a, _e, _g in ERRORS])
def test_a_usage_error_in_either_language(args: list[str], english: str, german: str) -> None:
    en = run(*args)
    assert en.exit_code == 2
    assert en.stderr.startswith(f"error: {english}")
    de = run("--lang", "de", *args)
    assert de.exit_code == 2
    assert de.stderr.startswith(f"error: {german}"), de.stderr


def test_each_shape_reads_typers_english_back_into_its_parts() -> None:
    filled = {"name": "'--x' / '-x'", "options": "--ledger, --lang", "arguments": "2 3", "value": "'q'"}
    i18n.use("de")
    try:
        for english, _message in usage_words.SHAPES:
            parts = {k: v for k, v in filled.items() if "{" + k + "}" in english} | (
                {"reason": "weil"} if "{reason}" in english else {}
            )
            text = english.format(**parts)
            said = usage_words.said(text)
            assert said != text, english  # said again in German
            for value in parts.values():
                assert value in said, (english, said)
        assert usage_words.said("something Typer never says") == "something Typer never says"
    finally:
        i18n.use(i18n.DEFAULT)
    assert usage_words.said("No such option: --x") == "No such option: --x"  # English: as Typer wrote it


def test_every_shape_is_a_message_of_the_catalogue() -> None:
    for _english, message in usage_words.SHAPES:
        assert set(re.findall(r"\{(\w+)\}", message)) <= {"name", "options", "arguments", "value", "reason"}


def test_a_long_value_on_the_command_line_is_not_a_slow_error() -> None:
    # a value of 200,000 characters, all of them the words a shape splits at: said at once, as Typer wrote it
    value = ": " * 100_000
    i18n.use("de")
    try:
        text = f"Invalid value for 'number': {value!r} is not a hand number"
        assert usage_words.said(text) == text
    finally:
        i18n.use(i18n.DEFAULT)
    refused = run("--lang", "de", "tournament", "draw", "cup", "-r", value)
    assert refused.exit_code == 2 and refused.stderr.startswith("error: Invalid value for '--round' / '-r': ")
