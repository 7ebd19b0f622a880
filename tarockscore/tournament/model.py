"""The day kept in ``DIR/tournament.toml`` (core layer, pure): the fold (:func:`apply`) of its log
(docs/tournament.md), and a table's result from its paper sheet checked against the draw and the profile.
"""

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from tarockscore.errors import (
    N_,
    Collector,
    Message,
    TarockError,
    TournamentError,
    UsageError,
    counted,
    listed,
    message,
    near_miss,
    one_of,
    reason,
)
from tarockscore.evening.model import ProfileRecord, drawn_place, profile_hash, sheet_file, table_label
from tarockscore.evening.paper import out_of_bounds, points_text, unbalanced
from tarockscore.evening.settle import parse_stake
from tarockscore.rules.profile import build_profile
from tarockscore.rules.words import Reader, at_table, check_names, player_key
from tarockscore.tournament.standings import Format, build_format

VERSION = 2  # the day as a log; 1: the sealed file of tarockscore 0.1 to 0.3 (``upgrade`` converts it)
FILE_NAME = "tournament.toml"
KINDS = ("begin", "add", "drop", "draw", "close", "result")
NO_SUCH_ROUND = N_("{number}: the tournament has rounds 1 to {rounds}")
# The most rounds a day has: a cup day plays three to five; past this the count is mistyped, and a
# day's file that holds more is refused as the writer refuses it.
ROUNDS_AT_MOST = 100
TOO_MANY_ROUNDS = N_("{rounds}: a tournament has 1 to {most} rounds")
# The most games a table plays in a round, at four or at five: the round's sheet is an evening, and
# an evening holds at most 1,000 hands (a marathon is 300). A bound against a mistyped or hostile
# file, not a rule; a day's file that holds more is refused as the writer refuses it.
GAMES_AT_MOST = 1_000
TOO_MANY_GAMES = N_("{games}: a table plays 1 to {most} games in a round")


class DrawnTable(NamedTuple):
    table: int
    players: tuple[str, ...]  # seat order, as drawn
    games: int  # the round's game limit at this table
    ledger: str  # relative to the tournament folder: round-N/table-K.toml


class Round(NamedTuple):
    number: int
    seed: int
    drawn: str  # when
    tables: tuple[DrawnTable, ...]


class Entry(NamedTuple):
    """One entry of the day's log: its kind, when, its values (without ``kind``, ``at``, ``chain``), its hash."""

    kind: str  # begin, add, drop, draw, close, result
    at: str
    values: Mapping[str, Any]
    hash: str

    @property
    def detail(self) -> Message:
        """What the entry did, in a few words (``round 1, seed 7``), in English; a front end words it in its reader's."""
        v = self.values
        if self.kind == "begin":
            return counted(
                "{players} players, {count} round",
                "{players} players, {count} rounds",
                v["rounds"],
                players=len(v["players"]),
                count=v["rounds"],
            )
        if self.kind in ("add", "drop"):
            return Message("{name}", (("name", v["name"]),))
        if self.kind == "draw":
            return message(N_("round {round}, seed {seed}"), round=v["round"], seed=v["seed"])
        if self.kind == "close":
            heads = listed(
                message(
                    N_("table {table} {head}"),
                    table=sheet.rsplit("table-", 1)[-1].removesuffix(".toml"),  # round-1/table-2.toml: 2
                    head=head[:12],
                )
                for sheet, head in v["heads"].items()
            )
            return message(N_("round {round} closed: {heads}"), round=v["round"], heads=heads)
        table = table_label(v["round"], v["table"])
        said = message(N_("{table}: {points}"), table=table, points=points_text(v["schrift"]))
        if "sheet" not in v:
            return said
        return message(N_("{detail}; sheet head {head}"), detail=said, head=v["sheet"][:12])


class Tournament(NamedTuple):
    created: str
    rounds: int
    games: int  # per round at a table of four
    games_five: int  # per round at a table of five
    players: tuple[str, ...]  # who is in the next draw
    profile: ProfileRecord  # resolved, as the format: an edit of a shipped file never changes a day begun
    format: Format
    stake: Decimal | None = None
    dropped: tuple[str, ...] = ()
    draws: tuple[Round, ...] = ()
    id: str = ""  # the day's own mark, kept by every sheet: a copied folder or sheet is caught
    title: str | None = None
    date: str | None = None  # ISO, YYYY-MM-DD
    place: str | None = None
    log: tuple[Entry, ...] = ()  # the entries the day was folded from

    @property
    def head(self) -> str:
        """The day's head: the hash of its last entry."""
        return self.log[-1].hash if self.log else ""

    def round(self, number: int) -> Round | None:
        return next((r for r in self.draws if r.number == number), None)


def drawn_round(t: Tournament, number: int) -> Round:
    """Round ``number`` as drawn; refused, at ``round``, where it is not drawn yet (a usage error
    where the day has no such round)."""
    drawn = t.round(number)
    if not 1 <= number <= t.rounds:
        raise UsageError(NO_SUCH_ROUND, number=number, rounds=t.rounds, where="round")
    if drawn is None:
        raise TournamentError(N_("{round}: round {round} is not drawn yet"), round=number, where="round")
    return drawn


def drawn_table(t: Tournament, round_number: int, table: int) -> DrawnTable:
    """Table ``table`` of round ``round_number`` as drawn; the round or table named where there is none."""
    drawn = drawn_round(t, round_number)
    found = next((d for d in drawn.tables if d.table == table), None)
    if found is None:
        said = N_("{table}: round {round} has tables 1 to {tables}")
        raise TournamentError(said, table=table, round=round_number, tables=len(drawn.tables), where="table")
    return found


def sheet_place(t: Tournament, round_number: int, table: int) -> str | None:
    """A sheet's place: the day's place, round, table and mark, so a copied sheet is caught."""
    return drawn_place(t.place or t.title, round_number, table, t.id) if t.id else None


def closed_heads(t: Tournament) -> dict[str, str]:
    """Each sheet's head as the desk noted it when its round was closed (the latest note counts)."""
    return {sheet: head for e in t.log if e.kind == "close" for sheet, head in e.values["heads"].items()}


def games_at_five(games: int) -> int | None:
    """The limit at a table of five: games × 5/4, so every player deals as often as at four; None when not whole."""
    limit, rest = divmod(games * 5, 4)
    return None if rest else limit


def add_player(tournament: Tournament, name: str) -> Tournament:
    if problems := check_names([name], "NAME"):
        raise TournamentError(problems)
    if name in tournament.players:
        raise TournamentError(N_("{name!r} is already in the tournament"), name=name, where="NAME")
    # everyone who sat at a table is a player or dropped (a draw's entry is refused otherwise)
    for other in (*tournament.players, *tournament.dropped):
        if other != name and player_key(other) == player_key(name):
            said = N_("{name!r} differs from {other!r} only by case: names are matched in any case")
            raise TournamentError(said, name=name, other=other, where="NAME")
    dropped = tuple(p for p in tournament.dropped if p != name)
    return tournament._replace(players=(*tournament.players, name), dropped=dropped)


def drop_player(tournament: Tournament, name: str) -> Tournament:
    if name not in tournament.players:
        said = N_("{name!r} is not in the tournament; players: {names}{hint}")
        names, hint = ", ".join(tournament.players), near_miss(name, tournament.players)
        if hint:  # the guess, not every player of the day before it
            said = N_("{name!r} is not in the tournament{hint}")
        raise TournamentError(said, name=name, names=names, hint=hint, where="NAME")
    return tournament._replace(
        players=tuple(p for p in tournament.players if p != name),
        dropped=(*tournament.dropped, name),
    )


def draw_event(
    t: Tournament, number: int, seed: int, at: str, tables: Sequence[Sequence[str]]
) -> dict[str, Any]:
    """The entry of round ``number`` drawn: its seed and each table's players, game limit and sheet."""
    drawn = [
        {
            "table": k,
            "players": list(players),
            "games": t.games_five if len(players) == 5 else t.games,
            "ledger": sheet_file(number, k),
        }
        for k, players in enumerate(tables, 1)
    ]
    return {"kind": "draw", "at": at, "round": number, "seed": seed, "table": drawn}


def apply(t: Tournament | None, event: dict[str, Any], where: str) -> Tournament:
    """The day ``t`` (None: before its first entry) with the sealed entry ``event``; problems at ``where``."""
    problems = Collector()
    top = Reader(event, where, problems)
    kind, at = top.word("kind", KINDS), top.text("at")
    problems.raise_if_any(TournamentError)  # an entry of no known kind is read no further
    top.raw("chain")
    new: Tournament | None = None
    if kind == "begin" and t is not None:
        problems.add(top.where("kind"), N_("a day begins once, with its first entry"))
    elif kind == "begin":
        new = _begun(top, at, problems)
    elif t is None:
        problems.add(top.where("kind"), N_("{kind}: the day's first entry is its begin"), kind=kind)
    else:
        new = _CHANGES[kind](t, top, at, problems)
    top.finish()
    problems.raise_if_any(TournamentError)
    assert new is not None  # every way of leaving it None added a problem
    values = {k: v for k, v in event.items() if k not in ("kind", "at", "chain")}
    entry = Entry(kind, at, values, event["chain"]["hash"])
    return new._replace(log=(*(t.log if t is not None else ()), entry))


def _begun(top: Reader, at: str, problems: Collector) -> Tournament | None:
    day_id = top.optional_str("id") or ""
    title, date, place = (top.optional_str(k) for k in ("title", "date", "place"))
    rounds = top.number("rounds", minimum=1)
    if rounds > ROUNDS_AT_MOST:
        problems.add(top.where("rounds"), TOO_MANY_ROUNDS, rounds=rounds, most=ROUNDS_AT_MOST)
    games = top.number("games", minimum=1, maximum=GAMES_AT_MOST)
    games_five = top.number("games_five", minimum=1, maximum=GAMES_AT_MOST)
    stake: Decimal | None = None
    if (text := top.optional_str("stake")) is not None:
        try:
            stake = parse_stake(text)
        except ValueError as exc:
            problems.add(top.where("stake"), reason(exc))
    players = top.str_list("players")
    for problem in check_names(players, top.where("players")):
        problems.put(problem)
    profile = _profile(top, problems)
    document = top.raw("format")
    top.raw("from")  # a day converted from an earlier version's file: what that file was
    if not isinstance(document, dict):
        problems.add(top.where("format"), N_("missing: the resolved format the day is ranked by"))
        return None
    if profile is None or problems.problems:
        return None
    try:
        fmt = build_format(document, kept=True)
    except TournamentError as exc:
        problems.problems.extend(p.moved(f"{top.where('format')}.{p.where}") for p in exc.problems)
        return None
    return Tournament(
        created=at,
        rounds=rounds,
        games=games,
        games_five=games_five,
        players=players,
        profile=profile,
        format=fmt,
        stake=stake,
        id=day_id,
        title=title,
        date=date,
        place=place,
    )


def _profile(top: Reader, problems: Collector) -> ProfileRecord | None:
    """The resolved profile, pinned by its hash; None where it cannot be used."""
    pr = top.table("profile")
    name, sha, document = pr.text("name"), pr.text("sha256"), pr.raw("document")
    if not isinstance(document, dict):
        problems.add(pr.where("document"), N_("missing: the resolved profile every table is scored under"))
        document = {}
    elif sha and profile_hash(document) != sha:
        edited = N_("its sha256 does not match profile.sha256: the stored profile was edited")
        problems.add(pr.where("document"), edited)
    pr.finish()
    if not document or problems.problems:
        return None
    try:
        rules = build_profile(document, pr.where("document"))
    except TarockError as exc:
        problems.problems.extend(exc.problems)
        return None
    return ProfileRecord(name=name, sha256=sha, document=document, rules=rules)


def _named(t: Tournament, top: Reader, at: str, problems: Collector) -> Tournament | None:
    """A late arrival (``add``) or a player dropped (``drop``), by the rules of the command."""
    name = top.text("name")
    try:
        return add_player(t, name) if top.data["kind"] == "add" else drop_player(t, name)
    except TournamentError as exc:
        problems.problems.extend(p.moved(top.where("name")) for p in exc.problems)
        return None


def _drawn(t: Tournament, top: Reader, at: str, problems: Collector) -> Tournament | None:
    number, seed, raw = top.number("round", minimum=1), top.number("seed"), top.raw("table")
    if not isinstance(raw, list) or not raw:
        problems.add(top.where("table"), N_("expected the drawn tables ([[event.table]])"))
        return None
    found = [_drawn_table(item, f"{top.where('table')} {k}", problems) for k, item in enumerate(raw, 1)]
    tables = tuple(d for d in found if d is not None)
    if not 1 <= number <= t.rounds:
        problems.add(top.where("round"), NO_SUCH_ROUND, number=number, rounds=t.rounds)
    known = {*t.players, *t.dropped}
    seated = [name for d in tables for name in d.players]
    for name in sorted({n for n in seated if seated.count(n) > 1}):
        said = N_("{name!r} is seated twice in round {round}: the file was edited")
        problems.add(top.where("table"), said, name=name, round=number)
    for d in tables:
        if d.ledger != (kept := sheet_file(number, d.table)):  # never a file elsewhere
            said = N_(
                "round {round}, table {table}: its sheet is {ledger!r}, not {kept}: the file was edited"
            )
            problems.add(top.where("table"), said, round=number, table=d.table, ledger=d.ledger, kept=kept)
        for name in d.players:
            if name not in known:
                said = N_(
                    "{name!r} sat at round {round}, table {table}, but is neither a player nor dropped: the file was edited"
                )
                problems.add(top.where("table"), said, name=name, round=number, table=d.table)
    others = [r for r in t.draws if r.number != number]  # a redraw replaces the round
    return t._replace(draws=tuple(sorted([*others, Round(number, seed, at, tables)], key=lambda r: r.number)))


def _drawn_table(item: object, where: str, problems: Collector) -> DrawnTable | None:
    if not isinstance(item, dict):
        problems.add(where, N_("expected a table"))
        return None
    tr = Reader(item, where, problems)
    table = DrawnTable(
        table=tr.number("table", minimum=1),
        players=tr.str_list("players"),
        games=tr.number("games", minimum=1, maximum=GAMES_AT_MOST),
        ledger=tr.text("ledger"),
    )
    tr.finish()
    return table


def _closed(t: Tournament, top: Reader, at: str, problems: Collector) -> Tournament | None:
    """The desk's note at the end of a round: each table's sheet and its head then."""
    number, heads = top.number("round", minimum=1), top.raw("heads")
    if t.round(number) is None:
        problems.add(top.where("round"), N_("{round}: round {round} is not drawn yet"), round=number)
    if not isinstance(heads, dict) or not all(isinstance(v, str) for v in heads.values()):
        problems.add(top.where("heads"), N_("expected a table of sheets and their heads"))
    return t


def _paper(t: Tournament, top: Reader, at: str, problems: Collector) -> Tournament | None:
    """A table's result from its paper sheet, kept in its sheet (``sheet``: its head after it)."""
    top.number("round", minimum=1), top.number("table", minimum=1)
    _points(top.raw("schrift"), top.where("schrift"), problems)
    if (money := top.raw("money")) is not None:
        _points(money, top.where("money"), problems)
    top.optional_str("sheet")
    return t


def _points(raw: object, where: str, problems: Collector) -> None:
    if not isinstance(raw, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in raw.values()
    ):
        problems.add(where, N_("expected a table of names and whole numbers"))


_CHANGES = {"add": _named, "drop": _named, "draw": _drawn, "close": _closed, "result": _paper}


class PaperSheet(NamedTuple):
    """A paper result checked against the draw: each seat's points, in seat order, as the table spells it."""

    round: int
    table: DrawnTable
    schrift: dict[str, int]
    money: dict[str, int] | None

    @property
    def label(self) -> str:
        return table_label(self.round, self.table.table)


def whole_number(text: str) -> int | None:
    """Whole points as typed (``+12``, ``-4``), or None."""
    text = text.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not (body.isascii() and body.isdigit()):
        return None
    digits = body.lstrip("0")
    if len(digits) <= 4000:
        return int(text)
    return (-1 if text.startswith("-") else 1) * int(10 ** (len(digits) - 1))


def _seated(
    given: Mapping[str, int],
    seats: tuple[str, ...],
    where: str,
    problems: Collector,
    rows: Mapping[str, str] | None = None,
    label: tuple[int, int] = (0, 0),
) -> dict[str, int]:
    """The points in seat order, each name the table's own spelling; ``rows``: where a file gave
    each name (a stranger is named there, at round and table ``label``, and a missing name at
    ``player``)."""
    named: dict[str, int] = {}
    names = ", ".join(seats)
    for name, points in given.items():
        seat = at_table(name, seats)
        if seat not in seats and rows is not None:
            said = N_("{name!r} is not at table {table} of round {round}; the table is {names}")
            problems.add(
                f"{rows[name]}: player", said, name=name, table=label[1], round=label[0], names=names
            )
        elif seat not in seats:
            said = N_("{name!r} is not at this table; the table is {names}")
            problems.add(where, said, name=name, names=names)
        elif seat in named:
            problems.add(where, N_("{name!r} is given twice"), name=seat)
        else:
            named[seat] = points
    missing = [p for p in seats if p not in named]
    if missing and not problems.problems:
        at = where if rows is None else "player"
        problems.add(at, N_("missing: the points of {allowed}"), allowed=one_of(missing))
    return {p: named.get(p, 0) for p in seats}


def paper_sheet(
    t: Tournament,
    round_number: int,
    table: int,
    schrift: Mapping[str, int],
    money: Mapping[str, int] | None,
    rows: Mapping[str, str] | None = None,
) -> PaperSheet:
    """A paper result checked: the table drawn, every seat given once, zero-sum where the profile is.

    ``rows``: where a file gave each name, its Schrift and money on one row (named once, there).
    """
    found = drawn_table(t, round_number, table)
    problems = Collector()
    points = _seated(schrift, found.players, "schrift", problems, rows, (round_number, table))
    money_problems = problems if rows is None else Collector()  # a file's row is named once, at its Schrift
    paid = None if money is None else _seated(money, found.players, "money", money_problems)
    if not problems.problems:
        for problem in out_of_bounds(points, paid) or unbalanced(
            t.profile.name, t.profile.rules, points, paid
        ):
            problems.put(problem)
    problems.raise_if_any(TournamentError)
    return PaperSheet(round_number, found, points, paid)
