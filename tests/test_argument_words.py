"""An error about an argument names it by the word the usage line and the help show for it
(`N`, `PATH`; in German `PFAD`, `SPIELE`), not by the name of a parameter in the code."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app

runner = CliRunner()

CASES = [
    (["explain"], "error: Missing argument 'N'.", "Fehler: es fehlt das Argument 'N'."),
    (["upgrade"], "error: Missing argument 'PATH'.", "Fehler: es fehlt das Argument 'PFAD'."),
    (
        ["delete", "abc"],
        "error: N: 'abc' is not a hand number",
        "Fehler: N: 'abc' ist keine Spielnummer",
    ),
    (
        ["radl", "strike", "0"],
        "error: HANDS: '0' is not a number of hands",
        "Fehler: SPIELE: '0' ist keine Anzahl von Spielen",
    ),
    (
        ["tournament", "players"],
        "error: Missing argument 'FOLDER'.",
        "Fehler: es fehlt das Argument 'ORDNER'.",
    ),
    # the help's word for what is given: a profile's name or its file, a player (both were NAME)
    (["profiles", "show"], "error: Missing argument 'PROFILE'.", "Fehler: es fehlt das Argument 'PROFIL'."),
    (
        ["tournament", "players", "day", "add"],
        "error: Missing argument 'PLAYER'.",
        "Fehler: es fehlt das Argument 'SPIELER'.",
    ),
]


@pytest.mark.parametrize(("args", "english", "german"), CASES, ids=[" ".join(a) for a, _e, _g in CASES])
def test_an_argument_is_named_as_the_usage_line_shows_it(args: list[str], english: str, german: str) -> None:
    en = runner.invoke(app, args)
    assert en.exit_code == 2
    assert en.stderr.startswith(english), en.stderr
    de = runner.invoke(app, ["--lang", "de", *args])
    assert de.exit_code == 2
    assert de.stderr.startswith(german), de.stderr
    # the usage line shows the same word
    word = english.split("'")[1] if "Missing" in english else english.split(": ")[1]
    command = args[: 2 if args[0] in ("radl", "tournament", "profiles") else 1]
    usage = runner.invoke(app, [*command, "--help"]).stdout.splitlines()[0]
    assert word in usage.replace("[", " ").replace("]", " ").split(), usage
