"""Unconscious Mind's state as data, and the read-only questions rules and views ask of it.

Fields are declared once (:class:`~meeple.core.fields.StateFields`); clone
and JSON follow. Everything is small lists of ints: tiles, clients, dreams,
research cards and treatises are their component numbers (components.py),
-1 for an empty place. A player's insight dial is one list of 20 counts
(dial.py), the notebook one list of 9 cells (notebook.py).
"""

from __future__ import annotations

from typing import Any

from meeple.core import decisions as dec
from meeple.core.fields import FieldState, StateFields
from meeple.core.rng import Rng
from meeple.games.unconscious.components import (
    CLIENTS,
    DISTRICT_OF,
    DISTRICTS,
    GOALS,
    NL,
    RESEARCH,
    TAG_COLOUR,
    TREATISES,
    VP_SOURCES,
    WILD,
)

#: Phases: each player keeps a starting tile (in turn order), then turns, then the end.
KEEP, PLAY, OVER = range(3)
PHASE_NAMES = ("keep", "play", "over")
EMPTY = -1

#: Steps of a turn while no decision is pending: choose place or recall; after the
#: action's uses, the inkpot or treating (the recall bonus or treating); treating.
START, FOLLOW, TREAT = range(3)

FIELDS = StateFields(
    rng=Rng,
    phase=int,
    current=int,
    step=int,
    recalled=int,  # 1 when this turn's choice was a recall
    placed_row=int,  # the action row this turn's ideas point at (-1: none)
    treated=int,  # bit mask of the rooms treated this turn
    decisions=dec.FIELD,
    round=int,
    era=int,
    # -1 until Freud reaches the end; then the last round to play
    rounds_left=int,
    end_trigger=int,  # the seat whose reputation moved Freud to the end (-1: none yet, or the clock)
    # the market: per row, the face-down stack (top last), the middle and right tiles
    stacks=list[list[int]],
    middle=list[int],
    right=list[int],
    # the meeting table, per idea space: the seat whose ideas stand there, the action
    # they point at, how many ideas
    space_seat=list[int],
    space_action=list[int],
    space_ideas=list[int],
    # Vienna and the reputation track
    freud_loc=int,
    freud_rep=int,
    professor=list[int],
    rep=list[int],
    rep_stamp=list[int],  # when each marker arrived on its space (lower: further down)
    stamp=int,
    tokens=list[list[int]],  # per district, per stack I-III: tokens left
    bonus_cover=list[list[int]],  # per location, per bonus slot: the seat covering it
    district_slot=list[list[int]],  # per district, per scoring slot: the seat holding it
    # per seat: ideas, resources, the player board
    ideas=list[int],
    locked_ideas=list[int],
    coffee=list[int],
    bright=list[int],
    vp=list[int],
    vp_by=list[list[int]],  # per seat, the VP ledger: VP gained by source (VP_SOURCES)
    inkpot=list[int],
    notebook=list[list[int]],
    col_mask=list[int],
    row_mask=list[int],
    dial=list[list[int]],
    letter=list[int],
    # per seat, the client board: two rooms
    room_client=list[list[int]],
    room_grief=list[list[int]],
    room_track=list[list[int]],
    room_latent=list[list[int]],
    room_manifest=list[list[int]],
    room2_open=list[int],
    start_track=list[int],  # per seat: where the starting client's marker was set
    cured=list[list[int]],
    # per seat: research in hand and in play, treatises published, goal tiles claimed
    hand=list[list[int]],
    # per seat: the cards in hand every player saw taken face up (the swap takes the
    # face-up card), so determinization keeps them where they are
    known_hand=list[list[int]],
    played=list[list[int]],
    treatises=list[list[int]],
    goals_held=list[list[int]],
    # the decks and displays
    normal_deck=list[int],
    complex_deck=list[int],
    grief_deck=list[int],
    manifest_deck=list[int],
    latent_deck=list[int],
    manifest_discard=list[int],
    latent_discard=list[int],
    research_deck=list[int],
    research_up=int,
    client_display=list[int],  # two normal then two complex clients
    display_grief=list[int],
    manifest_display=list[int],
    treatise_owner=list[int],  # per treatise: the seat that published it
    treatise_cards=list[list[int]],  # per treatise: its research cards, left to right
    goals_left=list[int],
)


class UnconsciousData(FieldState):
    """The data of one Unconscious Mind match, with read-only queries over it."""

    __slots__ = FIELDS.slots
    fields = FIELDS

    rng: Rng
    phase: int
    current: int
    step: int
    recalled: int
    placed_row: int
    treated: int
    decisions: dec.Stack
    round: int
    era: int
    rounds_left: int
    end_trigger: int
    stacks: list[list[int]]
    middle: list[int]
    right: list[int]
    space_seat: list[int]
    space_action: list[int]
    space_ideas: list[int]
    freud_loc: int
    freud_rep: int
    professor: list[int]
    rep: list[int]
    rep_stamp: list[int]
    stamp: int
    tokens: list[list[int]]
    bonus_cover: list[list[int]]
    district_slot: list[list[int]]
    ideas: list[int]
    locked_ideas: list[int]
    coffee: list[int]
    bright: list[int]
    vp: list[int]
    vp_by: list[list[int]]
    inkpot: list[int]
    notebook: list[list[int]]
    col_mask: list[int]
    row_mask: list[int]
    dial: list[list[int]]
    letter: list[int]
    room_client: list[list[int]]
    room_grief: list[list[int]]
    room_track: list[list[int]]
    room_latent: list[list[int]]
    room_manifest: list[list[int]]
    room2_open: list[int]
    start_track: list[int]
    cured: list[list[int]]
    hand: list[list[int]]
    known_hand: list[list[int]]
    played: list[list[int]]
    treatises: list[list[int]]
    goals_held: list[list[int]]
    normal_deck: list[int]
    complex_deck: list[int]
    grief_deck: list[int]
    manifest_deck: list[int]
    latent_deck: list[int]
    manifest_discard: list[int]
    latent_discard: list[int]
    research_deck: list[int]
    research_up: int
    client_display: list[int]
    display_grief: list[int]
    manifest_display: list[int]
    treatise_owner: list[int]
    treatise_cards: list[list[int]]
    goals_left: list[int]

    @classmethod
    def upgrade(cls, game: Any, data: dict[str, Any]) -> dict[str, Any]:
        """States stored before ``known_hand``, ``end_trigger``, the VP ledger and
        ``start_track`` existed: nobody had seen a card taken face up, the end's trigger is
        unknown, every VP so far is booked to "other" (nobody recorded where it came
        from), and the starting marker is unknown (0: nothing to explain)."""
        fields = ("known_hand", "end_trigger", "vp_by", "start_track")
        if all(k in data for k in fields):
            return data
        out = dict(data)
        seats = len(data.get("vp", []))
        out.setdefault("known_hand", [[] for _ in data.get("hand", [])])
        out.setdefault("end_trigger", -1)
        other = VP_SOURCES.index("other")
        out.setdefault(
            "vp_by",
            [[v if k == other else 0 for k in range(len(VP_SOURCES))] for v in data["vp"]],
        )
        out.setdefault("start_track", [0] * seats)
        return out

    # -- tags ---------------------------------------------------------------------------

    def tags_in_play(self, seat: int) -> list[int]:
        """Every location tag ``seat`` has in play: research cards in play (not those
        in treatises), treatises, cured clients, goal tiles (WILD for the wild one)."""
        tags = [RESEARCH[c].tag for c in self.played[seat]]
        for t in self.treatises[seat]:
            tags += TREATISES[t].tags
        for c in self.cured[seat]:
            tags += CLIENTS[c].tags
        tags += [GOALS[g].tag for g in self.goals_held[seat]]
        return tags

    def matching_tags(self, seat: int, location: int) -> int:
        """The uses of ``location`` open to ``seat`` before the cap: one for their
        professor there, one for Freud there, one per matching tag in play (a wild
        tag matches any location)."""
        tags = self.tags_in_play(seat)
        return (
            (self.professor[seat] == location)
            + (self.freud_loc == location)
            + sum(t in (location, WILD) for t in tags)
        )

    def district_tags(self, seat: int, district: int) -> int:
        """The count that decides a district scoring slot: ``seat``'s tags of the
        district's colour (a wild tag counts), +1 for their professor in it, +1 if
        Freud is in it too."""
        colour = DISTRICTS[district].colour
        here = DISTRICT_OF[self.professor[seat]] == district
        return (
            sum(t == WILD or TAG_COLOUR[t] == colour for t in self.tags_in_play(seat))
            + here
            + (here and DISTRICT_OF[self.freud_loc] == district)
        )

    def distinct_tags(self, seat: int) -> int:
        """Distinct location tags in play for final scoring (a wild tag fills one gap)."""
        tags = self.tags_in_play(seat)
        distinct = len({t for t in tags if t != WILD})
        return min(NL, distinct + min(tags.count(WILD), NL - distinct))

    # -- reputation ---------------------------------------------------------------------

    def reputation_order(self) -> list[int]:
        """Seats from first to last on the reputation track: higher space first; on
        one space the lower marker (the one that arrived first) is ahead."""
        n = len(self.rep)
        return sorted(range(n), key=lambda s: (-self.rep[s], self.rep_stamp[s]))
