"""Unconscious Mind's retail-edition options (issue 21, item 11): at most 2 ideas a
placement, a location used up to 5 times, treating as a turn of its own, the retail end
scoring. The Kickstarter rules stay the default.
"""

from __future__ import annotations

import pytest

from meeple.core.errors import OptionError
from meeple.games.unconscious import Unconscious
from meeple.games.unconscious import engine as en
from meeple.games.unconscious.actions import DONE, RECALL, PlaceIdeas, Recall, Treat
from meeple.games.unconscious.components import ELEVATE, RED, RESEARCH, ZONE_VP
from meeple.games.unconscious.rules import UnconsciousState
from meeple.games.unconscious.state import FOLLOW, OVER
from tests.games.unconscious.builders import (
    at_phase,
    fill_dial,
    freud_at,
    ideas_on,
    legal,
    play,
    ready,
    with_counts,
)


def placements(s: UnconsciousState) -> list[PlaceIdeas]:
    return [a for a in legal(s) if isinstance(a, PlaceIdeas)]


def test_two_ideas_at_most_in_one_placement_bright_ideas_included() -> None:
    ks, retail = ready(), ready(ideas=2)
    for s in (ks, retail):
        with_counts(s, 0, bright=1)
    assert max(a.ideas + a.bright for a in placements(ks)) == 3
    assert max(a.ideas + a.bright for a in placements(retail)) == 2
    assert any(a.ideas == 1 and a.bright == 1 for a in placements(retail))


def test_a_location_used_up_to_five_times() -> None:
    for cap, s in ((4, ready()), (5, ready(location_uses=5))):
        loc = s.professor[0]
        freud_at(s, loc)
        s.played[0] = [r.index for r in RESEARCH if r.tag == loc][:2]
        s.goals_held[0] = []
        s.cured[0] = []
        s.treatises[0] = []
        # professor, Freud, two cards: four; one more card makes five
        s.played[0].append(
            next(r.index for r in RESEARCH if r.tag == loc and r.index not in s.played[0])
        )
        assert s.matching_tags(0, loc) == 5 and en.location_uses(s, 0, loc) == cap


def test_treating_is_a_turn_of_its_own() -> None:
    s = ready(treat_turn=True)
    fill_dial(s, 0, (RED, 1), (RED, 1), (RED, 3))
    opening = legal(s)
    assert Treat(0, 0) in opening and placements(s)
    play(s, Treat(0, 0))
    while s.decisions:
        play(s, legal(s)[0])
    after = legal(s)
    assert not [a for a in after if isinstance(a, (PlaceIdeas, Recall))]  # no action now
    assert DONE in after
    play(s, DONE)
    assert s.current_seat() == 1


def test_with_treat_turns_a_placement_is_followed_by_the_inkpot_only() -> None:
    s = ready(treat_turn=True)
    fill_dial(s, 0, (RED, 1))
    ink = s.inkpot[0]
    play(s, next(a for a in placements(s) if a.action == ELEVATE and not a.bright))
    assert s.inkpot[0] != ink  # moved without being asked
    while s.current_seat() == 0:
        assert not [a for a in legal(s) if isinstance(a, Treat)]
        play(s, legal(s)[0])


def test_with_treat_turns_a_recall_is_followed_by_the_recall_bonus_only() -> None:
    s = ready(treat_turn=True)
    ideas_on(s, 0, seat=0, action=0, ideas=1)
    play(s, RECALL)
    assert s.decisions[-1].kind == "recall_bonus"
    assert not [a for a in legal(s) if isinstance(a, Treat)]
    # no token left in the professor's district: the turn ends at once
    t = ready(treat_turn=True)
    t.tokens = [[0, 0, 0] for _ in t.tokens]
    t.space_seat[0], t.space_action[0], t.space_ideas[0] = 0, 0, 1
    play(t, RECALL)
    assert t.current_seat() == 1


def test_the_kickstarter_turn_still_offers_treating_after_a_placement() -> None:
    s = ready()
    assert not [a for a in legal(s) if isinstance(a, Treat)]
    fill_dial(s, 0, (RED, 1))
    play(s, next(a for a in placements(s) if a.action == ELEVATE and not a.bright))
    assert s.step == FOLLOW and len(legal(s)) >= 2  # the inkpot or treating


def test_retail_end_scoring_adds_the_trigger_the_track_districts_and_rows() -> None:
    s = ready(3, retail_scoring=True)
    s.freud_rep = 9
    en._rep(s, 1, 1)  # seat 1's reputation brings Freud to the end
    assert s.end_trigger == 1
    s.district_slot[0][0], s.district_slot[2][1] = 0, 0  # seat 0 in two districts
    s.notebook[2] = [1, 2, 3, 4, 5, 6, -1, -1, -1]  # seat 2: two full rows
    s.rep = [4, 1, 0]
    at_phase(s, OVER)
    b = [s.retail_breakdown(p) for p in range(3)]
    assert [x["trigger"] for x in b] == [0, 3, 0]
    assert [x["track"] for x in b] == [ZONE_VP[4], ZONE_VP[1], ZONE_VP[0]]
    assert [x["districts"] for x in b] == [10, 0, 0]
    assert b[2]["rows"] == 5
    assert s.scores()[1] == s.vp[1] + sum(s.final_breakdown(1).values())
    assert "trigger" in s.final_breakdown(1)
    assert "trigger" not in ready().final_breakdown(0)  # the Kickstarter scoring


def test_the_solo_clock_triggers_no_seats_bonus() -> None:
    s = ready(1, retail_scoring=True)
    s.freud_rep = 9
    en.advance_freud(s)
    assert s.rounds_left >= 0 and s.end_trigger == -1


def test_an_option_value_outside_the_choices_is_refused() -> None:
    with pytest.raises(OptionError, match="ideas"):
        Unconscious(players=2, ideas=4)
    with pytest.raises(OptionError, match="location_uses"):
        Unconscious(players=2, location_uses=6)
