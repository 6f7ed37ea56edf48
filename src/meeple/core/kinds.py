"""Decision kinds, declared once: what a pending decision offers, what an answer does,
how it reads.

:mod:`meeple.core.decisions` keeps the stack of decisions owed; this module keeps
what each *kind* of decision means. A game lists its kinds in one table (its
``decisions.py``), one :class:`Kind` each, beside the base game's so that an
expansion adds rows rather than branches::

    KINDS = Kinds(
        {
            "discard": Kind(answers=discard_answers, take=take_discard,
                            words={"en": "a card to discard", "zh-TW": "要棄掉的牌"}),
            ...
        },
        engine=ENGINE, option=Choose,
    )

and its state class derives from :class:`DecidingState`, which answers ``turn``,
the legal actions and ``apply`` from the top of the stack while a decision is
pending and from the game's own phase (:meth:`DecidingState.phase_turn`,
``phase_actions``, ``phase_apply``) otherwise. The engine's own ``choose`` (a
card's "choose one") is the core's kind, :func:`choose_kind`, built into every
table that has an effect engine.

Where seats act at once (a simultaneous turn), each may owe its own decision at
the same time: Fit To Print's real-time day, where every seat that drew a tile
keeps or returns it at its own pace. Such a game sets
:attr:`DecidingState.SIMULTANEOUS_DECISIONS`; while its phase's turn is
simultaneous each seat answers its own next decision (:func:`first_owed`),
wherever it lies on the stack, and the top decides only outside such a turn.

What an answer does (:attr:`Kind.take`) is told back to the core as an outcome:

* a program (a tuple of effects, maybe empty): the decision is done; the program
  runs as the deciding seat, then the decision's continuation (``rest``, what the
  card or the rules had left to do) as whoever it continues as;
* :class:`Again`: the same decision stays on top with new ``args`` (one card fewer
  still to discard);
* ``None``: the kind has carried everything on itself (the engine's ``choose``,
  a payment that goes on into the action it paid for).

The decision is popped before ``take`` runs, so what ``take`` pushes is decided
before anything that was waiting below (the stack discipline of
:mod:`meeple.core.decisions`).

Two more kinds of entry share the stack, so a game whose rules are a queue of
small steps keeps them all in one order (the penguin game: a slide, then the
eggs it lays, then what it set off, each pushed as the one before finds it):

* an *automatic step* (:func:`step`): a row with ``run`` instead of answers;
  nobody decides it, :meth:`Kinds.run_step` pops it and runs it, and
  :meth:`DecidingState.settle` runs them by default until a decision is on top;
* a *chance step*: a decision owed by seat :data:`CHANCE` (``-1``), whose kind
  declares ``chance`` (the outcomes and their probabilities, e.g. who starts);
  while it is on top the turn is chance's, and ``take`` applies the outcome drawn.

What we took from others, and why: TabletopGames' ``IExtendedSequence`` keeps "who
decides, which actions, what follows" in one object on a core-owned stack; here a
kind is that object's behaviour and the stack holds only data (a
:class:`~meeple.core.decisions.Decision`), because a state clones in microseconds
and round-trips through JSON mid-effect. OpenSpiel's games dispatch on a phase
enum inside one ``LegalActions``; a table keyed by kind lets an expansion add its
kinds beside the base game's without touching a chain of branches.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from meeple.core import decisions
from meeple.core.actions import Action, Option, option_number
from meeple.core.decisions import Decision
from meeple.core.effects import CHOOSE, Effects, HasDecisions, Program
from meeple.core.errors import IllegalActionError
from meeple.core.game import State
from meeple.core.turn import CHANCE_TURN, Turn, TurnKind

S = TypeVar("S", bound=HasDecisions)


@dataclass(frozen=True, slots=True)
class Again:
    """An answer's outcome: the decision stays on top with these ``args``."""

    args: tuple[Any, ...]


#: What :attr:`Kind.take` tells the core: a program to run then the continuation,
#: the same decision again, or ``None`` (the kind carried on itself).
Outcome = Program | Again | None

#: The seat that owes a chance step (:attr:`Kind.chance`): chance itself.
CHANCE = -1


@dataclass(frozen=True)
class Kind(Generic[S]):
    """One kind of decision: its answers, their effect, its words.

    * ``answers(state, d)``: the actions the owing seat may take for ``d`` now.
    * ``take(state, d, action)``: do what ``action`` answers (``d`` is already off
      the stack) and say what follows (:data:`Outcome`). It may trust ``action``
      to be one of ``answers`` (the checked apply made sure) and refuse anything
      else with :class:`~meeple.core.errors.IllegalActionError`.
    * ``words``: what is being decided, in each language ("a card to discard"),
      for prompts and the "waiting for" line.
    * ``label(state, d, action, lang, told)``: how one answer reads, to the seat
      choosing it (``told`` False: the menu) or to the others (``told`` True: the
      log, third person); ``None`` (or no function) leaves it to the action's own
      label.
    * ``stand_in(state, d)``: the answer of a seat nobody plays (a solo game's
      automated opponent) as an outcome, taken instead of asking; ``None`` when
      the game has no such seat or asks it like anyone.
    * ``preview(state, d, action)``: optional; what the answer would lead to,
      when the kind can tell it cheaply (drawn before choosing). The page gets it
      through the game's :class:`~meeple.core.preview.Preview`, whose description
      of a pending decision's answer may be this (Unconscious Mind's inkpot).
    * ``run(state, d)``: set on an automatic step (:func:`step`) instead of answers:
      what it does, popped by :meth:`Kinds.run_step`, told as an outcome.
    * ``chance(state, d)``: set on a chance step (owed by :data:`CHANCE`): its
      outcomes and their probabilities; ``take`` applies the one drawn.
    """

    answers: Callable[[S, Decision], list[Action]]
    take: Callable[[S, Decision, Action], Outcome]
    words: Mapping[str, str]
    label: Callable[[S, Decision, Action, str, bool], str | None] | None = None
    stand_in: Callable[[S, Decision], Outcome] | None = None
    preview: Callable[[S, Decision, Action], Any] | None = None
    run: Callable[[S, Decision], Outcome] | None = None
    chance: Callable[[S, Decision], list[tuple[Action, float]]] | None = None


def _no_answers(state: Any, d: Decision) -> list[Action]:
    return []


def _not_answered(state: Any, d: Decision, action: Action) -> Outcome:
    raise IllegalActionError(f"{d.kind!r} is a step nobody answers")


def step(run: Callable[[S, Decision], Outcome]) -> Kind[S]:
    """An automatic step as a row of the table: ``run(state, d)`` does it once it is on
    top (:meth:`Kinds.run_step`); nobody answers it and it asks nothing."""
    return Kind(_no_answers, _not_answered, {}, run=run)


#: The words of the core's ``choose`` in both languages.
CHOOSE_WORDS = {"en": "choose an option", "zh-TW": "選擇一個選項"}


def choose_kind(
    engine: Effects,
    option: Callable[[int], Action] = Option,
    number: Callable[[Action], int] = option_number,
    label: Callable[[Any, Decision, Action, str, bool], str | None] | None = None,
) -> Kind[Any]:
    """The effect engine's ``choose`` ("choose one" on a card) as a kind: its answers
    are ``option(i)`` for each option the seat may take now (the core's
    :class:`~meeple.core.actions.Option` unless the game names its own);
    ``number(action)`` reads the option back. A seat nobody plays takes the first
    option it may."""

    def answers(state: Any, d: Decision) -> list[Action]:
        return [option(i) for i in engine.options(state, d)]

    def take(state: Any, d: Decision, action: Action) -> Outcome:
        engine.chosen(state, d, number(action))
        return None

    def stand_in(state: Any, d: Decision) -> Outcome:
        engine.chosen(state, d, engine.options(state, d)[0])
        return None

    return Kind(answers, take, CHOOSE_WORDS, label=label, stand_in=stand_in)


class Kinds(Generic[S]):
    """One game's table of decision kinds, bound to its effect engine (if it has one).

    With an ``engine``, the table holds the core's ``choose`` (:func:`choose_kind`,
    answered by ``option(i)`` actions, read back by ``number``) unless the game
    gives its own row for it.
    """

    def __init__(
        self,
        kinds: Mapping[str, Kind[S]],
        engine: Effects | None = None,
        option: Callable[[int], Action] = Option,
        number: Callable[[Action], int] = option_number,
    ) -> None:
        self.engine = engine
        self.kinds: dict[str, Kind[S]] = dict(kinds)
        if engine is not None and CHOOSE not in self.kinds:
            self.kinds[CHOOSE] = choose_kind(engine, option, number)

    def __getitem__(self, name: str) -> Kind[S]:
        try:
            return self.kinds[name]
        except KeyError:
            raise IllegalActionError(f"no decision of kind {name!r} in this game") from None

    def __contains__(self, name: object) -> bool:
        return name in self.kinds

    def names(self) -> list[str]:
        return list(self.kinds)

    def answers(self, state: S, d: Decision) -> list[Action]:
        """The actions that answer ``d`` now."""
        return (self.kinds.get(d.kind) or self[d.kind]).answers(state, d)

    def decide(self, state: S, action: Action, d: Decision | None = None) -> None:
        """Answer the decision on top of ``state.decisions`` with ``action``; or, given
        ``d`` (a seat's own decision during a simultaneous turn), that one wherever it is
        on the stack."""
        if d is None:
            d, state.decisions = decisions.pop(state.decisions)
        else:
            state.decisions = without(state.decisions, d)
        outcome = (self.kinds.get(d.kind) or self[d.kind]).take(state, d, action)
        if outcome or (outcome is not None and d.rest):
            self.follow(state, d, outcome)

    def run_step(self, state: S) -> bool:
        """If an automatic step (:func:`step`) is on top: pop it, run it, carry on after
        it, and say so; ``False`` when nothing is owed or a decision is on top."""
        stack = state.decisions
        if not stack:
            return False
        d = stack[-1]
        run = (self.kinds.get(d.kind) or self[d.kind]).run
        if run is None:
            return False
        state.decisions = stack[:-1]
        outcome = run(state, d)
        if outcome or (outcome is not None and d.rest):
            self.follow(state, d, outcome)
        return True

    def chances(self, state: S, d: Decision) -> list[tuple[Action, float]]:
        """The outcomes of chance step ``d`` and their probabilities."""
        chance = self[d.kind].chance
        if chance is None:
            raise IllegalActionError(f"{d.kind!r} is owed by chance but has no outcomes")
        return chance(state, d)

    def stand_in(self, state: S) -> None:
        """Answer the decision on top as a seat nobody plays does (:attr:`Kind.stand_in`;
        a kind without one is passed over: its continuation runs as if declined)."""
        d, state.decisions = decisions.pop(state.decisions)
        act = self[d.kind].stand_in
        self.follow(state, d, act(state, d) if act is not None else ())

    def follow(self, state: S, d: Decision, outcome: Outcome) -> None:
        """Carry on after ``d`` (already popped) was answered with ``outcome``."""
        if not outcome and (outcome is None or not d.rest):
            return  # carried on, or done with nothing waiting on it
        if isinstance(outcome, Again):
            state.decisions = decisions.push(state.decisions, d.again(*outcome.args))
            return
        rest = continuation(d, outcome)
        if not rest:
            return
        if self.engine is None:
            raise IllegalActionError(
                f"a {d.kind} decision goes on, but the game has no effect engine"
            )
        self.engine.resume(state, Decision(d.seat, d.kind, d.args, rest, d.actor, d.source))

    def words(self, kind: str, lang: str) -> str:
        """What a decision of ``kind`` asks, in ``lang`` (its name when unknown)."""
        row = self.kinds.get(kind)
        if row is None or not row.words:
            return kind
        return row.words.get(lang) or row.words["en"]

    def label(self, state: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
        """How ``action`` reads as an answer to ``d``, or ``None`` for its own label."""
        row = self.kinds.get(d.kind)
        if row is None or row.label is None:
            return None
        return row.label(state, d, action, lang, told)


def first_owed(stack: decisions.Stack, seat: int) -> Decision | None:
    """The decision ``seat`` answers next (the one nearest the top), or ``None``."""
    for d in reversed(stack):
        if d.seat == seat:
            return d
    return None


def without(stack: decisions.Stack, d: Decision) -> decisions.Stack:
    """``stack`` without ``d`` (the one nearest the top, if it is there twice)."""
    if stack and stack[-1] is d:
        return stack[:-1]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is d:
            return stack[:i] + stack[i + 1 :]
    raise IllegalActionError(f"{d.kind!r} of seat {d.seat} is not pending")


def continuation(d: Decision, program: Program) -> Program:
    """``program`` as ``d``'s seat, then what ``d`` had left to do, as one program run
    as whoever ``d`` continues as."""
    if program and d.continues_as != d.seat:
        program = (("as", d.seat, program),)
    return (*program, *d.rest)


class DecidingState(State):
    """A state whose decisions are declared kinds (:attr:`KINDS`): while one is owed,
    its seat acts, the kind's answers are the legal actions and an action answers it;
    otherwise the game's phase decides (:meth:`phase_turn`, :meth:`phase_actions`,
    :meth:`phase_apply`). After every action :meth:`settle` runs what needs nobody's
    decision.

    A game whose seats act at once may owe several decisions at once, one or more per
    seat (Fit To Print's real-time day: each seat that drew a tile keeps or returns it
    at its own pace). It sets :attr:`SIMULTANEOUS_DECISIONS`; then, while the phase's
    turn is simultaneous, that turn stands (it must hold every seat that owes a
    decision), each seat's legal actions and action are those of its own next decision
    (:func:`first_owed`, wherever it is on the stack) and a seat that owes none acts in
    the phase; an action without a seat (a clock's) goes to the phase. Outside a
    simultaneous turn the top decides, as in any game.

    A decision owed by :data:`CHANCE` is chance's turn: :meth:`chance_outcomes` are
    its row's ``chance``, and the outcome drawn is its answer. Automatic steps
    (:func:`step`) on top are run by :meth:`settle` (by default) before anyone acts."""

    KINDS: ClassVar[Kinds[Any]]
    #: Seats of a simultaneous turn each answer their own decisions (see above).
    SIMULTANEOUS_DECISIONS: ClassVar[bool] = False
    decisions: decisions.Stack

    def turn(self) -> Turn:
        stack = self.decisions
        if stack:
            if self.SIMULTANEOUS_DECISIONS:
                phase = self.phase_turn()
                if phase.kind is TurnKind.SIMULTANEOUS:
                    return phase
            seat = stack[-1].seat
            return Turn.seat(seat) if seat >= 0 else CHANCE_TURN
        return self.phase_turn()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        d = decisions.top(self.decisions)
        if d is not None and d.seat == CHANCE:
            return self.KINDS.chances(self, d)
        return []

    def _legal_actions(self, seat: int) -> list[Action]:
        stack = self.decisions
        if stack:
            if not self.SIMULTANEOUS_DECISIONS:
                return self.KINDS.answers(self, stack[-1])
            d = first_owed(stack, seat)
            if d is not None:
                return self.KINDS.answers(self, d)
        return self.phase_actions(seat)

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        stack = self.decisions
        if not stack:
            self.phase_apply(action, seat)
        elif not self.SIMULTANEOUS_DECISIONS:
            self.KINDS.decide(self, action)
        else:
            d = first_owed(stack, seat) if seat is not None else None
            if d is None:
                self.phase_apply(action, seat)
            else:
                self.KINDS.decide(self, action, d)
        self.settle(seat)

    @abstractmethod
    def phase_turn(self) -> Turn:
        """Who acts when no decision is owed."""

    @abstractmethod
    def phase_actions(self, seat: int) -> list[Action]:
        """``seat``'s actions when no decision is owed."""

    @abstractmethod
    def phase_apply(self, action: Action, seat: int | None) -> None:
        """Apply a phase's action (no decision is owed)."""

    def settle(self, seat: int | None) -> None:
        """After any action: run the steps that need nobody's decision (answer a seat
        nobody plays, move to the next phase), until someone must decide. By default
        the automatic steps on top of the stack (:func:`step`)."""
        while self.KINDS.run_step(self):
            pass
