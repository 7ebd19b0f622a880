"""A tournament format: what the day is ranked by, the table rank points, the tie-breaks (core layer).

Formats are data (``formats/*.toml``, each citing its source; docs/tournament.md, Formats).
"""

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from tarockscore.errors import N_, Collector, TournamentError, near_miss, one_of
from tarockscore.rules.reader import Reader, type_name

SCHEMA = 1


class Total(StrEnum):
    SCHRIFT = "schrift"
    RANK_POINTS = "rank_points"
    BOTH = "schrift+rank_points"


class TieBreak(StrEnum):
    SCHRIFT = "schrift"  # the higher Schrift
    RANK_POINTS = "rank_points"  # the more rank points
    TABLE_RANKS = "table_ranks"  # the better table ranks: more table wins, then more seconds, …
    BEST_ROUND = "best_round"  # the higher Schrift in one's best round


class Format(NamedTuple):
    name: str
    title: str
    source: str
    total: Total
    tie_breaks: tuple[TieBreak, ...]
    rank_points: Mapping[int, tuple[int, ...]]  # table size → points for place 1, 2, …
    document: Mapping[str, Any]
    title_de: str = ""  # the title in German, where the file gives one

    def points_for(self, size: int) -> tuple[int, ...]:
        return self.rank_points.get(size, (0,) * size)

    def title_in(self, language: str) -> str:
        """The title for a reader of ``language``: ``title_de`` for German where given, else ``title``."""
        return self.title_de if language == "de" and self.title_de else self.title


_SIZES = {"four": 4, "five": 5}


def build_format(document: Mapping[str, Any], where: str = "") -> Format:
    """A format from its resolved mapping; every problem in one :class:`TournamentError`."""
    problems = Collector()
    top = Reader(document, "", problems)
    schema = top.raw("schema")
    if schema != SCHEMA or isinstance(schema, bool):
        problems.add(
            "schema",
            N_("{schema!r}: expected schema = {SCHEMA} (a tarockscore tournament format)"),
            schema=schema,
            SCHEMA=SCHEMA,
        )
    name = top.text("name")
    title = top.text("title", "")
    title_de = top.text("title_de", "")
    source = top.text("source")
    total = top.choice("total", Total)
    tie_breaks: list[TieBreak] = []
    allowed = [t.value for t in TieBreak]
    for item in top.str_list("tie_breaks"):
        if item in allowed:
            tie_breaks.append(TieBreak(item))
        else:
            problems.add(
                "tie_breaks",
                N_("{item!r} is not a tie-break; choose from {allowed}{hint}"),
                item=item,
                allowed=one_of(allowed),
                hint=near_miss(item, allowed),
            )
    rank_points: dict[int, tuple[int, ...]] = {}
    rp = top.table("rank_points", required=total is not Total.SCHRIFT)
    for key, size in _SIZES.items():
        raw = rp.raw(key)
        if raw is None:
            if total is not Total.SCHRIFT:
                problems.add(
                    f"rank_points.{key}",
                    N_("missing: the points for place 1 … {size} at a table of {size}"),
                    size=size,
                )
            continue
        ok = isinstance(raw, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
        if not ok:
            problems.add(
                f"rank_points.{key}",
                N_("{raw!r} is {kind}; expected an array of {size} whole numbers"),
                raw=raw,
                kind=type_name(raw),
                size=size,
            )
        elif len(raw) != size:
            problems.add(
                f"rank_points.{key}",
                N_("{raw!r} has {count} numbers; a table of {size} has {size} places"),
                raw=raw,
                count=len(raw),
                size=size,
            )
        else:
            rank_points[size] = tuple(raw)
    rp.finish()
    top.finish()
    if problems:
        raise (
            TournamentError(problems.problems).located(where) if where else TournamentError(problems.problems)
        )
    return Format(
        name=name,
        title=title,
        title_de=title_de,
        source=source,
        total=total,
        tie_breaks=tuple(tie_breaks),
        rank_points=rank_points,
        document=dict(document),
    )
