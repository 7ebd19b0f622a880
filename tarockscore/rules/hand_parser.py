"""Reading a hand from hand-file keys (v1) and checking it against a profile (core layer, pure).

``parse_hand`` checks a mapping (as read from TOML, from the command line or from a ledger)
against a profile and collects every problem in one pass. What the rules allow (the Hüttenfleck,
the King in the talon, contra ad personam, Kontra in Trischaken, which bonuses may be announced
or doubled) is asked of :mod:`tarockscore.rules.legality`, which the guided entry asks too.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tarockscore.errors import N_, Collector, HandRefused, Problem, message, near_miss, one_of
from tarockscore.rules import legality
from tarockscore.rules.cardpoints import render_points
from tarockscore.rules.hand import BonusEntry, Hand, Side
from tarockscore.rules.hand_bets import (
    check_bonus_against_points,
    read_bonuses,
    read_contract_kontra,
    read_kontra_step,
)
from tarockscore.rules.hand_points import read_card_points, read_side_points, read_trischaken_points
from tarockscore.rules.names import same_but_case, seat_names
from tarockscore.rules.profile import Profile
from tarockscore.rules.reader import Reader
from tarockscore.rules.text import name_problem

HAND_KEYS = (
    "profile",
    "players",
    "contract",
    "declarer",
    "partner",
    "card_points",
    "defender_card_points",
    "won",
    "kontra",
    "huettenfleck",
    "called_king",
    "conceded",
    "renonce",
    "bonus",
)


def parse_hand(data: Mapping[str, Any], profile: Profile) -> Hand:
    """Check a hand mapping against the profile; raise :class:`HandError` listing every problem."""
    problems = Collector()
    seats: Any = data.get("players")
    named = isinstance(seats, list) and all(isinstance(p, str) for p in seats)
    if named:
        data = seat_names(data, seats)  # "anna" is Anna, in the table's own spelling
    r = Reader(data, "", problems)
    profile_ref = r.optional_str("profile")
    players = _players(r, named, profile, problems)
    table = set(players)

    contract_given = r.text("contract")
    contract_name = profile.contract_name(contract_given) if contract_given else None
    if contract_name is None and r.has("contract") and isinstance(data.get("contract"), str):
        problems.add(
            "contract",
            N_("{contract_given!r} is not a contract of profile {profile!r}; choose one of {allowed}{hint}"),
            contract_given=contract_given,
            profile=profile.name,
            allowed=one_of(profile.contracts),
            hint=near_miss(contract_given, profile.contract_names()),
        )
    contract = profile.contracts.get(contract_name or "")

    def player(key: str) -> str | None:
        value = r.optional_str(key)
        if value is not None and table and value not in table:
            problems.add(
                key,
                N_("{value!r} is not at the table; players are {allowed}{hint}"),
                value=value,
                allowed=one_of(players),
                hint=near_miss(value, table),
            )
        return value

    declarer = player("declarer")
    partner = player("partner")
    renonce = player("renonce")
    won = r.optional_bool("won")
    huettenfleck = r.flag("huettenfleck", False)
    called_king = r.optional_str("called_king")
    conceded = r.optional_bool("conceded")
    kontra_raw = r.raw("kontra")
    cp_raw = r.raw("card_points")
    dcp_raw = r.raw("defender_card_points")
    bonus_raw = r.raw("bonus")
    r.finish()

    hand_kontra: str | None = None
    kontra_by: tuple[tuple[str, str], ...] = ()
    card_points: Fraction | None = None
    defender_points: Fraction | None = None
    trischaken_points: tuple[tuple[str, Fraction], ...] = ()
    bonuses: tuple[BonusEntry, ...] = ()

    if contract is not None:
        trischaken = legality.everyone_for_themselves(contract)
        # -- who plays ----------------------------------------------------------------------
        if trischaken:
            if partner is not None:
                problems.add(
                    "partner",
                    N_("{contract} is played by everyone for themselves: no partner"),
                    contract=contract.name,
                )
        else:
            if declarer is None:
                problems.add("declarer", N_("missing (required): who played the contract"))
            if legality.plays_alone(contract) and partner is not None:
                problems.add(
                    "partner",
                    N_("{partner!r}: {contract} is played alone, one against three: no partner"),
                    partner=partner,
                    contract=contract.name,
                )
            if legality.calls_a_king(contract):
                if partner is None and called_king not in legality.CALLED_KING_VALUES:
                    problems.add(
                        "partner",
                        N_(
                            'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon" (or "own": the declarer called his own King)'
                        )
                        if legality.own_king_allowed(profile, contract)
                        else N_(
                            'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon"'
                        ),
                        contract=contract.name,
                    )
                if partner is not None and partner == declarer:
                    problems.add(
                        "partner",
                        N_(
                            '{partner!r} is the declarer; the partner is another player; a declarer who called his own King gives called_king = "own"'
                        )
                        if legality.own_king_allowed(profile, contract)
                        else N_("{partner!r} is the declarer; the partner is another player"),
                        partner=partner,
                    )
                if partner is not None and called_king in legality.CALLED_KING_VALUES:
                    problems.add(
                        "partner",
                        N_('no partner when called_king = "{called_king}": the declarer plays alone'),
                        called_king=called_king,
                    )
            if contract.bidders != "anyone" and declarer is not None and players:
                if not legality.may_bid(contract, players.index(declarer) if declarer in players else -1):
                    problems.add(
                        "declarer",
                        N_(
                            "{declarer!r} is not the Forehand: under {profile!r} only the first in hand ({value!r}) may bid {contract} (contracts.{contract}.bidders = {bidders!r})"
                        ),
                        declarer=declarer,
                        profile=profile.name,
                        value=players[0],
                        contract=contract.name,
                        bidders=contract.bidders,
                    )

        # -- called King in the talon ----------------------------------------------------------
        if called_king is not None:
            allowed_kings = legality.called_king_choices(profile, contract)
            if called_king not in legality.CALLED_KING_VALUES:
                problems.add(
                    "called_king",
                    N_("{called_king!r} is not allowed; under {profile!r} it is {value}"),
                    called_king=called_king,
                    profile=profile.name,
                    value=one_of(allowed_kings)
                    if allowed_kings
                    else message(N_("not given in {contract}"), contract=contract.name),
                )
            elif called_king == "own":
                if not legality.calls_a_king(contract):
                    problems.add(
                        "called_king", N_("'own': no King is called in {contract}"), contract=contract.name
                    )
                elif not profile.game.call_own_king:
                    problems.add(
                        "called_king",
                        N_(
                            "'own': profile {profile!r} does not allow calling one's own King (game.call_own_king = false); the declarer needs a partner or called_king = 'talon'"
                        )
                        if "talon" in allowed_kings
                        else N_(
                            "'own': profile {profile!r} does not allow calling one's own King (game.call_own_king = false); the declarer needs a partner"
                        ),
                        profile=profile.name,
                    )
            elif not legality.king_can_lie_in_talon(profile, contract):
                problems.add(
                    "called_king",
                    N_("'talon': no King is called in {contract} under {profile!r}"),
                    contract=contract.name,
                    profile=profile.name,
                )
            elif not legality.king_in_talon_scored(profile):
                problems.add(
                    "called_king",
                    N_(
                        "profile {profile!r} deals again when the called King lies in the talon (called_king_in_talon.rule = 'redeal'): there is no hand to score"
                    ),
                    profile=profile.name,
                )
        if conceded and not legality.may_concede(called_king):
            problems.add(
                "conceded",
                N_('a hand is conceded only when the called King lies in the talon (called_king = "talon")'),
            )
        elif (
            conceded
            and legality.king_in_talon_allowed(profile, contract)
            and not legality.concession_possible(profile, contract)
        ):  # (a King that cannot lie in the talon, or a redeal, is said at called_king)
            problems.add(
                "conceded",
                N_(
                    "a {contract} is played without the talon: the declarer never sees the called King lie there, so cannot concede ({contract}: talon = false)"
                ),
                contract=contract.name,
            )
        if conceded and won:
            problems.add("won", N_("true contradicts conceded = true: a conceded hand is lost"))
        if conceded and cp_raw is not None:
            problems.add(
                "card_points", N_("a conceded hand is not played: give no card points with conceded = true")
            )

        # -- card points and outcome -------------------------------------------------------
        if trischaken:
            trischaken_points = read_trischaken_points(cp_raw, players, profile, problems)
            if dcp_raw is not None:
                problems.add(
                    "defender_card_points",
                    N_("{contract} has no Defenders: give every player's card points in card_points"),
                    contract=contract.name,
                )
            if won is not None:
                problems.add(
                    "won",
                    N_("{contract} has no declarer who wins or loses; give card_points per player"),
                    contract=contract.name,
                )
        else:
            card_points, defender_points = read_side_points(cp_raw, dcp_raw, profile, problems)
            if legality.decided_by_tricks(contract):
                if card_points is not None:
                    problems.add(
                        "card_points",
                        N_("{contract} is decided by tricks, not card points: give won = true or false"),
                        contract=contract.name,
                    )
                if won is None and not renonce:
                    problems.add(
                        "won",
                        N_("missing: did the declarer of {contract} win? (won = true or false)"),
                        contract=contract.name,
                    )
            elif cp_raw is None and won is None and not conceded and not renonce:
                problems.add(
                    "card_points", N_("missing: give the declarer side's card points, or won = true or false")
                )
            if card_points is not None and won is not None:
                by_points = card_points >= profile.game.win_threshold
                if by_points != won:
                    problems.add(
                        "won",
                        N_(
                            "{won} disagrees with card_points {card_points} (the declarer side needs {win_threshold})"
                        ),
                        won=str(won).lower(),
                        card_points=render_points(card_points),
                        win_threshold=render_points(profile.game.win_threshold),
                    )

        # -- Kontra on the contract ----------------------------------------------------------
        if kontra_raw is not None:
            hand_kontra, kontra_by = read_contract_kontra(
                kontra_raw, contract, declarer, partner, players, profile, problems
            )
        if conceded and (hand_kontra or kontra_by):
            problems.add("kontra", N_("no Kontra is allowed on a conceded hand"))
        if conceded and huettenfleck:
            problems.add(
                "huettenfleck",
                N_("no Kontra is allowed on a conceded hand, nor a Hüttenfleck, which is a Kontra"),
            )
        if huettenfleck:
            if not profile.kontra.huettenfleck:
                problems.add(
                    "huettenfleck",
                    N_("profile {profile!r} does not allow the Hüttenfleck (kontra.huettenfleck = false)"),
                    profile=profile.name,
                )
            elif not legality.huettenfleck_possible(contract):
                problems.add(
                    "huettenfleck", N_("{contract} has no talon to say it before"), contract=contract.name
                )
            elif not legality.huettenfleck_combines_with(hand_kontra):
                problems.add(
                    "kontra",
                    N_(
                        "{hand_kontra!r} cannot be combined with the Hüttenfleck, which is the contract's Kontra"
                    ),
                    hand_kontra=hand_kontra,
                )

        # -- bonuses -------------------------------------------------------------------------
        if bonus_raw is not None:
            bonuses = read_bonuses(bonus_raw, contract.name, contract.bonuses, profile, problems)
        if conceded:
            for i, entry in enumerate(bonuses):
                if entry.kontra:
                    problems.add(
                        f"bonus[{i}].kontra",
                        N_("{kontra!r} on the {name}: no Kontra is allowed on a conceded hand"),
                        kontra=entry.kontra,
                        name=entry.name,
                    )
        if contract.requires_announced and not any(
            b.name in contract.requires_announced and b.announced and b.side is Side.DECLARERS
            for b in bonuses
        ):
            problems.add(
                "bonus",
                N_("{contract} is played with one of {allowed} announced by the declarers"),
                contract=contract.name,
                allowed=one_of(contract.requires_announced),
            )
        if called_king == "talon":
            impossible = set(legality.contract_bonuses(profile, contract)) - set(
                legality.possible_bonuses(profile, contract, called_king)
            )
            for i, item in enumerate(bonus_raw if isinstance(bonus_raw, list) else []):
                name = profile.bonus_name(str(item.get("name", ""))) if isinstance(item, dict) else None
                b = next((b for b in bonuses if b.name == name), None)
                if b is not None and b.name in impossible and b.made:
                    problems.add(
                        f"bonus[{i}].made",
                        N_(
                            "{name!r} made with the called King in the talon: the King is in no trick, so not in the last one; enter it as lost (made = false) if it was announced"
                        ),
                        name=b.name,
                    )
        if bonuses:
            check_bonus_against_points(bonuses, card_points, defender_points, won, profile, problems)
        if bonuses and legality.defender_announce_needs_kontra(profile):
            defenders_kontra = bool(hand_kontra or kontra_by) or any(
                b.kontra and b.side is Side.DECLARERS for b in bonuses
            )
            for i, b in enumerate(bonuses):
                if b.announced and b.side is Side.DEFENDERS and not defenders_kontra:
                    problems.add(
                        f"bonus[{i}]",
                        N_(
                            "{b!r}: under {profile!r} a Defender may announce a bonus only together with some Kontra (bonus_rules.defender_announce_requires_kontra)"
                        ),
                        b=b.name,
                        profile=profile.name,
                    )

    else:
        # The contract is unknown: still check what does not depend on it, so that one run
        # reports every problem.
        if cp_raw is not None and not isinstance(cp_raw, dict):
            read_card_points("card_points", cp_raw, profile, problems)
        if isinstance(kontra_raw, str):
            read_kontra_step("kontra", kontra_raw, profile, problems)
        read_bonuses(
            bonus_raw,
            contract_given or message(N_("this contract")),
            tuple(profile.bonuses),
            profile,
            problems,
        )

    problems.raise_if_any(HandRefused)
    assert contract_name is not None
    return Hand(
        players=players,
        contract=contract_name,
        declarer=declarer,
        partner=partner,
        card_points=card_points,
        defender_card_points=defender_points,
        trischaken_points=trischaken_points,
        won=won,
        kontra=hand_kontra,
        kontra_by=kontra_by,
        huettenfleck=huettenfleck,
        called_king=called_king,
        conceded=bool(conceded),
        renonce=renonce,
        bonuses=bonuses,
        profile=profile_ref,
    )


def _players(r: Reader, named: bool, profile: Profile, problems: Collector) -> tuple[str, ...]:
    """The players in seat order; ``named``: they are given as an array of strings."""
    raw = r.raw("players")
    if raw is None:
        problems.add(
            "players",
            N_("missing (required): the {players} players in seat order, Forehand first"),
            players=profile.game.players,
        )
        return ()
    if not named or not all(map(str.strip, raw)):  # every name has a character that is not a space
        problems.add(
            "players",
            N_("{raw!r}: expected an array of {players} names"),
            raw=raw,
            players=profile.game.players,
        )
        return ()
    players = tuple(raw)
    for problem in _seating(players, profile.game.players, profile.name):
        problems.put(problem)
    return players


@functools.lru_cache(maxsize=256)
def _seating(players: tuple[str, ...], count: int, profile: str) -> tuple[Problem, ...]:
    """What is wrong with ``players`` as a hand's seat order under profile ``profile``, a game of
    ``count`` players. An evening's hands repeat a few seat orders: each is judged once."""
    problems = Collector()
    for player in players:  # the rules a name typed with `new --players` meets
        wrong = name_problem(player)
        if wrong is not None:
            problems.add("players", N_("{player!r}: {wrong}"), player=player, wrong=wrong)
    if len(players) != count:
        problems.add(
            "players",
            N_("{count} names given; {profile!r} is played by {players}"),
            count=len(players),
            profile=profile,
            players=count,
        )
    if len(set(players)) < len(players):  # a name given twice
        duplicates = sorted({p for p in players if players.count(p) > 1})
        problems.add("players", N_("{allowed} named twice"), allowed=one_of(duplicates))
    elif clashes := same_but_case(players):
        problems.add(
            "players",
            N_("{allowed} differ only by case: names are matched in any case"),
            allowed=one_of(clashes),
        )
    return tuple(problems.problems)
