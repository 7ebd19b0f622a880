"""``tarockscore serve`` in a real browser: Playwright driving the system's chromium at a phone's
width (360 px), in English and German, against a real server on loopback.

The pages are opened as ``http://tarock.test:PORT`` (the browser maps the name to 127.0.0.1), so
they are no secure context, as on a venue's network: no service worker, no crypto.randomUUID.
Skipped where chromium or Playwright is missing (``.ci/run`` installs chromium).
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


expect = playwright_api.expect

from tests.serving import BROKEN_PAIRS, KeptPhones, Server, close_round  # noqa: E402 - after the skip: only where the browser runs

runner = CliRunner()
HOST = "tarock.test"
WIDTH = 360
TABLE = ("Anna", "Bert", "Cilli", "Dani")
# ms: how long a page, a tap's answer or a live update is waited for. On loopback each comes in a
# fraction of a second; the rest is room for a busy 2-core machine (it costs nothing when it comes).
WAIT = 30_000


def cli(*args: str) -> None:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=CHROMIUM, args=[f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
        )
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def _expect_waits() -> None:
    """``expect`` waits as long as the pages' own calls (its own default is 5 s, whatever the page's)."""
    expect.set_options(timeout=WAIT)


def new_phone(browser: Any, **options: Any) -> tuple[Any, Any]:
    """A phone: its own browser context (its own localStorage) and a tab on it."""
    context = browser.new_context(viewport={"width": WIDTH, "height": 780}, device_scale_factor=1, **options)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    return context, page


@pytest.fixture(scope="module")
def _kept(browser: Any) -> Iterator[KeptPhones]:
    """Phones kept for the module, by whether they run script and their number in a test."""
    kept = KeptPhones(lambda key: new_phone(browser, java_script_enabled=key[0]))
    yield kept
    kept.close()


@pytest.fixture
def phone(browser: Any, _kept: KeptPhones) -> Iterator[Callable[..., Any]]:
    """The test's phones, each its own browser context (its own localStorage), running script or
    not (``script``): kept from the module's earlier tests, what the pages stored cleared after
    each; ``phone(fresh=True)`` a new one, closed after the test, for a test that changes the phone
    (its requests, the scripts it runs first, its network)."""
    contexts: list[Any] = []
    taken: list[tuple[tuple[bool, int], Any]] = []

    def make(fresh: bool = False, script: bool = True) -> Any:
        if fresh:
            context, page = new_phone(browser, java_script_enabled=script)
            contexts.append(context)
            return page
        key = (script, sum(1 for (kind, _number), _page in taken if kind == script))
        page = _kept.take(key)[1]
        taken.append((key, page))
        return page

    yield make
    for key, page in taken:
        origin = re.match(r"https?://[^/]+", page.url)
        if origin:
            _kept.tidy(key, origin[0])
        page.goto("about:blank")
    for context in contexts:
        context.close()


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(TABLE), "--stake", "0.10", "--ledger", str(path))
    server = Server(path, HOST)
    yield server, path
    server.stop()


def hands(path: Path) -> int:
    return len(tarockscore.Evening(path).ledger.hands)


def eventually(check: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + WAIT / 1000
    while not check() and time.monotonic() < deadline:
        time.sleep(0.05)
    return check()


def settled(page: Any) -> None:
    """Wait until the form has asked the flow again after a change (its fields may be redrawn)."""
    page.wait_for_selector("#fields:not([data-busy])", state="attached")


def recorded(page: Any, thumb: Thumb, words: dict[str, Any], n: int) -> None:
    """Show the arithmetic, record hand ``n`` and see the page say it was recorded."""
    thumb.button(words["show"])
    thumb.button(words["record"].format(n=n))
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["recorded"].format(n=n))


class Thumb:
    """A player's thumb on a page: each tap counted; digits typed on the keypad are not taps."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Any) -> None:
        target.click()
        self.taps += 1

    def choose(self, key: str, label: str) -> None:
        """Tap the button ``label`` of the question ``key`` (a row of buttons)."""
        self.tap(
            self.page.locator(f'fieldset[data-key="{key}"]').get_by_role("radio", name=label, exact=True)
        )
        settled(self.page)  # without script the fields are never busy

    def points(self, digits: str, blatt: str = "", key: str = "card_points") -> None:
        self.tap(self.page.locator(f'input[name="{key}"]'))
        self.page.keyboard.type(digits)
        if blatt:
            self.tap(self.page.locator(f'input[name="blatt:{key}"]'))
            self.page.keyboard.type(blatt)

    def button(self, name: str) -> None:
        self.tap(self.page.get_by_role("button", name=name, exact=True))


WORDS = {
    "en": {
        "contract": "Rufer",
        "show": "Show the arithmetic",
        "record": "Record hand {n}",
        "recorded": "Hand {n} is recorded.",
        "line": "Rufer by Anna with Cilli, won",
        "heading": "Hand {n}",
        "deal": "Anna deals, Bert is Forehand",
        "take_back": "Take back hand {n}",
        "victory": "Victory Points",
    },
    "de": {
        "contract": "Rufer",
        "show": "Rechnung zeigen",
        "record": "Spiel {n} eintragen",
        "recorded": "Spiel {n} ist eingetragen.",
        "line": "Rufer von Anna mit Cilli, gewonnen",
        "heading": "Spiel {n}",
        "deal": "Anna gibt, Bert ist Vorhand",
        "take_back": "Spiel {n} zurücknehmen",
        "victory": "Punkte",
    },
}


def back_online(page: Any) -> None:
    """The network back, and the page told so at once (as the browser tells it)."""
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")


def recorded_without_network(page: Any, server: Server) -> Any:
    """The evening's page with a Rufer shown, then Record tapped as the network went: the hand
    waits on the phone to be sent."""
    page.goto(server.url("evening"))
    fill_rufer(Thumb(page))
    page.get_by_role("button", name="Show the arithmetic").click()
    page.wait_for_selector("#preview:not([hidden])")
    page.context.set_offline(True)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#outbox")).to_contain_text("1 hand waiting to be sent")
    return page


def fill_rufer(thumb: Thumb, points: str = "40", blatt: str = "") -> None:
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Anna")
    thumb.choose("partner", "Cilli")
    thumb.points(points, blatt)


def no_sideways_scrolling(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_ordinary_hand_takes_six_taps_and_the_page_moves_on_to_the_next(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """A Rufer won on card points, no bonus: three taps for contract, declarer and partner, one
    into the card points, Show the arithmetic, Record: six taps and the digits. "Hand 1 is recorded"
    is in sight. Then the heading, the deal and the corrections are the next hand's, as the sheet
    has them (finding 3)."""
    server, path = evening
    words = WORDS[lang]
    page = phone()
    page.goto(server.url("evening", lang=lang))
    assert page.get_attribute("html", "lang") == lang
    thumb = Thumb(page)
    fill_rufer(thumb)
    thumb.button(words["show"])
    page.wait_for_selector("#preview:not([hidden])")
    assert words["victory"] in page.inner_text("#preview")
    no_sideways_scrolling(page)
    assert hands(path) == 0  # shown, not written
    thumb.button(words["record"].format(n=1))
    assert thumb.taps <= 6
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["recorded"].format(n=1))
    expect(page.locator("#notice")).to_contain_text(words["line"])
    # where the thumb is: the player sees the hand went in, without scrolling up for it
    expect(page.locator("#notice .notice.ok")).to_be_in_viewport(ratio=1)
    assert hands(path) == 1
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    expect(page.locator("#hand-head")).to_contain_text(words["deal"])
    assert words["deal"] in page.inner_text("#next")  # the form and the sheet say the same
    expect(page.locator("#corrections")).to_contain_text(words["take_back"].format(n=1))
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)
    assert page.locator("fieldset[data-key=contract] input:checked").count() == 0  # a new hand
    no_sideways_scrolling(page)


def test_no_error_before_an_answer_and_no_answer_lost_to_a_redraw(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """The form asks the flow again after each answer; answers given while it asks stay, the
    Kontra and the bonus stay while the card points are typed, and a field's error comes only
    with the hand sent, in the page's words (finding 5)."""
    server, _path = evening
    page = phone(fresh=True)

    def slow(route: Any) -> None:  # the flow's answer takes its time, as on a busy network
        time.sleep(0.6)
        route.continue_()

    page.route("**/t/evening/fields**", slow)
    page.goto(server.url("evening"))
    assert page.locator(".error").count() == 0
    page.locator('fieldset[data-key="contract"]').get_by_role("radio", name="Rufer", exact=True).click()
    # answered while the redraw is in flight
    page.locator('fieldset[data-key="declarer"]').get_by_role("radio", name="Anna", exact=True).click()
    page.locator('fieldset[data-key="kontra"]').get_by_role("radio", name="Kontra", exact=True).click()
    points = page.locator("input[name=card_points]")
    for digit in "38":  # each digit into the box itself: a click's spot may move while the page redraws
        points.press_sequentially(digit)
        expect(page.locator('fieldset[data-key="kontra"]')).to_be_visible()
        expect(page.locator('fieldset[data-key="bonus:1"]')).to_be_visible()
    settled(page)
    expect(page.locator('fieldset[data-key="declarer"] input[value="Anna"]')).to_be_checked()
    expect(page.locator('fieldset[data-key="kontra"] input[value="kontra"]')).to_be_checked()
    expect(page.locator("input[name=card_points]")).to_have_value("38")
    assert page.locator(".error").count() == 0  # the partner is not answered yet: no error yet
    text = page.inner_text("body")
    assert "'back'" not in text and "answer is needed" not in text
    page.get_by_role("button", name="Show the arithmetic").click()
    error = page.locator('fieldset[data-key="partner"] .error')
    expect(error).to_have_text("an answer is needed here")  # under the label "Partner (…)": said once
    assert "'back'" not in page.inner_text("body")
    page.locator('fieldset[data-key="partner"]').get_by_role("radio", name="Cilli", exact=True).click()
    expect(error).to_have_count(0)  # answered: its error goes


def test_digits_typed_while_a_field_above_is_drawn_anew_stay_in_their_box(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """A declarer changed redraws the partner's choices above the card points; the points box the
    player types in was moved in the page, which takes the cursor out of a box: the digits typed
    next went nowhere. The flow's answer is held back in the page itself, so the player types while
    it is on its way."""
    server, _path = evening
    page = phone(fresh=True)
    page.add_init_script(
        """(() => { const sent = window.fetch;
        window.fetch = (url, options) => sent(url, options).then((r) =>
          String(url).includes("/fields") ? new Promise((done) => setTimeout(() => done(r), 700)) : r);
        })();"""
    )
    page.goto(server.url("evening"))
    page.locator('fieldset[data-key="contract"]').get_by_role("radio", name="Rufer", exact=True).click()
    page.locator('fieldset[data-key="declarer"]').get_by_role("radio", name="Anna", exact=True).click()
    settled(page)
    # Bert declares instead: the partner's choices become Anna, Cilli, Dani (a field drawn anew)
    page.locator('fieldset[data-key="declarer"]').get_by_role("radio", name="Bert", exact=True).click()
    page.locator("input[name=card_points]").click()
    page.keyboard.type("3")
    expect(page.locator('fieldset[data-key="partner"] input[value="Anna"]')).to_have_count(1)  # redrawn
    page.keyboard.type("8")
    expect(page.locator("input[name=card_points]")).to_have_value("38")


def test_english_pages_say_the_players_names_and_the_stake_column_under_ooe_2023(
    day: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """No program key on an English page (finding 7): the contracts, the bonuses, the King in
    the talon by the players' names; under ooe-2023 (Kontra in the payout only) the preview
    shows the value and the stake, as `score` does: a Rufer 1 with Kontra, 2 in the payout."""
    server, _folder = day
    place = next(p for p in server.site.places() if p.key == "r1t1")
    first, partner = place.players[0], place.players[2]
    page = phone()
    page.goto(server.url("r1t1", lang="en"))
    labels = page.locator('fieldset[data-key="contract"] label').all_inner_texts()
    assert "Piccolo Ouvert" in labels and "piccolo_ouvert" not in labels
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    # only Forehand may bid the Rufer here ([OÖ23 Vorhand 1], D30): its declarer without a tap
    expect(page.locator('fieldset[data-key="declarer"] input:checked:disabled')).to_have_value(first)
    partners = page.locator('fieldset[data-key="partner"] label').all_inner_texts()
    assert "in the talon" in partners and "talon" not in partners
    thumb.choose("partner", partner)
    thumb.points("40")
    thumb.choose("kontra", "Kontra")
    thumb.choose("bonus:1", "King Ultimo")
    text = page.inner_text("#hand-form")
    for key in ("rufer", "piccolo_ouvert", "king_ultimo", "four_kings", "kontra"):
        assert re.search(rf"\b{key}\b", text) is None, key
    thumb.button("Show the arithmetic")
    page.wait_for_selector("#preview:not([hidden])")
    bet = page.locator("#preview ul.bets > li").first
    expect(bet.locator("strong")).to_have_text("Rufer")
    assert bet.locator("table.bet th").all_inner_texts() == ["base", "factors", "value", "stake"]
    assert bet.locator("table.bet td").all_inner_texts() == ["1", "×2\u00a0Kontra on the contract", "1", "2"]
    no_sideways_scrolling(page)
    thumb.button("Record hand 1")
    expect(page.locator("#sheet")).to_contain_text(f"Rufer by {first} with {partner}, Kontra, won")
    assert re.search(r"\brufer\b", page.inner_text("body")) is None


def test_the_totals_money_stays_on_one_line_beside_the_payout_column(
    tmp_path: Path, phone: Callable[..., Any]
) -> None:
    """Under ooe-2023 with a stake the totals have four columns (the payout beside the points): at
    360 px the German money broke between its sign and its number ("€" over "0,00"), each
    player's line two lines high. Every number of the totals stays on one line."""
    path = tmp_path / "ooe.toml"
    cli("new", "-p", "Anna-Katharina,Bartholomäus,Cilli,Dani", "--profile", "ooe-2023", "--stake", "0.10",
        "--ledger", str(path))  # fmt: skip
    server = Server(path, HOST)
    try:
        page = phone()
        page.goto(server.url("evening", lang="de"))
        expect(page.locator("table.totals th")).to_have_text(["Spieler", "Stand", "Auszahlung", "Geld"])
        lines = page.evaluate(
            """[...document.querySelectorAll('table.totals td:nth-child(n+2)')].map(td => {
                const range = document.createRange(); range.selectNodeContents(td);
                return range.getClientRects().length; })"""
        )
        assert lines == [1] * 12
        no_sideways_scrolling(page)
        # only Forehand may bid the Rufer here ([OÖ23 Vorhand 1], D30): its declarer is shown, not
        # tapped; the Dreier anyone may bid, and its declarer is not taken over from the Rufer
        thumb = Thumb(page)
        thumb.choose("contract", "Rufer")
        declarer = page.locator('fieldset[data-key="declarer"] input')
        expect(declarer).to_have_count(1)
        expect(declarer).to_be_checked()
        expect(declarer).to_be_disabled()
        page.screenshot(path=tmp_path / "forehand.png", full_page=True)
        thumb.choose("contract", "Dreier")
        expect(declarer).to_have_count(4)
        expect(page.locator('fieldset[data-key="declarer"] input:checked')).to_have_count(0)
        # the Upper Austrian rules' own case [OÖ23 Trischaken 3 via HT §7.6]: Bartholomäus with
        # 35 1/3 loses alone and pays 3b = 3 (b = 1), which the two without a trick cannot split:
        # he pays 4, 2 to each; the bet's value says 4, and the note under the totals why
        thumb.choose("contract", "Trischaken")
        for player, (digits, blatt) in {"Anna-Katharina": ("0", ""), "Bartholomäus": ("35", "1"),
                                        "Cilli": ("34", "2")}.items():  # fmt: skip
            thumb.points(digits, blatt, key=f"points:{player}")
            settled(page)
        thumb.button(WORDS["de"]["show"])
        page.wait_for_selector("#preview:not([hidden])")
        shared = "×3\u00a0was 3 Spieler bekämen, teilen sich Anna-Katharina und Dani (kein Stich)"
        cells = page.locator("#preview ul.bets > li").first.locator("table.bet td").all_inner_texts()
        assert [" ".join(c.split()) for c in cells] == ["1", " ".join(shared.split()), "4", "4"]
        expect(page.locator("#preview")).to_contain_text(
            "3 lässt sich nicht auf 2 aufteilen: verteilt werden 4"
        )
        # four German headings beside the stake's column (Kontra in the payout only) fit 360 px
        no_sideways_scrolling(page)
        page.screenshot(path=tmp_path / "trischaken-shared.png", full_page=True)
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_card_points_pasted_at_length_are_kept_to_what_their_box_takes(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """A clipboard of 60,000 characters pasted into Points went whole into the box, and after the
    refusal whole into the page again, once more in each correction's copy of the hand (a page of
    300 KB). The box takes 40 characters, as a Radl's count does; the refusal quotes them."""
    server, path = evening
    page = phone()
    page.goto(server.url("evening", lang=lang))
    fill_rufer(Thumb(page))
    page.locator("input[name=card_points]").fill("4" * 60_000)  # pasted
    expect(page.locator("input[name=card_points]")).to_have_value("4" * 40)
    page.get_by_role("button", name=WORDS[lang]["show"]).click()
    expect(page.locator("#notice .notice.refused")).to_contain_text("4" * 20)
    assert hands(path) == 0
    no_sideways_scrolling(page)


@pytest.mark.parametrize("script", [True, False])
def test_card_points_as_points_and_blatt_from_the_number_keypad(
    phone: Callable[..., Any], evening: tuple[Server, Path], script: bool
) -> None:
    """Points and Blatt, two number fields: "35" and "2" are 35 2/3, as the score block writes
    "35/2" (finding 6); both ask the phone for its number keypad."""
    server, path = evening
    page = phone(script=script)
    page.goto(server.url("evening"))
    for name in ("card_points", "blatt:card_points"):
        assert page.get_attribute(f'input[name="{name}"]', "inputmode") == "numeric"
    fill_rufer(Thumb(page), "35", "2")
    page.get_by_role("button", name="Show the arithmetic").click()
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator(".notice.ok")).to_contain_text("Hand 1 is recorded.")
    assert tarockscore.Evening(path).ledger.hands[0].hand.card_points == Fraction(107, 3)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("script", [True, False])
def test_the_first_seat_can_be_the_partner_with_script_and_without(
    phone: Callable[..., Any], evening: tuple[Server, Path], lang: str, script: bool
) -> None:
    """Bert plays a Rufer with Anna, who sits first: without script the whole hand is entered at
    once, so Anna's button must be there before Bert is chosen as the declarer."""
    server, path = evening
    words = WORDS[lang]
    page = phone(script=script)
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Bert")
    thumb.choose("partner", "Anna")
    thumb.points("40")
    no_sideways_scrolling(page)
    thumb.button(words["show"])
    thumb.button(words["record"].format(n=1))
    expect(page.locator(".notice.ok")).to_contain_text(words["recorded"].format(n=1))
    line = {"en": "Rufer by Bert with Anna, won", "de": "Rufer von Bert mit Anna, gewonnen"}[lang]
    expect(page.locator("#sheet")).to_contain_text(line)
    hand = tarockscore.Evening(path).ledger.hands[0].hand
    assert (hand.declarer, hand.partner) == ("Bert", "Anna")


def test_a_refused_hand_shows_the_reason_and_records_nothing(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    fill_rufer(Thumb(page), points="80")
    page.get_by_role("button", name="Show the arithmetic").click()
    page.wait_for_selector("#notice .notice.refused")
    assert "80 is outside 0 to 70" in page.inner_text("#notice")
    # at a phone's width the reason is where the thumb is, not above it out of sight
    expect(page.locator("#notice .notice.refused")).to_be_in_viewport()
    expect(page.locator('fieldset[data-key="card_points"] .error')).to_contain_text("80 is outside 0 to 70")
    assert hands(path) == 0


REFUSED = {
    "en": ("Card points of Anna and Cilli (of 70)", "75 is outside 0 to 70"),
    "de": ("Kartenpunkte von Anna und Cilli (von 70)", "75 liegt nicht zwischen 0 und 70"),
}
SIDES = {
    "en": {
        "label": "Pagat: for which side",
        "needed": "an answer is needed here",
        "defenders": "defenders",
        "king": "King Ultimo",
        "alone": "King Ultimo: only the declarers can make it",
    },
    "de": {
        "label": "Pagat: für welche Seite",
        "needed": "hier braucht es eine Antwort",
        "defenders": "Gegenspieler",
        "king": "König ultimo",
        "alone": "König ultimo: kann nur die Spielerseite machen",
    },
}
UNCHANGED = {
    "en": "Nothing was recorded: the sheet is unchanged.",
    "de": "Nichts eingetragen: die Schrift ist unverändert.",
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("script", [True, False])
def test_a_refused_hand_names_its_field_in_the_players_words(
    phone: Callable[..., Any], evening: tuple[Server, Path], lang: str, script: bool, tmp_path: Path
) -> None:
    """75 card points of 70: the reason stands beside the card points without the hand file's key
    (no "card_points:" on a German page), and the notice on top says first that nothing was
    recorded, then names the field as its label does; after a label with a colon of its own
    ("Pagat: for which side") the reason in brackets, not after a second colon. With script, each
    line of the notice goes as its field is answered, and the notice with its last line; without,
    the notice stays until the hand is sent again."""
    server, path = evening
    label, reason = REFUSED[lang]
    page = phone(script=script)
    page.goto(server.url("evening", lang=lang))
    fill_rufer(Thumb(page), points="75")
    page.locator('#hand-form button[value="preview"]').click()
    notice = page.locator("#notice .notice.refused")
    expect(notice.locator(".lead")).to_have_text(UNCHANGED[lang])
    expect(notice.locator("li")).to_have_text(f"{label}: {reason}")
    expect(page.locator('fieldset[data-key="card_points"] .error')).to_have_text(reason)
    assert "card_points" not in page.inner_text("body")
    page.screenshot(path=str(tmp_path / f"refused-{lang}-{script}.png"), full_page=True)
    no_sideways_scrolling(page)
    assert hands(path) == 0
    # a Pagat whose side nobody tapped: neither side checked, and Show asks for it under its field
    # in its label's words, never taking it as the declarers' (either side may make the Pagat,
    # docs/rules/koenigrufen.md §3.1)
    words = SIDES[lang]
    points = page.locator('#fields input[name="card_points"]')
    points.fill("40")  # its reason goes as it is typed: the fields below move up a line now,
    thumb = Thumb(page)  # not under the next tap, which leaves the field
    expect(notice).to_have_count(0 if script else 1)  # its one line answered, the notice goes too
    thumb.choose("bonus:1", "Pagat")
    page.locator('#hand-form button[value="preview"]').click()
    side = page.locator('fieldset[data-key="bonus:1:side"]')
    expect(notice.locator("li")).to_have_text(f"{words['label']} ({words['needed']})")
    expect(side.locator("legend")).to_have_text(words["label"])
    expect(side.locator(".error")).to_have_text(words["needed"])
    expect(side.locator("input:checked")).to_have_count(0)
    page.screenshot(path=str(tmp_path / f"side-{lang}-{script}.png"), full_page=True)
    no_sideways_scrolling(page)
    first = f"{label}: {reason}"
    if script:  # a notice of two lines, as a refusal at two fields says it: each goes on its own
        notice.locator("ul").evaluate(
            "(list, text) => list.prepend(Object.assign(document.createElement('li'), {textContent: text}))",
            first,
        )
        notice.locator("li").first.evaluate("line => { line.dataset.key = 'card_points'; }")
    # the Defenders' Pagat, and the King ultimo, the declarers' alone under koenigrufen ("for the
    # declarer's side", §3.1): said so, that side checked and not to be tapped
    thumb.choose("bonus:1:side", words["defenders"])
    if script:
        expect(notice.locator("li")).to_have_text([first])
        page.screenshot(path=str(tmp_path / f"side-answered-{lang}.png"), full_page=True)
        no_sideways_scrolling(page)
        points.fill("40")
        expect(notice).to_have_count(0)
    else:
        expect(notice.locator("li")).to_have_count(1)
    thumb.choose("bonus:2", words["king"])
    if script:
        king = page.locator('fieldset[data-key="bonus:2:side"]')
        expect(king.locator("legend")).to_have_text(words["alone"])
        expect(king.locator("input")).to_have_count(1)
        expect(king.locator("input")).to_be_checked()
        expect(king.locator("input")).to_be_disabled()
        page.screenshot(path=str(tmp_path / f"king-{lang}.png"), full_page=True)
    page.locator('#hand-form button[value="preview"]').click()
    page.get_by_role("button", name=WORDS[lang]["record"].format(n=1)).click()
    assert eventually(lambda: hands(path) == 1)
    bonuses = tarockscore.Evening(path).ledger.hands[0].hand.bonuses
    assert [(b.name, b.side.value) for b in bonuses] == [("pagat", "defenders"), ("king_ultimo", "declarers")]


# Card points the form refuses: the reason in the form's words, the field named by its label
# (never "card_points: missing: ... { Anna = ... }" nor the command line's "'30/4' ...").
# Trischaken under koenigrufen: Anna's and Bert's 30 and 30 leave Cilli 10 of the 70; Points 30
# and Blatt 4: three Blatt are a point, so 31 and 1. Each as (label, reason): the notice says
# "label: reason", the field, headed by its label, the reason alone.
FORM_WORDS = {
    "en": (
        (
            "Card points of Cilli (at most 10)",
            "30 is more than the 10 card points left: Anna and Bert "
            "have 60 of the 70; enter at most 10 here, or correct the card points above",
        ),
        (
            "Card points of Anna and Cilli (of 70)",
            "Blatt 4 is more than 2 (3 Blatt make a whole point): enter Points 31 and Blatt 1",
        ),
    ),
    "de": (
        (
            "Kartenpunkte von Cilli (höchstens 10)",
            "30 ist mehr als die 10 Kartenpunkte, die übrig "
            "sind: Anna und Bert haben 60 von den 70; hier höchstens 10 eingeben oder die Kartenpunkte "
            "darüber ausbessern",
        ),
        (
            "Kartenpunkte von Anna und Cilli (von 70)",
            "Blatt 4 ist mehr als 2 (3 Blatt sind ein ganzer Punkt): Punkte 31 und Blatt 1 eingeben",
        ),
    ),
}


REST = {
    "en": "Dani: the rest of the 70 card points, worked out",
    "de": "Dani: der Rest der 70 Kartenpunkte, wird ausgerechnet",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_card_points_refused_are_said_in_the_fields_words(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, tmp_path: Path
) -> None:
    server, path = evening
    (trischaken_label, trischaken), (blatt_label, blatt) = FORM_WORDS[lang]
    page = phone()
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    thumb.choose("contract", "Trischaken")
    for player in ("Anna", "Bert", "Cilli"):
        thumb.points("30", key=f"points:{player}")
        settled(page)
    # Dani's field is not asked for: the form says why, under the last field
    expect(page.locator('fieldset[data-key="points:Cilli"] .meta')).to_have_text(REST[lang])
    thumb.button(WORDS[lang]["show"])
    notice = page.locator("#notice .notice.refused")
    expect(notice.locator(".lead")).to_have_text(UNCHANGED[lang])
    expect(notice.locator("li")).to_have_text(f"{trischaken_label}: {trischaken}")
    expect(page.locator('fieldset[data-key="points:Cilli"] .error')).to_have_text(trischaken)
    expect(page.locator('fieldset[data-key="points:Cilli"] legend')).to_have_text(trischaken_label)
    assert "card_points" not in page.inner_text("body")
    page.screenshot(path=str(tmp_path / f"trischaken-refused-{lang}.png"), full_page=True)
    no_sideways_scrolling(page)

    page = phone()  # another phone: this one keeps its Trischaken being entered
    page.goto(server.url("evening", lang=lang))
    fill_rufer(Thumb(page), points="30", blatt="4")
    settled(page)
    page.get_by_role("button", name=WORDS[lang]["show"]).click()
    expect(page.locator("#notice .notice.refused li")).to_have_text(f"{blatt_label}: {blatt}")
    expect(page.locator('fieldset[data-key="card_points"] .error')).to_have_text(blatt)
    expect(page.locator('fieldset[data-key="card_points"] legend')).to_have_text(blatt_label)
    expect(page.locator('input[name="blatt:card_points"]')).to_have_value("4")  # kept as typed
    assert "30/4" not in page.inner_text("body") and "card_points" not in page.inner_text("body")
    page.screenshot(path=str(tmp_path / f"blatt-refused-{lang}.png"), full_page=True)
    no_sideways_scrolling(page)
    assert hands(path) == 0


def test_a_stale_page_is_refused_and_the_hand_not_dropped(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    fill_rufer(Thumb(page))
    page.get_by_role("button", name="Show the arithmetic").click()
    page.wait_for_selector("#preview:not([hidden])")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "36")  # the CLI, in between
    page.get_by_role("button", name="Record hand 1").click()
    page.wait_for_selector("#outbox .notice.refused")
    assert "the sheet has changed" in page.inner_text("#outbox")
    assert hands(path) == 1
    page.get_by_role("button", name="Enter it again").click()  # the answers come back into the form
    expect(page.locator("input[name=card_points]")).to_have_value("40")
    expect(page.locator('fieldset[data-key="partner"] input[value="Cilli"]')).to_be_checked()
    expect(page.locator("#hand-head h2")).to_have_text("Hand 2")  # entered on the sheet as it is now


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hand_refused_after_the_sheet_moved_under_its_arithmetic_leaves_the_form_on_the_new_sheet(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """Hand 1's arithmetic shown, the command line records a hand: the page says the sheet has
    changed. Record tapped all the same: the hand is refused, with "Enter it again". The form,
    emptied, stayed headed "Hand 1" on the old sheet under "Enter on the new sheet", where the next
    hand entered would be refused too; it follows the sheet to hand 2, the old notice gone."""
    server, path = evening
    words = WORDS[lang]
    page = phone()
    page.goto(server.url("evening", lang=lang))
    fill_rufer(Thumb(page))
    page.get_by_role("button", name=words["show"]).click()
    page.wait_for_selector("#preview:not([hidden])")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "36")
    expect(page.locator("#notice .notice.stale")).to_be_visible()
    page.get_by_role("button", name=words["record"].format(n=1)).click()
    expect(page.locator("#outbox .notice.refused")).to_be_visible()
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    expect(page.locator("#notice .notice.stale")).to_have_count(0)
    page.screenshot(path=str(path.parent / f"refused-on-moved-sheet-{lang}.png"), full_page=True)
    no_sideways_scrolling(page)
    assert hands(path) == 1


# Depends on the server's "already_on_sheet" answer (docs/serve.md, "JSON answers"): until the
# write path answers it, the second phone is told "the sheet has changed" and this test fails.
@pytest.mark.parametrize("script", [True, False])
def test_the_second_phone_is_told_the_hand_is_already_on_the_sheet(
    evening: tuple[Server, Path], phone: Callable[..., Any], script: bool
) -> None:
    """Two phones enter the same hand; the first records it; the second is told it is on the
    sheet as hand 1, with no button that enters it again, and nothing is recorded twice (finding 2)."""
    server, path = evening
    first = phone()
    second = phone(script=script)
    for page in (first, second):
        page.goto(server.url("evening"))
        fill_rufer(Thumb(page))
        page.get_by_role("button", name="Show the arithmetic").click()
        page.get_by_role("button", name="Record hand 1").wait_for()
    first.get_by_role("button", name="Record hand 1").click()
    expect(first.locator("#notice .notice.ok")).to_be_visible()
    second.get_by_role("button", name="Record hand 1").click()
    told = second.locator(".notice.info")
    expect(told).to_contain_text("This hand is already on the sheet as hand 1")
    expect(second.get_by_role("button", name="Enter it again")).to_have_count(0)
    assert hands(path) == 1
    if not script:
        assert "done=already&hand=1" in second.url


STALE_PREVIEW = {
    "en": {"already": "This hand is already on the sheet as hand 1", "changed": "the sheet has changed"},
    "de": {
        "already": "Dieses Spiel steht schon als Spiel 1 in der Schrift",
        "changed": "die Schrift hat sich geändert",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("script", [True, False])
def test_the_arithmetic_asked_after_the_sheet_moved_says_so_instead_of_offering_the_next_hand(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, script: bool
) -> None:
    """The second phone has entered hand 1 and not yet asked its arithmetic when the first records
    it: "Show the arithmetic" says the hand is already on the sheet as hand 1, and offers no
    "Record hand 2" for it. A different hand entered on the old sheet is told the sheet changed,
    keeps its answers, and is then shown and recorded as hand 2."""
    server, path = evening
    words = {**WORDS[lang], **STALE_PREVIEW[lang]}
    first = phone()
    second = phone(script=script)
    first.goto(server.url("evening"))
    second.goto(server.url("evening", lang=lang))
    for page in (first, second):
        fill_rufer(Thumb(page))
    first.get_by_role("button", name="Show the arithmetic").click()
    first.get_by_role("button", name="Record hand 1").click()
    expect(first.locator("#notice .notice.ok")).to_be_visible()
    second.get_by_role("button", name=words["show"]).click()
    expect(second.locator(".notice.info")).to_contain_text(words["already"])
    expect(second.get_by_role("button", name=words["record"].format(n=2))).to_have_count(0)
    expect(second.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    no_sideways_scrolling(second)
    assert hands(path) == 1

    # a hand of its own, entered on hand 2's sheet while the command line records hand 2
    thumb = Thumb(second)
    thumb.choose("contract", "Dreier")
    thumb.choose("declarer", "Bert")
    thumb.points("40")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Dani", "-t", "20")
    thumb.button(words["show"])
    # the refusal, or the page's own word that the sheet moved (whichever came last)
    expect(second.locator(".notice.stale")).to_contain_text(re.compile(words["changed"], re.I))
    expect(second.get_by_role("button", name=words["record"].format(n=3))).to_have_count(0)
    expect(second.locator("#hand-head h2")).to_have_text(words["heading"].format(n=3))
    expect(second.locator("input[name=card_points]:not([type=hidden])")).to_have_value("40")
    assert hands(path) == 2
    settled(second)
    thumb.button(words["show"])
    thumb.button(words["record"].format(n=3))
    expect(second.locator(".notice.ok")).to_contain_text(words["recorded"].format(n=3))
    last = tarockscore.Evening(path).ledger.hands[-1].hand
    assert (len(tarockscore.Evening(path).ledger.hands), last.contract, last.declarer) == (
        3,
        "dreier",
        "Bert",
    )


def test_offline_the_hand_waits_and_its_arithmetic_is_shown_before_it_is_recorded(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """Without network the hand waits on the phone; when the network is back its arithmetic is
    shown, and nothing is recorded until Record is tapped (finding 4)."""
    server, path = evening
    page = phone(fresh=True)
    page.goto(server.url("evening"))
    fill_rufer(Thumb(page))
    page.context.set_offline(True)
    page.get_by_role("button", name="Show the arithmetic").click()
    expect(page.locator("#outbox")).to_contain_text("1 hand waiting for the network")
    expect(page.locator("#hand-head h2")).to_have_text("Hand 2")  # the table plays on
    back_online(page)
    page.wait_for_selector("#preview:not([hidden])")
    expect(page.locator("#preview")).to_contain_text("Hand 1")
    time.sleep(1.5)  # the outbox is looked at again and again: still nothing recorded
    assert hands(path) == 0
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#notice .notice.ok")).to_contain_text("Hand 1 is recorded.")
    assert hands(path) == 1
    expect(page.locator("#outbox")).to_have_text("")
    expect(page.locator("#hand-head h2")).to_have_text("Hand 2")


OFFLINE_REPLACE = {
    "en": ("hand 1 is replaced when you tap Replace hand 1", "Replace hand 1", "Hand 1 is replaced."),
    "de": (
        "Spiel 1 wird erst ersetzt, wenn du auf Spiel 1 ersetzen tippst",
        "Spiel 1 ersetzen",
        "Spiel 1 ist ersetzt.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_replacement_shown_without_network_is_said_to_wait_for_its_replace_button(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """Hand 1 being replaced, "Show the arithmetic" tapped without network: the page said the hand
    "is recorded when you tap Record", a button the replacement has not. It names the button the
    replacement is confirmed with, and the hand is replaced once it is tapped with the network back."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    said, button, done = OFFLINE_REPLACE[lang]
    page = phone(fresh=True)
    page.goto(server.url("evening", lang=lang) + "&replace=1")
    page.locator("input[name=card_points]").fill("45")
    page.context.set_offline(True)
    page.get_by_role("button", name=WORDS[lang]["show"]).click()
    expect(page.locator("#notice")).to_contain_text(said)
    back_online(page)
    page.get_by_role("button", name=button).click()
    expect(page.locator("#notice")).to_contain_text(done)
    assert tarockscore.Evening(path).ledger.hands[0].hand.card_points == 45


def test_a_hand_waiting_for_the_network_no_longer_says_so_once_the_network_is_back(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """A hand shown without network waits on the phone, and the page says so. Once the network
    is back its arithmetic is shown, or it is refused (the sheet moved meanwhile): either way
    "no network: the hand waits on this phone" stood on above it, no longer true."""
    server, path = evening
    page = phone(fresh=True)
    page.goto(server.url("evening"))
    for moved in (False, True):
        fill_rufer(Thumb(page))
        page.context.set_offline(True)
        page.get_by_role("button", name="Show the arithmetic").click()
        expect(page.locator("#notice")).to_contain_text("no network")
        if moved:
            cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
        back_online(page)
        if moved:
            expect(page.locator("#outbox")).to_contain_text("the sheet has changed")
        else:
            page.wait_for_selector("#preview:not([hidden])")
        expect(page.locator("#notice")).not_to_contain_text("no network")
        if not moved:
            page.get_by_role("button", name="Record hand 1").click()
            expect(page.locator("#notice .notice.ok")).to_contain_text("Hand 1 is recorded.")


def test_a_hand_that_waits_for_the_network_is_said_where_the_thumb_is(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """At 360 px "Show the arithmetic" (or "Record") tapped without network emptied the form under
    the thumb, and what said the hand waits stood some 700 px above, out of sight: the table saw
    its hand gone and entered it again. The page shows the waiting hand's line."""
    server, path = evening
    page = phone(fresh=True)
    page.goto(server.url("evening"))
    fill_rufer(Thumb(page))
    page.context.set_offline(True)
    page.get_by_role("button", name="Show the arithmetic").click()
    expect(page.locator("#outbox")).to_contain_text("1 hand waiting for the network")
    expect(page.locator("#outbox")).to_be_in_viewport()
    back_online(page)
    page.wait_for_selector("#preview:not([hidden])")
    page.context.set_offline(True)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#outbox")).to_contain_text("1 hand waiting to be sent")
    expect(page.locator("#outbox")).to_be_in_viewport()
    page.context.set_offline(False)


def test_a_hand_whose_record_was_tapped_without_network_is_not_offered_again(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """Record tapped as the network went: the hand waited to be sent, and the form was headed
    "Hand 1, Dani deals, Anna is Forehand" again, as if it had not been entered; a table would
    enter it twice. The form moves on to hand 2 as it does for a hand shown without network,
    and the hand is recorded once when the network is back."""
    server, path = evening
    page = recorded_without_network(phone(fresh=True), server)
    expect(page.locator("#hand-head h2")).to_have_text("Hand 2")
    expect(page.locator("#hand-head")).not_to_contain_text("Dani deals")
    back_online(page)
    expect(page.locator("#notice .notice.ok")).to_contain_text("Hand 1 is recorded.")
    expect(page.locator("#hand-head")).to_contain_text("Anna deals, Bert is Forehand")
    assert hands(path) == 1


def test_a_hand_the_server_cannot_write_now_waits_and_the_form_moves_on(
    evening: tuple[Server, Path], phone: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Record tapped while the laptop's disk is full: the hand waited to be sent with no word why,
    under a form headed "Hand 1" again, as if it had not been entered. The page says why, the
    form moves on to hand 2 as it does without network, and the hand is recorded once when the
    disk has room."""
    import errno
    import os

    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    fill_rufer(Thumb(page))
    page.get_by_role("button", name="Show the arithmetic").click()
    page.wait_for_selector("#preview:not([hidden])")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        page.get_by_role("button", name="Record hand 1").click()
        expect(page.locator("#outbox")).to_contain_text("1 hand waiting to be sent")
        expect(page.locator("#notice")).to_contain_text("the server's disk is full")
        expect(page.locator("#hand-head h2")).to_have_text("Hand 2")
        assert hands(path) == 0
    expect(page.locator("#notice .notice.ok")).to_contain_text("Hand 1 is recorded.")
    expect(page.locator("#hand-head")).to_contain_text("Anna deals, Bert is Forehand")
    assert hands(path) == 1


def test_a_phone_back_on_the_network_follows_the_sheet_though_its_stream_went_dead(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """A phone that left the Wi-Fi and came back can keep a stream of changes that no longer
    carries anything (its connection died without a word): the page stood at hand 1 while the
    command line recorded. Back on the network, the page asks for the sheet and follows it."""
    server, path = evening
    page = phone(fresh=True)
    dead: list[Any] = []
    page.route("**/events", lambda route: dead.append(route))  # never answered: a stream that carries nothing
    page.goto(server.url("evening"), wait_until="domcontentloaded")
    settled(page)
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    time.sleep(1)
    expect(page.locator("#hand-head h2")).to_have_text("Hand 1")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#hand-head h2")).to_have_text("Hand 2")
    expect(page.locator("#sheet")).to_contain_text("Rufer by Anna with Cilli, won")


def test_the_page_follows_the_sheet_written_elsewhere(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """Another phone or the command line records: an untouched form moves on to the next hand
    (heading, deal, corrections) by itself; a hand being entered keeps its answers and is told,
    and moves on when asked (finding 3)."""
    server, path = evening
    page, other = phone(), phone()
    page.goto(server.url("evening"))
    page.locator("#corrections").wait_for(state="attached")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Anna", "-t", "40")
    expect(page.locator("#hand-head h2")).to_have_text("Hand 2")
    expect(page.locator("#hand-head")).to_contain_text("Anna deals, Bert is Forehand")
    expect(page.locator("#corrections")).to_contain_text("Take back hand 1")
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")  # a hand begun here
    other.goto(server.url("evening"))
    fill_rufer(Thumb(other))
    other.get_by_role("button", name="Show the arithmetic").click()
    other.get_by_role("button", name="Record hand 2").click()
    expect(page.locator("#notice")).to_contain_text("The sheet has changed")
    expect(page.locator("#corrections")).to_contain_text("Take back hand 2")
    expect(page.locator('fieldset[data-key="contract"] input[value="rufer"]')).to_be_checked()
    page.get_by_role("button", name="Enter on the new sheet").click()
    expect(page.locator("#hand-head h2")).to_have_text("Hand 3")
    expect(page.locator('fieldset[data-key="contract"] input[value="rufer"]')).to_be_checked()


CLOSED = {
    "en": ("this evening is closed: nothing more is recorded on its sheet", "reading only", "next: hand 2"),
    "de": ("dieser Abend ist abgeschlossen", "nur lesen", "als Nächstes: Spiel 2"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_evening_closed_on_the_laptop_is_said_on_every_open_page_at_once(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, tmp_path: Path
) -> None:
    """The evening closed on the laptop (its ledger made read-only) while its pages are open: the
    page without the code still said "reading only: recording needs the table's code" and the page
    with it still offered hand 2, until reloaded. Both say it is closed at once, name no next hand,
    and offer no form; opened again, both offer hand 2 again."""
    closed, reading, invite = CLOSED[lang]
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    page, reader = phone(), phone()
    page.goto(server.url("evening", lang=lang))
    reader.goto(server.url("evening", code=None, lang=lang))
    settled(page)
    expect(reader.locator("body")).to_contain_text(reading)
    path.chmod(0o444)
    try:
        expect(reader.locator("body")).to_contain_text(closed)
        expect(page.locator("body")).to_contain_text(closed)
        expect(page.locator("#hand-form")).to_be_hidden()
        for shown in (page, reader):
            expect(shown.locator("#sheet")).not_to_contain_text(invite)
        expect(reader.locator("body")).not_to_contain_text(reading)
        expect(page.locator("#corrections")).to_be_empty()
        no_sideways_scrolling(reader)
        reader.screenshot(path=str(tmp_path / f"closed-live-reader-{lang}.png"), full_page=True)
        page.screenshot(path=str(tmp_path / f"closed-live-code-{lang}.png"), full_page=True)
    finally:
        path.chmod(0o644)
    expect(reader.locator("body")).to_contain_text(reading)
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text(closed)
    for shown in (page, reader):
        expect(shown.locator("#sheet")).to_contain_text(invite)


def test_a_hand_half_entered_as_the_evening_is_closed_goes_with_the_form_and_comes_back(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """The evening closed on the laptop while a hand is half entered: its form stayed, emptied of
    its fields under the player's thumb, above "Show the arithmetic", which could only be refused.
    The form goes as an untouched one does, the page says the evening is closed; opened again,
    the form comes back with its answers."""
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    Thumb(page).choose("contract", "Rufer")
    path.chmod(0o444)
    try:
        expect(page.locator("#notice")).to_contain_text(CLOSED["en"][0])
        expect(page.locator("#hand-form")).to_be_hidden()
    finally:
        path.chmod(0o644)
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator('fieldset[data-key="contract"] input[value="rufer"]')).to_be_checked()
    expect(page.locator('fieldset[data-key="declarer"]')).to_be_visible()


def test_what_a_correction_did_is_not_said_again_by_a_reload_on_a_sheet_moved_on(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """Hand 1 taken back from the page, then a Dreier recorded as hand 1 at the command line: the
    page followed the sheet, but reloaded (a tap on the address bar, a tab the phone dropped) it
    said again "Hand 1 is taken back. Rufer by Anna with Cilli, won" above the sheet's hand 1, the
    Dreier. What was done is said once; the address keeps the page, not the news."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    page = phone()
    page.goto(server.url("evening"))
    page.locator("details.corrections > summary").click()
    page.locator("details.take-back > summary").click()
    page.locator("#undo").click()
    expect(page.locator("#notice")).to_contain_text("Hand 1 is taken back.")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Anna", "-t", "40")
    expect(page.locator("#sheet")).to_contain_text("Dreier by Anna, won")
    page.reload()
    expect(page.locator("#sheet")).to_contain_text("Dreier by Anna, won")
    expect(page.locator("#hand-head h2")).to_have_text("Hand 2")
    expect(page.locator("#notice")).not_to_contain_text("taken back")


def test_a_hand_being_replaced_that_another_phone_replaced_meanwhile_is_not_overwritten_unasked(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """A phone at "Replace hand 1" (a Rufer by Anna with Cilli), not yet touched, while another
    phone takes hand 1 back and records a Dreier by Bert in its place: the form followed the sheet
    silently, headed "on the sheet now: Dreier by Bert" with the Rufer's answers still in it, and
    Replace would have put the Rufer over the Dreier. The page says the sheet has changed, and the
    Rufer sent anyway is refused, the Dreier left as it is."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    page = phone()
    page.goto(server.url("evening") + "&replace=1")
    expect(page.locator("#hand-head")).to_contain_text("Replace hand 1")
    settled(page)
    cli("undo", "--ledger", str(path))
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
    expect(page.locator("#sheet")).to_contain_text("Dreier by Bert, won")
    expect(page.locator("#notice")).to_contain_text("The sheet has changed")
    page.get_by_role("button", name="Show the arithmetic").click()
    expect(page.locator("#notice")).to_contain_text("the sheet has changed")
    assert [e.keys["contract"] for e in tarockscore.Evening(path).ledger.hands] == ["dreier"]


def test_a_take_back_asked_is_not_turned_into_another_hands_by_the_sheet_moving(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """The first tap on "Take back hand 1" (its second, below the hand as the sheet has it, takes it
    back) while another phone records hand 2: the question stayed open, now over hand 2 and its
    button "Take back hand 2" under the thumb, whose next tap took back the other phone's hand.
    The question asked about hand 1 closes; the corrections stay open."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    page = phone()
    page.goto(server.url("evening"))
    page.locator("details.corrections > summary").click()
    page.locator("details.take-back > summary").click()
    expect(page.locator("#undo")).to_be_visible()
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
    expect(page.locator("details.take-back > summary")).to_have_text("Take back hand 2")
    expect(page.locator("#undo")).to_be_hidden()
    expect(page.locator("details.corrections > summary")).to_be_visible()
    assert page.evaluate("document.querySelector('details.corrections').open")


OFFLINE_CORRECTION = {
    "en": "no network: nothing was changed; tap it again once the network is back",
    "de": "kein Netz: nichts wurde geändert; noch einmal tippen, sobald das Netz wieder da ist",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_correction_tapped_without_network_keeps_the_page_and_says_so(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """ "Take back hand 1" tapped as the network went left the table's page for the browser's own
    "No internet" page, the sheet and the hand half entered out of sight. The page stays, says
    nothing was changed, and the take-back is made when tapped again with the network back."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    page = phone(fresh=True)
    page.goto(server.url("evening", lang=lang))
    Thumb(page).choose("contract", WORDS[lang]["contract"])
    page.locator("details.corrections > summary").click()
    page.locator("details.take-back > summary").click()
    page.context.set_offline(True)
    page.locator("#undo").click()
    expect(page.locator("#notice")).to_contain_text(OFFLINE_CORRECTION[lang])
    expect(page.locator("#hand-head h2")).to_have_text(WORDS[lang]["heading"].format(n=2))
    assert hands(path) == 1
    page.screenshot(path=str(path.parent / f"correction-offline-{lang}.png"), full_page=True)
    no_sideways_scrolling(page)
    back_online(page)
    page.locator("#undo").click()
    expect(page.locator("#notice")).to_contain_text(WORDS[lang]["heading"].format(n=1))
    assert eventually(lambda: hands(path) == 0)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("code", [None, "own"], ids=["reading", "recording"])
def test_a_hands_line_tapped_without_network_keeps_the_page_and_says_so(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, code: str | None
) -> None:
    """A hand's line tapped as the network went left the sheet for the browser's own "No internet"
    page. The page stays and says so, as a correction does; tapped again online, it explains."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    page = phone(fresh=True)
    page.goto(server.url("evening", code, lang))
    address = page.url
    line = page.locator('#sheet tbody[data-hand="1"] td.what').get_by_role("link")
    page.context.set_offline(True)
    line.click()
    expect(page.locator("#notice")).to_contain_text(OFFLINE_CORRECTION[lang])
    assert page.url == address
    no_sideways_scrolling(page)
    back_online(page)
    line.click()
    expect(page.locator("section.explain")).to_contain_text(EXPLAINED[lang]["history"])


SITS_OUT = {
    "en": {
        "changed": "The sheet has changed",
        "use_new": "Enter on the new sheet",
        "said": "Anna deals this hand and sits out: choose the declarer again",
        "deal": "Anna deals, Bert is Forehand, Anna sits out",
        "line": "Rufer by Bert with Cilli, won",
    },
    "de": {
        "changed": "Die Schrift hat sich geändert",
        "use_new": "In der neuen Schrift eingeben",
        "said": "Anna gibt dieses Spiel und setzt aus: den Spieler neu wählen",
        "deal": "Anna gibt, Bert ist Vorhand, Anna setzt aus",
        "line": "Rufer von Bert mit Cilli, gewonnen",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_declarer_who_deals_on_the_new_sheet_is_told_why_the_answer_went(
    tmp_path: Path, phone: Callable[..., Any], lang: str
) -> None:
    """Five at the table, the dealer sits out: a Rufer by Anna begun for hand 1 (Erik deals) while
    the command line records hand 1. Entered on the new sheet it is hand 2, which Anna deals: the
    declarer's field says she sits out and to choose again, where it said only that an answer is
    needed; the other answers stay, and the hand is recorded once a declarer is chosen."""
    path = tmp_path / "five.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani,Erik", "--ledger", str(path))
    server = Server(path, HOST)
    try:
        words = {**WORDS[lang], **SITS_OUT[lang]}
        page = phone()
        page.goto(server.url("evening", lang=lang))
        thumb = Thumb(page)
        fill_rufer(thumb)
        settled(page)
        cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
        expect(page.locator("#notice .notice.stale")).to_contain_text(words["changed"])
        page.get_by_role("button", name=words["use_new"]).click()
        expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
        expect(page.locator("#hand-head")).to_contain_text(words["deal"])
        declarer = page.locator('fieldset[data-key="declarer"]')
        expect(declarer.locator(".error")).to_have_text(words["said"])
        expect(declarer.locator('input[value="Anna"]')).to_have_count(0)
        expect(page.locator('fieldset[data-key="partner"] input[value="Cilli"]')).to_be_checked()
        expect(page.locator("input[name=card_points]")).to_have_value("40")
        settled(page)
        no_sideways_scrolling(page)
        page.screenshot(path=str(tmp_path / f"sits-out-{lang}.png"), full_page=True)
        thumb.choose("declarer", "Bert")
        expect(declarer.locator(".error")).to_have_count(0)
        recorded(page, thumb, words, 2)
        expect(page.locator('tbody[data-hand="2"] td.what')).to_have_text(words["line"])
        assert hands(path) == 2
    finally:
        server.stop()


DROPPED_KONTRA = {
    "en": {
        "no": "no",
        "said": "Anna deals this hand and sits out: the Kontra of Anna is dropped",
        "line": "Bettler by Bert, Rekontra against Dani, lost",
    },
    "de": {
        "no": "nein",
        "said": "Anna gibt dieses Spiel und setzt aus: das Kontra von Anna fällt weg",
        "line": "Bettler von Bert, Rekontra gegen Dani, verloren",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_kontra_of_who_deals_on_the_new_sheet_is_said_to_be_dropped(
    tmp_path: Path, phone: Callable[..., Any], lang: str
) -> None:
    """Five at the table: a Bettler by Bert begun for hand 1 with Anna's Kontra and Dani's Rekontra,
    entered on the new sheet as hand 2, which Anna deals: the first Kontra field says hers is
    dropped, Dani's stays, and the hand is recorded with Dani's alone."""
    path = tmp_path / "five.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani,Erik", "--ledger", str(path))
    server = Server(path, HOST)
    try:
        words = {**WORDS[lang], **SITS_OUT[lang], **DROPPED_KONTRA[lang]}
        page = phone()
        page.goto(server.url("evening", lang=lang))
        thumb = Thumb(page)
        thumb.choose("contract", "Bettler")
        thumb.choose("declarer", "Bert")
        thumb.choose("won", words["no"])
        thumb.choose("kontra:Anna", "Kontra")
        thumb.choose("kontra:Dani", "Rekontra")
        cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
        expect(page.locator("#notice .notice.stale")).to_contain_text(words["changed"])
        page.get_by_role("button", name=words["use_new"]).click()
        expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
        expect(page.locator('fieldset[data-key="kontra:Cilli"] .error')).to_have_text(words["said"])
        expect(page.locator('fieldset[data-key="kontra:Dani"] input[value="rekontra"]')).to_be_checked()
        settled(page)
        page.screenshot(path=str(tmp_path / f"kontra-dropped-{lang}.png"), full_page=True)
        thumb.button(words["show"])
        thumb.button(words["record"].format(n=2))
        expect(page.locator('tbody[data-hand="2"] td.what')).to_have_text(words["line"])
    finally:
        server.stop()


KONTRA_BY = {
    "en": {"no": "no", "line": "Bettler by Bert, Kontra from Anna, Rekontra against Dani, lost"},
    "de": {"no": "nein", "line": "Bettler von Bert, Kontra von Anna, Rekontra gegen Dani, verloren"},
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_defenders_own_kontra_is_on_the_hands_line(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, tmp_path: Path
) -> None:
    """A Bettler lost, Anna saying Kontra and Dani Kontra for themselves, Bert answering Dani with
    Rekontra (koenigrufen: contra ad personam in negative contracts): the notice and the sheet name
    both, as they name a Kontra on the contract; "Kontra with Anna" read as if Anna were Bert's
    partner: a Kontra is from the Defender who said it, a Rekontra against the one it answers."""
    server, path = evening
    words = {**WORDS[lang], **KONTRA_BY[lang]}
    page = phone()
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    thumb.choose("contract", "Bettler")
    thumb.choose("declarer", "Bert")
    thumb.choose("won", words["no"])
    thumb.choose("kontra:Anna", "Kontra")
    thumb.choose("kontra:Dani", "Rekontra")
    recorded(page, thumb, words, 1)
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["line"])
    expect(page.locator('tbody[data-hand="1"] td.what')).to_have_text(words["line"])
    assert dict(tarockscore.Evening(path).ledger.hands[0].hand.kontra_by) == {
        "Anna": "kontra",
        "Dani": "rekontra",
    }
    no_sideways_scrolling(page)
    page.screenshot(path=str(tmp_path / f"kontra-by-{lang}.png"), full_page=True)


RELOAD = {
    "en": {"changed": "The sheet has changed", "already": "This hand is already on the sheet as hand 1"},
    "de": {
        "changed": "Die Schrift hat sich geändert",
        "already": "Dieses Spiel steht schon als Spiel 1 in der Schrift",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_reload_in_the_middle_of_a_hand_loses_no_answer(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """A phone reloaded while a hand is being entered (a tap on the address bar, the tab dropped
    in the background): the answers come back, card points as typed, and the hand is recorded as
    entered. A second reload after the hand went onto the sheet from elsewhere keeps the answers
    on the sheet they were given on: the page says the sheet changed, and the arithmetic says the
    hand is already there, instead of offering it again as the next hand."""
    server, path = evening
    words = {**WORDS[lang], **RELOAD[lang]}
    page = phone()
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    fill_rufer(thumb, "35", "2")
    thumb.choose("kontra", "Kontra")
    page.reload()
    checked = 'fieldset[data-key="{}"] input[value="{}"]'
    for key, value in (
        ("contract", "rufer"),
        ("declarer", "Anna"),
        ("partner", "Cilli"),
        ("kontra", "kontra"),
    ):
        expect(page.locator(checked.format(key, value))).to_be_checked()
    expect(page.locator("input[name=card_points]")).to_have_value("35")
    expect(page.locator('input[name="blatt:card_points"]')).to_have_value("2")
    settled(page)
    recorded(page, thumb, words, 1)
    hand = tarockscore.Evening(path).ledger.hands[0].hand
    assert (hand.contract, hand.partner, hand.card_points, hand.kontra) == (
        "rufer",
        "Cilli",
        Fraction(107, 3),
        "kontra",
    )
    page.reload()  # the hand recorded: nothing comes back
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    settled(page)
    assert page.locator("fieldset[data-key=contract] input:checked").count() == 0

    fill_rufer(thumb)  # hand 2, entered here, recorded by another phone before the reload
    settled(page)
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    page.reload()
    expect(page.locator("#notice .notice.stale")).to_contain_text(words["changed"])
    page.screenshot(path=str(path.parent / f"reload-moved-{lang}.png"), full_page=True)
    expect(page.locator(checked.format("partner", "Cilli"))).to_be_checked()
    expect(page.locator("input[name=card_points]")).to_have_value("40")
    settled(page)
    thumb.button(words["show"])
    expect(page.locator(".notice.info")).to_contain_text(words["already"].replace("1", "2"))
    expect(page.get_by_role("button", name=words["record"].format(n=3))).to_have_count(0)
    assert hands(path) == 2
    no_sideways_scrolling(page)


@pytest.fixture
def day(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path / "cup-day"
    players = [
        "Anna",
        "Bert",
        "Cilli",
        "Dani",
        "Edi",
        "Fritz",
        "Gerti",
        "<img src=x onerror=alert(1)>".replace("=", ":"),
    ]
    cli("tournament", "new", str(folder), "--players", ",".join(players), "--rounds", "2", "--games", "4",
        "--profile", "ooe-2023", "--format", "schrift")  # fmt: skip
    cli("tournament", "draw", str(folder), "--round", "1", "--seed", "5")
    server = Server(folder, HOST)
    yield server, folder
    server.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_code_or_another_tables_code_records_nothing(
    day: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    server, _folder = day
    page = phone()
    page.goto(server.url("r1t1", code=None, lang=lang))
    assert page.locator("#hand-form").count() == 0  # the sheet, no form
    answer = page.goto(server.url("r1t1", code=server.site.code("r1t2"), lang=lang))
    assert answer is not None and answer.status == 403
    expected = (
        "this code does not open this table" if lang == "en" else "dieser Code öffnet diesen Tisch nicht"
    )
    assert expected in page.inner_text("body")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_closed_rounds_code_reads_its_sheet_and_records_nothing(
    day: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    server, folder = day
    page = phone()
    page.goto(server.url("r1t1", lang=lang))
    assert page.locator("#hand-form").count() == 1
    close_round(server.site, folder, 1)
    page.reload()
    closed = "round 1 is closed" if lang == "en" else "Runde 1 ist abgeschlossen"
    assert closed in page.inner_text("body")
    assert page.locator("#hand-form").count() == 0 and page.locator("details.corrections").count() == 0
    assert page.locator("#sheet").count() == 1  # the sheet is still read
    # the organiser's code still corrects the closed round
    page.goto(server.url("r1t1", code=server.site.code("organiser"), lang=lang))
    assert closed not in page.inner_text("body") and page.locator("details.corrections").count() == 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_round_closed_at_the_desk_is_said_on_its_tables_open_pages_at_once(
    day: tuple[Server, Path], phone: Callable[..., Any], lang: str, tmp_path: Path
) -> None:
    """`tournament close-round` while a table's page is open with its code, its hand half entered:
    the page went on offering the form, whose hand was then refused in the outbox (403
    round_closed). It says at once that the round is closed, and the form goes."""
    server, folder = day
    page = phone()
    page.goto(server.url("r1t1", lang=lang))
    page.locator('fieldset[data-key="contract"] input[type=radio]').first.click()
    settled(page)
    tarockscore.Tournament(folder).close_round(1)
    closed = "round 1 is closed" if lang == "en" else "Runde 1 ist abgeschlossen"
    expect(page.locator("#status")).to_contain_text(closed)
    expect(page.locator("#hand-form")).to_be_hidden()
    expect(page.locator("#corrections")).to_be_empty()
    no_sideways_scrolling(page)
    page.screenshot(path=str(tmp_path / f"round-closed-live-{lang}.png"), full_page=True)


NOT_PLAYED = {
    "en": ("round 1 is closed and this table has no hands: it was not played", "not played"),
    "de": (
        "Runde 1 ist abgeschlossen und dieser Tisch hat keine Spiele: er wurde nicht gespielt",
        "nicht gespielt",
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_closed_rounds_table_without_hands_says_it_was_not_played(
    day: tuple[Server, Path], phone: Callable[..., Any], lang: str, tmp_path: Path
) -> None:
    """Round 1 closed at the desk while table 2 recorded nothing: its page names no next hand and
    the board does not count it 0 of 4 as if it were about to begin; table 1 shows its hand."""
    server, folder = day
    first = next(p for p in server.site.places() if p.key == "r1t1")
    first.evening.record({"contract": "dreier", "declarer": first.players[0], "won": True})
    cli("tournament", "close-round", str(folder), "--round", "1")
    said, progress = NOT_PLAYED[lang]
    for code in ("", "own", server.site.code("organiser")):
        page = phone()
        page.goto(server.url("r1t2", code=code, lang=lang))
        expect(page.locator("#next")).to_have_text(said)
        body = page.inner_text("body")
        for wrong in ("next: hand 1", "als Nächstes: Spiel 1", "no hands yet", "noch keine Spiele"):
            assert wrong not in body
        no_sideways_scrolling(page)
    page.screenshot(path=str(tmp_path / f"not-played-{lang}.png"), full_page=True)
    board = phone()
    board.goto(f"{server.base}/board?lang={lang}")
    rows = board.locator("#board table.progress tr")

    def row(table: int) -> Any:  # the row whose first cell names round 1's table, looked up on each retry
        named = re.compile(rf"1,\s(table|Tisch)\s{table}$")  # the space before a number is unbreakable
        return rows.filter(has=board.locator("td:first-child, th:first-child", has_text=named))

    expect(row(2)).to_contain_text(progress)  # waits out any live update of the board
    expect(row(2)).not_to_contain_text("0 / 4")
    expect(row(1)).to_contain_text("1 / 4")
    # beside "1 / 4, abgeschlossen" the table's name is "Runde 1," over "Tisch 1", not a word a
    # line, and a number never alone ("Round 1, table" over "1"): [lines, numbers off their word]
    lines = board.evaluate(
        r"""[...document.querySelectorAll('table.progress td:first-child')].map(td => {
            const range = document.createRange(); range.selectNodeContents(td);
            const text = td.firstChild.data;
            const bottom = (i) => { range.setStart(td.firstChild, i); range.setEnd(td.firstChild, i + 1);
                                    return Math.round(range.getBoundingClientRect().bottom); };
            const apart = [...text.matchAll(/\S\s\d/g)].filter((m) => bottom(m.index) !== bottom(m.index + 2));
            range.selectNodeContents(td);
            return [new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size, apart.length]; })"""
    )
    assert all(count <= 2 and not apart for count, apart in lines), lines
    no_sideways_scrolling(board)
    board.screenshot(path=str(tmp_path / f"not-played-board-{lang}.png"), full_page=True)


PAPER = {
    "en": ("the result is taken from the table's paper sheet: no hand is recorded here", "paper sheet"),
    "de": ("das Ergebnis kommt vom Papierblatt des Tisches: hier wird kein Spiel eingetragen", "Papierblatt"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_table_scored_from_its_paper_sheet_says_so_and_asks_for_no_next_hand(
    day: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """`tournament result` keeps a table's Schrift from its paper sheet (docs/tournament.md): its page
    and the board say so, not "next: hand 1" or "0 / 4" as if the table had not begun."""
    server, folder = day
    place = next(p for p in server.site.places() if p.key == "r1t2")
    schrift = [f"{name}={points}" for name, points in zip(place.players, (10, -4, -3, -3), strict=True)]
    cli("tournament", "result", str(folder), "--round", "1", "--table", "2", *schrift)
    said, progress = PAPER[lang]
    for code in ("own", server.site.code("organiser")):
        page = phone()
        page.goto(server.url("r1t2", code=code, lang=lang))
        expect(page.locator("#next")).to_have_text(said)
        body = page.inner_text("body")
        assert page.locator("#hand-form").count() == 0 and page.locator("table.hands").count() == 0
        for wrong in (
            "next: hand 1",
            "no hands yet",
            "played all its games",
            "Spiel 1,",
            "noch keine Spiele",
        ):
            assert wrong not in body
        totals = page.inner_text("table.totals")  # each seat's Schrift from the paper sheet
        assert f"{place.players[0]}\t10" in totals and f"{place.players[1]}\t-4" in totals
        no_sideways_scrolling(page)
    board = phone()
    board.goto(f"{server.base}/board?lang={lang}")
    # the board redraws itself while it is read: each row is waited for as it should read
    rows = board.locator("#board table.progress tr")
    paper_row = rows.filter(has_text="table 2" if lang == "en" else "Tisch 2")
    expect(paper_row).to_contain_text(progress)
    expect(paper_row).not_to_contain_text("0 / 4")
    expect(rows.filter(has_text="table 1" if lang == "en" else "Tisch 1")).to_contain_text("0 / 4")


def test_the_board_updates_by_itself_and_a_name_with_markup_stays_text(
    day: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    server, _folder = day
    board = phone()
    board.goto(f"{server.base}/board")
    board.wait_for_selector("#board table.progress")
    assert "0 / 4" in board.inner_text("#board")
    assert "<img src:x onerror:alert(1)>" in board.inner_text("#board")  # shown as text
    assert board.locator("#board img").count() == 0
    place = next(p for p in server.site.places() if p.key == "r1t1")
    table = phone()
    table.goto(server.url("r1t1"))
    assert table.locator("img").count() == 0
    cli("record", "--ledger", str(place.evening.path), "-c", "dreier", "-d", place.players[0], "-t", "36")
    expect(board.locator("#board")).to_contain_text("1 / 4")


CORRECTIONS = {
    "en": {
        "corrections": "Corrections",
        "take_back": "Take back hand 3",
        "undone": "Hand 3 is taken back.",
        "undone_line": "Dreier by Cilli, lost",
        "delete": "Delete",
        "delete_hand": "Delete hand 1",
        "delete_line": "on the sheet now: Rufer by Anna with Cilli, won",
        "deleted": "Hand 1 is deleted.",
        "replace": "Replace",
        "replace_heading": "Replace hand 1",
        "now": "on the sheet now: Dreier by Bert, won",
        "show": "Show the arithmetic",
        "record": "Replace hand 1",
        "replaced": "Hand 1 is replaced.",
        "line": "Dreier by Bert, lost",
    },
    "de": {
        "corrections": "Korrekturen",
        "take_back": "Spiel 3 zurücknehmen",
        "undone": "Spiel 3 ist zurückgenommen.",
        "undone_line": "Dreier von Cilli, verloren",
        "delete": "Löschen",
        "delete_hand": "Spiel 1 löschen",
        "delete_line": "jetzt in der Schrift: Rufer von Anna mit Cilli, gewonnen",
        "deleted": "Spiel 1 ist gelöscht.",
        "replace": "Ersetzen",
        "replace_heading": "Spiel 1 ersetzen",
        "now": "jetzt in der Schrift: Dreier von Bert, gewonnen",
        "show": "Rechnung zeigen",
        "record": "Spiel 1 ersetzen",
        "replaced": "Spiel 1 ist ersetzt.",
        "line": "Dreier von Bert, verloren",
    },
}


@pytest.mark.parametrize("script", [True, False])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_corrections_take_back_delete_and_replace_with_script_on_and_off(
    phone: Callable[..., Any], evening: tuple[Server, Path], lang: str, script: bool
) -> None:
    """Take back, delete and replace from the page, with script and without (finding 1); the
    hand replaced is shown filled in, its number named, and the replacement confirmed (finding 8).
    Take back was one tap, its notice not saying which hand it was: it shows the hand's line, as
    the sheet has it, before a second tap takes it back, and the notice names it. Delete likewise."""
    server, path = evening
    words = CORRECTIONS[lang]
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "36")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Cilli", "-t", "30")
    page = phone(script=script)
    page.goto(server.url("evening", lang=lang))

    def corrections() -> Any:
        panel = page.locator("details.corrections")
        if not panel.get_attribute("open") and panel.get_attribute("open") != "":
            page.get_by_text(words["corrections"], exact=True).click()  # folded at first
        return panel

    # "Take back" shows the hand's line first, then takes it back; the notice names it
    take_back = corrections().locator("details.take-back")
    take_back.locator("summary").click()
    expect(take_back).to_contain_text(words["undone_line"])
    no_sideways_scrolling(page)
    page.screenshot(path=str(path.parent / f"take-back-{lang}-{script}.png"), full_page=True)
    take_back.get_by_role("button", name=words["take_back"]).click()
    expect(page.locator(".notice.ok")).to_contain_text(words["undone"])
    expect(page.locator(".notice.ok")).to_contain_text(words["undone_line"])
    assert hands(path) == 2
    panel = corrections()
    panel.locator("select[name=delete]").select_option("1")
    panel.get_by_role("button", name=words["delete"], exact=True).click()
    assert hands(path) == 2  # the hand chosen is named first: Delete asks, as Take back does
    asked = page.locator("details.delete")
    expect(asked).to_contain_text(words["delete_line"])
    asked.get_by_role("button", name=words["delete_hand"], exact=True).click()
    expect(page.locator(".notice.ok")).to_contain_text(words["deleted"])
    expect(page.locator(".notice.ok")).to_contain_text(words["delete_line"].split(": ", 1)[1])
    assert hands(path) == 1  # the Dreier by Bert is hand 1 now
    panel = corrections()
    panel.locator("select[name=replace]").select_option("1")
    panel.get_by_role("button", name=words["replace"]).click()
    # the hand as it stands, filled in, its number named
    expect(page.locator("#hand-head h2")).to_have_text(words["replace_heading"])
    expect(page.locator("#hand-head")).to_contain_text(words["now"])
    expect(page.locator('fieldset[data-key="contract"] input[value="dreier"]')).to_be_checked()
    expect(page.locator('fieldset[data-key="declarer"] input[value="Bert"]')).to_be_checked()
    expect(page.locator("input[name=card_points]")).to_have_value("36")
    no_sideways_scrolling(page)
    page.locator("input[name=card_points]").fill("30")
    page.get_by_role("button", name=words["show"]).click()
    # the arithmetic of a hand replaced is confirmed with Replace, as its heading says
    expect(page.get_by_role("button", name=words["record"], exact=True)).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("Record|eintragen"))).to_have_count(0)
    no_sideways_scrolling(page)
    page.screenshot(path=str(path.parent / f"replace-preview-{lang}-{script}.png"), full_page=True)
    page.get_by_role("button", name=words["record"], exact=True).click()
    expect(page.locator(".notice.ok")).to_contain_text(words["replaced"])
    expect(page.locator(".notice.ok")).to_contain_text(words["line"])
    assert hands(path) == 1
    assert tarockscore.Evening(path).ledger.hands[0].hand.card_points == 30
    assert "replace=" not in page.url


HALF_ENTERED = {
    "en": {
        "take_back": "Take back hand 3",
        "undone": "Hand 3 is taken back.",
        "delete": "Delete",
        "delete_hand": "Delete hand 1",
        "delete_line": "on the sheet now: Rufer by Anna with Cilli, won",
        "deleted": "Hand 1 is deleted.",
        "changed": "The sheet has changed",
        **{k: WORDS["en"][k] for k in ("show", "record", "recorded", "heading")},
    },
    "de": {
        "take_back": "Spiel 3 zurücknehmen",
        "undone": "Spiel 3 ist zurückgenommen.",
        "delete": "Löschen",
        "delete_hand": "Spiel 1 löschen",
        "delete_line": "jetzt in der Schrift: Rufer von Anna mit Cilli, gewonnen",
        "deleted": "Spiel 1 ist gelöscht.",
        "changed": "Die Schrift hat sich geändert",
        **{k: WORDS["de"][k] for k in ("show", "record", "recorded", "heading")},
    },
}


def three_hands_and_the_next_half_entered(server: Server, path: Path, page: Any, lang: str) -> Thumb:
    """Three hands recorded at the laptop; on the phone the next hand half entered: a Rufer of Bert
    with Dani, 44 card points, not yet sent."""
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "36")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Cilli", "-t", "30")
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Bert")
    thumb.choose("partner", "Dani")
    thumb.points("44")
    return thumb


def take_back_then_delete_asked(
    page: Any, path: Path, words: dict[str, str], half_entered: Callable[[], None]
) -> Any:
    """Hand 3 taken back, the half-entered hand kept; hand 1 chosen to delete, and asked about
    first (nothing deleted yet). The question's box."""
    page.locator("details.corrections > summary").click()
    page.locator("details.take-back > summary").click()
    page.get_by_role("button", name=words["take_back"], exact=True).click()
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["undone"])
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=3))
    half_entered()
    page.locator("details.corrections > summary").click()
    page.locator("select[name=delete]").select_option("1")
    page.get_by_role("button", name=words["delete"], exact=True).click()
    asked = page.locator("details.delete")
    expect(asked).to_contain_text(words["delete_line"])
    assert hands(path) == 2  # nothing deleted yet
    return asked


def _records_the_half_entered_hand_2(page: Any, thumb: Any, words: dict[str, Any], path: Path) -> None:
    """Record the next hand as half entered (a Rufer of Bert with Dani, 44): stored as entered."""
    recorded(page, thumb, words, 2)
    hand = tarockscore.Evening(path).ledger.hands[1].hand
    assert (hand.contract, hand.declarer, hand.partner, hand.card_points) == (
        "rufer",
        "Bert",
        "Dani",
        Fraction(44),
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_delete_asks_first_and_the_hand_half_entered_stays_across_corrections(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """Delete deleted the hand chosen at one tap, where Take back first shows the hand's line: it
    now names the hand chosen by its line and deletes it at a second tap. The next hand, half
    entered meanwhile, keeps its answers across the take back and the delete, on the sheet they
    leave (this phone's own change is no sheet changed elsewhere), and is recorded as entered."""
    server, path = evening
    words = HALF_ENTERED[lang]
    page = phone()
    thumb = three_hands_and_the_next_half_entered(server, path, page, lang)
    settled(page)
    checked = 'fieldset[data-key="{}"] input[value="{}"]'

    def half_entered() -> None:
        for key, value in (("contract", "rufer"), ("declarer", "Bert"), ("partner", "Dani")):
            expect(page.locator(checked.format(key, value))).to_be_checked()
        expect(page.locator("input[name=card_points]")).to_have_value("44")
        settled(page)
        expect(page.locator("#notice")).not_to_contain_text(words["changed"])

    asked = take_back_then_delete_asked(page, path, words, half_entered)
    expect(asked.get_by_role("button", name=words["delete_hand"], exact=True)).to_be_in_viewport()
    no_sideways_scrolling(page)
    page.screenshot(path=str(path.parent / f"delete-asked-{lang}.png"))
    half_entered()
    asked.get_by_role("button", name=words["delete_hand"], exact=True).click()
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["deleted"])
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["delete_line"].split(": ", 1)[1])
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    half_entered()
    _records_the_half_entered_hand_2(page, thumb, words, path)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_replace_with_script_keeps_the_hand_half_entered_and_says_no_sheet_changed(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """With script, the next hand half entered, an earlier hand replaced from this page: the
    answers came back, but under "The sheet has changed", as if another phone had changed it.
    The replace was this page's own change: the answers go on on the sheet it left, unasked."""
    server, path = evening
    words = HALF_ENTERED[lang] | {
        "replace": CORRECTIONS[lang]["replace"],
        "replace_record": CORRECTIONS[lang]["record"],
        "replaced": CORRECTIONS[lang]["replaced"],
    }
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40")
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "36")
    page = phone()
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Cilli")
    thumb.choose("partner", "Dani")
    thumb.points("44")
    settled(page)
    page.locator("details.corrections > summary").click()
    page.locator("select[name=replace]").select_option("1")
    page.get_by_role("button", name=words["replace"], exact=True).click()
    expect(page.locator('fieldset[data-key="declarer"] input[value="Anna"]')).to_be_checked()
    settled(page)
    page.locator("#fields input[name=card_points]").fill("30")
    thumb.button(words["show"])
    thumb.button(words["replace_record"])
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["replaced"])
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=3))
    assert tarockscore.Evening(path).ledger.hands[0].hand.card_points == 30
    checked = 'fieldset[data-key="{}"] input[value="{}"]'
    for key, value in (("contract", "rufer"), ("declarer", "Cilli"), ("partner", "Dani")):
        expect(page.locator(checked.format(key, value))).to_be_checked()
    expect(page.locator("#fields input[name=card_points]")).to_have_value("44")
    settled(page)
    page.wait_for_timeout(500)  # the page's own check of the sheet, after the answers came back
    expect(page.locator("#notice")).not_to_contain_text(words["changed"])
    no_sideways_scrolling(page)
    recorded(page, thumb, words, 3)
    hand = tarockscore.Evening(path).ledger.hands[2].hand
    assert (hand.declarer, hand.partner, hand.card_points) == ("Cilli", "Dani", Fraction(44))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_without_script_the_hand_half_entered_stays_across_corrections(
    phone: Callable[..., Any], evening: tuple[Server, Path], lang: str
) -> None:
    """Without script a take back, a delete or a replace was a form of its own: the next hand's
    answers, typed but not sent, were lost with it. The corrections' buttons now send the form of
    the next hand, and its answers come back in it after each correction; a hand opened to be
    replaced keeps them beside it, for Keep it and for after the replace."""
    server, path = evening
    words = HALF_ENTERED[lang] | {
        "replace": CORRECTIONS[lang]["replace"],
        "replace_record": CORRECTIONS[lang]["record"],
    }
    words["keep"] = {"en": "Keep it", "de": "So lassen"}[lang]
    page = phone(script=False)
    thumb = three_hands_and_the_next_half_entered(server, path, page, lang)
    checked = 'fieldset[data-key="{}"] input[value="{}"]'

    def half_entered() -> None:
        for key, value in (("contract", "rufer"), ("declarer", "Bert"), ("partner", "Dani")):
            expect(page.locator(checked.format(key, value))).to_be_checked()
        expect(page.locator("#fields input[name=card_points]")).to_have_value("44")

    asked = take_back_then_delete_asked(page, path, words, half_entered)
    half_entered()
    no_sideways_scrolling(page)
    asked.get_by_role("button", name=words["delete_hand"], exact=True).click()
    expect(page.locator("#notice .notice.ok")).to_contain_text(words["deleted"])
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    half_entered()
    # hand 1 opened to be replaced and kept as it is: the next hand's answers come back
    page.locator("details.corrections > summary").click()
    page.locator("select[name=replace]").select_option("1")
    page.get_by_role("button", name=words["replace"], exact=True).click()
    expect(page.locator('fieldset[data-key="declarer"] input[value="Bert"]')).to_be_checked()
    page.get_by_role("link", name=words["keep"], exact=True).click()
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    half_entered()
    # and replaced: they come back after it
    page.locator("details.corrections > summary").click()
    page.locator("select[name=replace]").select_option("1")
    page.get_by_role("button", name=words["replace"], exact=True).click()
    page.locator("#fields input[name=card_points]").fill("30")
    thumb.button(words["show"])
    thumb.button(words["replace_record"])
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=2))
    assert tarockscore.Evening(path).ledger.hands[0].hand.card_points == 30
    half_entered()
    no_sideways_scrolling(page)
    page.screenshot(path=str(path.parent / f"kept-without-script-{lang}.png"), full_page=True)
    _records_the_half_entered_hand_2(page, thumb, words, path)


STALE_TAKE_BACK = {
    "en": {
        "take_back": "Take back hand 1",
        "refused": "nothing was taken back",
        **{k: WORDS["en"][k] for k in ("show", "record", "recorded")},
    },
    "de": {
        "take_back": "Spiel 1 zurücknehmen",
        "refused": "nichts wurde zurückgenommen",
        **{k: WORDS["de"][k] for k in ("show", "record", "recorded")},
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_take_back_refused_on_a_moved_sheet_leaves_the_page_at_the_tables_address(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """A phone taps "Take back hand 1" on a sheet the command line has moved on (its update not
    yet in): nothing is taken back, and the page says so; then the next hand entered on that page
    is recorded. The refusal stood at the correction's address (/t/evening/undo), so the form's
    fields and the hand went to /t/evening/undo/fields and /undo/hand: the form no longer followed
    its answers and the hand waited "to be sent" for ever."""
    server, path = evening
    words = STALE_TAKE_BACK[lang]
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Anna", "-t", "40")
    page = phone(fresh=True)
    page.route("**/events", lambda route: route.abort())  # the sheet's update does not come in
    page.goto(server.url("evening", lang=lang))
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
    page.locator("details.corrections summary").first.click()
    page.locator("details.take-back summary").click()
    page.get_by_role("button", name=words["take_back"], exact=True).click()
    expect(page.locator("#notice .notice")).to_contain_text(words["refused"])
    assert hands(path) == 2
    expect(page).to_have_url(server.url("evening", lang=lang))  # the table's page, not /t/evening/undo
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Cilli")
    expect(page.locator('fieldset[data-key="partner"]')).to_be_visible()  # the form follows
    thumb.choose("partner", "Anna")
    thumb.points("40")
    recorded(page, thumb, words, 3)
    expect(page.locator("#outbox")).to_have_text("")
    assert hands(path) == 3
    page.reload()  # the table's page again: nothing is sent twice
    expect(page.locator("#hand-head h2")).to_contain_text("4")
    assert hands(path) == 3


def test_a_hand_the_server_can_never_take_is_said_not_sent_for_ever(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """A hand in the outbox whose address is no page (kept by an older page) is answered 404: it
    is shown as not recorded, with its reason and "Enter it again", not "waiting to be sent" for ever."""
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    page.evaluate(
        """localStorage.setItem("tarockscore-outbox", JSON.stringify([{id: "k1", table: "evening",
        url: "/t/evening/undo/hand", stage: "record", after: null, fields: {code: "x", expected: "v",
        request: "k1", action: "record", contract: "dreier", declarer: "Anna", card_points: "40"}}]))"""
    )
    page.reload()
    expect(page.locator("#outbox .notice.refused")).to_contain_text("there is no such page")
    expect(page.locator("#outbox")).not_to_contain_text("waiting to be sent")
    page.get_by_role("button", name="Enter it again").click()
    expect(page.locator('fieldset[data-key="declarer"] input[value="Anna"]')).to_be_checked()
    expect(page.locator("input[name=card_points]")).to_have_value("40")
    assert hands(path) == 0


SMALL = {
    "en": {"radl": "Radl: this hand counts ×2", "none": "none", "no_more": "no more"},
    "de": {"radl": "Radl: dieses Spiel zählt ×2", "none": "keine", "no_more": "keine mehr"},
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_radl_hand_says_so_above_its_form_and_a_notice_gives_way_to_the_sheet(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """With a Radl set (`radl add`: the next four hands count ×2), the form's heading says the hand
    counts ×2, not only the "next:" line; the first bonus offers "none", a later one "no more".
    Hand 1 recorded here, then hand 2 by another phone: "hand 1 is recorded" no longer stands on
    top of hand 3's form."""
    server, path = evening
    words = {**WORDS[lang], **SMALL[lang]}
    cli("radl", "add", "--ledger", str(path))
    page = phone()
    page.goto(server.url("evening", lang=lang))
    head = page.locator("#hand-head")
    expect(head).to_contain_text(words["radl"])
    thumb = Thumb(page)
    fill_rufer(thumb)
    first = page.locator('fieldset[data-key="bonus:1"]')
    expect(first.get_by_role("radio", name=words["none"], exact=True)).to_be_checked()
    assert first.get_by_role("radio", name=words["no_more"], exact=True).count() == 0
    thumb.choose("bonus:1", "Pagat")
    second = page.locator('fieldset[data-key="bonus:2"]')
    expect(second.get_by_role("radio", name=words["no_more"], exact=True)).to_be_checked()
    page.screenshot(path=str(path.parent / f"radl-form-{lang}.png"), full_page=True)
    thumb.choose("bonus:1", words["none"])
    thumb.button(words["show"])
    # the Rufer is worth 1, the Radl doubles it: Anna and Cilli each get 2 on the sheet, and the
    # arithmetic's last word says so, the Radl's factor before the points
    totals = page.locator("#preview table.totals")
    expect(totals.locator("tr", has_text="Anna")).to_contain_text("+2")
    expect(totals.locator("tr", has_text="Cilli")).to_contain_text("+2")
    preview_text = page.inner_text("#preview")
    assert preview_text.index(words["radl"]) < preview_text.index(words["victory"])
    page.screenshot(path=str(path.parent / f"radl-preview-{lang}.png"), full_page=True)
    thumb.button(words["record"].format(n=1))
    recorded = page.locator("#notice .notice.ok")
    expect(recorded).to_contain_text(words["recorded"].format(n=1))
    assert [tarockscore.Evening(path).sheet().totals[p] for p in TABLE] == [2, 0, 2, 0]
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Bert", "-w", "Dani", "-t", "40")
    expect(page.locator("#hand-head h2")).to_have_text(words["heading"].format(n=3))
    expect(recorded).to_have_count(0)
    expect(head).to_contain_text(words["radl"])  # hand 3 of the four the Radl doubles
    page.screenshot(path=str(path.parent / f"radl-moved-{lang}.png"), full_page=True)
    no_sideways_scrolling(page)


RADL_BETS = {"en": {"kontra": "Kontra", "won": "won by"}, "de": {"kontra": "Kontra", "won": "gewonnen von"}}
RADL_FACTORS = {
    "en": ["×2\u00a0Kontra on the contract", "×2\u00a0Radl"],
    "de": ["×2\u00a0Kontra aufs Spiel", "×2\u00a0Radl"],
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_radl_hands_bets_add_up_on_the_page_to_the_points_on_the_sheet(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, tmp_path: Path
) -> None:
    """A Rufer won with a Kontra in a hand the Radl doubles: 1 × 2 (Kontra) × 2 (Radl) = 4 to
    Anna and Cilli from Bert and Dani (Simplified Scoring: the losers add nothing), as
    `explain` works it. The bet's arithmetic has the Radl among its factors, so its value and what
    each player adds are the numbers on the sheet and add up to the points below them; each factor
    keeps its ×2 beside its words, and each player his points beside his name, at a phone's width."""
    server, path = evening
    words = {**WORDS[lang], **SMALL[lang], **RADL_BETS[lang]}
    cli("radl", "add", "--ledger", str(path))
    page = phone()
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    fill_rufer(thumb)
    thumb.choose("kontra", words["kontra"])
    thumb.button(words["show"])
    bet = page.locator("#preview ul.bets li").first
    cells = bet.locator("table.bet tbody td")
    expect(cells.nth(0)).to_have_text("1")
    factors = cells.nth(1).inner_text()
    assert [f.strip() for f in factors.replace("\n", ",").split(",") if f.strip()] == RADL_FACTORS[lang]
    expect(cells.nth(2)).to_have_text("4")
    said = bet.locator("p.meta").inner_text()
    assert said == f"{words['won']} Anna, Cilli: Anna\u00a0+4, Cilli\u00a0+4"
    totals = page.locator("#preview table.totals")
    expect(totals.locator("tr", has_text="Anna")).to_contain_text("+4")
    expect(totals.locator("tr", has_text="Bert")).to_contain_text("0")
    no_sideways_scrolling(page)
    page.locator("#preview").screenshot(path=str(tmp_path / f"radl-bets-{lang}.png"))


SCHRIFT = {
    "en": {"line": "Rufer by {who}, won, Valat", "show": "Show the arithmetic", "record": "Record hand 5"},
    "de": {
        "line": "Rufer von {who}, gewonnen, Valat",
        "show": "Rechnung zeigen",
        "record": "Spiel 5 eintragen",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    "players", [TABLE, ("Anna", "Bartholomäus", "Cilli", "Dani", "Maximiliane")], ids=["four", "five"]
)
def test_the_sheet_reads_like_the_paper_schrift_at_a_phones_width(
    tmp_path: Path, phone: Callable[..., Any], lang: str, players: tuple[str, ...]
) -> None:
    """A column per player, each hand's line over each player's points and running total, as
    `show` has them; at four and at five (long names), nothing scrolls sideways; a hand recorded on
    the page comes onto the sheet with its running totals. Under koenigrufen (winners add; at
    five the dealer sits out: the fifth seat deals hand 1, then A, B, C):
    1. Rufer A + C won with 40: Rufer 1 → A +1, C +1
    2. Dreier B won with 40: Dreier 5 → B +5
    3. Rufer C + D lost with 20: the Defenders add the Rufer 1 (A, B at four; A, the fifth at five)
    4. Rufer A + partner (C at four; B at five, C deals), 69, a silent Valat: 1 × 4 → +4 each
    At four the totals are A 6, B 6, C 5, D 0; at five A 6, B 9, C 1, D 0, the fifth 1.
    5. (on the page, at four) Rufer Anna + Cilli won with 40: Anna 7, Cilli 6."""
    a, b, c, d = players[:4]
    partner = c if len(players) == 4 else b
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(players), "--ledger", str(path))
    for hand in (
        ("-c", "rufer", "-d", a, "-w", c, "-t", "40"),
        ("-c", "dreier", "-d", b, "-t", "40"),
        ("-c", "rufer", "-d", c, "-w", d, "-t", "20"),
        ("-c", "rufer", "-d", a, "-w", partner, "-t", "69", "-b", "valat"),
    ):
        cli("record", "--ledger", str(path), *hand)
    server = Server(path, HOST)
    try:
        words = SCHRIFT[lang]
        page = phone()
        page.goto(server.url("evening", lang=lang))
        sheet = page.locator("#sheet table.hands")
        headings = sheet.locator("th.player")
        assert [th.get_attribute("aria-label") for th in headings.all()] == list(players)
        # a name the column cannot hold is cut where it ends: Bartholomäus, Maximiliane at five
        cut = ["Anna", "Bart…", "Cilli", "Dani", "Maxi…"] if len(players) == 5 else list(players)
        assert headings.all_inner_texts() == cut
        who = f"{a} {'with' if lang == 'en' else 'mit'} {partner}"
        expect(sheet.locator('tbody[data-hand="4"] td.what')).to_have_text(words["line"].format(who=who))
        shown = tarockscore.Evening(path).sheet()
        for h in shown.hands:
            row = sheet.locator(f'tbody[data-hand="{h.number}"]')
            for p in players:
                cell = row.locator(f'td[data-player="{p}"]')
                added = h.result.victory_points[p]
                expected = ("+" if added > 0 else "") + str(added) if p in h.players else "·"
                assert cell.locator(".add").inner_text() == expected
                assert cell.locator(".run").inner_text() == str(h.totals[p])
        totals = ["6", "6", "5", "0"] if len(players) == 4 else ["6", "9", "1", "0", "1"]
        last = sheet.locator('tbody[data-hand="4"] .run')
        assert last.all_inner_texts() == totals
        if len(players) == 5:
            assert sheet.locator(f'tbody[data-hand="4"] td[data-player="{c}"] .add').inner_text() == "·"
        no_sideways_scrolling(page)
        box = sheet.bounding_box()
        assert box is not None and box["x"] + box["width"] <= WIDTH
        shots = tmp_path / "shots"
        shots.mkdir(exist_ok=True)
        page.screenshot(path=str(shots / f"schrift-{len(players)}-{lang}.png"), full_page=True)
        if len(players) == 4:  # a hand recorded on the page: the sheet is redrawn with its totals
            fill_rufer(Thumb(page))
            page.get_by_role("button", name=words["show"], exact=True).click()
            page.get_by_role("button", name=words["record"], exact=True).click()
            new = sheet.locator('tbody[data-hand="5"]')
            expect(new.locator('td[data-player="Anna"] .run')).to_have_text("7")
            expect(new.locator('td[data-player="Cilli"] .run')).to_have_text("6")
            expect(new.locator('td[data-player="Bert"] .add')).to_have_text("0")
            assert new.locator('td[data-player="Bert"] .run').inner_text() == "6"
            no_sideways_scrolling(page)
            page.screenshot(path=str(shots / f"schrift-redrawn-{lang}.png"), full_page=True)
    finally:
        server.stop()


# Each letter of a heading with the top of the line it is drawn on: two letters of one word on
# two lines are a name split inside a word.
SPLIT_WORDS = """th => {
  const split = [];
  const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  let before = null;
  while (walker.nextNode()) {
    const text = walker.currentNode;
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      const letter = /\\p{L}/u.test(text.data[i]);
      if (before && letter && before.letter && Math.abs(box.top - before.top) > 2) {
        split.push(before.char + text.data[i]);
      }
      before = {top: box.top, letter, char: text.data[i]};
    }
  }
  return split;
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_long_names_head_their_columns_whole_words_at_five(
    tmp_path: Path, phone: Callable[..., Any], lang: str
) -> None:
    """Five players with long names at 360 px: a heading breaks at a hyphen ("Anna-" over
    "Katharina") or is shortened, never split inside a word ("Maxi" over "milian"), and reaches
    into no neighbour's column; nothing scrolls sideways."""
    players = ("Maximilian", "Anna-Katharina", "Wolfgang", "Bernadette", "Christoph")
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(players), "--ledger", str(path))
    cli("record", "--ledger", str(path), "-c", "rufer", "-d", "Maximilian", "-w", "Wolfgang", "-t", "40")
    server = Server(path, HOST)
    try:
        page = phone()
        page.goto(server.url("evening", lang=lang))
        headings = page.locator("#sheet table.hands th.player")
        assert [th.get_attribute("aria-label") for th in headings.all()] == list(players)
        # cut where the column ends, "Anna-" over "Kath…"
        assert headings.all_inner_texts() == [
            "Maxi…",
            "Anna-Kath…",
            "Wolf…",
            "Bern…",
            "Chri…",
        ]
        for th in headings.all():
            assert th.evaluate(SPLIT_WORDS) == [], th.inner_text()
            assert th.evaluate("th => th.scrollWidth <= th.clientWidth"), th.inner_text()
        no_sideways_scrolling(page)
        page.locator("#sheet").screenshot(path=str(tmp_path / f"long-names-{lang}.png"))
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_arithmetic_names_the_players_as_the_sheet_does(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, tmp_path: Path
) -> None:
    """Hand 2 (Bert is Forehand): the arithmetic's players stand in the order of the sheet's
    columns, Anna first, as the totals below them do; a Rufer of Bert with Dani lost with
    Kontra gives 1 × 2 = 2 to Anna and to Cilli."""
    server, path = evening
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Cilli", "-t", "40")
    page = phone()
    page.goto(server.url("evening", lang=lang))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Bert")
    thumb.choose("partner", "Dani")
    thumb.points("30")
    thumb.choose("kontra", "Kontra")
    thumb.button(WORDS[lang]["show"])
    page.wait_for_selector("#preview:not([hidden])")
    rows = page.locator("#preview table.totals tbody tr")
    assert [r.locator("td").all_inner_texts() for r in rows.all()] == [
        ["Anna", "+2"],
        ["Bert", "0"],
        ["Cilli", "+2"],
        ["Dani", "0"],
    ]
    assert page.locator("#sheet table.totals tbody td:first-child").all_inner_texts() == list(TABLE)
    no_sideways_scrolling(page)
    page.screenshot(path=str(tmp_path / f"arithmetic-order-{lang}.png"), full_page=True)


# Rufer by Anna with Cilli won with 40, a Kontra on the contract, the Pagat announced and made by
# the declarers (koenigrufen): Rufer 1 × 2 Kontra = 2, Pagat 1 × 2 announced = 2, each declarer +4.
EXPLAINED = {
    "en": {
        "line": "Rufer by Anna with Cilli, Kontra, won",
        "worked": [
            "×2 Kontra on the contract = 2",
            "×2 announced = 2",
            "Victory Points: Anna +4, Bert 0, Cilli +4, Dani 0",
        ],
        "history": "history of hand 1:",
        "back": "back to the sheet",
    },
    "de": {
        "line": "Rufer von Anna mit Cilli, Kontra, gewonnen",
        "worked": [
            "×2 Kontra aufs Spiel = 2",
            "×2 angesagt = 2",
            "Punkte: Anna +4, Bert 0, Cilli +4, Dani 0",
        ],
        "history": "Verlauf von Spiel 1:",
        "back": "zurück zur Schrift",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("code", [None, "own"], ids=["reading", "recording"])
def test_a_tap_on_a_hands_line_shows_its_explanation(
    evening: tuple[Server, Path], phone: Callable[..., Any], tmp_path: Path, lang: str, code: str | None
) -> None:
    """A dispute settled at one glance: the sheet's line of a hand leaves out its Pagat, but one tap
    on it shows what `explain 1` prints, bet by bet with each rule, readable at 360 px, on the sheet
    that needs no code and on the one that records; the way back leads to the sheet it came from."""
    server, path = evening
    words = EXPLAINED[lang]
    cli(
        "record",
        "-l",
        str(path),
        "-c",
        "rufer",
        "-d",
        "Anna",
        "-w",
        "Cilli",
        "-t",
        "40",
        "-k",
        "kontra",
        "-b",
        "pagat:declarers:announced:made",
    )
    page = phone()
    page.goto(server.url("evening", code, lang))
    thumb = Thumb(page)
    line = page.locator('#sheet tbody[data-hand="1"] td.what')
    expect(line).to_have_text(words["line"])
    thumb.tap(line.get_by_role("link"))
    shown = page.locator("section.explain")
    for worked in words["worked"]:
        expect(shown).to_contain_text(worked)
    expect(shown).to_contain_text("Pagat")
    expect(shown).to_contain_text(words["history"])
    assert thumb.taps == 1
    no_sideways_scrolling(page)
    page.screenshot(path=str(tmp_path / f"explain-{lang}-{code or 'reading'}.png"), full_page=True)
    page.get_by_role("link", name=words["back"]).first.click()
    expect(page).to_have_url(server.url("evening", code, lang))
    if code:
        expect(page.locator("#hand-form")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_players_points_in_the_explanation_stay_beside_the_name_on_a_phone(
    tmp_path: Path, phone: Callable[..., Any], lang: str
) -> None:
    """At 360 px a line of the explanation broke between a name and its points ("on the sheet:
    Anna" at a line's end, "+2, Cilli +2" below; "Punkte: Anna +4, Bartholomäus 0, Cilli" and "+4"):
    each "name +points" is kept on one line, in English and German."""
    players = ("Anna", "Bartholomäus", "Cilli", "Dani")
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(players), "--ledger", str(path))
    cli(
        "record",
        *("-l", str(path), "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-k", "kontra"),
        *("-b", "pagat:declarers:announced:made"),
    )
    server = Server(path, HOST)
    try:
        page = phone()
        page.goto(server.base + f"/t/evening/explain/1?lang={lang}")
        shown = page.locator("section.explain")
        expect(shown).to_contain_text({"en": "Victory Points: ", "de": "Punkte: "}[lang])
        found = page.evaluate(BROKEN_PAIRS, list(players))
        # two bets of two winners each, and the four players' Victory Points
        assert found["pairs"] == 8, found
        assert found["broken"] == [], found
        no_sideways_scrolling(page)
        page.screenshot(path=str(tmp_path / f"explain-pairs-{lang}.png"), full_page=True)
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_five_names_that_start_alike_head_their_columns_apart_on_a_phone(
    tmp_path: Path, phone: Callable[..., Any], lang: str
) -> None:
    """Five players at 360 px, two names that start alike and one the beginning of another: each
    column's heading, as shown, tells its player apart from the others (no two alike, none cut
    further by the screen), and says the whole name to a screen reader and under the finger (its
    title); the totals table above names them in full."""
    players = ("Maximilian", "Maximiliane", "Bartholomäus", "Anna-Lena", "Anna-Maria")
    path = tmp_path / "friday.toml"
    cli("new", "-p", ",".join(players), "--ledger", str(path))
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Maximiliane", "-t", "40")
    server = Server(path, HOST)
    try:
        page = phone()
        page.goto(server.url("evening", lang=lang))
        headings = page.locator("#sheet table.hands th.player")
        shown = [" ".join(t.split()) for t in headings.all_inner_texts()]
        assert len(set(shown)) == len(players), shown
        for th in headings.all():  # what is shown is all there is: no ellipsis of the screen's own
            cut = th.evaluate(
                "th => [...th.querySelectorAll('span')].filter(s => s.offsetParent)"
                ".some(s => s.scrollWidth > s.clientWidth)"
            )
            assert not cut, th.inner_text()
        assert [th.get_attribute("title") for th in headings.all()] == list(players)
        assert [th.get_attribute("aria-label") for th in headings.all()] == list(players)
        no_sideways_scrolling(page)
        page.locator("#sheet").screenshot(path=str(tmp_path / f"alike-{lang}.png"))
    finally:
        server.stop()


DEAL = {
    "en": {
        "corrections": "Corrections",
        "correct": "Correct the deal",
        "correct_hand": "Correct the deal of hand 1",
        "now": "dealt now: Eva deals, Anna is Forehand, Eva sits out",
        "then": "dealt as corrected: Dani deals, Eva is Forehand, Dani sits out",
        "done": "The deal of hand 1 is corrected.",
        "next": "next: hand 2, Eva deals, Anna is Forehand, Eva sits out",
    },
    "de": {
        "corrections": "Korrekturen",
        "correct": "Geben korrigieren",
        "correct_hand": "Geben von Spiel 1 korrigieren",
        "now": "jetzt in der Schrift: Eva gibt, Anna ist Vorhand, Eva setzt aus",
        "then": "korrigiert: Dani gibt, Eva ist Vorhand, Dani setzt aus",
        "done": "Das Geben von Spiel 1 ist korrigiert.",
        "next": "als Nächstes: Spiel 2, Eva gibt, Anna ist Vorhand, Eva setzt aus",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_five_the_deal_of_an_earlier_hand_is_corrected_asked_first(
    tmp_path: Path, phone: Callable[..., Any], lang: str
) -> None:
    """At five the phones could not correct who dealt a hand (and so sat it out), as `replace N -p`
    can: the corrections choose a hand and who dealt it, show its deal now and as corrected, and
    correct it at a second tap. Hand 1 went on the sheet as Eva's deal; Dani dealt it."""
    words = DEAL[lang]
    path = tmp_path / "five.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani,Eva", "--ledger", str(path))
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
    server = Server(path, HOST)
    try:
        page = phone()
        page.goto(server.url("evening", lang=lang))
        page.locator("details.corrections > summary").click()
        page.locator("select[name=deal]").select_option("1")
        page.locator("select[name=dealer]").select_option("Dani")
        page.get_by_role("button", name=words["correct"], exact=True).click()
        asked = page.locator("details.deal")
        expect(asked).to_contain_text(words["now"])
        expect(asked).to_contain_text(words["then"])
        assert tarockscore.Evening(path).ledger.hands[0].hand.players == ("Anna", "Bert", "Cilli", "Dani")
        no_sideways_scrolling(page)
        page.screenshot(path=str(tmp_path / f"deal-asked-{lang}.png"), full_page=True)
        asked.get_by_role("button", name=words["correct_hand"], exact=True).click()
        expect(page.locator("#notice .notice.ok")).to_contain_text(words["done"])
        expect(page.locator("#next")).to_have_text(words["next"])
        assert tarockscore.Evening(path).ledger.hands[0].hand.players == ("Eva", "Anna", "Bert", "Cilli")
        no_sideways_scrolling(page)
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_without_script_the_deal_corrected_keeps_what_was_typed_after_it_was_shown(
    tmp_path: Path, phone: Callable[..., Any], lang: str
) -> None:
    """Without script, "Correct the deal of hand N" carried the next hand's answers as they stood
    when the deal was shown: the card points typed after that were lost. It sends the next hand's
    form, as "Delete hand N" does: all its answers come back after the deal is corrected."""
    words = DEAL[lang]
    path = tmp_path / "five.toml"
    cli("new", "-p", "Anna,Bert,Cilli,Dani,Eva", "--ledger", str(path))
    cli("record", "--ledger", str(path), "-c", "dreier", "-d", "Bert", "-t", "40")
    server = Server(path, HOST)
    try:
        page = phone(script=False)
        page.goto(server.url("evening", lang=lang))
        thumb = Thumb(page)
        thumb.choose("contract", "Rufer")
        thumb.choose("declarer", "Cilli")
        page.locator("details.corrections > summary").click()
        page.locator("select[name=deal]").select_option("1")
        page.locator("select[name=dealer]").select_option("Dani")
        page.get_by_role("button", name=words["correct"], exact=True).click()
        asked = page.locator("details.deal")
        expect(asked).to_contain_text(words["then"])
        thumb.points("44")  # typed once the deal is shown
        asked.get_by_role("button", name=words["correct_hand"], exact=True).click()
        expect(page.locator("#notice .notice.ok")).to_contain_text(words["done"])
        assert tarockscore.Evening(path).ledger.hands[0].hand.players == ("Eva", "Anna", "Bert", "Cilli")
        expect(page.locator('fieldset[data-key="declarer"] input[value="Cilli"]')).to_be_checked()
        expect(page.locator("#fields input[name=card_points]")).to_have_value("44")
        no_sideways_scrolling(page)
    finally:
        server.stop()


@pytest.mark.parametrize("script", [True, False])
def test_a_revoke_is_two_taps_more_and_asks_no_card_points(
    phone: Callable[..., Any], evening: tuple[Server, Path], script: bool
) -> None:
    """Rufer 1 [STC-TB] by Anna with Cilli; Bert, a Defender, revokes: renonce.rule = "side_loses"
    (koenigrufen, D28 [PAGAT]): the defenders lose the contract, whatever the cards: the Rufer to
    Anna and to Cilli. "Renonce…" opens the question, Bert is a tap; the card points go."""
    server, path = evening
    page = phone(script=script)
    page.goto(server.url("evening"))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Anna")
    thumb.choose("partner", "Cilli")
    folded = page.locator('details[data-key="renonce"]')
    expect(folded.locator('input[value="=none"]')).to_be_checked()  # nobody, unless said
    expect(folded.get_by_role("radio", name="Bert", exact=True)).to_be_hidden()
    thumb.tap(folded.locator("summary"))
    thumb.tap(folded.get_by_role("radio", name="Bert", exact=True))
    settled(page)
    if script:  # without script the page shows a whole hand's fields at once
        expect(page.locator("input[name=card_points]")).to_have_count(0)
    no_sideways_scrolling(page)
    thumb.button("Show the arithmetic")
    expect(page.locator(".preview")).to_contain_text("Renonce by Bert")
    thumb.button("Record hand 1")
    assert thumb.taps == 7  # an ordinary hand's six, the card points' tap gone, two for the revoke
    expect(page.locator("#sheet")).to_contain_text("Rufer by Anna with Cilli, renonce by Bert, won")
    assert tarockscore.Evening(path).ledger.hands[0].result.victory_points == {
        "Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0,
    }  # fmt: skip
    # the next hand's form: folded again, nobody revoked
    expect(page.locator('details[data-key="renonce"]:not([open]) input[value="=none"]')).to_be_checked()
    no_sideways_scrolling(page)


def test_a_revoke_tapped_and_taken_back_keeps_the_card_points_typed(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """Card points typed, then Bert tapped under "Renonce…" (a revoke decides the hand: the card
    points go), then "none" again: the 40 typed come back as typed, not empty. Recorded, 40 of 70
    wins the Rufer (koenigrufen: win_threshold 35 2/3 [CTK]): 1 [STC-TB] to Anna and to Cilli."""
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Anna")
    thumb.choose("partner", "Cilli")
    thumb.points("40")
    settled(page)
    folded = page.locator('details[data-key="renonce"]')
    thumb.tap(folded.locator("summary"))
    thumb.tap(folded.get_by_role("radio", name="Bert", exact=True))
    settled(page)
    expect(page.locator("input[name=card_points]")).to_have_count(0)
    thumb.tap(folded.locator('input[value="=none"]'))
    settled(page)
    expect(page.locator("input[name=card_points]")).to_have_value("40")
    thumb.button("Show the arithmetic")
    thumb.button("Record hand 1")
    expect(page.locator("#sheet")).to_contain_text("Rufer by Anna with Cilli, won")
    assert tarockscore.Evening(path).ledger.hands[0].result.victory_points == {
        "Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0,
    }  # fmt: skip


def test_a_radl_set_on_the_tables_page_keeps_the_hand_half_entered(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """koenigrufen: radl.hands 4, radl.factor 2. The Radl is set as the app and ``radl add`` set
    it, while the next hand is being entered: its answers stay, and it now counts ×2."""
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Anna")
    page.locator("#radl summary").click()
    no_sideways_scrolling(page)
    page.locator("#radl").get_by_role("button", name="Set a Radl").click()
    expect(page.locator("#notice")).to_contain_text(
        "Radl set on the sheet before the first hand: 4 more hands ×2; 4 pending"
    )
    expect(page.locator("#hand-head")).to_contain_text("Radl: this hand counts ×2")
    expect(page.locator('fieldset[data-key="declarer"] input[value="Anna"]')).to_be_checked()
    # entered on the sheet the Radl was set on: no "The sheet has changed"
    version = tarockscore.Evening(path).version()
    expect(page.locator("#hand-form input[name=expected]")).to_have_value(version)
    settled(page)
    expect(page.locator(".notice.stale")).to_have_count(0)
    assert [(m.after, m.hands) for m in tarockscore.Evening(path).ledger.radl] == [(0, 4)]
    no_sideways_scrolling(page)


def test_with_script_enter_in_the_radl_count_sets_the_radl(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """koenigrufen: radl.factor 2. A Radl's count is a box of one line, so that without script
    Enter in it sends nothing; with script Enter sets the Radl as its button does (it added a
    line to the box), the hand half entered kept."""
    server, path = evening
    page = phone()
    # a count no table plays (docs/rules/koenigrufen.md §8: a Radl is one round, radl.hands 4) is
    # refused with the range, under its box too, in English and German, nothing set
    for lang, said in (
        ("de", "5000: ein Radl ist eine Runde doppelter Spiele, an diesem Tisch 1 bis 4"),
        ("en", "5000: a Radl is one round of doubled hands, 1 to 4 at this table"),
    ):
        page.goto(server.url("evening", lang=lang))
        page.locator("#radl summary").click()
        count = page.locator("#radl [name=hands]").first
        count.fill("5000")
        count.press("Enter")
        expect(page.locator("#radl .error").first).to_contain_text(said)
        page.screenshot(path=str(path.parent / f"radl-5000-{lang}.png"), full_page=True)
        assert tarockscore.Evening(path).ledger.radl == ()
    page.goto(server.url("evening"))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Anna")
    page.locator("#radl summary").click()
    count = page.locator("#radl [name=hands]").first
    count.fill("2")
    count.press("Enter")
    expect(page.locator("#notice")).to_contain_text("2 more hands ×2; 2 pending")
    expect(page.locator('fieldset[data-key="declarer"] input[value="Anna"]')).to_be_checked()
    assert [(m.after, m.hands) for m in tarockscore.Evening(path).ledger.radl] == [(0, 2)]


def test_without_script_a_hand_with_a_kontra_on_a_bonus_is_recorded_end_to_end(
    phone: Callable[..., Any], evening: tuple[Server, Path]
) -> None:
    """koenigrufen: Rufer 1, Pagat 1, announced ×2, Kontra ×2. Without script the form asks what
    the answers so far open ("Change the hand" after each arithmetic): an announced Pagat of the
    defenders with a Kontra on it, recorded through the arithmetic: Bert and Dani +1 for the Rufer
    lost on 30 card points and +4 for the Pagat, as ``show`` has it."""
    server, path = evening
    page = phone(script=False)
    page.goto(server.url("evening"))
    thumb = Thumb(page)
    fill_rufer(thumb, "30")
    thumb.choose("bonus:1", "Pagat")
    page.get_by_role("button", name="Show the arithmetic").click()  # whose Pagat: nobody said yet
    expect(page.locator('fieldset[data-key="bonus:1:side"] .error')).to_have_text("an answer is needed here")
    thumb.choose("bonus:1:side", "defenders")
    for key, label in (("bonus:1:announced", "yes"), ("bonus:1:kontra", "Kontra")):
        page.get_by_role("button", name="Show the arithmetic").click()
        page.get_by_role("button", name="Change the hand").click()
        thumb.choose(key, label)
    page.get_by_role("button", name="Show the arithmetic").click()
    expect(page.locator("body")).to_contain_text("×2 announced, ×2 Kontra on the Pagat")
    no_sideways_scrolling(page)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#notice")).to_contain_text("Hand 1 is recorded.")
    points = tarockscore.sheet(tarockscore.Evening(path).ledger).hands[0].result.victory_points
    assert points == {"Anna": 0, "Bert": 5, "Cilli": 0, "Dani": 5}


def _rufer_half_entered_radl_open(page: Any, server: Server) -> Any:
    """The table's page without script: a Rufer by Bert with 44 half entered, the Radl opened."""
    page.goto(server.url("evening"))
    thumb = Thumb(page)
    thumb.choose("contract", "Rufer")
    thumb.choose("declarer", "Bert")
    thumb.points("44")
    page.locator("#radl summary").click()
    return page


def _rufer_still_half_entered(page: Any) -> None:
    expect(page.locator('fieldset[data-key="declarer"] input[value="Bert"]')).to_be_checked()
    expect(page.locator("#fields input[name=card_points]")).to_have_value("44")


def test_without_script_a_radl_set_keeps_the_hand_half_entered(
    phone: Callable[..., Any], evening: tuple[Server, Path]
) -> None:
    """koenigrufen: radl.factor 2. Without script the Radl's own form carried none of the next
    hand's answers; "Set a Radl" sends the form of the next hand, as the corrections do, and its
    answers come back with the count typed (2) set on the sheet. Enter typed in the count showed
    the next hand's arithmetic instead: it sends nothing now."""
    server, path = evening
    page = _rufer_half_entered_radl_open(phone(script=False), server)
    count = page.locator("#radl [name=hands]").first
    count.fill("2")
    count.press("Enter")
    page.locator("#radl").get_by_role("button", name="Set a Radl").click()
    expect(page.locator("#notice")).to_contain_text("2 more hands ×2; 2 pending")
    expect(page.locator("#hand-head")).to_contain_text("Radl: this hand counts ×2")
    _rufer_still_half_entered(page)
    assert [(m.after, m.hands) for m in tarockscore.Evening(path).ledger.radl] == [(0, 2)]
    no_sideways_scrolling(page)


def test_without_script_a_strike_keeps_the_hand_half_entered(
    phone: Callable[..., Any], evening: tuple[Server, Path]
) -> None:
    """koenigrufen: radl.hands 4. Without script "Strike" sent its own form, and the next hand's
    answers given so far were gone; it sends the form of the next hand now, as "Set a Radl" does,
    and one doubled hand of the four is struck (3 pending)."""
    server, path = evening
    cli("radl", "add", "--ledger", str(path))
    page = _rufer_half_entered_radl_open(phone(script=False), server)
    page.locator("#radl").get_by_role("button", name="Strike").click()
    expect(page.locator("#notice")).to_contain_text("3 pending")
    _rufer_still_half_entered(page)
    assert tarockscore.pending_radl(tarockscore.Evening(path).ledger) == 3
    no_sideways_scrolling(page)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_line_with_a_kontra_on_each_announced_bonus_fits_the_phone(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str
) -> None:
    """A hand whose contract and four announced bonuses each carry a Kontra: its line on the sheet
    names each bonus's step and wraps at 360 px between its clauses, nothing scrolled sideways."""
    server, path = evening
    bonuses = ["pagat,announced,rekontra", "uhu,announced,kontra", "kakadu,announced,kontra"]
    bonuses.append("koenig_ultimo,announced,kontra")
    hand = ["-c", "besserrufer", "-d", "Cilli", "-w", "Dani", "-t", "40", "-k", "rekontra"]
    cli("record", *hand, *(x for b in bonuses for x in ("-b", b)), "-l", str(path))
    page = phone()
    page.goto(server.url("evening", lang=lang))
    said = {
        "en": "Rekontra, Pagat Rekontra, Uhu Kontra, Kakadu Kontra, King Ultimo Kontra",
        "de": "Rekontra, Pagat Rekontra, Uhu Kontra, Kakadu Kontra, König ultimo Kontra",
    }
    expect(page.locator("#sheet")).to_contain_text(said[lang])
    no_sideways_scrolling(page)
    page.screenshot(path=str(path.parent / f"bonus-kontra-{lang}.png"), full_page=True)


def test_a_radl_count_being_typed_stays_when_another_phone_changes_the_sheet(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """A count typed in the Radl's box, the cursor in it, is neither wiped nor left when the
    command line records a hand meanwhile and the corrections are drawn anew."""
    server, path = evening
    page = phone()
    page.goto(server.url("evening"))
    page.locator("#radl summary").click()
    count = page.locator("#radl [name=hands]").first
    count.fill("7")
    tarockscore.Evening(path).record({"contract": "dreier", "declarer": "Anna", "won": True})
    expect(page.locator("#sheet table.hands tbody")).to_have_count(1)
    expect(page.locator("#corrections")).to_contain_text("Take back hand 1")
    expect(count).to_have_value("7")
    expect(count).to_be_focused()
    page.keyboard.type("1")
    expect(count).to_have_value("71")


@pytest.mark.parametrize(("lang", "unchanged"), [("en", "Nothing was changed"), ("de", "Nichts geändert")])
def test_a_refused_radl_count_stays_typed_in_its_open_panel(
    evening: tuple[Server, Path], phone: Callable[..., Any], lang: str, unchanged: str
) -> None:
    """A Radl count that is no number is refused, nothing written: the panel stays open with the
    count as typed, to be put right, under "Nothing was changed"."""
    server, path = evening
    page = phone()
    page.goto(server.url("evening", lang=lang))
    page.locator("#radl summary").click()
    page.locator("#radl [name=hands]").first.fill("x0")
    page.locator("#radl button[type=submit]").first.click()
    expect(page.locator("#notice")).to_contain_text(unchanged)
    expect(page.locator("#notice")).to_contain_text("'x0'")
    expect(page.locator("#radl")).to_have_attribute("open", "")
    expect(page.locator("#radl [name=hands]").first).to_have_value("x0")
    assert not tarockscore.Evening(path).ledger.radl
    no_sideways_scrolling(page)


def test_a_waiting_hand_refused_as_the_evening_was_closed_is_entered_again_once_it_opens(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """Record tapped without network, the evening closed on the laptop before the network came
    back: the hand is refused as closed, and "Enter it again" did nothing (there is no form on a
    closed evening). It is offered only once the evening is opened again, and then brings the
    answers back into the form."""
    server, path = evening
    page = recorded_without_network(phone(fresh=True), server)
    path.chmod(0o444)
    try:
        back_online(page)
        expect(page.locator("#outbox .refused")).to_contain_text(CLOSED["en"][0])
        expect(page.locator("#hand-form")).to_be_hidden()
        expect(page.locator("#outbox").get_by_role("button", name="Enter it again")).to_have_count(0)
        expect(page.locator("#outbox").get_by_role("button", name="Dismiss")).to_be_visible()
        time.sleep(1)  # the server looks at its files every 0.2 s: a close it never saw opens nothing
    finally:
        path.chmod(0o644)
    expect(page.locator("#hand-form")).to_be_visible()
    page.locator("#outbox").get_by_role("button", name="Enter it again").click()
    expect(page.locator('fieldset[data-key="partner"] input[value="Cilli"]')).to_be_checked()
    expect(page.locator("#outbox .refused")).to_have_count(0)
    assert hands(path) == 0


def test_a_page_opened_on_a_closed_evening_offers_the_form_once_it_is_opened_again(
    evening: tuple[Server, Path], phone: Callable[..., Any]
) -> None:
    """A phone that opened the table's page while the evening was closed on the laptop had no
    form: opened again, its sheet said "next: hand 1" but the page offered no form to enter it
    until reloaded by hand."""
    server, path = evening
    path.chmod(0o444)
    try:
        page = phone()
        page.goto(server.url("evening"))
        expect(page.locator("#notice")).to_contain_text(CLOSED["en"][0])
        assert page.locator("#hand-form").count() == 0
        time.sleep(1)  # the server looks at its files every 0.2 s: a close it never saw opens nothing
    finally:
        path.chmod(0o644)
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#hand-head")).to_contain_text("Hand 1")
    fill_rufer(Thumb(page))
    page.get_by_role("button", name="Show the arithmetic").click()
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#notice .notice.ok")).to_contain_text("Hand 1 is recorded.")
    assert hands(path) == 1
