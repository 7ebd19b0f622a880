"""Days kept by tarockscore 0.1 to 0.3 (tests/data/old-days, written by 0.3.1's library): every
command but the converter refuses them, naming the file and the way out; ``upgrade_day`` converts
each to the day's log, keeping the old file as ``tournament.toml.bak``, and the day ranks as before.

The hands are the fixtures' (tests/data/old-days/README.md), scored under ooe-2023 [OÖ23 Tarif:
Dreier 4; zero-sum, the lone player settled three times over]: a Dreier won is +12 for the
declarer and −4 for each of the three others; a paper sheet's Schrift counts as the table wrote it.
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w
from typer.testing import CliRunner, Result

import tarockscore
from tarockscore.cli.app import app
from tarockscore.errors import TournamentError
from tarockscore.tournament.upgrade import upgrade_day

OLD_DAYS = Path(__file__).parent / "data" / "old-days"
runner = CliRunner()


def run(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def copy(tmp_path: Path, version: str) -> Path:
    day = tmp_path / f"day-{version}"
    shutil.copytree(OLD_DAYS / f"day-{version}", day)
    return day


def files_of(day: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(day.rglob("*")) if p.is_file()}


def schrift(day: Path) -> dict[str, int]:
    result = run("tournament", "standings", str(day), "--json")
    assert result.exit_code == 0, result.stderr
    return {r["player"]: r["schrift"] for r in json.loads(result.stdout)["standings"]}


COMMANDS = [
    ("standings",),
    ("money",),
    ("check",),
    ("draw", "--round", "1", "--seed", "5"),
    ("players", "add", "Ida"),
    ("close-round", "--round", "1"),
    ("cards", "--round", "1"),
    ("result", "--round", "1", "--table", "1", "Anna=0", "Bert=0", "Cilli=0", "Dani=0"),
]


@pytest.mark.parametrize("version", ["0.1", "0.2", "0.3"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_command_says_to_run_upgrade_and_writes_nothing(
    tmp_path: Path, version: str, command: tuple[str, ...]
) -> None:
    day = copy(tmp_path, version)
    before = files_of(day)
    result = run("tournament", command[0], str(day), *command[1:])
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert result.stderr == (
        f"error: {day / 'tournament.toml'}: a day kept by an earlier tarockscore, 0.3 or before (tournament = 1, before"
        f" the day's log); run `tarockscore upgrade {day}` to convert it (the old file is kept as"
        " tournament.toml.bak). Nothing was used\n"
    )
    assert files_of(day) == before


def test_a_day_of_0_3_is_converted_and_ranks_as_before(tmp_path: Path) -> None:
    day = copy(tmp_path, "0.3")
    old = (day / "tournament.toml").read_bytes()
    said = upgrade_day(day)
    assert said.startswith(
        f"{day / 'tournament.toml'}: converted to the day's log (1 begin, 1 drop, 2 draw, 1 close)"
    )
    assert (day / "tournament.toml.bak").read_bytes() == old
    t = tarockscore.Tournament(day).read()
    assert t.head[:12] in said
    old_day = tomllib.loads(old.decode("utf-8"))
    assert (t.players, t.dropped, t.title, t.place, str(t.stake)) == (
        ("Anna", "Bert", "Cilli", "Dani"),
        ("Emil",),
        "Cup",
        "Linz",
        "0.10",
    )
    assert [(r.number, r.seed, r.drawn) for r in t.draws] == [
        (r["number"], r["seed"], r["drawn"]) for r in old_day["round"]
    ]
    # the desk's note of round 1 is kept: a sheet rewritten after it is still caught
    [close] = [e for e in old_day["trace"] if e["action"] == "close"]
    assert tarockscore.Tournament(day).check().tournament.log[-1].values["heads"] == close["heads"]
    # round 1: a Dreier won by the first seat; round 2 on paper: the first seat +18, the others −6
    first, second = (r.tables[0].players for r in t.draws)
    expected = {p: (12 if p == first[0] else -4) + (18 if p == second[0] else -6) for p in first}
    assert schrift(day) == expected
    # the day goes on: a late arrival, a head to write down, the check of it
    added = run("tournament", "players", str(day), "add", "Ida")
    assert added.exit_code == 0 and "day head " in added.stdout


def test_a_day_of_0_2_keeps_its_paper_result_and_one_of_0_1_its_hands(tmp_path: Path) -> None:
    day = copy(tmp_path, "0.2")
    assert "(1 begin, 1 draw, 1 result)" in upgrade_day(day)
    [table] = tarockscore.Tournament(day).read().draws[0].tables
    assert schrift(day) == {p: 12 if p == table.players[0] else -4 for p in table.players}
    day = copy(tmp_path, "0.1")
    assert "(1 begin, 1 draw)" in upgrade_day(day / "tournament.toml")  # the file's path does too
    t = tarockscore.Tournament(day).read()
    assert t.id == "" and not t.log[0].values.get("id")  # a day of 0.1 had no mark
    [table] = t.draws[0].tables
    assert schrift(day) == {p: 12 if p == table.players[1] else -4 for p in table.players}


def test_a_day_converted_already_is_said_and_left_as_it_is(tmp_path: Path) -> None:
    day = copy(tmp_path, "0.3")
    upgrade_day(day)
    before = files_of(day)
    head = tarockscore.Tournament(day).head()
    said = upgrade_day(day)
    assert (
        said
        == f"{day / 'tournament.toml'} is a day of the current format already (day head {head[:12]}); nothing was written"
    )
    assert files_of(day) == before


def test_an_old_day_edited_by_hand_is_not_converted(tmp_path: Path) -> None:
    day = copy(tmp_path, "0.3")
    path = day / "tournament.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["format"]["total"] = "rank_points"  # the seal left as it was
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    before = files_of(day)
    with pytest.raises(TournamentError) as refused:
        upgrade_day(day)
    assert str(refused.value) == (
        f"{path}: format.total edited by hand (the file's seal does not match), so it is not converted: put"
        " the file back as it was and run upgrade again. Nothing was written"
    )
    assert files_of(day) == before


def test_an_upgrade_stopped_before_the_days_file_was_written_runs_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C after the copy was kept and the paper result put on its sheet, before the day's
    file was written: the copy holds the old file's bytes, and upgrade runs again to the end."""
    from tarockscore.evening import store  # noqa: PLC0415 - the writer to interrupt

    day = copy(tmp_path, "0.2")
    old = (day / "tournament.toml").read_bytes()

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(store, "write_text", interrupted)
        assert run("upgrade", str(day)).exit_code == 130
    assert (day / "tournament.toml").read_bytes() == old == (day / "tournament.toml.bak").read_bytes()
    done = run("upgrade", str(day))
    assert done.exit_code == 0, done.stderr
    assert (day / "tournament.toml.bak").read_bytes() == old
    assert run("tournament", "check", str(day)).exit_code == 0


def test_a_copy_in_the_way_or_no_day_at_all_is_refused(tmp_path: Path) -> None:
    day = copy(tmp_path, "0.2")
    (day / "tournament.toml.bak").write_text("mine\n", encoding="utf-8")
    before = files_of(day)
    with pytest.raises(TournamentError, match=r"tournament.toml.bak exists already: move it away"):
        upgrade_day(day)
    assert files_of(day) == before
    with pytest.raises(TournamentError, match="no tournament here"):
        upgrade_day(tmp_path / "nowhere")


def test_upgrade_given_a_folder_converts_the_day_and_standings_read_it(tmp_path: Path) -> None:
    day = copy(tmp_path, "0.3")
    assert run("tournament", "standings", str(day)).exit_code == 1  # the old day is refused
    result = run("upgrade", str(day))
    assert result.exit_code == 0, result.stderr
    assert "converted to the day's log" in result.stdout
    assert (day / "tournament.toml.bak").is_file()
    assert run("tournament", "check", str(day)).exit_code == 0
    # given the file itself, the converted day is said to be current, and nothing is written
    before = files_of(day)
    again = run("upgrade", str(day / "tournament.toml"))
    assert again.exit_code == 0, again.stderr
    assert files_of(day) == before
    german = run("--lang", "de", "upgrade", str(day))  # said in the reader's language
    assert "ist schon ein Tag im aktuellen Format" in german.stdout
