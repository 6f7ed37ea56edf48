"""Unconscious Mind: the designed content is complete and consistent (issue 21, item 11).

The seed gives the rules and a few counts; everything else in data.toml is
designed. These tests pin the counts the seed states, check that every table
refers only to things that exist, that every effect is valid notation, and
that docs/games/unconscious.md lists every designed table.
"""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from meeple.games.unconscious.components import (
    ACTION_EFFECTS,
    ACTION_KEYS,
    ACTION_ROW,
    ACTION_SPACES,
    ANY,
    BASE_TREATMENTS,
    CLIENTS,
    COLOURS,
    COMPLEX_CLIENTS,
    DISTRICT_OF,
    DISTRICTS,
    DREAMS,
    ERA1_KEPT,
    ERA1_TILES,
    ERA2_TILES,
    FREUD_GOALS,
    GOAL_CONDITIONS,
    GOALS,
    GRIEF,
    LATENT,
    LETTERS,
    LIGHTNING,
    LOCATIONS,
    MANIFEST,
    NL,
    NORMAL_CLIENTS,
    NS,
    RESEARCH,
    RONDEL_BONUS,
    RONDEL_LEFT,
    RONDEL_ROW,
    RONDEL_TOP,
    ROW_INKPOTS,
    RULES,
    SCORING,
    SECTION_OF,
    SECTIONS,
    SPACE_ACTIONS,
    START_TILES,
    TAG_COLOUR,
    TAG_SCALE,
    TILES,
    TRACK_MAX,
    TRACK_VP,
    TREATISES,
    WILD,
    ZONE_VP,
    DataError,
    Effect,
    Step,
    clockwise,
    effect_text,
    parse_effect,
)

ROOT = Path(__file__).resolve().parents[3]
RAW = tomllib.loads(
    resources.files("meeple.games.unconscious").joinpath("data.toml").read_text(encoding="utf-8")
)


def every_effect() -> list[tuple[str, Effect]]:
    out: list[tuple[str, Effect]] = []
    for t in TILES:
        out += [(f"tile {t.key} main", t.main), (f"tile {t.key} banner", t.banner)]
    for loc in LOCATIONS:
        out.append((f"{loc.key} effect", loc.effect))
        out += [(f"{loc.key} bonus", b) for b in loc.bonus]
    for d in DISTRICTS:
        out += [(f"{d.key} reward", r) for r in d.rewards]
    out += [(f"dream {d.index}", d.effect) for d in DREAMS]
    out += [(f"research {r.index}", r.effect) for r in RESEARCH]
    out += [(f"action {k}", e) for k, e in ACTION_EFFECTS.items()]
    out += [("rondel", e) for e in RONDEL_BONUS]
    out += [("base treatment", e) for e in BASE_TREATMENTS]
    out += [("section", e) for opts in SECTIONS for e in opts]
    return out


# -- the seed's counts ------------------------------------------------------------------


def test_36_era_one_and_36_era_two_tiles_and_twelve_starting_tiles_lettered_a_to_d() -> None:
    assert len(ERA1_TILES) == RULES["era1_tiles"] == 36
    assert len(ERA2_TILES) == RULES["era2_tiles"] == 36
    assert len(START_TILES) == 12
    assert sorted(LETTERS) == ["A", "B", "C", "D"]
    for letter, tiles in LETTERS.items():
        assert len(tiles) == 3
        assert all(TILES[t].era == 0 and TILES[t].letter == letter for t in tiles)
    # every market tile is used in exactly one letter at most, starting tiles never in the market
    assert sorted(t for ts in LETTERS.values() for t in ts) == sorted(START_TILES)


def test_era_one_tiles_kept_by_player_count() -> None:
    # the seed: 8 / 10 / 12 for 2-4 players; 1 player is designed
    assert ERA1_KEPT[1:] == (8, 10, 12)
    assert ERA1_KEPT[0] <= ERA1_KEPT[1] and ERA1_KEPT[0] % 2 == 0  # split over two rows


def test_starting_tiles_of_a_letter_start_the_professor_in_three_places() -> None:
    for tiles in LETTERS.values():
        tags = [TILES[t].tag for t in tiles]
        assert len(set(tags)) == 3 and all(0 <= t < NL for t in tags)
        # each starting tile gives starting insights (its banner is all generating)
        for t in tiles:
            assert TILES[t].banner and all(s.op == "gen" for s in TILES[t].banner)
    counts = Counter(TILES[t].tag for t in START_TILES)
    assert counts == dict.fromkeys(range(NL), 2)


def test_the_seed_rule_numbers() -> None:
    assert RULES["coffee_max"] == 6 and RULES["coffee_start"] == 4
    assert RULES["reputation_track"] == RULES["end_at"] == 10
    assert RULES["era2_at"] == 5 and RULES["freud_start"] == 1
    assert RULES["start_ideas"] == 3 and RULES["locked_ideas"] == 3
    assert RULES["ideas_per_turn"] == 3
    assert RULES["location_activation_cap"] == 4
    assert RULES["citation_vp"] == 2 and RULES["empty_research_vp"] == 2
    assert RULES["generic_insights"] == 6 and RULES["own_insights_start"] == 1
    assert RULES["reputation_place_vp"] == [2, 1]
    assert RULES["client_display"] == {"normal": 2, "complex": 2}
    assert RULES["manifest_display"] == 4 and RULES["catharsis_at"] == 3
    assert (
        RULES["coffee_ignore_suppress"],
        RULES["coffee_transfer"],
        RULES["coffee_elevate"],
        RULES["coffee_bright"],
    ) == (1, 2, 2, 3)
    # turn-order bonuses: nothing, a coffee, a bright idea, both
    assert RULES["turn_order_bonus"] == ["", "coffee:1", "bright:1", "coffee:1 bright:1"]


# -- the meeting table and the player board -------------------------------------------------


def test_nine_actions_in_three_rows_each_bordered_by_four_spaces() -> None:
    assert ACTION_KEYS[:3] == ("tile_stack", "tile_middle", "tile_right")
    assert len(ACTION_KEYS) == 9 and NS == 16
    assert all(len(set(s)) == 4 for s in ACTION_SPACES)
    assert sorted(len(a) for a in SPACE_ACTIONS) == [1] * 4 + [2] * 8 + [4] * 4
    for a, spaces in enumerate(ACTION_SPACES):
        assert all(a in SPACE_ACTIONS[s] for s in spaces)
    # the seed: every space prints 1-3 lightning icons
    assert all(1 <= v <= 3 for v in LIGHTNING) and len(LIGHTNING) == NS
    assert len(ROW_INKPOTS) == 3 and all(v >= 1 for v in ROW_INKPOTS)
    assert ACTION_ROW == (0, 0, 0, 1, 1, 1, 2, 2, 2)


def test_the_actions_do_what_the_seed_says() -> None:
    e = {k: effect_text(v) for k, v in ACTION_EFFECTS.items()}
    assert e["tile_stack"] == "coffee:-1 tile:stack"
    assert e["tile_middle"] == "coffee:-2 tile:middle"
    assert e["tile_right"] == "coffee:-3 tile:right"
    assert e["elevate"] == "elevates:2"  # two insights, one level each
    assert (e["research"], e["publish"]) == ("play:2", "publish")
    assert (e["professor"], e["professor_freud"]) == ("prof:2", "prof_freud")
    assert (e["generate"], e["draw"], e["freud"]) == ("gens:3", "research:1", "freud")


def test_rondel_has_a_top_a_left_and_one_space_per_notebook_row() -> None:
    assert sorted(r for r in RONDEL_ROW if r >= 0) == [0, 1, 2]
    assert RONDEL_ROW[RONDEL_TOP] == RONDEL_ROW[RONDEL_LEFT] == -1
    assert RONDEL_TOP != RONDEL_LEFT
    # the row spaces print a generated insight (research note 3)
    for space, row in enumerate(RONDEL_ROW):
        if row >= 0:
            assert [s.op for s in RONDEL_BONUS[space]] == ["gen"]


def test_reputation_zones_and_freuds_four_sections() -> None:
    assert len(ZONE_VP) == len(SECTION_OF) == RULES["reputation_track"] + 1
    assert list(ZONE_VP) == sorted(ZONE_VP) and ZONE_VP[0] < 0  # "gain (or lose)"
    assert list(SECTION_OF) == sorted(SECTION_OF) and set(SECTION_OF) == {1, 2, 3, 4}
    assert [effect_text(e) for e in SECTIONS[0]] == ["play:1", "loc_freud:2", "bright:1"]
    assert [effect_text(e) for e in SECTIONS[1]] == ["play:2", "prof_freud", "idea"]
    assert [effect_text(e) for e in SECTIONS[2]] == ["play:3", "prof:2", "tile:stack"]
    assert [effect_text(e) for e in SECTIONS[3]] == ["therapy:1", "vp:2"]


# -- Vienna -------------------------------------------------------------------------------


def test_three_districts_of_two_locations_each_in_the_three_colours() -> None:
    assert len(DISTRICTS) == 3 and NL == 6
    assert sorted(d.colour for d in DISTRICTS) == [0, 1, 2]
    assert sorted(loc for d in DISTRICTS for loc in d.locations) == list(range(NL))
    # clockwise, a district's two locations are neighbours
    for d in DISTRICTS:
        a, b = sorted(d.locations)
        assert clockwise(a, 1) == b
    for loc in LOCATIONS:
        assert loc.district == DISTRICT_OF[loc.index]
        assert TAG_COLOUR[loc.index] == DISTRICTS[loc.district].colour
        assert len(loc.bonus) == 3 and loc.effect
    assert TAG_COLOUR[WILD] == ANY
    assert clockwise(NL - 1, 1) == 0


def test_district_slots_and_recall_token_stacks() -> None:
    for d in DISTRICTS:
        assert len(d.thresholds) == len(d.rewards) == 4
        assert list(d.thresholds) == sorted(set(d.thresholds))
        assert len(d.stacks) == 3 and all(d.stacks)
        icons = Counter(i for s in d.stacks for i in s)
        assert icons["rep"] >= 1 and icons["activate"] >= 1


def test_seven_goal_tiles_six_with_a_location_tag_and_one_wild() -> None:
    assert len(GOALS) == RULES["goal_tiles"] == 7
    assert sorted(g.condition for g in GOALS) == sorted(GOAL_CONDITIONS)
    assert sorted(g.tag for g in GOALS) == [*range(NL), WILD]
    assert [GOALS[g].tag for g in FREUD_GOALS] == list(range(NL))
    wild = next(g for g in GOALS if g.tag == WILD)
    assert (wild.condition, wild.count) == ("cured_any", 6)
    counts = {g.condition: g.count for g in GOALS}
    assert counts == {
        "insights_on_district_slots": 2,
        "full_columns": 2,
        "research_tag_colours": 3,
        "cured_normal": 3,
        "cured_complex": 2,
        "treatises": 2,
        "cured_any": 6,
    }
    assert all(g.vp > 0 for g in GOALS)


def test_the_tag_scale_grows_with_every_distinct_tag() -> None:
    assert len(TAG_SCALE) == NL + 1 and TAG_SCALE[0] == 0
    assert all(b > a for a, b in itertools.pairwise(TAG_SCALE))


# -- clients, dreams, research, treatises ----------------------------------------------------


def test_clients_normal_and_complex() -> None:
    assert len(NORMAL_CLIENTS) >= 10 and len(COMPLEX_CLIENTS) >= 8
    abilities = [CLIENTS[c].ability for c in NORMAL_CLIENTS]
    assert len(set(abilities)) == len(abilities)  # each normal client changes one rule
    assert all(CLIENTS[c].scoring in SCORING for c in COMPLEX_CLIENTS)
    assert {CLIENTS[c].scoring for c in COMPLEX_CLIENTS} == set(SCORING)
    # complex clients are harder and worth more
    assert min(CLIENTS[c].hearts for c in COMPLEX_CLIENTS) >= max(
        CLIENTS[c].hearts for c in NORMAL_CLIENTS
    )
    assert min(CLIENTS[c].vp for c in COMPLEX_CLIENTS) > 2
    # a client with the heaviest grief layer still fits on the treatment track
    heaviest = max(h for h, _ in GRIEF)
    assert max(c.hearts for c in CLIENTS) + heaviest <= TRACK_MAX
    assert len(TRACK_VP) == TRACK_MAX + 1 and TRACK_VP[0] == 0
    # a grief layer for every client
    assert len(GRIEF) >= len(CLIENTS)


def test_dreams_cost_insights_and_give_therapy() -> None:
    assert len(MANIFEST) >= 16 and len(LATENT) >= 12
    for d in DREAMS:
        ops = [s.op for s in d.effect]
        assert "therapy" in ops
        assert any(s.op in ("pay", "sup") for s in d.effect), d
        assert (d.symbol >= 0) != d.latent  # only manifest dreams show a symbol
    # latent dreams treat more, on average
    mean = lambda ds: sum(s.n for d in ds for s in DREAMS[d].effect if s.op == "therapy") / len(ds)  # noqa: E731
    assert mean(LATENT) > mean(MANIFEST)


def test_research_cards_cover_every_tag_and_colour() -> None:
    pairs = Counter((r.tag, r.colour) for r in RESEARCH)
    assert set(pairs) == {(t, c) for t in range(NL) for c in range(3)}
    assert len(set(pairs.values())) == 1  # evenly


def test_treatises_in_three_supplies() -> None:
    tiers = Counter(t.tier for t in TREATISES)
    assert set(tiers) == {1, 2, 3}
    for t in TREATISES:
        assert len(set(t.tags)) == 2 and all(0 <= x < NL for x in t.tags)
        assert len(t.articles) == t.tier + 1
        assert t.rep == (1 if len(t.articles) == 4 else 0)
    vps = sorted({t.vp for t in TREATISES})
    assert len(vps) == 3


def test_tiles_pay_then_gain_and_every_effect_is_valid() -> None:
    for where, effect in every_effect():
        assert effect or where.startswith("rondel"), where
        seen_gain = False
        for step in effect:
            if step.is_cost():
                assert not seen_gain, f"{where}: a cost after a gain ({effect_text(effect)})"
            else:
                seen_gain = True
        if effect:
            assert seen_gain, f"{where}: pays and gains nothing"
        # the notation round-trips
        assert parse_effect(effect_text(effect)) == effect


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pay:blue:1", "no colour 'blue'"),
        ("pay:red:4", "level 4 is not 1-3"),
        ("pay:red", "takes 2 argument"),
        ("dance", "unknown step 'dance'"),
        ("vp:x", "'x' is not a number"),
        ("vp:-2", "count -2 is not allowed"),
        ("tile:left", "no market column 'left'"),
    ],
)
def test_a_bad_effect_is_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_effect(text, "here")


def test_effect_steps_parse() -> None:
    assert parse_effect("pay:green:2 coffee:-1 gen:any") == (
        Step("pay", COLOURS.index("green"), 2),
        Step("coffee", ANY, -1),
        Step("gen", ANY, 0),
    )


def test_every_designed_table_is_marked_and_listed_in_the_rules_document() -> None:
    doc = (ROOT / "docs" / "games" / "unconscious.md").read_text(encoding="utf-8")
    designed = [
        key
        for key, value in RAW.items()
        if isinstance(value, dict) and (value.get("designed") or value.get("designed_rules"))
    ]
    assert {
        "table",
        "rondel",
        "notebook",
        "reputation",
        "vienna",
        "tags",
        "client_board",
        "symbols",
        "letters",
        "tiles",
        "clients",
        "grief",
        "dreams",
        "research",
        "treatises",
        "solo",
        "recall_reminder",
        "rules",
    } <= set(designed)
    for entries in ("districts", "locations"):
        assert all(e["designed"] for e in RAW[entries])
    assert all(g["designed_vp"] for g in RAW["goals"])
    for key in [*designed, "districts", "locations", "goals"]:
        assert f"`{key}`" in doc, f"docs/games/unconscious.md does not list the designed `{key}`"


def test_every_effect_compiles_to_a_checked_program_of_the_effect_engine() -> None:
    from meeple.games.unconscious.engine import check_all_programs

    assert check_all_programs() == len(every_effect()) + 2  # and the catharsis and the cure
