"""The steps of an Unconscious Mind turn that the rules and the decision kinds share,
as functions over the state's data: the inkpot, the recall bonus, the end of a turn
(goal tiles, new clients and dreams in the rooms), the next turn and round.

They sit below both rules.py (the phases) and decisions.py (the kinds: a
client taken from the display goes on into its dreams, the last dream into the
next turn), so that the table of kinds needs nothing from the rules above it
(no import circle).
"""

from __future__ import annotations

from typing import Any

from meeple.core import decisions as dec
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import notebook as nb
from meeple.games.unconscious.components import (
    CLIENTS,
    DISTRICT_OF,
    DISTRICTS,
    GOALS,
    GRIEF,
    LOCATIONS,
    NR,
    RESEARCH,
    ROW_INKPOTS,
    RULES,
    SOLO,
    TAG_COLOUR,
)
from meeple.games.unconscious.state import EMPTY, OVER, START, UnconsciousData

ROUND_CAP = int(RULES["round_cap"])


def push(s: UnconsciousData, seat: int, kind: str, args: tuple[Any, ...]) -> None:
    """A decision of the rules' own (no continuation) for ``seat``."""
    s.decisions = dec.push(s.decisions, dec.Decision(seat, kind, args))


# -- the inkpot ---------------------------------------------------------------------------


def inkpot_landing(s: UnconsciousData, seat: int, bright: int) -> tuple[int, int]:
    """(steps, rondel space) of the inkpot moved after this turn's placement with
    ``bright`` bright ideas spent (as :func:`move_inkpot` moves it)."""
    steps = ROW_INKPOTS[s.placed_row] + bright + en.has_ability(s, seat, "inkpot_more")
    return steps, (s.inkpot[seat] + steps) % NR


def move_inkpot(s: UnconsciousData, seat: int, bright: int) -> None:
    """The inkpot moves the row's inkpot icons, one more per bright idea spent."""
    s.bright[seat] -= bright
    steps = ROW_INKPOTS[s.placed_row] + bright + en.has_ability(s, seat, "inkpot_more")
    en.ENGINE.run(s, seat, en.move_inkpot(s, seat, steps), "inkpot")


# -- recall bonuses ------------------------------------------------------------------------


def recall_stack(s: UnconsciousData, seat: int) -> int:
    d = DISTRICT_OF[s.professor[seat]]
    return next((k for k, left in enumerate(s.tokens[d]) if left), EMPTY)


def recall_bonus_options(s: UnconsciousData, seat: int) -> list[int]:
    """0-2: a bonus slot of the professor's location; 3-6: a district scoring slot."""
    if recall_stack(s, seat) < 0:
        return []
    loc = s.professor[seat]
    d = DISTRICT_OF[loc]
    out = [i for i, who in enumerate(s.bonus_cover[loc]) if who == EMPTY]
    if dl.has_own(s.dial[seat]):
        have = s.district_tags(seat, d) + en.has_ability(s, seat, "district_tag")
        out += [
            3 + k
            for k, need in enumerate(DISTRICTS[d].thresholds)
            if s.district_slot[d][k] == EMPTY and need <= have
        ]
    return out


def recall_bonus(s: UnconsciousData, seat: int, option: int) -> None:
    loc = s.professor[seat]
    d = DISTRICT_OF[loc]
    stack = recall_stack(s, seat)
    taken = len(DISTRICTS[d].stacks[stack]) - s.tokens[d][stack]
    s.tokens[d][stack] -= 1
    reveal = DISTRICTS[d].stacks[stack][taken]
    if option < 3:
        s.bonus_cover[loc][option] = seat
        prog = en.program(LOCATIONS[loc].bonus[option], "vienna")
    else:
        s.district_slot[d][option - 3] = seat
        dial = s.dial[seat]
        spots = dl.own_spots(dial)
        dl.take_own(dial, None if dial[dl.OWN_RESERVE] else min(spots, key=lambda x: (x[1], x[0])))
        prog = en.program(DISTRICTS[d].rewards[option - 3], "vienna")
    if reveal == "rep":
        prog = (*prog, ("rep", 1))
    elif reveal == "activate":
        prog = (*prog, ("activate",))
    en.ENGINE.run(s, seat, prog, "recall")


# -- the end of a turn ---------------------------------------------------------------------


def begin_turn(s: UnconsciousData) -> None:
    s.step = START
    s.recalled = 0
    s.placed_row = EMPTY
    s.treated = 0


def end_turn(s: UnconsciousData, seat: int) -> None:
    claim_goals(s, seat)
    refill(s, seat)


def refill(s: UnconsciousData, seat: int) -> None:
    """Each empty open room takes a client (a decision), then its dreams."""
    for room in (0, 1):
        if room == 1 and not s.room2_open[seat]:
            continue
        if s.room_client[seat][room] == EMPTY and client_choices(s):
            push(s, seat, "client", (room,))
            return
    next_turn(s, seat)


def client_choices(s: UnconsciousData) -> list[int]:
    """0-3: a display client (with its grief layer); 4: a random normal client; 5: a
    random complex one."""
    out = [i for i, c in enumerate(s.client_display) if c != EMPTY]
    if s.normal_deck:
        out.append(4)
    if s.complex_deck:
        out.append(5)
    return out


def manifest_choices(s: UnconsciousData) -> list[int]:
    out = [i for i, m in enumerate(s.manifest_display) if m != EMPTY]
    if s.manifest_deck or s.manifest_discard:
        out.append(4)
    return out


def draw_grief(s: UnconsciousData) -> int:
    if not s.grief_deck:
        return EMPTY
    return s.grief_deck.pop()


def take_client(s: UnconsciousData, seat: int, room: int, choice: int) -> None:
    if choice < 4:
        client, grief = s.client_display[choice], s.display_grief[choice]
        deck = s.normal_deck if choice < 2 else s.complex_deck
        s.client_display[choice] = deck.pop() if deck else EMPTY
        s.display_grief[choice] = draw_grief(s) if s.client_display[choice] != EMPTY else EMPTY
    else:
        deck = s.normal_deck if choice == 4 else s.complex_deck
        client, grief = deck.pop(), draw_grief(s)
    s.room_client[seat][room] = client
    s.room_grief[seat][room] = grief
    hearts = CLIENTS[client].hearts + (GRIEF[grief][0] if grief != EMPTY else 0)
    s.room_track[seat][room] = hearts
    en.ENGINE.run(s, seat, en.seat_track(s, seat, room), "client")
    s.room_latent[seat][room] = draw_dream(s, s.latent_deck, s.latent_discard)
    if manifest_choices(s):
        push(s, seat, "manifest", (room,))
    else:
        refill(s, seat)


def draw_dream(s: UnconsciousData, deck: list[int], discard: list[int]) -> int:
    if not deck and discard:
        deck[:] = discard
        discard.clear()
        s.rng.shuffle(deck)
    return deck.pop() if deck else EMPTY


def take_manifest(s: UnconsciousData, seat: int, room: int, choice: int) -> None:
    if choice < 4:
        dream = s.manifest_display[choice]
        s.manifest_display[choice] = draw_dream(s, s.manifest_deck, s.manifest_discard)
    else:
        dream = draw_dream(s, s.manifest_deck, s.manifest_discard)
    s.room_manifest[seat][room] = dream
    refill(s, seat)


def claim_goals(s: UnconsciousData, seat: int) -> None:
    for g in list(s.goals_left):
        if goal_met(s, seat, g):
            s.goals_left.remove(g)
            s.goals_held[seat].append(g)
            en.score(s, seat, GOALS[g].vp, "goals")
            en._rep(s, seat, GOALS[g].rep)


def goal_met(s: UnconsciousData, seat: int, g: int) -> bool:
    goal = GOALS[g]
    cond = goal.condition
    if cond == "insights_on_district_slots":
        have = sum(who == seat for slots in s.district_slot for who in slots)
    elif cond == "full_columns":
        have = nb.full_columns(s.notebook[seat])
    elif cond == "research_tag_colours":
        have = len({TAG_COLOUR[RESEARCH[c].tag] for c in s.played[seat]})
    elif cond == "cured_normal":
        have = sum(not CLIENTS[c].complex for c in s.cured[seat])
    elif cond == "cured_complex":
        have = sum(CLIENTS[c].complex for c in s.cured[seat])
    elif cond == "treatises":
        have = len(s.treatises[seat])
    else:
        have = len(s.cured[seat])
    return have >= goal.count


def next_turn(s: UnconsciousData, seat: int) -> None:
    n = s.game.players
    nxt = (seat + 1) % n
    if nxt == 0:
        end_round(s)
        if s.phase == OVER:
            return
    s.current = nxt
    begin_turn(s)


def end_round(s: UnconsciousData) -> None:
    if s.game.players == 1 and s.round % int(SOLO["freud_every"]) == 0:
        en.advance_freud(s, int(SOLO["freud_per_round"]))
    last = min(int(s.game.options["rounds"]), ROUND_CAP)
    if (s.rounds_left >= 0 and s.round >= s.rounds_left) or s.round >= last:
        s.phase = OVER
        return
    s.round += 1
