"""Named set-ups for Unconscious Mind's rules tests: a match past setup (:func:`ready`),
then arranged by name rather than by writing the state's fields in every test, so a
change to how the state keeps them is fixed here::

    s = ready()
    with_counts(s, 0, coffee=2, bright=1)
    with_room(s, 0, 0, client=NORMAL_CLIENTS[0], grief=EMPTY, track=8)
    ideas_on(s, 0, seat=0, action=0, ideas=1)  # seat 0's idea on space 0, as if placed
    play(s, RECALL, Option(1))
"""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.unconscious import Unconscious, UnconsciousState
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious.actions import KeepStart
from meeple.games.unconscious.setup import start_tiles


def ready(players: int = 2, seed: int = 1, **options: object) -> UnconsciousState:
    """A match past the keep phase (each seat kept its first starting tile in row 1)."""
    s = Unconscious(players=players, **options).new_initial_state(seed)
    for seat in range(players):
        s.apply(KeepStart(start_tiles(s, seat)[0], 0), seat)
    return s


def play(s: UnconsciousState, *actions: Action) -> None:
    """Apply each action as the seat whose turn it is (checked)."""
    for a in actions:
        seat = s.current_seat()
        assert seat is not None
        s.apply(a, seat)


def fill_dial(s: UnconsciousState, seat: int, *spots: tuple[int, int]) -> None:
    """Give ``seat`` a dial holding exactly one insight per ``(colour, level)`` listed,
    the rest of six generic and one own insight in the reserve."""
    d = dl.new_dial(6, 1)
    for colour, level in spots:
        dl.generate(d, colour)
        for lv in range(1, level):
            dl.elevate(d, colour, lv)
    s.dial[seat] = d


#: Per-seat amounts :func:`with_counts` sets.
COUNTS = (
    "coffee",
    "bright",
    "vp",
    "inkpot",
    "ideas",
    "rep",
    "rep_stamp",
    "professor",
    "room2_open",
)
#: What a client room holds that :func:`with_room` sets.
ROOM = ("client", "grief", "track", "latent", "manifest")


def with_counts(s: UnconsciousState, seat: int, **counts: int) -> None:
    """``seat`` holds these amounts (``coffee=2, bright=1, ...``: see :data:`COUNTS`)."""
    for name, n in counts.items():
        if name not in COUNTS:
            raise TypeError(f"with_counts: no count {name!r} (one of {', '.join(COUNTS)})")
        getattr(s, name)[seat] = n


def with_room(s: UnconsciousState, seat: int, room: int, **held: int) -> None:
    """``seat``'s client room ``room`` holds these (``client=``, ``grief=`` its grief
    layer, ``track=`` the marker's space, ``latent=`` and ``manifest=`` its dreams;
    ``EMPTY``: none)."""
    for name, v in held.items():
        if name not in ROOM:
            raise TypeError(f"with_room: no {name!r} in a room (one of {', '.join(ROOM)})")
        getattr(s, f"room_{name}")[seat][room] = v


def professor_at(s: UnconsciousState, seat: int, location: int) -> None:
    """``seat``'s professor stands at Vienna location ``location``."""
    s.professor[seat] = location


def freud_at(s: UnconsciousState, location: int) -> None:
    """Freud stands at Vienna location ``location``."""
    s.freud_loc = location


def ideas_on(s: UnconsciousState, space: int, seat: int, action: int, ideas: int) -> None:
    """``ideas`` of ``seat``'s ideas stand on meeting-table space ``space``, pointing at
    ``action``, as if placed there (nothing paid, nothing taken)."""
    s.space_seat[space], s.space_action[space], s.space_ideas[space] = seat, action, ideas


def with_hand(s: UnconsciousState, seat: int, *cards: int) -> None:
    """``seat``'s research hand holds these cards (none: empty)."""
    s.hand[seat] = list(cards)


def with_played(s: UnconsciousState, seat: int, *cards: int) -> None:
    """``seat`` has these research cards in play (none: none)."""
    s.played[seat] = list(cards)


def at_phase(s: UnconsciousState, phase: int) -> None:
    """The match at ``phase`` (``OVER``: finished, scored as it stands)."""
    s.phase = phase


def legal(s: UnconsciousState) -> list[Action]:
    seat = s.current_seat()
    assert seat is not None
    return s.legal_actions(seat)
