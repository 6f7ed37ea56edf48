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
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game
from meeple.core.options import GameOption
from meeple.games.penguins import cards as _cards  # noqa: F401  (registers tasks)
from meeple.games.penguins import flow as _flow  # noqa: F401
from meeple.games.penguins import setup as _setup  # noqa: F401
from meeple.games.penguins.actions import (
    EFFECTS,
    HANDS,
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
from meeple.games.penguins.components import components
from meeple.games.penguins.geometry import ALL_MOVES, Lattice
from meeple.games.penguins.state import PenguinState

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


class Penguins(Game):
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

    @cached_property
    def grid(self) -> Lattice:
        """The board's lattice (the same for every option); kept, as every rule asks."""
        return components().grid

    @property
    def assistants(self) -> int:
        return self.options["penguins"] - 1

    @property
    def star_rule(self) -> bool:
        return bool(self.options["star_rule"])

    @property
    def turn_limit(self) -> int:
        return int(self.options["turn_limit"])

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
        return PenguinState.from_json(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        from meeple.games.penguins.view import observation_size

        return (observation_size(self),)
