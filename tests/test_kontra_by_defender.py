"""A Kontra each Defender says for themselves (contra ad personam, koenigrufen's kontra.negative =
"individual", docs/rules/kontra.md) is named on the hand's line as a Kontra on the contract is:
the step the declarer plays at with each Defender, in seat order, said by who said it ("kontra from
Anna, rekontra against Dani": Dani's Kontra answered with Rekontra by the declarer, so not
"rekontra from Dani"; "kontra with Anna" read as if Anna were the declarer's partner), in what
`record` prints, the sheet on the phones, its notice, and the audit trail of a correction (kept in
English, read back in German).

The hand: Bert plays a Bettler and loses it; Anna says Kontra, Dani Kontra and Bert answers her
with Rekontra (docs/hand-format.md's example). Anna is Forehand: the Defenders sit Anna, Cilli, Dani.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.render.evening import read_back, said
from tests.stored import stored_audit, unfolded

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import make_app
from tarockscore.web.site import Site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
runner = CliRunner()
# given Dani first: the line names them in seat order all the same
BETTLER = ["-c", "bettler", "-d", "Bert", "--lost", "-k", "Dani=rekontra", "-k", "Anna=kontra"]
STORED = "bettler by Bert, kontra from Anna, rekontra against Dani, lost"
LINES = {
    "en": "bettler by Bert, kontra from Anna, rekontra against Dani, lost",
    "de": "Bettler von Bert, Kontra von Anna, Rekontra gegen Dani, verloren",
}
# the phones' page writes the players' names of a contract and a step, in English too
PAGE = {
    "en": "Bettler by Bert, Kontra from Anna, Rekontra against Dani, lost",
    "de": "Bettler von Bert, Kontra von Anna, Rekontra gegen Dani, verloren",
}


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    run("new", "-p", "Anna,Bert,Cilli,Dani", "-l", str(path))
    return path


@pytest.mark.parametrize("lang", ["en", "de"])
def test_record_names_each_defenders_own_kontra(ledger: Path, lang: str) -> None:
    printed = run("--lang", lang, "record", *BETTLER, "-l", str(ledger))
    first = unfolded(printed).splitlines()[0]
    assert first.split(": ", 1)[1].startswith(LINES[lang] + " ("), first


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_audit_trail_keeps_the_kontras_and_reads_them_back(ledger: Path, lang: str) -> None:
    run("record", *BETTLER, "-l", str(ledger))
    undone = run("--lang", lang, "undo", "-l", str(ledger))
    word = {"en": "hand 1 undone: ", "de": "Spiel 1 zurückgenommen: "}[lang]
    assert unfolded(undone).splitlines()[0] == word + LINES[lang]
    assert stored_audit(ledger)[-1]["detail"] == "hand 1 undone: " + STORED
    shown = unfolded(run("--lang", lang, "show", "-l", str(ledger))).splitlines()[-1]
    assert shown.endswith(word + LINES[lang]), shown


def test_a_stored_line_with_each_defenders_kontra_is_read_back_part_by_part() -> None:
    line = f"hand 3 replaced: {STORED} → bettler by Bert, kontra from Cilli, won; kontra: Anna=Kontra, Dani=Rekontra → Cilli=Kontra"
    found = read_back(line)
    assert found is not None
    with i18n.language("de"):
        assert said(line) == (
            "Spiel 3 ersetzt: Bettler von Bert, Kontra von Anna, Rekontra gegen Dani, verloren → "
            "Bettler von Bert, Kontra von Cilli, gewonnen; Kontra: Anna=Kontra, Dani=Rekontra → Cilli=Kontra"
        )
        # a line stored before, in the words of then, is read back; its German names no partner
        old = "hand 2 undone: bettler by Bert, kontra with Anna, rekontra with Dani, lost"
        assert (
            said(old) == "Spiel 2 zurückgenommen: Bettler von Bert, Kontra (Anna), Rekontra (Dani), verloren"
        )
        # a Kontra on the contract still reads as before
        assert said("hand 2 undone: rufer by Anna with Cilli, rekontra, won") == (
            "Spiel 2 zurückgenommen: Rufer von Anna mit Cilli, Rekontra, gewonnen"
        )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_phones_sheet_and_its_notice_name_each_defenders_kontra(ledger: Path, lang: str) -> None:
    run("record", *BETTLER, "-l", str(ledger))
    site = Site(ledger)
    web, code = TestClient(make_app(site), follow_redirects=False), site.code("evening")
    page = web.get(f"/t/evening?lang={lang}").text
    line = re.search(
        r'<tbody data-hand="1">.*?<td class="what"[^>]*><a href="[^"]*">([^<]*)</a></td>', page, re.S
    )
    assert line is not None and line.group(1) == PAGE[lang]
    notice = web.get(f"/t/evening?code={code}&lang={lang}&done=recorded&hand=1").text
    assert PAGE[lang] in notice


def result_cells(shown: str, title: str) -> list[str]:
    """``show``'s column of that title, each hand's cell its lines joined, from the column's place
    under its title to the next column's; the totals below the hands (points on a line that has
    no number of its own) end it."""
    lines = shown.splitlines()
    head = next(i for i, line in enumerate(lines) if f"  {title}  " in line)
    start = lines[head].index(title)
    end = start + len(lines[head + 1][start:].split(" ", 1)[0])  # the column's dashes
    cells: list[str] = []
    for line in lines[head + 2 :]:
        part = line[start:end].strip()
        if line[:3].strip():  # a hand's number: its row begins
            cells.append(part)
        elif re.match(r"[-+\d]", line[end:].strip()):  # points with no number of a hand: the totals
            break
        elif part and cells:  # the cell goes on under its first line
            cells[-1] += " " + part
    return cells


@pytest.mark.parametrize("lang", ["en", "de"])
def test_shows_hand_column_names_each_defenders_kontra(ledger: Path, lang: str) -> None:
    run("record", *BETTLER, "-l", str(ledger))
    title = {"en": "hand", "de": "Spiel"}[lang]
    assert result_cells(run("--lang", lang, "show", "-l", str(ledger)), title) == [LINES[lang]]


def test_one_step_for_a_negative_contract_points_to_a_defender_by_name(tmp_path: Path) -> None:
    """Bert plays the Bettler; "-k kontra" alone is refused, as each Defender says Kontra for
    themselves ([CTK] "each Defender says Kontra for themselves only, which the Austrian sources
    call contra ad personam"): the example names a Defender at this table, Anna (Forehand), not
    the declarer, whose own Kontra the next try would refuse."""
    result = runner.invoke(
        app, ["score", "-p", "Anna,Bert,Cilli,Dani", "-c", "bettler", "-d", "Bert", "--lost", "-k", "kontra"]
    )
    assert result.exit_code == 1
    assert "e.g. -k Anna=kontra" in result.stderr
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Bert", "Anna", "Cilli", "Dani"]\ncontract = "bettler"\ndeclarer = "Bert"\nwon = false\nkontra = "kontra"\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["score", str(hand)])
    assert result.exit_code == 1
    assert 'kontra = { Anna = "kontra" }' in result.stderr
    de = runner.invoke(app, ["--lang", "de", "score", str(hand)])
    assert 'z. B. kontra = { Anna = "kontra" }' in de.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["×2 Dani's Kontra on Bert's Bettler = 8", "×2 Bert's Rekontra to Dani = 16"]),
        ("de", ["×2 Kontra von Dani auf den Bettler von Bert = 8", "×2 Rekontra von Bert gegen Dani = 16"]),
    ],
)
def test_a_won_bettler_under_simplified_scoring_names_whose_stake_it_is_written_at(
    lang: str, said: list[str]
) -> None:
    # koenigrufen: Bettler 4 [STC-TB] won by Bert; Anna's Kontra ×2, Dani's Kontra answered with
    # Rekontra ×4 [CTK]. Under Simplified Scoring the declarer adds the contract once, at the
    # highest stake (D32): Dani's, 4 × 4 = 16, and the explanation says it is Dani's.
    options = ["score", "-p", "Anna,Bert,Cilli,Dani", "-c", "bettler", "-d", "Bert", "--won"]
    out = runner.invoke(
        app, ["--lang", lang, *options, "-k", "Anna=kontra", "-k", "Dani=rekontra", "--explain"]
    )
    assert out.exit_code == 0, out.stderr
    for line in said:
        assert f"   {line} [" in out.stdout
