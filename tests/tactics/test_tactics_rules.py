"""Rule tests for `tactics` (shared/spec/tactics.md §5–§7), each naming the rule it exercises."""


from engine.core.events import EventLog
from engine.core.options import resolve_options
from engine.rulesets.tactics import ties
from builder import RULESET, cited, kinds, legal, one, play, position, answer


def fresh(seed=1, armies=("reds", "blues"), **opts):
    """A battle straight from setup (deployment pending) on the test characters."""
    options = resolve_options(RULESET.options, opts)
    setup = RULESET.check_setup({"armies": list(armies)}, options)
    return RULESET.setup(options, seed, setup, EventLog(True, RULESET.rule_ids()))


def deploy_all(b):
    """Deploy both armies with the first legal cell each time."""
    while b.phase == "deploy":
        play(b, legal(b)[0])


# --- setup: S0-R1..R5 ---------------------------------------------------------------------------

def test_S0_R1_army_speed_is_the_sum_of_speeds():
    b = fresh()
    assert [s.speed for s in b.sides] == [4 + 5 + 5 + 2 + 3 + 3, 3 + 2 + 5 + 5 + 3 + 3]
    assert cited(b.log.take(), "army_speed") == ["S0-R1", "S0-R1"]


def test_S0_R2_faster_army_takes_the_first_player_card():
    b = fresh(armies=("blues", "reds"))
    assert b.first == 1
    events = b.log.take()
    assert one(events, "first_player").rule == "S0-R2"


def test_S0_R3_second_player_starts_with_one_soulwell_point():
    b = fresh()
    assert [s.soulwell for s in b.sides] == [0, 1]
    assert one(b.log.take(), "extra_point").data["seat"] == 1


def test_S0_R5_equal_speeds_first_player_by_other_means():
    same = {"king": "red_king", "members": ["brute", "archer", "guard", "healer", "caller"]}
    firsts = {fresh(seed, armies=(same, same)).first for seed in range(12)}
    assert firsts == {0, 1}                                        # drawn from the seed
    b = fresh(3, armies=(same, same), first_tiebreak="seat0")
    assert b.first == 0 and one(b.log.take(), "first_player").rule == "S0-R5"


# --- deployment: S0-R7..R10 ----------------------------------------------------------------------

def test_S0_R7_first_player_deploys_whole_army_before_the_second():
    b = fresh()
    seats = []
    while b.phase == "deploy":
        seats.append(RULESET.decision(b).players[0])
        play(b, legal(b)[0])
    assert seats == [0] * 6 + [1] * 6
    assert b.phase == "cycle" and b.cycle == 1


def test_S0_R8_G0_2_range_one_characters_deploy_in_the_front_row():
    b = fresh(class_placement="unrestricted")     # range alone (G0-2); the class table is G0-3's test
    play(b, ["deploy", 3, 0, 0])            # the guard opens the front row
    cells = {(a[2], a[3]) for a in legal(b) if a[0] == "deploy" and a[1] == 2}   # the archer
    brute = {(a[2], a[3]) for a in legal(b) if a[0] == "deploy" and a[1] == 1}
    assert brute == {(0, 1), (0, 2), (0, 3)}
    assert cells == {(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)}


def test_S0_R8_G0_3_by_class_keeps_guardians_in_front_and_healers_behind():
    b = fresh(class_placement="by_class", melee_front=False)
    play(b, ["deploy", 1, 0, 0])
    healer = {a[2] for a in legal(b) if a[0] == "deploy" and a[1] == 4}
    guard = {a[2] for a in legal(b) if a[0] == "deploy" and a[1] == 3}
    assert healer == {1} and guard == {0}


def test_S0_R9_an_army_need_not_fill_every_row_or_column():
    b = fresh(rows=5, cols=6)
    deploy_all(b)
    rows = {c.row for c in b.on_board(0)}
    assert rows != set(range(5)) and b.phase == "cycle"


def test_S0_R10_no_row_is_left_empty_while_deploying():
    b = fresh()
    assert {a[2] for a in legal(b) if a[0] == "deploy"} == {0}    # nothing yet: the front row first


def test_S0_R10_characters_behind_an_empty_row_advance():
    b = position(["red_king@2,0", "brute@0,1 hp=1", "archer@1,3"], ["blue_king@0,0"], first=1)
    events = play(b, ["skill", "splash", [1], 0])
    assert b.char(1).alive is False
    assert (b.char(0).row, b.char(2).row) == (1, 0)
    assert one(events, "advance").rule == "S0-R10"


def test_S0_R10_moving_out_of_a_lone_row_pulls_the_rest_forward():
    b = position(["archer@0,0", "red_king@1,0"], ["blue_king@0,0 engaged"])
    play(b, ["move", 1, 1])
    assert (b.char(0).row, b.char(1).row) == (0, 0)


# --- cycles and turn order: S0-R11..R17 ------------------------------------------------------------

def test_S0_R11_S0_R14_one_turn_per_character_then_the_cycle_ends():
    b = position(["red_king@1,0", "brute@0,0"], ["blue_king@1,0", "guard@0,0", "archer@0,1"])
    turns = 0
    while RULESET.decision(b) is not None:
        play(b, ["end"])
        turns += 1
    assert turns == 5 and all(c.engaged for s in (0, 1) for c in b.on_board(s))
    b.log.take()
    RULESET.advance(b)
    events = b.log.take()
    assert kinds(events)[0] == "cycle_end" and events[0].rule == "S0-R14"
    assert b.cycle == 2 and not any(c.engaged for s in (0, 1) for c in b.on_board(s))


def test_S0_R12_G0_15_fastest_first_alternating_players():
    b = position(["red_king@1,0", "brute@0,0", "guard@0,1"], ["blue_king@1,0", "archer@0,0"])
    order = []
    while RULESET.decision(b) is not None:
        order.append(RULESET.view(b, None)["pending"]["uid"])
        events = play(b, ["end"])
        assert one(events, "turn").rule == "S0-R12"
    # brute 5 (seat 0), archer 5 (seat 1), red King 4, blue King 3, guard 2: seat 0 finishes alone
    assert order == [1, 4, 0, 3, 2]


def test_G0_15_global_speed_is_one_queue_over_both_armies():
    b = position(["red_king@1,0", "brute@0,0", "guard@0,1"], ["blue_king@1,0", "archer@0,0"],
                 interleave="global_speed")
    order = []
    while RULESET.decision(b) is not None:
        order.append(RULESET.view(b, None)["pending"]["uid"])
        play(b, ["end"])
    assert order == [1, 4, 0, 3, 2] and b.first == 0                # the 5s: the card holder first (A0-3)
    b = position(["red_king@1,0", "guard@0,1"], ["blue_king@1,0", "archer@0,0", "brute@0,1"],
                 interleave="global_speed")
    order = []
    while RULESET.decision(b) is not None:
        step = RULESET.view(b, None)["pending"]
        if step["kind"] == "choose":
            play(b, legal(b)[0])
            continue
        order.append(step["uid"])
        play(b, ["end"])
    assert order == [3, 4, 0, 2, 1]                                 # seat 1's two 5s go back to back


def test_S0_R13_equal_speeds_the_active_player_chooses():
    b = position(["red_king@1,0 engaged"], ["blue_king@1,0", "healer@0,0"], first=1)
    assert legal(b) == [["choose", 1], ["choose", 2], ["abandon"]]
    events = play(b, ["choose", 2])
    assert one(events, "choose").rule == "S0-R13"
    assert RULESET.view(b, None)["pending"]["uid"] == 2


def test_S0_R15_new_cycle_disengages_and_gives_one_ap():
    b = position(["red_king@1,0 engaged ap=2"], ["blue_king@0,0 engaged ap=0"])
    RULESET.advance(b)
    assert [b.char(0).ap, b.char(1).ap] == [3, 1]
    assert not b.char(0).engaged and not b.char(1).engaged


def test_S0_R16_face_down_and_invoked_characters_gain_no_ap():
    b = position(["red_king@1,0 engaged ap=0", "imp@0,0 engaged ap=0 invoked_by=0"],
                 ["blue_king@0,0 engaged ap=0 face_down=2"])
    b.log.take()
    RULESET.advance(b)
    assert [b.char(0).ap, b.char(1).ap, b.char(2).ap] == [1, 0, 0]
    assert one(b.log.take(), "no_cycle_ap").data["uids"] == [1, 2]
    assert not b.char(2).engaged and b.char(2).face_down == 1      # G0-12: still face down, yet it disengages


def test_S0_R17_A0_4_card_passes_and_the_giver_gains_a_point():
    b = position(["red_king@1,0 engaged"], ["blue_king@0,0 engaged"], first=0, soulwell=(0, 1))
    RULESET.advance(b)
    assert b.first == 1 and [s.soulwell for s in b.sides] == [1, 1]
    b = position(["red_king@1,0 engaged"], ["blue_king@0,0 engaged"], first=0, cycle_point="receiver")
    RULESET.advance(b)
    assert [s.soulwell for s in b.sides] == [0, 1]


# --- a character's turn: S0-R18..R27 ------------------------------------------------------------

def test_S0_R18_S0_R26_one_action_then_the_character_is_engaged():
    b = position(["archer@0,0", "red_king@1,0"], ["blue_king@0,0"])
    events = play(b, ["move", 1, 1])
    assert b.char(0).engaged and one(events, "engaged").rule == "S0-R26"
    assert RULESET.view(b, None)["pending"]["seat"] == 1       # the other player is next


def test_S0_R19_S0_R20_G0_4_move_to_another_row_within_reach():
    b = position(["guard@0,0", "archer@0,1 engaged", "red_king@2,0 engaged", "brute@1,0 engaged"], ["blue_king@0,0"])
    moves = {(a[1], a[2]) for a in legal(b) if a[0] == "move"}
    assert moves == {(1, 1), (1, 2), (1, 3)}                   # Speed 2: not row 2 (two rows), not row 0 itself
    b = position(["archer@0,0", "guard@0,1", "red_king@2,0", "brute@1,0 engaged"], ["blue_king@0,0"])
    assert {a[1] for a in legal(b) if a[0] == "move"} == {1, 2}  # Speed 5: two rows


def test_S0_R21_a_skill_needs_range_and_act_points():
    b = position(["red_king@1,0 ap=0", "brute@0,0 engaged"], ["blue_king@1,0", "guard@0,0"])
    assert [a for a in legal(b) if a[0] == "skill"] == []     # no AP and an empty Soulwell
    b = position(["red_king@1,0 ap=1", "brute@0,0 engaged"], ["blue_king@1,0", "guard@0,0"])
    targets = [a[2] for a in legal(b) if a[0] == "skill" and a[1] == "flame"]
    assert targets == [[3]]                                    # distance 1+1+0 = 2 reaches the guard only


def test_S0_R4_G0_6_soulwell_points_pay_a_skill():
    b = position(["red_king@1,0 ap=0", "brute@0,0 engaged"], ["blue_king@1,0", "guard@0,0"], soulwell=(2, 0))
    assert [a for a in legal(b) if a[0] == "skill" and a[1] == "flame"] == [["skill", "flame", [3], 1], ["skill", "flame", [3], 2]]
    events = play(b, ["skill", "flame", [3], 1])
    assert b.sides[0].soulwell == 1 and b.char(0).ap == 0
    assert one(events, "soulwell_spend").rule == "S0-R4"
    b = position(["red_king@1,0 ap=0"], ["blue_king@1,0", "guard@0,0"], soulwell=(2, 0), soulwell_spend="shortfall")
    assert [a for a in legal(b) if a[0] == "skill" and a[1] == "flame"] == [["skill", "flame", [2], 1]]


def test_S0_R22_S0_R23_effects_come_before_damage():
    b = position(["caller@1,0", "brute@0,0 engaged", "red_king@2,0 engaged"], ["blue_king@0,0", "guard@0,1"])
    events = play(b, ["skill", "kindle", [3], 0])
    assert b.char(3).burn == [2, 2]
    b = position(["guard@0,0 ap=1", "red_king@1,0 engaged"], ["blue_king@0,0", "archer@0,1 react_used"])
    events = play(b, ["skill", "bash", [3], 0])
    assert kinds(events).index("weaken") < kinds(events).index("damage")
    assert one(events, "damage").rule == "S0-R23" and b.char(3).health == 4


def test_S0_R24_zero_health_is_defeated():
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "archer@0,0 hp=3"])
    events = play(b, ["skill", "club", [3], 0])
    assert not b.char(3).alive and one(events, "defeated").rule == "S0-R24"
    assert 3 not in [c.uid for c in b.on_board(1)]


def test_S0_R25_A0_5_the_victims_remaining_ap_go_to_the_soulwell():
    b = position(["brute@0,0 ap=3", "red_king@1,0"], ["blue_king@1,0", "archer@0,0 hp=3 ap=4"])
    events = play(b, ["skill", "club", [3], 0])
    assert b.sides[0].soulwell == 4 and b.char(0).ap == 2 and b.char(3).ap == 0
    reward = one(events, "kill_reward")
    assert reward.rule == "S0-R25" and reward.data["uid"] == 0 and reward.data["victims"] == [3]


def test_S0_R25_A0_5_G0_16_under_the_killer_reading_it_banks_its_own_ap():
    b = position(["brute@0,0 ap=3", "red_king@1,0"], ["blue_king@1,0", "archer@0,0 hp=3 ap=4"], kill_reward="killer")
    events = play(b, ["skill", "club", [3], 0])
    assert b.sides[0].soulwell == 2 and b.char(0).ap == 0
    assert one(events, "kill_reward").rule == "S0-R25"
    b = position(["brute@0,0 ap=3", "red_king@1,0"], ["blue_king@1,0", "archer@0,0 hp=3"],
                 kill_reward="killer", kill_reward_transfer=False)
    play(b, ["skill", "club", [3], 0])
    assert b.sides[0].soulwell == 2 and b.char(0).ap == 2


def test_S0_R27_ending_the_turn_directly_gains_one_ap():
    b = position(["brute@0,0 ap=0", "red_king@1,0"], ["blue_king@0,0"])
    events = play(b, ["end"])
    assert b.char(0).ap == 1 and one(events, "skip").rule == "S0-R27"


# --- elements: S0-R28..R32 --------------------------------------------------------------------

def test_S0_R28_S0_R30_pyro_on_eol_deals_one_more():
    b = position(["red_king@0,0", "brute@0,1 engaged"], ["blue_king@1,0", "archer@0,0 react_used"])
    events = play(b, ["skill", "flame", [3], 0])
    assert b.char(3).health == 5 - 3 and one(events, "element").rule == "S0-R30"


def test_S0_R29_weakness_is_the_target_element_read_against_the_loop():
    b = position(["blue_king@0,0"], ["red_king@0,0"])              # Aqua > Pyro in the loop: weak
    events = play(b, ["skill", "splash", [1], 0])
    assert b.char(1).health == 10 - 3 and one(events, "element").rule == "S0-R28"
    b = position(["blue_king@0,0"], ["red_king@1,0", "archer@0,0"])  # Eol is not Aqua's successor: +0
    events = play(b, ["skill", "splash", [2], 0])
    assert b.char(2).health == 5 - 2 and one(events, "element").rule == "S0-R29"


def test_S0_R31_pyro_on_aqua_deals_no_extra():
    b = position(["red_king@0,0"], ["blue_king@0,0"])
    events = play(b, ["skill", "flame", [1], 0])
    assert b.char(1).health == 8 and one(events, "element").rule == "S0-R31"


def test_S0_R32_G0_8_pyro_on_pyro_heals_one():
    b = position(["red_king@0,0"], ["blue_king@1,0", "caller@0,0 hp=5"])
    events = play(b, ["skill", "flame", [2], 0])
    assert b.char(2).health == 5 + 1 and one(events, "element").rule == "S0-R32"
    assert one(events, "heal").rule == "S0-R32" and "damage" not in kinds(events)
    b = position(["red_king@0,0"], ["blue_king@1,0", "caller@0,0"])
    play(b, ["skill", "flame", [2], 0])
    assert b.char(2).health == 7                                    # never above full Health
    b = position(["red_king@0,0"], ["blue_king@1,0", "caller@0,0"], same_element="net")
    events = play(b, ["skill", "flame", [2], 0])
    assert b.char(2).health == 7 - 1 and one(events, "element").rule == "S0-R32"
    b = position(["red_king@0,0"], ["blue_king@1,0", "caller@0,0"], same_element="heal_after")
    events = play(b, ["skill", "flame", [2], 0])
    assert b.char(2).health == 7 - 2 + 1 and one(events, "heal").rule == "S0-R32"


def test_G0_7_four_element_loop_puts_geo_between_eol_and_aqua():
    b = position(["archer@0,0", "red_king@1,0 engaged"], ["blue_king@1,0", "guard@0,0 react_used"])
    answer(b, ["skill", "arrow", [3], 0])
    assert b.char(3).health == 12 - 2 - 1                          # 3-loop: geo neutral (+ follow-up 1)
    b = position(["archer@0,0", "red_king@1,0 engaged"], ["blue_king@1,0", "guard@0,0 react_used"],
                 element_loop="four")
    answer(b, ["skill", "arrow", [3], 0])
    assert b.char(3).health == 12 - 3 - 1


# --- react skills: S0-R33..R36 -----------------------------------------------------------------

def test_S0_R33_S0_R35_offensive_react_is_free_and_follows_the_skill():
    b = position(["archer@0,0 ap=1", "red_king@1,0"], ["blue_king@1,0", "brute@0,0"])
    events = answer(b, ["skill", "arrow", [3], 0])
    assert b.char(3).health == 6 - 2 - 1 and b.char(0).ap == 0
    react = one(events, "react")
    assert react.rule == "S0-R35" and kinds(events).index("react") > kinds(events).index("damage")


def test_S0_R34_react_once_per_cycle_then_recharged():
    b = position(["archer@0,0 ap=3", "red_king@1,0 engaged"], ["blue_king@1,0 engaged", "brute@0,0 engaged"])
    answer(b, ["skill", "arrow", [3], 0])
    assert b.char(0).react_used
    RULESET.advance(b)
    assert not b.char(0).react_used


def test_S0_R36_A0_7_defensive_react_shields_before_damage():
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    events = answer(b, ["skill", "club", [3], 0])
    assert b.char(3).health == 12 - 1 and b.char(3).shield == 0
    assert one(events, "react").rule == "S0-R36"
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"], react_timing="after_damage")
    answer(b, ["skill", "club", [3], 0])
    assert b.char(3).health == 12 - 3 and b.char(3).shield == 2


# --- the end: S0-R37..R40 -------------------------------------------------------------------------

def test_S0_R37_a_defeated_king_loses():
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@0,0 hp=2"])
    play(b, ["skill", "club", [2], 0])
    assert b.result.winner == 0 and b.result.rule == "S0-R37" and RULESET.decision(b) is None


def test_G0_17_both_kings_at_once_is_a_tie():
    b = position(["red_king@0,0 hp=2 burn=2/1 engaged"], ["blue_king@0,0 hp=2 burn=2/1 engaged"])
    RULESET.advance(b)
    assert b.result.winner is None and b.result.rule == "G0-17"


def test_S0_R38_abandon_is_always_legal_and_loses():
    b = fresh()
    assert ["abandon"] in legal(b)
    events = play(b, ["abandon"])
    assert b.result.winner == 1 and one(events, "end").rule == "S0-R38"


def test_S0_R39_G0_14_a_stalled_cycle_is_a_tie():
    b = position(["red_king@0,0 engaged"], ["blue_king@0,0 engaged"], stall_cycles=1)
    b.log.take()
    RULESET.advance(b)
    assert b.result.winner is None and b.result.rule == "S0-R39"
    events = b.log.take()
    assert one(events, "tie_test").rule == "G0-14" and one(events, "end").rule == "S0-R39"


def test_G0_14_three_stalled_cycles_by_default():
    b = position(["red_king@0,0 engaged"], ["blue_king@0,0 engaged"])
    for cycle in range(3):
        assert b.result is None
        for c in b.on_board(0) + b.on_board(1):
            c.engaged = True
        RULESET.advance(b)
    assert b.result.rule == "S0-R39" and b.stall == 3


def test_S0_R39_G0_14_no_harm_possible_is_a_tie():
    b = position(["healer@0,0 engaged"], ["healer@0,0 engaged"], stall_cycles=0)
    RULESET.advance(b)
    assert b.result.rule == "S0-R39" and one(b.log.take(), "tie_test").rule == "G0-14"


def test_S0_R39_P0_1_past_the_cycle_cap_a_tie_needs_a_harmless_board():
    b = position(["red_king@0,0 engaged"], ["blue_king@0,0 engaged"], cycle=60, stall_cycles=0)
    RULESET.advance(b)
    assert b.result is None and b.cycle == 61                       # both Kings can still strike
    b = position(["healer@0,0 engaged"], ["healer@0,0 engaged"], cycle=60, stall_cycles=0, tie_when_harmless=False)
    b.log.take()
    RULESET.advance(b)
    events = b.log.take()
    assert b.result.winner is None and one(events, "tie_test").rule == "P0-1" and one(events, "end").rule == "S0-R39"


def test_G0_14_P0_1_what_can_still_harm():
    """The harm test behind both ties: absorbed same-element damage is no harm, a burn is; a defensive
    React Skill harms only while the other side has an attack to set it off; a running burn keeps the
    battle open."""
    spec = (["red_king@0,0 engaged"], ["caller@0,0 engaged"])        # Pyro King against a Pyro caller
    b = position(*spec)
    assert (ties.can_harm(b, 0), ties.can_harm(b, 1)) == (False, True)   # Flame is absorbed; Kindle burns
    b = position(*spec, same_element="net")
    assert ties.can_harm(b, 0)                                      # Flame 2 - 1 still hurts
    b = position(["thorn@0,0 engaged"], ["thorn@0,0 engaged"])
    assert not ties.can_harm(b, 0) and not ties.can_harm(b, 1)      # nobody attacks: Barbs never fire
    b.log.take()
    RULESET.advance(b)
    assert b.result.rule == "S0-R39" and one(b.log.take(), "tie_test").rule == "G0-14"
    b = position(["thorn@0,0 engaged"], ["bard@0,0 engaged"])
    assert ties.can_harm(b, 0) and not ties.can_harm(b, 1)          # the bard's Jab is an attack
    b = position(["thorn@0,0 engaged burn=1/2", "red_king@1,0"], ["thorn@0,0 engaged", "blue_king@1,0"],
                 stall_cycles=0)
    for uid in (1, 3):                                              # the Kings stand aside (not deployed)
        b.char(uid).row = b.char(uid).col = -1
    assert not ties.can_harm(b, 0) and not ties.can_harm(b, 1)
    RULESET.advance(b)
    assert b.result is None and b.char(0).health == 5               # the burn could still decide


def test_S0_R6_S0_R9_card_placed_and_a_formation_need_not_fill_the_grid():
    b = fresh()
    assert one(b.log.take(), "first_card").rule == "S0-R6"
    events = []
    while b.phase == "deploy":
        events += play(b, legal(b)[0])
    assert cited(events, "formation") == ["S0-R9", "S0-R9"]


def test_S0_R18_S0_R20_S0_R33_the_turn_names_its_one_action():
    b = position(["archer@0,0 ap=1", "red_king@1,0"], ["blue_king@1,0", "brute@0,0"])
    events = answer(b, ["skill", "arrow", [3], 0])
    assert one(events, "action").data["action"] == "skill" and one(events, "react_cost").data["ap"] == 0
    b = position(["archer@0,0", "red_king@1,0"], ["blue_king@0,0"], move_allowance="by_speed")
    events = play(b, ["move", 1, 1])
    assert one(events, "move_reach").rule == "S0-R20" and one(events, "move_reach").data["allowance"] == 2


def test_S0_R40_a_push_moves_a_character_outside_its_turn():
    b = position(["brute@0,0 ap=0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0 react_used", "archer@0,1"])
    events = play(b, ["skill", "shove", [3], 0])
    assert (b.char(3).row, b.char(3).col) == (1, 1) and one(events, "push").rule == "S0-R40"


def test_S0_R40_A0_8_card_gives_ap_to_an_invoked_character():
    b = position(["caller@1,0", "imp@0,0 invoked_by=0 ap=0 engaged", "red_king@1,1 engaged"], ["blue_king@0,0"],
                 invoked_ap="never")
    events = play(b, ["skill", "boost", [1], 0])
    assert b.char(1).ap == 1 and one(events, "ap_gain").rule == "S0-R40"


# --- card effects: G0-9, G0-11, G0-12 --------------------------------------------------------------

def test_G0_12_invoked_character_joins_engaged_and_acts_next_cycle():
    b = position(["caller@1,0", "red_king@1,1 engaged", "brute@0,0 engaged"], ["blue_king@0,0 engaged"], first=1)
    events = play(b, ["skill", "call", [0], 0])
    imp = b.char(one(events, "invoke").data["uid"])
    assert imp.defn.id == "imp" and imp.engaged and imp.ap == 0 and imp.row == 0 and imp.invoked_by == 0
    assert RULESET.decision(b) is None
    RULESET.advance(b)
    assert not imp.engaged and imp.ap == 0
    assert RULESET.view(b, None)["pending"]["uid"] == imp.uid     # speed 6: fastest


def test_G0_12_face_down_gains_no_cycle_ap_and_hex_drains():
    b = position(["healer@1,0 ap=2", "brute@0,0 engaged", "red_king@2,0 engaged"], ["blue_king@0,0 ap=2"])
    events = play(b, ["skill", "hex", [3], 0])
    assert b.char(3).face_down == 1 and not b.char(3).engaged and b.char(3).ap == 1
    assert one(events, "face_down").rule == "G0-12" and one(events, "ap_drain").data["amount"] == 1
    play(b, ["end"])                                                # face down, it still takes its turn
    b.log.take()
    RULESET.advance(b)
    assert b.char(3).ap == 2 and b.char(3).face_down == 0 and not b.char(3).engaged
    assert 3 in one(b.log.take(), "no_cycle_ap").data["uids"]


def test_G0_12_no_turn_face_down_loses_its_turn_and_drains():
    b = position(["healer@1,0 ap=2", "brute@0,0 engaged", "red_king@2,0 engaged"], ["blue_king@0,0 ap=2"],
                 face_down_turn="no_turn")
    play(b, ["skill", "hex", [3], 0])
    assert b.char(3).face_down == 1 and b.char(3).engaged and b.char(3).ap == 1
    assert RULESET.decision(b) is None


def test_G0_9_burn_hurts_at_cycle_start_and_shield_absorbs():
    b = position(["red_king@1,0 engaged burn=2/2"], ["blue_king@0,0 engaged shield=3"])
    RULESET.advance(b)
    assert b.char(0).health == 8 and b.char(0).burn == [2, 1] and b.char(1).shield == 0


def test_G0_11_unique_skill_once_per_battle():
    b = position(["red_king@0,0 ap=4", "brute@0,1 engaged"], ["blue_king@0,0", "guard@0,1 react_used"])
    assert any(a[1] == "inferno" for a in legal(b) if a[0] == "skill")
    play(b, ["skill", "inferno", [2, 3], 0])
    assert b.char(2).health == 8 and b.char(0).unique_used
    for c in b.on_board(0) + b.on_board(1):
        c.engaged = True
    RULESET.advance(b)
    b.active = 0
    assert not any(a[1] == "inferno" for a in legal(b) if a[0] == "skill")


def test_S0_R8_G0_3_P0_2_deployment_falls_back_when_no_allowed_cell_is_left():
    """By class the healer belongs behind the front row, but nothing stands in front yet: P0-2 lets it
    open the front row so deployment can finish; unrestricted, row 0 is simply allowed."""
    b = fresh()
    assert {(a[2], a[3]) for a in legal(b) if a[0] == "deploy" and a[1] == 4} == {(0, 0), (0, 1), (0, 2), (0, 3)}
    events = play(b, ["deploy", 4, 0, 0])
    assert one(events, "deploy").rule == "S0-R8" and one(events, "deploy_fallback").rule == "P0-2"
    b = fresh(class_placement="unrestricted")
    assert "deploy_fallback" not in kinds(play(b, ["deploy", 4, 0, 0]))
    b = fresh()
    assert "deploy_fallback" not in kinds(play(b, ["deploy", 3, 0, 0]))     # a guardian in front: allowed


# --- a React Skill "may" be used: the reacting seat decides (S0-R35, S0-R36; react_choice=ask) ----------

def test_S0_R36_S0_R33_a_defensive_react_is_offered_to_the_attacked_seat():
    """The brute's Club (3) on the guard: the resolution pauses before damage (A0-7) and seat 1, not the
    acting seat, decides. Declined: the guard takes the full 3 and its Brace stays ready; used: Shield 2
    takes 2 of it, free of Act Points (S0-R33)."""
    spec = (["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    b = position(*spec)
    events = play(b, ["skill", "club", [3], 0])
    assert "damage" not in kinds(events)
    decision = RULESET.decision(b)
    assert (decision.kind, decision.players) == ("react", (1,))
    assert decision.prompt == {"uid": 3, "skill": "brace", "trigger": "when_attacked", "attacker": 0}
    assert decision.legal[1] == [["react", 3, "brace"], ["decline", 3], ["abandon"]]
    events = play(b, ["decline", 3])
    assert one(events, "react_declined").rule == "S0-R36" and b.char(3).health == 12 - 3
    assert not b.char(3).react_used and b.char(0).engaged and b.resolving is None
    assert RULESET.decision(b).kind == "choose_action"                  # the turn passed to seat 1
    b = position(*spec)
    play(b, ["skill", "club", [3], 0])
    events = play(b, ["react", 3, "brace"])
    assert one(events, "react").rule == "S0-R36" and one(events, "react_cost").rule == "S0-R33"
    assert kinds(events).index("react") < kinds(events).index("damage")
    assert (b.char(3).health, b.char(3).react_used, b.char(3).ap) == (12 - 1, True, 1)


def test_S0_R35_an_offensive_react_is_asked_after_damage_only_for_an_attack():
    """The bard's Encore (heal itself 2) under offensive_react=attacks: Rally on an ally asks nothing;
    Jab at the enemy King asks seat 0 after its effect (S0-R35). Declined, the bard stays on 3 Health."""
    spec = (["bard@1,0 hp=3", "brute@0,0 engaged", "red_king@1,1 engaged"], ["blue_king@0,0"])
    b = position(*spec)
    play(b, ["skill", "rally", [1], 0])
    assert RULESET.decision(b).kind == "choose_action" and b.char(1).engaged is True
    b = position(*spec)
    events = play(b, ["skill", "jab", [3], 0])
    assert "ap_drain" in kinds(events)                                  # Jab's effect came first
    decision = RULESET.decision(b)
    assert (decision.kind, decision.players) == ("react", (0,))
    assert decision.prompt == {"uid": 0, "skill": "encore", "trigger": "after_own_act", "targets": [0]}
    events = play(b, ["decline", 0])
    assert one(events, "react_declined").rule == "S0-R35" and b.char(0).health == 3
    b = position(*spec)
    play(b, ["skill", "jab", [3], 0])
    events = play(b, ["react", 0, "encore"])
    assert one(events, "react").rule == "S0-R35" and b.char(0).health == 5 and b.char(0).engaged


def test_S0_R35_S0_R36_both_reacts_of_one_skill_are_asked_in_order():
    """The archer's Arrow at the guard: first the guard's Brace (seat 1, before damage), then the archer's
    Follow-up (seat 0, after damage); the digest's state holds the paused resolution meanwhile."""
    b = position(["archer@0,0", "red_king@1,0 engaged"], ["blue_king@1,0", "guard@0,0"])
    play(b, ["skill", "arrow", [3], 0])
    assert RULESET.decision(b).players == (1,) and RULESET.to_data(b)["resolving"]["asking"]["skill"] == "brace"
    play(b, ["react", 3, "brace"])
    assert RULESET.decision(b).players == (0,) and RULESET.decision(b).prompt["skill"] == "follow_up"
    events = play(b, ["react", 0, "follow_up"])
    assert b.char(3).health == 12 - 0 - 1 and cited(events, "react") == ["S0-R35"]   # Arrow 2 absorbed by Shield 2


def test_S0_R35_S0_R36_an_offered_react_must_be_answered_first():
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    play(b, ["skill", "club", [3], 0])
    decision = RULESET.decision(b)
    why = RULESET.illegal_reason(b, decision, 1, ["end"], '["end"]')
    assert why.startswith("first use or decline Guard's React Skill brace") and why.endswith("(S0-R36)"), why
    why = RULESET.illegal_reason(b, decision, 1, ["react", 2, "brace"], "")
    assert "offered now is Guard's brace" in why


# --- tie by agreement: G0-14, P0-11 ----------------------------------------------------------------

def test_G0_14_a_tie_proposed_and_accepted_is_a_draw():
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    assert ["propose_tie"] in legal(b)
    events = play(b, ["propose_tie"])
    assert one(events, "tie_proposed").rule == "G0-14" and one(events, "tie_once").rule == "P0-11"
    decision = RULESET.decision(b)
    assert (decision.kind, decision.players, decision.prompt) == ("agree", (1,), {"proposal": "tie", "by": 0})
    assert decision.legal[1] == [["accept_tie"], ["refuse_tie"], ["abandon"]]
    events = play(b, ["accept_tie"])
    assert one(events, "tie_accepted").rule == "G0-14"
    outcome = RULESET.outcome(b)
    assert outcome.winners == () or not outcome.winners
    assert outcome.rule == "G0-14" and RULESET.decision(b) is None


def test_G0_14_P0_11_a_refused_tie_goes_back_to_the_turn_once_a_cycle():
    """Refused, the proposer's turn goes on with the same choices, less a second proposal this cycle
    (P0-11); the other seat may still propose on its own turn, and a new cycle allows it again."""
    b = position(["brute@0,0", "red_king@1,0 engaged"], ["blue_king@1,0", "guard@0,0 engaged"])
    before = legal(b)
    play(b, ["propose_tie"])
    events = play(b, ["refuse_tie"])
    assert one(events, "tie_refused").rule == "G0-14" and RULESET.outcome(b) is None
    decision = RULESET.decision(b)
    assert (decision.kind, decision.players, decision.prompt) == ("choose_action", (0,), {"uid": 0})
    assert legal(b) == [a for a in before if a != ["propose_tie"]]
    why = RULESET.illegal_reason(b, decision, 0, ["propose_tie"], '["propose_tie"]')
    assert why.endswith("(P0-11)"), why
    play(b, ["end"])
    assert ["propose_tie"] in legal(b) and RULESET.decision(b).players == (1,)   # seat 1 has not proposed
    play(b, ["end"])
    RULESET.advance(b)
    assert ["propose_tie"] in legal(b)


def test_G0_14_no_tie_proposal_when_the_option_is_off():
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"], tie_by_agreement=False)
    assert ["propose_tie"] not in legal(b)
    decision = RULESET.decision(b)
    assert "tie_by_agreement" in RULESET.illegal_reason(b, decision, 0, ["propose_tie"], "")
