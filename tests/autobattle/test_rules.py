"""Rule tests for `autobattle`: one or more per spec rule S4-R1 … S4-R31 (shared/spec/autobattle.md §6)."""

import tomllib

import pytest

from engine.core import BadSetup, IllegalAction, Session, get_ruleset
from engine.rulesets.autobattle.turn import (attack_step, check_end, countdown, draw, enter_battle,
                                             play_turn)
from position import (CARDS_FILE, CONTENT, cells, deck, events, kinds, one, out, position, reserve,
                      result, stats, unit)

CONTENT_DATA = tomllib.loads(CARDS_FILE.read_text("utf-8"))



def start(decks, seed=1, **opts) -> Session:
    """A session on the test card set with these squads per seat."""
    return Session.start("autobattle", seed=seed, options=opts, setup={"decks": decks, "content": CONTENT_DATA})


def deck_ids(session, seat):
    """A session's deck for a seat, top card first."""
    return [card.defn.id for card in reversed(session.state.sides[seat].deck)]


def squad_cards(*squads):
    """The sorted card ids the squads put into a deck."""
    return sorted(card for squad in squads for card in CONTENT.squads[squad].deck_cards())


def data(event, *keys):
    """Some fields of an event's data, as a tuple."""
    return tuple(event.data[key] for key in keys)


# --- setup ---------------------------------------------------------------------------------------

def test_S4_R1_deck_is_one_two_or_three_squads_of_eight():
    """S4-R1: a deck is the cards of 1, 2 or 3 squads (8 cards each, hero included)."""
    s = start([["t_legion"], ["t_legion", "t_horde", "t_circle"]])
    assert len(s.state.sides[0].deck) == 8 and len(s.state.sides[1].deck) == 24
    assert sorted(deck_ids(s, 0)) == squad_cards("t_legion")
    assert sorted(deck_ids(s, 1)) == squad_cards("t_legion", "t_horde", "t_circle")
    deck_events = [e for e in s.events if e.kind == "deck"]
    assert [(e.rule, e.data["cards"], e.data["squads"]) for e in deck_events] == [
        ("S4-R1", 8, ["t_legion"]), ("S4-R1", 24, ["t_legion", "t_horde", "t_circle"])]
    two = start([["t_horde", "t_circle"], ["t_legion"]])
    assert len(two.state.sides[0].deck) == 16 and two.state.sides[0].squads == ["t_horde", "t_circle"]


@pytest.mark.parametrize("squads", [[], ["t_legion", "t_horde", "t_circle", "anvilcrag_host"]])
def test_S4_R1_zero_or_four_squads_are_refused(squads):
    """S4-R1: a deck of 0 or 4 squads is not a legal setup."""
    with pytest.raises(BadSetup, match="S4-R1"):
        start([squads, ["t_legion"]])


def test_S4_R2_deck_order_is_a_seeded_permutation():
    """S4-R2: each deck is a random permutation of its squads' cards; the seed fixes it."""
    orders = [tuple(deck_ids(start([["t_legion"], ["t_horde"]], seed=seed), 0)) for seed in range(10)]
    assert all(sorted(order) == squad_cards("t_legion") for order in orders)
    assert len(set(orders)) >= 5
    assert tuple(deck_ids(start([["t_legion"], ["t_horde"]], seed=3), 0)) == orders[3]
    s = start([["t_legion"], ["t_horde"]], seed=4)
    assert [(e.rule, e.data["seat"]) for e in s.events if e.kind == "shuffle"] == [("S4-R2", 0), ("S4-R2", 1)]


def test_S4_R3_players_alternate_turns():
    """S4-R3: the Ungars take turns one after the other."""
    b = position(a="cells=wall", b="cells=wall", active=1)
    for _ in range(4):
        play_turn(b)
    assert [data(e, "seat", "turn") for e in events(b, "turn")] == [(1, 1), (0, 2), (1, 3), (0, 4)]
    assert {e.rule for e in events(b, "turn")} == {"S4-R3"}
    assert (b.active, b.turn, b.result) == (1, 4, None)


def test_S4_R4_first_player_is_random_and_seeded():
    """S4-R4: the first player is drawn at random; both seats occur, one seed gives one answer."""
    firsts = []
    for seed in range(20):
        s = start([["t_legion"], ["t_horde"]], seed=seed)
        event = next(e for e in s.events if e.kind == "first_player")
        assert event.rule == "S4-R4" and event.data["seat"] == s.state.first == s.state.active
        firsts.append(s.state.first)
    assert set(firsts) == {0, 1}
    assert [start([["t_legion"], ["t_horde"]], seed=seed).state.first for seed in range(20)] == firsts


# --- countdown and draw --------------------------------------------------------------------------

def test_S4_R5_countdown_only_active_reserve_left_to_right():
    """S4-R5: every card in the active reserve loses one crystal, left to right; the other is untouched."""
    b = position(a="reserve=grunt:3,brute:2,wall:4", b="reserve=grunt:3")
    countdown(b, b.sides[0])
    assert reserve(b, 0) == [("grunt", 2), ("brute", 1), ("wall", 3)]
    assert reserve(b, 1) == [("grunt", 3)]
    event = one(b, "countdown")
    assert (event.rule, event.data["seat"], event.data["crystals"]) == ("S4-R5", 0, [[0, 2], [1, 1], [2, 3]])


def test_S4_R5_countdown_in_whole_turns_follows_the_active_player():
    """S4-R5: over two turns each reserve counts down only on its owner's turn."""
    b = position(a="cells=wall reserve=brute:3", b="cells=wall reserve=grunt:3")
    play_turn(b)
    assert (reserve(b, 0), reserve(b, 1)) == ([("brute", 2)], [("grunt", 3)])
    play_turn(b)
    assert (reserve(b, 0), reserve(b, 1)) == ([("brute", 2)], [("grunt", 2)])
    assert [(e.rule, e.data["seat"]) for e in events(b, "countdown")] == [("S4-R5", 0), ("S4-R5", 1)]


def test_S4_R6_draw_moves_the_top_card_and_the_deck_count_drops():
    """S4-R6: exactly one card goes from the top of the active deck to the reserve."""
    b = position(a="deck=brute,wall,grunt", b="deck=grunt")
    draw(b, b.sides[0])
    assert (reserve(b, 0), deck(b, 0), deck(b, 1)) == ([("brute", 2)], ["wall", "grunt"], ["grunt"])
    event = one(b, "draw")
    assert event.rule == "S4-R6"
    assert data(event, "seat", "uid", "card", "crystals", "deck", "slot") == (0, 0, "brute", 2, 2, 0)


def test_S4_R6_empty_deck_draws_nothing():
    """S4-R6: with an empty deck nothing is drawn and no draw is reported."""
    b = position(a="reserve=grunt:3")
    draw(b, b.sides[0])
    assert (reserve(b, 0), deck(b, 0), events(b)) == ([("grunt", 3)], [], [])


def test_S4_R7_drawn_cards_go_to_the_right_end():
    """S4-R7: each drawn card lies right of the previous one, so the reserve reads in draw order."""
    b = position(a="reserve=wall:5 deck=grunt,brute")
    draw(b, b.sides[0])
    draw(b, b.sides[0])
    assert reserve(b, 0) == [("wall", 5), ("grunt", 1), ("brute", 2)]
    assert [data(e, "card", "slot", "deck") for e in events(b, "draw")] == [("grunt", 1, 1), ("brute", 2, 0)]


def test_S4_R8_card_drawn_this_turn_is_not_counted_down():
    """S4-R8: the countdown precedes the draw, so the new card keeps its printed crystals."""
    b = position(a="cells=wall reserve=wall:3 deck=brute", b="cells=wall")
    play_turn(b)
    assert reserve(b, 0) == [("wall", 2), ("brute", 2)]
    assert kinds(b).index("countdown") < kinds(b).index("draw")
    assert one(b, "countdown").data["crystals"] == [[1, 2]]
    assert data(one(b, "draw"), "uid", "crystals") == (2, 2)


# --- entering battle -----------------------------------------------------------------------------

def test_S4_R9_card_reaching_zero_crystals_enters_battle():
    """S4-R9: a card whose crystals reach 0 leaves the reserve and enters; one at 1 stays."""
    b = position(a="cells=wall reserve=grunt:1,brute:3", b="cells=wall")
    play_turn(b)
    assert cells(b, 0)[:3] == ["wall", "grunt", None]
    assert reserve(b, 0) == [("brute", 2)]
    event = one(b, "enter")
    assert (event.rule, *data(event, "uid", "card", "cell", "attack", "life")) == ("S4-R11", 1, "grunt", 1, 2, 3)
    assert b.sides[1].leadership == 18       # it entered before the attack step and struck the empty cell


def test_S4_R9_card_below_zero_still_enters():
    """S4-R9 (G4-10): a card at 0 or below (e.g. one that waited) enters."""
    b = position(a="reserve=grunt:-2")
    enter_battle(b, b.sides[0])
    assert (cells(b, 0)[0], reserve(b, 0)) == ("grunt", [])
    assert one(b, "enter").data["cell"] == 0


def test_S4_R10_several_ready_cards_enter_in_draw_order():
    """S4-R10: cards ready in the same turn enter left to right (draw order)."""
    b = position(a="cells=wall reserve=brute:1,grunt:1,imp:2")
    countdown(b, b.sides[0])
    enter_battle(b, b.sides[0])
    assert cells(b, 0)[:4] == ["wall", "brute", "grunt", None]
    assert reserve(b, 0) == [("imp", 1)]
    assert [data(e, "card", "cell") for e in events(b, "enter")] == [("brute", 1), ("grunt", 2)]


def test_S4_R11_unit_enters_leftmost_free_cell():
    """S4-R11: a creature or hero takes the leftmost free cell of its owner's line."""
    b = position(a="cells=grunt,.,grunt reserve=brute:0,captain:0")
    enter_battle(b, b.sides[0])
    assert cells(b, 0) == ["grunt", "brute", "grunt", "captain", None, None, None]
    assert [(e.rule, *data(e, "card", "cell")) for e in events(b, "enter")] == [
        ("S4-R11", "brute", 1), ("S4-R11", "captain", 3)]
    assert (unit(b, 0, 1).cell, unit(b, 0, 3).cell) == (1, 3)


def test_S4_R12_no_free_cell_unit_waits_in_reserve():
    """S4-R12: with every cell taken, a ready unit stays in the reserve."""
    b = position(a="cells=grunt,grunt reserve=brute:0", options={"cells": 2})
    enter_battle(b, b.sides[0])
    assert (cells(b, 0), reserve(b, 0)) == (["grunt", "grunt"], [("brute", 0)])
    assert (one(b, "wait").rule, one(b, "wait").data["card"]) == ("S4-R12", "brute")


@pytest.mark.parametrize("mover", ["meadow:0", "sword:0"])
def test_S4_R12_full_line_wait_cites_S4_R12_after_another_card_moved(mover):
    """S4-R12: no cell is free at all, so the waiting brute cites S4-R12, not S4-R13 (nothing competed for a cell)."""
    b = position(a=f"cells=grunt,grunt reserve={mover},brute:0", options={"cells": 2})
    enter_battle(b, b.sides[0])
    assert (reserve(b, 0), len(events(b, "terrain") + events(b, "equip"))) == ([("brute", 0)], 1)
    assert (one(b, "wait").data["card"], one(b, "wait").rule) == ("brute", "S4-R12")


def test_S4_R12_waiting_unit_takes_the_freed_cell_at_its_next_entry():
    """S4-R12 (A4-3): the waiting unit enters the cell freed in the opponent's turn at its own next turn."""
    b = position(a="cells=grunt:life=1,grunt reserve=brute:0", b="cells=brute,.", active=1, options={"cells": 2})
    play_turn(b)
    assert (cells(b, 0), reserve(b, 0)) == ([None, "grunt"], [("brute", 0)])
    assert data(one(b, "killed"), "card", "cell") == ("grunt", 0)
    b.log.take()
    play_turn(b)
    assert (cells(b, 0), reserve(b, 0)) == (["brute", "grunt"], [])
    assert data(one(b, "enter"), "card", "cell") == ("brute", 0)
    assert (unit(b, 1, 0).life, b.sides[1].leadership) == (1, 18)


def test_S4_R13_earliest_drawn_card_wins_the_one_free_cell():
    """S4-R13: two ready units, one free cell: the leftmost (earliest drawn) gets it."""
    b = position(a="cells=grunt,. reserve=brute:0,wall:0", options={"cells": 2})
    enter_battle(b, b.sides[0])
    assert (cells(b, 0), reserve(b, 0)) == (["grunt", "brute"], [("wall", 0)])
    assert (one(b, "wait").rule, one(b, "wait").data["card"]) == ("S4-R13", "wall")


def test_S4_R14_equipment_goes_onto_the_unequipped_unit():
    """S4-R14: ready equipment attaches to a friendly unit without equipment, adding its bonus."""
    b = position(a="cells=grunt,brute:eq=shield reserve=sword:1")
    countdown(b, b.sides[0])
    enter_battle(b, b.sides[0])
    grunt = unit(b, 0, 0)
    assert (stats(grunt), grunt.equipment.defn.id, reserve(b, 0)) == ((4, 4, 4), "sword", [])
    assert stats(unit(b, 0, 1)) == (5, 9, 9)
    event = one(b, "equip")
    assert (event.rule, *data(event, "card", "carrier", "cell", "attack", "life")) == ("S4-R14", "sword", 0, 0, 4, 4)


def test_S4_R14_equipment_carrier_is_random_and_seeded():
    """S4-R14: with two unequipped units the carrier is drawn at random; the seed fixes it."""
    carriers = []
    for seed in range(16):
        b = position(a="cells=grunt,brute reserve=sword:0", seed=seed)
        enter_battle(b, b.sides[0])
        carrier = [u.defn.id for u in b.sides[0].units() if u.equipment is not None]
        assert len(carrier) == 1 and one(b, "equip").rule == "S4-R14"
        carriers.append(carrier[0])
    assert set(carriers) == {"grunt", "brute"}
    b = position(a="cells=grunt,brute reserve=sword:0", seed=5)
    enter_battle(b, b.sides[0])
    assert [u.defn.id for u in b.sides[0].units() if u.equipment][0] == carriers[5]


@pytest.mark.parametrize("line", ["", "cells=grunt:eq=shield"])
def test_S4_R15_equipment_without_carrier_waits(line):
    """S4-R15: with no unit in battle, or all equipped, equipment waits in the reserve."""
    b = position(a=f"{line} reserve=sword:0")
    enter_battle(b, b.sides[0])
    assert reserve(b, 0) == [("sword", 0)]
    assert (one(b, "wait").rule, one(b, "wait").data["card"]) == ("S4-R15", "sword")
    assert events(b, "equip") == []


def test_S4_R15_no_carrier_wait_cites_S4_R15_after_a_terrain_entered():
    """S4-R15: every unit is equipped, so the waiting sword cites S4-R15, not S4-R16 (no other equipment competed)."""
    b = position(a="cells=grunt:eq=shield reserve=meadow:0,sword:0")
    enter_battle(b, b.sides[0])
    assert (b.sides[0].terrain.defn.id, reserve(b, 0)) == ("meadow", [("sword", 0)])
    assert (one(b, "wait").data["card"], one(b, "wait").rule) == ("sword", "S4-R15")


def test_S4_R15_waiting_equipment_attaches_when_a_unit_enters():
    """S4-R15: equipment waiting in the reserve attaches as soon as a unit enters (same entry step)."""
    b = position(a="reserve=sword:0,grunt:0")
    enter_battle(b, b.sides[0])
    assert (cells(b, 0)[0], reserve(b, 0), stats(unit(b, 0, 0))) == ("grunt", [], (4, 4, 4))
    assert kinds(b) == ["ready", "ready", "entry_order", "wait", "enter", "equip"]
    assert (one(b, "wait").rule, data(one(b, "equip"), "card", "carrier")) == ("S4-R15", ("sword", 1))


def test_S4_R16_earliest_drawn_equipment_wins_the_one_carrier():
    """S4-R16: two ready equipment cards, one carrier: the earliest drawn attaches."""
    b = position(a="cells=grunt reserve=shield:0,sword:0")
    enter_battle(b, b.sides[0])
    assert (unit(b, 0, 0).equipment.defn.id, stats(unit(b, 0, 0))) == ("shield", (2, 6, 6))
    assert reserve(b, 0) == [("sword", 0)]
    assert (one(b, "wait").rule, one(b, "wait").data["card"]) == ("S4-R16", "sword")


def test_S4_R17_a_unit_carries_at_most_one_equipment():
    """S4-R17: three swords, two carriers: one each, the third waits."""
    b = position(a="cells=grunt,brute reserve=sword:0,sword:0,sword:0")
    enter_battle(b, b.sides[0])
    assert (stats(unit(b, 0, 0)), stats(unit(b, 0, 1))) == ((4, 4, 4), (7, 7, 7))
    assert sorted(e.data["carrier"] for e in events(b, "equip")) == [0, 1]
    assert reserve(b, 0) == [("sword", 0)]


def test_S4_R17_equipped_unit_is_never_chosen():
    """S4-R17: across seeds the equipment always goes to the one unit without equipment."""
    for seed in range(12):
        b = position(a="cells=grunt:eq=shield,brute reserve=sword:0", seed=seed)
        enter_battle(b, b.sides[0])
        assert (unit(b, 0, 0).equipment.defn.id, unit(b, 0, 1).equipment.defn.id) == ("shield", "sword")
        assert stats(unit(b, 0, 0)) == (2, 6, 6)


def test_S4_R18_terrain_takes_the_terrain_spot_and_applies_its_effect():
    """S4-R18: terrain goes to its owner's spot and its effect starts (meadow: own units +1 attack)."""
    b = position(a="cells=grunt reserve=meadow:0", b="cells=grunt")
    enter_battle(b, b.sides[0])
    assert (b.sides[0].terrain.defn.id, reserve(b, 0), b.sides[1].terrain) == ("meadow", [], None)
    assert (stats(unit(b, 0, 0)), stats(unit(b, 1, 0))) == ((3, 3, 3), (2, 3, 3))
    assert kinds(b) == ["ready", "terrain", "aura"]
    assert (one(b, "terrain").rule, one(b, "aura").data["attack"]) == ("S4-R18", 3)


def test_S4_R19_new_terrain_replaces_the_old_and_ends_its_effect():
    """S4-R19: the old terrain leaves the battle, its effect ends; the new one applies."""
    b = position(a="cells=grunt terrain=meadow reserve=fog:0", b="cells=brute")
    assert unit(b, 0, 0).attack == 3
    enter_battle(b, b.sides[0])
    assert (b.sides[0].terrain.defn.id, out(b, 0), reserve(b, 0)) == ("fog", ["meadow"], [])
    assert (unit(b, 0, 0).attack, unit(b, 1, 0).attack) == (2, 4)
    leaves = one(b, "terrain_leaves")
    assert (leaves.rule, leaves.data["card"], one(b, "terrain").rule) == ("S4-R19", "meadow", "S4-R18")


# --- attack --------------------------------------------------------------------------------------

def test_S4_R20_units_act_left_to_right_features_then_attack():
    """S4-R20: cell 0 attacks, then the archer in cell 1 uses its feature and then attacks."""
    b = position(a="cells=grunt,archer", b="cells=wall,wall,wall")
    attack_step(b, b.sides[0])
    steps = [(e.kind, e.data.get("uid", e.data.get("source"))) for e in events(b)]
    assert steps == [("attack_step", None), ("attack", 0), ("damage", 2), ("feature", 1), ("damage", 2), ("damage", 4),
                     ("attack", 1), ("damage", 3)]
    assert [unit(b, 1, i).life for i in range(3)] == [6, 8, 8]
    assert (one(b, "attack_step").rule, one(b, "attack_step").data["cells"]) == ("S4-R20", [0, 1])


def test_S4_R20_unit_killed_earlier_in_the_step_does_not_act():
    """S4-R20 (G4-9): a unit killed by an earlier action of the step is skipped."""
    b = position(a="cells=brute,imp:life=1", b="cells=martyr deck=wall")
    attack_step(b, b.sides[0])
    assert (cells(b, 0)[:2], out(b, 0), out(b, 1)) == (["brute", None], ["imp"], ["martyr"])
    assert (unit(b, 0, 0).life, b.sides[1].leadership) == (5, 20)
    assert [e.data["uid"] for e in events(b, "attack")] == [0]


def test_S4_R21_attack_and_front_features_aim_at_the_card_in_front():
    """S4-R21: the attack and a 'front' feature reach only the enemy card in the same cell."""
    b = position(a="cells=.,grunt,curser", b="cells=wall,wall,brute")
    attack_step(b, b.sides[0])
    assert [unit(b, 1, i).life for i in range(3)] == [9, 7, 6]
    assert unit(b, 1, 2).attack == 4
    assert [data(e, "cell", "target") for e in events(b, "attack")] == [(1, 3), (2, 4)]
    feature = one(b, "feature")
    assert (feature.rule, feature.data["targets"]) == ("S4-R21", [4])


def test_S4_R22_attack_lowers_life_by_attack():
    """S4-R22: the target loses Life equal to the attacker's (current) Attack."""
    b = position(a="cells=brute,grunt:attack=4", b="cells=wall,wall")
    attack_step(b, b.sides[0])
    assert (unit(b, 1, 0).life, unit(b, 1, 1).life) == (4, 5)
    assert [(e.rule, *data(e, "target", "amount")) for e in events(b, "attack")] == [("S4-R22", 2, 5), ("S4-R22", 3, 4)]
    assert [(e.rule, *data(e, "uid", "amount", "life")) for e in events(b, "damage")] == [
        ("S4-R22", 2, 5, 4), ("S4-R22", 3, 4, 5)]


def test_S4_R23_features_reach_the_enemy_reserve():
    """S4-R23: an enter feature reaches every card of the enemy reserve (+1 crystal each)."""
    b = position(a="reserve=jammer:0,grunt:3", b="cells=grunt reserve=wall:3,brute:1")
    enter_battle(b, b.sides[0])
    assert reserve(b, 1) == [("wall", 4), ("brute", 2)]
    assert reserve(b, 0) == [("grunt", 3)]
    feature = one(b, "feature")
    assert (feature.rule, feature.data["targets"], feature.data["trigger"]) == ("S4-R23", [3, 4], "enter")


def test_S4_R23_features_reach_several_enemy_cards_in_battle():
    """S4-R23: a death feature hits all enemy cards in battle."""
    b = position(a="cells=martyr:life=1 deck=wall", b="cells=brute,grunt,imp", active=1)
    attack_step(b, b.sides[1])
    assert [unit(b, 1, i).life for i in range(3)] == [5, 2, 1]
    assert (b.sides[0].leadership, out(b, 0)) == (17, ["martyr"])
    feature = one(b, "feature")
    assert (feature.rule, feature.data["targets"]) == ("S4-R23", [2, 3, 4])


def test_S4_R24_empty_cell_in_front_hits_the_opponent():
    """S4-R24: with no enemy card in front, the opponent's Leadership drops by the Attack."""
    b = position(a="cells=brute,wall", b="L=15 deck=wall")
    attack_step(b, b.sides[0])
    assert b.sides[1].leadership == 10
    assert [(e.rule, *data(e, "uid", "cell", "amount", "leadership")) for e in events(b, "hit_ungar")] == [
        ("S4-R24", 0, 0, 5, 10), ("S4-R24", 1, 1, 0, 10)]
    assert events(b, "attack") == []


def test_S4_R25_killed_unit_leaves_with_its_equipment():
    """S4-R25: at Life ≤ 0 the unit is killed: cell freed, it and its equipment leave the battle."""
    b = position(a="cells=brute", b="cells=grunt:eq=sword deck=wall")
    attack_step(b, b.sides[0])
    assert (cells(b, 1)[0], out(b, 1)) == (None, ["grunt", "sword"])
    killed = one(b, "killed")
    assert (killed.rule, *data(killed, "uid", "cell", "equipment")) == ("S4-R25", 1, 0, "sword")
    assert one(b, "damage").data["life"] == -1


def test_S4_R25_exactly_zero_life_kills():
    """S4-R25 (A4-7): Life exactly 0 is a kill."""
    b = position(a="cells=grunt", b="cells=grunt:life=2 deck=wall")
    attack_step(b, b.sides[0])
    assert (cells(b, 1)[0], out(b, 1)) == (None, ["grunt"])
    assert (one(b, "damage").data["life"], one(b, "killed").data["equipment"]) == (0, None)


def test_S4_R26_turn_passes_after_the_attack_step():
    """S4-R26: after the attack step the turn passes to the opponent."""
    b = position(a="cells=wall", b="cells=wall")
    play_turn(b)
    assert (b.active, b.turn) == (1, 1)
    assert (kinds(b)[-2:], events(b)[-1].rule) == (["damage", "pass"], "S4-R26")
    assert data(events(b)[-1], "seat", "to") == (0, 1)


def test_S4_R26_no_player_ever_decides():
    """S4-R26: the ruleset never asks for a decision and refuses any action."""
    s = start([["t_legion"], ["t_horde"]])
    ruleset = get_ruleset("autobattle")
    assert (s.decision, ruleset.decision(s.state)) == (None, None)
    with pytest.raises(IllegalAction):
        ruleset.apply(s.state, {0: "anything"})
    with pytest.raises(IllegalAction):
        s.submit(0, "anything")
    turns = s.turns()
    s.advance()
    assert s.turns() == turns + 1 and s.state.active != s.state.first


# --- end of the battle ---------------------------------------------------------------------------

def test_S4_R27_leadership_at_or_below_zero_loses_at_once():
    """S4-R27: Leadership ≤ 0 ends the battle at once; that Ungar loses."""
    b = position(a="cells=brute,grunt", b="L=3 deck=wall")
    play_turn(b)
    assert (result(b), b.sides[1].leadership) == ((0, "S4-R27"), -2)
    assert len(events(b, "hit_ungar")) == 1        # the grunt never struck
    end = one(b, "end")
    assert (end.rule, *data(end, "winner", "leadership", "turn")) == ("S4-R27", 0, [20, -2], 1)
    assert events(b, "pass") == [] and b.active == 0


def test_S4_R28_ungar_who_lost_all_cards_loses():
    """S4-R28 (G4-6): deck, reserve, line and terrain spot all empty → that Ungar loses at once."""
    b = position(a="cells=brute", b="cells=grunt")
    play_turn(b)
    assert (result(b), cells(b, 1)[0], out(b, 1), b.sides[1].leadership) == ((0, "S4-R28"), None, ["grunt"], 20)
    assert (one(b, "end").rule, one(b, "end").data["winner"]) == ("S4-R28", 0)
    assert events(b, "pass") == []


@pytest.mark.parametrize("left", ["reserve=sword:3,grunt:5", "deck=grunt", "reserve=sword:3", "terrain=fog"])
def test_S4_R28_any_card_left_keeps_the_ungar_in(left):
    """S4-R28 (G4-6 default 'anywhere'): a card in deck or reserve, equipment or terrain included, keeps him in."""
    b = position(a="cells=brute", b=f"cells=grunt {left}")
    play_turn(b)
    assert (result(b), cells(b, 1)[0], out(b, 1), b.active) == (None, None, ["grunt"], 1)
    assert events(b, "end") == []


@pytest.mark.parametrize("lead_b, winner", [(7, 0), (12, 1), (10, None)])
def test_S4_R29_both_lost_all_cards_higher_leadership_wins(lead_b, winner):
    """S4-R29: both Ungars out of cards at once: more Leadership wins (equal: draw)."""
    b = position(a="L=10 cells=brute:life=1", b=f"L={lead_b} cells=spiky:life=1")
    play_turn(b)
    assert (cells(b, 0)[0], cells(b, 1)[0], out(b, 0), out(b, 1)) == (None, None, ["brute"], ["spiky"])
    assert result(b) == (winner, "S4-R29")
    assert (one(b, "end").rule, one(b, "end").data["winner"]) == ("S4-R29", winner)


def test_S4_R29_check_end_on_a_bare_position():
    """S4-R29: nothing at all left on either side: the higher Leadership wins."""
    b = position(a="L=4 fielded=yes", b="L=9 fielded=yes")
    assert check_end(b) is True
    assert result(b) == (1, "S4-R29")
    assert (one(b, "end").rule, one(b, "end").data["leadership"]) == ("S4-R29", [4, 9])


# --- fatigue -------------------------------------------------------------------------------------

def _fatigue_by_turn(b, turns):
    """Play `turns` turns; per turn, the (seat, amount) fatigue events."""
    seen = []
    for _ in range(turns):
        b.log.take()
        play_turn(b)
        seen.append([(e.rule, *data(e, "seat", "amount")) for e in events(b, "fatigue")])
    return seen


def test_S4_R30_fatigue_starts_on_turn_30_for_both_players():
    """S4-R30: none on turn 29; from turn 30 both Ungars lose Leadership, whoever is active."""
    b = position(a="L=100 cells=wall", b="L=100 cells=wall", turn=28)
    play_turn(b)
    assert (b.turn, events(b, "fatigue"), events(b, "fatigue_begins")) == (29, [], [])
    assert [s.leadership for s in b.sides] == [100, 100]
    b.log.take()
    play_turn(b)
    assert (b.turn, one(b, "fatigue_begins").rule, one(b, "fatigue_begins").data["turn"]) == (30, "S4-R30", 30)
    assert [(e.rule, *data(e, "seat", "amount", "leadership")) for e in events(b, "fatigue")] == [
        ("S4-R31", 0, 1, 99), ("S4-R31", 1, 1, 99)]
    assert kinds(b).index("fatigue") > kinds(b).index("attack")      # after the attack step (G4-11)


def test_S4_R31_fatigue_grows_by_one_each_turn():
    """S4-R31: turn 29 none, 30 → 1, 31 → 2, 32 → 3, to both players."""
    b = position(a="L=100 cells=wall", b="L=100 cells=wall", turn=28)
    assert _fatigue_by_turn(b, 4) == [
        [], [("S4-R31", 0, 1), ("S4-R31", 1, 1)], [("S4-R31", 0, 2), ("S4-R31", 1, 2)],
        [("S4-R31", 0, 3), ("S4-R31", 1, 3)]]
    assert [s.leadership for s in b.sides] == [94, 94]


def test_S4_R31_fatigue_ends_the_battle_at_zero_leadership():
    """S4-R31: fatigue goes on until an Ungar reaches 0, who then loses (S4-R27)."""
    b = position(a="L=3 cells=wall", b="L=2 cells=wall", turn=29)
    play_turn(b)
    assert [s.leadership for s in b.sides] == [2, 1]
    play_turn(b)
    assert ([s.leadership for s in b.sides], result(b), b.turn) == ([0, -1], (0, "G4-7"), 31)
    b = position(a="L=3 cells=wall", b="L=1 cells=wall", turn=29)
    play_turn(b)
    assert ([s.leadership for s in b.sides], result(b)) == ([2, 0], (0, "S4-R27"))
