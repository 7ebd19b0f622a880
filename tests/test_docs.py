"""The docs are tested: the README's opening commands, its examples, and every command documented."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path
from typing import cast

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from tarockscore.cli.shell.app import app
from tarockscore.rules.hand import HandInput

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

    from tarockscore import score_hand as score_mapping

    text = (ROOT / "docs" / "hand-format.md").read_text(encoding="utf-8")
    examples = re.findall(r"```toml\n(.*?)```", text, flags=re.S)
    assert len(examples) >= 3
    for example in examples:
        score, _ = score_mapping(cast(HandInput, tomllib.loads(example)))
        assert score.victory_points


# -- citations: every document the repository cites, it holds --------------------------------

RULES = ROOT / "docs" / "rules"
# Documents the project was once written from, which a clone does not hold. The patterns are
# built from pieces so that this file does not cite them itself.
_ABSENT = [
    re.compile("REFER" + r"ENCE(\.md|\s+§|\s+A\d)"),
    re.compile(r"\bseeds?\s+0" + r"0[0-9]\b"),
    re.compile(r"\.\./" + "shared"),
    re.compile("/work/" + "shared"),
    re.compile(r"\[S[0-2]" + r"[\] ,:]"),
]
# The coordinator's history, which describes the past as it was written then.
_EXEMPT: set[str] = set()
_RULES_LINK = re.compile(r"docs/rules/([\w.-]+\.md)(?:#([\w-]+)|\s+§(\d+(?:\.\d+)*))?")
_LOCAL_LINK = re.compile(r"\]\(([\w.-]+\.md)?(?:#([\w-]+))?\)")


def _tracked() -> list[Path]:
    """The repository's files: git's list where there is one, else the tree without tool folders."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
        ).stdout
        paths = [ROOT / name for name in out.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}
        paths = [
            p for p in ROOT.rglob("*") if p.is_file() and not skip.intersection(p.relative_to(ROOT).parts)
        ]
    return [p for p in paths if p.is_file()]


def _texts() -> list[tuple[str, str]]:
    out = []
    for path in _tracked():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        out.append((path.relative_to(ROOT).as_posix(), text))
    assert out, "no files found"
    return out


def _slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _targets(name: str) -> tuple[set[str], set[str]]:
    """The anchors and the § section numbers a file of docs/rules offers."""
    text = (RULES / name).read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", text, flags=re.M)
    anchors = set(re.findall(r'<a id="([\w-]+)"></a>', text)) | {_slug(h) for h in headings}
    sections = {m.group(1) for h in headings if (m := re.match(r"§(\d+(?:\.\d+)*)\b", h))}
    return anchors, sections


def _broken_rules_links(text: str, local: str | None = None) -> list[str]:
    broken = []
    found = [(m.group(1), m.group(2), m.group(3), m.group(0)) for m in _RULES_LINK.finditer(text)]
    if local is not None:
        found += [(m.group(1) or local, m.group(2), None, m.group(0)) for m in _LOCAL_LINK.finditer(text)]
    for name, anchor, section, cited in found:
        if not (RULES / name).is_file():
            broken.append(f"{cited}: no such file")
            continue
        anchors, sections = _targets(name)
        if anchor and anchor not in anchors:
            broken.append(f"{cited}: no anchor #{anchor}")
        if section and section not in sections:
            broken.append(f"{cited}: no section §{section}")
    return broken


def test_no_file_cites_a_document_the_repository_does_not_hold() -> None:
    found = []
    for name, text in _texts():
        if name in _EXEMPT:
            continue
        for pattern in _ABSENT:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{name}:{line}: {m.group(0)!r}")
    assert not found, "cites a document the repository does not hold:\n" + "\n".join(found)


def test_every_citation_of_docs_rules_exists() -> None:
    broken = []
    for name, text in _texts():
        local = Path(name).name if name.startswith("docs/rules/") and name.endswith(".md") else None
        broken += [f"{name}: {b}" for b in _broken_rules_links(text, local)]
    assert not broken, "\n".join(broken)


def test_the_citation_check_can_fail() -> None:
    rules = "docs/" + "rules/"  # in pieces, so that the check does not read these lines
    assert _broken_rules_links(f"see {rules}kontra.md §99") == [f"{rules}kontra.md §99: no section §99"]
    assert _broken_rules_links(f"{rules}disagreements.md#d999")
    assert _broken_rules_links(f"{rules}no-such-file.md")
    assert not _broken_rules_links("docs/rules/disagreements.md#d7 and docs/rules/kontra.md §2")
    assert any(p.search("see REFER" + "ENCE.md §7") for p in _ABSENT)
    assert any(p.search("seed " + "001") for p in _ABSENT)


def _source_ids() -> set[str]:
    text = (RULES / "sources.md").read_text(encoding="utf-8")
    ids: set[str] = set()
    for cell in re.findall(r'^\| <a id="[\w-]+"></a>([^|]+)\|', text, flags=re.M):
        ids.update(part.strip() for part in cell.split(","))
    return ids


def _profile_sources(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k == "source" and isinstance(v, str)]
        for v in node.values():
            found += _profile_sources(v)
        return found
    if isinstance(node, list):
        return [s for v in node for s in _profile_sources(v)]
    return []


def _unknown_tags(text: str, ids: set[str]) -> list[str]:
    """The ids in square-bracket citations ([CTK], [OÖ23 Allg. 5 via HT §7.6]) that sources.md lacks."""
    unknown = []
    for tag in re.findall(r"\[([^\[\]\n]+)\]", text):
        if not tag[0].isupper():
            continue  # a profile table, such as [valat]
        for part in tag.split(" via "):
            for name in part.split()[0].rstrip(":,;").split("/"):
                if name not in ids:
                    unknown.append(f"[{tag}]: {name}")
    return unknown


def test_profile_citations_name_sources_the_repository_lists() -> None:
    """Every [ID] a profile cites, in its comments and in the sources `--explain` prints, is an id
    of docs/rules/sources.md."""
    import tomllib

    ids = _source_ids() | {"D", "P"}
    assert {"CTK", "CTT", "GT", "OÖ23", "OÖR25", "PAGAT", "STC", "STC-TB", "HT"} <= ids
    assert _unknown_tags("[CTK] [OÖ23 Allg. 5 via HT §7.6] [valat] [D]", ids) == []
    assert _unknown_tags("[XYZ] [QQ via CTK]", ids) == ["[XYZ]: XYZ", "[QQ via CTK]: QQ"]
    unknown = []
    for path in sorted((ROOT / "profiles").glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        assert _profile_sources(tomllib.loads(text)), path
        unknown += [f"{path.name}: {u}" for u in _unknown_tags(text, ids)]
    assert not unknown, "\n".join(unknown)


# -- docs/tournament.md --------------------------------------------------------------------------------

TOURNAMENT_DOC = ROOT / "docs" / "tournament.md"
# The day's commands whose output depends only on commands the page prints (the draws' seeds and
# the hands it shows): run in the page's order, each must print exactly its block. The standings,
# the money and the refusals need hands the page does not print, and are left out.
REPLAYED = (
    "tarockscore tournament new cup-day ",
    "tarockscore tournament draw cup-day --round 1 ",
    "tarockscore record --ledger cup-day/round-1/table-1.toml ",
    "tarockscore tournament players cup-day add Ilse",
    "tarockscore tournament draw cup-day --round 2 --seed 2027",
    "tarockscore record --ledger cup-day/round-2/table-2.toml ",
)


def _console_commands(text: str) -> list[tuple[str, str]]:
    """(command, its printed output) for every ``$`` line of the page's console blocks."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        for part in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, printed = part.partition("\n")
            out.append((command, printed.rstrip("\n") + "\n"))
    return out


def test_the_tournament_page_prints_what_its_commands_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    names = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Fritzi", "Gerti", "Hans"]
    Path("names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
    replayed = [
        (command, printed)
        for command, printed in _console_commands(TOURNAMENT_DOC.read_text(encoding="utf-8"))
        if command.startswith(REPLAYED) and "--points 40" not in command  # the fifth hand: refused
    ]
    assert len(replayed) == 7
    for command, printed in replayed:
        result = runner.invoke(app, shlex.split(command)[1:])
        assert result.exit_code == 0, (command, result.stderr)
        # the head a change prints hashes the times of the evening: the page may leave it out
        out = re.sub(r"(?m)^(?:day )?head [0-9a-f]{12}\n", "", result.stdout)
        assert out == re.sub(r"(?m)^(?:day )?head [0-9a-f]{12}\n", "", printed), command
