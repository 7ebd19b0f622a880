"""The rules core: card points, profiles, hands, legality and scoring. Pure: no files, no terminal.

Where each rule lives:

- ``cardpoints``: card points in thirds; ``reader``: typed reading of TOML tables.
- ``profile``: the house-rule profile, its every number and switch; ``profile_tables``: its
  tables as records, from one declaration of their keys.
- ``hand``: one finished hand (the model); ``hand_parser``: reading and checking a hand's keys.
- ``legality``: what the rules allow (the King in the talon, conceding, the Hüttenfleck, contra
  ad personam, Kontra in Trischaken, which bonuses may be announced or doubled), asked by hand
  validation and by the guided entry alike.
- ``scoring``: one hand into lines and Victory Points, by kind of hand; it calls
  ``contract_line`` (the contract's value, the loss factor), ``kontra`` (the Kontra ladder, the
  Hüttenfleck, contra ad personam), ``bonuses``, ``valat``, ``concession`` (the called King in
  the talon), ``renonce``, ``trischaken`` (the round everybody passed) and ``settlement``
  (Simplified Scoring or zero-sum, one bet at a time).
"""
