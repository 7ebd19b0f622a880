"""Many evenings folded together: standings and statistics. Pure."""
