"""Unconscious Mind rules: the Game and the forward model.

A match: setup (setup.py), each player keeping a starting tile, then turns
clockwise until the round after the one in which Freud's marker reaches 10
(or the designed round cap). A turn: place ideas or recall them; the uses of
the action (effects on the decision stack); the inkpot or treating (the
recall bonus or treating); the end of the turn (goal tiles, new clients and
dreams). Every choice inside an effect is a decision on the stack
(engine.py), answered through its kind (decisions.py), so the turn is a
chain of small actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from meeple.core import Action, Game, GameOption, Rng, Turn
from meeple.core.kinds import DecidingState
from meeple.core.turn import TERMINAL_TURN
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import hidden as hd
from meeple.games.unconscious import notebook as nb
from meeple.games.unconscious import setup as su
from meeple.games.unconscious import turns as tn
from meeple.games.unconscious import view as _view
from meeple.games.unconscious.actions import (
    DONE,
    KEEP_ACTIONS,
    RECALL,
    Coffee,
    Done,
    KeepStart,
    Option,
    PlaceIdeas,
    Recall,
    Treat,
)
from meeple.games.unconscious.components import (
    ACTION_ROW,
    ACTION_SPACES,
    CLIENTS,
    COMPLEX_CLIENTS,
    DREAMS,
    GRIEF,
    LIGHTNING,
    MAJOR,
    MATCH_BONUS,
    NA,
    NS,
    RECALL_ERA2_VP,
    RULES,
    SCORING,
    SOLO,
    TAG_COLOUR,
    TAG_SCALE,
    WILD,
    ZONE_VP,
    Effect,
)
from meeple.games.unconscious.decisions import (
    CARDS,
    CELLS,
    COLOURS,
    KINDS,
    MARKET,
    OPTIONS,
    ROOMS,
    SPOT_COFFEE,
    SPOTS,
    STEPS,
)
from meeple.games.unconscious.state import (
    EMPTY,
    FOLLOW,
    KEEP,
    OVER,
    PLAY,
    START,
    TREAT,
    UnconsciousData,
)

__all__ = ["Unconscious", "UnconsciousState"]

SEAT_TURNS = tuple(Turn.seat(s) for s in range(4))
_PLACE = tuple(
    PlaceIdeas(space, a, ideas, bright)
    for space in range(NS)
    for a in range(NA)
    if space in ACTION_SPACES[a]
    for ideas in range(1, 4)
    for bright in range(0, 3)
    if ideas + bright <= LIGHTNING[space]
)
_TREAT = tuple(Treat(r, how) for r in range(2) for how in range(3))
_COFFEE = tuple(Coffee(k) for k in range(3))
COFFEE_COST = (
    int(RULES["coffee_bright"]),
    int(RULES["coffee_elevate"]),
    int(RULES["coffee_transfer"]),
)
ROUND_CAP = tn.ROUND_CAP
#: Generous bound on the actions of one match: 30 rounds of at most 4 turns, each a
#: few hundred small decisions at most (see Unconscious.max_game_length).
_MAX_LENGTH = ROUND_CAP * 4 * 400


class Unconscious(Game):
    """Unconscious Mind (Kickstarter rules) for 1-4 players; one player plays the designed solo.

    >>> state = Unconscious(players=2).new_initial_state(seed=1)
    >>> state.phase_name(), state.current_seat()
    ('keep', 0)
    """

    name = "unconscious"
    title = "Unconscious Mind"
    title_zh = "潛意識"
    min_players = 1
    max_players = 4
    default_players = 2
    perfect_information = False
    option_specs = (
        GameOption(
            "rounds",
            ROUND_CAP,
            help="a designed cap: the game ends after this many rounds at the latest",
            minimum=1,
            maximum=ROUND_CAP,
        ),
        # The retail edition's differences, each on its own (docs/games/unconscious.md).
        GameOption(
            "ideas",
            int(RULES["ideas_per_turn"]),
            help="most ideas in one placement (bright ideas included): 3 as in the "
            "Kickstarter rules, 2 as in the retail edition",
            choices=(int(RULES["ideas_per_turn"]), int(RULES["retail_ideas_per_turn"])),
        ),
        GameOption(
            "location_uses",
            int(RULES["location_activation_cap"]),
            help="most uses of a location at once: 4 as in the Kickstarter rules, "
            "5 as in the retail edition",
            choices=(
                int(RULES["location_activation_cap"]),
                int(RULES["retail_location_activation_cap"]),
            ),
        ),
        GameOption(
            "treat_turn",
            False,
            help="retail edition: treating clients is a turn of its own (placing is "
            "followed by the inkpot only, recalling by the recall bonus only)",
        ),
        GameOption(
            "retail_scoring",
            False,
            help="retail edition's end scoring: 3 VP for the player who brings Freud to "
            "the end, the VP above your reputation marker, district presence, full rows",
        ),
    )

    def enumerate_actions(self) -> Iterable[Action]:
        return [
            *KEEP_ACTIONS,
            *_PLACE,
            RECALL,
            *OPTIONS,
            *SPOTS,
            SPOT_COFFEE,
            *COLOURS,
            *MARKET,
            *CELLS,
            *STEPS,
            *ROOMS,
            *CARDS,
            *_TREAT,
            *_COFFEE,
            DONE,
        ]

    def max_game_length(self) -> int:
        return _MAX_LENGTH

    def new_initial_state(self, seed: int = 0) -> UnconsciousState:
        s = object.__new__(UnconsciousState)
        s.game = self
        su.deal(s, self.players, seed)
        return s

    def state_from_json(self, data: dict[str, Any]) -> UnconsciousState:
        return UnconsciousState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (_view.obs_size(),)


class UnconsciousState(DecidingState, UnconsciousData):
    """The forward model over an Unconscious Mind state. A pending decision is answered
    through its kind (decisions.KINDS); the phases below decide otherwise: keeping a
    starting tile, the turn's choice (place or recall, coffee), its follow-up, treating
    and the end of the turn."""

    __slots__ = ()
    KINDS = KINDS

    game: Unconscious

    # -- whose turn -----------------------------------------------------------------

    def phase_turn(self) -> Turn:
        if self.phase == OVER:
            return TERMINAL_TURN
        return SEAT_TURNS[self.current]

    def phase_name(self) -> str:
        return ("keep", "play", "over")[self.phase]

    # -- legal actions -------------------------------------------------------------------

    def phase_actions(self, seat: int) -> list[Action]:
        if self.phase == KEEP:
            tiles = su.start_tiles(self, seat)
            return [KeepStart(t, r) for t in tiles for r in range(3)]
        if self.step == START:
            return self._start_actions(seat)
        if self.step == FOLLOW:
            out: list[Action] = [Option(0), Option(1)] if self.follow_first(seat) else [Option(1)]
            return out + self._coffee_actions(seat)
        return self._treat_actions(seat) + self._coffee_actions(seat) + [DONE]

    def _start_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.ideas[seat]:
            mine = {self.space_action[i] for i in range(NS) if self.space_seat[i] == seat}
            usable = [a not in mine and self.action_usable(seat, a) for a in range(NA)]
            ideas, bright, free = self.ideas[seat], self.bright[seat], self.space_seat
            most = int(self.game.options["ideas"])
            out += [
                a
                for a in _PLACE
                if usable[a.action]
                and free[a.space] == EMPTY
                and a.ideas <= ideas
                and a.bright <= bright
                and a.ideas + a.bright <= most
            ]
        if seat in self.space_seat:
            out.append(RECALL)
        if self.game.options["treat_turn"]:  # retail: treating is a turn of its own
            out += self._treat_actions(seat)
        return out + self._coffee_actions(seat)

    def bright_cost(self, seat: int) -> int:
        """Coffee for a bright idea: 3, or 2 with the baker's ability."""
        return COFFEE_COST[0] - en.has_ability(self, seat, "cheap_bright")

    def action_usable(self, seat: int, action: int) -> bool:
        """Whether one use of ``action`` would do something now (designed: a placement
        must be able to use its action at least once)."""
        return en._use(self, seat, action) is not None

    def _coffee_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        c = self.coffee[seat]
        if c >= self.bright_cost(seat):
            out.append(_COFFEE[0])
        if c >= COFFEE_COST[1] - en.has_ability(self, seat, "cheap_elevate") and (
            en.elevate_spaces(self, seat)
        ):
            out.append(_COFFEE[1])
        if c >= COFFEE_COST[2] - en.has_ability(self, seat, "cheap_transfer") and dl.on_dial(
            self.dial[seat]
        ):
            out.append(_COFFEE[2])
        return out

    def follow_first(self, seat: int) -> bool:
        """The first follow-up is possible: the inkpot after a placement (always), the
        recall bonus after a recall (a token left in the professor's district and a slot)."""
        if not self.recalled:
            return True
        return bool(self.recall_bonus_options(seat))

    def _treat_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for room in en.rooms_with_clients(self, seat):
            if self.treated >> room & 1:
                continue
            for how, effect in enumerate(en.treatment_options(self, seat, room)):
                if en.ENGINE.feasible(self, seat, en.heal_program(effect, room)):
                    out.append(_TREAT[room * 3 + how])
        return out

    # -- applying -----------------------------------------------------------------------

    def phase_apply(self, action: Action, seat: int | None) -> None:
        assert seat is not None
        if isinstance(action, KeepStart):
            self._keep(seat, action)
        elif isinstance(action, PlaceIdeas):
            self._place(seat, action)
        elif isinstance(action, Recall):
            self._recall(seat)
        elif isinstance(action, Coffee):
            self._coffee(seat, action.use)
        elif isinstance(action, Option):  # the follow-up: 0 inkpot / recall bonus, 1 treat
            if action.n == 0:
                self.step = TREAT  # what remains after the follow-up is the end of the turn
                self.treated = 3
                if self.recalled:
                    tn.push(self, seat, "recall_bonus", ())
                elif self.bright[seat]:
                    tn.push(self, seat, "bright_ink", ())
                else:
                    tn.move_inkpot(self, seat, 0)
            else:
                self.step = TREAT
        elif isinstance(action, Treat):
            self.step = TREAT  # a treat turn (retail) goes straight to treating
            self._treat(seat, action.room, action.how)
        elif isinstance(action, Done):
            tn.end_turn(self, seat)

    def _follow_only(self, seat: int) -> None:
        """A treat-turn game's follow-up: the inkpot after a placement, the recall bonus
        (when one is left) after a recall, and the turn ends after it."""
        if self.follow_first(seat):
            self.apply_unchecked(Option(0), seat)
        else:
            tn.end_turn(self, seat)

    def settle(self, seat: int | None) -> None:
        """With no decision left: after the uses comes the follow-up; after the follow-up,
        treating or the end; the end-of-turn refills end the turn. (After keeping a
        starting tile or ending a turn there is nothing to do: the phase is not PLAY, or
        the next turn has not started its uses.)"""
        if self.decisions or self.phase != PLAY:
            return
        assert seat is not None
        if self.step == START and (self.recalled or self.placed_row >= 0):
            self.step = FOLLOW
            if self.game.options["treat_turn"]:  # retail: no treating after the action
                self._follow_only(seat)
        elif self.step == TREAT and self.treated == 3 and not self._treat_actions(seat):
            tn.end_turn(self, seat)

    # -- setup choice ----------------------------------------------------------------------

    def _keep(self, seat: int, action: KeepStart) -> None:
        su.keep_start(self, seat, action.tile, action.row)
        n = self.game.players
        if seat + 1 < n:
            self.current = seat + 1
        else:
            self.phase = PLAY
            self.current = 0
            tn.begin_turn(self)

    # -- a turn -----------------------------------------------------------------------------

    def _place(self, seat: int, a: PlaceIdeas) -> None:
        self.space_seat[a.space] = seat
        self.space_action[a.space] = a.action
        self.space_ideas[a.space] = a.ideas
        self.ideas[seat] -= a.ideas
        self.bright[seat] -= a.bright
        self.placed_row = ACTION_ROW[a.action]
        uses = a.ideas + a.bright
        en.ENGINE.run(self, seat, (("each", uses, (("use", a.action),)),), "table")

    def _recall(self, seat: int) -> None:
        spaces = [i for i in range(NS) if self.space_seat[i] == seat]
        per = int(RULES["recall_coffee_per_slot"])
        en._gain(
            self, seat, "coffee", per * len(spaces) + en.has_ability(self, seat, "recall_coffee")
        )
        if self.era == 2:
            en.score(self, seat, RECALL_ERA2_VP * len(spaces), "recall")
        for i in spaces:
            self.ideas[seat] += self.space_ideas[i]
            self.space_seat[i] = EMPTY
            self.space_action[i] = EMPTY
            self.space_ideas[i] = 0
        self.recalled = 1

    def _coffee(self, seat: int, use: int) -> None:
        if use == 0:
            self.coffee[seat] -= self.bright_cost(seat)
            self.bright[seat] += 1
        elif use == 1:
            self.coffee[seat] -= COFFEE_COST[1] - en.has_ability(self, seat, "cheap_elevate")
            en.ENGINE.run(self, seat, (("elevate",),), "coffee")
        else:
            self.coffee[seat] -= COFFEE_COST[2] - en.has_ability(self, seat, "cheap_transfer")
            en.ENGINE.run(self, seat, (("transfer", MAJOR),), "coffee")

    def _treat(self, seat: int, room: int, how: int) -> None:
        """Treat the client in ``room`` once this turn: a base treatment or the top dream
        (discarded after use; a manifest dream matching the grief layer gives 1 more)."""
        effect: Effect = en.treatment_options(self, seat, room)[how]
        self.treated |= 1 << room
        prog = en.heal_program(effect, room)
        if how == 2:
            top = self.room_manifest[seat][room]
            if top != EMPTY:
                grief = self.room_grief[seat][room]
                if grief != EMPTY and GRIEF[grief][1] == DREAMS[top].symbol:
                    prog = (*prog, ("heal", room, MATCH_BONUS))
                self.room_manifest[seat][room] = EMPTY
                self.manifest_discard.append(top)
            else:
                self.latent_discard.append(self.room_latent[seat][room])
                self.room_latent[seat][room] = EMPTY
        if en.has_ability(self, seat, "treat_more") and self.treated in (1, 2):
            prog = (*prog, ("heal", room, 1))
        en.ENGINE.run(self, seat, prog, "treat")

    # -- what the turn's steps ask (turns.py) ------------------------------------------------

    def recall_bonus_options(self, seat: int) -> list[int]:
        """0-2: a bonus slot of the professor's location; 3-6: a district scoring slot."""
        return tn.recall_bonus_options(self, seat)

    # -- scoring ------------------------------------------------------------------------------------

    def final_breakdown(self, seat: int) -> dict[str, int]:
        """Final scoring: reputation places, distinct tags, complex clients, bright ideas."""
        order = self.reputation_order()
        place = order.index(seat)
        per = [int(v) for v in RULES["reputation_place_vp"]]
        rep = (
            per[place] * (len(self.cured[seat]) + len(self.treatises[seat]))
            if place < len(per)
            else 0
        )
        tags = TAG_SCALE[self.distinct_tags(seat)]
        complex_vp = sum(
            self.complex_score(seat, c) for c in self.cured[seat] if c in COMPLEX_CLIENTS
        )
        bright = (self.bright[seat] + self.end_conversions(seat)) * int(RULES["bright_idea_end_vp"])
        out = {"reputation": rep, "tags": tags, "clients": complex_vp, "bright": bright}
        if self.game.options["retail_scoring"]:
            out.update(self.retail_breakdown(seat))
        return out

    def end_conversions(self, seat: int) -> int:
        """The bright ideas ``seat``'s coffee buys at the final scoring. The seed lets a
        player convert coffee as usual there (a choice, not a rule), and a coffee
        converted is no longer left for a cured complex client that scores the coffee
        left, so the player's best choice is made: every conversion the coffee allows
        when a bright idea is worth more than the coffee it costs, none otherwise."""
        cost = self.bright_cost(seat)
        kept = sum(
            SCORING["per_coffee"][0]
            for c in self.cured[seat]
            if CLIENTS[c].complex and CLIENTS[c].scoring == "per_coffee"
        )
        if int(RULES["bright_idea_end_vp"]) <= cost * kept:
            return 0
        return self.coffee[seat] // cost

    def retail_breakdown(self, seat: int) -> dict[str, int]:
        """The retail end scoring's extra lines (an option): the end's trigger, the VP
        above one's reputation marker, district presence, full notebook rows."""
        districts = sum(seat in slots for slots in self.district_slot)
        return {
            "trigger": int(RULES["retail_trigger_vp"]) * (self.end_trigger == seat),
            "track": ZONE_VP[self.rep[seat]],
            "districts": int(RULES["retail_district_vp"][districts]),
            "rows": int(RULES["retail_row_vp"][nb.full_rows(self.notebook[seat])]),
        }

    def complex_score(self, seat: int, client: int) -> int:
        key = CLIENTS[client].scoring
        vp, _ = SCORING[key]
        # the wild goal tile's tag may be any location, so it counts as a tag of each
        # colour (as it does toward a district scoring slot)
        tags = self.tags_in_play(seat)
        counts = {
            "per_normal_cured": sum(not CLIENTS[c].complex for c in self.cured[seat]),
            "per_treatise": len(self.treatises[seat]),
            "per_research": len(self.played[seat]),
            "per_column": nb.full_columns(self.notebook[seat]),
            "per_row": nb.full_rows(self.notebook[seat]),
            # the coffee left after the end's conversions (end_conversions)
            "per_coffee": self.coffee[seat] - self.end_conversions(seat) * self.bright_cost(seat),
            "per_reputation": self.rep[seat],
            "per_district_slot": sum(w == seat for slots in self.district_slot for w in slots),
            "red_tags": sum(t == WILD or TAG_COLOUR[t] == 0 for t in tags),
            "green_tags": sum(t == WILD or TAG_COLOUR[t] == 1 for t in tags),
            "purple_tags": sum(t == WILD or TAG_COLOUR[t] == 2 for t in tags),
            "per_major": dl.majors(self.dial[seat]),
        }
        return vp * counts[key]

    def scores(self) -> list[float]:
        if self.phase != OVER:
            return [float(v) for v in self.vp]
        return [
            float(self.vp[s] + sum(self.final_breakdown(s).values())) for s in range(len(self.vp))
        ]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        return [(float(self.rep[s]), float(-self.rep_stamp[s])) for s in range(len(self.vp))]

    def solo_won(self) -> bool:
        """Solo: the player wins with at least the designed target."""
        return self.phase == OVER and self.scores()[0] >= int(SOLO["target"])

    def returns(self) -> list[float]:
        if self.game.players == 1:
            if not self.is_terminal():
                return [0.0]
            return [1.0 if self.solo_won() else -1.0]
        return super().returns()

    # -- views ---------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return _view.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> UnconsciousState:
        return hd.determinize(self, seat, rng)

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return _view.observation_tensor(self, seat)

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return hd.reveals(self, action, seat)

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        return hd.redact(self, action, actor, viewer)
