"""Rule tests for the lane: minions (F-S5, F-A5, F-D6, F-D7, F-K4, F-K5, F-L1, F-L2), the lane push (P1-10,
A1-10), the minion battle (G1-4), wave counters (F-S2) and the lane's victories (F-W1, F-W2)."""

from engine.core import Session
from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.board import builtin_board
from engine.rulesets.initiative.ruleset import Initiative
from helpers import answer, attack, idle, legal, of, play, step, to_act

BOARD = builtin_board()


def at(position, **options):
    """Two seats, one hero each: hero 0 red Brannoc, hero 1 blue Isra (positions list them in that order)."""
    return Session.start("initiative", seed=0, options={"players": 2, "two_player_heroes": 1, **options},
                         setup={"position": position})


def spawns(zone, team, kind):
    return BOARD.minion_spawns[(zone, team, kind)]


def strike(session, cards=("brannoc_red1", "isra_silver")):
    """Brannoc (initiative 5) acts before Isra (3); its attack starts, the optional move skipped."""
    to_act(session, list(cards), 0)
    answer(session, ["attack"])
    answer(session, ["skip"])                         # brannoc_red1: "before the attack: you may move 1"
    assert session.decision.kind == "choose_target"


def test_F_S2_F_S5_the_set_up_places_each_teams_minions_in_the_middle_zone_and_the_wave_counters():
    session = Session.start("initiative", seed=0, options={"players": 4})
    game = session.state
    assert (game.battle_zones, game.waves) == (["causeway"], [3])
    for team in ("red", "blue"):
        for kind, count in (("melee", 4), ("ranged", 1), ("heavy", 1)):
            placed = sorted(tuple(m["space"]) for m in game.minions if (m["team"], m["type"]) == (team, kind))
            assert placed == spawns("causeway", team, kind) and len(placed) == count
    assert all(tuple(m["space"]) in game.obstacles() for m in game.minions)         # units are obstacles
    events = [e.to_data() for e in session.history[0]]
    assert of(events, "F-S2") == [{"kind": "waves", "rule": "F-S2", "waves": [3]}]
    assert len(of(events, "F-S5")[0]["minions"]) == 12
    assert Session.start("initiative", seed=0, options={"players": 4, "length": "long"}).state.waves == [5]
    assert session.view(1)["minions"] == game.minions and session.view(1)["waves"] == [3]     # public


def test_F_A5_F_K4_an_attacked_minion_is_simply_defeated_and_pays_two_coins_friendly_ones_are_never_targets():
    session = at({"heroes": ["brannoc@12,4", "isra@16,6"],
                  "minions": ["blue melee@13,4", "blue melee@14,6", "red melee@11,4"]})
    strike(session)
    assert legal(session) == [["minion", 0]]                  # not the friendly minion, no hero in reach
    events = answer(session, ["minion", 0])
    assert of(events, "F-A5")[-1] == {"kind": "minion_defeated", "rule": "F-A5", "minion": 0, "team": "blue",
                                     "type": "melee", "space": [13, 4], "by": 0}
    assert of(events, "F-K4") == [{"kind": "coins", "rule": "F-K4", "hero": 0, "coins": 2, "why": "minion",
                                   "type": "melee"}]
    game = session.state
    assert [m["id"] for m in game.minions] == [1, 2] and game.heroes[0].coins == 2
    assert not of(events, "F-D3") and not of(events, "P1-10")       # no defence; blue keeps a minion: no push
    step(session)
    assert session.decision.kind == "choose_action" and session.state.acting == 1


def test_F_D7_a_heavy_minion_is_immune_while_a_friendly_non_heavy_one_is_in_its_battle_zone():
    session = at({"heroes": ["brannoc@12,4", "isra@16,6"], "minions": ["blue heavy@13,4", "blue melee@13,3"]})
    strike(session)
    assert legal(session) == [["minion", 1]]                  # the heavy next to Brannoc cannot be targeted
    events = answer(session, ["minion", 1])
    assert of(events, "F-D7") == [{"kind": "immune", "rule": "F-D7", "hero": 0, "minions": [0]}]
    assert session.state.minions == [{"id": 0, "team": "blue", "type": "heavy", "lane": 0, "space": [13, 4]}]


def test_F_K4_a_heavy_pays_four_and_P1_10_its_defeat_as_the_last_minion_pushes_the_lane_mid_turn():
    """F-K4, F-S2, F-K5, F-L2 and P1-10: the push runs inside the action; the turn goes on in initiative order."""
    session = at({"heroes": ["brannoc@12,4", "isra@16,6"], "minions": ["blue heavy@13,4", "red melee@9,7"]})
    strike(session)
    assert legal(session) == [["minion", 0]]                  # alone, the heavy is not immune (F-D7)
    events = answer(session, ["minion", 0])
    assert of(events, "F-K4")[0]["coins"] == 4 and session.state.heroes[0].coins == 4
    assert of(events, "F-S2") == [{"kind": "wave", "rule": "F-S2", "team": "red", "lane": 0, "left": 2}]
    assert of(events, "P1-10") == [{"kind": "lane_push", "rule": "P1-10", "winner": "red", "loser": "blue",
                                   "lane": 0, "from": "causeway", "to": "blue_shore"}]
    assert [(e["team"], e["space"], e["why"]) for e in of(events, "F-K5")] == [("red", [9, 7], "lane push")]
    game = session.state
    assert (game.battle_zones, game.waves) == (["blue_shore"], [2])
    for team, counts in (("red", (3, 1, 1)), ("blue", (4, 1, 1))):
        for kind, count in zip(("melee", "ranged", "heavy"), counts):
            placed = sorted(tuple(m["space"]) for m in game.minions if (m["team"], m["type"]) == (team, kind))
            assert placed == spawns("blue_shore", team, kind) and len(placed) == count
    assert len(of(events, "F-L2")) == 11 and not of(events, "S1-R22")
    assert of(events, "S1-R21")[0]["hero"] == 0                       # Brannoc's card resolves after the push
    step(session)
    assert session.decision.kind == "choose_action" and session.state.acting == 1      # then Isra, in order


def test_F_L2_A1_10_respawn_is_limited_by_spawn_points_a_token_goes_first_a_unit_displaces():
    """F-L2: no respawn beyond the zone's spawn points of that type; A1-10: the owning team places a displaced
    minion in the nearest empty space of the Battle Zone; P1-10: a token on a spawn point is removed first."""
    session = at({"heroes": ["brannoc@12,4", "isra@19,6"], "minions": ["blue melee@13,4"],
                  "tokens": ["rubble@17,6 hero=0"]})
    strike(session)
    session.state.minions.append({"id": 9, "team": "red", "type": "melee", "lane": 0, "space": [19, 4]})   # already there
    events = answer(session, ["minion", 0])
    assert of(events, "P1-10")[1] == {"kind": "token_removed", "rule": "P1-10", "space": [17, 6], "token": "rubble",
                                     "why": "a minion respawns here"}
    refused = [e for e in of(events, "F-L2") if e["kind"] == "minion_not_respawned"]
    assert refused == [{"kind": "minion_not_respawned", "rule": "F-L2", "team": "red", "type": "melee",
                        "space": [18, 4], "spawn_points": 3, "present": 3}]
    game = session.state
    red_melee = sorted(tuple(m["space"]) for m in game.minions if (m["team"], m["type"]) == ("red", "melee"))
    assert red_melee == [(17, 5), (17, 6), (19, 4)] and game.tokens == []
    decision = session.decision                                       # Isra stands on a blue melee spawn point
    assert decision.kind == "deploy" and decision.players == (1,) and decision.prompt["from"] == [19, 6]
    near = sorted(list(h) for h in hexes.neighbours((19, 6))
                  if BOARD.zone_of.get(h) == "blue_shore" and h not in game.obstacles())
    assert sorted(legal(session)) == [["space", h] for h in near]
    events = answer(session, ["space", near[0]], seat=1)
    assert of(events, "A1-10")[0]["space"] == near[0] and of(events, "A1-10")[0]["spawn_point"] == [19, 6]
    assert of(events, "S1-R21")[0]["hero"] == 0                       # the attack, taken up again, ends
    step(session)
    assert session.state.acting == 1 and session.decision.kind == "choose_action"    # the turn goes on


def test_F_W2_the_push_that_flips_the_last_wave_counter_wins():
    session = at({"heroes": ["brannoc@12,4", "isra@16,6"], "minions": ["blue melee@13,4"], "waves": 1})
    strike(session)
    events = answer(session, ["minion", 0])
    assert of(events, "F-W2") == [{"kind": "victory", "rule": "F-W2", "team": "red"}]
    outcome = session.outcome
    assert (outcome.team, outcome.rule, outcome.winners) == ("red", "F-W2", (0,))
    assert session.state.battle_zones == ["causeway"] and session.state.waves == [0] and session.decision is None


def test_F_W1_a_push_into_the_enemy_throne_wins():
    session = at({"heroes": ["brannoc@19,4", "isra@16,6"], "minions": ["blue melee@20,4", "red melee@17,5"],
                  "battle_zones": ["blue_shore"]})
    strike(session)
    events = answer(session, ["minion", 0])
    assert of(events, "F-W1") == [{"kind": "victory", "rule": "F-W1", "team": "red"}]
    assert (session.outcome.team, session.outcome.rule) == ("red", "F-W1")
    assert session.state.battle_zones == ["blue_throne"] and session.state.waves == [2]


def test_F_D6_A1_9_minion_modifiers_count_once_before_the_defenders_card():
    session = at({"heroes": ["brannoc@11,4", "isra@12,4"],
                  "minions": ["red melee@12,3", "blue melee@13,4", "red ranged@10,5", "blue ranged@13,3"]})
    to_act(session, ["brannoc_red1", "isra_silver"], 0)
    events = attack(session, 1)
    assert of(events, "F-D6") == [{"kind": "minion_modifiers", "rule": "F-D6", "hero": 1, "total": -1,
                                   "minions": [{"minion": 0, "amount": -1}, {"minion": 1, "amount": 1},
                                               {"minion": 2, "amount": -1}]}]
    assert session.decision.kind == "defend" and session.decision.prompt["minions"] == -1
    session.state.minions = []                                        # computed once: later changes do not count
    events = answer(session, ["defend", "isra_gold"])                 # defense 2 − 1 = 1 < 5
    assert of(events, "F-D2")[0]["defense"] == 1 and of(events, "F-K1")


def test_F_K5_G1_4_the_minion_battle_the_fewer_team_removes_the_difference_its_choice_heavy_last():
    session = at({"heroes": ["brannoc@8,4", "isra@16,6"], "turn": 4,
                  "minions": ["red melee@9,7", "red melee@10,6", "red melee@11,3", "red heavy@9,5",
                              "blue melee@13,6", "blue melee@13,7", "blue heavy@15,5"]})
    play(session, "brannoc_gold", "isra_gold")
    while session.decision is None or session.decision.kind != "choose_target":
        step(session) if session.decision is None else idle(session)
    decision = session.decision
    assert decision.prompt["kind"] == "minion_remove" and decision.players == (1,)
    assert legal(session) == [["minion", 4], ["minion", 5]]           # the heavy last
    events = answer(session, ["minion", 5], seat=1)
    assert of(events, "F-K5") == [{"kind": "minion_removed", "rule": "F-K5", "minion": 5, "team": "blue",
                                   "type": "melee", "space": [13, 7], "why": "minion battle"}]
    assert [h.coins for h in session.state.heroes] == [0, 0]          # "remove" pays no coins
    assert [m["id"] for m in session.state.minions if m["team"] == "blue"] == [4, 6]


def test_G1_4_a_forced_removal_asks_nothing_the_melee_and_the_ranged_go_before_the_heavy():
    """Red 3 (melee, ranged, heavy) against blue 5 removes 2: with the heavy last, both others must go."""
    session = at({"heroes": ["brannoc@8,4", "isra@16,6"], "turn": 4,
                  "minions": ["red melee@9,7", "red ranged@10,6", "red heavy@9,5", "blue melee@13,6",
                              "blue melee@13,7", "blue melee@14,6", "blue ranged@14,5", "blue heavy@15,5"]})
    play(session, "brannoc_gold", "isra_gold")
    events = []
    while session.state.phase != "select" or session.state.round == 1:
        decision = session.decision
        assert decision is None or decision.prompt.get("kind") != "minion_remove"      # nobody is asked
        events += step(session) if decision is None else idle(session)
    battle = [e for e in events if e["kind"] == "minion_battle"]
    assert [(e["rule"], e["counts"]) for e in battle] == [("G1-4", {"red": 3, "blue": 5})]
    assert [(e["minion"], e["type"], e["why"]) for e in of(events, "F-K5")] == [
        (0, "melee", "minion battle"), (1, "ranged", "minion battle")]
    assert [(m["team"], m["type"]) for m in session.state.minions if m["team"] == "red"] == [("red", "heavy")]
    assert not [e for e in events if e["kind"] == "push_due"] and session.state.battle_zones == ["causeway"]


def test_G1_4_a_team_left_without_minions_by_the_battle_is_pushed_at_step_three_after_the_tokens():
    session = at({"heroes": ["brannoc@8,4", "isra@16,6"], "turn": 4, "tokens": ["rubble@12,3 hero=0"],
                  "minions": ["red melee@9,7", "red melee@10,6", "red heavy@9,5", "blue heavy@15,5"]})
    play(session, "brannoc_gold", "isra_gold")
    events = []
    while session.state.phase != "select" or session.state.round == 1:
        events += step(session) if session.decision is None else idle(session)
    kinds = [e["kind"] for e in events]
    assert of(events, "F-K5")[0]["type"] == "heavy" and of(events, "F-K5")[0]["why"] == "minion battle"
    assert kinds.index("push_due") < kinds.index("clear_board") < kinds.index("lane_push") < kinds.index("retrieve")
    assert session.state.battle_zones == ["blue_shore"] and session.state.waves == [2]


def test_F_L1_a_minion_outside_the_battle_zone_returns_by_the_shortest_path_its_team_choosing():
    session = at({"heroes": ["brannoc@12,6", "isra@16,6"], "minions": ["red melee@8,3", "blue melee@13,4"]})
    play(session, "brannoc_gold", "isra_gold")
    step(session)
    decision = session.decision                                   # two Causeway spaces one step away
    assert decision.kind == "choose_target" and decision.prompt["kind"] == "minion_return"
    assert decision.players == (0,) and legal(session) == [["space", [8, 4]], ["space", [9, 3]]]
    events = answer(session, ["space", [9, 3]])
    assert of(events, "F-L1") == [{"kind": "minion_returns", "rule": "F-L1", "minion": 0, "team": "red",
                                   "to": [9, 3], "from": [8, 3], "by_path": True}]
    session = at({"heroes": ["brannoc@8,4", "isra@16,6"], "minions": ["red melee@8,3", "blue melee@13,4"]})
    play(session, "brannoc_gold", "isra_gold")
    events = step(session)                                        # a hero on (8, 4): one way back, no question
    assert of(events, "F-L1")[0]["to"] == [9, 3] and session.state.minions[0]["space"] == [9, 3]


def test_P1_4_the_round_limit_is_off_by_default():
    assert next(o for o in Initiative.options if o.key == "round_limit").default == 0


def test_P1_11_a_minion_target_takes_no_marker_and_the_attack_goes_on():
    """P1-11: "the target gets a Poison marker" before the attack does nothing to a minion; the minion is defeated."""
    session = at({"heroes": ["brannoc@12,4 hand=brannoc_red2b+brannoc_gold", "isra@16,6"],
                  "minions": ["blue melee@13,4", "blue melee@14,6"]})
    to_act(session, ["brannoc_red2b", "isra_silver"], 0)
    answer(session, ["attack"])
    assert legal(session) == [["minion", 0]]
    events = answer(session, ["minion", 0])
    assert of(events, "P1-11") == [{"kind": "no_effect", "rule": "P1-11", "hero": 0, "minion": 0, "step": "marker",
                                   "card": "brannoc_red2b"}]
    assert of(events, "F-A5")[-1]["kind"] == "minion_defeated" and of(events, "S1-R21")
    assert all(h.markers == [] for h in session.state.heroes)


def test_P1_11_text_that_moves_the_target_after_an_attack_on_a_minion_cannot_be_done_and_is_skipped():
    """F-A7: the attacked minion is defeated, so an optional 'move the target' step has nothing to move."""
    session = at({"heroes": ["brannoc@16,6", "isra@8,4 hand=isra_red2b+isra_gold"],
                  "minions": ["red melee@9,4", "red melee@9,5"]})
    play(session, "brannoc_gold", "isra_red2b")                     # Isra's card: "after the attack, move the target"
    step(session)
    answer(session, ["attack"], seat=1)
    assert ["minion", 0] in legal(session)
    events = answer(session, ["minion", 0], seat=1)
    assert of(events, "F-K4") and [e["why"] for e in of(events, "F-A7")] == ["cannot"]
    assert session.state.heroes[1].dashboard[0] == "isra_red2b"       # the card resolved: no crash, no stop
