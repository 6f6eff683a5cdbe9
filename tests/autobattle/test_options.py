"""Option tests for `autobattle`: for each option, a position where the default and the alternative differ."""

import tomllib

import pytest

from engine.core import Session
from engine.rulesets.autobattle.options import OPTIONS
from engine.rulesets.autobattle.turn import attack_step, check_end, enter_battle, play_turn
from position import CARDS_FILE, cells, events, one, out, position, reserve, result, stats, unit

CONTENT_DATA = tomllib.loads(CARDS_FILE.read_text("utf-8"))


def start(decks, **opts) -> Session:
    """A session on the test card set."""
    return Session.start("autobattle", seed=2, options=opts, setup={"decks": decks, "content": CONTENT_DATA})


def leadership(b) -> list[int]:
    """Both Ungars' Leadership."""
    return [side.leadership for side in b.sides]


def test_every_option_has_a_test_here():
    """Each declared option is named by a test in this file."""
    names = " ".join(name for name in globals() if name.startswith("test_"))
    assert [o.key for o in OPTIONS if f"test_{o.key}_" not in names] == []


def test_leadership_G4_1_heroes_sum_or_fixed_number():
    """G4-1: by default Leadership is the sum of the deck's heroes' values; a number overrides it."""
    default = start([["t_legion", "t_horde"], ["t_circle"]])
    assert leadership(default.state) == [12 + 9, 7]
    assert [e.data["leadership"] for e in default.events if e.kind == "deck"] == [21, 7]
    fixed = start([["t_legion", "t_horde"], ["t_circle"]], leadership=20)
    assert leadership(fixed.state) == [20, 20]


def test_cells_G4_2_line_length():
    """G4-2: 7 cells by default (a 4th unit enters cell 3); with cells=3 it waits."""
    line = "cells=grunt,grunt,grunt reserve=brute:0"
    b = position(a=line)
    enter_battle(b, b.sides[0])
    assert (cells(b, 0), reserve(b, 0)) == (["grunt"] * 3 + ["brute", None, None, None], [])
    b = position(a=line, options={"cells": 3})
    enter_battle(b, b.sides[0])
    assert (cells(b, 0), reserve(b, 0), one(b, "wait").rule) == (["grunt"] * 3, [("brute", 0)], "S4-R12")


def test_cells_G4_2_cell_i_faces_cell_i():
    """G4-2: with 3 cells the unit in cell 2 strikes enemy cell 2."""
    b = position(a="cells=.,.,brute", b="cells=wall,wall,wall", options={"cells": 3})
    attack_step(b, b.sides[0])
    assert [unit(b, 1, i).life for i in range(3)] == [9, 9, 4]


def test_hero_in_deck_G4_4():
    """G4-4: the hero is one of the squad's 8 deck cards; with hero_in_deck=false the deck has 7."""
    default = start([["t_legion"], ["t_horde"]])
    ids = [c.defn.id for c in default.state.sides[0].deck]
    assert (len(ids), ids.count("captain")) == (8, 1)
    without = start([["t_legion"], ["t_horde"]], hero_in_deck=False)
    ids = [c.defn.id for c in without.state.sides[0].deck]
    assert (len(ids), "captain" in ids, leadership(without.state)) == (7, False, [12, 9])


def test_bonus_removal_G4_5_cap_or_subtract():
    """G4-5: when the grove (+2 Life) leaves, 'cap' trims Life to the new maximum, 'subtract' takes 2."""
    for life, capped, subtracted in ((4, 3, 2), (3, 3, 1)):
        outcome = {}
        for mode in ("cap", "subtract"):
            b = position(a=f"cells=grunt:life={life} terrain=grove reserve=fog:0", options={"bonus_removal": mode})
            assert stats(unit(b, 0, 0)) == (2, life, 5)
            enter_battle(b, b.sides[0])
            outcome[mode] = stats(unit(b, 0, 0))
        assert outcome == {"cap": (2, capped, 3), "subtract": (2, subtracted, 3)}


def test_bonus_removal_G4_5_subtract_can_kill():
    """G4-5: a wounded unit survives the grove leaving under 'cap' but dies under 'subtract'."""
    b = position(a="cells=grunt:life=2,wall terrain=grove reserve=fog:0")
    enter_battle(b, b.sides[0])
    assert (stats(unit(b, 0, 0)), events(b, "killed")) == ((2, 2, 3), [])
    b = position(a="cells=grunt:life=2,wall terrain=grove reserve=fog:0", options={"bonus_removal": "subtract"})
    enter_battle(b, b.sides[0])
    assert (cells(b, 0)[:2], out(b, 0)) == ([None, "wall"], ["grove", "grunt"])
    assert one(b, "killed").rule == "S4-R25"


def test_lost_all_cards_G4_6_everything_or_battle_A4_8():
    """G4-6/A4-8: an emptied line with cards still in the deck loses only under 'battle'."""
    line = dict(a="cells=grunt", b="deck=wall fielded=yes")
    for mode in ("anywhere", "everything"):
        b = position(**line, options={"lost_all_cards": mode})
        assert (check_end(b), result(b)) == (False, None)
    b = position(**line, options={"lost_all_cards": "battle"})
    assert (check_end(b), result(b)) == (True, (0, "S4-R28"))


@pytest.mark.parametrize("left", ["reserve=sword:3", "terrain=fog", "reserve=fog:2"])
def test_lost_all_cards_G4_6_anywhere_counts_equipment_and_terrain(left):
    """G4-6: the line is wiped out and only equipment or terrain is left (deck empty). By default
    ('anywhere') that Ungar still has cards, so the battle goes on; under 'everything' (the earlier
    proposal) he has lost all his cards (S4-R28)."""
    line = dict(a="cells=brute", b=f"cells=grunt {left}")
    b = position(**line)
    assert b.opts["lost_all_cards"] == "anywhere"
    play_turn(b)
    assert (out(b, 1), result(b), events(b, "end"), b.active) == (["grunt"], None, [], 1)
    b = position(**line, options={"lost_all_cards": "everything"})
    play_turn(b)
    assert (out(b, 1), result(b), one(b, "end").data["winner"]) == (["grunt"], (0, "S4-R28"), 0)


def test_lost_all_cards_G4_6_both_sides_bare_but_terrain_S4_R29():
    """G4-6: only a terrain on one side, nothing on the other: 'anywhere' → the bare side loses (S4-R28)
    though it has more Leadership; 'everything' → both have lost all cards, more Leadership wins (S4-R29)."""
    sides = dict(a="L=4 terrain=meadow reserve=sword:0", b="L=9 fielded=yes")
    b = position(**sides)
    assert (check_end(b), result(b)) == (True, (0, "S4-R28"))
    b = position(**sides, options={"lost_all_cards": "everything"})
    assert (check_end(b), result(b)) == (True, (1, "S4-R29"))


def test_lost_all_cards_A4_8_battle_needs_a_unit_to_have_entered():
    """A4-8: under 'battle', an Ungar whose units have not yet entered has not lost."""
    b = position(a="cells=grunt", b="deck=wall fielded=no", options={"lost_all_cards": "battle"})
    assert (check_end(b), result(b)) == (False, None)


def test_double_ko_G4_7_higher_leadership_or_draw():
    """G4-7: both at ≤ 0 together (fatigue 2 on turn 31): the higher wins by default, a draw otherwise."""
    line = dict(a="L=2 cells=wall", b="L=1 cells=wall", turn=30)
    b = position(**line)
    play_turn(b)
    assert (leadership(b), result(b)) == ([0, -1], (0, "G4-7"))
    b = position(**line, options={"double_ko": "draw"})
    play_turn(b)
    assert (leadership(b), result(b), b.result.to_data()["draw"]) == ([0, -1], (None, "G4-7"), True)


def test_retaliation_G4_8():
    """G4-8: no strike back by default; with retaliation the surviving brute hits the grunt for 5."""
    b = position(a="cells=grunt", b="cells=brute")
    attack_step(b, b.sides[0])
    assert (stats(unit(b, 0, 0)), unit(b, 1, 0).life, len(events(b, "damage"))) == ((2, 3, 3), 4, 1)
    b = position(a="cells=grunt", b="cells=brute deck=wall", options={"retaliation": True})
    attack_step(b, b.sides[0])
    assert (cells(b, 0)[0], out(b, 0), unit(b, 1, 0).life) == (None, ["grunt"], 4)
    back = events(b, "damage")[-1]
    assert (back.rule, back.data["uid"], back.data["amount"]) == ("G4-8", 0, 5)


def test_drawn_zero_enters_G4_10():
    """G4-10: a 0-crystal card enters the turn it is drawn; with the option off it waits a turn."""
    line = dict(a="cells=wall deck=scout", b="cells=wall")
    b = position(**line)
    play_turn(b)
    assert (cells(b, 0)[:2], reserve(b, 0), leadership(b)) == (["wall", "scout"], [], [20, 19])
    b = position(**line, options={"drawn_zero_enters": False})
    play_turn(b)
    assert (cells(b, 0)[:2], reserve(b, 0), leadership(b)) == (["wall", None], [("scout", 0)], [20, 20])
    play_turn(b)
    play_turn(b)
    assert (cells(b, 0)[:2], reserve(b, 0), leadership(b)) == (["wall", "scout"], [], [20, 19])


def test_fatigue_start_G4_11():
    """G4-11: no fatigue on turn 5 by default; with fatigue_start=5 both lose 1."""
    line = dict(a="cells=wall", b="cells=wall", turn=4)
    b = position(**line)
    play_turn(b)
    assert (leadership(b), events(b, "fatigue")) == ([20, 20], [])
    b = position(**line, options={"fatigue_start": 5})
    play_turn(b)
    assert (leadership(b), [e.data["amount"] for e in events(b, "fatigue")]) == ([19, 19], [1, 1])


def test_fatigue_count_A4_6_player_turns_or_rounds():
    """A4-6: on player-turn 60 the damage is 31 by default, but 1 when rounds are counted (round 30)."""
    line = dict(a="L=100 cells=wall", b="L=100 cells=wall", turn=59)
    b = position(**line)
    play_turn(b)
    assert leadership(b) == [69, 69]
    b = position(**line, options={"fatigue_count": "rounds"})
    play_turn(b)
    assert (leadership(b), one(b, "fatigue_begins").data["turn"]) == ([99, 99], 60)
    play_turn(b)                  # turn 61 ends no round
    assert leadership(b) == [99, 99]
    play_turn(b)                  # turn 62 ends round 31
    assert leadership(b) == [97, 97]


def test_fatigue_targets_A4_6_both_or_active():
    """A4-6: fatigue hits both Ungars by default, only the active one with fatigue_targets=active."""
    line = dict(a="cells=wall", b="cells=wall", turn=29, active=1)
    b = position(**line)
    play_turn(b)
    assert leadership(b) == [19, 19]
    b = position(**line, options={"fatigue_targets": "active"})
    play_turn(b)
    assert (leadership(b), [e.data["seat"] for e in events(b, "fatigue")]) == ([20, 19], [1])


def test_fatigue_timing_G4_11_end_or_start_of_turn():
    """G4-11: at the end of turn 30 the brute wins first; at its start fatigue fells the attacker's Ungar."""
    line = dict(a="L=1 cells=brute", b="L=5 cells=.,wall", turn=29)
    b = position(**line)
    play_turn(b)
    assert (leadership(b), result(b), events(b, "fatigue")) == ([1, 0], (0, "S4-R27"), [])
    b = position(**line, options={"fatigue_timing": "start_of_turn"})
    play_turn(b)
    assert (leadership(b), result(b), events(b, "attack") + events(b, "hit_ungar")) == ([0, 4], (1, "S4-R27"), [])


def test_waiting_entry_A4_3_entry_step_or_immediate():
    """A4-3: a waiting unit takes the freed cell at its next entry step, or at once when 'immediate'."""
    line = dict(a="cells=grunt:life=1,grunt reserve=brute:0", b="cells=brute,.", active=1, options={"cells": 2})
    b = position(**line)
    play_turn(b)
    assert (cells(b, 0), reserve(b, 0)) == ([None, "grunt"], [("brute", 0)])
    b = position(**line | {"options": {"cells": 2, "waiting_entry": "immediate"}})
    play_turn(b)
    assert (cells(b, 0), reserve(b, 0), b.active) == (["brute", "grunt"], [], 0)
    assert (one(b, "enter").data["cell"], one(b, "enter").data["seat"]) == (0, 0)


def test_base_attack_A4_4_current_or_printed():
    """A4-4: the sworded grunt hits the Ungar for its current 4, or its printed 2."""
    line = dict(a="cells=grunt:eq=sword", b="deck=wall")
    b = position(**line)
    attack_step(b, b.sides[0])
    assert (leadership(b)[1], one(b, "hit_ungar").data["amount"]) == (16, 4)
    b = position(**line, options={"base_attack": "printed"})
    attack_step(b, b.sides[0])
    assert (leadership(b)[1], one(b, "hit_ungar").data["amount"]) == (18, 2)


def test_feature_order_A4_5_per_unit_or_features_first():
    """A4-5: per unit the grunt kills the 1-Life enemy; features first the archer does, and the grunt hits the Ungar."""
    line = dict(a="cells=grunt,archer", b="cells=grunt:life=1 deck=wall")
    b = position(**line)
    attack_step(b, b.sides[0])
    assert (leadership(b)[1], one(b, "feature").data["targets"], one(b, "killed").data["card"]) == (19, [], "grunt")
    b = position(**line, options={"feature_order": "features_first"})
    attack_step(b, b.sides[0])
    assert (leadership(b)[1], one(b, "feature").data["targets"]) == (17, [2])
    assert [e.data["amount"] for e in events(b, "hit_ungar")] == [2, 1]
