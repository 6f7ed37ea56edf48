"""Set-up helpers for Snow Tails rules tests: build a race, then place sleds and cards."""

from __future__ import annotations

from meeple.games.snowtails import ChooseLane, SnowTails, SnowTailsState

STRAIGHT = "START:a,S1:a,S2:a,S3:a,S4:a,FINISH:a"
LEFT_CORNER = "START:a,S1:a,C1:a,S2:a,FINISH:a"


def race(
    players: int = 2, course: str = STRAIGHT, lanes: list[int] | None = None, seed: int = 0
) -> SnowTailsState:
    """A race whose start lanes are chosen (seat i takes ``lanes[i]``)."""
    game = SnowTails(players=players, course=course)
    state = game.new_initial_state(seed)
    for lane in lanes or list(range(1, players + 1)):
        state.apply(ChooseLane(lane))
    return state


def put(state: SnowTailsState, seat: int, lane: int, tile: int, index: int) -> int:
    """Place ``seat``'s sled on lane index ``lane`` (0 = leftmost), tile, row."""
    cell = state.game.track.cell_at(lane, tile, index)
    state.cell[seat] = cell
    return cell


def where(state: SnowTailsState, seat: int) -> tuple[int, int, int]:
    """(lane index, tile, row) of ``seat``'s sled."""
    t = state.game.track
    c = state.cell[seat]
    return t.lane[c], t.tile[c], t.index[c]


def give(state: SnowTailsState, seat: int, cards: list[int]) -> None:
    """Replace ``seat``'s hand by ``cards`` (0 = a dent card)."""
    hand = [0] * 6
    for v in cards:
        hand[v] += 1
    state.hand[seat] = hand


def dogs(state: SnowTailsState, seat: int, left: int, right: int, brake: int) -> None:
    state.left[seat] = [left]
    state.right[seat] = [right]
    state.brake[seat] = brake


def turn_of(state: SnowTailsState, seat: int, round_no: int = 2) -> None:
    """Make it ``seat``'s turn (the others follow in seat order)."""
    others = [s for s in range(state.game.players) if s != seat]
    state.order = [seat, *others]
    state.order_idx = 0
    state.round_no = round_no
    state._clear_turn()
    state.phase = "play"


def park_others(state: SnowTailsState, seat: int) -> None:
    """Move every other sled out of the way (onto the start tile's last row)."""
    lane = 0
    for s in range(state.game.players):
        if s != seat:
            put(state, s, lane, 0, 2)
            lane += 1
