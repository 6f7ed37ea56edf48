"""The fast legal-action paths against plain reference computations.

Legal actions are the penguin game's hot path (every step of a playout or a
search lists them), so the code there uses precomputed tables, shared action
objects, inlined piece tests and early exits. This module recomputes the same
answers the plain way, straight from the rules (scan the neighbours, test
every piece, build every list), and checks that both agree on many states:
the states of random games on every scene, in both player counts, and
scrambled boards with random terrain, where rarer combinations (a penguin
beside a nest and a hole, eggs beside freezing and radiation) are common.
"""

from __future__ import annotations

import random

import pytest

from meeple.core.actions import Action
from meeple.core.playout import random_step
from meeple.core.rng import Rng
from meeple.games.penguins import Penguins, PenguinState
from meeple.games.penguins.actions import (
    EMPEROR_MOVES,
    EXPLORES,
    HATCHES,
    LANDS,
    PICKS,
    PLAYS,
    SEAL_MOVES,
    Explore,
    Hatch,
    Land,
    MoveEmperor,
    MoveSeal,
    Pick,
    Play,
)
from meeple.games.penguins.cards import _avalanche_triangles, _nest_triangles, _penguins
from meeple.games.penguins.components import (
    ASSISTANT,
    BARRIERS,
    EGG,
    EMPTY,
    FREEZING,
    HOLE,
    RADIATION,
    SEAWEED,
    STAR,
    STORM,
    TERRAINS,
    Layout,
    components,
    is_barrier,
    is_egg,
    is_penguin,
    side_of,
)
from meeple.games.penguins.flow import (
    can_explore,
    explore_actions,
    has_main_action,
    hatchable_eggs,
    own_penguins,
)
from meeple.games.penguins.geometry import ALL_MOVES, CIRCLE_CW, DIRECTIONS, Lattice
from meeple.games.penguins.rules import phase_actions
from meeple.games.penguins.slide import HoleQuestion, SlideResult, nest_ring, simulate

# ---------------------------------------------------------------- the plain way


def beside(layout: Layout, grid: Lattice, kind: int, p: int) -> bool:
    return any(layout.terrain[q] == kind for q in grid.adjacent[p])


def plain_hatchable(s: PenguinState, seat: int) -> list[int]:
    side = s.side(seat)
    if s.next_penguin(side) is None:
        return []
    out = []
    for p, v in enumerate(s.board):
        if not is_egg(v) or beside(s.layout, s.grid, FREEZING, p):
            continue
        if (side_of(v) == side) != beside(s.layout, s.grid, RADIATION, p):
            out.append(p)
    return out


def plain_penguins(board: list[int], side: int) -> list[int]:
    return [p for p, v in enumerate(board) if is_penguin(v) and side_of(v) == side]


def plain_slide(
    board: list[int], layout: Layout, grid: Lattice, start: int, move: int, choices: list[int]
) -> SlideResult | HoleQuestion | None:
    """The slide rule step by step (see slide.py's module docstring)."""
    side = side_of(board[start])
    ring: list[int | None] = []
    if move >= 6:
        found = nest_ring(board, grid, start)
        if found is None:
            return None
        ring = found if move == CIRCLE_CW else [found[0], *reversed(found[1:])]
    pos, k, path, visited = start, 0, [start], {start}
    removed: list[int] = []
    used: set[int] = set()
    jump: int | None = None
    while True:
        if jump is not None:
            nxt: int | None = jump
            jump = None
        elif ring:
            k += 1
            nxt = ring[k] if k < len(ring) else None
        else:
            nxt = grid.step(pos, move)[0]
        if nxt is None:
            break
        if nxt in visited:
            return None
        v = board[nxt]
        if is_barrier(v):
            break
        if v == EGG[side]:
            if len(path) < 2:
                return None
            frozen = nxt if beside(layout, grid, FREEZING, nxt) else None
            return SlideResult(path, removed, frozen_hit=frozen)
        if is_penguin(v):
            if side_of(v) == side:
                break
            return None
        if is_egg(v):
            removed.append(nxt)
        pos = nxt
        visited.add(pos)
        path.append(pos)
        t = layout.terrain[pos]
        if t == STORM:
            return SlideResult(path, removed, storm=True)
        if t == SEAWEED:
            return SlideResult(path, removed, seaweed=True)
        if t == HOLE and not ring and pos not in used:
            used.add(pos)
            targets = [h for h in layout.points(HOLE) if h not in used and h != pos]
            if not targets:
                continue
            if not choices:
                return HoleQuestion(pos, targets, path, removed)
            choice, choices = choices[0], choices[1:]
            if choice >= 0:
                used.add(choice)
                jump = choice
    return SlideResult(path, removed) if len(path) >= 2 else None


def plain_legal_slide(s: PenguinState, p: int, m: int, choices: list[int]) -> bool:
    out = plain_slide(s.board, s.layout, s.grid, p, m, choices)
    if isinstance(out, HoleQuestion):
        return any(plain_legal_slide(s, p, m, [*choices, c]) for c in (-1, *out.targets))
    return out is not None


def plain_explores(s: PenguinState, seat: int) -> list[Action]:
    out: list[Action] = []
    for p in plain_penguins(s.board, s.side(seat)):
        moves = DIRECTIONS if nest_ring(s.board, s.grid, p) is None else ALL_MOVES
        out += [Explore(p, m) for m in moves if plain_legal_slide(s, p, m, [])]
    return out


def plain_main_actions(s: PenguinState, seat: int) -> list[Action]:
    out: list[Action] = []
    if s.unused_eggs(s.side(seat)) > 0:
        out += [Land(p) for p, v in enumerate(s.board) if v == EMPTY]
    if not s.card_used:
        out += [Hatch(p) for p in plain_hatchable(s, seat)]
    return out + plain_explores(s, seat)


def plain_triangles(s: PenguinState, want_egg: bool) -> list[int]:
    out = []
    for t in range(s.grid.triangle_count):
        corners = s.grid.triangle(t)
        if corners is None:
            continue
        values = [s.board[p] for p in corners]
        if any(is_egg(v) for v in values) if want_egg else EMPTY in values:
            out.append(t)
    return out


# ---------------------------------------------------------------- agreement


def check_agrees(s: PenguinState) -> None:
    """Every fast answer about ``s`` equals the plain one, for every seat."""
    g, lay, b = s.grid, s.layout, s.board
    for kind in (FREEZING, RADIATION, HOLE):
        assert list(lay.beside(g, kind)) == [beside(lay, g, kind, p) for p in range(g.size)]
    for side in (0, 1):
        assert own_penguins(s, side) == _penguins(s, side) == plain_penguins(b, side)
        for p in plain_penguins(b, side):  # every slide of every penguin, either side
            for m in ALL_MOVES:
                todo: list[list[int]] = [[]]
                while todo:  # and every answer to the hole questions on the way
                    choices = todo.pop()
                    fast = simulate(b, lay, g, p, m, choices)
                    assert fast == plain_slide(b, lay, g, p, m, choices), (p, m, choices)
                    if isinstance(fast, HoleQuestion):
                        todo += [[*choices, c] for c in (-1, *fast.targets)]
    for seat in range(s.game.players):
        main = plain_main_actions(s, seat)
        assert hatchable_eggs(s, seat) == plain_hatchable(s, seat)
        assert explore_actions(s, seat) == plain_explores(s, seat)
        assert can_explore(s, seat) == bool(plain_explores(s, seat))
        assert has_main_action(s, seat) == bool(main)
        if not s.decisions and seat == s.seat and not s.main_done:
            kinds = ("land", "hatch", "explore")
            assert [a for a in phase_actions(s, seat) if a.kind in kinds] == main
    assert _nest_triangles(s) == plain_triangles(s, want_egg=False)
    assert _avalanche_triangles(s) == plain_triangles(s, want_egg=True)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("scene", [1, 2, 3, 4, 5, 6])
def test_fast_paths_agree_through_random_games(scene: int, players: int) -> None:
    game = Penguins(players=players, scene=scene)
    checked = 0
    for seed in range(2):
        s = game.new_initial_state(seed)
        rng = Rng(1000 + seed)
        while not s.is_terminal():
            if s.playing:
                check_agrees(s)
                checked += 1
            random_step(s, rng, checked=False)
    assert checked > 40


def scrambled(seed: int) -> PenguinState:
    """A state in play with random terrain (holes, nests, freezing, radiation...)
    and random pieces: combinations random games reach rarely."""
    rnd = random.Random(seed)
    s = Penguins().new_initial_state(0)
    s.decisions, s.first, s.playing = (), 0, True
    n = s.grid.size
    kinds = [TERRAINS[k] for k in ("storm", "hole", "freezing", "radiation", "seaweed", "krill")]
    terrain = [rnd.choice(kinds) if rnd.random() < 0.3 else 0 for _ in range(n)]
    s.layout = Layout(tuple(terrain))
    pieces = [EGG[0], EGG[1], ASSISTANT[0], ASSISTANT[1], STAR[0], STAR[1], *BARRIERS.values()]
    weights = [6, 6, 2, 2, 1, 1, 1, 1, 1, 2, 1]
    s.board = [rnd.choices(pieces, weights)[0] if rnd.random() < 0.5 else EMPTY for _ in range(n)]
    s.seat = rnd.randrange(2)
    s.card_used = rnd.random() < 0.3
    return s


def test_fast_paths_agree_on_scrambled_boards() -> None:
    for seed in range(100):
        check_agrees(scrambled(seed))


def test_only_circling_a_nest_is_found() -> None:
    """A penguin whose straight slides are all blocked or illegal, but which may
    circle the nest beside it: the early-exit check must try the circles too."""
    s = Penguins().new_initial_state(0)
    s.decisions, s.first, s.playing = (), 0, True
    g = s.grid
    p = g.point("D4")
    nest = g.step(p, DIRECTIONS[0])[0]
    s.board = [EMPTY] * g.size
    s.board[p], s.board[nest] = ASSISTANT[0], BARRIERS["nest"]
    ring = nest_ring(s.board, g, p)
    assert ring is not None and ring[0] == p
    first, second = ring[1], ring[2]
    assert first is not None and second is not None
    toward = next(d for d in DIRECTIONS if g.step(p, d)[0] == first)
    for q in g.adjacent[p] - {nest, first}:
        s.board[q] = BARRIERS["iceberg"]
    s.board[second] = BARRIERS["iceberg"]  # the clockwise circle stops on ``first``
    s.board[g.step(first, toward)[0]] = ASSISTANT[1]  # the straight slide runs into a rival
    check_agrees(s)
    assert explore_actions(s, 0) == [Explore(p, CIRCLE_CW)]
    assert can_explore(s, 0)


def test_a_full_board_leaves_no_main_action() -> None:
    """Eggs in supply but no empty point, no egg to hatch, a penguin walled in:
    no main action, so the turn's seat loses (state.run)."""
    s = Penguins().new_initial_state(0)
    s.decisions, s.first, s.playing = (), 0, True
    s.board = [BARRIERS["iceberg"]] * s.grid.size
    s.board[s.grid.point("D4")] = ASSISTANT[0]
    assert s.unused_eggs(0) > 0
    check_agrees(s)
    assert not has_main_action(s, 0)


def test_shared_action_tables_hold_the_actions_they_name() -> None:
    points = range(Penguins().grid.size)
    assert [LANDS[p] for p in points] == [Land(p) for p in points]
    assert [HATCHES[p] for p in points] == [Hatch(p) for p in points]
    assert [PICKS[p] for p in points] == [Pick(p) for p in points]
    assert [EMPEROR_MOVES[p] for p in points] == [MoveEmperor(p) for p in points]
    assert [SEAL_MOVES[p] for p in points] == [MoveSeal(p) for p in points]
    assert all(EXPLORES[p][m] == Explore(p, m) for p in points for m in ALL_MOVES)
    assert all(PLAYS[c] == Play(c) for c in components().cards) and len(PLAYS) == 16
