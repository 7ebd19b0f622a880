"""Entry point for ``python -m tarockscore`` (CLI layer)."""

from tarockscore.cli.shell.start import main

main()
