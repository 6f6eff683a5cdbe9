"""Rule tests for the double-lane map (option map = "twinford"; G1-8, F-S3, P1-13): each lane's Battle Zone,
waves and minions, F-W1 on either lane, the Last Push's zone count, and both lanes' pushes at once."""

import json

import pytest

from engine.core import Session
from engine.core.rng import Rng
from engine.rulesets.initiative import lane
from engine.rulesets.initiative.board import builtin_board
from engine.rulesets.initiative.ruleset import Initiative
from helpers import answer, idle, legal, of, play, step, to_act

BOARD = builtin_board("twinford")
TWIN = {"players": 2, "two_player_heroes": 1, "map": "twinford"}


def at(position, **options):
    """Two seats, one hero each: hero 0 red Brannoc, hero 1 blue Isra, on the double-lane map."""
    return Session.start("initiative", seed=0, options={**TWIN, **options}, setup={"position": position})


def strike(session, target):
    """Brannoc (initiative 5) acts before Isra (3) and attacks the minion `target`."""
    to_act(session, ["brannoc_red1", "isra_silver"], 0)
    answer(session, ["attack"])
    answer(session, ["skip"])                         # brannoc_red1: "before the attack: you may move 1"
    assert ["minion", target] in legal(session)
    return answer(session, ["minion", target])


def to_next_round(session):
    """Play the last turn's gold cards, holding, through End of Round; the events on the way."""
    play(session, "brannoc_gold", "isra_gold")
    events = []
    while session.outcome is None and (session.state.phase != "select" or session.state.round == 1):
        events += step(session) if session.decision is None else idle(session)
    return events


def spawned(game, lane, zone):
    """(team, type) -> sorted spaces of the lane's minions in `zone`."""
    found = {}
    for m in game.minions:
        if m["lane"] == lane and BOARD.zone_of[tuple(m["space"])] == zone:
            found.setdefault((m["team"], m["type"]), []).append(tuple(m["space"]))
    return {k: sorted(v) for k, v in found.items()}


def expected(zone):
    return {(t, k): hs for (z, t, k), hs in BOARD.minion_spawns.items() if z == zone}


@pytest.mark.parametrize("options, life", [({"players": 4}, 6), ({"players": 4, "length": "long"}, 6),
                                           ({"players": 6}, 6), ({"players": 2}, 6), ({"players": 3}, 6)])
def test_F_S3_F_S5_the_double_lane_map_has_two_battle_zones_7_waves_each_and_6_life_counters(options, life):
    session = Session.start("initiative", seed=0, options={**options, "map": "twinford"})
    game = session.state
    assert (game.battle_zones, game.waves, game.life) == (["north_ford", "south_ford"], [7, 7],
                                                          {"red": life, "blue": life})
    assert spawned(game, 0, "north_ford") == expected("north_ford")
    assert spawned(game, 1, "south_ford") == expected("south_ford") and len(game.minions) == 24
    events = [e.to_data() for e in session.history[0]]
    assert of(events, "F-S2") == [{"kind": "waves", "rule": "F-S2", "waves": [7, 7]}]
    assert of(events, "F-S3")[0]["each"] == life
    assert of(events, "F-S5")[0]["zones"] == ["north_ford", "south_ford"]
    view = session.view(0)
    assert (view["battle_zones"], view["waves"], view["board"]["id"]) == (["north_ford", "south_ford"], [7, 7],
                                                                          "twinford")
    assert len(view["board"]["lanes"]) == 2
    assert session.record.options["map"] == "twinford"          # carried in the record


def test_a_push_on_one_lane_flips_its_own_counter_and_moves_its_own_battle_zone():
    session = at({"heroes": ["brannoc@13,2", "isra@23,6"], "minions": ["blue melee@14,2", "red melee@7,8"]})
    events = strike(session, 0)
    assert of(events, "F-S2") == [{"kind": "wave", "rule": "F-S2", "team": "red", "lane": 0, "left": 6}]
    assert of(events, "P1-10")[0] == {"kind": "lane_push", "rule": "P1-10", "winner": "red", "loser": "blue",
                                      "lane": 0, "from": "north_ford", "to": "blue_north_bank"}
    game = session.state
    assert (game.battle_zones, game.waves) == (["blue_north_bank", "south_ford"], [6, 7])
    assert spawned(game, 0, "blue_north_bank") == expected("blue_north_bank")
    assert [m for m in game.minions if m["lane"] == 1] == [{"id": 1, "team": "red", "type": "melee", "lane": 1,
                                                            "space": [7, 8]}]      # the other lane untouched
    assert session.outcome is None


@pytest.mark.parametrize("zones, hero, minion, lane", [
    (["blue_north_bank", "south_ford"], "brannoc@20,2", "blue melee@21,2", 0),
    (["north_ford", "blue_south_bank"], "brannoc@15,10", "blue melee@16,10", 1),
])
def test_F_W1_a_push_into_the_enemy_throne_wins_on_either_lane(zones, hero, minion, lane):
    session = at({"heroes": [hero, "isra@23,6"], "minions": [minion], "battle_zones": zones})
    events = strike(session, 0)
    assert of(events, "P1-10")[0]["lane"] == lane and of(events, "P1-10")[0]["to"] == "blue_throne"
    assert of(events, "F-W1") == [{"kind": "victory", "rule": "F-W1", "team": "red"}]
    assert (session.outcome.team, session.outcome.rule) == ("red", "F-W1") and not of(events, "G1-8")


def test_G1_8_the_last_push_counts_the_zones_between_each_throne_and_both_battle_zones():
    """North's last counter: the Battle Zone moves to the Blue North Bank (3 zones from red's Throne: 2 between;
    1 from blue's: 0 between); the South Ford adds 1 each: red 3, blue 1: red wins (F-W2)."""
    session = at({"heroes": ["brannoc@13,2", "isra@23,6"], "minions": ["blue melee@14,2"], "waves": [1, 7]})
    events = strike(session, 0)
    assert of(events, "G1-8") == [{"kind": "last_push", "rule": "G1-8", "counts": {"red": 3, "blue": 1}}]
    assert of(events, "F-W2") == [{"kind": "victory", "rule": "F-W2", "team": "red"}]
    assert (session.outcome.team, session.outcome.rule) == ("red", "F-W2")
    assert session.state.battle_zones == ["blue_north_bank", "south_ford"] and session.state.waves == [0, 7]


def test_G1_8_the_last_push_is_won_by_the_count_not_by_the_pushing_team():
    """Red wins the North's last push from its own bank (to the Ford: red 1), but blue holds the South at the Red
    South Bank (red 0, blue 2): blue 3 against red 1 wins."""
    session = at({"heroes": ["brannoc@5,2", "isra@23,6"], "minions": ["blue melee@6,2"], "waves": [1, 7],
                  "battle_zones": ["red_north_bank", "red_south_bank"]})
    events = strike(session, 0)
    assert of(events, "G1-8")[0]["counts"] == {"red": 1, "blue": 3}
    assert (session.outcome.team, session.outcome.rule) == ("blue", "F-W2")


def test_P1_13_an_equal_count_at_the_last_push_wins_for_nobody_and_the_next_push_there_counts_again():
    session = at({"heroes": ["brannoc@13,2", "isra@23,6"], "minions": ["blue melee@14,2"], "waves": [1, 7],
                  "battle_zones": ["north_ford", "red_south_bank"]})
    events = strike(session, 0)
    assert of(events, "G1-8") == [{"kind": "last_push", "rule": "G1-8", "counts": {"red": 2, "blue": 2}}]
    assert session.outcome is None and not of(events, "F-W2")
    game = session.state
    assert (game.battle_zones, game.waves) == (["blue_north_bank", "red_south_bank"], [0, 7])
    assert spawned(game, 0, "blue_north_bank") == expected("blue_north_bank")      # the push went on as any push
    assert of(events, "S1-R21")[0]["hero"] == 0                   # the attack ends; the turn goes on
    lane.push(game, {0: "red"})                # blue pushes the North back, no counter left: a Last Push again
    assert game.battle_zones == ["north_ford", "red_south_bank"] and game.waves == [0, 7]
    assert (game.result.team, game.result.rule) == ("blue", "F-W2")          # red 1, blue 3


def test_G1_8_both_lanes_pushes_at_once_that_would_make_both_teams_win_restore_the_minions_and_play_goes_on():
    """End of Round: the North has only red minions at the Blue North Bank, the South only blue ones at the Red
    South Bank; both pushes are due at step 3 and would push both Thrones at once: nobody wins, the Battle Zones
    stay, each is refilled on its spawn points (F-L2), the counters stay flipped."""
    session = at({"heroes": ["brannoc@0,4", "isra@23,6"], "turn": 4,
                  "battle_zones": ["blue_north_bank", "red_south_bank"],
                  "minions": ["red melee@20,2", "blue melee@3,10"]})
    events = to_next_round(session)
    dues = [(e["lane"], e["loser"]) for e in events if e["kind"] == "push_due"]
    assert dues == [(0, "blue"), (1, "red")]
    pushes = [(e["lane"], e["to"]) for e in of(events, "P1-10") if e["kind"] == "lane_push"]
    assert pushes == [(0, "blue_throne"), (1, "red_throne")]
    assert of(events, "G1-8") == [{"kind": "both_would_win", "rule": "G1-8",
                                   "claims": [["red", "F-W1"], ["blue", "F-W1"]],
                                   "zones": ["blue_north_bank", "red_south_bank"]}]
    assert session.outcome is None and not of(events, "F-W1")
    game = session.state
    assert (game.battle_zones, game.waves, game.round) == (["blue_north_bank", "red_south_bank"], [6, 6], 2)
    for lane_index, zone in ((0, "blue_north_bank"), (1, "red_south_bank")):     # refilled up to F-L2's limit
        assert {k: len(v) for k, v in spawned(game, lane_index, zone).items()} == \
            {k: len(v) for k, v in expected(zone).items()}
    assert {0, 1} <= {m["id"] for m in game.minions}                # the minions that stood there stay
    assert not [e for e in of(events, "F-K5") if e["why"] == "lane push"]          # restored, none removed
    assert session.decision.kind == "choose_card"


def test_G1_8_both_lanes_pushes_at_once_move_both_battle_zones_when_nobody_wins():
    session = at({"heroes": ["brannoc@0,4", "isra@23,6"], "turn": 4,
                  "minions": ["red melee@13,2", "blue melee@12,8"]})
    events = to_next_round(session)
    pushes = [(e["lane"], e["winner"], e["to"]) for e in of(events, "P1-10") if e["kind"] == "lane_push"]
    assert pushes == [(0, "red", "blue_north_bank"), (1, "blue", "red_south_bank")]
    kinds = [e["kind"] for e in events]
    assert kinds.index("clear_board") < kinds.index("lane_push")                     # G1-4: step 2, then step 3
    game = session.state
    assert (game.battle_zones, game.waves) == (["blue_north_bank", "red_south_bank"], [6, 6])
    assert [(e["team"], e["why"]) for e in of(events, "F-K5") if e["why"] == "lane push"] == [("red", "lane push"),
                                                                                              ("blue", "lane push")]
    assert spawned(game, 0, "blue_north_bank") == expected("blue_north_bank")
    assert spawned(game, 1, "red_south_bank") == expected("red_south_bank")
    assert session.outcome is None and not of(events, "G1-8")


def test_G1_4_the_minion_battle_runs_in_every_battle_zone_lane_by_lane():
    """The North: red 3 against blue 4, red removes one (its choice, the heavy last); then the South: red 1
    against blue 2, red's last one goes and the South's push is due."""
    session = at({"heroes": ["brannoc@0,4", "isra@23,6"], "turn": 4,
                  "minions": ["red melee@12,2", "red melee@13,2", "red heavy@11,2", "blue melee@16,1",
                              "blue melee@17,2", "blue melee@14,2", "blue melee@15,2",
                              "blue melee@12,8", "blue melee@13,8", "red melee@11,8"]})
    play(session, "brannoc_gold", "isra_gold")
    events = []
    while session.decision is None or session.decision.kind != "choose_target":
        events += step(session) if session.decision is None else idle(session)
    assert session.decision.prompt["kind"] == "minion_remove" and session.decision.prompt["lane"] == 0
    assert session.decision.players == (0,) and legal(session) == [["minion", 0], ["minion", 1]]
    assert [(e["lane"], e["counts"]) for e in events if e["kind"] == "minion_battle"] == [
        (0, {"red": 3, "blue": 4})]
    events = answer(session, ["minion", 1])
    assert [(e["lane"], e["counts"]) for e in events if e["kind"] == "minion_battle"] == [
        (1, {"red": 1, "blue": 2})]
    assert [(e["minion"], e["why"]) for e in of(events, "F-K5")] == [(1, "minion battle"), (9, "minion battle")]
    assert [(e["lane"], e["loser"]) for e in events if e["kind"] == "push_due"] == [(1, "red")]
    assert session.state.push_due == [None, "red"]


def test_F_L1_a_stray_minion_returns_to_its_own_lanes_battle_zone():
    session = at({"heroes": ["brannoc@0,4", "isra@23,6"], "minions": ["red melee@4,6 lane=1", "blue melee@13,2"]})
    play(session, "brannoc_gold", "isra_gold")
    step(session)
    if session.decision is not None and session.decision.prompt.get("kind") == "minion_return":
        assert all(BOARD.zone_of[tuple(a[1])] == "south_ford" for a in legal(session))
        answer(session, legal(session)[0])
    assert BOARD.zone_of[tuple(session.state.minions[0]["space"])] == "south_ford"


@pytest.mark.parametrize("seed", range(4))
def test_random_double_lane_games_end_and_views_hide_nothing_they_should_not(seed):
    """Conformance with map=twinford: random games end by a catalogued rule (the lane, life counters, or the
    P1-14 ceiling that long random games reach); a seat's view does not change with
    what it may not see (tests/conformance.py's view invariance, on this map)."""
    ruleset = Initiative()
    session = Session.start("initiative", seed=seed, options={"players": 4, "map": "twinford"})
    rng = Rng(seed)
    steps = 0
    while session.outcome is None:
        if steps < 80:
            for player in (None, 0, 1, 2, 3):
                variant = ruleset.private_variant(session.state, player, rng)
                if variant is not None:
                    assert ruleset.view(variant, player) == ruleset.view(session.state, player)
        decision = session.decision
        if decision is None:
            session.advance()
        else:
            for player in session.waiting()[:decision.needed]:
                session.submit(player, rng.choice(decision.legal[player]))
        steps += 1
    outcome = session.outcome
    assert outcome.rule in ruleset.rule_ids()
    if outcome.is_draw:          # random bots rarely push the lane: a long game may reach the ceiling (P1-14)
        assert outcome.rule == "P1-14" and session.state.life["red"] == session.state.life["blue"]
    else:
        assert outcome.team in ("red", "blue") and set(outcome.winners) == set(session.teams()[outcome.team])
    json.dumps(outcome.to_data())
