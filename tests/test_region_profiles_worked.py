"""Worked hands under the regional and other shipped profiles besides koenigrufen, tirol and wien:
steiermark, ooe-2023, pagat, gametwist and zwanzigerrufen (and a few more for tirol and wien),
each scored through ``score --json``.

Every expected number is worked by hand from the profile's own cited source, named beside it
(source ids: docs/rules/sources.md):

- [STC] Die Regeln des Steirischen Tarockcups 2017/2018, as quoted by the Calling the King rules
  ([STC via CTK]) and the harbour-tarock rule specification ([STC via HT §…]); [STC-TB] the
  TarockBlock score keeper's tariff set "Steirischer Tarockcup" (DatabaseHelper.java, values in
  cents: Rufer 10, Zwiccolo 20, Triccolo 20, Sechserdreier 50, Farbensolo 80, Solodreier 100 …).
- [OÖ23] Oberösterreichische Tarockregeln – Königrufen 4/2023 (Allg. 5, Allg. 7, Ansagen 1,
  Tarif), with [OÖ23/ÖF21 via HT] and [MAIR-CUPS] where the profile cites them.
- [PAGAT] pagat.com Königrufen, via the Calling the King rules and [HT §7.1, §9.8].
- [GT] GameTwist Königrufen help pages "Rules".
- [CTT] Calling the Twenty rules, "Calling the Twenty (Zwanzigerrufen) · doubling, and doubling
  back".
- [TIR20] Tiroler Tarockcup Cupregeln 2020, [WTC20] Wiener Tarockcup Tarife und Regeln 2020.

Zero-sum (every profile here but zwanzigerrufen): a bet of v between two pairs is ±v each; a lone
declarer takes or pays v from or to each of three, ±3v. steiermark, ooe-2023, tirol and wien keep
the Kontra off the score sheet and on the money (``payout``); pagat and gametwist score it.
zwanzigerrufen is Simplified Scoring: the winners add, the losers add nothing. Seats: A is
Forehand, then B, C, D.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app

runner = CliRunner()
SEATS = ["-p", "A,B,C,D"]


def _pts(a: int, b: int, c: int, d: int) -> dict[str, int]:
    return {"A": a, "B": b, "C": c, "D": d}


# (id, profile, options after -P PROFILE -p A,B,C,D, sheet points, money (None: as the sheet))
HANDS: list[tuple[str, str, list[str], dict[str, int], dict[str, int] | None]] = [
    # -- steiermark --------------------------------------------------------------------------
    # Sechserdreier 5 [STC-TB] lost: "Ein verlorener Sechserdreier zählt doppelt (nur das Spiel,
    # nicht die Prämien)" [STC via HT §5.5]: 10 to each Defender, A −30; a silent Trull 1 made by
    # A, not doubled: A +3, each −1. A −27, each +9.
    (
        "st-sechserdreier-lost-trull",
        "steiermark",
        ["-c", "sechserdreier", "-d", "A", "-t", "30", "-b", "trull,declarers"],
        _pts(-27, 9, 9, 9),
        None,
    ),
    # Rufer 1 with C, Kontra on the game, silent Valat made: the Valat ×4 [STC via HT §5.1
    # "Valat bleibt aber 8-fach/4-fach"] = 4 each; "a Valat cancels a Kontra on the contract"
    # [STC via CTK]: the money is 4 too, not 8.
    (
        "st-rufer-kontra-silent-valat",
        "steiermark",
        ["-c", "rufer", "-d", "A", "-w", "C", "-k", "kontra", "-b", "valat,declarers"],
        _pts(4, -4, 4, -4),
        None,
    ),
    # The same Valat scores no bonus ([CTK] "No bonus is scored in a Valat hand", which the
    # profile keeps, the STC sentences read being silent): an announced Pagat made adds nothing.
    (
        "st-rufer-valat-no-bonus",
        "steiermark",
        [
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "C",
            "-b",
            "valat,declarers",
            "-b",
            "pagat,declarers,announced",
        ],
        _pts(4, -4, 4, -4),
        None,
    ),
    # Solorufer 2 [STC-TB] with an announced Valat: "Im Solorufer, Solodreier und Farbensolo
    # gelten alle Prämien doppelt (Valat bleibt aber 8-fach/4-fach)" [STC via HT §5.1]: 2 × 8 =
    # 16 each, not 32.
    (
        "st-solorufer-valat-announced",
        "steiermark",
        ["-c", "solorufer", "-d", "A", "-w", "C", "-b", "valat,declarers,announced"],
        _pts(16, -16, 16, -16),
        None,
    ),
    # Solodreier 10 [STC-TB] won with a silent Pagat (1, doubled in a solo [STC via HT §5.1]):
    # 10 + 2 = 12 from each: A +36.
    (
        "st-solodreier-silent-pagat",
        "steiermark",
        ["-c", "solodreier", "-d", "A", "-t", "40", "-b", "pagat,declarers"],
        _pts(36, -12, -12, -12),
        None,
    ),
    # Bettel 4 [STC-TB] lost, "Kontra … individually in negative ones" [STC via CTK]: B Kontra,
    # C Kontra answered Re, D none. Sheet: 4 to each, A −12. Money: B 4 × 2 = 8, C 4 × 4 = 16,
    # D 4: A −28.
    (
        "st-bettler-lost-ad-personam",
        "steiermark",
        ["-c", "bettler", "-d", "A", "--lost", "-k", "B=kontra", "-k", "C=rekontra"],
        _pts(-12, 4, 4, 4),
        _pts(-28, 8, 16, 4),
    ),
    # "Es gibt nur Kontra (doppelt), Re (vierfach) und Sub (achtfach)" [STC via CTK]: a Rufer won
    # with Sub: the sheet ±1, the money ±8.
    (
        "st-rufer-sub",
        "steiermark",
        ["-c", "rufer", "-d", "A", "-w", "C", "-t", "40", "-k", "subkontra"],
        _pts(1, -1, 1, -1),
        _pts(8, -8, 8, -8),
    ),
    # Pagatrufer 30 cents [STC-TB] = Rufer 1 + the announced Pagat 2: the game won (+1), the
    # Pagat lost (−2): −1 each for A and C.
    (
        "st-pagatrufer-bird-lost",
        "steiermark",
        ["-c", "besserrufer", "-d", "A", "-w", "C", "-t", "40", "-b", "pagat,declarers,announced,lost"],
        _pts(-1, 1, -1, 1),
        None,
    ),
    # Farbensolo 80 cents [STC-TB] won: 8 from each, A +24.
    (
        "st-farbensolo-won",
        "steiermark",
        ["-c", "farbensolo", "-d", "A", "-t", "40"],
        _pts(24, -8, -8, -8),
        None,
    ),
    # Zwiccolo 20 cents [STC-TB]: won (exactly two tricks), 2 from each: A +6.
    (
        "st-zwiccolo-won",
        "steiermark",
        ["-c", "zwiccolo", "-d", "A", "--won"],
        _pts(6, -2, -2, -2),
        None,
    ),
    # Triccolo 20 cents [STC-TB]: lost, 2 to each: A −6; B's Kontra doubles B's share in the money
    # only: A −8, B +4.
    (
        "st-triccolo-lost-kontra",
        "steiermark",
        ["-c", "triccolo", "-d", "A", "--lost", "-k", "B=kontra"],
        _pts(-6, 2, 2, 2),
        _pts(-8, 4, 2, 2),
    ),
    # -- ooe-2023 ----------------------------------------------------------------------------
    # Solorufer 2 [OÖ23 Tarif] with a silent Uhu (2, doubled in the solos [OÖ23 Ansagen 1]; "a
    # silent Uhu in a Solorufer = 4", [OÖR25 via HT]): 2 + 4 = 6 each.
    (
        "ooe-solorufer-silent-uhu",
        "ooe-2023",
        ["-c", "solorufer", "-d", "A", "-w", "C", "-t", "40", "-b", "uhu,declarers"],
        _pts(6, -6, 6, -6),
        None,
    ),
    # Besserrufer with the Uhu, the called King in the talon, conceded ("Schleifen" [OÖ23 Allg.
    # 7]): the game and the bird to each of the three others, "3, 5, 7 oder 9" [OÖ23/ÖF21 via
    # HT]: 1 + 4 = 5 each, A −15.
    (
        "ooe-besserrufer-uhu-conceded",
        "ooe-2023",
        ["-c", "besserrufer", "-d", "A", "--talon", "--conceded", "-b", "uhu,declarers,announced"],
        _pts(-15, 5, 5, 5),
        None,
    ),
    # Piccolo 2 won; [OÖ23 Allg. 5]'s own example: B Kontra ×2, C Kontra and the declarer "retour"
    # ×4, D nothing. Sheet A +6; money 4 + 8 + 2 = 14.
    (
        "ooe-piccolo-ad-personam",
        "ooe-2023",
        ["-c", "piccolo", "-d", "A", "--won", "-k", "B=kontra", "-k", "C=rekontra"],
        _pts(6, -2, -2, -2),
        _pts(14, -4, -8, -2),
    ),
    # Rufer 1, Kontra on the game, silent Valat: ×4 = 4 each; the Kontra carries into the Valat
    # ([LTA-F1 via HT §7.4] "Spiel × 4; war das Spiel kontriert, dann zusätzlich × 2"): money 8.
    (
        "ooe-rufer-kontra-silent-valat",
        "ooe-2023",
        ["-c", "rufer", "-d", "A", "-w", "C", "-k", "kontra", "-b", "valat,declarers"],
        _pts(4, -4, 4, -4),
        _pts(8, -8, 8, -8),
    ),
    # In a Valat only announced bonuses count [OÖ23 Ansagen 2 via HT]: silent Valat 4, the
    # announced Pagat 2, the silent Trull nothing: 6 each.
    (
        "ooe-valat-announced-pagat-silent-trull",
        "ooe-2023",
        [
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "C",
            "-b",
            "valat,declarers",
            "-b",
            "pagat,declarers,announced",
            "-b",
            "trull,declarers",
        ],
        _pts(6, -6, 6, -6),
        None,
    ),
    # Solorufer with an announced Valat: 2 × 8 = 16, the solo does not double the Valat again
    # ([OÖ23/LTA-GK1 via HT] "Der Valat bezieht sich ohnedies auf den hier höheren Spielwert";
    # [MAIR-CUPS] 16).
    (
        "ooe-solorufer-valat-announced",
        "ooe-2023",
        ["-c", "solorufer", "-d", "A", "-w", "C", "-b", "valat,declarers,announced"],
        _pts(16, -16, 16, -16),
        None,
    ),
    # Farbendreier 3 [OÖ23 Tarif], only Vier Könige and Valat count: won with silent Kings (1):
    # 3 + 1 = 4 from each, A +12.
    (
        "ooe-farbendreier-kings",
        "ooe-2023",
        ["-c", "farbendreier", "-d", "A", "-t", "40", "-b", "four_kings,declarers"],
        _pts(12, -4, -4, -4),
        None,
    ),
    # Sechserdreier 4 / 8 [OÖ23 Tarif] lost with a Kontra: the sheet 8 each (A −24), the money
    # ×2 (A −48) [OÖ23 Allg. 5].
    (
        "ooe-sechserdreier-lost-kontra",
        "ooe-2023",
        ["-c", "sechserdreier", "-d", "A", "-t", "30", "-k", "kontra"],
        _pts(-24, 8, 8, 8),
        _pts(-48, 16, 16, 16),
    ),
    # -- pagat -------------------------------------------------------------------------------
    # Mordkontra ×32 [PAGAT via CTK, D23] on a Rufer 1 won: 32 each, on the score.
    (
        "pg-rufer-mordkontra",
        "pagat",
        ["-c", "rufer", "-d", "A", "-w", "C", "-t", "40", "-k", "mordkontra"],
        _pts(32, -32, 32, -32),
        None,
    ),
    # "Sechserdreier +2/−4" [PAGAT via HT §9.8] lost: 4 to each, A −12.
    (
        "pg-sechserdreier-lost",
        "pagat",
        ["-c", "sechserdreier", "-d", "A", "-t", "30"],
        _pts(-12, 4, 4, 4),
        None,
    ),
    # "Solodreier 8" [PAGAT via HT §9.8] won; an announced Pagat (2, doubled in the solo: 4)
    # made with a Kontra (×2): 8 + 8 = 16 from each, A +48.
    (
        "pg-solodreier-pagat-announced-kontra",
        "pagat",
        ["-c", "solodreier", "-d", "A", "-t", "40", "-b", "pagat,declarers,announced,kontra"],
        _pts(48, -16, -16, -16),
        None,
    ),
    # "legal to call your own king" [PAGAT via HT §9.8]: A plays the Rufer 1 alone, won: +3.
    (
        "pg-own-king",
        "pagat",
        ["-c", "rufer", "-d", "A", "--own-king", "-t", "40"],
        _pts(3, -1, -1, -1),
        None,
    ),
    # "Bettel 3" [PAGAT via HT §9.8] won, B's own Kontra: B pays 6, C and D 3: A +12.
    (
        "pg-bettler-won-kontra-b",
        "pagat",
        ["-c", "bettler", "-d", "A", "--won", "-k", "B=kontra"],
        _pts(12, -6, -3, -3),
        None,
    ),
    # "Piccolo ouvert 5" [PAGAT via HT §9.8] lost: A −15.
    (
        "pg-piccolo-ouvert-lost",
        "pagat",
        ["-c", "piccolo_ouvert", "-d", "A", "--lost"],
        _pts(-15, 5, 5, 5),
        None,
    ),
    # -- gametwist ---------------------------------------------------------------------------
    # Six threes: "a basic score of 12 in case the player loses" [GT]: A −36.
    (
        "gt-six-threes-lost",
        "gametwist",
        ["-c", "sechserdreier", "-d", "A", "-t", "30"],
        _pts(-36, 12, 12, 12),
        None,
    ),
    # Solo three = 6 × 2 = 12 [GT "Solo games are worth twice as much (premiums are doubled as
    # well)"], a silent Pagat 1 × 2 = 2: 14 from each, A +42.
    (
        "gt-solo-three-silent-pagat",
        "gametwist",
        ["-c", "solodreier", "-d", "A", "-t", "40", "-b", "pagat,declarers"],
        _pts(42, -14, -14, -14),
        None,
    ),
    # Solo caller 4 with a silent Valat: "All premiums are also doubled (even the Valat)" [GT],
    # the profile's reading (D11): 4 × 4 × 2 = 32 each.
    (
        "gt-solo-caller-silent-valat",
        "gametwist",
        ["-c", "solorufer", "-d", "A", "-w", "C", "-b", "valat,declarers"],
        _pts(32, -32, 32, -32),
        None,
    ),
    # "unless a silent Valat is worth less than the game without the Valat (in which case the
    # silent Valat is ignored)" [GT]: Caller 2 + announced Uhu 4 + announced Pelican 6 = 12 >
    # Valat 2 × 4 = 8: 12 each.
    (
        "gt-silent-valat-worth-less",
        "gametwist",
        [
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "C",
            "-b",
            "valat,declarers",
            "-b",
            "uhu,declarers,announced",
            "-b",
            "kakadu,declarers,announced",
        ],
        _pts(12, -12, 12, -12),
        None,
    ),
    # Bettler (4, GT's table missing: koenigrufen's) won with the one Contra to the game GT
    # allows ("a Contra to the game itself … Bettler and Piccolo"): 8 from each, A +24.
    (
        "gt-bettler-contra",
        "gametwist",
        ["-c", "bettler", "-d", "A", "--won", "-k", "kontra"],
        _pts(24, -8, -8, -8),
        None,
    ),
    # Caller 2 lost with a Recontra: "Each Contra/ Recontra/ Subcontra to the game doubles the
    # score" [GT]: 2 × 4 = 8 each.
    (
        "gt-caller-lost-recontra",
        "gametwist",
        ["-c", "rufer", "-d", "A", "-w", "C", "-t", "30", "-k", "rekontra"],
        _pts(-8, 8, -8, 8),
        None,
    ),
    # Trischaken 2 [GT]: "The players with the most points … pay the score to the other two"
    # (D22: the two highest each pay 2 to each of the two lowest); "If the first in hand loses
    # … s/he pays twice as much": A (Forehand, 30) pays 4 to each of C and D, B (20) pays 2 to
    # each. The talon is out of play (65 card points in the tricks).
    (
        "gt-trischaken-forehand-loses",
        "gametwist",
        ["-c", "trischaken", "-t", "A=30", "-t", "B=20", "-t", "C=10", "-t", "D=5"],
        _pts(-8, -4, 6, 6),
        None,
    ),
    # -- tirol, wien -------------------------------------------------------------------------
    # [TIR20 6)] in a Valat "zählen alle Verlaufsprämien (Vögel, Fänge, Ultimo), aber keine
    # Bestandsprämien (Trull, Könige, Säcke)"; the fixed Valat 10 "zusätzlich zum Spiel": Rufer
    # 1 + Valat 10 + Mondfang 1 = 12, the Trull nothing.
    (
        "tirol-valat-trick-bonuses-only",
        "tirol",
        [
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "C",
            "-b",
            "valat,declarers",
            "-b",
            "mondfang,declarers",
            "-b",
            "trull,declarers",
        ],
        _pts(12, -12, 12, -12),
        None,
    ),
    # Solorufer 2, a silent Mondfang 1 doubled ([TIR20 3)] "Alle Zusätze zählen doppelt"): 4 each.
    (
        "tirol-solorufer-silent-mondfang",
        "tirol",
        ["-c", "solorufer", "-d", "A", "-w", "C", "-t", "40", "-b", "mondfang,declarers"],
        _pts(4, -4, 4, -4),
        None,
    ),
    # A Rufer lost to a Valat of the Defenders, the game kontra'd: game 1 + Valat 10 [WTC20
    # Prämien] = 11 each way; "Wurde das Spiel bei einem stillen Valat kontriert, so zählt das
    # Kontra nicht" [WTC20 § Prämien]: the money is 11 too.
    (
        "wien-defenders-silent-valat-kontra-void",
        "wien",
        ["-c", "rufer", "-d", "A", "-w", "C", "-k", "kontra", "-b", "valat,defenders"],
        _pts(-11, 11, -11, 11),
        None,
    ),
    # Farbendreier 5 with a silent Valat (the Valat counts in the suit games [WTC20 § Farbspiele]):
    # 5 + 10 = 15 from each, A +45.
    (
        "wien-farbendreier-silent-valat",
        "wien",
        ["-c", "farbendreier", "-d", "A", "-b", "valat,declarers"],
        _pts(45, -15, -15, -15),
        None,
    ),
    # Kakadurufer = Rufer 1 + the announced Kakadu 6, with a silent Valat 10; "Alle anderen
    # Prämie werden gewertet" [WTC20 § Prämien]: 1 + 10 + 6 = 17 each.
    (
        "wien-kakadurufer-silent-valat",
        "wien",
        [
            "-c",
            "kakadurufer",
            "-d",
            "A",
            "-w",
            "C",
            "-b",
            "valat,declarers",
            "-b",
            "kakadu,declarers,announced",
        ],
        _pts(17, -17, 17, -17),
        None,
    ),
]

# Zwanzigerrufen, Simplified Scoring [CTT]: the winners add, the losers add nothing.
SIMPLIFIED: list[tuple[str, list[str], dict[str, int]]] = [
    # Solo 4 won with 50 and an announced Pagat made (2); [CTT] prints no bonus doubling in the
    # Solo: the soloist adds 4 + 2 = 6.
    (
        "zr-solo-pagat-announced",
        ["-c", "solo", "-d", "A", "-t", "50", "-b", "pagat,declarers,announced"],
        _pts(6, 0, 0, 0),
    ),
    # Solo lost with 40 (45 needed); the soloist's announced Pagat fails with a Kontra on it
    # ("a failed announcement pays the other side double"): each Defender adds 4 + 2 × 2 = 8.
    (
        "zr-solo-lost-pagat-kontra",
        ["-c", "solo", "-d", "A", "-t", "40", "-b", "pagat,declarers,announced,lost,kontra"],
        _pts(0, 8, 8, 8),
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
    assert sum(sheet.values()) == 0  # zero-sum
    assert data.get("payout", data["victory_points"]) == (money if money is not None else sheet)


@pytest.mark.parametrize(("options", "sheet"), [h[1:] for h in SIMPLIFIED], ids=[h[0] for h in SIMPLIFIED])
def test_worked_zwanzigerrufen_hand(options: list[str], sheet: dict[str, int]) -> None:
    result = runner.invoke(app, ["score", "-P", "zwanzigerrufen", *SEATS, *options, "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["victory_points"] == sheet


def test_pagat_refuses_a_defenders_announcement_without_a_kontra() -> None:
    # [PAGAT via CTK] "a defender may only announce a bonus if they also make some kontra": a
    # Defenders' Trull announced with no Kontra said is refused (exit 1), naming the rule.
    result = runner.invoke(
        app,
        [
            "score",
            "-P",
            "pagat",
            *SEATS,
            "-c",
            "rufer",
            "-d",
            "A",
            "-w",
            "C",
            "-t",
            "40",
            "-b",
            "trull,defenders,announced",
        ],
    )
    assert result.exit_code == 1
    assert "defender_announce_requires_kontra" in result.stderr
