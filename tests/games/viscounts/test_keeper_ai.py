"""Keeper of Keys with the heuristic bot (issue 36, item 6): what it knows of chest
tiles, heroes and public buildings (listed in docs/games/viscounts-rule-coverage.md,
"Keeper of Keys: bots").
"""

from __future__ import annotations

import pytest

from meeple.games.viscounts.actions import Choose, TakeChest
from meeple.games.viscounts.bots import HeuristicBot, evaluate
from meeple.games.viscounts.components import CHESTS, ICONS, PUBLIC
from meeple.games.viscounts.effects import ENGINE
from tests.games.viscounts.builders import keeper_turn


def _tile(needs: str, gain: str) -> int:
    for i, t in enumerate(CHESTS):
        if ICONS[t.needs] == needs and t.gain and t.gain[0][1] == gain:
            return i
    raise KeyError(needs)


@pytest.mark.parametrize("seed", range(6))
def test_the_bot_puts_a_chest_tile_where_a_card_on_its_board_sets_it_off_next_turn(
    seed: int,
) -> None:
    """Its board's left card (two merchants) shifts into the second space next turn: the
    tile for two merchants (a gold) goes into the second slot; tiles nothing it holds
    fits are left. Before, every tile and empty slot was worth the same (2 points)."""
    gold = _tile("merchant", "gold")
    s, me = keeper_turn(2, board=["Lender"], hand=["Abbot"])
    s.deck[me], s.discard[me] = [], []
    s.chest_slots[me] = [-1, -1, -1]
    s.chests_up = [_tile("criminal", "ink"), _tile("criminal", "stone"), gold]
    ENGINE.run(s, me, (("chest",),), "test")
    bot = HeuristicBot(s.game, me, seed=seed)
    assert bot.choose(s) == TakeChest(2, 1)


@pytest.mark.parametrize("seed", range(6))
def test_the_bot_looks_through_which_hero_so_a_hero_beats_a_silver(seed: int) -> None:
    """A choice of a hero or a silver: the hero to gain is its own next decision, looked
    through (before, the state with the hero still to pick looked like nothing gained,
    and the silver won)."""
    s, me = keeper_turn(2)
    ENGINE.run(s, me, (("choose", (("gain_hero",),), (("gain", "silver", 1),)),), "test")
    bot = HeuristicBot(s.game, me, seed=seed)
    assert bot.choose(s) == Choose(0)


def test_a_public_buildings_ongoing_ability_is_worth_more_than_its_points() -> None:
    """Holding the public guildhall (a permanent criminal icon) is worth more than its
    15 points alone."""
    s, me = keeper_turn(2)
    before = evaluate(s, me)
    s.public_owner[2] = me
    points = sum(s.score_parts(me).values())
    s.public_owner[2] = -1
    points -= sum(s.score_parts(me).values())
    s.public_owner[2] = me
    assert points == 15 and PUBLIC[2] >= 0
    assert evaluate(s, me) - before > points
