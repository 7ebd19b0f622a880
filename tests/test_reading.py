"""Reading stored keys: the unknown-key messages name every key allowed where they stand, with
the near-miss hint; a hand's seat order is judged under its own profile."""

from __future__ import annotations

from typing import cast

import pytest

from tarockscore.errors import Collector, HandError
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.words import Reader

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]

# The fourteen keys of a hand file (docs/hand-format.md), in the sorted order the message lists them.
HAND_KEYS_SHOWN = (
    "'bonus', 'called_king', 'card_points', 'conceded', 'contract', 'declarer', "
    "'defender_card_points', 'huettenfleck', 'king_half', 'kontra', 'partner', 'players', 'profile', "
    "'renonce', 'won'"
)


def test_a_table_whose_every_key_was_asked_for_has_no_problem() -> None:
    problems = Collector()
    r = Reader({"a": 1, "b": "x"}, "t", problems)
    r.number("a")
    r.text("b")
    r.raw("c")  # asked for but absent: allowed, not required
    r.finish()
    assert problems.problems == []


def test_an_unknown_key_lists_the_keys_asked_for_and_the_extra_ones() -> None:
    problems = Collector()
    r = Reader({"a": 1, "bee": 2, "zzz": 3}, "t", problems)
    r.number("a")
    r.raw("be")
    r.finish(known_extra=["q"])
    assert [(p.where, p.message) for p in problems.problems] == [
        ("t.bee", "unknown key; allowed here: 'a', 'be', 'q' (did you mean 'be'?)"),
        ("t.zzz", "unknown key; allowed here: 'a', 'be', 'q'"),
    ]


def test_a_misspelt_hand_key_is_named_with_every_hand_key_and_a_hint() -> None:
    hand: HandInput = {"players": PLAYERS, "contract": "rufer", "declarer": "Anna", "partner": "Bert"}
    with pytest.raises(HandError) as info:
        parse_hand(cast(HandInput, {**hand, "card_point": 40}), load_profile("koenigrufen"))
    shown = [(p.where, p.message) for p in info.value.problems if p.where == "card_point"]
    assert shown == [
        ("card_point", f"unknown key; allowed here: {HAND_KEYS_SHOWN} (did you mean 'card_points'?)")
    ]


def test_the_keys_a_hand_is_given_with_are_the_keys_it_is_read_with() -> None:
    """The typed hand input names every key of a hand file, and only those: the keys the parse
    lists as allowed; so does the input of a bonus."""
    assert HAND_KEYS_SHOWN == ", ".join(repr(k) for k in sorted(HandInput.__annotations__))
    assert sorted(BonusInput.__annotations__) == [
        "announced",
        "caught_by",
        "kontra",
        "lost_by",
        "made",
        "name",
        "side",
    ]


def test_an_unknown_key_of_a_bonus_is_named_with_the_bonus_keys() -> None:
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Bert",
        "card_points": 40,
    }
    bonus = cast(BonusInput, {"name": "pagat", "side": "declarers", "maed": True})
    with pytest.raises(HandError) as info:
        parse_hand({**hand, "bonus": [bonus]}, load_profile("koenigrufen"))
    shown = [(p.where, p.message) for p in info.value.problems if p.where == "bonus[0].maed"]
    assert shown == [
        (
            "bonus[0].maed",
            "unknown key; allowed here: 'announced', 'caught_by', 'kontra', 'lost_by', 'made', 'name', 'side' (did you mean 'made'?)",
        )
    ]


# -- a seat order -----------------------------------------------------------------


def _seat_problems(players: list[str], profile: str) -> list[tuple[str, str]]:
    hand: HandInput = {"players": players, "contract": "trischaken", "card_points": dict.fromkeys(players, 0)}
    with pytest.raises(HandError) as info:
        parse_hand(hand, load_profile(profile))
    return [(p.where, p.message) for p in info.value.problems if p.where == "players"]


def test_a_seat_order_is_judged_alike_each_time_and_under_its_own_profile() -> None:
    five = ["Anna", "Bert", "Cilli", "Dani", "Edi"]
    expected = [("players", "5 names given; 'koenigrufen' is played by 4")]
    assert _seat_problems(five, "koenigrufen") == expected
    assert _seat_problems(five, "koenigrufen") == expected
    assert _seat_problems(five, "zwanzigerrufen") == [
        ("players", "5 names given; 'zwanzigerrufen' is played by 4")
    ]
    assert _seat_problems(["Anna", "Bert", "Anna", "Dani"], "koenigrufen") == [
        ("players", "'Anna' named twice")
    ]
    assert _seat_problems(["Anna", "Bert", "ANNA", "Dani"], "koenigrufen") == [
        ("players", "'ANNA', 'Anna' differ only by case: names are matched in any case")
    ]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Anna\u2028", "'Anna\\u2028': a name cannot hold U+2028 (LINE SEPARATOR)"),
        ("An=na", "'An=na': a name cannot hold a comma, '=' or ';'"),
        (" Anna", "' Anna': a name cannot be empty or start or end with a space"),
    ],
)
def test_a_hands_players_meet_the_rules_of_names(name: str, said: str) -> None:
    """The names a hand seats are held to the rules a table's names meet at `new`."""
    hand: HandInput = {"players": [name, "Bert", "Cilli", "Dani"], "contract": "rufer"}
    hand |= {"declarer": "Bert", "partner": "Dani", "card_points": 40}
    with pytest.raises(HandError) as info:
        parse_hand(hand, load_profile("koenigrufen"))
    assert [(p.where, p.message) for p in info.value.problems] == [("players", said)]
