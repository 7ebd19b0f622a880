"""Where the called King went when it lay in the talon (``king_half``), and the bonuses that
follow from it (docs/rules/koenigrufen.md §5): taken into the declarer's hand it is played (the
King ultimo "only by the holder of the called king (partner, or declarer who took it from the
talon)" [OÖ23]); left to the Defenders it counts in their tricks ([GT] Königfang "also awarded
to the opposing team if the King was in the deck and was given to the opposing team"); in a
solo call its half goes to the declarer at the end ([OÖ23 Allg. 7], [GT]), in no trick."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.errors import HandError
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import BonusInput, HandInput, hand_to_mapping
from tarockscore.rules.parse import parse_hand

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def _talon(contract: str, half: str | None, *bonuses: BonusInput, **more: object) -> HandInput:
    hand: HandInput = {
        "players": PLAYERS,
        "contract": contract,
        "declarer": "Anna",
        "called_king": "talon",
        "card_points": 40,
    }
    if half is not None:
        hand["king_half"] = half
    if bonuses:
        hand["bonus"] = list(bonuses)
    hand.update(more)  # type: ignore[typeddict-item]
    return hand


def _refused(hand: HandInput, profile: str = "koenigrufen") -> str:
    with pytest.raises(HandError) as refused:
        parse_hand(hand, load_profile(profile))
    return str(refused.value)


def test_the_half_round_trips_and_alone_keeps_its_meaning() -> None:
    kr = load_profile("koenigrufen")
    hand = parse_hand(_talon("rufer", "declarer", {"name": "king_ultimo"}), kr)
    assert hand.king_half == "declarer"
    assert parse_hand(hand_to_mapping(hand), kr) == hand
    # left out: the King is in no trick, as before
    assert "the King is in no trick" in _refused(_talon("rufer", None, {"name": "king_ultimo"}))


def test_the_koenigfang_of_the_defenders_half_is_made() -> None:
    lost: BonusInput = {"name": "koenigfang", "side": "defenders", "made": False}
    err = _refused(_talon("rufer", "defenders", lost), "gametwist")
    assert err.startswith(
        "bonus[0].made: false: the talon half with the called King counts in the Defenders'"
    )
    # taken by the declarer, the Defenders may or may not catch it
    gt = load_profile("gametwist")
    parse_hand(_talon("rufer", "declarer", lost), gt)
    parse_hand(_talon("rufer", "declarer", {"name": "koenigfang", "side": "defenders"}), gt)


def test_a_solo_call_gives_the_declarer_the_half_at_the_end() -> None:
    err = _refused(_talon("solorufer", "defenders"))
    assert err.startswith("king_half: 'defenders': a solorufer is played without the talon")
    err = _refused(_talon("solorufer", "declarer", {"name": "king_ultimo"}))
    assert "the half with the called King goes to the declarer at the end, so the King is in no trick" in err


def test_a_half_needs_the_king_in_the_talon_and_a_hand_played() -> None:
    hand = _talon("rufer", "declarer")
    del hand["called_king"]
    hand["partner"] = "Cilli"
    assert _refused(hand).startswith("king_half: 'declarer': only where the called King lay in the talon")
    conceded = _talon("rufer", "declarer", conceded=True)
    del conceded["card_points"]
    assert "a conceded hand is not played: the declarer takes no half" in _refused(conceded)
    assert "is not allowed; choose one of 'declarer', 'defenders'" in _refused(_talon("rufer", "partner"))


def test_the_short_form_takes_king_half() -> None:
    # GameTwist: Caller 2, won alone with 40: each Defender pays 2 (Anna +6); the silent
    # Königfang 1 to each Defender (Anna −3): Anna +3, each −1 (as the golden hand
    # gt_king_in_talon_left_to_defenders_koenigfang).
    args = ["score", "-P", "gametwist", "-p", "A,B,C,D", "-c", "rufer", "-d", "A", "--talon"]
    result = CliRunner().invoke(
        app, [*args, "--king-half", "defenders", "-t", "40", "-b", "koenigfang,defenders"]
    )
    assert result.exit_code == 0, result.stderr
    assert "Victory Points" in result.stdout and "+3" in result.stdout
    result = CliRunner().invoke(app, [*args[:-1], "-w", "C", "--king-half", "declarer", "-t", "40"])
    assert result.exit_code == 1
    assert (
        "--king-half declarer: 'declarer': only where the called King lay in the talon (--talon)"
        in result.stderr
    )
