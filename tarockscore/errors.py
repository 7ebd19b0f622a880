"""One exception family for everything a user can get wrong (core layer, no I/O).

Every problem carries where it was found (file, key path, ledger hand number) and what is
allowed; validation collects all problems of one input before raising, so a user fixes
everything at once. Only the CLI turns these into text on stderr and an exit code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# Control characters from a user's input are shown escaped: a line break must not split a
# message, and an escape sequence must not reach the terminal.
_ESCAPES = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F)} | {0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input: where, and what."""

    where: str
    message: str

    def render(self) -> str:
        """One line: a line break inside a quoted value must not split the message."""
        text = f"{self.where}: {self.message}" if self.where else self.message
        return text.translate(_ESCAPES)


def near_miss(value: str, allowed: Iterable[str]) -> str:
    """A ' (did you mean …?)' hint for a misspelt name, or ''."""
    import difflib  # only on the error path: keeps start-up quick

    matches = difflib.get_close_matches(value, list(allowed), n=1, cutoff=0.6)
    return f" (did you mean {matches[0]!r}?)" if matches else ""


def one_of(allowed: Iterable[str]) -> str:
    names = sorted(allowed)
    return ", ".join(repr(n) for n in names) if names else "(none)"


class TarockError(Exception):
    """Base of every user-facing error. ``exit_code`` 1: the input breaks the rules."""

    exit_code = 1

    def __init__(self, problems: Iterable[Problem] | str, *, where: str = "") -> None:
        if isinstance(problems, str):
            problems = [Problem(where, problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(p.render() for p in self.problems))

    def located(self, where: str) -> TarockError:
        """The same problems, each prefixed with an outer location (a file, a hand number)."""
        moved = [Problem(f"{where}: {p.where}" if p.where else where, p.message) for p in self.problems]
        err = type(self)(moved)
        return err


class HandError(TarockError):
    """A hand that breaks the rules of its profile."""


class ProfileError(TarockError):
    """A profile that cannot be read or breaks the profile schema."""


class LedgerError(TarockError):
    """A ledger that cannot be read, fails its own check, or changed under our feet."""


class UsageError(TarockError):
    """Bad command-line usage (exit 2)."""

    exit_code = 2


class Collector:
    """Collects problems during one validation pass."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))

    def raise_if_any(self, kind: type[TarockError]) -> None:
        if self.problems:
            raise kind(self.problems)

    def __bool__(self) -> bool:
        return bool(self.problems)
