"""What ``--explain`` says of an argued hand: the card points and the line they were held
against, the sources once as numbered notes, the players' words (no profile key or value as it
stands in a file), nobody paying under Simplified Scoring, German quotation marks."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, get_args

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.io.inputs import load_profile
from tarockscore.render.hand import explain, score_table
from tarockscore.rules import profile as profiles
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.scoring import score_hand

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.toml"))
SCORED = [p for p in GOLDEN if not tomllib.loads(p.read_text(encoding="utf-8"))["expected"].get("error")]


def _explained(case: dict[str, Any], language: str) -> str:
    profile = load_profile(case["profile"], case.get("profile_overrides"))
    score = score_hand(parse_hand(case["hand"], profile), profile)
    with i18n.language(language):
        return explain(score, profile)


def cited_by(line: str, text: str) -> str:
    """The source line of ``text`` that the last citation number on ``line`` points to."""
    number = re.findall(r"\[(\d+)\]", line)
    assert number, text
    return next(x for x in text.splitlines() if x.startswith(f"[{number[-1]}] "))


def _file_words() -> set[str]:
    """Every word a profile file writes as a value with an underscore (``zero_sum``), and every
    key path (``settlement.mode``)."""
    words = set(profiles.key_paths())
    for kind in vars(profiles).values():
        for value in get_args(kind):
            if isinstance(value, str) and "_" in value:
                words.add(value)
    return words


@pytest.mark.parametrize("path", SCORED, ids=[p.stem for p in SCORED])
@pytest.mark.parametrize("language", ["en", "de"])
def test_no_explanation_prints_a_profile_key_or_value_as_the_file_has_it(path: Path, language: str) -> None:
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    text = _explained(case, language)
    found = sorted(w for w in _file_words() if re.search(rf"(?<![\w.]){re.escape(w)}(?![\w])", text))
    assert found == [], text
    if language == "de":
        assert '"' not in text, text
    if load_profile(case["profile"], case.get("profile_overrides")).settlement.mode == "simplified":
        said = re.findall(r"\b(?:pays?|paid|payment|zahlt|zahlen|bezahlt)\b", text)
        assert said == [], text


def _rufer(points: str, profile: str = "koenigrufen") -> str:
    case = {
        "profile": profile,
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "card_points": points,
        },
    }
    return _explained(case, "en")


def test_a_rufer_lost_at_35_1_3_names_the_points_and_the_35_2_3_needed() -> None:
    # 35 1/3 is 106 thirds; the declarers need 35 and 2 Blatt, 107 thirds (docs/rules/koenigrufen.md §1.3)
    text = _rufer("35 1/3")
    assert "Result: the declarers lost: 35 1/3 card points, they needed 35 2/3" in text
    text = _rufer("35 2/3")
    assert "Result: the declarers won: 35 2/3 card points, they needed 35 2/3" in text


def test_a_zwanzigerrufen_call_names_the_44_and_the_45() -> None:
    case = {
        "profile": "zwanzigerrufen",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "card_points": 44,
        },
    }
    assert "the declarers lost: 44 card points, they needed 45" in _explained(case, "en")


@pytest.mark.parametrize(("language", "silent"), [("en", "Trull (silent)"), ("de", "Trull (still)")])
def test_a_zwanzigerrufen_trull_is_not_called_silent(language: str, silent: str) -> None:
    # [CTT]: the Trull is "a hand bonus, declared from cards already in one player's hand", spoken
    # in the announcement window: never silent, never announced (bonuses.trull.announce = false).
    hand: dict[str, Any] = {"players": ["Anna", "Bert", "Cilli", "Dani"], "contract": "rufer"}
    hand |= {"declarer": "Anna", "partner": "Cilli", "card_points": 50}
    hand["bonus"] = [{"name": "trull", "side": "defenders"}]
    text = _explained({"profile": "zwanzigerrufen", "hand": hand}, language)
    assert "\n2. Trull\n" in text
    assert silent not in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_revoke_is_explained_in_words_not_by_the_bet_s_name(language: str) -> None:
    # the main rules: a revoke loses the offending side the contract (renonce.rule = "side_loses");
    # the explanation says so in a sentence, never with a bare "note: renonce" under the Call,
    # and cites the rule it follows ([1], the source the result line cites for the revoke)
    case = {
        "profile": "koenigrufen",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "card_points": 50,
            "renonce": "Bert",
        },
    }
    text = _explained(case, language)
    notes = [line.strip() for line in text.splitlines() if line.strip().startswith(("note:", "Hinweis:"))]
    assert notes == [
        "note: Renonce by Bert: the defenders lose the contract and every announced bonus. [1]"
        if language == "en"
        else "Hinweis: Renonce von Bert: die Gegenspieler verlieren das Spiel und jede angesagte Prämie. [1]"
    ]


def test_sources_are_numbered_notes_under_the_arithmetic() -> None:
    text = _rufer("40")
    lines = text.splitlines()
    assert "Settled: Simplified Scoring [1]" in lines and "   base 1 [2]" in lines
    notes = lines[lines.index("Sources:") :]
    assert notes[1].startswith("[1] ") and "[CTK" in notes[1]
    assert notes[2].startswith("[2] ") and "[CTK]" in notes[2]
    above = lines[: lines.index("Sources:")]
    assert not any("CTK" in line or "D4" in line or "docs/rules" in line for line in above)


def test_a_source_cited_twice_is_one_note() -> None:
    # the announced Pagat and the announced King Ultimo are both ×2 for being announced: one
    # source, one note, one number
    case: Any = tomllib.loads(
        (Path(__file__).parent.parent / "examples" / "koenigrufen-call.toml").read_text()
    )
    profile = load_profile("koenigrufen")
    score = score_hand(parse_hand(case, profile), profile)
    text = explain(score, profile)
    notes = text.split("\nSources:\n")[1].splitlines()
    assert len(notes) == len(set(notes))
    assert (
        text.count("×2 announced = 2 [") == 2 and len(set(re.findall(r"announced = 2 (\[\d+\])", text))) == 1
    )


def test_a_trischaken_under_simplified_scoring_says_what_each_writes() -> None:
    # koenigrufen: Trischaken 5 [STC-TB]; Anna, the Forehand, takes 40: the Bürgermeister ×2 and the
    # Forehand who loses ×2 = 20 for each of the three others, who write +20; Anna writes nothing.
    case = {
        "profile": "koenigrufen",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 40, "Bert": 10, "Cilli": 10, "Dani": 10},
        },
    }
    text = _explained(case, "en")
    assert "Trischaken: Anna loses; Bert, Cilli and Dani each write +20" in text
    assert "Card points: Anna 40, Bert 10, Cilli 10, Dani 10" in text
    steps = [line.strip() for line in text.splitlines() if line.startswith("   ")]
    assert steps[:4] == [
        "base 5 [2]",
        "×2 Bürgermeister (40, at least 35 2/3) = 10 [3]",
        "×2 Forehand loses = 20 [4]",
        # who loses: "the player with the most card points loses alone" [OÖ23, WTC19/20]
        "won by Bert, Cilli, Dani; on the sheet: Bert +20, Cilli +20, Dani +20 [5]",
    ]
    assert "pays" not in text and "= 15" not in text and "= 60" not in text


def test_a_trischaken_under_zero_sum_says_who_pays() -> None:
    case = {
        "profile": "ooe-2023",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 30, "Bert": 20, "Cilli": 10, "Dani": 10},
        },
    }
    # OÖ23: Anna, the Forehand, loses: b = 2 to each other player, 6 in all
    text = _explained(case, "en")
    assert "Trischaken: Anna pays 2 to each of Bert, Cilli and Dani" in text
    assert "on the sheet: Anna -6, Bert +2, Cilli +2, Dani +2" in text


def _table_and_explained(case: dict[str, Any], language: str) -> tuple[list[str], str, str]:
    """The one bet's cells of ``score``'s table (each read joined across its wrapped lines), the
    table's lines after its Victory Points, and the explanation, in ``language``."""
    profile = load_profile(case["profile"], case.get("profile_overrides"))
    score = score_hand(parse_hand(case["hand"], profile), profile)
    with i18n.language(language):
        table, text = score_table(score, profile), explain(score, profile)
    lines = table.splitlines()
    totals = next(i for i, line in enumerate(lines) if line.startswith(("Victory", "Punkte")))
    return _cells(table), "\n".join(lines[totals:]), text


def _cells(table: str) -> list[str]:
    """The first bet's cells of a score table, each read joined across its wrapped lines (a table
    of one bet: the lines down to its Victory Points)."""
    lines = table.splitlines()
    starts = [m.start() for m in re.finditer(r"-+", lines[1])]
    totals = next(i for i, line in enumerate(lines) if line.startswith(("Victory", "Punkte")))
    return [
        " ".join(" ".join(line[a:b].strip() for line in lines[2:totals]).split())
        for a, b in zip(starts, [*starts[1:], None], strict=True)
    ]


def _steps(text: str) -> list[str]:
    """The arithmetic of the explanation's bets, each line read whole (folded lines joined)."""
    return [line.strip() for line in text.replace("\n     ", " ").splitlines() if line.startswith("   ")]


@pytest.mark.parametrize(
    ("language", "row", "steps"),
    [
        ("en", ["Trischaken: Anna loses; Bert, Cilli and Dani each write +10", "5", "×2 Forehand loses",
                "10", "Bert, Cilli, Dani", "", "+10", "+10", "+10"],
         ["base 5 [2]", "×2 Forehand loses = 10 [3]",
          "won by Bert, Cilli, Dani; on the sheet: Bert +10, Cilli +10, Dani +10 [4]"]),
        ("de", ["Trischaken: Anna verliert; Bert, Cilli und Dani schreiben je +10", "5", "×2 Vorhand verliert",
                "10", "Bert, Cilli, Dani", "", "+10", "+10", "+10"],
         ["Grundwert 5 [2]", "×2 Vorhand verliert = 10 [3]",
          "gewonnen von Bert, Cilli, Dani; in der Schrift: Bert +10, Cilli +10, Dani +10 [4]"]),
    ],
)  # fmt: skip
def test_a_trischaken_under_simplified_scoring_is_tabled_as_each_writes_it(
    language: str, row: list[str], steps: list[str]
) -> None:
    """koenigrufen: the Trischaken is worth 5 [STC-TB]; the player with the most card points loses
    alone and the others are paid, as the Austrian cups settle it [OÖ23, WTC19/20]
    (docs/rules/settlement.md §5); a losing Forehand, the Trischaker, counts double [OÖ23, WTC19/20].
    Anna, the Forehand, holds 30 of the 70: under Simplified Scoring, where winners add and losers
    add nothing [CTK "Simplified Scoring"], Bert, Cilli and Dani each write 5 × 2 = 10 and Anna
    nothing. The table showed the whole, 5 ×3 ×2 = 30, beside +10 each; both now say 10."""
    case = {
        "profile": "koenigrufen",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 30, "Bert": 20, "Cilli": 15, "Dani": 5},
        },
    }
    cells, totals, text = _table_and_explained(case, language)
    assert cells == row
    assert totals.splitlines()[0].split()[-4:] == ["0", "+10", "+10", "+10"]
    assert _steps(text) == steps
    assert "×3" not in text + " ".join(cells) and "30" not in " ".join(cells[1:]), text


@pytest.mark.parametrize(
    ("language", "row", "split", "steps"),
    [
        ("en", ["Trischaken: Bert pays 2 to each of Anna and Dani", "1",
                "×3 what 3 players would get, shared by Anna and Dani (no trick)", "4", "4", "Anna, Dani",
                "+2", "-4", "", "+2"],
         "note: 3 does not split among 2: shared as 4",
         ["base 1 [2]", "×3 what 3 players would get, shared by Anna and Dani (no trick) = 3 [3]",
          "3 does not split among 2: shared as 4 [3]",
          "won by Anna, Dani; on the sheet: Anna +2, Bert -4, Dani +2"]),
        ("de", ["Trischaken: Bert zahlt je 2 an Anna und Dani", "1",
                "×3 was 3 Spieler bekämen, teilen sich Anna und Dani (kein Stich)", "4", "4", "Anna, Dani",
                "+2", "-4", "", "+2"],
         "Hinweis: 3 lässt sich nicht auf 2 aufteilen: verteilt werden 4",
         ["Grundwert 1 [2]", "×3 was 3 Spieler bekämen, teilen sich Anna und Dani (kein Stich) = 3 [3]",
          "3 lässt sich nicht auf 2 aufteilen: verteilt werden 4 [3]",
          "gewonnen von Anna, Dani; in der Schrift: Anna +2, Bert -4, Dani +2"]),
    ],
)  # fmt: skip
def test_a_zero_sum_trischaken_two_virgins_share_is_the_whole_that_splits(
    language: str, row: list[str], split: str, steps: list[str]
) -> None:
    """The Upper Austrian rules' own case [OÖ23 Trischaken 3 via HT §7.6] (docs/rules/settlement.md
    §5, D29): 35 1/3 against 34 2/3, the two others without a trick. Bert holds the most and loses
    alone (35 1/3 is below the Bürgermeister's 35 2/3, and he is not Forehand): he pays 3b = 3,
    b = 1 [OÖ23 Tarif]; the two virgins share it, and 3 does not split in two, so he pays 4,
    2 to each of Anna and Dani; zero-sum [OÖ23 via HT §7.1]: Bert -4, Anna and Dani +2, Cilli 0.
    The table's value said 3 beside Bert's -4, and the explanation said why only after it."""
    case = {
        "profile": "ooe-2023",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 0, "Bert": "35 1/3", "Cilli": "34 2/3", "Dani": 0},
        },
    }
    cells, totals, text = _table_and_explained(case, language)
    assert cells == row
    assert totals.splitlines()[0].split()[-4:] == ["+2", "-4", "0", "+2"]
    assert totals.splitlines()[-1] == split
    assert _steps(text) == steps


@pytest.mark.parametrize(
    ("language", "steps"),
    [
        ("en", ["base 1 [3]", "×2 Renonce, to each other player = 2 [4]",
                "won by Anna, Cilli, Dani; on the sheet: Anna +2, Cilli +2, Dani +2 [5]"]),
        ("de", ["Grundwert 1 [3]", "×2 Renonce, an jeden anderen Spieler = 2 [4]",
                "gewonnen von Anna, Cilli, Dani; in der Schrift: Anna +2, Cilli +2, Dani +2 [5]"]),
    ],
)  # fmt: skip
def test_a_revoke_in_a_trischaken_under_simplified_scoring_is_each_player_s_part(
    language: str, steps: list[str]
) -> None:
    """A house on ooe-2023 that scores Simplified: a revoker in the Trischaken pays "je 2 Punkte an
    die regulären Spieler" [OÖR25 B.4; OÖ23 Trischaken 4], 2 × the Trischaken's 1 [OÖ23 Tarif];
    under Simplified Scoring [CTK "Simplified Scoring"] each of the three others writes 2 and
    Bert, who revoked, nothing. The arithmetic multiplied in the ×3 of the three paid, = 6."""
    case = {
        "profile": "ooe-2023",
        "profile_overrides": {"settlement": {"mode": "simplified"}},
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 20, "Bert": 30, "Cilli": 15, "Dani": 5},
            "renonce": "Bert",
        },
    }
    cells, totals, text = _table_and_explained(case, language)
    assert cells[1:5] == ["1", steps[1].split(" = ")[0], "2", "2"]
    assert totals.splitlines()[0].split()[-4:] == ["+2", "0", "+2", "+2"]
    assert _steps(text) == steps


def test_german_explanations_quote_as_german_does() -> None:
    text = _rufer("40")
    assert '"Simplified Scoring"' in text
    case = {
        "profile": "koenigrufen",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "card_points": "35 1/3",
        },
    }
    german = _explained(case, "de")
    assert "„Simplified Scoring“" in german and '"' not in german
    assert "Profil „koenigrufen“" in german
    assert "35 1/3" in german and "35 2/3" in german


def test_a_source_naming_pagat_com_keeps_it_in_german() -> None:
    # steiermark keeps Kontra off the score sheet (D1); its source names the other reading's rule
    # sets, pagat.com among them. A web address is no profile key: the German note keeps it.
    case = {
        "profile": "steiermark",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "card_points": 40,
            "kontra": "kontra",
        },
    }
    german = _explained(case, "de")
    assert "andere Lesart: Kontra auf die Punkte (CTK/CTT, pagat.com, GT)" in german


@pytest.mark.parametrize(
    ("language", "result"),
    [
        ("en", "Result: the declarer lost: Renonce by Bert [1]"),
        ("de", "Ergebnis: der Spieler hat verloren: Renonce von Bert [1]"),
    ],
)
def test_a_declarer_who_revokes_loses_by_the_revoke_not_by_his_card_points(
    language: str, result: str
) -> None:
    # koenigrufen: a revoke loses the offending side the contract (renonce.rule = "side_loses",
    # docs/rules/koenigrufen.md §7), whatever its card points: Bert's 40 are no loss against 35 2/3
    case = {
        "profile": "koenigrufen",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "dreier",
            "declarer": "Bert",
            "card_points": 40,
            "renonce": "Bert",
        },
    }
    text = _explained(case, language)
    lines = text.splitlines()
    assert result in lines, text
    assert "40" not in text.split("\n\n")[0], text


def test_a_revoke_as_if_won_says_who_revoked_in_the_result() -> None:
    # ooe-2023: the revoker pays what every other player would have won ([OÖR25 B.4]); nobody
    # won the Dreier, and the result says why
    case = {
        "profile": "ooe-2023",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "dreier",
            "declarer": "Bert",
            "card_points": 40,
            "renonce": "Cilli",
        },
    }
    assert "Result: Renonce by Cilli [1]" in _explained(case, "en").splitlines()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "note: Dani took no trick: Dani collects the value from each other player."),
        ("de", "Hinweis: Dani hat keinen Stich gemacht: Dani kassiert den Wert von jedem anderen Spieler."),
    ],
)
def test_a_tyrolean_virgin_is_the_reason_every_other_player_pays(language: str, said: str) -> None:
    # tirol: "Eine Jungfrau (kein Stich) kassiert sechs Punkte (3 x 2)" [TIR20 5)], 2 from each of
    # the three others (docs/rules/tirol.md §4): Cilli with 10 pays as Anna with 40 does, and the
    # explanation says why
    case = {
        "profile": "tirol",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 40, "Bert": 20, "Cilli": 10, "Dani": 0},
        },
    }
    text = _explained(case, language)
    assert text.count(said) == 1, text


@pytest.mark.parametrize(
    ("language", "each_line", "paid_line"),
    [
        ("en", "×3 Renonce, to each other player = 6", "×3 paid to Anna, Cilli and Dani = 18"),
        ("de", "×3 Renonce, an jeden anderen Spieler = 6", "×3 an Anna, Cilli und Dani gezahlt = 18"),
    ],
)
def test_a_trischaken_renonce_says_its_multiple_once(language: str, each_line: str, paid_line: str) -> None:
    # WTC20 (profile wien): the Trischaken is worth 2; a revoker pays "je sechs Punkte", 3 × 2, to
    # each of the three others, 18 in all. The factor reads as the others do: ×3 and its reason,
    # the number not said a second time in the words.
    case = {
        "profile": "wien",
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 20, "Bert": 20, "Cilli": 20, "Dani": 10},
            "renonce": "Bert",
        },
    }
    factors = [
        line.strip() for line in _explained(case, language).splitlines() if line.strip().startswith("×")
    ]
    assert [re.sub(r" \[\d+\]$", "", line) for line in factors] == [each_line, paid_line]


def test_a_trischaken_on_the_sheet_names_the_receivers_in_seat_order() -> None:
    # OÖ23: hand 2 of an evening seated Anna, Bert, Cilli, Dani: Anna deals, Bert is Forehand and
    # loses with 30 1/3: b = 1, ×2 as Forehand = 2 to each other player. The heading and the factor
    # name the three as the sheet's columns do, Anna first, not in the deal's order from Bert.
    profile = load_profile("ooe-2023")
    hand: HandInput = {
        "players": ["Bert", "Cilli", "Dani", "Anna"],
        "contract": "trischaken",
        "card_points": {"Anna": 20, "Bert": "30 1/3", "Cilli": 10, "Dani": "9 2/3"},
    }
    score = score_hand(parse_hand(hand, profile), profile)
    text = explain(score, profile, seats=["Anna", "Bert", "Cilli", "Dani"])
    assert "Trischaken: Bert pays 2 to each of Anna, Cilli and Dani" in text, text
    assert "×3 Anna, Cilli and Dani each" in text, text


@pytest.mark.parametrize(
    ("profile", "source"),
    [
        # [OÖ23 Trischaken 3 via HT §7.6]: the loser pays 3b, "one virgin takes the whole 3b";
        # Bert with 50 is Bürgermeister (b = 2) and Cilli and Dani, without a trick, share his 6
        ("ooe-2023", "one virgin takes the whole"),
        # [WTC20 § Trischaken]: "Erzielt ein Spieler keinen Stich ('Jungfrau'), erhält er alle zu
        # verteilenden Punkte"
        ("wien", "Jungfrau"),
        ("koenigrufen", "a player without a trick takes what every other player would get"),
    ],
)
def test_a_virgin_s_whole_payment_cites_the_virgins_rule_not_the_losers(profile: str, source: str) -> None:
    case = {
        "profile": profile,
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 20, "Bert": 50, "Cilli": 0, "Dani": 0},
        },
    }
    text = _explained(case, "en")
    factor = next(line for line in text.splitlines() if "shared by Cilli and Dani (no trick)" in line)
    number = re.findall(r"\[(\d+)\]", factor)
    assert len(number) == 1, factor
    cited = next(line for line in text.splitlines() if line.startswith(f"[{number[0]}] "))
    assert source in cited and "loses alone" not in cited, cited


@pytest.mark.parametrize(
    ("profile", "words", "source"),
    [
        # [CTK] Valat: "No bonus is scored in a Valat hand"
        ("koenigrufen", "In a Valat hand no bonus is scored", '[CTK] "No bonus is scored in a Valat hand"'),
        # [OÖ23 via HT]: only announced bonuses count in a Valat hand (D10)
        ("ooe-2023", "In a Valat hand only announced bonuses are scored", "[OÖ23 via HT]"),
        ("gametwist", "In a Valat hand no bonus is scored", "[GT]"),
        # [TIR20 6)] "zählen alle Verlaufsprämien …, aber keine Bestandsprämien (Trull, Könige, Säcke)"
        ("tirol", "only the bonuses made in a trick are scored", "[TIR20 6)]"),
        # [WTC20 § Prämien] "Ein stiller Valat inkludiert die stille Trull und die stillen Könige"
        ("wien", "a silent material bonus is part of the Valat", "[WTC20 § Prämien]"),
        # [STC via CTK] "a Valat cancels a Kontra on the contract"
        ("steiermark", "A Valat cancels the Kontra on the contract", "[STC via CTK]"),
    ],
)
def test_a_valat_hand_s_note_cites_the_rule_it_follows(profile: str, words: str, source: str) -> None:
    # a Rufer with every trick to Anna and Cilli, a Kontra on the game and a silent Trull beside it
    case = {
        "profile": profile,
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "kontra": "kontra",
            "bonus": [{"name": "valat", "side": "declarers"}, {"name": "trull", "side": "declarers"}],
        },
    }
    text = _explained(case, "en")
    (line,) = [x for x in text.splitlines() if words in x and not x.startswith("[")]
    number = line.rsplit("[", 1)[-1].rstrip("]")
    assert number.isdigit(), text
    cited = next(x for x in text.splitlines() if x.startswith(f"[{number}] "))
    assert source in cited, text


def test_a_silent_valat_left_uncounted_cites_gametwist_s_rule() -> None:
    # [GT] "if the game would be worth more without a Valat, then a silent Valat is not counted" (D12)
    case = tomllib.loads((GOLDEN[0].parent / "gt_silent_valat_below_game_with_birds.toml").read_text("utf-8"))
    text = _explained(case, "en")
    (line,) = [
        x for x in text.splitlines() if "is worth less than the game" in x or "so it is not counted" in x
    ]
    cited = cited_by(line, text)
    assert "[GT]" in cited and "silent Valat is not counted" in cited, text


CALL = {
    "players": ["Anna", "Bert", "Cilli", "Dani"],
    "contract": "rufer",
    "declarer": "Anna",
    "partner": "Cilli",
}


@pytest.mark.parametrize(
    ("profile", "hand", "words", "source"),
    [
        # D13: a failed silent bonus scores nothing; each profile's own source for it
        ("ooe-2023", {"bonus": [{"name": "pagat", "made": False}]}, "Pagat silent and lost", "[ÖF21 via HT]"),
        ("steiermark", {"bonus": [{"name": "pagat", "made": False}]}, "Pagat silent and lost", "[CTK"),
        ("tirol", {"bonus": [{"name": "pagat", "made": False}]}, "Pagat silent and lost", "[TIR20 6)]"),
        ("wien", {"bonus": [{"name": "pagat", "made": False}]}, "Pagat silent and lost", "[WTC20"),
        (
            "zwanzigerrufen",
            {"card_points": 50, "bonus": [{"name": "pagat", "made": False}]},
            "Pagat silent and lost",
            "[CTT]",
        ),
        # [GT] "otherwise the other team wins it" is printed for the trick premiums only
        ("gametwist", {"bonus": [{"name": "trull", "made": False}]}, "Trull silent and lost", "[GT]"),
        # D18: a solo call with the called King in the talon voids every Kontra
        (
            "ooe-2023",
            {"contract": "solorufer", "partner": None, "called_king": "talon", "kontra": "kontra"},
            "every Kontra is void",
            "[OÖ23 Allg. 7]",
        ),
        (
            "wien",
            {"contract": "solorufer", "partner": None, "called_king": "talon", "kontra": "kontra"},
            "every Kontra is void",
            "[WTC20 § Ruferspiele]",
        ),
    ],
    ids=["ooe", "steiermark", "tirol", "wien", "zwanzigerrufen", "gametwist", "ooe-talon", "wien-talon"],
)
def test_a_note_on_a_bet_not_scored_cites_the_profile_s_source(
    profile: str, hand: dict[str, Any], words: str, source: str
) -> None:
    given = {"card_points": 40, **CALL, **hand}
    case = {"profile": profile, "hand": {k: v for k, v in given.items() if v is not None}}
    text = _explained(case, "en")
    (line,) = [x for x in text.splitlines() if words in x and not x.startswith("[")]
    cited = cited_by(line, text)
    assert source in cited, text


@pytest.mark.parametrize(
    ("profile", "points", "words", "source"),
    [
        # the Forehand tied for the most card points loses alone: [OÖ23], [WTC20 § Trischaken]
        ("koenigrufen", {"Anna": 30, "Bert": 30, "Cilli": 6, "Dani": 4}, "loses alone", "[OÖ23"),
        ("steiermark", {"Anna": 30, "Bert": 30, "Cilli": 6, "Dani": 4}, "loses alone", "[OÖ23"),
        ("ooe-2023", {"Anna": 30, "Bert": 30, "Cilli": 6, "Dani": 4}, "loses alone", "[OÖ23]"),
        ("wien", {"Anna": 30, "Bert": 30, "Cilli": 6, "Dani": 4}, "loses alone", "[WTC20 § Trischaken]"),
        # [TIR20 5)] "Eine Jungfrau (kein Stich) kassiert sechs Punkte (3 x 2)"
        ("tirol", {"Anna": 10, "Bert": 36, "Cilli": 24, "Dani": 0}, "collects the value", "[TIR20 5)]"),
    ],
    ids=["koenigrufen", "steiermark", "ooe-2023", "wien", "tirol-virgin"],
)
def test_a_dodge_round_s_note_cites_the_profile_s_source(
    profile: str, points: dict[str, int], words: str, source: str
) -> None:
    case = {
        "profile": profile,
        "hand": {"players": list(points), "contract": "trischaken", "card_points": points},
    }
    text = _explained(case, "en")
    (line,) = [x for x in text.splitlines() if words in x and not x.startswith("[")]
    cited = cited_by(line, text)
    assert source in cited, text


def test_a_kontra_on_a_trischaken_counted_in_the_money_only_is_each_player_s_part() -> None:
    """A house on ooe-2023 that scores Simplified and lets a Kontra be said in the Trischaken (the
    Calling the King Expansions' "Dodge Round: higher stakes": each Kontra doubles the value once
    more [CTK]), which counts in the money only [OÖ23 Allg. 5]. Bert holds the most and loses
    alone: each other player writes the Trischaken's 1 [OÖ23 Tarif] and is paid 1 × 2 = 2. The
    explanation said "on the score sheet 3, in the payout 6", the whole beside each one's part."""
    case = {
        "profile": "ooe-2023",
        "profile_overrides": {"settlement": {"mode": "simplified"}, "kontra": {"dodge_round": True}},
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": {"Anna": 20, "Bert": 30, "Cilli": 15, "Dani": 5},
            "kontra": "kontra",
        },
    }
    cells, totals, text = _table_and_explained(case, "en")
    assert cells[1:5] == ["1", "×2 Kontra on the Trischaken", "1", "2"]
    assert [line.split()[-4:] for line in totals.splitlines() if line.startswith(("Victory", "Payout"))] == [
        ["+1", "0", "+1", "+1"],
        ["+2", "0", "+2", "+2"],
    ]
    assert "on the score sheet 1, in the payout 2" in _steps(text)


@pytest.mark.parametrize(
    ("language", "row", "steps"),
    [
        ("en", ["Trischaken: Toni pays 12 to Gusti", "1",
                "×3 what 3 players would get, taken by Gusti (no trick), "
                "×2 Bürgermeister (36 1/3, at least 35 2/3), ×2 Forehand loses",
                "12", "12", "Gusti", "-12", "", "", "+12"],
         ["base 1 [2]", "×3 what 3 players would get, taken by Gusti (no trick) = 3 [3]",
          "×2 Bürgermeister (36 1/3, at least 35 2/3) = 6 [4]", "×2 Forehand loses = 12 [5]",
          "won by Gusti; on the sheet: Toni -12, Gusti +12"]),
        ("de", ["Trischaken: Toni zahlt 12 an Gusti", "1",
                "×3 was 3 Spieler bekämen, nimmt Gusti (kein Stich), "
                "×2 Bürgermeister (36 1/3, mindestens 35 2/3), ×2 Vorhand verliert",
                "12", "12", "Gusti", "-12", "", "", "+12"],
         ["Grundwert 1 [2]", "×3 was 3 Spieler bekämen, nimmt Gusti (kein Stich) = 3 [3]",
          "×2 Bürgermeister (36 1/3, mindestens 35 2/3) = 6 [4]", "×2 Vorhand verliert = 12 [5]",
          "gewonnen von Gusti; in der Schrift: Toni -12, Gusti +12"]),
    ],
)  # fmt: skip
def test_the_upper_austrian_trischaken_example_reads_as_worked_by_hand(
    language: str, row: list[str], steps: list[str]
) -> None:
    """examples/ooe-2023-trischaken.toml, worked in its header from [OÖ23 via HT §7.6]
    (docs/rules/settlement.md §5): Toni, the Forehand (×2) and Bürgermeister with 36 1/3 (×2),
    loses alone: b = 1 × 2 × 2 = 4, 3b = 12, all of it to Gusti, who took no trick; zero-sum
    [OÖ23 via HT §7.1]: Toni -12, Gusti +12. The table broke the Bürgermeister's line between
    "at least 35" and "2/3", a figure read as 35 and a third on a line of its own."""
    example = str(Path(__file__).parent.parent / "examples" / "ooe-2023-trischaken.toml")
    table = CliRunner().invoke(app, ["--lang", language, "score", example])
    said = CliRunner().invoke(app, ["--lang", language, "score", "--explain", example])
    assert table.exit_code == said.exit_code == 0, table.output + said.output
    assert _cells(table.output) == row
    assert "35 2/3)," in table.output and not re.search(r" 35\n", table.output), table.output
    assert _steps(said.output) == steps


@pytest.mark.parametrize(
    ("card_points", "english", "german"),
    [
        # Bert alone has the most card points and loses alone [OÖ23]: one against three
        (
            {"Anna": 20, "Bert": 30, "Cilli": 15, "Dani": 5},
            "Trischaken: Bert loses to Anna, Cilli and Dani",
            "Trischaken: Bert verliert gegen Anna, Cilli und Dani",
        ),
        # golden CH-TRI-GROUP-TWO-TIED: Bert and Cilli tie at 25 and lose, two against two
        (
            {"Anna": 12, "Bert": 25, "Cilli": 25, "Dani": 8},
            "Trischaken: Bert and Cilli lose to Anna and Dani",
            "Trischaken: Bert und Cilli verlieren gegen Anna und Dani",
        ),
        # golden CH-TRI-GROUP-VIRGIN: Dani took no trick and wins alone, three against one
        (
            {"Anna": 15, "Bert": 30, "Cilli": 25, "Dani": 0},
            "Trischaken: Anna, Bert and Cilli lose to Dani",
            "Trischaken: Anna, Bert und Cilli verlieren gegen Dani",
        ),
    ],
)
def test_a_group_trischaken_s_verb_follows_its_losers(
    card_points: dict[str, int], english: str, german: str
) -> None:
    # [CH] jbytheway/konig trischaken.cpp: the losers and the others settle as two groups, one bet
    # (ooe-2023 with trischaken.payment = "group", as the golden CH-TRI-GROUP cases); one loser was
    # said "Bert lose to …"
    case = {
        "profile": "ooe-2023",
        "profile_overrides": {"trischaken": {"payment": "group"}},
        "hand": {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "trischaken",
            "card_points": card_points,
        },
    }
    assert f"1. {english}\n" in _explained(case, "en")
    assert f"1. {german}\n" in _explained(case, "de")
