"""The edits of an evening and the lines they leave in its audit trail (core layer, pure): each
takes a ledger and returns a new one, the hands after a corrected one recomputed, Radls included."""

from collections.abc import Callable, Sequence

from tarockscore.errors import N_, GameLimitReached, LedgerError, Message, UsageError, grouped, message
from tarockscore.evening.fold import ON_PAPER, check_number, rescored, result_of
from tarockscore.evening.model import (
    Action,
    AuditEntry,
    Entry,
    Ledger,
    ProfileRecord,
    RadlMark,
    Result,
    check_players,
    hand_deal,
    next_deal,
    next_id,
    parse_stored,
    profile_record,
    seat_hand,
)
from tarockscore.evening.radl import check_strike, next_factor, pending_radl, set_by_hand, with_took
from tarockscore.rules.hand import Hand, HandInput, Side, hand_changes
from tarockscore.rules.legality import everyone_for_themselves
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Profile
from tarockscore.rules.scoring import score_hand
from tarockscore.rules.trischaken import who_loses
from tarockscore.rules.valat import VALAT
from tarockscore.rules.words import MAXIMUM, short_number


def check_room(ledger: Ledger) -> None:
    """Refuse a further hand at a table scored on paper, or whose game limit (``table.games``) is reached."""
    if ledger.paper is not None:
        raise GameLimitReached(ON_PAPER, where="paper")
    limit = ledger.table.games
    if limit is not None and len(ledger.hands) >= limit:
        raise GameLimitReached(
            N_(
                "{limit}: the game limit of this table is reached, no hand past it is recorded; a hand entered wrongly can still be replaced or undone"
            ),
            limit=limit,
            where="table.games",
        )


def record(ledger: Ledger, mapping: HandInput, at: str) -> Ledger:
    """The ledger with one more hand (without ``players``: the next deal's), the only one scored."""
    check_room(ledger)
    profile = ledger.profile
    hand = parse_hand(seat_hand(ledger, mapping, next_deal(ledger)), profile)
    result = result_of(score_hand(hand, profile), ledger.players, next_factor(ledger))
    return ledger._replace(hands=(*ledger.hands, Entry.of(hand, result, at, next_id(ledger))))


def undo(ledger: Ledger, at: str) -> Ledger:
    """The ledger without its last hand; the audit trail keeps it."""
    number = len(ledger.hands)
    check_number(ledger, number)
    last = ledger.hands[-1]
    detail = _hand_line(N_("{hand} undone: {summary}"), ledger, number)
    entry = AuditEntry(at, Action.UNDO, detail, hand=last.id, number=number, before=last.keys)
    return ledger._replace(hands=ledger.hands[:-1], audit=(*ledger.audit, entry))


def replace_hand(ledger: Ledger, number: int, mapping: HandInput, at: str) -> Ledger:
    """Hand ``number`` replaced (a hand without ``players`` keeps that hand's deal); all after it recomputed."""
    check_number(ledger, number)
    old = ledger.hands[number - 1]
    hand = parse_hand(seat_hand(ledger, mapping, hand_deal(ledger, number)), ledger.profile)
    entries = list(ledger.hands)
    entries[number - 1] = Entry.of(hand, old.result, old.recorded, old.id)
    stored = {e.id for e in ledger.hands} - {old.id}  # their results stand but where a Radl moved
    entries = list(rescored(entries, ledger.players, ledger.profile, ledger.radl, stored))
    if tuple(entries) == ledger.hands:  # the same hand again: nothing to write, no audit entry
        return ledger
    new = entries[number - 1]
    changed = _changed_results(ledger.hands, entries, old.id)
    before, after = (summary(e.hand, ledger.profile, e.result) for e in (old, new))
    # the keys that changed are named: all the line says where the outcome stayed, and what moved it
    # where it did (card points 30 → 36, a Kontra)
    said = (
        N_("{hand} replaced: {old}; {changes}")
        if before == after
        else N_("{hand} replaced: {old} → {new}; {changes}")
    )
    changes = hand_changes(old.hand, new.hand)
    detail = _recomputed(
        message(said, hand=label(old.id, number), old=before, new=after, changes=changes), changed, entries
    )
    entry = AuditEntry(at, Action.REPLACE, detail, old.id, old.keys, new.keys, changed, number)
    return ledger._replace(hands=tuple(entries), audit=(*ledger.audit, entry))


def delete(ledger: Ledger, number: int, at: str) -> Ledger:
    """Hand ``number`` removed; the hands after it keep their deals and are recomputed."""
    check_number(ledger, number)
    old = ledger.hands[number - 1]
    kept = [e for i, e in enumerate(ledger.hands, 1) if i != number]
    entries = rescored(kept, ledger.players, ledger.profile, ledger.radl, {e.id for e in kept})
    changed = _changed_results(kept, entries, None)
    after = entries[number - 1 :]  # the hands that followed it, now numbered from ``number`` on
    detail = _hand_line(N_("{hand} deleted: {summary}"), ledger, number)
    # the hands after it by their numbers on the sheet, before and after: the numbers a table sees
    if after:
        moved = (
            N_("{detail}; hand {first} is now hand {start}")
            if len(after) == 1
            else N_("{detail}; hands {first} to {last} are now {start} to {end}")
        )
        last = number + len(after)
        detail = message(moved, detail=detail, first=number + 1, last=last, start=number, end=last - 1)
    detail = _recomputed(detail, changed, entries)
    entry = AuditEntry(at, Action.DELETE, detail, old.id, old.keys, changed=changed, number=number)
    return ledger._replace(hands=entries, audit=(*ledger.audit, entry))


def check_game(ledger: Ledger, profile: Profile) -> None:
    """Refuse the rules of another game: a Königrufen hand has no meaning under Zwanzigerrufen's."""
    if (game := ledger.profile.game.family) != profile.game.family:
        raise LedgerError(
            N_(
                "profile {name!r} is for {other} and this evening is {game}: a hand is scored only under the rules of its own game; choose a {game} profile"
            ),
            name=profile.name,
            other=profile.game.family,
            game=game,
            where="profile",
        )


def rescore(ledger: Ledger, profile: Profile, at: str, *, what_if: bool = False) -> Ledger:
    """The evening under another profile (``what_if``: a bidding it does not allow is still scored)."""
    check_game(ledger, profile)
    if check_seats := check_players(ledger.players, profile):
        raise LedgerError([p.moved("profile") for p in check_seats])
    old, new = ledger.table.profile, profile_record(profile)
    if new.sha256 == old.sha256:
        read: list[Entry] = list(ledger.hands)
    else:
        hands = parse_stored([e.keys for e in ledger.hands], profile, ledger.players, bidding=not what_if)
        read = [Entry.of(h, e.result, e.recorded, e.id) for h, e in zip(hands, ledger.hands, strict=True)]
    entries = rescored(read, ledger.players, profile, ledger.radl)
    changed = _changed_results(ledger.hands, entries, None)
    detail = message(
        N_("rescored under profile {new!r} (sha256 {new_sha}), was {old!r} (sha256 {old_sha})"),
        new=new.name,
        new_sha=new.sha256[:12],
        old=old.name,
        old_sha=old.sha256[:12],
    )
    if changed:
        detail = message(N_("{detail}; changed {hands}"), detail=detail, hands=hands_label(changed, entries))
    entry = AuditEntry(at, Action.RESCORE, detail, None, _pin(old), _pin(new), changed)
    table = ledger.table._replace(profile=new)
    return ledger._replace(table=table, hands=entries, audit=(*ledger.audit, entry))


def repair(ledger: Ledger, at: str | None) -> Ledger:
    """Every stored hand scored afresh under the stored profile (``at``: the audit entry's time)."""
    entries = rescored(list(ledger.hands), ledger.players, ledger.profile, ledger.radl)
    if at is None:
        return ledger._replace(hands=entries)
    changed = _changed_results(ledger.hands, entries, None)
    profile = ledger.table.profile
    detail = message(
        N_(
            "repaired: every hand re-scored from its stored keys under the stored profile {name!r} "
            "(sha256 {sha}) and the ledger sealed again"
        ),
        name=profile.name,
        sha=profile.sha256[:12],
    )
    if changed:
        detail = message(N_("{detail}; changed {hands}"), detail=detail, hands=hands_label(changed, entries))
    else:
        detail = message(N_("{detail}; no stored result changed"), detail=detail)
    entry = AuditEntry(at, Action.REPAIR, detail, after=_pin(profile), changed=changed)
    return ledger._replace(hands=entries, audit=(*ledger.audit, entry))


def set_radl(ledger: Ledger, hands: int | None, at: str) -> Ledger:
    """A Radl set by hand after the last hand: ``hands`` more doubled hands (default ``radl.hands``),
    at most one round at the table (the profile's ``radl.hands``, an event's longer
    ``radl.lengths``, once round the table's seats: docs/rules/koenigrufen.md §8, D36); refused at
    a table scored from its paper sheet, where no hand would ever count it."""
    if ledger.paper is not None:
        check_room(ledger)
    radl = ledger.profile.radl
    n = _at_least_one(radl.hands if hands is None else hands)
    most = max(radl.hands, *radl.lengths.values(), len(ledger.players))
    if n > most:  # refused before a doubled hand is counted: a billion would fill the memory
        raise UsageError(
            N_(
                "{hands}: a Radl is one round of doubled hands, 1 to {most} at this table (the profile's radl.hands: {round}); set each Radl on its own"
            ),
            hands=short_number(n),
            most=most,
            round=radl.hands,
            where="hands",
        )
    if (total := set_by_hand(ledger.radl) + n) > MAXIMUM:  # what the next read takes
        raise LedgerError(
            N_(
                "{hands}: the Radl hands set by hand this evening would come to {total}; at most {maximum} in all, so at most {left} more"
            ),
            hands=n,
            total=total,
            maximum=grouped(MAXIMUM),
            left=MAXIMUM - total + n,
            where="hands",
        )
    return _marked(ledger, n, at)


def strike_radl(ledger: Ledger, hands: int, at: str) -> Ledger:
    """``hands`` of the pending doubled hands struck by hand, after the last hand."""
    check_strike(ledger, _at_least_one(hands))
    return _marked(ledger, -hands, at)


def _at_least_one(hands: int) -> int:
    if hands < 1:
        raise LedgerError(N_("{hands}: expected a number of hands, 1 or more"), hands=hands, where="hands")
    return hands


def _marked(ledger: Ledger, hands: int, at: str) -> Ledger:
    """A Radl mark set (``hands`` > 0) or struck after the last hand, and its audit line."""
    number = len(ledger.hands)
    mark = with_took(ledger, RadlMark(after=ledger.hands[-1].id if ledger.hands else 0, hands=hands, at=at))
    marked = ledger._replace(radl=(*ledger.radl, mark))
    detail = radl_marked(marked, mark.after)
    after = {"after": mark.after, "hands": mark.hands}
    entry = AuditEntry(at, Action.RADL, detail, mark.after or None, after=after, number=number or None)
    return marked._replace(audit=(*ledger.audit, entry))


# A Radl set by hand (True) or struck, as its audit line says it, by one hand or more (True: one)
RADL_MARKS = {
    (True, True): N_("Radl set on the sheet {after}: {n} more hand ×{factor}; {pending} pending"),
    (True, False): N_("Radl set on the sheet {after}: {n} more hands ×{factor}; {pending} pending"),
    (False, True): N_("Radl struck on the sheet {after}: {n} doubled hand fewer; {pending} pending"),
    (False, False): N_("Radl struck on the sheet {after}: {n} doubled hands fewer; {pending} pending"),
}


def radl_marked(marked: Ledger, hand_id: int) -> Message:
    """The last Radl mark of ``marked`` as its audit line says it, after the hand ``hand_id`` (the
    trail's own id; the phones name it by its number on the sheet, which a hand taken back before
    it has moved), and the doubled hands still owed."""
    hands = marked.radl[-1].hands
    number, n = len(marked.hands), abs(hands)
    where = (
        message(N_("after {hand}"), hand=label(hand_id, number))
        if number
        else message(N_("before the first hand"))
    )
    factor, pending = marked.profile.radl.factor, pending_radl(marked)
    return message(RADL_MARKS[hands > 0, n == 1], after=where, n=n, factor=factor, pending=pending)


# A hand's Valat after its outcome, as its line says it, each a template of its own so that a
# stored line reads back word for word (render/evening.py TEMPLATES): by side, announced, made.
VALAT_LINES = {
    (Side.DECLARERS, False, True): N_("{hand}, Valat"),
    (Side.DECLARERS, True, True): N_("{hand}, Valat announced"),
    (Side.DECLARERS, True, False): N_("{hand}, announced Valat failed"),
    (Side.DEFENDERS, False, True): N_("{hand}, Valat of the Defenders"),
    (Side.DEFENDERS, True, True): N_("{hand}, Valat announced by the Defenders"),
    (Side.DEFENDERS, True, False): N_("{hand}, the Defenders' announced Valat failed"),
}


def with_valat(text: str, hand: Hand, step: Callable[[str], str] = str) -> str:
    """``text`` with the hand's Valat and the Kontra said on it ("Valat announced, kontra on it");
    as it was without one (a silent Valat not made is no Valat)."""
    valat = next((b for b in hand.bonuses if b.name == VALAT), None)
    if valat is None or (template := VALAT_LINES.get((valat.side, valat.announced, valat.made))) is None:
        return text
    text = message(template, hand=text)
    if valat.kontra:
        text = message(N_("{hand}, {kontra} on it"), hand=text, kontra=step(valat.kontra))
    return text


def summary(
    hand: Hand,
    profile: Profile,
    result: Result | None = None,
    contract: str | None = None,
    step: Callable[[str], str] = str,
) -> str:
    """One line for a hand: ``contract`` (as said; else its name), who played it (a Trischaken: who
    lost it), the outcome, a Valat; each Kontra step as ``step`` says it (else its key)."""
    contract = contract or hand.contract
    text = contract
    if hand.declarer and hand.partner:
        text = message(
            N_("{contract} by {declarer} with {partner}"),
            contract=contract,
            declarer=hand.declarer,
            partner=hand.partner,
        )
    elif hand.declarer:
        text = message(N_("{contract} by {declarer}"), contract=contract, declarer=hand.declarer)
    elif everyone_for_themselves(profile.contracts[hand.contract]):
        losers = who_loses(hand, profile)
        if len(losers) == 1:
            text = message(N_("{contract}, {player} loses"), contract=contract, player=losers[0])
        else:
            text = message(N_("{contract}, {players} lose"), contract=contract, players=", ".join(losers))
    text = played(text, hand, profile, step)
    if result is not None and result.won is not None:
        text = message(N_("{hand}, won") if result.won else N_("{hand}, lost"), hand=text)
    text = with_valat(text, hand, step)
    if result is not None and result.radl != 1:
        text = message(N_("{hand}, Radl ×{radl}"), hand=text, radl=result.radl)
    return text


def played(text: str, hand: Hand, profile: Profile, step: Callable[[str], str] = str) -> str:
    """``text`` with how the hand was played, as its line says it: a called King in the talon or
    one's own, a concession, the Hüttenfleck or the Kontra on the contract, each Defender's own,
    each bonus's own but the Valat's, who revoked."""
    if hand.called_king == "talon":  # the declarer played alone: the line says why, as the score does
        text = message(N_("{hand}, called King in the talon"), hand=text)
    elif hand.called_king == "own":
        text = message(N_("{hand}, own King called"), hand=text)
    if hand.conceded:
        text = message(N_("{hand}, conceded"), hand=text)
    if hand.huettenfleck:  # the Kontra said before the talon, which counts ×4, not a Kontra's ×2
        text = message(N_("{hand}, Hüttenfleck"), hand=text)
    elif hand.kontra:  # the step on the contract, as a table checks it: "rufer by Anna, rekontra, won"
        text = message(N_("{hand}, {kontra}"), hand=text, kontra=step(hand.kontra))
    # each Defender's own step (contra ad personam), in seat order, named by who said it: the
    # Defender's own (Kontra, Subkontra) from them, the declarer's answer (Rekontra) against them:
    # "kontra from Anna, rekontra against Dani"
    for defender, said in hand.kontra_by:
        found = profile.step(said)
        answered = found is not None and found.level % 2 == 0
        by = N_("{hand}, {kontra} against {defender}") if answered else N_("{hand}, {kontra} from {defender}")
        text = message(by, hand=text, kontra=step(said), defender=defender)
    # each announced bonus's own step, after the contract's: "kontra, pagat rekontra"
    for bonus in hand.bonuses:
        if bonus.kontra and bonus.name != VALAT:  # the Valat's is said with it (with_valat)
            text = message(
                N_("{hand}, {bonus} {kontra}"), hand=text, bonus=step(bonus.name), kontra=step(bonus.kontra)
            )
    if hand.renonce:  # the revoke decided the hand, not the card points or the tricks
        text = message(N_("{hand}, renonce by {player}"), hand=text, player=hand.renonce)
    return text


def hands_label(changed: Sequence[int], entries: Sequence[Entry] = ()) -> Message:
    """``hand 3`` or ``hands 3, 5``, with their numbers on the sheet (their places in ``entries``)
    where those are not their ids: ``hands 3, 5 (nos. 2, 4 on the sheet)``."""
    place = {e.id: n for n, e in enumerate(entries, 1)}
    numbers = [place.get(i, i) for i in changed]
    if len(changed) == 1:
        return label(changed[0], numbers[0])
    ids = ", ".join(map(str, changed))
    if numbers == list(changed):
        return message(N_("hands {ids}"), ids=ids)
    return message(
        N_("hands {ids} (nos. {numbers} on the sheet)"), ids=ids, numbers=", ".join(map(str, numbers))
    )


def label(hand_id: int, number: int) -> Message:
    """``hand 12``, with its number on the sheet where that is not its id."""
    if hand_id == number:
        return message(N_("hand {id}"), id=hand_id)
    return message(N_("hand {id} (no. {number} on the sheet)"), id=hand_id, number=number)


def _hand_line(template: str, ledger: Ledger, number: int) -> Message:
    """Hand ``number``'s line in the audit trail: ``template`` with the hand and its summary."""
    e = ledger.hands[number - 1]
    return message(template, hand=label(e.id, number), summary=summary(e.hand, ledger.profile, e.result))


def _recomputed(detail: Message, changed: Sequence[int], entries: Sequence[Entry]) -> Message:
    if not changed:
        return detail
    return message(N_("{detail}; recomputed {hands}"), detail=detail, hands=hands_label(changed, entries))


def _changed_results(old: Sequence[Entry], new: Sequence[Entry], skip: int | None) -> tuple[int, ...]:
    """Ids of the hands whose result differs from the same hand in ``old`` (``skip``: an id left out)."""
    return tuple(b.id for a, b in zip(old, new, strict=True) if b.id != skip and a.result != b.result)


def _pin(profile: ProfileRecord) -> dict[str, str]:
    return {"name": profile.name, "sha256": profile.sha256}
