"""``rescore`` under rules that would not have allowed a hand's bidding: the question it answers
is "what would our hands pay under those tariffs", so every hand is scored, the hands whose
bidding those rules forbid are named, and it exits 0; only writing such an evening is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tarockscore.cli.app import app

runner = CliRunner()


def test_a_sechserdreier_bid_by_another_player_is_scored_and_named(tmp_path: Path) -> None:
    ledger = str(tmp_path / "l.toml")
    assert runner.invoke(app, ["new", "-p", "A,B,C,D", "--ledger", ledger]).exit_code == 0
    # Hand 1: B, second in hand, bids the Sechserdreier, which koenigrufen lets anyone bid, and
    # wins with 40: B adds 5 [CTK]. Hand 2: a Call by C with A, won with 40: +1 each.
    for hand in (["-c", "sechserdreier", "-d", "B"], ["-c", "rufer", "-d", "C", "-w", "A"]):
        assert runner.invoke(app, ["record", *hand, "-t", "40", "--ledger", ledger]).exit_code == 0
    before = Path(ledger).read_bytes()
    result = runner.invoke(app, ["rescore", "-P", "gametwist", "--ledger", ledger])
    assert result.exit_code == 0, result.stderr
    # GameTwist ([GT], zero-sum): Six threes 6 won, the lone winner gets it from each of the
    # three: B +18, A, C, D −6 each; the Caller 2, each loser pays it: C, A +2, B, D −2.
    # Totals: A −4, B +16, C −4, D −8.
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()[2:6]}
    assert rows == {
        "A": ["1", "-4", "-5"],
        "B": ["5", "16", "+11"],
        "C": ["1", "-4", "-5"],
        "D": ["0", "-8", "-8"],
    }
    # the hand by its number, the rule in the players' words ([GT] "Only the first in hand can
    # call this game"), no profile key
    assert "hand 1: under gametwist only the Forehand may play a Sechserdreier (scored all the same)" in (
        result.stdout.splitlines()
    )
    assert "bidders" not in result.stdout and "'forehand'" not in result.stdout
    assert Path(ledger).read_bytes() == before
    # Written, the evening would hold a hand its profile refuses: that stays refused.
    written = runner.invoke(app, ["rescore", "-P", "gametwist", "--write", "--ledger", ledger])
    assert written.exit_code == 1
    assert "'B' is not the Forehand: under 'gametwist' only the first in hand" in written.stderr
    assert Path(ledger).read_bytes() == before


def test_the_hands_whose_bidding_is_not_allowed_are_named_in_german(tmp_path: Path) -> None:
    ledger = str(tmp_path / "l.toml")
    assert runner.invoke(app, ["new", "-p", "A,B,C,D", "--ledger", ledger]).exit_code == 0
    record = ["record", "-c", "sechserdreier", "-d", "B", "-t", "40", "--ledger", ledger]
    assert runner.invoke(app, record).exit_code == 0
    result = runner.invoke(app, ["--lang", "de", "rescore", "-P", "gametwist", "--ledger", ledger])
    assert result.exit_code == 0, result.stderr
    # the game by its German name, the rule in words: no profile key in a German sentence
    assert "Spiel 1: bei gametwist darf nur die Vorhand einen Sechserdreier spielen (trotzdem gewertet)" in (
        result.stdout.splitlines()
    )
    assert "contracts." not in result.stdout


def test_an_evening_is_not_rescored_under_the_rules_of_another_game(tmp_path: Path) -> None:
    """A Königrufen hand has no meaning under Zwanzigerrufen: there the XX is called and the card
    points are counted otherwise (docs/rules/zwanzigerrufen.md §2). Before, a Call won with 40
    was taken as a Zwanzigerrufen Call and scored lost, with only a warning."""
    ledger = tmp_path / "l.toml"
    assert runner.invoke(app, ["new", "-p", "A,B,C,D", "--ledger", str(ledger)]).exit_code == 0
    hand = ["record", "-c", "rufer", "-d", "A", "-w", "B", "-t", "40", "--ledger", str(ledger)]
    assert runner.invoke(app, hand).exit_code == 0
    before = ledger.read_bytes()
    for lang, said, in_season in (
        (
            "en",
            "--profile: profile 'zwanzigerrufen' is for zwanzigerrufen and this evening is koenigrufen",
            f"--rescore: {ledger}: profile 'zwanzigerrufen' is for zwanzigerrufen and this evening is koenigrufen: "
            "a hand is scored only under the rules of its own game; choose a koenigrufen profile",
        ),
        (
            "de",
            "--profile: Profil 'zwanzigerrufen' ist für Zwanzigerrufen und dieser Abend ist Königrufen",
            f"--rescore: {ledger}: Profil 'zwanzigerrufen' ist für Zwanzigerrufen und dieser Abend ist Königrufen",
        ),
    ):
        for write in ([], ["--write"]):
            args = ["--lang", lang, "rescore", "-P", "zwanzigerrufen", *write, "--ledger", str(ledger)]
            result = runner.invoke(app, args)
            assert result.exit_code == 1, result.output
            assert said in result.stderr
        season = runner.invoke(app, ["--lang", lang, "season", str(ledger), "--rescore", "zwanzigerrufen"])
        assert season.exit_code == 1 and in_season in season.stderr, season.output
    assert ledger.read_bytes() == before


def test_a_season_of_two_games_is_refused_without_advising_a_rescore(tmp_path: Path) -> None:
    paths = []
    for name, profile in (("k.toml", "koenigrufen"), ("z.toml", "zwanzigerrufen")):
        paths.append(str(tmp_path / name))
        made = runner.invoke(app, ["new", "-p", "A,B,C,D", "-P", profile, "--ledger", paths[-1]])
        assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["season", *paths])
    assert result.exit_code == 1
    assert "these ledgers are of different games" in result.stderr
    assert "k.toml" in result.stderr and "z.toml" in result.stderr
    assert "rescore every hand" not in result.stderr


def test_a_rescore_under_the_evenings_own_profile_names_its_two_columns_apart(tmp_path: Path) -> None:
    """Rescored under its own profile (or a club's file changed under its old name), the stored and
    the re-scored totals were two columns of one name, 'koenigrufen,koenigrufen', which a script
    reading the CSV by its header cannot tell apart. A Call by A with B won with 40: +1 each [CTK]."""
    ledger = str(tmp_path / "l.toml")
    assert runner.invoke(app, ["new", "-p", "A,B,C,D", "--ledger", ledger]).exit_code == 0
    hand = ["record", "-c", "rufer", "-d", "A", "-w", "B", "-t", "40", "--ledger", ledger]
    assert runner.invoke(app, hand).exit_code == 0
    csv = runner.invoke(app, ["rescore", "-P", "koenigrufen", "--csv", "--ledger", ledger])
    assert csv.exit_code == 0, csv.output
    assert csv.stdout.splitlines() == [
        "player,koenigrufen (stored),koenigrufen (re-scored),difference",
        "A,1,1,0",
        "B,1,1,0",
        "C,0,0,0",
        "D,0,0,0",
    ]
    table = runner.invoke(app, ["--lang", "de", "rescore", "-P", "koenigrufen", "--ledger", ledger])
    assert table.stdout.splitlines()[0].split() == [
        "Spieler",
        "koenigrufen",
        "(gespeichert)",
        "koenigrufen",
        "(neu",
        "gerechnet)",
        "Unterschied",
    ]


def test_a_profile_named_as_a_column_of_the_rescore_csv_is_told_apart(tmp_path: Path) -> None:
    """A club's profile file named `difference` (or `player`) gave the rescore CSV two columns of
    that name, 'player,koenigrufen,difference,difference': its two profiles' columns read
    NAME (stored) and NAME (re-scored), as where the two have one name. The Call by A with B won
    with 40 is +1 each under both [CTK]: the club's file changes nothing."""
    ledger = str(tmp_path / "l.toml")
    assert runner.invoke(app, ["new", "-p", "A,B,C,D", "--ledger", ledger]).exit_code == 0
    hand = ["record", "-c", "rufer", "-d", "A", "-w", "B", "-t", "40", "--ledger", ledger]
    assert runner.invoke(app, hand).exit_code == 0
    for name in ("difference", "player"):
        club = tmp_path / f"{name}.toml"
        club.write_text('extends = "koenigrufen"\n', encoding="utf-8")
        csv = runner.invoke(app, ["rescore", "-P", str(club), "--csv", "--ledger", ledger])
        assert csv.exit_code == 0, csv.output
        assert csv.stdout.splitlines()[:2] == [
            f"player,koenigrufen (stored),{name} (re-scored),difference",
            "A,1,1,0",
        ]


def test_a_contract_the_profile_has_not_is_named_at_the_option_and_the_hand(tmp_path: Path) -> None:
    """An Uhurufer of a Viennese evening (profile wien) has no meaning under koenigrufen, which has
    no such contract: the error named the ledger's keys ("hand 1: entry: contract"), where the user
    gave --profile (or --rescore) and knows the hand by its number."""
    ledger = str(tmp_path / "w.toml")
    assert runner.invoke(app, ["new", "-p", "A,B,C,D", "-P", "wien", "--ledger", ledger]).exit_code == 0
    hand = ["record", "-c", "uhurufer", "-d", "A", "-w", "B", "-t", "40", "-b", "uhu,announced"]
    assert runner.invoke(app, [*hand, "--ledger", ledger]).exit_code == 0
    said = "hand 1: 'uhurufer' is not a contract of profile 'koenigrufen'"
    for write in ([], ["--write"]):
        result = runner.invoke(app, ["rescore", "-P", "koenigrufen", *write, "--ledger", ledger])
        assert result.exit_code == 1
        assert result.stderr.startswith(f"error: --profile: {said}; choose one of")
    season = runner.invoke(app, ["season", ledger, "--rescore", "koenigrufen"])
    assert season.exit_code == 1 and season.stderr.startswith(f"error: --rescore: {ledger}: {said}")
    german = runner.invoke(app, ["--lang", "de", "rescore", "-P", "koenigrufen", "--ledger", ledger])
    assert german.stderr.startswith("Fehler: --profile: Spiel 1: 'uhurufer' ist kein Spiel des Profils")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bird_call_the_other_profile_lacks_is_pointed_to_its_besserrufer(tmp_path: Path, lang: str) -> None:
    # An Uhurufer under wien ([WTC20 Spiele]: Uhurufer 5 = Rufer 1 + the announced Uhu 4) has no
    # contract of its name under koenigrufen, which plays it as the Besserrufer with the bird
    # announced (docs/rules/koenigrufen.md §4: besserrufer 1 + the bird, D19). The advice was
    # "did you mean 'rufer'", a Call without its bird; a Zwiccolo was "did you mean 'piccolo'".
    ledger = str(tmp_path / "l.toml")
    assert runner.invoke(app, ["new", "-p", "A,B,C,D", "-P", "wien", "--ledger", ledger]).exit_code == 0
    hand = ["-c", "uhurufer", "-d", "A", "-w", "C", "-t", "40", "-b", "uhu:announced:made"]
    assert runner.invoke(app, ["record", *hand, "--ledger", ledger]).exit_code == 0
    result = runner.invoke(app, ["--lang", lang, "rescore", "-P", "koenigrufen", "--ledger", ledger])
    advice = {
        "en": "(profile 'koenigrufen' plays it as 'besserrufer', its bird announced: 'uhu')",
        "de": "(im Profil 'koenigrufen' ist das ein Besserrufer, der Vogel angesagt: Uhu)",
    }[lang]
    assert result.exit_code == 1 and result.stderr.rstrip().endswith(advice), result.stderr
    assert "'rufer'?" not in result.stderr and "Rufer?" not in result.stderr
    zwiccolo = ["--lang", lang, "score", "-c", "zwiccolo", "-p", "A,B,C,D", "-d", "A", "--won"]
    result = runner.invoke(app, zwiccolo)
    assert result.exit_code == 1 and "iccolo" not in result.stderr.lower().split("trischaken")[-1]
