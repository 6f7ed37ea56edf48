"""Unconscious Mind: terminal text and labels in both languages (item 15), the bots (item 14)."""

from __future__ import annotations

from meeple.bots import make_bot
from meeple.games.unconscious import Unconscious, UnconsciousState, text
from meeple.games.unconscious import bots as um_bots
from meeple.games.unconscious import engine as en
from meeple.games.unconscious.actions import Option
from meeple.games.unconscious.components import RESEARCH, TREATISES
from tests.games.unconscious.builders import legal, play, ready, with_hand


def test_every_action_has_a_label_in_english_and_traditional_chinese() -> None:
    game = Unconscious(players=2)
    for action in game.enumerate_actions():
        en, zh = text.action_label(action, "en"), text.action_label(action, "zh-TW")
        assert en and zh and en != str(action) and en != zh


def test_the_board_renders_in_both_languages_for_a_player_and_a_spectator() -> None:
    s = ready(4)
    for seat in (0, None):
        for lang in ("en", "zh-TW"):
            out = text.render(s.view(seat), seat, lang)
            assert out.count("\n") >= 4 * 5
    assert "Round 1" in text.render(s.view(0), 0, "en")
    assert "第 1 輪" in text.render(s.view(0), 0, "zh-TW")
    # seat 0 sees its own (empty) hand and only the size of the others'
    out = text.render(s.view(0), 0, "en")
    assert out.count("research: hand none") == 1 and out.count("hand 0 cards, hidden") == 3


def test_the_heuristic_bot_plays_legal_moves_to_the_end_at_four_players() -> None:
    game = Unconscious(players=4, rounds=2)
    s = game.new_initial_state(5)
    bots = [make_bot("heuristic", game, seat, seed=seat) for seat in range(4)]
    while not s.is_terminal():
        seat = s.current_seat()
        assert seat is not None
        s.apply(bots[seat].choose(s), seat)
    assert s.round == 2


def test_the_evaluation_prefers_more_vp_and_compares_with_the_best_rival() -> None:
    s = ready()
    base = um_bots.evaluate(s, 0)
    s.vp[0] += 5
    assert um_bots.evaluate(s, 0) == base + 5
    s.vp[1] += 20
    assert um_bots.evaluate(s, 0) < base


def _articles_in_play(s: UnconsciousState, seat: int, treatise: int) -> list[int]:
    """Put research cards of ``treatise``'s article colours in ``seat``'s play (from the deck)."""
    cards = []
    for colour in TREATISES[treatise].articles:
        card = next(c for c in s.research_deck if RESEARCH[c].colour == colour)
        s.research_deck.remove(card)
        cards.append(card)
    s.played[seat] = cards
    return cards


def test_publishing_a_two_article_treatise_is_worth_more_than_keeping_its_cards() -> None:
    # a treatise's tags and reputation-place VP are worth something beyond its own VP:
    # counted by its VP alone, 3 VP looked worse than the two cards in play and the insight
    s = ready()
    t = next(x.index for x in TREATISES if x.tier == 1)
    _articles_in_play(s, 0, t)
    before = um_bots.worth(s, 0)
    en.ENGINE.run(s, 0, (("publish",),))
    play(s, Option(t))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.treatises[0] == [t]
    assert um_bots.worth(s, 0) > before


def test_the_heuristic_bot_publishes_its_best_treatise_when_it_can() -> None:
    # its cards in play fill the 10-VP treatise (red green purple red), which they also
    # fill a 3-VP and a 6-VP one from; a card in hand makes the table action a choice
    # between playing research and publishing, which only what follows tells apart
    s = ready()
    assert s.current_seat() == 0
    best = next(x.index for x in TREATISES if x.tier == 3 and x.articles[0] == 0)
    _articles_in_play(s, 0, best)
    with_hand(s, 0, s.research_deck.pop())
    assert len(en.publishable(s, 0)) > 1
    bot = make_bot("heuristic", s.game, 0, seed=3)
    vp, rep = s.vp[0], s.rep[0]
    while s.current_seat() == 0 and not s.treatises[0]:
        s.apply(bot.choose(s), 0)
    assert s.treatises[0] == [best]
    assert s.vp[0] >= vp + TREATISES[best].vp and s.rep[0] == rep + 1
