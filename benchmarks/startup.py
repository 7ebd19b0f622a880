"""Where one command's time goes after the interpreter has started, in one process.

Usage: ``python benchmarks/startup.py MODULES -- ARGS...``: times the floor's imports, the import
of ``tarockscore.cli.app`` (every command registered), Typer turning the app into a Click
command (as ``main()`` does), the import of MODULES (the core modules the command imports in its
body), and the command itself with those imports already done. Prints one JSON object (seconds).
The interpreter's teardown is not part of any step.
Runs on a copy of any ledger given: the caller passes a scratch file.
"""

import contextlib
import io
import json
import sys
import time

T = time.perf_counter


def main() -> None:
    split = sys.argv.index("--")
    modules, args = sys.argv[1:split], sys.argv[split + 1 :]
    out: dict[str, float] = {}
    t = T()
    import tomllib  # noqa: F401

    import tabulate  # noqa: F401
    import tomli_w  # noqa: F401
    import typer.main  # noqa: TID251 - measuring the CLI's start-up needs Typer itself

    out["floor imports (typer, tabulate, tomli_w, tomllib)"] = T() - t
    t = T()
    from tarockscore.cli import app as cli

    out["import tarockscore.cli.app (all commands registered)"] = T() - t
    t = T()
    command = typer.main.get_command(cli.app)
    out["Typer builds the invoked command"] = T() - t
    t = T()
    for m in modules:
        __import__(m)
    out["import the core modules the command uses"] = T() - t
    t = T()
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            command.main(args, prog_name="tarockscore", standalone_mode=False)
        except SystemExit as exc:  # pragma: no cover - a failing command is a benchmark bug
            raise RuntimeError(f"command failed: {exc}") from None
    out["the command's own work"] = T() - t
    print(json.dumps(out))


if __name__ == "__main__":
    main()
