"""Reading a ledger is checking it: a ledger changed outside tarockscore is never used without a word.

Every command that reads a ledger compares its digest with its content and the stored profile
with its sha256 and name (hashing, not scoring); a mismatch is refused with exit 1, naming the
file, the line, the hand and ``tarockscore repair``, which re-scores the evening from its stored
hands, shows every number that changes and writes it only with ``--write``.

The expected numbers: a Rufer (Call) lost by its declarer side is worth 1 Victory Point to each
Defender under ``koenigrufen`` (Simplified Scoring: losers add nothing), as the profile's
``contracts.rufer.value = 1`` says (docs/rules/koenigrufen.md, the Calling the King rules).
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tarockscore.cli.shell.app import app
from tarockscore.files import ledger_file as F

runner = CliRunner()
TABLE = "Anna,Bert,Cilli,Dani"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def evening(path: Path) -> Path:
    """Three Calls, each lost by Anna's side: every Defender +1 each hand."""
    assert run("new", "-p", TABLE, "--stake", "0.10", "--ledger", str(path)).exit_code == 0
    for partner in ("Bert", "Cilli", "Dani"):
        done = run("record", "-c", "rufer", "-d", "Anna", "-w", partner, "-t", "30", "--ledger", str(path))
        assert done.exit_code == 0, done.stderr
    return path


def tamper_result(path: Path) -> int:
    """Hand 2's stored result for Anna changed by hand; the line of hand 2's table."""
    text = path.read_text(encoding="utf-8")
    heads = [i for i, t in enumerate(text.splitlines(), 1) if t == "[[hand]]"]
    start = text.index("[[hand]]", text.index("[[hand]]") + 1)
    hand2 = text[start:]
    changed = re.sub(r"\nAnna = 0\n", "\nAnna = 7\n", hand2, count=1)
    assert changed != hand2
    path.write_text(text[:start] + changed, encoding="utf-8")
    return heads[1]


def refused(result: Result, path: Path, *needles: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), result.stderr
    assert "`tarockscore repair" in result.stderr, result.stderr
    assert f"{path}:" in result.stderr  # the file and the line
    for needle in needles:
        assert needle in result.stderr, (needle, result.stderr)


READERS = [
    ["show"],
    ["show", "--json"],
    ["show", "--csv"],
    ["settle"],
    ["explain", "1"],
    ["check"],
    ["rescore", "-P", "pagat"],
    ["record", "-c", "rufer", "-d", "Bert", "-w", "Anna", "-t", "40"],
    ["undo"],
    ["delete", "1", "--yes"],
    ["season"],
    ["stats"],
    ["chart", "-o", "-"],
]


def _args(command: list[str], path: Path) -> list[str]:
    if command[0] in ("season", "stats", "chart"):
        return [*command, str(path)]
    return [*command, "--ledger", str(path)]


@pytest.mark.parametrize("command", READERS, ids=[" ".join(c) for c in READERS])
def test_an_edited_result_is_refused_by_every_command(tmp_path: Path, command: list[str]) -> None:
    path = evening(tmp_path / "evening.toml")
    line = tamper_result(path)
    before = path.read_bytes()
    result = run(*_args(command, path))
    refused(result, path, f"{path}:{line}: hand 2: result.victory_points", "stored Anna +7")
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", [["show"], ["settle"], ["season"]])
def test_an_emptied_profile_hash_with_an_edited_price_list_is_refused(
    tmp_path: Path, command: list[str]
) -> None:
    path = evening(tmp_path / "evening.toml")
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'(\[profile\]\nname = "koenigrufen"\nsha256 = )"[0-9a-f]{64}"', r'\1""', text)
    text = re.sub(
        r"(\[profile\.document\.contracts\.rufer\]\n(?:.*\n)*?value = )1\n", r"\g<1>5\n", text, count=1
    )
    path.write_text(text, encoding="utf-8")
    result = run(*_args(command, path))
    refused(result, path, "profile.sha256: empty")


def test_a_profile_name_that_is_not_its_documents_is_refused(tmp_path: Path) -> None:
    path = evening(tmp_path / "evening.toml")
    text = path.read_text(encoding="utf-8").replace(
        '[profile]\nname = "koenigrufen"', '[profile]\nname = "pagat"', 1
    )
    path.write_text(text, encoding="utf-8")
    refused(
        run("show", "--ledger", str(path)),
        path,
        "profile.name: 'pagat', but the stored profile document is named 'koenigrufen'",
    )


def test_a_ledger_without_its_digest_is_refused(tmp_path: Path) -> None:
    path = evening(tmp_path / "evening.toml")
    path.write_text(
        re.sub(r'digest = "[0-9a-f]{64}"\n', "", path.read_text(encoding="utf-8")), encoding="utf-8"
    )
    refused(run("settle", "--ledger", str(path)), path, "digest: no digest")


def documented_digest(text: str) -> str:
    """The digest docs/ledger-format.md gives a ledger's text: the SHA-256 of the canonical JSON
    (keys sorted, no spaces, UTF-8) of the format's name, the table, profile.sha256 and each
    hand's entry and result values (a ledger without stored ids or Radl marks)."""
    data = tomllib.loads(text)
    hands = []
    for hand in data["hand"]:
        result = hand["result"]
        values = [result["victory_points"], result.get("payout"), result.get("won"), result["radl"]]
        hands.append([hand["entry"], values])
    payload = ["tarockscore ledger digest 2", data["table"], data["profile"]["sha256"], hands]
    canonical = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def test_a_sealed_ledger_is_read_as_stored_and_only_check_scores_it_again(tmp_path: Path) -> None:
    """A sealed ledger is read, not re-scored: its digest says the stored results passed the check
    when they were written. Hand 2's result edited to Anna +7 and sealed anew the documented way
    (the digest guards against mistakes, not intent) is what every reading command shows;
    ``check``, which re-scores every hand, names it. A read that re-scored the hands would show
    Anna's 0 here, or refuse the file."""
    path = evening(tmp_path / "evening.toml")
    tamper_result(path)
    text = path.read_text(encoding="utf-8")
    assert documented_digest(text) != tomllib.loads(text)["digest"]  # the edit broke the seal
    path.write_text(
        re.sub(r'(?m)^digest = "[0-9a-f]{64}"$', f'digest = "{documented_digest(text)}"', text, count=1),
        encoding="utf-8",
    )
    before = path.read_bytes()

    # Stored: Anna 0 + 7 + 0; each Defender +1 in the two hands it defended (three lost Calls).
    totals = {"Anna": 7, "Bert": 2, "Cilli": 2, "Dani": 2}
    shown = run("show", "--json", "--ledger", str(path))
    assert shown.exit_code == 0, shown.stderr
    data = json.loads(shown.stdout)
    assert data["hands"][1]["victory_points"] == {"Anna": 7, "Bert": 1, "Cilli": 0, "Dani": 1}
    assert data["totals"] == totals
    settled = run("settle", "--json", "--ledger", str(path))
    assert settled.exit_code == 0, settled.stderr
    # Simplified Scoring: (4 seats x own total - 13, the sum of all totals) x 0.10
    balances = {"Anna": "1.50", "Bert": "-0.50", "Cilli": "-0.50", "Dani": "-0.50"}
    assert json.loads(settled.stdout)["balances"] == balances
    season = run("season", str(path), "--format", "json")
    assert season.exit_code == 0, season.stderr
    standings = json.loads(season.stdout)["standings"]
    assert {row["player"]: row["victory_points"] for row in standings} == totals

    checked = run("check", "--ledger", str(path))
    assert checked.exit_code == 1, (checked.stdout, checked.stderr)
    assert "hand 2: result.victory_points" in checked.stderr and "stored Anna +7" in checked.stderr
    assert path.read_bytes() == before


def test_repair_shows_every_change_and_writes_only_when_asked(tmp_path: Path) -> None:
    path = evening(tmp_path / "evening.toml")
    tamper_result(path)
    tampered = path.read_bytes()
    look = run("repair", "--ledger", str(path))
    assert look.exit_code == 0, look.stderr
    # hand 2: Anna stored +7, re-scored 0 (the declarer side lost: losers add nothing)
    assert re.search(r"^\s*2\s+Anna\s+7\s+0\s+-7$", look.stdout, re.M), look.stdout
    assert re.search(r"^Anna\s+7\s+0$", look.stdout, re.M), look.stdout  # totals stored, re-scored
    assert "nothing was written" in look.stdout
    assert path.read_bytes() == tampered
    done = run("repair", "--write", "--ledger", str(path))
    assert done.exit_code == 0, done.stderr
    assert "re-scored and sealed" in done.stdout
    shown = run("show", "--json", "--ledger", str(path))
    assert shown.exit_code == 0, shown.stderr
    data = json.loads(shown.stdout)
    # three lost Calls: each Defender +1 per hand it defended; Anna (declarer every time) 0
    assert data["totals"] == {"Anna": 0, "Bert": 2, "Cilli": 2, "Dani": 2}
    assert data["audit"][-1]["action"] == "repair" and data["audit"][-1]["detail"].endswith("changed hand 2")
    assert run("check", "--ledger", str(path)).exit_code == 0
    assert F.sealed(F.read(path))


def test_repair_takes_an_edited_price_list_and_shows_what_it_changes(tmp_path: Path) -> None:
    path = evening(tmp_path / "evening.toml")
    text = path.read_text(encoding="utf-8")
    edited = re.sub(
        r"(\[profile\.document\.contracts\.rufer\]\n(?:.*\n)*?value = )1\n", r"\g<1>2\n", text, count=1
    )
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    refused(run("show", "--ledger", str(path)), path, "profile.document: its sha256 is")
    look = run("repair", "--ledger", str(path))
    assert look.exit_code == 0, look.stderr
    # the Call now worth 2: each of the two Defenders' +1 becomes +2, in all three hands
    assert len(re.findall(r"^\s*\d\s+\w+\s+1\s+2\s+\+1$", look.stdout, re.M)) == 6, look.stdout
    assert run("repair", "--write", "--ledger", str(path)).exit_code == 0
    data = json.loads(run("show", "--json", "--ledger", str(path)).stdout)
    assert data["totals"] == {"Anna": 0, "Bert": 4, "Cilli": 4, "Dani": 4}


def test_a_season_refuses_a_bad_ledger_or_leaves_it_out_when_told(tmp_path: Path) -> None:
    good = evening(tmp_path / "a.toml")
    bad = evening(tmp_path / "b.toml")
    tamper_result(bad)
    for command in ("season", "stats"):
        result = run(command, str(tmp_path))
        assert result.exit_code == 1 and result.stdout == ""
        assert "--skip-bad" in result.stderr and f"{bad}:" in result.stderr
        refused = run("--lang", "de", command, str(tmp_path))
        assert "Fehler: oder eine Schrift, die ihre Prüfung nicht besteht, mit --skip-bad" in refused.stderr
        assert "or leave" not in refused.stderr
        result = run(command, str(tmp_path), "--skip-bad")
        assert result.exit_code == 0, result.stderr
        assert f"warning: {bad}: left out (--skip-bad)" in result.stderr
        german = run("--lang", "de", command, str(tmp_path), "--skip-bad")
        assert f"Warnung: {bad}: ausgelassen (--skip-bad): " in german.stderr
        assert "left out" not in german.stderr and "more problem" not in german.stderr
    alone = json.loads(run("season", str(good), "--format", "json").stdout)
    skipped = json.loads(run("season", str(tmp_path), "--skip-bad", "--format", "json").stdout)
    assert skipped["standings"] == alone["standings"]  # the season of the good ledger alone


def test_a_stored_profile_cut_short_is_not_sent_to_repair(tmp_path: Path) -> None:
    # A ledger cut off inside its stored profile (a copy broken off, a disk that filled) still
    # reads as TOML; `repair` takes the stored profile as it stands and cannot build this one,
    # so the way out is the file's copy, not `repair`.
    path = evening(tmp_path / "evening.toml")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if line.startswith("[profile.document.bonuses"))
    path.write_text("".join(lines[:cut]), encoding="utf-8")
    before = path.read_bytes()
    for command in (["show"], ["settle"], ["repair"], ["repair", "--write"]):
        result = run(*command, "--ledger", str(path))
        assert result.exit_code == 1, (command, result.stdout, result.stderr)
        first = result.stderr.splitlines()[0]
        if command[0] == "repair":
            assert "the stored profile does not read as a profile" in first, result.stderr
        else:
            assert "profile.document: its sha256 is" in first, result.stderr
            assert "no longer reads as a profile" in first and "`tarockscore repair` cannot use it" in first
        assert "restore the file from a copy" in first
        assert "bonuses: missing (required)" in result.stderr
        assert "`tarockscore repair` re-scores" not in result.stderr
    assert path.read_bytes() == before


def test_a_wrong_type_is_said_once_not_again_as_what_follows_from_it(tmp_path: Path) -> None:
    path = evening(tmp_path / "evening.toml")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("number = 2\n", 'number = "2"\n', 1), encoding="utf-8")
    result = run("show", "--ledger", str(path))
    assert result.exit_code == 1
    said = [line for line in result.stderr.splitlines() if "hand 2: number" in line]
    assert len(said) == 1 and "'2'" in said[0] and "out of order" not in said[0], result.stderr

    path.write_text(
        re.sub(r'\[table\]\nplayers = \[\n    "Anna",', "[table]\nplayers = [\n    1,", text, count=1),
        encoding="utf-8",
    )
    result = run("show", "--ledger", str(path))
    assert result.exit_code == 1
    said = [line for line in result.stderr.splitlines() if "table.players" in line]
    assert len(said) == 1 and "expected 4 or 5" not in said[0], result.stderr
