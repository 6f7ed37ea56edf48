"""The state of a penguin egg game and the bookkeeping around its decision stack.

Everything a match needs lives in plain lists and ints: the board (one small
int per point), hands, the deck (index 0 is the top), the discard pile, and
the core's stack of what is owed next (:mod:`meeple.core.decisions`: decisions a
seat answers, automatic steps, the chance step that picks who starts; the next
one on top). The layout (terrain) is immutable and shared. The fields are
declared once (clone and JSON follow). Rules for each kind live in
:mod:`.flow`, :mod:`.cards` and :mod:`.setup`, their table in
:mod:`.decisions`, the forward model in :mod:`.rules`; this module holds the
data and the bookkeeping every rule uses.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from meeple.core import decisions as dec
from meeple.core.decisions import Decision
from meeple.core.fields import Custom, FieldState, StateFields
from meeple.core.game import Game
from meeple.core.kinds import CHANCE
from meeple.core.rng import Rng
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


def _same(value: Any) -> Any:
    return value


def _layout_json(layout: Layout) -> Any:
    return layout.to_json()


DRAW = 2  #: value of ``winner`` for a drawn game (turn limit)
CANCEL_CARD = 10


FIELDS = StateFields(
    board=list[int],  # one small int per point
    layout=Custom(copy=_same, dump=_layout_json, load=Layout.from_json),  # immutable terrain
    hands=list[list[int]],
    offers=list[list[int]],
    deck=list[int],  # index 0 is the top
    deck_known=list[list[int]],  # per seat, the deck positions whose card it knows
    discard=list[int],
    lost_eggs=list[int],
    lost_assistants=list[int],
    lost_star=list[int],
    rng=Rng,
    first=int,
    scene=int,
    gold=list[int],
    silver=list[int],
    used_sets=list[str],
    seat=int,
    turns=int,
    steps=int,
    card_used=bool,
    emperor_used=bool,
    seal_used=bool,
    main_done=bool,
    star_moved=bool,
    winner=int | None,
    playing=bool,
    decisions=dec.FIELD,  # what is owed next, on top (decisions.py: every kind)
)

#: The ``source`` of what a card's play pushes (the rivals' chances to cancel it, then
#: its effect): a #10 drops whatever of it is still on top of the stack (cards.py).
PLAY = "play"


def stack_of_queue(queue: list[list[Any]]) -> dec.Stack:
    """A stored task queue (states saved before the stack, front first, each task
    ``[kind, seat, *data]``) as the stack: the front on top, a card's play marked."""
    return dec.push(
        dec.EMPTY,
        *(
            Decision(int(seat), str(kind), dec.freeze(data), source=_OLD_SOURCES.get(kind, ""))
            for kind, seat, *data in queue
        ),
    )


#: Sources the stored queue had no field for: what a card's play pushed.
_OLD_SOURCES = {"cancel": PLAY, "card": PLAY}

#: The fields :func:`owe` sets, in order (a test holds them to ``Decision``'s own).
OWE_FIELDS = ("seat", "kind", "args", "rest", "actor", "source")
_new = object.__new__
_SLOTS: Any = vars(Decision)
_set_seat, _set_kind, _set_args, _set_rest, _set_actor, _set_source = (
    _SLOTS[name].__set__ for name in OWE_FIELDS
)


def owe(seat: int, kind: str, args: tuple[Any, ...] = (), source: str = "") -> Decision:
    """``Decision(seat, kind, args, source=source)`` (no continuation: the penguin game
    has no effect programs), its slots set as the frozen dataclass's ``__init__`` sets
    them, at a third of the cost: a slide, its eggs and its effects, a card and its
    answers are each made at the action that starts them, and ``args`` are tuples all
    the way down (frozen) as made."""
    d = _new(Decision)
    _set_seat(d, seat)
    _set_kind(d, kind)
    _set_args(d, args)
    _set_rest(d, ())
    _set_actor(d, -1)
    _set_source(d, source)
    return d


_PLAIN: dict[tuple[str, int], Decision] = {}


def plain(seat: int, kind: str) -> Decision:
    """``Decision(seat, kind)`` without args, made once and shared (a decision is frozen;
    the turn's own steps, ``main_done``, ``end_turn``, ``next_turn``, are most of what
    is pushed, and making a frozen dataclass costs more than a lookup)."""
    d = _PLAIN.get((kind, seat))
    if d is None:
        d = _PLAIN[kind, seat] = Decision(seat, kind)
    return d


def _per_seat(kind: str) -> tuple[Decision, ...]:
    return tuple(plain(seat, kind) for seat in range(4))


#: The turn's own steps, by seat, pushed at nearly every action: an index is cheaper still.
MAIN_DONE, END_TURN, NEXT_TURN = (
    _per_seat("main_done"),
    _per_seat("end_turn"),
    _per_seat("next_turn"),
)


class PenguinsTable(Game):
    """What a match's state reads of its configured game: the lattice, the
    penguins per side, the free-mode switches, the turn limit, a custom deck.
    :class:`~meeple.games.penguins.rules.Penguins` is the one concrete game;
    these follow from its options alone, so they live here, where the data,
    the view and the rule modules can name them without importing the rules.
    """

    #: free mode's own gold and silver cards (``cards=...``), set by ``validate``
    custom_deck: tuple[tuple[int, ...], tuple[int, ...]] | None

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


class PenguinData(FieldState):
    """One moment of a match, as data; see the module docstring for the representation."""

    __slots__ = FIELDS.slots
    fields = FIELDS

    game: PenguinsTable

    def __init__(self, game: PenguinsTable, seed: int = 0) -> None:
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
        self.decisions: dec.Stack = (Decision(CHANCE, "first"),)

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
        self.decisions = dec.EMPTY

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

    # -- the stack ---------------------------------------------------------------------

    def push(self, *ds: Decision) -> None:
        """Put ``ds`` on top of the stack, the first listed to come first."""
        self.decisions += ds if len(ds) == 1 else ds[::-1]

    @classmethod
    def upgrade(cls, game: Game, data: dict[str, Any]) -> dict[str, Any]:
        """States stored before the stack kept a task queue (``queue``)."""
        if "queue" in data:
            queue = data["queue"]
            data = {k: v for k, v in data.items() if k != "queue"}
            data["decisions"] = dec.stack_to_json(stack_of_queue(queue))
        return data

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

    # -- core protocol ---------------------------------------------------------------------

    # -- copies -------------------------------------------------------------------------

    # -- hidden information ----------------------------------------------------------

    # -- results ----------------------------------------------------------------------


__all__ = ["BARRIERS", "DRAW", "TERRAINS", "PenguinData"]
