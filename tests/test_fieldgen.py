"""The field methods of every built-in game's states are checked-in source, never exec.

``python -m meeple.core.fieldgen`` writes each state module's companion
(``state.py`` -> ``state_fields.py``) from its ``StateFields`` declarations; the
interpreted and the compiled engine run those files (docs/architecture.md, "The
compiled engine"). These tests fail when a companion is out of date, and when a
built-in game's field methods come from anywhere else.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from meeple.core import fieldgen
from meeple.core.fields import FieldState, StateFields, companion, declaring
from meeple.core.registry import BUILTIN_GAMES, get_game_class


def test_every_companion_is_current() -> None:
    assert fieldgen.stale() == [], "run: python -m meeple.core.fieldgen"
    assert fieldgen.main(["--check"]) == 0
    modules = fieldgen.declared()
    assert {f"meeple.games.{slug}.state" for slug in BUILTIN_GAMES} <= set(modules)


@pytest.mark.parametrize("slug", sorted(BUILTIN_GAMES))
def test_a_built_in_games_field_methods_are_its_companions_not_exec(
    slug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every field state class of the game, the rules' subclass too, has the clone,
    to_json and loader of its declaring module's companion; declaring one again with
    ``exec`` refused still works (nothing of it is built by exec)."""
    state = get_game_class(slug)().new_initial_state(1)
    cls = type(state)
    owner = declaring(cls)
    written = companion(owner.__module__)
    assert cls.clone.__module__ == written
    assert cls.to_json.__module__ == written or "to_json" in vars(cls)  # Viscounts' own
    assert cls._load.__module__ == written  # type: ignore[attr-defined]
    assert cls.clone.__qualname__ == f"make_{owner.__qualname__}.<locals>.clone"

    def refused(self: StateFields, cls: type) -> Any:
        raise AssertionError(f"{cls.__name__}'s field methods built by exec")

    monkeypatch.setattr(StateFields, "build", refused)

    class Again(cls):  # type: ignore[valid-type,misc]
        __slots__ = ()

    Again.__module__ = owner.__module__
    copy = Again.clone(state)
    assert type(copy) is Again and owner.to_json(copy) == owner.to_json(state)


def test_a_stale_companion_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A companion written from another declaration (a field added without running the
    generator) is ignored with a warning: the methods follow the declaration."""
    stale = types.ModuleType("tests.fieldgen_toy_fields")
    stale.FINGERPRINTS = {"Toy": "0" * 16}  # type: ignore[attr-defined]
    stale.make_Toy = lambda **names: pytest.fail("the stale factory ran")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, stale.__name__, stale)
    fields = StateFields(count=int, hand=list[int])
    with pytest.warns(UserWarning, match="out of date"):
        Toy = types.new_class(
            "Toy",
            (FieldState,),
            exec_body=lambda ns: ns.update(
                __slots__=fields.slots, fields=fields, __module__="tests.fieldgen_toy"
            ),
        )
    Toy.__abstractmethods__ = frozenset()  # data only: no rules to play it by
    s = object.__new__(Toy)
    s.game, s.count, s.hand = None, 2, [1]  # type: ignore[attr-defined]
    c = s.clone()  # type: ignore[attr-defined]
    assert (c.count, c.hand, c.hand is s.hand) == (2, [1], False)  # type: ignore[attr-defined]
    # Written from this declaration, the same factory is current and used.
    stale.FINGERPRINTS = {"Toy": fields.fingerprint()}  # type: ignore[attr-defined]
    assert fields.written(Toy) is stale.make_Toy  # type: ignore[attr-defined]


def test_a_companion_is_the_declarations_code_in_a_factory() -> None:
    """The companion's text is the code ``exec`` would run, inside one factory per class
    taking the names it uses; the same declaration gives the same fingerprint."""
    from meeple.games.tictactoe.state import FIELDS, TicTacToeData

    text = fieldgen.source("meeple.games.tictactoe.state", [TicTacToeData])
    assert f'"TicTacToeData": "{FIELDS.fingerprint()}"' in text
    for line in FIELDS.code().splitlines():
        assert f"    {line}\n" in text
    assert "def make_TicTacToeData(\n    cls,\n    new,\n    Rng,\n    json_copy,\n):" in text
    again = StateFields(board=list[int], to_move=int, derived=("_turn", "_winner"))
    assert again.fingerprint() == FIELDS.fingerprint()
    assert StateFields(board=list[int], to_move=int).fingerprint() != FIELDS.fingerprint()
