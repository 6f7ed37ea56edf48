"""The Game object of the penguin egg game: options, action space, states.

Standard play is two players or two teams of two (four seats, teams alternate:
seats 0 and 2 against 1 and 3). Free mode (``mode=free``) lets the players
agree the penguin count, whether the star penguin keeps its special rules,
the board (placed set by set, or a scene's layout) and the deck (custom or
none).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from itertools import compress
from operator import not_
from typing import Any

import numpy as np

from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.kinds import DecidingState
from meeple.core.options import GameOption
from meeple.core.rng import Rng
from meeple.core.turn import TERMINAL_TURN, Turn
from meeple.games.penguins import flow, hidden
from meeple.games.penguins import view as _view
from meeple.games.penguins.actions import (
    EFFECTS,
    EMPEROR_MOVES,
    HANDS,
    HATCHES,
    LANDS,
    PLAYS,
    SEAL_MOVES,
    Cancel,
    ChooseScene,
    Discard,
    Draw,
    EndTurn,
    Explore,
    FirstPlayer,
    Guess,
    Hatch,
    Hide,
    Keep,
    Land,
    MoveEmperor,
    MoveSeal,
    Pass,
    Pick,
    PickSet,
    PickTriangle,
    Play,
    Resolve,
    ReturnCard,
)
from meeple.games.penguins.cards import play_card, playable_cards
from meeple.games.penguins.components import (
    STAR,
    components,
)
from meeple.games.penguins.decisions import KINDS
from meeple.games.penguins.flow import (
    can_hatch_now,
    draw_cards,
    explore_actions,
    hatch,
    hatchable_eggs,
    move_emperor,
    move_seal,
    slide,
)
from meeple.games.penguins.geometry import ALL_MOVES
from meeple.games.penguins.state import END_TURN, MAIN_DONE, PenguinData, PenguinsTable

#: Decisions one turn can hold at most (card, its answers, the action and every
#: effect it sets off); see max_game_length. Checked by the tests.
MAX_STEPS_PER_TURN = 120
SETUP_STEPS = 40


def parse_deck(text: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """``"default"`` -> None; ``"none"`` -> no cards; else 4 gold then 4 silver numbers."""
    text = text.strip().lower()
    if text in ("", "default"):
        return None
    if text == "none":
        return ((), ())
    try:
        numbers = [int(x) for x in text.replace(" ", "").split(",")]
    except ValueError:
        raise OptionError(
            f"cards must be 'default', 'none' or 8 card numbers, got {text!r}"
        ) from None
    cards = components().cards
    if len(numbers) != 8 or len(set(numbers)) != 8 or any(n not in cards for n in numbers):
        raise OptionError("a custom deck names 8 different card numbers: 4 gold, then 4 silver")
    gold, silver = tuple(numbers[:4]), tuple(numbers[4:])
    if any(cards[n].colour != "gold" for n in gold) or any(
        cards[n].colour != "silver" for n in silver
    ):
        raise OptionError("a custom deck lists 4 gold card numbers first, then 4 silver ones")
    return gold, silver


class Penguins(PenguinsTable):
    """The penguin egg game.

    >>> g = Penguins()
    >>> g.players, g.grid.size, g.allowed_player_counts()
    (2, 64, (2, 4))
    """

    name = "penguins"
    title = "Penguin Eggs"
    title_zh = "企鵝蛋"
    min_players = 2
    max_players = 4
    player_counts = (2, 4)
    #: two players, or two teams of two: rated apart
    ratings_by_player_count = True
    perfect_information = False
    has_chance = True
    option_specs = (
        GameOption("scene", 0, "scene card 1-6; 0 lets the second player choose", minimum=0,
                   maximum=len(components().scenes)),
        GameOption("mode", "standard", "standard, or free mode", choices=("standard", "free")),
        GameOption("layout", "placed", "free mode: 'placed' set by set, or a scene number",
                   choices=("placed", *(str(s.number) for s in components().scenes))),
        GameOption("cards", "default", "free mode: 'default', 'none' or 4 gold + 4 silver numbers"),
        GameOption("penguins", 4, "free mode: penguins per side", minimum=1, maximum=6),
        GameOption("star_rule", True, "free mode: the star penguin keeps its special rules"),
        GameOption("turn_limit", components().turn_limit, "turns before the game is a draw",
                   minimum=20, maximum=2000),
    )  # fmt: skip

    def validate(self) -> None:
        o = self.options
        if o["mode"] == "standard":
            free = {"layout": "placed", "cards": "default", "penguins": 4, "star_rule": True}
            bad = [k for k, v in free.items() if o[k] != v]
            if bad:
                raise OptionError(f"option(s) {bad} only apply with mode=free")
        elif o["scene"]:
            raise OptionError("in free mode choose a scene's layout with layout=N, not scene")
        self.custom_deck = parse_deck(o["cards"])

    def enumerate_actions(self) -> Iterable[Action]:
        n = self.grid.size
        comps = components()
        cards = sorted(comps.cards)
        out: list[Action] = [FirstPlayer(0), FirstPlayer(1)]
        out += [ChooseScene(s.number) for s in comps.scenes]
        out += [PickSet(k, c) for k, counts in comps.free_sets for c in counts]
        out += [Keep(c) for c in cards]
        out += [ReturnCard("top"), ReturnCard("bottom")]
        out += [Discard(c) for c in cards]
        out += [Land(p) for p in range(n)]
        out += [Hatch(p) for p in range(n)]
        out += [Explore(p, m) for p in range(n) for m in ALL_MOVES]
        out += [Play(c) for c in cards]
        out += [Draw(), Cancel(), Pass(), EndTurn()]
        out += [MoveEmperor(p) for p in range(n)]
        out += [MoveSeal(p) for p in range(n)]
        out += [Pick(p) for p in range(n)]
        out += [PickTriangle(t) for t in range(self.grid.triangle_count)]
        out += [Hide(h) for h in HANDS] + [Guess(h) for h in HANDS]
        out += [Resolve(e) for e in EFFECTS]
        return out

    @cached_property
    def _max_length(self) -> int:
        return SETUP_STEPS + self.turn_limit * MAX_STEPS_PER_TURN

    def max_game_length(self) -> int:
        return self._max_length

    def new_initial_state(self, seed: int = 0) -> PenguinState:
        return PenguinState(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> PenguinState:
        return PenguinState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        from meeple.games.penguins.view import observation_size

        return (observation_size(self),)


# -- the forward model -------------------------------------------------------------------


def phase_actions(s: PenguinState, seat: int) -> list[Action]:
    """Actions of the seat whose turn it is when nothing is owed."""
    out: list[Action] = []
    if not s.main_done:
        if s.unused_eggs(s.side(seat)) > 0:  # landing_points, as actions
            out.extend(compress(LANDS, map(not_, s.board)))  # EMPTY is 0
        if can_hatch_now(s):
            out.extend([HATCHES[p] for p in hatchable_eggs(s, seat)])
        out.extend(explore_actions(s, seat))
    if not s.card_used:
        out.extend([PLAYS[c] for c in playable_cards(s, seat)])
    if s.main_done and s.can_star_draw():
        out.append(Draw())
    out.extend([EMPEROR_MOVES[q] for q in s.emperor_moves()])
    out.extend([SEAL_MOVES[q] for q in s.seal_moves()])
    if s.main_done:
        out.append(EndTurn())
    return out


def apply_phase_action(s: PenguinState, action: Action, seat: int | None) -> None:
    """Apply a turn's own action (nothing is owed): it is the turn seat's."""
    a, seat = action, s.seat
    side = s.side(seat)
    if isinstance(a, Land):
        s.place_egg(side, a.point)
        s.push(MAIN_DONE[seat])
    elif isinstance(a, Hatch):
        s.card_used = True  # no event card on a hatching turn
        hatch(s, seat, a.point)
        s.push(MAIN_DONE[seat])
    elif isinstance(a, Explore):
        if s.board[a.point] == STAR[side] and s.game.star_rule:
            s.star_moved = True
        s.push(slide(seat, a.point, a.move), MAIN_DONE[seat])
    elif isinstance(a, Play):
        play_card(s, seat, a.card)
    elif isinstance(a, Draw):
        s.card_used = True
        draw_cards(s, seat, 1)
    elif isinstance(a, MoveEmperor):
        move_emperor(s, seat, a.point)
    elif isinstance(a, MoveSeal):
        move_seal(s, a.point)
    elif isinstance(a, EndTurn):
        s.push(END_TURN[seat])
    else:  # pragma: no cover - legal_actions never offers anything else
        raise AssertionError(f"unexpected action {a}")


#: The rows by kind, as settle reads them at every step.
_ROWS = KINDS.kinds


class PenguinState(DecidingState, PenguinData):
    """The forward model over a match: the core's stack with the kinds of
    :mod:`.decisions` (a decision on top is answered by its seat, chance draws
    who starts, automatic steps run in :meth:`settle`); with nothing owed, the
    seat whose turn it is plays a phase of its turn (:func:`phase_actions`).
    """

    __slots__ = ()
    KINDS = KINDS

    def has_main_action(self, seat: int) -> bool:
        return flow.has_main_action(self, seat)

    def turn(self) -> Turn:
        if self.winner is not None:
            return TERMINAL_TURN
        return DecidingState.turn(self)

    def phase_turn(self) -> Turn:
        return Turn.seat(self.seat)

    # the phase's own functions, bound as they are (search calls them at every node)
    phase_actions = phase_actions
    phase_apply = apply_phase_action

    def settle(self, seat: int | None) -> None:
        """Count the action (``steps``), then run the automatic steps until a seat must
        decide or the game ends; with nothing owed, the turn's phase: a seat with no
        main action loses, and a turn with nothing optional left ends."""
        self.steps += 1
        rows = _ROWS
        while self.winner is None:
            stack = self.decisions
            if stack:
                d = stack[-1]
                run = rows[d.kind].run
                if run is None:
                    return  # a decision: its seat answers it
                self.decisions = stack[:-1]
                outcome = run(self, d)  # the core's Kinds.run_step, without its call
                if outcome is not None:  # (this game's steps push what follows instead)
                    self.KINDS.follow(self, d, outcome)
                continue
            if not self.playing:
                return
            if not self.main_done:
                if not self.has_main_action(self.seat):
                    self.finish(1 - self.side(self.seat))
                return
            if self.after_phase_open():
                return
            self.push(END_TURN[self.seat])

    # -- hidden information (hidden.py) ------------------------------------------------

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return hidden.reveals(action, seat)

    def determinize(self, seat: int, rng: Rng) -> PenguinState:
        return hidden.determinize(self, seat, rng)

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        return hidden.redact(self, action, actor, viewer)

    # -- what a seat sees (view.py) ------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return _view.build_view(self, seat)

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return _view.observation(self, seat)

    def scores(self) -> list[float]:
        return [
            1.0 if self.winner is not None and self.winner == self.side(s) else 0.0
            for s in range(self.game.players)
        ]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        return [() for _ in range(self.game.players)]
