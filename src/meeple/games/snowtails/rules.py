"""Snow Tails rules: sled racing with two dogs, a brake and a hand of dog cards.

A turn is a chain of small decisions by the sled on turn:

1. ``play V SLOT`` one to three times, all with the same value V, each onto a
   different slot (left dog, right dog, discard; the discard replaces the
   brake with a brake of value V), then ``go`` (automatic once no further card
   can be played);
2. ``step forward`` / ``step diagonal`` while both kinds of step remain (the
   rest runs by itself), with accidents resolved as each step is taken;
3. ``bonus yes`` / ``bonus no`` when the two dogs are equal (not in round 1);
4. ``discard V`` while the hand holds more than five cards.

Start lanes are chosen first with ``lane N``. Deck orders live in the state's
hidden :class:`~meeple.core.rng.Rng`; views show a seat only its own hand.
Every decision the seed leaves open is listed in docs/games/snowtails.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from meeple.core import Action, GameOption, Rng, Turn
from meeple.core.turn import TERMINAL_TURN
from meeple.games.snowtails import hidden
from meeple.games.snowtails import view as _view
from meeple.games.snowtails.actions import (
    BONUS_NO,
    BONUS_YES,
    GO,
    STEP_DIAGONAL,
    STEP_FORWARD,
    Bonus,
    ChooseLane,
    Discard,
    Go,
    PlayCard,
    Step,
)
from meeple.games.snowtails.components import load_data
from meeple.games.snowtails.state import (
    DENT,
    FINISHED,
    OUT,
    RACING,
    SLOTS,
    SnowTailsData,
    SnowTailsTable,
)
from meeple.games.snowtails.track import (
    LANES,
    TREE,
    track_for,
    track_view,
)

# --------------------------------------------------------------------- game


class SnowTails(SnowTailsTable):
    """Snow Tails for 2-5 sleds on a shipped or player-assembled course.

    >>> game = SnowTails(players=5)
    >>> game.track.name, game.num_distinct_actions
    ('grand-tour', 30)
    """

    name = "snowtails"
    title = "Snow Tails"
    title_zh = "雪橇競速"
    min_players = 2
    max_players = 5
    default_players = 4
    perfect_information = False
    #: Deck shuffles come from the state's hidden Rng, never from chance turns.
    has_chance = False
    option_specs = (
        GameOption(
            "course",
            "auto",
            help="'auto' (by player count), a shipped course name, or tiles like "
            "'START:a,S1:a,C1:a,S2:a,FINISH:a'",
        ),
        GameOption("races", 1, help="races in the season (points by place)", minimum=1, maximum=10),
    )

    def validate(self) -> None:
        self.track = track_for(self.options["course"], self.players)
        #: the public course geometry sent in every view (shared, never mutated)
        self.track_json = track_view(self.track)
        data = load_data()
        rules = data["rules"]
        self.hand_size: int = rules["hand_size"]
        self.start_brake = rules["start_brake"]
        self.start_dog = rules["start_dog"]
        self.extra_cards: list[int] = list(rules["extra_cards"])
        self.dents_out: int = rules["dents_to_eliminate"]
        self.round_limit = rules["round_limit"]
        self.deck_cards: list[int] = list(data["deck"]["cards"])
        self.points: list[int] = list(data["season"]["points"])
        self.colours = list(data["colours"])
        self.colours_zh: list[str] = list(data["colours_zh"])

    def enumerate_actions(self) -> Iterable[Action]:
        out: list[Action] = [ChooseLane(n) for n in range(1, LANES + 1)]
        out += [PlayCard(v, s) for v in range(1, 6) for s in SLOTS]
        out += [GO, STEP_FORWARD, STEP_DIAGONAL, BONUS_YES, BONUS_NO]
        out += [Discard(v) for v in range(1, 6)]
        return out

    def turn_bound(self) -> int:
        """Most decisions one turn can take: 3 plays, go, 8 steps, bonus, 4 discards."""
        return 3 + 1 + 8 + 1 + 4

    def max_game_length(self) -> int:
        per_race = self.players + self.round_limit * self.players * self.turn_bound()
        return self.options["races"] * per_race

    def new_initial_state(self, seed: int = 0) -> SnowTailsState:
        state = SnowTailsState(self)
        state.rng = Rng(seed).spawn(0x5D06)
        state.start_race(list(range(self.players)))
        return state

    def state_from_json(self, data: dict[str, Any]) -> SnowTailsState:
        return SnowTailsState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (_view.OBS_SIZE,)


# -------------------------------------------------------------------- state


class SnowTailsState(SnowTailsData):
    """The forward model of a race: whose decision, what is legal, applying it."""

    __slots__ = ()

    game: SnowTails

    # ---------------------------------------------------------- setup

    def start_race(self, pick_order: list[int]) -> None:
        """Reset sleds, decks and trees; start-lane picks in ``pick_order``."""
        g = self.game
        n = g.players
        self.phase = "lanes"
        self.round_no = 0
        self.order, self.order_idx = [], 0
        self.pick_order = pick_order
        self.lane_no = [0] * n
        self.cell = [-1] * n
        self.status = [RACING] * n
        self.left = [[] for _ in range(n)]
        self.right = [[] for _ in range(n)]
        self.brake = [g.start_brake] * n
        self.hand = [[0] * 6 for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.deck = []
        for _ in range(n):
            deck = list(g.deck_cards)
            self.rng.shuffle(deck)
            self.deck.append(deck)
        track = g.track
        self.trees = {c for c in range(track.num_cells) if track.kind[c] == TREE}
        self.elim_order = [0] * n
        self._clear_turn()

    def _clear_turn(self) -> None:
        self.placed_value = 0
        self.placed_slots = []
        self.fwd_rem = self.diag_rem = self.drift = self.speed = self.base = 0
        self.bonus_steps = 0
        self.bumped = False
        self.lines = []

    # ---------------------------------------------------------- turns

    def turn(self) -> Turn:
        if self.phase == "over":
            return TERMINAL_TURN
        return Turn.seat(self.current())

    # ---------------------------------------------------------- legality

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "lanes":
            taken = set(self.lane_no)
            return [ChooseLane(n) for n in range(1, LANES + 1) if n not in taken]
        hand = self.hand[seat]
        if phase == "play":
            if not self.placed_value:
                return [PlayCard(v, s) for v in range(1, 6) if hand[v] for s in SLOTS]
            v = self.placed_value
            free = [PlayCard(v, s) for s in SLOTS if s not in self.placed_slots] if hand[v] else []
            return [*free, GO]
        if phase == "steps":
            return [STEP_FORWARD, STEP_DIAGONAL]
        if phase == "bonus":
            return [BONUS_YES, BONUS_NO]
        if phase == "discard":
            return [Discard(v) for v in range(1, 6) if hand[v]]
        return []

    # ---------------------------------------------------------- applying

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        me = self.current()
        if isinstance(action, ChooseLane):
            self._choose_lane(me, action.lane)
        elif isinstance(action, PlayCard):
            self._play(me, action.value, action.slot)
        elif isinstance(action, Go):
            self._start_moving(me)
        elif isinstance(action, Step):
            self._take_step(me, action.move == "diagonal")
        elif isinstance(action, Bonus):
            if action.choice == "yes":
                self._take_bonus(me)
            else:
                self.events.append(["bonus_refused"])
                self._adjust_hand(me, refill=True)
        elif isinstance(action, Discard):
            self.hand[me][action.value] -= 1
            self.discards[me].append(action.value)
            self.events.append(["discard", action.value])
            self._after_discard(me)
        else:  # pragma: no cover - guarded by the checked apply
            raise TypeError(f"not a Snow Tails action: {action!r}")

    def _choose_lane(self, seat: int, number: int) -> None:
        g = self.game
        self.lane_no[seat] = number
        self.cell[seat] = g.track.start_cells[number - 1]
        self._draw(seat, g.hand_size + g.extra_cards[number - 1])
        if all(self.lane_no):
            self.round_no = 1
            self.order = sorted(range(g.players), key=lambda s: self.lane_no[s])
            self.order_idx = 0
            self._begin_turn()

    def _draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards, reshuffling discards (and all but each dog's top
        card) into a new deck when the deck runs out."""
        deck = self.deck[seat]
        for _ in range(count):
            if not deck:
                self._reshuffle(seat)
                if not deck:
                    return
            self.hand[seat][deck.pop()] += 1

    def _reshuffle(self, seat: int) -> None:
        pool = self.discards[seat]
        for pile in (self.left[seat], self.right[seat]):
            pool.extend(pile[:-1])
            del pile[:-1]
        self.rng.shuffle(pool)
        self.deck[seat].extend(pool)
        self.discards[seat] = []
        self.events.append(["reshuffle"])

    def _refill(self, seat: int) -> None:
        missing = self.game.hand_size - self.hand_count(seat)
        if missing > 0:
            self._draw(seat, missing)

    def _take_dent(self, seat: int) -> bool:
        """Give a dent card; True when it knocks the sled out of the race."""
        self.hand[seat][DENT] += 1
        self.events.append(["dent"])
        if self.hand[seat][DENT] >= self.game.dents_out and self.status[seat] == RACING:
            self.status[seat] = OUT
            self.elim_order[seat] = 1 + max(self.elim_order)
            self.events.append(["eliminated"])
            return True
        return False

    def _begin_turn(self) -> None:
        """Start the turn of ``order[order_idx]``: with no dog card in hand the
        sled takes a dent and refills before playing."""
        self.phase = "play"
        self._clear_turn()
        seat = self.order[self.order_idx]
        self.last_events, self.events = self.events, [["turn", seat]]
        if not any(self.hand[seat][1:]):
            self.events.append(["no_card"])
            if self._take_dent(seat):
                self._end_turn()
                return
            self._refill(seat)
            if not any(self.hand[seat][1:]):  # nothing left anywhere to draw
                self._end_turn()

    def _play(self, seat: int, value: int, slot: str) -> None:
        self.hand[seat][value] -= 1
        self.placed_value = value
        self.placed_slots.append(slot)
        if slot == "left":
            self.left[seat].append(value)
        elif slot == "right":
            self.right[seat].append(value)
        else:
            self.discards[seat].append(value)
            self.brake[seat] = value
        self.events.append(["play", value, slot])
        if len(self.placed_slots) == len(SLOTS) or not self.hand[seat][value]:
            self._start_moving(seat)

    def _start_moving(self, seat: int) -> None:
        forward, drift = self.movement(seat)
        self.base = forward
        self.speed = max(forward, 0)
        self.drift = (drift > 0) - (drift < 0)
        if forward > 0:
            diagonal = min(abs(drift), forward)
            self.fwd_rem, self.diag_rem = forward - diagonal, diagonal
        self._continue(seat)

    def _continue(self, seat: int) -> None:
        """Run forced steps; stop at a choice of order or at the end of movement."""
        while self.fwd_rem or self.diag_rem:
            if self.fwd_rem and self.diag_rem:
                self.phase = "steps"
                return
            if self._step_and_stop(seat, diagonal=bool(self.diag_rem)):
                return
        self._after_base(seat)

    def _take_step(self, seat: int, diagonal: bool) -> None:
        if not self._step_and_stop(seat, diagonal):
            self._continue(seat)

    def _step_and_stop(self, seat: int, diagonal: bool) -> bool:
        """Take one step; True when the movement (or the turn) ended there."""
        if diagonal:
            self.diag_rem -= 1
        else:
            self.fwd_rem -= 1
        outcome = self._move_one(seat, self.drift if diagonal else 0)
        if outcome == "ok":
            return False
        self.fwd_rem = self.diag_rem = 0
        if outcome == "out":
            self._end_turn()
        elif outcome == "crash":
            self._adjust_hand(seat, refill=True)
        else:  # bump
            self.bumped = True
            self._adjust_hand(seat, refill=False)
        return True

    def _move_one(self, seat: int, lateral: int) -> str:
        """One step straight (lateral 0) or diagonally; resolves accidents.

        Returns "ok", "crash" (wall or forbidden cell: stopped, dented),
        "bump" (stopped behind another sled) or "out" (eliminated).
        """
        track = self.game.track
        src = self.cell[seat]
        if lateral == 0:
            dst = track.fwd[src]
        else:
            dst = track.diag_left[src] if lateral < 0 else track.diag_right[src]
        if dst < 0 or track.kind[dst] == "X":
            self.events.append(["crash", src])
            return "out" if self._take_dent(seat) else "crash"
        if self.occupied(dst):
            # an eliminated sled keeps its last cell number but is off the course
            other = next(
                s for s in range(self.game.players) if self.cell[s] == dst and self.on_track(s)
            )
            self.events.append(["bump", other])
            return "bump"
        self.cell[seat] = dst
        self.events.append(["move", dst])
        if track.is_finished_cell(dst) and self.status[seat] == RACING:
            self.status[seat] = FINISHED
            self.events.append(["finish"])
        for limit in track.lines_crossed(src, dst):
            self.lines.append(limit)
            over = self.speed - limit
            self.events.append(["line", limit, max(over, 0)])
            for _ in range(max(over, 0)):
                if self._take_dent(seat):
                    return "out"
        if dst in self.trees:
            self.trees.discard(dst)
            self.events.append(["tree", dst])
            if self._take_dent(seat):
                return "out"
        return "ok"

    def _after_base(self, seat: int) -> None:
        _, drift = self.movement(seat)
        if drift == 0 and self.round_no > 1:
            self.bonus_steps = self.place(seat)
            self.phase = "bonus"
            return
        self._adjust_hand(seat, refill=True)

    def _take_bonus(self, seat: int) -> None:
        """Move the bonus straight ahead. Decision 3: the speed at every line of
        this turn is the whole forward movement, bonus included, so a line already
        crossed in the normal move costs the extra dents first."""
        self.events.append(["bonus", self.bonus_steps])
        before = self.speed
        self.speed = max(self.base, 0) + self.bonus_steps
        for limit in self.lines:
            extra = max(self.speed - limit, 0) - max(before - limit, 0)
            if extra:
                self.events.append(["line_bonus", limit, extra])
            for _ in range(extra):
                if self._take_dent(seat):
                    self._end_turn()
                    return
        self.fwd_rem = self.bonus_steps
        while self.fwd_rem:
            if self._step_and_stop(seat, diagonal=False):
                return
        self._adjust_hand(seat, refill=True)

    def _adjust_hand(self, seat: int, refill: bool) -> None:
        """Refill to five (unless stopped by a bump), or start discarding down to five."""
        self.fwd_rem = self.diag_rem = 0
        if refill:
            self._refill(seat)
        self._after_discard(seat)

    def _after_discard(self, seat: int) -> None:
        values = [v for v in range(1, 6) if self.hand[seat][v]]
        if self.hand_count(seat) <= self.game.hand_size or not values:
            # down to five, or only dents left, which are never discarded (decision 17)
            self._end_turn()
            return
        if len(values) == 1:  # only one choice: take it
            self.hand[seat][values[0]] -= 1
            self.discards[seat].append(values[0])
            self.events.append(["discard", values[0]])
            self._after_discard(seat)
            return
        self.phase = "discard"

    def _end_turn(self) -> None:
        g = self.game
        self.order_idx += 1
        while (
            self.order_idx < len(self.order) and self.status[self.order[self.order_idx]] != RACING
        ):
            self.order_idx += 1
        if self.order_idx < len(self.order):
            self._begin_turn()
            return
        racing = [s for s in range(g.players) if self.status[s] == RACING]
        if not racing or self.round_no >= g.round_limit:
            self._end_race()
            return
        self.round_no += 1
        self.order = sorted(racing, key=self.ahead_key, reverse=True)
        self.order_idx = 0
        self._begin_turn()

    def _end_race(self) -> None:
        g = self.game
        places = self.race_places()
        self.results.append(places)
        for s, p in enumerate(places):
            if self.status[s] != OUT:
                self.points[s] += g.points[p - 1] if p <= len(g.points) else 0
        self._clear_turn()
        self.last_events, self.events = self.events, []
        self.race += 1
        if self.race >= g.options["races"]:
            self.phase = "over"
            return
        # designed: the last-placed sled picks its start lane first next race
        self.start_race(sorted(range(g.players), key=lambda s: (-places[s], s)))

    # ---------------------------------------------------------- secrets

    def view(self, seat: int | None) -> dict[str, Any]:
        """Public race state, plus ``seat``'s own hand. Decks stay face down."""
        return _view.view(self, seat)

    # what a seat cannot see: hidden.py (every log line is seen whole: no redact_action)

    def determinize(self, seat: int, rng: Rng) -> SnowTailsState:
        return hidden.determinize(self, seat, rng)

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return hidden.reveals(self, action, seat)

    # ---------------------------------------------------------- tensors

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return _view.observation_tensor(self, seat)

    # ---------------------------------------------------------- results

    def scores(self) -> list[float]:
        """Season points (a single race is a season of one)."""
        return [float(p) for p in self.points]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        """Equal points: the better place in the latest race wins (designed)."""
        if not self.results:
            return [() for _ in range(self.game.players)]
        last = self.results[-1]
        return [(-float(p),) for p in last]
