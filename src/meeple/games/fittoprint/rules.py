"""Fit To Print rules: three days of blind reporting and front-page layout.

Two ways to run a day (option ``mode``):

* ``realtime`` (the table game): a SIMULTANEOUS turn for every seat that has
  not printed; each seat reports, lays out and prints at its own pace. The
  timer is not in the core: when the server's clock runs out it applies the
  system action ``timeup D`` (seat ``None``), recorded like any other action,
  which stops everyone and hands out the remaining finishing tokens. Without a
  clock (bots, tests, replays) a day ends when everyone has printed.
* ``slo`` (Slo-Mode): reporting in turns (one tile a turn); calling layout
  starts that player's whole layout at once, ending with print.

The face-down pool is an ordered list shuffled by the state's hidden
:class:`Rng`; ``draw SIZE`` takes the first tile of that size in it, so a
player learns a tile only once it is taken. Decisions the seed leaves open
are listed in docs/games/fittoprint.md and marked "Decision:" below.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import numpy as np

from meeple.core import Action, Game, GameOption, Rng, State, Turn
from meeple.core.errors import IllegalActionError, NotYourTurnError
from meeple.core.turn import TERMINAL_TURN, TurnKind
from meeple.games.fittoprint.actions import (
    CallLayout,
    Draft,
    Draw,
    Flip,
    Keep,
    Lift,
    MoveCentre,
    Place,
    Print,
    Return,
    Take,
    TimeUp,
)
from meeple.games.fittoprint.components import (
    CELL_INDEX,
    CELL_NAMES,
    CENTREPIECES,
    CHARACTER_IDS,
    CP_MASK,
    CP_PLACEMENTS,
    DAYS,
    NCELLS,
    NEWS,
    NEWS_DECKS,
    NTILES,
    REARRANGEMENTS_PER_DAY,
    RULES,
    SIZE_INDEX,
    SIZE_MASK,
    SIZE_PLACEMENTS,
    SIZES,
    SOLO,
    STACK_CENTREPIECES,
    START_CENTREPIECES,
    TILE_SIZE,
    TILES,
    centre_cells,
    tile_mask,
)
from meeple.games.fittoprint.scoring import (
    occupied,
    page_breakdown,
    violations,
    white_space_points,
)

REPORTING, LAYOUT, PRINTED = 0, 1, 2
STATUS_NAMES = ("reporting", "layout", "printed")
DAY, DRAFT, OVER = "day", "draft", "over"
FACES = ("up", "down")
NDAYS = len(DAYS)
MAX_SEATS = 6

# Shared immutable action objects.
DRAWS = {s: Draw(s) for s in SIZES}
KEEP, RETURN, LAYOUT_CALL, PRINT = Keep(), Return(), CallLayout(), Print()
TAKES = tuple(Take(t) for t in range(NTILES))
FLIPS = tuple(Flip(t) for t in range(NTILES))
LIFTS = tuple(Lift(t) for t in range(NTILES))
CENTRES = {cell: MoveCentre(CELL_NAMES[cell]) for cell, _ in CP_PLACEMENTS}
#: PLACES[tile][cell] = (face-up action, face-down action), only where the tile fits the grid.
PLACES: tuple[dict[int, tuple[Place, Place]], ...] = tuple(
    {
        cell: (Place(t, CELL_NAMES[cell], "up"), Place(t, CELL_NAMES[cell], "down"))
        for cell, _ in SIZE_PLACEMENTS[TILE_SIZE[t]]
    }
    for t in range(NTILES)
)
TIMEUPS = tuple(TimeUp(d) for d in range(NDAYS))
DRAFTS = {c: Draft(c) for c in STACK_CENTREPIECES}
#: Per day: top-left cells where the centrepiece covers the star (first: where it starts).
CENTRE_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(centre_cells(d)) for d in DAYS)
_SIMULTANEOUS: dict[tuple[int, ...], Turn] = {}


def _simultaneous(seats: tuple[int, ...]) -> Turn:
    turn = _SIMULTANEOUS.get(seats)
    if turn is None:
        turn = _SIMULTANEOUS[seats] = Turn.simultaneous(seats)
    return turn


class FitToPrint(Game):
    """Fit To Print for 1-6 players (one player: the designed solo game).

    >>> game = FitToPrint(players=2, mode="slo")
    >>> state = game.new_initial_state(seed=3)
    >>> state.turn().seats, str(state.legal_actions(0)[-1])
    ((0,), 'layout')
    """

    name = "fittoprint"
    title = "Fit To Print"
    title_zh = "頭版搶先報"
    min_players = 1
    max_players = 6
    default_players = 2
    perfect_information = False
    has_chance = False
    #: Slo-Mode (the default) is turn based; a realtime instance declares simultaneous
    #: turns in validate(). Adapters reading the class see the default's dynamics.
    simultaneous_turns = False
    option_specs = (
        GameOption(
            "mode",
            "slo",
            help="realtime: everyone acts at once against the round timer (server clock); "
            "slo: Slo-Mode, reporting in turns and no timer",
            choices=("realtime", "slo"),
        ),
        GameOption(
            "minutes",
            int(RULES["timer_default"]),
            help="round timer in minutes (realtime): 3 frantic, 4 standard, 5 relaxed",
            choices=tuple(int(m) for m in RULES["timer_minutes"]),
        ),
        GameOption(
            "round_seconds",
            0,
            help="tables and tests: a round timer in seconds instead of minutes (0: use minutes)",
            minimum=0,
            maximum=600,
        ),
        GameOption("characters", False, help="advanced: deal the six character abilities"),
        GameOption("breaking_news", False, help="advanced: one breaking-news card a day"),
        GameOption(
            "target",
            int(SOLO["default_target"]),
            help="solo: the score to beat (your own best, or the designed default)",
            minimum=0,
            maximum=300,
        ),
    )

    def validate(self) -> None:
        # Per instance: only the realtime mode has SIMULTANEOUS turns.
        setattr(self, "simultaneous_turns", self.realtime)  # noqa: B010 (shadows the ClassVar)

    @property
    def realtime(self) -> bool:
        return self.options["mode"] == "realtime"

    @property
    def round_seconds(self) -> int:
        """A realtime day's length: ``round_seconds`` when set (short tables, tests),
        else ``60 * minutes`` (the rulebook's 3 / 4 / 5 minutes)."""
        return int(self.options["round_seconds"]) or 60 * int(self.options["minutes"])

    def enumerate_actions(self) -> Iterable[Action]:
        out: list[Action] = [*DRAWS.values(), KEEP, RETURN, *TAKES, LAYOUT_CALL]
        for t in range(NTILES):
            for up, down in PLACES[t].values():
                out += (up, down)
        out += [*FLIPS, *LIFTS, *CENTRES.values(), PRINT, *TIMEUPS, *DRAFTS.values()]
        return out

    def max_game_length(self) -> int:
        # Per day: every reporting step moves a tile out of the face-down pool or
        # off the face-up row (draw + keep/return, take), each seat places each
        # tile at most once plus once per rearrangement, calls layout and prints;
        # one time-up; one draft pick per seat.
        p = self.players
        per_day = 3 * NTILES + p * (NTILES + 2 * REARRANGEMENTS_PER_DAY + 2) + 1 + p
        return NDAYS * per_day

    def new_initial_state(self, seed: int = 0) -> FitToPrintState:
        return FitToPrintState.setup(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> FitToPrintState:
        return FitToPrintState.from_json(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (OBS_SIZE,)


class FitToPrintState(State):
    """One moment of a match. Pages are ``{tile: (cell, face_up)}`` dicts."""

    __slots__ = (
        "_turn",
        "centre",
        "characters",
        "cp_stack",
        "current",
        "day",
        "desk",
        "draft_order",
        "face_up",
        "game",
        "moves",
        "news",
        "news_decks",
        "next_token",
        "offer",
        "page",
        "pending",
        "phase",
        "points",
        "pool",
        "results",
        "revenue",
        "rng",
        "status",
        "token",
    )

    game: FitToPrint
    _turn: Turn | None
    rng: Rng
    pool: list[int]  # face-down tiles, in draw order (hidden)
    face_up: list[int]  # tiles returned face up to the centre
    desk: list[list[int]]
    page: list[dict[int, tuple[int, bool]]]  # tile -> (top-left cell, face up)
    centre: list[list[int]]  # per seat: [centrepiece, side, cell]
    cp_stack: list[list[int]]  # [centrepiece, side], hidden order
    characters: list[int]
    news_decks: list[list[int]]
    news: list[int]  # breaking-news card of each day so far
    points: list[list[int]]  # per seat, per day
    revenue: list[list[int]]
    results: list[dict[str, Any]]  # public record of each day's scoring
    offer: list[list[int]]
    draft_order: list[int]
    day: int
    phase: str
    status: list[int]
    token: list[int]
    next_token: int
    moves: list[int]  # rearrangements used today
    pending: list[int]  # tile drawn, not yet kept or returned (-1: none)
    current: int  # Slo-Mode: the seat to act

    # -- setup ---------------------------------------------------------------------

    @staticmethod
    def setup(game: FitToPrint, seed: int) -> FitToPrintState:
        s = FitToPrintState.__new__(FitToPrintState)
        s.game = game
        s._turn = None
        n = game.players
        s.rng = Rng(seed)
        s.pool = list(range(NTILES))
        s.rng.shuffle(s.pool)
        s.face_up = []
        s.desk = [[] for _ in range(n)]
        s.page = [{} for _ in range(n)]
        starts = list(START_CENTREPIECES)
        s.rng.shuffle(starts)
        # centre[seat] = [centrepiece, side, cell]; start ones use their condition side.
        s.centre = [[starts[i], 0, -1] for i in range(n)]
        # Decision: the stack is shuffled with a random side up for each tile.
        stack = list(STACK_CENTREPIECES)
        s.rng.shuffle(stack)
        s.cp_stack = [[c, s.rng.randbelow(2)] for c in stack]
        s.characters = []
        if game.options["characters"]:
            chars = list(range(len(CHARACTER_IDS)))
            s.rng.shuffle(chars)
            s.characters = chars[:n]
        s.news_decks = [list(d) for d in NEWS_DECKS]
        for deck in s.news_decks:
            s.rng.shuffle(deck)
        s.news = []
        s.points = [[] for _ in range(n)]
        s.revenue = [[] for _ in range(n)]
        s.results = []
        s.offer = []
        s.draft_order = []
        s.day = 0
        s._start_day()
        return s

    def _start_day(self) -> None:
        n = self.game.players
        self.phase = DAY
        self.status = [REPORTING] * n
        self.token = [0] * n
        self.next_token = 1
        self.moves = [0] * n
        self.pending = [-1] * n
        home = CENTRE_CELLS[self.day][0]
        for c in self.centre:
            c[2] = home
        # Slo-Mode start player (Decision): drawn at random each day. The last seat
        # in a day's order sees the most tiles returned face up, so a fixed order
        # (seat 0 first, or a rotation) gave the seats unequal chances in self-play.
        self.current = self.rng.randbelow(n)
        if self.game.options["breaking_news"]:
            self.news.append(self.news_decks[self.day].pop())

    # -- copies and JSON -----------------------------------------------------------

    def clone(self) -> FitToPrintState:
        c = FitToPrintState.__new__(FitToPrintState)
        c.game = self.game
        c._turn = self._turn
        c.rng = self.rng.copy()
        c.pool = self.pool[:]
        c.face_up = self.face_up[:]
        c.desk = [d[:] for d in self.desk]
        c.page = [dict(p) for p in self.page]
        c.centre = [x[:] for x in self.centre]
        c.cp_stack = [x[:] for x in self.cp_stack]
        c.characters = self.characters[:]
        c.news_decks = [d[:] for d in self.news_decks]
        c.news = self.news[:]
        c.points = [p[:] for p in self.points]
        c.revenue = [r[:] for r in self.revenue]
        c.results = self.results  # append-only list of immutable-by-convention records
        c.offer = [x[:] for x in self.offer]
        c.draft_order = self.draft_order[:]
        c.day = self.day
        c.phase = self.phase
        c.status = self.status[:]
        c.token = self.token[:]
        c.next_token = self.next_token
        c.moves = self.moves[:]
        c.pending = self.pending[:]
        c.current = self.current
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "rng": self.rng.to_json(),
            "pool": self.pool[:],
            "face_up": self.face_up[:],
            "desk": [d[:] for d in self.desk],
            "page": [[[t, cell, up] for t, (cell, up) in sorted(p.items())] for p in self.page],
            "centre": [x[:] for x in self.centre],
            "cp_stack": [x[:] for x in self.cp_stack],
            "characters": self.characters[:],
            "news_decks": [d[:] for d in self.news_decks],
            "news": self.news[:],
            "points": [p[:] for p in self.points],
            "revenue": [r[:] for r in self.revenue],
            "results": self.results,
            "offer": [x[:] for x in self.offer],
            "draft_order": self.draft_order[:],
            "day": self.day,
            "phase": self.phase,
            "status": self.status[:],
            "token": self.token[:],
            "next_token": self.next_token,
            "moves": self.moves[:],
            "pending": self.pending[:],
            "current": self.current,
        }

    @staticmethod
    def from_json(game: FitToPrint, data: dict[str, Any]) -> FitToPrintState:
        s = FitToPrintState.__new__(FitToPrintState)
        s.game = game
        s._turn = None
        s.rng = Rng.from_json(data["rng"])
        s.pool = [int(t) for t in data["pool"]]
        s.face_up = [int(t) for t in data["face_up"]]
        s.desk = [[int(t) for t in d] for d in data["desk"]]
        s.page = [{int(t): (int(cell), bool(up)) for t, cell, up in p} for p in data["page"]]
        s.centre = [[int(v) for v in x] for x in data["centre"]]
        s.cp_stack = [[int(v) for v in x] for x in data["cp_stack"]]
        s.characters = [int(c) for c in data["characters"]]
        s.news_decks = [[int(v) for v in d] for d in data["news_decks"]]
        s.news = [int(v) for v in data["news"]]
        s.points = [[int(v) for v in p] for p in data["points"]]
        s.revenue = [[int(v) for v in r] for r in data["revenue"]]
        s.results = list(data["results"])
        s.offer = [[int(v) for v in x] for x in data["offer"]]
        s.draft_order = [int(v) for v in data["draft_order"]]
        s.day = int(data["day"])
        s.phase = str(data["phase"])
        s.status = [int(v) for v in data["status"]]
        s.token = [int(v) for v in data["token"]]
        s.next_token = int(data["next_token"])
        s.moves = [int(v) for v in data["moves"]]
        s.pending = [int(v) for v in data["pending"]]
        s.current = int(data["current"])
        return s

    # -- turn structure --------------------------------------------------------------

    def turn(self) -> Turn:
        turn = self._turn
        if turn is None:
            turn = self._turn = self._compute_turn()
        return turn

    def _compute_turn(self) -> Turn:
        if self.phase == OVER:
            return TERMINAL_TURN
        if self.phase == DRAFT:
            return Turn.seat(self.draft_order[0])
        if self.game.realtime:
            return _simultaneous(
                tuple(s for s in range(self.game.players) if self.status[s] != PRINTED)
            )
        return Turn.seat(self.current)

    # -- legal actions -----------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == DRAFT:
            return [DRAFTS[c] for c, _side in self.offer]
        if self.pending[seat] >= 0:
            return [KEEP, RETURN]
        if self.status[seat] == REPORTING:
            return self._reporting_actions()
        return self.layout_actions(seat)

    def _reporting_actions(self) -> list[Action]:
        have = {TILE_SIZE[t] for t in self.pool}
        out: list[Action] = [DRAWS[SIZES[i]] for i in sorted(have)]
        out += [TAKES[t] for t in sorted(self.face_up)]
        out.append(LAYOUT_CALL)
        return out

    def layout_actions(self, seat: int) -> list[Action]:
        """Placements from the desk, then (rearrangements left) flips, lifts (a tile
        is moved by lifting it and placing it again), centrepiece moves, and print."""
        area = DAYS[self.day].area
        page = self.page[seat]
        centre_cell = self.centre[seat][2]
        occ = occupied(page, centre_cell)
        out: list[Action] = []
        for t in sorted(set(self.desk[seat])):
            places = PLACES[t]
            for cell, mask in SIZE_PLACEMENTS[TILE_SIZE[t]]:
                if mask & area == mask and not mask & occ:
                    out += places[cell]
        if self.moves[seat] < REARRANGEMENTS_PER_DAY:
            out += [FLIPS[t] for t in sorted(page)]
            out += [LIFTS[t] for t in sorted(page)]
            free = occ & ~CP_MASK[centre_cell]
            for cell in CENTRE_CELLS[self.day]:
                if cell != centre_cell and not CP_MASK[cell] & free:
                    out.append(CENTRES[cell])
        out.append(PRINT)
        return out

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        """Same answer as ``action in legal_actions(seat)``, checked directly (fast:
        the checked apply calls it for every action)."""
        t = self.turn()
        if seat is None:
            if len(t.seats) != 1 or t.kind is TurnKind.SIMULTANEOUS:
                return False
            seat = t.seats[0]
        if seat not in t.seats or isinstance(action, TimeUp):
            return False  # timeup: only the clock (seat None) issues it, see apply()
        if self.phase == DRAFT:
            return isinstance(action, Draft) and any(c == action.centrepiece for c, _ in self.offer)
        if self.pending[seat] >= 0:
            return isinstance(action, (Keep, Return))
        if self.status[seat] == REPORTING:
            if isinstance(action, Draw):
                i = SIZE_INDEX.get(action.size, -1)
                return any(TILE_SIZE[x] == i for x in self.pool)
            if isinstance(action, Take):
                return action.tile in self.face_up
            return isinstance(action, CallLayout)
        return self._layout_legal(seat, action)

    def _layout_legal(self, seat: int, action: Action) -> bool:
        if isinstance(action, Print):
            return True
        page = self.page[seat]
        spare = self.moves[seat] < REARRANGEMENTS_PER_DAY
        if isinstance(action, (Flip, Lift)):
            return spare and action.tile in page
        day = DAYS[self.day]
        centre_cell = self.centre[seat][2]
        occ = occupied(page, centre_cell)
        if isinstance(action, MoveCentre):
            cell = CELL_INDEX.get(action.at, -1)
            return (
                spare
                and cell != centre_cell
                and cell in CENTRE_CELLS[self.day]
                and not CP_MASK[cell] & occ & ~CP_MASK[centre_cell]
            )
        if not isinstance(action, Place) or not 0 <= action.tile < NTILES:
            return False
        t = action.tile
        cell = CELL_INDEX.get(action.at, -1)
        mask = SIZE_MASK[TILE_SIZE[t]].get(cell)
        if mask is None or mask & day.area != mask or action.face not in FACES:
            return False
        return t in self.desk[seat] and not mask & occ

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Checked apply, plus the clock's ``timeup``: seat ``None``, realtime mode,
        during the named day only. Every other action goes through the core checks."""
        if isinstance(action, TimeUp):
            if seat is not None:
                raise NotYourTurnError("only the round timer ends a day (timeup has no seat)")
            if not self.game.realtime:
                raise IllegalActionError("Slo-Mode has no round timer")
            if self.phase != DAY or action.day != self.day:
                raise IllegalActionError(f"{action} does not match the running day")
            self.apply_unchecked(action, None)
            return
        super().apply(action, seat)

    def round_timer(self) -> tuple[float, Action] | None:
        """The running round's timer, for a server clock: (seconds, system action).

        While a realtime day runs this is ``(round seconds, timeup D)``; the
        action is the same for the whole day, so a driver arms one timer per
        distinct action and, when it fires, applies it with seat ``None`` (if
        the day is still running; a day everyone printed is already over).
        ``None`` in Slo-Mode and between days.
        """
        if not self.game.realtime or self.phase != DAY:
            return None
        return float(self.game.round_seconds), TIMEUPS[self.day]

    # -- applying ----------------------------------------------------------------------

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        self._turn = None  # every action may change who acts
        if isinstance(action, TimeUp):
            self._time_up()
            return
        assert seat is not None
        if isinstance(action, Place):
            self._place(seat, action)
        elif isinstance(action, Draw):
            i = SIZE_INDEX[action.size]
            pos = next(k for k, t in enumerate(self.pool) if TILE_SIZE[t] == i)
            self.pending[seat] = self.pool.pop(pos)
        elif isinstance(action, Keep):
            self.desk[seat].append(self.pending[seat])
            self.pending[seat] = -1
            self._reported(seat)
        elif isinstance(action, Return):
            self.face_up.append(self.pending[seat])
            self.pending[seat] = -1
            self._reported(seat)
        elif isinstance(action, Take):
            self.face_up.remove(action.tile)
            self.desk[seat].append(action.tile)
            self._reported(seat)
        elif isinstance(action, CallLayout):
            self.status[seat] = LAYOUT
        elif isinstance(action, Flip):
            cell, up = self.page[seat][action.tile]
            self.page[seat][action.tile] = (cell, not up)
            self.moves[seat] += 1
        elif isinstance(action, Lift):
            del self.page[seat][action.tile]
            self.desk[seat].append(action.tile)
            self.moves[seat] += 1
        elif isinstance(action, MoveCentre):
            self.centre[seat][2] = CELL_INDEX[action.at]
            self.moves[seat] += 1
        elif isinstance(action, Print):
            self._print(seat)
        elif isinstance(action, Draft):
            self._draft(seat, action.centrepiece)
        else:
            raise IllegalActionError(f"not a Fit To Print action: {action!r}")

    def _place(self, seat: int, action: Place) -> None:
        self.desk[seat].remove(action.tile)
        self.page[seat][action.tile] = (CELL_INDEX[action.at], action.face == "up")

    def _reported(self, seat: int) -> None:
        """A reporting turn is over: Slo-Mode passes to the next seat still reporting/laying out."""
        if not self.game.realtime:
            self._advance(seat)

    def _advance(self, seat: int) -> None:
        n = self.game.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.status[s] != PRINTED:
                self.current = s
                return

    def _print(self, seat: int) -> None:
        self.status[seat] = PRINTED
        self.token[seat] = self.next_token
        self.next_token += 1
        if all(st == PRINTED for st in self.status):
            self._end_day()
        elif not self.game.realtime:
            self._advance(seat)

    def _time_up(self) -> None:
        """Everyone stops; the remaining tokens go out in seat order (Decision); a tile
        drawn but not yet kept goes back face up (Decision)."""
        for s in range(self.game.players):
            if self.pending[s] >= 0:
                self.face_up.append(self.pending[s])
                self.pending[s] = -1
            if self.status[s] != PRINTED:
                self.status[s] = PRINTED
                self.token[s] = self.next_token
                self.next_token += 1
        self._end_day()

    # -- day end -----------------------------------------------------------------------

    def news_card(self) -> dict[str, Any] | None:
        return NEWS[self.news[self.day]] if self.news and len(self.news) > self.day else None

    def character(self, seat: int) -> str:
        return CHARACTER_IDS[self.characters[seat]] if self.characters else ""

    def _end_day(self) -> None:
        n = self.game.players
        day = DAYS[self.day]
        news = self.news_card()
        parts = []
        pages = []
        for s in range(n):
            cp, side, cell = self.centre[s]
            b = page_breakdown(
                self.page[s], (cp, side, cell), day, self.desk[s], self.character(s), news
            )
            parts.append(b)
            pages.append(
                {
                    "centrepiece": [cp, side, CELL_NAMES[cell]],
                    "tiles": [
                        [t, CELL_NAMES[c], "up" if up else "down"]
                        for t, (c, up) in sorted(self.page[s].items())
                    ],
                }
            )
        compare = [
            b["largest_empty"] - (1 if self.character(s) == "designer" else 0)
            for s, b in enumerate(parts)
        ]
        white = white_space_points(compare, SOLO, RULES)
        effect = news["effect"] if news else ""
        last = max(self.token)
        for s, b in enumerate(parts):
            b["white_space"] = white[s] * (2 if effect == "white_space_double" else 1)
            bonus = 0
            if self.token[s] == 1 and effect == "first_bonus":
                bonus += int(news["value"]) if news else 0
            if self.token[s] == last and n > 1 and effect == "last_penalty":
                bonus -= int(news["value"]) if news else 0
            if self.token[s] == 1 and self.character(s) == "star_reporter":
                bonus += 2
            b["token_bonus"] = bonus
            total = sum(
                b[k]
                for k in (
                    "articles",
                    "photos",
                    "centrepiece",
                    "mood",
                    "desk",
                    "news",
                    "white_space",
                    "token_bonus",
                )
            )
            b["points"] = max(0, total)  # a day never scores below 0
            b["revenue"] = max(0, b["revenue_raw"])
            b["token"] = self.token[s]
            self.points[s].append(b["points"])
            self.revenue[s].append(b["revenue"])
        self.results = [
            *self.results,
            {"day": self.day, "pages": pages, "scores": parts},
        ]
        # Tiles on the pages and face up in the centre go back face down and are
        # reshuffled; desks keep theirs; used centrepieces leave the game.
        for s in range(n):
            self.pool += list(self.page[s])
            self.page[s] = {}
        self.pool += self.face_up
        self.face_up = []
        self.rng.shuffle(self.pool)
        if self.day == NDAYS - 1:
            self.phase = OVER
            return
        order = sorted(range(n), key=lambda s: self.token[s])
        size = (
            int(RULES["offer_solo"]) if n == 1 else int(RULES["offer_two_players"]) if n == 2 else n
        )
        self.offer = [self.cp_stack.pop() for _ in range(min(size, len(self.cp_stack)))]
        self.draft_order = order
        self.phase = DRAFT

    def _draft(self, seat: int, cp: int) -> None:
        pick = next(x for x in self.offer if x[0] == cp)
        self.offer.remove(pick)
        self.centre[seat] = [pick[0], pick[1], -1]
        self.draft_order.pop(0)
        if not self.draft_order:
            self.offer = []  # Decision: centrepieces left over leave the game
            self.day += 1
            self._start_day()

    # -- results -------------------------------------------------------------------------

    def total_points(self, seat: int) -> int:
        return sum(self.points[seat])

    def total_revenue(self, seat: int) -> int:
        return sum(self.revenue[seat])

    def eliminated(self) -> list[bool]:
        """Who is out of the running at the end: the lowest total revenue (3+ players;
        every tied lowest is out unless everyone ties: Decision)."""
        n = self.game.players
        if self.phase != OVER or n < 3:
            return [False] * n
        revs = [self.total_revenue(s) for s in range(n)]
        low = min(revs)
        if all(r == low for r in revs):
            return [False] * n
        return [r == low for r in revs]

    def two_player_penalty(self) -> list[int]:
        """Two players: more than $5 behind at the end costs 10 points."""
        if self.game.players != 2 or self.phase != OVER:
            return [0, 0] if self.game.players == 2 else [0] * self.game.players
        r0, r1 = self.total_revenue(0), self.total_revenue(1)
        gap, pen = int(RULES["two_player_gap"]), int(RULES["two_player_penalty"])
        return [-pen if r1 - r0 > gap else 0, -pen if r0 - r1 > gap else 0]

    def scores(self) -> list[float]:
        pen = self.two_player_penalty()
        return [float(self.total_points(s) + pen[s]) for s in range(self.game.players)]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        """Revenue, then the lower Sunday finishing token."""
        return [
            (float(self.total_revenue(s)), -float(self.token[s] if self.day == NDAYS - 1 else 0))
            for s in range(self.game.players)
        ]

    def ranks(self) -> list[int]:
        out = self.eliminated()
        keys = [
            (0.0 if out[s] else 1.0, sc, *tb)
            for s, (sc, tb) in enumerate(zip(self.scores(), self.tiebreaks(), strict=True))
        ]
        return [1 + sum(1 for o in keys if o > k) for k in keys]

    def solo_won(self) -> bool:
        """Solo: beat the target score and keep the paper alive (designed minimum revenue)."""
        return self.total_points(0) >= int(self.game.options["target"]) and self.total_revenue(
            0
        ) >= int(SOLO["min_revenue"])

    def returns(self) -> list[float]:
        if self.game.players == 1:
            if self.phase != OVER:
                return [0.0]
            return [1.0 if self.solo_won() else -1.0]
        return super().returns()

    # -- hidden information ---------------------------------------------------------------

    def hidden_from(self, seat: int) -> list[int]:
        """Tiles whose identity ``seat`` cannot know: the face-down pool and every other
        seat's desk, page and drawn tile."""
        out = list(self.pool)
        for s in range(self.game.players):
            if s == seat:
                continue
            out += self.desk[s]
            out += list(self.page[s])
            if self.pending[s] >= 0:
                out.append(self.pending[s])
        return out

    def determinize(self, seat: int, rng: Rng) -> FitToPrintState:
        """Swap the identities of hidden tiles of equal size, keep every position.

        Sizes are public (face-down backs, taken sizes), so each hidden slot keeps
        its size and only which tile of that size sits there is resampled.
        """
        c = self.clone()
        perm = np.random.default_rng(rng.next64()).permutation
        hidden = c.hidden_from(seat)
        by_size: dict[int, list[int]] = {}
        for t in hidden:
            by_size.setdefault(TILE_SIZE[t], []).append(t)
        mapping: dict[int, int] = {}
        for tiles in by_size.values():
            # Slot k (in hidden_from's public slot order) gets a tile drawn from the
            # sorted set: the result depends on the seat's view and ``rng`` only.
            ordered = sorted(tiles)
            mapping.update(zip(tiles, (ordered[i] for i in perm(len(tiles))), strict=True))
        c.pool = [mapping[t] for t in c.pool]
        for s in range(c.game.players):
            if s == seat:
                continue
            c.desk[s] = [mapping[t] for t in c.desk[s]]
            c.page[s] = {mapping[t]: v for t, v in c.page[s].items()}
            if c.pending[s] >= 0:
                c.pending[s] = mapping[c.pending[s]]
        # Nobody knows the centrepiece stack or the breaking-news decks either.
        stack = sorted(c.cp_stack)
        c.cp_stack = [stack[i] for i in perm(len(stack))]
        c.news_decks = [[sorted(d)[i] for i in perm(len(d))] for d in c.news_decks]
        c.rng = Rng(rng.next64())
        return c

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        """Drawing shows the drawer a tile; returning shows it to all; printing,
        drafting and the timer may end a day (scoring shows every page)."""
        return seat is None or isinstance(action, (Draw, Return, Print, Draft, TimeUp))

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        """Others see sizes drawn, tiles returned or taken (face up), layout calls,
        prints and drafts; never which tile was kept nor any layout move."""
        if actor is None:
            return str(action)
        if viewer == actor:
            if isinstance(action, (Keep, Return)) and self.pending[actor] >= 0:
                return f"seat {actor}: {action} {self.pending[actor]}"
            return f"seat {actor}: {action}"
        if isinstance(action, Return):
            return f"seat {actor}: return {self.pending[actor]}"
        if isinstance(action, (Place, Flip, Lift, MoveCentre)):
            return f"seat {actor}: works on the layout"
        return f"seat {actor}: {action}"

    # -- views ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.game.players
        day = DAYS[min(self.day, NDAYS - 1)]
        pool_sizes = [0] * len(SIZES)
        for t in self.pool:
            pool_sizes[TILE_SIZE[t]] += 1
        players = []
        for s in range(n):
            players.append(
                {
                    "seat": s,
                    "status": STATUS_NAMES[self.status[s]],
                    "token": self.token[s],
                    "desk_count": len(self.desk[s]),
                    "page_count": len(self.page[s]),
                    "drawing": self.pending[s] >= 0,
                    "centrepiece": [self.centre[s][0], self.centre[s][1]],
                    "character": self.character(s) or None,
                    "points": self.points[s][:],
                    "revenue": self.revenue[s][:],
                    "total_points": self.total_points(s),
                    "total_revenue": self.total_revenue(s),
                }
            )
        turn = self.turn()
        out: dict[str, Any] = {
            "day": self.day,
            "day_name": day.name,
            "phase": self.phase,
            "mode": self.game.options["mode"],
            "round_seconds": self.game.round_seconds
            if self.game.realtime and self.phase == DAY
            else None,
            "area": {"side": day.side, "columns": day.columns, "rows": day.rows},
            "star": CELL_NAMES[day.star],
            "pool": {SIZES[i]: c for i, c in enumerate(pool_sizes) if c},
            "face_up": sorted(self.face_up),
            "players": players,
            "to_act": list(turn.seats),
            "offer": [list(x) for x in self.offer],
            "draft_order": self.draft_order[:],
            "news": NEWS[self.news[-1]]["id"] if self.news else None,
            # The last scored day in full (pages revealed); earlier days are in the
            # players' per-day points and revenue.
            "results": self.results[-1:],
            "rearrangements_per_day": REARRANGEMENTS_PER_DAY,
        }
        if n == 1:
            out["target"] = int(self.game.options["target"])
            out["min_revenue"] = int(SOLO["min_revenue"])
        if self.phase == OVER:
            out["final"] = {
                "scores": self.scores(),
                "eliminated": self.eliminated(),
                "ranks": self.ranks(),
                "solo_won": self.solo_won() if n == 1 else None,
            }
        visible = set(self.face_up)
        if seat is not None:
            visible.update(self.desk[seat])
            visible.update(self.page[seat])
            if self.pending[seat] >= 0:
                visible.add(self.pending[seat])
        shown = {c for c, _side in self.offer}
        if seat is not None:
            shown.add(self.centre[seat][0])
        out["centrepieces"] = {
            str(c): {
                "name": CENTREPIECES[c].name,
                "name_zh": CENTREPIECES[c].name_zh,
                "sides": [[x.rule, x.arg, x.value, x.limit] for x in CENTREPIECES[c].sides],
            }
            for c in sorted(shown)
        }
        if self.news:
            card = NEWS[self.news[-1]]
            out["news_card"] = {k: card[k] for k in ("id", "name", "name_zh", "text", "text_zh")}
        # What the viewer can read on the tiles it sees (renderers need no tile table).
        out["faces"] = {str(t): dict(FACES_JSON[t]) for t in sorted(visible)}
        if seat is not None:
            cp, side, cell = self.centre[seat]
            out["you"] = {
                "seat": seat,
                "desk": sorted(self.desk[seat]),
                "page": [
                    [t, CELL_NAMES[c], "up" if up else "down"]
                    for t, (c, up) in sorted(self.page[seat].items())
                ],
                "centrepiece": [cp, side, CELL_NAMES[cell] if cell >= 0 else None],
                "drawn": self.pending[seat] if self.pending[seat] >= 0 else None,
                "rearrangements_left": REARRANGEMENTS_PER_DAY - self.moves[seat],
                "preview": self.preview(seat) if self.status[seat] == LAYOUT else None,
            }
        return out

    def preview(self, seat: int) -> dict[str, Any]:
        """The live score of ``seat``'s page as it stands (white space and token
        bonuses excluded: they depend on the others), and its violations."""
        cp, side, cell = self.centre[seat]
        pairs = violations(self.page[seat])
        b = page_breakdown(
            dict(self.page[seat]),
            (cp, side, cell),
            DAYS[self.day],
            list(self.desk[seat]),
            self.character(seat),
            self.news_card(),
        )
        parts = ("articles", "photos", "centrepiece", "mood", "desk", "news")
        out = {k: b[k] for k in parts}
        out["points"] = sum(b[k] for k in parts)
        out["revenue"] = b["revenue_raw"]
        out["largest_empty"] = b["largest_empty"]
        out["violations"] = [list(p) for p in pairs]
        return out

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return encode(self, seat)


def _face_json(tile: int) -> dict[str, Any]:
    t = TILES[tile]
    out: dict[str, Any] = {"kind": t.kind, "size": t.size, "w": t.width, "h": t.height}
    if t.kind == "article":
        out.update(colour=t.colour, mood=t.mood, icons=t.icons, points=t.points)
    elif t.kind == "photo":
        out["likes"] = list(t.likes)
    else:
        out["dollars"] = t.dollars
    return out


FACES_JSON: tuple[dict[str, Any], ...] = tuple(_face_json(t) for t in range(NTILES))

# -- observation tensor ----------------------------------------------------------------

GRID_PLANES = 9  # in area, empty, sports, news, business, photo, ad, face down, centrepiece
OBS_SIZE = (
    NCELLS * GRID_PLANES  # own page
    + 4 * NTILES  # own desk, own page, face-up centre, own drawn tile
    + len(SIZES)  # face-down pool by size
    + NDAYS
    + 3  # phase
    + MAX_SEATS * 7  # per seat (relative): status x3, token, desk, points, revenue
    + 2 * len(CENTREPIECES)  # own centrepiece, offer
)
_PLANE = {"sports": 2, "news": 3, "business": 4, "photo": 5, "ad": 6}


@lru_cache(maxsize=4096)
def mask_cells(mask: int) -> np.ndarray:
    """The cell indices of a bitmask, as an index array (cached: masks repeat)."""
    return np.array([c for c in range(NCELLS) if mask >> c & 1], dtype=np.intp)


def encode(state: FitToPrintState, seat: int | None) -> np.ndarray:
    """A fixed-size float vector of what ``seat`` sees (seat ``None``: public part only)."""
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    day = DAYS[min(state.day, NDAYS - 1)]
    if seat is not None:
        grid = out[: NCELLS * GRID_PLANES].reshape(GRID_PLANES, NCELLS)
        grid[0, mask_cells(day.area)] = 1.0
        cp_cell = state.centre[seat][2]
        occ = occupied(state.page[seat], cp_cell)
        grid[1, mask_cells(day.area & ~occ)] = 1.0
        for t, (cell, up) in state.page[seat].items():
            tile = TILES[t]
            plane = (
                (_PLANE[tile.colour] if tile.kind == "article" else _PLANE[tile.kind]) if up else 7
            )
            grid[plane, mask_cells(tile_mask(t, cell))] = 1.0
        if cp_cell >= 0:
            grid[8, mask_cells(CP_MASK[cp_cell])] = 1.0
    base = NCELLS * GRID_PLANES
    if seat is not None:
        for t in state.desk[seat]:
            out[base + t] = 1.0
        for t in state.page[seat]:
            out[base + NTILES + t] = 1.0
        if state.pending[seat] >= 0:
            out[base + 3 * NTILES + state.pending[seat]] = 1.0
    for t in state.face_up:
        out[base + 2 * NTILES + t] = 1.0
    base += 4 * NTILES
    for t in state.pool:
        out[base + TILE_SIZE[t]] += 1.0 / 16
    base += len(SIZES)
    out[base + min(state.day, NDAYS - 1)] = 1.0
    base += NDAYS
    out[base + (DAY, DRAFT, OVER).index(state.phase)] = 1.0
    base += 3
    n = state.game.players
    me = seat if seat is not None else 0
    for k in range(n):
        s = (me + k) % n
        o = base + 7 * k
        out[o + state.status[s]] = 1.0
        out[o + 3] = state.token[s] / MAX_SEATS
        out[o + 4] = len(state.desk[s]) / 16
        out[o + 5] = state.total_points(s) / 50
        out[o + 6] = state.total_revenue(s) / 20
    base += MAX_SEATS * 7
    if seat is not None:
        out[base + state.centre[seat][0]] = 1.0
    base += len(CENTREPIECES)
    for cp, _side in state.offer:
        out[base + cp] = 1.0
    return out
