"""Named set-ups for the Viscounts rules tests: positions built by name, not by writing
the state's fields in every test, so a change to how the state keeps them is fixed here.

A test starts from a real game (:func:`started`: setup played through), usually at the
current seat's turn with a bare seat (:func:`bare_turn`), then gives it what the rule
needs by card *name*, in the order the rules read it (a board left to right)::

    s, me = bare_turn(board=["Abbot", "Squire"], hand=["Labourer"], silver=2)
    s.apply(Play(cid("Labourer")))

and, to put the game at a later point of the turn, :func:`at_action`,
:func:`from_phase` or :func:`to_collision` (which let the rules run on from there).
"""

from __future__ import annotations

from typing import Any

from meeple.games.viscounts import Viscounts, ViscountsState
from meeple.games.viscounts.components import (
    BUILDING_KINDS,
    CARDS,
    EXCHANGES,
    INNER,
    TRACK,
    part,
    position,
    space_number,
)
from meeple.games.viscounts.state import ACTION, RECRUIT, SETUP

#: What a seat holds that :func:`with_counts` sets: resources, track markers, debts.
COUNTS = ("silver", "ink", "gold", "stone", "corruption", "virtue", "debts", "deeds")


def cid(name: str, nth: int = 0) -> int:
    """The id of the ``nth`` card of that name."""
    return [i for i, c in enumerate(CARDS) if c.name == name][nth]


def cids(*names: str) -> list[int]:
    """The ids of these cards, in this order (a card named twice: its next copy)."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        out.append(cid(n, seen.get(n, 0)))
        seen[n] = seen.get(n, 0) + 1
    return out


def started(players: int = 2, seed: int = 1, **options: object) -> ViscountsState:
    """A game past setup (each seat took the first pair and the first answer to its
    setup decisions), at the first player's first turn."""
    s = Viscounts(players, **options).new_initial_state(seed)
    while s.phase == SETUP or s.decisions:
        s.apply(s.legal_actions()[0])
    return s


def clear(s: ViscountsState, seat: int) -> None:
    """``seat`` with an empty board and discards, no silver or resources, markers at the
    ends, past its first two turns (no starting icons)."""
    s.board[seat], s.discard[seat] = [], []
    s.silver[seat] = s.ink[seat] = s.gold[seat] = s.stone[seat] = 0
    s.turns_taken[seat] = 5
    s.corruption[seat], s.virtue[seat] = 0, TRACK - 1


def with_board(s: ViscountsState, seat: int, *names: str) -> None:
    """``seat``'s board holds these cards, left to right."""
    s.board[seat] = cids(*names)


def with_hand(s: ViscountsState, seat: int, *names: str) -> None:
    """``seat``'s hand holds these cards (none: an empty hand)."""
    s.hand[seat] = cids(*names)


def with_discard(s: ViscountsState, seat: int, *names: str) -> None:
    """``seat``'s discards hold these cards (none: no discards)."""
    s.discard[seat] = cids(*names)


def with_deck(s: ViscountsState, seat: int, *names: str) -> None:
    """``seat``'s draw pile holds these cards, the last drawn first (none: empty)."""
    s.deck[seat] = cids(*names)


def deck_in_discards(s: ViscountsState, seat: int) -> None:
    """``seat``'s draw pile emptied into its discards: its next draw reshuffles."""
    s.discard[seat], s.deck[seat] = s.deck[seat], []


def with_built(s: ViscountsState, seat: int, **built: int) -> None:
    """``seat`` has built this many of each kind (``workshop=2, trading_post=1, guildhall=3``)."""
    for kind, n in built.items():
        s.built[seat][BUILDING_KINDS.index(kind)] = n


def with_counts(s: ViscountsState, seat: int, **counts: int) -> None:
    """``seat`` holds these amounts (``silver=2, corruption=3, ...``: see :data:`COUNTS`)."""
    for name, n in counts.items():
        if name not in COUNTS:
            raise TypeError(f"with_counts: no count {name!r} (one of {', '.join(COUNTS)})")
        getattr(s, name)[seat] = n


def met_at(s: ViscountsState, seat: int, space: int) -> None:
    """``seat``'s corruption and virtue markers met on track ``space``."""
    s.corruption[seat] = s.virtue[seat] = space


def my_turn(
    players: int = 2,
    seed: int = 1,
    *,
    bare: bool = False,
    board: list[str] | None = None,
    hand: list[str] | None = None,
    options: dict[str, Any] | None = None,
    **counts: int,
) -> tuple[ViscountsState, int]:
    """A started game and its current seat, as dealt (``bare``: :func:`clear`\\ ed
    first), then given ``board`` and ``hand`` (card names) and ``counts``
    (:func:`with_counts`); ``options``: the game's (a content set turned on)."""
    s = started(players, seed, **(options or {}))
    me = s.current
    if bare:
        clear(s, me)
    if board is not None:
        with_board(s, me, *board)
    if hand is not None:
        with_hand(s, me, *hand)
    with_counts(s, me, **counts)
    return s, me


def bare_turn(players: int = 2, seed: int = 1, **setup: Any) -> tuple[ViscountsState, int]:
    """:func:`my_turn` with the current seat bare (:func:`clear`): only what the test
    gives it counts."""
    return my_turn(players, seed, bare=True, **setup)


def viscount_at(s: ViscountsState, seat: int, space: int) -> None:
    """``seat``'s viscount stands on ``space``."""
    s.viscount[seat] = space


def empty_pile(s: ViscountsState, position: int) -> None:
    """No townsfolk in the pile at ring ``position`` (nobody to hire or dismiss there)."""
    s.piles[position] = []


def with_pile(s: ViscountsState, position: int, *names: str) -> None:
    """The townsfolk pile at ring ``position`` holds these cards, the top last."""
    s.piles[position] = cids(*names)


def on_pile(s: ViscountsState, position: int, name: str) -> None:
    """The card ``name`` goes on top of the townsfolk pile at ring ``position``."""
    s.piles[position].append(cid(name))


def with_workers(
    s: ViscountsState, seat: int, n: int, tier: int = 1, wedge: int | None = None
) -> None:
    """``seat`` has ``n`` workers in the castle's ``tier`` (1 and 2: in ``wedge``; 3: the
    centre)."""
    if tier == 3:
        s.tier3[seat] = n
    else:
        assert wedge is not None, "tiers 1 and 2 need a wedge"
        (s.tier1 if tier == 1 else s.tier2)[wedge][seat] = n


def empty_castle(s: ViscountsState, *tiers: int) -> None:
    """Nobody has a worker in these tiers of the castle (none named: in any)."""
    n = s.sides
    for tier in tiers or (1, 2, 3):
        if tier == 3:
            s.tier3 = [0] * n
        else:
            setattr(s, f"tier{tier}", [[0] * n for _ in getattr(s, f"tier{tier}")])


def at_action(s: ViscountsState, space: int, played: str = "Abbot") -> int:
    """Put the current seat's viscount on ``space`` in its primary action phase."""
    seat = s.current
    s.viscount[seat] = space
    s.played = cid(played)
    s.phase = ACTION
    return seat


def space_with(s: ViscountsState, kind: str) -> int:
    """An outer space whose exchange is ``kind`` ("ink", "destroy", ...)."""
    return next(
        sp
        for sp in range(15)
        if part(sp) != INNER and EXCHANGES[space_number(sp, s.ring) - 1] == kind
    )


def at_phase(s: ViscountsState, phase: int) -> None:
    """The current seat's turn at ``phase``, nothing run yet: its legal actions are that
    phase's."""
    s.phase = phase


def run_on(s: ViscountsState) -> None:
    """Let the rules' flow run on from where the state is (the steps nobody decides:
    the next phase, the next seat, an AI's owed answers), as after any action."""
    s._advance()


def from_phase(s: ViscountsState, phase: int, seat: int | None = None) -> None:
    """``seat``'s (by default the current seat's) turn at the start of ``phase``, and the
    rules run on from there (:func:`run_on`)."""
    if seat is not None:
        s.current = seat
    s.phase = phase
    run_on(s)


def nothing_to_hire(s: ViscountsState) -> None:
    """Every pile of the kingdom empty: no hire is possible anywhere."""
    s.piles = [[] for _ in s.piles]


def to_collision(s: ViscountsState) -> None:
    """The current seat's recruit phase with nothing to hire at its viscount: the flow
    goes on to phase 5 (the collision)."""
    s.piles[position(s.viscount[s.current])].clear()
    from_phase(s, RECRUIT)


def settle(s: ViscountsState) -> None:
    """Answer every pending decision with its first answer."""
    while s.decisions:
        s.apply(s.legal_actions()[0], s.turn().seats[0])


# -- Gates of Gold (content set gates_of_gold) ---------------------------------------------


def oid(name: str, nth: int = 0) -> int:
    """The id of the ``nth`` outsider of that name (an outsider may share a townsfolk's)."""
    return [i for i, c in enumerate(CARDS) if c.name == name and c.kind == "outsider"][nth]


def gates_turn(players: int = 2, seed: int = 1, **setup: Any) -> tuple[ViscountsState, int]:
    """:func:`bare_turn` in a game with Gates of Gold."""
    return my_turn(players, seed, bare=True, options={"gates_of_gold": True}, **setup)


def with_display(s: ViscountsState, *outsiders: int) -> None:
    """The face-up outsiders, left to right (ids: :func:`oid`)."""
    s.outsiders = list(outsiders)


def with_outsider_pile(s: ViscountsState, *outsiders: int) -> None:
    """The face-down outsiders, the top last (none: the pile is used up)."""
    s.outsider_pile = list(outsiders)


def with_orders(s: ViscountsState, n: int) -> None:
    """``n`` King's Orders left in the supply."""
    s.orders = n


# -- Keeper of Keys (content set keeper_of_keys) -------------------------------------------


def kid(name: str, nth: int = 0) -> int:
    """The id of the ``nth`` Keeper of Keys card of that name (Journeyman, Lender, Trader
    and Tinker share their names with base cards)."""
    return [i for i, c in enumerate(CARDS) if c.name == name and c.set == "keeper_of_keys"][nth]


def keeper_turn(
    players: int = 2, seed: int = 1, gates: bool = False, **setup: Any
) -> tuple[ViscountsState, int]:
    """:func:`bare_turn` in a game with Keeper of Keys (and Gates of Gold: ``gates``)."""
    options = {"keeper_of_keys": True, **({"gates_of_gold": True} if gates else {})}
    return my_turn(players, seed, bare=True, options=options, **setup)


def own_building_here(s: ViscountsState, seat: int, kind: str) -> int:
    """A spot on ``seat``'s viscount's side of the river now holds a building of its
    (``kind``: "workshop", ...), counted as built; answers the spot."""
    spot = s.build_spots(seat)[0]
    k = BUILDING_KINDS.index(kind)
    s.spot_owner[spot], s.spot_kind[spot] = seat, k
    s.built[seat][k] += 1
    return spot
