"""The profiles as text: the price list (``profiles show``), the shipped profiles, and the words for a
profile's settings that ``explain`` quotes (rendering layer, no scoring)."""

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from tarockscore import i18n
from tarockscore.errors import key_title
from tarockscore.i18n import N_, _, ngettext, translated
from tarockscore.io.inputs import published_readings, resolve_document
from tarockscore.render.evening import fitted, folded
from tarockscore.render.output import View
from tarockscore.rules.hand import render_points
from tarockscore.rules.profile import Bonus, Contract, Kind, Profile, Trischaken, default_at


def quoted(text: str) -> str:
    """Quotation marks as the reader's language writes them: German „…“, English "…"."""
    if i18n.current() != "de":
        return text
    return re.sub(r'"([^"\n]*)"', "\u201e\\1\u201c", text)


def settlement_words(profile: Profile) -> str:
    """The settlement mode as the players say it; ``--json`` keeps ``settlement.mode``."""
    return _("zero-sum") if profile.settlement.mode == "zero_sum" else _("Simplified Scoring")


def _aliases(aliases: Sequence[str]) -> str:
    """The other names a contract, bonus or step is typed as (in German as words, not keys)."""
    if i18n.current() == i18n.DEFAULT:
        return ", ".join(aliases)
    return ", ".join(key_title(a) for a in aliases)


# The words of the price list, marked for the catalogue and translated where they are shown.
KINDS = {"positive": N_("positive"), "negative": N_("negative"), "dodge": N_("dodge")}
SIDES = {"called": N_("2 v 2"), "alone": N_("1 v 3"), "everyone": N_("each for themselves")}


def price_list(profile: Profile) -> str:
    """Every contract and bonus with its value: what a table looks at before bidding."""
    game = profile.game

    def when_announced(b: Bonus, factor: int = 1) -> object:
        return b.value * game.announced_factor * factor if b.announce else "-"

    # each column of the two tables (its heading translated where it is drawn) and its cell
    contract_columns: tuple[tuple[str, Callable[[Contract], object]], ...] = (
        (N_("contract"), lambda c: i18n.named(c.name)),
        (N_("aliases"), lambda c: _aliases(c.aliases)),
        (N_("kind"), lambda c: translated(KINDS.get(c.kind.value, c.kind.value))),
        (N_("sides"), lambda c: translated(SIDES[c.team])),
        (N_("win"), lambda c: render_points(Fraction(c.value))),
        (
            N_("loss"),
            lambda c: (
                render_points(Fraction(c.value * c.loss_factor)) if c.kind is not Kind.TRISCHAKEN else ""
            ),
        ),
        (N_("bonuses"), lambda c: "×2" if c.doubles_bonuses else ""),
    )
    # a bonus's worth in a solo only where a contract doubles its bonuses
    in_solo: tuple[tuple[str, Callable[[Bonus], object]], ...] = (
        (N_("silent in solo"), lambda b: b.value * game.solo_bonus_factor),
        (N_("announced in solo"), lambda b: when_announced(b, game.solo_bonus_factor)),
    )
    bonus_columns: tuple[tuple[str, Callable[[Bonus], object]], ...] = (
        (N_("bonus"), lambda b: i18n.named(b.name)),
        (N_("aliases"), lambda b: _aliases(b.aliases)),
        (N_("silent"), lambda b: b.value),
        (N_("announced"), when_announced),
        *(in_solo if any(c.doubles_bonuses for c in profile.contracts.values()) else ()),
        ("Kontra", lambda b: _("yes") if b.kontra else _("never")),
    )
    bonuses = [b for b in profile.bonuses.values() if b.name != "valat"]
    ladder = []
    for s in profile.kontra.ladder:
        aliases = profile.step_aliases(s.name)
        also = _(" (also {aliases})").format(aliases=_aliases(aliases)) if aliases else ""
        above = "" if s.level <= profile.kontra.ceiling else _(" (above the ceiling)")
        ladder.append(f"{i18n.named(s.name)} ×{s.multiplier}{also}{above}")
    valat = (
        _("Valat: contract ×{silent} silent, ×{announced} announced (replaces the contract)")
        if profile.valat.model == "multiplier"
        else _("Valat: {silent} silent, {announced} announced (beside the contract)")
    ).format(silent=profile.valat.silent, announced=profile.valat.announced)
    kontra = _("settlement: {mode}; Kontra changes the score")
    if profile.settlement.kontra_scope != "score":
        kontra = _("settlement: {mode}; Kontra changes the payout only")
    huettenfleck = (
        _("Hüttenfleck: ×{multiplier}") if profile.kontra.huettenfleck else _("Hüttenfleck: not allowed")
    ).format(multiplier=profile.kontra.huettenfleck_multiplier)
    dodge = any(c.kind is Kind.TRISCHAKEN for c in profile.contracts.values())
    points = _("card points: {total}, the declarers win with {threshold}")
    lines = [
        *_head(profile),
        points.format(
            total=render_points(game.card_points_total), threshold=render_points(game.win_threshold)
        ),
        kontra.format(mode=settlement_words(profile)),
        _("Kontra ladder: {ladder}").format(ladder=", ".join(ladder)),
        huettenfleck,
        *([valat] if any("valat" in c.bonuses for c in profile.contracts.values()) else []),
        renonce_words(profile, dodge),
        *([_trischaken_settings(profile.trischaken)] if dodge else []),
        _radl_words(profile),
        _(
            "Names match in any case, with or without hyphens, spaces or underscores; ä, ö, ü also as ae, oe, ue."
        ),
    ]
    # the bonuses each contract allows, below its table: contracts that allow the same, on one line
    allowed: dict[str, list[str]] = {}
    for c in profile.contracts.values():
        bonuses_said = ", ".join(i18n.named(b) for b in c.bonuses) or _("none")
        allowed.setdefault(bonuses_said, []).append(i18n.named(c.name))
    said = [folded(f"  {', '.join(names)}: {bonuses}") for bonuses, names in allowed.items()]
    tables = [
        _columns_table(contract_columns, profile.contracts.values(), 4, 1),
        "",
        _("allowed bonuses") + ":",
    ]
    tables += [*said, "", _columns_table(bonus_columns, bonuses, 2, 2)]
    readings = [_("readings of the disputed rules (docs/rules/disagreements.md):")]
    readings += [folded("  " + _reading_words(*d)) for d in disputed(profile)]
    return "\n".join([*map(folded, lines), "", *tables, "", *readings])


class Disputed(NamedTuple):
    """A key path of a profile that settles a disagreement between the published sources: its
    disagreement (``D4``), the profile's value, the sources of that value's reading (None where no
    source gives it) and whether the house file set it."""

    key: str
    number: str
    value: object
    sources: str | None
    house: bool


def published_reading(profile: Profile, key: str) -> tuple[str, str] | None:
    """The disagreement and the published sources of the profile's value at a key path
    (profiles/readings/published.toml, docs/rules/disagreements.md), or None: what ``explain``
    cites and ``profiles show`` lists."""
    return profile.reading(key, published_readings())


PRIVATE_ROUNDS = "docs/rules/private-rounds.md"


def disputed(profile: Profile) -> list[Disputed]:
    """Each disputed key path the profile plays (the Dodge Round's, the Valat's and the Radl's where
    it has them), in the order of the disagreements, with the reading its value is."""
    contracts = profile.contracts.values()
    played = {
        "trischaken.": any(c.kind is Kind.TRISCHAKEN for c in contracts),
        "valat.": any("valat" in c.bonuses for c in contracts),
        "radl.": bool(profile.radl.events),
    }
    out = []
    for key, readings in published_readings().items():
        value = profile.setting_at(key)
        if value is None or any(key.startswith(table) and not plays for table, plays in played.items()):
            continue
        reading = published_reading(profile, key)
        number = reading[0] if reading else readings[0].number
        if reading is None and number.startswith(PRIVATE_ROUNDS) and value == default_at(key):
            continue  # a private round's own rule, not played: the main rules' value, no reading of it
        out.append(Disputed(key, number, value, reading and reading[1], profile.house_rule(key)))
    return out


def _reading_words(key: str, number: str, value: object, sources: str | None, house: bool) -> str:
    """A disputed key's line: its disagreement, its value as the file writes it and its sources."""
    said = f"{number} {key} = {_written(value)}"
    if sources is not None:
        return f"{said}: {quoted(sources)}"
    return (_("{key}: a house rule") if house else _("{key}: no published source gives it")).format(key=said)


def profile_json(profile: Profile) -> dict[str, Any]:
    """The resolved profile as ``profiles show --json`` prints it: its document, and under
    ``readings`` each disputed key path's disagreement, value and published sources."""
    readings = {
        d.key: {
            "disagreement": d.number,
            "value": render_points(d.value) if isinstance(d.value, Fraction) else d.value,
            "sources": d.sources,
            "house_rule": d.house,
        }
        for d in disputed(profile)
    }
    return {**profile.document, "readings": readings}


def _own_title(profile: Profile) -> bool:
    """Whether a house file gives the title shown in this language itself (not its base's)."""
    return profile.house_rule("title_de" if i18n.current() == "de" and profile.title_de else "title")


def profile_line(profile: Profile) -> str:
    """The profile by name and title in the reader's language; a house file says what it rests on."""
    said = _("Profile '{name}': house rules on {extends} ({title})")
    if not profile.extends:
        said = _("Profile '{name}': {title}")
    elif _own_title(profile):
        said = _("Profile '{name}': {title} (house rules on {extends})")
    return said.format(name=profile.name, title=profile.title_in(i18n.current()), extends=profile.extends)


_ABOUT_THE_FILE = frozenset({"title", "title_de", "source"})


def _head(profile: Profile) -> list[str]:
    """The price list's first lines: the profile's name, title and source; for a house file, the
    profile it extends (its title and source where the house gives none) and the keys it set."""
    title, source = profile.title_in(i18n.current()), translated(profile.source)
    if not profile.extends:
        return [f"{profile.name}: {title}", _("source: {source}").format(source=source)]
    head = _("{name}: house rules on {extends} ({title})")
    if _own_title(profile):
        head = _("{name}: {title} (house rules on {extends})")
    # the house's rules: its title and source name the file (the lines around say them), no rule
    rules = sorted(k for k in profile.house if k.split(".")[0] not in _ABOUT_THE_FILE)
    base = resolve_document(profile.extends)
    keys = "; ".join(_house_key(key, profile, base) for key in rules) or _("none")
    return [
        head.format(name=profile.name, title=title, extends=profile.extends),
        _("the house's own keys: {keys}").format(keys=keys),
        _("source: {source}").format(source=source)
        if profile.house_rule("source")
        else _("source of {extends}: {source}").format(extends=profile.extends, source=source),
    ]


def _house_key(key: str, profile: Profile, base: Mapping[str, Any]) -> str:
    """A key the house set, its value and the one (or the default) the profile it extends has instead."""
    said = f"{key} = {_written(_at(profile.document, key))}"
    instead = _at(base, key)
    if instead is None and isinstance(_at(base, key.rpartition(".")[0]), Mapping):
        instead = default_at(key)
    if instead is None:
        return _("{said} (not in {extends})").format(said=said, extends=profile.extends)
    return f"{said} ({profile.extends}: {_written(instead)})"


def _at(document: object, key: str) -> object:
    """The value at a key path of a profile's mapping (a ``[sources]`` key holds dots), or None."""
    while isinstance(document, Mapping) and key not in document and "." in key:
        part, _dot, key = key.partition(".")
        document = document.get(part)
    return document.get(key) if isinstance(document, Mapping) else None


def _written(value: object) -> str:
    """A profile's value as its file writes it: ``true``, ``"trick"``, ``["pagat"]``, ``{}``."""
    return json.dumps(
        value, ensure_ascii=False, default=lambda v: render_points(v) if isinstance(v, Fraction) else dict(v)
    )


RENONCE_WORDS = {
    "side_loses": N_("Renonce: the revoking side loses the contract and every announced bonus"),
    "offender_pays": N_(
        "Renonce: the revoker alone pays the contract, with its Kontra, to each other player; announced bonuses are neither charged nor scored"
    ),
    "as_if_won": N_(
        "Renonce: the game ends; every other player receives what his side would have won, contract and announced bonuses, and the revoker alone pays it"
    ),
}


def renonce_words(profile: Profile, dodge: bool) -> str:
    """The profile's revoke rule as docs/rules/koenigrufen.md §7 says it (``dodge``: with its Trischaken price)."""
    rules = profile.renonce
    words = translated(RENONCE_WORDS[rules.rule])
    if dodge and rules.rule == "as_if_won":
        paid = _("; in Trischaken the revoker pays each other player {each}")
        if rules.trischaken_forehand_factor != 1:
            paid = _("; in Trischaken the revoker pays each other player {each}, as Forehand ×{factor}")
        words += paid.format(each=rules.trischaken_each, factor=rules.trischaken_forehand_factor)
    if rules.silent_claimed:
        words += _("; a silent bonus made by the side the revoke wronged is claimed, the revoker pays it")
    return words


TRISCHAKEN_WORDS = {
    ("ties", "share"): N_("players tied for a paying place all pay"),
    ("ties", "seat_order"): N_("of players tied, the one nearer Forehand pays"),
    ("payment", "each"): N_("each loser pays the value to each player who receives"),
    ("payment", "shared"): N_("tied losers share what one loser would pay"),
    ("payment", "group"): N_("the losers and the receivers settle as the two sides of one bet"),
    ("middle_tie", "empty"): N_(
        "two players tied in the middle neither pay nor receive: the highest pays the lowest the value"
    ),
    ("middle_tie", "empty_double"): N_(
        "two players tied in the middle neither pay nor receive: the highest pays the lowest both shares"
    ),
    ("virgins", "take_all"): N_("a player without a trick takes the whole payment, several share it"),
    ("virgins", "none"): N_("a player without a trick counts as any other"),
    ("virgins", "collect"): N_("a player without a trick collects the value from each other player"),
    ("rounding", "up"): N_("a share that does not come out whole is rounded up"),
    ("rounding", "down"): N_("a share that does not come out whole is rounded down"),
    ("talon", "counted"): N_("the talon counts in the tricks"),
    ("talon", "out"): N_("the talon counts for nobody"),
}


def _mayor_clauses(t: Trischaken) -> list[str]:
    """The Bürgermeister's part: his factor where it is not 1, and whether he pays alone."""
    threshold = render_points(t.mayor_threshold)
    if t.mayor_factor == 1:
        if not t.mayor_alone:
            return [_("a Bürgermeister pays no more than any other loser")]
        return [_("a Bürgermeister ({threshold} card points or more) pays alone").format(threshold=threshold)]
    clause = _("a Bürgermeister ({threshold} card points or more) pays ×{factor}")
    alone = [_("a Bürgermeister pays alone")] if t.mayor_alone else []
    return [clause.format(threshold=threshold, factor=t.mayor_factor), *alone]


def _forehand_clauses(t: Trischaken) -> list[str]:
    """A losing Forehand's factor, and as Bürgermeister (a factor of 1 is not said)."""
    both = t.forehand_mayor_factor or t.mayor_factor * t.forehand_factor
    if t.forehand_factor != 1:
        clause = _("a losing Forehand pays ×{factor}, as Bürgermeister ×{both}")
        if t.forehand_factor_alone:
            clause = _("a Forehand who loses alone pays ×{factor}, as Bürgermeister ×{both}")
        return [clause.format(factor=t.forehand_factor, both=both)]
    if both == 1:
        return []
    clause = _("a losing Forehand pays ×{both} as Bürgermeister")
    if t.forehand_factor_alone:
        clause = _("a Forehand who loses alone as Bürgermeister pays ×{both}")
    return [clause.format(both=both)]


def losers_words(count: int) -> str:
    """Who loses a Trischaken, as a player says it (no one pays under Simplified Scoring)."""
    return ngettext(
        "the player with the most card points loses",
        "the {count} players with the most card points lose",
        count,
    ).format(count=count)


def _trischaken_settings(t: Trischaken) -> str:
    """Every setting of the Dodge Round in words, one clause a setting (docs/rules/settlement.md §5)."""
    clauses = [
        ngettext(
            "the player with the most card points pays",
            "the {losers} players with the most card points pay",
            t.losers,
        ).format(losers=t.losers),
        _("card points compared rounded to whole points")
        if t.whole_points
        else _("card points compared in exact thirds"),
        translated(TRISCHAKEN_WORDS["ties", t.ties]),
        *([translated(TRISCHAKEN_WORDS["middle_tie", t.middle_tie])] if t.middle_tie != "ties" else []),
        *([_("a Forehand tied for the most pays alone")] if t.forehand_loses_ties else []),
        *([_("a Forehand with the most card points pays alone")] if t.forehand_alone else []),
        translated(TRISCHAKEN_WORDS["payment", t.payment]),
        *_mayor_clauses(t),
        *_forehand_clauses(t),
        translated(TRISCHAKEN_WORDS["virgins", t.virgins]),
        *(_beside_virgins(t) if t.virgins == "collect" and (t.mayor_alone or t.forehand_alone) else []),
        *([_("two or more players without a trick count as none")] if t.virgins_alone else []),
        translated(TRISCHAKEN_WORDS["rounding", t.rounding]),
        translated(TRISCHAKEN_WORDS["talon", t.talon]),
    ]
    return _("Trischaken: {settings}").format(settings="; ".join(clauses))


def _beside_virgins(t: Trischaken) -> list[str]:
    """What a Bürgermeister or a Forehand who pays alone pays beside a virgin's collection."""
    if t.alone_beside_virgins:
        return [_("a Bürgermeister or Forehand who pays alone pays beside it")]
    return [_("then nobody else pays, not a Bürgermeister or Forehand who pays alone either")]


def _radl_words(profile: Profile) -> str:
    """What arms a Radl and what it doubles, or that the profile has none."""
    radl = profile.radl
    if not radl.events:
        return _("Radl: none")
    events = ", ".join(
        ngettext("{event} ({hands} hand)", "{event} ({hands} hands)", radl.lengths[e]).format(
            event=i18n.named(e), hands=radl.lengths[e]
        )
        if e in radl.lengths
        else i18n.named(e)
        for e in radl.events
    )
    words = ngettext(
        "Radl: after {events}: the next hand counts ×{factor}",
        "Radl: after {events}: the next {hands} hands count ×{factor}",
        radl.hands,
    ).format(events=events, hands=radl.hands, factor=radl.factor)
    if radl.overlap:
        words += _("; a Radl armed while one runs overlaps it")
    return words


def _columns_table(
    columns: Sequence[tuple[str, Callable[[Any], object]]], items: Iterable[Any], words: int, whole: int
) -> str:
    """A table of ``items`` in 80 columns, one column per heading and the cell it shows of each
    item: the ``words`` first columns left, the numbers after them right; the second, the aliases,
    wrapped between them; each name of the ``whole`` first columns kept whole (a no-break space)."""
    rows = [[cell(item) for _heading, cell in columns] for item in items]
    for row in rows:
        row[:whole] = [str(name).replace(" ", "\xa0").replace(",\xa0", ", ") for name in row[:whole]]
    aligns = ["left"] * words + ["right"] * (len(columns) - words)
    return fitted([translated(heading) for heading, _cell in columns], rows, 1, aligns).replace("\xa0", " ")


PROFILE_COLUMNS = ("profile", "game", "settlement", "ceiling", "title")


def _profile_row(p: Profile, language: str) -> list[str]:
    ceiling = p.kontra.ladder[p.kontra.ceiling - 1].name
    if language == i18n.DEFAULT:  # the words of the file, as JSON and CSV keep them
        return [p.name, p.game.family, p.settlement.mode, ceiling, p.title_in(language)]
    return [p.name, i18n.named(p.game.family), settlement_words(p), i18n.named(ceiling), p.title_in(language)]


def profiles_view(profiles: Sequence[Profile]) -> View:
    """One row per profile: its name, game, settlement, Kontra ceiling and title."""
    headers = (_("profile"), _("game"), _("settlement"), _("ceiling"), _("title"))
    return View(
        # the title wrapped between its clauses in the room the others leave of 80 columns
        table=lambda: fitted(headers, [_profile_row(p, i18n.current()) for p in profiles], 4, ["left"] * 5),
        json=lambda: [dict(zip(PROFILE_COLUMNS, _profile_row(p, "en"), strict=True)) for p in profiles],
        csv=lambda: (list(PROFILE_COLUMNS), [_profile_row(p, "en") for p in profiles]),
    )
