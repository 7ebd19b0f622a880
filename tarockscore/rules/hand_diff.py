"""What changed between two versions of a hand, key by key, as a correction names it (rules core, pure)."""

from __future__ import annotations

from tarockscore.errors import N_, message
from tarockscore.rules.hand import Hand, hand_to_mapping


def _shown(key: str, value: object) -> str:
    """A key's value as the table says it: a Kontra step by its name (``Rekontra``), a bonus by
    its name and flags, any other value as written in a hand file."""
    if value is None:
        return "–"
    if key == "kontra" and isinstance(value, str):
        return value.title()
    if key == "bonus" and isinstance(value, list):
        return "; ".join(_bonus(b) for b in value) or "–"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return ", ".join(f"{k}={_shown(key, v)}" for k, v in value.items())
    return str(value)


def _bonus(b: dict[str, object]) -> str:
    flags = [str(b.get("side")), "announced" if b.get("announced") else "silent"]
    flags.append("made" if b.get("made") else "lost")
    if b.get("kontra"):
        flags.append(str(b["kontra"]).title())
    return f"{b.get('name')} ({', '.join(flags)})"


def hand_changes(old: Hand, new: Hand) -> str:
    """``kontra: Kontra → Rekontra``, one clause a changed key, in the hand file's order of the
    keys; "nothing changed" where the two are the same hand."""
    before, after = dict(hand_to_mapping(old)), dict(hand_to_mapping(new))
    clauses = [
        f"{key}: {_shown(key, before.get(key))} → {_shown(key, after.get(key))}"
        for key in dict.fromkeys([*before, *after])
        if before.get(key) != after.get(key)
    ]
    return "; ".join(clauses) if clauses else message(N_("nothing changed"))
