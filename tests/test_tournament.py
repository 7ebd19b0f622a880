"""The tournament core: the draw, table ranks and rank points, the day's places, the cup.

Expected numbers are worked by hand. The formats' numbers are the shipped files' (each cites its
source: formats/*.toml): haupt-sub ranks 4/2/1/0 (five: 4/2/1/0/0); schrift-rang 60/40/20/0 (five:
60/45/30/15/0), where a table win is 60 from the Tiroler Tarockcup reports (118 Schrift / 180 Rang
for three table wins, tirol-tarock.blogspot.com 2015-03); the schrift format's tie-breaks are
TIR19 7): "die bessere beste Runde, die besseren Tischränge".
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import tomli_w

from tarockscore.errors import TournamentError
from tarockscore.render.tournament import _text, exact
from tarockscore.tournament.draw import draw, met, repeats, table_sizes
from tarockscore.tournament.standings import (
    CupRules,
    Format,
    TableResult,
    build_format,
    competition_ranks,
    cup_rules,
    cup_standings,
    standings,
    table_seats,
)
from tarockscore.tournament.store import format_document, load_format


def fmt(name: str) -> Format:
    return load_format(name)[0]


# -- table sizes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (4, (4,)),
        (5, (5,)),
        (8, (4, 4)),
        (9, (4, 5)),
        (10, (5, 5)),
        (13, (4, 4, 5)),
        (15, (5, 5, 5)),
        (16, (4, 4, 4, 4)),
        (24, (4,) * 6),
        (25, (4, 4, 4, 4, 4, 5)),
        (27, (4, 4, 4, 5, 5, 5)),
    ],
)
def test_tables_of_four_and_of_five_only_where_the_count_needs_them(n: int, sizes: tuple[int, ...]) -> None:
    # n = 4a + 5f with f the smallest: f ≡ n (mod 4); 25 = 4·5 + 5, 27 = 4·3 + 5·3
    assert table_sizes(n) == sizes


@pytest.mark.parametrize(
    ("n", "reason"), [(6, "6 = 4 × 1 + 2"), (7, "7 = 4 × 1 + 3"), (11, "11 = 4 × 2 + 3")]
)
def test_a_count_that_cannot_be_seated_is_refused_with_the_reason(n: int, reason: str) -> None:
    # 6 needs 2 fives (10 players), 7 and 11 need 3 fives (15 players)
    with pytest.raises(TournamentError) as info:
        table_sizes(n)
    assert reason in str(info.value)
    assert "cannot be seated" in str(info.value)


def test_three_players_are_refused() -> None:
    with pytest.raises(TournamentError, match="at least four"):
        table_sizes(3)


# -- the draw ------------------------------------------------------------------------------------------


PLAYERS16 = [f"P{i:02d}" for i in range(1, 17)]


def test_the_same_seed_gives_the_same_draw_and_another_seed_another() -> None:
    assert draw(PLAYERS16, [], 7) == draw(PLAYERS16, [], 7)
    assert draw(PLAYERS16, [], 7) != draw(PLAYERS16, [], 8)


@pytest.mark.parametrize("seed", range(10))
def test_sixteen_players_meet_no_one_twice_in_rounds_two_and_three(seed: int) -> None:
    # 16 players at four tables: round 2 can take one player from each round-1 table (a Latin
    # square), round 3 likewise from both earlier rounds (two orthogonal Latin squares of order 4)
    one = draw(PLAYERS16, [], seed)
    two = draw(PLAYERS16, [one], seed)
    assert repeats(two, met([one])) == 0
    three = draw(PLAYERS16, [one, two], seed)
    assert repeats(three, met([one, two])) == 0


def test_everyone_is_seated_once() -> None:
    players = [f"X{i}" for i in range(25)]
    tables = draw(players, [], 1)
    assert sorted(len(t) for t in tables) == [4, 4, 4, 4, 4, 5]
    assert sorted(p for t in tables for p in t) == sorted(players)


def five_seats(rounds: list[list[list[str]]]) -> Counter[str]:
    """How often each player sat at a table of five in ``rounds``."""
    return Counter(p for tables in rounds for table in tables if len(table) == 5 for p in table)


@pytest.mark.parametrize(("n", "rounds"), [(101, 3), (101, 4), (102, 3), (102, 4)])
@pytest.mark.parametrize("seed", range(5))
def test_a_day_seats_different_players_at_its_tables_of_five(n: int, rounds: int, seed: int) -> None:
    # 101 = 24 × 4 + 5 and 102 = 23 × 4 + 2 × 5: 5 or 10 seats at fives a round, so four rounds
    # need 20 or 40 of the 101 or 102 players, and no one sits at a five twice or meets anyone twice
    players = [f"P{i:03d}" for i in range(n)]
    day: list[list[list[str]]] = []
    for _ in range(rounds):
        tables = draw(players, day, seed)
        assert repeats(tables, met(day)) == 0
        day.append(tables)
    seats = five_seats(day)
    assert len(seats) == rounds * 5 * (n % 4)
    assert set(seats.values()) == {1}


@pytest.mark.parametrize(("n", "rounds"), [(9, 4), (10, 4), (13, 4), (15, 3), (27, 4)])
@pytest.mark.parametrize("seed", range(3))
def test_a_table_of_five_again_only_once_everyone_has_sat_at_one(n: int, rounds: int, seed: int) -> None:
    # 9 = 4 + 5: round 1 seats five at the five, round 2 the four others and one of those five;
    # in each round no one at a five had sat at fives more often than anyone at a four
    players = [f"P{i:02d}" for i in range(n)]
    day: list[list[list[str]]] = []
    for _ in range(rounds):
        tables = draw(players, day, seed)
        before = five_seats(day)
        at_five = [before[p] for t in tables if len(t) == 5 for p in t]
        at_four = [before[p] for t in tables if len(t) == 4 for p in t]
        assert max(at_five) <= min(at_four, default=max(at_five))
        day.append(tables)


def test_27_players_repeat_only_the_meetings_the_fair_fives_force() -> None:
    # 27 = 3 × 4 + 3 × 5. Round 2's 15 seats at fives take all 12 who sat at the three fours of
    # round 1 and 3 of the 15 from its fives. The four from one four, at three fives, leave two of
    # them together: 1 repeat per four, 3 in all (4 + 4 + 4 as 2 + 1 + 1 each). The 12 left at
    # the three fours come from round 1's three fives: a four holds at most one from each, 3 < 4,
    # so 1 repeat at each four: 6 in round 2 at least, and 6 are enough (A1 A2 B1 C1 D1 |
    # B2 B3 A3 C2 E1 | C3 C4 A4 B4 F1 at the fives, D2 D3 E2 F2 | E3 E4 D4 F3 | F4 F5 D5 E5 at
    # the fours). Nothing forces a repeat in rounds 3 and 4 if each round leaves the next one's
    # fives to players who have not met; the search is bounded, so ten days may leave two
    later = 0
    for seed in range(10):
        players = [f"P{i:02d}" for i in range(27)]
        day: list[list[list[str]]] = []
        found = []
        for _ in range(4):
            tables = draw(players, day, seed)
            found.append(repeats(tables, met(day)))
            day.append(tables)
        assert found[:2] == [0, 6]
        later += found[2] + found[3]
    assert later <= 2


def test_25_players_sit_at_the_fair_fives_without_meeting_again() -> None:
    # 25 = 5 × 4 + 5: each round's five takes five who sat only at fours, from 20, 15, then 10.
    # Nothing forces a repeat if round 3 leaves, among the ten who never sat at the five, five
    # who never met; the search is bounded, so ten days may leave two
    players = [f"P{i:02d}" for i in range(25)]
    found = 0
    for seed in range(10):
        day: list[list[list[str]]] = []
        for _ in range(4):
            tables = draw(players, day, seed)
            found += repeats(tables, met(day))
            day.append(tables)
    assert found <= 2


def test_a_late_arrival_is_seated_at_the_five_before_anyone_sits_there_again() -> None:
    # round 1: 8 players at two fours; round 2: Ilse joins, 9 = 4 + 5; round 3: the four who
    # sat at fours in round 2 and one of its five sit at the five
    players = [f"P{i}" for i in range(8)]
    one = draw(players, [], 3)
    two = draw([*players, "Ilse"], [one], 3)
    three = draw([*players, "Ilse"], [one, two], 3)
    [five_two] = [t for t in two if len(t) == 5]
    [five_three] = [t for t in three if len(t) == 5]
    assert len(set(five_two) & set(five_three)) == 1


def test_met_counts_each_pair_at_a_table() -> None:
    # one table of four holds 4·3/2 = 6 pairs
    pairs = met([[["A", "B", "C", "D"]], [["A", "B", "E", "F"]]])
    assert pairs[frozenset(("A", "B"))] == 2
    assert sum(pairs.values()) == 12


# -- ranks and rank points at a table --------------------------------------------------------------------


def result(schrift: dict[str, int], round: int = 1, table: int = 1, hands: int = 16) -> TableResult:
    return TableResult(round, table, tuple(schrift), schrift, hands, 16)


def test_competition_ranks_share_and_skip() -> None:
    assert competition_ranks([12, -4, 12, 0]) == [1, 4, 1, 3]


def test_haupt_sub_a_winner_and_three_level_behind() -> None:
    # Dreier won under ooe-2023: the declarer +12, each defender −4. Places 2, 3 and 4 are
    # shared: (2 + 1 + 0) / 3 = 1 each
    seats = table_seats(result({"A": 12, "B": -4, "C": -4, "D": -4}), fmt("haupt-sub"))
    assert (seats["A"].rank, seats["A"].rank_points) == (1, Fraction(4))
    assert all((seats[p].rank, seats[p].rank_points) == (2, Fraction(1)) for p in "BCD")


def test_haupt_sub_shares_that_are_not_whole() -> None:
    haupt = fmt("haupt-sub")
    two_first = table_seats(result({"A": 5, "B": 5, "C": -3, "D": -7}), haupt)
    assert two_first["A"].rank_points == 3  # (4 + 2) / 2
    assert two_first["C"].rank_points == 1 and two_first["D"].rank_points == 0
    three_first = table_seats(result({"A": 2, "B": 2, "C": 2, "D": -6}), haupt)
    assert three_first["A"].rank_points == Fraction(7, 3)  # (4 + 2 + 1) / 3
    two_second = table_seats(result({"A": 9, "B": 1, "C": 1, "D": -11}), haupt)
    assert two_second["B"].rank_points == Fraction(3, 2)  # (2 + 1) / 2
    # a table of five: the dealer of the only hand sat out with 0; three level last share
    # places 3, 4 and 5: (1 + 0 + 0) / 3
    five = table_seats(result({"A": 12, "B": 0, "C": -4, "D": -4, "E": -4}), haupt)
    assert five["B"].rank_points == 2 and five["C"].rank_points == Fraction(1, 3)


def test_schrift_rang_two_level_in_second_place_get_thirty() -> None:
    # (40 + 20) / 2 = 30: the Zirl 2015 report's 150 Rang = 60 + 60 + 30
    seats = table_seats(result({"A": 9, "B": 1, "C": 1, "D": -11}), fmt("schrift-rang"))
    assert [seats[p].rank_points for p in "ABCD"] == [60, 30, 30, 0]


def test_a_table_without_hands_is_not_ranked() -> None:
    seats = table_seats(result({"A": 0, "B": 0, "C": 0, "D": 0}, hands=0), fmt("haupt-sub"))
    assert all(s.rank is None and s.rank_points == 0 for s in seats.values())


# -- the day's places -----------------------------------------------------------------------------------------


def test_schrift_ties_go_to_the_best_round_then_the_table_ranks_then_a_shared_place() -> None:
    # Two rounds (the numbers are chosen for the tie-breaks, not from real hands).
    # A and B both end on +10 Schrift: A's best round +16 beats B's +6 (TIR19 7): "die bessere
    # beste Runde"). C and D both end on 0 with the same best round +8: C was first at a table
    # once and fourth once (ranks 1, 4), D second twice (2, 2): the better table ranks are the
    # ones with more table wins, so C is ahead.
    results = [
        result({"A": 16, "D": 8, "E": -12, "G": -12}, 1, 1),  # A 1, D 2, E and G 3
        result({"C": 8, "B": 6, "F": -4, "H": -10}, 1, 2),  # C 1, B 2, F 3, H 4
        result({"B": 4, "D": -8, "F": -10, "H": -10}, 2, 1),  # B 1, D 2, F and H 3
        result({"G": 10, "E": 0, "A": -6, "C": -8}, 2, 2),  # G 1, E 2, A 3, C 4
    ]
    # totals: A 10, B 10, C 0, D 0, G -2, E -12, F -14, H -20
    rows = standings(results, fmt("schrift"))
    assert [(r.place, r.player, int(r.total)) for r in rows] == [
        (1, "A", 10),
        (2, "B", 10),
        (3, "C", 0),
        (4, "D", 0),
        (5, "G", -2),
        (6, "E", -12),
        (7, "F", -14),
        (8, "H", -20),
    ]
    # level on the Schrift, the best round and the table ranks: a shared place, the next skips
    level = standings(
        [result({"A": 4, "B": 4, "C": -4, "D": -4}, 1, 1), result({"A": 2, "B": 2, "C": -2, "D": -2}, 2, 1)],
        fmt("schrift"),
    )
    assert [(r.place, r.player) for r in level] == [(1, "A"), (1, "B"), (3, "C"), (3, "D")]


def test_players_whose_tables_have_no_hands_are_listed_unranked_after_the_ranked() -> None:
    # Round 1: table 1 played one Dreier (A +12, B, C, D −4 each); table 2 has no hands. E, F,
    # G, H have played nothing: no place (not 2nd on 0 ahead of those at −4), listed by name.
    results = [
        result({"A": 12, "B": -4, "C": -4, "D": -4}, 1, 1, hands=1),
        result({"H": 0, "F": 0, "G": 0, "E": 0}, 1, 2, hands=0),
    ]
    for name in ("schrift", "haupt-sub", "schrift-rang"):
        rows = standings(results, fmt(name))
        assert [(r.place, r.player) for r in rows] == [
            (1, "A"),
            (2, "B"),
            (2, "C"),
            (2, "D"),
            (None, "E"),
            (None, "F"),
            (None, "G"),
            (None, "H"),
        ], name
    # Round 2: A, E, B, F at a table with a hand (E wins a Dreier: E +12, A, B, F −4); C, G, D, H
    # at a table with none. E and F are ranked now, on round 2 alone; for C and D round 2 counts
    # as not played (nothing to the total, below every rank in the table ranks).
    # Totals: A 8, E 12, B −8, F −4, C −4, D −4; G and H, on 0, have no table with hands at all.
    results += [
        result({"A": -4, "E": 12, "B": -4, "F": -4}, 2, 1, hands=1),
        result({"C": 0, "G": 0, "D": 0, "H": 0}, 2, 2, hands=0),
    ]
    rows = standings(results, fmt("schrift"))
    # E 12 (1st); A 8 (2nd); C, D −4 with best round −4, F −4 with best round −4: C and D have
    # table ranks (2, not played), F (2, not played) too: all three share 3rd; B −8 6th; G and H
    # have no table with hands: unranked
    assert [(r.place, r.player, int(r.total)) for r in rows] == [
        (1, "E", 12),
        (2, "A", 8),
        (3, "C", -4),
        (3, "D", -4),
        (3, "F", -4),
        (6, "B", -8),
        (None, "G", 0),
        (None, "H", 0),
    ]


def test_haupt_sub_ranks_by_rank_points_and_the_schrift_breaks_ties() -> None:
    # round 1: A first (4), B second (2), C third (1), D fourth (0);
    # round 2: D first (4), C second (2), B third (1), A fourth (0)
    # rank points: A 4, B 3, C 3, D 4; Schrift: A 10 − 9 = 1, B 3 − 1 = 2, C −4 + 3 = −1, D −9 + 7 = −2
    results = [
        result({"A": 10, "B": 3, "C": -4, "D": -9}, 1),
        result({"A": -9, "B": -1, "C": 3, "D": 7}, 2),
    ]
    rows = standings(results, fmt("haupt-sub"))
    assert [(r.place, r.player, int(r.total), r.schrift) for r in rows] == [
        (1, "A", 4, 1),
        (2, "D", 4, -2),
        (3, "B", 3, 2),
        (4, "C", 3, -1),
    ]


def test_schrift_rang_adds_schrift_and_rank_points() -> None:
    # the 2015 cup final's winner: three table wins (3 × 60 = 180) and 118 Schrift = 298
    results = [
        result({"S": 40, "X": 0, "Y": -20, "Z": -20}, 1),
        result({"S": 50, "X": 10, "Y": -30, "Z": -30}, 2),
        result({"S": 28, "X": 4, "Y": -12, "Z": -20}, 3),
    ]
    rows = standings(results, fmt("schrift-rang"))
    assert (rows[0].player, rows[0].schrift, int(rows[0].rank_points), int(rows[0].total)) == (
        "S",
        118,
        180,
        298,
    )


def test_exact_numbers_render_as_integers_or_mixed_numbers() -> None:
    assert exact(Fraction(7, 3)) == "7/3" and Fraction(str(exact(Fraction(7, 3)))) == Fraction(7, 3)
    assert exact(Fraction(-14, 3)) == "-14/3"
    assert exact(Fraction(6, 2)) == 3
    assert _text(Fraction(7, 3)) == "2 1/3"
    assert _text(Fraction(-14, 3)) == "-4 2/3"
    assert _text(Fraction(1, 3)) == "1/3"


# -- the formats as shipped --------------------------------------------------------------------------


def test_every_shipped_format_names_its_source() -> None:
    for name in ("schrift", "haupt-sub", "schrift-rang"):
        f = fmt(name)
        assert f.name == name and f.source


def test_a_format_file_can_extend_a_shipped_one(tmp_path: Path) -> None:
    own = tmp_path / "ours.toml"
    own.write_text('extends = "schrift-rang"\nname = "ours"\n[rank_points]\nfour = [50, 30, 10, 0]\n')
    f = load_format(str(own))[0]
    assert f.points_for(4) == (50, 30, 10, 0) and f.points_for(5) == (60, 45, 30, 15, 0)


def test_a_format_with_a_wrong_key_is_refused_with_the_key() -> None:
    document = format_document("haupt-sub")
    document["rank_points"] = {"four": [4, 2, 1], "five": [4, 2, 1, 0, 0]}
    document["tie_breaks"] = ["best_rund"]
    with pytest.raises(TournamentError) as info:
        build_format(document)
    text = str(info.value)
    assert "rank_points.four" in text and "a table of 4 has 4 places" in text
    assert "'best_rund'" in text and "did you mean 'best_round'" in text


def test_rank_points_that_rise_from_a_place_to_the_next_are_refused_as_a_cups_points_are(
    tmp_path: Path,
) -> None:
    # docs/tournament.md, Formats: a table win counts most (4/2/1/0, 60/40/20/0); [10, 30, 50, 0],
    # a slip of the keyboard, gave the third at a table more than its winner, and the day began
    own = tmp_path / "ours.toml"
    own.write_text('extends = "schrift-rang"\nname = "ours"\n[rank_points]\nfour = [10, 30, 50, 0]\n')
    with pytest.raises(TournamentError) as info:
        load_format(str(own))
    assert str(info.value) == (
        f"format: {own}: rank_points.four: [10, 30, 50, 0]: place 2 gets 30, more than place 1 (10);"
        " a table's rank points fall or stay level from each place to the next"
    )


def test_a_format_of_ones_own_without_its_schema_is_told_so_not_as_none(tmp_path: Path) -> None:
    # A format written without `extends` and without `schema = 1` (or a cup's points file given as
    # --format) was told "ours.toml.schema: None: expected schema = 1", a value nobody wrote.
    own = tmp_path / "ours.toml"
    document = format_document("schrift")
    del document["schema"]
    own.write_text(tomli_w.dumps(document), encoding="utf-8")
    with pytest.raises(TournamentError) as info:
        load_format(str(own))
    assert str(info.value) == f"format: {own}: schema: missing: a tournament format begins with schema = 1"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("points = [25, 20, 16]\nbest = 2\n", "a cup's points file"),
        ("tournament = 2\n", "a tournament day's file"),
    ],
)
def test_a_file_of_another_kind_given_as_a_format_is_named_so(tmp_path: Path, text: str, kind: str) -> None:
    # the cup's points file (or the day's own file) given to --format: said what it is, as --profile
    # says it, not a list of a format's keys missing and the file's keys unknown
    given = tmp_path / "cup.toml"
    given.write_text(text, encoding="utf-8")
    with pytest.raises(TournamentError) as info:
        load_format(str(given))
    assert str(info.value) == f"format: {given}: not a tournament format: this is {kind}"


def test_a_format_with_more_than_fifty_problems_says_how_many_more_there_are() -> None:
    document = format_document("haupt-sub")
    document["tie_breaks"] = [f"tie{i}" for i in range(60)]  # 60 problems: 50 shown, 10 counted
    with pytest.raises(TournamentError) as info:
        build_format(document, "ours.toml")
    problems = info.value.problems
    assert len(problems) == 51
    assert problems[-1].message == "and 10 more problems (the first 50 are shown)"


# -- the cup -------------------------------------------------------------------------------------------------


def test_cup_points_per_place_best_n_and_shared_places() -> None:
    # points 100, 80, 60, 50 for places 1-4, beyond 0; best 2 of 3 count.
    # day 1: A 1st, B and C share 2nd, D 4th  → A 100, B 80, C 80, D 50
    # day 2: B 1st, A 2nd, D 3rd, C 4th      → B 100, A 80, D 60, C 50
    # day 3: C 1st, D 2nd, E 3rd, A 5th      → C 100, D 80, E 60, A 0
    # best two: A 100 + 80 = 180, B 80 + 100 = 180, C 100 + 80 = 180, D 80 + 60 = 140, E 60
    rules = CupRules(points=(100, 80, 60, 50), best=2)
    days = [
        ("day1", [(1, "A"), (2, "B"), (2, "C"), (4, "D")]),
        ("day2", [(1, "B"), (2, "A"), (3, "D"), (4, "C")]),
        ("day3", [(1, "C"), (2, "D"), (3, "E"), (5, "A")]),
    ]
    rows = cup_standings(days, rules)
    assert [(r.place, r.player, r.cup_points) for r in rows] == [
        (1, "A", 180),
        (1, "B", 180),
        (1, "C", 180),
        (4, "D", 140),
        (5, "E", 60),
    ]
    a = rows[0]
    assert [(x.tournament, x.cup_points, x.counted) for x in a.tournaments] == [
        ("day1", 100, True),
        ("day2", 80, True),
        ("day3", 0, False),
    ]


def test_cup_rules_are_checked() -> None:
    assert cup_rules({"points": [10, 5]}).best is None
    with pytest.raises(TournamentError, match="points"):
        cup_rules({"points": "100, 90"})
    with pytest.raises(TournamentError, match="best"):
        cup_rules({"points": [10], "best": 0})
    # `points = []` gave every place 0, a cup without points, without a word: refused as missing
    with pytest.raises(TournamentError, match=r"cup.toml.points: missing: the cup points for place 1"):
        cup_rules({"points": []}, "cup.toml")


@pytest.mark.parametrize(
    ("points", "said"),
    [
        ([25, 20.5, 16], "cup.toml.points: place 2: 20.5 is a decimal number; expected a whole number"),
        ([25, "20"], "cup.toml.points: place 2: '20' is a string; expected a whole number"),
        ([True], "cup.toml.points: place 1: true is a boolean; expected a whole number"),
        (
            [10**20],
            "cup.toml.points: place 1: 100000000000000000000 is beyond the allowed range (at most 1,000,000 either way)",
        ),
    ],
)
def test_a_cup_point_that_is_no_whole_number_is_named_by_its_place(points: list[object], said: str) -> None:
    # docs/tournament.md: `points` gives place 1, 2, …: the one bad value is named by its place
    # (not the whole array called "an array"), a number past any cup's table refused as others are
    with pytest.raises(TournamentError) as refused:
        cup_rules({"points": points}, "cup.toml")
    assert str(refused.value) == said


def test_a_cup_file_with_a_misspelt_best_names_both_keys_it_takes() -> None:
    # docs/tournament.md, "A cup over the season": the file takes `points` and `best`
    with pytest.raises(TournamentError) as refused:
        cup_rules({"points": [25, 20], "beste": 2}, "cup.toml")
    assert (
        str(refused.value)
        == "cup.toml.beste: unknown key; allowed here: 'best', 'points' (did you mean 'best'?)"
    )


def test_a_format_with_a_title_of_its_own_does_not_show_its_parents_german_title(tmp_path: Path) -> None:
    shipped = fmt("schrift-rang")
    assert shipped.title_in("de").startswith("Schrift plus Tischrangpunkte 60/40/20/0 je Runde")
    assert shipped.title_in("en") == shipped.title
    own = tmp_path / "ours.toml"
    own.write_text('extends = "schrift-rang"\nname = "ours"\ntitle = "Schrift plus 50/30/10/0"\n')
    assert load_format(str(own))[0].title_in("de") == "Schrift plus 50/30/10/0"
    own.write_text(
        'extends = "schrift-rang"\nname = "ours"\ntitle = "Schrift plus 50/30/10/0"\ntitle_de = "Schrift und 50/30/10/0"\n'
    )
    assert load_format(str(own))[0].title_in("de") == "Schrift und 50/30/10/0"
    # without a title of its own, the parent's titles in both languages
    own.write_text('extends = "schrift-rang"\nname = "ours"\n')
    assert load_format(str(own))[0].title_in("de") == shipped.title_in("de")
