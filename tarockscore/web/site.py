"""What one ``serve`` serves: an evening's table, or every drawn table of a tournament day, and the
codes that open them (web layer; the codes file: docs/serve.md). The tables are read from the files
at each request; in memory are kept only a lock per table, the codes and the wrong codes per client."""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import threading
import time
import tomllib
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import tomli_w

import tarockscore
from tarockscore.errors import N_, TarockError, UsageError
from tarockscore.i18n import _
from tarockscore.render import evening as render_evening

# A table's code is typed from a card at worst: letters and digits that do not look alike.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
TABLE_CODE_LENGTH = 8  # 31**8: about 8.5e11 codes, against a few guesses a minute
ORGANISER_CODE_LENGTH = 12
ORGANISER = "organiser"
CODES_NAME = "serve-codes.toml"  # in a tournament's folder; NAME.serve-codes.toml beside an evening's ledger
MAX_FILE = 256 * 1024  # a day of a few hundred tables' codes is a few KiB
MAX_DOTS = 32


def new_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def same_code(given: str, kept: str) -> bool:
    """Whether a code given matches the one kept, compared in constant time. A code is its letters:
    typed by hand, in capitals (a phone's keyboard capitalises the first) or with spaces, it is the same."""
    typed = "".join(given.split()).lower()
    return hmac.compare_digest(typed.encode("utf-8"), kept.encode("utf-8"))


class Codes:
    """The codes file: read at start, each new table's code added, written whole (mode 0600)."""

    def __init__(self, path: Path, warn: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.warn = warn
        self._lock = threading.Lock()
        self._kept = self._read()

    def _read(self) -> dict[str, str]:
        try:
            if os.path.islink(self.path) or (self.path.exists() and not self.path.is_file()):
                raise OSError("not a regular file")
            with open(self.path, "rb") as f:
                data = f.read(MAX_FILE + 1)
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise UsageError(
                N_("{path}: the table codes cannot be read ({why}); remove it to make new codes"),
                path=self.path,
                why=exc.strerror or str(exc),
            ) from None
        try:
            # a file of codes has a dot or two in its comment; many dots make a key of many parts,
            # which the TOML reader takes minutes and gigabytes over: not a file this server wrote
            readable = len(data) <= MAX_FILE and data.count(b".") <= MAX_DOTS
            table = tomllib.loads(data.decode("utf-8")) if readable else None
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError):
            table = None
        codes = table.get("codes") if isinstance(table, dict) else None
        if not isinstance(codes, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and v.isascii() and v.isalnum() and len(v) >= 8
            for k, v in codes.items()
        ):
            raise UsageError(
                N_(
                    "{path}: not a file of table codes; remove it to make new codes (printed cards then need printing again)"
                ),
                path=self.path,
            )
        return dict(codes)

    def codes(self, places: Iterable[str]) -> dict[str, str]:
        """The code of each place (a table's key, and the organiser's), made once and then kept."""
        wanted = [*places, ORGANISER]
        with self._lock:
            fresh = {
                p: new_code(ORGANISER_CODE_LENGTH if p == ORGANISER else TABLE_CODE_LENGTH)
                for p in wanted
                if p not in self._kept
            }
            if fresh:
                self._kept.update(fresh)
                self._save()
            return {p: self._kept[p] for p in wanted}

    def _save(self) -> None:
        data = tomli_w.dumps({"codes": dict(sorted(self._kept.items()))}).encode("utf-8")
        tmp = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(
                        b"# The table codes of `tarockscore serve`: keep this file to keep the printed cards valid.\n"
                    )
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, self.path)
            finally:
                tmp.unlink(missing_ok=True)
        except OSError as exc:
            if self.warn is not None:
                said = _(
                    "{path}: the table codes could not be kept ({why}); they open their tables until the server stops"
                )
                self.warn(said.format(path=self.path, why=exc.strerror or exc))


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

    def wrong(self, client: str) -> bool:
        """Count a wrong code; whether the client is now past the limit (answered 429)."""
        with self._lock:
            now = time.monotonic()
            times = self._wrong.setdefault(client, deque())
            while times and now - times[0] > self.window:  # aged out
                times.popleft()
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
            # the tournament day served (a tournament's site only): its rounds as drawn, for the cards
            self.day = tarockscore.Tournament(path)
            self._named = self.day.read().title  # a folder that is no tournament is refused at start
        else:
            self._evening = tarockscore.Evening(path)
            # an evening's table (its players, its game limit) is the one it began with: read once,
            # so that a sheet edited while served is refused where it is read, not at every address
            self._table = self._evening.read().ledger.table
        codes = path / CODES_NAME if self.tournament else path.with_name(f"{path.stem}.{CODES_NAME}")
        self.keeper = Codes(codes, warn)
        self.limiter = limiter or Limiter()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._codes: dict[str, str] = {}
        self._drawn: tuple[bytes | None, list[Place]] = (None, [])  # the day's file, its tables
        self._ledgers: list[Place] = []  # each table, as last read (for the stamp)
        self.places()

    @property
    def title(self) -> str:
        """The day's title (else its folder's name), or an evening's place and date, in the reader's words."""
        if self.tournament:
            return self._named or self.path.resolve().name
        return render_evening.evening_title(self._table)

    def places(self) -> list[Place]:
        """Every table served, in order, read from the files now."""
        if self.tournament:
            try:
                raw: bytes | None = (self.path / DAY_FILE).read_bytes()
            except OSError:
                raw = None  # the day's own reading says why
            known, found = self._drawn
            if raw is None or raw != known:
                found = [Place(f"r{t.round}t{t.table}", *t) for t in self.day.tables()]
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
        """Whether ``given`` writes to ``place`` now (constant time, both codes compared)."""
        table = same_code(given, self._codes.get(place.key, ""))
        organiser = same_code(given, self._codes[ORGANISER])
        return bool(given) and ((table and not place.closed) or organiser)

    def is_code(self, place: Place, given: str) -> bool:
        """Whether ``given`` is the table's code or the organiser's (a closed round's code still reads)."""
        return bool(given) and same_code(given, self._codes.get(place.key, "")) or self.is_organiser(given)

    def is_organiser(self, given: str) -> bool:
        return bool(given) and same_code(given, self._codes[ORGANISER])

    def lock(self, key: str) -> threading.Lock:
        with self._locks_lock:
            return self._locks.setdefault(key, threading.Lock())

    def stamp(self) -> tuple[tuple[str, int, int, int, bool], ...]:
        """Each table's key with its ledger's mtime, size and mode, and whether its round is closed:
        changes whenever a ledger is written, when it is made read-only (the evening closed) or
        writable again, and when its round is closed at the desk."""
        with contextlib.suppress(TarockError):  # the day cannot be read now: its tables as last read
            self._ledgers = self.places()
        out = []
        for place in self._ledgers:
            try:
                st = os.stat(place.evening.path)
            except OSError:
                continue
            out.append((place.key, st.st_mtime_ns, st.st_size, st.st_mode, place.closed))
        return tuple(out)

    def standings(self) -> tarockscore.DayStandings | None:
        return self.day.standings() if self.tournament else None
