"""Standings across many evenings: date and player filters, aliases, profiles, an evening given twice (core layer, pure)."""

import itertools
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple

from tarockscore.errors import (
    N_,
    LedgerError,
    Message,
    Problem,
    TarockError,
    UsageError,
    counted,
    dated,
    listed,
    message,
    near_miss,
    one_of,
)
from tarockscore.evening.model import Entry, Ledger, Paper
from tarockscore.evening.operations import rescore as rescore_ledger
from tarockscore.evening.paper import points_text
from tarockscore.rules.profile import Profile
from tarockscore.rules.words import clean_name, name_problem, skeleton

# The season's words for what an option of the command line does; the command line words them
# as its options (``cli/fields.py``), each with its own translation.
ONE_PLAYER_TWO_WAYS = N_(
    "{drop!r} ({drop_in}) and {keep!r} ({keep_in}) look like one player spelt two ways; if so, fold them with the alias '{drop}={keep}'"
)
UNUSED_ALIAS = N_("alias {alias}={name}: nobody called {alias!r} played in these ledgers{hint}")
UNUSED_DAY_ALIAS = N_("alias {alias}={name}: nobody called {alias!r} played on these days{hint}")  # a cup's
TWO_AT_ONE_TABLE = N_(
    "{names} sat at this table together, so they are two players: they cannot both be {name!r}; drop that alias"
)
PROFILES_CANNOT_ADD = N_(
    "these ledgers were scored under different profiles, {_describe}, and their Victory Points cannot be added as they stand: {why}; rescore every hand under one profile"
)
GAMES_CANNOT_ADD = N_(
    "these ledgers are of different games, {_describe}: Victory Points of {a} and of {b} are not added, and a hand is scored only under the rules of its own game; give the evenings of one game"
)
PROFILES_ADDED = N_(
    "these ledgers were scored under different profiles: {profiles}; their Victory Points are added as they stand (a rescore scores every hand under one profile)"
)
ON_PAPER = N_(
    "{source}: scored from its paper sheet ({points}): its Schrift is added to the Victory Points, as its sheet adds it; it has no hands, so the hands, the statistics and the chart count only hands played"
)
PAPER_NOT_RESCORED = N_(
    "{source}: its Schrift from the paper sheet stands as written under profile '{profile}': a paper sheet has no hands to score again"
)
UNDATED = N_("{source} has no date: left out by the date range")
WRONGLY_DATED = N_("{source} has the date {date!r}, not YYYY-MM-DD: left out by the date range")


class Evening(NamedTuple):
    """What a season needs of one ledger."""

    source: str  # the ledger's file name, for messages
    players: tuple[str, ...]
    profile: Profile
    hands: tuple[Entry, ...]  # each hand with the result its ledger stores
    date: "date | None" = None
    place: str | None = None
    paper: Paper | None = None  # a tournament table's result from its paper sheet, opening its sheet

    @property
    def pays(self) -> bool:
        """Whether the ledger keeps a payout: its profile moves the money alone with Kontra (0 before
        its first hand), or its hands or its paper sheet have one."""
        return (
            self.profile.settlement.kontra_scope == "payout"
            or _paper_money(self) is not None
            or any(h.result.payout is not None for h in self.hands)
        )

    @property
    def label(self) -> str:
        return self.date.isoformat() if self.date else self.source

    def renamed(self, names: Mapping[str, str]) -> "Evening":
        def n(mapping: Mapping[str, int]) -> dict[str, int]:
            return {names.get(p, p): v for p, v in mapping.items()}

        hands = tuple(
            h._replace(
                hand=h.hand.renamed(names),
                result=h.result._replace(
                    victory_points=n(h.result.victory_points),
                    payout=None if h.result.payout is None else n(h.result.payout),
                ),
            )
            for h in self.hands
        )
        paper = self.paper
        if paper is not None:
            money = None if paper.money is None else n(paper.money)
            paper = paper._replace(schrift=n(paper.schrift), money=money)
        return self._replace(players=tuple(names.get(p, p) for p in self.players), hands=hands, paper=paper)


def ledger_date(ledger: Ledger) -> date | None:
    """The evening's date if the ledger gives one as YYYY-MM-DD."""
    text = ledger.table.date
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None


def evening(ledger: Ledger, source: str) -> Evening:
    """One ledger as an evening."""
    return Evening(
        source=source,
        players=ledger.players,
        profile=ledger.profile,
        hands=ledger.hands,
        date=ledger_date(ledger),
        place=ledger.table.place,
        paper=ledger.paper,
    )


class Filters(NamedTuple):
    date_from: date | None = None
    date_to: date | None = None
    players: tuple[str, ...] = ()
    aliases: Mapping[str, str] = MappingProxyType({})  # alias → the name it stands for
    rescore: Profile | None = None


NO_FILTERS = Filters()


class Season(NamedTuple):
    """Evenings folded: filtered, aliases applied, in date order; and what was noticed on the way."""

    evenings: tuple[Evening, ...]
    players: tuple[str, ...]  # everybody who played, in order of first appearance
    selected: tuple[str, ...]  # the players to report (all unless filtered)
    warnings: tuple[str, ...]
    profiles: tuple[str, ...]  # the profile names in play (one unless mixed)

    @property
    def hand_count(self) -> int:
        return sum(len(e.hands) for e in self.evenings)

    def hands(self) -> Iterable[tuple[Evening, Entry]]:
        return ((evening, played) for evening in self.evenings for played in evening.hands)


class Standing(NamedTuple):
    rank: int
    player: str
    victory_points: int
    hands: int
    evenings: int
    payout: int | None  # None unless some evening's profile settles Kontra in money only
    on_paper: int = 0  # of the Victory Points, those of tables scored from their paper sheet

    @property
    def points_per_hand(self) -> Fraction:
        """The hands' own Victory Points per hand: a paper sheet's Schrift has no hands to divide."""
        return Fraction(self.victory_points - self.on_paper, self.hands) if self.hands else Fraction(0)


def aliases_from_mapping(data: Mapping[str, Any], where: str) -> dict[str, str]:
    """An alias file's ``[aliases]`` table (``Hansi = "Hans"``), checked."""
    unknown = N_("unknown key; an alias file has one table, [aliases]{hint}")
    problems = [
        Problem.of(f"{where}: {key}", unknown, hint=near_miss(key, ["aliases"]))
        for key in sorted(set(data) - {"aliases"})
    ]
    table = data.get("aliases")
    if not isinstance(table, Mapping):
        problems.append(Problem.of(where, N_('missing the [aliases] table, e.g. [aliases] Hansi = "Hans"')))
        raise UsageError(problems)
    out: dict[str, str] = {}
    for key, name in table.items():
        at = f"{where}: aliases.{key}"
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem.of(at, N_("{name!r} is not a player's name"), name=name))
            continue
        alias, name = clean_name(key), clean_name(name)
        wrong = [(n, w) for n in (alias, name) if (w := name_problem(n)) is not None]
        # the same rules as a player's name (--players)
        problems += [Problem.of(at, N_("{name!r}: {wrong}"), name=n, wrong=w) for n, w in wrong]
        if not wrong:
            out[alias] = name
    if problems:
        raise UsageError(problems)
    return out


def resolve_aliases(aliases: Mapping[str, str]) -> dict[str, str]:
    """Follow chains (``A=B``, ``B=C`` → ``A=C``); a cycle is a usage error."""
    links = {a: n for a, n in aliases.items() if a != n}
    out: dict[str, str] = {}
    for alias, name in links.items():
        seen = [alias]
        while name in links:
            if name in seen:
                circle = " = ".join([*seen, name])
                raise UsageError(N_("the aliases go round in a circle: {names}"), names=circle, where="alias")
            seen.append(name)
            name = links[name]
        out[alias] = name
    return out


# How alike an unused alias and a name must be for the one to be the other misspelt: a letter
# changed, added or swapped in a short name ('Bertl', 'Berti': 0.8), not three letters of six in
# common ('Franzi', 'Dani': 0.6).
_PLAUSIBLE = 0.75


def unused_alias(alias: str, name: str, everybody: Iterable[str], template: str = UNUSED_ALIAS) -> str:
    """The warning for an alias nobody is called, with a name it may be misspelt from."""
    others = [p for p in everybody if p != name]
    return message(
        template, alias=alias, name=name, hint=near_miss(alias, others, any_case=True, cutoff=_PLAUSIBLE)
    )


def _normal(name: str) -> str:
    """A name without case, accents or punctuation: 'Grete', 'grete', 'Gréte' all read 'grete'."""
    return "".join(c for c in unicodedata.normalize("NFKD", skeleton(name)) if c.isalnum())


def look_alike(a: str, b: str) -> bool:
    """Whether two names may be one player spelt two ways (Hans/Hansi, Gretl/Grete, anna/Anna)."""
    na, nb = _normal(a), _normal(b)
    return not _numbered_apart(_digits(na), _digits(nb)) and _alike(na, nb)


def _alike(na: str, nb: str) -> bool:
    """:func:`look_alike` of two names as :func:`_normal` reads them, their digits (:func:`_digits`)
    found by the caller not to set them apart."""
    if not na or not nb:
        return False
    if na == nb:
        return True
    short, long_ = sorted((na, nb), key=len)
    if len(short) >= 3 and long_.startswith(short) and len(long_) - len(short) <= 2:
        return True
    return len(short) >= 4 and _one_letter_apart(short, long_)


def _digits(name: str) -> str:
    return "".join(c for c in name if c.isdigit())


def _numbered_apart(a: str, b: str) -> bool:
    """Whether two names' digits (:func:`_digits`) make them two players: Spieler 7 and Spieler 8."""
    return bool(a and b and a != b)


def alike_pairs(names: Sequence[str], most: int) -> list[tuple[int, int]]:
    """The first ``most`` pairs (i, j), i < j, of ``names`` that :func:`look_alike`, found through
    what each reads as with a letter or two fewer at its end or one fewer anywhere, not by
    comparing every two (a list of numbered names has pairs by the hundred thousand)."""
    near: dict[str, set[int]] = {}
    pairs = []
    normal = [_normal(name) for name in names]
    digits = [_digits(n) for n in normal]
    for j, n in enumerate(normal):
        keys = {n, n[:-1], n[:-2], *(n[:k] + n[k + 1 :] for k in range(len(n)))}
        met = set().union(*(near.get(key, ()) for key in keys))
        # numbered players first set apart by their numbers, each read once (a list of them meets
        # its neighbours by the hundred)
        met = {i for i in met if not _numbered_apart(digits[i], digits[j])}
        pairs += [(i, j) for i in sorted(met) if _alike(normal[i], n)]
        if len(pairs) >= most:
            return pairs[:most]
        for key in keys:
            near.setdefault(key, set()).add(j)
    return pairs


def _one_letter_apart(short: str, long_: str) -> bool:
    """Whether ``long_`` is ``short`` with one letter added or changed (Gretl/Grete, Hans Huber/Hansi
    Huber), however long the names: a surname in common makes no two first names alike."""
    if len(long_) - len(short) > 1:
        return False
    first = next((i for i, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y), len(short))
    skip = 1 if len(long_) > len(short) else 0
    return short[first + 1 - skip :] == long_[first + 1 :]


def spelling_warnings(evenings: Sequence[Evening]) -> list[str]:
    """Pairs of names that look alike but never sat at one table: probably one player."""
    hands = Counter(p for e in evenings for h in e.hands for p in h.hand.players)
    return spelt_two_ways([(e.source, e.players) for e in evenings], hands)


def spelt_two_ways(
    groups: Sequence[tuple[str, Sequence[str]]],
    often: Mapping[str, int],
    said: Callable[[str, str], bool] = lambda a, b: False,
) -> list[str]:
    """Pairs of names that look alike but are never in one group (a table, a cup's day): probably
    one player, the spelling less ``often`` named to be folded into the other; none ``said`` already."""
    where: dict[str, list[str]] = {}
    for source, players in groups:
        for p in players:
            where.setdefault(p, []).append(source)
    tables = [set(players) for _, players in groups]
    out: list[str] = []
    for a, b in itertools.combinations(where, 2):
        if any(a in t and b in t for t in tables) or not look_alike(a, b) or said(a, b):
            continue
        # Suggest folding the rarer spelling into the commoner one.
        keep, drop = sorted((a, b), key=lambda n: (-often.get(n, 0), n))
        drop_in, keep_in = ", ".join(where[drop]), ", ".join(where[keep])
        out.append(message(ONE_PLAYER_TWO_WAYS, drop=drop, drop_in=drop_in, keep=keep, keep_in=keep_in))
    return out


def _apply_aliases(
    evenings: Sequence[Evening], aliases: Mapping[str, str]
) -> tuple[list[Evening], list[str]]:
    everybody = {p for e in evenings for p in e.players}
    warnings = [
        unused_alias(alias, name, everybody) for alias, name in aliases.items() if alias not in everybody
    ]
    problems = []
    out = []
    for e in evenings:
        folded: dict[str, list[str]] = {}
        for p in e.players:
            folded.setdefault(aliases.get(p, p), []).append(p)
        for name, spellings in folded.items():
            if len(spellings) > 1:
                names = " and ".join(repr(s) for s in spellings)
                problems.append(Problem.of(e.source, TWO_AT_ONE_TABLE, names=names, name=name))
        out.append(e.renamed(aliases) if any(p in aliases for p in e.players) else e)
    if problems:
        raise UsageError(problems)
    return out, warnings


def _comparable(a: Profile, b: Profile) -> str:
    """Why two profiles of one game cannot simply have their Victory Points added, or ''."""
    if a.settlement.mode != b.settlement.mode:
        return message(N_("they settle differently ({a} and {b})"), a=a.settlement.mode, b=b.settlement.mode)
    if a.settlement.kontra_scope != b.settlement.kontra_scope:
        said = N_("Kontra counts differently (on the {a} and on the {b})")
        return message(said, a=a.settlement.kontra_scope, b=b.settlement.kontra_scope)
    return ""


Named = tuple[str, Ledger]  # a ledger and the name it is reported under (its file)


def _describe(groups: Mapping[tuple[str, str], list[str]]) -> Message:
    """Each profile with its ledgers: the program's own list, never cut (the ledger to rescore
    or take out may be the last one named)."""
    names = [name for name, _ in groups]
    parts = []
    for (name, digest), sources in groups.items():
        label = name if names.count(name) == 1 else f"{name} (sha256 {digest[:12]})"
        parts.append(f"{label!r} ({', '.join(sources)})")
    return listed(parts)


def _check_profiles(ledgers: Sequence[Named]) -> list[str]:
    """Mixed profiles are reported; where their Victory Points mean different things, refused."""
    groups: dict[tuple[str, str], list[str]] = {}
    for source, ledger in ledgers:
        groups.setdefault((ledger.table.profile.name, ledger.table.profile.sha256), []).append(source)
    if len(groups) <= 1:
        return []
    first = ledgers[0][1].profile
    for _, ledger in ledgers[1:]:
        if (game := ledger.profile.game.family) != first.game.family:
            raise LedgerError(GAMES_CANNOT_ADD, _describe=_describe(groups), a=first.game.family, b=game)
        if why := _comparable(first, ledger.profile):
            raise LedgerError(PROFILES_CANNOT_ADD, _describe=_describe(groups), why=why)
    return [message(PROFILES_ADDED, profiles=_describe(groups))]


def _rescore(ledgers: Sequence[Named], profile: Profile) -> tuple[list[Named], list[str]]:
    """Every hand scored afresh under one profile, by the ledger's own rescore (Radls included,
    an evening of another game refused as a whole)."""
    problems: list[Problem] = []
    out: list[Named] = []
    changed = 0
    for source, ledger in ledgers:
        try:
            new = rescore_ledger(ledger, profile, at="")
        except TarockError as exc:
            # the profile's own problems (another game, a seat it has not) are the option's
            at = f"{source}: profile"
            problems += [
                p.moved(f"rescore: {source}{p.where[len(at) :]}") if f"{p.where}:".startswith(f"{at}:") else p
                for p in exc.located(source).problems
            ]
            continue
        changed += sum(1 for a, b in zip(ledger.hands, new.hands, strict=True) if a.result != b.result)
        out.append((source, new if ledger.paper is None else ledger))  # a paper sheet stands as written
    if problems:
        raise LedgerError(problems)
    total = sum(len(ledger.hands) for _, ledger in ledgers)
    said = N_(
        "every hand re-scored under profile {profile!r}: {changed} of {total} hands score differently from their ledgers"
    )
    return out, [message(said, profile=profile.name, changed=changed, total=total)]


def _sort_key(item: Named) -> tuple[bool, date, str]:
    day = ledger_date(item[1])
    return (day is None, day or date.min, item[0])


def _in_range(item: Named, filters: Filters, warnings: list[str]) -> bool:
    if not (filters.date_from or filters.date_to):
        return True
    source, ledger = item
    day = ledger_date(ledger)
    if day is None:
        given = ledger.table.date
        warnings.append(message(UNDATED if given is None else WRONGLY_DATED, source=source, date=given))
        return False
    return not (
        (filters.date_from and day < filters.date_from) or (filters.date_to and day > filters.date_to)
    )


def fold(ledgers: Sequence[Named], filters: Filters = NO_FILTERS) -> Season:
    """Filter by date, leave out copies, check or re-score the profiles, fold aliases, order by date."""
    warnings: list[str] = []
    chosen = sorted((item for item in ledgers if _in_range(item, filters, warnings)), key=_sort_key)
    chosen = without_copies(chosen, warnings)
    if ledgers and not chosen:
        start, end = filters.date_from, filters.date_to
        if start and end:
            said = N_("on or after {start} and on or before {end}")
        else:  # a date range has at least one end
            said = N_("on or after {start}") if start else N_("on or before {end}")
        span = message(said, start=start and dated(start), end=end and dated(end))
        warnings.append(
            counted(
                "the one ledger is not dated {span}",
                "none of the {count} ledgers is dated {span}",
                len(ledgers),
                count=len(ledgers),
                span=span,
            )
        )

    if filters.rescore is not None:
        on_paper = [(source, ledger.profile.name) for source, ledger in chosen if ledger.paper is not None]
        chosen, notes = _rescore(chosen, filters.rescore)
        notes += [message(PAPER_NOT_RESCORED, source=s, profile=name) for s, name in on_paper]
        warnings += notes
    elif chosen:
        warnings += _check_profiles(chosen)

    evenings = [evening(ledger, source) for source, ledger in chosen]
    warnings += [
        message(ON_PAPER, source=e.source, points=points_text(e.paper.schrift))
        for e in evenings
        if e.paper is not None
    ]

    aliases = resolve_aliases(filters.aliases)
    evenings, alias_warnings = _apply_aliases(evenings, aliases)
    warnings += alias_warnings
    warnings += spelling_warnings(evenings)

    with_payout = [e for e in evenings if e.pays]
    if with_payout and len(with_payout) < len(evenings):
        said = N_(
            "payout is known for {known} of {count} ledgers only (profiles where Kontra changes the money, not the score): the payout column adds up those"
        )
        warnings.append(message(said, known=len(with_payout), count=len(evenings)))

    players = list(dict.fromkeys(p for e in evenings for p in e.players))
    selected = tuple(players)
    if filters.players:
        wanted = [_as_spelt(aliases.get(p, p), players) for p in map(clean_name, filters.players)]
        unknown = N_("{p!r} played in none of these ledgers; players are {allowed}{hint}")
        guessed = N_("{p!r} played in none of these ledgers{hint}")  # the guess, not every player
        hints = {p: near_miss(p, players) for p in wanted if p not in players}
        missing = [
            Problem.of("player", guessed if hint else unknown, p=p, allowed=one_of(players), hint=hint)
            for p, hint in hints.items()
        ]
        if missing:
            raise UsageError(missing)
        selected = tuple(p for p in players if p in wanted)
    profiles = tuple(dict.fromkeys(e.profile.name for e in evenings))
    return Season(tuple(evenings), tuple(players), selected, tuple(warnings), profiles)


def _as_spelt(name: str, players: Sequence[str]) -> str:
    """``name`` as the ledgers spell it, typed in any case, where no other player is spelt so."""
    same = [p for p in players if p.casefold() == name.casefold()]
    return same[0] if name not in players and len(same) == 1 else name


def _paper_money(e: Evening) -> Mapping[str, int] | None:
    """A paper sheet's money points: as written, else its Schrift where the profile keeps a money
    column (no Kontra moved the money past it), as the sheet's own payout totals have it."""
    if e.paper is None or (e.paper.money is None and e.profile.settlement.kontra_scope != "payout"):
        return None
    return e.paper.schrift if e.paper.money is None else e.paper.money


def standings(season: Season) -> tuple[Standing, ...]:
    """Per player: Victory Points, payout, hands, evenings; best first, ties sharing a rank."""
    vp: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    evenings: Counter[str] = Counter()
    paper: Counter[str] = Counter()
    payout: Counter[str] = Counter()
    for e in season.evenings:
        evenings.update(e.players)
        if e.paper is not None:
            vp.update(e.paper.schrift)
            paper.update(e.paper.schrift)
            payout.update(_paper_money(e) or {})
        for h in e.hands:
            hands.update(h.hand.players)
            vp.update(h.result.victory_points)
            payout.update(h.result.payout or {})
    ordered = sorted(season.players, key=lambda p: (-vp[p], -payout[p], p))
    pays = any(e.pays for e in season.evenings)
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].victory_points == vp[p] else i + 1
        money = payout[p] if pays else None
        out.append(Standing(rank, p, vp[p], hands[p], evenings[p], money, paper[p]))
    chosen = set(season.selected)
    return tuple(s for s in out if s.player in chosen)


def decimal_text(value: Fraction) -> str:
    """An exact fraction as a decimal string of two places, rounded half to even: Fraction(7, 6) → '1.17'."""
    scaled = round(value * 100)
    sign = "-" if scaled < 0 else ""
    whole, rest = divmod(abs(scaled), 100)
    return f"{sign}{whole}.{rest:02d}"


COPY_OF = N_(
    "{copy} holds the same evening as {kept} (the same table, begun at {created}, and every hand of "
    "it is in {kept} too): counted once, as {kept}"
)


def _file_name(source: str) -> str:
    """The file's own name, without its folder (``club/a.toml``: ``a.toml``)."""
    return source.replace("\\", "/").rsplit("/", 1)[-1]


def without_copies(ledgers: Sequence[Named], warnings: list[str]) -> list[Named]:
    """Each evening once: a ledger that repeats another's table and hands is left out, with a warning."""
    by_table: dict[tuple[object, ...], list[Named]] = {}
    for item in ledgers:
        t = item[1].table
        by_table.setdefault((t.players, t.created, t.profile.sha256, t.date, t.place), []).append(item)
    dropped: set[int] = set()
    for group in by_table.values():
        if len(group) == 1:
            continue  # the common case: an evening given once
        # the most hands (the later state of the evening), then a paper result, then the shorter
        # file name (the original a.toml, not its copy a-copy.toml, a (Kopie).toml or a.toml.bak),
        # then the shorter path (a folder copied beside it: day (Kopie)/), then the order
        longest_first = sorted(
            group,
            key=lambda item: (
                -len(item[1].hands),
                item[1].paper is None,
                len(_file_name(item[0])),
                len(item[0]),
            ),
        )
        seen = [[(e.keys, e.recorded) for e in ledger.hands] for _, ledger in longest_first]
        for i, (copy, ledger) in enumerate(longest_first):
            hands = seen[i]
            for j, (kept, other) in enumerate(longest_first[:i]):
                same_paper = ledger.paper in (None, other.paper)
                if id(other) not in dropped and seen[j][: len(hands)] == hands and same_paper:
                    dropped.add(id(ledger))
                    warnings.append(message(COPY_OF, copy=copy, kept=kept, created=ledger.table.created))
                    break
    return [item for item in ledgers if id(item[1]) not in dropped]
