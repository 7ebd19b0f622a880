"""The evening's ledger as immutable values: the table, the deal, Radl, edits, settle-up. Pure."""
