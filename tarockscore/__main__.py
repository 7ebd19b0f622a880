"""Entry point for ``python -m tarockscore`` (CLI layer)."""

from tarockscore.cli.app import main

main()
