"""Setting up a match: first player, scene (or free-mode placement), starting
hands, the shuffled deck, and each side's rival egg.

Standard two-player: the second player picks a scene; each player is dealt 4
of the scene's 12 silver cards and keeps 2; the rest and the 8 gold cards are
shuffled into the deck. Team mode: each team gets one silver card of each of
the scene's 4 kinds; its first member keeps 1 and hands 3 to the teammate, who
keeps 1 and returns 2. Free mode replaces the scene by three rounds of placing
component sets (second, first, second player) or by a scene's layout, and may
use a custom deck or none; there each player takes four different silver cards
(one of each kind) and keeps two.
"""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.core.decisions import Decision
from meeple.games.penguins.actions import PICKS, ChooseScene, FirstPlayer, Keep, Pick, PickSet
from meeple.games.penguins.components import (
    BARRIERS,
    EGG,
    EMPTY,
    NO_TERRAIN,
    OFF_BOARD,
    TERRAINS,
    Layout,
    components,
    deck_for,
)
from meeple.games.penguins.state import PenguinData, owe, plain

#: Pieces that must not stand on the rim (so their ring of six is whole): designed.
INTERIOR_ONLY = ("tent", "nest")
#: Pieces that must stand on the rim (from the seed).
EDGE_ONLY = ("seaweed",)


def first_player_chances(s: PenguinData, d: Decision) -> list[tuple[Action, float]]:
    """Who starts: either player, even odds (the chance step every match begins with)."""
    return [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]


def _first_answers(s: PenguinData, d: Decision) -> list[Action]:
    return [FirstPlayer(0), FirstPlayer(1)]


def begin(s: PenguinData, d: Decision, action: Action) -> None:
    """The chance outcome: who starts. Then the setup steps in order."""
    assert isinstance(action, FirstPlayer)
    n = s.game.players
    first = action.seat
    second = (first + 1) % n
    s.first = first
    s.seat = first
    opts = s.game.options
    steps: list[Decision] = []
    if opts["mode"] == "free" and opts["layout"] == "placed":
        steps += [plain(second, "freeset"), plain(first, "freeset")]
        steps += [plain(second, "freeset"), plain(first, "free_deck")]
    elif opts["mode"] == "free":
        steps.append(owe(first, "use_scene", (int(opts["layout"]),)))
    elif opts["scene"]:
        steps.append(owe(first, "use_scene", (opts["scene"],)))
    else:
        steps.append(plain(second, "scene"))
    steps.append(plain(first, "deal"))
    s.push(*steps)


def install_scene(s: PenguinData, number: int) -> None:
    scene = components().scenes[number - 1]
    s.scene = number
    s.layout = scene.layout
    for p, code in scene.barriers:
        s.board[p] = code
    s.gold, s.silver = list(scene.gold), list(scene.silver)


def _scene_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [ChooseScene(sc.number) for sc in components().scenes]


def _scene_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, ChooseScene)
    install_scene(s, a.scene)


def _use_scene(s: PenguinData, d: Decision) -> None:
    install_scene(s, d.args[0])
    deck = s.game.custom_deck
    if deck is not None:
        s.gold, s.silver = list(deck[0]), list(deck[1])


def _free_deck(s: PenguinData, d: Decision) -> None:
    deck = s.game.custom_deck
    if deck is None:
        comps = components()
        deck = (comps.free_gold, comps.free_silver)
    s.gold, s.silver = list(deck[0]), list(deck[1])


# ---------------------------------------------------------------- free placement


def _placeable(s: PenguinData, kind: str, chain: list[int], left: int) -> list[int]:
    """Points where the next piece of a free-mode set may go."""
    g = s.grid
    free = [p for p in range(g.size) if s.board[p] == EMPTY and s.layout.terrain[p] == NO_TERRAIN]
    if kind in EDGE_ONLY:
        return [p for p in free if p in g.edge]
    if kind in INTERIOR_ONLY:
        return [p for p in free if p not in g.edge]
    if kind != "river":
        return free
    return [p for p in free if p not in chain and _river_completes(s, [*chain, p], left - 1)]


def _river_completes(s: PenguinData, chain: list[int], left: int) -> bool:
    """Whether a river begun as ``chain`` can be finished with ``left`` more tiles:
    each tile beside the last, the final one on the rim, flowing straight off it."""
    g = s.grid
    if len(chain) >= 2:
        a, b = chain[-2], chain[-1]
        if b not in g.adjacent[a]:
            return False
        if left == 0:
            d = g.ring[a].index(b)
            return g.ring[b][d] is None
    elif left == 0:
        return False
    if left == 0:
        return True
    last = chain[-1]
    return any(
        s.board[q] == EMPTY
        and s.layout.terrain[q] == NO_TERRAIN
        and q not in chain
        and _river_completes(s, [*chain, q], left - 1)
        for q in g.adjacent[last]
    )


def _freeset_legal(s: PenguinData, d: Decision) -> list[Action]:
    out: list[Action] = []
    for kind, counts in components().free_sets:
        if kind in s.used_sets:
            continue
        for n in counts:
            if len(_placeable(s, kind, [], n)) >= (1 if kind == "river" else n):
                out.append(PickSet(kind, n))
    return out


def _freeset_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, PickSet)
    s.used_sets.append(a.name)
    s.push(owe(d.seat, "freeplace", (a.name, a.count, ())))


def _freeplace_legal(s: PenguinData, d: Decision) -> list[Action]:
    kind, left, chain = d.args
    return [PICKS[p] for p in _placeable(s, kind, list(chain), left)]


def _freeplace_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Pick)
    seat, (kind, left, chain) = d.seat, d.args
    p = a.point
    if kind in BARRIERS:
        s.board[p] = BARRIERS[kind]
    else:
        terrain = list(s.layout.terrain)
        terrain[p] = TERRAINS[kind]
        river = s.layout.river
        tents = s.layout.tents
        if kind == "tent":
            tents = (*tents, (p, 1))  # designed: free-mode tents turn clockwise
        if kind == "river" and left == 1:
            tiles = [*chain, p]
            river = river + tuple(
                (t, (tiles[i + 1] if i + 1 < len(tiles) else OFF_BOARD,))
                for i, t in enumerate(tiles)
            )
        s.layout = Layout(tuple(terrain), river, tents)
    if left > 1:
        s.push(owe(seat, "freeplace", (kind, left - 1, (*chain, p))))


# ---------------------------------------------------------------- cards and eggs


def _deal(s: PenguinData, d: Decision) -> None:
    n = s.game.players
    f = s.first
    steps: list[Decision] = []
    if s.cards_enabled:
        gold, silver = deck_for(tuple(s.gold), tuple(s.silver))
        if n == 2 and s.game.options["mode"] == "free":
            # free mode: each player takes four different silver cards, keeps two
            kinds = list(s.silver)
            s.offers[f], s.offers[1 - f] = kinds[:], kinds[:]
            rest = silver[:]
            for k in kinds + kinds:
                rest.remove(k)
            s.deck = gold + rest
            steps = [owe(f, "keep", (2, -1)), owe(1 - f, "keep", (2, -1))]
        elif n == 2:
            s.rng.shuffle(silver)
            s.offers[f], s.offers[1 - f] = silver[:4], silver[4:8]
            s.deck = gold + silver[8:]
            steps = [owe(f, "keep", (2, -1)), owe(1 - f, "keep", (2, -1))]
        else:
            kinds = list(s.silver)
            s.offers[f], s.offers[(f + 1) % 4] = kinds[:], kinds[:]
            rest = silver[:]
            for k in kinds + kinds:
                rest.remove(k)
            s.deck = gold + rest
            steps = [
                owe(f, "keep", (1, (f + 2) % 4)),
                owe((f + 2) % 4, "keep", (1, -1)),
                owe((f + 1) % 4, "keep", (1, (f + 3) % 4)),
                owe((f + 3) % 4, "keep", (1, -1)),
            ]
        steps.append(plain(f, "shuffle"))
    steps += [plain(f, "rival"), plain((f + 1) % n, "rival"), plain(f, "start")]
    s.push(*steps)


def _keep_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Keep(c) for c in sorted(set(s.offers[d.seat]))]


def _keep_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """Starting hand: keep one offered card; pass the rest on or put them back."""
    assert isinstance(a, Keep)
    seat, (left, pass_to) = d.seat, d.args
    s.offers[seat].remove(a.card)
    s.hands[seat].append(a.card)
    if left > 1:
        s.push(owe(seat, "keep", (left - 1, pass_to)))
    elif pass_to >= 0:
        s.offers[pass_to], s.offers[seat] = s.offers[seat], []
    else:
        s.deck.extend(s.offers[seat])
        s.offers[seat] = []


def _shuffle(s: PenguinData, d: Decision) -> None:
    s.rng.shuffle(s.deck)
    s.deck_known = [[] for _ in s.hands]


def _rival_egg_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[p] for p in s.empty_points()]


def _rival_egg_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """Each side puts one egg of the opposing colour on any space."""
    assert isinstance(a, Pick)
    s.board[a.point] = EGG[1 - s.side(d.seat)]


def _start(s: PenguinData, d: Decision) -> None:
    s.playing = True
    s.seat = d.seat
    s.steps = 0
