"""The server's journal: table codes and request keys with their answers, in one sqlite3 file (web layer).

The ledgers stay the only record of the hands; the journal keeps each table's code (so printed
cards stay valid) and each write's request key with its answer (so a resend gets the stored
answer, not a second hand). A write is journalled *pending* before the ledger is written and
*done* after, each committed: a resend of a key left pending is decided by the ledger's version
alone, so no confirmed hand is lost and none is written twice.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# A table's code is typed from a card at worst: letters and digits that do not look alike.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
TABLE_CODE_LENGTH = 8  # 31**8: about 8.5e11 codes, against a few guesses a minute
ORGANISER_CODE_LENGTH = 12
ORGANISER = "organiser"

# Answers kept (each with its sheet): a phone resends within minutes; a day has a few hundred hands.
KEEP_REQUESTS = 2_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS codes (place TEXT PRIMARY KEY, code TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS requests (
    key TEXT PRIMARY KEY,
    place TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
    expected TEXT NOT NULL,
    status INTEGER,
    answer TEXT,
    seq INTEGER NOT NULL
);
"""


def new_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def same_code(given: str, kept: str) -> bool:
    """Whether a code given matches the one kept, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8"), kept.encode("utf-8"))


@dataclass(frozen=True, slots=True)
class Stored:
    """A request key as journalled: pending (written before the ledger) or done, with its answer."""

    state: str
    expected: str
    status: int | None
    answer: dict[str, Any] | None


class Journal:
    """The journal file; each call is one short transaction (the connection is shared by threads)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        # FULL: a commit is on the disk before the ledger is written (the order the promise needs).
        self._db.execute("PRAGMA journal_mode=DELETE")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- codes --------------------------------------------------------------------------------

    def codes(self, places: Iterable[str]) -> dict[str, str]:
        """The code of each place (a table's key, or the organiser's), made once and then kept."""
        wanted = [*places, ORGANISER]
        with self._lock:
            kept = dict(self._db.execute("SELECT place, code FROM codes").fetchall())
            fresh = {
                p: new_code(ORGANISER_CODE_LENGTH if p == ORGANISER else TABLE_CODE_LENGTH)
                for p in wanted
                if p not in kept
            }
            if fresh:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany("INSERT INTO codes VALUES (?, ?)", fresh.items())
                self._db.execute("COMMIT")
        return {p: kept.get(p) or fresh[p] for p in wanted}

    # -- request keys -------------------------------------------------------------------------

    def stored(self, key: str) -> Stored | None:
        with self._lock:
            row = self._db.execute(
                "SELECT state, expected, status, answer FROM requests WHERE key = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        state, expected, status, answer = row
        return Stored(state, expected, status, json.loads(answer) if answer is not None else None)

    def pending(self, key: str, place: str, expected: str) -> None:
        """Journal the key as pending, committed, before its ledger write."""
        self._put(key, place, "pending", expected, None, None)

    def done(self, key: str, place: str, expected: str, status: int, answer: dict[str, Any]) -> None:
        """Journal the answer of the key, once its ledger write (or refusal) is final."""
        self._put(key, place, "done", expected, status, json.dumps(answer, ensure_ascii=False))

    def _put(
        self, key: str, place: str, state: str, expected: str, status: int | None, answer: str | None
    ) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            seq = self._db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM requests").fetchone()[0]
            self._db.execute(
                "INSERT OR REPLACE INTO requests VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, place, state, expected, status, answer, seq),
            )
            self._db.execute("DELETE FROM requests WHERE seq <= ?", (seq - KEEP_REQUESTS,))
            self._db.execute("COMMIT")
