"""ICE: the legal actions' fast board reads say what the rules' plain definitions say.

``rules._turn_actions`` finds camp spots and steps without calling ``visible`` and
``is_fault`` per tile (issue 39, item 4: legal actions were ICE's dearest operation
in search). At every state of seeded random games, the camp spots it offers are the
visible non-edifice tiles at least the camp spacing from every camp, and the steps
and pulls are the visible, fault-free near tiles, exactly as the state's own methods
define them, in the same order.
"""

from __future__ import annotations

from meeple.core.playout import random_step
from meeple.core.registry import make_game
from meeple.core.rng import Rng
from meeple.games.ice.actions import SetUpCamp
from meeple.games.ice.components import DISTANCE, EDIFICE, LAYER_OF, NEAR, NP, RULES
from tests.seeded import random_states


def plain_camp_spots(state) -> list[int]:
    camps = [q for q in range(NP) if state.camp[q]]
    spacing = int(RULES["camp_spacing"])
    return [
        p
        for p in range(NP)
        if LAYER_OF[p] != EDIFICE
        and all(DISTANCE[p][q] >= spacing for q in camps)
        and state.visible(p)
    ]


def plain_open_near(state, at: int) -> list[int]:
    if state.is_fault(at):
        return []
    return [p for p in NEAR[at] if state.visible(p) and not state.is_fault(p)]


def test_camp_spots_steps_and_pulls_match_the_plain_definitions() -> None:
    checked_camps = checked_steps = 0
    for state in random_states("ice", 3, range(6)):
        if state.is_chance():
            continue
        for seat in state.turn().seats:
            offered = [a.tile for a in state.legal_actions(seat) if isinstance(a, SetUpCamp)]
            if offered:
                assert offered == plain_camp_spots(state)
                checked_camps += 1
            at = state.leader[seat]
            if at >= 0:
                assert state.step_targets(at) == plain_open_near(state, at)
                assert state.pull_sources(at) == [
                    p for p in plain_open_near(state, at) if state.arch[p]
                ]
                checked_steps += 1
    assert checked_camps > 50 and checked_steps > 500


def test_a_view_with_dig_previews_copies_no_state(monkeypatch) -> None:
    """The dig previews' children are the board after each dig (``preview.Dug``), read
    from the state itself: a view makes no copy of the state (on main it made a
    determinization and one clone per previewed tile, some 50, and cost 1.1-1.4 ms)."""
    game = make_game("ice", players=2)
    state = game.new_initial_state(3)
    rng = Rng(3)
    while not (state.view(state.current).get("digs")):
        random_step(state, rng, checked=False)
    cls = type(state)
    copies = []
    real_clone = cls.clone

    def counting_clone(self):  # type: ignore[no-untyped-def]
        copies.append(1)
        return real_clone(self)

    monkeypatch.setattr(cls, "clone", counting_clone)
    view = state.view(state.current)
    assert len(view["digs"]) > 10
    assert copies == []
