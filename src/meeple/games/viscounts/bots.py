"""Viscounts' heuristic bot and evaluation.

The bot looks one decision ahead: it tries each legal action on a copy of
what its seat can see (a determinization, so it never reads a secret) and
keeps the one whose result :func:`evaluate` likes best. The evaluation is
the score so far plus what resources, silver and a strong deck are worth
toward more, so the bot builds, fills the castle and transcribes rather
than hoarding.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.bots.base import Bot
from meeple.core import decisions as dec
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.games.viscounts.components import CARDS, CHESTS
from meeple.games.viscounts.rules import ViscountsState

#: Search settings that suit the game: a heuristic playout of the rest of the turn, then
#: :func:`evaluate` squashed by tanh(value / 20) (``eval_scale``), so that the values of
#: moves differ by hundredths and exploration must be small to tell them apart (as in ICE).
#: Pilots at 60 iterations a move against the heuristic bot: benchmarks/README.md. The
#: depth bounds the playout where the seat never changes (solo: the AI is no seat, so
#: "one turn" would be the rest of the game); with rivals a turn ends well before it.
MCTS_DEFAULTS = {"rollout": "heuristic", "turns": "1", "c": "0.3", "depth": "12"}

#: The decisions of its own the bot looks through after an action (their answers are few
#: and follow from the action just picked), and how many in a row: a payment plan, a
#: column's resources (up to three, one decision each), an outsider to welcome or refuse,
#: a wild manuscript's ribbon; Keeper of Keys: which hero to gain, which chest tile into
#: which slot (neither arises without the set, so the base game's choices are unchanged).
LOOK_THROUGH_KINDS = frozenset(
    {"fund", "pay_resource", "welcome", "refuse", "ribbon", "hero", "chest"}
)
LOOK_THROUGH = 3
#: What a King's Order in one's deck is worth while outsiders are left to welcome
#: (played, it welcomes one as it leaves the board; destroyed from hand it pays 3 silver).
ORDER_WORTH = 0.75


def evaluate(state: State, seat: int) -> float:
    """The seat's score and the worth of what it holds, against the best rival (in solo,
    the AI opponent, whose worth is its score so far)."""
    assert isinstance(state, ViscountsState)
    return _worth(state, seat) - max(
        (_worth(state, t) for t in range(state.sides) if t != seat), default=0.0
    )


def _worth(s: ViscountsState, seat: int) -> float:
    score = sum(s.score_parts(seat).values())
    held = 0.25 * s.silver[seat] + 0.6 * (s.ink[seat] + s.gold[seat] + s.stone[seat])
    deck = 0.3 * sum(sum(CARDS[c].icons) for c in s.owned(seat))
    workers = 0.2 * sum(w[seat] for w in s.tier1)
    keys = _keeper_worth(s, seat) if s.public_owner and seat != s.ai else 0.0
    return score + held + deck + workers + keys


#: Keeper of Keys (issue 36, item 6): what its holdings are worth toward more score, on
#: top of what they score already (chest tiles 2/5/9, public buildings' points, a
#: hero's icons in the deck). A chest tile's reward each time it sets off, by what it
#: gives (a resource, a silver; icons counted this turn: ``CHEST_BOOST``), times how
#: likely the card to enter the space above it fits: the card now one space to its left
#: (it shifts in next turn) or, for the left-most slot, a card from hand; plus
#: ``CHEST_LATER`` times the share of the deck that fits (the turns after).
CHEST_BOOST = 0.4
CHEST_LATER = 3.0
#: A hero gained (beyond its icons): a strong card, and the public trading post's flip.
HERO_WORTH = 1.0
#: The public buildings' ongoing abilities while held: the workshop's criminal ignored
#: and card drawn at collisions, the trading post's flip on each hero gained or
#: destroyed, the guildhall's permanent criminal icon (wild for every action's icons).
PUBLIC_ONGOING = (2.0, 3.0, 3.0)
_REWARD = {"ink": 0.6, "gold": 0.6, "stone": 0.6, "silver": 0.25}


def _chest_reward(tile: int) -> float:
    t = CHESTS[tile]
    value = CHEST_BOOST if t.boost else 0.0
    for step in t.gain:
        if step[0] == "gain":
            value += _REWARD.get(str(step[1]), 0.0) * int(step[2])
    return value


def _fits(card: int, tile: int) -> bool:
    t = CHESTS[tile]
    return CARDS[card].icons[t.needs] >= t.at_least


def _share(cards: list[int], tile: int) -> float:
    return sum(1 for c in cards if _fits(c, tile)) / len(cards) if cards else 0.0


def _keeper_worth(s: ViscountsState, seat: int) -> float:
    value = 0.0
    if seat < len(s.chest_slots):
        owned = s.owned(seat)
        board = s.board[seat]
        for space, tile in enumerate(s.chest_slots[seat]):
            if tile < 0:
                continue
            if space == 0:
                soon = _share(s.hand[seat], tile)
            else:
                soon = 1.0 if space - 1 < len(board) and _fits(board[space - 1], tile) else 0.0
            value += _chest_reward(tile) * (soon + CHEST_LATER * _share(owned, tile))
        value += HERO_WORTH * sum(1 for c in owned if CARDS[c].kind == "hero")
    value += sum(w for w, o in zip(PUBLIC_ONGOING, s.public_owner, strict=False) if o == seat)
    return value


class HeuristicBot(Bot):
    """Greedy by one decision on its own determinization of the state."""

    name = "heuristic"
    #: What a search's heuristic rollouts play (see ``HeuristicRolloutEvaluator``).
    rollout_policy: ClassVar[type[Bot]]
    #: The kinds of its own decisions it looks through (benchmarks: an older bot's).
    look_through: ClassVar[frozenset[str]] = LOOK_THROUGH_KINDS

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"viscounts' heuristic bot takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, ViscountsState)
        legal = state.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        return self._best(self._world(state), legal)

    def _world(self, state: ViscountsState) -> ViscountsState:
        """Where to look ahead: a re-deal from what this seat can see."""
        return state.determinize(self.seat, self.rng)

    def _best(self, world: ViscountsState, legal: list[Action]) -> Action:
        best, best_value = legal[0], float("-inf")
        for action in legal:
            child = world.clone()
            child.apply_unchecked(action, self.seat)
            value = self._value(child) + 1e-6 * self.rng.random()
            if value > best_value:
                best, best_value = action, value
        return best

    def _evaluate(self, state: ViscountsState) -> float:
        return evaluate(state, self.seat)

    def _value(self, child: ViscountsState, depth: int = LOOK_THROUGH) -> float:
        """The evaluation after an action. An action that leaves a decision of this seat's
        own on top (how to pay for it, the resources a column's ability costs, which
        outsider to welcome or refuse, what to discard) is worth its best answer, looked
        through up to ``depth`` decisions: not the state before the answer (which would make
        every action that asks how to pay look free, and a column's ability, whose price
        is asked after it is picked, a free tie with passing)."""
        d = dec.top(child.decisions)
        if depth <= 0 or d is None or d.seat != self.seat or d.kind not in self.look_through:
            return self._evaluate(child)
        best = float("-inf")
        for answer in child.legal_actions(self.seat):
            paid = child.clone()
            paid.apply_unchecked(answer, self.seat)
            best = max(best, self._value(paid, depth - 1))
        return best


class RolloutBot(HeuristicBot):
    """The heuristic bot inside a search's rollout: it looks ahead in the state it is
    given, which there is already the search's own determinization (re-dealing it
    again cost about a third of an iteration and bought nothing)."""

    name = "heuristic-rollout"

    def _world(self, state: ViscountsState) -> ViscountsState:
        return state


HeuristicBot.rollout_policy = RolloutBot
