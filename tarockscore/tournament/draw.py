"""The draw: everyone seated at tables of four, and of five only where the count needs them (core layer).

Shuffled with ``random.Random(seed)``, the tables of five given to the players who sat at fives least
often in earlier rounds, then players swapped between tables while that lowers the meetings repeated
from earlier rounds, within a bounded number of tries; of draws with as few repeats, the one whose
players left for the next round's fives met least (docs/tournament.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, islice

from tarockscore.errors import N_, TournamentError, counted, message

RESTARTS = 60  # fresh shuffles tried when a draw with no repeated pair is not found at once
SIDEWAYS = 5  # swaps that keep the repeats, tried from a draw no single swap improves


class UnseatableCount(TournamentError):
    """A number of players that no mix of tables of four and five seats."""


def table_sizes(n: int) -> tuple[int, ...]:
    """The table sizes for ``n`` players: fours first, then the fives the count needs."""
    fives = n % 4
    if n < 4 or 5 * fives > n:
        below = [m for m in range(4, n) if 5 * (m % 4) <= m]
        above = next(m for m in range(max(n + 1, 4), n + 6) if 5 * (m % 4) <= m)
        nearest = [*below[-1:], above]
        hint = message(
            N_("; {counts} players can be seated"),
            counts=message(N_("{a} or {b}"), a=nearest[0], b=nearest[1]) if len(nearest) == 2 else above,
        )
        if n < 4:
            why = message(N_("a table needs at least four players"))
        else:
            over = N_(
                "{n} = 4 × {fours} + {left}: the {left} left over would need {fives} tables of five, which take {needed} players"
            )
            why = message(over, n=n, fours=n // 4, left=n % 4, fives=fives, needed=5 * fives)
        said = counted(
            "{n} player cannot be seated at tables of four and five ({reason}){hint}",
            "{n} players cannot be seated at tables of four and five ({reason}){hint}",
            n,
            n=n,
            reason=why,
            hint=hint,
        )
        raise UnseatableCount(said)
    return (4,) * ((n - 5 * fives) // 4) + (5,) * fives


def _pairs(tables: Iterable[Sequence[str]]) -> Iterator[frozenset[str]]:
    """Each pair of players who sit at one of ``tables``."""
    return (frozenset(pair) for table in tables for pair in combinations(table, 2))


def met(rounds: Iterable[Iterable[Sequence[str]]]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table in the given rounds."""
    return Counter(pair for tables in rounds for pair in _pairs(tables))


def repeats(tables: Sequence[Sequence[str]], history: Counter[frozenset[str]]) -> int:
    """The number of pairs at the same table who met before (a pair met twice counts twice)."""
    return sum(history.get(pair, 0) for pair in _pairs(tables))


def _cost_with(player: str, table: Sequence[str], skip: str, history: Counter[frozenset[str]]) -> int:
    return sum(history.get(frozenset((player, other)), 0) for other in table if other != skip)


def _swaps(
    tables: list[list[str]], history: Counter[frozenset[str]], fives: Counter[str], rng: random.Random
) -> Iterator[tuple[int, int, int, int, int]]:
    """Each swap of a player (in a shuffled order) who met someone at their table with one at another
    table, and how it changes the repeats: ``(delta, t, i, u, j)`` swaps ``tables[t][i]`` and
    ``tables[u][j]``. A swap between a table of four and one of five takes two players who sat at
    fives equally often (``fives``), so the fives stay with those who sat there least."""
    order = [(t, i) for t, table in enumerate(tables) for i in range(len(table))]
    rng.shuffle(order)
    for t, i in order:
        a = tables[t][i]
        here = _cost_with(a, tables[t], a, history)
        if not here:
            continue
        for u, other in enumerate(tables):
            if u == t:
                continue
            for j, b in enumerate(other):
                if len(other) != len(tables[t]) and fives[a] != fives[b]:
                    continue
                after = _cost_with(a, other, b, history) + _cost_with(b, tables[t], a, history)
                yield after - here - _cost_with(b, other, b, history), t, i, u, j


def _improve(
    tables: list[list[str]], history: Counter[frozenset[str]], fives: Counter[str], rng: random.Random
) -> int:
    """Swap players between tables while a swap lowers the repeats; the repeats left. Where no swap
    lowers them, one that keeps them is taken, up to ``SIDEWAYS`` times, and the best tables seen
    are kept."""
    cost = repeats(tables, history)
    best, best_cost = [list(table) for table in tables], cost
    sideways = 0
    while cost:
        level: list[list[int]] = []
        for delta, *swap in _swaps(tables, history, fives, rng):
            if delta < 0:
                break
            if delta == 0:
                level.append(swap)
        else:  # no swap lowers the repeats
            if not level or sideways == SIDEWAYS:
                break
            swap = rng.choice(level)
            delta = 0
            sideways += 1
        t, i, u, j = swap
        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
        cost += delta
        if cost < best_cost:
            best, best_cost = [list(table) for table in tables], cost
    tables[:] = best
    return best_cost


def _ahead(tables: list[list[str]], history: Counter[frozenset[str]], fives: Counter[str], seats: int) -> int:
    """The meetings among the players left at fewest fives, whom the next round seats at its fives first.

    Counted only when they are at most twice the next round's seats at fives (``seats``): then it
    matters which of the tied players sit at this round's fives. With one five, the next round
    seats five of them there: the five who met least.
    """
    after = fives.copy()
    after.update(p for table in tables if len(table) == 5 for p in table)
    least = min(after[p] for table in tables for p in table)
    left = [p for table in tables for p in table if after[p] == least]
    if not seats or len(left) > 2 * seats:
        return 0
    now = met([tables])
    groups = combinations(left, 5) if seats == 5 < len(left) else [left]  # one five: its best five
    return min(sum(history.get(pair, 0) + now.get(pair, 0) for pair in _pairs([group])) for group in groups)


def draw(
    players: Sequence[str], earlier: Iterable[Iterable[Sequence[str]]], seed: int | str
) -> list[list[str]]:
    """Tables for ``players``, in seat order, avoiding pairs who met in ``earlier`` rounds."""
    sizes = table_sizes(len(players))
    rounds = [list(tables) for tables in earlier]
    history = met(rounds)
    fives = Counter(p for tables in rounds for table in tables if len(table) == 5 for p in table)
    rng = random.Random(f"tarockscore draw {seed}")
    best: list[list[str]] | None = None
    best_cost = (0, 0)
    seats = sum(size for size in sizes if size == 5)
    for _ in range(RESTARTS):
        pool = list(players)
        rng.shuffle(pool)
        pool.sort(key=lambda p: -fives[p])  # the fives are seated last: to those who sat there least
        seats_left = iter(pool)
        tables = [list(islice(seats_left, size)) for size in sizes]
        # the tables swapped first, then their players left for the next fives counted
        cost = (_improve(tables, history, fives, rng), _ahead(tables, history, fives, seats))
        if best is None or cost < best_cost:
            best, best_cost = [list(t) for t in tables], cost
        if best_cost == (0, 0):
            break
    assert best is not None
    for table in best:
        rng.shuffle(table)  # the seat order: the draw decides who sits where
    return best
