"""Shell completion of values (CLI layer): the players from the ledger, the contract, bonus and
Kontra names from its profile.

Typer's completion scripts (``tarockscore --install-completion``) ask the program itself; these
functions answer. They run only when the shell asks, never in a table command, and a ledger or
profile that cannot be read completes nothing rather than failing.
"""

from __future__ import annotations

from typing import Any

import tarockscore
from tarockscore.cli.shell.ledger_option import ledger_path_of
from tarockscore.errors import TarockError


def _ledger(ctx: Any) -> Any:
    option = _param(ctx, "ledger")
    try:
        path = ledger_path_of(option if isinstance(option, str) else None)
        return tarockscore.Evening(path).read_as_stored() if path.is_file() else None
    except (TarockError, OSError, ValueError):
        return None


def _param(ctx: Any, name: str) -> Any:
    while ctx is not None:
        if name in ctx.params:
            return ctx.params[name]
        ctx = ctx.parent
    return None


def _profile(ctx: Any) -> Any:
    led = _ledger(ctx)
    if led is not None:
        return led.profile
    name = _param(ctx, "profile")
    try:
        return tarockscore.load_profile(name if isinstance(name, str) else "koenigrufen")
    except (TarockError, OSError, ValueError):
        return None


def _matching(names: list[str], incomplete: str) -> list[str]:
    """The names that begin with what is typed, in any case, each once.

    The shell keeps only answers that begin with exactly what was typed, so the typed part is
    kept as typed: ``Solo`` completes to ``Solodreier`` (names match in any case).
    """
    typed = incomplete.casefold()
    out = (incomplete + n[len(incomplete) :] for n in names if n.casefold().startswith(typed))
    return list(dict.fromkeys(out))


def player_names(ctx: Any) -> list[str]:
    led = _ledger(ctx)
    if led is not None:
        return list(led.players)
    given = _param(ctx, "players")
    return [p.strip() for p in given.split(",") if p.strip()] if isinstance(given, str) else []


def players(ctx: Any, incomplete: str) -> list[str]:
    return _matching(player_names(ctx), incomplete)


def seat_order(ctx: Any, incomplete: str) -> list[str]:
    """``-p Anna,Be`` → ``Anna,Bert``: the next name of a comma-separated list."""
    head, _, last = incomplete.rpartition(",")
    taken = {p.casefold() for p in head.split(",") if p}
    prefix = f"{head}," if head else ""
    return [prefix + n for n in _matching(player_names(ctx), last) if n.casefold() not in taken]


def contracts(ctx: Any, incomplete: str) -> list[str]:
    profile = _profile(ctx)
    return [] if profile is None else _matching(profile.contract_names(), incomplete)


def steps(ctx: Any, incomplete: str) -> list[str]:
    """A Kontra step, or ``NAME=STEP`` for contra ad personam."""
    profile = _profile(ctx)
    if profile is None:
        return []
    names = [s.name for s in profile.playable_steps]
    names += [a for s in names for a in profile.step_aliases(s)]
    who, eq, step = incomplete.partition("=")
    if eq:
        return [f"{who}={n}" for n in _matching(names, step)]
    return _matching(names, incomplete) + [f"{p}=" for p in players(ctx, incomplete)]


def bonuses(ctx: Any, incomplete: str) -> list[str]:
    profile = _profile(ctx)
    return [] if profile is None else _matching(profile.bonus_names(), incomplete)
