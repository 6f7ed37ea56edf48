"""ICE's state as data, and the read-only questions the rules and views ask of it.

Fields are declared once (:class:`~meeple.core.fields.StateFields`); clone
and JSON follow. The board is one face code per position (-1 once the tile
has left the board), so a clone is a handful of list slices.
"""

from __future__ import annotations

from typing import Any

from meeple.core import decisions as dec
from meeple.core.decisions import Decision
from meeple.core.fields import FieldState, StateFields
from meeple.games.ice.components import (
    ACCOMPLISHMENT,
    ALCHEMISTS,
    ARTIFACT_LAYERS,
    COVERS,
    CRYOARCHITECTS,
    DEED_COUNTERS,
    DISTANCE,
    EDGE,
    EDIFICE,
    EDIFICE_EFFECTS,
    EVENTS,
    FACES,
    ICE,
    INCANDESCENTS,
    LAYER_OF,
    LAYER_POSITIONS,
    NAVIGATORS,
    NEIGHBOURS,
    NUNATAK,
    PRISM,
    REQUESTS,
    RULES,
)

KEEP, TURN, EOD, OVER = range(4)
PHASE_NAMES = ("keep", "turn", "end_of_day", "over")
#: Per-turn flags (a bit mask, cleared when a turn begins).
DUG, FREE_STEP, HARMONY_USED, OBLITERATION_USED = 1, 2, 4, 8
#: In the figures a dig leaves to place: an archaeologist (leaders are their seat number).
ARCH = -1

#: The decisions a dig leaves to its digger (decisions.py has what each one means), in
#: the order they are decided: the figures of the dug tiles onto the tiles it exposed
#: (args: the figures in order, the exposed tiles, how many each took so far), the dug
#: tiles' camps (how many, the exposed tiles), the places of the prisms on the guild
#: board (their indices there), Philosophy's pick (the fallen faces), Exalted's
#: archaeologist (the exposed tiles).
SHARE, CAMP, PRISM_PLACE, FALLEN, EXALT = "share", "camp", "prism", "fallen", "exalt"
#: The dig's costs (data.toml), read once.
_DIG_COST, _DIG_COST_DOUBLE = int(RULES["dig_cost"]), int(RULES["dig_cost_double"])
_DIG_COST_CAMP, _NUNATAK_EXTRA = int(RULES["dig_cost_camp"]), int(RULES["nunatak_extra"])
#: The positions whose tile may be a nunatak (the ice layer's), by position.
_NUNATAK_AT = tuple(LAYER_OF[q] == ICE for q in range(len(LAYER_OF)))
KIND_NAMES = (SHARE, CAMP, PRISM_PLACE, FALLEN, EXALT)

FIELDS = StateFields(
    phase=int,
    day=int,
    start=int,
    current=int,
    spent=int,  # AP spent in the current turn
    flags=int,
    tile=list[int],  # face code per position, -1 once gone
    arch=list[int],  # archaeologists per position
    camp=list[int],  # 1 where a camp stands
    leader=list[int],  # per seat: position, -1 off the board
    guild=list[int],  # per seat: guild index
    ap=list[int],
    plan=list[int],
    camps_held=list[int],
    camp_pool=int,
    arch_supply=int,
    board=list[list[int]],  # per seat: artifact faces on the guild board, in arrival order
    prism_as=list[list[int]],  # per seat, per artifact: a prism's place (its type), -1 others
    hand=list[list[int]],  # per seat: ice terrains held
    private=list[list[int]],  # per seat: secret requests
    given_back=list[list[int]],  # per seat: requests given back at setup
    done=list[list[int]],  # per seat: completed requests
    bounty=list[int],
    deck=list[int],
    edicts=list[int],
    edifice_effect=int,  # -1: no edifice in play
    shown=list[list[int]],  # per seat: displayed artifact faces
    shown_lit=list[list[int]],  # per seat, per displayed artifact: 1 if it was active then
    deeds=list[list[int]],  # per seat: today's deed counters (components.DEED_COUNTERS)
    renown=list[int],
    camps_set=list[int],
    edifices_found=list[int],
    decisions=dec.FIELD,  # what the mover's dig left to decide (KIND_NAMES), top last
    # the end
    final=int,  # 1 once the edifices are out (the day is played out), 2 in the last turns
    final_left=list[int],
    eod_left=list[int],
    eod_taken=int,
    eod_req=int,
    derived=(),
)


def _modifiers() -> dict[str, tuple[tuple[int, ...], ...]]:
    """Each effect kind's modifier by day (the event) and edifice in play (-1 none, at 0)."""
    kinds = {str(e["kind"]) for e in (*EVENTS, *EDIFICE_EFFECTS)}
    return {
        kind: tuple(
            tuple(
                (int(ev["value"]) if ev["kind"] == kind else 0)
                + (int(ed["value"]) if ed is not None and ed["kind"] == kind else 0)
                for ed in (None, *EDIFICE_EFFECTS)
            )
            for ev in EVENTS
        )
        for kind in kinds
    }


#: ``IceState.modifier``'s answers: ``_MODIFIERS[kind][day - 1][edifice_effect + 1]``.
_MODIFIERS = _modifiers()


class IceData(FieldState):
    """The data of one ICE match, with read-only queries over it."""

    __slots__ = FIELDS.slots
    fields = FIELDS

    phase: int
    day: int
    start: int
    current: int
    spent: int
    flags: int
    tile: list[int]
    arch: list[int]
    camp: list[int]
    leader: list[int]
    guild: list[int]
    ap: list[int]
    plan: list[int]
    camps_held: list[int]
    camp_pool: int
    arch_supply: int
    board: list[list[int]]
    prism_as: list[list[int]]
    hand: list[list[int]]
    private: list[list[int]]
    given_back: list[list[int]]
    done: list[list[int]]
    bounty: list[int]
    deck: list[int]
    edicts: list[int]
    edifice_effect: int
    shown: list[list[int]]
    shown_lit: list[list[int]]
    deeds: list[list[int]]
    renown: list[int]
    camps_set: list[int]
    edifices_found: list[int]
    decisions: dec.Stack
    final: int
    final_left: list[int]
    eod_left: list[int]
    eod_taken: int
    eod_req: int

    @classmethod
    def upgrade(cls, game: Any, data: dict[str, Any]) -> dict[str, Any]:
        """States stored before the guild board's places and the deed requests
        (2026-12-03) lack ``shown_lit`` (an artifact was then displayed as active by its
        printed side alone) and ``deeds`` (no deed counted yet); states stored before
        the decision stack (2026-12-04) hold what a dig left to decide in fields of
        their own (:func:`stack_from_old_fields`)."""
        if "shown_lit" in data and "deeds" in data and "decisions" in data:
            return data
        out = dict(data)
        shown = data.get("shown", [])
        out.setdefault("shown_lit", [[int(FACES[f].active) for f in row] for row in shown])
        out.setdefault("deeds", [[0] * len(DEED_COUNTERS) for _ in shown])
        if "decisions" not in out:
            out["decisions"] = dec.stack_to_json(stack_from_old_fields(out))
        for name in OLD_FIELDS:
            out.pop(name, None)
        return out

    def pending(self) -> str | None:
        """The kind of the decision the mover owes before anything else, if any."""
        stack = self.decisions
        return stack[-1].kind if stack else None

    def owed(self) -> dict[str, tuple[Any, ...]]:
        """The args of each decision owed, by kind (at most one of each is ever owed)."""
        return {d.kind: d.args for d in self.decisions}

    def figures_to_place(self) -> tuple[int, ...]:
        """The figures a dig left to place, the next first (a seat, or :data:`ARCH`)."""
        share = self.owed().get(SHARE)
        return share[0] if share else ()

    def deed_met(self, seat: int, card: int) -> bool:
        """Whether ``seat`` did today what deed request ``card`` asks (False for an
        artifact request)."""
        request = REQUESTS[card]
        return bool(request.deed) and request.counter(self.deeds[seat]) >= request.times

    # -- the board ----------------------------------------------------------------

    def covers_left(self, p: int) -> int:
        """How many of the tiles above ``p`` are still there."""
        tile = self.tile
        return sum(1 for c in COVERS[p] if tile[c] >= 0)

    def visible(self, p: int) -> bool:
        """A tile one can see (and stand on): there, with at least one cover gone."""
        if self.tile[p] < 0:
            return False
        covers = COVERS[p]
        return not covers or self.covers_left(p) < len(covers)

    def uncovered(self, p: int) -> bool:
        """A tile with nothing left on top of it."""
        return self.tile[p] >= 0 and self.covers_left(p) == 0

    def hidden_face(self, p: int) -> bool:
        """A tile whose face nobody has seen: an artifact tile still on the board, or an
        edifice with something still on top of it.

        Every layer below the ice is stacked face down (the seed's "正面朝下疊放").
        Artifacts are turned up when they leave the board; edifices never leave it,
        and are turned up once exposed (the seed's "露出地表": nothing left on top).
        """
        if self.tile[p] < 0:
            return False
        layer = LAYER_OF[p]
        return layer in ARTIFACT_LAYERS or (layer == EDIFICE and not self.uncovered(p))

    def figures_on(self, p: int) -> int:
        """Leaders and archaeologists standing on ``p``."""
        return self.arch[p] + sum(1 for x in self.leader if x == p)

    def edge(self, p: int) -> bool:
        return EDGE[p]

    def live_neighbours(self, p: int) -> int:
        tile = self.tile
        return sum(1 for q in NEIGHBOURS[p] if tile[q] >= 0)

    def camp_spot_ok(self, p: int, spacing: int) -> bool:
        """No camp on ``p`` and every camp at least ``spacing`` tile widths away."""
        if self.camp[p]:
            return False
        row = DISTANCE[p]
        return all(row[q] >= spacing for q, c in enumerate(self.camp) if c)

    def edifices_exposed(self) -> int:
        return sum(1 for p in LAYER_POSITIONS[EDIFICE] if self.uncovered(p))

    # -- guild boards -------------------------------------------------------------

    # The guild board has five places, one per artifact type (the seed's "5 個放置工藝品
    # 版塊的欄位"); each holds any number of artifacts. An artifact lies in its type's
    # place; a prism in the place its owner chose ("放在公會圖版的任意欄位上"), where it
    # stands for that type and makes the *other* artifacts there active ("並使放置位置的
    # 其他工藝品變為啟用狀態").

    def place_of(self, seat: int, i: int) -> int:
        """The place (an artifact type) of the ``i``-th artifact on ``seat``'s guild board."""
        kind = FACES[self.board[seat][i]].kind
        return self.prism_as[seat][i] if kind == PRISM else kind

    def lit(self, seat: int, i: int) -> bool:
        """Whether the ``i``-th artifact on ``seat``'s board is active: printed so, or
        sharing its place with a prism (another one than itself)."""
        board = self.board[seat]
        if FACES[board[i]].active:
            return True
        place = self.place_of(seat, i)
        return any(
            j != i and FACES[f].kind == PRISM and self.prism_as[seat][j] == place
            for j, f in enumerate(board)
        )

    def works(self, seat: int, kind: int) -> bool:
        """Whether the artifact ability ``kind`` works for ``seat`` (the seed's three ways).

        Its place holds an active artifact (printed so, or made so by a prism there:
        the seed's "1 inactive and a prism"), or two inactive ones (one for the
        Alchemists).
        """
        active = inactive = 0
        for i in range(len(self.board[seat])):
            if self.place_of(seat, i) != kind:
                continue
            if self.lit(seat, i):
                active += 1
            else:
                inactive += 1
        need = 1 if self.guild[seat] == ALCHEMISTS else 2
        return active >= 1 or inactive >= need

    # -- costs ---------------------------------------------------------------------

    def event(self) -> dict[str, object]:
        return EVENTS[min(self.day, len(EVENTS)) - 1]

    def modifier(self, kind: str) -> int:
        """Today's event plus the edifice in play, for one kind of effect (read from
        :data:`_MODIFIERS`: a view asks it for every diggable tile)."""
        return _MODIFIERS[kind][min(self.day, len(EVENTS)) - 1][self.edifice_effect + 1]

    def free_step(self, seat: int) -> bool:
        """Whether ``seat``'s next Explore step is free: the Navigators' first of the turn."""
        return self.guild[seat] == NAVIGATORS and not self.flags & FREE_STEP

    def call_brings(self, seat: int) -> int:
        """Archaeologists a Call by ``seat`` brings now: one, two for the Cryoarchitects,
        what the day's event or the edifice adds, never more than the supply holds (the
        rules and the Call's label both ask here)."""
        n = 1 + (1 if self.guild[seat] == CRYOARCHITECTS else 0) + self.modifier("call")
        return max(0, min(n, self.arch_supply))

    def day_ap(self, seat: int) -> int:
        """AP at the start of a day: 5, +1 after Plan, +1 with Accomplishment, events."""
        ap = int(RULES["ap_per_day"]) + self.plan[seat] * int(RULES["plan_bonus"])
        if self.works(seat, ACCOMPLISHMENT):
            ap += 1
        return max(0, ap + self.modifier("ap"))

    def dig_target(self, seat: int) -> tuple[int, int] | None:
        """The tile a dig by ``seat`` would take, and its single cover (-1 none)."""
        return self.dig_target_at(self.leader[seat])

    def dig_target_at(self, p: int) -> tuple[int, int] | None:
        """What a dig from position ``p`` would take: ``p`` and its single cover (-1 none).

        None when nothing can be dug there: off the board, gone, an edifice, or
        still under two or three tiles.
        """
        if p < 0 or self.tile[p] < 0 or LAYER_OF[p] == EDIFICE:
            return None
        left = [c for c in COVERS[p] if self.tile[c] >= 0]
        if not left:
            return (p, -1)
        if len(left) == 1:
            return (p, left[0])
        return None

    def dig_cost(self, seat: int) -> int | None:
        """AP a dig by ``seat`` costs now (None: no dig possible)."""
        target = self.dig_target(seat)
        if target is None:
            return None
        p, cover = target
        return self.dig_cost_at(seat, p, cover, self.figures_on(p))

    def dig_cost_at(self, seat: int, p: int, cover: int, figures: int) -> int:
        """AP ``seat`` would pay to dig ``p`` (and ``cover``, -1 none) with ``figures`` on it.

        The one cost formula, shared by the rules and the browser's dig preview
        (which asks it for tiles the leader has not reached yet).
        """
        return self.dig_costs_at(seat, p, cover, figures, 1)[0]

    def dig_costs_at(self, seat: int, p: int, cover: int, figures: int, count: int) -> list[int]:
        """:meth:`dig_cost_at` with ``figures``, ``figures + 1``, ... on the tile, ``count``
        of them (the dig preview lists the cost with 0-3 archaeologists brought along)."""
        base = _DIG_COST if cover < 0 else _DIG_COST_DOUBLE
        camp = bool(self.camp[p])
        extra = self.modifier("dig")
        for q in (p, cover):
            if q >= 0 and _NUNATAK_AT[q] and FACES[self.tile[q]].terrain == NUNATAK:
                extra += _NUNATAK_EXTRA
        if self.guild[seat] == INCANDESCENTS and not self.flags & DUG:
            extra -= 1
        out = []
        for f in range(figures, figures + count):
            cost = base - f
            if camp and cost > _DIG_COST_CAMP:
                cost = _DIG_COST_CAMP
            out.append(cost + extra if cost + extra > 0 else 0)
        return out

    def turn_budget(self) -> int:
        """AP the mover may still spend this turn (3 a turn, and what is left today)."""
        return min(int(RULES["turn_max_ap"]) - self.spent, self.ap[self.current])


#: The fields that held what a dig left to decide before the decision stack.
OLD_FIELDS = ("share_figs", "share_to", "share_n", "camp_move", "fallen", "exalt", "prism_todo")


def stack_from_old_fields(data: dict[str, Any]) -> dec.Stack:
    """The decision stack a state stored before it had one owed: its pending fields, in
    the order they were then decided (figures, camps, prisms, Philosophy, Exalted), all
    the mover's."""
    me = int(data["current"])
    exposed = tuple(data.get("share_to", ()))
    figures = tuple(data.get("share_figs", ()))
    camps = int(data.get("camp_move", 0))
    prisms = tuple(data.get("prism_todo", ()))
    fallen = tuple(data.get("fallen", ()))
    exalt = tuple(data.get("exalt", ()))
    owed = [
        Decision(me, SHARE, (figures, exposed, tuple(data.get("share_n", ()))))
        if figures
        else None,
        Decision(me, CAMP, (camps, exposed)) if camps else None,
        Decision(me, PRISM_PLACE, (prisms,)) if prisms else None,
        Decision(me, FALLEN, (fallen,)) if fallen else None,
        Decision(me, EXALT, (exalt,)) if exalt else None,
    ]
    return dec.push(dec.EMPTY, *(d for d in owed if d is not None))
