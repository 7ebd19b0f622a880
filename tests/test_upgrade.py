"""`tarockscore upgrade`: the one converter of a ledger of schema 1 (tests/data/old-ledgers, written
by the tarockscore of before the log); every other command refuses such a file and names the way
out, one line, nothing written (docs/ledger-format.md, "Older ledgers")."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tests.stored import unfolded

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "tests" / "data" / "old-ledgers"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def old_copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes((OLD / name).read_bytes())
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["show"],
        ["check"],
        ["settle"],
        ["explain", "1"],
        ["undo"],
        ["repair", "--write"],
        ["record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "30"],
    ],
)
def test_every_other_command_refuses_a_ledger_of_schema_1_and_names_upgrade(
    tmp_path: Path, args: list[str]
) -> None:
    path = old_copy(tmp_path, "three-hands.toml")
    before = path.read_bytes()
    result = run(*args, "--ledger", str(path))
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert f"{path}: a ledger of schema 1" in result.stderr
    assert f"Run `tarockscore upgrade {path}` to convert it" in result.stderr
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["three-hands.toml"]


@pytest.mark.parametrize(
    ("name", "totals", "actions"),
    [
        # docs/rules/koenigrufen.md: see tests/data/old-ledgers/README.md for the hands
        ("three-hands.toml", {"Anna": 9, "Bert": 0, "Cilli": 9, "Dani": 15}, []),
        (
            "corrected.toml",
            {"Anna": 12, "Bert": 0, "Cilli": 3, "Dani": 1},
            ["undo", "radl", "replace", "delete"],
        ),
    ],
)
def test_upgrade_converts_a_ledger_of_schema_1_keeping_a_copy(
    tmp_path: Path, name: str, totals: dict[str, int], actions: list[str]
) -> None:
    path = old_copy(tmp_path, name)
    original = path.read_bytes()
    done = run("upgrade", str(path))
    assert done.exit_code == 0, done.stderr
    assert unfolded(done.stdout).startswith(f"{path}: converted from ledger schema 1 to schema 2")
    assert f"the old file is kept as {path}.bak" in unfolded(done.stdout)
    assert all(len(line) <= 80 for line in done.stdout.splitlines() if str(path) not in line)
    assert (tmp_path / f"{name}.bak").read_bytes() == original
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["schema"] == 2 and [e["kind"] for e in data["event"]] == ["convert"]
    assert data["event"][0]["from"]["schema"] == 1
    shown = json.loads(run("show", "--json", "--ledger", str(path)).stdout)
    assert shown["totals"] == totals
    assert [a["action"] for a in shown["audit"]] == actions  # the old audit trail kept, in order
    assert done.stdout.splitlines()[-1] == f"head {shown['head'][:12]}"
    assert run("check", "--ledger", str(path)).exit_code == 0
    # the converted ledger takes the next hand (a Rufer lost: each Defender +1)
    recorded = run("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "30", "--ledger", str(path))
    assert recorded.exit_code == 0, recorded.stderr
    after = json.loads(run("show", "--json", "--ledger", str(path)).stdout)
    assert after["hands"][: len(shown["hands"])] == shown["hands"]
    assert after["totals"] == {p: v + (1 if p in ("Anna", "Cilli") else 0) for p, v in totals.items()}


def test_upgrade_of_a_ledger_in_the_current_format_writes_nothing(tmp_path: Path) -> None:
    path = old_copy(tmp_path, "three-hands.toml")
    assert run("upgrade", str(path)).exit_code == 0
    converted = path.read_bytes()
    again = run("upgrade", str(path))
    assert again.exit_code == 0, again.stderr
    said = f"{path}: already in the current format (ledger schema 2); nothing was written\n"
    assert unfolded(again.stdout) == said  # folded in 80 columns, between its clauses
    assert path.read_bytes() == converted
    assert (tmp_path / "three-hands.toml.bak").read_bytes() == (OLD / "three-hands.toml").read_bytes()


def test_an_edited_ledger_of_schema_1_is_converted_with_every_hand_rescored(tmp_path: Path) -> None:
    """Hand 2, a Dreier of Bert lost with 30 card points (koenigrufen's Simplified Scoring: each
    Defender adds the Dreier's value 5, docs/rules/koenigrufen.md §2.2), edited to 50 card points
    with its stored result left: the rules now give Bert +5 alone. `upgrade` says what it found,
    re-scores every hand as `repair --write` does, and keeps the file as it was found."""
    path = tmp_path / "old.toml"
    text = (OLD / "three-hands.toml").read_text(encoding="utf-8")
    edited = text.replace("card_points = 30\n", "card_points = 50\n", 1)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    done = run("upgrade", str(path))
    assert done.exit_code == 0, done.stderr
    said = unfolded(done.stdout)  # each line folded in 80 columns
    assert "changed outside tarockscore since it was written" in said
    assert "hand 2: stored 0 for Bert, the rules give +5" in said
    assert "hand 2: stored +5 for Anna, the rules give 0" in said
    assert "hands scored differently: 2\n" in said
    kinds = [e["kind"] for e in tomllib.loads(path.read_text(encoding="utf-8"))["event"]]
    assert kinds == ["convert", "repair"]
    assert run("check", "--ledger", str(path)).exit_code == 0
    shown = json.loads(run("show", "--json", "--ledger", str(path)).stdout)
    assert shown["totals"] == {"Anna": 9 - 5, "Bert": 0 + 5, "Cilli": 9 - 5, "Dani": 15 - 5}
    assert (tmp_path / "old.toml.bak").read_text(encoding="utf-8") == edited


def test_what_an_upgrade_found_is_said_in_german_too(tmp_path: Path) -> None:
    """The same edit as above, in German: what upgrade found, and the repair's audit line that
    keeps it, say the hand and the numbers in German, as the reading commands' errors do."""
    path = tmp_path / "old.toml"
    text = (OLD / "three-hands.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("card_points = 30\n", "card_points = 50\n", 1), encoding="utf-8")
    done = run("--lang", "de", "upgrade", str(path))
    assert done.exit_code == 0, done.stderr
    assert "Spiel 2: gespeichert 0 für Bert, nach den Regeln +5" in unfolded(done.stdout)
    assert "stored" not in done.stdout
    shown = run("--lang", "de", "show", "--ledger", str(path))
    assert (
        "gefunden: Spiel 2: gespeichert +5 für Anna, nach den Regeln 0; Spiel 2: gespeichert 0 für Bert"
        in unfolded(shown.stdout)
    )
    assert "stored" not in shown.stdout
    # the place changed, no result: only the digest says so
    place = tmp_path / "place.toml"
    place.write_text(text.replace('place = "Café Sperl"', 'place = "Café Central"'), encoding="utf-8")
    done = run("--lang", "de", "upgrade", str(place))
    assert "digest: der Digest passt nicht zum Inhalt" in unfolded(done.stdout), done.stdout


def test_an_upgrade_stopped_after_its_copy_runs_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C, a full disk or a pulled stick after the copy was kept and before the new file was
    written: the old file and PATH.bak are the same bytes, and running upgrade again converts it
    (a PATH.bak with other bytes is still never overwritten, below)."""
    from tarockscore.evening import store  # noqa: PLC0415 - the writer to interrupt

    path = old_copy(tmp_path, "three-hands.toml")
    before = path.read_bytes()

    def interrupted(*args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(store, "save", interrupted)
        assert run("upgrade", str(path)).exit_code == 130
    backup = tmp_path / "three-hands.toml.bak"
    assert path.read_bytes() == before and backup.read_bytes() == before
    again = run("upgrade", str(path))
    assert again.exit_code == 0, again.stderr
    assert backup.read_bytes() == before
    assert run("check", "--ledger", str(path)).exit_code == 0


def test_a_ledger_reached_through_a_link_keeps_its_copy_beside_the_real_file(tmp_path: Path) -> None:
    """A link in another folder (docs/ledger-format.md, "Links": the ledger is the file the link
    points to): the copy goes beside that file, and nothing is written where the link is."""
    stick, home = tmp_path / "stick", tmp_path / "home"
    stick.mkdir()
    home.mkdir()
    real = old_copy(stick, "three-hands.toml")
    (home / "friday.toml").symlink_to(real)
    done = run("upgrade", str(home / "friday.toml"))
    assert done.exit_code == 0, done.stderr
    assert f"the old file is kept as {stick / 'three-hands.toml.bak'}" in unfolded(done.stdout)
    assert sorted(p.name for p in home.iterdir()) == ["friday.toml"]
    assert (home / "friday.toml").is_symlink()
    assert sorted(p.name for p in stick.iterdir()) == ["three-hands.toml", "three-hands.toml.bak"]


def test_upgrade_names_the_copy_kept_as_the_path_was_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``upgrade friday.toml`` keeps friday.toml.bak beside it (docs/evening.md) and says so in
    the words typed, as its first line names the ledger, not by the folder's whole path."""
    old_copy(tmp_path, "three-hands.toml")
    monkeypatch.chdir(tmp_path)
    done = run("upgrade", "three-hands.toml")
    assert done.exit_code == 0, done.stderr
    assert "\nthe old file is kept as three-hands.toml.bak\n" in unfolded(done.stdout), done.stdout


def test_upgrade_never_overwrites_a_copy_kept_before(tmp_path: Path) -> None:
    path = old_copy(tmp_path, "three-hands.toml")
    (tmp_path / "three-hands.toml.bak").write_text("mine\n", encoding="utf-8")
    result = run("upgrade", str(path))
    assert result.exit_code == 1
    assert "three-hands.toml.bak already exists" in result.stderr and "nothing was written" in result.stderr
    assert path.read_bytes() == (OLD / "three-hands.toml").read_bytes()
    assert (tmp_path / "three-hands.toml.bak").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('name = "mine"\nbase = "koenigrufen"\n', "not an evening's ledger"),
        ("schema = 3\n", "reads ledger schema 2 only"),
        ("schema = = 1\n", "old.toml"),
    ],
)
def test_upgrade_of_anything_else_is_a_clear_error(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "old.toml"
    path.write_text(text, encoding="utf-8")
    result = run("upgrade", str(path))
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert said in result.stderr and "Traceback" not in result.stderr
    assert path.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.toml"]


@pytest.mark.parametrize(
    ("folder", "said"),
    [
        (False, "give a ledger or a tournament's folder to convert"),
        (True, "the folder's conversion stops here: move it out of the folder and run upgrade again"),
    ],
)
def test_upgrade_of_a_file_that_is_no_ledger_says_what_upgrade_takes_not_ledger(
    tmp_path: Path, folder: bool, said: str
) -> None:
    """``upgrade`` takes a PATH and no --ledger: a file that is no ledger, given or in the folder
    given (docs/ledger-format.md, "Older ledgers": it stops there, so it is to be moved out), is
    not told to use --ledger."""
    path = tmp_path / "notes.toml"
    path.write_text('name = "mine"\n', encoding="utf-8")
    result = run("upgrade", str(tmp_path if folder else path))
    assert result.exit_code == 1
    assert result.stderr == f"error: {path}: not an evening's ledger; {said}; nothing was read or written\n"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: {p}: no such file or folder; give a ledger or a tournament's folder to convert"),
        (
            "de",
            "Fehler: {p}: keine solche Datei und kein solcher Ordner; eine Schrift oder den Ordner eines "
            "Turniers zum Umwandeln angeben",
        ),
    ],
)
def test_upgrade_of_a_path_that_is_not_there_says_so_and_not_how_to_start_an_evening(
    tmp_path: Path, lang: str, said: str
) -> None:
    """``upgrade`` takes a path, not --ledger: a typo in it is not an evening to start, nor is a
    link to a file that is gone."""
    missing = tmp_path / "fridya.toml"
    result = run("--lang", lang, "upgrade", str(missing))
    assert result.exit_code == 1
    assert result.stderr.strip() == said.format(p=missing)
    assert list(tmp_path.iterdir()) == []
    missing.symlink_to(tmp_path / "gone.toml")
    result = run("--lang", lang, "upgrade", str(missing))
    assert result.exit_code == 1
    assert result.stderr.strip() == said.format(p=missing)


def test_the_library_upgrades_and_refuses_alike(tmp_path: Path) -> None:
    path = old_copy(tmp_path, "three-hands.toml")
    with pytest.raises(tarockscore.errors.LedgerError, match="a ledger of schema 1"):
        tarockscore.Evening(path).sheet()
    done = tarockscore.upgrade(path, "2026-12-05T20:00:00+01:00")
    assert done.backup == tmp_path / "three-hands.toml.bak" and done.hands == 3 and not done.found
    assert tarockscore.Evening(path).sheet().totals == {"Anna": 9, "Bert": 0, "Cilli": 9, "Dani": 15}
    assert tarockscore.upgrade(path).backup is None


def test_upgrade_of_an_empty_path_is_refused_as_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `tarockscore upgrade "$LEDGER"` with LEDGER unset: not this folder taken for a tournament's,
    # but the empty path named for what it is, a usage error (exit 2), as `season ""` says it
    monkeypatch.chdir(tmp_path)
    result = run("upgrade", "")
    assert result.exit_code == 2, result.stderr
    assert result.stderr == "error: PATH: '' is empty; give a ledger or a tournament's folder to convert\n"
    assert list(tmp_path.iterdir()) == []


def test_upgrade_of_a_folder_of_evenings_converts_each_ledger_in_it(tmp_path: Path) -> None:
    """A season's folder of old evenings (no tournament.toml in it) was answered "no tournament
    here; start one with `tarockscore tournament new`": each ledger in it is converted, said as
    one ledger's upgrade is, and one already converted is said so."""
    folder = tmp_path / "evenings"
    folder.mkdir()
    paths = [old_copy(folder, name) for name in ("corrected.toml", "three-hands.toml")]
    done = run("upgrade", str(folder))
    assert done.exit_code == 0, done.stderr
    for path in paths:
        assert f"{path}: converted from ledger schema 1 to schema 2" in unfolded(done.stdout)
        assert (folder / f"{path.name}.bak").exists()
        assert run("check", "--ledger", str(path)).exit_code == 0
    again = run("upgrade", str(folder))
    assert again.exit_code == 0 and again.stdout.count("already in the current format") == 2


def test_upgrade_of_a_folder_with_no_ledger_and_no_tournament_says_so(tmp_path: Path) -> None:
    result = run("upgrade", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {tmp_path}: no ledger and no tournament here; give a ledger or a tournament's folder to convert\n"
    )
    assert list(tmp_path.iterdir()) == []
