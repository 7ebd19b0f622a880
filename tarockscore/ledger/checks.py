"""The ledger's own check: every stored hand scored afresh against its stored result (core layer, pure)."""

from __future__ import annotations

from collections.abc import Mapping

from tarockscore.errors import Problem, TarockError
from tarockscore.ledger.model import Ledger, profile_hash
from tarockscore.ledger.radl import radl_factors
from tarockscore.ledger.results import result_of
from tarockscore.rules.scoring import score_hand


def _points_text(points: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {'+' if v > 0 else ''}{v}" for p, v in points.items())


def check(ledger: Ledger, start: int = 0) -> list[Problem]:
    """Every hand scored afresh against its stored result; one problem per disagreement.

    ``start``: the number of leading hands known to pass already (they are the same hands, at the
    same table under the same profile, as in a ledger that passed this check); only the hands
    after them are scored. Their Radl factors are still worked out from every hand before them.
    """
    problems: list[Problem] = []
    if profile_hash(ledger.table.profile.document) != ledger.table.profile.sha256:
        problems.append(
            Problem(
                "profile.sha256",
                f"{ledger.table.profile.sha256!r} does not match the stored profile document "
                f"(its sha256 is {profile_hash(ledger.table.profile.document)!r}): the profile was edited",
            )
        )
        return problems
    limit = ledger.table.games
    if limit is not None and len(ledger.hands) > limit:
        problems.append(
            Problem(
                "table.games", f"{limit}: the table's game limit, but {len(ledger.hands)} hands are recorded"
            )
        )
    seats = ledger.players
    profile = ledger.profile
    hands = [e.hand for e in ledger.hands]
    try:
        if start and profile.radl.events:
            factors = radl_factors(hands, profile)[start:]
        else:
            factors = radl_factors(hands[start:], profile)
        fresh = [
            result_of(score_hand(h, profile), seats, f) for h, f in zip(hands[start:], factors, strict=True)
        ]
    except TarockError as exc:
        return list(exc.problems)
    for i, (stored, b) in enumerate(zip(ledger.hands[start:], fresh, strict=True), start + 1):
        a = stored.result
        if a.victory_points != b.victory_points:
            problems.append(
                Problem(
                    f"hand {i}: result.victory_points",
                    f"stored {_points_text(a.victory_points)}; the profile scores {_points_text(b.victory_points)}",
                )
            )
        if a.payout != b.payout:
            problems.append(
                Problem(
                    f"hand {i}: result.payout",
                    f"stored {_points_text(a.payout or {}) or 'none'}; "
                    f"the profile pays {_points_text(b.payout or {}) or 'none'}",
                )
            )
        if a.won != b.won:
            problems.append(Problem(f"hand {i}: result.won", f"stored {a.won}; the profile says {b.won}"))
        if a.radl != b.radl:
            problems.append(
                Problem(f"hand {i}: result.radl", f"stored ×{a.radl}; the hands before it give ×{b.radl}")
            )
    return problems
