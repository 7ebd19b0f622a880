"""Reading stored keys quickly changes nothing a user sees: the unknown-key messages name every
key allowed where they stand, with the near-miss hint, whichever way the reader found them."""

from __future__ import annotations

import pytest

from tarockscore.errors import Collector, HandError
from tarockscore.files.profile_file import load_profile
from tarockscore.rules.hand_parser import parse_hand
from tarockscore.rules.reader import Reader

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]

# The fourteen keys of a hand file (docs/hand-format.md), in the sorted order the message lists them.
HAND_KEYS_SHOWN = (
    "'bonus', 'called_king', 'card_points', 'conceded', 'contract', 'declarer', "
    "'defender_card_points', 'huettenfleck', 'kontra', 'partner', 'players', 'profile', "
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
    hand = {"players": PLAYERS, "contract": "rufer", "declarer": "Anna", "partner": "Bert"}
    with pytest.raises(HandError) as info:
        parse_hand({**hand, "card_point": 40}, load_profile("koenigrufen"))
    shown = [(p.where, p.message) for p in info.value.problems if p.where == "card_point"]
    assert shown == [
        ("card_point", f"unknown key; allowed here: {HAND_KEYS_SHOWN} (did you mean 'card_points'?)")
    ]


def test_an_unknown_key_of_a_bonus_is_named_with_the_bonus_keys() -> None:
    hand = {"players": PLAYERS, "contract": "rufer", "declarer": "Anna", "partner": "Bert", "card_points": 40}
    bonus = {"name": "pagat", "side": "declarers", "maed": True}
    with pytest.raises(HandError) as info:
        parse_hand({**hand, "bonus": [bonus]}, load_profile("koenigrufen"))
    shown = [(p.where, p.message) for p in info.value.problems if p.where == "bonus[0].maed"]
    assert shown == [
        (
            "bonus[0].maed",
            "unknown key; allowed here: 'announced', 'kontra', 'made', 'name', 'side' (did you mean 'made'?)",
        )
    ]
