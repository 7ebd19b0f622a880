"""The players' German everywhere: every message of the catalogue and everything the commands show
a German reader names games and bonuses by their German names, with no profile key and no English
sentence; ``--json`` stays byte for byte the same in both languages.

The hands are scored by koenigrufen (docs/rules/koenigrufen.md): a Rufer is won at 40 card points
(35 2/3 wins), a Dreier lost at 30; the numbers are not what is checked here, the words are.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.errors import NAMED, key_title, message, one_of
from tarockscore.io.inputs import load_profile, shipped_names
from tarockscore.render.evening import TEMPLATES, moment, read_back, said
from tests.stored import unfolded
from tests.test_i18n import PO, read_po

ROOT = Path(__file__).resolve().parent.parent
FIVE = "Anna,Bert,Cilli,Dani,Emil"

# Words that say a sentence is English and never stand in a German one.
ENGLISH = re.compile(
    r"\b(the|and|is|of|by|with|won|lost|pays|hands|announced|silent|declarers|defenders|each|every|"
    r"only|are|this|that|from|which|would|should|their|its|not|none|one|no|whose|after|before|than)\b"
)
# What is not prose: a placeholder, quoted or typed text, an option, a key path and its value, a
# file or folder, a citation of a source ([CTK], §2.2, D4) or a rule set's name (Calling the King),
# an option with the value typed (the place of an error), a hand-file key list after "Tabelle mit".
NOT_PROSE = re.compile(
    r"Calling the (?:King|Twenty)|(?<![\w-])-[a-zA-Z] [^:]+:|\{[^}]*\}|`[^`]*`|'[^']*'|\"[^\"]*\"|“[^”]*”|„[^“]*“|--?[a-z][a-z-]*|\$[A-Z_]+"
    r"|\b[a-z_]+(?:\.[a-z_\[\]0-9]+)+(?: = \S+)?|\b[a-z_]+ = \S+|\[[^\]]*\]|\S+\.(?:toml|md|txt|html|svg|com)\b"
    r"|mit name, side, announced, made, kontra"
)


def prose(text: str) -> str:
    return NOT_PROSE.sub(" ", text)


def shipped_keys() -> set[str]:
    """Every contract, bonus and Kontra step key of the shipped profiles, and their aliases."""
    keys: set[str] = set()
    for name in shipped_names():
        p = load_profile(name)
        keys |= set(p.contracts) | set(p.bonuses) | {s.name for s in p.kontra.ladder}
        for contract in p.contracts.values():
            keys |= set(contract.aliases)
        for bonus in p.bonuses.values():
            keys |= set(bonus.aliases)
    return keys


def identifiers(text: str, keys: set[str]) -> list[str]:
    """The profile keys a German text shows as keys: a word with an underscore, or a shipped key
    in lower case (the German names are capitalised: Dreier, König ultimo, Vier Könige)."""
    text = prose(text)  # a key path, a value quoted or typed, an option: what the reader types
    found = re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", text)
    found += [w for w in re.findall(r"(?<![-./\w])[a-z]+(?![-./\w])", text) if w in keys]
    return found


# -- the catalogue ---------------------------------------------------------------------------------


# A message whose German is its English text is one of the players' words the two languages
# share (Pagat, Kontra, Radl, NAME, FORMAT), placeholders alone, or "n" (the answer no).
def shared(text: str) -> bool:
    words = re.findall(r"[A-Za-zÄÖÜäöüß]+", prose(text))
    return all(w[0].isupper() or w in ("n", "ouvert", "via") for w in words)


def test_every_message_is_german() -> None:
    untranslated, english = [], []
    for entry in read_po(PO):
        for text in entry.strings.values():
            if text in (entry.msgid, entry.plural) and not shared(text):
                untranslated.append(entry.msgid)
            if ENGLISH.search(prose(text)):
                english.append((text, ENGLISH.findall(prose(text))))
    assert not untranslated, untranslated
    assert not english, english


# A profile key set to a value inside a sentence's parentheses: "(valat.bonuses = {rule!r})".
KEY_SET = re.compile(r"\([^()]*\b[a-z_]+(?:\.[a-z_{}]+)+ = [^()]*\)")


def test_no_german_message_names_a_profile_key_in_its_sentence() -> None:
    # The table reads the rule in words; the key path is for --json and the English text.
    named = [s for e in read_po(PO) for s in e.strings.values() if KEY_SET.search(s)]
    assert not named, named
    assert KEY_SET.search("Valat (valat.bonuses = {rule!r}): nicht geschrieben")
    assert KEY_SET.search('(Kontra ad personam, kontra.negative = "individual")')
    assert not KEY_SET.search('Radl: ×{radl} [radl.factor]; z. B. kontra = {{ Bert = "kontra" }}')


def test_a_bid_only_the_forehand_may_make_is_refused_in_words(in_folder: Path) -> None:
    # GameTwist: the Sechserdreier is bid only by the first in hand (the profile's bidders).
    result = run("de", "score", "-P", "gametwist", "-p", "Anna,Bert,Cilli,Dani", "-c", "sechserdreier",
                 "-d", "Bert", "-t", "40")  # fmt: skip
    assert result.exit_code == 1, result.stdout
    assert "Bert" in result.stderr and "Vorhand" in result.stderr and "Sechserdreier" in result.stderr
    assert "contracts." not in result.stderr and "bidders" not in result.stderr


def test_the_walk_catches_english_and_a_key() -> None:
    assert ENGLISH.search(prose("Spiel 3 undone: rufer by Anna"))
    assert not ENGLISH.search(prose("Spiel 3 zurückgenommen (bonuses.pagat.side = 'declarers')"))
    keys = shipped_keys()
    assert identifiers("König ultimo zählt im dreier nicht", keys) == ["dreier"]
    assert identifiers("erlaubt sind four_kings", keys) == ["four_kings"]
    assert identifiers("Spiel 1: Dreier von Cilli; Vier Könige", keys) == []


def test_a_named_value_is_german_only_where_the_translation_asks_for_it() -> None:
    allowed = one_of(["uhu", "four_kings"])
    said_en = message("{name!r} is not scored in {contract}; it allows {allowed}", name="pagat",
                      contract="farbendreier", allowed=allowed)  # fmt: skip
    assert str(said_en) == "'pagat' is not scored in farbendreier; it allows 'four_kings', 'uhu'"
    with i18n.language("de"):
        assert (
            said_en.render(i18n.gettext) == "Pagat zählt im Farbendreier nicht; erlaubt sind Vier Könige, Uhu"
        )
    # a key path beside a named value keeps the key
    german = {"x": "{name!n} ist still (bonuses.{name}.kontra)"}
    assert message("x", name="king_ultimo").render(lambda t: german.get(t, t)) == (
        "König ultimo ist still (bonuses.king_ultimo.kontra)"
        if i18n.gettext("King Ultimo") != "King Ultimo"
        else "King Ultimo ist still (bonuses.king_ultimo.kontra)"
    )
    assert key_title("piccolo_ouvert") == "Piccolo Ouvert"


@pytest.mark.parametrize(
    ("lang", "args", "listed", "hint"),
    [
        ("de", ["-c", "Soloraufer"], "Solodreier, Solorufer,", "(meinst du Solorufer?)"),
        ("de", ["-c", "pikolo"], "Piccolo, Piccolo ouvert,", "(meinst du Piccolo?)"),
        ("de", ["-c", "rufer", "-b", "pagatt"], "eine davon wählen: Pagat,", "(meinst du Pagat?)"),
        ("en", ["-c", "pikolo"], "'piccolo', 'piccolo_ouvert',", "(did you mean 'piccolo'?)"),
    ],
)
def test_a_misspelt_game_or_bonus_is_suggested_in_the_words_listed(
    lang: str, args: list[str], listed: str, hint: str
) -> None:
    done = run(lang, "score", "-p", "A,B,C,D", "-d", "A", "-w", "B", "-t", "40", *args)
    assert done.exit_code == 1
    assert listed in done.stderr and done.stderr.endswith(f"{hint}\n"), done.stderr


def _immediate_calls() -> Iterator[tuple[str, str]]:
    """(msgid, where) of every message translated where it is written (``_``, ``gettext``): its
    German is formatted with ``str.format``, which knows no ``!n``."""
    for path in sorted((ROOT / "tarockscore").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "gettext", "ngettext")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}"


def test_a_named_placeholder_is_only_in_messages_the_error_family_fills() -> None:
    named = {e.msgid for e in read_po(PO) if any(NAMED in s for s in e.strings.values())}
    assert named  # the catalogue names games somewhere: an empty set proves nothing
    wrong = [(msgid, where) for msgid, where in _immediate_calls() if msgid in named]
    assert not wrong, wrong


# -- money, the audit trail ------------------------------------------------------------------------


def test_money_is_written_as_cldr_de_at_writes_it() -> None:
    # CLDR's de_AT currency pattern is "¤ #,##0.00": the euro sign first, a minus before both
    for amount, shown in [
        ("0.10", "€ 0,10"),
        ("-12.5", "-€ 12,50"),
        ("1234.50", "€ 1.234,50"),
        ("0", "€ 0,00"),
    ]:
        assert i18n.money(Decimal(amount), "de") == shown
    babel = pytest.importorskip("babel.numbers")
    for amount in ("0.10", "-12.5", "1234.50"):
        cldr = babel.format_currency(Decimal(amount), "EUR", locale="de_AT").replace("\xa0", " ")
        assert i18n.money(Decimal(amount), "de") == cldr


@pytest.mark.parametrize("typed", ["€ 0,10", "€\xa00,10", "0,10 €", "€0,10", "€ 0.10"])
def test_a_stake_is_read_as_a_german_sheet_writes_it(tmp_path: Path, typed: str) -> None:
    """docs/german.md: money is written `€ 0,10`, and stakes are read that way too."""
    path = tmp_path / "abend.toml"
    result = CliRunner().invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "--stake", typed, "-l", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "stake:   0.10 per Victory Point" in result.stdout
    settled = CliRunner().invoke(app, ["--lang", "de", "settle", "--stake", typed, "-l", str(path)])
    assert settled.exit_code == 0 and settled.stdout.startswith("Einsatz € 0,10 pro Punkt")


def test_every_template_of_the_audit_trail_is_read_back() -> None:
    # the edits write the trail: every template of theirs but the errors they raise
    source = (ROOT / "tarockscore" / "evening" / "operations.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    raised = {id(node) for r in ast.walk(tree) if isinstance(r, ast.Raise) for node in ast.walk(r)}
    marked = {
        str(node.args[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and id(node) not in raised
        and isinstance(node.func, ast.Name)
        and node.func.id == "N_"
        and isinstance(node.args[0], ast.Constant)
    }
    assert len(marked) > 10
    assert marked <= set(TEMPLATES), sorted(marked - set(TEMPLATES))


def test_a_stored_audit_line_is_said_in_german() -> None:
    line = "hand 4 (no. 3 on the sheet) replaced: rufer by Anna with Cilli, won → trischaken; recomputed hands 5, 6"
    assert read_back(line) is not None
    with i18n.language("de"):
        assert said(line) == (
            "Spiel 4 (Nr. 3 in der Schrift) ersetzt: Rufer von Anna mit Cilli, gewonnen → Trischaken; "
            "neu gerechnet: Spiele 5, 6"
        )
        assert said("a line of another version") == "a line of another version"
        assert moment("2025-03-14T20:40:00+00:00").startswith("14.03.2025 ")
        assert moment("not a time") == "not a time"
    assert said(line) == line
    # in English too a time is said as people read it, as explain says it, not as the trail stores it
    assert re.fullmatch(r"2025-03-1[45] \d\d:40", moment("2025-03-14T20:40:00+00:00"))
    assert moment("not a time") == "not a time"


# -- what the commands show ------------------------------------------------------------------------

runner = CliRunner()


def run(lang: str, *args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, ["--lang", lang, *args], input=stdin)


def evening(lang: str) -> list[Result]:
    """A five-player evening with corrections and mistakes; every result, in order."""
    steps = [
        ("new", "-p", FIVE, "--stake", "0,10", "--date", "14.03.2025"),
        (
            "record",
            "-c",
            "rufer",
            "-d",
            "Bert",
            "-w",
            "Cilli",
            "-t",
            "40",
            "-k",
            "kontra",
            "-b",
            "pagat,announced",
        ),
        ("record", "-c", "dreier", "-d", "Cilli", "-t", "30", "-b", "four_kings"),
        ("record", "-c", "bettel", "-d", "Dani", "--won"),
        ("record", "-c", "trischaken", "-t", "Dani=10", "-t", "Emil=20", "-t", "Anna=10", "-t", "Bert=30"),
        (
            "record",
            "-c",
            "solorufer",
            "-d",
            "Anna",
            "-w",
            "Bert",
            "-t",
            "50",
            "-b",
            "king_ultimo,announced,lost",
        ),
        ("record", "-c", "piccolo_ouvert", "-d", "Bert", "--lost"),
        ("undo",),
        ("replace", "2", "-c", "farbensolo", "-d", "Cilli", "-t", "40"),
        ("delete", "1", "-y"),
        ("radl", "add"),
        ("show",),
        ("explain", "1"),
        ("explain", "2"),
        ("explain", "3"),
        ("explain", "4"),
        ("settle",),
        ("stats",),
        ("season", "."),
        # mistakes: every one an error in the reader's language
        ("record", "-c", "dreier", "-d", "Cilli", "-t", "40", "-b", "king_ultimo"),
        ("record", "-c", "farbendreier", "-d", "Cilli", "-t", "40", "-b", "pagat"),
        ("record", "-c", "rufer", "-d", "Cilli", "-w", "Emil", "-t", "40", "-b", "king_ultimo,defenders"),
        ("record", "-c", "ruffer", "-d", "Cilli", "-t", "40"),
        ("record", "-c", "rufer", "-d", "Cilli", "-t", "40"),
        ("record", "-c", "bettler", "-d", "Cilli", "-t", "40"),
    ]
    return [run(lang, *step) for step in steps]


@pytest.fixture
def in_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def german_problems(text: str, keys: set[str]) -> list[str]:
    problems = [f"key {k!r}" for k in identifiers(text, keys)]
    problems += [f"English {w!r}" for w in ENGLISH.findall(prose(text))]
    if "error:" in text or "Usage:" in text:
        problems.append("English heading")
    return problems


def test_an_evening_in_german_names_everything_in_german(in_folder: Path) -> None:
    keys = shipped_keys()
    results = evening("de")
    assert [r.exit_code for r in results[-6:]] == [1, 1, 1, 1, 1, 1], [r.stderr for r in results[-6:]]
    assert all(r.exit_code == 0 for r in results[:-6]), [(r.stdout, r.stderr) for r in results[:-6]]
    bad = []
    for r in results:
        for line in (r.stdout + r.stderr).splitlines():
            found = german_problems(line, keys)
            if found:
                bad.append((line, found))
    assert not bad, "\n".join(f"{line}\n    {found}" for line, found in bad)
    assert all(line.startswith("Fehler: ") for r in results[-6:] for line in r.stderr.splitlines())
    shown = results[11].stdout
    assert re.search(
        r"^Protokoll \d\d\.\d\d\.\d{4} \d\d:\d\d: Spiel 6 zurückgenommen: Piccolo ouvert von Bert",
        shown,
        re.M,
    )


def test_the_profiles_and_the_guided_entry_in_german(in_folder: Path) -> None:
    keys = shipped_keys() - set(shipped_names())  # a profile is named by its name (-P pagat)
    bad = []
    outputs = [run("de", "profiles")] + [run("de", "profiles", "show", name) for name in shipped_names()]
    assert run("de", "new", "-p", FIVE).exit_code == 0
    # a Rufer (1) of Bert with Cilli at 40; Kontra or bonuses: yes; no Kontra on the game; the
    # König ultimo, chosen by its German name, for the declarers, announced, made, no Kontra on
    # it; no more bonuses; saved
    entered = run("de", "enter", stdin="1\nBert\nCilli\n40\nj\n\nKönig ultimo\n\nj\n\n\n\n\n")
    assert "5=König ultimo" in entered.stdout and "König ultimo, angesagt: ja" in entered.stdout
    assert "Spiel 1: Rufer von Bert mit Cilli, gewonnen" in entered.stdout
    outputs.append(entered)
    for r in outputs:
        assert r.exit_code == 0, (r.stdout, r.stderr)
        text = r.stdout + r.stderr
        # the list's titles are wrapped between their words: read whole, a name over two lines
        for line in [" ".join(text.split())] if r is outputs[0] else text.splitlines():
            found = german_problems(line, keys)
            if found:
                bad.append((line, found))
    assert not bad, "\n".join(f"{line}\n    {found}" for line, found in bad)


def test_a_tournament_in_german(in_folder: Path) -> None:
    keys = shipped_keys()
    players = "A1,B2,C3,D4,E5,F6,G7,H8"
    assert run("de", "tournament", "new", "tag", "-p", players, "--rounds", "1", "--games", "4",
               "-P", "ooe-2023", "--format", "schrift", "--stake", "0,10").exit_code == 0  # fmt: skip
    assert run("de", "tournament", "draw", "tag", "-r", "1", "--seed", "1").exit_code == 0
    outputs = [run("de", "tournament", "standings", "tag"), run("de", "tournament", "money", "tag")]
    bad = []
    for r in outputs:
        assert r.exit_code == 0, (r.stdout, r.stderr)
        for line in (r.stdout + r.stderr).splitlines():
            found = german_problems(line, keys)
            if found:
                bad.append((line, found))
    assert not bad, "\n".join(f"{line}\n    {found}" for line, found in bad)


def test_help_pages_in_german_have_no_english_placeholder() -> None:
    placeholders = re.compile(
        r"\b(CONTRACT|NAMES|POINTS|STEP|BONUS|FILE|HAND_FILE|PROFILE|AMOUNT|DATE|FOLDER)\b"
    )
    for command in (["record"], ["score"], ["new"], ["season"], ["tournament", "new"], ["show"], []):
        page = run("de", *command, "--help").stdout
        assert "Usage:" not in page and "Aufruf:" in page
        assert not placeholders.findall(page), (command, placeholders.findall(page))
        assert "friday" not in page
    record = run("de", "record", "--help").stdout
    assert "NAME[,Spieler|Gegner][,angesagt][,verloren][,STUFE]" in record


def _command_paths(command: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _command_paths(sub, (*path, name))


def test_every_help_page_in_german_names_its_values_in_german() -> None:
    """Every option's and argument's placeholder on every help page is a German word (KOPF, PFAD,
    NAME=PUNKTE, Spieler|Gegner), and a file is a DATEI even where the option is called --points."""
    import typer.main

    english = re.compile(r"\b(HEAD|PATH|DIR|TITLE|TABLE|FROM|ADDRESS|KING_HALF|POINTS|FILE)\b")
    for path in _command_paths(typer.main.get_command(app)):
        page, examples = run("de", *path, "--help").stdout.split("Beispiele:")
        assert all(len(line) <= 80 for line in examples.splitlines()), examples  # their words longer
        placeholders = english.findall(page)
        assert not placeholders, (path, placeholders)
    assert "--king-half Spieler|Gegner" in run("de", "record", "--help").stdout
    assert "--head KOPF" in run("de", "check", "--help").stdout
    result = run("de", "tournament", "result", "--help").stdout
    assert "--table N" in result and "--money NAME=PUNKTE" in result and "--from DATEI" in result
    assert "--points DATEI" in run("de", "cup", "standings", "--help").stdout
    assert "--points FILE" in run("en", "cup", "standings", "--help").stdout


def test_json_is_byte_identical_in_both_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outputs = {}
    for lang in ("en", "de"):
        folder = tmp_path / lang
        folder.mkdir()
        monkeypatch.chdir(folder)
        evening(lang)
        outputs[lang] = [
            run(lang, *args).stdout
            for args in (
                ("show", "--json"),
                ("settle", "--json"),
                ("score", str(ROOT / "examples" / "koenigrufen-call.toml"), "--json"),
                ("show", "--csv"),
                ("stats", "--format", "json"),
                ("season", ".", "--format", "json"),
                ("profiles", "--json"),
            )
        ]
        outputs[lang].append(
            (folder / "tarock-ledger.toml").read_text(encoding="utf-8").split("[[event]]", 1)[1]
        )
    assert all(outputs["en"]), outputs["en"]
    # the log's times differ by the seconds between the runs, and so do the hashes that chain
    # its entries (each covers its time) and the head; everything else is the same
    stamp = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?[+-]\d\d:\d\d|\b[0-9a-f]{64}\b")
    assert [stamp.sub("T", o) for o in outputs["de"]] == [stamp.sub("T", o) for o in outputs["en"]]


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_hand_is_explained_in_german(example: Path) -> None:
    keys = shipped_keys()
    result = run("de", "score", "--explain", str(example))
    assert result.exit_code == 0, result.stderr
    lines = unfolded(result.stdout).splitlines()  # a quotation folded at the terminal read whole
    bad = [(line, found) for line in lines if (found := german_problems(line, keys))]
    assert not bad, bad


def test_a_hand_without_a_declarer_is_named_in_a_summary_made_now_and_read_back() -> None:
    # what ledger.audit.summary makes of a Trischaken (no declarer) doubled by a Radl, and the
    # trail's line when it is undone, as made now and as read back from the file
    made = message("{hand}, Radl ×{radl}", hand="trischaken", radl=2)
    undone = message("{hand} undone: {summary}", hand=message("hand {id}", id=2), summary=made)
    with i18n.language("de"):
        assert said(made) == "Trischaken, Radl ×2"
        assert said(undone) == said(str(undone)) == "Spiel 2 zurückgenommen: Trischaken, Radl ×2"
        assert said("trischaken") == "Trischaken"


def test_card_points_that_prove_a_valat_name_the_side_in_german(in_folder: Path) -> None:
    # 0 card points to the Solodreier's declarer: the defenders hold all 70 [CTK "Valat"], a Valat.
    assert run("de", "new", "-p", "Anna,Bert,Cilli,Dani").exit_code == 0
    result = run("de", "record", "-c", "solodreier", "-d", "Dani", "-t", "0")
    assert result.exit_code == 1
    assert "die Gegenseite hat alle 70 Kartenpunkte" in result.stderr
    assert "den Valat der Gegenseite eintragen" in result.stderr
    assert german_problems(result.stderr, shipped_keys()) == [], result.stderr


def test_a_roman_numeral_in_a_key_is_shown_as_one() -> None:
    # the Viennese bird calls by their trump's numeral: III-Rufer is the Kakadurufer [WTC20]
    assert key_title("iii_rufer") == "III Rufer"
    assert key_title("ii_ultimo") == "II Ultimo"
    assert key_title("king_ultimo") == "King Ultimo"  # a word is a word
    assert key_title("vier_koenige") == "Vier Koenige"


def test_the_sheet_is_the_schrift_and_card_points_are_kartenpunkte(in_folder: Path) -> None:
    """docs/german.md's words: the score sheet is the Schrift (not a Block, a Blatt or a Liste on
    the command line), card points are Kartenpunkte and Punkte are what the sheet writes, so an
    explanation that shows both never calls them by one word."""
    run("de", "new", "-p", "Anna,Bert,Cilli,Dani")
    record = run(
        "de",
        "record",
        "-c",
        "trischaken",
        "-t",
        "Anna=20",
        "-t",
        "Bert=30",
        "-t",
        "Cilli=10",
        "-t",
        "Dani=10",
    )
    assert record.exit_code == 0, record.output
    explained = unfolded(run("de", "explain", "1").stdout)  # a bet's line folded in 80 columns
    assert "Kartenpunkte: Anna 20, Bert 30, Cilli 10, Dani 10" in explained
    assert "; in der Schrift: Anna +5, Cilli +5, Dani +5" in explained
    assert "Punkte: Anna +5, Bert 0, Cilli +5, Dani +5" in explained
    assert "Block" not in explained
    entered = run("de", "enter", stdin="rufer\nAnna\nCilli\n40\nn\n\n")
    assert "Kartenpunkte von Anna und Cilli (von 70, oder Valat)" in entered.stdout
    assert "  4  Kartenpunkte: 40" in entered.stdout
    for command in (["serve"], ["season"], ["stats"], ["chart"]):
        page = run("de", *command, "--help").stdout
        assert "Liste" not in page and "Blatt, das" not in page, command
    assert "Die Schrift eines Abends" in run("de", "serve", "--help").stdout


@pytest.mark.parametrize(
    ("number", "english", "german"),
    [
        (0, "0", "0"),
        (999, "999", "999"),
        (1000, "1,000", "1.000"),
        (4096, "4,096", "4.096"),
        (1_000_000, "1,000,000", "1.000.000"),
        (1_002_003, "1,002,003", "1.002.003"),
        (-12_345, "-12,345", "-12.345"),
    ],
)
def test_a_count_is_grouped_the_way_each_language_writes_it(number: int, english: str, german: str) -> None:
    """A thousand is 1,000 in English and 1.000 in German: "1,000" in a German sentence reads as one."""
    assert i18n.whole(number) == english
    with i18n.language("de"):
        assert i18n.whole(number) == german


def test_a_count_in_german_output_has_no_english_comma(in_folder: Path) -> None:
    from tarockscore.render.evening import first_few

    with i18n.language("de"):
        assert first_few(list(range(1012))).endswith(" und 1.002 weitere (--json listet alle)")
    assert first_few(list(range(1012))).endswith(" and 1,002 more (--json lists every one)")
    # a profile value beyond the range a reader takes (radl.factor at most 1,000,000)
    (in_folder / "big.toml").write_text(
        'extends = "koenigrufen"\n[radl]\nfactor = 99999999\n', encoding="utf-8"
    )
    refused = run("de", "profiles", "show", "./big.toml")
    assert refused.exit_code == 1
    assert "(höchstens 1.000.000 in jede Richtung)" in refused.stderr
    # a line typed at a question longer than any answer (4,096 characters)
    import io

    from tarockscore.cli.terminal import TooMuchInput, _BoundedLines

    with pytest.raises(TooMuchInput) as raised:
        _BoundedLines(io.StringIO("x" * 5000 + "\n")).readline()
    with i18n.language("de"):
        assert "eine Antwort mit mehr als 4.096 Zeichen" in raised.value.problems[0].render(i18n.gettext)
    assert "an answer longer than 4,096 characters" in raised.value.problems[0].render()


def test_a_tournament_sheet_shown_in_german_says_its_place_and_times_in_german(in_folder: Path) -> None:
    """The sheet's place as the draw stores it ("round 1, table 1") and the time a corrected paper
    result replaced are stored in English; show says them as German writes them."""
    made = run(
        "de",
        "tournament",
        "new",
        "tag",
        "-p",
        "Anna,Bert,Cilli,Dani",
        "--rounds",
        "1",
        "--games",
        "4",
        "-P",
        "ooe-2023",
        "--format",
        "schrift",
        "--title",
        "Cup Wien",
        "--date",
        "14.03.2026",
    )
    assert made.exit_code == 0, made.output
    assert run("de", "tournament", "draw", "tag", "-r", "1", "--seed", "1").exit_code == 0
    points = ["Anna=12", "Bert=-4", "Cilli=-4", "Dani=-4"]
    assert run("de", "tournament", "result", "tag", "-r", "1", "-t", "1", *points).exit_code == 0
    replaced = run(
        "de",
        "tournament",
        "result",
        "tag",
        "-r",
        "1",
        "-t",
        "1",
        "--replace",
        "Anna=8",
        "Bert=0",
        "Cilli=-4",
        "Dani=-4",
    )
    assert replaced.exit_code == 0, replaced.output
    shown = unfolded(run("de", "show", "-l", "tag/round-1/table-1.toml").stdout)
    assert re.search(r"^Profil ooe-2023 · 14\.03\.2026 · Cup Wien, Runde 1, Tisch 1 \[[0-9a-f]+\]", shown)
    assert re.search(r"es ersetzt das Ergebnis vom \d\d\.\d\d\.\d{4} \d\d:\d\d: [^\n]*Anna \+12", shown), (
        shown
    )
    assert "round 1" not in shown and "+00:00" not in shown
    english = unfolded(run("en", "show", "-l", "tag/round-1/table-1.toml").stdout)
    assert re.search(r"· Cup Wien, round 1, table 1 \[[0-9a-f]+\]", english)
    # the replaced result's time is said as the audit lines say theirs: local, to the minute
    assert re.search(r"it replaces the result of \d{4}-\d\d-\d\d \d\d:\d\d: [^\n]*Anna \+12", english), (
        english
    )
    assert "+00:00" not in english


def test_a_date_refused_says_why_in_german_on_every_option(in_folder: Path) -> None:
    """A date that is no day of the calendar is refused in the reader's words, for --date as for
    the season's --from, and the reason is not Python's English ("month must be in 1..12")."""
    new = run("de", "new", "-p", "Anna,Bert,Cilli,Dani", "--date", "2025-13-01")
    assert new.exit_code == 2
    assert "'2025-13-01' ist kein Datum (es gibt keinen Monat 13); als TT.MM.JJJJ" in new.stderr
    assert run("de", "new", "-p", "Anna,Bert,Cilli,Dani").exit_code == 0
    season = run("de", "season", "--from", "29.02.2025")
    assert season.exit_code == 2
    assert (
        "--from: '29.02.2025' ist kein Datum (der Monat 2 des Jahres 2025 hat 28 Tage); als "
        "TT.MM.JJJJ oder JJJJ-MM-TT" in season.stderr
    )
    assert "is not a date" not in run("de", "season", "--to", "foo").stderr
    english = run("en", "season", "--from", "00.01.0000")
    assert "(there is no year 0)" in english.stderr, english.stderr
    assert "(month 2 of 2025 has 28 days)" in run("en", "stats", "--to", "29.02.2025").stderr


def test_profiles_that_do_not_add_up_are_named_in_german(in_folder: Path) -> None:
    """The season refuses to add evenings scored under profiles that settle differently, naming
    the two settlements in the reader's words, not as their profile keys."""
    assert run("de", "new", "-p", "Anna,Bert,Cilli,Dani", "-l", "a.toml").exit_code == 0
    assert run("de", "new", "-p", "Anna,Bert,Cilli,Dani", "-P", "ooe-2023", "-l", "b.toml").exit_code == 0
    refused = run("de", "season", "a.toml", "b.toml")
    assert refused.exit_code == 1, refused.output
    assert "sie rechnen verschieden ab (vereinfacht und mit Nullsumme)" in refused.stderr
    assert (
        "they settle differently (simplified and zero_sum)" in run("en", "season", "a.toml", "b.toml").stderr
    )


def test_a_value_outside_an_options_choices_is_refused_in_german() -> None:
    """Click's own refusal of a choice, said in the reader's words."""
    choice = run("de", "tournament", "players", ".", "x", "Bert")
    assert choice.exit_code == 2
    assert "Fehler: add|drop: 'x' ist nicht erlaubt; eines von 'add', 'drop' wählen\n" == choice.stderr
    assert (
        "error: add|drop: 'x' is not one of 'add', 'drop'\n"
        == run("en", "tournament", "players", ".", "x", "Bert").stderr
    )


@pytest.mark.parametrize("command", ["season", "stats", "chart"])
def test_a_season_date_that_is_no_date_is_refused_in_german(command: str, in_folder: Path) -> None:
    # `season --from 2026-13-01`: a German run said the whole refusal in English ("is not a date
    # (month must be in 1..12); write it as YYYY-MM-DD …"), as Python words a bad month. It is
    # said as `new --date` says it, at the option, each part in the reader's language.
    forms = "als TT.MM.JJJJ oder JJJJ-MM-TT, etwa 14.03.2025 oder 2025-03-14 schreiben"
    output = ["-o", "x.svg"] if command == "chart" else []
    assert run("de", "new", "-p", "Anna,Bert,Cilli,Dani").exit_code == 0  # no ledger is said beside it
    for option, typed, why in (
        ("--from", "2026-13-01", " (es gibt keinen Monat 13)"),
        ("--to", "31.04.2026", " (der Monat 4 des Jahres 2026 hat 30 Tage)"),
        ("--from", "März", ""),
    ):
        result = run("de", command, *output, option, typed)
        assert result.exit_code == 2
        assert result.stderr == f"Fehler: {option}: '{typed}' ist kein Datum{why}; {forms}\n"
    english = run("en", command, *output, "--from", "2026-13-01")
    assert english.stderr.startswith(
        "error: --from: '2026-13-01' is not a date (there is no month 13); write"
    )
    assert not Path("x.svg").exists()


def test_a_date_of_new_that_is_no_date_says_why_in_german(in_folder: Path) -> None:
    result = run("de", "new", "-p", "Anna,Bert,Cilli,Dani", "--date", "30.02.2026")
    assert result.exit_code == 2
    assert "'30.02.2026' ist kein Datum (der Monat 2 des Jahres 2026 hat 28 Tage)" in result.stderr
    assert not Path("tarock-ledger.toml").exists()


def test_a_format_that_is_none_is_refused_in_german(in_folder: Path) -> None:
    # `show --format xml`: a German run said Click's reason in English ("'xml' is not one of …");
    # it is refused as `--format html` is, naming the formats show prints (it has no page)
    result = run("de", "show", "--format", "xml")
    assert result.exit_code == 2
    assert result.stderr == "Fehler: --format: 'xml': dieser Befehl gibt table, json, csv aus\n"
    english = run("en", "show", "--format", "xml")
    assert english.stderr == "error: --format: 'xml': this command prints table, json, csv\n"


def test_a_tournament_file_that_is_not_there_is_named_in_german(in_folder: Path) -> None:
    # `cup standings day --points nix.toml`: the German refusal named the kind of file in English,
    # "diese Datei (cup points) gibt es nicht"
    assert (
        run(
            "en",
            "tournament",
            "new",
            "day",
            "-p",
            "A,B,C,D",
            "--rounds",
            "1",
            "--games",
            "4",
            "-P",
            "ooe-2023",
            "--format",
            "schrift",
        ).exit_code
        == 0
    )
    for args, what in (
        (["cup", "standings", "day", "--points", "nix.toml"], "Cup-Punkte"),
        (
            [
                "tournament",
                "new",
                "other",
                "--players-file",
                "nix.txt",
                "--rounds",
                "1",
                "--games",
                "4",
                "-P",
                "ooe-2023",
                "--format",
                "schrift",
            ],
            "Spieler",
        ),
        (["tournament", "result", "day", "--from", "nix.csv"], "Ergebnisse"),
    ):
        result = run("de", *args)
        assert result.exit_code in (1, 2), result.stderr
        assert f"diese Datei ({what}) gibt es nicht" in result.stderr, result.stderr


def test_a_count_in_blatt_under_zwanzigerrufen_says_what_to_write_in_german(in_folder: Path) -> None:
    # Zwanzigerrufen counts whole card points, 0 to 88 (docs/rules/zwanzigerrufen.md §1): the
    # refusal of a count in Blatt names what to write instead
    result = run(
        "de", "score", "-P", "zwanzigerrufen", "-c", "rufer", "-p", "Anna,Bert,Cilli,Dani",
        "-d", "Anna", "-w", "Cilli", "-t", "45/2",
    )  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr == (
        "Fehler: Kommandozeile: -t 45/2: '45/2': zwanzigerrufen zählt nur ganze Kartenpunkte; "
        "eine ganze Zahl von 0 bis 88 schreiben\n"
    )


def test_a_short_form_refusal_names_the_options_typed_not_the_files_keys(in_folder: Path) -> None:
    # a Dreier needs 35 2/3 (docs/rules/koenigrufen.md §1.3), so 30 and --won disagree; a Rufer's
    # Defenders keep at most the talon half of 13 points in a Valat (§1.4), so 40 leaves them 30
    hand = ("score", "-p", "Anna,Bert,Cilli,Dani", "-d", "Anna")
    won = run("de", *hand, "-c", "dreier", "-t", "30", "--won")
    assert won.exit_code == 1
    assert won.stderr == (
        "Fehler: Kommandozeile: --won: passt nicht zu -t 30 (die Spielerseite braucht 35 2/3)\n"
    )
    assert run("en", *hand, "-c", "dreier", "-t", "30", "--won").stderr == (
        "error: command line: --won: disagrees with -t 30 (the declarer side needs 35 2/3)\n"
    )
    valat = run("de", *hand, "-c", "rufer", "-w", "Cilli", "-t", "40", "-b", "valat")
    assert valat.exit_code == 1
    assert valat.stderr.endswith("1 und ganze Punkte mehr, höchstens 13; -t 40 lässt ihnen 30\n"), (
        valat.stderr
    )
    assert "card_points" not in valat.stderr


def test_a_valat_against_the_outcome_names_the_options_typed(in_folder: Path) -> None:
    # a Valat takes every trick, so its side wins the game (docs/rules/koenigrufen.md §1.4); 40
    # card points win a Rufer for the declarers (35 2/3 needed), --lost says they lost it
    hand = ("score", "-p", "Anna,Bert,Cilli,Dani", "-c", "rufer", "-d", "Anna", "-w", "Bert")
    points = run("en", *hand, "-t", "40", "-b", "valat,defenders")
    assert points.exit_code == 1
    assert points.stderr == (
        "error: command line: -b valat,defenders: a Valat made by the defenders takes every trick, "
        "so the defenders win the game; -t 40 says they lost it (the declarer side needs 35 2/3)\n"
    )
    lost = run("de", *hand, "--lost", "-b", "valat,declarers")
    assert lost.exit_code == 1
    assert lost.stderr == (
        "Fehler: Kommandozeile: -b valat,declarers: ein Valat der Spielerseite macht jeden Stich, "
        "also gewinnt die Spielerseite das Spiel; --lost sagt, sie hat es verloren\n"
    )
    won = run("en", *hand, "--won", "-b", "valat,defenders")
    assert won.stderr.endswith("so the defenders win the game; --won says they lost it\n"), won.stderr


def test_the_outcome_flags_are_taken_in_the_tables_german(in_folder: Path) -> None:
    # the words a -b flag and `enter` take for won and lost (gewonnen, verloren) are flags too
    hand = ("score", "-p", "Anna,Bert,Cilli,Dani", "-c", "bettler", "-d", "Anna")
    verloren = run("de", *hand, "--verloren")
    assert verloren.exit_code == 0, verloren.stderr
    assert verloren.stdout == run("de", *hand, "--lost").stdout
    gewonnen = run("en", *hand, "--gewonnen")
    assert gewonnen.exit_code == 0, gewonnen.stderr
    assert gewonnen.stdout == run("en", *hand, "--won").stdout
    assert gewonnen.stdout != verloren.stdout
    both = run("en", *hand, "--won", "--verloren")
    assert both.exit_code == 2
    assert both.stderr == "error: --won and --verloren contradict each other: give it once\n"
    # --won/--lost stay the names the help page gives first
    assert "--won, --gewonnen / --lost, --verloren" in run("en", "score", "--help").stdout


def test_a_contract_decided_by_tricks_is_said_in_the_singular(in_folder: Path) -> None:
    # one game, one verb: the Bettler ouvert "wird entschieden", not "entscheiden"
    hand = ("score", "-p", "Anna,Bert,Cilli,Dani", "-c", "bettler ouvert", "-d", "Anna", "-t", "30")
    refused = run("de", *hand)
    assert refused.exit_code == 1
    assert refused.stderr.startswith(
        "Fehler: Kommandozeile: -t 30: Bettler ouvert wird nach Stichen entschieden, "
        "nicht nach Kartenpunkten: --won oder --lost angeben\n"
    )
    (in_folder / "hand.toml").write_text(
        'contract = "bettler"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\ndeclarer = "Anna"\ncard_points = 30\n',
        encoding="utf-8",
    )
    filed = run("de", "score", "hand.toml")
    assert (
        "Bettler wird nach Stichen entschieden, nicht nach Kartenpunkten: won = true oder false"
        in filed.stderr
    )


def test_enter_offers_no_bonus_as_keine_and_a_further_one_as_keine_mehr(tmp_path: Path) -> None:
    """The first bonus question offered "keine mehr" (no more) before any bonus was given, and
    the summary said "Prämie 1: keine mehr": the first offers "keine" (none), as the phones do,
    the next "keine mehr"."""
    ledger = str(tmp_path / "abend.toml")
    assert runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "-l", ledger]).exit_code == 0
    answers = "\n".join(["Dreier", "Bert", "40", "ja", "Kontra", ""]) + "\n\n"
    out = runner.invoke(app, ["--lang", "de", "enter", "-l", ledger], input=answers).stdout
    assert "Prämie (0=keine 1=Pagat" in out and "[keine]: " in out, out
    assert "Prämie 1: keine\n" in out, out
    answers = "\n".join(["Dreier", "Bert", "40", "ja", "", "Pagat", "Spieler", "", "", ""]) + "\n\n"
    out = runner.invoke(app, ["--lang", "de", "enter", "-l", ledger], input=answers).stdout
    assert "Noch eine Prämie (0=keine mehr 1=Pagat" not in out  # Pagat given: not offered again
    assert "Noch eine Prämie (0=keine mehr 2=Uhu" in out and "Prämie 2: keine mehr\n" in out, out


def test_a_beginning_of_several_choices_asks_for_more_letters(tmp_path: Path) -> None:
    """ "Solo" begins Solorufer, Solodreier and Farbensolo's short name: enter asked for "mehr davon"
    ("more of that"), which says nothing a player can do; it asks for more letters."""
    ledger = str(tmp_path / "abend.toml")
    assert runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "-l", ledger]).exit_code == 0
    said = runner.invoke(app, ["--lang", "de", "enter", "-l", ledger], input="Solo\n").stderr
    assert said.startswith(
        "  'Solo' kann Solorufer, Solodreier, Farbensolo sein: bitte mehr Buchstaben eingeben\n"
    ), said


def test_with_no_kontra_said_the_huettenfleck_is_asked_without_the_kontra(tmp_path: Path) -> None:
    """A house with the Hüttenfleck: after "Kontra aufs Spiel: keine" enter asked "Wurde das Kontra
    vor dem Talon gegeben?", of a Kontra nobody said; it asks whether Kontra was said before the
    talon, and keeps "das Kontra" where one was said."""
    house = tmp_path / "haus.toml"
    house.write_text(
        'extends = "koenigrufen"\nname = "haus"\n[kontra]\nhuettenfleck = true\n', encoding="utf-8"
    )
    ledger = str(tmp_path / "abend.toml")
    assert (
        runner.invoke(
            app, ["new", "-p", "Anna,Bert,Cilli,Dani", "--profile", str(house), "-l", ledger]
        ).exit_code
        == 0
    )
    for kontra, asked in (
        ("keine", "Wurde schon vor dem Talon Kontra gegeben (Hüttenfleck)? [j/N]"),
        ("Kontra", "Wurde das Kontra vor dem Talon gegeben (Hüttenfleck)? [j/N]"),
    ):
        answers = "\n".join(["Rufer", "Anna", "Cilli", "40", "ja", kontra, "nein", "", "n"]) + "\n"
        out = runner.invoke(app, ["--lang", "de", "enter", "-l", ledger], input=answers).stdout
        assert asked in out, out


def test_two_formats_at_once_are_refused_in_german(tmp_path: Path) -> None:
    """`show --json --csv` said "--json or --csv angeben, nicht beides": the "or" was English."""
    ledger = str(tmp_path / "l.toml")
    assert run("de", "new", "-p", "Anna,Bert,Cilli,Dani", "-l", ledger).exit_code == 0
    for args, words in (
        (["show", "-l", ledger, "--json", "--csv"], "--json oder --csv angeben, nicht beides"),
        (["profiles", "show", "pagat", "--toml", "--json"], "--toml oder --json angeben, nicht beides"),
        (["profiles", "--csv", "show", "pagat", "--json"], "--csv oder --json angeben, nicht beides"),
    ):
        result = run("de", *args)
        assert (result.exit_code, result.stderr) == (2, f"Fehler: {words}\n")


def test_a_talon_half_typed_wrong_is_answered_with_the_words_the_help_shows() -> None:
    """The German help shows `--king-half Spieler|Gegner`; a word typed wrong was answered "eines
    von 'declarer', 'defenders' wählen", the English words alone."""
    args = ["score", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "--talon", "-t", "40", "--king-half", "xx"]
    result = run("de", *args)
    assert (result.exit_code, result.stderr) == (
        1,
        "Fehler: Kommandozeile: --king-half xx: 'xx' ist nicht erlaubt; eines von 'declarer', 'defenders' "
        "wählen (auch wie am Tisch gesagt: Spieler, Gegner)\n",
    )
    assert run("en", *args).stderr == (
        "error: command line: --king-half xx: 'xx' is not allowed; choose one of 'declarer', 'defenders'"
        " (also as the table says them: Spieler, Gegner)\n"
    )


@pytest.mark.skipif(os.name != "posix", reason="a link to itself")
def test_the_systems_reason_a_file_cannot_be_read_is_said_in_german(tmp_path: Path) -> None:
    """`show -l loop.toml` (a link to itself) said "nicht lesbar: Too many levels of symbolic
    links": the system's reason is said in the reader's words, as the rest of the line is."""
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    long_name = str(tmp_path / ("a" * 300 + ".toml"))
    for args, words in (
        (
            ["show", "-l", str(loop)],
            f"{loop}: nicht lesbar: zu viele symbolische Links hintereinander (ein Link, der im Kreis führt?)",
        ),
        (["score", long_name], f"{long_name}: nicht lesbar: Dateiname zu lang"),
    ):
        result = run("de", *args)
        assert (result.exit_code, result.stderr) == (1, f"Fehler: {words}\n"), args
    assert run("en", "show", "-l", str(loop)).stderr == (
        f"error: {loop}: cannot read: Too many levels of symbolic links\n"
    )
