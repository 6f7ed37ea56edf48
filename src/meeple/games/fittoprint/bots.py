"""Fit To Print's heuristic bot and position evaluation.

The bot only reads what its seat knows: its own desk, page and drawn tile,
and the public centre (face-up tiles, face-down sizes).

* Reporting: it wants roughly as much tile area as its page has free cells.
  It takes a useful face-up tile that fits the space still needed, else draws
  the largest size that is at most half the need and still packs with its
  desk (a first-fit test on the free cells), keeps a drawn tile when it fits
  the need and packs (and returns one that would not), and calls layout once
  its desk covers the page.
* Layout: greedy, one tile at a time: every desk tile, every legal position,
  face up or down, scored by :func:`page_value` (the day's points for the page
  as it stands, revenue, and a white-space proxy); it plays the best placement
  that improves the page and prints when none does.
* Draft: the centrepiece whose condition its desk tiles suit best.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.games.fittoprint.actions import CallLayout, Draft, Draw, Place, Take
from meeple.games.fittoprint.components import (
    AD,
    ARTICLE,
    CELL_INDEX,
    CENTREPIECES,
    DAYS,
    PHOTO,
    SIZE_INDEX,
    TILES,
    parse_size,
    rect_mask,
)
from meeple.games.fittoprint.rules import (
    KEEP,
    PRINT,
    RETURN,
    FitToPrintState,
)
from meeple.games.fittoprint.scoring import occupied, page_breakdown
from meeple.games.fittoprint.state import (
    DRAFT,
    LAYOUT,
    NDAYS,
    REPORTING,
)

#: Points one dollar of revenue is worth to the bot (revenue decides elimination).
DOLLAR_VALUE = 0.9
#: Cost per cell of the largest empty area (white space is compared across players).
WHITE_SPACE_WEIGHT = 0.25
#: Stop reporting once the desk holds this share of the free cells.
FILL_TARGET = 0.95


def page_value(state: FitToPrintState, seat: int) -> float:
    """The day's score of ``seat``'s page as it stands now, with revenue and white space."""
    return _value(state, seat, state.page[seat], state.desk[seat])


def _value(
    state: FitToPrintState, seat: int, page: dict[int, tuple[int, bool]], desk: list[int]
) -> float:
    cp, side, cell = state.centre[seat]
    b = page_breakdown(
        dict(page),
        (cp, side, cell),
        DAYS[state.day],
        list(desk),
        state.character(seat),
        state.news_card(),
        state.game.family,
    )
    points = b["articles"] + b["photos"] + b["centrepiece"] + b["mood"] + b["desk"] + b["news"]
    return points + DOLLAR_VALUE * b["revenue_raw"] - WHITE_SPACE_WEIGHT * b["largest_empty"]


def evaluate(state: State, seat: int) -> float:
    """Points so far plus dollars, plus the current page's value while a day runs."""
    assert isinstance(state, FitToPrintState)
    total = state.total_points(seat) + DOLLAR_VALUE * state.total_revenue(seat)
    if state.phase == "day" and state.day < NDAYS:
        total += page_value(state, seat)
    return float(total)


def tile_worth(tile: int) -> float:
    """Rough value of a tile face up, per the bot's taste."""
    t = TILES[tile]
    if t.kind == ARTICLE:
        return t.points + 0.3
    if t.kind == PHOTO:
        return 0.5 + 0.3 * t.area
    return DOLLAR_VALUE * t.dollars


class HeuristicBot(Bot):
    """Fills its page to fit, then lays it out greedily (see module docstring)."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"bot 'heuristic' takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, FitToPrintState)
        seat = self.seat
        legal = state.legal_actions(seat)
        if state.phase == DRAFT:
            return self._draft(state, legal)
        held = state.drawn(seat)
        if held >= 0:
            return KEEP if self._wants(state, held) else RETURN
        if state.status[seat] == REPORTING:
            return self._report(state, legal)
        if state.status[seat] == LAYOUT:
            return self._layout(state)
        return legal[0]

    # -- reporting ---------------------------------------------------------------------

    def _need(self, state: FitToPrintState) -> float:
        """Free cells still to cover with tiles (desk tiles count as covering)."""
        day = DAYS[state.day]
        seat = self.seat
        free = (day.area & ~occupied(state.page[seat], state.centre[seat][2])).bit_count()
        desk = sum(TILES[t].area for t in state.desk[seat])
        return FILL_TARGET * free - desk

    def _wants(self, state: FitToPrintState, tile: int) -> bool:
        """Keep a drawn tile when it fits the space still needed and the whole desk
        still packs onto the page with it."""
        need = self._need(state)
        t = TILES[tile]
        if t.area > need + 0.5:
            return False
        sizes = [(TILES[x].width, TILES[x].height) for x in state.desk[self.seat]]
        return self._packs(state, [*sizes, (t.width, t.height)])

    def _packs(self, state: FitToPrintState, sizes: list[tuple[int, int]]) -> bool:
        """Whether rectangles of these sizes fit the free cells together (first fit,
        largest first): a quick test, so a tile that would stay on the desk is refused."""
        day = DAYS[state.day]
        seat = self.seat
        occ = occupied(state.page[seat], state.centre[seat][2]) | ~day.area
        for w, h in sorted(sizes, key=lambda wh: -wh[0] * wh[1]):
            for r in range(day.rows - h + 1):
                placed = False
                for c in range(day.columns - w + 1):
                    mask = rect_mask(c, r, w, h)
                    if not mask & occ:
                        occ |= mask
                        placed = True
                        break
                if placed:
                    break
            else:
                return False
        return True

    def _report(self, state: FitToPrintState, legal: list[Action]) -> Action:
        need = self._need(state)
        if need < 1:
            return CallLayout()
        takes = [
            a
            for a in legal
            if isinstance(a, Take)
            and TILES[a.tile].area <= need + 0.5
            and self._wants(state, a.tile)
        ]
        if takes:
            best = max(takes, key=lambda a: (tile_worth(a.tile) / TILES[a.tile].area, -a.tile))
            if tile_worth(best.tile) / TILES[best.tile].area >= 0.5:
                return best
        draws = [a for a in legal if isinstance(a, Draw)]
        desk = [(TILES[x].width, TILES[x].height) for x in state.desk[self.seat]]
        # A size that still packs with the desk, at most half of what is needed
        # (big tiles leave awkward holes), the largest such.
        cap = max(need / 2, min(need, 4.0))
        fitting = [
            a
            for a in draws
            if _area(a.size) <= cap + 0.5 and self._packs(state, [*desk, parse_size(a.size)])
        ]
        if not fitting:
            return CallLayout()
        return max(fitting, key=lambda a: (_area(a.size), SIZE_INDEX[a.size]))

    # -- layout --------------------------------------------------------------------------

    def _layout(self, state: FitToPrintState) -> Action:
        """The placement that most improves the page (face up first; face down only
        when no face-up placement helps), else print."""
        seat = self.seat
        page, desk = state.page[seat], state.desk[seat]
        base = _value(state, seat, page, desk)
        options = [a for a in state.layout_actions(seat) if isinstance(a, Place)]
        for face in ("up", "down"):
            best: tuple[float, Action] | None = None
            seen: set[tuple[Any, ...]] = set()
            for a in options:
                if a.face != face:
                    continue
                key = (_signature(a.tile), a.at)
                if key in seen:
                    continue
                seen.add(key)
                trial_page = dict(page)
                trial_page[a.tile] = (CELL_INDEX[a.at], face == "up")
                trial_desk = [t for t in desk if t != a.tile]
                gain = _value(state, seat, trial_page, trial_desk) - base
                if best is None or gain > best[0] + 1e-9:
                    best = (gain, a)
            if best is not None and best[0] > 1e-9:
                return best[1]
        return PRINT

    # -- draft ---------------------------------------------------------------------------

    def _draft(self, state: FitToPrintState, legal: list[Action]) -> Action:
        drafts = [a for a in legal if isinstance(a, Draft)]
        sides = {cp: side for cp, side in state.offer}
        desk = [TILES[t] for t in state.desk[self.seat]]

        def suit(a: Draft) -> tuple[float, int]:
            cond = CENTREPIECES[a.centrepiece].sides[sides[a.centrepiece]]
            score = float(min(cond.limit, 4 * cond.value))
            if cond.rule == "adjacent_colour":
                score += sum(1 for t in desk if t.colour == cond.arg)
            elif cond.rule == "page_ads":
                score += sum(1 for t in desk if t.kind == AD)
            return score, -a.centrepiece

        return max(drafts, key=suit)


def _area(size: str) -> int:
    w, h = parse_size(size)
    return w * h


def _signature(tile: int) -> tuple[Any, ...]:
    """Tiles with the same signature score the same wherever they go (skip duplicates)."""
    t = TILES[tile]
    return (t.kind, t.colour, t.mood, t.icons, t.points, t.likes, t.dollars, t.size)


__all__ = ["HeuristicBot", "evaluate", "page_value"]
