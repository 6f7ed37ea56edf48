"""The Game / State split at the heart of meeple.

A :class:`Game` is immutable: name, player count, options, the enumerated
action space, the maximum length. It makes :class:`State` objects, one per
match, which change as actions are applied.

``State.legal_actions`` is the single source of truth for what may be done:
the checked :meth:`State.apply` (used at every trust boundary) refuses
anything not in it, while :meth:`State.apply_unchecked` (used by search) skips
the check.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from meeple.core.actions import Action, ActionSpace
from meeple.core.content import ContentSets
from meeple.core.errors import ActionParseError, IllegalActionError, NotYourTurnError, OptionError
from meeple.core.i18n import Strings
from meeple.core.options import GameOption, resolve_options
from meeple.core.rng import Rng
from meeple.core.turn import Turn, TurnKind


@dataclass(frozen=True)
class Text:
    """A game's words, every hook declared with one signature (usually its ``text``
    module's functions, named in its ``__init__.py``): the terminal, the server, the
    replay and the adapters read these fields, never a function found by name. A hook
    takes exactly the parameters written here, none extra and none with a default, so
    it is called one way (``tests/test_roles.py``).

    * ``render(view, seat, lang)``: the board of ``view`` (what ``seat`` sees) as
      terminal text.
    * ``action_label(action, lang)``: a player's words for ``action``.
    * ``state_label(state, action, lang)``: ``action``'s words where it is legal (or
      was taken), for games whose actions only mean something there ("option 2").
    * ``log_label(before, action, actor, lang)``: a log line's words (third person;
      may tell what the rules then did), for the log only.
    * ``log_says_more(before, action, actor)``: whether the log line of one's own
      action tells its actor more than the label they chose it by.
    * ``end_label(state, lang, names)``: why a finished game ended; ``names`` are the
      seats' names as the reader knows them, or ``None`` ("player 2").
    * ``tiebreak_label(state, lang)``: how a tie was broken, when one was.
    * ``rivals(state)``: the sides of a finished game that hold no seat (a solo AI).
    * ``action_number(action)``: the number the board shows on an action's place.
    * ``action_region(action, lang)``: the part of the board an action lies in
      ("row 3"), which splits a long menu.
    * ``board_words(view, seat, lang)``: the position in sentences for the browser's
      text view, where ``render`` draws a map that reads as codes (ICE).
    * ``option_words``: the game's vocabulary, what its options, their values and its
      content sets are called (:mod:`meeple.core.vocabulary`; the text module's
      ``OPTION_WORDS``): the server sends them, the lobby and the terminal show them.
    """

    render: Callable[[dict[str, Any], int | None, str], str]
    action_label: Callable[[Action, str], str]
    state_label: Callable[[Any, Action, str], str] | None = None
    log_label: Callable[[Any, Action, int | None, str], str] | None = None
    log_says_more: Callable[[Any, Action, int | None], bool] | None = None
    end_label: Callable[[Any, str, Sequence[str] | None], str] | None = None
    tiebreak_label: Callable[[Any, str], str | None] | None = None
    rivals: Callable[[Any], dict[str, Any] | None] | None = None
    action_number: Callable[[Action], int | None] | None = None
    action_region: Callable[[Action, str], str | None] | None = None
    board_words: Callable[[dict[str, Any], int | None, str], str] | None = None
    option_words: Strings | None = None


#: The state type a :class:`Preview` is written for.
PS = TypeVar("PS", bound="State")


def _as_list(state: Any, seat: int | None, items: list[tuple[Action, Any]]) -> Any:
    return [described for _, described in items if described is not None]


@dataclass(frozen=True)
class Preview(Generic[PS]):
    """One game's previews.

    * ``key``: the view's field they travel in (the game's wire format), or a dotted
      path into one (``you.unmet``).
    * ``actions(state, seat)``: the actions previewed for ``seat`` now, in the order
      the page lists them (empty: no preview now). They are ``seat``'s legal
      actions, or a *hypothetical* the game names (an action not legal now whose
      child still tells something, as Snow Tails' ``go`` before any card is played:
      what the dogs as they stand would do). Each child is made unchecked
      (``tests/test_preview.py`` holds the list to legal actions and named
      hypotheticals), so a long list costs no legality check per child.
    * ``describe(before, action, child, seat)``: what the page shows of ``action``,
      read from ``before`` (the seat's :func:`~meeple.core.preview.basis`) and ``child`` (``before`` with
      ``action`` applied); ``None`` leaves it out.
    * ``gather(state, seat, items)``: the wire shape of the ``(action, description)``
      pairs (default: the descriptions in a list); called with no items when there
      is nothing to preview or ``seat`` is a spectator.
    * ``basis``: what the children are made from in a game with secrets: ``"seen"``
      (the default) the seat's determinization, so no description can read a
      secret; ``"state"`` the real state, for a description that reads only what
      the seat knows of the child (its own page scored) where a determinization
      would cost more than the view (Fit To Print's, 3 ms); ``tests/test_preview.py``
      holds every game to the same previews in another world the seat cannot tell
      apart.
    * ``child(before, action, seat)``: how a hypothetical's child is made when the
      action alone cannot make it (ICE's dig from a tile the leader has not reached:
      the leader set there, then the dig); default ``before.child(action, seat)``.
    """

    key: str
    actions: Callable[[PS, int], Iterable[Action]]
    describe: Callable[[PS, Action, PS, int], Any]
    gather: Callable[[PS, int | None, list[tuple[Action, Any]]], Any] = _as_list
    basis: str = "seen"
    child: Callable[[PS, Action, int], PS] | None = None


@dataclass(frozen=True)
class Plugins:
    """A game's optional parts. Every field may be left out.

    * ``heuristic_bot``: a bot class, ``cls(game, seat, seed, **params)``;
      ``make_bot("heuristic", ...)`` builds it and ``rollout=heuristic``
      searches play it out.
    * ``evaluate``: ``evaluate(state, seat) -> float``, the position's worth
      to ``seat`` (the greedy bot, and search cut off by depth or turns);
      ``eval_scale`` is the spread of its values, so search can squash them
      into [-1, 1].
    * ``mcts_defaults``: search parameters the game prefers (``{"rollout":
      "heuristic", "turns": "1"}``); a bot spec's own parameters win.
    * ``text``: terminal drawing, labels and the other words (:class:`Text`).
    * ``client_components``: the browser's component table, a JSON dict
      written to ``web/static/js/games/<slug>.components.json`` by
      ``python -m meeple.web.components``.
    * ``confirm``: ``confirm(state, action, seat, lang)``, a question to put to
      ``seat`` before it takes ``action`` ("Print now? The page would miss: ..."),
      or ``None`` to take it at once. For choices that end something early
      and cannot be taken back; the terminal asks yes or no, the browser asks
      before sending (the server puts the question on the legal action).
    * ``hidden_label``: ``hidden_label(before, action, actor, viewer, lang)``,
      the words for a log line ``viewer`` sees only in part (the game's
      ``redact_action`` hides something from it); without it such a line
      shows the redacted text as the game wrote it.
    * ``preview``: what an action would do before it is chosen (its cost, its
      result), told from the state and the child state the action leads to
      (:class:`Preview`, run by :mod:`meeple.core.preview`); the game's view sends it.
    """

    heuristic_bot: Callable[..., Any] | None = None
    evaluate: Callable[[State, int], float] | None = None
    eval_scale: float | None = None
    mcts_defaults: Mapping[str, object] = field(default_factory=dict)
    text: Text | None = None
    client_components: Callable[[], dict[str, Any]] | None = None
    hidden_label: Callable[[State, Action, int | None, int | None, str], str] | None = None
    confirm: Callable[[State, Action, int, str], str | None] | None = None
    preview: Preview[Any] | None = None


#: What a game without a declaration has: nothing beyond its rules.
NO_PLUGINS = Plugins()

#: Action spaces by game class and configuration (see ``Game.action_space``).
_ACTION_SPACES: dict[tuple[type, str], ActionSpace] = {}
_ACTION_SPACES_KEPT = 1024


class Game(ABC):
    """A configured game: the factory of states.

    Subclasses set the class attributes and implement the abstract methods.
    ``Game(players=2, **options)`` validates the player count and options.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    title_zh: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int | None] = None
    #: The supported counts when not every count in min..max is (e.g. (2, 4)).
    player_counts: ClassVar[tuple[int, ...] | None] = None
    option_specs: ClassVar[tuple[GameOption, ...]] = ()
    #: The base game and its expansions or modules (:mod:`meeple.core.content`), when
    #: the game has any: their yes/no options are among ``option_specs``.
    content: ClassVar[ContentSets | None] = None
    #: True when no seat ever holds information another seat lacks.
    perfect_information: ClassVar[bool] = True
    #: True when the game has chance events.
    has_chance: ClassVar[bool] = False
    #: True when some states let several seats act (``TurnKind.SIMULTANEOUS``).
    #: Adapters read it to pick their dynamics (OpenSpiel needs it before any state exists).
    simultaneous_turns: ClassVar[bool] = False
    #: True when every decision is one seat's, the seats taking one decision each in
    #: cyclic seat order, chance aside (tic-tac-toe). PettingZoo's ``aec_to_parallel``
    #: works only then, so the adapter's ``is_parallelizable`` metadata follows it.
    seats_alternate: ClassVar[bool] = False
    #: True when the game plays so differently by player count (the penguin game's
    #: two-against-two teams) that each count has ratings of its own (server ratings).
    ratings_by_player_count: ClassVar[bool] = False
    #: The game's bots, text, search defaults and browser components, declared
    #: with :func:`meeple.core.plugins.declare` by the game's package.
    plugins: ClassVar[Plugins] = NO_PLUGINS

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = self.default_players or self.min_players
        if isinstance(players, str):
            try:
                players = int(players)
            except ValueError:
                raise OptionError(f"player count must be a number, got {players!r}") from None
        if players not in self.allowed_player_counts():
            raise OptionError(f"{self.name} is for {self.player_range()} players, not {players}")
        self.players: int = players
        self.options: dict[str, Any] = resolve_options(self.option_specs, options)
        if self.content is not None:
            self.content.check(self.options)
        self.validate()

    # -- configuration --------------------------------------------------

    def validate(self) -> None:
        """Hook: check option combinations that single options cannot."""

    @classmethod
    def allowed_player_counts(cls) -> tuple[int, ...]:
        """Every supported player count, in increasing order."""
        if cls.player_counts is not None:
            return tuple(sorted(cls.player_counts))
        return tuple(range(cls.min_players, cls.max_players + 1))

    @classmethod
    def player_range(cls) -> str:
        if cls.player_counts is not None:
            return " or ".join(str(n) for n in cls.allowed_player_counts())
        return (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}-{cls.max_players}"
        )

    def config(self) -> dict[str, Any]:
        """The JSON description that, with a seed, identifies a match's setup."""
        return {"game": self.name, "players": self.players, "options": dict(self.options)}

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}(players={self.players}{opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.config() == other.config()

    def __hash__(self) -> int:
        return hash(json.dumps(self.config(), sort_keys=True, default=str))

    # -- actions ---------------------------------------------------------

    @abstractmethod
    def enumerate_actions(self) -> Iterable[Action]:
        """Every action the game can ever produce (chance outcomes included), in code order."""

    @cached_property
    def action_space(self) -> ActionSpace:
        """The enumerated actions, shared by every game object of one configuration
        (a server builds a game object per match; the space is immutable)."""
        key = (type(self), json.dumps(self.config(), sort_keys=True, default=str))
        space = _ACTION_SPACES.get(key)
        if space is None:
            space = ActionSpace(self.enumerate_actions())
            if len(_ACTION_SPACES) < _ACTION_SPACES_KEPT:
                _ACTION_SPACES[key] = space
        return space

    @property
    def num_distinct_actions(self) -> int:
        return len(self.action_space)

    def action_code(self, action: Action) -> int:
        return self.action_space.code(action)

    def action_from_code(self, code: int) -> Action:
        return self.action_space.action(code)

    def action_from_json(self, data: Any) -> Action:
        return self.action_space.from_json(data)

    def parse_action(self, text: str) -> Action:
        return self.action_space.parse(text)

    # -- states ----------------------------------------------------------

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) in any match."""

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first action. ``seed`` feeds the state's hidden generator."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State:
        """Inverse of :meth:`State.to_json`."""

    # -- observation tensors (research adapters) -------------------------

    def observation_shape(self) -> tuple[int, ...]:
        """Shape of :meth:`State.observation_tensor`; fixed per game and options."""
        return (len(self.new_initial_state(0).observation_tensor(0)),)


class State(ABC):
    """One moment of one match. Mutable; :meth:`clone` for an independent copy."""

    game: Game

    # -- turn structure ---------------------------------------------------

    @abstractmethod
    def turn(self) -> Turn:
        """Who may act now (see :class:`~meeple.core.turn.Turn`)."""

    def is_terminal(self) -> bool:
        return self.turn().kind is TurnKind.TERMINAL

    def is_chance(self) -> bool:
        return self.turn().kind is TurnKind.CHANCE

    def current_seat(self) -> int | None:
        """The seat to act when exactly one seat acts, else ``None``."""
        t = self.turn()
        return t.seats[0] if t.kind is TurnKind.SEAT else None

    # -- actions -----------------------------------------------------------

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Bind :meth:`legal_actions_unchecked` straight to a class's own ``_legal_actions``.

        Search calls it at every node of every iteration; the alias saves it
        the extra Python frame a forwarding method would cost. A class that
        writes its own ``legal_actions_unchecked`` keeps it.
        """
        super().__init_subclass__(**kwargs)
        impl = cls.__dict__.get("_legal_actions")
        if impl is not None and "legal_actions_unchecked" not in cls.__dict__:
            cls.legal_actions_unchecked = impl  # type: ignore[method-assign]

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat``, which the caller guarantees may act now.

        Games implement this; callers outside the state use
        :meth:`legal_actions` (checked) or :meth:`legal_actions_unchecked`.
        """

    def legal_actions_unchecked(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, which the caller guarantees may act now.

        Search's fast path, the partner of :meth:`apply_unchecked`: no check
        of the turn, so asking for a seat that may not act gives whatever the
        game's rules code gives (often a wrong list, never an error). Drivers
        and anything at a trust boundary use :meth:`legal_actions`. The list
        may be the state's own cache: do not change it.

        >>> import meeple
        >>> state = meeple.make_game("tictactoe").new_initial_state()
        >>> state.legal_actions_unchecked(0) == state.legal_actions(0)
        True
        """
        return self._legal_actions(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` may take now; empty when it may not act.

        With ``seat=None``: the actions of the single seat to act, or the
        chance outcomes' actions at a chance node.
        """
        t = self.turn()
        if seat is None:
            if t.kind is TurnKind.CHANCE:
                return [a for a, _ in self.chance_outcomes()]
            if t.kind is TurnKind.SEAT:
                seat = t.seats[0]
            else:
                return []
        if seat not in t.seats:
            return []
        return self._legal_actions(seat)

    def legal_codes(self, seat: int | None = None) -> list[int]:
        code = self.game.action_space.code
        return [code(a) for a in self.legal_actions(seat)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: (outcome, probability) pairs summing to 1."""
        return []

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return action in self.legal_actions(seat)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Checked apply: refuses (and changes nothing) unless ``action`` is legal for ``seat``.

        ``seat`` may be omitted when exactly one seat (or chance) acts.
        """
        if not isinstance(action, Action):
            raise ActionParseError(f"not an action: {action!r}")
        t = self.turn()
        if t.kind is TurnKind.TERMINAL:
            raise IllegalActionError("the game is over")
        if t.kind is TurnKind.CHANCE:
            if seat is not None:
                raise NotYourTurnError(f"seat {seat} may not act: chance decides now")
            if action not in {a for a, _ in self.chance_outcomes()}:
                raise IllegalActionError(f"{action} is not a possible chance outcome")
            self.apply_unchecked(action, None)
            return
        if seat is None:
            if t.kind is not TurnKind.SEAT:
                raise NotYourTurnError("several seats may act: say which seat acts")
            seat = t.seats[0]
        if seat not in t.seats:
            raise NotYourTurnError(f"seat {seat} may not act now")
        if not self.is_legal(action, seat):
            raise IllegalActionError(f"{action} is not legal now for seat {seat}")
        self.apply_unchecked(action, seat)

    def apply_joint(
        self,
        actions: Mapping[int, Action],
        first: int = 0,
        between: Callable[[State], None] | None = None,
    ) -> list[int]:
        """Apply one decision of several seats taken together (a simultaneous step), all or nothing.

        Every entry must be legal *now*, for a seat that may act now; otherwise
        this raises like :meth:`apply` and changes nothing (no part of the step
        is applied). The actions then take effect one at a time in
        :func:`joint_order` (seats in cyclic order from ``first``: drivers
        rotate it every step, so no seat number always goes first). An action
        that was legal when the step began but is no longer legal when its
        turn comes (an earlier seat took the same face-up tile, or ended the
        turn) is *void*: it changes nothing and its seat is not at fault.
        ``between(state)`` runs after each applied action (drivers resolve
        chance there). Returns the void seats.
        """
        self.check_joint(actions)
        void = []
        for seat in joint_order(actions, first, self.game.players):
            action = actions[seat]
            if not self.is_legal(action, seat):
                void.append(seat)
                continue
            self.apply(action, seat)
            if between is not None:
                between(self)
        return void

    def check_joint(self, actions: Mapping[int, Action]) -> None:
        """Raise (changing nothing) unless each seat of ``actions`` may act now and its
        action is legal now: the validation half of :meth:`apply_joint`."""
        if not actions:
            raise IllegalActionError("a joint step needs at least one seat's action")
        t = self.turn()
        if t.kind is TurnKind.TERMINAL:
            raise IllegalActionError("the game is over")
        for seat, action in actions.items():
            if not isinstance(action, Action):
                raise ActionParseError(f"not an action for seat {seat}: {action!r}")
            if seat not in t.seats:
                raise NotYourTurnError(f"seat {seat} may not act now")
            if not self.is_legal(action, seat):
                raise IllegalActionError(f"{action} is not legal now for seat {seat}")

    @abstractmethod
    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        """Apply without validation (search's fast path). ``seat`` is None for chance."""

    def child(self, action: Action, seat: int | None = None, *, checked: bool = True) -> State:
        """A copy of this state with ``action`` applied; this state is not changed.

        OpenSpiel's ``Child``: what previews are told from (:mod:`meeple.core.preview`).
        Checked like :meth:`apply` unless ``checked`` is False (a preview's
        hypothetical, an action not legal now whose result still tells something).
        """
        out = self.clone()
        if checked:
            out.apply(action, seat)
        else:
            out.apply_unchecked(action, seat)
        return out

    def reveals_information(self, action: Action, seat: int | None) -> bool:
        """Whether applying ``action`` shows hidden information (an undo barrier).

        Chance actions are always barriers; games override this for seat
        actions that reveal (draw a card, look at a tile).
        """
        return seat is None

    def round_timer(self) -> tuple[float, Action] | None:
        """A clock the game itself runs, if one is running now: (seconds, the action).

        Real-time games (Fit To Print's days) answer ``(seconds, action)``:
        when the seconds run out, a driver applies ``action`` with seat
        ``None``. A driver arms one timer per distinct action. ``None`` (the
        default): no clock of the game's own.
        """
        return None

    # -- copies and serialization -------------------------------------------

    @abstractmethod
    def clone(self) -> State:
        """An independent copy; must be cheap (search lives on it)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Full state (secrets included) as JSON-compatible data."""

    def state_id(self) -> str:
        """A short digest of the full state: equal states share it, any change alters it."""
        blob = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.blake2b(blob.encode(), digest_size=8).hexdigest()

    # -- hidden information --------------------------------------------------

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON-compatible data."""

    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with ``seat``'s view, secrets of others resampled.

        Perfect-information games return a clone. Games with secrets override it.
        """
        return self.clone()

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        """How ``viewer`` sees the log line of ``actor`` taking ``action``.

        Called on the state *before* the action is applied. The default shows
        everything; games with secret choices override it.
        """
        return str(action) if actor is None else f"seat {actor}: {action}"

    @abstractmethod
    def observation_tensor(self, seat: int | None) -> np.ndarray:
        """A fixed-shape float32 encoding of ``view(seat)`` for learning agents."""

    # -- results ---------------------------------------------------------------

    @abstractmethod
    def scores(self) -> list[float]:
        """Points per seat (final once terminal)."""

    def tiebreaks(self) -> list[tuple[float, ...]]:
        """Per seat, what breaks ties on score, most important first (higher is better)."""
        return [() for _ in range(self.game.players)]

    def ranks(self) -> list[int]:
        """1 for the best seat; seats equal on score and tiebreaks share a rank."""
        return ranks_from_keys(
            [(s, *t) for s, t in zip(self.scores(), self.tiebreaks(), strict=True)]
        )

    def winners(self) -> list[int]:
        """Seats ranked first; a one-player game is won only when its return is positive
        (a solo game lost against its target has no winner, though its seat ranks 1)."""
        if self.game.players == 1:
            return [0] if self.is_terminal() and self.returns()[0] > 0 else []
        return [i for i, r in enumerate(self.ranks()) if r == 1]

    def returns(self) -> list[float]:
        """Per-seat reward in [-1, 1]: 0 until the end, then from the ranks.

        The best rank gets 1, the worst -1, linear between; a draw for all is 0.
        """
        if not self.is_terminal():
            return [0.0] * self.game.players
        return returns_from_ranks(self.ranks())

    def __str__(self) -> str:
        return json.dumps(self.view(None), ensure_ascii=False)


def joint_order(seats: Iterable[int], first: int, players: int) -> list[int]:
    """The order in which a joint step's seats take effect: cyclic seat order from ``first``.

    >>> joint_order([0, 1, 2], first=1, players=3)
    [1, 2, 0]
    >>> joint_order({2: None, 0: None}, first=1, players=4)
    [2, 0]
    """
    start = first % players if players else 0
    return sorted(seats, key=lambda s: (s - start) % players)


def ranks_from_keys(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranking (1, 1, 3) of seats by descending key.

    >>> ranks_from_keys([(3,), (5,), (3,)])
    [2, 1, 2]
    """
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def returns_from_ranks(ranks: Sequence[int]) -> list[float]:
    """Map ranks to rewards: each seat gets (beaten - beaten_by) / (n - 1).

    >>> returns_from_ranks([1, 2])
    [1.0, -1.0]
    >>> returns_from_ranks([1, 1])
    [0.0, 0.0]
    >>> returns_from_ranks([1, 2, 2])
    [1.0, -0.5, -0.5]
    """
    n = len(ranks)
    if n == 1:
        return [1.0 if ranks[0] == 1 else 0.0]
    out = []
    for r in ranks:
        beaten = sum(1 for o in ranks if o > r)
        beaten_by = sum(1 for o in ranks if o < r)
        out.append((beaten - beaten_by) / (n - 1))
    return out
