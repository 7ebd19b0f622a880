"""A hand's answers turned into its hand-file keys, and a stored hand's keys back into answers (entry layer, pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

from tarockscore.entry.flow import Flow
from tarockscore.entry.question import NONE, OWN, TALON, VALAT_PROVEN, Answer
from tarockscore.rules import legality
from tarockscore.rules.hand import HandInput, parse_points, render_points
from tarockscore.rules.profile import Profile
from tarockscore.rules.valat import VALAT


def hand_of(flow: Flow, a: Mapping[str, Any]) -> HandInput:
    """The hand-file keys (without ``players``: the ledger seats the hand) of a full set of answers."""
    done, following = flow.walk(a)
    assert following is None, "the hand is not complete"
    asked = {q.key for q in done}
    out = _contract_and_sides(flow, a, asked)
    out.update(_kontra(a, asked, [q.key for q in done]))
    bonuses = _bonuses(flow.profile, a, asked)
    if VALAT_PROVEN in asked and a[VALAT_PROVEN] is True:
        bonuses = _with_valat(bonuses, flow, a)
    if bonuses:
        out["bonus"] = bonuses
    if flow.renonce is not None:
        out["renonce"] = flow.renonce
    return cast(HandInput, out)  # the keys and types docs/hand-format.md gives, each set above


def _contract_and_sides(flow: Flow, a: Mapping[str, Any], asked: set[str]) -> dict[str, Any]:
    """The contract, who played it with whom, and how it went."""
    contract = flow.profile.contracts[a["contract"]]
    out: dict[str, Any] = {"contract": contract.name}
    if legality.everyone_for_themselves(contract):
        out["card_points"] = {p: render_points(v) for p, v in flow.trischaken_points(a).items()}
    else:
        out["declarer"] = a["declarer"]
    partner = a.get("partner") if "partner" in asked else None
    if partner == TALON:
        out["called_king"] = "talon"
        out["conceded"] = bool(a.get("conceded")) if "conceded" in asked else False
        if "king_half" in asked and a["king_half"]:
            out["king_half"] = a["king_half"]
    elif partner == OWN:
        out["called_king"] = "own"
    elif partner is not None:
        out["partner"] = partner
    if "card_points" in asked:
        out["card_points"] = render_points(a["card_points"])
    if "won" in asked:
        out["won"] = a["won"]
    return out


def _kontra(a: Mapping[str, Any], asked: set[str], order: Sequence[str]) -> dict[str, Any]:
    """The Kontra on the contract (one step, or one per Defender) and the Hüttenfleck."""
    out: dict[str, Any] = {}
    by = {key.split(":", 1)[1]: a[key] for key in order if key.startswith("kontra:")}
    if any(by.values()):
        out["kontra"] = {p: step for p, step in by.items() if step}
    elif "kontra" in asked and a["kontra"]:
        out["kontra"] = a["kontra"]
    if "huettenfleck" in asked and a["huettenfleck"]:
        out["huettenfleck"] = True
    return out


def _bonuses(profile: Profile, a: Mapping[str, Any], asked: set[str]) -> list[dict[str, Any]]:
    """The ``[[bonus]]`` tables, in the order they were named."""
    bonuses = []
    for i in range(1, len(profile.bonuses) + 1):
        key = f"bonus:{i}"
        if key not in asked or not a[key]:
            break
        entry: dict[str, Any] = {
            "name": a[key],
            "side": a[f"{key}:side"],
            "announced": bool(a.get(f"{key}:announced")) if f"{key}:announced" in asked else False,
            "made": a[f"{key}:made"] if f"{key}:made" in asked else True,
        }
        if f"{key}:kontra" in asked and a[f"{key}:kontra"]:
            entry["kontra"] = a[f"{key}:kontra"]
        bonuses.append(entry)
    return bonuses


def _with_valat(bonuses: list[dict[str, Any]], flow: Flow, a: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The bonuses with the Valat the card points prove made (added silent where not entered)."""
    side = flow.proven_side(a)
    assert side is not None, "the Valat is asked only where the card points prove it"
    for entry in bonuses:
        if entry["name"] == VALAT and entry["side"] == side.value:
            entry["made"] = True
            return bonuses
    return [*bonuses, {"name": VALAT, "side": side.value, "announced": False, "made": True}]


# -- a stored hand's answers ---------------------------------------------------------------------


def defaults_from_keys(keys: Mapping[str, Any], profile: Profile) -> dict[str, Answer]:
    """The answers a stored hand gave (its hand-file keys), as the defaults of its questions."""
    out: dict[str, Answer] = {}
    contract = profile.contract_name(str(keys.get("contract", "")))
    if contract is not None:
        out["contract"] = contract
    out.update(_players_and_outcome(keys))
    out.update(_card_points_given(keys.get("card_points")))
    kontra = keys.get("kontra")
    if isinstance(kontra, dict):
        for player, value in kontra.items():
            out[f"kontra:{player}"] = _step(value, profile)
    elif kontra is not None:
        out["kontra"] = _step(kontra, profile)
    bonuses = keys.get("bonus")
    for i, entry in enumerate(bonuses if isinstance(bonuses, list) else [], 1):
        if isinstance(entry, dict):
            out.update(_bonus_given(f"bonus:{i}", entry, profile))
    out["extras"] = bool(kontra or keys.get("huettenfleck") or bonuses)
    return out


def _players_and_outcome(keys: Mapping[str, Any]) -> dict[str, Answer]:
    """Declarer, partner (or the called King's place), and the yes-or-no keys."""
    out: dict[str, Answer] = {}
    for key in ("declarer", "partner"):
        if isinstance(keys.get(key), str):
            out[key] = keys[key]
    called = keys.get("called_king")
    if called in ("talon", "own"):
        out["partner"] = TALON if called == "talon" else OWN
    if isinstance(keys.get("king_half"), str):
        out["king_half"] = keys["king_half"]
    for key in ("conceded", "won", "huettenfleck"):
        if isinstance(keys.get(key), bool):
            out[key] = keys[key]
    return out


def _card_points_given(cp: Any) -> dict[str, Answer]:
    """The side's card points, or each player's in Trischaken; a value that is none is left out."""
    out: dict[str, Answer] = {}
    if isinstance(cp, dict):
        for player, value in cp.items():
            if (v := _points(value)) is not None:
                out[f"points:{player}"] = v
    elif (v := _points(cp)) is not None:
        out["card_points"] = v
    return out


def _bonus_given(key: str, entry: Mapping[str, Any], profile: Profile) -> dict[str, Answer]:
    return {
        key: profile.bonus_name(str(entry.get("name", ""))) or NONE,
        f"{key}:side": str(entry.get("side", "declarers")),
        f"{key}:announced": bool(entry.get("announced", False)),
        f"{key}:made": bool(entry.get("made", True)),
        f"{key}:kontra": _step(entry.get("kontra"), profile),
    }


def _points(value: Any) -> Fraction | None:
    try:
        return parse_points(value)
    except ValueError:
        return None


def _step(value: Any, profile: Profile) -> str:
    found = profile.step(value) if isinstance(value, str) else None
    return found.name if found is not None else NONE


def stored_flow(
    keys: Mapping[str, Any], profile: Profile, seats: Sequence[str], players: Sequence[str]
) -> Flow:
    """The questions of a stored hand: a renonce, which the entry does not ask, is kept as it was."""
    renonce = keys.get("renonce")
    return Flow(
        profile,
        seats,
        players,
        renonce if isinstance(renonce, str) else None,
        outcome="card_points" in keys or "won" in keys,
    )
