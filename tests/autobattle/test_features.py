"""Feature-interpreter tests for `autobattle` (G4-3, G4-5, S4-R21, S4-R23): triggers, targets, effects, auras."""

import tomllib

import pytest

from engine.core import Session
from engine.rulesets.autobattle.cards import EFFECTS, TARGETS, TRIGGERS
from engine.rulesets.autobattle.features import kill
from engine.rulesets.autobattle.turn import attack_step, countdown, enter_battle, play_turn, turn_start
from position import CARDS, CARDS_FILE, cells, events, kinds, one, out, position, reserve, stats, unit


def feature(b):
    """The single feature event as (rule, trigger, effect, amount, source, targets)."""
    e = one(b, "feature")
    return (e.rule, *(e.data[k] for k in ("trigger", "effect", "amount", "source", "targets")))


def test_the_test_cards_cover_every_trigger_target_and_effect():
    """G4-3: the test card set uses every trigger, target and effect the card schema allows."""
    used = [f for card in CARDS.values() for f in card.features]
    assert {f.trigger for f in used} == set(TRIGGERS)
    assert {f.target for f in used} == set(TARGETS)
    assert {f.effect for f in used} == set(EFFECTS)


# --- triggers ------------------------------------------------------------------------------------

def test_enter_front_damage():
    """G4-3 enter trigger, S4-R21 front target, damage effect: the bomber hits the card in front for 2."""
    b = position(a="reserve=bomber:0", b="cells=brute,grunt")
    enter_battle(b, b.sides[0])
    assert (stats(unit(b, 1, 0)), stats(unit(b, 1, 1))) == ((5, 4, 6), (2, 3, 3))
    assert feature(b) == ("S4-R21", "enter", "damage", 2, 0, [1])
    assert [(e.rule, e.data["uid"], e.data["life"]) for e in events(b, "damage")] == [("G4-3", 1, 4)]


def test_enter_front_with_empty_front_does_nothing():
    """G4-3: with no card in front, a front feature has no target."""
    b = position(a="reserve=bomber:0", b="cells=.,grunt")
    enter_battle(b, b.sides[0])
    assert (feature(b)[-1], events(b, "damage"), unit(b, 1, 1).life) == ([], [], 3)


def test_before_attack_adjacent_enemies_damage():
    """G4-3 before_attack, S4-R23 adjacent_enemies: the archer hits both enemy neighbours of its cell."""
    b = position(a="cells=.,archer", b="cells=grunt,grunt,grunt,grunt")
    attack_step(b, b.sides[0])
    assert [unit(b, 1, i).life for i in range(4)] == [2, 2, 2, 3]
    assert feature(b) == ("S4-R23", "before_attack", "damage", 1, 0, [1, 3])
    assert kinds(b).index("feature") < kinds(b).index("attack")


def test_adjacent_enemies_at_the_line_end_do_not_wrap():
    """G4-3: the archer at the right end (cell 2 of 3) reaches only cell 1."""
    b = position(a="cells=.,.,archer", b="cells=grunt,grunt,grunt", options={"cells": 3})
    attack_step(b, b.sides[0])
    assert [unit(b, 1, i).life for i in range(3)] == [3, 2, 2]
    assert feature(b)[-1] == [2]


def test_attacked_front_damage_hits_the_attacker():
    """G4-3 attacked trigger: the spiky card, when struck, deals 1 to the card in front (its attacker)."""
    b = position(a="cells=grunt", b="cells=spiky")
    attack_step(b, b.sides[0])
    assert (stats(unit(b, 0, 0)), stats(unit(b, 1, 0))) == ((2, 2, 3), (1, 3, 5))
    assert kinds(b) == ["attack_step", "attack", "damage", "feature", "damage"]
    assert feature(b) == ("S4-R21", "attacked", "damage", 1, 1, [0])


def test_attacked_fires_even_on_the_killing_blow():
    """G4-3: the attacked feature fires as the blow lands, even one that kills its card."""
    b = position(a="cells=brute", b="cells=spiky deck=wall")
    attack_step(b, b.sides[0])
    assert (cells(b, 1)[0], out(b, 1), stats(unit(b, 0, 0))) == (None, ["spiky"], (5, 5, 6))


def test_death_all_enemies_damage():
    """G4-3 death trigger, S4-R23 all_enemies: the dying martyr hits every enemy unit for 1."""
    b = position(a="cells=brute,wall,grunt:life=1", b="cells=martyr,grunt deck=wall")
    attack_step(b, b.sides[0])
    assert (cells(b, 0)[:3], out(b, 0), out(b, 1)) == (["brute", "wall", None], ["grunt"], ["martyr"])
    assert (stats(unit(b, 0, 0)), stats(unit(b, 0, 1)), unit(b, 1, 1).life) == ((5, 5, 6), (0, 8, 9), 3)
    assert feature(b) == ("S4-R23", "death", "damage", 1, 3, [0, 1, 2])
    assert kinds(b)[:5] == ["attack_step", "attack", "damage", "killed", "feature"]


def test_turn_start_allies_heal_capped_and_only_for_the_active_side():
    """G4-3 turn_start, allies, heal: the active priest heals others by 2, never above max; the enemy's does not act."""
    b = position(a="cells=priest:life=1,grunt:life=1,brute:life=5", b="cells=priest:life=1,grunt:life=1")
    turn_start(b, b.sides[0])
    assert [stats(unit(b, 0, i)) for i in range(3)] == [(0, 1, 4), (2, 3, 3), (5, 6, 6)]
    assert [stats(unit(b, 1, i)) for i in range(2)] == [(0, 1, 4), (2, 1, 3)]
    assert feature(b) == ("G4-3", "turn_start", "heal", 2, 0, [1, 2])


def test_turn_start_fires_in_play_turn_before_the_countdown():
    """G4-3: turn-start features act at the very start of the owner's turn."""
    b = position(a="cells=brewer reserve=wall:3", b="cells=wall")
    play_turn(b)
    assert kinds(b)[:3] == ["turn", "feature", "countdown"]
    assert stats(unit(b, 0, 0)) == (1, 4, 4)


def test_aura_adjacent_allies_attack_up_and_source_death_removes_it():
    """G4-5 aura, adjacent_allies, attack_up: the banner's neighbours get +1 while it stands; its death ends it."""
    b = position(a="cells=grunt,.,brute,wall reserve=banner:0", b="cells=.,brute", active=0)
    enter_battle(b, b.sides[0])
    assert [unit(b, 0, i).attack for i in range(4)] == [3, 0, 6, 0]
    assert [(e.rule, e.data["uid"], e.data["attack"]) for e in events(b, "aura")] == [("G4-5", 0, 3), ("G4-5", 1, 6)]
    b.log.take()
    b.active = 1
    attack_step(b, b.sides[1])
    assert (cells(b, 0)[:3], out(b, 0)) == (["grunt", None, "brute"], ["banner"])
    assert (stats(unit(b, 0, 0)), stats(unit(b, 0, 2))) == ((2, 3, 3), (5, 6, 6))
    assert [e.data["attack"] for e in events(b, "aura")] == [2, 5]


def test_aura_reaches_units_that_enter_later():
    """G4-5: a unit entering next to a standing banner gets the bonus on entry."""
    b = position(a="cells=banner reserve=grunt:0")
    enter_battle(b, b.sides[0])
    assert stats(unit(b, 0, 1)) == (3, 3, 3)


# --- the remaining targets -----------------------------------------------------------------------

def test_random_enemy_damage_is_seeded_and_hits_one_enemy():
    """G4-3 random_enemy (S4-R23): the sniper hits one random enemy unit for 2; seeds differ, a seed repeats."""
    hit = []
    for seed in range(16):
        b = position(a="cells=sniper", b="cells=grunt,.,brute", seed=seed)
        attack_step(b, b.sides[0])
        lives = (unit(b, 1, 0).life, unit(b, 1, 2).life)
        assert lives in ((1, 6), (3, 4))
        rule, *_, targets = feature(b)
        assert rule == "S4-R23" and targets == [1 if lives[0] == 1 else 2]
        hit.append(targets[0])
    assert set(hit) == {1, 2}
    again = position(a="cells=sniper", b="cells=grunt,.,brute", seed=7)
    attack_step(again, again.sides[0])
    assert feature(again)[-1] == [hit[7]]


def test_random_enemy_with_no_enemy_hits_nothing():
    """G4-3: random_enemy with no enemy unit has no target."""
    b = position(a="cells=sniper", b="deck=wall")
    attack_step(b, b.sides[0])
    assert (feature(b)[-1], events(b, "damage"), b.sides[1].leadership) == ([], [], 20)


def test_enemy_reserve_crystals_up():
    """S4-R23 enemy_reserve, crystals_up: the jammer delays every enemy reserve card by 1, not its own."""
    b = position(a="reserve=jammer:0,brute:2", b="reserve=grunt:1,wall:0")
    enter_battle(b, b.sides[0])
    assert (reserve(b, 0), reserve(b, 1)) == ([("brute", 2)], [("grunt", 2), ("wall", 1)])
    assert feature(b) == ("S4-R23", "enter", "crystals_up", 1, 0, [2, 3])


def test_own_reserve_crystals_down_lets_a_card_enter_in_the_same_step():
    """G4-3 own_reserve, crystals_down: the hastener speeds its reserve by 1; the grunt then enters at once."""
    b = position(a="reserve=hastener:1,grunt:2,wall:3", b="reserve=brute:2")
    countdown(b, b.sides[0])
    enter_battle(b, b.sides[0])
    assert cells(b, 0)[:3] == ["hastener", "grunt", None]
    assert (reserve(b, 0), reserve(b, 1)) == ([("wall", 1)], [("brute", 2)])
    assert feature(b) == ("G4-3", "enter", "crystals_down", 1, 0, [1, 2])


def test_allies_attack_up_is_permanent():
    """G4-3 allies, attack_up: the rallier gives every other own unit +1 for good, not itself."""
    b = position(a="cells=grunt,.,brute reserve=rallier:0", b="cells=grunt")
    enter_battle(b, b.sides[0])
    assert [unit(b, 0, i).attack for i in range(3)] == [3, 1, 6]
    assert (unit(b, 1, 0).attack, feature(b)[-1]) == (2, [0, 1])
    kill(b, unit(b, 0, 1))
    assert (unit(b, 0, 0).attack, unit(b, 0, 2).attack) == (3, 6)


def test_self_life_up_raises_life_and_max():
    """G4-3 self, life_up: the wounded brewer gains 1 Life and 1 maximum Life."""
    b = position(a="cells=brewer:life=2")
    turn_start(b, b.sides[0])
    assert stats(unit(b, 0, 0)) == (1, 3, 4)
    assert feature(b) == ("G4-3", "turn_start", "life_up", 1, 0, [0])


def test_adjacent_allies_heal():
    """G4-3 adjacent_allies, heal: the medic heals its two neighbours by 1, capped at their maximum."""
    b = position(a="cells=grunt:life=1,medic:life=1,brute,wall:life=2", b="deck=wall")
    attack_step(b, b.sides[0])
    assert [stats(unit(b, 0, i)) for i in range(4)] == [(2, 2, 3), (0, 1, 3), (5, 6, 6), (0, 2, 9)]
    assert feature(b) == ("G4-3", "before_attack", "heal", 1, 1, [0, 2])


# --- the remaining effects -----------------------------------------------------------------------

def test_front_attack_down_before_the_attack():
    """G4-3 attack_down: the curser lowers the brute in front by 1 before striking it."""
    b = position(a="cells=curser", b="cells=brute")
    attack_step(b, b.sides[0])
    assert stats(unit(b, 1, 0)) == (4, 6, 6)
    assert feature(b) == ("S4-R21", "before_attack", "attack_down", 1, 0, [1])


def test_attack_below_zero_deals_nothing():
    """G4-3: an Attack pushed below 0 deals 0 to a unit or an Ungar, it never heals (S4-R22/S4-R24)."""
    b = position(a="cells=wall:attack=-1,wall:attack=-1", b="cells=grunt deck=wall")
    attack_step(b, b.sides[0])
    assert (unit(b, 1, 0).life, b.sides[1].leadership) == (3, 20)
    assert (one(b, "damage").data["amount"], one(b, "hit_ungar").data["amount"]) == (0, 0)


def test_front_life_down_lowers_life_and_max_and_can_kill():
    """G4-3 life_down: the witherer takes 2 Life and 2 maximum Life from the card in front."""
    b = position(a="cells=witherer,witherer", b="cells=grunt,brute:life=2 deck=wall")
    attack_step(b, b.sides[0])
    assert (stats(unit(b, 1, 0)), cells(b, 1)[1], out(b, 1)) == ((2, 1, 1), None, ["brute"])
    assert one(b, "killed").data["uid"] == 3


def test_only_element_filters_targets():
    """G4-3 only_element: the slayer's 'all enemies' damage hits only darkness cards."""
    b = position(a="cells=slayer", b="cells=imp,grunt,warlord")
    attack_step(b, b.sides[0])
    assert (cells(b, 1)[:3], out(b, 1)) == ([None, "grunt", "warlord"], ["imp"])
    assert (unit(b, 1, 1).life, unit(b, 1, 2).life) == (3, 6)
    assert feature(b) == ("S4-R23", "before_attack", "damage", 2, 0, [1, 3])


def test_only_element_filters_aura_targets():
    """G4-5 only_element on an aura: the gloom terrain gives +2 attack to own darkness units only."""
    b = position(a="cells=imp,grunt,warlord reserve=gloom:0", b="cells=imp")
    enter_battle(b, b.sides[0])
    assert [unit(b, 0, i).attack for i in range(3)] == [3, 2, 6]
    assert unit(b, 1, 0).attack == 1


# --- equipment and terrain -----------------------------------------------------------------------

def test_equipment_features_act_as_the_carriers():
    """G4-3: the thorn mail's 'attacked' feature fires for its carrier, naming the carrier as source."""
    b = position(a="cells=grunt:eq=thorn_mail", b="cells=grunt", active=1)
    assert stats(unit(b, 0, 0)) == (2, 5, 5)
    attack_step(b, b.sides[1])
    assert (stats(unit(b, 0, 0)), stats(unit(b, 1, 0))) == ((2, 3, 5), (2, 2, 3))
    e = one(b, "feature")
    assert (e.data["source"], e.data["card"], e.data["targets"]) == (0, "grunt", [2])


def test_equipment_feature_attached_on_entry_then_fires():
    """G4-3: equipment attached during the entry step carries its feature to the new carrier."""
    b = position(a="cells=grunt reserve=thorn_mail:0", b="cells=brute", seed=3)
    enter_battle(b, b.sides[0])
    b.log.take()
    attack_step(b, b.sides[1])
    assert (cells(b, 0)[0], out(b, 0), unit(b, 1, 0).life) == (None, ["grunt", "thorn_mail"], 5)
    assert one(b, "feature").data["source"] == 0


def test_terrain_aura_applies_to_later_units_and_ends_when_replaced():
    """S4-R18/S4-R19, G4-5: the meadow's +1 reaches a unit that enters later and ends when the fog replaces it."""
    b = position(a="terrain=meadow reserve=grunt:0,fog:1", b="cells=grunt")
    enter_battle(b, b.sides[0])
    assert (unit(b, 0, 0).attack, unit(b, 1, 0).attack) == (3, 2)
    countdown(b, b.sides[0])
    enter_battle(b, b.sides[0])
    assert (b.sides[0].terrain.defn.id, out(b, 0)) == ("fog", ["meadow"])
    assert (unit(b, 0, 0).attack, unit(b, 1, 0).attack) == (2, 1)


def test_terrain_life_down_aura_kills_and_its_removal_restores():
    """G4-5: the plague (-1 Life to enemies) kills a 1-Life imp; replaced by the meadow, the grunt's point comes back."""
    b = position(a="reserve=plague:0,meadow:1", b="cells=imp:life=1,grunt")
    enter_battle(b, b.sides[0])
    assert (cells(b, 1)[:2], out(b, 1), stats(unit(b, 1, 1))) == ([None, "grunt"], ["imp"], (2, 2, 2))
    assert one(b, "killed").rule == "S4-R25"
    countdown(b, b.sides[0])
    enter_battle(b, b.sides[0])
    assert (b.sides[0].terrain.defn.id, out(b, 0), stats(unit(b, 1, 1))) == ("meadow", ["plague"], (2, 3, 3))


def test_terrain_turn_start_feature():
    """G4-3: a terrain's turn_start feature acts for its side (shrine: heal all own units by 1)."""
    b = position(a="cells=grunt:life=1,brute:life=1 terrain=shrine", b="cells=grunt:life=1")
    turn_start(b, b.sides[0])
    assert (unit(b, 0, 0).life, unit(b, 0, 1).life, unit(b, 1, 0).life) == (2, 2, 1)
    assert feature(b) == ("G4-3", "turn_start", "heal", 1, 2, [0, 1])


def test_aura_source_in_the_reserve_gives_nothing():
    """G4-5: an aura counts only while its source is in battle: a banner waiting in reserve gives nothing."""
    b = position(a="cells=grunt,grunt reserve=banner:3")
    enter_battle(b, b.sides[0])
    assert [unit(b, 0, i).attack for i in range(2)] == [2, 2]
    assert events(b, "aura") == []


@pytest.mark.parametrize("decks, auras", [([["t_legion"], ["t_horde"]], True), ([["t_circle"], ["t_horde"]], False)])
def test_setup_notes_whether_any_card_has_an_aura(decks, auras):
    """G4-5: a battle set up from squads tracks auras exactly when some deck card has one (meadow)."""
    content = tomllib.loads(CARDS_FILE.read_text("utf-8"))
    s = Session.start("autobattle", seed=1, setup={"decks": decks, "content": content})
    assert s.state.has_auras is auras
