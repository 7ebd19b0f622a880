"""One hand: as the scorekeeper gives it (hand-file keys, v1) and finished, its card points counted in thirds, and what changed between two versions of it (core layer, pure)."""

import re
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple, TypedDict, cast

from tarockscore.errors import N_, message


class BonusInput(TypedDict, total=False):
    """One ``[[bonus]]`` table of a hand file (docs/hand-format.md)."""

    name: str
    side: str  # "declarers" or "defenders"
    announced: bool
    made: bool
    kontra: str
    caught_by: str  # a bonus settled between two players (bonuses.NAME.between_players)
    lost_by: str


class HandInput(TypedDict, total=False):
    """A hand as the scorekeeper gives it, format v1 (docs/hand-format.md): unchecked until parse_hand reads it."""

    profile: str
    players: list[str]  # seat order, Forehand first
    contract: str
    declarer: str
    partner: str
    # the declarer side's (40, "35 2/3"), both sides' ({ declarers, defenders }) or every player's
    card_points: int | str | dict[str, int | str]
    defender_card_points: int | str
    won: bool
    kontra: str | dict[str, str]  # one step, or each Defender's own (contra ad personam)
    huettenfleck: bool
    called_king: str  # "talon" or "own"
    # with called_king = "talon": whose the talon half with the King became, "declarer" or "defenders"
    king_half: str
    conceded: bool
    renonce: str
    bonus: list[BonusInput]


class Side(StrEnum):
    DECLARERS = "declarers"
    DEFENDERS = "defenders"

    @property
    def other(self) -> "Side":
        return Side.DEFENDERS if self is Side.DECLARERS else Side.DECLARERS


def side_card_points(
    side: Side, declarers: Fraction | None, defenders: Fraction | None, deck: Fraction
) -> Fraction | None:
    """A side's card points as entered, the Defenders' else the rest of the ``deck``; None where none."""
    if side is Side.DEFENDERS and defenders is not None:
        return defenders
    if declarers is None:
        return None
    return declarers if side is Side.DECLARERS else deck - declarers


class BonusEntry(NamedTuple):
    name: str
    side: Side = Side.DECLARERS
    announced: bool = False
    made: bool = True
    kontra: str | None = None
    # a bonus settled between two players (``bonuses.NAME.between_players``): who made it, who lost it
    caught_by: str | None = None
    lost_by: str | None = None


# A hand's bonuses by their place in its [[bonus]] list, as it is read: a problem is said at that
# place, whichever bonuses before it were refused.
GivenBonuses = Mapping[int, BonusEntry]


class Hand(NamedTuple):
    players: tuple[str, ...]
    contract: str
    declarer: str | None = None
    partner: str | None = None
    card_points: Fraction | None = None
    defender_card_points: Fraction | None = None
    trischaken_points: tuple[tuple[str, Fraction], ...] = ()
    won: bool | None = None
    kontra: str | None = None
    kontra_by: tuple[tuple[str, str], ...] = ()
    huettenfleck: bool = False
    called_king: str | None = None
    conceded: bool = False
    renonce: str | None = None
    bonuses: tuple[BonusEntry, ...] = ()
    profile: str | None = None
    king_half: str | None = None

    @property
    def forehand(self) -> str:
        return self.players[0]

    @property
    def declarers(self) -> tuple[str, ...]:
        if self.declarer is None:
            return ()
        return (self.declarer,) if self.partner is None else (self.declarer, self.partner)

    @property
    def defenders(self) -> tuple[str, ...]:
        declarers = self.declarers
        return tuple(p for p in self.players if p not in declarers)

    def side(self, side: Side) -> tuple[str, ...]:
        return self.declarers if side is Side.DECLARERS else self.defenders

    def renamed(self, names: Mapping[str, str]) -> "Hand":
        """The same hand with players renamed (a season's aliases), a bonus's two players too."""

        def n(p: str | None) -> str | None:
            return None if p is None else names.get(p, p)

        return self._replace(
            players=tuple(names.get(p, p) for p in self.players),
            declarer=n(self.declarer),
            partner=n(self.partner),
            trischaken_points=tuple((names.get(p, p), v) for p, v in self.trischaken_points),
            kontra_by=tuple((names.get(p, p), s) for p, s in self.kontra_by),
            renonce=n(self.renonce),
            bonuses=tuple(b._replace(caught_by=n(b.caught_by), lost_by=n(b.lost_by)) for b in self.bonuses),
        )


def hand_to_mapping(hand: Hand) -> HandInput:
    """The hand-file v1 mapping of a hand, with canonical names (the ledger stores this); keys in the order a hand file lists them."""
    out = {
        "profile": hand.profile,
        "players": list(hand.players),
        "contract": hand.contract,
        "declarer": hand.declarer,
        "partner": hand.partner,
        "card_points": {p: render_points(v) for p, v in hand.trischaken_points}
        if hand.trischaken_points
        else _rendered(hand.card_points),
        "defender_card_points": _rendered(hand.defender_card_points),
        "won": hand.won,
        "kontra": dict(hand.kontra_by) if hand.kontra_by else hand.kontra,
        "huettenfleck": True if hand.huettenfleck else None,
        "called_king": hand.called_king,
        "conceded": None if hand.called_king is None else hand.conceded,
        "king_half": hand.king_half,
        "renonce": hand.renonce,
        "bonus": [_bonus_mapping(b) for b in hand.bonuses] or None,
    }
    return cast(HandInput, {key: value for key, value in out.items() if value is not None})


def _rendered(points: Fraction | None) -> str | int | None:
    return None if points is None else render_points(points)


def _bonus_mapping(b: BonusEntry) -> BonusInput:
    """One ``[[bonus]]`` table of a hand file."""
    entry = {**b._asdict(), "side": b.side.value}
    return cast(BonusInput, {key: value for key, value in entry.items() if value is not None})


def _shown(key: str, value: object) -> str:
    """A key's value as the table says it: a Kontra step or a bonus by name, any other as written."""
    if value is None:
        return "–"
    if key == "kontra" and isinstance(value, str):
        return value.title()
    if key == "bonus" and isinstance(value, list):
        return "; ".join(_bonus(b) for b in value) or "–"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return ", ".join(f"{k}={_shown(key, v)}" for k, v in value.items())
    if isinstance(value, list | tuple):  # the players, Forehand first, as the table writes them
        return ", ".join(str(v) for v in value)
    return str(value)


def _bonus(b: dict[str, object]) -> str:
    flags = [str(b.get("side")), "announced" if b.get("announced") else "silent"]
    flags.append("made" if b.get("made") else "lost")
    if b.get("kontra"):
        flags.append(str(b["kontra"]).title())
    if b.get("caught_by"):
        flags.append(f"{b.get('lost_by')} → {b['caught_by']}")
    return f"{b.get('name')} ({', '.join(flags)})"


def hand_changes(old: Hand, new: Hand) -> str:
    """``kontra: Kontra → Rekontra``, one clause a changed key; "nothing changed" where none did."""
    before, after = dict(hand_to_mapping(old)), dict(hand_to_mapping(new))
    clauses = [
        f"{key}: {_shown(key, before.get(key))} → {_shown(key, after.get(key))}"
        for key in dict.fromkeys([*before, *after])
        if before.get(key) != after.get(key)
    ]
    return "; ".join(clauses) if clauses else message(N_("nothing changed"))


_MIXED = r"^\s*(\d+)\s+(\d+)\s*/\s*(\d+)\s*$"
_FRACTION = r"^\s*(\d+)\s*/\s*(\d+)\s*$"
_BLATT = r"^\s*(\d+)\s+(\d+)\s*$"
_WHOLE = r"^\s*(\d+)\s*$"
# The words a score block may add: "35/2 Blatt", "35 2 Blatt", "35 Punkte 2 Blatt" (docs/rules/tirol.md),
# "40 Punkte", "35 2/3 points".
_UNIT = r"(?:punkte?|pkt\.?|points?)"
_WORDS = rf"(?i)^\s*(\d+)\s*(?:{_UNIT}\s*,?\s*|/\s*|\s+)(\d+)\s*blatt\s*$"
_POINTS = rf"(?i)^(.*[\d⅓⅔])\s*{_UNIT}\s*$"
_VULGAR = {"⅓": Fraction(1, 3), "⅔": Fraction(2, 3)}

# A card counts a third of a point; the score block writes the odd cards ("Blatt") after the
# points: "35/2" or "35 2" is 35 points and 2 Blatt, 35 2/3.
BLATT = 3
FORMS = message(N_('"35 2/3", "35/2" or "35 2" (35 points and 2 Blatt), or a whole number'))


def _refuse(value: object, why: str = "") -> ValueError:
    """The error for ``value``; ``why`` (a :class:`Message` clause, or empty) says what is wrong."""
    said = N_("{value!r} is not a card point count{why}; write {forms}")
    return ValueError(message(said, value=value, why=why, forms=FORMS))


def _unworded(text: str) -> str:
    """``text`` without the words a score block may add: "35 Punkte 2 Blatt" is "35 2", "40 Punkte" 40."""
    if m := re.match(_WORDS, text):
        return f"{m[1]} {m[2]}"
    m = re.match(_POINTS, text)
    return m[1] if m else text


def parse_points(value: object) -> Fraction:
    """Card points from an int or a string (``"35 2/3"``, ``"35/2"``, ``"35 2"``, ``"35/2 Blatt"``, ``"107/3"``, ``"35⅔"``); never a float, which cannot hold a third."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _refuse(value)
    if isinstance(value, int):
        return Fraction(value)
    text = value.strip()
    if len(text) > 40:  # "35 2/3" is six characters; 4,300 digits would not even convert
        said = N_("{start!r}… ({length} characters) is not a card point count")
        raise ValueError(message(said, start=text[:20], length=len(text)))
    text = _unworded(text)
    for glyph, third in _VULGAR.items():
        if text.endswith(glyph) and re.match(_WHOLE, text[:-1] or "0"):
            return Fraction(int(text[:-1] or "0")) + third
    if m := re.match(_WHOLE, text):
        return Fraction(int(m.group(1)))
    if m := re.match(_MIXED, text):
        whole, num, den = (int(g) for g in m.groups())
        if den == 0 or num >= den:
            raise _refuse(value, message(N_(": the fraction part must be a proper fraction such as 2/3")))
        return whole + Fraction(num, den)
    if m := re.match(_BLATT, text):
        whole, blatt = (int(g) for g in m.groups())
        if blatt >= BLATT:
            said = N_(": {blatt} Blatt make {more} more point; the Blatt are 0, 1 or 2")
            raise _refuse(value, message(said, blatt=blatt, more=blatt // BLATT))
        return whole + Fraction(blatt, BLATT)
    if m := re.match(_FRACTION, text):
        num, den = (int(g) for g in m.groups())
        if den < BLATT:  # "35/2": points and Blatt
            return num + Fraction(den, BLATT)
        if den == BLATT:  # "107/3", "2/3": thirds
            return Fraction(num, den)
        raise _refuse(value, message(N_(": after the slash come the Blatt, 0, 1 or 2")))
    raise _refuse(value)


def render_points(points: Fraction) -> str | int:
    """The inverse of :func:`parse_points`: an int when whole, else ``"35 2/3"``."""
    if points.denominator == 1:
        return int(points)
    whole = points.numerator // points.denominator
    rest = points - whole
    return f"{whole} {rest.numerator}/{rest.denominator}" if whole else f"{rest.numerator}/{rest.denominator}"
