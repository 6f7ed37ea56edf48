"""ICE rules: the Game and the forward model.

A match: setup (tiles stacked at random, the day-1 event, guilds dealt,
requests dealt and one of three given back by each player), then up to 8
days. A day: every player gets their AP, turns go round (1-3 AP each, or a
pass) until nobody has AP left, then the end of the day (artifacts to
requests and to display), the bounty refilled, the start player moves left.
A dig is one action; what it leaves to decide (where the figures go, where
the camp goes, Philosophy's pick, Exalted's archaeologist, prisms' types)
are small decisions of the mover that follow it, on the state's decision stack
(their kinds in decisions.py, what they carry out in aftermath.py). The data is
in state.py, what a seat sees in view.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from typing import Any

import numpy as np

from meeple.core import Action, Game, GameOption, Rng, Turn
from meeple.core import decisions as dec
from meeple.core.decisions import Decision
from meeple.core.errors import IllegalActionError, OptionError
from meeple.core.kinds import DecidingState
from meeple.core.turn import TERMINAL_TURN
from meeple.games.ice import hidden
from meeple.games.ice import view as _view
from meeple.games.ice.actions import (
    DIG,
    DONE_DAY,
    END_TURN,
    HARMONIZE,
    PASS,
    PLAN,
    CallArchaeologist,
    CallLeader,
    Dig,
    Display,
    DoneDay,
    EndTurn,
    Explore,
    Fulfil,
    Harmonize,
    KeepRequests,
    Pass,
    Plan,
    SetUpCamp,
    UseIce,
)
from meeple.games.ice.aftermath import camp_targets, camps_left, gain, place_prisms, share_left
from meeple.games.ice.board import NOTHING, falls_after, visible_of
from meeple.games.ice.components import (
    ARCHAEOLOGISTS,
    BASIC_TYPES,
    BOUNTY,
    CAMP_T,
    CAMPS,
    CENTRE,
    DAYS,
    DEED_COUNTERS,
    DEED_KINDS,
    DIG_COUNTER,
    DISTANCE,
    EDICTS,
    EDIFICE,
    EDIFICE_EFFECTS,
    ENLIGHTENED,
    EVENTS,
    EXALTED,
    FACES,
    FAULT,
    GUILDS,
    HARMONY,
    ICE,
    LAYER_MIX,
    LAYER_OF,
    LAYER_POSITIONS,
    NEAR,
    NP,
    NR,
    NUNATAK,
    OBLITERATION,
    PHILOSOPHY,
    PRISM,
    RENOWN,
    REQUESTS,
    RULES,
    SNOW,
    SUPPORTS,
    TAKE_PER_DAY,
    TUNNEL,
)
from meeple.games.ice.decisions import (
    EXALT_ACTIONS,
    KINDS,
    MOVE_CAMP_ACTIONS,
    NO_EXALT,
    NO_TAKE,
    PRISM_ACTIONS,
    SHARE_ACTIONS,
    TAKE_ACTIONS,
)
from meeple.games.ice.state import (
    ARCH,
    CAMP,
    DUG,
    EOD,
    EXALT,
    FALLEN,
    FREE_STEP,
    HARMONY_USED,
    KEEP,
    OBLITERATION_USED,
    OVER,
    SHARE,
    TURN,
    IceData,
)

__all__ = ["Ice", "IceState"]

SEAT_TURNS = tuple(Turn.seat(s) for s in range(5))
_CALL_ARCH = tuple(CallArchaeologist(p) for p in range(NP))
_CALL_LEADER = tuple(CallLeader(p) for p in range(NP))
_CAMP = tuple(SetUpCamp(p) for p in range(NP))
_EXPLORE = tuple(tuple(Explore(p, k) for k in range(4)) for p in range(NP))
_KEEP = tuple(KeepRequests(c) for c in range(NR))
_FULFIL = tuple(Fulfil(c) for c in range(NR))
#: Display actions by (place, prism, printed active).
_DISPLAY = {
    (t, prism, active): Display(t, prism, active)
    for t in BASIC_TYPES
    for prism in (False, True)
    for active in (False, True)
}
_ICE_TARGETED = {FAULT: "near", SNOW: "near"}
_SPACING = int(RULES["camp_spacing"])
_POSITIONS = tuple(range(NP))


def _open_near(tile: list[int], at: int) -> list[int]:
    """The visible tiles near ``at`` with no fault, in ``NEAR`` order."""
    return visible_of(tile, NEAR[at], NOTHING, True)


#: Where a camp may be set (any position but an edifice), in order.
_CAMP_SPOTS = tuple(p for p in range(NP) if LAYER_OF[p] != EDIFICE)
#: The camp spots too near a camp on each position (closer than the spacing): the
#: legal camps are the visible spots outside every camp's set, found without measuring
#: each spot against each camp every turn.
_TOO_NEAR = tuple(frozenset(p for p in _CAMP_SPOTS if DISTANCE[p][q] < _SPACING) for q in range(NP))
_FINAL_AP = int(RULES["final_turn_ap"])
#: ``IceState.final``: the edifices are out and the day is played out; then the last turns.
_PLAY_OUT, _LAST_TURNS = 1, 2
#: Generous bound on the actions of one match (see Ice.max_game_length).
_MAX_LENGTH = 20000


def _ice_actions() -> list[UseIce]:
    out = []
    for t in range(5):
        if t in _ICE_TARGETED:
            out += [UseIce(t, p) for p in range(NP)]
        else:
            out.append(UseIce(t, -1))
    return out


_USE_ICE = {(a.terrain, a.tile): a for a in _ice_actions()}


class Ice(Game):
    """ICE (first edition) for 1-5 players; one player plays the designed solo game.

    >>> game = Ice(players=3)
    >>> state = game.new_initial_state(seed=1)
    >>> state.phase_name(), state.current_seat()
    ('keep', 0)
    """

    name = "ice"
    title = "ICE"
    title_zh = "冰封遺跡"
    min_players = 1
    max_players = 5
    default_players = 2
    perfect_information = False
    option_specs = (
        GameOption(
            "edifice",
            False,
            help="a random edifice's effect holds all game (the seed advises against it at first)",
        ),
        GameOption(
            "end",
            "all",
            help="all: the game ends once every edifice is exposed (the seed); "
            "first: once the first one is (the publisher's blurb)",
            choices=("all", "first"),
        ),
    )

    def enumerate_actions(self) -> Iterable[Action]:
        return [
            *_KEEP,
            *_CAMP,
            *_CALL_ARCH,
            *_CALL_LEADER,
            *(a for row in _EXPLORE for a in row),
            DIG,
            PLAN,
            HARMONIZE,
            *_USE_ICE.values(),
            END_TURN,
            PASS,
            *SHARE_ACTIONS,
            *MOVE_CAMP_ACTIONS,
            NO_TAKE,
            *TAKE_ACTIONS,
            NO_EXALT,
            *EXALT_ACTIONS,
            *PRISM_ACTIONS,
            *_FULFIL,
            *_DISPLAY.values(),
            DONE_DAY,
        ]

    def max_game_length(self) -> int:
        # Per dig at most ~70 actions (the dig, up to 55 figures, a camp, prisms,
        # Philosophy, Exalted) over at most 155 digs; AP actions and turn ends are
        # bounded by the AP of 8 days; ice tiles by the 61 ice tiles.
        return _MAX_LENGTH

    def new_initial_state(self, seed: int = 0) -> IceState:
        return _setup(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> IceState:
        return IceState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (_view.obs_size(),)


def _setup(game: Ice, seed: int) -> IceState:
    """The seed's setup: boards, leaders and camps, the stacked layers, day 1's event,
    the edicts, the requests (3 dealt, 2 kept), the bounty."""
    n = game.players
    rng = Rng(seed)
    s = object.__new__(IceState)
    s.game = game
    tile = [0] * NP
    for layer, positions in enumerate(LAYER_POSITIONS):
        mix = list(LAYER_MIX[layer])
        rng.shuffle(mix)
        for p, f in zip(positions, mix, strict=True):
            tile[p] = f
    s.tile = tile
    s.arch = [0] * NP
    s.camp = [0] * NP
    s.leader = [-1] * n
    guilds = list(range(len(GUILDS)))
    rng.shuffle(guilds)
    s.guild = guilds[:n]
    s.ap = [0] * n
    s.plan = [0] * n
    s.camps_held = [1] * n
    # The unused players' camps stay in the pool; components.CAMPS_NEEDED makes sure
    # it holds one for every camp tile, the day-1 event and the camp tiles' ability.
    s.camp_pool = CAMPS - n
    s.arch_supply = ARCHAEOLOGISTS
    for p in LAYER_POSITIONS[ICE]:
        terrain = FACES[tile[p]].terrain
        if terrain == CAMP_T:
            s.camp[p] = 1
            s.camp_pool -= 1
        elif terrain == TUNNEL:
            s.arch[p] += 1
            s.arch_supply -= 1
    s.board = [[] for _ in range(n)]
    s.prism_as = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    deck = list(range(NR))
    rng.shuffle(deck)
    kept = int(RULES["private_dealt"])
    s.private = [sorted(deck[i * kept : (i + 1) * kept]) for i in range(n)]
    deck = deck[n * kept :]
    s.bounty = sorted(deck[: BOUNTY[n - 1]])
    s.deck = deck[BOUNTY[n - 1] :]
    s.given_back = [[] for _ in range(n)]
    s.done = [[] for _ in range(n)]
    edicts = list(range(len(EDICTS)))
    rng.shuffle(edicts)
    s.edicts = sorted(edicts[: int(RULES["edicts_per_game"])])
    s.edifice_effect = rng.randbelow(len(EDIFICE_EFFECTS)) if game.options["edifice"] else -1
    s.shown = [[] for _ in range(n)]
    s.shown_lit = [[] for _ in range(n)]
    s.deeds = [[0] * len(DEED_COUNTERS) for _ in range(n)]
    s.renown = [0] * n
    s.camps_set = [0] * n
    s.edifices_found = [0] * n
    s.decisions = dec.EMPTY
    s.final = 0
    s.final_left, s.eod_left = [], []
    s.eod_taken = s.eod_req = 0
    s.phase = KEEP
    s.day = 1
    s.start = 0
    s.current = 0
    s.spent = 0
    s.flags = 0
    s.open_event()
    return s


class IceState(DecidingState, IceData):
    """The forward model over an ICE state. What a dig leaves its digger to decide is
    answered through its kind (decisions.KINDS); the phases below decide otherwise."""

    __slots__ = ()
    KINDS = KINDS

    game: Ice

    # -- whose turn -----------------------------------------------------------------

    def phase_turn(self) -> Turn:
        if self.phase == OVER:
            return TERMINAL_TURN
        return SEAT_TURNS[self.current]

    def phase_name(self) -> str:
        return ("keep", "turn", "end_of_day", "over")[self.phase]

    # -- legal actions ----------------------------------------------------------------

    def phase_actions(self, seat: int) -> list[Action]:
        if self.phase == KEEP:
            return [_KEEP[c] for c in self.private[seat]]
        if self.phase == EOD:
            return self._eod_actions(seat)
        return self._turn_actions(seat)

    def camp_targets(self) -> list[int]:
        """Where the camp a dig left to move may go (none when no camp waits)."""
        camp = self.owed().get(CAMP)
        return camp_targets(self, camp[1]) if camp else []

    def _turn_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        budget = self.turn_budget()
        at = self.leader[seat]
        if budget >= 1:
            camps = list(compress(_POSITIONS, self.camp))
            if self.camps_held[seat] > 0:
                near = NOTHING.union(*[_TOO_NEAR[q] for q in camps])
                out += [_CAMP[p] for p in visible_of(self.tile, _CAMP_SPOTS, near, False)]
            if self.arch_supply > 0:
                out += [_CALL_ARCH[p] for p in camps]
            out += [_CALL_LEADER[p] for p in camps if p != at]
        step = 0 if self.free_step(seat) else 1
        if at >= 0 and budget >= step:
            carry = min(int(RULES["explore_carry"]), self.arch[at])
            for p in self.step_targets(at):
                out += _EXPLORE[p][: carry + 1]
        cost = self.dig_cost(seat)
        if cost is not None and (cost == 0 or cost <= budget):
            out.append(DIG)
        if budget >= 1 and not self.plan[seat]:
            out.append(PLAN)
        if (
            budget >= 1
            and at >= 0
            and not self.flags & HARMONY_USED
            and self.works(seat, HARMONY)
            and self.pull_sources(at)
        ):
            out.append(HARMONIZE)
        for terrain in sorted(set(self.hand[seat])):
            out += self._ice_uses(seat, terrain)
        if self.spent > 0 or self.may_end_keeping_ap(seat):
            out.append(END_TURN)
        if self.spent == 0:
            out.append(PASS)
        return out

    def may_end_keeping_ap(self, seat: int) -> bool:
        """Whether ``seat``, who has spent no AP this turn, may still end it keeping its
        AP: after the Navigators' free step (the turn did something), while another
        player has AP today (their turns spend the day; alone, ``seat`` would only start
        its own next turn with a new free step, so it spends or passes), or in the last
        turns, which end one by one whatever is left (docs/games/ice.md, "Pass")."""
        if not self.flags & FREE_STEP:
            return False
        if self.last_turns():
            return True
        return any(ap > 0 for s, ap in enumerate(self.ap) if s != seat)

    def last_turns(self) -> bool:
        """Whether the game is in its last turns (one each, after the last day)."""
        return self.final == _LAST_TURNS

    def is_fault(self, p: int) -> bool:
        """A fault ice tile still on the board (it blocks every route to and from it)."""
        face = self.tile[p]
        return face >= 0 and LAYER_OF[p] == ICE and FACES[face].terrain == FAULT

    def step_targets(self, at: int) -> list[int]:
        """Tiles a leader on ``at`` can step to: near, visible, and no fault at either end.

        The seed's fault "阻礙相鄰版塊間的移動路線" blocks the route between it and
        the tiles next to it, both ways: nobody steps onto a fault, nor off one
        (a leader standing on a fault leaves by Call, or by digging it).
        """
        if self.is_fault(at):
            return []
        return _open_near(self.tile, at)

    def pull_sources(self, at: int) -> list[int]:
        """Nearby tiles an archaeologist can be pulled from onto ``at`` (Harmony, the
        fault tile's ability): visible, holding one, and no fault at either end."""
        if self.is_fault(at):
            return []
        arch = self.arch
        return [p for p in _open_near(self.tile, at) if arch[p]]

    def _ice_uses(self, seat: int, terrain: int) -> list[Action]:
        at = self.leader[seat]
        if terrain == CAMP_T:
            return [_USE_ICE[(CAMP_T, -1)]] if self.camp_pool > 0 else []
        if terrain == NUNATAK:
            return [_USE_ICE[(NUNATAK, -1)]]
        if at < 0:
            return []
        if terrain == TUNNEL:
            return [_USE_ICE[(TUNNEL, -1)]] if self.arch_supply > 0 else []
        if terrain == FAULT:
            return [_USE_ICE[(FAULT, p)] for p in self.pull_sources(at)]
        return [_USE_ICE[(SNOW, p)] for p in self.step_targets(at)]

    def _eod_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if not self.eod_req:
            out += [_FULFIL[card] for card in self.completable(seat)]
        if self.eod_taken < TAKE_PER_DAY:
            out += [_DISPLAY[key] for key in sorted(self.display_keys(seat))]
        out.append(DONE_DAY)
        return out

    def completable(self, seat: int) -> list[int]:
        """The requests ``seat`` could complete now, at night: a deed card whose deed it
        did today, or an artifact card its guild board can lay within tonight's three."""
        out = []
        for card in sorted(self.bounty + self.private[seat]):
            request = REQUESTS[card]
            if request.deed:
                if self.deed_met(seat, card):
                    out.append(card)
            elif self.eod_taken + len(request.needs) <= TAKE_PER_DAY and self.match(
                seat, request.needs
            ):
                out.append(card)
        return out

    def display_keys(self, seat: int) -> set[tuple[int, bool, bool]]:
        """The different artifacts ``seat`` could display: (place, prism, printed active)."""
        return {
            (self.place_of(seat, i), FACES[f].kind == PRISM, FACES[f].active)
            for i, f in enumerate(self.board[seat])
        }

    def match(self, seat: int, needs: tuple[int, ...]) -> list[int] | None:
        """Guild slots that can be laid on a request needing ``needs`` (None: cannot).

        Each type takes a matching artifact if there is one (an inactive one
        first: active ones are worth more on display), else a prism.
        """
        board = self.board[seat]
        used: list[int] = []
        for t in needs:
            best = -1
            for prefer_prism in (False, True):
                for active in (False, True):
                    for slot, f in enumerate(board):
                        face = FACES[f]
                        if slot in used or face.active != active:
                            continue
                        if (face.kind == PRISM) == prefer_prism and (
                            prefer_prism or face.kind == t
                        ):
                            best = slot
                            break
                    if best >= 0:
                        break
                if best >= 0:
                    break
            if best < 0:
                return None
            used.append(best)
        return used

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        if self.phase == OVER or seat not in (None, self.current):
            return False
        return action in self._legal_actions(self.current)

    # -- applying ---------------------------------------------------------------------

    def phase_apply(self, action: Action, seat: int | None) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{action} answers no decision owed now")
        handler(self, self.current, action)

    def _keep(self, me: int, a: KeepRequests) -> None:
        self.private[me].remove(a.card)
        self.given_back[me].append(a.card)
        if me + 1 < self.game.players:
            self.current = me + 1
            return
        self.phase = TURN
        self.start_day_turns()

    def _spend(self, me: int, cost: int) -> None:
        self.ap[me] -= cost
        self.spent += cost

    def _set_up_camp(self, me: int, a: SetUpCamp) -> None:
        self._spend(me, 1)
        self.camps_held[me] -= 1
        self.camp[a.tile] = 1
        self.leader[me] = a.tile
        self.camps_set[me] += 1
        self.did(me, "camp")

    def _call_arch(self, me: int, a: CallArchaeologist) -> None:
        self._spend(me, 1)
        n = self.call_brings(me)
        self.arch[a.tile] += n
        self.arch_supply -= n
        self.did(me, "call")

    def _call_leader(self, me: int, a: CallLeader) -> None:
        self._spend(me, 1)
        self.leader[me] = a.tile

    def _explore(self, me: int, a: Explore) -> None:
        if self.free_step(me):
            self.flags |= FREE_STEP
        else:
            self._spend(me, 1)
        at = self.leader[me]
        self.arch[at] -= a.carry
        self.arch[a.tile] += a.carry
        self.leader[me] = a.tile
        self.did(me, "step")
        self.did(me, "escort", a.carry)

    def _plan(self, me: int, a: Plan) -> None:
        self._spend(me, 1)
        self.plan[me] = 1

    def _harmonize(self, me: int, a: Harmonize) -> None:
        self._spend(me, 1)
        self.flags |= HARMONY_USED
        at = self.leader[me]
        for p in self.pull_sources(at):
            self.arch[p] -= 1
            self.arch[at] += 1

    def _use_ice(self, me: int, a: UseIce) -> None:
        self.hand[me].remove(a.terrain)
        self.did(me, "ice")
        at = self.leader[me]
        if a.terrain == CAMP_T:
            self.camp_pool -= 1
            self.camps_held[me] += 1
        elif a.terrain == NUNATAK:
            self.ap[me] += 1
        elif a.terrain == TUNNEL:
            self.arch_supply -= 1
            self.arch[at] += 1
        elif a.terrain == FAULT:
            self.arch[a.tile] -= 1
            self.arch[at] += 1
        else:
            self.leader[me] = a.tile

    def _end_turn(self, me: int, a: EndTurn | Pass) -> None:
        if isinstance(a, Pass):
            self.ap[me] = 0
        self.next_turn()

    # -- digging and collapse -----------------------------------------------------------

    def _dig(self, me: int, a: Dig) -> None:
        cost = self.dig_cost(me)
        target = self.dig_target(me)
        assert cost is not None and target is not None
        self._spend(me, cost)
        first = not self.flags & DUG
        self.flags |= DUG
        removed = [p for p in target if p >= 0]
        for p in removed:
            self.deeds[me][DIG_COUNTER + LAYER_OF[p]] += 1
        figures: list[int] = []
        arch = camps = 0
        for p in removed:
            figures += [x for x, at in enumerate(self.leader) if at == p]
            arch += self.arch[p]
            camps += self.camp[p]
        below = sorted(
            {q for p in removed for q in SUPPORTS[p] if self.tile[q] >= 0} - set(removed)
        )
        before = self.edifices_exposed()
        faces = [self.take_off(p) for p in removed]
        gained = False
        for face in faces:
            gained = gain(self, me, face) or gained
        fell = self.collapse(me, removed)
        self.did(me, "fall", len(fell))
        exposed = tuple(p for p in below if self.tile[p] >= 0)
        figures += [ARCH] * arch
        share: tuple[tuple[int, ...], ...] | None = None
        camp: tuple[int, tuple[int, ...]] | None = None
        if exposed and (figures or camps):
            camp = camps_left(self, me, camps, exposed)
            share = share_left(self, figures, exposed, [0] * len(exposed))
        else:
            self.camps_held[me] += camps
        # what is left to decide, in the order it is decided (state.KIND_NAMES)
        owed = [
            Decision(me, SHARE, share) if share is not None else None,
            Decision(me, CAMP, camp) if camp is not None else None,
            place_prisms(self, me) if gained else None,
        ]
        if fell:
            if self.works(me, PHILOSOPHY):
                owed.append(Decision(me, FALLEN, (tuple(fell),)))
            if self.works(me, OBLITERATION) and not self.flags & OBLITERATION_USED:
                self.flags |= OBLITERATION_USED
                self.ap[me] += int(RULES["obliteration_ap"])
        if first and exposed and self.arch_supply > 0 and self.works(me, EXALTED):
            owed.append(Decision(me, EXALT, (exposed,)))
        self.decisions = dec.push(self.decisions, *(d for d in owed if d is not None))
        found = self.edifices_exposed() - before
        if found > 0:
            self.edifices_found[me] += found
            self.did(me, "edifice", found)
            self.check_end()

    def did(self, me: int, deed: str, n: int = 1) -> None:
        """Count ``n`` of ``deed`` (components.DEED_KINDS) done by ``me`` today."""
        self.deeds[me][DEED_KINDS.index(deed)] += n

    def take_off(self, p: int) -> int:
        """Lift a tile off the board (figures back, leaders off); returns its face."""
        face = self.tile[p]
        self.tile[p] = -1
        self.arch_supply += self.arch[p]
        self.arch[p] = 0
        for s, at in enumerate(self.leader):
            if at == p:
                self.leader[s] = -1
        self.camp[p] = 0
        return face

    def collapse(self, me: int, removed: list[int]) -> list[int]:
        """Every tile left with too few same-layer neighbours falls, in cascade.

        A tile falls when at most one of its neighbours is left; a tile on its
        layer's edge only when none is. Its figures go back, its camp to the
        mover. Returns the fallen tiles' faces (turned up as they leave).
        """
        fell: list[int] = []
        for q in falls_after(self.tile, removed):  # board.py: the one copy of the rule
            self.camps_held[me] += self.camp[q]
            self.camp[q] = 0
            fell.append(self.take_off(q))
        return fell

    def check_end(self) -> None:
        """All edifices exposed (or the first, by option): the day is the last.

        It is played out (everyone spends the AP they have left), then every
        player, from the one after the digger, gets one last turn of up to 3
        AP, then the last night. (A decision: the last turns used to start at
        once, which cut the day short for whoever came late in its order and
        made the end favour seats by their place in the rotation; see
        docs/games/ice.md, "Decisions".)
        """
        if self.final:
            return
        need = 1 if self.game.options["end"] == "first" else len(LAYER_POSITIONS[EDIFICE])
        if self.edifices_exposed() >= need:
            n = self.game.players
            self.final = _PLAY_OUT
            self.final_left = [(self.current + k) % n for k in range(1, n + 1)]

    # -- days -----------------------------------------------------------------------

    def open_event(self) -> None:
        """Apply the effects of today's event that act once, when it is turned up."""
        ev = EVENTS[self.day - 1]
        if ev["kind"] == "place":
            if not self.camp[CENTRE]:
                self.camp[CENTRE] = 1
                self.camp_pool -= 1
            for k in ev.get("tiles", []):
                p = LAYER_POSITIONS[ICE][int(k)]
                if self.arch_supply > 0:
                    self.arch[p] += 1
                    self.arch_supply -= 1
        elif ev["kind"] == "reinforce":
            for p in range(NP):
                if self.camp[p] and self.arch_supply > 0:
                    self.arch[p] += 1
                    self.arch_supply -= 1

    def start_day_turns(self) -> None:
        """Every player's AP for the day, then the start player's turn."""
        n = self.game.players
        for s in range(n):
            self.ap[s] = self.day_ap(s)
            self.plan[s] = 0
            self.deeds[s] = [0] * len(DEED_COUNTERS)  # a deed request counts one day's deeds
        self.begin_turn(self.start)

    def begin_turn(self, seat: int) -> None:
        self.current = seat
        self.spent = 0
        self.flags = 0

    def next_turn(self) -> None:
        """The next player with AP left, else the last turns (once the edifices are out),
        else the end of the day."""
        n = self.game.players
        if self.final == _PLAY_OUT and not any(self.ap):
            self.final = _LAST_TURNS
        if self.final == _LAST_TURNS:
            if self.final_left:
                s = self.final_left.pop(0)
                self.ap[s] = _FINAL_AP
                self.begin_turn(s)
                return
            self.start_eod()
            return
        for k in range(1, n + 1):
            s = (self.current + k) % n
            if self.ap[s] > 0:
                self.begin_turn(s)
                return
        self.start_eod()

    def start_eod(self) -> None:
        n = self.game.players
        self.phase = EOD
        self.eod_left = [(self.start + k) % n for k in range(n)]
        self.next_eod()

    def next_eod(self) -> None:
        """The next player to take artifacts tonight; after the last, the next day."""
        while self.eod_left:
            s = self.eod_left[0]
            if self.board[s] or self.completable(s):
                self.current = s
                self.eod_taken = self.eod_req = 0
                return
            self.eod_left.pop(0)
        self.eod_taken = self.eod_req = 0
        want = BOUNTY[self.game.players - 1]
        while len(self.bounty) < want and self.deck:
            self.bounty.append(self.deck.pop(0))
        self.bounty.sort()
        if self.final or self.day >= DAYS:
            self.phase = OVER
            self.current = 0
            return
        self.day += 1
        self.start = (self.start + 1) % self.game.players
        self.phase = TURN
        self.open_event()
        self.start_day_turns()

    def _fulfil(self, me: int, a: Fulfil) -> None:
        needs = REQUESTS[a.card].needs  # none for a deed card: the deed was done today
        slots = self.match(me, needs)
        assert slots is not None
        self.drop_slots(me, slots)
        if a.card in self.bounty:
            self.bounty.remove(a.card)
        else:
            self.private[me].remove(a.card)
        self.done[me].append(a.card)
        self.eod_req = 1
        self.eod_taken += len(needs)

    def drop_slots(self, me: int, slots: list[int]) -> None:
        for slot in sorted(slots, reverse=True):
            del self.board[me][slot]
            del self.prism_as[me][slot]

    def display_index(self, seat: int, a: Display) -> int:
        """The artifact ``a`` takes off ``seat``'s board: the first that fits it (artifacts
        alike in place, prism and printed side are alike in play)."""
        return next(
            i
            for i, f in enumerate(self.board[seat])
            if self.place_of(seat, i) == a.place
            and (FACES[f].kind == PRISM) == a.prism
            and FACES[f].active == a.active
        )

    def _display(self, me: int, a: Display) -> None:
        i = self.display_index(me, a)
        face = self.board[me][i]
        lit = self.lit(me, i)  # a prism in its place makes it active, while it is there
        self.drop_slots(me, [i])
        self.shown[me].append(face)
        self.shown_lit[me].append(int(lit))
        self.renown[me] += RENOWN[int(lit)] + self.modifier("renown")
        self.eod_taken += 1

    def _done_day(self, me: int, a: DoneDay) -> None:
        self.eod_left.pop(0)
        self.next_eod()

    # -- hidden information: what a seat sees (view.py), the rest (hidden.py) ----------

    def view(self, seat: int | None) -> dict[str, Any]:
        return _view.view(self, seat)

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return _view.observation_tensor(self, seat)

    def determinize(self, seat: int, rng: Rng) -> IceState:
        return hidden.determinize(self, seat, rng)

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        return hidden.redact(self, action, actor, viewer)

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return hidden.reveals(action, seat)

    # -- results -----------------------------------------------------------------------

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Requests, each edict and renown for ``seat``."""
        per_request = 2 if self.guild[seat] == ENLIGHTENED else 0
        if self.edifice_effect >= 0 and EDIFICE_EFFECTS[self.edifice_effect]["kind"] == "request":
            per_request += int(EDIFICE_EFFECTS[self.edifice_effect]["value"])
        out = {"requests": sum(REQUESTS[c][1] + per_request for c in self.done[seat])}
        for e in self.edicts:
            out[str(EDICTS[e]["key"])] = self.edict_score(seat, e)
        out["renown"] = self.renown[seat]
        return out

    def edict_score(self, seat: int, e: int) -> int:
        kind, value = EDICTS[e]["kind"], int(EDICTS[e]["value"])
        shown = [FACES[f] for f in self.shown[seat]]
        if kind == "requests":
            n = len(self.done[seat])
        elif kind == "distinct":
            n = len({f.kind for f in shown})
        elif kind == "pairs":
            n = sum(sum(1 for f in shown if f.kind == t) // 2 for t in range(6))
        elif kind == "ice":
            n = len(self.hand[seat])
        elif kind == "active":
            n = sum(self.shown_lit[seat])
        elif kind == "camps":
            n = self.camps_set[seat]
        elif kind == "edifices":
            n = self.edifices_found[seat]
        elif kind == "board":
            n = len(self.board[seat])
        else:
            raise OptionError(f"unknown edict kind {kind!r}")
        return n * value

    def score_of(self, seat: int) -> float:
        """``seat``'s score now: what :meth:`score_breakdown` adds up to."""
        return float(sum(self.score_breakdown(seat).values()))

    def scores(self) -> list[float]:
        return [self.score_of(s) for s in range(self.game.players)]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        # Recorded tiebreak (designed): more renown, then more requests, then more
        # artifacts left on the guild board; still equal: the rank is shared.
        return [
            (float(self.renown[s]), float(len(self.done[s])), float(len(self.board[s])))
            for s in range(self.game.players)
        ]

    def solo_won(self) -> bool:
        return self.scores()[0] >= int(RULES["solo_target"])

    def returns(self) -> list[float]:
        if self.game.players == 1:
            if not self.is_terminal():
                return [0.0]
            return [1.0 if self.solo_won() else -1.0]
        return super().returns()


_HANDLERS: dict[type, Any] = {
    KeepRequests: IceState._keep,
    SetUpCamp: IceState._set_up_camp,
    CallArchaeologist: IceState._call_arch,
    CallLeader: IceState._call_leader,
    Explore: IceState._explore,
    Dig: IceState._dig,
    Plan: IceState._plan,
    Harmonize: IceState._harmonize,
    UseIce: IceState._use_ice,
    EndTurn: IceState._end_turn,
    Pass: IceState._end_turn,
    Fulfil: IceState._fulfil,
    Display: IceState._display,
    DoneDay: IceState._done_day,
}
