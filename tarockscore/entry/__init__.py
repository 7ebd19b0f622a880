"""The guided entry of a hand, below every front end (entry layer: above the rules, below the
library face; it asks the rules, and neither prompts nor prints).

- ``question``: a question as a value (its key, its text, its choices in the profile's and the
  players' words, its default, whether it may be left empty) and the answer it takes;
- ``flow``: which questions a hand asks given the answers so far (:class:`~.flow.Flow`), and
  the summary's notes (the Trischaken fourth worked out);
- ``reading`` and ``words``: a typed answer read, the table's words for yes, no and back;
- ``hand``: the answers turned into the hand-file keys the ledger records, and a stored hand's
  keys back into answers (the defaults of ``enter --replace``);
- ``answers``: one question at a time, as a terminal asks them: ``back``, the numbered summary
  and a line of it reopened (:class:`~.answers.Entry`);
- ``form``: every answer at once, as a form sends them (:func:`~.form.next_question`,
  :func:`~.form.submit`).

Nothing is imported here, so that a yes-or-no question elsewhere loads only ``words``.
"""
