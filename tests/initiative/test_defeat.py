"""Rule tests for issue 23's corrections of defence and defeat: no defend decision without a card that may
defend (F-D3), a block card decided by its condition alone (F-D4)."""

from dataclasses import replace

from helpers import CENTRE, EAST, add_cards, answer, attack, builtin_cards, of, place, start, to_act

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
