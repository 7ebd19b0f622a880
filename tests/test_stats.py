"""Statistics per player over the club's season of tests/test_season.py, counted by hand from its hands."""

from __future__ import annotations

from typing import Any

from tarockscore.render.season import SUMMARY_COLUMNS, csv_table, player_json, stats_json
from tarockscore.rules.hand import HandInput
from tarockscore.season.standings import Filters, fold
from tarockscore.season.statistics import PlayerStats, contract_order, player_stats
from tests.test_season import call, club, evening, ledger_a


def season_stats() -> dict[str, PlayerStats]:
    season = fold(club(), Filters(aliases={"Berti": "Bert"}))
    return {s.player: s for s in player_stats(season)}


def tallies(t: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {c: (v.played, v.won) for c, v in t.items()}


def test_anna() -> None:
    # Declared: A1 Call won, B4 Grand Solo won. Partner: B3, C3, both won. Defended A2 (lost),
    # A3, A4 (won), B1 (lost), B5 (won), C1 (lost), C2 (won): 7, 4 won. Sat out B2.
    # Best hand B4 +12, worst 0 (e.g. A2); 38 in 11 hands = 3.45 a hand.
    # Answered the Defenders' Kontra with Rekontra in C3 and won it. Pagat announced and made
    # (A1, her side); Trull made silently (B4).
    s = season_stats()["Anna"]
    assert (s.hands, s.sat_out, s.victory_points, s.best, s.worst) == (11, 1, 38, 12, 0)
    assert tallies(s.declared) == {"rufer": (1, 1), "solodreier": (1, 1)}
    assert tallies(s.partner) == {"rufer": (2, 2)}
    assert (s.defended.played, s.defended.won) == (7, 4)
    assert (s.kontra.said, s.kontra.said_won, s.kontra.answered, s.kontra.answered_won) == (0, 0, 1, 1)
    assert {n: (b.announced, b.announced_made, b.silent_made) for n, b in s.bonuses.items()} == {
        "pagat": (1, 1, 0),
        "trull": (0, 0, 1),
    }
    assert player_json(s)["points_per_hand"] == "3.45"


def test_bert_with_berti_folded_in() -> None:
    # Declared: A2 Dreier (the corrected entry: won), B1 Call won, C1 Call won (as Berti).
    # Defended A1, A3, A4, B2, B4, B5, C2, C3: won A3, A4, B5, C2. Kontras said: A1 on the Call
    # (lost), B2 for himself on Emil's Bettler (lost), C3 on the Call that Cilli and Anna
    # Rekontra'd (lost). Best +10 (A4); 24 in 11 hands = 2.18.
    s = season_stats()["Bert"]
    assert (s.hands, s.sat_out, s.victory_points, s.best, s.worst) == (11, 1, 24, 10, 0)
    assert tallies(s.declared) == {"dreier": (1, 1), "rufer": (2, 2)}
    assert s.partner == {}
    assert (s.defended.played, s.defended.won) == (8, 4)
    assert (s.kontra.said, s.kontra.said_won, s.kontra.answered, s.kontra.answered_won) == (3, 0, 0, 0)
    assert s.bonuses == {}
    assert player_json(s)["points_per_hand"] == "2.18"


def test_cilli_dani_emil() -> None:
    stats = season_stats()
    cilli = stats["Cilli"]
    # Declared A3 (lost), B3 and C3 (won); partner in A1 (won) and B5 (lost); defended A2, A4,
    # B1, B2, C1, C2 (won A4 and C2); answered Rekontra in C3 and won; on Anna's side for the Pagat.
    assert tallies(cilli.declared) == {"rufer": (3, 2)}
    assert tallies(cilli.partner) == {"rufer": (2, 1)}
    assert (cilli.defended.played, cilli.defended.won) == (6, 2)
    assert (cilli.kontra.answered, cilli.kontra.answered_won) == (1, 1)
    assert cilli.bonuses["pagat"].announced_made == 1
    dani = stats["Dani"]
    # Blind Solo lost (A4); partner in A3 (lost) and B1 (won); said Kontra in A1 with Bert, lost.
    assert (dani.hands, dani.sat_out, dani.victory_points, dani.best, dani.worst) == (8, 1, 1, 1, 0)
    assert tallies(dani.declared) == {"sechserdreier": (1, 0)}
    assert tallies(dani.partner) == {"rufer": (2, 1)}
    assert (dani.defended.played, dani.defended.won) == (5, 0)
    assert (dani.kontra.said, dani.kontra.said_won) == (1, 0)
    emil = stats["Emil"]
    # Bettler won (B2), Call lost (B5), Dreier lost (C2); partner in C1 (won); defended B3, B4,
    # C3, all lost; said Kontra in C3. Sat out B1 (five at the table). 9 in 7 hands = 1.29.
    assert (emil.hands, emil.sat_out, emil.victory_points, emil.best, emil.worst) == (7, 1, 9, 8, 0)
    assert tallies(emil.declared) == {"bettler": (1, 1), "rufer": (1, 0), "dreier": (1, 0)}
    assert tallies(emil.partner) == {"rufer": (1, 1)}
    assert (emil.defended.played, emil.defended.won) == (3, 0)
    assert (emil.kontra.said, emil.kontra.said_won) == (1, 0)
    assert player_json(emil)["points_per_hand"] == "1.29"


def test_hands_add_up_for_everybody() -> None:
    for s in season_stats().values():
        d = sum(t.played for t in s.declared.values())
        p = sum(t.played for t in s.partner.values())
        assert d + p + s.defended.played + s.trischaken == s.hands, s.player


def test_one_evening_sees_only_the_corrected_hand() -> None:
    stats = {s.player: s for s in player_stats(fold([("a.toml", ledger_a())]))}
    assert tallies(stats["Bert"].declared) == {"dreier": (1, 1)}
    assert stats["Bert"].victory_points == 16


def test_a_kontra_on_a_bonus_that_the_defenders_win() -> None:
    # Call by Anna with Bert, 40, won: +1 each. The Pagat announced by Anna's side, Kontra by the
    # Defenders, and lost: 1 ×2 announced ×2 Kontra = 4 to each Defender: Cilli +4, Dani +4.
    pagat = {"name": "pagat", "side": "declarers", "announced": True, "made": False, "kontra": "kontra"}
    ledger = evening(
        ["Anna", "Bert", "Cilli", "Dani"], [call("Anna", "Bert", 40, bonus=[pagat])], day="2026-05-07"
    )
    stats = {s.player: s for s in player_stats(fold([("k.toml", ledger)]))}
    assert {p: s.victory_points for p, s in stats.items()} == {"Anna": 1, "Bert": 1, "Cilli": 4, "Dani": 4}
    assert (stats["Cilli"].kontra.said, stats["Cilli"].kontra.said_won) == (1, 1)
    assert (stats["Anna"].bonuses["pagat"].announced, stats["Anna"].bonuses["pagat"].announced_made) == (1, 0)
    assert stats["Cilli"].bonuses == {}


def test_machine_output_shapes() -> None:
    season = fold(club(), Filters(aliases={"Berti": "Bert"}, players=("Anna", "Emil")))
    stats = player_stats(season)
    data = stats_json(season, stats, season.warnings)
    assert [p["player"] for p in data["players"]] == ["Anna", "Emil"]
    assert (data["ledgers"], data["hands"]) == (3, 12)
    anna = data["players"][0]
    assert anna["declared"] == {"rufer": {"played": 1, "won": 1}, "solodreier": {"played": 1, "won": 1}}
    assert anna["kontra"] == {"said": 0, "said_won": 0, "answered": 1, "answered_won": 1}
    columns, rows = csv_table(stats, contract_order(season))
    assert columns[:5] == ["player", "hands", "sat_out", "victory_points", "points_per_hand"]
    # Anna declared a Call and a Grand Solo, Emil a Bettler, a Call and a Dreier: in the order of
    # the profile's price list.
    assert columns[len(SUMMARY_COLUMNS) :] == [
        "declared_rufer",
        "declared_won_rufer",
        "declared_dreier",
        "declared_won_dreier",
        "declared_solodreier",
        "declared_won_solodreier",
        "declared_bettler",
        "declared_won_bettler",
    ]
    emil = dict(zip(columns, rows[1], strict=True))
    assert emil["player"] == "Emil"
    assert (emil["declared"], emil["declared_won"], emil["partner"], emil["partner_won"]) == (3, 1, 1, 1)
    assert (emil["declared_bettler"], emil["declared_won_bettler"], emil["declared_solodreier"]) == (1, 1, 0)
    assert (emil["best"], emil["worst"], emil["points_per_hand"]) == (8, 0, "1.29")


def test_trischaken_has_no_declarer() -> None:
    dodge: HandInput = {
        "contract": "trischaken",
        "card_points": {"Anna": 20, "Bert": 30, "Cilli": 15, "Dani": 5},
    }
    ledger = evening(["Anna", "Bert", "Cilli", "Dani"], [dodge, call("Anna", "Bert", 40)], day="2026-05-14")
    stats = player_stats(fold([("d.toml", ledger)]))
    assert [(s.player, s.hands, s.trischaken) for s in stats] == [
        ("Anna", 2, 1),
        ("Bert", 2, 1),
        ("Cilli", 2, 1),
        ("Dani", 2, 1),
    ]
    assert all(s.kontra.said == 0 for s in stats)
    assert tallies(stats[0].declared) == {"rufer": (1, 1)}


def test_a_bonus_the_hand_does_not_score_is_not_counted() -> None:
    # Call by Anna with Bert, a silent Valat (68: the Defenders hold the talon half, §1.4) and a
    # silent Trull: the main rules score no bonus in a Valat hand ([CTK] "No bonus is scored in a
    # Valat hand", valat.bonuses = "none"), so the sheet says the Trull is not scored and the
    # statistics count no Trull; the Valat, scored (1 × 4 to Anna and Bert), is counted.
    hand = call("Anna", "Bert", 68, bonus=[{"name": "valat"}, {"name": "trull"}])
    ledger = evening(["Anna", "Bert", "Cilli", "Dani"], [hand], day="2026-05-08")
    stats = {s.player: s for s in player_stats(fold([("v.toml", ledger)]))}
    assert {p: s.victory_points for p, s in stats.items()} == {"Anna": 4, "Bert": 4, "Cilli": 0, "Dani": 0}
    assert {n: (b.announced, b.silent_made) for n, b in stats["Anna"].bonuses.items()} == {"valat": (0, 1)}
