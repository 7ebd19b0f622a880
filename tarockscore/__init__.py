"""tarockscore: scoring, ledgers and standings for Austrian Tarock (Königrufen, Zwanzigerrufen).

The library's face: everything a command does, in the players' words (docs/library.md)::

    import tarockscore

    evening = tarockscore.Evening("friday.toml")
    change = evening.record({"contract": "rufer", "declarer": "Anna", ...})

The front ends (the command line, the web page) import from the package only this face,
``render``, ``i18n`` and ``errors``.
"""

import sys
from types import TracebackType

_shown = sys.excepthook


def _quiet_interrupt(kind: type[BaseException], value: BaseException, trace: TracebackType | None) -> None:
    """Ctrl-C while a module of tarockscore is importing (the command line starting, before its
    ``main()`` can catch it) prints no traceback: Python ends the program by the interrupt, 130 in
    the shell. Any other exception is shown as before."""
    at = trace
    while issubclass(kind, KeyboardInterrupt) and at is not None:
        frame = at.tb_frame
        if (
            frame.f_code.co_name == "<module>"
            and frame.f_globals.get("__name__", "").partition(".")[0] == __name__
        ):
            return
        at = at.tb_next
    _shown(kind, value, trace)


# set before the package's modules are imported, the longest part of the command line's start
sys.excepthook = _quiet_interrupt

from tarockscore.entry.answers import BLATT as BLATT_FIELD
from tarockscore.entry.answers import OR as OR_FIELD
from tarockscore.entry.answers import Entry as Answers
from tarockscore.entry.answers import Reading as FormReading
from tarockscore.entry.answers import Save, next_question, read_summary
from tarockscore.entry.answers import submit as submit_answers
from tarockscore.entry.entry import HandEntry, Preview, entry_as_of, hand_entry
from tarockscore.entry.flow import SENT as CHOICE_SENT
from tarockscore.entry.flow import Kind as QuestionKind
from tarockscore.entry.flow import Question, Refused, yes_or_no
from tarockscore.entry.shortform import hand_from_options as hand_from_short_form
from tarockscore.entry.shortform import names_the_player
from tarockscore.entry.shortform import seated as short_form_names
from tarockscore.evening.evening import (
    Begun,
    Change,
    Evening,
    Explained,
    HeadCheck,
    Ledger,
    Repaired,
    Rescored,
    Settled,
    Sheet,
    Upgraded,
    find_ledger,
    now,
    sheet,
    upgrade,
)
from tarockscore.evening.model import sheet_at
from tarockscore.evening.radl import pending_radl
from tarockscore.evening.settle import parse_stake
from tarockscore.evening.store import Request, Snapshot, misplaced_sheet
from tarockscore.io import ways_out
from tarockscore.io.inputs import HandFile, load_profile, profile_for, read_hand, read_hand_file, score_hand
from tarockscore.io.inputs import shipped_names as profile_names
from tarockscore.io.safe_io import noting_writes
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score
from tarockscore.rules.words import fold, table_names, typed_names
from tarockscore.season.season import (
    FoldedSeason,
    LeftOut,
    SeasonMessages,
    check_chart_file,
    check_chart_title,
    fold_season,
    write_chart_file,
)
from tarockscore.season.standings import Season, Standing
from tarockscore.season.statistics import PlayerStats
from tarockscore.tournament.draw import UnseatableCount
from tarockscore.tournament.model import games_at_five, whole_number
from tarockscore.tournament.store import read_players, sheet_out_of_place, table_place
from tarockscore.tournament.tournament import (
    Cup,
    DayMoney,
    DayStandings,
    Drawn,
    Roster,
    Seating,
    Started,
    Tournament,
    TournamentTable,
    cup,
    seating,
)
from tarockscore.tournament.upgrade import upgrade_day

__version__ = "0.3.1"

__all__ = [
    "__version__",
    # one hand, and the profiles
    "score_hand",
    "read_hand",
    "read_hand_file",
    "HandFile",
    "load_profile",
    "profile_names",
    "profile_for",
    "Profile",
    "Score",
    "HandInput",
    "BonusInput",
    "hand_from_short_form",
    "short_form_names",
    "names_the_player",
    # the evening's ledger
    "Evening",
    "Change",
    "HeadCheck",
    "Begun",
    "Explained",
    "Rescored",
    "Repaired",
    "Settled",
    "find_ledger",
    "Ledger",
    "Sheet",
    "Upgraded",
    "upgrade",
    "now",
    "pending_radl",
    # the players' words
    "typed_names",
    "fold",
    "parse_stake",
    "table_names",
    "ways_out",
    "noting_writes",
    # the season
    "fold_season",
    "FoldedSeason",
    "Season",
    "Standing",
    "PlayerStats",
    "LeftOut",
    "SeasonMessages",
    "check_chart_title",
    "check_chart_file",
    "write_chart_file",
    # tournaments and cups
    "Tournament",
    "TournamentTable",
    "Started",
    "Roster",
    "Drawn",
    "DayStandings",
    "DayMoney",
    "Seating",
    "Cup",
    "UnseatableCount",
    "cup",
    "seating",
    "upgrade_day",
    "read_players",
    "table_place",
    "sheet_out_of_place",
    "sheet_at",
    "misplaced_sheet",
    "whole_number",
    "games_at_five",
    # the guided entry
    "HandEntry",
    "Preview",
    "hand_entry",
    "entry_as_of",
    "sheet",
    "Snapshot",
    "Request",
    "Answers",
    "Save",
    "read_summary",
    "Question",
    "QuestionKind",
    "Refused",
    "CHOICE_SENT",
    "yes_or_no",
    "next_question",
    "submit_answers",
    "FormReading",
    "BLATT_FIELD",
    "OR_FIELD",
]
