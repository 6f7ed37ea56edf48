"""A test-only game with what tic-tac-toe lacks: hidden hands, secret moves, simultaneous turns.

"Blind bids": a deck 1..9 is shuffled by the state's own generator (the seed
never leaves the server); each seat is dealt 3 cards. Each of 3 rounds is a
SIMULTANEOUS turn: every seat bids one card face down; the log shows others
only "seat i bids". When the last bid of a round is in, the bids are revealed
and the highest bid takes the sum of all bids as points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, Rng, State, Turn
from meeple.core.turn import TERMINAL_TURN

HAND = 3


@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    card: int


class BlindBids(Game):
    name = "blindbids"
    title = "Blind bids"
    title_zh = "暗標"
    min_players = 2
    max_players = 3
    perfect_information = False
    has_chance = False
    simultaneous_turns = True

    def enumerate_actions(self) -> Iterable[Action]:
        return [Bid(c) for c in range(1, 10)]

    def max_game_length(self) -> int:
        return HAND * self.players

    def new_initial_state(self, seed: int = 0) -> BlindBidsState:
        rng = Rng(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(self.players)]
        return BlindBidsState(
            self,
            hands,
            deck[self.players * HAND :],
            [None] * self.players,
            [],
            [0] * self.players,
            rng,
        )

    def state_from_json(self, data: dict[str, Any]) -> BlindBidsState:
        return BlindBidsState(
            self,
            [list(h) for h in data["hands"]],
            list(data["stock"]),
            list(data["bids"]),
            [list(r) for r in data["revealed"]],
            list(data["scores"]),
            Rng.from_json(data["rng"]),
        )


class BlindBidsState(State):
    game: BlindBids

    def __init__(
        self,
        game: BlindBids,
        hands: list[list[int]],
        stock: list[int],
        bids: list[int | None],
        revealed: list[list[int]],
        points: list[int],
        rng: Rng,
    ) -> None:
        self.game = game
        self.hands = hands
        self.stock = stock  # undealt cards: nobody sees them
        self.bids = bids  # this round's face-down bids
        self.revealed = revealed  # past rounds' bids, public
        self.points = points
        self.rng = rng

    def turn(self) -> Turn:
        if len(self.revealed) == HAND:
            return TERMINAL_TURN
        return Turn.simultaneous(tuple(i for i, b in enumerate(self.bids) if b is None))

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Bid(c) for c in self.hands[seat]]

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        assert isinstance(action, Bid) and seat is not None
        self.hands[seat].remove(action.card)
        self.bids[seat] = action.card
        if all(b is not None for b in self.bids):
            bids = [int(b) for b in self.bids if b is not None]
            self.points[bids.index(max(bids))] += sum(bids)
            self.revealed.append(bids)
            self.bids = [None] * self.game.players

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return sum(b is None for b in self.bids) == 1  # the last bid reveals the round

    def clone(self) -> BlindBidsState:
        return BlindBidsState(
            self.game,
            [h[:] for h in self.hands],
            self.stock[:],
            self.bids[:],
            [r[:] for r in self.revealed],
            self.points[:],
            self.rng.copy(),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [h[:] for h in self.hands],
            "stock": self.stock[:],
            "bids": self.bids[:],
            "revealed": [r[:] for r in self.revealed],
            "scores": self.points[:],
            "rng": self.rng.to_json(),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": self.hands[seat][:] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "bid_in": [b is not None for b in self.bids],
            "my_bid": self.bids[seat] if seat is not None else None,
            "revealed": [r[:] for r in self.revealed],
            "scores": self.points[:],
        }

    def determinize(self, seat: int, rng: Rng) -> BlindBidsState:
        out = self.clone()
        unseen = list(self.stock)
        for s in range(self.game.players):
            if s != seat:
                unseen += self.hands[s]
                if self.bids[s] is not None:
                    unseen.append(int(self.bids[s]))  # type: ignore[arg-type]
        rng.shuffle(unseen)
        for s in range(self.game.players):
            if s == seat:
                continue
            n = len(self.hands[s])
            out.hands[s] = sorted(unseen[:n])
            unseen = unseen[n:]
            if self.bids[s] is not None:
                out.bids[s] = unseen.pop()
        out.stock = sorted(unseen)
        out.rng = Rng(rng.next64())
        return out

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        if viewer == actor:
            return f"seat {actor}: {action}"
        return f"seat {actor}: bid"

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        out = np.zeros(9, dtype=np.float32)
        if seat is not None:
            for c in self.hands[seat]:
                out[c - 1] = 1.0
        return out

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]
