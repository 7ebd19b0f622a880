"""The library entry points that wire profile files, hands and scoring together (the loader layer).

Every CLI command calls one function here or in the ledger module; scripts can do the same.
"""

from __future__ import annotations

from tarockscore.errors import N_, HandError, TarockError
from tarockscore.files.profile_file import DEFAULT_PROFILE, load_profile
from tarockscore.rules.hand import Hand, HandInput
from tarockscore.rules.hand_parser import parse_hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score, score_hand


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


def parse(mapping: HandInput, profile: Profile, where: str = "") -> Hand:
    try:
        return parse_hand(mapping, profile)
    except TarockError as exc:
        raise exc.located(where) if where else exc from None


def score_mapping(
    mapping: HandInput, profile_ref: str | None = None, where: str = ""
) -> tuple[Score, Profile]:
    """Score a hand given as hand-file keys; the profile comes from ``profile_for``."""
    profile = profile_for(mapping, profile_ref)
    return score_hand(parse(mapping, profile, where), profile), profile
