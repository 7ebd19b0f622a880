"""The core names domain fields; the command line names its options (issue 10 §5).

A hand given in the short form is reported by the option the user typed (``-w Bert``,
``-k Cilli=zzz``, ``-b pagat,silent,kontra``), not by the hand-file key it became; the rules,
ledger and season layers never name an option or a command, so a script using the library gets
no command-line advice.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.errors import LedgerError
from tarockscore.evening.model import new_ledger
from tarockscore.io.inputs import load_profile

ROOT = Path(__file__).resolve().parent.parent
TABLE = ["-p", "Anna,Bert,Cilli,Dani"]


def errors(*args: str) -> list[str]:
    result = CliRunner().invoke(app, ["score", *TABLE, *args])
    assert result.exit_code in (1, 2), result.stdout
    return result.stderr.splitlines()


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["-c", "rufer", "-d", "Anna", "-t", "40"],
            "error: command line: -w NAME: missing: rufer is played with the holder of the called card; "
            "name them (-w NAME), or give --talon",
        ),
        (
            ["-c", "rufer", "-d", "Anna", "-w", "Anna", "-t", "40"],
            "error: command line: -w Anna: 'Anna' is the declarer; the partner is another player",
        ),
        (
            ["-c", "bettler", "-d", "Anna", "--won", "-k", "Bert=kontra", "-k", "Cilli=zzz"],
            "error: command line: -k Cilli=zzz: 'zzz' is not a Kontra step; 'koenigrufen' plays 'kontra', 'rekontra'",
        ),
        (
            ["-c", "dreier", "-d", "Anna", "-t", "40", "--talon"],
            "error: command line: --talon: 'talon': no King is called in dreier under 'koenigrufen'",
        ),
        (
            ["-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "-b", "pagat,silent,kontra"],
            "error: command line: -b pagat,silent,kontra: 'kontra' on the silent pagat: "
            "a silent bonus cannot be doubled, only an announced one",
        ),
        (
            ["-c", "bettler", "-d", "Anna"],
            "error: command line: --won/--lost: missing: did the declarer of bettler win? (--won or --lost)",
        ),
        (
            ["-c", "trischaken", "-t", "Anna=70", "-t", "Bert=0", "-t", "Cilli=0", "-t", "Zoe=0"],
            "error: command line: -t Zoe=0: not at the table; players are 'Anna', 'Bert', 'Cilli', 'Dani'",
        ),
    ],
)
def test_short_form_errors_name_the_option_given(args: list[str], expected: str) -> None:
    assert expected in errors(*args)


def test_a_malformed_card_point_count_is_one_error() -> None:
    # Not also "card_points: missing": the count was given, only not readable.
    assert errors("-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "forty") == [
        'error: command line: -t forty: \'forty\' is not a card point count; write "35 2/3", "35/2" or '
        '"35 2" (35 points and 2 Blatt), or a whole number'
    ]


def test_a_hand_file_keeps_its_keys(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text('players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\n')
    result = CliRunner().invoke(app, ["score", str(hand)])
    assert result.exit_code == 1
    assert f"error: {hand}: partner: missing" in result.stderr


def test_the_table_names_players_in_the_library_and_players_option_at_the_command_line(
    tmp_path: Path,
) -> None:
    with pytest.raises(LedgerError) as refused:
        new_ledger(["Anna", "Anna", "Cilli", "Dani"], load_profile("koenigrufen"), created="2026-03-05")
    assert [p.where for p in refused.value.problems] == ["players"]
    result = CliRunner().invoke(
        app, ["new", "-p", "Anna,Anna,Cilli,Dani", "--ledger", str(tmp_path / "evening.toml")]
    )
    assert result.exit_code == 2
    assert "error: --players: 'Anna' named twice" in result.stderr


def _messages(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module that are not docstrings, with their line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


# Words of the core that only look like a command: kinds of file, and the draw's seed text
# (fixed, so that a seed gives the same draw in every version).
NOT_COMMANDS = (
    "a tarockscore tournament file",
    "a tarockscore tournament format",
    "tarockscore draw ",
    # the ledger's values read from its file (evening/fold.py): the program, not a command
    "a tarockscore ledger",
    "tarockscore ledger digest 2",  # the schema-1 digest's salt, not a message
    "this version of tarockscore reads",
    "a newer tarockscore wrote",
)


FLAG = r"(^|[\s`(])--?[a-z][a-z-]*\b"


# The modules that read and write files: the file layer, checked below.
FILE_LAYER = (
    *sorted((ROOT / "tarockscore" / "io").glob("*.py")),
    *(ROOT / "tarockscore" / "evening" / f"{name}.py" for name in ("store", "upgrade")),
    *(ROOT / "tarockscore" / "tournament" / f"{name}.py" for name in ("store", "upgrade")),
)


def _core(folder: str) -> list[Path]:
    """A folder's modules of the pure core: all but the file layer's and the library's face
    (``evening/evening.py``, ``season/season.py``, ``tournament/tournament.py``)."""
    paths = sorted((ROOT / "tarockscore" / folder).glob("*.py"))
    assert paths, folder
    return [p for p in paths if p not in FILE_LAYER and p.stem != folder]


@pytest.mark.parametrize("folder", ["rules", "evening", "season", "tournament"])
def test_the_core_names_no_option_and_no_command(folder: str) -> None:
    flag = re.compile(FLAG + r"|\btarockscore [a-z]+")
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in _core(folder)
        for line, text in _messages(path)
        if flag.search(_bare(text))
    ]
    assert found == []


def _bare(text: str) -> str:
    """The text without the words that name a command's noun, not the command (NOT_COMMANDS)."""
    for words in NOT_COMMANDS:
        text = text.replace(words, "")
    return text


# The one option in the file layer that is not a message: ``python -c``, how the parser's second
# process is started.
NOT_MESSAGES = ("-c",)


def test_the_file_layer_names_no_option_and_no_command() -> None:
    """A file's problem says what is wrong; the way out by option or command is the CLI's
    (``cli/advice.py``). The comment lines a file starts with (``# ...``) are the file's own
    text for a person reading it, and may name the commands that change it."""
    commands = "|".join(sorted(get_command(app).commands))  # type: ignore[attr-defined]
    flag = re.compile(FLAG + rf"|\btarockscore (?:{commands})\b")
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in FILE_LAYER
        for line, text in _messages(path)
        if not text.startswith("# ") and text not in NOT_MESSAGES and flag.search(_bare(text))
    ]
    assert found == []
