"""``tarockscore app build``: the site's files, nothing from elsewhere, bad input refused with nothing
written; and the page's Python, run here as the browser runs it (without the server's stack)."""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import re
import subprocess
import sys
import tarfile
import tomllib
import urllib.error
import urllib.request
import zipfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app
from tarockscore.cli.commands import app as app_command
from tarockscore.io.inputs import profiles_dir
from tests.stored import unfolded

runner = CliRunner()
SITE = {
    "index.html",
    "page.js",
    "worker.js",
    "sw.js",
    "app.css",
    "table.css",
    "table.js",
    "manifest.webmanifest",
    "icon.svg",
    "icon-192.png",
    "icon-512.png",
    "tarockscore.zip",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
}


def fake_pyodide(folder: Path, python: str = "3.14.2") -> Path:
    """A stand-in for the npm package: the files the site takes, with a lock naming its Python."""
    folder.mkdir(parents=True)
    for name in app_command.PYODIDE_FILES:
        (folder / name).write_bytes(f"pyodide's {name}".encode())
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": {"python": python}}), encoding="utf-8")
    (folder / "package.json").write_text('{"name": "pyodide"}', encoding="utf-8")
    return folder


def listing(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def build(*args: str) -> Any:
    return runner.invoke(app, ["app", "build", *args])


def test_the_site_holds_its_files_and_the_library(tmp_path: Path) -> None:
    result = build(str(tmp_path / "site"), "--pyodide", str(fake_pyodide(tmp_path / "package")))
    assert result.exit_code == 0, result.stderr
    site = tmp_path / "site"
    assert listing(site) == SITE
    assert "17 files" in result.stdout
    # the service worker keeps every file of this build, under a name that changes with them
    worker = (site / "sw.js").read_text(encoding="utf-8")
    cached = json.loads(re.search(r"const FILES = (\[.*\]);", worker).group(1))  # type: ignore[union-attr]
    assert set(cached) == (SITE - {"sw.js"}) | {"./"}
    assert "tarockscore-BUILD" not in worker
    # the engine's memory is kept under the same name, so that a new build drops it too
    name = re.search(r'const CACHE = "(tarockscore-[0-9a-f]+)";', worker).group(1)  # type: ignore[union-attr]
    assert f'const BUILD = "{name}";' in (site / "worker.js").read_text(encoding="utf-8")
    # the words shown before Python runs, in both languages, from the catalogue
    words = json.loads(re.search(r'id="words">(.*?)</script>', (site / "index.html").read_text()).group(1))  # type: ignore[union-attr]
    assert words["de"]["loading"] == "Die Spielregeln werden geladen …"
    assert words["en"]["loading"] == "Loading the rules of the game…"
    names = set(zipfile.ZipFile(site / "tarockscore.zip").namelist())
    assert {"tarockscore/app/__init__.py", "tarockscore/web/html.py", "tomli_w/_writer.py"} <= names
    assert {"tabulate/__init__.py", "tarockscore/_profiles/koenigrufen.toml"} <= names
    assert "tarockscore/_profiles/readings/published.toml" in names  # explain cites its readings
    assert "tarockscore/locale/de/LC_MESSAGES/tarockscore.mo" in names
    assert not any(n.startswith("tarockscore/cli/") for n in names)
    assert "tarockscore/web/app.py" not in names  # the server's stack is not run on a phone
    assert any(n.startswith("licenses/tabulate") for n in names)


def test_no_resource_from_elsewhere(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert build(str(site), "--pyodide", str(fake_pyodide(tmp_path / "package"))).exit_code == 0
    own = sorted(
        n for n in SITE if n.endswith((".html", ".js", ".css", ".webmanifest"))
    )  # its own text files
    for name in own:
        text = (site / name).read_text(encoding="utf-8")
        assert not re.search(r"(https?:)?//[\w.-]+\.\w", text.replace("http://www.w3.org", "")), name
        assert "@import" not in text and "url(" not in text, name


def test_a_site_built_again_is_replaced_and_other_files_stay(tmp_path: Path) -> None:
    site = tmp_path / "site"
    package = fake_pyodide(tmp_path / "package")
    assert build(str(site), "--pyodide", str(package)).exit_code == 0
    (site / "CNAME").write_text("tarock.example\n", encoding="utf-8")
    (site / "page.js").write_text("stale", encoding="utf-8")
    result = build(str(site), "--pyodide", str(package))
    assert result.exit_code == 0, result.stderr
    assert listing(site) == SITE | {"CNAME"}
    assert (site / "page.js").read_text(encoding="utf-8") != "stale"


def test_a_file_for_dir_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("mine", encoding="utf-8")
    result = build(str(target), "--pyodide", str(fake_pyodide(tmp_path / "package")))
    assert result.exit_code == 2
    assert "notes.txt: is a file; give a folder for the site" in result.stderr
    assert "Traceback" not in result.output
    assert target.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: DIR: '' is empty; give the folder to write the site into\n"),
        ("de", "Fehler: ORDNER: '' ist leer; den Ordner angeben, in den die Website geschrieben wird\n"),
    ],
)
def test_an_empty_dir_is_a_usage_error_not_this_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    """`app build ""` (a variable not set, `app build "$SITE"`) built the site into the folder it
    was run in, as "." would; it names DIR as the usage line does, exit 2, nothing written."""
    package = fake_pyodide(tmp_path / "package")
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    result = runner.invoke(app, ["--lang", lang, "app", "build", "", "--pyodide", str(package)])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", said)
    assert listing(here) == set()


def test_a_folder_of_other_files_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "photos"
    target.mkdir()
    (target / "index.html").write_text("my own page", encoding="utf-8")
    result = build(str(target), "--pyodide", str(fake_pyodide(tmp_path / "package")))
    assert result.exit_code == 2
    assert "holds other files and no tarockscore site" in result.stderr
    assert "nothing was written" in result.stderr
    assert listing(target) == {"index.html"}
    assert (target / "index.html").read_text(encoding="utf-8") == "my own page"


@pytest.mark.parametrize("given", ["folder", "file", "missing"])
def test_no_pyodide_package_is_refused(tmp_path: Path, given: str) -> None:
    path = tmp_path / "package"
    if given == "folder":
        path.mkdir()
        (path / "pyodide.mjs").write_text("", encoding="utf-8")
    elif given == "file":
        path.write_text("", encoding="utf-8")
    result = build(str(tmp_path / "site"), "--pyodide", str(path))
    assert result.exit_code == 2
    assert "--pyodide" in result.stderr and "no unpacked pyodide package" in result.stderr
    assert f"npm pack pyodide@{app_command.PYODIDE}" in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "site").exists()


def test_a_pyodide_with_an_old_python_is_refused(tmp_path: Path) -> None:
    result = build(str(tmp_path / "site"), "--pyodide", str(fake_pyodide(tmp_path / "package", "3.10.2")))
    assert result.exit_code == 2
    assert "this pyodide carries Python 3.10; tarockscore needs 3.11 or later" in result.stderr
    assert not (tmp_path / "site").exists()


class Answer(io.BytesIO):
    def __enter__(self) -> Answer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def npm_tarball(tmp_path: Path) -> bytes:
    """A tarball laid out as the npm registry's (every file under ``package/``)."""
    package = fake_pyodide(tmp_path / "package")
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        tar.add(package, arcname="package")
    return out.getvalue()


def test_without_pyodide_the_pinned_release_is_fetched_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = npm_tarball(tmp_path)
    asked: list[str] = []

    def urlopen(url: str, timeout: float) -> Answer:
        asked.append(url)
        return Answer(data)

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    # the published integrity does not hold for this stand-in: refused, nothing written
    result = build(str(tmp_path / "site"))
    assert result.exit_code == 1
    assert "its sha512 differs" in result.stderr and "npm pack pyodide@" in result.stderr
    assert not (tmp_path / "site").exists()
    assert asked == [f"https://registry.npmjs.org/pyodide/-/pyodide-{app_command.PYODIDE}.tgz"]
    # with its own integrity pinned, the same file makes the site
    integrity = base64.b64encode(hashlib.sha512(data).digest()).decode()
    monkeypatch.setattr(app_command, "PYODIDE_SHA512", integrity)
    result = build(str(tmp_path / "site"))
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "site/pyodide/pyodide.asm.wasm").read_bytes() == b"pyodide's pyodide.asm.wasm"


def test_without_network_it_says_how_to_get_pyodide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def urlopen(url: str, timeout: float) -> Answer:
        raise urllib.error.URLError("Name or service not known")

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    result = build(str(tmp_path / "site"))
    assert result.exit_code == 1
    assert "cannot fetch pyodide" in result.stderr and "Name or service not known" in result.stderr
    assert "tarockscore app build DIR --pyodide package" in result.stderr
    assert not (tmp_path / "site").exists()


# The page's Python as the phone runs it: no server stack (importing one fails, as in the
# browser), the evening's files in the folder given first
ON_THE_PHONE = r"""
import json, re, sys
for stack in ("starlette", "uvicorn", "segno", "typer"):
    sys.modules[stack] = None
from pathlib import Path
import tarockscore.app as page
home = Path(sys.argv[1])
page.HOME, page.LEDGER = home, home / "evening.toml"
"""


PAGE = (
    ON_THE_PHONE
    + r"""
page.speak("en-GB")

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

out = {"start": page.page()}
begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}))
hand = {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "card_points": "40"}
out["preview"] = json.loads(page.preview({"expected": expected(begun["html"]), **hand}))
one = json.loads(page.change("hand", {"expected": expected(begun["html"]), **hand}))
out["stale"] = json.loads(page.change("hand", {"expected": expected(begun["html"]), **hand}))
two = json.loads(page.change("hand", {"expected": expected(one["html"]), **hand, "declarer": "Cilli", "partner": "Dani", "card_points": "20"}))
out["refused"] = json.loads(page.change("hand", {"expected": expected(two["html"]), "contract": "rufer", "declarer": "Anna"}))
out["undo"] = json.loads(page.change("undo", {"expected": expected(two["html"])}))
form = page.replacing("1")
out["replacing"] = form
out["replace_preview"] = json.loads(page.preview({"expected": expected(form), "number": "1", **hand, "card_points": "30"}))
out["replaced"] = json.loads(page.change("hand", {"expected": expected(form), "number": "1", **hand, "card_points": "30"}))
out["deleted"] = json.loads(page.change("delete", {"expected": expected(out["replaced"]["html"]), "number": "1"}))
out["gone_explained"] = page.explaining("1")  # its line tapped on a page drawn before, in another tab
out["name"] = page.export_name()
print(json.dumps(out))
"""
)


def test_the_pages_python_keeps_an_evening_the_command_line_checks(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PAGE, str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert 'name="players"' in out["start"] and '<option value="koenigrufen" selected>' in out["start"]
    # the arithmetic before the hand is recorded: the Call's 1 Victory Point, won by Anna and Bert
    assert out["preview"]["ok"] and "Rufer" in out["preview"]["html"] and "+1" in out["preview"]["html"]
    assert out["preview"]["record"] == "Record hand 1"
    # a form made on a sheet that has moved since writes nothing
    assert not out["stale"]["ok"] and "the sheet has changed" in out["stale"]["html"]
    assert not out["refused"]["ok"] and 'class="notice refused"' in out["refused"]["html"]
    assert out["undo"]["ok"] and "Hand 2" in out["undo"]["html"]
    # hand 1 replaced: 30 card points lose the Call, so the defenders Cilli and Dani win it
    assert "Replace hand 1" in out["replacing"] and 'name="number" value="1"' in out["replacing"]
    assert out["replace_preview"]["record"] == "Replace hand 1"  # confirmed as its heading says
    # the sheet's hand 1: Cilli's column gets the Call's 1 for the hand, her running total 1
    cilli = '<td data-player="Cilli"><span class="add">+1</span><span class="to"> → </span><span class="run">1</span>'
    assert out["replaced"]["ok"] and cilli in out["replaced"]["html"]
    assert out["deleted"]["ok"] and "no hands yet" in out["deleted"]["html"]
    # a hand gone since its line was drawn: said in the players' words, with the way back
    gone = out["gone_explained"]
    assert "the ledger has no hands yet" in gone and 'id="close-explanation"' in gone
    assert re.fullmatch(r"tarock-\d{4}-\d\d-\d\d\.toml", out["name"])
    ledger = tmp_path / "evening.toml"
    check = runner.invoke(app, ["check", "--ledger", str(ledger)])
    assert check.exit_code == 0, check.stderr
    shown = runner.invoke(app, ["show", "--ledger", str(ledger), "--json"])
    totals = json.loads(shown.stdout)["totals"]
    assert totals == {"Anna": 0, "Bert": 0, "Cilli": 0, "Dani": 0}
    assert "delete" in runner.invoke(app, ["show", "--ledger", str(ledger)]).stdout.lower()


KEPT_READING = (
    ON_THE_PHONE
    + r"""
from tarockscore.evening import store
page.speak("en-GB")
reads = []
trusted = store.read_trusted
store.read_trusted = lambda path: reads.append(path) or trusted(path)

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}))["html"]
hand = {"expected": expected(begun), "contract": "dreier", "declarer": "Anna", "card_points": "40"}
before = page.LEDGER.read_bytes()  # the evening as another tab's storage still holds it
page.change("hand", hand)
del reads[:]
for _ in range(3):  # a tap on each answer, then the arithmetic
    page.fields(hand)
page.preview(hand)
out = {"reads": len(reads), "recorded": page.page()}
page.LEDGER.write_bytes(before)  # the storage's evening put back: another tab took the hand back
out["taken_back"] = page.page()
print(json.dumps(out))
"""
)


def test_a_tap_reads_the_evening_once_while_its_file_is_the_same(tmp_path: Path) -> None:
    """Every tap asks the page's Python about the form: the evening is read (every hand scored
    again) only where its file changed, so a tap at hand 60 is as quick as at hand 1; a file changed
    under it (another tab's evening put back from the storage) is read again."""
    done = subprocess.run(
        [sys.executable, "-c", KEPT_READING, str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["reads"] == 0  # read once, as the hand recorded left it
    assert "Hand 2" in out["recorded"] and "Dreier by Anna, won" in out["recorded"]
    assert "Hand 1" in out["taken_back"] and "no hands yet" in out["taken_back"]


NEW_EVENING = (
    ON_THE_PHONE
    + r"""
page.OWN_PROFILE = home / "profile.toml"
page.speak(sys.argv[2])
table = {"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}
out = {"start": page.page()}
house = {"profile_file": 'extends = "koenigrufen"\nname = "haus"\n', "profile_name": "hausregeln.toml"}
out["house"] = json.loads(page.begin({**table, **house, "stake": "0,1x"}))
broken = {"profile_file": 'extends = "koenigrufen"\n[radl]\nfactor = "zwei"\n', "profile_name": "kaputt.toml"}
out["broken"] = json.loads(page.begin({**table, **broken}))
out["refused"] = json.loads(page.begin({**table, "stake": "0,1x", "date": "31.02.2025", "place": "Café Sperl"}))
out["kept"] = (home / "evening.toml").exists()
out["begun"] = json.loads(page.begin({**table, "stake": "0,10", "date": "14.03.2025", "place": "Café Sperl"}))
print(json.dumps(out))
"""
)


def new_evening_on_the_phone(folder: Path, lang: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", NEW_EVENING, str(folder), lang], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def test_a_new_evening_on_the_phone_takes_the_stake_date_and_place_as_new_does(tmp_path: Path) -> None:
    out = new_evening_on_the_phone(tmp_path, "en-GB")
    for name in ("stake", "date", "place"):
        assert f'name="{name}"' in out["start"]
    # the stake as the table writes it, refused as `new --stake` refuses it, each field named;
    # nothing written, the answers kept in the form
    refused = out["refused"]
    assert not refused["ok"] and not out["kept"]
    assert "stake per Victory Point: &#x27;0,1x&#x27; is not an amount; write e.g. 0,10" in refused["html"]
    assert "date: &#x27;31.02.2025&#x27; is not a date" in refused["html"]
    assert 'value="0,1x"' in refused["html"] and 'value="Café Sperl"' in refused["html"]
    # a profile file of the table's own: kept, ticked and named, in the form refused (its file field
    # comes back empty, and the evening sent again would begin under koenigrufen); a file refused
    # is named as the phone named the file picked
    house = out["house"]["html"]
    assert '<input type="checkbox" name="profile_file" value="extends = &quot;koenigrufen&quot;' in house
    assert 'checked="checked"> hausregeln.toml</label>' in house
    assert '<input type="hidden" name="profile_name" value="hausregeln.toml">' in house
    broken = out["broken"]["html"]
    assert "profile: kaputt.toml: radl.factor: &#x27;zwei&#x27; is a string" in broken
    assert "profile.toml" not in broken
    assert out["begun"]["ok"]
    # the ledger's table as `tarockscore new` writes it (its moment of creation apart)
    phone = tmp_path / "evening.toml"
    laptop = tmp_path / "laptop.toml"
    made = runner.invoke(
        app,
        ["new", "-p", "Anna, Bert, Cilli, Dani", "--stake", "0,10", "--date", "14.03.2025"]
        + ["--place", "Café Sperl", "--ledger", str(laptop)],
    )
    assert made.exit_code == 0, made.stderr
    phone_table = tomllib.loads(phone.read_text(encoding="utf-8"))["table"]
    laptop_table = tomllib.loads(laptop.read_text(encoding="utf-8"))["table"]
    assert phone_table.pop("created") and laptop_table.pop("created")
    assert (
        phone_table
        == laptop_table
        == {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "stake": "0.10",
            "date": "2025-03-14",
            "place": "Café Sperl",
        }
    )
    # a Rufer won by Anna and Bert: the Simplified Scoring writes 1 to each winner, 0 to the others;
    # each pair settles the difference of their totals at 0.10 a point: Anna and Bert each get
    # 0.10 from Cilli and 0.10 from Dani
    hand = ["-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "--ledger", str(phone)]
    assert runner.invoke(app, ["record", *hand]).exit_code == 0
    assert runner.invoke(app, ["check", "--ledger", str(phone)]).exit_code == 0
    shown = runner.invoke(app, ["show", "--ledger", str(phone)])
    assert "2025-03-14 · Café Sperl · stake 0.10 per point" in shown.stdout
    settled = json.loads(runner.invoke(app, ["settle", "--json", "--ledger", str(phone)]).stdout)
    assert settled["balances"] == {"Anna": "0.20", "Bert": "0.20", "Cilli": "-0.20", "Dani": "-0.20"}


def test_a_new_evening_on_the_phone_in_german_names_its_fields_in_german(tmp_path: Path) -> None:
    out = new_evening_on_the_phone(tmp_path, "de-AT")
    assert "Einsatz pro Punkt, etwa 0,10" in out["start"] and "Spielort" in out["start"]
    refused = out["refused"]["html"]
    assert "Einsatz pro Punkt: &#x27;0,1x&#x27; ist kein Betrag" in refused
    assert "Datum: &#x27;31.02.2025&#x27; ist kein Datum (der Monat 2 des Jahres 2025 hat 28 Tage)" in refused


PLAYERS = (
    ON_THE_PHONE
    + r"""
page.speak("en-GB")
for players in sys.argv[2:]:
    print(json.dumps(json.loads(page.begin({"players": players, "profile": "koenigrufen"}))))
"""
)


def test_the_phone_reads_the_players_as_new_does_a_comma_at_the_end_dropped(tmp_path: Path) -> None:
    """ "Anna, Bert, Cilli, Dani," begins the table of four, on the phone and with `new --players`;
    an empty place between two commas is named by its place (the second of five), not as ''."""
    typed = ["Anna,,Bert, Cilli, Dani", "Anna, Bert, Cilli, Dani,"]
    done = subprocess.run(
        [sys.executable, "-c", PLAYERS, str(tmp_path), *typed], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    gap, trailing = (json.loads(line) for line in done.stdout.splitlines())
    said = "players: name 2 of 5: a name cannot be empty or start or end with a space"
    assert not gap["ok"] and said in html.unescape(gap["html"]) and "&#x27;&#x27;" not in gap["html"]
    refused = runner.invoke(app, ["new", "-p", typed[0], "--ledger", str(tmp_path / "gap.toml")])
    assert (refused.exit_code, refused.stderr.splitlines()[0]) == (2, f"error: --{said}")
    assert trailing["ok"], trailing["html"]
    laptop = tmp_path / "laptop.toml"
    assert runner.invoke(app, ["new", "-p", typed[1], "--ledger", str(laptop)]).exit_code == 0
    for ledger in (tmp_path / "evening.toml", laptop):
        assert tarockscore.Evening(ledger).ledger.players == ("Anna", "Bert", "Cilli", "Dani")


RESUMED = (
    ON_THE_PHONE
    + r"""
page.speak(sys.argv[2])

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}))["html"]
draft = {"expected": expected(begun), "contract": "rufer", "declarer": "Anna", "partner": "Cilli",
         "card_points": "35", "blatt:card_points": "2", "kontra": "kontra"}
out = {"same": json.loads(page.resume(draft))}
# the same hand recorded meanwhile (another tab): already on the sheet
one = json.loads(page.change("hand", draft))["html"]
out["already"] = json.loads(page.resume(draft))
# another hand recorded meanwhile: the answers stay, the sheet's move said
two = {"expected": expected(one), "contract": "rufer", "declarer": "Bert", "partner": "Dani", "card_points": "40"}
page.change("hand", {**two, "declarer": "Cilli", "partner": "Anna", "card_points": "50"})
out["moved"] = json.loads(page.resume(two))
# the hand being replaced deleted meanwhile: nothing to come back to
sheet = page.page()
page.change("delete", {"expected": expected(sheet), "number": "2"})
out["gone"] = json.loads(page.resume({"expected": expected(sheet), "number": "2", "contract": "rufer"}))
print(json.dumps(out))
"""
)

RESUMED_WORDS = {
    "en-GB": ("Hand 1", "this hand is already on the sheet as hand 1", "the sheet has changed since these answers"),
    "de-AT": ("Spiel 1", "dieses Spiel steht schon als Spiel 1", "die Schrift hat sich geändert, seit diese Antworten"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_hand_half_entered_comes_back_after_a_reload(tmp_path: Path, lang: str) -> None:
    first, already, moved = RESUMED_WORDS[lang]
    done = subprocess.run(
        [sys.executable, "-c", RESUMED, str(tmp_path), lang], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    checked = 'name="{}" value="{}" checked'
    same = out["same"]
    assert same["kept"] and first in same["html"] and 'class="notice' not in same["html"]
    for key, value in (
        ("contract", "rufer"),
        ("declarer", "Anna"),
        ("partner", "Cilli"),
        ("kontra", "kontra"),
    ):
        assert checked.format(key, value) in same["html"], key
    assert (
        'name="card_points"' in same["html"] and 'value="35"' in same["html"] and 'value="2"' in same["html"]
    )
    # recorded meanwhile: said, and the form of the next hand holds no answer
    assert not out["already"]["kept"] and already in out["already"]["html"]
    assert checked.format("contract", "rufer") not in out["already"]["html"]
    # another hand recorded meanwhile: the answers on the sheet as it is now, the move said
    assert out["moved"]["kept"] and moved in out["moved"]["html"]
    assert checked.format("declarer", "Bert") in out["moved"]["html"]
    assert out["moved"]["html"].count('class="notice stale"') == 1
    assert not out["gone"]["kept"] and 'type="hidden" name="number"' not in out["gone"]["html"]


RADL_MARKS = (
    ON_THE_PHONE
    + r"""
page.speak("en-GB")

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}))["html"]
out = {"first": json.loads(page.radl("radl", {"expected": expected(begun), "hands": "1"}))}
hand = {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "card_points": "40"}
html = out["first"]["html"]
for _ in range(2):
    html = json.loads(page.change("hand", {"expected": expected(html), **hand}))["html"]
undone = json.loads(page.change("undo", {"expected": expected(html)}))["html"]
html = json.loads(page.change("hand", {"expected": expected(undone), **hand}))["html"]
# a tab that read the sheet before that hand was recorded (in another tab), its answers in its form
recorded = {"expected": expected(undone), **hand}
out["recorded"] = json.loads(page.radl("radl", {"expected": expected(undone), "hands": "2"}, recorded))
out["recorded_undo"] = json.loads(page.change("undo", {"expected": expected(undone)}, recorded))
draft = {"expected": expected(html), "contract": "rufer", "declarer": "Cilli"}
for given in ("x", "0", "²"):
    out[given] = json.loads(page.radl("radl", {"expected": expected(html), "hands": given}, draft))
out["stale"] = json.loads(page.radl("radl", {"expected": expected(begun), "hands": "3"}, draft))
out["set"] = json.loads(page.radl("radl", {"expected": expected(html), "hands": ""}, draft))
out["struck"] = json.loads(page.radl("strike", {"expected": expected(out["set"]["html"]), "hands": "4"}))
print(json.dumps(out))
"""
)


def test_the_pages_python_sets_and_strikes_a_radl_as_radl_add_does(tmp_path: Path) -> None:
    """A Radl of 1 before the first hand; after a hand taken back and recorded again (the
    ledger's hand 3 is the sheet's hand 2), one round (koenigrufen: radl.hands 4, ×2) said after
    hand 2, as the table numbers it; a count that is no number of 1 or more, or a sheet moved
    since, refused with nothing written, the count shown again as typed (as serve shows it); the
    hand's answers given so far kept in its form, but for a hand recorded since in another tab (a
    Radl or a take-back from a tab whose sheet moved)."""
    done = subprocess.run(
        [sys.executable, "-c", RADL_MARKS, str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["first"]["ok"]
    assert "Radl set on the sheet before the first hand: 1 more hand ×2; 1 pending" in out["first"]["html"]
    for given in ("x", "0", "²"):
        refused = out[given]
        assert not refused["ok"] and refused["kept"]
        said = f"doubled hands: &#x27;{given}&#x27; is not a number of hands; write it in digits, 1 or more, e.g. 4"
        assert said in refused["html"]
    stale = out["stale"]
    assert not stale["ok"] and stale["kept"] and 'name="declarer" value="Cilli" checked' in stale["html"]
    assert '<details class="radl" id="radl" open>' in stale["html"] and ">3</textarea>" in stale["html"]
    assert "the sheet has changed since this page was read: no Radl was set" in stale["html"]
    # a tab whose answers are the hand another tab recorded since: said to be on the sheet, as a
    # reload says it, and not carried into the next hand's form, where Record would write it twice
    for moved in (out["recorded"], out["recorded_undo"]):
        assert not moved["ok"] and not moved["kept"]
        assert "this hand is already on the sheet as hand 2" in moved["html"]
        assert 'name="card_points" value="40"' not in moved["html"]
    assert ">2</textarea>" in out["recorded"]["html"]
    made = out["set"]
    assert made["ok"] and made["kept"]
    assert "Radl set on the sheet after hand 2: 4 more hands ×2; 4 pending" in made["html"]
    assert "no. 2 on the sheet" not in made["html"]
    assert 'name="declarer" value="Cilli" checked' in made["html"]  # hand 3's answers so far
    assert "Radl: this hand counts ×2" in made["html"]
    struck = out["struck"]
    assert (
        struck["ok"]
        and "Radl struck on the sheet after hand 2: 4 doubled hands fewer; 0 pending" in struck["html"]
    )
    ledger = tmp_path / "evening.toml"
    assert runner.invoke(app, ["check", "--ledger", str(ledger)]).exit_code == 0
    trail = unfolded(runner.invoke(app, ["show", "--ledger", str(ledger)]).stdout)
    # the trail names the mark's hand by its id, as every audit line does
    assert "Radl set on the sheet after hand 3 (no. 2 on the sheet): 4 more hands ×2; 4 pending" in trail
    assert trail.count("Radl set on the sheet") == 2 and trail.count("Radl struck") == 1


STANDING = (
    ON_THE_PHONE
    + r"""
page.speak(sys.argv[2])

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}))["html"]
hand = {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "card_points": "40"}
one = json.loads(page.change("hand", {"expected": expected(begun), **hand}))["html"]
two = json.loads(page.change("hand", {"expected": expected(one), **hand, "declarer": "Cilli", "partner": "Anna"}))["html"]
form = page.replacing("1")
replaced = json.loads(page.change("hand", {"expected": expected(form), "number": "1", **hand, "card_points": "30"}))
marked = json.loads(page.radl("radl", {"expected": expected(replaced["html"])}))["html"]
marked = json.loads(page.radl("strike", {"expected": expected(marked)}))["html"]
undone = json.loads(page.change("undo", {"expected": expected(marked)}))["html"]
deleted = json.loads(page.change("delete", {"expected": expected(undone), "number": "1"}))["html"]
print(json.dumps({"one": one, "two": two, "replaced": replaced["html"], "undone": undone, "deleted": deleted}))
"""
)

STANDING_WORDS = {"en-GB": "totals now: ", "de-AT": "Stand jetzt: "}
# What undo and delete say of a Radl set and struck after the hand they take away (render/evening.py
# RADL_KEPT): the marks are the table's, so they stay, after the hand before it.
RADL_KEPT_WORDS = {
    "en-GB": (
        "the Radl set and struck on the sheet after hand 2 stays, now after hand 1",
        "the Radl set and struck on the sheet after hand 1 stays, now before the first hand",
    ),
    "de-AT": (
        "das in der Schrift gesetzte und gestrichene Radl nach Spiel 2 bleibt, jetzt nach Spiel 1",
        "das in der Schrift gesetzte und gestrichene Radl nach Spiel 1 bleibt, jetzt vor dem ersten Spiel",
    ),
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_hand_recorded_or_replaced_says_the_totals_it_leaves(tmp_path: Path, lang: str) -> None:
    """The notice at the top, where the page opens after Record, says the totals as they now stand:
    the sheet with them is below the next hand's form, a long way down a phone's screen."""
    done = subprocess.run(
        [sys.executable, "-c", STANDING, str(tmp_path), lang], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    notice = {key: html.split('<div id="notice">')[1].split("</div>")[0] for key, html in out.items()}
    said = STANDING_WORDS[lang]
    # the Simplified Scoring writes the Call's 1 Victory Point to each winner ([CTK]): hand 1 won by
    # Anna and Bert, hand 2 by Cilli and Anna; hand 1 replaced with 30 of 70 is lost, Cilli and Dani
    # win it
    assert said + "Anna 1, Bert 1, Cilli 0, Dani 0" in notice["one"]
    assert said + "Anna 2, Bert 1, Cilli 1, Dani 0" in notice["two"]
    assert said + "Anna 1, Bert 0, Cilli 2, Dani 1" in notice["replaced"]
    # a Radl set and struck after hand 2, which is taken back, then hand 1 deleted: the notice says
    # where the Radl now stands, as `undo` and `delete` (and serve's page) say it; it said nothing
    undone, deleted = RADL_KEPT_WORDS[lang]
    assert undone in notice["undone"] and deleted in notice["deleted"]


STRIKE_REPLACED = (
    ON_THE_PHONE
    + r"""
page.OWN_PROFILE = home / "profile.toml"
page.speak(sys.argv[2])

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

house = 'extends = "koenigrufen"\nname = "haus"\n[radl]\nevents = ["trischaken"]\n'
begun = json.loads(page.begin({"players": "A, B, C, D", "profile_file": house, "profile_name": "haus.toml"}))
points = {"points:A": "20", "points:B": "30", "points:C": "10", "points:D": "10"}
one = json.loads(page.change("hand", {"expected": expected(begun["html"]), "contract": "trischaken", **points}))
struck = json.loads(page.radl("strike", {"expected": expected(one["html"]), "hands": "2"}))["html"]
form = page.replacing("1")
rufer = {"contract": "rufer", "declarer": "A", "partner": "B", "card_points": "40"}
print(json.loads(page.change("hand", {"expected": expected(form), "number": "1", **rufer}))["html"])
"""
)

STRIKE_REPLACED_WORDS = {
    "en-GB": "the Radl struck on the sheet after hand 1 now strikes nothing where it struck 2",
    "de-AT": "das in der Schrift Gestrichene des Radls nach Spiel 1 streicht jetzt nichts, wo es 2 gestrichen hat",
}


@pytest.mark.parametrize("lang", ["en-GB", "de-AT"])
def test_a_hand_replaced_says_what_a_strike_now_takes_as_replace_does(tmp_path: Path, lang: str) -> None:
    """Hand 1, a Trischaken, starts a Radl (the house's radl.events; 4 hands ×2) of which 2 are
    struck; replaced with a Rufer, it starts none, and the strike takes nothing (docs/evening.md: a
    strike keeps to the Radls it struck). `replace` says so; the app's notice said nothing of it."""
    done = subprocess.run(
        [sys.executable, "-c", STRIKE_REPLACED, str(tmp_path), lang],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    notice = done.stdout.split('<div id="notice">')[1].split("</div>")[0]
    assert STRIKE_REPLACED_WORDS[lang] in notice


FIVE = (
    ON_THE_PHONE
    + r"""
page.speak(sys.argv[2])

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani, Eva", "profile": "koenigrufen"}))
one = json.loads(page.change("hand", {"expected": expected(begun["html"]), "contract": "dreier", "declarer": "Bert", "card_points": "40"}))
out = {"page": one["html"], "asked": page.dealing("1", "Dani")}
half = {"contract": "rufer", "declarer": "Cilli"}
out["dealt"] = json.loads(page.change("deal", {"expected": expected(out["asked"]), "number": "1", "dealer": "Dani"}, half))
print(json.dumps(out))
"""
)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_five_the_app_corrects_the_deal_of_an_earlier_hand_asked_first(tmp_path: Path, lang: str) -> None:
    # The app's page at five: hand 1 went on the sheet as Eva's deal (she sat out); Dani dealt it.
    # Chosen, its deal now and as corrected are shown; the second tap corrects it, and the next
    # hand's answers given meanwhile stay in its form. After Dani's deal Eva deals hand 2.
    done = subprocess.run(
        [sys.executable, "-c", FIVE, str(tmp_path), lang], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    words = {
        "en": (
            "Correct the deal",
            "dealt now: Eva deals, Anna is Forehand, Eva sits out",
            "dealt as corrected: Dani deals, Eva is Forehand, Dani sits out",
            "The deal of hand 1 is corrected.",
            "next: hand 2, Eva deals, Anna is Forehand, Eva sits out",
        ),
        "de": (
            "Geben korrigieren",
            "jetzt in der Schrift: Eva gibt, Anna ist Vorhand, Eva setzt aus",
            "korrigiert: Dani gibt, Eva ist Vorhand, Dani setzt aus",
            "Das Geben von Spiel 1 ist korrigiert.",
            "als Nächstes: Spiel 2, Eva gibt, Anna ist Vorhand, Eva setzt aus",
        ),
    }[lang]
    row, now, then, dealt, following = words
    assert row in out["page"] and 'data-change="dealing"' in out["page"]
    assert now in out["asked"] and then in out["asked"] and 'data-change="deal"' in out["asked"]
    assert out["dealt"]["ok"] and out["dealt"]["kept"]
    assert dealt in out["dealt"]["html"] and following in out["dealt"]["html"]
    assert 'name="declarer" value="Cilli" checked' in out["dealt"]["html"]
    ledger = tarockscore.Evening(tmp_path / "evening.toml").ledger
    assert ledger.hands[0].hand.players == ("Eva", "Anna", "Bert", "Cilli")


MISFIT = (
    ON_THE_PHONE
    + r"""
page.speak(sys.argv[2])

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

def hidden(html):
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html))

begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani, Eva", "profile": "koenigrufen"}))
one = json.loads(page.change("hand", {"expected": expected(begun["html"]), "contract": "dreier", "declarer": "Bert", "card_points": "40"}))
half = {"contract": "rufer", "declarer": "Dani"}
out = {"refused": json.loads(page.change("deal", {"expected": expected(one["html"]), "number": "1", "dealer": "Bert"}, half))}
form = re.search(r'<form id="hand-form".*?</form>', out["refused"]["html"], re.S).group(0)
carried = {k: v for k, v in hidden(form).items() if k not in ("contract", "declarer")}
answers = {**carried, "contract": "dreier", "declarer": "Cilli", "card_points": "40"}
out["carried"] = carried
out["fields"] = page.fields(answers)
out["resumed"] = json.loads(page.resume(answers))
out["preview"] = json.loads(page.preview(answers))
out["replaced"] = json.loads(page.change("hand", answers))
print(json.dumps(out))
"""
)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_deal_the_hand_does_not_fit_opens_its_form_in_the_app_as_serve_does(
    tmp_path: Path, lang: str
) -> None:
    # At five Bert declared hand 1; its deal corrected to Bert's, he would sit it out. The app only
    # said why; serve opens the hand's form with that deal, the declarer's field saying why, to be
    # replaced. The app now does too: Bert's deal (Cilli Forehand, Bert sits out) above the form,
    # the deal kept through the form's questions, the arithmetic and a reload; replaced with Cilli
    # as the declarer, the hand stands with Bert's deal, and the next hand's answers come back.
    done = subprocess.run(
        [sys.executable, "-c", MISFIT, str(tmp_path), lang], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    deal, said, heading = {
        "en": (
            "Bert deals, Cilli is Forehand, Bert sits out",
            "&#x27;Bert&#x27; deals this hand and sits it out (a table of five)",
            "Replace hand 1",
        ),
        "de": (
            "Bert gibt, Cilli ist Vorhand, Bert setzt aus",
            "&#x27;Bert&#x27; gibt dieses Spiel und setzt aus (zu fünft am Tisch)",
            "Spiel 1 ersetzen",
        ),
    }[lang]
    refused = out["refused"]
    assert not refused["ok"] and refused["kept"]
    assert heading in refused["html"] and deal in refused["html"]
    declarer = re.search(r'<fieldset[^>]*data-key="declarer"[^>]*>(.*?)</fieldset>', refused["html"], re.S)
    assert declarer is not None and said in declarer.group(1)
    assert out["carried"] == {
        "expected": out["carried"]["expected"],
        "number": "1",
        "dealer": "Bert",
        "next:contract": "rufer",
        "next:declarer": "Dani",
    }
    assert 'value="Bert"' not in out["fields"]  # Bert sits out: no field offers him
    assert out["resumed"]["kept"] and deal in out["resumed"]["html"]
    assert 'name="declarer" value="Cilli" checked' in out["resumed"]["html"]
    assert out["preview"]["ok"], out["preview"]["html"]
    replaced = out["replaced"]
    assert replaced["ok"] and replaced["kept"]
    assert 'name="declarer" value="Dani" checked' in replaced["html"]
    hand = tarockscore.Evening(tmp_path / "evening.toml").ledger.hands[0].hand
    assert hand.players == ("Cilli", "Dani", "Eva", "Anna")
    assert (hand.declarer, hand.card_points) == ("Cilli", Fraction(40))


REVOKE = (
    ON_THE_PHONE
    + r"""
page.speak("de-AT")
begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "ooe-2023"}))["html"]
version = re.search(r'name="expected" value="([0-9a-f]+)"', begun).group(1)
hand = {"contract": "dreier", "declarer": "Bert", "renonce": "Bert"}
fields = page.fields(hand)
done = json.loads(page.change("hand", {"expected": version, **hand}))
print(json.dumps({"begun": begun, "fields": fields, "done": done}))
"""
)


def test_the_app_enters_a_revoke_as_serve_does(tmp_path: Path) -> None:
    """[OÖR25 B.4] (ooe-2023, renonce.rule = "as_if_won"): a Dreier whose declarer revokes: each
    Defender gets what he would have had had the Defenders won, the Dreier 4 [OÖ23 Tarif], and the
    revoker pays the sum (zero-sum): Bert −12 (docs/rules/koenigrufen.md §7)."""
    done = subprocess.run(
        [sys.executable, "-c", REVOKE, str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert (
        '<details class="quiet" data-key="renonce"' in out["begun"]
        and "<summary>Renonce…</summary>" in out["begun"]
    )
    assert '<input type="radio" name="renonce" value="=none" checked>' in out["begun"]
    assert '<input type="radio" name="renonce" value="Bert" checked>' in out["fields"]
    assert 'name="card_points"' not in out["fields"]
    assert out["done"]["ok"], out["done"]["html"]
    hand = tarockscore.Evening(tmp_path / "evening.toml").ledger.hands[0]
    assert hand.hand.renonce == "Bert"
    assert hand.result.victory_points == {"Anna": 4, "Bert": -12, "Cilli": 4, "Dani": 4}


def test_a_site_folder_that_cannot_be_made_is_said_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    target = tmp_path / "notes.txt" / "site"
    result = build(str(target), "--pyodide", str(fake_pyodide(tmp_path / "package")))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"error: {target}: the site cannot be written ("), result.stderr


OPENED = (
    ON_THE_PHONE
    + r"""
page.speak(sys.argv[2])
for _ in range(2):  # opened twice, as a table may
    (home / "opened.toml").write_bytes(Path(sys.argv[3]).read_bytes())
    print(json.loads(page.open_ledger("freitag.toml"))["html"])
"""
)


def opened_on_the_phone(folder: Path, lang: str, picked: Path) -> str:
    """What the page says of the file ``picked`` under "open a ledger file", named freitag.toml."""
    run = [sys.executable, "-c", OPENED, str(folder), lang, str(picked)]
    done = subprocess.run(run, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_file_opened_on_the_phone_is_refused_by_its_own_name(tmp_path: Path) -> None:
    """A hand file picked by mistake under "open a ledger file": the refusal named "opened.toml",
    the page's own copy, a name the phone never showed; it names the file the player picked."""
    picked = tmp_path / "hand.toml"
    picked.write_text('contract = "rufer"\ndeclarer = "Anna"\ncard_points = 40\n', encoding="utf-8")
    said = opened_on_the_phone(tmp_path, "de-AT", picked)
    assert "freitag.toml: keine Schrift: das ist eine Spieldatei" in said
    assert "opened.toml" not in said
    assert not (tmp_path / "evening.toml").exists()
    # a shipped profile (its own `schema = 1`) was taken for a ledger of schema 1 to convert, and
    # refused by every key a ledger has and it lacks ("table: missing (required)", …)
    said = opened_on_the_phone(tmp_path, "en-GB", profiles_dir() / "koenigrufen.toml")
    assert "freitag.toml: not a ledger: this is a profile" in said and "missing" not in said
    assert not (tmp_path / "evening.toml").exists()
    # a ledger changed by hand: the phone cannot mend it, and said nothing of how (the command
    # line names `tarockscore repair`); it says what a laptop does with it
    changed = tmp_path / "changed.toml"
    assert runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(changed)]).exit_code == 0
    runner.invoke(
        app, ["record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "--ledger", str(changed)]
    )
    changed.write_text(
        changed.read_text(encoding="utf-8").replace("card_points = 40", "card_points = 20"), encoding="utf-8"
    )
    said = opened_on_the_phone(tmp_path, "en-GB", changed)
    assert (
        "on a laptop, `tarockscore repair --ledger freitag.toml` re-scores it from its stored hands"
        in html.unescape(said)
    )


def test_a_ledger_opened_on_the_phone_is_placed_in_german_as_the_command_line_places_it(
    tmp_path: Path,
) -> None:
    """A stored hand's declarer changed by hand: the phone says where as `check` says it in German
    ("Eintrag 1: Spiel 1"), not half in English; the key in the form's words, as the phone says it."""
    changed = tmp_path / "freitag.toml"
    assert runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(changed)]).exit_code == 0
    runner.invoke(
        app, ["record", "-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "--ledger", str(changed)]
    )
    changed.write_text(
        changed.read_text(encoding="utf-8").replace('declarer = "Anna"', 'declarer = "Zora"'),
        encoding="utf-8",
    )
    checked = runner.invoke(app, ["--lang", "de", "check", "--ledger", str(changed)])
    said = html.unescape(opened_on_the_phone(tmp_path, "de-AT", changed))
    assert "entry 1" not in said and "Eintrag 1: Spiel 1: entry: Spieler: 'Zora' sitzt nicht am Tisch" in said
    first = checked.stderr.splitlines()[0].removeprefix("Fehler: ").replace(str(tmp_path) + "/", "")
    assert first.startswith("freitag.toml:") and first in said


VALAT_LOST = (
    ON_THE_PHONE
    + r"""
page.speak(sys.argv[2])
begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}))
expected = re.search(r'name="expected" value="([0-9a-f]+)"', begun["html"]).group(1)
hand = {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "card_points": "20", "bonus:1": "valat",
        "bonus:1:side": "declarers", "bonus:1:announced": "n", "bonus:1:made": "y"}
print(json.dumps(json.loads(page.preview({"expected": expected, **hand}))))
"""
)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en-GB", "Bonus 1: a Valat made by the declarers takes every trick, so the declarers win the game"),
        (
            "de-AT",
            "Prämie 1: ein Valat der Spielerseite macht jeden Stich, also gewinnt die Spielerseite das Spiel",
        ),
    ],
)
def test_a_bonus_the_rules_refuse_is_named_by_its_field_and_said_beside_it(
    tmp_path: Path, lang: str, said: str
) -> None:
    """A Valat made by Anna and Bert with 20 card points: a Valat takes every trick and so wins the
    game, 20 of 70 loses it. The phone said "bonus[0]: …", the hand file's place of the bonus,
    counted from 0, in no field; it names the field as the form does (Bonus 1) and says it there."""
    done = subprocess.run(
        [sys.executable, "-c", VALAT_LOST, str(tmp_path), lang], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    reply = json.loads(done.stdout)
    assert not reply["ok"]
    assert said in reply["html"] and "bonus[0]" not in reply["html"]
    beside = re.search(r'data-key="bonus:1".*?<span class="error"[^>]*>([^<]*)</span>', reply["fields"], re.S)
    assert beside is not None and said.split(": ", 1)[1] in html.unescape(beside[1])


RADL_WHILE_REPLACING = (
    ON_THE_PHONE
    + r"""
page.speak("en-GB")

def expected(html):
    return re.search(r'name="expected" value="([0-9a-f]+)"', html).group(1)

def hidden(html):
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))

begun = json.loads(page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"}))["html"]
hand = {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "card_points": "40"}
html = json.loads(page.change("hand", {"expected": expected(begun), **hand}))["html"]
following = {"expected": expected(html), "contract": "dreier", "declarer": "Cilli"}  # hand 2 so far
replacing = page.replacing("1", following)
form = {**hidden(replacing), **hand, "renonce": "Dani"}  # hand 1's form, a revoke being added
print(page.radl("radl", {"expected": expected(html), "hands": ""}, form))
"""
)


def test_a_radl_set_while_a_hand_is_replaced_keeps_the_next_hands_answers(tmp_path: Path) -> None:
    """Hand 2 half entered (a Dreier by Cilli), hand 1 opened to be replaced, and the Radl the table
    draws set from there: the next hand's answers, carried by the form of the hand replaced, were
    lost, hand 2's form empty. As after a take-back, they come back in hand 2's form."""
    done = subprocess.run(
        [sys.executable, "-c", RADL_WHILE_REPLACING, str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout)
    assert made["ok"] and made["kept"]
    assert "Radl set on the sheet after hand 1: 4 more hands ×2; 4 pending" in made["html"]
    assert 'name="contract" value="dreier" checked' in made["html"]
    assert 'name="declarer" value="Cilli" checked' in made["html"]


FAILED = (
    ON_THE_PHONE
    + r"""
page.speak(sys.argv[2])
page.begin({"players": "Anna, Bert, Cilli, Dani", "profile": "koenigrufen"})
out = {"gone": json.loads(page.answer("fields", {"number": "9", "contract": "rufer"}))}
shown = page.evening_page
page.evening_page = lambda *args, **kwargs: 1 / 0  # a fault of the page's own
out["fault"] = json.loads(page.answer("page"))
page.LEDGER.unlink()  # the phone's first evening, begun: the fault comes after it is written
out["begun"] = json.loads(json.loads(page.answer("begin", {"players": "Eva, Fritz, Gabi, Hans", "profile": "koenigrufen"}))["value"])
page.evening_page = shown
out["sheet"] = page.page()
out["fine"] = json.loads(page.answer("start_page"))
print(json.dumps(out))
"""
)


@pytest.mark.parametrize(
    ("lang", "gone", "fault", "begun"),
    [
        (
            "en-GB",
            "Nothing was changed: the sheet is unchanged.</p><ul><li>the ledger has no hands yet",
            "Something went wrong in the app: nothing was changed.",
            "Something went wrong in the app after the evening was written: the evening of Eva, Fritz, "
            "Gabi and Hans is kept on this phone; nothing else was changed.",
        ),
        (
            "de-AT",
            "Nichts geändert: die Schrift ist unverändert.</p><ul><li>in der Schrift steht noch kein Spiel",
            "In der App ist ein Fehler passiert: nichts wurde geändert.",
            "In der App ist ein Fehler passiert, nachdem der Abend geschrieben war: der Abend von Eva, "
            "Fritz, Gabi und Hans bleibt auf diesem Handy; sonst wurde nichts geändert.",
        ),
    ],
)
def test_a_refusal_or_a_fault_reaches_the_page_in_its_words_with_the_way_back(
    tmp_path: Path, lang: str, gone: str, fault: str, begun: str
) -> None:
    """A hand being replaced that another tab deleted: the library's refusal in the page's language,
    not a traceback; any other fault a plain sentence, its details folded for a report. A fault
    after a new evening was written said "nothing was changed" of the phone's first evening, which
    the script then stored: it says the evening is kept, and it is (an answer the script stores)."""
    done = subprocess.run(
        [sys.executable, "-c", FAILED, str(tmp_path), lang], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    said = out["gone"]["failed"]
    assert gone in said and 'class="notice refused"' in said and 'id="back"' in said
    assert "Traceback" not in said
    folded = out["fault"]["failed"]
    assert fault in folded and 'id="back"' in folded
    assert re.search(r"<details[^>]*>.*ZeroDivisionError.*</details>", folded, re.S)
    assert out["begun"]["ok"] and begun in out["begun"]["html"] and 'id="back"' in out["begun"]["html"]
    assert ">Eva<" in out["sheet"] and ">Hans<" in out["sheet"]  # the sheet of the evening kept
    assert "New evening" in out["fine"]["value"] or "Neuer Abend" in out["fine"]["value"]


def test_a_ledger_of_schema_1_opened_on_the_phone_is_converted_as_upgrade_does(tmp_path: Path) -> None:
    """A ledger of tarockscore 0.1 has no laptop to run `upgrade` on: the page converts it as
    `upgrade` does, says so, and the evening goes on; the file picked stays as it was."""
    picked = tmp_path / "freitag.toml"
    picked.write_bytes((Path(__file__).parent / "data" / "old-ledgers" / "three-hands.toml").read_bytes())
    before = picked.read_bytes()
    said = opened_on_the_phone(tmp_path, "en-GB", picked)
    assert said.count("freitag.toml: converted from ledger schema 1 to schema 2, its 3 hands") == 2
    assert said.count("the file picked stays as it was") == 2
    assert "opened.toml" not in said and 'id="hand-form"' in said
    assert picked.read_bytes() == before
    # its totals as `upgrade` leaves them (tests/test_upgrade.py, the three hands' Victory Points)
    shown = runner.invoke(app, ["show", "--ledger", str(tmp_path / "evening.toml"), "--json"])
    assert json.loads(shown.stdout)["totals"] == {"Anna": 9, "Bert": 0, "Cilli": 9, "Dani": 15}
