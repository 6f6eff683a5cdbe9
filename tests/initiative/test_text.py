"""Rule tests for card text (S1-R15, F-A3, F-A4, F-A6, F-A7, F-A8, F-D5), every effect step that needs a
choice, tokens (P1-6, A1-7), active effects due later (P1-5), ultimates, and the text machine's resumability."""

import copy
import json

from engine.rulesets.initiative import hexes, stats
from engine.rulesets.initiative.ruleset import Initiative
from helpers import (CENTRE, EAST, add_cards, answer, attack, give, idle, legal, make_card, of, place, play, start,
                     step, to_act)

E, NE, NW, W, SW, SE = hexes.DIRECTIONS
RULESET = Initiative()


def spaces(actions):
    return {tuple(a[1]) for a in actions if a[0] == "space"}


def token(space, hero=1, kind="rubble"):
    return {"space": list(space), "token": kind, "hero": hero}


# --- the rule ids -----------------------------------------------------------------------------------

def test_S1_R15_one_primary_and_its_secondaries_the_text_only_with_the_primary():
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_red1", "brannoc_gold", "isra_gold"], 1)   # Gull Shot: attack 3, def 1, move 2
    actions = legal(session)
    assert ["attack"] in actions and ["move", "primary"] not in actions and ["skill"] not in actions
    assert {a[2] for a in actions if a[0] == "move"} == {"secondary"}          # the movement secondary, no text
    there = hexes.add(CENTRE, E, 5)
    events = answer(session, ["move", list(there), "secondary"])
    assert of(events, "F-A1")[0]["action"] == "secondary" and not of(events, "S1-R16")
    assert session.state.heroes[1].position == there and of(events, "S1-R21")   # resolved at once: no text prompt


def test_F_A3_a_skill_applies_its_text():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_green1", "brannoc_gold", "isra_gold"], 1)   # Brine Dart: poison radius 2
    events = answer(session, ["skill"])
    assert of(events, "F-A3")[0]["card"] == "isra_green1"
    assert [(e["hero"], e["marker"]) for e in of(events, "S1-R16")] == [(0, "poison")]
    assert session.state.heroes[0].markers == ["poison"] and of(events, "S1-R21")


def test_F_A4_hold_does_nothing():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_silver"], 0)
    before = RULESET.to_data(session.state)["heroes"]
    events = answer(session, ["hold"])
    assert [e["kind"] for e in events][:3] == ["action", "hold", "resolved"] and of(events, "F-A4")[0]["hero"] == 0
    assert of(events, "S1-R17")[0]["action"] == "hold"          # Hold: a secondary without an icon
    after = RULESET.to_data(session.state)["heroes"]
    assert after[0]["position"] == before[0]["position"] and after[1] == before[1]
    assert session.state.heroes[0].dashboard[0] == "brannoc_gold"


def test_F_A6_clear_replaces_an_attack_and_removes_chosen_tokens_next_to_the_hero():
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 4), h2=None, h3=None)
    near, other, far = hexes.add(CENTRE, SE), hexes.add(CENTRE, W), hexes.add(CENTRE, W, 2)
    session.state.tokens = [token(near), token(other), token(far)]
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_silver"], 0)
    clears = [a for a in legal(session) if a[0] == "clear"]
    assert sorted(map(str, clears)) == sorted(map(str, [["clear", [list(other)]], ["clear", [list(near)]],
                                                        ["clear", sorted([list(other), list(near)])]]))
    assert ["attack"] not in legal(session)                   # no enemy in reach: Clear is still offered
    events = answer(session, ["clear", [list(near)]])
    assert of(events, "F-A6")[0]["spaces"] == [list(near)]
    assert [tuple(t["space"]) for t in session.state.tokens] == [other, far]
    session = start()                                         # a skill card has no attack action to replace
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 4), h2=None, h3=None)
    session.state.tokens = [token(near)]
    to_act(session, ["brannoc_green1", "isra_gold", "brannoc_gold", "isra_silver"], 0)
    assert not [a for a in legal(session) if a[0] == "clear"]


def test_F_A7_an_optional_step_offers_skip():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_red1", "isra_gold", "brannoc_gold", "isra_gold"], 0)     # Shoulder Charge
    answer(session, ["attack"])
    decision = session.decision
    assert decision.kind == "choose_target" and decision.prompt["moment"] == "before_attack"
    assert ["skip"] in decision.legal[0] and decision.prompt["step"]["do"] == "move"
    events = answer(session, ["skip"])
    assert of(events, "F-A7")[0] == {"kind": "skip", "rule": "F-A7", "hero": 0, "card": "brannoc_red1",
                                     "step": "move", "why": "chosen"}
    assert session.state.heroes[0].position == CENTRE and session.decision.prompt["step"]["do"] == "_target"


def test_F_A7_mandatory_step_that_cannot_be_done_stops_the_action():
    shove = make_card("t_shove", "brannoc_green2b", [
        {"do": "push", "distance": 1},
        {"do": "modify", "stat": "defense", "amount": 1, "duration": "this_turn", "who": "self"}])
    session = start()
    add_cards(session, shove)
    give(session, 0, "t_shove")
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 2), h2=None, h3=None)      # no adjacent enemy to push
    to_act(session, ["t_shove", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    events = answer(session, ["skill"])
    stops = of(events, "F-A7")
    assert stops[0]["kind"] == "text_stops" and stops[0]["step"] == "push"
    assert session.state.heroes[0].effects == [] and of(events, "S1-R21")          # the later step never ran
    session = start()                                         # with an adjacent enemy both steps are done
    add_cards(session, shove)
    give(session, 0, "t_shove")
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["t_shove", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    assert legal(session) == [["hero", 1]] and session.decision.prompt["ask"] == "target"
    events = answer(session, ["hero", 1])
    assert session.state.heroes[1].position == hexes.add(CENTRE, E, 2) and len(session.state.heroes[0].effects) == 1
    assert of(events, "P1-7") and not of(events, "F-A7")


def test_F_A7_an_optional_step_that_cannot_be_done_is_skipped():
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    give(session, 1, "isra_red2b")                            # Reel In: after the attack you may move the target
    to_act(session, ["brannoc_gold", "isra_red2b", "brannoc_gold", "isra_gold"], 1)
    attack(session, 0)
    events = answer(session, ["no_defense"])
    assert of(events, "F-K1") and of(events, "F-A7")[0]["why"] == "cannot" and of(events, "F-A7")[0]["step"] == "move"
    assert of(events, "S1-R21")


def test_F_A8_repeat_performs_the_whole_action_again_once_and_a_repeat_is_not_repeated():
    session = start()
    give(session, 1, "isra_red3b")                            # Twin Barbs: attack 5 range 4; you may repeat once
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_red3b", "brannoc_gold", "isra_gold"], 1)
    attack(session, 0)
    events = answer(session, ["defend", "brannoc_silver"])    # 5 ≥ 5: defended
    assert of(events, "F-D2")[0]["defended"] is True
    assert session.decision.prompt["step"]["do"] == "_repeat" and legal(session) == [["repeat"], ["skip"]]
    assert not [a for a in legal(session) if a[0] in ("clear", "fast_travel")]     # never replaced by them
    events = answer(session, ["repeat"])
    assert of(events, "F-A8")[0] == {"kind": "repeat", "rule": "F-A8", "hero": 1, "card": "isra_red3b", "instance": 1}
    assert legal(session) == [["hero", 0]]                   # the whole action again: a new target pick
    answer(session, ["hero", 0])
    events = answer(session, ["no_defense"])
    assert [e["kind"] for e in of(events, "F-A8")] == ["not_repeated"]
    assert session.state.heroes[0].position is None and of(events, "S1-R21")
    assert session.decision is None or session.decision.kind != "choose_target"


def test_F_A8_modal_bullets_choose_one_and_only_the_allowed_ones():
    session = start()
    give(session, 0, "brannoc_green3a")                       # Sea Wall Chant: friends +1 Defense | enemies poison
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=hexes.add(CENTRE, W, 2), h3=None)
    to_act(session, ["brannoc_green3a", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    assert legal(session) == [["bullet", 0], ["bullet", 1]]
    events = answer(session, ["bullet", 1])
    assert of(events, "F-A8")[0]["bullet"] == 1
    assert session.state.heroes[1].markers == ["poison"] and session.state.heroes[2].effects == []
    session = start()                                         # Squall: the push bullet needs an adjacent enemy
    give(session, 1, "isra_green3a")
    place(session, h0=hexes.add(CENTRE, W, 2), h1=CENTRE, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_green3a", "brannoc_gold", "isra_gold"], 1)
    answer(session, ["skill"])
    assert legal(session) == [["bullet", 0]]


def test_F_A8_one_instance_of_an_active_effect_per_card():
    card = make_card("t_focus", "brannoc_green1", [
        {"do": "modify", "stat": "attack", "amount": 1, "duration": "this_turn", "who": "self"},
        {"do": "repeat", "times": 1}])
    session = start()
    add_cards(session, card)
    give(session, 0, "t_focus")
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    to_act(session, ["t_focus", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    assert legal(session) == [["repeat"]]                     # a mandatory repeat: no skip
    events = answer(session, ["repeat"])
    assert [e["kind"] for e in of(events, "F-A8")] == ["repeat", "not_repeated"]
    assert [e["card"] for e in session.state.heroes[0].effects] == ["t_focus"]
    assert stats.effect_bonus(session.state, session.state.heroes[0], "attack") == 1


def test_F_D5_a_defense_skill_card_applies_its_text_played_or_discarded():
    session = start()
    give(session, 1, "isra_blue2b")                           # Slip Away: defense/skill 4; you may move 1 space
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_blue2b", "brannoc_gold", "isra_gold"], 1)
    events = answer(session, ["skill"])
    assert of(events, "F-D5")[0]["card"] == "isra_blue2b" and session.decision.prompt["step"]["do"] == "move"
    there = hexes.add(CENTRE, E, 4)
    events = answer(session, ["space", list(there)])
    assert of(events, "F-A1")[0]["to"] == list(there) and session.state.heroes[1].position == there
    session = start()
    give(session, 1, "isra_blue2b")
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    attack(session, 1)
    answer(session, ["defend", "isra_blue2b"])
    decision = session.decision                                # the defender's seat chooses its text's move
    assert decision.kind == "choose_target" and decision.players == (1,) and decision.prompt["action"] == "defend"
    away = hexes.add(CENTRE, E, 2)
    events = answer(session, ["space", list(away)])
    assert of(events, "F-A1")[0]["hero"] == 1
    assert of(events, "F-D2")[0]["defense"] == 4 and of(events, "F-D2")[0]["defended"] is True
    assert session.state.heroes[1].position == away and "isra_blue2b" in session.state.heroes[1].discard


# --- each step kind ------------------------------------------------------------------------------

def test_move_text_step_moves_self_up_to_its_distance_never_fast_travel():
    session = start()
    give(session, 1, "isra_green2a")                          # Salt Spray: poison radius 2, then you may move 1
    place(session, h0=hexes.add(CENTRE, W, 2), h1=CENTRE, h2=None, h3=None)
    session.state.tokens = [token(hexes.add(CENTRE, E))]
    to_act(session, ["brannoc_gold", "isra_green2a", "brannoc_gold", "isra_gold"], 1)
    events = answer(session, ["skill"])
    assert session.state.heroes[0].markers == ["poison"] and of(events, "S1-R16")
    options = legal(session)
    assert spaces(options) == {CENTRE} | {h for h in hexes.neighbours(CENTRE) if h != hexes.add(CENTRE, E)}
    assert ["skip"] in options and not [a for a in options if a[0] == "fast_travel"]
    events = answer(session, ["space", list(hexes.add(CENTRE, NE))])
    assert of(events, "F-A1")[0]["text"] is True and session.state.heroes[1].position == hexes.add(CENTRE, NE)


def test_move_text_step_moves_the_target():
    session = start()
    give(session, 1, "isra_red2b")                            # Reel In: after the attack you may move the target 1
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_red2b", "brannoc_gold", "isra_gold"], 1)
    attack(session, 0)
    answer(session, ["defend", "brannoc_silver"])             # 5 ≥ 4: defended, still on the board
    assert session.decision.prompt["moment"] == "after_attack" and spaces(legal(session)) == \
        {CENTRE, *hexes.neighbours(CENTRE)}
    events = answer(session, ["space", list(hexes.add(CENTRE, E))])
    assert of(events, "F-A1")[0]["hero"] == 0 and session.state.heroes[0].position == hexes.add(CENTRE, E)


def test_place_puts_the_hero_in_an_empty_space_in_range_then_the_movement_follows():
    session = start()
    give(session, 1, "isra_blue2a")                           # Gull's Flight: you may first place yourself within 2
    wall = [hexes.add(CENTRE, d) for d in hexes.DIRECTIONS]
    place(session, h0=None, h1=CENTRE, h2=None, h3=None)
    session.state.tokens = [token(h, hero=0) for h in wall]   # walled in: movement is stuck, placing is not
    to_act(session, ["brannoc_gold", "isra_blue2a", "brannoc_gold", "isra_gold"], 1)
    answer(session, ["move", "primary"])
    options = spaces(legal(session))
    assert options and all(hexes.distance(CENTRE, h) == 2 for h in options) and ["skip"] in legal(session)
    target = hexes.add(CENTRE, E, 2)
    events = answer(session, ["space", list(target)])
    assert of(events, "S1-R16")[0]["kind"] == "place" and session.state.heroes[1].position == target
    assert session.decision.prompt["step"]["do"] == "_move" and all(
        hexes.distance(target, h) <= 4 for h in spaces(legal(session)))
    events = answer(session, ["space", list(hexes.add(target, E, 4))])
    assert of(events, "F-A1")[0]["action"] == "primary" and of(events, "S1-R21")


def test_swap_with_the_target_and_with_a_friendly_hero_in_radius():
    session = start()
    give(session, 0, "brannoc_green2b")                       # Drag Under: swap with an adjacent enemy hero
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_green2b", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    assert legal(session) == [["hero", 1]]
    events = answer(session, ["hero", 1])
    assert of(events, "S1-R16")[0]["kind"] == "swap"
    assert session.state.heroes[0].position == EAST and session.state.heroes[1].position == CENTRE
    card = make_card("t_switch", "brannoc_green1", [{"do": "swap", "with": "friendly_in_radius", "radius": 2}])
    session = start()
    add_cards(session, card)
    give(session, 0, "t_switch")
    friend = hexes.add(CENTRE, W, 2)
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 2), h2=friend, h3=None)
    to_act(session, ["t_switch", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    assert legal(session) == [["hero", 2]]
    answer(session, ["hero", 2])
    assert session.state.heroes[0].position == friend and session.state.heroes[2].position == CENTRE


def test_token_step_places_an_obstacle_from_the_supply_and_P1_6_reuses_one_when_it_is_empty():
    card = make_card("t_rubble", "brannoc_green1", [{"do": "token", "token": "rubble", "range": 2}])
    session = start(token_supply=1)
    add_cards(session, card)
    give(session, 0, "t_rubble")
    old = hexes.add(CENTRE, W, 3)
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    session.state.tokens = [token(old, hero=0)]
    to_act(session, ["t_rubble", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    assert session.decision.prompt["ask"] == "take" and legal(session) == [["token", list(old)]]
    events = answer(session, ["token", list(old)])
    assert of(events, "P1-6")[0]["space"] == list(old) and session.state.tokens == []
    assert all(hexes.distance(CENTRE, h) <= 2 for h in spaces(legal(session))) and CENTRE not in spaces(legal(session))
    there = hexes.add(CENTRE, E)
    events = answer(session, ["space", list(there)])
    assert of(events, "S1-R16")[0]["kind"] == "token" and session.state.tokens == [token(there, hero=0)]
    assert there in session.state.obstacles()


def test_tokens_are_obstacles_for_movement_and_fast_travel():
    session = start()
    place(session, h0=CENTRE, h1=None, h2=None, h3=None)
    blocked = [hexes.add(CENTRE, d) for d in (E, NE, SE)]
    session.state.tokens = [token(h) for h in blocked]
    to_act(session, ["brannoc_silver", "isra_gold", "brannoc_gold", "isra_gold"], 0)     # movement 2 (secondary)
    moves = {tuple(a[1]) for a in legal(session) if a[0] == "move"}
    travel = {tuple(a[1]) for a in legal(session) if a[0] == "fast_travel"}
    assert not set(blocked) & (moves | travel)
    assert hexes.add(CENTRE, E, 2) not in moves                # behind the tokens: 3+ steps around them


def test_before_attack_move_comes_before_the_target_is_picked():
    session = start()
    enemy = hexes.add(CENTRE, E, 2)
    place(session, h0=CENTRE, h1=enemy, h2=None, h3=None)
    to_act(session, ["brannoc_red1", "isra_gold", "brannoc_gold", "isra_gold"], 0)     # nobody adjacent yet
    assert ["attack"] in legal(session)
    answer(session, ["attack"])
    assert session.decision.prompt["step"]["do"] == "move"
    events = answer(session, ["space", list(EAST)])           # the charge: next to the enemy
    assert of(events, "F-A1")[0]["to"] == list(EAST) and legal(session) == [["hero", 1]]
    events = answer(session, ["hero", 1])
    assert of(events, "F-A5")[0]["target"] == 1 and session.decision.kind == "defend"
    session = start()                                         # no move: no enemy in reach, the attack fails
    place(session, h0=CENTRE, h1=enemy, h2=None, h3=None)
    to_act(session, ["brannoc_red1", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["attack"])
    events = answer(session, ["skip"])
    assert of(events, "F-D2")[0]["kind"] == "attack_fails" and of(events, "S1-R21")


def test_A1_7_a_token_on_a_spawn_point_not_empty_by_default_remove_token_as_an_option():
    for option in ("not_empty", "remove_token"):
        session = start(spawn_token=option)
        spawns = session.state.board.hero_spawns["red"]
        place(session, h0=None, h1=CENTRE, h2=hexes.add(CENTRE, W, 3), h3=None)
        session.state.tokens = [token(h) for h in spawns]
        play(session, "brannoc_gold", "isra_gold", "brannoc_gold", "isra_silver")
        while not (session.decision is not None and session.decision.kind == "respawn"
                   and session.decision.prompt["hero"] == 0):
            step(session) if session.decision is None else idle(session)
        options = {tuple(a[1]) for a in legal(session) if a[0] == "respawn"}
        if option == "not_empty":
            assert not options & set(spawns) and options       # S1-R19: next to a spawn point
            events = answer(session, ["respawn", list(sorted(options)[0])])
            assert of(events, "S1-R19") and len(session.state.tokens) == 3
        else:
            assert options == set(spawns)
            events = answer(session, ["respawn", list(spawns[0])])
            assert of(events, "A1-7")[0]["space"] == list(spawns[0]) and of(events, "S1-R18")
            assert [tuple(t["space"]) for t in session.state.tokens] == spawns[1:]


# --- active effects due later (P1-5), ultimates -------------------------------------------------------

def test_P1_5_end_of_turn_and_next_turn_after_playing_cards_effects_run_once_at_that_moment():
    card = make_card("t_later", "brannoc_green1", [
        {"do": "coins", "amount": 1, "when": "end_of_turn"},
        {"do": "move", "up_to": 1, "optional": True, "when": "end_of_turn"},
        {"do": "modify", "stat": "attack", "amount": 2, "duration": "this_turn", "who": "self",
         "when": "next_turn_after_cards"}])
    session = start()
    add_cards(session, card)
    give(session, 0, "t_later")
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 3), h2=None, h3=None)
    to_act(session, ["t_later", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    events = answer(session, ["skill"])
    hero = session.state.heroes[0]
    assert [e["at"] for e in of(events, "P1-5")] == ["end_of_turn", "next_turn_after_cards"] and hero.coins == 0
    while not (session.decision is not None and session.decision.kind == "choose_target"):
        step(session) if session.decision is None else idle(session)
    assert hero.coins == 1 and session.decision.prompt["moment"] == "end_of_turn" and session.state.unresolved == []
    events = answer(session, ["space", list(hexes.add(CENTRE, W))])
    assert hero.position == hexes.add(CENTRE, W) and session.state.scheduled[0]["at"] == "next_turn_after_cards"
    events = step(session)
    assert of(events, "S1-R22") and hero.effects == []
    play(session, "brannoc_gold", "isra_silver", "brannoc_silver", "isra_silver")
    events = step(session)
    assert of(events, "P1-5")[0]["at"] == "next_turn_after_cards" and session.state.turn == 2
    assert stats.effect_bonus(session.state, hero, "attack") == 2 and session.state.scheduled == []


def test_ultimates_apply_while_their_hero_is_on_the_board():
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 4), h2=hexes.add(CENTRE, W), h3=None)
    state = session.state
    state.heroes[1].ultimate, state.heroes[0].ultimate = "isra_ultimate", "brannoc_ultimate"
    gold = state.content.cards["isra_gold"]
    assert stats.attack_range(state, state.heroes[1], gold) == 4                   # range 3 + 1
    silver = state.content.cards["brannoc_silver"]
    assert stats.defense_total(state, state.heroes[2], silver) == 6                # adjacent friend: +1
    assert stats.defense_total(state, state.heroes[0], silver) == 5                # "friendly" is never itself
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_gold"], 1)
    attack(session, 0)                                        # within range 4 only thanks to the ultimate
    events = answer(session, ["no_defense"])
    assert of(events, "F-K1")[0]["hero"] == 0
    assert stats.defense_total(state, state.heroes[2], silver) == 5                # off the board: no longer
    state.heroes[1].ultimate = None
    assert stats.attack_range(state, state.heroes[1], gold) == 3


# --- resumability ---------------------------------------------------------------------------------

def test_a_game_copied_or_serialised_mid_text_continues_the_same():
    session = start()
    give(session, 1, "isra_blue2a")
    place(session, h0=None, h1=CENTRE, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_blue2a", "brannoc_gold", "isra_gold"], 1)
    answer(session, ["move", "primary"])
    game = session.state
    assert game.pending["kind"] == "text" and game.pending["steps"][0]["do"] == "place"
    json.dumps(RULESET.to_data(game))
    for seat in (None, 0, 1):
        json.dumps(RULESET.view(game, seat))
    copied = copy.deepcopy(game)
    thawed = copy.deepcopy(game)
    thawed.pending = json.loads(json.dumps(game.pending))      # the prompt as plain data
    thawed.tokens, thawed.scheduled = json.loads(json.dumps(game.tokens)), json.loads(json.dumps(game.scheduled))
    for answers in ([["space", list(hexes.add(CENTRE, E, 2))]], [["space", list(hexes.add(CENTRE, E, 5))]]):
        for state in (game, copied, thawed):
            RULESET.apply(state, {1: answers[0]})
    assert RULESET.to_data(copied) == RULESET.to_data(game) == RULESET.to_data(thawed)
    assert game.heroes[1].position == hexes.add(CENTRE, E, 5) and game.pending is None


# --- random play through every prompt -----------------------------------------------------------------

def test_random_games_with_every_card_in_hand_go_through_every_prompt():
    """Whole hands (tiers I–III), test cards for tokens and later moments, ultimates: random answers, preferring
    anything over Fast Travel, reach every text prompt; every decision has legal answers, views stay JSON-able and
    every cited rule is catalogued."""
    from engine.core import Rng
    extra = [make_card("t_rubble", "brannoc_green1", [{"do": "token", "token": "rubble", "range": 2, "optional": True}]),
             make_card("t_later", "isra_green1", [{"do": "move", "up_to": 1, "optional": True, "when": "end_of_turn"},
                                                  {"do": "coins", "amount": 1, "when": "next_turn_after_cards"}]),
             make_card("t_switch", "brannoc_green2b", [{"do": "swap", "with": "friendly_in_radius", "radius": 3}])]
    catalogue, seen = RULESET.rule_ids(), set()
    for seed in range(16):
        session = start(round_limit=4, token_supply=1)
        add_cards(session, *extra)
        rng = Rng(seed)
        for hero in session.state.heroes:
            give(session, hero.index, *[c for c in list(hero.deck) if not c.endswith("ultimate")])
            give(session, hero.index, "t_rubble" if hero.team == "red" else "t_later", "t_switch")
            hero.ultimate = f"{hero.hero}_ultimate"
            hero.position = hexes.add(CENTRE, E if hero.team == "blue" else W, 1 + hero.index // 2)
        while session.outcome is None:
            decision = session.decision
            if decision is None:
                events = session.advance()
            else:
                for seat in decision.players[:decision.needed]:
                    options = decision.legal[seat]
                    assert options, (decision.kind, decision.prompt)
                    if decision.kind == "choose_target":
                        seen.add((decision.prompt["ask"], decision.prompt["step"]["do"]))
                    kinds = sorted({a[0] for a in options} - {"fast_travel"}) or ["fast_travel"]
                    kind = kinds[rng.below(len(kinds))]
                    chosen = [a for a in options if a[0] == kind]
                    events = session.submit(seat, chosen[rng.below(len(chosen))])
            for event in events:
                assert event.rule in catalogue, event.to_data()
            json.dumps(session.view(0)), json.dumps(RULESET.to_data(session.state))
    wanted = {("step", d) for d in ("_target", "_move", "_repeat", "move", "place", "swap", "token", "choose")}
    assert wanted <= seen, sorted(wanted - seen)
    assert ("target", "swap") in seen or ("target", "push") in seen


def test_a_radius_effect_widens_the_radius_of_the_heros_later_in_radius_text():
    """S1-R16: 'modify radius' is an active effect the hero's own *_in_radius steps read (stats.radius)."""
    widen = make_card("t_widen", "brannoc_green1", [
        {"do": "modify", "stat": "radius", "amount": 1, "duration": "this_round", "who": "self"}])
    rally = make_card("t_rally", "brannoc_green1", [
        {"do": "modify", "stat": "defense", "amount": 1, "duration": "this_turn", "who": "friendly_in_radius",
         "radius": 1}])
    session = start()
    add_cards(session, widen, rally)
    give(session, 0, "t_widen", "t_rally")
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 5), h2=hexes.add(CENTRE, W, 2), h3=None)
    to_act(session, ["t_widen", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    assert stats.radius(session.state, session.state.heroes[0], rally, 1) == 2
    while session.decision is None or session.decision.kind != "choose_card":
        step(session) if session.decision is None else idle(session)
    to_act(session, ["t_rally", "isra_silver", "brannoc_silver", "isra_silver"], 0)
    events = answer(session, ["skill"])
    # the friend two spaces away is reached only because the radius grew from 1 to 2
    assert [(e["hero"], e["stat"]) for e in of(events, "S1-R16")] == [(2, "defense")]


def test_a_bullet_keeps_its_own_moment_and_otherwise_takes_its_choose_steps():
    """F-A8: the chosen bullet's steps run at their own moment when they name one (else the choose step's)."""
    later = make_card("t_later", "brannoc_green1", [
        {"do": "choose", "options": [
            [{"do": "modify", "stat": "attack", "amount": 2, "duration": "this_turn", "who": "self",
              "when": "end_of_turn"}],
            [{"do": "modify", "stat": "attack", "amount": 1, "duration": "this_turn", "who": "self"}]]}])
    session = start()
    add_cards(session, later)
    give(session, 0, "t_later")
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, E, 5), h2=None, h3=None)
    to_act(session, ["t_later", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["skill"])
    events = answer(session, ["bullet", 0])
    assert not of(events, "S1-R16")                      # not now: at the end of the turn
    assert [e["at"] for e in session.state.scheduled] == ["end_of_turn"]
