"""Hands worked by hand from the published rule sets, as an outside examiner would check them.

Each hand is a hand file as a table writes it (docs/hand-format.md), scored with
``score FILE --json`` (the sheet and the money) and ``score FILE --explain`` (which must cite the
source of its numbers). Every expected number is worked from the source named in the comment
beside it, never taken from the program (source ids: docs/rules/sources.md):

- [CTT] the Calling the Twenty rules, "Calling the Twenty (Zwanzigerrufen) · doubling, and
  doubling back" (the two steps, Simplified Scoring, "Traditional tables", the house ladder).
- [CTK] the Calling the King rules, "Calling the King (Königrufen) · the doubling ladder, step by
  step" (Kontra, Rekontra, the Hüttenfleck, Blind Solo, Grand Call and Grand Solo, the called King
  in the talon), and the older Styrian cup tariff [STC-TB] for the values CTK does not print.
- [OÖ23] Oberösterreichische Tarockregeln – Königrufen 4/2023, with [OÖR25], [LTA-F1], [ÖF21],
  as quoted and worked in the harbour-tarock rule specification, docs/koenigrufen.md §7
  (https://github.com/smatkovi/harbour-tarock/blob/891f7ef422753cbfe5c5f37ec6a9db0a0058dfd9/docs/koenigrufen.md),
  cited [HT §7.10 Nr. n] for its worked table.
- [STC] Die Regeln des Steirischen Tarockcups 2017/2018 (via CTK and HT), with [STC-TB].
- [PAGAT] pagat.com Königrufen (via CTK and HT §9.8, P-5).
- [GT] GameTwist's Königrufen help pages, "Rules".
- [TIR20] the Tiroler Tarockcup's Cupregeln 2020; [WTC20] the Wiener Tarockcup's Tarife und
  Regeln 2020 (both as the ABAKUS app holds them, github.com/ahunu/ABAKUS).

Zero-sum (every Königrufen profile but koenigrufen): a bet of v between two pairs is ±v each, a
lone declarer ±3v and each defender ∓v ([CTT] "Traditional tables", [OÖ23 via HT §7.1]).
Simplified Scoring (koenigrufen, zwanzigerrufen): the winners add, the losers add nothing; a lone
declarer adds v once when he wins, each defender adds v when he loses ([CTK], [CTT]). Seats: A is
Forehand, then B, C, D.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tests.stored import unfolded

runner = CliRunner()


def _pts(a: int, b: int, c: int, d: int) -> dict[str, int]:
    return {"A": a, "B": b, "C": c, "D": d}


class Worked(NamedTuple):
    id: str
    hand: str  # the hand file, without its `players` line
    sheet: dict[str, int]
    money: dict[str, int] | None = None  # None: the same as the sheet
    cites: tuple[str, ...] = ()  # what --explain must cite for the numbers it uses
    house: str | None = None  # a house profile the hand plays under (written as house.toml)


# A house profile for traditional (zero-sum) Zwanzigerrufen tables: [CTT] "Traditional tables
# settle the same ladder zero-sum"; the house steps Supre ×8 and Resupre ×16 played ([CTT] "Beyond
# Rekontra: a house variant … each step doubles once more").
ZR_ZERO_SUM = """extends = "zwanzigerrufen"
name = "zr-traditional"
[settlement]
mode = "zero_sum"
[kontra]
ceiling = "resupre"
"""

# A Königrufen table that agreed on the Hüttenfleck before the first deal: [CTK] "a rule to agree
# on first: a Kontra said before the talon is picked up makes the hand pay four times at once".
HUETTENFLECK = """extends = "koenigrufen"
name = "huettenfleck"
[kontra]
huettenfleck = true
"""

# The same, read as "makes the hand pay four times": every bet of the hand (huettenfleck_scope).
HUETTENFLECK_HAND = """extends = "koenigrufen"
name = "huettenfleck-hand"
[kontra]
huettenfleck = true
huettenfleck_scope = "hand"
"""

# The same table settling zero-sum ([CTT] "Traditional tables settle the same ladder zero-sum").
HUETTENFLECK_ZERO_SUM = HUETTENFLECK.replace('name = "huettenfleck"', 'name = "huettenfleck-zero-sum"') + (
    '[settlement]\nmode = "zero_sum"\n'
)

# D6: a table playing the Kontra in the Dodge Round, [CTK Expansions "Dodge Round: higher stakes"]
# "said against the player you expect to lose, even against yourself, and each Kontra doubles the
# value once more".
DODGE_KONTRA = """extends = "koenigrufen"
name = "dodge-kontra"
[kontra]
dodge_round = true
"""

# D16: a private round where 35 1/3 wins ("regional genügen auch 35⅓ Punkte, etwa vielerorts in
# der Steiermark" [WIKI-DE via HT §1.6]).
THRESHOLD_35_1_3 = """extends = "koenigrufen"
name = "thirty-five-and-a-third"
[game]
win_threshold = "35 1/3"
"""

# D23: pagat's Mordkontra read as "bis Hirsch-/Mordkontra (×64)" [HT §9.8], the step itself ×64.
MORD_64 = """extends = "pagat"
name = "mord-64"
[kontra]
ladder = [
    { name = "kontra", multiplier = 2 },
    { name = "rekontra", multiplier = 4 },
    { name = "subkontra", multiplier = 8 },
    { name = "hirschkontra", multiplier = 16 },
    { name = "mordkontra", multiplier = 64 },
]
"""

HANDS: list[Worked] = [
    # ---------------------------------------------------------------- zwanzigerrufen [CTT]
    # Solo 4 [CTT] "the Solo is worth 8 Victory Points instead of 4" with a Kontra; B has 44, 45
    # needed ("if the soloist reaches 45 Card Points"): each of the three Defenders adds 4.
    Worked(
        "zr-solo-lost-44",
        'profile = "zwanzigerrufen"\ncontract = "solo"\ndeclarer = "B"\ncard_points = 44\n',
        _pts(4, 0, 4, 4),
        cites=("[CTT]: Solo, 4 VP",),
    ),
    # Solo 4 won with 60 and B's silent Pagat made: 1 ([CTT] "2 Victory Points instead of 1"); the
    # lone soloist adds each bet once: 4 + 1 = 5. CTT prints no bonus doubling in its Solo.
    Worked(
        "zr-solo-won-silent-pagat",
        'profile = "zwanzigerrufen"\ncontract = "solo"\ndeclarer = "B"\ncard_points = 60\n'
        '[[bonus]]\nname = "pagat"\n',
        _pts(0, 5, 0, 0),
        cites=("Pagat Ultimo 1 silent",),
    ),
    # The Call lost with 30, Kontra and Rekontra on it: [CTT] "Kontra does not choose a winner; it
    # only raises what the winners score"; "Kontra and Rekontra: each player of the winning side
    # adds 4": B and D add 4.
    Worked(
        "zr-call-lost-rekontra",
        'profile = "zwanzigerrufen"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\n'
        'card_points = 30\nkontra = "rekontra"\n',
        _pts(0, 4, 0, 4),
        cites=('[CTT] "Rekontra … ×4"',),
    ),
    # The Call won with exactly 45, a Defender's Trull (a hand bonus [CTT], value 1: D24): the
    # Call 1 to A and C, the Trull 1 to B and D.
    Worked(
        "zr-call-won-defenders-trull",
        'profile = "zwanzigerrufen"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\n'
        'card_points = 45\n[[bonus]]\nname = "trull"\nside = "defenders"\n',
        _pts(1, 1, 1, 1),
        cites=("value not printed (D24)",),
    ),
    # The Call won with 50; A's announced Pagat lost with Kontra and Rekontra on it: the Call 1 to
    # A and C; the Pagat 2 × 4 = 8 to B and D ([CTT] "a failed announcement pays the other side
    # double" with a Kontra; Rekontra ×4).
    Worked(
        "zr-call-won-pagat-failed-rekontra",
        'profile = "zwanzigerrufen"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\n'
        'card_points = 50\n[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\n'
        'kontra = "rekontra"\n',
        _pts(1, 8, 1, 8),
    ),
    # C's Solo won with 45, Kontra on it, C's announced Pagat made with a Kontra of its own:
    # [CTT] "the soloist adds 8"; the Pagat 2 × 2 = 4: C adds 12.
    Worked(
        "zr-solo-kontra-pagat-kontra",
        'profile = "zwanzigerrufen"\ncontract = "solo"\ndeclarer = "C"\ncard_points = 45\n'
        'kontra = "kontra"\n[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "kontra"\n',
        _pts(0, 0, 12, 0),
    ),
    # Traditional tables: the Call lost with 44, Kontra: [CTT] "the losers subtract what the
    # winners add": B, D +2; A, C −2.
    Worked(
        "zr-zero-sum-call-lost-kontra",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\n'
        'card_points = 44\nkontra = "kontra"\n',
        _pts(-2, 2, -2, 2),
        house=ZR_ZERO_SUM,
    ),
    # Traditional tables: D's Solo lost with 40, Kontra and Rekontra: the Solo 16 ([CTT] "Solo,
    # Kontra and Rekontra: the Solo is worth 16"), "a lone Declarer settles three times over":
    # D −48, each Defender +16.
    Worked(
        "zr-zero-sum-solo-lost-rekontra",
        'profile = "house.toml"\ncontract = "solo"\ndeclarer = "D"\ncard_points = 40\nkontra = "rekontra"\n',
        _pts(16, 16, 16, -48),
        house=ZR_ZERO_SUM,
    ),
    # Traditional tables: the Call won with 60 and the Declarers' Trull: 1 + 1 each way.
    Worked(
        "zr-zero-sum-call-won-trull",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\n'
        'card_points = 60\n[[bonus]]\nname = "trull"\n',
        _pts(2, -2, 2, -2),
        house=ZR_ZERO_SUM,
    ),
    # The house ladder: B's Solo won with 50 and a Supre on it, ×8 ([CTT] "Supre, said by the
    # doubting side … each step doubles once more": Kontra 2, Rekontra 4, Supre 8 [D]); zero-sum:
    # 4 × 8 = 32 from each Defender, B +96.
    Worked(
        "zr-zero-sum-solo-supre",
        'profile = "house.toml"\ncontract = "solo"\ndeclarer = "B"\ncard_points = 50\nkontra = "supre"\n',
        _pts(-32, 96, -32, -32),
        house=ZR_ZERO_SUM,
    ),
    # --------------------------------------------------------------- koenigrufen [CTK] Simplified
    # The Call lost with 30, Rekontra: [CTK] "Rekontra … ×4", "the winning side, whichever that
    # turns out to be, simply adds double": B and D add 1 × 4 = 4.
    Worked(
        "kr-call-lost-rekontra",
        'contract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 30\nkontra = "rekontra"\n',
        _pts(0, 4, 0, 4),
        cites=('[CTK] "Rekontra … ×4"',),
    ),
    # Each bet its own ladder [CTK] "The contract and each announced bonus are doubled
    # separately": the Call won with 40 and a Kontra (1 × 2 = 2), the Declarers' announced Uhu
    # (2 [STC-TB], announced 4) made with a Rekontra on it (4 × 4 = 16): A and C add 18.
    Worked(
        "kr-call-kontra-uhu-rekontra",
        'contract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\nkontra = "kontra"\n'
        '[[bonus]]\nname = "uhu"\nannounced = true\nkontra = "rekontra"\n',
        _pts(18, 0, 18, 0),
        cites=("[CTK]", "[STC-TB]"),
    ),
    # The Hüttenfleck, agreed: B's Dreier (5 [STC-TB]) lost with 30 after a Kontra before the talon:
    # "four times at once" [CTK]: each Defender adds 20. B's announced Pagat, made, is a bet of
    # its own said after the talon: B adds 2.
    Worked(
        "kr-huettenfleck-dreier-lost",
        'profile = "house.toml"\ncontract = "dreier"\ndeclarer = "B"\ncard_points = 30\n'
        'huettenfleck = true\n[[bonus]]\nname = "pagat"\nannounced = true\n',
        _pts(20, 2, 20, 20),
        house=HUETTENFLECK,
        cites=("Hüttenfleck",),
    ),
    # The Hüttenfleck read as the whole hand four times: the Call won with 40 and the Declarers'
    # silent Trull (1): (1 + 1) × 4 = 8 to A and C.
    Worked(
        "kr-huettenfleck-hand-trull",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        'huettenfleck = true\n[[bonus]]\nname = "trull"\n',
        _pts(8, 0, 8, 0),
        house=HUETTENFLECK_HAND,
    ),
    # Contra ad personam [CTK] "In the negative contracts … each Defender says Kontra for
    # themselves only": A's Piccolo (2 [STC-TB]) lost; B said Kontra, C Kontra and A Rekontra, D
    # nothing. Each Defender adds the Piccolo at his own stake: B 4, C 8, D 2.
    Worked(
        "kr-piccolo-lost-ad-personam",
        'contract = "piccolo"\ndeclarer = "A"\nwon = false\nkontra = { B = "kontra", C = "rekontra" }\n',
        _pts(0, 4, 8, 2),
    ),
    # D's Bettler ouvert (8 [STC-TB]) lost, all three Defenders doubled: each adds 16.
    Worked(
        "kr-bettler-ouvert-lost-three-kontras",
        'contract = "bettler_ouvert"\ndeclarer = "D"\nwon = false\n'
        'kontra = { A = "kontra", B = "kontra", C = "kontra" }\n',
        _pts(16, 16, 16, 0),
    ),
    # Grand Solo (10 [STC-TB]) lost with 30; the Defenders' silent Trull (1) counts double in it
    # [CTK] "Grand Call … and Grand Solo … pay each bonus double": each Defender adds 10 + 2.
    Worked(
        "kr-grand-solo-lost-defenders-trull",
        'contract = "solodreier"\ndeclarer = "A"\ncard_points = 30\n'
        '[[bonus]]\nname = "trull"\nside = "defenders"\n',
        _pts(0, 12, 12, 12),
        cites=("Grand Call and Grand Solo count each bonus double [CTK]",),
    ),
    # Grand Call (2 [STC-TB]) won with 40; the announced King ultimo (1, announced 2, doubled in
    # the Grand Call 4) made with Kontra and Rekontra on it ("A Kontra on an announced bonus
    # doubles it once more" [CTK]; Rekontra ×4): 4 × 4 = 16. A and C add 2 + 16 = 18.
    Worked(
        "kr-grand-call-king-ultimo-rekontra",
        'contract = "solorufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "king_ultimo"\nannounced = true\nkontra = "rekontra"\n',
        _pts(18, 0, 18, 0),
    ),
    # Blind Solo won with a Kontra: [CTK] "if you win, you add 5 … A Kontra on the contract doubles
    # both numbers": A adds 10. A's announced Pagat lost: each Defender adds 2.
    Worked(
        "kr-blind-solo-won-kontra-pagat-failed",
        'contract = "sechserdreier"\ndeclarer = "A"\ncard_points = 40\nkontra = "kontra"\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\n',
        _pts(10, 2, 2, 2),
        cites=("Blind Solo, 5 won, each Defender 10 lost",),
    ),
    # Blind Solo lost with a Rekontra: "each Defender adds 10" × 4 = 40.
    Worked(
        "kr-blind-solo-lost-rekontra",
        'contract = "sechserdreier"\ndeclarer = "A"\ncard_points = 30\nkontra = "rekontra"\n',
        _pts(0, 40, 40, 40),
    ),
    # The called King in the talon, the Declarer concedes his Besserrufer at once: [CTK]
    # traditional rule "each Defender adds the plain Call value of 1 Victory Point"; the bird of
    # the bid is not paid (concede_pays = "contract").
    Worked(
        "kr-besserrufer-conceded",
        'contract = "besserrufer"\ndeclarer = "A"\ncalled_king = "talon"\nconceded = true\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\n',
        _pts(0, 1, 1, 1),
        cites=("Call value [CTK]",),
    ),
    # The called King in the talon, the Declarer plays on alone and loses with 30; a Kontra was
    # said on the game (only a conceded hand forbids it): [CTK] "each Defender adds that same 1
    # Victory Point if the contract is lost", ×2: each Defender adds 2.
    Worked(
        "kr-king-in-talon-alone-lost-kontra",
        'contract = "rufer"\ndeclarer = "A"\ncalled_king = "talon"\ncard_points = 30\nkontra = "kontra"\n',
        _pts(0, 2, 2, 2),
    ),
    # A revoke by the partner C ([PAGAT] via D28, koenigrufen's rule: the offending side loses the
    # contract and every announced bonus): the Call and A's announced Pagat go to B and D, 1 + 2.
    Worked(
        "kr-renonce-partner",
        'contract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\nrenonce = "C"\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\n',
        _pts(0, 3, 0, 3),
    ),
    # A failed announced bonus against a silent one made by the other side: the Declarers
    # announced the Four Kings; all four ended in the Defenders' tricks. One bonus is one bet
    # ([OÖ23 via HT §7.3] "Pro Prämienart wird nur ein Posten abgerechnet. Ist sie angesagt, zählt
    # nur das angesagte Ergebnis"; [GT] "a premium may only be called by one team and counted for
    # one team"), so the table enters the announced one, lost: B and D add 2 (1 announced), A and
    # C the Call 1.
    Worked(
        "kr-four-kings-announced-failed",
        'contract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "four_kings"\nannounced = true\nmade = false\n',
        _pts(1, 2, 1, 2),
    ),
    # ------------------------------------------------------ ooe-2023 [OÖ23], worked in HT §7.10
    # Nr. 1: Rufer won (41/2), silent Trull with the Defenders, silent four Kings with the
    # Declarers: 1 + 1 − 1 = +1 each way.
    Worked(
        "ooe-nr1-rufer-silent-trull-and-kings",
        'profile = "ooe-2023"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = "41/2"\n'
        '[[bonus]]\nname = "trull"\nside = "defenders"\n[[bonus]]\nname = "four_kings"\n',
        _pts(1, -1, 1, -1),
    ),
    # Nr. 2: Besserrufer won, the Pagat announced and made, a Defender kontra'd the Pagat: the sheet
    # 1 + 2 = 3; the money 1 + 2 × 2 = 5.
    Worked(
        "ooe-nr2-besserrufer-pagat-kontra",
        'profile = "ooe-2023"\ncontract = "besserrufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "kontra"\n',
        _pts(3, -3, 3, -3),
        _pts(5, -5, 5, -5),
        cites=('[OÖ23 Allg. 5] "Ein Kontra wirkt sich nur auf das Geld',),
    ),
    # Nr. 4: Dreier won, silent Trull with the Declarer, silent Pagat with the Defenders:
    # 4 × 3 + 1 × 3 − 1 × 3 = +12.
    Worked(
        "ooe-nr4-dreier-trull-defenders-pagat",
        'profile = "ooe-2023"\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "trull"\n[[bonus]]\nname = "pagat"\nside = "defenders"\n',
        _pts(12, -4, -4, -4),
    ),
    # Nr. 5: Sechserdreier lost, the announced Uhu made: −8 × 3 + 4 × 3 = −12 ("Prämien bleiben
    # einfach").
    Worked(
        "ooe-nr5-sechserdreier-lost-uhu-made",
        'profile = "ooe-2023"\ncontract = "sechserdreier"\ndeclarer = "A"\ncard_points = 30\n'
        '[[bonus]]\nname = "uhu"\nannounced = true\n',
        _pts(-12, 4, 4, 4),
    ),
    # Nr. 7: Solorufer lost, the announced King ultimo made: −2 + 1 × 2 × 2 = +2 each way.
    Worked(
        "ooe-nr7-solorufer-lost-king-ultimo",
        'profile = "ooe-2023"\ncontract = "solorufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 30\n'
        '[[bonus]]\nname = "king_ultimo"\nannounced = true\n',
        _pts(2, -2, 2, -2),
    ),
    # Nr. 9: Besserrufer won, the announced Uhu lost and kontra'd: 1 − 4 = −3 on the sheet,
    # 1 − 4 × 2 = −7 in money.
    Worked(
        "ooe-nr9-besserrufer-uhu-lost-kontra",
        'profile = "ooe-2023"\ncontract = "besserrufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "uhu"\nannounced = true\nmade = false\nkontra = "kontra"\n',
        _pts(-3, 3, -3, 3),
        _pts(-7, 7, -7, 7),
    ),
    # Nr. 13: Rufer, the Valat announced, made and kontra'd: 1 × 8 = 8 on the sheet, 16 in money.
    Worked(
        "ooe-nr13-rufer-valat-announced-kontra",
        'profile = "ooe-2023"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\n'
        '[[bonus]]\nname = "valat"\nannounced = true\nkontra = "kontra"\n',
        _pts(8, -8, 8, -8),
        _pts(16, -16, 16, -16),
    ),
    # Nr. 15: Bettel ouvert (7) lost, B Kontra, C Kontra + Rekontra, D nothing: the sheet −21 /
    # +7 each; the money B 14, C 28, D 7, A −49 ([OÖ23 Allg. 5]).
    Worked(
        "ooe-nr15-bettel-ouvert-lost-ad-personam",
        'profile = "ooe-2023"\ncontract = "bettler_ouvert"\ndeclarer = "A"\nwon = false\n'
        'kontra = { B = "kontra", C = "rekontra" }\n',
        _pts(-21, 7, 7, 7),
        _pts(-49, 14, 28, 7),
    ),
    # The same Kontras on a Bettel ouvert won: the mirror, A +21 on the sheet, +49 in money.
    Worked(
        "ooe-bettel-ouvert-won-ad-personam",
        'profile = "ooe-2023"\ncontract = "bettler_ouvert"\ndeclarer = "A"\nwon = true\n'
        'kontra = { B = "kontra", C = "rekontra" }\n',
        _pts(21, -7, -7, -7),
        _pts(49, -14, -28, -7),
    ),
    # The ceiling: Rufer won with a Subkontra ("nochmals gespritzt", ×8 [OÖ23 via HT §5.6]): the
    # sheet ±1, the money ±8.
    Worked(
        "ooe-rufer-subkontra",
        'profile = "ooe-2023"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        'kontra = "nochmals_gespritzt"\n',
        _pts(1, -1, 1, -1),
        _pts(8, -8, 8, -8),
        cites=("Subkontra",),
    ),
    # -------------------------------------------------------------------------- steiermark [STC]
    # Zwiccolo 2 [STC-TB] lost, C alone kontra'd ("Kontra … individually in negative ones" [STC
    # via CTK]): the sheet A −6, +2 each; the money B 2, C 4, D 2, A −8.
    Worked(
        "st-zwiccolo-lost-c-kontra",
        'profile = "steiermark"\ncontract = "zwiccolo"\ndeclarer = "A"\nwon = false\nkontra = { C = "kontra" }\n',
        _pts(-6, 2, 2, 2),
        _pts(-8, 2, 4, 2),
    ),
    # Triccolo 2 [STC-TB] won, B at Sub ("Sub (achtfach)" [STC via CTK]): the sheet A +6, −2
    # each; the money B −16, C −2, D −2, A +20.
    Worked(
        "st-triccolo-won-b-sub",
        'profile = "steiermark"\ncontract = "triccolo"\ndeclarer = "A"\nwon = true\nkontra = { B = "sub" }\n',
        _pts(6, -2, -2, -2),
        _pts(20, -16, -2, -2),
    ),
    # Solorufer 2 with a Kontra; the Defenders take every trick (a silent Valat, ×4): 2 × 4 = 8
    # ("Valat bleibt aber 8-fach/4-fach" [STC via HT §5.1]); "a Valat cancels a Kontra on the
    # contract" [STC via CTK]: the money 8 too.
    Worked(
        "st-solorufer-kontra-defenders-valat",
        'profile = "steiermark"\ncontract = "solorufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 0\n'
        'kontra = "kontra"\n[[bonus]]\nname = "valat"\nside = "defenders"\n',
        _pts(-8, 8, -8, 8),
    ),
    # ---------------------------------------------------------------------------- pagat [PAGAT]
    # The optional steps: a Rufer won with a Hirschkontra, ×16 [PAGAT via CTK]: ±16.
    Worked(
        "pg-rufer-hirschkontra",
        'profile = "pagat"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        'kontra = "hirschkontra"\n',
        _pts(16, -16, 16, -16),
    ),
    # An announced Uhu (2, announced 4) made under a Mordkontra, ×32 ("an announced bonus can end
    # at sixty-four times its silent value" [PAGAT via CTK]: 2 × 32): 4 × 32 = 128, with the Rufer
    # 1: ±129.
    Worked(
        "pg-uhu-mordkontra",
        'profile = "pagat"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "uhu"\nannounced = true\nkontra = "mordkontra"\n',
        _pts(129, -129, 129, -129),
    ),
    # A failed silent bonus "zählt minus" [PAGAT via HT P-5]: A's Dreier (5) won, his silent Pagat
    # lost: 5 × 3 − 1 × 3 = +12, each Defender −5 + 1 = −4.
    Worked(
        "pg-dreier-silent-pagat-lost",
        'profile = "pagat"\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nmade = false\n',
        _pts(12, -4, -4, -4),
    ),
    # Trischaken: "two losers pay two winners" [PAGAT via HT §9.8]: B 25 and C 20 pay the value 5
    # to each of A and D.
    Worked(
        "pg-trischaken-two-losers",
        'profile = "pagat"\ncontract = "trischaken"\ncard_points = { A = 10, B = 25, C = 20, D = 15 }\n',
        _pts(10, -10, -10, 10),
    ),
    # ------------------------------------------------------------------------- gametwist [GT]
    # Trischaken (2), "The players with the most points … pay the score to the other two": B and C
    # tie for the most, both pay 2 to A and to D. The talon is out of play (the players hold 64).
    Worked(
        "gt-trischaken-tie-for-most",
        'profile = "gametwist"\ncontract = "trischaken"\ncard_points = { A = 10, B = 20, C = 20, D = 14 }\n',
        _pts(4, -4, -4, 4),
    ),
    # The first in hand A loses with 32 ("Mayor"): "four times as much", 2 × 4 = 8 to each of the
    # two lowest, C and D; B, second, pays them 2 each.
    Worked(
        "gt-trischaken-first-in-hand-mayor",
        'profile = "gametwist"\ncontract = "trischaken"\ncard_points = { A = 32, B = 12, C = 10, D = 10 }\n',
        _pts(-16, -4, 10, 10),
    ),
    # "Dragging": the King in the talon, A gives up his Caller with the Pelican called (Caller 2
    # [GT] "Basic score 2", Pelican 3 announced 6): "loses the game score (plus all premiums
    # called) to the other three players": 8 to each, A −24.
    Worked(
        "gt-caller-with-pelican-dragged",
        'profile = "gametwist"\ncontract = "besserrufer"\ndeclarer = "A"\ncalled_king = "talon"\nconceded = true\n'
        '[[bonus]]\nname = "pelican"\nannounced = true\nmade = false\n',
        _pts(-24, 8, 8, 8),
    ),
    # Piccolo (2) lost with a Recontra on the game ("Only Contras/ Recontras/ Subcontras to the
    # basic game double its value" [GT]): 2 × 4 = 8 to each, A −24.
    Worked(
        "gt-piccolo-lost-recontra",
        'profile = "gametwist"\ncontract = "piccolo"\ndeclarer = "A"\nwon = false\nkontra = "recontra"\n',
        _pts(-24, 8, 8, 8),
    ),
    # The Mondfang, "won by the team which does not have the Moon": A's Three (6) lost with 30,
    # the Defenders caught his XXI (silent, 1): each Defender +7, A −21.
    Worked(
        "gt-three-lost-mondfang",
        'profile = "gametwist"\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 30\n'
        '[[bonus]]\nname = "mondfang"\nside = "defenders"\n',
        _pts(-21, 7, 7, 7),
    ),
    # A called Trull lost: "If that team fails to win the premium, they also lose twice the
    # value": the Caller 2 to A and C, the Trull 2 to B and D: 0 each.
    Worked(
        "gt-caller-trull-called-lost",
        'profile = "gametwist"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "trull"\nannounced = true\nmade = false\n',
        _pts(0, 0, 0, 0),
    ),
    # ------------------------------------------------------------------------------ tirol [TIR20]
    # The Defenders announce the Mondfang (1 / 2 [TIR20 Zusätze]) and fail: the Rufer 1 and the
    # Mondfang 2 go to A and C: ±3.
    Worked(
        "tirol-defenders-mondfang-announced-failed",
        'profile = "tirol"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "mondfang"\nside = "defenders"\nannounced = true\nmade = false\n',
        _pts(3, -3, 3, -3),
    ),
    # "schleifen (aufgeben)" [TIR20 2)]: a Besserrufer with the Kakadu conceded pays the game 1 and
    # the Kakadu 6 to each of the three others (the profile's reading, D18): A −21.
    Worked(
        "tirol-besserrufer-kakadu-conceded",
        'profile = "tirol"\ncontract = "besserrufer"\ndeclarer = "A"\ncalled_king = "talon"\nconceded = true\n'
        '[[bonus]]\nname = "kakadu"\nannounced = true\nmade = false\n',
        _pts(-21, 7, 7, 7),
    ),
    # Dreier 5 won with 56, the second Sack announced (1 / 2; from 55/2 [TB]): 5 + 2 = 7 from each.
    Worked(
        "tirol-dreier-second-sack",
        'profile = "tirol"\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 56\n'
        '[[bonus]]\nname = "second_sack"\nannounced = true\n',
        _pts(21, -7, -7, -7),
    ),
    # Solodreier 10 won; the announced Pagat doubled in a solo ("Alle Zusätze zählen doppelt"
    # [TIR20 3)]): 1 × 2 × 2 = 4, Re on it ×4 in money only: the sheet 10 + 4 = 14 from each,
    # the money 10 + 16 = 26.
    Worked(
        "tirol-solodreier-pagat-re",
        'profile = "tirol"\ncontract = "solodreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "re"\n',
        _pts(42, -14, -14, -14),
        _pts(78, -26, -26, -26),
    ),
    # ------------------------------------------------------------------------------ wien [WTC20]
    # A conceded Uhurufer pays "die Punkte des normalen Spiels" (Uhurufer 5 = 1 + Uhu 4) to each of
    # the three others: A −15.
    Worked(
        "wien-uhurufer-conceded",
        'profile = "wien"\ncontract = "uhurufer"\ndeclarer = "A"\ncalled_king = "talon"\nconceded = true\n'
        '[[bonus]]\nname = "uhu"\nannounced = true\nmade = false\n',
        _pts(-15, 5, 5, 5),
    ),
    # Trischaken 2: "verdoppelt sich bei einem 'Bürgermeister'" (35 Punkte und 2 Blatt): B with 36
    # pays 4 to each of the others.
    Worked(
        "wien-trischaken-buergermeister",
        'profile = "wien"\ncontract = "trischaken"\ncard_points = { A = 10, B = 36, C = 14, D = 10 }\n',
        _pts(4, -12, 4, 4),
    ),
    # The Forehand as Bürgermeister: ×4, 8 to each.
    Worked(
        "wien-trischaken-forehand-buergermeister",
        'profile = "wien"\ncontract = "trischaken"\ncard_points = { A = 36, B = 14, C = 10, D = 10 }\n',
        _pts(-24, 8, 8, 8),
    ),
    # A virgin (no trick) takes all six points.
    Worked(
        "wien-trischaken-virgin",
        'profile = "wien"\ncontract = "trischaken"\ncard_points = { A = 20, B = 30, C = 20, D = 0 }\n',
        _pts(0, -6, 0, 6),
    ),
    # Solorufer 2 with the called King in the talon: one against three, and a Kontra on it is void
    # ([WTC20 § Ruferspiele], D18): lost with 30, A −6, +2 each, the money the same.
    Worked(
        "wien-solorufer-king-in-talon-kontra-void",
        'profile = "wien"\ncontract = "solorufer"\ndeclarer = "A"\ncalled_king = "talon"\ncard_points = 30\n'
        'kontra = "kontra"\n',
        _pts(-6, 2, 2, 2),
    ),
    # ----------------------------------------------- the audit: Kontra on one bonus, by profile
    # wien: Rufer 1 won, the Declarers' Pagat announced (1 / 2 [WTC20 Prämien]) made with Kontra,
    # Retour and Sub on it ("Kontra (doppelt), Retour (vierfach), Sub (achtfach)" [WTC20]), which
    # change the payout only ("Kontrierungen wirken sich nur auf die Auszahlung aus" [WTC19]):
    # the sheet 1 + 2 = 3, the money 1 + 2 × 8 = 17, two against two.
    Worked(
        "wien-rufer-pagat-sub",
        'profile = "wien"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "sub"\n',
        _pts(3, -3, 3, -3),
        _pts(17, -17, 17, -17),
    ),
    # steiermark: Solodreier 10 [STC-TB] won, the Uhu (2) announced (×2) and doubled in a solo
    # ("Im Solorufer, Solodreier und Farbensolo gelten alle Prämien doppelt" [STC via HT §5.1]):
    # 8; Kontra and Rekontra on it, on the money only [STC via HT §7.8]: the sheet 10 + 8 = 18
    # from each, the money 10 + 8 × 4 = 42 from each.
    Worked(
        "st-solodreier-uhu-rekontra",
        'profile = "steiermark"\ncontract = "solodreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "uhu"\nannounced = true\nkontra = "rekontra"\n',
        _pts(54, -18, -18, -18),
        _pts(126, -42, -42, -42),
    ),
    # ooe-2023: Solorufer 2 won, the Pagat announced 2, doubled in a solo ([OÖ23 Ansagen 1]) 4,
    # with Kontra, Rekontra and Subkontra, on the money only ([OÖ23 Allg. 5] "Ein Kontra wirkt sich
    # nur auf das Geld … aus"): the sheet 2 + 4 = 6, the money 2 + 4 × 8 = 34.
    Worked(
        "ooe-solorufer-pagat-subkontra",
        'profile = "ooe-2023"\ncontract = "solorufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "subkontra"\n',
        _pts(6, -6, 6, -6),
        _pts(34, -34, 34, -34),
    ),
    # gametwist: Caller 2 won ("Basic score 2" [GT]), the Pagat called (1 [CTK] → 2) and made with
    # a Subcontra ("Every Contra/Recontra/Subcontra to this call doubles the score" [GT]): 2 × 8 =
    # 16; the Kontra counts on the score [GT]: 2 + 16 = 18 each way.
    Worked(
        "gt-caller-pagat-subcontra",
        'profile = "gametwist"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "subcontra"\n',
        _pts(18, -18, 18, -18),
    ),
    # koenigrufen: Dreier 5 won; A's announced Pagat fails with Kontra and Rekontra on it: 1 × 2 × 4
    # = 8 ([CTK] "a Kontra makes the announced one 4 … and a Rekontra 8"; "an announced bonus that
    # fails pays the other side"); Simplified Scoring: A adds 5, each Defender adds 8.
    Worked(
        "kr-dreier-pagat-failed-rekontra",
        'contract = "dreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\nkontra = "rekontra"\n',
        _pts(5, 8, 8, 8),
    ),
    # zwanzigerrufen, traditional (zero-sum): the Call lost with 44 ("more than the 44 it must
    # beat" [CTT]), the announced Pagat (2) failed with Kontra and Rekontra on it: 8. A and C −1 − 8.
    Worked(
        "zr-zero-sum-call-lost-pagat-rekontra",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 44\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\nkontra = "rekontra"\n',
        _pts(-9, 9, -9, 9),
        house=ZR_ZERO_SUM,
    ),
    # zwanzigerrufen: the Solo (4) lost with 44, the soloist's announced Pagat made with Rekontra on
    # it, 2 × 4 = 8 ([CTT] "Kontra on the Pagat Ultimo doubles that bonus alone, on the same
    # terms"): each Defender adds 4, the soloist adds 8.
    Worked(
        "zr-solo-lost-pagat-made-rekontra",
        'profile = "zwanzigerrufen"\ncontract = "solo"\ndeclarer = "A"\ncard_points = 44\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "rekontra"\n',
        _pts(8, 4, 4, 4),
    ),
    # zwanzigerrufen: the Call won with 50; the Defenders announce the Pagat and make it, A says
    # Kontra on it: 2 × 2 = 4 to each of B and D ([CTT] "whoever earns it adds double"); A, C +1.
    Worked(
        "zr-call-defenders-pagat-kontra",
        'profile = "zwanzigerrufen"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 50\n'
        '[[bonus]]\nname = "pagat"\nside = "defenders"\nannounced = true\nkontra = "kontra"\n',
        _pts(1, 4, 1, 4),
    ),
    # zwanzigerrufen: the Solo won with 50 and a Kontra on it, 8 ([CTT] "the Solo is worth 8
    # Victory Points instead of 4"); the soloist's Trull (1, D24; "never doubled" [CTT]); his
    # announced Pagat failed with a Kontra on it, 2 × 2 = 4 ("a failed announcement pays the other
    # side double"). Simplified: A adds 8 + 1, each Defender adds 4.
    Worked(
        "zr-solo-kontra-trull-pagat-failed-kontra",
        'profile = "zwanzigerrufen"\ncontract = "solo"\ndeclarer = "A"\ncard_points = 50\nkontra = "kontra"\n'
        '[[bonus]]\nname = "trull"\n[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\nkontra = "kontra"\n',
        _pts(9, 4, 4, 4),
    ),
    # The same hand at a traditional table ([CTT] "a lone Declarer settles three times over"):
    # A 3 × (8 + 1 − 4) = 15, each Defender −8 − 1 + 4 = −5.
    Worked(
        "zr-zero-sum-solo-kontra-trull-pagat-failed-kontra",
        'profile = "house.toml"\ncontract = "solo"\ndeclarer = "A"\ncard_points = 50\nkontra = "kontra"\n'
        '[[bonus]]\nname = "trull"\n[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\nkontra = "kontra"\n',
        _pts(15, -5, -5, -5),
        house=ZR_ZERO_SUM,
    ),
    # koenigrufen: Dreier 5 won; the Defenders announce the Trull (1 → 2) and fail, A's Kontra on it
    # 4; Simplified Scoring, the lone declarer adds each bet once (docs/rules/settlement.md §1): 9.
    Worked(
        "kr-dreier-defenders-trull-failed-kontra",
        'contract = "dreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "trull"\nside = "defenders"\nannounced = true\nmade = false\nkontra = "kontra"\n',
        _pts(9, 0, 0, 0),
    ),
    # ooe-2023: the same hand zero-sum: Dreier 4 [OÖ23 Tarif] × 3, the Trull 2 × 3 on the sheet;
    # the Kontra on the money only: 4 × 3.
    Worked(
        "ooe-dreier-defenders-trull-failed-kontra",
        'profile = "ooe-2023"\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "trull"\nside = "defenders"\nannounced = true\nmade = false\nkontra = "kontra"\n',
        _pts(18, -6, -6, -6),
        _pts(24, -8, -8, -8),
    ),
    # wien: Uhurufer = Rufer 1 + the Uhu announced 4 (D19, wien.md §3); the game won, the Uhu lost
    # with a Kontra on the Uhu alone: the sheet 1 − 4 = −3, the money 1 − 8 = −7.
    Worked(
        "wien-uhurufer-uhu-lost-kontra",
        'profile = "wien"\ncontract = "uhurufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "uhu"\nannounced = true\nmade = false\nkontra = "kontra"\n',
        _pts(-3, 3, -3, 3),
        _pts(-7, 7, -7, 7),
    ),
    # wien: Pagatrufer = Rufer 1 + the Pagat announced 2: the game lost with 30, the Pagat made:
    # −1 + 2 = +1 for A and C.
    Worked(
        "wien-pagatrufer-game-lost-pagat-made",
        'profile = "wien"\ncontract = "pagatrufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 30\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\n',
        _pts(1, -1, 1, -1),
    ),
    # ---------------------------------------------------- the audit: negative contracts, ouvert
    # tirol: Piccolo ouvert 8 [TIR20 Spiele] lost; B Kontra, C Kontra and A's Re on it (each
    # Defender for himself [TIR19]); "etwaige Kontras zählen nicht zur Turnierwertung" [TIR20 8)]:
    # the sheet 8 to each; the money B 16, C 32, D 8.
    Worked(
        "tirol-piccolo-ouvert-lost-kontra-re",
        'profile = "tirol"\ncontract = "piccolo_ouvert"\ndeclarer = "A"\nwon = false\n'
        'kontra = { B = "kontra", C = "re" }\n',
        _pts(-24, 8, 8, 8),
        _pts(-56, 16, 32, 8),
    ),
    # wien: Bettler ouvert 8 [WTC20 Spiele] won; B Kontra and A Retour against B alone: the money
    # 8 × 4 from B, 8 from C and D.
    Worked(
        "wien-bettler-ouvert-won-retour",
        'profile = "wien"\ncontract = "bettler_ouvert"\ndeclarer = "A"\nwon = true\nkontra = { B = "retour" }\n',
        _pts(24, -8, -8, -8),
        _pts(48, -32, -8, -8),
    ),
    # wien: Zwiccolo 2 lost, D's Kontra: the sheet 2 to each, the money D 4.
    Worked(
        "wien-zwiccolo-lost-d-kontra",
        'profile = "wien"\ncontract = "zwiccolo"\ndeclarer = "A"\nwon = false\nkontra = { D = "kontra" }\n',
        _pts(-6, 2, 2, 2),
        _pts(-8, 2, 2, 4),
    ),
    # pagat: Piccolo ouvert 5 [PAGAT via HT §9.8] lost; B Kontra, A Rekontra against B: 5 × 4 to B,
    # 5 to C and D, on the score (pagat's Kontra is not a cup's money-only one).
    Worked(
        "pg-piccolo-ouvert-lost-rekontra",
        'profile = "pagat"\ncontract = "piccolo_ouvert"\ndeclarer = "A"\nwon = false\nkontra = { B = "rekontra" }\n',
        _pts(-30, 20, 5, 5),
    ),
    # ----------------------------------------------------------------- the audit: Hüttenfleck
    # Zero-sum with the Hüttenfleck agreed: Dreier 5 won, "pay four times at once" [CTK]: 20 from
    # each Defender ([CTT] "a lone Declarer settles three times over").
    Worked(
        "kr-zero-sum-huettenfleck-dreier-won",
        'profile = "house.toml"\ncontract = "dreier"\ndeclarer = "A"\ncard_points = 40\nhuettenfleck = true\n',
        _pts(60, -20, -20, -20),
        house=HUETTENFLECK_ZERO_SUM,
    ),
    # A Rufer lost with the Hüttenfleck and the Declarers' announced Pagat made: read as a Kontra on
    # the contract (huettenfleck_scope = "contract"): the Rufer 1 × 4 to B and D, the Pagat 2 to A
    # and C.
    Worked(
        "kr-huettenfleck-rufer-lost-pagat-made",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 30\n'
        'huettenfleck = true\n[[bonus]]\nname = "pagat"\nannounced = true\n',
        _pts(2, 4, 2, 4),
        house=HUETTENFLECK,
    ),
    # The same hand where "the hand pays four times" (huettenfleck_scope = "hand"): the Pagat 2 × 4.
    Worked(
        "kr-huettenfleck-hand-rufer-lost-pagat-made",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 30\n'
        'huettenfleck = true\n[[bonus]]\nname = "pagat"\nannounced = true\n',
        _pts(8, 4, 8, 4),
        house=HUETTENFLECK_HAND,
    ),
    # ------------------------------------------------ the audit: Farbenspiele, Sechserdreier, Valat
    # wien: Farbensolo 10 lost with 30 and a Kontra on the game; the Defenders' silent Four Kings
    # (1, the only bonus besides the Valat in a Farbspiel [WTC20]) doubled in a solo ("zählen alle
    # Prämien doppelt"): the sheet 10 + 2 = 12 to each, the money 20 + 2 = 22.
    Worked(
        "wien-farbensolo-lost-kontra-four-kings",
        'profile = "wien"\ncontract = "farbensolo"\ndeclarer = "A"\ncard_points = 30\nkontra = "kontra"\n'
        '[[bonus]]\nname = "four_kings"\nside = "defenders"\n',
        _pts(-36, 12, 12, 12),
        _pts(-66, 22, 22, 22),
    ),
    # ooe-2023: Farbendreier 3 lost with a Kontra; A's announced Four Kings (2) made with a Kontra:
    # the sheet −3 + 2 = −1 from each, the money −6 + 4 = −2.
    Worked(
        "ooe-farbendreier-lost-four-kings-kontra",
        'profile = "ooe-2023"\ncontract = "farbendreier"\ndeclarer = "A"\ncard_points = 30\nkontra = "kontra"\n'
        '[[bonus]]\nname = "four_kings"\nannounced = true\nkontra = "kontra"\n',
        _pts(-3, 1, 1, 1),
        _pts(-6, 2, 2, 2),
    ),
    # tirol: Farbendreier 5 won with 56, "Kings, Säcke, Valat" [TIR20 3)]: both Säcke silent (1
    # each, from 45/2 and 55/2 [TB]): 5 + 2 = 7 from each.
    Worked(
        "tirol-farbendreier-both-saecke",
        'profile = "tirol"\ncontract = "farbendreier"\ndeclarer = "A"\ncard_points = 56\n'
        '[[bonus]]\nname = "first_sack"\n[[bonus]]\nname = "second_sack"\n',
        _pts(21, -7, -7, -7),
    ),
    # gametwist (D20): "Three of a suit" 6 won with the silent Honneurs (a premium of "all positive
    # games" [GT]; 1, the common value): 7 from each.
    Worked(
        "gt-three-of-a-suit-honneurs",
        'profile = "gametwist"\ncontract = "farbendreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "honneurs"\n',
        _pts(21, -7, -7, -7),
    ),
    # wien: Sechserdreier "4 / −8" [WTC20 Spiele] lost with 30, A's silent Pagat made (1, not
    # doubled by the loss): −8 + 1 = −7 from each Defender's side.
    Worked(
        "wien-sechserdreier-lost-silent-pagat",
        'profile = "wien"\ncontract = "sechserdreier"\ndeclarer = "A"\ncard_points = 30\n'
        '[[bonus]]\nname = "pagat"\n',
        _pts(-21, 7, 7, 7),
    ),
    # tirol: the same with a Kontra on the game ("a loss doubles the game only" [TIR20 3)]): the
    # money −16 + 1 = −15.
    Worked(
        "tirol-sechserdreier-lost-kontra-silent-pagat",
        'profile = "tirol"\ncontract = "sechserdreier"\ndeclarer = "A"\ncard_points = 30\nkontra = "kontra"\n'
        '[[bonus]]\nname = "pagat"\n',
        _pts(-21, 7, 7, 7),
        _pts(-45, 15, 15, 15),
    ),
    # steiermark (D8): a kontra'd Rufer ends in a silent Valat: "a Valat cancels a Kontra on the
    # contract" [STC via CTK]: 1 × 4 = 4, the money too.
    Worked(
        "st-rufer-kontra-silent-valat",
        'profile = "steiermark"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\nkontra = "kontra"\n'
        '[[bonus]]\nname = "valat"\n',
        _pts(4, -4, 4, -4),
    ),
    # wien: Solodreier 10 with a silent Valat after a Kontra on the game: "so zählt das Kontra
    # nicht" [WTC20 § Prämien]; the fixed Valat 10, doubled in a solo: 10 + 20 = 30 from each.
    Worked(
        "wien-solodreier-kontra-silent-valat",
        'profile = "wien"\ncontract = "solodreier"\ndeclarer = "A"\nkontra = "kontra"\n'
        '[[bonus]]\nname = "valat"\n',
        _pts(90, -30, -30, -30),
    ),
    # koenigrufen: a Blind Solo in which the Defenders take every trick (silent Valat): "each
    # Defender adds 10" [CTK] for the lost Blind Solo, "four times its value" in a Valat: 40 each.
    Worked(
        "kr-blind-solo-defenders-silent-valat",
        'contract = "sechserdreier"\ndeclarer = "A"\n[[bonus]]\nname = "valat"\nside = "defenders"\n',
        _pts(0, 40, 40, 40),
    ),
    # gametwist: the Caller's announced Valat fails with 60 card points and a Pagat made: "all other
    # premiums/calls and even the basic game are no longer counted" [GT]; the Valat 2 × 8 is lost.
    Worked(
        "gt-caller-valat-announced-failed-pagat-void",
        'profile = "gametwist"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 60\n'
        '[[bonus]]\nname = "valat"\nannounced = true\nmade = false\n[[bonus]]\nname = "pagat"\nannounced = true\n',
        _pts(-16, 16, -16, 16),
    ),
    # ooe-2023: Sechserdreier 4 [OÖ23 Tarif] won with a Kontra: the sheet 4 from each, the money 8.
    Worked(
        "ooe-sechserdreier-won-kontra",
        'profile = "ooe-2023"\ncontract = "sechserdreier"\ndeclarer = "A"\ncard_points = 40\nkontra = "kontra"\n',
        _pts(12, -4, -4, -4),
        _pts(24, -8, -8, -8),
    ),
    # --------------------------------------------------------- the audit: the Dodge Round, D6, D16
    # gametwist: "The players with the most points … pay the score to the other two" (D22): B 25
    # pays 2 to C and D; A, the first in hand, second highest, "pays twice as much": 4 to each.
    Worked(
        "gt-trischaken-first-in-hand-second",
        'profile = "gametwist"\ncontract = "trischaken"\ncard_points = { A = 20, B = 25, C = 10, D = 9 }\n',
        _pts(-8, -4, 6, 6),
    ),
    # gametwist: B with 33 is "Mayor" (32 or more [GT]) and pays 4 to A and D; C, second, 2 to each.
    Worked(
        "gt-trischaken-mayor-and-second",
        'profile = "gametwist"\ncontract = "trischaken"\ncard_points = { A = 10, B = 33, C = 12, D = 9 }\n',
        _pts(6, -8, -4, 6),
    ),
    # D6 played: one Kontra on the Dodge Round doubles it ([CTK Expansions] "each Kontra doubles the
    # value once more"): B with the most pays Trischaken 5 [STC-TB] × 2 to each, Simplified Scoring.
    Worked(
        "kr-dodge-round-kontra",
        'profile = "house.toml"\ncontract = "trischaken"\ncard_points = { A = 15, B = 30, C = 15, D = 10 }\n'
        'kontra = "kontra"\n',
        _pts(10, 0, 10, 10),
        house=DODGE_KONTRA,
    ),
    # Two Kontras: doubled once more, 5 × 4.
    Worked(
        "kr-dodge-round-two-kontras",
        'profile = "house.toml"\ncontract = "trischaken"\ncard_points = { A = 15, B = 30, C = 15, D = 10 }\n'
        'kontra = "rekontra"\n',
        _pts(20, 0, 20, 20),
        house=DODGE_KONTRA,
    ),
    # D16 the other reading: 35 1/3 wins the Rufer; 35 still loses.
    Worked(
        "kr-35-1-3-wins-in-a-private-round",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = "35 1/3"\n',
        _pts(1, 0, 1, 0),
        house=THRESHOLD_35_1_3,
    ),
    # D23 the other reading: a Rufer won, the announced Pagat made with Mordkontra ×64: 1 × 2 × 64 =
    # 128, the Rufer 1: ±129, zero-sum as pagat settles.
    Worked(
        "pg-pagat-mordkontra-64",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nkontra = "mordkontra"\n',
        _pts(129, -129, 129, -129),
        house=MORD_64,
    ),
    Worked(
        "kr-35-loses-in-a-private-round",
        'profile = "house.toml"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 35\n',
        _pts(0, 1, 0, 1),
        house=THRESHOLD_35_1_3,
    ),
    # ------------------------------------------------ the Sechserdreier's loss doubling meets the rest
    # ooe-2023: A's announced Valat in a Sechserdreier fails with 50 card points: the game is lost
    # all the same, "4 × 8 × 2 = 64 je Gegner" [HT §7.4] ([ÖF21 Valat via HT §7.4] "beim
    # Sechserdreier 8 mal 8 Punkte"; [MAIR-CUPS via HT §7.4] "−192 für den Spieler"); A's announced
    # Pagat made counts, "Prämien bleiben einfach" [HT §7.2]: 2; the silent Trull does not, "nur
    # angesagte Prämien … bei gelungenem wie verlorenem Valat" [OÖ23 Ansagen 2 via HT §7.4]:
    # A −192 + 6 = −186, each Defender +64 − 2 = +62.
    Worked(
        "ooe-sechserdreier-valat-announced-failed",
        'profile = "ooe-2023"\ncontract = "sechserdreier"\ndeclarer = "A"\ncard_points = 50\n'
        '[[bonus]]\nname = "valat"\nannounced = true\nmade = false\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\n[[bonus]]\nname = "trull"\n',
        _pts(-186, 62, 62, 62),
    ),
    # A Hüttenfleck on a Blind Solo that fails: "each Defender adds 10 … A Kontra on the contract
    # doubles both numbers" and the Hüttenfleck "makes the hand pay four times at once" [CTK]:
    # 10 × 4 = 40 to each Defender.
    Worked(
        "kr-huettenfleck-blind-solo-lost",
        'profile = "house.toml"\ncontract = "sechserdreier"\ndeclarer = "A"\ncard_points = 30\n'
        "huettenfleck = true\n",
        _pts(0, 40, 40, 40),
        house=HUETTENFLECK,
    ),
    # gametwist: a Solo three (12: "Solo games are worth twice as much") won with A's silent
    # Mondfang, "premiums are doubled as well" [GT]: 1 × 2 = 2; zero-sum, A 3 × (12 + 2) = +42.
    Worked(
        "gt-solo-three-silent-mondfang",
        'profile = "gametwist"\ncontract = "solodreier"\ndeclarer = "A"\ncard_points = 40\n'
        '[[bonus]]\nname = "mondfang"\n',
        _pts(42, -14, -14, -14),
    ),
    # The Königfang "can only be won by the opposing team" [GT], announced by B (1, "Called
    # premiums are worth twice this value": 2) and countered by A's side ("Each team can counter
    # the call of the other": ×2 = 4); B and D take the called King. The Caller 2 to A and C:
    # A and C 2 − 4 = −2, B and D +2.
    Worked(
        "gt-koenigfang-announced-contra",
        'profile = "gametwist"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "koenigfang"\nside = "defenders"\nannounced = true\nkontra = "contra"\n',
        _pts(-2, 2, -2, 2),
        cites=('[GT] "Contra … doubles the score"',),
    ),
    # The Absolute ("at least 45 1/3 points" [GT]) announced in a Solo caller (4 [D]): 1 × 2
    # announced × 2 "(premiums are doubled as well)" = 4; with the game 4: A and C +8.
    Worked(
        "gt-solo-caller-absolute-announced",
        'profile = "gametwist"\ncontract = "solorufer"\ndeclarer = "A"\npartner = "C"\ncard_points = "45 1/3"\n'
        '[[bonus]]\nname = "absolut"\nannounced = true\n',
        _pts(8, -8, 8, -8),
        cites=('[GT] "Solo games are worth twice as much (premiums are doubled as well)"',),
    ),
    # pagat: the Sechserdreier "+2/−4" [PAGAT via HT §9.8] lost with a Rekontra (2 × 2 × 4 = 16
    # from each Defender's side), and A's silent Trull lost, which "zählt minus" [PAGAT via HT
    # P-5] (1, not doubled by the loss): A −48 − 3 = −51, each Defender +17.
    Worked(
        "pg-sechserdreier-lost-rekontra-silent-trull-lost",
        'profile = "pagat"\ncontract = "sechserdreier"\ndeclarer = "A"\ncard_points = 20\nkontra = "rekontra"\n'
        '[[bonus]]\nname = "trull"\nmade = false\n',
        _pts(-51, 17, 17, 17),
        cites=("[PAGAT via HT §9.8]", "[PAGAT via HT P-5]"),
    ),
]


def _score(tmp_path: Path, case: Worked, *options: str) -> tuple[int, str, str]:
    if case.house is not None:
        (tmp_path / "house.toml").write_text(case.house, encoding="utf-8")
    hand = tmp_path / "hand.toml"
    hand.write_text('players = ["A", "B", "C", "D"]\n' + case.hand, encoding="utf-8")
    result = runner.invoke(app, ["score", str(hand), *options])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("case", HANDS, ids=[h.id for h in HANDS])
def test_worked_hand(tmp_path: Path, case: Worked) -> None:
    code, out, err = _score(tmp_path, case, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["victory_points"] == case.sheet
    money = case.money if case.money is not None else case.sheet
    assert data.get("payout", data["victory_points"]) == money
    code, out, err = _score(tmp_path, case, "--explain")
    assert code == 0, err
    for cite in case.cites:
        assert cite in out, f"--explain does not cite {cite!r}:\n{out}"


# A step or a bet the source does not allow is refused (exit 1), naming what is allowed.
REFUSED: list[tuple[str, str, str | None, str]] = [
    # [CTT] "The main rules stop at Rekontra": Supre is a known house step, not played.
    (
        "zr-supre-above-the-main-rules",
        'profile = "zwanzigerrufen"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 50\n'
        'kontra = "supre"\n',
        None,
        "supre",
    ),
    # [CTT] the Trull is "a hand bonus, declared from cards already in one player's hand": it is
    # never announced.
    (
        "zr-trull-announced",
        'profile = "zwanzigerrufen"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 50\n'
        '[[bonus]]\nname = "trull"\nannounced = true\n',
        None,
        "trull",
    ),
    # [STC via CTK] "Kontra vor Talonkauf (Mutterleib, Hüttenfleck) ist nicht möglich".
    (
        "st-huettenfleck",
        'profile = "steiermark"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        "huettenfleck = true\n",
        None,
        "huettenfleck",
    ),
    # [GT] "a Contra to the game itself (and that only in the case of Bettler and Piccolo)".
    (
        "gt-bettler-ouvert-contra",
        'profile = "gametwist"\ncontract = "bettler_ouvert"\ndeclarer = "A"\nwon = false\nkontra = "contra"\n',
        None,
        "bettler_ouvert",
    ),
    # [CTK] "no Kontra is allowed on a conceded hand".
    (
        "kr-conceded-kontra",
        'contract = "rufer"\ndeclarer = "A"\ncalled_king = "talon"\nconceded = true\nkontra = "kontra"\n',
        None,
        "conceded",
    ),
    # One bonus is one bet ([OÖ23 via HT §7.3], [GT] "counted for one team"): the Trull announced
    # and lost by the Declarers and entered again as the Defenders' silent Trull is refused.
    (
        "ooe-trull-twice",
        'profile = "ooe-2023"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 40\n'
        '[[bonus]]\nname = "trull"\nannounced = true\nmade = false\n'
        '[[bonus]]\nname = "trull"\nside = "defenders"\n',
        None,
        "trull",
    ),
]


@pytest.mark.parametrize(("hand", "house", "names"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_refused(tmp_path: Path, hand: str, house: str | None, names: str) -> None:
    code, out, err = _score(tmp_path, Worked("refused", hand, {}, house=house), "--json")
    assert code == 1, out
    assert names in err
    assert out == ""


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_five_at_the_table(tmp_path: Path) -> None:
    # [OÖ23 Allg. 8 via HT §9.6 T-4] at a table of five the dealer sits out; [HT §7.1] "Der
    # aussetzende Geber bekommt 0 Punkte und 0 Geld". Hand 1: E deals, A is Forehand; the Dodge
    # Round (1 [OÖ23 Tarif]): B has the most and pays 1 to each other player (E sits out).
    # Hand 2: A deals and sits out, B is Forehand and plays the Rufer (Forehand's [OÖ23 Vorhand
    # 1]) with D, won with a Kontra: ±1 on the sheet, ±2 in money; A 0.
    ledger = str(tmp_path / "five.toml")
    _run("new", "-p", "A,B,C,D,E", "-P", "ooe-2023", "--ledger", ledger)
    _run(
        "record",
        "-c",
        "trischaken",
        "-t",
        "A=10",
        "-t",
        "B=30",
        "-t",
        "C=20",
        "-t",
        "D=10",
        "--ledger",
        ledger,
    )
    _run("record", "-c", "rufer", "-d", "B", "-w", "D", "-t", "40", "-k", "kontra", "--ledger", ledger)
    shown = json.loads(_run("show", "--ledger", ledger, "--json"))
    assert shown["totals"] == {"A": 1, "B": -2, "C": 0, "D": 2, "E": -1}
    assert shown["payout_totals"] == {"A": 1, "B": -1, "C": -1, "D": 3, "E": -2}


def test_five_at_the_table_simplified_and_zero_sum(tmp_path: Path) -> None:
    # The same two hands at five, settled both ways (docs/rules/settlement.md §1, §2); the dealer
    # sits out and writes nothing. Hand 1: E deals, B's Dreier 5 [STC-TB] lost with 30. Hand 2: A
    # deals, B plays the Rufer 1 [CTK] with D, won with a Kontra (×2).
    # Simplified [CTK]: hand 1 each Defender (A, C, D) adds 5; hand 2 B and D add 2. The money:
    # every two players who played a hand settle the difference of their points on it, and the
    # dealer who sat it out gets "0 Punkte und 0 Geld" [HT §7.1] (docs/rules/settlement.md §1).
    # Hand 1 among A, B, C, D: B pays A, C and D 0.50 each. Hand 2 among B, C, D, E: C and E each
    # pay B and D 0.20. So A +0.50, B −1.50 + 0.40 = −1.10, C +0.50 − 0.40 = +0.10, D +0.50 +
    # 0.40 = +0.90, E −0.40.
    # Zero-sum ([CTT] "a lone Declarer settles three times over"): hand 1 B −15, A, C, D +5; hand 2
    # B, D +2, C, E −2; the money each total × 0.10 ("Der aussetzende Geber bekommt 0 Punkte und 0
    # Geld" [HT §7.1]).
    (tmp_path / "house.toml").write_text('extends = "koenigrufen"\n[settlement]\nmode = "zero_sum"\n')
    settled = {}
    for name, profile in (("simplified", "koenigrufen"), ("zero-sum", str(tmp_path / "house.toml"))):
        ledger = str(tmp_path / f"{name}.toml")
        _run("new", "-p", "A,B,C,D,E", "-P", profile, "--stake", "0.10", "--ledger", ledger)
        _run("record", "-c", "dreier", "-d", "B", "-t", "30", "--ledger", ledger)
        _run("record", "-c", "rufer", "-d", "B", "-w", "D", "-t", "40", "-k", "kontra", "--ledger", ledger)
        data = json.loads(_run("settle", "--json", "--ledger", ledger))
        settled[name] = (data["totals"], data["balances"])
    assert settled["simplified"] == (
        {"A": 5, "B": 2, "C": 5, "D": 7, "E": 0},
        {"A": "0.50", "B": "-1.10", "C": "0.10", "D": "0.90", "E": "-0.40"},
    )
    assert settled["zero-sum"] == (
        {"A": 5, "B": -13, "C": 3, "D": 7, "E": -2},
        {"A": "0.50", "B": "-1.30", "C": "0.30", "D": "0.70", "E": "-0.20"},
    )


def test_a_hand_inside_a_radl_and_a_second_radl_queued(tmp_path: Path) -> None:
    # A Tyrolean table that plays a Radl after a Mondfang (none of the cups has one: [TIR19 7)]
    # "Es gibt keine doppelten Runden"; a house rule, docs/rules/private-rounds.md §1, Radls that
    # meet queue up unless the profile lets them overlap). Hand 1: Rufer A + C won, their silent
    # Mondfang (1 / 2 [TIR20 Zusätze]): +2 each way; it arms a Radl of hands 2-5. Hand 2 (×2):
    # Rufer B + D won, A and C catch the XXI: 1 − 1 = 0; its Radl is queued (hands 6-9). Hand 3
    # (×2): Rufer C + A won, Kontra in money only ([TIR20 8)]): the sheet 1 × 2 = 2, the money
    # 1 × 2 × 2 = 4.
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "tirol"\nname = "tirol-radl"\n[radl]\nevents = ["mondfang"]\n', encoding="utf-8"
    )
    ledger = str(tmp_path / "radl.toml")
    _run("new", "-p", "A,B,C,D", "-P", str(house), "--ledger", ledger)
    _run(
        "record",
        "-c",
        "rufer",
        "-d",
        "A",
        "-w",
        "C",
        "-t",
        "40",
        "-b",
        "mondfang,declarers",
        "--ledger",
        ledger,
    )
    _run(
        "record",
        "-c",
        "rufer",
        "-d",
        "B",
        "-w",
        "D",
        "-t",
        "40",
        "-b",
        "mondfang,defenders",
        "--ledger",
        ledger,
    )
    _run("record", "-c", "rufer", "-d", "C", "-w", "A", "-t", "40", "-k", "kontra", "--ledger", ledger)
    shown = json.loads(_run("show", "--ledger", ledger, "--json"))
    assert shown["totals"] == {"A": 4, "B": -4, "C": 4, "D": -4}
    assert shown["payout_totals"] == {"A": 6, "B": -6, "C": 6, "D": -6}
    explained = _run("explain", "3", "--ledger", ledger)
    assert "×2 Radl started by hand 1 (after Mondfang) = 4" in explained
    assert "[TIR20 2)]" in explained  # the Kontra's source


def test_a_concession_cites_what_it_pays(tmp_path: Path) -> None:
    # [CTK] traditional rule: the Declarer concedes at once, "and then each Defender adds the plain
    # Call value of 1 Victory Point": the Besserrufer's announced Pagat is not paid, and the
    # arithmetic says so and cites the rule by which each of the three is paid.
    case = Worked(
        "kr",
        'contract = "besserrufer"\ndeclarer = "A"\ncalled_king = "talon"\nconceded = true\n'
        '[[bonus]]\nname = "pagat"\nannounced = true\nmade = false\n',
        _pts(0, 1, 1, 1),
    )
    code, out, err = _score(tmp_path, case, "--explain")
    assert code == 0, err
    out = unfolded(out)
    assert "conceded at once: each other player adds the contract [3]" in out
    assert 'each Defender adds the plain Call value of 1 Victory Point"' in out.split("[3] ")[1]
    assert "note: Pagat (announced) does not count: a conceded hand counts the contract only" in out
    # [OÖ23 Allg. 7], [ÖF21 via HT §7.7] "Spiel plus Ansager (3, 5, 7 oder 9 Punkte)" to each of
    # the three others: the Uhu of the bid is paid beside the game.
    case = Worked(
        "ooe",
        'profile = "ooe-2023"\ncontract = "besserrufer"\ndeclarer = "A"\ncalled_king = "talon"\n'
        'conceded = true\n[[bonus]]\nname = "uhu"\nannounced = true\nmade = false\n',
        _pts(-15, 5, 5, 5),
    )
    code, out, err = _score(tmp_path, case, "--explain")
    assert code == 0, err
    out = unfolded(out)
    assert (
        "conceded at once: the declarer pays each other player the contract and the bonus it was bid with ["
        in out
    )
    assert "3, 5, 7 oder 9" in out
    assert "does not count" not in out
