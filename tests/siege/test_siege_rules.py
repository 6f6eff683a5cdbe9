"""Rule tests for siege: each sets up an exact position, acts, and checks the state and the events
(with their rule ids, and the reasons where the rule is a choice). Test names carry the rule id."""

import pytest

from siege_helpers import new, of, reasons, start, step, units

AUT, PL = 1, 0


# --- set-up (S2-R1, S2-R4…R8, F2-7…F2-9) ---------------------------------------------------------

def test_S2_R1_the_players_turn_is_the_two_player_game():
    session = new()
    assert of([e.to_data() for e in session.history[0]], "S2-R1")
    session.submit(0, ["commander", "bastion_1"])
    kinds = {a[0] for a in (session.run() or session.decision.legal[0])}
    assert {"deploy", "end"} <= kinds and session.decision.kind == "choose_action"


def test_S2_R4_S2_R5_opening_places_three_cards_with_hp_and_mp_of_their_level():
    session = new()
    events = [e.to_data() for e in session.history[0]]
    placed = of(events, "S2-R4")
    assert [p["square"] for p in placed] == [None, [0, 0], [0, 2]]
    robot = session.state.sides[AUT]
    assert robot.commander is not None and len(robot.units) == 2
    for unit in robot.characters():
        assert unit.hp == unit.mp == unit.defn.level
    assert len(of(events, "S2-R5")) == 3


def test_S2_R6_automaton_uses_mp_not_growth_sources():
    session = new()
    assert of([e.to_data() for e in session.history[0]], "S2-R6")
    assert all(u.mp == u.defn.level and not u.growth for u in session.state.sides[AUT].characters())


def test_S2_R7_S2_R8_player_first_with_5_ap_automaton_10():
    session = new()
    events = [e.to_data() for e in session.history[0]]
    assert of(events, "S2-R7")[0]["side"] == 0
    assert of(events, "S2-R8")[0] == {"kind": "ap", "rule": "S2-R8", "player": 5, "automaton": 10}
    assert session.state.active == 0 and session.decision.players == (0,)


def test_F2_7_decks_of_50_to_60_cards():
    session = new()
    decks = of([e.to_data() for e in session.history[0]], "F2-7")
    assert [d["cards"] for d in decks] == [54, 52]


def test_F2_8_player_chooses_a_level_1_main_card_for_the_command_zone():
    session = new()
    legal = session.decision.legal[0]
    assert session.decision.kind == "choose_card"
    assert sorted(a[1] for a in legal) == ["bastion_1", "ember_1", "lumen_1", "thorn_1"]
    events = step(session, ["commander", "lumen_1"])
    assert of(events, "F2-8")[0]["square"] is None
    assert session.state.sides[PL].commander.defn.id == "lumen_1"
    assert len(session.state.sides[PL].hand) == 5


def test_F2_9_player_base_starts_at_8_hp():
    session = new()
    assert of([e.to_data() for e in session.history[0]], "F2-9")[0]["hp"] == 8
    assert session.state.sides[PL].base_hp == 8
    assert new(options={"player_base_hp": 12}).state.sides[PL].base_hp == 12


# --- victory and defeat (S2-R2, S2-R3) ---------------------------------------------------------

def test_S2_R2_ten_damage_on_the_automatons_base_wins():
    session = start(player=["thorn_2@2,1"], deck={"automaton": ["nameless_footman"]}, base=[8, 9], **{"from": "main"})
    events = step(session, ["attack", 0, "atk", "base", 0])
    hit = of(events, "S2-R2")
    assert hit[0]["damage"] == 2 and hit[0]["total"] == 11          # ATK 3 − Guard DEF 1
    assert session.outcome.winners == (0,) and session.outcome.rule == "S2-R2"


def test_S2_R3_an_attack_through_at_0_hp_loses_but_0_hp_alone_does_not():
    session = start(automaton=["ember_2@2,1"], base=[0, 0], **{"from": "attack"})
    assert session.outcome is None               # 0 HP alone: the game goes on
    events = step(session)
    assert of(events, "S2-R3") and session.outcome.automaton and session.outcome.rule == "S2-R3"


# --- the automaton's phases ----------------------------------------------------------------------

def test_S2_R9_active_phase_turns_defense_to_attack():
    session = start(automaton=["gale_1@cmd", "ember_2@0,0 def", "thorn_1@0,2"], deck={"automaton": ["mist_1"]},
                    **{"from": "active"})
    events = step(session)
    assert of(events, "S2-R9")[0]["turned"] == [1]
    assert all(u.position == "attack" for u in session.state.sides[AUT].characters())


def test_S2_R10_charge_recovers_10_ap():
    session = start(automaton=["gale_1@cmd", "ember_2@0,0"], ap=[5, 0], deck={"automaton": ["mist_1"]},
                    **{"from": "charge"})
    events = step(session)
    assert of(events, "S2-R10")[0]["ap"] == 10 and session.state.sides[AUT].ap == 10
    assert [e["kind"] for e in of(events, "S2-R11")] == ["no_heal"]             # 10 is not 11 or more
    assert reasons(of(events, "S2-R11")[0]) == ["AP is 10 after the charge: HP rises only at 11 AP or more"]


def test_S2_R11_no_one_hurt_is_cited_with_its_reason():
    session = start(automaton=["gale_1@cmd", "ember_2@0,0"], ap=[5, 3], deck={"automaton": ["mist_1"]},
                    **{"from": "charge"})
    events = step(session)
    cited = of(events, "S2-R11")
    assert [e["kind"] for e in cited] == ["no_heal"] and cited[0]["ap"] == 10
    assert reasons(cited[0]) == ["no character of the automaton is hurt"]
    assert [e["kind"] for e in of(events, "G2-9")] == ["overflow_lost"] and session.state.sides[AUT].ap == 10
    assert all(u.hp == u.max_hp for u in units(session, AUT).values())


def test_S2_R11_overflow_heals_highest_max_hp_then_lowest_hp_then_freely():
    session = start(automaton=["gale_1@cmd", "bastion_3@0,0 hp=1", "mist_3@0,2 hp=2"], ap=[5, 3],
                    deck={"automaton": ["mist_1"]}, **{"from": "charge"})
    events = step(session)
    heals = of(events, "S2-R11")
    assert len(heals) == 3 and session.state.sides[AUT].ap == 10             # 13 AP: 3 points above 10
    assert heals[0]["uid"] == 1 and "free" not in str(heals[0]["reasons"])   # bastion: max 3, HP 1 first
    assert any(r.get("free") for r in heals[1]["reasons"])                    # then 2 and 2 tie: a free choice
    robot = units(session, AUT)
    assert robot["bastion_3"].hp + robot["mist_3"].hp == 6                   # never above the maximum (A2-10)


def test_S2_R12_draw_the_top_card_of_the_base():
    session = start(automaton=["gale_1@cmd"], deck={"automaton": ["mist_1", "thorn_1"]}, **{"from": "draw"})
    events = step(session)
    assert of(events, "S2-R12")[0]["hand"] == 1
    assert [c.defn.id for c in session.state.sides[AUT].hand] == ["mist_1"]


def test_S2_R13_a_fourth_card_goes_to_standby_and_hurts_the_players_base():
    position = dict(automaton=["gale_1@cmd"], hand={"automaton": ["ember_4", "thorn_4", "gale_4"]},
                    deck={"automaton": ["mist_4"]}, **{"from": "draw"})
    session = start(**position)
    events = step(session)
    assert of(events, "S2-R13")[0]["to"] == "player"
    assert session.state.sides[PL].base_hp == 7 and len(session.state.sides[AUT].hand) == 3
    assert session.state.sides[AUT].standby[-1].defn.id == "mist_4"
    other = start(options={"overflow_damage": "automaton"}, **position)      # A2-3 (a)
    step(other)
    assert other.state.sides[PL].base_hp == 8 and other.state.sides[AUT].base_damage == 1


def test_S2_R14_main_phase_never_grows_or_swaps():
    session = start(automaton=["gale_1@cmd", "ember_1@0,0"], hand={"automaton": ["mist_1"]}, **{"from": "deploy"})
    events = step(session)
    assert of(events, "S2-R14")[0]["actions"] == ["deploy", "move", "focus", "attack", "ability"]
    assert not [e for e in events if e["kind"] in ("grow", "swap")]


# --- deploy and move ---------------------------------------------------------------------------

def test_S2_R15_command_zone_first_then_beside_the_base():
    session = start(automaton=["ember_1@0,0"], hand={"automaton": ["mist_1", "thorn_1"]}, **{"from": "deploy"})
    events = step(session)
    deploys = of(events, "S2-R15")
    assert deploys[0]["square"] is None and deploys[1]["square"] == [0, 2]
    assert "Command Zone is empty" in reasons(deploys[0], "S2-R15")[0]
    assert session.state.sides[AUT].ap == 10 - 2 - 3           # G2-6: costs paid (mist_1 2, thorn_1 3)


def test_S2_R16_S2_R17_S2_R18_S2_R19_move_along_the_fewer_route_to_free_a_square():
    session = start(automaton=["gale_1@cmd", "ember_1@0,0", "thorn_1@0,2", "mist_1@2,2"],
                    hand={"automaton": ["lumen_1"]}, **{"from": "deploy"})
    events = step(session)
    assert of(events, "S2-R16")
    advance = of(events, "S2-R17")[0]
    assert advance["route"] == "red"                         # red holds 1 enemy, blue 2
    assert advance["moves"] == [[1, [0, 0], [1, 0]]]
    assert of(events, "S2-R18")[0]["reached"] is True
    assert of(events, "S2-R19")[0]["ap"] == 10               # moving cost nothing
    robot = units(session, AUT)
    assert robot["ember_1"].square == (1, 0) and robot["lumen_1"].square == (0, 0)
    assert session.state.sides[AUT].ap == 10 - 2            # only lumen_1's deployment cost


def test_S2_R17_tied_routes_are_a_free_choice():
    session = start(automaton=["gale_1@cmd", "ember_1@0,0", "thorn_1@0,2"], hand={"automaton": ["lumen_1"]},
                    **{"from": "deploy"})
    events = step(session)
    first = of(events, "S2-R17")[0]
    assert any(r.get("free") for r in first["reasons"])


def test_S2_R18_keeps_one_square_beside_the_base_empty_after_deploying():
    session = start(automaton=["gale_1@cmd", "ember_1@0,0", "thorn_1@0,2"], hand={"automaton": ["lumen_1"]},
                    **{"from": "deploy"})
    step(session)
    beside = [session.state.occupant(sq) for sq in ((0, 0), (0, 2))]
    assert beside.count(None) == 1                          # both routes advanced; one square stays free
    assert len(session.state.sides[AUT].units) == 3


def test_S2_R18_A2_4_only_the_characters_in_the_way_move():
    """Red (2 enemies) advances before blue (3): only ember_1, in the way of freeing [0,0], moves;
    mist_1 far along the route at [2,0] stays. Then blue's unbroken line [0,2]..[2,2] advances one
    square so that a square beside the Base stays empty after the deployment (A2-4)."""
    session = start(automaton=["gale_1@cmd", "ember_1@0,0", "mist_1@2,0", "thorn_1@0,2", "frost_1@1,2",
                               "shade_1@2,2"], hand={"automaton": ["lumen_1"]}, **{"from": "deploy"})
    robot = units(session, AUT)
    uid = {cid: robot[cid].card.uid for cid in robot}
    events = step(session)
    red, blue = of(events, "S2-R17")
    assert red["route"] == "red" and red["moves"] == [[uid["ember_1"], [0, 0], [1, 0]]]
    assert red["stay"] == [uid["mist_1"]]
    assert "only the characters in the way of freeing the square beside the Base move" in reasons(red, "S2-R18")
    assert blue["route"] == "blue" and blue["stay"] == []
    assert blue["moves"] == [[uid["shade_1"], [2, 2], [2, 1]], [uid["frost_1"], [1, 2], [2, 2]],
                             [uid["thorn_1"], [0, 2], [1, 2]]]
    assert [e["reached"] for e in of(events, "S2-R18") if e["kind"] == "moved_enough"] == [True, True]
    robot = units(session, AUT)
    assert {cid: u.square for cid, u in robot.items()} == {
        "ember_1": (1, 0), "mist_1": (2, 0), "thorn_1": (1, 2), "frost_1": (2, 2), "shade_1": (2, 1),
        "lumen_1": (0, 0)}
    assert session.state.occupant((0, 2)) is None             # one square around the Base left empty


def test_S2_R18_a_line_that_cannot_move_frees_nothing_and_the_far_ones_stay():
    """Red's line [0,0],[1,0],[2,0] ends at the centre, taken by the player's character: red cannot
    free its square; blue's line is only thorn_1, so it alone moves and blue's far shade_1 stays."""
    session = start(player=["ember_2@2,1"], automaton=["gale_1@cmd", "ember_1@0,0", "mist_1@1,0", "frost_1@2,0",
                                                      "thorn_1@0,2", "shade_1@2,2"],
                    hand={"automaton": ["lumen_1"]}, **{"from": "deploy"})
    robot = units(session, AUT)
    events = step(session)
    (advance,) = of(events, "S2-R17")
    assert advance["route"] == "blue" and advance["moves"] == [[robot["thorn_1"].card.uid, [0, 2], [1, 2]]]
    assert advance["stay"] == [robot["shade_1"].card.uid]
    moved = of(events, "S2-R18")
    assert [e["reached"] for e in moved if e["kind"] == "moved_enough"] == [True, False]
    robot = units(session, AUT)
    assert robot["shade_1"].square == (2, 2) and robot["frost_1"].square == (2, 0)
    assert robot["lumen_1"].square == (0, 2)


# --- attack declarations ------------------------------------------------------------------------

def test_S2_R20_S2_R21_front_line_from_the_exclusion_side_then_back_line():
    session = start(automaton=["gale_1@cmd", "ember_1@1,2", "thorn_1@1,0", "mist_1@0,0", "frost_1@0,2"],
                    **{"from": "attack"})
    order = []
    while session.outcome is None and session.state.active == 1:
        for event in step(session):
            if event["rule"] == "S2-R21":
                order.append(event["square"])
            if event["rule"] == "S2-R20" and event["kind"] == "line":
                order.append(event["line"])
    assert order == ["front", [1, 0], [1, 2], "back", [0, 2], [0, 0]]


def test_S2_R22_atk_or_mat_whichever_deals_more():
    session = start(player=["ember_1@3,1 def"], automaton=["gale_2@2,1"], **{"from": "attack"})
    events = step(session)
    mode = of(events, "S2-R22")[0]
    assert mode["mode"] == "mat"
    assert [r["damage"] for r in mode["reasons"][:2]] == [0, 3]      # ATK 0; MAT 3 vs MDF 0


def test_S2_R22_equal_damage_takes_the_higher_value():
    session = start(automaton=["lumen_2@2,1"], deck={"player": ["nameless_footman"]}, **{"from": "attack"})
    events = step(session)
    mode = of(events, "S2-R22")[0]
    assert mode["mode"] == "mat" and "Guard is unseen" in reasons(mode)[-1]


def test_S2_R23_one_mp_per_use_for_the_fields_value():
    session = start(player=["ember_2@3,1 def hp=5 max=5"], automaton=["ember_3@2,1"], **{"from": "attack"})
    events = step(session)
    enh = of(events, "S2-R23")[0]
    assert enh["uses"] == 1 and enh["mp"] == 2
    assert of(events, "F2-1")[0]["attack"] == 4 + 1 + 2     # ATK 4, War Cry +1 (S2-R37), field 2
    assert session.state.unit(1).mp == 2
    assert of(events, "F2-5")[0]["damage"] == 6 and not units(session, PL)


def test_S2_R24_enhances_to_defeat_a_target_with_a_growth_source():
    session = start(player=["ember_2@3,1 def growth=ember_1"], automaton=["ember_3@2,1"], **{"from": "attack"})
    events = step(session)
    enh = of(events, "S2-R23")[0]
    assert enh["uses"] == 1                                 # 5 − (1 + 1 expected) = 3 < 4 HP; 7 − 2 = 5
    plain = start(player=["ember_2@3,1 def"], automaton=["ember_3@2,1"], **{"from": "attack"})
    assert of(step(plain), "G2-10")[0]["uses"] == 0         # without a Growth Source 5 − 1 = 4 suffices
    assert any(r["rule"] == "S2-R24" and r.get("expected") == 1 for r in enh["reasons"])


def test_G2_10_no_enhancement_when_it_cannot_defeat():
    session = start(player=["bastion_4@3,1 def"], automaton=["ember_3@2,1"], **{"from": "attack"})
    events = step(session)
    enh = of(events, "G2-10")[0]
    assert enh["uses"] == 0 and session.state.unit(1).mp == 3
    other = start(options={"not_lethal": "max"}, player=["bastion_4@3,1 def"], automaton=["ember_3@2,1"],
                  **{"from": "attack"})
    step(other)
    assert other.state.unit(1).mp == 2


def test_S2_R25_target_adjacent_then_same_column_with_reasons():
    session = start(player=["thorn_1@2,0 def", "bastion_1@3,1 def"], automaton=["ember_2@2,1"], **{"from": "attack"})
    events = step(session)
    target = of(events, "S2-R25")[0]
    assert target["target"] == 1                            # bastion_1: adjacent and same column
    cands = [r for r in target["reasons"] if "uid" in r]
    assert [(c["uid"], c["adjacent"], c["same_column"]) for c in cands] == [(1, True, True), (0, True, False)]


def test_S2_R25_lower_hp_then_lower_cost_then_free():
    session = start(player=["ember_2@2,0 def hp=2", "thorn_1@2,2 def"], automaton=["ember_2@2,1"],
                    **{"from": "attack"})
    target = of(step(session), "S2-R25")[0]
    assert target["target"] == 0                            # HP 2 < 3
    session = start(player=["ember_1@2,0 def", "thorn_1@2,2 def"], automaton=["ember_2@2,1"], **{"from": "attack"})
    target = of(step(session), "S2-R25")[0]
    assert target["target"] == 0                            # HP 3 = 3; cost 2 < 3
    session = start(player=["ember_1@2,0 def", "ember_1@2,2 def"], automaton=["ember_2@2,1"], **{"from": "attack"})
    target = of(step(session), "S2-R25")[0]
    assert any(r.get("free") for r in target["reasons"])


def test_S2_R26_the_attacker_goes_to_defense_position():
    session = start(player=["ember_1@3,1 def"], automaton=["gale_2@2,1"], **{"from": "attack"})
    events = step(session)
    assert of(events, "S2-R26")[0]["uid"] == 1 and session.state.unit(1).position == "defense"


def test_S2_R27_S2_R28_from_the_invasion_zone_the_base_with_maximum_enhancement():
    session = start(automaton=["ember_3@2,1"], deck={"player": ["nameless_footman"]}, **{"from": "attack"})
    events = step(session)
    assert of(events, "S2-R27")
    enh = of(events, "S2-R28")[0]
    assert enh["uses"] == 1 and session.state.unit(0).mp == 2
    fight = of(events, "P2-10")[0]
    assert fight["attack"] == 4 + 1 + 2 and fight["damage"] == 7 - 1
    assert session.state.sides[PL].base_hp == 2


def test_S2_R29_a_square_freed_mid_sequence_is_filled_before_the_next_attack():
    session = start(automaton=["gale_1@cmd", "ember_1@2,1", "thorn_1@0,0", "lumen_1@0,2"],
                    hand={"automaton": ["mist_1"]}, deck={"player": ["thorn_4"]}, **{"from": "attack"})
    events = step(session)
    assert of(events, "G2-5") and session.state.unit(1) is None      # the Guard struck ember_1 down
    events = step(session)
    assert of(events, "S2-R29")[0]["freed"] == 1
    moved = of(events, "S2-R17")[0]["moves"]
    assert moved and all(session.state.unit(m[0]).position == "attack" for m in moved)
    assert of(events, "S2-R29")[-1]["card"] == "mist_1"
    assert session.state.sides[AUT].hand == []


# --- defending -------------------------------------------------------------------------------------

def test_S2_R30_S2_R31_S2_R32_S2_R33_defensive_enhancement_until_no_change():
    session = start(player=["thorn_2@2,1"], automaton=["bastion_2@1,1 def"], **{"from": "main"})
    events = step(session, ["attack", 0, "atk", 1, 0])
    assert of(events, "S2-R30")[0]["can"] is True
    cap = of(events, "S2-R32")[0]
    assert cap["predicted"] == 1 and cap["cap"] == 2
    enh = of(events, "S2-R31")[0]
    assert enh["uses"] == 1 and enh["mp"] == 1                        # a 2nd use would not change 0 damage
    assert reasons(enh, "S2-R33")
    assert of(events, "F2-5")[0]["damage"] == 0 and session.state.unit(1).hp == 2


def test_S2_R32_cap_is_the_level_against_two_or_more():
    session = start(player=["ember_4@2,1"], automaton=["bastion_2@1,1 def"], **{"from": "main"})
    events = step(session, ["attack", 0, "atk", 1, 0])
    cap = of(events, "S2-R32")[0]
    assert cap["predicted"] == 3 and cap["cap"] == 2
    assert of(events, "S2-R31")[0]["uses"] == 2 and of(events, "F2-5")[0]["damage"] == 1


def test_S2_R33_no_enhancement_when_the_damage_is_already_zero():
    session = start(player=["ember_1@2,1"], automaton=["bastion_2@1,1 def"], **{"from": "main"})
    events = step(session, ["attack", 0, "atk", 1, 0])
    assert of(events, "S2-R33") and not of(events, "S2-R31") and session.state.unit(1).mp == 2


def test_S2_R34_S2_R35_commander_joins_by_attack_power_and_the_guard_spends_a_namesakes_mp():
    position = dict(player=["thorn_2@2,1"], automaton=["bastion_1@cmd", "mist_2@0,0"],
                    deck={"automaton": ["mist_1"]}, **{"from": "main"})
    session = start(**position)
    events = step(session, ["attack", 0, "atk", "base", 0])
    join = of(events, "S2-R34")[0]
    assert join["joins"] is True and "attack 3 ≥" in join["reasons"][0]["why"]
    guard = of(events, "S2-R35")[0]
    assert guard["payer"] == 2 and guard["uses"] >= 1
    assert session.state.unit(2).mp == 2 - guard["uses"]
    never = start(options={"commander_join": "never"}, **position)
    assert of(step(never, ["attack", 0, "atk", "base", 0]), "S2-R34")[0]["joins"] is False


# --- abilities -----------------------------------------------------------------------------------

def test_S2_R36_abilities_after_the_declaration_are_always_used():
    session = start(automaton=["lumen_2@2,1", "thorn_3@1,0 hp=1"], deck={"player": ["nameless_footman"]},
                    **{"from": "attack"})
    step(session)
    events = step(session)
    mend = of(events, "S2-R36")[0]
    assert mend["ability"] == "mend" and mend["target"] == 1 and session.state.unit(1).hp == 3


def test_S2_R37_spade_abilities_come_before_the_declaration():
    session = start(automaton=["ember_2@2,1"], deck={"player": ["nameless_footman"]}, **{"from": "attack"})
    events = step(session)
    kinds = [(e["rule"], e["kind"]) for e in events]
    assert kinds.index(("S2-R37", "ability")) < kinds.index(("F2-1", "declare"))
    assert of(events, "F2-1")[0]["attack"] == 3 + 1


# --- the fuller rules (F2) -------------------------------------------------------------------------

def test_F2_1_F2_5_declare_then_damage_then_end():
    session = start(player=["ember_1@3,1 def"], automaton=["gale_2@2,1"], **{"from": "attack"})
    events = step(session)
    rules = [e["rule"] for e in events]
    assert rules.index("F2-1") < rules.index("F2-5") < rules.index("S2-R26")
    assert of(events, "F2-5")[0]["hp"] == 0 and not units(session, PL)


def test_F2_1_only_attack_position_characters_attack():
    session = start(player=["thorn_2@2,1 def"], automaton=["bastion_2@1,1 def"], **{"from": "main"})
    assert not [a for a in session.decision.legal[0] if a[0] == "attack"]
    assert "F2-1" in str(pytest.raises(Exception, session.submit, 0, ["attack", 0, "atk", 1, 0]).value)


def test_F2_2_attack_position_enemies_cannot_be_targeted():
    session = start(player=["thorn_1@2,0"], automaton=["ember_1@1,0"], **{"from": "attack"})
    events = step(session)
    assert of(events, "F2-2") and session.state.unit(0).hp == 3
    assert of(events, "G2-7")[0]["uid"] == 1 and session.state.unit(1).focus == 1   # no target: Focus


def test_F2_3_a_character_deployed_this_turn_cannot_target_the_base():
    session = start(automaton=["ember_2@2,1 fresh"], **{"from": "attack"})
    events = step(session)
    assert of(events, "F2-3") and session.state.sides[PL].base_hp == 8


def test_F2_4_player_self_enhancement_paid_with_a_same_named_card():
    session = start(player=["ember_3@2,1"], automaton=["gale_1@1,1 def"], hand={"player": ["ember_1"]},
                    **{"from": "main"})
    legal = session.decision.legal[0]
    assert ["attack", 0, "atk", 1, 1] in legal and ["attack", 0, "atk", 1, 2] not in legal
    events = step(session, ["attack", 0, "atk", 1, 1])
    assert of(events, "F2-4")[0]["source"] == "hand"
    assert of(events, "F2-1")[0]["attack"] == 4 + 2
    assert [c.defn.id for c in session.state.sides[PL].standby] == ["ember_1"]


def test_F2_6_base_defence_join_guard_damage():
    session = start(player=["thorn_2@2,1"], automaton=["bastion_1@cmd", "mist_2@0,0"],
                    deck={"automaton": ["mist_1"]}, **{"from": "main"})
    events = step(session, ["attack", 0, "atk", "base", 0])
    rules = [e["rule"] for e in events]
    assert rules.index("S2-R34") < rules.index("F2-6") < rules.index("P2-10")
    assert of(events, "F2-6")[0]["card"] == "mist_1"


def test_F2_10_player_defense_enhancement_paid_with_a_same_named_card():
    session = start(player=["bastion_2@3,1 def"], automaton=["ember_2@2,1"], hand={"player": ["bastion_1"]},
                    **{"from": "attack"})
    step(session)
    assert session.decision.kind == "defend" and session.decision.legal[0] == [["defend", 0], ["defend", 1]]
    events = step(session, ["defend", 1])
    assert of(events, "F2-10")[0]["card"] == "bastion_1"
    damage = of(events, "F2-5")[0]
    assert damage["defense"] == 2 + 1 and damage["damage"] == 1     # ATK 3 + War Cry 1


def test_S2_R8_P2_21_ap_is_set_after_the_opening_placements_which_fire_no_deploy_ability():
    """Seed 18 opens with bastion_2 (Rally: +1 AP on deploy) beside the automaton's Base. Placed, not deployed
    (P2-21), it fires nothing, and the automaton starts with 10 AP (S2-R8), not 11. With the option on, Rally
    fires (G2-12) but AP is still set to 10 after the placements."""
    from engine.core import Session
    session = Session.start("siege", seed=18)
    robot = session.state.sides[AUT]
    assert "bastion_2" in [u.defn.id for u in robot.units]
    setup = [e.to_data() for e in session.history[0]]
    assert [e["kind"] for e in setup if e["rule"] == "G2-12"] == []
    assert [(e["player"], e["automaton"]) for e in setup if e["rule"] == "S2-R8"] == [(5, 10)]
    assert (robot.ap, session.state.sides[PL].ap) == (10, 5)
    fired = Session.start("siege", seed=18, options={"opening_triggers": True})
    kinds = [e.kind for e in fired.history[0] if e.rule == "G2-12"]
    assert kinds == ["ability"] and fired.state.sides[AUT].ap == 10
