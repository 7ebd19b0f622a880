"""A write renders only the parts of the ledger that changed and takes the others from the file
just read: the text must be byte for byte tomli-w's rendering of the whole ledger whenever the
file read is tarockscore's own, and must read back as the new ledger whatever the file read
looked like."""

from __future__ import annotations

import json
import re
import tempfile
import tomllib
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any, cast

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.errors import TarockError
from tarockscore.files import ledger_file as F
from tarockscore.files import ledger_text
from tarockscore.files.ledger_codec import ledger_to_mapping
from tarockscore.files.ledger_seal import ledger_digest
from tarockscore.files.profile_file import load_profile
from tarockscore.ledger.deal import next_deal
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.operations import delete, record, replace_hand, set_radl, strike_radl, undo
from tarockscore.ledger.table import new_ledger
from tarockscore.rules.hand import HandInput
from tests.strategies import PLAYERS, hands

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]


def _next(led: Ledger, points: int = 40) -> Ledger:
    d = next_deal(led)
    hand: HandInput = {
        "contract": "rufer",
        "declarer": d.players[0],
        "partner": d.players[2],
        "card_points": points,
    }
    return record(led, hand, AT)


def _evening(path: Path, hands: int = 5) -> None:
    F.create(path, new_ledger(FOUR, load_profile("koenigrufen"), created=AT, stake=Decimal("0.10")))
    for i in range(hands):
        F.update(path, partial(_next, points=30 + 5 * i))


def _whole(path: Path) -> str:
    led = F.read(path).ledger
    return F.HEADER + tomli_w.dumps(ledger_to_mapping(led, ledger_digest(led)))


def _replace_third(led: Ledger) -> Ledger:
    d = next_deal(led)
    hand: HandInput = {
        "contract": "rufer",
        "declarer": d.players[1],
        "partner": d.players[3],
        "card_points": 61,
    }
    return replace_hand(led, 3, hand, AT)


CHANGES: list[tuple[str, Callable[[Ledger], Ledger]]] = [
    ("record", _next),
    ("replace a hand in the middle", _replace_third),
    ("delete a hand in the middle", lambda led: delete(led, 2, AT)),
    ("undo the last hand", lambda led: undo(led, AT)),
    ("set a Radl", lambda led: set_radl(led, None, AT)),
]


@pytest.mark.parametrize("change", [c for _n, c in CHANGES], ids=[n for n, _c in CHANGES])
def test_every_write_is_the_whole_rendering(tmp_path: Path, change: Callable[[Ledger], Ledger]) -> None:
    # After each change the file is what tomli-w writes for the whole ledger; then further
    # writes on top of it (hands after a delete have ids that differ from their numbers, audit
    # entries and Radl marks pile up) stay so.
    path = tmp_path / "l.toml"
    _evening(path)
    for step in (change, _next, lambda led: set_radl(led, 2, AT), lambda led: strike_radl(led, 1, AT), _next):
        F.update(path, step)
        assert path.read_text(encoding="utf-8") == _whole(path)
    text = path.read_text(encoding="utf-8")
    assert "[[audit]]" in text and ("radl = [" in text or "[[radl]]" in text)


def _mappings(path: Path) -> list[dict[str, Any]]:
    """The mappings of a ledger as it grows and is corrected, written by tarockscore each time."""
    out = []
    for change in (
        _next,
        _next,
        _replace_third,
        lambda led: delete(led, 1, AT),
        lambda led: set_radl(led, 3, AT),
    ):
        F.update(path, change)
        led = F.read(path).ledger
        out.append(ledger_to_mapping(led, ledger_digest(led)))
    return out


def test_the_parts_rendered_alone_and_joined_are_the_whole_rendering(tmp_path: Path) -> None:
    path = tmp_path / "l.toml"
    _evening(path, 3)
    for mapping in _mappings(path):
        lead, tables = ledger_text.layout(mapping)
        joined = tomli_w.dumps(lead) + "".join(
            ("\n" if i or lead else "") + ledger_text.render_part(name, aot, value)
            for i, (name, aot, value) in enumerate(tables)
        )
        assert joined == tomli_w.dumps(mapping)
        assert [name for name, _a, _v in tables][-1] == "profile"
        # with every part taken from an earlier file whose values were all different, or none
        assert ledger_text.render(F.HEADER, mapping, None) == F.HEADER + tomli_w.dumps(mapping)


def test_an_element_that_alone_fits_on_a_line_is_rendered_as_a_table_in_a_table_array() -> None:
    short, long = {"a": 1}, {"a": 1, "b": "x" * 120}
    mapping = {"schema": 1, "audit": [short, long, short], "radl": [short]}
    lead, tables = ledger_text.layout(mapping)
    assert lead == {"schema": 1, "radl": [short]}  # every element fits: written inline
    assert [(n, aot) for n, aot, _v in tables] == [("audit", True)] * 3
    old = F.HEADER + tomli_w.dumps({"schema": 1, "audit": [long, long, short]})
    assert ledger_text.canonical(old, len(F.HEADER))
    text = ledger_text.render(F.HEADER, mapping, (old, tomllib.loads(old)))
    assert text == F.HEADER + tomli_w.dumps(mapping)


HAND_EDITS: list[tuple[str, Callable[[str], str]]] = [
    (
        "keys reordered",
        lambda t: t.replace(
            'number = 2\nrecorded = "2025-03-14T20:00:00+01:00"\n',
            'recorded = "2025-03-14T20:00:00+01:00"\nnumber = 2\n',
        ),
    ),
    ("extra blank lines", lambda t: t.replace("\n[[hand]]\nnumber = 2\n", "\n\n\n[[hand]]\nnumber = 2\n\n")),
    ("a comment", lambda t: t.replace("[[hand]]\nnumber = 2\n", "[[hand]]  # a good one\nnumber = 2\n")),
    ("spacing", lambda t: t.replace("card_points = 35\n", "card_points   =   35\n")),
    (
        "a literal string",
        lambda t: re.sub(r'declarer = "(\w+)"', r"declarer = '\1'", t, count=1),
    ),
]


@pytest.mark.parametrize("edit", [e for _n, e in HAND_EDITS], ids=[n for n, _e in HAND_EDITS])
def test_a_file_edited_by_hand_is_written_whole_and_reads_back(
    tmp_path: Path, edit: Callable[[str], str]
) -> None:
    path = tmp_path / "l.toml"
    _evening(path, 4)
    text = path.read_text(encoding="utf-8")
    edited = edit(text)
    assert edited != text
    assert tomllib.loads(edited) == tomllib.loads(text)  # the same content, so its digest still holds
    path.write_text(edited, encoding="utf-8")
    expected = _next(F.read_trusted(path).ledger)
    F.update(path, _next)
    written = path.read_text(encoding="utf-8")
    assert F.read(path).ledger == expected
    assert tomllib.loads(written) == ledger_to_mapping(expected, ledger_digest(expected))
    assert written == _whole(path)  # tarockscore's own layout again, the edit's layout gone
    done = CliRunner().invoke(app, ["check", "--ledger", str(path)])
    assert done.exit_code == 0, done.output


def test_a_mapping_taken_from_the_file_read_is_the_one_built(tmp_path: Path) -> None:
    # Hands are taken from the mapping the file parsed to only where it is the very table the
    # codec builds: a stored `id` equal to the number, or a missing `radl`, is built anew.
    path = tmp_path / "l.toml"
    _evening(path, 3)
    text = path.read_text(encoding="utf-8")
    for edited in (
        text,
        text.replace("number = 2\n", "number = 2\nid = 2\n"),
        text.replace("won = false\nradl = 1\n", "won = false\n", 1).replace(
            "won = true\nradl = 1\n", "won = true\n", 1
        ),
    ):
        data = tomllib.loads(edited)
        snap = F.parse(edited, "x")
        for led in (snap, _next(snap), undo(snap, AT), delete(snap, 1, AT)):
            taken = ledger_to_mapping(led, "d", (snap, data))
            built = ledger_to_mapping(led, "d")
            assert taken == built
            assert json.dumps(taken) == json.dumps(built)  # the same keys in the same order


# -- any evening, any names: a property ----------------------------------------------------------

# Names and places that TOML must quote or escape: a quote, a backslash, a dot (a key with a dot
# is quoted), letters beyond ASCII, a space inside. (A tab or any other character a terminal
# does not show as text is refused in a name and a place.)
TRICKY_NAMES = ['Ann"a', "B\\ert", "Cil.li", "Dani Ö", "Émile", "Straße", "Zoë", "Q"]


def _seated(mapping: HandInput, deal: tuple[str, ...]) -> HandInput:
    """A hand drawn for the seats Anna, Bert, Cilli, Dani, played by ``deal`` instead."""
    names = dict(zip(PLAYERS, deal, strict=True))

    def move(value: Any) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, dict):
            return {names.get(k, k): move(v) for k, v in value.items()}
        if isinstance(value, list):
            return [move(v) for v in value]
        return value

    return cast(HandInput, {k: move(v) for k, v in mapping.items()})


@st.composite
def _steps(draw: st.DrawFn) -> list[tuple[str, Any]]:
    """A few corrections and records, in any order."""
    kinds = st.sampled_from(["record", "record", "record", "undo", "delete", "replace", "radl", "strike"])
    return [(k, draw(st.integers(1, 6))) for k in draw(st.lists(kinds, min_size=2, max_size=7))]


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_any_evening_with_any_names_is_written_as_the_whole_rendering(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        _any_evening(Path(folder) / "evening.toml", data)


def _any_evening(path: Path, data: st.DataObject) -> None:
    profile = load_profile(data.draw(st.sampled_from(["koenigrufen", "ooe-2023", "zwanzigerrufen"])))
    seats = data.draw(st.lists(st.sampled_from(TRICKY_NAMES), min_size=4, max_size=5, unique=True))
    place = data.draw(st.sampled_from([None, 'Café "Zum Tarock"', "Gasthaus\\Wirt", "Linz [Hbf] = 1"]))
    F.create(path, new_ledger(seats, profile, created=AT, place=place, stake=Decimal("0.10")))

    def one_hand(led: Ledger) -> HandInput:
        return _seated(data.draw(hands(profile)), next_deal(led).players)

    for kind, k in data.draw(_steps()):
        led = F.read(path).ledger
        n = len(led.hands)
        change: Callable[[Ledger], Ledger]
        if kind == "record" or n == 0:
            change = partial(record, mapping=one_hand(led), at=AT)
        elif kind == "undo":
            change = partial(undo, at=AT)
        elif kind == "delete":
            change = partial(delete, number=1 + k % n, at=AT)
        elif kind == "replace":
            number = 1 + k % n
            players = led.hands[number - 1].hand.players
            drawn = _seated(data.draw(hands(profile)), players)
            change = partial(replace_hand, number=number, mapping=drawn, at=AT)
        elif kind == "radl":
            change = partial(set_radl, hands=k, at=AT)
        else:
            change = partial(strike_radl, hands=1, at=AT)
        try:
            F.update(path, change)
        except TarockError:
            if kind != "strike":
                raise
            continue  # striking a Radl when none is pending is refused, and writes nothing
        text = path.read_text(encoding="utf-8")
        assert text == _whole(path)
        assert F.sealed(F.read(path))
