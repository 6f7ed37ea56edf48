"""A toy card game for the core's tests: small enough to read whole, shaped like the
real games (fields declared, an effect engine, decision kinds in one table).

Each seat holds cards 1-3 and plays one a turn, in seat order, until every hand is
empty. Card 1 gains a silver; card 2 is "choose: 2 silver, or a virtue (paying 1
silver)"; card 3 makes every other seat discard a card, then its player gains a
virtue. Discarding is a decision kind of the game (``discard``, answered by
``Discard(card)``, one card at a time while more are owed); the engine's choice
is the core's ``choose`` kind answered by ``Option(i)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, IllegalActionError, Turn
from meeple.core import decisions as dec
from meeple.core.effects import Effects, Grammar, Pending, Verb, Word
from meeple.core.fields import FieldState, StateFields
from meeple.core.kinds import Again, DecidingState, Kind, Kinds, Outcome
from meeple.core.turn import TERMINAL_TURN


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Option(Action):
    kind: ClassVar[str] = "option"
    n: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    kind: ClassVar[str] = "discard"
    card: int


CARDS: dict[int, tuple[Any, ...]] = {
    1: (("gain", "silver", 1),),
    2: (("choose", (("gain", "silver", 2),), (("pay", "silver", 1), ("gain", "virtue", 1))),),
    3: (("others", (("discard", 1),)), ("gain", "virtue", 1)),
}

FIELDS = StateFields(
    silver=list[int],
    virtue=list[int],
    hand=list[list[int]],
    discarded=list[list[int]],
    current=int,
    decisions=dec.FIELD,
)


class ToyCards(Game):
    name = "toycards"
    title = "Toy cards"
    min_players = 1
    max_players = 4

    def enumerate_actions(self) -> list[Action]:
        return [
            *(PlayCard(c) for c in CARDS),
            *(Option(i) for i in range(2)),
            *(Discard(c) for c in CARDS),
        ]

    def max_game_length(self) -> int:
        return 4 * 3 * 4

    def new_initial_state(self, seed: int = 0) -> ToyCardsState:
        s = object.__new__(ToyCardsState)
        s.game = self
        n = self.players
        s.silver, s.virtue = [1] * n, [0] * n
        s.hand = [[1, 2, 3] for _ in range(n)]
        s.discarded = [[] for _ in range(n)]
        s.current = 0
        s.decisions = dec.EMPTY
        return s

    def state_from_json(self, data: dict[str, Any]) -> ToyCardsState:
        return ToyCardsState.load(self, data)


def _gain(s: Any, seat: int, item: str, n: int) -> None:
    getattr(s, item)[seat] += n


def _pay(s: Any, seat: int, item: str, n: int) -> None:
    getattr(s, item)[seat] -= n


def _has(s: Any, seat: int, item: str, n: int) -> bool:
    return bool(getattr(s, item)[seat] >= n)


def _discard(s: Any, seat: int, n: int) -> Pending | None:
    return Pending("discard", (n,)) if s.hand[seat] else None


ENGINE = Effects(
    Grammar({"discard": Word(arity=(1, 1), counts=(0,))}, items=("silver", "virtue")),
    players=lambda s: s.game.players,
    gain=_gain,
    pay=_pay,
    has=_has,
    verbs={"discard": Verb(_discard)},
)


def discard_answers(s: Any, d: dec.Decision) -> list[Action]:
    return [Discard(c) for c in sorted(set(s.hand[d.seat]))]


def take_discard(s: Any, d: dec.Decision, action: Action) -> Outcome:
    if not isinstance(action, Discard) or action.card not in s.hand[d.seat]:
        raise IllegalActionError(f"{action} does not answer a discard")
    s.hand[d.seat].remove(action.card)
    s.discarded[d.seat].append(action.card)
    left = int(d.args[0]) - 1
    return Again((left,)) if left > 0 and s.hand[d.seat] else ()


def discard_label(s: Any, d: dec.Decision, action: Action, lang: str, told: bool) -> str:
    assert isinstance(action, Discard)
    if lang == "zh-TW":
        return f"棄掉 {action.card}" if not told else f"棄掉了 {action.card}"
    return f"Discard {action.card}" if not told else f"discards {action.card}"


def _option(action: Action) -> int:
    assert isinstance(action, Option)
    return action.n


KINDS: Kinds[Any] = Kinds(
    {
        "discard": Kind(
            discard_answers,
            take_discard,
            {"en": "a card to discard", "zh-TW": "要棄掉的牌"},
            label=discard_label,
        )
    },
    engine=ENGINE,
    option=Option,
    number=_option,
)


class ToyCardsState(DecidingState, FieldState):
    __slots__ = FIELDS.slots
    fields = FIELDS
    KINDS = KINDS
    silver: list[int]
    virtue: list[int]
    hand: list[list[int]]
    discarded: list[list[int]]
    current: int
    decisions: dec.Stack

    def phase_turn(self) -> Turn:
        if not any(self.hand):
            return TERMINAL_TURN
        return Turn.seat(self.current)

    def phase_actions(self, seat: int) -> list[Action]:
        return [PlayCard(c) for c in self.hand[seat]]

    def phase_apply(self, action: Action, seat: int | None) -> None:
        assert isinstance(action, PlayCard) and seat is not None
        self.hand[seat].remove(action.card)
        ENGINE.run(self, seat, CARDS[action.card], f"card {action.card}")

    def settle(self, seat: int | None) -> None:
        """Once nothing is owed, the card's play is over: the next seat with cards plays."""
        if self.decisions or not any(self.hand):
            return
        n = self.game.players
        self.current = next(
            nxt for k in range(1, n + 1) if self.hand[nxt := (self.current + k) % n]
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"silver": list(self.silver), "virtue": list(self.virtue)}

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return np.zeros(1, dtype=np.float32)

    def scores(self) -> list[float]:
        return [float(v) for v in self.virtue]


class ToyTogether(ToyCards):
    """The toy game played all at once: every seat with cards (or a decision owed)
    plays at its own pace, so several seats may each owe a decision at the same time
    (:attr:`~meeple.core.kinds.DecidingState.SIMULTANEOUS_DECISIONS`)."""

    name = "toytogether"
    simultaneous_turns = True

    def new_initial_state(self, seed: int = 0) -> ToyTogetherState:
        return ToyTogetherState.load(self, super().new_initial_state(seed).to_json())

    def state_from_json(self, data: dict[str, Any]) -> ToyTogetherState:
        return ToyTogetherState.load(self, data)


class ToyTogetherState(ToyCardsState):
    __slots__ = ()
    SIMULTANEOUS_DECISIONS = True

    def phase_turn(self) -> Turn:
        owing = {d.seat for d in self.decisions}
        seats = tuple(s for s in range(self.game.players) if self.hand[s] or s in owing)
        return Turn.simultaneous(seats) if seats else TERMINAL_TURN

    def settle(self, seat: int | None) -> None:
        """Nobody waits for anybody: no turn passes."""
