"""The guided entry at the terminal (CLI layer): the questions of ``tarockscore.entry`` prompted and read, line by line."""
