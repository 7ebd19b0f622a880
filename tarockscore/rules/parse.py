"""Reading a hand from hand-file keys (v1) and checking it against a profile: its bets, its card points, its players (core layer, pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, cast

from tarockscore.errors import N_, Collector, HandRefused, message, near_miss, one_of, reason
from tarockscore.rules import legality, words
from tarockscore.rules.hand import (
    BLATT,
    BonusEntry,
    GivenBonuses,
    Hand,
    HandInput,
    Side,
    parse_points,
    render_points,
    side_card_points,
)
from tarockscore.rules.profile import Bonus, Contract, Profile, in_thirds
from tarockscore.rules.valat import VALAT, check_tricks, made_valat

# a Valat given under a profile that scores none: the game is won on the card points instead
NO_VALAT = N_(
    "{profile!r} scores no Valat; the side that took every trick won the game: give its card points, or won = true or false"
)


def parse_hand(data: HandInput, profile: Profile, *, bidding: bool = True, stored: bool = False) -> Hand:
    """Check a hand as given against the profile; raise :class:`HandError` listing every problem (``bidding`` false: who bid it is not checked;
    ``stored``: a hand an evening holds, whose card points may add up as earlier versions let them)."""
    problems = Collector()
    keys = _Keys(data, profile, problems)
    contract = profile.contracts.get(keys.contract or "")
    if contract is None:
        _check_without_contract(keys, profile, problems)
        problems.raise_if_any(HandRefused)
    assert contract is not None and keys.contract is not None  # else a problem was raised
    _check_who_plays(keys, contract, profile, problems, bidding)
    _check_called_king(keys, contract, profile, problems)
    _check_king_half(keys, contract, profile, problems)
    _check_concession(keys, contract, profile, problems)
    card_points: Fraction | None = None
    defender_points: Fraction | None = None
    trischaken_points: tuple[tuple[str, Fraction], ...] = ()
    if legality.everyone_for_themselves(contract):
        trischaken_points = _read_trischaken_outcome(keys, contract, profile, problems, stored)
    else:
        card_points, defender_points = _read_side_outcome(keys, contract, profile, problems)
    kontra, kontra_by = _read_kontra(keys, contract, profile, problems)
    given = _read_hand_bonuses(keys, contract, profile, problems)
    bonuses = tuple(given.values())
    if not legality.everyone_for_themselves(contract):
        _check_outcome_given(keys, contract, bonuses, problems)
    if bonuses:
        check_bonus_against_points(given, card_points, defender_points, keys.won, profile, problems)
        _check_defender_announcements(given, bool(kontra or kontra_by), profile, problems)
        check_valat_game_kontra(given, kontra, profile, problems)
        check_valat_includes(given, profile, problems)
        check_honours(given, profile, problems)
        for i, b in given.items():  # the players a bonus names sit at the table
            _check_at_table(f"bonus[{i}].caught_by", b.caught_by, keys.players, problems)
            _check_at_table(f"bonus[{i}].lost_by", b.lost_by, keys.players, problems)
    check_tricks(given, card_points, defender_points, contract, keys.called_king, profile, problems, stored)
    problems.raise_if_any(HandRefused)
    return Hand(
        players=keys.players,
        contract=keys.contract,
        declarer=keys.declarer,
        partner=keys.partner,
        card_points=card_points,
        defender_card_points=defender_points,
        trischaken_points=trischaken_points,
        won=keys.won,
        kontra=kontra,
        kontra_by=kontra_by,
        huettenfleck=keys.huettenfleck,
        called_king=keys.called_king,
        conceded=bool(keys.conceded),
        renonce=keys.renonce,
        bonuses=bonuses,
        profile=keys.profile,
        king_half=keys.king_half,
    )


class _Keys:
    """A hand's keys as read, each of its type (None where missing or of another type); unknown keys reported."""

    def __init__(self, data: HandInput, profile: Profile, problems: Collector) -> None:
        seats: Any = data.get("players")
        named = isinstance(seats, list) and all(isinstance(p, str) for p in seats)
        if named:
            data = _seat_names(data, seats)  # "anna" is Anna, in the table's own spelling
        r = words.Reader(data, "", problems)
        # Read in the order the problems are reported in: the keys as a hand file lists them.
        self.profile = r.optional_str("profile")
        self.players = _players(r, named, profile, problems)
        self.given_contract = r.text("contract")
        self.contract = _contract_name(r, self.given_contract, profile, problems)
        self.given = frozenset(data)  # a key given with a value of the wrong type is not missing too
        self.declarer = _player(r, "declarer", self.players, problems)
        self.partner = _player(r, "partner", self.players, problems)
        self.renonce = _player(r, "renonce", self.players, problems)
        self.won = r.optional_bool("won")
        self.huettenfleck = r.flag("huettenfleck", False)
        self.called_king = r.optional_str("called_king")
        self.conceded = r.optional_bool("conceded")
        self.king_half = r.optional_str("king_half")
        self.kontra: Any = r.raw("kontra")
        self.card_points: Any = r.raw("card_points")
        self.defender_card_points: Any = r.raw("defender_card_points")
        self.bonus: Any = r.raw("bonus")
        r.finish()


def _seat_names(data: HandInput, players: Sequence[str]) -> HandInput:
    """``data`` with every player it names in the table's spelling of ``players`` (``data`` itself if none changes)."""
    if not players:
        return data
    changed: dict[str, Any] = {}
    for key in ("declarer", "partner", "renonce"):
        value = data.get(key)
        if isinstance(value, str) and value not in players:
            named = words.at_table(value, players)
            if named != value:
                changed[key] = named
    for key in ("card_points", "kontra"):
        value = data.get(key)
        if isinstance(value, dict) and any(k not in players for k in value):
            renamed = {words.at_table(k, players): v for k, v in value.items()}
            if len(renamed) == len(value):  # two spellings of one player stay apart, and are reported
                changed[key] = renamed
    return cast(HandInput, {**data, **changed}) if changed else data


def _contract_name(r: words.Reader, given: str, profile: Profile, problems: Collector) -> str | None:
    """The canonical name of the contract ``given``; None, and a problem, where it is none."""
    name = profile.contract_name(given) if given else None
    if name is None and isinstance(r.data.get("contract"), str):
        problems.add(
            "contract",
            N_("{contract_given!r} is not a contract of profile {profile!r}; choose one of {allowed}{hint}"),
            contract_given=given,
            profile=profile.name,
            allowed=one_of(profile.contracts),
            hint=_contract_hint(given, profile),
        )
    return name


# A bird call as the Viennese and Styrian tariffs name it (docs/rules/koenigrufen.md §2.2): the Call
# with its bird announced, which a profile without it plays as the contract bid with a bird
_BIRD_CALL = re.compile(r"(pagat|uhu|ii|kakadu|quapil|vogel)rufer")


def _contract_hint(given: str, profile: Profile) -> str:
    """What a contract the profile lacks is there: a bird call is the contract bid with its bird
    announced; a name of Tarock's (a Zwiccolo, an Uhurufer) is no misspelling of a neighbour's
    (not 'piccolo', not 'rufer'); anything else, the name it is nearest."""
    key = words.fold(given)
    if call := _BIRD_CALL.fullmatch(key):
        bird = {"ii": "uhu", "vogel": ""}.get(call[1], call[1])
        for c in profile.contracts.values():
            if c.requires_announced and (not bird or bird in c.requires_announced):
                birds = [bird] if bird else list(c.requires_announced)
                said = N_(" (profile {profile!r} plays it as {contract!r}, its bird announced: {birds})")
                return message(
                    said, profile=profile.name, contract=c.name, birds=one_of(birds, in_order=True)
                )
    if key in {words.fold(n) for n in words.NAMES}:
        return ""
    return near_miss(given, profile.contract_names(), key_of=profile.contract_name)


def _player(r: words.Reader, key: str, players: tuple[str, ...], problems: Collector) -> str | None:
    """The player ``key`` names, who must be at the table; a value that is no name (a seat
    number) is said once, with the names allowed, and the key counts as given."""
    value = r.raw(key)
    if value is not None and not isinstance(value, str):
        problems.add(
            key,
            N_("{value!r} is {kind}; expected a player's name in quotes: {allowed}")
            if players
            else N_("{value!r} is {kind}; expected a player's name in quotes"),
            value=words.as_written(value),
            kind=words.type_name(value),
            allowed=one_of(players),
        )
        return None
    _check_at_table(key, value, players, problems)
    return value


def _check_at_table(where: str, value: str | None, players: tuple[str, ...], problems: Collector) -> None:
    """A player named at ``where`` sits at the table (where one is known)."""
    if value is not None and players and value not in players:
        problems.add(
            where,
            N_("{value!r} is not at the table; players are {allowed}{hint}"),
            value=value,
            allowed=one_of(players),
            hint=near_miss(value, set(players), any_case=True),
        )


def _players(r: words.Reader, named: bool, profile: Profile, problems: Collector) -> tuple[str, ...]:
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
    # the rules a name typed with `new --players` meets
    for problem in words.name_problems(players, "players"):
        problems.put(problem)
    if len(players) != profile.game.players:
        problems.add(
            "players",
            N_("{count} names given; {profile!r} is played by {players}"),
            count=len(players),
            profile=profile.name,
            players=profile.game.players,
        )
    for problem in words.repeated_names(players, "players"):
        problems.put(problem)
    return players


def _check_without_contract(keys: _Keys, profile: Profile, problems: Collector) -> None:
    """The contract is unknown: check what does not depend on it, so one run reports every problem."""
    if keys.card_points is not None and not isinstance(keys.card_points, dict):
        read_card_points("card_points", keys.card_points, profile, problems)
    if isinstance(keys.kontra, str):
        read_kontra_step("kontra", keys.kontra, profile, problems)
    read_bonuses(
        keys.bonus,
        keys.given_contract or message(N_("this contract")),
        tuple(profile.bonuses),
        profile,
        problems,
    )


def _check_who_plays(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector, bidding: bool = True
) -> None:
    """A declarer where the contract has one, a partner where it has one, the Forehand where only he may bid."""
    if legality.everyone_for_themselves(contract):
        if keys.partner is not None:
            problems.add(
                "partner",
                N_("{contract} is played by everyone for themselves: no partner"),
                contract=contract.name,
            )
        return
    if keys.declarer is None and "declarer" not in keys.given:
        problems.add("declarer", N_("missing (required): who played the contract"))
    if legality.plays_alone(contract) and keys.partner is not None:
        problems.add(
            "partner",
            N_("{partner!r}: {contract} is played alone, one against three: no partner"),
            partner=keys.partner,
            contract=contract.name,
        )
    if legality.calls_a_king(contract):
        _check_called_partner(keys, contract, profile, problems)
    declarer, players = keys.declarer, keys.players
    seat = players.index(declarer) if declarer in players else -1
    if bidding and declarer is not None and players and not legality.may_bid(contract, seat):
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


def _check_called_partner(keys: _Keys, contract: Contract, profile: Profile, problems: Collector) -> None:
    """With a called King: the partner is its holder, or the King lies in the talon, or was the declarer's own."""
    partner, called_king = keys.partner, keys.called_king
    if partner is None and called_king not in legality.CALLED_KING_VALUES and "partner" not in keys.given:
        # offer only what the profile takes: no "talon" where the called card cannot lie in one
        # (no talon, as in Zwanzigerrufen) or the hand is dealt again
        talon = legality.king_in_talon_allowed(profile, contract)
        own = legality.own_king_allowed(profile, contract)
        problems.add("partner", _NO_PARTNER[talon, own], contract=contract.name)
    if partner is not None and partner == keys.declarer:
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


# the partner missing in a called contract, by what else the profile takes: the King in the talon, one's own
_NO_PARTNER = {
    (True, True): N_(
        'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon" (or "own": the declarer called his own King)'
    ),
    (True, False): N_(
        'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon"'
    ),
    (False, True): N_(
        'missing: {contract} is played with the holder of the called card; name them, or give called_king = "own" (the declarer called his own King)'
    ),
    (False, False): N_("missing: {contract} is played with the holder of the called card; name them"),
}


def _check_called_king(keys: _Keys, contract: Contract, profile: Profile, problems: Collector) -> None:
    """``called_king``: "talon" where the King can lie there and the hand is scored, "own" where allowed."""
    called_king = keys.called_king
    if called_king is None:
        return
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
            problems.add("called_king", N_("'own': no King is called in {contract}"), contract=contract.name)
        elif not profile.game.call_own_king and profile.game.family == "zwanzigerrufen":
            problems.add(
                "called_king",
                N_(
                    "'own': in Zwanzigerrufen the declarer who holds the XX calls the next lower tarock he lacks, and holding XX to XVI plays a Solo; the Rufer needs a partner"
                ),
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
    elif legality.calls_a_king(contract) and not profile.game.talon:
        problems.add(
            "called_king",
            N_(
                "'talon': in Zwanzigerrufen the declarer calls the XX (or, when he holds it, the next lower tarock he lacks), not a King, and {profile!r} deals no talon (game.talon = false): the called card cannot lie in one; name its holder as the partner"
            )
            if profile.game.family == "zwanzigerrufen"
            else N_(
                "'talon': {profile!r} deals no talon (game.talon = false): the called King cannot lie in one; name its holder as the partner"
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


def _check_concession(keys: _Keys, contract: Contract, profile: Profile, problems: Collector) -> None:
    """A hand is conceded only with the called King seen in the talon; it is lost, and not played."""
    if not keys.conceded:
        return
    if not legality.may_concede(keys.called_king):
        problems.add(
            "conceded",
            N_('a hand is conceded only when the called King lies in the talon (called_king = "talon")'),
        )
    elif legality.king_in_talon_allowed(profile, contract) and not legality.concession_possible(
        profile, contract
    ):  # (a King that cannot lie in the talon, or a redeal, is said at called_king)
        problems.add(
            "conceded",
            N_(
                "a {contract} is played without the talon: the declarer never sees the called King lie there, so cannot concede ({contract}: talon = false)"
            ),
            contract=contract.name,
        )
    if keys.won:
        problems.add("won", N_("true contradicts conceded = true: a conceded hand is lost"))
    if keys.card_points is not None:
        problems.add(
            "card_points", N_("a conceded hand is not played: give no card points with conceded = true")
        )
    if keys.renonce:
        problems.add("renonce", N_("a conceded hand is not played: nobody revokes in it"))


def _check_king_half(keys: _Keys, contract: Contract, profile: Profile, problems: Collector) -> None:
    """``king_half``: only with the King in the talon, in a hand played, a half the contract allows."""
    king_half = keys.king_half
    if king_half is None:
        return
    if keys.called_king != "talon":
        problems.add(
            "king_half",
            N_('{king_half!r}: only where the called King lay in the talon (called_king = "talon")'),
            king_half=king_half,
        )
        return
    if keys.conceded:
        problems.add(
            "king_half",
            N_("{king_half!r}: a conceded hand is not played: the declarer takes no half of the talon"),
            king_half=king_half,
        )
        return
    allowed = legality.king_half_choices(profile, contract)
    if king_half not in legality.KING_HALVES:
        problems.add(
            "king_half",
            N_("{king_half!r} is not allowed; choose one of {allowed}"),
            king_half=king_half,
            allowed=one_of(allowed),
        )
    elif king_half not in allowed:
        problems.add(
            "king_half",
            N_(
                "{king_half!r}: a {contract} is played without the talon; at the end the half with the called King goes to the declarer ([OÖ23 Allg. 7], [GT]): 'declarer'"
            ),
            king_half=king_half,
            contract=contract.name,
        )


def _check_bonuses_with_king_in_talon(
    keys: _Keys, bonuses: GivenBonuses, contract: Contract, profile: Profile, problems: Collector
) -> None:
    """No bonus made that the King's whereabouts rule out, none lost that they make."""
    king_half = keys.king_half
    if king_half not in (None, *legality.KING_HALVES):
        return  # said at king_half
    possible = set(legality.possible_bonuses(profile, contract, "talon", king_half))
    for i, b in bonuses.items():
        if b.made and b.name not in possible:
            problems.add(
                f"bonus[{i}].made",
                N_(
                    "{name!r} made with the called King in the talon: the King is in no trick, so not in the last one; enter it as lost (made = false) if it was announced"
                )
                if king_half is None
                else N_(
                    "{name!r} made with the called King in the Defenders' talon half (king_half = 'defenders'): the King is never played; enter it as lost (made = false) if it was announced"
                )
                if king_half == "defenders"
                else N_(
                    "{name!r} made in a {contract}: the half with the called King goes to the declarer at the end, so the King is in no trick; enter it as lost (made = false) if it was announced"
                ),
                name=b.name,
                contract=contract.name,
            )
        elif (
            king_half is not None
            and not b.made
            and legality.king_bonus_made(profile.bonuses[b.name], king_half)
        ):
            problems.add(
                f"bonus[{i}].made",
                N_(
                    "false: the talon half with the called King counts in the Defenders' tricks (king_half = 'defenders'), so they took the King: the {name} is made"
                ),
                name=b.name,
            )


def _read_trischaken_outcome(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector, stored: bool
) -> tuple[tuple[str, Fraction], ...]:
    """Every player's card points in a contract without sides (the Trischaken); a renonce decides
    it without them."""
    cp_raw, players = keys.card_points, keys.players
    points: dict[str, Fraction] = {}
    if cp_raw is None and keys.renonce:
        return ()
    if not isinstance(cp_raw, dict):
        problems.add(
            "card_points",
            N_("missing: Trischaken needs a table of every player's card points, {example}")
            if cp_raw is None
            else N_("{raw!r}: Trischaken needs a table of every player's card points, {example}"),
            raw=cp_raw,
            example='{ Anna = "20 1/3", ... }',
        )
    else:
        for name, value in cp_raw.items():
            if players and name not in players:
                problems.add(
                    f"card_points.{name}",
                    N_("not at the table; players are {allowed}{hint}"),
                    allowed=one_of(players),
                    hint=near_miss(name, players),
                )
                continue
            checked = read_card_points(f"card_points.{name}", value, profile, problems)
            # a trick's four cards hold at least game.trick_card_points (docs/rules/koenigrufen.md §1.5)
            least = legality.trick_card_points(profile)
            if checked is not None and 0 < checked < least and profile.game.every_card_counts and not stored:
                problems.add(
                    f"card_points.{name}",
                    N_(
                        "{points}: a player without a trick holds no card, one with a trick at least its four cards, which hold at least {least} (game.trick_card_points)"
                    ),
                    points=render_points(checked),
                    least=render_points(least),
                )
            elif checked is not None:
                points[name] = checked
        missing = [p for p in players if p not in cp_raw]
        if missing:
            problems.add(
                "card_points",
                N_("missing for {allowed}: every player's card points are needed"),
                allowed=one_of(missing),
            )
        elif len(points) == len(players):
            total = sum(points.values(), Fraction(0))
            deck = profile.game.card_points_total
            if legality.trischaken_talon_counted(profile) and total != deck:
                problems.add(
                    "card_points",
                    N_("the players' card points add up to {total}, not the deck's {card_points_total}"),
                    total=render_points(total),
                    card_points_total=render_points(deck),
                )
            elif not legality.trischaken_talon_counted(profile):
                fewest, most = legality.talon_card_points(profile) or (Fraction(0), deck)
                held = stored or legality.talon_holds(profile, total)  # a stored hand read as recorded
                if not (deck - most <= total <= deck - fewest and held):
                    problems.add(
                        "card_points",
                        N_(
                            "the players' card points add up to {total}; with the talon out of play (trischaken.talon = 'out') they add up to the deck's {card_points_total} less the talon's, which holds {fewest} to {most} in whole points: {low}, {next} … {high}"
                        ),
                        total=render_points(total),
                        card_points_total=render_points(deck),
                        fewest=render_points(fewest),
                        most=render_points(most),
                        low=render_points(deck - most),
                        next=render_points(deck - most + 1),
                        high=render_points(deck - fewest),
                    )
    if keys.defender_card_points is not None:
        problems.add(
            "defender_card_points",
            N_("{contract} has no Defenders: give every player's card points in card_points"),
            contract=contract.name,
        )
    if keys.won is not None:
        problems.add(
            "won",
            N_("{contract} has no declarer who wins or loses; give card_points per player"),
            contract=contract.name,
        )
    # in seat order; as given where nobody is known to order them by
    return tuple((p, points[p]) for p in dict.fromkeys(players or points) if p in points)


def _read_side_outcome(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> tuple[Fraction | None, Fraction | None]:
    """The sides' card points (``card_points``, a count or a table of both sides', and ``defender_card_points``, adding up to the deck), or ``won`` where tricks decide; both must agree where both are given."""
    cp_raw, dcp_raw = keys.card_points, keys.defender_card_points
    declarers: Fraction | None = None
    defenders: Fraction | None = None
    if isinstance(cp_raw, dict) and cp_raw and not {"declarers", "defenders"} & cp_raw.keys():
        problems.add(  # each player's card points, as the Trischaken takes them
            "card_points",
            N_(
                '{contract} is scored on the declarers\' card points, one count (40, "35 2/3", 35/2); '
                "each player's card points are the Trischaken's"
            ),
            contract=contract.name,
        )
    elif isinstance(cp_raw, dict):
        r = words.Reader(cp_raw, "card_points", problems)
        if r.has("declarers"):
            declarers = read_card_points("card_points.declarers", r.raw("declarers"), profile, problems)
        else:
            problems.add("card_points.declarers", N_("missing (required) in the table form"))
        if r.has("defenders"):
            defenders = read_card_points("card_points.defenders", r.raw("defenders"), profile, problems)
        r.finish()
    elif cp_raw is not None:
        declarers = read_card_points("card_points", cp_raw, profile, problems)
    if dcp_raw is not None:
        if defenders is not None:
            problems.add("defender_card_points", N_("given twice (also in the card_points table)"))
        defenders = read_card_points("defender_card_points", dcp_raw, profile, problems)
        if cp_raw is None:
            problems.add(
                "card_points", N_("missing: defender_card_points is given only together with card_points")
            )
    if (
        declarers is not None
        and defenders is not None
        and declarers + defenders != profile.game.card_points_total
    ):
        problems.add(
            "card_points",
            N_("declarers {declarers} + defenders {defenders} = {total}, not the deck's {card_points_total}"),
            declarers=render_points(declarers),
            defenders=render_points(defenders),
            total=render_points(declarers + defenders),
            card_points_total=render_points(profile.game.card_points_total),
        )
    won = keys.won
    if legality.decided_by_tricks(contract):
        if declarers is not None:
            problems.add(
                "card_points",
                N_("{contract} is decided by tricks, not card points: give won = true or false"),
                contract=contract.name,
            )
        if won is None and not keys.renonce:
            problems.add(
                "won",
                N_("missing: did the declarer of {contract} win? (won = true or false)"),
                contract=contract.name,
            )
    if declarers is not None and won is not None:
        by_points = declarers >= profile.game.win_threshold
        if by_points != won:
            problems.add(
                "won",
                N_(
                    "{won} disagrees with card_points {card_points} (the declarer side needs {win_threshold})"
                ),
                won=str(won).lower(),
                card_points=render_points(declarers),
                win_threshold=render_points(profile.game.win_threshold),
            )
    return declarers, defenders


def _check_outcome_given(
    keys: _Keys, contract: Contract, bonuses: tuple[BonusEntry, ...], problems: Collector
) -> None:
    """A hand decided by card points gives them, or ``won``; a Valat made stands for both (the
    side that took every trick won the game); a hand conceded or revoked needs neither."""
    if legality.decided_by_tricks(contract) or keys.conceded or keys.renonce:
        return
    if any(p.template == NO_VALAT for p in problems.problems):
        return  # said with what to give instead
    if keys.card_points is None and keys.won is None and made_valat(bonuses) is None:
        problems.add(
            "card_points",
            N_(
                "missing: give the declarer side's card points, or won = true or false; a Valat made "
                "needs neither (a [[bonus]] named valat)"
            ),
        )


def _read_kontra(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """The Kontra on the contract or each Defender's own; none on a conceded hand; the Hüttenfleck."""
    kontra, kontra_by = _contract_kontra(keys, contract, profile, problems)
    if keys.conceded and (kontra or kontra_by):
        problems.add("kontra", N_("no Kontra is allowed on a conceded hand"))
    if keys.conceded and keys.huettenfleck:
        problems.add(
            "huettenfleck",
            N_("no Kontra is allowed on a conceded hand, nor a Hüttenfleck, which is a Kontra"),
        )
    if not keys.huettenfleck:
        return kontra, kontra_by
    # a Hüttenfleck where the profile allows it, in a contract with a talon, with no higher Kontra
    if not profile.kontra.huettenfleck:
        problems.add(
            "huettenfleck",
            N_("profile {profile!r} does not allow the Hüttenfleck (kontra.huettenfleck = false)"),
            profile=profile.name,
        )
    elif not legality.huettenfleck_possible(contract):
        problems.add("huettenfleck", N_("{contract} has no talon to say it before"), contract=contract.name)
    elif not legality.huettenfleck_combines_with(kontra):
        problems.add(
            "kontra",
            N_("{hand_kontra!r} cannot be combined with the Hüttenfleck, which is the contract's Kontra"),
            hand_kontra=kontra,
        )
    return kontra, kontra_by


def _read_hand_bonuses(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> GivenBonuses:
    """The bonuses of the hand, checked against the contract, the concession and the called King in the talon."""
    bonuses = read_bonuses(keys.bonus, contract.name, contract.bonuses, profile, problems)
    if keys.conceded:
        check_conceded_bonuses(bonuses, contract, problems)
    if contract.requires_announced and not any(
        b.name in contract.requires_announced and b.announced and b.side is Side.DECLARERS
        for b in bonuses.values()
    ):
        problems.add(
            "bonus",
            N_("{contract} is played with one of {allowed} announced by the declarers"),
            contract=contract.name,
            allowed=one_of(contract.requires_announced),
        )
    if keys.called_king == "talon":
        _check_bonuses_with_king_in_talon(keys, bonuses, contract, profile, problems)
    return bonuses


def _check_defender_announcements(
    bonuses: GivenBonuses, contract_kontra: bool, profile: Profile, problems: Collector
) -> None:
    """Where the profile says so, a Defender announces a bonus only together with some Kontra."""
    if not profile.bonus_rules.defender_announce_requires_kontra:
        return
    defenders_kontra = contract_kontra or any(b.kontra and b.side is Side.DECLARERS for b in bonuses.values())
    for i, b in bonuses.items():
        if b.announced and b.side is Side.DEFENDERS and not defenders_kontra:
            problems.add(
                f"bonus[{i}]",
                N_(
                    "{b!r}: under {profile!r} a Defender may announce a bonus only together with some Kontra (bonus_rules.defender_announce_requires_kontra)"
                ),
                b=b.name,
                profile=profile.name,
            )


def read_kontra_step(where: str, value: object, profile: Profile, problems: Collector) -> str | None:
    """A Kontra step name checked against the ladder and its ceiling; the canonical name."""
    playable = [s.name for s in profile.playable_steps]
    if not isinstance(value, str):
        problems.add(
            where,
            N_("{value!r} is {kind}; expected a Kontra step: {allowed}"),
            value=value,
            kind=words.type_name(value),
            allowed=one_of(playable),
        )
        return None
    step = profile.step(value)
    if step is None:
        problems.add(
            where,
            N_("{value!r} is not a Kontra step; {profile!r} plays {allowed}{hint}"),
            value=value,
            profile=profile.name,
            allowed=one_of(playable),
            hint=near_miss(value, profile.step_words(), suffix="kontra"),
        )
        return None
    if step.level > profile.kontra.ceiling:
        problems.add(
            where,
            N_(
                "{value!r} is above this table's ceiling {name!r} (kontra.ceiling); {profile!r} plays {allowed}"
            ),
            value=value,
            name=profile.kontra.ladder[profile.kontra.ceiling - 1].name,
            profile=profile.name,
            allowed=one_of(playable),
        )
        return None
    return step.name


def _contract_kontra(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """``kontra``: one step on the contract, or a table of each Defender's own (contra ad personam)."""
    raw, players = keys.kontra, keys.players
    if raw is None:
        return None, ()
    if not contract.kontra:
        said_on = [
            c.name for c in profile.contracts.values() if legality.kontra_on_contract_allowed(profile, c)
        ]
        problems.add(
            "kontra",
            N_(
                "{raw!r}: profile {profile!r} allows no Kontra on {contract} (contracts.{contract}.kontra = false); it is said on {allowed}"
            ),
            raw=words.as_written(raw),
            profile=profile.name,
            contract=contract.name,
            allowed=one_of(said_on),
        )
        return None, ()
    if not legality.kontra_on_contract_allowed(profile, contract):
        # a contract of another name says it is a Trischaken; the Trischaken itself is named once
        problems.add(
            "kontra",
            N_("{raw!r}: profile {profile!r} has no Kontra in {contract} (kontra.dodge_round = false)")
            if contract.name == "trischaken"
            else N_(
                "{raw!r}: profile {profile!r} has no Kontra in {contract}, the Trischaken (kontra.dodge_round = false)"
            ),
            raw=words.as_written(raw),
            profile=profile.name,
            contract=contract.name,
        )
        return None, ()
    individual = legality.contra_ad_personam(profile, contract)
    defenders = [p for p in players if p not in (keys.declarer, keys.partner)]
    if isinstance(raw, dict):
        bonus = next((n for n in raw if n not in players and profile.bonus_name(n)), None)
        if bonus is not None:  # said as a Defender's own: a bonus's Kontra is its table's
            problems.add(
                "kontra",
                N_(
                    '{name!r} is a bonus, not a player: the Kontra on a bonus is said with it, e.g. [[bonus]] name = "{name}", announced = true, kontra = "kontra"'
                ),
                name=bonus,
            )
            return None, ()
        if not individual:
            problems.add(
                "kontra",
                N_(
                    'a table of Defenders is only for contra ad personam in negative contracts; on {contract} give one step, e.g. kontra = "kontra"'
                ),
                contract=contract.name,
            )
            return None, ()
        steps: list[tuple[str, str]] = []
        for name, value in raw.items():
            if name not in defenders:
                problems.add(
                    f"kontra.{name}",
                    N_("not a Defender; the Defenders are {allowed}{hint}"),
                    allowed=one_of(defenders),
                    hint=near_miss(name, defenders),
                )
                continue
            step = read_kontra_step(f"kontra.{name}", value, profile, problems)
            if step is not None:
                steps.append((name, step))
        return None, tuple(sorted(steps, key=lambda item: players.index(item[0])))
    if individual:
        defender = defenders[0] if defenders else "NAME"  # the example names a Defender at this table
        problems.add(
            "kontra",
            N_(
                '{raw!r}: in {contract} each Defender says Kontra for themselves (contra ad personam, kontra.negative = "individual"); give a table, e.g. kontra = {example!r}'
            ),
            raw=raw,
            contract=contract.name,
            defender=defender,
            example=words.as_written({defender: "kontra"}),
        )
        return None, ()
    return read_kontra_step("kontra", raw, profile, problems), ()


def read_bonuses(
    raw: Any, contract: str, allowed: tuple[str, ...], profile: Profile, problems: Collector
) -> GivenBonuses:
    """The ``[[bonus]]`` tables, each a bonus of the profile that ``contract`` scores, entered once."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        problems.add("bonus", N_("{raw!r}: expected [[bonus]] tables"), raw=raw)
        return {}
    entries: dict[int, BonusEntry] = {}
    seen: dict[str, int] = {}  # name -> how often entered so far
    for i, item in enumerate(raw):
        path = f"bonus[{i}]"
        if not isinstance(item, dict):
            problems.add(
                path, N_("{item!r}: expected a table with name, side, announced, made, kontra"), item=item
            )
            continue
        entry = _read_bonus(words.Reader(item, path, problems), contract, allowed, seen, profile, problems)
        if entry is not None:
            entries[i] = entry
    return entries


def _read_bonus(
    r: words.Reader,
    contract: str,
    allowed: tuple[str, ...],
    seen: dict[str, int],
    profile: Profile,
    problems: Collector,
) -> BonusEntry | None:
    """One ``[[bonus]]`` table; None where its name is missing, unknown, not scored or entered twice."""
    path = r.path
    given = r.text("name")
    side = r.choice("side", Side, Side.DECLARERS, words.SIDE_WORDS)
    announced = r.flag("announced", False)
    made = r.flag("made", True)
    kontra_raw = r.raw("kontra")
    caught_by, lost_by = r.optional_str("caught_by"), r.optional_str("lost_by")
    r.finish()
    if not given:
        return None
    name = profile.bonus_name(given)
    if name is None and words.fold(given) == VALAT:  # a profile that leaves the Valat out (D25)
        problems.add(f"{path}.name", NO_VALAT, profile=profile.name)
        return None
    if name is None:
        problems.add(
            f"{path}.name",
            N_("{given!r} is not a bonus of profile {profile!r}; choose one of {allowed}{hint}"),
            given=given,
            profile=profile.name,
            allowed=one_of(profile.bonuses, in_order=True),
            hint=near_miss(given, profile.bonus_names(), key_of=profile.bonus_name),
        )
        return None
    if name not in allowed:
        if allowed:
            template = N_("{name!r} is not scored in {contract}; it allows {allowed}")
        else:
            template = N_("{name!r} is not scored in {contract}: it scores no bonus")
        problems.add(
            f"{path}.name", template, name=name, contract=contract, allowed=one_of(allowed, in_order=True)
        )
        return None
    if name in seen:
        if seen[name] == 1:  # said once, however often it is entered again
            problems.add(f"{path}.name", N_("{name!r} is entered twice"), name=name)
        seen[name] += 1
        return None
    seen[name] = 1
    bonus = profile.bonuses[name]
    entry = BonusEntry(name, side, announced, made, None, caught_by, lost_by)
    _check_bonus_entry(path, bonus, entry, profile, problems, r.data.get("side", side.value))
    entry = entry._replace(kontra=_read_bonus_kontra(path, bonus, announced, kontra_raw, profile, problems))
    _check_between_players(path, bonus, entry, profile, problems)
    return entry


def _check_between_players(
    path: str, bonus: Bonus, entry: BonusEntry, profile: Profile, problems: Collector
) -> None:
    """A bonus settled between two players names both, two different ones; any other names neither."""
    named = {"caught_by": entry.caught_by, "lost_by": entry.lost_by}
    if not bonus.between_players:
        for key, value in named.items():
            if value is None:
                continue
            problems.add(
                f"{path}.{key}",
                N_(
                    "{value!r}: under {profile!r} the {name} is settled between the sides, not between two players; leave {key} out"
                ),
                value=value,
                profile=profile.name,
                name=bonus.name,
                key=key,
            )
        return
    if not entry.made:
        return
    missing = [key for key, value in named.items() if value is None]
    if missing:  # both missing: said once, at the bonus
        problems.add(
            f"{path}.{missing[0]}" if len(missing) == 1 else path,
            N_(
                "missing (required): under {profile!r} the {name} is settled between the player who made it (caught_by) and the player who lost it (lost_by)"
            ),
            profile=profile.name,
            name=bonus.name,
        )
    if entry.caught_by is not None and entry.caught_by == entry.lost_by:
        problems.add(
            f"{path}.lost_by",
            N_("{value!r} is the player who made it; the {name} is lost by another player"),
            value=entry.lost_by,
            name=bonus.name,
        )


def _check_bonus_entry(
    path: str, bonus: Bonus, entry: BonusEntry, profile: Profile, problems: Collector, side_said: object
) -> None:
    """The side that may make the bonus (``side_said``: as the table gives it), whether it can
    fail, whether it can be announced."""
    name, side, announced, made = bonus.name, entry.side, entry.announced, entry.made
    if not legality.may_make(bonus, side.value):
        problems.add(
            f"{path}.side",
            N_(
                "{side!r}: under {profile!r} the {name} is only the {allowed}' bonus (bonuses.{name}.side = {allowed!r})"
            ),
            side=side_said,
            profile=profile.name,
            name=name,
            allowed=bonus.side,
        )
    if not made and not legality.may_fail(bonus):
        problems.add(
            f"{path}.made",
            N_(
                "false: under {profile!r} the {name} cannot fail (bonuses.{name}.can_fail = false); enter it as made, on the side of the player who holds it"
            ),
            profile=profile.name,
            name=name,
        )
    if announced and not legality.may_announce(bonus):
        problems.add(
            f"{path}.announced",
            N_("{name!r} cannot be announced under {profile!r}"),
            name=name,
            profile=profile.name,
        )


def _read_bonus_kontra(
    path: str, bonus: Bonus, announced: bool, kontra_raw: Any, profile: Profile, problems: Collector
) -> str | None:
    """The bonus's own Kontra step: only on an announced bonus the profile doubles."""
    name = bonus.name
    if isinstance(kontra_raw, str) and profile.step(kontra_raw) is None:
        # not a step at all (a typing slip, or an unknown flag of the short form): say that first
        read_kontra_step(f"{path}.kontra", kontra_raw, profile, problems)
    elif kontra_raw is not None and not legality.may_double(bonus, announced):
        if not announced:
            problems.add(
                f"{path}.kontra",
                N_(
                    "{kontra_raw!r} on the silent {name}: a silent bonus cannot be doubled, only an announced one"
                ),
                kontra_raw=kontra_raw,
                name=name,
            )
        else:
            problems.add(
                f"{path}.kontra",
                N_("{kontra_raw!r}: {profile!r} never doubles the {name} (bonuses.{name}.kontra = false)"),
                kontra_raw=kontra_raw,
                profile=profile.name,
                name=name,
            )
    elif kontra_raw is not None:
        return read_kontra_step(f"{path}.kontra", kontra_raw, profile, problems)
    return None


def check_bonus_against_points(
    bonuses: GivenBonuses,
    declarers: Fraction | None,
    defenders: Fraction | None,
    won: bool | None,
    profile: Profile,
    problems: Collector,
) -> None:
    """Refuse a bonus whose outcome the card points (or the result) contradict."""
    if declarers is None and won is None:
        return
    for i, b in bonuses.items():
        who = b.side.value
        minimum = profile.bonuses[b.name].min_card_points
        points = side_card_points(b.side, declarers, defenders, profile.game.card_points_total)
        if minimum is not None and declarers is not None and points is not None:
            if b.made and points < minimum:
                problems.add(
                    f"bonus[{i}].made",
                    N_(
                        "true: the {who} have {points} card points, and {profile!r} gives the {b} only to a side with at least {minimum} (bonuses.{b}.min_card_points)"
                    ),
                    who=who,
                    points=render_points(points),
                    profile=profile.name,
                    b=b.name,
                    minimum=render_points(minimum),
                )
            elif not b.made and points >= minimum:
                problems.add(
                    f"bonus[{i}].made",
                    N_(
                        "false: the {who} have {points} card points, at least the {minimum} that make the {b} (bonuses.{b}.min_card_points)"
                    ),
                    who=who,
                    points=render_points(points),
                    minimum=render_points(minimum),
                    b=b.name,
                )
        if b.name == "valat" and b.made:
            declarers_won = (
                won if won is not None else declarers is not None and declarers >= profile.game.win_threshold
            )
            if declarers_won is not (b.side is Side.DECLARERS):
                # each way of saying the outcome a message of its own, so the command line can
                # name the option it was given by (-t 20, --lost) in place of the key
                problems.add(
                    f"bonus[{i}]",
                    N_(
                        "a Valat made by the {who} takes every trick, so the {who} win the game; card_points {points} says they lost it (the declarer side needs {win_threshold})"
                    )
                    if declarers is not None
                    else N_(
                        "a Valat made by the {who} takes every trick, so the {who} win the game; won = true says they lost it"
                    )
                    if won
                    else N_(
                        "a Valat made by the {who} takes every trick, so the {who} win the game; won = false says they lost it"
                    ),
                    who=who,
                    points=None if declarers is None else render_points(declarers),
                    win_threshold=render_points(profile.game.win_threshold),
                )


# The honours a side holds that makes the Trull (the Sküs, XXI and I) or the Four Kings, and the
# seven of the deck (docs/rules/koenigrufen.md §3.1).
HONOURS = {"trull": 3, "four_kings": 4}


def check_honours(bonuses: GivenBonuses, profile: Profile, problems: Collector) -> None:
    """No two bonuses made by the two sides that need more honours than the deck has: the Honneurs
    (``bonuses.NAME.honours`` of them) beside a Trull or the Four Kings of the other side."""
    held = {
        i: profile.bonuses[b.name].honours or HONOURS.get(b.name, 0) for i, b in bonuses.items() if b.made
    }
    total = sum(HONOURS.values())
    for j, b in bonuses.items():
        for i, other in bonuses.items():
            needed = held.get(i, 0) + held.get(j, 0)
            if i < j and held.get(i) and held.get(j) and other.side is not b.side and needed > total:
                problems.add(
                    f"bonus[{j}].name",
                    N_(
                        "{name!r} made by the {side} beside {other!r} made by the {other_side}: no deal gives both, together they need {needed} of the {total} honours (the four Kings and the Trull's three cards)"
                    ),
                    name=b.name,
                    side=b.side.value,
                    other=other.name,
                    other_side=other.side.value,
                    needed=needed,
                    total=total,
                )


def check_conceded_bonuses(bonuses: GivenBonuses, contract: Contract, problems: Collector) -> None:
    """A hand conceded at once is not played: no bonus is made, lost or doubled in it, only the bird of the bid announced."""
    for i, b in bonuses.items():
        if b.kontra:
            problems.add(
                f"bonus[{i}].kontra",
                N_("{kontra!r} on the {name}: no Kontra is allowed on a conceded hand"),
                kontra=b.kontra,
                name=b.name,
            )
        if b.announced and b.side is Side.DECLARERS and b.name in contract.requires_announced:
            continue  # the bird of the bid: part of the contract, paid as the profile says
        if b.announced:
            problems.add(
                f"bonus[{i}].announced",
                N_(
                    "{name!r} announced in a conceded hand: the declarer concedes on seeing the talon, before the announcements; only the bird a {contract} is bid with ({allowed}) is announced"
                )
                if contract.requires_announced
                else N_(
                    "{name!r} announced in a conceded hand: the declarer concedes on seeing the talon, before the announcements, so no bonus is announced"
                ),
                name=b.name,
                contract=contract.name,
                allowed=one_of(contract.requires_announced),
            )
        else:
            problems.add(
                f"bonus[{i}]",
                N_("{name!r}: a conceded hand is not played, so no bonus is made or lost in it"),
                name=b.name,
            )


def check_valat_game_kontra(
    bonuses: GivenBonuses, kontra: str | None, profile: Profile, problems: Collector
) -> None:
    """No Kontra on the game beside an announced Valat where ``valat.game_kontra_when_announced = false``."""
    if kontra is None or profile.valat.game_kontra_when_announced:
        return
    for i, b in bonuses.items():
        if b.name == "valat" and b.announced:
            problems.add(
                "kontra",
                N_(
                    "{kontra!r} on the game: with an announced Valat no Kontra is said on the game, only on the Valat (valat.game_kontra_when_announced = false); give it as the Valat's kontra (bonus[{i}].kontra)"
                ),
                kontra=kontra,
                i=i,
            )
            return


def check_valat_includes(bonuses: GivenBonuses, profile: Profile, problems: Collector) -> None:
    """No material bonus announced beside an announced Valat where ``valat.announced_includes_material``."""
    if not profile.valat.announced_includes_material:
        return
    if not any(b.name == "valat" and b.announced for b in bonuses.values()):
        return
    for i, b in bonuses.items():
        if b.announced and b.name in profile.bonuses and profile.bonuses[b.name].material:
            problems.add(
                f"bonus[{i}].announced",
                N_(
                    "{bonus!r} cannot be announced beside an announced Valat: under {profile!r} the Valat includes it, for the side that takes every trick holds the {bonus} as well"
                ),
                bonus=b.name,
                profile=profile.name,
            )


def read_card_points(where: str, value: object, profile: Profile, problems: Collector) -> Fraction | None:
    """The card points ``value`` gives under the profile's game; None, and a problem at ``where``, where they cannot be taken."""
    total, thirds = profile.game.card_points_total, profile.game.thirds
    if thirds and isinstance(value, str) and (m := re.match(_THIRDS_OR_BLATT, value)):
        count = int(m.group(1))
        if BLATT <= count <= total:  # "107/3" is thirds only: 107 points are more than the deck's
            problems.add(
                where,
                N_(
                    "{value!r} reads two ways: {count} thirds, {thirds}, or {count} points and {blatt} Blatt, which a score block never writes (the Blatt are 0, 1 or 2); write {thirds!r} or the points with their Blatt, e.g. '{count} 2'"
                ),
                value=value,
                count=count,
                thirds=str(render_points(Fraction(count, BLATT))),
                blatt=BLATT,
            )
            return None
    try:
        points = parse_points(value)
    except ValueError as exc:
        problems.add(where, reason(exc))
        return None
    if not 0 <= points <= total:
        problems.add(
            where,
            N_("{points} is outside 0 to {total}"),
            points=render_points(points),
            total=render_points(total),
        )
    elif in_thirds(profile.game, where, value, points, problems):
        return points
    return None


# "35/3": thirds, or points and Blatt as a score block writes them ("35/2" is 35 2/3)
_THIRDS_OR_BLATT = rf"^\s*(\d+)\s*/\s*{BLATT}\s*$"
