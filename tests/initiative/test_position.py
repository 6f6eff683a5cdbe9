"""Positions from links: the description grammar, its one-line refusals, and hostile input as a class."""


import pytest
from hypothesis import given, settings, strategies as st

from engine.core import BadSetup, Session, resolve_options
from engine.rulesets.initiative.ruleset import Initiative

RULESET = Initiative()
OPTIONS = resolve_options(Initiative.options, {"players": 4})
GOOD = {"heroes": ["brannoc@0,4 hand=brannoc_gold+brannoc_red1 level=3 coins=2 poison", "isra@off",
                   "brannoc@2,4 dashboard=brannoc_silver", "isra@5,4"],
        "coin": "blue", "life": {"red": 2}, "round": 3, "turn": 2, "tokens": ["rubble@9,4 hero=1"]}


def start(position, **options):
    return Session.start("initiative", seed=4, options={"players": 4, **options}, setup={"position": position})


def test_a_position_sets_heroes_hands_dashboard_coin_life_and_the_turn():
    session = start(GOOD)
    game = session.state
    first, off, third, fourth = game.heroes
    assert (first.position, first.hand, first.level, first.coins, first.markers) == (
        (0, 4), ["brannoc_gold", "brannoc_red1"], 3, 2, ["poison"])
    assert off.position is None and off.hand == sorted(off.hand) and len(off.hand) == 5     # F-S4 by default
    assert third.dashboard == ["brannoc_silver", None, None, None] and "brannoc_silver" not in third.hand + third.deck
    assert sorted(first.hand + first.deck) == sorted(c for c in game.content.heroes["brannoc"].cards)
    assert (game.coin, game.life, game.round, game.turn) == ("blue", {"red": 2, "blue": 4}, 3, 2)
    assert game.tokens == [{"space": [9, 4], "token": "rubble", "hero": 1}] and (9, 4) in game.obstacles()
    assert [h.team for h in game.heroes] == ["red", "blue", "red", "blue"]
    assert session.decision.kind == "choose_card"
    assert [e.kind for e in session.history[0]] == ["turn_start"]          # a position has no set-up events


def test_a_position_travels_in_the_record_and_replays_to_the_same_digest():
    session = start(GOOD)
    assert Session.replay(session.record).digest() == session.digest()


@pytest.mark.parametrize("position, words", [
    ({"heroes": ["brannoc@0,4"] * 3}, "must describe 4 heroes"),
    ({"heroes": ["nobody@0,4", "isra@off", "brannoc@2,4", "isra@5,4"]}, "known hero"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@0,4", "isra@5,4"]}, "same space"),
    ({"heroes": ["brannoc@0,0", "isra@off", "brannoc@2,4", "isra@5,4"]}, "not an open space"),
    ({"heroes": ["brannoc@x,4", "isra@off", "brannoc@2,4", "isra@5,4"]}, "must be a space"),
    ({"heroes": ["brannoc@0,4 hand=isra_gold", "isra@off", "brannoc@2,4", "isra@5,4"]}, "not a card of brannoc"),
    ({"heroes": ["brannoc@0,4 hand=brannoc_gold+brannoc_gold", "isra@off", "brannoc@2,4", "isra@5,4"]}, "twice"),
    ({"heroes": ["brannoc@0,4 level=0", "isra@off", "brannoc@2,4", "isra@5,4"]}, "level"),
    ({"heroes": ["brannoc@0,4 sleepy", "isra@off", "brannoc@2,4", "isra@5,4"]}, "unknown word"),
    ({"heroes": ["brannoc@0,4 dashboard=brannoc_gold", "isra@off", "brannoc@2,4", "isra@5,4"]}, "at most 0"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "coin": "green"}, "'coin'"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "turn": 5}, "'turn'"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "life": {"red": 0}}, "'life'"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "weather": 1}, "some of"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "tokens": ["rubble@0,4 hero=1"]}, "same space"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "tokens": ["rock@1,4 hero=1"]}, "kind"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "tokens": ["rubble@1,4 hero=4"]}, "hero=3"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "tokens": ["rubble@1,4"]}, "'tokens'"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["red melee"]}, "team type"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["red"]}, "'minions'"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["green melee@9,4"]}, "team type"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["red archer@9,4"]}, "team type"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["red melee@0,4"]}, "same space"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["red melee@0,0"]}, "not an open"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "battle_zones": ["red_throne"]},
     "'battle_zones' place 1 must be one of red_shore, causeway, blue_shore"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "battle_zones": "causeway"}, "battle_zones"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "battle_zones": [3]}, "battle_zones"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "battle_zones": ["causeway", "causeway"]},
     "must list 1 zone id(s), one per lane"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "waves": 0}, "'waves'"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "waves": [2, 2]}, "'waves' must give one"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "waves": [2, 2, 2]}, "'waves'"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["red melee@9,4 lane=1"]},
     "lane=0 (the map has one lane)"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "minions": ["red melee@9,4 side=1"]},
     "the last word must be lane="),
    # found by fuzzing (issue 23): these crashed the reader with a traceback
    ({"heroes": ["brannoc@0,4", " ", "brannoc@2,4", "isra@5,4"]}, "2 to 7 hero descriptions"),
    ({"heroes": ["brannoc@0,4 hand=brannoc_ultimate", "isra@off", "brannoc@2,4", "isra@5,4"]}, "an ultimate"),
    ({"heroes": ["brannoc@0,4", "isra@off dashboard=isra_ultimate", "brannoc@2,4", "isra@5,4"]}, "an ultimate"),
])
def test_a_bad_position_is_one_line_naming_what_is_wrong(position, words):
    with pytest.raises(BadSetup) as error:
        RULESET.check_setup({"position": position}, OPTIONS)
    assert words in str(error.value) and "\n" not in str(error.value)


WORDS = st.sampled_from(["rubble@9,4", "red", "blue", "melee@9,7", "heavy@15,5", "ranged@0,4", "hero=0", "hero=9", "brannoc@0,4", "isra@5,4", "isra@off", "brannoc@2,4", "hand=", "hand=brannoc_gold",
                         "dashboard=brannoc_red1", "level=8", "level=99", "coins=3", "poison", "@", "=", "+", ",",
                         "-1,-1", "9" * 30, "\ud800", "\n", "名", "\x00", "NaN", "brannoc@1e9,4"])
TEXTS = st.one_of(st.lists(WORDS, max_size=14).map(" ".join), st.text(max_size=60))
ANY = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                   lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                   max_leaves=30)


def accepted_or_one_line(position, options=OPTIONS):
    try:
        setup = RULESET.check_setup({"position": position}, options)
    except BadSetup as error:
        assert str(error) and "\n" not in str(error) and len(str(error)) < 400
        return None
    session = Session.start("initiative", seed=1, options=options, setup=setup)
    assert session.decision.kind == "choose_card"
    return session


@settings(max_examples=300, deadline=None)
@given(st.lists(TEXTS, min_size=0, max_size=8), st.sampled_from(["red", "blue", "grey", 1]),
       st.integers(-3, 70), st.integers(-1, 6), st.lists(TEXTS, max_size=3))
def test_any_hero_descriptions_are_a_position_or_one_line(heroes, coin, rnd, turn, tokens):
    accepted_or_one_line({"heroes": heroes, "coin": coin, "round": rnd, "turn": turn, "tokens": tokens})


ZONES = st.sampled_from(["causeway", "red_shore", "blue_throne", "north_ford", "south_ford", "red_south_bank",
                         "blue_north_bank", "", 7])
MINION_WORDS = st.lists(st.sampled_from(["red", "blue", "melee@9,7", "heavy@15,5", "ranged@9,4", "melee@4,7",
                                         "melee@4,6", "lane=0", "lane=1", "lane=2", "lane=", "@"]), max_size=4)
TWIN = resolve_options(Initiative.options, {"players": 4, "map": "twinford"})
TWIN_GOOD = {"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@23,6"], "coin": "blue"}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(TEXTS, MINION_WORDS.map(" ".join)), max_size=6),
       st.one_of(st.none(), ZONES, st.lists(ZONES, max_size=3)),
       st.one_of(st.sampled_from([None, 0, 1, 3, 14, 15, "2", True]), st.lists(st.sampled_from([0, 1, 7, 15, "2"]),
                                                                              max_size=3)),
       st.booleans())
def test_any_lane_keys_are_a_position_or_one_line(minions, zones, waves, twin):
    lane = {"minions": minions, "battle_zones": zones, "waves": waves}
    good, options = (TWIN_GOOD, TWIN) if twin else (GOOD, OPTIONS)
    accepted_or_one_line({**good, **{k: v for k, v in lane.items() if v is not None}}, options)


def test_a_position_sets_minions_the_battle_zone_and_the_waves():
    session = start({**GOOD, "minions": ["red melee@9,7", "blue heavy@17,4"], "battle_zones": ["blue_shore"],
                     "waves": 2})
    game = session.state
    assert game.minions == [{"id": 0, "team": "red", "type": "melee", "lane": 0, "space": [9, 7]},
                            {"id": 1, "team": "blue", "type": "heavy", "lane": 0, "space": [17, 4]}]
    assert (game.battle_zones, game.waves) == (["blue_shore"], [2]) and (9, 7) in game.obstacles()
    plain = start(GOOD).state
    assert (plain.minions, plain.battle_zones, plain.waves) == ([], ["causeway"], [3])   # none unless listed; F-S2
    view = session.view(0)
    assert (view["minions"], view["battle_zones"], view["waves"]) == (game.minions, ["blue_shore"], [2])


def test_a_double_lane_position_sets_each_lanes_battle_zone_waves_and_minions():
    """G1-8: positions name each lane's Battle Zone and waves; a minion's lane is its zone's, or lane=N outside."""
    session = Session.start("initiative", seed=4, options=TWIN, setup={"position": {
        **TWIN_GOOD, "minions": ["red melee@9,4", "blue melee@7,8", "red heavy@4,6 lane=1"],
        "battle_zones": ["north_ford", "red_south_bank"], "waves": [7, 2]}})
    game = session.state
    assert [(m["team"], m["lane"]) for m in game.minions] == [("red", 0), ("blue", 1), ("red", 1)]
    assert (game.battle_zones, game.waves, game.life) == (["north_ford", "red_south_bank"], [7, 2],
                                                          {"red": 6, "blue": 6})
    view = session.view(1)
    assert (view["battle_zones"], view["waves"]) == (["north_ford", "red_south_bank"], [7, 2])
    assert view["board"]["lanes"][1] == ["red_throne", "red_south_bank", "south_ford", "blue_south_bank", "blue_throne"]
    plain = Session.start("initiative", seed=4, options=TWIN, setup={"position": {**TWIN_GOOD, "waves": 3}}).state
    assert (plain.battle_zones, plain.waves) == (["north_ford", "south_ford"], [3, 3])
    for bad, words in ((["north_ford"], r"must list 2 zone id\(s\)"),
                       (["south_ford", "north_ford"], "place 1 must be one of red_north_bank, north_ford")):
        with pytest.raises(BadSetup, match=words):
            RULESET.check_setup({"position": {**TWIN_GOOD, "battle_zones": bad}}, TWIN)
    with pytest.raises(BadSetup, match="stands in no lane's zone: add lane=0 to lane=1"):
        RULESET.check_setup({"position": {**TWIN_GOOD, "minions": ["red melee@4,6"]}}, TWIN)


@settings(max_examples=300, deadline=None)
@given(ANY)
def test_any_data_as_a_position_is_a_position_or_one_line(value):
    accepted_or_one_line(value)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_good_positions_are_a_position_or_one_line(data):
    heroes = list(GOOD["heroes"])
    index = data.draw(st.integers(0, 3))
    text = heroes[index]
    at = data.draw(st.integers(0, len(text)))
    heroes[index] = text[:at] + data.draw(WORDS) + text[at + data.draw(st.integers(0, 4)):]
    accepted_or_one_line({**GOOD, "heroes": heroes})


def test_a_huge_position_is_refused_quickly():
    """Linear in its input: a megabyte of words is refused by the shape check before any parsing."""
    huge = {"heroes": ["brannoc@0,4 " + "poison " * 150_000] * 4}
    with pytest.raises(BadSetup):
        RULESET.check_setup({"position": huge}, OPTIONS)
