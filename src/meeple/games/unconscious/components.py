"""Unconscious Mind's components, loaded from data.toml into typed, checked tables.

Almost all printed content of the game is not public, so most of data.toml is
designed (docs/games/unconscious.md lists it). This module turns it into
frozen tables the rules only look up, and checks it as it loads: every effect
is parsed from the notation described at the top of data.toml, every name it
refers to (a colour, a location tag, an ability) must exist, and the counts the
seed gives (36 + 36 method tiles, four letters of three starting tiles, seven
goal tiles, nine actions) must hold. A broken data file fails at import with a
message naming the entry, never later in the middle of a match.

Indices: colours ``RED, GREEN, PURPLE`` (``ANY`` is -1 in costs), levels
``MINOR, MEDIAN, MAJOR`` (1-3, as printed), location tags are the location
indices 0-5 clockwise and ``WILD`` is 6. Method tiles are numbered starting
tiles first, then era I, then era II.

:func:`client_components` is the browser's table: every component in words, by id.
The words are words.py's, and words.py names a component by its number in these
tables (``wd.tile(t, lang)`` all over the game), so it imports this module; this
module therefore takes the words as the table's argument (:class:`Words`, which
words.py satisfies; unconscious/__init__.py hands it in) instead of importing them,
and no import goes back up.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

from meeple.core.i18n import LANGUAGES

DATA: dict[str, Any] = tomllib.loads(
    resources.files("meeple.games.unconscious").joinpath("data.toml").read_text(encoding="utf-8")
)

RULES: dict[str, Any] = DATA["rules"]
COLOURS: tuple[str, ...] = tuple(RULES["colours"])
RED, GREEN, PURPLE = range(3)
ANY = -1
LEVELS: tuple[str, ...] = tuple(RULES["levels"])
MINOR, MEDIAN, MAJOR = 1, 2, 3


class DataError(ValueError):
    """data.toml says something the game cannot use; the message names the entry."""


# -- the effect notation ------------------------------------------------------------

#: Each step's argument kinds: "colour" (a colour or any), "level" (1-3),
#: "int" (a count; negative only for coffee), "where" (a market column), "" none.
OPS: dict[str, tuple[str, ...]] = {
    "pay": ("colour", "level"),
    "sup": ("colour",),
    "coffee": ("int",),
    "gen": ("colour",),
    "gens": ("int",),
    "elevate": (),
    "elevates": ("int",),
    "transfer": ("level",),
    "vp": ("int",),
    "bright": ("int",),
    "rep": ("int",),
    "therapy": ("int",),
    "research": ("int",),
    "play": ("int",),
    "tile": ("where",),
    "prof": ("int",),
    "prof_freud": (),
    "freud": (),
    "freud_quiet": (),
    "loc_freud": ("int",),
    "idea": (),
    "activate": (),
    "publish": (),
}
#: Steps that cost something (resolved first when a player chooses to use an effect).
COST_OPS = frozenset({"pay", "sup"})
WHERE = ("stack", "middle", "right")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an effect: ``op`` with a colour (ANY), a level or a count."""

    op: str
    colour: int = ANY
    n: int = 0
    where: str = ""

    def is_cost(self) -> bool:
        return self.op in COST_OPS or (self.op == "coffee" and self.n < 0)

    def __str__(self) -> str:
        kinds = OPS[self.op]
        args: list[str] = []
        for kind in kinds:
            if kind == "colour":
                args.append("any" if self.colour == ANY else COLOURS[self.colour])
            elif kind == "where":
                args.append(self.where)
            else:
                args.append(str(self.n))
        return ":".join([self.op, *args])


Effect = tuple[Step, ...]


def parse_effect(text: str, where: str = "effect") -> Effect:
    """Parse ``text`` ("pay:red:1 vp:2") into steps; a clear DataError if it is not valid."""
    steps: list[Step] = []
    for word in text.split():
        op, *args = word.split(":")
        if op not in OPS:
            raise DataError(f"{where}: unknown step {op!r} in {text!r}")
        kinds = OPS[op]
        if len(args) != len(kinds):
            raise DataError(f"{where}: {op!r} takes {len(kinds)} argument(s), got {word!r}")
        colour, n, at = ANY, 0, ""
        for kind, arg in zip(kinds, args, strict=True):
            if kind == "colour":
                if arg != "any" and arg not in COLOURS:
                    raise DataError(f"{where}: no colour {arg!r} in {word!r}")
                colour = ANY if arg == "any" else COLOURS.index(arg)
            elif kind == "where":
                if arg not in WHERE:
                    raise DataError(f"{where}: no market column {arg!r} in {word!r}")
                at = arg
            else:
                try:
                    n = int(arg)
                except ValueError:
                    raise DataError(f"{where}: {arg!r} is not a number in {word!r}") from None
                if kind == "level" and not MINOR <= n <= MAJOR:
                    raise DataError(f"{where}: level {n} is not 1-3 in {word!r}")
                if kind == "int" and (n == 0 or (n < 0 and op != "coffee")):
                    raise DataError(f"{where}: count {n} is not allowed in {word!r}")
        steps.append(Step(op, colour, n, at))
    return tuple(steps)


def effect_text(effect: Effect) -> str:
    """An effect back in the notation (what data.toml says)."""
    return " ".join(str(s) for s in effect)


def _effects(texts: list[str], where: str) -> tuple[Effect, ...]:
    return tuple(parse_effect(t, f"{where}[{i}]") for i, t in enumerate(texts))


# -- Vienna -------------------------------------------------------------------------

LOCATION_KEYS: tuple[str, ...] = tuple(DATA["vienna"]["locations"])
NL = len(LOCATION_KEYS)
WILD = NL
TAG_KEYS: tuple[str, ...] = (*LOCATION_KEYS, "wild")


def tag_index(key: str, where: str, wild: bool = False) -> int:
    """A location tag's index (``wild`` allows the wild tag)."""
    if key in LOCATION_KEYS or (wild and key == "wild"):
        return TAG_KEYS.index(key)
    raise DataError(f"{where}: no location tag {key!r}")


def colour_index(key: str, where: str) -> int:
    if key not in COLOURS:
        raise DataError(f"{where}: no colour {key!r}")
    return COLOURS.index(key)


@dataclass(frozen=True)
class District:
    """A district: its colour, its two locations, scoring slots and recall token stacks."""

    index: int
    key: str
    en: str
    zh: str
    colour: int
    locations: tuple[int, ...]
    thresholds: tuple[int, ...]
    rewards: tuple[Effect, ...]
    #: per stack (I, II, III), top first: what taking each token reveals ("", rep, activate)
    stacks: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Location:
    """A location of Vienna: its district, effect (once per matching tag), recall bonus slots."""

    index: int
    key: str
    en: str
    zh: str
    district: int
    colour: int
    effect: Effect
    bonus: tuple[Effect, ...]


REVEALS = ("", "rep", "activate")


def _districts() -> tuple[District, ...]:
    out = []
    for i, d in enumerate(DATA["districts"]):
        where = f"districts[{i}] ({d['key']})"
        locs = tuple(tag_index(k, where) for k in d["locations"])
        stacks = tuple(tuple(s) for s in d["stacks"])
        for stack in stacks:
            for icon in stack:
                if icon not in REVEALS:
                    raise DataError(f"{where}: no reveal icon {icon!r}")
        thresholds = tuple(int(t) for t in d["thresholds"])
        rewards = _effects(d["rewards"], f"{where}.rewards")
        if len(thresholds) != len(rewards):
            raise DataError(f"{where}: {len(thresholds)} thresholds but {len(rewards)} rewards")
        out.append(
            District(
                i,
                d["key"],
                d["en"],
                d["zh"],
                colour_index(d["colour"], where),
                locs,
                thresholds,
                rewards,
                stacks,
            )
        )
    return tuple(out)


DISTRICTS = _districts()
DISTRICT_OF: tuple[int, ...] = tuple(
    next(d.index for d in DISTRICTS if loc in d.locations) for loc in range(NL)
)
#: The colour of each location tag (the wild tag has none: ANY).
TAG_COLOUR: tuple[int, ...] = (*(DISTRICTS[DISTRICT_OF[t]].colour for t in range(NL)), ANY)


def _locations() -> tuple[Location, ...]:
    by_key = {loc["key"]: loc for loc in DATA["locations"]}
    if sorted(by_key) != sorted(LOCATION_KEYS):
        raise DataError("locations: the [[locations]] entries must be exactly vienna.locations")
    out = []
    for i, key in enumerate(LOCATION_KEYS):
        loc = by_key[key]
        where = f"locations.{key}"
        d = DISTRICT_OF[i]
        out.append(
            Location(
                i,
                key,
                loc["en"],
                loc["zh"],
                d,
                DISTRICTS[d].colour,
                parse_effect(loc["effect"], where),
                _effects(loc["bonus"], f"{where}.bonus"),
            )
        )
    return tuple(out)


LOCATIONS = _locations()
TAG_SCALE: tuple[int, ...] = tuple(int(v) for v in DATA["tags"]["scale"])


def clockwise(location: int, steps: int) -> int:
    """The location ``steps`` places clockwise of ``location``."""
    return (location + steps) % NL


# -- the meeting table --------------------------------------------------------------

TABLE = DATA["table"]
ACTION_KEYS: tuple[str, ...] = tuple(TABLE["actions"])
NA = len(ACTION_KEYS)
(
    TILE_STACK,
    TILE_MIDDLE,
    TILE_RIGHT,
    ELEVATE,
    RESEARCH_OR_PUBLISH,
    PROFESSOR,
    GENERATE,
    DRAW,
    FREUD,
) = range(9)
GRID = 3
NS = (GRID + 1) ** 2
#: Lightning icons per idea space (row by row over the 4 x 4 grid).
LIGHTNING: tuple[int, ...] = tuple(int(v) for v in TABLE["lightning"])
#: The four spaces around each action: top-left, top-right, bottom-left, bottom-right.
ACTION_SPACES: tuple[tuple[int, ...], ...] = tuple(
    tuple((a // GRID + dr) * (GRID + 1) + a % GRID + dc for dr in (0, 1) for dc in (0, 1))
    for a in range(NA)
)
#: The actions each space borders (one to four).
SPACE_ACTIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(a for a in range(NA) if s in ACTION_SPACES[a]) for s in range(NS)
)
ROW_INKPOTS: tuple[int, ...] = tuple(int(v) for v in TABLE["row_inkpots"])
ACTION_ROW: tuple[int, ...] = tuple(a // GRID for a in range(NA))
#: One use of each action, by its table key (two-option actions have two entries).
ACTION_EFFECTS: dict[str, Effect] = {
    key: parse_effect(TABLE[key], f"table.{key}")
    for key in (
        "tile_stack",
        "tile_middle",
        "tile_right",
        "elevate",
        "research",
        "publish",
        "professor",
        "professor_freud",
        "generate",
        "draw",
        "freud",
    )
}
RECALL_ERA2_VP = int(DATA["recall_reminder"]["era2_vp_per_slot"])

# -- the player board: rondel, notebook ---------------------------------------------

RONDEL = DATA["rondel"]
RONDEL_KEYS: tuple[str, ...] = tuple(RONDEL["spaces"])
NR = len(RONDEL_KEYS)
RONDEL_ROW: tuple[int, ...] = tuple(int(v) for v in RONDEL["row_of"])
RONDEL_BONUS: tuple[Effect, ...] = _effects(RONDEL["bonus"], "rondel.bonus")
RONDEL_TOP = int(RONDEL["top"])
RONDEL_LEFT = int(RONDEL["left"])
RONDEL_START = int(RONDEL["start"])
NOTEBOOK = DATA["notebook"]
ROWS = int(NOTEBOOK["rows"])
COLUMNS = int(NOTEBOOK["columns"])
COLUMN_VP: tuple[int, ...] = tuple(int(v) for v in NOTEBOOK["column_vp"])
COLUMN_ABILITY: tuple[Effect, ...] = _effects(NOTEBOOK["column_ability"], "notebook.column_ability")
ROW_ABILITY: tuple[Effect, ...] = _effects(NOTEBOOK["row_ability"], "notebook.row_ability")

# -- the reputation track -----------------------------------------------------------

REPUTATION = DATA["reputation"]
ZONE_VP: tuple[int, ...] = tuple(int(v) for v in REPUTATION["zone_vp"])
SECTION_OF: tuple[int, ...] = tuple(int(v) for v in REPUTATION["section_of"])
SECTIONS: tuple[tuple[Effect, ...], ...] = tuple(
    _effects(opts, f"reputation.sections[{i}]") for i, opts in enumerate(REPUTATION["sections"])
)
FREUD_WALKS_AT: tuple[int, ...] = tuple(int(v) for v in REPUTATION["freud_walks_at"])
TRACK_END = int(RULES["reputation_track"])

# -- method tiles ---------------------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """A method tile: era 0 (a starting tile), 1 or 2; its main effect and its banner.

    A starting tile's banner is its starting insights, and its ``tag`` says
    where its owner's professor starts (-1 on market tiles).
    """

    index: int
    key: str
    era: int
    letter: str
    tag: int
    main: Effect
    banner: Effect


def _tiles() -> tuple[Tile, ...]:
    data = DATA["tiles"]
    out: list[Tile] = []
    for key, tag, banner, main in data["start"]:
        where = f"tiles.start {key}"
        out.append(
            Tile(
                len(out),
                key,
                0,
                key[0],
                tag_index(tag, where),
                parse_effect(main, where),
                parse_effect(banner, where),
            )
        )
    for era, name in ((1, "era1"), (2, "era2")):
        for k, (main, banner) in enumerate(data[name]):
            where = f"tiles.{name}[{k}]"
            out.append(
                Tile(
                    len(out),
                    f"{'I' * era}-{k + 1}",
                    era,
                    "",
                    -1,
                    parse_effect(main, where),
                    parse_effect(banner, where),
                )
            )
    return tuple(out)


TILES = _tiles()
START_TILES: tuple[int, ...] = tuple(t.index for t in TILES if t.era == 0)
ERA1_TILES: tuple[int, ...] = tuple(t.index for t in TILES if t.era == 1)
ERA2_TILES: tuple[int, ...] = tuple(t.index for t in TILES if t.era == 2)
_TILE_BY_KEY = {t.key: t.index for t in TILES}
LETTERS: dict[str, tuple[int, ...]] = {
    letter: tuple(_TILE_BY_KEY[k] for k in keys)
    for letter, keys in DATA["letters"].items()
    if letter != "designed"
}
LETTER_KEYS: tuple[str, ...] = tuple(sorted(LETTERS))
ERA1_KEPT: tuple[int, ...] = tuple(int(v) for v in RULES["era1_kept"])

# -- clients, grief layers, dreams -------------------------------------------------------


@dataclass(frozen=True)
class Client:
    """A client: normal ones give an ability once cured, complex ones end scoring."""

    index: int
    key: str
    complex: bool
    hearts: int
    vp: int
    tags: tuple[int, ...]
    ability: str  # normal clients
    scoring: str  # complex clients


def _clients() -> tuple[Client, ...]:
    data = DATA["clients"]
    abilities, scoring = data["abilities"], data["scoring"]
    out: list[Client] = []
    for key, hearts, vp, tag, ability in data["normal"]:
        where = f"clients.normal {key}"
        if ability not in abilities:
            raise DataError(f"{where}: no ability {ability!r} in clients.abilities")
        out.append(
            Client(
                len(out), key, False, int(hearts), int(vp), (tag_index(tag, where),), ability, ""
            )
        )
    for key, hearts, vp, tag1, tag2, score in data["complex"]:
        where = f"clients.complex {key}"
        if score not in scoring:
            raise DataError(f"{where}: no end scoring {score!r} in clients.scoring")
        out.append(
            Client(
                len(out),
                key,
                True,
                int(hearts),
                int(vp),
                (tag_index(tag1, where), tag_index(tag2, where)),
                "",
                score,
            )
        )
    return tuple(out)


CLIENTS = _clients()
NORMAL_CLIENTS: tuple[int, ...] = tuple(c.index for c in CLIENTS if not c.complex)
COMPLEX_CLIENTS: tuple[int, ...] = tuple(c.index for c in CLIENTS if c.complex)
ABILITIES: dict[str, str] = {k: str(v) for k, v in DATA["clients"]["abilities"].items()}
#: End scoring of complex clients: key -> (VP per unit, what is counted).
SCORING: dict[str, tuple[int, str]] = {
    k: (int(v[0]), str(v[1])) for k, v in DATA["clients"]["scoring"].items()
}
SYMBOLS: tuple[str, ...] = tuple(DATA["symbols"]["names"])


def _symbol(key: str, where: str) -> int:
    if key not in SYMBOLS:
        raise DataError(f"{where}: no symbol {key!r}")
    return SYMBOLS.index(key)


#: Grief layers: (hearts, symbol).
GRIEF: tuple[tuple[int, int], ...] = tuple(
    (int(h), _symbol(s, f"grief.layers[{i}]")) for i, (h, s) in enumerate(DATA["grief"]["layers"])
)


@dataclass(frozen=True)
class Dream:
    """A manifest dream (with a symbol) or a latent one (symbol -1); used once to treat."""

    index: int
    latent: bool
    effect: Effect
    symbol: int


def _dreams() -> tuple[Dream, ...]:
    out: list[Dream] = []
    for i, (effect, symbol) in enumerate(DATA["dreams"]["manifest"]):
        where = f"dreams.manifest[{i}]"
        out.append(Dream(len(out), False, parse_effect(effect, where), _symbol(symbol, where)))
    for i, (effect,) in enumerate(DATA["dreams"]["latent"]):
        out.append(Dream(len(out), True, parse_effect(effect, f"dreams.latent[{i}]"), -1))
    return tuple(out)


DREAMS = _dreams()
MANIFEST: tuple[int, ...] = tuple(d.index for d in DREAMS if not d.latent)
LATENT: tuple[int, ...] = tuple(d.index for d in DREAMS if d.latent)
BOARD = DATA["client_board"]
TRACK_MAX = int(BOARD["track_max"])
#: VP printed on treatment track spaces.
TRACK_VP: tuple[int, ...] = tuple(
    int(BOARD["vp_spaces"].get(str(k), 0)) for k in range(TRACK_MAX + 1)
)
CATHARSIS = parse_effect(BOARD["catharsis"], "client_board.catharsis")
CURE = parse_effect(BOARD["cure"], "client_board.cure")
CATHARSIS_AT = int(RULES["catharsis_at"])
BASE_TREATMENTS: tuple[Effect, ...] = _effects(BOARD["base_treatments"], "client_board.base")
MATCH_BONUS = int(BOARD["match_bonus"])

# -- research and treatises ------------------------------------------------------------


@dataclass(frozen=True)
class ResearchCard:
    """A research card: its location tag, its article colour (the spine), its effect."""

    index: int
    tag: int
    colour: int
    effect: Effect


RESEARCH: tuple[ResearchCard, ...] = tuple(
    ResearchCard(
        i,
        tag_index(tag, f"research.cards[{i}]"),
        colour_index(colour, f"research.cards[{i}]"),
        parse_effect(effect, f"research.cards[{i}]"),
    )
    for i, (tag, colour, effect) in enumerate(DATA["research"]["cards"])
)


@dataclass(frozen=True)
class Treatise:
    """A treatise tile: its supply (tier 1-3), VP, the articles it needs left to right, tags."""

    index: int
    tier: int
    vp: int
    articles: tuple[int, ...]
    tags: tuple[int, ...]
    rep: int


def _treatises() -> tuple[Treatise, ...]:
    data = DATA["treatises"]
    out: list[Treatise] = []
    big = int(RULES["big_treatise_articles"])
    for tier in (1, 2, 3):
        for k, (articles, tag1, tag2) in enumerate(data[f"tier{tier}"]):
            where = f"treatises.tier{tier}[{k}]"
            cols = tuple(colour_index(c, where) for c in articles)
            rep = int(RULES["big_treatise_rep"]) if len(cols) == big else 0
            out.append(
                Treatise(
                    len(out),
                    tier,
                    int(data["tier_vp"][tier - 1]),
                    cols,
                    (tag_index(tag1, where), tag_index(tag2, where)),
                    rep,
                )
            )
    return tuple(out)


TREATISES = _treatises()

# -- goals ------------------------------------------------------------------------------

GOAL_CONDITIONS = (
    "insights_on_district_slots",
    "full_columns",
    "research_tag_colours",
    "cured_normal",
    "cured_complex",
    "treatises",
    "cured_any",
)


@dataclass(frozen=True)
class Goal:
    """A location goal tile: claimed at the end of a turn once its condition holds."""

    index: int
    key: str
    condition: str
    count: int
    tag: int
    vp: int
    rep: int


def _goals() -> tuple[Goal, ...]:
    out = []
    for i, g in enumerate(DATA["goals"]):
        where = f"goals[{i}] ({g['key']})"
        if g["condition"] not in GOAL_CONDITIONS:
            raise DataError(f"{where}: no condition {g['condition']!r}")
        out.append(
            Goal(
                i,
                g["key"],
                g["condition"],
                int(g["count"]),
                tag_index(g["tag"], where, wild=True),
                int(g["vp"]),
                int(g.get("rep", 0)),
            )
        )
    return tuple(out)


GOALS = _goals()
#: The goal tiles that may place Freud at setup (not the wild one).
FREUD_GOALS: tuple[int, ...] = tuple(g.index for g in GOALS if g.tag != WILD)

TURN_ORDER_BONUS: tuple[Effect, ...] = _effects(RULES["turn_order_bonus"], "rules.turn_order_bonus")
SOLO = DATA["solo"]

#: Where VP come from, the VP ledger's parts (``vp_by``), in the order the end shows
#: them: the starting client's marker at setup; the notebook (tiles, columns, the
#: rondel); treating clients (the track, catharsis, cures, and what cured clients'
#: abilities give); Vienna (locations, bonus and district slots); the reputation track
#: (its VP and its sections' actions); research cards (and the empty deck's 2 VP);
#: treatises (publishing, citations); goal tiles; the era II recall reminder; "other":
#: VP of a match stored before the ledger, which nobody booked.
VP_SOURCES = (
    "start",
    "notebook",
    "clients",
    "vienna",
    "track",
    "research",
    "treatises",
    "goals",
    "recall",
    "other",
)

#: The final scoring's lines (rules.final_breakdown), the retail option's last.
FINAL_PARTS = (
    "reputation",
    "tags",
    "clients",
    "bright",
    "trigger",
    "track",
    "districts",
    "rows",
)


class Words(Protocol):
    """What the browser's table says of a component, in ``lang``: words.py is one. It
    names the components by their numbers in this module's tables, so it imports this
    module and is handed to :func:`client_components` (unconscious/__init__.py) rather
    than imported here."""

    def tile(self, t: int, lang: str) -> str: ...
    def effect(self, e: Effect, lang: str) -> str: ...
    def dream(self, d: int, lang: str) -> str: ...
    def symbol(self, k: int, lang: str) -> str: ...
    def client(self, c: int, lang: str) -> str: ...
    def ability(self, c: int, lang: str) -> str: ...
    def tag(self, t: int, lang: str) -> str: ...
    def goal(self, g: int, lang: str) -> str: ...
    def location(self, i: int, lang: str) -> str: ...
    def district(self, i: int, lang: str) -> str: ...
    def rondel_space(self, space: int, lang: str) -> str: ...
    def action(self, a: int, lang: str) -> str: ...
    def vp_source(self, key: str, lang: str) -> str: ...
    def final_part(self, key: str, lang: str) -> str: ...


def client_components(wd: Words) -> dict[str, Any]:
    """Every component in words, by id, for the browser (written once to
    ``static/js/games/unconscious.components.json`` by ``python -m meeple.web.components``):
    the board looks a tile, dream, client, card up here by the id the view gives, so
    the view itself stays as small as before and names nothing the seat cannot see.
    ``wd`` says each component in both languages (words.py)."""

    def both(say: Callable[[Any, str], str], what: Any) -> dict[str, str]:
        return {lang: say(what, lang) for lang in LANGUAGES}

    return {
        "tiles": [both(wd.tile, t.index) for t in TILES],
        "banners": [both(wd.effect, t.banner) for t in TILES],
        # where a kept starting tile puts the professor (a tile's tag is a location)
        "tile_tags": [t.tag for t in TILES],
        "dreams": [
            {
                **both(wd.dream, d.index),
                "symbol": {
                    lang: "" if d.latent else wd.symbol(d.symbol, lang) for lang in LANGUAGES
                },
            }
            for d in DREAMS
        ],
        "clients": [
            {
                "name": both(wd.client, c.index),
                "ability": both(wd.ability, c.index),
                "complex": c.complex,
                "hearts": c.hearts,
                "vp": c.vp,
                "tags": [both(wd.tag, t) for t in c.tags],
            }
            for c in CLIENTS
        ],
        "grief": [{"hearts": hearts, "symbol": both(wd.symbol, k)} for hearts, k in GRIEF],
        "research": [
            {"tag": both(wd.tag, r.tag), "colour": r.colour, "effect": both(wd.effect, r.effect)}
            for r in RESEARCH
        ],
        "treatises": [
            {
                "vp": tr.vp,
                "articles": list(tr.articles),
                "tags": [both(wd.tag, x) for x in tr.tags],
            }
            for tr in TREATISES
        ],
        "goals": [
            {"tag": both(wd.tag, g.tag), "condition": both(wd.goal, g.index), "vp": g.vp}
            for g in GOALS
        ],
        "locations": [
            {
                "key": loc.key,
                "name": both(wd.location, loc.index),
                "colour": loc.colour,
                "district": loc.district,
                "effect": both(wd.effect, loc.effect),
                "bonus": [both(wd.effect, b) for b in loc.bonus],
            }
            for loc in LOCATIONS
        ],
        "districts": [
            {
                "name": both(wd.district, d.index),
                "colour": d.colour,
                "thresholds": list(d.thresholds),
                "rewards": [both(wd.effect, r) for r in d.rewards],
            }
            for d in DISTRICTS
        ],
        "rondel": [
            {
                "key": RONDEL_KEYS[i],
                "name": both(wd.rondel_space, i),
                "bonus": both(wd.effect, RONDEL_BONUS[i]) if RONDEL_BONUS[i] else None,
            }
            for i in range(NR)
        ],
        "actions": {k: both(wd.action, i) for i, k in enumerate(ACTION_KEYS)},
        "reputation_vp": list(ZONE_VP),
        "lightning": list(LIGHTNING),
        "row_inkpots": list(ROW_INKPOTS),
        "sections": [[both(wd.effect, e) for e in sec] for sec in SECTIONS],
        # the VP ledger's parts and the final scoring's lines, in the order the end shows
        "vp_sources": [{"key": k, "name": both(wd.vp_source, k)} for k in VP_SOURCES],
        "final_parts": [{"key": k, "name": both(wd.final_part, k)} for k in FINAL_PARTS],
    }
