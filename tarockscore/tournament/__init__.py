"""Tournaments and cups: the draw, the formats, the day's and the season's standings (pure), the day's
folder (its store), and the Tournament a script uses."""
