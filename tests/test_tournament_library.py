"""A tournament day and a cup through the library's face, as a script runs them: nothing printed,
the warnings returned, every problem in the domain's words (no option, no command to run).

Every hand is a Dreier under the ooe-2023 profile: Dreier 4 [OÖ23 Tarif], zero-sum with the lone
player settled three times over [OÖ23 via HT §7.1; docs/rules/settlement.md]: won, the declarer
+12 and each defender −4; at a table of five the dealer sits out with 0. The game limit at a table
of five is the limit at four × 5/4, so every player deals as often ("jede Runde ist auf 16 Spiele
begrenzt (20 Spiele an Fünfertischen)", Tiroler Tarockcup, www.tarock.tirol, Turniermodus). The
schrift format ranks by the Schrift, ties by the best round, then the table ranks [TIR19 7)].
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

import tarockscore
from tarockscore.errors import Problem, TournamentError, UsageError

AT = "2026-03-05T19:00:00+01:00"
# Whatever the command line would add: an option or a command.
CLI_WORDS = re.compile(r"(^|[\s`(])--?[a-z]|tarockscore (new|repair|check|rescore|tournament)\b")


def domain_only(problems: tuple[Problem, ...]) -> None:
    assert problems
    for p in problems:
        assert not CLI_WORDS.search(p.message), p.message


@pytest.mark.parametrize(("games", "five"), [(16, 20), (4, 5), (24, 30), (1, None), (15, None), (18, None)])
def test_the_limit_at_a_table_of_five_is_the_limit_at_four_times_five_quarters(
    games: int, five: int | None
) -> None:
    # 16 × 5/4 = 20 (the Tyrolean cup's numbers); 15 × 5/4 = 18 3/4 and 18 × 5/4 = 22 1/2: not whole
    assert tarockscore.games_at_five(games) == five


def test_a_count_of_players_is_seated_or_told_why_not() -> None:
    # n players: n mod 4 tables of five, the rest of four (docs/tournament.md, The draw)
    assert tarockscore.seating(9) == tarockscore.Seating(9, (4, 5))
    assert tarockscore.seating(13).tables == (4, 4, 5)
    eleven = tarockscore.seating(11)
    assert not eleven.seated and eleven.tables == ()
    # 11 = 4 × 2 + 3: the 3 left over would need three tables of five, 15 players
    [why] = eleven.problems
    assert why.message.startswith("11 players cannot be seated at tables of four and five (11 = 4 × 2 + 3")
    assert why.message.endswith("; 10 or 12 players can be seated")
    domain_only(eleven.problems)


def test_what_keeps_a_tournament_from_starting_is_said_at_its_fields(tmp_path: Path) -> None:
    found = tarockscore.Tournament.problems(
        ["Anna", "Bert", "Anna"], rounds=0, games=15, profile="", format=""
    )
    assert [p.where for p in found] == ["players", "rounds", "games_five", "profile", "format"]
    domain_only(found)
    with pytest.raises(UsageError) as refused:
        tarockscore.Tournament.begin(
            tmp_path / "d", ["A", "B", "C", "D"], rounds=1, games=0, profile="ooe-2023", format="schrift"
        )
    assert [p.where for p in refused.value.problems] == ["games"]
    domain_only(refused.value.problems)
    assert not (tmp_path / "d").exists()


def test_a_day_and_a_cup_through_the_library(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "day"
    started = tarockscore.Tournament.begin(
        folder,
        ["A", "B", "C", "D", "E"],
        rounds=1,
        games=16,
        profile="ooe-2023",
        format="schrift",
        stake=Decimal("0.10"),
        at=AT,
    )
    assert started.path == folder / "tournament.toml"
    assert (started.stored.games, started.stored.games_five) == (16, 20)
    assert started.seating.tables == (5,) and started.profile.name == "ooe-2023"
    day = started.tournament

    late = day.add_player("  F ")  # six: no mix of tables of four and five seats them
    assert late.name == "F" and late.after.players == ("A", "B", "C", "D", "E", "F")
    assert not late.seating.seated
    domain_only(late.seating.problems)
    with pytest.raises(tarockscore.UnseatableCount):
        day.draw(1, 7)
    assert not (folder / "round-1").exists()
    assert day.drop_player("F").seating.tables == (5,)

    drawn = day.draw(1, 7, at=AT)
    [table] = drawn.round.tables
    seats = table.players
    assert table.games == 20 and drawn.tournament.round(1) == drawn.round
    with pytest.raises(UsageError) as asked:  # a round the day does not have: the caller's to mend
        day.table(2, 1)
    assert [p.where for p in asked.value.problems] == ["round"]
    with pytest.raises(TournamentError) as refused:
        day.table(1, 2)
    assert [p.where for p in refused.value.problems] == ["table"]

    # hand 1: the last seat deals and sits out; the first seat, Forehand, wins a Dreier
    day.table(1, 1).record({"contract": "dreier", "declarer": seats[0], "won": True}, at=AT)

    standings = day.standings()
    # seat 1 +12 first; the dealer 0 second; the three at −4 level on everything: third, shared
    assert [(r.place, r.player, r.schrift) for r in standings.rows] == [
        (1, seats[0], 12),
        (2, seats[4], 0),
        *((3, p, -4) for p in sorted(seats[1:4])),
    ]
    assert standings.name == "day"
    assert [str(w) for w in standings.warnings] == [
        f"round 1, table 1 ({folder / 'round-1' / 'table-1.toml'}): 1 of 20 games played"
    ]
    money = {m.player: m.amount for m in day.money().rows}
    # at 0.10 a point: +12 → 1.20, −4 → −0.40, the dealer 0
    assert money == {seats[0]: Decimal("1.20"), seats[4]: Decimal("0.00")} | dict.fromkeys(
        seats[1:4], Decimal("-0.40")
    )

    points = tmp_path / "cup.toml"
    points.write_text("points = [10, 6, 3]\n", encoding="utf-8")
    told: list[str] = []
    cup = tarockscore.cup([folder], points, warn=told.append)
    assert told == list(cup.warnings) == list(standings.warnings)
    # place 1 → 10, place 2 → 6, the three sharing place 3 → 3 each
    assert [(r.place, r.player, r.cup_points) for r in cup.rows] == [
        (1, seats[0], 10),
        (2, seats[4], 6),
        *((3, p, 3) for p in sorted(seats[1:4])),
    ]
    with pytest.raises(UsageError) as twice:
        tarockscore.cup([folder, tmp_path / "day"], points)
    assert [p.where for p in twice.value.problems] == ["folders"]

    assert capsys.readouterr() == ("", "")  # the library prints nothing


def test_the_tournament_pages_script_prints_what_the_page_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "tournament.md").read_text(encoding="utf-8")
    [script] = re.findall(r"```python\n(.*?)```", page, flags=re.S)
    [printed] = re.findall(r"```text\n(.*?)```", page, flags=re.S)
    monkeypatch.chdir(tmp_path)
    exec(compile(script, "docs/tournament.md", "exec"), {})
    assert capsys.readouterr().out == printed


def test_fewer_games_at_a_table_of_five_than_at_four_keeps_a_tournament_from_starting() -> None:
    # at five the dealer sits out each hand: a table of five plays more games (16 → 20), never fewer
    [found] = tarockscore.Tournament.problems(
        ["A", "B", "C", "D", "E"], rounds=1, games=16, games_five=12, profile="ooe-2023", format="schrift"
    )
    assert found.where == "games_five"
    assert found.message.startswith("12: fewer games at a table of five than the 16 at a table of four")
    domain_only((found,))
    assert not tarockscore.Tournament.problems(
        ["A", "B", "C", "D", "E"], rounds=1, games=16, games_five=16, profile="ooe-2023", format="schrift"
    )


def test_one_alias_given_as_a_string_is_one_alias_not_its_letters(tmp_path: Path) -> None:
    """`cup(..., aliases="Jorg=Jörg")`, and the day's `standings`/`money`, read a string as its
    letters ("alias 'J': give ALIAS=NAME" nine times); one string is one alias, as in `fold_season`."""
    names = ["Anna", "Bert", "Cilli", "Jorg"]
    day = tarockscore.Tournament.begin(
        tmp_path / "day", names, rounds=2, games=4, profile="ooe-2023", format="schrift"
    ).tournament
    day.draw(1, seed=1)
    day.table(1, 1).record({"contract": "dreier", "declarer": "Jorg", "won": True})
    day.drop_player("Jorg")
    day.add_player("Jörg")
    day.draw(2, seed=2)
    day.table(2, 1).record({"contract": "dreier", "declarer": "Jörg", "won": True})
    points = tmp_path / "cup.toml"
    points.write_text("points = [10, 6]\n", encoding="utf-8")
    # Jörg: two Dreier won, +12 each (ooe-2023: Dreier 4, zero-sum, three times over)
    assert [(r.player, r.schrift) for r in day.standings("Jorg=Jörg").rows if r.player.startswith("J")] == [
        ("Jörg", 24)
    ]
    assert [m.player for m in day.money("Jorg=Jörg").rows].count("Jörg") == 1
    cup = tarockscore.cup([tmp_path / "day"], points, aliases="Jorg=Jörg")
    assert [(r.player, r.cup_points) for r in cup.rows][0] == ("Jörg", 10)
