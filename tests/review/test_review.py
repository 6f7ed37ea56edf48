"""Game review (issue 38, items 1, 2, 4, 8 and 9, first part): each decision judged from
its seat's own information, exact where the game is solved, every game reviewable."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.bots import make_bot
from meeple.cli import main
from meeple.core.match import Match, MatchRecord
from meeple.core.registry import games, make_game
from meeple.core.rng import Rng
from meeple.games.tictactoe import Place
from meeple.games.tictactoe.solver import perfect_move
from meeple.review import finish_review, judge, review_record, review_steps
from meeple.review.calibration import calibration_for


def _tictactoe(cells: list[int]) -> Match:
    match = Match(make_game("tictactoe"), 1)
    for k, cell in enumerate(cells):
        match.play(Place(cell), k % 2)
    return match


def test_tic_tac_toe_a_known_blunder_is_called_one_and_best_moves_never_are() -> None:
    """X takes the centre; O answering on an edge loses (X forces a win), a corner draws.
    The review uses the solver: exact figures, not a search's."""
    match = _tictactoe([4, 1])  # O's edge reply to the centre loses
    rng = Rng(3)
    while not match.state.is_terminal():  # then both play perfectly: X wins
        seat = match.state.current_seat()
        match.play(perfect_move(match.state, rng), seat)  # type: ignore[arg-type]
    review = review_record(match.record())
    o_reply = review.entries[1]
    assert o_reply.exact and o_reply.verdict == "blunder" and o_reply.drop == 50.0
    assert o_reply.best_label is not None and "column 1" in o_reply.best_label["en"]  # a corner
    for e in review.entries:
        if e.seat == 0 and not e.forced:
            assert e.verdict == "best", e  # X played perfectly
    assert review.accuracy[0] == 100.0 and review.counts[1]["blunder"] >= 1
    assert 1 in review.key_moments


def test_province_a_missed_forced_win_is_marked_a_blunder() -> None:
    """The last turn of a stalled game (the turn cap ends it after this turn): the
    Union wins it (10 points against 10, the tie going to the most buildings), ending
    the turn now loses 9 to 10. Ending the turn is a blunder and the review names the
    Union as the better move; building it is the best move."""
    from meeple.games.province.components import MAX_TURNS
    from tests.games.province.province_helpers import (
        GAME,
        give,
        set_goals,
        started,
        to_spend,
    )

    s = started()
    give(s, 0, "lender", "bank", "camp", "village", "mill", "smithy")
    give(s, 1, "harbor")
    set_goals(s, "labor", stack=("coins",), twopoint=1, buildings=1)
    s.turns = MAX_TURNS - 1
    to_spend(s, labor=2, coins=3)
    s.coins[1] = 35
    assert s.scores() == [9.0, 10.0]
    missed = judge(s, 0, GAME.parse_action("end"), iters=200, seed=1)
    assert missed.verdict == "blunder" and missed.raw_after == 0.0
    assert missed.after is not None and missed.after < 0.02  # calibrated: near certain loss
    assert missed.before is not None and missed.before > 0.95
    assert missed.best_label is not None and "Union" in missed.best_label["en"]
    union = judge(s, 0, GAME.parse_action("build union"), iters=200, seed=1)
    assert union.verdict == "best"


@pytest.mark.parametrize(
    "name", ["viscounts", "ice", "unconscious", "fittoprint", "snowtails", "penguins"]
)
def test_a_seat_is_judged_only_from_what_it_knew(name: str) -> None:
    """The same decision reviewed in worlds where every other seat's secrets and the
    future draws are different (the state determinized for the seat) is reviewed the
    same at fixed seeds: the real hidden cards and deck orders never enter it."""
    game = make_game(name, players=2)
    match = Match(game, 5)
    bots = [make_bot("random", game, s, 1) for s in range(game.players)]
    for _ in range(12):
        if match.state.is_chance():
            match.resolve_chance()
        seat = match.state.current_seat()
        assert seat is not None
        match.play(bots[seat].choose(match.state), seat)
    if match.state.is_chance():
        match.resolve_chance()
    state = match.state
    seat = state.current_seat()
    assert seat is not None
    played = state.legal_actions(seat)[-1]
    real = judge(state, seat, played, iters=30, seed=5)
    for k in range(2):
        other = judge(state.determinize(seat, Rng(100 + k)), seat, played, iters=30, seed=5)
        assert (other.before, other.after, other.best, other.verdict) == (
            real.before, real.after, real.best, real.verdict,
        )  # fmt: skip


def test_a_move_that_looks_bad_only_with_hindsight_is_not_called_a_blunder() -> None:
    """Snow Tails' future draws and the other seat's hand decide much. A judge that
    cheats, searching the real world every time (the real deck order and hand: what
    hindsight knows), calls one of the heuristic player's moves a blunder; the review,
    which searches only worlds drawn for the deciding seat, finds nothing wrong with
    it (under an inaccuracy), since from what the seat knew it was a sound move."""
    game = make_game("snowtails", players=2)
    match = Match(game, 1)
    bots = [make_bot("heuristic", game, s, s) for s in range(2)]

    def clairvoyant(state: Any) -> Any:
        real = state.clone()
        state.determinize = lambda seat, rng: real.clone()
        return state

    found = []
    while not match.state.is_terminal() and len(match.history) < 60:
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.turn().seats[0]
        action = bots[seat].choose(match.state)
        if len(match.state.legal_actions(seat)) > 1 and len(match.history) % 3 == 0:
            honest = judge(match.state.clone(), seat, action, iters=100, seed=7)
            cheat = judge(clairvoyant(match.state.clone()), seat, action, iters=100, seed=7)
            assert honest.drop is not None and cheat.drop is not None
            if cheat.verdict == "blunder" and honest.drop < 5.0:
                found.append((len(match.history), str(action)))
                break
        match.play(action, seat)
    assert found, "no move looked bad only with hindsight"


def _province_start(match_seed: int, bot_seed: int, steps: int) -> MatchRecord:
    """The record of a Province match's first ``steps`` steps between random bots."""
    game = make_game("province")
    match = Match(game, match_seed)
    bots = [make_bot("random", game, s, bot_seed) for s in range(2)]
    for _ in range(steps):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.current_seat()
        assert seat is not None
        match.play(bots[seat].choose(match.state), seat)
    return match.record()


def test_forced_decisions_and_chance_steps_are_listed_not_judged() -> None:
    review = review_record(_province_start(match_seed=2, bot_seed=3, steps=30), iters=5)
    chance = [e for e in review.entries if e.chance]
    assert chance and all(e.verdict is None and e.seat is None for e in chance)
    for e in review.entries:
        if e.forced:
            assert e.verdict is None and e.drop is None


def test_a_review_resumed_from_its_stored_entries_is_the_one_made_in_one_go() -> None:
    """The one loop a server drives too (review_steps): resumed after its first steps'
    entries (as a server stopped part-way stores them), a review goes on from the next
    step and equals the review made in one go; progress counts the steps already made."""
    record = _province_start(match_seed=4, bot_seed=1, steps=25)
    one_go = review_record(record, iters=6, seed=2)
    start = 9
    steps = list(review_steps(record, iters=6, seed=2, start=start))
    assert [s.ply for s in steps] == list(range(start, len(record.actions)))
    told: list[tuple[int, int]] = []
    resumed = review_record(
        record,
        iters=6,
        seed=2,
        entries=one_go.entries[:start],
        progress=lambda d, t: told.append((d, t)),
    )
    assert resumed.to_json() == one_go.to_json()
    assert told[0] == (start + 1, len(record.actions)) and told[-1][0] == len(record.actions)


@pytest.mark.parametrize("name", sorted(cls.name for cls in games()))
def test_every_game_s_finished_match_can_be_reviewed(name: str) -> None:
    """A whole random game of every registered game, reviewed at a tiny budget."""
    game = make_game(name)
    match = Match(game, 7)
    bots = [make_bot("random", game, s, 2) for s in range(game.players)]
    for _ in range(3000):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.resolve_chance()
            continue
        turn = match.state.turn()
        seat = turn.seats[0]
        match.play(bots[seat].choose(match.state), seat)
    assert match.state.is_terminal()
    review = review_record(match.record(), iters=2)
    assert len(review.entries) == len(match.history)
    judged = [e for e in review.entries if e.verdict is not None]
    assert judged and all(0.0 <= (e.drop or 0.0) <= 100.0 for e in judged)
    assert all(a is None or 0.0 <= a <= 100.0 for a in review.accuracy)


#: A variant of each game besides its defaults (its options), reviewed below.
VARIANTS = {
    "fittoprint": [{"mode": "realtime"}, {"mode": "family"}],
    "ice": [{"edifice": True, "end": "first"}],
    "penguins": [{"mode": "free"}],
    "province": [{"goals": 9}],
    "snowtails": [{"races": 2}],
    "unconscious": [{"ideas": 2}],
    "viscounts": [{"gates_of_gold": True}],
}


def _every_count_and_variant() -> list[tuple[str, int | None, dict[str, Any]]]:
    cases: list[tuple[str, int | None, dict[str, Any]]] = []
    for cls in sorted(games(), key=lambda c: c.name):
        cases += [(cls.name, n, {}) for n in cls.allowed_player_counts()]
        cases += [(cls.name, None, options) for options in VARIANTS.get(cls.name, [])]
    return cases


@pytest.mark.parametrize(("name", "players", "options"), _every_count_and_variant())
def test_every_player_count_and_variant_can_be_reviewed(
    name: str, players: int | None, options: dict[str, Any]
) -> None:
    """Item 1: every game at every player count (solo included) and a variant of each:
    a whole random game, eight of its steps spread over it reviewed through the
    review's loop at a tiny budget (Fit To Print in real time, where seats decide at
    once, failed before the review read the seat's own actions at such a root), and
    the review is rough exactly where its game and count have no good calibration."""
    game = make_game(name, players=players, **options)
    match = Match(game, 7)
    bots = [make_bot("random", game, s, 2) for s in range(game.players)]
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.turn().seats[0]
        match.play(bots[seat].choose(match.state), seat)
    record = match.record()
    every = max(1, len(record.actions) // 8)
    entries = [step() for step in review_steps(record, iters=2) if step.ply % every == 0]
    judged = [e for e in entries if e.verdict is not None]
    assert judged and all(0.0 <= (e.drop or 0.0) <= 100.0 for e in judged)
    assert all(e.best_label and set(e.best_label) == {"en", "zh-TW"} for e in judged)
    review = finish_review(record, entries, iters=2)
    cal = calibration_for(name, game.players)
    assert review.rough == (name != "tictactoe" and (cal is None or cal.rough))


def test_meeple_review_writes_the_documented_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _tictactoe([4, 1, 0, 8, 2]).record()
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "meeple-review/1" and data["game"] == "tictactoe"
    assert {"ply", "seat", "label", "before", "after", "best", "drop", "verdict"} <= set(
        data["entries"][1]
    )
    assert main(["review", str(path), "--lang", "zh-TW"]) == 0
    out = capsys.readouterr().out
    assert "大錯" in out and "準確度" in out


def test_meeple_review_shows_a_progress_bar_in_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 5: in a terminal `meeple review RECORD.json` draws a progress bar on stderr,
    step by step to the whole record; with --json, or when stderr is not a terminal,
    none."""
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    record = _tictactoe([4, 1, 0, 8, 2]).record()
    path = tmp_path / "game.json"
    record.save(path)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["review", str(path)]) == 0
    bars = err.getvalue().split("\r")
    total = len(record.actions)
    assert [b.split()[-1] for b in bars if b] == [f"{k}/{total}" for k in range(1, total + 1)]
    assert bars[-1].startswith("[" + "#" * 30 + "]")
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["review", str(path), "--json"]) == 0
    assert err.getvalue() == ""
    capsys.readouterr()
