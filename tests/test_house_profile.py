"""A round's own profile: a house-rule file that extends a shipped one, its mistakes refused once and
by the key the table wrote, and its numbers explained as the table disputes them."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli.app import app
from tarockscore.errors import HandError, Problem, ProfileError
from tarockscore.io.inputs import load_profile
from tarockscore.render.hand import explain
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import score_hand
from tests.stored import unfolded
from tests.test_kontra_by_defender import result_cells


def test_a_ceiling_that_is_not_a_word_is_refused_once_as_written() -> None:
    # kontra.ceiling names a step of the ladder ("rekontra"); a number is refused for what it is,
    # not a second time as an empty name the table never wrote
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"kontra": {"ceiling": 3}})
    (problem,) = refused.value.problems
    assert "kontra.ceiling: 3 is an integer; expected a string" in problem.render()


def test_a_ladder_of_the_houses_own_drops_the_short_names_of_steps_it_does_not_have(tmp_path: Path) -> None:
    # A round that plays pagat's rules up to Subkontra, as the Styrian cups do ("Sub (achtfach)"),
    # writes its own three steps. pagat's own short names hirsch and mord name steps this ladder
    # no longer has: they go with the steps, where before the file was refused for keys it never
    # wrote (kontra.aliases.hirsch, kontra.aliases.mord) and no file could take them out.
    club = tmp_path / "stammtisch.toml"
    club.write_text(
        'extends = "pagat"\n[kontra]\nceiling = "subkontra"\nladder = [{ name = "kontra", multiplier = 2 }, '
        '{ name = "rekontra", multiplier = 4 }, { name = "subkontra", multiplier = 8 }]\n',
        encoding="utf-8",
    )
    profile = load_profile(str(club))
    assert [s.name for s in profile.kontra.ladder] == ["kontra", "rekontra", "subkontra"]
    assert "hirsch" not in profile.kontra.aliases and "mord" not in profile.kontra.aliases
    assert profile.kontra.aliases["sub"] == "subkontra"  # koenigrufen's, for a step the house plays
    # pagat is zero-sum and a Rufer is worth 1: Sub on it, 1 × 8 = 8 from each Defender
    hand = {
        "players": ["Anna", "Bert", "Cilli", "Dani"],
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": "40",
        "kontra": "sub",
    }
    score = score_hand(parse_hand(cast(HandInput, hand), profile), profile)
    assert score.victory_points == {"Anna": 8, "Bert": -8, "Cilli": 8, "Dani": -8}
    with pytest.raises(HandError, match="hirsch"):
        parse_hand(cast(HandInput, {**hand, "kontra": "hirsch"}), profile)


def test_a_short_name_the_house_gives_itself_for_a_step_it_lacks_is_still_refused(tmp_path: Path) -> None:
    club = tmp_path / "stammtisch.toml"
    club.write_text(
        'extends = "koenigrufen"\n[kontra]\nladder = [{ name = "kontra", multiplier = 2 }, '
        '{ name = "rekontra", multiplier = 4 }]\naliases = { hirsch = "hirschkontra" }\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as refused:
        load_profile(str(club))
    (problem,) = refused.value.problems  # the house's own alias, not koenigrufen's sub = subkontra
    assert "kontra.aliases.hirsch: 'hirschkontra' is not a step of the ladder" in problem.render()


@pytest.mark.parametrize(("language", "denied"), [("en", "not played"), ("de", "nicht gespielt")])
def test_a_step_the_house_plays_is_not_cited_as_not_played(
    tmp_path: Path, language: str, denied: str
) -> None:
    # koenigrufen stops at Rekontra [CTK]; a round that raises its ceiling to Subkontra plays the
    # Styrian cup's "Sub (achtfach)". Its explanation cites that step without saying it is not played.
    club = tmp_path / "stammtisch.toml"
    club.write_text('extends = "koenigrufen"\n[kontra]\nceiling = "subkontra"\n', encoding="utf-8")
    profile = load_profile(str(club))
    hand = {
        "players": ["Anna", "Bert", "Cilli", "Dani"],
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "card_points": "40",
        "kontra": "subkontra",
    }
    score = score_hand(parse_hand(cast(HandInput, hand), profile), profile)
    # Simplified Scoring [CTK]: the Rufer's 1 ×2 Kontra ×2 Rekontra ×2 Subkontra = 8 to each winner
    assert score.victory_points == {"Anna": 8, "Bert": 0, "Cilli": 8, "Dani": 0}
    with i18n.language(language):
        text = explain(score, profile)
    assert "Sub (achtfach)" in text
    assert denied not in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", 'no extends and no schema: a profile of your own starts with extends = "koenigrufen"'),
        ("de", 'weder extends noch schema: ein eigenes Profil beginnt mit extends = "koenigrufen"'),
    ],
)
def test_a_house_file_without_extends_is_told_to_extend_in_one_line(
    tmp_path: Path, language: str, said: str
) -> None:
    # docs/scoring.md: "A profile of your own starts with extends = "koenigrufen" (or any other)
    # and changes a few keys". A file that forgot the first line was refused with every required
    # key of a whole profile, some fifty lines beginning "schema: missing (required)".
    problems = refused_house(tmp_path, '[kontra]\nceiling = "subkontra"\n')
    (problem,) = problems
    with i18n.language(language):
        text = problem.render(i18n.gettext)
    assert said in text and str(tmp_path / "stammtisch.toml") in text


def refused_house(folder: Path, text: str) -> list[Problem]:
    """The problems of a house profile written as ``text`` into the folder, which must refuse it."""
    club = folder / "stammtisch.toml"
    club.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(str(club))
    return list(refused.value.problems)


def _trischaken(profile: Profile, points: dict[str, str]) -> dict[str, int]:
    hand = {"players": list(points), "contract": "trischaken", "card_points": points}
    return dict(score_hand(parse_hand(cast(HandInput, hand), profile), profile).victory_points)


def test_the_other_reading_of_two_tied_in_the_middle_pays_the_lowest_both_shares(tmp_path: Path) -> None:
    # [TIR20 5)] "Die zwei Spieler mit den meisten Punkten zahlen an die beiden anderen je zwei
    # Punkte (2 x 2) … haben die beiden mittleren Spieler gleichviel Punkte, gehen beide leer aus."
    # Read so that the lowest still gets his 2 x 2, all from the highest: Anna 10, Bert 30, Cilli
    # and Dani 15 each: Bert pays Anna 2 × 2 = 4 (zero-sum, as tirol settles); Cilli and Dani 0.
    club = tmp_path / "stammtisch.toml"
    club.write_text('extends = "tirol"\n[trischaken]\nmiddle_tie = "empty_double"\n', encoding="utf-8")
    points = {"Anna": "10", "Bert": "30", "Cilli": "15", "Dani": "15"}
    assert _trischaken(load_profile(str(club)), points) == {"Anna": 4, "Bert": -4, "Cilli": 0, "Dani": 0}
    # tirol's own reading, 2 to the one other left; the middle players' ties (share) elsewhere:
    # two tied at the top both pay (Bert and Cilli 25 each pay Anna and Dani 2 each)
    assert _trischaken(load_profile("tirol"), points) == {"Anna": 2, "Bert": -2, "Cilli": 0, "Dani": 0}
    top = {"Anna": "10", "Bert": "25", "Cilli": "25", "Dani": "10"}
    assert _trischaken(load_profile("tirol"), top) == {"Anna": 4, "Bert": -4, "Cilli": -4, "Dani": 4}


def test_a_middle_tie_word_the_profile_does_not_know_is_refused_naming_key_value_and_words() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile("tirol", {"trischaken": {"middle_tie": "nobody"}})
    (problem,) = refused.value.problems
    assert (
        "trischaken.middle_tie: 'nobody' is not allowed; choose one of 'empty', 'empty_double', 'ties'"
        in problem.render()
    )


def test_two_middle_players_need_as_many_paying_as_receiving() -> None:
    # koenigrufen has the one player with the most card points pay (losers = 1): no two players
    # sit in the middle of the paying places, so the key is refused, not silently ignored
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"trischaken": {"middle_tie": "empty"}})
    (problem,) = refused.value.problems
    text = problem.render()
    assert "trischaken.middle_tie: 'empty'" in text
    assert "trischaken.losers = 1 of the 4 players pay: choose 'ties'" in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Anna, Cilli and Dani tie for the last paying place, which leaves nobody to receive"),
        ("de", "Anna, Cilli und Dani liegen auf dem letzten Zahlplatz gleichauf"),
    ],
)
def test_three_tied_behind_the_highest_are_not_said_to_tie_for_the_most(language: str, said: str) -> None:
    # tirol: "Die zwei Spieler mit den meisten Punkten zahlen" with "Punktegleiche Spieler teilen
    # sich die Punkte" (ties = "share"): Bert 34 and Anna, Cilli and Dani 12 each. The three tied for
    # the second paying place all pay, which leaves nobody to receive; the note said "Every player
    # tied for the most card points", which Bert's 34 belies. It says which tie it was.
    profile = load_profile("tirol")
    points = {"Anna": "12", "Bert": "34", "Cilli": "12", "Dani": "12"}
    hand = {"players": list(points), "contract": "trischaken", "card_points": points}
    scored = score_hand(parse_hand(cast(HandInput, hand), profile), profile)
    with i18n.language(language):
        text = explain(scored, profile)
    assert said in text
    assert "Every player tied" not in text and "Alle liegen" not in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "extends: 'stammtisch.toml' leads back to this profile (stammtisch.toml → stammtisch.toml); "
            "a profile extends a shipped profile ('gametwist', 'koenigrufen',",
        ),
        (
            "de",
            "extends: 'stammtisch.toml' führt zu diesem Profil zurück (stammtisch.toml → stammtisch.toml); "
            "ein Profil erweitert ein mitgeliefertes Profil ('gametwist', 'koenigrufen',",
        ),
    ],
)
def test_a_house_file_that_extends_itself_is_told_at_its_extends_key(
    tmp_path: Path, language: str, said: str
) -> None:
    # A file that names itself in extends was refused as "profile extends itself: stammtisch.toml →
    # stammtisch.toml", naming neither the file nor the key the table wrote, nor what it may name.
    problems = refused_house(tmp_path, 'extends = "stammtisch.toml"\n[kontra]\nceiling = "subkontra"\n')
    (problem,) = problems
    with i18n.language(language):
        text = problem.render(i18n.gettext)
    assert text.startswith(f"{tmp_path / 'stammtisch.toml'}: {said}"), text


def test_two_house_files_that_extend_each_other_are_told_where_the_circle_closes(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('extends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('extends = "a.toml"\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["profiles", "show", str(tmp_path / "a.toml")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert (
        f"error: PROFILE: {tmp_path / 'b.toml'}: extends: 'a.toml' leads back to this profile (a.toml → b.toml → a.toml)"
        in (result.stderr)
    )


@pytest.mark.parametrize(
    ("lang", "line", "column", "undone"),
    [
        ("en", "rufer by Bert with Anna, Hüttenfleck, lost", "hand", " undone: "),
        (
            "de",
            "Rufer von Bert mit Anna, Hüttenfleck, verloren",
            "Spiel",
            " zurückgenommen: ",
        ),
    ],
)
def test_a_hands_line_names_the_huettenfleck_that_makes_it_count_four_times(
    tmp_path: Path, lang: str, line: str, column: str, undone: str
) -> None:
    # A house that plays the Hüttenfleck (kontra.huettenfleck, ×4 [CTK]): Bert's Rufer with Anna,
    # lost with 29 1/3, Kontra said before the talon: each Defender adds 1 × 4 = 4. The line said
    # "kontra" (×2) beside those 4, or nothing at all where only --huettenfleck was given.
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "koenigrufen"\nname = "house"\n[kontra]\nhuettenfleck = true\n', encoding="utf-8"
    )
    ledger = str(tmp_path / "evening.toml")
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, ["--lang", lang, *args, "-l", ledger])
        assert result.exit_code == 0, result.stderr
        return result.stdout

    run("new", "-p", "Anna,Bert,Cilli,Dani", "--profile", str(house))
    hand = ["-c", "rufer", "-d", "Bert", "-w", "Anna", "-t", "29/1", "--huettenfleck"]
    for kontra in ([], ["-k", "kontra"]):
        printed = run("record", *hand, *kontra)
        assert unfolded(printed).splitlines()[0].split(": ", 1)[1].startswith(line + " ("), printed
        assert result_cells(run("show"), column) == [line]
        assert unfolded(run("undo")).splitlines()[0].endswith(undone + line)


def test_a_ceiling_named_by_the_tables_word_for_the_step_is_that_step(tmp_path: Path) -> None:
    # koenigrufen's [kontra] aliases give "sub" for Subkontra, as a hand's kontra takes it; a house
    # raising its ceiling writes the step as the table says it. Subkontra is ×8 of the bet [CTK
    # Kontra]: a Rufer's 1 point under Subkontra is 8, with the two winners +8 each (Simplified).
    club = tmp_path / "club.toml"
    club.write_text('extends = "koenigrufen"\n[kontra]\nceiling = "Sub"\n', encoding="utf-8")
    profile = load_profile(str(club))
    assert [s.name for s in profile.playable_steps] == ["kontra", "rekontra", "subkontra"]
    hand = cast(
        HandInput,
        {
            "players": ["Anna", "Bert", "Cilli", "Dani"],
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "card_points": 40,
            "kontra": "sub",
        },
    )
    result = score_hand(parse_hand(hand, profile), profile)
    assert result.victory_points == {"Anna": 8, "Bert": 0, "Cilli": 8, "Dani": 0}


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "game.huettenfleck: unknown key; allowed here: "),
        ("en", "(a key of [kontra], not of [game]: move it there)"),
        ("de", "(ein Schlüssel von [kontra], nicht von [game]: dorthin verschieben)"),
    ],
)
def test_a_key_of_another_table_says_where_it_belongs(tmp_path: Path, language: str, said: str) -> None:
    problems = refused_house(tmp_path, 'extends = "koenigrufen"\n\n[game]\nhuettenfleck = true\n')
    (problem,) = problems
    with i18n.language(language):
        text = problem.render(i18n.gettext)
    assert said in text, text


def test_a_key_of_a_table_given_at_the_top_says_where_it_belongs(tmp_path: Path) -> None:
    problems = refused_house(tmp_path, 'extends = "koenigrufen"\nhuettenfleck = true\n')
    (problem,) = problems
    assert (
        "huettenfleck: unknown key" in problem.render()
        and "(a key of [kontra]: move it there)" in problem.render()
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "radl.lengths.mondfang: 'mondfang' is not one of this profile's Radl events: radl.events is empty; ",
        ),
        (
            "de",
            "'mondfang' ist keines der Ereignisse, nach denen dieses Profil ein Radl spielt: radl.events ist leer; ",
        ),
    ],
)
def test_a_radl_length_without_events_says_the_events_are_empty(
    tmp_path: Path, language: str, said: str
) -> None:
    problems = refused_house(tmp_path, 'extends = "koenigrufen"\n\n[radl]\nlengths = { mondfang = 1 }\n')
    (problem,) = problems
    with i18n.language(language):
        text = problem.render(i18n.gettext)
    assert said in text and "(none)" not in text and "(keine)" not in text, text


@pytest.mark.parametrize(
    ("base", "event", "said"),
    [
        # koenigrufen has no Mondfang among its bonuses [CTK]; tirol has it [TIR20 Zusätze]
        (
            "koenigrufen",
            "mondfang",
            "radl.events[0]: 'mondfang' can never arm a Radl: this profile has no bonus 'mondfang'",
        ),
        # zwanzigerrufen has no Dodge Round (D25)
        (
            "zwanzigerrufen",
            "trischaken",
            "radl.events[0]: 'trischaken' can never arm a Radl: this profile has no Trischaken",
        ),
    ],
)
def test_a_radl_event_the_profile_cannot_record_is_refused(
    tmp_path: Path, base: str, event: str, said: str
) -> None:
    # A round that writes "Radl after a Mondfang" on koenigrufen could never enter the Mondfang
    # (-b mondfang is no bonus of its profile), so the Radl it plays would never come.
    club = tmp_path / "stammtisch.toml"
    club.write_text(f'extends = "{base}"\n[radl]\nevents = ["{event}"]\n', encoding="utf-8")
    ledger = tmp_path / "abend.toml"
    result = CliRunner().invoke(app, ["new", "-l", str(ledger), "-p", "A,B,C,D", "-P", str(club)])
    assert result.exit_code == 1 and said in result.stderr, result.stderr
    assert not ledger.exists()
    german = CliRunner().invoke(app, ["--lang", "de", "profiles", "show", str(club)])
    assert german.exit_code == 1 and "kann nie ein Radl auslösen" in german.stderr, german.stderr
    assert load_profile("tirol", {"radl": {"events": ["mondfang"]}}).radl.events == ("mondfang",)


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        # the house gives its Pagat the Uhu's name: told at the alias it wrote
        (
            '[bonuses.pagat]\naliases = ["uhu"]\n',
            "bonuses.pagat.aliases[0]: 'uhu' is already the name of bonuses.uhu",
        ),
        # the house adds a bonus by a name koenigrufen gives the Kakadu ("pelican" [GT]): told at
        # the table it wrote, not at aliases it never gave
        ("[bonuses.pelican]\nvalue = 3\n", "bonuses.pelican: 'pelican' already names 'kakadu'"),
    ],
)
def test_a_name_given_twice_is_told_at_the_key_the_house_wrote(tmp_path: Path, rules: str, said: str) -> None:
    problems = refused_house(tmp_path, f'extends = "koenigrufen"\n{rules}')
    assert [p.render().partition(": ")[2] for p in problems] == [said]


@pytest.mark.parametrize(
    ("line", "english", "german"),
    [
        (
            "[contracts.bettler\nvalue = 5",
            "a table's name in brackets ends without its closing ']' (column 19)",
            "der Name einer Tabelle in eckigen Klammern endet ohne sein schließendes ']' (Spalte 19)",
        ),
        (
            "// our house rules",
            "not a line of the form key = value, nor a [table]; a comment begins with # (column 1)",
            "keine Zeile der Form Schlüssel = Wert und keine [Tabelle]; ein Kommentar beginnt mit # (Spalte 1)",
        ),
    ],
    ids=["table-unclosed", "comment-not-toml"],
)
def test_a_house_file_that_is_not_toml_says_what_is_wrong_in_the_runs_language(
    tmp_path: Path, line: str, english: str, german: str
) -> None:
    club = tmp_path / "stammtisch.toml"
    club.write_text(f'extends = "koenigrufen"\n{line}\n', encoding="utf-8")
    ledger = tmp_path / "abend.toml"
    args = ["new", "-l", str(ledger), "-p", "A,B,C,D", "-P", str(club)]
    result = CliRunner().invoke(app, args)
    assert (result.exit_code, result.stderr) == (
        1,
        f"error: --profile: {club}:2: not valid TOML: {english}\n",
    )
    result = CliRunner().invoke(app, ["--lang", "de", *args])
    assert (result.exit_code, result.stderr) == (
        1,
        f"Fehler: --profile: {club}:2: kein gültiges TOML: {german}\n",
    )
    assert not ledger.exists()


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ('"1"', "schema: '1' is a string; expected a whole number"),
        ("1.0", "schema: 1.0 is a decimal number; expected a whole number"),
        ("2", "schema: 2 is not a profile schema this version reads; expected 1"),
    ],
)
def test_a_schema_of_another_version_or_type_is_told_once_as_written(
    tmp_path: Path, written: str, said: str
) -> None:
    # a schema of the wrong type was told a second time as "0", a number the file never had
    problems = refused_house(tmp_path, f'schema = {written}\nextends = "koenigrufen"\n')
    assert [p.render().partition(": ")[2] for p in problems] == [said]


@pytest.mark.parametrize("key", ["multiplies_bonuses", "silent_min_rule"])
def test_a_valat_rule_of_the_multiplier_under_a_fixed_valat_is_refused(tmp_path: Path, key: str) -> None:
    # tirol pays the Valat as a fixed premium beside the game [TIR20 6)] (D9); [LAU]'s whole
    # result ×4 (private-rounds.md §4) and [GT]'s silent Valat not counted (D12) work on the
    # Valat's factor, which a fixed Valat has not: the round's key would never apply
    problems = refused_house(tmp_path, f'extends = "tirol"\n[valat]\n{key} = true\n')
    assert [p.render().partition(": ")[2] for p in problems] == [
        f'valat.{key}: true only with model = "multiplier"; under "fixed" the Valat has no factor and this would never apply'
    ]


def test_a_bird_a_contract_requires_but_does_not_score_is_refused(tmp_path: Path) -> None:
    # koenigrufen's Besserrufer is played with one of the four birds announced (D19); a round that
    # scores no bird in it could never enter one: every Besserrufer would be refused at the table
    club = tmp_path / "stammtisch.toml"
    club.write_text(
        'extends = "koenigrufen"\n[contracts.besserrufer]\nbonuses = ["uhu", "valat"]\n', encoding="utf-8"
    )
    with pytest.raises(ProfileError) as refused:
        load_profile(str(club))
    said = "is to be announced in this contract but is not among its bonuses (contracts.besserrufer.bonuses)"
    assert [p.render().partition(": ")[2] for p in refused.value.problems] == [
        f"contracts.besserrufer.requires_announced[{i}]: {bird!r} {said}; list it there too, or take it off this list"
        for i, bird in ((0, "pagat"), (2, "kakadu"), (3, "quapil"))
    ]


def test_a_ladder_that_names_a_step_twice_is_refused_at_the_second(tmp_path: Path) -> None:
    # "kontra" at ×2 and again at ×4: -k kontra would be either; the second is told
    club = tmp_path / "stammtisch.toml"
    club.write_text(
        'extends = "koenigrufen"\n[kontra]\nceiling = "kontra"\naliases = {}\n'
        'ladder = [{ name = "kontra", multiplier = 2 }, { name = "Kontra", multiplier = 4 }]\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as refused:
        load_profile(str(club))
    assert [p.render().partition(": ")[2] for p in refused.value.problems] == [
        "kontra.ladder[1].name: 'Kontra' is listed twice"
    ]


@pytest.mark.parametrize(
    ("ladder", "said"),
    [
        ('"kontra"', "kontra.ladder: expected a non-empty array of { name, multiplier } tables"),
        ("[{ name = 2, multiplier = 2 }]", "kontra.ladder[0].name: 2 is an integer; expected a string"),
        (
            '[{ name = "kontra", multiplier = 2 }, { name = "rekontra", multiplier = 1 }]',
            "kontra.ladder[1].multiplier: 1 is below the allowed minimum 2",
        ),
    ],
)
def test_a_ladder_refused_is_said_once_not_again_at_its_ceiling_and_short_names(
    tmp_path: Path, ladder: str, said: str
) -> None:
    # koenigrufen's ceiling "rekontra" and short names (retour, re, sub …) were each refused
    # as naming no step of a ladder the file had already been told was wrong ("choose one of (none)")
    problems = refused_house(tmp_path, f'extends = "koenigrufen"\n[kontra]\nladder = {ladder}\n')
    assert [p.render().partition(": ")[2] for p in problems] == [said]


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("[contracts]\nrufer = 1\n", "contracts.rufer: 1 is an integer; expected a table"),
        ("[bonuses]\npagat = 2\n", "bonuses.pagat: 2 is an integer; expected a table"),
    ],
)
def test_a_contract_or_bonus_that_is_no_table_is_told_once(tmp_path: Path, rules: str, said: str) -> None:
    # the Rufer was then looked for as a new contract ("no contract is named 'rufer' (did you mean
    # 'solorufer'?)"), the Pagat told its value was missing
    problems = refused_house(tmp_path, f'extends = "koenigrufen"\n{rules}')
    assert [p.render().partition(": ")[2] for p in problems] == [said]


def test_an_empty_ladder_is_said_once_not_again_at_the_ceiling(tmp_path: Path) -> None:
    problems = refused_house(tmp_path, 'extends = "koenigrufen"\n\n[kontra]\nladder = []\n')
    said = [p.render() for p in problems]
    assert len(said) == 1 and said[0].endswith(
        ": kontra.ladder: expected a non-empty array of { name, multiplier } tables"
    ), said
