"""The preview contract (meeple.core.preview) over every registered game and player count.

A game's previews are what its page shows before a choice. Every game that shows
any declares one :class:`~meeple.core.preview.Preview`, and at random positions:

* the view carries exactly what the contract computes (``view(seat)[key]``);
* each previewed action's description is told from that action's child state
  (:meth:`State.child`, OpenSpiel's ``Child``), made here independently of the
  game's own code, from the seat's basis; and each previewed action is the seat's
  legal action or a hypothetical the game names;
* a seat's previews read only what it knows: a world it cannot tell from the real
  one (another determinization for it) shows it the same previews.

On main there is no contract (``meeple.core.preview`` does not exist).
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import OptionError, Rng, State
from meeple.core.playout import random_step
from meeple.core.preview import BASIS_SEED, Preview, basis, carried, declared, previews
from meeple.core.registry import get_game_class, make_game
from meeple.core.turn import TurnKind
from tests.conftest import all_configs, config_ids

#: The games whose pages preview a choice (each declares its Preview).
PREVIEWING = {"snowtails", "penguins", "viscounts", "unconscious", "fittoprint", "ice"}
#: Actions a game previews while they are not legal (:class:`Preview`): the game's name
#: to the action's text or kind (ICE's ``dig-from``: a dig from a tile not reached).
HYPOTHETICAL = {"snowtails": {"go"}, "unconscious": {"option 0"}, "ice": {"dig-from"}}


#: Options under which a game previews what its default game does not (Fit To Print
#: previews printing in family mode and in a puzzle only).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "fittoprint": [{"mode": "family"}, {"mode": "puzzle", "puzzle": 3}],
}


def games_of(name: str, players: int) -> list[Any]:
    """The game with its default options and with each variant its player count allows."""
    out = [make_game(name, players=players)]
    for options in VARIANTS.get(name, []):
        try:
            out.append(make_game(name, players=players, **options))
        except OptionError:
            continue
    return out


def positions(game: Any, seed: int, count: int = 24) -> list[State]:
    """Up to ``count`` positions of one random match where some seat may choose."""
    state = game.new_initial_state(seed)
    rng = Rng(seed).spawn(7)
    out: list[State] = []
    steps = 0
    while not state.is_terminal() and len(out) < count and steps < 400:
        if state.turn().kind is not TurnKind.CHANCE and rng.randbelow(3) == 0:
            out.append(state.clone())
        random_step(state, rng)
        steps += 1
    return out


def by_children(preview: Preview[Any], state: State, seat: int) -> Any:
    """The previews as the contract says they are made, computed here: each action's
    child from the seat's basis, described, gathered."""
    actions = list(preview.actions(state, seat))
    if not actions:
        return preview.gather(state, seat, [])
    before = basis(state, seat, preview.basis)
    legal = before.legal_actions(seat)
    items = []
    for action in actions:
        if action in legal:
            child = before.clone()
            child.apply(action, seat)
        else:
            names = HYPOTHETICAL.get(state.game.name, set())
            assert str(action) in names or action.kind in names, action
            if preview.child is not None:
                child = preview.child(before, action, seat)
            else:
                child = before.clone()
                child.apply_unchecked(action, seat)
        items.append((action, preview.describe(before, action, child, seat)))
    return preview.gather(state, seat, items)


def test_every_game_that_previews_declares_its_preview() -> None:
    for name in PREVIEWING:
        cls = get_game_class(name)
        assert cls.plugins.preview is not None, name


@pytest.mark.parametrize("config", all_configs(), ids=config_ids())
def test_previews_are_told_from_child_states_and_keep_secrets(config: tuple[str, int]) -> None:
    name, players = config
    seen = 0
    for game, seed in [(g, seed) for g in games_of(name, players) for seed in (1, 2)]:
        for state in positions(game, seed):
            preview = declared(state)
            if preview is None:
                assert name not in PREVIEWING
                continue
            for seat in state.turn().seats:
                shown = carried(state.view(seat), preview.key)
                assert shown == previews(preview, state, seat)
                assert shown == by_children(preview, state, seat)
                if list(preview.actions(state, seat)):
                    seen += 1
                if not game.perfect_information:
                    world = state.determinize(seat, Rng(seed + BASIS_SEED + 1))
                    assert carried(world.view(seat), preview.key) == shown, (name, seat)
            spectator = carried(state.view(None), preview.key)
            assert spectator in (None, preview.gather(state, None, [])), spectator
    if name in PREVIEWING:
        assert seen, f"{name}: no position with a preview"
