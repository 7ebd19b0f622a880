"""Bad input never shows a traceback: random and mutated hands, profiles and ledgers fed to the CLI.

Every case runs a command through ``CliRunner`` and checks the contract of the README's exit
codes: either the command succeeds quietly on stderr, or it exits 1 or 2 with nothing on stdout
and one ``error: …`` line per problem on stderr; never an exception. Inputs that are certainly
wrong (a key of the wrong type, an unknown key, bytes that are not UTF-8, an empty file) must
fail. A command that fails must leave the ledger byte-identical.

The number of cases is bounded for the default run; ``FUZZ_EXAMPLES=2000`` raises it per test.
The count of cases tried is printed at the end of the session.
"""

from __future__ import annotations

import copy
import datetime as dt
import os
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from tarockscore.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
PROFILES = sorted((ROOT / "profiles").glob("*.toml"))
MAX_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
FUZZ = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)

runner = CliRunner()
TRIED: Counter[str] = Counter()
OUTCOMES: Counter[int] = Counter()
_SCRATCH: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def _report_count(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    _SCRATCH.append(tmp_path_factory.mktemp("fuzz"))
    yield
    _SCRATCH.clear()
    reporter = request.config.pluginmanager.getplugin("terminalreporter")
    total = sum(TRIED.values())
    parts = ", ".join(f"{kind} {n}" for kind, n in sorted(TRIED.items()))
    outcomes = ", ".join(f"exit {code}: {n}" for code, n in sorted(OUTCOMES.items()))
    line = f"fuzz: {total} inputs tried ({parts}); {outcomes}; 0 tracebacks"
    if reporter is not None:
        request.config.add_cleanup(lambda: reporter.write_line(line))
    else:  # pragma: no cover - running without the terminal reporter
        print(line)


def invoke(kind: str, args: list[str], stdin: bytes | None = None) -> Result:
    TRIED[kind] += 1
    return runner.invoke(app, args, input=stdin)


def assert_clean(result: Result, *, must_fail: bool, what: object = "") -> None:
    """Exit 0 quietly, or exit 1/2 with one ``error:`` line per problem; never a traceback."""
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        import traceback

        tb = "".join(traceback.format_exception(exc))
        raise AssertionError(f"crashed on {what!r}:\n{tb}")
    OUTCOMES[result.exit_code] += 1
    assert "Traceback" not in result.stderr
    if result.exit_code == 0:
        assert not must_fail, f"accepted {what!r}:\n{result.stdout}"
        assert result.stderr == ""
        return
    assert result.exit_code in (1, 2), (result.exit_code, result.stderr)
    assert result.stdout == "", f"data on stdout on failure: {result.stdout!r}"
    lines = result.stderr.splitlines()
    assert lines, "failed without a message"
    for line in lines:
        assert line.startswith("error: "), f"not an error line: {line!r} (input {what!r})"
        assert len(line) > len("error: ")


# -- values of the wrong type ----------------------------------------------------------------------

# Key names a user could type. Control characters in keys are echoed raw (a known bug, see
# test_a_key_with_a_line_break_stays_on_one_line); they are left out here so that the rest is checked.
KEY_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=12)
HUGE = st.sampled_from([2**63, -(2**63) - 1, 10**100, -(10**100), 2**31, -1])
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "bool": st.booleans(),
    "int": st.integers() | HUGE,
    "float": st.floats(allow_nan=True, allow_infinity=True),
    "str": st.text(max_size=30),
    "list": st.lists(st.integers() | st.text(max_size=8) | st.booleans(), max_size=6),
    "dict": st.dictionaries(KEY_TEXT, st.integers() | st.text(max_size=8), max_size=4),
    "datetime": st.datetimes(min_value=dt.datetime(1, 1, 1)) | st.dates() | st.times(),
}


def wrong_value(allowed: frozenset[str]) -> st.SearchStrategy[Any]:
    return st.one_of(*(s for t, s in VALUES.items() if t not in allowed))


def any_value() -> st.SearchStrategy[Any]:
    return st.one_of(*VALUES.values())


# What each hand key may hold (docs/hand-format.md); anything else must be refused.
HAND_TYPES: dict[str, frozenset[str]] = {
    "profile": frozenset({"str"}),
    "players": frozenset({"list"}),
    "contract": frozenset({"str"}),
    "declarer": frozenset({"str"}),
    "partner": frozenset({"str"}),
    "card_points": frozenset({"int", "str", "dict"}),
    "defender_card_points": frozenset({"int", "str"}),
    "won": frozenset({"bool"}),
    "kontra": frozenset({"str", "dict"}),
    "huettenfleck": frozenset({"bool"}),
    "called_king": frozenset({"str"}),
    "conceded": frozenset({"bool"}),
    "renonce": frozenset({"str"}),
    "bonus": frozenset({"list"}),
}
BONUS_TYPES: dict[str, frozenset[str]] = {
    "name": frozenset({"str"}),
    "side": frozenset({"str"}),
    "announced": frozenset({"bool"}),
    "made": frozenset({"bool"}),
    "kontra": frozenset({"str"}),
}
REQUIRED = {"contract"}


def load_example(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


EXAMPLE_DATA = {p.name: load_example(p) for p in EXAMPLES}


def dump(mapping: dict[str, Any]) -> bytes:
    return tomli_w.dumps(mapping).encode("utf-8")


@st.composite
def mutated_hand(draw: st.DrawFn) -> tuple[str, dict[str, Any], bool]:
    """An example hand with one thing wrong; the flag says whether it must be refused."""
    name = draw(st.sampled_from(sorted(EXAMPLE_DATA)))
    hand = copy.deepcopy(EXAMPLE_DATA[name])
    bonuses = [b for b in hand.get("bonus", []) if isinstance(b, dict)]
    how = draw(st.sampled_from(["wrong_type", "wrong_type", "delete", "unknown_key", "unknown_name", "huge"]))
    if how == "wrong_type":
        if bonuses and draw(st.booleans()):
            bonus = draw(st.sampled_from(bonuses))
            key = draw(st.sampled_from(sorted(BONUS_TYPES)))
            bonus[key] = draw(wrong_value(BONUS_TYPES[key]))
        else:
            key = draw(st.sampled_from(sorted(HAND_TYPES)))
            hand[key] = draw(wrong_value(HAND_TYPES[key]))
        return how, hand, not _dodge_round_defender_points(hand)
    if how == "delete":
        keys = sorted(hand)
        if bonuses and draw(st.booleans()):
            bonus = draw(st.sampled_from(bonuses))
            del bonus[draw(st.sampled_from(sorted(bonus)))]
            return how, hand, False
        key = draw(st.sampled_from(keys))
        del hand[key]
        return how, hand, key in REQUIRED
    if how == "unknown_key":
        target = draw(st.sampled_from(bonuses)) if bonuses and draw(st.booleans()) else hand
        known = set(HAND_TYPES) | set(BONUS_TYPES)
        key = draw(KEY_TEXT.filter(lambda k: k not in known))
        target[key] = draw(any_value())
        return how, hand, True
    if how == "unknown_name":
        keys = [k for k in ("contract", "declarer", "partner", "profile", "kontra", "renonce") if k in hand]
        key = draw(st.sampled_from(keys))
        old = hand[key]
        new = draw(st.text(min_size=1, max_size=12).filter(lambda s: s != old))
        hand[key] = new
        return how, hand, False  # a random name can be a valid one ("dreier"), rarely
    # huge or negative numbers where numbers go
    key = draw(st.sampled_from(["card_points", "defender_card_points"]))
    hand[key] = draw(HUGE | st.integers(min_value=10**3))
    return how, hand, not _dodge_round_defender_points(hand)


def _dodge_round_defender_points(hand: dict[str, Any]) -> bool:
    """Known bug: the Dodge Round ignores ``defender_card_points``, whatever it holds (see
    test_the_dodge_round_checks_defender_card_points); such a hand may pass."""
    return hand.get("contract") == "trischaken" and "defender_card_points" in hand


@FUZZ
@given(case=mutated_hand(), via_stdin=st.booleans())
def test_mutated_hand_files(case: tuple[str, dict[str, Any], bool], via_stdin: bool) -> None:
    how, hand, must_fail = case
    data = dump(hand)
    if via_stdin:
        result = invoke(f"hand:{how}", ["score", "-"], stdin=data)
    else:
        path = _scratch() / "hand.toml"
        path.write_bytes(data)
        result = invoke(f"hand:{how}", ["score", str(path)])
    assert_clean(result, must_fail=must_fail, what=hand)


@st.composite
def broken_bytes(draw: st.DrawFn) -> tuple[str, bytes, bool]:
    """A hand file damaged as bytes: truncated, not UTF-8, empty, random."""
    text = (EXAMPLES[draw(st.integers(0, len(EXAMPLES) - 1))]).read_bytes()
    how = draw(st.sampled_from(["truncated", "not_utf8", "empty", "random", "spliced"]))
    if how == "truncated":
        return how, text[: draw(st.integers(0, len(text) - 1))], False
    if how == "not_utf8":
        at = draw(st.integers(0, len(text)))
        bad = draw(st.sampled_from([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x80\x80"]))
        return how, text[:at] + bad + text[at:], True
    if how == "empty":
        return how, draw(st.sampled_from([b"", b" ", b"\n\n", b"\t \r\n", b"# only a comment\n"])), True
    if how == "random":
        return how, draw(st.binary(max_size=200)), False
    at = draw(st.integers(0, len(text)))
    junk = draw(st.binary(min_size=1, max_size=20))
    return how, text[:at] + junk + text[at:], False


@FUZZ
@given(case=broken_bytes())
def test_damaged_hand_files(case: tuple[str, bytes, bool]) -> None:
    how, data, must_fail = case
    path = _scratch() / "hand.toml"
    path.write_bytes(data)
    assert_clean(invoke(f"bytes:{how}", ["score", str(path)]), must_fail=must_fail, what=data)


SHORT_OPTIONS = [
    "--contract",
    "--players",
    "--declarer",
    "--partner",
    "--points",
    "--defender-points",
    "--kontra",
    "--renonce",
    "--bonus",
    "--profile",
]
ARG_TEXT = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=20)


@FUZZ
@given(
    options=st.lists(st.tuples(st.sampled_from(SHORT_OPTIONS), ARG_TEXT), min_size=1, max_size=8),
    flags=st.lists(
        st.sampled_from(["--won", "--lost", "--huettenfleck", "--talon", "--conceded", "--json"]), max_size=3
    ),
)
def test_short_form_with_random_values(options: list[tuple[str, str]], flags: list[str]) -> None:
    args = ["score", *(f"{opt}={value}" for opt, value in options), *flags]
    assert_clean(invoke("short form", args), must_fail=False, what=args)


def _leaf_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaf_paths(v, (*path, k))] or [path]
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [p for i, v in enumerate(value) for p in _leaf_paths(v, (*path, i))]
    return [path]


def _type_of(value: Any) -> str:
    for name, kind in (
        ("bool", bool),
        ("int", int),
        ("float", float),
        ("str", str),
        ("list", list),
        ("dict", dict),
    ):
        if isinstance(value, kind):
            return name
    return "datetime"


PROFILE_DATA = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in PROFILES}


@st.composite
def mutated_profile(draw: st.DrawFn) -> tuple[str, dict[str, Any], bool]:
    """A shipped profile with one leaf changed to another type, deleted, or an unknown key added."""
    name = draw(st.sampled_from(sorted(PROFILE_DATA)))
    doc = copy.deepcopy(PROFILE_DATA[name])
    if "extends" in doc:
        doc["extends"] = str(ROOT / "profiles" / f"{doc['extends']}.toml")
    # known bug: a ladder step whose multiplier is missing, 0 or not a number crashes the profile
    # check (see test_a_ladder_step_without_a_multiplier_is_refused); left out here.
    paths = [p for p in _leaf_paths(doc) if p and p != ("extends",) and p[-1] != "multiplier"]
    path = draw(st.sampled_from(paths))
    parent: Any = doc
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    how = draw(st.sampled_from(["wrong_type", "wrong_type", "delete", "unknown_key", "huge"]))
    if how == "wrong_type":
        parent[key] = draw(wrong_value(frozenset({_type_of(parent[key])})))
        return how, doc, False
    if how == "delete":
        del parent[key]
        return how, doc, False
    if how == "unknown_key":
        if not isinstance(parent, dict):
            parent = doc
        parent[draw(KEY_TEXT.filter(lambda k: k not in parent))] = draw(any_value())
        return how, doc, True
    parent[key] = draw(HUGE)
    return how, doc, False


@FUZZ
@given(case=mutated_profile(), show=st.booleans())
def test_mutated_profiles(case: tuple[str, dict[str, Any], bool], show: bool) -> None:
    how, doc, must_fail = case
    path = _scratch() / "profile.toml"
    path.write_bytes(dump(doc))
    if show:
        args = ["profiles", "show", str(path)]
    else:
        args = ["score", "-P", str(path), "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "B", "-t", "40"]
    assert_clean(invoke(f"profile:{how}", args), must_fail=must_fail, what=doc)


@FUZZ
@given(data=st.binary(max_size=300) | broken_bytes().map(lambda c: c[1]))
def test_damaged_profile_files(data: bytes) -> None:
    path = _scratch() / "profile.toml"
    path.write_bytes(data)
    assert_clean(invoke("profile:bytes", ["profiles", "show", str(path)]), must_fail=False, what=data)


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_example_with_each_key_of_the_wrong_type(example: Path) -> None:
    """Every key of every shipped example, set once to each wrong type: refused, never a crash."""
    base = EXAMPLE_DATA[example.name]
    samples: dict[str, Any] = {
        "bool": True,
        "int": 10**30,
        "float": 1.5,
        "str": "§",
        "list": [1, "x"],
        "dict": {"a": 1},
        "datetime": dt.datetime(2024, 1, 1, 12, 0),
    }
    for key in base:
        for kind, value in samples.items():
            if kind in HAND_TYPES.get(key, frozenset()):
                continue
            hand = copy.deepcopy(base)
            hand[key] = value
            assert_clean(
                invoke("example:wrong_type", ["score", "-"], stdin=dump(hand)), must_fail=True, what=hand
            )


def _scratch() -> Path:
    """The module's scratch folder (Hypothesis runs many examples inside one test call)."""
    return _SCRATCH[0]


# -- bugs the fuzzing found, kept as regression tests -------------------------------------------


def test_a_ladder_step_without_a_multiplier_is_refused() -> None:
    path = _scratch() / "ladder.toml"
    path.write_text(
        'extends = "koenigrufen"\n[kontra]\nceiling = "rekontra"\n'
        'ladder = [{ name = "kontra", multiplier = 0 }, { name = "rekontra", multiplier = 4 }]\n',
        encoding="utf-8",
    )
    assert_clean(invoke("known bug", ["profiles", "show", str(path)]), must_fail=True, what=path.read_text())


def test_a_key_with_a_line_break_stays_on_one_line() -> None:
    text = 'contract = "rufer"\n"bad\\nkey" = 1\n'
    assert_clean(invoke("known bug", ["score", "-"], stdin=text.encode()), must_fail=True, what=text)


def test_the_dodge_round_checks_defender_card_points() -> None:
    hand = copy.deepcopy(EXAMPLE_DATA["ooe-2023-trischaken.toml"])
    hand["defender_card_points"] = "abc"
    assert_clean(invoke("known bug", ["score", "-"], stdin=dump(hand)), must_fail=True, what=hand)
