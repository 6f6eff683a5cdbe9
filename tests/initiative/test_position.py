"""Positions from links: the description grammar, its one-line refusals, and hostile input as a class."""

import time

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
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "battle_zone": "red_throne"}, "battle_zone"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "battle_zone": 3}, "battle_zone"),
    ({"heroes": ["brannoc@0,4", "isra@off", "brannoc@2,4", "isra@5,4"], "waves": 0}, "'waves'"),
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


def accepted_or_one_line(position):
    try:
        setup = RULESET.check_setup({"position": position}, OPTIONS)
    except BadSetup as error:
        assert str(error) and "\n" not in str(error) and len(str(error)) < 400
        return None
    session = Session.start("initiative", seed=1, options={"players": 4}, setup=setup)
    assert session.decision.kind == "choose_card"
    return session


@settings(max_examples=300, deadline=None)
@given(st.lists(TEXTS, min_size=0, max_size=8), st.sampled_from(["red", "blue", "grey", 1]),
       st.integers(-3, 70), st.integers(-1, 6), st.lists(TEXTS, max_size=3))
def test_any_hero_descriptions_are_a_position_or_one_line(heroes, coin, rnd, turn, tokens):
    accepted_or_one_line({"heroes": heroes, "coin": coin, "round": rnd, "turn": turn, "tokens": tokens})


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXTS, max_size=6), st.sampled_from(["causeway", "red_shore", "blue_throne", "", None, 7]),
       st.sampled_from([None, 0, 1, 3, 14, 15, "2", True]))
def test_any_lane_keys_are_a_position_or_one_line(minions, zone, waves):
    lane = {"minions": minions, "battle_zone": zone, "waves": waves}
    accepted_or_one_line({**GOOD, **{k: v for k, v in lane.items() if v is not None}})


def test_a_position_sets_minions_the_battle_zone_and_the_waves():
    session = start({**GOOD, "minions": ["red melee@9,7", "blue heavy@17,4"], "battle_zone": "blue_shore",
                     "waves": 2})
    game = session.state
    assert game.minions == [{"id": 0, "team": "red", "type": "melee", "space": [9, 7]},
                            {"id": 1, "team": "blue", "type": "heavy", "space": [17, 4]}]
    assert (game.battle_zone, game.waves) == ("blue_shore", 2) and (9, 7) in game.obstacles()
    plain = start(GOOD).state
    assert (plain.minions, plain.battle_zone, plain.waves) == ([], "causeway", 3)   # none unless listed; F-S2
    view = session.view(0)
    assert (view["minions"], view["battle_zone"], view["waves"]) == (game.minions, "blue_shore", 2)


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
    began = time.perf_counter()
    with pytest.raises(BadSetup):
        RULESET.check_setup({"position": huge}, OPTIONS)
    assert time.perf_counter() - began < 1.0
