"""Entry point for ``python -m tarockscore`` (CLI layer)."""

from tarockscore.cli.shell.app import main

main()
