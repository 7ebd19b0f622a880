"""The profile's tables are read from one declaration of their keys (issue 10 §6)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tarockscore.cli.app import app
from tarockscore.errors import ProfileError
from tarockscore.evening import store as F
from tarockscore.evening.model import new_ledger
from tarockscore.evening.operations import record
from tarockscore.io.inputs import load_profile, resolve_document, shipped_names
from tarockscore.rules.hand import HandInput
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Game, KontraRules, Settlement, ValatRules, key_path
from tarockscore.rules.scoring import score_hand
from tests.stored import unfolded
from tests.strategies import hands

AT = "2025-03-14T20:00:00+01:00"


def test_key_paths_come_from_the_declaration() -> None:
    assert key_path(ValatRules, "solo_doubles") == "valat.solo_doubles"
    assert key_path(Game, "announced_factor") == "game.announced_factor"
    # The code says Trischaken; the file keeps the key its users already write.
    assert key_path(KontraRules, "trischaken") == "kontra.dodge_round"
    with pytest.raises(AttributeError):
        key_path(Settlement, "lone_kontra")


def test_the_records_mirror_the_tables() -> None:
    # docs/rules/koenigrufen.md: 70 card points in thirds, 35 2/3 wins; Valat ×4 silent, ×8 announced.
    kr = load_profile("koenigrufen")
    assert (kr.game.card_points_total, kr.game.thirds, kr.game.win_threshold) == (
        Fraction(70),
        True,
        Fraction(107, 3),
    )
    assert (kr.valat.silent, kr.valat.announced) == (4, 8)
    assert not kr.kontra.trischaken  # D6: no Kontra in Trischaken
    agreed = load_profile("koenigrufen", {"kontra": {"dodge_round": True}})
    assert agreed.kontra.trischaken


def test_a_declared_key_is_checked_by_its_declaration() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"valat": {"silent": 0, "model": "sometimes"}, "game": {"thirds": "yes"}})
    where = [p.where.split(": ")[-1] for p in refused.value.problems]
    assert where == ["game.thirds", "valat.model", "valat.silent"]


def test_a_word_key_takes_its_words_as_a_player_writes_them() -> None:
    # settlement.mode is "simplified" or "zero_sum" (docs/rules/settlement.md), valat.bonuses "none",
    # "announced" or "all" (docs/rules/disagreements.md, D10); case and blanks around the word are
    # forgiven, anything else is refused with the words allowed.
    folded = load_profile("koenigrufen", {"settlement": {"mode": " Zero_Sum "}})
    assert folded.settlement.mode == "zero_sum"
    assert folded.settlement == load_profile("koenigrufen", {"settlement": {"mode": "zero_sum"}}).settlement
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"settlement": {"mode": "zerosum"}, "valat": {"bonuses": 3}})
    text = str(refused.value)
    assert "'zerosum' is not allowed; choose one of 'simplified', 'zero_sum'" in text
    assert "valat.bonuses: 3 is not allowed; choose one of 'all', 'announced', 'none'" in text


def test_the_talons_card_points_are_the_profiles() -> None:
    # docs/rules/koenigrufen.md §1: six talon cards, each from 1/3 to 4 1/3, hold 2 to 26.
    assert load_profile("koenigrufen").game.talon_card_points == (Fraction(2), Fraction(26))
    assert load_profile("gametwist").game.talon_card_points == (Fraction(2), Fraction(26))  # inherited
    assert load_profile("zwanzigerrufen").game.talon_card_points is None  # no talon [WP-Z]
    for value, said in (
        (["26", "2"], "the fewest points come first"),
        (["2"], "expected the fewest and the most points"),
        (["2", "80"], "80 is above card_points_total 70"),
        (["2", "zwei"], "game.talon_card_points"),
    ):
        with pytest.raises(ProfileError) as refused:
            load_profile("koenigrufen", {"game": {"talon_card_points": value}})
        assert said in str(refused.value) and "game.talon_card_points" in str(refused.value), value


def test_lone_kontra_is_still_read_but_has_one_reading() -> None:
    # Profiles and ledgers written before keep loading; the only reading is "highest" (D32).
    load_profile("koenigrufen", {"settlement": {"lone_kontra": "highest"}})
    with pytest.raises(ProfileError, match="lone_kontra"):
        load_profile("koenigrufen", {"settlement": {"lone_kontra": "lowest"}})


def test_no_shipped_profile_has_a_key_of_one_reading() -> None:
    # D32 has one reading and so no key: nothing to switch (docs/rules/disagreements.md#d32)
    for name in shipped_names():
        assert "lone_kontra" not in resolve_document(name).get("settlement", {}), name


def test_an_evening_stored_with_the_retired_key_still_loads_and_checks(tmp_path: Path) -> None:
    old = load_profile("koenigrufen", {"settlement": {"lone_kontra": "highest"}})
    assert old.document["settlement"]["lone_kontra"] == "highest"  # the document the ledger stores
    path = tmp_path / "old.toml"
    F.create(path, new_ledger(["Anna", "Bert", "Cilli", "Dani"], old, created=AT))
    F.update(
        path,
        lambda led: record(
            led, {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "card_points": 40}, AT
        ),
    )
    snapshot = F.read(path)
    F.verify(snapshot)
    assert snapshot.ledger.table.profile.document["settlement"]["lone_kontra"] == "highest"
    # a Rufer won at 40 card points (35 2/3 win): each declarer +1 (docs/rules/koenigrufen.md)
    assert snapshot.ledger.hands[0].result.victory_points == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dani": 0}


def _names_a_key(document: Mapping[str, Any], path: str) -> bool:
    """Whether ``path`` (``valat.silent``, ``kontra.ladder[1]``) names a key of the profile file."""
    node: Any = document
    for part in path.split("."):
        name, _, index = part.partition("[")
        if not isinstance(node, Mapping) or name not in node:
            return False
        node = node[name]
        if index:
            node = node[int(index.rstrip("]"))]
    return True


# Each shipped profile read once: a profile read from its file takes longer than a hand's scoring.
SHIPPED = {name: load_profile(name) for name in shipped_names()}


@pytest.mark.parametrize("name", shipped_names())
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_rule_explain_names_is_a_key_of_the_profile(name: str, data: st.DataObject) -> None:
    profile = SHIPPED[name]
    score = score_hand(parse_hand(data.draw(hands(profile)), profile), profile)
    for line in score.lines:
        for path in (line.base_rule, *(f.rule for f in line.factors)):
            assert _names_a_key(profile.document, path), path
        # a note that names the setting it follows ("settlement.mode = 'simplified'") names a key too
        if line.note and " = " in line.note:
            assert _names_a_key(profile.document, line.note.split(" = ")[0]), line.note


def test_the_note_on_a_won_bettler_with_contra_ad_personam_names_a_declared_key() -> None:
    # D32 (docs/rules/disagreements.md): under Simplified Scoring a winning declarer adds the
    # contract once at the highest Defender's stake; the note names the setting that makes it so.
    kr = load_profile("koenigrufen")
    hand: HandInput = {
        "players": ["Anna", "Bert", "Cilli", "Dani"],
        "contract": "bettler",
        "declarer": "Bert",
        "won": True,
        "kontra": {"Anna": "kontra", "Dani": "rekontra"},
    }
    (line,) = score_hand(parse_hand(hand, kr), kr).lines
    assert line.note == "settlement.mode = 'simplified'"
    assert _names_a_key(kr.document, line.note.split(" = ")[0])


def test_silent_failure_bonuses_names_bonuses_of_the_profile() -> None:
    # D13 (docs/rules/disagreements.md): GameTwist lists its trick premiums [GT]; a name that is
    # no bonus of the profile is refused with the nearest one.
    gt = load_profile("gametwist")
    assert gt.bonus_rules.silent_failure_bonuses == ("pagat", "uhu", "kakadu", "king_ultimo")
    assert load_profile("pagat").bonus_rules.silent_failure_bonuses is None  # every bonus
    with pytest.raises(ProfileError) as refused:
        load_profile("gametwist", {"bonus_rules": {"silent_failure_bonuses": ["pagatt"]}})
    assert "bonus_rules.silent_failure_bonuses[0]" in str(refused.value)
    assert "'pagat'" in str(refused.value)


# -- the title in German ------------------------------------------------------------------------


def test_every_shipped_profile_has_a_german_title_shown_in_german_runs() -> None:
    for name in shipped_names():
        profile = load_profile(name)
        assert profile.title_de and profile.title_de != profile.title, name
        assert profile.title_in("de") == profile.title_de and profile.title_in("en") == profile.title
    example = Path(__file__).parent.parent / "examples" / "koenigrufen-call.toml"
    de = CliRunner().invoke(app, ["--lang", "de", "score", str(example), "--explain"])
    assert de.exit_code == 0, de.stderr
    assert unfolded(de.stdout).splitlines()[0] == (
        "Profil „koenigrufen“: Königrufen: Hauptregeln (Calling the King), vereinfachte Abrechnung"
    )
    listed = CliRunner().invoke(app, ["--lang", "de", "profiles"]).stdout
    # the title column, its cells wrapped within 80 columns: each profile's title read whole
    at = listed.splitlines()[0].index("Titel")
    titles: dict[str, str] = {}
    for line in listed.splitlines()[2:]:
        if not line.startswith(" "):
            name = line.split()[0]
        titles[name] = f"{titles.get(name, '')} {line[at:].strip()}".strip()
    assert titles["ooe-2023"].startswith("Oberösterreich 4/2023 (Raiffeisen Tarockcup Austria), Nullsumme")
    assert "zero-sum" not in listed


def test_a_profile_with_a_title_of_its_own_keeps_it_in_german(tmp_path: Path) -> None:
    """The German title of the profile it extends would describe that profile, not this one."""
    own = tmp_path / "our-table.toml"
    own.write_text('extends = "koenigrufen"\nname = "our-table"\ntitle = "Our table"\n', encoding="utf-8")
    assert "title_de" not in resolve_document(str(own))
    assert load_profile(str(own)).title_in("de") == "Our table"
    both = tmp_path / "both.toml"
    both.write_text(
        'extends = "koenigrufen"\nname = "both"\ntitle = "Ours"\ntitle_de = "Unsere"\n', encoding="utf-8"
    )
    assert load_profile(str(both)).title_in("de") == "Unsere"
    plain = tmp_path / "plain.toml"
    plain.write_text('extends = "koenigrufen"\nname = "plain"\n', encoding="utf-8")
    assert load_profile(str(plain)).title_in("de") == load_profile("koenigrufen").title_de


# -- the sources of the numbers --explain multiplies by ------------------------------------------


def test_every_factor_a_shipped_profile_can_show_cites_its_source() -> None:
    for name in shipped_names():
        p = load_profile(name)
        keys = ["game.announced_factor", "settlement.mode", "settlement.kontra_scope"]
        keys += [f"kontra.ladder[{i}]" for i in range(p.kontra.ceiling)]
        if p.game.family == "koenigrufen":
            keys += ["game.solo_bonus_factor", "valat.silent", "valat.announced", "valat.solo_doubles"]
            keys += ["trischaken.losers", "trischaken.mayor_factor", "trischaken.forehand_factor"]
        if p.renonce.rule == "as_if_won":
            keys += ["renonce.trischaken_each", "renonce.trischaken_forehand_factor", "game.players"]
        assert [k for k in keys if not p.source_of(k)] == [], name
    # the citation is the one beside the key in the profile: [CTK] prints Rekontra x4
    assert load_profile("koenigrufen").source_of("kontra.ladder[1]") == '[CTK] "Rekontra … ×4"'


def test_a_number_set_without_a_source_of_its_own_is_not_cited_by_the_profile_extended(
    tmp_path: Path,
) -> None:
    own = tmp_path / "club.toml"
    own.write_text(
        'extends = "koenigrufen"\nname = "club"\ntitle = "Club"\n'
        '[valat]\nsilent = 5\n[kontra]\nladder = [{ name = "kontra", multiplier = 2 }, '
        '{ name = "rekontra", multiplier = 6 }, { name = "subkontra", multiplier = 12 }]\n'
        '[contracts.rufer]\nvalue = 2\n[contracts.dreier]\naliases = ["dreia"]\n'
        '[sources]\n"valat.announced" = "our club, 2024"\n',
        encoding="utf-8",
    )
    club = load_profile(str(own))
    assert club.source_of("valat.silent") == ""  # ×5 is the club's, not CTK's ×4
    assert club.source_of("valat.announced") == "our club, 2024"
    assert club.source_of("kontra.ladder[1]") == ""  # the ladder is replaced whole: Rekontra ×6
    assert club.source_of("contracts.rufer.value") == ""
    assert club.source_of("contracts.dreier.value") == load_profile("koenigrufen").contracts["dreier"].source
    assert club.source_of("game.announced_factor") == load_profile("koenigrufen").source_of(
        "game.announced_factor"
    )
    # the profile extended keeps its own
    assert (
        load_profile("koenigrufen").source_of("valat.silent")
        == "[CTK] Valat: the contract counts four times its value"
    )
    assert load_profile("koenigrufen").contracts["rufer"].source


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('"valat.silentt" = "x"', "'valat.silentt' is not a key of a profile's tables"),
        ('"kontra.ladder[7]" = "x"', "'kontra.ladder[7]': the ladder has 3 steps"),
        ('"valat.silent[0]" = "x"', "'valat.silent[0]' is not a key of a profile's tables"),
        ('"valat.silent" = 4', "4 is an integer; expected a string"),
    ],
)
def test_a_source_must_name_a_key_and_be_text(tmp_path: Path, line: str, said: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(f'extends = "koenigrufen"\nname = "p"\n[sources]\n{line}\n', encoding="utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    (problem,) = info.value.problems  # said once
    assert said in problem.render()


def test_a_bonus_switched_off_is_named_as_switched_off_in_the_contracts_that_still_list_it(
    tmp_path: Path,
) -> None:
    # A table that does not play the Quapil switches it off as the docs say; the inherited
    # contracts still list it. Each such list is named with what to do, not with a guess at
    # another bonus ("did you mean ...?").
    mine = tmp_path / "mine.toml"
    mine.write_text('extends = "koenigrufen"\n[bonuses.quapil]\nenabled = false\n', encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        load_profile(str(mine))
    said = [f"{p.where.rpartition(': ')[2]}: {p.message}" for p in caught.value.problems]
    # koenigrufen lists the Quapil in the Rufer, Besserrufer (also as a bird it requires),
    # Solorufer, Dreier, Sechserdreier and Solodreier
    assert len(said) == 7
    assert said[0] == (
        "contracts.rufer.bonuses: 'quapil' is switched off (bonuses.quapil.enabled = false); "
        "list this contract's bonuses without it"
    )
    assert not any("did you mean" in line for line in said)
    mine.write_text(
        'extends = "koenigrufen"\n[bonuses.quapil]\nenabled = false\n'
        '[contracts.rufer]\nbonuses = ["pagat", "uhu"]\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as caught:
        load_profile(str(mine))
    assert not any(p.where.endswith(": contracts.rufer.bonuses") for p in caught.value.problems)
    assert len(caught.value.problems) == 6


def test_a_misspelt_bonus_table_is_refused_not_added_as_a_bonus_never_scored(tmp_path: Path) -> None:
    # A club raising its Pagat to 2 writes [bonuses.pagatt]: before, that was a new bonus no
    # contract lists, printed last in the price list, and the Pagat stayed 1 all evening.
    mine = tmp_path / "mine.toml"
    mine.write_text('extends = "koenigrufen"\n[bonuses.pagatt]\nvalue = 2\n', encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        load_profile(str(mine))
    (problem,) = caught.value.problems
    assert problem.where == f"{mine}: bonuses.pagatt"
    assert problem.message == (
        "no contract lists 'pagatt', so it is never scored (did you mean 'pagat'?); "
        "a new bonus is added to a contract's bonuses"
    )
    # spelt right, it changes the Pagat: 2 silent, 4 announced (announced_factor 2)
    mine.write_text('extends = "koenigrufen"\n[bonuses.pagat]\nvalue = 2\n', encoding="utf-8")
    assert load_profile(str(mine)).bonuses["pagat"].value == 2


def test_four_play_each_hand_whatever_the_table() -> None:
    # Königrufen and Zwanzigerrufen are dealt to four (docs/rules/koenigrufen.md §1,
    # docs/rules/zwanzigerrufen.md); a table of five gives five names to `new` and the dealer sits
    # out. A house file that says `players = 5` for its five friends is refused, saying so, rather
    # than refusing every hand it records later.
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"game": {"players": 5}})
    text = str(refused.value)
    assert "game.players: 5: four play each hand" in text and "names all five" in text, text
    # said once: not again as below a minimum, nor with a string read as 0 (nor Trischaken's losers
    # then "fewer than the 0 players")
    for players, said in ((3, "3: four play each hand"), ("4", "'4' is a string; expected a whole number")):
        with pytest.raises(ProfileError) as refused:
            load_profile("koenigrufen", {"game": {"players": players}})
        assert [(p.where, p.message[: len(said)]) for p in refused.value.problems] == [
            ("profile koenigrufen: game.players", said)
        ]
    # the Trischaken keys are measured against the four at play, not against the number refused
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"game": {"players": 5}, "trischaken": {"middle_tie": "empty"}})
    assert "trischaken.losers = 1 of the 4 players pay" in str(refused.value)
    # the table's names, or its size, at the top of a house file: not a key of [game] to move there
    for names in (["Anna", "Bert", "Cilli", "Dani"], 5):
        with pytest.raises(ProfileError) as refused:
            load_profile("koenigrufen", {"players": names})
        (problem,) = refused.value.problems
        assert (problem.where, problem.message) == (
            "profile koenigrufen: players",
            "a profile does not name the players: they are named when the evening begins; four play"
            " each hand (a table of five names all five, and the dealer sits out)",
        )


def test_a_line_above_every_card_point_is_refused() -> None:
    # 70 card points in the deck (docs/rules/koenigrufen.md §1): a Kontra line or a Bürgermeister
    # above them could never be met, as a win_threshold above them is refused.
    for overrides, said in (
        ({"game": {"kontra_win_threshold": "71"}}, "game.kontra_win_threshold: 71 is above"),
        ({"trischaken": {"mayor_threshold": 80}}, "trischaken.mayor_threshold: 80 is above"),
    ):
        with pytest.raises(ProfileError) as refused:
            load_profile("koenigrufen", overrides)
        assert said in str(refused.value), refused.value


@pytest.mark.parametrize(
    ("base", "overrides", "said"),
    [
        # Königrufen counts in thirds (docs/rules/koenigrufen.md §1): 35 1/4 is no count a side can hold
        (
            "koenigrufen",
            {"game": {"win_threshold": "35 1/4"}},
            "game.win_threshold: '35 1/4' is not counted in thirds",
        ),
        (
            "koenigrufen",
            {"game": {"kontra_win_threshold": "35 1/2"}},
            "game.kontra_win_threshold: '35 1/2' is not",
        ),
        (
            "koenigrufen",
            {"trischaken": {"mayor_threshold": "35 1/2"}},
            "trischaken.mayor_threshold: '35 1/2' is not",
        ),
        # Zwanzigerrufen counts whole card points (docs/rules/zwanzigerrufen.md)
        (
            "zwanzigerrufen",
            {"game": {"win_threshold": "44 2/3"}},
            "game.win_threshold: '44 2/3': zwanzigerrufen counts",
        ),
    ],
)
def test_a_line_no_count_of_card_points_can_meet_is_refused(
    base: str, overrides: dict[str, object], said: str
) -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile(base, overrides)
    assert said in str(refused.value), refused.value


@pytest.mark.parametrize(
    ("written", "meant"), [("drei", "dreier"), ("Dreier", "dreier"), ("solo_dreier", "solodreier")]
)
def test_a_misspelt_contract_says_which_one_it_may_mean(written: str, meant: str) -> None:
    # A house that lowers the Dreier writes [contracts.drei] value = 3: no contract is named so,
    # and a new one would need its kind and team. The error names the table as written and the
    # contract meant, not the two keys a new contract would need.
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"contracts": {written: {"value": 3}}})
    text = str(refused.value)
    assert f"contracts.{written}: no contract is named {written!r} (did you mean {meant!r}?)" in text, text
    assert "missing" not in text, text


@pytest.mark.parametrize(
    "entry",
    [
        '{ value = 1.5, sources = "[GT]" }',  # a float holds no third
        '{ points = "35 5/3", sources = "[GT]" }',
        '{ value = "score" }',  # no sources
        '{ value = "score", sources = "[GT]", said = "[GT]" }',
        '"score"',
    ],
)
def test_a_published_reading_the_file_breaks_is_refused_naming_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entry: str
) -> None:
    # the readings explain cites are a value, or card points as a profile writes them, and sources
    from tarockscore.io import inputs

    (tmp_path / "readings").mkdir()
    text = f"[D1.settlement]\nkontra_scope = [{entry}]\n"
    (tmp_path / "readings" / "published.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(inputs, "profiles_dir", lambda: tmp_path)
    inputs.published_readings.cache_clear()
    try:
        with pytest.raises(ProfileError, match=r"published\.toml: settlement\.kontra_scope: not a published"):
            inputs.published_readings()
    finally:
        inputs.published_readings.cache_clear()
