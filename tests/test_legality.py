"""What the rules allow, asked of the shipped profiles: the predicates hand validation and the
guided entry share. Each expectation is the profile's own reading of a rule, with the
disagreement of docs/rules/disagreements.md it settles."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tarockscore import i18n
from tarockscore.errors import HandError
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.legality import (
    contra_ad_personam,
    contract_bonuses,
    huettenfleck_allowed,
    huettenfleck_combines_with,
    king_can_lie_in_talon,
    king_in_talon_allowed,
    kontra_on_contract_allowed,
    may_announce,
    may_concede,
    may_double,
    possible_bonuses,
    talon_card_points,
    trischaken_talon_counted,
)
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def test_the_called_king_in_the_talon() -> None:
    kr = load_profile("koenigrufen")
    # D18: the main rules' traditional rule plays (or concedes) the hand; the Dreier calls no King.
    assert king_in_talon_allowed(kr, kr.contracts["rufer"])
    assert not king_in_talon_allowed(kr, kr.contracts["dreier"])
    # D18, other reading: the base rule deals again, so there is no hand to enter.
    redeal = load_profile("koenigrufen", {"called_king_in_talon": {"rule": "redeal"}})
    assert king_can_lie_in_talon(redeal, redeal.contracts["rufer"])
    assert not king_in_talon_allowed(redeal, redeal.contracts["rufer"])
    # Zwanzigerrufen deals no talon (docs/rules/zwanzigerrufen.md).
    zr = load_profile("zwanzigerrufen")
    assert not king_can_lie_in_talon(zr, zr.contracts["rufer"])
    assert may_concede("talon") and not may_concede(None)


def test_kontra_ad_personam_and_in_trischaken() -> None:
    kr, gt = load_profile("koenigrufen"), load_profile("gametwist")
    # D5: contra ad personam in the negative contracts under the main rules, collective at GameTwist.
    assert contra_ad_personam(kr, kr.contracts["bettler"])
    assert not contra_ad_personam(kr, kr.contracts["rufer"])
    assert not contra_ad_personam(gt, gt.contracts["bettler"])
    # D6: no Kontra in the Dodge Round, unless a table agrees on it.
    assert not kontra_on_contract_allowed(kr, kr.contracts["trischaken"])
    assert kontra_on_contract_allowed(kr, kr.contracts["rufer"])
    agreed = load_profile("koenigrufen", {"kontra": {"dodge_round": True}})
    assert kontra_on_contract_allowed(agreed, agreed.contracts["trischaken"])


def test_the_huettenfleck() -> None:
    # D3: an optional rule of the main rules, off unless agreed; it needs a talon still unseen.
    kr = load_profile("koenigrufen")
    assert not huettenfleck_allowed(kr, kr.contracts["rufer"])
    agreed = load_profile("koenigrufen", {"kontra": {"huettenfleck": True}})
    assert huettenfleck_allowed(agreed, agreed.contracts["rufer"])
    assert not huettenfleck_allowed(agreed, agreed.contracts["solodreier"])  # played without the talon
    assert not huettenfleck_allowed(agreed, agreed.contracts["bettler"])
    assert huettenfleck_combines_with("kontra")
    assert not huettenfleck_combines_with("rekontra")


def test_bonuses_announced_and_doubled() -> None:
    gt = load_profile("gametwist")
    mondfang, pagat = gt.bonuses["mondfang"], gt.bonuses["pagat"]
    # GameTwist lists "Calling Moon catching" among the variants it does not use.
    assert not may_announce(mondfang)
    assert may_announce(pagat)
    # Only an announced bonus can be doubled (docs/rules/kontra.md).
    assert may_double(pagat, announced=True)
    assert not may_double(pagat, announced=False)
    assert "pagat" in contract_bonuses(gt, gt.contracts["rufer"])


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        (
            {"contract": "dreier", "declarer": "Anna", "called_king": "talon", "card_points": 40},
            "called_king",
        ),
        ({"contract": "rufer", "declarer": "Anna", "partner": "Bert", "conceded": True}, "conceded"),
        ({"contract": "bettler", "declarer": "Anna", "won": True, "kontra": "kontra"}, "kontra"),
        (
            {
                "contract": "rufer",
                "declarer": "Anna",
                "partner": "Bert",
                "card_points": 40,
                "huettenfleck": True,
            },
            "huettenfleck",
        ),
    ],
)
def test_validation_refuses_what_the_predicates_rule_out(hand: HandInput, field: str) -> None:
    with pytest.raises(HandError) as refused:
        parse_hand({"players": PLAYERS, **hand}, load_profile("koenigrufen"))
    assert str(refused.value).startswith(f"{field}:"), str(refused.value)


def test_no_concession_in_a_contract_played_without_the_talon() -> None:
    """docs/rules/koenigrufen.md §1.4 and §5: the declarer concedes on finding the called King in
    the talon he takes up; in a Solorufer the talon goes to the Defenders unseen."""
    kr = load_profile("koenigrufen")
    hand: HandInput = {"players": PLAYERS, "declarer": "Anna", "called_king": "talon", "conceded": True}
    assert parse_hand({**hand, "contract": "rufer"}, kr).conceded
    with pytest.raises(HandError, match=r"conceded: a solorufer is played without the talon"):
        parse_hand({**hand, "contract": "solorufer"}, kr)


def test_no_bonus_about_the_called_king_is_made_when_it_lay_in_the_talon() -> None:
    """§5: with the called King in the talon the King is in no trick, so the King ultimo cannot be
    made; announced, it is lost (and scored as such)."""
    kr = load_profile("koenigrufen")
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "called_king": "talon",
        "card_points": 40,
    }
    made: BonusInput = {"name": "king_ultimo", "side": "declarers", "announced": True, "made": True}
    with pytest.raises(
        HandError, match=r"bonus\[0\]\.made: 'king_ultimo' made with the called King in the talon"
    ):
        parse_hand({**hand, "bonus": [made]}, kr)
    lost = parse_hand({**hand, "bonus": [{**made, "made": False}]}, kr)
    assert [(b.name, b.made) for b in lost.bonuses] == [("king_ultimo", False)]
    assert "king_ultimo" not in possible_bonuses(kr, kr.contracts["rufer"], "talon")
    assert "king_ultimo" in possible_bonuses(kr, kr.contracts["rufer"], None)


def test_gametwist_plays_trischaken_without_the_talon() -> None:
    """[GT] "In negative games, the deck is not used at all" (docs/rules/koenigrufen.md §6): the
    players' card points add up to 70 less the talon's, which counts for nobody and so decides
    nothing: the same hand with the talon's points given to a player who pays nothing either
    way scores the same. The main rules' players add up to 70."""
    gt = load_profile("gametwist")
    assert not trischaken_talon_counted(gt)
    hand: HandInput = {"players": PLAYERS, "contract": "trischaken"}
    out: dict[str, int | str] = {"Anna": 20, "Bert": 30, "Cilli": 10, "Dani": 5}  # 65: the talon holds 5
    counted = {**out, "Dani": 8}  # 3 of them with Dani, who stays one of the two lowest (the talon keeps 2)
    scored_out = score_hand(parse_hand({**hand, "card_points": out}, gt), gt)
    scored_counted = score_hand(parse_hand({**hand, "card_points": counted}, gt), gt)
    assert scored_out.victory_points == scored_counted.victory_points
    too_many = {**out, "Dani": 25}  # 85
    with pytest.raises(HandError, match=r"add up to 85; .* 2 to 26 in whole points: 44, 45 … 68"):
        parse_hand({**hand, "card_points": too_many}, gt)
    kr = load_profile("koenigrufen")
    assert trischaken_talon_counted(kr)
    with pytest.raises(HandError, match=r"add up to 65, not the deck's 70"):
        parse_hand({**hand, "card_points": out}, kr)


def test_gametwist_trischaken_leaves_the_talon_its_six_cards_points() -> None:
    """docs/rules/koenigrufen.md §1 and §6 [GT]: with the talon out of play the players hold 70
    less the talon's six cards, each worth ⅓ to 4⅓: 44 to 68 in all, never 70."""
    gt = load_profile("gametwist")
    assert talon_card_points(gt) == (Fraction(2), Fraction(26))
    hand: HandInput = {"players": PLAYERS, "contract": "trischaken"}
    for total in (70, "68 1/3", "43 2/3"):
        points: dict[str, int | str] = {"Anna": total, "Bert": 0, "Cilli": 0, "Dani": 0}
        with pytest.raises(HandError, match=r"card_points: .* 44, 45 … 68"):
            parse_hand({**hand, "card_points": points}, gt)
    for total in (68, 44):
        parse_hand({**hand, "card_points": {"Anna": total, "Bert": 0, "Cilli": 0, "Dani": 0}}, gt)
    # each talon card counts ⅓ more than whole points (§1: 4⅓, 3⅓, 2⅓, 1⅓, ⅓), so its six hold 2 and
    # whole points more: the players' 70 less that is whole; 60⅓ is no deal's, though between 44 and 68
    fraction: dict[str, int | str] = {"Anna": "20 1/3", "Bert": 20, "Cilli": 10, "Dani": 10}
    with pytest.raises(
        HandError, match=r"card_points: .* add up to 60 1/3; .* 2 to 26 in whole points: 44, 45 … 68"
    ):
        parse_hand({**hand, "card_points": fraction}, gt)
    # a hand an evening holds from before is read as it was recorded (docs/evening.md)
    assert parse_hand({**hand, "card_points": fraction}, gt, stored=True).trischaken_points[0][1] == Fraction(
        61, 3
    )


def test_no_kontra_on_a_bonus_of_a_conceded_hand() -> None:
    """docs/rules/kontra.md §7 [CTK]: no Kontra on a hand conceded for the called King in the
    talon, on its bonuses either (ooe-2023 pays the Besserrufer's bird on a concession; a plain
    Call, conceded before the announcements, has no announced bonus: tests/test_concession.py)."""
    ooe = load_profile("ooe-2023")
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "besserrufer",
        "declarer": "Anna",
        "called_king": "talon",
        "conceded": True,
        "bonus": [{"name": "pagat", "announced": True}],
    }
    assert parse_hand(hand, ooe).conceded
    doubled: HandInput = {**hand, "bonus": [{"name": "pagat", "announced": True, "kontra": "kontra"}]}
    with pytest.raises(HandError, match=r"bonus\[0\]\.kontra: 'kontra' on the pagat: no Kontra"):
        parse_hand(doubled, ooe)


def test_gametwist_kontra_only_on_bettler_and_piccolo() -> None:
    """D5 [GT]: "a Contra to the game itself (and that only in the case of Bettler and Piccolo)":
    none on the ouverts; the main rules allow it on every negative contract."""
    gt, kr = load_profile("gametwist"), load_profile("koenigrufen")
    for name in ("bettler_ouvert", "piccolo_ouvert"):
        assert not kontra_on_contract_allowed(gt, gt.contracts[name])
        assert kontra_on_contract_allowed(kr, kr.contracts[name])
        hand: HandInput = {
            "players": PLAYERS,
            "contract": name,
            "declarer": "Anna",
            "won": False,
            "kontra": "kontra",
        }
        with pytest.raises(
            HandError, match=rf"kontra: 'kontra': profile 'gametwist' allows no Kontra on {name}"
        ):
            parse_hand(hand, gt)
    for name in ("bettler", "piccolo"):
        assert kontra_on_contract_allowed(gt, gt.contracts[name])


def test_zwanzigerrufen_trull_is_neither_announced_nor_lost() -> None:
    """docs/rules/zwanzigerrufen.md §3 [CTT]: the Trull is a hand bonus with no announced value,
    and "the Trull cannot fail"."""
    zr = load_profile("zwanzigerrufen")
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 47,
    }
    trull: BonusInput = {"name": "trull", "side": "defenders"}
    assert parse_hand({**hand, "bonus": [trull]}, zr).bonuses[0].made
    with pytest.raises(HandError, match=r"bonus\[0\]\.announced: 'trull' cannot be announced"):
        parse_hand({**hand, "bonus": [{**trull, "announced": True}]}, zr)
    with pytest.raises(HandError, match=r"bonus\[0\]\.made: false: .* cannot fail"):
        parse_hand({**hand, "bonus": [{**trull, "made": False}]}, zr)
    kr = load_profile("koenigrufen")  # the Königrufen Trull may be announced and lost
    assert parse_hand({**hand, "card_points": 40, "bonus": [{**trull, "announced": True, "made": False}]}, kr)


def test_the_king_ultimo_is_the_declarers_bonus() -> None:
    """docs/rules/koenigrufen.md §3.1: the called King in the last trick "for the declarer's
    side" (D33); GameTwist gives it to the team that takes the trick and the Königfang to the
    team opposing the caller [GT]."""
    kr, gt = load_profile("koenigrufen"), load_profile("gametwist")
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 40,
    }
    ultimo: BonusInput = {"name": "king_ultimo", "side": "defenders", "announced": True}
    for name in ("koenigrufen", "pagat", "ooe-2023", "steiermark"):
        with pytest.raises(HandError, match=r"bonus\[0\]\.side: 'defenders': .* only the declarers'"):
            parse_hand({**hand, "bonus": [ultimo]}, load_profile(name))
    assert parse_hand({**hand, "bonus": [{**ultimo, "side": "declarers"}]}, kr)
    assert parse_hand({**hand, "bonus": [ultimo]}, gt)
    with pytest.raises(HandError, match=r"bonus\[0\]\.side: 'declarers'"):
        parse_hand({**hand, "bonus": [{"name": "koenigfang", "side": "declarers"}]}, gt)


def test_huettenfleck_with_kontra_is_one_kontra_and_says_so() -> None:
    """docs/rules/kontra.md §5: the Hüttenfleck is a Kontra said before the talon: entered with
    kontra = "kontra" it is that Kontra (scored once, with a note); a Rekontra is refused."""
    hf = load_profile("koenigrufen", {"kontra": {"huettenfleck": True}})
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": 40,
        "huettenfleck": True,
    }
    alone = score_hand(parse_hand(hand, hf), hf)
    both = score_hand(parse_hand({**hand, "kontra": "kontra"}, hf), hf)
    assert both.victory_points == alone.victory_points
    assert any("it is the Hüttenfleck" in note for note in both.notes)
    with pytest.raises(HandError, match=r"kontra: 'rekontra' cannot be combined"):
        parse_hand({**hand, "kontra": "rekontra"}, hf)


def test_a_conceded_huettenfleck_and_a_redeal_name_the_right_field() -> None:
    """docs/rules/kontra.md §7 and koenigrufen.md §5 (D18): a conceded Hüttenfleck is refused at
    huettenfleck (no kontra was given); under a redeal only called_king is blamed, not the Rufer's talon."""
    hf = load_profile("koenigrufen", {"kontra": {"huettenfleck": True}})
    hand: HandInput = {
        "players": PLAYERS,
        "contract": "rufer",
        "declarer": "Anna",
        "called_king": "talon",
        "conceded": True,
    }
    with pytest.raises(HandError) as refused:
        parse_hand({**hand, "huettenfleck": True}, hf)
    assert str(refused.value).startswith("huettenfleck: no Kontra"), str(refused.value)
    redeal = load_profile("koenigrufen", {"called_king_in_talon": {"rule": "redeal"}})
    with pytest.raises(HandError) as refused:
        parse_hand(hand, redeal)
    assert "redeal" in str(refused.value) and "talon = false" not in str(refused.value)


def test_a_bonus_in_a_contract_that_scores_none_says_so_not_an_empty_list() -> None:
    """A Piccolo scores no bonus (koenigrufen's contracts.piccolo.bonuses = [], a negative game [CTK]):
    a Pagat entered with it is refused as such, in English and in German, not "it allows (none)"."""
    hand: HandInput = {"players": PLAYERS, "contract": "piccolo", "declarer": "Anna", "won": True,
                       "bonus": [{"name": "pagat"}]}  # fmt: skip
    with pytest.raises(HandError) as refused:
        parse_hand(hand, load_profile("koenigrufen"))
    assert str(refused.value) == "bonus[0].name: 'pagat' is not scored in piccolo: it scores no bonus"
    with i18n.language("de"):
        german = refused.value.problems[0].render(i18n.gettext)
    assert german.endswith("Pagat zählt im Piccolo nicht: dort zählt keine Prämie")
