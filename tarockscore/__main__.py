"""Entry point for ``python -m tarockscore`` (CLI layer)."""

from tarockscore.cli.start import main

main()
