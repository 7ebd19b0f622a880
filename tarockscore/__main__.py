"""Entry point for ``python -m tarockscore`` (CLI layer)."""

from tarockscore.cli import main

main()
