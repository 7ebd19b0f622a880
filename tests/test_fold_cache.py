"""The fold cache's kept fold: a read that takes it gives exactly the evening and chain a whole
read gives, and a ledger changed outside tarockscore, or a kept fold that is damaged, stale or
of other bytes, is never trusted (docs/ledger-format.md, "A fold cache").

The hands are Rufer hands under profiles/koenigrufen.toml, recorded as a scorekeeper would.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tarockscore.api.evening import Evening
from tarockscore.errors import LedgerError
from tarockscore.files import fold_cache, ledger_file
from tarockscore.rules.hand import HandInput

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]
RUFER: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}
DREIER: HandInput = {"contract": "dreier", "declarer": "Bert", "card_points": 40}


@pytest.fixture
def evening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Evening:
    monkeypatch.setenv(fold_cache.CACHE_ENV, str(tmp_path / "cache"))
    night = Evening.begin(tmp_path / "night.toml", FOUR, at=AT).evening
    for points in (40, 60, 50, 40, 20):
        night.record({"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": points}, AT)
    night.read()  # a whole read keeps the fold
    return night


def _folds(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").glob("*.fold"))


def _whole(path: Path) -> ledger_file.Snapshot:
    return ledger_file.read(path)  # never takes the kept fold


def test_a_kept_fold_reads_as_the_whole_log(evening: Evening, tmp_path: Path) -> None:
    assert len(_folds(tmp_path)) == 1
    evening.record(DREIER, AT)  # a record adds to the file after the kept fold
    evening.record(RUFER, AT)
    kept = evening.read()
    whole = _whole(evening.path)
    assert kept.ledger == whole.ledger
    assert (kept.head, kept.size, kept.sha256) == (whole.head, whole.size, whole.sha256)
    assert kept.chain is not None and whole.chain is not None
    assert kept.chain.kept() == whole.chain.kept()


def test_a_correction_keeps_the_fold_it_leaves(evening: Evening, tmp_path: Path) -> None:
    evening.delete(2, at=AT)
    evening.replace(1, DREIER, at=AT)
    kept = evening.read()
    assert kept.ledger == _whole(evening.path).ledger
    assert [e.id for e in kept.ledger.hands] == [1, 3, 4, 5]
    assert kept.ledger.hands[0].keys["contract"] == "dreier"


def test_a_hand_changed_outside_tarockscore_is_still_named(evening: Evening) -> None:
    text = evening.path.read_text("utf-8")
    assert text.count("card_points = 60") == 1
    evening.path.write_text(text.replace("card_points = 60", "card_points = 61"), "utf-8")
    with pytest.raises(LedgerError, match="hand 2 was changed outside tarockscore"):
        evening.read()


def test_an_entry_appended_by_hand_is_still_caught(evening: Evening) -> None:
    text = evening.path.read_text("utf-8")
    last = text[text.rindex("\n[[event]]") :]
    evening.path.write_text(text + last, "utf-8")  # the last entry again: it does not chain on
    with pytest.raises(LedgerError, match="removed or changed outside tarockscore"):
        evening.read()


@pytest.mark.parametrize("damage", ["flip", "cut", "empty", "garbage"])
def test_a_damaged_fold_is_no_fold(evening: Evening, tmp_path: Path, damage: str) -> None:
    [kept] = _folds(tmp_path)
    data = kept.read_bytes()
    broken = {
        "flip": data[:-1] + bytes([data[-1] ^ 1]),
        "cut": data[: len(data) // 2],
        "empty": b"",
        "garbage": b"\x00" * 32 + b"not marshal",
    }[damage]
    kept.write_bytes(broken)
    assert evening.read().ledger == _whole(evening.path).ledger


def test_a_fold_of_other_bytes_is_not_taken(evening: Evening, tmp_path: Path) -> None:
    """A ledger with the same header but other hands (a copy recorded on differently) never
    takes the fold kept for the first."""
    other = tmp_path / "copy.toml"
    text = evening.path.read_text("utf-8")
    cut = text.index("\n[[event]]", text.index("\n[[event]]") + 1)
    other.write_text(text[:cut] + "\n", "utf-8")  # the header and the first hand only
    copy = Evening(other)
    assert len(copy.read().ledger.hands) == 1
    assert len(evening.read().ledger.hands) == 5
