"""The command line's words and notations (CLI layer): stakes and dates as the table writes them, options named for the core's fields, a file problem's way out."""
