"""A hand as the user gives it: a hand file, standard input, or the short command-line form."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import tarockscore
from tarockscore.cli.words.fields import in_short_form
from tarockscore.errors import N_, HandError, UsageError

COMMAND_LINE = N_("command line")


def _any_short(values: dict[str, Any]) -> bool:
    return any(v not in (None, False, []) for v in values.values())


def _split_off(word: str) -> bool:
    """``word``, where the hand file goes, is no file but a piece of a value the shell split
    off for want of quotes (``-t 35 2``, ``-b Vier Könige,Gegner``): not a file, nor named like
    one (``hand.toml``)."""
    return word != "-" and not Path(word).suffix and not Path(word).exists()


def _rejoined(word: str, short: dict[str, Any]) -> dict[str, Any]:
    """The short form with the split-off ``word`` put back: after a single whole count of
    points (``-t 35 2`` is "35 2", 35 points and 2 Blatt, as the README writes it); anywhere
    else the value is ambiguous, so the user is asked to quote it."""
    points = short.get("points") or []
    if re.fullmatch(r"\d+(/\d+)?", word) and len(points) == 1 and points[0].strip().isdigit():
        return {**short, "points": [f"{points[0].strip()} {word}"]}
    raise UsageError(
        N_(
            '{word!r} is no hand file: a value of more than one word is quoted, e.g. -t "35 2" or -b "Vier Könige,Gegner"'
        ),
        word=word,
    )


def read_hand_or_short(
    hand_file: str | None,
    short: dict[str, Any],
    profile_ref: str | None = None,
    *,
    known_profile: bool = False,
) -> tuple[tarockscore.HandInput, str]:
    """A hand from a file (or stdin) or from the short command-line form, never both.

    With ``known_profile`` (the profile is ``profile_ref`` or the default), the words of
    ``--bonus`` are checked against that profile's Kontra steps, so an unknown word is named as
    such rather than taken for a step.
    """
    if hand_file is not None and _any_short(short) and _split_off(hand_file):
        short = _rejoined(hand_file, short)
        hand_file = None
    if hand_file is not None:
        if _any_short(short):
            raise UsageError(N_("give either a hand file or the hand's options, not both"))
        return tarockscore.read_hand(hand_file)
    if not _any_short(short):
        raise UsageError(N_("give a hand file (or - for stdin), or the hand's options: see --help"))
    options = dict(short)
    options["bonuses"] = options.pop("bonus")
    if known_profile and options["bonuses"]:
        prof = tarockscore.profile_for({}, profile_ref)
        playable = [s.name for s in prof.playable_steps]
        options["kontra_steps"] = playable + [
            a for a, step in prof.kontra.aliases.items() if step in playable
        ]
    return tarockscore.hand_from_short_form(**options), COMMAND_LINE


@contextmanager
def hand_errors(name: str, short: dict[str, Any]) -> Iterator[None]:
    """A hand's problems located at its source; for the short form, named by the options given."""
    try:
        yield
    except HandError as exc:
        if name == COMMAND_LINE:
            exc = in_short_form(exc, short)  # type: ignore[assignment]
        raise exc.located(name) from None
