"""Run a tarockscore command with one proposed fix applied from outside (benchmarks only).

Usage: ``python benchmarks/whatif.py MODE COMMAND ARGS...``, MODE one of:

- ``no-teardown``: flush stdout and stderr, then ``os._exit`` instead of letting the interpreter
  tear down every module (what ``main()`` could do once the command has finished);
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
    from tarockscore.cli.app import main as cli_main

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
