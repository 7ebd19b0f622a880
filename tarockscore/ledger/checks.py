"""The ledger's own check: every stored hand scored afresh against its stored result (core layer, pure)."""

from __future__ import annotations

from collections.abc import Container, Mapping

from tarockscore.errors import N_, Problem, TarockError
from tarockscore.ledger.model import Ledger, profile_hash
from tarockscore.ledger.paper import out_of_bounds, zero_sum_problems
from tarockscore.ledger.radl import radl_factors, trusted_tail
from tarockscore.ledger.results import result_of
from tarockscore.rules.scoring import score_hand


def _points_text(points: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {'+' if v > 0 else ''}{v}" for p, v in points.items())


def check(ledger: Ledger, start: int = 0, scored: Container[int] | None = None) -> list[Problem]:
    """Every hand scored afresh against its stored result; one problem per disagreement.

    ``start``: the number of leading hands known to pass already (they are the same hands, at the
    same table under the same profile, as in a ledger that passed this check, the profile's
    document against its hash included); only the hands after them are scored, their Radl
    factors replayed from the last of those stored with factor 1
    (:func:`~tarockscore.ledger.radl.trusted_tail`). ``scored``: the ids of the hands to score
    (a change's new and changed hands); every other hand after ``start`` has its Radl factor
    checked alone (its result stands as it passed before, unless its factor moved).
    """
    problems: list[Problem] = []
    # hands that passed were checked under this profile: its document was checked against its hash
    if start == 0 and profile_hash(ledger.table.profile.document) != ledger.table.profile.sha256:
        problems.append(
            Problem.of(
                "profile.sha256",
                N_(
                    "{sha256!r} does not match the stored profile document (its sha256 is {profile_hash!r}): the profile was edited"
                ),
                sha256=ledger.table.profile.sha256,
                profile_hash=profile_hash(ledger.table.profile.document),
            )
        )
        return problems
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
        paper = ledger.paper
        wrong = out_of_bounds(paper.schrift, paper.money) or zero_sum_problems(
            ledger, paper.schrift, paper.money
        )
        problems += [p.moved(f"paper.{p.where}") for p in wrong]
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
    for i, (stored, b) in enumerate(zip(ledger.hands[start:], fresh, strict=True), start + 1):
        a = stored.result
        if a.victory_points != b.victory_points:
            problems.append(
                Problem.of(
                    f"hand {i}: result.victory_points",
                    N_("stored {_points_text}; the profile scores {_points_text2}"),
                    _points_text=_points_text(a.victory_points),
                    _points_text2=_points_text(b.victory_points),
                )
            )
        if a.payout != b.payout:
            problems.append(
                Problem.of(
                    f"hand {i}: result.payout",
                    N_("stored {value}; the profile pays {value2}"),
                    value=_points_text(a.payout or {}) or "none",
                    value2=_points_text(b.payout or {}) or "none",
                )
            )
        if a.won != b.won:
            problems.append(
                Problem.of(
                    f"hand {i}: result.won",
                    N_("stored {won}; the profile says {won2}"),
                    won=a.won,
                    won2=b.won,
                )
            )
        if a.radl != b.radl:
            problems.append(
                Problem.of(
                    f"hand {i}: result.radl",
                    N_("stored ×{radl}; the hands before it give ×{radl2}"),
                    radl=a.radl,
                    radl2=b.radl,
                )
            )
    return problems


def differing(then: Ledger, now: Ledger) -> list[int]:
    """The hands of ``then`` (by their number then) that ``now`` no longer holds as they were:
    taken off the sheet, or their keys or result changed (``check --head``)."""
    kept = {e.id: e for e in now.hands}
    return [
        n
        for n, e in enumerate(then.hands, 1)
        if (o := kept.get(e.id)) is None or (o.keys, o.result) != (e.keys, e.result)
    ]
