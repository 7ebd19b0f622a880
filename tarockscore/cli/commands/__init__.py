"""The commands (CLI layer): one module per command group, each options → one library call → a view printed."""
