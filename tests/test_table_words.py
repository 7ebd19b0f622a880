"""The table's own words and notations (issue 11 §1, §2): names in any case, the German and
English names of contracts, bonuses and Kontra steps, card points as the score block writes
them, a decimal comma in stakes and Austrian dates.

Expected numbers are worked by hand from profiles/koenigrufen.toml, whose values cite their
sources (docs/rules/): a Rufer won adds contracts.rufer.value = 1 to each of the two
declarers; a Kontra doubles it. A card is a third of a point; "35 2" on the score block is 35
points and 2 cards (Blatt), 35 2/3: the Königrufen deck of 70 points is counted in thirds.
"""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.app import app
from tarockscore.errors import Collector
from tarockscore.io.inputs import load_profile, shipped_names
from tarockscore.render.notation import stake_text, table_date
from tarockscore.rules.hand import FORMS, parse_points
from tarockscore.rules.parse import read_card_points
from tarockscore.rules.words import fold
from tests.stored import stored_hands

runner = CliRunner()
TABLE = "Anna,Bert,Cilli,Dani"


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


# -- §1 the players' words ------------------------------------------------------------------------

CONTRACT_WORDS = {
    "Dreier": "dreier",
    "three": "dreier",
    "Solodreier": "solodreier",
    "Solo-Dreier": "solodreier",
    "solo dreier": "solodreier",
    "SOLODREIER": "solodreier",
    "Sechserdreier": "sechserdreier",
    "six threes": "sechserdreier",
    "Six-Threes": "sechserdreier",
    "Bettel": "bettler",
    "Bettler": "bettler",
    "beggar": "bettler",
    "Piccolo": "piccolo",
    "Pikkolo": "piccolo",
    "Farbendreier": "farbendreier",
    "Farbensolo": "farbensolo",
    "Solorufer": "solorufer",
    "solo call": "solorufer",
    "Besserrufer": "besserrufer",
    "A-Rufer": "besserrufer",
    "Trischaken": "trischaken",
    "Trischak": "trischaken",  # [KAPFER] "Der Trischak"
    "Rufer": "rufer",
    "call": "rufer",
}
BONUS_WORDS = {
    "Pagat": "pagat",
    "Pagat ultimo": "pagat",
    "Pagat-Ultimo": "pagat",
    "Uhu": "uhu",
    "Kakadu": "kakadu",
    "Quapil": "quapil",
    "Vierer": "quapil",
    "König ultimo": "king_ultimo",
    "Koenig-Ultimo": "king_ultimo",
    "King Ultimo": "king_ultimo",
    "Trull": "trull",
    "Vier Könige": "four_kings",
    "Alle Könige": "four_kings",
    "alle koenige": "four_kings",
    "4 Könige": "four_kings",
    "4 Kings": "four_kings",
    "Four Kings": "four_kings",
    "Valat": "valat",
}
KONTRA_WORDS = {
    "Kontra": "kontra",
    "gespritzt": "kontra",
    "Contra": "kontra",
    "Rekontra": "rekontra",
    "Retour": "rekontra",
    "RE": "rekontra",
    "Recontra": "rekontra",
    "Subkontra": "subkontra",
    "Subcontra": "subkontra",
}


@pytest.mark.parametrize("profile_name", shipped_names())
def test_every_word_names_its_contract_bonus_or_step_in_every_profile(profile_name: str) -> None:
    """A profile that has the contract, bonus or step knows the table's words for it, the same
    words under every profile."""
    profile = load_profile(profile_name)
    checked = 0
    for word, name in CONTRACT_WORDS.items():
        if name in profile.contracts:
            assert profile.contract_name(word) == name, word
            checked += 1
    for word, name in BONUS_WORDS.items():
        if name in profile.bonuses:
            assert profile.bonus_name(word) == name, word
            checked += 1
    ladder = [step.name for step in profile.kontra.ladder]  # Zwanzigerrufen: no Subkontra
    for word, name in ((w, n) for w, n in KONTRA_WORDS.items() if n in ladder):
        step = profile.step(word)
        assert step is not None and step.name == name, word
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize(
    ("profile", "points", "step", "pagat"),
    [
        # the Pagat announced 1 × 2 [CTK], Recontra ×4 [kontra.ladder[1]]: 8 to Anna and Cilli
        ("koenigrufen", "40", "Recontra", 8),
        # Zwanzigerrufen: announced "pays 2 VP instead of 1" [CTT], Contra ×2: 4 (45 of 88 wins)
        ("zwanzigerrufen", "50", "Contra", 4),
    ],
)
def test_a_bonus_s_kontra_in_the_players_words(profile: str, points: str, step: str, pagat: int) -> None:
    """-b pagat,announced,Recontra reads the step as -k Recontra does: the same words everywhere."""
    args = ["score", "-P", profile, "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Cilli", "-t", points]
    result = run(*args, "-b", f"pagat,announced,{step}", "--json")
    assert result.exit_code == 0, result.stderr
    (line,) = [line for line in json.loads(result.stdout)["lines"] if line["bet"] == "pagat"]
    assert line["value"] == pagat


def test_a_called_premium_is_an_announced_bonus() -> None:
    # [GT] "Called premiums are worth twice this value" (docs/rules/koenigrufen.md §3.2): GameTwist's
    # English word for announced
    args = ["score", "-P", "gametwist", "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Cilli", "-t", "40"]
    called = run(*args, "-b", "pagat,called", "--json")
    announced = run(*args, "-b", "pagat,announced", "--json")
    assert called.exit_code == 0, called.stderr
    assert json.loads(called.stdout) == json.loads(announced.stdout)


def test_a_word_that_names_nothing_is_still_refused() -> None:
    profile = load_profile("koenigrufen")
    assert profile.contract_name("Solodreierr") is None
    assert profile.bonus_name("Vier") is None
    assert profile.step("Mordkontra") is None


def test_folding_drops_case_spaces_hyphens_and_writes_umlauts_out() -> None:
    assert fold("Solo-Dreier") == fold("solo dreier") == fold("SOLODREIER") == "solodreier"
    assert fold("Vier Könige") == fold("vier_koenige") == "vierkoenige"


def test_a_profile_whose_names_fold_alike_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "own.toml"
    path.write_text(
        'extends = "koenigrufen"\nname = "own"\n[contracts.dreier]\naliases = ["Solo-Dreier"]\n',
        encoding="utf-8",
    )
    result = run("profiles", "show", str(path))
    assert result.exit_code == 1
    # told at the alias the file gave, not at the contract it never wrote
    assert (
        "contracts.dreier.aliases[0]: 'solodreier' is already the name of contracts.solodreier"
        in result.stderr
    )


def test_score_takes_the_table_words_in_any_case() -> None:
    """The same hand in the players' words and in the canonical names scores the same."""
    canonical = run(
        "score", "-c", "solodreier", "-p", TABLE, "-d", "Anna", "-t", "40",
        "-b", "pagat,announced,kontra", "-b", "four_kings,defenders", "--json",
    )  # fmt: skip
    spoken = run(
        "score", "-c", "Solo-Dreier", "-p", TABLE, "-d", "anna", "-t", "40",
        "-b", "Pagat ultimo,Announced,gespritzt", "-b", "Vier Könige,Defenders", "--json",
    )  # fmt: skip
    assert canonical.exit_code == 0, canonical.stderr
    assert spoken.exit_code == 0, spoken.stderr
    assert json.loads(spoken.stdout) == json.loads(canonical.stdout)
    words = run(
        "score", "-c", "solo dreier", "-p", TABLE, "-d", "ANNA", "-t", "40",
        "-b", "pagat ultimo announced kontra", "-b", "alle koenige x", "--json",
    )  # fmt: skip
    assert json.loads(words.stdout) == json.loads(canonical.stdout)


@pytest.mark.parametrize(
    ("profile", "hand", "word", "sheet"),
    [
        # [WTC20 Prämien] "4 Könige 1 / 2": the Rufer 1 and the silent Kings 1, zero-sum: ±2.
        (
            "wien",
            'contract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40',
            "4 Könige",
            (2, -2, 2, -2),
        ),
        # The same words under the main rules: the Rufer 1 [CTK] and the silent Kings 1 [STC-TB],
        # Simplified Scoring: the declarers add 2 each.
        (
            "koenigrufen",
            'contract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40',
            "4 Könige",
            (2, 0, 2, 0),
        ),
        # [GT] "4 Kings": the Caller 2 ("Basic score 2") and the silent Kings 1: ±3.
        (
            "gametwist",
            'contract = "rufer"\ndeclarer = "Anna"\npartner = "Cilli"\ncard_points = 40',
            "4 Kings",
            (3, -3, 3, -3),
        ),
        # [TIR20 Zusätze] "1. Sack 1 / 2", "2. Sack 1 / 2" (at 45 2/3 and 55 2/3 [TB]): the Dreier 5
        # [TIR20 Spiele] and the silent Sack 1 from each Defender: Anna +18.
        ("tirol", 'contract = "dreier"\ndeclarer = "Anna"\ncard_points = 60', "1. Sack", (18, -6, -6, -6)),
        ("tirol", 'contract = "dreier"\ndeclarer = "Anna"\ncard_points = 60', "2. Sack", (18, -6, -6, -6)),
    ],
    ids=["wien-4-koenige", "koenigrufen-4-koenige", "gametwist-4-kings", "tirol-1-sack", "tirol-2-sack"],
)
def test_a_bonus_written_as_the_profile_s_own_source_writes_it(
    tmp_path: Path, profile: str, hand: str, word: str, sheet: tuple[int, ...]
) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(
        f'profile = "{profile}"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\n{hand}\n[[bonus]]\nname = "{word}"\n',
        encoding="utf-8",
    )
    result = run("score", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    assert tuple(json.loads(result.stdout)["victory_points"].values()) == sheet


def test_players_in_any_case_in_a_rufer_and_in_contra_ad_personam() -> None:
    # Rufer won with Kontra: 1 × 2 = 2 to Anna and to Cilli [contracts.rufer.value, kontra.ladder[0]].
    result = run(
        "score",
        "-c",
        "RUFER",
        "-p",
        TABLE,
        "-d",
        "anna",
        "-w",
        "cILLI",
        "-t",
        "40",
        "-k",
        "Gespritzt",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["victory_points"] == {"Anna": 2, "Bert": 0, "Cilli": 2, "Dani": 0}
    # Bettler lost (value 4) with Bert's Kontra: Bert +8, Cilli +4, Dani +4 (contra ad personam).
    result = run("score", "-c", "Bettel", "-p", TABLE, "-d", "anna", "--lost", "-k", "bert=KONTRA", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["victory_points"] == {"Anna": 0, "Bert": 8, "Cilli": 4, "Dani": 4}


def test_profiles_show_lists_every_alias() -> None:
    for name in shipped_names():
        profile = load_profile(name)
        shown = run("profiles", "show", name)
        assert shown.exit_code == 0, shown.stderr
        aliases = [a for c in profile.contracts.values() for a in c.aliases]
        aliases += [a for b in profile.bonuses.values() for a in b.aliases]
        for alias in aliases:
            assert alias in shown.stdout, (name, alias)
        for alias in profile.kontra.aliases:
            assert alias in shown.stdout, (name, alias)
        assert "any case" in shown.stdout


def test_names_that_differ_only_by_case_are_refused_at_one_table(tmp_path: Path) -> None:
    path = str(tmp_path / "evening.toml")
    result = run("new", "-p", "Anna,Bert,ANNA,Dani", "--ledger", path)
    assert result.exit_code == 2
    assert "'ANNA', 'Anna' differ only by case" in result.stderr
    assert not Path(path).exists()
    hand = run("score", "-c", "rufer", "-p", "Anna,Bert,anna,Dani", "-d", "Anna", "-w", "Bert", "-t", "40")
    assert hand.exit_code == 1
    assert "differ only by case" in hand.stderr


def test_the_ledger_stores_names_in_the_tables_spelling(tmp_path: Path) -> None:
    path = str(tmp_path / "evening.toml")
    assert run("new", "-p", TABLE, "--ledger", path).exit_code == 0
    result = run("record", "-c", "Rufer", "-d", "anna", "-w", "CILLI", "-t", "40", "--ledger", path)
    assert result.exit_code == 0, result.stderr
    result = run("record", "-c", "bettel", "-d", "bert", "--won", "-k", "dani=Kontra", "--ledger", path)
    assert result.exit_code == 0, result.stderr
    hands = stored_hands(path)
    assert hands[0]["entry"]["declarer"] == "Anna" and hands[0]["entry"]["partner"] == "Cilli"
    assert hands[0]["entry"]["contract"] == "rufer"
    assert hands[1]["entry"]["contract"] == "bettler"
    assert hands[1]["entry"]["kontra"] == {"Dani": "kontra"}
    # players given by hand in another case are the table's
    result = run(
        "record", "-c", "dreier", "-p", "cilli,dani,anna,bert", "-d", "cilli", "-t", "40", "--ledger", path
    )
    assert result.exit_code == 0, result.stderr
    hands = stored_hands(path)
    assert hands[2]["entry"]["players"] == ["Cilli", "Dani", "Anna", "Bert"]


# A bonus's side in a hand file, in every word the short form takes for it (-b trull,Gegner).
SIDE_WORDS = {
    "declarers": "declarers",
    "decl": "declarers",
    "d": "declarers",
    "Spieler": "declarers",
    "defenders": "defenders",
    "def": "defenders",
    "x": "defenders",
    "Gegner": "defenders",
    "Gegenspieler": "defenders",
    "GEGNER": "defenders",
    # the German output's own words for the sides ("die Spielerseite hat gewonnen")
    "Spielerseite": "declarers",
    "Gegenseite": "defenders",
}


@pytest.mark.parametrize(("word", "side"), SIDE_WORDS.items())
def test_a_hand_file_takes_a_bonus_s_side_in_the_short_form_s_words(
    word: str, side: str, tmp_path: Path
) -> None:
    """A Rufer by Anna with Cilli at 40 is won: contracts.rufer.value = 1 to each declarer; a silent
    Trull made adds bonuses.trull.value = 1 to each player of the side that made it (simplified
    scoring: the winners add). The ledger stores the side as the hand file's own word."""
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\n'
        f'partner = "Cilli"\ncard_points = 40\n\n[[bonus]]\nname = "trull"\nside = "{word}"\n',
        encoding="utf-8",
    )
    scored = run("score", str(hand), "--json")
    assert scored.exit_code == 0, scored.stderr
    expected = {
        "declarers": {"Anna": 2, "Bert": 0, "Cilli": 2, "Dani": 0},
        "defenders": {"Anna": 1, "Bert": 1, "Cilli": 1, "Dani": 1},
    }
    assert json.loads(scored.stdout)["victory_points"] == expected[side]
    path = tmp_path / "evening.toml"
    assert run("new", "-p", TABLE, "--ledger", str(path)).exit_code == 0
    recorded = run("record", str(hand), "--ledger", str(path))
    assert recorded.exit_code == 0, recorded.stderr
    assert f'side = "{side}"' in path.read_text(encoding="utf-8")
    assert word == side or f'"{word}"' not in path.read_text(encoding="utf-8")


def test_a_side_the_bonus_is_not_for_is_named_as_the_hand_file_writes_it(tmp_path: Path) -> None:
    # koenigrufen counts the King Ultimo for the declarers only (D33: bonuses.king_ultimo.side)
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\n'
        'partner = "Cilli"\ncard_points = 40\n\n[[bonus]]\nname = "king_ultimo"\nside = "Gegner"\n',
        encoding="utf-8",
    )
    scored = run("score", str(hand))
    assert scored.exit_code == 1
    assert (
        "bonus[0].side: 'Gegner': under 'koenigrufen' the king_ultimo is only the declarers' bonus"
        " (bonuses.king_ultimo.side = 'declarers')\n"
    ) in scored.stderr


def test_a_side_no_word_names_is_refused_with_the_sides(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'players = ["Anna", "Bert", "Cilli", "Dani"]\ncontract = "rufer"\ndeclarer = "Anna"\n'
        'partner = "Cilli"\ncard_points = 40\n\n[[bonus]]\nname = "trull"\nside = "both"\n',
        encoding="utf-8",
    )
    scored = run("score", str(hand))
    assert scored.exit_code == 1
    assert "bonus[0].side: 'both' is not allowed; choose one of" in scored.stderr
    assert "'declarers'" in scored.stderr and "'defenders'" in scored.stderr


# -- §2 the players' notations --------------------------------------------------------------------


@pytest.mark.parametrize("text", ["35 2/3", "35/2", "35 2", " 35  2 ", "107/3", "35⅔"])
def test_card_points_as_the_score_block_writes_them(text: str) -> None:
    assert parse_points(text) == Fraction(107, 3)


@pytest.mark.parametrize(
    "text",
    [
        "35/2 Blatt",
        "35 2 Blatt",
        "35 Punkte 2 Blatt",
        "35 Punkte, 2 Blatt",
        "35 points 2 blatt",
        "35 Pkt. 2 Blatt",
        "35 2/3 Punkte",
        "35⅔ points",
    ],
)
def test_card_points_with_the_word_blatt_as_the_tyrol_rules_write_them(text: str) -> None:
    # "ab 35/2 Blatt" [TIR20 5)], docs/rules/tirol.md §4: 35 points and 2 Blatt, 35 2/3
    assert parse_points(text) == Fraction(107, 3)


@pytest.mark.parametrize(
    ("text", "value"), [("35/1", Fraction(106, 3)), ("35 0", Fraction(35)), ("0/2", Fraction(2, 3))]
)
def test_points_and_blatt(text: str, value: Fraction) -> None:
    assert parse_points(text) == value


@pytest.mark.parametrize("text", ["40 Punkte", "40 Pkt", "40 points", "40 Punkt"])
def test_whole_card_points_with_their_word(text: str) -> None:
    assert parse_points(text) == 40


@pytest.mark.parametrize(
    "text", ["35 3", "35/4", "35.2", "35,2", "35 2 1", "zwei", "2 Blatt", "35 Blatt 2", "Blatt"]
)
def test_other_card_point_forms_are_refused_with_the_accepted_ones(text: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_points(text)
    assert '"35 2/3", "35/2" or "35 2"' in str(info.value)


def test_the_short_form_reads_points_and_blatt() -> None:
    # 35 2/3 is the threshold of the 70-point deck: the declarers win [game.win_threshold].
    a = run("score", "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Cilli", "-t", "35/2", "--json")
    b = run("score", "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Cilli", "-t", "35 2", "--json")
    c = run("score", "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Cilli", "-t", "35 2/3", "--json")
    assert a.exit_code == b.exit_code == c.exit_code == 0, a.stderr + b.stderr
    assert json.loads(a.stdout) == json.loads(b.stdout) == json.loads(c.stdout)
    assert json.loads(a.stdout)["victory_points"]["Anna"] == 1
    d = run("score", "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Cilli", "-t", "35/2 Blatt", "--json")
    assert d.exit_code == 0 and json.loads(d.stdout) == json.loads(a.stdout), d.stderr
    bad = run("score", "-c", "rufer", "-p", TABLE, "-d", "Anna", "-w", "Cilli", "-t", "35/4")
    assert bad.exit_code == 1 and '"35/2" or "35 2"' in bad.stderr


def test_a_count_read_before_is_checked_again_under_each_game_and_type() -> None:
    """An evening repeats its card point counts; each is judged anew where the game or the
    value's type differs: 70 points in thirds for Königrufen, whole points for Zwanzigerrufen
    (docs/rules/koenigrufen.md, docs/rules/zwanzigerrufen.md), and true is no count at all."""
    kr, zr = load_profile("koenigrufen"), load_profile("zwanzigerrufen")
    for _ in range(2):  # the second round reads every count a second time
        ok, bad = Collector(), Collector()
        assert read_card_points("card_points", "35 2/3", kr, ok) == Fraction(107, 3)
        assert read_card_points("card_points", 1, kr, ok) == 1
        assert not ok.problems
        assert read_card_points("card_points", "35 2/3", zr, bad) is None  # whole points only
        assert read_card_points("card_points", True, kr, bad) is None  # 1 was read just before
        assert read_card_points("card_points", 71, kr, bad) is None
        assert read_card_points("card_points", "35 1/2", kr, bad) is None
        assert [p.message for p in bad.problems] == [
            "'35 2/3': zwanzigerrufen counts whole card points only; write a whole number from 0 to 88",
            "true is not a card point count; write " + FORMS,
            "71 is outside 0 to 70",
            "'35 1/2' is not counted in thirds; card points are whole or end in 1/3 or 2/3",
        ]


def test_stake_with_a_decimal_comma_and_an_austrian_date(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    result = run("new", "-p", TABLE, "--stake", "0,10", "--date", "14.03.2025", "--ledger", str(path))
    assert result.exit_code == 0, result.stderr
    table = tomllib.loads(path.read_text(encoding="utf-8"))["table"]
    assert table["stake"] == "0.10" and table["date"] == "2025-03-14"
    settle = run("settle", "--stake", "0,20", "--ledger", str(path))
    assert settle.exit_code == 0, settle.stderr


@pytest.mark.parametrize("text", ["0,10", "0,1", "1,50"])
def test_decimal_comma(text: str) -> None:
    assert stake_text(text) == text.replace(",", ".")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("1,- €", "1.00"),  # whole euros as a German sheet writes them
        ("€ 2,-", "2.00"),
        ("1,–", "1.00"),  # an en dash for the cents
        ("0,10 EUR", "0.10"),  # the currency's code after the amount, or before it
        ("EUR 0,50", "0.50"),
        ("1,- EUR", "1.00"),
        ("€ 0,10", "0.10"),  # as before
        ("0,5", "0.50"),
    ],
)
def test_a_stake_as_a_german_sheet_writes_it(typed: str, stored: str, tmp_path: Path) -> None:
    """docs/german.md: stakes are read the way German money is written; the ledger keeps the
    amount with a dot (docs/ledger-format.md), so its reader never meets these forms."""
    path = tmp_path / "evening.toml"
    result = run("new", "-p", TABLE, "--stake", typed, "--ledger", str(path))
    assert result.exit_code == 0, result.stderr
    assert tomllib.loads(path.read_text(encoding="utf-8"))["table"]["stake"] == stored
    settle = run("settle", "--stake", typed, "--ledger", str(path))
    assert settle.exit_code == 0, settle.stderr
    assert settle.stdout.startswith(f"stake {stored} per Victory Point")


@pytest.mark.parametrize(
    "stake", ["1.000,50", "0,105", ",10", "0,", "1,000", "1,-,-", ",-", "1,- € €", "€", "EUR", "1,-0"]
)
def test_nothing_looser_than_a_decimal_comma(stake: str, tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    result = run("new", "-p", TABLE, "--stake", stake, "--ledger", str(path))
    assert result.exit_code == 2, result.stdout
    assert "--stake" in result.stderr and not path.exists()


@pytest.mark.parametrize(
    "text", ["014.3.2025", "2025-3-14", "20250314", "14/03/2025", "31.02.2025", "14.03.25"]
)
def test_nothing_looser_than_the_two_date_forms(text: str) -> None:
    with pytest.raises(ValueError) as info:
        table_date(text)
    assert "YYYY-MM-DD or DD.MM.YYYY" in str(info.value)


def test_season_dates_in_either_form(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    assert run("new", "-p", TABLE, "--date", "2025-03-14", "--ledger", str(path)).exit_code == 0
    assert (
        run("record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "--ledger", str(path)).exit_code
        == 0
    )
    iso = run("season", str(path), "--from", "2025-03-01", "--to", "2025-03-31", "-f", "json")
    table = run("season", str(path), "--from", "01.03.2025", "--to", "31.03.2025", "-f", "json")
    assert iso.exit_code == 0, iso.stderr
    assert table.stdout == iso.stdout


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [
        ("31.02.2025", "(month 2 of 2025 has 28 days)", "(der Monat 2 des Jahres 2025 hat 28 Tage)"),
        ("2025-13-01", "(there is no month 13)", "(es gibt keinen Monat 13)"),
        ("14.03.0000", "(there is no year 0)", "(es gibt kein Jahr 0)"),
    ],
)
def test_a_date_not_in_the_calendar_says_why_in_the_readers_words(
    text: str, english: str, german: str, tmp_path: Path
) -> None:
    path = tmp_path / "evening.toml"
    said = run("new", "-p", TABLE, "--date", text, "--ledger", str(path))
    assert said.exit_code == 2 and f"--date: '{text}' is not a date {english}" in said.stderr
    gesagt = run("--lang", "de", "new", "-p", TABLE, "--date", text, "--ledger", str(path))
    assert gesagt.exit_code == 2 and f"--date: '{text}' ist kein Datum {german}" in gesagt.stderr
    assert "range" not in gesagt.stderr and "must be" not in gesagt.stderr and not path.exists()
