"""Standings over a season of ledgers made here, worked out by hand (not pasted from the program).

The club's season (profile koenigrufen, Simplified Scoring: each winner adds the bet's value,
losers add nothing):

A, 2026-03-05, Anna Bert Cilli Dani:
  1. Call by Anna with Cilli, 40, Kontra, Pagat announced and made: Call 1×2 + Pagat 2 → Anna +4, Cilli +4
  2. Dreier by Bert, first entered as lost (30), corrected to won (40): Dreier 5 → Bert +5
  3. Call by Cilli with Dani, 30: lost → the Defenders Anna +1, Bert +1
  4. Blind Solo (Sechserdreier) by Dani, 20: lost, the game ×2 → Anna, Bert, Cilli +10 each
  → Anna 15, Bert 16, Cilli 14, Dani 0
B, 2026-03-12, five at the table (the dealer sits out): Anna Bert Cilli Dani Emil
  1. (Emil out) Call by Bert with Dani, 50 → Bert +1, Dani +1
  2. (Anna out) Bettler by Emil, won; Bert says Kontra for himself → Emil adds 4×2 = +8
  3. (Bert out) Call by Cilli with Anna, 36 (≥ 35⅔ wins) → Cilli +1, Anna +1
  4. (Cilli out) Grand Solo (Solodreier) by Anna, 45, silent Trull made: 10 + Trull 1×2 (solo) → Anna +12
  5. (Dani out) Call by Emil with Cilli, 20: lost → Anna +1, Bert +1
  → Anna 14, Bert 2, Cilli 1, Dani 1, Emil 8
C, 2026-03-19, Anna "Berti" Cilli Emil (Berti is Bert, spelt another way):
  1. Call by Berti with Emil, 40 → Berti +1, Emil +1
  2. Dreier by Emil, 30: lost → Anna, Berti, Cilli +5 each
  3. Call by Cilli with Anna, 50, Rekontra: 1×4 → Cilli +4, Anna +4
  → Anna 9, Berti 6, Cilli 9, Emil 1

Season, Berti folded into Bert: Anna 15+14+9 = 38 (11 hands), Bert 16+2+6 = 24 (11),
Cilli 14+1+9 = 24 (11), Emil 8+1 = 9 (7), Dani 0+1 = 1 (8); 12 hands in 3 ledgers.
"""

from __future__ import annotations

from datetime import date
from typing import Any, cast

import pytest

from tarockscore.errors import LedgerError, UsageError
from tarockscore.evening.model import Ledger, new_ledger
from tarockscore.evening.operations import record, replace_hand
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import HandInput
from tarockscore.season.season import parse_alias
from tarockscore.season.standings import (
    Filters,
    aliases_from_mapping,
    decimal_text,
    fold,
    look_alike,
    resolve_aliases,
    standings,
)

AT = "2026-03-05T20:00:00"


def call(declarer: str, partner: str, points: Any, **more: Any) -> HandInput:
    return cast(
        HandInput,
        {"contract": "rufer", "declarer": declarer, "partner": partner, "card_points": points, **more},
    )


def alone(contract: str, declarer: str, **more: Any) -> HandInput:
    return cast(HandInput, {"contract": contract, "declarer": declarer, **more})


def evening(
    players: list[str], hands: list[HandInput], *, day: str | None, profile: str = "koenigrufen"
) -> Ledger:
    ledger = new_ledger(players, load_profile(profile), created=AT, date=day)
    for hand in hands:
        ledger = record(ledger, hand, AT)
    return ledger


def ledger_a() -> Ledger:
    pagat = {"name": "pagat", "side": "declarers", "announced": True, "made": True}
    ledger = evening(
        ["Anna", "Bert", "Cilli", "Dani"],
        [
            call("Anna", "Cilli", 40, kontra="kontra", bonus=[pagat]),
            alone("dreier", "Bert", card_points=30),  # entered wrongly: corrected below
            call("Cilli", "Dani", 30),
            alone("sechserdreier", "Dani", card_points=20),
        ],
        day="2026-03-05",
    )
    return replace_hand(ledger, 2, alone("dreier", "Bert", card_points=40), AT)


def ledger_b() -> Ledger:
    trull = {"name": "trull", "side": "declarers", "made": True}
    return evening(
        ["Anna", "Bert", "Cilli", "Dani", "Emil"],
        [
            call("Bert", "Dani", 50),
            alone("bettler", "Emil", won=True, kontra={"Bert": "kontra"}),
            call("Cilli", "Anna", 36),
            alone("solodreier", "Anna", card_points=45, bonus=[trull]),
            call("Emil", "Cilli", 20),
        ],
        day="2026-03-12",
    )


def ledger_c() -> Ledger:
    return evening(
        ["Anna", "Berti", "Cilli", "Emil"],
        [
            call("Berti", "Emil", 40),
            alone("dreier", "Emil", card_points=30),
            call("Cilli", "Anna", 50, kontra="rekontra"),
        ],
        day="2026-03-19",
    )


def ledger_pagat() -> Ledger:
    """2026-03-26 under profile pagat (zero-sum): 1. Call by Anna with Bert, 40 → Anna +1, Bert +1,
    Cilli −1, Dani −1; 2. Dreier by Cilli, 40 → Cilli +15, the others −5 each. Under koenigrufen
    the same hands score Anna +1, Bert +1 and Cilli +5."""
    return evening(
        ["Anna", "Bert", "Cilli", "Dani"],
        [call("Anna", "Bert", 40), alone("dreier", "Cilli", card_points=40)],
        day="2026-03-26",
        profile="pagat",
    )


def ledger_zwanzigerrufen() -> Ledger:
    """2026-04-02, zwanzigerrufen: 1. Solo by Anna (Forehand), 50, Kontra → 4×2 = Anna +8;
    2. Call by Bert (Forehand) with Dani, 50 → Bert +1, Dani +1."""
    return evening(
        ["Anna", "Bert", "Cilli", "Dani"],
        [alone("solo", "Anna", card_points=50, kontra="kontra"), call("Bert", "Dani", 50)],
        day="2026-04-02",
        profile="zwanzigerrufen",
    )


def club() -> list[tuple[str, Ledger]]:
    # Given out of date order on purpose: the season sorts by date.
    return [("c.toml", ledger_c()), ("a.toml", ledger_a()), ("b.toml", ledger_b())]


def table(season_standings: Any) -> list[tuple[int, str, int, int]]:
    return [(s.rank, s.player, s.victory_points, s.hands) for s in season_standings]


# -- one evening at a time --------------------------------------------------------------------------


def test_each_evening_on_its_own() -> None:
    a = standings(fold([("a.toml", ledger_a())]))
    assert {s.player: s.victory_points for s in a} == {"Anna": 15, "Bert": 16, "Cilli": 14, "Dani": 0}
    b = standings(fold([("b.toml", ledger_b())]))
    assert {s.player: (s.victory_points, s.hands) for s in b} == {
        "Anna": (14, 4),
        "Bert": (2, 4),
        "Cilli": (1, 4),
        "Dani": (1, 4),
        "Emil": (8, 4),
    }
    c = standings(fold([("c.toml", ledger_c())]))
    assert {s.player: s.victory_points for s in c} == {"Anna": 9, "Berti": 6, "Cilli": 9, "Emil": 1}


def test_the_corrected_hand_counts_not_the_first_entry() -> None:
    ledger = ledger_a()
    assert ledger.hands[1].keys["card_points"] == 40
    assert [a.action.value for a in ledger.audit] == ["replace"]
    bert = next(s for s in standings(fold([("a.toml", ledger)])) if s.player == "Bert")
    assert bert.victory_points == 16  # with the first entry (Dreier lost) Bert would have 11


# -- the season -------------------------------------------------------------------------------------


def test_season_with_the_alias_folded() -> None:
    season = fold(club(), Filters(aliases={"Berti": "Bert"}))
    assert [e.source for e in season.evenings] == ["a.toml", "b.toml", "c.toml"]
    assert season.hand_count == 12
    assert table(standings(season)) == [
        (1, "Anna", 38, 11),
        (2, "Bert", 24, 11),
        (2, "Cilli", 24, 11),
        (4, "Emil", 9, 7),
        (5, "Dani", 1, 8),
    ]
    assert [s.evenings for s in standings(season)] == [3, 3, 3, 2, 2]
    assert not [w for w in season.warnings if "spelt" in w]


def test_a_name_spelt_two_ways_is_reported_with_the_fix() -> None:
    season = fold(club())
    rows = {s.player: s.victory_points for s in standings(season)}
    assert rows["Bert"] == 18 and rows["Berti"] == 6
    spelt = [w for w in season.warnings if "spelt two ways" in w]
    assert len(spelt) == 1
    assert "'Berti' (c.toml) and 'Bert' (a.toml, b.toml)" in spelt[0]
    # The core speaks of the alias; the command line names its option (tests/test_cli_season.py).
    assert "the alias 'Berti=Bert'" in spelt[0] and "--" not in spelt[0]


def test_names_that_sat_at_one_table_are_never_one_player() -> None:
    # Anna and Anni look alike, but both played on one evening: two people.
    ledger = evening(["Anna", "Anni", "Cilli", "Dani"], [call("Anna", "Cilli", 40)], day="2026-05-01")
    season = fold([("x.toml", ledger), *club()])
    assert not [w for w in season.warnings if "'Anni'" in w]
    with pytest.raises(UsageError, match="sat at this table together"):
        fold([("x.toml", ledger)], Filters(aliases={"Anni": "Anna"}))


def test_date_range() -> None:
    season = fold(club(), Filters(date_from=date(2026, 3, 10), date_to=date(2026, 3, 15)))
    assert [e.source for e in season.evenings] == ["b.toml"]
    assert table(standings(season)) == [
        (1, "Anna", 14, 4),
        (2, "Emil", 8, 4),
        (3, "Bert", 2, 4),
        (4, "Cilli", 1, 4),
        (4, "Dani", 1, 4),
    ]
    # From the 12th on: B and C, without the alias.
    later = fold(club(), Filters(date_from=date(2026, 3, 12)))
    assert {s.player: s.victory_points for s in standings(later)}["Anna"] == 14 + 9


def test_an_undated_ledger_is_left_out_of_a_date_range_and_said_so() -> None:
    undated = evening(["Anna", "Bert", "Cilli", "Dani"], [call("Anna", "Bert", 40)], day=None)
    season = fold([*club(), ("undated.toml", undated)], Filters(date_to=date(2026, 12, 31)))
    assert len(season.evenings) == 3
    assert any("undated.toml has no date" in w for w in season.warnings)


def test_player_filter_keeps_the_ranks_of_the_whole_table_out_of_it() -> None:
    season = fold(club(), Filters(players=("Emil", "Berti"), aliases={"Berti": "Bert"}))
    assert table(standings(season)) == [(2, "Bert", 24, 11), (4, "Emil", 9, 7)]
    assert season.hand_count == 12
    with pytest.raises(UsageError, match=r"'Emill' played in none.*did you mean 'Emil'"):
        fold(club(), Filters(players=("Emill",)))
    # with a guess, the guess alone: a season of a hundred players named every one before it
    with pytest.raises(UsageError) as refused:
        fold(club(), Filters(players=("Emill",)))
    assert str(refused.value) == "player: 'Emill' played in none of these ledgers (did you mean 'Emil'?)"
    with pytest.raises(UsageError, match=r"'Zoe' played in none of these ledgers; players are 'Anna', "):
        fold(club(), Filters(players=("Zoe",)))


# -- profiles -------------------------------------------------------------------------------------


def test_profiles_that_settle_differently_are_refused_without_rescore() -> None:
    with pytest.raises(
        LedgerError, match=r"settle differently \(simplified and zero_sum\); rescore every hand"
    ):
        fold([*club(), ("p.toml", ledger_pagat())])


def test_rescore_folds_them_under_one_profile() -> None:
    pagat_alone = standings(fold([("p.toml", ledger_pagat())]))
    assert {s.player: s.victory_points for s in pagat_alone} == {
        "Anna": -4,
        "Bert": -4,
        "Cilli": 14,
        "Dani": -6,
    }
    season = fold(
        [*club(), ("p.toml", ledger_pagat())],
        Filters(aliases={"Berti": "Bert"}, rescore=load_profile("koenigrufen")),
    )
    assert table(standings(season)) == [
        (1, "Anna", 39, 13),
        (2, "Cilli", 29, 13),
        (3, "Bert", 25, 13),
        (4, "Emil", 9, 7),
        (5, "Dani", 1, 10),
    ]
    assert season.profiles == ("koenigrufen",)
    assert any("2 of 14 hands score differently" in w for w in season.warnings)


def test_another_game_cannot_be_added_nor_rescored() -> None:
    z = ("z.toml", ledger_zwanzigerrufen())
    assert {s.player: s.victory_points for s in standings(fold([z]))} == {
        "Anna": 8,
        "Bert": 1,
        "Cilli": 0,
        "Dani": 1,
    }
    with pytest.raises(LedgerError, match="different games"):
        fold([*club(), z])
    # rescored under Königrufen's rules, the Zwanzigerrufen evening is refused as a whole, not hand
    # by hand as its contracts happen to be unknown there
    with pytest.raises(LedgerError) as info:
        fold([*club(), z], Filters(rescore=load_profile("koenigrufen")))
    assert str(info.value) == (
        "rescore: z.toml: profile 'koenigrufen' is for koenigrufen and this evening is zwanzigerrufen: "
        "a hand is scored only under the rules of its own game; choose a zwanzigerrufen profile"
    )


def test_same_settlement_other_values_is_added_and_reported(tmp_path: Any) -> None:
    mine = tmp_path / "stammtisch.toml"
    mine.write_text(
        'extends = "koenigrufen"\nname = "stammtisch"\ntitle = "Our table"\n[contracts.rufer]\nvalue = 2\n',
        encoding="utf-8",
    )
    # One Call by Anna with Bert, 40, worth 2 at this table: Anna +2, Bert +2.
    ours = evening(
        ["Anna", "Bert", "Cilli", "Dani"], [call("Anna", "Bert", 40)], day="2026-04-09", profile=str(mine)
    )
    season = fold([("a.toml", ledger_a()), ("s.toml", ours)])
    assert {s.player: s.victory_points for s in standings(season)} == {
        "Anna": 17,
        "Bert": 18,
        "Cilli": 14,
        "Dani": 0,
    }
    assert any("different profiles" in w and "'stammtisch' (s.toml)" in w for w in season.warnings)


def test_payout_where_kontra_is_money_only() -> None:
    # ooe-2023, zero-sum, Kontra on the money only: a Call by Anna with Bert, 40, Kontra.
    # Score sheet: Call 1 → Anna +1, Bert +1, Cilli −1, Dani −1; payout 1×2 → ±2.
    ooe = evening(
        ["Anna", "Bert", "Cilli", "Dani"],
        [call("Anna", "Bert", 40, kontra="kontra")],
        day="2026-04-16",
        profile="ooe-2023",
    )
    rows = standings(fold([("o.toml", ooe)]))
    assert [(s.player, s.victory_points, s.payout) for s in rows] == [
        ("Anna", 1, 2),
        ("Bert", 1, 2),
        ("Cilli", -1, -2),
        ("Dani", -1, -2),
    ]
    assert all(s.payout is None for s in standings(fold(club())))


# -- small parts ------------------------------------------------------------------------------------


def test_alias_parsing_and_chains() -> None:
    assert parse_alias(" Hansi = Hans ") == ("Hansi", "Hans")
    for bad in ("Hansi", "=Hans", "Hansi="):
        with pytest.raises(UsageError):
            parse_alias(bad)
    assert resolve_aliases({"Hansi": "Hans", "Hans": "Johann", "Johann": "Johann"}) == {
        "Hansi": "Johann",
        "Hans": "Johann",
    }
    with pytest.raises(UsageError, match="circle"):
        resolve_aliases({"A": "B", "B": "A"})
    assert aliases_from_mapping({"aliases": {"Hansi": "Hans"}}, "f.toml") == {"Hansi": "Hans"}
    with pytest.raises(UsageError, match="aliases"):
        aliases_from_mapping({"alias": {"Hansi": "Hans"}}, "f.toml")


@pytest.mark.parametrize(
    ("a", "b", "alike"),
    [
        ("Hans", "Hansi", True),
        ("Gretl", "Grete", True),
        ("anna", "Anna", True),
        ("Jürgen", "Jurgen", True),
        ("Anna", "Emil", False),
        ("Bert", "Bettina", False),
        ("Al", "Ali", False),
        # full names: one letter apart, not a surname in common (docs/season.md)
        ("Hans Huber", "Hansi Huber", True),
        ("Anna Huber", "Anne Huber", True),
        ("Resi Wagner", "Emil Wagner", False),
        ("Gerti Wagner", "Bert Wagner", False),
        ("Dani Wagner", "Toni Wagner", False),
    ],
)
def test_look_alike(a: str, b: str, alike: bool) -> None:
    assert look_alike(a, b) is alike


def test_alike_pairs_work_out_each_names_digits_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Numbered players ('Spieler 7', 'Spieler 8') are set apart by their digits once, each name's
    worked out once, not again for every pair met; names alike but for their numbers are no pair."""
    import tarockscore.season.standings as standings

    worked: list[str] = []
    digits = standings._digits

    def counted(name: str) -> str:
        worked.append(name)
        return digits(name)

    monkeypatch.setattr(standings, "_digits", counted)
    names = [*(f"Spieler {n}" for n in range(1, 30)), "Hans", "Hansi", "Gretl 2", "Grete 2"]
    assert standings.alike_pairs(names, 10) == [(29, 30), (31, 32)]
    assert sorted(worked) == sorted(standings._normal(n) for n in names)


def test_decimal_text_rounds_exactly() -> None:
    from fractions import Fraction

    assert decimal_text(Fraction(38, 11)) == "3.45"
    assert decimal_text(Fraction(9, 7)) == "1.29"
    assert decimal_text(Fraction(-1, 8)) == "-0.12"  # half to even
    assert decimal_text(Fraction(0)) == "0.00"


def test_a_copy_of_an_evening_counts_once_and_is_named() -> None:
    # A backup copy left beside the ledger (taken after hand 2) and a copy of the whole file: the
    # same table begun at the same moment, their hands the first of the ledger's. Counted once.
    whole = ledger_a()
    early = evening(
        ["Anna", "Bert", "Cilli", "Dani"],
        [
            call(
                "Anna",
                "Cilli",
                40,
                kontra="kontra",
                bonus=[{"name": "pagat", "side": "declarers", "announced": True, "made": True}],
            )
        ],
        day="2026-03-05",
    )
    assert [e.keys for e in early.hands] == [whole.hands[0].keys]
    season = fold([("a.toml", whole), ("b-backup.toml", early), ("c-copy.toml", whole._replace())])
    assert [e.source for e in season.evenings] == ["a.toml"]
    # the evening's own figures (test_each_evening_on_its_own), not doubled
    assert {s.player: s.victory_points for s in standings(season)} == {
        "Anna": 15,
        "Bert": 16,
        "Cilli": 14,
        "Dani": 0,
    }
    said = [str(w) for w in season.warnings]
    assert any(
        w.startswith("b-backup.toml holds the same evening as a.toml")
        and "every hand of it is in a.toml too" in w
        for w in said
    ), said
    assert any(w.startswith("c-copy.toml holds the same evening as a.toml") for w in said), said


def test_two_evenings_of_one_table_begun_the_same_moment_both_count() -> None:
    # The same players, created in the same second, but other hands: two evenings, not a copy.
    one = evening(["Anna", "Bert", "Cilli", "Dani"], [call("Anna", "Cilli", 40)], day="2026-03-05")
    two = evening(["Anna", "Bert", "Cilli", "Dani"], [call("Bert", "Dani", 40)], day="2026-03-05")
    season = fold([("one.toml", one), ("two.toml", two)])
    assert sorted(e.source for e in season.evenings) == ["one.toml", "two.toml"]
    assert not season.warnings


def test_a_table_scored_from_its_paper_sheet_adds_its_schrift_as_its_sheet_does() -> None:
    """A tournament table scored from its paper sheet (`tournament result`, docs/tournament.md) has
    no hands; its sheet opens with the paper's Schrift, and `show` adds the hands after it. The
    season adds it too, with no hands counted, and says so: evening A (Anna 15, Bert 16, Cilli 14,
    Dani 0, 4 hands each) and a paper table Anna +12, Bert -4, Cilli -4, Dani -4 (no hands) give
    Anna 27, Bert 12, Cilli 10, Dani -4, each with 4 hands and 2 evenings."""
    from tarockscore.evening.paper import on_paper

    paper = on_paper(
        evening(["Anna", "Bert", "Cilli", "Dani"], [], day="2026-03-12"),
        {"Anna": 12, "Bert": -4, "Cilli": -4, "Dani": -4},
        None,
        AT,
        label="round 1, table 2",
    )
    season = fold([("a.toml", ledger_a()), ("round-1/table-2.toml", paper)])
    assert table(standings(season)) == [
        (1, "Anna", 27, 4),
        (2, "Bert", 12, 4),
        (3, "Cilli", 10, 4),
        (4, "Dani", -4, 4),
    ]
    assert [s.evenings for s in standings(season)] == [2, 2, 2, 2]
    # per hand, the hands' own points: Anna 15 over 4 hands is 3.75, not her 27 with the paper's 12
    assert [decimal_text(s.points_per_hand) for s in standings(season)] == ["3.75", "4.00", "3.50", "0.00"]
    said = [w for w in season.warnings if "paper sheet" in w]
    assert said == [
        "round-1/table-2.toml: scored from its paper sheet (Anna +12, Bert -4, Cilli -4, Dani -4):"
        " its Schrift is added to the Victory Points, as its sheet adds it; it has no hands,"
        " so the hands, the statistics and the chart count only hands played"
    ]


def test_a_paper_tables_schrift_is_not_rescored_and_the_season_says_so() -> None:
    """--rescore scores every hand again; a paper sheet has none, so its Schrift stands as written
    under the table's own profile (docs/tournament.md), and the season names it."""
    from tarockscore.evening.paper import on_paper

    paper = on_paper(
        evening(["Anna", "Bert", "Cilli", "Dani"], [], day="2026-03-12"),
        {"Anna": 12, "Bert": -4, "Cilli": -4, "Dani": -4},
        None,
        AT,
        label="round 1, table 2",
    )
    season = fold([("t2.toml", paper)], Filters(rescore=load_profile("pagat")))
    assert table(standings(season))[0] == (1, "Anna", 12, 0)
    assert (
        "t2.toml: its Schrift from the paper sheet stands as written under profile 'koenigrufen':"
        " a paper sheet has no hands to score again"
    ) in season.warnings


def test_a_paper_tables_payout_stands_as_written_under_rescore() -> None:
    """An ooe-2023 table scored from its paper sheet without --money: its money points are its
    Schrift, as its sheet's payout totals have them (Kontra moved no money past it). Under
    --rescore koenigrufen the Schrift stands as written, and so must its payout: it was taken
    under the rescore's profile, which keeps none, and the payout column lost the table."""
    from tarockscore.evening.paper import on_paper

    players = ["Anna", "Bert", "Cilli", "Dani"]
    schrift = {"Anna": 12, "Bert": -4, "Cilli": -4, "Dani": -4}
    ooe = evening(players, [], day="2026-03-12", profile="ooe-2023")
    paper = on_paper(ooe, schrift, None, AT, label="round 1, table 2")
    as_written = {s.player: s.payout for s in standings(fold([("t2.toml", paper)]))}
    assert as_written == schrift
    rescored = fold([("t2.toml", paper)], Filters(rescore=load_profile("koenigrufen")))
    assert {s.player: s.payout for s in standings(rescored)} == as_written


def test_the_refusal_of_mixed_profiles_names_every_profile_and_its_ledgers_however_many() -> None:
    # A season of twelve evenings under koenigrufen and one under pagat: the refusal must name
    # the pagat ledger, the one to rescore or take out, not cut the list before it.
    club = [
        (
            f"evenings/2026-03-{day:02d}.toml",
            evening(["Anna", "Bert", "Cilli", "Dani"], [call("Anna", "Bert", 40)], day=f"2026-03-{day:02d}"),
        )
        for day in range(1, 13)
    ]
    with pytest.raises(LedgerError) as refused:
        fold([*club, ("evenings/2026-03-26.toml", ledger_pagat())])
    said = str(refused.value)
    assert "'pagat' (evenings/2026-03-26.toml)" in said
    assert all(f"evenings/2026-03-{day:02d}.toml" in said for day in range(1, 13))
    assert "…" not in said


@pytest.mark.parametrize(
    "copy", ["a-copy.toml", "a (Kopie).toml", "a - Copy.toml", "Kopie von a.toml", "a.toml.bak", "0.toml"]
)
def test_of_two_copies_with_the_same_hands_the_original_is_counted_whatever_the_order(copy: str) -> None:
    # docs/season.md: a copy of a ledger holding the same hands is counted once, as the file with
    # the shorter name (the original a.toml, not a copy named after it, which a folder and a shell
    # glob may well list first: ' ', '-' and '0' sort before '.'); names as long: the first path
    # in order (0.toml before a.toml), whichever was given first.
    whole = ledger_a()
    for given in ([(f"club/{copy}", whole), ("club/a.toml", whole._replace())],
                  [("club/a.toml", whole), (f"club/{copy}", whole._replace())]):  # fmt: skip
        season = fold(given)
        kept = "club/0.toml" if copy == "0.toml" else "club/a.toml"
        dropped = ({"club/a.toml", f"club/{copy}"} - {kept}).pop()
        assert [e.source for e in season.evenings] == [kept]
        assert [str(w) for w in season.warnings] == [
            f"{dropped} holds the same evening as {kept} (the same table, begun at 2026-03-05T20:00:00, "
            f"and every hand of it is in {kept} too): counted once, as {kept}"
        ]


def test_a_table_scored_on_paper_is_counted_once_however_many_copies_are_given() -> None:
    # docs/season.md: an evening is counted once, however many copies of its ledger are given. A
    # day's folder copied beside it (docs/tournament.md) gives each table's sheet twice, a paper
    # result among them: its Schrift is the result as typed, once, and the table one evening.
    from tarockscore.evening.paper import on_paper

    schrift = {"Anna": 12, "Bert": -4, "Cilli": -4, "Dani": -4}
    ooe = evening(["Anna", "Bert", "Cilli", "Dani"], [], day="2026-03-12", profile="ooe-2023")
    paper = on_paper(ooe, schrift, None, AT, label="round 1, table 2")
    season = fold([("cup/round-1/table-2.toml", paper), ("cup-copy/round-1/table-2.toml", paper._replace())])
    assert {s.player: (s.victory_points, s.evenings) for s in standings(season)} == {
        player: (points, 1) for player, points in schrift.items()
    }


def test_of_a_folder_and_its_copy_the_original_is_counted_whatever_the_order() -> None:
    # docs/season.md: the original is counted, not its copy; a day's folder copied beside it
    # (cup-day (Kopie)/) holds files named as the original's, and ' ' sorts before '/': the copy's
    # path came first, and the warning named the original as the copy left out
    whole = ledger_a()
    original, copy = "cup-day/round-1/table-1.toml", "cup-day (Kopie)/round-1/table-1.toml"
    for given in (
        [(copy, whole), (original, whole._replace())],
        [(original, whole), (copy, whole._replace())],
    ):
        assert [e.source for e in fold(given).evenings] == [original]


def test_a_copy_with_more_hands_is_counted_however_long_its_name() -> None:
    # the later state of the evening: a.toml kept a backup taken after hand 1, the copy all 4 hands
    whole = ledger_a()
    early = whole._replace(hands=whole.hands[:1])
    season = fold([("a.toml", early), ("a-copy.toml", whole)])
    assert [e.source for e in season.evenings] == ["a-copy.toml"]
