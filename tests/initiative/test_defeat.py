"""Rule tests for issue 23's corrections of defence and defeat: no defend decision without a card that may
defend (F-D3), a block card decided by its condition alone (F-D4), the defeated hero's effects cancelled at
once on every unit they touch while the markers it gave stay (F-K1, A1-8), and its unresolved card resolved
at the moment of defeat, out of the initiative order (G1-6, option defeated_card)."""

from dataclasses import replace

from engine.rulesets.initiative import stats
from helpers import (CENTRE, EAST, add_cards, answer, attack, builtin_cards, idle, make_card, of, place, play,
                     start, step, to_act)

CARDS = ["brannoc_red1", "isra_gold", "brannoc_gold", "isra_silver"]       # initiatives 5, 2, 2, 3


def attacked(**options):
    """Brannoc (hero 0, brannoc_red1: attack 5) about to attack Isra (hero 1) beside it; heroes 2 and 3 off."""
    session = start(**options)
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, CARDS, 0)
    return session


# --- F-D3: no card that may defend, no question ----------------------------------------------------------

def test_F_D3_a_hero_attacked_with_an_empty_hand_is_defeated_at_once_without_a_defend_decision():
    session = attacked()
    session.state.heroes[1].hand = []
    events = attack(session, 1)
    assert of(events, "F-D3") == [{"kind": "no_defense", "rule": "F-D3", "hero": 1, "attack": 5, "why": "empty_hand"}]
    assert of(events, "F-K1")[0] == {"kind": "defeated", "rule": "F-K1", "hero": 1, "by": 0}
    assert session.state.heroes[1].position is None and session.state.life["blue"] == 3
    kinds = [e["kind"] for e in events]
    assert kinds.index("attack_total") < kinds.index("no_defense") < kinds.index("defeated") < kinds.index("attack_end")
    assert session.decision is None or session.decision.kind != "defend"    # nobody was asked: the turn went on
    assert all(e.to_data()["kind"] != "defend" for step_events in session.history for e in step_events)


def test_F_D3_P1_2_no_card_that_may_defend_under_defend_cards_is_defeat_at_once_but_any_card_asks():
    bare = replace(builtin_cards()["isra_green1"], id="isra_bare", secondaries={"movement": 2})   # no Defense value
    session = attacked()
    add_cards(session, bare)
    session.state.heroes[1].hand = ["isra_bare"]
    events = attack(session, 1)
    assert of(events, "F-D3")[0]["why"] == "none_may_defend" and session.state.heroes[1].position is None
    session = attacked(defend_cards="any")                   # the same hand may defend with 0: it is asked
    add_cards(session, bare)
    session.state.heroes[1].hand = ["isra_bare"]
    events = attack(session, 1)
    assert not of(events, "F-D3") and session.decision.kind == "defend"
    assert session.decision.legal[1] == [["defend", "isra_bare"], ["no_defense"]]
    events = answer(session, ["no_defense"])                 # will not defend (F-D3): chosen
    assert of(events, "F-D3")[0]["why"] == "chosen" and of(events, "F-K1")


# --- F-D4: a block card holds by its condition alone ------------------------------------------------------

def test_F_D4_a_block_card_whose_condition_is_not_met_is_defeat_even_with_a_number_beside_the_block():
    ward = replace(builtin_cards()["brannoc_blue1"], id="isra_ward", hero="isra")   # Defense 5, "!" vs ranged attacks
    session = attacked()
    add_cards(session, ward)
    session.state.heroes[1].hand.append("isra_ward")
    attack(session, 1)                                       # a melee attack of 5: 5 ≥ 5, but the block is for ranged
    decision = session.decision
    assert decision.kind == "defend" and decision.prompt["cards"]["isra_ward"] == {
        "total": 5, "blocks": False, "defends": False}
    assert decision.prompt["cards"]["isra_silver"] == {"total": 4, "blocks": False, "defends": False}
    events = answer(session, ["defend", "isra_ward"])
    assert of(events, "F-D4") == [{"kind": "defend", "rule": "F-D4", "hero": 1, "card": "isra_ward", "defense": 5,
                                   "attack": 5, "defended": False}]
    assert of(events, "F-K1")[0]["hero"] == 1 and session.state.heroes[1].position is None
    assert "isra_ward" in session.state.heroes[1].discard


# --- F-K1 / A1-8: the defeated hero's effects end at once; the markers it gave stay ----------------------------

def test_F_K1_A1_8_the_effects_a_defeated_hero_created_end_at_once_on_every_unit_the_markers_it_gave_stay():
    slow = make_card("isra_slow", "isra_green1", [
        {"do": "modify", "stat": "movement", "amount": -1, "duration": "this_round", "who": "enemy_in_radius",
         "radius": 2},
        {"do": "marker", "marker": "poison", "who": "enemy_in_radius", "radius": 2}])            # initiative 8
    session = start()
    add_cards(session, slow)
    session.state.heroes[1].hand.append("isra_slow")
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    play(session, "brannoc_red1", "isra_slow", "brannoc_gold", "isra_silver")
    step(session)
    events = answer(session, ["skill"])
    brannoc = session.state.heroes[0]
    assert [e["by"] for e in brannoc.effects] == [1] and brannoc.markers == ["poison"]
    assert stats.effect_bonus(session.state, brannoc, "movement") == -1
    brannoc.effects.append({"stat": "defense", "amount": 1, "start": 1, "end": 4, "card": "brannoc_green1", "by": 2})
    while session.state.acting != 0 or session.decision.kind != "choose_action":
        step(session) if session.decision is None else idle(session)
    attack(session, 1)
    events = answer(session, ["no_defense"])
    assert of(events, "F-K1") == [
        {"kind": "defeated", "rule": "F-K1", "hero": 1, "by": 0},
        {"kind": "effect_cancelled", "rule": "F-K1", "hero": 0, "by": 1, "stat": "movement", "amount": -1,
         "card": "isra_slow"}]
    assert stats.effect_bonus(session.state, brannoc, "movement") == 0          # now, not at the End of Round
    assert [e["by"] for e in brannoc.effects] == [2]                            # another hero's effect stays
    assert brannoc.markers == ["poison"]                                        # A1-8: the marker it gave stays
    assert session.state.heroes[1].markers == [] and session.state.heroes[1].effects == []


# --- G1-6: the defeated hero's card resolves at the moment of defeat -----------------------------------------

def test_G1_6_the_defeated_heros_card_resolves_at_defeat_and_can_no_longer_win_a_tie_or_flip_the_coin():
    session = start(coin="blue")
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    play(session, *CARDS)                            # 5; then 3; then red hero 2 and blue hero 1 tied at 2
    step(session)
    attack(session, 1)
    events = answer(session, ["no_defense"])
    assert of(events, "G1-6") == [{"kind": "no_action", "rule": "G1-6", "hero": 1, "at_defeat": True}]
    assert {"kind": "resolved", "rule": "S1-R21", "hero": 1, "card": "isra_gold", "slot": 1} in events
    kinds = [(e["kind"], e.get("hero")) for e in events]
    assert kinds.index(("defeated", 1)) < kinds.index(("no_action", 1)) < kinds.index(("resolved", 1)) \
        < kinds.index(("resolved", 0))
    assert session.state.heroes[1].dashboard[0] == "isra_gold" and 1 not in session.state.unresolved
    step(session)
    idle(session)                                    # hero 3 (3) declines to respawn
    events = step(session)                           # hero 2 alone at 2: no tie, the coin stays on blue
    assert of(events, "S1-R8")[0]["hero"] == 2 and not of(events, "S1-R9")
    idle(session)
    assert session.state.coin == "blue" and not session.state.unresolved


def test_G1_6_resolves_in_order_keeps_the_card_in_the_order_and_its_tie_winner_flips_or_not_by_option():
    """The named alternative (defeated_card resolves_in_order), today's engine before issue 23."""
    for option, flips in (("flip", True), ("no_flip", False)):
        session = start(coin="blue", defeated_card="resolves_in_order", defeated_flip=option)
        place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
        play(session, *CARDS)
        step(session)
        attack(session, 1)
        events = answer(session, ["no_defense"])
        assert not of(events, "G1-6") and 1 in session.state.unresolved
        step(session)
        idle(session)                                # hero 3 (3) declines to respawn
        events = step(session)                       # the tie at 2: the coin shows blue, whose hero 1 is defeated
        assert of(events, "S1-R9") and of(events, "F-K1")[0] == {"kind": "no_action", "rule": "F-K1", "hero": 1}
        assert bool(of(events, "S1-R10")) == flips
        assert session.state.coin == ("red" if flips else "blue")
