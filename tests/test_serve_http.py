"""``tarockscore serve`` at the HTTP level (Starlette's TestClient): every answer code, the codes,
the version check, the request key, the board and the cards.

Every hand recorded through a page is compared with the same hand recorded by the command line
on a twin ledger: the page must write what ``record`` writes, and refuse with what it says.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app
from tarockscore.rules.hand import HandInput

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import Settings, make_app
from tarockscore.web.site import Limiter, Site
from tests.stored import unfolded

runner = CliRunner()
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TABLE = ("Anna", "Bert", "Cilli", "<b>Dani</b>")
# Rufer by Anna with Cilli, 40 card points of 70 (koenigrufen): the form's fields and the
# command line's options for the same hand.
RUFER = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "40"}
RUFER_CLI = ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40"]


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def new_evening(path: Path, players: tuple[str, ...] = TABLE) -> Path:
    cli("new", "-p", ",".join(players), "--stake", "0.10", "--ledger", str(path))
    return path


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    return new_evening(tmp_path / "friday.toml")


@pytest.fixture
def twin(tmp_path: Path) -> Path:
    return new_evening(tmp_path / "twin.toml")


def client_of(path: Path, **settings: Any) -> tuple[TestClient, Site]:
    site = Site(path, limiter=settings.pop("limiter", None))
    return TestClient(make_app(site, Settings(**settings)), follow_redirects=False), site


JSON = {"Accept": "application/json"}


def record(client: TestClient, code: str, version: str, key: str = "k1", **hand: str) -> Any:
    form = {"code": code, "expected": version, "request": key, "action": "record", **(hand or RUFER)}
    return client.post("/t/evening/hand", data=form, headers=JSON)


def guess(client: TestClient, version: str, forwarded: str) -> int:
    """A wrong code tried from the address ``forwarded`` (as X-Forwarded-For says it): its status."""
    form = {"code": "guess", "expected": version, "request": "g", "action": "record", **RUFER}
    status: int = client.post(
        "/t/evening/hand", data=form, headers={**JSON, "X-Forwarded-For": forwarded}
    ).status_code
    return status


def results(path: Path) -> list[Any]:
    return [(e.keys, e.result) for e in tarockscore.Evening(path).ledger.hands]


def test_reading_is_open_and_the_page_declares_its_language(evening: Path) -> None:
    client, _site = client_of(evening)
    page = client.get("/t/evening")
    assert page.status_code == 200
    assert page.text.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert 'name="contract"' not in page.text  # no form without the table's code
    assert "recording needs the table" in page.text
    german = client.get("/t/evening?lang=de")
    assert '<html lang="de">' in german.text
    assert client.get("/t/nowhere").status_code == 404


def test_a_name_with_markup_is_text_everywhere(evening: Path) -> None:
    client, site = client_of(evening)
    code = site.code("evening")
    for page in (
        client.get(f"/t/evening?code={code}"),
        client.get("/board"),
        client.get(f"/cards?code={site.code('organiser')}"),
    ):
        assert page.status_code == 200
        assert "<b>Dani</b>" not in page.text
        assert "&lt;b&gt;Dani&lt;/b&gt;" in page.text


def test_the_form_offers_only_what_the_profile_and_the_deal_allow(evening: Path) -> None:
    client, site = client_of(evening)
    page = client.get(f"/t/evening?code={site.code('evening')}").text
    for name in ("contract", "declarer", "partner", "card_points", "kontra", "bonus:1"):
        assert f'name="{name}"' in page
    profile = tarockscore.load_profile("koenigrufen")
    for contract in profile.contracts:  # each contract one button to tap
        assert f'<input type="radio" name="contract" value="{contract}">' in page
    # a Dreier calls no King: asked again with the contract given, the partner's field goes
    fields = client.post("/t/evening/fields", data={"contract": "dreier", "declarer": "Bert"}).text
    assert 'name="partner"' not in fields and 'name="card_points"' in fields
    # Trischaken asks each player's card points, by name, and no declarer
    fields = client.post("/t/evening/fields", data={"contract": "trischaken"}).text
    assert 'name="points:Anna"' in fields and 'name="declarer"' not in fields
    # the fourth player's are the rest of the 70 (koenigrufen: the talon counts): said under the
    # last field, where the player looking for a field of their own would find none
    cilli = re.search(r'<fieldset[^>]*data-key="points:Cilli".*?</fieldset>', fields, re.S)
    assert cilli and "&lt;b&gt;Dani&lt;/b&gt;: the rest of the 70 card points, worked out" in cilli[0]
    assert 'name="points:&lt;b&gt;Dani&lt;/b&gt;"' not in fields and fields.count("the rest of") == 1


def test_preview_then_record_writes_what_the_command_line_writes(evening: Path, twin: Path) -> None:
    client, site = client_of(evening)
    code = site.code("evening")
    version = tarockscore.Evening(evening).version()
    shown = client.post("/t/evening/hand", data={"code": code, "expected": version, "request": "r1", **RUFER})
    assert shown.status_code == 200
    assert "Victory Points" in shown.text and 'value="record"' in shown.text
    assert results(evening) == []  # the arithmetic is shown, nothing is written
    done = client.post(
        "/t/evening/hand",
        data={"code": code, "expected": version, "request": "r1", "action": "record", **RUFER},
    )
    assert done.status_code == 303
    assert done.headers["location"].startswith(f"/t/evening?code={code}")
    cli("record", "--ledger", str(twin), *RUFER_CLI)
    assert results(evening) == results(twin)


def test_json_answers_carry_the_version_and_the_sheet(evening: Path) -> None:
    client, site = client_of(evening)
    before = client.get("/t/evening", headers=JSON).json()
    assert before["version"] == tarockscore.Evening(evening).version()
    answer = record(client, site.code("evening"), before["version"])
    assert answer.status_code == 200
    body = answer.json()
    assert body["ok"] is True and body["number"] == 1
    assert body["version"] == tarockscore.Evening(evening).version() != before["version"]
    assert [h["contract"] for h in body["sheet"]["hands"]] == ["rufer"]


def test_without_the_tables_code_nothing_is_recorded(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    for code, error in (("", "no_code"), ("wrongcode", "wrong_code")):
        answer = record(client, code, version)
        assert (answer.status_code, answer.json()["error"]) == (403, error)
    assert results(evening) == []
    # the organiser's code opens every table
    assert record(client, site.code("organiser"), version).status_code == 200


def test_a_field_given_twice_in_an_address_is_refused_naming_it(evening: Path) -> None:
    """A page's address with a field twice (two codes, two rounds, two hands): which was meant is
    not known, so the address is refused at that field, never read as its last value; nothing is
    written (a write whose address gives its code twice neither)."""
    client, site = client_of(evening)
    code, version = site.code("evening"), tarockscore.Evening(evening).version()
    organiser = site.code("organiser")
    for address, field in (
        (f"/t/evening?code=wrong&code={code}", "code"),
        (f"/t/evening?code={code}&code={code}", "code"),
        (f"/t/evening?code={code}&replace=1&replace=2", "replace"),
        (f"/cards?code=x&code={organiser}", "code"),
        ("/board?lang=de&lang=en", "lang"),
    ):
        answer = client.get(address, headers=JSON)
        assert (answer.status_code, answer.json()["error"]) == (400, "bad_form"), address
        assert answer.json()["problems"] == [
            {"where": field, "message": f"the address gives '{field}' more than once: give it once"}
        ]
        page = client.get(address)
        assert page.status_code == 400 and "more than once" in html.unescape(page.text)
    german = client.get(f"/t/evening?lang=de&code=wrong&code={code}", headers=JSON)
    assert (
        german.json()["problems"][0]["message"]
        == "die Adresse gibt 'code' mehr als einmal an: nur einmal angeben"
    )
    form = {"expected": version, "request": "k1", "action": "record", **RUFER}
    write = client.post(f"/t/evening/hand?code=wrong&code={code}", data=form, headers=JSON)
    assert (write.status_code, write.json()["error"]) == (400, "bad_form")
    assert results(evening) == []
    assert client.get(f"/t/evening?code={code}", headers=JSON).status_code == 200


@pytest.mark.parametrize(
    ("what", "form", "quoted"),
    [
        ("delete", {"number": "9" * 5000}, "'" + "9" * 100),
        ("deal", {"number": "1", "dealer": "A" * 50_000}, "'" + "A" * 100),
    ],
)
def test_a_value_pasted_at_length_is_quoted_by_its_start_and_end(
    evening: Path, what: str, form: dict[str, str], quoted: str
) -> None:
    """A hand's number or a dealer pasted of thousands of characters came back whole in the
    refusal (50,000 characters of "dealer: 'AAA…"); it is quoted by its start and its end, as a
    declarer or a Kontra step is, and nothing is written."""
    client, site = client_of(evening)
    record(client, site.code("evening"), tarockscore.Evening(evening).version())
    version = tarockscore.Evening(evening).version()
    sent = {"code": site.code("evening"), "expected": version, "request": "k2", **form}
    answer = client.post(f"/t/evening/{what}", data=sent, headers=JSON)
    assert answer.status_code in (400, 422)
    [problem] = answer.json()["problems"]
    assert quoted in problem["message"] and "…" in problem["message"]
    assert len(problem["message"]) < 400
    assert tarockscore.Evening(evening).version() == version


@pytest.mark.parametrize(
    ("form", "where", "said"),
    [
        ({"contract": "35"}, "contract", "'35' is not one of the numbers shown"),
        ({"contract": "1", "declarer": "7"}, "declarer", "'7' is not one of the numbers shown"),
    ],
)
def test_a_choice_given_by_a_number_not_shown_is_said_as_the_terminal_says_it(
    evening: Path, form: dict[str, str], where: str, said: str
) -> None:
    """A choice is taken by its number as at the terminal (docs/serve.md); a number past the
    choices was refused in the hand file's words, "35 is an integer; expected a string", "7 is an
    integer; expected the name of a player in quotes", which no phone or script sends."""
    client, site = client_of(evening)
    sent = {"code": site.code("evening"), "expected": tarockscore.Evening(evening).version(), **form}
    answer = client.post("/t/evening/hand", data=sent, headers=JSON)
    assert answer.status_code == 422
    [problem] = answer.json()["problems"]
    assert problem["where"] == where and problem["message"].endswith(said), problem
    assert "integer" not in problem["message"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Did Anna win the Bettler? ('vielleicht' is not an answer here: tap yes or no)"),
        ("de", "Hat Anna den Bettler gewonnen? ('vielleicht' ist hier keine Antwort: ja oder nein antippen)"),
    ],
)
def test_a_yes_or_no_given_a_word_no_button_sends_is_said_as_such(
    evening: Path, lang: str, said: str
) -> None:
    """``won=vielleicht`` (a crafted form: the buttons send y or n) was said as "missing: did the
    declarer of bettler win?", as if nothing were given: it names the field and its answers."""
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    hand = {"contract": "bettler", "declarer": "Anna", "won": "vielleicht"}
    for action in ("preview", "record"):
        sent = {"code": site.code("evening"), "expected": version, "request": "k", "action": action, **hand}
        answer = client.post(f"/t/evening/hand?lang={lang}", data=sent, headers=JSON)
        assert answer.status_code == 422
        assert answer.json()["problems"] == [{"where": "won", "message": said}]
    assert tarockscore.Evening(evening).version() == version


@pytest.mark.parametrize("action", ["foo", "", "RECORD", "record "])
def test_a_hand_sent_with_an_action_the_form_has_not_is_refused_and_nothing_written(
    evening: Path, action: str
) -> None:
    """`action=preview` (the default) shows the arithmetic, `action=record` records; any other
    action (a script's typo, an empty one) recorded the hand as if it were `record`."""
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    sent = {"code": site.code("evening"), "expected": version, "request": "k1", "action": action, **RUFER}
    answer = client.post("/t/evening/hand", data=sent, headers=JSON)
    assert (answer.status_code, answer.json()["error"]) == (400, "bad_form")
    [problem] = answer.json()["problems"]
    assert problem["where"] == "action" and repr(action) in problem["message"]
    assert results(evening) == []


def test_a_field_given_twice_is_refused_naming_it(evening: Path) -> None:
    """Two values of one field (two contracts, two codes): which was meant is not known, so the
    form is refused at that field, never read as its last value; nothing is written."""
    client, site = client_of(evening)
    code, version = site.code("evening"), tarockscore.Evening(evening).version()
    base = [("code", code), ("expected", version), ("request", "k1"), ("action", "record"),
            ("declarer", "Anna"), ("partner", "Cilli"), ("card_points", "40")]  # fmt: skip
    url = {"Content-Type": "application/x-www-form-urlencoded"}
    for twice in (
        [("contract", "dreier"), ("contract", "rufer")],
        [("contract", "rufer"), ("code", "wrong")],
    ):
        field = twice[-1][0]
        answer = client.post("/t/evening/hand", content=urlencode(base + twice), headers={**JSON, **url})
        assert (answer.status_code, answer.json()["error"]) == (400, "bad_form"), answer.text
        [problem] = answer.json()["problems"]
        assert problem == {
            "where": field,
            "message": f"the form gives '{field}' more than once; nothing was written",
        }
        german = client.post(
            "/t/evening/hand?lang=de", content=urlencode(base + twice), headers={**JSON, **url}
        )
        assert german.status_code == 400
        assert german.json()["problems"][0]["message"] == (
            f"das Formular gibt '{field}' mehr als einmal an; nichts wurde geschrieben"
        )
        page = client.post("/t/evening/hand", content=urlencode(base + twice), headers=url)
        assert page.status_code == 400 and "more than once" in html.unescape(page.text)
    assert results(evening) == []
    # the same form with one contract records
    one = client.post(
        "/t/evening/hand", content=urlencode([*base, ("contract", "rufer")]), headers={**JSON, **url}
    )
    assert one.status_code == 200, one.text


def test_a_multipart_form_is_refused_naming_the_encoding_not_the_code(evening: Path) -> None:
    """A script that posts multipart/form-data with the right code is told the form's encoding the
    server reads, never that its code is missing; nothing is written."""
    client, site = client_of(evening)
    code, version = site.code("evening"), tarockscore.Evening(evening).version()
    form = {"code": code, "expected": version, "request": "k1", "action": "record", **RUFER}
    parts = {name: (None, value) for name, value in form.items()}
    answer = client.post("/t/evening/hand", files=parts, headers=JSON)
    assert answer.request.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert (answer.status_code, answer.json()["error"]) == (415, "bad_form"), answer.text
    assert answer.json()["problems"][0]["message"] == (
        "this form is sent as multipart/form-data: the server reads a form sent as "
        "application/x-www-form-urlencoded (a web form's default, curl -d); nothing was written"
    )
    german = client.post("/t/evening/hand?lang=de", files=parts, headers=JSON)
    assert german.status_code == 415
    assert german.json()["problems"][0]["message"] == (
        "dieses Formular ist als multipart/form-data geschickt: der Server liest ein Formular als "
        "application/x-www-form-urlencoded (wie ein Web-Formular es schickt, curl -d); nichts wurde geschrieben"
    )
    assert client.post("/t/evening/undo", files=parts, headers=JSON).status_code == 415
    assert results(evening) == []
    # the same fields URL-encoded record, with or without a charset in the type
    typed = {**JSON, "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"}
    assert client.post("/t/evening/hand", content=urlencode(form), headers=typed).status_code == 200


def test_a_cross_site_form_is_refused(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    form = {"code": site.code("evening"), "expected": version, "request": "x", "action": "record", **RUFER}
    for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        answer = client.post("/t/evening/hand", data=form, headers={**JSON, **headers})
        assert (answer.status_code, answer.json()["error"]) == (403, "cross_site")
    assert results(evening) == []
    same = client.post(
        "/t/evening/hand",
        data=form,
        headers={**JSON, "Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
    )
    assert same.status_code == 200


def test_a_plain_form_of_the_tables_own_page_takes_back_and_deletes(evening: Path) -> None:
    """A browser posting the page's own form says Sec-Fetch-Site: same-origin; under a referrer
    policy that hides the origin it says Origin: null too. Take back and Delete go through (they
    were refused as cross-site while the page sent Referrer-Policy: no-referrer); a null origin
    with no word from the browser stays refused."""
    client, site = client_of(evening)
    page = client.get(f"/t/evening?code={site.code('evening')}")
    assert page.headers["referrer-policy"] == "same-origin"
    code, same = site.code("evening"), {"Origin": "null", "Sec-Fetch-Site": "same-origin"}

    def post(what: str, headers: dict[str, str], **form: str) -> Any:
        data = {"code": code, "expected": tarockscore.Evening(evening).version(), "request": what, **form}
        return client.post(f"/t/evening/{what}", data=data, headers={**JSON, **headers})

    for key in ("k1", "k2"):
        assert record(client, code, tarockscore.Evening(evening).version(), key).status_code == 200
    assert post("undo", same).status_code == 200
    assert len(results(evening)) == 1
    refused = post("delete", {"Origin": "null"}, number="1")
    assert (refused.status_code, refused.json()["error"]) == (403, "cross_site")
    assert post("delete", same, number="1").status_code == 200
    assert results(evening) == []


def test_wrong_codes_are_limited_and_the_right_one_still_opens(evening: Path) -> None:
    client, site = client_of(evening, limiter=Limiter(most=3, window=60))
    version = tarockscore.Evening(evening).version()
    for _ in range(3):
        assert record(client, "guess", version).status_code == 403
    answer = record(client, "guess", version)
    assert (answer.status_code, answer.json()["error"]) == (429, "too_many")
    assert client.get("/t/evening?code=guess").status_code == 429
    assert client.get(f"/cards?code=guess{site.code('organiser')}").status_code == 429
    # the table's own code opens all the same: a guesser at the next table locks no one out
    assert record(client, site.code("evening"), version).status_code == 200
    assert client.get(f"/cards?code={site.code('organiser')}").status_code == 200
    assert len(results(evening)) == 1


def test_a_code_typed_in_capitals_or_with_a_space_opens_its_table(evening: Path) -> None:
    """A code typed from the card by hand: a phone's keyboard capitalises its first letter, and a
    space after it is easily typed. A code is its letters (docs/serve.md: 31 letters and digits,
    none in capitals): it opened nothing and counted as a wrong code. It opens the table, the
    sheet and the cards; a wrong code in capitals is still counted."""
    client, site = client_of(evening, limiter=Limiter(most=1, window=60))
    code, organiser = site.code("evening"), site.code("organiser")
    version = tarockscore.Evening(evening).version()
    for typed in (code.upper(), code.capitalize(), f"{code} ", f" {code[:4]} {code[4:]}"):
        page = client.get("/t/evening", params={"code": typed})
        assert page.status_code == 200 and 'id="hand-form"' in page.text, typed
    assert client.get("/cards", params={"code": organiser.upper() + " "}).status_code == 200
    assert record(client, code.upper() + " ", version).status_code == 200
    assert len(results(evening)) == 1
    # none of them was counted: the one wrong code the limit allows is still to come, in capitals
    assert record(client, "GUESS123", version, "k2").status_code == 403
    assert record(client, "GUESS123", version, "k3").status_code == 429


def test_x_forwarded_for_is_believed_only_from_the_proxy_named(evening: Path) -> None:
    """Without --proxy no one's X-Forwarded-For counts (a guesser cannot dodge the limit, nor
    pin it on someone else); with --proxy, only that peer's, and only the address it added."""
    version = tarockscore.Evening(evening).version()
    client, _site = client_of(evening, limiter=Limiter(most=2, window=60))
    assert [guess(client, version, f"10.0.0.{i}") for i in range(3)] == [403, 403, 429]
    # behind the proxy (the test client's peer is "testclient"), each forwarded address is its own client
    proxied, _site = client_of(evening, limiter=Limiter(most=2, window=60), proxy="testclient")
    said = ("10.0.0.1", "10.0.0.1", "spoofed, 10.0.0.2", "10.0.0.2", "10.0.0.1", "10.0.0.3")
    assert [guess(proxied, version, f) for f in said] == [403, 403, 403, 403, 429, 403]
    # the whole /64 of an IPv6 address is one client
    six = ("2001:db8::1", "2001:db8::2", "2001:db8::3", "2001:db8:0:1::1")
    assert [guess(proxied, version, f) for f in six] == [403, 403, 429, 403]
    # another proxy's word is not believed
    other, _site = client_of(evening, limiter=Limiter(most=1, window=60), proxy="192.0.2.1")
    assert [guess(other, version, f) for f in ("10.0.0.1", "10.0.0.2")] == [403, 429]


def test_a_stale_page_is_refused_with_the_current_sheet(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")  # the CLI, in between
    answer = record(client, site.code("evening"), version)
    assert answer.status_code == 409
    body = answer.json()
    assert body["error"] == "changed" and [h["contract"] for h in body["sheet"]["hands"]] == ["dreier"]
    assert body["version"] == tarockscore.Evening(evening).version()
    page = client.post(
        "/t/evening/hand",
        data={
            "code": site.code("evening"),
            "expected": version,
            "request": "k2",
            "action": "record",
            **RUFER,
        },
    )
    assert page.status_code == 409 and "the sheet has changed" in page.text
    assert f'value="{body["version"]}"' in page.text  # the form again, on the current sheet
    assert len(results(evening)) == 1


@pytest.mark.parametrize(
    ("what", "lang", "said"),
    [
        ("undo", "en", "nothing was taken back; check the sheet, then take back again if it is still wanted"),
        ("delete", "en", "nothing was deleted; check the sheet, then delete again if it is still wanted"),
        ("undo", "de", "nichts wurde zurückgenommen; bitte die Schrift prüfen"),
        ("delete", "de", "nichts wurde gelöscht; bitte die Schrift prüfen"),
    ],
)
def test_a_take_back_or_delete_on_a_moved_sheet_is_not_told_to_enter_a_hand(
    evening: Path, what: str, lang: str, said: str
) -> None:
    """Two phones take back (or delete) at once, or the command line recorded in between: the late
    one is told nothing was taken back (deleted), not "enter the hand again", which it never entered."""
    client, site = client_of(evening)
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
    version = tarockscore.Evening(evening).version()
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Anna", "-t", "36")
    form = {"code": site.code("evening"), "expected": version, "request": "k1", "number": "1"}
    answer = client.post(f"/t/evening/{what}?lang={lang}", data=form, headers={"Accept": "application/json"})
    assert answer.status_code == 409 and answer.json()["error"] == "changed"
    message = answer.json()["problems"][0]["message"]
    assert said in message and "enter the hand again" not in message and "eingeben" not in message
    page = client.post(f"/t/evening/{what}?lang={lang}", data={**form, "request": "k2"})
    assert page.status_code == 409 and said in page.text
    assert len(results(evening)) == 2


def test_two_phones_entering_one_hand_give_one_hand(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    first = record(client, site.code("evening"), version, key="phone-a")
    second = record(client, site.code("evening"), version, key="phone-b")
    assert (first.status_code, second.status_code) == (200, 409)
    assert len(results(evening)) == 1


def test_a_resend_gets_the_stored_answer_not_a_second_hand(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    first = record(client, site.code("evening"), version, key="same")
    again = record(client, site.code("evening"), version, key="same")
    assert first.status_code == again.status_code == 200
    assert again.json()["resent"] is True and again.json()["number"] == first.json()["number"]
    assert len(results(evening)) == 1
    # a new server on the same files (a restart) still knows the key
    other, _site = client_of(evening)
    assert record(other, site.code("evening"), version, key="same").json()["resent"] is True
    assert len(results(evening)) == 1


def test_a_refused_hand_says_what_the_command_line_says(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    keys = iter(range(100))
    for field, value in (("card_points", "80"), ("partner", "Anna")):
        hand = RUFER | {field: value}
        options = ["-c", "rufer", "-d", "Anna", "-w", hand["partner"], "-t", hand["card_points"]]
        by_cli = runner.invoke(app, ["record", "--ledger", str(evening), *options])
        assert by_cli.exit_code == 1
        answer = record(
            client, site.code("evening"), version, key=f"r{next(keys)}", **(RUFER | {field: value})
        )
        assert answer.status_code == 422
        [problem] = answer.json()["problems"]
        # the same reason, under the field's label where the command line names its option (the
        # page has no hand-file key)
        label, reason = problem["message"].split(": ", 1)
        assert label != field and reason in by_cli.stderr
        page = client.post(
            "/t/evening/hand",
            data={
                "code": site.code("evening"),
                "expected": version,
                "request": f"p{next(keys)}",
                "action": "record",
                **(RUFER | {field: value}),
            },
        )
        assert page.status_code == 422 and 'name="contract"' in page.text  # the form again, filled in
    assert results(evening) == []


@pytest.mark.parametrize(
    ("lang", "needed", "label", "alone"),
    [
        ("en", "an answer is needed here", ("Pagat: for which side", "Valat: every trick to"),
         "King Ultimo: only the declarers can make it"),
        ("de", "hier braucht es eine Antwort", ("Pagat: für welche Seite", "Valat: alle Stiche an"),
         "König ultimo: kann nur die Spielerseite machen"),
    ],
)  # fmt: skip
def test_a_bonus_side_nobody_chose_is_asked_for_never_recorded_as_the_declarers(
    evening: Path, twin: Path, lang: str, needed: str, label: tuple[str, str], alone: str
) -> None:
    """A bonus's side started on "declarers": a form sent without a tap recorded the declarers'
    Pagat. Neither side is checked now, and a hand without one is refused at the side's field in
    its label's words, previewed, recorded straight or sent without script (nothing written); so
    is the Valat given for the card points. The King ultimo is the declarers' alone under
    koenigrufen ("for the declarer's side", docs/rules/koenigrufen.md §3.1, D33): shown checked,
    not sent, and recorded as ``record -b king_ultimo`` records it."""
    client, site = client_of(evening)
    code, headers = site.code("evening"), {"Accept-Language": lang}
    pagat = {**RUFER, "kontra": "=none", "bonus:1": "pagat"}
    fields = client.post("/t/evening/fields", data={"code": code, **pagat}, headers=headers).text
    side = re.search(r'<fieldset[^>]*data-key="bonus:1:side".*?</fieldset>', fields, re.S)
    assert side is not None and side[0].count('type="radio"') == 2 and " checked" not in side[0]
    valat = {**RUFER, "card_points": "", "or:card_points": "valat"}
    for hand, where, named in ((pagat, "bonus:1:side", label[0]), (valat, "valat:side", label[1])):
        for action in ("preview", "record"):  # the phone's Show, a script's record (no terminal's "'back' …")
            form = {"code": code, "expected": tarockscore.Evening(evening).version(), "request": action}
            answer = client.post(
                "/t/evening/hand", data={**form, "action": action, **hand}, headers={**JSON, **headers}
            )
            assert answer.status_code == 422, answer.text
            [problem] = answer.json()["problems"]
            # the label has a colon of its own: the reason in brackets, not after a second colon
            assert problem == {"where": where, "message": f"{named} ({needed})"}
    page = client.post(
        "/t/evening/hand",
        data={"code": code, "expected": tarockscore.Evening(evening).version(), "action": "record", **pagat},
        headers=headers,
    ).text
    assert f'<li data-key="bonus:1:side">{html.escape(label[0])} ({needed})</li>' in page
    assert f'<span class="error" id="f-bonus-1-side-error">{needed}</span>' in page
    assert results(evening) == []
    king = {**pagat, "bonus:1": "king_ultimo"}
    for points in ("40", ""):  # said so also while the card points above are still to be typed
        form = {"code": code, **king, "card_points": points}
        fields = client.post("/t/evening/fields", data=form, headers=headers).text
        side = re.search(r'<fieldset[^>]*data-key="bonus:1:side".*?</fieldset>', fields, re.S)
        assert side is not None and f"<legend>{html.escape(alone)}</legend>" in side[0]
        assert side[0].count('type="radio"') == 1 and 'value="declarers" checked disabled' in side[0]
    answer = record(client, code, tarockscore.Evening(evening).version(), **king)
    assert answer.status_code == 200, answer.text
    cli("record", "--ledger", str(twin), *RUFER_CLI, "-b", "king_ultimo")
    assert results(evening) == results(twin)


def test_a_kontra_on_a_silent_bonus_is_refused_at_its_field_as_the_command_line_refuses_it(
    evening: Path,
) -> None:
    # A script posting a Kontra on a silent Pagat: before, recorded as a silent Pagat without the
    # Kontra, and without a word. A silent bonus cannot be doubled (docs/rules/kontra.md §1).
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    by_cli = runner.invoke(app, ["record", "--ledger", str(evening), *RUFER_CLI, "-b", "pagat,kontra"])
    assert by_cli.exit_code == 1
    pagat = {"bonus:1": "pagat", "bonus:1:side": "declarers"}
    answer = record(client, site.code("evening"), version, **RUFER, **pagat, **{"bonus:1:kontra": "kontra"})
    assert answer.status_code == 422
    [problem] = answer.json()["problems"]
    assert problem["where"] == "bonus:1:kontra"
    assert problem["message"].endswith(
        "'kontra' on the silent pagat: a silent bonus cannot be doubled, only an announced one"
    )
    assert problem["message"].split(": ", 1)[1] in by_cli.stderr
    # the page without script says it in its notice at the bonus's label, not the form's key
    page = client.post(
        "/t/evening/hand",
        data={"code": site.code("evening"), "expected": version, "request": "p1", "action": "record"}
        | RUFER
        | pagat
        | {"bonus:1:kontra": "Kontra"},
    )
    assert page.status_code == 422
    assert (
        "Bonus 1: &#x27;Kontra&#x27; on the silent pagat" in page.text and "bonus:1:kontra: " not in page.text
    )
    assert results(evening) == []
    # no Kontra given, or the form's "none", is the silent Pagat
    for none in ({}, {"bonus:1:kontra": ""}, {"bonus:1:kontra": "none"}):
        preview = client.post(
            "/t/evening/hand",
            data={"code": site.code("evening"), "expected": version, **RUFER, **pagat, **none},
            headers=JSON,
        )
        assert preview.status_code == 200 and preview.json()["hand"]["bonus"] == [
            {"name": "pagat", "side": "declarers", "announced": False, "made": True}
        ]


# Card points the form refuses, with the reason as it is said (English, German): the field is
# named as the form labels it, and what to enter is said in the form's fields, never in the
# hand file's table ("card_points: missing: ... { Anna = ... }") nor the command line's "30/4".
# Each as (label, reason): the notice says "label: reason" ("question? (reason)" after a question
# asked as a sentence), the field (headed by its label) the reason alone.
FORM_WORDS = (
    # 80 of 70 card points (koenigrufen: 70 in the pack): said under the field's label, not
    # "card_points: 80 is outside 0 to 70", a hand file's key on a page that has none
    (
        RUFER | {"card_points": "80"},
        "card_points",
        ("Card points of Anna and Cilli (of 70)", "80 is outside 0 to 70"),
        ("Kartenpunkte von Anna und Cilli (von 70)", "80 liegt nicht zwischen 0 und 70"),
    ),
    # Trischaken (koenigrufen: the talon counts, Dani's are the rest): 30 and 30 leave Cilli 10 of 70
    (
        {"contract": "trischaken", "points:Anna": "30", "points:Bert": "30", "points:Cilli": "30"},
        "points:Cilli",
        (
            "Card points of Cilli (at most 10)",
            "30 is more than the 10 card points left: "
            "Anna and Bert have 60 of the 70; enter at most 10 here, or correct the card points above",
        ),
        (
            "Kartenpunkte von Cilli (höchstens 10)",
            "30 ist mehr als die 10 Kartenpunkte, die übrig sind: "
            "Anna und Bert haben 60 von den 70; hier höchstens 10 eingeben oder die Kartenpunkte darüber ausbessern",
        ),
    ),
    # Points 30 and Blatt 4: three Blatt are a point, so 31 and 1
    (
        RUFER | {"card_points": "30", "blatt:card_points": "4"},
        "card_points",
        (
            "Card points of Anna and Cilli (of 70)",
            "Blatt 4 is more than 2 (3 Blatt make a whole point): enter Points 31 and Blatt 1",
        ),
        (
            "Kartenpunkte von Anna und Cilli (von 70)",
            "Blatt 4 ist mehr als 2 (3 Blatt sind ein ganzer Punkt): Punkte 31 und Blatt 1 eingeben",
        ),
    ),
    # Points left empty, 40 typed in Blatt: not "an answer is needed", but where the points go
    (
        RUFER | {"card_points": "", "blatt:card_points": "40"},
        "card_points",
        (
            "Card points of Anna and Cilli (of 70)",
            "Blatt '40': the card points go in Points, the Blatt (0 to 2) beside them",
        ),
        (
            "Kartenpunkte von Anna und Cilli (von 70)",
            "Blatt '40': die Kartenpunkte kommen ins Feld Punkte, die Blatt (0 bis 2) daneben",
        ),
    ),
    # 40 typed in both boxes: the Blatt are the odd cards left from counting in threes, 0, 1 or 2
    # (docs/rules/koenigrufen.md §1.2), so 40 of them are no Blatt, and no card points are made of
    # them (it advised "Points 53 and Blatt 1", 53 1/3, a hand the table never counted)
    (
        RUFER | {"card_points": "40", "blatt:card_points": "40"},
        "card_points",
        (
            "Card points of Anna and Cilli (of 70)",
            "Blatt '40': the card points go in Points, the Blatt (0 to 2) beside them",
        ),
        (
            "Kartenpunkte von Anna und Cilli (von 70)",
            "Blatt '40': die Kartenpunkte kommen ins Feld Punkte, die Blatt (0 bis 2) daneben",
        ),
    ),
    # the King in the talon, and a yes-or-no answered with neither: no "'talon' is not at the table"
    (
        RUFER | {"partner": "talon", "conceded": "maybe"},
        "conceded",
        ("Did the declarer concede at once?", "'maybe' is not an answer here: tap yes or no"),
        ("Hat der Spieler gleich aufgegeben?", "'maybe' ist hier keine Antwort: ja oder nein antippen"),
    ),
    # who revoked, answered with a stranger: the question is a whole sentence, the reason in brackets
    (
        RUFER | {"renonce": "Zoe"},
        "renonce",
        ("Renonce: who revoked?", "'Zoe' is not one of the choices"),
        ("Renonce: Wer hat renonciert?", "'Zoe' ist keine der Möglichkeiten"),
    ),
    # the partner not given
    (
        {"contract": "rufer", "declarer": "Anna", "card_points": "40"},
        "partner",
        ("Partner (holder of the called card)", "an answer is needed here"),
        ("Partner (wer die gerufene Karte hat)", "hier braucht es eine Antwort"),
    ),
)


@pytest.mark.parametrize(("hand", "where", "english", "german"), FORM_WORDS)
def test_card_points_refused_are_said_in_the_form_s_words(
    evening: Path, hand: dict[str, str], where: str, english: tuple[str, str], german: tuple[str, str]
) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    for lang, (label, reason) in (("en", english), ("de", german)):
        said = f"{label} ({reason})" if label.endswith("?") else f"{label}: {reason}"
        # the notice's line names the field it is about: answered, the page's script takes it away
        form = {"code": site.code("evening"), "expected": version, "request": f"r-{lang}", **hand}
        answer = client.post(f"/t/evening/hand?lang={lang}", data=form, headers=JSON)
        assert answer.status_code == 422
        assert answer.json()["problems"] == [{"where": where, "message": said}]
        # the page without script: the notice, the fields kept as typed, no hand-file key
        page = client.post(f"/t/evening/hand?lang={lang}", data=form)
        assert page.status_code == 422 and f'<li data-key="{where}">{html.escape(said)}</li>' in page.text
        assert "card_points:" not in page.text and "card_points =" not in page.text
        # beside the field, under its label, the reason alone: the label is not said twice
        ident = "f-" + where.replace(":", "-")
        field = re.search(
            rf'<fieldset[^>]* id="{ident}"[^>]*><legend>([^<]*)</legend>.*?</fieldset>', page.text
        )
        assert field is not None and html.unescape(field.group(1)) == label
        beside = re.search(r'<span class="error"[^>]*>([^<]*)</span>', field.group(0))
        assert beside is not None and html.unescape(beside.group(1)) == reason
    assert results(evening) == []


def test_the_game_limit_of_a_tournament_table_is_the_command_lines_refusal(tmp_path: Path) -> None:
    day = tmp_path / "day"
    cli("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "1",
        "--games-five", "1", "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "1")
    client, site = client_of(day)
    [place] = site.places()
    cli("record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[0], "--won")
    refused = runner.invoke(
        app, ["record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[1], "--won"]
    )
    assert refused.exit_code == 1
    version = place.evening.version()
    form = {"code": site.code(place.key), "expected": version, "request": "g", "action": "record",
            "contract": "dreier", "declarer": place.players[1], "won": "y"}  # fmt: skip
    answer = client.post(f"/t/{place.key}/hand", data=form, headers=JSON)
    assert answer.status_code == 422, answer.text
    reason = answer.json()["problems"][0]["message"]
    assert reason in refused.stderr  # "table.games: 1: the game limit of this table is reached"
    shown = client.post(f"/t/{place.key}/hand", data=form | {"action": "preview"}, headers=JSON)
    assert shown.status_code == 422 and shown.json()["problems"][0]["message"] == reason


def test_a_hand_sent_to_a_tables_page_whose_sheet_was_swapped_is_refused_and_nothing_written(
    tmp_path: Path,
) -> None:
    """Two tables' sheets exchanged while their pages are open: the phone at table 1 records into
    the file now at table 1's place, which is table 2's sheet. The store refuses the change under
    the ledger's lock, naming whose sheet it is, as the command line does."""
    day = tmp_path / "day"
    players = [f"P{i}" for i in range(1, 9)]
    cli("tournament", "new", str(day), "--players", ",".join(players), "--rounds", "1", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    client, site = client_of(day)
    first, second = site.places()
    version = first.evening.version()
    one, two = first.evening.path, second.evening.path
    kept = one.read_bytes()
    one.write_bytes(swapped := two.read_bytes())
    two.write_bytes(kept)
    by_cli = runner.invoke(
        app, ["record", "--ledger", str(one), "-c", "dreier", "-d", second.players[0], "--won"]
    )
    assert by_cli.exit_code == 1 and "whom the draw seated at table 2" in by_cli.stderr
    form = {"code": site.code(first.key), "expected": version, "request": "s", "action": "record",
            "contract": "dreier", "declarer": second.players[0], "card_points": "40"}  # fmt: skip
    stale = client.post(f"/t/{first.key}/hand", data=form, headers=JSON)
    assert stale.status_code == 409  # the page read before the swap: the sheet changed under it
    form["expected"] = tarockscore.Evening(one).version()  # the page read again, and sent again
    answer = client.post(f"/t/{first.key}/hand", data=form, headers=JSON)
    assert answer.status_code == 422, answer.text
    [problem] = answer.json()["problems"]
    said = problem["message"]  # the command line's sentence, the files named within the day's folder
    assert said.startswith("table-1.toml: round 1, table 1: the sheet seats " + ", ".join(second.players))
    assert "whom the draw seated at table 2" in said and "put it back at table-2.toml" in said
    assert said.split(": ", 1)[1] in by_cli.stderr.replace(str(two), "table-2.toml")
    assert (one.read_bytes(), two.read_bytes()) == (swapped, kept)
    assert tarockscore.Evening(one).ledger.hands == () and tarockscore.Evening(two).ledger.hands == ()


def test_a_hand_sent_to_a_tables_page_whose_sheet_was_copied_from_another_day_is_refused(
    tmp_path: Path,
) -> None:
    """Another day drawn alike: its table 1's sheet copied over this day's seats the same players
    at the same place, but the standings do not rank it (another day's mark); the phone's hand is
    refused as the command line refuses it, and nothing is written."""
    days = [tmp_path / "day", tmp_path / "other"]
    for day in days:
        cli("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "4",
            "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
        cli("tournament", "draw", str(day), "--round", "1", "--seed", "1")
    client, site = client_of(days[0])
    [place] = site.places()
    sheet = place.evening.path
    sheet.write_bytes(copied := (days[1] / "round-1" / "table-1.toml").read_bytes())
    by_cli = runner.invoke(
        app, ["record", "--ledger", str(sheet), "-c", "dreier", "-d", place.players[0], "--won"]
    )
    assert by_cli.exit_code == 1 and "the standings would not rank a hand recorded on it" in by_cli.stderr
    form = {"code": site.code(place.key), "expected": place.evening.version(), "request": "c",
            "action": "record", "contract": "dreier", "declarer": place.players[0], "won": "y"}  # fmt: skip
    answer = client.post(f"/t/{place.key}/hand", data=form, headers=JSON)
    assert answer.status_code == 422, answer.text
    [problem] = answer.json()["problems"]
    said = problem["message"]  # the command line's sentence, the file named within the day's folder
    assert said.startswith("table-1.toml: round 1, table 1: the sheet belongs to "), said
    assert said.split(": ", 1)[1] in by_cli.stderr.replace(str(sheet), "table-1.toml")
    assert sheet.read_bytes() == copied


def test_codes_open_only_their_own_table_and_round(tmp_path: Path) -> None:
    day = tmp_path / "day"
    players = [f"P{i}" for i in range(1, 9)]
    cli("tournament", "new", str(day), "--players", ",".join(players), "--rounds", "2", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    cli("tournament", "draw", str(day), "--round", "2", "--seed", "4")
    client, site = client_of(day)
    keys = [p.key for p in site.places()]
    assert keys == ["r1t1", "r1t2", "r2t1", "r2t2"]

    def attempt(key: str, code: str) -> int:
        place = site.place(key)
        assert place is not None
        form = {"code": code, "expected": place.evening.version(), "request": key + code, "action": "record",
                "contract": "dreier", "declarer": place.players[0], "card_points": "36"}  # fmt: skip
        status: int = client.post(f"/t/{key}/hand", data=form, headers=JSON).status_code
        return status

    assert attempt("r2t1", site.code("r2t2")) == 403  # another table's
    assert attempt("r2t1", site.code("r1t1")) == 403  # last round's, same table number
    assert attempt("r2t1", site.code("r2t1")) == 200
    # the codes are kept in their file: a restarted server prints the same addresses
    again = Site(day)
    assert [again.code(k) for k in keys] == [site.code(k) for k in keys]
    assert (day / "serve-codes.toml").is_file()


def test_undo_replace_and_delete_leave_the_command_lines_audit_entries(evening: Path, twin: Path) -> None:
    client, site = client_of(evening)
    code = site.code("evening")
    keys = iter(range(100))

    def post(what: str, **form: str) -> Any:
        version = tarockscore.Evening(evening).version()
        data = {"code": code, "expected": version, "request": f"key{next(keys)}", "action": "record", **form}
        answer = client.post(f"/t/evening/{what}", data=data, headers=JSON)
        assert answer.status_code == 200, answer.text
        return answer.json()

    for hand in (RUFER, {"contract": "dreier", "declarer": "Bert", "card_points": "36"}, RUFER):
        post("hand", **hand)
    cli("record", "--ledger", str(twin), *RUFER_CLI)
    cli("record", "--ledger", str(twin), "-c", "dreier", "-d", "Bert", "-t", "36")
    cli("record", "--ledger", str(twin), *RUFER_CLI)
    said = [post("undo")["said"]]
    cli("undo", "--ledger", str(twin))
    said.append(post("hand", number="1", contract="dreier", declarer="Cilli", card_points="20")["said"])
    cli("replace", "1", "--ledger", str(twin), "-c", "dreier", "-d", "Cilli", "-t", "20")
    said.append(post("delete", number="2")["said"])
    cli("delete", "2", "--yes", "--ledger", str(twin))
    web, by_cli = tarockscore.Evening(evening).ledger, tarockscore.Evening(twin).ledger
    assert [(a.action, a.hand, a.detail) for a in web.audit] == [
        (a.action, a.hand, a.detail) for a in by_cli.audit
    ]
    assert results(evening) == results(twin)
    assert said[0].startswith("undo") or said[0]  # the audit entry in the reader's words
    assert len(said) == 3


def one_table_drawn(tmp_path: Path) -> Path:
    """A day of one table of four (A, B, C, D), one round of 4 games, its round drawn."""
    day = tmp_path / "day"
    cli("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "1")
    return day


def test_the_board_shows_each_tables_progress_and_the_stream_says_when_it_moved(tmp_path: Path) -> None:
    day = one_table_drawn(tmp_path)
    client, site = client_of(day, poll_seconds=0.05, stream_seconds=0.2)
    [place] = site.places()
    assert "0 / 4" in client.get("/board").text
    cli("record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[0], "--won")
    board = client.get("/board?part=1").text
    assert "1 / 4" in board and "Standings" in board
    stream = client.get("/events")
    assert stream.headers["content-type"].startswith("text/event-stream")
    event = next(line for line in stream.text.splitlines() if line.startswith("data: "))
    assert set(json.loads(event[len("data: ") :])) == {"r1t1"}


@pytest.mark.parametrize(("lang", "shown"), [("en", "0 / 4, closed"), ("de", "0 / 4, abgeschlossen")])
def test_the_board_says_a_table_closed_at_the_desk(tmp_path: Path, lang: str, shown: str) -> None:
    """A table closed at the desk (its ledger made read-only) went on showing "0 / 4" on the
    board, as a table about to begin; the board says it is closed, and the stream says so at once."""
    day = one_table_drawn(tmp_path)
    client, site = client_of(day)
    [place] = site.places()
    before = site.stamp()
    place.evening.path.chmod(0o444)
    try:
        assert shown in client.get(f"/board?part=1&lang={lang}").text
        assert site.stamp() != before
    finally:
        place.evening.path.chmod(0o644)
    assert shown not in client.get(f"/board?part=1&lang={lang}").text


@pytest.mark.parametrize(("lang", "shown"), [("en", "2 / 4, closed"), ("de", "2 / 4, abgeschlossen")])
def test_the_board_says_a_table_of_a_closed_round_is_closed_with_the_hands_it_played(
    tmp_path: Path, lang: str, shown: str
) -> None:
    """A table that played 2 of its 4 games when `tournament close-round` closed its round showed
    "2 / 4" on the board, and its page "next: hand 3", as a table still playing: no hand is
    coming, and the board and the page say so."""
    day = one_table_drawn(tmp_path)
    client, site = client_of(day)
    [place] = site.places()
    for _ in range(2):
        place.evening.record({"contract": "dreier", "declarer": place.players[0], "won": True})
    tarockscore.Tournament(day).close_round(1)
    assert f"<td>{shown}</td>" in client.get(f"/board?part=1&lang={lang}").text
    # its page named "next: hand 3" of a round that is over: it says the round is closed instead
    said = {
        "en": "round 1 is closed: this table played 2 of its 4 games",
        "de": "Runde 1 ist abgeschlossen: dieser Tisch hat 2 seiner 4 Spiele gespielt",
    }[lang]
    page = client.get(f"/t/r1t1?code={site.code('r1t1')}&lang={lang}").text
    assert said in page and ("next: hand 3" if lang == "en" else "Spiel 3,") not in page
    assert client.get(f"/t/r1t1?lang={lang}", headers=JSON).json()["next"] == said


def test_a_round_closed_at_the_desk_changes_the_stream_its_pages_follow(tmp_path: Path) -> None:
    """`tournament close-round` writes the day's file, not the tables' ledgers: the stream the
    pages follow said nothing, and a page open with the table's code still offered its form,
    whose hand was then refused (403 round_closed)."""
    day = one_table_drawn(tmp_path)
    _client, site = client_of(day)
    [place] = site.places()
    for _ in range(4):
        place.evening.record({"contract": "dreier", "declarer": place.players[0], "won": True})
    played = site.stamp()
    tarockscore.Tournament(day).close_round(1)
    assert site.stamp() != played


def test_the_table_cards_need_the_organisers_code(evening: Path) -> None:
    client, site = client_of(evening, base_url="http://192.168.1.20:8000")
    assert client.get("/cards").status_code == 403
    german = client.get("/cards?lang=de", headers=JSON).json()["problems"][0]["message"]
    assert "Turnierleitung" not in german  # an evening has no tournament
    assert (
        client.get(f"/cards?code={site.code('evening')}").status_code == 403
    )  # a table's code is not enough
    cards = client.get(f"/cards?code={site.code('organiser')}")
    assert cards.status_code == 200
    assert (
        "<svg" in cards.text
        and f"http://192.168.1.20:8000/t/evening?code={site.code('evening')}" in cards.text
    )
    assert "Forehand of hand 1: Anna" in cards.text
    names = [cards.text.index(f"<li>{n}</li>") for n in ("Anna", "Bert", "Cilli")]
    assert names == sorted(names)  # seat order


def test_pages_are_german_under_lang_de(evening: Path) -> None:
    client, site = client_of(evening, lang="de")
    page = client.get(f"/t/evening?code={site.code('evening')}").text
    assert '<html lang="de">' in page and "Vorhand" in page
    answer = record(client, site.code("evening"), "not-the-version")
    assert answer.status_code == 409
    assert answer.json()["problems"][0]["message"].startswith("die Schrift hat sich geändert")
    # another phone asks in English: the language is the request's, not the process's
    english = TestClient(make_app(site, Settings()), headers={"Accept-Language": "en-GB,en;q=0.8"})
    assert '<html lang="en">' in english.get("/t/evening").text


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("en;q=0,de", "de"),  # q=0: "not acceptable" (RFC 9110 §12.4.2)
        ("fr,en;q=0.5,de;q=0.8", "de"),  # the highest weight first, whatever the order
        ("de;q=0.3,en;q=0.7", "en"),
        ("de-AT,en;q=0.9", "de"),
        ("de;q=9e9,en", "en"),  # a weight that is not one is not a preference
    ],
)
def test_a_phone_gets_the_language_its_browser_weighs_highest(evening: Path, header: str, lang: str) -> None:
    client, site = client_of(evening)
    page = client.get("/t/evening", headers={"Accept-Language": header}).text
    assert f'<html lang="{lang}">' in page


def test_a_days_cards_are_the_command_lines_cards_with_each_tables_qr_code(tmp_path: Path) -> None:
    day = tmp_path / "day"
    players = [f"P{i}" for i in range(1, 9)]
    cli("tournament", "new", str(day), "--players", ",".join(players), "--rounds", "2", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift", "--title", "Tiroler Tarockcup, 3. Turnier")  # fmt: skip
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "3")
    cli("tournament", "draw", str(day), "--round", "2", "--seed", "4")
    client, site = client_of(day, base_url="http://192.168.1.20:8000")
    organiser = site.code("organiser")
    latest = client.get(f"/cards?code={organiser}")
    assert latest.status_code == 200
    # the page `tournament cards` prints (its title, the round and table, the empty Schrift) ...
    printed = cli("tournament", "cards", str(day), "--round", "2")
    assert "<h2>Round 2, table 1</h2>" in latest.text and "<h2>Round 2, table 1</h2>" in printed
    assert latest.text.count('<table class="schrift">') == 2 == printed.count('<table class="schrift">')
    assert "Tiroler Tarockcup, 3. Turnier" in latest.text
    # ... with each table's QR code beside the address it opens, none of another round's
    assert latest.text.count("<svg") == 2
    assert "Round 1, table 1" not in latest.text
    for asked in ("1", "1%20", "%201"):  # the number as a person typed it, a space after it too
        first = client.get(f"/cards?code={organiser}&round={asked}")
        assert "<h2>Round 1, table 2</h2>" in first.text and first.text.count("<svg") == 2, asked
    # a round that is not drawn is said so, not answered with another round's cards to print
    for asked in ("abc", "3", "99999999999", "0"):
        refused = client.get(f"/cards?code={organiser}&round={asked}")
        assert refused.status_code == 404 and "<h2>Round" not in refused.text, asked
        assert f"{asked!r}: no round of this name is drawn; drawn: 1, 2" in refused.text.replace(
            "&#x27;", "'"
        )
    from tarockscore.web import pages

    for key in ("r2t1", "r2t2"):  # the very code of the table's own address
        address = "http://192.168.1.20:8000" + pages.link(f"/t/{key}", code=site.code(key))
        assert pages.qr_svg(address) in latest.text


def test_odd_numbers_and_oversized_forms_get_a_reason_not_a_server_error(evening: Path) -> None:
    """A number the server cannot use (a superscript digit, which str.isdigit takes; 5,000
    digits, past int's limit) and a body that is no form of ours (too many fields, too large)
    are answered with a 4xx and their reason; nothing is written. A body too large for a form is
    no longer read as an empty one (which took back a hand)."""
    client, site = client_of(evening)
    code = site.code("evening")
    assert record(client, code, tarockscore.Evening(evening).version()).status_code == 200
    before = results(evening)
    version = tarockscore.Evening(evening).version()
    same = {**JSON, "Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    assert client.get(f"/t/evening?code={code}&replace=%C2%B2").status_code == 200
    assert client.get(f"/cards?code={site.code('organiser')}&round=%C2%B2").status_code < 500
    for number in ("²", "9" * 5000):
        form = {"code": code, "expected": version, "request": f"d{len(number)}", "number": number}
        answer = client.post("/t/evening/delete", data=form, headers=same)
        assert 400 <= answer.status_code < 500 and answer.json()["ok"] is False, answer.text
    many = {f"field{i}": "x" for i in range(600)} | {"code": code, "expected": version}
    answer = client.post("/t/evening/undo", data=many, headers=same)
    assert (answer.status_code, answer.json()["error"]) == (413, "too_large")
    huge = {"code": code, "expected": version, "request": "u", "filler": "x" * (1 << 20)}
    answer = client.post("/t/evening/undo", data=huge, headers=same)
    assert (answer.status_code, answer.json()["error"]) == (413, "too_large")
    # every write says which sheet it was made on: without it, nothing is taken back
    answer = client.post("/t/evening/undo", data={"code": code, "request": "v"}, headers=same)
    assert (answer.status_code, answer.json()["problems"][0]["where"]) == (422, "expected")
    assert results(evening) == before


# -- every answer safe ---------------------------------------------------------------------------

SAME_SITE = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
ODD = ("²", "٣", "9" * 5000, "-1", "0", "1e9", "\x00", "%", "x" * 5000, " ", "NaN", "Anna\u202e")


def test_no_input_gets_a_server_error(tmp_path: Path) -> None:
    """Odd values in every field and every address parameter, odd methods and headers, bodies
    that are not UTF-8 or not URL-encoded: each answered with a page or a 4xx, none with a 500
    (the test client raises the server's exception, so a traceback fails the test)."""
    day = one_table_drawn(tmp_path)
    client, site = client_of(day)
    [place] = site.places()
    code, version = site.code(place.key), place.evening.version()
    statuses: set[int] = set()

    def sent(answer: Any) -> None:
        assert answer.status_code < 500, (answer.request.url, answer.text)
        statuses.add(answer.status_code)

    for value in ODD:
        for name in ("replace", "part", "done", "lang", "code", "round"):
            query = {"code": code, name: value}
            sent(client.get(f"/t/{place.key}", params=query))
            sent(client.get("/cards", params={"code": site.code("organiser"), name: value}))
            sent(client.get("/board", params={name: value}))
        for name in ("contract", "declarer", "card_points", "won", "kontra", "bonus:1", "number", "expected",
                     "request", "action", "points:A"):  # fmt: skip
            form = {"code": code, "expected": version, "request": "odd", "contract": "dreier",
                    "declarer": place.players[0], "card_points": "36", name: value}  # fmt: skip
            for action in ("preview", "edit"):
                sent(client.post(f"/t/{place.key}/hand", data={**form, "action": action}, headers=JSON))
            sent(client.post(f"/t/{place.key}/hand", data={**form, "action": "edit"}, headers=SAME_SITE))
            sent(client.post(f"/t/{place.key}/fields", data=form))
            sent(client.post(f"/t/{place.key}/delete", data={**form, "expected": "x"}, headers=JSON))
    for method in ("PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"):
        for address in ("/", f"/t/{place.key}", f"/t/{place.key}/hand", "/static/app.js", "/nowhere"):
            sent(client.request(method, address))
    for headers in ({"Accept-Language": "x" * 5000}, {"Accept-Language": ";;,,q=x,de;q=9e9"},
                    {"Accept": "application/json" * 100}, {"Origin": "null"}, {"Sec-Fetch-Site": "\u00e4".encode()},
                    {"Content-Type": "multipart/form-data; boundary=x"}):  # fmt: skip
        sent(client.get(f"/t/{place.key}?code={code}", headers=headers))
        sent(client.post(f"/t/{place.key}/undo", content=b"code=" + code.encode(), headers=headers))
    for body in (b"code=%FF%FE&expected=x", b"\xff\xfe\x00", b"a=%zz&%%%=1&=&&", b"\x00" * 100):
        sent(client.post(f"/t/{place.key}/undo", content=body, headers=JSON))
    for address in (
        "/t/%FF%FE",
        "/t/%00",
        "/static/../site.py",
        "/static/%2e%2e/site.py",
        "/t/" + "r" * 5000,
    ):
        sent(client.get(address))
    assert tarockscore.Evening(place.evening.path).ledger.hands == ()  # and nothing was written
    assert {200, 400, 403, 404, 405, 409, 422} <= statuses


def test_every_refusal_is_in_the_players_words_and_language(evening: Path) -> None:
    """404, 405, 413 and 400 are the server's own pages (or JSON), in the phone's language."""
    client, site = client_of(evening)
    code = site.code("evening")
    nowhere = client.get("/nowhere", headers={"Accept-Language": "de"})
    assert nowhere.status_code == 404 and '<html lang="de">' in nowhere.text
    assert client.get("/nowhere", headers=JSON).json()["error"] == "not_found"
    put = client.put("/t/evening", headers=JSON)
    assert (put.status_code, put.json()["error"]) == (405, "method")
    assert set(put.headers["allow"].split(", ")) == {"GET", "HEAD"}
    assert client.post("/board").status_code == 405
    # a change of no such name at a table there is: no such page (the table is there)
    unknown = client.post("/t/evening/foo", data={"code": code}, headers={**JSON, **SAME_SITE})
    assert (unknown.status_code, unknown.json()["error"]) == (404, "not_found")
    assert unknown.json()["problems"][0]["message"] == "there is no such page"
    for method in ("GET", "PUT"):  # asked any other way, it is no such page too, in German as well
        nope = client.request(method, "/t/evening/nope?lang=de", headers=JSON)
        assert (nope.status_code, nope.json()["error"]) == (404, "not_found"), method
        assert nope.json()["problems"][0]["message"] == "diese Seite gibt es nicht"
    hand = client.get("/t/evening/hand", headers=JSON)  # a change there is takes a POST only
    assert (hand.status_code, hand.headers["allow"]) == (405, "POST")
    for address in ("/t/evening/fields", "/t/evening/undo", "/t/evening/hand", "/t/nowhere/undo"):
        big = client.post(address, content=b"code=" + b"x" * (1 << 20), headers={**JSON, **SAME_SITE})
        assert (big.status_code, big.json()["error"]) == (413, "too_large"), address
    answer = client.post("/t/evening/undo", content=b"code=" + code.encode() + b"&x=%FF", headers=JSON)
    assert (answer.status_code, answer.json()["error"]) == (400, "bad_form")
    german = client.post("/t/evening/undo?lang=de", content=b"\xff", headers=JSON)
    assert german.status_code == 400 and "UTF-8" in german.json()["problems"][0]["message"]
    assert german.json()["problems"][0]["message"] != answer.json()["problems"][0]["message"]


def no_path(text: str, *paths: Path) -> None:
    for path in paths:
        assert str(path.parent) not in text and path.name not in text, text
    assert "Traceback" not in text and ".py" not in text


def edited_while_served(evening: Path) -> tuple[TestClient, str, str, str]:
    """A ledger with a hand, changed outside tarockscore while served (the rules refuse it)."""
    client, site = client_of(evening)
    code = site.code("evening")
    record(client, code, tarockscore.Evening(evening).version())
    version = tarockscore.Evening(evening).version()
    kept = evening.read_text(encoding="utf-8")
    evening.write_text(kept.replace("card_points = 40", "card_points = 41"), encoding="utf-8")
    return client, code, version, kept


def test_a_ledger_edited_while_served_is_said_in_the_players_words(evening: Path) -> None:
    """Every page of its table answers 503 with the reason in the players' words and no path;
    the board goes on; the terminal's log has the file's own reason. Mended, the table is
    served again."""
    client, code, _version, kept = edited_while_served(evening)
    answers = [
        client.get(f"/t/evening?code={code}"),
        client.get("/t/evening", headers=JSON),
        client.get(f"/t/evening?code={code}&replace=1"),
    ]
    for answer in answers:
        assert answer.status_code == 503, answer.text
        assert "this table's sheet cannot be read or written just now" in html.unescape(answer.text)
        no_path(answer.text, evening)
    assert answers[1].json()["error"] == "unavailable"
    german = client.get(f"/t/evening?code={code}&lang=de")
    assert german.status_code == 503 and "die Schrift dieses Tisches kann gerade nicht" in german.text
    assert "Turnierleitung" not in german.text  # an evening has no tournament: the organiser's word
    no_path(german.text, evening)
    assert client.get("/board").status_code == 200
    evening.write_text(kept, encoding="utf-8")  # mended
    assert client.get(f"/t/evening?code={code}").status_code == 200
    assert len(results(evening)) == 1


def test_a_write_to_a_ledger_edited_while_served_is_said_as_its_page_says_it(evening: Path) -> None:
    """A hand shown, recorded or taken back on a sheet edited by hand while served was refused
    (422) with the file's name and line and the command line's words ("entry 2", untranslated in
    German), and the phone dropped the hand. It is 503, said as the table's page says it, without
    the file: the phone keeps the hand and sends it again once the organiser has mended the file."""
    client, code, version, _kept = edited_while_served(evening)
    edited = evening.read_text(encoding="utf-8")
    undo = {"code": code, "expected": version, "request": "u"}
    answers = [
        record(client, code, version, key="after"),
        record(client, code, version, key="shown", action="preview", **RUFER),
        client.post("/t/evening/undo", data=undo, headers={**JSON, **SAME_SITE}),
        client.post("/t/evening/undo?lang=de", data=undo, headers={**JSON, **SAME_SITE}),
    ]
    for answer in answers:
        assert (answer.status_code, answer.json()["error"]) == (503, "unavailable"), answer.text
        assert answer.headers["retry-after"]
        no_path(answer.text, evening)
    assert "this table's sheet cannot be read or written just now" in answers[0].text
    assert "die Schrift dieses Tisches kann gerade nicht" in answers[-1].text
    assert evening.read_text(encoding="utf-8") == edited  # nothing written


def test_a_full_disk_or_a_sheet_the_server_may_not_write_is_said_without_a_path(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    client, site = client_of(evening)
    code = site.code("evening")
    for number, words in ((errno.ENOSPC, "disk is full"), (errno.EACCES, "may not write"),
                          (errno.EIO, "could not read or write")):  # fmt: skip

        def failing(self: tarockscore.Evening, number: int = number) -> Any:
            raise OSError(number, "the system's words", str(evening))

        monkeypatch.setattr(tarockscore.Evening, "read", failing)
        answer = client.get(f"/t/evening?code={code}", headers=JSON)
        assert answer.status_code == 503 and answer.headers["retry-after"]
        assert words in answer.json()["problems"][0]["message"]
        no_path(answer.text, evening)
        # a club evening has no tournament: its German speaks of the organiser, never of one
        german = client.get(f"/t/evening?code={code}&lang=de", headers=JSON).json()["problems"][0]
        assert "Turnierleitung" not in german["message"]


def test_a_hand_the_disk_cannot_take_is_kept_to_be_sent_again(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand recorded while the server's disk is full was refused (422) with the file's name and
    the system's own words; the phone dropped it as refused. It is 503 with the reason in the
    players' words and a Retry-After, as a page read then is: the page keeps the hand and sends it
    again, and once there is room the same request records it once."""
    import errno
    import os

    client, site = client_of(evening)
    code = site.code("evening")
    version = tarockscore.Evening(evening).version()
    before = evening.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        answer = record(client, code, version, key="full")
    assert answer.status_code == 503 and answer.headers["retry-after"], answer.text
    assert answer.json()["error"] == "unavailable"
    assert "disk is full" in answer.json()["problems"][0]["message"]
    no_path(answer.text, evening)
    assert evening.read_bytes() == before
    again = record(client, code, version, key="full")
    assert again.status_code == 200 and len(results(evening)) == 1


def test_a_closed_sheet_is_said_without_a_folder(evening: Path) -> None:
    client, site = client_of(evening)
    version = tarockscore.Evening(evening).version()
    evening.chmod(0o444)
    try:
        answer = record(client, site.code("evening"), version)
    finally:
        evening.chmod(0o644)
    assert 400 <= answer.status_code < 600 and answer.status_code != 500
    assert str(evening.parent) not in answer.text, answer.text
    assert results(evening) == []


def test_what_nothing_else_answers_is_a_plain_500_page(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last resort: an exception no handler expects is a 500 page in the phone's language,
    without its words, its traceback or any path."""
    from tarockscore.web import pages

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError(f"a bug near {evening}")

    monkeypatch.setattr(pages, "index_page", broken)
    site = Site(evening)
    client = TestClient(make_app(site, Settings()), raise_server_exceptions=False)
    for lang, words in (("en", "the server could not answer this"), ("de", "Server")):
        answer = client.get(f"/?lang={lang}")
        assert answer.status_code == 500 and f'<html lang="{lang}">' in answer.text
        assert words in answer.text and "RuntimeError" not in answer.text and "a bug" not in answer.text
        no_path(answer.text, evening)
    assert client.get("/", headers=JSON).json()["error"] == "server"


def test_one_watcher_looks_for_every_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """However many boards are open, the files are looked at once per poll interval, by stat
    alone: the day is read again only when its own file changed (a round drawn), no ledger is read."""
    import asyncio

    from tarockscore.web.app import Watcher

    day = tmp_path / "day"
    cli("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "2", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "1")
    site = Site(day)
    reads = {"day": 0, "ledger": 0}
    tables = tarockscore.Tournament.tables
    monkeypatch.setattr(
        tarockscore.Evening, "read", lambda self: reads.__setitem__("ledger", reads["ledger"] + 1)
    )

    def counted(self: tarockscore.Tournament) -> Any:
        reads["day"] += 1
        return tables(self)

    monkeypatch.setattr(tarockscore.Tournament, "tables", counted)
    watcher = Watcher(site, 0.05)

    async def boards(streams: int, seconds: float, looks: int = 0) -> tuple[set[str], float]:
        """The events ``streams`` streams saw, each asking every 0.01 s for ``seconds`` (and on
        until the watcher has looked ``looks`` times: a loaded machine may look less often), and
        how long they were open."""
        seen: set[str] = set()
        loop = asyncio.get_running_loop()
        began = loop.time()
        until = began + seconds
        enough = watcher.looks + looks

        async def stream() -> None:
            while loop.time() < until or (watcher.looks < enough and loop.time() < began + 60):
                seen.add(await watcher.event())
                await asyncio.sleep(0.01)

        await asyncio.gather(*(stream() for _ in range(streams)))
        return seen, loop.time() - began

    events, seconds = asyncio.run(boards(200, 0.5, looks=3))
    # at most one look per 0.05 s, however slow the machine: not 200 streams × 50 polls
    assert 3 <= watcher.looks <= seconds / 0.05 + 2
    assert reads == {"day": 0, "ledger": 0}
    [event] = events - {""}
    assert set(json.loads(event.split("data: ")[1])) == {"r1t1"}
    [place] = site.places()
    cli("record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[0], "--won")
    cli("tournament", "draw", str(day), "--round", "2", "--seed", "2")
    after = asyncio.run(boards(5, 0.2))[0] - events - {""}
    assert reads == {"day": 1, "ledger": 0}  # the draw: the day read once for its new tables
    assert set(json.loads(max(after, key=len).split("data: ")[1])) == {"r1t1", "r2t1"}


# -- the server on a socket: slow and half-sent requests, its log, its files -----------------------


def raw(port: int, data: bytes, wait: float = 30.0) -> bytes:
    """What the server answers ``data`` sent on a connection of its own, until it closes it (each
    step waited for up to ``wait`` seconds: a guard against a hang, not a measure of speed)."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(data)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
    return out


@contextlib.contextmanager
def running(site: Site) -> Iterator[int]:
    """uvicorn as ``serve`` runs it, on a free port of 127.0.0.1 (yielded) in a thread of the test."""
    import socket
    import threading

    import uvicorn

    from tarockscore.web import app as web

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(web.server_config(make_app(site, Settings())))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def test_slow_and_half_sent_requests_are_cut_off(evening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn as ``serve`` runs it (its limits shortened for the test): a request head that does
    not come whole is closed, a body that does not come whole is answered 408, and a body too
    large by its Content-Length is answered 413 before anything of it is read; a phone's request
    meanwhile is answered at once."""
    from tarockscore.web import app as web

    monkeypatch.setattr(web, "HEAD_SECONDS", 0.5)
    monkeypatch.setattr(web, "BODY_SECONDS", 0.5)
    with running(Site(evening)) as port:
        # Each is cut off by the server itself after its 0.5 s, not before; ``raw`` waits up to 30 s
        # (a server that never cut it off would hold the connection for ever), and the bound of
        # 10 s says "cut off at its limit", with room for a loaded machine.
        start = time.monotonic()
        assert raw(port, b"GET /t/evening HTTP/1.1\r\nHost: x\r\n") == b""  # closed, unanswered
        assert 0.4 < time.monotonic() - start < 10
        start = time.monotonic()
        late = raw(port, b"POST /t/evening/undo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\ncode=")
        assert late.startswith(b"HTTP/1.1 408 ") and 0.4 < time.monotonic() - start < 10
        start = time.monotonic()
        huge = b"POST /t/evening/undo HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n"
        assert raw(port, huge).startswith(b"HTTP/1.1 413 ")  # at once: the body's wait would say 408
        assert raw(port, b"GET /t/evening HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").startswith(
            b"HTTP/1.1 200 "
        )


def test_a_request_that_is_not_http_is_said_in_one_plain_line(evening: Path) -> None:
    """A phone that typed https:// for the http:// address (its TLS greeting), a request line that
    is no request: the organiser's window said uvicorn's "Invalid HTTP request received.", which
    says neither who sent it nor whether a hand was lost. One line says both, once a minute."""
    import logging

    seen: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: seen.append(record.getMessage())  # type: ignore[method-assign]
    with running(Site(evening)) as port:
        logging.getLogger("uvicorn.error").addHandler(handler)  # once uvicorn has set up its logging
        assert raw(port, b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03").startswith(b"HTTP/1.1 400 ")
        assert raw(port, b"GET /t/\x01 HTTP/1.1\r\nHost: x\r\n\r\n").startswith(b"HTTP/1.1 400 ")
        # an upgrade asked for (a WebSocket; h2c, as `curl --http2` asks it) is answered as plain
        # HTTP, and nothing is said of it: the window said "Unsupported upgrade request." and
        # advised `pip install 'uvicorn[standard]'`, which the server has no use for
        for upgrade in (
            b"websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: a2V5a2V5a2V5a2V5a2V5",
            b"h2c",
        ):
            asked = b"GET /board HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: " + upgrade
            assert raw(port, asked + b"\r\n\r\n").startswith(b"HTTP/1.1 200 ")
    logging.getLogger("uvicorn.error").removeHandler(handler)
    assert seen == [
        "127.0.0.1 sent a request that is not HTTP (an address typed with https://?): "
        "answered 400, nothing was written"
    ]


def test_serve_stopped_by_sigterm_says_so_as_ctrl_c_does(evening: Path) -> None:
    """`kill` (SIGTERM, a service manager's stop) ends it as Ctrl-C does: it says every hand is in
    its ledger and leaves with exit 0 (docs/serve.md); it died with 143 and said nothing."""
    import subprocess
    import sys
    import urllib.request

    serve = [sys.executable, "-m", "tarockscore", "serve", str(evening), "--port", "0", "--json"]
    server = subprocess.Popen(serve, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        with urllib.request.urlopen(json.loads(server.stdout.readline())["board"], timeout=60) as page:
            assert page.status == 200  # serving
        server.terminate()
        _, said = server.communicate(timeout=30)
    finally:
        server.kill()
    assert (server.returncode, said.splitlines()[-1]) == (0, "stopped; every hand is in its ledger")


# serve with a SIGTERM arriving while it opens the site (its codes made, before it serves)
TERMINATED_WHILE_STARTING = r"""
import os, signal, sys
import tarockscore.web.app as server
from tarockscore.cli.app import main
opened = server.Site
def site(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGTERM)
    return opened(*args, **kwargs)
server.Site = site
sys.argv = ["tarockscore", "serve", sys.argv[1], "--port", "0"]
main()
"""


def test_serve_stopped_by_sigterm_while_it_starts_says_so_and_writes_nothing_half(evening: Path) -> None:
    """A SIGTERM before the server serves (while it opens the site; while uvicorn starts) ended it
    with 143 and said nothing: it stops as it does once serving, with exit 0, and leaves no file
    half written (its codes are written whole or not at all)."""
    import subprocess
    import sys

    kept = evening.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", TERMINATED_WHILE_STARTING, str(evening)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "stopped; every hand is in its ledger")
    assert "Traceback" not in done.stderr and "Ctrl-C stops" not in done.stdout
    # the moment uvicorn is started, before it serves: the first line printed, then the SIGTERM
    serve = [sys.executable, "-m", "tarockscore", "serve", str(evening), "--port", "0", "--json"]
    server = subprocess.Popen(serve, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        server.stdout.readline()
        server.terminate()
        _, said = server.communicate(timeout=30)
    finally:
        server.kill()
    assert (server.returncode, said.splitlines()[-1]) == (0, "stopped; every hand is in its ledger")
    assert evening.read_bytes() == kept
    assert {p.name for p in evening.parent.iterdir()} == {evening.name, "friday.serve-codes.toml"}


def test_half_sent_requests_past_the_file_limit_keep_out_no_phone(evening: Path) -> None:
    """``serve`` with 512 files allowed, 700 connections that never finish their request: a phone
    still opens the table's page; bad requests leave a line in the log, not a line each;
    every file the server made is its owner's alone."""
    import os
    import resource
    import signal
    import socket
    import subprocess
    import sys
    import urllib.request

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (512, 512))
        os.umask(0o022)

    before = set(evening.parent.iterdir())
    server = subprocess.Popen(
        [sys.executable, "-m", "tarockscore", "serve", str(evening), "--port", "0", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limited,
    )
    held: list[socket.socket] = []
    try:
        assert server.stdout is not None
        shown = json.loads(server.stdout.readline())
        [table] = shown["tables"]
        port = int(shown["url"].rsplit(":", 1)[1])
        for _ in range(700):
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            sock.sendall(b"GET /t/evening HTTP/1.1\r\nHost: x\r\n")
            held.append(sock)
        # answered, not starved of files: a starved server never answers, so the client's 60 s
        # only guard against a hang (a page takes a fraction of a second, even under load)
        for _ in range(3):
            with urllib.request.urlopen(table["url"], timeout=60) as page:
                assert page.status == 200
        for _ in range(100):
            assert raw(port, b"NONSENSE\r\n\r\n").startswith(b"HTTP/1.1 400 ")
        status = Path(f"/proc/{server.pid}/status").read_text(encoding="utf-8")
        umask = next(line.split()[1] for line in status.splitlines() if line.startswith("Umask:"))
        version = tarockscore.Evening(evening).version()
        form = {"code": table["code"], "expected": version, "request": "r", "action": "record", **RUFER}
        with urllib.request.urlopen(  # a write: the ledger's lock is made
            table["url"].split("?")[0] + "/hand", data=urllib.parse.urlencode(form).encode(), timeout=60
        ) as written:
            assert written.status == 200
    finally:
        for sock in held:
            sock.close()
        server.send_signal(signal.SIGINT)
        _out, log = server.communicate(timeout=30)
    assert "Traceback" not in log and log.count("Invalid HTTP request") <= 1
    assert len(log) < 1500, log
    made = set(evening.parent.iterdir()) - before
    assert {p.name: oct(p.stat().st_mode & 0o777) for p in made} == {p.name: "0o600" for p in made}
    assert umask == "0077"  # and so is whatever it makes for a moment (a ledger's lock while writing)


def test_proxy_is_an_address(evening: Path) -> None:
    refused = runner.invoke(app, ["serve", str(evening), "--proxy", "proxy.example", "--port", "0"])
    assert refused.exit_code == 2
    # the option named once, before the value as every option's error names it (it said
    # "--proxy: --proxy 'proxy.example': …")
    assert refused.stderr.startswith("error: --proxy: 'proxy.example': not an IP address; ")
    assert "--proxy" in runner.invoke(app, ["serve", "--help"]).stdout


def test_an_empty_host_is_refused(evening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--host "$HOST"` with $HOST unset served every network the laptop is on, as 0.0.0.0 does;
    an empty value is refused as an empty --ledger is, never read as a default."""
    monkeypatch.setattr("tarockscore.web.app.run", lambda *args: pytest.fail("served"))
    refused = runner.invoke(app, ["serve", str(evening), "--host", "", "--port", "0"])
    assert (refused.exit_code, refused.stderr) == (
        2,
        "error: --host: '': empty; give the address to serve on (0.0.0.0: the venue's network), "
        "or leave the option out (127.0.0.1: this laptop only)\n",
    )


def test_every_option_refused_is_said_in_one_run(evening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--port 70000 --host ''` said the port alone, the empty host only in the next run: each
    option refused is said, in one run (exit 2), in the reader's language."""
    monkeypatch.setattr("tarockscore.web.app.run", lambda *args: pytest.fail("served"))
    wrong = ["--port", "70000", "--host", "", "--proxy", "x", "--lang", "fr"]
    refused = runner.invoke(app, ["serve", str(evening), *wrong])
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr.splitlines() == [
        "error: --host: '': empty; give the address to serve on (0.0.0.0: the venue's network), "
        "or leave the option out (127.0.0.1: this laptop only)",
        "error: --port: '70000' is not a port; write it in digits, 0 to 65535 (0 takes a free one)",
        "error: --lang: 'fr' is not a language of tarockscore; use de or en",
        "error: --proxy: 'x': not an IP address; give the proxy's address, e.g. --proxy 127.0.0.1",
    ]
    for port in ("-1", "abc", "8e3", " "):
        refused = runner.invoke(app, ["--lang", "de", "serve", str(evening), "--port", port])
        assert (refused.exit_code, refused.stderr) == (
            2,
            f"Fehler: --port: {port!r} ist kein Port; in Ziffern schreiben, 0 bis 65535 (0 nimmt einen freien)\n",
        )


def test_the_wrong_codes_of_many_clients_are_forgotten_quietest_first() -> None:
    limiter = Limiter(most=2, window=60, clients=3)
    for client in ("a", "b", "c", "d", "e"):
        assert limiter.wrong(client) is False
    assert len(limiter._wrong) <= 4  # kept near ``clients``, however many guess
    assert [limiter.wrong("e"), limiter.wrong("e")] == [False, True]


def test_a_repeated_log_line_is_shown_once_a_minute_with_the_number_left_out() -> None:
    import logging

    from tarockscore.web.app import OncePerMinute

    quiet = OncePerMinute(seconds=60)

    def line(text: str) -> logging.LogRecord:
        return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, text, (), None)

    shown = [quiet.filter(line("Invalid HTTP request received.")) for _ in range(100)]
    assert shown == [True] + [False] * 99
    assert quiet.filter(line("another line"))
    quiet.seconds = 0  # a minute later
    again = line("Invalid HTTP request received.")
    assert quiet.filter(again) and "99 more like it" in again.getMessage()


def test_a_replaced_hand_is_said_in_german_words_as_the_command_line_says_it(
    evening: Path, twin: Path
) -> None:
    """The changed keys of a replaced hand in the phone's language, the line ``replace`` prints;
    also when the answer is asked for again (the phone did not get it)."""
    client, site = client_of(evening)
    code = site.code("evening")
    record(client, code, tarockscore.Evening(evening).version())
    version = tarockscore.Evening(evening).version()
    form = {"code": code, "expected": version, "request": "again", "action": "record", "number": "1"}
    form |= {**RUFER, "partner": "Bert", "kontra": "kontra"}
    german = {**JSON, "Accept-Language": "de-AT"}
    said = client.post("/t/evening/hand", data=form, headers=german).json()["said"]
    resent = client.post("/t/evening/hand", data=form, headers=german).json()
    cli("record", "--ledger", str(twin), *RUFER_CLI)
    hand = ["-c", "rufer", "-d", "Anna", "-w", "Bert", "-t", "40", "-k", "kontra"]
    printed = cli("--lang", "de", "replace", "1", "--ledger", str(twin), *hand)
    assert said == unfolded(printed).splitlines()[0]
    assert "Partner: Cilli → Bert" in said and "Kontra: – → Kontra" in said, said
    assert "partner" not in said and "kontra:" not in said
    assert resent["resent"] is True and resent["said"] == said


def po_entries(path: Path) -> list[tuple[list[str], str, str]]:
    """Each entry of a catalogue: its source files, its English and its German (stdlib alone)."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        files = [f for line in block.splitlines() if line.startswith("#: ") for f in line[3:].split()]
        texts: dict[str, str] = {}
        part = ""
        for line in block.splitlines():
            if line.startswith(("msgid ", "msgstr ")):
                part, _sep, line = line.partition(" ")
                texts[part] = ""
            if part and line.startswith('"'):
                texts[part] += line[1:-1]
        entries.append((files, texts.get("msgid", ""), texts.get("msgstr", "")))
    return entries


def test_serve_says_schrift_for_the_evenings_sheet_as_the_app_and_the_command_line_do() -> None:
    """docs/german.md: the sheet is the Schrift; the phones' pages used to say Liste."""
    catalogue = Path(tarockscore.__file__).parent / "locale" / "de" / "LC_MESSAGES" / "tarockscore.po"
    pages = ("tarockscore/web/", "tarockscore/app/", "tarockscore/cli/commands/serve.py")
    said = [
        (english, german)
        for files, english, german in po_entries(catalogue)
        if any(f.startswith(pages) for f in files) and re.search(r"\b(sheet|ledger)\b", english)
    ]
    assert len(said) > 10
    assert [(e, g) for e, g in said if "Liste" in g] == []
    assert all("Schrift" in g for e, g in said if re.search(r"\bsheet\b", e) and "paper" not in e), said


def test_a_german_phone_enters_the_bonuses_whose_german_name_is_not_their_key(
    evening: Path, twin: Path
) -> None:
    """König ultimo and Vier Könige are sent by their keys (king_ultimo, four_kings), as every
    button is; a German page took them for no choice of its own: tapped, the bonus asked nothing
    more, and the hand was refused beside the very button ("'four_kings' ist keine der
    Möglichkeiten"). A Rufer by Anna with Cilli won, King Ultimo announced and made, Four Kings
    silent and made: the Rufer 1 [CTK], King Ultimo 1 ×2 announced, Four Kings 1 [STC-TB], each
    added by Anna and by Cilli (docs/rules/settlement.md §1): 4 each."""
    client, site = client_of(evening)
    code = site.code("evening")
    german = {"Accept-Language": "de-AT,de;q=0.9"}
    hand = {**RUFER, "bonus:1": "king_ultimo", "bonus:1:side": "declarers", "bonus:1:announced": "y"}
    hand |= {"bonus:2": "four_kings", "bonus:2:side": "Spieler"}  # the side as a German table says it
    fields = client.post("/t/evening/fields", data={"code": code, **hand}, headers=german).text
    for key in ("bonus:1:announced", "bonus:1:made", "bonus:2:side", "bonus:2:made", "bonus:3"):
        assert f'data-key="{key}"' in fields, key
    assert "keine der Möglichkeiten" not in fields
    version = tarockscore.Evening(evening).version()
    form = {"code": code, "expected": version, "request": "r1", "action": "record", **hand}
    answer = client.post("/t/evening/hand", data=form, headers={**JSON, **german})
    assert answer.status_code == 200, answer.text
    cli("record", "--ledger", str(twin), *RUFER_CLI, "-b", "king_ultimo,announced", "-b", "four_kings")
    assert results(evening) == results(twin)
    points = results(evening)[0][1].victory_points
    assert points == {"Anna": 4, "Bert": 0, "Cilli": 4, "<b>Dani</b>": 0}


@pytest.mark.parametrize(
    ("lang", "paid", "stake"),
    [
        ("en", "{payer} pays Anna 0.50", "stake 0.10 per point"),
        ("de", "{payer} zahlt Anna €\u00a00,50", "Einsatz €\u00a00,10 pro Punkt"),
    ],
)
def test_the_sheet_says_who_pays_whom_as_settle_does(evening: Path, lang: str, paid: str, stake: str) -> None:
    """At the end of the evening the table settles up: the phone showed each player's balance but
    not who pays whom, which only `settle` on the laptop said. A Dreier won by Anna: she adds 5
    [STC-TB]; under Simplified Scoring every two players settle the difference of their totals
    (docs/rules/settlement.md §1), at 0.10 a point each of the three others pays her 0.50. The euro
    stays on the line of its amount: at a phone's width a long line broke after "€", the amount
    alone on the next."""
    client, site = client_of(evening, lang=lang)
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Anna", "-t", "40")
    page = client.get(f"/t/evening?code={site.code('evening')}").text
    for payer in ("Bert", "Cilli", "&lt;b&gt;Dani&lt;/b&gt;"):
        assert f"<li>{paid.format(payer=payer)}</li>" in page, payer
    assert f'<p class="meta">{stake}</p>' in page
    settled = cli("--lang", lang, "settle", "--ledger", str(evening)).splitlines()[-3:]
    payments = re.search(r'<ul class="payments"[^>]*>(.*?)</ul>', page)
    assert payments is not None
    lines = re.findall(r"<li>([^<]*)</li>", payments[1])
    assert [html.unescape(line).replace("\u00a0", " ") for line in lines] == settled


@pytest.mark.parametrize(
    ("hand", "said"),
    [
        (RUFER, "Result: the declarers won: 40 card points, they needed 35\u00a02/3"),
        # Dani's card points are not typed: the deck's 70 less the others' 20, 10 and 25 is 15
        (
            {"contract": "trischaken", "points:Anna": "20", "points:Bert": "10", "points:Cilli": "25"},
            "Card points: Anna 20, Bert 10, Cilli 25, &lt;b&gt;Dani&lt;/b&gt; 15",
        ),
    ],
)
def test_the_arithmetic_shown_says_the_card_points_it_was_given(
    evening: Path, hand: dict[str, str], said: str
) -> None:
    """ "Show the arithmetic" showed each bet and the points but not the card points the hand was
    entered with, which `explain` heads its arithmetic with: a 04 typed for 40, or a Trischaken
    whose last player's card points the page works out, could not be seen before Record."""
    client, site = client_of(evening)
    form = {"code": site.code("evening"), "expected": tarockscore.Evening(evening).version(), **hand}
    answer = client.post("/t/evening/hand", data=form, headers=JSON)
    assert answer.status_code == 200, answer.text
    assert said in answer.json()["html"]


@pytest.mark.parametrize(
    ("lang", "said", "link"),
    [
        ("en", "scan the QR code on the table's card again", "the sheet, reading only"),
        ("de", "den QR-Code auf der Karte des Tisches noch einmal scannen", "die Schrift, nur zum Lesen"),
    ],
)
def test_a_wrong_code_says_what_to_do_and_leads_to_the_sheet(
    evening: Path, lang: str, said: str, link: str
) -> None:
    """An address with a code mistyped from the card, or another table's: the phone got a page
    with nothing but "this code does not open this table", no way on. It says what to do, and
    leads to the sheet, which reading needs no code for."""
    client, _site = client_of(evening)
    answer = client.get("/t/evening?code=wrong123", headers={"Accept-Language": lang})
    assert answer.status_code == 403
    assert said in html.unescape(answer.text)
    assert f'<a href="/t/evening">{html.escape(link)}</a>' in answer.text
    refused = client.get("/t/evening?code=wrong123", headers={**JSON, "Accept-Language": lang}).json()
    assert refused["error"] == "wrong_code" and said in refused["problems"][0]["message"]


# Rufer by Anna with Cilli, 40 card points, with a Kontra on the contract and the Pagat announced
# and made by the declarers (koenigrufen, docs/rules/kontra.md §1, docs/rules/koenigrufen.md §3): the
# Rufer 1 × 2 Kontra = 2 and the Pagat 1 × 2 announced = 2 to each declarer, 4 in all; the sheet's
# line names the Kontra but not the Pagat.
PAGAT = [*RUFER_CLI, "-k", "kontra", "-b", "pagat:declarers:announced:made"]
WORKED = {
    "en": ["×2 Kontra on the contract = 2", "×2 announced = 2", "Victory Points: Anna +4, Bert 0, Cilli +4"],
    "de": ["×2 Kontra aufs Spiel = 2", "×2 angesagt = 2", "Punkte: Anna +4, Bert 0, Cilli +4"],
}


def explanation(text: str) -> str:
    """The explanation a page shows, as plain text: its paragraphs a blank line apart, a line each
    (a name and its points held on one line, "Cilli +4", as the words they are)."""
    found = re.search(r'<section class="explain">(.*?)</section>', text, re.S)
    assert found is not None, text
    lines = re.sub(r'<span class="held">(.*?)</span>', r"\1", found.group(1))
    return "\n\n".join(
        "\n".join(html.unescape(line) for line in re.findall(r"<span>(.*?)</span>", p, re.S))
        for p in re.findall(r"<p>(.*?)</p>", lines, re.S)
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_hand_on_the_sheet_opens_what_explain_prints(evening: Path, lang: str) -> None:
    """After a hand was recorded nobody could trace a number on the phones' sheet back to its bets:
    the hand's line leaves out the bonuses, and the phone had nothing like `explain N`. The hand's
    line on the sheet, reading only, leads to the page of its explanation: what `explain 1` prints,
    every rule cited and the hand's history; a hand not on the sheet is no page."""
    cli("record", "-l", str(evening), *PAGAT)
    printed = unfolded(cli("--lang", lang, "explain", "1", "-l", str(evening))).rstrip("\n")
    client, site = client_of(evening)
    sheet = client.get(f"/t/evening?lang={lang}").text
    row = re.search(r'<tbody data-hand="1">.*?<td class="what"[^>]*><a href="([^"]+)">', sheet, re.S)
    assert row is not None, sheet
    href = html.unescape(row.group(1))
    assert href == f"/t/evening/explain/1?lang={lang}"
    answer = client.get(href)
    assert answer.status_code == 200
    shown = explanation(answer.text).replace("\u00a0", " ")  # "35 2/3" kept on one line
    first, *rest = printed.split("\n")
    # the page names the contract and the Kontra as the sheet does ("Rufer", not the key "rufer")
    assert shown.split("\n")[0].casefold() == first.casefold()
    assert shown.split("\n")[1:] == rest
    for worked in WORKED[lang]:
        assert worked in shown
    assert "Pagat" in shown and "<b>Dani</b> 0" in shown
    assert "<b>Dani</b>" not in answer.text  # a name stays text
    # the way back to the sheet it came from
    assert f'href="/t/evening?lang={lang}"' in answer.text
    for wrong in (
        "/t/evening/explain/2",
        "/t/evening/explain/0",
        "/t/evening/explain/x",
        "/t/nowhere/explain/1",
    ):
        assert client.get(wrong).status_code == 404, wrong


def test_the_explanation_opened_with_the_tables_code_leads_back_to_its_form(evening: Path) -> None:
    """From the page that records, the explanation keeps the table's code for the way back; a
    wrong code opens no explanation, as it opens no sheet."""
    cli("record", "-l", str(evening), *RUFER_CLI)
    client, site = client_of(evening)
    code = site.code("evening")
    sheet = client.get(f"/t/evening?code={code}").text
    href = f"/t/evening/explain/1?code={code}"
    assert f'<a href="{html.escape(href)}">' in sheet
    answer = client.get(href)
    assert answer.status_code == 200 and f'href="/t/evening?code={code}"' in answer.text
    assert client.get("/t/evening/explain/1?code=wrong123").status_code == 403
    # a hand taken back since its line was tapped: the page says so, and leads back to the form
    gone = client.get(f"/t/evening/explain/2?code={code}&lang=de")
    assert gone.status_code == 404
    assert f'<a href="/t/evening?code={code}&amp;lang=de">zurück zur Schrift</a>' in gone.text
    live = client.get(f"/t/evening?code={code}&part=live").json()
    assert f'<a href="{html.escape(href)}">' in live["sheet"]  # the sheet drawn anew keeps the links


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Bettler by Bert, Kontra from Anna, Rekontra against Cilli, lost"),
        ("de", "Bettler von Bert, Kontra von Anna, Rekontra gegen Cilli, verloren"),
    ],
)
def test_a_defenders_own_kontra_is_from_that_defender_not_with_them(
    evening: Path, lang: str, line: str
) -> None:
    """A Defender's own Kontra on a Bettler read "Kontra with Anna" ("Kontra mit Anna"), as if Anna
    were Bert's partner. The players say "Kontra from Anna"; Bert's Rekontra answering Cilli's Kontra
    is against Cilli (docs/rules/kontra.md §2, §3: the doubting side opens, the declarer answers
    each Defender)."""
    client, site = client_of(evening)
    hand = {
        "contract": "bettler",
        "declarer": "Bert",
        "won": "n",
        "kontra:Anna": "kontra",
        "kontra:Cilli": "rekontra",
    }
    answer = record(client, site.code("evening"), tarockscore.Evening(evening).version(), **hand)
    assert answer.status_code == 200, answer.text
    sheet = client.get(f"/t/evening?lang={lang}").text
    assert f">{html.escape(line)}</a></td>" in sheet
    notice = client.get(f"/t/evening?code={site.code('evening')}&lang={lang}&done=recorded&hand=1").text
    assert html.escape(line) in notice


@pytest.mark.parametrize(
    ("lang", "undone", "line"),
    [
        ("en", "Hand 2 is taken back.", "Dreier by Bert, lost"),
        ("de", "Spiel 2 ist zurückgenommen.", "Dreier von Bert, verloren"),
    ],
)
def test_take_back_names_the_hand_before_and_after(evening: Path, lang: str, undone: str, line: str) -> None:
    """ "Take back" was one tap, and its notice ("Hand 8 is taken back.") did not say which hand it
    was. The button opens the hand's line as the sheet has it, and the take back is confirmed
    beside it; the notice after it names the hand as its line did. A Dreier by Bert with 20 card
    points is lost (it needs 35 2/3, docs/rules/koenigrufen.md §2)."""
    cli("record", "-l", str(evening), *RUFER_CLI)
    cli("record", "-l", str(evening), "-c", "dreier", "-d", "Bert", "-t", "20")
    client, site = client_of(evening)
    code = site.code("evening")
    page = client.get(f"/t/evening?code={code}&lang={lang}").text
    corrections = re.search(r'<details class="take-back">(.*?)</details>', page, re.S)
    assert corrections is not None, page
    assert html.escape(line) in corrections.group(1)
    form = {"code": code, "expected": tarockscore.Evening(evening).version(), "request": "u1"}
    back = client.post(f"/t/evening/undo?lang={lang}", data=form)
    assert back.status_code == 303
    notice = client.get(back.headers["location"]).text
    said = re.search(r'<div id="notice">(.*?)</div>\s*</div>', notice, re.S)
    assert said is not None, notice
    assert html.escape(undone) in said.group(1) and html.escape(line) in said.group(1)
    assert len(tarockscore.Evening(evening).ledger.hands) == 1


def test_a_hand_taken_back_while_its_explanation_is_asked_for_is_no_such_hand(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The explanation of a hand read the sheet twice: once to see the hand was there, once to
    explain it. A hand taken back by another phone between the two was answered 503 ("cannot be
    read or written just now") instead of 404: the sheet is read once."""
    cli("record", "-l", str(evening), *RUFER_CLI)
    cli("record", "-l", str(evening), "-c", "dreier", "-d", "Bert", "-t", "20")
    client, _site = client_of(evening)
    read = tarockscore.Evening.read
    seen: list[Any] = []

    def read_then_taken_back(self: tarockscore.Evening) -> Any:
        snapshot = read(self)
        if not seen:  # another phone takes hand 2 back right after the first reading
            seen.append(snapshot)
            tarockscore.Evening(evening).undo()
        return snapshot

    monkeypatch.setattr(tarockscore.Evening, "read", read_then_taken_back)
    answer = client.get("/t/evening/explain/2")
    assert answer.status_code in (200, 404), answer.text
    assert len(read(tarockscore.Evening(evening)).ledger.hands) == 1
    seen.clear()
    answer = client.get("/t/evening/explain/2")  # hand 2 is gone: no such hand
    assert answer.status_code == 404, answer.text


@pytest.mark.parametrize(
    ("lang", "delete", "line", "deleted"),
    [
        ("en", "Delete hand 1", "Rufer by Anna with Cilli, won", "Hand 1 is deleted."),
        ("de", "Spiel 1 löschen", "Rufer von Anna mit Cilli, gewonnen", "Spiel 1 ist gelöscht."),
    ],
)
def test_delete_names_the_hand_chosen_before_it_deletes(
    evening: Path, lang: str, delete: str, line: str, deleted: str
) -> None:
    """ "Delete" deleted the hand chosen at one tap, with nothing said of which hand it was, while
    Take back first shows the hand's line. Delete asks likewise: the hand chosen opens its line as
    the sheet has it, and a second tap beside it deletes it. A Rufer by Anna with Cilli with 40
    card points of 70 is won (it needs 36, docs/rules/koenigrufen.md §2)."""
    cli("record", "-l", str(evening), *RUFER_CLI)
    cli("record", "-l", str(evening), "-c", "dreier", "-d", "Bert", "-t", "20")
    client, site = client_of(evening)
    code = site.code("evening")
    page = client.get(f"/t/evening?code={code}&lang={lang}").text
    # the hand is chosen with no change made: nothing on the page posts a delete before it is named
    assert "/delete" not in page
    chooser = re.search(r'<form method="get" action="/t/evening#corrections">(.*?)</form>', page, re.S)
    assert chooser is not None and 'name="delete"' in chooser.group(1), page
    chosen = client.get(f"/t/evening?code={code}&lang={lang}&delete=1").text
    asked = re.search(r'<details class="delete" open>(.*?)</details>', chosen, re.S)
    assert asked is not None, chosen
    assert f"<summary>{html.escape(delete)}</summary>" in asked.group(1)
    assert html.escape(line) in asked.group(1)
    assert '<details class="corrections" open>' in chosen  # the panel stands open at the question
    assert len(tarockscore.Evening(evening).ledger.hands) == 2  # asking changed nothing
    form = re.search(r'<form method="post" action="([^"]+)">(.*?)</form>', asked.group(1), re.S)
    assert form is not None, asked.group(1)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(2)))
    assert fields["number"] == "1" and fields["code"] == code
    back = client.post(html.unescape(form.group(1)), data=fields)
    assert back.status_code == 303
    notice = client.get(back.headers["location"]).text
    assert html.escape(deleted) in notice and html.escape(line) in notice
    assert len(tarockscore.Evening(evening).ledger.hands) == 1
    for wrong in ("3", "0", "x"):  # no such hand: no question asked, the page as it is
        assert 'class="delete"' not in client.get(f"/t/evening?code={code}&delete={wrong}").text


def test_none_on_the_replace_form_takes_a_kontra_or_a_bonus_away(evening: Path) -> None:
    """Replacing a hand with Kontra and a bonus, the form's "none" button sends what takes one of
    them away while the other stays: an empty answer kept the hand's old one, so the phone could
    not correct a Kontra that was never said."""
    client, site = client_of(evening)
    code = site.code("evening")
    said = {"kontra": "kontra", "bonus:1": "pagat"}
    side = {"bonus:1:side": "declarers"}
    record(client, code, tarockscore.Evening(evening).version(), **RUFER, **said, **side)
    page = client.get(f"/t/evening?code={code}&replace=1").text
    none = {}
    for key in said:
        radios = re.findall(
            rf'<input type="radio" name="{key}" value="([^"]*)"[^>]*><span>([^<]*)</span>', page
        )
        none[key] = next(value for value, label in radios if label in ("none", "no more"))
    for n, (key, dropped) in enumerate(none.items()):
        form = {"code": code, "expected": tarockscore.Evening(evening).version(), "request": f"r{n}"}
        form |= {"action": "record", "number": "1", **RUFER, **said, **side, key: dropped}
        answer = client.post("/t/evening/hand", data=form, headers=JSON)
        assert answer.status_code == 200, answer.text
        hand = tarockscore.Evening(evening).sheet().hands[0].hand
        assert (hand.kontra, [b.name for b in hand.bonuses]) == (
            (None, ["pagat"]) if key == "kontra" else ("kontra", [])
        ), hand


@pytest.mark.parametrize("lang", ["en", "de"])
def test_card_points_with_blatt_are_not_broken_across_lines_on_a_phone(evening: Path, lang: str) -> None:
    """At 360 pixels "needed 35 2/3" broke after the 35, and the phone read "needed 35": card
    points with their Blatt stay on one line in the explanation and in the arithmetic before Record."""
    cli("record", "-l", str(evening), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "29/1")
    client, site = client_of(evening)
    shown = client.get(f"/t/evening/explain/1?lang={lang}").text
    assert "29\u00a01/3" in shown and "35\u00a02/3" in shown and "35 2/3" not in shown
    form = {"code": site.code("evening"), "expected": tarockscore.Evening(evening).version(), "request": "p"}
    form |= {"action": "preview", **RUFER, "card_points": "35", "blatt:card_points": "2"}
    preview = client.post(f"/t/evening/hand?lang={lang}", data=form, headers=JSON).json()
    said = " ".join(v for k, v in preview.items() if isinstance(v, str) and "<" in v)  # its HTML
    assert "35\u00a02/3" in said and "35 2/3" not in said, preview.keys()


@pytest.fixture
def vienna(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The laptop's clock in Vienna (UTC+1 in December)."""
    monkeypatch.setenv("TZ", "Europe/Vienna")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(
    ("lang", "recorded", "changed"),
    [("en", "2026-12-06 00:54", "2026-12-06 00:58"), ("de", "06.12.2026 00:54", "06.12.2026 00:58")],
)
def test_the_explanation_says_its_times_as_the_laptops_clock_and_show_do(
    evening: Path, vienna: None, lang: str, recorded: str, changed: str
) -> None:
    """A dispute holds the phone's explanation against `show` and `explain` on the laptop: a hand
    recorded at 23:54:40 UTC and replaced at 23:58:10 UTC (stored with their offset) is 00:54 and
    00:58 of the 6th on the laptop's clock in Vienna, on the page as on the command line, whatever
    zone the ledger was written in or the phone is set to (the page is made on the laptop)."""
    table = tarockscore.Evening(evening)
    hand: HandInput = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "40"}
    table.record(hand, at="2026-12-05T23:54:40+00:00")
    table.replace(1, {**hand, "card_points": "30"}, at="2026-12-05T23:58:10+00:00")
    client, _site = client_of(evening)
    shown = explanation(client.get(f"/t/evening/explain/1?lang={lang}").text).replace("\u00a0", " ")
    printed = unfolded(cli("--lang", lang, "explain", "1", "-l", str(evening)))  # as the phone: lines whole
    history = shown.split("\n\n")[-1].splitlines()
    assert history[1].endswith(recorded) and recorded in shown.splitlines()[1]
    assert history[2].startswith(f"{'audit' if lang == 'en' else 'Protokoll'} {changed}: ")
    # the page names the contract as its sheet does, a terminal by the key it is typed with
    said = printed.rstrip("\n").split("\n\n")[-1].replace("rufer by", "Rufer by")
    assert history == said.splitlines()
    assert changed in cli("--lang", lang, "show", "-l", str(evening))


def test_each_page_leads_to_itself_in_the_other_language(evening: Path) -> None:
    """A phone set to another language (French: the page answers in English) had no way to the
    German page but typing `?lang=de` into the address: each page links to itself in the other
    language, named in its own words, keeping the table's code and the hand being replaced."""
    cli("record", "-l", str(evening), *RUFER_CLI)
    client, site = client_of(evening)
    code = site.code("evening")
    french = {"Accept-Language": "fr-FR"}
    for address, english, german in [
        (f"/t/evening?code={code}", "English", "Deutsch"),
        (f"/t/evening?code={code}&replace=1", "English", "Deutsch"),
        ("/t/evening/explain/1", "English", "Deutsch"),
        ("/board", "English", "Deutsch"),
        ("/", "English", "Deutsch"),  # the list of tables too
    ]:
        shown = client.get(address, headers=french).text
        path, _, query = address.partition("?")
        other = dict(p.split("=") for p in query.split("&") if p) | {"lang": "de"}
        assert (
            f'<a class="board-link" lang="de" href="{html.escape(path + "?" + urlencode(other))}">{german}</a>'
            in shown
        )
        assert english not in re.sub(r"<script.*?</script>", "", shown, flags=re.S)
        shown = client.get(address + ("&" if query else "?") + "lang=de").text
        other["lang"] = "en"
        assert (
            f'<a class="board-link" lang="en" href="{html.escape(path + "?" + urlencode(other))}">{english}</a>'
            in shown
        )
        assert german not in shown


def test_a_revoke_is_entered_on_the_phone_as_record_renonce_records_it(evening: Path, twin: Path) -> None:
    # Rufer 1 [STC-TB] by Anna with Cilli; Bert, a Defender, revokes: renonce.rule = "side_loses"
    # (koenigrufen, D28 [PAGAT]): the defenders lose the contract whatever the cards, the Rufer to
    # Anna and to Cilli, 0.10 a point.
    client, site = client_of(evening)
    code = site.code("evening")
    page = client.get(f"/t/evening?code={code}").text
    # folded ("Renonce…"), "none" checked: an ordinary hand sends it without a tap
    folded = re.search(r'<details class="quiet" data-key="renonce"[^>]*><summary>Renonce…</summary>', page)
    assert folded is not None and " open" not in folded.group()
    assert '<input type="radio" name="renonce" value="=none" checked>' in page
    revoked = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "renonce": "Bert"}
    fields = client.post("/t/evening/fields", data=revoked).text
    assert '<details class="quiet" data-key="renonce"' in fields and "open><summary>" in fields
    assert '<input type="radio" name="renonce" value="Bert" checked>' in fields
    assert "<legend>Renonce: who revoked?</legend>" in fields
    assert 'name="card_points"' not in fields  # the revoke decides the hand, not the cards
    # without script: the form posted, the arithmetic shown, then recorded
    version = tarockscore.Evening(evening).version()
    shown = client.post("/t/evening/hand", data={"code": code, "expected": version, **revoked})
    assert shown.status_code == 200 and "Renonce by Bert" in shown.text
    done = client.post(
        "/t/evening/hand",
        data={"code": code, "expected": version, "request": "r1", "action": "record", **revoked},
    )
    assert done.status_code == 303
    cli("record", "--ledger", str(twin), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "--renonce", "Bert")
    assert results(evening) == results(twin)
    assert tarockscore.Evening(evening).ledger.hands[0].result.victory_points == {
        "Anna": 1, "Bert": 0, "Cilli": 1, "<b>Dani</b>": 0,
    }  # fmt: skip
    german = client.post("/t/evening/fields?lang=de", data=revoked).text
    assert (
        "<summary>Renonce…</summary>" in german and "<legend>Renonce: Wer hat renonciert?</legend>" in german
    )


def test_a_radl_is_set_and_struck_on_the_tables_page_as_radl_add_and_strike_do(
    evening: Path, twin: Path
) -> None:
    # koenigrufen: radl.hands 4, radl.factor 2 (one round at four, each hand doubled). A Radl set
    # before the first hand: 4 doubled hands pending; one struck: 3; the next hand counts ×2.
    client, site = client_of(evening)
    code = site.code("evening")
    page = client.get(f"/t/evening?code={code}").text
    assert '<details class="radl" id="radl">' in page
    assert 'action="/t/evening/radl"' in page and 'name="hands"' in page and "/t/evening/strike" not in page
    version = tarockscore.Evening(evening).version()
    form = {"code": code, "expected": version, "request": "r1", "hands": ""}
    done = client.post("/t/evening/radl", data=form)
    assert done.status_code == 303 and "done=radl" in done.headers["location"]
    shown = client.get(done.headers["location"]).text
    assert "Radl set on the sheet before the first hand: 4 more hands ×2; 4 pending" in shown
    assert "Radl: this hand counts ×2" in shown and "/t/evening/strike" in shown
    # the same request sent again sets nothing twice
    assert client.post("/t/evening/radl", data=form).status_code == 303
    version = tarockscore.Evening(evening).version()
    struck = client.post(
        "/t/evening/strike",
        data={"code": code, "expected": version, "request": "r2", "hands": "1"},
        headers=JSON,
    )
    assert struck.status_code == 200, struck.text
    assert (
        struck.json()["said"]
        == "Radl struck on the sheet before the first hand: 1 doubled hand fewer; 3 pending"
    )
    cli("radl", "add", "--ledger", str(twin))
    cli("radl", "strike", "--ledger", str(twin))
    marks = [[(m.after, m.hands) for m in tarockscore.Evening(p).ledger.radl] for p in (evening, twin)]
    assert marks[0] == marks[1] == [(0, 4), (0, -1)]
    # a count that is no number, or a sheet moved since: nothing written, said in the players' words
    version = tarockscore.Evening(evening).version()
    wrong = client.post(
        "/t/evening/radl",
        data={"code": code, "expected": version, "request": "r3", "hands": "x"},
        headers=JSON,
    )
    assert wrong.status_code == 422
    assert wrong.json()["problems"][0]["message"] == (
        "doubled hands: 'x' is not a number of hands; write it in digits, 1 or more, e.g. 4"
    )
    # the page without script: the reason under its box too, where the thumb is (the notice heads
    # the page, far above the panel on a phone), in the page's language
    for lang, reason in (
        ("en", "'x' is not a number of hands; write it in digits, 1 or more, e.g. 4"),
        ("de", "'x' ist keine Anzahl von Spielen; in Ziffern schreiben, 1 oder mehr, etwa 4"),
    ):
        form = {"code": code, "expected": version, "request": "r3", "hands": "x"}
        page = html.unescape(client.post(f"/t/evening/radl?lang={lang}", data=form).text)
        assert re.search(
            r'<textarea name="hands"[^>]*>x</textarea></label><span class="error">' + re.escape(reason), page
        )
    # a count past one Radl is said so, with the range, as `radl add 5000` says it, not "no number"
    # (docs/rules/koenigrufen.md §8: a Radl is one round of doubled hands, `hands = 4`)
    for lang, reason in (
        ("en", "5000: a Radl is one round of doubled hands, 1 to 4 at this table"),
        ("de", "5000: ein Radl ist eine Runde doppelter Spiele, an diesem Tisch 1 bis 4"),
    ):
        many = {"code": code, "expected": version, "request": "r6", "hands": "5000"}
        answer = client.post(f"/t/evening/radl?lang={lang}", data=many, headers=JSON)
        assert answer.status_code == 422
        said = answer.json()["problems"][0]["message"]
        label = "doubled hands" if lang == "en" else "doppelte Spiele"
        assert said.startswith(f"{label}: {reason} ("), said
    # a count pasted at length is quoted by its start and its length, as a card point count is,
    # and its box (which takes no more) comes back with its first 40 characters, not 60,000
    for what, field in (("radl", "hands"), ("strike", "strike")):
        long = {"code": code, "expected": version, "request": "r5", field: "9" * 60_000}
        wrong = client.post(f"/t/evening/{what}", data=long, headers=JSON)
        assert wrong.status_code == 422
        assert wrong.json()["problems"][0]["message"].endswith(
            ": '99999999999999999999'… (60000 characters) is not a number of hands; its box keeps"
            " the first 40 characters: write it in digits, 1 or more, e.g. 4"
        )
        page = client.post(f"/t/evening/{what}", data=long).text
        box = re.search(f'<textarea name="{field}"[^>]*>([^<]*)</textarea>', page)
        assert box is not None and box.group(1) == "9" * 40 and 'maxlength="40"' in box.group(0)
        assert len(page) < 60_000
    stale = client.post(
        "/t/evening/radl?lang=de", data={"code": code, "expected": "0" * 12, "request": "r4"}, headers=JSON
    )
    assert stale.status_code == 409
    assert stale.json()["problems"][0]["message"].startswith(
        "die Schrift hat sich geändert, seit diese Seite gelesen wurde: kein Radl wurde gesetzt"
    )
    assert len(tarockscore.Evening(evening).ledger.radl) == 2


def test_a_radl_count_in_a_phone_keyboards_digits_is_read_as_card_points_are(evening: Path) -> None:
    """A phone's keyboard may give full-width or Arabic-Indic digits ("４", "٣"): the card points
    read them (docs/serve.md), the Radl's count refused them as "no number of hands". A Radl of 4
    (koenigrufen: ×2), then 3 of its doubled hands struck: 1 pending."""
    client, site = client_of(evening)
    code = site.code("evening")
    for what, count, request in (("radl", "\uff14", "r1"), ("strike", "\u0663", "r2")):
        form = {"code": code, "expected": tarockscore.Evening(evening).version(), "request": request}
        done = client.post(f"/t/evening/{what}", data={**form, "hands": count}, headers=JSON)
        assert done.status_code == 200, done.text
    assert [(m.after, m.hands) for m in tarockscore.Evening(evening).ledger.radl] == [(0, 4), (0, -3)]
    assert (
        done.json()["said"]
        == "Radl struck on the sheet before the first hand: 3 doubled hands fewer; 1 pending"
    )


def test_a_table_that_has_played_its_games_says_the_radl_still_owed_as_radl_add_does(
    tmp_path: Path,
) -> None:
    # ooe-2023 inherits radl.hands 4: a Radl set after the table's one game owes 4 doubled hands
    # (none can be played any more), and the page says so as `radl add` does, and offers the strike
    day = tmp_path / "day"
    cli("tournament", "new", str(day), "--players", "A,B,C,D", "--rounds", "1", "--games", "1",
        "--games-five", "1", "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(day), "--round", "1", "--seed", "1")
    client, site = client_of(day)
    [place] = site.places()
    cli("record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[0], "--won")
    code = site.code(place.key)
    form = {"code": code, "expected": place.evening.version(), "request": "r1", "hands": ""}
    done = client.post(f"/t/{place.key}/radl", data=form)
    assert done.status_code == 303
    shown = client.get(done.headers["location"]).text
    assert "Radl set on the sheet after hand 1: 4 more hands ×2; 4 pending" in shown
    assert f"/t/{place.key}/strike" in shown
    assert "4 pending" in place.evening.ledger.audit[-1].detail
    form = {"code": code, "expected": place.evening.version(), "request": "r2", "hands": "1"}
    struck = client.post(f"/t/{place.key}/strike", data=form, headers=JSON)
    assert struck.json()["said"] == "Radl struck on the sheet after hand 1: 1 doubled hand fewer; 3 pending"
    form = {"code": code, "expected": place.evening.version(), "request": "r3", "hands": "2"}
    struck = client.post(f"/t/{place.key}/strike?lang=de", data=form, headers=JSON)
    assert (
        struck.json()["said"]
        == "Radl in der Schrift gestrichen nach Spiel 1: 2 doppelte Spiele weniger; 1 offen"
    )


def test_players_named_none_and_talon_each_have_their_own_button(tmp_path: Path) -> None:
    # "none" and "talon" are names like any other: the form's "none" under Renonce… and "in the
    # talon" under Partner must not send what the players' buttons send, and each is chosen alone
    path = new_evening(tmp_path / "words.toml", ("Anna", "Bert", "none", "talon"))
    client, site = client_of(path)
    page = client.get(f"/t/evening?code={site.code('evening')}").text
    renonce = re.findall(r'name="renonce" value="([^"]*)"', page)
    assert len(set(renonce)) == len(renonce) == 5 and page.count('name="renonce" value="none" checked') == 0
    asked = {"contract": "rufer", "declarer": "Anna", "partner": "talon"}
    fields = client.post("/t/evening/fields", data=asked).text
    partners = re.findall(r'name="partner" value="([^"]*)"', fields)
    assert len(set(partners)) == len(partners) == 4 and 'name="partner" value="talon" checked' in fields
    sent = dict(re.findall(r'name="(partner|renonce)" value="([^"]*)" checked', fields))
    version = tarockscore.Evening(path).version()
    done = record(client, site.code("evening"), version, **asked, renonce=sent["renonce"], card_points="40")
    assert done.status_code == 200, done.text
    hand = tarockscore.Evening(path).ledger.hands[0].hand
    assert hand.partner == "talon" and hand.called_king is None and hand.renonce is None


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "a Valat made by the declarers takes every trick, so the declarers win the game; the card "
            "points given, 20, say they lost it (the declarer side needs 35 2/3)",
        ),
        (
            "de",
            "ein Valat der Spielerseite macht jeden Stich, also gewinnt die Spielerseite das Spiel; die "
            "angegebenen Kartenpunkte, 20, sagen, sie hat es verloren (die Spielerseite braucht 35 2/3)",
        ),
    ],
)
def test_a_valat_refused_on_the_phone_names_the_card_points_as_the_form_does(
    evening: Path, lang: str, said: str
) -> None:
    # a silent Valat made by Anna and Cilli takes every trick (70), yet 20 card points are given: a
    # Rufer needs 35 2/3 of 70 (koenigrufen): refused, the card points named as the form names them,
    # not by the hand file's key (card_points)
    client, site = client_of(evening)
    hand = RUFER | {"card_points": "20", "extras": "y", "bonus:1": "valat", "bonus:1:announced": "n"}
    hand |= {"bonus:1:side": "declarers", "bonus:1:made": "y"}
    version = tarockscore.Evening(evening).version()
    form = {"code": site.code("evening"), "expected": version, **hand}
    shown = client.post(f"/t/evening/hand?lang={lang}", data=form)
    assert shown.status_code == 422
    assert said in html.unescape(shown.text) and "card_points 20" not in shown.text


@pytest.mark.parametrize("action", ["preview", "record"])
def test_a_bonus_refused_is_named_by_its_field_whether_previewed_or_recorded_straight(
    evening: Path, action: str
) -> None:
    # a Valat made by the declarers takes all 70 card points, yet 30 are given (a Rufer needs
    # 35 2/3, docs/rules/koenigrufen.md): refused at the bonus's field, "bonus:2" as the form
    # names it, never the hand file's place ("bonus[1]"), and nothing written
    client, site = client_of(evening)
    hand = RUFER | {"card_points": "30", "bonus:1": "pagat", "bonus:1:side": "declarers", "bonus:1:made": "n"}
    hand |= {"bonus:2": "valat"}
    hand |= {"bonus:2:side": "declarers", "bonus:2:announced": "n", "bonus:2:made": "y"}
    version = tarockscore.Evening(evening).version()
    form = {"code": site.code("evening"), "expected": version, "request": "k", "action": action, **hand}
    answer = client.post("/t/evening/hand", data=form, headers=JSON)
    assert answer.status_code == 422
    assert [p["where"] for p in answer.json()["problems"]] == ["bonus:2"]
    assert results(evening) == []
