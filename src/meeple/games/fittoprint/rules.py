"""Fit To Print rules: three days of blind reporting and front-page layout.

Ways to run a day (option ``mode``):

* ``realtime`` (the table game): a SIMULTANEOUS turn for every seat that has
  not printed; each seat reports, lays out and prints at its own pace. The
  timer is not in the core: when the server's clock runs out it applies the
  system action ``timeup D`` (seat ``None``), recorded like any other action,
  which stops everyone and hands out the remaining finishing tokens. Without a
  clock (bots, tests, replays) a day ends when everyone has printed.
* ``slo`` (Slo-Mode): reporting in turns (one tile a turn); calling layout
  starts that player's whole layout at once, ending with print.
* ``family`` and ``family_realtime``: the designed family rules (no mood
  penalty, no placement that breaks an adjacency rule, a longer timer,
  centrepieces that score for touching tiles, revenue counted as points and
  no paper closing), in turns or in real time; 2-6 players.
* ``puzzle``: one player, one designed puzzle (puzzles.py): the tiles are on
  the desk, the page is laid out without a clock and printed once.

The face-down pool is an ordered list shuffled by the state's hidden
:class:`Rng`; ``draw SIZE`` takes the first tile of that size in it, so a
player learns a tile only once it is taken. Decisions the seed leaves open
are listed in docs/games/fittoprint.md and marked "Decision:" below.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from meeple.core import Action, GameOption, Rng, Turn
from meeple.core import decisions as dec
from meeple.core.errors import IllegalActionError, NotYourTurnError, OptionError
from meeple.core.kinds import DecidingState, first_owed
from meeple.core.turn import TERMINAL_TURN, TurnKind
from meeple.games.fittoprint import hidden
from meeple.games.fittoprint import view as _view
from meeple.games.fittoprint.actions import (
    CallLayout,
    Draft,
    Draw,
    Flip,
    Lift,
    MoveCentre,
    Place,
    Print,
    Take,
    TimeUp,
)
from meeple.games.fittoprint.components import (
    CELL_INDEX,
    CELL_NAMES,
    CENTREPIECES,
    CONTENT,
    CP_MASK,
    CP_PLACEMENTS,
    DAYS,
    FAMILY_RULES,
    NEWS_DECKS,
    NTILES,
    PUZZLES,
    RULES,
    SIZE_INDEX,
    SIZE_MASK,
    SIZE_PLACEMENTS,
    SIZES,
    SOLO,
    STACK_CENTREPIECES,
    START_CENTREPIECES,
    TILE_SIZE,
    Puzzle,
    centre_cells,
)
from meeple.games.fittoprint.decisions import KEEP, KINDS, RETURN, hold
from meeple.games.fittoprint.puzzles import goal_checks, solved
from meeple.games.fittoprint.scoring import (
    conflict_class,
    forbidden_cells,
    occupied,
    page_breakdown,
    white_space_points,
)
from meeple.games.fittoprint.state import (
    DAY,
    DRAFT,
    FACES,
    FAMILY_MODES,
    LAYOUT,
    NDAYS,
    OVER,
    PRINTED,
    REPORTING,
    FitToPrintData,
    FitToPrintTable,
)

# Shared immutable action objects.
DRAWS = {s: Draw(s) for s in SIZES}
LAYOUT_CALL, PRINT = CallLayout(), Print()
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
#: The values of option ``mode``: Slo-Mode first (the default), then the others.
MODES = ("slo", "realtime", "family", "family_realtime", "puzzle")


def _simultaneous(seats: tuple[int, ...]) -> Turn:
    turn = _SIMULTANEOUS.get(seats)
    if turn is None:
        turn = _SIMULTANEOUS[seats] = Turn.simultaneous(seats)
    return turn


class FitToPrint(FitToPrintTable):
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
    content = CONTENT
    option_specs = (
        GameOption(
            "mode",
            "slo",
            help="slo: Slo-Mode, reporting in turns and no timer; realtime: everyone acts "
            "at once against the round timer (server clock); family, family_realtime: "
            "the gentler family rules (2-6 players), in turns or in real time; "
            "puzzle: one player lays out a designed puzzle (option puzzle)",
            choices=MODES,
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
            hidden=True,
        ),
        *CONTENT.options(),  # characters, breaking_news: the advanced modules
        GameOption(
            "target",
            int(SOLO["default_target"]),
            help="solo: the score to beat (your own best, or the designed default)",
            minimum=0,
            maximum=300,
        ),
        GameOption(
            "puzzle",
            1,
            help=f"puzzle mode: which puzzle, 1 (easiest) to {len(PUZZLES)} (hardest)",
            minimum=1,
            maximum=len(PUZZLES),
        ),
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        # A puzzle is played alone: with no count given, it is one player.
        if players is None and options.get("mode") == "puzzle":
            players = 1
        super().__init__(players, **options)

    def validate(self) -> None:
        mode = self.options["mode"]
        advanced = [c.name for c in CONTENT.chosen(self.options) if not c.base]
        if mode == "puzzle" and self.players != 1:
            raise OptionError(f"puzzle mode is played alone: choose 1 player, not {self.players}")
        if mode in FAMILY_MODES and self.players < 2:
            raise OptionError("family mode is for 2 to 6 players (play solo with mode=slo)")
        if advanced and (mode == "puzzle" or mode in FAMILY_MODES):
            raise OptionError(
                f"{'puzzle' if mode == 'puzzle' else 'family'} mode leaves out the advanced "
                f"rules: turn off {' and '.join(advanced)}"
            )
        # Per instance: only the realtime modes have SIMULTANEOUS turns.
        setattr(self, "simultaneous_turns", self.realtime)  # noqa: B010 (shadows the ClassVar)

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
        per_day = 3 * NTILES + p * (NTILES + 2 * self.rearrangements + 2) + 1 + p
        return NDAYS * per_day

    def new_initial_state(self, seed: int = 0) -> FitToPrintState:
        return FitToPrintState.setup(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> FitToPrintState:
        return FitToPrintState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (_view.OBS_SIZE,)


class FitToPrintState(DecidingState, FitToPrintData):
    """The forward model of a match: setup, turns, legality, applying, results.

    A drawn tile to keep or return is a decision on the stack (decisions.py); in the
    real-time modes several seats may each hold one at once
    (``SIMULTANEOUS_DECISIONS``), each answering its own."""

    __slots__ = ()

    game: FitToPrint
    KINDS = KINDS
    SIMULTANEOUS_DECISIONS = True

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
        if game.family:
            # Family (designed): each centrepiece shows a side that scores for tiles
            # touching it; a side-up draw that shows another rule is turned over.
            for entry in s.cp_stack:
                if CENTREPIECES[entry[0]].sides[entry[1]].rule not in FAMILY_RULES:
                    entry[1] = 1 - entry[1]
        s.characters = []
        chars = list(CONTENT.ids("characters", game.options))
        if chars:  # the characters module is in play
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
        s.known = [[] for _ in range(n)]
        s.unseen_since = [0] * NTILES
        s.drawn_on = [-1] * NTILES
        s.decisions = dec.EMPTY
        puzzle = game.puzzle
        if puzzle is not None:
            s._set_puzzle(puzzle)
        s._start_day()
        if puzzle is not None:
            s.status = [LAYOUT]  # the tiles are already on the desk: lay them out
        return s

    def _set_puzzle(self, puzzle: Puzzle) -> None:
        """Puzzle mode: the puzzle's day, its tiles on the desk, its centrepiece;
        nothing left to draw and no draft to come."""
        self.day = puzzle.day
        self.pool = []
        self.desk = [list(puzzle.tiles)]
        self.centre = [[puzzle.centrepiece, puzzle.side, -1]]
        self.cp_stack = []

    def _start_day(self) -> None:
        n = self.game.players
        self.phase = DAY
        self.status = [REPORTING] * n
        self.token = [0] * n
        self.next_token = 1
        self.moves = [0] * n
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

    # -- turn structure --------------------------------------------------------------

    def turn(self) -> Turn:
        turn = self._turn
        if turn is None:
            turn = self._turn = DecidingState.turn(self)
        return turn

    def phase_turn(self) -> Turn:
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

    def phase_actions(self, seat: int) -> list[Action]:
        if self.phase == DRAFT:
            return [DRAFTS[c] for c, _side in self.offer]
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
        family = self.game.family
        forbid = forbidden_cells(page) if family else {}
        for t in sorted(set(self.desk[seat])):
            places = PLACES[t]
            blocked = forbid.get(conflict_class(t), 0) if family else 0
            for cell, mask in SIZE_PLACEMENTS[TILE_SIZE[t]]:
                if mask & area == mask and not mask & occ:
                    if mask & blocked:  # family: face up it would break an adjacency rule
                        out.append(places[cell][1])
                    else:
                        out += places[cell]
        if self.moves[seat] < self.game.rearrangements:
            if family:
                out += [FLIPS[t] for t in sorted(page) if self._flip_keeps_rules(seat, t)]
            else:
                out += [FLIPS[t] for t in sorted(page)]
            out += [LIFTS[t] for t in sorted(page)]
            free = occ & ~CP_MASK[centre_cell]
            for cell in CENTRE_CELLS[self.day]:
                if cell != centre_cell and not CP_MASK[cell] & free:
                    out.append(CENTRES[cell])
        out.append(PRINT)
        return out

    def _flip_keeps_rules(self, seat: int, tile: int) -> bool:
        """Family: a face-down tile may turn face up only where no tile of its class
        touches it face up (turning a tile face down is always allowed)."""
        cell, up = self.page[seat][tile]
        if up:
            return True
        blocked = forbidden_cells(self.page[seat]).get(conflict_class(tile), 0)
        return not blocked & SIZE_MASK[TILE_SIZE[tile]][cell]

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
        if self.decisions:
            d = first_owed(self.decisions, seat)
            if d is not None:
                return action in KINDS.answers(self, d)
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
        spare = self.moves[seat] < self.game.rearrangements
        if isinstance(action, Lift):
            return spare and action.tile in page
        if isinstance(action, Flip):
            if not (spare and action.tile in page):
                return False
            return not self.game.family or self._flip_keeps_rules(seat, action.tile)
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
        if not (t in self.desk[seat] and not mask & occ):
            return False
        if self.game.family and action.face == "up":
            return not mask & forbidden_cells(page).get(conflict_class(t), 0)
        return True

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

    def phase_apply(self, action: Action, seat: int | None) -> None:
        if isinstance(action, TimeUp):
            self._time_up()
            return
        assert seat is not None
        if isinstance(action, Place):
            self._place(seat, action)
        elif isinstance(action, Draw):
            i = SIZE_INDEX[action.size]
            pos = next(k for k, t in enumerate(self.pool) if TILE_SIZE[t] == i)
            tile = self.pool.pop(pos)
            self.drawn_on[tile] = self.day
            hold(self, seat, tile)  # to keep or return face up: the seat's decision
        elif isinstance(action, Take):
            self.face_up.remove(action.tile)
            self.desk[seat].append(action.tile)
            self.known[seat].append(action.tile)  # everyone saw which tile went where
            self.reported(seat)
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

    def _print(self, seat: int) -> None:
        self.status[seat] = PRINTED
        self.token[seat] = self.next_token
        self.next_token += 1
        if all(st == PRINTED for st in self.status):
            self._end_day()
        elif not self.game.realtime:
            self.advance(seat)

    def _time_up(self) -> None:
        """Everyone stops; the remaining tokens go out in seat order (Decision); a tile
        drawn but not yet kept goes back face up (Decision)."""
        for s in range(self.game.players):
            held = self.drawn(s)
            if held >= 0:
                self.face_up.append(held)
                self.drawn_on[held] = -1
            if self.status[s] != PRINTED:
                self.status[s] = PRINTED
                self.token[s] = self.next_token
                self.next_token += 1
        self.decisions = dec.EMPTY
        self._end_day()

    def settle(self, seat: int | None) -> None:
        """Every action may change who acts: the cached turn is worked out again."""
        self._turn = None

    # -- day end -----------------------------------------------------------------------

    def _end_day(self) -> None:
        n = self.game.players
        day = DAYS[self.day]
        news = self.news_card()
        parts = []
        pages = []
        # Puzzle mode checks the tiles the player laid face down (scoring may turn more).
        laid_down = sum(1 for _c, up in self.page[0].values() if not up) if n == 1 else 0
        for s in range(n):
            cp, side, cell = self.centre[s]
            b = page_breakdown(
                self.page[s],
                (cp, side, cell),
                day,
                self.desk[s],
                self.character(s),
                news,
                self.game.family,
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
        record: dict[str, Any] = {"day": self.day, "pages": pages, "scores": parts}
        puzzle = self.game.puzzle
        if puzzle is not None:
            checks = goal_checks(puzzle.goal, parts[0], len(self.desk[0]), laid_down)
            record["puzzle"] = {"checks": checks, "solved": solved(checks)}
        self.results = [*self.results, record]
        # Tiles on the pages and face up in the centre go back face down and are
        # reshuffled; desks keep theirs; used centrepieces leave the game. Everyone
        # saw those tiles now: no desk tile drawn before tomorrow can be one of them.
        shown = list(self.face_up)
        for s in range(n):
            self.known[s] = [t for t in self.known[s] if t not in self.page[s]]
            shown += self.page[s]
            self.pool += list(self.page[s])
            self.page[s] = {}
        for t in shown:
            self.unseen_since[t] = self.day + 1
            self.drawn_on[t] = -1
        self.pool += self.face_up
        self.face_up = []
        self.rng.shuffle(self.pool)
        if self.day == NDAYS - 1 or puzzle is not None:
            self.phase = OVER  # a puzzle is one page, printed once
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

    def scores(self) -> list[float]:
        pen = self.two_player_penalty()
        return [
            float(self.total_points(s) + pen[s] + self.revenue_points(s))
            for s in range(self.game.players)
        ]

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

    def puzzle_solved(self) -> bool | None:
        """Puzzle mode: whether the printed page met the goal (None before it is printed
        and outside puzzle mode)."""
        if self.game.puzzle is None or self.phase != OVER:
            return None
        return bool(self.results[-1]["puzzle"]["solved"])

    def returns(self) -> list[float]:
        if self.game.players == 1:
            if self.phase != OVER:
                return [0.0]
            won = self.solo_won() if self.game.puzzle is None else self.puzzle_solved()
            return [1.0 if won else -1.0]
        return super().returns()

    # -- hidden information (hidden.py) ---------------------------------------------------

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return hidden.reveals(action, seat)

    def determinize(self, seat: int, rng: Rng) -> FitToPrintState:
        return hidden.determinize(self, seat, rng)

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        return hidden.redact(self, action, actor, viewer)

    # -- views (view.py) -------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return _view.view(self, seat)

    def preview(self, seat: int) -> dict[str, Any]:
        return _view.preview(self, seat)

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return _view.observation_tensor(self, seat)
