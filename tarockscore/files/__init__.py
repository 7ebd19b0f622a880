"""Everything that touches the file system: hand, profile and ledger files, atomic writes, locks."""
