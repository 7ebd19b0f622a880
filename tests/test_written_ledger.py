"""What a change leaves in the ledger file (docs/ledger-format.md, "The whole document is written
at once"): the ledger meant, read back value for value; the file as tomli-w lays out those values;
every top-level part (``[table]``, a ``[[hand]]``, an audit entry, ``[profile]``) whose value did
not change byte for byte as it was, so that a record adds its hand, changes the digest line and
nothing else; and the same bytes whatever layout the file read was in (a file edited by hand is
written in tarockscore's layout again).

The expected Victory Points: a Rufer (Call) under ``koenigrufen`` is worth 1 to each winner
(Simplified Scoring: losers add nothing, ``contracts.rufer.value = 1``); the declarer side needs
35 2/3 of the 70 card points (docs/rules/koenigrufen.md §1.3).
"""

from __future__ import annotations

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
from typer.testing import CliRunner, Result

from tarockscore.cli.shell.app import app
from tarockscore.errors import TarockError
from tarockscore.files import ledger_file as F
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


# -- what a file says, read without tarockscore --------------------------------------------------

# A top-level table's header: `[table]`, `[[hand]]`, `[[audit]]`, `[profile]` (a sub-table such
# as `[hand.entry]` belongs to the part above it). tomli-w writes no multi-line string, so in its
# layout such a line is always a header.
_TOP = re.compile(r"^\[\[?[A-Za-z_]+\]\]?$", re.M)

Part = tuple[str, int]  # a top-level table's name and its place among the tables of that name


def _parts(text: str) -> tuple[str, dict[Part, str]]:
    """The text before the first table, and the text of each top-level table with its sub-tables."""
    starts = [m.start() for m in _TOP.finditer(text)]
    out: dict[Part, str] = {}
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        chunk = text[start:end]
        name = chunk.split("\n", 1)[0].strip("[]")
        out[(name, sum(1 for n, _i in out if n == name))] = chunk
    return text[: starts[0]] if starts else text, out


def _value(chunk: str) -> Any:
    return tomllib.loads(chunk)


def _same(a: str, b: str) -> bool:
    """Whether two parts hold the same values, their keys in the same order."""
    return list(_items(_value(a))) == list(_items(_value(b)))


def _items(value: Any) -> Any:
    if isinstance(value, dict):
        return [(k, _items(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_items(v) for v in value]
    return value


def _unchanged_parts_kept(old: str, new: str) -> set[Part]:
    """Assert that every part of ``new`` whose value is the one at its place in ``old`` (keys in the
    same order) is byte for byte the text it was there; the parts whose value changed, came or went."""
    _old_lead, before = _parts(old)
    _new_lead, after = _parts(new)
    changed = set(before) ^ set(after)
    for place in set(before) & set(after):
        if after[place] != before[place]:  # rewritten: only where its value changed
            assert not _same(before[place], after[place]), place
            changed.add(place)
    return changed


def _tomli_ws_layout(text: str) -> bool:
    """Whether the file is the two comment lines of its header, then what tomli-w writes for its values."""
    return text == F.HEADER + tomli_w.dumps(tomllib.loads(text))


def _in_tomli_ws_layout(text: str) -> None:
    assert _tomli_ws_layout(text)


def _written(path: Path, change: Callable[[Ledger], Ledger], read_in_layout: bool | None = None) -> str:
    """``change`` applied and written; asserted: the file reads back as the ledger meant, sealed,
    in tomli-w's layout, and, where the file read was in that layout too, every part whose value
    did not change kept as it was. ``read_in_layout``: whether it was, where already known."""
    before = F.read(path)
    meant = change(before.ledger)
    F.update(path, change)
    text = path.read_text(encoding="utf-8")
    after = F.read(path)
    assert after.ledger == meant
    assert F.sealed(after)
    _in_tomli_ws_layout(text)
    if read_in_layout if read_in_layout is not None else _tomli_ws_layout(before.text):
        _unchanged_parts_kept(before.text, text)
    return text


# -- each command: the parts it changes, and no other ------------------------------------------

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def _digest_out(lead: str) -> str:
    return re.sub(r'(?m)^digest = "[0-9a-f]{64}"$', "digest = …", lead)


# (the command, the parts whose value it changes or adds or removes, whether the text before the
# first table changes beyond the digest). Three hands recorded before: Anna with Cilli 30 (lost),
# Bert with Dani 40 (won), Cilli with Anna 50 (won); no Radl under koenigrufen.
COMMANDS: list[tuple[list[str], set[Part], bool]] = [
    (["record", "-c", "rufer", "-d", "Dani", "-w", "Bert", "-t", "36"], {("hand", 3)}, False),
    # hand 2 corrected: its part changes, an audit entry comes; hands 1 and 3 stay as they were
    (
        ["replace", "2", "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "20"],
        {("hand", 1), ("audit", 0)},
        False,
    ),
    # hand 2 deleted: hand 3 moves up to number 2 (keeping its id 3), so it is rewritten
    (["delete", "2", "--yes"], {("hand", 1), ("hand", 2), ("audit", 0)}, False),
    (["undo"], {("hand", 2), ("audit", 0)}, False),
    # a Radl mark is stored in the text before the first table (an inline array)
    (["radl", "add"], {("audit", 0)}, True),
]


@pytest.mark.parametrize(
    ("command", "changes", "lead_changes"), COMMANDS, ids=[" ".join(c[:2]) for c, _p, _l in COMMANDS]
)
def test_a_command_rewrites_only_the_parts_it_changes(
    tmp_path: Path, command: list[str], changes: set[Part], lead_changes: bool
) -> None:
    path = tmp_path / "evening.toml"
    assert run("new", "-p", ",".join(FOUR), "--stake", "0.10", "--ledger", str(path)).exit_code == 0
    for declarer, partner, points in (
        ("Anna", "Cilli", "30"),
        ("Bert", "Dani", "40"),
        ("Cilli", "Anna", "50"),
    ):
        done = run(
            "record", "-c", "rufer", "-d", declarer, "-w", partner, "-t", points, "--ledger", str(path)
        )
        assert done.exit_code == 0, done.stderr
    old = path.read_text(encoding="utf-8")
    done = run(*command, "--ledger", str(path))
    assert done.exit_code == 0, done.stderr
    new = path.read_text(encoding="utf-8")
    assert _unchanged_parts_kept(old, new) == changes
    old_lead, _ = _parts(old)
    new_lead, _ = _parts(new)
    assert new_lead != old_lead  # the digest is of the new content
    assert (_digest_out(new_lead) != _digest_out(old_lead)) == lead_changes
    _in_tomli_ws_layout(new)
    assert run("check", "--ledger", str(path)).exit_code == 0


def test_a_recorded_hand_is_its_own_part_and_reads_back_as_entered(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    _evening(path, 3)
    old = path.read_text(encoding="utf-8")
    done = run("record", "-c", "rufer", "-d", "Dani", "-w", "Bert", "-t", "36", "--ledger", str(path))
    assert done.exit_code == 0, done.stderr
    new = path.read_text(encoding="utf-8")
    _lead, after = _parts(new)
    hand = _value(after[("hand", 3)])["hand"][0]
    assert hand["number"] == 4
    assert {k: hand["entry"][k] for k in ("contract", "declarer", "partner", "card_points")} == {
        "contract": "rufer",
        "declarer": "Dani",
        "partner": "Bert",
        "card_points": 36,
    }
    # 36 of 70 is more than the 35 2/3 needed: Dani and Bert win the Call, 1 each
    assert hand["result"]["won"] is True
    assert hand["result"]["victory_points"] == {"Anna": 0, "Bert": 1, "Cilli": 0, "Dani": 1}
    # every part of the old text is in the new one as it was
    _old_lead, before = _parts(old)
    assert [after[p] for p in before] == list(before.values())


# -- a write's file, after any change --------------------------------------------------------------


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
def test_every_write_reads_back_as_meant_in_tomli_ws_layout(
    tmp_path: Path, change: Callable[[Ledger], Ledger]
) -> None:
    # Then further writes on top of it (hands after a delete have ids that differ from their
    # numbers, audit entries and Radl marks pile up, doubled hands are recorded).
    path = tmp_path / "l.toml"
    _evening(path)
    for step in (change, _next, lambda led: set_radl(led, 2, AT), lambda led: strike_radl(led, 1, AT), _next):
        _written(path, step)
    text = path.read_text(encoding="utf-8")
    assert "[[audit]]" in text and ("radl = [" in text or "[[radl]]" in text)
    assert "radl = 2\n" in text  # the last hand was doubled (profile radl.factor defaults to 2)


# -- the same bytes whatever the layout of the file read ---------------------------------------

# Edits by hand that keep every value (so the digest still holds) and change only the layout.
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

OTHER_LAYOUTS = [
    *HAND_EDITS,
    (
        "inline arrays",
        lambda t: t.replace(
            'players = [\n    "Anna",\n    "Bert",\n    "Cilli",\n    "Dani",\n]',
            'players = ["Anna","Bert","Cilli","Dani"]',
        ),
    ),
    ("a comment at the end", lambda t: t + "# checked by Anna\n"),
]

TWIN_CHANGES: list[tuple[str, Callable[[Ledger], Ledger]]] = [
    ("record", _next),
    ("undo", lambda led: undo(led, AT)),
    ("delete the first hand", lambda led: delete(led, 1, AT)),
]


def _twins(folder: Path, hands: int = 4) -> tuple[Path, Path]:
    """Two copies of one evening, byte for byte."""
    folder.mkdir()
    plain, edited = folder / "plain.toml", folder / "edited.toml"
    _evening(plain, hands)
    edited.write_bytes(plain.read_bytes())
    return plain, edited


@pytest.mark.parametrize("edit", [e for _n, e in OTHER_LAYOUTS], ids=[n for n, _e in OTHER_LAYOUTS])
def test_a_file_edited_into_another_layout_is_written_as_if_it_had_not_been(
    tmp_path: Path, edit: Callable[[str], str]
) -> None:
    for name, change in TWIN_CHANGES:
        plain, edited = _twins(tmp_path / name.replace(" ", "_"))
        text = edited.read_text(encoding="utf-8")
        assert edit(text) != text
        assert tomllib.loads(edit(text)) == tomllib.loads(text)  # the same values: its digest still holds
        edited.write_text(edit(text), encoding="utf-8")
        _written(plain, change)
        _written(edited, change)
        assert edited.read_bytes() == plain.read_bytes(), name  # the edit's layout gone
        done = run("check", "--ledger", str(edited))
        assert done.exit_code == 0, done.output


# Values a file may hold other than as tarockscore writes them, and still read the same: an `id`
# equal to the hand's number (written only where they differ), a `radl` of 1 left out (its default).
SAME_VALUES: list[tuple[str, Callable[[str], str]]] = [
    ("an id equal to the number", lambda t: t.replace("number = 2\n", "number = 2\nid = 2\n")),
    (
        "radl = 1 left out",
        lambda t: t.replace("won = false\nradl = 1\n", "won = false\n", 1).replace(
            "won = true\nradl = 1\n", "won = true\n", 1
        ),
    ),
]


@pytest.mark.parametrize("edit", [e for _n, e in SAME_VALUES], ids=[n for n, _e in SAME_VALUES])
def test_a_hand_stored_in_other_words_is_written_as_tarockscore_writes_it(
    tmp_path: Path, edit: Callable[[str], str]
) -> None:
    for name, change in TWIN_CHANGES:
        plain, edited = _twins(tmp_path / name.replace(" ", "_"), 3)
        text = edited.read_text(encoding="utf-8")
        assert edit(text) != text
        edited.write_text(edit(text), encoding="utf-8")
        assert F.sealed(F.read(edited))  # read as the same ledger
        _written(plain, change)
        F.update(edited, change)
        assert edited.read_bytes() == plain.read_bytes(), name


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
def test_any_evening_with_any_names_reads_back_as_meant(data: st.DataObject) -> None:
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
            _written(path, change, read_in_layout=True)  # tarockscore wrote every file read here
        except TarockError:
            if kind != "strike":
                raise
            continue  # striking a Radl when none is pending is refused, and writes nothing
