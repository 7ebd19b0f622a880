"""Run a tarockscore command with one proposed fix applied from outside (benchmarks only).

Usage: ``python benchmarks/whatif.py MODE COMMAND ARGS...``, MODE one of:

- ``no-teardown``: flush stdout and stderr, then ``os._exit`` instead of letting the interpreter
  tear down every module (what ``main()`` could do once the command has finished);
- ``one-command``: build a Typer app with only the invoked command, so that Typer does not turn
  every command into a Click command on every run (what the console script now does itself);
- ``no-gc``: switch the cyclic garbage collector off, so that reading a season does not scan
  every object already read again and again (what ``gc.freeze()`` after each ledger would do).

None of this is the shipped program: it shows what each fix is worth before the code changes.
"""

import gc
import os
import sys


def main() -> None:
    mode, args = sys.argv[1], sys.argv[2:]
    sys.argv = ["tarockscore", *args]
    if mode == "no-gc":
        gc.disable()
    if mode == "one-command":
        import importlib

        from tarockscore.cli.shell.app import COMMANDS
        from tarockscore.cli.shell.group import new_app

        app = new_app(pretty_exceptions_enable=False, add_completion=False)
        # only the module that holds the command, as the console script imports it
        module = importlib.import_module(COMMANDS[args[0]])
        app.command()(getattr(module, args[0]))
        app.command("other", hidden=True)(lambda: None)  # keep it a group: the command name stays an argument
        app()
        return
    from tarockscore.cli.shell.app import main as cli_main

    if mode != "no-teardown":
        cli_main()
        return
    try:
        cli_main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()
