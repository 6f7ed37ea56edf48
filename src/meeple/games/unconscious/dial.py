"""The insight dial: where a player's insights are, and the moves the seed names.

A dial is one flat list of 20 counts, so a state clones it with one slice:

* ``dial[spot(colour, level)]`` generic insights on that space (9 spaces),
* ``dial[OWN + spot(colour, level)]`` player-colour insights there,
* ``dial[RESERVE]`` generic insights in the reserve, ``dial[OWN_RESERVE]`` own ones.

Two insights on the same space do the same work, so an operation on a space
moves a generic insight if there is one there and a player-colour one only
otherwise: player-colour insights are the ones treatises and district slots
take away, and this keeps as many of them available as possible. Each
function checks that the move is allowed and raises :class:`DialError`
(changing nothing) when it is not; the ``can_*`` functions answer the same
question without raising, for legal-action lists.
"""

from __future__ import annotations

from meeple.games.unconscious.components import ANY, COLOURS, MAJOR, MINOR

NC = len(COLOURS)
OWN = NC * 3
RESERVE = 2 * OWN
OWN_RESERVE = RESERVE + 1
SIZE = OWN_RESERVE + 1


class DialError(ValueError):
    """A dial move the rules do not allow (nothing was changed)."""


def spot(colour: int, level: int) -> int:
    """The index of the generic count on ``colour``'s space of ``level`` (1-3)."""
    return colour * 3 + level - 1


def new_dial(generic: int, own: int) -> list[int]:
    """A dial with every insight in the reserve."""
    dial = [0] * SIZE
    dial[RESERVE], dial[OWN_RESERVE] = generic, own
    return dial


def count(dial: list[int], colour: int, level: int) -> int:
    """Insights (generic and own) on one space."""
    i = spot(colour, level)
    return dial[i] + dial[OWN + i]


def on_dial(dial: list[int]) -> int:
    """Insights on the spaces (not in the reserve)."""
    return sum(dial[:RESERVE])


def _take(dial: list[int], colour: int, level: int) -> bool:
    """Remove one insight from a space (generic first); True if it was an own one."""
    i = spot(colour, level)
    if dial[i]:
        dial[i] -= 1
        return False
    if dial[OWN + i]:
        dial[OWN + i] -= 1
        return True
    raise DialError(f"no insight on the {COLOURS[colour]} {level} space")


def _put(dial: list[int], colour: int, level: int, own: bool) -> None:
    dial[(OWN if own else 0) + spot(colour, level)] += 1


def can_generate_from_reserve(dial: list[int]) -> bool:
    return dial[RESERVE] + dial[OWN_RESERVE] > 0


def generate(dial: list[int], colour: int, source: tuple[int, int] | None = None) -> None:
    """Generate a minor insight of ``colour``: from the reserve (generic first).

    With an empty reserve the seed lets the player take an insight from any
    space instead: ``source`` is that ``(colour, level)``.
    """
    if can_generate_from_reserve(dial):
        if source is not None:
            raise DialError("the reserve is not empty: generate from it")
        own = dial[RESERVE] == 0
        dial[OWN_RESERVE if own else RESERVE] -= 1
        _put(dial, colour, MINOR, own)
        return
    if source is None:
        raise DialError("the reserve is empty: name the space to take an insight from")
    own = _take(dial, *source)
    _put(dial, colour, MINOR, own)


def can_elevate(dial: list[int], colour: int, level: int) -> bool:
    return level < MAJOR and count(dial, colour, level) > 0


def elevate(dial: list[int], colour: int, level: int) -> None:
    """One level up; a major cannot go higher, and the reserve is never elevated."""
    if not MINOR <= level < MAJOR:
        raise DialError(f"level {level} cannot be elevated")
    own = _take(dial, colour, level)
    _put(dial, colour, level + 1, own)


def suppress(dial: list[int], colour: int, level: int) -> None:
    """One level down; a suppressed minor goes back to the reserve."""
    own = _take(dial, colour, level)
    if level == MINOR:
        dial[OWN_RESERVE if own else RESERVE] += 1
    else:
        _put(dial, colour, level - 1, own)


def transfer(dial: list[int], colour: int, level: int, to: int, power: int = MAJOR) -> None:
    """Move an insight to another colour at the same level; ``power`` is the
    transfer's level (a major transfer moves any insight, a minor one only minors)."""
    if to == colour:
        raise DialError("a transfer changes the colour")
    if level > power:
        raise DialError(f"a level-{power} transfer cannot move a level-{level} insight")
    own = _take(dial, colour, level)
    _put(dial, to, level, own)


def fits(colour: int, level: int, need_colour: int, need_level: int) -> bool:
    """An insight on (colour, level) can pay a cost of (need_colour, need_level):
    the same colour (any colour for a generic cost) at that level or higher."""
    return (need_colour == ANY or colour == need_colour) and level >= need_level


def _fitting(need_colour: int, need_level: int) -> tuple[tuple[int, int, int], ...]:
    """Each space that :func:`fits` a cost, cheapest first, with its generic count's index."""
    return tuple(
        (c, lv, spot(c, lv))
        for lv in range(need_level, MAJOR + 1)
        for c in range(NC)
        if fits(c, lv, need_colour, need_level)
    )


#: :func:`_fitting` of every cost (legal actions ask :func:`payers` for each cost shown).
_FITTING = {(c, lv): _fitting(c, lv) for c in (*range(NC), ANY) for lv in range(MINOR, MAJOR + 1)}


def payers(dial: list[int], need_colour: int, need_level: int) -> list[tuple[int, int]]:
    """The spaces that can pay a cost, cheapest first (holding an insight of either kind)."""
    spaces = _FITTING.get((need_colour, need_level)) or _fitting(need_colour, need_level)
    return [(c, lv) for c, lv, i in spaces if dial[i] or dial[OWN + i]]


def spend(dial: list[int], colour: int, level: int, need_colour: int, need_level: int) -> None:
    """Pay a cost with the insight on (colour, level): it goes back to the reserve."""
    if not fits(colour, level, need_colour, need_level):
        raise DialError(f"a {COLOURS[colour]} {level} insight cannot pay that cost")
    own = _take(dial, colour, level)
    dial[OWN_RESERVE if own else RESERVE] += 1


def own_spots(dial: list[int]) -> list[tuple[int, int]]:
    """Spaces holding a player-colour insight."""
    return [(c, lv) for c in range(NC) for lv in range(MINOR, MAJOR + 1) if dial[OWN + spot(c, lv)]]


def has_own(dial: list[int]) -> bool:
    return dial[OWN_RESERVE] > 0 or bool(own_spots(dial))


def take_own(dial: list[int], source: tuple[int, int] | None = None) -> None:
    """Remove a player-colour insight for a treatise or a district slot (for good).

    From the reserve when one is there (``source`` None); otherwise from the
    space ``source`` names, which must hold one.
    """
    if dial[OWN_RESERVE]:
        if source is not None:
            raise DialError("a player-colour insight is in the reserve: take that one")
        dial[OWN_RESERVE] -= 1
        return
    if source is None or not dial[OWN + spot(*source)]:
        raise DialError("no player-colour insight there")
    dial[OWN + spot(*source)] -= 1


def unlock_own(dial: list[int]) -> None:
    """A locked player-colour insight (notebook row or column) joins the reserve."""
    dial[OWN_RESERVE] += 1


def majors(dial: list[int]) -> int:
    return sum(count(dial, c, MAJOR) for c in range(NC))
