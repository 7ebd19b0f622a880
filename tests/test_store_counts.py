"""How often the store scores and reads a hand: a recorded hand is scored once (its check is the
entry read back), and a correction scores the evening once as it reads it (every read scores each
hand again, docs/ledger-format.md, "The sheet is the rules"), then only the hands whose result it
moves.

The hands are Rufer hands under profiles/koenigrufen.toml, which arms no Radl by itself
(``radl.events = []``): deleting or replacing one hand moves no other hand's Radl factor, so no
other hand's result can change (docs/rules/koenigrufen.md §8, the Radl's cited source).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tarockscore.evening import fold, operations
from tarockscore.evening.evening import Evening
from tarockscore.rules import parse as hand_parser
from tarockscore.rules.hand import HandInput
from tests.stored import stored_hands

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]
RUFER: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}
DREIER: HandInput = {"contract": "dreier", "declarer": "Bert", "card_points": 40}


class Counted:
    """Every call of the scorer (in each module that scores) and of the hand parser, counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.scored = 0
        self.parsed = 0
        for module in (operations, fold):
            monkeypatch.setattr(module, "score_hand", self._counting(module.score_hand, "scored"))
        parsing = self._counting(hand_parser.parse_hand, "parsed")
        monkeypatch.setattr(hand_parser, "parse_hand", parsing)
        for module_name in ("tarockscore.evening.model", "tarockscore.evening.operations"):
            monkeypatch.setattr(f"{module_name}.parse_hand", parsing)  # each module's own name for it

    def _counting(self, fn: Callable[..., Any], name: str) -> Callable[..., Any]:
        def inner(*args: Any, **kwargs: Any) -> Any:
            setattr(self, name, getattr(self, name) + 1)
            return fn(*args, **kwargs)

        return inner


@pytest.fixture
def five(tmp_path: Path) -> Iterator[Evening]:
    evening = Evening.begin(tmp_path / "night.toml", FOUR, at=AT).evening
    for _ in range(5):
        evening.record(RUFER, AT)
    yield evening


def test_a_recorded_hand_is_scored_once(five: Evening, monkeypatch: pytest.MonkeyPatch) -> None:
    count = Counted(monkeypatch)
    five.record(RUFER, AT)
    assert count.scored == 5 + 1  # the 5 hands as read (the sheet is the rules), then the new one once
    # the new hand is read twice: as given, and as its entry reads back; before it, the log is
    # folded, each earlier hand read once
    assert count.parsed == 2 + 5
    assert len(stored_hands(five.path)) == 6


def test_a_correction_scores_only_the_hand_it_changes(five: Evening, monkeypatch: pytest.MonkeyPatch) -> None:
    count = Counted(monkeypatch)
    five.delete(2, AT)
    assert count.scored == 5  # the 5 hands as read; no Radl moved: every other result stands
    count.scored = 0
    five.replace(3, DREIER, AT)
    assert count.scored == 4 + 2  # the 4 hands as read; the replaced hand, and its check as it folds back
    assert [h["id"] for h in stored_hands(five.path)] == [1, 3, 4, 5]
