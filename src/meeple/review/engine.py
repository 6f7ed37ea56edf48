"""Reviewing a finished match move by move (issue 38): for each decision of each seat,
the seat's win chance with its best move and after the move it made, the search's
preferred move, and a judgement of the drop, as lichess reviews chess.

Only what the seat knew. A decision is judged by information-set search from the
seat's own view: every iteration plays in a world drawn by ``state.determinize(seat)``
(the other seats' secrets and the future draws resampled), never in the real one, so
a move that looks bad only with hindsight (the next card turned out badly) is not
called a mistake, and changing another seat's secrets in a record changes nothing of
this seat's review (tests/review/test_review.py).

What the figures mean. The search's value of an action is the seat's mean return
after it, in [-1, 1] (a win 1, a loss -1, between for a draw or a middle place); the
review reads it as a raw chance, ``(value + 1) / 2`` (:func:`raw_chance`; a solo
game returns 1 for beating its target or AI and -1 otherwise, so there too it is the
chance of winning). Search values are biased by
their rollouts, so the raw chance goes through the game's calibration
(:mod:`meeple.review.calibration`: fitted on self-play outcomes, per game and player
count) and becomes the chance of finishing first; where no calibration is fitted, or
its held-out checks found it rough, the review says its figures are rough. Where a
game can be solved (tic-tac-toe) the review uses the exact value instead
(:func:`exact_value`).

The scale: a drop of at least 5, 10 or 15 points of win chance between the best move
and the move made is an inaccuracy, a mistake or a blunder (lichess's thresholds).
A seat's accuracy is lichess's formula, ``103.1668 exp(-0.04354 d) - 3.1669`` for a
drop of ``d`` points, clamped to 0-100 and averaged over the seat's judged decisions.
A decision with one legal action (forced) and a chance step are listed, not judged.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from meeple.bots.mcts import ISMCTSBot
from meeple.core.game import Game, State
from meeple.core.i18n import LANGUAGES
from meeple.core.labels import action_label
from meeple.core.match import Match, MatchRecord
from meeple.core.rng import Rng
from meeple.review.calibration import calibration_for

#: (the least drop, in points of win chance, for each judgement), worst first.
THRESHOLDS: tuple[tuple[float, str], ...] = (
    (15.0, "blunder"),
    (10.0, "mistake"),
    (5.0, "inaccuracy"),
)
#: The search's iterations for each decision, by default (``--iters``).
DEFAULT_ITERS = 300
#: Visits an action needs at the root for its value to be read (else it is searched
#: alone: the move made must have a value of its own).
MIN_VISITS = 8


def verdict(drop: float) -> str:
    """The judgement of a drop of ``drop`` points: ``best`` (no drop), ``good``,
    ``inaccuracy``, ``mistake`` or ``blunder``.

    >>> [verdict(d) for d in (0.0, 3.0, 5.0, 12.0, 40.0)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    for least, name in THRESHOLDS:
        if drop >= least:
            return name
    return "best" if drop <= 0.0 else "good"


def move_accuracy(drop: float) -> float:
    """lichess's accuracy of one move that dropped ``drop`` points of win chance.

    >>> round(move_accuracy(0.0), 1), round(move_accuracy(10.0), 1), round(move_accuracy(50.0), 1)
    (100.0, 63.3, 8.2)
    """
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * max(0.0, drop)) - 3.1669))


@dataclass
class Entry:
    """One step of the match as the review tells it.

    ``chance`` steps and ``forced`` decisions carry no figures. For a judged decision:
    ``before`` the seat's win chance with its best move, ``after`` with the move it
    made, ``best`` the preferred action's code and labels, ``drop`` in points (0-100)
    and its ``verdict``.
    """

    ply: int
    seat: int | None
    code: int
    label: dict[str, str]
    chance: bool = False
    forced: bool = False
    before: float | None = None
    after: float | None = None
    best: int | None = None
    best_label: dict[str, str] | None = None
    drop: float | None = None
    verdict: str | None = None
    exact: bool = False
    raw_before: float | None = None
    raw_after: float | None = None


@dataclass
class Review:
    """A whole match's review: its entries, each seat's accuracy and judgements, the
    three key moments (the largest drops), and how it was made."""

    game: str
    players: int
    options: dict[str, Any]
    entries: list[Entry] = field(default_factory=list)
    accuracy: list[float | None] = field(default_factory=list)
    counts: list[dict[str, int]] = field(default_factory=list)
    key_moments: list[int] = field(default_factory=list)
    iters: int = DEFAULT_ITERS
    calibrated: bool = False
    rough: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"format": "meeple-review/1", **asdict(self)}


def raw_chance(game: Game, value: float) -> float:
    """A search value (a mean return, -1 for last to 1 for first; a solo game returns 1
    for beating its target or AI and -1 otherwise) read as a chance in 0..1.

    >>> from meeple.core.registry import make_game
    >>> raw_chance(make_game("tictactoe"), 0.0), raw_chance(make_game("viscounts", players=1), -0.5)
    (0.5, 0.25)
    """
    return (value + 1.0) / 2.0


def exact_value(state: State, seat: int) -> dict[int, float] | None:
    """Each legal action's exact value for ``seat`` (a chance in 0..1) where the game can
    be solved, else None: tic-tac-toe, through its solver."""
    if state.game.name != "tictactoe":
        return None
    from meeple.games.tictactoe.solver import negamax

    out: dict[int, float] = {}
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply(action, seat)
        if child.is_terminal():
            value = float(child.returns()[seat])
        else:
            value = -float(negamax(tuple(child.board), 1 - seat))  # type: ignore[attr-defined]
        out[state.game.action_code(action)] = (value + 1.0) / 2.0
    return out


def seat_edges(root: Any, seat: int) -> dict[Any, Any]:
    """The root's edges for ``seat``'s own actions: its children, or where several seats
    decide at once (the children are joint moves), the seat's decoupled table."""
    return dict(root.children if root.stats is None else root.stats.get(seat, {}))


def _searched(state: State, seat: int, played: Any, iters: int, seed: int) -> dict[int, float]:
    """Win chances for ``seat`` from information-set search over worlds drawn for
    ``seat`` alone (every action tried: no progressive widening): each action the
    tree visited at least :data:`MIN_VISITS` times, the most visited one, and the
    move made (searched on its own when the tree left it with fewer visits); where
    several seats decide at once (Fit To Print in real time), the seat's own
    actions (:func:`seat_edges`)."""
    game = state.game
    bot = ISMCTSBot(game, seat, seed, iters=str(iters), pw="0")
    root = bot.search(state)
    edges = seat_edges(root, seat)
    chance = {a: raw_chance(game, ch.w / ch.n) for a, ch in edges.items() if ch.n > 0}
    visits = {a: ch.n for a, ch in edges.items()}
    out = {game.action_code(a): v for a, v in chance.items() if visits[a] >= MIN_VISITS}
    wanted = [played]
    if visits:
        wanted.append(max(visits, key=lambda a: (visits[a], -game.action_code(a))))
    for action in wanted:
        code = game.action_code(action)
        if code not in out:
            out[code] = raw_chance(game, _alone(state, seat, action, max(2, iters // 8), seed))
    return out


def _alone(state: State, seat: int, action: Any, iters: int, seed: int) -> float:
    """The mean return to ``seat`` of ``action`` where the tree gave it too few visits:
    ``iters`` worlds drawn for ``seat``, the action taken, each finished by the
    search's own leaf evaluation (its rollouts)."""
    bot = ISMCTSBot(state.game, seat, seed + 1, iters="1", pw="0")
    rng = Rng(seed + 7)
    total, count = 0.0, 0
    for _ in range(iters):
        world = state.determinize(seat, rng)
        if action not in world.legal_actions(seat):
            continue
        world.apply_unchecked(action, seat)
        rewards = world.returns() if world.is_terminal() else bot.evaluator.evaluate(world, 0, None)
        total += rewards[seat]
        count += 1
    return total / count if count else 0.0


def judge(state: State, seat: int, played: Any, iters: int = DEFAULT_ITERS, seed: int = 0) -> Entry:
    """The review of ``seat`` taking ``played`` in ``state``, from ``seat``'s view only."""
    game = state.game
    legal = state.legal_actions(seat)
    code = game.action_code(played)
    entry = Entry(0, seat, code, _labels(game, played, state))
    if len(legal) <= 1:
        entry.forced = True
        return entry
    values = exact_value(state, seat)
    entry.exact = values is not None
    if values is None:
        raw = _searched(state, seat, played, iters, seed)
        entry.raw_before, entry.raw_after = max(raw.values()), raw[code]
        cal = calibration_for(game.name, game.players)
        values = {c: cal(v) for c, v in raw.items()} if cal is not None else raw
    best_code = max(values, key=lambda c: (values[c], -c))
    best = game.action_from_code(best_code)
    entry.before = values[best_code]
    entry.after = values[code]
    entry.best, entry.best_label = best_code, _labels(game, best, state)
    entry.drop = max(0.0, round(100.0 * (entry.before - entry.after), 1))
    entry.verdict = verdict(entry.drop)
    return entry


def _labels(game: Game, action: Any, state: State) -> dict[str, str]:
    return {lang: action_label(game, action, lang, state) for lang in LANGUAGES}


@dataclass(frozen=True)
class Step:
    """One step of a record as the review's loop hands it out (:func:`review_steps`):
    calling it makes the step's :class:`Entry`. A chance step is listed at once; a
    decision is judged (:func:`judge`, at the review's seed plus its ply), which is the
    costly part, so a caller may run it where it likes (at once, or on a server's bot
    pool) as long as it does so before asking the loop for the next step."""

    ply: int
    seat: int | None
    state: State
    action: Any
    iters: int
    seed: int

    @property
    def judged(self) -> bool:
        """Whether the step is a seat's decision (a search), not a chance step."""
        return self.seat is not None

    def __call__(self) -> Entry:
        game = self.state.game
        if self.seat is None:
            labels = _labels(game, self.action, self.state)
            return Entry(self.ply, None, game.action_code(self.action), labels, chance=True)
        entry = judge(self.state, self.seat, self.action, self.iters, self.seed + self.ply)
        entry.ply = self.ply
        return entry


def review_steps(
    record: MatchRecord, iters: int = DEFAULT_ITERS, seed: int = 0, start: int = 0
) -> Iterator[Step]:
    """The review's one loop over the steps of ``record``: each step from ``start`` on
    (those before it already reviewed: a review resumed), the position it was taken in
    replayed from the record. Each :class:`Step` must be made (called) before the next
    is asked for: the loop then plays it on."""
    game = record.make_game()
    match = Match(game, record.seed)
    for ply, (seat, data) in enumerate(record.actions):
        action = game.action_from_json(data)
        if ply >= start:
            yield Step(ply, seat, match.state, action, iters, seed)
        match.play(action, seat)


def finish_review(record: MatchRecord, entries: list[Entry], iters: int = DEFAULT_ITERS) -> Review:
    """The review of ``record`` whose steps made ``entries``: its heading (the game, the
    budget, whether its figures are calibrated or rough), each seat's accuracy and
    judgements, and the key moments."""
    game = record.make_game()
    review = Review(game.name, game.players, dict(game.options), list(entries), iters=iters)
    if game.name == "tictactoe":  # reviewed exactly (exact_value)
        review.calibrated, review.rough = True, False
    else:
        cal = calibration_for(game.name, game.players)
        review.calibrated = cal is not None
        review.rough = cal is None or cal.rough
    _summarize(review)
    return review


def review_record(
    record: MatchRecord,
    iters: int = DEFAULT_ITERS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    entries: list[Entry] | None = None,
) -> Review:
    """Review every step of ``record`` (chance steps and forced decisions listed, the
    others judged); ``progress(done, total)`` is told after each step. ``entries``, the
    entries of the first steps already made (by a review stopped part-way at the same
    budget and seed), resumes from the step after them; a resumed review equals one made
    in one go, since each decision is judged at its own seed."""
    made = list(entries or [])
    total = len(record.actions)
    for step in review_steps(record, iters, seed, start=len(made)):
        made.append(step())
        if progress is not None:
            progress(len(made), total)
    return finish_review(record, made, iters)


def _summarize(review: Review) -> None:
    judged = [e for e in review.entries if e.drop is not None]
    for seat in range(review.players):
        mine = [e for e in judged if e.seat == seat]
        review.accuracy.append(
            round(sum(move_accuracy(e.drop or 0.0) for e in mine) / len(mine), 1) if mine else None
        )
        counts = {name: 0 for _, name in THRESHOLDS}
        for e in mine:
            if e.verdict in counts:
                counts[e.verdict] += 1
        review.counts.append(counts)
    worst = sorted(judged, key=lambda e: (-(e.drop or 0.0), e.ply))
    review.key_moments = [e.ply for e in worst[:3] if (e.drop or 0.0) > 0.0]
