"""What a ledger file stores, as the evening its log folds to: each hand's and audit entry's table."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from tarockscore.evening import fold
from tarockscore.evening import store as ledger_file
from tarockscore.evening.model import Ledger


def stored_hands(path: str | Path) -> list[dict[str, Any]]:
    """Every hand of the evening now, as its entry of the log stores it (``id``, ``entry``, ``result``)."""
    return [fold.hand_mapping(e) for e in ledger_file.read(Path(path)).ledger.hands]


def stored_audit(path: str | Path) -> list[dict[str, Any]]:
    """Every audit entry of the evening, as its entry of the log stores it."""
    return [fold.audit_mapping(a) for a in ledger_file.read(Path(path)).ledger.audit]


def read_back(ledger: Ledger) -> tuple[str, Ledger]:
    """``ledger`` written as a new file and read again: the file's text and the evening it folds to."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ledger.toml"
        ledger_file.create(path, ledger)
        return path.read_text(encoding="utf-8"), ledger_file.read(path).ledger


def rechained(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (a ledger's mapping, edited) with every hash of its chain worked out again, as
    docs/ledger-format.md ("The chain") says: what a forger does after an edit."""
    import hashlib
    import json

    def sha(value: Any) -> str:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    prev = sha({k: v for k, v in doc.items() if k != "event"})
    for event in doc.get("event", []):
        event["chain"] = {"prev": prev}
        prev = event["chain"]["hash"] = sha({**event, "chain": {"prev": prev}})
    return doc


def resealed(path: str | Path, edit: Any) -> None:
    """The ledger at ``path`` edited by ``edit`` (called with its mapping) and written back with
    every hash worked out again (:func:`rechained`): an edit the chain alone cannot see."""
    import tomllib

    import tomli_w

    doc = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    edit(doc)
    Path(path).write_text(tomli_w.dumps(rechained(doc)), encoding="utf-8")


def unfolded(text: str) -> str:
    """Printed text with each line folded into 80 columns (its later lines indented two further
    than its first) read as the one line it is."""
    return re.sub(r"^( *)(\S.*(?:\n\1  \S.*)+)", lambda m: re.sub(r"\n +", " ", m[0]), text, flags=re.M)
