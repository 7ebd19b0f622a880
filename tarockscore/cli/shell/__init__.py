"""The Typer glue (CLI layer): the app and its lazy command table, the command group, help pages, usage errors, shared options, what reaches the terminal."""
