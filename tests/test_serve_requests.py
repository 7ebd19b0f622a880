"""A phone's write and the ledger: the request key inside the ledger's entry, a resend after any
crash answered with its hand, the second phone told the truth, request keys per table, the codes'
file, and a table's code that writes only while its round is open.

The hand used throughout: a Rufer by Anna with Cilli, 40 card points of 70 under koenigrufen, won
(the Calling the King rules [CTK], "Victory conditions": 35 2/3 card points or more win); its
Victory Points are the Call's plain value, 1 each to Anna and Cilli [CTK, "Scoring": Call 1],
Simplified Scoring (winners add, losers add nothing).
"""

from __future__ import annotations

import errno
import os
import stat
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app
from tarockscore.errors import UsageError

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import Settings, make_app
from tarockscore.web.site import Site
from tests.serving import close_round

runner = CliRunner()
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TABLE = ("Anna", "Bert", "Cilli", "Dani")
RUFER = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "40"}
JSON = {"Accept": "application/json"}


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(TABLE), "--ledger", str(path))
    return path


def new_day(day: Path, players: int, rounds: int) -> None:
    names = ",".join(f"P{i}" for i in range(1, players + 1))
    cli("tournament", "new", str(day), "--players", names, "--rounds", str(rounds), "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip


def client_of(path: Path, **site: Any) -> tuple[TestClient, Site]:
    served = Site(path, **site)
    return TestClient(make_app(served, Settings()), follow_redirects=False), served


def first_table(day: Path, players: int, rounds: int, seed: int) -> tuple[TestClient, Site, Any]:
    """A day begun and its first round drawn (``seed``): its server, and its first table."""
    new_day(day, players, rounds)
    cli("tournament", "draw", str(day), "--round", "1", "--seed", str(seed))
    client, site = client_of(day)
    place = site.place("r1t1")
    assert place is not None
    return client, site, place


def post(client: TestClient, site: Site, what: str, key: str, version: str, **form: str) -> Any:
    data = {"code": site.code("evening"), "expected": version, "request": key, "action": "record", **form}
    return client.post(f"/t/evening/{what}", data=data, headers=JSON)


def hands(path: Path) -> list[dict[str, Any]]:
    return [dict(e.keys) for e in tarockscore.Evening(path).ledger.hands]


def test_the_request_key_is_kept_in_the_ledgers_entry(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    answer = post(client, site, "hand", "phone-a-1", version, **RUFER)
    assert answer.status_code == 200
    assert answer.json()["sheet"]["totals"] == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}
    assert 'request = "phone-a-1"' in evening.read_text(encoding="utf-8")
    cli("check", "--ledger", str(evening))  # the ledger with its key passes its own audit
    # no second store beside the ledger: the folder holds the ledger and the codes' file alone
    assert sorted(p.name for p in evening.parent.iterdir()) == ["friday.serve-codes.toml", "friday.toml"]


def test_a_resend_after_a_crash_finds_its_hand_in_the_ledger(evening: Path) -> None:
    # The server wrote the hand and died before it answered: the ledger alone knows the key.
    version = tarockscore.Evening(evening).version()
    hand: tarockscore.HandInput = {
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 40,
    }
    tarockscore.Evening(evening).record(hand, expected=version, request="lost-answer")
    client, site = client_of(evening)  # the restarted server
    again = post(client, site, "hand", "lost-answer", version, **RUFER)
    assert again.status_code == 200, again.text
    body = again.json()
    assert body["resent"] is True and body["number"] == 1
    assert body["said"].startswith("hand 1: ")
    assert len(hands(evening)) == 1  # not twice
    # an undo resent is not a second undo
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
    latest = tarockscore.Evening(evening).version()
    assert post(client, site, "undo", "u1", latest).status_code == 200
    resent = post(client, site, "undo", "u1", latest)
    assert resent.status_code == 200 and resent.json()["resent"] is True
    assert resent.json()["number"] == 2 and len(hands(evening)) == 1
    assert [h["contract"] for h in hands(evening)] == ["rufer"]  # the Dreier taken back, once


def test_a_resend_of_the_last_hand_of_a_table_is_still_answered(tmp_path: Path) -> None:
    # A table of four games: after its fourth hand the form is closed, and a resend still finds it.
    client, site, place = first_table(tmp_path / "day", 4, 1, seed=1)
    for _ in range(3):
        cli("record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[0], "-t", "36")
    form = {"code": site.code("r1t1"), "expected": place.evening.version(), "request": "only",
            "action": "record", "contract": "dreier", "declarer": place.players[0], "card_points": "36"}  # fmt: skip
    assert client.post("/t/r1t1/hand", data=form, headers=JSON).status_code == 200
    again = client.post("/t/r1t1/hand", data=form, headers=JSON)
    assert again.status_code == 200 and again.json()["resent"] is True
    assert again.json()["number"] == 4 and len(place.evening.ledger.hands) == 4


def test_the_second_phone_is_told_the_hand_is_already_on_the_sheet(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    assert post(client, site, "hand", "phone-a", version, **RUFER).status_code == 200
    second = post(client, site, "hand", "phone-b", version, **RUFER)
    assert second.status_code == 409
    body = second.json()
    assert body["error"] == "already_on_sheet" and body["number"] == 1
    assert body["problems"][0]["message"] == "this hand is already on the sheet as hand 1"
    assert len(hands(evening)) == 1
    # another hand entered on the old sheet is no such hand: the sheet moved, enter it again
    other = post(client, site, "hand", "phone-c", version, **(RUFER | {"card_points": "30"}))
    assert other.status_code == 409 and other.json()["error"] == "changed"
    # in German, in the players' words
    german = client.post(
        "/t/evening/hand?lang=de",
        data={
            "code": site.code("evening"),
            "expected": version,
            "request": "phone-d",
            "action": "record",
            **RUFER,
        },
        headers=JSON,
    )
    assert german.json()["error"] == "already_on_sheet"
    assert "1" in german.json()["problems"][0]["message"]
    assert "already" not in german.json()["problems"][0]["message"]


def test_a_replacement_made_on_two_phones_is_made_once(evening: Path) -> None:
    client, site = client_of(evening)
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
    version = tarockscore.Evening(evening).version()
    first = post(client, site, "hand", "ra", version, number="1", **RUFER)
    assert first.status_code == 200 and first.json()["number"] == 1
    second = post(client, site, "hand", "rb", version, number="1", **RUFER)
    assert second.status_code == 409 and second.json()["error"] == "already_on_sheet"
    assert second.json()["number"] == 1
    assert [h["contract"] for h in hands(evening)] == ["rufer"]


@pytest.mark.parametrize("number", ["-1", "abc", "1.5", "1000001", "99999999999", "²"])
def test_a_correction_whose_number_is_no_hands_number_is_refused_not_recorded_as_a_new_hand(
    evening: Path, number: str
) -> None:
    # a replacement names the hand it corrects; a number that is none must not turn it into a
    # new hand on the sheet (docs/serve.md: bad_form, nothing written)
    client, site = client_of(evening)
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
    before = evening.read_bytes()
    version = tarockscore.Evening(evening).version()
    answer = post(client, site, "hand", "n", version, number=number, **RUFER)
    assert answer.status_code == 400 and answer.json()["error"] == "bad_form"
    assert repr(number) in answer.json()["problems"][0]["message"]
    assert evening.read_bytes() == before


def test_request_keys_are_per_table_and_any_length_is_kept_or_refused(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day, 8, 1)
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    client, site = client_of(day)

    def send(key: str, request: str) -> Any:
        place = site.place(key)
        assert place is not None
        form = {"code": site.code(key), "expected": place.evening.version(), "request": request,
                "action": "record", "contract": "dreier", "declarer": place.players[0], "card_points": "36"}  # fmt: skip
        return client.post(f"/t/{key}/hand", data=form, headers=JSON)

    # the same key at two tables (two phones that happen to draw it) writes at both
    assert send("r1t1", "same").status_code == 200
    assert send("r1t2", "same").json().get("resent") is None
    long = "k" * 200  # kept whole: its resend is known
    assert send("r1t1", long).status_code == 200
    place = site.place("r1t1")
    assert place is not None
    assert len(place.evening.ledger.hands) == 2
    too_long = send("r1t1", "k" * 201)
    assert too_long.status_code == 422 and too_long.json()["problems"][0]["where"] == "request"
    assert len(place.evening.ledger.hands) == 2


def test_a_tables_code_writes_only_while_its_round_is_open(tmp_path: Path) -> None:
    day = tmp_path / "day"
    new_day(day, 8, 2)
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    client, site = client_of(day)
    close_round(site, day, 1)
    cli("tournament", "draw", str(day), "--round", "2", "--seed", "4")
    place = site.place("r1t1")
    assert place is not None and place.closed
    undo = {"code": site.code("r1t1"), "expected": place.evening.version(), "request": "late"}
    refused = client.post("/t/r1t1/undo", data=undo, headers=JSON)
    assert refused.status_code == 403 and refused.json()["error"] == "round_closed"
    assert len(place.evening.ledger.hands) == 4
    page = client.get(f"/t/r1t1?code={site.code('r1t1')}")
    assert page.status_code == 200 and 'name="contract"' not in page.text and "round 1 is closed" in page.text
    # the organiser's code can always take over
    taken = client.post("/t/r1t1/undo", data=undo | {"code": site.code("organiser")}, headers=JSON)
    assert taken.status_code == 200 and len(place.evening.ledger.hands) == 3
    # the page the table's code keeps open follows that correction as it reads: it offers hand 4
    # no more than a correction, each of which its code would have refused
    live = client.get(f"/t/r1t1?code={site.code('r1t1')}&part=live", headers=JSON).json()
    assert (live["number"], live["head"], live["corrections"]) == (None, "", "")
    # the round drawn while serving is open: its own codes write
    fresh = site.place("r2t1")
    assert fresh is not None and not fresh.closed and site.opens(fresh, site.code("r2t1"))
    assert not site.opens(fresh, site.code("r1t1"))


def test_the_codes_file_is_the_owners_alone_and_survives_a_restart(evening: Path) -> None:
    _client, site = client_of(evening)
    codes = evening.with_name("friday.serve-codes.toml")
    assert stat.S_IMODE(codes.stat().st_mode) == 0o600
    again = Site(evening)
    assert again.code("evening") == site.code("evening") and again.code("organiser") == site.code("organiser")


def test_a_codes_file_that_cannot_be_written_never_stops_a_write(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    fsync = os.fsync

    def full(fd: int) -> None:  # the disk full under the codes' file alone (Linux names an fd's file)
        if "serve-codes" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        fsync(fd)

    monkeypatch.setattr(os, "fsync", full)
    client, site = client_of(evening, warn=said.append)
    assert said and "could not be kept" in said[0] and "No space left on device" in said[0]
    assert not evening.with_name("friday.serve-codes.toml").exists()
    assert [p.name for p in evening.parent.iterdir()] == ["friday.toml"]  # no temp file left
    version = tarockscore.Evening(evening).version()
    assert post(client, site, "hand", "k", version, **RUFER).status_code == 200
    assert len(hands(evening)) == 1


def test_serves_warning_about_the_codes_file_shows_its_path_escaped_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tarockscore.web.app as server

    class Warned:  # the codes' file warned about at start, then the server stops
        def __init__(self, where: Path, warn: Any) -> None:
            warn(f"{tmp_path}/a\nb\x1b[2J: the table codes could not be kept")
            raise UsageError("stopped")

    monkeypatch.setattr(server, "Site", Warned)
    result = runner.invoke(app, ["serve", str(tmp_path / "x.toml"), "--port", "0"])
    first = result.stderr.splitlines()[0]
    assert first == f"warning: {tmp_path}/a\\nb\\x1b[2J: the table codes could not be kept"


def test_a_codes_file_that_is_no_codes_file_is_refused_at_start(evening: Path) -> None:
    evening.with_name("friday.serve-codes.toml").write_text('codes = "everything"\n', encoding="utf-8")
    with pytest.raises(UsageError, match="not a file of table codes"):
        Site(evening)


def test_a_write_to_a_closed_evening_is_refused_in_the_players_words(evening: Path) -> None:
    """A hand, its arithmetic or a Radl sent from a page still open as the evening was closed on
    the laptop (its ledger made read-only): refused as the page says a closed evening, not with the
    organiser's `chmod` and the ledger's file name; in English and German, with script and without."""
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    os.chmod(evening, 0o444)  # the evening closed on the laptop
    try:
        answers = [post(client, site, what, "k", version, **RUFER) for what in ("hand", "radl")]
        answers.append(post(client, site, "hand", "k", version, **RUFER, action="preview"))
        german = client.post(
            "/t/evening/radl?lang=de", data={"code": site.code("evening"), "expected": version}
        )
        shown = client.post(
            "/t/evening/hand?lang=de",
            data={"code": site.code("evening"), "expected": version, "action": "preview", **RUFER},
        )
    finally:
        os.chmod(evening, 0o644)
    assert shown.status_code == 422 and "chmod" not in shown.text and "friday.toml" not in shown.text
    assert shown.text.count("dieser Abend ist abgeschlossen") == 1
    for answer in answers:
        assert answer.status_code == 422
        reasons = [p["message"] for p in answer.json()["problems"]]
        assert reasons == ["this evening is closed: nothing more is recorded on its sheet"]
    assert german.status_code == 422
    assert "dieser Abend ist abgeschlossen" in german.text and "chmod" not in german.text
    assert german.text.count("dieser Abend ist abgeschlossen") == 1  # said once, not again below
    # a ledger edited by hand while served: said as its page says it (503, the players' words,
    # no file), and nothing written
    done = post(client, site, "hand", "k1", version, **RUFER)
    assert done.status_code == 200
    edited = evening.read_text(encoding="utf-8").replace("card_points = 40", "card_points = 50")
    evening.write_text(edited, encoding="utf-8")
    broken = post(client, site, "undo", "k2", done.json()["version"])
    assert broken.status_code == 503
    said = " ".join(p["message"] for p in broken.json()["problems"])
    assert "this table's sheet cannot be read or written just now" in said and "friday.toml" not in said
    # without script the answer is a page of its own: it leads back to the table's page
    code = site.code("evening")
    page = client.post("/t/evening/undo?lang=de", data={"code": code, "expected": "x", "request": "k3"})
    assert page.status_code == 503
    assert f'<a href="/t/evening?code={code}&amp;lang=de">zurück zur Schrift</a>' in page.text
    assert evening.read_text(encoding="utf-8") == edited


def test_a_table_scored_from_its_paper_sheet_is_no_table_waiting_for_its_first_hand(tmp_path: Path) -> None:
    """A table's Schrift taken from its paper sheet (`tournament result`, docs/tournament.md): its
    page has no next hand and no form, the board counts it as a paper sheet, not as 0 of 4 hands."""
    day = tmp_path / "day"
    new_day(day, 8, 2)
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    client, site = client_of(day)
    place = site.place("r1t2")
    assert place is not None
    schrift = [f"{name}={points}" for name, points in zip(place.players, (10, -4, -3, -3), strict=True)]
    cli("tournament", "result", str(day), "--round", "1", "--table", "2", *schrift)
    for lang, said in (
        ("en", "the result is taken from the table&#x27;s paper sheet: no hand is recorded here"),
        ("de", "das Ergebnis kommt vom Papierblatt des Tisches: hier wird kein Spiel eingetragen"),
    ):
        page = client.get(f"/t/r1t2?code={site.code('r1t2')}&lang={lang}").text
        assert said in page and 'name="contract"' not in page
        assert "no hands yet" not in page and "noch keine Spiele" not in page
    board = client.get("/board").text
    assert "<td>paper sheet</td>" in board and board.count("<td>0 / 4</td>") == 1  # table 1 only


def test_a_closed_rounds_table_without_hands_is_said_not_played_not_invited_to_hand_1(tmp_path: Path) -> None:
    """A round closed at the desk (`tournament close-round`, or the next round's draw) with a table
    that recorded nothing: the table did not play (or its sheet is still on paper). Its page says
    so instead of "next: hand 1, …", and the board says it was not played, not "0 / 4" as if it
    were about to begin. The organiser's code still reaches its form (a correction), told the same."""
    day = tmp_path / "day"
    new_day(day, 8, 2)
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    client, site = client_of(day)
    played = site.place("r1t1")
    assert played is not None
    played.evening.record({"contract": "dreier", "declarer": played.players[0], "won": True})
    cli("tournament", "close-round", str(day), "--round", "1")
    for lang, said, invite in (
        ("en", "round 1 is closed and this table has no hands: it was not played", "next: hand 1"),
        ("de", "Runde 1 ist abgeschlossen und dieser Tisch hat keine Spiele: er wurde nicht gespielt", "als Nächstes: Spiel 1"),
    ):  # fmt: skip
        for code in ("", site.code("r1t2"), site.code("organiser")):
            page = client.get(f"/t/r1t2?code={code}&lang={lang}").text
            assert said in page and invite not in page, (lang, code)
        # its JSON's "next" says the same, not a hand 1 that will never be dealt
        assert client.get(f"/t/r1t2?lang={lang}", headers=JSON).json()["next"] == said
        # the organiser's code still reaches the form, a correction, and is told so above it
        organiser = client.get(f"/t/r1t2?code={site.code('organiser')}&lang={lang}").text
        assert 'name="contract"' in organiser
        assert ("still counts for round 1" if lang == "en" else "zählt noch für Runde 1") in organiser
        # a table of the same round that played is said to have played its hands, not to be not played
        assert "round 1 is closed: this table played 1 of its" in client.get("/t/r1t1?lang=en").text
    board = client.get("/board?lang=en").text
    assert (
        "<td>not played</td>" in board and "<td>1 / 4, closed</td>" in board and "<td>0 / 4</td>" not in board
    )
    assert "<td>nicht gespielt</td>" in client.get("/board?lang=de").text


def test_a_closed_evenings_page_says_it_is_closed_not_that_its_games_are_played(evening: Path) -> None:
    """An evening closed on the laptop (its ledger read-only) while served: its page with the code
    said "this table has played all its games", which a club evening, with no game limit, never
    has; it says the evening is closed, in English and German, and offers no correction or Radl
    (each would be refused)."""
    client, site = client_of(evening)
    code = site.code("evening")
    assert post(client, site, "hand", "k", tarockscore.Evening(evening).version(), **RUFER).status_code == 200
    os.chmod(evening, 0o444)
    try:
        pages = [
            client.get(f"/t/evening?code={code}").text,
            client.get(f"/t/evening?code={code}&lang=de").text,
        ]
        live = client.get(f"/t/evening?code={code}&part=live").json()
    finally:
        os.chmod(evening, 0o644)
    assert "this evening is closed" in pages[0] and "played all its games" not in pages[0]
    assert "dieser Abend ist abgeschlossen" in pages[1]
    assert 'id="hand-form"' not in pages[0]  # nothing to enter
    # nor a correction or a Radl offered, each of which would be refused
    assert 'method="post"' not in pages[0] and "Take back hand 1" not in pages[0]
    # a page open as it was closed: its form and its corrections go, and the page says why
    assert live["number"] is None and "this evening is closed" in live["notice"]
    assert live["corrections"] == ""


def test_a_closed_evenings_sheet_names_no_next_hand(evening: Path) -> None:
    """An evening closed on the laptop (its ledger read-only): its page said "this evening is
    closed" and right under it the sheet's "next: hand 2, Bert deals, …", a hand that will never
    be dealt. The sheet names no next hand, with the code and without; the page without the code
    says the evening is closed, not that recording needs the code."""
    client, site = client_of(evening)
    code = site.code("evening")
    assert post(client, site, "hand", "k", tarockscore.Evening(evening).version(), **RUFER).status_code == 200
    os.chmod(evening, 0o444)
    try:
        pages = {
            (lang, given): client.get(f"/t/evening?code={given}&lang={lang}").text
            for lang in ("en", "de")
            for given in (code, "")
        }
        lives = [client.get(f"/t/evening?code={given}&part=live").json()["sheet"] for given in (code, "")]
        nexts = [client.get(f"/t/evening?lang={lang}", headers=JSON).json()["next"] for lang in ("en", "de")]
    finally:
        os.chmod(evening, 0o644)
    for (lang, given), page in pages.items():
        assert ("next: hand 2" if lang == "en" else "als Nächstes: Spiel 2") not in page, (lang, given)
        assert ("this evening is closed" if lang == "en" else "dieser Abend ist abgeschlossen") in page
        assert "Anna" in page and 'data-hand="1"' in page  # the sheet itself stays
    assert "recording needs the table" not in pages[("en", "")]
    assert all("next: hand" not in live and 'data-hand="1"' in live for live in lives)
    # the JSON's "next" says why there is no next hand, as it does at a table that played its games
    assert nexts == [
        "this evening is closed: nothing more is recorded on its sheet",
        "dieser Abend ist abgeschlossen: in seine Schrift wird nichts mehr eingetragen",
    ]
    # open again, its next hand is named again
    assert "next: hand 2" in client.get("/t/evening").text


def test_a_tables_page_reads_its_ledger_once(evening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's page, its JSON and its live parts, with the code and without, the evening open and
    closed, read the table's ledger once each (docs/serve.md, "Figures"): the page read it again
    to draw itself, and once more to know whether a next hand is open."""
    client, site = client_of(evening)
    code = site.code("evening")
    assert post(client, site, "hand", "k", tarockscore.Evening(evening).version(), **RUFER).status_code == 200
    reads: list[Path] = []
    read = tarockscore.Evening.read

    def counted(self: tarockscore.Evening) -> tarockscore.Snapshot:
        reads.append(self.path)
        return read(self)

    monkeypatch.setattr(tarockscore.Evening, "read", counted)
    addresses = [f"/t/evening?code={given}{part}" for given in ("", code) for part in ("", "&part=live")]
    for mode in (0o644, 0o444):
        os.chmod(evening, mode)
        try:
            for address, json in [(a, False) for a in addresses] + [("/t/evening", True)]:
                reads.clear()
                assert client.get(address, headers=JSON if json else {}).status_code == 200
                assert len(reads) == 1, (address, json, oct(mode))
        finally:
            os.chmod(evening, 0o644)


def test_a_hand_to_replace_taken_back_elsewhere_is_said_with_the_way_to_the_next_hand(evening: Path) -> None:
    """A phone at "Replace hand 2" while another phone (or the command line) takes hand 2 back: its
    form went, and the page, reloaded or not, showed the sheet with no form and no word, the next
    hand out of reach but by editing the address. It says hand 2 is no longer on the sheet and
    leads to the next hand's form, the answers given for it kept; in English and German."""
    client, site = client_of(evening)
    code = site.code("evening")
    for key in ("k1", "k2"):
        assert (
            post(client, site, "hand", key, tarockscore.Evening(evening).version(), **RUFER).status_code
            == 200
        )
    assert "Replace hand 2" in client.get(f"/t/evening?code={code}&replace=2").text
    cli("undo", "--ledger", str(evening))
    said = {
        "en": ("hand 2 is no longer on the sheet (taken back or deleted): there is nothing to replace", "Enter the next hand"),
        "de": ("Spiel 2 steht nicht mehr in der Schrift (zurückgenommen oder gelöscht): es gibt nichts zu ersetzen", "Das nächste Spiel eingeben"),
    }  # fmt: skip
    for lang, (gone, onward) in said.items():
        page = client.get(f"/t/evening?code={code}&replace=2&lang={lang}&contract=dreier").text
        live = client.get(f"/t/evening?code={code}&replace=2&lang={lang}&part=live").json()
        for shown in (page, live["notice"]):
            assert gone in shown and onward in shown, lang
        assert f'href="/t/evening?contract=dreier&amp;code={code}&amp;lang={lang}"' in page
    # the hand there is still replaced as before, and a closed evening says it is closed
    assert "on the sheet now" in client.get(f"/t/evening?code={code}&replace=1").text
    os.chmod(evening, 0o444)
    try:
        page = client.get(f"/t/evening?code={code}&replace=2").text
    finally:
        os.chmod(evening, 0o644)
    assert "this evening is closed" in page and "no longer on the sheet" not in page


def test_a_closed_tournament_table_is_said_closed_as_a_table_not_as_an_evening(tmp_path: Path) -> None:
    """A tournament table whose ledger was made read-only at the desk: its page and a hand sent
    to it said "this evening is closed", words of a club evening. They say the table is closed."""
    client, site, place = first_table(tmp_path / "day", 8, 2, seed=3)
    code, version = site.code("r1t1"), place.evening.version()
    hand = {"code": code, "expected": version, "request": "k", "action": "record", "contract": "dreier"}
    hand |= {"declarer": place.players[0], "card_points": "40"}
    os.chmod(place.evening.path, 0o444)
    try:
        pages = [client.get(f"/t/r1t1?code={code}&lang={lang}").text for lang in ("en", "de")]
        sent = client.post("/t/r1t1/hand", data=hand, headers=JSON)
        shown = client.post("/t/r1t1/hand", data=hand | {"action": "preview"}, headers=JSON)
        german = client.post("/t/r1t1/hand?lang=de", data=hand)
    finally:
        os.chmod(place.evening.path, 0o644)
    said = "this table is closed: nothing more is recorded on its sheet"
    assert said in pages[0] and "evening" not in pages[0]
    assert "dieser Tisch ist abgeschlossen" in pages[1] and "Abend" not in pages[1]
    for answer in (sent, shown):
        assert answer.status_code == 422 and [p["message"] for p in answer.json()["problems"]] == [said]
    assert "dieser Tisch ist abgeschlossen" in german.text and "Abend" not in german.text
    assert hands(place.evening.path) == []
