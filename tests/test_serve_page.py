"""The table page of ``tarockscore serve`` over HTTP (Starlette's TestClient): the form's fields,
card points as Points and Blatt, the players' names, the arithmetic's columns, the page's parts
that follow the sheet, and what a change without script leads back to (``?done=KIND&hand=N``)."""

from __future__ import annotations

import html
import re
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app

with warnings.catch_warnings():  # Starlette would rather have httpx's successor; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tarockscore.web.app import make_app
from tarockscore.web.site import Site

runner = CliRunner()
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
JSON = {"Accept": "application/json"}
RUFER = {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": "40"}


def cli(*args: str) -> None:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(path))
    return path


class Table:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.site = Site(path)
        self.client = TestClient(make_app(self.site), follow_redirects=False)
        self.code = self.site.code("evening")
        self.sent = 0

    def version(self) -> str:
        return tarockscore.Evening(self.path).version()

    def page(self, query: str = "", lang: str = "en") -> str:
        answer = self.client.get(f"/t/evening?code={self.code}&lang={lang}{query}")
        assert answer.status_code == 200
        return str(answer.text)

    def post(self, what: str, **form: str) -> Any:
        """A form posted as a page without script posts it."""
        return self.client.post(f"/t/evening/{what}", data=self.sent_with(form))

    def ask(self, what: str, **form: str) -> Any:
        """A form posted as the page's script posts it, answered in JSON."""
        return self.client.post(f"/t/evening/{what}", data=self.sent_with(form), headers=JSON)

    def sent_with(self, form: dict[str, str]) -> dict[str, str]:
        self.sent += 1  # each write a request of its own
        return {"code": self.code, "expected": self.version(), "request": f"request-{self.sent}", **form}

    def hands(self) -> list[Any]:
        return [e.hand for e in tarockscore.Evening(self.path).ledger.hands]


def done_of(answer: Any) -> dict[str, list[str]]:
    assert answer.status_code == 303
    return parse_qs(urlsplit(answer.headers["location"]).query)


def test_a_write_without_script_leads_back_with_what_was_done_and_the_page_says_it(evening: Path) -> None:
    t = Table(evening)
    assert done_of(t.post("hand", action="record", **RUFER))["done"] == ["recorded"]
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Cilli", "-t", "30")
    back = done_of(t.post("undo"))
    assert (back["done"], back["hand"]) == (["undone"], ["3"])  # the last hand, taken back
    gone = done_of(t.post("delete", number="1"))
    assert (gone["done"], gone["hand"]) == (["deleted"], ["1"])
    replaced = done_of(
        t.post("hand", action="record", number="1", contract="dreier", declarer="Bert", card_points="30")
    )
    assert (replaced["done"], replaced["hand"]) == (["replaced"], ["1"])
    page = t.page("&done=replaced&hand=1")
    assert "Hand 1 is replaced." in page and "Dreier by Bert, lost" in page
    assert "Spiel 1 ist ersetzt." in t.page("&done=replaced&hand=1", lang="de")


def test_done_carries_no_text_of_the_client(evening: Path) -> None:
    t = Table(evening)
    for query in (
        "&done=Hacked: pay Bert",
        "&done=<b>x</b>&hand=1",
        "&done=recorded",
        "&done=recorded&hand=²",
    ):
        page = t.page(query)
        assert 'class="notice' not in page
        assert "Hacked" not in page and "<b>x</b>" not in page


def test_done_says_nothing_of_a_hand_the_sheet_and_its_trail_do_not_bear_out(evening: Path) -> None:
    """An address kept or typed (a bookmark, a link sent on) said "Hand 999 is recorded." of a
    hand that does not exist, and "Hand 2 is taken back." where nothing was taken back."""
    t = Table(evening)
    assert done_of(t.post("hand", action="record", **RUFER))["done"] == ["recorded"]
    for query in (
        "&done=recorded&hand=999",
        "&done=replaced&hand=2",
        "&done=dealt&hand=0",
        "&done=undone&hand=2",
    ):
        page = t.page(query)
        assert 'class="notice' not in page, query
        assert t.client.get(f"/t/evening?code={t.code}&part=live{query}").json()["notice"] == "", query
    assert "Hand 1 is recorded." in t.page("&done=recorded&hand=1")
    assert done_of(t.post("undo"))["hand"] == ["1"]
    assert "Hand 1 is taken back." in t.page("&done=undone&hand=1")
    assert 'class="notice' not in t.page("&done=deleted&hand=1")


def test_done_says_a_deal_a_replacement_or_a_radl_only_where_the_trail_bears_it_out(evening: Path) -> None:
    """An address kept or typed said "The deal of hand 1 is corrected." and "Hand 1 is replaced."
    of a hand never corrected, and "Radl set on the sheet after hand 2" of a Radl set after hand 1:
    each is said only where the audit trail has that correction, a Radl while its mark follows
    the sheet's last hand (the hand the address names)."""
    t = Table(evening)
    assert done_of(t.post("hand", action="record", **RUFER))["done"] == ["recorded"]
    cli("radl", "add", "--ledger", str(evening))
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
    for query in ("&done=dealt&hand=1", "&done=replaced&hand=1", "&done=radl&hand=1", "&done=radl&hand=2"):
        assert 'class="notice' not in t.page(query), query
        assert t.client.get(f"/t/evening?code={t.code}&part=live{query}").json()["notice"] == "", query
    radl = done_of(t.post("radl"))
    assert (radl["done"], radl["hand"]) == (["radl"], ["2"])
    assert "Radl set on the sheet after hand 2" in t.page("&done=radl&hand=2")
    dealt = done_of(t.post("deal", number="1", dealer="Bert"))
    assert (dealt["done"], dealt["hand"]) == (["dealt"], ["1"])
    assert "The deal of hand 1 is corrected." in t.page("&done=dealt&hand=1")
    assert 'class="notice' not in t.page("&done=replaced&hand=2")


def test_a_take_back_or_a_replacement_says_what_became_of_a_radl_struck_as_the_command_line_does(
    tmp_path: Path,
) -> None:
    """A Trischaken arms a Radl of 4 doubled hands under a house table's radl.events (the profile's
    radl.hands); 2 of them struck after it. Replaced by a Call from the phone, it arms none, so the
    strike strikes nothing: the page says so as `replace` does. The Call taken back from the phone:
    the strike stays struck, now after hand 1, as `undo` says it (tests/test_cli_ledger.py)."""
    profile = tmp_path / "radl.toml"
    profile.write_text('extends = "koenigrufen"\nname = "radl"\n[radl]\nevents = ["trischaken"]\n', "utf-8")
    path = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "-P", str(profile), "--ledger", str(path))
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    dodge = ["-c", "trischaken", "-t", "Anna=20", "-t", "Bert=30", "-t", "Cilli=10", "-t", "Dani=10"]
    cli("record", "--ledger", str(path), *dodge)
    cli("radl", "strike", "2", "--ledger", str(path))
    t = Table(path)
    replaced = t.post("hand", action="record", number="2", **RUFER)
    page = t.client.get(replaced.headers["location"]).text
    assert "the Radl struck on the sheet after hand 2 now strikes nothing where it struck 2" in page, page
    undone = t.post("undo")
    page = t.client.get(undone.headers["location"]).text
    assert "the Radl struck on the sheet after hand 2 stays struck, now after hand 1" in page
    german = t.client.get(undone.headers["location"] + "&lang=de").text
    assert (
        "das in der Schrift Gestrichene des Radls nach Spiel 2 bleibt gestrichen, jetzt nach Spiel 1"
        in german
    )


def test_a_radl_count_refused_or_sent_on_a_moved_sheet_stays_typed_without_script(evening: Path) -> None:
    """A count refused, or sent from a page whose sheet has moved since, comes back in the Radl's
    panel, open, as typed: to be put right, or sent again once the sheet is checked."""
    t = Table(evening)
    for expected, count, status in ((t.version(), "3x", 422), ("0" * 12, "3", 409)):
        form = {"code": t.code, "expected": expected, "request": f"radl-{count}", "hands": count}
        answer = t.client.post("/t/evening/radl", data=form)
        assert answer.status_code == status
        assert '<details class="radl" id="radl" open>' in answer.text
        assert f">{count}</textarea>" in answer.text
    assert not tarockscore.Evening(evening).ledger.radl


def test_a_hand_to_replace_that_was_never_on_the_sheet_is_not_said_to_be_taken_back(evening: Path) -> None:
    """`?replace=999`, an address typed or kept, said "hand 999 is no longer on the sheet (taken
    back or deleted)" of a hand that never was, and `?replace=0` nothing at all, with no form; a
    hand taken back is still said to be."""
    t = Table(evening)
    assert done_of(t.post("hand", action="record", **RUFER))["done"] == ["recorded"]
    page = t.page("&replace=999")
    assert "there is no hand 999 on the sheet: there is nothing to replace" in page
    assert "no longer on the sheet" not in page and "Enter the next hand" in page
    assert "in der Schrift gibt es kein Spiel 999" in t.page("&replace=999", lang="de")
    # `?replace=0` (a thumb on 0 of "10") showed neither a form nor why
    zero = t.page("&replace=0")
    assert "there is no hand 0 on the sheet: there is nothing to replace" in zero
    assert "Enter the next hand" in zero
    assert done_of(t.post("undo"))["done"] == ["undone"]
    assert "hand 1 is no longer on the sheet (taken back or deleted)" in t.page("&replace=1")


def test_the_fields_never_show_an_error_while_answering(evening: Path) -> None:
    t = Table(evening)
    for form in (
        {"contract": ""},
        {"contract": "rufer", "declarer": "", "partner": ""},
        {**RUFER, "card_points": "80"},
        # a Blatt mistyped (they are 0, 1 or 2): the Kontra and the Pagat tapped stay on the page
        {**RUFER, "card_points": "35", "blatt:card_points": "3", "kontra": "kontra", "bonus:1": "pagat"},
        {**RUFER, "card_points": "35", "blatt:card_points": "35 2/3"},
    ):
        fields = t.client.post("/t/evening/fields", data=form).text
        assert 'class="error"' not in fields and "'back'" not in fields
        # the Kontra and the bonus stay, whatever the card points say so far
        assert 'data-key="kontra"' in fields and 'data-key="bonus:1"' in fields
        assert ('value="kontra" checked' in fields) is ("kontra" in form)


def test_a_hand_sent_with_a_question_unanswered_is_refused_at_that_field_in_the_pages_words(
    evening: Path,
) -> None:
    t = Table(evening)
    answer = t.ask("hand", contract="rufer", declarer="Anna", card_points="40")
    assert answer.status_code == 422
    [problem] = answer.json()["problems"]
    assert problem["where"] == "partner"
    assert problem["message"] == "Partner (holder of the called card): an answer is needed here"
    page = t.post("hand", contract="rufer", declarer="Anna", card_points="40").text
    assert re.search(r'data-key="partner"[^>]*aria-describedby="f-partner-error"', page)
    assert "'back'" not in page and t.hands() == []


@pytest.mark.parametrize(
    ("points", "blatt", "expected"),
    [
        ("35", "2", Fraction(107, 3)),
        ("35", "", Fraction(35)),
        ("35", "0", Fraction(35)),
        ("40", "1", Fraction(121, 3)),
    ],
)
def test_card_points_as_points_and_blatt(evening: Path, points: str, blatt: str, expected: Fraction) -> None:
    """The score block's "35/2": 35 points and 2 Blatt, 35 2/3 (docs/hand-format.md)."""
    t = Table(evening)
    hand = {**RUFER, "card_points": points, "blatt:card_points": blatt}
    assert t.post("hand", action="record", **hand).status_code == 303
    assert t.hands()[0].card_points == expected


def test_the_blatt_fields_name_has_one_home() -> None:
    """The form names a Blatt field as the entry reads it ("blatt:card_points"): the prefix is
    defined once, by the entry, and the page takes it from the library's face."""
    package = Path(tarockscore.__file__).parent
    homes = sorted(
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if '"blatt:"' in path.read_text(encoding="utf-8")
    )
    assert homes == ["entry/answers.py"]
    assert tarockscore.BLATT_FIELD == "blatt:"
    # the box beside them for a word given instead (a Valat) likewise
    homes = sorted(
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if '"or:"' in path.read_text(encoding="utf-8")
    )
    assert homes == ["entry/answers.py"]
    assert tarockscore.OR_FIELD == "or:"


@pytest.mark.parametrize("typed", ["35,2", "35.2", "35 ,5"])
def test_a_decimal_is_no_card_point_count(evening: Path, typed: str) -> None:
    """The rules read "35 2/3", "35/2", "35 2" and whole numbers; a decimal point or comma means
    nothing in a score block (is "35.2" 35 and 2 Blatt, or 35.2 points?): refused, nothing written,
    and said in the form's fields, which the command line's forms ("35/2") are not."""
    t = Table(evening)
    answer = t.ask("hand", **{**RUFER, "card_points": typed})
    assert answer.status_code == 422
    [problem] = answer.json()["problems"]
    assert problem["where"] == "card_points" and problem["message"] == (
        f"Card points of Anna and Cilli (of 70): '{typed}' is not a card point count: a score block "
        "writes no decimals; the whole points go in Points, the Blatt (0 to 2) beside them"
    )
    german = t.client.post("/t/evening/hand?lang=de", data=t.sent_with({**RUFER, "card_points": typed}))
    assert "auf dem Schreibblock gibt es keine Kommazahlen; die ganzen Punkte kommen ins Feld Punkte" in (
        html.unescape(german.text)
    )
    assert t.hands() == []


def test_the_form_shows_points_and_blatt_on_the_number_keypad(evening: Path) -> None:
    page = Table(evening).page()
    for name in ("card_points", "blatt:card_points"):
        assert re.search(rf'<input type="text" inputmode="numeric"[^>]* name="{name}"', page)


def test_a_profile_without_thirds_asks_no_blatt(tmp_path: Path) -> None:
    path = tmp_path / "zwanziger.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "-P", "zwanzigerrufen", "--ledger", str(path))
    page = Table(path).page()
    assert 'name="card_points"' in page and "blatt:" not in page


def test_english_and_german_pages_name_contracts_and_bonuses_as_the_players_do(evening: Path) -> None:
    t = Table(evening)
    cli("record", "--ledger", str(evening), "-c", "piccolo_ouvert", "-d", "Cilli", "--won")
    english = t.page()
    for key, name in (
        ("piccolo_ouvert", "Piccolo Ouvert"),
        ("king_ultimo", "King Ultimo"),
        ("four_kings", "Four Kings"),
    ):
        assert f"<span>{name}</span>" in english
        assert f">{key}<" not in english
    assert "Piccolo Ouvert by Cilli, won" in english
    assert "<span>in the talon</span>" in english
    german = t.page(lang="de")
    assert "<span>König ultimo</span>" in german and "Piccolo ouvert von Cilli, gewonnen" in german
    assert "<span>im Talon</span>" in german


def test_the_arithmetic_names_the_players_in_the_sheets_order(tmp_path: Path) -> None:
    """Hand 2 at Anna, Bert, Cilli, Dani: Anna deals, Bert is Forehand. Its arithmetic names the
    players in the order of the sheet's columns and totals (the seats), not the deal's (Bert
    first): a Rufer of Bert with Dani lost with Kontra, 1 × 2 = 2 to each Defender, Anna and Cilli.
    At five, the dealer sitting out is not named. A name and its points are held together by a
    no-break space, as the phone's narrow column wraps the line."""
    for players, expected, won in (
        (
            "Anna,Bert,Cilli,Dani",
            [("Anna", "+2"), ("Bert", "0"), ("Cilli", "+2"), ("Dani", "0")],
            "won by Anna, Cilli: Anna\u00a0+2, Cilli\u00a0+2",
        ),
        # at five Edi deals hand 1, Anna hand 2 and sits out; Bert is Forehand
        (
            "Anna,Bert,Cilli,Dani,Edi",
            [("Bert", "0"), ("Cilli", "+2"), ("Dani", "0"), ("Edi", "+2")],
            "won by Cilli, Edi: Cilli\u00a0+2, Edi\u00a0+2",
        ),
    ):
        path = tmp_path / f"{len(players)}.toml"
        cli("new", "-p", players, "--ledger", str(path))
        cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Cilli", "-t", "40")
        t = Table(path)
        answer = t.ask(
            "hand", contract="rufer", declarer="Bert", partner="Dani", card_points="30", kontra="kontra"
        )
        assert answer.status_code == 200, answer.text
        shown = answer.json()["html"]
        totals = shown[shown.index('<table class="totals">') :]
        rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td></tr>", totals)
        assert rows == expected
        assert won in html.unescape(shown)


def test_the_arithmetic_has_the_stake_column_where_kontra_counts_in_the_payout_only(tmp_path: Path) -> None:
    """ooe-2023: a Kontra doubles the payout, not the score sheet; the preview shows both, as
    ``score`` does: Rufer 1, ×2 Kontra, value 1, stake 2."""
    path = tmp_path / "linz.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "-P", "ooe-2023", "--ledger", str(path))
    t = Table(path)
    html = t.ask("hand", **RUFER, kontra="kontra").json()["html"]
    assert "<th>stake</th>" in html
    assert re.search("<td>1</td><td>×2\u00a0Kontra on the contract</td><td>1</td><td>2</td>", html)


def test_the_replaced_hand_is_shown_filled_in_and_named(evening: Path) -> None:
    cli(
        "record",
        "--ledger",
        str(evening),
        "-c",
        "rufer",
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "35 2/3",
        "-k",
        "kontra",
    )
    page = Table(evening).page("&replace=1")
    assert "Replace hand 1" in page and "on the sheet now: Rufer by Anna with Cilli, Kontra, won" in page
    for name, value in (
        ("contract", "rufer"),
        ("declarer", "Anna"),
        ("partner", "Cilli"),
        ("kontra", "kontra"),
    ):
        assert f'name="{name}" value="{value}" checked' in page, name
    assert 'name="card_points" value="35"' in page and 'name="blatt:card_points" value="2"' in page
    assert '<input type="hidden" name="number" value="1">' in page


def test_the_live_parts_follow_the_sheet(evening: Path) -> None:
    t = Table(evening)
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Anna", "-t", "40")
    live = t.client.get(f"/t/evening?code={t.code}&part=live&done=recorded&hand=1").json()
    assert live["version"] == t.version() and live["number"] == 2
    assert "Hand 2" in live["head"] and "Anna deals, Bert is Forehand" in live["head"]
    assert "Take back hand 1" in live["corrections"] and "Dreier by Anna, won" in live["sheet"]
    assert "Hand 1 is recorded." in live["notice"]
    reading = t.client.get("/t/evening?part=live").json()  # no code: the sheet, no form
    assert reading["head"] == "" and reading["corrections"] == "" and reading["number"] is None


def test_no_two_elements_of_a_form_share_an_id(tmp_path: Path) -> None:
    # a label and a script find a field by its id: each id once on the page
    path = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "--ledger", str(path))
    site = Site(path)
    client = TestClient(make_app(site))
    page = client.get(f"/t/evening?code={site.code('evening')}").text
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert ids and len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def partners_offered(html: str) -> list[str]:
    box = re.search(r'<fieldset[^>]*data-key="partner".*?</fieldset>', html, re.S)
    assert box is not None, "no partner field"
    return re.findall(r'name="partner" value="([^"]+)"', box.group(0))


def test_a_page_without_script_offers_every_player_as_the_partner_before_the_declarer_is_chosen(
    evening: Path,
) -> None:
    """Without script the whole hand's fields come at once: the partner's row is there before the
    declarer is chosen, and it must let any player be the partner (Bert plays with Anna, the first
    seat), not only those beside the first seat."""
    t = Table(evening)
    assert partners_offered(t.page())[:4] == ["Anna", "Bert", "Cilli", "Dani"]
    fields = t.client.post("/t/evening/fields", data={"contract": "rufer"}).text
    assert partners_offered(fields)[:4] == ["Anna", "Bert", "Cilli", "Dani"]
    # once the declarer is given, the declarer is no longer offered as the partner
    chosen = t.client.post("/t/evening/fields", data={"contract": "rufer", "declarer": "Bert"}).text
    assert partners_offered(chosen)[:3] == ["Anna", "Cilli", "Dani"]
    # the hand the page now allows: recorded as given
    assert done_of(
        t.post("hand", action="record", contract="rufer", declarer="Bert", partner="Anna", card_points="40")
    )["done"] == ["recorded"]
    assert t.hands()[0].partner == "Anna"


def test_the_arithmetic_on_a_sheet_that_moved_is_answered_as_its_record_would_be(evening: Path) -> None:
    """A hand shown on a sheet the ledger has since left: no arithmetic of "hand 2" for a hand
    entered as hand 1; the same 409 that recording it would get, and nothing written."""
    t = Table(evening)
    before = t.version()
    cli("record", "--ledger", str(evening), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    form = {"code": t.code, "expected": before, "action": "preview", **RUFER}
    same = t.client.post("/t/evening/hand", data=form, headers=JSON)
    assert same.status_code == 409
    assert (same.json()["error"], same.json()["number"]) == ("already_on_sheet", 1)
    assert same.json()["version"] == t.version()
    other = {**form, "contract": "dreier", "declarer": "Bert", "partner": "", "card_points": "40"}
    moved = t.client.post("/t/evening/hand", data=other, headers=JSON)
    assert (moved.status_code, moved.json()["error"]) == (409, "changed")
    assert len(t.hands()) == 1
    # without script: back to the table's page that says the hand is there; or the form again,
    # with the answers, on the sheet as it is now
    back = done_of(t.client.post("/t/evening/hand", data=form))
    assert (back["done"], back["hand"], back["expected"]) == (["already"], ["1"], [before])
    assert "This hand is already on the sheet as hand 1" in t.page(f"&done=already&hand=1&expected={before}")
    # an address kept or typed, without the sheet the hand was entered on, or on the sheet that
    # already had hand 1, says nothing: nothing bears out that a hand of this phone's was refused
    for query in ("&done=already&hand=1", f"&done=already&hand=1&expected={t.version()}"):
        assert 'class="notice' not in t.page(query), query
        assert t.client.get(f"/t/evening?code={t.code}&part=live{query}").json()["notice"] == "", query
    again = t.client.post("/t/evening/hand", data=other)
    assert again.status_code == 409 and "the sheet has changed" in again.text
    assert f'name="expected" value="{t.version()}"' in again.text
    assert re.search(r'value="Bert" checked', again.text) and "Hand 2" in again.text
    # on the sheet as it is, the arithmetic is shown as before
    fresh = t.client.post("/t/evening/hand", data={**other, "expected": t.version()}, headers=JSON)
    assert fresh.status_code == 200 and fresh.json()["number"] == 2
    assert len(t.hands()) == 1


@pytest.mark.parametrize(
    ("lang", "line"),
    [("en", "Dreier by Anna, won, Radl\u00a0×2"), ("de", "Dreier von Anna, gewonnen, Radl\u00a0×2")],
)
def test_a_radl_hand_on_the_sheet_names_its_factor_once(evening: Path, lang: str, line: str) -> None:
    """A hand of a Radl set with `radl add` counts ×2 (the profile's radl.factor); the sheet's line
    says so once, as `show` does, not "Radl ×2 ×2", and keeps it on one line (at 360 px "×2" stood
    alone below the line)."""
    cli("radl", "add", "--ledger", str(evening))
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Anna", "-t", "40")
    sheet = Table(evening).client.get(f"/t/evening?part=live&lang={lang}").json()["sheet"]
    rows = re.findall(
        r'<td class="no" rowspan="2">1</td><td class="what" colspan="4"><a href="[^"]*">([^<]*)</a></td>',
        sheet,
    )
    assert rows == [line]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Radl: this hand counts ×2"), ("de", "Radl: dieses Spiel zählt ×2")]
)
def test_the_form_of_a_radl_hand_says_it_counts_double(evening: Path, lang: str, said: str) -> None:
    """A Radl set with `radl add` at a table of four doubles the next four hands (the profile's
    radl.factor 2): the form of each says so above the answers, as the arithmetic does; the fifth
    hand's does not; a doubled hand replaced keeps its factor."""
    cli("radl", "add", "--ledger", str(evening))
    t = Table(evening)

    def head(query: str = "") -> str:
        found = re.search(r'<div id="hand-head">(.*?)</div>', t.page(query, lang), re.S)
        assert found is not None
        return found.group(1)

    assert said in head()
    assert said in t.client.get(f"/t/evening?part=live&code={t.code}&lang={lang}").json()["head"]
    for _ in range(4):
        cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Anna", "-t", "40")
    assert "Radl" not in head()
    assert said in head("&replace=4")


@pytest.mark.parametrize(
    ("lang", "none", "no_more"), [("en", "none", "no more"), ("de", "keine", "keine mehr")]
)
def test_the_first_bonus_offers_none_and_a_later_one_no_more(
    evening: Path, lang: str, none: str, no_more: str
) -> None:
    """A hand with no bonus given yet offers "none" as its first bonus, not "no more"."""
    t = Table(evening)

    def labels(page: str, key: str) -> list[str]:
        found = re.search(rf'data-key="{key}".*?</fieldset>', page, re.S)
        assert found is not None
        return re.findall(r"<span>([^<]*)</span>", found.group(0))

    page = t.page("", lang)
    assert labels(page, "bonus:1")[0] == none and no_more not in labels(page, "bonus:1")
    form = {"code": t.code, "contract": "rufer", "declarer": "Anna", "partner": "Bert", "bonus:1": "pagat"}
    fields = t.client.post(f"/t/evening/fields?lang={lang}", data=form)
    assert fields.status_code == 200, fields.text
    assert labels(fields.text, "bonus:1")[0] == none
    assert labels(fields.text, "bonus:2")[0] == no_more


HALF = {"contract": "rufer", "declarer": "Bert", "partner": "Dani", "card_points": "44"}


def half_entered(page: str) -> bool:
    """Whether the form of the next hand holds the answers of :data:`HALF`."""
    return all(
        f'name="{key}" value="{value}"{" checked" if key != "card_points" else ""}' in page
        for key, value in HALF.items()
    )


def test_a_correction_without_script_keeps_the_hand_half_entered(evening: Path) -> None:
    # Without script the corrections' buttons send the form of the next hand: its answers go with
    # the take back, the delete (asked first) and the replace, and come back in its form after it.
    t = Table(evening)
    cli("record", "--ledger", str(evening), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Bert", "-t", "36")
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Cilli", "-t", "30")
    page = t.page()
    assert re.search(
        r'<button type="submit" id="undo" class="danger" form="hand-form" formaction="[^"]*/undo', page
    )
    # take back: the hand form's fields posted to the take back's address
    back = t.post("undo", **HALF, replace="3", delete="3")
    assert done_of(back)["done"] == ["undone"] and len(t.hands()) == 2
    page = t.client.get(back.headers["location"]).text
    assert "Hand 3 is taken back." in page and ">Hand 3</h2>" in page and half_entered(page)
    # delete: the hand chosen is named first, the answers still in the form
    asked = t.post("hand", action="delete", delete="1", replace="3", **HALF)
    assert asked.status_code == 303 and len(t.hands()) == 2
    page = t.client.get(asked.headers["location"]).text
    assert "on the sheet now: Rufer by Anna with Cilli, won" in page and half_entered(page)
    assert re.search(r'form="hand-form" formaction="[^"]*/delete[^"]*" name="number" value="1"', page)
    gone = t.post("delete", number="1", **HALF)
    assert done_of(gone)["done"] == ["deleted"] and len(t.hands()) == 1
    page = t.client.get(gone.headers["location"]).text
    assert "Hand 1 is deleted." in page and ">Hand 2</h2>" in page and half_entered(page)
    # replace: hand 1 in the form, the next hand's answers kept beside it, and back after it
    opened = t.post("hand", action="replace", replace="1", delete="1", **HALF)
    assert opened.status_code == 303
    page = t.client.get(opened.headers["location"]).text
    assert "Replace hand 1" in page and 'name="declarer" value="Bert" checked' in page
    kept = {f"next:{key}": value for key, value in HALF.items()}
    for key, value in kept.items():
        assert f'<input type="hidden" name="{key}" value="{value}">' in page
    keep = re.search(r'href="([^"]*)">Keep it<', page)
    assert keep is not None
    keep_it = html.unescape(keep[1])
    assert half_entered(t.client.get(keep_it).text)
    replacement = {"number": "1", "contract": "dreier", "declarer": "Bert", "card_points": "30"}
    shown = t.post("hand", action="preview", **replacement, **kept).text
    for key, value in kept.items():
        assert f'<input type="hidden" name="{key}" value="{value}">' in shown
    done = t.post("hand", action="record", **replacement, **kept)
    assert done_of(done)["done"] == ["replaced"] and t.hands()[0].card_points == 30
    page = t.client.get(done.headers["location"]).text
    assert "Hand 1 is replaced." in page and ">Hand 2</h2>" in page and half_entered(page)
    # with the hand recorded its answers are gone from the address and the form
    recorded = t.post("hand", action="record", **HALF)
    assert done_of(recorded)["done"] == ["recorded"] and "declarer" not in done_of(recorded)


def test_a_radl_sent_on_a_moved_sheet_drops_the_answers_of_a_hand_recorded_meanwhile(evening: Path) -> None:
    """Without script the Radl's button sends the next hand's form. Sent from a sheet that has moved
    since, its answers come back in the next hand's form, on the sheet as it is now: those of a hand
    another phone recorded meanwhile are said to be on the sheet, not carried, where Record would
    write the hand twice; other answers are carried, as before."""
    t = Table(evening)
    before = t.version()
    cli("record", "--ledger", str(evening), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    sent = {"code": t.code, "expected": before, "hands": "4"}
    same = t.client.post("/t/evening/radl", data={**sent, "request": "radl-same", **RUFER})
    assert same.status_code == 409
    assert "this hand is already on the sheet as hand 1" in same.text
    assert 'value="Anna" checked' not in same.text and ">Hand 2</h2>" in same.text
    other = t.client.post("/t/evening/radl", data={**sent, "request": "radl-other", **HALF})
    assert other.status_code == 409 and half_entered(other.text)
    assert len(t.hands()) == 1 and not tarockscore.Evening(evening).ledger.radl


def declarers_offered(html: str) -> list[str]:
    """The declarer's choices as ``value``, and ``value*`` where ticked, ``value!`` where ticked and
    not sent (the one the rules leave)."""
    box = re.search(r'<fieldset[^>]*data-key="declarer".*?</fieldset>', html, re.S)
    assert box is not None, "no declarer field"
    marks = {"": "", " checked": "*", " checked disabled": "!"}
    inputs = re.findall(r'name="declarer" value="([^"]+)"((?: checked)?(?: disabled)?)>', box.group(0))
    return [value + marks[mark] for value, mark in inputs]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_declarer_only_the_rules_chose_is_not_carried_to_a_contract_anyone_may_bid(
    tmp_path: Path, lang: str
) -> None:
    """Under ooe-2023 only Forehand may bid the Rufer ([OÖ23 Vorhand 1], D30 in
    docs/rules/disagreements.md), the Dreier anyone: Forehand is the Rufer's declarer without a
    tap, and a Dreier's declarer is chosen by the table, never taken over from the Rufer. Dani
    deals hand 1 and Anna is Forehand, as the page's deal line says."""
    path = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "-P", "ooe-2023", "--ledger", str(path))
    t = Table(path)
    # no contract chosen yet: no declarer either
    assert declarers_offered(t.page(lang=lang)) == ["Anna", "Bert", "Cilli", "Dani"]
    fields = f"/t/evening/fields?lang={lang}"
    # the Rufer: Anna shown as its declarer, not sent as an answer (a browser sends no disabled box)
    assert declarers_offered(t.client.post(fields, data={"contract": "rufer"}).text) == ["Anna!"]
    # Dreier tapped: the form sends the contract alone, and no declarer is ticked
    dreier = t.client.post(fields, data={"contract": "dreier"}).text
    assert declarers_offered(dreier) == ["Anna", "Bert", "Cilli", "Dani"]
    answer = t.client.post(
        f"/t/evening/hand?lang={lang}",
        data=t.sent_with({"contract": "dreier", "card_points": "40"}),
        headers=JSON,
    )
    assert answer.status_code == 422 and t.hands() == []
    [problem] = answer.json()["problems"]
    needed = {"en": "Declarer: an answer is needed here", "de": "Spieler: hier braucht es eine Antwort"}
    assert (problem["where"], problem["message"]) == ("declarer", needed[lang])
    # the Rufer sent without a declarer is Anna's, as the rules say
    rufer = {"contract": "rufer", "partner": "Cilli", "card_points": "40"}
    assert done_of(t.post("hand", action="record", **rufer))["done"] == ["recorded"]
    assert t.hands()[0].declarer == "Anna"


TRISCHAKEN = ("-t", "Anna=10", "-t", "Bert=20", "-t", "Cilli=30", "-t", "Dani=10")


def preview_of(t: Table, lang: str, **form: str) -> str:
    answer = t.client.post(f"/t/evening/hand?lang={lang}", data=t.sent_with({"action": "preview", **form}))
    box = re.search(r'<section class="preview">.*?</section>', answer.text, re.S)
    assert box is not None, answer.text[:300]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", box.group(0)))).strip()


@pytest.mark.parametrize(
    ("lang", "points", "bet", "explained"),
    [
        ("en", "Card points: Anna 10, Bert 20, Cilli 30, Dani 10", "base factors value 5 - 5",
         "won by Anna, Bert, Dani: Anna +5, Bert +5, Dani +5"),
        ("de", "Kartenpunkte: Anna 10, Bert 20, Cilli 30, Dani 10", "Grundwert Faktoren Wert 5 - 5",
         "gewonnen von Anna, Bert, Dani: Anna +5, Bert +5, Dani +5"),
    ],
)  # fmt: skip
def test_a_trischaken_is_shown_before_it_is_recorded_as_the_sheet_and_explain_say_it(
    evening: Path, lang: str, points: str, bet: str, explained: str
) -> None:
    """Hand 2 (Anna deals, Bert is Forehand), a Trischaken under koenigrufen: base 5 (the older
    Styrian cup tariff [STC-TB]); Cilli holds the most card points and loses alone (the Austrian
    cups [OÖ23, WTC19/20], docs/rules/settlement.md §5); under Simplified Scoring [CTK] each of
    the three others writes +5 and Cilli nothing. The preview listed the card points from
    Forehand and showed the bet as 5 ×3 = 15, where the sheet and explain say +5 each in the
    seats' order: it says what they say."""
    cli("record", "--ledger", str(evening), "-c", "trischaken", *TRISCHAKEN)
    t = Table(evening)
    shown = preview_of(
        t, lang, contract="trischaken", **{"points:Anna": "10", "points:Bert": "20", "points:Cilli": "30"}
    )
    assert points in shown and bet in shown and explained in shown
    assert "×3" not in shown and "15" not in shown
    assert shown.endswith("Anna +5 Bert +5 Cilli 0 Dani +5")
    # recorded, its explanation says the same in the same order
    cli("record", "--ledger", str(evening), "-c", "trischaken", *TRISCHAKEN)
    said = t.client.get(f"/t/evening/explain/2?code={t.code}&lang={lang}").text
    said = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", said)))
    assert points in said and explained.split(": ", 1)[1] in said


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "hand 1 replaced: Dreier by Dani, won → Piccolo Ouvert by Dani, lost; contract: Dreier → Piccolo Ouvert"),
        ("de", "Spiel 1 ersetzt: Dreier von Dani, gewonnen → Piccolo ouvert von Dani, verloren; Spiel: Dreier → Piccolo ouvert"),
    ],
)  # fmt: skip
def test_a_hands_history_on_its_page_names_the_contracts_as_the_sheet_does(
    evening: Path, lang: str, line: str
) -> None:
    """The explanation's history on an English page said the trail's keys ("dreier by Dani",
    "piccolo_ouvert by Dani") where the sheet above it says "Piccolo Ouvert"; ``show``'s plain
    text keeps the keys a script may read."""
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Dani", "-t", "40")
    cli("replace", "1", "--ledger", str(evening), "-c", "piccolo_ouvert", "-d", "Dani", "--lost")
    t = Table(evening)
    said = t.client.get(f"/t/evening/explain/1?code={t.code}&lang={lang}").text
    said = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", said)))
    assert line in said and "piccolo_ouvert" not in said
    assert line.split(": ", 1)[1].split(" → ")[1].split(";")[0] in t.page(lang=lang)  # as on its sheet
    shown = runner.invoke(app, ["show", "--ledger", str(evening)]).stdout
    assert "piccolo_ouvert by Dani, lost" in shown


@pytest.mark.parametrize(
    ("lang", "replace", "delete"),
    [("en", "Hand to replace", "Hand to delete"), ("de", "Welches Spiel ersetzen", "Welches Spiel löschen")],
)
def test_the_hand_to_replace_and_the_hand_to_delete_are_labelled_for_what_they_do(
    evening: Path, lang: str, replace: str, delete: str
) -> None:
    """Replace and Delete each sat under a choice labelled just "Hand" ("Spiel")."""
    cli("record", "--ledger", str(evening), "-c", "dreier", "-d", "Dani", "-t", "40")
    page = Table(evening).page(lang=lang)
    assert re.search(rf'<label>{replace} <select name="(?:number|replace)"', page), replace
    assert re.search(rf'<label>{delete} <select name="delete"', page), delete


@pytest.mark.parametrize(
    ("lang", "bet", "split"),
    [
        ("en", "base factors value stake 1 ×3 what 3 players would get, shared by Anna and Dani (no trick) 4 4",
         "note: 3 does not split among 2: shared as 4"),
        ("de", "Grundwert Faktoren Wert Auszahlung 1 ×3 was 3 Spieler bekämen, teilen sich Anna und Dani "
               "(kein Stich) 4 4",
         "Hinweis: 3 lässt sich nicht auf 2 aufteilen: verteilt werden 4"),
    ],
)  # fmt: skip
def test_a_trischaken_two_virgins_share_is_previewed_as_the_whole_they_share(
    tmp_path: Path, lang: str, bet: str, split: str
) -> None:
    """The Upper Austrian rules' own case [OÖ23 Trischaken 3 via HT §7.6] (docs/rules/settlement.md
    §5, D29): 35 1/3 against 34 2/3, the two others without a trick. Bert holds the most and loses
    alone; he pays 3b = 3 (b = 1 [OÖ23 Tarif]), which does not split between the two virgins: he
    pays 4, 2 to each, zero-sum [OÖ23 via HT §7.1]. The preview said 3 beside Bert's -4, as `score`'s
    table did: both say 4 and why."""
    path = tmp_path / "friday.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani", "-P", "ooe-2023", "--ledger", str(path))
    points = {"points:Anna": "0", "points:Bert": "35 1/3", "points:Cilli": "34 2/3"}
    shown = preview_of(Table(path), lang, contract="trischaken", **points)
    assert bet in shown and split in shown, shown
    assert re.search(r"Anna \+2 \+2 Bert -4 -4 Cilli 0 0 Dani \+2 \+2", shown), shown
