"""Viscounts' state as data, and the read-only questions the rules and views ask of it.

Fields are declared once (:class:`~meeple.core.fields.StateFields`); clone
and JSON follow. Per-seat things are lists indexed by seat; card piles are
lists of card ids with the top last. The pending decisions (choices on
cards, other seats' rearrangements, bumped workers' rewards) are one
:mod:`meeple.core.decisions` stack, and ``turn()`` reads its top first.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Rng
from meeple.core import decisions as dec
from meeple.core.fields import FieldState, Shared, StateFields
from meeple.games.viscounts.components import (
    ACTION_ICON,
    BUILD,
    BUILDER,
    BUILDINGS,
    BUILDINGS_PER_PLAYER,
    CARDS,
    CLERIC,
    CRIMINAL,
    EXCHANGES,
    INNER,
    MANUSCRIPTS,
    MERCHANT,
    NOBLE,
    PRINTED,
    PRINTED_MANUSCRIPTS,
    PUBLIC,
    RIBBONS,
    RULES,
    SCHEMES,
    THIRD_TRADING_POST_MERCHANTS,
    TRADE,
    TRANSCRIBE,
    WORKERS,
    corruption_first,
    part,
    position,
    space_number,
    spots,
)

SETUP, PLAY, MOVE, ACTION, RECRUIT, COLLIDE, OVER, AI_TURN, END = range(9)
PHASE_NAMES = ("setup", "play", "move", "action", "recruit", "collide", "over", "ai_turn", "end")
WS, TP, GH = range(3)

FIELDS = StateFields(
    phase=int,
    first=int,  # the start player (keeps the token all game)
    current=int,
    round=int,
    end_round=int,  # -1: the end is not triggered; else the last round to play
    setup_left=list[int],  # seats still to pick a pair, next first
    pairs=list[list[int]],  # the row of [player card number, hero card id], -1 once taken
    ring=list[int],  # the segment at each ring position
    castle_turn=int,  # wedge w sits by ring position (w - castle_turn) % 5
    piles=list[list[int]],  # townsfolk per ring position, top last
    ms_piles=list[list[int]],  # manuscripts per ring position, top last
    viscount=list[int],  # space per seat, -1 before setup
    deck=list[list[int]],
    hand=list[list[int]],
    board=list[list[int]],  # the tableau, leftmost first, at most 3
    discard=list[list[int]],
    silver=list[int],
    ink=list[int],
    gold=list[int],
    stone=list[int],
    corruption=list[int],  # marker position on the collision track, 0 = left end
    virtue=list[int],
    debts=list[int],  # unpaid
    paid=list[int],
    deeds=list[int],  # bought
    approved=list[int],
    debts_above=int,  # debts still on top of the Poverty card
    deeds_above=int,
    poverty=bool,  # the Poverty card has been uncovered
    prosperity=bool,
    built=list[list[int]],  # per seat, per kind: how many built
    spot_owner=list[int],  # per spot, -1 empty
    spot_kind=list[int],
    tier1=list[list[int]],  # per wedge, per seat: workers
    tier2=list[list[int]],
    tier3=list[int],  # per seat: workers in the centre
    leader=int,
    manuscripts=list[list[int]],  # per seat: manuscript ids
    cleric_bonus=list[int],  # per ribbon: owner, -1
    turns_taken=list[int],
    played=int,  # the card played this turn (-1 none yet)
    dismissed=int,  # the card dismissed this turn (-1)
    collision=int,  # the track space of this turn's collision (-1 none)
    vp_bonus=list[int],  # VP gained from effects during the game (none in the base game)
    # The solo AI (solo.py): with one player, every per-seat list above has a second
    # entry, the AI's ("sides" = 2), and these hold its scheme cards.
    ai_focus=int,  # its focus board (-1: not a solo game)
    ai_deck=list[int],  # scheme ids, top last (hidden order)
    ai_future=list[int],  # the future scheme pile, top last (hidden order)
    ai_board=list[int],  # its three revealed schemes, leftmost first
    ai_discard=list[int],
    ai_log=Shared[list[list[int]]],  # its turns: [round, scheme, from, to, done, vp]
    # Gates of Gold (content set gates_of_gold; SET_FIELDS: stored only when in play)
    orders=int,  # King's Orders left in the supply
    outsider_pile=list[int],  # outsiders face down, top last (hidden order)
    outsiders=list[int],  # the face-up display, at most three
    wild_ribbon=list[int],  # per side: the ribbon its wild manuscript took, -1
    bonus_cards=list[int],  # the builder bonus cards in play (card ids)
    bonus_owner=list[int],  # each one's owner, -1 while nobody has earned it
    leader_card=int,  # the castle leader card in play (a card id), -1: the base game's
    # Keeper of Keys (content set keeper_of_keys; SET_FIELDS: stored only when in play)
    hero_pile=list[int],  # the unused heroes face down, top last (hidden order)
    heroes_up=list[int],  # the hero display, at most three
    chest_pile=list[int],  # chest tiles (components.CHESTS ids) face down (hidden order)
    chests_up=list[int],  # the chest display, at most four
    chest_slots=list[list[int]],  # per side: the chest tile under each board space, -1
    public_owner=list[int],  # per public building (components.PUBLIC): its builder, -1
    boost=list[list[int]],  # per side: icons counted this turn (chest tiles), per ICONS
    ai_chests=list[int],  # solo: the AI's chest tiles (components.AI_CHESTS), 1 face up
    decisions=dec.FIELD,
    rng=Rng,
    derived=(),
)


class ViscountsData(FieldState):
    """The data of one Viscounts match, with read-only queries over it."""

    __slots__ = FIELDS.slots
    fields = FIELDS

    phase: int
    first: int
    current: int
    round: int
    end_round: int
    setup_left: list[int]
    pairs: list[list[int]]
    ring: list[int]
    castle_turn: int
    piles: list[list[int]]
    ms_piles: list[list[int]]
    viscount: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    board: list[list[int]]
    discard: list[list[int]]
    silver: list[int]
    ink: list[int]
    gold: list[int]
    stone: list[int]
    corruption: list[int]
    virtue: list[int]
    debts: list[int]
    paid: list[int]
    deeds: list[int]
    approved: list[int]
    debts_above: int
    deeds_above: int
    poverty: bool
    prosperity: bool
    built: list[list[int]]
    spot_owner: list[int]
    spot_kind: list[int]
    tier1: list[list[int]]
    tier2: list[list[int]]
    tier3: list[int]
    leader: int
    manuscripts: list[list[int]]
    cleric_bonus: list[int]
    turns_taken: list[int]
    played: int
    dismissed: int
    collision: int
    vp_bonus: list[int]
    ai_focus: int
    ai_deck: list[int]
    ai_future: list[int]
    ai_board: list[int]
    ai_discard: list[int]
    ai_log: list[list[int]]
    orders: int
    outsider_pile: list[int]
    outsiders: list[int]
    wild_ribbon: list[int]
    bonus_cards: list[int]
    bonus_owner: list[int]
    leader_card: int
    hero_pile: list[int]
    heroes_up: list[int]
    chest_pile: list[int]
    chests_up: list[int]
    chest_slots: list[list[int]]
    public_owner: list[int]
    boost: list[list[int]]
    ai_chests: list[int]
    decisions: dec.Stack
    rng: Rng

    # -- sides --------------------------------------------------------------------

    @property
    def ai(self) -> int:
        """The solo AI's index in the per-seat lists (after the one player's), -1 if none."""
        return self.game.players if self.ai_focus >= 0 else -1

    @property
    def sides(self) -> int:
        """Entries in every per-seat list: the seats, and the solo AI if there is one."""
        return self.game.players + (1 if self.ai_focus >= 0 else 0)

    # -- places -------------------------------------------------------------------

    def wedge_at(self, space: int) -> int:
        """The castle wedge beside the segment of ``space``."""
        return (position(space) + self.castle_turn) % len(self.tier1)

    def pile_top(self, pos: int) -> int:
        """The visible townsfolk of the pile at ring position ``pos`` (the printed one
        once the pile is empty)."""
        pile = self.piles[pos]
        return pile[-1] if pile else self.printed_card(pos)

    def printed_card(self, pos: int) -> int:
        return PRINTED[self.ring[pos]]

    def manuscript_here(self, pos: int) -> int:
        pile = self.ms_piles[pos]
        return pile[-1] if pile else PRINTED_MANUSCRIPTS[self.ring[pos]]

    def build_spots(self, seat: int) -> list[int]:
        """Empty spots on the viscount's side of the river."""
        here = self.viscount[seat]
        seg, side = self.ring[position(here)], part(here)
        return [
            i
            for i, sp in enumerate(spots(self.game.players))
            if sp.segment == seg and sp.side == side and self.spot_owner[i] < 0
        ]

    def is_inner(self, seat: int) -> bool:
        return part(self.viscount[seat]) == INNER

    def exchange(self, seat: int) -> str:
        """What a trade gives on the viscount's space (silver, a resource, destroy, flip)."""
        return EXCHANGES[space_number(self.viscount[seat], self.ring) - 1]

    # -- icons ----------------------------------------------------------------------

    def board_icons(self, seat: int, icon: int) -> int:
        """Icons of a kind on the seat's board: cards, the slots' starting icons on the
        first two turns, revealed building abilities, cleric bonus cards."""
        n = sum(CARDS[c].icons[icon] for c in self.board[seat])
        if self.turns_taken[seat] < int(RULES["starting_icon_turns"]):
            for slot, icons in enumerate(RULES["starting_icons"]):
                if slot >= len(self.board[seat]):
                    n += sum(1 for name in icons if _ICON_INDEX[name] == icon)
        gh = self.built[seat][GH]
        if icon == BUILDER and gh >= 1:
            n += 1
        if icon == NOBLE and gh >= 2:
            n += 1
        if icon == CLERIC:
            if gh >= 3:
                n += 1
            n += sum(1 for o in self.cleric_bonus if o == seat) * int(RULES["cleric_bonus_icons"])
        if icon == MERCHANT and self.built[seat][TP] >= 3:
            n += THIRD_TRADING_POST_MERCHANTS
        if icon == MERCHANT and (self.bonus_cards or self.leader_card >= 0):
            n += sum(CARDS[c].merchants for c in self.held(seat))
        if self.boost:  # Keeper of Keys: chest tiles' icons, this turn
            n += self.boost[seat][icon]
        return n

    def holds_cards(self) -> bool:
        """Whether any seat may hold a card beside its board (Gates of Gold's builder bonus
        and castle leader cards, Keeper of Keys' public buildings): ``held`` then reads."""
        return bool(self.bonus_cards or self.leader_card >= 0 or self.public_owner)

    def held(self, seat: int) -> list[int]:
        """The builder bonus cards ``seat`` holds whose abilities work now (Gates of Gold:
        some only with a King's Order or an outsider on its board)."""
        out = []
        owners = list(zip(self.bonus_cards, self.bonus_owner, strict=True))
        if self.leader_card >= 0:  # Gates of Gold: the castle leader's card, its holder's
            owners.append((self.leader_card, self.leader))
        # Keeper of Keys: the public buildings, their builders'
        owners.extend(zip(PUBLIC, self.public_owner, strict=False))
        for c, owner in owners:
            if owner != seat:
                continue
            needs = CARDS[c].needs
            board = self.board[seat]
            if (
                not needs
                or (needs == "order" and any(CARDS[b].supply for b in board))
                or (needs == "outsider" and any(CARDS[b].kind == "outsider" for b in board))
            ):
                out.append(c)
        return out

    def criminals(self, seat: int) -> int:
        """Criminal icons on the seat's board (cards only; the AI's: its schemes). Keeper of
        Keys: the public guildhall's permanent one counts too, and at a collision the
        public workshop's owner ignores one."""
        if seat == self.ai:
            return sum(SCHEMES[c].icons[CRIMINAL] for c in self.ai_board)
        n = sum(CARDS[c].icons[CRIMINAL] for c in self.board[seat])
        if self.public_owner and seat in self.public_owner:
            held = [c for c in self.held(seat) if CARDS[c].kind == "public"]
            n += sum(CARDS[c].criminals for c in held)
            if self.collision >= 0:
                n = max(0, n - sum(CARDS[c].ignore_criminal for c in held))
        return n

    def owned(self, seat: int) -> list[int]:
        """Every townsfolk the seat owns: draw pile, hand, board, discards."""
        return self.deck[seat] + self.hand[seat] + self.board[seat] + self.discard[seat]

    def hand_limit(self, seat: int) -> int:
        extra = self.bonus_cards or self.leader_card >= 0
        cards = self.board[seat] + (self.held(seat) if extra else [])
        limit = int(RULES["hand_limit"]) + sum(CARDS[c].hand_limit for c in cards)
        if self.built[seat][WS] >= 3:
            limit += 1
        if self.leader == seat and self.leader_card < 0:  # the base game's leader card
            limit += int(RULES["leader_hand"])
        return limit

    def free_moves(self, seat: int) -> int:
        held = self.bonus_cards or self.leader_card >= 0
        cards = self.board[seat] + (self.held(seat) if held else [])
        extra = sum(CARDS[c].extra_moves for c in cards)
        return (1 if self.built[seat][TP] >= 1 else 0) + extra

    def dismiss_cost(self, seat: int, card: int) -> int:
        return 1 if self.built[seat][TP] >= 2 else CARDS[card].silver

    def workers_left(self, seat: int) -> int:
        on = sum(w[seat] for w in self.tier1) + sum(w[seat] for w in self.tier2) + self.tier3[seat]
        return int(RULES["workers_per_player"]) - on

    def buildings_left(self, seat: int, kind: int) -> int:
        return BUILDINGS_PER_PLAYER - self.built[seat][kind]

    def ribbons(self, seat: int) -> list[int]:
        counts = [0] * len(RIBBONS)
        for m in self.manuscripts[seat]:
            r = MANUSCRIPTS[m].ribbon
            if MANUSCRIPTS[m].wild:
                r = self.wild_ribbon[seat]
            if r >= 0:
                counts[r] += 1
        return counts

    def resource(self, seat: int, name: str) -> int:
        return int(getattr(self, name)[seat])

    def final_round(self) -> bool:
        return self.end_round >= 0 and self.round >= self.end_round


#: A content set's own fields and their values before anything happens: stored (to_json)
#: only in a match that plays the set, so a base game's stored state is as it was.
SET_FIELDS: dict[str, dict[str, Any]] = {
    "gates_of_gold": {
        "orders": 0,
        "outsider_pile": [],
        "outsiders": [],
        "wild_ribbon": [],
        "bonus_cards": [],
        "bonus_owner": [],
        "leader_card": -1,
    },
    "keeper_of_keys": {
        "hero_pile": [],
        "heroes_up": [],
        "chest_pile": [],
        "chests_up": [],
        "chest_slots": [],
        "public_owner": [],
        "boost": [],
        "ai_chests": [],
    },
}


def board_triggers(s: ViscountsData, seat: int, name: str) -> tuple[Any, ...]:
    """The programs of the seat's board cards reacting to ``name``, left to right, as one
    program: they react at once, so a virtue and a corruption among them move corruption
    first (the seed), whichever card is on the left."""
    out: tuple[Any, ...] = ()
    for c in s.board[seat]:
        out += CARDS[c].trigger(name)
    if s.holds_cards():  # Gates of Gold, Keeper of Keys: held cards react too
        for c in s.held(seat):
            out += CARDS[c].trigger(name)
    return corruption_first(out)


_ICON_INDEX = {
    "merchant": MERCHANT,
    "builder": BUILDER,
    "noble": NOBLE,
    "cleric": CLERIC,
    "criminal": CRIMINAL,
}
# keep the names the rules import from here in one place
__all__ = [
    "ACTION",
    "ACTION_ICON",
    "BUILD",
    "BUILDINGS",
    "COLLIDE",
    "FIELDS",
    "GH",
    "MOVE",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "RECRUIT",
    "SETUP",
    "TP",
    "TRADE",
    "TRANSCRIBE",
    "WORKERS",
    "WS",
    "ViscountsData",
    "gathered",
]


def gathered(s: ViscountsData, seat: int) -> bool:
    """Setup, before ``seat``'s deck is dealt: its hero and starting cards are gathered to
    be shuffled (they wait in the hand list for a player card's destroy), not a hand."""
    return s.phase == SETUP and not s.deck[seat] and bool(s.hand[seat])
