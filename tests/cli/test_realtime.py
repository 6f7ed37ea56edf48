"""A game with its own round clock (Fit To Print in real time) runs it in the terminal."""

from __future__ import annotations

import io

from meeple.cli.common import BotTable
from meeple.cli.play_cmd import PlaySession
from meeple.core.match import Match
from meeple.core.registry import make_game


class Clock:
    """A clock a test moves: ``step`` seconds pass at every reading."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def realtime_session(stdin: str, step: float) -> PlaySession:
    game = make_game("fittoprint", players=2, mode="realtime", round_seconds=30)
    match = Match(game, 6)
    table = BotTable(match, {1: "heuristic"}, 6)
    return PlaySession(match, table, 0, "en", io.StringIO(stdin), io.StringIO(), clock=Clock(step))


def test_the_round_clock_runs_out_while_the_player_thinks() -> None:
    s = realtime_session("draw 2x2\nkeep\n" * 3 + "quit\n", step=7.0)
    s.run()
    out = s.out.getvalue()  # type: ignore[attr-defined]
    assert "The clock runs: 0:30 for this round" in out
    assert "left] Your choice" in out  # the prompt shows the time left
    assert "the clock: Time is up! (Friday)" in out
    timeups = [(seat, a) for seat, a in s.match.record().actions if a["type"] == "timeup"]
    assert timeups and timeups[0] == (None, {"type": "timeup", "day": 0})


def test_no_clock_in_slo_mode() -> None:
    game = make_game("fittoprint", players=2, mode="slo")
    match = Match(game, 6)
    s = PlaySession(
        match,
        BotTable(match, {1: "heuristic"}, 6),
        0,
        "en",
        io.StringIO("quit\n"),
        io.StringIO(),
        clock=Clock(1000.0),
    )
    s.run()
    out = s.out.getvalue()  # type: ignore[attr-defined]
    assert "clock" not in out and "left]" not in out
