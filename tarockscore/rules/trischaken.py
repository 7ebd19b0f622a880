"""Trischaken: the round everybody passed, each player for themselves (core layer, pure)."""

from __future__ import annotations

from fractions import Fraction
from math import gcd

from tarockscore.errors import N_, and_listed, counted, message
from tarockscore.rules.bets import NOTHING, Deal, Factor, Line, Scored, kontra_factors, note, title
from tarockscore.rules.hand import Hand, render_points
from tarockscore.rules.profile import Game, Profile, RenonceRules, Rounding, Trischaken, key_path, setting


def trischaken_losers(deal: Deal) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Who pays, and who neither pays nor receives: the most card points, ties, the Forehand and
    two players tied in the middle (``middle_tie``) ruled by ``[trischaken]``."""
    hand, t = deal.hand, deal.profile.trischaken
    exact = dict(hand.trischaken_points)
    points = {p: Fraction(round(v)) for p, v in exact.items()} if t.whole_points else exact
    # the most card points first; the sort is stable, so tied players stay in seat order
    ranked = sorted(hand.players, key=points.__getitem__, reverse=True)
    top = ranked[0]
    highest = [x for x in ranked if points[x] == points[top]]
    if t.forehand_alone and hand.forehand in highest and (len(highest) == 1 or t.forehand_loses_ties):
        return (hand.forehand,), ()
    if t.mayor_alone and exact[top] >= t.mayor_threshold:
        return (top,), ()
    cut = points[ranked[t.losers - 1]]
    tied = [x for x in ranked if points[x] >= cut]
    if t.forehand_loses_ties and hand.forehand in tied and points[hand.forehand] == points[ranked[0]]:
        return (hand.forehand,), ()
    # the last paying place and the first receiving one, tied with nobody else
    middle = tuple(ranked[t.losers - 1 : t.losers + 1])
    if t.middle_tie != "ties" and [x for x in ranked if points[x] == cut] == list(middle):
        return tuple(ranked[: t.losers - 1]), middle
    if t.ties == "seat_order":
        return tuple(ranked[: t.losers]), ()
    return tuple(tied), ()


def who_loses(hand: Hand, profile: Profile) -> tuple[str, ...]:
    """Who loses a Trischaken: the player who revoked, else the losers ``[trischaken]`` rules."""
    if hand.renonce is not None:
        return (hand.renonce,)
    deal = Deal(hand, profile, profile.contracts[hand.contract], hand.declarers, hand.defenders)
    return trischaken_losers(deal)[0]


def trischaken_lines(deal: Deal) -> Scored:
    """Each loser's payment, shared equally by the receivers."""
    hand, p = deal.hand, deal.profile
    t = p.trischaken
    points = dict(hand.trischaken_points)
    if hand.renonce is not None and p.renonce.rule == "as_if_won":
        return _renonce_payment(deal, hand.renonce)
    out = NOTHING
    middle: tuple[str, ...] = ()
    if hand.renonce is not None:
        said = N_("Renonce by {player}: the revoker loses the Trischaken alone ({rule}).")
        rule = setting(RenonceRules, "rule", p.renonce.rule)
        out = note(message(said, player=hand.renonce, rule=rule))
        losers: tuple[str, ...] = (hand.renonce,)
    else:
        losers, middle = trischaken_losers(deal)
        out = _forehand_tied(deal, losers) if hand.forehand in losers else _seat_order(deal, losers, middle)
    non_losers = tuple(x for x in hand.players if x not in losers and x not in middle)
    # a renonce ends the hand: who had taken no trick by then decides nothing ([OÖR25 B.4], D28)
    virgins = () if hand.renonce else tuple(x for x in non_losers if points.get(x, 0) == 0)
    if t.virgins_alone and len(virgins) > 1:
        virgins = ()  # two or more players without a trick count as none
    if t.virgins == "collect" and virgins and hand.renonce is None:
        if not (t.alone_beside_virgins and _pays_alone(deal, losers)):
            return out.then(_collected(deal, virgins))
        out, virgins = out.then(_collected(deal, virgins)), ()  # and the loser pays, below
    if middle:
        said = N_("{names} tie in the middle: neither pays nor receives.")
        out = out.then(note(message(said, names=and_listed(middle))))
    take_all = t.virgins == "take_all" and bool(virgins)
    receivers = virgins if take_all else non_losers
    if not receivers:
        below_top = tuple(x for x in losers if points.get(x, 0) < max(points.values()))
        if not below_top:
            return out.then(note(NOBODY_PAYS))
        said = N_("{names} tie for the last paying place, which leaves nobody to receive: nobody scores.")
        return out.then(note(message(said, names=and_listed(below_top))))
    if t.payment == "group":
        payers = tuple(x for x in hand.players if x not in receivers and x not in middle)
        return out.then(_group(deal, payers, receivers))
    if t.payment == "shared" and len(losers) > 1:
        return out.then(_shared(deal, losers, receivers))
    for loser in losers:
        factors: list[Factor] = []
        if middle and t.middle_tie == "empty_double":
            # what the loser hands out to the players below him, all of it to those below the middle
            count = len(hand.players) - t.losers
            said = N_("what {count} players would get, all to {names}")
            all_to = message(said, count=count, names=and_listed(receivers))
            factors.append(Factor(all_to, count, key_path(Trischaken, "middle_tie")))
        elif len(non_losers) != 1:
            label = _shared_label(non_losers, virgins if take_all else None)
            # what the others would get, taken by a player without a trick: the virgins' rule
            rule = "virgins" if take_all and len(virgins) < len(non_losers) else "losers"
            factors.append(Factor(label, len(non_losers), key_path(Trischaken, rule)))
        factors += _loser_factors(deal, loser, alone=len(losers) == 1)
        factors += kontra_factors(p, hand.kontra, N_("{step} on the Trischaken"))
        why = setting(Trischaken, "virgins", "take_all") if take_all else ""
        why = why or (setting(Trischaken, "middle_tie", t.middle_tie) if middle else "")
        out = out.then(_payment(deal, loser, receivers, factors, why))
    return out


def _pays_alone(deal: Deal, losers: tuple[str, ...]) -> bool:
    """Whether the one loser pays alone as the Bürgermeister or the Forehand (``mayor_alone``, ``forehand_alone``)."""
    hand, t = deal.hand, deal.profile.trischaken
    if len(losers) != 1:
        return False
    mayor = dict(hand.trischaken_points)[losers[0]] >= t.mayor_threshold
    return (t.mayor_alone and mayor) or (t.forehand_alone and losers[0] == hand.forehand)


def _forehand_tied(deal: Deal, losers: tuple[str, ...]) -> Scored:
    """A note where the Forehand loses alone for a tie for the most card points, naming the rule
    (and that they were compared in whole points, where they were: a tie the exact thirds break)."""
    hand, t = deal.hand, deal.profile.trischaken
    compared = {p: Fraction(round(v)) if t.whole_points else v for p, v in hand.trischaken_points}
    tied = [p for p, v in compared.items() if v == max(compared.values())]
    if losers != (hand.forehand,) or not t.forehand_loses_ties or len(tied) < 2 or hand.forehand not in tied:
        return NOTHING
    rule = key_path(Trischaken, "forehand_loses_ties")
    if t.whole_points:
        said = N_(
            "{player}, the Forehand, ties for the most card points counted in whole points and loses alone ({rule}, {whole})"
        )
        whole = key_path(Trischaken, "whole_points")
        return note(message(said, player=hand.forehand, rule=rule, whole=whole))
    said = N_("{player}, the Forehand, ties for the most card points and loses alone ({rule})")
    return note(message(said, player=hand.forehand, rule=rule))


def _seat_order(deal: Deal, losers: tuple[str, ...], middle: tuple[str, ...]) -> Scored:
    """A note where seat order broke a tie for the last paying place (``ties = "seat_order"``)."""
    hand, t = deal.hand, deal.profile.trischaken
    points = {p: Fraction(round(v)) if t.whole_points else v for p, v in hand.trischaken_points}
    tied = [p for p in hand.players if points[p] == points[losers[-1]]]
    if t.ties != "seat_order" or middle or all(p in losers for p in tied):
        return NOTHING
    said = N_("{names} tie for the last paying place: {player}, nearer the Forehand, pays ({rule})")
    paying = and_listed([p for p in tied if p in losers])
    return note(message(said, names=and_listed(tied), player=paying, rule=key_path(Trischaken, "ties")))


def _collected(deal: Deal, virgins: tuple[str, ...]) -> Scored:
    """``virgins = "collect"``: each player without a trick is paid the value by every other player."""
    hand, p = deal.hand, deal.profile
    why = setting(Trischaken, "virgins", "collect")
    out = NOTHING
    said = N_(
        "{player} took no trick: {player} collects the value from each other player "
        "(trischaken.virgins = 'collect')."
    )
    for virgin in virgins:
        # the reason a player with few card points pays as the loser does
        out = out.then(note(message(said, player=virgin)))
        for payer in (x for x in hand.players if x != virgin):
            factors = list(kontra_factors(p, hand.kontra, N_("{step} on the Trischaken")))
            out = out.then(_payment(deal, payer, (virgin,), factors, why))
    return out


def _group(deal: Deal, losers: tuple[str, ...], receivers: tuple[str, ...]) -> Scored:
    """``payment = "group"``: the losers and the receivers settle as the two sides of one bet."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    factors = _loser_factors(deal, losers[0], alone=True) if len(losers) == 1 else []
    factors += kontra_factors(p, hand.kontra, N_("{step} on the Trischaken"))
    label = _lose_to_label(c.name, losers, receivers)
    why = setting(Trischaken, "payment", "group")
    return deal.line("contract", label, c.value, f"contracts.{c.name}.value", factors, receivers, losers, why)


def _shared(deal: Deal, losers: tuple[str, ...], receivers: tuple[str, ...]) -> Scored:
    """``payment = "shared"``: several losers share what one loser would hand out."""
    hand, c, p = deal.hand, deal.contract, deal.profile
    others = len(hand.players) - 1
    said = N_("handed out to {count} players, shared by {names}")
    label = message(said, count=others, names=and_listed(losers))
    factors = [Factor(label, others, key_path(Trischaken, "payment"))]
    factors += kontra_factors(p, hand.kontra, N_("{step} on the Trischaken"))
    line = _settled(deal, losers, receivers, factors, setting(Trischaken, "payment", "shared"))
    return Scored(lines=(line._replace(label=_lose_to_label(c.name, losers, receivers)),))


def _settled(
    deal: Deal, losers: tuple[str, ...], receivers: tuple[str, ...], factors: list[Factor], why: str
) -> Line:
    """The losers pay the contract's value in equal shares, the receivers get it in equal shares,
    each whole (rounded as ``trischaken.rounding`` says, and noted beside ``why``); the label for the caller."""
    players, p, c = deal.hand.players, deal.profile, deal.contract
    value, stake = deal.amounts(c.value, factors)
    step = len(receivers) * len(losers) // gcd(len(receivers), len(losers))

    def settled(total: int) -> dict[str, int]:
        total = whole_share(total, step, p.trischaken.rounding) * step
        out = dict.fromkeys(players, 0)
        for r in receivers:
            out[r] += total // len(receivers)
        if p.settlement.mode == "zero_sum":
            for loser in losers:
                out[loser] -= total // len(losers)
        return out

    points = settled(value)
    if value % step:
        split = message(
            N_("{value} does not split among {count}: shared as {paid} ({rule})"),
            value=value,
            count=step,
            paid=whole_share(value, step, p.trischaken.rounding) * step,
            rule=key_path(Trischaken, "rounding"),
        )
        why = message(N_("{first}, {second}"), first=why, second=split) if why else split
    return Line(
        bet="contract",
        label="",
        base=c.value,
        base_rule=f"contracts.{c.name}.value",
        factors=tuple(factors),
        winners=receivers,
        losers=losers,
        value=value,
        stake=stake,
        points=points,
        # without a Kontra kept off the score sheet the money is shared as the points are
        payout=points if stake == value else settled(stake),
        note=why,
    )


def _loser_factors(deal: Deal, loser: str, *, alone: bool) -> list[Factor]:
    """What a Bürgermeister and a losing Forehand pay more."""
    hand, t = deal.hand, deal.profile.trischaken
    points = dict(hand.trischaken_points)
    mayor = hand.renonce is None and points[loser] >= t.mayor_threshold
    forehand = loser == hand.forehand and (alone or not t.forehand_factor_alone)
    if mayor and forehand and t.forehand_mayor_factor:
        label = message(
            N_("{first}, {second}"),
            first=FOREHAND_LOSES,
            second=_mayor_label(points[loser], t.mayor_threshold),
        )
        return [Factor(label, t.forehand_mayor_factor, key_path(Trischaken, "forehand_mayor_factor"))]
    factors: list[Factor] = []
    if mayor and t.mayor_factor != 1:
        rule = key_path(Trischaken, "mayor_factor")
        factors.append(Factor(_mayor_label(points[loser], t.mayor_threshold), t.mayor_factor, rule))
    if forehand and t.forehand_factor != 1:
        factors.append(Factor(FOREHAND_LOSES, t.forehand_factor, key_path(Trischaken, "forehand_factor")))
    return factors


# Labels that name no player or number are the same in every hand: made once.
NOBODY_PAYS = message(N_("Every player tied for the most card points: nobody scores."))
FOREHAND_LOSES = message(N_("Forehand loses"))


def _shared_label(non_losers: tuple[str, ...], virgins: tuple[str, ...] | None) -> str:
    """The factor that shares a loser's payment: every non-loser's, or all taken by ``virgins``."""
    if virgins is not None:
        return counted(  # one player takes it; two or more share it (the verb follows them)
            "what {count} players would get, taken by {names} (no trick)",
            "what {count} players would get, shared by {names} (no trick)",
            len(virgins),
            count=len(non_losers),
            names=and_listed(virgins),
        )
    return message(N_("{names} each"), names=and_listed(non_losers))


def _lose_to_label(contract: str, losers: tuple[str, ...], receivers: tuple[str, ...]) -> str:
    """``Trischaken: Anna and Bert lose to Cilli and Dani``; ``Trischaken: Bert loses to …``."""
    return counted(  # the verb follows the losers
        "{contract}: {losers} loses to {names}",
        "{contract}: {losers} lose to {names}",
        len(losers),
        contract=title(contract),
        losers=and_listed(losers),
        names=and_listed(receivers),
    )


def _mayor_label(points: Fraction, threshold: Fraction) -> str:
    """``Bürgermeister (40, at least 35 2/3)``."""
    return message(
        N_("Bürgermeister ({points}, at least {threshold})"),
        points=render_points(points),
        threshold=render_points(threshold),
    )


def _payment_label(contract: str, player: str, each: int, receivers: tuple[str, ...], pays: bool) -> str:
    """``Trischaken: Anna pays 2 to each of Bert, Cilli and Dani``, or what the others write."""
    if not pays and len(receivers) > 1:
        text = N_("{contract}: {player} loses; {names} each write +{each}")
    elif not pays:
        text = N_("{contract}: {player} loses; {names} writes +{each}")
    elif len(receivers) > 1:
        text = N_("{contract}: {player} pays {each} to each of {names}")
    else:
        text = N_("{contract}: {player} pays {each} to {names}")
    return message(text, contract=title(contract), player=player, each=each, names=and_listed(receivers))


def whole_share(total: int, receivers: int, rounding: Rounding) -> int:
    """What each of ``receivers`` gets of ``total`` in whole points, rounded as ``trischaken.rounding`` says."""
    each, rest = divmod(total, receivers)
    return each + 1 if rest and rounding == "up" else each


def _payment(deal: Deal, loser: str, receivers: tuple[str, ...], factors: list[Factor], why: str) -> Scored:
    """One loser's payment, shared equally by the receivers (rounded as the profile says)."""
    line = _settled(deal, (loser,), receivers, factors, why)
    pays = deal.profile.settlement.mode == "zero_sum"
    label = _payment_label(deal.contract.name, loser, line.points[receivers[0]], receivers, pays)
    return Scored(lines=(line._replace(label=label),))


def _renonce_payment(deal: Deal, offender: str) -> Scored:
    """A renonce under ``renonce.rule = "as_if_won"``: the revoker pays every other player."""
    hand, p = deal.hand, deal.profile
    others = tuple(x for x in hand.players if x != offender)
    label = message(N_("Renonce, to each other player"))
    factors = [Factor(label, p.renonce.trischaken_each, key_path(RenonceRules, "trischaken_each"))]
    if offender == hand.forehand and p.renonce.trischaken_forehand_factor != 1:
        label = message(N_("the revoker is the Forehand (the Trischaker)"))
        rule = key_path(RenonceRules, "trischaken_forehand_factor")
        factors.append(Factor(label, p.renonce.trischaken_forehand_factor, rule))
    label = message(N_("paid to {names}"), names=and_listed(others))
    factors.append(Factor(label, len(others), key_path(Game, "players")))
    line = _payment(deal, offender, others, factors, setting(RenonceRules, "rule", "as_if_won")).lines[0]
    relabelled = line._replace(
        label=message(
            N_("Renonce by {player}: pays {each} to each of {names}")
            if p.settlement.mode == "zero_sum"
            else N_("Renonce by {player}: {names} each write +{each}"),
            player=offender,
            each=line.points[others[0]],
            names=and_listed(others),
        )
    )
    return Scored(lines=(relabelled,))
