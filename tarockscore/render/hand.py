"""A hand's score as text, JSON and CSV: ``score``, ``--explain``, ``explain N`` with its Radl and
history (rendering layer, no scoring). Only the text speaks the reader's language."""

import datetime as dt
import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tarockscore.errors import Message, and_listed, key_title
from tarockscore.evening.evening import Explained
from tarockscore.evening.fold import score_stored
from tarockscore.evening.model import Action, Ledger, hand_deal
from tarockscore.evening.radl import BY_HAND
from tarockscore.evening.sheet import sheet
from tarockscore.i18n import N_, _, ngettext, translated
from tarockscore.render import profile as render_profile
from tarockscore.render.evening import (
    TERMINAL,
    audit_json,
    audit_line,
    fitted,
    folded,
    hand_line,
    local_time,
    moment,
    note_keys,
    note_line,
    players_words,
    signed,
)
from tarockscore.render.output import Name, View
from tarockscore.rules.bets import Factor
from tarockscore.rules.hand import render_points
from tarockscore.rules.profile import (
    Game,
    Kind,
    KontraRules,
    Profile,
    RenonceRules,
    Settlement,
    Trischaken,
    ValatRules,
    key_path,
    setting,
)
from tarockscore.rules.scoring import Line, Score
from tarockscore.rules.words import BET_COLUMNS


def number(value: int | Fraction) -> str | int:
    """A value as the sheet writes it: ``2``, ``2 1/2``."""
    return render_points(Fraction(value))


def factors_text(line: Line, gap: str = " ", order: Sequence[str] = ()) -> str:
    """The bet's factors: ``×2 announced, ×2 Kontra on the Pagat``, the players named in seat ``order``."""
    return ", ".join(f"×{f.multiplier}{gap}{translated(seated(f.label, order))}" for f in line.factors)


def adds_text(points: Mapping[str, int], gap: str = " ") -> str:
    """What each player adds: ``Anna +2, Cilli +2`` (``gap`` between a name and its points)."""
    return ", ".join(f"{p}{gap}{signed(v)}" for p, v in points.items() if v) or _("nobody")


def score_table(score: Score, profile: Profile) -> str:
    """The result of one hand: one row per bet as the sheet scores it (:func:`as_written`), then
    each player's Victory Points."""
    payout = score.payout is not None
    headers = [_("bet"), _("base"), _("factors"), _("value")]
    headers += [_("stake")] if payout else []
    headers += [_("won by"), *score.players]
    rows: list[Sequence[object]] = []
    for line in score.lines:
        factors, value, stake = as_written(line, profile)
        shown = factors_text(line._replace(factors=factors)) or "-"
        row: list[object] = [translated(line.label), number(line.base), shown, value]
        if payout:
            row.append(stake)
        row.append(", ".join(line.winners) or "-")
        row += [signed(line.points[p]) if line.points[p] else "" for p in score.players]
        rows.append(row)
    blank = [""] * (len(headers) - len(score.players) - 1)  # under the bet's own columns
    rows.append([_("Victory Points"), *blank, *(signed(score.victory_points[p]) for p in score.players)])
    if score.payout is not None:
        rows.append([_("Payout (with Kontra)"), *blank, *(signed(score.payout[p]) for p in score.players)])
    text = fitted(headers, rows, 2, ["left"] * len(headers))  # its factors wrapped in 80 columns
    if notes := table_notes(score):
        text += "\n" + "\n".join(folded(note_line(n)) for n in notes)
    return text


def table_notes(score: Score) -> list[str]:
    """The notes under a table of the hand's bets: why a payment is the whole it was shared as
    (:func:`as_written`), then the hand's own."""
    return [*(line.note for line in score.lines if line.note and _split(line.note)), *score.notes]


def line_json(line: Line, with_payout: bool, profile: Profile) -> dict[str, Any]:
    """One bet as ``--json`` prints it; ``house_rule``: whether the profile's house file set the key
    (for a factor, or the switch that let it count, as ``explain`` cites it)."""

    def house(rule: str) -> bool:
        return any(profile.house_rule(key) for key in (rule, _switch_of(rule, profile, line)[0]) if key)

    out: dict[str, Any] = {
        "bet": line.bet,
        "label": line.label,
        "base": number(line.base),
        "base_rule": line.base_rule,
        "base_house_rule": house(line.base_rule),
        "factors": [
            {
                "label": f.label,
                "multiplier": f.multiplier,
                "rule": f.rule,
                "kontra": f.kontra,
                "house_rule": house(f.rule),
            }
            for f in line.factors
        ],
        "value": line.value,
        "winners": list(line.winners),
        "losers": list(line.losers),
        "victory_points": dict(line.points),
    }
    if with_payout:
        out["stake"] = line.stake
        out["payout"] = dict(line.payout)
    if line.note:
        out["note"] = line.note
    return out


def score_json(score: Score, profile: Profile) -> dict[str, Any]:
    out: dict[str, Any] = {
        "profile": score.profile,
        "contract": score.contract,
        "players": list(score.players),
        "declarers": list(score.declarers),
        "won": score.won,
        "victory_points": dict(score.victory_points),
    }
    if score.payout is not None:
        out["payout"] = dict(score.payout)
    out["lines"] = [line_json(line, score.payout is not None, profile) for line in score.lines]
    out["notes"] = list(score.notes)
    return out


def score_csv(score: Score) -> tuple[list[str], list[list[object]]]:
    """One row per bet: its key, base, factors (as multipliers), value, winners, each player's points."""
    headers = [*BET_COLUMNS, *map(Name, score.players)]
    return headers, [
        [
            line.bet,
            number(line.base),
            " ".join(f"x{f.multiplier}" for f in line.factors),
            line.value,
            Name(" ".join(line.winners)),
            *(line.points[p] for p in score.players),
        ]
        for line in score.lines
    ]


def _switch_of(rule: str, profile: Profile, line: Line) -> tuple[str, str]:
    """The profile key that lets the factor at ``rule`` of ``line`` count, and its words, or '': cited,
    where a house sets it, beside the multiplier's source."""
    if rule == key_path(KontraRules, "huettenfleck_multiplier"):
        return key_path(KontraRules, "huettenfleck"), _("Hüttenfleck allowed")
    dodge = (f"contracts.{c.name}.value" for c in profile.contracts.values() if c.kind is Kind.TRISCHAKEN)
    if rule.startswith(key_path(KontraRules, "ladder")) and line.base_rule in dodge:
        return key_path(KontraRules, "trischaken"), _("Kontra in the Dodge Round")
    highest = profile.kontra.ceiling - 1
    ceiling = key_path(KontraRules, "ceiling")  # cited where the house set it, not for every top step
    if rule == f"{key_path(KontraRules, 'ladder')}[{highest}]" and profile.house_rule(ceiling):
        step = translated(key_title(profile.kontra.ladder[highest].name))
        return ceiling, _("Kontra up to {step}").format(step=step)
    if rule in (key_path(Trischaken, "mayor_factor"), key_path(Trischaken, "forehand_mayor_factor")):
        threshold = render_points(profile.trischaken.mayor_threshold)
        words = _("a Bürgermeister from {points} card points").format(points=threshold)
        return key_path(Trischaken, "mayor_threshold"), words
    valat = (key_path(ValatRules, "silent"), key_path(ValatRules, "announced"))
    if rule in valat and line.base_rule.startswith("bonuses."):
        return key_path(ValatRules, "multiplies_bonuses"), _("the Valat multiplies the bonuses as well")
    return "", ""


def explain(
    score: Score,
    profile: Profile,
    radl: Sequence[tuple[str, int]] = (),
    sat_out: str | None = None,
    seats: Sequence[str] = (),
) -> str:
    """Bet by bet, the arithmetic behind every number, each rule cited once as a numbered note.

    ``radl``: the Radls doubling a hand of the evening, each as its words and its factor; each bet
    is multiplied by them in turn, so the numbers shown are those on the sheet. ``sat_out``: at a
    table of five, the dealer, named with 0 in the points. ``seats``: the sheet's seat order, in
    which the players are listed, as its columns list them (else the hand's deal order)."""
    players = [*score.players, *filter(None, [sat_out])]
    # in the sheet's seat order, as its columns list them (any not seated there after them)
    order = [p for p in seats if p in players] + [p for p in players if p not in seats]
    cited: list[str] = []  # the sources, each once, numbered in the order first cited

    def cite(key: str, own: str = "", said: str = "") -> str:
        """`` [2]``: the note's number for the source of a profile key ('' for none; ``own``: the
        note for a key of the table's own that has none; ``said``: the number as the arithmetic
        says it, for a key the house file set, which is cited as the house's rule)."""
        text = _cited(profile, key, said) or own
        if not text:
            return ""
        if text not in cited:
            cited.append(text)
        return f" [{cited.index(text) + 1}]"

    out = [
        render_profile.profile_line(profile),
        _("Contract: {contract}").format(contract=translated(key_title(score.contract))),
        *_decided_cited(score, profile, cite, order),
        _("Settled: {mode}").format(mode=render_profile.settlement_words(profile))
        + cite("settlement.mode", said=render_profile.settlement_words(profile)),
    ]
    if score.payout is not None and any(f.kontra for line in score.lines for f in line.factors):
        scope = _("Kontra counts in the payout, not on the score sheet")
        out.append(scope + cite("settlement.kontra_scope", said=scope))
    factor = math.prod(multiplier for _words, multiplier in radl)
    # a Radl is a house rule none of the shipped profiles' sources has: its number is the table's own
    own_factor = _("profile '{name}', a house rule: each hand of a Radl counts ×{factor}")
    own_overlap = _(
        "profile '{name}', a house rule: a Radl started while one runs doubles the hands they share"
    )
    for i, line in enumerate(score.lines, 1):
        base = _("   base {base}").format(base=number(line.base))
        out += ["", f"{i}. {translated(radl_label(line, factor, order))}"]
        out.append(base + cite(line.base_rule, said=f"{_bet_words(line)} {number(line.base)}"))
        steps, running = _multiplied(line, profile, order, cite, score.payout is not None)
        out += steps
        for layer, (words, multiplier) in enumerate(radl):  # the Radl last: a fraction is rounded after it
            running *= multiplier
            source = cite("radl.factor", own_factor.format(name=profile.name, factor=multiplier))
            if layer:  # a second Radl over the first: the profile lets them overlap ([LAU]'s reading)
                overlap = _("a Radl started while one runs doubles the hands they share")
                source += cite("radl.overlap", own_overlap.format(name=profile.name), said=overlap)
            out.append(f"   ×{multiplier} {words} = {number(running)}" + source)
        _factors, value, stake = as_written(line, profile, factor)
        if line.rounded is not None and line.rounded.value * factor != value:
            rounded = _("   rounded down before it is written: {value}").format(value=value)
            out.append(rounded + cite("game.value_rounding", said=_("rounded down")))
        apart = score.payout is not None and value != stake  # the Kontra counts in the payout only
        if apart:
            both = _("   on the score sheet {value}, in the payout {stake}")
            out.append(both.format(value=value, stake=stake))
        won = _won_by(line, factor, order, apart)
        if (part := _own_part(line, profile)) is not None:  # the rule of who loses stands beside each part
            said = translated(seated(part.label, order))
            if part.rule == key_path(Trischaken, "losers"):
                said = render_profile.losers_words(profile.trischaken.losers)
            won[0] += cite(part.rule, said=said)
        out += won
        out += ["   " + said + cite(key, own, said=said) for said, key, own in _paid_by_rule(profile, line)]
        out += ["   " + n for n in _noted(line.note, cite)]
    points, payout = score.counted(factor)
    out += ["", _("Victory Points: {points}").format(points=_each(order, points, sat_out))]
    if payout is not None:
        out.append(_("Payout: {points}").format(points=_each(order, payout, sat_out)))
    for n in score.notes:
        out += _noted(n, cite)
    if cited:
        out += ["", _("Sources:"), *(f"[{i}] {text}" for i, text in enumerate(cited, 1))]
    return render_profile.quoted("\n".join(out))


def _multiplied(
    line: Line, profile: Profile, order: Sequence[str], cite: Callable[..., str], payout: bool
) -> tuple[list[str], int | Fraction]:
    """The bet's factors multiplied in, each with the value so far and its sources cited, and the
    value they come to (``payout``: where a Kontra counts in the money only): a part each winner
    writes for himself is not multiplied in (:func:`_own_part`), a payment shared as a whole that
    splits evenly is that whole, said as a step."""
    out, running, part = [], line.base, _own_part(line, profile)
    for f in line.factors:
        if f is part:
            continue
        running *= f.multiplier
        money = _("  (money only)") if f.kontra and payout else ""
        said = f"×{f.multiplier} {translated(seated(f.label, order))}"
        switch, switch_said = _switch_of(f.rule, profile, line)
        source = cite(f.rule, said=said) + (cite(switch, said=switch_said) if switch else "")
        out.append(f"   {said} = {number(running)}{money}" + source)
    if _split(line.note):
        running = sum(line.payout[w] for w in line.winners)
    return out + ["   " + n for n in _noted(line.note, cite, step=True)], running


def _own_part(line: Line, profile: Profile) -> Factor | None:
    """Under Simplified Scoring nobody pays the whole: the factor making one player's payment to
    each other of a Trischaken (a loser's, or a revoker's) of each winner's part, not multiplied
    in (each winner writes his own part); else None."""
    if profile.settlement.mode == "zero_sum":
        return None
    shared = (key_path(Trischaken, "losers"), key_path(Game, "players"))
    return next((f for f in line.factors if f.rule in shared and f.multiplier == len(line.winners)), None)


def as_written(line: Line, profile: Profile, factor: int = 1) -> tuple[tuple[Factor, ...], int, int]:
    """The bet as the sheet scores it, with the hand counted ×``factor`` (a Radl): the factors
    multiplied in, its value and its stake, which the players' figures add up to. Under
    Simplified Scoring a payment each winner writes his own part of is that part
    (:func:`_own_part`); a payment shared as a whole that splits evenly (``trischaken.rounding``)
    is that whole; any other bet its value."""
    points, paid = line.times(factor), line.times(factor, payout=True)
    if (part := _own_part(line, profile)) is not None:
        first = line.winners[0]
        return tuple(f for f in line.factors if f is not part), points[first], paid[first]
    if _split(line.note):
        return line.factors, sum(points[w] for w in line.winners), sum(paid[w] for w in line.winners)
    return line.factors, sheet_value(line, factor), sheet_value(line, factor, payout=True)


def _split(note: str | None) -> bool:
    """Whether a bet's ``note`` says its value did not split evenly among its players and was
    rounded to a whole that does."""
    return key_path(Trischaken, "rounding") in note_keys(str(note or ""))


def _won_by(line: Line, factor: int, order: Sequence[str], money: bool) -> list[str]:
    """Who won the bet and what each writes; ``money``: on a line of its own, what each is paid
    where the Kontra makes the payout differ from the sheet (who pays whom the money)."""

    def seated_points(payout: bool) -> str:
        each = line.times(factor, payout=payout)
        return adds_text(dict(sorted(each.items(), key=lambda pv: order.index(pv[0]))))

    said = _("   won by {winners}; on the sheet: {points}").format(
        winners=", ".join(sorted(line.winners, key=order.index)) or _("nobody"), points=seated_points(False)
    )
    return [said, _("   in the payout: {points}").format(points=seated_points(True))] if money else [said]


def _decided_cited(
    score: Score, profile: Profile, cite: Callable[..., str], order: Sequence[str]
) -> list[str]:
    """The outcome as :func:`decided` says it, with the rule that decided it cited."""
    revoke = ""  # a revoke decided the hand, not the cards
    if score.renonce is not None:
        revoke = cite(key_path(RenonceRules, "rule"), said=render_profile.renonce_words(profile, dodge=False))
    result = decided(score, revoke, order)
    if score.needed is not None:  # the line a house moved is its rule: with a Kontra, or always
        moved = score.needed != profile.game.win_threshold
        said = _("with a Kontra the declarers need {needed}") if moved else _("the declarers need {needed}")
        rule = key_path(Game, "kontra_win_threshold" if moved else "win_threshold")
        result[0] += cite(rule, said=said.format(needed=render_points(score.needed)))
    return result


def _paid_by_rule(profile: Profile, line: Line) -> list[tuple[str, str, str]]:
    """What a conceded hand pays, a silent bonus claimed after a revoke, or a won contract with each
    Defender's own Kontra under Simplified Scoring, each with the profile key of its rule and the
    source said where no profile has one (none for any other line)."""
    if line.note == setting(RenonceRules, "silent_claimed", True):
        claimed = _("a silent bonus made by the side the revoke wronged: claimed, the revoker pays it")
        return [(claimed, key_path(RenonceRules, "silent_claimed"), "")]
    if line.note == setting(Settlement, "mode", "simplified"):  # contra ad personam (bets.ad_personam_lines)
        highest = _("a winning declarer adds the contract once, at the highest of the Defenders' stakes")
        d32 = _(
            "D32: no source prints how Simplified Scoring settles a Kontra each Defender says for himself; one reading, no key (docs/rules/disagreements.md)"
        )
        return [(highest, "settlement.lone_kontra", d32)]
    if line.bet != "concession":
        return []
    bird = profile.called_king_in_talon.concede_pays == "contract_and_announced"
    paid = translated(_CONCEDED[profile.settlement.mode == "zero_sum", bird])
    return [(paid, "called_king_in_talon.concede_pays", "")]


# What a conceded hand pays by (zero-sum, with the bonus it was bid with).
_CONCEDED = {
    (True, True): N_(
        "conceded at once: the declarer pays each other player the contract and the bonus it was bid with"
    ),
    (True, False): N_("conceded at once: the declarer pays each other player the contract"),
    (False, True): N_("conceded at once: each other player adds the contract and the bonus it was bid with"),
    (False, False): N_("conceded at once: each other player adds the contract"),
}


def _cited(profile: Profile, key: str, said: str) -> str:
    """The source of a profile key in the players' words; a key the house file set is the house's
    rule (``said``: its number as the arithmetic says it), or where its value is a reading of the
    published sources (docs/rules/disagreements.md), those sources', followed by the house's own source."""
    source = profile.source_of(key)
    source = players_words(translated(source)) if source else ""
    if not said or not profile.house_rule(key):
        return source
    reading = render_profile.published_reading(profile, key)
    if reading is None:
        house = _("profile '{name}', a house rule: {rule}").format(name=profile.name, rule=said)
    else:
        published = _("profile '{name}', a published reading: {rule} {sources} ({number})")
        house = published.format(name=profile.name, sources=reading[1], number=reading[0], rule=said)
    return f"{house}; {source}" if source else house


def _bet_words(line: Line) -> str:
    """The bet a base value is the value of, as the price list names it: ``Rufer``, ``Pagat``."""
    table, _dot, rest = line.base_rule.partition(".")
    name, _dot, key = rest.partition(".")
    if table in ("contracts", "bonuses") and key == "value":
        return translated(key_title(name))
    return translated(line.label)


def radl_label(line: Line, factor: int, order: Sequence[str] = ()) -> str:
    """The bet's heading, a payment it names ("pays 5 to each") as in a Radl, its players in seat ``order``."""
    label = seated(line.label, order)
    if factor == 1 or not isinstance(label, Message) or not line.winners:
        return label
    each = line.times(factor)[line.winners[0]]
    return Message(label.template, tuple((k, each if k == "each" else v) for k, v in label.values))


def seated(text: str, order: Sequence[str]) -> str:
    """``text`` with every list of players in it ("Cilli, Dani and Anna") in seat ``order``."""
    if not isinstance(text, Message):
        return text
    values = tuple((k, seated(v, order) if isinstance(v, str) else v) for k, v in text.values)
    if text.template == "{names} and {last}":
        said = dict(values)
        names = [*str(said["names"]).split(", "), str(said["last"])]
        if all(n in order for n in names):
            names.sort(key=list(order).index)
            values = (("names", ", ".join(names[:-1])), ("last", names[-1]))
    return Message(text.template, values)


def sheet_value(line: Line, factor: int, payout: bool = False) -> int:
    """The bet's value on the sheet (``payout``: in the money) with the hand counted ×``factor``."""
    r = line if line.rounded is None else line.rounded
    return math.floor((r.stake if payout else r.value) * factor)


def _each(order: Sequence[str], points: Mapping[str, int], sat_out: str | None) -> str:
    """Each player's points in ``order``; at a table of five, the dealer who sat out with 0."""
    return ", ".join(
        _("{player} 0 (sat out as dealer)").format(player=p) if p == sat_out else f"{p} {signed(points[p])}"
        for p in order
    )


def _noted(note: str | None, cite: Callable[..., str], step: bool = False) -> list[str]:
    """The note's line, if it says anything in the players' words, with each key it names cited;
    ``step``: a note said as a step of the arithmetic (a payment shared as a whole that splits
    evenly), none as a note."""
    words = players_words(translated(note)) if note else ""
    if not words or step != _split(note):
        return []
    rules = "".join(cite(key, said=words.rstrip(".")) for key in note_keys(str(note)))
    return [(words if step else _("note: {note}").format(note=words)) + rules]


# The outcome by (one declarer, won), alone and with what decided it.
_RESULTS = {
    (True, True): (N_("Result: the declarer won"), N_("Result: the declarer won: {why}")),
    (True, False): (N_("Result: the declarer lost"), N_("Result: the declarer lost: {why}")),
    (False, True): (N_("Result: the declarers won"), N_("Result: the declarers won: {why}")),
    (False, False): (N_("Result: the declarers lost"), N_("Result: the declarers lost: {why}")),
}


def _result(score: Score, why: str = "") -> str:
    """``Result: the declarers won``, with what decided it: "the declarer" where one plays alone."""
    assert score.won is not None
    plain, decided_by = _RESULTS[len(score.declarers) == 1, score.won]
    return translated(decided_by).format(why=why) if why else translated(plain)


def decided(score: Score, revoke_cited: str = "", seats: Sequence[str] = ()) -> list[str]:
    """The outcome, with the card points and the line that decided it (explain's, and the phones'
    arithmetic's; ``revoke_cited``: the note of the revoke rule, where a revoke decided it;
    ``seats``: the order each player's card points are listed in, else the deal's)."""
    if score.renonce is not None:  # the revoke decided it, not the card points (a Trischaken's too)
        revoked = _("Renonce by {player}").format(player=score.renonce)
        if score.won is None:  # each other player is paid by the revoker: no side won
            return [_("Result: {why}").format(why=revoked) + revoke_cited]
        return [_result(score, revoked) + revoke_cited]
    if score.trischaken_points:
        seated = sorted(score.trischaken_points, key=lambda pv: seats.index(pv[0]) if pv[0] in seats else -1)
        each = ", ".join(f"{p} {render_points(v)}" for p, v in seated)
        return [_("Card points: {points}").format(points=each)]
    if score.every_trick:
        # a Valat made decided the hand: no card points were counted, and none are made up
        valat = _("Valat, every trick to {players}").format(players=translated(and_listed(score.every_trick)))
        return [_result(score, valat)]
    if score.card_points is None or score.needed is None:
        return [_result(score)]
    needed = _("{points} card points, they needed {needed}")
    held = needed.format(points=render_points(score.card_points), needed=render_points(score.needed))
    if (score.card_points >= score.needed) is not score.won:
        # only a failed announced Valat overrules the card points: it replaces the game's line (D9)
        failed = _("the defenders' announced Valat failed")
        if score.won is False:
            failed = _("the announced Valat failed")
        held = f"{failed}; {held}"
    return [_result(score, held)]


def preview_text(after: Ledger, number: int) -> str:
    """What the guided entry shows before it records: the hand's bets and its Radl factor."""
    _hand, score = score_stored(after, number)
    lines = [score_table(score, after.profile)]
    radl = after.hands[number - 1].result.radl
    if radl != 1:
        lines.append(_("Radl: this hand counts ×{radl}").format(radl=radl))
    return "\n".join(lines)


def explained_text(ex: Explained) -> str:
    """``explain N``: the hand, the arithmetic bet by bet with its Radl, and what started the Radl."""
    stored = ex.ledger.table.profile
    steps = [(_radl_cause_words(cause, events), ex.profile.radl.factor) for cause, events in ex.radl_layers]
    recorded = _("recorded {at}; profile {name} (sha256 {sha})")
    lines = [
        hand_line(ex.ledger, ex.number),
        recorded.format(at=moment(ex.entry.recorded), name=stored.name, sha=stored.sha256[:12]),
        "",
        explain(ex.score, ex.profile, steps, hand_deal(ex.ledger, ex.number).sitting_out, ex.ledger.players),
    ]
    radl = ex.entry.result.radl
    if len(ex.radl_layers) > 1:  # a hand inside more than one Radl: each of them
        origins = [
            _("set on the sheet")
            if cause == BY_HAND
            else _("started by hand {cause} (after {events})").format(cause=cause, events=_events(events))
            for cause, events in ex.radl_layers
        ]
        overlap = _("Radl: this hand counts ×{radl}, inside {count} doubled rounds at once: {rounds}")
        lines += ["", overlap.format(radl=radl, count=len(ex.radl_layers), rounds="; ".join(origins))]
    elif ex.radl_by_hand and radl != 1:
        lines += ["", _("Radl: this hand counts ×{radl}, a doubled round set on the sheet").format(radl=radl)]
    elif radl != 1:
        started = _(
            "Radl: this hand counts ×{radl}, a doubled round started by hand {cause} (after {events})"
        )
        lines += ["", started.format(radl=radl, cause=ex.radl_cause, events=_events(ex.radl_events))]
    if ex.started and (ex.started_doubled or ex.started_to_come):
        lines += ["", _started_text(ex)]
    return "\n".join([*lines, "", *history_lines(ex)])


def explained_view(ex: Explained) -> View:
    """``explain N``: the words, or the arithmetic as JSON."""
    return View(table=lambda: at_terminal(explained_text(ex)), json=lambda: explained_json(ex))


def at_terminal(text: str) -> str:
    """``text`` with each line past a terminal's columns folded between its clauses, as show's are
    (the phones wrap the same lines at the screen's width)."""
    return "\n".join(folded(line) if len(line) > TERMINAL else line for line in text.split("\n"))


def explained_json(ex: Explained) -> dict[str, Any]:
    """``explain N --json``: every key of ``score --json`` and the evening's view of the hand
    (docs/machine-output.md)."""
    out = score_json(ex.score, ex.profile)
    row = sheet(ex.ledger).hands[ex.number - 1]
    factor = row.result.radl
    for line, item in zip(ex.score.lines, out["lines"], strict=True):
        item["sheet_value"] = sheet_value(line, factor)
        item["sheet_victory_points"] = line.times(factor)
        if ex.score.payout is not None:
            item["sheet_stake"] = sheet_value(line, factor, payout=True)
            item["sheet_payout"] = line.times(factor, payout=True)
    out |= {
        "number": row.number,
        "id": row.id,
        "dealer": row.dealer,
        "forehand": row.forehand,
        "sitting_out": row.sitting_out,
        "recorded": row.recorded,
        "profile_sha256": ex.ledger.table.profile.sha256,
        "radl": factor,
        "doubled": row.doubled,
        "radls": [
            {
                "hand": None if cause == BY_HAND else cause,
                "events": list(events),
                "factor": ex.profile.radl.factor,
            }
            for cause, events in ex.radl_layers
        ],
        "sheet_victory_points": dict(row.result.victory_points),
        "totals": dict(row.totals),
    }
    if row.payout is not None and row.payout_totals is not None:
        out["sheet_payout"] = dict(row.payout)
        out["payout_totals"] = dict(row.payout_totals)
    out["started_radl"] = (
        {"events": list(ex.started), "doubled": list(ex.started_doubled), "to_come": ex.started_to_come}
        if ex.started
        else None
    )
    out["replaced"] = any(a.action is Action.REPLACE for a in ex.history)
    out["repaired"] = ex.repaired
    out["history"] = [audit_json(a) for a in ex.history]
    return out


def _started_text(ex: Explained) -> str:
    """The Radl the explained hand started: the hands it doubled so far and those still to come."""
    factor, events = ex.profile.radl.factor, _events(ex.started)
    done, to_come = ex.started_doubled, ex.started_to_come
    if not done and ex.started_ahead:  # queued behind another Radl: its hands come after that one's
        first = len(ex.ledger.hands) + ex.started_ahead + 1
        done = tuple(range(first, first + to_come))
        to_come = 0
    if not done:
        return ngettext(
            "Radl: this hand started a doubled round (after {events}): the next hand counts ×{factor}",
            "Radl: this hand started a doubled round (after {events}): the next {count} hands count ×{factor}",
            to_come,
        ).format(events=events, count=to_come, factor=factor)
    text = ngettext(
        "Radl: this hand started a doubled round (after {events}): hand {hands} counts ×{factor}",
        "Radl: this hand started a doubled round (after {events}): hands {hands} count ×{factor}",
        len(done),
    ).format(events=events, hands=translated(and_listed(done)), factor=factor)
    if to_come:
        text += ngettext(", {count} more to come", ", {count} more to come", to_come).format(count=to_come)
    return text


def history_lines(ex: Explained) -> list[str]:
    """The hand's own history: when it was recorded, and its lines of the audit trail as ``show``
    prints them."""
    number, hand_id = ex.number, ex.entry.id
    recorded = local_time(ex.entry.recorded)
    # in the order they were made: a Radl the table set before the hand was played comes first
    earlier = [
        a
        for a in ex.history
        if recorded is not None and (at := local_time(a.at)) is not None and _before(at, recorded)
    ]
    heading = _("history of hand {number} (hand {id} in the audit trail):")
    if hand_id == number:
        heading = _("history of hand {number}:")
    lines = [heading.format(number=number, id=hand_id)]
    # the hands taken back in its place come before it, whatever the clock says; with what was
    # marked before it, in the order they were written (the audit trail's)
    numbers = {e.id: n for n, e in enumerate(ex.ledger.hands, 1)}
    lines += [audit_line(a, numbers) for a in sorted([*ex.undone, *earlier], key=ex.ledger.audit.index)]
    recorded_at = _("recorded {at}")
    if len(ex.undone) == 1:
        recorded_at = _("recorded {at}, in the place of the hand undone above")
    elif ex.undone:  # the first of them stood in its place, the others after it
        recorded_at = ngettext(
            "recorded {at}, after the undo above",
            "recorded {at}, after the {count} undos above",
            len(ex.undone),
        )
    lines.append(recorded_at.format(at=moment(ex.entry.recorded), count=len(ex.undone)))
    lines += [audit_line(a, numbers) for a in ex.history if a not in earlier]
    if ex.repaired is not None:
        repair = _("changed outside tarockscore, and taken as it was found by the repair of {at}")
        lines.append(repair.format(at=moment(ex.repaired)))
    if not ex.history:
        lines.append(_("no correction of it in the audit trail"))
    return lines


def _before(a: dt.datetime, b: dt.datetime) -> bool:
    """Whether ``a`` is earlier than ``b`` (a time without its offset is compared as written)."""
    if (a.tzinfo is None) != (b.tzinfo is None):
        a, b = a.replace(tzinfo=None), b.replace(tzinfo=None)
    return a < b


def _radl_cause_words(cause: int, events: Sequence[str]) -> str:
    """One Radl as a factor of the arithmetic names it: what started it."""
    if cause == BY_HAND:
        return _("Radl set on the sheet")
    return _("Radl started by hand {cause} (after {events})").format(cause=cause, events=_events(events))


def _events(events: Sequence[str]) -> str:
    """What started a Radl, in the players' words: "Bettler, Pagat"."""
    return ", ".join(translated(key_title(e)) for e in events)
