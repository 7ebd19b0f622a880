"""The rules core: card points, profiles, hands, legality and scoring. Pure: no files, no terminal."""
