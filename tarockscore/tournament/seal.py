"""The seal of a tournament file: a digest of what the commands wrote, part by part (core layer, pure).

A day's ``tournament.toml`` is sealed as a ledger is: each command that changes it writes the
digest of the whole content beside a digest of each part (``rounds``, ``games``, ``players``,
``format.rank_points``, ``round 1``, …), so a file edited outside tarockscore is refused naming
the parts that changed, not merely "the file changed". The trace (each command's entry) is a part
of its own, so a trace entry cannot be removed unseen either.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

KEY = "seal"
# Tables whose keys are sealed one by one, so that an edit names the key (format.rank_points).
_BY_KEY = ("format",)
# 64 bits a part name an edit beyond doubt; the digest of the whole is as long (the parts' digests
# in it): an editor who means to pass the seal can recompute any digest, as for a ledger.
WIDTH = 16


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:WIDTH]


def parts(content: Mapping[str, Any]) -> dict[str, str]:
    """Each part's digest: a top-level key, a key of the format, each drawn round."""
    out: dict[str, str] = {}
    for key, value in content.items():
        if key == KEY:
            continue
        if key in _BY_KEY and isinstance(value, Mapping):
            for sub, inner in value.items():
                out[f"{key}.{sub}"] = _digest(inner)
        elif key == "round" and isinstance(value, list):
            for item in value:
                number = item.get("number") if isinstance(item, Mapping) else None
                out[f"round {number}"] = _digest(item)
        else:
            out[key] = _digest(value)
    return out


def seal(content: Mapping[str, Any]) -> dict[str, Any]:
    """The seal of ``content`` (the file's mapping without its seal)."""
    each = parts(content)
    return {"sha256": _digest(each), "parts": each}


def changed(content: Mapping[str, Any], stored: object) -> list[str] | None:
    """The parts of ``content`` that differ from the ``stored`` seal (added, removed or edited),
    sorted; an empty list when the seal itself was edited; None when the file is as sealed."""
    each = parts(content)
    if isinstance(stored, Mapping) and stored.get("sha256") == _digest(each):
        sealed = stored.get("parts")
        if isinstance(sealed, Mapping) and dict(sealed) == each:
            return None
    sealed = stored.get("parts") if isinstance(stored, Mapping) else None
    if not isinstance(sealed, Mapping):
        return []
    names = set(each) | set(sealed)
    return sorted(n for n in names if each.get(n) != sealed.get(n))
