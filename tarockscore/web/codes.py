"""The table codes of ``serve``: each table's and the organiser's, made once and kept in a small
file beside the sheets, readable by its owner alone (web layer).

The ledgers are the only record of what the phones wrote (each entry carries its request key);
this file keeps nothing but the codes, so that the printed cards stay valid after a restart. A
code that cannot be kept (a full disk, a read-only folder) still opens its table until the
server stops: the failure is said on the terminal and never stops a write.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path

import tomli_w

from tarockscore.errors import N_, UsageError
from tarockscore.i18n import _

# A table's code is typed from a card at worst: letters and digits that do not look alike.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
TABLE_CODE_LENGTH = 8  # 31**8: about 8.5e11 codes, against a few guesses a minute
ORGANISER_CODE_LENGTH = 12
ORGANISER = "organiser"
CODES_NAME = "serve-codes.toml"
MAX_FILE = 256 * 1024  # a day of a few hundred tables' codes is a few KiB


def new_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def same_code(given: str, kept: str) -> bool:
    """Whether a code given matches the one kept, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8"), kept.encode("utf-8"))


def codes_path(path: Path, tournament: bool) -> Path:
    """``serve-codes.toml`` in a tournament's folder, ``NAME.serve-codes.toml`` beside an evening's ledger."""
    if tournament:
        return path / CODES_NAME
    return path.with_name(path.stem + "." + CODES_NAME)


class Codes:
    """The codes file: read at start (a file that is no codes file is refused then), each new
    table's code added to it as the table appears, written whole (temp file, fsync, rename,
    mode 0600)."""

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
            table = tomllib.loads(data.decode("utf-8")) if len(data) <= MAX_FILE else None
        except (UnicodeDecodeError, tomllib.TOMLDecodeError):
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
                if tmp.exists():
                    tmp.unlink()
        except OSError as exc:
            if self.warn is not None:
                said = _(
                    "{path}: the table codes could not be kept ({why}); they open their tables until the server stops"
                )
                self.warn(said.format(path=self.path, why=exc.strerror or exc))
