"""The house rules of the code itself: no import cycles, public APIs only, the front ends behind the face.

The layer contract (which folder may import which) is checked by import-linter in
``scripts/check`` from ``[tool.importlinter]`` in pyproject.toml; these tests check what it does not.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tarockscore"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every module this one imports at run time (inside functions too), with its line.

    Imports under ``if TYPE_CHECKING:`` are left out: they never run.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for child in node.body for n in ast.walk(child))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            yield base, node.lineno
            for alias in node.names:
                yield f"{base}.{alias.name}", node.lineno


MODULES = _modules()


# The one module that reaches past Typer's public API; its docstring lists what and why, and
# tests/test_typer_glue.py fails when one of those is gone.
TYPER_GLUE = "tarockscore.cli.app"


def test_only_public_apis_of_other_packages() -> None:
    private = [
        f"{MODULES[name].relative_to(PACKAGE.parent)}:{line}: {target}"
        for name in MODULES
        if name != TYPER_GLUE
        for target, line in _imports(name, MODULES[name])
        if not target.startswith("tarockscore")
        and any(part.startswith("_") and not part.startswith("__") for part in target.split("."))
    ]
    assert private == []


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        imports = list(_imports(name, path))
        for target, line in imports:
            # `from tarockscore import i18n` imports the submodule: its package runs first, as the
            # parent of every module, and the edge is the submodule's
            sub = any(
                other.startswith(target + ".") and other in MODULES for other, at in imports if at == line
            )
            if target in MODULES and target != name and not sub:
                graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle a depth-first walk meets, as the path that closes it."""
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return cycles


def test_no_import_cycles() -> None:
    assert _cycles(_graph()) == []


def test_the_cycle_check_can_fail() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


# -- the front ends reach only the library's face -----------------------------------------------

FRONT_ENDS = ("tarockscore.cli", "tarockscore.web")
# What a front end may import from the package: the face (``tarockscore``), the rendering room,
# the messages and the errors, and its own modules.
BEHIND_THE_FACE = (
    "tarockscore.rules",
    "tarockscore.evening",
    "tarockscore.io",
    "tarockscore.entry",
    "tarockscore.season",
    "tarockscore.tournament",
)


def _reaching_behind(modules: dict[str, Path]) -> list[str]:
    return [
        f"{name}:{line}: {target}"
        for name, path in modules.items()
        if name.startswith(FRONT_ENDS)
        for target, line in _imports(name, path)
        if any(target == inner or target.startswith(inner + ".") for inner in BEHIND_THE_FACE)
    ]


def test_front_ends_import_only_the_face() -> None:
    assert _reaching_behind(MODULES) == []


def test_the_face_check_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "reach.py"
    module.write_text("from tarockscore.evening import operations\nimport tarockscore\n", encoding="utf-8")
    assert _reaching_behind({"tarockscore.cli.reach": module}) == [
        "tarockscore.cli.reach:1: tarockscore.evening",
        "tarockscore.cli.reach:1: tarockscore.evening.operations",
    ]


def test_the_import_contracts_are_kept() -> None:
    """pyproject's [tool.importlinter] contracts (the layers, the pure core, the face), as scripts/check runs them."""
    lint = pytest.importorskip("importlinter.cli")
    assert lint.lint_imports(no_cache=True) == 0


def test_the_command_line_starts_without_the_web_stack_or_the_network() -> None:
    # the phones' stack is imported by `serve` alone (the product's card); the network and tar by
    # the fetch of `app build` alone: every other command starts without them
    import subprocess
    import sys

    heavy = ("starlette", "uvicorn", "segno", "ssl", "urllib.request", "http.client", "tarfile")
    code = f"import sys, tarockscore.cli.app; print([m for m in {heavy!r} if m in sys.modules])"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"
