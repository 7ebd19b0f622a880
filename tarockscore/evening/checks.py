"""A hand's stored result (its score times its Radl factor) and the ledger's own check: every stored hand scored afresh against its stored result (core layer, pure)."""

from __future__ import annotations

from collections.abc import Container, Sequence

from tarockscore.errors import N_, LedgerError, Message, Problem, TarockError, message
from tarockscore.evening.model import Entry, Ledger, RadlMark, Result
from tarockscore.evening.paper import paper_problems
from tarockscore.evening.radl import radl_factors, trusted_tail
from tarockscore.rules.hand import Hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import Score, score_hand


def result_of(score: Score, seats: Sequence[str], factor: int) -> Result:
    """The result to store: every seat's points (0 for a player sitting out) times the Radl factor."""
    points, money = score.counted(factor)
    vp = {p: points.get(p, 0) for p in seats}
    payout = None if money is None else {p: money.get(p, 0) for p in seats}
    return Result(victory_points=vp, payout=payout, won=score.won, radl=factor)


def rescored(
    entries: Sequence[Entry],
    seats: Sequence[str],
    profile: Profile,
    marks: Sequence[RadlMark] = (),
    kept: Container[int] = (),
) -> tuple[Entry, ...]:
    """The same entries with every result worked out afresh, Radls included (``kept``: results that stand)."""
    factors = radl_factors([e.hand for e in entries], [e.id for e in entries], profile, marks)
    return tuple(
        e
        if e.id in kept and e.result.radl == f
        else e._replace(result=result_of(score_hand(e.hand, profile), seats, f))
        for e, f in zip(entries, factors, strict=True)
    )


def check_number(ledger: Ledger, number: int) -> None:
    """Raise unless the ledger has a hand ``number``."""
    if not ledger.hands:
        raise LedgerError(N_("the ledger has no hands yet"))
    if not 1 <= number <= len(ledger.hands):
        raise LedgerError(
            N_("there is no hand {number}; the ledger has hands 1 to {count}"),
            number=number,
            count=len(ledger.hands),
        )


def score_stored(ledger: Ledger, number: int) -> tuple[Hand, Score]:
    """Hand ``number`` scored afresh under the ledger's profile (before any Radl factor)."""
    check_number(ledger, number)
    hand = ledger.hands[number - 1].hand
    return hand, score_hand(hand, ledger.profile)


def check(ledger: Ledger, start: int = 0, scored: Container[int] | None = None) -> list[Problem]:
    """The full audit of ``check``: the game limit, a paper result's bounds, every hand scored afresh."""
    problems: list[Problem] = []
    limit = ledger.table.games
    if limit is not None and len(ledger.hands) > limit:
        problems.append(
            Problem.of(
                "table.games",
                N_("{limit}: the table's game limit, but {count} hands are recorded"),
                limit=limit,
                count=len(ledger.hands),
            )
        )
    if ledger.paper is not None:  # a paper result holds to the same rules as when it was given
        wrong = paper_problems(ledger, ledger.paper.schrift, ledger.paper.money)
        problems += [p.moved(f"paper.{p.where}") for p in wrong]
    return problems + against_the_rules(ledger, start, scored)


def against_the_rules(ledger: Ledger, start: int = 0, scored: Container[int] | None = None) -> list[Problem]:
    """Each stored number of the ``scored`` hands the rules do not give (``hand 2: stored +9 …``)."""
    seats = ledger.players
    profile = ledger.profile
    # a Radl runs on from earlier hands: replayed from the last hand that passed with factor 1
    first, marks = trusted_tail(ledger, start)
    tail = ledger.hands[first:]
    hands = [e.hand for e in tail]  # a stored hand that does not read says so itself, located
    try:
        factors = radl_factors(hands, [e.id for e in tail], profile, marks)[start - first :]
        fresh = [
            result_of(score_hand(e.hand, profile), seats, f)
            if scored is None or e.id in scored
            else e.result._replace(radl=f)
            for e, f in zip(tail[start - first :], factors, strict=True)
        ]
    except TarockError as exc:
        return list(exc.problems)
    problems: list[Problem] = []
    for number, (stored, given) in enumerate(zip(ledger.hands[start:], fresh, strict=True), start + 1):
        if stored.result != given:
            problems += _compared(number, stored.result, given)
    return problems


def _signed(points: int | None) -> str:
    return "-" if points is None else f"{points:+d}" if points else "0"


def _outcome(won: bool | None) -> Message:
    return message(N_("won") if won else N_("lost") if won is not None else N_("without a winner"))


def _compared(number: int, stored: Result, given: Result) -> list[Problem]:
    """Each stored number of hand ``number`` that the rules do not give, one problem apiece."""
    out: list[Problem] = []
    for template, mine, rules in (
        (
            N_("hand {number}: stored {stored} for {player}, the rules give {given}"),
            stored.victory_points,
            given.victory_points,
        ),
        (
            N_("hand {number}: stored a payout of {stored} for {player}, the rules pay {given}"),
            stored.payout or {},
            given.payout or {},
        ),
    ):
        out += [
            Problem.of(
                "",
                template,
                number=number,
                stored=_signed(mine.get(player)),
                player=player,
                given=_signed(rules.get(player)),
            )
            for player in dict.fromkeys([*mine, *rules])
            if mine.get(player) != rules.get(player)
        ]
    if stored.won != given.won:
        out.append(
            Problem.of(
                "",
                N_("hand {number}: stored as {stored}, the rules give {given}"),
                number=number,
                stored=_outcome(stored.won),
                given=_outcome(given.won),
            )
        )
    if stored.radl != given.radl:
        out.append(
            Problem.of(
                "",
                N_("hand {number}: stored with Radl ×{stored}, the hands before it give ×{given}"),
                number=number,
                stored=stored.radl,
                given=given.radl,
            )
        )
    return out
