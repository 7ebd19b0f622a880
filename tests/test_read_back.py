"""The read-back before a ledger is written: the rendered text must read as exactly the ledger
meant. It is parsed part by part (the text before the first table, each ``[table]``, each
``[[hand]]``); a part byte for byte as in the file just read is taken as read. Each test breaks
the rendering in one way and expects the write refused, the old file untouched."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tarockscore.errors import LedgerError, TarockError
from tarockscore.files import ledger_file as F
from tarockscore.files import ledger_text, safe_io
from tarockscore.files.ledger_codec import ledger_to_mapping
from tarockscore.files.ledger_seal import ledger_digest
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
    # The whole text as rendered (parts taken from the file read included) is garbled before
    # it is read back.
    real = ledger_text.render

    def render(header: str, mapping: Any, read: Any, laid_out_from: int | None = None) -> str:
        text = real(header, mapping, read, laid_out_from)
        changed = garble(text)
        assert changed != text, "the test's garbling must change the text"
        return changed

    monkeypatch.setattr(ledger_text, "render", render)


def test_a_record_writes_the_whole_rendering_that_reads_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    _three_hands(path)
    F.update(path, _next)
    text = path.read_text(encoding="utf-8")
    led = F.read(path).ledger
    mapping = ledger_to_mapping(led, ledger_digest(led))
    assert text == F.HEADER + tomli_w.dumps(mapping)
    assert tomllib.loads(text) == mapping
    assert len(led.hands) == 4


@pytest.mark.parametrize(
    "garble",
    [
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
            lambda t: t.replace(
                "\n[[hand]]\nnumber = 4\n", "\n[[hand]]\nnumber = 3\n[[hand]]\nnumber = 4\n", 1
            ),
            id="a hand twice",
        ),
        pytest.param(lambda t: t.replace("\n[profile]\n", "\n[profile]\nextra = 1\n"), id="the profile"),
        pytest.param(lambda t: t.replace("[table]\n", "[table]\nextra = 1\n"), id="the table"),
        pytest.param(lambda t: t + "\n[table]\nx = 1\n", id="a table twice"),
        pytest.param(lambda t: t.replace("[profile]\n", "[[profile]]\n"), id="a table as an array"),
    ],
)
def test_a_rendering_that_does_not_read_back_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, garble: Callable[[str], str]
) -> None:
    path = tmp_path / "l.toml"
    _three_hands(path)
    before = path.read_bytes()
    _garbled(monkeypatch, garble)
    with pytest.raises(LedgerError, match="does not read back the same"):
        F.update(path, _next)
    assert path.read_bytes() == before


def test_text_with_a_multi_line_string_is_read_back_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In a multi-line string a line may look like a table's header: such text is not split into
    # parts but parsed whole; a header-like line inside the string is then only text.
    path = tmp_path / "l.toml"
    _three_hands(path)
    text = path.read_text(encoding="utf-8")
    assert ledger_text.parts(text) is not None
    assert ledger_text.parts(text.replace('created = "', 'created = """\n[[hand]]\n', 1)) is None
    before = path.read_bytes()
    _garbled(
        monkeypatch,
        lambda t: t.replace('created = "', 'created = """\n[[hand]]\n', 1).replace(
            '+01:00"\n', '+01:00"""\n', 1
        ),
    )
    with pytest.raises(LedgerError, match="does not read back the same"):
        F.update(path, _next)  # the created time now starts with a line break and "[[hand]]"
    assert path.read_bytes() == before


def test_a_file_in_another_layout_is_parsed_whole_and_written_in_the_canonical_one(tmp_path: Path) -> None:
    # The same content (digest still valid) with inline arrays and other spacing: no part of the
    # new text is the same as a part of the file read, so every part is parsed back.
    path = tmp_path / "l.toml"
    _three_hands(path)
    text = path.read_text(encoding="utf-8")
    relaid = text.replace(
        'players = [\n    "Anna",\n    "Bert",\n    "Cilli",\n    "Dani",\n]',
        'players = ["Anna","Bert","Cilli","Dani"]',
    )
    relaid = relaid.replace("number = 2\n", "number   =   2\n")
    assert relaid != text
    path.write_text(relaid, encoding="utf-8")
    F.update(path, _next)
    led = F.read(path).ledger
    assert len(led.hands) == 4
    assert path.read_text(encoding="utf-8") == F.HEADER + tomli_w.dumps(
        ledger_to_mapping(led, ledger_digest(led))
    )


LEAD = "schema = 1\n\n"


@pytest.mark.parametrize(
    ("text", "mapping"),
    [
        # a table inside a hand's part: the part is the same as in the text read, but it holds more
        (LEAD + "[[hand]]\nnumber = 1\n[zzz]\nx = 1\n", {"schema": 1, "hand": [{"number": 1}]}),
        (LEAD + "[[hand]]\nnumber = 1\n  [zzz]\nx = 1\n", {"schema": 1, "hand": [{"number": 1}]}),
        # fewer parts than hands
        (LEAD + "[[hand]]\nnumber = 1\n", {"schema": 1, "hand": [{"number": 1}, {"number": 2}]}),
        # a key missing before the first table
        ("[[hand]]\nnumber = 1\n", {"schema": 1, "hand": [{"number": 1}]}),
    ],
)
def test_a_text_that_reads_as_more_or_less_than_meant_is_caught(text: str, mapping: dict[str, Any]) -> None:
    # Even where the same text was read before as a mapping that shares the parts' values.
    read = (text, tomllib.loads(text))
    assert not F.text_reads_as(text, mapping)
    assert not F.text_reads_as(text, mapping, read)
    assert F.text_reads_as(text, read[1], read)


def test_a_part_the_same_as_in_the_text_read_is_not_parsed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = "[[hand]]\nnumber = 1\n\n[[hand]]\nnumber = 2\n\n"
    old = LEAD + hands + "[table]\nx = 1\n"
    new = LEAD + hands + "[[hand]]\nnumber = 3\n\n[table]\nx = 1\n"
    mapping = {"schema": 1, "hand": [{"number": 1}, {"number": 2}, {"number": 3}], "table": {"x": 1}}
    parsed: list[str] = []
    real = safe_io.load_toml

    def load(text: str, name: str, error: type[TarockError]) -> dict[str, Any]:
        parsed.append(text)
        return real(text, name, error)

    monkeypatch.setattr(safe_io, "load_toml", load)
    assert F.text_reads_as(new, mapping, (old, tomllib.loads(old)))
    assert parsed == [LEAD, "[[hand]]\nnumber = 3\n\n"]
    parsed.clear()
    # the same text read before as other values: parsed again
    other = {"schema": 1, "hand": [{"number": 1}, {"number": 9}], "table": {"x": 1}}
    assert F.text_reads_as(new, mapping, (old, other))
    assert "[[hand]]\nnumber = 2\n\n" in parsed
