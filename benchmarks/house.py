"""The house's size: the package's lines and modules, and the modules one `record` runs code in.

Usage: ``python benchmarks/house.py [HAND_FILE]`` from the repository root (default: the shipped
``examples/koenigrufen-call.toml``). Lines are physical lines of ``tarockscore/**/*.py``, split into
code, docstrings, comments and blank lines; a module is one ``.py`` file. The modules a record
touches are those in which a function runs while ``tarockscore record`` adds the hand to a new
four-player evening (``sys.setprofile``, in this one process, after the command line is imported);
modules whose only code run is their import are not counted. Prints one JSON object.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tarockscore"


def line_kinds(source: str) -> dict[str, int]:
    """A module's physical lines as code, docstring, comment or blank."""
    lines = source.splitlines()
    kinds = ["blank" if not t.strip() else "comment" if t.strip().startswith("#") else "code" for t in lines]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if isinstance(first.value.value, str):
                    for i in range(first.lineno - 1, first.end_lineno or first.lineno):
                        kinds[i] = "docstring"
    return {kind: kinds.count(kind) for kind in ("code", "docstring", "comment", "blank")}


def size() -> dict[str, Any]:
    modules = sorted(PACKAGE.rglob("*.py"))
    totals = {"code": 0, "docstring": 0, "comment": 0, "blank": 0}
    for path in modules:
        for kind, n in line_kinds(path.read_text(encoding="utf-8")).items():
            totals[kind] += n
    return {"modules": len(modules), "lines": sum(totals.values()), **totals}


def touched_by_record(hand_file: Path) -> list[str]:
    """The package modules in which a function runs during one ``record`` into a new evening."""
    import tarockscore.cli.app as cli

    seen: set[str] = set()
    package = str(PACKAGE) + os.sep

    def note(frame: Any, event: str, _arg: Any) -> None:
        name = frame.f_code.co_filename
        if event == "call" and name.startswith(package) and frame.f_code.co_name != "<module>":
            seen.add(name[len(package) :])

    with tempfile.TemporaryDirectory() as work:
        ledger = str(Path(work) / "evening.toml")
        for argv, profiled in (
            (["new", "-p", "Anna,Bert,Cilli,Dani", "-l", ledger], False),
            (["record", "-l", ledger, str(hand_file)], True),
        ):
            sys.argv = ["tarockscore", *argv]
            stdout = sys.stdout
            sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - closed below
            if profiled:
                sys.setprofile(note)
            try:
                cli.main()
            except SystemExit as done:
                if done.code not in (0, None):
                    raise SystemExit(f"tarockscore {' '.join(argv)} failed: exit {done.code}") from None
            finally:
                sys.setprofile(None)
                sys.stdout.close()
                sys.stdout = stdout
    return sorted(seen)


def main() -> None:
    hand = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples" / "koenigrufen-call.toml"
    figures = size()
    touched = touched_by_record(hand.resolve())
    figures |= {"record_touches": len(touched), "record_modules": touched}
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
