"""``rescore`` under rules that would not have allowed a hand's bidding: the question it answers
is "what would our hands pay under those tariffs", so every hand is scored, the hands whose
bidding those rules forbid are named, and it exits 0; only writing such an evening is refused."""

from __future__ import annotations

from pathlib import Path

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
