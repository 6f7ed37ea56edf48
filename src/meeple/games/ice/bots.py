"""ICE's heuristic bot and evaluation.

The bot plays the game's loop plainly: get its leader onto the board (a camp
of its own, or a call to a camp), walk with archaeologists to a tile it can
afford to dig, dig, and at night lay the best request it can and put
artifacts on display. Sub-decisions are settled by small preferences
(figures next to the leader, the camp near it, prisms toward a pair). It
looks one action ahead at most, and only at what its seat can see.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.games.ice.actions import (
    DIG,
    DONE_DAY,
    END_TURN,
    PASS,
    PLAN,
    CallArchaeologist,
    CallLeader,
    Display,
    ExaltedPlace,
    Explore,
    Fulfil,
    KeepRequests,
    MoveCamp,
    PlaceFigure,
    PrismAs,
    SetUpCamp,
    TakeFallen,
    UseIce,
)
from meeple.games.ice.components import (
    ARTIFACT_LAYERS,
    BASIC_TYPES,
    DAYS,
    DISTANCE,
    EDIFICE,
    FACES,
    ICE,
    LAYER_OF,
    NUNATAK,
    REQUESTS,
    RULES,
    TAKE_PER_DAY,
    TUNNEL,
    Request,
)
from meeple.games.ice.rules import IceState
from meeple.games.ice.state import EOD, KEEP, OVER, TURN

#: Search settings that suit ICE: a heuristic playout of the rest of the turn, then
#: :func:`evaluate` squashed by tanh(value / 10) (``eval_scale``), so that values of
#: moves differ by a few hundredths: exploration must be small to tell them apart.
#: Pilots at 60 iterations a move against the heuristic bot (benchmarks/README.md):
#: c = 1.4 won 3 of 9, c = 0.1 3 of 5, c = 0.3 8 of 10.
MCTS_DEFAULTS = {"rollout": "heuristic", "turns": "1", "c": "0.3"}

#: What an artifact on the guild board is worth while nights remain to use it: a
#: request pays 1.5-2.3 VP per artifact laid and a display 1 (inactive) or 2 (active),
#: so a held artifact is worth a little less than what it will become.
HELD_WORTH = (1.0, 1.6)
#: Every AP still to spend today (and a Plan's AP tomorrow): digs to come.
AP_WORTH = 0.3
ICE_TILE_WORTH = 0.3
#: A deed card kept at setup is as hard to meet as a request for a pair of artifacts.
DEED_HARDNESS = 2
#: What completing a deed card tonight is worth over its VP, against an artifact card:
#: the artifacts stay to be laid or shown another night, the deed would be lost.
DEED_NOW = 1.5
#: Deeds whose last step the bot takes on purpose (cheap ones), for cards of this VP up.
PURSUED = ("ice", "call", "camp")
DEED_PURSUIT_VP = 3


def _nights_capacity(state: IceState, seat: int) -> int:
    """How many artifacts ``seat`` can still take off its board at the nights left."""
    if state.phase == OVER:
        return 0
    nights = 1 if state.final else DAYS - state.day + 1
    capacity = TAKE_PER_DAY * nights
    if state.phase == EOD:
        if seat not in state.eod_left:
            capacity -= TAKE_PER_DAY  # tonight is over for this seat
        elif state.eod_left[0] == seat:
            capacity -= state.eod_taken
    return max(0, capacity)


def worth(state: IceState, seat: int) -> float:
    """The score, plus what the guild board, the hand and today's AP can still bring.

    An artifact left on the board at the end scores nothing (unless an edict
    says so, which the score already counts), so only as many as the nights
    left can take count, the most valuable first.
    """
    held = sorted(
        (HELD_WORTH[state.lit(seat, i)] for i in range(len(state.board[seat]))), reverse=True
    )
    value = state.score_of(seat) + sum(held[: _nights_capacity(state, seat)])
    if state.phase == TURN:
        value += AP_WORTH * (state.ap[seat] + state.plan[seat])
    if not state.final and state.day < DAYS:
        value += ICE_TILE_WORTH * len(state.hand[seat])
    return value


def evaluate(state: State, seat: int) -> float:
    """:func:`worth` of ``seat`` against the best rival's (solo: its own)."""
    assert isinstance(state, IceState)
    mine = worth(state, seat)
    n = state.game.players
    if n == 1:
        return mine - float(RULES["solo_target"])
    return mine - max(worth(state, s) for s in range(n) if s != seat)


def _request_worth(request: Request) -> float:
    """A request to complete tonight: its VP, more for a deed card (its deed counts
    today only, and it lays no artifact that could score later)."""
    return request.vp + (DEED_NOW if request.deed else 0.0)


def _tile_value(state: IceState, p: int) -> float:
    """How much a dig of ``p`` is worth: artifact layers more than ice, deeper more."""
    layer = LAYER_OF[p]
    if layer in ARTIFACT_LAYERS:
        return 2.0 + layer
    return 1.0


class HeuristicBot(Bot):
    """Camp or call in, walk to an affordable dig, dig; lay requests and display at night."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"ice's heuristic bot takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, IceState)
        legal = state.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == KEEP:
            return self._give_back(legal)
        if state.phase == EOD:
            return self._night(state, legal)
        first = legal[0]
        if isinstance(first, PlaceFigure):
            return self._near_leader(state, legal)
        if isinstance(first, MoveCamp):
            return self._near_leader(state, legal)
        if isinstance(first, PrismAs):
            return self._prism(state, legal)
        if isinstance(first, TakeFallen):
            return max(legal, key=lambda a: self._fallen_worth(a))
        if isinstance(first, ExaltedPlace):
            return self._exalted(state, legal)
        return self._turn(state, legal)

    # -- setup and night -------------------------------------------------------------

    def _give_back(self, legal: list[Action]) -> Action:
        # Keep the requests that need fewest artifacts per VP; give back the hardest.
        # A deed card counts as hard as a pair: it must be done within one day.
        def hardness(a: Action) -> tuple[int, int]:
            assert isinstance(a, KeepRequests)
            request = REQUESTS[a.card]
            return (DEED_HARDNESS if request.deed else len(request.needs), -request.vp)

        return max(legal, key=hardness)

    def _night(self, state: IceState, legal: list[Action]) -> Action:
        fulfil = [a for a in legal if isinstance(a, Fulfil)]
        if fulfil:
            return max(fulfil, key=lambda a: _request_worth(REQUESTS[a.card]))
        displays = [a for a in legal if isinstance(a, Display)]
        me = self.seat
        last = state.day >= DAYS or bool(state.final)

        def value(a: Display) -> tuple[bool, bool, bool]:
            # Active ones first (2 renown); a prism last, for it makes its place's
            # others active while it stays; of the alike, the printed inactive one
            # (a printed active one stays active once the prism is gone).
            return (state.lit(me, state.display_index(me, a)), not a.prism, not a.active)

        if displays and (last or len(state.board[me]) >= 4):
            return max(displays, key=value)
        if displays:
            active = [a for a in displays if value(a)[0] and not a.prism]
            if active and state.day >= DAYS - 2:
                return max(active, key=value)
        return DONE_DAY

    # -- sub-decisions -----------------------------------------------------------------

    def _near_leader(self, state: IceState, legal: list[Action]) -> Action:
        at = state.leader[self.seat]

        def key(a: Action) -> tuple[int, int]:
            p = a.tile  # type: ignore[attr-defined]
            far = DISTANCE[at][p] if at >= 0 else 0
            return (far, state.covers_left(p))

        if isinstance(legal[0], PlaceFigure) and state.figures_to_place()[0] == self.seat:
            # My own leader: onto the tile that is cheapest to dig next.
            return min(legal, key=lambda a: state.covers_left(a.tile))  # type: ignore[attr-defined]
        return min(legal, key=key)

    def _prism(self, state: IceState, legal: list[Action]) -> Action:
        """The place where the prism makes most abilities work, then most artifacts active."""
        me = self.seat

        def value(a: Action) -> tuple[int, int]:
            child = state.clone()
            child.apply_unchecked(a, me)
            works = sum(child.works(me, k) for k in BASIC_TYPES)
            return (works, sum(child.lit(me, i) for i in range(len(child.board[me]))))

        return max(legal, key=value)

    def _fallen_worth(self, a: Action) -> float:
        assert isinstance(a, TakeFallen)
        if a.face < 0:
            return 0.0
        f = FACES[a.face]
        if f.layer == ICE:
            return 0.5
        return 1.0 + f.active if f.kind >= 0 else -1.0

    def _exalted(self, state: IceState, legal: list[Action]) -> Action:
        at = state.leader[self.seat]
        for a in legal:
            if a.tile == at and at >= 0:  # type: ignore[attr-defined]
                return a
        return legal[-1]

    # -- the turn --------------------------------------------------------------------

    def _turn(self, state: IceState, legal: list[Action]) -> Action:
        me = self.seat
        budget = state.turn_budget()
        for a in legal:
            if isinstance(a, UseIce) and a.terrain == NUNATAK:
                return a
        if DIG in legal:
            cost = state.dig_cost(me) or 0
            if cost <= max(budget, 0) or cost == 0:
                return DIG
        deed = self._deed_move(state, legal)
        if deed is not None:
            return deed
        at = state.leader[me]
        if at < 0:
            return self._enter(state, legal)
        for a in legal:
            if isinstance(a, UseIce) and a.terrain == TUNNEL and state.dig_target(me):
                return a
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Explore):
                continue
            if a.carry != min(3, state.arch[at]):
                continue
            child = state.clone()
            child.apply_unchecked(a, me)
            after = child.dig_cost(me)
            if after is None or LAYER_OF[a.tile] == EDIFICE:
                continue
            left = child.turn_budget()
            value = _tile_value(child, a.tile) - after + (3.0 if after <= left else 0.0)
            if best is None or value > best[0]:
                best = (value, a)
        if best is not None and best[0] >= 3.0:
            return best[1]
        if state.camp[at]:
            for a in legal:
                if isinstance(a, CallArchaeologist) and a.tile == at:
                    return a
        if best is not None and budget >= 2:
            return best[1]
        if PLAN in legal and budget >= 1 and state.ap[me] - 1 < 3:
            return PLAN
        if END_TURN in legal and state.spent > 0:  # after a free step alone, walk on
            return END_TURN
        explores = [a for a in legal if isinstance(a, Explore)]
        if best is not None:
            return best[1]
        if PLAN in legal:
            return PLAN
        if explores:
            return explores[self.rng.randbelow(len(explores))]
        return END_TURN if END_TURN in legal else PASS

    def _deed_move(self, state: IceState, legal: list[Action]) -> Action | None:
        """The last step of a deed request it could complete tonight, when that step is
        cheap: the last Call or camp (1 AP), or the last two ice tiles (free). Other
        deeds (steps, digs, falls, edifices) come from its plain play."""
        me = self.seat
        wanted: dict[str, int] = {}
        for card in state.bounty + state.private[me]:
            request = REQUESTS[card]
            if request.deed in PURSUED and request.vp >= DEED_PURSUIT_VP:
                left = request.times - request.counter(state.deeds[me])
                if left > 0:
                    wanted[request.deed] = min(wanted.get(request.deed, left), left)
        if wanted.get("ice", 99) <= 2:
            for a in legal:
                if isinstance(a, UseIce):
                    return a
        if wanted.get("call", 99) <= 1:
            calls = [a for a in legal if isinstance(a, CallArchaeologist)]
            if calls:
                at = state.leader[me]
                return min(calls, key=lambda a: DISTANCE[at][a.tile] if at >= 0 else 0)
        if wanted.get("camp", 99) <= 1:
            camps = [a for a in legal if isinstance(a, SetUpCamp)]
            if camps:
                return max(
                    camps, key=lambda a: (state.uncovered(a.tile), _tile_value(state, a.tile))
                )
        return None

    def _enter(self, state: IceState, legal: list[Action]) -> Action:
        """Leader off the board: set up a camp on a good tile, or call in to a camp."""
        camps = [a for a in legal if isinstance(a, SetUpCamp)]
        if camps:
            return max(camps, key=lambda a: (state.uncovered(a.tile), _tile_value(state, a.tile)))
        calls = [a for a in legal if isinstance(a, CallLeader)]
        if calls:
            return max(calls, key=lambda a: (state.uncovered(a.tile), state.arch[a.tile]))
        if PLAN in legal:
            return PLAN
        return END_TURN if END_TURN in legal else PASS
