"""The language per call (a context variable), and a catalogue that cannot be read.

One process may render a German and an English request at the same time: each thread or asyncio
task reads the language of its own context. A missing or broken catalogue reads English with one
``warning:`` line, never a traceback, and the exit code of the run is the English run's.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.errors import N_, counted, message

ROOT = Path(__file__).resolve().parent.parent
MO = ROOT / "tarockscore" / "locale" / "de" / "LC_MESSAGES" / "tarockscore.mo"
EXAMPLE = ROOT / "examples" / "koenigrufen-call.toml"


def _render() -> tuple[str, ...]:
    """The same messages through every function that reads the current language."""
    return (
        i18n.current(),
        i18n._("Aborted!"),
        i18n.ngettext("{count} hand", "{count} hands", 2).format(count=2),
        i18n.translated(counted("{count} hand", "{count} hands", 1, count=1)),
        i18n.translated(message(N_("Aborted!"))),
        i18n.money(Decimal("1234.5")),
        i18n.date("2025-03-14"),
        i18n.number(Decimal("1.5")),
    )


# The German forms are the catalogue's (tarockscore.po: "Abgebrochen!", "{count} Spiel",
# "{count} Spiele", the day as {day:02d}.{month:02d}.{year:04d}); money and numbers as written
# in Austria, a comma for the decimal point and a point between thousands.
GERMAN = ("de", "Abgebrochen!", "2 Spiele", "1 Spiel", "Abgebrochen!", "€ 1.234,50", "14.03.2025", "1,5")
ENGLISH = ("en", "Aborted!", "2 hands", "1 hand", "Aborted!", "1234.5", "2025-03-14", "1.5")


# -- per call -------------------------------------------------------------------------------------


def test_two_threads_render_at_once_each_in_its_own_language() -> None:
    both = threading.Barrier(2, timeout=30)
    seen: dict[str, list[tuple[str, ...]]] = {}

    def speak(lang: str) -> None:
        with i18n.language(lang):
            both.wait()  # each has chosen before either renders: one setting for all would show
            first = _render()
            both.wait()  # and again after the other has rendered in its language
            seen[lang] = [first, _render()]

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("de", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert seen == {"de": [GERMAN, GERMAN], "en": [ENGLISH, ENGLISH]}


def test_two_asyncio_tasks_render_at_once_each_in_its_own_language() -> None:
    async def speak(lang: str, both: asyncio.Barrier) -> list[tuple[str, ...]]:
        with i18n.language(lang):
            await both.wait()
            first = _render()
            await both.wait()
            return [first, _render()]

    async def main() -> list[list[tuple[str, ...]]]:
        both = asyncio.Barrier(2)
        return list(await asyncio.gather(speak("de", both), speak("en", both)))

    assert asyncio.run(main()) == [[GERMAN, GERMAN], [ENGLISH, ENGLISH]]


def test_the_language_of_a_block_ends_with_it() -> None:
    i18n.use("de")
    with i18n.language("en") as spoken:
        assert spoken == "en"
        assert _render() == ENGLISH
    assert _render() == GERMAN
    with pytest.raises(KeyError), i18n.language("en"):
        raise KeyError("a failure inside the block")
    assert _render() == GERMAN


def test_a_choice_for_the_run_stays_in_its_own_context() -> None:
    i18n.use("de")
    other: list[tuple[str, ...]] = []
    # a new thread starts with nothing chosen: it reads the environment (English in the tests)
    thread = threading.Thread(target=lambda: other.append(_render()))
    thread.start()
    thread.join(timeout=60)
    assert other == [ENGLISH]
    assert _render() == GERMAN
    i18n.reset()
    assert _render() == ENGLISH


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unsupported language 'fr'"):
        i18n.use("fr")
    with pytest.raises(ValueError, match="unsupported language 'fr'"), i18n.language("fr"):
        pass


# -- a catalogue that cannot be read --------------------------------------------------------------


def _broken(mo: Path, how: str) -> str:
    """Make the catalogue at ``mo`` broken in the way named; what the warning says is wrong."""
    good = MO.read_bytes()
    if how == "missing":
        return "No such file or directory"
    if how == "empty":
        mo.write_bytes(b"")
        return "the file is empty"
    if how == "cut in its header":
        # the 28-byte header holds the magic number and where the tables are: cut after 10
        mo.write_bytes(good[:10])
        return "it ends too early: cut short, or not a compiled catalogue"
    if how == "cut in its texts":
        # the tables point at texts past the end of what is left
        mo.write_bytes(good[: len(good) // 2])
        return "File is corrupt"
    if how == "bad magic":
        mo.write_bytes(b"\x00\x00\x00\x00" + good[4:])
        return "Bad magic number"
    assert how == "a folder"
    mo.mkdir()
    return "Is a directory"


BROKEN = ["missing", "empty", "cut in its header", "cut in its texts", "bad magic", "a folder"]


@pytest.fixture
def mo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Where the German catalogue is looked for: a folder of this test's own, empty."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    path = i18n.catalogue_path("de")
    assert path == tmp_path / "locale" / "de" / "LC_MESSAGES" / "tarockscore.mo"
    path.parent.mkdir(parents=True)
    yield path


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("warning:")]


@pytest.mark.parametrize(
    "args", [("score", str(EXAMPLE)), ("score",), ("--help",)], ids=["table", "error", "help"]
)
@pytest.mark.parametrize("how", BROKEN)
def test_a_broken_catalogue_reads_english_with_one_warning(mo: Path, how: str, args: tuple[str, ...]) -> None:
    if sys.platform == "win32" and how == "a folder":
        pytest.skip("Windows says 'Permission denied' for a folder opened as a file")
    why = _broken(mo, how)
    runner = CliRunner()
    english = runner.invoke(app, ["--lang", "en", *args])
    broken = runner.invoke(app, ["--lang", "de", *args])
    assert broken.exception is None or isinstance(broken.exception, SystemExit)
    assert broken.exit_code == english.exit_code
    assert broken.stdout == english.stdout
    warning = f"warning: {mo}: cannot read the German catalogue ({why}); going on in English"
    assert broken.stderr == warning + "\n" + english.stderr
    # said once per process: the next German run reads English without a word
    again = runner.invoke(app, ["--lang", "de", *args])
    assert (again.exit_code, again.stdout, again.stderr) == (
        english.exit_code,
        english.stdout,
        english.stderr,
    )


def test_the_commands_of_the_test_above_speak_german_with_a_good_catalogue(mo: Path) -> None:
    mo.write_bytes(MO.read_bytes())
    runner = CliRunner()
    table = runner.invoke(app, ["--lang", "de", "score", str(EXAMPLE)])
    assert table.exit_code == 0 and "Posten" in table.stdout and not _warnings(table.stderr)
    error = runner.invoke(app, ["--lang", "de", "score"])
    assert error.exit_code == 2 and error.stderr.startswith("Fehler: eine Spieldatei")
    assert "Ein Spiel rechnen" in runner.invoke(app, ["--lang", "de", "--help"]).stdout


def test_the_variable_that_chooses_german_falls_back_too(mo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _broken(mo, "bad magic")
    monkeypatch.setenv("TAROCKSCORE_LANG", "de")
    result = CliRunner().invoke(app, ["score"])
    assert result.exit_code == 2
    assert _warnings(result.stderr) == [
        f"warning: {mo}: cannot read the German catalogue (Bad magic number); going on in English"
    ]
    assert result.stderr.endswith(
        "error: give a hand file (or - for stdin), or the hand's options: see --help\n"
    )


def test_the_library_falls_back_too(mo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _broken(mo, "empty")
    with i18n.language("de") as spoken:
        assert spoken == "en"
        assert _render() == ENGLISH
    assert i18n.use("de") == "en"
    assert i18n.date("2025-03-14", "de") == "2025-03-14"  # the German form is the catalogue's
    assert _warnings(capsys.readouterr().err) == [
        f"warning: {mo}: cannot read the German catalogue (the file is empty); going on in English"
    ]


def test_a_real_run_without_the_catalogue_speaks_english(tmp_path: Path) -> None:
    # The console script itself must carry the warning too.
    program = (
        "import sys; from pathlib import Path; from tarockscore import i18n; "
        "i18n.LOCALE_DIR = Path(sys.argv.pop(1)); from tarockscore.cli.app import main; main()"
    )
    run = [sys.executable, "-c", program, str(tmp_path)]
    broken = subprocess.run([*run, "--lang", "de", "score"], capture_output=True, text=True, check=False)
    english = subprocess.run([*run, "--lang", "en", "score"], capture_output=True, text=True, check=False)
    mo = tmp_path / "de" / "LC_MESSAGES" / "tarockscore.mo"
    assert broken.returncode == english.returncode == 2
    assert broken.stderr == (
        f"warning: {mo}: cannot read the German catalogue (No such file or directory); going on in English\n"
        + english.stderr
    )
    assert "Traceback" not in broken.stderr
