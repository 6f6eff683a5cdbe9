"""The player's side (P2 rules): deploy, move, Focus, Growth, Swap, the turn's phases, the answers
during the automaton's attacks, and illegal actions refused in one line naming the rule."""

import pytest

from engine.core import IllegalAction
from siege_helpers import new, of, start, step, units

PL, AUT = 0, 1


def test_P2_4_deploy_pays_ap_beside_the_base_in_attack_position():
    session = start(hand={"player": ["ember_2"]}, ap=[5, 10], **{"from": "main"})
    legal = session.decision.legal[0]
    assert ["deploy", 0, "command"] in legal and ["deploy", 0, [4, 0]] in legal
    events = step(session, ["deploy", 0, [4, 2]])
    unit = units(session, PL)["ember_2"]
    assert of(events, "P2-4") and unit.position == "attack" and unit.hp == 4 and session.state.sides[PL].ap == 2


def test_P2_1_move_once_a_turn_for_one_ap():
    session = start(player=["ember_2@4,0"], ap=[5, 10], **{"from": "main"})
    step(session, ["move", 0, [3, 0]])
    assert session.state.unit(0).square == (3, 0) and session.state.sides[PL].ap == 4
    assert not [a for a in session.decision.legal[0] if a[0] == "move"]
    with pytest.raises(IllegalAction, match="P2-1"):
        session.submit(0, ["move", 0, [2, 0]])


def test_P2_8_growth_keeps_damage_and_makes_a_growth_source():
    session = start(player=["ember_1@3,0 hp=1"], hand={"player": ["ember_2"]}, **{"from": "main"})
    step(session, ["grow", 0, 1])
    unit = session.state.unit(0)
    assert unit.defn.id == "ember_2" and unit.hp == 4 - 2 and [c.defn.id for c in unit.growth] == ["ember_1"]


def test_P2_8_nameless_grows_into_any_level_2_main():
    session = start(player=["nameless_footman@3,0"], hand={"player": ["gale_2", "gale_3"]}, **{"from": "main"})
    grows = [a for a in session.decision.legal[0] if a[0] == "grow"]
    assert grows == [["grow", 0, 1]]


def test_P2_9_swap_with_the_commander():
    session = start(player=["ember_2@4,0", "lumen_1@cmd"], **{"from": "main"})
    step(session, ["swap", 0])
    side = session.state.sides[PL]
    assert side.commander.defn.id == "ember_2" and units(session, PL)["lumen_1"].square == (4, 0)


def test_P2_2_player_turn_phases_and_first_turn_without_charge():
    session = new()
    step(session, ["commander", "bastion_1"])
    events = step(session) + step(session) + step(session)
    assert [e["kind"] for e in events] == ["active", "charge", "draw"]
    assert events[1]["skipped"] is True and session.state.sides[PL].ap == 5
    step(session, ["end"])
    assert session.state.active == AUT


def test_P2_18_player_guard_enhancement_and_commander_join():
    session = start(player=["bastion_1@cmd"], automaton=["ember_1@2,1"], hand={"player": ["thorn_1"]},
                    deck={"player": ["thorn_2"]}, **{"from": "attack"})
    step(session)
    assert session.decision.kind == "defend" and session.decision.legal[0] == [["join"], ["stay"]]
    step(session, ["join"])
    assert session.decision.legal[0] == [["defend", 0], ["defend", 1]]
    events = step(session, ["defend", 1])
    assert of(events, "P2-10")[0]["defense"] == 1 + 1 + 1      # thorn_2 DEF 1 + 1 use + Bastion DEF 1


def test_illegal_actions_name_the_rule():
    session = start(player=["ember_2@3,0"], hand={"player": ["ember_4"]}, ap=[2, 10], **{"from": "main"})
    for action, rule in ((["deploy", 1, [4, 0]], "P2-4"), (["attack", 0, "atk", "base", 0], "F2-2"),
                         (["grow", 0, 1], "P2-8"), (["swap", 0], "P2-9"), (["nonsense"], "actions look like")):
        with pytest.raises(IllegalAction, match=rule):
            session.submit(0, action)
