"""The penguin game's task table, built explicitly: every decision kind (which
actions answer it, what an answer does) and every automatic step, by the module
that holds its rule. The forward model (rules.py) runs the task queue with it."""

from __future__ import annotations

from meeple.games.penguins import cards, flow, setup
from meeple.games.penguins.tasks import AutoFn, Decision
from meeple.games.penguins.view import PENDING_KINDS

#: kind -> the decision a seat takes for it
DECISIONS: dict[str, Decision] = {
    "scene": Decision(setup._scene_legal, setup._scene_apply),
    "freeset": Decision(setup._freeset_legal, setup._freeset_apply),
    "freeplace": Decision(setup._freeplace_legal, setup._freeplace_apply),
    "keep": Decision(setup._keep_legal, setup._keep_apply),
    "rival": Decision(setup._rival_egg_legal, setup._rival_egg_apply),
    "peek": Decision(flow._peek_legal, flow._peek_apply),
    "peek_return": Decision(flow._peek_return_legal, flow._peek_return_apply),
    "discard": Decision(flow._discard_legal, flow._discard_apply),
    "hole": Decision(flow._hole_legal, flow._hole_apply),
    "storm": Decision(flow._storm_legal, flow._storm_apply),
    "order": Decision(flow._order_legal, flow._order_apply),
    "seagull": Decision(flow._seagull_legal, flow._seagull_apply),
    "krill": Decision(flow._krill_legal, flow._krill_apply),
    "river_first": Decision(flow._river_first_legal, flow._river_first_apply),
    "river_branch": Decision(flow._river_branch_legal, flow._river_branch_apply),
    "blaze": Decision(flow._blaze_legal, flow._blaze_apply),
    "cancel": Decision(cards._cancel_legal, cards._cancel_apply),
    "c_point": Decision(cards._point_legal, cards._point_apply),
    "c_to": Decision(cards._to_legal, cards._to_apply),
    "c_rival": Decision(cards._rival_legal, cards._rival_apply),
    "c_triangle": Decision(cards._triangle_legal, cards._triangle_apply),
    "tailwind": Decision(cards._tailwind_legal, cards._tailwind_apply),
    "hide": Decision(cards._hide_legal, cards._hide_apply),
    "guess": Decision(cards._guess_legal, cards._guess_apply),
    "c_place": Decision(cards._place_legal, cards._place_apply),
}

#: kind -> the automatic step that runs it
AUTO: dict[str, AutoFn] = {
    "use_scene": setup._use_scene,
    "free_deck": setup._free_deck,
    "deal": setup._deal,
    "shuffle": setup._shuffle,
    "start": setup._start,
    "main_done": flow._main_done,
    "hand_limit": flow._hand_limit,
    "slide": flow._slide,
    "lay": flow._lay,
    "effects": flow._effects,
    "t_seagull": flow._seagull,
    "t_tent": flow._tent,
    "t_krill": flow._krill,
    "t_river": flow._river_start,
    "river": flow._river,
    "end_turn": flow._end_turn,
    "next_turn": flow._next_turn,
    "card": cards._card,
}

assert set(DECISIONS) <= set(PENDING_KINDS), "a decision kind is missing from PENDING_KINDS"
