"""The docs are tested: the README's opening commands, its examples, and every command documented."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from tarockscore.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
runner = CliRunner()


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def test_readme_opens_with_the_two_commands() -> None:
    body = README.split("\n", 1)[1].lstrip()
    first, second = re.findall(r"```sh\n(.*?)\n```", body, flags=re.S)[:2]
    assert body.startswith("```sh\n" + first)
    assert "tarockscore score examples/" in first
    assert "scripts/check" in second
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "scripts/check" in ci


def test_every_command_is_in_the_readme() -> None:
    group = get_command(app)
    names = list(group.commands)  # type: ignore[attr-defined]
    assert "score" in names and "profiles" in names
    for name in names:
        assert f"tarockscore {name}" in README, f"command {name!r} is not documented in README.md"


def _readme_score_commands() -> list[list[str]]:
    commands = []
    for block in _blocks("sh"):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("tarockscore score -") or line.startswith("tarockscore profiles"):
                if ".toml" in line and "examples/" not in line:
                    continue
                commands.append(shlex.split(line)[1:])
    return commands


@pytest.mark.parametrize("args", _readme_score_commands(), ids=lambda a: " ".join(a)[:40])
def test_readme_commands_run(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr


def test_readme_hand_example_scores_as_shown(tmp_path: Path) -> None:
    hand = _blocks("toml")[0]
    shown = _blocks("console")[0]
    path = tmp_path / "hand.toml"
    path.write_text(hand, encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 0
    assert result.stdout.strip() == shown.split("\n", 1)[1].strip()


def test_docs_hand_format_examples_parse() -> None:
    import tomllib

    from tarockscore.api import score_mapping

    text = (ROOT / "docs" / "hand-format.md").read_text(encoding="utf-8")
    examples = re.findall(r"```toml\n(.*?)```", text, flags=re.S)
    assert len(examples) >= 3
    for example in examples:
        score, _ = score_mapping(tomllib.loads(example))
        assert score.victory_points
