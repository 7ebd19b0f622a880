"""A hand and a profile as files give them: hand files (a path or standard input), profile files
found, read and resolved with every ``extends`` folded in; one hand scored under a profile (I/O
layer). The reads themselves go through :mod:`tarockscore.io.safe_io`."""

import functools
import os
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from tarockscore.errors import (
    N_,
    HandError,
    ProfileError,
    TarockError,
    UnreadableHand,
    UnreadableProfile,
    near_miss,
    one_of,
)
from tarockscore.io import safe_io
from tarockscore.io.ways_out import NO_HAND_FILE
from tarockscore.rules.hand import HandInput, parse_points
from tarockscore.rules.parse import parse_hand
from tarockscore.rules.profile import Profile, Reading, build_profile
from tarockscore.rules.scoring import Score
from tarockscore.rules.scoring import score_hand as _score
from tarockscore.rules.words import A_STRING, MAX_NAME, as_written, text_problem, type_name


class HandFile(NamedTuple):
    """A hand file read: its keys, the name its problems are reported under, and the line each key is set on."""

    keys: HandInput
    name: str
    lines: Mapping[str, int]
    folder: Path | None = None  # where a relative path in its profile key is taken from (None: stdin)

    def located(self, exc: TarockError) -> TarockError:
        """The same error with each problem at the file and the line of the key it names
        (``hand.toml:5: partner: …``), or at the file alone where no line sets it (a key missing)."""
        moved = []
        for p in exc.problems:
            line = line_of(p.where, self.lines)
            at = f"{self.name}:{line}" if line is not None else self.name
            moved.append(p.moved(f"{at}: {p.where}" if p.where else at))
        return type(exc)(moved)


# A key set at the start of a line (``partner = "Cilli"``), and a table opened (``[[bonus]]``).
# A dotted key (``card_points.declarers = …``) sets each table it names on its way.
_ONE_KEY = r"(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')"
_KEY_AT = re.compile(rf"\s*(?P<key>{_ONE_KEY}(?:\s*\.\s*{_ONE_KEY})*)\s*=")
_KEY_PART = re.compile(_ONE_KEY)
_TABLE_AT = re.compile(r"\s*\[(?P<array>\[)?\s*(?P<name>[^\[\]]+?)\s*\]")
_QUOTED_OR_COMMENT = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|#.*")


def key_lines(text: str) -> dict[str, int]:
    """Where each key of a hand file is set, by the path its problems name (``partner``,
    ``bonus[1].side``, ``kontra.Anna`` in a ``[kontra]`` table): the first line, 1-based. Lines
    inside an array or a table in braces spread over several lines belong to the key that opened it."""
    lines: dict[str, int] = {}
    section = ""
    arrays: dict[str, int] = {}  # [[NAME]] tables opened so far
    depth = 0  # brackets and braces left open by the lines before
    for number, line in enumerate(text.splitlines(), 1):
        if depth == 0:
            if table := _TABLE_AT.match(line):
                section = table["name"].strip("\"'")
                if table["array"]:
                    arrays[section] = arrays.get(section, -1) + 1
                    lines.setdefault(section, number)
                    section = f"{section}[{arrays[section]}]"
                lines.setdefault(section, number)
            elif key := _KEY_AT.match(line):
                path = section
                for part in _KEY_PART.findall(key["key"]):
                    name = part.strip("\"'")
                    path = f"{path}.{name}" if path else name
                    lines.setdefault(path, number)
        bare = _QUOTED_OR_COMMENT.sub("", line)
        depth = max(0, depth + bare.count("[") + bare.count("{") - bare.count("]") - bare.count("}"))
    return lines


def line_of(where: str, lines: Mapping[str, int]) -> int | None:
    """The line of the key ``where`` names, or of the nearest key it lies in (``card_points.Anna``
    in an inline table: the line of ``card_points``); None where no line sets it."""
    path = where.split(": ")[0]
    while path:
        if path in lines:
            return lines[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return None


def read_hand(source: str | os.PathLike[str]) -> tuple[HandInput, str]:
    """A hand file's keys (a path, or ``-`` for standard input) and the name its problems are reported under."""
    hand = read_hand_file(source)
    return hand.keys, hand.name


def read_hand_file(source: str | os.PathLike[str]) -> HandFile:
    """A hand file (a path, or ``-`` for standard input): its keys, its name and the line of each key."""
    source = os.fspath(source)
    if source == "-":
        data = safe_io.read_stdin("hand", safe_io.SMALL_LIMIT, HandError)
        name = "<stdin>"
    else:
        if not source.strip():
            raise HandError(N_("the hand file's name is empty; give a file, or - for standard input"))
        try:
            data = safe_io.read_regular(Path(source), "hand", safe_io.SMALL_LIMIT, HandError)
        except FileNotFoundError:
            raise UnreadableHand(NO_HAND_FILE, source=source) from None
        name = source
    text = safe_io.decode(data, name, HandError)
    if not text.strip():
        raise HandError(N_("{name}: the hand file is empty"), name=name)
    document = safe_io.load_toml(text, name, HandError, safe_io.HAND)
    # a ledger or a profile given for a hand: said in one line, not key by key
    if (other := safe_io.other_kind(document, safe_io.HAND)) is not None:
        raise HandError(N_("{name}: not a hand file: this is {other}"), name=name, other=other)
    # its keys and values are parse_hand's to check
    return HandFile(
        cast(HandInput, document), name, key_lines(text), None if source == "-" else Path(source).parent
    )


DEFAULT_PROFILE = "koenigrufen"
# A profile extends a shipped one, or a club's own which extends a shipped one: a handful of
# levels in practice. The bound keeps a chain of a thousand files from reading for ever.
MAX_EXTENDS = 16


def profiles_dir() -> Path:
    """The folder of shipped profiles: the source tree's, else the installed copy."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / "profiles", package / "_profiles"):
        if candidate.is_dir():
            return candidate
    raise ProfileError(N_("the shipped profiles folder is missing from this installation"))


def shipped_names() -> list[str]:
    """The names of the shipped profiles, as ``--profile`` takes them."""
    return sorted(p.stem for p in profiles_dir().glob("*.toml"))


@functools.cache
def published_readings() -> Mapping[str, tuple[Reading, ...]]:
    """The published readings of each disputed key path (profiles/readings/published.toml), read
    once: a reading's ``points`` are card points as a profile writes them, else its ``value``."""
    path = profiles_dir() / "readings" / "published.toml"
    readings: dict[str, tuple[Reading, ...]] = {}
    for number, tables in read_toml(path).items():
        for key, found in _leaves(tables, ""):
            try:
                readings[key] = readings.get(key, ()) + tuple(_published(number, r) for r in found)
            except (TypeError, ValueError, KeyError):
                wrong = N_(
                    "{path}: {key}: not a published reading: each is a table of value (or points), sources and, if needed, when"
                )
                raise ProfileError(wrong, path=path, key=key) from None
    return MappingProxyType(readings)


def _leaves(table: object, prefix: str) -> list[tuple[str, Any]]:
    """(key path, what it holds) for each entry of nested tables that is not a table."""
    if not isinstance(table, dict):
        return [(prefix[1:], table)]
    return [leaf for key, value in table.items() for leaf in _leaves(value, f"{prefix}.{key}")]


_ENTRY = {"value", "points", "sources", "when"}


def _published(number: str, entry: Mapping[str, Any]) -> Reading:
    """A reading as the file writes it; a TypeError, ValueError or KeyError where it is none."""
    value = parse_points(entry["points"]) if "points" in entry else entry["value"]
    if isinstance(value, list) and all(isinstance(name, str) for name in value):
        value = frozenset(value)  # names, in whatever order a profile lists them
    if (
        not isinstance(entry["sources"], str)
        or not isinstance(value, str | int | Fraction | frozenset)
        or set(entry) - _ENTRY
    ):
        raise TypeError(entry)
    return Reading(value, number, entry["sources"], MappingProxyType(dict(entry.get("when", {}))))


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Deep merge: tables key by key, everything else (arrays included) replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


# Where a relative path to a profile is taken from, as a file not found says it.
FROM_PROFILE = N_(
    "profile file {ref!r} not found: looked for {path} (a path in extends is taken from the folder of the profile that names it)"
)
FROM_HAND = N_(
    "profile file {ref!r} not found: looked for {path} (a path in a hand file is taken from the hand file's folder)"
)


def _locate(ref: str, relative_to: Path | None, not_found: str = FROM_PROFILE) -> Path:
    if looks_like_path(ref):
        path = Path(ref) if relative_to is None else relative_to / ref  # an absolute ref stays as it is
        if safe_io.check_regular(path, "profile", ProfileError) is None:
            if relative_to is not None and not Path(ref).is_absolute():
                raise UnreadableProfile(not_found, ref=ref, path=path)
            raise UnreadableProfile(N_("profile file {ref!r} not found"), ref=ref)
        return path
    path = profiles_dir() / f"{ref}.toml"
    try:
        shipped = path.is_file()
        here = (relative_to or Path()).joinpath(f"{ref}.toml").is_file()
    except OSError:  # a name no file system takes (too long): no shipped profile, nor a file of it
        shipped = here = False
    if not shipped:
        names = shipped_names()
        # a house file named without its ending is pointed to
        hint = near_miss(f"{ref}.toml", [f"{ref}.toml"]) if here else near_miss(ref, names, any_case=True)
        raise ProfileError(
            N_(
                "unknown profile {ref!r}; shipped profiles: {allowed}{hint}; or give the path to a .toml file"
            ),
            ref=ref,
            allowed=one_of(names),
            hint=hint,
        )
    return path


def looks_like_path(ref: str) -> bool:
    """Whether a profile reference is a file's path (else a shipped profile's name)."""
    return ref.endswith(".toml") or "/" in ref or "\\" in ref


def read_toml(path: Path) -> dict[str, Any]:
    try:
        data = safe_io.read_regular(path, "profile", safe_io.SMALL_LIMIT, ProfileError)
    except FileNotFoundError:
        raise UnreadableProfile(N_("profile file {path!r} not found"), path=str(path)) from None
    text = safe_io.decode(data, str(path), ProfileError)
    document = safe_io.load_toml(text, str(path), ProfileError, safe_io.PROFILE)
    if (other := safe_io.other_kind(document, safe_io.PROFILE)) is not None:  # a ledger or a hand file
        raise ProfileError(N_("{path}: not a profile: this is {other}"), path=path, other=other)
    return document


def resolve_document(
    ref: str, relative_to: Path | None = None, not_found: str = FROM_PROFILE
) -> dict[str, Any]:
    """The profile's mapping with every ``extends`` folded in, at most :data:`MAX_EXTENDS` files deep;
    ``relative_to``: the folder a relative ``ref`` is taken from (``not_found`` says so)."""
    chain: list[Path] = []  # each file's real path, to find a circle
    shown: list[Path] = []  # each file as given (a parent's taken from the folder of its child)
    documents: list[dict[str, Any]] = []
    while True:
        if not chain:
            located = _locate(ref, relative_to, not_found)
        else:  # a parent: its problem is said where the extends naming it is
            where = f"{shown[-1]}: extends"
            if not ref.strip():
                raise ProfileError(
                    N_("{ref!r}: empty; give a profile's name or path, or leave the key out"),
                    where=where,
                    ref=ref,
                )
            try:
                located = _locate(ref, relative_to)
            except ProfileError as exc:
                raise exc.located(where) from None
        path = located.resolve()
        if path in chain:  # the extends of the last file read closes the circle
            cycle = " → ".join(p.name for p in (*chain, path))
            raise ProfileError(
                N_(
                    "{ref!r} leads back to this profile ({cycle}); a profile extends a shipped profile ({allowed}) or another profile's file"
                ),
                where=f"{shown[-1]}: extends",
                ref=ref,
                cycle=cycle,
                allowed=one_of(shipped_names()),
            )
        if len(chain) >= MAX_EXTENDS:
            raise ProfileError(
                N_(
                    "{value}: extends goes more than {MAX_EXTENDS} profiles deep; a profile may extend one that extends another, not a chain this long"
                ),
                value=shown[0],
                MAX_EXTENDS=MAX_EXTENDS,
            )
        chain.append(path)
        shown.append(located)
        document = read_toml(located)
        documents.append(document)
        parent = document.get("extends")
        if parent is None and "schema" not in document:  # a few keys, not a whole profile
            raise ProfileError(
                N_(
                    '{path}: no extends and no schema: a profile of your own starts with extends = "koenigrufen" (or another shipped profile) and changes a few keys; a whole profile gives schema = 1 and every table'
                ),
                path=located,
            )
        if parent is None:
            break
        if not isinstance(parent, str):
            raise ProfileError(
                N_("{path}: extends: {parent!r} is not a profile name or path"), path=located, parent=parent
            )
        ref, relative_to = parent, located.parent
    named = "name" in documents[0]
    house = _house(chain, documents)
    merged = documents.pop()
    while documents:
        child = documents.pop()
        merged = _unaliased(_uncited(merge(merged, child), child), child)
        if "title" in child and "title_de" not in child:
            # a title of one's own: the German of the parent's title would describe the parent
            merged.pop("title_de", None)
    merged.pop("extends", None)
    merged.update(house)
    _name(merged, named, chain[0], shown[0])
    return merged


def _name(merged: dict[str, Any], named: bool, path: Path, shown: Path) -> None:
    """The profile's name: a file's own ``name``, else its file's; never a shipped profile's for
    rules other than its own, which a sheet would pass off as the shipped profile."""
    if named and _passes_off(merged, path):  # a shipped profile copied and changed, its name kept
        raise ProfileError(
            N_(
                "{path}: name: {name!r} is a shipped profile's name, which a sheet would show for this file's rules; give the profile a name of its own, e.g. name = \"{name}-club\""
            ),
            path=shown,
            name=merged["name"],
        )
    if named:
        return
    # a profile file without a name of its own is named after its file (club.toml: club), never
    # after the profile it extends, whose name would hide that house rules were applied
    merged.pop("name", None)
    if path.stem in shipped_names() and path.parent != profiles_dir().resolve():
        # koenigrufen.toml of a club's own: named after its file, a sheet would pass it off as
        # the shipped koenigrufen
        raise ProfileError(
            N_(
                "{path}: name: missing, and the file's name {stem!r} is a shipped profile's, which a sheet would show instead; give the profile a name of its own, e.g. name = \"{stem}-club\""
            ),
            path=shown,
            stem=path.stem,
        )
    if text_problem(path.stem, limit=MAX_NAME) is None:
        merged["name"] = path.stem


def _passes_off(document: Mapping[str, Any], path: Path) -> bool:
    """Whether a profile file of one's own takes a shipped profile's name with rules other than its
    own (a shipped profile copied and changed, its name line kept): a sheet would pass them off."""
    name = f"{document.get('name')}".casefold()
    if name not in shipped_names() or path.parent == profiles_dir().resolve():
        return False
    return {k: v for k, v in document.items() if k != "house"} != resolve_document(name)


# Keys of a house file that are no rule of its own: what it is called, and how it is read.
_NOT_HOUSE_RULES = frozenset({"name", "extends", "schema", "house"})


def _house(chain: Sequence[Path], documents: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """``{"house": …}`` for a house file resting on a shipped profile: that profile's name and
    every key the files above it set (``contracts.rufer.value``), which explain cites as the
    house's rule rather than the shipped profile's source; ``{}`` for a shipped profile, or one
    that rests on none."""
    shipped = profiles_dir().resolve()
    base = next((i for i, path in enumerate(chain) if path.parent == shipped), 0)
    if base == 0:
        return {}
    keys = {
        key
        for document in documents[:base]
        for key, _value in _leaves(document, "")
        if key.split(".")[0] not in _NOT_HOUSE_RULES
    }
    return {"house": {"extends": chain[base].stem, "keys": sorted(keys)}}


# The numbers a contract's or bonus's ``source`` is cited for (``explain``: the base value and the
# Blind Solo's loss factor): a house file that sets one without a source of its own makes it wrong;
# any other key (the list of its bonuses, its aliases) leaves the source true of them.
_CITED = frozenset({"value", "loss_factor"})


def _uncited(merged: dict[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """``merged`` without the citations ``child`` makes wrong (a number it sets without its own source)."""
    given = child.get("sources")
    own: Mapping[str, Any] = given if isinstance(given, dict) else {}
    if isinstance(merged.get("sources"), dict):
        inherited = merged["sources"] = dict(merged["sources"])  # the parent's own stays as read
        for path in list(inherited):
            table, _dot, key = path.partition("[")[0].partition(".")
            value = child.get(table)
            if path not in own and isinstance(value, dict) and key in value:
                del inherited[path]
    for kind in ("contracts", "bonuses"):
        entries = child.get(kind)
        if not isinstance(entries, dict):
            continue
        for name, entry in entries.items():
            table = merged.get(kind)
            parent = table.get(name) if isinstance(table, dict) else None
            if isinstance(entry, dict) and isinstance(parent, dict) and "source" not in entry:
                if set(entry) & _CITED:  # a new dict of merge's: the parent's own stays as read
                    parent.pop("source", None)
    return merged


def _unaliased(merged: dict[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """``merged`` without the inherited Kontra aliases of steps ``child``'s own ladder does not have."""
    kontra, given = merged.get("kontra"), child.get("kontra")
    if not isinstance(given, dict) or not isinstance(given.get("ladder"), list):
        return merged
    if not isinstance(kontra, dict) or not isinstance(kontra.get("aliases"), dict):
        return merged
    ladder, own = given["ladder"], given.get("aliases")
    steps = [step.get("name") for step in ladder if isinstance(step, dict)]
    kontra["aliases"] = {
        alias: step
        for alias, step in kontra["aliases"].items()
        if step in steps or (isinstance(own, dict) and alias in own)
    }
    return merged


def load_profile(
    ref: str | None = None, overrides: Mapping[str, Any] | None = None, *, hand_folder: Path | None = None
) -> Profile:
    """Load a shipped profile by name, or a user's profile by path; optionally merge overrides.
    ``hand_folder``: a relative path is a hand file's, taken from that hand file's folder (else,
    where it is only there, from the current folder)."""
    ref = (ref or DEFAULT_PROFILE).strip()  # typed with a space around it, as any name
    if hand_folder is not None and looks_like_path(ref) and _only_here(hand_folder, ref):
        hand_folder = None  # not beside the hand file, but from here: read as it always was
    document = resolve_document(ref, hand_folder, FROM_HAND)
    if overrides:
        document = merge(document, overrides)
    where = ref if ref.endswith(".toml") else f"profile {ref}"
    if hand_folder is not None and looks_like_path(ref) and not Path(ref).is_absolute():
        where = str(hand_folder / ref)
    return build_profile(document, where, as_file=True)


def _only_here(folder: Path, ref: str) -> bool:
    """Whether ``ref`` is a file from the current folder and not from ``folder``."""
    try:
        return not (folder / ref).exists() and Path(ref).exists()
    except (OSError, ValueError):  # a name no file system takes: reading the file says so
        return False


def profile_for(mapping: HandInput, profile_ref: str | None, hand_folder: Path | None = None) -> Profile:
    """``--profile`` wins, then the hand's own ``profile`` key (a relative path taken from
    ``hand_folder``, the hand file's folder; None: the current folder), then the default."""
    ref = profile_ref or mapping.get("profile", DEFAULT_PROFILE)
    if not isinstance(ref, str):  # as the hand's own reader says it where --profile is given
        wrong, kind = N_("{value!r} is {kind}; expected {wanted}"), type_name(ref)
        raise HandError(wrong, where="profile", value=as_written(ref), kind=kind, wanted=A_STRING)
    if not ref.strip():  # never taken for the default
        raise HandError(
            N_("{ref!r}: empty; give a profile's name or path, or leave the key out"),
            where="profile",
            ref=ref,
        )
    try:
        return load_profile(ref, hand_folder=None if profile_ref else hand_folder)
    except ProfileError as exc:
        if profile_ref or "profile" not in mapping:
            raise
        # the hand's own key named it: a profile not found or broken is told at that key
        raise exc.located("profile") from None


def score_hand(
    mapping: HandInput, profile_ref: str | None = None, hand_folder: Path | None = None
) -> tuple[Score, Profile]:
    """Score a hand given as hand-file keys: the score and the profile it was scored under
    (``hand_folder``: the hand file's folder, which a relative path in its profile key is taken from)."""
    profile = profile_for(mapping, profile_ref, hand_folder)
    return _score(parse_hand(mapping, profile), profile), profile
