"""Unconscious Mind's cost and treatise look-ups (issue 39, item 4) say what the plain
definitions say, at every state of seeded random games: ``dial.payers`` lists the spaces
that fit a cost and hold an insight, cheapest first, and ``engine.publishable`` with a
choice of treatises (new: it reads the cards' colours once for all of them) lists those
``can_publish`` accepts one by one."""

from __future__ import annotations

from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious.components import ANY, MAJOR, MINOR, TREATISES
from tests.seeded import random_states


def test_payers_and_publishable_match_the_plain_definitions() -> None:
    published = 0
    for state in random_states("unconscious", 2, range(4)):
        for seat in range(2):
            d = state.dial[seat]
            for colour in (*range(dl.NC), ANY):
                for level in range(MINOR, MAJOR + 1):
                    assert dl.payers(d, colour, level) == [
                        (c, lv)
                        for lv in range(level, MAJOR + 1)
                        for c in range(dl.NC)
                        if dl.fits(c, lv, colour, level) and dl.count(d, c, lv)
                    ]
            every = en.publishable(state, seat)
            assert every == [t for t in range(len(TREATISES)) if en.can_publish(state, seat, t)]
            assert en.publishable(state, seat, every[::2]) == every[::2]
            published += len(every)
    assert published > 0
