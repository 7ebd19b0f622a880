"""``tarockscore enter``: the guided entry, a hand asked question by question, then recorded.

What may be asked is the rules core's to say (``rules.legality``); this module only asks and
prints. It is imported only when ``enter`` runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from tarockscore import i18n
from tarockscore.errors import near_miss
from tarockscore.files.ledger_file import (
    check_writable,
    read,
    update,
    verify,
)
from tarockscore.i18n import _
from tarockscore.ledger import operations
from tarockscore.ledger.deal import next_deal
from tarockscore.ledger.results import score_stored
from tarockscore.render import evening as render_evening
from tarockscore.render import hand as render
from tarockscore.rules import legality
from tarockscore.rules.cardpoints import parse_points, render_points

if TYPE_CHECKING:
    from collections.abc import Callable

    from tarockscore.ledger.deal import Deal
    from tarockscore.rules.profile import Profile
from tarockscore.cli.ledger import LedgerOpt, ledger_path_of, now, recorded


def register(app: typer.Typer) -> None:
    """Add the guided entry to the ``tarockscore`` app."""
    app.command()(enter)


# -- the guided entry --------------------------------------------------------------------------


def _ask_choice(
    question: str,
    choices: list[str],
    default: str | None = None,
    resolve: Callable[[str], str | None] | None = None,
) -> str:
    """Ask until the answer is one of ``choices`` (by name, alias through ``resolve``, or number)."""
    listing = ", ".join(f"{i}={c}" for i, c in enumerate(choices, 1))
    while True:
        answer = str(
            typer.prompt(f"{question} [{listing}]", default=default, show_default=default is not None)
        ).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        name = resolve(answer) if resolve else answer
        if name is not None and name in choices:
            return name
        same = [c for c in choices if c.casefold() == answer.casefold()]
        if len(same) == 1:
            return same[0]
        hint = near_miss(answer, choices)
        typer.echo(
            _("  {answer!r} is not one of the choices{hint}").format(
                answer=answer, hint=i18n.translated(hint)
            ),
            err=True,
        )


def _ask_yes(question: str, default: bool = False) -> bool:
    return bool(typer.confirm(question, default=default))


def _ask_points(question: str, profile: Profile) -> object:
    while True:
        answer = str(typer.prompt(question)).strip()
        try:
            value = parse_points(int(answer) if answer.isdigit() else answer)
        except ValueError as exc:
            typer.echo(f"  {i18n.translated(exc.args[0]) if exc.args else exc}", err=True)
            continue
        if 0 <= value <= profile.game.card_points_total:
            return render_points(value)
        total = render_points(profile.game.card_points_total)
        typer.echo(_("  {answer!r} is outside 0 to {total}").format(answer=answer, total=total), err=True)


def _questions(profile: Profile, deal: Deal) -> dict[str, Any]:
    """The hand, step by step, offering the profile's own choices."""
    players = list(deal.players)
    steps = ["none", *(s.name for s in profile.playable_steps)]
    hand: dict[str, Any] = {}
    name = _ask_choice(_("Contract"), list(profile.contracts), resolve=profile.contract_name)
    contract = profile.contracts[name]
    hand["contract"] = name
    if legality.everyone_for_themselves(contract):
        hand["card_points"] = {
            p: _ask_points(_("Card points of {player}").format(player=p), profile) for p in players
        }
        if legality.kontra_on_contract_allowed(profile, contract):
            step = _ask_choice(_("Kontra on Trischaken"), steps, "none")
            if step != "none":
                hand["kontra"] = step
        return hand
    declarer = _ask_choice(_("Declarer"), players)
    hand["declarer"] = declarer
    if legality.calls_a_king(contract):
        others = [p for p in players if p != declarer]
        in_talon = legality.king_in_talon_allowed(profile, contract)
        options = [*others, "talon"] if in_talon else others
        if legality.own_king_allowed(profile, contract):
            options.append("own King")
        partner = _ask_choice(_("Partner (holder of the called card)"), options)
        if partner == "talon":
            hand["called_king"] = "talon"
            hand["conceded"] = _ask_yes(_("Did the declarer concede at once?"))
        elif partner == "own King":
            hand["called_king"] = "own"
        else:
            hand["partner"] = partner
    if hand.get("conceded"):
        return hand
    if legality.decided_by_tricks(contract):
        hand["won"] = _ask_yes(
            _("Did {declarer} win the {contract}?").format(declarer=declarer, contract=name)
        )
    else:
        hand["card_points"] = _ask_points(_("Card points of the declarer side (e.g. 35 2/3)"), profile)
    if legality.contra_ad_personam(profile, contract):
        by: dict[str, str] = {}
        for d in (p for p in players if p != declarer):
            step = _ask_choice(_("Kontra by {player}").format(player=d), steps, "none")
            if step != "none":
                by[d] = step
        if by:
            hand["kontra"] = by
    else:
        step = _ask_choice(_("Kontra on the contract"), steps, "none")
        if step != "none":
            hand["kontra"] = step
    if legality.huettenfleck_allowed(profile, contract) and legality.huettenfleck_combines_with(
        hand.get("kontra")
    ):
        if _ask_yes(_("Was the Kontra said before the talon (Hüttenfleck)?")):
            hand["huettenfleck"] = True
    bonuses = []
    allowed = legality.contract_bonuses(profile, contract)
    while allowed:
        choice = _ask_choice(
            _("Bonus (or 'done')"), ["done", *allowed], "done", resolve=lambda a: profile.bonus_name(a) or a
        )
        if choice == "done":
            break
        allowed.remove(choice)
        bonus = profile.bonuses[choice]
        entry: dict[str, Any] = {"name": choice}
        entry["side"] = _ask_choice(_("  side"), ["declarers", "defenders"], "declarers")
        entry["announced"] = legality.may_announce(bonus) and _ask_yes(_("  announced?"))
        entry["made"] = _ask_yes(_("  made?"), True)
        if legality.may_double(bonus, entry["announced"]):
            step = _ask_choice(_("  Kontra on it"), steps, "none")
            if step != "none":
                entry["kontra"] = step
        bonuses.append(entry)
    if bonuses:
        hand["bonus"] = bonuses
    return hand


def enter(ledger: LedgerOpt = None) -> None:
    """A guided entry: the hand step by step, its result, then a question before recording it."""
    path = ledger_path_of(ledger)
    snapshot = read(path)
    check_writable(path)  # a closed evening is refused before the questions, not after
    verify(snapshot)
    led = snapshot.ledger
    operations.check_room(led)  # a table that has played its games is refused before the questions
    profile = led.profile
    deal = next_deal(led)
    n = len(led.hands) + 1
    typer.echo(
        _("hand {number} under {profile}: {deal}; at the table {players}").format(
            number=n,
            profile=profile.name,
            deal=render_evening.deal_text(deal),
            players=", ".join(deal.players),
        )
    )
    mapping = _questions(profile, deal)
    at = now()
    preview = operations.record(led, mapping, at)
    _hand, score = score_stored(preview, n)
    typer.echo("")
    typer.echo(render.score_table(score))
    radl = preview.hands[-1].result.radl
    if radl != 1:
        typer.echo(_("Radl: this hand counts ×{radl}").format(radl=radl))
    if not _ask_yes(_("Record this as hand {number}?").format(number=n)):
        typer.echo(_("not recorded; the ledger is unchanged"))
        return
    before, after = update(path, lambda current: operations.record(current, mapping, at), snapshot.sha256)
    recorded(before, after)
