"""The method tile market: two rows that flow like a river, left to right.

Each row has a face-down stack (the left space), a middle and a right space
(tile numbers, -1 when empty). Taking the middle tile refills the middle
from the stack, face up; taking the right tile slides the middle one right
and refills the middle. An empty stack refills nothing more in its row, not
even by the slide: the seed calls the slide a refill too (「最右側的空位先以中央
的板塊補充」) and says an exhausted stack's row refills no other space
(「也不會再補充該市場列的其他空位」), so a right tile taken then leaves the
right space empty and the middle tile where it is. When era II
begins the era I tiles left anywhere in the market leave the game and the
empty spaces are filled again, as at setup. Stacks keep their top at the end.
"""

from __future__ import annotations

from meeple.core.rng import Rng
from meeple.games.unconscious.components import ERA1_KEPT, ERA1_TILES, ERA2_TILES, TILES

EMPTY = -1
ROWS = 2


class MarketError(ValueError):
    """A take the market does not allow (nothing was changed)."""


def new_market(players: int, rng: Rng) -> tuple[list[list[int]], list[int], list[int]]:
    """The seed's setup: era II shuffled and halved, the kept era I tiles on top,
    two tiles of each stack turned up into the middle and right spaces."""
    era2 = list(ERA2_TILES)
    rng.shuffle(era2)
    era1 = list(ERA1_TILES)
    rng.shuffle(era1)
    era1 = era1[: ERA1_KEPT[players - 1]]
    half2, half1 = len(era2) // 2, len(era1) // 2
    stacks = [era2[:half2] + era1[:half1], era2[half2:] + era1[half1:]]
    right = [stacks[r].pop() for r in range(ROWS)]
    middle = [stacks[r].pop() for r in range(ROWS)]
    return stacks, middle, right


def _draw(stack: list[int]) -> int:
    return stack.pop() if stack else EMPTY


def take_stack(stacks: list[list[int]], row: int) -> int:
    if not stacks[row]:
        raise MarketError(f"market row {row + 1}'s stack is empty")
    return stacks[row].pop()


def take_middle(stacks: list[list[int]], middle: list[int], row: int) -> int:
    tile = middle[row]
    if tile == EMPTY:
        raise MarketError(f"market row {row + 1} has no middle tile")
    middle[row] = _draw(stacks[row])
    return tile


def take_right(stacks: list[list[int]], middle: list[int], right: list[int], row: int) -> int:
    tile = right[row]
    if tile == EMPTY:
        raise MarketError(f"market row {row + 1} has no right tile")
    if not stacks[row]:  # an exhausted stack's row refills nothing: no slide either
        right[row] = EMPTY
        return tile
    right[row] = middle[row]
    middle[row] = _draw(stacks[row]) if middle[row] != EMPTY else EMPTY
    return tile


def begin_era2(stacks: list[list[int]], middle: list[int], right: list[int]) -> None:
    """Era I tiles leave the stacks and the market; the empty spaces are refilled."""
    for row in range(ROWS):
        stacks[row][:] = [t for t in stacks[row] if TILES[t].era != 1]
        if middle[row] != EMPTY and TILES[middle[row]].era == 1:
            middle[row] = EMPTY
        if right[row] != EMPTY and TILES[right[row]].era == 1:
            right[row] = EMPTY
        if right[row] == EMPTY:
            right[row] = middle[row] if middle[row] != EMPTY else _draw(stacks[row])
            middle[row] = EMPTY
        if middle[row] == EMPTY:
            middle[row] = _draw(stacks[row])
