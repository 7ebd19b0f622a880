"""What the rules allow in a hand, asked of a profile: who plays with whom, where the called King
may lie, which bonuses can be made, announced, lost or doubled, what Kontra may be said (core
layer, pure). Hand validation and the guided entry ask these alone, so the two never disagree.
"""

from fractions import Fraction

from tarockscore.errors import N_, Message, key_title, message
from tarockscore.rules.profile import Bonus, Contract, Kind, Profile


def calls_a_king(contract: Contract) -> bool:
    """The declarer plays with the holder of a called card (a partner, 2 against 2)."""
    return contract.team == "called"


def plays_alone(contract: Contract) -> bool:
    """The declarer plays one against three: no partner."""
    return contract.team == "alone"


def everyone_for_themselves(contract: Contract) -> bool:
    """Trischaken: no declarer, no partner, every player's card points count."""
    return contract.kind is Kind.TRISCHAKEN


def trischaken_talon_counted(profile: Profile) -> bool:
    """In Trischaken the talon's cards count in the players' tricks (``trischaken.talon = "counted"``)."""
    return profile.trischaken.talon == "counted"


def decided_by_tricks(contract: Contract) -> bool:
    """A negative contract: won or lost by the tricks taken, not by card points."""
    return contract.kind is Kind.NEGATIVE


def king_can_lie_in_talon(profile: Profile, contract: Contract) -> bool:
    """The called King can lie in the talon: a called contract under a profile with a talon."""
    return calls_a_king(contract) and profile.game.talon


def king_in_talon_scored(profile: Profile) -> bool:
    """The hand is played or conceded, not dealt again (``called_king_in_talon.rule``)."""
    return profile.called_king_in_talon.rule != "redeal"


def king_in_talon_allowed(profile: Profile, contract: Contract) -> bool:
    """A hand with the called King in the talon can be entered under this profile."""
    return king_can_lie_in_talon(profile, contract) and king_in_talon_scored(profile)


CALLED_KING_VALUES = ("talon", "own")


def own_king_allowed(profile: Profile, contract: Contract) -> bool:
    """The declarer may call a King he holds himself and play one against three (``game.call_own_king``)."""
    return calls_a_king(contract) and profile.game.call_own_king


def called_king_choices(profile: Profile, contract: Contract) -> list[str]:
    """The values ``called_king`` may take in this contract under this profile."""
    out = ["talon"] if king_in_talon_allowed(profile, contract) else []
    return out + (["own"] if own_king_allowed(profile, contract) else [])


def may_bid(contract: Contract, seat: int) -> bool:
    """The player in ``seat`` (0 = Forehand) may bid the contract (``contracts.NAME.bidders``)."""
    return contract.bidders == "anyone" or seat == 0


def bidding_allowed(
    profile: Profile, contract_name: str, declarer: str | None, players: tuple[str, ...]
) -> bool:
    """The hand's declarer may bid its contract under this profile (``contracts.NAME.bidders``)."""
    contract = profile.contracts.get(contract_name)
    if contract is None or declarer is None or declarer not in players:
        return True
    return may_bid(contract, players.index(declarer))


def bidding_rule(profile: Profile, contract_name: str) -> Message:
    """The rule a hand's bidding broke: ``under gametwist only the Forehand may play a Sechserdreier``."""
    return message(
        N_("under {profile} only the Forehand may play a {contract}"),
        profile=profile.name,
        contract=Message(key_title(contract_name)),
    )


def may_concede(called_king: str | None) -> bool:
    """A hand is conceded only when the called King lies in the talon."""
    return called_king == "talon"


def concession_possible(profile: Profile, contract: Contract) -> bool:
    """The declarer can concede on finding the called King in the talon, which he sees (``[contracts.NAME] talon``)."""
    return king_in_talon_allowed(profile, contract) and contract.talon


def concession_bonuses(profile: Profile, contract: Contract) -> list[str]:
    """The bonuses a hand conceded at once enters: only the bird the contract is bid with."""
    return [b for b in contract.requires_announced if b in contract_bonuses(profile, contract)]


def contra_ad_personam(profile: Profile, contract: Contract) -> bool:
    """Each Defender says Kontra for themselves (``kontra.negative = "individual"``)."""
    return decided_by_tricks(contract) and profile.kontra.negative == "individual"


def kontra_on_contract_allowed(profile: Profile, contract: Contract) -> bool:
    """Kontra may be said on the contract (``[contracts.NAME] kontra``; in Trischaken ``kontra.dodge_round``)."""
    return contract.kontra and (not everyone_for_themselves(contract) or profile.kontra.trischaken)


def huettenfleck_possible(contract: Contract) -> bool:
    """The contract has a talon to say the Hüttenfleck before, and card points decide it."""
    return contract.talon and contract.kind is Kind.POSITIVE


def huettenfleck_allowed(profile: Profile, contract: Contract) -> bool:
    """The Hüttenfleck may be said: the profile plays it and the contract has a talon."""
    return profile.kontra.huettenfleck and huettenfleck_possible(contract)


def huettenfleck_combines_with(kontra: str | None) -> bool:
    """Entered with the Hüttenfleck, the Kontra is that same Kontra: no higher step (docs/rules/kontra.md §5)."""
    return kontra is None or kontra == "kontra"


def contract_bonuses(profile: Profile, contract: Contract) -> list[str]:
    """The bonuses scored in the contract, in the profile's order of the contract."""
    return [b for b in contract.bonuses if b in profile.bonuses]


def called_king_bonuses(profile: Profile) -> set[str]:
    """The bonuses about the called King: scored in the contracts that call a King and in no other."""
    called: set[str] = set()
    others: set[str] = set()
    for contract in profile.contracts.values():
        (called if calls_a_king(contract) else others).update(contract.bonuses)
    return called - others


def possible_bonuses(
    profile: Profile, contract: Contract, called_king: str | None, king_half: str | None = None
) -> list[str]:
    """The bonuses that can be made in this hand, the called King's talon half considered."""
    bonuses = contract_bonuses(profile, contract)
    if called_king != "talon":
        return bonuses
    if king_half is None:
        about_the_king = called_king_bonuses(profile)
        return [b for b in bonuses if b not in about_the_king]
    return [b for b in bonuses if king_bonus_possible(profile.bonuses[b], contract, king_half)]


KING_HALVES = ("declarer", "defenders")


def king_half_choices(profile: Profile, contract: Contract) -> list[str]:
    """Whose the talon half with the called King can become; none where the King cannot lie there."""
    if not king_in_talon_allowed(profile, contract):
        return []
    return list(KING_HALVES) if contract.talon else ["declarer"]


def king_bonus_possible(bonus: Bonus, contract: Contract, king_half: str) -> bool:
    """A bonus can be made with the called King's talon half gone to ``king_half`` (docs/rules/koenigrufen.md)."""
    if king_half == "declarer":
        return contract.talon or not bonus.called_king
    return bonus.called_king != "played"


def king_bonus_made(bonus: Bonus, king_half: str) -> bool:
    """The bonus is made by the King's half alone: left to the Defenders, the King is caught."""
    return king_half == "defenders" and bonus.called_king == "caught"


def may_announce(bonus: Bonus) -> bool:
    """The bonus may be announced (``bonuses.NAME.announce``)."""
    return bonus.announce


def may_make(bonus: Bonus, side: str) -> bool:
    """The side (``"declarers"`` or ``"defenders"``) may make the bonus (``bonuses.NAME.side``)."""
    return bonus.side in ("either", side)


def may_fail(bonus: Bonus) -> bool:
    """The bonus can be lost (``bonuses.NAME.can_fail``)."""
    return bonus.can_fail


def talon_card_points(profile: Profile) -> tuple[Fraction, Fraction] | None:
    """The fewest and the most card points the talon can hold; None where there is none or the profile does not say."""
    return profile.game.talon_card_points if profile.game.talon else None


def talon_holds(profile: Profile, total: Fraction) -> bool:
    """Whether a talon out of play can hold what the players' ``total`` card points leave of the
    deck: its fewest and whole points more, as each card counts whole points above the smallest."""
    fewest = (talon_card_points(profile) or (Fraction(0), Fraction(0)))[0]
    return (profile.game.card_points_total - total - fewest).denominator == 1


def declarer_talon_share(profile: Profile, contract: Contract, called_king: str | None) -> str | None:
    """Which of the talon's cards count for the declarer side; None where the profile does not say what the talon holds."""
    if talon_card_points(profile) is None:
        return None
    if contract.talon_share == "none" and called_king == "talon" and calls_a_king(contract):
        return "half"
    return contract.talon_share


def talon_share_holds(profile: Profile, share: str) -> tuple[Fraction, Fraction]:
    """The fewest and the most card points a share of the talon ("none", "half", "all") can hold."""
    part = {"none": Fraction(0), "half": Fraction(1, 2), "all": Fraction(1)}[share]
    fewest, most = profile.game.talon_card_points or (Fraction(0), Fraction(0))
    return fewest * part, most * part


OTHER_SHARE = {"none": "all", "half": "half", "all": "none"}


def trick_card_points(profile: Profile) -> Fraction:
    """The fewest card points a trick's four cards hold (``game.trick_card_points``; in a profile
    kept before that key, a talon half's fewest, as it was then taken)."""
    fewest = profile.game.trick_card_points
    return talon_share_holds(profile, "half")[0] if fewest is None else fewest


def may_double(bonus: Bonus, announced: bool) -> bool:
    """Kontra may be said on the bonus: only an announced one, and not where the profile never doubles it."""
    return announced and bonus.kontra
