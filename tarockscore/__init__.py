"""tarockscore: scoring, ledgers and standings for Austrian Tarock (Königrufen, Zwanzigerrufen).

The library's face: everything a command does, in the players' words (docs/library.md)::

    import tarockscore

    evening = tarockscore.Evening("friday.toml")
    change = evening.record({"contract": "rufer", "declarer": "Anna", ...})

Each name is imported when it is first used, so ``import tarockscore`` stays as cheap as the
command that needs only one of them. The front ends (the command line, the web page) import
from the package only this face, ``render``, ``i18n`` and ``errors``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.3.1"

# Each name of the face and the module that holds it.
_HOME: dict[str, str] = {
    # one hand, and the profiles
    "score_hand": "tarockscore.api.hand",
    "read_hand": "tarockscore.api.hand",
    "load_profile": "tarockscore.api.hand",
    "profile_names": "tarockscore.api.hand",
    "profile_for": "tarockscore.api.hand",
    "Profile": "tarockscore.api.hand",
    "Score": "tarockscore.api.hand",
    "HandInput": "tarockscore.api.hand",
    "BonusInput": "tarockscore.api.hand",
    # the evening's ledger
    "Evening": "tarockscore.api.evening",
    "Change": "tarockscore.api.evening",
    "HeadCheck": "tarockscore.api.evening",
    "Begun": "tarockscore.api.evening",
    "Explained": "tarockscore.api.evening",
    "Rescored": "tarockscore.api.evening",
    "Repaired": "tarockscore.api.evening",
    "Settled": "tarockscore.api.evening",
    "Upgraded": "tarockscore.api.evening",
    "upgrade": "tarockscore.api.evening",
    "upgrade_day": "tarockscore.api.tournament",
    "find_ledger": "tarockscore.api.evening",
    "Ledger": "tarockscore.api.evening",
    "Sheet": "tarockscore.api.evening",
    "now": "tarockscore.api.evening",
    # the players' words
    "clean_name": "tarockscore.rules.words",
    "fold": "tarockscore.rules.words",
    "parse_stake": "tarockscore.ledger.settle_up",
    "strip_spaces": "tarockscore.rules.words",
    "ways_out": "tarockscore.files.ways_out",
    "noting_writes": "tarockscore.files.safe_io",
    # the season (api/season.py)
    "fold_season": "tarockscore.api.season",
    "FoldedSeason": "tarockscore.api.season",
    "Season": "tarockscore.api.season",
    "Standing": "tarockscore.api.season",
    "PlayerStats": "tarockscore.api.season",
    "LeftOut": "tarockscore.api.season",
    "SeasonMessages": "tarockscore.api.season",
    "check_chart_title": "tarockscore.api.season",
    "check_chart_file": "tarockscore.api.season",
    "write_chart_file": "tarockscore.api.season",
    # tournaments and cups (api/tournament.py)
    "Tournament": "tarockscore.api.tournament",
    "TournamentTable": "tarockscore.api.tournament",
    "Started": "tarockscore.api.tournament",
    "Roster": "tarockscore.api.tournament",
    "Drawn": "tarockscore.api.tournament",
    "DayStandings": "tarockscore.api.tournament",
    "DayMoney": "tarockscore.api.tournament",
    "Seating": "tarockscore.api.tournament",
    "Cup": "tarockscore.api.tournament",
    "UnseatableCount": "tarockscore.api.tournament",
    "cup": "tarockscore.api.tournament",
    "seating": "tarockscore.api.tournament",
    "read_players": "tarockscore.api.tournament",
    "games_at_five": "tarockscore.api.tournament",
    # the guided entry (api/entry.py; the flow of questions in entry/)
    "HandEntry": "tarockscore.api.entry",
    "Preview": "tarockscore.api.entry",
    "hand_entry": "tarockscore.api.entry",
    "hand_from_short_form": "tarockscore.api.hand",
    "Answers": "tarockscore.api.entry",
    "Save": "tarockscore.api.entry",
    "read_summary": "tarockscore.api.entry",
    "Question": "tarockscore.api.entry",
    "QuestionKind": "tarockscore.api.entry",
    "Refused": "tarockscore.api.entry",
    "yes_or_no": "tarockscore.api.entry",
    "next_question": "tarockscore.api.entry",
    "submit_answers": "tarockscore.api.entry",
    "FormReading": "tarockscore.api.entry",
}

__all__ = ["__version__", *_HOME]


def __getattr__(name: str) -> Any:
    """Import a name of the face from its module the first time it is asked for (PEP 562)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'tarockscore' has no attribute {name!r}")
    module = import_module(home)
    value = module if home.endswith(f".{name}") else getattr(module, name)  # ways_out is a module
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # the names as the type checker sees them; at run time __getattr__ imports them
    from tarockscore.api.entry import Answers as Answers
    from tarockscore.api.entry import FormReading as FormReading
    from tarockscore.api.entry import HandEntry as HandEntry
    from tarockscore.api.entry import Preview as Preview
    from tarockscore.api.entry import Question as Question
    from tarockscore.api.entry import QuestionKind as QuestionKind
    from tarockscore.api.entry import Refused as Refused
    from tarockscore.api.entry import Save as Save
    from tarockscore.api.entry import hand_entry as hand_entry
    from tarockscore.api.entry import next_question as next_question
    from tarockscore.api.entry import read_summary as read_summary
    from tarockscore.api.entry import submit_answers as submit_answers
    from tarockscore.api.entry import yes_or_no as yes_or_no
    from tarockscore.api.evening import Begun as Begun
    from tarockscore.api.evening import Change as Change
    from tarockscore.api.evening import Evening as Evening
    from tarockscore.api.evening import Explained as Explained
    from tarockscore.api.evening import HeadCheck as HeadCheck
    from tarockscore.api.evening import Ledger as Ledger
    from tarockscore.api.evening import Repaired as Repaired
    from tarockscore.api.evening import Rescored as Rescored
    from tarockscore.api.evening import Settled as Settled
    from tarockscore.api.evening import Sheet as Sheet
    from tarockscore.api.evening import Upgraded as Upgraded
    from tarockscore.api.evening import find_ledger as find_ledger
    from tarockscore.api.evening import now as now
    from tarockscore.api.evening import upgrade as upgrade
    from tarockscore.api.hand import BonusInput as BonusInput
    from tarockscore.api.hand import HandInput as HandInput
    from tarockscore.api.hand import Profile as Profile
    from tarockscore.api.hand import Score as Score
    from tarockscore.api.hand import hand_from_short_form as hand_from_short_form
    from tarockscore.api.hand import load_profile as load_profile
    from tarockscore.api.hand import profile_for as profile_for
    from tarockscore.api.hand import profile_names as profile_names
    from tarockscore.api.hand import read_hand as read_hand
    from tarockscore.api.hand import score_hand as score_hand
    from tarockscore.api.season import FoldedSeason as FoldedSeason
    from tarockscore.api.season import LeftOut as LeftOut
    from tarockscore.api.season import PlayerStats as PlayerStats
    from tarockscore.api.season import Season as Season
    from tarockscore.api.season import SeasonMessages as SeasonMessages
    from tarockscore.api.season import Standing as Standing
    from tarockscore.api.season import check_chart_file as check_chart_file
    from tarockscore.api.season import check_chart_title as check_chart_title
    from tarockscore.api.season import fold_season as fold_season
    from tarockscore.api.season import write_chart_file as write_chart_file
    from tarockscore.api.tournament import Cup as Cup
    from tarockscore.api.tournament import DayMoney as DayMoney
    from tarockscore.api.tournament import DayStandings as DayStandings
    from tarockscore.api.tournament import Drawn as Drawn
    from tarockscore.api.tournament import Roster as Roster
    from tarockscore.api.tournament import Seating as Seating
    from tarockscore.api.tournament import Started as Started
    from tarockscore.api.tournament import Tournament as Tournament
    from tarockscore.api.tournament import TournamentTable as TournamentTable
    from tarockscore.api.tournament import UnseatableCount as UnseatableCount
    from tarockscore.api.tournament import cup as cup
    from tarockscore.api.tournament import games_at_five as games_at_five
    from tarockscore.api.tournament import read_players as read_players
    from tarockscore.api.tournament import seating as seating
    from tarockscore.api.tournament import upgrade_day as upgrade_day
    from tarockscore.files import ways_out as ways_out
    from tarockscore.files.safe_io import noting_writes as noting_writes
    from tarockscore.ledger.settle_up import parse_stake as parse_stake
    from tarockscore.rules.words import clean_name as clean_name
    from tarockscore.rules.words import fold as fold
    from tarockscore.rules.words import strip_spaces as strip_spaces
