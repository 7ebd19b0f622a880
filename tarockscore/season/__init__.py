"""Many evenings folded together: standings and statistics (pure), and the Season a script uses."""
