"""The read-back before a ledger is written (docs/ledger-format.md, "The whole document is
written at once"): the new text must read as exactly the ledger meant, or nothing is written.

A fault is injected where the text is rendered, as ``os.replace`` and ``fsync`` are made to fail
in test_ledger_file.py: each test garbles the rendered text in one way and expects the write
refused with its message and the old file left byte for byte as it was. The garblings include
the ones a part-by-part read-back could miss: a changed hand that was already in the file, a
table slipped into a hand, a hand twice or missing, a key missing before the first table, a
multi-line string with a line that looks like a table's header."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tarockscore.errors import LedgerError
from tarockscore.files import ledger_file as F
from tarockscore.files import ledger_text
from tarockscore.files.profile_file import load_profile
from tarockscore.ledger.deal import next_deal
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.operations import record
from tarockscore.ledger.table import new_ledger

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]


def _next(led: Ledger) -> Ledger:
    d = next_deal(led)
    return record(
        led, {"contract": "rufer", "declarer": d.players[0], "partner": d.players[2], "card_points": 40}, AT
    )


def _three_hands(path: Path) -> None:
    F.create(path, new_ledger(FOUR, load_profile("koenigrufen"), created=AT, stake=Decimal("0.10")))
    for _ in range(3):
        F.update(path, _next)


def _garbled(monkeypatch: pytest.MonkeyPatch, garble: Callable[[str], str]) -> None:
    """The whole text as rendered is garbled before it is read back."""
    real = ledger_text.render

    def render(header: str, mapping: Any, read: Any, laid_out_from: int | None = None) -> str:
        text = real(header, mapping, read, laid_out_from)
        changed = garble(text)
        assert changed != text, "the test's garbling must change the text"
        return changed

    monkeypatch.setattr(ledger_text, "render", render)


def _without_hand_2(text: str) -> str:
    start = text.index("\n[[hand]]\nnumber = 2\n")
    return text[:start] + text[text.index("\n[[hand]]\nnumber = 3\n") :]


GARBLES = [
    pytest.param(lambda t: t.replace("number = 4\n", "number = 44\n"), id="the new hand"),
    pytest.param(lambda t: t.replace("number = 1\n", "number = 11\n"), id="a hand already in the file"),
    pytest.param(lambda t: t.replace('digest = "', 'digest = "0'), id="the digest"),
    pytest.param(
        lambda t: t.replace("[[hand]]\nnumber = 4\n", "[[hand]]\nnumber = 4\n[zzz]\n"),
        id="a table slipped into a hand",
    ),
    pytest.param(
        lambda t: t.replace("[[hand]]\nnumber = 2\n", "[[hand]]\nnumber = 2\n  [zzz]\n"),
        id="an indented table",
    ),
    pytest.param(
        lambda t: t.replace("\n[[hand]]\nnumber = 4\n", "\n[[hand]]\nnumber = 3\n[[hand]]\nnumber = 4\n", 1),
        id="a hand twice",
    ),
    pytest.param(_without_hand_2, id="a hand missing"),
    pytest.param(lambda t: t.replace("\nschema = 1\n", "\n", 1), id="a key missing before the first table"),
    pytest.param(lambda t: t.replace("\n[profile]\n", "\n[profile]\nextra = 1\n"), id="the profile"),
    pytest.param(lambda t: t.replace("[table]\n", "[table]\nextra = 1\n"), id="the table"),
    pytest.param(lambda t: t + "\n[table]\nx = 1\n", id="a table twice"),
    pytest.param(lambda t: t.replace("[profile]\n", "[[profile]]\n"), id="a table as an array"),
    # the created time now starts with a line break and a line "[[hand]]": only text, in a string
    pytest.param(
        lambda t: t.replace('created = "', 'created = """\n[[hand]]\n', 1).replace(
            '+01:00"\n', '+01:00"""\n', 1
        ),
        id="a multi-line string with a line like a table's header",
    ),
]


@pytest.mark.parametrize("garble", GARBLES)
def test_a_rendering_that_does_not_read_back_is_refused_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, garble: Callable[[str], str]
) -> None:
    path = tmp_path / "l.toml"
    _three_hands(path)
    before = path.read_bytes()
    _garbled(monkeypatch, garble)
    with pytest.raises(LedgerError) as info:
        F.update(path, _next)
    assert str(info.value) == (
        f"{path}: the rendered ledger does not read back the same (a bug in tarockscore); nothing was written"
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["l.toml"]  # no temp file, no lock file left
