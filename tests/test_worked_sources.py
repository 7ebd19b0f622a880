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
        'profile = "ooe-2023"\ncontract = "rufer"\ndeclarer = "A"\npartner = "C"\ncard_points = 70\n'
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
    assert (
        "conceded at once: the declarer pays each other player the contract and the bonus it was bid with ["
        in out
    )
    assert "3, 5, 7 oder 9" in out
    assert "does not count" not in out
