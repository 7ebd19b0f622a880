"""Tournaments and cups (core layer, pure): the draw, the formats, the day's and the season's standings."""
