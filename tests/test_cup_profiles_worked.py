"""Worked hands under the cups' own profiles, tirol and wien, each scored through ``score --json``.

Every expected number is worked by hand from the cup's own tariff and text, cited beside it:
[TIR20] the Tiroler Tarockcup's "Cupregeln", "(c) 2020 Markus Mair, www.tarock.tirol", its tables
"Spiele" and "Zusätze" and sections 1)-8); [WTC20] the Wiener Tarockcup's "Tarife und Regeln"
2020, its tables "Die Spiele" and "Die Prämien" and its § sections; [WTC19] the 2019 text. Both
texts as the ABAKUS app of the Austrian cups shows them (github.com/ahunu/ABAKUS,
Statistik/REGELN.js cup 55 and Statistik/showRegeln.js; docs/rules/sources.md).

Both cups settle zero-sum ([TIR20 8)] "Pro Punkt werden zehn Cent abgerechnet"; [WTC20
§ Allgemeines] "erhalten die Gewinner von den Verlierern jeweils 10 Cent pro Punkt"): a bet of v
between two pairs is ±v each; a lone declarer takes or pays v from or to each of three, ±3v.
Both keep the Kontra off the score sheet and on the money ([TIR20 8)] "Kontras zählen nicht für
die Turnierwertung"; [WTC20 § Allgemeines] Kontra, Retour, Sub "haben keine Auswirkung auf die
Schrift, sondern werden nach dem Spiel sofort ausbezahlt"): ``victory_points`` is the sheet,
``payout`` the money. Seats: A is Forehand, then B, C, D.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.io.inputs import load_profile
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

runner = CliRunner()
SEATS = ["-p", "A,B,C,D"]


def _pts(a: int, b: int, c: int, d: int) -> dict[str, int]:
    return {"A": a, "B": b, "C": c, "D": d}


# (id, profile, options after -P PROFILE -p A,B,C,D, sheet points, money (None: as the sheet))
HANDS: list[tuple[str, str, list[str], dict[str, int], dict[str, int] | None]] = [
    # -- tirol -------------------------------------------------------------------------------
    # [TIR20 Spiele] Rufer 1; [TIR20 1)] 36 points (35/2 Blatt) win: A and B +1, C and D −1.
    ("tirol-rufer-won", "tirol", ["-c", "rufer", "-d", "A", "-w", "B", "-t", "40"], _pts(1, 1, -1, -1), None),
    # Rufer lost with 30, kontra'd: the sheet −1 each; [TIR20 2)] "Kontras: verdoppeln jeweils den
    # Spielwert", paid only [TIR20 8)]: money 1 × 2 = 2.
    (
        "tirol-rufer-lost-kontra",
        "tirol",
        ["-c", "rufer", "-d", "A", "-w", "B", "-t", "30", "-k", "kontra"],
        _pts(-1, -1, 1, 1),
        _pts(-2, -2, 2, 2),
    ),
    # Rufer won, Rekontra ("Re": doubled again): sheet 1, money 1 × 4 = 4.
    (
        "tirol-rufer-rekontra",
        "tirol",
        ["-c", "rufer", "-d", "A", "-w", "B", "-t", "40", "-k", "rekontra"],
        _pts(1, 1, -1, -1),
        _pts(4, 4, -4, -4),
    ),
    # "Spiel und Zusätze werden getrennt kontriert" [TIR20 2)]: the game lost (−1), the announced
    # Pagat made with a Kontra on it (Pagat 1 / 2 [TIR20 Zusätze]): sheet −1 + 2 = +1; money
    # −1 + 2 × 2 = +3.
    (
        "tirol-pagat-announced-kontra",
        "tirol",
        ["-c", "rufer", "-d", "A", "-w", "B", "-t", "30", "-b", "pagat,declarers,announced,kontra"],
        _pts(1, 1, -1, -1),
        _pts(3, 3, -3, -3),
    ),
    # Mondfang 1 / 2 silent, made by the declarers, with the Rufer won: 1 + 1 = 2 each.
    (
        "tirol-mondfang-silent",
        "tirol",
        ["-c", "rufer", "-d", "A", "-w", "B", "-t", "40", "-b", "mondfang,declarers"],
        _pts(2, 2, -2, -2),
        None,
    ),
    # 1. Sack 1 / 2 announced, made with 50 card points: 1 + 2 = 3 each.
    (
        "tirol-first-sack-announced",
        "tirol",
        ["-c", "rufer", "-d", "A", "-w", "B", "-t", "50", "-b", "first_sack,declarers,announced"],
        _pts(3, 3, -3, -3),
        None,
    ),
    # The bird call: "Besserrufer I, II 1" [TIR20 Spiele], the bird its own announced Zusatz (Uhu
    # 2 / 4): the game lost −1, the announced Uhu made +4: +3 each for A and B.
    (
        "tirol-besserrufer-uhu",
        "tirol",
        ["-c", "besserrufer", "-d", "A", "-w", "B", "-t", "30", "-b", "uhu,declarers,announced"],
        _pts(3, 3, -3, -3),
        None,
    ),
    # Solorufer 2, won with the partner C; a silent Trull 1 doubled in a solo ([TIR20 3)]
    # "Solospiele … Alle Zusätze zählen doppelt"): 2 + 2 = 4 each.
    (
        "tirol-solorufer-trull",
        "tirol",
        ["-c", "solorufer", "-d", "A", "-w", "C", "-t", "40", "-b", "trull,declarers"],
        _pts(4, -4, 4, -4),
        None,
    ),
    # Sechserdreier 4 lost: "Der Spielverlust zählt doppelt (nur das Spiel)" [TIR20 3)]: 8 to
    # each Defender; a silent Trull made by A still +1 each: A −24 + 3 = −21, each Defender
    # +8 − 1 = +7. Rekontra on the game: money 8 × 4 = 32: A −96 + 3 = −93, each +31.
    (
        "tirol-sechserdreier-lost-rekontra",
        "tirol",
        ["-c", "sechserdreier", "-d", "A", "-t", "30", "-k", "rekontra", "-b", "trull,declarers"],
        _pts(-21, 7, 7, 7),
        _pts(-93, 31, 31, 31),
    ),
    # Dreier 5 won by B with an announced Pagat (2): 7 from each: B +21.
    (
        "tirol-dreier-pagat-announced",
        "tirol",
        ["-c", "dreier", "-d", "B", "-t", "40", "-b", "pagat,declarers,announced"],
        _pts(-7, 21, -7, -7),
        None,
    ),
    # Farbendreier 5 lost by B; silent Vier Könige made by B (1): B −15 + 3 = −12, each +5 − 1 = +4.
    (
        "tirol-farbendreier-lost-kings",
        "tirol",
        ["-c", "farbendreier", "-d", "B", "-t", "30", "-b", "four_kings,declarers"],
        _pts(4, -12, 4, 4),
        None,
    ),
    # Valat: "Die fixe Valatprämie ist … zusätzlich zum Spiel" and "Im Falle eines Valats zählen
    # alle Verlaufsprämien …, aber keine Bestandsprämien (Trull, Könige, Säcke)" [TIR20 6)].
    # Dreier 5 + announced Valat 20 + silent Pagat 1, the Trull not scored: 26 each, B +78.
    (
        "tirol-dreier-valat-announced",
        "tirol",
        [
            "-c",
            "dreier",
            "-d",
            "B",
            "-b",
            "valat,declarers,announced",
            "-b",
            "pagat,declarers",
            "-b",
            "trull,declarers",
        ],
        _pts(-26, 78, -26, -26),
        None,
    ),
    # Farbensolo 10 with a silent Valat, "in Solospielen doppelt": 10 + 10 × 2 = 30 each; the
    # Kings (a Bestandsprämie) not scored: B +90.
    (
        "tirol-farbensolo-valat-silent",
        "tirol",
        ["-c", "farbensolo", "-d", "B", "-b", "valat,declarers", "-b", "four_kings,declarers"],
        _pts(-30, 90, -30, -30),
        None,
    ),
    # An announced Valat that fails is no Valat: "Im Falle eines Valats … keine Bestandsprämien"
    # speaks of a Valat made, and "Die fixe Valatprämie ist so wie die anderen Zusätze
    # abzurechnen" [TIR20 6)]: lost, it is one premium lost beside the others. B's Dreier won
    # with 60: the game 5 (+15), the Valat announced and lost 20 (−60), the Trull announced and
    # made 2 (+6), 1. Sack and 2. Sack silent 1 each (+3, +3): B −33, each +11.
    (
        "tirol-dreier-valat-announced-failed-material-counts",
        "tirol",
        [
            "-c",
            "dreier",
            "-d",
            "B",
            "-t",
            "60",
            "-b",
            "valat,declarers,announced,lost",
            "-b",
            "trull,declarers,announced",
            "-b",
            "first_sack,declarers",
            "-b",
            "second_sack,declarers",
        ],
        _pts(11, -33, 11, 11),
        None,
    ),
    # Negative contracts [TIR20 Spiele]: Piccolo 2 won (+6), Bettler 4 lost (−12), Zwiccolo
    # ouvert 8 won (+24).
    ("tirol-piccolo-won", "tirol", ["-c", "piccolo", "-d", "A", "--won"], _pts(6, -2, -2, -2), None),
    ("tirol-bettler-lost", "tirol", ["-c", "bettler", "-d", "A", "--lost"], _pts(-12, 4, 4, 4), None),
    (
        "tirol-zwiccolo-ouvert-won",
        "tirol",
        ["-c", "zwiccolo_ouvert", "-d", "C", "--won"],
        _pts(-8, -8, 24, -8),
        None,
    ),
    # Bettel ouvert 8 lost, B alone kontra'd ("In Negativspielen kontriert jeder für sich"
    # [TIR20 2)]): sheet −24 / +8 each; money B 16, C and D 8: A −32.
    (
        "tirol-bettel-ouvert-individual-kontra",
        "tirol",
        ["-c", "bettler_ouvert", "-d", "A", "--lost", "-k", "B=kontra"],
        _pts(-24, 8, 8, 8),
        _pts(-32, 16, 8, 8),
    ),
    # Trischaken 2 [TIR20 5)]: "Die zwei Spieler mit den meisten Punkten zahlen an die beiden
    # anderen je zwei Punkte (2 x 2)": B (30) and C (20) pay 2 to each of A and D: A +4, D +4,
    # B −4, C −4 (no Bürgermeister, the Forehand A not the highest, no virgin).
    (
        "tirol-trischaken",
        "tirol",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=30", "-t", "C=20", "-t", "D=10"],
        _pts(4, -4, -4, 4),
        None,
    ),
    # "Hat die Vorhand die meisten Punkte, zahlt sie ebenfalls sechs Punkte (3 x 2)": A alone
    # pays 2 to each of B, C and D.
    (
        "tirol-trischaken-forehand",
        "tirol",
        ["-c", "trischaken", "-t", "A=30", "-t", "B=20", "-t", "C=15", "-t", "D=5"],
        _pts(-6, 2, 2, 2),
        None,
    ),
    # "Ein Bürger-meister (ab 35/2 Blatt) zahlt sechs Punkte (3 x 2)": B with 40 pays 2 to each.
    (
        "tirol-trischaken-mayor",
        "tirol",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=40", "-t", "C=15", "-t", "D=5"],
        _pts(2, -6, 2, 2),
        None,
    ),
    # The Forehand "als Bürgermeister doppelt (3 x 4)": A with 40 pays 4 to each.
    (
        "tirol-trischaken-forehand-mayor",
        "tirol",
        ["-c", "trischaken", "-t", "A=40", "-t", "B=20", "-t", "C=5", "-t", "D=5"],
        _pts(-12, 4, 4, 4),
        None,
    ),
    # "Eine Jungfrau (kein Stich) kassiert sechs Punkte (3 x 2)": D without a trick is paid 2 by
    # each of A, B and C, in place of the two highest's payment: D +6, A, B, C −2 each.
    (
        "tirol-trischaken-virgin",
        "tirol",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=35", "-t", "C=25", "-t", "D=0"],
        _pts(-2, -2, -2, 6),
        None,
    ),
    # "Punktegleiche Spieler teilen sich die Punkte, haben die beiden mittleren Spieler gleichviel
    # Punkte, gehen beide leer aus": C and D (15 each) neither pay nor receive. B (30) still pays
    # "an die beiden anderen je zwei Punkte", and the one other left is A (10): B pays A 2.
    # A +2, B −2, C and D 0 (before: C and D paid A as B did, A +6).
    (
        "tirol-trischaken-middle-tie",
        "tirol",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=30", "-t", "C=15", "-t", "D=15"],
        _pts(2, -2, 0, 0),
        None,
    ),
    # A Bürgermeister on top of two tied in the middle: "Ein Bürger-meister (ab 35/2 Blatt) zahlt
    # sechs Punkte (3 x 2)", six in all, 2 to each of the three others; the middle players' "leer
    # ausgehen" belongs to the two payers of "(2 x 2)", which a Bürgermeister replaces. B (40)
    # pays 2 each to A (6), C and D (12 each): A +2, B −6, C +2, D +2.
    (
        "tirol-trischaken-middle-tie-mayor",
        "tirol",
        ["-c", "trischaken", "-t", "A=6", "-t", "B=40", "-t", "C=12", "-t", "D=12"],
        _pts(2, -6, 2, 2),
        None,
    ),
    # The Forehand with the most points beside two tied in the middle: "Hat die Vorhand die meisten
    # Punkte, zahlt sie ebenfalls sechs Punkte (3 x 2)": A (30) pays 2 to each of B, C (15 each)
    # and D (10): A −6, B, C, D +2 each.
    (
        "tirol-trischaken-middle-tie-forehand",
        "tirol",
        ["-c", "trischaken", "-t", "A=30", "-t", "B=15", "-t", "C=15", "-t", "D=10"],
        _pts(-6, 2, 2, 2),
        None,
    ),
    # A virgin below two tied in the middle: "Eine Jungfrau (kein Stich) kassiert sechs Punkte
    # (3 x 2)": A without a trick is paid 2 by each of B (30), C and D (20 each): A +6, −2 each.
    (
        "tirol-trischaken-middle-tie-virgin",
        "tirol",
        ["-c", "trischaken", "-t", "A=0", "-t", "B=30", "-t", "C=20", "-t", "D=20"],
        _pts(6, -2, -2, -2),
        None,
    ),
    # "Bei einer Renonce ist an die anderen der Fixwert von je vier Punkten zu zahlen (3 x 4)".
    (
        "tirol-trischaken-renonce",
        "tirol",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=30", "-t", "C=20", "-t", "D=10", "--renonce", "B"],
        _pts(4, -12, 4, 4),
        None,
    ),
    # -- wien --------------------------------------------------------------------------------
    # [WTC20 Spiele] Rufer 1; 35 Punkte und 2 Blatt win.
    ("wien-rufer-won", "wien", ["-c", "rufer", "-d", "A", "-w", "B", "-t", "35 2"], _pts(1, 1, -1, -1), None),
    # The bird calls [WTC20 Spiele]: "Pagatrufer 3" = the game 1 + the announced Pagat 2 (D19).
    (
        "wien-pagatrufer-won",
        "wien",
        ["-c", "pagatrufer", "-d", "A", "-w", "B", "-t", "40", "-b", "pagat,declarers,announced"],
        _pts(3, 3, -3, -3),
        None,
    ),
    # Game won, the Pagat of the bid lost: 1 − 2 = −1 each for A and B (the split reading, D19).
    (
        "wien-pagatrufer-bird-lost",
        "wien",
        ["-c", "pagatrufer", "-d", "A", "-w", "B", "-t", "40", "-b", "pagat,declarers,announced,lost"],
        _pts(-1, -1, 1, 1),
        None,
    ),
    # "Quapilrufer 9" = 1 + the announced Quapil 8.
    (
        "wien-quapilrufer-won",
        "wien",
        ["-c", "quapilrufer", "-d", "A", "-w", "B", "-t", "40", "-b", "quapil,declarers,announced"],
        _pts(9, 9, -9, -9),
        None,
    ),
    # Uhurufer lost with 30, the game kontra'd, the Uhu made: sheet −1 + 4 = +3; "Kontra
    # (doppelt)" on the money only: −2 + 4 = +2.
    (
        "wien-uhurufer-lost-kontra",
        "wien",
        ["-c", "uhurufer", "-d", "A", "-w", "B", "-t", "30", "-k", "kontra", "-b", "uhu,declarers,announced"],
        _pts(3, 3, -3, -3),
        _pts(2, 2, -2, -2),
    ),
    # Kakadurufer won, "Retour (vierfach)" on the Kakadu: sheet 1 + 6 = 7; money 1 + 6 × 4 = 25.
    (
        "wien-kakadurufer-retour",
        "wien",
        ["-c", "kakadurufer", "-d", "A", "-w", "B", "-t", "40", "-b", "kakadu,declarers,announced,rekontra"],
        _pts(7, 7, -7, -7),
        _pts(25, 25, -25, -25),
    ),
    # "Sechserdreier ** 4 / -8": lost, 8 to each Defender: A −24.
    (
        "wien-sechserdreier-lost",
        "wien",
        ["-c", "sechserdreier", "-d", "A", "-t", "30"],
        _pts(-24, 8, 8, 8),
        None,
    ),
    # Sechserdreier won with an announced Trull (1 / 2): 4 + 2 = 6 each: A +18.
    (
        "wien-sechserdreier-trull-announced",
        "wien",
        ["-c", "sechserdreier", "-d", "A", "-t", "40", "-b", "trull,declarers,announced"],
        _pts(18, -6, -6, -6),
        None,
    ),
    # Solorufer 2 with C; silent 4 Könige 1, doubled ([WTC20 § Prämien] "Bei Solorufer,
    # Solodreier und Farbensolo zählen alle Prämien doppelt"): 2 + 2 = 4 each.
    (
        "wien-solorufer-kings",
        "wien",
        ["-c", "solorufer", "-d", "A", "-w", "C", "-t", "40", "-b", "four_kings,declarers"],
        _pts(4, -4, 4, -4),
        None,
    ),
    # Farbensolo 10 with announced 4 Könige (2, doubled): 14 each: B +42.
    (
        "wien-farbensolo-kings-announced",
        "wien",
        ["-c", "farbensolo", "-d", "B", "-t", "40", "-b", "four_kings,declarers,announced"],
        _pts(-14, 42, -14, -14),
        None,
    ),
    # "Piccolo, Zwiccolo 2": Zwiccolo won, B alone kontra'd ("bei negativen Spielen wird
    # individuell kontriert"): sheet +6 / −2; money B 4, C and D 2: A +8.
    (
        "wien-zwiccolo-individual-kontra",
        "wien",
        ["-c", "zwiccolo", "-d", "A", "--won", "-k", "B=kontra"],
        _pts(6, -2, -2, -2),
        _pts(8, -4, -2, -2),
    ),
    # "Piccolo und Zwiccolo ouvert 6" lost: −18; "Bettler ouvert 8" won: +24.
    (
        "wien-piccolo-ouvert-lost",
        "wien",
        ["-c", "piccolo_ouvert", "-d", "A", "--lost"],
        _pts(-18, 6, 6, 6),
        None,
    ),
    (
        "wien-bettler-ouvert-won",
        "wien",
        ["-c", "bettler_ouvert", "-d", "D", "--won"],
        _pts(-8, -8, -8, 24),
        None,
    ),
    # Stiller Valat [WTC20 § Prämien]: "inkludiert die stille Trull und die stillen Könige. Alle
    # anderen Prämie werden gewertet. Wurde das Spiel bei einem stillen Valat kontriert, so zählt
    # das Kontra nicht": Rufer 1 + Valat 10 + silent Pagat 1, no Trull, no Kontra: 12 each.
    (
        "wien-rufer-valat-silent",
        "wien",
        [
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "B",
            "-k",
            "kontra",
            "-b",
            "valat,declarers",
            "-b",
            "pagat,declarers",
            "-b",
            "trull,declarers",
        ],
        _pts(12, 12, -12, -12),
        None,
    ),
    # Angesagter Valat: "Selbstverständlich kann das Spiel und der Valat kontriert werden": the
    # sheet 1 + 20 = 21; money: the game 1 × 2 + the Valat 20 × 2 = 42.
    (
        "wien-rufer-valat-announced-kontra",
        "wien",
        [
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "B",
            "-k",
            "kontra",
            "-b",
            "valat,declarers,announced,kontra",
        ],
        _pts(21, 21, -21, -21),
        _pts(42, 42, -42, -42),
    ),
    # "Ein stiller Valat inkludiert die stille Trull" [WTC20 § Prämien] is said of a Valat made;
    # an announced Valat that fails includes nothing. A and B's Rufer won with 60: the game 1, the
    # Valat announced and lost 20 to C and D, the silent Pagat 1 and the silent Trull 1 to A and
    # B: 1 − 20 + 1 + 1 = −17 each.
    (
        "wien-rufer-valat-announced-failed-silent-trull",
        "wien",
        [
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "B",
            "-t",
            "60",
            "-b",
            "valat,declarers,announced,lost",
            "-b",
            "pagat,declarers",
            "-b",
            "trull,declarers",
        ],
        _pts(-17, -17, 17, 17),
        None,
    ),
    # Solodreier 10 with a silent Valat, doubled in a solo: 10 + 20 = 30 each: A +90.
    (
        "wien-solodreier-valat-silent",
        "wien",
        ["-c", "solodreier", "-d", "A", "-b", "valat,declarers"],
        _pts(90, -30, -30, -30),
        None,
    ),
    # Trischaken [WTC20 § Trischaken]: "Es werden grundsätzlich sechs Punkte verteilt": B (most,
    # not Forehand) pays 2 to each: B −6.
    (
        "wien-trischaken",
        "wien",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=30", "-t", "C=20", "-t", "D=10"],
        _pts(2, -6, 2, 2),
        None,
    ),
    # "… verdoppelt sich … bei einer 'verlierenden Vorhand'": A (Forehand, 30) pays 12, 4 each.
    (
        "wien-trischaken-forehand",
        "wien",
        ["-c", "trischaken", "-t", "A=30", "-t", "B=20", "-t", "C=10", "-t", "D=10"],
        _pts(-12, 4, 4, 4),
        None,
    ),
    # "… vervierfacht sich bei einem 'Vorhand-Bürgermeister'": A with 40 pays 24, 8 each.
    (
        "wien-trischaken-forehand-mayor",
        "wien",
        ["-c", "trischaken", "-t", "A=40", "-t", "B=20", "-t", "C=5", "-t", "D=5"],
        _pts(-24, 8, 8, 8),
        None,
    ),
    # B a Bürgermeister (40): 12 to share; D without a trick "erhält … alle zu verteilenden
    # Punkte": B −12, D +12.
    (
        "wien-trischaken-mayor-virgin",
        "wien",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=40", "-t", "C=20", "-t", "D=0"],
        _pts(0, -12, 0, 12),
        None,
    ),
    # "Bei einem Renonce erhalten die drei regulären Spieler je sechs Punkte": C −18.
    (
        "wien-trischaken-renonce",
        "wien",
        ["-c", "trischaken", "-t", "A=10", "-t", "B=30", "-t", "C=20", "-t", "D=10", "--renonce", "C"],
        _pts(6, 6, -18, 6),
        None,
    ),
    # Selberrufer [WTC20 § Ruferspiele]: "Wer sich selbst ruft, kann 'schleifen'. In diesem Fall
    # werden die Punkte des normalen Spiels für die Schrift gewertet (z.B. Pagatrufer 3 Punkte)":
    # A, alone, pays 3 to each of the three others.
    (
        "wien-pagatrufer-conceded",
        "wien",
        ["-c", "pagatrufer", "-d", "A", "--talon", "--conceded", "-b", "pagat,declarers,announced"],
        _pts(-9, 3, 3, 3),
        None,
    ),
]


@pytest.mark.parametrize(
    ("profile", "options", "sheet", "money"), [h[1:] for h in HANDS], ids=[h[0] for h in HANDS]
)
def test_worked_hand(
    profile: str, options: list[str], sheet: dict[str, int], money: dict[str, int] | None
) -> None:
    result = runner.invoke(app, ["score", "-P", profile, *SEATS, *options, "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["victory_points"] == sheet
    assert sum(sheet.values()) == 0  # zero-sum, as both cups settle
    assert data.get("payout", data["victory_points"]) == (money if money is not None else sheet)


def test_each_cup_has_a_dozen_worked_hands() -> None:
    for profile in ("tirol", "wien"):
        assert sum(1 for h in HANDS if h[1] == profile) >= 12


@pytest.mark.parametrize(("beside", "points"), [(False, _pts(6, -2, -2, -2)), (True, _pts(8, -8, 0, 0))])
def test_tirol_a_buergermeister_beside_a_virgin_pays_as_the_profile_says(
    beside: bool, points: dict[str, int]
) -> None:
    # [TIR20 5)] "Ein Bürger-meister (ab 35/2 Blatt) zahlt sechs Punkte (3 x 2). Eine Jungfrau
    # (kein Stich) kassiert sechs Punkte (3 x 2)", silent on both in one hand. B (40) is the
    # Bürgermeister, A (0) the virgin. The profile's reading (alone_beside_virgins = false): the
    # virgin's 2 from each of B, C, D takes the place of B's payment: A +6, B, C, D −2 each. The
    # other: B pays his 2 to each of A, C, D as well: A +2 + 6 = +8, B −2 − 6 = −8, C and D 0.
    profile = load_profile("tirol", {"trischaken": {"alone_beside_virgins": True}} if beside else None)
    assert profile.trischaken.alone_beside_virgins is beside
    points_by_player: dict[str, int | str] = {"A": 0, "B": 40, "C": 20, "D": 10}
    hand: HandInput = {
        "players": ["A", "B", "C", "D"],
        "contract": "trischaken",
        "card_points": points_by_player,
    }
    assert dict(score_hand(parse_hand(hand, profile), profile).victory_points) == points
