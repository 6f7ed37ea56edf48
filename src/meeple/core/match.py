"""Matches: a state plus its history, with undo, chance resolution and records.

A :class:`MatchRecord` (game, players, options, seed, actions) replays exactly:
chance outcomes are recorded as actions like any other, so replay does not
depend on how the driver sampled them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import MeepleError, RecordError, UndoError
from meeple.core.game import Game, State, joint_order
from meeple.core.rng import Rng

RECORD_FORMAT = "meeple-match/1"


@dataclass
class MatchRecord:
    """Everything needed to reproduce a match, as plain data."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int | None, dict[str, Any]]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": [{"seat": s, "action": a} for s, a in self.actions],
            "result": self.result,
            "meta": self.meta,
        }

    @staticmethod
    def from_json(data: Any) -> MatchRecord:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a meeple match record (expected format {RECORD_FORMAT!r})")
        try:
            actions = []
            for entry in data["actions"]:
                seat = entry["seat"]
                if seat is not None and not isinstance(seat, int):
                    raise RecordError(f"bad seat {seat!r} in record")
                if not isinstance(entry["action"], dict):
                    raise RecordError(f"bad action {entry['action']!r} in record")
                actions.append((seat, entry["action"]))
            players = data["players"]
            seed = data["seed"]
            if not isinstance(players, int) or not isinstance(seed, int):
                raise RecordError("players and seed must be integers")
            return MatchRecord(
                game=str(data["game"]),
                players=players,
                options=dict(data.get("options") or {}),
                seed=seed,
                actions=actions,
                result=data.get("result"),
                meta=dict(data.get("meta") or {}),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise RecordError(f"corrupted match record: missing or bad {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1))

    @staticmethod
    def load(path: str | Path) -> MatchRecord:
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not valid JSON: {exc}") from None
        return MatchRecord.from_json(data)

    def make_game(self) -> Game:
        from meeple.core.registry import make_game

        return make_game(self.game, players=self.players, **self.options)


def result_of(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores()), "ranks": state.ranks(), "winners": state.winners()}


class Match:
    """A state with its history: the object every driver plays through.

    >>> import meeple
    >>> m = Match(meeple.make_game("tictactoe"), seed=1)
    >>> m.play(m.game.parse_action("place 4"))
    >>> m.state.current_seat(), len(m.history)
    (1, 1)
    """

    def __init__(self, game: Game, seed: int = 0, state: State | None = None) -> None:
        self.game = game
        self.seed = seed
        self.state: State = state if state is not None else game.new_initial_state(seed)
        self.history: list[tuple[int | None, Action]] = []
        self._snapshots: list[State] = []
        self._barriers: list[bool] = []
        self._chance_rng = Rng(seed).spawn(0xC4A9CE)
        self.listeners: list[Callable[[int | None, Action, State], None]] = []

    def play(self, action: Action, seat: int | None = None) -> None:
        """Checked apply that records the action (and keeps a snapshot for undo)."""
        before = self.state.clone()
        actor = seat
        if actor is None and not self.state.is_chance():
            actor = self.state.current_seat()
        barrier = self.state.reveals_information(action, actor)
        self.state.apply(action, seat)
        self._snapshots.append(before)
        self._barriers.append(barrier)
        self.history.append((actor, action))
        for listener in self.listeners:
            listener(actor, action, before)

    def play_joint(self, actions: Mapping[int, Action], first: int = 0) -> list[int]:
        """A simultaneous step of several seats, all or nothing (see :meth:`State.apply_joint`).

        Each applied action is recorded (and undoable) as if played alone, in
        the step's order; a refused step records nothing. Returns the void seats.
        """
        self.state.check_joint(actions)
        void = []
        for seat in joint_order(actions, first, self.game.players):
            if self.state.is_legal(actions[seat], seat):
                self.play(actions[seat], seat)
            else:
                void.append(seat)
        return void

    def resolve_chance(self) -> None:
        """Sample and apply chance outcomes until a seat (or nobody) must act."""
        while self.state.is_chance():
            outcomes = self.state.chance_outcomes()
            i = self._chance_rng.weighted_index([p for _, p in outcomes])
            self.play(outcomes[i][0])

    def can_undo(self, seat: int) -> bool:
        """Undo is allowed for ``seat``'s own actions taken in its current turn,
        back to the last one that revealed information or randomness."""
        if not self.history or self._barriers[-1]:
            return False
        actor, _ = self.history[-1]
        return actor == seat and seat in self.state.turn().seats

    def revealed(self, index: int) -> bool:
        """Whether the action at ``index`` of the history showed hidden information or
        randomness: an undo barrier (:meth:`can_undo`), so a driver can say why undo
        stops there."""
        return self._barriers[index]

    def undo(self, seat: int) -> Action:
        if not self.can_undo(seat):
            raise UndoError("nothing of yours to undo in this turn")
        self.state = self._snapshots.pop()
        self._barriers.pop()
        return self.history.pop()[1]

    def record(self, meta: dict[str, Any] | None = None) -> MatchRecord:
        return MatchRecord(
            game=self.game.name,
            players=self.game.players,
            options=dict(self.game.options),
            seed=self.seed,
            actions=[(s, a.to_json()) for s, a in self.history],
            result=result_of(self.state) if self.state.is_terminal() else None,
            meta=dict(meta or {}),
        )


def replay(record: MatchRecord, verify: bool = False) -> Match:
    """Rebuild a match from its record with checked applies.

    With ``verify``, the stored result must equal the recomputed one.
    """
    try:
        game = record.make_game()
    except MeepleError as exc:
        raise RecordError(f"record names a game setup that cannot be made: {exc}") from None
    match = Match(game, record.seed)
    for i, (seat, data) in enumerate(record.actions):
        try:
            match.play(game.action_from_json(data), seat)
        except MeepleError as exc:
            raise RecordError(f"action {i + 1} ({data}) does not replay: {exc}") from None
    if verify:
        check_result(record, match.state)
    return match


#: The one way a stored result may differ from the replayed one and still be the same
#: game: before 2026-12-01 a lost solo game named its seat the winner (``winners()``
#: read rank 1 as a win); now a solo game lost against its target names no winner.
OLD_SOLO_WINNER = "old_solo_winner"


def check_result(record: MatchRecord, state: State) -> str | None:
    """Check ``record``'s stored result against ``state`` (its actions replayed).

    Raises :class:`RecordError` when they differ, except for a record made under an
    older reading of the same result: then returns which one (:data:`OLD_SOLO_WINNER`),
    so a verifier can say so instead of calling a genuine record corrupted. The
    scores and ranks, what the rules decided, must always be equal.
    """
    if record.result is None:
        raise RecordError("the record holds no result to verify")
    if not state.is_terminal():
        raise RecordError("the record's actions do not finish the game")
    got = result_of(state)
    if got == record.result:
        return None
    if state.game.players == 1 and record.result == {**got, "winners": [0]} and not got["winners"]:
        return OLD_SOLO_WINNER
    raise RecordError(f"recorded result {record.result} differs from replayed {got}")
