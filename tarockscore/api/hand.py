"""One hand and the profiles, as the library offers them: read a hand file, load a profile, score a hand (library layer).

``score`` is one call here; a script does the same through ``tarockscore.score_hand``.
"""

from __future__ import annotations

from tarockscore.entry.shortform import hand_from_options as hand_from_short_form
from tarockscore.errors import N_, HandError
from tarockscore.files.hand_file import read_hand_mapping
from tarockscore.files.profile_file import DEFAULT_PROFILE, load_profile, shipped_names
from tarockscore.ledger.stored import parse_one
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score
from tarockscore.rules.scoring import score_hand as _score

__all__ = [
    "BonusInput",
    "HandInput",
    "Profile",
    "Score",
    "hand_from_short_form",
    "load_profile",
    "profile_for",
    "profile_names",
    "read_hand",
    "score_hand",
]


def read_hand(source: str) -> tuple[HandInput, str]:
    """A hand file's keys (a path, or ``-`` for standard input) and the name its problems are reported under."""
    return read_hand_mapping(source)


def profile_names() -> list[str]:
    """The names of the shipped profiles, as ``--profile`` takes them."""
    return shipped_names()


def profile_for(mapping: HandInput, profile_ref: str | None) -> Profile:
    """``--profile`` wins, then the hand's own ``profile`` key, then the default."""
    ref = profile_ref or mapping.get("profile", DEFAULT_PROFILE)
    if not isinstance(ref, str):
        raise HandError(N_("profile: {ref!r} is not a profile name or path"), ref=ref)
    if not ref.strip():  # never taken for the default
        raise HandError(
            N_("{ref!r}: empty; give a profile's name or path, or leave the key out"),
            where="profile",
            ref=ref,
        )
    return load_profile(ref)


def score_hand(mapping: HandInput, profile_ref: str | None = None, where: str = "") -> tuple[Score, Profile]:
    """Score a hand given as hand-file keys: the score, bet by bet, and the profile it was scored
    under (``profile_ref``, else the hand's ``profile`` key, else the default)."""
    profile = profile_for(mapping, profile_ref)
    return _score(parse_one(mapping, profile, where), profile), profile
