"""The rules core: profiles, hands, legality and scoring. Pure: no files, no terminal.

Where each rule lives:

- ``profile``: the house-rule profile, its every number and switch, the tables of its keys;
  ``reader``: the typed reading of a TOML table, every problem at its key path (a profile, a
  hand, an entry of a ledger or a day).
- ``hand``: one hand as given and finished, its card points in thirds, what changed between two
  versions of it; ``parse``: reading and checking a hand's keys (its bets, card points, players).
- ``words``: the players' words: names as they spell them, text a user supplies, the names of
  contracts, bonuses and Kontra steps.
- ``legality``: what the rules allow (the King in the talon, conceding, the Hüttenfleck, contra
  ad personam, Kontra in Trischaken, which bonuses may be announced or doubled), asked by hand
  validation and by the guided entry alike.
- ``scoring``: one hand into lines and Victory Points, by kind of hand; it calls
  ``contract_line`` (the contract's value, the loss factor), ``kontra`` (the Kontra ladder, the
  Hüttenfleck, contra ad personam), ``bonuses``, ``valat`` (and what card points prove about
  tricks), ``called_king`` (the called King in the talon, the hand conceded), ``renonce``,
  ``trischaken`` (the round everybody passed) and ``settlement`` (Simplified Scoring or
  zero-sum, one bet at a time).
"""
