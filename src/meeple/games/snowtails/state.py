"""Snow Tails' state as data: per-seat lists and the decision in progress.

The fields are declared once (:class:`~meeple.core.fields.StateFields`), so
``clone`` (which search lives on), ``to_json`` and loading follow from the
declaration. The queries here read the data; rules.py changes it.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Game, Rng
from meeple.core.fields import FieldState, Shared, StateFields
from meeple.games.snowtails.track import Track

SLOTS = ("left", "right", "discard")
RACING, FINISHED, OUT = 0, 1, 2
STATUS_NAMES = ("racing", "finished", "eliminated")
PHASES = ("lanes", "play", "steps", "bonus", "discard", "over")
DENT = 0  # hand index of dent cards; 1-5 are dog values

FIELDS = StateFields(
    rng=Rng,  # the hidden generator: deck orders
    race=int,
    points=list[int],
    results=list[list[int]],  # places per finished race
    phase=str,
    round_no=int,
    order=list[int],
    order_idx=int,
    pick_order=list[int],
    lane_no=list[int],
    cell=list[int],
    status=list[int],
    left=list[list[int]],
    right=list[list[int]],
    brake=list[int],
    hand=list[list[int]],
    deck=list[list[int]],
    discards=list[list[int]],
    trees=set[int],
    placed_value=int,
    placed_slots=list[str],
    fwd_rem=int,
    diag_rem=int,
    drift=int,
    speed=int,
    base=int,
    bonus_steps=int,
    bumped=bool,
    lines=list[int],
    events=Shared[list[list[object]]],  # events are never changed in place
    last_events=Shared[list[list[object]]],
    elim_order=list[int],
)


class SnowTailsTable(Game):
    """What a race's state reads of its configured game: the course, the
    starting numbers, the round limit and the sled colours. :class:`~meeple.games.snowtails.rules.SnowTails` is the
    one concrete game and sets them when it validates its options; naming
    them on this abstract base lets the data (and the view) type their game
    without importing the rules, which import them.
    """

    track: Track
    #: the course geometry sent in every view (shared, never mutated)
    track_json: dict[str, Any]
    start_dog: int
    start_brake: int
    round_limit: int
    colours: list[str]


class SnowTailsData(FieldState):
    """One moment of a race (or season).

    Per-seat lists: ``lane_no`` (start lane 1-5, 0 before choosing), ``cell``
    (track cell, -1 before the start), ``status`` (racing, finished,
    eliminated), ``left``/``right`` (dog piles, top last), ``brake``,
    ``hand`` (counts: index 0 dents, 1-5 dog values), ``deck`` (top last),
    ``discards`` (face-up pile). Turn fields hold the decision in progress.
    """

    __slots__ = FIELDS.slots
    fields = FIELDS

    game: SnowTailsTable
    rng: Rng
    race: int
    points: list[int]
    results: list[list[int]]
    phase: str
    round_no: int
    order: list[int]
    order_idx: int
    pick_order: list[int]
    lane_no: list[int]
    cell: list[int]
    status: list[int]
    left: list[list[int]]
    right: list[list[int]]
    brake: list[int]
    hand: list[list[int]]
    deck: list[list[int]]
    discards: list[list[int]]
    trees: set[int]
    placed_value: int
    placed_slots: list[str]
    fwd_rem: int
    diag_rem: int
    drift: int
    speed: int
    base: int
    bonus_steps: int
    bumped: bool
    lines: list[int]
    events: list[list[Any]]
    last_events: list[list[Any]]
    elim_order: list[int]

    def __init__(self, game: SnowTailsTable) -> None:
        self.game = game
        n = game.players
        self.rng = Rng(0)
        self.race = 0
        self.points = [0] * n
        self.results: list[list[int]] = []  # places per finished race
        self.phase = "lanes"
        self.round_no = 0
        self.order: list[int] = []
        self.order_idx = 0
        self.pick_order: list[int] = []
        self.lane_no = [0] * n
        self.cell = [-1] * n
        self.status = [RACING] * n
        self.left: list[list[int]] = [[] for _ in range(n)]
        self.right: list[list[int]] = [[] for _ in range(n)]
        self.brake = [game.start_brake] * n
        self.hand: list[list[int]] = [[0] * 6 for _ in range(n)]
        self.deck: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.trees: set[int] = set()
        self.placed_value = 0
        self.placed_slots: list[str] = []
        self.fwd_rem = 0
        self.diag_rem = 0
        self.drift = 0
        self.speed = 0
        self.base = 0  # the turn's forward value (left + right - brake)
        self.bonus_steps = 0
        self.bumped = False
        self.lines: list[int] = []  # limits of the speed lines crossed this turn
        self.events: list[list[Any]] = []  # this turn's public happenings
        self.last_events: list[list[Any]] = []  # the previous turn's
        self.elim_order = [0] * n  # 1, 2, ... in order of elimination

    # ---------------------------------------------------------- queries

    def current(self) -> int:
        """The seat deciding now (only meaningful while not over)."""
        if self.phase == "lanes":
            return self.pick_order[len([x for x in self.lane_no if x])]
        return self.order[self.order_idx]

    def dog(self, seat: int, side: str) -> int:
        pile = self.left[seat] if side == "left" else self.right[seat]
        return pile[-1] if pile else self.game.start_dog

    def dents(self, seat: int) -> int:
        return self.hand[seat][DENT]

    def hand_count(self, seat: int) -> int:
        return sum(self.hand[seat])

    def on_track(self, seat: int) -> bool:
        return self.status[seat] != OUT and self.cell[seat] >= 0

    def occupied(self, cell: int) -> bool:
        return any(self.cell[s] == cell and self.on_track(s) for s in range(self.game.players))

    def ahead_key(self, seat: int) -> tuple[int, int]:
        """Higher is further ahead; ties already broken by the inside/flag rule."""
        c = self.cell[seat]
        track = self.game.track
        return (track.pos[c], track.pref[c])

    def place(self, seat: int) -> int:
        """Current place among sleds still on the track (1 = leader)."""
        mine = self.ahead_key(seat)
        return 1 + sum(
            1
            for s in range(self.game.players)
            if s != seat and self.on_track(s) and self.ahead_key(s) > mine
        )

    def race_key(self, seat: int) -> tuple[int, int, int, int]:
        """Final order of a race: sleds not eliminated first, furthest first,
        then the tie rule; eliminated sleds by how far they got, later first."""
        pos, pref = self.ahead_key(seat) if self.cell[seat] >= 0 else (-1, 0)
        alive = 0 if self.status[seat] == OUT else 1
        return (alive, pos, pref, self.elim_order[seat])

    def race_places(self) -> list[int]:
        keys = [self.race_key(s) for s in range(self.game.players)]
        return [1 + sum(1 for o in keys if o > k) for k in keys]

    def movement(self, seat: int) -> tuple[int, int]:
        """(forward, drift) from the sled's current dogs and brake."""
        left, right = self.dog(seat, "left"), self.dog(seat, "right")
        return left + right - self.brake[seat], right - left
