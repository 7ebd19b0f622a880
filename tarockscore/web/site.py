"""What one ``serve`` serves: an evening's table, or every drawn table of a tournament day (web layer).

The tables are read from the files at each request (the day's drawn tables again only when its
file changed); in memory are kept only a lock per table and the count of wrong codes per client.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tarockscore
from tarockscore.errors import TarockError
from tarockscore.web.journal import ORGANISER, Journal, same_code

EVENING = "evening"
DAY_FILE = "tournament.toml"  # a tournament folder's own file, which a draw changes
JOURNAL_NAME = "serve.sqlite3"


@dataclass(frozen=True, slots=True)
class Place:
    """One table served: its key in the addresses, its round and number (None for an evening)."""

    key: str
    round: int | None
    table: int | None
    players: tuple[str, ...]
    games: int | None
    evening: tarockscore.Evening

    @property
    def path(self) -> str:
        return f"/t/{self.key}"


class Served(tarockscore.Evening):
    """A table's evening as the server reads it: its last reading is kept with the sha256 of the
    bytes it was made from, and given again while the file holds the same bytes (a page, a
    preview and a write's answer each read the ledger, often more than once). A change reads the
    file afresh under its lock, as ever."""

    __slots__ = ("_kept",)

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self._kept: Any = None

    def read(self) -> Any:
        kept = self._kept
        if kept is not None:
            try:
                same = hashlib.sha256(self.path.read_bytes()).hexdigest() == kept.sha256
            except OSError:
                same = False  # the reading below says why
            if same:
                return kept
        self._kept = kept = super().read()
        return kept


def table_key(round: int, table: int) -> str:
    return f"r{round}t{table}"


def journal_path(path: Path, tournament: bool) -> Path:
    """The journal: ``serve.sqlite3`` in a tournament's folder, ``NAME.serve.sqlite3`` beside an evening's ledger."""
    if tournament:
        return path / JOURNAL_NAME
    return path.with_name(path.stem + "." + JOURNAL_NAME)


class Limiter:
    """Wrong codes per client: past ``most`` in ``window`` seconds its wrong codes are answered 429
    until they age out; a right code still opens (a player behind the same router as a guesser is
    never locked out). At most ``clients`` clients are remembered, the quietest forgotten first."""

    def __init__(self, most: int = 10, window: float = 60.0, clients: int = 10_000) -> None:
        self.most = most
        self.window = window
        self.clients = clients
        self._wrong: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> deque[float]:
        times = self._wrong.setdefault(client, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        return times

    def wrong(self, client: str) -> bool:
        """Count a wrong code; whether the client is now past the limit (answered 429)."""
        with self._lock:
            now = time.monotonic()
            times = self._recent(client, now)
            if len(times) >= self.most:
                return True
            times.append(now)
            if len(self._wrong) > self.clients:
                self._forget(now)
            return False

    def _forget(self, now: float) -> None:
        for client in [c for c, t in self._wrong.items() if not t or now - t[-1] > self.window]:
            del self._wrong[client]
        while len(self._wrong) > self.clients:  # all recent: the oldest first
            del self._wrong[min(self._wrong, key=lambda c: self._wrong[c][-1])]


class Site:
    """The tables served from ``path`` (a ledger, or a tournament folder), their codes and locks."""

    def __init__(self, path: Path, *, limiter: Limiter | None = None) -> None:
        self.tournament = path.is_dir()  # a folder is a tournament's; its own reading says if not
        self.path = path
        if self.tournament:
            self._tournament = tarockscore.Tournament(path)
            self._tournament.read()  # a folder that is no tournament is refused at start
        else:
            self._evening = Served(path)
            table = self._evening.read().ledger.table  # an evening's players are its own for good
            self._table = Place(EVENING, None, None, table.players, table.games, self._evening)
        self.journal = Journal(journal_path(path, self.tournament))
        self.limiter = limiter or Limiter()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._codes: dict[str, str] = {}
        self._drawn: tuple[bytes | None, list[Place]] = (None, [])  # the day's file, its tables
        self._stamped: tuple[object, tuple[tuple[str, Path], ...]] = (None, ())
        self.places()

    @property
    def title(self) -> str:
        return self.path.resolve().name

    def places(self) -> list[Place]:
        """Every table served, in order (a tournament's round by round), read from the files now."""
        if self.tournament:
            try:
                raw: bytes | None = (self.path / DAY_FILE).read_bytes()
            except OSError:
                raw = None  # the day's own reading says why
            known, found = self._drawn
            if raw is None or raw != known:
                found = [
                    Place(
                        table_key(t.round, t.table),
                        t.round,
                        t.table,
                        t.players,
                        t.games,
                        Served(t.evening.path),
                    )
                    for t in self._tournament.tables()
                ]
                self._drawn = (raw, found)
        else:
            found = [self._table]
        if any(p.key not in self._codes for p in found):
            self._codes = self.journal.codes(p.key for p in found)
        return found

    def place(self, key: str) -> Place | None:
        return next((p for p in self.places() if p.key == key), None)

    def code(self, key: str) -> str:
        """The code of a table (or ``organiser``)."""
        return self._codes[key]

    def opens(self, key: str, given: str) -> bool:
        """Whether ``given`` is the code of table ``key`` or the organiser's (constant time, both compared)."""
        table = same_code(given, self._codes.get(key, ""))
        organiser = same_code(given, self._codes[ORGANISER])
        return bool(given) and (table or organiser)

    def is_organiser(self, given: str) -> bool:
        return bool(given) and same_code(given, self._codes[ORGANISER])

    def lock(self, key: str) -> threading.Lock:
        with self._locks_lock:
            return self._locks.setdefault(key, threading.Lock())

    def stamp(self) -> tuple[tuple[str, int, int], ...]:
        """What changes whenever a ledger is written (by this server or the command line): each
        table's key with its ledger's mtime and size. Only ``stat``: the day's file is read again
        (for its tables) only when its own ``stat`` changed, no ledger is read."""
        if self.tournament:
            try:
                st = os.stat(self.path / DAY_FILE)
                seen: object = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
            except OSError:
                seen = None
            if seen != self._stamped[0]:
                try:
                    self._stamped = (seen, tuple((p.key, p.evening.path) for p in self.places()))
                except TarockError:  # the day cannot be read now: its tables as last read
                    pass
            ledgers = self._stamped[1]
        else:
            ledgers = ((EVENING, self._evening.path),)
        out = []
        for key, path in ledgers:
            try:
                st = os.stat(path)
            except OSError:
                continue
            out.append((key, st.st_mtime_ns, st.st_size))
        return tuple(out)

    def day(self) -> tarockscore.Tournament:
        """The tournament day served (a tournament's site only): its rounds as drawn, for the cards."""
        return self._tournament

    def standings(self) -> tarockscore.DayStandings | None:
        return self._tournament.standings() if self.tournament else None
