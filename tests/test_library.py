"""The library's face: ``import tarockscore`` names its actions, and the docs page's example runs as shown.

The example's numbers are worked from docs/rules/koenigrufen.md §9 (K1, K2: a Call with Kontra,
an announced Pagat, [CTK]) and docs/rules/settlement.md (Simplified Scoring), not taken from a run.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import re
from decimal import Decimal
from pathlib import Path

import pytest

import tarockscore
from tarockscore.errors import UsageError
from tarockscore.rules.hand import HandInput

DOC = Path(__file__).resolve().parent.parent / "docs" / "library.md"


def _blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_docs_examples_run_as_shown() -> None:
    codes, shown = _blocks("python"), _blocks("text")
    assert len(codes) == len(shown) >= 2
    for code, printed in zip(codes, shown, strict=True):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(DOC), "exec"), {})
        assert out.getvalue() == printed


def test_each_call_the_docs_page_writes_takes_the_arguments_it_names() -> None:
    # `score_hand(keys, profile=None)` on the page: a script passing profile= was told
    # "unexpected keyword argument"; every name(ARGS) of the page's tables takes its keywords.
    page = DOC.read_text(encoding="utf-8")
    calls = re.findall(r"^\| `(\w+)\(([^)`]*)\)`", page, flags=re.M)
    assert {"score_hand", "read_hand", "fold_season", "hand_entry"} <= {name for name, _ in calls}
    for name, given in calls:
        function = getattr(tarockscore, name)
        taken = inspect.signature(function.begin if name == "Evening" else function).parameters
        words = [w.strip() for w in given.split(",") if w.strip() not in ("", "…")]
        keywords = [w.split("=")[0] for w in words if "=" in w]  # the names a script writes
        assert all(k in taken for k in keywords) and len(words) <= len(taken), (name, words, list(taken))


def test_every_name_of_the_face_is_there() -> None:
    for name in tarockscore.__all__:
        assert getattr(tarockscore, name) is not None, name
    assert "Evening" in tarockscore.__all__ and "score_hand" in tarockscore.__all__


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Evenin'"):
        tarockscore.Evenin  # type: ignore[attr-defined]  # noqa: B018 - the attribute access is the test


def test_the_face_lists_what_the_docs_page_names() -> None:
    page = DOC.read_text(encoding="utf-8")
    for name in ("score_hand", "read_hand", "load_profile", "profile_names", "Evening", "find_ledger"):
        assert f"`{name}" in page and name in tarockscore.__all__


def test_an_empty_ledger_name_is_refused_at_its_field() -> None:
    with pytest.raises(tarockscore.errors.UsageError) as caught:
        tarockscore.find_ledger(" ")
    assert caught.value.problems[0].where == "ledger"


def test_check_head_names_each_entry_since_by_number_kind_and_time(tmp_path: Path) -> None:
    """A head taken after hand 1; two hands and an undo since: entries 2, 3 and 4 of the log
    (the first hand's entry is entry 1), each with its kind and the time it was made."""
    at = "2026-12-02T20:{:02d}:00+01:00"
    evening = tarockscore.Evening.begin(
        tmp_path / "e.toml", ["Anna", "Bert", "Cilli", "Dani"], at=at.format(0)
    ).evening
    rufer: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}
    evening.record(rufer, at.format(1))
    head = evening.head()
    evening.record(rufer, at.format(2))
    evening.record(rufer, at.format(3))
    evening.undo(at.format(4))
    held = evening.check_head(head[:8])
    assert held.holds and held.found and held.differ == ()
    assert [dict(e) for e in held.since] == [
        {"entry": 2, "kind": "record", "at": at.format(2)},
        {"entry": 3, "kind": "record", "at": at.format(3)},
        {"entry": 4, "kind": "undo", "at": at.format(4)},
    ]


@pytest.mark.parametrize("stake", [0.1 + 0.2, 0.1, True, Decimal("-1"), Decimal("1E+2"), Decimal("0.001")])
def test_a_scripts_stake_that_its_own_ledger_would_refuse_writes_nothing(
    tmp_path: Path, stake: object
) -> None:
    """Money is exact and counted in cents (docs/library.md): a float, a negative amount, an exponent or
    a thousandth is refused at ``stake`` before any file is written, as the ledger's reader refuses it."""
    path = tmp_path / "friday.toml"
    with pytest.raises(UsageError) as refused:
        tarockscore.Evening.begin(path, ["Anna", "Bert", "Cilli", "Dani"], stake=stake)  # type: ignore[arg-type]
    assert [p.where for p in refused.value.problems] == ["stake"]
    assert not path.exists()
    day = tmp_path / "day"
    with pytest.raises(UsageError) as refused_day:
        tarockscore.Tournament.begin(
            day,
            ["A", "B", "C", "D"],
            rounds=1,
            games=4,
            profile="ooe-2023",
            format="schrift",
            stake=stake,  # type: ignore[arg-type]
        )
    assert [p.where for p in refused_day.value.problems] == ["stake"]
    assert not day.exists()


def test_a_scripts_stake_in_cents_is_kept_as_the_command_line_keeps_it(tmp_path: Path) -> None:
    """``Decimal("0.1")``, ``"0.10"`` and ``1`` are 10 cents, 10 cents and one unit per Victory Point."""
    cases: list[tuple[Decimal | int | str, str]] = [(Decimal("0.1"), "0.10"), ("0.10", "0.10"), (1, "1.00")]
    for k, (given, kept) in enumerate(cases):
        begun = tarockscore.Evening.begin(
            tmp_path / f"{k}.toml", ["Anna", "Bert", "Cilli", "Dani"], stake=given
        )
        assert str(tarockscore.Evening(begun.evening.path).ledger.table.stake) == kept
    evening = tarockscore.Evening(tmp_path / "0.toml")
    with pytest.raises(UsageError):
        evening.settle(0.1)  # type: ignore[arg-type]
