"""A user's hero and map files (issue 23 §2): `play initiative --cards FILE` plays them, the setup carries the
part it uses so the record replays with no file, carried content is checked as strictly as a file, and the
card format covers handicap cards (G1-8, P1-20), block cards and cards with no Defense value (P1-2)."""

import copy
import json
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core import BadCards, BadSetup, Record, Session, resolve_options
from engine.core.tomlwrite import dump_tables
from engine.rulesets.initiative.board import BUILTIN_MAP
from engine.rulesets.initiative.content import MAX_SETUP_CARDS, MAX_SETUP_HEROES, load_content_file, read
from engine.rulesets.initiative.heroes import BUILTIN_HEROES, HANDICAP
from engine.rulesets.initiative.ruleset import Initiative
from engine.rulesets.initiative import hexes, lane
from tests.initiative.helpers import CENTRE, EAST, answer, attack, place, to_act
from tests.test_cli import assert_user_error, engine

STARTER = tomllib.loads(BUILTIN_HEROES.read_text(encoding="utf-8"))
RULESET = Initiative()
OPTIONS = resolve_options(Initiative.options, {"players": 4, "round_limit": 2})
FERRO = {"en": "Ferro", "ja": "フェロ", "ru": "Ферро"}


def hero_tables(new="ferro", like="brannoc", extra_cards=None) -> dict:
    """A hero file's tables: the starter hero `like`, renamed `new` (its cards too), plus `extra_cards`."""
    cards = {cid.replace(like, new): dict(raw, hero=new) for cid, raw in STARTER["cards"].items() if raw["hero"] == like}
    cards.update(extra_cards or {})
    return {"heroes": {new: dict(STARTER["heroes"][like], name=FERRO)}, "cards": cards}


def map_text() -> str:
    """The map file's text: the starter map under another id."""
    text = BUILTIN_MAP.read_text(encoding="utf-8")
    assert text.count('id = "saltmarsh"') == 1
    return text.replace('id = "saltmarsh"', 'id = "fenmoor"')


def write(tmp_path, tables: dict, name="mine.toml", more=""):
    """A file of these tables (the hero part) followed by the text `more` (a map part)."""
    path = tmp_path / name
    path.write_text((dump_tables(tables) if tables else "") + "\n" + more, encoding="utf-8")
    return path


BASE_CONTENT = {**hero_tables(), **tomllib.loads(map_text())}


def handicap_card(hero="ferro", card_id="ferro_handicap", **changes) -> dict:
    card = {"hero": hero, "name": {"en": "Spite", "ja": "意地", "ru": "Упрямство"}, "colour": "red", "tier": "H",
            "initiative": 11, "primary": "attack", "value": 3, "secondaries": {"movement": 2}}
    return {card_id: {**card, **changes}}


# --- playing a user's file --------------------------------------------------------------------------

@pytest.mark.needs_subprocess
def test_play_cards_plays_a_hero_file_and_its_link_replays_with_no_file(tmp_path):
    path = write(tmp_path, hero_tables())
    record = tmp_path / "game.json"
    played = json.loads(engine("play", "initiative", "--cards", str(path), "--deck", "0=ferro", "--deck", "1=isra",
                               "--option", "round_limit=2", "--seed", "4", "--record", str(record), "--json").stdout)
    data = json.loads(record.read_text())
    assert data["setup"]["heroes"][:2] == ["ferro", "isra"]
    assert sorted(data["setup"]["content"]) == ["cards", "heroes"]           # only what the game uses: Ferro
    assert list(data["setup"]["content"]["heroes"]) == ["ferro"] and len(data["setup"]["content"]["cards"]) == 18
    link = engine("link", "encode", str(record)).stdout.strip()
    path.unlink()
    record.unlink()
    replayed = json.loads(engine("replay", link, "--json").stdout)
    assert replayed["digest"] == played["digest"]


@pytest.mark.needs_subprocess
def test_play_cards_plays_a_file_of_heroes_and_a_map_and_its_link_replays_with_no_file(tmp_path):
    path = write(tmp_path, hero_tables(), more=map_text())
    record = tmp_path / "game.json"
    played = json.loads(engine("play", "initiative", "--cards", str(path), "--option", "players=2",
                               "--option", "round_limit=2", "--seed", "9", "--record", str(record), "--json").stdout)
    data = json.loads(record.read_text())
    assert data["setup"]["heroes"] == ["ferro"] * 4                  # drawn from the file's heroes (G1-8: two each)
    assert data["setup"]["content"]["map"]["id"] == "fenmoor"
    link = engine("link", "encode", str(record)).stdout.strip()
    path.unlink()
    replayed = json.loads(engine("replay", link, "--json").stdout)
    assert replayed["digest"] == played["digest"]


@pytest.mark.needs_subprocess
def test_a_bad_hero_file_is_one_error_line_naming_file_card_and_field(tmp_path):
    tables = hero_tables()
    tables["cards"]["ferro_gold"]["value"] = 12
    path = write(tmp_path, tables)
    assert_user_error(engine("play", "initiative", "--cards", str(path), check_ok=False),
                      "mine.toml: cards.ferro_gold: value: must be a whole number from 0 to 9; got 12")
    result = engine("cards", "validate", "--ruleset", "initiative", str(path), check_ok=False)
    assert "mine.toml: cards.ferro_gold: value: must be a whole number from 0 to 9; got 12" in result.stdout + result.stderr


def test_the_setup_carries_only_the_heroes_it_uses_and_replays_from_its_record(tmp_path):
    tables = hero_tables()
    tables["heroes"].update(hero_tables("vell", "isra")["heroes"])
    tables["cards"].update(hero_tables("vell", "isra")["cards"])
    setup = RULESET.build_setup(OPTIONS, 2, {0: ["ferro"], 2: ["ferro"]}, write(tmp_path, tables))
    assert setup["heroes"][0] == setup["heroes"][2] == "ferro"
    carried = setup["content"]
    assert set(carried["heroes"]) <= {"ferro", "vell"} and "ferro" in carried["heroes"]
    assert all(raw["hero"] in carried["heroes"] for raw in carried["cards"].values())
    session = Session.start("initiative", seed=2, options=OPTIONS, setup=setup)
    assert session.state.heroes[0].hero == "ferro"
    assert sorted(session.state.heroes[0].hand) == ["ferro_blue1", "ferro_gold", "ferro_green1", "ferro_red1",
                                                    "ferro_silver"]                       # F-S4
    record = Record.from_data(json.loads(json.dumps(session.record.to_data())))
    assert Session.replay(record).digest() == session.digest()


def test_a_map_file_is_the_games_map_and_travels_in_the_setup(tmp_path):
    setup = RULESET.build_setup(OPTIONS, 1, {}, write(tmp_path, {}, more=map_text()))
    assert set(setup["content"]) == {"map", "zones"} and setup["content"]["map"]["id"] == "fenmoor"
    session = Session.start("initiative", seed=1, options=OPTIONS, setup=setup)
    assert session.state.board.id == "fenmoor" and len(session.state.minions) == 12        # F-S5 on its middle zone
    assert session.view(0)["board"]["id"] == "fenmoor"


def test_a_selection_phase_and_a_position_may_use_carried_heroes():
    drafting = Session.start("initiative", seed=0, options={"players": 2, "hero_selection": "all_pick"},
                             setup={"content": hero_tables()})
    assert ["pick", "ferro"] in drafting.decision.legal[drafting.decision.players[0]]          # P1-8, P1-9
    position = {"turn": 1, "coin": "red", "heroes": ["ferro@off", "isra@off", "brannoc@off", "ferro@off"]}
    placed = Session.start("initiative", seed=0, options={"players": 2},
                           setup={"position": position, "content": hero_tables()})
    assert [h.hero for h in placed.state.heroes] == ["ferro", "isra", "brannoc", "ferro"]


def test_one_file_may_hold_heroes_and_a_map(tmp_path):
    custom = load_content_file(write(tmp_path, hero_tables(), more=map_text()))
    assert set(custom.heroes.heroes) == {"ferro"} and custom.board.id == "fenmoor"
    assert "brannoc" in custom.merged().heroes and "ferro" in custom.merged().heroes      # starter heroes stay


# --- carried content is checked as a file is ----------------------------------------------------------

def test_carried_content_is_checked_as_strictly_as_a_file():
    content = hero_tables()
    content["cards"]["ferro_red1"]["initiative"] = 0
    with pytest.raises(BadSetup) as caught:
        RULESET.check_setup({"heroes": ["ferro"] * 4, "content": content}, OPTIONS)
    assert "\n" not in str(caught.value)
    assert "setup content: cards.ferro_red1: initiative: must be a whole number from 1 to 13; got 0" in str(caught.value)


@pytest.mark.parametrize("content, fragment", [
    ([], "setup 'content' must be an object"),
    (None, "setup 'content' must be an object"),
    ({}, "setup 'content' must be an object"),
    ({"heroes": {}, "spells": {}}, "setup 'content' must be an object"),
    ({"heroes": {f"h{i}": {} for i in range(MAX_SETUP_HEROES + 1)}}, f"at most {MAX_SETUP_HEROES} heroes"),
    ({"cards": {f"c{i}": {} for i in range(MAX_SETUP_CARDS + 1)}}, f"at most {MAX_SETUP_CARDS} cards"),
    ({"map": {}, "zones": {f"z{i}": {} for i in range(1000)}}, "at most 32 zones"),
    ({"map": {"id": "x"}}, "setup content: map: "),
])
def test_carried_content_out_of_bounds_or_damaged_is_one_line(content, fragment):
    with pytest.raises(BadSetup) as caught:
        RULESET.check_setup({"heroes": ["brannoc"] * 4, "content": content}, OPTIONS)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


def test_a_card_id_of_a_starter_hero_is_refused_naming_the_card():
    tables = hero_tables()
    tables["cards"]["isra_gold"] = tables["cards"].pop("ferro_gold")
    with pytest.raises(BadCards) as caught:
        read(tables, "mine.toml")
    assert caught.value.problems == ["mine.toml: cards.isra_gold: -: this id is already a card of the starter hero "
                                     "'isra'; choose another"]


def test_a_map_played_may_not_take_a_starter_maps_id(tmp_path):
    """The site draws a map by its id: a user's map under a starter map's id would be drawn wrong. A copy of
    the starter map file is still valid map data for `cards validate`."""
    path = write(tmp_path, {}, more=BUILTIN_MAP.read_text(encoding="utf-8"))
    assert load_content_file(path).board.id == "saltmarsh"
    with pytest.raises(BadCards) as caught:
        load_content_file(path, play=True)
    assert caught.value.problems == ["mine.toml: map: id: 'saltmarsh' is a starter map's id (option map); "
                                     "choose another"]
    with pytest.raises(BadSetup) as refused:
        RULESET.check_setup({"heroes": ["brannoc"] * 4, "content": tomllib.loads(BUILTIN_MAP.read_text("utf-8"))},
                            OPTIONS)
    assert "setup content: map: id: 'saltmarsh' is a starter map's id" in str(refused.value)


def test_a_file_with_neither_heroes_nor_a_map_is_refused():
    with pytest.raises(BadCards) as caught:
        read({}, "mine.toml")
    assert caught.value.problems == ["mine.toml: -: -: a hero or map file needs [heroes] and [cards] tables, "
                                     "or [map] and [zones]"]


# --- the card format -------------------------------------------------------------------------------

def test_handicap_cards_are_held_by_the_smaller_teams_heroes_in_an_uneven_game():
    """G1-8, P1-20: three seats, teams left uneven: the blue hero (one against two) holds its handicap card
    from the start; a red hero's stays in its upgrade pool, as every handicap card does in an even game."""
    tables = hero_tables(extra_cards=handicap_card())
    setup = {"heroes": ["ferro", "ferro", "ferro"], "content": tables}
    uneven = Session.start("initiative", seed=0, options={"players": 3, "odd_count": "uneven"}, setup=setup)
    red, blue, red2 = uneven.state.heroes
    assert blue.team == "blue" and "ferro_handicap" in blue.hand and len(blue.hand) == 6
    assert "ferro_handicap" in red.deck and "ferro_handicap" not in red.hand and len(red.hand) == 5
    assert uneven.state.content.cards["ferro_handicap"].tier == HANDICAP
    even = Session.start("initiative", seed=0, options={"players": 4}, setup={**setup, "heroes": ["ferro"] * 4})
    assert all("ferro_handicap" in h.deck and len(h.hand) == 5 for h in even.state.heroes)


@pytest.mark.parametrize("changes, problem", [
    ({"colour": "purple"}, "cards.ferro_handicap: tier: a handicap card cannot be purple"),
    ({"item": "attack"}, "cards.ferro_handicap: item: only tier II and III cards carry an item icon"),
    ({"tier": "X"}, 'cards.ferro_handicap: tier: must be a whole number from 0 to 4, or "H" for a handicap card'),
])
def test_a_bad_handicap_card_is_one_line(changes, problem):
    with pytest.raises(BadCards) as caught:
        read(hero_tables(extra_cards=handicap_card(**changes)), "mine.toml")
    assert any(line.startswith(f"mine.toml: {problem}") for line in caught.value.problems), caught.value.problems


def test_at_most_two_handicap_cards_per_hero():
    extra = {**handicap_card(), **handicap_card(card_id="ferro_h2"), **handicap_card(card_id="ferro_h3")}
    with pytest.raises(BadCards) as caught:
        read(hero_tables(extra_cards=extra), "mine.toml")
    assert caught.value.problems == ["mine.toml: heroes.ferro: cards: at most 2 handicap cards (tier H); has 3"]


def start_with(tables: dict, heroes: list, coin="red", **options) -> Session:
    """A game of these heroes with a user's content carried in its setup; minions off (rule tests place them)."""
    session = Session.start("initiative", seed=0, options={"players": len(heroes), **options},
                            setup={"heroes": heroes, "content": tables})
    session.state.coin = coin
    session.state.minions = []
    return session


def test_a_card_with_no_defense_value_is_never_offered_as_a_defence():
    """P1-2, F-D3: Ferro's gold card shows a Defense value; its silver one, rewritten to show only Movement,
    does not, so the attacked Ferro may discard the gold card or nothing, never the silver one."""
    tables = hero_tables()
    tables["cards"]["ferro_silver"] = {**tables["cards"]["ferro_silver"], "primary": "attack", "value": 3,
                                       "secondaries": {"movement": 2}}
    session = start_with(tables, ["brannoc", "ferro", "brannoc", "ferro"])
    assert session.state.content.cards["ferro_silver"].defense is None
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "ferro_red1", "brannoc_silver", "ferro_gold"], 0)
    assert sorted(session.state.heroes[1].hand) == ["ferro_blue1", "ferro_gold", "ferro_green1", "ferro_silver"]
    events = attack(session, 1)
    decision = session.decision
    assert decision.kind == "defend" and decision.players == (1,)
    assert decision.legal[1] == [["defend", "ferro_blue1"], ["defend", "ferro_gold"], ["defend", "ferro_green1"],
                                 ["no_defense"]]
    assert "ferro_silver" not in decision.prompt["cards"] and "ferro_gold" in decision.prompt["cards"]
    assert [e["kind"] for e in events if e["rule"] == "F-D1"] == ["attack_total"]


def test_a_block_card_may_print_its_exclamation_mark_alone():
    """F-D4: a defense card with a block and no number reads; it shows no Defense value yet may defend."""
    tables = hero_tables()
    shield = tables["cards"]["ferro_blue1"]
    assert shield["block"] == "ranged_attack"
    del shield["value"]
    custom = read(tables, "mine.toml")
    card = custom.heroes.cards["ferro_blue1"]
    assert card.defense is None and card.block == "ranged_attack"


# --- card text on minions (P1-21) --------------------------------------------------------------------

def skill(card_id: str, effect: list, **more) -> dict:
    """Ferro's tier-I card of this id rewritten as a skill with these effect steps."""
    raw = {key: value for key, value in hero_tables()["cards"][card_id].items() if key not in ("value", "block")}
    return {card_id: {**raw, "primary": "skill", "effect": effect, "text": {"en": card_id, "ja": card_id, "ru": card_id},
                      **more}}


MINION_CARDS = {**skill("ferro_red1", [{"do": "remove"}]),                                     # remove an adjacent enemy minion
                **skill("ferro_green1", [{"do": "push", "distance": 1, "unit": "minion"}])}    # push an adjacent enemy minion 1


def minion_game(*minions) -> Session:
    """Ferro (hero 0, red) on CENTRE of the Causeway, the Battle Zone; the others off the board; these minions
    (team, type, space) on the board and no others."""
    tables = hero_tables()
    tables["cards"].update(MINION_CARDS)
    session = start_with(tables, ["ferro", "isra", "brannoc", "isra"])
    game = session.state
    place(session, h0=CENTRE, h1=None, h2=None, h3=None)
    for team, kind, space in minions:
        lane.add(game, team, kind, space, 0)
    assert all(game.board.zone_of[tuple(x["space"])] == game.battle_zones[0] for x in game.minions)
    return session


def skill_with(session, card: str) -> list:
    """Ferro plays `card` (the others their first cards), acts with its skill; the events from the skill on."""
    to_act(session, [card, "isra_gold", "brannoc_gold", "isra_gold"], 0)
    return [e.to_data() for e in session.submit(0, ["skill"])]


def events_until_turn_moves_on(session, events: list) -> list:
    """Answer the text's prompts with their first answer until the card is resolved."""
    while session.decision is not None and session.decision.kind == "choose_target" and session.state.acting == 0:
        decision = session.decision
        events += [e.to_data() for e in session.submit(decision.players[0], decision.legal[decision.players[0]][0])]
    return events


def test_a_card_that_removes_a_minion_pays_no_coins_and_pushes_only_with_the_last_one():
    """F-K5: remove pays no coins (F-K4 is for defeating); spec §4: the team's last minion in its Battle Zone
    removed pushes the lane at once; with another left, no push."""
    two = minion_game(("blue", "melee", EAST), ("blue", "ranged", hexes.add(CENTRE, (0, 1), 3)))
    melee, ranged = (x["id"] for x in two.state.minions)
    events = skill_with(two, "ferro_red1")
    assert two.decision.kind == "choose_target" and two.decision.legal[0] == [["minion", melee]]     # adjacent only
    events += answer(two, ["minion", melee])
    assert [(e["kind"], e["rule"]) for e in events if e["kind"] in ("target", "minion_removed")] == \
        [("target", "P1-21"), ("minion_removed", "F-K5")]
    assert [e for e in events if e["kind"] == "minion_removed"][0]["why"] == "card"
    assert not [e for e in events if e["kind"] in ("coins", "lane_push", "wave")]
    assert two.state.heroes[0].coins == 0 and [x["id"] for x in two.state.minions] == [ranged]

    last = minion_game(("blue", "melee", EAST))
    events = skill_with(last, "ferro_red1") + answer(last, ["minion", last.state.minions[0]["id"]])
    assert not [e for e in events if e["kind"] == "coins"] and last.state.heroes[0].coins == 0
    assert [(e["kind"], e["rule"]) for e in events if e["kind"] in ("wave", "lane_push")] == \
        [("wave", "F-S2"), ("lane_push", "P1-10")]
    push = [e for e in events if e["kind"] == "lane_push"][0]
    assert (push["winner"], push["loser"]) == ("red", "blue") and last.state.waves == [2]


def test_a_heavy_minion_is_immune_to_card_text_while_a_friendly_minion_is_in_its_zone():
    """F-D7: the blue heavy is not offered while the blue melee is in the Battle Zone (the choice cites it);
    once the melee is removed the heavy is no longer immune."""
    session = minion_game(("blue", "melee", EAST), ("blue", "heavy", hexes.add(CENTRE, (0, 1))))
    melee, heavy_id = (x["id"] for x in session.state.minions)
    skill_with(session, "ferro_red1")
    assert session.decision.legal[0] == [["minion", melee]]
    events = answer(session, ["minion", melee])
    assert [(e["kind"], e["rule"], e["minions"]) for e in events if e["kind"] == "immune"] == [("immune", "F-D7", [heavy_id])]
    heavy = session.state.minions[0]
    assert heavy["type"] == "heavy" and not lane.immune(session.state, heavy)
    assert not [e for e in events if e["kind"] == "lane_push"]                  # the heavy is still there


def test_pushing_a_minion_out_of_its_battle_zone_returns_it_and_never_pushes_the_lane():
    """Spec §4: a push never results from moving or pushing a minion; F-L1: it returns at once."""
    game = minion_game().state
    board, zone = game.board, game.battle_zones[0]
    hero_at, minion_at, beyond = next((a, b, hexes.add(b, d)) for a in sorted(board.zones[zone].spaces)
                                      for d in hexes.DIRECTIONS for b in [hexes.add(a, d)]
                                      if board.zone_of.get(b) == zone and hexes.add(b, d) in board.spaces
                                      and board.zone_of[hexes.add(b, d)] != zone and hexes.add(b, d) not in board.terrain
                                      and a not in board.terrain and b not in board.terrain)
    session = minion_game(("blue", "melee", minion_at))
    place(session, h0=hero_at)
    events = skill_with(session, "ferro_green1")
    events += answer(session, ["minion", session.state.minions[0]["id"]])
    events = events_until_turn_moves_on(session, events)
    pushed = [e for e in events if e["kind"] == "minion_pushed"]
    assert [(e["rule"], e["spaces"], e["to"]) for e in pushed] == [("S1-R16", 1, list(beyond))]
    assert [e["rule"] for e in events if e["kind"] == "minion_returns"] == ["F-L1"]
    assert session.state.board.zone_of[tuple(session.state.minions[0]["space"])] == zone
    assert not [e for e in events if e["kind"] in ("lane_push", "wave", "minion_removed")]
    assert session.state.waves == [3]


def test_a_step_on_minions_does_nothing_to_a_hero_and_a_hero_step_never_takes_a_minion():
    """P1-7 stays as it was: a push without `unit` offers adjacent enemy heroes only, never a minion."""
    tables = hero_tables()
    tables["cards"].update(skill("ferro_red1", [{"do": "push", "distance": 1}]))
    session = start_with(tables, ["ferro", "isra", "brannoc", "isra"])
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, (-1, 0)), h2=None, h3=None)
    lane.add(session.state, "blue", "melee", EAST, 0)
    skill_with(session, "ferro_red1")
    assert session.decision.legal[0] == [["hero", 1]]


def test_a_radius_on_a_non_ranged_attack_still_targets_an_adjacent_unit():
    """F-A5: a non-ranged attack targets an adjacent unit even if the card has a Radius."""
    tables = hero_tables()
    tables["cards"]["ferro_gold"]["radius"] = 3
    session = start_with(tables, ["ferro", "isra", "brannoc", "isra"])
    assert session.state.content.cards["ferro_gold"].radius == 3
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=hexes.add(CENTRE, (-1, 0), 2))
    to_act(session, ["ferro_gold", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["attack"])
    assert session.decision.prompt["step"]["do"] == "_target" and session.decision.legal[0] == [["hero", 1]]


@pytest.mark.parametrize("step, problem", [
    ({"do": "marker", "marker": "poison", "who": "target", "unit": "minion"}, "effect[0].unit: must be one of hero, minion, unit"),
    ({"do": "remove", "unit": "hero"}, "effect[0].unit: remove takes only a minion (F-K5)"),
    ({"do": "push", "distance": 1, "side": "any"}, "effect[0].side: must be one of enemy, any"),
    ({"do": "move", "up_to": 1, "unit": "minion"}, "effect[0].unit: must be one of hero, minion, unit"),
    ({"do": "remove", "unit": "bishop"}, "effect[0].unit: must be one of hero, minion, unit"),
])
def test_a_bad_minion_step_is_one_line_naming_card_and_field(step, problem):
    tables = hero_tables()
    tables["cards"].update(skill("ferro_red1", [step]))
    with pytest.raises(BadCards) as caught:
        read(tables, "mine.toml")
    assert any(line.startswith(f"mine.toml: cards.ferro_red1: {problem}") for line in caught.value.problems), \
        caught.value.problems


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10 ** 6, 10 ** 6) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_carried_content_is_one_line_or_a_game(data):
    """Any field of a carried hero, card or map set to any JSON value: a one-line BadSetup, or a valid setup
    that starts a game (never another exception)."""
    content = copy.deepcopy(BASE_CONTENT)
    table = data.draw(st.sampled_from(["heroes", "cards", "map", "zones"]))
    if table == "map":
        entry = content["map"]
    else:
        entry = content[table][data.draw(st.sampled_from(sorted(content[table])))]
    field = data.draw(st.sampled_from(sorted(entry) + ["extra"]))
    entry[field] = data.draw(JSON_VALUES)
    setup = {"heroes": ["ferro"] * 4, "content": content}
    try:
        normal = RULESET.check_setup(setup, OPTIONS)
    except BadSetup as error:
        assert "\n" not in str(error) and str(error)
        return
    Session.start("initiative", seed=0, options=OPTIONS, setup=normal)
