"""The toy games of the test folders: small enough to read whole, shaped like the real
games (fields declared, so clone, JSON and loading come from the core). Tests that need
"a game" and not one of the real ones take it from here, so a change to the core's State
is fixed in one file, not one per test folder.

*Toy cards* (:class:`ToyCards`, and :class:`ToyTogether` played all at once) is the
decision-stack toy: an effect engine and decision kinds in one table.
Each seat holds cards 1-3 and plays one a turn, in seat order, until every hand is
empty. Card 1 gains a silver; card 2 is "choose: 2 silver, or a virtue (paying 1
silver)"; card 3 makes every other seat discard a card, then its player gains a
virtue. Discarding is a decision kind of the game (``discard``, answered by
``Discard(card)``, one card at a time while more are owed); the engine's choice
is the core's ``choose`` kind answered by ``Option(i)``.

*Secret bids* (:class:`SecretBids`, and :class:`SecretBidsInTurn` bid one seat after
another) is the turn-kinds toy, with what tic-tac-toe lacks: explicit chance, a
seeded hidden deal, hidden hands, secret pending moves and simultaneous turns, for
2 or 3 seats and a short game. Each seat is dealt three cards (values ``1..3n+2``)
from a deck shuffled by the seed; two are left unseen. Each of three rounds, chance
rolls a prize (1, 2 or 3 points with probabilities 1/2, 1/3, 1/6); then every seat
secretly bids one card from its hand, all at once. The highest bid that nobody
else matched wins the prize. Bids are revealed when the last seat has bid; until
then the others' logs say only "seat i: bids". Neither game is registered (the
shared conformance run does not pick them up): :func:`registered` makes one
resolvable by name for a test.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, GameOption, IllegalActionError, Rng, Turn, registry
from meeple.core import decisions as dec
from meeple.core.actions import Option
from meeple.core.effects import Effects, Grammar, Pending, Verb, Word
from meeple.core.fields import FieldState, StateFields
from meeple.core.kinds import CHANCE, Again, DecidingState, Kind, Kinds, Outcome, step
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    kind: ClassVar[str] = "discard"
    card: int


CARDS: dict[int, tuple[Any, ...]] = {
    1: (("gain", "silver", 1),),
    2: (("choose", (("gain", "silver", 2),), (("pay", "silver", 1), ("gain", "virtue", 1))),),
    3: (("others", (("discard", 1),)), ("gain", "virtue", 1)),
}

CARD_FIELDS: dict[str, Any] = {
    "silver": list[int],
    "virtue": list[int],
    "hand": list[list[int]],
    "discarded": list[list[int]],
    "current": int,
    "decisions": dec.FIELD,
}
FIELDS = StateFields(**CARD_FIELDS)


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
)


class ToyCardsState(DecidingState, FieldState):
    __slots__ = FIELDS.slots
    fields = FIELDS
    KINDS = KINDS
    ENGINE: ClassVar[Effects] = ENGINE
    CARDS: ClassVar[dict[int, tuple[Any, ...]]] = CARDS
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
        self.ENGINE.run(self, seat, self.CARDS[action.card], f"card {action.card}")

    def settle(self, seat: int | None) -> None:
        """Once nothing is owed (automatic steps run), the card's play is over: the next
        seat with cards plays."""
        super().settle(seat)
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
        """Nobody waits for anybody: no turn passes. A seat may owe discards to two
        card 3s at once; once its hand is empty it owes no more."""
        self.decisions = tuple(
            d for d in self.decisions if d.kind != "discard" or self.hand[d.seat]
        )


# -- Toy dice: Toy cards with a die card, a secret chance roll --------------------------


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: the die, 1-3."""

    kind: ClassVar[str] = "roll"
    n: int


DIE = 4  # the die card
ROLLS = [Roll(n) for n in (1, 2, 3)]


def _roll(s: Any, seat: int) -> None:
    """The die card: chance rolls for ``seat`` (a chance step on the stack)."""
    s.decisions = dec.push(s.decisions, dec.Decision(CHANCE, "roll", (seat,), source="die"))


def take_roll(s: Any, d: dec.Decision, action: Action) -> Outcome:
    assert isinstance(action, Roll)
    s.decisions = dec.push(s.decisions, dec.Decision(int(d.args[0]), "note", (action.n,)))
    return ()


def note_roll(s: Any, d: dec.Decision) -> Outcome:
    s.rolls[d.seat].append(int(d.args[0]))
    return ()


DICE_ENGINE = Effects(
    Grammar(
        {"discard": Word(arity=(1, 1), counts=(0,)), "roll": Word()}, items=("silver", "virtue")
    ),
    players=lambda s: s.game.players,
    gain=_gain,
    pay=_pay,
    has=_has,
    verbs={"discard": Verb(_discard), "roll": Verb(_roll)},
)

DICE_KINDS: Kinds[Any] = Kinds(
    {
        **{k: v for k, v in KINDS.kinds.items() if k == "discard"},
        "roll": Kind(
            lambda s, d: list(ROLLS),
            take_roll,
            {"en": "the die", "zh-TW": "骰子"},
            chance=lambda s, d: [(r, 1 / 3) for r in ROLLS],
        ),
        "note": step(note_roll),
    },
    engine=DICE_ENGINE,
)

DICE_FIELDS = StateFields(**CARD_FIELDS, rolls=list[list[int]])


class ToyDice(ToyCards):
    """Toy cards with the die: each hand also holds ``dice`` die cards (card 4). Playing
    one, chance rolls the die (1-3) for its player, who alone sees the roll (the others'
    logs say "roll ?"); an automatic step notes it, and every roll counts for its
    player at the end. Card 2's choice is a second decision in its player's turn, so an
    undo can take the card back."""

    name = "toydice"
    title = "Toy dice"
    title_zh = "玩具骰子"
    max_players = 3
    default_players = 2
    perfect_information = False
    has_chance = True
    option_specs = (GameOption("dice", 1, minimum=1, maximum=3),)

    def enumerate_actions(self) -> list[Action]:
        return [*super().enumerate_actions(), PlayCard(DIE), Discard(DIE), *ROLLS]

    def max_game_length(self) -> int:
        return self.players * (3 + self.options["dice"]) * 4

    def new_initial_state(self, seed: int = 0) -> ToyDiceState:
        data = super().new_initial_state(seed).to_json()
        data["hand"] = [[1, 2, 3] + [DIE] * self.options["dice"] for _ in range(self.players)]
        data["rolls"] = [[] for _ in range(self.players)]
        return ToyDiceState.load(self, data)

    def state_from_json(self, data: dict[str, Any]) -> ToyDiceState:
        return ToyDiceState.load(self, data)


class ToyDiceState(ToyCardsState):
    __slots__ = ("rolls",)
    fields = DICE_FIELDS
    KINDS = DICE_KINDS
    ENGINE = DICE_ENGINE
    CARDS: ClassVar[dict[int, tuple[Any, ...]]] = {**CARDS, DIE: (("roll",),)}
    rolls: list[list[int]]

    def phase_actions(self, seat: int) -> list[Action]:
        return [PlayCard(c) for c in sorted(set(self.hand[seat]))]

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        d = dec.top(self.decisions)
        if isinstance(action, Roll) and d is not None and viewer != d.args[0]:
            return "roll ?"
        return super().redact_action(action, actor, viewer)

    def view(self, seat: int | None) -> dict[str, Any]:
        end = self.is_terminal()
        return {
            **super().view(seat),
            "rolls": [
                r[:] if end or seat == i else ["?"] * len(r) for i, r in enumerate(self.rolls)
            ],
        }

    def determinize(self, seat: int, rng: Rng) -> ToyDiceState:
        out = self.clone()
        if not self.is_terminal():
            for other, r in enumerate(self.rolls):
                if other != seat:
                    out.rolls[other] = [1 + rng.randbelow(3) for _ in r]
        return out

    def scores(self) -> list[float]:
        return [float(v + sum(r)) for v, r in zip(self.virtue, self.rolls, strict=True)]


# -- Secret bids: chance, a hidden deal, secret and simultaneous moves ----------------

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


BIDS_FIELDS = StateFields(
    hands=list[list[int]],
    pending=list[int | None],  # this round's secret bids
    revealed=list[list[int]],  # past rounds' bids, public
    prize=int | None,  # the points at stake this round, once chance rolled them
    points=list[int],
)


class SecretBids(Game):
    """The simultaneous version: every seat bids at once."""

    name = "secretbids"
    title = "Secret bids (test fixture)"
    title_zh = "暗標（測試用）"
    min_players = 2
    max_players = 3
    perfect_information = False
    has_chance = True
    simultaneous_turns = True

    @property
    def num_cards(self) -> int:
        return 3 * self.players + 2

    def enumerate_actions(self) -> list[Action]:
        return [Prize(p) for p, _ in PRIZES] + [Bid(c) for c in range(1, self.num_cards + 1)]

    def max_game_length(self) -> int:
        return ROUNDS * (1 + self.players)

    def new_initial_state(self, seed: int = 0) -> SecretBidsState:
        deck = list(range(1, self.num_cards + 1))
        Rng(seed).shuffle(deck)
        n = self.players
        return self.state_from_json(
            {
                "hands": [sorted(deck[3 * s : 3 * s + 3]) for s in range(n)],
                "pending": [None] * n,
                "revealed": [],
                "prize": None,
                "points": [0] * n,
            }
        )

    def state_from_json(self, data: dict[str, Any]) -> SecretBidsState:
        return SecretBidsState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        n, c = self.players, self.num_cards
        return (c + c + n + len(PRIZES) + n + 1 + 1,)


class SecretBidsState(FieldState):
    """Hands, pending (secret) bids, revealed bids per round, the prize at stake, points."""

    __slots__ = BIDS_FIELDS.slots
    fields = BIDS_FIELDS
    game: SecretBids
    hands: list[list[int]]
    pending: list[int | None]
    revealed: list[list[int]]
    prize: int | None
    points: list[int]

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
    title_zh = "輪流暗標（測試用）"
    simultaneous_turns = False

    def state_from_json(self, data: dict[str, Any]) -> SecretBidsState:
        return SecretBidsInTurnState.load(self, data)


class SecretBidsInTurnState(SecretBidsState):
    """Only the lowest seat that has not bid may bid."""

    __slots__ = ()

    def turn(self) -> Turn:
        t = super().turn()
        return Turn.seat(t.seats[0]) if t.seats else t


#: The toy games an adapter suite runs over besides the registry's.
FIXTURE_GAMES: tuple[type[Game], ...] = (SecretBids, SecretBidsInTurn)


@contextmanager
def registered(cls: type[Game]) -> Iterator[type[Game]]:
    """Make the toy game ``cls`` resolvable by name during a test, then forget it."""
    registry.register(cls)
    try:
        yield cls
    finally:
        registry.unregister(cls.name)
