"""Small games that exercise what tic-tac-toe does not: chance, secrets, simultaneous turns.

The adapters must handle every turn kind the core has. Until the registry
holds games with all of them, these test-only games (never registered, so the
shared conformance run does not pick them up) give the adapter tests
explicit chance nodes, a seeded hidden deal (the seed matters), hidden hands,
secret pending choices and simultaneous turns.

*Secret bids*: each seat is dealt three cards (values ``1..3n+2``) from a
shuffled deck. Each of three rounds, chance rolls a prize (1, 2 or 3 points
with probabilities 1/2, 1/3, 1/6); then every seat secretly bids one card
from its hand, all at once. The highest bid that nobody else matched wins the
prize. Bids are revealed when the last seat has bid.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, State, Turn
from meeple.core.rng import Rng
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN

ROUNDS = 3
PRIZES = ((1, 1 / 2), (2, 1 / 3), (3, 1 / 6))


@dataclass(frozen=True, slots=True)
class Prize(Action):
    """Chance: the points at stake this round."""

    kind: ClassVar[str] = "prize"
    points: int


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Secretly bid one card of one's hand."""

    kind: ClassVar[str] = "bid"
    card: int


class SecretBids(Game):
    """The simultaneous version: every seat bids at once."""

    name = "secretbids"
    title = "Secret bids (test fixture)"
    min_players = 2
    max_players = 3
    perfect_information = False
    has_chance = True
    simultaneous_turns = True

    @property
    def num_cards(self) -> int:
        return 3 * self.players + 2

    def enumerate_actions(self) -> Iterable[Action]:
        return [Prize(p) for p, _ in PRIZES] + [Bid(c) for c in range(1, self.num_cards + 1)]

    def max_game_length(self) -> int:
        return ROUNDS * (1 + self.players)

    def new_initial_state(self, seed: int = 0) -> SecretBidsState:
        deck = list(range(1, self.num_cards + 1))
        Rng(seed).shuffle(deck)
        hands = [sorted(deck[3 * s : 3 * s + 3]) for s in range(self.players)]
        return SecretBidsState(self, hands, [None] * self.players, [], None, [0] * self.players)

    def state_from_json(self, data: dict[str, Any]) -> SecretBidsState:
        return SecretBidsState(
            self,
            [list(h) for h in data["hands"]],
            list(data["pending"]),
            [list(r) for r in data["revealed"]],
            data["prize"],
            list(data["scores"]),
        )

    def observation_shape(self) -> tuple[int, ...]:
        n, c = self.players, self.num_cards
        return (c + c + n + len(PRIZES) + n + 1 + 1,)


class SecretBidsState(State):
    """Hands, pending (secret) bids, revealed bids per round, the prize at stake, scores."""

    game: SecretBids

    def __init__(
        self,
        game: SecretBids,
        hands: list[list[int]],
        pending: list[int | None],
        revealed: list[list[int]],
        prize: int | None,
        scores: list[int],
    ) -> None:
        self.game = game
        self.hands = hands
        self.pending = pending
        self.revealed = revealed
        self.prize = prize
        self.points = scores

    def turn(self) -> Turn:
        if len(self.revealed) == ROUNDS:
            return TERMINAL_TURN
        if self.prize is None:
            return CHANCE_TURN
        return Turn.simultaneous(tuple(s for s, b in enumerate(self.pending) if b is None))

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Prize(p), q) for p, q in PRIZES] if self.turn().is_chance else []

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Bid(c) for c in self.hands[seat]]

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        if isinstance(action, Prize):
            self.prize = action.points
            return
        assert isinstance(action, Bid) and seat is not None
        self.hands[seat].remove(action.card)
        self.pending[seat] = action.card
        if all(b is not None for b in self.pending):
            bids = [int(b) for b in self.pending if b is not None]
            unique = [b for b in bids if bids.count(b) == 1]
            if unique and self.prize is not None:
                self.points[bids.index(max(unique))] += self.prize
            self.revealed.append(bids)
            self.pending = [None] * self.game.players
            self.prize = None

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return seat is None or sum(b is None for b in self.pending) == 1

    def clone(self) -> SecretBidsState:
        return SecretBidsState(
            self.game,
            [h[:] for h in self.hands],
            self.pending[:],
            [r[:] for r in self.revealed],
            self.prize,
            self.points[:],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [h[:] for h in self.hands],
            "pending": self.pending[:],
            "revealed": [r[:] for r in self.revealed],
            "prize": self.prize,
            "scores": self.points[:],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": self.hands[seat][:] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "my_bid": self.pending[seat] if seat is not None else None,
            "has_bid": [b is not None for b in self.pending],
            "revealed": [r[:] for r in self.revealed],
            "prize": self.prize,
            "scores": self.points[:],
        }

    def determinize(self, seat: int, rng: Rng) -> SecretBidsState:
        out = self.clone()
        seen = set(self.hands[seat]) | {c for r in self.revealed for c in r}
        if self.pending[seat] is not None:
            seen.add(int(self.pending[seat]))  # type: ignore[arg-type]
        unseen = [c for c in range(1, self.game.num_cards + 1) if c not in seen]
        rng.shuffle(unseen)
        for other in range(self.game.players):
            if other == seat:
                continue
            size = len(self.hands[other])
            out.hands[other] = sorted(unseen[:size])
            unseen = unseen[size:]
            if self.pending[other] is not None:
                out.pending[other] = unseen.pop()
        return out

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        if isinstance(action, Bid) and actor != viewer:
            return f"seat {actor}: bids"
        return super().redact_action(action, actor, viewer)

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        n, c = self.game.players, self.game.num_cards
        out = np.zeros(self.game.observation_shape(), dtype=np.float32)
        if seat is not None:
            for card in self.hands[seat]:
                out[card - 1] = 1.0
        for r in self.revealed:
            for card in r:
                out[c + card - 1] = 1.0
        base = 2 * c
        out[base : base + n] = self.points
        base += n
        if self.prize is not None:
            out[base + self.prize - 1] = 1.0
        base += len(PRIZES)
        out[base : base + n] = [b is not None for b in self.pending]
        base += n
        out[base] = len(self.revealed)
        if seat is not None and self.pending[seat] is not None:
            out[base + 1] = float(self.pending[seat])  # type: ignore[arg-type]
        return out

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]


class SecretBidsInTurn(SecretBids):
    """The sequential version: seats bid one after another, still secretly."""

    name = "secretbids_seq"
    title = "Secret bids in turn (test fixture)"
    simultaneous_turns = False

    def new_initial_state(self, seed: int = 0) -> SecretBidsState:
        base = super().new_initial_state(seed)
        return SecretBidsInTurnState(
            self, base.hands, base.pending, base.revealed, base.prize, base.points
        )

    def state_from_json(self, data: dict[str, Any]) -> SecretBidsState:
        base = super().state_from_json(data)
        return SecretBidsInTurnState(
            self, base.hands, base.pending, base.revealed, base.prize, base.points
        )


class SecretBidsInTurnState(SecretBidsState):
    """Only the lowest seat that has not bid may bid."""

    def turn(self) -> Turn:
        t = super().turn()
        return Turn.seat(t.seats[0]) if t.seats else t

    def clone(self) -> SecretBidsInTurnState:
        c = super().clone()
        return SecretBidsInTurnState(self.game, c.hands, c.pending, c.revealed, c.prize, c.points)


FIXTURE_GAMES: tuple[type[Game], ...] = (SecretBids, SecretBidsInTurn)
