"""Each siege option's alternatives: where one changes an outcome, a position shows the difference;
every value of every option plays whole games to an end, the same way twice."""

import pytest

from engine.core import RandomBot, Session, get_ruleset
from siege_helpers import of, start, step

SIEGE = get_ruleset("siege")
AUT, PL = 1, 0


def values(option):
    if option.choices:
        return list(option.choices)
    if isinstance(option.default, bool):
        return [True, False]
    return sorted({option.minimum, option.default, min(option.maximum, option.default + 3)})


CASES = [(o.key, v) for o in SIEGE.options for v in values(o) if v != o.default]


@pytest.mark.parametrize("key, value", CASES, ids=[f"{k}={v}" for k, v in CASES])
def test_every_alternative_plays_to_an_end_deterministically(key, value):
    digests = set()
    for _ in range(2):
        session = Session.start("siege", seed=11, options={key: value})
        session.run({0: get_ruleset("siege").bots["sensible"]()})
        assert session.outcome is not None
        digests.add(session.digest())
    assert len(digests) == 1


def test_G2_4_commander_join_alternatives():
    position = dict(player=["ember_1@2,1"], automaton=["bastion_2@cmd", "gale_1@1,1 def"],
                    deck={"automaton": ["mist_1"]}, **{"from": "main"})
    # ember_1 cannot reach the Base from 2,1 (melee): use thorn_2 (spear) with ATK 3 < Bastion DEF 2? no: 3 ≥ 2
    position["player"] = ["thorn_1@2,1"]            # ATK 2 = Commander DEF 2: joins under the threshold
    joins = {}
    for rule in ("threshold", "always", "never"):
        session = start(options={"commander_join": rule}, **position)
        joins[rule] = of(step(session, ["attack", 0, "atk", "base", 0]), "S2-R34")[0]["joins"]
    assert joins == {"threshold": True, "always": True, "never": False}


def test_G2_5_guard_fights_back_options():
    position = dict(automaton=["ember_1@2,1"], deck={"player": ["thorn_1"]}, **{"from": "attack"})
    assert of(step(start(**position)), "G2-5")[0]["kind"] == "fight_back"
    assert not [e for e in step(start(options={"guard_fights_back": "never"}, **position)) if e["kind"] == "fight_back"]


def test_G2_6_automaton_pays_or_not():
    position = dict(automaton=["ember_1@0,0"], hand={"automaton": ["mist_4"]}, ap=[5, 2], **{"from": "deploy"})
    assert of(step(start(**position)), "G2-6")                   # 5 AP needed, 2 held: stays in hand
    free = start(options={"automaton_pays": False}, **position)
    step(free)
    assert free.state.sides[AUT].commander.defn.id == "mist_4" and free.state.sides[AUT].ap == 2


def test_G2_7_focus_none_removes_focus():
    position = dict(player=["thorn_1@2,0"], automaton=["ember_1@1,0"], **{"from": "attack"})
    assert of(step(start(**position)), "G2-7")
    session = start(options={"focus": "none"}, **position)
    assert not of(step(session), "G2-7") and session.state.unit(1).focus == 0


def test_G2_8_mp_regenerates_only_when_asked():
    position = dict(automaton=["ember_3@0,0 mp=0"], deck={"automaton": ["mist_1"]}, **{"from": "charge"})
    session = start(**position)
    step(session)
    assert session.state.unit(0).mp == 0
    session = start(options={"mp_regen": 2}, **position)
    step(session)
    assert session.state.unit(0).mp == 2


def test_A2_2_heal_one_heals_a_single_point():
    position = dict(automaton=["bastion_3@0,0 hp=1"], ap=[5, 5], deck={"automaton": ["mist_1"]}, **{"from": "charge"})
    convert, one = start(**position), start(options={"charge_overflow": "heal_one"}, **position)
    step(convert), step(one)
    assert convert.state.unit(0).hp == 3 and one.state.unit(0).hp == 2


def test_A2_11_commander_not_healed_when_excluded():
    position = dict(automaton=["bastion_3@cmd hp=1"], ap=[5, 5], deck={"automaton": ["mist_1"]}, **{"from": "charge"})
    session = start(options={"heal_commander": False}, **position)
    events = step(session)
    assert session.state.unit(0).hp == 1 and of(events, "G2-9")


def test_A2_5_same_side_reads_the_back_line_from_the_exclusion_side():
    position = dict(automaton=["mist_1@0,0", "frost_1@0,2"], **{"from": "attack"})
    for option, first in (("serpentine", [0, 2]), ("same_side", [0, 0])):
        session = start(options={"attack_order": option}, **position)
        assert of(step(session), "S2-R21")[0]["square"] == first


def test_A2_6_level_cap_allows_more_than_two_against_one_damage():
    position = dict(player=["thorn_2@2,1"], automaton=["bastion_3@1,1 def"], **{"from": "main"})
    events = step(start(options={"defense_cap": "level"}, **position), ["attack", 0, "atk", 1, 0])
    assert of(events, "S2-R32")[0]["cap"] == 3


def test_A2_7_to_survive_skips_a_hopeless_enhancement():
    position = dict(player=["ember_4@2,1"], automaton=["gale_1@1,1 def"], **{"from": "main"})
    events = step(start(options={"defend_enhance": "to_survive"}, **position), ["attack", 0, "atk", 1, 0])
    assert of(events, "S2-R31")[0]["uses"] == 0
    events = step(start(**position), ["attack", 0, "atk", 1, 0])
    assert of(events, "S2-R31")[0]["uses"] == 1


def test_A2_9_drawn_only_leaves_other_cards_in_hand():
    position = dict(automaton=["ember_1@0,0"], hand={"automaton": ["mist_1", "thorn_1"]}, **{"from": "deploy"})
    session = start(options={"deploy_from_hand": "drawn"}, **position)
    step(session)
    assert len(session.state.sides[AUT].hand) == 2          # no card was drawn this turn


def test_A2_10_printed_max_hp_lets_healing_go_past_the_level():
    position = dict(automaton=["bastion_3@0,0"], ap=[5, 5], deck={"automaton": ["mist_1"]}, **{"from": "charge"})
    session = start(options={"automaton_max_hp": "printed"}, **position)
    step(session)
    assert session.state.unit(0).hp == 3 + 3                # printed HP 6, from 3


def test_G2_14_deck_out_options():
    position = dict(automaton=["ember_1@0,0"], **{"from": "draw"})
    assert of(step(start(**position)), "G2-14")
    session = start(options={"deck_out": "player_wins"}, **position)
    step(session)
    assert session.outcome.winners == (0,) and session.outcome.rule == "G2-14"


def test_A2_1_victory_damage_is_an_option():
    position = dict(player=["thorn_2@2,1"], deck={"automaton": ["nameless_footman"]}, base=[8, 2], **{"from": "main"})
    session = start(options={"victory_damage": 4}, **position)
    step(session, ["attack", 0, "atk", "base", 0])
    assert session.outcome.winners == (0,)


def test_G2_13_attribute_edge_adds_to_the_attack():
    position = dict(player=["ember_1@2,1"], automaton=["gale_1@1,1 def"], **{"from": "main"})   # fire beats wind
    events = step(start(options={"attribute_edge": 2}, **position), ["attack", 0, "atk", 1, 0])
    assert of(events, "F2-5")[0]["attack"] == 2 + 2


def test_G2_12_abilities_off():
    position = dict(automaton=["ember_2@2,1"], deck={"player": ["nameless_footman"]}, **{"from": "attack"})
    assert not of(step(start(options={"abilities": False}, **position)), "S2-R37")


def test_P2_5_attack_cost_and_P2_6_hand_first_payment():
    # uids: ember_3 0, its Growth Source 1, gale_1 2, the hand card 3
    position = dict(player=["ember_3@2,1 growth=ember_1"], automaton=["gale_1@1,1 def"],
                    hand={"player": ["ember_2"]}, ap=[5, 10], **{"from": "main"})
    session = start(options={"attack_cost": 3, "enhance_payment": "hand_first"}, **position)
    events = step(session, ["attack", 0, "atk", 2, 1])
    assert session.state.sides[PL].ap == 2 and of(events, "F2-4")[0]["source"] == "hand"
    session = start(**position)
    events = step(session, ["attack", 0, "atk", 2, 1])
    assert session.state.sides[PL].ap == 4 and of(events, "F2-4")[0]["source"] == "growth"


def test_G2_1_board_and_G2_2_damage_are_data():
    session = Session.start("siege", seed=2, options={"board": "deep", "damage": "dice"})
    assert session.view(0)["board"]["rows"] == 7
    session.run({0: RandomBot()})
    assert session.outcome is not None
