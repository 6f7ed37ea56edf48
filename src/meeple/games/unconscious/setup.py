"""Setting up a match of Unconscious Mind, as the seed describes it.

Everything random is dealt here from one :class:`~meeple.core.rng.Rng`
(kept in the state for the reshuffles to come): the market, Freud's goal
tile, the client and dream displays, the research deck, each player's
starting client, grief layer and dreams, and the letter cards. What is left
to the players (which starting tile to keep, and in which notebook row) is
the first decision of each, in turn order (:func:`keep_start`).
"""

from __future__ import annotations

from meeple.core import decisions as dec
from meeple.core.rng import Rng
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import market as mk
from meeple.games.unconscious import notebook as nb
from meeple.games.unconscious.components import (
    CLIENTS,
    COMPLEX_CLIENTS,
    DISTRICTS,
    FREUD_GOALS,
    GOALS,
    GRIEF,
    LATENT,
    LETTER_KEYS,
    LETTERS,
    LOCATIONS,
    MANIFEST,
    NORMAL_CLIENTS,
    NS,
    RESEARCH,
    RONDEL_START,
    RULES,
    TILES,
    TREATISES,
    parse_effect,
)
from meeple.games.unconscious.state import EMPTY, KEEP, START, VP_SOURCES, UnconsciousData

_BONUS = [parse_effect(t, "rules.turn_order_bonus") for t in RULES["turn_order_bonus"]]


def _shuffled(items: tuple[int, ...] | list[int], rng: Rng) -> list[int]:
    out = list(items)
    rng.shuffle(out)
    return out


def deal(s: UnconsciousData, players: int, seed: int) -> None:
    """Fill ``s`` with a new match's setup (everything but the kept starting tiles)."""
    n = players
    rng = Rng(seed)
    s.rng = rng
    s.phase = KEEP
    s.current = 0
    s.step = START
    s.recalled = 0
    s.placed_row = EMPTY
    s.treated = 0
    s.decisions = dec.EMPTY
    s.round = 1
    s.era = 1
    s.rounds_left = -1
    s.end_trigger = -1
    s.stacks, s.middle, s.right = mk.new_market(n, rng)
    s.space_seat = [EMPTY] * NS
    s.space_action = [EMPTY] * NS
    s.space_ideas = [0] * NS
    # Freud by a random goal tile (never the wild one); all seven goals are laid out.
    s.freud_loc = GOALS[rng.choice(FREUD_GOALS)].tag
    s.goals_left = [g.index for g in GOALS]
    s.freud_rep = int(RULES["freud_start"])
    s.rep = [0] * n
    # the first player's marker on top: the last player's is at the bottom (arrived first)
    s.rep_stamp = [n - 1 - seat for seat in range(n)]
    s.stamp = n
    s.tokens = [[len(stack) for stack in d.stacks] for d in DISTRICTS]
    s.bonus_cover = [[EMPTY] * len(loc.bonus) for loc in LOCATIONS]
    s.district_slot = [[EMPTY] * len(d.thresholds) for d in DISTRICTS]
    # the displays
    s.normal_deck = _shuffled(NORMAL_CLIENTS, rng)
    s.complex_deck = _shuffled(COMPLEX_CLIENTS, rng)
    s.grief_deck = _shuffled(list(range(len(GRIEF))), rng)
    s.manifest_deck = _shuffled(MANIFEST, rng)
    s.latent_deck = _shuffled(LATENT, rng)
    s.manifest_discard, s.latent_discard = [], []
    display = RULES["client_display"]
    s.client_display = [s.normal_deck.pop() for _ in range(int(display["normal"]))] + [
        s.complex_deck.pop() for _ in range(int(display["complex"]))
    ]
    s.display_grief = [s.grief_deck.pop() for _ in s.client_display]
    s.manifest_display = [s.manifest_deck.pop() for _ in range(int(RULES["manifest_display"]))]
    s.research_deck = _shuffled(list(range(len(RESEARCH))), rng)
    s.research_up = s.research_deck.pop()
    s.treatise_owner = [EMPTY] * len(TREATISES)
    s.treatise_cards = [[] for _ in TREATISES]
    # each player's boards
    s.ideas = [int(RULES["start_ideas"])] * n
    s.locked_ideas = [int(RULES["locked_ideas"])] * n
    s.coffee = [int(RULES["coffee_start"])] * n
    s.bright = [0] * n
    s.vp = [0] * n
    s.vp_by = [[0] * len(VP_SOURCES) for _ in range(n)]
    s.inkpot = [RONDEL_START] * n
    s.notebook = [nb.new_notebook() for _ in range(n)]
    s.col_mask = [0] * n
    s.row_mask = [0] * n
    s.dial = [
        dl.new_dial(int(RULES["generic_insights"]), int(RULES["own_insights_start"]))
        for _ in range(n)
    ]
    s.room_client = [[EMPTY, EMPTY] for _ in range(n)]
    s.room_grief = [[EMPTY, EMPTY] for _ in range(n)]
    s.room_track = [[0, 0] for _ in range(n)]
    s.room_latent = [[EMPTY, EMPTY] for _ in range(n)]
    s.room_manifest = [[EMPTY, EMPTY] for _ in range(n)]
    s.room2_open = [0] * n
    s.start_track = [0] * n
    s.cured = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    s.known_hand = [[] for _ in range(n)]
    s.played = [[] for _ in range(n)]
    s.treatises = [[] for _ in range(n)]
    s.goals_held = [[] for _ in range(n)]
    for seat in range(n):
        client, grief = s.normal_deck.pop(), s.grief_deck.pop()
        seat_client(s, seat, 0, client, grief)
        s.start_track[seat] = s.room_track[seat][0]
        s.room_latent[seat][0] = s.latent_deck.pop()
        s.room_manifest[seat][0] = s.manifest_deck.pop()
    letters = list(range(len(LETTER_KEYS)))
    rng.shuffle(letters)
    s.letter = letters[:n]
    s.professor = [EMPTY] * n
    # turn-order bonuses: the second player a coffee, the third a bright idea, the fourth both
    for seat in range(n):
        for step in _BONUS[seat]:
            if step.op == "coffee":
                s.coffee[seat] += step.n
            elif step.op == "bright":
                s.bright[seat] += step.n


def seat_client(s: UnconsciousData, seat: int, room: int, client: int, grief: int) -> None:
    """Put a client under a grief layer in a room: the marker on the sum of their
    hearts, the VP printed on that space scored at once, and on the catharsis space
    (or below) the catharsis at once (engine.seat_track)."""
    s.room_client[seat][room] = client
    s.room_grief[seat][room] = grief
    s.room_track[seat][room] = CLIENTS[client].hearts + GRIEF[grief][0]
    en.ENGINE.run(s, seat, en.seat_track(s, seat, room, "start"), "setup")


def start_tiles(s: UnconsciousData, seat: int) -> tuple[int, ...]:
    """The three starting tiles of ``seat``'s letter card."""
    return LETTERS[LETTER_KEYS[s.letter[seat]]]


def keep_start(s: UnconsciousData, seat: int, tile: int, row: int) -> None:
    """Keep starting ``tile``: the professor goes to its tag's location, its banner's
    insights are generated, and it goes face down to the left of notebook ``row``
    (the other two leave the game)."""
    t = TILES[tile]
    s.professor[seat] = t.tag
    for step in t.banner:
        dl.generate(s.dial[seat], step.colour)
    nb.place(s.notebook[seat], row * 3, tile, s.col_mask[seat], s.row_mask[seat])
