"""The command line's options (CLI layer): declared once for the commands that share them (the short
form of a hand, ``--ledger``, the output options), the shell's completion of their values, and
their reading: a hand as the user gives it, a ``--head``, the output format, and the library's
problems named back as the options that gave the values."""

import functools
import inspect
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.cli import terminal
from tarockscore.errors import (
    N_,
    Collector,
    HandError,
    Message,
    Problem,
    ProfileError,
    TarockError,
    TournamentError,
    UsageError,
    Values,
    message,
    reason,
)
from tarockscore.i18n import _, translated
from tarockscore.render.output import OutputFormat, View, rendered

T = TypeVar("T")


def read_option(problems: Collector, option: str, read: Callable[[str], T], text: str | None) -> T | None:
    """The value of an option as ``read`` reads it (None when not given); a refusal noted in ``problems``."""
    if text is None:
        return None
    try:
        return read(text)
    except UsageError as exc:
        problems.problems += exc.problems
    except ValueError as exc:
        problems.add(option, reason(exc))
    except typer.BadParameter as exc:  # a number's reader (round_number), said in the run's language
        problems.add(option, "{reason}", reason=exc.message)
    return None


NOT_WHOLE = N_("{text!r} is not a whole number; write it in digits, e.g. 3")


def whole_number(text: str) -> int:
    """A count typed as an option's value, in digits; how many is enough is the command's to say.
    Read in the command, not by Typer, so that it is refused with the command's other problems."""
    if not re.fullmatch(r"-?[0-9]{1,4000}", text.strip()):  # int() reads 4300 digits at most
        raise ValueError(message(NOT_WHOLE, text=text))
    return int(text)


def _at_least_one(text: str, refusal: str, most: int = 7) -> int:
    """``text`` as ASCII digits, at ``most`` of them, 1 or more (no ``1_000``, ``1e2``, ``+3``)."""
    value = text.strip()
    if not re.fullmatch(f"[0-9]{{1,{most}}}", value) or int(value) < 1:
        raise typer.BadParameter(i18n.gettext(refusal).format(text=text))
    return int(value)


def hand_number(text: str) -> int:
    """A hand's number as ``show`` lists it."""
    return _at_least_one(text, N_("{text!r} is not a hand number; write it in digits, 1 or more, e.g. 3"))


def round_number(text: str) -> int:
    """A tournament round's number."""
    return _at_least_one(text, N_("{text!r} is not a round number; write it in digits, 1 or more, e.g. 2"))


def day_folder(text: str) -> Path:
    """A tournament's folder as given: an empty one (a variable not set) is not taken for this folder."""
    if not text.strip():
        raise typer.BadParameter(_("{text!r} is empty; give the tournament's folder").format(text=text))
    return Path(text)


def hand_count(text: str) -> int:
    """A number of hands (a Radl's); how many a Radl has is the ledger's to say (int() reads 4300
    digits at most)."""
    return _at_least_one(
        text, N_("{text!r} is not a number of hands; write it in digits, 1 or more, e.g. 4"), 4000
    )


LedgerOpt = Annotated[
    str | None,
    typer.Option(
        "--ledger",
        "-l",
        help="The ledger file; default $TAROCKSCORE_LEDGER, else tarock-ledger.toml in this folder.",
    ),
]


def ledger_path_of(option: str | None) -> Path:
    """The ledger ``--ledger`` names, else its fallbacks; an empty ``--ledger ""`` is refused."""
    try:
        return tarockscore.find_ledger(option)
    except UsageError as exc:
        raise as_options(exc, "ledger") from None


AliasOpt = Annotated[
    list[str],
    typer.Option(
        "--alias",
        metavar=N_("ALIAS=NAME"),
        help="ALIAS=NAME: read the name ALIAS as NAME, e.g. --alias 'Hansi=Hans'; repeated.",
    ),
]
HandArg = Annotated[
    str | None, typer.Argument(help="A hand file (TOML, docs/hand-format.md), or - for stdin.")
]
ProfileOpt = Annotated[
    str | None,
    typer.Option("--profile", "-P", help="A shipped profile name or a path to a profile file."),
]


def evening_of(option: str | None, *, changed: bool = False) -> "tarockscore.Evening":
    """The evening kept in the ledger ``--ledger`` names, else its fallbacks; its warnings said on
    stderr (``changed``: a hand or a Radl to be written, refused as :func:`sheet_in_place` says)."""
    path = ledger_path_of(option)
    if changed:
        sheet_in_place(path)
    return tarockscore.Evening(path, warn=terminal.warn)


def sheet_in_place(path: Path) -> None:
    """Refuse a change to a tournament table's sheet that seats the players of another table (two
    tables' sheets exchanged: the change would count at that table), or that the day's draw did
    not write (copied from another day: the change would count nowhere)."""
    # a ledger at no table's place (an evening) is known by its path alone: the day's store is not asked
    if tarockscore.sheet_at(path) is not None and (elsewhere := tarockscore.sheet_out_of_place(path)):
        raise TournamentError([elsewhere])


def _ledger(ctx: Any) -> Any:
    option = _param(ctx, "ledger")
    try:
        path = ledger_path_of(option if isinstance(option, str) else None)
        return tarockscore.Evening(path).read_as_stored() if path.is_file() else None
    except (TarockError, OSError, ValueError):
        return None


def _param(ctx: Any, name: str) -> Any:
    while ctx is not None:
        if name in ctx.params:
            return ctx.params[name]
        ctx = ctx.parent
    return None


def _profile(ctx: Any) -> Any:
    led = _ledger(ctx)
    if led is not None:
        return led.profile
    name = _param(ctx, "profile")
    try:
        return tarockscore.load_profile(name if isinstance(name, str) else "koenigrufen")
    except (TarockError, OSError, ValueError):
        return None


def _matching(names: list[str], incomplete: str) -> list[str]:
    """The names that begin with what is typed, in any case, each once, the typed part kept as
    typed (the shell keeps only answers that begin with it): ``Solo`` completes to ``Solodreier``."""
    typed = incomplete.casefold()
    out = (incomplete + n[len(incomplete) :] for n in names if n.casefold().startswith(typed))
    return list(dict.fromkeys(out))


def player_names(ctx: Any) -> list[str]:
    led = _ledger(ctx)
    if led is not None:
        return list(led.players)
    given = _param(ctx, "players")
    return [p.strip() for p in given.split(",") if p.strip()] if isinstance(given, str) else []


def complete_players(ctx: typer.Context, incomplete: str) -> list[str]:
    return _matching(player_names(ctx), incomplete)


def complete_seat_order(ctx: typer.Context, incomplete: str) -> list[str]:
    """``-p Anna,Be`` → ``Anna,Bert``: the next name of a comma-separated list."""
    head, _, last = incomplete.rpartition(",")
    taken = {p.casefold() for p in head.split(",") if p}
    prefix = f"{head}," if head else ""
    return [prefix + n for n in _matching(player_names(ctx), last) if n.casefold() not in taken]


def complete_contracts(ctx: typer.Context, incomplete: str) -> list[str]:
    profile = _profile(ctx)
    return [] if profile is None else _matching(profile.contract_names(), incomplete)


def complete_steps(ctx: typer.Context, incomplete: str) -> list[str]:
    """A Kontra step, or ``NAME=STEP`` for contra ad personam."""
    profile = _profile(ctx)
    if profile is None:
        return []
    names = [s.name for s in profile.playable_steps]
    names += [a for s in names for a in profile.step_aliases(s)]
    who, eq, step = incomplete.partition("=")
    if eq:
        return [f"{who}={n}" for n in _matching(names, step)]
    return _matching(names, incomplete) + [f"{p}=" for p in complete_players(ctx, incomplete)]


def complete_bonuses(ctx: typer.Context, incomplete: str) -> list[str]:
    profile = _profile(ctx)
    return [] if profile is None else _matching(profile.bonus_names(), incomplete)


Command = Callable[..., None]


def parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """A command's parameter, for :func:`with_options`."""
    return inspect.Parameter(
        name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation
    )


def option(kind: Any, *names: str, name: str = "", **settings: Any) -> inspect.Parameter:
    """A command's option, for :func:`with_options`: its parameter named as its long name says
    (``--own-king``: own_king) unless ``name`` is given; not given, a list is empty, a flag off,
    else None."""
    default: Any = [] if kind == list[str] else False if kind is bool else None
    name = name or names[0].split("/")[0].removeprefix("--").replace("-", "_")
    return parameter(name, Annotated[kind, typer.Option(*names, **settings)], default)


# ``score``, ``record`` and ``replace`` take the same short form of a hand, declared once here.
SHORT_FORM = (
    option(
        str | None,
        "--contract",
        "-c",
        help="Contract, e.g. rufer, Solodreier, Bettel; any case.",
        autocompletion=complete_contracts,
    ),
    option(
        str | None,
        "--players",
        "-p",
        help="Seat order, Forehand first; when recording, leave out: the ledger knows the deal.",
        autocompletion=complete_seat_order,
    ),
    option(
        str | None,
        "--declarer",
        "-d",
        help="Who played the contract: the name, its beginning, or the seat's number (1: the first of the seat order).",
        autocompletion=complete_players,
    ),
    option(
        str | None,
        "--partner",
        "-w",
        help="Holder of the called King (or XX); a name or a seat's number, as for -d.",
        autocompletion=complete_players,
    ),
    option(
        list[str],
        "--points",
        "-t",
        help='Declarer side\'s card points: 40, "35 2/3", 35/2 or "35 2" (35 and 2 Blatt), or valat '
        "(every trick); Trischaken: NAME=POINTS, repeated.",
    ),
    option(str | None, "--defender-points", help="The Defenders' card points, checked."),
    option(
        bool | None,
        "--won/--lost",
        "--gewonnen/--verloren",
        help="Outcome instead of card points (negative contracts).",
    ),
    option(
        list[str],
        "--kontra",
        "-k",
        help="Kontra step on the contract; negative contracts: DEFENDER=STEP, repeated.",
        autocompletion=complete_steps,
    ),
    option(bool, "--huettenfleck", help="Kontra said before the talon was seen."),
    option(bool, "--talon", help="The called King lay in the talon."),
    option(
        bool,
        "--own-king",
        help="The declarer called a King he holds himself and played alone (where allowed).",
    ),
    option(bool, "--conceded", help="With --talon: the declarer conceded at once."),
    option(
        str | None,
        "--king-half",
        help="With --talon: whose the talon half with the called King became: declarer (he took it, "
        "or got it at the end of a solo call) or defenders (left to them).",
    ),
    option(
        str | None,
        "--renonce",
        help="The player who revoked; a name or a seat's number, as for -d.",
        autocompletion=complete_players,
    ),
    option(
        list[str],
        "--bonus",
        "-b",
        # the pattern is the placeholder: a help page never breaks it across lines, as it
        # would a long word of the help text
        metavar=N_("NAME[,declarers|defenders][,announced][,lost][,STEP]"),
        help="A bonus with its side, whether announced or lost, and a Kontra step; repeated.",
        autocompletion=complete_bonuses,
    ),
)


def with_options(
    group: Sequence[inspect.Parameter], name: str, given: Callable[..., Any] = dict
) -> Callable[[Command], Command]:
    """A decorator: the command's parameter ``name`` given as the options of ``group``, their values
    handed to it as ``given`` makes them (a dict); a keyword-only one's options go before --ledger."""

    def decorate(command: Command) -> Command:
        own = list(inspect.signature(command).parameters.values())
        at = next(i for i, p in enumerate(own) if p.name == name)
        if own.pop(at).kind is inspect.Parameter.KEYWORD_ONLY:
            at = next((i for i, p in enumerate(own) if p.name == "ledger"), len(own))

        @functools.wraps(command)
        def run(**values: Any) -> None:
            command(**{name: given(**{p.name: values.pop(p.name) for p in group})}, **values)

        run.__signature__ = inspect.Signature([*own[:at], *group, *own[at:]])  # type: ignore[attr-defined]
        return run

    return decorate


with_short_form = with_options(SHORT_FORM, "short")


# hand-file key: (short-form option in SHORT_FORM, the flag, what it takes)
SHORT_KEYS: Mapping[str, tuple[str, str, str]] = {
    "contract": ("contract", "-c", "CONTRACT"),
    "players": ("players", "-p", "A,B,C,D"),
    "declarer": ("declarer", "-d", "NAME"),
    "partner": ("partner", "-w", "NAME"),
    "card_points": ("points", "-t", "POINTS"),
    "defender_card_points": ("defender_points", "--defender-points", "POINTS"),
    "won": ("won", "--won", ""),
    "kontra": ("kontra", "-k", "STEP"),
    "huettenfleck": ("huettenfleck", "--huettenfleck", ""),
    "called_king": ("talon", "--talon", ""),
    "conceded": ("conceded", "--conceded", ""),
    "king_half": ("king_half", "--king-half", "declarer|defenders"),
    "renonce": ("renonce", "--renonce", "NAME"),
    "bonus": ("bonus", "-b", "NAME,FLAGS"),
}

_FIELD = r"^(?P<key>[a-z_]+)(?:\[(?P<index>\d+)\])?(?:\.(?P<sub>.+))?$"


def short_form_field(where: str, short: Mapping[str, Any]) -> str:
    """A hand-file key path as the short-form option the user gave (``kontra.Bert`` → ``-k Bert=re``)."""
    match = re.match(_FIELD, where)
    if match is None or match["key"] not in SHORT_KEYS:
        return where
    option, flag, takes = SHORT_KEYS[match["key"]]
    # the placeholder in the reader's language, as the help page shows it (PUNKTE)
    takes = ",".join(translated(part) if part.isupper() else part for part in takes.split(","))
    if option == "talon" and short.get("own_king"):  # called_king = "own" comes from --own-king
        option, flag = "own_king", "--own-king"
    given = short.get(option)
    values: list[str] = given if isinstance(given, list) else []
    if match["index"] is not None:  # bonus[0], bonus[0].kontra: the -b value it came from
        index = int(match["index"])
        if index < len(values):
            return f"{flag} {values[index]}"
        points = short.get("points")  # the Valat of -t valat, put after the -b values
        if isinstance(points, list) and len(points) == 1 and tarockscore.fold(points[0].strip()) == "valat":
            return f"-t {points[0]}"
        return f"{flag} {takes}"
    if match["sub"] is not None:  # kontra.Bert, card_points.Anna: the NAME=VALUE pair given
        name = match["sub"]
        for part in (part.strip() for value in values for part in value.split(";")):
            if tarockscore.names_the_player(part.partition("=")[0].strip(), name):
                return f"{flag} {part}"
        return f"{flag} {name}={takes.split('=')[-1]}"
    if option == "won":
        return "--won/--lost" if given is None else ("--won" if given else "--lost")
    if isinstance(given, bool):
        return flag
    if isinstance(given, list):  # repeated: a problem of the whole, not of one value
        if len(given) > 1 or option == "bonus":
            return f"{flag} NAME={takes}" if option != "bonus" else f"{flag} {takes}"
        given = given[0] if given else None
    if given is None or given == "":
        return f"{flag} {takes}" if takes else flag
    return f"{flag} {given}"


# A core message that tells how to give a hand-file key, as the short form says it: the options
# in place of the keys (``won = true or false`` is ``--won or --lost``).
SHORT_FORM_WORDING: Mapping[str, str] = {
    "{king_half!r} is not allowed; choose one of {allowed}": N_(
        "{king_half!r} is not allowed; choose one of {allowed} (also as the table says them: Spieler, Gegner)"
    ),
    "missing: Trischaken needs a table of every player's card points, {example}": N_(
        'missing: Trischaken needs every player\'s card points, one -t NAME=POINTS each, e.g. -t Anna=20 -t Bert="20 1/3"'
    ),
    "{raw!r}: Trischaken needs a table of every player's card points, {example}": N_(
        'Trischaken needs every player\'s card points, one -t NAME=POINTS each, e.g. -t Anna=20 -t Bert="20 1/3"'
    ),
    "{points}: the {who} hold all {total} card points, every card, so they took every trick: a Valat; enter the {who}' Valat or correct the card points": N_(
        "the {who} hold all {total} card points, every card, so they took every trick: a Valat; enter the {who}' Valat (-b valat,{who}) or correct the card points"
    ),
    # the value refused is the option's, named in front as typed (-k Anna=kontra): not repeated
    "{raw!r}: profile {profile!r} allows no Kontra on {contract} (contracts.{contract}.kontra = false); it is said on {allowed}": N_(
        "profile {profile!r} allows no Kontra on {contract} (contracts.{contract}.kontra = false); it is said on {allowed}"
    ),
    "{raw!r}: profile {profile!r} has no Kontra in {contract} (kontra.dodge_round = false)": N_(
        "profile {profile!r} has no Kontra in {contract} (kontra.dodge_round = false)"
    ),
    "{raw!r}: profile {profile!r} has no Kontra in {contract}, the Trischaken (kontra.dodge_round = false)": N_(
        "profile {profile!r} has no Kontra in {contract}, the Trischaken (kontra.dodge_round = false)"
    ),
    # the side, named in front as typed (-b king_ultimo,Gegner): not repeated in the hand file's word
    "{side!r}: under {profile!r} the {name} is only the {allowed}' bonus (bonuses.{name}.side = {allowed!r})": N_(
        "under {profile!r} the {name} is only the {allowed}' bonus (bonuses.{name}.side = {allowed!r})"
    ),
    # a bonus made or lost, as -b says it (made unless ,lost is given), not the hand file's true or false
    "true: the {who} have {points} card points, and {profile!r} gives the {b} only to a side with at least {minimum} (bonuses.{b}.min_card_points)": N_(
        "the {who} have {points} card points, and {profile!r} gives the {b} only to a side with at least {minimum} (bonuses.{b}.min_card_points): not made; if it was announced, enter it as lost (-b NAME,announced,lost)"
    ),
    "true: beside the {valat_side}' Valat the {who} hold at most {most} card points (in {contract}, contracts.{contract}.talon_share = {share!r}), and {profile!r} gives the {b} only to a side with at least {minimum} (bonuses.{b}.min_card_points)": N_(
        "beside the {valat_side}' Valat the {who} hold at most {most} card points (in {contract}, contracts.{contract}.talon_share = {share!r}), and {profile!r} gives the {b} only to a side with at least {minimum} (bonuses.{b}.min_card_points): not made"
    ),
    "false: beside the {valat_side}' Valat the {who} hold at least {fewest} card points (in {contract}, contracts.{contract}.talon_share = {share!r}), at least the {minimum} that make the {b} (bonuses.{b}.min_card_points)": N_(
        "beside the {valat_side}' Valat the {who} hold at least {fewest} card points (in {contract}, contracts.{contract}.talon_share = {share!r}), at least the {minimum} that make the {b} (bonuses.{b}.min_card_points): it was made, not lost"
    ),
    "false: the {who} have {points} card points, at least the {minimum} that make the {b} (bonuses.{b}.min_card_points)": N_(
        "the {who} have {points} card points, at least the {minimum} that make the {b} (bonuses.{b}.min_card_points): it was made, not lost"
    ),
    "true: the {who} have no card point, so no card in their tricks: they made no {b}": N_(
        "the {who} have no card point, so no card in their tricks: they made no {b}; if it was announced, enter it as lost (-b NAME,announced,lost)"
    ),
    "false: the {who} hold all {total} card points, every card, so they took every trick: their Valat was made": N_(
        "the {who} hold all {total} card points, every card, so they took every trick: their Valat was made, not lost"
    ),
    "false: under {profile!r} the {name} cannot fail (bonuses.{name}.can_fail = false); enter it as made, on the side of the player who holds it": N_(
        "under {profile!r} the {name} cannot fail (bonuses.{name}.can_fail = false); enter it as made (without lost), on the side of the player who holds it"
    ),
    "false: the talon half with the called King counts in the Defenders' tricks (king_half = 'defenders'), so they took the King: the {name} is made": N_(
        "the talon half with the called King counts in the Defenders' tricks (--king-half defenders), so they took the King: the {name} is made, not lost"
    ),
    '{name!r} is a bonus, not a player: the Kontra on a bonus is said with it, e.g. [[bonus]] name = "{name}", announced = true, kontra = "kontra"': N_(
        "{name!r} is a bonus, not a player: the Kontra on a bonus is said with it, e.g. -b {name},announced,kontra"
    ),
    'a table of Defenders is only for contra ad personam in negative contracts; on {contract} give one step, e.g. kontra = "kontra"': N_(
        "a Defender's own Kontra (NAME=STEP) is only for contra ad personam in negative contracts; on {contract} give one step, e.g. -k kontra"
    ),
    '{raw!r}: in {contract} each Defender says Kontra for themselves (contra ad personam, kontra.negative = "individual"); give a table, e.g. kontra = {example!r}': N_(
        '{raw!r}: in {contract} each Defender says Kontra for themselves (contra ad personam, kontra.negative = "individual"); give each one\'s step, e.g. -k {defender}=kontra'
    ),
    'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon" (or "own": the declarer called his own King)': N_(
        "missing: {contract} is played with the holder of the called card; name them (-w NAME), or give --talon (or --own-king: the declarer called his own King)"
    ),
    'missing: {contract} is played with the holder of the called card; name them, or give called_king = "talon"': N_(
        "missing: {contract} is played with the holder of the called card; name them (-w NAME), or give --talon"
    ),
    'missing: {contract} is played with the holder of the called card; name them, or give called_king = "own" (the declarer called his own King)': N_(
        "missing: {contract} is played with the holder of the called card; name them (-w NAME), or give --own-king (the declarer called his own King)"
    ),
    "'own': in Zwanzigerrufen the declarer who holds the XX calls the next lower tarock he lacks, and holding XX to XVI plays a Solo; the Rufer needs a partner": N_(
        "'own': in Zwanzigerrufen the declarer who holds the XX calls the next lower tarock he lacks, and holding XX to XVI plays a Solo; the Rufer needs a partner (-w NAME)"
    ),
    "missing: {contract} is played with the holder of the called card; name them": N_(
        "missing: {contract} is played with the holder of the called card; name them (-w NAME)"
    ),
    "'talon': in Zwanzigerrufen the declarer calls the XX (or, when he holds it, the next lower tarock he lacks), not a King, and {profile!r} deals no talon (game.talon = false): the called card cannot lie in one; name its holder as the partner": N_(
        "'talon': in Zwanzigerrufen the declarer calls the XX (or, when he holds it, the next lower tarock he lacks), not a King, and {profile!r} deals no talon (game.talon = false): the called card cannot lie in one; name its holder as the partner (-w NAME)"
    ),
    "'talon': {profile!r} deals no talon (game.talon = false): the called King cannot lie in one; name its holder as the partner": N_(
        "'talon': {profile!r} deals no talon (game.talon = false): the called King cannot lie in one; name its holder as the partner (-w NAME)"
    ),
    '{partner!r} is the declarer; the partner is another player; a declarer who called his own King gives called_king = "own"': N_(
        "{partner!r} is the declarer; the partner is another player; a declarer who called his own King gives --own-king"
    ),
    'no partner when called_king = "{called_king}": the declarer plays alone': N_(
        "no partner (-w) with --talon or --own-king: the declarer plays alone"
    ),
    "'own': profile {profile!r} does not allow calling one's own King (game.call_own_king = false); the declarer needs a partner or called_king = 'talon'": N_(
        "'own': profile {profile!r} does not allow calling one's own King (game.call_own_king = false); the declarer needs a partner (-w NAME) or --talon"
    ),
    '{king_half!r}: only where the called King lay in the talon (called_king = "talon")': N_(
        "{king_half!r}: only where the called King lay in the talon (--talon)"
    ),
    'a hand is conceded only when the called King lies in the talon (called_king = "talon")': N_(
        "a hand is conceded only when the called King lies in the talon (--talon)"
    ),
    "true contradicts conceded = true: a conceded hand is lost": N_(
        "--won contradicts --conceded: a conceded hand is lost"
    ),
    "a conceded hand is not played: give no card points with conceded = true": N_(
        "a conceded hand is not played: give no card points (-t) with --conceded"
    ),
    "{contract} is decided by tricks, not card points: give won = true or false": N_(
        "{contract} is decided by tricks, not card points: give --won or --lost"
    ),
    "missing: did the declarer of {contract} win? (won = true or false)": N_(
        "missing: did the declarer of {contract} win? (--won or --lost)"
    ),
    "{profile!r} scores no Valat; the side that took every trick won the game: give its card points, or won = true or false": N_(
        "{profile!r} scores no Valat; the side that took every trick won the game: give its card points (-t POINTS), or --won or --lost"
    ),
    "missing: give the declarer side's card points, or won = true or false; a Valat made needs neither (a [[bonus]] named valat)": N_(
        "missing: give the declarer side's card points (-t POINTS), or --won or --lost; a Valat made needs neither (-b valat)"
    ),
    "{won} disagrees with card_points {card_points} (the declarer side needs {win_threshold})": N_(
        "disagrees with -t {card_points} (the declarer side needs {win_threshold})"
    ),
    "{points}: a player without a trick holds no card, one with a trick at least its four cards, which hold at least {least} (game.trick_card_points)": N_(
        "a player without a trick holds no card, one with a trick at least its four cards, which hold at least {least} (game.trick_card_points)"
    ),
    "{points} leaves the {who} {held}: the talon cards that count for them in {contract} hold whole points, at least {fewest}, and with a trick's four cards besides at least {more} (contracts.{contract}.talon_share = {share!r})": N_(
        "leaves the {who} {held}: the talon cards that count for them in {contract} hold whole points, at least {fewest}, and with a trick's four cards besides at least {more} (contracts.{contract}.talon_share = {share!r})"
    ),
    "{points} leaves the {who} {held}, the fewest the talon cards that count for them in {contract} hold: they took no trick, so the {others} took every trick: a Valat; enter the {others}' Valat or correct the card points": N_(
        "leaves the {who} {held}, the fewest the talon cards that count for them in {contract} hold: they took no trick, so the {others} took every trick: a Valat; enter the {others}' Valat (-b valat,{others}) or correct the card points"
    ),
    "{points} leaves the {who} {held}, but the talon cards that count for them in {contract} hold at least {fewest} (contracts.{contract}.talon_share = {share!r})": N_(
        "leaves the {who} {held}, but the talon cards that count for them in {contract} hold at least {fewest} (contracts.{contract}.talon_share = {share!r})"
    ),
    "a Valat made by the declarers leaves the defenders no card but the talon's they are given in {contract} (contracts.{contract}.talon_share = {share!r}: {fewest} and whole points more, at most {most}); card_points {points} leaves them {other}": N_(
        "a Valat made by the declarers leaves the defenders no card but the talon's they are given in {contract} (contracts.{contract}.talon_share = {share!r}: {fewest} and whole points more, at most {most}); -t {points} leaves them {other}"
    ),
    "a Valat made by the defenders leaves the declarers no card but the talon's they keep in {contract} (contracts.{contract}.talon_share = {share!r}: {fewest} and whole points more, at most {most}); card_points {points} is not one of these": N_(
        "a Valat made by the defenders leaves the declarers no card but the talon's they keep in {contract} (contracts.{contract}.talon_share = {share!r}: {fewest} and whole points more, at most {most}); -t {points} is not one of these"
    ),
    "a Valat made by the {who} takes every trick, so the {who} win the game; card_points {points} says they lost it (the declarer side needs {win_threshold})": N_(
        "a Valat made by the {who} takes every trick, so the {who} win the game; -t {points} says they lost it (the declarer side needs {win_threshold})"
    ),
    "a Valat made by the {who} takes every trick, so the {who} win the game; won = true says they lost it": N_(
        "a Valat made by the {who} takes every trick, so the {who} win the game; --won says they lost it"
    ),
    "a Valat made by the {who} takes every trick, so the {who} win the game; won = false says they lost it": N_(
        "a Valat made by the {who} takes every trick, so the {who} win the game; --lost says they lost it"
    ),
    "{name!r} made with the called King in the talon: the King is in no trick, so not in the last one; enter it as lost (made = false) if it was announced": N_(
        "{name!r} made with the called King in the talon: the King is in no trick, so not in the last one; enter it as lost (-b NAME,announced,lost) if it was announced"
    ),
}


ways_out = tarockscore.ways_out

REPAIR_HINT = message(
    N_(
        "`tarockscore repair` re-scores the evening from its stored hands under its stored profile, "
        "shows every number that changes, and writes it with --write"
    )
)

# A lower layer's template: the command line's, with the values it adds to the lower layer's, if any.
Wording = Mapping[str, str | tuple[str, Values]]

# The I/O layer's problems with a way out.
ADVICE: Wording = {
    ways_out.NO_LEDGER: (
        N_(
            "{path}: no ledger here; start the evening with `tarockscore new --players A,B,C,D`, or choose one with --ledger PATH or {ENV}"
        ),
        (("ENV", "TAROCKSCORE_LEDGER"),),
    ),
    ways_out.NOT_A_LEDGER: (
        N_(
            "{path}: not an evening's ledger; choose the evening's ledger with --ledger PATH or {ENV}; nothing was read or written"
        ),
        (("ENV", "TAROCKSCORE_LEDGER"),),
    ),
    ways_out.NOT_A_LEDGER_KEPT: N_(
        "{path} already exists and is not an evening's ledger; it is left as it is: choose another file for the evening with --ledger; nothing was written"
    ),
    ways_out.LEDGER_EXISTS: N_(
        "{path} already exists: an evening is kept there. Choose another file with --ledger, or remove it first; nothing was written"
    ),
    ways_out.LEDGER_CHANGED: N_(
        "the ledger was changed outside tarockscore, so it is not used and nothing was written; run "
        "`tarockscore repair --ledger {name}` to re-score it from its stored hands and see every "
        "number that changes, then `tarockscore repair --write --ledger {name}` to keep it (with an "
        "audit entry)"
    ),
    ways_out.OUT_OF_ORDER: N_(
        "its entries no longer follow each other as they were written (each names the one before it), so its hands cannot be read in order and nothing was written: restore the file from a copy, or put the entries back in the order they were written; `tarockscore repair` re-scores the hands as they stand, so it cannot mend this"
    ),
    ways_out.NO_HANDS: N_(
        "the ledger has no hands yet: `tarockscore record` (or `tarockscore enter`) records the first"
    ),
    ways_out.NO_HAND_FILE: N_(
        "hand file {source!r} not found; give a hand file, - for standard input, or the hand by its options (-c CONTRACT -d NAME -t POINTS …: see --help)"
    ),
    ways_out.OLD_LEDGER: N_(
        "{path}: a ledger of schema 1, as tarockscore wrote it before 0.2.0; this version reads the current format only, so nothing was read or written. Run `tarockscore upgrade {path}` to convert it (the old file is kept as {path}.bak)"
    ),
    ways_out.PROFILE_UNPINNED: (
        N_(
            "empty: the stored profile is not pinned by its hash, so an edit of it would go unnoticed; {hint}"
        ),
        (("hint", REPAIR_HINT),),
    ),
    ways_out.PROFILE_EDITED: (
        N_(
            "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited; "
            "{hint} (`tarockscore rescore --profile … --write` changes the rules on purpose)"
        ),
        (("hint", REPAIR_HINT),),
    ),
    ways_out.PROFILE_DAMAGED: N_(
        "its sha256 is {actual}…, but profile.sha256 says {stored}…: the stored profile was edited and "
        "no longer reads as a profile (its problems follow), so `tarockscore repair` cannot use it; "
        "restore the file from a copy, or put back its [profile] table from another ledger kept under "
        "the same profile"
    ),
    ways_out.PROFILE_UNREADABLE: N_(
        "the stored profile does not read as a profile (its problems follow), so the evening cannot be "
        "re-scored under it; restore the file from a copy, or put back its [profile] table from another "
        "ledger kept under the same profile"
    ),
    ways_out.PROFILE_RENAMED: (
        N_("{name!r}, but the stored profile document is named {named!r}: the file was edited; {hint}"),
        (("hint", REPAIR_HINT),),
    ),
    ways_out.NO_TOURNAMENT_FOLDER: N_(
        "{folder}: no such folder; start a tournament with `tarockscore tournament new {folder} …`"
    ),
    ways_out.DAY_FOLDER: N_(
        "{path} is a tournament's folder: `tarockscore tournament standings {path}` shows its standings; a table's ledger is one of its round-N/table-K.toml"
    ),
    ways_out.NO_TOURNAMENT: N_(
        "{path}: no tournament here; start one with `tarockscore tournament new {folder} …`"
    ),
    ways_out.OLD_DAY: N_(
        "{path}: a day kept by an earlier tarockscore, 0.3 or before (tournament = 1, before the day's log); run `tarockscore upgrade {folder}` to convert it (the old file is kept as tournament.toml.bak). Nothing was used"
    ),
    ways_out.SHEET_FAILS_CHECK: N_(
        "{value}: this table's sheet fails its own check (`tarockscore check --ledger {path}`); the standings need every table"
    ),
    ways_out.SHEET_FAILS_CHECK_MONEY: N_(
        "{value}: this table's sheet fails its own check (`tarockscore check --ledger {path}`); the day's money needs every table"
    ),
}


def _missing_sheet(problem: Problem) -> Problem | None:
    """No ledger at a table's path in a day's round folder: the sheet the draw put there is missing."""
    path = dict(problem.values).get("path")
    if problem.template != ways_out.NO_LEDGER or not isinstance(path, Path):
        return None
    if (place := tarockscore.table_place(path)) is None:
        return None
    said = N_(
        "{path}: round {round}, table {table} of the day kept in {folder}: its sheet is missing (moved or deleted?); the organiser puts it back, and `tarockscore tournament standings {folder}` names the players it seated"
    )
    day, number, table = place
    return Problem.of(problem.where, said, path=path, round=number, table=table, folder=day)


def advised(problem: Problem, wording: Wording = ADVICE) -> Problem:
    """The problem as the command line says it, with its way out where ``wording`` has one."""
    if (sheet := _missing_sheet(problem)) is not None:
        return sheet
    worded = in_words(Message(problem.template, problem.values), wording)
    return problem if worded is None else Problem.of(problem.where, worded)


def in_words(text: str, wording: Wording) -> Message | None:
    """A message of a lower layer as the command line says it; None where ``wording`` has it not."""
    if not isinstance(text, Message) or text.template not in wording:
        return None
    way = wording[text.template]
    template, more = (way, ()) if isinstance(way, str) else way
    return Message(template, text.values + more)


def in_short_form(exc: TarockError, short: Mapping[str, Any]) -> TarockError:
    """The same error with each hand-file key named as the short-form option it came from."""
    worded = [advised(p, SHORT_FORM_WORDING) for p in exc.problems]
    return type(exc)([p.moved(short_form_field(p.where, short)) for p in worded])


def as_options(exc: TarockError, *fields: str) -> TarockError:
    """The same error with a problem at a named field (``players``, ``players: …``, the library's
    word) located at its option (``--players``)."""
    # the field's name first, alone or before a colon or a space: "players", "players: x" or "players x"
    field = re.compile(rf"^({'|'.join(map(re.escape, fields))})(?=:? |:?\Z)")
    return type(exc)([p.moved(field.sub(r"--\1", p.where)) for p in exc.problems])


def at_options(exc: TarockError, options: Mapping[str, str]) -> TarockError:
    """The same error with each problem at exactly a field of ``options`` located at its option."""
    return type(exc)([p.moved(options[p.where]) if p.where in options else p for p in exc.problems])


COMMAND_LINE = N_("command line")


def _any_short(values: dict[str, Any]) -> bool:
    return any(v not in (None, False, []) for v in values.values())


def _split_off(word: str) -> bool:
    """Whether ``word`` is a piece of a value the shell split off for want of quotes (``-t 35 2``)."""
    return word != "-" and not Path(word).suffix and not Path(word).exists()


def _rejoined(word: str, short: dict[str, Any]) -> dict[str, Any]:
    """The short form with the split-off ``word`` put back after a whole count of points (``-t 35 2``)."""
    points = short.get("points") or []
    if re.fullmatch(r"\d+(/\d+)?", word) and len(points) == 1 and points[0].strip().isdigit():
        return {**short, "points": [f"{points[0].strip()} {word}"]}
    raise UsageError(
        N_(
            '{word!r} is no hand file: a value of more than one word is quoted, e.g. -t "35 2" or -b "Vier Könige,Gegner"'
        ),
        word=word,
    )


def read_hand_or_short(
    hand_file: str | None,
    short: dict[str, Any],
    profile: Callable[[], tarockscore.Profile | None] = lambda: None,
) -> tuple[tarockscore.HandInput, tarockscore.HandFile | str]:
    """A hand from a file (or stdin) or from the short form, never both; with the file read
    (its problems are told at their lines), or the command line. ``profile``: the one the hand is
    played under, asked for where a bonus is given (None: not known)."""
    if hand_file is not None and _any_short(short) and _split_off(hand_file):
        short = _rejoined(hand_file, short)
        hand_file = None
    if hand_file is not None:
        if _any_short(short):
            raise UsageError(N_("give either a hand file or the hand's options, not both"))
        hand = tarockscore.read_hand_file(hand_file)
        return hand.keys, hand
    if not _any_short(short):
        raise UsageError(N_("give a hand file (or - for stdin), or the hand's options: see --help"))
    options = dict(short)
    bonuses = options.pop("bonus")
    prof = profile() if bonuses else None
    # every step the profile knows: one above its ceiling is refused as the contract's is
    steps = None if prof is None else prof.step_words()
    return tarockscore.hand_from_short_form(**options, bonuses=bonuses, kontra_steps=steps), COMMAND_LINE


def seated_names(
    mapping: tarockscore.HandInput,
    source: tarockscore.HandFile | str,
    seats: Callable[[], Sequence[str]],
    playing: Callable[[], Sequence[str]] | None = None,
) -> tarockscore.HandInput:
    """The players named in the short form as the table spells them (``seats``: asked only for
    the short form): a name in any case, a beginning of it no other player's shares, or the
    number of their seat, as ``enter`` reads them; a hand file's names stay as written.
    ``playing``: the four who play the hand, as :func:`tarockscore.short_form_names` asks for them.
    Call it inside :func:`hand_errors`: a beginning of two names is refused there."""
    if source != COMMAND_LINE:
        return mapping
    table = seats()
    return tarockscore.short_form_names(mapping, table, playing) if table else mapping


class DealRead:
    """The four who play hand ``number`` of ``evening`` (None: the next hand), read from the
    ledger only when asked; the head it was read at, for recording against that reading alone
    (a name read by the deal must not be recorded on a deal another terminal has moved since)."""

    def __init__(self, evening: tarockscore.Evening, number: int | None = None) -> None:
        self.evening = evening
        self.number = number
        self.head: str | None = None

    def __call__(self) -> Sequence[str]:
        snapshot = self.evening.read()
        self.head = snapshot.head
        return self.evening.deal(self.number, snapshot.ledger).players


def profile_of(evening: tarockscore.Evening) -> tarockscore.Profile | None:
    """The profile the evening is kept under (None where the ledger cannot be read: the command
    that reads it says why)."""
    try:
        return evening.read_as_stored().profile
    except (TarockError, OSError, ValueError):
        return None


def table_of(evening: tarockscore.Evening) -> tuple[str, ...]:
    """The players at the evening's table, for reading the names typed (none where the ledger
    cannot be read: the command that reads it says why)."""
    try:
        return evening.seats()
    except (TarockError, OSError, ValueError):
        return ()


@contextmanager
def hand_errors(source: tarockscore.HandFile | str, short: dict[str, Any]) -> Iterator[None]:
    """A hand's problems located at its source: a hand file's at their lines; the short form's
    named by the options given."""
    try:
        yield
    except HandError as exc:
        if isinstance(source, tarockscore.HandFile):
            raise source.located(exc) from None
        raise in_short_form(exc, short).located(source) from None
    except ProfileError as exc:  # the hand file's profile key names no profile: told at its line
        if isinstance(source, tarockscore.HandFile) and exc.problems[0].where.split(":")[0] == "profile":
            raise source.located(exc) from None
        raise


@contextmanager
def profile_at(option: str, given: object = True) -> Iterator[None]:
    """A profile named at ``option`` (when ``given``) that is not found or cannot be read: told at
    that option, a broken file's problem then at the file's key (``--profile: club.toml: …``)."""
    try:
        yield
    except ProfileError as exc:
        if not given:
            raise
        raise exc.located(option) from None


def head_given(head: str | None, refusal: str) -> None:
    """A ``--head`` as given: a head, or its first digits (4 to 64 hex digits); else ``refusal``."""
    if head is not None and not re.fullmatch(r"[0-9a-fA-F]{4,64}", head.strip()):
        raise UsageError(refusal, head=head, where="--head")


def language_given(lang: str) -> str:
    """The language ``--lang`` names (de or en); any other is refused."""
    chosen = i18n.language_of(lang)
    if chosen is None:
        raise UsageError(
            N_("{value!r} is not a language of tarockscore; use de or en"), where="--lang", value=lang
        )
    return chosen


EMPTY_PROFILE = N_(
    "{value!r}: empty; give a shipped profile's name (`tarockscore profiles` lists them) or the path to a profile file"
)


def profile_given(value: str | None, where: str = "--profile") -> str | None:
    """A profile option as given; an empty one is refused, never taken for the default profile."""
    if value is not None and not value.strip():
        raise UsageError(EMPTY_PROFILE, value=value, where=where)
    return value


#: What most commands print: a table, JSON or CSV.
DATA_FORMATS = (OutputFormat.TABLE, OutputFormat.JSON, OutputFormat.CSV)

# The help of --format, by the formats a command prints.
FORMAT_HELP = {
    DATA_FORMATS: "table, json or csv (docs/machine-output.md).",
    (
        *DATA_FORMATS,
        OutputFormat.HTML,
    ): "table, json or csv (docs/machine-output.md), or html: a printable page.",
    (OutputFormat.TABLE, OutputFormat.JSON): "table or json (docs/machine-output.md).",
}

NOT_PRINTED = N_("{fmt!r}: this command prints {formats}")


def offered(value: str, formats: Sequence[OutputFormat], where: str = "--format") -> OutputFormat:
    """The format ``value`` names when the command prints it; another, known (``html`` where the
    command has no page) or not (``xml``), is a usage error naming the formats it prints."""
    known = {f.value: f for f in formats}
    if value.strip().lower() not in known:  # in any case, a space around it, as any word typed
        raise UsageError(NOT_PRINTED, fmt=value, formats=", ".join(known), where=where)
    return known[value.strip().lower()]


def not_both(first: str, second: str) -> UsageError:
    """Two options given that exclude each other."""
    return UsageError(N_("give {first} or {second}, not both"), first=first, second=second)


def chosen(
    output: str | None,
    json_out: bool = False,
    csv_out: bool = False,
    formats: Sequence[OutputFormat] = DATA_FORMATS,
) -> OutputFormat:
    """The format the options ask for (the table when none is given); two of them at once, or a
    format the command does not print, are refused."""
    options = {
        "--format": output,
        "--json": "json" if json_out else None,
        "--csv": "csv" if csv_out else None,
    }
    given = [(option, value) for option, value in options.items() if value is not None]
    if len(given) > 1:
        raise not_both(given[0][0], given[1][0])
    return offered(given[0][1], formats, given[0][0]) if given else OutputFormat.TABLE


def with_format(
    json_help: str = "Print JSON: the same as --format json.",
    csv_help: str = "Print CSV: the same as --format csv.",
    formats: Sequence[OutputFormat] = DATA_FORMATS,
    *,
    later: bool = False,
) -> Callable[[Command], Command]:
    """A decorator: the command's parameter ``fmt`` given as ``--format``, ``--json`` and ``--csv``,
    one of ``formats`` (the ones the command prints; the shell completes them, :func:`chosen`
    refuses another). ``later``: ``fmt`` is the reading, for :func:`format_read` to say a format
    refused with the command's other options refused."""
    completed = [f.value for f in formats]
    group = (
        option(
            str | None,
            "--format",
            "-f",
            name="output",
            help=FORMAT_HELP[tuple(formats)],
            autocompletion=lambda: completed,
        ),
        # an option for a format the command does not print is read (and refused by name) but not listed
        option(bool, "--json", name="json_out", help=json_help, hidden=OutputFormat.JSON not in formats),
        option(bool, "--csv", name="csv_out", help=csv_help, hidden=OutputFormat.CSV not in formats),
    )
    read = functools.partial(chosen, formats=formats)
    return with_options(group, "fmt", functools.partial(functools.partial, read) if later else read)


def format_read(problems: Collector, read: Callable[[], OutputFormat]) -> OutputFormat:
    """The format of a ``with_format(later=True)`` command; a refusal noted in ``problems``."""
    try:
        return read()
    except UsageError as exc:
        problems.problems += exc.problems
        return OutputFormat.TABLE


def utf8_output() -> None:
    """Standard output in UTF-8 from now on, whatever the locale's encoding (Windows writes a pipe
    or a file in its code page): JSON, CSV, TOML, SVG and HTML are files for programs, UTF-8."""
    with suppress(AttributeError, ValueError, OSError):  # not a TextIOWrapper (a test's capture)
        sys.stdout.reconfigure(encoding="utf-8", errors="backslashreplace")  # type: ignore[union-attr]


def show(view: View, fmt: OutputFormat) -> None:
    """Print the view in the chosen format on standard output: a table in the terminal's
    encoding, the formats for a program in UTF-8."""
    if fmt is not OutputFormat.TABLE:
        utf8_output()
    typer.echo(rendered(view, fmt), nl=False)
