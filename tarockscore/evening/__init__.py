"""The evening: its ledger as immutable values, the one log format, the store that appends to it, and the Evening a script or a front end uses."""
