"""Viscounts' words and what the browser board reads: labels, the terminal, the view's
descriptions and the move preview (issue 20 item 11; issue 17's "no internal names").

A label or a terminal line names only what the board and the terminal draw
(outer spaces 1-10 clockwise, inner spaces 1-5, segments, castle sections,
building spots, players), in words, in both languages; the move preview is
the rules' own answer, only for the seat choosing, and changes nothing.
"""

from __future__ import annotations

import json
import re

import pytest

from meeple.games.viscounts import Viscounts, text
from meeple.games.viscounts.actions import Move, Play, Rearrange, Trade
from meeple.games.viscounts.components import CARDS, MANUSCRIPTS, PLAYER_CARDS, space_number
from meeple.games.viscounts.describe import program_words
from meeple.games.viscounts.state import MOVE, PLAY
from tests.games.viscounts.builders import started, viscount_at

LANGS = ("en", "zh-TW")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: What the labels said before (ids a player never sees on the board).
INTERNAL = re.compile(r"Board order|Option \d|wedge|pile \d|seat \d|time\(s\)|worker\(s\)|_|\{|\}")


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_label_is_words_in_both_languages(players: int) -> None:
    game = Viscounts(players)
    for action in game.enumerate_actions():
        en, zh = (text.action_label(action, lang) for lang in LANGS)
        assert not INTERNAL.search(en), (action, en)
        assert not INTERNAL.search(zh) and CJK.search(zh), (action, zh)
        assert en != str(action) and not re.search(r"[A-Za-z]{4,}", zh), (action, en, zh)


def test_rearranging_says_where_the_cards_go() -> None:
    words = {text.action_label(Rearrange(i), "en") for i in range(6)}
    assert len(words) == 6
    assert "Keep the board as it is" in words
    assert "Move the left card to the right end" in words
    # permutation 3 puts (b1, b2, b0): the left card moves to the right end
    assert text.action_label(Rearrange(3), "en") == "Move the left card to the right end"
    assert text.action_label(Trade(1, 0), "en") == "Trade once"
    assert text.action_label(Trade(3, 1), "en").startswith("Trade 3 times, dismissing")


def test_the_terminal_and_the_move_labels_name_a_space_alike() -> None:
    """The board numbers outer spaces 1-10 clockwise; the terminal said the printed number
    (which follows the shuffled segments) while the move label said the position's."""
    s = started(2, seed=3)
    pos = next(p for p in range(5) if s.ring[p] != p)
    seat = s.current
    viscount_at(s, seat, 3 * pos)
    assert space_number(3 * pos, s.ring) != 2 * pos + 1  # the printed number differs
    name = f"outer space {2 * pos + 1}"
    assert text.action_label(Move(3 * pos), "en") == f"Move to {name}"
    shown = text.render(s.view(seat), seat, "en")
    assert f"Player {seat + 1} (you): {name}" in shown, shown
    assert "內側第 2 格" in text.action_label(Move(5), "zh-TW")


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_shows_the_kingdom_in_words(lang: str) -> None:
    s = Viscounts(4).new_initial_state(2)
    shown = text.render(s.view(0), 0, lang)
    assert "[" not in shown and "_" not in shown and "wedge" not in shown, shown
    if lang == "en":
        for part in ("Segment 5:", "Castle section 5:", "Castle centre", "Pair 5:", "Debts on"):
            assert part in shown, part
    else:
        assert "第 5 區" in shown and "城堡第 5 區域" in shown and "第 5 組" in shown
        assert not re.search(r"[A-Za-z]{4,}", shown), shown
    # later, mid-game: workers by player, tracks in words, the hand only for its seat
    s = started(4, seed=2)
    shown = text.render(s.view(1), 1, "en")
    assert shown.count("Hand:") == 1 and "Corruption 1, virtue 7" in shown


def test_effects_read_as_sentences() -> None:
    choice = (("choose", (("gain", "silver", 2),), (("discard", 1),)),)
    assert program_words(choice, "en") == "choose one: +2 silver or discard 1 card"
    assert program_words(choice, "zh-TW") == "擇一：+2 銀幣或棄掉 1 張牌"
    assert program_words(
        (("each", ("buildings", "trading_post"), (("gain", "vp", 2),)),), "en"
    ) == ("for each trading post you have built: +2 VP")
    assert program_words((("if", (("criminals",), ">=", 1), (("gain", "debt", 1),)),), "en") == (
        "if you show a criminal: +1 debt"
    )
    programs = [p for c in CARDS for p in (c.play, c.leave, c.hire, *(t for _, t in c.triggers))]
    programs += [m.now for m in MANUSCRIPTS] + [m.end for m in MANUSCRIPTS]
    programs += [pc.setup for pc in PLAYER_CARDS]
    for prog in programs:
        for lang in LANGS:
            said = program_words(prog, lang)
            assert said and "_" not in said and "(s)" not in said, (prog, said)


def test_the_view_says_choices_pairs_and_who_asks() -> None:
    s = Viscounts(3).new_initial_state(4)
    pairs = s.view(s.turn().seats[0])["pairs"]
    assert len(pairs) == 4 and all(p is not None for p in pairs)
    for p in pairs:
        assert space_number(p["space"], s.ring) == p["number"]
        assert p["say"]["en"].startswith("Pair ") and CJK.search(p["say"]["zh-TW"])
    # a card's choice: the options in words, and the card that asks
    s = started(2, seed=1)
    seat = s.current
    judith = next(i for i, c in enumerate(CARDS) if c.name == "Judith")
    s.hand[seat].append(judith)
    s.apply(Play(judith), seat)
    d = s.view(seat)["decision"]
    assert d["kind"] == "choose" and d["why"] == {"en": "Judith", "zh-TW": CARDS[judith].zh}
    said = [o["text"]["en"] for o in d["options"]]
    assert said == ["destroy 1 card", "flip a debt or a deed"], said
    assert s.view(1 - seat)["decision"]["options"] == d["options"]  # printed on the card


def _reach(s, seat: int) -> dict[int, dict[int, int]]:  # type: ignore[no-untyped-def]
    return {r["card"]: {x["space"]: x["cost"] for x in r["spaces"]} for r in s.view(seat)["reach"]}


def test_the_move_preview_is_the_rules_answer_for_every_card_in_hand() -> None:
    for seed in (1, 2, 5):
        s = started(3, seed=seed)
        seat = s.current
        assert s.phase == PLAY
        before = json.dumps(s.to_json(), sort_keys=True)
        reach = _reach(s, seat)
        assert json.dumps(s.to_json(), sort_keys=True) == before  # the view changed nothing
        assert set(reach) == set(s.hand[seat])
        view = s.view(seat)
        for entry in view["reach"]:
            c = s.clone()
            c.apply(Play(entry["card"]), seat)
            if entry["asks"]:
                assert c.decisions
                continue
            assert c.phase == MOVE
            costs = c.move_costs(seat)
            assert reach[entry["card"]] == costs
            for x in entry["spaces"]:
                d = c.clone()
                d.apply(Move(x["space"]), seat)
                while d.decisions:
                    d.apply(Rearrange(0), d.decisions[-1].seat)
                trades = [a.uses for a in d.legal_actions(seat) if isinstance(a, Trade)]
                assert x.get("trade", 0) == max(trades, default=0)
                assert x["say"]["en"] and CJK.search(x["say"]["zh-TW"])
        # nobody else gets it, and a spectator neither: it reads the seat's own hand
        assert all(s.view(t)["reach"] == [] for t in range(3) if t != seat)
        assert s.view(None)["reach"] == []


def test_the_preview_follows_the_played_card_while_moving() -> None:
    s = started(2, seed=7)
    seat = s.current
    card = s.hand[seat][0]
    s.apply(Play(card), seat)
    while s.decisions:
        s.apply(s.legal_actions()[0])
    if s.phase != MOVE:
        pytest.skip("the card's effect moved the game on")
    reach = s.view(seat)["reach"]
    assert [r["card"] for r in reach] == [card]
    assert {x["space"] for x in reach[0]["spaces"]} == {
        a.space for a in s.legal_actions(seat) if isinstance(a, Move)
    }


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_solo_ai_before_setup_and_the_pairs_read_as_words(lang: str) -> None:
    """Before its first move the AI stands nowhere (not on a bare "inner space 0"), and a
    pair's free resources say "resource" or "resources", never "resource(s)"."""
    s = Viscounts(players=1).new_initial_state(4)
    out = text.render(s.view(0), 0, lang)
    assert ("not on the board yet" if lang == "en" else "尚未上場") in out, out
    assert "space 0" not in out and "第 0 格" not in out, out
    assert "(s)" not in out, out


def test_the_starting_cards_waiting_for_a_player_cards_step_are_no_hand() -> None:
    """Player card 9 destroys a starting card before the deck is shuffled: meanwhile the
    hero and the eight starting cards are shown as gathered for the deck, not as a hand
    of nine (for the seat itself, for the others, in the terminal and in the labels)."""
    from meeple.games.viscounts.actions import Pick, PickPair
    from meeple.games.viscounts.components import PLAYER_CARDS, STARTING

    s = Viscounts(2).new_initial_state(2)
    s.pairs[0][0] = next(i for i, p in enumerate(PLAYER_CARDS) if p.number == 9)
    seat = s.setup_left[0]
    s.apply(PickPair(0))
    assert s.decisions[-1].kind == "destroy"
    mine, theirs = s.view(seat), s.view(1 - seat)
    assert mine["players"][seat]["hand"] == [] and mine["players"][seat]["hand_size"] == 0
    assert len(mine["players"][seat]["gathered"]) == 9
    assert theirs["players"][seat]["hand_size"] == 0
    en = text.render(mine, seat, "en")
    assert "Cards to be shuffled into the deck" in en and "Hand: " not in en.split("Player 2")[0]
    zh = text.render(mine, seat, "zh-TW")
    assert "等著洗成牌堆的牌" in zh
    label = text.state_label(s, Pick(STARTING[6]), "en")
    assert label.endswith("from your starting cards")
    s.apply(Pick(STARTING[6]))
    after = s.view(seat)["players"][seat]
    assert after["gathered"] == [] and after["hand_size"] == 3 and len(after["hand"]) == 3


def test_a_card_hired_by_a_player_card_is_shuffled_into_the_deck() -> None:
    """Player card 4's free hire: the card joins the hero and starting cards in the deck
    (the seed: every card gained in setup is shuffled in), not the discards."""
    from meeple.games.viscounts.actions import SKIP, FreeHire, PickPair
    from meeple.games.viscounts.components import PLAYER_CARDS

    s = Viscounts(2).new_initial_state(2)
    s.pairs[0][0] = next(i for i, p in enumerate(PLAYER_CARDS) if p.number == 4)
    seat = s.setup_left[0]
    s.apply(PickPair(0))
    hire = next(a for a in s.legal_actions() if isinstance(a, FreeHire))
    card = s.piles[hire.position][-1]
    s.apply(hire)
    while s.decisions and s.decisions[-1].seat == seat:  # its own hire effect (a discard)
        s.apply(SKIP)
    assert s.discard[seat] == [] and card in s.hand[seat] + s.deck[seat]
    assert len(s.hand[seat] + s.deck[seat]) == 10
