"""Reading a hand from hand-file keys (v1) and checking it against a profile (core layer, pure).

``parse_hand`` checks a hand as given (a :class:`~tarockscore.rules.hand.HandInput`, from a hand
file, the command line or a ledger) against a profile and collects every problem in one pass:
first the keys, each of its type, the players and the contract's name (:func:`_read_keys`), then
each rule in turn, one function a rule. What the rules allow (the Hüttenfleck, the King in the
talon, contra ad personam, Kontra in Trischaken, which bonuses may be announced or doubled) is
asked of :mod:`tarockscore.rules.legality`, which the guided entry asks too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tarockscore.errors import N_, Collector, HandRefused, message, near_miss, one_of
from tarockscore.rules import legality
from tarockscore.rules.called_king import check_bonuses_with_king_in_talon, check_king_half
from tarockscore.rules.cardpoints import render_points
from tarockscore.rules.hand import BonusEntry, Hand, HandInput, Side
from tarockscore.rules.hand_bets import (
    check_bonus_against_points,
    check_conceded_bonuses,
    check_valat_game_kontra,
    read_bonuses,
    read_contract_kontra,
    read_kontra_step,
)
from tarockscore.rules.hand_points import read_card_points, read_side_points, read_trischaken_points
from tarockscore.rules.names import same_but_case, seat_names
from tarockscore.rules.profile import Contract, Profile
from tarockscore.rules.reader import Reader
from tarockscore.rules.text import name_problem
from tarockscore.rules.tricks import check_tricks


def parse_hand(data: HandInput, profile: Profile, *, bidding: bool = True) -> Hand:
    """Check a hand as given against the profile; raise :class:`HandError` listing every problem.

    ``bidding`` false: who bid the contract is not checked (a what-if under other rules asks
    what the hand would pay there; :func:`legality.bidding_allowed` names it apart)."""
    problems = Collector()
    keys = _read_keys(data, profile, problems)
    contract = profile.contracts.get(keys.contract or "")
    if contract is None:
        _check_without_contract(keys, profile, problems)
        problems.raise_if_any(HandRefused)
    assert contract is not None and keys.contract is not None  # else a problem was raised
    _check_who_plays(keys, contract, profile, problems, bidding)
    _check_called_king(keys, contract, profile, problems)
    check_king_half(keys.king_half, keys.called_king, bool(keys.conceded), contract, profile, problems)
    _check_concession(keys, contract, profile, problems)
    card_points: Fraction | None = None
    defender_points: Fraction | None = None
    trischaken_points: tuple[tuple[str, Fraction], ...] = ()
    if legality.everyone_for_themselves(contract):
        trischaken_points = _read_trischaken_outcome(keys, contract, profile, problems)
    else:
        card_points, defender_points = _read_side_outcome(keys, contract, profile, problems)
    kontra, kontra_by = _read_kontra(keys, contract, profile, problems)
    bonuses = _read_hand_bonuses(keys, contract, profile, problems)
    if bonuses:
        check_bonus_against_points(bonuses, card_points, defender_points, keys.won, profile, problems)
        _check_defender_announcements(bonuses, bool(kontra or kontra_by), profile, problems)
        check_valat_game_kontra(bonuses, kontra, profile, problems)
    check_tricks(bonuses, card_points, defender_points, contract, keys.called_king, profile, problems)
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


# -- the keys, each of its type ------------------------------------------------------------


class _Keys:
    """A hand's keys as read: each value of its type (None where it is missing or of another
    type), the players in seat order, the contract's canonical name (None where the profile has
    no such contract); the Kontra, the card points and the bonuses as given, for their rules to
    read."""

    __slots__ = (
        "profile",
        "players",
        "given_contract",
        "contract",
        "declarer",
        "partner",
        "renonce",
        "won",
        "huettenfleck",
        "called_king",
        "conceded",
        "king_half",
        "kontra",
        "card_points",
        "defender_card_points",
        "bonus",
    )

    def __init__(self, r: Reader, profile: Profile, problems: Collector, named: bool) -> None:
        # Read in the order the problems are reported in: the keys as a hand file lists them.
        self.profile = r.optional_str("profile")
        self.players = _players(r, named, profile, problems)
        self.given_contract = r.text("contract")
        self.contract = _contract_name(r, self.given_contract, profile, problems)
        table = set(self.players)
        self.declarer = _player(r, "declarer", self.players, table, problems)
        self.partner = _player(r, "partner", self.players, table, problems)
        self.renonce = _player(r, "renonce", self.players, table, problems)
        self.won = r.optional_bool("won")
        self.huettenfleck = r.flag("huettenfleck", False)
        self.called_king = r.optional_str("called_king")
        self.conceded = r.optional_bool("conceded")
        self.king_half = r.optional_str("king_half")
        self.kontra: Any = r.raw("kontra")
        self.card_points: Any = r.raw("card_points")
        self.defender_card_points: Any = r.raw("defender_card_points")
        self.bonus: Any = r.raw("bonus")


def _read_keys(data: HandInput, profile: Profile, problems: Collector) -> _Keys:
    """Every key of the hand read, its type checked, unknown keys reported."""
    seats: Any = data.get("players")
    named = isinstance(seats, list) and all(isinstance(p, str) for p in seats)
    if named:
        data = seat_names(data, seats)  # "anna" is Anna, in the table's own spelling
    r = Reader(data, "", problems)
    keys = _Keys(r, profile, problems, named)
    r.finish()
    return keys


def _contract_name(r: Reader, given: str, profile: Profile, problems: Collector) -> str | None:
    """The canonical name of the contract ``given``; None, and a problem, where it is none."""
    name = profile.contract_name(given) if given else None
    if name is None and r.has("contract") and isinstance(r.data.get("contract"), str):
        problems.add(
            "contract",
            N_("{contract_given!r} is not a contract of profile {profile!r}; choose one of {allowed}{hint}"),
            contract_given=given,
            profile=profile.name,
            allowed=one_of(profile.contracts),
            hint=near_miss(given, profile.contract_names()),
        )
    return name


def _player(
    r: Reader, key: str, players: tuple[str, ...], table: set[str], problems: Collector
) -> str | None:
    """The player ``key`` names, who must be at the table."""
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
    _check_seating(players, profile, problems)
    return players


def _check_seating(players: tuple[str, ...], profile: Profile, problems: Collector) -> None:
    """What is wrong with ``players`` as a hand's seat order under ``profile``."""
    count = profile.game.players
    for player in players:  # the rules a name typed with `new --players` meets
        wrong = name_problem(player)
        if wrong is not None:
            problems.add("players", N_("{player!r}: {wrong}"), player=player, wrong=wrong)
    if len(players) != count:
        problems.add(
            "players",
            N_("{count} names given; {profile!r} is played by {players}"),
            count=len(players),
            profile=profile.name,
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


def _check_without_contract(keys: _Keys, profile: Profile, problems: Collector) -> None:
    """The contract is unknown: still check what does not depend on it, so that one run reports
    every problem."""
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


# -- who plays -----------------------------------------------------------------------------


def _check_who_plays(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector, bidding: bool = True
) -> None:
    """A declarer where the contract has one, a partner where it is played with one, and only
    the Forehand where only the Forehand may bid it."""
    if legality.everyone_for_themselves(contract):
        if keys.partner is not None:
            problems.add(
                "partner",
                N_("{contract} is played by everyone for themselves: no partner"),
                contract=contract.name,
            )
        return
    if keys.declarer is None:
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
    if bidding and contract.bidders != "anyone" and keys.declarer is not None and keys.players:
        _check_bidder(keys.declarer, keys.players, contract, profile, problems)


def _check_called_partner(keys: _Keys, contract: Contract, profile: Profile, problems: Collector) -> None:
    """In a contract with a called King: the partner is its holder, or the King lies in the
    talon, or the declarer called his own."""
    partner, called_king = keys.partner, keys.called_king
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


def _check_bidder(
    declarer: str, players: tuple[str, ...], contract: Contract, profile: Profile, problems: Collector
) -> None:
    """A contract only the first in hand may bid (``contracts.NAME.bidders``)."""
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


# -- the called King in the talon, and the concession --------------------------------------


def _check_called_king(keys: _Keys, contract: Contract, profile: Profile, problems: Collector) -> None:
    """``called_king``: "talon" where the King can lie there and the hand is scored, "own" where
    a King is called and the profile lets the declarer call his own."""
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


def _check_concession(keys: _Keys, contract: Contract, profile: Profile, problems: Collector) -> None:
    """A hand is conceded only with the called King in the talon, where the declarer saw it
    there; a conceded hand is lost, and not played."""
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


# -- card points and outcome -----------------------------------------------------------------


def _read_trischaken_outcome(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> tuple[tuple[str, Fraction], ...]:
    """Every player's card points in a contract without sides (the Trischaken)."""
    points = read_trischaken_points(keys.card_points, keys.players, profile, problems)
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
    return points


def _read_side_outcome(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> tuple[Fraction | None, Fraction | None]:
    """The declarer side's card points (and the Defenders' where given), or ``won`` where the
    contract is decided by tricks; both must agree where both are given."""
    card_points, defender_points = read_side_points(
        keys.card_points, keys.defender_card_points, profile, problems
    )
    won = keys.won
    if legality.decided_by_tricks(contract):
        if card_points is not None:
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
    elif keys.card_points is None and won is None and not keys.conceded and not keys.renonce:
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
    return card_points, defender_points


# -- Kontra on the contract ------------------------------------------------------------------


def _read_kontra(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """The Kontra step on the contract, or each Defender's own (contra ad personam); none on a
    conceded hand; the Hüttenfleck where the profile and the contract have it."""
    kontra: str | None = None
    kontra_by: tuple[tuple[str, str], ...] = ()
    if keys.kontra is not None:
        kontra, kontra_by = read_contract_kontra(
            keys.kontra, contract, keys.declarer, keys.partner, keys.players, profile, problems
        )
    if keys.conceded and (kontra or kontra_by):
        problems.add("kontra", N_("no Kontra is allowed on a conceded hand"))
    if keys.conceded and keys.huettenfleck:
        problems.add(
            "huettenfleck",
            N_("no Kontra is allowed on a conceded hand, nor a Hüttenfleck, which is a Kontra"),
        )
    if keys.huettenfleck:
        _check_huettenfleck(kontra, contract, profile, problems)
    return kontra, kontra_by


def _check_huettenfleck(
    kontra: str | None, contract: Contract, profile: Profile, problems: Collector
) -> None:
    """A Hüttenfleck where the profile allows it, in a contract with a talon, and with no other
    Kontra on the contract than it allows."""
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


# -- bonuses ---------------------------------------------------------------------------------


def _read_hand_bonuses(
    keys: _Keys, contract: Contract, profile: Profile, problems: Collector
) -> tuple[BonusEntry, ...]:
    """The bonuses of the hand: each one the contract scores, no Kontra on one in a conceded
    hand, the one the contract is played with announced, none the called King in the talon
    rules out made."""
    bonuses: tuple[BonusEntry, ...] = ()
    if keys.bonus is not None:
        bonuses = read_bonuses(keys.bonus, contract.name, contract.bonuses, profile, problems)
    if keys.conceded:
        check_conceded_bonuses(bonuses, contract, problems)
    if contract.requires_announced and not any(
        b.name in contract.requires_announced and b.announced and b.side is Side.DECLARERS for b in bonuses
    ):
        problems.add(
            "bonus",
            N_("{contract} is played with one of {allowed} announced by the declarers"),
            contract=contract.name,
            allowed=one_of(contract.requires_announced),
        )
    if keys.called_king == "talon":
        check_bonuses_with_king_in_talon(keys.bonus, bonuses, contract, keys.king_half, profile, problems)
    return bonuses


def _check_defender_announcements(
    bonuses: tuple[BonusEntry, ...], contract_kontra: bool, profile: Profile, problems: Collector
) -> None:
    """Where the profile says so, a Defender announces a bonus only together with some Kontra
    (``contract_kontra``: one is said on the contract)."""
    if not legality.defender_announce_needs_kontra(profile):
        return
    defenders_kontra = contract_kontra or any(b.kontra and b.side is Side.DECLARERS for b in bonuses)
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
