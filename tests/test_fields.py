"""core.fields: a state's fields declared once drive clone, JSON, loading and slots."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from meeple.core import Action, Game, RecordError, Rng, Turn
from meeple.core.fields import SHARED_LIST, Custom, FieldState, Shared, StateFields
from meeple.core.i18n import Strings

FIELDS = StateFields(
    count=int,
    ratio=float,
    done=bool,
    name=str,
    owner=int | None,
    hand=list[int],
    grid=list[list[int]],
    path=tuple[int, ...],
    seen=set[int],
    rng=Rng,
    extra=object,
    log=Shared[list[list[int]]],
    pages=Custom(
        copy=lambda v: [dict(p) for p in v],
        dump=lambda v: [sorted(p.items()) for p in v],
        load=lambda v: [{int(k): int(x) for k, x in p} for p in v],
    ),
    history=SHARED_LIST,
    derived=("_total",),
)


class Toy(Game):
    name = "toyfields"
    title = "Toy"
    min_players = 1
    max_players = 1

    def enumerate_actions(self) -> list[Action]:
        return []

    def max_game_length(self) -> int:
        return 0

    def new_initial_state(self, seed: int = 0) -> ToyState:
        s = ToyState.__new__(ToyState)
        s.game = self
        s.count, s.ratio, s.done, s.name, s.owner = 3, 0.5, False, "a", None
        s.hand, s.grid, s.path, s.seen = [1, 2], [[1], [2, 3]], (4, 5), {9, 7}
        s.rng, s.extra = Rng(seed, 2), ("x", 1)
        s.log, s.pages, s.history = [[1, 2]], [{3: 4}], [{"day": 1}]
        s.restore()
        return s

    def state_from_json(self, data: dict[str, Any]) -> ToyState:
        return ToyState.load(self, data)


class ToyData(FieldState):
    __slots__ = FIELDS.slots
    fields = FIELDS

    count: int
    ratio: float
    done: bool
    name: str
    owner: int | None
    hand: list[int]
    grid: list[list[int]]
    path: tuple[int, ...]
    seen: set[int]
    rng: Rng
    extra: object
    log: list[list[int]]
    pages: list[dict[int, int]]
    history: list[dict[str, int]]
    _total: int

    def restore(self) -> None:
        self._total = sum(self.hand)


class ToyState(ToyData):
    """The 'rules' subclass: the methods are built again for it."""

    __slots__ = ()

    def turn(self) -> Turn:
        return Turn.seat(0)

    def _legal_actions(self, seat: int) -> list[Action]:
        return []

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        raise AssertionError

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return np.zeros(1, dtype=np.float32)

    def scores(self) -> list[float]:
        return [0.0]


def test_clone_copies_each_field_to_its_depth() -> None:
    s = Toy().new_initial_state(1)
    c = s.clone()
    assert type(c) is ToyState and c.game is s.game
    c.hand.append(3)
    c.grid[1].append(4)
    c.seen.add(1)
    c.rng.next64()
    assert s.hand == [1, 2] and s.grid == [[1], [2, 3]] and s.seen == {9, 7}
    assert s.rng.to_json() == [1, 2]
    assert c._total == 3  # derived fields are carried over
    assert c.log is not s.log and c.log[0] is s.log[0]  # Shared: only the list is copied
    c.pages[0][5] = 6
    assert s.pages == [{3: 4}]  # Custom: the game's own copy
    assert c.history is s.history  # replaced, never changed in place: shared


def test_json_round_trip_and_derived_fields_rebuilt() -> None:
    game = Toy()
    s = game.new_initial_state(1)
    data = s.to_json()
    assert data["seen"] == [7, 9] and data["path"] == [4, 5] and data["rng"] == [1, 2]
    assert "_total" not in data and "game" not in data
    back = game.state_from_json(data)
    assert back.to_json() == data and back.state_id() == s.state_id()
    assert back.path == (4, 5) and back.seen == {7, 9} and back._total == 3
    assert data["pages"] == [[(3, 4)]] and back.pages == [{3: 4}]
    assert data["log"] == [[1, 2]] and data["log"][0] is not s.log[0]  # JSON copies deeply
    assert back.history == [{"day": 1}] and back.history is not data["history"]
    data["grid"][0].append(8)
    assert back.grid == [[1], [2, 3]]  # loading copied nested lists


def test_slots_name_each_field_once() -> None:
    assert FIELDS.slots == ("game", *FIELDS.names, "_total")
    assert ToyData.__slots__ == FIELDS.slots and ToyState.__slots__ == ()
    assert list(Toy().new_initial_state().to_json()) == list(FIELDS.names)


def test_bad_stored_state_is_a_record_error() -> None:
    game = Toy()
    data = game.new_initial_state().to_json()
    del data["hand"]
    with pytest.raises(RecordError, match="lacks the field 'hand'"):
        game.state_from_json(data)
    data = game.new_initial_state().to_json()
    data["count"] = "many"
    with pytest.raises(RecordError, match="malformed"):
        game.state_from_json(data)


def test_declarations_that_cannot_work_are_refused() -> None:
    with pytest.raises(TypeError, match="no copy rule"):
        StateFields(table=dict[str, int])
    with pytest.raises(TypeError, match="named twice"):
        StateFields(a=int, derived=("a",))
    with pytest.raises(TypeError, match="game"):
        StateFields(game=int)


def test_strings_need_both_languages_with_the_same_keys() -> None:
    text = Strings({"en": {"hi": "hello {n}"}, "zh-TW": {"hi": "你好 {n}"}})
    assert text("hi", "zh", n=2) == "你好 2" and text("hi", "fr", n=1) == "hello 1"
    with pytest.raises(ValueError, match="only en"):
        Strings({"en": {"a": "a", "b": "b"}, "zh-TW": {"a": "甲"}})
    with pytest.raises(ValueError, match="exactly"):
        Strings({"en": {"a": "a"}})
