"""Update the German catalogue: extract every marked message, merge, compile (development tool).

    .venv/bin/python scripts/i18n.py          # extract + merge into the .po, compile the .mo

Messages are found by reading the source (``_("...")``, ``N_("...")``, ``ngettext(...)``,
``counted(...)``) and by
building the command-line app (every help text and command docstring, as Typer hands them to
the help page). New entries arrive in the ``.po`` with an empty ``msgstr``: write the German and
run this again. Babel (``dev`` extra) merges and compiles; ``tests/test_i18n.py`` checks the
result with the standard library alone.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tarockscore"
PO = PACKAGE / "locale" / "de" / "LC_MESSAGES" / "tarockscore.po"
MO = PO.with_suffix(".mo")

HEADER = """\
# tarockscore in Austrian German, as players speak it at the table.
# English is the source language; each msgstr keeps every {placeholder} of its msgid.
# Updated and compiled by scripts/i18n.py; checked by tests/test_i18n.py."""
FIXED_DATE = datetime(2025, 1, 1, tzinfo=UTC)

# Calls whose first argument (and, for ngettext, second) is a message id.
SINGULAR = {"_", "N_", "gettext"}
PLURAL = {"ngettext", "counted"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def source_messages(root: Path = PACKAGE) -> Iterator[tuple[str, str | None, str]]:
    """(msgid, msgid_plural or None, where) for every marked message in the package's source.

    A marked call whose argument is not one string literal (an f-string, a concatenation, a
    variable) yields ``msgid = ""`` with its location, so a test can point at it.
    """
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = path.relative_to(root.parent).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name not in SINGULAR | PLURAL:
                continue
            count = 2 if name in PLURAL else 1
            args = node.args[:count]
            where = f"{rel}:{node.lineno}"
            if len(args) < count or not all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
            ):
                if isinstance(node.func, ast.Attribute) or rel == "tarockscore/i18n.py":
                    continue  # the machinery (i18n.gettext(text)) translates text marked elsewhere
                yield "", None, where
                continue
            values = [a.value for a in args if isinstance(a, ast.Constant)]
            yield str(values[0]), (str(values[1]) if count == 2 else None), where


def help_messages() -> Iterator[tuple[str, str]]:
    """(text, where) for every help text of the command line as Typer builds it."""
    from typer.main import get_command

    from tarockscore.cli.app import app

    def walk(command: Any, path: str) -> Iterator[tuple[str, str]]:
        for attr in ("help", "short_help", "epilog"):
            text = getattr(command, attr, None)
            if text:
                yield text, f"{path} ({attr})"
        for param in getattr(command, "params", ()):
            text = getattr(param, "help", None)
            if text:
                yield text, f"{path} {param.name}"
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, f"{path} {name}")

    yield from walk(get_command(app), "tarockscore")


def profile_messages(folder: Path = ROOT / "profiles") -> Iterator[tuple[str, str]]:
    """(text, where) for every citation a shipped profile shows a reader: its ``source``, each
    contract's and bonus's ``source`` and the ``[sources]`` of its numbers. The German is the
    catalogue's; a profile of a user's own shows its text as written."""
    import tomllib

    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as fh:
            document = tomllib.load(fh)
        rel = path.relative_to(ROOT).as_posix()
        if isinstance(document.get("source"), str):
            yield document["source"], f"{rel} source"
        for table in ("contracts", "bonuses"):
            for key, entry in document.get(table, {}).items():
                if isinstance(entry, dict) and isinstance(entry.get("source"), str):
                    yield entry["source"], f"{rel} {table}.{key}.source"
        for key, text in document.get("sources", {}).items():
            if isinstance(text, str):
                yield text, f"{rel} sources.{key}"


def main() -> int:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po, write_po

    template = Catalog(project="tarockscore", fuzzy=False, creation_date=FIXED_DATE)
    bad = []
    for msgid, plural, where in source_messages():
        if not msgid:
            bad.append(where)
            continue
        template.add((msgid, plural) if plural else msgid, locations=[(where.split(":")[0], None)])
    for text, where in help_messages():
        template.add(text, auto_comments=[where])
    for text, where in profile_messages():
        if text in template:
            template[text].auto_comments.append(where)
        else:
            template.add(text, auto_comments=[where])
    if bad:
        print("a marked message must be one string literal (named placeholders, no f-string):")
        print("\n".join(f"  {w}" for w in bad))
        return 1

    if PO.exists():
        with PO.open("rb") as fh:
            catalog = read_po(fh, locale="de")
    else:
        PO.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale="de", project="tarockscore", fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    # A fixed header: the file changes only where a message does, so branches merge cleanly.
    catalog.header_comment = HEADER
    catalog.version = ""
    catalog.msgid_bugs_address = ""
    catalog.last_translator = ""
    catalog.language_team = "Deutsch (Österreich)"
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    with PO.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    with PO.open("rb") as fh:
        catalog = read_po(fh, locale="de")
    with MO.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=False)
    missing = [
        m.id
        for m in catalog
        if m.id and (m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string))
    ]
    print(f"{PO.relative_to(ROOT)}: {len(catalog)} messages, {len(missing)} without German")
    for msgid in missing:
        print(f"  {msgid!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
