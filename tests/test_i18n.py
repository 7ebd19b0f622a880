"""The German catalogue and the choice of language.

The catalogue checks need only the standard library: a ``.po`` reader and a ``.mo`` reader of a
few lines each, so they run wherever the tests run (Babel only writes the files).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import string
import struct
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.errors import (
    N_,
    Collector,
    Counted,
    HandError,
    Message,
    Problem,
    UsageError,
    counted,
    listed,
    message,
)
from tarockscore.io.inputs import load_profile, shipped_names
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand
from tests.strategies import hands
from tests.test_kontra_by_defender import result_cells

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "tarockscore" / "locale" / "de" / "LC_MESSAGES" / "tarockscore.po"
MO = PO.with_suffix(".mo")
EXAMPLE = ROOT / "examples" / "koenigrufen-call.toml"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- a .po and a .mo reader ------------------------------------------------------------------------


@dataclass
class Entry:
    msgid: str = ""
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False


def read_po(path: Path) -> list[Entry]:
    """The active entries of a .po file (obsolete ``#~`` entries left out)."""
    entries: list[Entry] = []
    current = Entry()
    target: tuple[str, int] = ("", 0)

    def flush() -> None:
        nonlocal current
        if current.msgid or current.strings:
            entries.append(current)
        current = Entry()

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                current.fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            text = ast.literal_eval(line)
        else:
            text = ast.literal_eval(rest)
            if keyword == "msgid":
                target = ("msgid", 0)
                current.msgid = ""
            elif keyword == "msgid_plural":
                target = ("plural", 0)
                current.plural = ""
            elif keyword.startswith("msgstr"):
                index = int(keyword[7:-1]) if "[" in keyword else 0
                target = ("msgstr", index)
                current.strings[index] = ""
        kind, index = target
        if kind == "msgid":
            current.msgid += text
        elif kind == "plural":
            current.plural = (current.plural or "") + text
        else:
            current.strings[index] += text
    flush()
    return [e for e in entries if e.msgid]


def read_mo(path: Path) -> dict[str, str]:
    """msgid → msgstr of a compiled catalogue (GNU .mo, little-endian as Babel writes it)."""
    data = path.read_bytes()
    magic, _version, count, ids_at, strs_at = struct.unpack("<5I", data[:20])
    assert magic == 0x950412DE
    out = {}
    for i in range(count):
        id_len, id_off = struct.unpack("<2I", data[ids_at + 8 * i : ids_at + 8 * i + 8])
        s_len, s_off = struct.unpack("<2I", data[strs_at + 8 * i : strs_at + 8 * i + 8])
        out[data[id_off : id_off + id_len].decode()] = data[s_off : s_off + s_len].decode()
    return out


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def source_messages() -> Iterator[tuple[str, str | None, str]]:
    yield from _script().source_messages()


# -- the catalogue ---------------------------------------------------------------------------------


def test_every_marked_message_is_one_literal() -> None:
    bad = [where for msgid, _, where in source_messages() if not msgid]
    assert not bad, f"a marked message must be one string literal with named placeholders: {bad}"


def test_every_marked_message_has_a_german_translation() -> None:
    po = {e.msgid: e for e in read_po(PO)}
    # the marked messages of the source, and every help text as Typer builds the command line
    messages = list(source_messages())
    messages += [(text, None, where) for text, where in _script().help_messages()]
    # and the shipped profiles' titles and source notes, which the German reads translated
    messages += [(text, None, where) for text, where in _script().profile_messages()]
    assert len(messages) > 3  # the extraction finds something: an empty walk proves nothing
    missing = [
        f"{where}: {msgid!r}"
        for msgid, _, where in messages
        if msgid not in po or po[msgid].fuzzy or not all(po[msgid].strings.values())
    ]
    assert not missing, "no German for (run scripts/i18n.py, then write the msgstr):\n" + "\n".join(missing)


# A profile key set to a value: ``valat.bonuses = {rule!r}``, ``contracts.{key}.bidders = {bidders!r}``.
KEY_PATH = re.compile(r"\b[a-z_]+(?:\.[a-z_{}]+)+ = \{\w+(?:![rsan])?\}")


def placeholders_kept(text: str, source: str) -> bool:
    """A translation keeps every placeholder of its source and adds none; it may leave out what the
    source shows only inside a profile key and its value, where its sentence says the rule in
    words instead of naming the key."""
    mine = placeholders(text)
    return mine <= placeholders(source) and placeholders(KEY_PATH.sub("", source)) <= mine


def test_every_translation_keeps_its_placeholders() -> None:
    wrong = []
    for entry in read_po(PO):
        for index, text in entry.strings.items():
            source = entry.msgid if index == 0 or entry.plural is None else entry.plural
            if text and not placeholders_kept(text, source):
                wrong.append(
                    f"{entry.msgid!r}: {sorted(placeholders(text))} ≠ {sorted(placeholders(source))}"
                )
    assert not wrong, "\n".join(wrong)


# The catalogue tells the user what to do in the infinitive ("die Kartenpunkte neu eingeben",
# 189 such instructions when counted), never in the familiar imperative ("gib …", "schreib …",
# 11 of them, the same sentence shapes mixing both).
FAMILIAR_IMPERATIVE = re.compile(
    # "versuch" lower case only: "vor einem neuen Versuch" is the noun
    r"\b(?:[Gg]ib|[Ss]chreib|[Ww]ähle?|[Nn]imm|[Ll]ass|[Tt]rag|[Ss]etz|[Nn]enn|[Pp]rüf|[Ll]ösch|[Ää]ndere|versuch|[Pp]robier)\b"
)


def test_the_german_tells_what_to_do_in_one_style() -> None:
    familiar = [
        f"{entry.msgid!r}: {text!r}"
        for entry in read_po(PO)
        for text in entry.strings.values()
        if FAMILIAR_IMPERATIVE.search(text)
    ]
    assert not familiar, "\n".join(familiar)


def test_placeholder_check_catches_a_dropped_and_an_added_name() -> None:
    assert not placeholders_kept("{player} zahlt", "{player} pays {amount}")
    assert not placeholders_kept("{player} zahlt {amount}", "{player} pays")
    assert placeholders_kept("{value!r} ist falsch", "{value!r} is wrong")
    # a key's value may go with its key, no other placeholder may
    english = "only {first!r} may bid {contract} (contracts.{contract}.bidders = {bidders!r})"
    assert not placeholders_kept("nur {first!r} darf ansagen", english)  # {contract} of the sentence
    assert placeholders_kept("nur {first!r} darf den {contract} ansagen", english)


def test_the_committed_mo_is_compiled_from_the_po() -> None:
    expected = {}
    for entry in read_po(PO):
        if entry.fuzzy or not all(entry.strings.values()):
            continue
        if entry.plural is None:
            expected[entry.msgid] = entry.strings[0]
        else:
            key = f"{entry.msgid}\0{entry.plural}"
            expected[key] = "\0".join(entry.strings[i] for i in sorted(entry.strings))
    compiled = read_mo(MO)
    compiled.pop("", None)  # the header
    assert compiled == expected, "the .mo is stale: run scripts/i18n.py"


# -- choosing the language -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_MESSAGES": "en_US.UTF-8", "LANG": "de_AT.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:de_AT:en", "LANG": "C"}, "de"),
        ({"TAROCKSCORE_LANG": "en", "LC_ALL": "de_AT.UTF-8"}, "en"),
        ({"TAROCKSCORE_LANG": "de", "LANG": "C"}, "de"),
    ],
)
def test_language_from_the_environment(env: dict[str, str], expected: str) -> None:
    assert i18n.choose([], env) == expected


def test_the_lang_option_wins_over_the_environment() -> None:
    assert i18n.choose(["--lang", "en", "score"], {"TAROCKSCORE_LANG": "de"}) == "en"
    assert i18n.choose(["--lang=de", "score"], {"LANG": "C"}) == "de"
    # after the command's name, --lang is not the global option
    assert i18n.choose(["score", "--lang", "de"], {"LANG": "C"}) == "en"


def test_an_unknown_tarockscore_lang_reads_english_not_the_locale() -> None:
    assert i18n.choose([], {"TAROCKSCORE_LANG": "xx", "LANG": "de_AT.UTF-8"}) == "en"
    assert i18n.unknown_language([], {"TAROCKSCORE_LANG": "xx"}) == "xx"
    assert i18n.unknown_language([], {"TAROCKSCORE_LANG": "de_AT"}) is None
    assert i18n.unknown_language([], {"TAROCKSCORE_LANG": ""}) is None  # empty: unset
    assert i18n.unknown_language(["--lang", "de", "score"], {"TAROCKSCORE_LANG": "xx"}) is None


def test_austrian_money_and_dates() -> None:
    assert i18n.money(Decimal("0.10"), "de") == "€ 0,10"
    assert i18n.money(Decimal("0.1"), "de") == "€ 0,10"
    assert i18n.money(Decimal("-12.5"), "de") == "-€ 12,50"
    assert i18n.money(Decimal("1234.50"), "de") == "€ 1.234,50"
    assert i18n.money(Decimal("0.10"), "en") == "0.10"
    assert i18n.date("2025-03-14", "de") == "14.03.2025"
    assert i18n.date("2025-03-14", "en") == "2025-03-14"


# -- errors carry a template, rendered at the edge -------------------------------------------------


def test_a_problem_renders_in_the_language_it_is_given() -> None:
    problems = Collector()
    problems.add("--lang", N_("{value!r} is not a language of tarockscore; use de or en"), value="fr")
    problem = problems.problems[0]
    assert problem.render() == "--lang: 'fr' is not a language of tarockscore; use de or en"
    i18n.use("de")
    assert (
        problem.render(i18n.gettext)
        == "--lang: 'fr' ist keine Sprache von tarockscore; erlaubt sind de und en"
    )
    # moved to an outer location, it keeps its template
    assert problem.moved("x.toml: --lang").render(i18n.gettext).startswith("x.toml: --lang: 'fr' ist")


def test_a_nested_message_is_translated_with_its_sentence() -> None:
    hint = message(N_(" (did you mean {match!r}?)"), match="rufer")
    err = HandError(
        N_("{value!r} is not a language of tarockscore; use de or en{hint}"), value="x", hint=hint
    )
    assert str(err) == "'x' is not a language of tarockscore; use de or en (did you mean 'rufer'?)"
    # the outer template is not in the catalogue (made up for this test), the hint is
    i18n.use("de")
    assert err.problems[0].render(i18n.gettext).endswith(" (meinst du 'rufer'?)")


def test_a_counted_message_takes_the_form_its_count_needs_in_each_language() -> None:
    one = counted("{path} ({count} hand)", "{path} ({count} hands)", 1, path="t.toml", count=1)
    two = counted("{path} ({count} hand)", "{path} ({count} hands)", 2, path="u.toml", count=2)
    assert (str(one), str(two)) == ("t.toml (1 hand)", "u.toml (2 hands)")
    assert str(listed([one, two])) == "t.toml (1 hand), u.toml (2 hands)"
    i18n.use("de")
    assert listed([one, two]).render(i18n.gettext) == "t.toml (1 Spiel), u.toml (2 Spiele)"
    # as a problem's whole message, and inside another message
    assert Problem.of("x", two).render(i18n.gettext) == "x: u.toml (2 Spiele)"
    err = UsageError(
        N_("round {number} already has hands: {names}; a round that has begun cannot be redrawn"),
        number=3,
        names=listed([one]),
    )
    assert err.problems[0].render(i18n.gettext) == (
        "Runde 3 hat schon Spiele: t.toml (1 Spiel); eine begonnene Runde wird nicht neu ausgelost"
    )


def test_a_plain_message_stays_as_it_is() -> None:
    i18n.use("de")
    assert (
        Problem("x", "value 'a' {not a placeholder}").render(i18n.gettext)
        == "x: value 'a' {not a placeholder}"
    )
    assert str(UsageError("plain")) == "plain"


# -- the command line ------------------------------------------------------------------------------


def _env(**lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in i18n.LOCALE_VARS + (i18n.EXPLICIT_VAR,)}
    return env | lang


def _run(*args: str, **lang: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tarockscore", *args], capture_output=True, env=_env(**lang), check=False
    )


def test_help_and_errors_are_german_under_an_austrian_locale() -> None:
    de = _run("--help", LANG="de_AT.UTF-8")
    assert de.returncode == 0
    assert "Ein Spiel rechnen" in de.stdout.decode()
    en = _run("--help", LANG="C")
    assert "Score one hand" in en.stdout.decode() and "Ein Spiel" not in en.stdout.decode()
    err = _run("score", LANG="de_AT.UTF-8")
    assert err.returncode == 2
    assert err.stderr.decode().startswith("Fehler: eine Spieldatei (oder - für die Standardeingabe)")


def test_the_lang_option_and_variable_win_over_the_locale() -> None:
    assert "Score one hand" in _run("--lang", "en", "--help", LANG="de_AT.UTF-8").stdout.decode()
    assert "Ein Spiel rechnen" in _run("--help", LANG="C", TAROCKSCORE_LANG="de").stdout.decode()
    bad = _run("--lang", "fr", "score", str(EXAMPLE))
    assert bad.returncode == 2
    assert bad.stderr.decode() == "error: --lang: 'fr' is not a language of tarockscore; use de or en\n"


@pytest.mark.parametrize(
    "args", [("score", str(EXAMPLE), "--json"), ("profiles", "show", "gametwist", "--toml")]
)
def test_machine_output_is_byte_identical_in_every_language(args: tuple[str, ...]) -> None:
    de = _run(*args, LANG="de_AT.UTF-8")
    en = _run(*args, LANG="C")
    assert de.returncode == en.returncode == 0
    assert de.stdout == en.stdout


def test_one_run_in_german_leaves_the_next_in_english() -> None:
    runner = CliRunner()
    de = runner.invoke(app, ["--lang", "de", "score"])
    assert de.exit_code == 2 and "Spieldatei" in de.stderr
    en = runner.invoke(app, ["score"])
    assert en.exit_code == 2 and "give a hand file" in en.stderr


def test_every_shipped_name_is_in_the_vocabulary() -> None:
    from tarockscore.io.inputs import load_profile, shipped_names
    from tarockscore.rules.bets import title
    from tarockscore.rules.words import NAMES

    names = set()
    for name in shipped_names():
        profile = load_profile(name)
        names |= {title(n) for n in (*profile.contracts, *profile.bonuses)}
        names |= {title(step.name) for step in profile.kontra.ladder}
    assert names <= set(NAMES), sorted(names - set(NAMES))


def bets(table: str) -> str:
    """A score table's first column (the bets, each wrapped between its words) read joined."""
    width = table.splitlines()[1].index(" ")  # its dashes under its title
    return " ".join(" ".join(line[:width] for line in table.splitlines()).split())


def test_the_score_table_speaks_the_players_words() -> None:
    # The bets of examples/koenigrufen-call.toml: a Rufer with Kontra, Pagat and King Ultimo
    # announced, a silent Trull. The numbers are the English table's; only the words change.
    de = _run("score", str(EXAMPLE), LANG="de_AT.UTF-8").stdout.decode()
    en = _run("score", str(EXAMPLE), LANG="C").stdout.decode()
    de_factors = " ".join(result_cells(de, "Faktoren"))  # wrapped between their words, read joined
    assert "Kontra aufs Spiel" in de_factors
    for word in (
        "Posten",
        "Pagat (angesagt)",
        "König ultimo (angesagt)",
        "Trull (still)",
    ):
        assert word in bets(de)
    assert "Punkte " in de and "Victory Points" in en
    digits = [line.split()[-4:] for line in (de.splitlines()[-1], en.splitlines()[-1])]
    assert digits[0] == digits[1] == ["+5", "+2", "+5", "+2"]
    explain = _run("score", str(EXAMPLE), "--explain", LANG="de_AT.UTF-8").stdout.decode()
    assert "Ergebnis: die Spielerseite hat gewonnen" in explain
    assert "Hinweis: die Spielerseite hat sie nicht gemacht" in explain


def test_a_hand_error_is_german_with_its_hint_and_english_without() -> None:
    args = ("score", "-c", "ruffer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "40")
    de = _run(*args, LANG="de_AT.UTF-8")
    en = _run(*args, LANG="C")
    assert de.returncode == en.returncode == 1
    assert "ist kein Spiel des Profils 'koenigrufen'" in de.stderr.decode()
    assert "(meinst du Rufer?)" in de.stderr.decode()  # as the games are listed before it
    assert "is not a contract of profile 'koenigrufen'" in en.stderr.decode()
    assert "(did you mean 'rufer'?)" in en.stderr.decode()


def test_settle_speaks_austrian_money(tmp_path: Path) -> None:
    ledger = str(tmp_path / "abend.toml")
    new = ("new", "-p", "Anna,Bert,Cilli,Dani", "--stake", "0.10", "--date", "2025-03-14", "-l", ledger)
    assert _run(*new).returncode == 0
    # A Rufer won by Anna and Cilli with a Kontra: 1 × 2 = 2 Victory Points each under Simplified
    # Scoring (Calling the King rules, docs/rules: the Call is worth 1, Kontra doubles). Every two
    # players settle the difference of their totals: Anna against Bert and against Dani 2 each,
    # 4 × 0.10 = 0.40; Bert owes Anna and Cilli 2 each, -0.40; so Bert pays Anna 0.40.
    hand = ("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-k", "kontra", "-l", ledger)
    assert _run(*hand).returncode == 0
    settle = _run("settle", "-l", ledger, LANG="de_AT.UTF-8").stdout.decode()
    assert "Einsatz € 0,10 pro Punkt" in settle
    assert "Bert zahlt Anna € 0,40" in settle and "Dani zahlt Cilli € 0,40" in settle
    show = _run("show", "-l", ledger, LANG="de_AT.UTF-8").stdout.decode()
    assert "14.03.2025" in show and "gewonnen" in show
    assert (
        _run("show", "--json", "-l", ledger, LANG="de_AT.UTF-8").stdout
        == _run("show", "--json", "-l", ledger, LANG="C").stdout
    )


def _transcripts() -> list[list[tuple[list[str], str]]]:
    """The German transcripts of docs/german.md: for each block, every command with the output shown."""
    import re
    import shlex

    section = (ROOT / "docs" / "german.md").read_text(encoding="utf-8")
    blocks = []
    for block in re.findall(r"```console\n(.*?)```", section, flags=re.S):
        steps: list[tuple[list[str], str]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((shlex.split(line[2:])[1:], ""))
            else:
                command, shown = steps[-1]
                steps[-1] = (command, shown + line + "\n")
        blocks.append(steps)
    return blocks


def test_the_german_page_transcripts_are_real_output(tmp_path: Path) -> None:
    import re

    blocks = _transcripts()
    assert len(blocks) == 2  # a hand and an evening
    for i, steps in enumerate(blocks):
        folder = tmp_path / str(i)
        folder.mkdir()
        for command, shown in steps:
            proc = subprocess.run(
                [sys.executable, "-m", "tarockscore", *command],
                capture_output=True,
                env=_env(),
                cwd=folder,
                check=False,
            )
            out = (proc.stdout + proc.stderr).decode()
            # the profile's digest changes whenever the profile file does; the rest must match
            digest = re.compile(r"sha256 [0-9a-f]{12}")
            # the head a change prints hashes the times of the evening: a transcript may leave it out
            head = re.compile(r"^Kopf [0-9a-f]{12}\n", re.M)
            out, shown = head.sub("", out), head.sub("", shown)
            assert digest.sub("sha256 …", out) == digest.sub("sha256 …", shown), " ".join(command)


def run_de(*args: str) -> Result:
    return CliRunner().invoke(app, ["--lang", "de", *args])


def test_errors_built_from_values_are_german_too(tmp_path: Path) -> None:
    """A stake, a date and card points refused with the value typed, in German."""
    stake = run_de("new", "-p", "Anna,Bert,Cilli,Dani", "--stake", "0,105", "-l", str(tmp_path / "x.toml"))
    assert stake.exit_code == 2
    assert "'0,105' ist kein Betrag; etwa 0,10 schreiben (höchstens zwei Nachkommastellen)" in stake.stderr
    date = run_de("new", "-p", "Anna,Bert,Cilli,Dani", "--date", "14/3/2025", "-l", str(tmp_path / "x.toml"))
    assert "'14/3/2025' ist kein Datum" in date.stderr
    points = run_de(
        "score", "-c", "rufer", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna", "-w", "Cilli", "-t", "35/4"
    )
    assert points.exit_code == 1
    assert (
        "'35/4' ist keine Kartenpunktzahl: nach dem Schrägstrich kommen die Blatt, 0, 1 oder 2"
        in points.stderr
    )


def test_file_errors_are_german_too(tmp_path: Path) -> None:
    """The safe reader's refusals and a ledger's located problems carry their templates."""
    fifo = tmp_path / "hand.toml"
    os.mkfifo(fifo)
    result = run_de("score", str(fifo))
    assert result.exit_code == 1
    assert "ist eine benannte Pipe (FIFO), keine Spiel-Datei; eine gewöhnliche Datei angeben" in result.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text("x = [\n", encoding="utf-8")
    assert "kein gültiges TOML" in run_de("score", str(broken)).stderr


def test_a_ledgers_located_problems_keep_their_german(tmp_path: Path) -> None:
    """A stored hand that breaks the rules is reported by file, line and hand, still in German."""
    path = tmp_path / "evening.toml"
    assert run_de("new", "-p", "Anna,Bert,Cilli,Dani", "-l", str(path)).exit_code == 0
    assert (
        run_de("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", str(path)).exit_code
        == 0
    )
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('declarer = "Anna"', 'declarer = "Zora"'), encoding="utf-8")
    result = run_de("show", "-l", str(path))
    assert result.exit_code == 1
    line = text.splitlines().index("[[event]]") + 1
    assert f"evening.toml:{line}: Eintrag 1: Spiel 1: entry: " in result.stderr
    assert "'Zora' sitzt nicht am Tisch" in result.stderr


def _catalogue() -> dict[str, str]:
    return read_mo(MO)


def _speaks_german(text: str, catalogue: dict[str, str], document: Mapping[str, object]) -> bool:
    """Whether a label, factor or note of a score reaches a German reader in German: a message
    with its template in the catalogue, a whole phrase the catalogue knows, or a profile key
    (``settlement.mode = 'simplified'``, ``renonce``) that stays as the file spells it."""
    if isinstance(text, Message):
        template = text.template
        if isinstance(template, Counted):  # a plural message: the .mo keys it by both forms
            return f"{template.singular}\x00{template.plural}" in catalogue
        return not template or template in catalogue
    key = text.split(" = ")[0]
    return text in catalogue or key in document or "." in key and key.split(".")[0] in document


@pytest.mark.parametrize("name", shipped_names())
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_word_of_a_score_is_in_the_catalogue(name: str, data: st.DataObject) -> None:
    profile = load_profile(name)
    drawn = data.draw(hands(profile))
    if data.draw(st.booleans()) and drawn["contract"] in profile.contracts:
        drawn["renonce"] = data.draw(st.sampled_from(drawn["players"]))  # a revoke, where it is allowed
    try:
        hand = parse_hand(drawn, profile)
    except HandError:
        del drawn["renonce"]
        hand = parse_hand(drawn, profile)
    score = score_hand(hand, profile)
    catalogue = _catalogue()
    texts = [
        *score.notes,
        *(line.label for line in score.lines),
        *(line.note for line in score.lines if line.note),
    ]
    texts += [f.label for line in score.lines for f in line.factors]
    assert [t for t in texts if not _speaks_german(t, catalogue, profile.document)] == []


def test_trischaken_with_a_virgin_and_a_revoke_speaks_german() -> None:
    # Trischaken under koenigrufen: Bert has the most card points (30); the value 5 for each of
    # the other three (x3 = 15) goes to Dani, who took no trick and takes all of it
    # (trischaken.virgins); under Simplified Scoring nobody pays: Dani writes +15.
    points = ("-t", "Anna=20", "-t", "Bert=30", "-t", "Cilli=20", "-t", "Dani=0")
    args = ("score", "-c", "trischaken", "-p", "Anna,Bert,Cilli,Dani", *points)
    de = _run(*args, LANG="de_AT.UTF-8").stdout.decode()
    en = _run(*args, LANG="C").stdout.decode()
    assert "Trischaken: Bert verliert; Dani schreibt +15" in bets(
        de
    ) and "Trischaken: Bert loses; Dani writes +15" in bets(en)
    assert "was 3 Spieler bekämen, nimmt Dani (kein Stich)" in " ".join(result_cells(de, "Faktoren"))
    revoke = _run(*args, "--renonce", "Cilli", LANG="de_AT.UTF-8").stdout.decode()
    assert "Renonce von Cilli: verliert das Trischaken allein." in revoke
    assert not {"pays", "players", "Renonce by", " each"} & {w for w in (de + revoke).split() if w}


def test_two_virgins_share_in_the_plural() -> None:
    # Trischaken under koenigrufen: Anna has the most card points (40) and loses alone; Cilli and
    # Dani took no trick, so what the three others would get goes to the two of them together
    # (trischaken.virgins): the verb is plural in German ("teilen sich Cilli und Dani"), and the
    # English says they share it.
    points = ("-t", "Anna=40", "-t", "Bert=30", "-t", "Cilli=0", "-t", "Dani=0")
    args = ("score", "-c", "trischaken", "-p", "Anna,Bert,Cilli,Dani", *points, "--explain")
    de = _run(*args, LANG="de_AT.UTF-8").stdout.decode()
    en = _run(*args, LANG="C").stdout.decode()
    assert "was 3 Spieler bekämen, teilen sich Cilli und Dani (kein Stich)" in de
    assert "nimmt Cilli und Dani" not in de
    assert "what 3 players would get, shared by Cilli and Dani (no trick)" in en


def test_kontra_refused_in_the_trischaken_names_it_once() -> None:
    # koenigrufen says no Kontra in the Trischaken (kontra.dodge_round = false, D6): the refusal
    # names the Trischaken once, not "im Trischaken, dem Trischaken", and exits 1.
    points = ("-t", "Anna=40", "-t", "Bert=10", "-t", "Cilli=20", "-t", "Dani=0")
    args = ("score", "-c", "trischaken", "-p", "Anna,Bert,Cilli,Dani", *points, "-k", "kontra")
    de = _run(*args, LANG="de_AT.UTF-8")
    en = _run(*args, LANG="C")
    assert de.returncode == en.returncode == 1
    assert "das Profil 'koenigrufen' kennt kein Kontra im Trischaken\n" in de.stderr.decode()
    assert "has no Kontra in trischaken (kontra.dodge_round = false)" in en.stderr.decode()
    assert "dem Trischaken" not in de.stderr.decode()


def test_a_bonus_refused_by_card_points_is_named_in_german() -> None:
    # A refusal that names a bonus says its name as players say it (Trull, Absolut), never the
    # profile key (trull, absolut) in the middle of a German sentence; the key path stays whole.
    players = ("-p", "Anna,Bert,Cilli,Dani")
    # a Sechserdreier with all 70 card points: the Defenders hold no card, so they made no Trull
    no_card = _run(
        "score",
        "-c",
        "sechserdreier",
        *players,
        "-d",
        "Anna",
        "-t",
        "70",
        "-b",
        "trull,Gegner",
        "-b",
        "valat",
        LANG="de_AT.UTF-8",
    )
    # gametwist gives Absolut only to a side with at least 45 1/3 card points
    short = _run(
        "score",
        "-P",
        "gametwist",
        "-c",
        "rufer",
        *players,
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "40",
        "-b",
        "absolut",
        LANG="de_AT.UTF-8",
    )
    enough = _run(
        "score",
        "-P",
        "gametwist",
        "-c",
        "rufer",
        *players,
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "50",
        "-b",
        "absolut,verloren",
        LANG="de_AT.UTF-8",
    )
    assert no_card.returncode == short.returncode == enough.returncode == 1
    assert "die Prämie Trull hat sie nicht gemacht" in no_card.stderr.decode()
    assert "gibt die Prämie Absolut nur einer Seite" in short.stderr.decode()
    assert "die es für die Prämie Absolut braucht" in enough.stderr.decode()
    for refused in (short, enough):
        assert "(bonuses.absolut.min_card_points)" in refused.stderr.decode()
    assert not any(
        " trull " in r.stderr.decode() or " absolut " in r.stderr.decode() for r in (no_card, short, enough)
    )


def test_a_name_refused_is_told_why_in_german() -> None:
    refused = _run("new", "--players", "Anna,Be\trt,Cilli,Dani", "--ledger", os.devnull, LANG="de_AT.UTF-8")
    assert refused.returncode == 2
    assert "ein Name darf U+0009 nicht enthalten" in refused.stderr.decode()


def test_the_season_warns_and_refuses_in_german_naming_its_options(tmp_path: Path) -> None:
    # Two evenings, one under koenigrufen (Simplified Scoring) and one under gametwist
    # (zero-sum): their Victory Points mean different things, so the season refuses to add them.
    for name, profile, day in (("a", "koenigrufen", "2025-01-01"), ("b", "gametwist", "2025-01-02")):
        ledger = str(tmp_path / f"{name}.toml")
        assert (
            _run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", ledger, "-P", profile, "--date", day).returncode
            == 0
        )
        assert (
            _run(
                "record", "-l", ledger, "-c", "rufer", "-d", "Anna", "--partner", "Cilli", "-t", "40"
            ).returncode
            == 0
        )
    refused = _run("season", str(tmp_path), LANG="de_AT.UTF-8")
    assert refused.returncode == 1
    err = refused.stderr.decode()
    assert "sie rechnen verschieden ab (vereinfacht und mit Nullsumme)" in err
    assert "mit --rescore PROFIL jedes Spiel nach einem Profil neu rechnen" in err
    warned = _run("season", str(tmp_path / "a.toml"), "--alias", "Berti=Bert", LANG="de_AT.UTF-8")
    assert warned.returncode == 0
    assert "Warnung: --alias 'Berti=Bert': niemand namens 'Berti' hat in diesen Schriften gespielt" in (
        warned.stderr.decode()
    )
    english = _run("season", str(tmp_path / "a.toml"), "--alias", "Berti=Bert", LANG="C")
    assert (
        "warning: --alias 'Berti=Bert': nobody called 'Berti' played in these ledgers"
        in english.stderr.decode()
    )
    # the alias's own name is what Berti is meant to become: it is no spelling of Berti to suggest
    assert "did you mean" not in english.stderr.decode() and "meinst du" not in warned.stderr.decode()


def test_a_season_says_its_days_as_the_reader_writes_them(tmp_path: Path) -> None:
    ledger = str(tmp_path / "a.toml")
    assert _run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", ledger, "--date", "14.03.2025").returncode == 0
    args = ("season", str(tmp_path), "--from", "01.04.2025", "--to", "2025-05-01")
    de = _run(*args, LANG="de_AT.UTF-8").stderr.decode()
    span_de = "am oder nach dem 01.04.2025 und am oder vor dem 01.05.2025"
    assert f"die einzige Schrift ist nicht {span_de} datiert" in de
    en = _run(*args, LANG="C").stderr.decode()
    assert "the one ledger is not dated on or after 2025-04-01 and on or before 2025-05-01" in en
    assert _run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", str(tmp_path / "b.toml")).returncode == 0
    assert f"keine der 2 Schriften ist {span_de} datiert" in _run(*args, LANG="de_AT.UTF-8").stderr.decode()
    chart = tmp_path / "evening.svg"
    assert _run("--lang", "de", "chart", ledger, "-o", str(chart)).returncode == 0
    assert "Abend 14.03.2025" in chart.read_text(encoding="utf-8")


def test_an_unknown_tarockscore_lang_is_warned_about_once_and_english_goes_on() -> None:
    done = _run("score", str(EXAMPLE), TAROCKSCORE_LANG="xx", LANG="de_AT.UTF-8")
    assert done.returncode == 0
    assert done.stderr.decode() == (
        "warning: TAROCKSCORE_LANG='xx' is not a language of tarockscore (de or en); going on in English\n"
    )
    assert "Victory Points" in done.stdout.decode()
    quiet = _run("--lang", "de", "score", str(EXAMPLE), TAROCKSCORE_LANG="xx")
    assert quiet.returncode == 0 and quiet.stderr == b""
