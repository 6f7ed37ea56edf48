"""Viscounts rules: the Game and the forward model.

Setup (segments and castle at random, townsfolk and manuscript piles, the
row of player card and hero pairs picked in reverse turn order), then turns
in rounds until Poverty or Prosperity is uncovered, that round finished and
one more played. A turn is phases, each one action of the mover: play a
card (the board shifts right, a card may drop off), move the viscount, one
primary action (trade, build, place workers, transcribe, each funded by
icons, resources and at most one dismissal, paid the way the seat picks when
there are several: funding.py), recruit, then the collision (if the mover's
markers met) and the draw, which need no decision.

Every effect is a program (data.toml) run by :data:`effects.ENGINE`; a
program that needs a choice leaves a decision on the state's stack, and
``turn()`` gives the move to whoever owes the top one: an opponent you
landed on, a seat whose worker was bumped, each opponent at a collision.
The data is in state.py, what a seat sees in view.py. With one player the
designed solo AI (solo.py) takes a turn after the player's every round, inside
the player's last action; it is no seat, and the player wins by outscoring it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from meeple.core import Action, Game, GameOption, Rng, Turn
from meeple.core import decisions as dec
from meeple.core.errors import IllegalActionError
from meeple.core.kinds import DecidingState
from meeple.core.turn import TERMINAL_TURN
from meeple.games.viscounts import funding, gates, hidden, keeper, solo
from meeple.games.viscounts import view as _view
from meeple.games.viscounts.actions import (
    HIRE_ORDER,
    NO_ACTION,
    PERMS,
    PICK_TOP,
    SKIP,
    Build,
    BuildPublic,
    Bump,
    CastleGroup,
    CastleMove,
    Choose,
    Flip,
    FreeBuild,
    FreeHire,
    Fund,
    Hire,
    HireOrder,
    Move,
    NoAction,
    Pick,
    PickPair,
    PickRibbon,
    PlaceWorker,
    Play,
    Rearrange,
    Resource,
    TakeChest,
    TakeHero,
    TakeManuscript,
    TakeOutsider,
    Trade,
    Transcribe,
    UseColumn,
    Workers,
)
from meeple.games.viscounts.components import (
    BUILD,
    BUILDINGS,
    CARDS,
    CHEST_SLOTS,
    CHESTS_FACE_UP,
    COLUMNS,
    CONTENT,
    DIFFICULTIES,
    FOCUS_NAMES,
    GATES,
    HEROES_FACE_UP,
    ICONS,
    KEEPER,
    KINGS_ORDER,
    MANUSCRIPTS,
    ORDERS_IN_BOX,
    OUTSIDERS,
    OUTSIDERS_FACE_UP,
    PLAYER_CARDS,
    PUBLIC,
    RESOURCES,
    RIBBONS,
    RULES,
    SEGMENTS,
    SOLO,
    SPACES,
    START_MANUSCRIPTS,
    TRACK,
    TRADE,
    TRANSCRIBE,
    WEDGES,
    WORKER_COSTS,
    WORKERS,
    card_ids,
    manuscript_ids,
    position,
    reachable,
    space_number,
    spots,
    starting_deck,
)
from meeple.games.viscounts.decisions import KINDS
from meeple.games.viscounts.effects import (
    ENGINE,
    reshuffle,
)
from meeple.games.viscounts.funding import MAX_PLANS, Plan
from meeple.games.viscounts.kingdom import set_score
from meeple.games.viscounts.primary import carry_out, fund_fields, primary_program
from meeple.games.viscounts.state import (
    ACTION,
    AI_TURN,
    COLLIDE,
    END,
    MOVE,
    OVER,
    PLAY,
    RECRUIT,
    SET_FIELDS,
    SETUP,
    ViscountsData,
    board_triggers,
)

__all__ = ["Viscounts", "ViscountsState"]

MAX_USES = 12
MAX_CHOICE = 4
PRIMARY_KIND = {
    Trade: TRADE,
    Build: BUILD,
    BuildPublic: BUILD,
    Workers: WORKERS,
    Transcribe: TRANSCRIBE,
}


class Viscounts(Game):
    """Viscounts of the West Kingdom (base game), 1-4 players."""

    name = "viscounts"
    title = "Viscounts of the West Kingdom"
    title_zh = "西國子爵"
    min_players = 1
    max_players = 4
    default_players = 2
    perfect_information = False
    has_chance = False
    content = CONTENT
    option_specs = (
        *CONTENT.options(),  # gates_of_gold, keeper_of_keys: the expansions
        GameOption(
            "second_under_3",
            True,
            help="award the 8-VP second place of a majority with fewer than 3 players "
            "(the seed's reading; the rulebook says no)",
        ),
        GameOption(
            "difficulty",
            str(SOLO["default_difficulty"]),
            help="solo: how strong the AI opponent is (easy, normal, hard, expert: "
            "0-3 of its stronger future schemes shuffled into its deck from the start)",
            choices=DIFFICULTIES,
        ),
        GameOption(
            "opponent",
            "random",
            help="solo: the AI's focus board (cleric: manuscripts, builder: buildings, "
            "noble: the castle, merchant: trade), or random",
            choices=("random", *FOCUS_NAMES),
        ),
    )

    def enumerate_actions(self) -> Iterable[Action]:
        n_spots = len(spots(self.players))
        cards = CONTENT.ids("cards", self.options)  # the base's first: a prefix of CARDS
        yield from (PickPair(i) for i in range(5))
        yield from (Play(c) for c in cards)
        yield from (Move(s) for s in range(SPACES))
        yield from (Trade(u, d) for u in range(1, MAX_USES + 1) for d in (0, 1))
        yield from (Build(b, sp, d) for b in range(3) for sp in range(n_spots) for d in (0, 1))
        yield from (Workers(c, d) for c in range(1, len(WORKER_COSTS) + 1) for d in (0, 1))
        yield from (Transcribe(d) for d in (0, 1))
        if self.options.get(GATES):  # dismissing from any segment: 2 + the ring position
            far = range(2, 2 + SEGMENTS)
            yield from (Trade(u, d) for u in range(1, MAX_USES + 1) for d in far)
            yield from (Build(b, sp, d) for b in range(3) for sp in range(n_spots) for d in far)
            yield from (Workers(c, d) for c in range(1, len(WORKER_COSTS) + 1) for d in far)
            yield from (Transcribe(d) for d in far)
        yield NO_ACTION
        yield from (Hire(t) for t in (0, 1))
        yield from (Choose(i) for i in range(MAX_CHOICE))
        yield from (Pick(c) for c in cards)
        yield PICK_TOP
        yield SKIP
        yield from (Rearrange(i) for i in range(len(PERMS)))
        yield from (Resource(r) for r in RESOURCES)
        yield from (Flip(w) for w in ("debt", "deed"))
        yield from (FreeHire(p) for p in range(SEGMENTS))
        yield from (CastleMove(w, (w + d) % WEDGES) for w in range(WEDGES) for d in (1, -1))
        # with one player the solo AI's workers can be bumped too (its index is 1)
        yield from (Bump(s) for s in range(self.players + (self.players == 1)))
        yield from (FreeBuild(b, sp) for b in range(3) for sp in range(n_spots))
        yield from (PlaceWorker(w) for w in range(WEDGES))
        yield from (TakeManuscript(p) for p in range(SEGMENTS))
        yield from (Fund(i) for i in range(MAX_PLANS))
        yield from (CastleGroup(w) for w in range(WEDGES))
        if self.options.get(GATES):
            yield from (TakeOutsider(i) for i in range(OUTSIDERS_FACE_UP))
            yield from (PickRibbon(r) for r in range(len(RIBBONS)))
            yield from (UseColumn(c.ribbon) for c in COLUMNS)
            yield HIRE_ORDER
        if self.options.get(KEEPER):  # public buildings, the hero and chest displays
            flags = (0, 1, *(range(2, 2 + SEGMENTS) if self.options.get(GATES) else ()))
            yield from (
                BuildPublic(b, sp, d) for b in range(3) for sp in range(n_spots) for d in flags
            )
            yield from (TakeHero(i) for i in range(HEROES_FACE_UP))
            yield from (TakeChest(i, k) for i in range(CHESTS_FACE_UP) for k in range(CHEST_SLOTS))

    def max_game_length(self) -> int:
        return int(RULES["round_cap"]) * self.players * 80 + 200

    def new_initial_state(self, seed: int = 0) -> ViscountsState:
        return ViscountsState.initial(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> ViscountsState:
        return ViscountsState.load(self, data)


class ViscountsState(DecidingState, ViscountsData):
    """One match: the data of :class:`ViscountsData` and the forward model. A pending
    decision is answered through its kind (decisions.KINDS); the phases below decide
    otherwise."""

    __slots__ = ()
    KINDS = KINDS

    # -- setup ----------------------------------------------------------------------------

    @classmethod
    def initial(cls, game: Viscounts, seed: int) -> ViscountsState:
        n = game.players
        rng = Rng(seed)
        s = object.__new__(cls)
        s.game = game
        s.rng = rng
        s.first = rng.randbelow(n)
        # with one player the AI takes the second entry of every per-seat list
        s.ai_focus = -1
        sides = n + (1 if n == 1 else 0)
        s.current = s.first
        s.round = 1
        s.end_round = -1
        s.phase = SETUP
        ring = list(range(SEGMENTS))
        rng.shuffle(ring)
        s.ring = ring
        s.castle_turn = rng.randbelow(WEDGES)
        options = game.options
        neutral = list(card_ids("townsfolk", options))
        rng.shuffle(neutral)
        s.piles = [neutral[p::SEGMENTS] for p in range(SEGMENTS)]
        grey, black = list(manuscript_ids("grey", options)), list(manuscript_ids("black", options))
        rng.shuffle(grey)
        rng.shuffle(black)
        per = len(black) // SEGMENTS
        s.ms_piles = [[grey[p], *black[p * per : (p + 1) * per]] for p in range(SEGMENTS)]
        cards = list(range(len(PLAYER_CARDS)))
        rng.shuffle(cards)
        heroes = list(card_ids("hero", options))
        rng.shuffle(heroes)
        s.pairs = [[cards[i], heroes[i]] for i in range(n + 1)]
        s.setup_left = [(s.first - 1 - k) % n for k in range(n)]
        s.viscount = [-1] * sides
        s.deck = [[] for _ in range(sides)]
        s.hand = [[] for _ in range(sides)]
        s.board = [[] for _ in range(sides)]
        s.discard = [[] for _ in range(sides)]
        for name in ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved"):
            setattr(s, name, [0] * sides)
        s.corruption = [0] * sides
        s.virtue = [TRACK - 1] * sides
        s.debts_above = int(RULES["poverty_debts"][str(n)])
        s.deeds_above = int(RULES["prosperity_deeds"][str(n)])
        s.poverty = s.prosperity = False
        s.built = [[0, 0, 0] for _ in range(sides)]
        n_spots = len(spots(n))
        s.spot_owner = [-1] * n_spots
        s.spot_kind = [-1] * n_spots
        s.tier1 = [[0] * sides for _ in range(WEDGES)]
        s.tier2 = [[0] * sides for _ in range(WEDGES)]
        s.tier3 = [0] * sides
        s.leader = -1
        s.manuscripts = [[] for _ in range(sides)]
        s.cleric_bonus = [-1] * len(RIBBONS)
        s.turns_taken = [0] * sides
        s.played = -1
        s.dismissed = -1
        s.collision = -1
        s.vp_bonus = [0] * sides
        s.decisions = dec.EMPTY
        s.ai_deck, s.ai_future, s.ai_board, s.ai_discard, s.ai_log = [], [], [], [], []
        if n == 1:
            s.ai_focus = solo.choose_focus(str(game.options["opponent"]), rng)
            solo.deal_schemes(s, str(game.options["difficulty"]))
        for fields in SET_FIELDS.values():
            for key, value in fields.items():
                setattr(s, key, list(value) if isinstance(value, list) else value)
        if options.get(GATES):  # the King's Orders and the outsiders beside the board
            s.orders = ORDERS_IN_BOX
            pile = list(OUTSIDERS)
            rng.shuffle(pile)
            s.outsiders = [pile.pop() for _ in range(OUTSIDERS_FACE_UP)]
            s.outsider_pile = pile
            s.wild_ribbon = [-1] * sides
            # one builder bonus card of each kind, face up, drawn at random
            for kind in ("diversified", "specialized"):
                deck = [c for c in card_ids("builder_bonus", options) if CARDS[c].bonus == kind]
                s.bonus_cards.append(deck[rng.randbelow(len(deck))])
                s.bonus_owner.append(-1)
            leaders = card_ids("leader", options)  # one replaces the base game's leader
            s.leader_card = leaders[rng.randbelow(len(leaders))]
        if options.get(KEEPER):  # the hero and chest displays, the public buildings
            used = {h for _, h in s.pairs}
            s.hero_pile = [h for h in heroes if h not in used]
            s.heroes_up = [s.hero_pile.pop() for _ in range(HEROES_FACE_UP) if s.hero_pile]
            chests = list(CONTENT.ids("chests", options))
            rng.shuffle(chests)
            s.chests_up = [chests.pop() for _ in range(CHESTS_FACE_UP)]
            s.chest_pile = chests
            s.chest_slots = [[-1] * CHEST_SLOTS for _ in range(sides)]
            s.public_owner = [-1] * len(PUBLIC)
            s.boost = [[0] * len(ICONS) for _ in range(sides)]
            if n == 1:  # the solo AI's chest tiles and new scheme
                keeper.deal_ai(s, rng)
        # the content sets' starting manuscripts (Gates of Gold's manuscript board)
        for m in (i for i in CONTENT.ids("manuscripts", options) if i in START_MANUSCRIPTS):
            for t in range(n):
                s.manuscripts[t].append(m)
        return s

    def to_json(self) -> dict[str, Any]:
        """The stored state: a content set's own fields only in a match that plays it
        (a base game's state reads as before the sets existed)."""
        data = ViscountsData.to_json(self)
        for name, fields in SET_FIELDS.items():
            if not self.game.options.get(name):
                for key in fields:
                    del data[key]
        return data

    @classmethod
    def upgrade(cls, game: Game, data: dict[str, Any]) -> dict[str, Any]:
        """States stored before the solo AI: no AI (their solo games were solitaire)."""
        if "ai_focus" not in data:
            data = {**data, "ai_focus": -1, "ai_log": []}
            data.update({k: [] for k in ("ai_deck", "ai_future", "ai_board", "ai_discard")})
        for fields in SET_FIELDS.values():  # a set not in play stores none of its fields
            if any(key not in data for key in fields):
                data = {**fields, **data}
        return data

    # -- turn ------------------------------------------------------------------------------

    def phase_turn(self) -> Turn:
        if self.phase == OVER:
            return TERMINAL_TURN
        if self.phase == SETUP:
            return Turn.seat(self.setup_left[0])
        return Turn.seat(self.current)

    def _drop_off(self, seat: int) -> tuple[Any, ...]:
        """The card at the right end of a full board leaves it: to the discards (a King's
        Order back to its supply); answers its drop-off effect."""
        dropped = self.board[seat].pop()
        if keeper.removed(self, seat, dropped):  # Keeper of Keys: out of the game
            return CARDS[dropped].leave
        if not gates.back_to_supply(self, seat, dropped):
            self.discard[seat].append(dropped)
        return CARDS[dropped].leave

    def phase_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == SETUP:
            return [PickPair(i) for i, p in enumerate(self.pairs) if p[0] >= 0]
        if phase == PLAY:
            return [Play(c) for c in sorted(set(self.hand[seat]))] + self.any_time(seat)
        if phase == MOVE:
            return [Move(t) for t in sorted(self.move_costs(seat))] + self.any_time(seat)
        if phase == ACTION:
            return self._primary_actions(seat) + self.any_time(seat)
        if phase == RECRUIT:
            out: list[Action] = [Hire(0)]
            if self.can_hire(seat):
                out.append(Hire(1))
            if gates.can_hire_order(self, seat, free=False):  # the grey column
                out.append(HIRE_ORDER)
            return out + self.any_time(seat)
        return []

    def _recruit_waits(self, seat: int) -> bool:
        """Whether the recruit phase waits for ``seat``: a hire it can pay, a King's Order
        in place of one, or an any-time ability that might make one payable."""
        return (
            self.can_hire(seat)
            or gates.can_hire_order(self, seat, free=False)
            or bool(self.any_time(seat))
        )

    def any_time(self, seat: int) -> list[Action]:
        """What ``seat`` may do any time in its own turn, any number of times, beside the
        phase's moves: the unlocked columns of Gates of Gold's manuscript board
        (components.COLUMNS: none in a base game) whose ability it can start now."""
        columns = CONTENT.ids("columns", self.game.options)
        if not columns:
            return []
        ribbons = self.ribbons(seat)
        return [
            UseColumn(COLUMNS[k].ribbon)
            for k in columns
            if ribbons[COLUMNS[k].ribbon] > 0 and ENGINE.feasible(self, seat, COLUMNS[k].ability)
        ]

    # -- movement ---------------------------------------------------------------------------

    def move_costs(self, seat: int) -> dict[int, int]:
        """Each space the viscount may end on, and the silver it costs."""
        base = CARDS[self.played].silver if self.played >= 0 else 1
        free = self.free_moves(seat)
        budget = self.silver[seat]
        here = self.viscount[seat]
        costs: dict[int, int] = {}
        # a lap is at most SPACES steps: more silver reaches nothing new
        for extra in range(free + min(budget, SPACES) + 1):
            cost = max(0, extra - free)
            for t in reachable(here, base + extra):
                if t not in costs:
                    costs[t] = cost
        return costs

    # -- funding -------------------------------------------------------------------------

    def free_icons(self, seat: int, action: int, dismiss: int) -> int:
        """Icons for ``action`` that cost nothing (funding.free_icons)."""
        return funding.free_icons(self, seat, action, dismiss)

    def fund_plans(self, seat: int, action: int, need: int, dismiss: int) -> list[Plan]:
        """The ways ``seat`` may pay for ``need`` icons of ``action`` that no other way
        beats (funding.plans); empty when it cannot."""
        return funding.plans(self, seat, action, need, dismiss)

    def dismissable(self, seat: int, action: int, flag: int = 1) -> int:
        """The card that may be dismissed for ``action`` (-1: none): ``flag`` 1, the one
        next to the viscount; 2 + p, the one of ring position p (Gates of Gold: with a
        card on one's board that dismisses from any segment)."""
        if self.dismissed >= 0:
            return -1
        if flag > 1 and flag not in self.dismiss_flags(seat):
            return -1
        c = self.pile_top(position(self.viscount[seat]) if flag == 1 else flag - 2)
        if not CARDS[c].matches(action) or self.silver[seat] < self.dismiss_cost(seat, c):
            return -1
        return c

    def dismiss_flags(self, seat: int) -> list[int]:
        """Where ``seat`` may dismiss from: 1, beside its viscount; 2 + p, the pile at ring
        position p, with a card on its board that dismisses from any segment."""
        if not any(CARDS[c].dismiss_anywhere for c in self.board[seat]):
            return [1]
        here = position(self.viscount[seat])
        return [1, *(2 + p for p in range(SEGMENTS) if p != here)]

    def trade_uses(self, seat: int, dismiss: int) -> int:
        """How many times ``seat`` can use its exchange."""
        kind = self.exchange(seat)
        cost = int(RULES["exchange_cost"].get(kind, 2))
        free = self.free_icons(seat, TRADE, dismiss)
        if kind == "silver":
            return min(MAX_USES, free // cost)
        dismiss_cost = self.dismiss_cost(seat, dismiss) if dismiss >= 0 else 0
        return min(MAX_USES, max(0, free + self.silver[seat] - dismiss_cost) // cost)

    def _primary_actions(self, seat: int) -> list[Action]:
        out: list[Action] = [NO_ACTION]
        inner = self.is_inner(seat)
        for action in (WORKERS, TRANSCRIBE) if inner else (TRADE, BUILD):
            choices = [(0, -1)]
            for f in self.dismiss_flags(seat):
                d = self.dismissable(seat, action, f)
                if d >= 0:
                    choices.append((f, d))
            for flag, dm in choices:
                if action == TRADE:
                    out += [Trade(u, flag) for u in range(1, self.trade_uses(seat, dm) + 1)]
                    continue
                fund = funding.Funding(self, seat, action, dm)
                if action == BUILD:
                    free = self.build_spots(seat)
                    for b, bld in enumerate(BUILDINGS):
                        if free and self.buildings_left(seat, b) > 0 and fund.can(bld.cost):
                            out += [Build(b, sp, flag) for sp in free]
                    for b in range(len(BUILDINGS)):  # Keeper of Keys' public buildings
                        over = keeper.public_spots(self, seat, b)
                        if over and fund.can(keeper.public_cost(b)):
                            out += [BuildPublic(b, sp, flag) for sp in over]
                elif action == WORKERS:
                    left = self.workers_left(seat)
                    for k, cost in enumerate(WORKER_COSTS, start=1):
                        if k <= left and fund.can(cost):
                            out.append(Workers(k, flag))
                else:
                    m = self.manuscript_here(position(self.viscount[seat]))
                    if fund.can(MANUSCRIPTS[m].cost):
                        out.append(Transcribe(flag))
        return out

    def can_hire(self, seat: int) -> bool:
        pile = self.piles[position(self.viscount[seat])]
        return bool(pile) and self.silver[seat] >= CARDS[pile[-1]].silver

    # -- applying ---------------------------------------------------------------------------

    def phase_apply(self, action: Action, seat: int | None) -> None:
        assert seat is not None
        if isinstance(action, PickPair):
            self._pick_pair(seat, action.index)
        elif isinstance(action, Play):
            self._play(seat, action.card)
        elif isinstance(action, Move):
            self._move(seat, action.space)
        elif isinstance(action, (Trade, Build, BuildPublic, Workers, Transcribe, NoAction)):
            self._primary(seat, action)
        elif isinstance(action, Hire):
            self._recruit(seat, action.take)
        elif isinstance(action, HireOrder):  # the grey column, in place of the hire
            self._run(seat, gates.hire_order(self, seat, free=False), "grey-column")
            self._start_collision(seat)
        elif isinstance(action, UseColumn):  # any time in one's turn; the phase stays
            self._use_column(seat, action)
        else:
            raise IllegalActionError(f"{action} is not a move of this phase")

    def _legal_actions(self, seat: int) -> list[Action]:
        out = super()._legal_actions(seat)
        if self.decisions and gates.columns_while_deciding(self, seat):
            return out + self.any_time(seat)  # Gates of Gold: columns during one's own choice
        return out

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        if isinstance(action, UseColumn) and self.decisions:  # used while a choice waits
            if seat is None or not gates.columns_while_deciding(self, seat):
                raise IllegalActionError(f"{action} is not usable now")
            self._use_column(seat, action)
            self.settle(seat)
            return
        super().apply_unchecked(action, seat)

    def _use_column(self, seat: int, action: UseColumn) -> None:
        """A column's ability, any time in one's turn; the phase (and any choice of the
        seat's that waits) stays."""
        ability = next(c.ability for c in COLUMNS if c.ribbon == action.ribbon)
        self._run(seat, ability, f"column-{RIBBONS[action.ribbon]}")

    def settle(self, seat: int | None) -> None:
        self._advance()

    def _run(self, seat: int, prog: tuple[Any, ...], source: str = "") -> None:
        if prog:
            ENGINE.run(self, seat, prog, source)

    def _pick_pair(self, seat: int, index: int) -> None:
        number_idx, hero = self.pairs[index]
        self.pairs[index] = [-1, -1]
        self.setup_left.pop(0)
        pc = PLAYER_CARDS[number_idx]
        self.viscount[seat] = next(
            sp for sp in range(SPACES) if space_number(sp, self.ring) == pc.number
        )
        self.silver[seat] += pc.silver
        prog: tuple[Any, ...] = tuple(("gain", r, k) for r, k in pc.resources)
        prog += (("gain", "deed", pc.deeds), ("gain", "debt", pc.debts))
        if pc.any_resource:
            prog += (("resource", pc.any_resource),)
        self.hand[seat] = [hero, *starting_deck(self.game.options), *self._start_cards()]
        self._run(seat, (*prog, *pc.setup, ("deal",)), f"player card {pc.number}")

    def _start_cards(self) -> list[int]:
        """The content sets' cards every starting deck gets from their supply (Gates of
        Gold: a King's Order)."""
        out = []
        for i in CONTENT.ids("start_cards", self.game.options):
            if CONTENT.rows("start_cards")[i] == CARDS[KINGS_ORDER].name and self.orders > 0:
                self.orders -= 1
                out.append(KINGS_ORDER)
        return out

    def _play(self, seat: int, card: int) -> None:
        self.hand[seat].remove(card)
        self._place(seat, card)

    def _place(self, seat: int, card: int) -> None:
        """Card management: shift right (a card may drop off), then ``card`` on the left."""
        board = self.board[seat]
        prog: tuple[Any, ...] = ()
        if len(board) >= int(RULES["tableau"]):
            prog += self._drop_off(seat)
        board.insert(0, card)
        c = CARDS[card]
        if c.criminal:
            prog += (("each", "criminals", (("gain", "corruption", 1),)),)
        prog += keeper.chests_entered(self, seat)  # Keeper of Keys: cards entered spaces
        prog += c.play
        self.played = card
        self.phase = MOVE
        self._run(seat, prog, c.name)

    def _blind_play(self, seat: int) -> None:
        """No cards in hand: the top of the draw pile is played (the board shifts first)."""
        board = self.board[seat]
        prog: tuple[Any, ...] = ()
        if len(board) >= int(RULES["tableau"]):
            prog = self._drop_off(seat)
        if not self.deck[seat]:
            reshuffle(self, seat)
        card = self.deck[seat].pop()
        board.insert(0, card)
        c = CARDS[card]
        if c.criminal:
            prog += (("each", "criminals", (("gain", "corruption", 1),)),)
        prog += keeper.chests_entered(self, seat)  # Keeper of Keys: cards entered spaces
        prog += c.play
        self.played = card
        self.phase = MOVE
        self._run(seat, prog, c.name)

    def _move(self, seat: int, space: int) -> None:
        cost = self.move_costs(seat)[space]
        self.silver[seat] -= cost
        self.viscount[seat] = space
        self.phase = ACTION
        n = self.sides
        landed = [
            dec.Decision(t, "rearrange", source="landed")
            for t in ((seat + k) % n for k in range(1, n))
            if self.viscount[t] == space and (len(self.board[t]) >= 2 or t == self.ai)
        ]
        self.decisions = dec.push_all(self.decisions, landed)

    def _primary(self, seat: int, action: Action) -> None:
        self.phase = RECRUIT
        if isinstance(action, NoAction):
            return
        self._pay_primary(seat, action)

    def primary_now(self, seat: int, action: Action) -> tuple[Any, ...]:
        """Keeper of Keys' "do a trade (transcribe) action" on a card: the action now,
        paid as usual (several ways to pay a manuscript: the first listed), the phase
        kept; answers its effects."""
        plans = self._dismiss_and_plan(seat, action)
        if not isinstance(action, Trade):
            funding.pay(self, seat, plans[0])
        return primary_program(self, seat, action)

    def _dismiss_and_plan(self, seat: int, action: Action) -> list[Plan]:
        """A primary action's dismissal made and, for a trade, its silver paid; answers
        the ways to pay for the icons of any other action (read before the dismissal's
        silver is paid)."""
        kind = PRIMARY_KIND[type(action)]
        flag = int(getattr(action, "dismiss", 0))
        dm = self.dismissable(seat, kind, flag) if flag else -1
        plans = (
            []
            if isinstance(action, Trade)
            else self.fund_plans(seat, kind, self._need(seat, action), dm)
        )
        self._dismiss(seat, flag, dm)
        if isinstance(action, Trade):
            self._pay_trade(seat, action, dm)
        return plans

    def _dismiss(self, seat: int, flag: int, dm: int) -> None:
        """The dismissal a primary action makes (``dm`` -1: none): its silver paid, the
        card off its pile."""
        if dm < 0:
            return
        pos = position(self.viscount[seat]) if flag == 1 else flag - 2
        self.silver[seat] -= self.dismiss_cost(seat, dm)
        if self.piles[pos] and self.piles[pos][-1] == dm:
            self.piles[pos].pop()
        self.dismissed = dm

    def _pay_trade(self, seat: int, action: Trade, dm: int) -> None:
        ex = self.exchange(seat)
        cost = int(RULES["exchange_cost"].get(ex, 2)) * action.uses
        self.silver[seat] -= max(0, cost - self.free_icons(seat, TRADE, dm))

    def _pay_primary(self, seat: int, action: Action) -> None:
        options = self._dismiss_and_plan(seat, action)
        if isinstance(action, Trade):
            carry_out(self, seat, action)
            return
        assert options, "offered an action the seat cannot fund"
        if len(options) == 1:
            funding.pay(self, seat, options[0])
            carry_out(self, seat, action)
            return
        # more than one way to pay: the seat picks one, then the action goes on (_decide)
        self.decisions = dec.push(
            self.decisions,
            dec.Decision(
                seat,
                "fund",
                (action.kind, *fund_fields(action), tuple(options)),
                source=f"pay-{action.kind}",  # "(from the build action)", not "the building"
            ),
        )

    def _need(self, seat: int, action: Action) -> int:
        """The icons a build, a placement or a manuscript needs."""
        if isinstance(action, Build):
            return BUILDINGS[action.building].cost
        if isinstance(action, BuildPublic):
            return keeper.public_cost(action.building)
        if isinstance(action, Workers):
            return WORKER_COSTS[action.count - 1]
        return MANUSCRIPTS[self.manuscript_here(position(self.viscount[seat]))].cost

    def _recruit(self, seat: int, take: int) -> None:
        if take:
            pile = self.piles[position(self.viscount[seat])]
            card = pile.pop()
            self.silver[seat] -= CARDS[card].silver
            self._hired(seat, card)
        self._start_collision(seat)

    def _hired(self, seat: int, card: int) -> None:
        self.discard[seat].append(card)
        prog = CARDS[card].hire
        if self.built[seat][0] >= 1:  # the first workshop: a discard with every hire
            prog += (("discard", 1),)
        prog += board_triggers(self, seat, "on_hire")
        self._run(seat, prog, CARDS[card].name)

    def _start_collision(self, seat: int) -> None:
        self.phase = COLLIDE
        if self.corruption[seat] != self.virtue[seat]:
            return
        self.collision = self.corruption[seat]
        self._run(seat, solo.collision(self, seat), "collision")

    # -- the flow between decisions ------------------------------------------------------------

    def _advance(self) -> None:
        """Run the steps that need nobody's decision, until someone must decide (the solo
        AI's decisions are taken here, at once: it is no seat)."""
        while True:
            d = dec.top(self.decisions)
            if d is None:
                pass
            elif d.seat == self.ai:  # the solo AI answers at once (decisions.KINDS' stand-ins)
                self.KINDS.stand_in(self)
                continue
            else:
                return
            phase = self.phase
            if phase == SETUP:
                if self.setup_left:
                    return
                self.phase = PLAY
                self.current = self.first
                if self.ai >= 0:
                    left = next(p for p in self.pairs if p[0] >= 0)
                    number = PLAYER_CARDS[left[0]].number
                    self._run(self.ai, solo.start(self, number), "solo")
            elif phase == PLAY:
                if self.hand[self.current]:
                    return
                self._blind_play(self.current)
            elif phase == RECRUIT:
                if self._recruit_waits(self.current):
                    return
                self._start_collision(self.current)
            elif phase == COLLIDE:
                self._end_turn()
            else:
                return

    def _end_turn(self) -> None:
        seat = self.current
        if seat == self.ai:  # the AI's turn closes the round
            self.current = self.first
            self._end_round()
            return
        if self.collision >= 0:
            self.corruption[seat] = 0
            self.virtue[seat] = TRACK - 1
            self.collision = -1
        limit = self.hand_limit(seat)
        hand = self.hand[seat]
        while len(hand) < limit:
            if not self.deck[seat]:
                if not self.discard[seat]:
                    break
                reshuffle(self, seat)
            hand.append(self.deck[seat].pop())
        self.turns_taken[seat] += 1
        self.played = self.dismissed = -1
        keeper.end_turn(self, seat)
        n = self.game.players
        self.current = (seat + 1) % n
        if self.current != self.first:
            self.phase = PLAY
        elif self.ai >= 0:  # solo: the AI's turn, then the round ends
            self.phase = AI_TURN
            self.current = self.ai
            self._run(self.ai, (("ai_turn",),), "solo")
        else:
            self._end_round()

    def _end_round(self) -> None:
        if self.end_round >= 0 and self.round >= self.end_round:
            self._game_end()
            return
        self.round += 1
        if self.round > int(RULES["round_cap"]):
            self.phase = OVER
            return
        self.phase = PLAY

    def _game_end(self) -> None:
        """The last round is over. The outsiders with an end-of-game action (Gates of Gold:
        "the end-of-game ones in reverse turn order") act first, seat by seat from the last
        in turn order; then the match is over."""
        n = self.game.players
        prog: tuple[Any, ...] = ()
        for k in range(1, n + 1):
            t = (self.first - k) % n
            mine = tuple(e for c in self.owned(t) for e in CARDS[c].at_end)
            if mine:
                prog += (("as", t, mine),)
        if not prog:
            self.phase = OVER
            return
        self.phase = END
        self.current = (self.first - 1) % n
        self._run(self.current, (*prog, ("game_over",)), "game_end")

    # -- results -------------------------------------------------------------------------------

    def score_parts(self, seat: int) -> dict[str, float]:
        """The final tally of one seat, part by part (the seed's list)."""
        parts: dict[str, float] = {}
        parts["buildings"] = float(sum(BUILDINGS[k].vp[self.built[seat][k]] for k in range(3)))
        parts["castle"] = float(
            sum(w[seat] for w in self.tier1)
            + 2 * sum(w[seat] for w in self.tier2)
            + 3 * self.tier3[seat]
        )
        gog = bool(self.game.options.get(GATES)) and seat != self.ai
        ribbons = gates.scored_ribbons(self, seat) if gog else self.ribbons(seat)
        parts["manuscripts"] = float(set_score(ribbons))
        scratch = self.clone()
        before = scratch.vp_bonus[seat]
        for m in self.manuscripts[seat]:
            ENGINE.run(scratch, seat, MANUSCRIPTS[m].end)
        parts["manuscript_vp"] = float(scratch.vp_bonus[seat] - before)
        parts["cleric_bonus"] = float(
            int(RULES["cleric_bonus_vp"]) * sum(1 for o in self.cleric_bonus if o == seat)
        )
        leader_vp = CARDS[self.leader_card].vp if self.leader_card >= 0 else RULES["leader_vp"]
        parts["leader"] = float(int(leader_vp) if self.leader == seat else 0)
        parts["debts"] = float(int(RULES["unpaid_debt_vp"]) * self.debts[seat])
        parts["deeds"] = float(
            int(RULES["deed_vp"]) * self.deeds[seat]
            + int(RULES["approved_deed_vp"]) * self.approved[seat]
        )
        parts["majorities"] = self._majority(seat)
        parts["effects"] = float(self.vp_bonus[seat])
        if self.bonus_cards:  # Gates of Gold: builder bonus cards (the solo AI's too)
            parts["builder_bonus"] = float(
                sum(
                    CARDS[c].vp
                    for c, o in zip(self.bonus_cards, self.bonus_owner, strict=True)
                    if o == seat
                )
            )
        if gog:  # Gates of Gold: the outsiders' end scoring (the solo AI owns none)
            scratch = self.clone()
            before = scratch.vp_bonus[seat]
            for c in gates.outsiders_owned(self, seat):
                ENGINE.run(scratch, seat, CARDS[c].end)
            parts["outsiders"] = float(scratch.vp_bonus[seat] - before)
        if self.public_owner:  # Keeper of Keys: public buildings and chest tiles
            parts["public_buildings"] = keeper.public_vp(self, seat)
            parts["chests"] = keeper.chest_vp(self, seat)
        if seat == self.ai:
            parts["leftover"] = solo.leftover_vp(self)
        return parts

    def _majority(self, seat: int) -> float:
        total = 0.0
        if self.poverty:
            total += self._ranked(self.approved, seat)
        if self.prosperity:
            total += self._ranked(self.paid, seat)
        return total

    def _ranked(self, counts: list[int], seat: int) -> float:
        """12 / 8 / 4 for the most, second and third (at least one needed); tied seats share
        the places they cover."""
        awards = [float(v) for v in RULES["majority_vp"]]
        if self.game.players < 3 and not self.game.options["second_under_3"]:
            awards[1] = 0.0
        mine = counts[seat]
        if mine <= 0:
            return 0.0
        above = sum(1 for c in counts if c > mine)
        tied = sum(1 for c in counts if c == mine)
        places = awards[above : above + tied]
        return sum(places) / tied

    def scores(self) -> list[float]:
        return [sum(self.score_parts(s).values()) for s in range(self.game.players)]

    def ai_score(self) -> float:
        """The solo AI's points (its leftover resources included); 0 with no AI."""
        return sum(self.score_parts(self.ai).values()) if self.ai >= 0 else 0.0

    def solo_won(self) -> bool:
        """Solo: the player wins by outscoring the AI (a tie is the AI's)."""
        return self.phase == OVER and self.scores()[0] > self.ai_score()

    def returns(self) -> list[float]:
        if self.ai >= 0:
            if not self.is_terminal():
                return [0.0]
            return [1.0 if self.solo_won() else -1.0]
        return super().returns()

    def tiebreaks(self) -> list[tuple[float, ...]]:
        return [
            (float(self.silver[s] + self.ink[s] + self.gold[s] + self.stone[s]),)
            for s in range(self.game.players)
        ]

    # -- information -----------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == OVER
        out = _view.view(self, seat)
        # at the end, every seat's score by source (the terminal's, the page's and the
        # replay's breakdown: issue 34, "the end explains itself"); public then
        out["final"] = [self.final_score(t) for t in range(self.game.players)] if over else None
        if out["ai"] is not None:
            out["ai"]["score"] = self.ai_score()
            out["ai"]["won"] = self.solo_won() if over else None
            out["ai"]["player_score"] = self.scores()[0] if over else None
            out["ai"]["final"] = self.final_score(self.ai) if over else None
        return out

    def final_score(self, side: int) -> dict[str, Any]:
        """One side's final score by source (:meth:`score_parts`) and its total."""
        parts = self.score_parts(side)
        return {"parts": parts, "total": sum(parts.values())}

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return _view.observation(self, seat)

    # -- hidden information (hidden.py) ------------------------------------------------

    def determinize(self, seat: int, rng: Rng) -> ViscountsState:
        return hidden.determinize(self, seat, rng)

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        return hidden.reveals(self, action, seat)


#: Sets of different ribbons scored (kingdom.set_score; the tests' name for it).
_set_score = set_score
