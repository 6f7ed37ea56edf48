"""The state of a penguin egg game and the turn machinery around its task queue.

Everything a match needs lives in plain lists and ints: the board (one small
int per point), hands, the deck (index 0 is the top), the discard pile, and
the queue of pending tasks. The layout (terrain) is immutable and shared.
Rules for each kind of task live in :mod:`.flow`, :mod:`.cards` and
:mod:`.setup`; this module holds the bookkeeping every rule uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN, Turn

# flow does not import this module at run time (only for type hints), so it is
# imported once here: an import inside the methods that run at every step
# cost about a microsecond a call, a tenth of a random playout.
from meeple.games.penguins import flow
from meeple.games.penguins.components import (
    ASSISTANT,
    BARRIERS,
    EGG,
    EMPEROR,
    EMPTY,
    SEAL,
    STAR,
    TERRAINS,
    Layout,
    components,
    is_egg,
)
from meeple.games.penguins.geometry import Lattice
from meeple.games.penguins.tasks import AUTO, DECISIONS, Task

if TYPE_CHECKING:
    from meeple.games.penguins.rules import Penguins

DRAW = 2  #: value of ``winner`` for a drawn game (turn limit)
CANCEL_CARD = 10


class PenguinState(State):
    """One moment of a match; see the module docstring for the representation."""

    game: Penguins

    def __init__(self, game: Penguins, seed: int = 0) -> None:
        self.game = game
        grid = game.grid
        self.board: list[int] = [EMPTY] * grid.size
        self.layout: Layout = Layout(tuple([0] * grid.size))
        self.hands: list[list[int]] = [[] for _ in range(game.players)]
        self.offers: list[list[int]] = [[] for _ in range(game.players)]
        self.deck: list[int] = []
        #: per seat, the deck positions whose card that seat knows (it put it back there)
        self.deck_known: list[list[int]] = [[] for _ in range(game.players)]
        self.discard: list[int] = []
        self.lost_eggs: list[int] = [0, 0]
        self.lost_assistants: list[int] = [0, 0]
        self.lost_star: list[int] = [0, 0]
        self.rng = Rng(seed).spawn(0x9E6)
        self.first = -1
        self.scene = 0  #: scene number in play (0: none / free placement)
        self.gold: list[int] = []
        self.silver: list[int] = []
        self.used_sets: list[str] = []
        self.seat = 0
        self.turns = 0
        self.steps = 0  #: decisions taken in the current turn (bounded, see max_game_length)
        self.card_used = False
        self.emperor_used = False
        self.seal_used = False
        self.main_done = False
        self.star_moved = False
        self.winner: int | None = None
        self.playing = False
        self.queue: list[Task] = [["first", -1]]

    # -- geometry and components ---------------------------------------------------

    @property
    def grid(self) -> Lattice:
        return self.game.grid

    @property
    def cards_enabled(self) -> bool:
        return bool(self.gold or self.silver)

    @property
    def hand_limit(self) -> int:
        return 3 if self.game.players == 4 else 4

    def side(self, seat: int) -> int:
        return seat % 2

    def opponents(self, seat: int) -> list[int]:
        """Rival seats in turn order after ``seat``."""
        n = self.game.players
        return [(seat + k) % n for k in range(1, n) if (seat + k) % 2 != seat % 2]

    # -- supplies --------------------------------------------------------------------

    def eggs_on_board(self, side: int) -> int:
        return self.board.count(EGG[side])

    def egg_target(self, side: int) -> int:
        """Eggs a side must have on the board to win: all of them still in the game."""
        return components().eggs - self.lost_eggs[side]

    def unused_eggs(self, side: int) -> int:
        return self.egg_target(side) - self.eggs_on_board(side)

    def unused_assistants(self, side: int) -> int:
        return self.game.assistants - self.board.count(ASSISTANT[side]) - self.lost_assistants[side]

    def unused_star(self, side: int) -> int:
        return 1 - self.board.count(STAR[side]) - self.lost_star[side]

    def next_penguin(self, side: int) -> int | None:
        """The penguin a hatch (or a card) would place: the star only once no
        assistant is left unused (assistants lost to a river do not hold it back)."""
        if self.unused_assistants(side) > 0:
            return ASSISTANT[side]
        if self.unused_star(side) > 0:
            return STAR[side]
        return None

    def empty_points(self) -> list[int]:
        return [p for p, v in enumerate(self.board) if v == EMPTY]

    def place_egg(self, side: int, p: int) -> bool:
        """Put an unused egg of ``side`` on empty point ``p`` if one is left; check the win."""
        if self.board[p] != EMPTY or self.unused_eggs(side) <= 0:
            return False
        self.board[p] = EGG[side]
        self.check_egg_win(side)
        return True

    def check_egg_win(self, side: int) -> None:
        """All of a side's eggs on the board at once wins at once (the turn stops here)."""
        if self.winner is None and self.eggs_on_board(side) >= self.egg_target(side):
            self.finish(side)

    def finish(self, winner: int) -> None:
        self.winner = winner
        self.queue = []

    def find(self, code: int) -> int | None:
        # asked for the emperor and the seal at every step: no exception when absent
        board = self.board
        return board.index(code) if code in board else None

    # -- the deck, with what each seat knows of it ------------------------------------

    def deck_take(self, n: int) -> list[int]:
        """Take up to ``n`` cards from the top; known positions move up."""
        taken = self.deck[:n]
        del self.deck[:n]
        k = len(taken)
        self.deck_known = [[i - k for i in known if i >= k] for known in self.deck_known]
        return taken

    def deck_return(self, card: int, top: bool, seat: int) -> None:
        """Put ``card`` on top or at the bottom; ``seat`` knows where it went."""
        if top:
            self.deck.insert(0, card)
            self.deck_known = [[i + 1 for i in known] for known in self.deck_known]
            self.deck_known[seat].append(0)
        else:
            self.deck.append(card)
            self.deck_known[seat].append(len(self.deck) - 1)

    # -- queue -------------------------------------------------------------------------

    def push(self, *tasks: Task) -> None:
        """Put tasks at the front of the queue, in the given order."""
        self.queue[0:0] = list(tasks)

    def run(self) -> None:
        """Run automatic tasks until a seat must decide or the game ends."""
        while self.winner is None:
            if self.queue:
                head = self.queue[0]
                fn = AUTO.get(head[0])
                if fn is None:
                    return
                self.queue.pop(0)
                fn(self, head)
                continue
            if not self.playing:
                return
            if not self.main_done:
                if not self.has_main_action(self.seat):
                    self.finish(1 - self.side(self.seat))
                return
            if self.after_phase_open():
                return
            self.push(["end_turn", self.seat])

    # -- phases of a turn ------------------------------------------------------------------

    def emperor_moves(self) -> list[int]:
        e = self.find(EMPEROR)
        if e is None or self.emperor_used:
            return []
        return sorted({q for q in self.grid.move_neighbours(e) if self.board[q] == EMPTY})

    def seal_moves(self) -> list[int]:
        s = self.find(SEAL)
        if s is None or self.seal_used:
            return []
        return sorted(
            {
                q
                for q in self.grid.move_neighbours(s)
                if self.board[q] == EMPTY or is_egg(self.board[q])
            }
        )

    def can_star_draw(self) -> bool:
        return (
            self.star_moved
            and self.game.star_rule
            and not self.card_used
            and self.cards_enabled
            and bool(self.deck)
        )

    def after_phase_open(self) -> bool:
        """Whether anything optional remains after the main action. Decided on public
        information only (hand sizes, not contents), so no seat learns a secret from
        whether a turn pauses here."""
        return bool(
            (self.hands[self.seat] and not self.card_used)
            or self.can_star_draw()
            or self.emperor_moves()
            or self.seal_moves()
        )

    def cancel_window(self) -> bool:
        """Rivals are asked whether to cancel a card while a #10 may still be in their hands."""
        copies = self.silver.count(CANCEL_CARD) * 3
        return copies > 0 and self.discard.count(CANCEL_CARD) < copies

    def has_main_action(self, seat: int) -> bool:
        return flow.has_main_action(self, seat)

    # -- core protocol ---------------------------------------------------------------------

    def turn(self) -> Turn:
        if self.winner is not None:
            return TERMINAL_TURN
        if self.queue:
            head = self.queue[0]
            if head[0] == "first":
                return CHANCE_TURN
            return Turn.seat(head[1])
        return Turn.seat(self.seat)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        from meeple.games.penguins.actions import FirstPlayer

        if self.winner is None and self.queue and self.queue[0][0] == "first":
            return [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]
        return []

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.queue:
            return DECISIONS[self.queue[0][0]].legal(self, self.queue[0])
        return flow.phase_actions(self, seat)

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        self.steps += 1
        if self.queue:
            task = self.queue.pop(0)
            if task[0] == "first":
                from meeple.games.penguins.setup import begin

                begin(self, action)
            else:
                DECISIONS[task[0]].apply(self, task, action)
        else:
            flow.apply_phase_action(self, action)
        self.run()

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        # Hatching, drawing and scouting show cards from the deck; a rival's guess
        # shows a hidden hand. Keep it simple and safe: any action that may draw.
        return seat is None or action.kind in ("hatch", "draw", "play", "guess", "scene", "set")

    # -- copies -------------------------------------------------------------------------

    def clone(self) -> PenguinState:
        c = PenguinState.__new__(PenguinState)
        c.__dict__.update(self.__dict__)
        c.board = self.board[:]
        c.hands = [h[:] for h in self.hands]
        c.offers = [o[:] for o in self.offers]
        c.deck = self.deck[:]
        c.deck_known = [k[:] for k in self.deck_known]
        c.discard = self.discard[:]
        c.lost_eggs = self.lost_eggs[:]
        c.lost_assistants = self.lost_assistants[:]
        c.lost_star = self.lost_star[:]
        c.rng = self.rng.copy()
        c.used_sets = self.used_sets[:]
        c.gold = self.gold[:]
        c.silver = self.silver[:]
        c.queue = self.queue[:]
        return c

    _FIELDS = (
        "board", "hands", "offers", "deck", "deck_known", "discard", "lost_eggs", "lost_assistants",
        "lost_star", "first", "scene", "gold", "silver", "used_sets", "seat", "turns",
        "steps", "card_used", "emperor_used", "seal_used", "main_done", "star_moved",
        "winner", "playing", "queue",
    )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {f: _plain(getattr(self, f)) for f in self._FIELDS}
        data["layout"] = self.layout.to_json()
        data["rng"] = self.rng.to_json()
        return data

    @staticmethod
    def from_json(game: Penguins, data: dict[str, Any]) -> PenguinState:
        s = PenguinState(game)
        for f in PenguinState._FIELDS:
            setattr(s, f, _plain(data[f]))
        s.layout = Layout.from_json(data["layout"])
        s.rng = Rng.from_json(data["rng"])
        return s

    # -- hidden information ----------------------------------------------------------

    def determinize(self, seat: int, rng: Rng) -> PenguinState:
        """Resample what ``seat`` cannot see: the deck order (except cards it put
        back itself), the other seats' hands and offered cards (teammates' too)
        and a hidden hand of card #11, and the generator of shuffles still to come."""
        c = self.clone()
        others = [s for s in range(self.game.players) if s != seat]
        known = set(c.deck_known[seat])
        free_slots = [i for i in range(len(c.deck)) if i not in known]
        pool = [c.deck[i] for i in free_slots]
        pool += [x for s in others for x in c.hands[s] + c.offers[s]]
        pool.sort()  # canonical order first: the result depends on the seat's view and rng only
        rng.shuffle(pool)
        i = 0
        for slot in free_slots:  # cards this seat put back stay where it knows they are
            c.deck[slot] = pool[i]
            i += 1
        for s in others:
            n = len(c.hands[s])
            c.hands[s] = pool[i : i + n]
            i += n
            n = len(c.offers[s])
            c.offers[s] = pool[i : i + n]
            i += n
        c.queue = [
            ["guess", t[1], t[2], rng.randbelow(2)] if t[0] == "guess" and t[2] != seat else t
            for t in c.queue
        ]
        c.rng = Rng(rng.next64())  # the setup's future shuffles are secret too
        return c

    def view(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.penguins.view import build_view

        return build_view(self, seat)

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        if actor is None:
            return str(action)
        if viewer != actor and action.kind in ("keep", "hide"):
            secret = {"keep": "keep a card", "hide": "hide a penguin in one hand"}[action.kind]
            return f"seat {actor}: {secret}"
        return f"seat {actor}: {action}"

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        from meeple.games.penguins.view import observation

        return observation(self, seat)

    # -- results ----------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [
            1.0 if self.winner is not None and self.winner == self.side(s) else 0.0
            for s in range(self.game.players)
        ]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        return [() for _ in range(self.game.players)]


def _plain(value: Any) -> Any:
    """A deep copy made of lists (JSON's shape), so states compare equal after a round trip."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


__all__ = ["BARRIERS", "DRAW", "TERRAINS", "PenguinState"]
