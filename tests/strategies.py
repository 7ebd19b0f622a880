"""Hypothesis strategies: valid hands for any profile, built from the profile's own rules."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from tarockscore.rules.hand import BonusInput, HandInput, parse_points, render_points
from tarockscore.rules.legality import (
    OTHER_SHARE,
    declarer_talon_share,
    king_bonus_made,
    king_half_choices,
    kontra_on_contract_allowed,
    may_fail,
    may_make,
    possible_bonuses,
    talon_card_points,
    talon_share_holds,
    trischaken_talon_counted,
)
from tarockscore.rules.parse import HONOURS
from tarockscore.rules.profile import Kind, Profile

PLAYERS = ["Anna", "Bert", "Cilli", "Dani"]


def _points(profile: Profile, draw: st.DrawFn) -> Fraction:
    unit = Fraction(1, 3) if profile.game.thirds else Fraction(1)
    steps = int(profile.game.card_points_total / unit)
    return draw(st.integers(0, steps)) * unit


@st.composite
def hands(draw: st.DrawFn, profile: Profile, contracts: list[str] | None = None) -> HandInput:
    """A hand mapping that ``parse_hand`` accepts under ``profile``."""
    names = contracts or sorted(profile.contracts)
    contract = profile.contracts[draw(st.sampled_from(names))]
    players = list(PLAYERS)
    hand: HandInput = {"players": players, "contract": contract.name}
    steps = [s.name for s in profile.playable_steps]
    maybe_step = st.one_of(st.none(), st.sampled_from(steps))

    if contract.kind is Kind.TRISCHAKEN:
        unit = 3 if profile.game.thirds else 1
        total = int(profile.game.card_points_total * unit)
        if not trischaken_talon_counted(profile):  # the talon, out of play, keeps its share:
            # its fewest and whole points more (each card counts whole points above the smallest)
            fewest, most = talon_card_points(profile) or (Fraction(0), Fraction(0))
            total -= int(fewest * unit) + unit * draw(st.integers(0, int(most - fewest)))
        cuts = sorted(draw(st.lists(st.integers(0, total), min_size=3, max_size=3)))
        parts = _a_trick_or_none([cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]], unit)
        hand["card_points"] = {
            p: render_points(Fraction(v, unit)) for p, v in zip(players, parts, strict=True)
        }
        return hand

    # who may bid it: the Forehand alone where contracts.NAME.bidders says so
    declarer = players[0] if contract.bidders == "forehand" else draw(st.sampled_from(players))
    hand["declarer"] = declarer
    if contract.team == "called":
        if profile.game.talon and profile.called_king_in_talon.rule == "traditional" and draw(st.booleans()):
            hand["called_king"] = "talon"
            hand["conceded"] = False
            half = draw(st.sampled_from([None, *king_half_choices(profile, contract)]))
            if half is not None:
                hand["king_half"] = half
        elif profile.game.call_own_king and draw(st.booleans()):
            hand["called_king"] = "own"
        else:
            hand["partner"] = draw(st.sampled_from([p for p in players if p != declarer]))
    defenders = [p for p in players if p not in (declarer, hand.get("partner"))]

    if contract.kind is Kind.NEGATIVE:
        hand["won"] = draw(st.booleans())
        if profile.kontra.negative == "individual":
            said = draw(st.dictionaries(st.sampled_from(defenders), st.sampled_from(steps), max_size=3))
            if said:
                hand["kontra"] = said
        elif kontra_on_contract_allowed(profile, contract):
            step = draw(maybe_step)
            if step:
                hand["kontra"] = step
        return hand

    hand["card_points"] = render_points(_points(profile, draw))
    step = draw(maybe_step)
    if step:
        hand["kontra"] = step
    bonuses: list[BonusInput] = []
    # what the rules allow in this hand: no bonus about the called King when it lay in the talon
    allowed = possible_bonuses(profile, contract, hand.get("called_king"), hand.get("king_half"))
    chosen = draw(st.lists(st.sampled_from(allowed), unique=True, max_size=4)) if allowed else []
    for name in chosen:
        bonus = profile.bonuses[name]
        announced = bonus.announce and draw(st.booleans())
        entry: BonusInput = {
            "name": name,
            "side": draw(st.sampled_from([s for s in ("declarers", "defenders") if may_make(bonus, s)])),
            "announced": announced,
            "made": draw(st.booleans()) if may_fail(bonus) else True,
        }
        if king_bonus_made(bonus, hand.get("king_half", "")):
            entry["made"] = True  # the King's half left to the Defenders: caught
        if announced and bonus.kontra:
            k = draw(maybe_step)
            if k:
                entry["kontra"] = k
        bonuses.append(entry)
    # a deal gives the Honneurs (five of the seven honours) only to the side of a Trull or Kings made
    sides = {b["side"] for b in bonuses if b["made"] and b["name"] in HONOURS}
    for b in bonuses:
        if profile.bonuses[b["name"]].honours and b["made"] and sides:
            if len(sides) == 1:
                b["side"] = next(iter(sides))
            else:
                b["made"] = False
    if profile.valat.announced_includes_material and any(
        b["name"] == "valat" and b["announced"] for b in bonuses
    ):
        # an announced Valat includes the material bonuses: none is announced beside it
        for b in bonuses:
            if b["announced"] and profile.bonuses[b["name"]].material:
                b["announced"] = False
                b.pop("kontra", None)
    if profile.bonus_rules.defender_announce_requires_kontra and any(
        b["announced"] and b["side"] == "defenders" for b in bonuses
    ):
        hand["kontra"] = hand.get("kontra") or steps[0]
    if bonuses:
        hand["bonus"] = bonuses
    if contract.requires_announced:
        bird = draw(st.sampled_from(list(contract.requires_announced)))
        hand["bonus"] = [b for b in bonuses if b["name"] != bird] + [
            {"name": bird, "side": "declarers", "announced": True, "made": draw(st.booleans())}
        ]
    _agree_with_card_points(hand, profile)
    return hand


def _agree_with_card_points(hand: HandInput, profile: Profile) -> None:
    """Make the card points and the bonuses tell one story, as a real hand does: a made Valat
    wins the game for its side and leaves the other side no card but its share of the talon; a
    side with every card point made the Valat; a side with none made no bonus; a bonus with a
    card-point minimum is made exactly at it."""
    points = parse_points(hand["card_points"])
    game = profile.game
    deck = game.card_points_total
    unit = Fraction(1, 3) if game.thirds else Fraction(1)
    contract = profile.contracts[hand["contract"]]
    share = declarer_talon_share(profile, contract, hand.get("called_king"))
    valat = next((b for b in hand.get("bonus", []) if b["name"] == "valat"), None)
    made_by = valat["side"] if valat is not None and valat["made"] else None
    trick = talon_share_holds(profile, "half")[0] or unit  # a trick's four cards hold at least this
    if share is not None:  # each side holds its talon cards, whole points, or a trick's four more
        mine, theirs = talon_share_holds(profile, share)[0], talon_share_holds(profile, OTHER_SHARE[share])[0]
        points = min(max(points, mine), deck - theirs)
        if mine < points < mine + trick:
            points = mine + trick
        if theirs < deck - points < theirs + trick:
            points = deck - theirs - trick
        if 0 < mine == points and made_by != "defenders":  # only the talon cards: no trick
            points = mine + trick
        if 0 < theirs == deck - points and made_by != "declarers":
            points = deck - theirs - trick

    if made_by == "declarers":
        points = max(points, game.win_threshold)
        if share is not None:  # the Defenders hold their talon cards alone: whole points
            points = Fraction(int(max(points, deck - talon_share_holds(profile, OTHER_SHARE[share])[1])))
    elif made_by == "defenders":
        points = min(points, game.win_threshold - unit)
        if share is not None:
            points = Fraction(int(min(points, talon_share_holds(profile, share)[1])))
    if hand.get("king_half") == "defenders":  # they hold the King's half: never without a card
        points = min(points, deck - unit)
    if game.every_card_counts and "valat" in contract.bonuses:
        if points == deck and made_by != "declarers" and not (valat and valat["side"] == "defenders"):
            points -= trick  # every card, and no Valat entered: one trick less
        if points == 0 and made_by != "defenders" and not (valat and valat["side"] == "declarers"):
            points += trick
    kept: list[BonusInput] = []
    for b in hand.get("bonus", []):
        side = points if b["side"] == "declarers" else deck - points
        if game.every_card_counts and b["name"] != "valat" and side == 0 and b["made"]:
            if not may_fail(profile.bonuses[b["name"]]):
                continue  # a side without a card cannot hold it
            b["made"] = False
        minimum = profile.bonuses[b["name"]].min_card_points
        if minimum is not None:
            b["made"] = side >= minimum
        kept.append(b)
    if "bonus" in hand:
        hand["bonus"] = kept
    hand["card_points"] = render_points(points)


def _a_trick_or_none(parts: list[int], unit: int) -> list[int]:
    """Each player's share (in ``unit``s of a point) raised to at least a whole point where he has
    any: a trick's four cards hold at least 1 (docs/rules/koenigrufen.md §6); the largest gives it."""
    for i, v in enumerate(parts):
        if 0 < v < unit:
            parts[parts.index(max(parts))] -= unit - v
            parts[i] = unit
    return parts


@st.composite
def trischaken_with_virgins(draw: st.DrawFn, profile: Profile) -> HandInput:
    """A Trischaken hand in which one or two players took no trick (card points 0)."""
    players = list(PLAYERS)
    unit = 3 if profile.game.thirds else 1
    total = int(profile.game.card_points_total * unit)
    virgins = draw(st.lists(st.sampled_from(players), min_size=1, max_size=2, unique=True))
    others = [p for p in players if p not in virgins]
    cuts = sorted(
        draw(st.lists(st.integers(1, total - 1), min_size=len(others) - 1, max_size=len(others) - 1))
    )
    bounds = [0, *cuts, total]
    parts = _a_trick_or_none([bounds[i + 1] - bounds[i] for i in range(len(others))], unit)
    points = dict.fromkeys(players, 0) | dict(zip(others, parts, strict=True))
    card_points = {p: render_points(Fraction(v, unit)) for p, v in points.items()}
    return {"players": players, "contract": "trischaken", "card_points": card_points}
