"""Shared set-up helpers for the Province tests: a started match and quick situations."""

from __future__ import annotations

from meeple.games.province import FirstPlayer, Province, ProvinceState, RevealGoal
from meeple.games.province.components import B_INDEX, G_INDEX
from meeple.games.province.state import FACE_UP, STACK

GAME = Province()


def started(first: int = 0, goal: str = "twopoint") -> ProvinceState:
    """A match after the start-player toss (``first``) and the first goal turned face up."""
    s = GAME.new_initial_state()
    s.apply(FirstPlayer(first))
    s.apply(RevealGoal(goal))
    assert s.current_seat() == first
    return s


def play(s: ProvinceState, *texts: str) -> None:
    """Apply actions by their text form with the checked apply (chance outcomes too)."""
    for text in texts:
        s.apply(GAME.parse_action(text))


def texts(s: ProvinceState, seat: int | None = None) -> list[str]:
    return [str(a) for a in s.legal_actions(seat)]


def give(s: ProvinceState, seat: int, *buildings: str) -> None:
    """Hand ``seat`` buildings as if built earlier (first builder when nobody had it)."""
    for name in buildings:
        b = B_INDEX[name]
        s.built[seat] |= 1 << b
        if s.first[b] < 0:
            s.first[b] = seat
        if name == "camp" and s.pos[3] < 0:
            s.pos[3] = 0
        if name == "village" and s.pos[4] < 0:
            s.pos[4] = 0


def set_goals(s: ProvinceState, up: str | None, stack: tuple[str, ...] = (), **owners: int) -> None:
    """Lay out the goals: ``up`` face up, ``stack`` face down, the rest claimed/removed."""
    for g in range(len(s.goal_state)):
        s.goal_state[g] = 2  # removed unless said otherwise
    for name, owner in owners.items():
        s.goal_state[G_INDEX[name]] = owner
    for name in stack:
        s.goal_state[G_INDEX[name]] = STACK
    if up is not None:
        s.goal_state[G_INDEX[up]] = FACE_UP


def to_spend(s: ProvinceState, labor: int, coins: int) -> None:
    """Move one green worker (the required move), then set this turn's labor and the coins."""
    seat = s.current
    play(s, next(t for t in texts(s) if t.startswith("move green")))
    s.labor = labor
    s.coins[seat] = coins
    assert s.supply >= 0
