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
  the same move, sooner. ``clock=wall`` (default) counts ``time`` on the
  wall clock; ``clock=cpu`` counts the CPU seconds of the searching thread
  (``time.thread_time``), so that on a shared, loaded machine a bot gets
  the same amount of thinking whatever else runs, and a strength
  protocol's "1 s a move" means the same work from run to run. (The
  thread's time, not the process's: in a server the event loop and other
  bots' threads do not eat a search's budget.)
* **Leaf evaluation, passed in.** A new leaf is valued by an
  :class:`~meeple.bots.evaluators.Evaluator` (OpenSpiel's design): by default
  the spec's rollout, ``rollout=random`` or ``rollout=heuristic`` (the game's
  heuristic bot it declares in ``Game.plugins``); ``depth=K`` cuts a
  rollout after K actions and scores the position by ranking the seats on the
  game's ``evaluate(state, seat)`` (or the scores when it has none);
  ``turns=K`` cuts it when the acting seat has changed K times instead.
  ``MCTSBot(game, seat, seed, evaluator=...)`` takes any other evaluator.
* **Progressive widening.** A node with more than ``pw_min`` legal actions
  considers only ``ceil(pw * visits ** pw_alpha)`` of them (in random order),
  so that a few promising moves are searched deeply rather than hundreds
  shallowly. ``pw=0`` turns it off.
* **Tree reuse** (perfect information, closed loop): :meth:`MCTSBot.observe`
  follows the actions actually played, and the next search starts from that
  subtree when the state matches. Not done for information-set search, where
  the tree's statistics belong to the old information set.
* **Root parallelism.** ``workers=P`` runs P independent searches in worker
  processes (same budget each) and sums their root visit counts. The
  processes never outlive this one (:mod:`meeple.bots.parallel`).

An iteration is three steps, each its own method: :meth:`MCTSBot._select`
walks down the tree by UCB and expands one node (the steps at decision,
chance and simultaneous nodes are methods too), :meth:`MCTSBot._leaf_rewards`
values where it stopped (a solved node, the horizon, the end of the game, or
the evaluator), and :meth:`MCTSBot._backup` adds the rewards along the path
and proves what the solver can.

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
from concurrent.futures.process import BrokenProcessPool
from typing import Any, cast

from meeple.bots import parallel
from meeple.bots.base import Bot
from meeple.bots.evaluators import (
    CutoffEvaluator,
    EvaluateFn,
    Evaluator,
    HeuristicRolloutEvaluator,
    RandomRolloutEvaluator,
    sample_chance,
)
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.core.options import GameOption
from meeple.core.turn import TurnKind

_SEAT = TurnKind.SEAT
_sqrt = math.sqrt
_log = math.log
_CHANCE = TurnKind.CHANCE
_TERMINAL = TurnKind.TERMINAL

DEFAULT_ITERS = 1000
#: How often (in iterations) a timed search checks whether its choice is settled.
SETTLE_EVERY = 16

#: How a selection walk ended (see :meth:`MCTSBot._select`).
_AT_END, _AT_NEW, _AT_HORIZON, _AT_SOLVED = range(4)

#: The parameters of ``mcts`` and ``ismcts`` specs, parsed like game options.
MCTS_OPTIONS: tuple[GameOption, ...] = (
    GameOption("iters", None, "iterations a move (1000 when no time is given)", kind=int, minimum=1),
    GameOption("time", None, "seconds a move (on the clock `clock` names)", kind=float, minimum=0.0),
    GameOption("clock", "wall", "what `time` counts: wall seconds, or the search thread's CPU seconds", choices=("wall", "cpu")),
    GameOption("c", 1.4, "UCB exploration constant", minimum=0.0),
    GameOption("rollout", "random", "who plays rollouts", choices=("random", "heuristic")),
    GameOption("depth", None, "rollout cut-off, in actions", kind=int, minimum=0),
    GameOption("turns", None, "rollout cut-off, in changes of the acting seats", kind=int, minimum=1),
    GameOption("horizon", None, "cut-off counted from the root, in turns", kind=int, minimum=1),
    GameOption("scale", None, "evaluation scale at a cut-off: tanh(value / scale)", kind=float, minimum=0.0),
    GameOption("chance", "sample", "chance nodes: sampled branches or open loop", choices=("sample", "open")),
    GameOption("pw", 2.0, "progressive widening factor (0: off)", minimum=0.0),
    GameOption("pw_alpha", 0.5, "progressive widening exponent", minimum=0.0),
    GameOption("pw_min", 12, "widen only above this many legal actions", minimum=1),
    GameOption("reuse", True, "keep the subtree of the played moves"),
    GameOption("workers", 1, "root-parallel processes", minimum=1),
    GameOption("settle", True, "stop a timed search once its choice cannot change"),
)  # fmt: skip


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

#: A selection path: each edge's statistics, and the seat that took it (None: chance).
_Path = list[tuple[_Node, int | None]]


class MCTSBot(Bot):
    """UCT / information-set MCTS; see the module docstring for the parameters.

    Parameters (all optional, written ``mcts:key=value,...``; declared in
    :data:`MCTS_OPTIONS`): ``iters`` (default 1000) or ``time`` (seconds
    per move) and ``clock`` wall|cpu (what ``time`` counts); ``c``
    exploration constant (1.4); ``rollout`` random|heuristic;
    ``depth`` rollout cut-off in actions, ``turns`` in changes of the acting
    seat (a mid-turn position is often badly judged by an evaluation, the
    start of a turn less so); ``horizon`` the same counted from the root, so
    every leaf is judged at the same point of the game (a fixed look-ahead of
    that many turns); ``scale`` evaluation scale at the cut-off
    (tanh(evaluate / scale)); ``chance`` sample|open; ``pw``, ``pw_alpha``,
    ``pw_min`` progressive widening (2, 0.5, 12); ``reuse`` tree reuse
    (true); ``workers`` root parallelism (1); ``settle`` stop a timed search
    early once the choice cannot change (true).

    ``evaluator`` (Python only, not a spec parameter) replaces the leaf
    evaluation the spec describes; it runs in this process, so it cannot be
    combined with ``workers``.
    """

    name = "mcts"
    options = MCTS_OPTIONS
    #: Information-set search even on perfect-information games.
    force_information_sets = False

    _KNOWN = frozenset(o.name for o in MCTS_OPTIONS)

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        *,
        evaluator: Evaluator | None = None,
        **params: Any,
    ) -> None:
        if evaluator is not None and not isinstance(evaluator, Evaluator):
            raise OptionError(f"evaluator must be an Evaluator, got {evaluator!r}")
        super().__init__(game, seat, seed, **params)
        defaults = game_mcts_defaults(game)
        if "time" in params or "iters" in params:  # the spec's budget replaces the game's
            defaults = {k: v for k, v in defaults.items() if k not in ("time", "iters")}
        p = self.parse_params({**defaults, **params})
        self.iters: int | None = p["iters"]
        self.time_limit: float | None = p["time"]
        #: The clock a timed search reads: wall seconds, or this thread's CPU seconds.
        self.clock: str = p["clock"]
        if self.iters is None and self.time_limit is None:
            self.iters = DEFAULT_ITERS
        self.c: float = p["c"]
        self.rollout_kind: str = p["rollout"]
        self.depth: int | None = p["depth"]
        self.turns: int | None = p["turns"]
        self.horizon: int | None = p["horizon"]
        self.scale: float | None = p["scale"]
        self.chance_mode: str = p["chance"]
        self.pw: float = p["pw"]
        self.pw_alpha: float = p["pw_alpha"]
        self.pw_min: int = p["pw_min"]
        self.workers: int = p["workers"]
        self._widen = self.pw > 0
        if evaluator is not None and self.workers > 1:
            raise OptionError("a passed-in evaluator runs in this process: workers must be 1")

        #: Search information sets (determinize every iteration).
        self.information_sets = self.force_information_sets or not game.perfect_information
        #: A node's legal actions can change between visits: count availability.
        self.varying = self.information_sets or self.chance_mode == "open"
        self.settle: bool = p["settle"]
        # A reused subtree was valued at the old root's horizon: keep it only without one.
        self.reuse = p["reuse"] and not self.varying and self.workers == 1 and self.horizon is None
        self._random = random.Random(self.rng.next64())
        heuristic = self.rollout_kind == "heuristic" and evaluator is None
        policy = self._heuristic_class() if heuristic else None
        evaluate: EvaluateFn | None = None
        if self.depth is not None or self.turns is not None or self.horizon is not None:
            from meeple.bots.registry import game_evaluator

            evaluate = game_evaluator(game)
            if self.scale is None:
                self.scale = game.plugins.eval_scale
        #: Values a leaf where the search stops early (the horizon, a rollout's cut-off).
        self.cutoff = CutoffEvaluator(game, evaluate, self.scale)
        #: Values a new leaf.
        self.evaluator: Evaluator = evaluator or self._spec_evaluator(policy)
        self._root: _Node | None = None
        self._tree_state: State | None = None
        #: Iterations run by the last :meth:`choose` (benchmarks read it).
        self.last_iterations = 0

    def _spec_evaluator(self, policy: type[Bot] | None) -> Evaluator:
        """The rollout the spec describes, cut off by ``depth`` and ``turns`` (or ``horizon``)."""
        turns = self.horizon if self.horizon is not None else self.turns
        from_root = self.horizon is not None
        if policy is not None:
            return HeuristicRolloutEvaluator(
                self.game, self._random, policy, self.cutoff, self.depth, turns, from_root
            )
        return RandomRolloutEvaluator(
            self.game, self._random, self.cutoff, self.depth, turns, from_root
        )

    def _heuristic_class(self) -> type[Bot]:
        from meeple.bots.registry import game_heuristic_bot

        cls = game_heuristic_bot(self.game)
        if cls is None:
            raise OptionError(f"{self.game.name} has no heuristic bot for rollout=heuristic")
        return cast("type[Bot]", cls)  # the declared heuristic bot is a Bot class

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
        clock = time.thread_time if self.clock == "cpu" else time.perf_counter
        start = clock()
        deadline = None if self.time_limit is None else start + self.time_limit
        settle = deadline is not None and self.settle
        limit = self.iters
        count = 0
        rng = self.rng
        while True:
            if limit is not None and count >= limit:
                break
            if deadline is not None and count:
                now = clock()
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

    def _iterate(self, state: State, root: _Node) -> None:
        """One iteration over ``state`` (the search's own copy, consumed)."""
        path: _Path = []
        end, changes, last = self._select(state, root, path)
        rewards = self._leaf_rewards(state, path, end, changes, last)
        self._backup(path, root, rewards)

    # -- selection and expansion ---------------------------------------------------

    def _select(
        self, state: State, node: _Node, path: _Path
    ) -> tuple[int, int, tuple[int, ...] | None]:
        """Walk down from ``node`` by UCB, playing on ``state``, until one node is added.

        Appends every edge taken to ``path``. Returns how the walk ended
        (``_AT_NEW``: a node was added; ``_AT_END``: the game ended inside the
        tree; ``_AT_HORIZON``: the root's horizon was reached; ``_AT_SOLVED``:
        the last node's value is proven) and, for the horizon, how many times
        the acting seats changed on the way and who acted last.
        """
        rnd = self._random.random
        varying = self.varying
        open_chance = self.chance_mode == "open"
        horizon = self.horizon
        closed_step = self._closed_step
        varying_step = self._varying_step
        changes = 0
        last: tuple[int, ...] | None = None
        while True:
            t = state.turn()
            kind = t.kind
            if kind is _TERMINAL:
                return _AT_END, changes, last
            if horizon is not None and kind is not _CHANCE and t.seats != last:
                if last is not None:
                    changes += 1
                    if changes >= horizon:
                        return _AT_HORIZON, changes, last
                last = t.seats
            if kind is _CHANCE:
                action = sample_chance(state, rnd)
                state.apply_unchecked(action, None)
                if open_chance:
                    continue
                child = node.children.get(action)
                if child is None:
                    path.append((self._add(node, action), None))
                    return _AT_NEW, changes, last
                path.append((child, None))
                node = child
                continue
            if kind is not _SEAT:
                node, expanded = self._simultaneous_step(state, node, t.seats, path, rnd)
                if expanded:
                    return _AT_NEW, changes, last
                continue
            seat = t.seats[0]
            if varying:
                action, child, expanded = varying_step(state, node, seat, rnd)
            else:
                action, child, expanded = closed_step(state, node, seat)
            state.apply_unchecked(action, seat)
            path.append((child, seat))
            node = child
            if not varying:
                if expanded and state.turn().kind is _TERMINAL:
                    child.proven = state.returns()
                if child.proven is not None:
                    return _AT_SOLVED, changes, last
            if expanded:
                return _AT_NEW, changes, last

    @staticmethod
    def _add(node: _Node, key: Any) -> _Node:
        """Expansion: a new child of ``node`` under ``key`` (action, outcome or joint action)."""
        child = node.children[key] = _Node()
        return child

    def _closed_step(self, state: State, node: _Node, seat: int) -> tuple[Action, _Node, bool]:
        """At a decision node of a fixed legal set: expand an untried action while
        progressive widening allows, else select the child with the best UCB (a
        proven child by its exact value). Returns the action, the child, and
        whether it is new."""
        children = node.children
        untried = node.untried
        if untried is None:
            untried = node.untried = list(state.legal_actions_unchecked(seat))
            self._random.shuffle(untried)
        if untried and (
            not self._widen
            or len(children) + len(untried) <= self.pw_min
            or len(children) < self._widen_limit(node.n)
        ):
            new = untried.pop()
            child = children[new] = _Node()  # expansion
            return new, child, True
        sqrt = _sqrt
        best = -math.inf
        scale = self.c * sqrt(_log(node.n))
        child = _NO_NODE
        action: Any = None  # a selected node always has children
        for a, ch in children.items():
            proven = ch.proven
            value = ch.w / ch.n + scale / sqrt(ch.n) if proven is None else proven[seat]
            if value > best:
                best, child, action = value, ch, a
        return action, child, False

    def _varying_step(
        self, state: State, node: _Node, seat: int, rnd: Any
    ) -> tuple[Action, _Node, bool]:
        """At a decision node whose legal set varies between visits (information
        sets, open-loop chance): expand an untried legal action while widening
        allows (or when none is present), else select by UCB over the children
        legal now, counting each one's availability."""
        children = node.children
        legal = state.legal_actions_unchecked(seat)
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
            not self._widen
            or len(legal) <= self.pw_min
            or len(children) < self._widen_limit(node.n)
        )
        if untried and (may_widen or not present):
            action = untried[int(rnd() * len(untried))]
            child = children[action] = _Node()  # expansion
            return action, child, True
        c = self.c
        log = _log
        sqrt = _sqrt
        best = -math.inf
        child = _NO_NODE
        action = legal[0]
        for a, ch in present:
            ch.avail += 1
            value = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n) + rnd() * 1e-9
            if value > best:
                best, child, action = value, ch, a
        return action, child, False

    def _simultaneous_step(
        self,
        state: State,
        node: _Node,
        seats: tuple[int, ...],
        path: _Path,
        rnd: Any,
    ) -> tuple[_Node, bool]:
        """Decoupled UCT: every acting seat picks from its own table, blind to the others."""
        if node.stats is None:
            node.stats = {}
        c = self.c
        picks: list[tuple[int, Action, _Node]] = []
        for seat in seats:
            table = node.stats.setdefault(seat, {})
            legal = state.legal_actions_unchecked(seat)
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
            if seat not in state.turn().seats or action not in state.legal_actions_unchecked(seat):
                continue  # an earlier seat's action ended this seat's decision
            state.apply_unchecked(action, seat)
            path.append((stat, seat))
            joint.append((seat, action))
        key = tuple(joint)
        child = node.children.get(key)
        expanded = child is None
        if child is None:
            child = self._add(node, key)
        path.append((child, None))
        return child, expanded

    # -- evaluation and backup -----------------------------------------------------

    def _leaf_rewards(
        self, state: State, path: _Path, end: int, changes: int, last: tuple[int, ...] | None
    ) -> list[float]:
        """Per-seat rewards of where the walk ended: a proven value, the cut-off
        evaluation at the horizon, the evaluator at a new leaf, or the returns of a
        finished game (which, in a closed-loop tree, prove the last node)."""
        if end is _AT_NEW:
            return self.evaluator.evaluate(state, changes, last)
        if end is _AT_SOLVED:
            proven = path[-1][0].proven
            assert proven is not None
            return proven
        if end is _AT_HORIZON:
            return self.cutoff.evaluate(state, changes, last)
        rewards = state.returns()
        if not self.varying and path:
            path[-1][0].proven = rewards
        return rewards

    def _backup(self, path: _Path, root: _Node, rewards: list[float]) -> None:
        """Add one visit and the taker's reward to every edge of ``path``; prove what
        the solver can (closed loop). The root's visit was counted by the search."""
        if not self.varying and path:
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

    # -- root parallelism -------------------------------------------------------

    def _parallel_counts(self, state: State) -> dict[Action, int]:
        params = {k: v for k, v in self.params.items() if k != "workers"}
        payload = (self.game.name, self.game.players, dict(self.game.options), state.to_json())
        seeds = [self._random.randrange(1 << 62) for _ in range(self.workers)]
        jobs = [
            (type(self).__module__, type(self).__name__, payload, self.seat, s, params)
            for s in seeds
        ]
        pool = parallel.pool(self.workers)
        totals: dict[Action, int] = {}
        try:
            for counts in pool.map(_worker_search, jobs):
                for code, n in counts.items():
                    action = self.game.action_from_code(code)
                    totals[action] = totals.get(action, 0) + n
        except BrokenProcessPool:
            parallel.discard(pool)  # a worker died (killed, out of memory): a fresh pool next time
            raise
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
