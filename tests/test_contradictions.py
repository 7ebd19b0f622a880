"""Input that contradicts itself is refused, never settled by the order it was typed in."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.entry.shortform import parse_bonus
from tarockscore.errors import Collector

runner = CliRunner()
CALL = ["score", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "B", "-t", "40"]
BETTLER = ["score", "-c", "bettler", "-p", "A,B,C,D", "-d", "A", "--lost"]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("spec", "first", "second"),
    [
        ("pagat,announced,silent", "announced", "silent"),
        ("pagat,s,ann", "s", "ann"),
        ("pagat,declarers,defenders", "declarers", "defenders"),
        ("pagat,x,d", "x", "d"),
        ("pagat,made,lost", "made", "lost"),
        ("pagat,failed,m", "failed", "m"),
    ],
)
def test_bonus_flags_that_exclude_each_other_are_refused(spec: str, first: str, second: str) -> None:
    code, out, err = run(*CALL, "-b", spec)
    assert code == 2 and out == ""
    assert f"--bonus {spec!r}: {first!r} and {second!r} contradict each other" in err


def test_the_same_flag_twice_with_the_same_value_is_harmless() -> None:
    code, _, err = run(*CALL, "-b", "pagat,announced,ann,made,m")
    assert code == 0, err


def test_two_kontra_steps_on_one_bonus_are_refused() -> None:
    code, _, err = run(*CALL, "-b", "pagat,announced,kontra,rekontra")
    assert code == 2
    assert "'rekontra': the bonus already has the Kontra step 'kontra'" in err


@pytest.mark.parametrize(("words", "step"), [("re,retour", "rekontra"), ("gespritzt,Kontra", "kontra")])
def test_two_words_for_the_same_kontra_step_are_one_step(words: str, step: str) -> None:
    """koenigrufen's aliases (profiles/koenigrufen.toml: retour, re = rekontra; gespritzt = kontra):
    two words for one step say it once; the hand scores as the step itself."""
    code, out, err = run(*CALL, "--json", "-b", f"pagat,announced,{words}")
    assert code == 0, err
    assert out == run(*CALL, "--json", "-b", f"pagat,announced,{step}")[1]


def test_an_unknown_bonus_flag_is_named_with_the_allowed_ones() -> None:
    # koenigrufen plays Kontra and Rekontra (ceiling "rekontra"); the flag list is the short form's.
    code, _, err = run(*CALL, "-b", "pagat,xyz")
    assert code == 2
    assert "--bonus 'pagat,xyz': 'xyz' is not a bonus flag" in err
    assert "announced/ann/a/angesagt, silent/s/still" in err and "'kontra'" in err and "'rekontra'" in err
    assert "silent bonus cannot be doubled" not in err


def test_a_near_miss_flag_gets_a_hint() -> None:
    code, _, err = run(*CALL, "-b", "pagat,anounced")
    assert code == 2 and "did you mean 'announced'" in err


def test_contra_ad_personam_twice_for_one_defender_is_refused() -> None:
    code, _, err = run(*BETTLER, "-k", "B=rekontra", "-k", "B=kontra")
    assert code == 2
    assert "--kontra: 'B' is given twice, 'rekontra' and 'kontra'" in err


def test_contra_ad_personam_repeated_alike_is_accepted() -> None:
    code, _, err = run(*BETTLER, "-k", "B=kontra", "-k", "B=kontra")
    assert code == 0, err


def test_card_points_twice_for_one_player_are_refused() -> None:
    code, _, err = run("score", "-c", "trischaken", "-p", "A,B,C,D", "-t", "A=10", "-t", "A=20", "-t", "B=20")
    assert code == 2 and "--points: 'A' is given twice, '10' and '20'" in err


def test_a_bonus_given_many_times_is_said_once() -> None:
    code, _, err = run(*CALL, *["-b", "pagat"] * 5000)
    assert code == 1
    assert err == "error: command line: -b pagat: 'pagat' is entered twice\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-c", "rufer", "-c", "dreier"], "-c 'rufer' and -c 'dreier' contradict each other"),
        (["--contract=rufer", "-cdreier"], "--contract 'rufer' and -c 'dreier' contradict each other"),
        (["-c", "bettler", "--won", "--lost"], "--won and --lost contradict each other"),
        (["-c", "rufer", "-d", "A", "-d", "C"], "-d 'A' and -d 'C' contradict each other"),
    ],
)
def test_a_single_option_given_twice_differently_is_refused(args: list[str], message: str) -> None:
    code, out, err = run("score", "-p", "A,B,C,D", *args)
    assert code == 2 and out == ""
    assert message in err


def test_kontra_then_re_typed_as_said_asks_for_the_step_the_contract_reached() -> None:
    # "Kontra", then "Re": the contract carries one step, the last said [CTK "Kontra … Rekontra"]
    code, out, err = run(*CALL, "-k", "kontra", "-k", "re")
    assert (code, out) == (2, "")
    assert err == (
        "error: --kontra: given more than once; the contract takes the last step said (--kontra re);"
        " per Defender in a negative contract write --kontra NAME=STEP\n"
    )


def test_the_language_given_twice_differently_is_refused() -> None:
    code, out, err = run("--lang", "de", "--lang", "en", "settle")
    assert code == 2 and out == ""
    assert "--lang 'de'" in err and "--lang 'en'" in err


def test_the_language_of_the_run_and_of_serve_are_two_options() -> None:
    code, _, err = run("--lang", "de", "serve", "--lang", "en", "--port", "x")
    assert "--lang" not in err, err


def test_a_single_option_repeated_alike_is_accepted() -> None:
    code, _, err = run(*CALL, "-c", "rufer")
    assert code == 0, err
    # the card points and the Kontra too, as -c: a line typed twice says one thing
    code, out, err = run(*CALL, "-t", "40", "-k", "kontra", "-k", "kontra", "--json")
    assert code == 0, err
    assert json.loads(out) == json.loads(run(*CALL, "-k", "kontra", "--json")[1])


_EXCLUSIVE = [("announced", "silent"), ("declarers", "defenders"), ("made", "lost")]
_SYNONYMS = {
    "announced": ["announced", "ann", "a"],
    "silent": ["silent", "s"],
    "declarers": ["declarers", "decl", "d"],
    "defenders": ["defenders", "def", "x"],
    "made": ["made", "m"],
    "lost": ["lost", "failed", "l"],
}


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_contradiction_is_never_accepted(data: st.DataObject) -> None:
    """Any two words that set one key differently, among any other flags, in any order."""
    first, second = data.draw(st.sampled_from(_EXCLUSIVE))
    if data.draw(st.booleans()):
        first, second = second, first
    words = [data.draw(st.sampled_from(_SYNONYMS[first])), data.draw(st.sampled_from(_SYNONYMS[second]))]
    others = [w for pair in _EXCLUSIVE if first not in pair for w in _SYNONYMS[pair[0]]]
    words += data.draw(st.lists(st.sampled_from([*others, "kontra"]), max_size=3, unique=True))
    words = data.draw(st.permutations(words))
    problems = Collector()
    parse_bonus(",".join(["pagat", *words]), problems, "--bonus", ["kontra", "rekontra"])
    assert any("contradict each other" in p.message for p in problems.problems)


def test_own_king_in_the_short_form_where_the_profile_allows_it() -> None:
    # pagat: calling one's own King is allowed [PAGAT via HT §9.8]; the declarer plays 1 v 3:
    # Rufer 1 won, zero-sum: Anna +3, each Defender −1.
    code, out, err = run(
        "score", "-P", "pagat", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "--own-king", "-t", "40", "--json"
    )
    assert code == 0, err
    assert '"A": 3' in out and '"B": -1' in out


def test_own_king_refused_where_the_profile_forbids_it() -> None:
    code, _, err = run("score", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "--own-king", "-t", "40")
    assert code == 1
    assert "--own-king: 'own': profile 'koenigrufen' does not allow calling one's own King" in err


def test_talon_and_own_king_contradict() -> None:
    code, _, err = run(
        "score", "-P", "pagat", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "--own-king", "--talon"
    )
    assert code == 2 and "--talon: and --own-king contradict each other" in err


@pytest.mark.parametrize(
    ("step", "hint"),
    [
        ("reekontra", " (did you mean 'rekontra'?)"),  # a typo of this ladder's step
        ("rekontr", " (did you mean 'rekontra'?)"),
        ("mordkontra", ""),  # pagat's ×32 step, no typo of Rekontra: koenigrufen's ladder has none
        ("hirschkontra", ""),
    ],
)
def test_a_kontra_step_is_hinted_at_only_for_a_typo_of_the_ladders_own(step: str, hint: str) -> None:
    code, _, err = run(*CALL, "-k", step)
    assert code == 1
    assert err.rstrip("\n").endswith(
        f"'{step}' is not a Kontra step; 'koenigrufen' plays 'kontra', 'rekontra'{hint}"
    )


def test_partner_equal_to_declarer_hints_at_own_king() -> None:
    code, _, err = run(
        "score", "-P", "pagat", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "A", "-t", "40"
    )
    assert code == 1 and "a declarer who called his own King gives --own-king" in err


def test_bonus_flags_in_german() -> None:
    """The table's words: angesagt / still, gemacht / verloren, Spieler / Gegner, in any case."""
    code, out, err = run(*CALL, "--json", "-b", "Pagat,Angesagt,Verloren,Gegner")
    assert code == 0, err
    german = json.loads(out)
    code, out, err = run(*CALL, "--json", "-b", "pagat,announced,lost,defenders")
    assert code == 0, err
    assert german == json.loads(out)
    code, _, err = run(*CALL, "-b", "uhu,angesagt,still")
    assert code == 2 and "'angesagt' and 'still' contradict each other" in err


def test_an_option_given_twice_differently_is_refused_in_the_runs_language() -> None:
    # the options listed with the reader's "and"; a value typed as "on" keeps its quotes
    result = runner.invoke(app, ["--lang", "de", "new", "-p", "A,B,C,D", "--place", "on", "--place", "off"])
    assert result.exit_code == 2
    assert result.stderr == (
        "Fehler: --place 'on' und --place 'off' widersprechen einander: nur einmal angeben\n"
    )


def test_a_bonus_after_a_refused_one_is_refused_at_its_own_flag() -> None:
    # GameTwist's Absolut goes only to a side with at least 45 1/3 card points ([GT]); the
    # declarers have 36. The first -b is misspelt: each problem is said at the flag that gave it.
    args = ["-P", "gametwist", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "C", "-t", "36"]
    code, _out, err = run("score", *args, "-b", "pagatt", "-b", "absolut")
    assert code == 1
    assert "-b pagatt: 'pagatt' is not a bonus of profile 'gametwist'" in err
    assert "-b absolut: the declarers have 36 card points" in err


# GameTwist's Honneurs: "at least 5 of the 7 honours (Kings, Trull cards) in one team's tricks"
# [GT] (docs/rules/koenigrufen.md §3.1). A Trull made by one side holds the Sküs, XXI and I, the Four
# Kings all four Kings: the other side keeps 4, or 3, of the seven honours, never the 5.
GT_CALL = ["score", "-P", "gametwist", "-c", "rufer", "-p", "A,B,C,D", "-d", "A", "-w", "C", "-t", "40"]


@pytest.mark.parametrize(
    ("first", "second", "named"),
    [
        ("trull", "honneurs,defenders", "-b honneurs,defenders"),
        ("honneurs,defenders", "four_kings,announced", "-b four_kings,announced"),
        ("trull,defenders", "honneurs", "-b honneurs"),
    ],
)
def test_honneurs_beside_a_trull_or_the_kings_of_the_other_side_are_refused(
    first: str, second: str, named: str
) -> None:
    code, out, err = run(*GT_CALL, "-b", first, "-b", second)
    assert (code, out) == (1, ""), err
    assert f"error: command line: {named}: " in err
    assert "'honneurs' made by the" in err and ("'trull' made by" in err or "'four_kings' made by" in err)


def test_honneurs_beside_the_other_sides_trull_are_refused_in_german() -> None:
    code, _out, err = run("--lang", "de", *GT_CALL, "-b", "trull", "-b", "honneurs,Gegner")
    assert code == 1
    assert err == (
        "Fehler: Kommandozeile: -b honneurs,Gegner: Honneurs der Gegenseite neben Trull der Spielerseite:"
        " keine Verteilung der Karten gibt beides, zusammen brauchen sie 8 der 7 Honneurs (die vier Könige"
        " und die drei Trullstücke)\n"
    )


def test_a_trull_and_the_kings_of_two_sides_are_one_deal() -> None:
    # the Trull's 3 honours and the 4 Kings are the 7: one side each, no Honneurs for either.
    # The Caller 2 [GT "Basic score 2"], zero-sum: A and C +2 each; the Trull and the Kings, 1 each
    # (docs/rules/koenigrufen.md §3.1), cancel out.
    code, out, err = run(*GT_CALL, "-b", "trull", "-b", "four_kings,defenders", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["victory_points"] == {"A": 2, "B": -2, "C": 2, "D": -2}
    # the Honneurs and the Trull for one side: 5 of the 7, the Trull's 3 among them
    code, out, err = run(*GT_CALL, "-b", "trull", "-b", "honneurs", "--json")
    assert (code, err) == (0, "")
