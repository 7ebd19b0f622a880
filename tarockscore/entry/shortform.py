"""The short form of a hand, as the table writes it, turned into hand-file keys (entry layer, pure).

``score -c rufer -p A,B,C,D -d A --partner C --points "40 1/3" -k kontra -b pagat,announced,kontra``
gives the mapping a hand file would, and so do the words typed into the web page's form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, cast

from tarockscore.entry.flow import Choice, matching, typed_number
from tarockscore.errors import N_, Collector, HandError, UsageError, near_miss, one_of
from tarockscore.rules.hand import BonusInput, HandInput
from tarockscore.rules.valat import VALAT
from tarockscore.rules.words import SIDE_WORDS, fold, strip_spaces

# The flags in English and as the table says them in German (Spieler / Gegner, angesagt / still,
# gemacht / verloren); matched in any case.
_SIDE = SIDE_WORDS
# "called": GameTwist's word for announced [GT] "Called premiums are worth twice this value"
_ANNOUNCED = dict.fromkeys(("announced", "ann", "a", "angesagt", "called"), True) | dict.fromkeys(
    ("silent", "s", "still", "stumm"), False
)
_MADE = dict.fromkeys(("made", "m", "gemacht"), True) | dict.fromkeys(
    ("lost", "failed", "l", "verloren"), False
)
_FLAG_WORDS = {*_SIDE, *_ANNOUNCED, *_MADE}
# Each flag sets one key of the [[bonus]] table; two flags that set it differently contradict.
_FLAGS: tuple[tuple[str, dict[str, Any]], ...] = (("side", _SIDE), ("announced", _ANNOUNCED), ("made", _MADE))
BONUS_FLAGS = (
    "declarers/decl/d/Spieler, defenders/def/x/Gegner, announced/ann/a/angesagt, silent/s/still, "
    "made/m/gemacht, lost/failed/l/verloren"
)


def parse_bonus(
    spec: str, problems: Collector, where: str, steps: Collection[str] | None = None
) -> BonusInput:
    """``"pagat,announced,made,kontra"`` → a ``[[bonus]]`` table.

    The first word is the bonus (a name of more than one word runs up to the first comma, or up to
    the first flag); then, in any order, the flags of :data:`BONUS_FLAGS` and a Kontra step. Two
    flags that contradict each other are refused. With ``steps`` (the profile's Kontra steps and
    their aliases), any other word is refused; given as a mapping to the step each word names, two
    words for one step are one. Without it, a word is taken as the Kontra step.
    """
    text = spec.strip()
    head, comma, tail = text.partition(",")
    if comma or ":" not in head and "/" not in head:
        words = [w for w in re.split(r"[\s,:/]+", tail) if w]
        name_words = head.split()
        if not comma:  # "pagat announced kontra": the name ends at the first known word
            cut = next(
                (i for i, w in enumerate(name_words) if i and w.lower() in _FLAG_WORDS), len(name_words)
            )
            name_words, words = name_words[:cut], name_words[cut:]
        name = " ".join(name_words)
    else:
        words = [w for w in re.split(r"[\s,:/]+", text) if w]
        name, words = (words[0], words[1:]) if words else ("", [])
    if not name:
        problems.add(where, N_("empty bonus; write e.g. 'pagat,announced,kontra'"))
        return {}
    entry: dict[str, Any] = {"name": name}
    said: dict[str, str] = {}  # key -> the word that set it
    for word in words:
        key = word.lower()
        for field, table in _FLAGS:
            if key in table:
                if field in entry and entry[field] != table[key]:
                    both = N_("{value!r} and {word!r} contradict each other: give one of them")
                    problems.add(where, both, value=said[field], word=word)
                entry[field] = table[key]
                said[field] = word
                break
        else:
            slip = _flag_slip(key) if steps is None else None
            if slip is not None:  # "defender": no Kontra step, a flag mistyped
                no_flag = N_("{word!r} is not a bonus flag; allowed: {BONUS_FLAGS}{hint}")
                hint = near_miss(key, [slip])
                problems.add(where, no_flag, word=word, BONUS_FLAGS=BONUS_FLAGS, hint=hint)
            elif steps is not None and fold(word) not in {fold(step) for step in steps}:
                no_step = N_(
                    "{word!r} is not a bonus flag; allowed: {BONUS_FLAGS}, or a Kontra step ({allowed}){hint}"
                )
                hint = near_miss(key, [*_SIDE, *_ANNOUNCED, *_MADE, *steps])
                allowed = one_of(sorted(steps))
                problems.add(where, no_step, word=word, BONUS_FLAGS=BONUS_FLAGS, allowed=allowed, hint=hint)
            elif "kontra" in entry and _step(entry["kontra"], steps) != _step(key, steps):
                twice = N_(
                    "{word!r}: the bonus already has the Kontra step {value!r}; give the highest step that was said, once"
                )
                problems.add(where, twice, word=word, value=entry["kontra"])
            else:
                entry["kontra"] = key
    return cast(BonusInput, entry)


def _step(word: str, steps: Collection[str] | None) -> str:
    """The Kontra step ``word`` names (``retour``: ``rekontra``); the word itself where ``steps``
    names no step."""
    named = steps if isinstance(steps, Mapping) else {}
    return next((step for said, step in named.items() if fold(said) == fold(word)), word)


def _flag_slip(word: str) -> str | None:
    """The flag ``word`` nearly is ("defender" for "defenders"): no Kontra step but a flag mistyped."""
    import difflib  # noqa: PLC0415 - only on the error path: keeps start-up quick

    close = difflib.get_close_matches(word, [w for w in _FLAG_WORDS if len(w) > 2], n=1, cutoff=0.8)
    return close[0] if close else None


_GIVEN_TWICE = N_("{name!r} is given twice, {value!r} and {rest!r}: give each name once")


def _pairs(values: Sequence[str], problems: Collector, where: str) -> dict[str, str]:
    """``NAME=VALUE`` pairs; one name given twice with different values is refused."""
    out: dict[str, str] = {}
    for value in values:
        for part in value.split(";"):
            name, sep, rest = part.partition("=")
            if not sep or not name.strip() or not rest.strip():
                problems.add(where, N_("{part!r}: expected NAME=VALUE"), part=part)
                continue
            name, rest = strip_spaces(name), rest.strip()
            if name in out and out[name] != rest:
                problems.add(where, _GIVEN_TWICE, name=name, value=out[name], rest=rest)
                continue
            out[name] = rest
    return out


def _points(value: str) -> int | str:
    text = value.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 30 else text


# --king-half in the players' words: the German sides as the table says them.
KING_HALF_WORDS = {"spieler": "declarer", "gegner": "defenders"}


def hand_from_options(
    *,
    contract: str | None,
    players: str | None,
    declarer: str | None,
    partner: str | None,
    points: Sequence[str],
    defender_points: str | None,
    won: bool | None,
    kontra: Sequence[str],
    huettenfleck: bool,
    talon: bool,
    conceded: bool,
    own_king: bool = False,
    renonce: str | None,
    bonuses: Sequence[str],
    kontra_steps: Collection[str] | None = None,
    king_half: str | None = None,
) -> HandInput:
    """The hand mapping for the short form; raises :class:`UsageError` (exit 2) for bad syntax."""
    problems = Collector()
    hand: HandInput = {}
    if contract is None:
        problems.add("--contract", N_("missing: give a hand file, or at least --contract"))
    else:
        hand["contract"] = contract
    if players is not None:
        hand["players"] = [strip_spaces(p) for p in players.split(",") if p.strip()]
    if declarer is not None:
        hand["declarer"] = declarer
    if partner is not None:
        hand["partner"] = partner
    hand.update(cast(HandInput, _outcome(points, defender_points, won, problems)))
    if kontra:
        hand["kontra"] = _kontra(kontra, problems)
    if huettenfleck:
        hand["huettenfleck"] = True
    hand.update(cast(HandInput, _called_king(talon, own_king, conceded, problems)))
    if king_half is not None:  # --king-half: whose the talon half with the called King became
        said = fold(king_half.strip())
        hand["king_half"] = KING_HALF_WORDS.get(said, said)
    if renonce is not None:
        hand["renonce"] = renonce
    points_said = hand.get("card_points")
    if isinstance(points_said, str) and fold(points_said.strip()) == VALAT:
        # every trick to the declarers, as enter and the phones take "valat" for the card points:
        # the Valat made, unless a --bonus valat says more of it
        del hand["card_points"]
        if not any(fold(b.partition(",")[0].strip()) == VALAT for b in bonuses):
            bonuses = [*bonuses, VALAT]
    if bonuses:
        hand["bonus"] = [parse_bonus(b, problems, f"--bonus {b!r}", kontra_steps) for b in bonuses]
    problems.raise_if_any(UsageError)
    return hand


def _outcome(
    points: Sequence[str], defender_points: str | None, won: bool | None, problems: Collector
) -> dict[str, Any]:
    """``--points`` (one count, or one per player in Trischaken), ``--defender-points``, ``--won``."""
    out: dict[str, Any] = {}
    if points:
        if any("=" in p for p in points):
            out["card_points"] = {k: _points(v) for k, v in _pairs(points, problems, "--points").items()}
        elif len(set(points)) > 1:
            problems.add("--points", N_("given more than once; per player write --points NAME=POINTS"))
        else:
            out["card_points"] = _points(points[0])
    if defender_points is not None:
        out["defender_card_points"] = _points(defender_points)
    if won is not None:
        out["won"] = won
    return out


def _kontra(kontra: Sequence[str], problems: Collector) -> str | dict[str, str]:
    """``--kontra``: one step on the contract, or ``NAME=STEP`` per Defender."""
    if any("=" in k for k in kontra):
        return _pairs(kontra, problems, "--kontra")
    if len(set(kontra)) > 1:
        problems.add(
            "--kontra",
            N_(
                "given more than once; the contract takes the last step said (--kontra {last}); per Defender in a negative contract write --kontra NAME=STEP"
            ),
            last=kontra[-1],
        )
    return kontra[0]


def _called_king(talon: bool, own_king: bool, conceded: bool, problems: Collector) -> dict[str, Any]:
    """``--talon`` (with ``--conceded``) or ``--own-king``: where the called King was."""
    if talon and own_king:
        said = N_(
            "and --own-king contradict each other: the called King lay in the talon or in the declarer's hand"
        )
        problems.add("--talon", said)
    if talon:
        return {"called_king": "talon", "conceded": conceded}
    out: dict[str, Any] = {"conceded": True} if conceded else {}
    if own_king:
        out["called_king"] = "own"
    return out


def _named(typed: str, seats: Sequence[str]) -> list[Choice]:
    return matching(tuple(Choice(name, name) for name in seats), typed)


def names_the_player(typed: str, name: str) -> bool:
    """Whether ``typed`` names the player ``name`` as :func:`seated` reads it (``emil``, ``Em``
    for Emil): which of the options typed gave a name the rules refuse."""
    return typed == name or [c.value for c in _named(typed, [name])] == [name]


# The keys of a hand that name a player, and those whose table is keyed by players' names.
_NAMING = ("declarer", "partner", "renonce")
_NAMED_BY = ("kontra", "card_points")


def seat_list(seats: Sequence[str]) -> str:
    """The seats as ``enter`` lists them: ``1=Anna 2=Bert 3=Cilli 4=Dani``."""
    return " ".join(f"{i}={p}" for i, p in enumerate(seats, 1))


def seated(
    hand: HandInput, seats: Sequence[str], playing: Callable[[], Sequence[str]] | None = None
) -> HandInput:
    """The hand with each player's name typed in the short form as the table spells them: a name
    in any case, a beginning of it no other player's shares (``an`` for Anna), read as the
    guided entry reads it, or the number of their seat as ``enter`` numbers them (1: the first
    of ``seats``). A beginning of more than one name, and a number that is also a name (a player
    called 2) of someone else than that seat's, are refused naming them (raises
    :class:`HandError`); a name of nobody at the table is left for the rules to refuse.

    ``playing``, asked only where a beginning names more than one player: the four who play
    the hand (at five the dealer sits out). A beginning shared with the one sitting out names
    the one who plays; where the hand gives its players, they are the four."""
    problems = Collector()
    out: dict[str, Any] = dict(hand)
    if isinstance(out.get("players"), list) and out["players"] != list(seats):  # score's are the seats
        out["players"] = [
            _player("players", p, seats, None, problems) if isinstance(p, str) else p for p in out["players"]
        ]
    if isinstance(out.get("players"), list) and all(p in seats for p in out["players"]):
        given = tuple(out["players"])

        def playing() -> Sequence[str]:  # the hand's own players are the four who play
            return given

    for key in _NAMING:
        if isinstance(out.get(key), str):
            out[key] = _player(key, out[key], seats, playing, problems)
    for key in _NAMED_BY:
        if isinstance(out.get(key), dict):
            table: dict[str, Any] = {}
            for typed, value in out[key].items():
                who = _player(f"{key}.{typed}", typed, seats, playing, problems)
                if who in table and table[who] != value:
                    problems.add(f"{key}.{typed}", _GIVEN_TWICE, name=who, value=table[who], rest=value)
                table[who] = value
            out[key] = table
    problems.raise_if_any(HandError)
    return cast(HandInput, out)


def _player(
    where: str,
    typed: str,
    seats: Sequence[str],
    among: Callable[[], Sequence[str]] | None,
    problems: Collector,
) -> str:
    """The player ``typed`` names (see :func:`seated`); ``typed`` itself where it names none, or is refused."""
    typed = typed.strip()  # a seat's number typed with a space around it, as a name is read
    found = [c.value for c in _named(typed, seats)]
    digits = typed.isascii() and typed.isdigit()
    number = typed_number(typed)
    if number is not None and 1 <= number <= len(seats):
        # the one in that seat, where no other player's name is the number or begins with it
        seat = seats[number - 1]
        if not (others := [p for p in found if p != seat]):
            return seat
        said = N_(
            "{value!r} is the number of {name}'s seat and also names {others}: type the name of the one meant, or the number of their seat ({seats})"
        )
        problems.add(where, said, value=typed, name=seat, others=one_of(others), seats=seat_list(seats))
        return typed
    if typed in seats:
        return typed
    if digits and not found:
        nobody = N_("{value!r} is no player's name and no seat's number: the seats are {seats}")
        problems.add(where, nobody, value=typed, seats=seat_list(seats))
    if len(found) > 1 and among is not None and not digits:
        who = among()
        found = [p for p in found if p in who] or found
    if len(found) > 1:
        several = N_("{value!r} begins the names of {allowed}: type more of it")
        problems.add(where, several, value=typed, allowed=one_of(found))
    return found[0] if len(found) == 1 else typed
