"""A realistic, reproducible season of ledgers, built with tarockscore's own ledger API.

Each ledger is an evening of one club table under ``koenigrufen``: four players (one evening in
ten has five, the dealer sitting out), dated through one season. The hands follow the deal round
the table and draw contracts, Kontra and bonuses at rough club frequencies: mostly Calls, some
Dreier and negative contracts, a Dodge Round now and then. Every hand is parsed by the rules
core before it is kept, every ledger is scored with the ledger's own scoring and written by the
store's writer of a whole file (``store.save``: render, read back, atomic write) as a header and
one ``record`` entry per hand, chained: the file ``tarockscore record`` would leave, hand by hand.
"""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction
from pathlib import Path

from tarockscore.errors import HandError
from tarockscore.evening import store
from tarockscore.evening.fold import event_of, rescored
from tarockscore.evening.model import Entry, Ledger, Result, deal, new_ledger, parse_stored
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import BonusInput, HandInput, render_points
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Kind, Profile

CLUB = [
    "Anna", "Bert", "Cilli", "Dani", "Ferdl", "Gusti", "Hansi", "Ilse",
    "Karli", "Lotte", "Mitzi", "Poldi", "Resi", "Toni",
]  # fmt: skip
PLACES = ["Café Weidinger", "Gasthaus Stern", "Vereinslokal", "bei Resi"]
SEASON_START = dt.date(2025, 9, 1)

# Rough frequencies at a club table (per 1000 hands).
CONTRACTS = {
    "rufer": 560, "besserrufer": 20, "solorufer": 25, "dreier": 110, "sechserdreier": 20,
    "solodreier": 10, "farbendreier": 15, "farbensolo": 5, "piccolo": 60, "piccolo_ouvert": 5,
    "bettler": 60, "bettler_ouvert": 10, "trischaken": 100,
}  # fmt: skip
# (name, chance in a hand where the contract allows it, chance that it is announced)
BONUSES = [
    ("pagat", 0.12, 0.4),
    ("uhu", 0.04, 0.4),
    ("kakadu", 0.02, 0.4),
    ("king_ultimo", 0.08, 0.5),
    ("trull", 0.06, 0.1),
    ("four_kings", 0.05, 0.1),
    ("valat", 0.005, 0.5),
]


class Dealer:
    """Draws hands for one profile from a seeded ``random.Random``."""

    def __init__(self, profile: Profile, rng: random.Random) -> None:
        self.profile = profile
        self.rng = rng
        names = [c for c in CONTRACTS if c in profile.contracts]
        self.contracts = names
        self.weights = [CONTRACTS[c] for c in names]
        self.steps = [s.name for s in profile.playable_steps]
        self.rejected = 0

    def _points(self, mean: float) -> Fraction:
        total = self.profile.game.card_points_total
        unit = Fraction(1, 3) if self.profile.game.thirds else Fraction(1)
        steps = int(total / unit)
        x = round(self.rng.gauss(mean / float(unit), 8 / float(unit)))
        return max(0, min(steps, x)) * unit

    def _kontra(self) -> str | None:
        r = self.rng.random()
        if r < 0.03 and len(self.steps) > 1:
            return self.steps[1]
        return self.steps[0] if r < 0.15 else None

    def draw(self, players: tuple[str, ...]) -> HandInput:
        """A hand mapping the rules core accepts (drawn again in the rare case it does not)."""
        while True:
            hand = self._draw(players)
            try:
                parse_hand(hand, self.profile)
            except HandError:
                self.rejected += 1
                continue
            return hand

    def _draw(self, players: tuple[str, ...]) -> HandInput:
        rng, profile = self.rng, self.profile
        name = rng.choices(self.contracts, self.weights)[0]
        contract = profile.contracts[name]
        hand: HandInput = {"players": list(players), "contract": name}
        if contract.kind is Kind.TRISCHAKEN:
            unit = 3 if profile.game.thirds else 1
            total = int(profile.game.card_points_total * unit)
            cuts = sorted(rng.randint(0, total) for _ in range(3))
            parts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]]
            hand["card_points"] = {
                p: render_points(Fraction(v, unit)) for p, v in zip(players, parts, strict=True)
            }
            return hand
        declarer = rng.choice(players)
        hand["declarer"] = declarer
        if contract.team == "called":
            hand["partner"] = rng.choice([p for p in players if p != declarer])
        if contract.kind is Kind.NEGATIVE:
            hand["won"] = rng.random() < 0.55
            return hand
        threshold = float(profile.game.win_threshold)
        hand["card_points"] = render_points(self._points(threshold + 3))
        step = self._kontra()
        if step:
            hand["kontra"] = step
        bonuses: list[BonusInput] = []
        for bonus, chance, announced_chance in BONUSES:
            if bonus not in contract.bonuses or rng.random() >= chance:
                continue
            announced = profile.bonuses[bonus].announce and rng.random() < announced_chance
            bonuses.append(
                {
                    "name": bonus,
                    "side": "declarers" if rng.random() < 0.8 else "defenders",
                    "announced": announced,
                    "made": rng.random() < 0.6,
                }
            )
        for bird in contract.requires_announced[:1]:
            bonuses = [b for b in bonuses if b["name"] != bird]
            bonuses.append({"name": bird, "side": "declarers", "announced": True, "made": rng.random() < 0.6})
        for b in bonuses:
            if b["name"] == "valat" and b["made"]:  # a made Valat takes every trick: the card points agree
                won = b["side"] == "declarers"
                hand["card_points"] = render_points(profile.game.card_points_total if won else Fraction(0))
        if bonuses:
            hand["bonus"] = bonuses
        return hand


def evening(
    profile: Profile,
    rng: random.Random,
    hands: int,
    index: int,
    dealer: Dealer | None = None,
    seats: tuple[str, ...] | None = None,
) -> Ledger:
    """One evening of ``hands`` hands, read and scored by the ledger's own functions."""
    seats = seats or tuple(rng.sample(CLUB, 5 if rng.random() < 0.1 else 4))
    day = SEASON_START + dt.timedelta(days=index * 300 // 1000 % 300)
    start = dt.datetime.combine(day, dt.time(19, 0))
    led = new_ledger(
        seats,
        profile,
        created=start.isoformat(timespec="seconds"),
        date=day.isoformat(),
        place=rng.choice(PLACES),
    )
    dealer = dealer or Dealer(profile, rng)
    mappings = [dealer.draw(deal(seats, k).players) for k in range(1, hands + 1)]
    recorded = [(start + dt.timedelta(minutes=3 * k)).isoformat(timespec="seconds") for k in range(hands)]
    parsed = parse_stored(mappings, profile, seats)
    unscored = [
        Entry.of(h, Result({}), at, i) for i, (h, at) in enumerate(zip(parsed, recorded, strict=True), 1)
    ]
    return led._replace(hands=rescored(unscored, seats, profile))


def write(path: Path, ledger: Ledger) -> Path:
    """``ledger`` at ``path`` (replaced if it exists): its header, then one ``record`` entry per
    hand, each chained to the one before, as recording the hands one by one leaves the file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    events = []
    before = ledger._replace(hands=())
    for entry in ledger.hands:
        after = before._replace(hands=(*before.hands, entry))
        events.append(event_of(before, after, entry.recorded))
        before = after
    store.save(path, ledger, None, events=events)
    return path


def write_season(folder: Path, ledgers: int, hands: int, seed: int) -> list[Path]:
    """``ledgers`` evenings of ``hands`` hands each into ``folder`` (emptied first)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.toml*"):
        old.unlink()
    profile = load_profile("koenigrufen")
    rng = random.Random(seed)
    dealer = Dealer(profile, rng)
    paths = []
    for i in range(ledgers):
        path = folder / f"evening-{i + 1:04d}.toml"
        paths.append(write(path, evening(profile, rng, hands, i, dealer)))
    return paths


TABLE = ("Anna", "Bert", "Cilli", "Dani")
# A typical hand to record at the table: no players key, the ledger knows the deal.
NEXT_HAND = """contract = "rufer"
declarer = "Anna"
partner = "Cilli"
card_points = "40 1/3"
kontra = "kontra"

[[bonus]]
name = "pagat"
announced = true
made = true
"""


def write_ledger(path: Path, hands: int, seed: int) -> Path:
    """One ledger of ``hands`` hands at ``path`` (replaced if it exists), at the table ``TABLE``."""
    profile = load_profile("koenigrufen")
    return write(path, evening(profile, random.Random(seed), hands, 0, seats=TABLE))
