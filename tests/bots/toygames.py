"""Tiny games whose exact value the search tests measure against.

A game with some feature (hidden hands, chance, secret moves) comes from the shared
toy games (tests/toy.py). These three stay here because each is a position with a
known answer, which a search test checks the bot finds: the gamble's expected
return (chance weighted by its probabilities), matching pennies' value of 0
(a simultaneous turn searched as one), the last stone's winning take (three seats).
They are not registered (so they stay out of other suites); the bots take ``Game``
objects directly. Each passes the core conformance checks (tests/bots/test_mcts.py)
so that they are honest games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, Rng, State, Turn
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A generic numbered choice."""

    kind: ClassVar[str] = "pick"
    value: int


@dataclass(frozen=True, slots=True)
class Outcome(Action):
    """A chance outcome."""

    kind: ClassVar[str] = "outcome"
    name: str


class _SimpleState(State):
    """Shared plumbing: JSON through ``__dict__``-like fields listed in FIELDS."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        out = {}
        for f in self.FIELDS:
            v = getattr(self, f)
            out[f] = list(v) if isinstance(v, (list, tuple)) else v
        return out

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return np.zeros(1, dtype=np.float32)


# -- chance: a safe draw against a gamble whose odds only the probabilities show --


class GambleGame(Game):
    """Seat 0 chooses ``pick 0`` (a sure draw) or ``pick 1`` (a gamble).

    The gamble has three outcomes: ``win`` with probability ``p_win``, ``lose-a``
    and ``lose-b`` sharing the rest. With p_win = 0.7 the gamble is right
    (expected return +0.4); a search that sampled outcomes uniformly would
    see 1/3 - 2/3 < 0 and keep the draw. Seat 1 never acts.
    """

    name = "gamble"
    title = "Gamble"
    min_players = 2
    max_players = 2
    has_chance = True

    def __init__(self, players: int | None = None, p_win: float = 0.7) -> None:
        super().__init__(players)
        self.p_win = p_win

    def enumerate_actions(self) -> Iterable[Action]:
        return [Pick(0), Pick(1), Outcome("win"), Outcome("lose-a"), Outcome("lose-b")]

    def max_game_length(self) -> int:
        return 2

    def new_initial_state(self, seed: int = 0) -> GambleState:
        return GambleState(self, -1, "")

    def state_from_json(self, data: dict[str, Any]) -> GambleState:
        return GambleState(self, data["choice"], data["result"])


class GambleState(_SimpleState):
    FIELDS = ("choice", "result")
    game: GambleGame

    def __init__(self, game: GambleGame, choice: int, result: str) -> None:
        self.game = game
        self.choice = choice
        self.result = result

    def turn(self) -> Turn:
        if self.choice < 0:
            return Turn.seat(0)
        if self.choice == 1 and not self.result:
            return CHANCE_TURN
        return TERMINAL_TURN

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Pick(0), Pick(1)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance():
            return []
        rest = (1.0 - self.game.p_win) / 2
        return [
            (Outcome("win"), self.game.p_win),
            (Outcome("lose-a"), rest),
            (Outcome("lose-b"), rest),
        ]

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        if isinstance(action, Pick):
            self.choice = action.value
        else:
            assert isinstance(action, Outcome)
            self.result = action.name

    def clone(self) -> GambleState:
        return GambleState(self.game, self.choice, self.result)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_json()

    def scores(self) -> list[float]:
        if self.choice == 0:
            return [0.0, 0.0]
        if self.result == "win":
            return [1.0, 0.0]
        if self.result:
            return [0.0, 1.0]
        return [0.0, 0.0]


# -- simultaneous turns: matching pennies ---------------------------------------


class Pennies(Game):
    """Both seats show a penny at once (0 or 1); seat 0 wins on a match, seat 1 otherwise.

    The pending choice of the first seat to act is secret until both acted.
    The value of the game is 0: a search that let seat 1 see seat 0's penny
    would value every choice of seat 0 as a sure loss.
    """

    name = "pennies"
    title = "Matching pennies"
    min_players = 2
    max_players = 2
    perfect_information = False
    simultaneous_turns = True

    def enumerate_actions(self) -> Iterable[Action]:
        return [Pick(0), Pick(1)]

    def max_game_length(self) -> int:
        return 2

    def new_initial_state(self, seed: int = 0) -> PenniesState:
        return PenniesState(self, [-1, -1])

    def state_from_json(self, data: dict[str, Any]) -> PenniesState:
        return PenniesState(self, list(data["shown"]))


class PenniesState(_SimpleState):
    FIELDS = ("shown",)
    game: Pennies

    def __init__(self, game: Pennies, shown: list[int]) -> None:
        self.game = game
        self.shown = shown

    def turn(self) -> Turn:
        waiting = tuple(s for s in (0, 1) if self.shown[s] < 0)
        return Turn.simultaneous(waiting) if waiting else TERMINAL_TURN

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Pick(0), Pick(1)]

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        assert isinstance(action, Pick) and seat is not None
        self.shown = list(self.shown)
        self.shown[seat] = action.value

    def clone(self) -> PenniesState:
        return PenniesState(self.game, self.shown)

    def view(self, seat: int | None) -> dict[str, Any]:
        done = all(v >= 0 for v in self.shown)
        return {
            "shown": [
                v if done or s == seat else (None if v < 0 else "hidden")
                for s, v in enumerate(self.shown)
            ]
        }

    def determinize(self, seat: int, rng: Rng) -> PenniesState:
        shown = list(self.shown)
        if not all(v >= 0 for v in shown):
            for s in (0, 1):
                if s != seat and shown[s] >= 0:
                    shown[s] = rng.randbelow(2)
        return PenniesState(self.game, shown)

    def scores(self) -> list[float]:
        if any(v < 0 for v in self.shown):
            return [0.0, 0.0]
        match = self.shown[0] == self.shown[1]
        return [1.0, 0.0] if match else [0.0, 1.0]


# -- three seats: last stone wins --------------------------------------------------


class LastStone(Game):
    """Seats take 1 or 2 stones in turn from a pile; whoever takes the last stone wins."""

    name = "laststone"
    title = "Last stone"
    min_players = 2
    max_players = 4
    default_players = 3

    def __init__(self, players: int | None = None, pile: int = 7) -> None:
        super().__init__(players)
        self.pile = pile

    def enumerate_actions(self) -> Iterable[Action]:
        return [Pick(1), Pick(2)]

    def max_game_length(self) -> int:
        return self.pile

    def new_initial_state(self, seed: int = 0) -> LastStoneState:
        return LastStoneState(self, self.pile, 0, -1)

    def state_from_json(self, data: dict[str, Any]) -> LastStoneState:
        return LastStoneState(self, data["pile"], data["to_move"], data["winner"])


class LastStoneState(_SimpleState):
    FIELDS = ("pile", "to_move", "winner")
    game: LastStone

    def __init__(self, game: LastStone, pile: int, to_move: int, winner: int) -> None:
        self.game = game
        self.pile = pile
        self.to_move = to_move
        self.winner = winner

    def turn(self) -> Turn:
        return TERMINAL_TURN if self.pile == 0 else Turn.seat(self.to_move)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Pick(k) for k in (1, 2) if k <= self.pile]

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        assert isinstance(action, Pick)
        self.pile -= action.value
        if self.pile == 0:
            self.winner = self.to_move
        self.to_move = (self.to_move + 1) % self.game.players

    def clone(self) -> LastStoneState:
        return LastStoneState(self.game, self.pile, self.to_move, self.winner)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_json()

    def scores(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.game.players)]
