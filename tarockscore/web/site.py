"""What one ``serve`` serves: an evening's table, or every drawn table of a tournament day (web layer).

The tables are read from the files at each request (a table's ledger again only when its bytes
changed, the day's drawn tables only when its file did); in memory are kept only a lock per
table, the codes (their file: :mod:`tarockscore.web.codes`) and the count of wrong codes per client.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import tarockscore
from tarockscore.errors import TarockError
from tarockscore.render import evening as render_evening
from tarockscore.web.codes import ORGANISER, Codes, codes_path, same_code

EVENING = "evening"
DAY_FILE = "tournament.toml"  # a tournament folder's own file, which a draw changes


@dataclass(frozen=True, slots=True)
class Place:
    """One table served: its key in the addresses, its round and number (None for an evening)."""

    key: str
    round: int | None
    table: int | None
    players: tuple[str, ...]
    games: int | None
    evening: tarockscore.Evening
    closed: bool = False

    @property
    def path(self) -> str:
        return f"/t/{self.key}"


def table_key(round: int, table: int) -> str:
    return f"r{round}t{table}"


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

    def __init__(
        self, path: Path, *, limiter: Limiter | None = None, warn: Callable[[str], None] | None = None
    ) -> None:
        self.tournament = path.is_dir()  # a folder is a tournament's; its own reading says if not
        self.path = path
        self._named: str | None = None  # the day's title, as the day began
        if self.tournament:
            self._tournament = tarockscore.Tournament(path)
            day = self._tournament.read()  # a folder that is no tournament is refused at start
            self._named = day.title
        else:
            self._evening = tarockscore.Evening(path)
            # an evening's table (its players, its game limit) is the one it began with: read once,
            # so that a sheet edited while served is refused where it is read, not at every address
            self._table = self._evening.read().ledger.table
        self.keeper = Codes(codes_path(path, self.tournament), warn)
        self.limiter = limiter or Limiter()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._codes: dict[str, str] = {}
        self._drawn: tuple[bytes | None, list[Place]] = (None, [])  # the day's file, its tables
        self._stamped: tuple[object, tuple[tuple[str, Path], ...]] = (None, ())
        self.places()

    @property
    def title(self) -> str:
        """The day's title as tournament.toml has it (else its folder's name); an evening's place
        and date as its ledger has them, else "Evening of DATE", in the reader's language."""
        if self.tournament:
            return self._named or self.path.resolve().name
        return render_evening.evening_title(self._table)

    def places(self) -> list[Place]:
        """Every table served, in order (a tournament's round by round), read from the files now
        (the day's drawn tables again only when its file changed: a round drawn, a round closed)."""
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
                        t.evening,
                        t.closed,
                    )  # fmt: skip
                    for t in self._tournament.tables()
                ]
                self._drawn = (raw, found)
        else:
            table = self._table
            found = [Place(EVENING, None, None, table.players, table.games, self._evening)]
        # a day served before its first draw has no table yet, but the organiser's code already
        if not self._codes or any(p.key not in self._codes for p in found):
            self._codes = self.keeper.codes(p.key for p in found)
        return found

    def place(self, key: str) -> Place | None:
        return next((p for p in self.places() if p.key == key), None)

    def code(self, key: str) -> str:
        """The code of a table (or ``organiser``)."""
        return self._codes[key]

    def opens(self, place: Place, given: str) -> bool:
        """Whether ``given`` writes to ``place`` now: the table's own code while its round is
        open, the organiser's always (constant time, both compared)."""
        table = same_code(given, self._codes.get(place.key, ""))
        organiser = same_code(given, self._codes[ORGANISER])
        return bool(given) and ((table and not place.closed) or organiser)

    def is_code(self, place: Place, given: str) -> bool:
        """Whether ``given`` is the table's own code or the organiser's, its round open or not
        (a closed round's code still reads its table)."""
        return bool(given) and (
            same_code(given, self._codes.get(place.key, "")) or same_code(given, self._codes[ORGANISER])
        )

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
