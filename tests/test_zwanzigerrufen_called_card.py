"""Zwanzigerrufen calls the XX, not a King, and deals no talon (docs/rules/zwanzigerrufen.md §1,
§2: "no talon … the called card can never lie in a talon"; "Forehand calls the XX; if he holds it,
the XIX, and so on"). A hand that puts the called card in the talon is refused with that reason,
and a hand without a partner is not told to give the talon."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from tarockscore.cli.app import app

runner = CliRunner()
SEATS = ["-P", "zwanzigerrufen", "-p", "Anna,Bert,Cilli,Dani", "-c", "rufer", "-d", "Anna", "-t", "50"]
REASON = (
    "'talon': in Zwanzigerrufen the declarer calls the XX (or, when he holds it, the next lower tarock "
    "he lacks), not a King, and 'zwanzigerrufen' deals no talon (game.talon = false): the called card "
    "cannot lie in one; name its holder as the partner"
)
GRUND = (
    "'talon': im Zwanzigerrufen ruft der Spieler den Zwanziger (XX; hat er ihn selbst, den "
    "nächstniedrigeren Tarock, der ihm fehlt), keinen König, und unter 'zwanzigerrufen' gibt es "
    "keinen Talon: die gerufene Karte kann nicht im Talon liegen; ihren "
    "Besitzer als Partner angeben"
)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def test_a_hand_file_with_the_called_card_in_the_talon_is_told_there_is_none(tmp_path: Path) -> None:
    hand = tmp_path / "hand.toml"
    hand.write_text(
        'contract = "rufer"\nplayers = ["Anna", "Bert", "Cilli", "Dani"]\ndeclarer = "Anna"\n'
        'called_king = "talon"\ncard_points = 50\n',
        encoding="utf-8",
    )
    result = run("score", "-P", "zwanzigerrufen", str(hand))
    assert result.exit_code == 1
    assert result.stderr == f"error: {hand}:4: called_king: {REASON}\n"
    german = run("--lang", "de", "score", "-P", "zwanzigerrufen", str(hand))
    assert german.exit_code == 1
    assert german.stderr == f"Fehler: {hand}:4: called_king: {GRUND}\n"


def test_the_short_form_s_talon_is_told_the_same() -> None:
    result = run("score", *SEATS, "--talon")
    assert result.exit_code == 1
    assert result.stderr == f"error: command line: --talon: {REASON} (-w NAME)\n"
    german = run("--lang", "de", "score", *SEATS, "--talon")
    assert german.stderr == f"Fehler: Kommandozeile: --talon: {GRUND} (-w NAME)\n"


def test_a_rufer_without_its_partner_is_not_offered_the_talon() -> None:
    result = run("score", *SEATS)
    assert result.exit_code == 1
    assert result.stderr == (
        "error: command line: -w NAME: missing: rufer is played with the holder of the called card; name them (-w NAME)\n"
    )
    german = run("--lang", "de", "score", *SEATS)
    assert german.stderr == (
        "Fehler: Kommandozeile: -w NAME: fehlt: der Rufer wird mit dem Besitzer der gerufenen Karte gespielt; "
        "ihn nennen (-w NAME)\n"
    )


def test_koenigrufen_still_offers_the_talon() -> None:
    result = run("score", "-p", "Anna,Bert,Cilli,Dani", "-c", "rufer", "-d", "Anna", "-t", "50")
    assert result.stderr == (
        "error: command line: -w NAME: missing: rufer is played with the holder of the called card; "
        "name them (-w NAME), or give --talon\n"
    )


def test_a_rufer_with_the_declarer_s_own_card_is_told_what_zwanzigerrufen_calls_instead() -> None:
    """docs/rules/zwanzigerrufen.md §2: "Forehand calls the XX; if he holds it, the XIX, and so on;
    holding XX to XVI he must play a Solo": there is no King of one's own to call."""
    result = run("score", *SEATS, "--own-king")
    assert result.exit_code == 1
    assert result.stderr == (
        "error: command line: --own-king: 'own': in Zwanzigerrufen the declarer who holds the XX calls "
        "the next lower tarock he lacks, and holding XX to XVI plays a Solo; the Rufer needs a partner (-w NAME)\n"
    )
    german = run("--lang", "de", "score", *SEATS, "--own-king")
    assert german.stderr == (
        "Fehler: Kommandozeile: --own-king: 'own': im Zwanzigerrufen ruft der Spieler, der den Zwanziger "
        "(XX) selbst hat, den nächstniedrigeren Tarock, der ihm fehlt, und wer XX bis XVI hat, spielt ein "
        "Solo; der Rufer braucht einen Partner (-w NAME)\n"
    )


def test_the_call_is_forehands_alone(tmp_path: Path) -> None:
    """[CTT]: "P1, the Forehand, plays the Call and has called the XX"; [TAROCKWELT] "Forehand calls
    the XX" (docs/rules/zwanzigerrufen.md §2): a Call with Bert as declarer while Anna is Forehand
    was scored as if Bert had called; it is refused, naming the Forehand, and the ledger is kept."""
    ledger = tmp_path / "z.toml"
    made = run("new", "-p", "Anna,Bert,Cilli,Dani", "-P", "zwanzigerrufen", "--ledger", str(ledger))
    assert made.exit_code == 0, made.output
    before = ledger.read_bytes()
    for lang, said in (
        ("en", "-d Bert: 'Bert' is not the Forehand: under 'zwanzigerrufen' only the first in hand ('Anna')"),
        ("de", "-d Bert: 'Bert' ist nicht Vorhand: unter 'zwanzigerrufen' darf nur die Vorhand ('Anna')"),
    ):
        asked = ["-c", "rufer", "-d", "Bert", "-w", "Cilli", "-t", "50", "--ledger", str(ledger)]
        refused = run("--lang", lang, "record", *asked)
        assert refused.exit_code == 1 and said in refused.stderr, refused.output
    assert ledger.read_bytes() == before
    # Anna, Forehand of hand 1, calls Cilli's XX and her side takes 50 of 88: each adds 1 [CTT].
    hand = ["-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "50", "--ledger", str(ledger)]
    played = run("record", *hand)
    assert played.exit_code == 0, played.output
    rows = {line.split()[0]: line.split()[1] for line in played.stdout.splitlines()[3:7]}
    assert rows == {"Anna": "+1", "Bert": "0", "Cilli": "+1", "Dani": "0"}
