"""The tournament as kept in ``DIR/tournament.toml`` (core layer, pure): players, rounds, the draws.

A :class:`Tournament` is an immutable value; the file layer reads and writes it
(``files/tournament_file.py``). It carries the resolved profile every table is scored under and
the resolved format the day is ranked by, so an edit of a shipped file never changes a day
already begun. Each drawn table names its own ledger, ``round-N/table-K.toml`` beside the file:
an ordinary ledger, seated in the drawn order, with the round's game limit.

The file's version key is ``tournament`` (not ``schema``), so ``tarockscore season DIR`` reads
the table ledgers of a tournament folder and skips this file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from tarockscore.errors import N_, Collector, Problem, TarockError, TournamentError, near_miss, one_of, reason
from tarockscore.ledger.model import ProfileRecord, profile_hash
from tarockscore.ledger.settle_up import parse_stake
from tarockscore.rules.profile import Reader, build_profile
from tarockscore.rules.words import name_problem, player_key, same_but_case
from tarockscore.tournament.format import Format, build_format

VERSION = 1
FILE_NAME = "tournament.toml"


@dataclass(frozen=True, slots=True)
class DrawnTable:
    table: int
    players: tuple[str, ...]  # seat order, as drawn
    games: int  # the round's game limit at this table
    ledger: str  # relative to the tournament folder: round-N/table-K.toml


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    seed: int
    drawn: str  # when
    tables: tuple[DrawnTable, ...]


@dataclass(frozen=True, slots=True)
class TraceEntry:
    """One command's change of the day's file: when, which action, and what it did."""

    at: str
    action: str  # new, add, drop, draw, result, close
    detail: str
    # the desk's note at the end of a round (action close): each table's sheet and its head then
    heads: tuple[tuple[str, str], ...] = ()
    prev: str = ""  # the chain: the hash of the entry before (the day's own hash for the first)
    hash: str = ""  # this entry's hash; "" until the file layer chains it (files.tournament_chain)


@dataclass(frozen=True, slots=True)
class PaperResult:
    """A table's Schrift for the round from its paper sheet (a table without the tool): each
    player's points in seat order, and the money points where Kontra moves the money alone."""

    round: int
    table: int
    schrift: tuple[tuple[str, int], ...]
    money: tuple[tuple[str, int], ...] | None
    at: str


@dataclass(frozen=True, slots=True)
class Tournament:
    created: str
    rounds: int
    games: int  # per round at a table of four
    games_five: int  # per round at a table of five
    players: tuple[str, ...]  # who is in the next draw
    profile: ProfileRecord
    format: Format = field(compare=False)
    format_document: Mapping[str, Any] = field(repr=False)
    stake: Decimal | None = None
    dropped: tuple[str, ...] = ()
    draws: tuple[Round, ...] = ()
    id: str = ""  # the day's own mark, kept by every sheet: a copied folder or sheet is caught
    title: str | None = None
    date: str | None = None  # ISO, YYYY-MM-DD
    place: str | None = None
    trace: tuple[TraceEntry, ...] = ()
    results: tuple[PaperResult, ...] = ()  # tables scored on paper

    def paper(self, round_number: int, table: int) -> PaperResult | None:
        return next((r for r in self.results if (r.round, r.table) == (round_number, table)), None)

    def round(self, number: int) -> Round | None:
        return next((r for r in self.draws if r.number == number), None)


def drawn_round(t: Tournament, number: int) -> Round:
    """Round ``number`` as drawn; refused, at ``round``, where it is not drawn yet."""
    drawn = t.round(number)
    if drawn is None:
        raise TournamentError(N_("{round}: round {round} is not drawn yet"), round=number, where="round")
    return drawn


def drawn_table(t: Tournament, round_number: int, table: int) -> DrawnTable:
    """Table ``table`` of round ``round_number`` as drawn; the round or table named where there is none."""
    drawn = drawn_round(t, round_number)
    found = next((d for d in drawn.tables if d.table == table), None)
    if found is None:
        raise TournamentError(
            N_("{table}: round {round} has tables 1 to {tables}"),
            table=table,
            round=round_number,
            tables=len(drawn.tables),
            where="table",
        )
    return found


def ledger_name(round_number: int, table: int) -> str:
    return f"round-{round_number}/table-{table}.toml"


def sheet_place(t: Tournament, round_number: int, table: int) -> str | None:
    """What a table's sheet keeps as its place: the day's place (or title), the round and the
    table, and the day's mark, so a sheet copied to another round, table or day is caught. A day
    begun before 0.2 has no mark, and its sheets no place, as then."""
    if not t.id:
        return None
    label = t.place or t.title
    where = f"round {round_number}, table {table}"
    return f"{label}, {where} [{t.id}]" if label else f"{where} [{t.id}]"


def traced(
    t: Tournament, at: str, action: str, detail: str, heads: tuple[tuple[str, str], ...] = ()
) -> Tournament:
    """``t`` with one more trace entry."""
    return replace(t, trace=(*t.trace, TraceEntry(at, action, detail, heads)))


def closed_heads(t: Tournament) -> dict[str, str]:
    """Each sheet's head as the desk noted it when its round was closed (the latest note counts)."""
    out: dict[str, str] = {}
    for e in t.trace:
        out.update(e.heads)
    return out


def name_problems(names: Sequence[str], where: str) -> list[Problem]:
    """Each name that breaks the rule every player's name meets, at a table or in a tournament
    (:func:`tarockscore.rules.words.name_problem`: not empty, no surrounding space, no comma, '='
    or ';', nothing a terminal does not show, at most 40 characters)."""
    problems: list[Problem] = []
    for name in names:
        wrong = name_problem(name)
        if wrong is not None:
            problems.append(Problem.of(where, N_("{name!r}: {wrong}"), name=name, wrong=wrong))
    return problems


def repeated_names(names: Sequence[str], where: str) -> list[Problem]:
    """A name given twice, or two that differ only by case (names are matched in any case)."""
    counts = Counter(names)
    duplicates = sorted(n for n, c in counts.items() if c > 1)
    if duplicates:
        return [Problem.of(where, N_("{allowed} named twice"), allowed=one_of(duplicates))]
    clashes = same_but_case(names)
    if clashes:
        return [
            Problem.of(
                where,
                N_("{allowed} differ only by case: names are matched in any case"),
                allowed=one_of(clashes),
            )
        ]
    return []


def check_names(names: Sequence[str], where: str) -> list[Problem]:
    """Problems with the players' names: the rules of ``tarockscore new --players``
    (:func:`name_problems`) and no name twice, in any case (:func:`repeated_names`)."""
    return [*name_problems(names, where), *repeated_names(names, where)]


def games_at_five(games: int) -> int | None:
    """The game limit at a table of five for ``games`` at a table of four: games × 5/4, where the
    dealer sits out, so every player deals as often as at four (16 → 20); None when it is not whole."""
    limit, rest = divmod(games * 5, 4)
    return None if rest else limit


def new_tournament(
    *,
    players: Sequence[str],
    rounds: int,
    games: int,
    games_five: int,
    profile: ProfileRecord,
    format_document: Mapping[str, Any],
    created: str,
    stake: Decimal | None = None,
    id: str = "",
    title: str | None = None,
    date: str | None = None,
    place: str | None = None,
) -> Tournament:
    return Tournament(
        created=created,
        rounds=rounds,
        games=games,
        games_five=games_five,
        players=tuple(players),
        profile=profile,
        format=build_format(format_document),
        format_document=dict(format_document),
        stake=stake,
        id=id,
        title=title,
        date=date,
        place=place,
        trace=(TraceEntry(created, "new", f"{len(players)} players, {rounds} rounds"),),
    )


def seated(tournament: Tournament) -> list[str]:
    """Everyone who sat at a drawn table, in the order they first did, then the roster."""
    out: dict[str, None] = {}
    for r in tournament.draws:
        for t in r.tables:
            out.update(dict.fromkeys(t.players))
    return list(out)


def add_player(tournament: Tournament, name: str) -> Tournament:
    problems = check_names([name], "NAME")
    if problems:
        raise TournamentError(problems)
    if name in tournament.players:
        raise TournamentError(N_("{name!r} is already in the tournament"), name=name, where="NAME")
    known = dict.fromkeys([*tournament.players, *seated(tournament), *tournament.dropped])
    other = next((o for o in known if o != name and player_key(o) == player_key(name)), None)
    if other is not None:
        raise TournamentError(
            N_("{name!r} differs from {other!r} only by case: names are matched in any case"),
            name=name,
            other=other,
            where="NAME",
        )
    dropped = tuple(p for p in tournament.dropped if p != name)
    return replace(tournament, players=(*tournament.players, name), dropped=dropped)


def drop_player(tournament: Tournament, name: str) -> Tournament:
    if name not in tournament.players:
        raise TournamentError(
            N_("{name!r} is not in the tournament; players: {names}{hint}"),
            name=name,
            names=", ".join(tournament.players),
            hint=near_miss(name, tournament.players),
            where="NAME",
        )
    return replace(
        tournament,
        players=tuple(p for p in tournament.players if p != name),
        dropped=(*tournament.dropped, name),
    )


def with_round(tournament: Tournament, drawn: Round) -> Tournament:
    """The tournament with round ``drawn.number`` drawn (a redraw replaces it)."""
    others = [r for r in tournament.draws if r.number != drawn.number]
    return replace(tournament, draws=tuple(sorted([*others, drawn], key=lambda r: r.number)))


def make_round(
    tournament: Tournament, number: int, seed: int, at: str, tables: Sequence[Sequence[str]]
) -> Round:
    return Round(
        number=number,
        seed=seed,
        drawn=at,
        tables=tuple(
            DrawnTable(
                table=k,
                players=tuple(players),
                games=tournament.games_five if len(players) == 5 else tournament.games,
                ledger=ledger_name(number, k),
            )
            for k, players in enumerate(tables, 1)
        ),
    )


# -- the file's mapping ---------------------------------------------------------------------------


def to_mapping(t: Tournament) -> dict[str, Any]:
    out: dict[str, Any] = {"tournament": VERSION, "id": t.id, "created": t.created}
    for key in ("title", "date", "place"):
        value = getattr(t, key)
        if value is not None:
            out[key] = value
    out |= {
        "rounds": t.rounds,
        "games": t.games,
        "games_five": t.games_five,
    }
    if t.stake is not None:
        out["stake"] = str(t.stake)
    out["players"] = list(t.players)
    if t.dropped:
        out["dropped"] = list(t.dropped)
    if t.draws:
        out["round"] = [
            {
                "number": r.number,
                "seed": r.seed,
                "drawn": r.drawn,
                "table": [
                    {"table": d.table, "players": list(d.players), "games": d.games, "ledger": d.ledger}
                    for d in r.tables
                ],
            }
            for r in t.draws
        ]
    out["format"] = dict(t.format_document)
    p = t.profile
    out["profile"] = {"name": p.name, "sha256": p.sha256, "document": dict(p.document)}
    if t.results:
        out["result"] = [
            {
                "round": r.round,
                "table": r.table,
                "at": r.at,
                "schrift": dict(r.schrift),
                **({"money": dict(r.money)} if r.money is not None else {}),
            }
            for r in t.results
        ]
    out["trace"] = [trace_item(e) for e in t.trace]
    return out


def trace_item(e: TraceEntry) -> dict[str, Any]:
    """A trace entry as the file keeps it; its ``chain`` as a ledger's entry has it (prev, hash)."""
    item: dict[str, Any] = {"at": e.at, "action": e.action, "detail": e.detail}
    if e.heads:
        item["heads"] = dict(e.heads)
    if e.hash:
        item["chain"] = {"prev": e.prev, "hash": e.hash}
    return item


def _points(raw: object, where: str, problems: Collector) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in raw.values()
    ):
        problems.add(where, N_("expected a table of names and whole numbers"))
        return ()
    return tuple(raw.items())


def _results(top: Reader, problems: Collector) -> tuple[PaperResult, ...]:
    raw = top.raw("result") or []
    if not isinstance(raw, list):
        problems.add("result", N_("expected an array of tables ([[result]])"))
        return ()
    out: list[PaperResult] = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict):
            problems.add(f"result {i}", N_("expected a table"))
            continue
        rr = Reader(item, f"result {i}", problems)
        number, table, at = rr.number("round", minimum=1), rr.number("table", minimum=1), rr.text("at")
        schrift = _points(rr.raw("schrift"), f"result {i}.schrift", problems)
        money = rr.raw("money")
        paid = None if money is None else _points(money, f"result {i}.money", problems)
        rr.finish()
        out.append(PaperResult(number, table, schrift, paid, at))
    return tuple(out)


def _trace(top: Reader, problems: Collector) -> tuple[TraceEntry, ...]:
    raw = top.raw("trace") or []
    if not isinstance(raw, list):
        problems.add("trace", N_("expected an array of tables ([[trace]])"))
        return ()
    out: list[TraceEntry] = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict):
            problems.add(f"trace {i}", N_("expected a table"))
            continue
        tr = Reader(item, f"trace {i}", problems)
        at, action, detail = tr.text("at"), tr.text("action"), tr.text("detail")
        heads = tr.raw("heads") or {}
        chain = tr.raw("chain") or {}
        tr.finish()
        if not isinstance(heads, dict) or not all(isinstance(v, str) for v in heads.values()):
            problems.add(f"trace {i}.heads", N_("expected a table of sheets and their heads"))
            heads = {}
        prev, hashed = (chain.get("prev"), chain.get("hash")) if isinstance(chain, dict) else (None, None)
        if chain and not (
            isinstance(prev, str) and isinstance(hashed, str) and set(chain) == {"prev", "hash"}
        ):
            problems.add(f"trace {i}.chain", N_("expected prev and hash, the chain's two hashes"))
            prev, hashed = "", ""
        out.append(TraceEntry(at, action, detail, tuple(heads.items()), prev or "", hashed or ""))
    return tuple(out)


def _seated_players(draws: Sequence[Round], players: Sequence[str], dropped: Sequence[str]) -> list[Problem]:
    """A player seated by a draw must still be a player or dropped: one removed from the file would
    leave the day without a word."""
    known = {*players, *dropped}
    problems: list[Problem] = []
    for r in draws:
        for d in r.tables:
            for name in d.players:
                if name not in known:
                    problems.append(
                        Problem.of(
                            "players",
                            N_(
                                "{name!r} sat at round {round}, table {table}, but is neither a player nor dropped: the file was edited"
                            ),
                            name=name,
                            round=r.number,
                            table=d.table,
                        )
                    )
                    known.add(name)
    return problems


def _stake(top: Reader, problems: Collector) -> Decimal | None:
    text = top.optional_str("stake")
    if text is None:
        return None
    try:
        return parse_stake(text)
    except ValueError as exc:
        problems.add("stake", reason(exc))
        return None


def _drawn_table(item: object, where: str, problems: Collector) -> DrawnTable | None:
    if not isinstance(item, dict):
        problems.add(where, N_("expected a table"))
        return None
    tr = Reader(item, where, problems)
    table = DrawnTable(
        table=tr.number("table", minimum=1),
        players=tr.str_list("players"),
        games=tr.number("games", minimum=1),
        ledger=tr.text("ledger"),
    )
    tr.finish()
    return table


def _draws(top: Reader, problems: Collector) -> tuple[Round, ...]:
    """The ``[[round]]`` tables: each draw with its seed and its tables."""
    raw_rounds = top.raw("round") or []
    if not isinstance(raw_rounds, list):
        problems.add("round", N_("expected an array of tables ([[round]])"))
        return ()
    draws: list[Round] = []
    for i, item in enumerate(raw_rounds, 1):
        if not isinstance(item, dict):
            problems.add(f"round {i}", N_("expected a table"))
            continue
        rr = Reader(item, f"round {i}", problems)
        number = rr.number("number", minimum=1)
        seed = rr.number("seed")
        drawn = rr.text("drawn")
        raw_tables = rr.raw("table") or []
        found = (
            _drawn_table(titem, f"round {i}.table {k}", problems)
            for k, titem in enumerate(raw_tables if isinstance(raw_tables, list) else [], 1)
        )
        tables = tuple(t for t in found if t is not None)
        rr.finish()
        draws.append(Round(number=number, seed=seed, drawn=drawn, tables=tables))
    return tuple(draws)


def _profile(top: Reader, problems: Collector) -> ProfileRecord | None:
    """The resolved profile, pinned by its hash; None where it cannot be used."""
    pr = top.table("profile")
    name = pr.text("name")
    sha = pr.text("sha256")
    document = pr.raw("document")
    if not isinstance(document, dict):
        problems.add("profile.document", N_("missing: the resolved profile every table is scored under"))
        document = {}
    elif sha and profile_hash(document) != sha:
        problems.add(
            "profile.document", N_("its sha256 does not match profile.sha256: the stored profile was edited")
        )
    pr.finish()
    if not document or problems:
        return None
    try:
        rules = build_profile(document, "profile.document")
    except TarockError as exc:
        problems.problems.extend(exc.problems)
        return None
    return ProfileRecord(name=name, sha256=sha, document=document, rules=rules)


def from_mapping(data: Mapping[str, Any]) -> Tournament:
    """The tournament from its file's mapping; every problem in one :class:`TournamentError`."""
    problems = Collector()
    top = Reader(data, "", problems)
    version = top.raw("tournament")
    if version != VERSION or isinstance(version, bool):
        problems.add(
            "tournament",
            N_("{version!r}: expected tournament = {VERSION} (a tarockscore tournament file)"),
            version=version,
            VERSION=VERSION,
        )
        raise TournamentError(problems.problems)
    day_id = top.optional_str("id") or ""
    title, date, place = (top.optional_str(k) for k in ("title", "date", "place"))
    created = top.text("created")
    rounds = top.number("rounds", minimum=1)
    games = top.number("games", minimum=1)
    games_five = top.number("games_five", minimum=1)
    stake = _stake(top, problems)
    players = top.str_list("players")
    dropped = top.str_list("dropped")
    for problem in [*check_names(players, "players"), *name_problems(dropped, "dropped")]:
        problems.put(problem)
    draws = _draws(top, problems)
    for problem in _seated_players(draws, players, dropped):
        problems.put(problem)
    trace = _trace(top, problems)
    results = _results(top, problems)
    profile = _profile(top, problems)
    format_document = top.raw("format")
    if not isinstance(format_document, dict):
        problems.add("format", N_("missing: the resolved format the day is ranked by"))
        format_document = {}
    top.finish()
    problems.raise_if_any(TournamentError)
    assert profile is not None
    try:
        fmt = build_format(format_document)
    except TournamentError as exc:
        raise TournamentError([p.moved(f"format.{p.where}") for p in exc.problems]) from None
    return Tournament(
        created=created,
        rounds=rounds,
        games=games,
        games_five=games_five,
        players=players,
        profile=profile,
        format=fmt,
        format_document=format_document,
        stake=stake,
        dropped=dropped,
        draws=draws,
        id=day_id,
        title=title,
        date=date,
        place=place,
        trace=trace,
        results=results,
    )
