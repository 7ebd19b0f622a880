"""A large TOML text parsed on two cores reads exactly as ``tomllib`` reads it whole, or not at all.

The size threshold is lowered to nothing here and the machine is taken to have two cores, so
that small texts go through the two processes; a text whose halves would not join into what the
whole reads as must come back as None (the caller then parses it whole and reports the error).
"""

from __future__ import annotations

import sys
import tomllib
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.files import ledger_file as F
from tarockscore.files import parallel_parse as pp
from tarockscore.files.profile_file import load_profile
from tarockscore.ledger.deal import next_deal
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.operations import record
from tarockscore.ledger.table import new_ledger

AT = "2025-03-14T20:00:00+01:00"
FOUR = ["Anna", "Bert", "Cilli", "Dani"]


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pp, "WORTH", 0)
    monkeypatch.setattr(pp, "cores", lambda: 2)


def _whole(text: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


# Pieces of a document: ordinary top-level parts, and pieces that make the whole fail or read
# otherwise than its halves would (a table given twice, a name given both as a key and as an
# array of tables, a sub-table of an earlier part, a multi-line string holding a header line).
PIECES = [
    '[table]\nplayers = [\n    "Anna",\n    "Bert",\n]\n',
    '[[hand]]\nnumber = 1\n\n[hand.entry]\ncontract = "rufer"\n',
    "[[hand]]\nnumber = 2\n\n[hand.result.victory_points]\nAnna = 2\n",
    "[[hand]]\n",
    '[[audit]]\nwhat = "record"\n',
    '[profile]\nname = "koenigrufen"\n',
    '[table]\nplace = "twice"\n',
    "[hand]\nnumber = 3\n",
    '[hand.entry]\ncontract = "dreier"\n',
    "[[table]]\n",
    "[[profile.contracts]]\n",
    'note = """\n[[hand]]\n"""\n',
    "x = [\n[[1]]\n]\n",
    "[[hand]]\nbad = \n",
]
LEADS = ["", 'schema = 1\ndigest = "0"\n', "hand = 1\n", "hand = [{ number = 0 }]\n", "table.players = []\n"]


@settings(max_examples=200, deadline=None)
@given(lead=st.sampled_from(LEADS), pieces=st.lists(st.sampled_from(PIECES), min_size=2, max_size=9))
def test_the_halves_join_into_the_whole_or_into_nothing(lead: str, pieces: list[str]) -> None:
    text = lead + "".join("\n" + p for p in pieces)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(pp, "WORTH", 0)
        m.setattr(pp, "cores", lambda: 2)
        # no child here: the halves are parsed in this process, which decides the same
        m.setattr(pp, "_start", lambda texts: None)
        got = pp.loads_split(text)
    if got is not None:
        assert got == _whole(text)


def test_a_ledger_cut_in_two_reads_as_the_whole(tmp_path: Path, two_cores: None) -> None:
    path = tmp_path / "evening.toml"
    _evening(path, 40)
    text = path.read_text(encoding="utf-8")
    got = pp.loads_split(text)
    assert got is not None  # the child parsed the second half
    assert got == tomllib.loads(text)
    assert len(got["hand"]) == 40


def test_a_table_given_in_both_halves_is_left_to_the_whole_parse(two_cores: None) -> None:
    text = '[table]\nplace = "a"\n\n[[hand]]\nnumber = 1\n\n[[hand]]\nnumber = 2\n\n[table]\nplace = "b"\n'
    assert pp.loads_split(text) is None
    assert _whole(text) is None


def test_many_texts_come_back_in_order_each_parsed_or_none(two_cores: None) -> None:
    texts = ["a = 1\n", "not toml", "b = [\n    1,\n]\n", "[x]\ny = 'z'\n", "a = 1\na = 2\n"] * 3
    assert list(pp.loads_many(texts)) == [_whole(t) for t in texts]


@pytest.mark.parametrize(
    "broken",
    [
        {"executable": ""},
        {"executable": "/nonexistent/python"},
        {"child": "import sys\nsys.exit(3)\n"},
        {"child": "import sys\nsys.stdout.buffer.write(b'not a pickle')\n"},
        {"child": "import pickle, sys\npickle.dump([{'a': 1}], sys.stdout.buffer)\n"},
    ],
    ids=[
        "no interpreter",
        "missing interpreter",
        "child fails",
        "garbage answer",
        "not a mapping",
    ],
)
def test_a_child_that_cannot_help_leaves_its_share_to_this_process(
    monkeypatch: pytest.MonkeyPatch, two_cores: None, broken: dict[str, str]
) -> None:
    if "executable" in broken:
        monkeypatch.setattr(sys, "executable", broken["executable"])
    else:
        monkeypatch.setattr(pp, "_CHILD", broken["child"])
    texts = ["a = 1\n", "b = 2\n", "c = 3\n", "oops"]
    assert list(pp.loads_many(texts)) == [{"a": 1}, {"b": 2}, {"c": 3}, None]


def test_a_child_that_dies_after_its_first_answer_leaves_the_rest_to_this_process(
    monkeypatch: pytest.MonkeyPatch, two_cores: None
) -> None:
    monkeypatch.setattr(
        pp,
        "_CHILD",
        "import pickle, sys, tomllib\ntexts = pickle.load(sys.stdin.buffer)\n"
        "pickle.dump(tomllib.loads(texts[0]) | {'by': 'child'}, sys.stdout.buffer)\nsys.exit(1)\n",
    )
    answered = []
    answers = pp._answers

    def counted(started: Any, texts: Any) -> Any:
        answered.append(len(texts))
        return answers(started, texts)

    monkeypatch.setattr(pp, "_answers", counted)
    texts = ["a = 1\n", "b = 2\n", "c = 3\n", "oops", "d = 4\n"]
    # the child had the last four and gave only the first of them (marked, to tell it apart)
    assert list(pp.loads_many(texts, share=0.9)) == [
        {"a": 1},
        {"b": 2, "by": "child"},
        {"c": 3},
        None,
        {"d": 4},
    ]
    assert answered == [4]


def _next(led: Ledger, points: int) -> Ledger:
    d = next_deal(led)
    hand = {"contract": "rufer", "declarer": d.players[0], "partner": d.players[2], "card_points": points}
    return record(led, hand, AT)


def _evening(path: Path, hands: int) -> None:
    F.create(path, new_ledger(FOUR, load_profile("koenigrufen"), created=AT, stake=Decimal("0.10")))
    for i in range(hands):
        F.update(path, partial(_next, points=20 + i % 40))


def test_a_season_read_on_two_cores_is_the_season_read_on_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(4):
        _evening(tmp_path / f"evening-{i}.toml", 3 + i)
    (tmp_path / "broken.toml").write_text("schema = 1\n[table\n", encoding="utf-8")
    runner = CliRunner()
    one = runner.invoke(app, ["season", "--skip-bad", "--format", "json", str(tmp_path)])
    monkeypatch.setattr(pp, "WORTH", 0)
    monkeypatch.setattr(pp, "cores", lambda: 2)
    two = runner.invoke(app, ["season", "--skip-bad", "--format", "json", str(tmp_path)])
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output
    assert "broken.toml" in one.output  # the broken file's warning, in its place


def test_a_caller_that_stops_early_leaves_no_child_running(
    monkeypatch: pytest.MonkeyPatch, two_cores: None
) -> None:
    children = []
    start = pp._start

    def remembered(texts: Any) -> Any:
        started = start(texts)
        assert started is not None
        children.append(started[0])
        return started

    monkeypatch.setattr(pp, "_start", remembered)
    parsed = pp.loads_many(["a = 1\n"] * 10)
    assert next(parsed) == {"a": 1}
    parsed.close()
    assert len(children) == 1
    assert children[0].poll() is not None


def test_one_large_ledger_among_few_is_cut_in_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_cores: None
) -> None:
    path = tmp_path / "evening.toml"
    _evening(path, 40)
    text = path.read_text(encoding="utf-8")
    cut = []
    split = pp.loads_split

    def remembered(t: str) -> Any:
        cut.append(t)
        return split(t)

    monkeypatch.setattr(pp, "loads_split", remembered)
    assert list(pp.loads_many(["a = 1\n", text])) == [{"a": 1}, tomllib.loads(text)]
    assert list(pp.loads_many([text])) == [tomllib.loads(text)]
    assert cut == [text, text]
