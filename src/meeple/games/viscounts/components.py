"""Viscounts' components, loaded from data.toml: cards, board, castle, tracks, manuscripts.

Every effect printed on a component is a program in the effect language
(:mod:`meeple.core.effects`); :data:`GRAMMAR` lists this game's own words
and every program is checked against it here, as the data loads, so a
typo in data.toml fails at import rather than in the middle of a game.
The rules bind the grammar to the functions that run it.

The board is a ring of five segments; ``ring position`` (0-4, clockwise, as
set up at random) and ``segment`` (0-4, the printed piece, which carries the
space numbers 2k+1, 2k+2 and the printed spots) are kept apart. A space is
``3 * position + part`` with part 0 (outer left), 1 (outer right) or 2
(inner); :func:`moves` gives the arrows between them.

:func:`client_components` is the browser's table of the printed things, each
card with its words in both languages. Those come from describe.py, which
imports nothing of the game (a card is handed to it), so this module may import
it: the words sit below the components they word, and no import goes back up.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from meeple.core.content import ContentSet, ContentSets
from meeple.core.effects import Grammar, Program, Word
from meeple.games.viscounts.describe import card_words, chest_words, program_words

DATA: dict[str, Any] = tomllib.loads(
    resources.files("meeple.games.viscounts").joinpath("data.toml").read_text(encoding="utf-8")
)
RULES: dict[str, Any] = DATA["rules"]

ICONS = ("merchant", "builder", "noble", "cleric", "criminal")
MERCHANT, BUILDER, NOBLE, CLERIC, CRIMINAL = range(5)
RESOURCES = ("ink", "gold", "stone")
ITEMS = ("silver", *RESOURCES, "virtue", "corruption", "debt", "deed", "vp")
ACTIONS = ("trade", "build", "workers", "transcribe")
TRADE, BUILD, WORKERS, TRANSCRIBE = range(4)
ACTION_ICON = tuple(ICONS.index(RULES["action_icon"][a]) for a in ACTIONS)
FUND_WITH = tuple(RULES["fund_with"][a] for a in ACTIONS)
BUILDING_KINDS = ("workshop", "trading_post", "guildhall")
TRIGGERS = (
    "after_trade",
    "after_build",
    "after_workers",
    "after_transcribe",
    "on_collision",
    "on_flip_debt",
    "on_gain_debt",
    "on_hire",  # Gates of Gold: whenever the owner hires a townsfolk (any way)
    "on_flip_deed",  # Gates of Gold: whenever the owner approves a deed
    "on_order",  # Gates of Gold: each King's Order the owner gains
    "on_welcome",  # Gates of Gold: each outsider the owner welcomes
    "on_refuse",  # Gates of Gold: each outsider the owner refuses
    "on_hero",  # Keeper of Keys: each hero the owner gains or destroys
)

#: This game's own effect words (the core words are in :class:`~meeple.core.effects.Grammar`).
GRAMMAR = Grammar(
    {
        "resource": Word(arity=(1, 1), counts=(0,)),  # that many resources of the seat's choice
        "flip": Word(arity=(1, 1)),  # "debt", "deed" or "either"
        "rearrange": Word(),  # reorder the three cards on one's board
        "discard": Word(arity=(1, 1), counts=(0,)),  # hand or top of the draw pile to discards
        "destroy": Word(arity=(1, 1), counts=(0,)),  # hand or top of the draw pile out of the game
        "free_hire": Word(),  # hire a visible townsfolk without paying
        "shuffle": Word(),  # discards and draw pile shuffled into a new draw pile
        "castle_move": Word(),  # a tier-1 worker to a neighbouring wedge
        "free_build": Word(arity=(2, 2)),  # kind (or "any"), "here" or "anywhere"
        "worker": Word(arity=(1, 1)),  # a worker into tier 1: "here" or "anywhere"
        # the top manuscript of a pile: "here"/"anywhere", then the costs allowed (any: none)
        "free_manuscript": Word(arity=(1, 3)),
        # the rules' own steps that wait for effects (no card prints these):
        "trade_destroy": Word(arity=(1, 1), counts=(0,)),  # destroys that pay the card's silver
        "castle": Word(arity=(0, 1)),  # the castle settles (arg: seats done): groups, leader, bumps
        "castle_group": Word(arity=(1, 1)),  # the seat picks its next tier-1 group to move
        "bumps": Word(),  # crowded wedges bumped down to three
        "deal": Word(),  # setup: the gathered cards shuffled, a hand of three drawn
        # the solo AI's turn (solo.py): reveal a scheme, its steps, the collision, the end
        "ai_turn": Word(),
        "ai_dismiss": Word(),
        "ai_future": Word(),
        "ai_move": Word(arity=(1, 1), counts=(0,)),
        "ai_action": Word(arity=(1, 1)),  # trade, build, workers, transcribe or focus
        "ai_end": Word(),
        "collide": Word(),  # phase 5's track payout, read where the markers are by then
        # Gates of Gold (content set gates_of_gold): King's Orders and outsiders
        "kings_order": Word(arity=(1, 1), counts=(0,)),  # take that many King's Orders
        "welcome": Word(),  # take a face-up outsider to one's discards, free
        "refuse": Word(),  # a face-up outsider's refuse effect, then it leaves the game
        "draw": Word(arity=(1, 1), counts=(0,)),  # cards from the draw pile to the hand
        "wild_ribbon": Word(),  # the wild manuscript's owner picks its ribbon
        "shed_debts": Word(arity=(1, 1), counts=(0,)),  # unpaid debts returned (game end)
        "approved_deed": Word(),  # an approved deed gained (game end)
        "game_over": Word(),  # the end-of-game outsiders are done: the match is over
        "pay_resource": Word(arity=(1, 1), counts=(0,)),  # that many resources, the seat's pick
        # Keeper of Keys (content set keeper_of_keys): the hero and chest displays
        "gain_hero": Word(),  # a face-up hero to one's discards, free (no hire)
        "chest": Word(),  # a face-up chest tile into a slot under one's board
        "act": Word(arity=(1, 1)),  # "trade" or "transcribe": that primary action now
        "move_on": Word(),  # the viscount 1 or 2 spaces further (no action there)
        "ai_keeper": Word(),  # the solo AI's new scheme: two heroes and chest tiles go
        "ai_keeper_action": Word(),  # ... then an AI chest tile face up, or its focus
        "chest_boost": Word(arity=(1, 1)),  # a chest tile's icons this turn (its id)
    },
    queries=(
        "criminals",  # criminal icons on the seat's board
        "icons",  # [icons, kind, per?]: icons of a kind on every card the seat owns
        "buildings",  # [buildings, kind?]: buildings the seat has built
        "flipped",  # [flipped, "debt"|"deed"]: paid debts / approved deeds
        "workers",  # workers in the castle
        "tier",  # [tier, n]: workers on tier n
        "manuscripts",  # manuscripts transcribed
        "approved_deeds",
        # Gates of Gold's scoring (outsiders, manuscripts)
        "own_links",  # links with the seat's buildings at both ends
        "castle_majorities",  # castle sections where the seat's tier 1+2 workers outnumber all
        "resources_left",  # [resources_left, per]: ink, gold and stone left, per ``per``
        "castle_tier",  # [castle_tier, tier, per]: workers on a tier, per ``per``
        "segments_built",  # board segments holding a building of the seat's
        "unpaid_debts",
        "ribbon",  # [ribbon, colour]: the seat's manuscripts of a ribbon
        "full_sets",  # sets of all four ribbons
        "outsiders",  # outsiders the seat owns
        "orders_owned",  # King's Orders the seat owns
        "chests",  # Keeper of Keys: chest tiles under the seat's board
    ),
    items=ITEMS,
)


#: Core words that hold programs, and the index of their first program argument.
_NESTED = {"choose": 1, "any_order": 1, "may": 1, "others": 1, "everyone": 1, "if": 2}
_NESTED |= {"each": 2, "as": 2}


def _gains(e: Any, item: str) -> bool:
    return e[0] == "gain" and e[1] == item


def corruption_first(prog: Program) -> Program:
    """The seed: a player who gains virtue and corruption at once moves corruption first.
    Gains with nothing between them (no decision, no other step) are at once: in each such
    run of a program that gains both, the corruption gains move ahead, the rest keep their
    order; programs inside ``choose``, ``may``, ``if``... likewise. A program whose gains a
    decision separates keeps its order (they are not at once)."""
    out: list[Any] = []
    run: list[Any] = []

    def flush() -> None:
        if any(_gains(e, "virtue") for e in run) and any(_gains(e, "corruption") for e in run):
            run.sort(key=lambda e: not _gains(e, "corruption"))
        out.extend(run)
        run.clear()

    for e in prog:
        if e[0] == "gain":
            run.append(e)
            continue
        flush()
        k = _NESTED.get(e[0])
        if k is not None:
            e = (*e[:k], *(corruption_first(p) if isinstance(p, tuple) else p for p in e[k:]))
        out.append(e)
    flush()
    return tuple(out)


def program(data: Any, where: str) -> Program:
    """A program of the data, checked against :data:`GRAMMAR` (a typo fails as the data
    loads) and put in the seed's order where it gains virtue and corruption at once."""
    return corruption_first(GRAMMAR.program(data, where))


@dataclass(frozen=True, slots=True)
class Convert:
    """An ongoing "may count as" of a card: while funding ``action``, ``per`` of ``pay``
    give ``icons`` icons of the action's kind, at most ``limit`` times (0: no limit)."""

    action: int
    pay: str
    per: int
    icons: int
    limit: int

    @property
    def action_key(self) -> str:
        """The action's name (:data:`ACTIONS`)."""
        return ACTIONS[self.action]

    @property
    def icon_key(self) -> str:
        """The icon the action counts (:data:`ICONS`)."""
        return ICONS[ACTION_ICON[self.action]]


@dataclass(frozen=True, slots=True)
class Card:
    """One townsfolk (a starting card, a hero, a neutral or a printed one)."""

    name: str
    zh: str
    kind: str  # "starting", "hero", "townsfolk" or "printed"
    silver: int
    icons: tuple[int, ...]  # count per ICONS
    play: Program
    leave: Program
    hire: Program
    triggers: tuple[tuple[str, Program], ...]
    convert: Convert | None
    doubt: str
    designed: bool
    # content sets' additions (empty in the base game's cards)
    set: str = "base"  # the content set that brings it
    extra_moves: int = 0  # ongoing: free extra spaces of movement
    hand_limit: int = 0  # ongoing: hand limit +n
    dismiss_anywhere: bool = False  # ongoing: dismiss from any pile (not yet played: doubt)
    supply: str = ""  # "orders": a King's Order, back to its supply instead of discards
    gain: Program = ()  # resolved when taken (a King's Order's printed effect)
    destroyed: Program = ()  # resolved when destroyed from the hand
    end: Program = ()  # an outsider's end scoring
    at_end: Program = ()  # an outsider's end-of-game action (reverse turn order)
    refuse: Program = ()  # an outsider's refuse effect
    extra_ribbon: bool = False  # an outsider counting as one more ribbon at scoring
    bonus: str = ""  # a builder bonus card: "diversified" or "specialized"
    vp: int = 0  # a builder bonus card's points
    needs: str = ""  # its abilities work only with this on one's board: "order", "outsider"
    merchants: int = 0  # ongoing: merchant icons
    removed: bool = False  # Keeper of Keys: leaves the game after its drop-off effect
    replaces: str = ""  # a starting card replacing the base one of this name
    cost: int = 0  # a public building's builder icons
    building: int = -1  # a public building's kind (index in BUILDING_KINDS)
    criminals: int = 0  # ongoing: permanent criminal icons
    ignore_criminal: int = 0  # ongoing: criminals ignored at every collision

    @property
    def criminal(self) -> bool:
        return self.icons[CRIMINAL] > 0

    def trigger(self, name: str) -> Program:
        for t, prog in self.triggers:
            if t == name:
                return prog
        return ()

    def matches(self, action: int) -> bool:
        """Whether it may be dismissed for ``action`` (its icon, or a criminal: wild)."""
        return self.icons[ACTION_ICON[action]] > 0 or self.criminal


def _card(row: dict[str, Any], kind: str, set_name: str = "base") -> Card:
    name = str(row["name"])
    counts = [0] * len(ICONS)
    for icon in row.get("icons", ()):
        counts[ICONS.index(icon)] += 1
    triggers = tuple((t, program(row[t], f"{name}.{t}")) for t in TRIGGERS if t in row)
    conv = row.get("convert")
    convert = None
    if conv is not None:
        convert = Convert(
            ACTIONS.index(conv["action"]), conv["pay"], conv["per"], conv["icons"], conv["limit"]
        )
    return Card(
        name=name,
        zh=str(row["zh"]),
        kind=kind,
        silver=int(row.get("silver", 0)),
        icons=tuple(counts),
        play=program(row.get("play"), f"{name}.play"),
        leave=program(row.get("leave"), f"{name}.leave"),
        hire=program(row.get("hire"), f"{name}.hire"),
        triggers=triggers,
        convert=convert,
        doubt=str(row.get("doubt", "")),
        designed=bool(row.get("designed", False) or row.get("hire_designed", False)),
        set=set_name,
        extra_moves=int(row.get("extra_moves", 0)),
        hand_limit=int(row.get("hand_limit", 0)),
        dismiss_anywhere=bool(row.get("dismiss_anywhere", False)),
        supply=str(row.get("supply", "")),
        gain=program(row.get("gain"), f"{name}.gain"),
        destroyed=program(row.get("destroyed"), f"{name}.destroyed"),
        end=program(row.get("end"), f"{name}.end"),
        at_end=program(row.get("at_end"), f"{name}.at_end"),
        refuse=program(row.get("refuse"), f"{name}.refuse"),
        extra_ribbon=bool(row.get("extra_ribbon", False)),
        bonus=str(row.get("bonus", "")),
        vp=int(row.get("vp", 0)),
        needs=str(row.get("while", "")),
        merchants=int(row.get("merchants", 0)),
        removed=bool(row.get("removed", False)),
        replaces=str(row.get("replaces", "")),
        cost=int(row.get("cost", 0)),
        building=BUILDING_KINDS.index(row["kind"]) if "kind" in row else -1,
        criminals=int(row.get("criminals", 0)),
        ignore_criminal=int(row.get("ignore_criminal", 0)),
    )


@dataclass(frozen=True, slots=True)
class Manuscript:
    ribbon: int  # index in RIBBONS; -1: printed, or wild (chosen when taken)
    cost: int  # cleric icons
    back: str  # "grey" (bottom of a pile) or "black"
    now: Program
    end: Program
    source: str  # "img" / "img?" (read off the rulebook), "" designed
    printed: bool = False
    wild: bool = False  # Gates of Gold: its ribbon is picked when taken, for good


RIBBONS: tuple[str, ...] = tuple(DATA["manuscripts"]["ribbons"])


def _manuscript(row: dict[str, Any], where: str, printed: bool = False) -> Manuscript:
    return Manuscript(
        ribbon=RIBBONS.index(row["ribbon"]) if row.get("ribbon", "wild") != "wild" else -1,
        cost=int(row["cost"]),
        back=str(row.get("back", "printed")),
        now=program(row.get("now"), f"{where}.now"),
        end=program(row.get("end"), f"{where}.end"),
        source=str(row.get("source", "")),
        printed=printed,
        wild=row.get("ribbon") == "wild",
    )


@dataclass(frozen=True, slots=True)
class Column:
    """A column of Gates of Gold's manuscript board: unlocked by a manuscript of its
    ribbon, its ability used any time in one's turn, any number of times."""

    ribbon: int  # index in RIBBONS
    ability: Program


GATES = "gates_of_gold"
_GOG: dict[str, Any] = DATA[GATES]
KEEPER = "keeper_of_keys"
_KOK: dict[str, Any] = DATA[KEEPER]


@dataclass(frozen=True, slots=True)
class Chest:
    """A chest tile of Keeper of Keys: what the card entering the space above its slot
    must show (printed icons: ``at_least`` of ``needs``), and what it gives then: icons
    counted this turn in place of one ``needs`` icon (``boost``, optional), or a
    reward (``gain``)."""

    needs: int  # index in ICONS
    at_least: int
    boost: tuple[int, ...]  # icons (ICONS indexes) counted instead of one ``needs`` icon
    gain: Program

    @property
    def needs_key(self) -> str:
        """The icon the entering card must show, by name (:data:`ICONS`)."""
        return ICONS[self.needs]

    @property
    def boost_keys(self) -> tuple[str, ...]:
        """The icons counted in its place, by name."""
        return tuple(ICONS[i] for i in self.boost)


def _chest(row: dict[str, Any], where: str) -> Chest:
    return Chest(
        needs=ICONS.index(row["needs"]),
        at_least=int(row.get("at_least", 1)),
        boost=tuple(ICONS.index(i) for i in row.get("boost", ())),
        gain=program(row.get("gain"), where),
    )


#: What the solo AI does with Gates of Gold (designed, data.toml ``[gates_of_gold.solo]``).
GATES_SOLO: dict[str, Any] = _GOG["solo"]


def _base_cards() -> list[Card]:
    cards = [_card(r, "starting") for r in DATA["starting"]]
    cards += [_card(r, "hero") for r in DATA["hero"]]
    cards += [_card(r, "townsfolk") for r in DATA["townsfolk"]]
    cards += [
        _card({**p["townsfolk"], "designed": True}, "printed") for p in DATA["board"]["printed"]
    ]
    return cards


def _gates_cards() -> list[Card]:
    cards = [_card(r, "hero", GATES) for r in _GOG["hero"]]
    cards += [_card(r, "townsfolk", GATES) for r in _GOG["townsfolk"]]
    cards += [_card(r, "order", GATES) for r in _GOG["order"]]
    cards += [_card(r, "outsider", GATES) for r in _GOG["outsider"]]
    cards += [_card(r, "builder_bonus", GATES) for r in _GOG["builder_bonus"]]
    cards += [_card(r, "leader", GATES) for r in _GOG["castle_leader"]]
    return cards


def _keeper_cards() -> list[Card]:
    cards = [_card(r, "hero", KEEPER) for r in _KOK["hero"]]
    cards += [_card(r, "townsfolk", KEEPER) for r in _KOK["townsfolk"]]
    cards += [_card(r, "starting", KEEPER) for r in _KOK["starting"]]
    cards += [_card(r, "public", KEEPER) for r in _KOK["public"]]
    return cards


def _manuscript_rows(rows: list[dict[str, Any]], where: str) -> list[Manuscript]:
    return [_manuscript(r, f"{where} {i}") for i, r in enumerate(rows)]


#: The base game and its expansions as content sets (core/content.py): each set's rows
#: of the card and manuscript tables, the base's first, so a card keeps its number
#: whatever is in play; each expansion is a yes/no option named as the set.
CONTENT = ContentSets(
    (
        ContentSet(
            "base",
            base=True,
            tables={
                "cards": _base_cards(),
                "manuscripts": [
                    *_manuscript_rows(DATA["manuscripts"]["list"], "manuscript"),
                    *(
                        _manuscript(p["manuscript"], f"printed manuscript {k}", printed=True)
                        for k, p in enumerate(DATA["board"]["printed"])
                    ),
                ],
            },
        ),
        ContentSet(
            GATES,
            tables={
                "cards": _gates_cards(),
                "manuscripts": _manuscript_rows(_GOG["manuscripts"]["list"], "GoG manuscript"),
                "start_cards": list(_GOG["board"]["start_cards"]),
                "columns": [
                    Column(RIBBONS.index(c["ribbon"]), program(c["ability"], f"column {c}"))
                    for c in _GOG["board"]["columns"]
                ],
            },
        ),
        ContentSet(
            KEEPER,
            tables={
                "cards": _keeper_cards(),
                "chests": [_chest(r, f"chest {i}") for i, r in enumerate(_KOK["chest"])],
                "ai_chests": [_chest(r, f"ai chest {i}") for i, r in enumerate(_KOK["ai_chest"])],
            },
        ),
    )
)

#: Every townsfolk, by card id (the index). Starting cards appear once: each
#: player's deck holds one of each, told apart by whose deck it is in.
CARDS: tuple[Card, ...] = CONTENT.rows("cards")
#: Every townsfolk by its name (a decision's source may be a card's name; the first
#: of a name: an outsider named as a townsfolk reads the same).
CARD_NAMED: dict[str, Card] = {}
for _c in CARDS:
    CARD_NAMED.setdefault(_c.name, _c)
STARTING = tuple(i for i, c in enumerate(CARDS) if c.kind == "starting" and c.set == "base")
STARTING_COUNTS = tuple(int(r.get("count", 1)) for r in DATA["starting"])
PRINTED = tuple(i for i, c in enumerate(CARDS) if c.kind == "printed")
#: The King's Order (one card id, as many copies as the supply holds).
KINGS_ORDER = next(i for i, c in enumerate(CARDS) if c.kind == "order")
OUTSIDERS = tuple(i for i, c in enumerate(CARDS) if c.kind == "outsider")
ORDERS_IN_BOX = int(_GOG["orders"])
ORDER_PRICE = int(_GOG["board"]["order_price"])
COLUMNS: tuple[Column, ...] = CONTENT.rows("columns")
OUTSIDERS_FACE_UP = int(_GOG["outsiders_face_up"])
#: Keeper of Keys: chest tiles (the players' and the solo AI's), the public buildings
CHESTS: tuple[Chest, ...] = CONTENT.rows("chests")
AI_CHESTS: tuple[Chest, ...] = CONTENT.rows("ai_chests")
PUBLIC = tuple(i for i, c in enumerate(CARDS) if c.kind == "public")
#: one public building per building kind, in BUILDING_KINDS' order (state.public_owner's)
assert [CARDS[c].building for c in PUBLIC] == list(range(len(BUILDING_KINDS)))
HEROES_FACE_UP = int(_KOK["heroes_face_up"])
CHESTS_FACE_UP = int(_KOK["chests_face_up"])
CHEST_SLOTS = int(_KOK["chest_slots"])
CHEST_VP: tuple[int, ...] = tuple(int(v) for v in _KOK["chest_vp"])


def starting_deck(options: Any) -> tuple[int, ...]:
    """Every seat's starting cards with ``options``: the base game's, each replaced by
    a content set's starting card of the same name (Keeper of Keys: three)."""
    new = {CARDS[i].replaces: i for i in card_ids("starting", options) if CARDS[i].replaces}
    return tuple(new.get(CARDS[i].name, i) for i in STARTING)


def card_ids(kind: str, options: Any) -> tuple[int, ...]:
    """The card ids of ``kind`` in play with ``options`` (the content sets chosen)."""
    ids = CONTENT.ids("cards", options)
    return tuple(i for i in ids if CARDS[i].kind == kind)


#: The base game's heroes and neutral townsfolk (``card_ids`` for a match's own).
HEROES = card_ids("hero", {})
NEUTRAL = card_ids("townsfolk", {})


MANUSCRIPTS: tuple[Manuscript, ...] = CONTENT.rows("manuscripts")


def manuscript_ids(back: str, options: Any) -> tuple[int, ...]:
    """The manuscripts of a back ("grey", "black") in play with ``options``."""
    return tuple(i for i in CONTENT.ids("manuscripts", options) if MANUSCRIPTS[i].back == back)


#: Manuscript ids of the base game's real ones (the printed ones follow, one per segment).
GREY_BACKED = manuscript_ids("grey", {})
BLACK_BACKED = manuscript_ids("black", {})
PRINTED_MANUSCRIPTS = tuple(i for i, m in enumerate(MANUSCRIPTS) if m.printed)
#: Gates of Gold: the manuscript board's starting manuscript (one id, every seat's).
START_MANUSCRIPTS = tuple(i for i, m in enumerate(MANUSCRIPTS) if m.back == "start")


@dataclass(frozen=True, slots=True)
class PlayerCard:
    number: int
    resources: tuple[tuple[str, int], ...]
    any_resource: int
    silver: int
    deeds: int
    debts: int
    setup: Program
    source: str  # "img", "img?" or "designed"


PLAYER_CARDS: tuple[PlayerCard, ...] = tuple(
    PlayerCard(
        number=int(r["number"]),
        resources=tuple(sorted((k, int(v)) for k, v in r.get("resources", {}).items())),
        any_resource=int(r.get("any_resource", 0)),
        silver=int(r["silver"]),
        deeds=int(r["deeds"]),
        debts=int(r["debts"]),
        setup=program(r.get("setup"), f"player card {r['number']}.setup"),
        source="designed" if r.get("designed") else str(r.get("source", "")),
    )
    for r in DATA["player_card"]
)

COLLISION_CURRENT: tuple[Program, ...] = tuple(
    program(p, f"collision.current[{i}]") for i, p in enumerate(DATA["collision"]["current"])
)
COLLISION_OTHERS: tuple[Program, ...] = tuple(
    program(p, f"collision.others[{i}]") for i, p in enumerate(DATA["collision"]["others"])
)
TRACK = len(COLLISION_CURRENT)

CASTLE_TIER2: tuple[Program, ...] = tuple(
    program(p, f"castle.tier2[{i}]") for i, p in enumerate(DATA["castle"]["tier2"])
)
WEDGES = len(CASTLE_TIER2)
#: The verbs of a tier-2 reward whose order against other such rewards changes nothing
#: (effects.order_matters): a seat is asked the order of its castle groups otherwise.
ORDER_FREE = frozenset(DATA["castle"]["order_free"])
BUMP_REWARD = (
    program(RULES["bump_tier1"], "bump_tier1"),
    program(RULES["bump_tier2"], "bump_tier2"),
)
TIER3_REWARD = program(RULES["tier3_reward"], "tier3_reward")
WORKER_COSTS: tuple[int, ...] = tuple(RULES["worker_costs"])


@dataclass(frozen=True, slots=True)
class Building:
    kind: str
    cost: int
    vp: tuple[int, ...]  # by number built, 0-3
    reveals: tuple[str, ...]  # what the 1st, 2nd, 3rd built one reveals


BUILDINGS: tuple[Building, ...] = tuple(
    Building(
        k,
        int(DATA["buildings"][k]["cost"]),
        tuple(DATA["buildings"][k]["vp"]),
        tuple(DATA["buildings"][k]["reveals"]),
    )
    for k in BUILDING_KINDS
)
BUILDINGS_PER_PLAYER = int(DATA["buildings"]["per_player"])
THIRD_TRADING_POST_MERCHANTS = int(DATA["buildings"]["third_trading_post_merchants"])

# -- the board -----------------------------------------------------------------

BOARD = DATA["board"]
SEGMENTS = int(BOARD["segments"])
SPACES = 3 * SEGMENTS
OUTER_LEFT, OUTER_RIGHT, INNER = range(3)
EXCHANGES: tuple[str, ...] = tuple(BOARD["exchange"])
SPOT_REWARDS: tuple[Program, ...] = tuple(
    program(p, f"board.spot_rewards[{i}]") for i, p in enumerate(BOARD["spot_rewards"])
)
LINK_REWARDS: tuple[Program, ...] = tuple(
    program(p, f"board.link_rewards[{i}]") for i, p in enumerate(BOARD["link_rewards"])
)


def part(space: int) -> int:
    """OUTER_LEFT, OUTER_RIGHT or INNER."""
    return space % 3


def position(space: int) -> int:
    """The ring position (0-4) of the segment a space is on."""
    return space // 3


def moves(space: int) -> tuple[int, ...]:
    """The spaces one step along the arrows from ``space`` (clockwise only)."""
    p, k = divmod(space, 3)
    nxt = (p + 1) % SEGMENTS
    if k == OUTER_LEFT:
        return (3 * p + OUTER_RIGHT, 3 * p + INNER)
    if k == INNER:
        return (3 * p + OUTER_RIGHT, 3 * nxt + INNER)
    return (3 * nxt + OUTER_LEFT,)


@cache
def reachable(space: int, steps: int) -> frozenset[int]:
    """The spaces a viscount can end on moving exactly ``steps`` steps from ``space``."""
    here = frozenset((space,))
    for _ in range(steps):
        here = frozenset(n for s in here for n in moves(s))
    return here


def spots_per_space(players: int) -> int:
    """Building spots by each outer space: the segments' side for the player count."""
    return int(BOARD["spots_per_space"]["small" if players <= 2 else "large"])


@dataclass(frozen=True, slots=True)
class Spot:
    segment: int
    side: int  # OUTER_LEFT or OUTER_RIGHT: the river side
    reward: Program


@dataclass(frozen=True, slots=True)
class Link:
    a: int
    b: int
    reward: Program


@cache
def spots(players: int) -> tuple[Spot, ...]:
    """Every building spot for the player count, segment by segment, left side first."""
    per = spots_per_space(players)
    out: list[Spot] = []
    for seg in range(SEGMENTS):
        for side in (OUTER_LEFT, OUTER_RIGHT):
            for _ in range(per):
                out.append(Spot(seg, side, SPOT_REWARDS[len(out) % len(SPOT_REWARDS)]))
    return tuple(out)


@cache
def links(players: int) -> tuple[Link, ...]:
    """The dashed lines: neighbouring spots on one side, and across the river in the middle."""
    per = spots_per_space(players)
    out: list[Link] = []
    for seg in range(SEGMENTS):
        base = seg * 2 * per
        pairs = [(base + j, base + j + 1) for j in range(per - 1)]
        pairs.append((base + per - 1, base + per))
        pairs += [(base + per + j, base + per + j + 1) for j in range(per - 1)]
        for a, b in pairs:
            out.append(Link(a, b, LINK_REWARDS[len(out) % len(LINK_REWARDS)]))
    return tuple(out)


def space_number(space: int, ring: list[int] | tuple[int, ...]) -> int:
    """The printed number (1-10) of an outer space, given the segments' ring order; 0 inner."""
    k = part(space)
    if k == INNER:
        return 0
    return 2 * ring[position(space)] + k + 1


# -- the solo AI (designed: data.toml [solo]) ----------------------------------------

SOLO: dict[str, Any] = DATA["solo"]
DIFFICULTIES: tuple[str, ...] = tuple(SOLO["difficulty"])
SUBSTITUTE: dict[str, Program] = {
    k: program(v, f"solo.substitute.{k}") for k, v in SOLO["substitute"].items()
}
NO_FUTURE: Program = program(SOLO["no_future"], "solo.no_future")
AI_BUILD_ORDER: tuple[int, ...] = tuple(BUILDING_KINDS.index(k) for k in SOLO["build_order"])


@dataclass(frozen=True, slots=True)
class Focus:
    """A focus board of the solo AI: its specialty, resource order, start, left-out schemes."""

    name: str
    en: str
    zh: str
    action: int  # index in ACTIONS
    resources: tuple[tuple[str, int], ...]  # (resource, cap; 0 = none), in the order taken
    start: Program
    building: int  # the kind it starts with at its viscount
    leave_out: tuple[int, ...]  # scheme ids left out of its starting deck
    focus_icons: int  # extra icons its focus schemes give


@dataclass(frozen=True, slots=True)
class Scheme:
    """One scheme card of the solo AI."""

    name: str
    zh: str
    future: bool
    move: int
    icons: tuple[int, ...]  # count per ICONS
    step: str  # "dismiss", "future" or ""
    action: str  # one of ACTIONS, "focus", or "keeper" (Keeper of Keys' scheme)
    fallback: Program
    set: str = "base"  # the content set that brings it

    @property
    def program(self) -> Program:
        """The card top to bottom: its step, the move, the action (or the fallback)."""
        step: Program = ((f"ai_{self.step}",),) if self.step else ()
        act = ("ai_keeper_action",) if self.action == "keeper" else ("ai_action", self.action)
        return (*step, ("ai_move", self.move), act)


def _scheme(row: dict[str, Any], set_name: str = "base") -> Scheme:
    counts = [0] * len(ICONS)
    for icon in row["icons"]:
        counts[ICONS.index(icon)] += 1
    unknown = set(row) - {"name", "zh", "future", "move", "icons", "step", "action", "fallback"}
    if unknown:  # a misspelt key would be ignored silently
        raise ValueError(f"scheme {row['name']}: unknown keys {sorted(unknown)}")
    if row["action"] not in (*ACTIONS, "focus", "keeper") or row.get("step", "") not in (
        "",
        "dismiss",
        "future",
        "keeper",
    ):
        raise ValueError(f"scheme {row['name']}: unknown action or step")
    return Scheme(
        name=str(row["name"]),
        zh=str(row["zh"]),
        future=bool(row.get("future", False)),
        move=int(row["move"]),
        icons=tuple(counts),
        step=str(row.get("step", "")),
        action=str(row["action"]),
        fallback=program(row["fallback"], f"scheme {row['name']}.fallback"),
        set=set_name,
    )


SCHEMES: tuple[Scheme, ...] = (
    *(_scheme(r) for r in SOLO["scheme"]),
    *(_scheme(r, KEEPER) for r in _KOK["ai_scheme"]),  # Keeper of Keys': after the base's
)
STARTING_SCHEMES = tuple(i for i, c in enumerate(SCHEMES) if not c.future and c.set == "base")
FUTURE_SCHEMES = tuple(i for i, c in enumerate(SCHEMES) if c.future and c.set == "base")
KEEPER_SCHEMES = tuple(i for i, c in enumerate(SCHEMES) if c.set == KEEPER)
_SCHEME_IDS = {c.name: i for i, c in enumerate(SCHEMES)}
FOCUS: tuple[Focus, ...] = tuple(
    Focus(
        name=str(r["name"]),
        en=str(r["en"]),
        zh=str(r["zh"]),
        action=ACTIONS.index(r["action"]),
        resources=tuple((str(k), int(cap)) for k, cap in r["resources"]),
        start=program(r["start"], f"focus {r['name']}.start"),
        building=BUILDING_KINDS.index(r["building"]),
        leave_out=tuple(_SCHEME_IDS[n] for n in r["leave_out"]),
        focus_icons=int(r.get("focus_icons", SOLO["focus_icons"])),
    )
    for r in SOLO["focus"]
)
FOCUS_NAMES: tuple[str, ...] = tuple(f.name for f in FOCUS)


def client_components() -> dict[str, Any]:
    """The printed things the browser draws (names, costs, icons, what each card does in
    both languages: the card's own words, issue 34), from data.toml."""
    return {
        "cards": [
            {
                "name": c.name,
                "zh": c.zh,
                "kind": c.kind,
                "silver": c.silver,
                "icons": list(c.icons),
                "says": {lang: card_words(c, lang) for lang in ("en", "zh-TW")},
            }
            for c in CARDS
        ],
        "manuscripts": [
            {"ribbon": m.ribbon, "cost": m.cost, **({"wild": True} if m.wild else {})}
            for m in MANUSCRIPTS
        ],
        # Gates of Gold's manuscript board: what each column's ability does (the grey
        # column has none of its own: a King's Order for a hire, at its price)
        "columns": [
            {
                "ribbon": RIBBONS[c.ribbon],
                "says": {lang: program_words(c.ability, lang) for lang in ("en", "zh-TW")},
            }
            for c in COLUMNS
        ],
        "order_price": ORDER_PRICE,
        # Keeper of Keys' chest tiles (view ids): what each asks of the card entering the
        # space above it and what it gives, in the words the rules' labels use
        "chests": [
            {"says": {lang: chest_words(CHESTS[k], lang) for lang in ("en", "zh-TW")}}
            for k in range(len(CHESTS))
        ],
        # the solo AI's own three chest tiles (view keeper_of_keys.ai_chests: face up or
        # not): the icon a counted scheme must show, and the icons the tile adds then
        "ai_chests": [{"needs": c.needs, "boost": list(c.boost)} for c in AI_CHESTS],
        "exchanges": list(EXCHANGES),
        "icons": list(ICONS),
        "ribbons": list(RIBBONS),
        "schemes": [
            {
                "name": c.name,
                "zh": c.zh,
                "future": c.future,
                "move": c.move,
                "icons": list(c.icons),
                "action": c.action,
            }
            for c in SCHEMES
        ],
        "focus": [
            {"name": f.name, "en": f.en, "zh": f.zh, "action": ACTIONS[f.action]} for f in FOCUS
        ],
        "difficulties": list(DIFFICULTIES),
    }
