"""Statistics per player over an evening or a season (a season of one ledger) (core layer, pure).

Who said a Kontra: on any bet, the side that does not own it says Kontra (and, higher up the
ladder, every odd step: Subkontra, Mordkontra); the owning side answers with Rekontra (every
even step). The contract belongs to the declarers, a bonus to the side that announced it. A
Hüttenfleck is a Kontra of the Defenders. In contra ad personam each Defender says their own.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tarockscore.evening.model import Entry
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import score_hand
from tarockscore.season.standings import Evening, Season


@dataclass(slots=True)
class Tally:
    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += int(won)


@dataclass(slots=True)
class BonusTally:
    """Bonuses of the player's side: announced, announced and made, made without announcing."""

    announced: int = 0
    announced_made: int = 0
    silent_made: int = 0


@dataclass(slots=True)
class KontraTally:
    """Kontras the player's side said (and won the bet), Rekontras it answered (and won)."""

    said: int = 0
    said_won: int = 0
    answered: int = 0
    answered_won: int = 0


@dataclass(slots=True)
class PlayerStats:
    player: str
    hands: int = 0
    sat_out: int = 0  # hands dealt at a five-player table while this player sat out
    victory_points: int = 0
    payout: int | None = None
    best: int | None = None
    worst: int | None = None
    declared: dict[str, Tally] = field(default_factory=dict)  # per contract
    partner: dict[str, Tally] = field(default_factory=dict)  # per contract, as the declarer's partner
    defended: Tally = field(default_factory=Tally)
    trischaken: int = 0  # Trischaken played (everybody for themselves); "dodge" in the JSON and CSV
    bonuses: dict[str, BonusTally] = field(default_factory=dict)
    kontra: KontraTally = field(default_factory=KontraTally)

    @property
    def points_per_hand(self) -> Fraction:
        return Fraction(self.victory_points, self.hands) if self.hands else Fraction(0)

    def declared_total(self) -> Tally:
        return _total(self.declared.values())

    def partner_total(self) -> Tally:
        return _total(self.partner.values())

    def bonus_total(self) -> BonusTally:
        b = self.bonuses.values()
        return BonusTally(
            sum(t.announced for t in b), sum(t.announced_made for t in b), sum(t.silent_made for t in b)
        )


def _total(tallies: Collection[Tally]) -> Tally:
    return Tally(sum(t.played for t in tallies), sum(t.won for t in tallies))


def _level(profile: Profile, step: str | None) -> int:
    found = profile.step(step) if step is not None else None
    return found.level if found is not None else 0


def _kontra_on_bet(
    out: Mapping[str, PlayerStats],
    owners: Sequence[str],
    challengers: Sequence[str],
    level: int,
    owners_won: bool,
) -> None:
    if level >= 1:
        for p in challengers:
            out[p].kontra.said += 1
            out[p].kontra.said_won += int(not owners_won)
    if level >= 2:
        for p in owners:
            out[p].kontra.answered += 1
            out[p].kontra.answered_won += int(owners_won)


def _points(out: Mapping[str, PlayerStats], evening: Evening, played: Entry) -> None:
    """Who played the hand and who sat out; each player's points, best and worst hand, payout."""
    hand = played.hand
    for p in evening.players:
        if p not in hand.players:
            out[p].sat_out += 1
    for p in hand.players:
        s = out[p]
        vp = played.result.victory_points.get(p, 0)
        s.hands += 1
        s.victory_points += vp
        s.best = vp if s.best is None else max(s.best, vp)
        s.worst = vp if s.worst is None else min(s.worst, vp)
        if played.result.payout is not None:
            s.payout = (s.payout or 0) + played.result.payout.get(p, 0)


def _contract_kontras(out: Mapping[str, PlayerStats], hand: Hand, profile: Profile, won: bool) -> None:
    """The Kontras on the contract: each Defender's own (contra ad personam), or the side's."""
    if hand.kontra_by:
        answered = False
        for defender, step in hand.kontra_by:
            level = _level(profile, step)
            _kontra_on_bet(out, (), (defender,), level, won)
            answered = answered or level >= 2
        if answered:
            _kontra_on_bet(out, hand.declarers, (), 2, won)
    else:
        level = max(_level(profile, hand.kontra), 1 if hand.huettenfleck else 0)
        _kontra_on_bet(out, hand.declarers, hand.defenders, level, won)


def _bonuses(out: Mapping[str, PlayerStats], hand: Hand, profile: Profile) -> None:
    """The bonuses of each side the hand scores, announced or silent, and the Kontras on them."""
    scored = {line.bet for line in score_hand(hand, profile).lines} if hand.bonuses else set()
    for b in hand.bonuses:
        if b.name not in scored:
            continue
        side = hand.side(b.side)
        for p in side:
            tally = out[p].bonuses.setdefault(b.name, BonusTally())
            if b.announced:
                tally.announced += 1
                tally.announced_made += int(b.made)
            elif b.made:
                tally.silent_made += 1
        _kontra_on_bet(out, side, hand.side(b.side.other), _level(profile, b.kontra), b.made)


def _hand(out: Mapping[str, PlayerStats], evening: Evening, played: Entry) -> None:
    hand, won = played.hand, played.result.won
    _points(out, evening, played)
    if hand.declarer is None or won is None:
        for p in hand.players:
            out[p].trischaken += 1
        return
    out[hand.declarer].declared.setdefault(hand.contract, Tally()).add(won)
    if hand.partner is not None:
        out[hand.partner].partner.setdefault(hand.contract, Tally()).add(won)
    for p in hand.defenders:
        out[p].defended.add(not won)
    _contract_kontras(out, hand, evening.profile, won)
    _bonuses(out, hand, evening.profile)


def player_stats(season: Season) -> tuple[PlayerStats, ...]:
    """Every selected player's statistics, in the order of the standings' players."""
    out = {p: PlayerStats(p) for p in season.players}
    for evening, played in season.hands():
        _hand(out, evening, played)
    if any(e.pays for e in season.evenings):  # a payout for everybody, or for nobody
        for s in out.values():
            s.payout = s.payout or 0
    return tuple(out[p] for p in season.selected)


def contract_order(season: Season) -> list[str]:
    """The contracts of the season's profiles, in profile order: the price list's order."""
    return list(dict.fromkeys(c for e in season.evenings for c in e.profile.contracts))


def contracts_declared(stats: Sequence[PlayerStats], order: Sequence[str] = ()) -> list[str]:
    """Every contract somebody declared: in ``order`` (the profile's), then any other as first seen."""
    names = dict.fromkeys(c for s in stats for c in s.declared)
    rank = {c: i for i, c in enumerate(order)}
    return sorted(names, key=lambda c: rank.get(c, len(rank)))
