"""A round's own profile: a house-rule file that extends a shipped one, its mistakes refused once and
by the key the table wrote, and its numbers explained as the table disputes them."""

from __future__ import annotations

import pytest

from tarockscore.errors import ProfileError
from tarockscore.io.inputs import load_profile


def test_a_ceiling_that_is_not_a_word_is_refused_once_as_written() -> None:
    # kontra.ceiling names a step of the ladder ("rekontra"); a number is refused for what it is,
    # not a second time as an empty name the table never wrote
    with pytest.raises(ProfileError) as refused:
        load_profile("koenigrufen", {"kontra": {"ceiling": 3}})
    (problem,) = refused.value.problems
    assert "kontra.ceiling: 3 is an integer; expected a string" in problem.render()
