"""core.content: the base game and its expansions or modules as named content sets.

Checked on a small table of sets here and on Fit To Print, whose two advanced modules
(characters, breaking news) are its content sets.
"""

from __future__ import annotations

import pytest

from meeple.core import OptionError
from meeple.core.content import ContentSet, ContentSets
from meeple.core.registry import make_game
from meeple.core.vocabulary import content_json
from meeple.games.fittoprint.components import CHARACTER_IDS, CONTENT

BASE = ContentSet("base", base=True, tables={"cards": ("a", "b")})
MORE = ContentSet("more", tables={"cards": ("c",)}, kinds={"k": 1})
MOST = ContentSet("most", tables={"cards": ("d", "e")}, requires=("more",))
SETS = ContentSets([BASE, MORE, MOST])


def test_rows_keep_their_numbers_whatever_is_in_play() -> None:
    assert SETS.rows("cards") == ("a", "b", "c", "d", "e")
    assert SETS.ids("cards", {}) == (0, 1)
    assert SETS.ids("cards", {"more": True}) == (0, 1, 2)
    assert SETS.ids("cards", {"more": True, "most": True}) == (0, 1, 2, 3, 4)
    assert SETS.ids("tiles", {"more": True}) == ()


def test_each_set_but_the_base_is_a_yes_no_option_and_requires_are_checked() -> None:
    assert [(o.name, o.default) for o in SETS.options()] == [("more", False), ("most", False)]
    assert [s.name for s in SETS.chosen({"most": True, "more": True})] == ["base", "more", "most"]
    SETS.check({"more": True, "most": True})
    with pytest.raises(OptionError, match="most is played with more: turn it on too"):
        SETS.check({"most": True})


def test_kinds_come_from_the_sets_in_play_and_may_not_clash() -> None:
    assert SETS.kinds({}) == {} and SETS.kinds({"more": True}) == {"k": 1}
    assert SETS.kinds() == {"k": 1}  # every set's, to read any record back
    clash = ContentSets([BASE, MORE, ContentSet("again", kinds={"k": 2})])
    with pytest.raises(ValueError, match="redeclares kinds"):
        clash.kinds()


def test_a_table_of_sets_is_well_formed() -> None:
    with pytest.raises(ValueError, match="base game"):
        ContentSets([MORE])
    with pytest.raises(ValueError, match="requires unknown"):
        ContentSets([BASE, MOST])
    with pytest.raises(ValueError, match="named twice"):
        ContentSets([BASE, MORE, MORE])


@pytest.mark.parametrize("players", [1, 2, 6])
def test_fit_to_print_deals_characters_only_with_its_characters_set(players: int) -> None:
    """A real use: the characters module is a content set; on, each player gets a
    different character from the set's rows; off, nobody has one."""
    off = make_game("fittoprint", players=players).new_initial_state(3)
    assert off.characters == []
    on = make_game("fittoprint", players=players, characters=True).new_initial_state(3)
    assert len(set(on.characters)) == players
    assert set(on.characters) <= set(CONTENT.ids("characters", {"characters": True}))
    assert all(CHARACTER_IDS[c] for c in on.characters)


def test_fit_to_print_lists_its_sets_with_their_words_and_options() -> None:
    game = make_game("fittoprint", players=2)
    assert game.content is CONTENT
    # the sets' names are the game's vocabulary (text.OPTION_WORDS), the base's its title
    listed = {c["name"]: c for c in content_json(type(game))}
    assert listed["characters"]["words"] == {
        "en": "Characters (advanced)",
        "zh-TW": "角色能力（進階）",
    }
    assert listed["base"]["words"] == {"en": "Fit To Print", "zh-TW": "頭版搶先報"}
    assert listed["characters"]["designed"] and listed["characters"]["tables"] == {"characters": 6}
    assert {o.name for o in CONTENT.options()} <= {o.name for o in type(game).option_specs}
