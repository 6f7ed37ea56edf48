"""OpenSpiel games for every meeple game: ``load(game)`` returns a ``pyspiel.Game``.

>>> from meeple.adapters.openspiel import load
>>> game = load("tictactoe")
>>> game
meeple_tictactoe(players=2)
>>> state = game.new_initial_state()
>>> state.apply_action(4)
>>> state.current_player(), state.legal_actions()
(1, [0, 1, 2, 3, 5, 6, 7, 8])

Mapping (read before changing):

- Registered as ``meeple_<name>`` through OpenSpiel's Python-game API, once
  per game class, by :func:`load` (or :func:`register_all`, before using
  ``pyspiel.load_game`` or deserializing in a fresh process); parameters are
  ``players`` plus the game's options. String and list values are escaped
  (:func:`encode_text`) so that game strings with a course ``a,b,c`` or a
  layout ``"2"`` parse back to the same values.
- Action ids are meeple's dense action codes (``num_distinct_actions`` is the
  game's); chance outcomes use the same codes.
- Dynamics: SIMULTANEOUS when the *configured* game declares
  ``simultaneous_turns`` (real-time Fit To Print; meeple SEAT turns stay
  ordinary player nodes), else SEQUENTIAL: the loaded game's type says so
  even where the class registered the other. A simultaneous node is one
  joint step (:meth:`State.apply_joint`): all or nothing, in a seat order
  that rotates with the move number, a part made impossible by an earlier
  one void; seats that may not act have no legal actions and their entry is
  ignored.
- Chance: explicit chance nodes become OpenSpiel chance nodes. Games whose
  initial state depends on its seed (hidden shuffles held in the state's own
  generator) start with one more chance node, the *deal*: it picks one of
  ``deals`` seeds (a game parameter, default ``DEFAULT_DEALS`` = 4096),
  uniformly (action ids ``num_distinct_actions + k``), and nobody observes
  which. More deals cost more at that node (its outcome list is that long). So every game is EXPLICIT_STOCHASTIC (or
  DETERMINISTIC), never SAMPLED_STOCHASTIC: OpenSpiel cannot serialize a
  Python game's generator (``GetRNGState`` is not exposed to Python), and an
  explicit deal keeps matches reproducible from their history alone.
- Utility: ZERO_SUM with returns in [-1, 1] when the game keeps the core's
  rank-based ``returns`` (and has two or more seats), else GENERAL_SUM.
  Rewards are terminal only.
- Observations: the observation tensor is ``observation_tensor(player)``;
  the observation string is the seat's ``view`` as JSON. A public-only
  observer uses the spectator view (seat None), an all-players one the full
  state JSON (string only). The information-state string (perfect recall) is
  the log of every action as the seat saw it (``redact_action``) followed by
  its current view; there is no information-state tensor.
- Serialization: OpenSpiel pickles a Python state's attributes; ours pickle
  as (game config, ``State.to_json()``, log), i.e. through meeple's own JSON,
  so ``deserialize_state`` and ``serialize_game_and_state`` round-trip exactly.
- ``resample_from_infostate(player, sampler)`` is the game's ``determinize``
  (what OpenSpiel's Python ISMCTS asks for); the copy keeps the original's
  ``history()``, only the meeple state underneath is redrawn.
- ``str(state)`` is the full state's JSON (OpenSpiel compares states by it).
"""

from __future__ import annotations

import functools
import json
from typing import Any

import numpy as np
import pyspiel

from meeple.adapters.common import resolve_game
from meeple.core.errors import OptionError
from meeple.core.game import Game, State, joint_order
from meeple.core.options import GameOption
from meeple.core.registry import games as registry_games
from meeple.core.rng import Rng
from meeple.core.turn import TurnKind

#: How many seeds the deal chance node (games with a seeded hidden shuffle) chooses among,
#: unless the ``deals`` parameter says otherwise.
DEFAULT_DEALS = 1 << 12

#: OpenSpiel short name -> the meeple game class registered under it.
_REGISTERED: dict[str, type[Game]] = {}
#: (class, canonical config) -> configured meeple game, shared by states and deserialization.
_GAMES: dict[tuple[type[Game], str], Game] = {}
#: OpenSpiel short name -> the pyspiel.Game subclass registered as its creator.
_CREATORS: dict[str, type[MeepleSpielGame]] = {}


def spiel_name(game: Game | type[Game]) -> str:
    """The OpenSpiel short name of a meeple game: ``meeple_<name>``."""
    return f"meeple_{game.name}"


# -- parameters ------------------------------------------------------------------


#: Characters OpenSpiel's game-string parser gives a meaning to, plus the escape itself.
_SPECIAL = frozenset(",=()%\"' ")


def encode_text(text: str) -> str:
    """A string option value written so OpenSpiel's game string keeps it whole.

    The parser splits parameters at commas and reads ``True``, ``3`` or
    ``2.5`` as booleans and numbers, so ``course=C1:a,S2:a`` or ``layout=2``
    would not come back as the string they were. Special characters become
    ``%XX``, and a value that would read as a number or boolean gets its first
    character escaped too. :func:`decode_text` undoes it.

    >>> encode_text("C1:a,S2:a"), encode_text("2"), encode_text("slo")
    ('C1:a%2CS2:a', '%32', 'slo')
    >>> decode_text(encode_text("a, b=(1%)")) == "a, b=(1%)"
    True
    """
    out = "".join(f"%{ord(c):02X}" if c in _SPECIAL else c for c in text)
    if out and _reads_as_other(out):
        out = f"%{ord(out[0]):02X}{out[1:]}"
    return out


def _reads_as_other(text: str) -> bool:
    """Whether OpenSpiel would parse ``text`` as a bool, int or float instead of a string."""
    if text in ("True", "False", "true", "false"):
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def decode_text(text: str) -> str:
    """Inverse of :func:`encode_text` (a value with no ``%`` is returned as it is)."""
    if "%" not in text:
        return text
    out, i = [], 0
    while i < len(text):
        if text[i] == "%" and _is_hex(text[i + 1 : i + 3]):
            out.append(chr(int(text[i + 1 : i + 3], 16)))
            i += 3
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _is_hex(pair: str) -> bool:
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def _to_spiel_value(value: Any) -> bool | int | float | str:
    """An option value in a type OpenSpiel parameters hold: strings (and lists, joined
    with commas as on the command line) are encoded with :func:`encode_text`."""
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return encode_text(value)
    if isinstance(value, (list, tuple)):
        return encode_text(",".join(str(v) for v in value))
    raise OptionError(f"option value {value!r} cannot be an OpenSpiel parameter")


def _from_spiel_value(option: GameOption, value: Any) -> Any:
    """An OpenSpiel parameter back as the option's value (inverse of :func:`_to_spiel_value`)."""
    if option.type in (str, list, tuple):
        # A hand-written game string may hold a bare number for a string option (layout=2).
        return decode_text(value if isinstance(value, str) else str(value))
    return value


def _parameter_spec(cls: type[Game], dealt: bool) -> dict[str, Any]:
    spec: dict[str, Any] = {"players": cls.default_players or cls.min_players}
    for option in cls.option_specs:
        spec[option.name] = _to_spiel_value(option.default)
    if dealt:
        spec["deals"] = DEFAULT_DEALS
    return spec


def _meeple_game(cls: type[Game], params: dict[str, Any]) -> Game:
    """The configured meeple game for OpenSpiel parameters (cached: games are immutable)."""
    specs = {o.name: o for o in cls.option_specs}
    options = {
        k: _from_spiel_value(specs[k], v) if k in specs else v
        for k, v in params.items()
        if k not in ("players", "deals")
    }
    players = int(params.get("players", cls.default_players or cls.min_players))
    game = cls(players=players, **options)
    key = (cls, json.dumps(game.config(), sort_keys=True, default=str))
    return _GAMES.setdefault(key, game)


def _seed_matters(game: Game) -> bool:
    """Whether the initial state depends on its seed (a shuffle held in the state)."""
    return game.new_initial_state(1).to_json() != game.new_initial_state(2).to_json()


def _zero_sum(game: Game) -> bool:
    """The core's rank-based returns always sum to zero (with two seats or more)."""
    return game.min_players >= 2 and type(game.new_initial_state(0)).returns is State.returns


# -- registration ----------------------------------------------------------------


def register(cls: type[Game]) -> str:
    """Register ``cls`` with OpenSpiel (idempotent); return its short name."""
    name = spiel_name(cls)
    if name in _REGISTERED:
        if _REGISTERED[name] is not cls:
            raise OptionError(f"{name} is already registered for {_REGISTERED[name]!r}")
        return name
    probe = cls()
    dealt = _seed_matters(probe)
    zero_sum = _zero_sum(probe)
    game_type = pyspiel.GameType(
        short_name=name,
        # The supported counts in words: min/max alone would say 2-4 for "2 or 4".
        long_name=f"meeple {cls.title} ({cls.player_range()} players)",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if cls.simultaneous_turns
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if dealt or cls.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if cls.perfect_information and not dealt
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(cls, dealt),
    )

    # OpenSpiel keeps the creator until process exit and releases it without the
    # GIL; a class (like OpenSpiel's own Python games register) survives that,
    # a closure aborts the interpreter at exit. Hence one small subclass per game.
    creator = type(
        f"MeepleSpielGame_{cls.name}",
        (MeepleSpielGame,),
        {"meeple_class": cls, "game_type": game_type, "dealt": dealt, "zero_sum": zero_sum},
    )
    _CREATORS[name] = creator
    pyspiel.register_game(game_type, creator)
    _REGISTERED[name] = cls
    return name


_TYPE_FIELDS = (
    "short_name",
    "long_name",
    "dynamics",
    "chance_mode",
    "information",
    "utility",
    "reward_model",
    "max_num_players",
    "min_num_players",
    "provides_information_state_string",
    "provides_information_state_tensor",
    "provides_observation_string",
    "provides_observation_tensor",
    "parameter_specification",
)


def _game_type_for(registered: pyspiel.GameType, game: Game) -> pyspiel.GameType:
    """The registered type with the dynamics this configuration has.

    A game's class may declare ``simultaneous_turns`` per configuration
    (Fit To Print: only its real-time mode): OpenSpiel's checks and
    ``rl_environment`` read the dynamics from the loaded game, so a real-time
    instance must say SIMULTANEOUS even though its class registered SEQUENTIAL.
    """
    want = (
        pyspiel.GameType.Dynamics.SIMULTANEOUS
        if game.simultaneous_turns
        else pyspiel.GameType.Dynamics.SEQUENTIAL
    )
    if registered.dynamics == want:
        return registered
    fields = {name: getattr(registered, name) for name in _TYPE_FIELDS}
    fields["dynamics"] = want
    return pyspiel.GameType(**fields)


def register_all() -> list[str]:
    """Register every game of meeple's registry, so ``pyspiel.load_game("meeple_<name>")``
    and ``pyspiel.deserialize_game_and_state`` work in a fresh process; return the names."""
    return [register(cls) for cls in registry_games()]


def load(game: str | Game, **options: Any) -> pyspiel.Game:
    """The OpenSpiel game for ``game`` (a registry name plus options, or a configured Game).

    ``deals`` (games with a seeded hidden shuffle only) sets the deal node's size.
    """
    deals = options.pop("deals", None)
    meeple_game = resolve_game(game, **options)
    name = register(type(meeple_game))
    params: dict[str, Any] = {"players": meeple_game.players}
    params.update({k: _to_spiel_value(v) for k, v in meeple_game.options.items()})
    if deals is not None:
        if "deals" not in _CREATORS[name].game_type.parameter_specification:
            raise OptionError(f"{meeple_game.name} has no hidden deal: 'deals' does not apply")
        params["deals"] = int(deals)
    return pyspiel.load_game(name, params)


# -- game, state, observer -------------------------------------------------------------


class _Inner:
    """The meeple state plus the per-viewer action log, as OpenSpiel copies and pickles it.

    OpenSpiel clones a Python state by deep-copying its attributes and
    serializes it by pickling them; these hooks route both through meeple's
    cheap ``clone`` and its JSON. ``state`` is None before the deal.
    """

    __slots__ = ("game", "log", "state")

    def __init__(self, game: Game, state: State | None, log: list[tuple[str, ...]]) -> None:
        self.game = game
        self.state = state
        #: One entry per action: the line seats 0..n-1, a spectator and an all-seeing observer log.
        self.log = log

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.game, None if self.state is None else self.state.clone(), list(self.log))

    def __reduce__(self) -> tuple[Any, tuple[str, str, str, list[list[str]]]]:
        return (
            _restore,
            (
                spiel_name(self.game),
                json.dumps(
                    {
                        "players": self.game.players,
                        **{k: _to_spiel_value(v) for k, v in self.game.options.items()},
                    }
                ),
                json.dumps(None if self.state is None else self.state.to_json()),
                [list(entry) for entry in self.log],
            ),
        )


def _restore(name: str, params: str, state: str, log: list[list[str]]) -> _Inner:
    """Unpickle an :class:`_Inner` (the inverse of its ``__reduce__``)."""
    game = _meeple_game(_REGISTERED[name], json.loads(params))
    data = json.loads(state)
    inner_state = None if data is None else game.state_from_json(data)
    return _Inner(game, inner_state, [tuple(e) for e in log])


class MeepleSpielGame(pyspiel.Game):
    """A configured meeple game seen by OpenSpiel (subclassed per game by :func:`register`)."""

    meeple_class: type[Game]
    game_type: pyspiel.GameType
    #: Whether states start with the deal chance node (the seed matters).
    dealt: bool
    zero_sum: bool

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        cls = self.meeple_class
        meeple_game = _meeple_game(cls, params)
        n = meeple_game.num_distinct_actions
        #: Size of the deal chance node (0 when the game has none).
        self.deals = int(params.get("deals", DEFAULT_DEALS)) if self.dealt else 0
        if self.dealt and self.deals < 1:
            raise OptionError(f"deals must be at least 1, got {self.deals}")
        chance_outcomes = n + self.deals if self.dealt else (n if cls.has_chance else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=n,
            max_chance_outcomes=chance_outcomes,
            num_players=meeple_game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.zero_sum else None,
            max_game_length=meeple_game.max_game_length(),
        )
        super().__init__(_game_type_for(self.game_type, meeple_game), info, params)
        self.meeple = meeple_game
        # OpenSpiel's clone() starts from new_initial_state(): keep that a cheap copy.
        self._initial = None if self.dealt else meeple_game.new_initial_state(0)

    def new_initial_state(self, state: Any = None) -> MeepleSpielState:
        """A fresh state (before the deal, if any), or one rebuilt from meeple JSON."""
        if state is None:
            return MeepleSpielState(self, None if self._initial is None else self._initial.clone())
        data = json.loads(state) if isinstance(state, str) else dict(state)
        return MeepleSpielState(self, self.meeple.state_from_json(data))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> MeepleObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return MeepleObserver(self.meeple, iig_obs_type)


class MeepleSpielState(pyspiel.State):
    """A meeple state seen by OpenSpiel (everything delegates to ``self._m.state``)."""

    def __init__(self, game: MeepleSpielGame, state: State | None) -> None:
        super().__init__(game)
        self._m = _Inner(game.meeple, state, [])

    @property
    def meeple_state(self) -> State | None:
        """The underlying meeple state, None before the deal (read it; do not apply to it)."""
        return self._m.state

    def current_player(self) -> int:
        state = self._m.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        t = state.turn()
        if t.kind is TurnKind.TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if t.kind is TurnKind.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if t.kind is TurnKind.SEAT:
            return t.seats[0]
        if not state.game.simultaneous_turns:
            raise RuntimeError(
                f"{state.game.name} reached a simultaneous turn but does not declare "
                "simultaneous_turns"
            )
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        if self._m.state is None:
            return []
        return sorted(self._m.state.legal_codes(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._m.state is None:
            return _deal_outcomes(self._m.game.num_distinct_actions, self._deals())
        code = self._m.game.action_code
        return sorted((code(a), p) for a, p in self._m.state.chance_outcomes())

    def _apply(self, code: int, seat: int | None) -> None:
        state = self._m.state
        assert state is not None
        action = self._m.game.action_from_code(int(code))
        viewers = [*range(self._m.game.players), None]
        seen = [state.redact_action(action, seat, v) for v in viewers]
        full = str(action) if seat is None else f"seat {seat}: {action}"
        state.apply(action, seat)  # checked: an illegal action raises and changes nothing
        self._m.log.append((*seen, full))

    def _apply_action(self, action: int) -> None:
        if self._m.state is None:
            seed = int(action) - self._m.game.num_distinct_actions
            if not 0 <= seed < self._deals():
                raise ValueError(f"{action} is not a deal outcome")
            self._m.state = self._m.game.new_initial_state(seed)
            self._m.log.append((*(["deal"] * (self._m.game.players + 1)), f"deal {seed}"))
            return
        t = self._m.state.turn()
        self._apply(action, None if t.kind is TurnKind.CHANCE else t.seats[0])

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous node: the acting seats' actions, all or nothing.

        Every acting seat's action must be legal now, else this raises and
        changes nothing. They take effect in a seat order that rotates with the
        move number; one made impossible by an earlier one of the same node
        (the same face-up tile) is void (see :meth:`State.apply_joint`).
        """
        state = self._m.state
        assert state is not None
        game = self._m.game
        chosen = {seat: game.action_from_code(int(actions[seat])) for seat in state.turn().seats}
        state.check_joint(chosen)
        for seat in joint_order(chosen, self.move_number(), game.players):
            if state.is_legal(chosen[seat], seat):
                self._apply(actions[seat], seat)

    def resample_from_infostate(self, player: int, sampler: Any) -> MeepleSpielState:
        """A state ``player`` cannot tell from this one: others' secrets redrawn (``determinize``).

        ``sampler()`` (e.g. ``pyspiel.UniformProbabilitySampler(0., 1.)``) seeds the
        draw. OpenSpiel's Python ISMCTS calls this. The copy keeps this state's
        ``history()``; only the meeple state underneath is resampled.
        """
        out = self.clone()
        if self._m.state is not None and player >= 0:
            seed = int(float(sampler()) * 2**53)
            world = self._m.state.determinize(player, Rng(seed))
            out._m = _Inner(self._m.game, world, list(self._m.log))
        return out

    def _deals(self) -> int:
        return int(self.get_game().deals)

    def _action_to_string(self, player: int, action: int) -> str:
        n = self._m.game.num_distinct_actions
        if action >= n:
            return f"deal {action - n}"
        return str(self._m.game.action_from_code(int(action)))

    def is_terminal(self) -> bool:
        return self._m.state is not None and self._m.state.is_terminal()

    def returns(self) -> list[float]:
        if self._m.state is None:
            return [0.0] * self._m.game.players
        return [float(r) for r in self._m.state.returns()]

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        if self._m.state is None:
            return "(before the deal)"
        return json.dumps(self._m.state.to_json(), sort_keys=True, separators=(",", ":"))


@functools.cache
def _deal_outcomes(offset: int, deals: int) -> list[tuple[int, float]]:
    """The deal node's uniform outcomes (built once per size: the list is long)."""
    return [(offset + k, 1.0 / deals) for k in range(deals)]


class MeepleObserver:
    """OpenSpiel's PyObserver protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, game: Game, iig_obs_type: pyspiel.IIGObservationType | None) -> None:
        self.game = game
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.private = (
            iig_obs_type.private_info if iig_obs_type else pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self.public = bool(iig_obs_type.public_info) if iig_obs_type else True
        self.shape = game.observation_shape()
        self.tensor: np.ndarray | None
        self.dict: dict[str, np.ndarray]
        if self.perfect_recall or self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            self.tensor, self.dict = None, {}
        else:
            self.tensor = np.zeros(int(np.prod(self.shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(self.shape)}

    def _viewer(self, player: int) -> int | None:
        return None if self.private == pyspiel.PrivateInfoType.NONE else player

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        if self.tensor is None:
            return
        inner = state._m.state
        if inner is None:  # before the deal nothing is known
            self.tensor.fill(0.0)
            return
        obs = inner.observation_tensor(self._viewer(player))
        self.dict["observation"][...] = np.asarray(obs, np.float32).reshape(self.shape)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        inner = state._m
        if not self.public and self.private == pyspiel.PrivateInfoType.NONE:
            return ""
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            column = -1
            current = (
                "" if inner.state is None else json.dumps(inner.state.to_json(), sort_keys=True)
            )
        else:
            viewer = self._viewer(player)
            column = self.game.players if viewer is None else viewer
            current = (
                ""
                if inner.state is None
                else json.dumps(inner.state.view(viewer), sort_keys=True, ensure_ascii=False)
            )
        if not self.perfect_recall:
            return current
        return "\n".join([*(entry[column] for entry in inner.log), current])
