"""Option tests for `tactics`: for each option, an exact position where the default and the alternative differ.

Each test names the spec point (shared/spec/tactics.md §5–§7) the option settles, and asserts the
state under both readings and, where the option shows in the log, the events with their rule ids.
"""

from engine.core.events import EventLog
from engine.core.options import resolve_options
from engine.rulesets.tactics.characters import builtin_content
from engine.rulesets.tactics.options import OPTIONS
from engine.rulesets.tactics.position import build_position
from builder import RULESET, cited, kinds, legal, one, play, position, answer

SAME = {"king": "red_king", "members": ["brute", "archer", "guard", "healer", "caller"]}


def fresh(seed=1, armies=("reds", "blues"), **opts):
    """A battle straight from setup (deployment pending) on the test characters."""
    options = resolve_options(RULESET.options, opts)
    setup = RULESET.check_setup({"armies": list(armies)}, options)
    return RULESET.setup(options, seed, setup, EventLog(True, RULESET.rule_ids()))


def cells_for(b, uid) -> set:
    """The cells a not-yet-deployed character may deploy to now."""
    return {(a[2], a[3]) for a in legal(b) if a[0] == "deploy" and a[1] == uid}


def skills(b, skill_id=None) -> list:
    """The deciding seat's legal skill actions (of one skill, if named)."""
    return [a for a in legal(b) if a[0] == "skill" and (skill_id is None or a[1] == skill_id)]


def turn_order(b) -> list[int]:
    """Play End of Turn for everyone until the cycle is over (speed ties: first choice); the uids in order."""
    order = []
    while RULESET.decision(b) is not None:
        step = RULESET.view(b, None)["pending"]
        if step["kind"] == "choose":
            play(b, legal(b)[0])
            continue
        order.append(step["uid"])
        play(b, ["end"])
    return order


def test_every_option_has_a_test_here():
    """Each declared option is named by a test in this file."""
    names = " ".join(name for name in globals() if name.startswith("test_"))
    assert [o.key for o in OPTIONS if f"test_{o.key}_" not in names] == []


# --- the Battle Area and placement: G0-1, G0-2, G0-3, A0-1 ----------------------------------------

def test_rows_G0_1_a_third_row_opens_behind_the_second():
    """G0-1: with guard in row 0 and archer in row 1, the healer (kept out of the front row by class,
    G0-3) may open row 2 with 3 rows, but has only row 1 with 2."""
    outcome = {}
    for rows in (3, 2):
        b = fresh(rows=rows)
        play(b, ["deploy", 3, 0, 0])                                  # guard
        events = play(b, ["deploy", 2, 1, 0])                         # archer
        assert one(events, "deploy").rule == "S0-R8"
        outcome[rows] = {r for r, _ in cells_for(b, 4)}               # healer (range 2)
    assert outcome == {3: {1, 2}, 2: {1}}


def test_cols_G0_1_columns_in_the_front_row():
    """G0-1: after the guard takes (0,0) the brute has three front cells with 4 columns, one with 2."""
    b = fresh()
    play(b, ["deploy", 3, 0, 0])
    assert cells_for(b, 1) == {(0, 1), (0, 2), (0, 3)}
    b = fresh(cols=2)
    play(b, ["deploy", 3, 0, 0])
    assert cells_for(b, 1) == {(0, 1)}


def test_range_metric_G0_2_columns_count_under_rows_and_columns():
    """G0-2: the red King (range 2, row 1) reaches the guard in row 0, column 1 only when columns are ignored."""
    spec = (["red_king@1,0 ap=1", "brute@0,0 engaged"], ["blue_king@1,0", "guard@0,1"])
    b = position(*spec)
    assert skills(b, "flame") == [["skill", "flame", [3], 0]]         # 1 + 1 + 0 = 2
    b = position(*spec, range_metric="rows_and_columns")
    assert skills(b, "flame") == []                                   # 1 + 1 + 0 + |0 - 1| = 3


def test_range_metric_G0_2_S0_R21_a_row_attack_hits_only_the_row_in_range():
    """G0-2/S0-R21: the archer (row 0, column 0, Volley range 3) aims at seat 1's front row. Columns
    ignored, the whole row is hit; under rows_and_columns only the enemies within range (1 + column
    difference ≤ 3: columns 0–2, not the one in column 3)."""
    spec = (["archer@0,0 ap=2", "red_king@1,0 engaged"], ["blue_king@1,0", "guard@0,0 react_used", "brute@0,3"])
    b = position(*spec)
    assert [a[2] for a in skills(b, "volley")] == [[3, 4], [2]]
    b = position(*spec, range_metric="rows_and_columns")
    assert [a[2] for a in skills(b, "volley")] == [[3], [2]]          # blue King: 1 + 1 + 0 = 2 ≤ 3
    events = answer(b, ["skill", "volley", [3], 0])
    assert b.char(4).health == 6 and b.char(3).health == 12 - 1 - 1        # Volley, then the Follow-up react
    assert one(events, "skill").rule == "S0-R21" and cited(events, "damage") == ["S0-R23", "S0-R23"]
    assert ["skill", "volley", [3, 4], 0] not in legal(position(*spec, range_metric="rows_and_columns"))


def test_ally_range_A0_11_allies_within_range_in_the_own_area_or_any():
    """A0-11: the healer (row 0, Mend at its own Range 2) reaches allies less than 2 rows away by default
    (itself and the brute in row 1, not the King in row 2); ally_range=any reaches all three. Under
    rows_and_columns the column difference counts too."""
    spec = (["healer@0,0 ap=1", "red_king@2,3 hp=5 engaged", "brute@1,0 hp=3 engaged"], ["blue_king@0,0"])
    assert [a[2] for a in skills(position(*spec), "mend")] == [[0], [2]]
    b = position(*spec, ally_range="any")
    assert [a[2] for a in skills(b, "mend")] == [[0], [1], [2]]
    events = play(b, ["skill", "mend", [1], 0])
    assert b.char(1).health == 8 and one(events, "heal").data["uid"] == 1
    b = position(["healer@0,0 ap=1", "red_king@0,3 engaged", "brute@1,1 engaged"], ["blue_king@0,0"],
                 range_metric="rows_and_columns")
    assert [a[2] for a in skills(b, "mend")] == [[0]]                   # 0 + 3 and 1 + 1: not less than 2


def test_melee_front_G0_2_range_one_in_front_or_anywhere():
    """G0-2: the brute (range 1) may deploy only in row 0 by default; with melee_front=false, row 1 too."""
    outcome = {}
    for front in (True, False):
        b = fresh(melee_front=front, class_placement="unrestricted")   # by class, a warrior is in front anyway
        play(b, ["deploy", 3, 0, 0])                                  # guard opens row 0
        play(b, ["deploy", 2, 1, 0])                                  # archer opens row 1
        outcome[front] = {r for r, _ in cells_for(b, 1)}
    assert outcome == {True: {0}, False: {0, 1, 2}}


def test_class_placement_G0_3_by_class_puts_the_healer_behind():
    """G0-3: by_class (the revised default) keeps the healer (range 2) out of the front row; unrestricted,
    it may take rows 0 or 1."""
    outcome = {}
    for placement in ("unrestricted", "by_class"):
        b = fresh(class_placement=placement)
        play(b, ["deploy", 1, 0, 0])                                  # brute opens row 0
        outcome[placement] = {r for r, _ in cells_for(b, 4)}
    assert outcome == {"unrestricted": {0, 1}, "by_class": {1}}


def test_row_rule_A0_1_compact_or_front_only():
    """A0-1: when the middle row empties, 'compact' pulls the King forward; 'front_only' leaves it (row 0 is held)."""
    spec = (["red_king@2,0 engaged", "brute@0,0 engaged", "archer@1,3 hp=1 engaged"], ["blue_king@0,0"])
    b = position(*spec, first=1)
    events = play(b, ["skill", "splash", [2], 0])
    assert not b.char(2).alive and (b.char(0).row, b.char(1).row) == (1, 0)
    assert one(events, "advance").rule == "S0-R10"
    b = position(*spec, first=1, row_rule="front_only")
    events = play(b, ["skill", "splash", [2], 0])
    assert not b.char(2).alive and (b.char(0).row, b.char(1).row) == (2, 0)
    assert "advance" not in kinds(events)


def test_row_rule_A0_1_front_only_lets_a_deployment_skip_a_row():
    """A0-1: with only row 0 taken, 'compact' offers row 1 to the healer (G0-3 keeps it out of row 0);
    'front_only' offers row 2 as well."""
    outcome = {}
    for rule in ("compact", "front_only"):
        b = fresh(row_rule=rule)
        play(b, ["deploy", 1, 0, 0])
        outcome[rule] = {r for r, _ in cells_for(b, 4)}
    assert outcome == {"compact": {1}, "front_only": {1, 2}}          # by class: never the front row


# --- moves, Act Points, the Soulwell: G0-4, G0-5, G0-6 ----------------------------------------------

def test_move_allowance_G0_4_speed_five_crosses_two_rows():
    """G0-4: the archer (Speed 5) in row 0 may move two rows by default (by_speed, revised), one under
    one_row; the guard (Speed 2) one either way."""
    spec = (["archer@0,0", "guard@0,1", "red_king@2,0", "brute@1,0 engaged"], ["blue_king@0,0"])
    b = position(*spec, move_allowance="one_row")
    assert {a[1] for a in legal(b) if a[0] == "move"} == {1}
    assert ["move", 2, 1] not in legal(b)
    b = position(*spec)
    assert {a[1] for a in legal(b) if a[0] == "move"} == {1, 2}
    events = play(b, ["move", 2, 1])
    assert (b.char(0).row, b.char(0).col) == (2, 1)
    reach = one(events, "move_reach")
    assert reach.rule == "S0-R20" and reach.data["allowance"] == 2 and reach.data["rows"] == 2


def test_start_ap_G0_5_one_act_point_or_none():
    """G0-5: every character starts with 1 AP, enough for the brute's Club; with start_ap=0 it cannot."""
    b = fresh()
    assert {c.ap for s in b.sides for c in s.chars} == {1}
    assert one(b.log.take(), "start_ap").rule == "G0-5"
    b = fresh(start_ap=0)
    assert {c.ap for s in b.sides for c in s.chars} == {0}
    assert one(b.log.take(), "start_ap").data["ap"] == 0
    spec = (["brute@0,0", "red_king@1,0"], ["blue_king@0,0"])
    assert skills(position(*spec), "club") == [["skill", "club", [2], 0]]
    assert skills(position(*spec, start_ap=0), "club") == []


def test_soulwell_spend_G0_6_any_amount_or_the_shortfall():
    """G0-6: with 2 in the Soulwell and 0 AP, 'any_amount' may move both (the surplus stays); 'shortfall' only 1."""
    spec = (["red_king@1,0 ap=0", "brute@0,0 engaged"], ["blue_king@1,0", "guard@0,0"])
    b = position(*spec, soulwell=(2, 0))
    assert skills(b, "flame") == [["skill", "flame", [3], 1], ["skill", "flame", [3], 2]]
    events = play(b, ["skill", "flame", [3], 2])
    assert (b.sides[0].soulwell, b.char(0).ap) == (0, 1)
    spend = one(events, "soulwell_spend")
    assert spend.rule == "S0-R4" and spend.data["amount"] == 2
    b = position(*spec, soulwell=(2, 0), soulwell_spend="shortfall")
    assert skills(b, "flame") == [["skill", "flame", [3], 1]]
    play(b, ["skill", "flame", [3], 1])
    assert (b.sides[0].soulwell, b.char(0).ap) == (1, 0)


# --- elements: G0-7, G0-8 ---------------------------------------------------------------------

def test_element_loop_G0_7_geo_between_eol_and_aqua():
    """G0-7: an Eol arrow on the Geo guard is neutral in the 3-loop, +1 in the 4-loop (Eol > Geo)."""
    spec = (["archer@0,0 react_used", "red_king@1,0 engaged"], ["blue_king@1,0", "guard@0,0 react_used"])
    b = position(*spec)
    events = play(b, ["skill", "arrow", [3], 0])
    element = one(events, "element")
    assert b.char(3).health == 12 - 2 and (element.rule, element.data["modifier"]) == ("S0-R29", 0)
    b = position(*spec, element_loop="four")
    events = play(b, ["skill", "arrow", [3], 0])
    element = one(events, "element")
    assert b.char(3).health == 12 - 3 and (element.rule, element.data["modifier"]) == ("S0-R28", 1)


def test_element_loop_G0_7_eol_on_aqua_only_in_the_three_loop():
    """G0-7: Eol > Aqua in the 3-loop (+1); in the 4-loop Aqua is not Eol's successor (+0)."""
    spec = (["archer@0,0 react_used", "red_king@1,0 engaged"], ["blue_king@0,0"])
    b = position(*spec)
    events = play(b, ["skill", "arrow", [2], 0])
    assert b.char(2).health == 10 - 3 and one(events, "element").rule == "S0-R28"
    b = position(*spec, element_loop="four")
    events = play(b, ["skill", "arrow", [2], 0])
    assert b.char(2).health == 10 - 2 and one(events, "element").rule == "S0-R29"


def test_same_element_G0_8_absorb_net_or_heal_after_with_a_shield():
    """G0-8 (A0-6): Pyro Flame (2) on the Pyro caller (5 Health) with Shield 2: 'absorb' (revised default)
    deals nothing and heals 1, the Shield untouched; 'net' deals 1, all absorbed by the Shield (1 left);
    'heal_after' deals 2, all absorbed, then heals 1."""
    spec = (["red_king@0,0"], ["blue_king@1,0", "caller@0,0 hp=5 shield=2"])
    b = position(*spec)
    events = play(b, ["skill", "flame", [2], 0])
    assert (b.char(2).health, b.char(2).shield) == (6, 2)
    assert one(events, "element").rule == "S0-R32" and one(events, "heal").rule == "S0-R32"
    assert "damage" not in kinds(events) and "shielded" not in kinds(events)
    b = position(*spec, same_element="net")
    events = play(b, ["skill", "flame", [2], 0])
    assert (b.char(2).health, b.char(2).shield) == (5, 1)
    assert one(events, "element").rule == "S0-R32" and one(events, "shielded").data["absorbed"] == 1
    assert "heal" not in kinds(events)
    b = position(*spec, same_element="heal_after")
    events = play(b, ["skill", "flame", [2], 0])
    assert (b.char(2).health, b.char(2).shield) == (6, 0)
    assert one(events, "shielded").data["absorbed"] == 2
    heal = one(events, "heal")
    assert heal.rule == "S0-R32" and heal.data["amount"] == 1
    assert kinds(events).index("shielded") < kinds(events).index("heal")


# --- Unique Skill and armies: G0-11, G0-13 ----------------------------------------------------------

def test_unique_limit_G0_11_once_per_battle_cycle_or_unlimited():
    """G0-11: a used Inferno stays spent next cycle by default, recharges under once_per_cycle, and is
    usable again at once under unlimited."""
    spec = (["red_king@0,0 ap=4 unique_used engaged"], ["blue_king@0,0 engaged", "guard@0,1 react_used engaged"])
    outcome = {}
    for limit in ("once_per_battle", "once_per_cycle", "unlimited"):
        b = position(*spec, first=1, unique_limit=limit)
        RULESET.advance(b)                                            # cycle 2: seat 0 holds the card
        assert b.cycle == 2 and RULESET.view(b, None)["pending"]["uid"] == 0
        outcome[limit] = [a[2] for a in skills(b, "inferno")]
    assert outcome == {"once_per_battle": [], "once_per_cycle": [[1, 2]], "unlimited": [[1, 2]]}
    b = position(["red_king@0,0 ap=4 unique_used", "brute@0,1 engaged"], ["blue_king@0,0", "guard@0,1 react_used"])
    assert skills(b, "inferno") == []                                  # within the cycle: only unlimited
    b = position(["red_king@0,0 ap=4 unique_used", "brute@0,1 engaged"], ["blue_king@0,0", "guard@0,1 react_used"],
                 unique_limit="unlimited")
    events = play(b, ["skill", "inferno", [2, 3], 0])
    assert one(events, "skill").rule == "G0-11" and b.char(2).health == 8


def test_army_members_G0_13_five_members_or_fewer():
    """G0-13: a preset army fields its King and 5 members by default; army_members=2 keeps the first two."""
    b = fresh()
    assert [len(s.chars) for s in b.sides] == [6, 6]
    b = fresh(army_members=2)
    assert [[c.defn.id for c in s.chars] for s in b.sides] == [["red_king", "brute", "archer"],
                                                                ["blue_king", "guard", "brute"]]
    events = b.log.take()
    assert cited(events, "army") == ["G0-13", "G0-13"]
    assert [s.speed for s in b.sides] == [4 + 5 + 5, 3 + 2 + 5]


# --- ties: G0-14, A0-9 ------------------------------------------------------------------------

def test_stall_cycles_G0_14_three_by_default_one_or_never():
    """G0-14: one unchanged cycle is no tie by default; stall_cycles=1 ties at once; 0 never ties on a stall."""
    spec = (["red_king@0,0 engaged"], ["blue_king@0,0 engaged"])
    b = position(*spec)
    RULESET.advance(b)
    assert b.result is None and b.stall == 1 and b.cycle == 2
    b = position(*spec, stall_cycles=1)
    b.log.take()
    RULESET.advance(b)
    assert (b.result.winner, b.result.rule) == (None, "S0-R39")
    assert one(b.log.take(), "tie_test").rule == "G0-14"
    b = position(*spec, stall_cycles=0)
    for _ in range(4):
        for c in b.on_board(0) + b.on_board(1):
            c.engaged = True
        RULESET.advance(b)
    assert b.result is None and b.stall == 4 and b.cycle == 5


def test_tie_when_harmless_G0_14_two_healers():
    """G0-14: two armies that cannot harm each other tie at the cycle's end by default, not when switched off.
    Each King is off the board (row -1: not deployed), so only the healers on the board count."""
    spec = (["healer@0,0 engaged", "red_king@1,0"], ["healer@0,0 engaged", "blue_king@1,0"])

    def build(**opts):
        b = position(*spec, stall_cycles=0, **opts)
        for uid in (1, 3):
            b.char(uid).row = b.char(uid).col = -1
        return b

    b = build()
    b.log.take()
    RULESET.advance(b)
    assert b.result.rule == "S0-R39" and one(b.log.take(), "tie_test").rule == "G0-14"
    b = build(tie_when_harmless=False)
    RULESET.advance(b)
    assert b.result is None and b.cycle == 2


def test_cycle_cap_P0_1_a_tie_past_the_cap_only_when_no_side_can_change_the_outcome():
    """P0-1 (A0-9): two healers and their Kings kept off the board cannot harm each other. With the harm
    test of G0-14 off, cycle 60's end ties by the cap (60); with cycle_cap=100 the battle goes on."""
    spec = (["healer@0,0 engaged", "red_king@1,0"], ["healer@0,0 engaged", "blue_king@1,0"])

    def build(**opts):
        b = position(*spec, cycle=60, stall_cycles=0, tie_when_harmless=False, **opts)
        for uid in (1, 3):
            b.char(uid).row = b.char(uid).col = -1
        return b

    b = build()
    b.log.take()
    RULESET.advance(b)
    assert (b.result.winner, b.result.rule) == (None, "S0-R39") and one(b.log.take(), "tie_test").rule == "P0-1"
    b = build(cycle_cap=100)
    RULESET.advance(b)
    assert b.result is None and b.cycle == 61


def test_cycle_cap_P0_1_never_ties_while_a_side_can_still_harm():
    """P0-1: two Kings that can strike each other reach the end of cycle 60 (and 61, 62): no tie, since
    either side can still change the outcome. The earlier cap tied at once."""
    b = position(["red_king@0,0 engaged"], ["blue_king@0,0 engaged"], cycle=60, stall_cycles=0)
    for _ in range(3):
        for c in b.on_board(0) + b.on_board(1):
            c.engaged = True
        b.log.take()
        RULESET.advance(b)
        assert b.result is None and "tie_test" not in kinds(b.log.take())
    assert b.cycle == 63


# --- turn order and cycles: G0-15, A0-4, S0-R5 --------------------------------------------------------

def test_interleave_G0_15_alternate_or_global_speed():
    """G0-15 (A0-2): seat 0 (King 4, guard 2) vs seat 1 (archer 5, brute 5, King 3).
    Alternating: King, archer, guard, brute, blue King. One global queue: both 5s, King 4, King 3, guard."""
    spec = (["red_king@1,0", "guard@0,1"], ["blue_king@1,0", "archer@0,0", "brute@0,1"])
    b = position(*spec)
    assert turn_order(b) == [0, 3, 1, 4, 2]
    b = position(*spec, interleave="global_speed")
    assert turn_order(b) == [3, 4, 0, 2, 1]


def test_cycle_point_A0_4_giver_or_receiver():
    """A0-4: at the new cycle seat 0 gives the card away; the Extra Act Point goes to it, or to seat 1."""
    spec = (["red_king@1,0 engaged"], ["blue_king@0,0 engaged"])
    b = position(*spec, first=0)
    b.log.take()
    RULESET.advance(b)
    card = one(b.log.take(), "first_card")
    assert b.first == 1 and [s.soulwell for s in b.sides] == [1, 0]
    assert card.rule == "S0-R17" and card.data["soulwell_to"] == 0
    b = position(*spec, first=0, cycle_point="receiver")
    b.log.take()
    RULESET.advance(b)
    assert b.first == 1 and [s.soulwell for s in b.sides] == [0, 1]
    assert one(b.log.take(), "first_card").data["soulwell_to"] == 1


def test_first_tiebreak_S0_R5_seed_or_seat0():
    """S0-R5: equal army Speeds; seed 1 draws seat 1 under 'random', while 'seat0' always gives seat 0."""
    b = fresh(1, armies=(SAME, SAME))
    first = one(b.log.take(), "first_player")
    assert b.first == 1 and [s.soulwell for s in b.sides] == [1, 0]
    assert first.rule == "S0-R5" and first.data["tiebreak"] == "random"
    b = fresh(1, armies=(SAME, SAME), first_tiebreak="seat0")
    first = one(b.log.take(), "first_player")
    assert b.first == 0 and [s.soulwell for s in b.sides] == [0, 1]
    assert first.rule == "S0-R5" and first.data["tiebreak"] == "seat0"


# --- defeats: A0-5, G0-16, G0-17 ------------------------------------------------------------------

def test_kill_reward_A0_5_victim_or_killer():
    """A0-5: the brute (3 AP, Club costs 1) defeats the archer (1 AP): 'victim' (revised default) banks
    the archer's 1 and the brute keeps its 2; 'killer' banks the brute's 2."""
    spec = (["brute@0,0 ap=3", "red_king@1,0"], ["blue_king@1,0", "archer@0,0 hp=3 ap=1"])
    b = position(*spec)
    events = play(b, ["skill", "club", [3], 0])
    reward = one(events, "kill_reward")
    assert (b.sides[0].soulwell, b.char(0).ap, b.char(3).ap) == (1, 2, 0)
    assert reward.rule == "S0-R25" and reward.data["amount"] == 1 and reward.data["victims"] == [3]
    assert reward.data["source"] == "victim"
    b = position(*spec, kill_reward="killer")
    events = play(b, ["skill", "club", [3], 0])
    assert (b.sides[0].soulwell, b.char(0).ap) == (2, 0)
    assert one(events, "kill_reward").data["amount"] == 2


def test_kill_reward_transfer_G0_16_transfer_or_copy():
    """G0-16 (under A0-5's killer reading, passed explicitly): the rewarded 2 AP leave the killer by
    default; with kill_reward_transfer=false they are copied. Under the victim reading it changes nothing."""
    spec = (["brute@0,0 ap=3", "red_king@1,0"], ["blue_king@1,0", "archer@0,0 hp=3"])
    b = position(*spec, kill_reward="killer")
    play(b, ["skill", "club", [3], 0])
    assert (b.sides[0].soulwell, b.char(0).ap) == (2, 0)
    for transfer in (True, False):
        b = position(*spec, kill_reward_transfer=transfer)
        play(b, ["skill", "club", [3], 0])
        assert (b.sides[0].soulwell, b.char(0).ap, b.char(3).ap) == (1, 2, 0)
    b = position(*spec, kill_reward="killer", kill_reward_transfer=False)
    events = play(b, ["skill", "club", [3], 0])
    assert (b.sides[0].soulwell, b.char(0).ap) == (2, 2)
    assert one(events, "kill_reward").data["amount"] == 2


def test_both_kings_G0_17_tie_or_acting_side_wins():
    """G0-17: the Cinder King (1 Health) strikes the Basalt King, whose Jagged Crust hits back first
    (A0-7): both Kings fall in one turn. A tie by default; under acting_side_wins seat 0 wins.
    Uses the shipped characters (the test set has no King that strikes back)."""
    content = builtin_content()
    outcome = {}
    for mode in ("tie", "acting_side_wins"):
        options = resolve_options(RULESET.options, {"both_kings": mode})
        spec = {"a": ["cinder_king@0,0 hp=1"], "b": ["basalt_king@0,0 hp=3"], "first": 0, "cycle": 1,
                "soulwell": [0, 0]}
        b = build_position(spec, content, options, 1, EventLog(True, RULESET.rule_ids()), strict=False)
        events = answer(b, ["skill", "ember_cleave", [1], 0])
        assert not b.char(0).alive and not b.char(1).alive
        assert one(events, "react").rule == "S0-R36" and cited(events, "defeated") == ["S0-R24", "S0-R24"]
        end = one(events, "end")
        outcome[mode] = (b.result.winner, b.result.rule, end.rule, end.data["winner"])
    assert outcome == {"tie": (None, "G0-17", "G0-17", None), "acting_side_wins": (0, "G0-17", "G0-17", 0)}


# --- invoked characters and reacts: A0-8, A0-7 -----------------------------------------------------

def test_invoked_ap_A0_8_end_of_turn_gives_an_invoked_imp_ap_or_not():
    """A0-8: an invoked imp ending its turn gains 1 AP by default (S0-R27); under 'never' it gains none."""
    spec = (["red_king@1,0 engaged", "imp@0,0 invoked_by=0 ap=0"], ["blue_king@0,0"])
    b = position(*spec)
    events = play(b, ["end"])
    assert b.char(1).ap == 1 and one(events, "skip").rule == "S0-R27"
    b = position(*spec, invoked_ap="never")
    events = play(b, ["end"])
    assert b.char(1).ap == 0 and one(events, "no_ap").rule == "A0-8" and "skip" not in kinds(events)


def test_invoked_ap_A0_8_no_cycle_start_ap_either_way():
    """A0-8: both readings keep the cycle-start Act Point from an invoked character (S0-R16)."""
    for mode in ("cycle_start_only", "never"):
        b = position(["red_king@1,0 engaged ap=0", "imp@0,0 invoked_by=0 ap=0 engaged"], ["blue_king@0,0 engaged"],
                     invoked_ap=mode)
        b.log.take()
        RULESET.advance(b)
        assert (b.char(0).ap, b.char(1).ap) == (1, 0)
        assert one(b.log.take(), "no_cycle_ap").rule == "S0-R16"


def test_react_timing_A0_7_brace_before_or_after_damage():
    """A0-7: the guard's Brace (Shield 2) against Club (3): before damage it takes 1; after damage it takes 3
    and keeps the Shield."""
    spec = (["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    b = position(*spec)
    events = answer(b, ["skill", "club", [3], 0])
    assert (b.char(3).health, b.char(3).shield) == (11, 0)
    assert one(events, "react").rule == "S0-R36" and kinds(events).index("react") < kinds(events).index("damage")
    b = position(*spec, react_timing="after_damage")
    events = answer(b, ["skill", "club", [3], 0])
    assert (b.char(3).health, b.char(3).shield) == (9, 2)
    assert one(events, "react").rule == "S0-R36" and kinds(events).index("react") > kinds(events).index("damage")


def test_react_timing_A0_7_after_damage_fires_only_if_it_survives():
    """A0-7: a guard on 3 Health survives Club behind its Brace (before damage) but falls, unbraced, after."""
    spec = (["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0 hp=3"])
    b = position(*spec)
    answer(b, ["skill", "club", [3], 0])
    assert b.char(3).alive and b.char(3).health == 2
    b = position(*spec, react_timing="after_damage")
    events = answer(b, ["skill", "club", [3], 0])
    assert not b.char(3).alive and "react" not in kinds(events)
    assert one(events, "defeated").rule == "S0-R24"


# --- revised and new readings: G0-12, S0-R35, A0-10, A0-12 -------------------------------------------

def test_face_down_turn_G0_12_takes_its_turn_or_none():
    """G0-12: the blue King, face down for 2 cycles, at the new cycle: by default (takes_turn, revised) it
    disengages and takes its turn with the AP it has, gaining no cycle-start AP (S0-R16); under no_turn
    it stays engaged and the cycle's only turn is the red King's."""
    spec = (["red_king@1,0 engaged ap=0"], ["blue_king@0,0 engaged ap=1 face_down=2"])
    b = position(*spec)
    b.log.take()
    RULESET.advance(b)
    events = b.log.take()
    assert (b.char(1).engaged, b.char(1).face_down, b.char(1).ap) == (False, 1, 1)
    assert one(events, "no_cycle_ap").data["uids"] == [1] and one(events, "cycle").data["turns"] == 2
    assert turn_order(b) == [1, 0]                                     # seat 1 holds the card now
    b = position(*spec, face_down_turn="no_turn")
    b.log.take()
    RULESET.advance(b)
    assert (b.char(1).engaged, b.char(1).face_down, b.char(1).ap) == (True, 1, 1)
    assert one(b.log.take(), "cycle").data["turns"] == 1
    assert turn_order(b) == [0]


def test_face_down_turn_G0_12_hexed_this_cycle_keeps_its_turn_or_loses_it():
    """G0-12: the healer's Hex turns the blue King face down before it has acted: by default it still
    takes its turn this cycle; under no_turn it loses it (the cycle ends)."""
    spec = (["healer@1,0 ap=2", "brute@0,0 engaged", "red_king@2,0 engaged"], ["blue_king@0,0 ap=2"])
    b = position(*spec)
    events = play(b, ["skill", "hex", [3], 0])
    assert one(events, "face_down").rule == "G0-12" and not b.char(3).engaged
    assert RULESET.view(b, None)["pending"]["uid"] == 3
    b = position(*spec, face_down_turn="no_turn")
    play(b, ["skill", "hex", [3], 0])
    assert b.char(3).engaged and RULESET.decision(b) is None


def test_offensive_react_S0_R35_only_when_attacking_or_after_any_act():
    """S0-R35: the bard's Encore (heal itself 2) follows an Act Skill. Rally on an ally attacks no one:
    by default (attacks) Encore does not fire; under any_act it does. Jab at an enemy fires it either way."""
    spec = (["bard@1,0 hp=3", "brute@0,0 engaged", "red_king@1,1 engaged"], ["blue_king@0,0"])
    b = position(*spec)
    events = answer(b, ["skill", "rally", [1], 0])
    assert b.char(0).health == 3 and not b.char(0).react_used and "react" not in kinds(events)
    assert one(events, "no_offensive_react").rule == "S0-R35"
    b = position(*spec, offensive_react="any_act")
    events = answer(b, ["skill", "rally", [1], 0])
    assert b.char(0).health == 5 and b.char(0).react_used and one(events, "react").rule == "S0-R35"
    b = position(*spec)
    events = answer(b, ["skill", "jab", [3], 0])
    assert b.char(0).health == 5 and one(events, "react").rule == "S0-R35"


def test_chain_skills_A0_10_one_action_or_skills_until_end_of_turn():
    """A0-10: the brute (3 AP) clubs the guard. By default that is its turn: seat 1 decides next. With
    chain_skills it may go on with Shove (not Club again: P0-3), cannot Move any more, and its End of
    Turn gives no Act Point (it did not skip its turn)."""
    spec = (["brute@0,0 ap=3", "red_king@1,0 engaged"], ["blue_king@1,0", "guard@0,0 react_used"])
    b = position(*spec)
    play(b, ["skill", "club", [3], 0])
    assert b.char(0).engaged and RULESET.decision(b).players == (1,)
    b = position(*spec, chain_skills=True)
    play(b, ["skill", "club", [3], 0])
    assert not b.char(0).engaged and RULESET.decision(b).players == (0,)
    assert not any(a[0] == "move" for a in legal(b)) and ["end"] in legal(b)
    assert b.char(3).health == 12 - 3 and b.char(0).ap == 2
    events = play(b, ["skill", "shove", [3], 0])
    assert one(events, "push").rule == "S0-R40" and "turn" not in kinds(events) and b.chained == ["club", "shove"]
    events = play(b, ["end"])
    assert b.char(0).ap == 2 and b.char(0).engaged and "skip" not in kinds(events)
    assert one(events, "end_after_skill").rule == "A0-10" and RULESET.decision(b).players == (1,)


def test_chain_skills_A0_10_a_defeated_king_ends_the_battle_mid_turn():
    """A0-10: under chain_skills the King's defeat ends the battle at once, before End of Turn (S0-R37)."""
    b = position(["brute@0,0 ap=3", "red_king@1,0 engaged"], ["blue_king@0,0 hp=3"], chain_skills=True)
    events = play(b, ["skill", "club", [2], 0])
    assert b.result.winner == 0 and one(events, "end").rule == "S0-R37" and RULESET.decision(b) is None


def test_king_advances_A0_12_the_king_steps_up_or_stays():
    """A0-12: the brute, alone in row 1, falls; the red King (row 2) and the archer (row 2) are behind the
    empty row. By default both advance (the King too); with king_advances=false the archer advances
    and the King stays in row 2."""
    spec = (["red_king@2,0 engaged", "guard@0,0 engaged", "brute@1,0 hp=2 engaged", "archer@2,1 engaged"],
            ["blue_king@0,0"])
    b = position(*spec, first=1)
    events = play(b, ["skill", "splash", [2], 0])
    assert (b.char(0).row, b.char(3).row) == (1, 1)
    assert one(events, "advance").rule == "S0-R10" and one(events, "king_advance").rule == "A0-12"
    b = position(*spec, first=1, king_advances=False)
    events = play(b, ["skill", "splash", [2], 0])
    assert (b.char(0).row, b.char(3).row) == (2, 1)
    assert one(events, "advance").data["moved"] == [[3, 1, 1]] and one(events, "king_stays").rule == "A0-12"


def test_king_advances_A0_12_a_unit_steps_around_the_staying_king():
    """A0-12 king_advances=false: the front row empties; the King stays in row 1 column 0; the archer
    behind it in column 0 steps beside it (nearest free column, 1), then on into the empty front row."""
    spec = (["red_king@1,0 engaged", "brute@0,0 hp=2 engaged", "archer@2,0 engaged"], ["blue_king@0,0"])
    b = position(*spec, first=1, king_advances=False)
    play(b, ["skill", "splash", [1], 0])
    assert [(b.char(u).row, b.char(u).col) for u in (0, 2)] == [(1, 0), (0, 1)]


def test_chain_skills_A0_10_P0_3_each_skill_once_a_turn():
    """A0-10 with P0-3: the healer's Pray costs nothing (Soulwell +1). Chained, it may pray once, not
    again in the same turn (else the Soulwell would grow without end); Mend is still open."""
    b = position(["healer@0,0 ap=1 hp=3", "red_king@1,0 engaged"], ["blue_king@0,0"], chain_skills=True)
    play(b, ["skill", "pray", [0], 0])
    assert b.sides[0].soulwell == 1
    assert not any(a[1] == "pray" for a in legal(b) if a[0] == "skill")
    assert any(a[1] == "mend" for a in legal(b) if a[0] == "skill")
    play(b, ["end"])
    assert b.char(0).engaged and b.chained == []


def test_react_choice_S0_R35_S0_R36_asks_the_reacting_seat_or_fires_at_once():
    """ask (default): Club on the guard pauses for seat 1's answer; auto: Brace fires at once, as before."""
    spec = (["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    b = position(*spec)
    play(b, ["skill", "club", [3], 0])
    assert RULESET.decision(b).kind == "react" and b.char(3).health == 12
    b = position(*spec, react_choice="auto")
    events = play(b, ["skill", "club", [3], 0])
    assert one(events, "react").rule == "S0-R36" and b.char(3).health == 11
    assert RULESET.decision(b).kind == "choose_action" and RULESET.decision(b).players == (1,)


def test_tie_by_agreement_G0_14_offered_or_not():
    spec = (["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    assert ["propose_tie"] in legal(position(*spec))
    assert ["propose_tie"] not in legal(position(*spec, tie_by_agreement=False))
