"""The docs are tested: the README's opening commands and its transcripts, the examples of the
docs pages, every command and option documented, and every document they name present."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import subprocess
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.evening.model import Action
from tarockscore.rules.hand import HandInput
from tests.stored import resealed

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
LEDGER_DOC = DOCS / "ledger-format.md"
runner = CliRunner()


def _pages() -> dict[str, str]:
    """The README and the pages of docs/ (the rules' pages aside), by their names."""
    pages = {"README.md": README}
    for path in sorted(DOCS.glob("*.md")):
        pages[f"docs/{path.name}"] = path.read_text(encoding="utf-8")
    return pages


def _blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def _section(text: str, heading: str) -> str:
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_readme_opens_with_the_two_commands() -> None:
    body = README.split("\n", 1)[1].lstrip()
    first, second = re.findall(r"```sh\n(.*?)\n```", body, flags=re.S)[:2]
    assert body.startswith("```sh\n" + first)
    assert "tarockscore score examples/" in first
    assert "scripts/check" in second
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "scripts/check" in ci


def test_the_readme_is_the_door_not_the_manual() -> None:
    assert len(README.splitlines()) <= 200


def test_every_command_is_in_the_readme() -> None:
    group = get_command(app)
    names = list(group.commands)  # type: ignore[attr-defined]
    assert "score" in names and "profiles" in names
    for name in names:
        assert f"tarockscore {name}" in README, f"command {name!r} is not documented in README.md"


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """The command line's commands, each with its path (Typer carries a Click of its own)."""
    yield " ".join(path), command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def _undocumented(text: str) -> list[str]:
    """Every subcommand and every long option of the command line that ``text`` does not name."""
    missing = []
    for path, command in _commands(get_command(app)):
        if path and path not in text:
            missing.append(f"tarockscore {path}")
        for param in command.params:
            names = [*param.opts, *param.secondary_opts]
            for option in names:
                if not option.startswith("--") or option == "--help":
                    continue
                if re.search(re.escape(option) + r"(?![\w-])", text):
                    continue
                # an option shown by its short name only (`-o cards.html`) is documented too
                shorts = [n for n in names if not n.startswith("--") and n in param.opts]
                if any(re.search(r"(?<![\w-])" + re.escape(n) + r" ", text) for n in shorts):
                    continue
                missing.append(f"tarockscore {path} {option}".replace("  ", " "))
    return missing


def test_every_command_and_option_is_documented() -> None:
    """Each subcommand and each long option is named in the README or a page of docs/."""
    text = "\n".join(_pages().values())
    assert _undocumented(text) == []
    # the check can fail: without the pages, the README alone leaves options out
    assert "tarockscore season --skip-bad" in _undocumented(README)
    assert "tarockscore tournament draw" in _undocumented("tarockscore score")


_NAMED = re.compile(r"\b(?:docs|benchmarks)/[\w./-]*\w\.(?:md|png)\b")
_LINKED = re.compile(r"\]\(([\w./-]+\.(?:md|png))(?:#[\w-]*)?\)")


def test_every_document_the_pages_name_exists() -> None:
    missing = []
    for name, text in _pages().items():
        missing += [f"{name}: {found}" for found in _NAMED.findall(text) if not (ROOT / found).is_file()]
        here = (ROOT / name).parent
        missing += [f"{name}: {found}" for found in _LINKED.findall(text) if not (here / found).is_file()]
    assert missing == []
    assert _NAMED.findall("see `docs/evening.md` and docs/serve-table.png") == [
        "docs/evening.md",
        "docs/serve-table.png",
    ]


def test_a_profile_of_ones_own_is_named_after_its_file_unless_it_names_itself(tmp_path: Path) -> None:
    """docs/scoring.md: a profile file that gives no `name` is named after its file, never after the
    profile it extends (a Rufer worth 2 on a sheet that says koenigrufen would pass house rules off
    as the shipped ones); a `name` of its own is kept."""
    page = (DOCS / "scoring.md").read_text(encoding="utf-8")
    assert "a profile file that gives none is named after its file" in " ".join(page.split())
    pinned = re.compile(r"^profile: (\S+) \(sha256 ([0-9a-f]{12})\)$", flags=re.M)

    def begun(profile: str, k: int) -> tuple[str, str]:
        result = runner.invoke(
            app, ["new", "-p", "A,B,C,D", "-P", profile, "-l", str(tmp_path / f"{k}.toml")]
        )
        found = pinned.search(result.stdout)
        assert result.exit_code == 0 and found is not None, result.stdout
        return found.group(1), found.group(2)

    shipped = begun("koenigrufen", 0)
    house = tmp_path / "house.toml"
    house.write_text('extends = "koenigrufen"\n[contracts.rufer]\nvalue = 2\n', encoding="utf-8")
    unnamed = begun(str(house), 1)
    assert unnamed[0] == "house" and unnamed[1] != shipped[1]
    house.write_text(
        'extends = "koenigrufen"\nname = "our-table"\n[contracts.rufer]\nvalue = 2\n', encoding="utf-8"
    )
    assert begun(str(house), 2)[0] == "our-table"


def _score_commands() -> list[list[str]]:
    """Every ``tarockscore score -…`` and ``tarockscore profiles`` line of the pages' sh blocks."""
    commands = []
    for text in _pages().values():
        for block in _blocks(text, "sh"):
            for line in block.splitlines():
                line = line.split("  #")[0].strip()
                if line.startswith("tarockscore score -") or line.startswith("tarockscore profiles"):
                    if ".toml" in line and "examples/" not in line:
                        continue
                    commands.append(shlex.split(line)[1:])
    return commands


def test_the_pages_show_score_commands() -> None:
    assert len(_score_commands()) >= 3


@pytest.mark.parametrize("args", _score_commands(), ids=lambda a: " ".join(a)[:40])
def test_docs_commands_run(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr


def test_the_hand_example_scores_as_shown(tmp_path: Path) -> None:
    page = (DOCS / "scoring.md").read_text(encoding="utf-8")
    hand = _blocks(page, "toml")[0]
    shown = _blocks(page, "console")[0]
    path = tmp_path / "hand.toml"
    path.write_text(hand, encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 0
    assert result.stdout.strip() == shown.split("\n", 1)[1].strip()


def test_each_shipped_examples_worked_total_is_what_it_scores() -> None:
    """The examples/ hands work their result out in their opening comment, bet by bet, to a
    "Total:" line (and a second one for the money where Kontra moves the money alone): each is
    what `score` gives, so the README's first command scores what its file says."""
    import tomllib

    from tarockscore import score_hand as score_mapping

    worked = 0
    for path in sorted((ROOT / "examples").glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        totals = [
            {name: int(points) for name, points in re.findall(r"([^\s,]+) ([+-]?\d+)", line)}
            for line in re.findall(r"^#\s+Total: ([^(\n]*)", text, flags=re.M)
        ]
        score, _ = score_mapping(cast(HandInput, tomllib.loads(text)))
        for said, scored in zip(totals, [score.victory_points, score.payout], strict=False):
            assert said == scored, path.name
            worked += 1
    assert worked >= 12


def _normal(text: str) -> str:
    """Output as a transcript shows it: the ledger's head varies with the time (a profile's digest does not)."""
    lines = [line.rstrip() for line in text.splitlines() if not re.fullmatch(r"head [0-9a-f]{12}", line)]
    return "\n".join(lines).strip("\n")


def test_the_readme_transcript_at_the_table_prints_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TAROCKSCORE_LEDGER", raising=False)
    (block,) = _blocks(_section(README, "At the table"), "console")
    steps = [part.partition("\n") for part in re.split(r"^\$ ", block, flags=re.M)[1:]]
    assert [command.split()[1] for command, _, _ in steps] == ["new", "record", "record", "show", "settle"]
    for command, _, shown in steps:
        result = runner.invoke(app, shlex.split(command)[1:])
        assert result.exit_code == 0, (command, result.stderr)
        assert _normal(result.stdout) == _normal(shown), command


def test_the_readme_library_example_prints_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    section = _section(README, "The library")
    (code,) = _blocks(section, "python")
    (shown,) = _blocks(section, "text")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - the README's own example
    assert out.getvalue() == shown
    assert (tmp_path / "friday.toml").is_file()


def test_docs_hand_format_examples_parse() -> None:
    import tomllib

    from tarockscore import score_hand as score_mapping

    text = (DOCS / "hand-format.md").read_text(encoding="utf-8")
    examples = re.findall(r"```toml\n(.*?)```", text, flags=re.S)
    assert len(examples) >= 3
    for example in examples:
        score, _ = score_mapping(cast(HandInput, tomllib.loads(example)))
        assert score.victory_points


def _fenced(text: str, heading: str) -> str:
    """The one plain fenced block of the ``### heading`` section of ``text``."""
    section = text.split(f"\n### {heading}\n", 1)[1].split("\n#", 1)[0]
    (block,) = re.findall(r"^```\n(.*?)^```$", section, flags=re.S | re.M)
    return str(block)


def test_the_ledger_page_names_a_stored_result_and_a_repair_as_check_and_show_print_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ledger-format.md shows, in "The sheet is the rules", the lines a reading command
    prints for a hand whose stored result the rules do not give, and in "Repairing" the line it
    prints once a repair covers a hand. docs/evening.md says `check` names each mismatch with
    its file and the hand. Here: under `pagat` (zero-sum), hand 2 is Cilli's Dreier won, which
    costs Bert 5 (the Dreier's 5 paid to Cilli by each Defender); its stored -5 made +9."""
    monkeypatch.chdir(tmp_path)
    page = LEDGER_DOC.read_text(encoding="utf-8")
    begin = ["new", "-p", "Anna,Bert,Cilli,Dani", "-P", "pagat", "-l", "evening.toml"]
    hands = [
        ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"],
        ["-c", "dreier", "-d", "Cilli", "-t", "40"],
    ]

    def evening() -> None:
        Path("evening.toml").unlink(missing_ok=True)
        assert runner.invoke(app, begin).exit_code == 0
        for hand in hands:
            assert runner.invoke(app, ["record", "-l", "evening.toml", *hand]).exit_code == 0

    def bert_stored_nine(doc: dict[str, Any]) -> None:
        (second,) = [h for e in doc["event"] for h in e.get("hand", []) if h["id"] == 2]
        assert second["result"]["victory_points"]["Bert"] == -5
        second["result"]["victory_points"]["Bert"] = 9

    evening()
    resealed("evening.toml", bert_stored_nine)
    for command in ("check", "show"):
        result = runner.invoke(app, [command, "-l", "evening.toml"])
        assert (result.exit_code, result.stdout) == (1, ""), command
        assert result.stderr == _fenced(page, "The sheet is the rules"), command

    # hand 2's entry changed outside tarockscore (its hash no longer fits), then repaired
    evening()
    text = Path("evening.toml").read_text(encoding="utf-8")
    edited = text.replace(
        'contract = "dreier", declarer = "Cilli", card_points = 40',
        'contract = "dreier", declarer = "Cilli", card_points = 39',
        1,
    )
    assert edited != text
    Path("evening.toml").write_text(edited, encoding="utf-8")
    assert runner.invoke(app, ["repair", "--write", "-l", "evening.toml"]).exit_code == 0
    result = runner.invoke(app, ["show", "-l", "evening.toml"])
    assert result.exit_code == 0
    assert result.stderr == _fenced(page, "Repairing")


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


def test_the_paper_result_the_tournament_page_types_is_the_one_its_standings_rank() -> None:
    """docs/tournament.md is one evening run as printed: table 2 of round 1 was typed from its
    paper sheet as Dani +24 and the others -8, and the standings after round 1 ranked it Anna +15,
    Dani -1, Emil -3, Cilli -11. Each player's points typed are their cell of round 1 there."""
    commands = _console_commands(TOURNAMENT_DOC.read_text(encoding="utf-8"))
    (typed,) = [c for c, _ in commands if c.startswith("tarockscore tournament result cup-day --round 1 ")]
    standings = next(out for c, out in commands if c == "tarockscore tournament standings cup-day")
    for name, points in (word.split("=") for word in typed.split() if "=" in word):
        (row,) = [line for line in standings.splitlines() if line.split()[1:2] == [name]]
        assert re.search(rf"T2 #\d {re.escape(f'{int(points):+d}')}$", row), (name, points, row)


def test_a_day_begun_as_the_tournament_page_says_needs_what_it_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/tournament.md, "Before the first round": `--profile` and `--format` have no default,
    and `--games-five` is needed where `--games` × 5/4 is no whole number (10 × 5/4 = 12 1/2).
    The page named neither, and a day begun with 10 games stopped at an option it called optional."""
    monkeypatch.chdir(tmp_path)
    page = " ".join(TOURNAMENT_DOC.read_text(encoding="utf-8").split())
    assert "it has no default, and neither has `--format`" in page
    assert "where that is no whole number (`--games 10`) it must be given" in page
    base = ["tournament", "new", "day", "--players", "Anna,Bert,Cilli,Dani", "--rounds", "1"]
    bare = runner.invoke(app, [*base, "--games", "16"])
    assert bare.exit_code == 2
    assert [line.split(":")[1].strip() for line in bare.stderr.splitlines()] == ["--profile", "--format"]
    rules = ["--profile", "ooe-2023", "--format", "schrift"]
    ten = runner.invoke(app, [*base, *rules, "--games", "10"])
    assert ten.exit_code == 2 and ten.stderr.startswith("error: --games-five: ")
    assert not Path("day").exists()
    given = runner.invoke(app, [*base, *rules, "--games", "10", "--games-five", "13"])
    assert given.exit_code == 0, given.stderr
    assert "10 games at a table of four, 13 at a table of five" in given.stdout


def test_machine_output_names_every_key_of_tournament_draw_json(tmp_path: Path) -> None:
    """docs/machine-output.md, `tournament draw --json`: every key the draw prints is in the
    object the page shows (it left out `head`, the day's head after the draw)."""
    page = (DOCS / "machine-output.md").read_text(encoding="utf-8")
    section = _section(page, "`tournament draw --json`")
    shown = set(re.findall(r'"(\w+)":', section.split("\n\n", 1)[0]))
    day = str(tmp_path / "day")
    names = "Anna,Bert,Cilli,Dani,Emil,Fritzi,Gerti,Hans"
    begun = ["tournament", "new", day, "-p", names, "--rounds", "1", "--games", "4", "-P", "koenigrufen"]
    assert runner.invoke(app, [*begun, "--format", "schrift"]).exit_code == 0
    drawn = runner.invoke(app, ["tournament", "draw", day, "--round", "1", "--seed", "1", "--json"])
    assert drawn.exit_code == 0, drawn.stderr
    data = json.loads(drawn.stdout)
    printed = set(data) | {key for table in data["tables"] for key in table}
    assert printed <= shown, printed - shown
    assert re.fullmatch(r"[0-9a-f]{64}", data["head"])


def test_the_tournament_page_names_each_sheet_it_refuses_as_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/tournament.md, "Nothing is left out": the day as the page runs it (round 1 closed by
    the draw of round 2), then a hand at round 2's table 1, which the page does not print (Gerti's
    Rufer with Bert, won: +1 each for them, -1 for Cilli and Dani). Each refusal the section
    shows is what `standings` prints for the edit it describes. The page showed the words of an
    earlier version for a stored result the rules do not give, and a sheet copied into a round
    already closed, which is named as rewritten after the close, not as moved."""
    import shutil

    monkeypatch.chdir(tmp_path)
    names = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Fritzi", "Gerti", "Hans"]
    Path("names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
    page = TOURNAMENT_DOC.read_text(encoding="utf-8")
    for command, _ in _console_commands(page):
        if command.startswith(REPLAYED) and "--points 40" not in command:
            assert runner.invoke(app, shlex.split(command)[1:]).exit_code == 0, command
    hand = "record --ledger cup-day/round-2/table-1.toml -c rufer -d Gerti -w Bert -t 40"
    assert runner.invoke(app, hand.split()).exit_code == 0
    shutil.copytree("cup-day", "as-played")

    def bert_stored_three(doc: dict[str, Any]) -> None:
        (first,) = [h for e in doc["event"] for h in e.get("hand", []) if h["id"] == 1]
        assert first["result"]["victory_points"]["Bert"] == 1
        first["result"]["victory_points"]["Bert"] = 3

    def result_edited() -> None:  # a result changed by hand, every hash worked out again
        resealed("cup-day/round-2/table-1.toml", bert_stored_three)

    def sheet_copied() -> None:  # round 1's sheet of table 1 copied over round 2's
        shutil.copyfile("cup-day/round-1/table-1.toml", "cup-day/round-2/table-1.toml")

    def day_edited() -> None:  # a value of the day's first entry changed
        day = Path("cup-day/tournament.toml")
        day.write_text(
            day.read_text(encoding="utf-8").replace("\nrounds = 2\n", "\nrounds = 3\n", 1), "utf-8"
        )

    def old_day() -> None:  # a day of 0.3
        shutil.copytree(ROOT / "tests" / "data" / "old-days" / "day-0.3", "old-day")

    edits: list[Callable[[], None]] = [result_edited, sheet_copied, day_edited, old_day]
    shown = _console_commands(_section(page, "Nothing is left out"))
    assert len(shown) == len(edits)
    at = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d")
    for (command, printed), edit in zip(shown, edits, strict=True):
        shutil.rmtree("cup-day")
        shutil.copytree("as-played", "cup-day")
        edit()
        result = runner.invoke(app, shlex.split(command)[1:])
        assert (result.exit_code, result.stdout) == (1, ""), command
        assert at.sub("<time>", result.stderr) == at.sub("<time>", printed), command


# A profile of a table's own as a page shows its file: `extends`, `name`, the lines up to a blank
# one or the code block's end.
HOUSE_FILE = re.compile(r'^extends = "[a-z0-9-]+"\nname = "([a-z0-9-]+)"\n(?:(?!```).+\n)*', flags=re.M)
# A profile's digest as a page shows it: after its name (`new`, `explain N`, `rescore`), in a
# ledger's `[profile]`, in `show --json`'s "profile", in `explain N --json` (a code block's
# "profile" and "profile_sha256"); whole or its first digits.
SHOWN_DIGESTS = (
    r"([a-z0-9-]+) \(sha256 ([0-9a-f]{12})\)",
    r'name = "([a-z0-9-]+)"\nsha256 = "([0-9a-f]{4,64})',
    r'"name": "([a-z0-9-]+)", "sha256": "([0-9a-f]{4,64})',
    r'"profile": "([a-z0-9-]+)",[^`]*?"profile_sha256": "([0-9a-f]{4,64})',
)


def test_every_profile_digest_on_a_page_is_the_one_a_new_evening_stores(tmp_path: Path) -> None:
    """Every digest a page shows of a profile, shipped or the table's own file the page shows, is
    the one a new evening under that profile stores today, so the pages agree with the program and
    with each other. The pages showed ``aac4…`` (a koenigrufen of long ago) and ``4724…`` (a
    house profile's of long ago)."""
    pages = [ROOT / "README.md", *DOCS.glob("*.md")]
    texts = {page.name: page.read_text(encoding="utf-8") for page in pages}
    houses = {m[1]: m[0] for text in texts.values() for m in HOUSE_FILE.finditer(text)}
    shipped = {p.stem for p in (ROOT / "profiles").glob("*.toml")}
    found = {
        (page, name, digest)
        for page, text in texts.items()
        for pattern in SHOWN_DIGESTS
        for name, digest in re.findall(pattern, text)
    }
    assert {(page, name) for page, name, _digest in found} >= {
        ("evening.md", "our-table"),
        ("machine-output.md", "radlrunde"),
        ("ledger-format.md", "koenigrufen"),
        ("tournament.md", "ooe-2023"),
        ("german.md", "koenigrufen"),
    }
    stored: dict[str, str] = {}
    for k, name in enumerate(sorted({name for _page, name, _digest in found})):
        assert name in shipped or name in houses, f"{name}: no such profile, nor its file on a page"
        profile = name
        if name in houses:
            profile = str(tmp_path / f"{name}.toml")
            Path(profile).write_text(houses[name], encoding="utf-8")
        ledger = str(tmp_path / f"{k}.toml")
        assert runner.invoke(app, ["new", "-p", "A,B,C,D", "-P", profile, "-l", ledger]).exit_code == 0
        stored[name] = json.loads(runner.invoke(app, ["show", "--json", "-l", ledger]).stdout)["profile"][
            "sha256"
        ]
    wrong = sorted(
        (page, name, digest) for page, name, digest in found if not stored[name].startswith(digest)
    )
    assert wrong == [], stored


def test_the_ledger_layout_stores_what_the_rules_give() -> None:
    """docs/ledger-format.md, "Layout": each hand's stored `result` is what its `entry` scores
    under the ledger's profile, as every reading command checks ("The sheet is the rules"). The
    page stored Anna 4 and Cilli 4 for a plain Rufer won with 40 1/3, which the Calling the King
    rules score 1 each (no Kontra, no bonus)."""
    import tomllib

    from tarockscore import score_hand as score_mapping

    layout = _blocks(_section(LEDGER_DOC.read_text(encoding="utf-8"), "Layout"), "toml")[0]
    profile = re.search(r'^\[profile\]\nname = "([\w-]+)"', layout, flags=re.M)
    assert profile is not None
    hands = re.findall(r"^entry = (\{.*\})\nresult = (\{.*\})$", layout, flags=re.M)
    assert hands
    for entry, result in hands:
        keys = tomllib.loads(f"entry = {entry}")["entry"]
        stored = tomllib.loads(f"result = {result}")["result"]
        score, _ = score_mapping(keys, profile.group(1))
        assert stored["victory_points"] == score.victory_points, entry
        assert stored["won"] == score.won, entry
        assert stored["radl"] == 1


_PROFILE_ABBREVIATIONS = {
    "KR": "koenigrufen",
    "ZR": "zwanzigerrufen",
    "OÖ": "ooe-2023",
    "ST": "steiermark",
    "GT": "gametwist",
    "PG": "pagat",
    "TI": "tirol",
    "WI": "wien",
}


def _toml_word(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _disagreement_claims(text: str) -> list[tuple[str, str, str, str]]:
    """Each (section, key, profile, value) a "Key `[section] key …`" paragraph of
    docs/rules/disagreements.md states, "KR, ZR: `x`" and "every other profile `y`" alike."""
    abbr = "|".join(_PROFILE_ABBREVIATIONS)
    claims: list[tuple[str, str, str, str]] = []
    for paragraph in text.split("\n\n"):
        head = re.match(r"Key `\[(\w+)\] (\w+)", paragraph)
        if not head:
            continue
        section, key = head.groups()
        flat = " ".join(paragraph.split())
        named: set[str] = set()
        for said in re.finditer(rf"((?:{abbr})(?:, (?:{abbr}))*): (?:inherited )?`([^`]+)`", flat):
            for profile in re.findall(abbr, said.group(1)):
                named.add(profile)
                claims.append((section, key, profile, said.group(2)))
        others = re.search(r"(?:every other profile|the others) `([^`]+)`", flat)
        if others:
            claims += [
                (section, key, profile, others.group(1))
                for profile in _PROFILE_ABBREVIATIONS
                if profile not in named
            ]
    return claims


def test_the_disagreements_state_each_profiles_key_as_the_profile_has_it() -> None:
    # docs/rules/disagreements.md names, for each disagreement, the reading each shipped profile
    # takes ("Key `[valat] solo_doubles`. GT, TI, WI: `true`; every other profile `false`"): a
    # profile that takes another reading than the page says is caught here. D11 said "GT: `true`;
    # every other profile `false`" while the Tyrolean and Viennese cups double their fixed Valat
    # in the solos ([TIR20 6)] "in Solospielen doppelt", [WTC20 § Prämien]).
    from tarockscore.io.inputs import resolve_document

    text = (DOCS / "rules" / "disagreements.md").read_text(encoding="utf-8")
    claims = _disagreement_claims(text)
    assert ("valat", "solo_doubles", "TI", "true") in claims
    assert ("settlement", "mode", "WI", "zero_sum") in claims
    profiles = {a: resolve_document(n) for a, n in _PROFILE_ABBREVIATIONS.items()}
    wrong = []
    for section, key, profile, said in claims:
        table = profiles[profile].get(section, {})
        if key not in table or said.startswith("["):
            continue  # a default, or the list of a key named beside it (silent_failure_bonuses)
        if _toml_word(table[key]).strip('"') != said.strip('"'):
            wrong.append(f"[{section}] {key}: {profile} `{said}`, profile has {table[key]!r}")
    assert not wrong, wrong


def test_each_reading_explain_cites_is_the_disagreements_page_s() -> None:
    # explain cites a house's value on a disputed key with the sources of its reading
    # (profiles/readings/published.toml); the file holds no reading of its own: each sits under
    # its disagreement, whose section speaks of the key and cites every one of the reading's
    # sources, word for word.
    from tarockscore.io.inputs import load_profile, profiles_dir, published_readings, shipped_names

    text = (DOCS / "rules" / "disagreements.md").read_text(encoding="utf-8")
    sections = {
        f"D{n}": " ".join(body.split())
        for n, body in re.findall(r"^## D(\d+) (.*?)(?=^## D|\Z)", text, flags=re.M | re.S)
    }
    # the private rounds' own rules, under their section of that page
    private = (DOCS / "rules" / "private-rounds.md").read_text(encoding="utf-8")
    sections |= {
        f"docs/rules/private-rounds.md §{n}": " ".join(body.split())
        for n, body in re.findall(r"^## §(\d+) (.*?)(?=^## §|\Z)", private, flags=re.M | re.S)
    }
    ids, kr = _source_ids(), load_profile("koenigrufen")
    shipped = [load_profile(name) for name in shipped_names()]
    readings = published_readings()
    wrong = []
    for key, published in readings.items():
        # a key a shipped profile has (the Zwiccolo's tricks: steiermark's, wien's)
        assert any(p.setting_at(key) is not None for p in shipped), key
        for value, number, sources, when in published:
            section = sections.get(number, "")
            field = key.rsplit(".", 1)[1]
            if f"{field}" not in section or (
                key.startswith("contracts.") and key.split(".")[1] not in section
            ):
                wrong.append(f"{key}: {number} does not name the key")
            for cited in re.findall(r"\[[^\[\]]+\]", sources):
                if cited not in section:
                    wrong.append(f"{key} = {value!r}: {number} does not cite {cited}")
            wrong += [f"{key}: {u}" for u in _unknown_tags(sources, ids)]
            wrong += [
                f"{key}: when {k}: not a key a profile has"
                for k in when
                if all(p.setting_at(k) is None for p in shipped)
            ]
    assert not wrong, "\n".join(wrong)
    # the file is the readings' only place, and no profile: the profiles' folder lists it nowhere
    assert "readings" not in {p.stem for p in profiles_dir().glob("*.toml")}
    assert (
        (profiles_dir() / "readings" / "published.toml")
        .read_text(encoding="utf-8")
        .startswith("# The published readings")
    )
    # card points as a profile writes them: 35 2/3 is 107 thirds [GT "won with 35 2/3 points"]
    assert readings["game.win_threshold"][0].value == Fraction(107, 3)
    # the reading of a profile's value, where the value depends on another key, too
    assert kr.reading("settlement.mode", readings) == ("D4", "[CTK], [CTT]")
    assert kr.reading("kontra.ceiling", readings) == ("D2", "[CTK], [CTT]")
    ooe = load_profile("ooe-2023").reading("settlement.kontra_scope", readings)
    assert ooe is not None and ooe[1].startswith("[OÖ23 Allg. 5]")
    tirol = load_profile("tirol").reading("valat.silent", readings)
    assert tirol == ("D9", "[TIR20 6)], [WTC20 Prämien]")
    assert kr.reading("valat.silent", readings) == ("D9", readings["valat.model"][0].sources)


def test_the_range_of_disagreements_a_page_names_is_the_one_the_page_holds() -> None:
    # docs/rules/README.md said "D1 … D37", sources.md and the profiles' opening comments
    # "D1…D33", while docs/rules/disagreements.md runs to D40: a reader looking up D38 (the tricks
    # of a Zwiccolo) was told there is no such disagreement.
    rules = DOCS / "rules"
    numbers = re.findall(r"^## D(\d+) ", (rules / "disagreements.md").read_text(encoding="utf-8"), re.M)
    last = max(int(n) for n in numbers)
    assert sorted(int(n) for n in numbers) == list(range(1, last + 1))
    files = sorted(rules.glob("*.md")) + sorted((ROOT / "profiles").rglob("*.toml"))
    stated = [
        (path.name, int(m.group(1)))
        for path in files
        for m in re.finditer(r"D1`? ?… ?`?D(\d+)", path.read_text(encoding="utf-8"))
    ]
    assert stated
    assert [s for s in stated if s[1] != last] == []


def test_the_koenigrufen_valat_section_names_every_profile_that_scores_a_fixed_valat() -> None:
    # docs/rules/koenigrufen.md §4 said "Under every shipped profile the Valat replaces the
    # contract's line" (×4 / ×8), while `tirol` and `wien` pay a fixed Valat of 10 / 20 beside
    # the game ([TIR20 6)] "Die fixe Valatprämie … zusätzlich zum Spiel", [WTC20 § Prämien]).
    from tarockscore.io.inputs import resolve_document, shipped_names

    page = (DOCS / "rules" / "koenigrufen.md").read_text(encoding="utf-8")
    section = page.split("\n## §4 Valat\n", 1)[1].split("\n## ", 1)[0]
    assert "every shipped profile" not in section
    fixed = [
        name for name in shipped_names() if resolve_document(name).get("valat", {}).get("model") == "fixed"
    ]
    assert fixed
    assert [name for name in fixed if f"`{name}`" not in section] == []


def test_the_rules_pages_number_their_sections_in_order() -> None:
    """Pages cite a rule by its section's number (private-rounds.md §4): on every rules page the
    sections stand in the order of their numbers, each number once."""
    for path in sorted((DOCS / "rules").glob("*.md")):
        numbers = [int(n) for n in re.findall(r"^## §(\d+) ", path.read_text(encoding="utf-8"), flags=re.M)]
        assert numbers == list(range(1, len(numbers) + 1)), (path.name, numbers)


def test_machine_output_lists_every_action_of_the_audit_trail() -> None:
    """docs/machine-output.md, `show --json`: `audit`'s `action` names every action a ledger's
    audit trail holds; a tournament table scored from its paper sheet prints `paper`, which the
    list left out."""
    page = (DOCS / "machine-output.md").read_text(encoding="utf-8")
    (row,) = [line for line in page.splitlines() if line.startswith("| `audit` |")]
    listed = set(re.findall(r"`([a-z]+)`", re.findall(r"`action` \(([^)]*)\)", row)[0]))
    assert listed == {a.value for a in Action}
