"""A change reads the ledger before it takes the lock, so that a long evening read whole (its fold
not kept) holds no other terminal up; under the lock it takes that read only where the file still
begins with the same bytes (docs/ledger-format.md, "A lock").

The hands are Rufer hands under profiles/koenigrufen.toml: a Rufer won with 40 1/3 card points is
worth 1 to the declarer and to the partner each (docs/rules/koenigrufen.md, the Rufer's base
value), with no Radl armed by the profile (``radl.events = []``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarockscore.api.evening import Evening
from tarockscore.errors import LedgerError
from tarockscore.files import fold_cache, ledger_file, ledger_log, safe_io
from tarockscore.rules.hand import HandInput

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]
RUFER: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "40 1/3"}
BERT: HandInput = {"contract": "rufer", "declarer": "Bert", "partner": "Dani", "card_points": "40 1/3"}


@pytest.fixture(params=["kept", "none"])
def cache(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """With a fold cache, and with none (``TAROCKSCORE_CACHE`` empty): the early read must serve both."""
    value = str(tmp_path / "cache") if request.param == "kept" else ""
    monkeypatch.setenv(fold_cache.CACHE_ENV, value)
    return str(request.param)


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[Evening]:
    ev = Evening.begin(tmp_path / "night.toml", FOUR, at=AT).evening
    for _ in range(3):
        ev.record(RUFER, AT)
    yield ev


class Watched:
    """Each read of the ledger's log: whether the lock was held, and after how many entries it began."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
        self.reads: list[tuple[bool, int]] = []
        lock = safe_io.lock_path(path)
        real = ledger_log.entries

        def entries(raw: bytes, name: str, after: int = 0) -> Any:
            self.reads.append((lock.exists(), raw.count(b"\n[[event]]\n", 0, after)))
            return real(raw, name, after)

        monkeypatch.setattr(ledger_log, "entries", entries)

    @property
    def locked(self) -> list[int]:
        """The entry each read under the lock began after (0: the first entry)."""
        return [count for held, count in self.reads if held]


def test_a_correction_reads_the_log_before_the_lock(
    evening: Evening, monkeypatch: pytest.MonkeyPatch, cache: str
) -> None:
    watched = Watched(monkeypatch, evening.path)
    evening.delete(2, AT)
    # the one whole read happened without the lock; under it, the same bytes were not read again
    assert watched.reads[0] == (False, 0)
    assert watched.locked == []  # under it, the same bytes were taken as read
    assert [e.id for e in evening.ledger.hands] == [1, 3]
    # two Rufer hands won by Anna and Cilli: 1 each per hand (module docstring)
    assert dict(evening.ledger.hands[-1].result.victory_points) == {
        "Anna": 1,
        "Bert": 0,
        "Cilli": 1,
        "Dani": 0,
    }


def test_a_hand_recorded_between_the_early_read_and_the_lock_is_kept(
    evening: Evening, monkeypatch: pytest.MonkeyPatch, cache: str
) -> None:
    real = ledger_file._early
    watched = Watched(monkeypatch, evening.path)

    def early(path: Path, repairing: bool = False) -> Any:
        got = real(path, repairing)
        Evening(path).record(BERT, AT)  # another terminal, while this one had not locked yet
        watched.reads.clear()  # that terminal's own reads
        return got

    monkeypatch.setattr(ledger_file, "_early", early)
    evening.delete(1, AT)
    hands = evening.ledger.hands
    assert [e.id for e in hands] == [2, 3, 4]
    assert hands[-1].keys["declarer"] == "Bert"
    # under the lock the log was read on from the early read's 3 entries, not from its beginning
    assert watched.locked == [3]
    ledger_file.verify(ledger_file.read(evening.path))  # the chain holds: nothing forged, nothing lost


def test_a_file_rewritten_between_the_early_read_and_the_lock_is_read_again(
    evening: Evening, monkeypatch: pytest.MonkeyPatch, cache: str
) -> None:
    """Hand 2 rewritten by hand after the early read: the read under the lock must not take the
    early read's evening, and the change is refused naming hand 2."""
    real = ledger_file._early
    path = evening.path

    def early(p: Path, repairing: bool = False) -> Any:
        got = real(p, repairing)
        text = path.read_text(encoding="utf-8")
        second = text.index("id = 2")
        path.write_text(text[:second] + text[second:].replace('"40 1/3"', '"50"', 1))
        return got

    monkeypatch.setattr(ledger_file, "_early", early)
    before = None
    with pytest.raises(LedgerError) as caught:
        before = path.read_bytes()
        evening.delete(3, AT)
    assert "hand 2 was changed outside tarockscore" in str(caught.value)
    assert before is not None and path.read_bytes() != before  # the rewrite stands; nothing appended
    assert path.read_bytes().count(b"\n[[event]]\n") == 3


def test_record_into_a_long_log_not_in_the_cache_reads_it_before_the_lock(
    evening: Evening, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(fold_cache.CACHE_ENV, "")
    monkeypatch.setattr(ledger_file, "_EARLY", 0)  # every log counts as long
    watched = Watched(monkeypatch, evening.path)
    evening.record(BERT, AT)
    assert watched.reads[0] == (False, 0)
    assert watched.locked == []
    assert len(evening.ledger.hands) == 4


def test_record_into_a_short_log_reads_it_once_under_the_lock(
    evening: Evening, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(fold_cache.CACHE_ENV, "")
    watched = Watched(monkeypatch, evening.path)
    evening.record(BERT, AT)
    assert watched.reads == [(True, 0)]


def test_a_closed_evening_is_refused_before_its_log_is_read(
    evening: Evening, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only ledger (docs/ledger-format.md, "A closed evening") is refused without reading
    its log first: a long closed evening answers at once."""
    watched = Watched(monkeypatch, evening.path)
    evening.path.chmod(0o444)
    try:
        with pytest.raises(LedgerError, match="read-only"):
            evening.delete(1, AT)
    finally:
        evening.path.chmod(0o644)
    assert watched.reads == []
