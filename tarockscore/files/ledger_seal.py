"""The digest that seals a ledger file: what it covers, and a sealed file read for an edit (I/O layer).

A ledger that passed its check is written with the sha256 of what the check read
(:func:`ledger_digest`, docs/ledger-format.md); an unchanged file need not be re-scored to be
trusted again (``files.ledger_file`` decides when). A file read for an edit keeps its
:class:`Seal`, so that the digest of the ledger with a hand added hashes only the new hand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from tarockscore.errors import LedgerError
from tarockscore.files.ledger_codec import Locate, read_ledger, table_mapping
from tarockscore.ledger.model import Ledger

DIGEST_FORMAT = "tarockscore ledger digest 2"


def ledger_digest(ledger: Ledger, seal: Seal | None = None) -> str | None:
    """sha256 of what the ledger's check reads; a file stores it only with a ledger that passed.

    The canonical JSON (sorted keys, no spaces, UTF-8) of ``[format, table, profile sha256,
    [[entry, [victory_points, payout, won, radl]] for every hand]]``; a hand whose id is not its
    number adds ``id`` to its item, and a ledger with Radl marks adds ``[[after, hands, at] for
    every mark]`` to the list (so a ledger of neither has the digest it had before ids and marks
    were stored). The stored profile document is pinned by its sha256, checked on every read. None where a value has no JSON form (only a
    file edited by hand has one): such a ledger is never taken on trust.

    The program's version is not part of it: every command refuses a ledger whose digest does not
    match, so a digest that changed with every release would lock every evening out after an
    update. The evening keeps the results its table agreed under its stored profile; ``check``
    shows where this version would score a hand differently.

    ``seal``: that of the sealed ledger this one was made from (:func:`sealed_ledger`); where
    this one holds every hand of it, the very same, at the start (``record``), only the hands
    after them and the marks are hashed again. The digest is the same.
    """
    try:
        return _digest(ledger, seal)[0]
    except (TypeError, ValueError):
        return None


class Seal:
    """A sealed ledger as read, and its digest's text hashed up to the end of its hands."""

    __slots__ = ("ledger", "_hashed")

    def __init__(self, ledger: Ledger, hashed: Any) -> None:
        self.ledger = ledger
        self._hashed = hashed  # a sha256 object, copied before each use

    def shared(self, ledger: Ledger) -> tuple[int, Any] | None:
        """How many hands ``ledger`` shares with this seal's, and a copy of their hash, where it
        starts with them all, the very same, at the same table (else None)."""
        hands = self.ledger.hands
        if not hands or ledger.table is not self.ledger.table or len(ledger.hands) < len(hands):
            return None
        if any(a is not b for a, b in zip(hands, ledger.hands, strict=False)):
            return None
        return len(hands), self._hashed.copy()


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _digest(ledger: Ledger, seal: Seal | None) -> tuple[str, Any]:
    """The digest, and the hash of its text up to the end of the hands (for a :class:`Seal`).

    The text is the canonical JSON of the list :func:`ledger_digest` describes, in three parts:
    the list's head up to the hands, the hands (a JSON list is its items joined by commas), and
    the rest (the marks, if any, and the closing brackets).
    """
    shared = seal.shared(ledger) if seal is not None else None
    if shared is not None:
        done, hashed = shared
    else:
        done, t = 0, ledger.table
        head = _canonical([DIGEST_FORMAT, table_mapping(t), t.profile.sha256])[:-1] + ",["
        hashed = hashlib.sha256(head.encode("utf-8"))
    new = [
        [e.keys, [e.result.victory_points, e.result.payout, e.result.won, e.result.radl]]
        + ([e.id] if e.id != i else [])
        for i, e in enumerate(ledger.hands[done:], done + 1)
    ]
    if new:
        hashed.update((("," if done else "") + _canonical(new)[1:-1]).encode("utf-8"))
    through_hands = hashed.copy()
    marks = "," + _canonical([[m.after, m.hands, m.at] for m in ledger.radl]) if ledger.radl else ""
    hashed.update(f"]{marks}]".encode())
    return hashed.hexdigest(), through_hands


def file_digest(data: Mapping[str, Any]) -> str | None:
    """The digest a ledger file's mapping claims for its content (not yet compared with it)."""
    digest = data.get("digest")
    return digest if isinstance(digest, str) else None


def sealed_ledger(data: Mapping[str, Any], locate: Locate) -> tuple[Ledger, Seal | None]:
    """The ledger from its file's mapping, and its :class:`Seal` if it is sealed: its digest matches it.

    A sealed ledger's stored hands are read when first asked for
    (:class:`~tarockscore.ledger.model.StoredHand`): every hand in it was read and checked when
    tarockscore wrote it, and an edit asks for a few (the last deal, the Radl still pending). A
    problem such a hand has after all (a hand this version no longer takes) is raised when it is
    asked for, passed through ``locate`` (the file and line of the hand), as
    :func:`~tarockscore.files.ledger_codec.ledger_from_mapping` would have raised it. Any other
    ledger is that function's: every hand read at once, every problem said together.
    """
    claimed = file_digest(data)
    if claimed is not None:
        try:
            ledger = read_ledger(data, False, locate)
        except LedgerError:
            pass  # said as the reading of every hand says it, below
        else:
            try:
                digest, through_hands = _digest(ledger, None)
            except (TypeError, ValueError):
                pass  # a value with no JSON form: never taken on trust
            else:
                if digest == claimed:
                    return ledger, Seal(ledger, through_hands)
    return read_ledger(data, False, None), None
