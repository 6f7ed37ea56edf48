"""Monte Carlo tree search for any registered game, through the core API only.

Two named bots share this one implementation:

``mcts``
    UCT. On perfect-information games it searches the real state (closed
    loop, tree reused between moves). On games with secrets it switches to
    information-set search by itself, because searching the real state would
    read the other seats' hands.
``ismcts``
    Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012):
    every iteration starts from ``state.determinize(seat, rng)``, a full state
    consistent with this seat's view, and the tree is shared by all of them.
    Nodes are reached by action sequences; a child's UCB term counts how often
    it was *available*, since legal actions differ between determinizations.

What the search handles, and how:

* **N seats, per-seat rewards.** ``State.returns()`` is backed up as a
  vector; each edge keeps the reward of the seat that took it.
* **Chance.** ``chance=sample`` (default) samples an outcome from
  ``chance_outcomes()`` and branches on it (closed loop). ``chance=open`` makes
  chance transparent (open loop): the next decision node is shared by every
  outcome, useful when outcomes are many.
* **Simultaneous turns** (several seats act): decoupled UCT. Each acting seat
  picks its action from its own statistics at that node, without seeing the
  others' picks, and the joint action leads to the child. Treating the seats as
  sequential would let the later seat "see" the earlier seat's choice and
  over-estimate its position.
* **Budgets.** ``iters=N`` iterations or ``time=S`` seconds per move. A timed
  search stops early when the leading action's visit lead exceeds the
  iterations the remaining time could buy (``settle=false`` spends it all):
  the same move, sooner.
* **Rollouts.** ``rollout=random`` (default) or ``rollout=heuristic`` (the
  heuristic bot the game declares in ``Game.plugins``); ``depth=K`` cuts a
  rollout after K actions and scores the position by ranking the seats on the
  game's ``evaluate(state, seat)`` (or the scores when it has none);
  ``turns=K`` cuts it when the acting seat has changed K times instead.
* **Progressive widening.** A node with more than ``pw_min`` legal actions
  considers only ``ceil(pw * visits ** pw_alpha)`` of them (in random order),
  so that a few promising moves are searched deeply rather than hundreds
  shallowly. ``pw=0`` turns it off.
* **Tree reuse** (perfect information, closed loop): :meth:`MCTSBot.observe`
  follows the actions actually played, and the next search starts from that
  subtree when the state matches. Not done for information-set search, where
  the tree's statistics belong to the old information set.
* **Root parallelism.** ``workers=P`` runs P independent searches in worker
  processes (same budget each) and sums their root visit counts.

Speed: the loop uses ``apply_unchecked``, ``clone`` / ``determinize`` once per
iteration, ``random.Random`` for tree and rollout choices and no JSON.

>>> import meeple
>>> from meeple.bots import make_bot
>>> game = meeple.make_game("tictactoe")
>>> bot = make_bot("mcts:iters=300", game, seat=0, seed=1)
>>> state = game.new_initial_state()
>>> for cell in (0, 3, 1, 4):  # X on 0 and 1, O on 3 and 4: X (seat 0) to move
...     state.apply(game.parse_action(f"place {cell}"))
>>> str(bot.choose(state))  # completes the top row
'place 2'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State, ranks_from_keys, returns_from_ranks
from meeple.core.turn import TurnKind

_SEAT = TurnKind.SEAT
_CHANCE = TurnKind.CHANCE
_TERMINAL = TurnKind.TERMINAL

DEFAULT_ITERS = 1000
#: How often (in iterations) a timed search checks whether its choice is settled.
SETTLE_EVERY = 16


class _Node:
    """One tree node, and the statistics of the edge that leads to it.

    ``n`` visits, ``w`` summed reward of the seat that took the edge, ``avail``
    how often the edge was legal when its parent was visited (information-set
    search). ``children`` maps an action (decision), an outcome (chance) or a
    joint tuple (simultaneous) to the next node. ``untried`` lists actions not
    yet expanded (closed loop only, where a node's legal set is fixed).
    ``stats`` holds decoupled per-seat edge statistics at simultaneous nodes.
    """

    __slots__ = ("avail", "children", "n", "proven", "stats", "untried", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[Any, _Node] = {}
        self.untried: list[Action] | None = None
        self.stats: dict[int, dict[Action, _Node]] | None = None
        #: Exact returns of the subtree once solved (closed-loop MCTS-Solver), else None.
        self.proven: list[float] | None = None


#: Placeholder before the UCB loop picks a child (a selected node always has children).
_NO_NODE = _Node()


def _parse_bool(key: str, value: str) -> bool:
    v = value.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"bot parameter {key} must be true or false, got {value!r}")


def _parse_number(key: str, value: Any, kind: type, minimum: float) -> Any:
    try:
        number = kind(value)
    except (TypeError, ValueError):
        raise OptionError(f"bot parameter {key} must be a number, got {value!r}") from None
    if number < minimum:
        raise OptionError(f"bot parameter {key} must be at least {minimum}, got {value!r}")
    return number


class MCTSBot(Bot):
    """UCT / information-set MCTS; see the module docstring for the parameters.

    Parameters (all optional, written ``mcts:key=value,...``):
    ``iters`` (default 1000) or ``time`` (seconds per move); ``c`` exploration
    constant (1.4); ``rollout`` random|heuristic; ``depth`` rollout cut-off in
    actions, ``turns`` in changes of the acting seat (a mid-turn position is
    often badly judged by an evaluation, the start of a turn less so);
    ``horizon`` the same counted from the root, so every leaf is judged at the
    same point of the game (a fixed look-ahead of that many turns);
    ``scale`` evaluation scale at the cut-off (tanh(evaluate / scale));
    ``chance`` sample|open; ``pw``, ``pw_alpha``, ``pw_min`` progressive
    widening (2, 0.5, 12); ``reuse`` tree reuse (true); ``workers`` root
    parallelism (1); ``settle`` stop a timed search early once the choice
    cannot change (true).
    """

    name = "mcts"
    #: Information-set search even on perfect-information games.
    force_information_sets = False

    _KNOWN = frozenset(
        {
            "iters",
            "time",
            "c",
            "horizon",
            "rollout",
            "depth",
            "turns",
            "scale",
            "chance",
            "pw",
            "pw_alpha",
            "pw_min",
        }
        | {"reuse", "workers", "settle"}
    )

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        unknown = set(params) - self._KNOWN
        if unknown:
            raise OptionError(
                f"bot {self.name!r} does not know parameter(s) {sorted(unknown)}; "
                f"known: {', '.join(sorted(self._KNOWN))}"
            )
        super().__init__(game, seat, seed, **params)
        defaults = game_mcts_defaults(game)
        if "time" in params or "iters" in params:  # the spec's budget replaces the game's
            defaults = {k: v for k, v in defaults.items() if k not in ("time", "iters")}
        p = {**defaults, **params}
        self.iters: int | None = (
            _parse_number("iters", p["iters"], int, 1) if "iters" in p else None
        )
        self.time_limit: float | None = (
            _parse_number("time", p["time"], float, 0.0) if "time" in p else None
        )
        if self.iters is None and self.time_limit is None:
            self.iters = DEFAULT_ITERS
        self.c: float = _parse_number("c", p.get("c", 1.4), float, 0.0)
        self.rollout_kind = str(p.get("rollout", "random")).lower()
        if self.rollout_kind not in ("random", "heuristic"):
            raise OptionError(f"rollout must be random or heuristic, got {self.rollout_kind!r}")
        self.depth: int | None = (
            _parse_number("depth", p["depth"], int, 0) if "depth" in p else None
        )
        self.turns: int | None = (
            _parse_number("turns", p["turns"], int, 1) if "turns" in p else None
        )
        self.horizon: int | None = (
            _parse_number("horizon", p["horizon"], int, 1) if "horizon" in p else None
        )
        self.scale: float | None = (
            _parse_number("scale", p["scale"], float, 0.0) if "scale" in p else None
        )
        self.chance_mode = str(p.get("chance", "sample")).lower()
        if self.chance_mode not in ("sample", "open"):
            raise OptionError(f"chance must be sample or open, got {self.chance_mode!r}")
        self.pw: float = _parse_number("pw", p.get("pw", 2.0), float, 0.0)
        self.pw_alpha: float = _parse_number("pw_alpha", p.get("pw_alpha", 0.5), float, 0.0)
        self.pw_min: int = _parse_number("pw_min", p.get("pw_min", 12), int, 1)
        self.workers: int = _parse_number("workers", p.get("workers", 1), int, 1)

        #: Search information sets (determinize every iteration).
        self.information_sets = self.force_information_sets or not game.perfect_information
        #: A node's legal actions can change between visits: count availability.
        self.varying = self.information_sets or self.chance_mode == "open"
        self.settle = _parse_bool("settle", str(p.get("settle", "true")))
        reuse = _parse_bool("reuse", str(p.get("reuse", "true")))
        # A reused subtree was valued at the old root's horizon: keep it only without one.
        self.reuse = reuse and not self.varying and self.workers == 1 and self.horizon is None
        self._random = random.Random(self.rng.next64())
        self._policy_class: Callable[..., Bot] | None = None
        self._evaluate: Callable[[State, int], float] | None = None
        if self.rollout_kind == "heuristic":
            self._policy_class = self._heuristic_class()
        if self.depth is not None or self.turns is not None or self.horizon is not None:
            from meeple.bots.registry import game_evaluator

            self._evaluate = game_evaluator(game)
            if self.scale is None:
                self.scale = game.plugins.eval_scale
        self._root: _Node | None = None
        self._tree_state: State | None = None
        #: Iterations run by the last :meth:`choose` (benchmarks read it).
        self.last_iterations = 0

    def _heuristic_class(self) -> Callable[..., Bot]:
        from meeple.bots.registry import game_heuristic_bot

        cls = game_heuristic_bot(self.game)
        if cls is None:
            raise OptionError(f"{self.game.name} has no heuristic bot for rollout=heuristic")
        return cls

    def _rollout_policies(self) -> list[Bot] | None:
        """Fresh heuristic bots for one rollout (a bot may keep a plan between calls)."""
        cls = self._policy_class
        if cls is None:
            return None
        seed = self._random.randrange(1 << 62)
        return [cls(self.game, s, seed + s) for s in range(self.game.players)]

    # -- the public interface --------------------------------------------------

    def choose(self, state: State) -> Action:
        legal = state.legal_actions(self.seat)
        if not legal:
            raise OptionError(f"seat {self.seat} has no legal action in this state")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.workers > 1:
            counts = self._parallel_counts(state)
            return max(legal, key=lambda a: (counts.get(a, 0), -legal.index(a)))
        root = self._reusable_root(state)
        self.search(state, root)
        self._root = root
        self._tree_state = state.clone() if self.reuse else None
        return self.final_choice(root, legal, self.root_counts(root))

    def observe(self, actor: int | None, action: Action, state_before: State) -> None:
        """Follow the played action down the tree so that the next search reuses it."""
        if not self.reuse or self._root is None or self._tree_state is None:
            return
        child = self._root.children.get(action)
        if child is None or self._root.stats is not None:
            self._root = None
            self._tree_state = None
            return
        self._root = child
        self._tree_state.apply_unchecked(action, actor)

    # -- search ------------------------------------------------------------------

    def _reusable_root(self, state: State) -> _Node:
        root, tree_state = self._root, self._tree_state
        self._root = self._tree_state = None
        if (
            self.reuse
            and root is not None
            and tree_state is not None
            and tree_state.to_json() == state.to_json()
        ):
            return root
        return _Node()

    def search(self, state: State, root: _Node | None = None) -> _Node:
        """Run the budgeted search from ``state``; return the root node."""
        if root is None:
            root = _Node()
        seat = self.seat
        information_sets = self.information_sets
        iterate = self._iterate
        start = time.perf_counter()
        deadline = None if self.time_limit is None else start + self.time_limit
        settle = deadline is not None and self.settle
        limit = self.iters
        count = 0
        rng = self.rng
        while True:
            if limit is not None and count >= limit:
                break
            if deadline is not None and count:
                now = time.perf_counter()
                if now >= deadline:
                    break
                if (
                    settle
                    and count % SETTLE_EVERY == 0
                    and self._settled(root, count, start, now, deadline)
                ):
                    break
            sim = state.determinize(seat, rng) if information_sets else state.clone()
            root.n += 1
            iterate(sim, root)
            count += 1
        self.last_iterations = count
        return root

    def _settled(self, root: _Node, count: int, start: float, now: float, deadline: float) -> bool:
        """Whether the rest of a timed search can no longer change the choice.

        The choice is the most visited root action; at the current pace the
        remaining time buys about ``remaining`` more iterations, and each adds
        one visit to one action, so a lead larger than that is final ("smart
        pruning", as in Leela Zero and KataGo). A solved root is final too.
        The bot then answers sooner with the move the whole budget would pick.
        """
        if root.proven is not None:
            return True
        if root.stats is not None:  # a simultaneous root: decoupled tables, keep searching
            return False
        first = second = 0
        for child in root.children.values():
            if child.proven is not None:
                return False  # a proven child is chosen by value, not by visits
            n = child.n
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
        remaining = count / max(now - start, 1e-9) * (deadline - now)
        return first - second > remaining

    def root_counts(self, root: _Node) -> dict[Action, int]:
        """Visits of this seat's actions at the root (its decoupled table at a simultaneous root)."""
        if root.stats is not None:
            return {a: s.n for a, s in root.stats.get(self.seat, {}).items()}
        return {a: ch.n for a, ch in root.children.items()}

    def _widen_limit(self, n: int) -> int:
        return max(1, math.ceil(self.pw * n**self.pw_alpha))

    def _iterate(self, state: State, node: _Node) -> None:
        """One selection-expansion-rollout-backup pass over ``state`` (consumed)."""
        rnd = self._random.random
        c = self.c
        log = math.log
        sqrt = math.sqrt
        varying = self.varying
        open_chance = self.chance_mode == "open"
        widen = self.pw > 0
        pw_min = self.pw_min
        path: list[tuple[_Node, int | None]] = []
        root = node
        solved: list[float] | None = None
        expanded = cut = False
        horizon = self.horizon
        changes = 0
        last: tuple[int, ...] | None = None
        while not expanded:
            t = state.turn()
            kind = t.kind
            if kind is _TERMINAL:
                break
            if horizon is not None and kind is not _CHANCE and t.seats != last:
                if last is not None:
                    changes += 1
                    if changes >= horizon:
                        cut = True
                        break
                last = t.seats
            if kind is _CHANCE:
                action = _sample_chance(state, rnd)
                state.apply_unchecked(action, None)
                if open_chance:
                    continue
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                    expanded = True
                path.append((child, None))
                node = child
                continue
            if kind is not _SEAT:
                node, expanded = self._simultaneous_step(state, node, t.seats, path, rnd)
                continue
            seat = t.seats[0]
            children = node.children
            if varying:
                legal = state._legal_actions(seat)
                untried: list[Action] = []
                present: list[tuple[Action, _Node]] = []
                get = children.get
                for a in legal:  # one dict lookup per legal action (hashing actions is slow)
                    ch = get(a)
                    if ch is None:
                        untried.append(a)
                    else:
                        present.append((a, ch))
                may_widen = (
                    not widen or len(legal) <= pw_min or len(children) < self._widen_limit(node.n)
                )
                if untried and (may_widen or not present):
                    action = untried[int(rnd() * len(untried))]
                    child = children[action] = _Node()
                    expanded = True
                else:
                    best = -math.inf
                    child = _NO_NODE
                    action = legal[0]
                    for a, ch in present:
                        ch.avail += 1
                        value = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n) + rnd() * 1e-9
                        if value > best:
                            best, child, action = value, ch, a
            else:
                untried_list = node.untried
                if untried_list is None:
                    untried_list = node.untried = list(state._legal_actions(seat))
                    self._random.shuffle(untried_list)
                if untried_list and (
                    not widen
                    or len(children) + len(untried_list) <= pw_min
                    or len(children) < self._widen_limit(node.n)
                ):
                    action = untried_list.pop()
                    child = children[action] = _Node()
                    expanded = True
                else:
                    best = -math.inf
                    scale = c * sqrt(log(node.n))
                    child = _NO_NODE
                    for a, ch in children.items():
                        proven = ch.proven
                        value = ch.w / ch.n + scale / sqrt(ch.n) if proven is None else proven[seat]
                        if value > best:
                            best, child, action = value, ch, a
            state.apply_unchecked(action, seat)
            path.append((child, seat))
            node = child
            if expanded and not varying and state.turn().kind is _TERMINAL:
                child.proven = state.returns()
            if not varying and child.proven is not None:
                solved = child.proven
                break
        if solved is not None:
            rewards = solved
        elif cut:
            rewards = self._cutoff_rewards(state)
        elif expanded:
            rewards = self._rollout(state, changes, last)
        else:
            rewards = state.returns()
            if not varying and path and state.turn().kind is _TERMINAL:
                path[-1][0].proven = rewards
        if not varying and path:
            self._prove(path, root)
        for stat, actor in path:
            stat.n += 1
            if actor is not None:
                stat.w += rewards[actor]

    @staticmethod
    def _prove(path: list[tuple[_Node, int | None]], root: _Node) -> None:
        """MCTS-Solver backup (closed loop only): a parent whose mover has a proven win,
        or whose children are all expanded and proven, is proven too. Stops at chance
        and simultaneous nodes, whose value is an expectation or a mixed equilibrium."""
        for i in range(len(path) - 1, -1, -1):
            node, actor = path[i]
            if node.proven is None or actor is None:
                return
            parent = path[i - 1][0] if i else root
            if parent.stats is not None or parent.proven is not None:
                return
            if node.proven[actor] >= 1.0:
                parent.proven = node.proven
                continue
            if parent.untried:
                return
            best: list[float] | None = None
            for ch in parent.children.values():
                if ch.proven is None:
                    return
                if best is None or ch.proven[actor] > best[actor]:
                    best = ch.proven
            parent.proven = best

    def final_choice(self, root: _Node, legal: list[Action], counts: dict[Action, int]) -> Action:
        """The most visited action, except that a proven win is taken and a proven
        loss avoided (a solved child's visits say little about its value)."""

        def key(a: Action) -> tuple[float, float, int]:
            ch = root.children.get(a) if root.stats is None else None
            proven = ch.proven[self.seat] if ch is not None and ch.proven is not None else None
            if proven is not None and proven >= 1.0:
                return (2.0, 0.0, -legal.index(a))
            exact = proven if proven is not None else 0.0
            if proven is not None and proven <= -1.0:
                return (-2.0, 0.0, -legal.index(a))
            return (0.0 if proven is None else min(exact, 0.0), counts.get(a, 0), -legal.index(a))

        return max(legal, key=key)

    def _simultaneous_step(
        self,
        state: State,
        node: _Node,
        seats: tuple[int, ...],
        path: list[tuple[_Node, int | None]],
        rnd: Callable[[], float],
    ) -> tuple[_Node, bool]:
        """Decoupled UCT: every acting seat picks from its own table, blind to the others."""
        if node.stats is None:
            node.stats = {}
        c = self.c
        picks: list[tuple[int, Action, _Node]] = []
        for seat in seats:
            table = node.stats.setdefault(seat, {})
            legal = state._legal_actions(seat)
            untried = [a for a in legal if a not in table]
            if untried:
                action = untried[int(rnd() * len(untried))]
                stat = table[action] = _Node()
            else:
                best = -math.inf
                stat = table[legal[0]]
                action = legal[0]
                for a in legal:
                    s = table[a]
                    s.avail += 1
                    value = s.w / s.n + c * math.sqrt(math.log(s.avail) / s.n) + rnd() * 1e-9
                    if value > best:
                        best, stat, action = value, s, a
            picks.append((seat, action, stat))
        joint: list[tuple[int, Action]] = []
        for seat, action, stat in picks:
            if seat not in state.turn().seats or action not in state._legal_actions(seat):
                continue  # an earlier seat's action ended this seat's decision
            state.apply_unchecked(action, seat)
            path.append((stat, seat))
            joint.append((seat, action))
        key = tuple(joint)
        child = node.children.get(key)
        expanded = child is None
        if child is None:
            child = node.children[key] = _Node()
        path.append((child, None))
        return child, expanded

    def _rollout(
        self, state: State, changes: int = 0, last: tuple[int, ...] | None = None
    ) -> list[float]:
        """Play on to the end (or a cut-off) by the rollout policy; per-seat rewards.

        ``changes`` and ``last`` carry the count of acting-seat changes since the
        root when a ``horizon`` is set; ``turns`` counts from the rollout's start.
        """
        rnd = self._random.random
        policies = self._rollout_policies()
        depth = self.depth
        turns = self.horizon
        if turns is None:
            turns = self.turns
            changes, last = 0, None
        steps = 0
        while True:
            t = state.turn()
            kind = t.kind
            if kind is _TERMINAL:
                return state.returns()
            if depth is not None and steps >= depth:
                return self._cutoff_rewards(state)
            if kind is _CHANCE:
                state.apply_unchecked(_sample_chance(state, rnd), None)
            else:
                seats = t.seats
                if turns is not None and seats != last:
                    if last is not None:
                        changes += 1
                        if changes >= turns:
                            return self._cutoff_rewards(state)
                    last = seats
                seat = seats[0] if len(seats) == 1 else seats[int(rnd() * len(seats))]
                if policies is not None:
                    action = policies[seat].choose(state)
                else:
                    legal = state._legal_actions(seat)
                    action = legal[int(rnd() * len(legal))]
                state.apply_unchecked(action, seat)
            steps += 1

    def _cutoff_rewards(self, state: State) -> list[float]:
        """Rewards where a rollout stops early.

        With ``scale`` (or the game's declared ``eval_scale``) and an ``evaluate``:
        ``tanh(evaluate / scale)`` per seat, which keeps how far ahead a seat is.
        Otherwise the seats are ranked on ``evaluate`` (or on their scores).
        """
        players = self.game.players
        if self._evaluate is not None and self.scale:
            scale = self.scale
            return [math.tanh(self._evaluate(state, s) / scale) for s in range(players)]
        if self._evaluate is not None:
            keys = [(self._evaluate(state, s),) for s in range(players)]
        else:
            keys = [(s,) for s in state.scores()]
        return returns_from_ranks(ranks_from_keys(keys))

    # -- root parallelism -------------------------------------------------------

    def _parallel_counts(self, state: State) -> dict[Action, int]:
        params = {k: v for k, v in self.params.items() if k != "workers"}
        payload = (self.game.name, self.game.players, dict(self.game.options), state.to_json())
        seeds = [self._random.randrange(1 << 62) for _ in range(self.workers)]
        jobs = [
            (type(self).__module__, type(self).__name__, payload, self.seat, s, params)
            for s in seeds
        ]
        pool = _pool(self.workers)
        totals: dict[Action, int] = {}
        for counts in pool.map(_worker_search, jobs):
            for code, n in counts.items():
                action = self.game.action_from_code(code)
                totals[action] = totals.get(action, 0) + n
        self.last_iterations = sum(totals.values())
        return totals


def game_mcts_defaults(game: Game) -> dict[str, str]:
    """The game's preferred search settings: its declared ``Plugins.mcts_defaults``.

    A game whose random playouts are long or meaningless can declare, for
    example, ``mcts_defaults={"rollout": "heuristic", "turns": "1"}``; a
    spec's own parameters override them, and ``time``/``iters`` only apply
    when the spec names neither.
    """
    defaults = game.plugins.mcts_defaults
    if not defaults:
        return {}
    unknown = set(defaults) - MCTSBot._KNOWN
    if unknown:
        raise OptionError(
            f"{game.name}'s declared mcts_defaults has unknown keys {sorted(unknown)}"
        )
    return {str(k): str(v) for k, v in defaults.items()}


class ISMCTSBot(MCTSBot):
    """Single-observer information-set MCTS, on any game (see the module docstring)."""

    name = "ismcts"
    force_information_sets = True


def _sample_chance(state: State, rnd: Callable[[], float]) -> Action:
    outcomes = state.chance_outcomes()
    x = rnd()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """One lasting pool per size, so that a match does not pay process start-up per move."""
    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers)
    return pool


def _worker_search(
    job: tuple[str, str, tuple[str, int, dict[str, Any], dict[str, Any]], int, int, dict[str, Any]],
) -> dict[int, int]:
    """In a worker process: rebuild the game and state, search, return root visits by code."""
    import importlib

    from meeple.core.registry import make_game

    module, cls_name, (name, players, options, data), seat, seed, params = job
    game = make_game(name, players=players, **options)
    state = game.state_from_json(data)
    cls = getattr(importlib.import_module(module), cls_name)
    bot = cls(game, seat, seed, **params)
    root = bot.search(state)
    return {game.action_code(a): n for a, n in bot.root_counts(root).items()}
