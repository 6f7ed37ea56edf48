"""Win chances that mean what they say (issue 38, item 3): the fit recovers a known
distortion, the review reads every search figure through its game's calibration, the
stored calibrations carry their held-out checks, and a review says when its figures
are rough."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from meeple.cli import main
from meeple.core.match import Match
from meeple.core.registry import make_game
from meeple.review import calibration as cal_mod
from meeple.review import engine
from meeple.review.calibrate import GAMES, sample_match
from meeple.review.calibration import (
    DATA,
    Calibration,
    brier,
    calibration_for,
    fit_platt,
    is_rough,
    reliability,
)


def _distorted(n: int, a: float, b: float, seed: int) -> tuple[list[float], list[float]]:
    """Raw chances whose true chance is ``sigmoid(a logit(raw) + b)``, with outcomes drawn."""
    rng = random.Random(seed)
    raw, out = [], []
    for _ in range(n):
        p = rng.uniform(0.05, 0.95)
        true = 1 / (1 + math.exp(-(a * math.log(p / (1 - p)) + b)))
        raw.append(p)
        out.append(1.0 if rng.random() < true else 0.0)
    return raw, out


def test_the_fit_recovers_a_known_distortion_and_lowers_the_brier_score() -> None:
    raw, out = _distorted(6000, a=2.0, b=-0.4, seed=1)
    a, b = fit_platt(raw[:4000], out[:4000])
    assert abs(a - 2.0) < 0.2 and abs(b + 0.4) < 0.15
    cal = Calibration("g", 2, a, b, rough=False)
    held_raw, held_out = raw[4000:], out[4000:]
    assert brier([cal(p) for p in held_raw], held_out) < brier(held_raw, held_out) - 0.005
    assert not is_rough([cal(p) for p in held_raw], held_out)


def test_a_calibration_no_better_than_the_average_is_rough() -> None:
    rng = random.Random(2)
    out = [1.0 if rng.random() < 0.5 else 0.0 for _ in range(400)]
    noise = [rng.random() for _ in out]  # predictions that know nothing
    assert is_rough(noise, out)
    assert is_rough([], [])


def test_the_reliability_table_puts_each_prediction_in_its_decile() -> None:
    table = reliability([0.05, 0.07, 0.55, 0.99], [0.0, 1.0, 1.0, 1.0])
    assert table == [
        {"decile": 0, "n": 2, "predicted": 0.06, "observed": 0.5},
        {"decile": 5, "n": 1, "predicted": 0.55, "observed": 1.0},
        {"decile": 9, "n": 1, "predicted": 0.99, "observed": 1.0},
    ]


def _viscounts_decision() -> tuple[Any, int, Any]:
    game = make_game("viscounts", players=2)
    match = Match(game, 4)
    while True:
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.current_seat()
        legal = match.state.legal_actions(seat)
        if len(legal) > 2 and len(match.history) > 4:
            return match.state, seat, legal[-1]
        match.play(legal[0], seat)


def test_the_review_reads_each_search_figure_through_the_game_s_calibration(
    monkeypatch: Any,
) -> None:
    """A strong distortion (a = 3) stretches the drop: the verdict follows the
    calibrated chances, and the raw ones are kept beside them."""
    state, seat, played = _viscounts_decision()
    stretch = Calibration("viscounts", 2, 3.0, 0.0, rough=False)
    monkeypatch.setattr(engine, "calibration_for", lambda game, players: None)
    raw = engine.judge(state, seat, played, iters=60, seed=3)
    monkeypatch.setattr(engine, "calibration_for", lambda game, players: stretch)
    e = engine.judge(state, seat, played, iters=60, seed=3)
    assert (e.raw_before, e.raw_after) == (raw.before, raw.after)
    assert e.before == pytest.approx(stretch(raw.before or 0.0))
    assert e.after == pytest.approx(stretch(raw.after or 0.0))
    assert e.drop == max(0.0, round(100 * ((e.before or 0.0) - (e.after or 0.0)), 1))
    assert e.verdict == engine.verdict(e.drop)


def test_every_searched_game_has_a_stored_two_seat_calibration_with_its_checks() -> None:
    data = json.loads(DATA.read_text())
    assert data["made_by"].startswith("python -m meeple.review.calibrate")
    rows = {(r["game"], r["players"]): r for r in data["calibrations"]}
    for name in GAMES:
        row = rows[(name, 2)]
        assert row["fit_positions"] >= 100 and row["held_out_positions"] >= 30
        assert sum(d["n"] for d in row["reliability"]) == row["held_out_positions"]
        assert 0.0 <= row["brier"] <= 0.25 + 0.1  # a Brier score, held out
        cal = calibration_for(name, 2)
        assert cal is not None and cal.rough == row["rough"] and cal.a > 0  # monotone


def test_every_searched_game_has_a_calibration_at_every_player_count_it_plays() -> None:
    """Item 3 for every count (solo included): each row was fitted and checked on
    held-out games (its reliability table covers every held-out position), and a
    review reads it. Rows whose fit did poorly say so (rough), and the review with them."""
    from meeple.core.registry import get_game_class

    rows = {(r["game"], r["players"]): r for r in json.loads(DATA.read_text())["calibrations"]}
    for name in GAMES:
        for players in get_game_class(name).allowed_player_counts():
            row = rows[(name, players)]
            assert row["fit_positions"] >= 60 and row["held_out_positions"] >= 18, row["game"]
            assert sum(d["n"] for d in row["reliability"]) == row["held_out_positions"]
            assert sum(d["n"] for d in row["reliability_raw"]) == row["held_out_positions"]
            cal = calibration_for(name, players)
            assert cal is not None and cal.rough == row["rough"]


def test_a_review_says_whether_its_figures_are_rough(monkeypatch: Any) -> None:
    game = make_game("province")
    match = Match(game, 1)
    for _ in range(6):
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.current_seat()
        match.play(match.state.legal_actions(seat)[0], seat)
    record = match.record()
    monkeypatch.setattr(engine, "calibration_for", lambda game, players: None)
    review = engine.review_record(record, iters=10)
    assert not review.calibrated and review.rough
    good = Calibration("province", 2, 1.1, 0.0, rough=False)
    monkeypatch.setattr(engine, "calibration_for", lambda game, players: good)
    review = engine.review_record(record, iters=10)
    assert review.calibrated and not review.rough
    poor = Calibration("province", 2, 1.1, 0.0, rough=True)
    monkeypatch.setattr(engine, "calibration_for", lambda game, players: poor)
    assert engine.review_record(record, iters=10).rough


@pytest.mark.parametrize(("lang", "words"), [("en", "rough"), ("zh-TW", "粗估")])
def test_the_terminal_says_a_review_is_rough(
    tmp_path: Path, capsys: Any, monkeypatch: Any, lang: str, words: str
) -> None:
    game = make_game("snowtails", players=3)  # its three-seat calibration did poorly held out
    cal = calibration_for("snowtails", 3)
    assert cal is not None and cal.rough
    match = Match(game, 2)
    for _ in range(8):
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.current_seat()
        match.play(match.state.legal_actions(seat)[0], seat)
    path = tmp_path / "r.json"
    match.record().save(path)
    assert main(["review", str(path), "--iters", "8", "--lang", lang]) == 0
    assert words in capsys.readouterr().out


def test_a_calibration_sample_pairs_a_raw_chance_with_the_seat_s_outcome() -> None:
    rows = sample_match(
        {"game": "tictactoe", "players": 2, "seed": 5, "positions": 2, "iters": 10, "index": 0}
    )
    assert len(rows) == 2
    for row in rows:
        assert row["outcome"] in (0.0, 0.5, 1.0)
        assert row["raw"] is None  # tic-tac-toe is exact: nothing raw to calibrate
    rows = sample_match(
        {"game": "province", "players": 2, "seed": 5, "positions": 2, "iters": 10, "index": 0}
    )
    assert len(rows) == 2 and all(0.0 <= r["raw"] <= 1.0 for r in rows)
    assert all(r["outcome"] in (0.0, 0.5, 1.0) for r in rows)


def test_the_table_is_read_from_the_file(tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "calibration.json"
    path.write_text(
        json.dumps(
            {"calibrations": [{"game": "x", "players": 3, "a": 2.0, "b": 0.5, "rough": True}]}
        )
    )
    monkeypatch.setattr(cal_mod, "DATA", path)
    cal_mod._table.cache_clear()
    try:
        got = cal_mod.calibration_for("x", 3)
        assert got == Calibration("x", 3, 2.0, 0.5, True)
        assert cal_mod.calibration_for("x", 2) is None
    finally:
        cal_mod._table.cache_clear()


@pytest.mark.parametrize("name", ["viscounts", "fittoprint", "ice", "unconscious"])
def test_a_solo_game_returns_one_for_a_win_and_minus_one_for_a_loss(name: str) -> None:
    """What a solo review's chance rests on: the return of a finished solo game is 1 or
    -1 (read as 100% or 0%), never the 0 of a one-seat ranking."""
    from meeple.bots import make_bot

    game = make_game(name, players=1)
    match = Match(game, 2)
    bot = make_bot("random", game, 0, 1)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        match.play(bot.choose(match.state), 0)
    won = match.state.winners() == [0]
    assert match.state.returns() == [1.0 if won else -1.0]
    assert engine.raw_chance(game, match.state.returns()[0]) == (1.0 if won else 0.0)


def test_calibrate_merges_the_rows_of_runs_made_side_by_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Runs made side by side write files of their own; --merge puts their rows into the
    data file (a row of the same game and player count replaced, the others kept), and
    --table shows each row's bots."""
    from meeple.review.calibrate import main as calibrate

    def row(game: str, players: int, a: float, **more: Any) -> dict[str, Any]:
        return {"game": game, "players": players, "a": a, "b": 0.0, "rough": False,
                "fit_positions": 63, "held_out_positions": 27, "brier_raw": 0.2,
                "brier": 0.19, "base_rate": 0.4, "reliability": [], **more}  # fmt: skip

    out = tmp_path / "calibration.json"
    out.write_text(json.dumps({"calibrations": [row("ice", 2, 1.0), row("ice", 3, 1.0)]}))
    three = tmp_path / "three.json"
    three.write_text(json.dumps({"calibrations": [row("ice", 3, 1.5)]}))
    solo = tmp_path / "solo.json"
    solo.write_text(
        json.dumps({"calibrations": [row("viscounts", 1, 2.0, bots=["ismcts:iters=50"])]})
    )
    assert calibrate(["--merge", str(three), str(solo), "--out", str(out)]) == 0
    rows = json.loads(out.read_text())["calibrations"]
    assert [(r["game"], r["players"], r["a"]) for r in rows] == [
        ("ice", 2, 1.0), ("ice", 3, 1.5), ("viscounts", 1, 2.0),
    ]  # fmt: skip
    capsys.readouterr()
    assert calibrate(["--table", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    assert "| viscounts | 1 | ismcts:iters=50 |" in table
    assert "| ice | 3 | random, heuristic |" in table


def test_a_calibration_sample_draws_its_seats_from_the_bots_asked_for(monkeypatch: Any) -> None:
    """--bot: a run with stronger players draws each seat from them (here a searching
    bot alone, at a tiny budget), and the same task gives the same sample."""
    from meeple.review import calibrate

    made: list[str] = []
    real = calibrate.make_bot

    def recording(spec: str, *args: Any) -> Any:
        made.append(spec)
        return real(spec, *args)

    monkeypatch.setattr(calibrate, "make_bot", recording)
    task = {"game": "viscounts", "players": 1, "seed": 3, "positions": 1, "iters": 4,
            "index": 0, "bots": ["ismcts:iters=3"]}  # fmt: skip
    rows = sample_match(task)
    assert made == ["ismcts:iters=3"]
    assert len(rows) == 1 and rows[0]["outcome"] in (0.0, 1.0)
    assert sample_match(task) == rows
    made.clear()
    sample_match({k: v for k, v in task.items() if k != "bots"})
    assert made == ["heuristic"] or made == ["random"]  # the default mix
