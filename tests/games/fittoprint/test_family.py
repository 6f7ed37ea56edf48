"""Fit To Print's family mode (issue 18): each designed change, set up and checked.

The changes (docs/games/fittoprint.md, "Family mode"): no mood-balance
penalty; no face-up placement or flip that breaks an adjacency rule, so
nothing is turned over at scoring; two more minutes on the real-time timer;
centrepieces that score for tiles touching them; revenue added to the score
and no paper closing. Family mode plays in turns (``family``) and in real
time (``family_realtime``), with 2-6 players, and the bots play it.
"""

from __future__ import annotations

import pytest

from meeple.arena.play import play_game
from meeple.bots import make_bot
from meeple.core.errors import IllegalActionError, OptionError
from meeple.games.fittoprint import FitToPrint, Flip, Place, Print
from meeple.games.fittoprint.components import CENTREPIECES, FAMILY_RULES, STACK_CENTREPIECES
from meeple.games.fittoprint.text import render
from tests.games.fittoprint.builders import find, finished, new, to_layout


@pytest.mark.parametrize("mode", ["family", "family_realtime"])
def test_family_mode_is_for_two_to_six_players(mode: str) -> None:
    for n in range(2, 7):
        assert FitToPrint(players=n, mode=mode).family
    with pytest.raises(OptionError, match="2 to 6 players"):
        FitToPrint(players=1, mode=mode)


def test_family_mode_leaves_out_the_advanced_rules() -> None:
    with pytest.raises(OptionError, match="turn off characters and breaking_news"):
        FitToPrint(players=3, mode="family", characters=True, breaking_news=True)
    with pytest.raises(OptionError, match="turn off characters"):
        FitToPrint(players=3, mode="family_realtime", characters=True)


def test_family_turns_and_real_time() -> None:
    """``family`` takes turns like Slo-Mode; ``family_realtime`` is simultaneous."""
    turns = new(3, mode="family")
    assert turns.turn().seats == (0,) and not turns.game.realtime
    live = new(3, mode="family_realtime")
    assert live.turn().seats == (0, 1, 2) and live.game.realtime
    assert live.round_timer() is not None and turns.round_timer() is None


def test_family_real_time_gives_two_more_minutes() -> None:
    assert FitToPrint(players=2, mode="family_realtime").round_seconds == 6 * 60
    assert FitToPrint(players=2, mode="family_realtime", minutes=3).round_seconds == 5 * 60
    assert FitToPrint(players=2, mode="family_realtime", minutes=5).round_seconds == 7 * 60
    assert FitToPrint(players=2, mode="realtime", minutes=5).round_seconds == 5 * 60
    # the tests' short rounds stay as given
    assert FitToPrint(players=2, mode="family_realtime", round_seconds=8).round_seconds == 8


def test_family_has_no_mood_penalty() -> None:
    for mode, mood in (("slo", -2), ("family", 0)):
        s = new(2, mode=mode)
        a = find("article", "2x1", colour="sports", mood="good")
        b = find("article", "2x1", colour="news", mood="good")
        to_layout(s, 0, a, b)
        s.apply(Place(a, "a4", "up"), 0)
        s.apply(Place(b, "a5", "up"), 0)
        preview = s.view(0)["you"]["preview"]
        assert preview["mood"] == mood, mode
        s.apply(Print(), 0)
        to_layout(s, 1)
        s.apply(Print(), 1)
        assert s.results[0]["scores"][0]["mood"] == mood, mode


def test_family_never_offers_a_face_up_placement_that_breaks_an_adjacency_rule() -> None:
    a = find("article", "2x1", colour="sports", mood="good")
    b = find("article", "2x1", skip=1, colour="sports", mood="bad")
    news = find("article", "2x1", colour="news", mood="bad")
    p, q = find("photo", "1x1"), find("photo", "1x1", skip=1)
    for mode in ("family", "slo"):
        s = new(2, mode=mode)
        to_layout(s, 0, a, b, news, p, q)
        s.apply(Place(a, "a4", "up"), 0)
        s.apply(Place(p, "e4", "up"), 0)
        legal = set(s.legal_actions(0))
        touching = Place(b, "a5", "up")  # same colour, edge to edge with a
        assert (touching in legal) == (mode == "slo")
        assert Place(b, "a5", "down") in legal  # face down it never breaks a rule
        assert Place(news, "a5", "up") in legal  # another colour may touch
        assert (Place(q, "e5", "up") in legal) == (mode == "slo")  # two photos
        assert Place(b, "a6", "up") in legal  # not touching a
    s = new(2, mode="family")
    to_layout(s, 0, a, b)
    s.apply(Place(a, "a4", "up"), 0)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(Place(b, "a5", "up"), 0)
    assert s.to_json() == before  # refused, nothing changed
    assert not s.is_legal(Place(b, "a5", "up"), 0)


def test_family_refuses_turning_a_tile_face_up_against_its_own_kind() -> None:
    a = find("article", "2x1", colour="sports", mood="good")
    b = find("article", "2x1", skip=1, colour="sports", mood="bad")
    s = new(2, mode="family")
    to_layout(s, 0, a, b)
    s.apply(Place(a, "a4", "up"), 0)
    s.apply(Place(b, "a5", "down"), 0)
    assert Flip(b) not in s.legal_actions(0) and not s.is_legal(Flip(b), 0)
    with pytest.raises(IllegalActionError):
        s.apply(Flip(b), 0)
    assert Flip(a) in s.legal_actions(0)  # turning one face down is always allowed
    s.apply(Flip(a), 0)
    assert Flip(b) in s.legal_actions(0)  # nothing of its kind touches it face up now


def test_in_family_mode_nothing_is_turned_over_at_scoring() -> None:
    """A whole family game between bots: no day's page ever had a tile flipped."""
    game = FitToPrint(players=3, mode="family")
    state = game.new_initial_state(5)
    bots = [make_bot("random", game, s, 10 + s) for s in range(3)]
    while not state.is_terminal():
        seat = state.turn().seats[0]
        state.apply(bots[seat].choose(state), seat)
    assert len(state.results) == 3
    for day in state.results:
        assert all(part["flipped"] == [] for part in day["scores"])


def test_family_centrepieces_show_a_side_that_scores_for_touching_tiles() -> None:
    assert {"adjacent_colour", "adjacent_mood", "adjacent_photos"} == FAMILY_RULES
    # every centrepiece has such a side, and the start ones have only that
    for c in CENTREPIECES:
        assert any(side.rule in FAMILY_RULES for side in c.sides), c.name
        if c.start:
            assert c.sides[0].rule in FAMILY_RULES
    seen_other = False
    for seed in range(6):
        fam = FitToPrint(players=4, mode="family").new_initial_state(seed)
        assert sorted(c for c, _ in fam.cp_stack) == sorted(STACK_CENTREPIECES)
        for c, side in fam.cp_stack:
            assert CENTREPIECES[c].sides[side].rule in FAMILY_RULES
        slo = FitToPrint(players=4, mode="slo").new_initial_state(seed)
        seen_other |= any(
            CENTREPIECES[c].sides[side].rule not in FAMILY_RULES for c, side in slo.cp_stack
        )
    assert seen_other  # the standard game does show the other rules


def test_family_revenue_counts_as_points_and_no_paper_closes() -> None:
    s = new(3, mode="family")
    finished(s, [30, 20, 10], [2, 5, 6], [1, 2, 3])
    assert s.eliminated() == [False, False, False]
    assert s.scores() == [32.0, 25.0, 16.0] and s.winners() == [0]
    assert s.view(None)["final"]["revenue_points"] == [2, 5, 6]
    std = new(3, mode="slo")
    finished(std, [30, 20, 10], [2, 5, 6], [1, 2, 3])
    assert std.eliminated() == [True, False, False]  # the standard game closes a paper
    two = new(2, mode="family")
    finished(two, [30, 25], [2, 8], [1, 2])
    assert two.scores() == [32.0, 33.0]  # no -10 for being $6 behind, revenue added
    assert two.two_player_penalty() == [0, 0]


def test_family_in_the_terminal_in_both_languages() -> None:
    s = new(2, mode="family")
    assert "family mode, in turns" in render(s.view(0), 0, "en")
    assert "家庭模式，輪流進行" in render(s.view(0), 0, "zh-TW")
    live = new(2, mode="family_realtime")
    assert "family mode, real time, 6 minutes" in render(live.view(0), 0, "en")
    finished(s, [30, 25], [2, 8], [1, 2])
    assert "revenue counts as points (Player 1 +2, Player 2 +8)" in render(s.view(0), 0, "en")


@pytest.mark.parametrize(
    ("mode", "players", "bots"),
    [
        ("family", 2, ["heuristic", "heuristic"]),
        ("family_realtime", 3, ["heuristic", "random", "heuristic"]),
    ],
)
def test_bots_play_family_mode_to_the_end(mode: str, players: int, bots: list[str]) -> None:
    out = play_game(
        {
            "index": 0,
            "game": "fittoprint",
            "players": players,
            "options": {"mode": mode},
            "seed": 11,
            "lineup": bots,
        }
    )
    assert len(out["scores"]) == players
    assert out["actions"] > 30
