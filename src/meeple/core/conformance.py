"""The generic conformance checks every registered game must pass.

Each check takes a configured game and a seed and raises AssertionError with a
clear message on failure. ``tests/test_conformance.py`` runs them all over the
registry (every game, every player count), so a new game gets them for free.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np

from meeple.core.errors import IllegalActionError, MeepleError
from meeple.core.game import Game, State
from meeple.core.match import Match, MatchRecord, replay
from meeple.core.playout import random_playout, random_step
from meeple.core.rng import Rng
from meeple.core.turn import TurnKind


def _walk(game: Game, seed: int, visit: Callable[[State, int], None]) -> State:
    """Random playout calling ``visit(state, step)`` before every action."""
    state = game.new_initial_state(seed)
    rng = Rng(seed).spawn(2)
    step = 0
    while not state.is_terminal():
        visit(state, step)
        random_step(state, rng)
        step += 1
        assert step <= game.max_game_length(), f"exceeded max length {game.max_game_length()}"
    visit(state, step)
    return state


def check_playouts_finish(game: Game, seed: int) -> None:
    """Random playouts end within the declared maximum length, with valid results."""
    state, length = random_playout(game, seed)
    assert length <= game.max_game_length()
    ranks = state.ranks()
    assert len(ranks) == game.players and min(ranks) == 1
    assert len(state.scores()) == game.players
    returns = state.returns()
    assert all(-1.0 <= r <= 1.0 for r in returns), returns


def check_every_legal_action_applies(game: Game, seed: int) -> None:
    """Every listed legal action applies on a clone; its code round-trips."""
    space = game.action_space

    def visit(state: State, step: int) -> None:
        t = state.turn()
        if t.kind is TurnKind.CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes, "chance node without outcomes"
            total = sum(p for _, p in outcomes)
            assert abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}"
            for a, p in outcomes:
                assert p > 0
                assert space.action(space.code(a)) == a
            return
        for seat in range(game.players):
            legal = state.legal_actions(seat)
            if seat not in t.seats:
                assert legal == [], f"seat {seat} may not act but has legal actions"
                continue
            assert legal, f"seat {seat} must act but has no legal action"
            assert len(set(legal)) == len(legal), "duplicate legal actions"
            for a in legal[:40] if step % 3 else legal:
                code = space.code(a)
                assert space.action(code) == a
                assert game.action_from_json(json.loads(json.dumps(a.to_json()))) == a
                assert game.parse_action(str(a)) == a
                c = state.clone()
                c.apply(a, seat)

    _walk(game, seed, visit)


def check_clones_independent(game: Game, seed: int) -> None:
    """Changing a clone leaves the original untouched."""

    def visit(state: State, step: int) -> None:
        if state.is_terminal() or step % 4:
            return
        before = json.dumps(state.to_json(), sort_keys=True)
        c = state.clone()
        rng = Rng(seed + step)
        for _ in range(5):
            if c.is_terminal():
                break
            random_step(c, rng)
        assert json.dumps(state.to_json(), sort_keys=True) == before, "clone shares state"

    _walk(game, seed, visit)


def check_json_round_trip(game: Game, seed: int) -> None:
    """to_json / state_from_json round-trips, and the state id follows the content."""

    def visit(state: State, step: int) -> None:
        data = json.loads(json.dumps(state.to_json()))
        again = game.state_from_json(data)
        assert again.to_json() == state.to_json() or json.dumps(
            again.to_json(), sort_keys=True
        ) == json.dumps(state.to_json(), sort_keys=True)
        assert again.state_id() == state.state_id()
        assert again.turn() == state.turn()
        for seat in state.turn().seats:
            assert again.legal_actions(seat) == state.legal_actions(seat)
        json.dumps(state.view(None))

    _walk(game, seed, visit)


def check_seed_replays(game: Game, seed: int) -> None:
    """The same seed gives the same match; a record replays to the same state."""
    m = Match(game, seed)
    rng = Rng(seed).spawn(3)
    while not m.state.is_terminal():
        t = m.state.turn()
        if t.kind is TurnKind.CHANCE:
            m.resolve_chance()
            continue
        seat = t.seats[rng.randbelow(len(t.seats))]
        legal = m.state.legal_actions(seat)
        m.play(legal[rng.randbelow(len(legal))], seat)
    record = MatchRecord.from_json(json.loads(json.dumps(m.record().to_json())))
    again = replay(record, verify=True)
    assert (
        again.state.to_json() == m.state.to_json() or again.state.state_id() == m.state.state_id()
    )
    assert game.new_initial_state(seed).state_id() == game.new_initial_state(seed).state_id()


def check_illegal_changes_nothing(game: Game, seed: int) -> None:
    """Illegal actions and wrong seats raise and leave the state unchanged."""
    space = game.action_space

    def visit(state: State, step: int) -> None:
        if step % 5:
            return
        before = state.state_id()
        t = state.turn()
        for seat in range(game.players):
            if seat in t.seats:
                legal = set(state.legal_actions(seat))
                illegal = [a for a in space.actions[:200] if a not in legal][:3]
                for a in illegal:
                    try:
                        state.apply(a, seat)
                    except MeepleError:
                        pass
                    else:
                        raise AssertionError(f"illegal {a} was accepted")
                    assert state.state_id() == before
            elif t.kind is not TurnKind.CHANCE:
                for a in state.legal_actions(t.seats[0])[:1] if t.seats else []:
                    try:
                        state.apply(a, seat)
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError(f"seat {seat} acted out of turn")
                    assert state.state_id() == before

    _walk(game, seed, visit)


def check_views_hide_secrets(game: Game, seed: int) -> None:
    """A seat's view (and observation) is unchanged when only others' secrets are resampled."""

    def visit(state: State, step: int) -> None:
        if step % 3:
            return
        for seat in range(game.players):
            view = state.view(seat)
            obs = state.observation_tensor(seat)
            for k in range(2):
                other = state.determinize(seat, Rng(seed * 31 + step * 7 + k))
                assert other.view(seat) == view, f"seat {seat}'s view changed with others' secrets"
                assert np.array_equal(other.observation_tensor(seat), obs)
                assert other.turn() == state.turn()
                if seat in state.turn().seats:
                    assert other.legal_actions(seat) == state.legal_actions(seat)
            json.dumps(view)

    _walk(game, seed, visit)


def check_determinize_keeps_what_the_seat_saw(game: Game, seed: int) -> None:
    """A determinized state is one the seat cannot tell from the true one, log included.

    For a seat p and many states of a random match, each determinization for
    p must give p the same view, observation, turn and legal actions, and the
    spectator the same view; and p's next log line must read the same in both
    worlds for every action any seat could take next that reveals nothing
    (``reveals_information`` False in both): a line that changed with others'
    secrets would tell p something without a barrier.

    What p's *past* log told it (a tile it watched another seat take face up)
    must still hold in the determinized world. A generic check cannot read
    meaning from log text, so games show such lasting facts in their views,
    derived from where the pieces are (Fit To Print: each seat's ``known``
    tiles, listed while they are on its desk or page); a world that moved them
    then shows p, and the spectator, a different view.
    """
    state = game.new_initial_state(seed)
    rng = Rng(seed).spawn(5)
    step = 0
    while not state.is_terminal():
        if step % 5 == 0 and not state.is_chance():
            _determinized_worlds_agree(state, seed * 1009 + step, step)
        random_step(state, rng)
        step += 1
        assert step <= game.max_game_length(), f"exceeded max length {game.max_game_length()}"


def _determinized_worlds_agree(state: State, seed: int, step: int) -> None:
    t = state.turn()
    spectator = state.view(None)
    for p in range(state.game.players):
        view = state.view(p)
        obs = state.observation_tensor(p)
        for k in range(2):
            world = state.determinize(p, Rng(seed + k))
            where = f"seat {p} at step {step}"
            assert world.view(p) == view, f"{where}: the determinized view differs"
            assert world.view(None) == spectator, f"{where}: the public view differs"
            assert np.array_equal(world.observation_tensor(p), obs), f"{where}: observation"
            assert world.turn() == t, f"{where}: the turn differs"
            assert world.legal_actions(p) == state.legal_actions(p), f"{where}: legal actions"
            for actor in t.seats:
                mine = set(world.legal_actions(actor))
                for action in state.legal_actions(actor):
                    if action not in mine or state.reveals_information(action, actor):
                        continue
                    if world.reveals_information(action, actor):
                        continue
                    line = state.redact_action(action, actor, p)
                    assert world.redact_action(action, actor, p) == line, (
                        f"{where}: seat {p} would read {actor}'s {action} differently: {line!r}"
                    )


def check_determinize_uses_view_only(game: Game, seed: int) -> None:
    """``determinize(seat, rng)`` is a function of the seat's view and ``rng`` alone.

    Two full states that look the same to a seat must determinize identically
    for the same generator, or information-set search would act on secrets
    (sort the unseen pool before shuffling it).
    """

    def visit(state: State, step: int) -> None:
        if step % 4 or state.is_terminal():
            return
        for seat in range(game.players):
            twin = state.determinize(seat, Rng(seed * 131 + step))
            a = state.determinize(seat, Rng(77)).to_json()
            b = twin.determinize(seat, Rng(77)).to_json()
            assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True), (
                f"seat {seat}: determinize depends on more than the seat's view"
            )

    _walk(game, seed, visit)


def check_observation_tensor(game: Game, seed: int) -> None:
    """Observation tensors are finite float32 arrays of the declared shape."""
    shape = game.observation_shape()

    def visit(state: State, step: int) -> None:
        if step % 2:
            return
        for seat in [*range(game.players), None]:
            obs = state.observation_tensor(seat)
            assert isinstance(obs, np.ndarray)
            assert obs.shape == shape, f"observation shape {obs.shape} != declared {shape}"
            assert obs.dtype == np.float32, f"observation dtype {obs.dtype}, expected float32"
            assert np.all(np.isfinite(obs))

    _walk(game, seed, visit)


def check_declared_turn_kinds(game: Game, seed: int) -> None:
    """Chance and simultaneous turns only occur in games that declare them.

    Research adapters pick their dynamics from ``has_chance`` and
    ``simultaneous_turns`` before any state exists (OpenSpiel's GameType).
    """

    def visit(state: State, step: int) -> None:
        kind = state.turn().kind
        if kind is TurnKind.CHANCE:
            assert game.has_chance, "a chance turn occurred but the game says has_chance = False"
        elif kind is TurnKind.SIMULTANEOUS:
            assert game.simultaneous_turns, (
                "a simultaneous turn occurred but the game says simultaneous_turns = False"
            )

    _walk(game, seed, visit)


ALL_CHECKS: tuple[Callable[[Game, int], None], ...] = (
    check_playouts_finish,
    check_every_legal_action_applies,
    check_clones_independent,
    check_json_round_trip,
    check_seed_replays,
    check_illegal_changes_nothing,
    check_views_hide_secrets,
    check_determinize_keeps_what_the_seat_saw,
    check_determinize_uses_view_only,
    check_observation_tensor,
    check_declared_turn_kinds,
)
