"""Unconscious Mind's heuristic bot and evaluation.

A turn is a long chain of small decisions, so the bot judges a choice by
what it leads to: it applies the choice to a copy, settles the decisions
that follow for its own seat greedily (each by a one-step look at the
evaluation), and keeps the choice whose settled copy evaluates best. The
evaluation counts VP and the worth of what will turn into VP: insights by
level, coffee and bright ideas, research cards, tiles in the notebook,
reputation, therapy already given to clients. It only looks at its own
seat's view: it looks ahead in a determinized copy (other hands and every
deck re-dealt from what it can see).
"""

from __future__ import annotations

from typing import ClassVar

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.decisions import Decision
from meeple.core.game import State
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious.components import CLIENTS, GRIEF
from meeple.games.unconscious.decisions import row
from meeple.games.unconscious.rules import UnconsciousState

#: Search settings that suit the game: a heuristic playout of the rest of the turn, then
#: :func:`evaluate` squashed by tanh(value / 20) (``eval_scale``), so that the values of
#: moves differ by hundredths and exploration must be small to tell them apart (as in ICE).
#: Pilots at 30 iterations a move against the heuristic bot: benchmarks/README.md.
MCTS_DEFAULTS = {"rollout": "heuristic", "turns": "1", "c": "0.3"}

_LEVEL = (0.0, 0.6, 1.4, 2.4)
_CHAIN = 6
#: A published treatise beyond its VP: its two tags count at the end as two cards in play
#: would (1.6 each, which the cards under it no longer do), and the reputation places
#: score it like a cured client (2 or 1 VP). Without it a treatise of two articles looked
#: worth less than the two cards and the insight it takes (3 VP against 3.2 + 1.2).
_TREATISE = 2 * 1.6 + 1.5
#: ``_LEVEL`` by dial index: generic and own insights on every space, zero for the reserves.
_INSIGHT_WEIGHTS = tuple(
    _LEVEL[i % 3 + 1] if i < dl.RESERVE else 0.0 for i in range(dl.SIZE)
)  # spot(colour, level) = 3 * colour + level - 1, and OWN is a multiple of 3


def worth(s: UnconsciousState, seat: int) -> float:
    """VP now plus what ``seat``'s holdings are likely to become."""
    d = s.dial[seat]
    insight = sum(w * x for w, x in zip(_INSIGHT_WEIGHTS, d, strict=True)) + 1.2 * d[dl.OWN_RESERVE]
    therapy = 0.0
    for room in (0, 1):
        client = s.room_client[seat][room]
        if client >= 0:
            grief = s.room_grief[seat][room]
            start = CLIENTS[client].hearts + (GRIEF[grief][0] if grief >= 0 else 3)
            therapy += 1.5 * max(0, start - s.room_track[seat][room]) + 0.2 * CLIENTS[client].vp
    tiles = sum(t >= 0 for t in s.notebook[seat])
    final = s.final_breakdown(seat) if s.phase == 2 else None
    return (
        s.vp[seat]
        + (sum(final.values()) if final else 0.0)
        + insight
        + 0.35 * s.coffee[seat]
        + 1.0 * s.bright[seat]
        + 0.9 * len(s.hand[seat])
        + 1.6 * len(s.played[seat])
        + _TREATISE * len(s.treatises[seat])
        + 2.0 * tiles
        + 2.5 * s.rep[seat]
        + 2.0 * s.ideas[seat]
        + 2.0 * (3 - s.locked_ideas[seat])
        + therapy
        + 3.0 * len(s.cured[seat])
        + 3.0 * s.room2_open[seat]
    )


def evaluate(state: State, seat: int) -> float:
    """``seat``'s worth against the best rival's (its own alone in solo)."""
    assert isinstance(state, UnconsciousState)
    mine = worth(state, seat)
    rivals = [worth(state, p) for p in range(len(state.vp)) if p != seat]
    return mine - (max(rivals) if rivals else 0.0)


def _opaque(d: Decision) -> bool:
    """Whether a one-step look cannot judge decision ``d``: which treatise to start, or a
    choice one of whose effects publishes (research or publish at the table). Other
    choices are left to the one-step look: seeing through every "may pay" too made the
    bot 1.7 times slower, and searches play it in their rollouts. The kind's row says
    (decisions.KINDS: ``opaque``)."""
    declared = row(d.kind)
    return declared is not None and declared.opaque is not None and declared.opaque(d)


def _settle(s: UnconsciousState, seat: int, budget: int = _CHAIN) -> None:
    """Take ``seat``'s pending decisions greedily, ``budget`` at most.

    Each is judged by a one-step look at :func:`worth`. Research or publish at
    the table, and which treatise to start, change nothing yet (a treatise
    scores only with its last article): there the options the look cannot tell
    apart are judged by settling what follows them. A one-step tie goes to the
    first option, which is why the bot never published before.
    """
    for used in range(budget):
        if s.is_terminal() or not s.decisions or s.decisions[-1].seat != seat:
            return
        legal = s.legal_actions_unchecked(seat)
        tried = []
        for a in legal:
            c = s.clone()
            c.apply_unchecked(a, seat)
            tried.append((worth(c, seat), a, c))
        top = max(v for v, _, _ in tried)
        tied = [(a, c) for v, a, c in tried if v > top - 1e-9]
        best = tied[0][0]
        if len(tied) > 1 and _opaque(s.decisions[-1]):
            best_v = float("-inf")
            for a, c in tied:
                _settle(c, seat, budget - used - 1)
                v = worth(c, seat)
                if v > best_v:
                    best, best_v = a, v
        s.apply_unchecked(best, seat)


class HeuristicBot(Bot):
    """Picks the choice whose greedily settled result is worth most to its seat."""

    name = "heuristic"
    #: What a search's heuristic rollouts play (see ``HeuristicRolloutEvaluator``).
    rollout_policy: ClassVar[type[Bot]]

    def choose(self, state: State) -> Action:
        assert isinstance(state, UnconsciousState)
        seat = self.seat
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = self._world(state)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            c = world.clone()
            c.apply_unchecked(a, seat)
            _settle(c, seat)
            v = worth(c, seat)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _world(self, state: UnconsciousState) -> UnconsciousState:
        """Where to look ahead: only in a world re-dealt from what this seat can see."""
        return state.determinize(self.seat, self.rng)


class RolloutBot(HeuristicBot):
    """The heuristic bot inside a search's rollout: it looks ahead in the state it is
    given, which there is already the search's own determinization (re-dealing it
    at each of a rollout's moves cost about a quarter of an iteration)."""

    name = "heuristic-rollout"

    def _world(self, state: UnconsciousState) -> UnconsciousState:
        return state


HeuristicBot.rollout_policy = RolloutBot
