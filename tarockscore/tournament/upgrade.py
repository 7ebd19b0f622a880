"""A day kept by tarockscore 0.1 to 0.3 (``tournament = 1``, sealed), converted to the day's log (I/O
layer): a paper result 0.2.0 kept in the file goes into its table's sheet; the old file is kept as
``tournament.toml.bak`` (docs/tournament.md)."""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tarockscore.errors import N_, Problem, TarockError, TournamentError, message
from tarockscore.evening import store as ledger_file
from tarockscore.io import safe_io
from tarockscore.tournament import model as tm
from tarockscore.tournament import store as files
from tarockscore.tournament.model import paper_sheet

OLD_VERSION = 1
_LISTS = ("trace", "round", "result", "dropped")


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _parts(content: Mapping[str, Any]) -> dict[str, str]:
    """The old seal's parts: each top-level key, each key of the format, each drawn round."""
    out: dict[str, str] = {}
    for key, value in content.items():
        if key == "format" and isinstance(value, Mapping):
            out.update({f"format.{sub}": _digest(inner) for sub, inner in value.items()})
        elif key == "round" and isinstance(value, list):
            out.update(
                {f"round {r.get('number') if isinstance(r, Mapping) else None}": _digest(r) for r in value}
            )
        else:
            out[key] = _digest(value)
    return out


def _sealed(data: dict[str, Any], path: Path) -> None:
    """Refuse an old file that no longer matches its seal (``seal`` taken out of ``data``)."""
    stored = data.pop("seal", None)
    if stored is None and not data.get("id") and not data.get("trace"):
        return  # a day of 0.1, never sealed
    each = _parts(data)
    sealed = stored.get("parts") if isinstance(stored, Mapping) else None
    if isinstance(sealed, Mapping) and dict(sealed) == each and stored.get("sha256") == _digest(each):
        return
    names = (
        sorted(n for n in {*each, *sealed} if each.get(n) != sealed.get(n))
        if isinstance(sealed, Mapping)
        else []
    )
    said = N_(
        "{path}: {names} edited by hand (the file's seal does not match), so it is not converted: put the file back as it was and run upgrade again. Nothing was written"
    )
    raise TournamentError(said, path=path, names=", ".join(names) or "seal")


def _entries(data: dict[str, Any], sha: str) -> list[dict[str, Any]]:
    """The log of an old day's values: begin, the drops, the draws, the close notes, the results."""
    lists = {key: data.pop(key, None) or [] for key in _LISTS}
    if wrong := next((k for k, v in lists.items() if not isinstance(v, list)), None):
        raise TournamentError(N_("expected an array"), where=wrong)
    data.pop("tournament")
    dropped = [name for name in lists["dropped"] if isinstance(name, str)]
    players = data.get("players")
    begin = {"kind": "begin", "at": data.pop("created", ""), **data}
    begin["players"] = [*players, *dropped] if isinstance(players, list) else players
    begin["from"] = {"tournament": OLD_VERSION, "sha256": sha}
    trace = [e for e in lists["trace"] if isinstance(e, dict)]
    at = {e.get("detail"): e.get("at") for e in trace if e.get("action") == "drop"}
    out = [begin, *({"kind": "drop", "at": at.get(name) or begin["at"], "name": name} for name in dropped)]
    for r in lists["round"]:
        r = dict(r) if isinstance(r, dict) else {}
        out.append({"kind": "draw", "at": r.pop("drawn", None), "round": r.pop("number", None), **r})
    for e in trace:
        heads = e.get("heads")
        number = re.match(r"round-(\d+)/", next(iter(heads), "")) if isinstance(heads, dict) else None
        if e.get("action") == "close" and number is not None:
            out.append({"kind": "close", "at": e.get("at"), "round": int(number.group(1)), "heads": heads})
    for r in lists["result"]:
        r = dict(r) if isinstance(r, dict) else {}
        out.append({"kind": "result", "at": r.pop("at", None), **r})
    return out


def upgrade_day(path: str | os.PathLike[str]) -> str:
    """Convert the day in folder ``path`` to the day's log; what was done, in a line."""
    folder = Path(path)
    folder = folder.parent if folder.name == tm.FILE_NAME and folder.is_file() else folder
    target = files.existing(folder)  # a clear error for a folder without a tournament, before its lock
    with ledger_file.locked(target, what=safe_io.DAY, error=TournamentError):
        safe_io.remove_stale_temps(target)
        raw = files.read_bytes(target, "tournament")
        decoded = safe_io.decode(raw, str(target), TournamentError)
        data = safe_io.load_toml(decoded, str(target), TournamentError, safe_io.DAY)
        if data.get("tournament") != OLD_VERSION or "event" in data:
            current = N_(
                "{path} is a day of the current format already (day head {head}); nothing was written"
            )
            return message(current, path=target, head=files.parse_day(raw, target).head[:12])
        files.open_day(target)
        _sealed(data, target)
        backup = target.with_name(target.name + ".bak")
        if backup.exists() and not safe_io.holds(backup, raw):  # an upgrade stopped after its copy: again
            there = N_("{backup} exists already: move it away, then run upgrade again; nothing was written")
            raise TournamentError(there, backup=backup)
        sha = hashlib.sha256(raw).hexdigest()
        try:
            entries = _entries(data, sha)
            _, t = files.day_text(target, b"", None, entries)  # every entry checked, the results too
            papers = [
                (paper_sheet(t, e["round"], e["table"], e["schrift"], e.get("money")), e["at"])
                for e in entries
                if e["kind"] == "result"
            ]
            kept = [e for e in entries if e["kind"] != "result"]
            kept += files.paper_entries(folder, t, papers, replace=False)
            text, t = files.day_text(target, b"", None, kept)
        except TarockError as exc:
            said = N_("this day of an earlier version cannot be converted; nothing was written")
            moved = [p.moved(f"{target}: {p.where}") for p in exc.problems]
            raise TournamentError([*moved, Problem.of(str(target), said)]) from None
        safe_io.atomic_write(backup, raw, TournamentError, safe_io.DAY)
        ledger_file.write_text(target, text, sha, safe_io.DAY)
    done = N_(
        "{path}: converted to the day's log ({entries}); the old file is kept as {backup}. Heads written down before are the old file's: the day's head is now {head}"
    )
    kinds = ", ".join(f"{count} {kind}" for kind, count in Counter(e.kind for e in t.log).items())
    return message(done, path=target, entries=kinds, backup=backup, head=t.head[:12])
