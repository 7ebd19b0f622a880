"""The error kinds a front end dispatches on, each raised in its case and each exiting as its family.

A web page answers a changed ledger, a hand that breaks the rules, a file that cannot be read and
a full table differently; it tells them apart by class, through the library, never by the text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tarockscore.errors import (
    GameLimitReached,
    HandError,
    HandRefused,
    LedgerChanged,
    LedgerError,
    ProfileError,
    TarockError,
    TournamentError,
    Unreadable,
    UnreadableHand,
    UnreadableLedger,
    UnreadableProfile,
    UnreadableTournament,
    UnreadableUsage,
    UsageError,
    unreadable,
)
from tarockscore.evening import operations
from tarockscore.evening import store as ledger_file
from tarockscore.evening.model import Ledger, new_ledger, next_deal
from tarockscore.evening.operations import record, undo
from tarockscore.io import safe_io
from tarockscore.io.inputs import load_profile, read_hand
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.tournament import store as tournament_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "koenigrufen-call.toml"
AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]
NOT_UTF8 = b'contract = "rufer"\n# caf\xe9\n'  # Latin-1, as an old editor saves it


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def _rufer(led: Ledger) -> HandInput:
    deal = next_deal(led)
    return {"contract": "rufer", "declarer": deal.players[0], "partner": deal.players[2], "card_points": 40}


def _evening(path: Path, hands: int = 1, games: int | None = None) -> None:
    ledger_file.create(path, new_ledger(FOUR, load_profile("koenigrufen"), created=AT, games=games))
    for _ in range(hands):
        ledger_file.update(path, lambda cur: record(cur, _rufer(cur), AT))


# -- each kind is a member of its family, so the exit code is the family's --------------------------


@pytest.mark.parametrize(
    ("kind", "family"),
    [
        (HandRefused, HandError),
        (LedgerChanged, LedgerError),
        (GameLimitReached, LedgerError),
        (UnreadableHand, HandError),
        (UnreadableProfile, ProfileError),
        (UnreadableLedger, LedgerError),
        (UnreadableTournament, TournamentError),
        (UnreadableUsage, UsageError),
    ],
)
def test_each_kind_is_of_its_family_and_exits_as_it(
    kind: type[TarockError], family: type[TarockError]
) -> None:
    assert issubclass(kind, family)
    assert kind.exit_code == family.exit_code
    assert kind("a problem").exit_code == (2 if family is UsageError else 1)
    # an unreadable file of every family is caught by one except clause
    assert issubclass(unreadable(family), Unreadable) and issubclass(unreadable(family), family)


def test_a_located_error_keeps_its_kind() -> None:
    err = LedgerChanged("{path} changed", path="l.toml").located("hand 3")
    assert type(err) is LedgerChanged
    assert str(err) == "hand 3: l.toml changed"


# -- the hand breaks the rules ---------------------------------------------------------------------


def test_a_hand_that_breaks_the_profiles_rules_is_refused() -> None:
    hand: HandInput = {
        "contract": "ruffer",
        "players": FOUR,
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 40,
    }
    with pytest.raises(HandRefused) as caught:
        parse_hand(hand, load_profile("koenigrufen"))
    assert not isinstance(caught.value, Unreadable)
    # a declarer who is not one of the players: the rules again
    with pytest.raises(HandRefused):
        parse_hand({**hand, "contract": "rufer", "declarer": "Emil"}, load_profile("koenigrufen"))
    args = ("score", "-c", "ruffer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "40")
    result = run(*args)
    assert result.exit_code == 1
    assert "is not a contract of profile 'koenigrufen'" in result.stderr


# -- the ledger changed since it was read ----------------------------------------------------------


def test_a_ledger_saved_by_another_program_meanwhile_is_a_change(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    _evening(path)

    def meanwhile(cur: Ledger) -> Ledger:
        path.write_text(path.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
        return record(cur, _rufer(cur), AT)

    with pytest.raises(LedgerChanged, match="was changed by another program since it was read"):
        ledger_file.update(path, meanwhile)


def test_a_ledger_removed_meanwhile_is_a_change(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    _evening(path)

    def meanwhile(cur: Ledger) -> Ledger:
        path.unlink()
        return record(cur, _rufer(cur), AT)

    with pytest.raises(LedgerChanged, match="was removed since it was read"):
        ledger_file.update(path, meanwhile)


def test_an_earlier_read_out_of_date_is_a_change(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    _evening(path)
    earlier = ledger_file.read(path)
    ledger_file.update(path, lambda cur: record(cur, _rufer(cur), AT))
    with pytest.raises(LedgerChanged, match="another terminal recorded or corrected a hand"):
        ledger_file.update(path, lambda cur: undo(cur, AT), expected=earlier.head)


def test_a_new_ledger_where_one_is_is_no_change(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    _evening(path, 0)
    with pytest.raises(LedgerError, match="already exists") as caught:
        ledger_file.create(path, new_ledger(FOUR, load_profile("koenigrufen"), created=AT))
    assert not isinstance(caught.value, LedgerChanged)


def test_a_tournament_file_saved_meanwhile_is_a_change(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new = ("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "4")
    assert run(*new, "--profile", "ooe-2023", "--format", "schrift").exit_code == 0
    path = tournament_file.file_path(day)

    def meanwhile(t: Any) -> Any:
        path.write_text(path.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
        return [{"kind": "add", "at": t.created, "name": "E"}]

    with pytest.raises(LedgerChanged, match="was changed by another program since it was read"):
        tournament_file.update(day, meanwhile)


def test_a_change_meanwhile_exits_1_on_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "l.toml"
    _evening(path)
    real = operations.record

    def and_another_program_saves(*args: Any) -> Any:
        # the ledger was read and the hand scored on it; now an editor saves it
        path.write_text(path.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
        return real(*args)

    monkeypatch.setattr(operations, "record", and_another_program_saves)
    result = run("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", str(path))
    assert result.exit_code == 1
    assert "was changed by another program since it was read; nothing was written" in result.stderr


# -- the game limit is reached ---------------------------------------------------------------------


def test_a_hand_past_the_game_limit_is_refused(tmp_path: Path) -> None:
    led = new_ledger(FOUR, load_profile("koenigrufen"), created=AT, games=1)
    full = record(led, _rufer(led), AT)
    with pytest.raises(GameLimitReached, match="the game limit of this table is reached"):
        record(full, _rufer(full), AT)
    path = tmp_path / "l.toml"
    _evening(path, 1, games=1)
    before = path.read_bytes()
    result = run("record", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40", "--ledger", str(path))
    assert result.exit_code == 1
    assert "table.games: 1: the game limit of this table is reached" in result.stderr
    assert path.read_bytes() == before


# -- the file cannot be read -----------------------------------------------------------------------


def _bad_files(tmp_path: Path, limit: int) -> dict[str, Path]:
    """Files no reader takes: none there, a folder, over the kind's cap, not UTF-8, not TOML."""
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    large = tmp_path / "large.toml"
    with large.open("wb") as f:
        f.truncate(limit + 1)  # sparse: refused by its size before a byte is read
    latin = tmp_path / "latin.toml"
    latin.write_bytes(NOT_UTF8)
    broken = tmp_path / "broken.toml"
    broken.write_text("contract = = 'rufer'\n", encoding="utf-8")
    return {
        "missing": tmp_path / "missing.toml",
        "folder": folder,
        "large": large,
        "latin": latin,
        "not TOML": broken,
    }


def test_a_hand_file_that_cannot_be_read(tmp_path: Path) -> None:
    for how, path in _bad_files(tmp_path, safe_io.SMALL_LIMIT).items():
        with pytest.raises(UnreadableHand) as caught:
            read_hand(str(path))
        assert isinstance(caught.value, HandError), how
        assert not isinstance(caught.value, HandRefused), how
        assert run("score", str(path)).exit_code == 1, how


def test_a_profile_file_that_cannot_be_read(tmp_path: Path) -> None:
    for how, path in _bad_files(tmp_path, safe_io.SMALL_LIMIT).items():
        with pytest.raises(UnreadableProfile) as caught:
            load_profile(str(path))
        assert isinstance(caught.value, ProfileError), how
        assert run("score", str(EXAMPLE), "--profile", str(path)).exit_code == 1, how


def test_a_ledger_that_cannot_be_read(tmp_path: Path) -> None:
    for how, path in _bad_files(tmp_path, safe_io.LEDGER_LIMIT).items():
        with pytest.raises(Unreadable) as caught:
            ledger_file.read(path)
        assert isinstance(caught.value, LedgerError), how
        assert run("show", "--ledger", str(path)).exit_code == 1, how


def test_a_tournament_that_is_not_there(tmp_path: Path) -> None:
    with pytest.raises(Unreadable) as caught:
        tournament_file.read(tmp_path / "no-such-day")
    assert isinstance(caught.value, TournamentError)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(NOT_UTF8 + b"\x81")  # no UTF-8, and a byte Windows-1252 has no character for
    with pytest.raises(UnreadableTournament):
        tournament_file.read_players(latin)


def test_a_readable_file_of_another_kind_is_not_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    _evening(path, 0)
    # a ledger given as a hand file is read, and named for what it is
    with pytest.raises(HandError, match="not a hand file: this is a ledger") as caught:
        read_hand(str(path))
    assert not isinstance(caught.value, Unreadable)
    profile = ROOT / "profiles" / "koenigrufen.toml"
    with pytest.raises(LedgerError, match="not a ledger") as as_ledger:
        ledger_file.read(profile)
    assert not isinstance(as_ledger.value, Unreadable)


def test_an_alias_file_that_cannot_be_read_is_still_a_usage_error(tmp_path: Path) -> None:
    latin = tmp_path / "aliases.toml"
    latin.write_bytes(NOT_UTF8)
    club = tmp_path / "club"
    club.mkdir()
    _evening(club / "a.toml", 1)
    result = run("season", str(club), "--aliases", str(latin))
    assert result.exit_code == 2
    assert "not UTF-8 text" in result.stderr
