"""Files a command reads and writes: safe reads and atomic writes, what a TOML file plainly is, hand and profile files, output files (I/O layer)."""
