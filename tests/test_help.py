"""Help and shell (issue 11 §6): --version and -h, examples under every command, placeholders as
words, and shell completion of players, contracts, bonuses and Kontra steps."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from tarockscore import __version__
from tarockscore.cli.app import EXAMPLES, app

runner = CliRunner()
SCRIPT = Path(sys.executable).parent / "tarockscore"


def _paths(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _paths(sub, (*path, name))


COMMANDS = list(_paths(get_command(app)))


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"tarockscore {__version__}"


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=lambda p: " ".join(p) or "tarockscore")
def test_dash_h_is_help_and_ends_with_examples(path: tuple[str, ...]) -> None:
    short = runner.invoke(app, [*path, "-h"])
    long = runner.invoke(app, [*path, "--help"])
    assert short.exit_code == long.exit_code == 0, short.stderr
    assert short.stdout == long.stdout
    page = long.stdout.rstrip()
    assert all(len(line) <= 80 for line in page.splitlines()), page
    # an example too long for 80 columns goes on as a shell line goes on: a backslash at the end
    lines = page.replace(" \\\n      ", " ").splitlines()
    examples = []
    for line in reversed(lines):
        if not line.strip().startswith("tarockscore "):
            break
        examples.append(line.strip())
    assert 2 <= len(examples) <= 3, long.stdout
    assert lines[-len(examples) - 1].strip() == "Examples:"
    assert set(examples) == set(EXAMPLES[" ".join(path)]), examples
    for example in examples:
        words = shlex.split(example)[1:]
        assert words[: len(path)] == list(path), example


def _invoked(path: tuple[str, ...], example: str) -> tuple[Any, list[str]] | None:
    """The command an example of ``path`` runs (a group's example may run one of its commands),
    and the words after its name; None where the example runs another command."""
    command = dict(COMMANDS)[path]
    words = shlex.split(example)[1:]
    if words[: len(path)] != list(path):
        return None
    rest = words[len(path) :]
    if getattr(command, "commands", None) and rest and rest[0] in command.commands:
        return command.commands[rest[0]], rest[1:]
    return command, rest


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=lambda p: " ".join(p) or "tarockscore")
def test_examples_use_only_the_commands_options(path: tuple[str, ...]) -> None:
    for example in EXAMPLES[" ".join(path)]:
        invoked = _invoked(path, example)
        if invoked is None:
            continue
        command, rest = invoked
        options = {opt for p in command.params for opt in [*p.opts, *p.secondary_opts]}
        for word in rest:
            if word.startswith("-") and word != "-":
                assert word in options, (example, word)


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=lambda p: " ".join(p) or "tarockscore")
def test_examples_give_every_required_option(path: tuple[str, ...]) -> None:
    # An example left without a required option stops at "Missing option" when it is tried.
    for example in EXAMPLES[" ".join(path)]:
        invoked = _invoked(path, example)
        if invoked is None:
            continue
        command, rest = invoked
        given = {word.split("=", 1)[0] for word in rest if word.startswith("-")}
        for param in command.params:
            if param.required and param.param_type_name == "option":
                assert given & {*param.opts, *param.secondary_opts}, (example, param.opts)


def test_the_examples_of_tournament_new_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Its options are checked by the command itself, not marked required: an example that left
    # out the profile or the format would stop at "give the profile …".
    monkeypatch.chdir(tmp_path)
    Path("players.txt").write_text("\n".join(f"Player{i}" for i in range(1, 13)) + "\n", encoding="utf-8")
    for example in {*EXAMPLES["tournament new"], EXAMPLES["tournament"][0]}:
        shutil.rmtree("cup-day", ignore_errors=True)
        result = runner.invoke(app, shlex.split(example)[1:])
        assert result.exit_code == 0, (example, result.stderr)
        assert Path("cup-day", "tournament.toml").is_file(), example


def test_placeholders_read_as_words() -> None:
    for path, _ in COMMANDS:
        text = runner.invoke(app, [*path, "--help"]).stdout
        usage = text.splitlines()[0]
        assert "{" not in usage and ":" not in usage.split("]", 1)[-1], usage
        assert not re.search(r"<[a-z|]+>", text), (path, text)
    record = runner.invoke(app, ["record", "--help"]).stdout
    for shown in (
        "-c, --contract CONTRACT",
        "-d, --declarer NAME",
        "-t, --points POINTS",
        "-l, --ledger FILE",
    ):
        assert shown in record
    # A placeholder names what the option takes: an output format is no FILE, a round a number.
    for words, shown in (
        (["cup", "standings"], "-f, --format FORMAT"),
        (["season"], "-f, --format FORMAT"),
        (["tournament", "new"], "--format FORMAT "),
        (["tournament", "draw"], "-r, --round N "),
        (["chart"], "-o, --output FILE"),
    ):
        assert shown in runner.invoke(app, [*words, "--help"]).stdout, (words, shown)


# -- shell completion -------------------------------------------------------------------------------


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    result = runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "-P", "gametwist", "-l", str(path)])
    assert result.exit_code == 0, result.stderr
    return path


def _complete(words: str) -> list[str]:
    """What the program answers bash for the command line ``words`` (the cursor at its end)."""
    env = {
        **os.environ,
        "_TAROCKSCORE_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(shlex.split(words)) - (0 if words.endswith(" ") else 1)),
    }
    out = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_the_completion_script_for_bash_is_printed() -> None:
    # The script `--show-completion` prints for the shell it is run from, asked for bash by name
    # (as the script itself asks the program), so no shell need be among the test's parents.
    env = {**os.environ, "_TAROCKSCORE_COMPLETE": "source_bash"}
    result = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "_TAROCKSCORE_COMPLETE=complete_bash" in result.stdout
    assert "complete -o default -F _tarockscore_completion tarockscore" in result.stdout
    shown = runner.invoke(app, ["--help"]).stdout
    assert "--install-completion" in shown and "--show-completion" in shown


def test_completes_command_names() -> None:
    assert _complete("tarockscore rec") == ["record"]


def test_completes_players_from_the_ledger(evening: Path) -> None:
    assert _complete(f"tarockscore record -l {evening} -d ") == ["Anna", "Bert", "Cilli", "Dani"]
    assert _complete(f"tarockscore record -l {evening} -w c") == ["cilli"]  # any case: stored as Cilli
    assert _complete(f"tarockscore record -l {evening} -c Solod") == ["Solodreier"]
    assert _complete(f"tarockscore record -l {evening} -p Anna,B") == ["Anna,Bert"]


def test_completes_a_line_that_gives_an_option_twice(evening: Path) -> None:
    # the contradiction is the command's to refuse when it runs, not the shell's completion
    assert _complete(f"tarockscore record -l {evening} -c rufer -c dreier -d B") == ["Bert"]


def test_completes_contract_bonus_and_kontra_names_from_the_ledgers_profile(evening: Path) -> None:
    # gametwist (the ledger's profile) has Mondfang and spells Rekontra "recontra"; koenigrufen has neither
    contracts = _complete(f"tarockscore record -l {evening} -c solo")
    assert "solorufer" in contracts and "solodreier" in contracts and "solo_caller" in contracts
    assert "mondfang" in _complete(f"tarockscore record -l {evening} -b mo")
    assert "contra" in _complete(f"tarockscore record -l {evening} -k con")
    assert "Bert=" in _complete(f"tarockscore record -l {evening} -k B")
    # the playable steps and their aliases: gametwist plays up to Subkontra (sub, subcontra)
    assert set(_complete(f"tarockscore record -l {evening} -k Bert=re")) == {
        "Bert=rekontra",
        "Bert=recontra",
        "Bert=retour",
        "Bert=re",
    }


def test_without_a_ledger_the_profile_option_or_koenigrufen_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert "mondfang" not in _complete("tarockscore score -b mo")
    assert "mondfang" in _complete("tarockscore score -P gametwist -b mo")
    assert _complete("tarockscore score -p Anna,Bert,Cilli,Dani -d B") == ["Bert"]


@pytest.mark.parametrize(("language", "heading"), [("en", "Commands:"), ("de", "Befehle:")])
def test_a_group_given_without_its_command_shows_its_help_page(language: str, heading: str) -> None:
    """`tarockscore radl` alone is a slip of usage (exit 2): the group's help page, on standard
    error as its lines, not one error line with its line breaks written as `\\n` and cut short."""
    for group, commands in (("radl", ("add", "strike")), ("tournament", ("new", "draw", "standings"))):
        result = runner.invoke(app, ["--lang", language, group])
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        assert "\\n" not in result.stderr and not result.stderr.startswith("error:")
        lines = result.stderr.splitlines()
        assert heading in lines
        listed = {line.split()[0] for line in lines[lines.index(heading) + 1 :] if line.startswith("  ")}
        assert set(commands) <= listed, lines
