"""A small card-effect language: effects written as data, run by one engine.

A game with hundreds of cards should not have a function per card. Here an
effect is a tuple ``(verb, *args)`` and a *program* a tuple of effects, run
in order; in a game's data.toml they are plain arrays::

    hire = [["gain", "virtue", 1]]
    ability = [["choose", [["rearrange"]], [["discard", 2]]]]
    leave = [["if", [["icons", "criminal"], ">=", 1], [["gain", "corruption", 1]]]]

The engine knows the words every game shares; a game registers its own
verbs (``rearrange``, ``flip``, ``free_hire``) and queries (``icons``), so an
expansion adds cards as data, and a new game reuses the engine.

Core words:

* ``["gain", item, count]`` / ``["pay", item, count]``: the game's ledger
  (its ``gain``, ``pay`` and ``has`` hooks). An option that starts by paying
  what the seat lacks cannot be chosen.
* ``["choose", program, program, ...]``: the seat picks one option. Options
  that cannot be taken now are left out; a single one left is taken without
  asking, none left does nothing.
* ``["may", program]``: ``choose`` between the program and nothing.
* ``["if", [count, op, count], then, else?]``: ``op`` one of ``>= > <= < == !=``.
* ``["each", count, program]``: the program ``count`` times.
* ``["others", program]`` / ``["everyone", program]``: the program for each
  other seat (each seat, the actor first), in seat order from the actor's
  left; each seat decides its own choices, one seat after another.
* ``["as", seat, program]``: the program for one seat (the engine writes
  these into continuations; a game may use them too).
* ``["any_order", program, program, ...]``: the seat runs the programs one
  at a time, in the order it picks, each at most once, and may stop at any
  point ("use every tile of the row, in any order, once each"). It is a
  ``choose`` between each feasible program (followed by an ``any_order`` of
  the others) and stopping; when only stopping is left it ends at once.

A *count* is an int, a query name, or ``[query, *args]`` (``["icons",
"merchant"]``), asked of the game as ``query(state, seat, *args)``.

When a program needs a decision (a ``choose``, or a game verb that returns
:class:`Pending`), the engine pushes a :class:`~meeple.core.decisions.Decision`
holding the rest of the program, and stops; the action that takes the
decision resumes it (:meth:`Effects.choose`, :meth:`Effects.resume`). The
program in flight is data on the stack, so a state clones and serialises
in the middle of a card's effect.

What we took from others, and why: Dominion engines write a card as a list
of small primitives (+cards, +actions, "choose one") interpreted by one
loop; TabletopGames resolves such primitives through its action stack; we
do both, with the continuation stored as data (not a Python closure or
generator), because search clones and determinizes mid-effect and records
replay from JSON. Game verbs that run further effects (the reward of a
hired card) return :class:`Then` instead of calling the engine again, so a
nested choice keeps the whole remainder in one continuation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from meeple.core import decisions
from meeple.core.decisions import Decision, freeze
from meeple.core.errors import IllegalActionError, MeepleError

#: An effect: ``(verb, *args)``; a program: a tuple of effects.
Effect = tuple[Any, ...]
Program = tuple[Effect, ...]

CHOOSE = "choose"
ANY_ORDER = "any_order"
_OPS: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


class EffectError(MeepleError, ValueError):
    """A program that is not well formed (found when the game's data loads), or one
    that cannot run now (a bug in the game: it offered what it cannot do)."""


class HasDecisions(Protocol):
    """A state with a decision stack (declared with :data:`meeple.core.decisions.FIELD`)."""

    decisions: decisions.Stack


@dataclass(frozen=True, slots=True)
class Pending:
    """Returned by a game verb that needs a decision: the engine pushes it and stops."""

    kind: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Then:
    """Returned by a game verb that goes on with more effects (run next, as the same seat)."""

    program: Program


VerbResult = Pending | Then | None


@dataclass(frozen=True)
class Word:
    """The shape of a game's own verb: how many args it takes (``arity``) and which
    of them are counts (resolved before the verb runs)."""

    arity: tuple[int, int] = (0, 0)
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Verb:
    """What a game verb does.

    ``run(state, seat, *args)`` does it (or answers :class:`Pending` /
    :class:`Then`); ``can(state, seat, *args)`` says whether it can be done
    now (an option starting with it may be chosen only then; ``None``:
    always).
    """

    run: Callable[..., VerbResult]
    can: Callable[..., bool] | None = None


Query = Callable[..., int]


class Grammar:
    """The words a game's data may use: its verbs' shapes, its query names, its items.

    A game's components module builds one and checks every program as the
    data loads (:meth:`program`), without the rules; :class:`Effects` binds
    the grammar to the functions that run it.
    """

    CORE = frozenset(
        {"gain", "pay", CHOOSE, "may", "if", "each", "others", "everyone", "as", ANY_ORDER}
    )

    def __init__(
        self,
        verbs: Mapping[str, Word],
        queries: Iterable[str] = (),
        items: Iterable[str] | None = None,
    ) -> None:
        clash = self.CORE & set(verbs)
        if clash:
            raise ValueError(f"game verbs may not replace core words: {sorted(clash)}")
        self.verbs: dict[str, Word] = dict(verbs)
        self.queries: frozenset[str] = frozenset(queries)
        self.items: frozenset[str] | None = None if items is None else frozenset(items)

    def program(self, data: Any, where: str = "effect") -> Program:
        """``data`` (arrays from TOML or JSON) as a checked program; raises EffectError."""
        prog: Program = freeze(data if data is not None else ())
        self.check(prog, where)
        return prog

    def check(self, prog: Any, where: str = "effect") -> None:
        """Raise :class:`EffectError` naming ``where`` unless ``prog`` is a well-formed program."""
        if not isinstance(prog, tuple):
            raise EffectError(f"{where}: a program is a list of effects, got {prog!r}")
        for i, eff in enumerate(prog):
            self._check_effect(eff, f"{where}[{i}]")

    def _check_effect(self, eff: Any, where: str) -> None:
        if not isinstance(eff, tuple) or not eff or not isinstance(eff[0], str):
            raise EffectError(f"{where}: an effect is [verb, args...], got {eff!r}")
        verb, args = eff[0], eff[1:]

        def need(lo: int, hi: int) -> None:
            if not lo <= len(args) <= hi:
                raise EffectError(f"{where}: {verb!r} takes {lo}-{hi} arguments, got {len(args)}")

        if verb in ("gain", "pay"):
            need(2, 2)
            if not isinstance(args[0], str) or (
                self.items is not None and args[0] not in self.items
            ):
                raise EffectError(f"{where}: unknown item {args[0]!r}")
            self._check_count(args[1], where)
        elif verb == CHOOSE:
            if len(args) < 2:
                raise EffectError(f"{where}: 'choose' needs at least two options")
            for k, opt in enumerate(args):
                self.check(opt, f"{where}.option{k}")
        elif verb == "may":
            need(1, 1)
            self.check(args[0], f"{where}.may")
        elif verb == ANY_ORDER:
            if not args:
                raise EffectError(f"{where}: 'any_order' needs at least one program")
            for k, opt in enumerate(args):
                self.check(opt, f"{where}.part{k}")
        elif verb == "if":
            need(2, 3)
            cond = args[0]
            if not (isinstance(cond, tuple) and len(cond) == 3 and cond[1] in _OPS):
                raise EffectError(f"{where}: a condition is [count, op, count], got {cond!r}")
            self._check_count(cond[0], where)
            self._check_count(cond[2], where)
            for k, branch in enumerate(args[1:]):
                self.check(branch, f"{where}.{('then', 'else')[k]}")
        elif verb == "each":
            need(2, 2)
            self._check_count(args[0], where)
            self.check(args[1], f"{where}.each")
        elif verb in ("others", "everyone"):
            need(1, 1)
            self.check(args[0], f"{where}.{verb}")
        elif verb == "as":
            need(2, 2)
            if not isinstance(args[0], int):
                raise EffectError(f"{where}: 'as' needs a seat number")
            self.check(args[1], f"{where}.as")
        elif verb in self.verbs:
            w = self.verbs[verb]
            need(*w.arity)
            for k in w.counts:
                if k < len(args):
                    self._check_count(args[k], where)
        else:
            raise EffectError(f"{where}: unknown verb {verb!r}")

    def _check_count(self, count: Any, where: str) -> None:
        if isinstance(count, bool):
            raise EffectError(f"{where}: a count is a number or a query, got {count!r}")
        if isinstance(count, int):
            return
        name = (
            count
            if isinstance(count, str)
            else count[0]
            if isinstance(count, tuple) and count
            else None
        )
        if not isinstance(name, str) or name not in self.queries:
            raise EffectError(f"{where}: unknown query {count!r}")


class Effects:
    """The interpreter for one game: its grammar bound to its verbs, queries and ledger.

    ``gain(state, seat, item, n)``, ``pay(state, seat, item, n)`` and
    ``has(state, seat, item, n) -> bool`` keep the ledger (a gain that sets off
    more, a debt taken with a card that reacts to debts, answers
    :class:`Then` or :class:`Pending` like a verb); ``players(state)``
    is the number of seats (for ``others``). Every verb and query of the
    grammar needs its function, and no function may lack its word.
    """

    def __init__(
        self,
        grammar: Grammar,
        *,
        players: Callable[[Any], int],
        gain: Callable[[Any, int, str, int], VerbResult],
        pay: Callable[[Any, int, str, int], None],
        has: Callable[[Any, int, str, int], bool],
        verbs: Mapping[str, Verb] | None = None,
        queries: Mapping[str, Query] | None = None,
    ) -> None:
        self.grammar = grammar
        self.verbs: dict[str, Verb] = dict(verbs or {})
        self.queries: dict[str, Query] = dict(queries or {})
        for what, words, funcs in (
            ("verb", set(grammar.verbs), set(self.verbs)),
            ("query", set(grammar.queries), set(self.queries)),
        ):
            if words != funcs:
                raise ValueError(
                    f"{what}s without a function: {sorted(words - funcs)}; "
                    f"functions without a {what}: {sorted(funcs - words)}"
                )
        self.players = players
        self.gain, self.pay, self.has = gain, pay, has

    def program(self, data: Any, where: str = "effect") -> Program:
        """:meth:`Grammar.program` of this engine's grammar."""
        return self.grammar.program(data, where)

    # -- asking -----------------------------------------------------------------

    def count(self, state: Any, seat: int, count: Any) -> int:
        """The value of a count (a number or a query) for ``seat`` now."""
        if isinstance(count, int):
            return count
        if isinstance(count, str):
            return int(self.queries[count](state, seat))
        return int(self.queries[count[0]](state, seat, *count[1:]))

    def test(self, state: Any, seat: int, cond: Effect) -> bool:
        a, op, b = cond
        return _OPS[op](self.count(state, seat, a), self.count(state, seat, b))

    def feasible(self, state: Any, seat: int, prog: Program) -> bool:
        """Whether ``seat`` may start ``prog`` now: every ``pay`` affordable and every game
        verb with a ``can`` able, judged on the state as it is (effects earlier in the
        program are not simulated); a ``choose`` needs one feasible option."""
        for eff in prog:
            verb = eff[0]
            if verb == "pay":
                if not self.has(state, seat, eff[1], self.count(state, seat, eff[2])):
                    return False
            elif verb == CHOOSE:
                if not any(self.feasible(state, seat, p) for p in eff[1:]):
                    return False
            elif verb in self.verbs:
                v = self.verbs[verb]
                if v.can is not None and not v.can(
                    state, seat, *self._args(state, seat, verb, eff)
                ):
                    return False
        return True

    def options(self, state: Any, decision: Decision) -> list[int]:
        """The option numbers of a ``choose`` decision its seat may take now."""
        if decision.kind != CHOOSE:
            return []
        return [i for i, p in enumerate(decision.args) if self.feasible(state, decision.seat, p)]

    def _args(self, state: Any, seat: int, verb: str, eff: Effect) -> tuple[Any, ...]:
        args = eff[1:]
        counts = self.grammar.verbs[verb].counts
        if not counts:
            return args
        out = list(args)
        for k in counts:
            if k < len(out):
                out[k] = self.count(state, seat, out[k])
        return tuple(out)

    # -- running ----------------------------------------------------------------

    def run(self, state: HasDecisions, seat: int, prog: Program, source: str = "") -> bool:
        """Run ``prog`` as ``seat``. True when it ran to the end; False when it stopped at
        a decision (now on top of ``state.decisions``, holding the rest of the program).
        ``source`` names the decisions it pushes (the card, for the prompt)."""
        work = [(seat, e) for e in reversed(prog)]
        return self._drain(state, seat, work, source)

    def choose(self, state: HasDecisions, seat: int, option: int) -> bool:
        """Take option ``option`` of the ``choose`` decision ``seat`` owes on top, and run
        on. Refuses (changing nothing) anything else."""
        d, rest = decisions.pop_kind(state.decisions, seat, CHOOSE)
        if option not in self.options(state, d):
            raise IllegalActionError(f"option {option} cannot be chosen now")
        state.decisions = rest
        return self.chosen(state, d, option)

    def chosen(self, state: HasDecisions, d: Decision, option: int) -> bool:
        """Run option ``option`` of the ``choose`` decision ``d``, already off the stack
        (:mod:`meeple.core.kinds` pops before an answer is taken), and go on."""
        actor = d.continues_as
        work = [(actor, e) for e in reversed(d.rest)]
        work += [(d.seat, e) for e in reversed(d.args[option])]
        return self._drain(state, actor, work, d.source)

    def resume(self, state: HasDecisions, decision: Decision) -> bool:
        """Go on with ``decision``'s continuation (the game has popped and done it)."""
        actor = decision.continues_as
        work = [(actor, e) for e in reversed(decision.rest)]
        return self._drain(state, actor, work, decision.source)

    def _drain(
        self, state: HasDecisions, actor: int, work: list[tuple[int, Effect]], source: str
    ) -> bool:
        while work:
            s, eff = work.pop()
            verb = eff[0]
            if verb == "gain":
                n = self.count(state, s, eff[2])
                gained = self.gain(state, s, eff[1], n) if n > 0 else None
                if isinstance(gained, Then):
                    work.extend((s, e) for e in reversed(gained.program))
                elif isinstance(gained, Pending):
                    self._suspend(state, actor, s, gained, work, source)
                    return False
            elif verb == "pay":
                n = self.count(state, s, eff[2])
                if n > 0:
                    if not self.has(state, s, eff[1], n):
                        raise EffectError(f"seat {s} cannot pay {n} {eff[1]}")
                    self.pay(state, s, eff[1], n)
            elif verb == CHOOSE or verb == "may":
                opts: tuple[Program, ...] = eff[1:] if verb == CHOOSE else (eff[1], ())
                ok = [i for i, p in enumerate(opts) if self.feasible(state, s, p)]
                if len(ok) == 1:
                    work.extend((s, e) for e in reversed(opts[ok[0]]))
                elif ok:
                    self._suspend(state, actor, s, Pending(CHOOSE, opts), work, source)
                    return False
            elif verb == ANY_ORDER:
                parts: tuple[Program, ...] = eff[1:]
                options = [
                    (*p, (ANY_ORDER, *parts[:i], *parts[i + 1 :])) if len(parts) > 1 else p
                    for i, p in enumerate(parts)
                    if self.feasible(state, s, p)
                ]
                if options:
                    self._suspend(state, actor, s, Pending(CHOOSE, (*options, ())), work, source)
                    return False
            elif verb == "if":
                branch = eff[2] if self.test(state, s, eff[1]) else (eff[3] if len(eff) > 3 else ())
                work.extend((s, e) for e in reversed(branch))
            elif verb == "each":
                n = self.count(state, s, eff[1])
                for _ in range(max(0, n)):
                    work.extend((s, e) for e in reversed(eff[2]))
            elif verb in ("others", "everyone"):
                n = self.players(state)
                order = [(s + k) % n for k in range(0 if verb == "everyone" else 1, n)]
                for t in reversed(order):
                    work.extend((t, e) for e in reversed(eff[1]))
            elif verb == "as":
                work.extend((eff[1], e) for e in reversed(eff[2]))
            else:
                v = self.verbs.get(verb)
                if v is None:
                    raise EffectError(f"unknown verb {verb!r}")
                result = v.run(state, s, *self._args(state, s, verb, eff))
                if isinstance(result, Then):
                    work.extend((s, e) for e in reversed(result.program))
                elif isinstance(result, Pending):
                    self._suspend(state, actor, s, result, work, source)
                    return False
        return True

    @staticmethod
    def _suspend(
        state: HasDecisions,
        actor: int,
        seat: int,
        pending: Pending,
        work: Sequence[tuple[int, Effect]],
        source: str,
    ) -> None:
        rest = tuple(e if t == actor else ("as", t, (e,)) for t, e in reversed(work))
        d = Decision(seat, pending.kind, freeze(pending.args), rest, actor, source)
        state.decisions = decisions.push(state.decisions, d)
