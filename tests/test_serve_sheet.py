"""The sheet on a table's page reads like the paper Schrift: a column per player, each hand's row
with that player's points and the running total after it, as ``show`` prints them; a Valat is
said on the hand's line; a replacement's button says replace; a refusal says the sheet is as it was."""

from __future__ import annotations

import html as html_lib
import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import make_app
from tarockscore.web.site import Site
from tests.stored import unfolded
from tests.test_kontra_by_defender import result_cells

runner = CliRunner()
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def new(path: Path, players: str) -> Path:
    cli("new", "-p", players, "--ledger", str(path))
    return path


def record(path: Path, *args: str) -> None:
    cli("record", "--ledger", str(path), *args)


def four_hands(path: Path) -> Path:
    """Under koenigrufen (winners add, losers add nothing):
    1. Rufer Anna + Cilli won with 40: Rufer 1 → Anna +1, Cilli +1 (totals 1 0 1 0)
    2. Dreier Bert won with 40: Dreier 5 → Bert +5 (totals 1 5 1 0)
    3. Rufer Cilli + Dani lost with 20: the Defenders add the Rufer 1 → Anna +1, Bert +1 (2 6 1 0)
    4. Rufer Anna + Cilli, a silent Valat (69, the Defenders only their talon half): Rufer 1 × 4 →
       Anna +4, Cilli +4 (6 6 5 0)
    """
    new(path, "Anna,Bert,Cilli,Dani")
    record(path, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    record(path, "-c", "dreier", "-d", "Bert", "-t", "40")
    record(path, "-c", "rufer", "-d", "Cilli", "-w", "Dani", "-t", "20")
    record(path, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "69", "-b", "valat")
    return path


def client(path: Path) -> tuple[TestClient, str]:
    site = Site(path)
    return TestClient(make_app(site), follow_redirects=False), site.code("evening")


def schrift(html: str) -> tuple[list[str], dict[int, dict[str, tuple[str, str]]], dict[int, str]]:
    """The sheet's player headings, each hand's cells (player: points, running total), each hand's line."""
    table = re.search(r'<table class="hands[^"]*">(.*?)</table>', html, re.S)
    assert table is not None, "no sheet of hands"
    # each heading names its player whole (a phone may show it cut, "Bart…")
    names = [
        html_lib.unescape(n)
        for n in re.findall(r'<th class="player[^"]*"[^>]* aria-label="([^"]*)"', table.group(1))
    ]
    cells: dict[int, dict[str, tuple[str, str]]] = {}
    lines: dict[int, str] = {}
    for number, body in re.findall(r'<tbody data-hand="(\d+)">(.*?)</tbody>', table.group(1), re.S):
        what = re.search(r'<td class="what"[^>]*><a href="[^"]*">([^<]*)</a></td>', body)
        assert what is not None
        lines[int(number)] = what.group(1)
        cells[int(number)] = {
            p: (add, run)
            for p, add, run in re.findall(
                r'<td data-player="([^"]*)"><span class="add">([^<]*)</span>'
                r'<span class="to"> → </span><span class="run">([^<]*)</span></td>',
                body,
            )
        }
    return names, cells, lines


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_sheet_has_a_column_per_player_with_each_hands_points_and_the_running_total(
    tmp_path: Path, lang: str
) -> None:
    path = four_hands(tmp_path / "friday.toml")
    web, code = client(path)
    page = web.get(f"/t/evening?code={code}&lang={lang}").text
    names, cells, _lines = schrift(page)
    assert names == ["Anna", "Bert", "Cilli", "Dani"]
    # worked by hand (four_hands)
    assert cells[1] == {"Anna": ("+1", "1"), "Bert": ("0", "0"), "Cilli": ("+1", "1"), "Dani": ("0", "0")}
    assert cells[3] == {"Anna": ("+1", "2"), "Bert": ("+1", "6"), "Cilli": ("0", "1"), "Dani": ("0", "0")}
    assert cells[4] == {"Anna": ("+4", "6"), "Bert": ("0", "6"), "Cilli": ("+4", "5"), "Dani": ("0", "0")}
    assert list(cells) == [4, 3, 2, 1]  # the latest first, under the totals
    # every cell as `show --json` has it
    shown = json.loads(cli("show", "--json", "--ledger", str(path)))
    for hand in shown["hands"]:
        assert cells[hand["number"]] == {
            p: (signed(hand["victory_points"][p]), str(hand["totals"][p])) for p in shown["players"]
        }
    # the parts the page's script redraws are the same sheet
    live = web.get(f"/t/evening?part=live&code={code}&lang={lang}").json()["sheet"]
    assert schrift(live) == schrift(page)


def test_at_five_the_player_sitting_out_has_a_dot_and_keeps_the_running_total(tmp_path: Path) -> None:
    """Five players: the dealer sits out (Erik deals hand 1, Anna hand 2)."""
    path = new(tmp_path / "five.toml", "Anna,Bert,Cilli,Dani,Erik")
    record(path, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")  # Anna +1, Cilli +1
    record(path, "-c", "dreier", "-d", "Bert", "-t", "40")  # Bert +5; Anna deals, sits out
    names, cells, _lines = schrift(client(path)[0].get("/t/evening").text)
    assert names == ["Anna", "Bert", "Cilli", "Dani", "Erik"]
    assert cells[1]["Erik"] == ("·", "0")
    assert cells[2]["Anna"] == ("·", "1")
    assert cells[2]["Bert"] == ("+5", "5")


def test_a_long_name_heads_its_column_in_whole_words_broken_only_after_a_hyphen_or_at_a_space(
    tmp_path: Path,
) -> None:
    """Each word of a heading is kept on one line (the style sheet shortens one too wide for its
    column): "Anna-Katharina" may break after its hyphen, "Eva Maria" at its space, and no
    name anywhere else."""
    path = new(tmp_path / "five.toml", "Maximilian,Anna-Katharina,Wolfgang,Eva Maria,Christoph")
    record(path, "-c", "rufer", "-d", "Maximilian", "-w", "Wolfgang", "-t", "40")
    page = client(path)[0].get("/t/evening").text
    headings = re.findall(r'<th class="player[^"]*"[^>]*>(.*?)</th>', page)
    assert [re.findall(r'<span class="full">([^<]*)</span>', h) for h in headings] == [
        ["Maximilian"],
        ["Anna-", "Katharina"],
        ["Wolfgang"],
        ["Eva", "Maria"],
        ["Christoph"],
    ]
    # a phone's five columns hold about five letters: each word cut where it ends, as it breaks
    assert [re.findall(r'<span class="short">([^<]*)</span>', h) for h in headings] == [
        ["Maxi…"],
        ["Anna-", "Kath…"],
        ["Wolf…"],
        [],
        ["Chri…"],
    ]
    assert schrift(page)[0] == ["Maximilian", "Anna-Katharina", "Wolfgang", "Eva Maria", "Christoph"]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Rufer by Anna with Cilli, won, Valat"),
        ("de", "Rufer von Anna mit Cilli, gewonnen, Valat"),
    ],
)
def test_a_hand_won_as_a_valat_says_so_on_the_sheet_and_in_the_notice(
    tmp_path: Path, lang: str, line: str
) -> None:
    path = four_hands(tmp_path / "friday.toml")
    web, code = client(path)
    _names, _cells, lines = schrift(web.get(f"/t/evening?lang={lang}").text)
    assert lines[4] == line
    assert "Valat" not in lines[1]
    notice = web.get(f"/t/evening?code={code}&lang={lang}&done=recorded&hand=4").text
    assert line in notice


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("-b", "valat,announced"), "rufer by Anna with Cilli, won, Valat announced"),
        (("-b", "valat,defenders"), "rufer by Anna with Cilli, lost, Valat of the Defenders"),
        (("-b", "valat,announced,lost"), "rufer by Anna with Cilli, lost, announced Valat failed"),
    ],
)
def test_the_command_line_says_a_valat_on_the_hands_line(
    tmp_path: Path, args: tuple[str, ...], line: str
) -> None:
    path = new(tmp_path / "friday.toml", "Anna,Bert,Cilli,Dani")
    # a Valat leaves the other side only the talon half that counts for it: here 1 (§1.4, §1.5)
    points = "1" if "defenders" in args[1] else "69" if "lost" not in args[1] else "60"
    out = cli(
        "record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", points, *args
    )
    assert f"hand 1: {line} (" in out


@pytest.mark.parametrize(("lang", "button"), [("en", "Replace hand 1"), ("de", "Spiel 1 ersetzen")])
def test_the_arithmetic_of_a_replacement_is_confirmed_with_replace_not_record(
    tmp_path: Path, lang: str, button: str
) -> None:
    path = new(tmp_path / "friday.toml", "Anna,Bert,Cilli,Dani")
    record(path, "-c", "dreier", "-d", "Bert", "-t", "36")
    web, code = client(path)
    form = {"code": code, "expected": tarockscore.Evening(path).version(), "request": "r1", "number": "1"}
    form |= {"action": "preview", "contract": "dreier", "declarer": "Bert", "card_points": "30"}
    preview = web.post(f"/t/evening/hand?lang={lang}", data=form).text
    assert f'value="record" class="primary">{button}</button>' in preview
    assert "Record hand 1" not in preview and "Spiel 1 eintragen" not in preview
    texts = re.search(
        r'<script type="application/json" id="texts">(.*?)</script>',
        web.get(f"/t/evening?code={code}&lang={lang}&replace=1").text,
    )
    assert texts is not None and json.loads(texts.group(1))["replace"].format(number=1) == button


UNCHANGED = {
    "en": "Nothing was recorded: the sheet is unchanged.",
    "de": "Nichts eingetragen: die Schrift ist unverändert.",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refusal_says_that_nothing_was_recorded(tmp_path: Path, lang: str) -> None:
    path = new(tmp_path / "friday.toml", "Anna,Bert,Cilli,Dani")
    web, code = client(path)
    form = {"code": code, "expected": tarockscore.Evening(path).version(), "request": "r1"}
    form |= {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "75"}
    for action in ("preview", "record"):
        answer: Any = web.post(f"/t/evening/hand?lang={lang}", data={**form, "action": action})
        assert answer.status_code == 422
        notice = re.search(r'<div class="notice refused"[^>]*>(.*?)</div>', answer.text, re.S)
        assert notice is not None and UNCHANGED[lang] in notice.group(1)
    assert not tarockscore.Evening(path).ledger.hands
    page = web.get(f"/t/evening?code={code}&lang={lang}").text
    texts = re.search(r'<script type="application/json" id="texts">(.*?)</script>', page)
    assert texts is not None and json.loads(texts.group(1))["unchanged"] == UNCHANGED[lang]


@pytest.mark.parametrize(
    ("lang", "kontra", "trischaken", "audit"),
    [
        (
            "en",
            "Rufer by Anna with Cilli, Rekontra, won",
            "Trischaken, Bert loses",
            "hand 1 replaced: rufer by Anna with Cilli, rekontra, won → rufer by Anna with Cilli, won",
        ),
        (
            "de",
            "Rufer von Anna mit Cilli, Rekontra, gewonnen",
            "Trischaken, Bert verliert",
            "Spiel 1 ersetzt: Rufer von Anna mit Cilli, Rekontra, gewonnen → Rufer von Anna mit Cilli, gewonnen",
        ),
    ],
)
def test_a_hands_line_names_its_kontra_step_and_a_trischakens_loser(
    tmp_path: Path, lang: str, kontra: str, trischaken: str, audit: str
) -> None:
    """A Rekontra on the Rufer is on its line, so a replacement that takes only the Rekontra away
    changes the line the notice shows; a Trischaken's line names who lost it: under koenigrufen the
    one with the most card points (Bert, 40 of 70; everyone took a trick, so no Bürgermeister)."""
    path = new(tmp_path / "friday.toml", "Anna,Bert,Cilli,Dani")
    record(path, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-k", "rekontra")
    record(path, "-c", "trischaken", "-t", "Anna=10", "-t", "Bert=40", "-t", "Cilli=15", "-t", "Dani=5")
    web, code = client(path)
    _names, _cells, lines = schrift(web.get(f"/t/evening?lang={lang}").text)
    assert lines == {2: trischaken, 1: kontra}
    cli("replace", "1", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    notice = web.get(f"/t/evening?code={code}&lang={lang}&done=replaced&hand=1").text
    assert kontra.replace(", Rekontra", "") in notice
    assert kontra not in notice
    shown = unfolded(cli("--lang", lang, "show", "--ledger", str(path)))
    assert audit in shown


@pytest.mark.parametrize(
    ("profile", "points", "line"),
    [
        # [TIR20 5)] "Die zwei Spieler mit den meisten Punkten zahlen an die beiden anderen je zwei
        # Punkte (2 x 2)": Bert (30) and Cilli (20) lose
        ("tirol", ("Anna=10", "Bert=30", "Cilli=20", "Dani=10"), "Trischaken, Bert, Cilli lose"),
        # [OÖ23, WTC19/20] the most card points lose alone, Bert (40) a Bürgermeister; Dani took no
        # trick and takes what the three would get: under Simplified Scoring Anna and Cilli score 0
        # as Bert does, yet only Bert lost
        ("koenigrufen", ("Anna=10", "Bert=40", "Cilli=20", "Dani=0"), "Trischaken, Bert loses"),
    ],
)
def test_a_trischakens_line_names_the_losers_its_profile_makes(
    tmp_path: Path, profile: str, points: tuple[str, ...], line: str
) -> None:
    """Who lost a Trischaken is the profile's to say (one or two of the highest), as `explain`
    says it: not the players the hand gave the least, who under Simplified Scoring include every
    player who won nothing."""
    path = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "-P", profile, "--ledger", str(path))
    record(path, "-c", "trischaken", *(word for p in points for word in ("-t", p)))
    web, _code = client(path)
    _names, _cells, lines = schrift(web.get("/t/evening?lang=en").text)
    assert lines == {1: line}


@pytest.mark.parametrize(
    ("lang", "line", "undone"),
    [
        ("en", "Rufer by Anna with Cilli, renonce by Bert, won", "hand 1 undone: rufer by Anna with Cilli, renonce by Bert, won"),
        ("de", "Rufer von Anna mit Cilli, Renonce von Bert, gewonnen", "Spiel 1 zurückgenommen: Rufer von Anna mit Cilli, Renonce von Bert, gewonnen"),
    ],
)  # fmt: skip
def test_a_revoked_hands_line_says_who_revoked(tmp_path: Path, lang: str, line: str, undone: str) -> None:
    """Bert, a Defender, revokes in Anna's Rufer with 30 card points: the defenders lose the
    contract (renonce.rule = "side_loses", D28). The sheet said "Rufer by Anna with Cilli, won",
    a line a table reads as won on the card points, and only the explanation told why; the line
    says the revoke, as it says a concession, on the phone, in `show` and in the audit trail."""
    path = new(tmp_path / "friday.toml", "Anna,Bert,Cilli,Dani")
    record(path, "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "30", "--renonce", "Bert")
    web, _code = client(path)
    _names, _cells, lines = schrift(web.get(f"/t/evening?lang={lang}").text)
    assert html_lib.unescape(lines[1]) == line
    shown = cli("--lang", lang, "show", "--ledger", str(path))  # show's hand column: as the trail says it
    assert result_cells(shown, {"en": "hand", "de": "Spiel"}[lang]) == [undone.split(": ", 1)[1]]
    cli("undo", "--ledger", str(path))
    assert undone in unfolded(cli("--lang", lang, "show", "--ledger", str(path)))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Profile 'koenigrufen': Königrufen: main rules (Calling the King), Simplified Scoring"),
        ("de", "Profil „koenigrufen“: Königrufen: Hauptregeln (Calling the King), vereinfachte Abrechnung"),
    ],
)
def test_the_evening_page_names_the_profile_being_played_below_the_sheet(
    tmp_path: Path, lang: str, said: str
) -> None:
    """The title as profiles/koenigrufen.toml gives it, in the page's language; below the sheet,
    for the table and for a player without the code alike."""
    path = four_hands(tmp_path / "friday.toml")
    web, code = client(path)
    for page in (
        web.get(f"/t/evening?lang={lang}").text,
        web.get(f"/t/evening?code={code}&lang={lang}").text,
    ):
        shown = html_lib.unescape(page)
        assert said in shown
        assert shown.index('id="sheet"') < shown.index(said)


def test_names_a_phones_cut_would_make_alike_are_headed_by_their_start_and_end(tmp_path: Path) -> None:
    """Cut at five letters, Maximilian and Maximiliane would both read "Maxi…": they are headed
    "Max…n" and "Max…e"; Bartholomäus is cut where the column ends; Anna-Lena and Anna-Maria
    break after their hyphen and fit whole."""
    path = new(tmp_path / "five.toml", "Maximilian,Maximiliane,Bartholomäus,Anna-Lena,Anna-Maria")
    record(path, "-c", "dreier", "-d", "Maximiliane", "-t", "40")
    page = client(path)[0].get("/t/evening").text
    headings = re.findall(r'<th class="player[^"]*"[^>]*>(.*?)</th>', page)
    assert [re.findall(r'<span class="short">([^<]*)</span>', h) for h in headings] == [
        ["Max…n"],
        ["Max…e"],
        ["Bart…"],
        [],
        [],
    ]
    assert schrift(page)[0] == ["Maximilian", "Maximiliane", "Bartholomäus", "Anna-Lena", "Anna-Maria"]
