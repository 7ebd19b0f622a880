"""What the library gained for ``serve``: a tournament's tables with their round and number
(``Tournament.tables``), and a hand's arithmetic before it is recorded (``HandEntry.scored``)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app

runner = CliRunner()


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_a_tournaments_tables_round_by_round(tmp_path: Path) -> None:
    day = tmp_path / "day"
    players = [f"P{i}" for i in range(1, 10)]  # nine: a table of five and one of four
    cli("tournament", "new", str(day), "--players", ",".join(players), "--rounds", "2", "--games", "8",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    assert tarockscore.Tournament(day).tables() == ()  # nothing drawn yet
    drawn = [json.loads(cli("tournament", "draw", str(day), "--round", str(r), "--seed", str(r), "--json"))
             for r in (1, 2)]  # fmt: skip
    tables = tarockscore.Tournament(day).tables()
    assert [(t.round, t.table) for t in tables] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    for t, shown in zip(tables, [table for d in drawn for table in d["tables"]], strict=True):
        assert list(t.players) == shown["players"]
        assert t.evening.path == Path(shown["ledger"])  # the folder as given, then round-N/table-K.toml
        # the game limit: 8 at four, 8 × 5/4 = 10 at five (every player deals as often)
        assert t.games == (8 if len(t.players) == 4 else 10)
        assert t.evening.ledger.table.players == t.players


def test_a_hand_is_scored_before_it_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(path))
    evening = tarockscore.Evening(path)
    hand: tarockscore.HandInput = {"contract": "dreier", "declarer": "Bert", "card_points": 36}
    entry = tarockscore.hand_entry(evening)
    preview = entry.scored(hand)
    assert preview.number == 1 and preview.radl == 1
    score, _profile = tarockscore.score_hand({**hand, "players": list(entry.deal.players)}, "koenigrufen")
    assert preview.score.victory_points == score.victory_points
    assert evening.ledger.hands == ()  # nothing written
    evening.add_radl(2)  # two doubled hands to come
    assert tarockscore.pending_radl(evening.ledger) == 2
    doubled = tarockscore.hand_entry(evening)
    factor = tarockscore.load_profile("koenigrufen").radl.factor
    assert doubled.scored(hand).radl == factor
